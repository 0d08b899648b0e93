/* SPDX-License-Identifier: MIT */
/* Two placed hulls made ready for a float GJK: their placements as float
 * matrices in a frame at the centre of A's ball (world axes, so only a
 * translation separates it from the world and the GJK's witnesses), and a
 * bound on the float error of every support point it gives.
 *
 * The GJK (gjk.c) runs its simplex in double on these float support
 * points; what it decides with a margin over `err` holds for the exact
 * shapes, and what it cannot decide it hands to the double support
 * mapping, seeded with the simplex found here. Private header. */
#ifndef TOUCHE_QUERIES_HULL_PAIR_H
#define TOUCHE_QUERIES_HULL_PAIR_H

#include "math/dvec.h"
#include "touche/hull.h"

typedef struct tc_hull_pair {
    const tc_hull_data *a, *b;
    tc_mat3 ma, mb;   /* rotation times scale: local point -> frame offset */
    tc_vec3 tb;       /* B's ball centre in the frame (the hulls' float columns are about their centres) */
    tc_dvec3 origin;  /* the frame's origin in the world: A's ball centre */
    tc_dvec3 ca, cb;  /* centres of balls holding each hull, in the frame */
    double err;       /* bound on a support point's coordinate error and its projection's shortfall */
    /* ma's and mb's rows (the columns' x, then y, then z) and columns,
     * then tb, each padded with a zero: the support turns its direction
     * into both hulls' frames and places its vertices four lanes at once,
     * with the same products and sums as the scalar arithmetic */
    float rows[2][3][4], cols[2][3][4], tb4[4];
} tc_hull_pair;

void tc_hull_pair_init(tc_hull_pair *p, const tc_hull *a, const tc_hull *b);

/* Vertices of A along d and of B along -d (indices), and their positions in
 * the frame. */
void tc_hull_pair_support(const tc_hull_pair *p, tc_dvec3 d, int32_t *ia, int32_t *ib, tc_dvec3 *pa, tc_dvec3 *pb);

/* Index of the vertex of h furthest along (dx, dy, dz): a four-wide float
 * scan for small hulls (the scalar and SIMD scans give the same index, the
 * first largest), the double support's climb over the vertex graph for
 * large ones. */
int32_t tc_hull_data_support_index_f(const tc_hull_data *h, float dx, float dy, float dz);

#endif
