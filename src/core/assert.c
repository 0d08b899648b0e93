/* SPDX-License-Identifier: MIT */
#include "core/assert.h"

#include <stdio.h>
#include <stdlib.h>

static bool tc_default_assert(const char *condition, const char *file, int line)
{
    fprintf(stderr, "touche: %s:%d: programmer error: %s\n", file, line, condition);
    return true;
}

/* One process-wide handler: it is a debugging hook, not per-world state. */
static tc_assert_fn *tc_assert_handler = tc_default_assert;

tc_assert_fn *tc_set_assert_handler(tc_assert_fn *handler)
{
    tc_assert_fn *previous = tc_assert_handler;
    tc_assert_handler = handler ? handler : tc_default_assert;
    return previous;
}

bool tc_assert_report(const char *condition, const char *file, int line)
{
    if (tc_assert_handler(condition, file, line)) abort();
    return false;
}
