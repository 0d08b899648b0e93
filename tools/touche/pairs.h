/* Contacts, distances and sweeps for any two shapes: the library's pair
 * functions (contact.h, distance.h, sweep.h) chosen by the shapes' types, in
 * the library's order, with the answer turned back when the operands had to
 * be swapped. Two planes have no pair function: every query answers false. */
#ifndef TT_PAIRS_H
#define TT_PAIRS_H

#include <touche/contact.h>
#include <touche/dispatch.h>
#include <touche/distance.h>
#include <touche/sweep.h>

/* The manifold's normal points from a to b. */
bool tt_pair_contact(const tc_shape *a, const tc_shape *b, tc_manifold *m);
/* Distance (INFINITY when the pair has no function or a shape is invalid). */
float tt_pair_distance(const tc_shape *a, const tc_shape *b, tc_vec3 *point_a, tc_vec3 *point_b);
/* a and b translating by va and vb per unit of t, over [0, max_t]; the hit's
 * normal points from a to b. */
bool tt_pair_sweep(const tc_shape *a, tc_vec3 va, const tc_shape *b, tc_vec3 vb, float max_t, tc_sweep_hit *hit);

#endif
