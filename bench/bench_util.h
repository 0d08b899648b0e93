/* SPDX-License-Identifier: MIT */
/* Shared helpers for the benchmark programs: a monotonic clock, a seeded
 * generator, a sink that keeps results alive, and a table printer.
 *
 * Benchmarks are programs, not tests: they print what they measure and exit
 * 0 unless something is broken (a failed allocation, a peer that crashed).
 * The header is C and C++ so the peer glue written in C++ can use it.
 */
#ifndef TOUCHE_BENCH_UTIL_H
#define TOUCHE_BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#  define BENCH_NOINLINE __attribute__((noinline))
#else
#  define BENCH_NOINLINE
#endif

/* ---- time ----------------------------------------------------------------- */
/* Seconds from CLOCK_MONOTONIC; only differences mean anything. */
double bench_now(void);

/* ---- random numbers --------------------------------------------------------
 * xoshiro256** seeded through splitmix64: fast, good enough, and the same
 * stream on every machine, so every library sees the same inputs. */
typedef struct bench_rng { uint64_t s[4]; } bench_rng;

void bench_rng_seed(bench_rng *rng, uint64_t seed);
uint64_t bench_rng_u64(bench_rng *rng);
/* Uniform in [0, 1) with 53 random bits. */
double bench_rng_unit(bench_rng *rng);
/* Uniform in [lo, hi). */
double bench_rng_range(bench_rng *rng, double lo, double hi);
/* out[0], out[1], then out[2], each uniform in [lo, hi): several draws as one
 * call's arguments would come in an order the compiler picks. */
void bench_rng_range3(bench_rng *rng, double lo, double hi, double out[3]);

/* Uniform integer in [0, n), n > 0. */
uint32_t bench_rng_below(bench_rng *rng, uint32_t n);
/* exp(uniform(log lo, log hi)): spreads samples evenly over orders of magnitude. */
double bench_rng_log_range(bench_rng *rng, double lo, double hi);
/* A uniformly distributed unit vector. */
void bench_rng_unit_vector(bench_rng *rng, double out[3]);
/* A uniformly distributed unit quaternion (x, y, z, w). */
void bench_rng_quat(bench_rng *rng, double out[4]);

/* ---- do-not-optimise-away sink ----------------------------------------------
 * Feed every result in; the compiler cannot drop a loop whose results reach a
 * volatile store. */
void bench_sink_u64(uint64_t value);
void bench_sink_double(double value);

/* Median of n values (sorts them in place); 0 for n == 0. */
double bench_median(double *values, size_t n);

/* Environment knob: BENCH_SCALE (default 1) multiplies the amount of work,
 * e.g. BENCH_SCALE=0.1 for a quick run. Clamped to [0.001, 100]. */
double bench_scale(void);

/* ---- table ------------------------------------------------------------------
 * A fixed-layout table: one row per measured call, the Touché time, the
 * baseline time in the same run and the ratio baseline / Touché (how many
 * times faster Touché is), the share of inputs on which both gave the same
 * answer (negative: not measured), then a free-text note naming the baseline. */
void bench_table_begin(const char *title, const char *name_header, const char *note_header);
void bench_table_row(const char *name, double ns, double baseline_ns, double agree_percent, const char *note);
void bench_table_end(void);

/* Time `fn(ctx)` which performs `calls` calls: runs it until at least
 * `min_seconds` passed in total (at least `min_reps` times) and returns the
 * fastest run in nanoseconds per call. The fastest run is the one least
 * disturbed by other processes on a shared machine. */
typedef uint64_t bench_body_fn(void *ctx);
double bench_time_ns_per_call(bench_body_fn *fn, void *ctx, size_t calls, int min_reps, double min_seconds);

#ifdef __cplusplus
}
#endif

#endif
