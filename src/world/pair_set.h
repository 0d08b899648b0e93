/* Private: a hash map from an unordered collider pair (a < b) to a slot in
 * the world's dense pair array. Open addressing with linear probing and
 * backward-shift deletion, so it needs no tombstones and stays fast under
 * constant churn. */
#ifndef TOUCHE_SRC_WORLD_PAIR_SET_H
#define TOUCHE_SRC_WORLD_PAIR_SET_H

#include <touche/alloc.h>

typedef struct tc_pair_set {
    uint64_t *keys;   /* TC_PAIR_EMPTY where free */
    int32_t *values;
    size_t capacity;  /* power of two or 0 */
    size_t count;
} tc_pair_set;

#define TC_PAIR_EMPTY (~(uint64_t)0)

static inline uint64_t tc_pair_key(uint32_t a, uint32_t b) { return ((uint64_t)a << 32) | b; }

void tc_pair_set_free(tc_pair_set *s, const tc_allocator *a);
/* The value for key, or -1. */
int32_t tc_pair_set_find(const tc_pair_set *s, uint64_t key);
/* Inserts or overwrites; false when memory ran out. */
bool tc_pair_set_put(tc_pair_set *s, const tc_allocator *a, uint64_t key, int32_t value);
/* Removes key if present. */
void tc_pair_set_remove(tc_pair_set *s, uint64_t key);

#endif
