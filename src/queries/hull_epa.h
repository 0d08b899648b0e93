/* SPDX-License-Identifier: MIT */
/* Penetration of two solid hulls from the float GJK's tetrahedron: the
 * expanding polytope (EPA) for a candidate direction, then a face or edge
 * pair of the hulls proven to be the minimum translation within a
 * tolerance. Private header. */
#ifndef TOUCHE_QUERIES_HULL_EPA_H
#define TOUCHE_QUERIES_HULL_EPA_H

#include "queries/convex_core.h"
#include "queries/gjk.h"
#include "queries/hull_pair.h"

/* For two solid hull cores a, b (placed as the pair p) whose float GJK
 * ended INTERSECTING on the tetrahedron `seed` (hull vertex indices, the
 * origin inside): true and *normal (from A to B) when the overlap along it
 * is proven within tolerance of the minimum translation distance and the
 * axis is one the separating-axis test (tc_hull_sat_penetration) could
 * choose under its face preference: a face normal of A, a negated one of
 * B, or the cross product of an edge of each. False when the proof fails
 * (a near tie, a degenerate polytope): the caller then runs the
 * separating-axis test. *least is the test's axis of least overlap (its
 * `least`, for a manifold whose features along *normal miss), or zero when
 * the proof does not tell it. */
bool tc_hull_epa_axis(const tc_core *a, const tc_core *b, const tc_hull_pair *p, const tc_gjk_simplex *seed,
                      tc_dvec3 *normal, tc_dvec3 *least);

#endif
