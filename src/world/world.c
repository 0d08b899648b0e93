/* SPDX-License-Identifier: MIT */
/* The world: creation, nodes and colliders, and their setters. */
#include "world/world_internal.h"

#include <float.h>
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
    const size_t old = w->collider_capacity, used = w->collider_ids.count;
    tc_world_collider *colliders = (tc_world_collider *)tc_mem_alloc(&w->allocator, cap * sizeof *colliders);
    void *hot_block = tc_mem_alloc(&w->allocator, hot_block_size(cap));
    tc_shape *shapes = (tc_shape *)tc_mem_alloc(&w->allocator, cap * sizeof *shapes);
    tc_aabb *old_fat = (tc_aabb *)tc_mem_alloc(&w->allocator, cap * sizeof *old_fat);
    uint64_t *user = (uint64_t *)tc_mem_alloc(&w->allocator, cap * sizeof *user);
    if (!colliders || !hot_block || !shapes || !old_fat || !user) {
        tc_mem_free(&w->allocator, colliders, cap * sizeof *colliders);
        tc_mem_free(&w->allocator, hot_block, hot_block_size(cap));
        tc_mem_free(&w->allocator, shapes, cap * sizeof *shapes);
        tc_mem_free(&w->allocator, old_fat, cap * sizeof *old_fat);
        tc_mem_free(&w->allocator, user, cap * sizeof *user);
        return false;
    }
    tc_world_hot *hot = hot_in(hot_block);
    if (used) {
        memcpy(colliders, w->colliders, used * sizeof *colliders);
        memcpy(hot, w->hot, used * sizeof *hot);
        memcpy(shapes, w->shapes, used * sizeof *shapes);
        memcpy(old_fat, w->old_fat, used * sizeof *old_fat);
        memcpy(user, w->user, used * sizeof *user);
    }
    tc_mem_free(&w->allocator, w->colliders, old * sizeof *w->colliders);
    if (w->hot_block) tc_mem_free(&w->allocator, w->hot_block, hot_block_size(old));
    tc_mem_free(&w->allocator, w->shapes, old * sizeof *w->shapes);
    tc_mem_free(&w->allocator, w->old_fat, old * sizeof *w->old_fat);
    tc_mem_free(&w->allocator, w->user, old * sizeof *w->user);
    w->colliders = colliders;
    w->hot_block = hot_block;
    w->hot = hot;
    w->shapes = shapes;
    w->old_fat = old_fat;
    w->user = user;
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
    /* base.h's rule for zero: every field is taken literally */
    const tc_world_def d = def ? *def : tc_world_def_default();
    if (!tc_is_finite(d.margin) || !tc_is_finite(d.margin_ratio) || !tc_is_finite(d.prediction) || !(d.margin >= 0.0f) ||
        !(d.margin_ratio >= 0.0f) || !(d.prediction >= 0.0f))
        return NULL;
    tc_world *w = (tc_world *)tc_mem_alloc(&d.allocator, sizeof *w);
    if (!w) return NULL;
    memset(w, 0, sizeof *w);
    w->allocator = d.allocator;
    w->margin = d.margin;
    w->margin_ratio = d.margin_ratio;
    w->prediction = d.prediction;
    w->contacts_on = d.contacts;
    tc_id_pool_init(&w->node_ids);
    tc_id_pool_init(&w->collider_ids);
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
    tc_id_pool_release_memory(&w->node_ids, &a);
    tc_id_pool_release_memory(&w->collider_ids, &a);
    tc_mem_free(&a, w->colliders, w->collider_capacity * sizeof *w->colliders);
    if (w->hot_block) tc_mem_free(&a, w->hot_block, hot_block_size(w->collider_capacity));
    tc_mem_free(&a, w->shapes, w->collider_capacity * sizeof *w->shapes);
    tc_mem_free(&a, w->old_fat, w->collider_capacity * sizeof *w->old_fat);
    tc_mem_free(&a, w->user, w->collider_capacity * sizeof *w->user);
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
    TC_ARRAY_FREE(w, w->marks);
    tc_world_contacts_free(w);
    tc_mem_free(&a, w, sizeof *w);
}

const tc_tree *tc_world_tree(const tc_world *w) { return w ? w->tree : NULL; }

tc_world_node *tc_world_get_node(const tc_world *w, tc_node_id id)
{
    if (!w || !tc_id_pool_alive(&w->node_ids, id.index, id.generation)) return NULL;
    return &w->nodes[id.index];
}

tc_world_collider *tc_world_get_collider(const tc_world *w, tc_collider_id id)
{
    if (!w || !tc_id_pool_alive(&w->collider_ids, id.index, id.generation)) return NULL;
    return &w->colliders[id.index];
}

static bool pose_ok(tc_transform t)
{
    /* every component finite, from the bits: no arithmetic on an infinity
     * or a NaN (that raises FE_INVALID) */
    return tc_vec3_finite(t.position) && tc_is_finite(t.rotation.x) && tc_is_finite(t.rotation.y) &&
           tc_is_finite(t.rotation.z) && tc_is_finite(t.rotation.w);
}

/* finite first: an ordered comparison of a NaN raises FE_INVALID */
static bool scale_ok(float s) { return tc_is_finite(s) && s > 0.0f; }

/* ---- the origin ---------------------------------------------------------- */

static bool position_finite(tc_world_position p) { return isfinite(p.x) && isfinite(p.y) && isfinite(p.z); }

/* A double rounded once to float, without the overflow a conversion of a
 * value beyond the float range raises (an infinity of its sign; NaN stays). */
static float to_float(double v)
{
    if (v > (double)FLT_MAX) return INFINITY;
    if (v < -(double)FLT_MAX) return -INFINITY;
    return (float)v;
}

/* p + d, computed in double and rounded once. */
static tc_vec3 shifted(tc_vec3 p, double dx, double dy, double dz)
{
    return tc_vec3_make(to_float((double)p.x + dx), to_float((double)p.y + dy), to_float((double)p.z + dz));
}

/* Would p + d stay a usable world position? */
static bool shift_ok(tc_vec3 p, double dx, double dy, double dz)
{
    return fabs((double)p.x + dx) <= 1e30 && fabs((double)p.y + dy) <= 1e30 && fabs((double)p.z + dz) <= 1e30;
}

/* Calls fn on the local position of every live node and collider that hangs
 * from the world (a stale parent is the world): what moves with the origin. */
static bool each_root_position(tc_world *w, bool (*fn)(tc_vec3 *p, const double d[3]), const double d[3])
{
    for (size_t i = 0; i < w->node_ids.count; ++i) {
        tc_world_node *n = &w->nodes[i];
        if (!tc_world_node_alive(w, i) || tc_world_get_node(w, n->parent)) continue;
        if (!fn(&n->local.position, d)) return false;
        n->dirty = 1;
    }
    for (size_t i = 0; i < w->collider_ids.count; ++i) {
        tc_world_collider *c = &w->colliders[i];
        if (!tc_world_collider_alive(w, i) || tc_world_get_node(w, c->parent)) continue;
        if (!fn(&c->local.position, d)) return false;
        c->dirty = 1;
    }
    return true;
}

static bool check_shift(tc_vec3 *p, const double d[3]) { return shift_ok(*p, d[0], d[1], d[2]); }
static bool apply_shift(tc_vec3 *p, const double d[3])
{
    *p = shifted(*p, d[0], d[1], d[2]);
    return true;
}

bool tc_world_set_origin(tc_world *w, tc_world_position origin)
{
    if (!TC_REQUIRE(w != NULL)) return false;
    if (!position_finite(origin)) return false;
    const double d[3] = { w->origin.x - origin.x, w->origin.y - origin.y, w->origin.z - origin.z };
    if (d[0] == 0.0 && d[1] == 0.0 && d[2] == 0.0) return true;
    /* Only what hangs from the world moves: everything else is placed
     * relative to it. Nothing moves if something would leave the usable
     * range (then the origin stays too). The dirty marks of the check are
     * harmless: the move follows. */
    if (!each_root_position(w, check_shift, d)) return false;
    (void)each_root_position(w, apply_shift, d);
    w->origin = origin;
    return true;
}

tc_world_position tc_world_origin(const tc_world *w)
{
    if (!TC_REQUIRE(w != NULL)) {
        tc_world_position zero = { 0.0, 0.0, 0.0 };
        return zero;
    }
    return w->origin;
}

tc_vec3 tc_world_to_local(const tc_world *w, tc_world_position p)
{
    if (!TC_REQUIRE(w != NULL)) return tc_vec3_zero();
    return tc_vec3_make(to_float(p.x - w->origin.x), to_float(p.y - w->origin.y), to_float(p.z - w->origin.z));
}

tc_world_position tc_world_to_absolute(const tc_world *w, tc_vec3 p)
{
    tc_world_position r = { p.x, p.y, p.z };
    if (!TC_REQUIRE(w != NULL)) return r;
    r.x += w->origin.x;
    r.y += w->origin.y;
    r.z += w->origin.z;
    return r;
}

/* ---- nodes --------------------------------------------------------------- */

tc_node_def tc_node_def_default(void)
{
    tc_node_def d;
    memset(&d, 0, sizeof d);
    d.local = tc_transform_identity();
    d.scale = 1.0f;
    return d;
}

tc_node_id tc_world_create_node(tc_world *w, const tc_node_def *def)
{
    if (!TC_REQUIRE(w != NULL)) return tc_node_null();
    const tc_node_def d = def ? *def : tc_node_def_default(); /* a zero scale is refused below */
    if (!tc_node_is_null(d.parent) && !TC_REQUIRE(tc_world_get_node(w, d.parent) != NULL)) return tc_node_null();
    if (!pose_ok(d.local) || !scale_ok(d.scale)) return tc_node_null();
    if (tc_id_pool_needs_new_slot(&w->node_ids) &&
        !tc_mem_reserve(&w->allocator, (void **)&w->nodes, &w->node_capacity, w->node_ids.count + 1, sizeof *w->nodes))
        return tc_node_null();
    uint32_t gen;
    const int32_t index = tc_id_pool_acquire(&w->node_ids, &w->allocator, &gen);
    if (index < 0) return tc_node_null();
    if (!tc_node_is_null(d.parent)) ++w->nodes[d.parent.index].children; /* the array may have moved */
    tc_world_node *n = &w->nodes[index];
    memset(n, 0, sizeof *n);
    n->local = d.local;
    n->scale = d.scale;
    n->parent = d.parent;
    n->world_pose = tc_transform_identity();
    n->world_scale = 1.0f;
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
    tc_world_node *parent = tc_world_get_node(w, n->parent);
    if (parent) --parent->children;
    /* Its children notice their parent went stale and have the world for
     * theirs from now on; no id of it ever matches again, also after its
     * slot is reused (world_ids.h), so nothing walks through it. */
    (void)tc_id_pool_kill(&w->node_ids, (int32_t)id.index);
    tc_id_pool_recycle(&w->node_ids, (int32_t)id.index);
}

bool tc_world_node_is_valid(const tc_world *w, tc_node_id id) { return tc_world_get_node(w, id) != NULL; }

bool tc_world_set_node_parent(tc_world *w, tc_node_id id, tc_node_id parent)
{
    tc_world_node *n = tc_world_get_node(w, id);
    if (!TC_REQUIRE(n != NULL)) return false;
    tc_world_node *np = NULL;
    if (!tc_node_is_null(parent)) {
        if (!TC_REQUIRE((np = tc_world_get_node(w, parent)) != NULL)) return false;
        if (np == n) return false;
        /* A cycle needs the node to be an ancestor of the new parent, so a
         * node without child nodes (every node of a chain linked top down)
         * closes none: O(1). Otherwise walk up from the new parent, whose
         * chain is acyclic: meeting the node (the same id, generation and
         * all, never a stale parent that shares its slot) is a cycle. */
        if (n->children > 0) {
            for (const tc_world_node *p = np; p;) {
                ++w->parent_walk_steps;
                if (tc_node_id_equal(p->parent, id)) return false;
                p = tc_world_get_node(w, p->parent);
            }
        }
    }
    tc_world_node *old = tc_world_get_node(w, n->parent);
    if (old) --old->children;
    if (np) ++np->children;
    n->parent = np ? parent : tc_node_null();
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
        /* Anything not finite is a bad entry, told from the bits before
         * any arithmetic on it: the volume below would raise FE_INVALID on
         * an infinity times a zero, or on merely converting a signalling
         * NaN to double (issue 12: the world fuzzer's bone matrix trapped
         * in the clang build). So is a column longer than 2^126 (its
         * length may be infinite, and three such would overflow the sum). */
        const float lx = tc_vec3_length(cx), ly = tc_vec3_length(cy), lz = tc_vec3_length(cz);
        if (!tc_vec3_finite(cx) || !tc_vec3_finite(cy) || !tc_vec3_finite(cz) || !(lx <= 0x1p126f) ||
            !(ly <= 0x1p126f) || !(lz <= 0x1p126f)) {
            (void)TC_REQUIRE(tc_world_get_node(w, nodes[i]) != NULL);
            continue;
        }
        const float s = (lx + ly + lz) / 3.0f;
        /* Full rank: the columns span a volume that is not small next to
         * the product of their lengths (1 for a rotation; a slightly sheared
         * bone keeps most of it). A column of zero length, two nearly
         * parallel ones (rank 1 or 2: no rotation they are the scaled axes
         * of) or a mirror (negative volume) is a bad entry. In double,
         * where the products of float lengths cannot overflow. */
        const double volume = (double)cx.x * ((double)cy.y * cz.z - (double)cy.z * cz.y) -
                              (double)cx.y * ((double)cy.x * cz.z - (double)cy.z * cz.x) +
                              (double)cx.z * ((double)cy.x * cz.y - (double)cy.y * cz.x);
        const double lengths = (double)lx * ly * lz;
        if (!scale_ok(s) || !(lx > 0.0f) || !(ly > 0.0f) || !(lz > 0.0f) || !(volume >= 0.5 * lengths)) {
            (void)TC_REQUIRE(tc_world_get_node(w, nodes[i]) != NULL);
            continue;
        }
        /* Gram-Schmidt, so a slightly sheared bone still gives a rotation. */
        tc_vec3 x = tc_vec3_normalize(cx);
        tc_vec3 y = tc_vec3_normalize(tc_vec3_mul_add(cy, x, -tc_vec3_dot(cy, x)));
        tc_vec3 z = tc_vec3_cross(x, y);
        tc_transform t = tc_transform_make(tc_vec3_make(m[12], m[13], m[14]), tc_quat_from_mat3(tc_mat3_make(x, y, z)));
        if (tc_world_set_node_pose(w, nodes[i], t, s)) ++done;
    }
    return done;
}

bool tc_world_node_world_pose(const tc_world *w, tc_node_id id, tc_transform *pose, float *scale)
{
    const tc_world_node *n = tc_world_get_node(w, id);
    if (!TC_REQUIRE(n != NULL)) return false;
    if (n->invalid) return false; /* not finite: world.h */
    if (pose) *pose = n->world_pose;
    if (scale) *scale = n->world_scale;
    return true;
}

/* ---- colliders ----------------------------------------------------------- */

static bool local_shape_ok(const tc_shape *s)
{
    return s && tc_shape_is_valid(s);
}

tc_collider_def tc_collider_def_default(void)
{
    tc_collider_def d;
    memset(&d, 0, sizeof d);
    tc_sphere unit;
    unit.center = tc_vec3_zero();
    unit.radius = 1.0f;
    d.shape = tc_shape_from_sphere(unit);
    d.local = tc_transform_identity();
    d.category = ~(uint64_t)0;
    d.mask = ~(uint64_t)0;
    d.enabled = true;
    return d;
}

tc_collider_id tc_world_create_collider(tc_world *w, const tc_collider_def *given)
{
    if (!TC_REQUIRE(w != NULL)) return tc_collider_null();
    const tc_collider_def defaults = tc_collider_def_default();
    const tc_collider_def *def = given ? given : &defaults;
    if (!tc_node_is_null(def->parent) && !TC_REQUIRE(tc_world_get_node(w, def->parent) != NULL))
        return tc_collider_null();
    if (!local_shape_ok(&def->shape) || !pose_ok(def->local)) return tc_collider_null();
    if (tc_id_pool_needs_new_slot(&w->collider_ids) && !grow_colliders(w, w->collider_ids.count + 1))
        return tc_collider_null();
    uint32_t gen;
    const int32_t index = tc_id_pool_acquire(&w->collider_ids, &w->allocator, &gen);
    if (index < 0) return tc_collider_null();
    tc_world_collider *c = &w->colliders[index];
    memset(c, 0, sizeof *c);
    c->local_shape = def->shape;
    c->local = def->local;
    c->parent = def->parent;
    w->user[index] = def->user_data;
    c->category = def->category; /* literally: a zero mask meets nothing */
    c->mask = def->mask;
    c->enabled = def->enabled ? 1 : 0;
    c->proxy = TC_TREE_NULL;
    c->dirty = 1;
    c->filter_dirty = 1;
    tc_world_hot *h = &w->hot[index];
    memset(h, 0, sizeof *h);
    h->generation = gen;
    h->type = (uint16_t)def->shape.type;
    h->group = def->group;
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
    /* stale ids are rejected from now on; the slot waits for the update */
    w->hot[id.index].generation = tc_id_pool_kill(&w->collider_ids, (int32_t)id.index);
    w->hot[id.index].flags = 0;
    /* The slot is reused only after the next update has ended its pairs. If
     * the list cannot grow the slot is simply never reused. */
    if (TC_ARRAY_RESERVE(w, w->pending, w->pending.count + 1)) {
        w->pending.data[w->pending.count++] = (int32_t)id.index;
        c->pending_free = 1;
    }
}

bool tc_world_collider_is_valid(const tc_world *w, tc_collider_id id) { return tc_world_get_collider(w, id) != NULL; }

size_t tc_world_collider_count(const tc_world *w) { return w ? w->collider_ids.live : 0; }

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

bool tc_world_set_collider_group(tc_world *w, tc_collider_id id, uint32_t group)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return false;
    w->hot[id.index].group = group;
    c->filter_dirty = 1; /* the pairs look again at the next update */
    return true;
}

bool tc_world_set_collider_user_data(tc_world *w, tc_collider_id id, uint64_t user_data)
{
    tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return false;
    w->user[id.index] = user_data;
    return true;
}

uint64_t tc_world_collider_user_data(const tc_world *w, tc_collider_id id)
{
    const tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL)) return 0;
    return w->user[id.index];
}

bool tc_world_collider_shape(const tc_world *w, tc_collider_id id, tc_shape *out)
{
    const tc_world_collider *c = tc_world_get_collider(w, id);
    if (!TC_REQUIRE(c != NULL && out != NULL)) return false;
    if (!c->has_shape) return false;
    *out = w->shapes[id.index];
    return true;
}
