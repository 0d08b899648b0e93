/* SPDX-License-Identifier: MIT */
/* Floating-point helpers shared by every query: finiteness without
 * <math.h> macros in hot paths, and the padding rule that keeps queries
 * conservative (never a missed overlap) while staying within TC_TOLERANCE. */
#ifndef TOUCHE_CORE_FLOAT_H
#define TOUCHE_CORE_FLOAT_H

#include <float.h>
#include <math.h>
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

/* x * 0 is 0 for finite x and NaN for NaN or infinity. */
static inline bool tc_is_finite(float x) { return x * 0.0f == 0.0f; }
static inline bool tc_vec3_finite(tc_vec3 v) { return (v.x * 0.0f + v.y * 0.0f + v.z * 0.0f) == 0.0f; }

/* Sum of absolute components: a cheap, rotation-bounded magnitude for pads. */
static inline float tc_vec3_norm1(tc_vec3 v) { return tc_absf(v.x) + tc_absf(v.y) + tc_absf(v.z); }
static inline float tc_vec3_max_abs(tc_vec3 v) { return tc_maxf(tc_absf(v.x), tc_maxf(tc_absf(v.y), tc_absf(v.z))); }

#endif
