/* SPDX-License-Identifier: MIT */
/* The world's update: world poses down the node hierarchy, tree boxes, the
 * touching pairs and their begin/stay/end events.
 *
 * Work is proportional to what changed: a node is recomputed only when it or
 * an ancestor was set, a collider only when it was set or its node moved; the
 * tree is touched only by colliders that left their fat boxes, and only
 * those search for new pairs. The candidate pairs are kept sorted by
 * (a.index, b.index); each update merges the few new ones in and walks them
 * all once, so the events come out in that order without sorting them. */
#include "world/world_internal.h"

#include "tree/tree_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "core/float.h"
#include "core/inline.h"
#include "core/prefetch.h"
#include "core/sort.h"
#include "shapes/validity.h"

/* parent (pose, scale) composed with a child's local (pose, scale). */
static void compose(tc_transform parent, float parent_scale, tc_transform local, float local_scale,
                    tc_transform *out, float *out_scale)
{
    tc_vec3 offset = tc_quat_rotate(parent.rotation, tc_vec3_scale(local.position, parent_scale));
    out->position = tc_vec3_add(parent.position, offset);
    /* a zero quaternion is the identity (world.h): the product with it
     * would be zero, which normalises to the identity and loses the
     * parent's turn */
    const tc_quat q = local.rotation;
    const bool turns = q.x != 0.0f || q.y != 0.0f || q.z != 0.0f || q.w != 0.0f;
    out->rotation = turns ? tc_quat_normalize(tc_quat_mul(parent.rotation, q)) : parent.rotation;
    *out_scale = parent_scale * local_scale;
}

/* The frame of a pose. */
TC_FORCE_INLINE tc_frame frame_of(const tc_transform *pose)
{
    tc_frame f;
    if (pose->rotation.x == 0.0f && pose->rotation.y == 0.0f && pose->rotation.z == 0.0f) {
        /* what tc_frame_from_transform gives for any such quaternion, zero
         * included, without normalising it first */
        f.position = pose->position;
        f.rotation = tc_mat3_identity();
    } else {
        f = tc_frame_from_transform(*pose);
    }
    return f;
}

/* A box collider placed by frame f with uniform scale s: it stays
 * axis-aligned, only its centre follows the rotation. */
TC_FORCE_INLINE tc_aabb place_aabb(const tc_aabb *local, const tc_frame *f, float s)
{
    const tc_vec3 c = tc_vec3_scale(tc_vec3_add(local->min, local->max), 0.5f);
    const tc_vec3 h = tc_vec3_scale(tc_vec3_sub(local->max, local->min), 0.5f * s);
    const tc_vec3 wc = tc_frame_point(*f, tc_vec3_scale(c, s));
    tc_aabb r;
    r.min = tc_vec3_sub(wc, h);
    r.max = tc_vec3_add(wc, h);
    return r;
}

/* A collider's world shape: local shape placed by pose with uniform scale.
 * Checks nothing (tc_shape_bounds on the result does). */
TC_FORCE_INLINE void place_shape(const tc_shape *local, const tc_transform *pose, float s, tc_shape *out)
{
    const tc_frame f = frame_of(pose);
    tc_shape r;
    memset(&r, 0, sizeof r);
    r.type = local->type;
#define PLACE(p) tc_frame_point(f, tc_vec3_scale((p), s))
    switch (local->type) {
    case TC_SHAPE_SPHERE:
        r.u.sphere.center = PLACE(local->u.sphere.center);
        r.u.sphere.radius = local->u.sphere.radius * s;
        break;
    case TC_SHAPE_CAPSULE:
        r.u.capsule.a = PLACE(local->u.capsule.a);
        r.u.capsule.b = PLACE(local->u.capsule.b);
        r.u.capsule.radius = local->u.capsule.radius * s;
        break;
    case TC_SHAPE_AABB:
        r.u.aabb = place_aabb(&local->u.aabb, &f, s);
        break;
    case TC_SHAPE_OBB:
        r.u.obb.center = PLACE(local->u.obb.center);
        r.u.obb.half = tc_vec3_scale(local->u.obb.half, s);
        r.u.obb.rotation = tc_mat3_mul(f.rotation, local->u.obb.rotation);
        break;
    case TC_SHAPE_TRIANGLE:
        r.u.triangle.a = PLACE(local->u.triangle.a);
        r.u.triangle.b = PLACE(local->u.triangle.b);
        r.u.triangle.c = PLACE(local->u.triangle.c);
        break;
    case TC_SHAPE_PLANE: {
        /* the normal turns with the frame; the offset follows the plane's
         * point nearest the local origin */
        const tc_vec3 n = tc_mat3_mul_vec3(f.rotation, local->u.plane.normal);
        r.u.plane.normal = n;
        r.u.plane.offset = tc_vec3_dot(n, PLACE(tc_vec3_scale(local->u.plane.normal, local->u.plane.offset)));
        break;
    }
    default:
        r.type = TC_SHAPE_PLANE; /* no shape: a plane with a zero normal, which is invalid */
        break;
    }
#undef PLACE
    *out = r;
}

/* Makes node `index`'s world pose current for this update, its ancestors
 * first, without recursion (chains may be arbitrarily deep). A node is
 * recomputed only when it was set, its parent was recomputed in this update,
 * or its parent died (then it falls back to the world). The caller reserved
 * the chain for every node. */
static void node_world(tc_world *w, int32_t index)
{
    if (w->nodes[index].stamp == w->stamp) return;
    w->chain.count = 0;
    int32_t i = index;
    for (;;) {
        w->chain.data[w->chain.count++] = i;
        tc_world_node *n = &w->nodes[i];
        const tc_world_node *p = tc_world_get_node(w, n->parent);
        if (!p || p->stamp == w->stamp) break;
        i = (int32_t)n->parent.index;
    }
    while (w->chain.count > 0) {
        tc_world_node *n = &w->nodes[w->chain.data[--w->chain.count]];
        const tc_world_node *p = tc_world_get_node(w, n->parent);
        if (p) {
            if (n->dirty || p->moved_stamp == w->stamp) {
                compose(p->world_pose, p->world_scale, n->local, n->scale, &n->world_pose, &n->world_scale);
                n->moved_stamp = w->stamp;
            }
        } else if (n->dirty || !tc_node_is_null(n->parent)) {
            n->parent = tc_node_null(); /* a destroyed parent leaves the node at the world */
            n->world_pose = n->local;
            n->world_pose.rotation = tc_quat_normalize(n->local.rotation);
            n->world_scale = n->scale;
            n->moved_stamp = w->stamp;
        }
        n->dirty = 0;
        n->stamp = w->stamp;
    }
}

static void drop_proxy(tc_world *w, int32_t i)
{
    tc_world_collider *c = &w->colliders[i];
    if (c->proxy != TC_TREE_NULL) tc_tree_destroy_proxy(w->tree, c->proxy);
    c->proxy = TC_TREE_NULL;
}

/* A box that overlaps nothing (it is inside out). */
static tc_aabb tc_world_no_box(void)
{
    tc_aabb b;
    b.min = tc_vec3_make(INFINITY, INFINITY, INFINITY);
    b.max = tc_vec3_make(-INFINITY, -INFINITY, -INFINITY);
    return b;
}

/* Recomputes collider i's world shape, box and proxy. Returns its new flags
 * (IN_TREE, CHANGED; MOVED when its fat box changed). */
static uint32_t update_collider(tc_world *w, int32_t i, uint32_t flags)
{
    tc_world_collider *c = &w->colliders[i];
    tc_transform pose;
    float scale = 1.0f;
    const tc_world_node *p = tc_node_is_null(c->parent) ? NULL : tc_world_get_node(w, c->parent);
    if (p) {
        compose(p->world_pose, p->world_scale, c->local, 1.0f, &pose, &scale);
    } else {
        c->parent = tc_node_null();
        pose = c->local;
    }
    flags &= ~(uint32_t)(TC_WORLD_IN_TREE | TC_WORLD_PLANE);
    c->dirty = 0;
    w->ray_index_stale = true; /* its shape, box or membership may change */
    tc_aabb box;
    tc_shape *placed = &w->shapes[i];
    if (c->local_shape.type == TC_SHAPE_AABB) {
        /* The usual collider, placed in registers: a box is its own bounds,
         * and it changed if they did. (Built in memory and read back whole,
         * the shape would stall every load that spans its pieces.) */
        const tc_frame f = frame_of(&pose);
        box = place_aabb(&c->local_shape.u.aabb, &f, scale);
        if (!tc_aabb_valid(&box)) {
            c->has_shape = 0;
            drop_proxy(w, i);
            return flags | TC_WORLD_CHANGED;
        }
        if (!c->has_shape || placed->type != TC_SHAPE_AABB) {
            flags |= TC_WORLD_CHANGED;
            memset(placed, 0, sizeof *placed);
            placed->type = TC_SHAPE_AABB;
        } else if (!(box.min.x == placed->u.aabb.min.x && box.min.y == placed->u.aabb.min.y &&
                     box.min.z == placed->u.aabb.min.z && box.max.x == placed->u.aabb.max.x &&
                     box.max.y == placed->u.aabb.max.y && box.max.z == placed->u.aabb.max.z)) {
            flags |= TC_WORLD_CHANGED;
        }
        placed->u.aabb = box;
    } else if (c->local_shape.type == TC_SHAPE_PLANE) {
        /* A half-space has no box, so no proxy: it pairs through
         * search_planes. */
        tc_shape shape;
        place_shape(&c->local_shape, &pose, scale, &shape);
        drop_proxy(w, i);
        if (!tc_shape_is_valid(&shape)) {
            c->has_shape = 0;
            return flags | TC_WORLD_CHANGED;
        }
        if (!c->has_shape || memcmp(&shape, placed, sizeof shape) != 0) flags |= TC_WORLD_CHANGED;
        *placed = shape;
        w->hot[i].type = TC_SHAPE_PLANE;
        c->has_shape = 1;
        return c->enabled ? flags | TC_WORLD_PLANE : flags;
    } else {
        tc_shape shape;
        place_shape(&c->local_shape, &pose, scale, &shape);
        /* the bounds check the placed shape (finite, non-negative sizes) */
        if (!tc_shape_bounds(&shape, &box)) {
            c->has_shape = 0;
            drop_proxy(w, i);
            return flags | TC_WORLD_CHANGED;
        }
        if (!c->has_shape || memcmp(&shape, placed, sizeof shape) != 0) flags |= TC_WORLD_CHANGED;
        *placed = shape;
    }
    w->hot[i].type = (uint16_t)placed->type;
    c->has_shape = 1;
    if (!c->enabled) {
        drop_proxy(w, i);
        return flags;
    }
    /* Tree boxes are padded by the exact tests' tolerance band, so a pair
     * they may call touching always has overlapping fat boxes. Boxes this
     * near the float range's end have no room for the padding. */
    const tc_vec3 ext = tc_vec3_sub(box.max, box.min);
    if (!(tc_vec3_max_abs(box.min) < 1e30f && tc_vec3_max_abs(box.max) < 1e30f && ext.x + ext.y + ext.z < 1e30f)) {
        drop_proxy(w, i);
        return flags;
    }
    w->hot[i].bounds = box;
    if (c->proxy == TC_TREE_NULL) return flags | TC_WORLD_CREATE;
    if (!tc_tree_box_contains(w->hot[i].fat, tc_world_padded(&box))) flags |= TC_WORLD_LEAVE;
    return flags | TC_WORLD_IN_TREE;
}

/* Gives the colliders in w->created their proxies: in one bulk build when
 * they are many compared with the tree (the first update of a big world),
 * else one by one. They join w->moved. */
static void create_proxies(tc_world *w)
{
    const size_t n = w->created.count;
    if (n == 0) return;
    size_t made = 0;
    const int32_t tree_count = tc_tree_proxy_count(w->tree);
    if (n >= 64 && n >= (size_t)tree_count && n <= (size_t)INT32_MAX / 4 && TC_ARRAY_RESERVE(w, w->new_boxes, n) &&
        TC_ARRAY_RESERVE(w, w->new_ids, n) && TC_ARRAY_RESERVE(w, w->keys, n)) {
        for (size_t k = 0; k < n; ++k) {
            const int32_t i = w->created.data[k];
            w->new_boxes.data[k] = tc_world_padded(&w->hot[i].bounds);
            w->keys.data[k] = (uint64_t)i;
        }
        if (tc_tree_create_proxies(w->tree, w->new_boxes.data, w->keys.data, (int32_t)n, w->new_ids.data)) made = n;
    } else {
        (void)TC_ARRAY_RESERVE(w, w->new_ids, n);
        if (w->new_ids.capacity >= n) {
            for (size_t k = 0; k < n; ++k) {
                const int32_t i = w->created.data[k];
                w->new_ids.data[k] = tc_tree_create_proxy(w->tree, tc_world_padded(&w->hot[i].bounds), (uint64_t)i);
            }
            made = n;
        }
    }
    for (size_t k = 0; k < n; ++k) {
        const int32_t i = w->created.data[k];
        tc_world_hot *st = &w->hot[i];
        st->flags = (uint16_t)(st->flags & ~TC_WORLD_CREATE);
        const int32_t proxy = k < made ? w->new_ids.data[k] : TC_TREE_NULL;
        if (proxy == TC_TREE_NULL) {
            w->colliders[i].dirty = 1; /* out of memory: try again at the next update */
            w->out_of_memory = true;
            continue;
        }
        w->colliders[i].proxy = proxy;
        w->colliders[i].requery = 0;
        w->hot[i].fat = tc_tree_fat_box(w->tree, proxy);
        st->flags = (uint16_t)(st->flags | TC_WORLD_IN_TREE | TC_WORLD_MOVED);
        w->old_fat[i] = tc_world_no_box(); /* no pairs yet: every candidate is new */
        if (w->moved.count == w->moved.capacity && !TC_ARRAY_RESERVE(w, w->moved, w->moved.count + 1)) {
            w->colliders[i].requery = 1; /* in the tree, but its pairs are to be searched for */
            w->out_of_memory = true;
            continue;
        }
        tc_world_move *m = &w->moved.data[w->moved.count++];
        m->box = tc_world_padded(&w->hot[i].bounds);
        m->fat = w->hot[i].fat;
        m->old = w->old_fat[i];
        m->index = i;
        m->proxy = proxy;
        m->leave = 0;
    }
    w->created.count = 0;
}

/* Spreads the low 10 bits of v to every third bit. */
static uint32_t spread_bits(uint32_t v)
{
    v &= 0x3ffu;
    v = (v | (v << 16)) & 0x030000ffu;
    v = (v | (v << 8)) & 0x0300f00fu;
    v = (v | (v << 4)) & 0x030c30c3u;
    v = (v | (v << 2)) & 0x09249249u;
    return v;
}

/* Orders w->moved along a Morton curve through their box centres, so that
 * consecutive tree operations and searches walk mostly the same nodes,
 * which are then still in the cache. Only an optimisation: without memory
 * for the keys the order stays as it is. */
static void order_moved(tc_world *w)
{
    const size_t n = w->moved.count;
    if (n < 64 || !TC_ARRAY_RESERVE(w, w->keys, n) || !TC_ARRAY_RESERVE(w, w->scratch, n) ||
        !TC_ARRAY_RESERVE(w, w->moved_sorted, n))
        return;
    const tc_world_move *m = w->moved.data;
    tc_vec3 lo = tc_vec3_make(INFINITY, INFINITY, INFINITY), hi = tc_vec3_make(-INFINITY, -INFINITY, -INFINITY);
    for (size_t k = 0; k < n; ++k) {
        tc_vec3 c = tc_vec3_add(tc_vec3_scale(m[k].box.min, 0.5f), tc_vec3_scale(m[k].box.max, 0.5f));
        lo = tc_vec3_min(lo, c);
        hi = tc_vec3_max(hi, c);
    }
    const float ext[3] = { hi.x - lo.x, hi.y - lo.y, hi.z - lo.z };
    float scale[3];
    for (int a = 0; a < 3; ++a) scale[a] = ext[a] > 0.0f && ext[a] <= 3.0e38f ? 1023.0f / ext[a] : 0.0f;
    for (size_t k = 0; k < n; ++k) {
        tc_vec3 c = tc_vec3_add(tc_vec3_scale(m[k].box.min, 0.5f), tc_vec3_scale(m[k].box.max, 0.5f));
        const float q[3] = { (c.x - lo.x) * scale[0], (c.y - lo.y) * scale[1], (c.z - lo.z) * scale[2] };
        uint32_t code = 0;
        for (int a = 0; a < 3; ++a) {
            float f = q[a] >= 0.0f ? (q[a] <= 1023.0f ? q[a] : 1023.0f) : 0.0f;
            code |= spread_bits((uint32_t)f) << a;
        }
        w->keys.data[k] = ((uint64_t)code << 32) | (uint32_t)k;
    }
    tc_sort_u64(w->keys.data, n, w->scratch.data);
    for (size_t k = 0; k < n; ++k) w->moved_sorted.data[k] = m[(uint32_t)w->keys.data[k]];
    tc_world_move *t = w->moved.data;
    size_t cap = w->moved.capacity;
    w->moved.data = w->moved_sorted.data;
    w->moved.capacity = w->moved_sorted.capacity;
    w->moved_sorted.data = t;
    w->moved_sorted.capacity = cap;
}

/* How far a collider whose box went from `before` to `now` is expected to
 * move next: its motion (of the box's centre) times the prediction factor,
 * or nothing for a motion longer than the box itself, which is a jump
 * rather than a motion. */
static tc_vec3 expected_motion(const tc_world *w, const tc_aabb *before, const tc_aabb *now)
{
    const tc_vec3 d = tc_vec3_scale(tc_vec3_sub(tc_vec3_add(now->min, now->max), tc_vec3_add(before->min, before->max)),
                                    0.5f);
    const tc_vec3 size = tc_vec3_sub(now->max, now->min);
    const float reach = tc_maxf(size.x, tc_maxf(size.y, size.z));
    if (w->prediction == 0.0f || !(tc_vec3_length_sq(d) <= reach * reach)) return tc_vec3_zero();
    return tc_vec3_scale(d, w->prediction);
}

/* Step 1: the world shapes and tree boxes of the colliders that changed, and
 * the list of those whose fat box moved (they search for new pairs). */
static void update_colliders(tc_world *w)
{
    w->moved.count = 0;
    w->planes.count = 0;
    w->created.count = 0;
    /* Room for every collider to need a proxy; the moved records grow as
     * they come (few move at once, and they are larger). */
    const bool lists = TC_ARRAY_RESERVE(w, w->created, w->collider_count);
    if (!lists) w->out_of_memory = true;
    for (size_t k = 0; k < w->collider_count; ++k) {
        const int32_t i = (int32_t)k;
        /* the few that moved read their old fat box: too sparse a walk for
         * the hardware to see coming */
        if (k + 16 < w->collider_count) TC_PREFETCH(&w->old_fat[k + 16]);
        tc_world_collider *c = &w->colliders[i];
        tc_world_hot *st = &w->hot[i];
        if (!tc_world_collider_alive(c)) {
            st->flags = 0;
            continue;
        }
        uint32_t flags = st->flags & (TC_WORLD_IN_TREE | TC_WORLD_OPEN | TC_WORLD_PLANE);
        const bool was_plane = (flags & TC_WORLD_PLANE) != 0;
        if (c->filter_dirty) {
            flags |= TC_WORLD_FILTER;
            flags &= ~(uint32_t)TC_WORLD_OPEN;
            if (c->category == ~(uint64_t)0 && c->mask == ~(uint64_t)0) flags |= TC_WORLD_OPEN;
            c->filter_dirty = 0;
        }
        bool need = c->dirty != 0;
        if (!need && !tc_node_is_null(c->parent)) {
            const tc_world_node *p = tc_world_get_node(w, c->parent);
            need = !p || p->moved_stamp == w->stamp;
        }
        const tc_aabb before = w->hot[i].bounds;
        const bool was_in_tree = (flags & TC_WORLD_IN_TREE) != 0;
        if (need) flags = update_collider(w, i, flags);
        if (flags & TC_WORLD_CREATE) {
            if (lists) {
                w->created.data[w->created.count++] = i;
            } else {
                flags &= ~(uint32_t)TC_WORLD_CREATE;
                c->dirty = 1; /* no room to record it: at the next update */
            }
        } else if ((flags & TC_WORLD_LEAVE) || (c->requery && (flags & TC_WORLD_IN_TREE))) {
            if (w->moved.count < w->moved.capacity || TC_ARRAY_RESERVE(w, w->moved, w->moved.count + 1)) {
                flags |= TC_WORLD_MOVED;
                if (c->requery) w->old_fat[i] = tc_world_no_box(); /* its pairs may be missing */
                c->requery = 0;
                tc_world_move *m = &w->moved.data[w->moved.count++];
                m->box = tc_world_padded(&w->hot[i].bounds);
                m->fat = w->hot[i].fat;
                m->old = w->old_fat[i];
                m->index = i;
                m->proxy = c->proxy;
                m->leave = (flags & TC_WORLD_LEAVE) != 0;
                m->ahead = was_in_tree && m->leave ? expected_motion(w, &before, &m->box) : tc_vec3_zero();
            } else {
                /* no room to record the move: redo it at the next update */
                if (flags & TC_WORLD_LEAVE) c->dirty = 1;
                w->out_of_memory = true;
            }
        }
        if (flags & TC_WORLD_PLANE) {
            /* a plane that is new, changed or lost pairs searches in full */
            if (!was_plane || (flags & TC_WORLD_CHANGED) || c->requery) flags |= TC_WORLD_MOVED;
            c->requery = 0;
            if (TC_ARRAY_RESERVE(w, w->planes, w->planes.count + 1)) {
                w->planes.data[w->planes.count++] = i;
            } else {
                flags &= ~(uint32_t)TC_WORLD_PLANE; /* no room to list it: it pairs from the next update */
                c->dirty = 1;
                w->out_of_memory = true;
            }
        }
        st->flags = (uint16_t)(flags & ~(uint32_t)TC_WORLD_LEAVE);
    }
    create_proxies(w);
    order_moved(w);
}

#define TC_WORLD_BATCH 32

typedef struct find_ctx {
    tc_world *w;
    int32_t self;
    tc_aabb old;
    bool failed;
    int count;
    int32_t others[TC_WORLD_BATCH];
} find_ctx;

/* Settles the candidates gathered so far. The pairs of the last update are
 * exactly those whose fat boxes overlapped then (old_fat), so a candidate
 * whose old fat box overlaps the searcher's is one already: most candidates
 * are settled by that one box test, and only new pairs are recorded. When
 * both moved, both may record the pair; the merge keeps it once. */
static void settle_candidates(find_ctx *f)
{
    tc_world *w = f->w;
    const int32_t self = f->self;
    for (int k = 0; k < f->count; ++k) {
        const int32_t other = f->others[k];
        if (tc_tree_box_overlaps(&f->old, &w->old_fat[other])) continue;
        if (w->fresh.count == w->fresh.capacity && !TC_ARRAY_RESERVE(w, w->fresh, w->fresh.count + 1)) {
            f->failed = true;
            continue;
        }
        w->fresh.data[w->fresh.count++] = other < self ? tc_world_pair_key((uint32_t)other, (uint32_t)self)
                                                       : tc_world_pair_key((uint32_t)self, (uint32_t)other);
    }
    f->count = 0;
}

/* A candidate from the tree: its old box is asked for at once and tested
 * with a batch of others, so that the loads overlap. */
static bool add_candidate(void *context, int32_t proxy, uint64_t user_data)
{
    find_ctx *f = (find_ctx *)context;
    (void)proxy;
    const int32_t other = (int32_t)user_data;
    TC_PREFETCH(&f->w->old_fat[other]);
    f->others[f->count++] = other;
    if (f->count == TC_WORLD_BATCH) settle_candidates(f);
    return true;
}

/* Step 2: in curve order, each moved collider's proxy moves in the tree
 * and at once searches for its new candidate pairs, while the nodes the move
 * walked are in the cache. Of two colliders that both move, the later one
 * searches a tree where the earlier one has moved already, so it finds their
 * pair if their new boxes meet; the earlier one may report them by the old
 * box of the later one, which the merge drops if the boxes do not meet.
 * A collider whose pairs could not all be recorded searches again at the
 * next update. Afterwards every fat box is its own old one again. */
static void move_and_search(tc_world *w)
{
    w->fresh.count = 0;
    const tc_tree *t = w->tree;
    for (size_t k = 0; k < w->moved.count; ++k) {
        /* Each move starts with a chain of loads (its proxy's record, its
         * leaf and the leaf's parent link, its hot record): start those of
         * the next moves while this one is worked on. */
        if (k + 3 < w->moved.count) {
            TC_PREFETCH(&t->proxies[w->moved.data[k + 3].proxy]);
            TC_PREFETCH(&w->hot[w->moved.data[k + 3].index]);
        }
        if (k + 2 < w->moved.count) {
            const int32_t leaf = t->proxies[w->moved.data[k + 2].proxy].node;
            TC_PREFETCH(&t->nodes[leaf]);
            TC_PREFETCH(&t->parent[leaf >> 1]);
        }
        if (k + 1 < w->moved.count) {
            const int32_t leaf = t->proxies[w->moved.data[k + 1].proxy].node;
            if (leaf > 0) {
                const int32_t up = t->parent[leaf >> 1];
                TC_PREFETCH(&t->nodes[up]);
                if (up > 0) TC_PREFETCH(&t->parent[up >> 1]);
            }
        }
        tc_world_move *m = &w->moved.data[k];
        if (m->leave) {
            (void)tc_tree_move_proxy_by(w->tree, m->proxy, m->box, m->ahead);
            m->fat = tc_tree_fat_box(w->tree, m->proxy);
            w->hot[m->index].fat = m->fat;
        }
        find_ctx f;
        f.w = w;
        f.self = m->index;
        f.old = m->old;
        f.failed = false;
        f.count = 0;
        tc_tree_query_others(w->tree, m->proxy, m->fat, add_candidate, &f);
        settle_candidates(&f);
        if (f.failed) {
            w->colliders[m->index].requery = 1;
            w->out_of_memory = true;
        }
    }
    for (size_t k = 0; k < w->moved.count; ++k) w->old_fat[w->moved.data[k].index] = w->moved.data[k].fat;
}

/* ---- plane colliders ----------------------------------------------------- */

/* A candidate pair with a plane stays one while the test above passes; two
 * planes always are one (their exact test decides). */
static bool plane_pair_live(const tc_world *w, uint32_t ia, uint32_t ib)
{
    const bool pa = w->hot[ia].type == TC_SHAPE_PLANE, pb = w->hot[ib].type == TC_SHAPE_PLANE;
    if (pa && pb) return true;
    const uint32_t plane = pa ? ia : ib, other = pa ? ib : ia;
    return tc_world_plane_may_touch(&w->shapes[plane].u.plane, &w->hot[other].fat);
}

static void add_fresh(tc_world *w, int32_t a, int32_t b, bool *failed)
{
    if (w->fresh.count == w->fresh.capacity && !TC_ARRAY_RESERVE(w, w->fresh, w->fresh.count + 1)) {
        *failed = true;
        return;
    }
    w->fresh.data[w->fresh.count++] = a < b ? tc_world_pair_key((uint32_t)a, (uint32_t)b)
                                            : tc_world_pair_key((uint32_t)b, (uint32_t)a);
}

typedef struct plane_search {
    tc_world *w;
    int32_t plane;
    bool failed;
} plane_search;

static bool plane_candidate(void *context, int32_t proxy, uint64_t user_data)
{
    plane_search *s = (plane_search *)context;
    (void)proxy;
    add_fresh(s->w, s->plane, (int32_t)user_data, &s->failed);
    return true;
}

/* Step 2b: the new candidate pairs of the plane colliders. A plane that is
 * new or changed searches the whole tree (through the half-space, padded
 * for the whole tree's scale, which bounds every collider's) and pairs with
 * every other plane; any other plane only meets the colliders whose fat box
 * moved. Pairs found again are kept once by the merge. */
static void search_planes(tc_world *w)
{
    const tc_tree *t = w->tree;
    for (size_t k = 0; k < w->planes.count; ++k) {
        const int32_t i = w->planes.data[k];
        const tc_plane *pl = &w->shapes[i].u.plane;
        plane_search s;
        s.w = w;
        s.plane = i;
        s.failed = false;
        if (w->hot[i].flags & TC_WORLD_MOVED) {
            tc_aabb all;
            if (tc_tree_root_box(t, &all)) {
                tc_plane padded = *pl;
                padded.offset += tc_world_plane_pad(pl, &all);
                tc_tree_query_plane(t, padded, plane_candidate, &s);
            }
            for (size_t j = 0; j < w->planes.count; ++j)
                if (w->planes.data[j] != i) add_fresh(w, i, w->planes.data[j], &s.failed);
        } else {
            for (size_t j = 0; j < w->moved.count; ++j)
                if (tc_world_plane_may_touch(pl, &w->moved.data[j].fat)) add_fresh(w, i, w->moved.data[j].index, &s.failed);
        }
        if (s.failed) {
            w->colliders[i].requery = 1; /* searches in full at the next update */
            w->out_of_memory = true;
        }
    }
}

static void push_event(tc_world *w, const tc_world_pair *p, tc_contact_state state)
{
    if (w->events.count == w->events.capacity && !TC_ARRAY_RESERVE(w, w->events, w->events.count + 1)) {
        w->out_of_memory = true;
        return;
    }
    tc_contact_event *e = &w->events.data[w->events.count++];
    e->a = p->a;
    e->b = p->b;
    e->state = state;
}

/* One candidate pair: false when it is to be dropped (a collider died, left
 * the tree, or their fat boxes parted). Tests it exactly when it is new or
 * either collider changed, and records its event. */
static bool pair_step(tc_world *w, tc_world_pair *p, bool fresh)
{
    const uint32_t ia = p->a.index, ib = p->b.index;
    tc_world_hot *ha = &w->hot[ia], *hb = &w->hot[ib];
    const uint32_t any = (uint32_t)ha->flags | hb->flags;
    const uint32_t can_pair = TC_WORLD_IN_TREE | TC_WORLD_PLANE;
    bool live = ha->generation == p->a.generation && hb->generation == p->b.generation &&
                (ha->flags & can_pair) != 0 && (hb->flags & can_pair) != 0;
    const bool plane = ha->type == TC_SHAPE_PLANE || hb->type == TC_SHAPE_PLANE;
    if (live && plane) live = plane_pair_live(w, ia, ib);
    else if (live && (any & TC_WORLD_MOVED)) live = tc_tree_box_overlaps(&ha->fat, &hb->fat);
    if (!live) {
        if (p->touching) {
            push_event(w, p, TC_CONTACT_END);
            --ha->touching;
            --hb->touching;
        }
        return false;
    }
    if (fresh || (any & TC_WORLD_FILTER)) {
        /* two open filters pass each other without a look at the records */
        if (ha->flags & hb->flags & TC_WORLD_OPEN) {
            p->filter_ok = 1;
        } else {
            const tc_world_collider *a = &w->colliders[ia], *b = &w->colliders[ib];
            p->filter_ok = (a->category & b->mask) != 0 && (b->category & a->mask) != 0;
        }
    }
    bool touching = p->touching != 0;
    if (fresh || (any & (TC_WORLD_CHANGED | TC_WORLD_FILTER))) {
        if (!p->filter_ok) {
            touching = false;
        } else if (ha->type == TC_SHAPE_AABB && hb->type == TC_SHAPE_AABB) {
            /* Two boxes need no dispatch: an AABB collider's bounds are its
             * placed shape, valid, and the closed-box test is the whole
             * exact test. */
            touching = tc_tree_box_overlaps(&ha->bounds, &hb->bounds);
        } else if (plane) {
            touching = tc_shape_overlap(&w->shapes[ia], &w->shapes[ib]); /* a half-space has no box to try first */
        } else {
            const tc_aabb pa = tc_world_padded(&ha->bounds), pb = tc_world_padded(&hb->bounds);
            touching = tc_tree_box_overlaps(&pa, &pb) && tc_shape_overlap(&w->shapes[ia], &w->shapes[ib]);
        }
    }
    if (touching && !p->touching) {
        push_event(w, p, TC_CONTACT_BEGIN);
        ++ha->touching;
        ++hb->touching;
    } else if (touching) {
        push_event(w, p, TC_CONTACT_STAY);
    } else if (p->touching) {
        push_event(w, p, TC_CONTACT_END);
        --ha->touching;
        --hb->touching;
    }
    p->touching = touching ? 1 : 0;
    return true;
}

/* Above every key of two valid indices (indices are below INT32_MAX). */
#define TC_WORLD_NO_KEY (~(uint64_t)0)

static int key_order(const void *x, const void *y)
{
    const uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Step 3: merge the new pairs into the sorted list while walking it once:
 * every pair is tested or dropped in (a.index, b.index) order, which is the
 * order of the events. */
static void update_pairs(tc_world *w)
{
    w->events.count = 0;
    size_t nfresh = w->fresh.count;
    if (nfresh > 1) {
        if (TC_ARRAY_RESERVE(w, w->scratch, nfresh)) tc_sort_u64(w->fresh.data, nfresh, w->scratch.data);
        else qsort(w->fresh.data, nfresh, sizeof *w->fresh.data, key_order);
    }
    const size_t total = w->pairs.count + nfresh;
    (void)TC_ARRAY_RESERVE(w, w->events, total); /* else push_event grows it one by one */
    tc_world_pair *out;
    if (nfresh == 0) {
        out = w->pairs.data; /* in place: the output never overtakes the input */
    } else if (TC_ARRAY_RESERVE(w, w->pairs_next, total)) {
        out = w->pairs_next.data;
    } else {
        /* No room to merge: forget the new pairs; their colliders search
         * again at the next update. */
        for (size_t k = 0; k < nfresh; ++k) w->colliders[(uint32_t)(w->fresh.data[k] >> 32)].requery = 1;
        nfresh = 0;
        w->out_of_memory = true;
        out = w->pairs.data;
    }
    size_t n = 0, i = 0, j = 0;
    const size_t nold = w->pairs.count;
    uint64_t last_fresh = TC_WORLD_NO_KEY;
    while (i < nold || j < nfresh) {
        /* The second collider of a pair is anywhere in the arrays: ask for
         * it some pairs ahead so that the loads overlap. */
        if (i + 32 < nold) {
            /* far ahead: what every pair reads; nearer: a shape, when the
             * pair will need one (its state has arrived by then) */
            const uint32_t ahead = w->pairs.data[i + 32].b.index;
            TC_PREFETCH(&w->hot[ahead]);
            const tc_world_pair *q = &w->pairs.data[i + 16];
            if (w->hot[q->a.index].type != TC_SHAPE_AABB || w->hot[q->b.index].type != TC_SHAPE_AABB) {
                TC_PREFETCH(&w->shapes[q->a.index]);
                TC_PREFETCH(&w->shapes[q->b.index]);
            }
        }
        tc_world_pair p;
        bool fresh;
        const uint64_t old_key =
            i < nold ? tc_world_pair_key(w->pairs.data[i].a.index, w->pairs.data[i].b.index) : TC_WORLD_NO_KEY;
        if (j < nfresh && (w->fresh.data[j] == old_key || w->fresh.data[j] == last_fresh)) {
            ++j; /* found again (after a failed search): the pair is kept once */
            continue;
        }
        if (j >= nfresh || (i < nold && old_key < w->fresh.data[j])) {
            p = w->pairs.data[i++];
            fresh = false;
        } else {
            const uint64_t key = w->fresh.data[j++];
            last_fresh = key;
            p.a = tc_world_collider_id_of(w, (int32_t)(key >> 32));
            p.b = tc_world_collider_id_of(w, (int32_t)(uint32_t)key);
            p.touching = 0;
            p.filter_ok = 0;
            fresh = true;
        }
        if (pair_step(w, &p, fresh)) out[n++] = p;
    }
    if (out == w->pairs_next.data) {
        tc_world_pair *t = w->pairs.data;
        size_t cap = w->pairs.capacity;
        w->pairs.data = w->pairs_next.data;
        w->pairs.capacity = w->pairs_next.capacity;
        w->pairs_next.data = t;
        w->pairs_next.capacity = cap;
    }
    w->pairs.count = n;
    w->fresh.count = 0;
}

bool tc_world_update(tc_world *w)
{
    if (!TC_REQUIRE(w != NULL)) return false;
    w->out_of_memory = false;
    ++w->stamp;
    if (TC_ARRAY_RESERVE(w, w->chain, w->node_count)) {
        for (size_t i = 0; i < w->node_count; ++i)
            if (w->nodes[i].generation & 1u) node_world(w, (int32_t)i);
    } else {
        w->out_of_memory = true; /* nodes keep last update's poses */
    }
    update_colliders(w);
    move_and_search(w);
    search_planes(w);
    update_pairs(w);
    /* Destroyed slots whose pairs have now ended become reusable. */
    for (size_t k = 0; k < w->pending.count; ++k) {
        int32_t i = w->pending.data[k];
        w->colliders[i].pending_free = 0;
        w->hot[i].touching = 0;
        w->colliders[i].next_free = w->collider_free;
        w->collider_free = i;
    }
    w->pending.count = 0;
    if (w->ray_index_stale) tc_world_ray_index_wait(w);
    return !w->out_of_memory;
}

const tc_contact_event *tc_world_contact_events(const tc_world *w, size_t *count)
{
    if (!TC_REQUIRE(w != NULL)) {
        if (count) *count = 0;
        return NULL;
    }
    if (count) *count = w->events.count;
    return w->events.data;
}
