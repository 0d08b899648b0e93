/* SPDX-License-Identifier: MIT */
/* Touché triangle meshes: a surface of two-sided triangles with a
 * bounding-volume hierarchy, built once, shared by any number of placed
 * meshes, and the pair queries against it.
 *
 * Conventions:
 *  - tc_mesh_data is immutable once made: any number of placed meshes and
 *    threads may read it at once. It must outlive every tc_mesh that points
 *    at it.
 *  - A placed mesh puts a point p of its data at position + rotation *
 *    (scale * p); rotation's columns are orthonormal axes (as tc_obb's),
 *    scale is uniform and > 0.
 *  - A mesh is a set of two-sided, zero-thickness triangles (a surface, not a
 *    solid), each like tc_triangle: a degenerate triangle is the segment or
 *    point it spans.
 *  - Pair functions: X_mesh for X in sphere, capsule, aabb, obb, triangle,
 *    plane, hull, with the meanings of the other pair functions (overlap.h,
 *    distance.h, sweep.h, and the rotating tc_sweep_rigid_X_mesh), taken
 *    over the union of the triangles. Mesh-mesh is not provided.
 *  - Contacts: a shape touching a mesh usually touches several triangles,
 *    and one manifold has one normal, so tc_contact_X_mesh gives one manifold
 *    per touching triangle (docs/meshes.md says why).
 *  - Internal edges: an edge shared by two triangles is not a feature of
 *    the surface where the two faces are flat there: contacts and sweeps
 *    never report a normal pointing across it, so a box sliding over a floor
 *    of many triangles feels one flat floor. Where the faces make a ridge
 *    seen from the shape (convex), a normal between the two face normals is
 *    the ridge's own (a sphere balanced on a roof's ridge is pushed straight
 *    up) and one outside them, pointing across the edge, becomes the nearer
 *    face normal; where they make a valley, the triangle's face normal.
 *    Border edges and edges three or more triangles share keep every normal
 *    (docs/meshes.md).
 *  - Invalid data (NULL data, NaN, infinity, a scale <= 0) answers false /
 *    INFINITY / 0. Nothing here allocates but tc_mesh_data_create; queries
 *    are thread-safe.
 */
#ifndef TOUCHE_MESH_H
#define TOUCHE_MESH_H

#include "hull.h"

TC_C_BEGIN

/** The immutable data of a triangle mesh: triangles, their edge adjacency
 *  and their bounding-volume hierarchy. */
typedef struct tc_mesh_data tc_mesh_data;

/** A placed mesh: a point p of data is at position + rotation * (scale * p). */
typedef struct tc_mesh {
    const tc_mesh_data *data; /**< shared, immutable; must outlive the mesh */
    tc_vec3 position;         /**< where the data's origin goes */
    tc_mat3 rotation;         /**< columns: the mesh's axes in world space */
    float scale;              /**< uniform, > 0 */
} tc_mesh;

/** How the surface bends across an edge, seen from the side the triangle's
 *  normal (b - a) x (c - a) points to. */
typedef enum tc_mesh_edge_kind {
    TC_MESH_EDGE_BOUNDARY = 0, /**< no neighbour: a real edge from both sides */
    TC_MESH_EDGE_CONVEX,       /**< the neighbour bends away from the normal (a ridge) */
    TC_MESH_EDGE_FLAT,         /**< the neighbour lies in the triangle's plane */
    TC_MESH_EDGE_CONCAVE,      /**< the neighbour bends towards the normal (a valley) */
    TC_MESH_EDGE_SHARED        /**< three or more triangles meet: kept as a real edge */
} tc_mesh_edge_kind;

/** Builds the mesh data: indices holds 3 per triangle into vertices. NULL
 *  allocator: malloc/free. Returns NULL for an index out of range, a NaN or
 *  infinite coordinate, a negative count or no memory. Degenerate triangles
 *  are kept as the segments or points they are. Cost O(n log n). */
TC_API tc_mesh_data *tc_mesh_data_create(const tc_vec3 *vertices, int32_t vertex_count, const int32_t *indices,
                                         int32_t triangle_count, const tc_allocator *allocator);
/** Frees the data (NULL is a no-op) through the allocator it was made with. */
TC_API void tc_mesh_data_destroy(tc_mesh_data *mesh);
/** Number of triangles, as given. */
TC_API int32_t tc_mesh_data_triangle_count(const tc_mesh_data *mesh);
/** Triangle `index` (the order given) in the data's own frame. */
TC_API tc_triangle tc_mesh_data_triangle(const tc_mesh_data *mesh, int32_t index);
/** Edge `edge` (0: a-b, 1: b-c, 2: c-a) of triangle `index`: how the surface
 *  bends there and, through `neighbor` (may be NULL), the triangle across it
 *  (-1 at a boundary or where three or more meet). Triangles share an edge
 *  when its two corners are equal points. */
TC_API tc_mesh_edge_kind tc_mesh_data_edge(const tc_mesh_data *mesh, int32_t index, int32_t edge, int32_t *neighbor);
/** Bounding box of all triangles in the data's frame (false when empty). */
TC_API bool tc_mesh_data_bounds(const tc_mesh_data *mesh, tc_aabb *out);
/** Number of hierarchy nodes (for debug drawing and statistics). */
TC_API int32_t tc_mesh_data_node_count(const tc_mesh_data *mesh);
/** Box of hierarchy node `index` in the data's frame; node 0 is the root. */
TC_API tc_aabb tc_mesh_data_node_bounds(const tc_mesh_data *mesh, int32_t index);

/** A placed mesh from a transform (rotation normalised here) and a scale. */
TC_API tc_mesh tc_mesh_make(const tc_mesh_data *data, tc_transform pose, float scale);
/** True for non-NULL data, finite position and rotation, finite scale > 0,
 *  and a placement inside the float range, as tc_hull_is_valid says (the
 *  data's bounds for its points). */
TC_API bool tc_mesh_is_valid(const tc_mesh *m);
/** An AABB holding the placed mesh; false when invalid or empty. */
TC_API bool tc_mesh_bounds(const tc_mesh *m, tc_aabb *out);
/** Whether p is on a triangle of the placed mesh (within the tolerance
 *  band): a mesh is a surface, it has no inside. */
TC_API bool tc_mesh_contains_point(const tc_mesh *m, tc_vec3 p);
/** Triangle `index` of the placed mesh, in world space. */
TC_API tc_triangle tc_mesh_triangle(const tc_mesh *m, int32_t index);

/** Closest hit over every triangle (raycast.h); hit->feature is the
 *  triangle's index. Walks the hierarchy near child first. */
TC_API bool tc_raycast_mesh(const tc_ray *ray, const tc_mesh *shape, float max_t, tc_ray_hit *hit);

/** Overlap (overlap.h) with any triangle. */
TC_API bool tc_overlap_sphere_mesh(const tc_sphere *a, const tc_mesh *b);
/** Overlap (overlap.h) with any triangle. */
TC_API bool tc_overlap_capsule_mesh(const tc_capsule *a, const tc_mesh *b);
/** Overlap (overlap.h) with any triangle. */
TC_API bool tc_overlap_aabb_mesh(const tc_aabb *a, const tc_mesh *b);
/** Overlap (overlap.h) with any triangle. */
TC_API bool tc_overlap_obb_mesh(const tc_obb *a, const tc_mesh *b);
/** Overlap (overlap.h) with any triangle. */
TC_API bool tc_overlap_triangle_mesh(const tc_triangle *a, const tc_mesh *b);
/** Overlap of the plane's solid with any triangle. */
TC_API bool tc_overlap_plane_mesh(const tc_plane *a, const tc_mesh *b);
/** Overlap (overlap.h) with any triangle. */
TC_API bool tc_overlap_hull_mesh(const tc_hull *a, const tc_mesh *b);

/** Distance (distance.h) to the nearest triangle. */
TC_API float tc_distance_sphere_mesh(const tc_sphere *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h) to the nearest triangle. */
TC_API float tc_distance_capsule_mesh(const tc_capsule *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h) to the nearest triangle. */
TC_API float tc_distance_aabb_mesh(const tc_aabb *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h) to the nearest triangle. */
TC_API float tc_distance_obb_mesh(const tc_obb *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h) to the nearest triangle. */
TC_API float tc_distance_triangle_mesh(const tc_triangle *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance from the plane's solid to the nearest triangle; point_a on the plane. */
TC_API float tc_distance_plane_mesh(const tc_plane *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b);
/** Distance (distance.h) to the nearest triangle. */
TC_API float tc_distance_hull_mesh(const tc_hull *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b);

/** Sweep (sweep.h) against the union of the triangles: the first triangle
 *  hit; the normal never points across an internal edge (see above). */
TC_API bool tc_sweep_sphere_mesh(const tc_sphere *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,
                                 float max_t, tc_sweep_hit *hit);
/** Sweep against the triangles, as tc_sweep_sphere_mesh. */
TC_API bool tc_sweep_capsule_mesh(const tc_capsule *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,
                                  float max_t, tc_sweep_hit *hit);
/** Sweep against the triangles, as tc_sweep_sphere_mesh. */
TC_API bool tc_sweep_aabb_mesh(const tc_aabb *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,
                               float max_t, tc_sweep_hit *hit);
/** Sweep against the triangles, as tc_sweep_sphere_mesh. */
TC_API bool tc_sweep_obb_mesh(const tc_obb *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,
                              float max_t, tc_sweep_hit *hit);
/** Sweep against the triangles, as tc_sweep_sphere_mesh. */
TC_API bool tc_sweep_triangle_mesh(const tc_triangle *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,
                                   float max_t, tc_sweep_hit *hit);
/** Sweep of the plane's solid against the triangles; normal +plane.normal. */
TC_API bool tc_sweep_plane_mesh(const tc_plane *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,
                                float max_t, tc_sweep_hit *hit);
/** Sweep against the triangles, as tc_sweep_sphere_mesh. */
TC_API bool tc_sweep_hull_mesh(const tc_hull *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,
                               float max_t, tc_sweep_hit *hit);

/** Rotating sweep (sweep.h's tc_sweep_rigid_*) against the union of the triangles: a sphere and a mesh, each given
 *  in its own frame, turning and moving from its start to its end pose; the first triangle touched over t in
 *  [0, 1], its normal treated at internal edges as every mesh sweep's. */
TC_API bool tc_sweep_rigid_sphere_mesh(const tc_sphere *a, tc_transform a_start, tc_transform a_end,
                                       const tc_mesh *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of a capsule and a mesh, as tc_sweep_rigid_sphere_mesh. */
TC_API bool tc_sweep_rigid_capsule_mesh(const tc_capsule *a, tc_transform a_start, tc_transform a_end,
                                        const tc_mesh *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of an AABB (turned as a box of its frame) and a mesh, as tc_sweep_rigid_sphere_mesh. */
TC_API bool tc_sweep_rigid_aabb_mesh(const tc_aabb *a, tc_transform a_start, tc_transform a_end,
                                     const tc_mesh *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of an OBB and a mesh, as tc_sweep_rigid_sphere_mesh. */
TC_API bool tc_sweep_rigid_obb_mesh(const tc_obb *a, tc_transform a_start, tc_transform a_end,
                                    const tc_mesh *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of a triangle and a mesh, as tc_sweep_rigid_sphere_mesh. */
TC_API bool tc_sweep_rigid_triangle_mesh(const tc_triangle *a, tc_transform a_start, tc_transform a_end,
                                         const tc_mesh *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);
/** Rotating sweep of a mesh onto a still plane: only the mesh B moves, from b_start to b_end; the normal, from the
 *  plane to the mesh, is the plane's normal. */
TC_API bool tc_sweep_rigid_plane_mesh(const tc_plane *a, const tc_mesh *b, tc_transform b_start, tc_transform b_end,
                                      tc_sweep_hit *hit);
/** Rotating sweep of a hull and a mesh, as tc_sweep_rigid_sphere_mesh. */
TC_API bool tc_sweep_rigid_hull_mesh(const tc_hull *a, tc_transform a_start, tc_transform a_end,
                                     const tc_mesh *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit);

/** The contact of a shape with one triangle of a mesh. */
typedef struct tc_mesh_contact {
    int32_t triangle;     /**< the triangle's index in the mesh data */
    tc_manifold manifold; /**< as contact.h, normal from the shape to the triangle */
} tc_mesh_contact;

/** One manifold per touching triangle, up to `capacity` of them written to
 *  out (which may be NULL when capacity is 0); returns how many triangles
 *  touch (which may exceed capacity: then out holds the first ones found).
 *  Normals follow the internal-edge rule above. */
TC_API int32_t tc_contact_sphere_mesh(const tc_sphere *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);
/** Per-triangle contacts, as tc_contact_sphere_mesh. */
TC_API int32_t tc_contact_capsule_mesh(const tc_capsule *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);
/** Per-triangle contacts, as tc_contact_sphere_mesh. */
TC_API int32_t tc_contact_aabb_mesh(const tc_aabb *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);
/** Per-triangle contacts, as tc_contact_sphere_mesh. */
TC_API int32_t tc_contact_obb_mesh(const tc_obb *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);
/** Per-triangle contacts, as tc_contact_sphere_mesh. */
TC_API int32_t tc_contact_triangle_mesh(const tc_triangle *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);
/** Per-triangle contacts with the plane's solid; normal +plane.normal. */
TC_API int32_t tc_contact_plane_mesh(const tc_plane *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);
/** Per-triangle contacts, as tc_contact_sphere_mesh. */
TC_API int32_t tc_contact_hull_mesh(const tc_hull *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity);

TC_C_END

#endif
