/* SPDX-License-Identifier: MIT */
/* Oracle geometry in double: shapes as cores swept by a radius, distances and
 * overlap by brute force over features. See oracle.h for the method. */
#include "oracle.h"

#include <float.h>
#include <string.h>

static bool fin(double x) { return isfinite(x) != 0; }
static bool finv(ovec v) { return fin(v.x) && fin(v.y) && fin(v.z); }

/* ---- construction -------------------------------------------------------- */
static orc_shape blank(tc_shape_type k, orc_core core)
{
    orc_shape s;
    memset(&s, 0, sizeof s);
    s.kind = k;
    s.core = core;
    s.valid = true;
    return s;
}

orc_shape orc_from_sphere(const tc_sphere *sp)
{
    orc_shape s = blank(TC_SHAPE_SPHERE, ORC_CORE_POINT);
    s.p[0] = ov_from(sp->center);
    s.radius = sp->radius;
    s.valid = finv(s.p[0]) && fin(s.radius) && s.radius >= 0.0;
    return s;
}

orc_shape orc_from_capsule(const tc_capsule *c)
{
    orc_shape s = blank(TC_SHAPE_CAPSULE, ORC_CORE_SEGMENT);
    s.p[0] = ov_from(c->a);
    s.p[1] = ov_from(c->b);
    s.radius = c->radius;
    s.valid = finv(s.p[0]) && finv(s.p[1]) && fin(s.radius) && s.radius >= 0.0;
    return s;
}

/* Rows of the inverse of the matrix with columns m0, m1, m2 (cofactors). */
static void invert_columns(const ovec m[3], ovec inv[3])
{
    ovec r0 = ov_cross(m[1], m[2]), r1 = ov_cross(m[2], m[0]), r2 = ov_cross(m[0], m[1]);
    double det = ov_dot(m[0], r0);
    double k = det != 0.0 ? 1.0 / det : 0.0;
    inv[0] = ov_scale(r0, k);
    inv[1] = ov_scale(r1, k);
    inv[2] = ov_scale(r2, k);
}

orc_shape orc_from_aabb(const tc_aabb *b)
{
    orc_shape s = blank(TC_SHAPE_AABB, ORC_CORE_BOX);
    ovec lo = ov_from(b->min), hi = ov_from(b->max);
    s.valid = finv(lo) && finv(hi) && lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z;
    /* Halves and sums of two floats are exact in double. */
    s.c = ov_scale(ov_add(lo, hi), 0.5);
    s.h[0] = (hi.x - lo.x) * 0.5;
    s.h[1] = (hi.y - lo.y) * 0.5;
    s.h[2] = (hi.z - lo.z) * 0.5;
    s.m[0] = ov(1, 0, 0); s.m[1] = ov(0, 1, 0); s.m[2] = ov(0, 0, 1);
    s.inv[0] = s.m[0]; s.inv[1] = s.m[1]; s.inv[2] = s.m[2];
    return s;
}

orc_shape orc_from_obb(const tc_obb *b)
{
    orc_shape s = blank(TC_SHAPE_OBB, ORC_CORE_BOX);
    s.c = ov_from(b->center);
    s.h[0] = b->half.x; s.h[1] = b->half.y; s.h[2] = b->half.z;
    s.m[0] = ov_from(b->rotation.cx);
    s.m[1] = ov_from(b->rotation.cy);
    s.m[2] = ov_from(b->rotation.cz);
    s.valid = finv(s.c) && finv(s.m[0]) && finv(s.m[1]) && finv(s.m[2]) && fin(s.h[0]) && fin(s.h[1]) &&
              fin(s.h[2]) && s.h[0] >= 0.0 && s.h[1] >= 0.0 && s.h[2] >= 0.0;
    if (s.valid) invert_columns(s.m, s.inv);
    return s;
}

orc_shape orc_from_triangle(const tc_triangle *t)
{
    orc_shape s = blank(TC_SHAPE_TRIANGLE, ORC_CORE_TRIANGLE);
    s.p[0] = ov_from(t->a);
    s.p[1] = ov_from(t->b);
    s.p[2] = ov_from(t->c);
    s.valid = finv(s.p[0]) && finv(s.p[1]) && finv(s.p[2]);
    if (!s.valid) return s;
    s.n = ov_cross(ov_sub(s.p[1], s.p[0]), ov_sub(s.p[2], s.p[0]));
    double l01 = ov_dist(s.p[0], s.p[1]), l12 = ov_dist(s.p[1], s.p[2]), l20 = ov_dist(s.p[2], s.p[0]);
    double lmax = fmax(l01, fmax(l12, l20));
    /* A triangle whose height is below 1e-10 of its longest edge is the
     * segment it spans (up to that height). */
    if (ov_len(s.n) <= 1e-10 * lmax * lmax) {
        ovec a = s.p[0], b = s.p[1];
        if (l12 >= l01 && l12 >= l20) { a = s.p[1]; b = s.p[2]; }
        else if (l20 >= l01 && l20 >= l12) { a = s.p[2]; b = s.p[0]; }
        s.core = lmax > 0.0 ? ORC_CORE_SEGMENT : ORC_CORE_POINT;
        s.p[0] = a;
        s.p[1] = b;
    }
    return s;
}

orc_shape orc_from_plane(const tc_plane *p)
{
    orc_shape s = blank(TC_SHAPE_PLANE, ORC_CORE_HALFSPACE);
    s.n = ov_from(p->normal);
    s.offset = p->offset;
    s.valid = finv(s.n) && fin(s.offset) && fabs(ov_len(s.n) - 1.0) <= 1e-3;
    return s;
}

orc_shape orc_from_any(const tc_shape *a)
{
    switch (a->type) {
    case TC_SHAPE_SPHERE: return orc_from_sphere(&a->u.sphere);
    case TC_SHAPE_CAPSULE: return orc_from_capsule(&a->u.capsule);
    case TC_SHAPE_AABB: return orc_from_aabb(&a->u.aabb);
    case TC_SHAPE_OBB: return orc_from_obb(&a->u.obb);
    case TC_SHAPE_TRIANGLE: return orc_from_triangle(&a->u.triangle);
    default: return orc_from_plane(&a->u.plane);
    }
}

/* ---- features of polytopes ----------------------------------------------- */
/* Box vertex k: bit i of k set = +h_i along column i. */
static int box_vertices(const orc_shape *s, ovec v[8])
{
    for (int k = 0; k < 8; ++k) {
        ovec p = s->c;
        for (int i = 0; i < 3; ++i) p = ov_madd(p, s->m[i], (k >> i & 1) ? s->h[i] : -s->h[i]);
        v[k] = p;
    }
    return 8;
}

static int poly_vertices(const orc_shape *s, ovec v[8])
{
    if (s->core == ORC_CORE_BOX) return box_vertices(s, v);
    v[0] = s->p[0]; v[1] = s->p[1]; v[2] = s->p[2];
    return 3;
}

/* Edges as index pairs into poly_vertices. */
static int poly_edges(const orc_shape *s, int e[12][2])
{
    if (s->core == ORC_CORE_BOX) {
        int n = 0;
        for (int i = 0; i < 3; ++i)
            for (int k = 0; k < 8; ++k)
                if (!(k >> i & 1)) { e[n][0] = k; e[n][1] = k | (1 << i); ++n; }
        return n;
    }
    e[0][0] = 0; e[0][1] = 1; e[1][0] = 1; e[1][1] = 2; e[2][0] = 2; e[2][1] = 0;
    return 3;
}

/* ---- point primitives ---------------------------------------------------- */
double orc_point_segment(ovec p, ovec a, ovec b, ovec *q)
{
    ovec ab = ov_sub(b, a);
    double l2 = ov_len2(ab), t = 0.0;
    if (l2 > 0.0) {
        t = ov_dot(ov_sub(p, a), ab) / l2;
        if (t < 0.0) t = 0.0;
        if (t > 1.0) t = 1.0;
    }
    ovec c = t == 1.0 ? b : ov_madd(a, ab, t);
    if (q) *q = c;
    return ov_dist(p, c);
}

static bool box_inside(const orc_shape *s, ovec p)
{
    ovec r = ov_sub(p, s->c);
    for (int i = 0; i < 3; ++i)
        if (fabs(ov_dot(s->inv[i], r)) > s->h[i]) return false;
    return true;
}

/* Point to the solid box: inside, or the nearest of 6 face projections that
 * land inside their face and the 12 edges. */
static double point_box(const orc_shape *s, ovec p, ovec *q)
{
    if (box_inside(s, p)) { if (q) *q = p; return 0.0; }
    double best = INFINITY;
    ovec bq = p;
    for (int i = 0; i < 3; ++i) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        double g00 = ov_len2(s->m[j]), g01 = ov_dot(s->m[j], s->m[k]), g11 = ov_len2(s->m[k]);
        double det = g00 * g11 - g01 * g01;
        if (!(det > 0.0)) continue;
        for (int sg = -1; sg <= 1; sg += 2) {
            ovec fc = ov_madd(s->c, s->m[i], sg * s->h[i]);
            ovec r = ov_sub(p, fc);
            double bj = ov_dot(s->m[j], r), bk = ov_dot(s->m[k], r);
            double al = (g11 * bj - g01 * bk) / det, be = (g00 * bk - g01 * bj) / det;
            if (fabs(al) > s->h[j] || fabs(be) > s->h[k]) continue;
            ovec c = ov_madd(ov_madd(fc, s->m[j], al), s->m[k], be);
            double d = ov_dist(p, c);
            if (d < best) { best = d; bq = c; }
        }
    }
    ovec v[8];
    int e[12][2];
    box_vertices(s, v);
    int ne = poly_edges(s, e);
    for (int i = 0; i < ne; ++i) {
        ovec c;
        double d = orc_point_segment(p, v[e[i][0]], v[e[i][1]], &c);
        if (d < best) { best = d; bq = c; }
    }
    if (q) *q = bq;
    return best;
}

/* Is x (in the triangle's plane) inside the triangle? Edge-side signs against
 * the triangle normal; all non-negative inside. */
static bool tri_contains_planar(const orc_shape *s, ovec x)
{
    for (int i = 0; i < 3; ++i) {
        ovec a = s->p[i], b = s->p[(i + 1) % 3];
        if (ov_dot(ov_cross(ov_sub(b, a), ov_sub(x, a)), s->n) < 0.0) return false;
    }
    return true;
}

static double point_triangle(const orc_shape *s, ovec p, ovec *q)
{
    double n2 = ov_len2(s->n);
    double h = ov_dot(s->n, ov_sub(p, s->p[0])) / n2;
    ovec proj = ov_madd(p, s->n, -h);
    if (tri_contains_planar(s, proj)) {
        if (q) *q = proj;
        return ov_dist(p, proj);
    }
    double best = INFINITY;
    ovec bq = p;
    for (int i = 0; i < 3; ++i) {
        ovec c;
        double d = orc_point_segment(p, s->p[i], s->p[(i + 1) % 3], &c);
        if (d < best) { best = d; bq = c; }
    }
    if (q) *q = bq;
    return best;
}

static double point_half(const orc_shape *s, ovec p, ovec *q)
{
    double nl = ov_len(s->n);
    double d = (ov_dot(s->n, p) - s->offset) / nl;
    if (d <= 0.0) { if (q) *q = p; return 0.0; }
    if (q) *q = ov_madd(p, s->n, -d / nl);
    return d;
}

/* Distance from p to the core (no radius). */
static double point_core(const orc_shape *s, ovec p, ovec *q)
{
    switch (s->core) {
    case ORC_CORE_POINT: if (q) *q = s->p[0]; return ov_dist(p, s->p[0]);
    case ORC_CORE_SEGMENT: return orc_point_segment(p, s->p[0], s->p[1], q);
    case ORC_CORE_BOX: return point_box(s, p, q);
    case ORC_CORE_TRIANGLE: return point_triangle(s, p, q);
    default: return point_half(s, p, q);
    }
}

double orc_point_distance(const orc_shape *s, ovec p, ovec *closest)
{
    ovec q;
    double d = point_core(s, p, &q);
    if (d <= s->radius) {
        if (closest) *closest = p;
        return 0.0;
    }
    if (closest) *closest = ov_madd(q, ov_sub(p, q), s->radius / d);
    return d - s->radius;
}

bool orc_point_inside(const orc_shape *s, ovec p)
{
    if (s->core == ORC_CORE_BOX && s->radius == 0.0) return box_inside(s, p);
    return point_core(s, p, NULL) <= s->radius;
}

/* ---- segment primitives -------------------------------------------------- */
double orc_segment_segment(ovec a0, ovec a1, ovec b0, ovec b1, ovec *pa, ovec *pb)
{
    /* Candidates: each endpoint against the other segment, and the interior
     * critical point when both parameters fall inside. */
    double best;
    ovec ba = a0, bb = b0, c;
    best = orc_point_segment(a0, b0, b1, &c); ba = a0; bb = c;
    double d = orc_point_segment(a1, b0, b1, &c);
    if (d < best) { best = d; ba = a1; bb = c; }
    d = orc_point_segment(b0, a0, a1, &c);
    if (d < best) { best = d; ba = c; bb = b0; }
    d = orc_point_segment(b1, a0, a1, &c);
    if (d < best) { best = d; ba = c; bb = b1; }
    ovec u = ov_sub(a1, a0), v = ov_sub(b1, b0), w = ov_sub(a0, b0);
    double uu = ov_dot(u, u), uv = ov_dot(u, v), vv = ov_dot(v, v), uw = ov_dot(u, w), vw = ov_dot(v, w);
    double det = uu * vv - uv * uv;
    if (det > 1e-24 * uu * vv) {
        double s = (uv * vw - vv * uw) / det, t = (uu * vw - uv * uw) / det;
        if (s >= 0.0 && s <= 1.0 && t >= 0.0 && t <= 1.0) {
            ovec p = ov_madd(a0, u, s), q = ov_madd(b0, v, t);
            d = ov_dist(p, q);
            if (d < best) { best = d; ba = p; bb = q; }
        }
    }
    if (pa) *pa = ba;
    if (pb) *pb = bb;
    return best;
}

/* Does segment p0-p1 meet the solid box? Clip its parameter against the
 * three slabs in the box's own (possibly skew) coordinates. */
static bool segment_meets_box(const orc_shape *s, ovec p0, ovec p1)
{
    double lo = 0.0, hi = 1.0;
    ovec r = ov_sub(p0, s->c), dd = ov_sub(p1, p0);
    for (int i = 0; i < 3; ++i) {
        double u = ov_dot(s->inv[i], r), du = ov_dot(s->inv[i], dd);
        if (du == 0.0) {
            if (fabs(u) > s->h[i]) return false;
            continue;
        }
        double t1 = (-s->h[i] - u) / du, t2 = (s->h[i] - u) / du;
        if (t1 > t2) { double tmp = t1; t1 = t2; t2 = tmp; }
        if (t1 > lo) lo = t1;
        if (t2 < hi) hi = t2;
        if (lo > hi) return false;
    }
    return true;
}

/* Clip the parameter range [*lo, *hi] of p0 + t (p1 - p0), a line in the
 * triangle's plane, to the triangle's three edge half-planes. */
bool orc_clip_planar_triangle(const orc_shape *s, ovec p0, ovec d, double *lo, double *hi)
{
    for (int i = 0; i < 3; ++i) {
        ovec a = s->p[i], e = ov_sub(s->p[(i + 1) % 3], a);
        ovec en = ov_cross(s->n, e); /* in-plane normal pointing inside */
        double g0 = ov_dot(en, ov_sub(p0, a)), gd = ov_dot(en, d);
        if (gd == 0.0) {
            if (g0 < 0.0) return false;
            continue;
        }
        double t = -g0 / gd;
        if (gd > 0.0) { if (t > *lo) *lo = t; }
        else { if (t < *hi) *hi = t; }
        if (*lo > *hi) return false;
    }
    return true;
}

static bool segment_meets_triangle(const orc_shape *s, ovec p0, ovec p1)
{
    double d0 = ov_dot(s->n, ov_sub(p0, s->p[0])), d1 = ov_dot(s->n, ov_sub(p1, s->p[0]));
    if ((d0 > 0.0 && d1 > 0.0) || (d0 < 0.0 && d1 < 0.0)) return false;
    if (d0 == 0.0 && d1 == 0.0) {
        double lo = 0.0, hi = 1.0;
        return orc_clip_planar_triangle(s, p0, ov_sub(p1, p0), &lo, &hi);
    }
    ovec x = ov_madd(p0, ov_sub(p1, p0), d0 / (d0 - d1));
    return tri_contains_planar(s, x);
}

static bool segment_meets_poly(const orc_shape *s, ovec p0, ovec p1)
{
    return s->core == ORC_CORE_BOX ? segment_meets_box(s, p0, p1) : segment_meets_triangle(s, p0, p1);
}

static double segment_poly(const orc_shape *s, ovec p0, ovec p1)
{
    if (segment_meets_poly(s, p0, p1)) return 0.0;
    double best = fmin(point_core(s, p0, NULL), point_core(s, p1, NULL));
    ovec v[8];
    int e[12][2];
    poly_vertices(s, v);
    int ne = poly_edges(s, e);
    for (int i = 0; i < ne; ++i) best = fmin(best, orc_segment_segment(p0, p1, v[e[i][0]], v[e[i][1]], NULL, NULL));
    return best;
}

static double half_min(const orc_shape *h, const orc_shape *s)
{
    /* min over the core of dot(n, x), minus the offset, in units of |n|. */
    double m = INFINITY;
    ovec v[8];
    int nv = 0;
    switch (s->core) {
    case ORC_CORE_POINT: v[0] = s->p[0]; nv = 1; break;
    case ORC_CORE_SEGMENT: v[0] = s->p[0]; v[1] = s->p[1]; nv = 2; break;
    case ORC_CORE_BOX:
    case ORC_CORE_TRIANGLE: nv = poly_vertices(s, v); break;
    default: return -INFINITY;
    }
    for (int i = 0; i < nv; ++i) m = fmin(m, ov_dot(h->n, v[i]));
    return (m - h->offset) / ov_len(h->n);
}

static bool poly_poly_meet(const orc_shape *a, const orc_shape *b)
{
    ovec v[8];
    int e[12][2];
    poly_vertices(a, v);
    int ne = poly_edges(a, e);
    for (int i = 0; i < ne; ++i)
        if (segment_meets_poly(b, v[e[i][0]], v[e[i][1]])) return true;
    poly_vertices(b, v);
    ne = poly_edges(b, e);
    for (int i = 0; i < ne; ++i)
        if (segment_meets_poly(a, v[e[i][0]], v[e[i][1]])) return true;
    return false;
}

static double poly_poly(const orc_shape *a, const orc_shape *b)
{
    if (poly_poly_meet(a, b)) return 0.0;
    ovec va[8], vb[8];
    int ea[12][2], eb[12][2];
    int nva = poly_vertices(a, va), nvb = poly_vertices(b, vb);
    int nea = poly_edges(a, ea), neb = poly_edges(b, eb);
    double best = INFINITY;
    for (int i = 0; i < nva; ++i) best = fmin(best, point_core(b, va[i], NULL));
    for (int i = 0; i < nvb; ++i) best = fmin(best, point_core(a, vb[i], NULL));
    for (int i = 0; i < nea; ++i)
        for (int j = 0; j < neb; ++j)
            best = fmin(best, orc_segment_segment(va[ea[i][0]], va[ea[i][1]], vb[eb[j][0]], vb[eb[j][1]], NULL, NULL));
    return best;
}

static bool is_poly(const orc_shape *s) { return s->core == ORC_CORE_BOX || s->core == ORC_CORE_TRIANGLE; }

/* Distance between cores (radius ignored). */
static double core_distance(const orc_shape *a, const orc_shape *b)
{
    if (a->core > b->core) { const orc_shape *t = a; a = b; b = t; }
    if (a->core == ORC_CORE_POINT) return point_core(b, a->p[0], NULL);
    if (b->core == ORC_CORE_HALFSPACE) {
        if (a->core == ORC_CORE_HALFSPACE) return 0.0;
        double m = half_min(b, a);
        return m > 0.0 ? m : 0.0;
    }
    if (a->core == ORC_CORE_SEGMENT) {
        if (b->core == ORC_CORE_SEGMENT) return orc_segment_segment(a->p[0], a->p[1], b->p[0], b->p[1], NULL, NULL);
        return segment_poly(b, a->p[0], a->p[1]);
    }
    return poly_poly(a, b);
}

double orc_distance(const orc_shape *a, const orc_shape *b)
{
    double d = core_distance(a, b) - a->radius - b->radius;
    return d > 0.0 ? d : 0.0;
}

/* Exact-in-double predicates: crossing and containment tests. */
static bool overlap_predicate(const orc_shape *a, const orc_shape *b)
{
    if (is_poly(a) && is_poly(b)) return poly_poly_meet(a, b);
    if (a->core == ORC_CORE_HALFSPACE || b->core == ORC_CORE_HALFSPACE) {
        const orc_shape *h = a->core == ORC_CORE_HALFSPACE ? a : b, *o = h == a ? b : a;
        /* min dot(n, x) over the core, minus r |n|, against the offset */
        return half_min(h, o) <= o->radius;
    }
    if (a->core > b->core) { const orc_shape *t = a; a = b; b = t; }
    if (a->core == ORC_CORE_SEGMENT && is_poly(b) && segment_meets_poly(b, a->p[0], a->p[1])) return true;
    if (a->core == ORC_CORE_POINT && b->core == ORC_CORE_BOX && a->radius == 0.0 && box_inside(b, a->p[0])) return true;
    return core_distance(a, b) <= a->radius + b->radius;
}

bool orc_overlap(const orc_shape *a, const orc_shape *b)
{
    if (a->empty || b->empty) return false;
    if (a->kind == TC_SHAPE_AABB && b->kind == TC_SHAPE_AABB) {
        /* Exact: compare the float bounds themselves. */
        ovec alo = ov_sub(a->c, ov(a->h[0], a->h[1], a->h[2])), ahi = ov_add(a->c, ov(a->h[0], a->h[1], a->h[2]));
        ovec blo = ov_sub(b->c, ov(b->h[0], b->h[1], b->h[2])), bhi = ov_add(b->c, ov(b->h[0], b->h[1], b->h[2]));
        return alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y && alo.z <= bhi.z && blo.z <= ahi.z;
    }
    if (overlap_predicate(a, b)) return true;
    if (is_poly(a) && is_poly(b)) {
        /* Cheap lower bound first: the gap along the face normals. */
        ovec axes[7];
        int na = 0;
        const orc_shape *ps[2] = { a, b };
        for (int k = 0; k < 2; ++k) {
            if (ps[k]->core == ORC_CORE_BOX) for (int i = 0; i < 3; ++i) axes[na++] = ps[k]->inv[i];
            else axes[na++] = ps[k]->n;
        }
        double res = orc_contact_resolution(a, b);
        for (int i = 0; i < na; ++i) {
            double l = ov_len(axes[i]);
            if (!(l > 0.0)) continue;
            double gap1 = (-orc_support(b, ov_scale(axes[i], -1.0)) - orc_support(a, axes[i])) / l;
            double gap2 = (-orc_support(a, ov_scale(axes[i], -1.0)) - orc_support(b, axes[i])) / l;
            if (gap1 > res || gap2 > res) return false;
        }
    }
    /* Contacts closer than 1e-12 of the scale are beyond what double
     * predicates resolve (a shared vertex computes as 1e-16 off a plane);
     * they only arise from exact float contacts, which count as touching. */
    return orc_distance(a, b) <= orc_contact_resolution(a, b);
}

/* ---- support ------------------------------------------------------------- */
double orc_support(const orc_shape *s, ovec n)
{
    double r = s->radius * ov_len(n);
    switch (s->core) {
    case ORC_CORE_POINT: return ov_dot(n, s->p[0]) + r;
    case ORC_CORE_SEGMENT: return fmax(ov_dot(n, s->p[0]), ov_dot(n, s->p[1])) + r;
    case ORC_CORE_BOX: {
        double v = ov_dot(n, s->c);
        for (int i = 0; i < 3; ++i) v += s->h[i] * fabs(ov_dot(n, s->m[i]));
        return v;
    }
    case ORC_CORE_TRIANGLE: return fmax(ov_dot(n, s->p[0]), fmax(ov_dot(n, s->p[1]), ov_dot(n, s->p[2])));
    default: {
        /* Bounded only along the outward normal. */
        ovec a = ov_unit(n), b = ov_unit(s->n);
        if (ov_len(ov_sub(a, b)) <= 1e-9) return s->offset * ov_len(n) / ov_len(s->n);
        return INFINITY;
    }
    }
}

ovec orc_support_point(const orc_shape *s, ovec n, test_rng *rng)
{
    ovec un = ov_unit(n);
    double nl = ov_len(n);
    switch (s->core) {
    case ORC_CORE_POINT: return ov_madd(s->p[0], un, s->radius);
    case ORC_CORE_SEGMENT: {
        ovec d = ov_sub(s->p[1], s->p[0]);
        double k = ov_dot(un, d);
        ovec q;
        if (fabs(k) <= 1e-12 * ov_len(d)) q = ov_madd(s->p[0], d, rng ? test_rng_uniform(rng, 0.0, 1.0) : 0.5);
        else q = k > 0.0 ? s->p[1] : s->p[0];
        return ov_madd(q, un, s->radius);
    }
    case ORC_CORE_BOX: {
        ovec q = s->c;
        for (int i = 0; i < 3; ++i) {
            double k = ov_dot(un, s->m[i]);
            double u = fabs(k) <= 1e-12 ? (rng ? test_rng_uniform(rng, -s->h[i], s->h[i]) : 0.0)
                                        : (k > 0.0 ? s->h[i] : -s->h[i]);
            q = ov_madd(q, s->m[i], u);
        }
        return q;
    }
    case ORC_CORE_TRIANGLE: {
        double v[3], m = -INFINITY;
        for (int i = 0; i < 3; ++i) { v[i] = ov_dot(un, s->p[i]); m = fmax(m, v[i]); }
        double tol = 1e-12 * (ov_maxabs(s->p[0]) + ov_maxabs(s->p[1]) + ov_maxabs(s->p[2]));
        double w[3], sum = 0.0;
        for (int i = 0; i < 3; ++i) {
            w[i] = v[i] >= m - tol ? (rng ? test_rng_uniform(rng, 0.0, 1.0) : 1.0) : 0.0;
            sum += w[i];
        }
        if (!(sum > 0.0)) for (int i = 0; i < 3; ++i) { w[i] = v[i] == m ? 1.0 : 0.0; sum += w[i]; }
        ovec q = ov(0, 0, 0);
        for (int i = 0; i < 3; ++i) q = ov_madd(q, s->p[i], w[i] / sum);
        return q;
    }
    default:
        (void)nl;
        return ov_scale(s->n, s->offset / ov_len2(s->n));
    }
}

/* ---- scale --------------------------------------------------------------- */
static void shape_bounds(const orc_shape *s, ovec *lo, ovec *hi)
{
    ovec v[8];
    int nv = 0;
    switch (s->core) {
    case ORC_CORE_POINT: v[0] = s->p[0]; nv = 1; break;
    case ORC_CORE_SEGMENT: v[0] = s->p[0]; v[1] = s->p[1]; nv = 2; break;
    case ORC_CORE_BOX:
    case ORC_CORE_TRIANGLE: nv = poly_vertices(s, v); break;
    default: {
        ovec q = ov_scale(s->n, s->offset / ov_len2(s->n));
        *lo = q; *hi = q;
        return;
    }
    }
    *lo = v[0]; *hi = v[0];
    for (int i = 1; i < nv; ++i) {
        lo->x = fmin(lo->x, v[i].x); lo->y = fmin(lo->y, v[i].y); lo->z = fmin(lo->z, v[i].z);
        hi->x = fmax(hi->x, v[i].x); hi->y = fmax(hi->y, v[i].y); hi->z = fmax(hi->z, v[i].z);
    }
    double r = s->radius;
    *lo = ov_sub(*lo, ov(r, r, r));
    *hi = ov_add(*hi, ov(r, r, r));
}

double orc_shape_coord(const orc_shape *s)
{
    ovec lo, hi;
    shape_bounds(s, &lo, &hi);
    return fmax(ov_maxabs(lo), ov_maxabs(hi));
}

double orc_shape_extent(const orc_shape *s)
{
    ovec lo, hi;
    shape_bounds(s, &lo, &hi);
    return ov_maxabs(ov_sub(hi, lo));
}

double orc_pair_scale(const orc_shape *a, const orc_shape *b)
{
    return fmax(orc_shape_coord(a), orc_shape_coord(b)) + fmax(orc_shape_extent(a), orc_shape_extent(b));
}

double orc_point_scale(const orc_shape *s, ovec p)
{
    return fmax(orc_shape_coord(s), ov_maxabs(p)) + orc_shape_extent(s);
}

double orc_contact_resolution(const orc_shape *a, const orc_shape *b)
{
    return ORC_CONTACT_RESOLUTION * fmax(orc_shape_extent(a), orc_shape_extent(b)) +
           1e-14 * fmax(orc_shape_coord(a), orc_shape_coord(b));
}

/* ---- erosion ------------------------------------------------------------- */
orc_shape orc_erode(const orc_shape *s, double eps)
{
    orc_shape e = *s;
    switch (s->kind) {
    case TC_SHAPE_SPHERE:
    case TC_SHAPE_CAPSULE:
        e.radius = s->radius - eps;
        if (e.radius < 0.0) e.empty = true;
        break;
    case TC_SHAPE_AABB:
    case TC_SHAPE_OBB:
        for (int i = 0; i < 3; ++i) {
            /* Face i lies at distance h_i |m_i . n_i| from the centre along its
             * unit normal n_i, which need not be m_i in a skew box. */
            ovec ni = ov_unit(ov_cross(s->m[(i + 1) % 3], s->m[(i + 2) % 3]));
            e.h[i] = s->h[i] - eps / fabs(ov_dot(s->m[i], ni));
            if (e.h[i] < 0.0) e.empty = true;
        }
        break;
    case TC_SHAPE_TRIANGLE: {
        if (s->core != ORC_CORE_TRIANGLE) { e.empty = true; break; }
        double la = ov_dist(s->p[1], s->p[2]), lb = ov_dist(s->p[2], s->p[0]), lc = ov_dist(s->p[0], s->p[1]);
        double per = la + lb + lc;
        double rin = ov_len(s->n) / per; /* area / semi-perimeter */
        if (!(rin > eps)) { e.empty = true; break; }
        ovec in = ov_scale(ov_add(ov_add(ov_scale(s->p[0], la), ov_scale(s->p[1], lb)), ov_scale(s->p[2], lc)), 1.0 / per);
        double k = 1.0 - eps / rin;
        for (int i = 0; i < 3; ++i) e.p[i] = ov_madd(in, ov_sub(s->p[i], in), k);
        e.n = ov_cross(ov_sub(e.p[1], e.p[0]), ov_sub(e.p[2], e.p[0]));
        break;
    }
    default:
        e.offset = s->offset - eps * ov_len(s->n);
        break;
    }
    return e;
}

/* Segment-shaped oracle shape (radius 0), for ray distances. */
static orc_shape segment_shape(ovec a, ovec b)
{
    orc_shape s = blank(TC_SHAPE_CAPSULE, ORC_CORE_SEGMENT);
    s.p[0] = a;
    s.p[1] = b;
    return s;
}

/* A bounding sphere of the core plus radius. */
static void bounding_sphere(const orc_shape *s, ovec *c, double *r)
{
    ovec lo, hi;
    shape_bounds(s, &lo, &hi);
    *c = ov_scale(ov_add(lo, hi), 0.5);
    *r = ov_dist(lo, hi) * 0.5;
}

double orc_ray_distance(const orc_shape *s, const orc_ray *ray, double max_t)
{
    if (s->empty) return INFINITY;
    double dl = ov_len(ray->d);
    if (dl == 0.0 || max_t == 0.0) return orc_point_distance(s, ray->o, NULL);
    if (s->core == ORC_CORE_HALFSPACE) {
        double nl = ov_len(s->n);
        double d0 = (ov_dot(s->n, ray->o) - s->offset) / nl, dd = ov_dot(s->n, ray->d) / nl;
        double m = d0;
        if (dd < 0.0) m = isinf(max_t) ? -1.0 : d0 + dd * max_t;
        return m > 0.0 ? m : 0.0;
    }
    double T = max_t;
    if (!(T < INFINITY)) {
        ovec c;
        double r;
        bounding_sphere(s, &c, &r);
        /* Beyond this the ray is farther from the shape than at its origin, so
         * by convexity the minimum lies before it. */
        T = 2.0 * (ov_dist(ray->o, c) + r) / dl + 1.0;
    }
    orc_shape seg = segment_shape(ray->o, ov_madd(ray->o, ray->d, T));
    return orc_distance(&seg, s);
}
