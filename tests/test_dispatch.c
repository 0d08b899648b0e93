/* SPDX-License-Identifier: MIT */
/* Shape dispatch (dispatch.h): every query through tc_shape_* gives the pair
 * function's answer, in either operand order, with normals and points turned
 * around when the operands are swapped. */
#include <math.h>
#include <touche/touche.h>

#include "harness.h"

static tc_shape random_shape(test_rng *r, int type)
{
#define U(lo, hi) ((float)test_rng_uniform(r, (lo), (hi)))
    tc_vec3 c = tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1));
    switch (type) {
    case 0: { tc_sphere s = { c, U(0.2f, 1) }; return tc_shape_from_sphere(s); }
    case 1: { tc_capsule k = { c, tc_vec3_add(c, tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1))), U(0.1f, 0.5f) }; return tc_shape_from_capsule(k); }
    case 2: { tc_aabb b = { tc_vec3_sub(c, tc_vec3_make(U(0.1f, 1), U(0.1f, 1), U(0.1f, 1))), c }; return tc_shape_from_aabb(b); }
    case 3: return tc_shape_from_obb(tc_obb_from_quat(c, tc_vec3_make(U(0.1f, 1), U(0.1f, 1), U(0.1f, 1)), tc_quat_make(U(-1, 1), U(-1, 1), U(-1, 1), U(-1, 1))));
    case 4: { tc_triangle t = { c, tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1)), tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1)) }; return tc_shape_from_triangle(t); }
    default: return tc_shape_from_plane(tc_plane_from_point_normal(c, tc_vec3_make(U(-1, 1), U(-1, 1), U(0.2f, 1))));
    }
#undef U
}

TEST_CASE(dispatch_is_symmetric_for_every_pair)
{
    test_rng r = { 77 };
    int contacts = 0, hits = 0;
    for (int i = 0; i < 6000; ++i) {
        int ta = test_rng_int(&r, 0, 5), tb = test_rng_int(&r, 0, 5);
        if (ta == 5 && tb == 5) continue;
        tc_shape a = random_shape(&r, ta), b = random_shape(&r, tb);
        CHECK(tc_shape_overlap(&a, &b) == tc_shape_overlap(&b, &a));
        tc_vec3 pa, pb, qa, qb;
        float d1 = tc_shape_distance(&a, &b, &pa, &pb), d2 = tc_shape_distance(&b, &a, &qb, &qa);
        if (ta != tb) {
            /* the same pair function with the same operands: bit for bit */
            CHECK(d1 == d2);
            CHECK(pa.x == qa.x && pa.y == qa.y && pa.z == qa.z && pb.x == qb.x && pb.y == qb.y && pb.z == qb.z);
        } else {
            /* the same function with its operands swapped: equal up to rounding */
            CHECK_NEAR(d1, d2, 1e-5 * (1.0 + d1));
        }
        /* distance zero exactly when they overlap (within the band) */
        if (tc_shape_overlap(&a, &b)) CHECK(d1 <= 1e-4f);
        tc_manifold m1, m2;
        bool c1 = tc_shape_contact(&a, &b, &m1), c2 = tc_shape_contact(&b, &a, &m2);
        if (ta != tb) {
            CHECK(c1 == c2);
            if (c1) {
                ++contacts;
                CHECK(m1.normal.x == -m2.normal.x && m1.normal.y == -m2.normal.y && m1.normal.z == -m2.normal.z);
            }
        }
        tc_vec3 va = tc_vec3_make(0, 0, 3), vb = tc_vec3_zero();
        tc_sweep_hit h1, h2;
        bool s1 = tc_shape_sweep(&a, va, &b, vb, 1.0f, &h1), s2 = tc_shape_sweep(&b, vb, &a, va, 1.0f, &h2);
        if (ta != tb) {
            CHECK(s1 == s2);
            if (s1) {
                ++hits;
                CHECK(h1.t == h2.t);
                CHECK(h1.normal.x == -h2.normal.x && h1.normal.y == -h2.normal.y && h1.normal.z == -h2.normal.z);
            }
        }
    }
    CHECK(contacts > 500 && hits > 500);
}

TEST_CASE(dispatch_two_planes_and_bad_types)
{
    tc_shape p = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_zero(), tc_vec3_make(0, 0, 1)));
    tc_shape q = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_make(0, 0, 5), tc_vec3_make(0, 0, -1)));
    CHECK(!tc_shape_overlap(&p, &q)); /* z <= 0 and z >= 5 */
    tc_manifold m;
    tc_sweep_hit h;
    CHECK(!tc_shape_contact(&p, &q, &m));
    CHECK(isinf(tc_shape_distance(&p, &q, NULL, NULL)));
    CHECK(!tc_shape_sweep(&p, tc_vec3_zero(), &q, tc_vec3_zero(), 1.0f, &h));
    tc_shape bad = p;
    bad.type = (tc_shape_type)42;
    CHECK(!tc_shape_overlap(&bad, &p));
    CHECK(!tc_shape_contact(&p, &bad, &m));
    CHECK(isinf(tc_shape_distance(&bad, &p, NULL, NULL)));
    CHECK(!tc_shape_sweep(&bad, tc_vec3_zero(), &p, tc_vec3_zero(), 1.0f, &h));
}
