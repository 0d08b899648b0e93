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


/* Spheres and capsules: one flag word for all their numbers (the radius
 * last), one test. */
_Static_assert(sizeof(tc_sphere) == 4 * sizeof(float), "a sphere is its 4 floats");
_Static_assert(sizeof(tc_capsule) == 7 * sizeof(float), "a capsule is its 7 floats");
static inline bool tc_sphere_valid(const tc_sphere *s) { return (tc_floats_flag(s, 4, true) & TC_NONFINITE_FLAG) == 0; }
static inline bool tc_capsule_valid(const tc_capsule *c) { return (tc_floats_flag(c, 7, true) & TC_NONFINITE_FLAG) == 0; }

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
    /* A component beyond 2 (NaN and infinity included) makes the length
     * wrong whatever the others are; within 2 the squares cannot overflow.
     * The same answers as clamping the components to 2 first, with a third
     * of the instructions. */
    if ((tc_vec3_abs_above_flag(p->normal, 2.0f) | tc_nonfinite_flag(p->offset)) & TC_NONFINITE_FLAG) return false;
    float len2 = tc_vec3_length_sq(p->normal);
    return len2 > 0.998f && len2 < 1.002f;
}

#endif
