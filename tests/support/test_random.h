/* SPDX-License-Identifier: MIT */
/* Random vectors and quaternions drawn in a fixed order.
 *
 * C leaves the order in which a call's arguments are evaluated unspecified,
 * so tc_vec3_make(draw(), draw(), draw()) gives x, y and z different draws
 * under gcc (last argument first) and clang (first argument first): the two
 * compilers would run different random cases. Every generator that needs
 * several draws in one expression takes them from here, or into locals, so
 * the cases are the same whatever the compiler. */
#ifndef TOUCHE_TEST_RANDOM_H
#define TOUCHE_TEST_RANDOM_H

#include <touche/touche.h>

#include "harness.h"

/* test_rng_vec3 (x, then y, then z) is in rng.h, beside the generator. */
/* x, y, z, then w, each uniform in [lo, hi); not normalised. */
tc_quat test_rng_quat4(test_rng *r, double lo, double hi);

#endif
