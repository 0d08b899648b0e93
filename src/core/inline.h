/* SPDX-License-Identifier: MIT */
/* Private: TC_FORCE_INLINE, for the few hot helpers whose point is to be
 * specialised at each call site (a traversal copied once per constant
 * flag); compilers otherwise keep a large static function out of line and
 * the flag becomes a branch in every step. Only a hint elsewhere.
 * TC_NOINLINE, for the large body behind a cheap early return, so that the
 * early return does not pay for the body's frame. */
#ifndef TOUCHE_SRC_CORE_INLINE_H
#define TOUCHE_SRC_CORE_INLINE_H

#if defined(__GNUC__) || defined(__clang__)
#  define TC_FORCE_INLINE static inline __attribute__((always_inline))
#else
#  define TC_FORCE_INLINE static inline
#endif

#if defined(__GNUC__) || defined(__clang__)
#  define TC_NOINLINE static __attribute__((noinline))
#else
#  define TC_NOINLINE static
#endif

#endif
