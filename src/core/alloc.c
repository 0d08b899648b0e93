/* SPDX-License-Identifier: MIT */
#include "core/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *tc_mem_alloc(const tc_allocator *a, size_t size)
{
    if (size == 0) size = 1; /* a valid, unique pointer even for empty arrays */
    if (a && a->alloc) return a->alloc(a->context, size);
    return malloc(size);
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
