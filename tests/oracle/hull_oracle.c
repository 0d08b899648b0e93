/* SPDX-License-Identifier: MIT */
/* The brute-force hull oracle (hull_oracle.h). */
#include "hull_oracle.h"

#include <string.h>

static double tri_height(ovec a, ovec b, ovec c, ovec *n, double *longest)
{
    *n = ov_cross(ov_sub(b, a), ov_sub(c, a));
    double e = fmax(ov_dist(a, b), fmax(ov_dist(b, c), ov_dist(c, a)));
    *longest = e;
    return e > 0.0 ? ov_len(*n) / e : 0.0;
}

static void add_tri(orc_hull *h, ovec a, ovec b, ovec c, bool sliver)
{
    if (h->ntri >= ORC_HULL_MAX_TRIS) return;
    h->tri[h->ntri][0] = a;
    h->tri[h->ntri][1] = b;
    h->tri[h->ntri][2] = c;
    h->sliver[h->ntri] = sliver;
    h->ntri++;
}

void orc_hull_build(orc_hull *h, const ovec *points, int n)
{
    memset(h, 0, sizeof *h);
    h->n = n;
    double m = 0.0, ext = 0.0;
    int fa = 0, fb = 0;
    for (int i = 0; i < n; ++i) {
        h->p[i] = points[i];
        m = fmax(m, ov_maxabs(points[i]));
        for (int j = 0; j < i; ++j)
            if (ov_dist(points[i], points[j]) > ext) { ext = ov_dist(points[i], points[j]); fa = i; fb = j; }
    }
    h->coord = m + ext;
    /* A bounding sphere: centred between the furthest pair, grown to hold all. */
    h->center = ov_scale(ov_add(points[fa], points[fb]), 0.5);
    for (int i = 0; i < n; ++i) h->radius = fmax(h->radius, ov_dist(points[i], h->center));
    /* Rounding of the placed coordinates: a triangle lower than this has no plane. */
    double noise = 1e-12 * h->coord;
    double flat = ORC_HULL_FLAT * ext + noise;
    if (ext <= noise) { h->dim = 0; return; }
    /* The line through the furthest pair: within flat of it, a segment. */
    ovec u = ov_unit(ov_sub(points[fb], points[fa]));
    double off_line = 0.0;
    int fc = fa;
    for (int i = 0; i < n; ++i) {
        ovec r = ov_sub(points[i], points[fa]);
        double d = ov_len(ov_madd(r, u, -ov_dot(r, u)));
        if (d > off_line) { off_line = d; fc = i; }
    }
    if (off_line <= flat) {
        h->dim = 1;
        add_tri(h, points[fa], points[fb], points[fb], true);
        return;
    }
    /* The plane of the widest triangle: within flat of it, flat. */
    ovec pn;
    double longest;
    tri_height(points[fa], points[fb], points[fc], &pn, &longest);
    pn = ov_unit(pn);
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; ++i) {
        double d = ov_dot(pn, ov_sub(points[i], points[fa]));
        lo = fmin(lo, d);
        hi = fmax(hi, d);
    }
    h->dim = hi - lo <= flat ? 2 : 3;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            for (int k = j + 1; k < n; ++k) {
                ovec tn;
                double height = tri_height(points[i], points[j], points[k], &tn, &longest);
                bool sliver = !(height > 1e-9 * h->coord);
                if (h->dim == 2) {
                    /* Flat: every triangle of the points; their union is the polygon. */
                    add_tri(h, points[i], points[j], points[k], sliver);
                    continue;
                }
                /* Solid: a triple is on the boundary when every point is on
                 * one side of its plane (within the plane's own rounding). */
                if (sliver) {
                    add_tri(h, points[i], points[j], points[k], true);
                    continue;
                }
                ovec un = ov_unit(tn);
                double tol = 1e-9 * h->coord;
                double l2 = INFINITY, h2 = -INFINITY;
                for (int q = 0; q < n; ++q) {
                    double d = ov_dot(un, ov_sub(points[q], points[i]));
                    l2 = fmin(l2, d);
                    h2 = fmax(h2, d);
                }
                if (l2 < -tol && h2 > tol) continue; /* inside the cloud */
                if (h2 > tol) un = ov_scale(un, -1.0);  /* outward */
                add_tri(h, points[i], points[j], points[k], false);
                if (h->nplane < ORC_HULL_MAX_TRIS) {
                    h->pn[h->nplane] = un;
                    h->po[h->nplane] = ov_dot(un, points[i]);
                    h->nplane++;
                }
            }
}

void orc_hull_translate(orc_hull *h, ovec d)
{
    for (int i = 0; i < h->n; ++i) h->p[i] = ov_add(h->p[i], d);
    for (int k = 0; k < h->ntri; ++k)
        for (int c = 0; c < 3; ++c) h->tri[k][c] = ov_add(h->tri[k][c], d);
    for (int k = 0; k < h->nplane; ++k) h->po[k] += ov_dot(h->pn[k], d);
    h->center = ov_add(h->center, d);
}

bool orc_hull_inside(const orc_hull *h, ovec p)
{
    if (h->dim != 3 || h->nplane == 0) return false;
    double tol = 1e-12 * (h->coord + ov_maxabs(p));
    for (int k = 0; k < h->nplane; ++k)
        if (ov_dot(h->pn[k], p) - h->po[k] > tol) return false;
    return true;
}

/* A triangle as oracle shapes: itself, or a sliver's three edges. */
static int tri_shapes(const ovec *t, bool sliver, orc_shape out[3])
{
    if (!sliver) {
        tc_triangle f = { ov_to(t[0]), ov_to(t[1]), ov_to(t[2]) };
        out[0] = orc_from_triangle(&f);
        out[0].core = ORC_CORE_TRIANGLE;
        for (int c = 0; c < 3; ++c) out[0].p[c] = t[c];
        out[0].n = ov_cross(ov_sub(t[1], t[0]), ov_sub(t[2], t[0]));
        return 1;
    }
    for (int e = 0; e < 3; ++e) {
        tc_capsule s = { ov_to(t[e]), ov_to(t[(e + 1) % 3]), 0.0f };
        out[e] = orc_from_capsule(&s);
        out[e].p[0] = t[e];
        out[e].p[1] = t[(e + 1) % 3];
    }
    return 3;
}

/* A bounding sphere of an oracle shape (not a half-space). */
static void shape_sphere(const orc_shape *s, ovec *c, double *r)
{
    switch (s->core) {
    case ORC_CORE_POINT: *c = s->p[0]; *r = s->radius; break;
    case ORC_CORE_SEGMENT:
        *c = ov_scale(ov_add(s->p[0], s->p[1]), 0.5);
        *r = 0.5 * ov_dist(s->p[0], s->p[1]) + s->radius;
        break;
    case ORC_CORE_BOX:
        *c = s->c;
        *r = ov_len(s->m[0]) * s->h[0] + ov_len(s->m[1]) * s->h[1] + ov_len(s->m[2]) * s->h[2];
        break;
    case ORC_CORE_HALFSPACE: *c = ov(0, 0, 0); *r = INFINITY; break;
    default: {
        *c = ov_scale(ov_add(ov_add(s->p[0], s->p[1]), s->p[2]), 1.0 / 3.0);
        *r = fmax(ov_dist(*c, s->p[0]), fmax(ov_dist(*c, s->p[1]), ov_dist(*c, s->p[2]))) + s->radius;
        break;
    }
    }
}

static ovec shape_point(const orc_shape *s)
{
    return s->core == ORC_CORE_BOX ? s->c : s->p[0];
}

/* min over the pieces of the distance to x (below best), nearest bounding
 * sphere first, so that the first few pieces set a bound the rest rarely
 * beat. */
static double tris_distance(const ovec (*tri)[3], const bool *sliver, int n, const orc_shape *x, double best)
{
    ovec xc;
    double xr;
    shape_sphere(x, &xc, &xr);
    double lb[ORC_HULL_MAX_TRIS];
    int order[ORC_HULL_MAX_TRIS];
    if (n > ORC_HULL_MAX_TRIS) n = ORC_HULL_MAX_TRIS;
    for (int k = 0; k < n; ++k) {
        const ovec *t = tri[k];
        ovec tc = ov_scale(ov_add(ov_add(t[0], t[1]), t[2]), 1.0 / 3.0);
        double tr = fmax(ov_dist(tc, t[0]), fmax(ov_dist(tc, t[1]), ov_dist(tc, t[2])));
        lb[k] = ov_dist(tc, xc) - tr - xr;
        if (isnan(lb[k])) lb[k] = -INFINITY;
        /* insertion sort by the lower bound */
        int i = k;
        while (i > 0 && lb[order[i - 1]] > lb[k]) { order[i] = order[i - 1]; --i; }
        order[i] = k;
    }
    for (int i = 0; i < n && best > 0.0; ++i) {
        int k = order[i];
        if (lb[k] >= best) break;
        orc_shape ps[3];
        int np = tri_shapes(tri[k], sliver[k], ps);
        for (int q = 0; q < np; ++q) best = fmin(best, orc_distance(x, &ps[q]));
    }
    return best;
}

static double pieces_distance(const orc_hull *h, const orc_shape *x, double best)
{
    return tris_distance((const ovec (*)[3])h->tri, h->sliver, h->ntri, x, best);
}

static bool is_sliver(const ovec *t)
{
    ovec tn;
    double longest;
    double coord = fmax(ov_maxabs(t[0]), fmax(ov_maxabs(t[1]), ov_maxabs(t[2])));
    double height = tri_height(t[0], t[1], t[2], &tn, &longest);
    return !(height > 1e-9 * (coord + longest));
}

int orc_triangle_pieces(const ovec *t, orc_shape out[3])
{
    return tri_shapes(t, is_sliver(t), out);
}

double orc_triangles_distance(const ovec (*tri)[3], int n, const orc_shape *x)
{
    bool sliver[ORC_HULL_MAX_TRIS];
    if (n > ORC_HULL_MAX_TRIS) n = ORC_HULL_MAX_TRIS;
    for (int k = 0; k < n; ++k) sliver[k] = is_sliver(tri[k]);
    return tris_distance(tri, sliver, n, x, INFINITY);
}

double orc_hull_distance(const orc_hull *h, const orc_shape *x)
{
    if (orc_hull_inside(h, shape_point(x))) return 0.0;
    if (orc_point_inside(x, h->p[0])) return 0.0;
    if (h->dim == 0) {
        tc_sphere s = { ov_to(h->p[0]), 0.0f };
        orc_shape ps = orc_from_sphere(&s);
        ps.p[0] = h->p[0];
        return orc_distance(x, &ps);
    }
    return pieces_distance(h, x, INFINITY);
}

double orc_hull_plane_distance(const orc_hull *h, const orc_shape *plane)
{
    double l = ov_len(plane->n), lo = INFINITY;
    for (int i = 0; i < h->n; ++i) lo = fmin(lo, (ov_dot(plane->n, h->p[i]) - plane->offset) / l);
    return lo > 0.0 ? lo : 0.0;
}

double orc_hull_hull_distance(const orc_hull *a, const orc_hull *b)
{
    if (orc_hull_inside(a, b->p[0]) || orc_hull_inside(b, a->p[0])) return 0.0;
    if (ov_dist(a->center, b->center) - a->radius - b->radius > 0.0 && a->dim == 0 && b->dim == 0)
        return ov_dist(a->p[0], b->p[0]);
    double best = INFINITY;
    if (a->dim == 0 || b->dim == 0) {
        const orc_hull *pt = a->dim == 0 ? a : b, *o = pt == a ? b : a;
        tc_sphere s = { ov_to(pt->p[0]), 0.0f };
        orc_shape ps = orc_from_sphere(&s);
        ps.p[0] = pt->p[0];
        return o->dim == 0 ? ov_dist(pt->p[0], o->p[0]) : pieces_distance(o, &ps, INFINITY);
    }
    /* B's pieces nearest A first; each against A's pieces (pruned in turn). */
    double lb[ORC_HULL_MAX_TRIS];
    int order[ORC_HULL_MAX_TRIS];
    for (int k = 0; k < b->ntri; ++k) {
        const ovec *t = b->tri[k];
        ovec tc = ov_scale(ov_add(ov_add(t[0], t[1]), t[2]), 1.0 / 3.0);
        double tr = fmax(ov_dist(tc, t[0]), fmax(ov_dist(tc, t[1]), ov_dist(tc, t[2])));
        lb[k] = ov_dist(tc, a->center) - tr - a->radius;
        int i = k;
        while (i > 0 && lb[order[i - 1]] > lb[k]) { order[i] = order[i - 1]; --i; }
        order[i] = k;
    }
    for (int i = 0; i < b->ntri && best > 0.0; ++i) {
        int k = order[i];
        if (lb[k] >= best) break;
        orc_shape ps[3];
        int np = tri_shapes(b->tri[k], b->sliver[k], ps);
        for (int q = 0; q < np; ++q) best = pieces_distance(a, &ps[q], best);
    }
    return best;
}
