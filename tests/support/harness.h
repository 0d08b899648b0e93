/* SPDX-License-Identifier: MIT */
/* A minimal test harness: one CTest test per case.
 *
 * A test file declares cases with TEST_CASE(name) { ... }, each on a line of
 * its own, and nothing else: touche_add_test_file() (cmake/TestCases.cmake)
 * reads the TEST_CASE lines, registers each case as its own CTest test
 * (`binary name`) and generates the program's main with the table of cases,
 * so a case is written in one place only. */
#ifndef TOUCHE_TEST_HARNESS_H
#define TOUCHE_TEST_HARNESS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "rng.h" /* every test draws its cases from test_rng */

typedef struct test_entry { const char *name; void (*fn)(void); } test_entry;

extern int test_failures;
void test_fail(const char *file, int line, const char *fmt, ...);
int test_run_main(int argc, char **argv, const test_entry *entries, int count);

/* Non-static so the generated main can list it; the prototype keeps
 * -Wmissing-prototypes quiet. */
#define TEST_CASE(name) void test_case_##name(void); void test_case_##name(void)

#define CHECK(cond)                                                                   \
    do { if (!(cond)) test_fail(__FILE__, __LINE__, "CHECK(%s) failed", #cond); } while (0)
#define CHECK_MSG(cond, ...)                                                          \
    do { if (!(cond)) test_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#define CHECK_NEAR(a, b, tol)                                                         \
    do {                                                                              \
        double a_ = (double)(a), b_ = (double)(b), t_ = (double)(tol);                \
        if (!(fabs(a_ - b_) <= t_))                                                   \
            test_fail(__FILE__, __LINE__, "CHECK_NEAR(%s, %s): %.9g vs %.9g (tol %.3g)", \
                      #a, #b, a_, b_, t_);                                            \
    } while (0)

/* Number of random cases for stress tests: TOUCHE_TEST_CASES in the
 * environment overrides the default given. */
int test_random_count(int default_count);

#endif
