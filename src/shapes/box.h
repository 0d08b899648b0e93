/* SPDX-License-Identifier: MIT */
/* The one closest-point-on-box routine and the OBB frame helpers every box
 * query shares. A box here is centred at the origin of its own frame with
 * half extents `half`; world <-> local goes through the OBB's rotation. */
#ifndef TOUCHE_SHAPES_BOX_H
#define TOUCHE_SHAPES_BOX_H

#include <touche/shapes.h>

#include "core/float.h"

/* Closest point of the box [-half, half] to a local point: clamp per axis. */
static inline tc_vec3 tc_box_clamp_local(tc_vec3 p, tc_vec3 half)
{
    return tc_vec3_make(tc_clampf(p.x, -half.x, half.x), tc_clampf(p.y, -half.y, half.y),
                        tc_clampf(p.z, -half.z, half.z));
}

static inline tc_vec3 tc_obb_point_to_local(const tc_obb *b, tc_vec3 p)
{
    return tc_mat3_tmul_vec3(b->rotation, tc_vec3_sub(p, b->center));
}

static inline tc_vec3 tc_obb_point_to_world(const tc_obb *b, tc_vec3 p)
{
    return tc_vec3_add(b->center, tc_mat3_mul_vec3(b->rotation, p));
}

/* p minus the AABB's centre, from the exact centre (min + max) / 2 in
 * double, rounded once: its error is relative to the offset, not to the
 * distance from the origin, by which the float centre rounds (half an ulp
 * of its coordinates). For coordinates below 2^100 (the overlap tests send
 * larger ones to their double versions): no sum overflows. */
static inline tc_vec3 tc_aabb_offset(const tc_aabb *b, tc_vec3 p)
{
    return tc_vec3_make((float)((double)p.x - 0.5 * ((double)b->min.x + b->max.x)),
                        (float)((double)p.y - 0.5 * ((double)b->min.y + b->max.y)),
                        (float)((double)p.z - 0.5 * ((double)b->min.z + b->max.z)));
}

/* An AABB as centre and half extents. */
static inline void tc_aabb_center_half(const tc_aabb *b, tc_vec3 *center, tc_vec3 *half)
{
    /* halved first, so that no sum overflows (FE_OVERFLOW) near FLT_MAX;
     * halving is exact, so the bits are those of (min + max) / 2 */
    const tc_vec3 lo = tc_vec3_scale(b->min, 0.5f), hi = tc_vec3_scale(b->max, 0.5f);
    *center = tc_vec3_add(lo, hi);
    *half = tc_vec3_sub(hi, lo);
}

/* Projected radius of an OBB onto a world axis: sum of half * |axis . column|. */
static inline float tc_obb_projected_radius(const tc_obb *b, tc_vec3 axis)
{
    return b->half.x * tc_absf(tc_vec3_dot(b->rotation.cx, axis)) + b->half.y * tc_absf(tc_vec3_dot(b->rotation.cy, axis)) +
           b->half.z * tc_absf(tc_vec3_dot(b->rotation.cz, axis));
}

#endif
