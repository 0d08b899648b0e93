/* SPDX-License-Identifier: MIT */
/* A tc_allocator that counts live blocks and bytes, checks that every free
 * names the size that was allocated, and can be told to fail after a number
 * of allocations. Used to prove the tree and the world leak nothing. */
#ifndef TOUCHE_TEST_COUNTING_ALLOCATOR_H
#define TOUCHE_TEST_COUNTING_ALLOCATOR_H

#include <stddef.h>
#include <stdint.h>

#include <touche/alloc.h>

typedef struct counting_allocator {
    int64_t live_blocks;
    int64_t live_bytes;
    int64_t total_allocs;
    int64_t bad_frees;       /* frees whose size did not match the allocation */
    int64_t fail_after;      /* < 0: never fail; else allocations left before failing */
} counting_allocator;

void counting_allocator_init(counting_allocator *c);
/* A tc_allocator whose hooks count into c. */
tc_allocator counting_allocator_hooks(counting_allocator *c);

#endif
