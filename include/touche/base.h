/* SPDX-License-Identifier: MIT */
/** @file
 * Touché base definitions: export macro, version, tolerances, error handling.
 *
 * Conventions that hold across the whole library (every other header repeats
 * the ones that matter to it):
 *  - Units are whatever the caller uses; nothing assumes metres. Tolerances are
 *    relative, never absolute lengths.
 *  - Shapes are closed sets: touching counts as overlapping.
 *  - Programmer mistakes (a NULL pointer where an object is required, a stale
 *    id) give a defined result (false, zero, no-op) in every build. In a
 *    debug build of the library (compiled without NDEBUG) they are first
 *    reported to the assert handler, which aborts by default; a release
 *    build (NDEBUG) does not check them through the handler at all and only
 *    gives the defined result.
 *  - Bad data (NaN, infinity, negative sizes) never crashes, traps or hangs;
 *    queries on such shapes answer false / no hit.
 *  - Zero, in definitions and setters alike (Box2D's model): every
 *    definition struct tc_<x>_def has a tc_<x>_def_default() that gives the
 *    defaults, and a zero field means literally zero, as the setter of that
 *    field takes it (a zero category or mask meets nothing, a zero scale is
 *    invalid, a zero margin is no margin). Start from the default and set
 *    what differs; a memset definition is a definition of zeros. Passing a
 *    NULL definition means the defaults. A NULL pointer among a struct's
 *    hooks or callbacks means none was given (a zeroed tc_allocator is
 *    malloc/free, alloc.h).
 */
#ifndef TOUCHE_BASE_H
#define TOUCHE_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Marks a function of the public API: exported from a shared libtouche
 * (dllexport/dllimport on Windows, default visibility elsewhere), nothing
 * for a static one. */
#if defined(_WIN32) && defined(TOUCHE_SHARED)
#  if defined(TOUCHE_BUILDING)
#    define TC_API __declspec(dllexport)
#  else
#    define TC_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define TC_API __attribute__((visibility("default")))
#else
#  define TC_API
#endif

/** Opens the C linkage block of a public header (extern "C" in C++). */
#ifdef __cplusplus
#  define TC_C_BEGIN extern "C" {
/** Closes the block TC_C_BEGIN opened. */
#  define TC_C_END }
#else
#  define TC_C_BEGIN
#  define TC_C_END
#endif

/** Relative tolerance band around touching. A pair reported as overlapping is
 * at most TC_TOLERANCE * scale apart, where scale is the largest absolute
 * coordinate of either shape's bounding box plus its largest extent (see
 * docs/conventions.md). A pair that overlaps exactly is never reported apart. */
#define TC_TOLERANCE 1e-5f

TC_C_BEGIN

/** Called when a debug build of the library (compiled without NDEBUG)
 * detects a programmer error, with the failed condition and where it was
 * checked. Return true to let the library abort, false to continue with the
 * documented defined result. A release build (NDEBUG) never calls it,
 * whatever handler is installed: the error then only gets the defined result. */
typedef bool tc_assert_fn(const char *condition, const char *file, int line);

/** Replaces the assert handler (used by debug builds only, see tc_assert_fn);
 * NULL restores the default, which prints the failed condition to stderr and
 * aborts. Returns the previous handler. */
TC_API tc_assert_fn *tc_set_assert_handler(tc_assert_fn *handler);

/** The compiled library's version as (major << 16) | (minor << 8) | patch,
 * e.g. 0x000200 for 0.2.0: the version of CMake's project(), the same as
 * touche.pc's and the CMake package's. */
TC_API uint32_t tc_version(void);

TC_C_END

#endif
