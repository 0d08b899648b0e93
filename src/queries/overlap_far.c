/* SPDX-License-Identifier: MIT */
/* The overlap test for shapes beyond the float tests' range: the distance
 * query's GJK in double (see overlap_far.h). */
#include "queries/overlap_far.h"

#include "queries/pair_queries.h"

static bool cores_overlap(const tc_core *a, const tc_core *b)
{
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    const double radii = a->radius + b->radius;
    const double scale = (a->scale > b->scale ? a->scale : b->scale) + radii;
    return r.distance - radii <= TC_CORE_CONTACT_EPSILON * scale;
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
