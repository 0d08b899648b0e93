/* SPDX-License-Identifier: MIT */
/* Linked into every test, tool and example executable of a TOUCHE_FP_TRAPS
 * build: before main, turns the invalid, divide-by-zero and overflow
 * floating-point exceptions into traps (SIGFPE), so any library call that
 * raises one fails its test instead of quietly producing a NaN or an
 * infinity. This is how the no-trap promise (docs/conventions.md) is
 * tested. Test code that computes with NaN or infinity on purpose must do
 * so without raising (isnan/isfinite, no ordered comparison of a NaN). */
#define _GNU_SOURCE 1
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>

#if !defined(__GLIBC__)
#error "TOUCHE_FP_TRAPS needs feenableexcept (glibc)"
#endif

static void touche_enable_fp_traps(void) __attribute__((constructor));

static void touche_enable_fp_traps(void)
{
    /* TOUCHE_FP_TRAPS=0 in the environment runs a trapped build untrapped,
     * to tell a trap from another failure. */
    const char *env = getenv("TOUCHE_FP_TRAPS");
    if (env && env[0] == '0' && env[1] == '\0') return;
    if (feenableexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW) == -1) {
        fputs("fp_traps: feenableexcept failed\n", stderr);
        abort();
    }
}
