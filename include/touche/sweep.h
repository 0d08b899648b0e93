/* SPDX-License-Identifier: MIT */
/** @file
 * Touché sweeps: when do two moving shapes first touch?
 *
 * Conventions:
 *  - Pair functions take their shapes in the fixed order sphere, capsule,
 *    aabb, obb, triangle, plane.
 *  - tc_sweep_*: A and B translate with constant velocities over t in
 *    [0, max_t] (t in the caller's time unit, velocities per unit of t):
 *    A(t) = A + velocity_a * t, likewise B. On a hit, hit->t is the first time
 *    they touch, hit->point a contact point at that time and hit->normal the
 *    unit contact normal pointing from A to B (as in contact.h).
 *  - Shapes overlapping at t = 0 hit at t = 0 (normal from tc_contact_*). No
 *    relative motion: only an initial overlap hits. A NaN or negative max_t,
 *    a non-finite velocity or an invalid shape finds nothing.
 *  - Exactness: sphere-sphere, every pair with a plane and the box pairs
 *    (aabb/obb with aabb/obb, by the 15-axis separating-axis test extended
 *    with the relative velocity) are exact up to float rounding. The other
 *    pairs use conservative advancement on the distance query: the reported
 *    t is never later than the true first contact and the gap there is at
 *    most 1e-6 of the sweep's scale (coordinates plus the relative
 *    displacement; far from the origin, beyond 16 times the pair's sizes
 *    and separation, the coordinates relative to one shape's centre, so
 *    that the gap is of the pair's own numbers); so nothing tunnels,
 *    however fast or thin.
 *  - tc_sweep_rigid_*: shapes that rotate as well as translate. Each shape is
 *    given in its local coordinates with its transform at the start and at
 *    the end of the step; in between the position moves linearly and the
 *    rotation turns at constant rate about a fixed axis (slerp, shortest
 *    way). hit->t is in [0, 1], in world space like the rest. Computed by
 *    conservative advancement with a bound on the approach speed (linear
 *    speed along the normal plus angular speed times the largest lever arm
 *    of the core about the turning axis, times the sine of the angle between
 *    the normal and that axis), so the reported t is never after the first
 *    contact; it stops when the gap is below 1e-5 of the scale, and then
 *    hit->point lies on both shapes at t within that gap. A hit at t = 0
 *    means the shapes overlap at the start (shapes closer than the tolerance
 *    but apart take a step, so their hit has t > 0). Through the dispatch
 *    (tc_shape_sweep_rigid) and the pair functions (tc_sweep_rigid_X_Y,
 *    hull.h's and mesh.h's included) alike, "overlap at the start" is the
 *    pair's overlap
 *    test (tc_shape_overlap of the shapes at their start poses, an AABB
 *    turned as the box of its frame, a shape at the identity pose as
 *    given; far from the origin, beyond 16 times
 *    the pair's sizes and separation, placed relative to A's start position
 *    as the pair functions then run; a plane pair relative to the other
 *    shape's start position, the plane's offset less its height there), as
 *    for the translating sweeps: shapes
 *    it calls overlapping, at distance 0 or inside its tolerance band, hit
 *    at t = 0 with the contact's normal and deepest point. Passing a near graze
 *    takes many steps (about 1 / sqrt(gap) of them); after 4096 it
 *    stops anyway, reporting a hit at the time reached, conservatively (the
 *    point and normal are still those of the poses at t, but the shapes may
 *    be further apart than the tolerance there). With a plane the
 *    plane stays still (a turning half-space has no bounded lever arm) and
 *    only A moves: tc_sweep_rigid_<A>_plane, e.g. a box tumbling onto the
 *    ground (up to 1024 steps); the normal then is -plane.normal.
 *  - Hulls and meshes have rotating sweeps too, with the same meanings and
 *    guarantees, declared beside their other pairs: hull.h's
 *    tc_sweep_rigid_X_hull (X sphere to triangle, and hull) and mesh.h's
 *    tc_sweep_rigid_X_mesh (X sphere to hull; the first triangle touched).
 *    The plane comes before them in the pair order, so there the plane is A
 *    and stays still while B turns onto it (tc_sweep_rigid_plane_hull,
 *    tc_sweep_rigid_plane_mesh; the normal then is +plane.normal).
 *  - hit may be NULL. No allocation; thread-safe.
 */
#ifndef TOUCHE_SWEEP_H
#define TOUCHE_SWEEP_H

#include "shapes.h"

TC_C_BEGIN

/// First contact of a sweep: time t, the contact point and the unit normal from A into B.
typedef struct tc_sweep_hit { float t; tc_vec3 point; tc_vec3 normal; } tc_sweep_hit;

/// First touch of a sphere moving at velocity_a and a sphere at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_sphere_sphere(const tc_sphere *a, tc_vec3 velocity_a, const tc_sphere *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a sphere moving at velocity_a and a capsule at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_sphere_capsule(const tc_sphere *a, tc_vec3 velocity_a, const tc_capsule *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a sphere moving at velocity_a and an AABB at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_sphere_aabb(const tc_sphere *a, tc_vec3 velocity_a, const tc_aabb *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a sphere moving at velocity_a and an OBB at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_sphere_obb(const tc_sphere *a, tc_vec3 velocity_a, const tc_obb *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a sphere moving at velocity_a and a triangle at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_sphere_triangle(const tc_sphere *a, tc_vec3 velocity_a, const tc_triangle *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a sphere moving at velocity_a and a plane at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_sphere_plane(const tc_sphere *a, tc_vec3 velocity_a, const tc_plane *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a capsule moving at velocity_a and a capsule at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_capsule_capsule(const tc_capsule *a, tc_vec3 velocity_a, const tc_capsule *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a capsule moving at velocity_a and an AABB at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_capsule_aabb(const tc_capsule *a, tc_vec3 velocity_a, const tc_aabb *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a capsule moving at velocity_a and an OBB at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_capsule_obb(const tc_capsule *a, tc_vec3 velocity_a, const tc_obb *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a capsule moving at velocity_a and a triangle at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_capsule_triangle(const tc_capsule *a, tc_vec3 velocity_a, const tc_triangle *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a capsule moving at velocity_a and a plane at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_capsule_plane(const tc_capsule *a, tc_vec3 velocity_a, const tc_plane *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of an AABB moving at velocity_a and an AABB at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_aabb_aabb(const tc_aabb *a, tc_vec3 velocity_a, const tc_aabb *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of an AABB moving at velocity_a and an OBB at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_aabb_obb(const tc_aabb *a, tc_vec3 velocity_a, const tc_obb *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of an AABB moving at velocity_a and a triangle at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_aabb_triangle(const tc_aabb *a, tc_vec3 velocity_a, const tc_triangle *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of an AABB moving at velocity_a and a plane at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_aabb_plane(const tc_aabb *a, tc_vec3 velocity_a, const tc_plane *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of an OBB moving at velocity_a and an OBB at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_obb_obb(const tc_obb *a, tc_vec3 velocity_a, const tc_obb *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of an OBB moving at velocity_a and a triangle at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_obb_triangle(const tc_obb *a, tc_vec3 velocity_a, const tc_triangle *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of an OBB moving at velocity_a and a plane at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_obb_plane(const tc_obb *a, tc_vec3 velocity_a, const tc_plane *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a triangle moving at velocity_a and a triangle at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_triangle_triangle(const tc_triangle *a, tc_vec3 velocity_a, const tc_triangle *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);
/// First touch of a triangle moving at velocity_a and a plane at velocity_b within [0, max_t]: true, *hit filled.
TC_API bool tc_sweep_triangle_plane(const tc_triangle *a, tc_vec3 velocity_a, const tc_plane *b, tc_vec3 velocity_b,
                        float max_t, tc_sweep_hit *hit);

/** Rotating sweeps; t in [0, 1] from start to end. */
TC_API bool tc_sweep_rigid_sphere_sphere(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                              const tc_sphere *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a sphere and a capsule, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_sphere_capsule(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                              const tc_capsule *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a sphere and an AABB, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_sphere_aabb(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                              const tc_aabb *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a sphere and an OBB, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_sphere_obb(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                              const tc_obb *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a sphere and a triangle, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_sphere_triangle(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                              const tc_triangle *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a capsule and a capsule, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_capsule_capsule(const tc_capsule *a, tc_transform a_start, tc_transform a_end,
                              const tc_capsule *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a capsule and an AABB, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_capsule_aabb(const tc_capsule *a, tc_transform a_start, tc_transform a_end,
                              const tc_aabb *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a capsule and an OBB, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_capsule_obb(const tc_capsule *a, tc_transform a_start, tc_transform a_end,
                              const tc_obb *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a capsule and a triangle, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_capsule_triangle(const tc_capsule *a, tc_transform a_start, tc_transform a_end,
                              const tc_triangle *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of an AABB and an AABB, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_aabb_aabb(const tc_aabb *a, tc_transform a_start, tc_transform a_end,
                              const tc_aabb *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of an AABB and an OBB, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_aabb_obb(const tc_aabb *a, tc_transform a_start, tc_transform a_end,
                              const tc_obb *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of an AABB and a triangle, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_aabb_triangle(const tc_aabb *a, tc_transform a_start, tc_transform a_end,
                              const tc_triangle *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of an OBB and an OBB, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_obb_obb(const tc_obb *a, tc_transform a_start, tc_transform a_end,
                              const tc_obb *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of an OBB and a triangle, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_obb_triangle(const tc_obb *a, tc_transform a_start, tc_transform a_end,
                              const tc_triangle *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/// First touch of a triangle and a triangle, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_triangle_triangle(const tc_triangle *a, tc_transform a_start, tc_transform a_end,
                              const tc_triangle *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);

/// First touch of a sphere and a plane, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_sphere_plane(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                              const tc_plane *b, tc_sweep_hit *hit);
/// First touch of a capsule and a plane, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_capsule_plane(const tc_capsule *a, tc_transform a_start, tc_transform a_end,
                              const tc_plane *b, tc_sweep_hit *hit);
/// First touch of an AABB and a plane, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_aabb_plane(const tc_aabb *a, tc_transform a_start, tc_transform a_end,
                              const tc_plane *b, tc_sweep_hit *hit);
/// First touch of an OBB and a plane, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_obb_plane(const tc_obb *a, tc_transform a_start, tc_transform a_end,
                              const tc_plane *b, tc_sweep_hit *hit);
/// First touch of a triangle and a plane, each turning and moving from its start to its end pose: true, *hit filled.
TC_API bool tc_sweep_rigid_triangle_plane(const tc_triangle *a, tc_transform a_start, tc_transform a_end,
                              const tc_plane *b, tc_sweep_hit *hit);

TC_C_END

#endif
