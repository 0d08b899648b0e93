/* SPDX-License-Identifier: MIT */
/* The library's queries behind one tagged interface, so one random driver
 * covers every pair. This is only dispatch: no geometry here. */
#include "oracle.h"

bool lib_overlap(const tc_shape *a, const tc_shape *b)
{
#define P(A, B) ((A) * TC_SHAPE_TYPE_COUNT + (B))
    switch (P(a->type, b->type)) {
    case P(TC_SHAPE_SPHERE, TC_SHAPE_SPHERE): return tc_overlap_sphere_sphere(&a->u.sphere, &b->u.sphere);
    case P(TC_SHAPE_SPHERE, TC_SHAPE_CAPSULE): return tc_overlap_sphere_capsule(&a->u.sphere, &b->u.capsule);
    case P(TC_SHAPE_SPHERE, TC_SHAPE_AABB): return tc_overlap_sphere_aabb(&a->u.sphere, &b->u.aabb);
    case P(TC_SHAPE_SPHERE, TC_SHAPE_OBB): return tc_overlap_sphere_obb(&a->u.sphere, &b->u.obb);
    case P(TC_SHAPE_SPHERE, TC_SHAPE_TRIANGLE): return tc_overlap_sphere_triangle(&a->u.sphere, &b->u.triangle);
    case P(TC_SHAPE_SPHERE, TC_SHAPE_PLANE): return tc_overlap_sphere_plane(&a->u.sphere, &b->u.plane);
    case P(TC_SHAPE_CAPSULE, TC_SHAPE_CAPSULE): return tc_overlap_capsule_capsule(&a->u.capsule, &b->u.capsule);
    case P(TC_SHAPE_CAPSULE, TC_SHAPE_AABB): return tc_overlap_capsule_aabb(&a->u.capsule, &b->u.aabb);
    case P(TC_SHAPE_CAPSULE, TC_SHAPE_OBB): return tc_overlap_capsule_obb(&a->u.capsule, &b->u.obb);
    case P(TC_SHAPE_CAPSULE, TC_SHAPE_TRIANGLE): return tc_overlap_capsule_triangle(&a->u.capsule, &b->u.triangle);
    case P(TC_SHAPE_CAPSULE, TC_SHAPE_PLANE): return tc_overlap_capsule_plane(&a->u.capsule, &b->u.plane);
    case P(TC_SHAPE_AABB, TC_SHAPE_AABB): return tc_overlap_aabb_aabb(&a->u.aabb, &b->u.aabb);
    case P(TC_SHAPE_AABB, TC_SHAPE_OBB): return tc_overlap_aabb_obb(&a->u.aabb, &b->u.obb);
    case P(TC_SHAPE_AABB, TC_SHAPE_TRIANGLE): return tc_overlap_aabb_triangle(&a->u.aabb, &b->u.triangle);
    case P(TC_SHAPE_AABB, TC_SHAPE_PLANE): return tc_overlap_aabb_plane(&a->u.aabb, &b->u.plane);
    case P(TC_SHAPE_OBB, TC_SHAPE_OBB): return tc_overlap_obb_obb(&a->u.obb, &b->u.obb);
    case P(TC_SHAPE_OBB, TC_SHAPE_TRIANGLE): return tc_overlap_obb_triangle(&a->u.obb, &b->u.triangle);
    case P(TC_SHAPE_OBB, TC_SHAPE_PLANE): return tc_overlap_obb_plane(&a->u.obb, &b->u.plane);
    case P(TC_SHAPE_TRIANGLE, TC_SHAPE_TRIANGLE): return tc_overlap_triangle_triangle(&a->u.triangle, &b->u.triangle);
    case P(TC_SHAPE_TRIANGLE, TC_SHAPE_PLANE): return tc_overlap_triangle_plane(&a->u.triangle, &b->u.plane);
    default: return false;
    }
#undef P
}

tc_vec3 lib_closest(const tc_shape *s, tc_vec3 p)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_sphere_closest_point(&s->u.sphere, p);
    case TC_SHAPE_CAPSULE: return tc_capsule_closest_point(&s->u.capsule, p);
    case TC_SHAPE_AABB: return tc_aabb_closest_point(&s->u.aabb, p);
    case TC_SHAPE_OBB: return tc_obb_closest_point(&s->u.obb, p);
    case TC_SHAPE_TRIANGLE: return tc_triangle_closest_point(&s->u.triangle, p);
    default: return tc_plane_closest_point(&s->u.plane, p);
    }
}
