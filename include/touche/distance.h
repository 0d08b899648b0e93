/* SPDX-License-Identifier: MIT */
/** @file
 * Touché distance queries: how far apart are two shapes, and where?
 *
 * Conventions:
 *  - Pair functions take their shapes in the fixed order sphere, capsule,
 *    aabb, obb, triangle, plane (tc_distance_capsule_obb, never obb_capsule).
 *  - The result is the Euclidean distance between the two solid shapes, 0 when
 *    they overlap (touching counts as overlapping). point_a and point_b (either
 *    may be NULL) receive a closest point on A and on B: |point_a - point_b|
 *    equals the distance. When the shapes overlap both receive the same point,
 *    one that lies in both shapes. Whenever the pair's tc_overlap_* says true
 *    (it counts pairs inside the tolerance band of base.h as touching) the
 *    distance is 0, both points then the middle of the closest pair.
 *  - Planes are half-spaces (shapes.h): the distance to a plane is the
 *    distance to the solid below it, 0 as soon as any part of A reaches the
 *    plane; point_b is then the foot of point_a on the plane, and on overlap
 *    both points are A's deepest point. There is no plane-plane pair.
 *  - Accuracy: within 1e-5 relative to the coordinates' magnitude (scale in
 *    docs/contacts.md); capsule, sphere and box pairs are computed in double
 *    precision internally, the general pairs by GJK with at most 64 iterations.
 *  - An invalid shape (NaN, infinity, negative size, non-unit plane normal)
 *    gives INFINITY and leaves the points untouched. No allocation; thread-safe.
 */
#ifndef TOUCHE_DISTANCE_H
#define TOUCHE_DISTANCE_H

#include "shapes.h"

TC_C_BEGIN

/// Distance between a sphere and a sphere (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_sphere_sphere(const tc_sphere *a, const tc_sphere *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a sphere and a capsule (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_sphere_capsule(const tc_sphere *a, const tc_capsule *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a sphere and an AABB (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_sphere_aabb(const tc_sphere *a, const tc_aabb *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a sphere and an OBB (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_sphere_obb(const tc_sphere *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a sphere and a triangle (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_sphere_triangle(const tc_sphere *a, const tc_triangle *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a sphere and a plane (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_sphere_plane(const tc_sphere *a, const tc_plane *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a capsule and a capsule (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_capsule_capsule(const tc_capsule *a, const tc_capsule *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a capsule and an AABB (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_capsule_aabb(const tc_capsule *a, const tc_aabb *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a capsule and an OBB (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_capsule_obb(const tc_capsule *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a capsule and a triangle (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_capsule_triangle(const tc_capsule *a, const tc_triangle *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a capsule and a plane (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_capsule_plane(const tc_capsule *a, const tc_plane *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between an AABB and an AABB (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_aabb_aabb(const tc_aabb *a, const tc_aabb *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between an AABB and an OBB (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_aabb_obb(const tc_aabb *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between an AABB and a triangle (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_aabb_triangle(const tc_aabb *a, const tc_triangle *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between an AABB and a plane (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_aabb_plane(const tc_aabb *a, const tc_plane *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between an OBB and an OBB (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_obb_obb(const tc_obb *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between an OBB and a triangle (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_obb_triangle(const tc_obb *a, const tc_triangle *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between an OBB and a plane (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_obb_plane(const tc_obb *a, const tc_plane *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a triangle and a triangle (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_triangle_triangle(const tc_triangle *a, const tc_triangle *b, tc_vec3 *point_a, tc_vec3 *point_b);
/// Distance between a triangle and a plane (0 when they overlap); the closest points go to point_a and point_b.
TC_API float tc_distance_triangle_plane(const tc_triangle *a, const tc_plane *b, tc_vec3 *point_a, tc_vec3 *point_b);

TC_C_END

#endif
