/* SPDX-License-Identifier: MIT */
/* Every overlap pair against the double-precision oracle (tests/oracle) on
 * seeded random cases, about half of them near touching (|gap| from 1e-9 to
 * 5e-4 of the size, both sides), with rotated, flat, thin and zero-size
 * shapes, mixed scales and offsets up to 1e5.
 *
 * Asserted: no missed overlap (the oracle overlaps => the library says true)
 * and every false positive within TC_TOLERANCE * scale (base.h). */
#include "harness.h"
#include "oracle.h"

typedef struct pair_stats {
    int cases, overlapping, near, misses, misses_near_origin, false_pos, band_violations;
    double worst_fp; /* largest distance / scale among false positives */
} pair_stats;

static void run_pair(tc_shape_type ka, tc_shape_type kb, uint64_t seed)
{
    test_rng rng = { seed };
    pair_stats st = { 0, 0, 0, 0, 0, 0, 0, 0.0 };
    int n = test_random_count(100000);
    for (int i = 0; i < n; ++i) {
        tc_shape a, b;
        bool near;
        double gap;
        gen_pair(&rng, ka, kb, &a, &b, &near, &gap);
        orc_shape oa = orc_from_any(&a), ob = orc_from_any(&b);
        bool truth = orc_overlap(&oa, &ob);
        bool lib = lib_overlap(&a, &b);
        ++st.cases;
        st.overlapping += truth;
        st.near += near;
        if (truth && !lib) {
            double coord = fmax(orc_shape_coord(&oa), orc_shape_coord(&ob));
            if (coord < 100.0) ++st.misses_near_origin;
            if (++st.misses <= 3) {
                fprintf(stderr, "MISSED OVERLAP %s-%s case %d (distance %.3g, coord %.3g, extent %.3g):\n",
                        test_shape_name(ka), test_shape_name(kb), i, orc_distance(&oa, &ob),
                        fmax(orc_shape_coord(&oa), orc_shape_coord(&ob)), fmax(orc_shape_extent(&oa), orc_shape_extent(&ob)));
                orc_print_any(stderr, &a);
                orc_print_any(stderr, &b);
            }
        } else if (lib && !truth) {
            double scale = orc_pair_scale(&oa, &ob);
            double rel = orc_distance(&oa, &ob) / scale;
            ++st.false_pos;
            if (rel > st.worst_fp) st.worst_fp = rel;
            if (rel > TC_TOLERANCE && ++st.band_violations <= 3) {
                fprintf(stderr, "FALSE POSITIVE OUTSIDE THE BAND %s-%s case %d: distance %.3g x scale (scale %.3g)\n",
                        test_shape_name(ka), test_shape_name(kb), i, rel, scale);
                orc_print_any(stderr, &a);
                orc_print_any(stderr, &b);
            }
        }
    }
    printf("%s-%s: %d cases, %d overlapping, %d near touching; missed %d (%d with coordinates < 100), false positives %d "
           "(worst %.3g x scale, band %.0e), outside band %d\n",
           test_shape_name(ka), test_shape_name(kb), st.cases, st.overlapping, st.near, st.misses, st.misses_near_origin, st.false_pos,
           st.worst_fp, (double)TC_TOLERANCE, st.band_violations);
    CHECK_MSG(st.misses == 0, "%d missed overlaps", st.misses);
    CHECK_MSG(st.band_violations == 0, "%d false positives outside the band", st.band_violations);
    /* the generator must keep producing a meaningful mix */
    CHECK(st.near >= st.cases * 3 / 10);
    CHECK(st.overlapping >= st.cases / 5 && st.overlapping <= st.cases * 4 / 5);
}

TEST_CASE(random_overlap_sphere_sphere) { run_pair(TC_SHAPE_SPHERE, TC_SHAPE_SPHERE, 11); }
TEST_CASE(random_overlap_sphere_capsule) { run_pair(TC_SHAPE_SPHERE, TC_SHAPE_CAPSULE, 12); }
TEST_CASE(random_overlap_sphere_aabb) { run_pair(TC_SHAPE_SPHERE, TC_SHAPE_AABB, 13); }
TEST_CASE(random_overlap_sphere_obb) { run_pair(TC_SHAPE_SPHERE, TC_SHAPE_OBB, 14); }
TEST_CASE(random_overlap_sphere_triangle) { run_pair(TC_SHAPE_SPHERE, TC_SHAPE_TRIANGLE, 15); }
TEST_CASE(random_overlap_sphere_plane) { run_pair(TC_SHAPE_SPHERE, TC_SHAPE_PLANE, 16); }
TEST_CASE(random_overlap_capsule_capsule) { run_pair(TC_SHAPE_CAPSULE, TC_SHAPE_CAPSULE, 17); }
TEST_CASE(random_overlap_capsule_aabb) { run_pair(TC_SHAPE_CAPSULE, TC_SHAPE_AABB, 18); }
TEST_CASE(random_overlap_capsule_obb) { run_pair(TC_SHAPE_CAPSULE, TC_SHAPE_OBB, 19); }
TEST_CASE(random_overlap_capsule_triangle) { run_pair(TC_SHAPE_CAPSULE, TC_SHAPE_TRIANGLE, 20); }
TEST_CASE(random_overlap_capsule_plane) { run_pair(TC_SHAPE_CAPSULE, TC_SHAPE_PLANE, 21); }
TEST_CASE(random_overlap_aabb_aabb) { run_pair(TC_SHAPE_AABB, TC_SHAPE_AABB, 22); }
TEST_CASE(random_overlap_aabb_obb) { run_pair(TC_SHAPE_AABB, TC_SHAPE_OBB, 23); }
TEST_CASE(random_overlap_aabb_triangle) { run_pair(TC_SHAPE_AABB, TC_SHAPE_TRIANGLE, 24); }
TEST_CASE(random_overlap_aabb_plane) { run_pair(TC_SHAPE_AABB, TC_SHAPE_PLANE, 25); }
TEST_CASE(random_overlap_obb_obb) { run_pair(TC_SHAPE_OBB, TC_SHAPE_OBB, 26); }
TEST_CASE(random_overlap_obb_triangle) { run_pair(TC_SHAPE_OBB, TC_SHAPE_TRIANGLE, 27); }
TEST_CASE(random_overlap_obb_plane) { run_pair(TC_SHAPE_OBB, TC_SHAPE_PLANE, 28); }
TEST_CASE(random_overlap_triangle_triangle) { run_pair(TC_SHAPE_TRIANGLE, TC_SHAPE_TRIANGLE, 29); }
TEST_CASE(random_overlap_triangle_plane) { run_pair(TC_SHAPE_TRIANGLE, TC_SHAPE_PLANE, 30); }
