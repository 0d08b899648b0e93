/* SPDX-License-Identifier: MIT */
/* madvise and MADV_HUGEPAGE (tc_mem_alloc_walked) are not in strict C11 */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#include "core/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

void *tc_mem_alloc(const tc_allocator *a, size_t size)
{
    if (size == 0) size = 1; /* a valid, unique pointer even for empty arrays */
    if (a && a->alloc) return a->alloc(a->context, size);
    return malloc(size);
}

/* Transparent huge pages are 2 MiB on the Linux systems that have them. */
#define TC_HUGE_PAGE ((size_t)2 << 20)

void *tc_mem_alloc_walked(const tc_allocator *a, size_t size)
{
    if ((a && a->alloc) || size < 2 * TC_HUGE_PAGE || size > SIZE_MAX - TC_HUGE_PAGE) return tc_mem_alloc(a, size);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* whole huge pages, so that the kernel can back every one of them */
    const size_t rounded = (size + (TC_HUGE_PAGE - 1)) & ~(TC_HUGE_PAGE - 1);
    void *p = aligned_alloc(TC_HUGE_PAGE, rounded);
    if (!p) return malloc(size);
    (void)madvise(p, rounded, MADV_HUGEPAGE); /* a hint: refused, the block is as good, only walked slower */
    return p;
#else
    return malloc(size);
#endif
}

void tc_mem_free(const tc_allocator *a, void *ptr, size_t size)
{
    if (!ptr) return;
    if (size == 0) size = 1;
    if (a && a->alloc) {
        if (a->free) a->free(a->context, ptr, size);
        return;
    }
    free(ptr);
}

void *tc_mem_resize(const tc_allocator *a, void *ptr, size_t old_size, size_t new_size)
{
    void *p = tc_mem_alloc(a, new_size);
    if (!p) return NULL;
    if (ptr) {
        memcpy(p, ptr, old_size < new_size ? old_size : new_size);
        tc_mem_free(a, ptr, old_size);
    }
    return p;
}

bool tc_mem_reserve(const tc_allocator *a, void **array, size_t *capacity, size_t needed, size_t elem)
{
    if (needed <= *capacity) return true;
    size_t cap = *capacity ? *capacity : 16;
    while (cap < needed) {
        if (cap > SIZE_MAX / 2) return false;
        cap *= 2;
    }
    if (cap > SIZE_MAX / elem) return false;
    void *p = tc_mem_resize(a, *array, *capacity * elem, cap * elem);
    if (!p) return false;
    *array = p;
    *capacity = cap;
    return true;
}
