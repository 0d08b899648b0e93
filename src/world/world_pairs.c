// SPDX-License-Identifier: MIT
/* The update's last step, and the update itself: the candidate pairs, kept
 * sorted by (a.index, b.index), take in the few new ones the tree search
 * found and are walked once, testing exactly the pairs that are new or whose
 * colliders changed, so the begin/stay/end events come out in that order
 * without sorting them. */
#include "world/world_internal.h"

#include <stdlib.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "core/prefetch.h"
#include "core/sort.h"

/* A candidate pair with a plane stays one while the other's fat box reaches
 * the plane's padded half-space (tc_world_plane_may_touch, the test its
 * search used); two planes always are one (their exact test decides). */
static bool plane_pair_live(const tc_world *w, uint32_t ia, uint32_t ib)
{
    const bool pa = w->hot[ia].type == TC_SHAPE_PLANE, pb = w->hot[ib].type == TC_SHAPE_PLANE;
    if (pa && pb) return true;
    const uint32_t plane = pa ? ia : ib, other = pa ? ib : ia;
    return tc_world_plane_may_touch(&w->shapes[plane].u.plane, &w->hot[other].fat);
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
    /* a destroyed collider's user data stays in its slot until the slot is
     * reused, which is after this update */
    e->user_data_a = w->user[p->a.index];
    e->user_data_b = w->user[p->b.index];
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
        if (ha->group != 0 && ha->group == hb->group) {
            p->filter_ok = 0; /* one group: never a pair (Box2D's group index) */
        } else if (ha->flags & hb->flags & TC_WORLD_OPEN) {
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
    if (touching && w->contacts_on)
        tc_world_contacts_pair(w, p, fresh || !p->touching || (any & TC_WORLD_CHANGED) != 0);
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
    if (w->contacts_on) tc_world_contacts_begin(w);
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
            TC_PREFETCH(&w->user[ahead]); /* for its event */
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
    if (out == w->pairs_next.data) TC_ARRAY_SWAP_BLOCKS(w->pairs, w->pairs_next);
    w->pairs.count = n;
    w->fresh.count = 0;
    if (w->contacts_on) tc_world_contacts_end(w);
}

bool tc_world_update(tc_world *w)
{
    if (!TC_REQUIRE(w != NULL)) return false;
    w->out_of_memory = false;
    ++w->stamp;
    tc_world_update_poses(w); /* world_poses.c */
    tc_world_sync_tree(w);    /* world_tree_sync.c */
    update_pairs(w);
    /* Destroyed slots whose pairs have now ended become reusable. */
    for (size_t k = 0; k < w->pending.count; ++k) {
        int32_t i = w->pending.data[k];
        w->colliders[i].pending_free = 0;
        w->hot[i].touching = 0;
        tc_id_pool_recycle(&w->collider_ids, i);
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
