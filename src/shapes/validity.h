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

#endif
