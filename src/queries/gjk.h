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
#include "queries/hull_pair.h"

#define TC_GJK_MAX_ITERATIONS 64

typedef enum tc_gjk_status {
    TC_GJK_SEPARATED = 0,    /* converged, distance > 0 */
    TC_GJK_INTERSECTING,     /* the cores share a point: distance 0, point_a == point_b */
    TC_GJK_MAX_ITERATIONS_REACHED, /* stopped on the bound; result is the best upper bound found */
    TC_GJK_UNSURE            /* a float run (tc_gjk_hull_pair) that could not decide */
} tc_gjk_status;

/* A simplex as vertex indices of two hulls: what a float run ends on, to
 * seed the double one (n 0: none). */
typedef struct tc_gjk_simplex { int n; int32_t ia[4], ib[4]; } tc_gjk_simplex;

typedef struct tc_gjk_result {
    double distance;         /* between the cores */
    tc_dvec3 point_a, point_b; /* closest (or common) points on each core */
    int iterations;
    tc_gjk_status status;
    tc_gjk_simplex simplex;  /* the final simplex's hull vertex indices (a float run's only) */
    bool stalled;            /* stopped on rounding (a support already in the simplex, or no
                                progress) with the support's plane well short of v: the simplex's
                                closest point was not, and distance may be far above the true one */
} tc_gjk_result;

tc_gjk_status tc_gjk_distance(const tc_core *a, const tc_core *b, tc_gjk_result *out);

/* tc_gjk_distance for two hull cores from a simplex of their vertices
 * (from tc_gjk_hull_pair run to convergence): the same double iteration and
 * stopping rules, so an answer of the same accuracy, found in a support
 * step or two, each climb starting at the seed's vertices. */
tc_gjk_status tc_gjk_distance_seeded(const tc_core *a, const tc_core *b, const tc_gjk_simplex *seed,
                                     tc_gjk_result *out);

/* Whether the cores are at most margin apart: the same iteration, stopped as
 * soon as a lower bound of the distance passes margin (a separating
 * direction) or the upper bound falls within it, so an overlap test pays for
 * a few support evaluations, not a converged distance. */
bool tc_gjk_within(const tc_core *a, const tc_core *b, double margin);

/* The same iteration on the float support of two hulls (hull_pair.h), in
 * the pair's frame, deciding only what the float error cannot change:
 * SEPARATED when a lower bound of the distance passes above + err,
 * INTERSECTING when the origin is inside a tetrahedron of the difference by
 * more than err from each face, TC_GJK_UNSURE otherwise (with above =
 * INFINITY it runs to convergence and never answers SEPARATED). The
 * simplex in out seeds the double run either way. */
tc_gjk_status tc_gjk_hull_pair(const tc_hull_pair *p, double above, tc_gjk_result *out);

/* tc_gjk_within for two hull cores, starting from a simplex of their
 * vertices (from tc_gjk_hull_pair) instead of one point: the same answer,
 * found in a support step or two when the seed is good. *unsure (if not
 * NULL): a false answer not proved by a support plane separating the cores
 * by more than the margin (the run converged at the margin, stalled on
 * rounding or ran out of iterations), so the cores may meet: on slender
 * cores (1e6 long, a few units across) the closest point of a thin simplex
 * can be off by more than the margin. */
bool tc_gjk_within_seeded(const tc_core *a, const tc_core *b, const tc_gjk_simplex *seed, double margin,
                          bool *unsure);

#endif
