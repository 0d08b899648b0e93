/* SPDX-License-Identifier: MIT */
/* Double-precision 3-vectors for the inner loops of the convex queries
 * (GJK, penetration axes, feature clipping). Inputs are floats; doing the
 * geometry in double keeps the cancellation in support differences and
 * simplex barycentrics well below float rounding, so the float results the
 * public API returns are as good as the inputs allow. Private header. */
#ifndef TOUCHE_MATH_DVEC_H
#define TOUCHE_MATH_DVEC_H

#include <math.h>

#include <touche/vecmath.h>

#include "core/float.h"

typedef struct tc_dvec3 { double x, y, z; } tc_dvec3;

static inline tc_dvec3 tc_dvec3_make(double x, double y, double z) { tc_dvec3 r; r.x = x; r.y = y; r.z = z; return r; }
static inline tc_dvec3 tc_dvec3_from(tc_vec3 v) { return tc_dvec3_make(v.x, v.y, v.z); }
static inline tc_vec3 tc_dvec3_to(tc_dvec3 v) { return tc_vec3_make((float)v.x, (float)v.y, (float)v.z); }
/* The same saturated at the float range (tc_float_saturated): for points
 * of valid shapes that rounding or a pair's frame can put past FLT_MAX. */
static inline tc_vec3 tc_dvec3_to_saturated(tc_dvec3 v)
{
    return tc_vec3_make(tc_float_saturated(v.x), tc_float_saturated(v.y), tc_float_saturated(v.z));
}
static inline tc_dvec3 tc_dvec3_add(tc_dvec3 a, tc_dvec3 b) { return tc_dvec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline tc_dvec3 tc_dvec3_sub(tc_dvec3 a, tc_dvec3 b) { return tc_dvec3_make(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline tc_dvec3 tc_dvec3_scale(tc_dvec3 a, double s) { return tc_dvec3_make(a.x * s, a.y * s, a.z * s); }
static inline tc_dvec3 tc_dvec3_neg(tc_dvec3 a) { return tc_dvec3_make(-a.x, -a.y, -a.z); }
/* a + b * s */
static inline tc_dvec3 tc_dvec3_mad(tc_dvec3 a, tc_dvec3 b, double s) { return tc_dvec3_make(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s); }
static inline double tc_dvec3_dot(tc_dvec3 a, tc_dvec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline tc_dvec3 tc_dvec3_cross(tc_dvec3 a, tc_dvec3 b)
{
    return tc_dvec3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double tc_dvec3_length_sq(tc_dvec3 a) { return tc_dvec3_dot(a, a); }
static inline double tc_dvec3_length(tc_dvec3 a) { return sqrt(tc_dvec3_dot(a, a)); }
/* Unit vector along a, or zero when a is (nearly) zero. */
static inline tc_dvec3 tc_dvec3_normalize(tc_dvec3 a)
{
    double l = tc_dvec3_length(a);
    return l > 1e-300 ? tc_dvec3_scale(a, 1.0 / l) : tc_dvec3_make(0.0, 0.0, 0.0);
}
static inline double tc_dvec3_norm1(tc_dvec3 a) { return fabs(a.x) + fabs(a.y) + fabs(a.z); }
static inline double tc_dvec3_max_abs(tc_dvec3 a)
{
    double m = fabs(a.x);
    if (fabs(a.y) > m) m = fabs(a.y);
    if (fabs(a.z) > m) m = fabs(a.z);
    return m;
}
/* A unit vector perpendicular to unit n, chosen deterministically (crossed
 * with the coordinate axis n is least aligned with). */
static inline tc_dvec3 tc_dvec3_perpendicular(tc_dvec3 n)
{
    double ax = fabs(n.x), ay = fabs(n.y), az = fabs(n.z);
    tc_dvec3 e = ax <= ay && ax <= az ? tc_dvec3_make(1, 0, 0) : (ay <= az ? tc_dvec3_make(0, 1, 0) : tc_dvec3_make(0, 0, 1));
    return tc_dvec3_normalize(tc_dvec3_cross(n, e));
}

#endif
