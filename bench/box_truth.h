/* SPDX-License-Identifier: MIT */
/* The reference answer for box-box benchmarks: does a pair of tc_obb overlap
 * in exact arithmetic on the floats it holds?
 *
 * A tc_obb is the set { center + rotation * u : |u_i| <= half_i }. With a
 * rotation that came from a float quaternion the columns are orthonormal only
 * to ~1e-7, so the set is really a parallelepiped; the test here treats it as
 * one: candidate axes are the parallelepipeds' face normals (cross products
 * of two columns of the same box) and the 9 cross products of a column of A
 * with a column of B. That list is complete for any two parallelepipeds,
 * flat or zero-sized ones included.
 *
 * Precision: every input is a float, so each product of two inputs is exact
 * in double and each cross-product component carries one rounding. The
 * separation on each axis is computed in double with a rigorous error bound;
 * a pair whose every axis is decided by more than the bound is final. The
 * rare rest is recomputed in binary128 (__float128), where the cross products
 * are exact; a separation still within 1e-30 of the magnitudes involved is
 * taken as exact touching, which counts as overlapping.
 */
#ifndef TOUCHE_BENCH_BOX_TRUTH_H
#define TOUCHE_BENCH_BOX_TRUTH_H

#include <touche/shapes.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct box_truth_stats {
    unsigned long pairs;
    unsigned long overlapping;
    unsigned long resolved_in_quad; /* double could not decide */
    unsigned long touching;         /* zero separation even in binary128 */
} box_truth_stats;

/* 1 when the boxes overlap (touching included), 0 when apart. `gap` (may be
 * NULL) receives the largest separation over the candidate axes divided by
 * the axis length: a lower bound on the distance when positive. `stats` may
 * be NULL. */
int box_truth_overlap(const tc_obb *a, const tc_obb *b, double *gap, box_truth_stats *stats);

/* How far B's centre may move from A's centre along the unit direction d
 * before the boxes stop overlapping (they overlap for every t in [0, t]):
 * min over the candidate axes L of R(L) / |L.d| with R the two projected
 * radii. Used to place pairs near touching. */
double box_truth_touch_distance(const tc_obb *a, const tc_obb *b, const double d[3]);

/* Euclidean distance between the boxes in double precision, by brute force:
 * the least of every corner's distance to the other box and every pair of
 * edges' distance (complete for two convex polyhedra); 0 when they overlap.
 * The corner-to-box part treats the axes as orthonormal, which float
 * rotations are to ~1e-7, so the result is good to ~1e-7 of the box size. */
double box_truth_distance(const tc_obb *a, const tc_obb *b);

#ifdef __cplusplus
}
#endif

#endif
