/* SPDX-License-Identifier: MIT */
/* The contact axis of two intersecting solid hulls by the separating-axis
 * test in float, in B's data frame. Private header. */
#ifndef TOUCHE_QUERIES_HULL_SAT_FLOAT_H
#define TOUCHE_QUERIES_HULL_SAT_FLOAT_H

#include "queries/convex_core.h"

/* For two hull cores of dimension 3 that intersect: the axis of least
 * overlap over the face normals of both and the cross products of the edge
 * pairs whose Gauss-map arcs cross, under the face preference
 * (tc_edge_beats_face), as *normal (unit, world, from A to B); *least the
 * axis of least overlap without the preference. The choice is made on float
 * overlaps (within a few 1e-7 of the pair's sizes of the exact ones), the
 * chosen axis then taken in double from its features. False (nothing
 * written) when the hulls are too large for the float run (vertices, faces,
 * edges, or their coordinates) or no axis came out, and, unless
 * `intersecting` says the caller knows the solids do, when the least
 * overlap is not clear of the float error (then they may be apart or
 * touching): the caller then takes another path. */
bool tc_hull_sat_float_axis(const tc_core *a, const tc_core *b, bool intersecting, tc_dvec3 *normal, tc_dvec3 *least);

#endif
