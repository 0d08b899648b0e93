/* SPDX-License-Identifier: MIT */
/* Quick sanity checks of the core queries on configurations whose answer
 * follows from geometry by hand. The exhaustive checks against independent
 * oracles live in the other test files. */
#include <math.h>
#include <touche/touche.h>

#include "harness.h"

static tc_obb box_at(float x, float y, float z, float h, tc_quat q)
{
    return tc_obb_from_quat(tc_vec3_make(x, y, z), tc_vec3_make(h, h, h), q);
}

TEST_CASE(obb_touching_faces_overlap)
{
    tc_obb a = box_at(0, 0, 0, 1, tc_quat_identity());
    tc_obb b = box_at(2, 0, 0, 1, tc_quat_identity());
    tc_obb c = box_at(2.001f, 0, 0, 1, tc_quat_identity());
    CHECK(tc_overlap_obb_obb(&a, &b));
    CHECK(!tc_overlap_obb_obb(&a, &c));
    CHECK(tc_sat_obb_obb(&a, &c, TC_SAT_AXIS_NONE) == TC_SAT_AXIS_A0);
}

TEST_CASE(obb_edge_edge_only_separation)
{
    /* Unit cubes: A turned 45 degrees about z has an edge along z at x = s;
     * B turned 45 degrees about y has an edge along y at x = cx - s. The
     * edges are perpendicular and their gap along x is cx - 2s. The x axis
     * is A_z x B_y, not a face normal of either box, and every face axis
     * still shows the projections overlapping. */
    float s = sqrtf(2.0f);
    tc_obb a = box_at(0, 0, 0, 1, tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), 0.785398163f));
    tc_obb b = box_at(2.0f * s + 0.01f, 0, 0, 1, tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), 0.785398163f));
    tc_sat_axis axis = tc_sat_obb_obb(&a, &b, TC_SAT_AXIS_NONE);
    CHECK(axis == TC_SAT_AXIS_A2xB1);
    CHECK(!tc_overlap_obb_obb(&a, &b));
    tc_obb c = b;
    c.center.x = 2.0f * s - 0.01f;
    CHECK(tc_overlap_obb_obb(&a, &c));
}

TEST_CASE(sphere_pairs_by_hand)
{
    tc_sphere a = { { 0, 0, 0 }, 1 }, b = { { 2, 0, 0 }, 1 }, c = { { 2.01f, 0, 0 }, 1 };
    CHECK(tc_overlap_sphere_sphere(&a, &b));
    CHECK(!tc_overlap_sphere_sphere(&a, &c));
    tc_aabb box = { { 1, -1, -1 }, { 3, 1, 1 } };
    CHECK(tc_overlap_sphere_aabb(&a, &box));
    tc_sphere corner = { { 3.5f, 1.5f, 0 }, 0.70f }, corner2 = { { 3.5f, 1.5f, 0 }, 0.71f };
    CHECK(!tc_overlap_sphere_aabb(&corner, &box));
    CHECK(tc_overlap_sphere_aabb(&corner2, &box));
}

TEST_CASE(ray_box_by_hand)
{
    tc_aabb box = { { -1, -1, -1 }, { 1, 1, 1 } };
    tc_ray ray = { { -5, 0, 0 }, { 2, 0, 0 } };
    tc_ray_hit hit;
    CHECK(tc_raycast_aabb(&ray, &box, INFINITY, &hit));
    CHECK_NEAR(hit.t, 2.0, 1e-6);
    CHECK_NEAR(hit.normal.x, -1.0, 1e-6);
    CHECK(!tc_raycast_aabb(&ray, &box, 1.9f, &hit));
    tc_ray graze = { { -5, 1, 0 }, { 1, 0, 0 } };
    CHECK(tc_raycast_aabb(&graze, &box, INFINITY, &hit));
    CHECK_NEAR(hit.t, 4.0, 1e-6);
    tc_ray inside = { { 0, 0, 0 }, { 0, 0, 3 } };
    CHECK(tc_raycast_aabb(&inside, &box, INFINITY, &hit));
    CHECK(hit.t == 0.0f);
    CHECK_NEAR(hit.normal.z, -1.0, 1e-6);
}
