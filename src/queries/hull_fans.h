/* SPDX-License-Identifier: MIT */
/* Whether two hull cores, neither of them solid, meet: the decision for a
 * pair the double GJK could not prove apart (its run stalled on a thin
 * simplex) and no separating-axis test covers (their axes are complete only
 * with a solid hull: penetration.h). Private header. */
#ifndef TOUCHE_QUERIES_HULL_FANS_H
#define TOUCHE_QUERIES_HULL_FANS_H

#include "queries/convex_core.h"

/* Whether hull cores a and b (dimension 0, 1 or 2: a point, a segment, a
 * flat polygon) meet: some triangle covering one meets some triangle
 * covering the other (a polygon is its fan from its first corner, a
 * segment one triangle with a repeated corner, a point one with three), by
 * tc_overlap_triangle_triangle, exact for every degenerate triangle within
 * its pad of the triangle pair's extent. A pair of polygons of n and m
 * corners is (n - 2)(m - 2) triangle tests: only for the rare runs the
 * double GJK leaves unsure. */
bool tc_hull_fans_meet(const tc_core *a, const tc_core *b);

#endif
