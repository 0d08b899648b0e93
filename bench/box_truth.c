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
