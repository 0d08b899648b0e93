/* SPDX-License-Identifier: MIT */
/* Overlap of a capsule with each shape: the distance from its segment to
 * the other shape against the radius. */
#include <touche/overlap.h>

#include "core/assert.h"
#include "queries/overlap_far.h"
#include "queries/pad.h"
#include "queries/slab.h"
#include "shapes/validity.h"
#include "shapes/box.h"
#include "shapes/closest.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

bool tc_overlap_capsule_capsule(const tc_capsule *a, const tc_capsule *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_capsule_valid(a) && tc_capsule_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(capsule, capsule, a, b)) return tc_overlap_far_capsule_capsule(a, b);
    /* Relative to a->a, so rounding follows the local sizes the pad uses. */
    float d2 = tc_segment_segment_closest(tc_vec3_zero(), tc_vec3_sub(a->b, a->a), tc_vec3_sub(b->a, a->a),
                                          tc_vec3_sub(b->b, a->a), NULL, NULL);
    float r = a->radius + b->radius;
    float mag = tc_vec3_max_abs(tc_vec3_sub(b->a, a->a)) + tc_vec3_max_abs(tc_vec3_sub(a->b, a->a)) +
                tc_vec3_max_abs(tc_vec3_sub(b->b, b->a)) + r;
    return tc_within(d2, r, mag);
}

/* Segment p-q (box-local) within r of the box [-half, half]. If the segment
 * misses the box, the closest pair has an endpoint of the segment or a point
 * of a box edge on it (a face-interior closest point with an interior
 * segment point forces the segment parallel to that face, where an endpoint
 * or an edge does as well). */
static bool tc_segment_box_within(tc_vec3 p, tc_vec3 q, tc_vec3 half, float r, float mag)
{
    float pad = TC_PAD_REL * mag;
    tc_vec3 grown = tc_vec3_add(half, tc_vec3_make(r + pad, r + pad, r + pad));
    /* Cheap rejection: the segment's bounds against the grown box. */
    tc_vec3 lo = tc_vec3_min(p, q), hi = tc_vec3_max(p, q);
    if (lo.x > grown.x || hi.x < -grown.x || lo.y > grown.y || hi.y < -grown.y || lo.z > grown.z || hi.z < -grown.z)
        return false;
    tc_vec3 padded = tc_vec3_add(half, tc_vec3_make(pad, pad, pad));
    tc_slab_ray seg = tc_slab_ray_make(p, tc_vec3_sub(q, p));
    float t0 = 0.0f, t1 = 1.0f;
    if (tc_slab_clip(&seg, tc_vec3_neg(padded), padded, &t0, &t1, NULL)) return true;
    tc_vec3 dp = tc_vec3_sub(p, tc_box_clamp_local(p, half));
    if (tc_within(tc_vec3_dot(dp, dp), r, mag)) return true;
    tc_vec3 dq = tc_vec3_sub(q, tc_box_clamp_local(q, half));
    if (tc_within(tc_vec3_dot(dq, dq), r, mag)) return true;
    const float h[3] = { half.x, half.y, half.z };
    for (int axis = 0; axis < 3; ++axis) {
        int u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (int corner = 0; corner < 4; ++corner) {
            float e0[3], e1[3];
            e0[axis] = -h[axis];
            e1[axis] = h[axis];
            e0[u] = e1[u] = (corner & 1) ? h[u] : -h[u];
            e0[v] = e1[v] = (corner & 2) ? h[v] : -h[v];
            float d2 = tc_segment_segment_closest(p, q, tc_vec3_make(e0[0], e0[1], e0[2]),
                                                  tc_vec3_make(e1[0], e1[1], e1[2]), NULL, NULL);
            if (tc_within(d2, r, mag)) return true;
        }
    }
    return false;
}

bool tc_overlap_capsule_aabb(const tc_capsule *a, const tc_aabb *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_capsule_valid(a) && tc_aabb_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(capsule, aabb, a, b)) return tc_overlap_far_capsule_aabb(a, b);
    tc_vec3 center, half;
    tc_aabb_center_half(b, &center, &half);
    /* From the box's exact centre, so that the band follows the pair's sizes
     * and separation, not the distance from the origin (the world's tree
     * boxes are padded by sizes only: docs/world.md, large worlds). */
    tc_vec3 p = tc_aabb_offset(b, a->a), q = tc_aabb_offset(b, a->b);
    float mag = tc_vec3_max_abs(p) + tc_vec3_max_abs(q) + tc_vec3_max_abs(half) + a->radius;
    return tc_segment_box_within(p, q, half, a->radius, mag);
}

bool tc_overlap_capsule_obb(const tc_capsule *a, const tc_obb *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_capsule_valid(a) && tc_obb_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(capsule, obb, a, b)) return tc_overlap_far_capsule_obb(a, b);
    tc_vec3 p = tc_obb_point_to_local(b, a->a), q = tc_obb_point_to_local(b, a->b);
    float mag = tc_vec3_norm1(tc_vec3_sub(a->a, b->center)) + tc_vec3_norm1(tc_vec3_sub(a->b, b->center)) +
                tc_vec3_max_abs(b->half) + a->radius;
    return tc_segment_box_within(p, q, b->half, a->radius, mag);
}

bool tc_overlap_capsule_triangle(const tc_capsule *a, const tc_triangle *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_capsule_valid(a) && tc_triangle_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(capsule, triangle, a, b)) return tc_overlap_far_capsule_triangle(a, b);
    /* Relative to b->a, so rounding follows the local sizes the pad uses. */
    tc_triangle t;
    t.a = tc_vec3_zero();
    t.b = tc_vec3_sub(b->b, b->a);
    t.c = tc_vec3_sub(b->c, b->a);
    float d2 = tc_segment_triangle_closest(tc_vec3_sub(a->a, b->a), tc_vec3_sub(a->b, b->a), &t, NULL, NULL);
    float mag = tc_vec3_max_abs(tc_vec3_sub(a->a, b->a)) + tc_vec3_max_abs(tc_vec3_sub(a->b, b->a)) +
                tc_vec3_max_abs(tc_vec3_sub(b->b, b->a)) + tc_vec3_max_abs(tc_vec3_sub(b->c, b->a)) + a->radius;
    return tc_within(d2, a->radius, mag);
}

bool tc_overlap_capsule_plane(const tc_capsule *a, const tc_plane *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_capsule_valid(a) && tc_plane_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(capsule, plane, a, b)) return tc_overlap_far_capsule_plane(a, b);
    float s = tc_minf(tc_vec3_dot(b->normal, a->a), tc_vec3_dot(b->normal, a->b)) - b->offset;
    /* Only the endpoint that gives the minimum rounds into s: the larger of
     * the two bounds covers it (a sum would pad past the band). */
    float coords = tc_maxf(tc_vec3_norm1(a->a), tc_vec3_norm1(a->b)) + tc_absf(b->offset);
    float band = TC_PAD_REL * (coords + a->radius);
    /* The band of the coordinates matters only inside it (tc_plane_pair_is_near). */
    if (!(s <= a->radius + band)) return false;
    if (s < a->radius - band || tc_plane_pair_is_near(coords, a->radius + tc_vec3_max_abs(tc_vec3_sub(a->b, a->a)), s))
        return true;
    return tc_overlap_far_capsule_plane(a, b);
}
