/* Private: the world's storage, shared by its source files. */
#ifndef TOUCHE_SRC_WORLD_WORLD_INTERNAL_H
#define TOUCHE_SRC_WORLD_WORLD_INTERNAL_H

#include <touche/tree.h>
#include <touche/world.h>

#include "world/pair_set.h"

typedef struct tc_world_node {
    tc_transform local;
    float scale;
    uint32_t generation;   /* odd while alive, even while free: a stale id never matches */
    tc_node_id parent;     /* checked for staleness when used */
    tc_transform world_pose;
    float world_scale;
    uint32_t stamp;        /* update in which world_pose was computed */
    int32_t next_free;
} tc_world_node;

typedef struct tc_world_collider {
    tc_shape shape;        /* world space, as of the last update */
    tc_shape local_shape;  /* in the collider's frame */
    tc_transform local;
    tc_node_id parent;
    uint64_t user_data;
    uint64_t category;
    uint64_t mask;
    int32_t proxy;         /* TC_TREE_NULL when not in the tree */
    uint32_t generation;   /* odd while alive */
    int32_t next_free;
    int32_t touching;      /* touching pairs at the last update */
    uint32_t ray_stamp;    /* equals the world's when hit by the last ray query */
    uint8_t enabled;
    uint8_t has_shape;     /* shape holds a valid world shape */
    uint8_t changed;       /* world shape or filter changed in this update */
    uint8_t moved;         /* fat box changed in this update */
    uint8_t dirty;         /* filter/shape changed since the last update */
    uint8_t pending_free;  /* destroyed; slot reusable after the next update */
} tc_world_collider;

typedef struct tc_world_pair {
    tc_collider_id a, b;   /* a.index < b.index */
    uint8_t touching;
    uint8_t fresh;         /* found in this update, not yet tested */
} tc_world_pair;

/* A growable array of plain elements. */
#define TC_ARRAY(type) struct { type *data; size_t count, capacity; }

struct tc_world {
    tc_allocator allocator;
    tc_tree *tree;
    float margin, margin_ratio;

    tc_world_node *nodes;
    size_t node_count, node_capacity;   /* slots in use (alive or free) */
    int32_t node_free;

    tc_world_collider *colliders;
    size_t collider_count, collider_capacity;
    int32_t collider_free;
    size_t live_colliders;

    TC_ARRAY(int32_t) pending;          /* destroyed colliders awaiting the next update */
    TC_ARRAY(int32_t) moved;            /* colliders whose fat box changed */
    TC_ARRAY(tc_world_pair) pairs;
    tc_pair_set pair_set;
    TC_ARRAY(tc_contact_event) events;
    TC_ARRAY(int32_t) chain;            /* scratch for node chains */
    TC_ARRAY(tc_world_hit) hits;        /* scratch for raycast_all */
    TC_ARRAY(tc_collider_id) found;     /* scratch for overlap queries */

    uint32_t stamp;                     /* update counter */
    uint32_t ray_stamp;                 /* ray query counter */
    bool out_of_memory;
};

/* Grow a TC_ARRAY to hold `needed` elements. */
#define TC_ARRAY_RESERVE(world, arr, needed)                                                        \
    tc_mem_reserve(&(world)->allocator, (void **)&(arr).data, &(arr).capacity, (needed), sizeof *(arr).data)
#define TC_ARRAY_FREE(world, arr)                                                                   \
    (tc_mem_free(&(world)->allocator, (arr).data, (arr).capacity * sizeof *(arr).data), (arr).data = NULL, \
     (arr).count = (arr).capacity = 0)

/* Id checks (no assert). */
tc_world_node *tc_world_get_node(const tc_world *w, tc_node_id id);
tc_world_collider *tc_world_get_collider(const tc_world *w, tc_collider_id id);
static inline tc_collider_id tc_world_collider_id_of(const tc_world *w, int32_t index)
{
    tc_collider_id id;
    id.index = (uint32_t)index;
    id.generation = w->colliders[index].generation;
    return id;
}
static inline bool tc_world_collider_alive(const tc_world_collider *c) { return (c->generation & 1u) != 0; }

/* Does the filter pass collider c? NULL passes everything. */
static inline bool tc_world_filter_passes(const tc_query_filter *f, const tc_world_collider *c)
{
    return !f || ((c->category & f->mask) != 0 && (c->mask & f->category) != 0);
}

/* A collider's world shape: local shape placed by pose with uniform scale. */
bool tc_world_place_shape(const tc_shape *local, tc_transform pose, float scale, tc_shape *out);

#endif
