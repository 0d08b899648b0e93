/* SPDX-License-Identifier: MIT */
/* Shared steps of the distance, contact and sweep pairs: what every pair
 * does once its shapes are turned into cores. Private header. */
#ifndef TOUCHE_QUERIES_PAIR_QUERIES_H
#define TOUCHE_QUERIES_PAIR_QUERIES_H

#include "queries/convex_core.h"
#include "queries/gjk.h"
#include "touche/contact.h"

/* Distance between rounded cores from their core witness pair (core_distance
 * = |qb - qa|): subtracts the radii; on overlap both points become the point
 * midway between the surfaces, which lies in both shapes. */
float tc_rounded_distance(double core_distance, tc_dvec3 qa, tc_dvec3 qb, double ra, double rb,
                          tc_vec3 *point_a, tc_vec3 *point_b);

/* Distance by GJK on the cores. */
float tc_core_distance(const tc_core *a, const tc_core *b, tc_vec3 *point_a, tc_vec3 *point_b);

/* Below this distance (relative to the scale) two cores count as
 * intersecting for contacts: the penetration axes take over from the
 * witness direction, whose direction is noise at that size. */
#define TC_CORE_CONTACT_EPSILON 1e-9

/* Contact of two cores (not both boxes: box-box goes through the SAT). */
bool tc_core_contact(const tc_core *a, const tc_core *b, tc_manifold *m);

/* A plane as a unit-normal half-space in double. */
typedef struct tc_half_space { tc_dvec3 n; double offset; } tc_half_space;
tc_half_space tc_half_space_from_plane(const tc_plane *p);
float tc_core_distance_plane(const tc_core *a, const tc_half_space *h, tc_vec3 *point_a, tc_vec3 *point_b);
bool tc_core_contact_plane(const tc_core *a, const tc_half_space *h, tc_manifold *m);

#endif
