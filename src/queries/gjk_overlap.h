/* SPDX-License-Identifier: MIT */
/* A lean GJK for the hull-hull overlap test: a yes or no, not a distance.
 *
 * It runs on the float support of two hulls (hull_pair.h) and answers only
 * what the float run of gjk.c would prove with the same tests: SEPARATED
 * when a support plane puts the origin more than above + err outside the
 * difference, INTERSECTING when a tetrahedron of support points holds the
 * origin by more than err from each face; TC_GJK_UNSURE otherwise, for the
 * caller's full runs to decide. Private header. */
#ifndef TOUCHE_QUERIES_GJK_OVERLAP_H
#define TOUCHE_QUERIES_GJK_OVERLAP_H

#include "queries/gjk.h"

/* The verdict on a valid pair made ready by tc_hull_pair_init, whose float
 * run fits a float (its err at most 4e-6 of 2^126). */
tc_gjk_status tc_gjk_hull_pair_overlap(const tc_hull_pair *p, double above);

#endif
