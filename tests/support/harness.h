/* A minimal test harness: one CTest test per case.
 *
 * A test file declares cases with TEST_CASE(name) { ... } and lists them once
 * in a table with TEST_LIST(TEST_ENTRY(a), TEST_ENTRY(b), ...). CMake reads the
 * TEST_CASE lines and registers each case as its own CTest test, running
 * `binary name`; a case missing from the table fails as "unknown case". */
#ifndef TOUCHE_TEST_HARNESS_H
#define TOUCHE_TEST_HARNESS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct test_entry { const char *name; void (*fn)(void); } test_entry;

extern int test_failures;
void test_fail(const char *file, int line, const char *fmt, ...);
int test_run_main(int argc, char **argv, const test_entry *entries, int count);

#define TEST_CASE(name) static void name(void)
#define TEST_ENTRY(name) { #name, name }
#define TEST_LIST(...)                                                                \
    static const test_entry test_entries_[] = { __VA_ARGS__ };                        \
    int main(int argc, char **argv)                                                   \
    {                                                                                 \
        return test_run_main(argc, argv, test_entries_,                               \
                             (int)(sizeof test_entries_ / sizeof test_entries_[0]));  \
    }

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

/* Deterministic random numbers (splitmix64), independent of the C library. */
typedef struct test_rng { uint64_t state; } test_rng;
uint64_t test_rng_next(test_rng *r);
double test_rng_uniform(test_rng *r, double lo, double hi); /* [lo, hi) */
int test_rng_int(test_rng *r, int lo, int hi);              /* [lo, hi] */

/* Number of random cases for stress tests: TOUCHE_TEST_CASES in the
 * environment overrides the default given. */
int test_random_count(int default_count);

#endif
