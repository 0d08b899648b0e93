/* SPDX-License-Identifier: MIT */
/* Tight axis-aligned bounds of each shape. */
#include <touche/shapes.h>

#include "shapes/box.h"

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
    *out = tc_aabb_around(s->center, tc_vec3_make(s->radius, s->radius, s->radius));
    return true;
}

bool tc_capsule_bounds(const tc_capsule *c, tc_aabb *out)
{
    if (!tc_capsule_is_valid(c) || !out) return false;
    tc_vec3 r = tc_vec3_make(c->radius, c->radius, c->radius);
    out->min = tc_vec3_sub(tc_vec3_min(c->a, c->b), r);
    out->max = tc_vec3_add(tc_vec3_max(c->a, c->b), r);
    return true;
}

bool tc_obb_bounds(const tc_obb *b, tc_aabb *out)
{
    if (!tc_obb_is_valid(b) || !out) return false;
    /* Extent along world axis k is sum_i half_i * |R[k][i]|. */
    tc_mat3 r = b->rotation;
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
