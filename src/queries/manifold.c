/* SPDX-License-Identifier: MIT */
/* Feature clipping.
 *
 * Everything happens in the plane across the normal: each supporting feature
 * (a polygon of up to TC_CORE_MAX_FEATURE vertices, a segment or a point) is projected to 2D,
 * keeping each vertex's height along n. The 2D intersection of the two
 * features is found by Sutherland-Hodgman when one is a polygon, by
 * segment-segment intersection (one point, or the overlap of parallel
 * segments) otherwise. At each vertex of the intersection the height of each
 * feature is interpolated from its own geometry, so the depth (height of A's
 * surface minus height of B's) is exact even when a face is tilted within the
 * feature tolerance. */
#include "queries/manifold.h"

#include "queries/pair_queries.h"
#include "queries/penetration.h"

typedef struct p2 { double x, y; } p2;

typedef struct feature2 {
    int count;          /* 1 point, 2 segment, 3+ polygon (CCW) */
    p2 p[TC_CORE_MAX_FEATURE];
    double h[TC_CORE_MAX_FEATURE]; /* heights along n */
    int32_t idx[TC_CORE_MAX_FEATURE]; /* the core's vertex index of each (contact.h) */
    unsigned face;                 /* feature (contact.h) of the face the polygon lies on */
    const tc_core *core;           /* whose feature: a hull's edges are numbered from its data */
    tc_dvec3 plane_n;   /* polygon: unit normal of its plane */
    double plane_d;     /* polygon: plane_n . x for x on it */
} feature2;

typedef struct frame2 { tc_dvec3 n, u, w; } frame2;

static p2 p2_make(double x, double y) { p2 r; r.x = x; r.y = y; return r; }
static p2 p2_sub(p2 a, p2 b) { return p2_make(a.x - b.x, a.y - b.y); }
static double p2_cross(p2 a, p2 b) { return a.x * b.y - a.y * b.x; }
static double p2_dot(p2 a, p2 b) { return a.x * b.x + a.y * b.y; }
static tc_dvec3 lift(const frame2 *f, p2 p, double h)
{
    return tc_dvec3_mad(tc_dvec3_mad(tc_dvec3_scale(f->n, h), f->u, p.x), f->w, p.y);
}

/* Feature (contact.h) of the face of core c whose outward normal is nearest
 * d: a box's 2 * axis + (1 on the + side), a triangle's 0; a hull's
 * hull_face (its supporting face, when the feature is one; else 0). */
static unsigned face_byte(const tc_core *c, tc_dvec3 d, int32_t hull_face)
{
    if (c->count == TC_CORE_HULL) return TC_FEATURE_FACE | ((unsigned)(hull_face >= 0 ? hull_face : 0) & TC_FEATURE_INDEX_MASK);
    if (c->count != 8) return TC_FEATURE_FACE;
    int k = 0;
    double best = -1.0;
    for (int i = 0; i < 3; ++i) {
        double l = fabs(tc_dvec3_dot(c->axis[i], d));
        if (l > best) { best = l; k = i; }
    }
    return TC_FEATURE_FACE | (unsigned)(2 * k + (tc_dvec3_dot(c->axis[k], d) > 0.0 ? 1 : 0));
}

static void make_feature(const frame2 *f, const tc_core *c, tc_dvec3 dir, const tc_dvec3 *v, const int32_t *idx,
                         int32_t hull_face, int count, double size, feature2 *out)
{
    for (int i = 0; i < count; ++i) {
        out->p[i] = p2_make(tc_dvec3_dot(v[i], f->u), tc_dvec3_dot(v[i], f->w));
        out->h[i] = tc_dvec3_dot(v[i], f->n);
        out->idx[i] = idx[i];
    }
    out->core = c;
    out->face = face_byte(c, dir, hull_face);
    out->count = count;
    if (count < 3) return;
    double area = 0.0;
    for (int i = 0; i < count; ++i) area += p2_cross(out->p[i], out->p[(i + 1) % count]);
    if (fabs(area) <= 1e-10 * size * size) {
        /* A face seen edge-on (zero-thickness box, collinear triangle):
         * keep its two furthest vertices as a segment. */
        int bi = 0, bj = 1;
        double best = -1.0;
        for (int i = 0; i < count; ++i)
            for (int j = i + 1; j < count; ++j) {
                p2 d = p2_sub(out->p[i], out->p[j]);
                if (p2_dot(d, d) > best) { best = p2_dot(d, d); bi = i; bj = j; }
            }
        p2 pi = out->p[bi], pj = out->p[bj];
        double hi = out->h[bi], hj = out->h[bj];
        int32_t ii = out->idx[bi], ij = out->idx[bj];
        out->p[0] = pi; out->h[0] = hi; out->idx[0] = ii;
        out->p[1] = pj; out->h[1] = hj; out->idx[1] = ij;
        out->count = 2;
        return;
    }
    if (area < 0.0) {
        for (int i = 0, j = count - 1; i < j; ++i, --j) {
            p2 tp = out->p[i]; out->p[i] = out->p[j]; out->p[j] = tp;
            double th = out->h[i]; out->h[i] = out->h[j]; out->h[j] = th;
            int32_t ti = out->idx[i]; out->idx[i] = out->idx[j]; out->idx[j] = ti;
        }
    }
    /* Newell's normal of the 3D polygon (robust for quads slightly off-plane). */
    tc_dvec3 m = tc_dvec3_make(0, 0, 0);
    for (int i = 0; i < count; ++i) {
        tc_dvec3 a = v[i], b = v[(i + 1) % count];
        m.x += (a.y - b.y) * (a.z + b.z);
        m.y += (a.z - b.z) * (a.x + b.x);
        m.z += (a.x - b.x) * (a.y + b.y);
    }
    m = tc_dvec3_normalize(m);
    double d = 0.0;
    for (int i = 0; i < count; ++i) d += tc_dvec3_dot(m, v[i]);
    out->plane_n = m;
    out->plane_d = d / count;
}

/* Height of the feature above 2D point p (clamped to a segment's ends). */
static double feature_height(const frame2 *f, const feature2 *g, p2 p)
{
    if (g->count == 1) return g->h[0];
    if (g->count == 2) {
        p2 d = p2_sub(g->p[1], g->p[0]);
        double dd = p2_dot(d, d);
        double t = dd > 0.0 ? p2_dot(p2_sub(p, g->p[0]), d) / dd : 0.0;
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        return g->h[0] + (g->h[1] - g->h[0]) * t;
    }
    double mn = tc_dvec3_dot(g->plane_n, f->n);
    tc_dvec3 base = lift(f, p, 0.0);
    if (fabs(mn) < 1e-12) return g->h[0];
    return (g->plane_d - tc_dvec3_dot(g->plane_n, base)) / mn;
}

/* A clip of two features has at most the sum of their vertex counts. */
#define MAX_CLIP (2 * TC_CORE_MAX_FEATURE + 8)

/* Clips the subject points (a closed polygon, or a segment / point treated
 * as a degenerate one) by the CCW convex polygon. */
static int clip_by_polygon(const p2 *subject, int ns, const feature2 *clip, double eps, p2 *out)
{
    p2 buf_a[MAX_CLIP], buf_b[MAX_CLIP];
    p2 *in = buf_a, *res = buf_b;
    int n = ns;
    for (int i = 0; i < n; ++i) in[i] = subject[i];
    for (int e = 0; e < clip->count && n > 0; ++e) {
        p2 c0 = clip->p[e], c1 = clip->p[(e + 1) % clip->count];
        p2 edge = p2_sub(c1, c0);
        double len = sqrt(p2_dot(edge, edge));
        int m = 0;
        for (int i = 0; i < n; ++i) {
            p2 cur = in[i], prev = in[(i + n - 1) % n];
            double dc = p2_cross(edge, p2_sub(cur, c0)), dp = p2_cross(edge, p2_sub(prev, c0));
            bool cin = dc >= -eps * len, pin = dp >= -eps * len;
            if (cin != pin && m < MAX_CLIP) {
                double t = dp / (dp - dc);
                res[m++] = p2_make(prev.x + (cur.x - prev.x) * t, prev.y + (cur.y - prev.y) * t);
            }
            if (cin && m < MAX_CLIP) res[m++] = cur;
        }
        p2 *tmp = in; in = res; res = tmp;
        n = m;
    }
    for (int i = 0; i < n; ++i) out[i] = in[i];
    return n;
}

static p2 closest_on_segment2(p2 a, p2 b, p2 p)
{
    p2 d = p2_sub(b, a);
    double dd = p2_dot(d, d);
    double t = dd > 0.0 ? p2_dot(p2_sub(p, a), d) / dd : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return p2_make(a.x + d.x * t, a.y + d.y * t);
}

/* The subject touches the polygon only at rounding level (a corner on an
 * edge) and the clip came out empty: the subject point nearest the polygon's
 * boundary, moved halfway to it. */
static int nearest_to_polygon(const p2 *subject, int ns, const feature2 *poly, p2 *out)
{
    double best = INFINITY;
    for (int i = 0; i < ns; ++i) {
        for (int e = 0; e < poly->count; ++e) {
            p2 q = closest_on_segment2(poly->p[e], poly->p[(e + 1) % poly->count], subject[i]);
            p2 d = p2_sub(q, subject[i]);
            if (p2_dot(d, d) < best) {
                best = p2_dot(d, d);
                out[0] = p2_make(0.5 * (q.x + subject[i].x), 0.5 * (q.y + subject[i].y));
            }
        }
    }
    return 1;
}

static int intersect_features(const feature2 *fa, const feature2 *fb, double eps, p2 *out, p2 *out_b, bool *met)
{
    *met = true;
    /* out: where to read A's height; out_b: B's (the same but for two
     * skew edges, whose closest points differ across the normal). */
    if (fa->count >= 3) {
        int n = clip_by_polygon(fb->p, fb->count, fa, eps, out);
        if (n > 0) return n;
        *met = false;
        return nearest_to_polygon(fb->p, fb->count, fa, out);
    }
    if (fb->count >= 3) {
        int n = clip_by_polygon(fa->p, fa->count, fb, eps, out);
        if (n > 0) return n;
        *met = false;
        return nearest_to_polygon(fa->p, fa->count, fb, out);
    }
    /* Below the polygon cases, the features meet when their 2D closest
     * points coincide (to well within rounding of the coordinates). */
    double near2 = (1e3 * eps) * (1e3 * eps);
    if (fa->count == 1 || fb->count == 1) {
        p2 p = fa->count == 1 ? fa->p[0] : fb->p[0];
        const feature2 *other = fa->count == 1 ? fb : fa;
        p2 q = other->count == 1 ? other->p[0] : closest_on_segment2(other->p[0], other->p[1], p);
        p2 d = p2_sub(p, q);
        if (p2_dot(d, d) > near2) *met = false;
        out[0] = p;
        return 1;
    }
    p2 a0 = fa->p[0], b0 = fb->p[0];
    p2 da = p2_sub(fa->p[1], a0), db = p2_sub(fb->p[1], b0);
    double la = p2_dot(da, da), lb = p2_dot(db, db);
    if (la <= eps * eps) { out[0] = a0; return 1; }
    if (lb <= eps * eps) { out[0] = b0; return 1; }
    double denom = p2_cross(da, db);
    if (fabs(denom) > 1e-9 * sqrt(la * lb)) {
        p2 r = p2_sub(b0, a0);
        double s = p2_cross(r, db) / denom, t = p2_cross(r, da) / denom;
        s = s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        out[0] = p2_make(a0.x + da.x * s, a0.y + da.y * s);
        out_b[0] = p2_make(b0.x + db.x * t, b0.y + db.y * t);
        p2 gap = p2_sub(out[0], out_b[0]);
        if (p2_dot(gap, gap) > near2) *met = false;
        return -1;
    }
    /* Parallel edges: the overlap of their extents along A's edge. */
    double t0 = p2_dot(p2_sub(b0, a0), da) / la, t1 = p2_dot(p2_sub(fb->p[1], a0), da) / la;
    double lo = t0 < t1 ? t0 : t1, hi = t0 < t1 ? t1 : t0;
    double offset = p2_cross(da, p2_sub(b0, a0));
    if (offset * offset > near2 * la || hi < 0.0 || lo > 1.0) *met = false;
    lo = lo < 0.0 ? 0.0 : (lo > 1.0 ? 1.0 : lo);
    hi = hi < 0.0 ? 0.0 : (hi > 1.0 ? 1.0 : hi);
    out[0] = p2_make(a0.x + da.x * lo, a0.y + da.y * lo);
    out[1] = p2_make(a0.x + da.x * hi, a0.y + da.y * hi);
    return 2;
}

static unsigned edge_byte(int i, int j)
{
    int lo = i < j ? i : j, hi = i < j ? j : i;
    return TC_FEATURE_EDGE | (unsigned)(lo & 7) << 3 | (unsigned)(hi & 7);
}

/* Feature of core c's edge between its vertices i and j: a hull's by its
 * index in the data's edge list; `face` when the two are not joined (a
 * thinned hull face's chord, which lies on the face). */
static unsigned core_edge(const tc_core *c, int32_t i, int32_t j, unsigned face)
{
    if (c->count != TC_CORE_HULL) return edge_byte(i, j);
    int32_t e = tc_core_hull_edge_index(c, i, j);
    return e < 0 ? face : TC_FEATURE_EDGE | ((unsigned)e & TC_FEATURE_INDEX_MASK);
}

static double segment_gap(tc_dvec3 a, tc_dvec3 b, tc_dvec3 q)
{
    tc_dvec3 d = tc_dvec3_sub(b, a);
    double dd = tc_dvec3_dot(d, d), t = dd > 0.0 ? tc_dvec3_dot(tc_dvec3_sub(q, a), d) / dd : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return tc_dvec3_length(tc_dvec3_sub(q, tc_dvec3_mad(a, d, t)));
}

unsigned tc_core_feature_at(const tc_core *c, tc_dvec3 q, tc_dvec3 out)
{
    double eps = 1e-6 * (c->size + c->scale);
    switch (c->count) {
    case 1: return TC_FEATURE_VERTEX;
    case 2:
        for (int i = 0; i < 2; ++i)
            if (tc_dvec3_length(tc_dvec3_sub(q, c->v[i])) <= eps) return TC_FEATURE_VERTEX | (unsigned)i;
        return edge_byte(0, 1);
    case 3:
        for (int i = 0; i < 3; ++i)
            if (tc_dvec3_length(tc_dvec3_sub(q, c->v[i])) <= eps) return TC_FEATURE_VERTEX | (unsigned)i;
        for (int i = 0; i < 3; ++i)
            if (segment_gap(c->v[i], c->v[(i + 1) % 3], q) <= eps) return edge_byte(i, (i + 1) % 3);
        return TC_FEATURE_FACE;
    case 8: {
        /* On how many of the box's slab faces q lies: a corner on 3, an
         * edge on 2 (the corners either side of its free axis), a face on 1. */
        tc_dvec3 d = tc_dvec3_sub(q, c->center);
        int on = 0, bits = 0, free_axis = 0, face = 0;
        for (int k = 0; k < 3; ++k) {
            double l = tc_dvec3_dot(d, c->axis[k]);
            if (l > 0.0) bits |= 1 << k;
            if (fabs(l) >= c->half[k] - eps) { ++on; face = 2 * k + (l > 0.0); }
            else free_axis = k;
        }
        if (on == 3) return TC_FEATURE_VERTEX | (unsigned)bits;
        if (on == 2) return edge_byte(bits & ~(1 << free_axis), bits | 1 << free_axis);
        if (on == 1) return TC_FEATURE_FACE | (unsigned)face;
        return face_byte(c, out, -1);
    }
    default: {
        /* A hull: its supporting feature along the outward direction, then
         * the vertex, edge or face of it that q lies on. */
        tc_dvec3 v[TC_CORE_MAX_FEATURE];
        int32_t idx[TC_CORE_MAX_FEATURE], hull_face;
        int k = tc_core_feature_indexed(c, tc_dvec3_normalize(out), TC_FEATURE_TOLERANCE, v, idx, &hull_face);
        unsigned face = face_byte(c, out, hull_face);
        for (int i = 0; i < k; ++i)
            if (tc_dvec3_length(tc_dvec3_sub(q, v[i])) <= eps) return TC_FEATURE_VERTEX | ((unsigned)idx[i] & TC_FEATURE_INDEX_MASK);
        int edges = k == 2 ? 1 : (k > 2 ? k : 0);
        for (int i = 0; i < edges; ++i)
            if (k == 2 || segment_gap(v[i], v[(i + 1) % k], q) <= eps) return core_edge(c, idx[i], idx[(i + 1) % k], face);
        return k == 1 ? TC_FEATURE_VERTEX | ((unsigned)idx[0] & TC_FEATURE_INDEX_MASK) : face;
    }
    }
}

/* Which of the supporting feature's vertices, edges or its face the 2D point
 * q is on (within eps): its feature (contact.h). Deterministic in the
 * features alone, so it stays the same while the same features touch. */
static unsigned feature_byte(const feature2 *g, p2 q, double eps)
{
    double e2 = eps * eps;
    for (int i = 0; i < g->count; ++i) {
        p2 d = p2_sub(q, g->p[i]);
        if (p2_dot(d, d) <= e2) return TC_FEATURE_VERTEX | ((unsigned)g->idx[i] & TC_FEATURE_INDEX_MASK);
    }
    if (g->count == 1) return TC_FEATURE_VERTEX | ((unsigned)g->idx[0] & TC_FEATURE_INDEX_MASK);
    int edges = g->count == 2 ? 1 : g->count;
    for (int i = 0; i < edges; ++i) {
        int j = (i + 1) % g->count;
        p2 c = closest_on_segment2(g->p[i], g->p[j], q), d = p2_sub(q, c);
        if (p2_dot(d, d) <= e2 || g->count == 2) return core_edge(g->core, g->idx[i], g->idx[j], g->face);
    }
    return g->face;
}

/* Where along the line through 2D point p (heights along n) to put a contact
 * point so that it lies in both shapes: the middle of the surfaces, ha (A's
 * top) and hb (B's bottom), clamped into the extent of both shapes along the
 * line. A flat core's extent is its feature's height there. False when the
 * line does not cross both shapes (a clip vertex of two features whose
 * solids do not overlap along it). */
static bool place_in_both(const tc_core *a, const tc_core *b, const frame2 *f, p2 p, double ha, double hb, bool flat_a,
                          bool flat_b, double tol, double *h)
{
    tc_dvec3 base = lift(f, p, 0.0);
    double alo = ha, ahi = ha, blo = hb, bhi = hb;
    if (!flat_a && !tc_core_line_interval(a, base, f->n, &alo, &ahi)) return false;
    if (!flat_b && !tc_core_line_interval(b, base, f->n, &blo, &bhi)) return false;
    double lo = alo > blo ? alo : blo, hi = ahi < bhi ? ahi : bhi;
    if (!(lo <= hi + tol)) return false;
    if (lo > hi) { *h = 0.5 * (lo + hi); return true; }
    double mid = 0.5 * (ha + hb);
    *h = mid < lo ? lo : (mid > hi ? hi : mid);
    return true;
}

/* A point of both (overlapping) shapes: GJK's common point of the cores
 * when they intersect, else the point between their closest points that
 * lies in both balls (tc_rounded_meet); only for a manifold whose clip
 * placed no point (flat shapes crossing, deep tilted overlaps). */
static tc_dvec3 common_point(const tc_core *a, const tc_core *b)
{
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    if (!(r.distance > 0.0)) return tc_dvec3_scale(tc_dvec3_add(r.point_a, r.point_b), 0.5);
    tc_dvec3 n = tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / r.distance);
    double s = tc_rounded_meet(r.distance, a->radius, b->radius);
    return tc_dvec3_mad(r.point_a, n, s);
}

void tc_contact_points_into_both(const tc_core *a, const tc_core *b, tc_manifold *m)
{
    frame2 f;
    f.n = tc_dvec3_normalize(tc_dvec3_from(m->normal));
    f.u = tc_dvec3_perpendicular(f.n);
    f.w = tc_dvec3_cross(f.n, f.u);
    double tol = 1e-9 * (a->scale + b->scale + a->size + b->size);
    bool flat_a = tc_core_is_flat(a), flat_b = tc_core_is_flat(b);
    for (int i = 0; i < m->count; ++i) {
        tc_dvec3 x = tc_dvec3_from(m->points[i].point);
        p2 at = p2_make(tc_dvec3_dot(x, f.u), tc_dvec3_dot(x, f.w));
        double hx = tc_dvec3_dot(x, f.n), h;
        /* A flat shape's extent along the line is unknown here (the point's
         * height is not its surface's). */
        bool placed = !flat_a && !flat_b && place_in_both(a, b, &f, at, hx, hx, false, false, tol, &h);
        m->points[i].point = tc_dvec3_to(placed ? lift(&f, at, h) : common_point(a, b));
    }
}

/* Where triangle t (3 vertices) crosses the plane pn . x = pd: the segment
 * [*p0, *p1] and the features of its ends (the vertex on the plane or
 * the edge crossing it). False when the triangle lies on one side. */
static bool plane_section(const tc_dvec3 *t, tc_dvec3 pn, double pd, tc_dvec3 *p0, tc_dvec3 *p1, unsigned *f0,
                          unsigned *f1)
{
    double d[3];
    for (int i = 0; i < 3; ++i) d[i] = tc_dvec3_dot(pn, t[i]) - pd;
    tc_dvec3 q[6];
    unsigned fq[6];
    int k = 0;
    for (int i = 0; i < 3; ++i) {
        int j = (i + 1) % 3;
        if (d[i] == 0.0) { fq[k] = TC_FEATURE_VERTEX | (unsigned)i; q[k++] = t[i]; }
        if ((d[i] < 0.0 && d[j] > 0.0) || (d[i] > 0.0 && d[j] < 0.0)) {
            fq[k] = edge_byte(i, j);
            q[k++] = tc_dvec3_add(t[i], tc_dvec3_scale(tc_dvec3_sub(t[j], t[i]), d[i] / (d[i] - d[j])));
        }
    }
    if (k == 0) return false;
    int far = 0;
    for (int i = 1; i < k; ++i)
        if (tc_dvec3_length_sq(tc_dvec3_sub(q[i], q[0])) > tc_dvec3_length_sq(tc_dvec3_sub(q[far], q[0]))) far = i;
    *p0 = q[0];
    *f0 = fq[0];
    *p1 = q[far];
    *f1 = fq[far];
    return true;
}

/* Two triangles in planes that cross: where they meet is a segment of the
 * planes' common line, the overlap of each triangle's section by the other's
 * plane. Writes its ends (1 or 2 candidates, on both triangles: each end is
 * an end of one section, so on that triangle's edge or vertex and in the
 * other's face) and returns the count; 0 when the planes are (nearly)
 * parallel, a triangle is degenerate or the sections miss each other by more
 * than rounding (then the clip decides). */
static int crossing_points(const tc_core *a, const tc_core *b, double tol, tc_contact_candidate out[2])
{
    tc_dvec3 na = a->axis[0], nb = b->axis[0];
    tc_dvec3 dir = tc_dvec3_cross(na, nb);
    double ld = tc_dvec3_length(dir);
    if (!(ld > 1e-6)) return 0;
    dir = tc_dvec3_scale(dir, 1.0 / ld);
    tc_dvec3 a0, a1, b0, b1;
    unsigned fa0, fa1, fb0, fb1;
    if (!plane_section(a->v, nb, tc_dvec3_dot(nb, b->v[0]), &a0, &a1, &fa0, &fa1)) return 0;
    if (!plane_section(b->v, na, tc_dvec3_dot(na, a->v[0]), &b0, &b1, &fb0, &fb1)) return 0;
    double sa0 = tc_dvec3_dot(a0, dir), sa1 = tc_dvec3_dot(a1, dir), sb0 = tc_dvec3_dot(b0, dir), sb1 = tc_dvec3_dot(b1, dir);
    if (sa0 > sa1) { tc_dvec3 t = a0; a0 = a1; a1 = t; double u = sa0; sa0 = sa1; sa1 = u; unsigned g = fa0; fa0 = fa1; fa1 = g; }
    if (sb0 > sb1) { tc_dvec3 t = b0; b0 = b1; b1 = t; double u = sb0; sb0 = sb1; sb1 = u; unsigned g = fb0; fb0 = fb1; fb1 = g; }
    double lo = sa0 > sb0 ? sa0 : sb0, hi = sa1 < sb1 ? sa1 : sb1;
    if (!(lo <= hi + tol)) return 0;
    if (hi < lo) hi = lo = 0.5 * (lo + hi);
    /* Which section each end comes from names its features. */
    uint32_t ids[2] = { sa0 >= sb0 ? TC_CONTACT_ID(fa0, TC_FEATURE_FACE) : TC_CONTACT_ID(TC_FEATURE_FACE, fb0),
                        sa1 <= sb1 ? TC_CONTACT_ID(fa1, TC_FEATURE_FACE) : TC_CONTACT_ID(TC_FEATURE_FACE, fb1) };
    /* The point at s on each section, averaged (both lie on the common line
     * up to rounding). */
    double ss[2] = { lo, hi };
    int k = 0;
    for (int i = 0; i < 2; ++i) {
        double s = ss[i];
        double ta = sa1 > sa0 ? (s - sa0) / (sa1 - sa0) : 0.0, tb = sb1 > sb0 ? (s - sb0) / (sb1 - sb0) : 0.0;
        ta = ta < 0.0 ? 0.0 : (ta > 1.0 ? 1.0 : ta);
        tb = tb < 0.0 ? 0.0 : (tb > 1.0 ? 1.0 : tb);
        tc_dvec3 pa = tc_dvec3_add(a0, tc_dvec3_scale(tc_dvec3_sub(a1, a0), ta));
        tc_dvec3 pb = tc_dvec3_add(b0, tc_dvec3_scale(tc_dvec3_sub(b1, b0), tb));
        out[k].point = tc_dvec3_scale(tc_dvec3_add(pa, pb), 0.5);
        out[k].depth = 0.0;
        out[k].id = ids[i];
        if (k == 0 || tc_dvec3_length(tc_dvec3_sub(out[k].point, out[0].point)) > tol) ++k;
    }
    return k;
}

void tc_manifold_flip(tc_manifold *m)
{
    m->normal = tc_vec3_neg(m->normal);
    for (int i = 0; i < m->count; ++i)
        m->points[i].id = TC_CONTACT_ID(TC_CONTACT_FEATURE_B(m->points[i].id), TC_CONTACT_FEATURE_A(m->points[i].id));
}

void tc_manifold_moved_back(tc_manifold *m, tc_dvec3 d)
{
    for (int i = 0; i < m->count; ++i) m->points[i].point = tc_core_moved_back(m->points[i].point, d);
}

static double tri_area2(p2 a, p2 b, p2 c) { return p2_cross(p2_sub(b, a), p2_sub(c, a)); }

int tc_contact_reduce(const tc_contact_candidate *c, int count, tc_dvec3 n, tc_manifold *m)
{
    frame2 f;
    f.n = n;
    f.u = tc_dvec3_perpendicular(n);
    f.w = tc_dvec3_cross(n, f.u);
    int pick[4];
    int k = 0;
    if (count <= 4) {
        for (int i = 0; i < count; ++i) pick[k++] = i;
    } else {
        p2 q[MAX_CLIP];
        int nq = count < MAX_CLIP ? count : MAX_CLIP;
        for (int i = 0; i < nq; ++i) q[i] = p2_make(tc_dvec3_dot(c[i].point, f.u), tc_dvec3_dot(c[i].point, f.w));
        int i1 = 0;
        for (int i = 1; i < nq; ++i)
            if (c[i].depth > c[i1].depth) i1 = i;
        int i2 = i1 == 0 ? 1 : 0;
        for (int i = 0; i < nq; ++i) {
            p2 d = p2_sub(q[i], q[i1]), e = p2_sub(q[i2], q[i1]);
            if (p2_dot(d, d) > p2_dot(e, e)) i2 = i;
        }
        int i3 = -1;
        double best = -1.0;
        for (int i = 0; i < nq; ++i) {
            if (i == i1 || i == i2) continue;
            double a = fabs(tri_area2(q[i1], q[i2], q[i]));
            if (a > best) { best = a; i3 = i; }
        }
        int i4 = -1;
        best = -1.0;
        for (int i = 0; i < nq; ++i) {
            if (i == i1 || i == i2 || i == i3) continue;
            /* Area of the quadrilateral the point would close: the best of the
             * three ways to insert it among the triangle's corners. */
            double a = fabs(tri_area2(q[i1], q[i2], q[i3]) + tri_area2(q[i1], q[i3], q[i]));
            double b = fabs(tri_area2(q[i1], q[i2], q[i]) + tri_area2(q[i1], q[i], q[i3]));
            double d = fabs(tri_area2(q[i1], q[i], q[i2]) + tri_area2(q[i1], q[i2], q[i3]));
            double area = a > b ? a : b;
            if (d > area) area = d;
            if (area > best) { best = area; i4 = i; }
        }
        pick[k++] = i1;
        pick[k++] = i2;
        if (i3 >= 0) pick[k++] = i3;
        if (i4 >= 0) pick[k++] = i4;
    }
    for (int i = 0; i < k; ++i) {
        /* saturated: two capsules of radius FLT_MAX overlap by twice that */
        m->points[i].point = tc_dvec3_to_saturated(c[pick[i]].point);
        double d = c[pick[i]].depth;
        m->points[i].depth = tc_float_saturated(d > 0.0 ? d : 0.0);
        m->points[i].id = c[pick[i]].id;
    }
    m->count = k;
    return k;
}

int tc_core_manifold(const tc_core *a, const tc_core *b, tc_dvec3 n, double min_depth, tc_manifold *m, bool *met)
{
    frame2 f;
    f.n = n;
    f.u = tc_dvec3_perpendicular(n);
    f.w = tc_dvec3_cross(n, f.u);
    tc_dvec3 va[TC_CORE_MAX_FEATURE], vb[TC_CORE_MAX_FEATURE];
    int32_t ia[TC_CORE_MAX_FEATURE], ib[TC_CORE_MAX_FEATURE], face_a, face_b;
    int na = tc_core_feature_indexed(a, n, TC_FEATURE_TOLERANCE, va, ia, &face_a);
    int nb = tc_core_feature_indexed(b, tc_dvec3_neg(n), TC_FEATURE_TOLERANCE, vb, ib, &face_b);
    double size = a->size > b->size ? a->size : b->size;
    double scale = a->scale > b->scale ? a->scale : b->scale;
    feature2 fa, fb;
    make_feature(&f, a, n, va, ia, face_a, na, size + 1e-300, &fa);
    make_feature(&f, b, tc_dvec3_neg(n), vb, ib, face_b, nb, size + 1e-300, &fb);
    p2 pts[MAX_CLIP], pts_b[MAX_CLIP];
    bool meet;
    int np = intersect_features(&fa, &fb, 1e-9 * (scale + size), pts, pts_b, &meet);
    if (met) *met = meet;
    bool np_skew = np < 0;
    double tol = 1e-9 * (scale + size);
    if (np < 0) np = 1; /* skew edges: pts_b[0] set */
    else
        for (int i = 0; i < np; ++i) pts_b[i] = pts[i];
    bool flat_a = tc_core_is_flat(a), flat_b = tc_core_is_flat(b);
    tc_contact_candidate cand[MAX_CLIP];
    int nc = 0, deepest = -1;
    double deepest_depth = -INFINITY;
    double dedupe = 1e-9 * (scale + size);
    for (int i = 0; i < np; ++i) {
        double ha = feature_height(&f, &fa, pts[i]) + a->radius;
        double hb = feature_height(&f, &fb, pts_b[i]) - b->radius;
        tc_contact_candidate c;
        c.id = 0; /* numbered below, from where the point lies */
        c.depth = ha - hb;
        p2 at = np_skew ? p2_make(0.5 * (pts[i].x + pts_b[i].x), 0.5 * (pts[i].y + pts_b[i].y)) : pts[i];
        double h;
        if (!place_in_both(a, b, &f, at, ha, hb, flat_a, flat_b, tol, &h)) continue;
        c.point = lift(&f, at, h);
        bool dup = false;
        for (int j = 0; j < nc; ++j)
            if (tc_dvec3_length(tc_dvec3_sub(cand[j].point, c.point)) <= dedupe) {
                dup = true;
                if (c.depth > cand[j].depth) cand[j] = c;
            }
        if (dup) continue;
        cand[nc++] = c;
    }
    int kept = 0;
    tc_contact_candidate keep[MAX_CLIP];
    bool crossing = false;
    if (a->count == 3 && b->count == 3 && flat_a && flat_b) {
        /* Two triangles meet along a segment (or at a point): those are the
         * contact points, whatever the clip along n said. */
        tc_contact_candidate cross[2];
        int k = crossing_points(a, b, tol, cross);
        crossing = k > 0;
        for (int i = 0; i < k; ++i) cand[i] = cross[i];
        if (k > 0) nc = k;
    }
    double id_eps = 1e-6 * (size + 1e-300);
    for (int i = 0; i < nc && !crossing; ++i) {
        p2 q = p2_make(tc_dvec3_dot(cand[i].point, f.u), tc_dvec3_dot(cand[i].point, f.w));
        cand[i].id = TC_CONTACT_ID(feature_byte(&fa, q, id_eps), feature_byte(&fb, q, id_eps));
    }
    for (int i = 0; i < nc; ++i) {
        if (cand[i].depth > deepest_depth) { deepest_depth = cand[i].depth; deepest = i; }
        if (cand[i].depth >= min_depth) keep[kept++] = cand[i];
    }
    if (kept == 0) {
        if (deepest >= 0) {
            keep[kept++] = cand[deepest];
        } else {
            /* Nothing from the clip (rounding at a corner), or no clip point
             * whose line crosses both shapes (a deep, tilted overlap): the
             * depth between the two support points along n, at a point of
             * both shapes. */
            tc_dvec3 pa = tc_core_support(a, n), pb = tc_core_support(b, tc_dvec3_neg(n));
            double ha = tc_dvec3_dot(pa, n) + a->radius, hb = tc_dvec3_dot(pb, n) - b->radius;
            keep[0].depth = ha - hb;
            keep[0].point = common_point(a, b);
            p2 q = p2_make(tc_dvec3_dot(keep[0].point, f.u), tc_dvec3_dot(keep[0].point, f.w));
            keep[0].id = TC_CONTACT_ID(feature_byte(&fa, q, id_eps), feature_byte(&fb, q, id_eps));
            kept = 1;
        }
    }
    m->normal = tc_dvec3_to(n);
    int count = tc_contact_reduce(keep, kept, n, m);
    /* The largest depth is the overlap along n, so that moving B by it
     * separates the shapes even when n is not the axis whose supporting
     * features lie over each other (a face axis preferred over a slightly
     * shallower edge axis). */
    double overlap = tc_core_overlap_along(a, b, n) + a->radius + b->radius;
    int deepest_kept = 0;
    for (int i = 1; i < count; ++i)
        if (m->points[i].depth > m->points[deepest_kept].depth) deepest_kept = i;
    if (overlap > m->points[deepest_kept].depth) m->points[deepest_kept].depth = tc_float_saturated(overlap);
    /* Crossing triangles: each point of the crossing is as deep as the
     * shapes (nothing but the whole translation parts them there). */
    if (crossing)
        for (int i = 0; i < count; ++i) m->points[i].depth = m->points[deepest_kept].depth;
    return count;
}
