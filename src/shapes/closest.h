/* SPDX-License-Identifier: MIT */
/* Closest-point primitives shared by overlap, distance and contact queries. */
#ifndef TOUCHE_SHAPES_CLOSEST_H
#define TOUCHE_SHAPES_CLOSEST_H

#include <math.h>
#include <touche/shapes.h>

#include "core/float.h"
#include "math/dvec.h"

/* v times 2^k: exact, but for components that become subnormal. The
 * closest-point routines scale shapes beyond 2^40 down by it, where their
 * float squares would overflow (the answers do not change with the scale). */
static inline tc_vec3 tc_vec3_ldexp(tc_vec3 v, int k) { return tc_vec3_make(ldexpf(v.x, k), ldexpf(v.y, k), ldexpf(v.z, k)); }

/* Parameter in [0,1] of the point of segment a-b closest to p. */
float tc_segment_closest_param(tc_vec3 a, tc_vec3 b, tc_vec3 p);

/* The largest coordinate for which tc_segment_closest_param works in
 * float: the squares fit, and a segment not shorter than 2^-50 keeps the
 * ratio below 2^111. */
#define TC_SEGMENT_FLOAT_RANGE 0x1p60f

/* tc_segment_closest_param in double: any coordinates, any length. */
float tc_segment_closest_param_wide(tc_vec3 a, tc_vec3 b, tc_vec3 p);

/* tc_segment_closest_param for points the caller knows to be within
 * TC_SEGMENT_FLOAT_RANGE (a contact pair that has their magnitudes
 * already): inline, without the range test. */
static inline float tc_segment_closest_param_in_range(tc_vec3 a, tc_vec3 b, tc_vec3 p)
{
    TC_FP_STRICT /* no square or division before the length tests */
    tc_vec3 ab = tc_vec3_sub(b, a);
    float len2 = tc_vec3_dot(ab, ab);
    if (!(len2 > 0.0f)) return 0.0f;
    if (len2 >= 0x1p-100f) return tc_clampf(tc_vec3_dot(tc_vec3_sub(p, a), ab) / len2, 0.0f, 1.0f);
    return tc_segment_closest_param_wide(a, b, p); /* a tiny segment */
}

/* Closest points between segments p1-q1 and p2-q2: parameters s, t in [0,1],
 * returns the squared distance. */
float tc_segment_segment_closest(tc_vec3 p1, tc_vec3 q1, tc_vec3 p2, tc_vec3 q2, float *s, float *t);

/* The parameters alone, for points within TC_SEGMENT_SEGMENT_FLOAT_RANGE
 * (where the float squares fit; tc_segment_segment_closest scales larger
 * ones down to there). */
#define TC_SEGMENT_SEGMENT_FLOAT_RANGE 0x1p40f
/* The smallest largest coordinate for which the float solution keeps its
 * bits: the products of squares (of m^4) and FLT_EPSILON times them stay
 * normal floats (2^-119 at most, above 2^-126). tc_segment_segment_closest
 * scales smaller points up to [1/2, 1). */
#define TC_SEGMENT_SEGMENT_FLOAT_MIN 0x1p-24f
void tc_segment_segment_params(tc_vec3 p1, tc_vec3 q1, tc_vec3 p2, tc_vec3 q2, float *s, float *t);

/* Closest point of triangle abc to p (degenerate triangles handled as the
 * segment or point they span). */
tc_vec3 tc_triangle_closest(tc_vec3 a, tc_vec3 b, tc_vec3 c, tc_vec3 p);

/* Whether p projects onto the inside of triangle abc (which has an area);
 * then *q is that projection, in double (the closest point; rounded to
 * float it is tc_triangle_closest's). Contacts take the normal from it: a
 * centre a hair off the face gets the face's direction, not the float
 * rounding's. Only for p below 2^40 (no scaling). */
bool tc_triangle_projects_inside(tc_vec3 a, tc_vec3 b, tc_vec3 c, tc_vec3 p, tc_dvec3 *q);

/* Squared distance between segment p-q and triangle abc, with the closest
 * points (either may be NULL). Zero when the segment pierces the triangle. */
float tc_segment_triangle_closest(tc_vec3 p, tc_vec3 q, const tc_triangle *tri, tc_vec3 *on_segment, tc_vec3 *on_triangle);

/* The OBB point nearest p, in double (the contact's and the distance's
 * closest point of a sphere's centre: the float one rounds by 1e-7 of the
 * coordinates, which at 1e6 is more than a unit sphere's band). For a valid
 * box and a finite p. */
tc_dvec3 tc_obb_closest_point_d(const tc_obb *b, tc_vec3 p);

#endif
