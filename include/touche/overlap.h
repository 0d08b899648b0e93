/* SPDX-License-Identifier: MIT */
/** @file
 * Touché overlap tests: does shape A intersect shape B?
 *
 * Conventions:
 *  - Pair functions take their shapes in the fixed order sphere, capsule,
 *    aabb, obb, triangle, plane (tc_overlap_sphere_obb, never obb_sphere).
 *  - Shapes are closed: touching counts as overlapping.
 *  - Never a missed overlap: a pair that overlaps in exact arithmetic on the
 *    given floats always answers true. A pair that answers true may be apart
 *    by at most TC_TOLERANCE * scale (base.h; docs/conventions.md), the band
 *    that absorbs float rounding.
 *  - An invalid shape (NaN, infinity, negative size) answers false.
 *  - Tiny pairs: when every coordinate and size of both shapes is at most
 *    2^-24 (and not all are zero), every pair function (overlap, distance,
 *    contact, the sweeps; hulls and meshes too) answers the pair scaled by
 *    the exact power of two that brings its largest number into [1/2, 1),
 *    so overlap, distance 0 and contact agree as at the unit scale; lengths
 *    and points come back scaled, normals and times unchanged
 *    (docs/conventions.md, "Tiny pairs").
 *  - No allocation, no global state; every function is thread-safe.
 */
#ifndef TOUCHE_OVERLAP_H
#define TOUCHE_OVERLAP_H

#include "shapes.h"

TC_C_BEGIN

/// Whether a sphere and a sphere overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_sphere_sphere(const tc_sphere *a, const tc_sphere *b);
/// Whether a sphere and a capsule overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_sphere_capsule(const tc_sphere *a, const tc_capsule *b);
/// Whether a sphere and an AABB overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_sphere_aabb(const tc_sphere *a, const tc_aabb *b);
/// Whether a sphere and an OBB overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_sphere_obb(const tc_sphere *a, const tc_obb *b);
/// Whether a sphere and a triangle overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_sphere_triangle(const tc_sphere *a, const tc_triangle *b);
/// Whether a sphere and a plane overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_sphere_plane(const tc_sphere *a, const tc_plane *b);
/// Whether a capsule and a capsule overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_capsule_capsule(const tc_capsule *a, const tc_capsule *b);
/// Whether a capsule and an AABB overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_capsule_aabb(const tc_capsule *a, const tc_aabb *b);
/// Whether a capsule and an OBB overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_capsule_obb(const tc_capsule *a, const tc_obb *b);
/// Whether a capsule and a triangle overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_capsule_triangle(const tc_capsule *a, const tc_triangle *b);
/// Whether a capsule and a plane overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_capsule_plane(const tc_capsule *a, const tc_plane *b);
/// Whether an AABB and an AABB overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_aabb_aabb(const tc_aabb *a, const tc_aabb *b);
/// Whether an AABB and an OBB overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_aabb_obb(const tc_aabb *a, const tc_obb *b);
/// Whether an AABB and a triangle overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_aabb_triangle(const tc_aabb *a, const tc_triangle *b);
/// Whether an AABB and a plane overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_aabb_plane(const tc_aabb *a, const tc_plane *b);
/// Whether an OBB and an OBB overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_obb_obb(const tc_obb *a, const tc_obb *b);
/// Whether an OBB and a triangle overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_obb_triangle(const tc_obb *a, const tc_triangle *b);
/// Whether an OBB and a plane overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_obb_plane(const tc_obb *a, const tc_plane *b);
/// Whether a triangle and a triangle overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_triangle_triangle(const tc_triangle *a, const tc_triangle *b);
/// Whether a triangle and a plane overlap (closed shapes: touching overlaps).
TC_API bool tc_overlap_triangle_plane(const tc_triangle *a, const tc_plane *b);

/** The 15 candidate axes of the OBB-OBB separating-axis test, in test order. */
typedef enum tc_sat_axis {
    TC_SAT_AXIS_NONE = -1,  /**< no axis separates: the boxes overlap */
    TC_SAT_AXIS_A0 = 0,     /**< face normals of A: A's columns x, y, z */
    TC_SAT_AXIS_A1,  ///< A's column y
    TC_SAT_AXIS_A2,  ///< A's column z
    TC_SAT_AXIS_B0,         /**< face normals of B */
    TC_SAT_AXIS_B1,  ///< B's column y
    TC_SAT_AXIS_B2,  ///< B's column z
    TC_SAT_AXIS_A0xB0,      /**< edge-edge: A's axis i cross B's axis j, index 6 + 3i + j */
    TC_SAT_AXIS_A0xB1,  ///< A's axis 0 cross B's axis 1
    TC_SAT_AXIS_A0xB2,  ///< A's axis 0 cross B's axis 2
    TC_SAT_AXIS_A1xB0,  ///< A's axis 1 cross B's axis 0
    TC_SAT_AXIS_A1xB1,  ///< A's axis 1 cross B's axis 1
    TC_SAT_AXIS_A1xB2,  ///< A's axis 1 cross B's axis 2
    TC_SAT_AXIS_A2xB0,  ///< A's axis 2 cross B's axis 0
    TC_SAT_AXIS_A2xB1,  ///< A's axis 2 cross B's axis 1
    TC_SAT_AXIS_A2xB2,  ///< A's axis 2 cross B's axis 2
    TC_SAT_AXIS_COUNT  ///< the number of axes (not an axis)
} tc_sat_axis;

/** OBB-OBB by the separating-axis test on all 15 axes. Returns the first axis
 * found to separate the boxes, or TC_SAT_AXIS_NONE when they overlap.
 * `hint` (an axis returned last frame, or TC_SAT_AXIS_NONE) is tried first,
 * which makes coherent queries cheap. Invalid boxes give TC_SAT_AXIS_COUNT. */
TC_API tc_sat_axis tc_sat_obb_obb(const tc_obb *a, const tc_obb *b, tc_sat_axis hint);

/** One axis of the test, for teaching and debugging: the axis in world space
 * (unit length, or zero when the edge cross product vanishes), the centres'
 * separation along it and each box's projected radius. */
typedef struct tc_sat_axis_report {
    tc_vec3 axis;
    float center_a, center_b;   /**< projections of the centres onto axis */
    float radius_a, radius_b;   /**< projected half-widths */
    bool degenerate;            /**< parallel edges: the axis is undefined and skipped */
    bool separates;
} tc_sat_axis_report;

/** Fills all 15 reports; returns the same verdict as tc_sat_obb_obb with no hint. */
TC_API tc_sat_axis tc_sat_obb_obb_report(const tc_obb *a, const tc_obb *b, tc_sat_axis_report reports[15]);

TC_C_END

#endif
