/* SPDX-License-Identifier: MIT */
/* clock_gettime is POSIX, not C11. */
#define _POSIX_C_SOURCE 200112L

#include "bench_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- sink ------------------------------------------------------------------ */
static volatile uint64_t sink_u64;
static volatile double sink_double;

void bench_sink_u64(uint64_t value) { sink_u64 = sink_u64 + value; }
void bench_sink_double(double value) { sink_double = sink_double + value; }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : (x > y ? 1 : 0);
}

double bench_median(double *values, size_t n)
{
    if (n == 0) return 0.0;
    qsort(values, n, sizeof(double), cmp_double);
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double bench_scale(void)
{
    const char *s = getenv("BENCH_SCALE");
    double v = s ? atof(s) : 1.0;
    if (!(v >= 0.001)) v = s ? 0.001 : 1.0;
    if (v > 100.0) v = 100.0;
    return v;
}

/* ---- table ----------------------------------------------------------------- */
void bench_table_begin(const char *title, const char *name_header, const char *note_header)
{
    printf("\n%s\n", title);
    printf("%-26s %9s %9s %8s %7s  %s\n", name_header, "touche ns", "base ns", "speedup", "agree", note_header);
    printf("%-26s %9s %9s %8s %7s  %s\n", "--------------------------", "---------", "---------", "--------",
           "-------", "--------");
}

void bench_table_row(const char *name, double ns, double baseline_ns, double agree_percent, const char *note)
{
    double ratio = ns > 0.0 ? baseline_ns / ns : 0.0;
    char agree[16];
    if (agree_percent < 0.0)
        snprintf(agree, sizeof agree, "%s", "-");
    else
        snprintf(agree, sizeof agree, "%.2f%%", agree_percent);
    printf("%-26s %9.2f %9.2f %7.2fx %7s  %s\n", name, ns, baseline_ns, ratio, agree, note ? note : "");
}

void bench_table_end(void) { fflush(stdout); }

double bench_time_ns_per_call(bench_body_fn *fn, void *ctx, size_t calls, int min_reps, double min_seconds)
{
    double best = INFINITY, total = 0.0;
    int reps = 0;
    while (reps < min_reps || total < min_seconds) {
        double t0 = bench_now();
        bench_sink_u64(fn(ctx));
        double dt = bench_now() - t0;
        total += dt;
        if (dt < best) best = dt;
        ++reps;
        if (reps > 100000) break;
    }
    return best * 1e9 / (double)(calls ? calls : 1);
}
