/* SPDX-License-Identifier: MIT */
/** @file
 * Touché allocation hooks: how the tree and the world get their memory.
 *
 * Conventions:
 *  - Pair queries never allocate. The objects that own memory (tc_tree,
 *    tc_world) take a tc_allocator in their definition and use nothing else:
 *    no global state, so several trees and worlds with different allocators
 *    coexist.
 *  - A zeroed tc_allocator (alloc == NULL) means the C library's malloc/free
 *    (a mesh's ray hierarchy, a large block read at random, comes from
 *    aligned_alloc, aligned to 2 MiB and advised for huge pages on Linux;
 *    it too goes back to free).
 *  - alloc must return memory aligned for any object type (as malloc does)
 *    or NULL on failure; the library then reports failure and stays usable.
 *    free receives the size that was requested, so a counting allocator can
 *    check that everything given back matches what was taken.
 */
#ifndef TOUCHE_ALLOC_H
#define TOUCHE_ALLOC_H

#include "base.h"

TC_C_BEGIN

/// Where an object that owns memory gets it; zeroed: the C library's malloc and free.
typedef struct tc_allocator {
    void *(*alloc)(void *context, size_t size);
    void (*free)(void *context, void *ptr, size_t size);
    void *context;   /**< passed back to both hooks */
} tc_allocator;

TC_C_END

#endif
