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

/* The smallest overlap along the face normals of both, *normal its axis
 * (A to B), exact when at most cap; above cap, some overlap above it (the
 * float filters pass over what cannot come below cap). */
double tc_hull_sat_best_face(const tc_core *a, const tc_core *b, double cap, tc_dvec3 *normal);

/* The overlap of hull cores owner and other along the outward normal of
 * owner's face f (written to *n, world): the face's height less other's
 * lowest point along it. */
double tc_hull_sat_face_overlap(const tc_core *owner, const tc_core *other, int32_t f, tc_dvec3 *n);

/* Smallest of (nx, ny, nz) . p over the points in three float columns of
 * `stride` (a multiple of 4, the padding copies of point 0), *index the
 * first point giving it; the scan stops at the first point below `floor`
 * and returns that one instead (a caller asking whether the smallest is
 * above a bound learns "no" from one deep point). */
float tc_hull_sat_column_min(const float *xs, int32_t stride, float nx, float ny, float nz, float floor, int32_t *index);

#endif
