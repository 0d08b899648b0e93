/* SPDX-License-Identifier: MIT */
/** @file
 * Touché shape dispatch: any shape behind one tagged type, and the pair
 * queries chosen at run time.
 *
 * Conventions:
 *  - tc_shape holds one of the eight shapes; `type` says which member of the
 *    union is meaningful. A hull or mesh member points at its data, which
 *    the caller owns and which must outlive the shape. The type order is the library's pair order, so
 *    tc_shape_overlap(a, b) calls tc_overlap_<lower>_<higher> with the
 *    operands swapped when needed; the answer is symmetric.
 *  - Everything else follows overlap.h, raycast.h and shapes.h: closed shapes,
 *    invalid data answers false, nothing allocates.
 *  - Two planes have no pair function: tc_shape_overlap answers whether the
 *    half-spaces intersect (always, unless their normals are exactly
 *    opposite and the solids are separated); contact, distance and sweep
 *    answer false / INFINITY.
 *  - A plane is unbounded: tc_shape_bounds answers false for it.
 *  - Tiny pairs: when every coordinate and size of both shapes (a hull's or
 *    mesh's placed reach, a rotating sweep's pose positions) is at most
 *    2^-24, and not all are zero, overlap, distance, contact and the
 *    sweeps (their pair functions, overlap.h, and the rotating sweep's
 *    start test here) answer the pair scaled by the exact power of two 2^k that
 *    brings its largest number into [1/2, 1), so they agree as at the unit
 *    scale; lengths and points come back times 2^-k, rounded once (few bits
 *    where subnormal; a positive distance stays at least 2^-149), normals
 *    and times unchanged. docs/conventions.md, "Tiny pairs".
 *  - Meshes: one manifold has one normal, and a shape touching a mesh
 *    usually touches several triangles. tc_shape_contact answers with the
 *    manifold of the deepest touching triangle (ties: the lowest triangle
 *    index), enough for a yes/no and a single push-out; a solver wants every
 *    triangle's manifold from tc_contact_X_mesh (mesh.h). Two meshes have no
 *    pair function: overlap, contact and sweep answer false, distance
 *    INFINITY.
 */
#ifndef TOUCHE_DISPATCH_H
#define TOUCHE_DISPATCH_H

#include "contact.h"
#include "distance.h"
#include "mesh.h"
#include "overlap.h"
#include "raycast.h"
#include "sweep.h"

TC_C_BEGIN

/// Which shape a tc_shape holds, in the library's pair order.
typedef enum tc_shape_type {
    TC_SHAPE_SPHERE = 0,  ///< the shape is in u.sphere
    TC_SHAPE_CAPSULE = 1,  ///< the shape is in u.capsule
    TC_SHAPE_AABB = 2,  ///< the shape is in u.aabb
    TC_SHAPE_OBB = 3,  ///< the shape is in u.obb
    TC_SHAPE_TRIANGLE = 4,  ///< the shape is in u.triangle
    TC_SHAPE_PLANE = 5,  ///< the shape is in u.plane
    TC_SHAPE_HULL = 6,  ///< a placed convex hull (hull.h), in u.hull
    TC_SHAPE_MESH = 7,  ///< a placed triangle mesh (mesh.h), in u.mesh
    TC_SHAPE_TYPE_COUNT = 8  ///< the number of shape types (not a type)
} tc_shape_type;

/// Any one shape, tagged by its type.
typedef struct tc_shape {
    tc_shape_type type;
    union {
        tc_sphere sphere;
        tc_capsule capsule;
        tc_aabb aabb;
        tc_obb obb;
        tc_triangle triangle;
        tc_plane plane;
        tc_hull hull;
        tc_mesh mesh;
    } u;
} tc_shape;

/// A tc_shape holding a sphere.
TC_API tc_shape tc_shape_from_sphere(tc_sphere s);
/// A tc_shape holding a capsule.
TC_API tc_shape tc_shape_from_capsule(tc_capsule c);
/// A tc_shape holding an AABB.
TC_API tc_shape tc_shape_from_aabb(tc_aabb b);
/// A tc_shape holding an OBB.
TC_API tc_shape tc_shape_from_obb(tc_obb b);
/// A tc_shape holding a triangle.
TC_API tc_shape tc_shape_from_triangle(tc_triangle t);
/// A tc_shape holding a plane.
TC_API tc_shape tc_shape_from_plane(tc_plane p);
/** A tagged placed hull; the data must outlive the shape. */
TC_API tc_shape tc_shape_from_hull(tc_hull h);
/** A tagged placed mesh; the data must outlive the shape. */
TC_API tc_shape tc_shape_from_mesh(tc_mesh m);

/** An unknown type is invalid. */
TC_API bool tc_shape_is_valid(const tc_shape *s);
/** Smallest enclosing AABB; false for a plane or an invalid shape. */
TC_API bool tc_shape_bounds(const tc_shape *s, tc_aabb *out);
/// Whether two shapes of any types overlap (the tc_overlap_ pair function of the two types, in pair order).
TC_API bool tc_shape_overlap(const tc_shape *a, const tc_shape *b);
/// The first hit of the ray on a shape of any type within max_t (the tc_raycast_ function of its type).
TC_API bool tc_shape_raycast(const tc_ray *ray, const tc_shape *s, float max_t, tc_ray_hit *hit);
/// Whether a shape of any type contains p (the contains_point function of its type).
TC_API bool tc_shape_contains_point(const tc_shape *s, tc_vec3 p);

/** The shape placed by a pose with a uniform scale, as the world places a
 *  collider (world.h): each point p goes to pose.position + pose.rotation *
 *  (scale * p), radii and half extents are multiplied by scale, an OBB's
 *  axes, a plane's normal and a hull's or mesh's rotation turn with the pose
 *  (a hull or mesh multiplies its own scale by scale). An AABB stays axis-aligned:
 *  its centre moves, its extents only scale (it is not turned; make it an
 *  OBB with tc_obb_from_aabb to turn it). The rotation is normalised (zero
 *  or non-finite means identity). A negative or non-finite scale, an unknown
 *  type or NULL give an invalid shape (a plane with a zero normal); a zero
 *  scale shrinks the shape to a point (zero sizes are valid). */
TC_API tc_shape tc_shape_transform(const tc_shape *s, tc_transform pose, float scale);
/** The shape moved by d: every point plus d, exactly (one float addition per
 *  coordinate; a plane's offset grows by dot(normal, d); a hull's or mesh's
 *  position moves). Sizes and
 *  orientation are unchanged. An unknown type or NULL give an invalid shape. */
TC_API tc_shape tc_shape_translate(const tc_shape *s, tc_vec3 d);

/** Contact (contact.h) for any two shapes: the normal points from a to b
 * whatever order the pair function takes them in. Two planes: false. */
TC_API bool tc_shape_contact(const tc_shape *a, const tc_shape *b, tc_manifold *manifold);
/** Distance (distance.h), point_a on a and point_b on b (either may be NULL).
 * Two planes, an unknown type or an invalid shape: INFINITY. */
TC_API float tc_shape_distance(const tc_shape *a, const tc_shape *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Translating sweep (sweep.h); the hit's normal points from a to b. Two
 * planes: false. */
TC_API bool tc_shape_sweep(const tc_shape *a, tc_vec3 velocity_a, const tc_shape *b, tc_vec3 velocity_b, float max_t,
                           tc_sweep_hit *hit);

/** Rotating sweep (sweep.h's tc_sweep_rigid_*): each shape given in its own
 * frame turns and moves from its start pose to its end pose, t in [0, 1];
 * the hit's normal points from a to b. Every pair but mesh-mesh (which
 * has no pair function) and plane-plane: hulls and meshes turn too. A plane
 * must stand still (equal start and end poses, by which it is placed: a
 * turning half-space has no bounded lever arm); a moving plane, two planes
 * or two meshes answer false. */
TC_API bool tc_shape_sweep_rigid(const tc_shape *a, tc_transform a_start, tc_transform a_end, const tc_shape *b,
                                 tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);

TC_C_END

#endif
