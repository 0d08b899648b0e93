/* SPDX-License-Identifier: MIT */
/** @file
 * Touché world: many colliders, some riding on animated skeletons, kept in a
 * dynamic AABB tree; overlapping pairs with begin/stay/end events, ray and
 * overlap queries, picking and debug drawing.
 *
 * Conventions:
 *  - A world owns its memory through the tc_allocator of its definition; no
 *    global state, several worlds coexist. Nothing is thread-safe within one
 *    world (queries use scratch memory and record the last ray's hits).
 *  - Ids are typed (tc_node_id, tc_collider_id) and carry a generation; the
 *    zeroed id is the null id. A stale (destroyed) or forged id is a
 *    programmer error: debug builds call the assert handler, and every call
 *    gives a defined result (false, a zeroed value, a no-op).
 *  - Nodes form the hierarchy. A node has a local pose (tc_transform) and a
 *    uniform scale relative to its parent node, or to the world when it has
 *    none. A bone driven by the game is a parentless node whose pose the game
 *    sets each frame (tc_world_set_node_poses sets a whole skeleton). Chains
 *    may be any depth; a parent change that would close a cycle is refused.
 *    world(node) = world(parent) * local, with scales multiplied: a point p of
 *    the node maps to parent_pos + parent_rot * (parent_scale * p).
 *  - A collider has a shape given in its own frame, a local pose relative to
 *    its parent node (or the world), 64-bit user data, a 64-bit category and
 *    mask, and an enabled flag. Its world shape is its shape placed by
 *    world(parent) * local_pose, with the parent's accumulated uniform scale
 *    applied to positions and sizes (radius, half extents).
 *  - An AABB collider stays axis-aligned in the world: rotations move its
 *    centre but do not turn it. Use an OBB for a box that turns.
 *  - A plane collider is its half-space (shapes.h: the solid below the plane,
 *    the normal pointing out of it), placed like the others: the pose turns
 *    the normal and moves the plane's point nearest the local origin. It has
 *    no box, so the tree does not hold it: it pairs with every collider whose
 *    fat box reaches it and with every other plane, and the queries test it
 *    beside the tree. A ground plane under everything pairs with everything
 *    that touches it, as it should; many planes cost a test per plane and
 *    moved collider in each update.
 *  - Changes (poses, shapes, parents, new colliders, filters) take effect at
 *    the next tc_world_update; queries see the world as of the last update.
 *    Destroyed and disabled colliders leave the queries at once.
 *  - Two colliders can pair when (a.category & b.mask) != 0 and
 *    (b.category & a.mask) != 0. Pairs are confirmed by the exact overlap test
 *    of overlap.h (touching counts).
 *  - Order is deterministic: events are sorted by (a.index, b.index) with
 *    a.index < b.index, query results by collider index, and ray hits by t
 *    then collider index.
 */
#ifndef TOUCHE_WORLD_H
#define TOUCHE_WORLD_H

#include "alloc.h"
#include "camera.h"
#include "dispatch.h"
#include "tree.h"

TC_C_BEGIN

/// A world of nodes and colliders (opaque).
typedef struct tc_world tc_world;

/// A node's id: a slot and its generation (zero: null).
typedef struct tc_node_id { uint32_t index; uint32_t generation; } tc_node_id;
/// A collider's id: a slot and its generation (zero: null).
typedef struct tc_collider_id { uint32_t index; uint32_t generation; } tc_collider_id;

/// The null node id (the world as a parent).
static inline tc_node_id tc_node_null(void) { tc_node_id id; id.index = 0; id.generation = 0; return id; }
/// The null collider id.
static inline tc_collider_id tc_collider_null(void) { tc_collider_id id; id.index = 0; id.generation = 0; return id; }
/// Whether a node id is the null id.
static inline bool tc_node_is_null(tc_node_id id) { return id.generation == 0; }
/// Whether a collider id is the null id.
static inline bool tc_collider_is_null(tc_collider_id id) { return id.generation == 0; }
/// Whether two collider ids are the same.
static inline bool tc_collider_id_equal(tc_collider_id a, tc_collider_id b)
{
    return a.index == b.index && a.generation == b.generation;
}

/** Every zero field means its default. */
typedef struct tc_world_def {
    tc_allocator allocator;   /**< zero: malloc/free */
    float margin;             /**< absolute fattening of tree boxes (default 0) */
    float margin_ratio;       /**< fattening relative to a collider's size (0: 0.1) */
    /** When a collider leaves its fat box, the new one is stretched along the
     * collider's motion since the last update times this, so that steady
     * motion leaves it less often (tc_tree_move_proxy_by). Motions longer
     * than the collider itself (teleports) are not stretched along.
     * 0: 4 (Box2D's factor); negative: no stretching. */
    float prediction;
    int32_t initial_capacity; /**< colliders to reserve up front (0: a small default) */
} tc_world_def;

/// The default world definition.
TC_API tc_world_def tc_world_def_default(void);
/** NULL def: defaults. NULL on allocation failure or a negative margin. */
TC_API tc_world *tc_world_create(const tc_world_def *def);
/** Frees every node, collider and buffer. */
TC_API void tc_world_destroy(tc_world *world);

/* ---- nodes --------------------------------------------------------------- */
/// How a node is made (tc_world_create_node).
typedef struct tc_node_def {
    tc_node_id parent;   /**< null: placed in the world */
    tc_transform local;  /**< zeroed: identity (a zero quaternion is the identity) */
    float scale;         /**< uniform, > 0; 0 means 1 */
} tc_node_def;

/** NULL def: a parentless node at the identity. The null id on failure (stale
 * parent, bad pose or scale, memory). */
TC_API tc_node_id tc_world_create_node(tc_world *world, const tc_node_def *def);
/** Children (nodes and colliders) of a destroyed node fall back to the world
 * as their parent at the next update, keeping their local poses. */
TC_API void tc_world_destroy_node(tc_world *world, tc_node_id node);
/** Null parent: the world. False (nothing changes) for a stale id or when
 * parent is node itself or one of its descendants (a cycle). */
TC_API bool tc_world_set_node_parent(tc_world *world, tc_node_id node, tc_node_id parent);
/** Local pose and uniform scale (> 0, finite); false on bad input. */
TC_API bool tc_world_set_node_pose(tc_world *world, tc_node_id node, tc_transform local, float scale);
/** A whole skeleton at once: poses[i] and scales[i] (scales may be NULL for
 * 1) for nodes[i]. Returns how many were set; bad entries are skipped. */
TC_API size_t tc_world_set_node_poses(tc_world *world, const tc_node_id *nodes, const tc_transform *poses,
                                      const float *scales, size_t count);
/** The same from 4x4 bone matrices (rotation, uniform scale, translation; see
 * mat4.h). The scale is the mean length of the matrix's first three columns
 * and the rotation is their orthonormalised directions. */
TC_API size_t tc_world_set_node_matrices(tc_world *world, const tc_node_id *nodes, const tc_mat4 *matrices,
                                         size_t count);
/** The node's world pose as of the last update; false for a stale id. */
TC_API bool tc_world_node_world_pose(const tc_world *world, tc_node_id node, tc_transform *pose, float *scale);
/// Whether the id names a live node (no assert).
TC_API bool tc_world_node_is_valid(const tc_world *world, tc_node_id node);

/* ---- colliders ----------------------------------------------------------- */
/// How a collider is made (tc_world_create_collider).
typedef struct tc_collider_def {
    tc_shape shape;       /**< in the collider's own frame; any type */
    tc_transform local;   /**< pose relative to the parent; zeroed: identity */
    tc_node_id parent;    /**< null: the world */
    uint64_t user_data;
    uint64_t category;    /**< 0: all bits */
    uint64_t mask;        /**< 0: all bits */
    bool disabled;
} tc_collider_def;

/** The null id for an invalid shape, a stale parent or no memory. */
TC_API tc_collider_id tc_world_create_collider(tc_world *world, const tc_collider_def *def);
/** Pairs with it end at the next update (its END events carry the stale id). */
TC_API void tc_world_destroy_collider(tc_world *world, tc_collider_id collider);
/// Whether the id names a live collider (no assert).
TC_API bool tc_world_collider_is_valid(const tc_world *world, tc_collider_id collider);
/// Moves a collider under another node (null: the world); false for a stale id.
TC_API bool tc_world_set_collider_parent(tc_world *world, tc_collider_id collider, tc_node_id parent);
/// The collider's pose relative to its parent; false on a stale id or a non-finite pose.
TC_API bool tc_world_set_collider_pose(tc_world *world, tc_collider_id collider, tc_transform local);
/** Many at once: poses[i] for colliders[i], e.g. every collider a game moves
 * in a frame. Returns how many were set; bad entries (a stale id, a pose
 * that is not finite) are skipped, as the single call would refuse them. */
TC_API size_t tc_world_set_collider_poses(tc_world *world, const tc_collider_id *colliders,
                                          const tc_transform *poses, size_t count);
/// Replaces the collider's shape (any type); false on a stale id or an invalid shape.
TC_API bool tc_world_set_collider_shape(tc_world *world, tc_collider_id collider, const tc_shape *shape);
/// A disabled collider is in no pair and no query; false on a stale id.
TC_API bool tc_world_set_collider_enabled(tc_world *world, tc_collider_id collider, bool enabled);
/** Literal values here: a zero mask meets nothing. */
TC_API bool tc_world_set_collider_filter(tc_world *world, tc_collider_id collider, uint64_t category, uint64_t mask);
/// Replaces the collider's user data; false on a stale id.
TC_API bool tc_world_set_collider_user_data(tc_world *world, tc_collider_id collider, uint64_t user_data);
/// The collider's user data (0 for a stale id).
TC_API uint64_t tc_world_collider_user_data(const tc_world *world, tc_collider_id collider);
/** The collider's world-space shape as of the last update; false for a stale
 * id, or when it has not been through an update yet or its pose is invalid. */
TC_API bool tc_world_collider_shape(const tc_world *world, tc_collider_id collider, tc_shape *out);
/// How many colliders the world holds.
TC_API size_t tc_world_collider_count(const tc_world *world);

/* ---- update and contacts ------------------------------------------------- */
/// What happened to a touching pair between two updates.
typedef enum tc_contact_state {
    TC_CONTACT_BEGIN = 0,  /**< touching now, not at the previous update */
    TC_CONTACT_STAY = 1,   /**< touching now and at the previous update */
    TC_CONTACT_END = 2     /**< touching at the previous update, not now (or removed, disabled) */
} tc_contact_state;

/// A pair of colliders whose touching began, stayed or ended at the last update.
typedef struct tc_contact_event {
    tc_collider_id a, b;   /**< a.index < b.index */
    tc_contact_state state;
} tc_contact_event;

/** Recomputes world poses, moves tree boxes, finds the touching pairs and the
 * events. False when memory ran out (the world stays consistent but some
 * pairs may be missing until a later update succeeds). */
TC_API bool tc_world_update(tc_world *world);
/** The events of the last update, sorted by (a.index, b.index); valid until
 * the next update. */
TC_API const tc_contact_event *tc_world_contact_events(const tc_world *world, size_t *count);

/* ---- queries ------------------------------------------------------------- */
/** A collider passes when (collider.category & mask) != 0 and
 * (collider.mask & category) != 0. A NULL filter passes every collider. */
typedef struct tc_query_filter { uint64_t category, mask; } tc_query_filter;
/// A filter every collider passes.
static inline tc_query_filter tc_query_filter_all(void)
{
    tc_query_filter f; f.category = ~(uint64_t)0; f.mask = ~(uint64_t)0; return f;
}

/// A collider hit by a world ray query.
typedef struct tc_world_hit {
    tc_collider_id collider;
    float t;               /**< along the ray, in units of its dir (raycast.h) */
    tc_vec3 point;
    tc_vec3 normal;        /**< unit, facing the ray */
} tc_world_hit;

/** Ray queries also mark the colliders they hit for debug drawing.
 *
 * Rays walk a ray index rather than the tree: a four-wide hierarchy over the
 * colliders' tight bounds, about three times faster per ray, made from the
 * tree and kept until the next update that recomputes some collider (moved,
 * reshaped, created, re-enabled, reparented). Making it is one O(n) pass,
 * about 5 ms for 100,000 colliders (10 ms the first time), and it holds
 * about 64 bytes per collider (tc_world_ray_index_bytes; docs/world.md). So
 * that a world casting a few rays a frame does not pay that every frame,
 * after such an update the first n/16 ray queries (n colliders) walk the
 * tree, and the next one makes the index: at most about twice the cost of
 * the better choice, known only afterwards. tc_world_prepare_rays makes it
 * at once. If memory for it runs out, rays walk the tree instead; the
 * answers are the same either way. */
TC_API bool tc_world_raycast_closest(tc_world *world, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                                     tc_world_hit *hit);
/// Any collider the ray hits within max_t (the first found, not the closest); true and *hit filled.
TC_API bool tc_world_raycast_any(tc_world *world, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                                 tc_world_hit *hit);
/** All hits sorted by t then collider index: writes the first min(total,
 * capacity) into hits (which may be NULL when capacity is 0) and returns
 * the total. */
TC_API size_t tc_world_raycast_all(tc_world *world, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                                   tc_world_hit *hits, size_t capacity);

/** Colliders overlapping a shape (any type, a plane included), sorted by
 * index: the first min(total, capacity) are written, the total returned. */
TC_API size_t tc_world_overlap_shape(tc_world *world, const tc_shape *shape, const tc_query_filter *filter,
                                     tc_collider_id *out, size_t capacity);
/// Colliders overlapping a sphere, as tc_world_overlap_shape.
TC_API size_t tc_world_overlap_sphere(tc_world *world, tc_sphere s, const tc_query_filter *filter,
                                      tc_collider_id *out, size_t capacity);
/// Colliders overlapping an AABB, as tc_world_overlap_shape.
TC_API size_t tc_world_overlap_aabb(tc_world *world, tc_aabb b, const tc_query_filter *filter, tc_collider_id *out,
                                    size_t capacity);
/// Colliders overlapping an OBB, as tc_world_overlap_shape.
TC_API size_t tc_world_overlap_obb(tc_world *world, tc_obb b, const tc_query_filter *filter, tc_collider_id *out,
                                   size_t capacity);
/// Colliders overlapping a capsule, as tc_world_overlap_shape.
TC_API size_t tc_world_overlap_capsule(tc_world *world, tc_capsule c, const tc_query_filter *filter,
                                       tc_collider_id *out, size_t capacity);
/** Colliders containing a point. */
TC_API size_t tc_world_query_point(tc_world *world, tc_vec3 p, const tc_query_filter *filter, tc_collider_id *out,
                                   size_t capacity);

/** Picking: the closest collider under screen point (sx, sy) (camera.h for
 * the conventions). ray_out (may be NULL) receives the picking ray even when
 * nothing is hit; hit->t is the distance from the near plane. */
TC_API bool tc_world_pick(tc_world *world, float sx, float sy, tc_viewport viewport, tc_mat4 view,
                          tc_mat4 projection, tc_depth_range depth, const tc_query_filter *filter, tc_world_hit *hit,
                          tc_ray *ray_out);

/* ---- debug drawing ------------------------------------------------------- */
/// How debug drawing shows a collider.
typedef enum tc_debug_state {
    TC_DEBUG_IDLE = 0,  ///< none of the states below
    TC_DEBUG_OVERLAPPING = 1,  /**< touching another collider at the last update */
    TC_DEBUG_HIT = 2,          /**< hit by the last ray query (wins over overlapping) */
    TC_DEBUG_DISABLED = 3,  ///< a disabled collider (with draw_disabled)
    TC_DEBUG_TREE = 4          /**< a tree box (collider is null) */
} tc_debug_state;

/// Callbacks and options for tc_world_debug_draw.
typedef struct tc_debug_draw {
    /** Called with each wireframe segment: an OBB's or AABB's 12 edges from
     * its 8 corners, three great circles for a sphere, a capsule's end
     * circles, four side lines and two arcs per cap, a triangle's 3 edges,
     * and for a plane (unbounded) the 4 edges of a square of it around its
     * point nearest the centre of the tree's boxes, with one segment from
     * that point along the normal (out of the solid), a quarter side long. */
    void (*line)(void *context, tc_vec3 a, tc_vec3 b, tc_debug_state state, tc_collider_id collider);
    /** Optional: each collider's world shape, for renderers that draw solids. */
    void (*shape)(void *context, const tc_shape *shape, tc_debug_state state, tc_collider_id collider);
    void *context;
    bool draw_tree;          /**< also every tree box, as lines with TC_DEBUG_TREE */
    bool draw_disabled;      /**< also disabled colliders (their last world shape) */
    int32_t circle_segments; /**< segments per full circle; 0: 16 (minimum 3) */
    float plane_half_size;   /**< half the side of a plane's square; 0 (or not finite and positive):
                                half the largest extent of the tree's boxes, or 1 with no boxes */
} tc_debug_draw;

/// Draws every collider's world shape as wireframe segments (and solids, tree boxes if asked).
TC_API void tc_world_debug_draw(const tc_world *world, const tc_debug_draw *draw);

/** The world's tree, for introspection (height, validation); read-only. */
TC_API const tc_tree *tc_world_tree(const tc_world *world);
/** Bytes held by the ray index (above): 0 until it is first made. */
TC_API size_t tc_world_ray_index_bytes(const tc_world *world);
/** Makes the ray index now if an update left it stale (see the ray queries):
 * for a frame that will cast many rays, or to pay for it at a chosen time. */
TC_API void tc_world_prepare_rays(tc_world *world);

TC_C_END

#endif
