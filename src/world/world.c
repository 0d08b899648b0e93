/* SPDX-License-Identifier: MIT */
/* The world: creation, nodes and colliders, and their setters. */
#include "world/world_internal.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "core/float.h"

/* The hot records start on a cache line (tc_world_hot), whatever alignment
 * the allocator gives: the block has one line to spare. */
#define TC_WORLD_LINE 64

static size_t hot_block_size(size_t cap) { return cap * sizeof(tc_world_hot) + TC_WORLD_LINE; }

static tc_world_hot *hot_in(void *block)
{
    const uintptr_t p = (uintptr_t)block;
    return (tc_world_hot *)(void *)((p + TC_WORLD_LINE - 1) & ~(uintptr_t)(TC_WORLD_LINE - 1));
}

/* The collider records and their dense arrays grow together: all or none. */
static bool grow_colliders(tc_world *w, size_t needed)
{
    if (needed <= w->collider_capacity) return true;
    size_t cap = w->collider_capacity ? w->collider_capacity : 16;
    while (cap < needed) {
        if (cap > SIZE_MAX / 2) return false;
        cap *= 2;
    }
    if (cap > (SIZE_MAX - TC_WORLD_LINE) / sizeof(tc_world_hot)) return false;
    const size_t old = w->collider_capacity, used = w->collider_count;
    tc_world_collider *colliders = (tc_world_collider *)tc_mem_alloc(&w->allocator, cap * sizeof *colliders);
    void *hot_block = tc_mem_alloc(&w->allocator, hot_block_size(cap));
    tc_shape *shapes = (tc_shape *)tc_mem_alloc(&w->allocator, cap * sizeof *shapes);
    tc_aabb *old_fat = (tc_aabb *)tc_mem_alloc(&w->allocator, cap * sizeof *old_fat);
    if (!colliders || !hot_block || !shapes || !old_fat) {
        tc_mem_free(&w->allocator, colliders, cap * sizeof *colliders);
        tc_mem_free(&w->allocator, hot_block, hot_block_size(cap));
        tc_mem_free(&w->allocator, shapes, cap * sizeof *shapes);
        tc_mem_free(&w->allocator, old_fat, cap * sizeof *old_fat);
        return false;
    }
    tc_world_hot *hot = hot_in(hot_block);
    if (used) {
        memcpy(colliders, w->colliders, used * sizeof *colliders);
        memcpy(hot, w->hot, used * sizeof *hot);
        memcpy(shapes, w->shapes, used * sizeof *shapes);
        memcpy(old_fat, w->old_fat, used * sizeof *old_fat);
    }
    tc_mem_free(&w->allocator, w->colliders, old * sizeof *w->colliders);
    if (w->hot_block) tc_mem_free(&w->allocator, w->hot_block, hot_block_size(old));
    tc_mem_free(&w->allocator, w->shapes, old * sizeof *w->shapes);
    tc_mem_free(&w->allocator, w->old_fat, old * sizeof *w->old_fat);
    w->colliders = colliders;
    w->hot_block = hot_block;
    w->hot = hot;
    w->shapes = shapes;
    w->old_fat = old_fat;
    w->collider_capacity = cap;
    return true;
}

tc_world_def tc_world_def_default(void)
{
    tc_world_def d;
    memset(&d, 0, sizeof d);
    d.margin_ratio = 0.1f;
    d.prediction = 4.0f;
    return d;
}

tc_world *tc_world_create(const tc_world_def *def)
{
    tc_world_def d = def ? *def : tc_world_def_default();
    if (d.margin_ratio == 0.0f) d.margin_ratio = 0.1f;
    if (d.prediction == 0.0f) d.prediction = 4.0f;
    if (!(d.margin >= 0.0f) || !(d.margin_ratio > 0.0f) || !isfinite(d.margin) || !isfinite(d.margin_ratio) ||
        !(d.prediction == d.prediction) || !isfinite(d.prediction))
        return NULL;
    tc_world *w = (tc_world *)tc_mem_alloc(&d.allocator, sizeof *w);
    if (!w) return NULL;
    memset(w, 0, sizeof *w);
    w->allocator = d.allocator;
    w->margin = d.margin;
    w->margin_ratio = d.margin_ratio;
    w->prediction = d.prediction > 0.0f ? d.prediction : 0.0f;
    w->node_free = -1;
    w->collider_free = -1;
    tc_tree_def td = tc_tree_def_default();
    td.allocator = d.allocator;
    td.margin = d.margin;
    td.margin_ratio = d.margin_ratio;
    td.initial_capacity = d.initial_capacity > 0 ? d.initial_capacity : 0;
    w->tree = tc_tree_create(&td);
    if (!w->tree) {
        tc_mem_free(&w->allocator, w, sizeof *w);
        return NULL;
    }
    if (d.initial_capacity > 0) (void)grow_colliders(w, (size_t)d.initial_capacity);
    tc_tree_wide_init(&w->ray_index, &w->allocator);
    w->ray_index_stale = true;
    return w;
}

void tc_world_destroy(tc_world *w)
{
    if (!w) return;
    tc_allocator a = w->allocator;
    tc_tree_destroy(w->tree);
    tc_tree_wide_free(&w->ray_index);
    tc_mem_free(&a, w->nodes, w->node_capacity * sizeof *w->nodes);
    tc_mem_free(&a, w->colliders, w->collider_capacity * sizeof *w->colliders);
    if (w->hot_block) tc_mem_free(&a, w->hot_block, hot_block_size(w->collider_capacity));
    tc_mem_free(&a, w->shapes, w->collider_capacity * sizeof *w->shapes);
    tc_mem_free(&a, w->old_fat, w->collider_capacity * sizeof *w->old_fat);
    TC_ARRAY_FREE(w, w->pending);
    TC_ARRAY_FREE(w, w->planes);
    TC_ARRAY_FREE(w, w->moved);
    TC_ARRAY_FREE(w, w->moved_sorted);
    TC_ARRAY_FREE(w, w->created);
    TC_ARRAY_FREE(w, w->new_boxes);
    TC_ARRAY_FREE(w, w->new_ids);
    TC_ARRAY_FREE(w, w->keys);
    TC_ARRAY_FREE(w, w->pairs);
    TC_ARRAY_FREE(w, w->pairs_next);
    TC_ARRAY_FREE(w, w->fresh);
    TC_ARRAY_FREE(w, w->scratch);
    TC_ARRAY_FREE(w, w->events);
    TC_ARRAY_FREE(w, w->chain);
    TC_ARRAY_FREE(w, w->hits);
    TC_ARRAY_FREE(w, w->found);
    TC_ARRAY_FREE(w, w->ray_marks);
    tc_mem_free(&a, w, sizeof *w);
}

const tc_tree *tc_world_tree(const tc_world *w) { return w ? w->tree : NULL; }

tc_world_node *tc_world_get_node(const tc_world *w, tc_node_id id)
{
    if (!w || id.index >= w->node_count) return NULL;
    tc_world_node *n = &w->nodes[id.index];
    if (n->generation != id.generation || (n->generation & 1u) == 0) return NULL;
    return n;
}

tc_world_collider *tc_world_get_collider(const tc_world *w, tc_collider_id id)
{
    if (!w || id.index >= w->collider_count) return NULL;
    tc_world_collider *c = &w->colliders[id.index];
    if (c->generation != id.generation || (c->generation & 1u) == 0) return NULL;
    return c;
}

static bool pose_ok(tc_transform t)
{
    /* every component finite: x * 0 is 0 for those, NaN otherwise */
    return tc_vec3_finite(t.position) &&
           (t.rotation.x * 0.0f + t.rotation.y * 0.0f + t.rotation.z * 0.0f + t.rotation.w * 0.0f) == 0.0f;
}

static bool scale_ok(float s) { return s > 0.0f && isfinite(s); }

/* ---- nodes --------------------------------------------------------------- */

tc_node_id tc_world_create_node(tc_world *w, const tc_node_def *def)
{
    if (!TC_REQUIRE(w != NULL)) return tc_node_null();
    tc_node_def d;
    if (def) {
        d = *def;
    } else {
        memset(&d, 0, sizeof d);
    }
    if (d.scale == 0.0f) d.scale = 1.0f;
    if (!tc_node_is_null(d.parent) && !TC_REQUIRE(tc_world_get_node(w, d.parent) != NULL)) return tc_node_null();
    if (!pose_ok(d.local) || !scale_ok(d.scale)) return tc_node_null();
    int32_t index;
    if (w->node_free >= 0) {
        index = w->node_free;
        w->node_free = w->nodes[index].next_free;
    } else {
        if (w->node_count >= (size_t)INT32_MAX) return tc_node_null();
        if (!tc_mem_reserve(&w->allocator, (void **)&w->nodes, &w->node_capacity, w->node_count + 1, sizeof *w->nodes))
            return tc_node_null();
        index = (int32_t)w->node_count++;
        w->nodes[index].generation = 0;
    }
    tc_world_node *n = &w->nodes[index];
    uint32_t gen = n->generation + 1u;
    memset(n, 0, sizeof *n);
    n->generation = gen;
    n->local = d.local;
    n->scale = d.scale;
    n->parent = d.parent;
    n->world_pose = tc_transform_identity();
    n->world_scale = 1.0f;
    n->next_free = -1;
    n->dirty = 1;
    tc_node_id id;
    id.index = (uint32_t)index;
    id.generation = gen;
    return id;
}

void tc_world_destroy_node(tc_world *w, tc_node_id id)
{
    tc_world_node *n = tc_world_get_node(w, id);
    if (!TC_REQUIRE(n != NULL)) return;
    ++n->generation; /* even: free; children notice their parent went stale */
    n->next_free = w->node_free;
    w->node_free = (int32_t)id.index;
}

bool tc_world_node_is_valid(const tc_world *w, tc_node_id id) { return tc_world_get_node(w, id) != NULL; }

bool tc_world_set_node_parent(tc_world *w, tc_node_id id, tc_node_id parent)
{
    tc_world_node *n = tc_world_get_node(w, id);
    if (!TC_REQUIRE(n != NULL)) return false;
    if (tc_node_is_null(parent)) {
        n->parent = parent;
        n->dirty = 1;
        return true;
    }
    if (!TC_REQUIRE(tc_world_get_node(w, parent) != NULL)) return false;
    /* Walk up from the new parent: meeting the node means a cycle. Existing
     * chains are acyclic, so the walk ends. */
    for (tc_node_id p = parent; !tc_node_is_null(p);) {
        if (p.index == id.index) return false;
        const tc_world_node *pn = tc_world_get_node(w, p);
        if (!pn) break;
        p = pn->parent;
    }
    n->parent = parent;
    n->dirty = 1;
    return true;
}

bool tc_world_set_node_pose(tc_world *w, tc_node_id id, tc_transform local, float scale)
{
    tc_world_node *n = tc_world_get_node(w, id);
    if (!TC_REQUIRE(n != NULL)) return false;
    if (!pose_ok(local) || !scale_ok(scale)) return false;
    n->local = local;
    n->scale = scale;
    n->dirty = 1;
    return true;
}

size_t tc_world_set_node_poses(tc_world *w, const tc_node_id *nodes, const tc_transform *poses, const float *scales,
                               size_t count)
{
    if (!TC_REQUIRE(w != NULL && (count == 0 || (nodes != NULL && poses != NULL)))) return 0;
    size_t done = 0;
    for (size_t i = 0; i < count; ++i) {
        if (tc_world_set_node_pose(w, nodes[i], poses[i], scales ? scales[i] : 1.0f)) ++done;
    }
    return done;
}

size_t tc_world_set_node_matrices(tc_world *w, const tc_node_id *nodes, const tc_mat4 *matrices, size_t count)
{
    if (!TC_REQUIRE(w != NULL && (count == 0 || (nodes != NULL && matrices != NULL)))) return 0;
    size_t done = 0;
    for (size_t i = 0; i < count; ++i) {
        const float *m = matrices[i].m;
        tc_vec3 cx = tc_vec3_make(m[0], m[1], m[2]), cy = tc_vec3_make(m[4], m[5], m[6]),
                cz = tc_vec3_make(m[8], m[9], m[10]);
        float lx = tc_vec3_length(cx), ly = tc_vec3_length(cy), lz = tc_vec3_length(cz);
        float s = (lx + ly + lz) / 3.0f;
        if (!scale_ok(s) || !(lx > 0.0f) || !(ly > 0.0f) || !(lz > 0.0f)) {
            (void)TC_REQUIRE(tc_world_get_node(w, nodes[i]) != NULL);
            continue;
        }
        /* Gram-Schmidt, so a slightly sheared bone still gives a rotation. */
        tc_vec3 x = tc_vec3_normalize(cx);
        tc_vec3 y = tc_vec3_normalize(tc_vec3_mul_add(cy, x, -tc_vec3_dot(cy, x)));
        tc_vec3 z = tc_vec3_cross(x, y);
        if (tc_vec3_dot(z, cz) < 0.0f) continue; /* a mirror is not a rotation */
        tc_transform t = tc_transform_make(tc_vec3_make(m[12], m[13], m[14]), tc_quat_from_mat3(tc_mat3_make(x, y, z)));
        if (tc_world_set_node_pose(w, nodes[i], t, s)) ++done;
    }
    return done;
}

bool tc_world_node_world_pose(const tc_world *w, tc_node_id id, tc_transform *pose, float *scale)
{
    const tc_world_node *n = tc_world_get_node(w, id);
    if (!TC_REQUIRE(n != NULL)) return false;
    if (pose) *pose = n->world_pose;
    if (scale) *scale = n->world_scale;
    return true;
}

/* ---- colliders ----------------------------------------------------------- */

static bool local_shape_ok(const tc_shape *s)
{
    return s && tc_shape_is_valid(s);
}

tc_collider_id tc_world_create_collider(tc_world *w, const tc_collider_def *def)
{
    if (!TC_REQUIRE(w != NULL && def != NULL)) return tc_collider_null();
    if (!tc_node_is_null(def->parent) && !TC_REQUIRE(tc_world_get_node(w, def->parent) != NULL))
        return tc_collider_null();
    if (!local_shape_ok(&def->shape) || !pose_ok(def->local)) return tc_collider_null();
    int32_t index;
    if (w->collider_free >= 0) {
        index = w->collider_free;
        w->collider_free = w->colliders[index].next_free;
    } else {
        if (w->collider_count >= (size_t)INT32_MAX) return tc_collider_null();
        if (!grow_colliders(w, w->collider_count + 1)) return tc_collider_null();
        index = (int32_t)w->collider_count++;
        w->colliders[index].generation = 0;
    }
    tc_world_collider *c = &w->colliders[index];
    uint32_t gen = c->generation + 1u;
    memset(c, 0, sizeof *c);
    c->generation = gen;
    c->local_shape = def->shape;
    c->local = def->local;
    c->parent = def->parent;
    c->user_data = def->user_data;
    c->category = def->category ? def->category : ~(uint64_t)0;
    c->mask = def->mask ? def->mask : ~(uint64_t)0;
    c->enabled = def->disabled ? 0 : 1;
    c->proxy = TC_TREE_NULL;
    c->next_free = -1;
    c->dirty = 1;
    c->filter_dirty = 1;
    tc_world_hot *h = &w->hot[index];
    memset(h, 0, sizeof *h);
    h->generation = gen;
    h->type = (uint16_t)def->shape.type;
    ++w->live_colliders;
    return tc_world_collider_id_of(w, index);
}

void tc_world_destroy_collider(tc_world *w, tc_collider_id id)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return;
    if (c->proxy != TC_TREE_NULL) {
        tc_tree_destroy_proxy(w->tree, c->proxy);
        w->ray_index_removed = true;
    }
    c->proxy = TC_TREE_NULL;
    c->has_shape = 0;
    ++c->generation; /* even: stale ids are rejected from now on */
    w->hot[id.index].generation = c->generation;
    w->hot[id.index].flags = 0;
    --w->live_colliders;
    /* The slot is reused only after the next update has ended its pairs. If
     * the list cannot grow the slot is simply never reused. */
    if (TC_ARRAY_RESERVE(w, w->pending, w->pending.count + 1)) {
        w->pending.data[w->pending.count++] = (int32_t)id.index;
        c->pending_free = 1;
    }
}

bool tc_world_collider_is_valid(const tc_world *w, tc_collider_id id) { return tc_world_get_collider(w, id) != NULL; }

size_t tc_world_collider_count(const tc_world *w) { return w ? w->live_colliders : 0; }

bool tc_world_set_collider_parent(tc_world *w, tc_collider_id id, tc_node_id parent)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return false;
    if (!tc_node_is_null(parent) && !TC_REQUIRE(tc_world_get_node(w, parent) != NULL)) return false;
    c->parent = parent;
    c->dirty = 1;
    return true;
}

static inline bool set_collider_pose(tc_world *w, tc_collider_id id, const tc_transform *local)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return false;
    if (!pose_ok(*local)) return false;
    c->local = *local;
    c->dirty = 1;
    return true;
}

bool tc_world_set_collider_pose(tc_world *w, tc_collider_id id, tc_transform local)
{
    return set_collider_pose(w, id, &local);
}

size_t tc_world_set_collider_poses(tc_world *w, const tc_collider_id *ids, const tc_transform *poses, size_t count)
{
    if (!TC_REQUIRE(w != NULL && (count == 0 || (ids != NULL && poses != NULL)))) return 0;
    size_t done = 0;
    for (size_t i = 0; i < count; ++i) done += set_collider_pose(w, ids[i], &poses[i]) ? 1u : 0u;
    return done;
}

bool tc_world_set_collider_shape(tc_world *w, tc_collider_id id, const tc_shape *shape)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL && shape != NULL)) return false;
    if (!local_shape_ok(shape)) return false;
    c->local_shape = *shape;
    c->dirty = 1;
    return true;
}

bool tc_world_set_collider_enabled(tc_world *w, tc_collider_id id, bool enabled)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return false;
    c->enabled = enabled ? 1 : 0;
    c->dirty = 1;
    if (!enabled && c->proxy != TC_TREE_NULL) {
        /* out of the queries at once; its pairs end at the next update */
        tc_tree_destroy_proxy(w->tree, c->proxy);
        c->proxy = TC_TREE_NULL;
        w->ray_index_removed = true;
        w->hot[id.index].flags = (uint16_t)(w->hot[id.index].flags & ~TC_WORLD_IN_TREE);
    }
    if (!enabled) {
        /* a plane leaves the queries at once too */
        w->hot[id.index].flags = (uint16_t)(w->hot[id.index].flags & ~TC_WORLD_PLANE);
    }
    return true;
}

bool tc_world_set_collider_filter(tc_world *w, tc_collider_id id, uint64_t category, uint64_t mask)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return false;
    c->category = category;
    c->mask = mask;
    c->filter_dirty = 1;
    return true;
}

bool tc_world_set_collider_user_data(tc_world *w, tc_collider_id id, uint64_t user_data)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return false;
    c->user_data = user_data;
    return true;
}

uint64_t tc_world_collider_user_data(const tc_world *w, tc_collider_id id)
{
    const tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return 0;
    return c->user_data;
}

bool tc_world_collider_shape(const tc_world *w, tc_collider_id id, tc_shape *out)
{
    const tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL && out != NULL)) return false;
    if (!c->has_shape) return false;
    *out = w->shapes[id.index];
    return true;
}
