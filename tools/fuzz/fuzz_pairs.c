/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the pair queries: the bytes become two shapes of any
 * type, two velocities and a ray, and every query runs through the dispatch
 * (overlap, distance, contact, sweep, the rotating sweep of sweep.h, ray
 * casts) with its contract asserted, not only "no crash":
 *  - valid shapes give finite results: distances >= 0, t in [0, max_t],
 *    unit normals, finite points and depths, 1..4 contact points;
 *  - A-B and B-A agree (overlap exactly, distance within rounding, a
 *    sweep's and a contact's normal flipped);
 *  - overlap agrees with the distance (distance 0 overlaps; an overlap is
 *    within the tolerance band) and with a sweep at t = 0;
 *  - contact is true exactly when overlap is (TOUCHE_FUZZ_CHECK_CONTACT);
 *  - no floating-point exception: invalid, divide-by-zero and overflow
 *    trap (glibc), so any query that raises one crashes the input.
 * Numbers come mostly from a small grid (multiples of 1/16 in [-8, 8]) so
 * that shapes touch exactly and often, else from a table of hostile values
 * (NaN, infinities, 1e20, 1e-45, FLT_MAX, -0) or raw bits.
 *
 * A violated contract aborts; `touche_fuzz_pairs_replay` runs the same
 * checks over the committed corpus (tools/fuzz/pairs_corpus) and seeded
 * random inputs in `make test`. */
#if defined(__linux__)
#define _GNU_SOURCE 1
#endif
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <touche/touche.h>

#include "fuzz_input.h"

/* Contact must be true exactly when overlap is (contact.h). Kept ON:
 * turning it off hides a real defect; the _no_contact replay builds with it
 * off to tell a contact disagreement from any other broken contract. */
#ifndef TOUCHE_FUZZ_CHECK_CONTACT
#define TOUCHE_FUZZ_CHECK_CONTACT 1
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Mostly the grid, else a hostile value or raw bits. */
static float number(fuzz_reader *r)
{
    static const float hostile[16] = { 0.0f, -0.0f, NAN, INFINITY, -INFINITY, 1e20f, -1e20f, 1e-45f,
                                       FLT_MAX, -FLT_MAX, 1e-30f, 1e10f, 0.5f, 1e6f, -1e7f, 1.17549435e-38f };
    const uint8_t s = fuzz_byte(r);
    if (s < 224) return (float)((int)s - 112) / 16.0f; /* the grid: -7 .. 6.9375 */
    if (s < 240) return hostile[s - 224];
    return fuzz_bits(r);
}

/* A broken contract crashes the input for libFuzzer; the replay exits 1
 * instead (TOUCHE_FUZZ_EXIT_ON_FAILURE), so CTest can mark the inputs
 * known to fail as WILL_FAIL. */
static void fuzz_fail(void)
{
#ifdef TOUCHE_FUZZ_EXIT_ON_FAILURE
    exit(1);
#else
    abort();
#endif
}

#ifdef TOUCHE_FUZZ_EXIT_ON_FAILURE
/* A floating-point trap is a broken contract too: exit 1 like the others. */
static void on_trap(int sig)
{
    (void)sig;
    static const char msg[] = "fuzz_pairs: contract broken: a floating-point exception trapped\n";
    fputs(msg, stderr);
    _Exit(1);
}
#endif

#define CONTRACT(cond, ...)                                              \
    do {                                                                 \
        if (!(cond)) {                                                   \
            fprintf(stderr, "fuzz_pairs: contract broken: %s: ", #cond); \
            fprintf(stderr, __VA_ARGS__);                                \
            fputc('\n', stderr);                                         \
            fuzz_fail();                                                 \
        }                                                                \
    } while (0)

/* On the bits: isfinite of a signalling NaN (raw bits from the input) can
 * compile to a comparison that raises FE_INVALID, which traps here. */
static bool finite1(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return (u & 0x7f800000u) != 0x7f800000u;
}
static bool finite3(tc_vec3 v) { return finite1(v.x) && finite1(v.y) && finite1(v.z); }
static bool unit3(tc_vec3 v)
{
    return finite3(v) && fabs(sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z) - 1.0) <= 1e-4;
}

/* The tolerance band's yardstick (conventions.md): the largest coordinate of
 * either bounding box plus the largest extent. Planes add their offset. */
static double scale_of(const tc_shape *s)
{
    if (s->type == TC_SHAPE_PLANE) return fabs((double)s->u.plane.offset);
    tc_aabb b;
    if (!tc_shape_bounds(s, &b)) return 0.0;
    double m = 0.0;
    const float v[6] = { b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z };
    for (int i = 0; i < 6; ++i) m = fabs((double)v[i]) > m ? fabs((double)v[i]) : m;
    return m + fmax(fmax((double)b.max.x - b.min.x, (double)b.max.y - b.min.y), (double)b.max.z - b.min.z);
}

static void check_pair(const tc_shape *a, const tc_shape *b, tc_vec3 va, tc_vec3 vb, float max_t)
{
    const bool planes = a->type == TC_SHAPE_PLANE && b->type == TC_SHAPE_PLANE;
    const double band = 1e-5 * (scale_of(a) > scale_of(b) ? scale_of(a) : scale_of(b)) + 1e-30;
    const bool ov = tc_shape_overlap(a, b);
    CONTRACT(ov == tc_shape_overlap(b, a), "overlap A-B %d, B-A not", ov);
    if (planes) return;
    const float d = tc_shape_distance(a, b, NULL, NULL), d_ba = tc_shape_distance(b, a, NULL, NULL);
    CONTRACT(isfinite(d) && d >= 0.0f, "distance %g", (double)d);
    CONTRACT(isfinite(d_ba) && fabs((double)d - d_ba) <= band, "distance A-B %g, B-A %g", (double)d, (double)d_ba);
    CONTRACT(d > 0.0f || ov, "distance 0 but no overlap");
    CONTRACT(!ov || d <= band, "overlap at distance %g (band %g)", (double)d, band);

    tc_manifold m, m_ba;
    const bool c = tc_shape_contact(a, b, &m), c_ba = tc_shape_contact(b, a, &m_ba);
#if TOUCHE_FUZZ_CHECK_CONTACT
    CONTRACT(c == ov && c_ba == ov, "contact A-B %d, B-A %d, overlap %d (distance %g)", c, c_ba, ov, (double)d);
#endif
    if (c) {
        CONTRACT(m.count >= 1 && m.count <= 4 && unit3(m.normal), "manifold count %d, normal (%g %g %g)", m.count,
                 (double)m.normal.x, (double)m.normal.y, (double)m.normal.z);
        for (int i = 0; i < m.count; ++i)
            CONTRACT(finite3(m.points[i].point) && isfinite(m.points[i].depth), "contact point %d not finite", i);
    }
    if (c && c_ba) CONTRACT(m_ba.count >= 1 && m_ba.count <= 4 && unit3(m_ba.normal), "B-A manifold");

    /* a sweep without motion is an overlap test at t = 0 */
    tc_sweep_hit h;
    const tc_vec3 zero = tc_vec3_zero();
    const bool still = tc_shape_sweep(a, zero, b, zero, 1.0f, &h);
    if (still) CONTRACT(h.t == 0.0f && unit3(h.normal) && finite3(h.point), "still sweep t %g", (double)h.t);
    CONTRACT(!still || ov, "a still sweep hits, overlap says apart");
    CONTRACT(still || d > 0.0f, "distance 0, a still sweep misses");

    const bool s = tc_shape_sweep(a, va, b, vb, max_t, &h);
    tc_sweep_hit h_ba;
    const bool s_ba = tc_shape_sweep(b, vb, a, va, max_t, &h_ba);
    if (s) {
        CONTRACT(h.t >= 0.0f && h.t <= max_t && unit3(h.normal) && finite3(h.point), "sweep t %g of %g", (double)h.t,
                 (double)max_t);
        /* touching at the start (distance 0) hits at t = 0; an overlap
         * inside the tolerance band with a positive distance need not */
        CONTRACT(d > 0.0f || h.t == 0.0f, "distance 0 at the start, sweep t %g", (double)h.t);
    }
    if (s_ba) CONTRACT(h_ba.t >= 0.0f && h_ba.t <= max_t && unit3(h_ba.normal), "B-A sweep t %g", (double)h_ba.t);
    if (s && s_ba && h.t == 0.0f && h_ba.t == 0.0f && a->type != b->type) {
        /* the dispatch swaps the pair and flips the normal */
        const double dot = (double)h.normal.x * h_ba.normal.x + (double)h.normal.y * h_ba.normal.y +
                           (double)h.normal.z * h_ba.normal.z;
        CONTRACT(dot <= -0.999, "B-A sweep normal not flipped");
    }
    if (d == 0.0f) CONTRACT(s && h.t == 0.0f, "distance 0, the sweep misses or hits at %g", s ? (double)h.t : -1.0);
}

static void check_rigid(const tc_shape *a, const tc_shape *b, tc_vec3 va)
{
    /* the rotating sweep of two boxes turning a quarter turn while A moves */
    if (a->type != TC_SHAPE_OBB || b->type != TC_SHAPE_OBB) return;
    tc_obb la = a->u.obb, lb = b->u.obb;
    const tc_transform a0 = tc_transform_make(la.center, tc_quat_identity());
    const tc_transform a1 = tc_transform_make(tc_vec3_make(fuzz_sum(la.center.x, va.x), fuzz_sum(la.center.y, va.y), fuzz_sum(la.center.z, va.z)), tc_quat_make(0, 0, 0.70710678f, 0.70710678f));
    const tc_transform b0 = tc_transform_make(lb.center, tc_quat_identity());
    la.center = tc_vec3_zero();
    lb.center = tc_vec3_zero();
    tc_sweep_hit h;
    if (tc_sweep_rigid_obb_obb(&la, a0, a1, &lb, b0, b0, &h))
        CONTRACT(h.t >= 0.0f && h.t <= 1.0f && unit3(h.normal) && finite3(h.point), "rigid sweep t %g", (double)h.t);
    if (tc_shape_is_valid(a) && tc_shape_is_valid(b) && tc_shape_distance(a, b, NULL, NULL) == 0.0f) {
        CONTRACT(tc_sweep_rigid_obb_obb(&la, a0, a1, &lb, b0, b0, &h) && h.t == 0.0f, "overlapping, rigid sweep misses");
    }
}

static void check_ray(const tc_shape *s, const tc_ray *ray, float max_t)
{
    tc_ray_hit hit;
    if (!tc_shape_raycast(ray, s, max_t, &hit)) return;
    CONTRACT(hit.t >= 0.0f && hit.t <= max_t, "ray t %g of %g", (double)hit.t, (double)max_t);
    CONTRACT(finite3(hit.point), "ray point not finite");
    const bool zero_dir = ray->dir.x == 0.0f && ray->dir.y == 0.0f && ray->dir.z == 0.0f;
    if (!zero_dir) CONTRACT(unit3(hit.normal), "ray normal (%g %g %g)", (double)hit.normal.x, (double)hit.normal.y,
                            (double)hit.normal.z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
/* Not against a clang build without maytrap, which promises no traps
 * (docs/conventions.md; tools/CMakeLists.txt defines this there). */
#if defined(__GLIBC__) && !defined(TOUCHE_FUZZ_NO_TRAPS)
    feenableexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW);
#endif
#ifdef TOUCHE_FUZZ_EXIT_ON_FAILURE
    signal(SIGFPE, on_trap);
#endif
    fuzz_reader r = fuzz_reader_make(data, size, number);
    const tc_shape a = fuzz_shape(&r), b = fuzz_shape(&r);
    const tc_vec3 va = fuzz_vec3(&r), vb = fuzz_vec3(&r);
    float max_t = fuzz_number(&r);
    tc_ray ray;
    ray.origin = fuzz_vec3(&r);
    ray.dir = fuzz_vec3(&r);
    const bool valid = tc_shape_is_valid(&a) && tc_shape_is_valid(&b);
    const bool motion = finite3(va) && finite3(vb) && finite1(max_t);
    /* invalid input: every query still runs (and must not trap) */
    if (!valid || !motion) {
        tc_manifold m;
        tc_sweep_hit h;
        tc_ray_hit rh;
        (void)tc_shape_overlap(&a, &b);
        (void)tc_shape_distance(&a, &b, NULL, NULL);
        (void)tc_shape_contact(&a, &b, &m);
        (void)tc_shape_sweep(&a, va, &b, vb, max_t, &h);
        (void)tc_shape_raycast(&ray, &a, max_t, &rh);
        (void)tc_shape_raycast(&ray, &b, INFINITY, &rh);
        return 0;
    }
    max_t = fabsf(max_t);
    check_pair(&a, &b, va, vb, max_t);
    check_rigid(&a, &b, va);
    if (finite3(ray.origin) && finite3(ray.dir)) {
        check_ray(&a, &ray, max_t);
        check_ray(&b, &ray, INFINITY);
    }
    return 0;
}
