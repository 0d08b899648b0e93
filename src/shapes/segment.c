/* SPDX-License-Identifier: MIT */
/* Closest points on segments (after Ericson, Real-Time Collision Detection,
 * 5.1.2 and 5.1.9), with degenerate segments handled explicitly. */
#include "shapes/closest.h"

#include <math.h>

#include "core/float.h"
#include "core/inline.h"

float tc_segment_closest_param_wide(tc_vec3 a, tc_vec3 b, tc_vec3 p)
{
    TC_FP_STRICT /* no division before the length test */
    /* Huge coordinates (their squares overflow float) or a tiny segment
     * (the ratio does): in double, where neither can for float inputs. */
    const double ab[3] = { (double)b.x - a.x, (double)b.y - a.y, (double)b.z - a.z };
    const double ap[3] = { (double)p.x - a.x, (double)p.y - a.y, (double)p.z - a.z };
    const double len2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
    if (!(len2 > 0.0)) return 0.0f;
    const double u = (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / len2;
    return u <= 0.0 ? 0.0f : (u >= 1.0 ? 1.0f : (float)u);
}

float tc_segment_closest_param(tc_vec3 a, tc_vec3 b, tc_vec3 p)
{
    const float m = tc_maxf(tc_vec3_max_abs(a), tc_maxf(tc_vec3_max_abs(b), tc_vec3_max_abs(p)));
    return m <= TC_SEGMENT_FLOAT_RANGE ? tc_segment_closest_param_in_range(a, b, p) : tc_segment_closest_param_wide(a, b, p);
}

void tc_segment_segment_params(tc_vec3 p1, tc_vec3 q1, tc_vec3 p2, tc_vec3 q2, float *s_out, float *t_out)
{
    float s, t;
    tc_vec3 d1 = tc_vec3_sub(q1, p1), d2 = tc_vec3_sub(q2, p2), r = tc_vec3_sub(p1, p2);
    float a = tc_vec3_dot(d1, d1), e = tc_vec3_dot(d2, d2), f = tc_vec3_dot(d2, r);
    if (!(a > 0.0f) && !(e > 0.0f)) {
        s = t = 0.0f;
    } else if (!(a > 0.0f)) {
        s = 0.0f;
        t = tc_clampf(f / e, 0.0f, 1.0f);
    } else {
        float c = tc_vec3_dot(d1, r);
        if (!(e > 0.0f)) {
            t = 0.0f;
            s = tc_clampf(-c / a, 0.0f, 1.0f);
        } else {
            float b = tc_vec3_dot(d1, d2);
            float denom = a * e - b * b; /* >= 0; zero when parallel */
            /* Parallel (or nearly): any s works for the infinite lines, start
             * from s = 0 and let the clamping below find the closest pair. */
            s = denom > FLT_EPSILON * a * e ? tc_clampf((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
            t = (b * s + f) / e;
            /* t beyond an end: t is that end, and s the point of segment 1
             * closest to it, -c / a (t = 0) or (b - c) / a (t = 1).
             * Selected, not branched on: which case holds is data (random
             * capsule pairs mispredicted it half the time), and that cost
             * more than the division it saved. Unused, the quotient is
             * harmless: it cannot overflow (|num| / a <= (|d2| + |r|) / |d1|
             * < 2^118 within the range). Written as one clamp and
             * comparisons with it: clang branched on t < 0 when asked for
             * it twice. */
            const float clamped = tc_clampf(t, 0.0f, 1.0f);
            const float end_s = tc_clampf((clamped < t ? b - c : -c) / a, 0.0f, 1.0f);
            s = clamped == t ? s : end_s;
            t = clamped;
        }
    }
    *s_out = s;
    *t_out = t;
}

/* The float solution for points within the float range (closest.h). */
static float segment_segment_in_range(tc_vec3 p1, tc_vec3 q1, tc_vec3 p2, tc_vec3 q2, float *s_out, float *t_out)
{
    float s, t;
    tc_segment_segment_params(p1, q1, p2, q2, &s, &t);
    if (s_out) *s_out = s;
    if (t_out) *t_out = t;
    tc_vec3 d = tc_vec3_sub(tc_vec3_lerp(p1, q1, s), tc_vec3_lerp(p2, q2, t));
    return tc_vec3_dot(d, d);
}

/* Points whose largest coordinate m is outside the float range, either
 * way. The closest parameters do not change when all four points are
 * scaled by a power of two, and the product by one is exact but for
 * values that become subnormal (and a subnormal scaled up keeps its bits):
 * - far out (m beyond TC_SEGMENT_SEGMENT_FLOAT_RANGE) the squares below
 *   overflow float: scaled under 2^40, and the squared distance scaled
 *   back in double (beyond the float range it is infinity, without the
 *   overflow);
 * - small (m below TC_SEGMENT_SEGMENT_FLOAT_MIN: a pair of sizes far below
 *   their coordinates, given relative to one of its points) the products
 *   of squares underflow: a e - b^2 is of m^4, subnormal below about 1e-10
 *   and 0 below 1e-12, and the parameters it divides into were garbage (a
 *   capsule 1e-11 long at 1e-5 from the origin missed its overlap with
 *   another that distance and contact found: issue 12). Scaled into
 *   [1/2, 1), and the squared distance scaled back.
 * All zero (and NaN, which no valid shape has): as given. */
TC_NO_INLINE float segment_segment_rescaled(tc_vec3 p1, tc_vec3 q1, tc_vec3 p2, tc_vec3 q2, float m, float *s_out, float *t_out)
{
    if (tc_float_bits(m) == 0u || !tc_is_finite(m)) return segment_segment_in_range(p1, q1, p2, q2, s_out, t_out);
    int e;
    (void)frexpf(m, &e); /* m = f 2^e, f in [1/2, 1) */
    const int k = m > TC_SEGMENT_SEGMENT_FLOAT_RANGE ? 40 - e : -e;
    const float d2 = segment_segment_in_range(tc_vec3_ldexp(p1, k), tc_vec3_ldexp(q1, k), tc_vec3_ldexp(p2, k),
                                              tc_vec3_ldexp(q2, k), s_out, t_out);
    const double back = ldexp((double)d2, -2 * k);
    return back > FLT_MAX ? INFINITY : (float)back;
}

float tc_segment_segment_closest(tc_vec3 p1, tc_vec3 q1, tc_vec3 p2, tc_vec3 q2, float *s_out, float *t_out)
{
    const float m = tc_maxf(tc_maxf(tc_vec3_max_abs(p1), tc_vec3_max_abs(q1)), tc_maxf(tc_vec3_max_abs(p2), tc_vec3_max_abs(q2)));
    /* One unsigned comparison of the bits for both ends of the range (and
     * a NaN, whose bits lie above it): the common case pays no more than
     * the far test alone did. */
    const uint32_t lo = tc_float_bits(TC_SEGMENT_SEGMENT_FLOAT_MIN), hi = tc_float_bits(TC_SEGMENT_SEGMENT_FLOAT_RANGE);
    if (TC_UNLIKELY(tc_float_bits(m) - lo > hi - lo)) return segment_segment_rescaled(p1, q1, p2, q2, m, s_out, t_out);
    return segment_segment_in_range(p1, q1, p2, q2, s_out, t_out);
}

float tc_segment_closest_points(const tc_segment *s1, const tc_segment *s2, tc_vec3 *p, tc_vec3 *q)
{
    if (!tc_segment_is_valid(s1) || !tc_segment_is_valid(s2)) return -1.0f;
    float s, t;
    float d2 = tc_segment_segment_closest(s1->a, s1->b, s2->a, s2->b, &s, &t);
    if (p) *p = tc_vec3_lerp(s1->a, s1->b, s);
    if (q) *q = tc_vec3_lerp(s2->a, s2->b, t);
    return d2;
}

tc_vec3 tc_segment_closest_point(const tc_segment *s, tc_vec3 p)
{
    if (!tc_segment_is_valid(s)) return p;
    return tc_vec3_lerp(s->a, s->b, tc_segment_closest_param(s->a, s->b, p));
}
