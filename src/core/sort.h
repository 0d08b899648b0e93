/* SPDX-License-Identifier: MIT */
/* Private: sorting keys without comparisons. */
#ifndef TOUCHE_SRC_CORE_SORT_H
#define TOUCHE_SRC_CORE_SORT_H

#include <touche/base.h>

/* Sorts keys[0..n) ascending by a least-significant-digit radix sort, 8 bits
 * per pass, skipping the passes whose byte is the same in every key (so keys
 * made of two small 32-bit indices cost few passes). scratch holds n keys.
 * Stable and O(n) per pass; for short arrays it falls back to insertion
 * sort. */
void tc_sort_u64(uint64_t *keys, size_t n, uint64_t *scratch);

#endif
