/* SPDX-License-Identifier: MIT */
/* The one seeded random-number generator of the tests, the tools' tests and
 * the benchmarks: splitmix64, independent of the C library, so every machine
 * and compiler draws the same stream from the same seed. Seed it by
 * initialisation: test_rng r = { seed }. C and C++ (the benchmarks' peer glue
 * is C++). */
#ifndef TOUCHE_TEST_RNG_H
#define TOUCHE_TEST_RNG_H

#include <stdint.h>

#include <touche/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct test_rng { uint64_t state; } test_rng;

uint64_t test_rng_next(test_rng *r);
/* Uniform in [lo, hi), from 53 random bits. */
double test_rng_uniform(test_rng *r, double lo, double hi);
/* out[0], out[1], then out[2], each uniform in [lo, hi): several draws as
 * one call's arguments would come in an order the compiler picks, so code
 * that needs a triple takes it from here (or draws into locals). */
void test_rng_uniform3(test_rng *r, double lo, double hi, double out[3]);
/* Uniform integer in [lo, hi]. */
int test_rng_int(test_rng *r, int lo, int hi);
/* exp(uniform(log lo, log hi)), 0 < lo < hi: samples spread evenly over
 * orders of magnitude. */
double test_rng_log_range(test_rng *r, double lo, double hi);
/* A uniformly distributed unit vector. */
void test_rng_unit_vector(test_rng *r, double out[3]);
/* A uniformly distributed unit quaternion (x, y, z, w). */
void test_rng_quat(test_rng *r, double out[4]);
/* test_rng_uniform(r, lo, hi) rounded to float. */
float test_rng_float(test_rng *r, double lo, double hi);
/* x, y, z each test_rng_float(r, lo, hi), drawn in that order (one draw a
 * statement: the same vector with every compiler). */
tc_vec3 test_rng_vec3(test_rng *r, double lo, double hi);
/* x, y, z, w each test_rng_float(r, -1, 1), drawn in that order, not
 * normalised (tc_quat_normalize of it is a rotation, not uniformly
 * distributed: test_rng_rotation is). */
tc_quat test_rng_quat_raw(test_rng *r);
/* test_rng_quat as a tc_quat: a uniformly distributed rotation. */
tc_quat test_rng_rotation(test_rng *r);

#ifdef __cplusplus
}
#endif

#endif
