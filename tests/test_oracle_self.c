/* SPDX-License-Identifier: MIT */
/* Tests of the test oracle itself: it must be right before it can judge the
 * library. Known answers by construction, brute-force sampling bounds, and
 * agreement between its independent parts (overlap predicate, distance,
 * ray casts, ray distances). */
#include "contact_gen.h"
#include "harness.h"
#include "oracle.h"
#include "test_random.h"


#include <stdlib.h>
#include <string.h>

static double U(test_rng *r, double lo, double hi) { return test_rng_uniform(r, lo, hi); }

/* A random point of the solid shape (half-space: near its boundary). */
static ovec sample_in(const orc_shape *s, test_rng *r)
{
    ovec b = ov(0, 0, 0);
    if (s->radius > 0.0) {
        ovec d = gen_unit(r);
        b = ov_scale(d, s->radius * pow(U(r, 0, 1), 1.0 / 3.0));
    }
    switch (s->core) {
    case ORC_CORE_POINT: return ov_add(s->p[0], b);
    case ORC_CORE_SEGMENT: return ov_add(ov_madd(s->p[0], ov_sub(s->p[1], s->p[0]), U(r, 0, 1)), b);
    case ORC_CORE_BOX: {
        ovec p = s->c;
        for (int i = 0; i < 3; ++i) {
            /* favour the boundary, where the closest points are */
            double u = U(r, 0, 1) < 0.7 ? (U(r, 0, 1) < 0.5 ? -1.0 : 1.0) : U(r, -1, 1);
            p = ov_madd(p, s->m[i], u * s->h[i]);
        }
        return p;
    }
    case ORC_CORE_TRIANGLE: {
        double u = U(r, 0, 1), v = U(r, 0, 1);
        if (u + v > 1.0) { u = 1.0 - u; v = 1.0 - v; }
        if (U(r, 0, 1) < 0.3) { double w = U(r, 0, 1); u = w; v = 1.0 - w; }
        return ov_madd(ov_madd(s->p[0], ov_sub(s->p[1], s->p[0]), u), ov_sub(s->p[2], s->p[0]), v);
    }
    default: {
        ovec un = ov_unit(s->n);
        ovec q = ov_scale(un, s->offset / ov_len(s->n));
        ovec t = ov_unit(ov_cross(un, gen_unit(r)));
        double along = U(r, -100, 100);
        return ov_madd(ov_madd(q, t, along), un, -U(r, 0, 1));
    }
    }
}

/* gen_pair's support placement with gap g >= 0 puts the shapes exactly g
 * apart (before rounding to float); the oracle must measure that. */
TEST_CASE(oracle_distance_matches_constructed_gap)
{
    test_rng rng = { 1001 };
    int n = test_random_count(20000), checked = 0;
    double worst = 0.0;
    for (int i = 0; i < n; ++i) {
        tc_shape_type ka = (tc_shape_type)test_rng_int(&rng, 0, 4);
        tc_shape_type kb = (tc_shape_type)test_rng_int(&rng, (int)ka, 5);
        tc_shape a, b;
        bool near;
        double g;
        gen_pair(&rng, ka, kb, &a, &b, &near, &g);
        if (isnan(g) || g < 0.0) continue; /* NaN: no constructed gap (isnan: an ordered comparison of a NaN traps) */
        orc_shape oa = orc_from_any(&a), ob = orc_from_any(&b);
        double scale = orc_pair_scale(&oa, &ob);
        double d = orc_distance(&oa, &ob);
        /* float rounding of the placed coordinates moves things by ~6e-8 */
        double err = fabs(d - g) / scale;
        if (err > worst) worst = err;
        ++checked;
        CHECK_MSG(err <= 1e-6, "%s-%s: gap %.9g, oracle distance %.9g (scale %.3g)", test_shape_name(ka),
                  test_shape_name(kb), g, d, scale);
    }
    printf("checked %d constructed gaps, worst error %.3g x scale\n", checked, worst);
    CHECK(checked > n / 4);
}

/* Sampled point pairs never come closer than the oracle's distance, and the
 * overlap predicate agrees with the distance. */
TEST_CASE(oracle_distance_is_a_lower_bound_and_consistent)
{
    test_rng rng = { 1002 };
    int n = test_random_count(4000);
    for (int i = 0; i < n; ++i) {
        tc_shape_type ka = (tc_shape_type)test_rng_int(&rng, 0, 4);
        tc_shape_type kb = (tc_shape_type)test_rng_int(&rng, (int)ka, 5);
        tc_shape a, b;
        bool near;
        double g;
        gen_pair(&rng, ka, kb, &a, &b, &near, &g);
        orc_shape oa = orc_from_any(&a), ob = orc_from_any(&b);
        double scale = orc_pair_scale(&oa, &ob);
        double d = orc_distance(&oa, &ob);
        bool ov_ = orc_overlap(&oa, &ob);
        CHECK_MSG(!ov_ || d <= 1e-9 * scale, "%s-%s: overlap but distance %.3g", test_shape_name(ka), test_shape_name(kb), d);
        CHECK_MSG(ov_ || d > 0.0, "%s-%s: apart but distance 0", test_shape_name(ka), test_shape_name(kb));
        if (!ov_ && d == 0.0 && kb != TC_SHAPE_PLANE && getenv("ORC_DEBUG")) {
            const float *fa = &a.u.triangle.a.x, *fb = &b.u.triangle.a.x;
            for (int q = 0; q < 9; ++q) fprintf(stderr, "%.9g ", fa[q]);
            fprintf(stderr, "| ");
            for (int q = 0; q < 9; ++q) fprintf(stderr, "%.9g ", fb[q]);
            fprintf(stderr, "\n");
        }
        for (int k = 0; k < 200; ++k) {
            ovec p = sample_in(&oa, &rng), q = sample_in(&ob, &rng);
            double dd = ov_dist(p, q);
            /* p and q are in the solids only up to double rounding */
            if (!(dd >= d - 1e-9 * scale)) {
                CHECK_MSG(false, "%s-%s: sampled pair %.12g closer than oracle %.12g", test_shape_name(ka),
                          test_shape_name(kb), dd, d);
                break;
            }
            /* each sampled point is inside its own shape */
            CHECK(orc_point_distance(&oa, p, NULL) <= 1e-9 * scale);
        }
    }
}

/* Known answers. */
TEST_CASE(oracle_known_answers)
{
    tc_obb a = { { 0, 0, 0 }, { 1, 1, 1 }, { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } };
    tc_obb b = a;
    b.center = tc_vec3_make(3, 0, 0);
    orc_shape oa = orc_from_obb(&a), ob = orc_from_obb(&b);
    CHECK_NEAR(orc_distance(&oa, &ob), 1.0, 1e-12);
    CHECK(!orc_overlap(&oa, &ob));
    b.center = tc_vec3_make(2, 2, 2); /* corner to corner: touching */
    ob = orc_from_obb(&b);
    CHECK(orc_overlap(&oa, &ob));
    b.center = tc_vec3_make(3, 3, 2); /* edge to edge along z, sqrt(2) apart */
    ob = orc_from_obb(&b);
    CHECK_NEAR(orc_distance(&oa, &ob), sqrt(2.0), 1e-12);
    /* a box rotated 45 degrees about z, its edge 1e-3 from a's face */
    double c = sqrt(0.5);
    tc_obb r = { { 0, 0, 0 }, { 1, 1, 1 }, { { (float)c, (float)c, 0 }, { (float)-c, (float)c, 0 }, { 0, 0, 1 } } };
    orc_shape orr = orc_from_obb(&r);
    double reach = ov_dot(orr.m[0], ov(1, 0, 0)) + fabs(ov_dot(orr.m[1], ov(1, 0, 0)));
    r.center = tc_vec3_make((float)(1.0 + reach + 1e-3), 0, 0);
    orr = orc_from_obb(&r);
    CHECK_NEAR(orc_distance(&oa, &orr), (double)r.center.x - reach - 1.0, 1e-9);
    CHECK(!orc_overlap(&oa, &orr));
    /* nested */
    tc_obb in = { { 0.1f, 0.2f, 0.3f }, { 0.1f, 0.1f, 0.1f }, { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } };
    orc_shape oin = orc_from_obb(&in);
    CHECK(orc_overlap(&oa, &oin));
    CHECK(orc_distance(&oa, &oin) == 0.0);

    /* triangles: crossing, coplanar overlapping, coplanar apart, parallel */
    tc_triangle t1 = { { 0, 0, 0 }, { 2, 0, 0 }, { 0, 2, 0 } };
    tc_triangle t2 = { { 0.5f, 0.5f, -1 }, { 0.5f, 0.5f, 1 }, { 3, 3, 0 } };
    orc_shape ot1 = orc_from_triangle(&t1), ot2 = orc_from_triangle(&t2);
    CHECK(orc_overlap(&ot1, &ot2));
    tc_triangle t3 = { { 1, 1, 0 }, { 3, 1, 0 }, { 1, 3, 0 } }; /* coplanar, shares the point (1,1) */
    orc_shape ot3 = orc_from_triangle(&t3);
    CHECK(orc_overlap(&ot1, &ot3));
    tc_triangle t4 = { { 1.5f, 1.5f, 0 }, { 3, 1.5f, 0 }, { 1.5f, 3, 0 } };
    orc_shape ot4 = orc_from_triangle(&t4);
    CHECK(!orc_overlap(&ot1, &ot4));
    CHECK_NEAR(orc_distance(&ot1, &ot4), sqrt(0.5) * 1.0, 1e-9);
    tc_triangle t5 = { { 0, 0, 0.25f }, { 2, 0, 0.25f }, { 0, 2, 0.25f } };
    orc_shape ot5 = orc_from_triangle(&t5);
    CHECK_NEAR(orc_distance(&ot1, &ot5), 0.25, 1e-12);

    /* capsule vs box: axis parallel to a face, radius reaching exactly */
    tc_capsule cap = { { -5, 0, 2 }, { 5, 0, 2 }, 1.0f };
    orc_shape ocap = orc_from_capsule(&cap);
    CHECK(orc_overlap(&ocap, &oa));
    cap.radius = 0.999f;
    ocap = orc_from_capsule(&cap);
    CHECK(!orc_overlap(&ocap, &oa));
    CHECK_NEAR(orc_distance(&ocap, &oa), 1.0 - (double)0.999f, 1e-12);

    /* sphere vs plane, plane normal slightly off unit length */
    tc_plane pl = { { 0, 0, 1 }, 1.0f };
    tc_sphere sp = { { 0, 0, 3 }, 2.0f };
    orc_shape opl = orc_from_plane(&pl), osp = orc_from_sphere(&sp);
    CHECK(orc_overlap(&osp, &opl));
    sp.radius = 1.5f;
    osp = orc_from_sphere(&sp);
    CHECK_NEAR(orc_distance(&osp, &opl), 0.5, 1e-12);

    /* degenerate triangle is its longest segment */
    tc_triangle dg = { { 0, 0, 0 }, { 2, 0, 0 }, { 1, 0, 0 } };
    orc_shape odg = orc_from_triangle(&dg);
    CHECK(odg.core == ORC_CORE_SEGMENT);
    CHECK_NEAR(orc_point_distance(&odg, ov(3, 0, 0), NULL), 1.0, 1e-12);
    CHECK_NEAR(orc_point_distance(&odg, ov(1, 1, 0), NULL), 1.0, 1e-12);

    /* a skew parallelepiped: the point just outside the true face, inside the
     * orthonormal box one would assume */
    tc_obb sk = a;
    sk.rotation.cx = tc_vec3_make(1.0f, 0.001f, 0.0f);
    orc_shape osk = orc_from_obb(&sk);
    CHECK(orc_point_inside(&osk, ov(1.0, 0.0011, 0)));
    CHECK(!orc_point_inside(&osk, ov(1.0, -0.9995, 0)));
}

/* Ray oracles against the ray-distance oracle and the point distance: a hit
 * lies on the boundary, a miss keeps its distance, and the ray before the hit
 * point is outside. */
TEST_CASE(oracle_raycasts_consistent)
{
    test_rng rng = { 1003 };
    int n = test_random_count(20000), hits = 0, borderline = 0;
    for (int i = 0; i < n; ++i) {
        tc_shape_type k = (tc_shape_type)test_rng_int(&rng, 0, 5);
        double s = gen_log_uniform(&rng, 1e-2, 1e2);
        ovec c = gen_center(&rng);
        tc_shape a = gen_shape(&rng, k, c, s);
        orc_shape o = orc_from_any(&a);
        ovec target = orc_support_point(&o, gen_unit(&rng), &rng);
        if (k == TC_SHAPE_PLANE) target = ov_madd(c, gen_unit(&rng), s);
        orc_ray ray;
        ovec dir = gen_unit(&rng);
        ray.d = ov_scale(dir, gen_log_uniform(&rng, 1e-2, 1e2));
        double back = U(&rng, 0.1, 3.0);
        ray.o = gen_around(&rng, ov_madd(target, ray.d, -back * s / ov_len(ray.d)), s, 0, 0.2);

        ray.o = ov_from(ov_to(ray.o));
        ray.d = ov_from(ov_to(ray.d));
        double max_t = U(&rng, 0, 1) < 0.5 ? INFINITY : U(&rng, 0, 4) * s / ov_len(ray.d);
        double scale = orc_point_scale(&o, ray.o);
        orc_hit h = orc_raycast(&o, &ray, max_t);
        double rd = orc_ray_distance(&o, &ray, max_t);
        if (h.hit) {
            ++hits;
            ovec p = ov_madd(ray.o, ray.d, h.t);
            CHECK_MSG(h.t >= 0.0 && h.t <= max_t, "%s: t %.9g outside [0, %.9g]", test_shape_name(k), h.t, max_t);
            CHECK_MSG(orc_point_distance(&o, p, NULL) <= 1e-9 * scale, "%s: hit point %.3g off the shape",
                      test_shape_name(k), orc_point_distance(&o, p, NULL));
            CHECK_MSG(rd <= 1e-9 * scale, "%s: hit but ray distance %.3g", test_shape_name(k), rd);
            if (h.t > 0.0) {
                ovec before = ov_madd(ray.o, ray.d, h.t * (1.0 - 1e-6));
                /* for solids the ray is outside before the hit; for a triangle too */
                CHECK_MSG(orc_point_distance(&o, before, NULL) >= 0.0, "unreachable");
                CHECK_MSG(k == TC_SHAPE_TRIANGLE || !orc_point_inside(&o, before) ||
                              orc_point_distance(&o, before, NULL) == 0.0,
                          "%s: inside before the hit", test_shape_name(k));
                CHECK_MSG(fabs(ov_len(h.normal) - 1.0) < 1e-9, "%s: normal length %.9g", test_shape_name(k), ov_len(h.normal));
                CHECK_MSG(ov_dot(h.normal, ray.d) <= 1e-9 * ov_len(ray.d), "%s: normal faces away n=(%g %g %g) d=(%g %g %g) t=%g", test_shape_name(k), h.normal.x, h.normal.y, h.normal.z, ray.d.x, ray.d.y, ray.d.z, h.t);
                /* the normal supports the shape at the hit point */
                if (k != TC_SHAPE_TRIANGLE && o.core != ORC_CORE_POINT)
                    CHECK_MSG(orc_support(&o, h.normal) - ov_dot(h.normal, p) <= 1e-7 * scale,
                              "%s: normal not a support normal (%.3g)", test_shape_name(k),
                              orc_support(&o, h.normal) - ov_dot(h.normal, p));
            }
        } else if (!(rd > ORC_CONTACT_RESOLUTION * scale) && o.core != ORC_CORE_SEGMENT && o.core != ORC_CORE_POINT) {
            /* an exact graze that the cast and the distance round differently */
            ++borderline;
        }
    }
    printf("%d of %d rays hit, %d exact grazes classified differently\n", hits, n, borderline);
    CHECK(borderline <= n / 10000 + 1);
    CHECK(hits > n / 5 && hits < n - n / 5);
}

/* ---- the generators draw in one order ------------------------------------ */
typedef struct draw_hash { uint64_t h; } draw_hash;

static void hash_bytes(draw_hash *d, const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) d->h = (d->h ^ b[i]) * 0x100000001b3u; /* FNV-1a */
}
static void hash_floats(draw_hash *d, const float *f, int n)
{
    for (int i = 0; i < n; ++i) {
        uint32_t u;
        memcpy(&u, &f[i], sizeof u);
        hash_bytes(d, &u, sizeof u);
    }
}
static void hash_doubles(draw_hash *d, const double *v, int n)
{
    for (int i = 0; i < n; ++i) {
        uint64_t u;
        memcpy(&u, &v[i], sizeof u);
        hash_bytes(d, &u, sizeof u);
    }
}
/* The shape's own floats (its struct is nothing but floats), not the
 * union's unused tail. */
static void hash_shape(draw_hash *d, const tc_shape *s)
{
    static const int floats[TEST_PLAIN_SHAPE_COUNT] = { 4, 7, 6, 15, 9, 4 };
    int k = (int)s->type;
    hash_bytes(d, &k, sizeof k);
    if (k >= 0 && k < TEST_PLAIN_SHAPE_COUNT) hash_floats(d, (const float *)&s->u, floats[k]);
}

/* Every shared generator, run from one seed, hashed bit for bit. C leaves
 * the order of a call's argument evaluations unspecified; a generator that
 * drew several numbers in one call's arguments gave gcc's build and clang's
 * different cases (tools/check_draw_order.py finds such draws). The value is
 * the same for every compiler and flag set; it changes only when a generator
 * is changed on purpose (then print and renew it here). */
TEST_CASE(random_generators_give_every_compiler_the_same_cases)
{
    test_rng r = { 0xd4a3u };
    draw_hash d = { 0xcbf29ce484222325u };
    for (int i = 0; i < 20; ++i) {
        tc_vec3 v = test_rng_vec3(&r, -2, 3);
        tc_quat q = test_rng_quat4(&r, -1, 1), cq = cg_random_quat(&r);
        hash_floats(&d, &v.x, 1); hash_floats(&d, &v.y, 1); hash_floats(&d, &v.z, 1);
        float qf[8] = { q.x, q.y, q.z, q.w, cq.x, cq.y, cq.z, cq.w };
        hash_floats(&d, qf, 8);
        ovec u = gen_unit(&r), w = gen_vec(&r, -1, 4), c = gen_center(&r), a = gen_around(&r, w, 2.0, 0.5, 1.0);
        double dq[4];
        gen_quat(&r, dq);
        double dv[16] = { u.x, u.y, u.z, w.x, w.y, w.z, c.x, c.y, c.z, a.x, a.y, a.z, dq[0], dq[1], dq[2], dq[3] };
        hash_doubles(&d, dv, 16);
    }
    for (int ka = 0; ka < TEST_PLAIN_SHAPE_COUNT; ++ka) {
        for (int i = 0; i < 10; ++i) {
            tc_shape s = cg_random(&r, ka, 2.0);
            hash_shape(&d, &s);
            ovec c = gen_center(&r);
            s = gen_shape(&r, (tc_shape_type)ka, c, 1.5);
            hash_shape(&d, &s);
        }
        for (int kb = ka; kb < TEST_PLAIN_SHAPE_COUNT; ++kb) {
            for (int i = 0; i < 4 && !(ka == TC_SHAPE_PLANE && kb == TC_SHAPE_PLANE); ++i) {

                tc_shape a, b;
                bool near;
                double gap;
                gen_pair(&r, (tc_shape_type)ka, (tc_shape_type)kb, &a, &b, &near, &gap);
                hash_shape(&d, &a);
                hash_shape(&d, &b);
                hash_doubles(&d, &gap, 1);
                int step[3];
                cg_touching_pair(&r, ka, kb, &a, &b, step);
                hash_shape(&d, &a);
                hash_shape(&d, &b);
                hash_bytes(&d, step, sizeof step);
            }
        }
    }
    printf("generator hash 0x%016llx\n", (unsigned long long)d.h);
    CHECK_MSG(d.h == 0xfe2b4a640851866du, "the random generators give other cases than before (hash 0x%016llx): a draw whose order the "
              "compiler picks, or a generator changed on purpose (then renew the value)", (unsigned long long)d.h);
}
