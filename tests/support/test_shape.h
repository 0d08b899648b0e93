/* SPDX-License-Identifier: MIT */
/* The tests' tagged shape: any one of the library's shapes, as the random
 * generators make them and the oracles read them, and moving it. (Test code:
 * the test_ prefix, so it is never taken for the library's tc_shape.) */
#ifndef TOUCHE_TEST_SHAPE_H
#define TOUCHE_TEST_SHAPE_H

#include <touche/touche.h>

/* In the library's pair order. */
typedef enum test_shape_kind {
    TEST_SPHERE, TEST_CAPSULE, TEST_AABB, TEST_OBB, TEST_TRIANGLE, TEST_PLANE, TEST_SHAPE_KINDS
} test_shape_kind;

typedef struct test_shape {
    test_shape_kind kind;
    union {
        tc_sphere sphere;
        tc_capsule capsule;
        tc_aabb aabb;
        tc_obb obb;
        tc_triangle triangle;
        tc_plane plane;
    } u;
} test_shape;

/* "sphere", "capsule", ...; "?" for anything else. */
const char *test_shape_name(test_shape_kind k);

/* The shape moved by (dx, dy, dz): each point's sum computed in double and
 * rounded to float (for float inputs, the correctly rounded float sum), a
 * plane's offset by dot(normal, d) likewise. */
test_shape test_shape_translated(const test_shape *s, double dx, double dy, double dz);

#endif
