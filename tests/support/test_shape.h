/* SPDX-License-Identifier: MIT */
/* What the tests add to the library's tagged shape (tc_shape, dispatch.h):
 * a name for each type, the count of the shapes held by value, and a
 * translation exact in double for the oracles. Tests use tc_shape itself. */
#ifndef TOUCHE_TEST_SHAPE_H
#define TOUCHE_TEST_SHAPE_H

#include <touche/touche.h>

/* The six shapes held by value (TC_SHAPE_SPHERE .. TC_SHAPE_PLANE): the ones
 * the random generators draw and the loops over every plain shape walk. Hull
 * and mesh come after them in the type order and point at data. */
#define TEST_PLAIN_SHAPE_COUNT ((int)TC_SHAPE_HULL)

/* "sphere", "capsule", ..., "hull", "mesh"; "?" for anything else. */
const char *test_shape_name(tc_shape_type type);

/* The shape moved by (dx, dy, dz) given in double: each point's sum computed
 * in double and rounded to float (the correctly rounded sum, which
 * tc_shape_translate cannot give for an offset that is not a float), a
 * plane's offset by dot(normal, d) likewise, a hull's or mesh's position
 * likewise. The generators place shapes with it at gaps finer than a float
 * offset can say. */
tc_shape test_shape_translated(const tc_shape *s, double dx, double dy, double dz);

#endif
