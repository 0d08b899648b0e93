/* SPDX-License-Identifier: MIT */
/* The overlap test for shapes beyond the float tests' range: the distance
 * query's GJK in double (see overlap_far.h). */
#include "queries/overlap_far.h"

#include "queries/manifold.h"
#include "queries/pair_queries.h"

/* Touching exactly as the distance query (tc_core_distance) and the contact
 * (tc_core_contact) decide it, in the same frame (tc_core_pair_recentre):
 * GJK's distance with its rounding snapped to touching, then apart only
 * when the gap survives rounding to float. (A wider band of its own, 1e-9
 * of the scale, made a triangle with a vertex at 1e20 overlap an OBB 1.7e9
 * away, at that distance, with no contact: issue 12.) */
static bool cores_overlap(tc_core *a, tc_core *b)
{
    tc_core_pair_recentre(a, b);
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    const double radii = a->radius + b->radius;
    const double scale = a->scale > b->scale ? a->scale : b->scale;
    return !tc_rounded_apart(tc_gjk_core_distance(r.distance, radii, scale), radii);
}

bool tc_far_contact(tc_core *a, tc_core *b, tc_manifold *m, bool *far)
{
    const tc_dvec3 d = tc_core_pair_recentre(a, b);
    if (!tc_core_contact(a, b, m, far)) return false;
    if (m) tc_manifold_moved_back(m, d);
    return true;
}

float tc_far_distance(tc_core *a, tc_core *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    const tc_dvec3 d = tc_core_pair_recentre(a, b);
    tc_vec3 pa, pb;
    const float r = tc_core_distance(a, b, &pa, &pb);
    if (point_a) *point_a = tc_core_moved_back(pa, d);
    if (point_b) *point_b = tc_core_moved_back(pb, d);
    return r;
}

#define TC_OVERLAP_FAR(A, B)                                                  \
    bool tc_overlap_far_##A##_##B(const tc_##A *a, const tc_##B *b)           \
    {                                                                         \
        tc_core ca, cb;                                                       \
        tc_core_from_##A(&ca, a);                                             \
        tc_core_from_##B(&cb, b);                                             \
        return cores_overlap(&ca, &cb);                                       \
    }

TC_OVERLAP_FAR(sphere, sphere)
TC_OVERLAP_FAR(sphere, capsule)
TC_OVERLAP_FAR(sphere, aabb)
TC_OVERLAP_FAR(sphere, obb)
TC_OVERLAP_FAR(sphere, triangle)
TC_OVERLAP_FAR(capsule, capsule)
TC_OVERLAP_FAR(capsule, aabb)
TC_OVERLAP_FAR(capsule, obb)
TC_OVERLAP_FAR(capsule, triangle)
TC_OVERLAP_FAR(aabb, triangle)
TC_OVERLAP_FAR(obb, triangle)
TC_OVERLAP_FAR(triangle, triangle)

/* placed: an OBB's corners are computed from its centre and turn. */
#define TC_OVERLAP_FAR_PLANE(A, placed)                                  \
    bool tc_overlap_far_##A##_plane(const tc_##A *a, const tc_plane *b) \
    {                                                                    \
        tc_core ca;                                                      \
        tc_core_from_##A(&ca, a);                                        \
        const tc_half_space h = tc_half_space_from_plane(b);             \
        return tc_core_plane_within_rounding(&ca, &h, placed);           \
    }

TC_OVERLAP_FAR_PLANE(sphere, false)
TC_OVERLAP_FAR_PLANE(capsule, false)
TC_OVERLAP_FAR_PLANE(aabb, false)
TC_OVERLAP_FAR_PLANE(obb, true)
TC_OVERLAP_FAR_PLANE(triangle, false)
