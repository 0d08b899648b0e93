/* SPDX-License-Identifier: MIT */
/* The one box-triangle separating-axis test (Akenine-Moller, "Fast 3D
 * triangle-box overlap testing", 2001): 3 box faces, the triangle's normal,
 * and the 9 cross products of box axes with triangle edges. It runs in the
 * box's frame, where every projection is computed directly from the local
 * vertices, so rounding stays proportional to each axis's length and
 * parallel edges (a zero cross product) simply cannot separate. */
#ifndef TOUCHE_QUERIES_SAT_BOX_TRIANGLE_H
#define TOUCHE_QUERIES_SAT_BOX_TRIANGLE_H

#include <touche/vecmath.h>

/* v[3]: the triangle's corners relative to the box centre, in box axes.
 * `magnitude` bounds the coordinates the local corners came from (for the
 * rounding pad). True when the closed box and triangle overlap (within the
 * pad). */
bool tc_box_triangle_overlap_local(tc_vec3 half, const tc_vec3 v[3], float magnitude);

#endif
