/* SPDX-License-Identifier: MIT */
/* Private: a hint to start loading memory a loop will need a few iterations
 * later, for loops that hop between large arrays (pairs of colliders, tree
 * nodes). Only a hint: no effect on results, nothing where unsupported. */
#ifndef TOUCHE_SRC_CORE_PREFETCH_H
#define TOUCHE_SRC_CORE_PREFETCH_H

#if defined(__GNUC__) || defined(__clang__)
#  define TC_PREFETCH(address) __builtin_prefetch(address)
#else
#  define TC_PREFETCH(address) ((void)(address))
#endif

#endif
