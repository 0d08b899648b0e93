/* SPDX-License-Identifier: MIT */
/* The separating-axis test of flat_apart.h, in double on the float data.
 *
 * Any axis gives a lower bound of the distance: the gap between the two
 * point sets' projections on it, over its length. The bound is compared
 * with the far margin of tc_core_contact_from_closest (twice TC_TOLERANCE of
 * the cores' scale plus sizes), taken from above: the scale and sizes are
 * bounded by the point sets' boxes (an L1 box diagonal bounds every distance
 * inside the box), and 1e-9 of that more covers the double rounding of the
 * projections here and of GJK's distance there (both some 1e-16 of it). */
#include "queries/flat_apart.h"

#include <math.h>

#include "queries/dvec.h"

/* Extra margin, relative to the bound on scale plus sizes. */
#define TC_FLAT_APART_SLACK 1e-9

static double min_d(double a, double b) { return a < b ? a : b; }
static double max_d(double a, double b) { return a > b ? a : b; }

typedef struct point_set {
    tc_dvec3 p[3];
    int n;
    tc_dvec3 lo, hi; /* the points' box */
} point_set;

static void set_make(point_set *s, const tc_vec3 *v, int n)
{
    s->n = n;
    s->lo = s->hi = s->p[0] = tc_dvec3_from(v[0]);
    for (int i = 1; i < n; ++i) {
        tc_dvec3 q = s->p[i] = tc_dvec3_from(v[i]);
        s->lo = tc_dvec3_make(min_d(s->lo.x, q.x), min_d(s->lo.y, q.y), min_d(s->lo.z, q.z));
        s->hi = tc_dvec3_make(max_d(s->hi.x, q.x), max_d(s->hi.y, q.y), max_d(s->hi.z, q.z));
    }
}

static double set_max_abs(const point_set *s)
{
    return max_d(tc_dvec3_max_abs(s->lo), tc_dvec3_max_abs(s->hi));
}

static void project(const point_set *s, tc_dvec3 axis, double *lo, double *hi)
{
    double a = tc_dvec3_dot(s->p[0], axis), b = a;
    for (int i = 1; i < s->n; ++i) {
        double t = tc_dvec3_dot(s->p[i], axis);
        a = min_d(a, t);
        b = max_d(b, t);
    }
    *lo = a;
    *hi = b;
}

/* Apart by more than margin along the normal of triangle t (one of the
 * sets); a degenerate triangle's zero normal proves nothing. The margin is
 * scaled by the normal's length rather than the gap divided by it. */
static bool normal_separates(const point_set *t, const point_set *a, const point_set *b, double margin)
{
    tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(t->p[1], t->p[0]), tc_dvec3_sub(t->p[2], t->p[0]));
    double len = tc_dvec3_length(n);
    if (!(len > 0.0)) return false;
    double alo, ahi, blo, bhi;
    project(a, n, &alo, &ahi);
    project(b, n, &blo, &bhi);
    double limit = margin * len;
    return blo - ahi > limit || alo - bhi > limit;
}

bool tc_flat_beyond_band(const tc_vec3 *a, int na, float ra, const tc_triangle *b)
{
    point_set sa, sb;
    set_make(&sa, a, na);
    set_make(&sb, &b->a, 3);
    double r = ra;
    /* The cores' scale (largest coordinate, A's plus its radius) and sizes
     * (diameters, A's plus twice its radius), from above. */
    double scale = max_d(set_max_abs(&sa) + r, set_max_abs(&sb)) + tc_dvec3_norm1(tc_dvec3_sub(sa.hi, sa.lo)) +
                   2.0 * r + tc_dvec3_norm1(tc_dvec3_sub(sb.hi, sb.lo));
    /* Tiny shapes are left to GJK: there the overlap tests' float squares
     * of distances lose their bits (below 2^-126 they are subnormal), and
     * a gap of under 2^-149 rounds to a float zero, which the contact
     * calls touching. The cores' scale (at least the larger of the two
     * first terms) of 2^-40 keeps a band's square of some 2^-113 clear of
     * both. */
    if (!(max_d(set_max_abs(&sa) + r, set_max_abs(&sb)) > 0x1p-40)) return false;
    double margin = r + (2.0 * TC_TOLERANCE + TC_FLAT_APART_SLACK) * scale;
    /* The coordinate axes: the boxes apart. */
    if (sb.lo.x - sa.hi.x > margin || sa.lo.x - sb.hi.x > margin || sb.lo.y - sa.hi.y > margin ||
        sa.lo.y - sb.hi.y > margin || sb.lo.z - sa.hi.z > margin || sa.lo.z - sb.hi.z > margin)
        return true;
    if (na == 3 && normal_separates(&sa, &sa, &sb, margin)) return true;
    return normal_separates(&sb, &sa, &sb, margin);
}
