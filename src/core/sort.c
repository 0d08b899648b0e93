/* SPDX-License-Identifier: MIT */
#include "core/sort.h"

#include <string.h>

static void insertion_sort(uint64_t *k, size_t n)
{
    for (size_t i = 1; i < n; ++i) {
        uint64_t v = k[i];
        size_t j = i;
        while (j > 0 && k[j - 1] > v) {
            k[j] = k[j - 1];
            --j;
        }
        k[j] = v;
    }
}

void tc_sort_u64(uint64_t *keys, size_t n, uint64_t *scratch)
{
    if (n < 64) {
        insertion_sort(keys, n);
        return;
    }
    /* One counting pass for all eight digits. */
    size_t count[8][256];
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < n; ++i) {
        uint64_t k = keys[i];
        for (int d = 0; d < 8; ++d) ++count[d][(k >> (8 * d)) & 0xffu];
    }
    uint64_t *src = keys, *dst = scratch;
    for (int d = 0; d < 8; ++d) {
        size_t *c = count[d];
        /* every key has the same byte here: this pass would not move anything */
        if (c[(src[0] >> (8 * d)) & 0xffu] == n) continue;
        size_t sum = 0;
        for (int b = 0; b < 256; ++b) {
            size_t t = c[b];
            c[b] = sum;
            sum += t;
        }
        for (size_t i = 0; i < n; ++i) {
            uint64_t k = src[i];
            dst[c[(k >> (8 * d)) & 0xffu]++] = k;
        }
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    if (src != keys) memcpy(keys, src, n * sizeof *keys);
}
