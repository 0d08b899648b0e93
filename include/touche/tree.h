/* SPDX-License-Identifier: MIT */
/** @file
 * Touché dynamic AABB tree: a bounding-volume hierarchy for objects the
 * caller brings, usable without the world.
 *
 * Conventions:
 *  - Each proxy is a caller's box plus 64-bit user data. The tree stores a
 *    fattened copy of the box (the "fat box"): the tight box grown on every
 *    side by margin + margin_ratio * (largest edge of the tight box). Moving a
 *    proxy whose new tight box still lies inside its fat box does no tree
 *    work at all; otherwise the proxy is reinserted with a new fat box
 *    (tc_tree_move_proxy_by also stretches it along an expected motion).
 *  - Insertion picks the sibling that least increases the total surface area
 *    of the tree (surface area heuristic) and rebalances on the way up by
 *    rotations, so the height stays logarithmic under any churn.
 *  - Queries report fat boxes that overlap / are hit (closed boxes: touching
 *    counts). Exact tests on the caller's objects are the caller's business.
 *  - Proxy ids are small non-negative integers, reused after destruction. A
 *    destroyed or out-of-range id is a programmer error: debug builds assert,
 *    release builds ignore the call.
 *  - Memory comes from the tc_allocator given at creation (zero: malloc). A
 *    failed allocation makes tc_tree_create_proxy return TC_TREE_NULL.
 *  - Callbacks must not modify the tree they are called from.
 */
#ifndef TOUCHE_TREE_H
#define TOUCHE_TREE_H

#include "alloc.h"
#include "raycast.h"

TC_C_BEGIN

/// The id of no proxy.
#define TC_TREE_NULL (-1)

/** A dynamic AABB tree: opaque, made by tc_tree_create. */
typedef struct tc_tree tc_tree;

/** What a tree is made with; start from tc_tree_def_default() (base.h's
 * rule for zero: a zero field means literally zero). */
typedef struct tc_tree_def {
    tc_allocator allocator;   /**< zeroed: malloc/free */
    float margin;             /**< absolute fattening on every side, >= 0 */
    float margin_ratio;       /**< fattening relative to the box's largest edge, >= 0 */
    int32_t initial_capacity; /**< proxies to reserve up front (0: none; the tree grows as needed) */
} tc_tree_def;

/** margin 0, margin_ratio 0.1, malloc, nothing reserved. A zeroed
 * definition is valid too: no fattening (every move of a proxy reinserts
 * it). */
TC_API tc_tree_def tc_tree_def_default(void);

/** NULL on allocation failure or a negative margin. */
TC_API tc_tree *tc_tree_create(const tc_tree_def *def);
/** Frees the tree and everything it holds. */
TC_API void tc_tree_destroy(tc_tree *tree);

/** Inserts a proxy; returns its id, or TC_TREE_NULL for an invalid box (NaN,
 * min > max) or when memory ran out. */
TC_API int32_t tc_tree_create_proxy(tc_tree *tree, tc_aabb box, uint64_t user_data);
/** Removes a proxy; its id may be handed out again. */
TC_API void tc_tree_destroy_proxy(tc_tree *tree, int32_t proxy);
/** Updates a proxy's tight box. Returns true when the proxy was reinserted
 * (its fat box changed), false when the box still fits its fat box or is
 * invalid (then the proxy keeps its old box). */
TC_API bool tc_tree_move_proxy(tc_tree *tree, int32_t proxy, tc_aabb box);
/** The same, for a proxy expected to keep moving: when it is reinserted, its
 * new fat box also covers itself shifted by `displacement` (say, a few
 * times the proxy's last motion), so that steady motion leaves the fat box
 * less often ("predictive fattening", as in Box2D and Bullet). A zero
 * displacement is tc_tree_move_proxy; a non-finite one is ignored. */
TC_API bool tc_tree_move_proxy_by(tc_tree *tree, int32_t proxy, tc_aabb box, tc_vec3 displacement);
/** The proxy's fat box. */
TC_API tc_aabb tc_tree_fat_box(const tc_tree *tree, int32_t proxy);

/** Many proxies at once: ids[i] receives the id for boxes[i] (TC_TREE_NULL
 * for an invalid box); user_data may be NULL (zeros). A batch at least as
 * large as the tree (and of 64 or more) is not inserted one by one: the
 * whole tree is rebuilt as by tc_tree_rebuild, which is much faster and
 * gives a better tree. False when memory ran out: then no proxy was
 * created. */
TC_API bool tc_tree_create_proxies(tc_tree *tree, const tc_aabb *boxes, const uint64_t *user_data, int32_t count,
                                   int32_t *ids);
/** Rebuilds the hierarchy from scratch over the current fat boxes, top-down
 * by the surface area heuristic, its nodes laid out depth first: worth it
 * once many proxies moved far. Ids, fat boxes and query answers stay the
 * same. False (tree unchanged) when memory for the build ran out. */
TC_API bool tc_tree_rebuild(tc_tree *tree);
/** The proxy's user data. */
TC_API uint64_t tc_tree_user_data(const tc_tree *tree, int32_t proxy);
/** Replaces the proxy's user data. */
TC_API void tc_tree_set_user_data(tc_tree *tree, int32_t proxy, uint64_t user_data);

/** Return false from a query callback to stop the query. */
typedef bool tc_tree_query_fn(void *context, int32_t proxy, uint64_t user_data);
/** Every proxy whose fat box overlaps box. */
TC_API void tc_tree_query_aabb(const tc_tree *tree, tc_aabb box, tc_tree_query_fn *fn, void *context);
/** Every proxy whose fat box meets the closed half-space
 * { x : dot(plane.normal, x) <= plane.offset } (the solid of a plane,
 * shapes.h); the normal need not be unit. A plane with a component that is
 * not finite finds nothing. */
TC_API void tc_tree_query_plane(const tc_tree *tree, tc_plane plane, tc_tree_query_fn *fn, void *context);

/** Called for each proxy whose fat box the ray enters at some t in [0, max_t],
 * roughly nearest first. Return the new max_t: the exact hit's t to clip the
 * rest of the search (closest hit), max_t unchanged to go on (all hits), or
 * a negative number to stop (any hit). */
typedef float tc_tree_ray_fn(void *context, int32_t proxy, uint64_t user_data, const tc_ray *ray, float max_t);
/** Every proxy whose fat box the ray enters within [0, max_t], through fn (above). */
TC_API void tc_tree_raycast(const tc_tree *tree, const tc_ray *ray, float max_t, tc_tree_ray_fn *fn, void *context);

/** Every unordered pair of proxies whose fat boxes overlap, once each, with
 * proxy_a < proxy_b. Return false to stop. */
typedef bool tc_tree_pair_fn(void *context, int32_t proxy_a, int32_t proxy_b);
/** Every overlapping pair of fat boxes, through fn (above). */
TC_API void tc_tree_query_pairs(const tc_tree *tree, tc_tree_pair_fn *fn, void *context);

/** Introspection: number of proxies, height of the root (0 for a single
 * leaf, -1 for an empty tree), the sum of the surface areas of the internal
 * nodes divided by the root's (a quality measure), and a full consistency
 * check of the structure (parents, heights, enclosing boxes, balance). */
TC_API int32_t tc_tree_proxy_count(const tc_tree *tree);
/** The root's height: 0 for a single leaf, -1 for an empty tree. */
TC_API int32_t tc_tree_height(const tc_tree *tree);
/** Internal nodes' surface area over the root's: a quality measure. */
TC_API float tc_tree_area_ratio(const tc_tree *tree);
/** A full consistency check (parents, heights, enclosing boxes, balance). */
TC_API bool tc_tree_validate(const tc_tree *tree);

/** Visits every node's fat box with its depth (root 0) and whether it is a
 * leaf; for debug drawing. */
typedef void tc_tree_node_fn(void *context, tc_aabb box, int32_t depth, bool leaf);
/** Calls fn for every node, root first. */
TC_API void tc_tree_visit_nodes(const tc_tree *tree, tc_tree_node_fn *fn, void *context);

TC_C_END

#endif
