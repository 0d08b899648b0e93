/* SPDX-License-Identifier: MIT */
/* Private: the world's storage, shared by its source files. */
#ifndef TOUCHE_SRC_WORLD_WORLD_INTERNAL_H
#define TOUCHE_SRC_WORLD_WORLD_INTERNAL_H

#include <touche/tree.h>
#include <touche/world.h>

#include "core/alloc.h"
#include "core/float.h"
#include "tree/tree_internal.h"
#include "world/world_ids.h"

#include "tree/tree_wide.h"

typedef struct tc_world_node {
    tc_transform local;
    float scale;
    tc_node_id parent;     /* checked for staleness when used (a stale parent is the world) */
    int32_t children;      /* live nodes whose parent is this one: none means no cycle through it */
    tc_transform world_pose;
    float world_scale;
    uint32_t stamp;        /* update in which the node was last visited */
    uint32_t moved_stamp;  /* update in which world_pose was last recomputed */
    uint8_t dirty;         /* pose or parent set since the last update */
    uint8_t invalid;       /* its world pose is not finite: its colliders leave pairs and queries */
} tc_world_node;

/* The per-collider record: what the setters write and the update reads.
 * What the per-pair work reads for every pair lives in the dense arrays of
 * tc_world (hot, shapes), so that walking the pairs touches
 * a few small entries per collider rather than this whole record. */
typedef struct tc_world_collider {
    tc_shape local_shape;  /* in the collider's frame */
    tc_transform local;
    tc_node_id parent;
    uint64_t category;
    uint64_t mask;
    int32_t proxy;         /* TC_TREE_NULL when not in the tree */
    uint8_t enabled;
    uint8_t has_shape;     /* shapes[i] holds a valid world shape */
    uint8_t dirty;         /* pose, shape, parent or enabled set: recompute at the next update */
    uint8_t filter_dirty;  /* category or mask set since the last update */
    uint8_t requery;       /* its new pairs could not all be recorded: search again */
    uint8_t pending_free;  /* destroyed; slot reusable after the next update */
} tc_world_collider;

/* Per-collider flags of the last update (tc_world_state.flags). */
enum {
    TC_WORLD_IN_TREE = 1,  /* enabled, valid, has a proxy: can pair */
    TC_WORLD_MOVED = 2,    /* its fat box changed in this update */
    TC_WORLD_CHANGED = 4,  /* its world shape changed in this update */
    TC_WORLD_FILTER = 8,   /* its filter changed in this update */
    TC_WORLD_CREATE = 16,  /* during the update: needs a proxy */
    TC_WORLD_LEAVE = 32,   /* during the update: its box left its fat box */
    TC_WORLD_OPEN = 64,    /* its category and mask are all ones: it passes every other's filter
                              if the other's category and mask are nonzero (kept between updates) */
    TC_WORLD_PLANE = 128   /* an enabled plane collider with a valid world plane: can pair, but has no
                              proxy (a half-space has no box); with MOVED: its pairs are searched in full */
};

/* What the per-pair work and the update read of a collider, in one 64-byte
 * line: a pair's second collider is anywhere in the arrays, and one line
 * per pair rather than one per field is what the walk over the pairs costs. */
typedef struct tc_world_hot {
    tc_aabb bounds;        /* its world shape's tight box; an AABB collider's is its shape */
    tc_aabb fat;           /* its proxy's fat box */
    uint32_t generation;   /* mirrors the collider's */
    uint16_t flags;
    uint16_t type;         /* its shape's type */
    int32_t touching;      /* touching pairs at the last update */
    uint32_t group;        /* same non-zero group: never pairs */
} tc_world_hot;

_Static_assert(sizeof(tc_world_hot) == 64, "one collider's hot record fills one cache line");

typedef struct tc_world_pair {
    tc_collider_id a, b;   /* a.index < b.index */
    uint8_t touching;
    uint8_t filter_ok;     /* the pair's filters let it touch */
} tc_world_pair;

/* A collider whose fat box moves in this update (or who searches for its
 * pairs again). What the tree work and the pair search need is copied here,
 * so that once these records are put in space-filling-curve order the work
 * reads them in sequence rather than hopping across the collider arrays. */
typedef struct tc_world_move {
    tc_aabb box;           /* its new box in the tree (tc_world_tree_box) */
    tc_aabb fat;           /* its fat box from now on */
    tc_aabb old;           /* its fat box as of the last update, or inside out (no pairs to go by) */
    int32_t index;         /* the collider */
    int32_t proxy;
    uint32_t leave;        /* the tree must move its proxy (box left fat) */
    tc_vec3 ahead;         /* the stretch of its new fat box (tc_tree_move_proxy_by) */
} tc_world_move;

/* A growable array of plain elements. */
#define TC_ARRAY(type) struct { type *data; size_t count, capacity; }

struct tc_world {
    tc_allocator allocator;
    tc_tree *tree;
    float margin, margin_ratio;
    float prediction;                   /* >= 0 */

    tc_id_pool node_ids;                /* the nodes' slots (world_ids.h) */
    tc_world_node *nodes;
    size_t node_capacity;

    /* Colliders: their slots, the records and, index for index, the dense
     * arrays. */
    tc_id_pool collider_ids;
    tc_world_collider *colliders;
    tc_world_hot *hot;                  /* 64-byte aligned inside hot_block */
    void *hot_block;
    tc_shape *shapes;                   /* world space, as of the last update */
    tc_aabb *old_fat;                   /* fat box as of the last update; inside out when it had
                                           no proxy or its pairs may be incomplete */
    uint64_t *user;                     /* user data: apart, as only events and getters read it */
    size_t collider_capacity;

    TC_ARRAY(int32_t) pending;          /* destroyed colliders awaiting the next update */
    TC_ARRAY(int32_t) planes;           /* the plane colliders (TC_WORLD_PLANE) as of the last update */
    TC_ARRAY(tc_world_move) moved;      /* colliders whose fat box changed */
    TC_ARRAY(tc_world_move) moved_sorted; /* the same in curve order */
    TC_ARRAY(int32_t) created;          /* colliders that get a proxy in this update */
    TC_ARRAY(tc_aabb) new_boxes;        /* scratch for creating proxies in bulk */
    TC_ARRAY(int32_t) new_ids;
    TC_ARRAY(uint64_t) keys;            /* scratch: moved colliders in space-filling-curve order */
    TC_ARRAY(tc_world_pair) pairs;      /* candidate pairs sorted by (a.index, b.index) */
    TC_ARRAY(tc_world_pair) pairs_next; /* the next update's, built by merging */
    TC_ARRAY(uint64_t) fresh;           /* keys (a << 32 | b) of the pairs found in this update */
    TC_ARRAY(uint64_t) scratch;         /* for sorting */
    TC_ARRAY(tc_contact_event) events;
    TC_ARRAY(int32_t) chain;            /* scratch for node chains */
    TC_ARRAY(tc_world_hit) hits;        /* scratch for raycast_all */
    TC_ARRAY(tc_collider_id) found;     /* scratch for overlap queries */
    TC_ARRAY(tc_collider_id) marks;     /* tc_world_debug_mark's colliders, sorted by index */
    /* Manifolds (world_contacts.c): the touching pairs' in pair order, and
     * the next update's, built while the pairs are walked. */
    bool contacts_on;
    TC_ARRAY(tc_world_contact) contacts;
    TC_ARRAY(tc_world_contact) contacts_next;
    size_t contacts_cursor;             /* during the walk: the first old entry not yet passed */

    /* The ray index (world_rays.c): a four-wide hierarchy over the tight
     * bounds, made from the tree at the first ray query after an update
     * that changed a collider. */
    tc_tree_wide ray_index;
    bool ray_index_stale;               /* an update recomputed a collider since it was made */
    uint32_t ray_index_wait;            /* stale: ray queries that walk the tree before it is remade */
    bool ray_index_removed;             /* a collider left the queries since: leaves check */
    int32_t ray_index_round;            /* its leaves that are not AABBs (they take a wider pad) */
    float ray_index_mag;                /* over its AABB leaves: largest coordinate + largest extent */

    tc_world_position origin;           /* tc_world_set_origin */
    uint32_t stamp;                     /* update counter */
    uint64_t parent_walk_steps;         /* test hook: steps of the cycle check's walks so far */
    bool out_of_memory;
};

/* Exchange two TC_ARRAYs' blocks (double buffering: the next one is built,
 * then becomes the current one). Counts are the caller's. */
#define TC_ARRAY_SWAP_BLOCKS(a, b)                                                                  \
    do {                                                                                            \
        void *swap_data_ = (a).data;                                                                \
        const size_t swap_cap_ = (a).capacity;                                                      \
        (a).data = (b).data;                                                                        \
        (a).capacity = (b).capacity;                                                                \
        (b).data = swap_data_;                                                                      \
        (b).capacity = swap_cap_;                                                                   \
    } while (0)

/* Grow a TC_ARRAY to hold `needed` elements. */
#define TC_ARRAY_RESERVE(world, arr, needed)                                                        \
    tc_mem_reserve(&(world)->allocator, (void **)&(arr).data, &(arr).capacity, (needed), sizeof *(arr).data)
#define TC_ARRAY_FREE(world, arr)                                                                   \
    (tc_mem_free(&(world)->allocator, (arr).data, (arr).capacity * sizeof *(arr).data), (arr).data = NULL, \
     (arr).count = (arr).capacity = 0)

/* The update's steps, in order: node world poses (world_poses.c); world
 * shapes, tree boxes and the new candidate pairs (world_tree_sync.c); then
 * the pairs and events (world_pairs.c, with tc_world_update itself). */
void tc_world_update_poses(tc_world *w);
void tc_world_sync_tree(tc_world *w);
/* Manifolds, when on: begin before the pairs are walked, one call per
 * touching pair in pair order (recompute: the pair is new or one of its
 * colliders changed), end after. */
void tc_world_contacts_begin(tc_world *w);
void tc_world_contacts_pair(tc_world *w, const tc_world_pair *p, bool recompute);
void tc_world_contacts_end(tc_world *w);
void tc_world_contacts_free(tc_world *w);

/* Id checks (no assert). */
tc_world_node *tc_world_get_node(const tc_world *w, tc_node_id id);
tc_world_collider *tc_world_get_collider(const tc_world *w, tc_collider_id id);
static inline tc_collider_id tc_world_collider_id_of(const tc_world *w, int32_t index)
{
    tc_collider_id id;
    id.index = (uint32_t)index;
    id.generation = w->hot[index].generation; /* the collider's, from the line the pair work reads */
    return id;
}
static inline bool tc_world_collider_alive(const tc_world *w, size_t i) { return tc_id_pool_slot_alive(&w->collider_ids, i); }
static inline bool tc_world_node_alive(const tc_world *w, size_t i) { return tc_id_pool_slot_alive(&w->node_ids, i); }

/* The caches a const query may change (its scratch arrays, the ray index):
 * nothing in them is visible to a caller, so a query is const where it
 * counts. The world is always heap-allocated, never a const object. */
static inline tc_world *tc_world_caches(const tc_world *w) { return (tc_world *)(uintptr_t)w; }

/* Does the filter pass collider i? NULL passes everything (world.h). */
static inline bool tc_world_filter_passes(const tc_world *w, const tc_query_filter *f, int32_t i)
{
    if (!f) return true;
    const tc_world_collider *c = &w->colliders[i];
    return (c->category & f->mask) != 0 && (c->mask & f->category) != 0 &&
           (f->group == 0 || f->group != w->hot[i].group);
}

/* The colliders a query by box (NULL: by the half-space) may meet: from the
 * tree, then the plane colliders; visit gets each one's index as user data
 * (world_query.c). */
void tc_world_candidates(const tc_world *w, const tc_aabb *box, const tc_plane *half_space, tc_tree_query_fn *visit,
                         void *context);

/* Ray and cast hits: by t, then collider index (qsort order). */
int tc_world_hit_order(const void *x, const void *y);

static inline uint64_t tc_world_pair_key(uint32_t a, uint32_t b) { return ((uint64_t)a << 32) | b; }

/* A box grown by the exact tests' tolerance band (base.h): if they may call
 * two shapes touching, their padded boxes overlap. Conservative: the scale
 * used is at least the one base.h speaks of. */
/* tc_world_padded for a box reaching past 2^100 (world_tree_sync.c): a
 * query's own box may reach the end of the float range (tree boxes stop at
 * 1e30, update_collider), where the float pad and corners overflow. */
tc_aabb tc_world_padded_far(const tc_aabb *b);
static inline tc_aabb tc_world_padded(const tc_aabb *b)
{
    const tc_vec3 far = tc_vec3_max(tc_vec3_abs(b->min), tc_vec3_abs(b->max));
    /* sqrt(3) times the largest component bounds the length of `far` */
    const float m = far.x > far.y ? (far.x > far.z ? far.x : far.z) : (far.y > far.z ? far.y : far.z);
    if (!(m <= 0x1p100f)) return tc_world_padded_far(b);
    const tc_vec3 ext = tc_vec3_sub(b->max, b->min);
    const float pad = 4.0f * TC_TOLERANCE * (1.7320509f * m + ext.x + ext.y + ext.z);
    tc_aabb r;
    r.min = tc_vec3_sub(b->min, tc_vec3_make(pad, pad, pad));
    r.max = tc_vec3_add(b->max, tc_vec3_make(pad, pad, pad));
    return r;
}

/* A collider's box in the tree (before the tree's fattening), from its
 * placed shape s and bounds b. Grown only by the part of the exact tests'
 * band that the shape's own size gives, never by the part its coordinates
 * give: every exact test the world calls on a pair has a band relative to
 * the pair's sizes and separation (the differences of coordinates are
 * taken exactly, or rounded relative to themselves), so the two sizes'
 * pads cover it. Issue 12, item 6: padded by its coordinates, a box of size
 * 0.5 at x = 2e6 reached 70 of its neighbours 2 apart, and a million such
 * boxes made 5 GB of candidate pairs; the broadphase's memory must not grow
 * with the distance from the origin.
 *
 * An AABB collider's box is its shape (the closed-box test has no band).
 * A sphere's, capsule's, OBB's or triangle's exact bounds are worked in
 * double, grown by the pad and rounded once to the nearest float: rounding
 * is monotonic, so two shapes whose padded exact bounds meet get tree boxes
 * that meet, with no outward rounding (which at 1e7, where floats are 1
 * apart, would join every neighbour). A hull's or mesh's exact bounds
 * (tc_hull_exact_bounds, tc_mesh_exact_bounds) likewise, at any magnitude:
 * their pair tests run relative to one of the shapes (tc_core_recentre).
 * The other shapes beyond 2^27 (where the double tests decide,
 * TC_OVERLAP_IS_FAR, with a band of the coordinates) keep the coordinate
 * pad, tc_world_padded. */
tc_aabb tc_world_tree_box(const tc_shape *s, const tc_aabb *b);

/* The tag of an index leaf: its collider's generation (odd, so its low bit
 * is free) with the low bit telling whether its box is its shape (an AABB
 * collider): a hit needs no look-up of either. */
static inline uint32_t tc_world_ray_tag(uint32_t generation, bool exact)
{
    return (generation & ~1u) | (exact ? 1u : 0u);
}
static inline bool tc_world_ray_tag_exact(uint32_t tag) { return (tag & 1u) != 0; }
static inline uint32_t tc_world_ray_tag_generation(uint32_t tag) { return tag | 1u; }

/* The ray index, remade first when stale and its wait is over; NULL: walk
 * the tree (still waiting, or no memory). */
const tc_tree_wide *tc_world_ray_index(tc_world *w);
/* The pad of a ray walking the tree instead of the index. */
float tc_world_ray_pad_tree(const tc_world *w, const tc_ray *ray);
/* Starts the wait after an update that made the index stale. */
void tc_world_ray_index_wait(tc_world *w);
/* How much the index's boxes are grown for this ray (see world_rays.c). */
float tc_world_ray_pad(const tc_world *w, const tc_ray *ray);
/* Is collider i, a leaf of the ray index, still in the queries? Only a
 * destroyed or disabled one has left (nothing joins between updates). */
static inline bool tc_world_ray_leaf_live(const tc_world *w, int32_t i)
{
    return (w->hot[i].flags & TC_WORLD_IN_TREE) != 0;
}


/* Could a plane touch a collider whose fat box is b? The exact tests call a
 * plane and a shape touching up to their tolerance band apart; the band
 * here is wider than theirs (its scale bounds theirs), and the fat box holds
 * the shape. A plane collider's pairs are exactly the colliders this
 * passes, as a box collider's are those whose fat boxes meet its own. A
 * larger box's pad is larger: padded for a box around many, a plane finds
 * all this would pass for each. */
static inline double tc_world_plane_pad(const tc_plane *p, const tc_aabb *b)
{
    /* in double: a fat box (the tree's root) may reach the end of the float
     * range, where its extent and the sum of its coordinates overflow */
    const double ext = ((double)b->max.x - b->min.x) + ((double)b->max.y - b->min.y) + ((double)b->max.z - b->min.z);
    const tc_vec3 far = tc_vec3_max(tc_vec3_abs(b->min), tc_vec3_abs(b->max));
    const double far1 = (double)far.x + far.y + far.z;
    return 4.0 * (double)TC_TOLERANCE * ((double)tc_absf(p->offset) + far1 + ext);
}

/* The plane's offset grown by tc_world_plane_pad, saturating at FLT_MAX:
 * a valid plane's offset may be near the end of the float range, and a fat
 * box too, where the float sum would overflow (and trap where FE_OVERFLOW
 * is enabled). A saturated offset keeps every box below it, as the
 * infinite one would. */
static inline float tc_world_plane_padded_offset(const tc_plane *p, const tc_aabb *b)
{
    return tc_float_saturated((double)p->offset + tc_world_plane_pad(p, b));
}

static inline bool tc_world_plane_may_touch(const tc_plane *p, const tc_aabb *b)
{
    return tc_tree_box_meets_halfspace(b, p->normal, tc_world_plane_padded_offset(p, b));
}

/* A plane collider in the queries now (not disabled or destroyed since the
 * last update)? */
static inline bool tc_world_plane_active(const tc_world *w, int32_t i) { return (w->hot[i].flags & TC_WORLD_PLANE) != 0; }

#endif
