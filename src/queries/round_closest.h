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

#include "core/inline.h"
#include "math/dvec.h"

/* t clamped to [0, 1] (t is a number): a minimum and a maximum. */
static inline double tc_clamp01(double t)
{
    const double u = t < 1.0 ? t : 1.0;
    return u > 0.0 ? u : 0.0;
}

/* A divisor that is never zero: the smallest normal double in place of 0,
 * where the callers' numerators are 0 too (a point for a segment), so the
 * quotient is what the degenerate case needs without a division by zero.
 * A nonzero square of a difference of floats is far above it (2^-298 at
 * least), so it is x itself there. One maximum. */
static inline double tc_nonzero_divisor(double x) { return x > DBL_MIN ? x : DBL_MIN; }

/* The closest points of two round cores, relative to A's centre. */
typedef struct tc_round_closest {
    tc_dvec3 origin; /* A's centre, exact */
    tc_dvec3 pa, pb; /* the closest points of A's and B's cores */
    tc_dvec3 da, db; /* the segments (A's zero for a sphere) */
    double s, t;     /* the closest points' parameters along A (0 for a sphere) and along B */
    double span2;    /* at least the square of the segments' lengths summed */
} tc_round_closest;

/* A sphere's centre against a capsule's segment: t of the segment's point
 * closest to the centre (the frame's origin). */
TC_FORCE_INLINE void tc_round_sphere_capsule(const tc_sphere *a, const tc_capsule *b, tc_round_closest *r)
{
    r->origin = tc_dvec3_from(a->center);
    const tc_dvec3 b0 = tc_dvec3_sub(tc_dvec3_from(b->a), r->origin);
    r->db = tc_dvec3_sub(tc_dvec3_from(b->b), tc_dvec3_from(b->a));
    r->da = tc_dvec3_make(0.0, 0.0, 0.0);
    r->span2 = tc_dvec3_length_sq(r->db);
    r->s = 0.0;
    r->t = tc_clamp01(-tc_dvec3_dot(b0, r->db) / tc_nonzero_divisor(r->span2));
    r->pa = r->da;
    r->pb = tc_dvec3_mad(b0, r->db, r->t);
}

/* Two capsules' segments: Ericson's clamped solution (Real-Time Collision
 * Detection, 5.1.9), as tc_segment_segment_params does it in float, with
 * its cases selected rather than branched on (which case holds is data)
 * and every divisor nonzero. */
TC_FORCE_INLINE void tc_round_capsule_capsule(const tc_capsule *a, const tc_capsule *b, tc_round_closest *r)
{
    const tc_dvec3 a0 = tc_dvec3_from(a->a), a1 = tc_dvec3_from(a->b), b0 = tc_dvec3_from(b->a);
    r->origin = tc_dvec3_scale(tc_dvec3_add(a0, a1), 0.5);
    r->da = tc_dvec3_sub(a1, a0);
    r->db = tc_dvec3_sub(tc_dvec3_from(b->b), b0);
    const tc_dvec3 start = tc_dvec3_scale(r->da, -0.5); /* A's first end */
    const tc_dvec3 w = tc_dvec3_sub(a0, b0);
    const double aa = tc_dvec3_dot(r->da, r->da), e = tc_dvec3_dot(r->db, r->db), b12 = tc_dvec3_dot(r->da, r->db);
    const double c = tc_dvec3_dot(r->da, w), f = tc_dvec3_dot(r->db, w);
    r->span2 = 2.0 * (aa + e);
    /* Parallel (or nearly, or either a point): any s works for the lines;
     * s = 0, and the clamping below finds the closest pair. */
    const double denom = aa * e - b12 * b12;
    const bool crossing = denom > DBL_EPSILON * aa * e;
    const double s = crossing ? tc_clamp01((b12 * f - c * e) / (crossing ? denom : 1.0)) : 0.0;
    /* 1 / aa and 1 / e from one division, beside the one above rather than
     * after it (t and the end's s wait on them in turn). A zero length
     * counts as 2^-300, below every nonzero square of a float difference
     * (2^-298), where its numerators are 0 (the quotients are what the
     * degenerate cases need) and the products cannot underflow. */
    const double la = aa > 0x1p-300 ? aa : 0x1p-300, le = e > 0x1p-300 ? e : 0x1p-300;
    const double inv = 1.0 / (la * le);
    const double t = (b12 * s + f) * (la * inv);
    /* t beyond an end: t is that end, and s the point of A closest to it.
     * B a point (e = 0, so b12 = 0): t = 0 and s is that too, -c / aa. */
    const double tc = tc_clamp01(t);
    const double end_s = tc_clamp01((tc < t ? b12 - c : -c) * (le * inv));
    r->s = tc == t && e > 0.0 ? s : end_s;
    r->t = tc;
    r->pa = tc_dvec3_mad(start, r->da, r->s);
    r->pb = tc_dvec3_mad(tc_dvec3_sub(b0, r->origin), r->db, r->t);
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
