/* SPDX-License-Identifier: MIT */
/* Private: TC_FORCE_INLINE (and its opposite, TC_NO_INLINE), for the few hot helpers whose point is to be
 * specialised at each call site (a traversal copied once per constant
 * flag); compilers otherwise keep a large static function out of line and
 * the flag becomes a branch in every step. Only a hint elsewhere. */
#ifndef TOUCHE_SRC_CORE_INLINE_H
#define TOUCHE_SRC_CORE_INLINE_H

#if defined(__GNUC__) || defined(__clang__)
#  define TC_FORCE_INLINE static inline __attribute__((always_inline))
#else
#  define TC_FORCE_INLINE static inline
#endif

/* TC_NO_INLINE: a rare fall-back, or the large body behind a cheap early
 * return, kept out of the hot function, so that the hot one needs no large
 * stack frame and no saved registers. */
#if defined(__GNUC__) || defined(__clang__)
#  define TC_NO_INLINE static __attribute__((noinline))
#else
#  define TC_NO_INLINE static
#endif

/* TC_UNLIKELY(c): c, hinted rarely true, so the compiler lays the common
 * way out as the straight path (the tiny-pair test of every pair entry). */
#if defined(__GNUC__) || defined(__clang__)
#  define TC_UNLIKELY(c) __builtin_expect(!!(c), 0)
#else
#  define TC_UNLIKELY(c) (c)
#endif

#endif
