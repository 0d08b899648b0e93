/* SPDX-License-Identifier: MIT */
/* Penetration of two solid hulls by the separating-axis test. Private
 * header. */
#ifndef TOUCHE_QUERIES_HULL_SAT_H
#define TOUCHE_QUERIES_HULL_SAT_H

#include "queries/convex_core.h"

/* As tc_core_penetration for two hull cores of dimension 3: the smallest
 * overlap over the face normals of both and the cross products of the edge
 * pairs that make a face of the Minkowski difference. */
double tc_hull_sat_penetration(const tc_core *a, const tc_core *b, tc_dvec3 *normal, tc_dvec3 *least);

#endif
