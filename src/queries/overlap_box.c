/* SPDX-License-Identifier: MIT */
/* Overlap of boxes (AABB, OBB) with boxes, triangles and planes. An AABB is
 * handled as the OBB with identity axes wherever that reuses the one
 * separating-axis implementation. */
#include <touche/overlap.h>

#include "core/assert.h"
#include "queries/overlap_far.h"
#include "queries/sat_box_box.h"
#include "queries/sat_box_triangle.h"
#include "shapes/validity.h"
#include "shapes/box.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

bool tc_overlap_aabb_aabb(const tc_aabb *a, const tc_aabb *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_aabb_valid(a) && tc_aabb_valid(b))) return false;
    /* Exact in float: comparisons only. */
    return a->min.x <= b->max.x && b->min.x <= a->max.x && a->min.y <= b->max.y && b->min.y <= a->max.y &&
           a->min.z <= b->max.z && b->min.z <= a->max.z;
}

bool tc_overlap_aabb_obb(const tc_aabb *a, const tc_obb *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_aabb_valid(a) && tc_obb_valid(b))) return false;
    tc_obb box = tc_obb_from_aabb(a), other = *b;
    if (tc_maxf(tc_aabb_magnitude(a), tc_obb_magnitude(b)) <= 0x1p126f) {
        /* The pair moved so that the OBB's centre is the origin, the AABB's
         * centre taken exactly (tc_aabb_offset): what rounds is then
         * relative to their separation and sizes, not to their distance
         * from the origin (beyond 2^28 too: the float centre's own rounding,
         * 1e-7 of it, joined boxes 100 apart at 1e9). Below 2^126 the
         * offset, at most twice that, is a float. */
        box.center = tc_vec3_neg(tc_aabb_offset(a, b->center));
        other.center = tc_vec3_zero();
    }
    /* The float centre and half extents round (by half an ulp of the centre
     * and of the extent); the SAT's pad only covers the pair's local sizes,
     * so grow the box to contain the AABB exactly. */
    box.half.x += FLT_EPSILON * (tc_absf(box.center.x) + box.half.x);
    box.half.y += FLT_EPSILON * (tc_absf(box.center.y) + box.half.y);
    box.half.z += FLT_EPSILON * (tc_absf(box.center.z) + box.half.z);
    return tc_box_box_separating_axis(&box, &other, TC_SAT_AXIS_NONE) == TC_SAT_AXIS_NONE;
}

/* The triangle's corners relative to the box's centre are d[] (each
 * rounded relative to its own length: the band follows the pair's sizes
 * and separation, not the distance from the origin). */
static bool tc_box_triangle_overlap(const tc_vec3 d[3], tc_vec3 half, const tc_mat3 *rotation)
{
    tc_vec3 v[3];
    for (int k = 0; k < 3; ++k) v[k] = rotation ? tc_mat3_tmul_vec3(*rotation, d[k]) : d[k];
    /* Each projection rounds relative to its own corner: the largest bound
     * covers them (a sum pads past the band for a large triangle). */
    float mag = tc_maxf(tc_vec3_norm1(d[0]), tc_maxf(tc_vec3_norm1(d[1]), tc_vec3_norm1(d[2])));
    return tc_box_triangle_overlap_local(half, v, mag);
}

bool tc_overlap_aabb_triangle(const tc_aabb *a, const tc_triangle *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_aabb_valid(a) && tc_triangle_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(aabb, triangle, a, b)) return tc_overlap_far_aabb_triangle(a, b);
    tc_vec3 center, half;
    tc_aabb_center_half(a, &center, &half);
    /* from the exact centre: the float one rounds by its coordinates */
    const tc_vec3 d[3] = { tc_aabb_offset(a, b->a), tc_aabb_offset(a, b->b), tc_aabb_offset(a, b->c) };
    return tc_box_triangle_overlap(d, half, NULL);
}

bool tc_overlap_obb_triangle(const tc_obb *a, const tc_triangle *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_obb_valid(a) && tc_triangle_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(obb, triangle, a, b)) return tc_overlap_far_obb_triangle(a, b);
    const tc_vec3 d[3] = { tc_vec3_sub(b->a, a->center), tc_vec3_sub(b->b, a->center), tc_vec3_sub(b->c, a->center) };
    return tc_box_triangle_overlap(d, a->half, &a->rotation);
}

/* Box centre's signed distance to the plane against the box's projected
 * radius on the normal; *far: the pair is inside the band of the
 * coordinates, which is not of its own numbers there (tc_plane_pair_is_near):
 * the far test decides it. */
static bool tc_box_plane_overlap(tc_vec3 center, float radius, float half_scale, const tc_plane *p, bool *far)
{
    float s = tc_vec3_dot(p->normal, center) - p->offset;
    float coords = tc_vec3_norm1(center) + tc_absf(p->offset);
    float band = TC_PAD_REL * (coords + half_scale);
    *far = false;
    if (!(s <= radius + band)) return false;
    *far = !(s < radius - band) && !tc_plane_pair_is_near(coords, half_scale, s);
    return true;
}

bool tc_overlap_aabb_plane(const tc_aabb *a, const tc_plane *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_aabb_valid(a) && tc_plane_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(aabb, plane, a, b)) return tc_overlap_far_aabb_plane(a, b);
    tc_vec3 center, half;
    tc_aabb_center_half(a, &center, &half);
    float r = tc_vec3_dot(half, tc_vec3_abs(b->normal));
    bool far;
    const bool near_answer = tc_box_plane_overlap(center, r, half.x + half.y + half.z, b, &far);
    return far ? tc_overlap_far_aabb_plane(a, b) : near_answer;
}

bool tc_overlap_obb_plane(const tc_obb *a, const tc_plane *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_obb_valid(a) && tc_plane_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(obb, plane, a, b)) return tc_overlap_far_obb_plane(a, b);
    bool far;
    const bool near_answer =
        tc_box_plane_overlap(a->center, tc_obb_projected_radius(a, b->normal), a->half.x + a->half.y + a->half.z, b, &far);
    return far ? tc_overlap_far_obb_plane(a, b) : near_answer;
}
