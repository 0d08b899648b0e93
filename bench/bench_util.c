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

/* ---- random numbers ------------------------------------------------------- */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void bench_rng_seed(bench_rng *rng, uint64_t seed)
{
    uint64_t st = seed;
    for (int i = 0; i < 4; ++i)
        rng->s[i] = splitmix64(&st);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t bench_rng_u64(bench_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

double bench_rng_unit(bench_rng *rng) { return (double)(bench_rng_u64(rng) >> 11) * 0x1.0p-53; }

double bench_rng_range(bench_rng *rng, double lo, double hi) { return lo + (hi - lo) * bench_rng_unit(rng); }

void bench_rng_range3(bench_rng *rng, double lo, double hi, double out[3])
{
    for (int k = 0; k < 3; ++k) out[k] = bench_rng_range(rng, lo, hi);
}


uint32_t bench_rng_below(bench_rng *rng, uint32_t n) { return (uint32_t)(((bench_rng_u64(rng) >> 32) * n) >> 32); }

double bench_rng_log_range(bench_rng *rng, double lo, double hi)
{
    return exp(bench_rng_range(rng, log(lo), log(hi)));
}

void bench_rng_unit_vector(bench_rng *rng, double out[3])
{
    /* Rejection from the cube keeps the direction uniform. */
    for (;;) {
        double x = bench_rng_range(rng, -1.0, 1.0), y = bench_rng_range(rng, -1.0, 1.0),
               z = bench_rng_range(rng, -1.0, 1.0);
        double l2 = x * x + y * y + z * z;
        if (l2 > 1e-6 && l2 <= 1.0) {
            double inv = 1.0 / sqrt(l2);
            out[0] = x * inv; out[1] = y * inv; out[2] = z * inv;
            return;
        }
    }
}

void bench_rng_quat(bench_rng *rng, double out[4])
{
    /* Shoemake's subgroup algorithm: uniform over rotations. */
    const double two_pi = 6.283185307179586;
    double u1 = bench_rng_unit(rng), u2 = bench_rng_unit(rng), u3 = bench_rng_unit(rng);
    double r1 = sqrt(1.0 - u1), r2 = sqrt(u1);
    out[0] = r1 * sin(two_pi * u2);
    out[1] = r1 * cos(two_pi * u2);
    out[2] = r2 * sin(two_pi * u3);
    out[3] = r2 * cos(two_pi * u3);
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
