/* SPDX-License-Identifier: MIT */
/* Overlap of a sphere with each shape: the distance from the centre to the
 * other shape against the radius. */
#include <touche/overlap.h>

#include <math.h>

#include "core/assert.h"
#include "queries/overlap_far.h"
#include "queries/pad.h"
#include "shapes/validity.h"
#include "shapes/box.h"
#include "shapes/closest.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

bool tc_overlap_sphere_sphere(const tc_sphere *a, const tc_sphere *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_sphere_valid(a) && tc_sphere_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(sphere, sphere, a, b)) return tc_overlap_far_sphere_sphere(a, b);
    tc_vec3 d = tc_vec3_sub(b->center, a->center);
    float r = a->radius + b->radius;
    return tc_within(tc_vec3_dot(d, d), r, tc_vec3_max_abs(d) + r);
}

bool tc_overlap_sphere_capsule(const tc_sphere *a, const tc_capsule *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_sphere_valid(a) && tc_capsule_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(sphere, capsule, a, b)) return tc_overlap_far_sphere_capsule(a, b);
    /* Relative to b->a, so rounding follows the local sizes the pad uses,
     * not the distance from the origin. */
    tc_vec3 ab = tc_vec3_sub(b->b, b->a), pa = tc_vec3_sub(a->center, b->a);
    tc_vec3 q = tc_vec3_scale(ab, tc_segment_closest_param(tc_vec3_zero(), ab, pa));
    tc_vec3 d = tc_vec3_sub(pa, q);
    float r = a->radius + b->radius;
    float mag = tc_vec3_max_abs(tc_vec3_sub(a->center, b->a)) + tc_vec3_max_abs(tc_vec3_sub(b->b, b->a)) + r;
    return tc_within(tc_vec3_dot(d, d), r, mag);
}

bool tc_overlap_sphere_aabb(const tc_sphere *a, const tc_aabb *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_sphere_valid(a) && tc_aabb_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(sphere, aabb, a, b)) return tc_overlap_far_sphere_aabb(a, b);
    /* Clamping is exact; only the subtraction and the squares round. */
    tc_vec3 d = tc_vec3_sub(a->center, tc_vec3_max(b->min, tc_vec3_min(b->max, a->center)));
    return tc_within(tc_vec3_dot(d, d), a->radius, tc_vec3_max_abs(d) + a->radius);
}

bool tc_overlap_sphere_obb(const tc_sphere *a, const tc_obb *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_sphere_valid(a) && tc_obb_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(sphere, obb, a, b)) return tc_overlap_far_sphere_obb(a, b);
    tc_vec3 rel = tc_vec3_sub(a->center, b->center);
    tc_vec3 local = tc_mat3_tmul_vec3(b->rotation, rel);
    tc_vec3 d = tc_vec3_sub(local, tc_box_clamp_local(local, b->half));
    return tc_within(tc_vec3_dot(d, d), a->radius, tc_vec3_norm1(rel) + tc_vec3_max_abs(b->half) + a->radius);
}

bool tc_overlap_sphere_triangle(const tc_sphere *a, const tc_triangle *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_sphere_valid(a) && tc_triangle_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(sphere, triangle, a, b)) return tc_overlap_far_sphere_triangle(a, b);
    /* Relative to b->a (see tc_overlap_sphere_capsule). */
    tc_vec3 pa = tc_vec3_sub(a->center, b->a);
    tc_vec3 q = tc_triangle_closest(tc_vec3_zero(), tc_vec3_sub(b->b, b->a), tc_vec3_sub(b->c, b->a), pa);
    tc_vec3 d = tc_vec3_sub(pa, q);
    float mag = tc_vec3_max_abs(tc_vec3_sub(a->center, b->a)) + tc_vec3_max_abs(tc_vec3_sub(b->b, b->a)) +
                tc_vec3_max_abs(tc_vec3_sub(b->c, b->a)) + a->radius;
    return tc_within(tc_vec3_dot(d, d), a->radius, mag);
}

bool tc_overlap_sphere_plane(const tc_sphere *a, const tc_plane *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_sphere_valid(a) && tc_plane_valid(b))) return false;
    /* Near the end of the float range the sums would overflow float: in
     * double there (the far test's). */
    if (!(tc_maxf(tc_maxf(tc_vec3_max_abs(a->center), a->radius), tc_absf(b->offset)) <= 0x1p100f))
        return tc_overlap_far_sphere_plane(a, b);
    float s = tc_vec3_dot(b->normal, a->center) - b->offset;
    float coords = tc_vec3_norm1(a->center) + tc_absf(b->offset);
    float band = TC_PAD_REL * (coords + a->radius);
    /* The band of the coordinates matters only inside it (tc_plane_pair_is_near). */
    if (!(s <= a->radius + band)) return false;
    if (s < a->radius - band || tc_plane_pair_is_near(coords, a->radius, s)) return true;
    return tc_overlap_far_sphere_plane(a, b);
}
