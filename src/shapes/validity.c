/* SPDX-License-Identifier: MIT */
/* Shape validity: finite numbers, non-negative sizes, a unit plane normal.
 * Queries call these on their slow paths (after a cheap answer would be
 * "overlap"), so bad data never yields a positive answer. */
#include <touche/shapes.h>

#include "core/float.h"
#include "shapes/validity.h"

bool tc_sphere_is_valid(const tc_sphere *s) { return s && tc_sphere_valid(s); }
bool tc_capsule_is_valid(const tc_capsule *c) { return c && tc_capsule_valid(c); }
bool tc_aabb_is_valid(const tc_aabb *b) { return b && tc_aabb_valid(b); }
bool tc_obb_is_valid(const tc_obb *b) { return b && tc_obb_valid(b); }
bool tc_triangle_is_valid(const tc_triangle *t) { return t && tc_triangle_valid(t); }
bool tc_plane_is_valid(const tc_plane *p) { return p && tc_plane_valid(p); }
bool tc_segment_is_valid(const tc_segment *s) { return s && tc_vec3_finite(s->a) && tc_vec3_finite(s->b); }
