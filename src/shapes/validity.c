/* Shape validity: finite numbers, non-negative sizes, a unit plane normal.
 * Queries call these on their slow paths (after a cheap answer would be
 * "overlap"), so bad data never yields a positive answer. */
#include <touche/shapes.h>

#include "core/float.h"
#include "shapes/validity.h"

bool tc_sphere_is_valid(const tc_sphere *s)
{
    return s && tc_vec3_finite(s->center) && tc_is_finite(s->radius) && s->radius >= 0.0f;
}

bool tc_capsule_is_valid(const tc_capsule *c)
{
    return c && tc_vec3_finite(c->a) && tc_vec3_finite(c->b) && tc_is_finite(c->radius) && c->radius >= 0.0f;
}

bool tc_aabb_is_valid(const tc_aabb *b)
{
    return b && tc_vec3_finite(b->min) && tc_vec3_finite(b->max) && b->min.x <= b->max.x && b->min.y <= b->max.y &&
           b->min.z <= b->max.z;
}

bool tc_obb_is_valid(const tc_obb *b) { return b && tc_obb_valid(b); }

bool tc_triangle_is_valid(const tc_triangle *t)
{
    return t && tc_vec3_finite(t->a) && tc_vec3_finite(t->b) && tc_vec3_finite(t->c);
}

bool tc_plane_is_valid(const tc_plane *p)
{
    if (!p || !tc_vec3_finite(p->normal) || !tc_is_finite(p->offset)) return false;
    float len2 = tc_vec3_length_sq(p->normal);
    return len2 > 0.998f && len2 < 1.002f;
}

bool tc_segment_is_valid(const tc_segment *s) { return s && tc_vec3_finite(s->a) && tc_vec3_finite(s->b); }
