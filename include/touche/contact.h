/* SPDX-License-Identifier: MIT */
/** @file
 * Touché contacts: how deep do two overlapping shapes interpenetrate, along
 * which direction, and where?
 *
 * Conventions:
 *  - Pair functions take their shapes in the fixed order sphere, capsule,
 *    aabb, obb, triangle, plane.
 *  - tc_contact_* returns false when the shapes do not overlap (the manifold
 *    is then left untouched). Shapes are closed: exactly touching shapes
 *    overlap, with depth 0.
 *  - manifold->normal is a unit vector pointing from A to B. Moving B by
 *    normal * (largest depth) separates the shapes to touching: that largest
 *    depth is the minimum translation distance (within 1e-5 of the scale, plus
 *    the face preference below).
 *  - Up to 4 points, each with its own depth (>= 0). A point lies midway
 *    between the two surfaces along the normal, so for penetrations shallower
 *    than both shapes' thickness it is inside both; against a triangle (no
 *    thickness) it lies on the triangle, against a plane on A's surface. Box-box and other
 *    face-face contacts clip one face against the other and keep the 4 points
 *    that span the largest area; edge-edge gives one point between the edges.
 *  - Stability: a face direction is kept over an edge-edge direction unless
 *    the edge overlap is smaller by more than 1e-4 of the shapes' sizes, so
 *    resting contacts do not flicker between the two.
 *  - Coincident shapes get a defined normal, never NaN: the first axis of
 *    least overlap (A's faces first), oriented towards B's centre, else the
 *    positive axis; two concentric spheres give +z.
 *  - A plane is the half-space below it (shapes.h). Its contacts have the
 *    normal -plane.normal (from A into the solid) and one point per core
 *    vertex of A below the surface (reduced to 4 by area). There is no
 *    plane-plane pair.
 *  - An invalid shape answers false. No allocation; thread-safe.
 */
#ifndef TOUCHE_CONTACT_H
#define TOUCHE_CONTACT_H

#include "shapes.h"

TC_C_BEGIN

/// One contact point: where it is and how deep the shapes overlap there (>= 0).
typedef struct tc_contact_point { tc_vec3 point; float depth; } tc_contact_point;
/// A contact manifold: the normal from A into B and up to 4 points.
typedef struct tc_manifold { tc_vec3 normal; int count; tc_contact_point points[4]; } tc_manifold;

/// Contact manifold of a sphere and a sphere: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_sphere_sphere(const tc_sphere *a, const tc_sphere *b, tc_manifold *manifold);
/// Contact manifold of a sphere and a capsule: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_sphere_capsule(const tc_sphere *a, const tc_capsule *b, tc_manifold *manifold);
/// Contact manifold of a sphere and an AABB: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_sphere_aabb(const tc_sphere *a, const tc_aabb *b, tc_manifold *manifold);
/// Contact manifold of a sphere and an OBB: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_sphere_obb(const tc_sphere *a, const tc_obb *b, tc_manifold *manifold);
/// Contact manifold of a sphere and a triangle: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_sphere_triangle(const tc_sphere *a, const tc_triangle *b, tc_manifold *manifold);
/// Contact manifold of a sphere and a plane: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_sphere_plane(const tc_sphere *a, const tc_plane *b, tc_manifold *manifold);
/// Contact manifold of a capsule and a capsule: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_capsule_capsule(const tc_capsule *a, const tc_capsule *b, tc_manifold *manifold);
/// Contact manifold of a capsule and an AABB: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_capsule_aabb(const tc_capsule *a, const tc_aabb *b, tc_manifold *manifold);
/// Contact manifold of a capsule and an OBB: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_capsule_obb(const tc_capsule *a, const tc_obb *b, tc_manifold *manifold);
/// Contact manifold of a capsule and a triangle: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_capsule_triangle(const tc_capsule *a, const tc_triangle *b, tc_manifold *manifold);
/// Contact manifold of a capsule and a plane: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_capsule_plane(const tc_capsule *a, const tc_plane *b, tc_manifold *manifold);
/// Contact manifold of an AABB and an AABB: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_aabb_aabb(const tc_aabb *a, const tc_aabb *b, tc_manifold *manifold);
/// Contact manifold of an AABB and an OBB: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_aabb_obb(const tc_aabb *a, const tc_obb *b, tc_manifold *manifold);
/// Contact manifold of an AABB and a triangle: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_aabb_triangle(const tc_aabb *a, const tc_triangle *b, tc_manifold *manifold);
/// Contact manifold of an AABB and a plane: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_aabb_plane(const tc_aabb *a, const tc_plane *b, tc_manifold *manifold);
/// Contact manifold of an OBB and an OBB: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_obb_obb(const tc_obb *a, const tc_obb *b, tc_manifold *manifold);
/// Contact manifold of an OBB and a triangle: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_obb_triangle(const tc_obb *a, const tc_triangle *b, tc_manifold *manifold);
/// Contact manifold of an OBB and a plane: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_obb_plane(const tc_obb *a, const tc_plane *b, tc_manifold *manifold);
/// Contact manifold of a triangle and a triangle: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_triangle_triangle(const tc_triangle *a, const tc_triangle *b, tc_manifold *manifold);
/// Contact manifold of a triangle and a plane: true and *manifold filled when they overlap, else false.
TC_API bool tc_contact_triangle_plane(const tc_triangle *a, const tc_plane *b, tc_manifold *manifold);

TC_C_END

#endif
