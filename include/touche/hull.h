/* SPDX-License-Identifier: MIT */
/* Touché convex hulls: the convex hull of a point set, built once, shared by
 * any number of placed hulls, and every pair query against it.
 *
 * Conventions:
 *  - tc_hull_data is immutable once made: any number of placed hulls and
 *    threads may read it at once. It must outlive every tc_hull that points
 *    at it.
 *  - A placed hull puts a point p of its data at position + rotation *
 *    (scale * p). rotation's columns are the hull's axes in world space and
 *    should be orthonormal (as tc_obb's); scale is uniform and > 0.
 *  - A hull is the closed convex hull of its points, within 1e-5 of its size.
 *    Degenerate input is a valid hull: coplanar points make a flat convex
 *    polygon of zero thickness, collinear points a segment, one point (or
 *    many equal ones) a point. Near-duplicate points are welded.
 *  - Pair functions keep the library's order: sphere, capsule, aabb, obb,
 *    triangle, plane, hull, mesh. The X_hull functions have the signatures and
 *    meanings of the other pair functions (overlap.h, distance.h, contact.h,
 *    sweep.h): the same tolerance band, contact normals from A to B, sweeps
 *    with constant velocities and rotating sweeps (tc_sweep_rigid_X_hull,
 *    each shape turning between two poses; a plane stays still); invalid data (NULL data, NaN, infinity, a
 *    scale <= 0) answers false / INFINITY.
 *  - Nothing here allocates but tc_hull_data_create; queries are
 *    thread-safe.
 */
#ifndef TOUCHE_HULL_H
#define TOUCHE_HULL_H

#include "alloc.h"
#include "contact.h"
#include "raycast.h"
#include "sweep.h"

TC_C_BEGIN

/** The immutable data of a convex hull: vertices, faces with their planes,
 *  edges and vertex adjacency (for fast support queries). */
typedef struct tc_hull_data tc_hull_data;

/** A placed hull: a point p of data is at position + rotation * (scale * p). */
typedef struct tc_hull {
    const tc_hull_data *data; /**< shared, immutable; must outlive the hull */
    tc_vec3 position;         /**< where the data's origin goes */
    tc_mat3 rotation;         /**< columns: the hull's axes in world space */
    float scale;              /**< uniform, > 0 */
} tc_hull;

/** Builds the convex hull of `count` points. NULL allocator: malloc/free.
 *  Returns NULL for no points, a NaN or infinite coordinate, or no memory;
 *  any other input (flat, collinear, repeated) gives a valid hull. */
TC_API tc_hull_data *tc_hull_data_create(const tc_vec3 *points, int32_t count, const tc_allocator *allocator);
/** A cylinder along local z, centred at the origin: `sides` (3..1024) points
 *  on each of its two end circles. NULL on bad sizes or no memory. */
TC_API tc_hull_data *tc_hull_data_create_cylinder(float radius, float half_height, int32_t sides,
                                                  const tc_allocator *allocator);
/** A cone along local z: base circle of `sides` points at z = -half_height,
 *  apex at z = +half_height. NULL on bad sizes or no memory. */
TC_API tc_hull_data *tc_hull_data_create_cone(float radius, float half_height, int32_t sides,
                                              const tc_allocator *allocator);
/** Frees the data (NULL is a no-op) through the allocator it was made with. */
TC_API void tc_hull_data_destroy(tc_hull_data *hull);
/** Number of hull vertices (>= 1). */
TC_API int32_t tc_hull_data_vertex_count(const tc_hull_data *hull);
/** Vertex `index` in the data's own frame. */
TC_API tc_vec3 tc_hull_data_vertex(const tc_hull_data *hull, int32_t index);
/** Number of faces (each a convex polygon with a plane). A flat hull has two,
 *  the two sides of its polygon; a segment or a point none. */
TC_API int32_t tc_hull_data_face_count(const tc_hull_data *hull);
/** Face `index`: its plane (unit outward normal, offset) in the data frame;
 *  writes up to `capacity` vertex indices in counter-clockwise order seen
 *  from outside and returns the face's vertex count. */
TC_API int32_t tc_hull_data_face(const tc_hull_data *hull, int32_t index, tc_plane *plane, int32_t *vertices,
                                 int32_t capacity);
/** Number of edges (each joining two vertices, shared by two faces). */
TC_API int32_t tc_hull_data_edge_count(const tc_hull_data *hull);
/** Edge `index`: its two vertex indices. */
TC_API void tc_hull_data_edge(const tc_hull_data *hull, int32_t index, int32_t *v0, int32_t *v1);
/** Dimension of the hull: 0 a point, 1 a segment, 2 a flat polygon, 3 a solid. */
TC_API int32_t tc_hull_data_dimension(const tc_hull_data *hull);

/** A placed hull from a transform (rotation normalised here) and a scale. */
TC_API tc_hull tc_hull_make(const tc_hull_data *data, tc_transform pose, float scale);
/** True for non-NULL data, finite position and rotation, finite scale > 0,
 *  and a placement inside the float range: every placed vertex's
 *  coordinates within FLT_MAX, as bounded from the data's box and ball
 *  (exact for an unturned hull, within a hair of its ball turned). Beyond,
 *  a placed vertex is no float: such a hull is invalid, as a shape with an
 *  infinite number is. */
TC_API bool tc_hull_is_valid(const tc_hull *h);
/** Smallest AABB of the placed hull's vertices; false when invalid. */
TC_API bool tc_hull_bounds(const tc_hull *h, tc_aabb *out);
/** The placed hull's vertex furthest along d (any finite d). */
TC_API tc_vec3 tc_hull_support(const tc_hull *h, tc_vec3 d);
/** Closed containment, within the tolerance band. */
TC_API bool tc_hull_contains_point(const tc_hull *h, tc_vec3 p);
/** Closest point of the solid hull to p (p itself when inside). */
TC_API tc_vec3 tc_hull_closest_point(const tc_hull *h, tc_vec3 p);

/** Ray cast (raycast.h); hit->feature is -1. */
TC_API bool tc_raycast_hull(const tc_ray *ray, const tc_hull *shape, float max_t, tc_ray_hit *hit);

/** Overlap (overlap.h). */
TC_API bool tc_overlap_sphere_hull(const tc_sphere *a, const tc_hull *b);
/** Overlap (overlap.h). */
TC_API bool tc_overlap_capsule_hull(const tc_capsule *a, const tc_hull *b);
/** Overlap (overlap.h). */
TC_API bool tc_overlap_aabb_hull(const tc_aabb *a, const tc_hull *b);
/** Overlap (overlap.h). */
TC_API bool tc_overlap_obb_hull(const tc_obb *a, const tc_hull *b);
/** Overlap (overlap.h). */
TC_API bool tc_overlap_triangle_hull(const tc_triangle *a, const tc_hull *b);
/** Overlap (overlap.h): the plane's solid is the half-space below it. */
TC_API bool tc_overlap_plane_hull(const tc_plane *a, const tc_hull *b);
/** Overlap (overlap.h). */
TC_API bool tc_overlap_hull_hull(const tc_hull *a, const tc_hull *b);

/** Distance (distance.h). */
TC_API float tc_distance_sphere_hull(const tc_sphere *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h). */
TC_API float tc_distance_capsule_hull(const tc_capsule *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h). */
TC_API float tc_distance_aabb_hull(const tc_aabb *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h). */
TC_API float tc_distance_obb_hull(const tc_obb *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h). */
TC_API float tc_distance_triangle_hull(const tc_triangle *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance from the plane's solid to the hull; point_a on the plane. */
TC_API float tc_distance_plane_hull(const tc_plane *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h). */
TC_API float tc_distance_hull_hull(const tc_hull *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b);

/** Contact (contact.h), normal from A to B. */
TC_API bool tc_contact_sphere_hull(const tc_sphere *a, const tc_hull *b, tc_manifold *manifold);
/** Contact (contact.h), normal from A to B. */
TC_API bool tc_contact_capsule_hull(const tc_capsule *a, const tc_hull *b, tc_manifold *manifold);
/** Contact (contact.h), normal from A to B. */
TC_API bool tc_contact_aabb_hull(const tc_aabb *a, const tc_hull *b, tc_manifold *manifold);
/** Contact (contact.h), normal from A to B. */
TC_API bool tc_contact_obb_hull(const tc_obb *a, const tc_hull *b, tc_manifold *manifold);
/** Contact (contact.h), normal from A to B. */
TC_API bool tc_contact_triangle_hull(const tc_triangle *a, const tc_hull *b, tc_manifold *manifold);
/** Contact with the plane's solid: the normal is +plane.normal (from the
 *  solid into the hull), points on the hull's lowest feature. */
TC_API bool tc_contact_plane_hull(const tc_plane *a, const tc_hull *b, tc_manifold *manifold);
/** Contact (contact.h) by the separating-axis test on face normals and the
 *  edge pairs that make faces of the Minkowski difference (docs/hulls.md). */
TC_API bool tc_contact_hull_hull(const tc_hull *a, const tc_hull *b, tc_manifold *manifold);

/** Sweep (sweep.h). */
TC_API bool tc_sweep_sphere_hull(const tc_sphere *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,
                                 float max_t, tc_sweep_hit *hit);
/** Sweep (sweep.h). */
TC_API bool tc_sweep_capsule_hull(const tc_capsule *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,
                                  float max_t, tc_sweep_hit *hit);
/** Sweep (sweep.h). */
TC_API bool tc_sweep_aabb_hull(const tc_aabb *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,
                               float max_t, tc_sweep_hit *hit);
/** Sweep (sweep.h). */
TC_API bool tc_sweep_obb_hull(const tc_obb *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,
                              float max_t, tc_sweep_hit *hit);
/** Sweep (sweep.h). */
TC_API bool tc_sweep_triangle_hull(const tc_triangle *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,
                                   float max_t, tc_sweep_hit *hit);
/** Sweep of the plane's solid against the hull; normal +plane.normal. */
TC_API bool tc_sweep_plane_hull(const tc_plane *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,
                                float max_t, tc_sweep_hit *hit);
/** Sweep (sweep.h). */
TC_API bool tc_sweep_hull_hull(const tc_hull *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,
                               float max_t, tc_sweep_hit *hit);

/** Rotating sweep (sweep.h's tc_sweep_rigid_*): a sphere and a hull, each given in its own frame, turning and
 *  moving from its start to its end pose; t in [0, 1], true and *hit filled on a touch. */
TC_API bool tc_sweep_rigid_sphere_hull(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                                       const tc_hull *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of a capsule and a hull, as tc_sweep_rigid_sphere_hull. */
TC_API bool tc_sweep_rigid_capsule_hull(const tc_capsule *a, tc_transform a_start, tc_transform a_end,
                                        const tc_hull *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of an AABB (turned as a box of its frame) and a hull, as tc_sweep_rigid_sphere_hull. */
TC_API bool tc_sweep_rigid_aabb_hull(const tc_aabb *a, tc_transform a_start, tc_transform a_end,
                                     const tc_hull *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of an OBB and a hull, as tc_sweep_rigid_sphere_hull. */
TC_API bool tc_sweep_rigid_obb_hull(const tc_obb *a, tc_transform a_start, tc_transform a_end,
                                    const tc_hull *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of a triangle and a hull, as tc_sweep_rigid_sphere_hull. */
TC_API bool tc_sweep_rigid_triangle_hull(const tc_triangle *a, tc_transform a_start, tc_transform a_end,
                                         const tc_hull *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of a hull onto a still plane (a turning half-space has no bounded lever arm): only the hull B
 *  moves, from b_start to b_end; the normal, from the plane to the hull, is the plane's normal. */
TC_API bool tc_sweep_rigid_plane_hull(const tc_plane *a, const tc_hull *b, tc_transform b_start, tc_transform b_end,
                                      tc_sweep_hit *hit);
/** Rotating sweep of two hulls, as tc_sweep_rigid_sphere_hull. */
TC_API bool tc_sweep_rigid_hull_hull(const tc_hull *a, tc_transform a_start, tc_transform a_end,
                                     const tc_hull *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);

TC_C_END

#endif
