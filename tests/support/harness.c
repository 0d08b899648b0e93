/* SPDX-License-Identifier: MIT */
#include "harness.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int test_failures = 0;

void test_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    ++test_failures;
    if (test_failures > 20) return; /* keep the log readable */
    fprintf(stderr, "%s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int test_run_main(int argc, char **argv, const test_entry *entries, int count)
{
    int ran = 0;
    for (int i = 0; i < count; ++i) {
        if (argc > 1 && strcmp(argv[1], entries[i].name) != 0) continue;
        int before = test_failures;
        entries[i].fn();
        ++ran;
        printf("%s %s\n", test_failures == before ? "PASS" : "FAIL", entries[i].name);
    }
    if (ran == 0) {
        fprintf(stderr, "unknown case: %s\n", argc > 1 ? argv[1] : "(none)");
        return 1;
    }
    if (test_failures) fprintf(stderr, "%d check(s) failed\n", test_failures);
    return test_failures ? 1 : 0;
}

uint64_t test_rng_next(test_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double test_rng_uniform(test_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * ((double)(test_rng_next(r) >> 11) * (1.0 / 9007199254740992.0));
}

int test_rng_int(test_rng *r, int lo, int hi)
{
    return lo + (int)(test_rng_next(r) % (uint64_t)(hi - lo + 1));
}

int test_random_count(int default_count)
{
    const char *env = getenv("TOUCHE_TEST_CASES");
    if (env && *env) {
        int n = atoi(env);
        if (n > 0) return n;
    }
    return default_count;
}
