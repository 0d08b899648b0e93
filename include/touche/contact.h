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
 *    overlap, with depth 0. Whenever the pair's tc_overlap_* says true
 *    (which counts pairs inside the tolerance band of base.h as touching)
 *    the contact is true too, with depth 0 when the shapes are a hair
 *    apart.
 *  - manifold->normal is a unit vector pointing from A to B. Moving B by
 *    normal * (largest depth) separates the shapes to touching: that largest
 *    depth is the minimum translation distance (within 1e-5 of the scale, plus
 *    the face preference below).
 *  - Up to 4 points, each with its own depth (>= 0; the largest is the
 *    minimum translation distance above) and feature id. Every point lies
 *    in both shapes (within 1e-4 of the scale) at any depth, for every
 *    pair: midway between the two surfaces along the normal where that is
 *    inside both, else the nearest place on that line inside both. Against
 *    a triangle (no thickness) it lies on the triangle (two crossing
 *    triangles: the ends of the segment where they cross), against a plane
 *    on A's surface inside the half-space. Box-box and other face-face
 *    contacts clip one face against the other and keep the 4 points that
 *    span the largest area; edge-edge gives one point between the edges.
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

/// Feature kind: vertex i of a shape (TC_FEATURE_VERTEX | i).
#define TC_FEATURE_VERTEX 0x0000u
/// Feature kind: an edge (a box's, triangle's or capsule's from vertex i to j, i < j: TC_FEATURE_EDGE | i << 3 | j; a hull's by index).
#define TC_FEATURE_EDGE 0x4000u
/// Feature kind: face f of a shape (TC_FEATURE_FACE | f).
#define TC_FEATURE_FACE 0x8000u
/// The kind bits (TC_FEATURE_VERTEX, _EDGE or _FACE) of a 16-bit feature.
#define TC_FEATURE_KIND_MASK 0xc000u
/// The index bits of a 16-bit feature (vertex, edge or face number, modulo 2^14).
#define TC_FEATURE_INDEX_MASK 0x3fffu
/// A contact point's id from the A (low 16 bits) and B (high 16 bits) features.
#define TC_CONTACT_ID(feature_a, feature_b) ((uint32_t)(feature_a) | (uint32_t)(feature_b) << 16)
/// The A feature (16 bits) of a contact point's id.
#define TC_CONTACT_FEATURE_A(id) ((uint32_t)(id) & 0xffffu)
/// The B feature (16 bits) of a contact point's id.
#define TC_CONTACT_FEATURE_B(id) ((uint32_t)(id) >> 16)

/** One contact point: where, how deep, and which features made it.
 *
 * id = TC_CONTACT_ID(feature of A, feature of B). A feature is 16 bits:
 * its kind in the top 2 (TC_FEATURE_KIND_MASK: vertex, edge or face) and
 * its index in the low 14 (TC_FEATURE_INDEX_MASK). Vertices: a box's
 * corner i has bit 0 set on its +x side, bit 1 on +y, bit 2 on +z of the
 * box's own axes (tc_obb_corners; an aabb's axes are x, y, z); a
 * triangle's a, b, c are 0, 1, 2; a capsule's ends a, b are 0, 1 (its side
 * is the edge 0-1); a sphere is vertex 0; a hull's vertex i is
 * tc_hull_data_vertex(i). Edges: a box's, triangle's or capsule's edge from
 * vertex i to vertex j (i < j) is i << 3 | j; a hull's edge e is
 * tc_hull_data_edge(e). Faces: a box's face 2 * axis + (1 on the + side);
 * a triangle's and a plane's face 0; a hull's face f is tc_hull_data_face(f).
 * Hull indices are taken modulo 2^14. A mesh's feature is its triangle's
 * (as a triangle's: below 16) plus 16 * (the triangle's index modulo 1024),
 * so the mesh side of an id changes when the touching triangle does
 * (tc_mesh_contact.triangle has the full index).
 *
 * Each feature names the vertex, edge or face of that shape's touching
 * feature that the point lies on (a capsule resting on a box's top face:
 * (end 0, top face) and (end 1, top face); a sphere on it: (vertex 0, top
 * face)). The id stays the same while the same two features keep touching,
 * so a solver can match this frame's points with last frame's (warm
 * starting); it changes when the features change. */
typedef struct tc_contact_point { tc_vec3 point; float depth; uint32_t id; } tc_contact_point;
/** Up to 4 points sharing one normal (from A to B). */
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
