/* SPDX-License-Identifier: MIT */
/* A cheap proof that a capsule or triangle is far from a triangle, for the
 * contact pairs that otherwise run GJK to convergence on every pair (most
 * pairs a broad phase hands over do not touch). Private header. */
#ifndef TOUCHE_QUERIES_FLAT_APART_H
#define TOUCHE_QUERIES_FLAT_APART_H

#include <stdbool.h>

#include "touche/shapes.h"

/* Whether the shape with core points a[0..na) (a segment's 2 ends or a
 * triangle's 3 corners) swept by radius ra is apart from triangle b by more
 * than twice the tolerance band (tc_beyond_band, pair_queries.h) of the
 * cores' scale plus sizes, proved along the coordinate axes and the
 * triangles' normals. When true, the GJK path of tc_core_contact would find
 * the same: no contact, and far (no overlap test can call the pair
 * touching). False says nothing. The shapes must be valid (finite). */
bool tc_flat_beyond_band(const tc_vec3 *a, int na, float ra, const tc_triangle *b);

#endif
