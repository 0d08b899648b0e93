/* SPDX-License-Identifier: MIT */
#include "counting_allocator.h"

#include <stdlib.h>
#include <string.h>

/* Each block carries its size in a header so a free can be checked. */
typedef union header { size_t size; max_align_t align; } header;

static void *count_alloc(void *context, size_t size)
{
    counting_allocator *c = (counting_allocator *)context;
    if (c->fail_after == 0) return NULL;
    if (c->fail_after > 0) --c->fail_after;
    header *h = (header *)malloc(sizeof(header) + size);
    if (!h) return NULL;
    h->size = size;
    ++c->live_blocks;
    ++c->total_allocs;
    c->live_bytes += (int64_t)size;
    return h + 1;
}

static void count_free(void *context, void *ptr, size_t size)
{
    counting_allocator *c = (counting_allocator *)context;
    if (!ptr) return;
    header *h = (header *)ptr - 1;
    if (h->size != size) ++c->bad_frees;
    --c->live_blocks;
    c->live_bytes -= (int64_t)h->size;
    memset(h + 1, 0xdd, h->size); /* make use-after-free visible */
    free(h);
}

void counting_allocator_init(counting_allocator *c)
{
    memset(c, 0, sizeof *c);
    c->fail_after = -1;
}

tc_allocator counting_allocator_hooks(counting_allocator *c)
{
    tc_allocator a;
    a.alloc = count_alloc;
    a.free = count_free;
    a.context = c;
    return a;
}
