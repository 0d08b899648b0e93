/* SPDX-License-Identifier: MIT */
/* GJK distance between two convex cores (support mapping, double precision).
 *
 * Works on the cores only (radii are the caller's business), is bounded to
 * TC_GJK_MAX_ITERATIONS support evaluations, and never produces NaN: when it
 * stops on the bound it returns the best pair found so far (a valid upper
 * bound on the distance, with witness points on both cores) and says so in
 * the status. Private header. */
#ifndef TOUCHE_QUERIES_GJK_H
#define TOUCHE_QUERIES_GJK_H

#include "queries/convex_core.h"

#define TC_GJK_MAX_ITERATIONS 64

typedef enum tc_gjk_status {
    TC_GJK_SEPARATED = 0,    /* converged, distance > 0 */
    TC_GJK_INTERSECTING,     /* the cores share a point: distance 0, point_a == point_b */
    TC_GJK_MAX_ITERATIONS_REACHED /* stopped on the bound; result is the best upper bound found */
} tc_gjk_status;

typedef struct tc_gjk_result {
    double distance;         /* between the cores */
    tc_dvec3 point_a, point_b; /* closest (or common) points on each core */
    int iterations;
    tc_gjk_status status;
} tc_gjk_result;

tc_gjk_status tc_gjk_distance(const tc_core *a, const tc_core *b, tc_gjk_result *out);

/* Whether the cores are at most margin apart: the same iteration, stopped as
 * soon as a lower bound of the distance passes margin (a separating
 * direction) or the upper bound falls within it, so an overlap test pays for
 * a few support evaluations, not a converged distance. */
bool tc_gjk_within(const tc_core *a, const tc_core *b, double margin);

#endif
