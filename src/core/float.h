/* SPDX-License-Identifier: MIT */
/* Floating-point helpers shared by every query: finiteness without
 * <math.h> macros in hot paths, and the padding rule that keeps queries
 * conservative (never a missed overlap) while staying within TC_TOLERANCE. */
#ifndef TOUCHE_CORE_FLOAT_H
#define TOUCHE_CORE_FLOAT_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <touche/vecmath.h>

/* Relative padding applied to float comparisons near touching. It covers the
 * rounding of a handful of float operations (each at most FLT_EPSILON/2
 * relative) and the non-orthonormality of a float rotation matrix (about
 * 1e-7), and stays well inside TC_TOLERANCE (1e-5). */
#define TC_PAD_REL (16.0f * FLT_EPSILON)

/* fabsf clears the sign bit in one instruction; x < 0 ? -x : x cannot, as it
 * must keep -0.0 negative. */
static inline float tc_absf(float x) { return fabsf(x); }
static inline float tc_minf(float a, float b) { return a < b ? a : b; }
static inline float tc_maxf(float a, float b) { return a > b ? a : b; }
static inline float tc_clampf(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

/* Finiteness from the bits (the exponent is all ones only for NaN and the
 * infinities): no floating-point operation, so no exception is raised,
 * whatever the value (x * 0 == 0 would raise FE_INVALID on an infinity, an
 * ordered comparison on a NaN). */
static inline uint32_t tc_float_bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}
#define TC_FLOAT_EXPONENT_BITS 0x7f800000u
static inline bool tc_is_finite(float x) { return (tc_float_bits(x) & TC_FLOAT_EXPONENT_BITS) != TC_FLOAT_EXPONENT_BITS; }
static inline bool tc_is_nan(float x) { return (tc_float_bits(x) & 0x7fffffffu) > TC_FLOAT_EXPONENT_BITS; }
/* Counted rather than chained with &&: one branch for the three (there is
 * no operation to skip). */
static inline int tc_nonfinite_count(float x) { return (tc_float_bits(x) & TC_FLOAT_EXPONENT_BITS) == TC_FLOAT_EXPONENT_BITS; }
static inline int tc_vec3_nonfinite_count(tc_vec3 v)
{
    return tc_nonfinite_count(v.x) + tc_nonfinite_count(v.y) + tc_nonfinite_count(v.z);
}
static inline bool tc_vec3_finite(tc_vec3 v) { return tc_vec3_nonfinite_count(v) == 0; }
/* The same as a flag word to OR over many numbers, then test once: the
 * top bit of tc_abs_above_flag is set exactly when |x| > limit (limit
 * finite and >= 0) or x is a NaN, as the bits of |x| beyond those of
 * limit carry into it. Plain integer operations on every number, which
 * the compiler can do four at a time, where a count needs a comparison
 * each. */
#define TC_NONFINITE_FLAG 0x80000000u
static inline uint32_t tc_abs_above_flag(float x, float limit)
{
    return (tc_float_bits(x) & 0x7fffffffu) + (0x7fffffffu - tc_float_bits(limit));
}
/* The non-finite flag from a float's bits (tc_abs_above_flag(x, FLT_MAX)). */
static inline uint32_t tc_bits_nonfinite_flag(uint32_t u) { return (u & 0x7fffffffu) + 0x00800000u; }
static inline uint32_t tc_nonfinite_flag(float x) { return tc_bits_nonfinite_flag(tc_float_bits(x)); }
static inline uint32_t tc_vec3_abs_above_flag(tc_vec3 v, float limit)
{
    return tc_abs_above_flag(v.x, limit) | tc_abs_above_flag(v.y, limit) | tc_abs_above_flag(v.z, limit);
}
static inline uint32_t tc_vec3_nonfinite_flag(tc_vec3 v) { return tc_vec3_abs_above_flag(v, FLT_MAX); }
/* The flag of a size, which must be finite and >= 0 (-0 included): also
 * set for a negative number other than -0, whose bits have the top one set
 * and another (adding 2^31 - 1 then carries out of the top bit). */
static inline uint32_t tc_bits_size_invalid_flag(uint32_t u) { return tc_bits_nonfinite_flag(u) | (u & ~(u + 0x7fffffffu)); }
static inline uint32_t tc_size_invalid_flag(float x) { return tc_bits_size_invalid_flag(tc_float_bits(x)); }

/* keep ? x : -x by flipping the sign bit, without a branch (for signs that
 * random data makes unpredictable; compilers turn a product by a selected
 * +-1 back into a branch). The bits of the negation either way. */
static inline float tc_negate_unless(float x, bool keep)
{
    uint32_t u = tc_float_bits(x) ^ (uint32_t)!keep << 31;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* The flag word of n numbers (n a constant, at most 8) read as bits: a
 * shape's floats laid out without padding, the last of them its size when
 * sized. Read as one block, which the compiler can check four at a time
 * (it does for a sphere). */
static inline uint32_t tc_floats_flag(const void *floats, int n, bool sized)
{
    uint32_t u[8], f = 0;
    memcpy(u, floats, (size_t)n * sizeof u[0]);
    for (int i = 0; i < n; ++i) f |= tc_bits_nonfinite_flag(u[i]);
    if (sized) f |= tc_bits_size_invalid_flag(u[n - 1]);
    return f;
}

/* At the start of a compound statement: its floating-point operations
 * happen only where and when the source says. Clang otherwise assumes that
 * no one looks at the exception flags, so it evaluates a guarded division
 * (ok ? 1 / d : 0) unconditionally and widens pairs of scalar operations
 * into vector ones whose unused lanes hold whatever the register held:
 * both raise FE_DIVBYZERO, FE_OVERFLOW or FE_INVALID for the very values
 * the guard was there for, and trap where traps are enabled. GCC never does
 * either under its default -ftrapping-math, so it needs nothing. Used where
 * a guard protects arithmetic (a reciprocal, a square that may overflow);
 * it costs those blocks some optimisation, so not in inner loops. */
#if defined(__clang__)
#define TC_FP_STRICT _Pragma("clang fp exceptions(maytrap)")
#else
#define TC_FP_STRICT
#endif

/* A double rounded to float, saturating at +-FLT_MAX instead of overflowing
 * (converting a value beyond the float range raises FE_OVERFLOW): for
 * results of valid shapes that reach past the float range (their bounds, a
 * sweep's hit point). A NaN stays NaN. */
static inline float tc_float_saturated(double v)
{
    return v > (double)FLT_MAX ? FLT_MAX : (v < -(double)FLT_MAX ? -FLT_MAX : (float)v);
}

/* nextafterf(x, INFINITY) for x >= +0 (not -0 or a NaN), from the bits: the next
 * float up (infinity after FLT_MAX), without a library call or an
 * exception. For pads rounded up once a query. */
static inline float tc_float_next_up(float x)
{
    const uint32_t u = tc_float_bits(x) + 1u;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* Sum of absolute components: a cheap, rotation-bounded magnitude for pads. */
static inline float tc_vec3_norm1(tc_vec3 v) { return tc_absf(v.x) + tc_absf(v.y) + tc_absf(v.z); }
static inline float tc_vec3_max_abs(tc_vec3 v) { return tc_maxf(tc_absf(v.x), tc_maxf(tc_absf(v.y), tc_absf(v.z))); }

#endif
