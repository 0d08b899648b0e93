#include "world/pair_set.h"

#include "core/alloc.h"

static size_t slot_of(uint64_t key, size_t capacity)
{
    /* A 64-bit mix (murmur3 finaliser) spreads neighbouring indices. */
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    key *= 0xc4ceb9fe1a85ec53ull;
    key ^= key >> 33;
    return (size_t)key & (capacity - 1);
}

void tc_pair_set_free(tc_pair_set *s, const tc_allocator *a)
{
    tc_mem_free(a, s->keys, s->capacity * sizeof *s->keys);
    tc_mem_free(a, s->values, s->capacity * sizeof *s->values);
    s->keys = NULL;
    s->values = NULL;
    s->capacity = 0;
    s->count = 0;
}

int32_t tc_pair_set_find(const tc_pair_set *s, uint64_t key)
{
    if (s->capacity == 0) return -1;
    for (size_t i = slot_of(key, s->capacity);; i = (i + 1) & (s->capacity - 1)) {
        if (s->keys[i] == key) return s->values[i];
        if (s->keys[i] == TC_PAIR_EMPTY) return -1;
    }
}

static void place(tc_pair_set *s, uint64_t key, int32_t value)
{
    size_t i = slot_of(key, s->capacity);
    while (s->keys[i] != TC_PAIR_EMPTY && s->keys[i] != key) i = (i + 1) & (s->capacity - 1);
    if (s->keys[i] == TC_PAIR_EMPTY) ++s->count;
    s->keys[i] = key;
    s->values[i] = value;
}

static bool rehash(tc_pair_set *s, const tc_allocator *a, size_t capacity)
{
    uint64_t *keys = (uint64_t *)tc_mem_alloc(a, capacity * sizeof *keys);
    int32_t *values = (int32_t *)tc_mem_alloc(a, capacity * sizeof *values);
    if (!keys || !values) {
        tc_mem_free(a, keys, capacity * sizeof *keys);
        tc_mem_free(a, values, capacity * sizeof *values);
        return false;
    }
    for (size_t i = 0; i < capacity; ++i) keys[i] = TC_PAIR_EMPTY;
    tc_pair_set old = *s;
    s->keys = keys;
    s->values = values;
    s->capacity = capacity;
    s->count = 0;
    for (size_t i = 0; i < old.capacity; ++i)
        if (old.keys[i] != TC_PAIR_EMPTY) place(s, old.keys[i], old.values[i]);
    tc_mem_free(a, old.keys, old.capacity * sizeof *old.keys);
    tc_mem_free(a, old.values, old.capacity * sizeof *old.values);
    return true;
}

bool tc_pair_set_put(tc_pair_set *s, const tc_allocator *a, uint64_t key, int32_t value)
{
    if (s->capacity) {
        for (size_t i = slot_of(key, s->capacity); s->keys[i] != TC_PAIR_EMPTY; i = (i + 1) & (s->capacity - 1)) {
            if (s->keys[i] == key) {
                s->values[i] = value; /* overwriting never allocates */
                return true;
            }
        }
    }
    /* Keep the load at most one half. */
    if (2 * (s->count + 1) > s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 64;
        if (!rehash(s, a, cap)) return false;
    }
    place(s, key, value);
    return true;
}

void tc_pair_set_remove(tc_pair_set *s, uint64_t key)
{
    if (s->capacity == 0) return;
    const size_t mask = s->capacity - 1;
    size_t i = slot_of(key, s->capacity);
    while (s->keys[i] != key) {
        if (s->keys[i] == TC_PAIR_EMPTY) return;
        i = (i + 1) & mask;
    }
    /* Backward shift: pull later members of the probe run into the hole
     * when their home slot does not lie (cyclically) in (hole, j]. */
    size_t hole = i;
    for (size_t j = (i + 1) & mask; s->keys[j] != TC_PAIR_EMPTY; j = (j + 1) & mask) {
        size_t home = slot_of(s->keys[j], s->capacity);
        bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
        if (!stays) {
            s->keys[hole] = s->keys[j];
            s->values[hole] = s->values[j];
            hole = j;
        }
    }
    s->keys[hole] = TC_PAIR_EMPTY;
    --s->count;
}
