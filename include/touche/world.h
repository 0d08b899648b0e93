/* SPDX-License-Identifier: MIT */
/** @file
 * Touché world: many colliders, some riding on animated skeletons, kept in a
 * dynamic AABB tree; overlapping pairs with begin/stay/end events, ray and
 * overlap queries, picking and debug drawing.
 *
 * Conventions:
 *  - A world owns its memory through the tc_allocator of its definition; no
 *    global state, several worlds coexist.
 *  - const: the queries (rays, overlaps, picking) take a const world and
 *    change nothing a caller can observe. They still use per-world caches
 *    (scratch arrays for their results, the ray index they may make), so
 *    const does not mean thread-safe: calls on one world, const or not, must
 *    not overlap in time. Different worlds are independent.
 *  - Definitions follow base.h's rule for zero: start from
 *    tc_world_def_default(), tc_node_def_default(), tc_collider_def_default()
 *    and set what differs; a zero field means literally zero (a zero
 *    category or mask meets nothing, a zero scale is invalid), as in the
 *    setters. A NULL definition means the defaults.
 *  - Ids are typed (tc_node_id, tc_collider_id) and carry a generation; the
 *    zeroed id is the null id. A stale (destroyed) or forged id is a
 *    programmer error: debug builds call the assert handler, and every call
 *    gives a defined result (false, a zeroed value, a no-op). A slot whose
 *    generation would wrap is retired, never reused, so an id never comes
 *    back.
 *  - Nodes form the hierarchy. A node has a local pose (tc_transform) and a
 *    uniform scale relative to its parent node, or to the world when it has
 *    none. A bone driven by the game is a parentless node whose pose the game
 *    sets each frame (tc_world_set_node_poses sets a whole skeleton). Chains
 *    may be any depth (nothing recurses); a parent change that would close a
 *    cycle is refused.
 *    world(node) = world(parent) * local, with scales multiplied: a point p of
 *    the node maps to parent_pos + parent_rot * (parent_scale * p). A node
 *    whose composed world pose is not finite (scales of 1e20 under 1e20) is
 *    invalid until an update finds it finite again: tc_world_node_world_pose
 *    answers false, and its colliders (and its descendants') leave the pairs
 *    and the queries meanwhile (their pairs end).
 *  - A collider has a shape given in its own frame, a local pose relative to
 *    its parent node (or the world), 64-bit user data, a 64-bit category and
 *    mask, a group, and an enabled flag. Its world shape is its shape placed
 *    by world(parent) * local_pose, with the parent's accumulated uniform
 *    scale applied to positions and sizes (radius, half extents).
 *  - Hull and mesh colliders (hull.h, mesh.h) are placed like the others
 *    (the pose turns and moves them, the parent's scale multiplies theirs).
 *    Their data (tc_hull_data, tc_mesh_data) is the caller's: the world
 *    keeps the pointer, never copies or frees the data, and any number of
 *    colliders, in any number of worlds, may share one. It must outlive
 *    every collider using it: keep it until the world is destroyed, or the
 *    collider is destroyed, or, when its shape is replaced, until the next
 *    update has run (until then the queries still see the old world
 *    shape). A ray hit on a mesh names its triangle (tc_world_hit.feature).
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
 *  - When changes take effect: the queries see at once what decides whether
 *    a collider takes part (destruction, disabling, filters: category, mask
 *    and group); what places a collider (creation, enabling, poses, shapes,
 *    parents, node poses) takes effect at the next tc_world_update, which
 *    computes its world shape. Pairs and events change only at an update.
 *  - Two colliders can pair when (a.category & b.mask) != 0 and
 *    (b.category & a.mask) != 0, and they are not in the same non-zero group
 *    (Box2D's filter and group index). Every query (rays, overlaps,
 *    picking, shape casts) takes a tc_query_filter, which tests a collider
 *    as a pair partner would: by category and mask, and when its group is
 *    non-zero, by group too (a skeleton's own sweep skips its own
 *    colliders). Pairs are confirmed by
 *    the exact overlap test of overlap.h (touching counts).
 *  - Order is deterministic: events are sorted by (a.index, b.index) with
 *    a.index < b.index, query results by collider index, and ray hits by t
 *    then collider index.
 *  - Large worlds: positions are floats, whose spacing at 1e7 is 1. A world
 *    far larger than its shapes keeps its coordinates small by a world
 *    origin in double precision (tc_world_set_origin): every pose, shape,
 *    query and answer is relative to it, and moving it keeps every
 *    parentless node and collider where it is in absolute terms
 *    (docs/world.md says why this rather than double-precision positions).
 */
#ifndef TOUCHE_WORLD_H
#define TOUCHE_WORLD_H

#include "alloc.h"
#include "camera.h"
#include "dispatch.h"
#include "tree.h"

TC_C_BEGIN

/** A world: opaque, made by tc_world_create. */
typedef struct tc_world tc_world;

/** A node's id: slot and generation; zeroed: the null id. */
typedef struct tc_node_id { uint32_t index; uint32_t generation; } tc_node_id;
/** A collider's id: slot and generation; zeroed: the null id. */
typedef struct tc_collider_id { uint32_t index; uint32_t generation; } tc_collider_id;

/** The null node id. */
static inline tc_node_id tc_node_null(void) { tc_node_id id; id.index = 0; id.generation = 0; return id; }
/** The null collider id. */
static inline tc_collider_id tc_collider_null(void) { tc_collider_id id; id.index = 0; id.generation = 0; return id; }
/** Is it the null node id? */
static inline bool tc_node_is_null(tc_node_id id) { return id.generation == 0; }
/** Is it the null collider id? */
static inline bool tc_collider_is_null(tc_collider_id id) { return id.generation == 0; }
/** Same slot and generation? */
static inline bool tc_node_id_equal(tc_node_id a, tc_node_id b)
{
    return a.index == b.index && a.generation == b.generation;
}
/** Same slot and generation? */
static inline bool tc_collider_id_equal(tc_collider_id a, tc_collider_id b)
{
    return a.index == b.index && a.generation == b.generation;
}

/** What a world is made with; start from tc_world_def_default() (base.h's
 * rule for zero: a zero field means literally zero). */
typedef struct tc_world_def {
    tc_allocator allocator;   /**< zeroed: malloc/free (alloc.h) */
    float margin;             /**< absolute fattening of tree boxes, >= 0 (default 0) */
    float margin_ratio;       /**< fattening relative to a collider's size, >= 0 (default 0.1; 0: none) */
    /** When a collider leaves its fat box, the new one is stretched along the
     * collider's motion since the last update times this, so that steady
     * motion leaves it less often (tc_tree_move_proxy_by). Motions longer
     * than the collider itself (teleports) are not stretched along.
     * Default 4 (Box2D's factor); 0: no stretching; negative is invalid. */
    float prediction;
    int32_t initial_capacity; /**< colliders to reserve up front (default and 0: none) */
    /** Keep the manifold of every touching pair (tc_world_contacts); default
     * false: a world that wants only events pays nothing for them (see
     * tc_world_set_contacts_enabled). */
    bool contacts;
} tc_world_def;

/** margin 0, margin_ratio 0.1, prediction 4, malloc/free, nothing reserved,
 * no manifolds. */
TC_API tc_world_def tc_world_def_default(void);
/** NULL def: the defaults. NULL on allocation failure or an invalid def (a
 * negative or non-finite margin, margin_ratio or prediction). */
TC_API tc_world *tc_world_create(const tc_world_def *def);
/** Frees every node, collider and buffer. */
TC_API void tc_world_destroy(tc_world *world);

/** A point in double precision: the world's origin (tc_world_set_origin). */
typedef struct tc_world_position { double x, y, z; } tc_world_position;

/** Moves the world's origin to `origin` (absolute, double precision). Every
 * parentless node and collider keeps its absolute place: its local position
 * changes by old origin - new origin, computed in double and rounded once.
 * World shapes, queries and answers are relative to the origin from the
 * next update on (a move is a change of poses). Call it when the region of
 * interest has wandered far from the origin, as a floating-origin game
 * does. False for a non-finite origin. */
TC_API bool tc_world_set_origin(tc_world *world, tc_world_position origin);
/** The world's origin (initially 0, 0, 0). */
TC_API tc_world_position tc_world_origin(const tc_world *world);
/** An absolute point relative to the origin, rounded once to float: what a
 * pose, shape or query of this world takes. */
TC_API tc_vec3 tc_world_to_local(const tc_world *world, tc_world_position absolute);
/** A point relative to the origin (a hit point, a world pose) in absolute
 * double precision. */
TC_API tc_world_position tc_world_to_absolute(const tc_world *world, tc_vec3 relative);

/* ---- nodes --------------------------------------------------------------- */
/** What a node is made with; start from tc_node_def_default(). */
typedef struct tc_node_def {
    tc_node_id parent;   /**< null: placed in the world */
    tc_transform local;  /**< default identity (a zero quaternion is the identity rotation, vecmath.h) */
    float scale;         /**< uniform, finite and > 0 (default 1; 0 is invalid, as for the setter) */
} tc_node_def;

/** No parent, the identity pose, scale 1. */
TC_API tc_node_def tc_node_def_default(void);
/** NULL def: the defaults. The null id on failure (stale parent, bad pose or
 * scale, memory). */
TC_API tc_node_id tc_world_create_node(tc_world *world, const tc_node_def *def);
/** Children (nodes and colliders) of a destroyed node have the world as
 * their parent from then on, keeping their local poses (their world poses
 * change at the next update). Its slot may be reused at once, under a new
 * generation: the children never take the new node for their parent. */
TC_API void tc_world_destroy_node(tc_world *world, tc_node_id node);
/** Null parent: the world. False (nothing changes) for a stale id or when
 * parent is node itself or one of its descendants (a cycle). O(1) when the
 * node has no child nodes; otherwise a walk up from the new parent. */
TC_API bool tc_world_set_node_parent(tc_world *world, tc_node_id node, tc_node_id parent);
/** Local pose and uniform scale (> 0, finite); false on bad input. */
TC_API bool tc_world_set_node_pose(tc_world *world, tc_node_id node, tc_transform local, float scale);
/** A whole skeleton at once: poses[i] and scales[i] (scales may be NULL for
 * 1) for nodes[i]. Returns how many were set; bad entries are skipped. */
TC_API size_t tc_world_set_node_poses(tc_world *world, const tc_node_id *nodes, const tc_transform *poses,
                                      const float *scales, size_t count);
/** The same from 4x4 bone matrices (rotation, uniform scale, translation; see
 * mat4.h). The scale is the mean length of the matrix's first three columns
 * and the rotation is their orthonormalised directions. A matrix whose
 * first three columns are not of full rank (a column of zero length, or
 * columns nearly parallel: no rotation they could be the scaled axes of), a
 * mirror, or one that is not finite is a bad entry: skipped. */
TC_API size_t tc_world_set_node_matrices(tc_world *world, const tc_node_id *nodes, const tc_mat4 *matrices,
                                         size_t count);
/** The node's world pose as of the last update; false for a stale id or a
 * world pose that is not finite (then *pose and *scale are not written). */
TC_API bool tc_world_node_world_pose(const tc_world *world, tc_node_id node, tc_transform *pose, float *scale);
/** Is the id a live node? No assert. */
TC_API bool tc_world_node_is_valid(const tc_world *world, tc_node_id node);

/* ---- colliders ----------------------------------------------------------- */
/** What a collider is made with; start from tc_collider_def_default(). */
typedef struct tc_collider_def {
    tc_shape shape;       /**< in the collider's own frame; any type (no default: set it) */
    tc_transform local;   /**< pose relative to the parent; default identity */
    tc_node_id parent;    /**< null: the world */
    uint64_t user_data;   /**< handed back with events and queries (default 0) */
    uint64_t category;    /**< the bits it is (default all; 0: meets nothing) */
    uint64_t mask;        /**< the bits it meets (default all; 0: meets nothing) */
    uint32_t group;       /**< same non-zero group: never pairs (default 0: no group) */
    bool enabled;         /**< takes part in pairs and queries (default true) */
} tc_collider_def;

/** Identity pose, no parent, user data 0, every category and mask bit, no
 * group, enabled; the shape is a unit sphere at the origin, to be replaced. */
TC_API tc_collider_def tc_collider_def_default(void);
/** NULL def: the defaults. The null id for an invalid shape, a stale parent
 * or no memory. */
TC_API tc_collider_id tc_world_create_collider(tc_world *world, const tc_collider_def *def);
/** It leaves the queries at once; its pairs end at the next update, whose END
 * events carry its stale id and its user data. */
TC_API void tc_world_destroy_collider(tc_world *world, tc_collider_id collider);
/** Is the id a live collider? No assert. */
TC_API bool tc_world_collider_is_valid(const tc_world *world, tc_collider_id collider);
/** Null parent: the world. False for a stale id or parent. */
TC_API bool tc_world_set_collider_parent(tc_world *world, tc_collider_id collider, tc_node_id parent);
/** Its local pose (finite); false on bad input. */
TC_API bool tc_world_set_collider_pose(tc_world *world, tc_collider_id collider, tc_transform local);
/** Many at once: poses[i] for colliders[i], e.g. every collider a game moves
 * in a frame. Returns how many were set; bad entries (a stale id, a pose
 * that is not finite) are skipped, as the single call would refuse them. */
TC_API size_t tc_world_set_collider_poses(tc_world *world, const tc_collider_id *colliders,
                                          const tc_transform *poses, size_t count);
/** Its shape in its own frame; false for an invalid shape. */
TC_API bool tc_world_set_collider_shape(tc_world *world, tc_collider_id collider, const tc_shape *shape);
/** Disabling takes it out of the queries at once (its pairs end at the next
 * update); enabling brings it back at the next update. */
TC_API bool tc_world_set_collider_enabled(tc_world *world, tc_collider_id collider, bool enabled);
/** Category and mask, literally (a zero mask meets nothing): the queries see
 * them at once, the pairs at the next update. */
TC_API bool tc_world_set_collider_filter(tc_world *world, tc_collider_id collider, uint64_t category, uint64_t mask);
/** Its group (0: none): colliders in the same non-zero group never pair.
 * Pairs see it at the next update, the queries (tc_query_filter) at once. */
TC_API bool tc_world_set_collider_group(tc_world *world, tc_collider_id collider, uint32_t group);
/** Its user data, seen at once (events of later updates carry it). */
TC_API bool tc_world_set_collider_user_data(tc_world *world, tc_collider_id collider, uint64_t user_data);
/** Its user data; 0 for a stale id. */
TC_API uint64_t tc_world_collider_user_data(const tc_world *world, tc_collider_id collider);
/** The collider's world-space shape as of the last update; false for a stale
 * id, or when it has not been through an update yet or its pose is invalid. */
TC_API bool tc_world_collider_shape(const tc_world *world, tc_collider_id collider, tc_shape *out);
/** Live colliders. */
TC_API size_t tc_world_collider_count(const tc_world *world);

/* ---- update and contacts ------------------------------------------------- */
/** A pair's change between two updates. */
typedef enum tc_contact_state {
    TC_CONTACT_BEGIN = 0,  /**< touching now, not at the previous update */
    TC_CONTACT_STAY = 1,   /**< touching now and at the previous update */
    TC_CONTACT_END = 2     /**< touching at the previous update, not now (or removed, disabled, its pose invalid) */
} tc_contact_state;

/** One pair's change at the last update. */
typedef struct tc_contact_event {
    tc_collider_id a, b;   /**< a.index < b.index */
    tc_contact_state state;
    /** The colliders' user data at the update, so that an END event for a
     * destroyed collider still says whose it was. */
    uint64_t user_data_a, user_data_b;
} tc_contact_event;

/** Recomputes world poses, moves tree boxes, finds the touching pairs and the
 * events. False when memory ran out (the world stays consistent but some
 * pairs may be missing until a later update succeeds). */
TC_API bool tc_world_update(tc_world *world);
/** The events of the last update, sorted by (a.index, b.index); valid until
 * the next update. */
TC_API const tc_contact_event *tc_world_contact_events(const tc_world *world, size_t *count);

/** A touching pair's manifold as of the last update, for a solver. */
typedef struct tc_world_contact {
    tc_collider_id a, b;   /**< a.index < b.index, as in the events */
    uint64_t user_data_a, user_data_b; /**< the colliders' user data at the update */
    /** tc_shape_contact(a's world shape, b's world shape): the normal points
     * from a into b, each point carries its feature id (contact.h). A pair
     * the exact overlap test calls touching but whose contact query finds
     * nothing to push apart (they touch within the tolerance band) has
     * count 0. With a mesh: the deepest triangle's manifold (dispatch.h). */
    tc_manifold manifold;
    /** Updates in a row this pair has touched with manifolds on: 1 at its
     * BEGIN (or at the first update after they were switched on). */
    uint32_t updates;
} tc_world_contact;

/** Switches manifolds on or off (tc_world_def.contacts). On: from the next
 * update on, tc_world_contacts lists every touching pair. Off: the list and
 * its memory are freed at once, and updates do no work for it. */
TC_API void tc_world_set_contacts_enabled(tc_world *world, bool enabled);
/** The manifold of every touching pair at the last update, sorted by
 * (a.index, b.index) (the touching pairs of the events, BEGIN and STAY);
 * valid until the next update; NULL and count 0 when manifolds are off.
 * Persistent: a pair that keeps touching keeps its entry, whose manifold is
 * carried over as it was when neither collider's world shape changed, and
 * recomputed otherwise, its point ids (contact.h's feature ids) naming the
 * same features while they keep touching, so that a solver matches this
 * update's points to the last one's by (a, b) and id. */
TC_API const tc_world_contact *tc_world_contacts(const tc_world *world, size_t *count);

/* ---- queries ------------------------------------------------------------- */
/** Which colliders a query sees, as a collider with this category, mask and
 * group would pair: a collider passes when (collider.category & mask) != 0
 * and (collider.mask & category) != 0, and, when group is non-zero, its
 * group is not this one. A NULL filter passes every collider. Start from
 * tc_query_filter_all(). */
typedef struct tc_query_filter {
    uint64_t category;  /**< the bits the query is */
    uint64_t mask;      /**< the bits it meets */
    uint32_t group;     /**< non-zero: colliders of this group are skipped (0: none) */
} tc_query_filter;
/** Every category and mask bit, no group: passes every collider that meets
 * anything. */
static inline tc_query_filter tc_query_filter_all(void)
{
    tc_query_filter f; f.category = ~(uint64_t)0; f.mask = ~(uint64_t)0; f.group = 0; return f;
}

/** A ray query's or shape cast's hit. */
typedef struct tc_world_hit {
    tc_collider_id collider; /**< the collider hit */
    float t;                 /**< along the ray in units of its dir (raycast.h); a cast's time of first touch */
    tc_vec3 point;           /**< where */
    tc_vec3 normal;          /**< unit; a ray's faces the ray, a cast's points from the cast shape into the collider */
    /** A ray's: the triangle hit on a mesh collider, -1 on every other shape
     * (tc_ray_hit.feature); a cast's: -1. */
    int32_t feature;
} tc_world_hit;

/* Ray queries walk a ray index rather than the tree: a four-wide hierarchy
 * over the colliders' tight bounds, about three times faster per ray, made
 * from the tree and kept until the next update that recomputes some
 * collider (moved, reshaped, created, re-enabled, reparented). Making it is
 * one O(n) pass, about 5 ms for 100,000 colliders (10 ms the first time),
 * and it holds about 64 bytes per collider (tc_world_ray_index_bytes;
 * docs/world.md). So that a world casting a few rays a frame does not pay
 * that every frame, after such an update the first n/16 ray queries (n
 * colliders) walk the tree, and the next one makes the index: at most about
 * twice the cost of the better choice, known only afterwards.
 * tc_world_prepare_rays makes it at once. If memory for it runs out, rays
 * walk the tree instead; the answers are the same either way. The index is
 * one of the caches a const query may change (see the conventions). */

/** The closest hit with t in [0, max_t]; ties go to the lower index. */
TC_API bool tc_world_raycast_closest(const tc_world *world, const tc_ray *ray, float max_t,
                                     const tc_query_filter *filter, tc_world_hit *hit);
/** Some hit with t in [0, max_t], the first found (cheapest: a line of sight). */
TC_API bool tc_world_raycast_any(const tc_world *world, const tc_ray *ray, float max_t,
                                 const tc_query_filter *filter, tc_world_hit *hit);
/** All hits sorted by t then collider index: writes the first min(total,
 * capacity) into hits (which may be NULL when capacity is 0) and returns
 * the total. */
TC_API size_t tc_world_raycast_all(const tc_world *world, const tc_ray *ray, float max_t,
                                   const tc_query_filter *filter, tc_world_hit *hits, size_t capacity);

/* Overlap queries: the colliders overlapping a shape (touching counts),
 * sorted by index; the first min(total, capacity) are written to out (which
 * may be NULL when capacity is 0) and the total is returned. An invalid
 * shape overlaps nothing. One family: tc_world_overlap_shape for a shape of
 * any type, one by type for each shape, and the point query. */

/** Colliders overlapping a shape of any type, a plane included. */
TC_API size_t tc_world_overlap_shape(const tc_world *world, const tc_shape *shape, const tc_query_filter *filter,
                                     tc_collider_id *out, size_t capacity);
/** Colliders overlapping a sphere. */
TC_API size_t tc_world_overlap_sphere(const tc_world *world, const tc_sphere *sphere, const tc_query_filter *filter,
                                      tc_collider_id *out, size_t capacity);
/** Colliders overlapping a capsule. */
TC_API size_t tc_world_overlap_capsule(const tc_world *world, const tc_capsule *capsule,
                                       const tc_query_filter *filter, tc_collider_id *out, size_t capacity);
/** Colliders overlapping an axis-aligned box. */
TC_API size_t tc_world_overlap_aabb(const tc_world *world, const tc_aabb *box, const tc_query_filter *filter,
                                    tc_collider_id *out, size_t capacity);
/** Colliders overlapping an oriented box. */
TC_API size_t tc_world_overlap_obb(const tc_world *world, const tc_obb *box, const tc_query_filter *filter,
                                   tc_collider_id *out, size_t capacity);
/** Colliders overlapping a triangle. */
TC_API size_t tc_world_overlap_triangle(const tc_world *world, const tc_triangle *triangle,
                                        const tc_query_filter *filter, tc_collider_id *out, size_t capacity);
/** Colliders overlapping a plane's half-space (shapes.h). */
TC_API size_t tc_world_overlap_plane(const tc_world *world, const tc_plane *plane, const tc_query_filter *filter,
                                     tc_collider_id *out, size_t capacity);
/** Colliders overlapping a placed convex hull (hull.h). */
TC_API size_t tc_world_overlap_hull(const tc_world *world, const tc_hull *hull, const tc_query_filter *filter,
                                    tc_collider_id *out, size_t capacity);
/** Colliders overlapping a placed triangle mesh's surface (mesh.h); a mesh
 *  collider is never among them (two meshes have no pair function). */
TC_API size_t tc_world_overlap_mesh(const tc_world *world, const tc_mesh *mesh, const tc_query_filter *filter,
                                    tc_collider_id *out, size_t capacity);
/** Colliders containing a point (a non-finite point is in none). */
TC_API size_t tc_world_overlap_point(const tc_world *world, tc_vec3 point, const tc_query_filter *filter,
                                     tc_collider_id *out, size_t capacity);

/** Picking: the closest collider under screen point (sx, sy) (camera.h for
 * the conventions). ray_out (may be NULL) receives the picking ray even when
 * nothing is hit; hit->t is the distance from the near plane. */
TC_API bool tc_world_pick(const tc_world *world, float sx, float sy, tc_viewport viewport, tc_mat4 view,
                          tc_mat4 projection, tc_depth_range depth, const tc_query_filter *filter, tc_world_hit *hit,
                          tc_ray *ray_out);

/* ---- shape casts ----------------------------------------------------------- */
/* A shape of any type (in world coordinates, as the overlap queries take
 * it) moves through the still colliders as of the last update; each
 * collider is tried with the pair sweep (tc_shape_sweep, tc_shape_sweep_rigid:
 * sweep.h), so a cast is exactly as exact as those are, and the hit's
 * normal points from the shape into the collider. The tree is walked with
 * the box the shape sweeps through (grown by the sweeps' tolerance band),
 * the plane colliders beside it. A shape overlapping a collider at the
 * start hits it at t = 0. An invalid shape, velocity, max_t or pose hits
 * nothing. What a character controller calls every frame. */

/** The first collider the shape touches moving at velocity over t in
 * [0, max_t] (sweep.h's tc_sweep_*); ties go to the lower index. */
TC_API bool tc_world_sweep_closest(const tc_world *world, const tc_shape *shape, tc_vec3 velocity, float max_t,
                                   const tc_query_filter *filter, tc_world_hit *hit);
/** Every collider the shape touches over the sweep, each at its first
 * touch, sorted by t then collider index: writes the first min(total,
 * capacity) into hits (which may be NULL when capacity is 0) and returns
 * the total, as tc_world_raycast_all. */
TC_API size_t tc_world_sweep_all(const tc_world *world, const tc_shape *shape, tc_vec3 velocity, float max_t,
                                 const tc_query_filter *filter, tc_world_hit *hits, size_t capacity);
/** The first collider the shape touches turning and moving from pose
 * `from` to pose `to` (the shape given in its own frame; sweep.h's
 * tc_sweep_rigid_*: position linear, rotation at a constant rate), t in
 * [0, 1]: a sword swing. Ties go to the lower index. Every collider type
 * is swept, hulls and meshes included, and the shape may be a hull or a
 * mesh; a plane as the shape (unbounded, it cannot turn) hits nothing, nor
 * does a mesh shape hit a mesh collider (no mesh-mesh pair). */
TC_API bool tc_world_sweep_rigid_closest(const tc_world *world, const tc_shape *shape, tc_transform from,
                                         tc_transform to, const tc_query_filter *filter, tc_world_hit *hit);

/* ---- debug drawing ------------------------------------------------------- */
/** What a debug-drawn collider is doing, for the renderer to colour. */
typedef enum tc_debug_state {
    TC_DEBUG_IDLE = 0,         /**< free: not touching, not marked */
    TC_DEBUG_OVERLAPPING = 1,  /**< touching another collider at the last update */
    TC_DEBUG_MARKED = 2,       /**< marked by tc_world_debug_mark, say hit by a ray (wins over overlapping) */
    TC_DEBUG_DISABLED = 3,     /**< disabled (drawn only with draw_disabled) */
    TC_DEBUG_TREE = 4          /**< a tree box (collider is null), or a mesh collider's hierarchy box */
} tc_debug_state;

/** Marks colliders for debug drawing (TC_DEBUG_MARKED), replacing the last
 * marks; count 0 clears them. Queries mark nothing themselves: to show what
 * a ray hit, mark its hits. Stale ids are kept but never match (a destroyed
 * collider is not drawn, and its slot's next collider is not marked). False
 * when memory ran out (then nothing is marked). */
TC_API bool tc_world_debug_mark(tc_world *world, const tc_collider_id *colliders, size_t count);

/** What to draw and how; start from tc_debug_draw_default(). */
typedef struct tc_debug_draw {
    /** Called with each wireframe segment: an OBB's or AABB's 12 edges from
     * its 8 corners, three great circles for a sphere, a capsule's end
     * circles, four side lines and two arcs per cap, a triangle's 3 edges,
     * and for a plane (unbounded) the 4 edges of a square of it around its
     * point nearest the centre of the tree's boxes, with one segment from
     * that point along the normal (out of the solid), a quarter side long;
     * a hull's edges (tc_hull_data_edge), a mesh's triangle edges, each
     * edge two triangles share once. */
    void (*line)(void *context, tc_vec3 a, tc_vec3 b, tc_debug_state state, tc_collider_id collider);
    /** Optional: each collider's world shape, for renderers that draw solids. */
    void (*shape)(void *context, const tc_shape *shape, tc_debug_state state, tc_collider_id collider);
    void *context;           /**< passed to line and shape */
    bool draw_tree;          /**< also every tree box, as lines with TC_DEBUG_TREE */
    bool draw_disabled;      /**< also disabled colliders (their last world shape) */
    /** Also every mesh collider's hierarchy boxes (tc_mesh_data_node_bounds,
     * placed and turned with the mesh), as lines with TC_DEBUG_TREE and the
     * mesh's collider id (the world tree's boxes have the null id). */
    bool draw_mesh_nodes;
    int32_t circle_segments; /**< segments per full circle (default 16; fewer than 3 draw 3) */
    /** Half the side of a plane's square when > 0 and finite; otherwise (the
     * default, 0) half the largest extent of the tree's boxes, or 1 with no
     * boxes: a size that is not positive names none, so it asks for one. */
    float plane_half_size;
} tc_debug_draw;

/** No callbacks, no tree boxes, no disabled colliders, no mesh hierarchies,
 * 16 segments per circle, planes sized by the tree. */
TC_API tc_debug_draw tc_debug_draw_default(void);
/** Draws every enabled collider's world shape as of the last update. */
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
