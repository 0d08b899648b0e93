/* SPDX-License-Identifier: MIT */
/* Programmer-error checks. TC_REQUIRE(cond) evaluates to cond; when cond is
 * false in a debug build (NDEBUG not defined) it first reports through the
 * replaceable assert handler, which may abort. Callers then return their
 * documented defined result, so release builds stay safe too. */
#ifndef TOUCHE_CORE_ASSERT_H
#define TOUCHE_CORE_ASSERT_H

#include <touche/base.h>

bool tc_assert_report(const char *condition, const char *file, int line);

#ifdef NDEBUG
#  define TC_REQUIRE(cond) (!!(cond))
#else
#  define TC_REQUIRE(cond) ((cond) ? true : tc_assert_report(#cond, __FILE__, __LINE__))
#endif

#endif
