/* SPDX-License-Identifier: MIT */
/* Point containment and closest point of each shape against the double
 * oracle on seeded random cases: points drawn inside, on the surface (a
 * support point) and near it (|gap| from 1e-9 to a few 1e-4 of the size,
 * both sides), or anywhere around; shapes rotated, flat, thin, zero-size and
 * up to 1e5 from the origin (tests/oracle gen_shape, gen_center, gen_gap).
 *
 * Asserted: a point inside in exact arithmetic is never reported outside;
 * a point reported inside is within TC_TOLERANCE * scale of the shape; the
 * closest point lies within the band of the shape and is no farther from p
 * than the true distance plus the band. */
#include "harness.h"
#include "oracle.h"

static void run_points(tc_shape_type k, uint64_t seed)
{
    test_rng rng = { seed };
    int n = test_random_count(100000), inside = 0, near = 0, missed = 0, band_bad = 0, closest_bad = 0;
    double worst_fp = 0.0, worst_closest = 0.0;
    for (int i = 0; i < n; ++i) {
        ovec c = gen_center(&rng);
        double size = gen_log_uniform(&rng, 1e-2, 1e2);
        tc_shape s = gen_shape(&rng, k, c, size);
        orc_shape os = orc_from_any(&s);
        ovec p;
        int mode = test_rng_int(&rng, 0, 3);
        if (mode == 0) {
            p = gen_interior_point(&rng, &os);
        } else if (mode == 3) {
            p = gen_around(&rng, c, size, 0.0, 3.0);

        } else {
            ovec d = k == TC_SHAPE_PLANE ? ov_from(s.u.plane.normal) : gen_unit(&rng);
            ovec sp = orc_support_point(&os, d, &rng);
            if (k == TC_SHAPE_PLANE) { /* slide along the plane too */
                ovec t = ov_cross(d, gen_unit(&rng));
                sp = ov_madd(sp, t, size * test_rng_uniform(&rng, -1, 1));
            }
            bool nr;
            double g = gen_gap(&rng, size, &nr);
            near += nr;
            p = ov_madd(sp, ov_unit(d), g);
        }
        tc_vec3 pf = ov_to(p);
        ovec pd = ov_from(pf);
        ovec cl;
        double dist = orc_point_distance(&os, pd, &cl);
        bool truth = orc_point_inside(&os, pd);
        double scale = orc_point_scale(&os, pd), band = TC_TOLERANCE * scale;
        bool lib = tc_shape_contains_point(&s, pf);
        inside += truth;
        if (truth && !lib) {
            if (++missed <= 3) {
                fprintf(stderr, "%s case %d: point inside reported outside (distance %.3g)\n", test_shape_name(k), i, dist);
                orc_print_any(stderr, &s);
                fprintf(stderr, "  point (%a, %a, %a)\n", (double)pf.x, (double)pf.y, (double)pf.z);
            }
        } else if (lib && !truth) {
            if (dist / scale > worst_fp) worst_fp = dist / scale;
            if (dist > band && ++band_bad <= 3) {
                fprintf(stderr, "%s case %d: point %.3g x scale outside reported inside\n", test_shape_name(k), i, dist / scale);
                orc_print_any(stderr, &s);
                fprintf(stderr, "  point (%a, %a, %a)\n", (double)pf.x, (double)pf.y, (double)pf.z);
            }
        }
        tc_vec3 q = lib_closest(&s, pf);
        ovec qd = ov_from(q);
        double off = orc_point_distance(&os, qd, &cl);           /* q must lie on the shape */
        double longer = ov_dist(qd, pd) - dist;                  /* and be as close as the true one */
        double err = fmax(off, longer);
        if (err / scale > worst_closest) worst_closest = err / scale;
        if (err > band && ++closest_bad <= 3) {
            fprintf(stderr, "%s case %d: closest point off the shape by %.3g, %.3g farther than the truth (scale %.3g)\n",
                    test_shape_name(k), i, off, longer, scale);
            orc_print_any(stderr, &s);
            fprintf(stderr, "  point (%a, %a, %a) -> (%a, %a, %a)\n", (double)pf.x, (double)pf.y, (double)pf.z, (double)q.x,
                    (double)q.y, (double)q.z);
        }
    }
    printf("%s points: %d cases, %d inside, %d near the surface; missed %d, outside band %d (worst false inside %.3g x scale); "
           "closest point outside band %d (worst %.3g x scale)\n",
           test_shape_name(k), n, inside, near, missed, band_bad, worst_fp, closest_bad, worst_closest);
    CHECK_MSG(missed == 0, "%d inside points reported outside", missed);
    CHECK_MSG(band_bad == 0, "%d outside points beyond the band reported inside", band_bad);
    CHECK_MSG(closest_bad == 0, "%d closest points outside the band", closest_bad);
    CHECK(inside >= n / 5 && inside <= n * 4 / 5);
    CHECK(near >= n / 5);
}

TEST_CASE(random_point_sphere) { run_points(TC_SHAPE_SPHERE, 501); }
TEST_CASE(random_point_capsule) { run_points(TC_SHAPE_CAPSULE, 502); }
TEST_CASE(random_point_aabb) { run_points(TC_SHAPE_AABB, 503); }
TEST_CASE(random_point_obb) { run_points(TC_SHAPE_OBB, 504); }
TEST_CASE(random_point_triangle) { run_points(TC_SHAPE_TRIANGLE, 505); }
TEST_CASE(random_point_plane) { run_points(TC_SHAPE_PLANE, 506); }
