/* Private: a set of unordered collider pairs (a < b), keyed by
 * (a << 32) | b. Open addressing with linear probing and backward-shift
 * deletion, so it needs no tombstones and stays fast under constant churn.
 * The world uses it to tell a newly found candidate pair from one it already
 * keeps. */
#ifndef TOUCHE_SRC_WORLD_PAIR_SET_H
#define TOUCHE_SRC_WORLD_PAIR_SET_H

#include <touche/alloc.h>

typedef struct tc_pair_set {
    uint64_t *keys;   /* TC_PAIR_EMPTY where free */
    size_t capacity;  /* power of two or 0 */
    size_t count;
} tc_pair_set;

#define TC_PAIR_EMPTY (~(uint64_t)0)

static inline uint64_t tc_pair_key(uint32_t a, uint32_t b) { return ((uint64_t)a << 32) | b; }

void tc_pair_set_free(tc_pair_set *s, const tc_allocator *a);
bool tc_pair_set_contains(const tc_pair_set *s, uint64_t key);
/* Makes room for `count` keys in all, so that as many insertions cannot
 * fail; false when memory ran out. */
bool tc_pair_set_reserve(tc_pair_set *s, const tc_allocator *a, size_t count);
/* Adds key; true when it was not there yet. False also when memory ran
 * out (then the set is unchanged). */
bool tc_pair_set_add(tc_pair_set *s, const tc_allocator *a, uint64_t key, bool *out_of_memory);
/* Removes key if present. */
void tc_pair_set_remove(tc_pair_set *s, uint64_t key);

#endif
