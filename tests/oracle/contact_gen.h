/* SPDX-License-Identifier: MIT */
/* Random shapes for the distance, contact and sweep tests (prefix cg_), as
 * the library's tagged tc_shape: dispatches a pair of
 * them to the library's pair functions and to the oracle of contact_oracle.h. */
#ifndef TOUCHE_TESTS_CONTACT_GEN_H
#define TOUCHE_TESTS_CONTACT_GEN_H

#include "contact_oracle.h"
#include "harness.h"
#include "test_random.h"
#include "test_shape.h"

/* A random shape near the origin (coordinates within about `spread`),
 * sizes between 0.05 and 1.5, now and then degenerate (zero radius, zero
 * length, flat box, sliver triangle). */
tc_shape cg_random(test_rng *r, int kind, double spread);
tc_quat cg_random_quat(test_rng *r);
co_shape cg_oracle(const tc_shape *s);
/* Smallest thickness of the shape (0 for a triangle, INFINITY for a plane). */
double cg_thickness(const tc_shape *s);

float cg_distance(const tc_shape *a, const tc_shape *b, tc_vec3 *pa, tc_vec3 *pb);
bool cg_overlap(const tc_shape *a, const tc_shape *b);
bool cg_contact(const tc_shape *a, const tc_shape *b, tc_manifold *m);
bool cg_sweep(const tc_shape *a, tc_vec3 va, const tc_shape *b, tc_vec3 vb, float max_t, tc_sweep_hit *hit);
/* Rotating sweep: a and b are in local coordinates. */
bool cg_sweep_rigid(const tc_shape *a, tc_transform a0, tc_transform a1, const tc_shape *b, tc_transform b0,
                    tc_transform b1, tc_sweep_hit *hit);
/* The shape in local coordinates placed by transform t (an aabb becomes an obb). */
tc_shape cg_placed(const tc_shape *s, tc_transform t);

/* Certifies that the shapes are apart: a direction along which their
 * projections do not overlap (found by alternating projections). */
bool cg_certainly_apart(const co_shape *a, const co_shape *b);

/* Exactly touching shapes on the 1/16 grid: a shape of the kind that lies in
 * the half-space side * (x - p) . e <= 0 and contains p (e: integer
 * components, e[3] its integer length; side 1 for A, -1 for B). */
tc_shape cg_touching(test_rng *r, int kind, tc_vec3 p, const int e[4], int side);
/* A random pair touching at one grid point across a plane; step receives
 * the integer direction e from A to B (moving B by step / 16 parts them). */
void cg_touching_pair(test_rng *r, int ka, int kb, tc_shape *a, tc_shape *b, int step[3]);

#endif
