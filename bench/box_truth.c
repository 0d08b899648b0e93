/* SPDX-License-Identifier: MIT */
#include "box_truth.h"

#include <math.h>

__extension__ typedef __float128 quad;

/* Columns as plain arrays: col[k][i] is component i of box axis k. */
static void columns(const tc_obb *b, double col[3][3])
{
    const tc_vec3 *c[3] = { &b->rotation.cx, &b->rotation.cy, &b->rotation.cz };
    for (int k = 0; k < 3; ++k) {
        col[k][0] = c[k]->x;
        col[k][1] = c[k]->y;
        col[k][2] = c[k]->z;
    }
}

static void cross_d(const double a[3], const double b[3], double out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* The 15 candidate axes (unnormalised). */
static void candidate_axes(double ca[3][3], double cb[3][3], double axes[15][3])
{
    for (int k = 0; k < 3; ++k) {
        cross_d(ca[(k + 1) % 3], ca[(k + 2) % 3], axes[k]);
        cross_d(cb[(k + 1) % 3], cb[(k + 2) % 3], axes[3 + k]);
    }
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) cross_d(ca[i], cb[j], axes[6 + 3 * i + j]);
}

static void cross_q(const double a[3], const double b[3], quad out[3])
{
    /* Products of floats are exact in double, and the difference of two
     * such products is exact in binary128. */
    out[0] = (quad)(a[1] * b[2]) - (quad)(a[2] * b[1]);
    out[1] = (quad)(a[2] * b[0]) - (quad)(a[0] * b[2]);
    out[2] = (quad)(a[0] * b[1]) - (quad)(a[1] * b[0]);
}

static quad qabs(quad x) { return x < 0 ? -x : x; }

/* Sign of the separation on one axis in binary128: 1 separates, 0 touching
 * within 1e-30 of the magnitudes, -1 does not separate. */
static int quad_axis(const quad L[3], const double d[3], const double ha[3], double ca[3][3],
                     const double hb[3], double cb[3][3])
{
    quad proj = (quad)d[0] * L[0] + (quad)d[1] * L[1] + (quad)d[2] * L[2];
    quad mag = qabs((quad)d[0] * L[0]) + qabs((quad)d[1] * L[1]) + qabs((quad)d[2] * L[2]);
    quad s = qabs(proj);
    for (int k = 0; k < 3; ++k) {
        quad pa = (quad)ca[k][0] * L[0] + (quad)ca[k][1] * L[1] + (quad)ca[k][2] * L[2];
        quad pb = (quad)cb[k][0] * L[0] + (quad)cb[k][1] * L[1] + (quad)cb[k][2] * L[2];
        s -= (quad)ha[k] * qabs(pa) + (quad)hb[k] * qabs(pb);
        mag += (quad)ha[k] * (qabs((quad)ca[k][0] * L[0]) + qabs((quad)ca[k][1] * L[1]) + qabs((quad)ca[k][2] * L[2]));
        mag += (quad)hb[k] * (qabs((quad)cb[k][0] * L[0]) + qabs((quad)cb[k][1] * L[1]) + qabs((quad)cb[k][2] * L[2]));
    }
    quad band = mag * (quad)1e-30;
    if (s > band) return 1;
    if (s < -band) return -1;
    return 0;
}

int box_truth_overlap(const tc_obb *a, const tc_obb *b, double *gap, box_truth_stats *stats)
{
    double ca[3][3], cb[3][3], axes[15][3];
    columns(a, ca);
    columns(b, cb);
    candidate_axes(ca, cb, axes);
    const double ha[3] = { a->half.x, a->half.y, a->half.z }, hb[3] = { b->half.x, b->half.y, b->half.z };
    /* Centre difference: exact in double for floats within 2^29 of each other in exponent. */
    const double d[3] = { (double)b->center.x - (double)a->center.x, (double)b->center.y - (double)a->center.y,
                          (double)b->center.z - (double)a->center.z };

    int separated = 0, undecided = 0;
    double best_gap = -INFINITY;
    for (int n = 0; n < 15; ++n) {
        const double *L = axes[n];
        if (L[0] == 0.0 && L[1] == 0.0 && L[2] == 0.0) continue; /* parallel edges: no axis, exactly */
        double aL[3] = { fabs(L[0]), fabs(L[1]), fabs(L[2]) };
        double s = fabs(d[0] * L[0] + d[1] * L[1] + d[2] * L[2]);
        double mag = fabs(d[0]) * aL[0] + fabs(d[1]) * aL[1] + fabs(d[2]) * aL[2];
        for (int k = 0; k < 3; ++k) {
            s -= ha[k] * fabs(ca[k][0] * L[0] + ca[k][1] * L[1] + ca[k][2] * L[2]);
            s -= hb[k] * fabs(cb[k][0] * L[0] + cb[k][1] * L[1] + cb[k][2] * L[2]);
            mag += ha[k] * (fabs(ca[k][0]) * aL[0] + fabs(ca[k][1]) * aL[1] + fabs(ca[k][2]) * aL[2]);
            mag += hb[k] * (fabs(cb[k][0]) * aL[0] + fabs(cb[k][1]) * aL[1] + fabs(cb[k][2]) * aL[2]);
        }
        /* Each L component has relative error 2^-53; the dot products and
         * the sum of 7 terms add a few more roundings: 1e-14 of the
         * magnitudes is a generous bound. */
        double bound = 1e-14 * mag;
        double len = sqrt(L[0] * L[0] + L[1] * L[1] + L[2] * L[2]);
        if (len > 0.0 && s / len > best_gap) best_gap = s / len;
        if (s > bound) separated = 1;
        else if (s >= -bound) undecided = 1;
    }
    if (gap) *gap = best_gap;

    int overlap;
    if (separated) {
        overlap = 0;
    } else if (!undecided) {
        overlap = 1;
    } else {
        int any_touch = 0;
        overlap = 1;
        for (int n = 0; n < 15 && overlap; ++n) {
            quad L[3];
            if (n < 3) cross_q(ca[(n + 1) % 3], ca[(n + 2) % 3], L);
            else if (n < 6) cross_q(cb[(n + 1) % 3], cb[(n + 2) % 3], L);
            else cross_q(ca[(n - 6) / 3], cb[(n - 6) % 3], L);
            int r = quad_axis(L, d, ha, ca, hb, cb);
            if (r > 0) overlap = 0;
            else if (r == 0 && (L[0] != 0 || L[1] != 0 || L[2] != 0)) any_touch = 1;
        }
        if (stats) {
            stats->resolved_in_quad++;
            if (overlap && any_touch) stats->touching++;
        }
    }
    if (stats) {
        stats->pairs++;
        stats->overlapping += (unsigned long)overlap;
    }
    return overlap;
}

double box_truth_touch_distance(const tc_obb *a, const tc_obb *b, const double dir[3])
{
    double ca[3][3], cb[3][3], axes[15][3];
    columns(a, ca);
    columns(b, cb);
    candidate_axes(ca, cb, axes);
    const double ha[3] = { a->half.x, a->half.y, a->half.z }, hb[3] = { b->half.x, b->half.y, b->half.z };
    double best = INFINITY;
    for (int n = 0; n < 15; ++n) {
        const double *L = axes[n];
        double ld = fabs(dir[0] * L[0] + dir[1] * L[1] + dir[2] * L[2]);
        double len = sqrt(L[0] * L[0] + L[1] * L[1] + L[2] * L[2]);
        if (!(ld > 1e-12 * len)) continue;
        double r = 0.0;
        for (int k = 0; k < 3; ++k) {
            r += ha[k] * fabs(ca[k][0] * L[0] + ca[k][1] * L[1] + ca[k][2] * L[2]);
            r += hb[k] * fabs(cb[k][0] * L[0] + cb[k][1] * L[1] + cb[k][2] * L[2]);
        }
        if (r / ld < best) best = r / ld;
    }
    return best;
}

/* ---- reference distance ---------------------------------------------------------- */
static void corner_d(const tc_obb *o, int index, double out[3])
{
    const double h[3] = { o->half.x, o->half.y, o->half.z };
    const tc_vec3 *ax[3] = { &o->rotation.cx, &o->rotation.cy, &o->rotation.cz };
    out[0] = o->center.x; out[1] = o->center.y; out[2] = o->center.z;
    for (int k = 0; k < 3; ++k) {
        double s = (index >> k) & 1 ? h[k] : -h[k];
        out[0] += s * ax[k]->x;
        out[1] += s * ax[k]->y;
        out[2] += s * ax[k]->z;
    }
}

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static double point_box_distance(const double p[3], const tc_obb *o)
{
    const double h[3] = { o->half.x, o->half.y, o->half.z };
    const tc_vec3 *ax[3] = { &o->rotation.cx, &o->rotation.cy, &o->rotation.cz };
    const double d[3] = { p[0] - o->center.x, p[1] - o->center.y, p[2] - o->center.z };
    double dist2 = 0.0;
    for (int k = 0; k < 3; ++k) {
        const double a[3] = { ax[k]->x, ax[k]->y, ax[k]->z };
        double u = dot3(d, a), excess = fabs(u) - h[k];
        if (excess > 0.0) dist2 += excess * excess;
    }
    return sqrt(dist2);
}

/* Closest distance of segments p0-p1 and q0-q1: the unconstrained solution
 * when it lies inside, else the best of the four edge restrictions. */
static double point_segment_d(const double p[3], const double a[3], const double b[3])
{
    double ab[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] }, ap[3] = { p[0] - a[0], p[1] - a[1], p[2] - a[2] };
    double l2 = dot3(ab, ab), t = l2 > 0.0 ? dot3(ap, ab) / l2 : 0.0;
    if (t < 0.0) t = 0.0;
    if (t > 1.0) t = 1.0;
    double e[3] = { ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2] };
    return sqrt(dot3(e, e));
}

static double segment_segment_d(const double p0[3], const double p1[3], const double q0[3], const double q1[3])
{
    double u[3] = { p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2] };
    double v[3] = { q1[0] - q0[0], q1[1] - q0[1], q1[2] - q0[2] };
    double w[3] = { p0[0] - q0[0], p0[1] - q0[1], p0[2] - q0[2] };
    double a = dot3(u, u), b = dot3(u, v), c = dot3(v, v), d = dot3(u, w), e = dot3(v, w);
    double den = a * c - b * b;
    double best = INFINITY;
    if (den > 1e-12 * a * c) {
        double s = (b * e - c * d) / den, t = (a * e - b * d) / den;
        if (s >= 0.0 && s <= 1.0 && t >= 0.0 && t <= 1.0) {
            double r[3] = { w[0] + s * u[0] - t * v[0], w[1] + s * u[1] - t * v[1], w[2] + s * u[2] - t * v[2] };
            best = sqrt(dot3(r, r));
        }
    }
    double x;
    if ((x = point_segment_d(p0, q0, q1)) < best) best = x;
    if ((x = point_segment_d(p1, q0, q1)) < best) best = x;
    if ((x = point_segment_d(q0, p0, p1)) < best) best = x;
    if ((x = point_segment_d(q1, p0, p1)) < best) best = x;
    return best;
}

double box_truth_distance(const tc_obb *a, const tc_obb *b)
{
    if (box_truth_overlap(a, b, NULL, NULL)) return 0.0;
    double ca[8][3], cb[8][3];
    for (int i = 0; i < 8; ++i) {
        corner_d(a, i, ca[i]);
        corner_d(b, i, cb[i]);
    }
    double best = INFINITY, x;
    for (int i = 0; i < 8; ++i) {
        if ((x = point_box_distance(ca[i], b)) < best) best = x;
        if ((x = point_box_distance(cb[i], a)) < best) best = x;
    }
    /* The 12 edges: corner pairs differing in one bit. */
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 3; ++k) {
            int i2 = i | (1 << k);
            if (i2 == i) continue;
            for (int j = 0; j < 8; ++j)
                for (int m = 0; m < 3; ++m) {
                    int j2 = j | (1 << m);
                    if (j2 == j) continue;
                    if ((x = segment_segment_d(ca[i], ca[i2], cb[j], cb[j2])) < best) best = x;
                }
        }
    return best;
}
