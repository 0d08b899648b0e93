/* SPDX-License-Identifier: MIT */
/* Hand-made OBB cases for the separating-axis test (issue 2): each
 * configuration's answer follows from the geometry, and every verdict is also
 * held against the double oracle (never a missed overlap; a false positive
 * only within TC_TOLERANCE * scale). */
#include <string.h>

#include "harness.h"
#include "oracle.h"

static tc_obb box(float x, float y, float z, float hx, float hy, float hz, tc_mat3 m)
{
    tc_obb b;
    b.center = tc_vec3_make(x, y, z);
    b.half = tc_vec3_make(hx, hy, hz);
    b.rotation = m;
    return b;
}

/* The library against the oracle, then against the expected answer:
 * expect 1 = overlapping, 0 = apart, -1 = no opinion (inside the band). */
static void check_pair(const tc_obb *a, const tc_obb *b, int expect, const char *what)
{
    bool lib = tc_overlap_obb_obb(a, b);
    bool lib_rev = tc_overlap_obb_obb(b, a);
    orc_shape oa = orc_from_obb(a), ob = orc_from_obb(b);
    bool truth = orc_overlap(&oa, &ob);
    tc_sat_axis axis = tc_sat_obb_obb(a, b, TC_SAT_AXIS_NONE);
    CHECK_MSG(lib == lib_rev, "%s: answer depends on the order", what);
    CHECK_MSG((axis == TC_SAT_AXIS_NONE) == lib, "%s: tc_sat_obb_obb (%d) disagrees with tc_overlap_obb_obb", what, (int)axis);
    CHECK_MSG(!truth || lib, "%s: missed overlap", what);
    if (lib && !truth) {
        double rel = orc_distance(&oa, &ob) / orc_pair_scale(&oa, &ob);
        CHECK_MSG(rel <= TC_TOLERANCE, "%s: false positive %.3g x scale outside the band", what, rel);
    }
    if (expect >= 0) {
        CHECK_MSG(lib == (expect == 1), "%s: expected %s, library says %s", what, expect ? "overlap" : "apart",
                  lib ? "overlap" : "apart");
        CHECK_MSG(truth == (expect == 1), "%s: the oracle disagrees with the expectation", what);
    }
}

static tc_mat3 rot_axis_angle(float ax, float ay, float az, float angle)
{
    return tc_mat3_from_quat(tc_quat_from_axis_angle(tc_vec3_make(ax, ay, az), angle));
}

/* Exact 90-degree-related rotations: signed permutation matrices. */
static tc_mat3 signed_perm(int k)
{
    static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    const int *p = perms[k % 6];
    int signs = k / 6; /* 0..7 */
    float col[3][3];
    memset(col, 0, sizeof col);
    for (int i = 0; i < 3; ++i) col[i][p[i]] = (signs >> i & 1) ? -1.0f : 1.0f;
    /* keep it a rotation (det +1): flip the last column when odd */
    tc_mat3 m = tc_mat3_make(tc_vec3_make(col[0][0], col[0][1], col[0][2]), tc_vec3_make(col[1][0], col[1][1], col[1][2]),
                             tc_vec3_make(col[2][0], col[2][1], col[2][2]));
    if (tc_mat3_determinant(m) < 0.0f) m.cz = tc_vec3_neg(m.cz);
    return m;
}

TEST_CASE(obb_edge_edge_axis_separates_face_axes_do_not)
{
    /* Unit cubes: A turned 45 degrees about z (an edge along z at x = sqrt 2),
     * B turned 45 degrees about y (an edge along y at x = cx - sqrt 2). Every
     * face axis shows the projections overlapping; A_z x B_y = x separates. */
    float s = sqrtf(2.0f);
    tc_obb a = box(0, 0, 0, 1, 1, 1, rot_axis_angle(0, 0, 1, 0.785398163f));
    for (int k = 0; k < 3; ++k) {
        float gap = k == 0 ? 0.01f : k == 1 ? 0.1f : 0.3f;
        tc_obb b = box(2.0f * s + gap, 0.2f, -0.1f, 1, 1, 1, rot_axis_angle(0, 1, 0, 0.785398163f));
        tc_sat_axis_report rep[15];
        tc_sat_axis axis = tc_sat_obb_obb(&a, &b, TC_SAT_AXIS_NONE);
        tc_sat_axis raxis = tc_sat_obb_obb_report(&a, &b, rep);
        CHECK_MSG(axis >= TC_SAT_AXIS_A0xB0 && axis < TC_SAT_AXIS_COUNT, "gap %g: axis %d is not an edge axis", (double)gap,
                  (int)axis);
        CHECK(axis == TC_SAT_AXIS_A2xB1);
        CHECK(raxis == axis);
        for (int i = 0; i < 6; ++i) {
            CHECK_MSG(!rep[i].separates, "face axis %d reported separating", i);
            CHECK(!rep[i].degenerate);
            CHECK(fabsf(rep[i].center_b - rep[i].center_a) <= rep[i].radius_a + rep[i].radius_b);
        }
        CHECK(rep[TC_SAT_AXIS_A2xB1].separates);
        CHECK(!rep[TC_SAT_AXIS_A2xB1].degenerate);
        CHECK_NEAR(fabsf(rep[TC_SAT_AXIS_A2xB1].axis.x), 1.0, 1e-5);
        CHECK_NEAR(fabsf(rep[TC_SAT_AXIS_A2xB1].center_b - rep[TC_SAT_AXIS_A2xB1].center_a) -
                       (rep[TC_SAT_AXIS_A2xB1].radius_a + rep[TC_SAT_AXIS_A2xB1].radius_b),
                   (double)gap, 1e-5);
        check_pair(&a, &b, 0, "edge-edge apart");
        tc_obb c = b;
        c.center.x = 2.0f * s - gap;
        check_pair(&a, &c, 1, "edge-edge crossing");
    }
}

TEST_CASE(obb_identical_rotations_apart_and_overlapping)
{
    test_rng rng = { 201 };
    for (int i = 0; i < 200; ++i) {
        double q[4];
        gen_quat(&rng, q);
        tc_mat3 m = gen_mat3_from_quat(q);
        tc_obb a = box(0.25f, -0.5f, 1.0f, 1.0f, 0.5f, 2.0f, m);
        /* offsets in the box's own frame, then to world in double */
        for (int k = 0; k < 4; ++k) {
            double u[3] = { 0.0, 0.0, 0.0 };
            int ax = k % 3;
            double full = 2.0 * (double)(ax == 0 ? 1.0f : ax == 1 ? 0.5f : 2.0f); /* both halves */
            double gap = k < 3 ? 0.05 : -0.05;
            u[ax] = full + gap;
            if (k == 3) u[(ax + 1) % 3] = 0.3; /* overlapping and sheared sideways */
            ovec d = ov_add(ov_add(ov_scale(ov_from(m.cx), u[0]), ov_scale(ov_from(m.cy), u[1])), ov_scale(ov_from(m.cz), u[2]));
            tc_obb b = a;
            b.center = ov_to(ov_add(ov_from(a.center), d));
            check_pair(&a, &b, k < 3 ? 0 : 1, "identical rotations");
            tc_obb same = a;
            check_pair(&a, &same, 1, "identical boxes");
        }
    }
}

TEST_CASE(obb_ninety_degree_rotations_all_cross_products_parallel)
{
    /* Signed permutations: every edge of B is parallel to an edge of A, so
     * each cross product is zero or a face normal. */
    for (int k = 0; k < 48; ++k) {
        tc_mat3 mb = signed_perm(k);
        tc_obb a = box(0, 0, 0, 1.0f, 2.0f, 0.5f, tc_mat3_identity());
        tc_obb b0 = box(0, 0, 0, 0.25f, 0.75f, 1.5f, mb);
        /* B's extents along world axes */
        tc_vec3 ext = tc_vec3_add(tc_vec3_add(tc_vec3_abs(tc_vec3_scale(mb.cx, b0.half.x)), tc_vec3_abs(tc_vec3_scale(mb.cy, b0.half.y))),
                                  tc_vec3_abs(tc_vec3_scale(mb.cz, b0.half.z)));
        for (int ax = 0; ax < 3; ++ax) {
            float ea = ax == 0 ? 1.0f : ax == 1 ? 2.0f : 0.5f;
            float eb = ax == 0 ? ext.x : ax == 1 ? ext.y : ext.z;
            for (int g = 0; g < 3; ++g) {
                float off = ea + eb + (g == 0 ? 0.125f : g == 1 ? 0.0f : -0.125f); /* apart, touching, overlapping */
                tc_obb b = b0;
                if (ax == 0) b.center.x = off; else if (ax == 1) b.center.y = -off; else b.center.z = off;
                check_pair(&a, &b, g == 0 ? 0 : 1, "90-degree rotations");
            }
        }
    }
}

TEST_CASE(obb_quaternion_ninety_degrees_tiny_matrix_entries)
{
    /* tc_quat_from_axis_angle(z, pi/2) is not exact: the matrix has entries
     * near 1e-8 where 0 belongs. Nothing may depend on that dust. */
    const float hp = 1.57079632679f;
    tc_quat qs[4] = { tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), hp), tc_quat_from_axis_angle(tc_vec3_make(1, 0, 0), hp),
                      tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), -hp),
                      tc_quat_mul(tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), hp), tc_quat_from_axis_angle(tc_vec3_make(1, 0, 0), hp)) };
    bool saw_dust = false;
    for (int i = 0; i < 4; ++i) {
        tc_obb b0 = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1.0f, 0.5f, 0.25f), qs[i]);
        const float *e = &b0.rotation.cx.x;
        for (int j = 0; j < 9; ++j)
            if (e[j] != 0.0f && fabsf(e[j]) < 1e-6f) saw_dust = true;
        /* B's world half extents, rounded to the exact permutation */
        tc_vec3 ext = tc_vec3_add(tc_vec3_add(tc_vec3_abs(tc_vec3_scale(b0.rotation.cx, b0.half.x)),
                                              tc_vec3_abs(tc_vec3_scale(b0.rotation.cy, b0.half.y))),
                                  tc_vec3_abs(tc_vec3_scale(b0.rotation.cz, b0.half.z)));
        for (int same = 0; same < 2; ++same) {
            tc_obb a = same ? b0 : box(0, 0, 0, 1, 1, 1, tc_mat3_identity());
            for (int ax = 0; ax < 3; ++ax) {
                float ea = same ? (ax == 0 ? ext.x : ax == 1 ? ext.y : ext.z) : 1.0f;
                float eb = ax == 0 ? ext.x : ax == 1 ? ext.y : ext.z;
                for (int g = 0; g < 2; ++g) {
                    float off = roundf((ea + eb) * 8.0f) / 8.0f + (g == 0 ? 0.01f : -0.01f);
                    for (int scale = 0; scale < 3; ++scale) {
                        float s = scale == 0 ? 1.0f : scale == 1 ? 1e-3f : 1e3f;
                        tc_obb aa = a, b = b0;
                        aa.half = tc_vec3_scale(a.half, s);
                        b.half = tc_vec3_scale(b0.half, s);
                        tc_vec3 c = tc_vec3_make(0.1f * s, -0.05f * s, 0.02f * s);
                        float o = off * s;
                        if (ax == 0) c.x = o; else if (ax == 1) c.y = o; else c.z = o;
                        b.center = c;
                        check_pair(&aa, &b, g == 0 ? 0 : 1, "quaternion 90 degrees");
                    }
                }
            }
        }
    }
    CHECK_MSG(saw_dust, "expected 1e-8 entries in the quaternion-built matrices");
}

TEST_CASE(obb_one_box_inside_another)
{
    test_rng rng = { 202 };
    for (int i = 0; i < 500; ++i) {
        double qa[4], qb[4];
        gen_quat(&rng, qa);
        gen_quat(&rng, qb);
        tc_obb big = box(3, -2, 1, 4, 5, 6, gen_mat3_from_quat(qa));
        /* small box (circumradius < 0.2) anywhere within 3 of the centre:
         * wholly inside, no face crossing */
        ovec c = ov_add(ov_from(big.center), ov_scale(gen_unit(&rng), test_rng_uniform(&rng, 0.0, 3.0)));
        tc_obb small = box((float)c.x, (float)c.y, (float)c.z, 0.1f, 0.05f, 0.0f, gen_mat3_from_quat(qb));
        check_pair(&big, &small, 1, "small inside big");
        tc_obb same = big;
        check_pair(&big, &same, 1, "a box and itself");
        tc_obb shrunk = big;
        shrunk.half = tc_vec3_scale(big.half, 0.5f);
        check_pair(&big, &shrunk, 1, "concentric");
    }
}

TEST_CASE(obb_face_edge_corner_contact_axis_aligned)
{
    /* Touching counts. Exactly representable: unit cube at the origin and a
     * cube of half 0.5 with its face, edge or corner on the cube's. */
    tc_mat3 id = tc_mat3_identity();
    tc_obb a = box(0, 0, 0, 1, 1, 1, id);
    const float c = 1.5f;
    float cases[7][3] = { { c, 0, 0 }, { c, c, 0 }, { c, c, c }, { -c, 0.25f, 0 }, { 0, -c, c }, { -c, -c, -c }, { 0, 0, c } };
    for (int i = 0; i < 7; ++i) {
        tc_obb b = box(cases[i][0], cases[i][1], cases[i][2], 0.5f, 0.5f, 0.5f, id);
        check_pair(&a, &b, 1, "axis-aligned contact");
        /* one step apart along each non-zero direction: apart */
        tc_obb far = b;
        far.center = tc_vec3_scale(b.center, 1.0f + 1.0f / 64.0f);
        check_pair(&a, &far, 0, "axis-aligned just apart");
        /* rotated by a 90-degree permutation: still touching */
        for (int k = 0; k < 48; k += 7) {
            tc_obb r = b;
            r.rotation = signed_perm(k);
            check_pair(&a, &r, 1, "axis-aligned contact, permuted");
        }
    }
}

/* A rotation whose first row's absolute sum s is a float, so that a box at
 * centre x = -s has its extreme corner (or edge) exactly on the plane x = 0. */
static bool find_exact_support(test_rng *rng, bool about_z, tc_mat3 *m, float *s)
{
    for (int tries = 0; tries < 200000; ++tries) {
        tc_quat q = about_z ? tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), (float)test_rng_uniform(rng, 0.1, 1.4))
                            : tc_quat_make((float)test_rng_uniform(rng, -1, 1), (float)test_rng_uniform(rng, -1, 1),
                                           (float)test_rng_uniform(rng, -1, 1), (float)test_rng_uniform(rng, -1, 1));
        tc_mat3 r = tc_mat3_from_quat(q);
        if (!about_z && (fabsf(r.cx.x) < 0.1f || fabsf(r.cy.x) < 0.1f || fabsf(r.cz.x) < 0.1f)) continue;
        double sum = fabs((double)r.cx.x) + fabs((double)r.cy.x) + fabs((double)r.cz.x);
        if ((double)(float)sum == sum) {
            *m = r;
            *s = (float)sum;
            return true;
        }
    }
    return false;
}

TEST_CASE(obb_rotated_corner_and_edge_touch_a_face_exactly)
{
    test_rng rng = { 203 };
    for (int kind = 0; kind < 2; ++kind) {
        for (int rep = 0; rep < 20; ++rep) {
            tc_mat3 m;
            float s;
            /* m and s are set only when a construction was found: nothing to test otherwise. */
            if (!find_exact_support(&rng, kind == 1, &m, &s)) {
                CHECK_MSG(false, "no rotation with an exactly representable support (kind %d)", kind);
                continue;
            }
            tc_obb a = box(-s, 0, 0, 1, 1, 1, m); /* reaches x = 0 exactly: a corner (kind 0) or an edge (kind 1) */
            tc_obb wall = box(2.0f, 0.0f, 0.0f, 2.0f, 8.0f, 8.0f, tc_mat3_identity()); /* face at x = 0 */
            orc_shape oa = orc_from_obb(&a);
            double reach = orc_support(&oa, ov(1, 0, 0));
            CHECK_MSG(reach == 0.0, "construction: reach %.17g", reach);
            check_pair(&a, &wall, 1, kind ? "rotated edge on a face" : "rotated corner on a face");
            tc_obb apart = wall;
            apart.center.x = 2.0f + 1.0f / 256.0f;
            check_pair(&a, &apart, 0, "rotated corner/edge just apart");
        }
    }
}

TEST_CASE(obb_flat_and_zero_size)
{
    tc_mat3 id = tc_mat3_identity();
    tc_obb cube = box(0, 0, 0, 1, 1, 1, id);
    /* a flat square (half z = 0) lying on the cube's top face: touching */
    tc_obb flat = box(0.5f, 0.5f, 1.0f, 1, 1, 0, id);
    check_pair(&cube, &flat, 1, "flat box on a face");
    flat.center.z = 1.0f + 1.0f / 128.0f;
    check_pair(&cube, &flat, 0, "flat box just above");
    /* two flat squares crossing at right angles (an X), and parallel coplanar */
    tc_obb f1 = box(0, 0, 0, 1, 1, 0, id);
    tc_obb f2 = box(0, 0, 0, 1, 0, 1, id);
    check_pair(&f1, &f2, 1, "crossing flat boxes");
    tc_obb f3 = box(1.5f, 0, 0, 1, 1, 0, id);
    check_pair(&f1, &f3, 1, "coplanar flat boxes");
    f3.center.x = 2.0f;
    check_pair(&f1, &f3, 1, "coplanar flat boxes edge to edge");
    f3.center.x = 2.125f;
    check_pair(&f1, &f3, 0, "coplanar flat boxes apart");
    f3.center = tc_vec3_make(0.0f, 0.0f, 0.125f);
    check_pair(&f1, &f3, 0, "parallel flat boxes stacked");
    /* a flat box tilted through another */
    tc_obb tilt = box(0, 0, 0, 1, 1, 0, rot_axis_angle(1, 1, 0, 0.7f));
    check_pair(&f1, &tilt, 1, "tilted flat through flat");
    /* zero-size boxes are points; a segment box (two zero halves) */
    tc_obb pt = box(0.5f, -0.5f, 1.0f, 0, 0, 0, id);
    check_pair(&cube, &pt, 1, "point on a face");
    pt.center = tc_vec3_make(1.0f, 1.0f, 1.0f);
    check_pair(&cube, &pt, 1, "point at a corner");
    pt.center = tc_vec3_make(1.0f, 1.0f, 1.0f + 1.0f / 64.0f);
    check_pair(&cube, &pt, 0, "point just off a corner");
    tc_obb pt2 = pt;
    check_pair(&pt, &pt2, 1, "a point and itself");
    pt2.center.x += 0.25f;
    check_pair(&pt, &pt2, 0, "two points apart");
    tc_obb seg = box(0, 0, 1.0f, 0, 3, 0, rot_axis_angle(0, 0, 1, 0.3f));
    check_pair(&cube, &seg, 1, "segment across the top face");
    seg.center.z = 1.0f + 1.0f / 64.0f;
    check_pair(&cube, &seg, 0, "segment above the top face");
    seg.center.z = 1.0f;
    tc_obb seg2 = box(0, 0, 1.0f, 2, 0, 0, id);
    check_pair(&seg, &seg2, 1, "crossing segments");
}

TEST_CASE(obb_far_from_origin_small_gaps)
{
    /* At 1e5 the float spacing is 1/128 and the band is TC_TOLERANCE * ~1e5
     * = ~1: a 0.05 gap lies inside it (either answer is allowed, checked
     * against the band), a 2-unit gap must be apart, overlaps must be found. */
    test_rng rng = { 204 };
    for (int i = 0; i < 300; ++i) {
        double q[4];
        gen_quat(&rng, q);
        tc_mat3 m = gen_mat3_from_quat(q);
        ovec base = ov(test_rng_uniform(&rng, -1e5, 1e5), test_rng_uniform(&rng, -1e5, 1e5), 1e5);
        tc_obb a = box((float)base.x, (float)base.y, (float)base.z, 1, 2, 0.5f, m);
        int ax = i % 3;
        double full = ax == 0 ? 2.0 : ax == 1 ? 4.0 : 1.0;
        double gaps[5] = { 0.05, -0.05, 2.5, -0.5, 0.0 };
        for (int g = 0; g < 5; ++g) {
            ovec d = ov_scale(ov_from(ax == 0 ? m.cx : ax == 1 ? m.cy : m.cz), full + gaps[g]);
            ovec cb = ov_add(ov_from(a.center), d);
            tc_obb b = box((float)cb.x, (float)cb.y, (float)cb.z, 1, 2, 0.5f, m);
            /* rounding the centre to float moves B by up to 1/256 per axis */
            int expect = gaps[g] >= 1.0 ? 0 : gaps[g] <= -0.1 ? 1 : -1;
            check_pair(&a, &b, expect, "far from origin");
        }
        /* axis-aligned, exactly representable: gap 0.0625 (8 ulps), overlap, touching */
        tc_obb p = box(100000.0f, -100000.0f, 100000.0f, 1, 1, 1, tc_mat3_identity());
        tc_obb t = p;
        t.center.x += 2.0f;
        check_pair(&p, &t, 1, "far, touching exactly");
        t.center.x += 0.0625f;
        check_pair(&p, &t, -1, "far, 0.0625 apart (inside the band)");
        t.center.x -= 0.125f;
        check_pair(&p, &t, 1, "far, 0.0625 overlapping");
    }
}

TEST_CASE(obb_non_unit_quaternions_same_answers)
{
    test_rng rng = { 205 };
    int compared = 0;
    for (int i = 0; i < 2000; ++i) {
        double q[4];
        gen_quat(&rng, q);
        tc_quat qu = tc_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
        tc_vec3 half = test_rng_vec3(&rng, 0.1, 2);
        tc_obb a = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1, 1, 1), tc_quat_identity());
        ovec c = ov_scale(gen_unit(&rng), test_rng_uniform(&rng, 0.5, 5.0));
        tc_obb unit = tc_obb_from_quat(ov_to(c), half, qu);
        bool ref = tc_overlap_obb_obb(&a, &unit);
        orc_shape oa = orc_from_obb(&a), ou = orc_from_obb(&unit);
        bool clear = orc_distance(&oa, &ou) > 1e-3; /* not near touching */
        for (int s = 0; s < 2; ++s) {
            float k = s == 0 ? 1e-3f : 1e3f;
            tc_obb scaled = tc_obb_from_quat(ov_to(c), half, tc_quat_make(qu.x * k, qu.y * k, qu.z * k, qu.w * k));
            const float *e = &scaled.rotation.cx.x, *f = &unit.rotation.cx.x;
            for (int j = 0; j < 9; ++j) CHECK_NEAR(e[j], f[j], 1e-6);
            bool got = tc_overlap_obb_obb(&a, &scaled);
            if (clear) { /* near touching, either answer may come within the band */
                CHECK_MSG(got == ref, "case %d scale %g: %d vs unit %d", i, (double)k, got, ref);
                ++compared;
            }
            orc_shape os = orc_from_obb(&scaled);
            CHECK(!orc_overlap(&oa, &os) || got);
        }
    }
    CHECK(compared > 2000);
}

TEST_CASE(obb_hint_returns_last_frames_axis)
{
    test_rng rng = { 206 };
    int with_axis = 0, multi = 0;
    for (int i = 0; i < 5000; ++i) {
        tc_shape a, b;
        bool near;
        double gap;
        gen_pair(&rng, TC_SHAPE_OBB, TC_SHAPE_OBB, &a, &b, &near, &gap);
        tc_sat_axis axis = tc_sat_obb_obb(&a.u.obb, &b.u.obb, TC_SAT_AXIS_NONE);
        if (axis == TC_SAT_AXIS_NONE || axis == TC_SAT_AXIS_COUNT) {
            /* overlapping: every hint gives the same verdict */
            for (int h = 0; h < 15; ++h) CHECK(tc_sat_obb_obb(&a.u.obb, &b.u.obb, (tc_sat_axis)h) == axis);
            continue;
        }
        ++with_axis;
        CHECK(tc_sat_obb_obb(&a.u.obb, &b.u.obb, axis) == axis);
        /* any other separating axis given as the hint comes back as is */
        tc_sat_axis_report rep[15];
        tc_sat_obb_obb_report(&a.u.obb, &b.u.obb, rep);
        for (int h = 0; h < 15; ++h) {
            tc_sat_axis got = tc_sat_obb_obb(&a.u.obb, &b.u.obb, (tc_sat_axis)h);
            CHECK(got != TC_SAT_AXIS_NONE);
            if (rep[h].separates) {
                CHECK_MSG(got == (tc_sat_axis)h, "case %d: hint %d separates but %d came back", i, h, (int)got);
                if (h != (int)axis) ++multi;
            }
        }
    }
    CHECK(with_axis > 1000);
    CHECK(multi > 1000);
    /* frame to frame: a box sliding past another keeps its axis */
    tc_obb a = box(0, 0, 0, 1, 1, 1, rot_axis_angle(0, 0, 1, 0.785398163f));
    tc_obb b = box(2.0f * sqrtf(2.0f) + 0.05f, 0, 0, 1, 1, 1, rot_axis_angle(0, 1, 0, 0.785398163f));
    tc_sat_axis last = tc_sat_obb_obb(&a, &b, TC_SAT_AXIS_NONE);
    CHECK(last == TC_SAT_AXIS_A2xB1);
    for (int f = 0; f < 20; ++f) {
        b.center.y += 0.05f;
        tc_sat_axis now = tc_sat_obb_obb(&a, &b, last);
        CHECK(now == last);
        last = now;
    }
}

TEST_CASE(obb_report_consistent_with_overlap)
{
    test_rng rng = { 207 };
    int n = test_random_count(20000), apart = 0;
    for (int i = 0; i < n; ++i) {
        tc_shape a, b;
        bool near;
        double gap;
        gen_pair(&rng, TC_SHAPE_OBB, TC_SHAPE_OBB, &a, &b, &near, &gap);
        tc_sat_axis_report rep[15];
        tc_sat_axis first = tc_sat_obb_obb_report(&a.u.obb, &b.u.obb, rep);
        tc_sat_axis plain = tc_sat_obb_obb(&a.u.obb, &b.u.obb, TC_SAT_AXIS_NONE);
        bool ov_ = tc_overlap_obb_obb(&a.u.obb, &b.u.obb);
        CHECK_MSG(first == plain, "case %d: report %d, plain %d", i, (int)first, (int)plain);
        CHECK((first == TC_SAT_AXIS_NONE) == ov_);
        int any = -1;
        for (int k = 0; k < 15; ++k) {
            if (rep[k].separates && any < 0) any = k;
            if (k < 6) CHECK(!rep[k].degenerate);
            if (!rep[k].degenerate) {
                float len = tc_vec3_length(rep[k].axis);
                CHECK_MSG(fabsf(len - 1.0f) < 1e-4f, "case %d axis %d length %g", i, k, (double)len);
                CHECK(rep[k].radius_a >= 0.0f && rep[k].radius_b >= 0.0f);
                /* a clear separation in the numbers must be flagged, a clear overlap must not */
                double d = fabs((double)rep[k].center_b - rep[k].center_a), r = (double)rep[k].radius_a + rep[k].radius_b;
                double slack = 1e-4 * (fabs((double)rep[k].center_a) + fabs((double)rep[k].center_b) + r + 1e-30);
                if (d > r + slack) CHECK_MSG(rep[k].separates, "case %d axis %d: gap %.3g not flagged", i, k, d - r);
                if (d < r - slack) CHECK_MSG(!rep[k].separates, "case %d axis %d: overlap %.3g flagged", i, k, r - d);
            }
        }
        CHECK_MSG(any == (int)first || (any < 0 && first == TC_SAT_AXIS_NONE), "case %d: first flagged %d, verdict %d", i, any,
                  (int)first);
        apart += !ov_;
    }
    CHECK(apart > n / 5 && apart < n * 4 / 5);
}

/* The composition done by hand in double: world centre = p + R(qp) lc,
 * world rotation = R(qp) R(ql), half = size / 2. */
static void dmat_from_quat(tc_quat q, double m[3][3])
{
    double x = q.x, y = q.y, z = q.z, w = q.w, n = sqrt(x * x + y * y + z * z + w * w);
    x /= n, y /= n, z /= n, w /= n;
    /* m[col][row] */
    m[0][0] = 1 - 2 * (y * y + z * z); m[0][1] = 2 * (x * y + w * z); m[0][2] = 2 * (x * z - w * y);
    m[1][0] = 2 * (x * y - w * z); m[1][1] = 1 - 2 * (x * x + z * z); m[1][2] = 2 * (y * z + w * x);
    m[2][0] = 2 * (x * z + w * y); m[2][1] = 2 * (y * z - w * x); m[2][2] = 1 - 2 * (x * x + y * y);
}

TEST_CASE(obb_from_local_matches_double_composition)
{
    test_rng rng = { 208 };
    double worst = 0.0;
    for (int i = 0; i < 20000; ++i) {
        float sc = i % 3 == 0 ? 1e3f : 1.0f;
        tc_transform parent = tc_transform_make(
            tc_vec3_make((float)test_rng_uniform(&rng, -100, 100) * sc, (float)test_rng_uniform(&rng, -100, 100),
                         (float)test_rng_uniform(&rng, -100, 100)),
            tc_quat_make((float)test_rng_uniform(&rng, -1, 1), (float)test_rng_uniform(&rng, -1, 1),
                         (float)test_rng_uniform(&rng, -1, 1), (float)test_rng_uniform(&rng, -1, 1)));
        tc_vec3 lc = test_rng_vec3(&rng, -5, 5);
        tc_vec3 half = tc_vec3_make((float)test_rng_uniform(&rng, 0, 2), (float)test_rng_uniform(&rng, 0, 2), 0.0f);
        tc_quat lq = tc_quat_make((float)test_rng_uniform(&rng, -1, 1), (float)test_rng_uniform(&rng, -1, 1),
                                  (float)test_rng_uniform(&rng, -1, 1), (float)test_rng_uniform(&rng, -1, 1));
        if (i % 5 == 0) lq = tc_quat_make(lq.x * 1e-3f, lq.y * 1e-3f, lq.z * 1e-3f, lq.w * 1e-3f); /* non-unit */
        tc_obb got = tc_obb_from_local(parent, lc, half, lq);
        double P[3][3], L[3][3], W[3][3];
        dmat_from_quat(parent.rotation, P);
        dmat_from_quat(lq, L);
        for (int c = 0; c < 3; ++c)
            for (int r = 0; r < 3; ++r) W[c][r] = P[0][r] * L[c][0] + P[1][r] * L[c][1] + P[2][r] * L[c][2];
        double lcv[3] = { lc.x, lc.y, lc.z }, pos[3] = { parent.position.x, parent.position.y, parent.position.z };
        double cen[3];
        for (int r = 0; r < 3; ++r) cen[r] = pos[r] + P[0][r] * lcv[0] + P[1][r] * lcv[1] + P[2][r] * lcv[2];
        double scale = fabs(pos[0]) + fabs(pos[1]) + fabs(pos[2]) + 10.0;
        double err = fabs(got.center.x - cen[0]) + fabs(got.center.y - cen[1]) + fabs(got.center.z - cen[2]);
        CHECK_MSG(err <= 1e-6 * scale, "case %d: centre off by %.3g", i, err);
        if (err / scale > worst) worst = err / scale;
        const float *g = &got.rotation.cx.x;
        for (int c = 0; c < 3; ++c)
            for (int r = 0; r < 3; ++r) CHECK_MSG(fabs(g[c * 3 + r] - W[c][r]) < 2e-6, "case %d: rotation[%d][%d]", i, c, r);
        CHECK(got.half.x == half.x && got.half.y == half.y && got.half.z == 0.0f); /* half extents, as given */
    }
    printf("tc_obb_from_local: worst centre error %.3g x scale\n", worst);
}
