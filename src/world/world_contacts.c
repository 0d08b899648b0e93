/* SPDX-License-Identifier: MIT */
/* The touching pairs' manifolds, on request (tc_world_def.contacts,
 * tc_world_set_contacts_enabled).
 *
 * The list is built while the update walks its pairs (world_pairs.c), in the
 * same (a.index, b.index) order, so last update's list is read alongside
 * with one cursor, as a merge: a pair that was touching and whose colliders
 * kept their world shapes carries its entry over unchanged, without a
 * contact query; any other touching pair gets a fresh one. Off, nothing here
 * runs and nothing is allocated: the walk only tests a flag. */
#include "world/world_internal.h"

#include <string.h>

#include "core/assert.h"

void tc_world_contacts_begin(tc_world *w)
{
    w->contacts_cursor = 0;
    w->contacts_next.count = 0;
}

/* Last update's entry for pair p, if it had one (the cursor only moves on,
 * as the pairs come in order). */
static const tc_world_contact *old_entry(tc_world *w, const tc_world_pair *p)
{
    const uint64_t key = tc_world_pair_key(p->a.index, p->b.index);
    while (w->contacts_cursor < w->contacts.count) {
        const tc_world_contact *c = &w->contacts.data[w->contacts_cursor];
        const uint64_t k = tc_world_pair_key(c->a.index, c->b.index);
        if (k > key) return NULL;
        ++w->contacts_cursor;
        if (k == key) return tc_collider_id_equal(c->a, p->a) && tc_collider_id_equal(c->b, p->b) ? c : NULL;
    }
    return NULL;
}

void tc_world_contacts_pair(tc_world *w, const tc_world_pair *p, bool recompute)
{
    const tc_world_contact *old = old_entry(w, p);
    if (!TC_ARRAY_RESERVE(w, w->contacts_next, w->contacts_next.count + 1)) {
        w->out_of_memory = true; /* the entry is missing until an update finds room */
        return;
    }
    tc_world_contact *c = &w->contacts_next.data[w->contacts_next.count++];
    if (old && !recompute) {
        *c = *old;
        ++c->updates;
    } else {
        c->a = p->a;
        c->b = p->b;
        c->updates = old ? old->updates + 1 : 1;
        /* cleared first: every field a solver reads is defined, whatever
         * a pair query leaves unwritten */
        memset(&c->manifold, 0, sizeof c->manifold);
        if (!tc_shape_contact(&w->shapes[p->a.index], &w->shapes[p->b.index], &c->manifold)) {
            /* touching within the band, nothing to push apart */
            c->manifold.normal = tc_vec3_zero();
            c->manifold.count = 0;
        }
    }
    c->user_data_a = w->user[p->a.index];
    c->user_data_b = w->user[p->b.index];
}

void tc_world_contacts_end(tc_world *w)
{
    TC_ARRAY_SWAP_BLOCKS(w->contacts, w->contacts_next);
    w->contacts.count = w->contacts_next.count;
    w->contacts_next.count = 0;
}

void tc_world_contacts_free(tc_world *w)
{
    TC_ARRAY_FREE(w, w->contacts);
    TC_ARRAY_FREE(w, w->contacts_next);
}

void tc_world_set_contacts_enabled(tc_world *w, bool enabled)
{
    if (!TC_REQUIRE(w != NULL)) return;
    w->contacts_on = enabled;
    if (!enabled) tc_world_contacts_free(w);
}

const tc_world_contact *tc_world_contacts(const tc_world *w, size_t *count)
{
    if (!TC_REQUIRE(w != NULL) || !w->contacts_on) {
        if (count) *count = 0;
        return NULL;
    }
    if (count) *count = w->contacts.count;
    return w->contacts.data;
}
