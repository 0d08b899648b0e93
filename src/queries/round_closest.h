/* SPDX-License-Identifier: MIT */
/* The closest points of the round pairs' cores (a sphere's centre, a
 * capsule's segment), in double and in the pair's own frame. Private
 * header.
 *
 * Sphere-capsule and capsule-capsule distance and contact take them
 * relative to the first shape's centre: each end's offset from it is the
 * difference of two floats, exact in double (their 24 bits fit in 53 with
 * up to 29 bits of exponent between them, every pair within the float
 * tests' range of each other), and the parameters and points that follow
 * round by 2^-50 or so of the pair's sizes and separation, not of where
 * the pair is. The answer's points are the centre plus them, rounded once.
 * (Taken in world floats, the closest points rounded by the coordinates'
 * spacing: a distance 0.004 and a depth 0.01 off at 1e6, 0.045 and 0.26 at
 * 1e7; issue 12.) The callers keep the coordinates within
 * TC_OVERLAP_FLOAT_RANGE, so no square or product below overflows. */
#ifndef TOUCHE_QUERIES_ROUND_CLOSEST_H
#define TOUCHE_QUERIES_ROUND_CLOSEST_H

#include <float.h>

#include <touche/shapes.h>

#include "math/dvec.h"

static inline double tc_clamp01(double t) { return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t); }

/* A divisor that is never zero: 1 in place of 0, where the callers'
 * numerators are 0 too (a point for a segment), so the quotient is what
 * the degenerate case needs without a division by zero. */
static inline double tc_nonzero_divisor(double x) { return x > 0.0 ? x : 1.0; }

/* The closest points of two round cores, relative to A's centre. */
typedef struct tc_round_closest {
    tc_dvec3 origin; /* A's centre, exact */
    tc_dvec3 e[4];   /* the ends relative to it: A's two (a sphere's centre twice), then B's */
    tc_dvec3 pa, pb; /* the closest points of A's and B's cores */
    double s, t;     /* their parameters along A (0 for a sphere) and along B */
} tc_round_closest;

/* A sphere's centre against a capsule's segment: t of the segment's point
 * closest to the centre (the frame's origin). */
static inline void tc_round_sphere_capsule(const tc_sphere *a, const tc_capsule *b, tc_round_closest *r)
{
    r->origin = tc_dvec3_from(a->center);
    r->e[0] = r->e[1] = tc_dvec3_make(0.0, 0.0, 0.0);
    r->e[2] = tc_dvec3_sub(tc_dvec3_from(b->a), r->origin);
    r->e[3] = tc_dvec3_sub(tc_dvec3_from(b->b), r->origin);
    const tc_dvec3 ab = tc_dvec3_sub(r->e[3], r->e[2]);
    r->s = 0.0;
    r->t = tc_clamp01(-tc_dvec3_dot(r->e[2], ab) / tc_nonzero_divisor(tc_dvec3_length_sq(ab)));
    r->pa = r->e[0];
    r->pb = tc_dvec3_mad(r->e[2], ab, r->t);
}

/* Two capsules' segments: Ericson's clamped solution (Real-Time Collision
 * Detection, 5.1.9), as tc_segment_segment_params does it in float, with
 * its cases selected rather than branched on (which case holds is data)
 * and every divisor nonzero. */
static inline void tc_round_capsule_capsule(const tc_capsule *a, const tc_capsule *b, tc_round_closest *r)
{
    const tc_dvec3 a0 = tc_dvec3_from(a->a), a1 = tc_dvec3_from(a->b);
    r->origin = tc_dvec3_scale(tc_dvec3_add(a0, a1), 0.5);
    const tc_dvec3 half = tc_dvec3_scale(tc_dvec3_sub(a1, a0), 0.5);
    r->e[0] = tc_dvec3_neg(half);
    r->e[1] = half;
    r->e[2] = tc_dvec3_sub(tc_dvec3_from(b->a), r->origin);
    r->e[3] = tc_dvec3_sub(tc_dvec3_from(b->b), r->origin);
    const tc_dvec3 d1 = tc_dvec3_sub(a1, a0), d2 = tc_dvec3_sub(r->e[3], r->e[2]), w = tc_dvec3_sub(r->e[0], r->e[2]);
    const double aa = tc_dvec3_dot(d1, d1), e = tc_dvec3_dot(d2, d2), b12 = tc_dvec3_dot(d1, d2);
    const double c = tc_dvec3_dot(d1, w), f = tc_dvec3_dot(d2, w);
    const double ia = tc_nonzero_divisor(aa);
    /* Parallel (or nearly, or either a point): any s works for the lines;
     * s = 0, and the clamping below finds the closest pair. */
    const double denom = aa * e - b12 * b12;
    const bool crossing = denom > DBL_EPSILON * aa * e;
    const double s = crossing ? tc_clamp01((b12 * f - c * e) / (crossing ? denom : 1.0)) : 0.0;
    const double t = (b12 * s + f) / tc_nonzero_divisor(e);
    /* t beyond an end: t is that end, and s the point of A closest to it. */
    const double tc = tc_clamp01(t);
    const double end_s = tc_clamp01((tc < t ? b12 - c : -c) / ia);
    /* B a point (e = 0): t = 0, and s the point of A closest to it. */
    r->s = e > 0.0 ? (tc == t ? s : end_s) : tc_clamp01(-c / ia);
    r->t = tc;
    r->pa = tc_dvec3_mad(r->e[0], d1, r->s);
    r->pb = tc_dvec3_mad(r->e[2], d2, r->t);
}

/* The largest coordinate of the ends relative to A's centre, summed with
 * the radii: the pair's yardstick in its frame (the cores' scale there). */
static inline double tc_round_scale(const tc_round_closest *r, double radii)
{
    double s = radii;
    for (int i = 0; i < 4; ++i) s += tc_dvec3_max_abs(r->e[i]);
    return s;
}

/* A triangle in the frame of a sphere's centre o: each vertex's offset
 * from it rounded once to float (exactly, for a vertex within a factor of
 * two of the centre's coordinates), for the float closest-point routines
 * of sphere-triangle distance and contact. */
static inline tc_triangle tc_triangle_relative(const tc_triangle *t, tc_vec3 o)
{
    tc_triangle r;
    r.a = tc_vec3_sub(t->a, o);
    r.b = tc_vec3_sub(t->b, o);
    r.c = tc_vec3_sub(t->c, o);
    return r;
}

#endif
