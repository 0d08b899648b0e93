// SPDX-License-Identifier: MIT
/* The update's second step: the tree follows the colliders. Each collider
 * that was set or whose node moved gets its world shape and box; those that
 * left their fat boxes move in the tree and at once search it for new
 * candidate pairs, in space-filling-curve order; the plane colliders, which
 * the tree cannot hold, search beside it. Work is proportional to what
 * changed: the tree is touched only by colliders that left their fat
 * boxes, and only those search for new pairs. */
#include "world/world_pose.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "core/float.h"
#include "core/prefetch.h"
#include "core/sort.h"
#include "queries/shape_place.h"
#include "shapes/hull_internal.h"
#include "shapes/validity.h"
#include "tree/tree_internal.h"


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

/* The same pad as tc_world_padded, worked in double, with the corners
 * saturating at +-FLT_MAX (issue 12: a world overlap query with a sphere of
 * radius 1e38 trapped on FE_OVERFLOW in the float pad). Tree boxes lie
 * inside +-1e30, so a saturated corner meets exactly the tree boxes the
 * unsaturated one would. */
tc_aabb tc_world_padded_far(const tc_aabb *b)
{
    const double lo[3] = { b->min.x, b->min.y, b->min.z }, hi[3] = { b->max.x, b->max.y, b->max.z };
    double m = 0.0, ext = 0.0;
    for (int k = 0; k < 3; ++k) {
        m = fmax(m, fmax(fabs(lo[k]), fabs(hi[k])));
        ext += hi[k] - lo[k];
    }
    const double pad = 4.0 * (double)TC_TOLERANCE * (1.7320509 * m + ext);
    float out[6];
    for (int k = 0; k < 3; ++k) {
        out[k] = (float)fmax(lo[k] - pad, -(double)FLT_MAX);
        out[k + 3] = (float)fmin(hi[k] + pad, (double)FLT_MAX);
    }
    tc_aabb r;
    r.min = tc_vec3_make(out[0], out[1], out[2]);
    r.max = tc_vec3_make(out[3], out[4], out[5]);
    return r;
}

/* Exact bounds of the shapes tc_world_tree_box pads by size, in double;
 * false for the others. Sums of two floats below 2^28 in double are exact
 * but for a relative 2^-53 of the larger when their exponents are far
 * apart, which the caller's slack covers. */
static bool exact_bounds(const tc_shape *s, double lo[3], double hi[3])
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: {
        const float c[3] = { s->u.sphere.center.x, s->u.sphere.center.y, s->u.sphere.center.z };
        for (int k = 0; k < 3; ++k) {
            lo[k] = (double)c[k] - s->u.sphere.radius;
            hi[k] = (double)c[k] + s->u.sphere.radius;
        }
        return true;
    }
    case TC_SHAPE_CAPSULE: {
        const tc_capsule *c = &s->u.capsule;
        const float a[3] = { c->a.x, c->a.y, c->a.z }, e[3] = { c->b.x, c->b.y, c->b.z };
        for (int k = 0; k < 3; ++k) {
            lo[k] = (double)tc_minf(a[k], e[k]) - c->radius;
            hi[k] = (double)tc_maxf(a[k], e[k]) + c->radius;
        }
        return true;
    }
    case TC_SHAPE_OBB: {
        const tc_obb *o = &s->u.obb;
        const float c[3] = { o->center.x, o->center.y, o->center.z }, h[3] = { o->half.x, o->half.y, o->half.z };
        const tc_vec3 col[3] = { o->rotation.cx, o->rotation.cy, o->rotation.cz };
        for (int k = 0; k < 3; ++k) {
            /* extent along world axis k: sum_i half_i |R[k][i]| (products of
             * floats are exact in double; the two sums round by 2^-52) */
            const double e = (double)h[0] * fabs((double)(k == 0 ? col[0].x : k == 1 ? col[0].y : col[0].z)) +
                             (double)h[1] * fabs((double)(k == 0 ? col[1].x : k == 1 ? col[1].y : col[1].z)) +
                             (double)h[2] * fabs((double)(k == 0 ? col[2].x : k == 1 ? col[2].y : col[2].z));
            lo[k] = (double)c[k] - e;
            hi[k] = (double)c[k] + e;
        }
        return true;
    }
    case TC_SHAPE_TRIANGLE: {
        const tc_triangle *t = &s->u.triangle;
        const tc_vec3 mn = tc_vec3_min(t->a, tc_vec3_min(t->b, t->c)), mx = tc_vec3_max(t->a, tc_vec3_max(t->b, t->c));
        lo[0] = mn.x; lo[1] = mn.y; lo[2] = mn.z;
        hi[0] = mx.x; hi[1] = mx.y; hi[2] = mx.z;
        return true;
    }
    case TC_SHAPE_HULL:
        tc_hull_exact_bounds(&s->u.hull, lo, hi);
        return true;
    case TC_SHAPE_MESH:
        tc_mesh_exact_bounds(&s->u.mesh, lo, hi);
        return true;
    default:
        return false;
    }
}

tc_aabb tc_world_tree_box(const tc_shape *s, const tc_aabb *b)
{
    if (s->type == TC_SHAPE_AABB) {
        /* grown by the part of the band its own size gives (which a pair
         * with a larger box needs) */
        const tc_vec3 ext = tc_vec3_sub(b->max, b->min);
        const float pad = 4.0f * TC_TOLERANCE * (ext.x + ext.y + ext.z);
        tc_aabb r;
        r.min = tc_vec3_sub(b->min, tc_vec3_make(pad, pad, pad));
        r.max = tc_vec3_add(b->max, tc_vec3_make(pad, pad, pad));
        return r;
    }
    double lo[3], hi[3];
    const float m = tc_maxf(tc_vec3_max_abs(b->min), tc_vec3_max_abs(b->max));
    /* Every pair test runs relative to the pair at any magnitude (the
     * differences of coordinates taken in double or exactly, or the cores
     * recentred: overlap_far.h, tc_core_recentre). */
    if (!exact_bounds(s, lo, hi)) return tc_world_padded(b);
    const double ext = (hi[0] - lo[0]) + (hi[1] - lo[1]) + (hi[2] - lo[2]);
    /* the band's part of the size, and a slack for the double roundings */
    const double pad = 4.0 * (double)TC_TOLERANCE * ext + 0x1p-48 * ((double)m + ext);
    float out[6];
    for (int k = 0; k < 3; ++k) {
        out[k] = (float)(lo[k] - pad);
        out[k + 3] = (float)(hi[k] + pad);
    }
    tc_aabb r;
    r.min = tc_vec3_make(out[0], out[1], out[2]);
    r.max = tc_vec3_make(out[3], out[4], out[5]);
    return r;
}

/* Recomputes collider i's world shape, box and proxy. Returns its new flags
 * (IN_TREE, CHANGED; MOVED when its fat box changed). */
static uint32_t update_collider(tc_world *w, int32_t i, uint32_t flags)
{
    tc_world_collider *c = &w->colliders[i];
    tc_transform pose;
    float scale = 1.0f;
    const tc_world_node *p = tc_node_is_null(c->parent) ? NULL : tc_world_get_node(w, c->parent);
    flags &= ~(uint32_t)(TC_WORLD_IN_TREE | TC_WORLD_PLANE);
    c->dirty = 0;
    w->ray_index_stale = true; /* its shape, box or membership may change */
    bool usable = true;
    if (p) {
        usable = !p->invalid && tc_world_compose(p->world_pose, p->world_scale, c->local, 1.0f, &pose, &scale);
    } else {
        c->parent = tc_node_null();
        pose = c->local;
    }
    if (!usable || !tc_world_shape_fits(&c->local_shape, &pose, scale)) {
        /* no usable world pose or shape: out of the pairs and queries until
         * it has one (its pairs end at this update) */
        c->has_shape = 0;
        drop_proxy(w, i);
        return flags | TC_WORLD_CHANGED;
    }
    tc_aabb box;
    tc_shape *placed = &w->shapes[i];
    if (c->local_shape.type == TC_SHAPE_AABB) {
        /* The usual collider, placed in registers: a box is its own bounds,
         * and it changed if they did. (Built in memory and read back whole,
         * the shape would stall every load that spans its pieces.) */
        const tc_frame f = tc_pose_frame(&pose);
        box = tc_aabb_place(&c->local_shape.u.aabb, &f, scale);
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
        tc_world_place_shape(&c->local_shape, &pose, scale, &shape);
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
        tc_world_place_shape(&c->local_shape, &pose, scale, &shape);
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
    if (!tc_tree_box_contains(w->hot[i].fat, tc_world_tree_box(&w->shapes[i], &box))) flags |= TC_WORLD_LEAVE;
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
            w->new_boxes.data[k] = tc_world_tree_box(&w->shapes[i], &w->hot[i].bounds);
            w->keys.data[k] = (uint64_t)i;
        }
        if (tc_tree_create_proxies(w->tree, w->new_boxes.data, w->keys.data, (int32_t)n, w->new_ids.data)) made = n;
    } else {
        (void)TC_ARRAY_RESERVE(w, w->new_ids, n);
        if (w->new_ids.capacity >= n) {
            for (size_t k = 0; k < n; ++k) {
                const int32_t i = w->created.data[k];
                w->new_ids.data[k] =
                    tc_tree_create_proxy(w->tree, tc_world_tree_box(&w->shapes[i], &w->hot[i].bounds), (uint64_t)i);
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
        m->box = tc_world_tree_box(&w->shapes[i], &w->hot[i].bounds);
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
    /* A box with a non-finite corner takes key 0 and plays no part in the
     * bounds (nothing is computed on it). Centres as min/2 + max/2, which
     * cannot overflow. */
    tc_vec3 lo = tc_vec3_make(INFINITY, INFINITY, INFINITY), hi = tc_vec3_make(-INFINITY, -INFINITY, -INFINITY);
    for (size_t k = 0; k < n; ++k) {
        if (!tc_vec3_finite(m[k].box.min) || !tc_vec3_finite(m[k].box.max)) continue;
        tc_vec3 c = tc_vec3_add(tc_vec3_scale(m[k].box.min, 0.5f), tc_vec3_scale(m[k].box.max, 0.5f));
        lo = tc_vec3_min(lo, c);
        hi = tc_vec3_max(hi, c);
    }
    if (!tc_vec3_finite(lo)) return; /* no finite box */
    /* The spread, its reciprocal and the offsets in double: near the end of
     * the float range hi - lo overflows float, and 1023 / ext does for a
     * tiny spread. */
    double scale[3];
    const float l[3] = { lo.x, lo.y, lo.z }, h[3] = { hi.x, hi.y, hi.z };
    for (int a = 0; a < 3; ++a) {
        TC_FP_STRICT /* no division by a zero spread */
        const double ext = (double)h[a] - l[a];
        scale[a] = ext > 0.0 && ext <= 3.0e38 ? 1023.0 / ext : 0.0;
    }
    for (size_t k = 0; k < n; ++k) {
        uint32_t code = 0;
        if (tc_vec3_finite(m[k].box.min) && tc_vec3_finite(m[k].box.max)) {
            tc_vec3 c = tc_vec3_add(tc_vec3_scale(m[k].box.min, 0.5f), tc_vec3_scale(m[k].box.max, 0.5f));
            const float cc[3] = { c.x, c.y, c.z };
            for (int a = 0; a < 3; ++a) {
                const double q = ((double)cc[a] - l[a]) * scale[a];
                const double f = q >= 0.0 ? (q <= 1023.0 ? q : 1023.0) : 0.0;
                code |= spread_bits((uint32_t)f) << a;
            }
        }
        w->keys.data[k] = ((uint64_t)code << 32) | (uint32_t)k;
    }
    tc_sort_u64(w->keys.data, n, w->scratch.data);
    for (size_t k = 0; k < n; ++k) w->moved_sorted.data[k] = m[(uint32_t)w->keys.data[k]];
    TC_ARRAY_SWAP_BLOCKS(w->moved, w->moved_sorted);
}

/* How far a collider whose box went from `before` to `now` is expected to
 * move next: its motion (of the box's centre) times the prediction factor,
 * or nothing for a motion longer than the box itself, which is a jump
 * rather than a motion. */
static tc_vec3 expected_motion(const tc_world *w, const tc_aabb *before, const tc_aabb *now)
{
    if (w->prediction == 0.0f) return tc_vec3_zero();
    const float m = tc_maxf(tc_maxf(tc_vec3_max_abs(now->min), tc_vec3_max_abs(now->max)),
                            tc_maxf(tc_vec3_max_abs(before->min), tc_vec3_max_abs(before->max)));
    if (!(m <= 0x1p60f)) {
        TC_FP_STRICT /* no arithmetic before the finiteness tests */
        /* Near the end of the float range (or not finite) the sums and
         * squares below overflow: in double, and no prediction where the
         * result would leave the float range. */
        if (!tc_vec3_finite(now->min) || !tc_vec3_finite(now->max) || !tc_vec3_finite(before->min) ||
            !tc_vec3_finite(before->max))
            return tc_vec3_zero();
        const float nmin[3] = { now->min.x, now->min.y, now->min.z }, nmax[3] = { now->max.x, now->max.y, now->max.z };
        const float bmin[3] = { before->min.x, before->min.y, before->min.z };
        const float bmax[3] = { before->max.x, before->max.y, before->max.z };
        double d[3], d2 = 0.0, reach = 0.0;
        for (int k = 0; k < 3; ++k) {
            d[k] = 0.5 * (((double)nmin[k] + nmax[k]) - ((double)bmin[k] + bmax[k])) * w->prediction;
            d2 += d[k] * d[k];
            reach = fmax(reach, ((double)nmax[k] - nmin[k]) * w->prediction);
        }
        if (!(d2 <= reach * reach) || !(fabs(d[0]) <= FLT_MAX && fabs(d[1]) <= FLT_MAX && fabs(d[2]) <= FLT_MAX))
            return tc_vec3_zero();
        return tc_vec3_make((float)d[0], (float)d[1], (float)d[2]);
    }
    const tc_vec3 d = tc_vec3_scale(tc_vec3_sub(tc_vec3_add(now->min, now->max), tc_vec3_add(before->min, before->max)),
                                    0.5f);
    const tc_vec3 size = tc_vec3_sub(now->max, now->min);
    const float reach = tc_maxf(size.x, tc_maxf(size.y, size.z));
    if (!(tc_vec3_length_sq(d) <= reach * reach)) return tc_vec3_zero();
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
    const bool lists = TC_ARRAY_RESERVE(w, w->created, w->collider_ids.count);
    if (!lists) w->out_of_memory = true;
    for (size_t k = 0; k < w->collider_ids.count; ++k) {
        const int32_t i = (int32_t)k;
        /* the few that moved read their old fat box: too sparse a walk for
         * the hardware to see coming */
        if (k + 16 < w->collider_ids.count) TC_PREFETCH(&w->old_fat[k + 16]);
        tc_world_collider *c = &w->colliders[i];
        tc_world_hot *st = &w->hot[i];
        if (!tc_world_collider_alive(w, k)) {
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
                m->box = tc_world_tree_box(&w->shapes[i], &w->hot[i].bounds);
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

/* Records the new candidate pair (a, b) in either order; *failed when
 * there was no room for it. */
static void add_fresh(tc_world *w, int32_t a, int32_t b, bool *failed)
{
    if (w->fresh.count == w->fresh.capacity && !TC_ARRAY_RESERVE(w, w->fresh, w->fresh.count + 1)) {
        *failed = true;
        return;
    }
    w->fresh.data[w->fresh.count++] = a < b ? tc_world_pair_key((uint32_t)a, (uint32_t)b)
                                            : tc_world_pair_key((uint32_t)b, (uint32_t)a);
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
        if (!tc_tree_box_overlaps(&f->old, &w->old_fat[other])) add_fresh(w, self, other, &f->failed);
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
                padded.offset = tc_world_plane_padded_offset(pl, &all);
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

void tc_world_sync_tree(tc_world *w)
{
    update_colliders(w);
    move_and_search(w);
    search_planes(w);
}
