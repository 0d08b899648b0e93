/* SPDX-License-Identifier: MIT */
/* Tight axis-aligned bounds of each shape. */
#include <touche/shapes.h>

#include "shapes/box.h"

/* Below this every sum and product of the float bounds stays in the float
 * range (three terms of at most 2^125 times a rotation entry of at most 2,
 * plus a centre of at most 2^125). */
#define TC_BOUNDS_FLOAT_RANGE 0x1p124f

/* A valid shape may reach past FLT_MAX (a centre and a radius both near
 * it), whose float bounds overflowed, raising FE_OVERFLOW (issue 12, the
 * pair fuzzer): its bounds are then clamped to the float range
 * (tc_float_saturated). */

/* The box lo - e .. hi + e worked in double and saturated. */
static tc_aabb around_far(tc_vec3 lo, tc_vec3 hi, const double e[3])
{
    tc_aabb b;
    b.min = tc_vec3_make(tc_float_saturated((double)lo.x - e[0]), tc_float_saturated((double)lo.y - e[1]), tc_float_saturated((double)lo.z - e[2]));
    b.max = tc_vec3_make(tc_float_saturated((double)hi.x + e[0]), tc_float_saturated((double)hi.y + e[1]), tc_float_saturated((double)hi.z + e[2]));
    return b;
}

static tc_aabb tc_aabb_around(tc_vec3 center, tc_vec3 extent)
{
    tc_aabb b;
    b.min = tc_vec3_sub(center, extent);
    b.max = tc_vec3_add(center, extent);
    return b;
}

bool tc_sphere_bounds(const tc_sphere *s, tc_aabb *out)
{
    if (!tc_sphere_is_valid(s) || !out) return false;
    if (!(tc_maxf(tc_vec3_max_abs(s->center), s->radius) <= TC_BOUNDS_FLOAT_RANGE)) {
        const double e[3] = { s->radius, s->radius, s->radius };
        *out = around_far(s->center, s->center, e);
        return true;
    }
    *out = tc_aabb_around(s->center, tc_vec3_make(s->radius, s->radius, s->radius));
    return true;
}

bool tc_capsule_bounds(const tc_capsule *c, tc_aabb *out)
{
    if (!tc_capsule_is_valid(c) || !out) return false;
    const tc_vec3 lo = tc_vec3_min(c->a, c->b), hi = tc_vec3_max(c->a, c->b);
    if (!(tc_maxf(tc_maxf(tc_vec3_max_abs(lo), tc_vec3_max_abs(hi)), c->radius) <= TC_BOUNDS_FLOAT_RANGE)) {
        const double e[3] = { c->radius, c->radius, c->radius };
        *out = around_far(lo, hi, e);
        return true;
    }
    tc_vec3 r = tc_vec3_make(c->radius, c->radius, c->radius);
    out->min = tc_vec3_sub(lo, r);
    out->max = tc_vec3_add(hi, r);
    return true;
}

bool tc_obb_bounds(const tc_obb *b, tc_aabb *out)
{
    if (!tc_obb_is_valid(b) || !out) return false;
    /* Extent along world axis k is sum_i half_i * |R[k][i]|. */
    tc_mat3 r = b->rotation;
    if (!(tc_maxf(tc_vec3_max_abs(b->center), tc_vec3_max_abs(b->half)) <= TC_BOUNDS_FLOAT_RANGE) ||
        !(tc_maxf(tc_vec3_max_abs(r.cx), tc_maxf(tc_vec3_max_abs(r.cy), tc_vec3_max_abs(r.cz))) <= 2.0f)) {
        const float h[3] = { b->half.x, b->half.y, b->half.z };
        const tc_vec3 col[3] = { r.cx, r.cy, r.cz };
        double e[3] = { 0.0, 0.0, 0.0 };
        for (int i = 0; i < 3; ++i) {
            e[0] += (double)h[i] * fabs((double)col[i].x);
            e[1] += (double)h[i] * fabs((double)col[i].y);
            e[2] += (double)h[i] * fabs((double)col[i].z);
        }
        for (int k = 0; k < 3; ++k) e[k] *= 1.0 + 4.0 * FLT_EPSILON;
        *out = around_far(b->center, b->center, e);
        return true;
    }
    tc_vec3 e = tc_vec3_add(tc_vec3_add(tc_vec3_scale(tc_vec3_abs(r.cx), b->half.x), tc_vec3_scale(tc_vec3_abs(r.cy), b->half.y)),
                            tc_vec3_scale(tc_vec3_abs(r.cz), b->half.z));
    /* Rounding may shave an ulp off a corner; a hair of growth keeps the
     * bounds containing the box. */
    e = tc_vec3_scale(e, 1.0f + 4.0f * FLT_EPSILON);
    *out = tc_aabb_around(b->center, e);
    return true;
}

bool tc_triangle_bounds(const tc_triangle *t, tc_aabb *out)
{
    if (!tc_triangle_is_valid(t) || !out) return false;
    out->min = tc_vec3_min(t->a, tc_vec3_min(t->b, t->c));
    out->max = tc_vec3_max(t->a, tc_vec3_max(t->b, t->c));
    return true;
}
