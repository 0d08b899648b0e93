/* SPDX-License-Identifier: MIT */
/* libccd glue for the box-box benchmarks (compiled only when libccd is
 * installed). libccd works on any convex shape through a support function;
 * ours returns the box corner furthest along the direction, in the build's
 * ccd_real_t (double on Debian). */
#include "peers.h"
#include "bench_util.h"

#include <ccd/ccd.h>

#include <math.h>

typedef struct ccd_box {
    ccd_real_t c[3], h[3], axis[3][3];
} ccd_box;

static ccd_box box_a[BENCH_BOX_CHUNK], box_b[BENCH_BOX_CHUNK];

static void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const ccd_box *b = (const ccd_box *)obj;
    ccd_real_t p[3] = { b->c[0], b->c[1], b->c[2] };
    for (int k = 0; k < 3; ++k) {
        ccd_real_t d = dir->v[0] * b->axis[k][0] + dir->v[1] * b->axis[k][1] + dir->v[2] * b->axis[k][2];
        ccd_real_t s = d >= 0 ? b->h[k] : -b->h[k];
        p[0] += s * b->axis[k][0];
        p[1] += s * b->axis[k][1];
        p[2] += s * b->axis[k][2];
    }
    out->v[0] = p[0];
    out->v[1] = p[1];
    out->v[2] = p[2];
}

static void center(const void *obj, ccd_vec3_t *out)
{
    const ccd_box *b = (const ccd_box *)obj;
    out->v[0] = b->c[0];
    out->v[1] = b->c[1];
    out->v[2] = b->c[2];
}

static void to_ccd(const tc_obb *o, ccd_box *b)
{
    const tc_vec3 *ax[3] = { &o->rotation.cx, &o->rotation.cy, &o->rotation.cz };
    b->c[0] = o->center.x; b->c[1] = o->center.y; b->c[2] = o->center.z;
    b->h[0] = o->half.x; b->h[1] = o->half.y; b->h[2] = o->half.z;
    for (int k = 0; k < 3; ++k) {
        b->axis[k][0] = ax[k]->x;
        b->axis[k][1] = ax[k]->y;
        b->axis[k][2] = ax[k]->z;
    }
}

/* Converts a chunk of pairs into box_a / box_b and sets up libccd for boxes. */
static ccd_t prepare(const tc_obb *a, const tc_obb *b, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        to_ccd(&a[i], &box_a[i]);
        to_ccd(&b[i], &box_b[i]);
    }
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = support;
    ccd.support2 = support;
    ccd.center1 = center;
    ccd.center2 = center;
    /* The default is unbounded; a bound keeps a degenerate pair from hanging
     * the benchmark and is far above what converging pairs use. */
    ccd.max_iterations = 1000;
    return ccd;
}

static double run(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps, int mpr)
{
    ccd_t ccd = prepare(a, b, n);
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        if (mpr) {
            for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)(ccdMPRIntersect(&box_a[i], &box_b[i], &ccd) != 0);
        } else {
            for (size_t i = 0; i < n; ++i) out[i] = (unsigned char)(ccdGJKIntersect(&box_a[i], &box_b[i], &ccd) != 0);
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

double peer_ccd_gjk(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    return run(a, b, n, out, reps, 0);
}

double peer_ccd_mpr(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    return run(a, b, n, out, reps, 1);
}

/* ccdMPRPenetration over n pairs of objects (elem bytes apart in a and b),
 * fastest of reps passes. */
static double run_penetration(const void *a, const void *b, size_t elem, size_t n, const ccd_t *ccd, bench_contact *out,
                              int reps)
{
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            ccd_real_t depth = 0;
            ccd_vec3_t dir, pos;
            int res = ccdMPRPenetration((const char *)a + i * elem, (const char *)b + i * elem, ccd, &depth, &dir, &pos);
            /* dir: translating obj2 by depth * dir separates the objects. */
            out[i].hit = (unsigned char)(res == 0);
            out[i].depth = (float)depth;
            out[i].normal[0] = (float)dir.v[0];
            out[i].normal[1] = (float)dir.v[1];
            out[i].normal[2] = (float)dir.v[2];
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

double peer_ccd_mpr_contact(const tc_obb *a, const tc_obb *b, size_t n, bench_contact *out, int reps)
{
    ccd_t ccd = prepare(a, b, n);
    return run_penetration(box_a, box_b, sizeof box_a[0], n, &ccd, out, reps);
}

/* ---- hulls (bench_hulls.c): a support function that scans the points ------------ */
#define CCD_HULL_MAX_POINTS 64

typedef struct ccd_hull {
    int n;
    ccd_real_t p[CCD_HULL_MAX_POINTS][3], c[3];
} ccd_hull;

static ccd_hull hull_a[BENCH_BOX_CHUNK], hull_b[BENCH_BOX_CHUNK];

static void hull_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const ccd_hull *h = (const ccd_hull *)obj;
    int best = 0;
    ccd_real_t bd = -INFINITY;
    for (int i = 0; i < h->n; ++i) {
        ccd_real_t d = dir->v[0] * h->p[i][0] + dir->v[1] * h->p[i][1] + dir->v[2] * h->p[i][2];
        if (d > bd) { bd = d; best = i; }
    }
    out->v[0] = h->p[best][0];
    out->v[1] = h->p[best][1];
    out->v[2] = h->p[best][2];
}

static void hull_center(const void *obj, ccd_vec3_t *out)
{
    const ccd_hull *h = (const ccd_hull *)obj;
    out->v[0] = h->c[0];
    out->v[1] = h->c[1];
    out->v[2] = h->c[2];
}

static void to_ccd_hull(const float *p, int n, ccd_hull *h)
{
    h->n = n < CCD_HULL_MAX_POINTS ? n : CCD_HULL_MAX_POINTS;
    h->c[0] = h->c[1] = h->c[2] = 0;
    for (int i = 0; i < h->n; ++i)
        for (int k = 0; k < 3; ++k) {
            h->p[i][k] = p[3 * i + k];
            h->c[k] += p[3 * i + k] / h->n;
        }
}

static ccd_t prepare_hulls(const bench_hull_pairs *p)
{
    for (size_t i = 0; i < p->n && i < BENCH_BOX_CHUNK; ++i) {
        to_ccd_hull(p->a + 3 * (size_t)p->points * i, p->points, &hull_a[i]);
        to_ccd_hull(p->b + 3 * (size_t)p->points * i, p->points, &hull_b[i]);
    }
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = hull_support;
    ccd.support2 = hull_support;
    ccd.center1 = hull_center;
    ccd.center2 = hull_center;
    ccd.max_iterations = 1000;
    return ccd;
}

static double run_hulls(const bench_hull_pairs *p, unsigned char *out, int reps, int mpr)
{
    ccd_t ccd = prepare_hulls(p);
    size_t n = p->n < BENCH_BOX_CHUNK ? p->n : BENCH_BOX_CHUNK;
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i)
            out[i] = (unsigned char)((mpr ? ccdMPRIntersect(&hull_a[i], &hull_b[i], &ccd)
                                          : ccdGJKIntersect(&hull_a[i], &hull_b[i], &ccd)) != 0);
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

double peer_ccd_hull_gjk(const bench_hull_pairs *p, unsigned char *out, int reps) { return run_hulls(p, out, reps, 0); }
double peer_ccd_hull_mpr(const bench_hull_pairs *p, unsigned char *out, int reps) { return run_hulls(p, out, reps, 1); }

double peer_ccd_hull_contact(const bench_hull_pairs *p, bench_contact *out, int reps)
{
    ccd_t ccd = prepare_hulls(p);
    size_t n = p->n < BENCH_BOX_CHUNK ? p->n : BENCH_BOX_CHUNK;
    return run_penetration(hull_a, hull_b, sizeof hull_a[0], n, &ccd, out, reps);
}
