// SPDX-License-Identifier: MIT
/* The world's id pool (world_ids.h). */
#include "world/world_ids.h"

#include <string.h>

#include "core/alloc.h"

void tc_id_pool_init(tc_id_pool *p)
{
    p->generation = NULL;
    p->next_free = NULL;
    p->count = p->capacity = 0;
    p->free_head = -1;
    p->live = 0;
    p->retired = 0;
}

void tc_id_pool_release_memory(tc_id_pool *p, const tc_allocator *a)
{
    tc_mem_free(a, p->generation, p->capacity * sizeof *p->generation);
    tc_mem_free(a, p->next_free, p->capacity * sizeof *p->next_free);
    tc_id_pool_init(p);
}

/* Both arrays grow together: all or none. */
static bool grow(tc_id_pool *p, const tc_allocator *a, size_t needed)
{
    if (needed <= p->capacity) return true;
    size_t cap = p->capacity ? p->capacity : 16;
    while (cap < needed) {
        if (cap > SIZE_MAX / 2 / sizeof(uint32_t)) return false;
        cap *= 2;
    }
    uint32_t *gen = (uint32_t *)tc_mem_alloc(a, cap * sizeof *gen);
    int32_t *next = (int32_t *)tc_mem_alloc(a, cap * sizeof *next);
    if (!gen || !next) {
        tc_mem_free(a, gen, cap * sizeof *gen);
        tc_mem_free(a, next, cap * sizeof *next);
        return false;
    }
    if (p->count) {
        memcpy(gen, p->generation, p->count * sizeof *gen);
        memcpy(next, p->next_free, p->count * sizeof *next);
    }
    tc_mem_free(a, p->generation, p->capacity * sizeof *gen);
    tc_mem_free(a, p->next_free, p->capacity * sizeof *next);
    p->generation = gen;
    p->next_free = next;
    p->capacity = cap;
    return true;
}

int32_t tc_id_pool_acquire(tc_id_pool *p, const tc_allocator *a, uint32_t *generation)
{
    int32_t i;
    if (p->free_head >= 0) {
        i = p->free_head;
        p->free_head = p->next_free[i];
    } else {
        if (p->count >= (size_t)INT32_MAX || !grow(p, a, p->count + 1)) return -1;
        i = (int32_t)p->count++;
        p->generation[i] = 0;
    }
    p->next_free[i] = -1;
    *generation = ++p->generation[i]; /* odd: a free slot's is even, a new one's 0 */
    ++p->live;
    return i;
}

uint32_t tc_id_pool_kill(tc_id_pool *p, int32_t i)
{
    const uint32_t g = p->generation[i];
    /* the last odd generation: the next life would wrap to 1, a used id */
    if (g == UINT32_MAX) {
        p->generation[i] = TC_ID_RETIRED;
        ++p->retired;
    } else {
        p->generation[i] = g + 1u;
    }
    --p->live;
    return p->generation[i];
}

void tc_id_pool_recycle(tc_id_pool *p, int32_t i)
{
    if (p->generation[i] == TC_ID_RETIRED) return;
    p->next_free[i] = p->free_head;
    p->free_head = i;
}
