/* SPDX-License-Identifier: MIT */
/* Private: bit tricks for branch-free masks. */
#ifndef TOUCHE_SRC_CORE_BITS_H
#define TOUCHE_SRC_CORE_BITS_H

#include <stdint.h>

/* Index of the lowest set bit; mask is non-zero. One instruction where the
 * compiler has it (box-box contact reads a few per pair); elsewhere without
 * a loop (de Bruijn): a loop's exit, unpredictable for random data, costs
 * more than the multiply. */
static inline int tc_lowest_bit(unsigned mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(mask);
#else
    static const unsigned char index[32] = { 0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20, 15, 25, 17, 4,  8,
                                             31, 27, 13, 23, 21, 19, 16, 7,  26, 12, 18, 6,  11, 5,  10, 9 };
    uint32_t low = (uint32_t)mask & (0u - (uint32_t)mask);
    return index[(uint32_t)(low * 0x077CB531u) >> 27];
#endif
}

#endif
