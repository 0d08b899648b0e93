/* SPDX-License-Identifier: MIT */
/* The public pair functions' bodies at the scale given. Private header.
 *
 * Every public pair function (tc_overlap_X_Y, tc_distance_X_Y,
 * tc_contact_X_Y, tc_sweep_X_Y, tc_sweep_rigid_X_Y) but the hot contact
 * pairs (TC_PAIR_EACH_CONTACT_SELF, whose bodies test for a tiny pair
 * themselves, for nearly nothing, or need none) is defined in pair_entry.c: an inline bit test for a tiny pair (tiny_pair.h), which
 * goes out of line to be scaled into the unit range, and otherwise a tail
 * call of the function's body, tc_X_Y_given, which answers the pair as
 * given. A file that defines bodies includes this header with
 * TC_PAIR_GIVEN_DEFINE set: each public name then means its body there, so
 * the families' definitions (many made by macros) keep their spelling, and
 * their calls of each other skip the tiny test (their pair is the one
 * already tested). The dispatch's deepest mesh contact (mesh_deepest.h)
 * has its entry there too. */
#ifndef TOUCHE_QUERIES_PAIR_GIVEN_H
#define TOUCHE_QUERIES_PAIR_GIVEN_H

#include <touche/touche.h>

/* The pairs with overlap, distance, contact (one manifold) and sweep,
 * lower type first. */
#define TC_PAIR_EACH(X)                                                                               \
    X(sphere, sphere) X(sphere, capsule) X(sphere, aabb) X(sphere, obb) X(sphere, triangle)           \
    X(sphere, plane) X(capsule, capsule) X(capsule, aabb) X(capsule, obb) X(capsule, triangle)        \
    X(capsule, plane) X(aabb, aabb) X(aabb, obb) X(aabb, triangle) X(aabb, plane) X(obb, obb)         \
    X(obb, triangle) X(obb, plane) X(triangle, triangle) X(triangle, plane)                           \
    X(sphere, hull) X(capsule, hull) X(aabb, hull) X(obb, hull) X(triangle, hull) X(plane, hull)      \
    X(hull, hull)
/* The one-manifold contact pairs, TC_PAIR_EACH split in two: those whose
 * bodies test for a tiny pair themselves, on numbers their own arithmetic
 * has at hand (contact.c), or need no test (aabb-aabb, exact at any scale:
 * contact_aabb.c), which have no entry and are defined under their public
 * names; and the rest, whose entries test. */
#define TC_PAIR_EACH_CONTACT_SELF(X) \
    X(sphere, sphere) X(sphere, capsule) X(sphere, plane) X(capsule, capsule) X(capsule, plane) X(aabb, aabb)
#define TC_PAIR_EACH_CONTACT_ENTRY(X)                                                                 \
    X(sphere, aabb) X(sphere, obb) X(sphere, triangle) X(capsule, aabb) X(capsule, obb)               \
    X(capsule, triangle) X(aabb, obb) X(aabb, triangle) X(aabb, plane) X(obb, obb)      \
    X(obb, triangle) X(obb, plane) X(triangle, triangle) X(triangle, plane)                           \
    X(sphere, hull) X(capsule, hull) X(aabb, hull) X(obb, hull) X(triangle, hull) X(plane, hull)      \
    X(hull, hull)
/* The pairs with a mesh: overlap, distance, sweep as above, contact per
 * triangle. */
#define TC_PAIR_EACH_MESH(X)                                                                          \
    X(sphere, mesh) X(capsule, mesh) X(aabb, mesh) X(obb, mesh) X(triangle, mesh) X(plane, mesh)      \
    X(hull, mesh)
/* The rotating sweeps of two turning shapes. */
#define TC_PAIR_EACH_RIGID(X)                                                                         \
    X(sphere, sphere) X(sphere, capsule) X(sphere, aabb) X(sphere, obb) X(sphere, triangle)           \
    X(capsule, capsule) X(capsule, aabb) X(capsule, obb) X(capsule, triangle) X(aabb, aabb)           \
    X(aabb, obb) X(aabb, triangle) X(obb, obb) X(obb, triangle) X(triangle, triangle)                 \
    X(sphere, hull) X(capsule, hull) X(aabb, hull) X(obb, hull) X(triangle, hull) X(hull, hull)       \
    X(sphere, mesh) X(capsule, mesh) X(aabb, mesh) X(obb, mesh) X(triangle, mesh) X(hull, mesh)
/* The shapes that turn onto a still plane (tc_sweep_rigid_X_plane) and
 * those after the plane in the pair order (tc_sweep_rigid_plane_X). */
#define TC_PAIR_EACH_RIGID_ONTO_PLANE(X) X(sphere) X(capsule) X(aabb) X(obb) X(triangle)
#define TC_PAIR_EACH_RIGID_PLANE_FIRST(X) X(hull) X(mesh)

#define TC_PAIR_GIVEN_DECLARE(A, B)                                                                          \
    bool tc_overlap_##A##_##B##_given(const tc_##A *a, const tc_##B *b);                                    \
    float tc_distance_##A##_##B##_given(const tc_##A *a, const tc_##B *b, tc_vec3 *point_a, tc_vec3 *point_b); \
    bool tc_sweep_##A##_##B##_given(const tc_##A *a, tc_vec3 velocity_a, const tc_##B *b, tc_vec3 velocity_b, \
                                    float max_t, tc_sweep_hit *hit);
#define TC_PAIR_GIVEN_DECLARE_CONTACT(A, B) \
    bool tc_contact_##A##_##B##_given(const tc_##A *a, const tc_##B *b, tc_manifold *m);
#define TC_PAIR_GIVEN_DECLARE_MESH_CONTACT(A, B) \
    int32_t tc_contact_##A##_mesh_given(const tc_##A *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);
#define TC_PAIR_GIVEN_DECLARE_DEEPEST(A, B) \
    bool tc_mesh_deepest_contact_##A##_given(const tc_##A *a, const tc_mesh *b, tc_manifold *m);
#define TC_PAIR_GIVEN_DECLARE_RIGID(A, B)                                                                    \
    bool tc_sweep_rigid_##A##_##B##_given(const tc_##A *a, tc_transform a_start, tc_transform a_end,        \
                                          const tc_##B *b, tc_transform b_start, tc_transform b_end,        \
                                          tc_sweep_hit *hit);
#define TC_PAIR_GIVEN_DECLARE_ONTO_PLANE(A)                                                                  \
    bool tc_sweep_rigid_##A##_plane_given(const tc_##A *a, tc_transform a_start, tc_transform a_end,        \
                                          const tc_plane *b, tc_sweep_hit *hit);
#define TC_PAIR_GIVEN_DECLARE_PLANE_FIRST(B)                                                                 \
    bool tc_sweep_rigid_plane_##B##_given(const tc_plane *a, const tc_##B *b, tc_transform b_start,         \
                                          tc_transform b_end, tc_sweep_hit *hit);

TC_PAIR_EACH(TC_PAIR_GIVEN_DECLARE)
TC_PAIR_EACH_MESH(TC_PAIR_GIVEN_DECLARE)
TC_PAIR_EACH_CONTACT_ENTRY(TC_PAIR_GIVEN_DECLARE_CONTACT)
TC_PAIR_EACH_MESH(TC_PAIR_GIVEN_DECLARE_MESH_CONTACT)
TC_PAIR_EACH_MESH(TC_PAIR_GIVEN_DECLARE_DEEPEST)
TC_PAIR_EACH_RIGID(TC_PAIR_GIVEN_DECLARE_RIGID)
TC_PAIR_EACH_RIGID_ONTO_PLANE(TC_PAIR_GIVEN_DECLARE_ONTO_PLANE)
TC_PAIR_EACH_RIGID_PLANE_FIRST(TC_PAIR_GIVEN_DECLARE_PLANE_FIRST)

#endif

/* Outside the guard: the public names as the bodies' in a defining file. */
#ifdef TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given_names.h"
#endif
