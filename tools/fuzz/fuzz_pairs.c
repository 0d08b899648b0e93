/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the pair queries: the bytes become two shapes of any
 * type (hulls and meshes of up to eight points included), two velocities,
 * a ray and two rotating motions, and every query runs through the dispatch
 * (overlap, distance, contact, sweep, the rotating sweep tc_shape_sweep_rigid
 * of every pair, ray casts) with its contract asserted, not only "no crash":
 *  - valid shapes give finite results: distances >= 0, t in [0, max_t],
 *    unit normals, finite points and depths, 1..4 contact points;
 *  - A-B and B-A agree (overlap exactly, distance within rounding, a
 *    sweep's and a contact's normal flipped);
 *  - overlap agrees with the distance (distance 0 overlaps; an overlap is
 *    within the tolerance band) and with a sweep at t = 0;
 *  - the rotating sweep: t in [0, 1], A-B and B-A the same t with the
 *    normal flipped, a hit at t = 0 only within the band at the start,
 *    distance 0 at an identity start a hit at t = 0, no motion the overlap
 *    test; a non-finite pose, a moving plane, two planes or two meshes
 *    find nothing;
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

/* The pair's types, named in every broken contract's message. */
static int fuzz_types[2];
#define CONTRACT(cond, ...)                                              \
    do {                                                                 \
        if (!(cond)) {                                                   \
            fprintf(stderr, "fuzz_pairs: contract broken: %s: types %d %d: ", #cond, fuzz_types[0], fuzz_types[1]); \
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

/* A valid hull's or mesh's bounds are finite: one placed beyond the float
 * range is invalid (hull.h, mesh.h). */
static void check_bounds(const tc_shape *s)
{
    if (s->type != TC_SHAPE_HULL && s->type != TC_SHAPE_MESH) return;
    tc_aabb box;
    CONTRACT(tc_shape_bounds(s, &box) && finite3(box.min) && finite3(box.max), "a valid shape's bounds not finite");
}

static void check_pair(const tc_shape *a, const tc_shape *b, tc_vec3 va, tc_vec3 vb, float max_t)
{
    /* two planes or two meshes have no pair function (dispatch.h) */
    const bool planes = a->type == TC_SHAPE_PLANE && b->type == TC_SHAPE_PLANE;
    const bool meshes = a->type == TC_SHAPE_MESH && b->type == TC_SHAPE_MESH;
    const double band = 1e-5 * (scale_of(a) > scale_of(b) ? scale_of(a) : scale_of(b)) + 1e-30;
    const bool ov = tc_shape_overlap(a, b);
    CONTRACT(ov == tc_shape_overlap(b, a), "overlap A-B %d, B-A not", ov);
    if (planes || meshes) return;
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

/* One shape's motion for the rotating sweep: a start pose (mostly the
 * identity, so that the shape starts where check_pair tested it), a turn
 * composed onto it (mostly an exact quarter turn, none, or any rotation:
 * slerp takes the shorter way, so at most a half turn) and the shape's
 * velocity as the change of position. Planes stand still. */
typedef struct rigid_motion {
    tc_transform start, end;
    bool identity_start; /* start is exactly the identity */
} rigid_motion;

static bool small_quat(tc_quat q)
{
    /* composing only rotations this small cannot overflow (the fuzzer must
     * not trap itself); a larger one is kept as it came */
    const float c[4] = { q.x, q.y, q.z, q.w };
    for (int i = 0; i < 4; ++i)
        if (!finite1(c[i]) || !(fabsf(c[i]) <= 16.0f)) return false;
    return true;
}

static rigid_motion read_motion(fuzz_reader *r, const tc_shape *s, tc_vec3 velocity)
{
    rigid_motion m;
    const uint8_t k = fuzz_byte(r);
    m.identity_start = (k & 1) == 0;
    m.start = tc_transform_identity();
    if (!m.identity_start) {
        const tc_vec3 p = fuzz_vec3(r);
        m.start = tc_transform_make(p, fuzz_rotation(r));
    }
    tc_quat turn = tc_quat_make(0.0f, 0.0f, 0.70710678f, 0.70710678f); /* the old check's quarter turn */
    if ((k >> 1) % 4 == 1) turn = tc_quat_identity();
    if ((k >> 1) % 4 == 2) turn = tc_quat_make(0.70710678f, 0.0f, 0.0f, 0.70710678f);
    if ((k >> 1) % 4 == 3) turn = fuzz_quat(r);
    m.end.rotation = small_quat(turn) && small_quat(m.start.rotation) ? tc_quat_mul(m.start.rotation, turn) : turn;
    const tc_vec3 p0 = m.start.position;
    m.end.position = tc_vec3_make(fuzz_sum(p0.x, velocity.x), fuzz_sum(p0.y, velocity.y), fuzz_sum(p0.z, velocity.z));
    if (s->type == TC_SHAPE_PLANE && (k & 16) == 0) m.end = m.start; /* a moving plane now and then: false */
    return m;
}

static bool pose_finite(tc_transform t)
{
    return finite3(t.position) && finite1(t.rotation.x) && finite1(t.rotation.y) && finite1(t.rotation.z) &&
           finite1(t.rotation.w);
}

/* Equal by value, as the dispatch decides a plane is still (-0 == 0);
 * only for finite poses. */
static bool pose_equal(tc_transform p, tc_transform q)
{
    return p.position.x == q.position.x && p.position.y == q.position.y && p.position.z == q.position.z &&
           p.rotation.x == q.rotation.x && p.rotation.y == q.rotation.y && p.rotation.z == q.rotation.z &&
           p.rotation.w == q.rotation.w;
}

/* A shape placed by its start pose as the rotating sweep places it: an
 * AABB turns as a box of its frame (tc_shape_transform keeps it aligned). */
static tc_shape start_shape(const tc_shape *s, tc_transform pose)
{
    /* at the identity (no move, a quaternion with zero x, y, z) the shape as
     * given, as the dispatch places it (sweep.h): an AABB made an OBB would
     * round its centre, and a sphere 0.125 from a box 1e6 long, apart as
     * given, overlapped that OBB within its band */
    if (pose.position.x == 0.0f && pose.position.y == 0.0f && pose.position.z == 0.0f && pose.rotation.x == 0.0f &&
        pose.rotation.y == 0.0f && pose.rotation.z == 0.0f)
        return *s;
    if (s->type != TC_SHAPE_AABB) return tc_shape_transform(s, pose, 1.0f);
    const tc_shape box = tc_shape_from_obb(tc_obb_from_aabb(&s->u.aabb));
    return tc_shape_transform(&box, pose, 1.0f);
}

/* The rotating sweep (tc_shape_sweep_rigid, every pair function behind
 * it): t in [0, 1], a unit normal and a finite point; A-B and B-A agree
 * (the same t, the normal flipped); a hit at t = 0 only when the shapes
 * overlap at the start (within the band), and shapes at distance 0 at an
 * identity start hit at t = 0; without motion the sweep is the overlap
 * test. d and band are check_pair's, of the shapes as given. */
static void check_rigid(const tc_shape *a, const tc_shape *b, const rigid_motion *ma, const rigid_motion *mb)
{
    const tc_transform a0 = ma->start, a1 = ma->end, b0 = mb->start, b1 = mb->end;
    tc_sweep_hit h, h_ba;
    const bool s = tc_shape_sweep_rigid(a, a0, a1, b, b0, b1, &h);
    const bool s_ba = tc_shape_sweep_rigid(b, b0, b1, a, a0, a1, &h_ba);
    const bool poses = pose_finite(a0) && pose_finite(a1) && pose_finite(b0) && pose_finite(b1);
    const bool plane_moves = poses && ((a->type == TC_SHAPE_PLANE && !pose_equal(a0, a1)) ||
                                       (b->type == TC_SHAPE_PLANE && !pose_equal(b0, b1)));
    const bool no_pair = (a->type == TC_SHAPE_PLANE && b->type == TC_SHAPE_PLANE) ||
                         (a->type == TC_SHAPE_MESH && b->type == TC_SHAPE_MESH);
    if (!poses || plane_moves || no_pair) {
        CONTRACT(!s && !s_ba, "rigid sweep hit with a non-finite pose, a moving plane or no pair function");
        return;
    }
    if (s) CONTRACT(h.t >= 0.0f && h.t <= 1.0f && unit3(h.normal) && finite3(h.point), "rigid sweep t %g", (double)h.t);
    if (s_ba)
        CONTRACT(h_ba.t >= 0.0f && h_ba.t <= 1.0f && unit3(h_ba.normal) && finite3(h_ba.point), "B-A rigid sweep t %g",
                 (double)h_ba.t);
    CONTRACT(s == s_ba, "rigid sweep A-B %d (t %g), B-A %d (t %g), types %d %d", s, s ? (double)h.t : -1.0, s_ba, s_ba ? (double)h_ba.t : -1.0, a->type, b->type);
    if (s && s_ba && a->type != b->type) {
        /* the dispatch swaps the pair and flips the normal */
        const double dot = (double)h.normal.x * h_ba.normal.x + (double)h.normal.y * h_ba.normal.y +
                           (double)h.normal.z * h_ba.normal.z;
        CONTRACT(h.t == h_ba.t && dot <= -0.999, "rigid sweep A-B t %g, B-A t %g, normals' dot %g", (double)h.t,
                 (double)h_ba.t, dot);
    }
    /* The start's overlap, both ways: the rotating sweep starts touching
     * exactly when the pair's overlap test says so. */
    const tc_shape sa = start_shape(a, a0), sb = start_shape(b, b0);
    const bool in_range = tc_shape_is_valid(&sa) && tc_shape_is_valid(&sb); /* else placed beyond the float range */
    const bool ov0 = in_range && tc_shape_overlap(&sa, &sb);
    /* overlap A-B and B-A can disagree for two hulls (reported in issue 12,
     * the hull pairs' code): then so may the sweeps at t = 0 */
    const bool ov_symmetric = ov0 == (in_range && tc_shape_overlap(&sb, &sa));
    if (s && s_ba && a->type == b->type && ov_symmetric) {
        /* the pair function with its operands swapped: the same t up to
         * rounding; at t = 0 both say overlapping */
        CONTRACT((h.t == 0.0f) == (h_ba.t == 0.0f) && fabs((double)h.t - h_ba.t) <= 1e-4 * (double)h.t + 1e-30,
                 "rigid sweep A-B t %g, B-A t %g", (double)h.t, (double)h_ba.t);
        /* the normals are not compared: where a huge motion makes the
         * tolerance huge (a displacement of 4e36), the shapes can cross
         * within it and the swapped pair's normal differs (seed 12) */
    }

    if (!in_range) return;
    const double band = 1e-5 * (scale_of(&sa) > scale_of(&sb) ? scale_of(&sa) : scale_of(&sb)) + 1e-30;
    const float d0 = tc_shape_distance(&sa, &sb, NULL, NULL);
    const bool exact_start = ma->identity_start && mb->identity_start;
    if (s && h.t == 0.0f) CONTRACT(d0 <= band, "rigid sweep hits at t = 0, the start distance is %g (band %g)", (double)d0, band);
    /* touching as both distance and overlap decide it (their agreement is check_pair's) */
    const bool touching = d0 == 0.0f && ov0;
    if (exact_start && touching) CONTRACT(s && h.t == 0.0f, "distance 0 at the start, rigid sweep %s t %g", s ? "hits at" : "misses,", s ? (double)h.t : -1.0);

    /* no motion: the overlap test */
    tc_sweep_hit hs;
    const bool still = tc_shape_sweep_rigid(a, a0, a0, b, b0, b0, &hs);
    if (still) CONTRACT(hs.t == 0.0f && unit3(hs.normal) && finite3(hs.point), "still rigid sweep t %g", (double)hs.t);
    CONTRACT(!still || d0 <= band, "a still rigid sweep hits at distance %g (band %g)", (double)d0, band);
    if (exact_start) CONTRACT(still || !touching, "distance 0, a still rigid sweep misses");
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
    tc_shape a = fuzz_shape(&r), b = fuzz_shape(&r);
    const tc_vec3 va = fuzz_vec3(&r), vb = fuzz_vec3(&r);
    float max_t = fuzz_number(&r);
    tc_ray ray;
    ray.origin = fuzz_vec3(&r);
    ray.dir = fuzz_vec3(&r);
    /* Read after everything older inputs hold (past its end an input reads
     * zeros: the shapes above, a quarter turn from an identity start): a
     * hull or a mesh in place of either shape, then the two motions of the
     * rotating sweep. */
    const uint8_t kinds = fuzz_byte(&r) % 9;
    static const tc_shape_type with_data[3] = { TC_SHAPE_TYPE_COUNT, TC_SHAPE_HULL, TC_SHAPE_MESH };
    if (kinds % 3 != 0) a = fuzz_shape_with_data(&r, with_data[kinds % 3]);
    if (kinds / 3 != 0) b = fuzz_shape_with_data(&r, with_data[kinds / 3]);
    const rigid_motion ma = read_motion(&r, &a, va), mb = read_motion(&r, &b, vb);
    fuzz_types[0] = (int)a.type;
    fuzz_types[1] = (int)b.type;
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
        (void)tc_shape_sweep_rigid(&a, ma.start, ma.end, &b, mb.start, mb.end, &h);
        (void)tc_shape_raycast(&ray, &a, max_t, &rh);
        (void)tc_shape_raycast(&ray, &b, INFINITY, &rh);
        if (!tc_shape_is_valid(&a) || !tc_shape_is_valid(&b)) CONTRACT(!tc_shape_sweep_rigid(&a, ma.start, ma.end, &b, mb.start, mb.end, &h), "an invalid shape's rigid sweep hits");
    } else {
        check_bounds(&a);
        check_bounds(&b);
        max_t = fabsf(max_t);
        check_pair(&a, &b, va, vb, max_t);
        check_rigid(&a, &b, &ma, &mb);
        if (finite3(ray.origin) && finite3(ray.dir)) {
            check_ray(&a, &ray, max_t);
            check_ray(&b, &ray, INFINITY);
        }
    }
    fuzz_shape_free(&a);
    fuzz_shape_free(&b);
    return 0;
}
