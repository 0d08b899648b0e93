// SPDX-License-Identifier: MIT
/* Private: the one pool of ids with generations, for every kind of world
 * object (nodes, colliders).
 *
 * A slot's generation is odd while an object lives in it and even while it
 * is free, so an id (index, generation) matches only the object it was
 * given for: destroying bumps the generation, and a stale id never matches
 * again. Generation 0 is never alive: the zeroed id is the null id.
 *
 * Wrapping: after 2^31 lives a slot's generation would come back to 1 and
 * its first id would match again (issue 12, item 4: a stale parent id then
 * named a new node, closing a cycle the update overflowed on). A slot whose
 * generation would wrap is retired instead: it keeps generation 0 and never
 * goes back on the free list. It costs one slot per 2^31 lives.
 *
 * Killing and recycling are separate, for objects whose slot must wait
 * before it is reused (a collider's, until the update that ends its
 * pairs); the pool is the only place that writes generations. */
#ifndef TOUCHE_SRC_WORLD_WORLD_IDS_H
#define TOUCHE_SRC_WORLD_WORLD_IDS_H

#include <touche/alloc.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct tc_id_pool {
    uint32_t *generation;  /* per slot */
    int32_t *next_free;    /* per slot: the next free slot while on the free list */
    size_t count;          /* slots handed out so far (alive, free or retired) */
    size_t capacity;
    int32_t free_head;     /* -1: none */
    size_t live;
    size_t retired;
} tc_id_pool;

#define TC_ID_RETIRED 0u

void tc_id_pool_init(tc_id_pool *p);
void tc_id_pool_release_memory(tc_id_pool *p, const tc_allocator *a);
/* Would tc_id_pool_acquire hand out a new slot (index count)? The caller
 * then grows its own per-slot arrays to count + 1 first. */
static inline bool tc_id_pool_needs_new_slot(const tc_id_pool *p) { return p->free_head < 0; }
/* A slot for a new object: a free one, lowest generation first in no
 * particular order, else a new one. -1 when memory ran out or every index
 * below INT32_MAX is taken. *generation receives its (odd) generation. */
int32_t tc_id_pool_acquire(tc_id_pool *p, const tc_allocator *a, uint32_t *generation);
/* The object in slot i died: its ids are stale from now on. Returns the
 * slot's new generation (even, or TC_ID_RETIRED when it would wrap). */
uint32_t tc_id_pool_kill(tc_id_pool *p, int32_t index);
/* A killed slot may be reused (a retired one never is). */
void tc_id_pool_recycle(tc_id_pool *p, int32_t index);

static inline bool tc_id_pool_alive(const tc_id_pool *p, uint32_t index, uint32_t generation)
{
    return index < p->count && p->generation[index] == generation && (generation & 1u) != 0;
}
static inline bool tc_id_pool_slot_alive(const tc_id_pool *p, size_t index)
{
    return (p->generation[index] & 1u) != 0;
}

#endif
