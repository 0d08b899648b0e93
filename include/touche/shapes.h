/* SPDX-License-Identifier: MIT */
/** @file
 * Touché shapes: plain structs, their validity, bounds, point containment and
 * closest points.
 *
 * Conventions:
 *  - Every shape is a closed set; points on the boundary are contained.
 *  - Zero sizes are valid: a zero-radius sphere is a point, a zero-radius
 *    capsule a segment, an OBB with a zero half extent a flat box.
 *  - A shape with a NaN or infinite number, or a negative size, is invalid:
 *    every query on it answers false / no hit / a NaN-free default, never
 *    crashes. tc_<shape>_is_valid tells which.
 *  - An OBB is the set { center + rotation * u : |u.i| <= half.i }. Its
 *    rotation's columns are the box axes in world space and should be
 *    orthonormal; tc_obb_from_quat builds such a matrix from any non-zero
 *    quaternion.
 *  - A triangle is two-sided and has zero thickness. A degenerate triangle
 *    (collinear or coincident corners) is the segment or point it spans.
 *  - A plane is a half-space: the solid is { x : dot(normal, x) <= offset }
 *    with a unit normal pointing out of the solid.
 */
#ifndef TOUCHE_SHAPES_H
#define TOUCHE_SHAPES_H

#include "vecmath.h"

TC_C_BEGIN

/// A sphere: every point within radius (>= 0) of center.
typedef struct tc_sphere   { tc_vec3 center; float radius; } tc_sphere;
/// A capsule: the segment a-b swept by radius (>= 0).
typedef struct tc_capsule  { tc_vec3 a, b; float radius; } tc_capsule;
/// An axis-aligned box from min to max (min <= max on every axis).
typedef struct tc_aabb     { tc_vec3 min, max; } tc_aabb;
/// An oriented box: center, half extents (>= 0) and rotation (columns = box axes in world).
typedef struct tc_obb      { tc_vec3 center; tc_vec3 half; tc_mat3 rotation; } tc_obb;
/// A triangle with corners a, b, c (two-sided, zero thickness).
typedef struct tc_triangle { tc_vec3 a, b, c; } tc_triangle;
/// A plane: the solid is the half-space dot(normal, x) <= offset, normal of unit length pointing out.
typedef struct tc_plane    { tc_vec3 normal; float offset; } tc_plane;
/// The segment from a to b.
typedef struct tc_segment  { tc_vec3 a, b; } tc_segment;

/* ---- construction ------------------------------------------------------- */
/** An OBB from a centre, half extents and a quaternion (normalised here). */
TC_API tc_obb tc_obb_from_quat(tc_vec3 center, tc_vec3 half, tc_quat rotation);
/** An OBB from a local pose under a parent transform, as colliders on bones
 * are given: world centre = parent * local_center, world rotation =
 * parent.rotation * local_rotation. `half` is the half extents, as in
 * tc_obb_from_quat: every box constructor takes half extents. */
TC_API tc_obb tc_obb_from_local(tc_transform parent, tc_vec3 local_center, tc_vec3 half, tc_quat local_rotation);
/** The OBB with identity rotation equal to an AABB. */
TC_API tc_obb tc_obb_from_aabb(const tc_aabb *box);
/** The 8 corners: index bit 0 selects +x, bit 1 +y, bit 2 +z along the box axes. */
TC_API void tc_obb_corners(const tc_obb *box, tc_vec3 corners[8]);
/** Plane through a point with a normal (normalised here; a zero normal gives an invalid plane). */
TC_API tc_plane tc_plane_from_point_normal(tc_vec3 point, tc_vec3 normal);
/** Plane through a triangle's corners, normal = (b-a) x (c-a) normalised. */
TC_API tc_plane tc_plane_from_triangle(const tc_triangle *tri);

/* ---- validity (finite numbers, non-negative sizes, unit plane normal) ---- */
/// Whether a sphere is valid: finite numbers and non-negative sizes.
TC_API bool tc_sphere_is_valid(const tc_sphere *s);
/// Whether a capsule is valid: finite numbers and non-negative sizes.
TC_API bool tc_capsule_is_valid(const tc_capsule *c);
/// Whether an AABB is valid: finite numbers, min <= max on every axis.
TC_API bool tc_aabb_is_valid(const tc_aabb *b);
/// Whether an OBB is valid: finite numbers, half extents >= 0.
TC_API bool tc_obb_is_valid(const tc_obb *b);
/// Whether a triangle is valid: finite corners (a degenerate one is valid).
TC_API bool tc_triangle_is_valid(const tc_triangle *t);
/// Whether a plane is valid: finite numbers, |normal| within 1e-3 of 1.
TC_API bool tc_plane_is_valid(const tc_plane *p);
/// Whether a segment is valid: finite end points.
TC_API bool tc_segment_is_valid(const tc_segment *s);

/* ---- bounds: the smallest AABB containing the shape (invalid -> false) ---- */
/// The smallest AABB containing a sphere into *out; false (out untouched) for an invalid one.
TC_API bool tc_sphere_bounds(const tc_sphere *s, tc_aabb *out);
/// The smallest AABB containing a capsule into *out; false (out untouched) for an invalid one.
TC_API bool tc_capsule_bounds(const tc_capsule *c, tc_aabb *out);
/// The smallest AABB containing an OBB into *out; false (out untouched) for an invalid one.
TC_API bool tc_obb_bounds(const tc_obb *b, tc_aabb *out);
/// The smallest AABB containing a triangle into *out; false (out untouched) for an invalid one.
TC_API bool tc_triangle_bounds(const tc_triangle *t, tc_aabb *out);

/* ---- point containment (closed; invalid shape -> false) ------------------ */
/// Whether the closed sphere contains p; false for an invalid one.
TC_API bool tc_sphere_contains_point(const tc_sphere *s, tc_vec3 p);
/// Whether the closed capsule contains p; false for an invalid one.
TC_API bool tc_capsule_contains_point(const tc_capsule *c, tc_vec3 p);
/// Whether the closed AABB contains p; false for an invalid one.
TC_API bool tc_aabb_contains_point(const tc_aabb *b, tc_vec3 p);
/// Whether the closed OBB contains p; false for an invalid one.
TC_API bool tc_obb_contains_point(const tc_obb *b, tc_vec3 p);
/// Whether the closed triangle contains p; false for an invalid one (within tolerance of the surface).
TC_API bool tc_triangle_contains_point(const tc_triangle *t, tc_vec3 p);
/// Whether the closed plane contains p; false for an invalid one.
TC_API bool tc_plane_contains_point(const tc_plane *pl, tc_vec3 p);

/* ---- closest point on the solid shape to p (p itself when inside) --------
 * Invalid shape: returns p unchanged. */
/// The point of the solid sphere closest to p (p itself inside; p for an invalid one).
TC_API tc_vec3 tc_sphere_closest_point(const tc_sphere *s, tc_vec3 p);
/// The point of the solid capsule closest to p (p itself inside; p for an invalid one).
TC_API tc_vec3 tc_capsule_closest_point(const tc_capsule *c, tc_vec3 p);
/// The point of the solid AABB closest to p (p itself inside; p for an invalid one).
TC_API tc_vec3 tc_aabb_closest_point(const tc_aabb *b, tc_vec3 p);
/// The point of the solid OBB closest to p (p itself inside; p for an invalid one).
TC_API tc_vec3 tc_obb_closest_point(const tc_obb *b, tc_vec3 p);
/// The point of the solid triangle closest to p (p itself inside; p for an invalid one).
TC_API tc_vec3 tc_triangle_closest_point(const tc_triangle *t, tc_vec3 p);
/// The point of the solid plane closest to p (p itself inside; p for an invalid one).
TC_API tc_vec3 tc_plane_closest_point(const tc_plane *pl, tc_vec3 p);
/// The point of the solid segment closest to p (p itself inside; p for an invalid one).
TC_API tc_vec3 tc_segment_closest_point(const tc_segment *s, tc_vec3 p);

/** Closest points between two segments (p on s1, q on s2); returns the squared
 * distance. For parallel segments one closest pair is
 * returned, deterministically. Either pointer may be NULL. */
TC_API float tc_segment_closest_points(const tc_segment *s1, const tc_segment *s2, tc_vec3 *p, tc_vec3 *q);

TC_C_END

#endif
