/* SPDX-License-Identifier: MIT */
/* Inline validity checks for hot paths; the exported tc_<shape>_is_valid
 * functions are these same checks. */
#ifndef TOUCHE_SHAPES_VALIDITY_H
#define TOUCHE_SHAPES_VALIDITY_H

#include <touche/shapes.h>

#include "core/float.h"
#include "math/dvec.h"

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

/* AABBs: the flag word of their six numbers, then min <= max (numbers by
 * then). */
_Static_assert(sizeof(tc_aabb) == 6 * sizeof(float), "an aabb is its 6 floats");
static inline bool tc_aabb_valid(const tc_aabb *b)
{
    return (tc_floats_flag(b, 6, false) & TC_NONFINITE_FLAG) == 0 && b->min.x <= b->max.x && b->min.y <= b->max.y &&
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

/* A hull's or mesh's placement, position + rotation * (scale * p), for
 * the points p of its data (inside the box [lo, hi] and the ball of centre
 * c, radius r): inside the float range. Bounded in double (the numbers
 * must already be finite) per world axis k, row k of the rotation taking
 * the box's bound or the ball's, whichever is less (the box is exact
 * unturned, the ball within r (1 + 1e-6) turned), and each float product
 * and partial sum of rotation * (scale p) by scale max|p| times the largest
 * of 1 and the rows' sums of magnitudes; all against FLT_MAX. Beyond, a placed vertex is no float, so the shape is
 * invalid as one with an infinite number is. */
static inline bool tc_placement_in_range(tc_vec3 position, const tc_mat3 *rotation, float scale, tc_dvec3 c, double r,
                                         tc_vec3 lo, tc_vec3 hi)
{
    const double s = scale;
    const double pos[3] = { position.x, position.y, position.z };
    const tc_dvec3 mid = tc_dvec3_scale(tc_dvec3_add(tc_dvec3_from(lo), tc_dvec3_from(hi)), 0.5);
    const tc_dvec3 half = tc_dvec3_scale(tc_dvec3_sub(tc_dvec3_from(hi), tc_dvec3_from(lo)), 0.5);
    const tc_vec3 rows[3] = { { rotation->cx.x, rotation->cy.x, rotation->cz.x },
                              { rotation->cx.y, rotation->cy.y, rotation->cz.y },
                              { rotation->cx.z, rotation->cy.z, rotation->cz.z } };
    double row_max = 1.0, reach = 0.0;
    for (int k = 0; k < 3; ++k) {
        const tc_dvec3 row = tc_dvec3_from(rows[k]);
        const double len = tc_dvec3_length(row), sum = fabs(row.x) + fabs(row.y) + fabs(row.z);
        row_max = sum > row_max ? sum : row_max;
        const double ball = fabs(pos[k] + s * tc_dvec3_dot(row, c)) + s * len * r;
        const double box = fabs(pos[k] + s * tc_dvec3_dot(row, mid)) +
                           s * (fabs(row.x) * half.x + fabs(row.y) * half.y + fabs(row.z) * half.z);
        const double at = ball < box ? ball : box;
        reach = at > reach ? at : reach;
    }
    const double p_max = tc_maxf(tc_vec3_max_abs(lo), tc_vec3_max_abs(hi));
    return reach <= (double)FLT_MAX && s * p_max * row_max <= (double)FLT_MAX;
}
#endif
