// SPDX-License-Identifier: MIT
/* Contact regressions, each named after what was found, and the agreement
 * of overlap, distance and contact on exactly touching shapes (overlap true
 * <=> distance 0 <=> contact true, for every pair, contact.h) and on shapes
 * within the tolerance band of touching (overlap true => contact true). */
#include <math.h>
#include <string.h>

#include "contact_gen.h"
#include "harness.h"
#include "oracle.h"
#include "queries/pair_queries.h"
#include "rng.h"

/* Issue 12, found 1: the root of a sweep reading an unwritten manifold. GJK
 * finds the box and triangle intersecting (touching along an edge) and the
 * penetration axes round to -4e-16: contact said "apart". */
TEST_CASE(contact_aabb_triangle_overlapping)
{
    tc_aabb a = { { -3.0f, 2.875f, -4.0625f }, { 0.3125f, 5.3125f, 2.25f } };
    tc_triangle t = { { -6.6875f, -2.375f, -3.6875f }, { 7.1875f, 1.6875f, -6.625f }, { 2.5625f, 4.5625f, 2.5625f } };
    CHECK(tc_overlap_aabb_triangle(&a, &t));
    CHECK(tc_distance_aabb_triangle(&a, &t, NULL, NULL) == 0.0f);
    tc_manifold m;
    m.count = -1;
    CHECK(tc_contact_aabb_triangle(&a, &t, &m));
    CHECK(m.count >= 1 && m.count <= 4);
    for (int i = 0; i < m.count; ++i) CHECK(m.points[i].depth >= 0.0f && m.points[i].depth < 1e-5f);
}

/* Issue 12, found 2: a sphere exactly touching a box's face. GJK's support
 * arithmetic made the core distance 7.2500000000000009 against the radius
 * 7.25; the distance query's closed form gives exactly 7.25. */
TEST_CASE(contact_sphere_exact_touch)
{
    tc_aabb b = { { -14.125f, 0.0f, -13.375f }, { 0.375f, 13.5f, 0.0f } };
    tc_sphere s = { { -7.25f, -7.25f, -7.25f }, 7.25f };
    CHECK(tc_overlap_sphere_aabb(&s, &b));
    CHECK(tc_distance_sphere_aabb(&s, &b, NULL, NULL) == 0.0f);
    tc_manifold m;
    CHECK(tc_contact_sphere_aabb(&s, &b, &m));
    CHECK(m.count == 1);
    CHECK_NEAR(m.points[0].depth, 0.0, 1e-6);
    CHECK_NEAR(m.points[0].point.x, -7.25, 1e-5);
    CHECK_NEAR(m.points[0].point.y, 0.0, 1e-5);
    CHECK_NEAR(m.points[0].point.z, -7.25, 1e-5);
    CHECK_NEAR(m.normal.y, 1.0, 1e-6);
}

/* Every pair, exactly touching at a grid point (faces, edges and corners,
 * along axes and along 3-4-5, 1-2-2, 2-3-6 and 2-6-9 directions): all three
 * queries say "touching"; moved one grid step apart, all three say "apart". */
static void touching_pair(int ka, int kb)
{
    test_rng r = { 0x70c4000u + (uint64_t)(ka * 16 + kb) };
    int n = test_random_count(2000);
    for (int i = 0; i < n; ++i) {
        tc_shape a, b;
        int e[3];
        cg_touching_pair(&r, ka, kb, &a, &b, e);
        tc_manifold m;
        bool ov = cg_overlap(&a, &b);
        float d = cg_distance(&a, &b, NULL, NULL);
        bool ct = cg_contact(&a, &b, &m);
        CHECK_MSG(ov && d == 0.0f && ct, "%s-%s #%d touching: overlap %d, distance %g, contact %d", test_shape_name((tc_shape_type)(ka)),
                  test_shape_name((tc_shape_type)(kb)), i, ov, d, ct);
        if (ct) {
            double deepest = 0;
            for (int k = 0; k < m.count; ++k) deepest = fmax(deepest, m.points[k].depth);
            CHECK_MSG(deepest <= 1e-5 * 8, "%s-%s #%d touching: depth %g", test_shape_name((tc_shape_type)(ka)), test_shape_name((tc_shape_type)(kb)), i, deepest);
        }
        tc_shape apart = tc_shape_translate(&b, tc_vec3_make(e[0] / 16.0f, e[1] / 16.0f, e[2] / 16.0f));
        ov = cg_overlap(&a, &apart);
        d = cg_distance(&a, &apart, NULL, NULL);
        ct = cg_contact(&a, &apart, &m);
        CHECK_MSG(!ov && d > 0.0f && !ct, "%s-%s #%d one step apart: overlap %d, distance %g, contact %d",
                  test_shape_name((tc_shape_type)(ka)), test_shape_name((tc_shape_type)(kb)), i, ov, d, ct);
    }
}

TEST_CASE(contact_touching_agrees)
{
    for (int ka = 0; ka < TEST_PLAIN_SHAPE_COUNT; ++ka)
        for (int kb = ka; kb < TEST_PLAIN_SHAPE_COUNT; ++kb)
            if (!(ka == TC_SHAPE_PLANE && kb == TC_SHAPE_PLANE)) touching_pair(ka, kb);
}

/* Every pair, random shapes brought to within the tolerance band of
 * touching (a gap or an overlap of up to 1e-5 of the scale along the
 * oracle's witness direction): whenever overlap says true, contact says
 * true and distance says 0, so a solver never sees an overlap without a
 * contact (issue 10). */
static void near_touching_pair(int ka, int kb)
{
    test_rng r = { 0x4ea7000u + (uint64_t)(ka * 16 + kb) };
    int n = test_random_count(2000), overlapping = 0, bad = 0;
    for (int i = 0; i < n; ++i) {
        tc_shape a = cg_random(&r, ka, 1.0), b = cg_random(&r, kb, 1.0);
        co_shape oa = cg_oracle(&a), ob = cg_oracle(&b);
        co_vec qa, qb;
        double d = co_distance(&oa, &ob, &qa, &qb);
        if (!(d > 0)) continue; /* overlapping already: no witness direction */
        co_vec u = co_scale(co_sub(qb, qa), 1.0 / d);
        double scale = fmax(co_scale_of(&oa), co_scale_of(&ob));
        double gap = test_rng_uniform(&r, -1e-5, 1e-5) * scale;
        co_vec move = co_scale(u, gap - d);
        b = test_shape_translated(&b, move.x, move.y, move.z);
        bool ov = cg_overlap(&a, &b);
        if (!ov) continue;
        ++overlapping;
        tc_manifold m;
        bool ct = cg_contact(&a, &b, &m);
        float dist = cg_distance(&a, &b, NULL, NULL);
        if (!(ct && dist == 0.0f) && bad++ < 3)
            printf("%s-%s #%d: overlap true but contact %d, distance %g (gap %.3g of the scale)\n",
                   test_shape_name((tc_shape_type)ka), test_shape_name((tc_shape_type)kb), i, ct, dist, gap / scale);
    }
    printf("%s-%s: %d near-touching pairs that overlap, %d without a contact or at a distance\n",
           test_shape_name((tc_shape_type)ka), test_shape_name((tc_shape_type)kb), overlapping, bad);
    CHECK_MSG(overlapping > 0, "%s-%s: no overlapping case", test_shape_name((tc_shape_type)ka), test_shape_name((tc_shape_type)kb));
    CHECK_MSG(bad == 0, "%s-%s: %d overlaps without a contact", test_shape_name((tc_shape_type)ka),
              test_shape_name((tc_shape_type)kb), bad);
}

TEST_CASE(contact_whenever_near_touching_shapes_overlap)
{
    for (int ka = 0; ka < TEST_PLAIN_SHAPE_COUNT; ++ka)
        for (int kb = ka; kb < TEST_PLAIN_SHAPE_COUNT; ++kb)
            if (!(ka == TC_SHAPE_PLANE && kb == TC_SHAPE_PLANE)) near_touching_pair(ka, kb);
}

/* Found by clang's run of contact_touching_agrees (its cases differed from
 * gcc's until the generator's draws were sequenced): two triangles that
 * share exactly one vertex touch there and nowhere else, so their contact
 * has depth 0; the library answered 3.8e-4, the face axis's overlap, which
 * the face preference (1e-4 of the sizes) kept over the edge-edge axis of
 * overlap 0 (issue 10). The preference is now at most half the face
 * overlap. */
TEST_CASE(contact_triangles_sharing_one_vertex_touch_at_depth_zero)
{
    const tc_vec3 shared = tc_vec3_make(0.875f, 0.25f, 0.6875f);
    tc_triangle a = { shared, { 0.9375f, 1.3125f, -0.4375f }, { 1.6875f, 0.0625f, 0.0625f } };
    tc_triangle b = { shared, { 0.1875f, 0.6875f, 1.9375f }, { -0.4375f, -0.25f, -0.375f } };
    CHECK(tc_overlap_triangle_triangle(&a, &b));
    tc_manifold m;
    CHECK(tc_contact_triangle_triangle(&a, &b, &m));
    float deepest = 0.0f;
    for (int i = 0; i < m.count; ++i) deepest = m.points[i].depth > deepest ? m.points[i].depth : deepest;
    CHECK_MSG(deepest <= 1e-5f * 8, "depth %g for triangles that only share a vertex", (double)deepest);
}

/* The sphere and capsule pairs decide "apart" from the squared distance
 * where it is clear (tc_rounded_apart_sq); its answer must be exactly the
 * root's (tc_rounded_apart(sqrt(d2), radii)) for every d2, most of all just
 * either side of radii^2 (relative steps from 2^-60 to 2^-20, where the
 * margins of the shortcut sit), for tiny, zero and huge radii. */
TEST_CASE(contact_rounded_apart_sq_is_the_roots_answer)
{
    test_rng r = { 0x5a17u };
    const double radii[] = { 0.0, 0x1p-149, 0x1p-120, 0x1p-100, 1e-30, 1e-7, 0.5, 1.0, 3.0, 1e6, 1e20, 3.4e38 };
    int checked = 0, apart = 0;
    for (size_t k = 0; k < sizeof radii / sizeof radii[0]; ++k)
        for (int i = 0; i < 4000; ++i) {
            double e = test_rng_uniform(&r, -60.0, -20.0);
            double sign = test_rng_uniform(&r, -1.0, 1.0) < 0.0 ? -1.0 : 1.0;
            double scale = test_rng_uniform(&r, 0.5, 4.0);
            double rad = radii[k] * (k == 0 ? 1.0 : scale);
            double d = rad * (1.0 + sign * ldexp(1.0, (int)e)) + (i % 7 == 0 ? sign * 0x1p-149 * scale : 0.0);
            if (d < 0.0) d = -d;
            double d2 = d * d;
            bool want = tc_rounded_apart(sqrt(d2), rad);
            CHECK_MSG(tc_rounded_apart_sq(d2, rad) == want, "d2 %a radii %a: root says %d", d2, rad, (int)want);
            apart += want;
            ++checked;
        }
    CHECK(apart > checked / 4 && apart < 3 * checked / 4); /* both answers were tested */
}

/* Found by the pair fuzzer (seed 12, input 13635): a capsule 1e10 long
 * (beyond the float tests' range) and a sphere 2.19 from its near end.
 * Overlap and distance decide there by GJK in double (apart); contact took
 * the segment parameter in float, 600 off at that length, and said
 * touching, both ways. Then the same capsule with spheres all around its
 * near end, touching, crossing and apart: contact agrees with overlap, and
 * distance 0 with it (all of them are within the band of touching, 1e5 at
 * this scale, where either answer is allowed but all three must agree). */
static void sphere_capsule_agree(const tc_sphere *s, const tc_capsule *c, int *overlaps)
{
    const bool ov = tc_overlap_sphere_capsule(s, c);
    const float d = tc_distance_sphere_capsule(s, c, NULL, NULL);
    tc_manifold m;
    CHECK_MSG(tc_contact_sphere_capsule(s, c, &m) == ov, "sphere (%a %a %a) r %a: contact %d, overlap %d",
              (double)s->center.x, (double)s->center.y, (double)s->center.z, (double)s->radius, !ov, ov);
    CHECK_MSG((d == 0.0f) == ov, "distance %g, overlap %d", (double)d, ov);
    tc_shape as, bs;
    as.type = TC_SHAPE_SPHERE;
    as.u.sphere = *s;
    bs.type = TC_SHAPE_CAPSULE;
    bs.u.capsule = *c;
    CHECK_MSG(tc_shape_contact(&bs, &as, &m) == ov, "capsule-sphere contact, overlap %d", ov);
    *overlaps += ov;
}

TEST_CASE(contact_sphere_capsule_1e10_long_agrees_with_overlap)
{
    const tc_capsule c = { { -1e7f, -2.0625f, 1e10f }, { 0.25f, -0.5f, 4.5625f }, 6.25f };
    const tc_sphere found = { { 6.07076481e-34f, -0.1875f, -6.8125f }, 2.9375f };
    tc_manifold m;
    CHECK(!tc_overlap_sphere_capsule(&found, &c));
    CHECK(!tc_contact_sphere_capsule(&found, &c, &m));
    const orc_shape os = orc_from_sphere(&found), oc = orc_from_capsule(&c);
    /* GJK in double: within its rounding (TC_GJK_ROUNDING of 1e10, 4e-5) */
    CHECK_NEAR(tc_distance_sphere_capsule(&found, &c, NULL, NULL), orc_distance(&os, &oc), 1e-3);
    int overlaps = 0;
    sphere_capsule_agree(&found, &c, &overlaps);
    test_rng r = { 0x1e10u };
    const int n = test_random_count(2000);
    for (int i = 0; i < n; ++i) {
        tc_sphere s;
        s.center = tc_vec3_add(c.b, test_rng_vec3(&r, -12.0, 12.0));
        s.radius = test_rng_float(&r, 0.0, 4.0);
        sphere_capsule_agree(&s, &c, &overlaps);
    }
    CHECK(overlaps > 0 && overlaps < n); /* both answers were tested */
}

/* Issue 12, coarse floats 1: two AABBs a few ulps wide at 1 that touch on z
 * (a's min z is b's max z). Overlap said true and distance 0, but the
 * contact took the boxes as OBBs, whose rounded centres and half sizes the
 * separating-axis pass found apart: no contact. */
TEST_CASE(contact_aabb_aabb_ulps_wide_touching_has_contact)
{
    const tc_aabb a = { { 0x1.ffffe2p-1f, 0x1.ffffeep-1f, 0x1.000008p+0f }, { 0x1.fffffep-1f, 0x1.fffffep-1f, 0x1.000014p+0f } };
    const tc_aabb b = { { 0x1.fffff2p-1f, 0x1.fffff6p-1f, 0x1.fffff2p-1f }, { 0x1.000008p+0f, 0x1.fffffap-1f, 0x1.000008p+0f } };
    CHECK(tc_overlap_aabb_aabb(&a, &b));
    CHECK(tc_distance_aabb_aabb(&a, &b, NULL, NULL) == 0.0f);
    tc_manifold m;
    m.count = -1;
    CHECK(tc_contact_aabb_aabb(&a, &b, &m));
    CHECK(m.count >= 1 && m.count <= 4);
    CHECK(fabsf(m.normal.z) == 1.0f); /* they touch across z only */
    for (int i = 0; i < m.count; ++i) {
        const tc_vec3 p = m.points[i].point;
        CHECK(m.points[i].depth == 0.0f);
        /* on the touching face, inside both boxes' x and y ranges */
        CHECK(p.z == a.min.z);
        CHECK(p.x >= b.min.x && p.x <= a.max.x && p.y >= b.min.y && p.y <= b.max.y);
    }
}

/* Issue 12, coarse floats 2: an AABB and an OBB both about 1e-6 wide at 1,
 * 4.7e-9 apart (overlap false, distance > 0, the oracle apart too). The
 * separating-axis pass on the AABB's rounded OBB joined them: contact true. */
TEST_CASE(contact_aabb_obb_ulps_wide_apart_has_no_contact)
{
    const tc_aabb a = { { 0x1.fffffep-1f, 0x1.000006p+0f, 0x1.ffffe6p-1f }, { 0x1.00000ep+0f, 0x1.000012p+0f, 0x1.000004p+0f } };
    const tc_quat q = { -0x1.bf3bd6p-2f, -0x1.51d3e8p-1f, 0x1.31f30ap-1f, -0x1.09897ep-3f };
    const tc_obb b = tc_obb_from_quat(tc_vec3_make(0x1.ffffe8p-1f, 0x1.000008p+0f, 0x1.000006p+0f),
                                      tc_vec3_make(0x1.b65b2cp-24f, 0x1.13f58ep-21f, 0x1.49850ap-21f), q);
    const orc_shape oa = orc_from_aabb(&a), ob = orc_from_obb(&b);
    CHECK(!orc_overlap(&oa, &ob));
    CHECK(orc_distance(&oa, &ob) > 1e-9);
    CHECK(!tc_overlap_aabb_obb(&a, &b));
    CHECK(tc_distance_aabb_obb(&a, &b, NULL, NULL) > 0.0f);
    tc_manifold m;
    CHECK(!tc_contact_aabb_obb(&a, &b, &m));
}

/* Issue 12, coarse floats 3: a sphere 0.0033 from a box at 1e6 (radius
 * 0.59). The distance took the float closest point, which rounds by 0.06
 * there, and answered 0; overlap and contact (the double closest point)
 * said apart, as the oracle does. */
TEST_CASE(distance_sphere_obb_at_1e6_apart_is_not_zero)
{
    const tc_sphere s = { { 0x1.e84806p+19f, 0x1.e84806p+19f, 0x1.e847eap+19f }, 0x1.2bf97ap-1f };
    const tc_quat q = { -0x1.519a26p-1f, 0x1.e9e506p-2f, -0x1.287546p-1f, -0x1.0cc91ep-5f };
    const tc_obb b = tc_obb_from_quat(tc_vec3_make(0x1.e8482p+19f, 0x1.e84804p+19f, 0x1.e847f2p+19f),
                                      tc_vec3_make(0x1.c4d90ep-3f, 0x1.8b6a4ep-5f, 0x1.151ce8p-1f), q);
    const orc_shape os = orc_from_sphere(&s), ob = orc_from_obb(&b);
    const double exact = orc_distance(&os, &ob);
    CHECK(exact > 3e-3);
    CHECK(!tc_overlap_sphere_obb(&s, &b));
    tc_manifold m;
    CHECK(!tc_contact_sphere_obb(&s, &b, &m));
    CHECK_NEAR(tc_distance_sphere_obb(&s, &b, NULL, NULL), exact, 1e-4);
}

/* A shape of kind k about s wide within s of (c, c, c): sizes small next
 * to the coordinates, so every number is coarse (a few hundred ulps of c at
 * 1e-6 of it). */
static tc_shape coarse_shape(test_rng *r, int k, double c, double s)
{
    tc_shape x;
    memset(&x, 0, sizeof x);
    x.type = (tc_shape_type)k;
    const tc_vec3 at = test_rng_vec3(r, c - s, c + s);
    const tc_vec3 h = test_rng_vec3(r, 0.03 * s, 0.6 * s);
    switch (k) {
    case TC_SHAPE_SPHERE: x.u.sphere.center = at; x.u.sphere.radius = h.x; break;
    case TC_SHAPE_CAPSULE: x.u.capsule.a = at; x.u.capsule.b = test_rng_vec3(r, c - s, c + s); x.u.capsule.radius = 0.3f * h.x; break;
    case TC_SHAPE_AABB: x.u.aabb.min = tc_vec3_sub(at, h); x.u.aabb.max = tc_vec3_add(at, h); break;
    case TC_SHAPE_OBB: x.u.obb = tc_obb_from_quat(at, h, cg_random_quat(r)); break;
    default:
        x.u.triangle.a = at;
        x.u.triangle.b = test_rng_vec3(r, c - s, c + s);
        x.u.triangle.c = test_rng_vec3(r, c - s, c + s);
        break;
    }
    return x;
}

/* Issue 12, coarse floats: random pairs of every kind of sphere, capsule,
 * aabb, obb and triangle whose sizes are small next to their coordinates
 * (s = 1e-6 at 1, 1e-3 at 1e3, 1 at 1e6): overlap, distance 0 and contact
 * agree on each, and a pair they call apart is apart in the oracle. Before
 * the fixes: sphere-obb 18 of about 600 overlaps at 1e6, aabb-aabb 34 and
 * aabb-obb 7 at 1. */
TEST_CASE(contact_coarse_pairs_agree)
{
    const double at[3] = { 1.0, 1e3, 1e6 }, size[3] = { 1e-6, 1e-3, 1.0 };
    test_rng r = { 0xc0a45eu };
    const int n = test_random_count(600);
    for (int ka = 0; ka <= TC_SHAPE_TRIANGLE; ++ka)
        for (int kb = ka; kb <= TC_SHAPE_TRIANGLE; ++kb)
            for (int j = 0; j < 3; ++j) {
                int overlaps = 0, bad = 0;
                for (int i = 0; i < n; ++i) {
                    const tc_shape a = coarse_shape(&r, ka, at[j], size[j]), b = coarse_shape(&r, kb, at[j], size[j]);
                    tc_manifold m;
                    const bool ov = tc_shape_overlap(&a, &b), ct = tc_shape_contact(&a, &b, &m);
                    const float d = tc_shape_distance(&a, &b, NULL, NULL);
                    overlaps += ov;
                    bool ok = ov == ct && ov == (d == 0.0f);
                    if (!ov) {
                        const co_shape oa = cg_oracle(&a), ob = cg_oracle(&b);
                        co_vec qa, qb;
                        ok = ok && co_distance(&oa, &ob, &qa, &qb) > 0.0;
                    }
                    if (!ok && bad++ < 2)
                        printf("%s-%s at %g #%d: overlap %d, contact %d, distance %g\n", test_shape_name(a.type),
                               test_shape_name(b.type), at[j], i, ov, ct, d);
                }
                CHECK_MSG(bad == 0, "%s-%s at %g: %d of %d pairs disagree", test_shape_name((tc_shape_type)ka),
                          test_shape_name((tc_shape_type)kb), at[j], bad, n);
                CHECK_MSG(overlaps > 0 && overlaps < n, "%s-%s at %g: %d of %d overlap (both answers tested?)",
                          test_shape_name((tc_shape_type)ka), test_shape_name((tc_shape_type)kb), at[j], overlaps, n);
            }
}

/* The same pairs brought to within 1e-6 of their size of touching along
 * the oracle's witness direction (a gap or an overlap), where the float
 * roundings of the coordinates decide: overlap, distance 0 and contact
 * still agree, both ways. */
TEST_CASE(contact_coarse_near_touching_pairs_agree)
{
    const double at[3] = { 1.0, 1e3, 1e6 }, size[3] = { 1e-6, 1e-3, 1.0 };
    const int kinds[3][2] = { { TC_SHAPE_SPHERE, TC_SHAPE_OBB }, { TC_SHAPE_AABB, TC_SHAPE_AABB }, { TC_SHAPE_AABB, TC_SHAPE_OBB } };
    test_rng r = { 0xc0a45e2u };
    const int n = test_random_count(400);
    for (int k = 0; k < 3; ++k)
        for (int j = 0; j < 3; ++j) {
            int tested = 0, overlaps = 0, bad = 0;
            for (int i = 0; i < n; ++i) {
                const tc_shape a = coarse_shape(&r, kinds[k][0], at[j], size[j]);
                tc_shape b = coarse_shape(&r, kinds[k][1], at[j], size[j]);
                const co_shape oa = cg_oracle(&a), ob = cg_oracle(&b);
                co_vec qa, qb;
                const double d = co_distance(&oa, &ob, &qa, &qb);
                if (!(d > 0)) continue; /* overlapping already: no witness direction */
                const co_vec u = co_scale(co_sub(qb, qa), 1.0 / d);
                const co_vec move = co_scale(u, test_rng_uniform(&r, -1e-6, 1e-6) * size[j] - d);
                b = test_shape_translated(&b, move.x, move.y, move.z);
                tc_manifold m;
                const bool ov = tc_shape_overlap(&a, &b), ct = tc_shape_contact(&a, &b, &m);
                const float dist = tc_shape_distance(&a, &b, NULL, NULL);
                ++tested;
                overlaps += ov;
                if (!(ov == ct && ov == (dist == 0.0f)) && bad++ < 2)
                    printf("%s-%s at %g #%d: overlap %d, contact %d, distance %g\n", test_shape_name(a.type),
                           test_shape_name(b.type), at[j], i, ov, ct, dist);
            }
            CHECK_MSG(bad == 0, "%s-%s at %g: %d of %d near-touching pairs disagree", test_shape_name((tc_shape_type)kinds[k][0]),
                      test_shape_name((tc_shape_type)kinds[k][1]), at[j], bad, tested);
            /* Two AABBs moved along an axis by less than an ulp round to
             * touching: all of them overlap. */
            CHECK_MSG(overlaps > 0 && (k == 1 || overlaps < tested), "%s-%s at %g: %d of %d overlap",
                      test_shape_name((tc_shape_type)kinds[k][0]), test_shape_name((tc_shape_type)kinds[k][1]), at[j],
                      overlaps, tested);
            CHECK(tested > n / 2);
        }
}
