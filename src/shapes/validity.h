/* SPDX-License-Identifier: MIT */
/* Inline validity checks for hot paths; the exported tc_<shape>_is_valid
 * functions are these same checks. */
#ifndef TOUCHE_SHAPES_VALIDITY_H
#define TOUCHE_SHAPES_VALIDITY_H

#include <touche/shapes.h>

#include "core/float.h"

static inline bool tc_obb_valid(const tc_obb *b)
{
    const tc_mat3 *r = &b->rotation;
    return tc_vec3_finite(b->center) && tc_vec3_finite(b->half) && tc_vec3_finite(r->cx) &&
           tc_vec3_finite(r->cy) && tc_vec3_finite(r->cz) && b->half.x >= 0.0f && b->half.y >= 0.0f && b->half.z >= 0.0f;
}


/* Spheres and capsules: one flag word for all their numbers, one test. */
static inline bool tc_sphere_valid(const tc_sphere *s)
{
    return ((tc_vec3_nonfinite_flag(s->center) | tc_size_invalid_flag(s->radius)) & TC_NONFINITE_FLAG) == 0;
}

static inline bool tc_capsule_valid(const tc_capsule *c)
{
    return ((tc_vec3_nonfinite_flag(c->a) | tc_vec3_nonfinite_flag(c->b) | tc_size_invalid_flag(c->radius)) &
            TC_NONFINITE_FLAG) == 0;
}

static inline bool tc_aabb_valid(const tc_aabb *b)
{
    return tc_vec3_finite(b->min) && tc_vec3_finite(b->max) && b->min.x <= b->max.x && b->min.y <= b->max.y &&
           b->min.z <= b->max.z;
}

static inline bool tc_triangle_valid(const tc_triangle *t)
{
    return tc_vec3_nonfinite_count(t->a) + tc_vec3_nonfinite_count(t->b) + tc_vec3_nonfinite_count(t->c) == 0;
}

static inline bool tc_plane_valid(const tc_plane *p)
{
    if ((tc_vec3_nonfinite_flag(p->normal) | tc_nonfinite_flag(p->offset)) & TC_NONFINITE_FLAG) return false;
    /* clamped first so that the square of a huge component cannot overflow
     * (a component beyond 2 makes the length wrong either way) */
    const tc_vec3 n = tc_vec3_make(tc_clampf(p->normal.x, -2.0f, 2.0f), tc_clampf(p->normal.y, -2.0f, 2.0f),
                                   tc_clampf(p->normal.z, -2.0f, 2.0f));
    float len2 = tc_vec3_length_sq(n);
    return len2 > 0.998f && len2 < 1.002f;
}

#endif
