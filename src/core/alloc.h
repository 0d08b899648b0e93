/* SPDX-License-Identifier: MIT */
/* Private: allocation through a tc_allocator (NULL hooks mean malloc/free). */
#ifndef TOUCHE_SRC_CORE_ALLOC_H
#define TOUCHE_SRC_CORE_ALLOC_H

#include <touche/alloc.h>

#include <stdint.h>

/* A cache line: arrays a walk hops through are aligned to it so that a
 * node never straddles two lines. */
#define TC_CACHE_LINE 64

/* The first line boundary at or after p (allocate TC_CACHE_LINE - 1 bytes
 * more than needed to align an array). */
static inline void *tc_mem_line_align(void *p)
{
    uintptr_t a = (uintptr_t)p;
    return (void *)((a + (TC_CACHE_LINE - 1)) & ~(uintptr_t)(TC_CACHE_LINE - 1));
}

void *tc_mem_alloc(const tc_allocator *a, size_t size);
/* tc_mem_alloc for a large block a walk hops through at random (a mesh's
 * ray hierarchy: tens of MB, a few lines read from each of many pages).
 * With the default allocator, a block of a few MB or more is aligned to
 * 2 MiB and, on Linux, advised for transparent huge pages: with 4 KB pages
 * nearly every node a ray reaches misses the TLB as well as the cache.
 * Freed by tc_mem_free like any block (aligned_alloc's blocks go to free);
 * a user allocator gets the plain request. */
void *tc_mem_alloc_walked(const tc_allocator *a, size_t size);
void tc_mem_free(const tc_allocator *a, void *ptr, size_t size);
/* Grows (or shrinks) a block: allocates new_size, copies the common prefix,
 * frees the old block. On failure returns NULL and leaves the old block
 * untouched. */
void *tc_mem_resize(const tc_allocator *a, void *ptr, size_t old_size, size_t new_size);
/* Grows an array so it holds at least `needed` elements of `elem` bytes,
 * doubling its capacity; false (array untouched) on overflow or failure. */
bool tc_mem_reserve(const tc_allocator *a, void **array, size_t *capacity, size_t needed, size_t elem);

#endif
