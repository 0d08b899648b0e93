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
    s->keys = NULL;
    s->capacity = 0;
    s->count = 0;
}

bool tc_pair_set_contains(const tc_pair_set *s, uint64_t key)
{
    if (s->capacity == 0) return false;
    const size_t mask = s->capacity - 1;
    for (size_t i = slot_of(key, s->capacity);; i = (i + 1) & mask) {
        if (s->keys[i] == key) return true;
        if (s->keys[i] == TC_PAIR_EMPTY) return false;
    }
}

/* Inserts a key known to be absent; capacity known to suffice. */
static void place(tc_pair_set *s, uint64_t key)
{
    const size_t mask = s->capacity - 1;
    size_t i = slot_of(key, s->capacity);
    while (s->keys[i] != TC_PAIR_EMPTY) i = (i + 1) & mask;
    s->keys[i] = key;
    ++s->count;
}

static bool rehash(tc_pair_set *s, const tc_allocator *a, size_t capacity)
{
    uint64_t *keys = (uint64_t *)tc_mem_alloc(a, capacity * sizeof *keys);
    if (!keys) return false;
    for (size_t i = 0; i < capacity; ++i) keys[i] = TC_PAIR_EMPTY;
    tc_pair_set old = *s;
    s->keys = keys;
    s->capacity = capacity;
    s->count = 0;
    for (size_t i = 0; i < old.capacity; ++i)
        if (old.keys[i] != TC_PAIR_EMPTY) place(s, old.keys[i]);
    tc_mem_free(a, old.keys, old.capacity * sizeof *old.keys);
    return true;
}

bool tc_pair_set_reserve(tc_pair_set *s, const tc_allocator *a, size_t count)
{
    /* Keep the load at most one half. */
    if (2 * count <= s->capacity) return true;
    size_t cap = s->capacity ? s->capacity : 64;
    while (2 * count > cap) {
        if (cap > ((size_t)-1) / (4 * sizeof(uint64_t))) return false;
        cap *= 2;
    }
    return rehash(s, a, cap);
}

bool tc_pair_set_add(tc_pair_set *s, const tc_allocator *a, uint64_t key, bool *out_of_memory)
{
    if (s->capacity) {
        const size_t mask = s->capacity - 1;
        size_t i = slot_of(key, s->capacity);
        for (; s->keys[i] != TC_PAIR_EMPTY; i = (i + 1) & mask)
            if (s->keys[i] == key) return false;
        if (2 * (s->count + 1) <= s->capacity) {
            s->keys[i] = key; /* the free slot that ended the probe */
            ++s->count;
            return true;
        }
    }
    if (!tc_pair_set_reserve(s, a, s->count + 1)) {
        *out_of_memory = true;
        return false;
    }
    place(s, key);
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
            hole = j;
        }
    }
    s->keys[hole] = TC_PAIR_EMPTY;
    --s->count;
}
