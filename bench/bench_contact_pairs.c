/* SPDX-License-Identifier: MIT */
/* bench_contact_pairs: every contact pair of contact.h, ns per call, beside
 * a simple baseline run on the same pairs in the same process, and the ratio
 * (Touché's time over the baseline's; issue 10 asks for 1 or less).
 *
 * Baselines:
 *  - "hull": the library's general convex path, the same shape given as a
 *    convex hull (a box's 8 corners, a triangle's 3 points) to the hull pair
 *    (tc_contact_sphere_hull, ..., tc_contact_plane_hull);
 *  - "plain": a straightforward implementation here, in double, where no
 *    hull stands for the shape (a sphere or capsule against a sphere, a
 *    capsule or a plane): the closest points of the centres or segments and
 *    one point midway (capsule-plane: its two ends below the plane).
 *
 * Pairs: N random pairs per type (shapes of size 0.1 .. 1 around the
 * origin, spread so that about half overlap). BENCH_SCALE scales N. Each
 * timing is the best of REPS runs over all N pairs. BENCH_ONLY names one
 * pair ("capsule-triangle") to run alone, for profiling one pair's calls.
 */
#include "bench_util.h"

#include <touche/touche.h>
#include <touche/contact.h>
#include <touche/hull.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPS 5

enum { SPHERE = TC_SHAPE_SPHERE, CAPSULE = TC_SHAPE_CAPSULE, AABB = TC_SHAPE_AABB, OBB = TC_SHAPE_OBB,
       TRIANGLE = TC_SHAPE_TRIANGLE, PLANE = TC_SHAPE_PLANE, KINDS = TC_SHAPE_PLANE + 1 };
static const char *kind_name[KINDS] = { "sphere", "capsule", "aabb", "obb", "triangle", "plane" };

typedef struct shape {
    tc_shape s;   /* the shape itself */
    tc_hull hull; /* the same shape as a hull (boxes and triangles) */
} shape;

static tc_vec3 rvec(test_rng *r, double lo, double hi)
{
    /* Drawn in a fixed order: a call's arguments are evaluated in no set order. */
    float x = (float)test_rng_uniform(r, lo, hi);
    float y = (float)test_rng_uniform(r, lo, hi);
    float z = (float)test_rng_uniform(r, lo, hi);
    return tc_vec3_make(x, y, z);
}

static float rsize(test_rng *r) { return (float)test_rng_uniform(r, 0.1, 1.0); }

/* Three sizes, drawn in a fixed order. */
static tc_vec3 rsizes(test_rng *r)
{
    float x = rsize(r);
    float y = rsize(r);
    float z = rsize(r);
    return tc_vec3_make(x, y, z);
}

static tc_hull hull_of(const tc_vec3 *p, int n, tc_vec3 position, tc_mat3 rotation)
{
    tc_hull h;
    h.data = tc_hull_data_create(p, n, NULL);
    h.position = position;
    h.rotation = rotation;
    h.scale = 1.0f;
    return h;
}

static shape make(test_rng *r, int kind)
{
    shape s;
    memset(&s, 0, sizeof s);
    s.s.type = kind;
    tc_vec3 c = rvec(r, -0.8, 0.8);
    tc_mat3 identity = tc_mat3_identity();
    switch (kind) {
    case SPHERE: s.s.u.sphere.center = c; s.s.u.sphere.radius = rsize(r); break;
    case CAPSULE:
        s.s.u.capsule.a = c;
        s.s.u.capsule.b = tc_vec3_add(c, rvec(r, -1, 1));
        s.s.u.capsule.radius = 0.5f * rsize(r);
        break;
    case AABB: {
        tc_vec3 h = rsizes(r);
        s.s.u.aabb.min = tc_vec3_sub(c, h);
        s.s.u.aabb.max = tc_vec3_add(c, h);
        tc_vec3 p[8];
        for (int i = 0; i < 8; ++i) p[i] = tc_vec3_make(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
        s.hull = hull_of(p, 8, c, identity);
        break;
    }
    case OBB: {
        double q[4];
        test_rng_quat(r, q);
        tc_vec3 h = rsizes(r);
        s.s.u.obb = tc_obb_from_quat(c, h, tc_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]));
        tc_vec3 p[8];
        for (int i = 0; i < 8; ++i) p[i] = tc_vec3_make(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
        s.hull = hull_of(p, 8, c, s.s.u.obb.rotation);
        break;
    }
    case TRIANGLE:
        s.s.u.triangle.a = tc_vec3_add(c, rvec(r, -1, 1));
        s.s.u.triangle.b = tc_vec3_add(c, rvec(r, -1, 1));
        s.s.u.triangle.c = tc_vec3_add(c, rvec(r, -1, 1));
        s.hull = hull_of(&s.s.u.triangle.a, 3, tc_vec3_zero(), identity);
        break;
    default: {
        double n[3];
        test_rng_unit_vector(r, n);
        s.s.u.plane = tc_plane_from_point_normal(c, tc_vec3_make((float)n[0], (float)n[1], (float)n[2]));
        break;
    }
    }
    return s;
}

static bool touche_contact(const shape *a, const shape *b, tc_manifold *m)
{
#define P(A, B, x, y) if ((int)a->s.type == A && (int)b->s.type == B) return tc_contact_##x##_##y(&a->s.u.x, &b->s.u.y, m)
    P(SPHERE, SPHERE, sphere, sphere); P(SPHERE, CAPSULE, sphere, capsule); P(SPHERE, AABB, sphere, aabb);
    P(SPHERE, OBB, sphere, obb); P(SPHERE, TRIANGLE, sphere, triangle); P(SPHERE, PLANE, sphere, plane);
    P(CAPSULE, CAPSULE, capsule, capsule); P(CAPSULE, AABB, capsule, aabb); P(CAPSULE, OBB, capsule, obb);
    P(CAPSULE, TRIANGLE, capsule, triangle); P(CAPSULE, PLANE, capsule, plane);
    P(AABB, AABB, aabb, aabb); P(AABB, OBB, aabb, obb); P(AABB, TRIANGLE, aabb, triangle); P(AABB, PLANE, aabb, plane);
    P(OBB, OBB, obb, obb); P(OBB, TRIANGLE, obb, triangle); P(OBB, PLANE, obb, plane);
    P(TRIANGLE, TRIANGLE, triangle, triangle); P(TRIANGLE, PLANE, triangle, plane);
#undef P
    return false;
}

/* ---- the plain baselines ------------------------------------------------- */
typedef struct dv { double x, y, z; } dv;
static dv dv_of(tc_vec3 v) { dv r = { v.x, v.y, v.z }; return r; }
static dv dsub(dv a, dv b) { dv r = { a.x - b.x, a.y - b.y, a.z - b.z }; return r; }
static dv dmad(dv a, dv b, double s) { dv r = { a.x + b.x * s, a.y + b.y * s, a.z + b.z * s }; return r; }
static double ddot(dv a, dv b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static double clamp01(double t) { return t < 0 ? 0 : (t > 1 ? 1 : t); }

/* Two balls at p, q (radii ra, rb): one point midway. */
static bool balls(dv p, double ra, dv q, double rb, tc_manifold *m)
{
    dv d = dsub(q, p);
    double l = sqrt(ddot(d, d));
    if (l > ra + rb) return false;
    dv n = l > 0 ? dmad((dv){ 0, 0, 0 }, d, 1.0 / l) : (dv){ 0, 0, 1 };
    m->normal = tc_vec3_make((float)n.x, (float)n.y, (float)n.z);
    m->count = 1;
    dv at = dmad(p, n, 0.5 * (ra + l - rb));
    m->points[0].point = tc_vec3_make((float)at.x, (float)at.y, (float)at.z);
    m->points[0].depth = (float)(ra + rb - l);
    m->points[0].id = 0;
    return true;
}

static dv on_segment(dv a, dv b, dv p)
{
    dv d = dsub(b, a);
    double dd = ddot(d, d);
    return dmad(a, d, dd > 0 ? clamp01(ddot(dsub(p, a), d) / dd) : 0);
}

/* Closest points of two segments (Ericson's clamped solution, in short). */
static void segments(dv p1, dv q1, dv p2, dv q2, dv *c1, dv *c2)
{
    dv d1 = dsub(q1, p1), d2 = dsub(q2, p2), r = dsub(p1, p2);
    double a = ddot(d1, d1), e = ddot(d2, d2), f = ddot(d2, r), s = 0, t = 0;
    if (a > 0 && e > 0) {
        double b = ddot(d1, d2), c = ddot(d1, r), den = a * e - b * b;
        s = den > 0 ? clamp01((b * f - c * e) / den) : 0;
        t = (b * s + f) / e;
        if (t < 0) { t = 0; s = clamp01(-c / a); }
        else if (t > 1) { t = 1; s = clamp01((b - c) / a); }
    } else if (a > 0) {
        s = clamp01(-ddot(d1, r) / a);
    } else if (e > 0) {
        t = clamp01(f / e);
    }
    *c1 = dmad(p1, d1, s);
    *c2 = dmad(p2, d2, t);
}

static bool plain_contact(const shape *a, const shape *b, tc_manifold *m)
{
    if ((int)a->s.type == SPHERE && (int)b->s.type == SPHERE)
        return balls(dv_of(a->s.u.sphere.center), a->s.u.sphere.radius, dv_of(b->s.u.sphere.center), b->s.u.sphere.radius, m);
    if ((int)a->s.type == SPHERE && (int)b->s.type == CAPSULE) {
        dv c = dv_of(a->s.u.sphere.center);
        return balls(c, a->s.u.sphere.radius, on_segment(dv_of(b->s.u.capsule.a), dv_of(b->s.u.capsule.b), c), b->s.u.capsule.radius, m);
    }
    if ((int)a->s.type == CAPSULE && (int)b->s.type == CAPSULE) {
        dv p, q;
        segments(dv_of(a->s.u.capsule.a), dv_of(a->s.u.capsule.b), dv_of(b->s.u.capsule.a), dv_of(b->s.u.capsule.b), &p, &q);
        return balls(p, a->s.u.capsule.radius, q, b->s.u.capsule.radius, m);
    }
    /* A sphere or capsule against a plane: its end(s) below it. */
    const tc_plane *pl = &b->s.u.plane;
    dv n = dv_of(pl->normal);
    double ln = sqrt(ddot(n, n));
    n = dmad((dv){ 0, 0, 0 }, n, 1.0 / ln);
    double off = pl->offset / ln, r = (int)a->s.type == SPHERE ? a->s.u.sphere.radius : a->s.u.capsule.radius;
    dv ends[2];
    int ne = 0;
    if ((int)a->s.type == SPHERE) ends[ne++] = dv_of(a->s.u.sphere.center);
    else { ends[ne++] = dv_of(a->s.u.capsule.a); ends[ne++] = dv_of(a->s.u.capsule.b); }
    m->count = 0;
    for (int i = 0; i < ne; ++i) {
        dv low = dmad(ends[i], n, -r);
        double depth = off - ddot(n, low);
        if (depth < 0) continue;
        m->points[m->count].point = tc_vec3_make((float)low.x, (float)low.y, (float)low.z);
        m->points[m->count].depth = (float)depth;
        m->points[m->count].id = (uint32_t)i;
        ++m->count;
    }
    m->normal = tc_vec3_make((float)-n.x, (float)-n.y, (float)-n.z);
    return m->count > 0;
}

/* ---- the hull baselines ---------------------------------------------------- */
static bool hull_contact(const shape *a, const shape *b, tc_manifold *m)
{
    if ((int)b->s.type == PLANE) return tc_contact_plane_hull(&b->s.u.plane, &a->hull, m);
    switch ((int)a->s.type) {
    case SPHERE: return tc_contact_sphere_hull(&a->s.u.sphere, &b->hull, m);
    case CAPSULE: return tc_contact_capsule_hull(&a->s.u.capsule, &b->hull, m);
    case AABB: return tc_contact_aabb_hull(&a->s.u.aabb, &b->hull, m);
    case OBB: return tc_contact_obb_hull(&a->s.u.obb, &b->hull, m);
    default: return tc_contact_triangle_hull(&a->s.u.triangle, &b->hull, m);
    }
}

static bool uses_plain(int ka, int kb) { return kb == SPHERE || kb == CAPSULE || (kb == PLANE && ka <= CAPSULE); }

typedef bool (*contact_fn)(const shape *, const shape *, tc_manifold *);

static BENCH_NOINLINE double time_it(contact_fn f, const shape *a, const shape *b, size_t n, int *hits)
{
    double best = INFINITY;
    for (int rep = 0; rep < REPS; ++rep) {
        int h = 0;
        uint64_t acc = 0;
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            tc_manifold m;
            if (f(&a[i], &b[i], &m)) {
                ++h;
                acc += (uint64_t)m.count;
            }
        }
        double t = bench_now() - t0;
        bench_sink_u64(acc);
        if (t < best) best = t;
        *hits = h;
    }
    return best * 1e9 / (double)n;
}

int main(void)
{
    size_t n = (size_t)(20000 * bench_scale());
    if (n < 100) n = 100;
    shape *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    if (!a || !b) return 1;
    printf("bench_contact_pairs: %zu random pairs per type, best of %d runs; ratio = Touche / baseline\n", n, REPS);
    printf("%-18s %10s %12s %10s %8s %8s\n", "pair", "Touche ns", "baseline ns", "baseline", "ratio", "hits");
    const char *only = getenv("BENCH_ONLY");
    int worse = 0, ran = 0;
    for (int ka = 0; ka < KINDS; ++ka)
        for (int kb = ka; kb < KINDS; ++kb) {
            if (ka == PLANE) continue;
            char pair[32];
            snprintf(pair, sizeof pair, "%s-%s", kind_name[ka], kind_name[kb]);
            if (only && strcmp(only, pair) != 0) continue;
            ++ran;
            test_rng r = { 0x9a175u + (uint64_t)(ka * 8 + kb) };
            for (size_t i = 0; i < n; ++i) {
                a[i] = make(&r, ka);
                b[i] = make(&r, kb);
            }
            int hits, base_hits;
            double t = time_it(touche_contact, a, b, n, &hits);
            bool plain = uses_plain(ka, kb);
            double tb = time_it(plain ? plain_contact : hull_contact, a, b, n, &base_hits);
            printf("%-18s %10.1f %12.1f %10s %8.2f %8d\n", pair, t, tb, plain ? "plain" : "hull", t / tb, hits);
            if (t > tb) ++worse;
            for (size_t i = 0; i < n; ++i) {
                tc_hull_data_destroy((tc_hull_data *)a[i].hull.data);
                tc_hull_data_destroy((tc_hull_data *)b[i].hull.data);
            }
        }
    printf("%d of %d pairs slower than their baseline\n", worse, ran);
    free(a);
    free(b);
    return 0;
}
