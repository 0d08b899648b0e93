/* SPDX-License-Identifier: MIT */
/* Hull-hull penetration from the expanding polytope, proven by a face.
 *
 * The separating-axis test (hull_sat.c) measures every face and every
 * crossing edge pair of the two hulls; for an intersecting pair most of
 * that work only confirms what the neighbourhood of the deepest point
 * already says. Here the float GJK's tetrahedron, which holds the origin,
 * grows inside the Minkowski difference A - B towards its boundary (EPA:
 * each step adds the support point along the normal of the face nearest
 * the origin and re-hulls). The polytope's vertices are differences of the
 * hulls' placed vertices (in double; only the choice of vertex comes from
 * the float scans), so the polytope lies inside the difference and its
 * nearest face's distance `lo` is a lower bound on the minimum translation
 * distance, whatever the float scans picked.
 *
 * The answer is a face: of the faces of A around the nearest polytope
 * face's A vertices the one most along its normal, likewise for B, each
 * measured exactly (the separating-axis test's own face overlap). If the
 * smaller is within `tol` of `lo`, it is the minimum translation within
 * tol, and no axis at all (no edge pair in particular) is smaller by more
 * than tol, below the face preference: the separating-axis test would
 * keep a face too, one within tol of this one. Otherwise (an edge pair
 * gives the minimum, a near tie, a degenerate polytope) the caller runs
 * the separating-axis test. */
#include "queries/hull_epa.h"

#include "queries/hull_sat.h"
#include "queries/penetration.h"
#include "shapes/hull_internal.h"

/* Room for the polytope; a step that would need more ends the growth
 * (the bound then proves what it can). */
#define EPA_MAX_VERTS 64
#define EPA_MAX_FACES 128
#define EPA_MAX_EDGES 96
#define EPA_MAX_STEPS 40

typedef struct epa_vert { tc_dvec3 w; int32_t ia, ib; } epa_vert;
typedef struct epa_face { int v[3]; tc_dvec3 n; double d; } epa_face;

typedef struct epa {
    int nv, nf;
    epa_vert v[EPA_MAX_VERTS];
    epa_face f[EPA_MAX_FACES];
} epa;

static void epa_vertex(epa *e, const tc_core *a, const tc_core *b, int32_t ia, int32_t ib)
{
    epa_vert *x = &e->v[e->nv++];
    x->ia = ia;
    x->ib = ib;
    x->w = tc_dvec3_sub(tc_core_hull_vertex(a, ia), tc_core_hull_vertex(b, ib));
}

/* Face i, j, k (counter-clockwise from outside): false when it has no
 * normal (collinear points: the polytope is degenerate). */
static bool epa_face_add(epa *e, int i, int j, int k, double tiny)
{
    if (e->nf >= EPA_MAX_FACES) return false;
    tc_dvec3 o = e->v[i].w;
    tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(e->v[j].w, o), tc_dvec3_sub(e->v[k].w, o));
    double l = tc_dvec3_length(n);
    if (!(l > tiny)) return false;
    epa_face *f = &e->f[e->nf++];
    f->v[0] = i;
    f->v[1] = j;
    f->v[2] = k;
    f->n = tc_dvec3_scale(n, 1.0 / l);
    f->d = tc_dvec3_dot(f->n, o);
    return true;
}

static int epa_nearest(const epa *e)
{
    int best = 0;
    for (int i = 1; i < e->nf; ++i)
        if (e->f[i].d < e->f[best].d) best = i;
    return best;
}

/* Adds vertex w (index e->nv - 1) seen from the faces it is above: they
 * go, and the rim of the hole they leave is joined to w. False, with the
 * polytope as it was, when it cannot take it (room, a degenerate face). */
static bool epa_expand(epa *e, double eps, double tiny)
{
    int p = e->nv - 1;
    tc_dvec3 w = e->v[p].w;
    int edges[EPA_MAX_EDGES][2], ne = 0;
    bool seen[EPA_MAX_FACES];
    for (int i = 0; i < e->nf; ++i) {
        const epa_face *f = &e->f[i];
        seen[i] = tc_dvec3_dot(f->n, w) - f->d > eps;
        if (!seen[i]) continue;
        for (int k = 0; k < 3; ++k) {
            int s = f->v[k], t = f->v[k == 2 ? 0 : k + 1], q = 0;
            /* an edge shared by two removed faces appears reversed: it goes */
            while (q < ne && !(edges[q][0] == t && edges[q][1] == s)) ++q;
            if (q < ne) {
                edges[q][0] = edges[ne - 1][0];
                edges[q][1] = edges[ne - 1][1];
                --ne;
            } else {
                if (ne >= EPA_MAX_EDGES) return false;
                edges[ne][0] = s;
                edges[ne][1] = t;
                ++ne;
            }
        }
    }
    if (ne < 3) return false;
    /* The new faces first, into the room after the old ones: a degenerate
     * one leaves the polytope untouched. */
    if (e->nf + ne > EPA_MAX_FACES) return false;
    int base = e->nf;
    for (int q = 0; q < ne; ++q)
        if (!epa_face_add(e, edges[q][0], edges[q][1], p, tiny) || e->f[e->nf - 1].d < -eps) {
            e->nf = base;
            return false;
        }
    int n = 0;
    for (int i = 0; i < e->nf; ++i)
        if (i >= base || !seen[i]) e->f[n++] = e->f[i];
    e->nf = n;
    return true;
}

/* The face of h around the vertices idx[0..n) whose local normal is most
 * along local direction (dx, dy, dz). */
static int32_t face_around(const tc_hull_data *h, const int32_t *idx, int n, tc_dvec3 d)
{
    int32_t best = -1;
    double best_dot = -INFINITY;
    for (int k = 0; k < n; ++k)
        for (int32_t i = h->vertex_face_start[idx[k]]; i < h->vertex_face_start[idx[k] + 1]; ++i) {
            int32_t f = h->vertex_faces[i];
            tc_vec3 m = h->face_normals[f];
            double s = m.x * d.x + m.y * d.y + m.z * d.z;
            if (s > best_dot) { best_dot = s; best = f; }
        }
    return best;
}

/* A world direction in the hull core's local frame (times its scale, which
 * changes no comparison). */
static tc_dvec3 to_local(const tc_core *c, tc_dvec3 d)
{
    return tc_dvec3_make(tc_dvec3_dot(c->hull_axis[0], d), tc_dvec3_dot(c->hull_axis[1], d), tc_dvec3_dot(c->hull_axis[2], d));
}

/* The tolerance of a proof for an overlap `o`: tol, and never above half
 * the face preference (capped at half the overlap, as tc_edge_beats_face
 * caps it), so that no axis can beat the proven one by the preference. */
static double proof_tol(double o, double pref, double tol)
{
    double half = o > 0.0 ? 0.5 * o : 0.0;
    double cap = 0.5 * (pref < half ? pref : half);
    return tol < cap ? tol : cap;
}

/* The distinct entries of v[0..3) into out; their count. */
static int distinct(const int32_t *v, int32_t *out)
{
    int n = 0;
    for (int k = 0; k < 3; ++k) {
        bool seen = false;
        for (int q = 0; q < n; ++q) seen |= out[q] == v[k];
        if (!seen) out[n++] = v[k];
    }
    return n;
}

/* Faces the polytope's bound cannot put above the cap are measured one by
 * one up to this many; more, and the separating-axis test's face pass
 * (its float filter over every face) takes over. */
#define EPA_FACE_SHORTLIST 16

/* The distinct values idx(e->v[i]) of the polytope's vertices (their A or
 * B vertex index, `of_b` choosing), placed by `c`, into out; their count. */
static int polytope_points(const epa *e, const tc_core *c, bool of_b, tc_dvec3 *out)
{
    int32_t seen[EPA_MAX_VERTS];
    int n = 0;
    for (int i = 0; i < e->nv; ++i) {
        int32_t k = of_b ? e->v[i].ib : e->v[i].ia;
        bool known = false;
        for (int q = 0; q < n && !known; ++q) known = seen[q] == k;
        if (known) continue;
        seen[n] = k;
        out[n++] = tc_core_hull_vertex(c, k);
    }
    return n;
}

/* Whether the overlap along owner's face f, as tc_hull_sat_face_overlap
 * measures it (m . v0 - m . s for the face's first vertex v0 and the
 * other hull's support s along -m), is above thr. Each point q of the
 * other hull gives m . v0 - m . q <= that overlap (s is the lowest point
 * along m, up to the double rounding that `thr`'s margin covers): the
 * polytope's points of the other hull lie around the deepest point, so
 * for most faces the first one or two already clear it. */
static bool face_above(const tc_core *owner, int32_t f, const tc_dvec3 *q, int nq, double thr)
{
    const tc_hull_data *h = owner->hull;
    tc_dvec3 m = tc_core_face_normal(owner, f);
    double hi = tc_dvec3_dot(m, tc_core_hull_vertex(owner, h->face_vertices[h->face_start[f]]));
    for (int j = 0; j < nq; ++j)
        if (hi - tc_dvec3_dot(m, q[j]) > thr) return true;
    return false;
}

/* tc_hull_sat_best_face's answer (the smallest face overlap, exact and
 * the first smallest in its order, A's faces then B's, when at most cap;
 * else some overlap above cap, here +inf when every face is), from a
 * shortlist: the faces whose polytope bound (face_above) does not put
 * them above cap are the only ones that can be at most cap, and they are
 * measured in double in the same order by the same function. A long
 * shortlist goes to the separating-axis test's own face pass. */
static double best_face_of(const tc_core *a, const tc_core *b, const epa *e, double cap, double margin,
                           tc_dvec3 *face_n)
{
    tc_dvec3 qa[EPA_MAX_VERTS], qb[EPA_MAX_VERTS];
    int na = polytope_points(e, a, false, qa), nb = polytope_points(e, b, true, qb);
    const int32_t nfa = a->hull->face_count, nfb = b->hull->face_count;
    int32_t list[EPA_FACE_SHORTLIST];
    int n = 0;
    double thr = cap + margin;
    for (int32_t f = 0; f < nfa + nfb; ++f) {
        bool above = f < nfa ? face_above(a, f, qb, nb, thr) : face_above(b, f - nfa, qa, na, thr);
        if (above) continue;
        if (n == EPA_FACE_SHORTLIST) return tc_hull_sat_best_face(a, b, cap, face_n);
        list[n++] = f;
    }
    double best = INFINITY;
    *face_n = tc_dvec3_make(0, 0, 1);
    for (int k = 0; k < n; ++k) {
        tc_dvec3 axis;
        double o = list[k] < nfa ? tc_hull_sat_face_overlap(a, b, list[k], &axis)
                                 : tc_hull_sat_face_overlap(b, a, list[k] - nfa, &axis);
        if (list[k] >= nfa) axis = tc_dvec3_neg(axis);
        if (o < best) { best = o; *face_n = axis; }
    }
    return best;
}

/* The nearest polytope face spans an edge of each hull (two vertices of
 * each): their cross product's overlap, if within tol of the lower bound
 * lo, is the minimum translation, and the separating-axis test's choice
 * between it and the best face (best_face_of, which passes over the
 * faces above its cap, mostly on the polytope's bound alone) is made here
 * when it is clear by tol either way. */
static bool edge_axis(const tc_core *a, const tc_core *b, const epa *e, const int32_t *va, const int32_t *vb,
                      tc_dvec3 towards, double lo, double pref, double tol, double margin, tc_dvec3 *normal,
                      tc_dvec3 *least)
{
    int32_t ua[3], ub[3];
    if (distinct(va, ua) != 2 || distinct(vb, ub) != 2) return false;
    if (tc_core_hull_edge_index(a, ua[0], ua[1]) < 0 || tc_core_hull_edge_index(b, ub[0], ub[1]) < 0) return false;
    tc_dvec3 da = tc_dvec3_sub(tc_core_hull_vertex(a, ua[1]), tc_core_hull_vertex(a, ua[0]));
    tc_dvec3 db = tc_dvec3_sub(tc_core_hull_vertex(b, ub[1]), tc_core_hull_vertex(b, ub[0]));
    tc_dvec3 u = tc_dvec3_cross(da, db);
    double l = tc_dvec3_length(u);
    /* parallel: as in the separating-axis test, the faces cover it */
    if (!(l > 1e-7 * tc_dvec3_length(da) * tc_dvec3_length(db))) return false;
    u = tc_dvec3_scale(u, 1.0 / l);
    if (tc_dvec3_dot(u, towards) < 0.0) u = tc_dvec3_neg(u);
    double edge = tc_dvec3_dot(u, tc_core_support(a, u)) - tc_dvec3_dot(u, tc_core_support(b, tc_dvec3_neg(u)));
    double t = proof_tol(edge, pref, tol);
    if (!(edge - lo <= t)) return false;
    /* Every edge pair's overlap is at least lo >= edge - t. */
    double cap = edge + pref + 4.0 * t;
    tc_dvec3 fn;
    double face = best_face_of(a, b, e, cap, margin, &fn);
    double half = face > 0.0 ? 0.5 * face : 0.0, pe = pref < half ? pref : half;
    if (face > cap || edge + t < face - pe) { /* an edge beats the face */
        *normal = *least = u;
        return true;
    }
    if (!(lo >= face - pe)) return false; /* too close to call */
    /* No edge can: the face, and as the axis of least overlap (the
     * manifold's second try) the edge when it is below the face, the face
     * when nothing can be; unknown (zero) otherwise. */
    *normal = fn;
    *least = edge < face ? u : (lo >= face ? fn : tc_dvec3_make(0, 0, 0));
    return true;
}

bool tc_hull_epa_axis(const tc_core *a, const tc_core *b, const tc_hull_pair *p, const tc_gjk_simplex *seed,
                      tc_dvec3 *normal, tc_dvec3 *least)
{
    if (seed->n != 4) return false;
    double scale = a->scale > b->scale ? a->scale : b->scale;
    double size = a->size + b->size;
    /* Rounding of the polytope's planes, far below the tolerance; a face
     * with a normal below `tiny` is a sliver. */
    double eps = 1e-13 * (scale + size), tiny = 1e-12 * size * size;
    /* The proof's tolerance: well inside the documented 1e-5 of the scale
     * and half the face preference (so no edge pair can win by it). */
    double pref = TC_FACE_PREFERENCE * size;
    double tol = 1e-7 * (scale + size);
    epa e;
    e.nv = e.nf = 0;
    for (int i = 0; i < 4; ++i) epa_vertex(&e, a, b, seed->ia[i], seed->ib[i]);
    static const int tet[4][4] = { { 0, 1, 2, 3 }, { 0, 3, 1, 2 }, { 0, 2, 3, 1 }, { 1, 3, 2, 0 } };
    for (int t = 0; t < 4; ++t) {
        int i = tet[t][0], j = tet[t][1], k = tet[t][2], o = tet[t][3];
        /* outward: away from the fourth vertex */
        tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(e.v[j].w, e.v[i].w), tc_dvec3_sub(e.v[k].w, e.v[i].w));
        if (tc_dvec3_dot(n, tc_dvec3_sub(e.v[o].w, e.v[i].w)) > 0.0) { int s = j; j = k; k = s; }
        if (!epa_face_add(&e, i, j, k, tiny)) return false;
        if (e.f[e.nf - 1].d < -eps) return false;
    }
    int near = epa_nearest(&e);
    for (int step = 0; step < EPA_MAX_STEPS && e.nv < EPA_MAX_VERTS; ++step) {
        const epa_face *f = &e.f[near];
        int32_t ia, ib;
        tc_dvec3 pa, pb;
        tc_hull_pair_support(p, f->n, &ia, &ib, &pa, &pb);
        bool known = false;
        for (int i = 0; i < e.nv; ++i)
            if (e.v[i].ia == ia && e.v[i].ib == ib) known = true;
        if (known) break; /* as far as the float scans see: done */
        epa_vertex(&e, a, b, ia, ib);
        if (!(tc_dvec3_dot(f->n, e.v[e.nv - 1].w) - f->d > 0.1 * tol)) break; /* converged */
        if (!epa_expand(&e, eps, tiny)) { --e.nv; break; } /* the last good polytope stays */
        near = epa_nearest(&e);
    }
    const epa_face *f = &e.f[near];
    double lo = f->d;
    if (!(lo >= 0.0)) return false;
    int32_t va[3], vb[3];
    for (int k = 0; k < 3; ++k) {
        va[k] = e.v[f->v[k]].ia;
        vb[k] = e.v[f->v[k]].ib;
    }
    int32_t fa = face_around(a->hull, va, 3, to_local(a, f->n));
    int32_t fb = face_around(b->hull, vb, 3, to_local(b, tc_dvec3_neg(f->n)));
    if (fa < 0 || fb < 0) return false;
    /* The separating-axis test's order: A's faces win ties. */
    tc_dvec3 na, nb;
    double oa = tc_hull_sat_face_overlap(a, b, fa, &na), ob = tc_hull_sat_face_overlap(b, a, fb, &nb);
    double face = oa;
    *normal = na;
    if (ob < oa) { face = ob; *normal = tc_dvec3_neg(nb); }
    if (face - lo <= proof_tol(face, pref, tol)) {
        *least = lo >= face ? *normal : tc_dvec3_make(0, 0, 0); /* an edge may be a hair below */
        return true;
    }
    /* The face bound's margin: the double rounding of a dot product of a
     * unit normal with placed points (a relative 2^-52 or so of the
     * coordinates), and of the support's pick, many times over. */
    double margin = 1e-9 * (scale + size);
    return edge_axis(a, b, &e, va, vb, f->n, lo, pref, tol, margin, normal, least);
}
