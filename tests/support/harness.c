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

int test_random_count(int default_count)
{
    const char *env = getenv("TOUCHE_TEST_CASES");
    if (env && *env) {
        int n = atoi(env);
        if (n > 0) return n;
    }
    return default_count;
}
