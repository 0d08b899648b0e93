/* SPDX-License-Identifier: MIT */
/* Distance queries against the brute-force double oracle (contact_oracle.c):
 * 5,000 seeded random pairs for each of the 20 pairs, 100,000 per run. */
#include <math.h>

#include "contact_gen.h"
#include "harness.h"

/* Tolerance: relative to the pair's scale (largest coordinate plus radius). */
#define DIST_TOL 2e-6

/* Each pair is checked three ways:
 *  - against the oracle's distance (dense samples refined by alternating
 *    projections): an upper bound of the truth, so the result may not exceed
 *    it; agreement within tolerance is counted and required for 99% of pairs
 *    (alternating projections converge slowly for nearly parallel edges);
 *  - the witnesses lie on their shapes and are as far apart as reported,
 *    which proves the result is not below the true distance;
 *  - some direction (searched from the one between the witnesses)
 *    separates the shapes by the reported distance (support functions in
 *    double), which proves it is not above. Together: exact within tolerance. */
static void distance_pair(int ka, int kb)
{
    test_rng r = { 0x5eed0000u + (uint64_t)(ka * 16 + kb) };
    int n = test_random_count(5000);
    int apart = 0, agree = 0;
    double worst = 0.0;
    for (int i = 0; i < n; ++i) {
        /* Spread 0.5 to 3: from mostly overlapping to mostly apart. */
        double spread = 0.5 + 2.5 * (i % 8) / 7.0;
        tc_shape a = cg_random(&r, ka, spread), b = cg_random(&r, kb, spread);
        tc_vec3 pa, pb;
        float d = cg_distance(&a, &b, &pa, &pb);
        co_shape oa = cg_oracle(&a), ob = cg_oracle(&b);
        co_vec qa, qb;
        double od = co_distance(&oa, &ob, &qa, &qb);
        double scale = fmax(co_scale_of(&oa), co_scale_of(&ob));
        double tol = DIST_TOL * scale;
        if (d > tol) ++apart;
        double err = fabs(d - od);
        if (err <= tol) ++agree;
        if (err / scale > worst) worst = err / scale;
        CHECK_MSG(d <= od + tol, "%s-%s #%d: distance %.9g above the oracle's %.9g", test_shape_name(ka), test_shape_name(kb), i, d, od);
        CHECK_MSG(co_point_distance(&oa, co_from(pa)) <= tol, "%s-%s #%d: point_a off A by %.3g", test_shape_name(ka),
                  test_shape_name(kb), i, co_point_distance(&oa, co_from(pa)));
        CHECK_MSG(co_point_distance(&ob, co_from(pb)) <= tol, "%s-%s #%d: point_b off B by %.3g", test_shape_name(ka),
                  test_shape_name(kb), i, co_point_distance(&ob, co_from(pb)));
        co_vec w = co_sub(co_from(pb), co_from(pa));
        CHECK_MSG(fabs(co_len(w) - d) <= tol, "%s-%s #%d: |pb - pa| != distance", test_shape_name(ka), test_shape_name(kb), i);
        if (d > tol) {
            co_vec u = kb == TC_SHAPE_PLANE ? co_scale(ob.n, -1.0) : co_scale(w, 1.0 / co_len(w));
            /* Refined locally: the float witnesses carry rounding that tilts
             * the direction when they are close together. */
            double sep = -co_overlap_along(&oa, &ob, u);
            if (sep < d - tol) sep = co_best_separation(&oa, &ob, u);
            if (sep < d - tol && od > 0) sep = fmax(sep, co_best_separation(&oa, &ob, co_sub(qb, qa)));
            CHECK_MSG(sep >= d - tol, "%s-%s #%d: distance %.9g but directions near the witnesses' separate by %.9g",
                      test_shape_name(ka), test_shape_name(kb), i, d, sep);
        }
        /* NULL points are allowed and change nothing. */
        if (i % 64 == 0) CHECK(cg_distance(&a, &b, NULL, NULL) == d);
    }
    /* Both regimes must be exercised. */
    CHECK_MSG(apart > n / 10 && apart < n - n / 20, "%s-%s: %d of %d apart", test_shape_name(ka), test_shape_name(kb), apart, n);
    CHECK_MSG(agree >= n - n / 100, "%s-%s: only %d of %d agree with the oracle", test_shape_name(ka), test_shape_name(kb), agree, n);
    printf("%s-%s: %d pairs, %d apart, %d agree with the oracle within %.0e of scale, worst difference %.3g of scale\n",
           test_shape_name(ka), test_shape_name(kb), n, apart, agree, DIST_TOL, worst);
}

TEST_CASE(distance_sphere_sphere) { distance_pair(TC_SHAPE_SPHERE, TC_SHAPE_SPHERE); }
TEST_CASE(distance_sphere_capsule) { distance_pair(TC_SHAPE_SPHERE, TC_SHAPE_CAPSULE); }
TEST_CASE(distance_sphere_aabb) { distance_pair(TC_SHAPE_SPHERE, TC_SHAPE_AABB); }
TEST_CASE(distance_sphere_obb) { distance_pair(TC_SHAPE_SPHERE, TC_SHAPE_OBB); }
TEST_CASE(distance_sphere_triangle) { distance_pair(TC_SHAPE_SPHERE, TC_SHAPE_TRIANGLE); }
TEST_CASE(distance_sphere_plane) { distance_pair(TC_SHAPE_SPHERE, TC_SHAPE_PLANE); }
TEST_CASE(distance_capsule_capsule) { distance_pair(TC_SHAPE_CAPSULE, TC_SHAPE_CAPSULE); }
TEST_CASE(distance_capsule_aabb) { distance_pair(TC_SHAPE_CAPSULE, TC_SHAPE_AABB); }
TEST_CASE(distance_capsule_obb) { distance_pair(TC_SHAPE_CAPSULE, TC_SHAPE_OBB); }
TEST_CASE(distance_capsule_triangle) { distance_pair(TC_SHAPE_CAPSULE, TC_SHAPE_TRIANGLE); }
TEST_CASE(distance_capsule_plane) { distance_pair(TC_SHAPE_CAPSULE, TC_SHAPE_PLANE); }
TEST_CASE(distance_aabb_aabb) { distance_pair(TC_SHAPE_AABB, TC_SHAPE_AABB); }
TEST_CASE(distance_aabb_obb) { distance_pair(TC_SHAPE_AABB, TC_SHAPE_OBB); }
TEST_CASE(distance_aabb_triangle) { distance_pair(TC_SHAPE_AABB, TC_SHAPE_TRIANGLE); }
TEST_CASE(distance_aabb_plane) { distance_pair(TC_SHAPE_AABB, TC_SHAPE_PLANE); }
TEST_CASE(distance_obb_obb) { distance_pair(TC_SHAPE_OBB, TC_SHAPE_OBB); }
TEST_CASE(distance_obb_triangle) { distance_pair(TC_SHAPE_OBB, TC_SHAPE_TRIANGLE); }
TEST_CASE(distance_obb_plane) { distance_pair(TC_SHAPE_OBB, TC_SHAPE_PLANE); }
TEST_CASE(distance_triangle_triangle) { distance_pair(TC_SHAPE_TRIANGLE, TC_SHAPE_TRIANGLE); }
TEST_CASE(distance_triangle_plane) { distance_pair(TC_SHAPE_TRIANGLE, TC_SHAPE_PLANE); }

/* Invalid data gives INFINITY and leaves the points alone. */
TEST_CASE(distance_invalid_input)
{
    tc_sphere s = { { 0, 0, 0 }, 1 }, bad = { { NAN, 0, 0 }, 1 };
    tc_vec3 p = { 7, 7, 7 };
    CHECK(isinf(tc_distance_sphere_sphere(&s, &bad, &p, NULL)) && p.x == 7);
    tc_obb box = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1, -1, 1), tc_quat_identity());
    CHECK(isinf(tc_distance_obb_obb(&box, &box, NULL, NULL)));
    tc_plane pl = { { 0, 0, 0 }, 0 };
    CHECK(isinf(tc_distance_sphere_plane(&s, &pl, NULL, NULL)));
}
