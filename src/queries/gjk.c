/* SPDX-License-Identifier: MIT */
/* GJK (Gilbert, Johnson, Keerthi) on the Minkowski difference A - B.
 *
 * The simplex keeps, for each vertex w = a - b, the two support points a and
 * b, so the closest point v = sum(lambda_i w_i) gives witness points
 * sum(lambda_i a_i) and sum(lambda_i b_i). The closest point of a simplex to
 * the origin is found by Voronoi-region tests (segment, triangle) and by
 * trying the faces a tetrahedron's origin lies outside of; each step keeps
 * only the vertices whose region holds the closest point. */
#include "queries/gjk.h"

#include "core/float.h"

typedef struct vertex { tc_dvec3 w, a, b; int32_t ia, ib; } vertex;

/* What the iteration runs on: two cores and their double support, or two
 * hulls' float support (fast) with its error bound. */
typedef struct gjk_src {
    const tc_core *a, *b;
    const tc_hull_pair *fast;
    double scale, size;
    tc_dvec3 start;  /* the first search direction, from B towards A */
    int32_t hint_a, hint_b; /* the cores' last support vertices (hulls; -1 none): the next climb's start */
} gjk_src;

typedef struct simplex {
    vertex v[4];
    double lambda[4];
    int n;
} simplex;

/* Copies the n vertices in use, not the whole struct: a simplex is copied
 * on every step, and mostly holds fewer than four. */
static void simplex_copy(simplex *dst, const simplex *src)
{
    dst->n = src->n;
    for (int i = 0; i < src->n; ++i) {
        dst->v[i] = src->v[i];
        dst->lambda[i] = src->lambda[i];
    }
}

/* Where the closest point of segment p-q to the origin lies: t in [0, 1]
 * from p to q (0 or 1 at an end point, including a zero-length segment). */
static double segment_param(const vertex *p, const vertex *q)
{
    tc_dvec3 d = tc_dvec3_sub(q->w, p->w);
    double dd = tc_dvec3_length_sq(d);
    double t = dd > 0.0 ? -tc_dvec3_dot(p->w, d) / dd : 0.0;
    return t <= 0.0 ? 0.0 : (t >= 1.0 ? 1.0 : t);
}

/* Closest point of segment v[i]-v[j] to the origin; writes the reduced
 * simplex to out. */
static void closest_segment(const vertex *p, const vertex *q, simplex *out)
{
    double t = segment_param(p, q);
    if (t == 0.0) {
        out->n = 1; out->v[0] = *p; out->lambda[0] = 1.0;
    } else if (t == 1.0) {
        out->n = 1; out->v[0] = *q; out->lambda[0] = 1.0;
    } else {
        out->n = 2; out->v[0] = *p; out->v[1] = *q;
        out->lambda[0] = 1.0 - t; out->lambda[1] = t;
    }
}

/* The squared distance of that closest point, summed as simplex_point sums
 * the simplex closest_segment would write. */
static double segment_distance_sq(const vertex *p, const vertex *q)
{
    double t = segment_param(p, q);
    tc_dvec3 r = tc_dvec3_make(0, 0, 0);
    if (t == 0.0) r = tc_dvec3_mad(r, p->w, 1.0);
    else if (t == 1.0) r = tc_dvec3_mad(r, q->w, 1.0);
    else r = tc_dvec3_mad(tc_dvec3_mad(r, p->w, 1.0 - t), q->w, t);
    return tc_dvec3_length_sq(r);
}

static tc_dvec3 simplex_point(const simplex *s)
{
    tc_dvec3 r = tc_dvec3_make(0, 0, 0);
    for (int i = 0; i < s->n; ++i) r = tc_dvec3_mad(r, s->v[i].w, s->lambda[i]);
    return r;
}

/* Closest point of triangle (a, b, c) to the origin, by its Voronoi regions. */
static void closest_triangle(const vertex *va, const vertex *vb, const vertex *vc, simplex *out)
{
    tc_dvec3 a = va->w, b = vb->w, c = vc->w;
    tc_dvec3 ab = tc_dvec3_sub(b, a), ac = tc_dvec3_sub(c, a);
    double d1 = -tc_dvec3_dot(ab, a), d2 = -tc_dvec3_dot(ac, a);
    if (d1 <= 0.0 && d2 <= 0.0) { out->n = 1; out->v[0] = *va; out->lambda[0] = 1.0; return; }
    double d3 = -tc_dvec3_dot(ab, b), d4 = -tc_dvec3_dot(ac, b);
    if (d3 >= 0.0 && d4 <= d3) { out->n = 1; out->v[0] = *vb; out->lambda[0] = 1.0; return; }
    double vc_ = d1 * d4 - d3 * d2;
    if (vc_ <= 0.0 && d1 >= 0.0 && d3 <= 0.0) { closest_segment(va, vb, out); return; }
    double d5 = -tc_dvec3_dot(ab, c), d6 = -tc_dvec3_dot(ac, c);
    if (d6 >= 0.0 && d5 <= d6) { out->n = 1; out->v[0] = *vc; out->lambda[0] = 1.0; return; }
    double vb_ = d5 * d2 - d1 * d6;
    if (vb_ <= 0.0 && d2 >= 0.0 && d6 <= 0.0) { closest_segment(va, vc, out); return; }
    double va_ = d3 * d6 - d5 * d4;
    if (va_ <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) { closest_segment(vb, vc, out); return; }
    double denom = va_ + vb_ + vc_;
    if (!(denom > 1e-300)) {
        /* Collinear corners: the face region is empty; take the best edge. */
        double l1 = segment_distance_sq(va, vb);
        double l2 = segment_distance_sq(vb, vc);
        double l3 = segment_distance_sq(va, vc);
        if (l1 <= l2 && l1 <= l3) closest_segment(va, vb, out);
        else if (l2 <= l3) closest_segment(vb, vc, out);
        else closest_segment(va, vc, out);
        return;
    }
    double v = vb_ / denom, w = vc_ / denom;
    out->n = 3;
    out->v[0] = *va; out->v[1] = *vb; out->v[2] = *vc;
    out->lambda[0] = 1.0 - v - w; out->lambda[1] = v; out->lambda[2] = w;
}

static double det3(tc_dvec3 a, tc_dvec3 b, tc_dvec3 c) { return tc_dvec3_dot(a, tc_dvec3_cross(b, c)); }

/* A tetrahedron's faces: three corners, counter-clockwise or not, then the
 * corner opposite. */
static const int tetra_faces[4][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 1, 3, 2, 0 } };

/* Closest point of a tetrahedron to the origin. Returns true when the origin
 * is inside (the simplex is then left whole, with barycentric weights). */
static bool closest_tetrahedron(simplex *s, double size, double err, bool *uncertain)
{
    const vertex *v = s->v;
    const int(*faces)[4] = tetra_faces;
    double volume = det3(tc_dvec3_sub(v[1].w, v[0].w), tc_dvec3_sub(v[2].w, v[0].w), tc_dvec3_sub(v[3].w, v[0].w));
    bool flat = fabs(volume) <= 1e-12 * size * size * size;
    /* The faces' closest points in two slots, in turn: the best one so far
     * stays, the next face writes the other (no copy, no clearing). */
    simplex cand[2];
    int best = -1, k = 0;
    double best_d = INFINITY;
    bool any_outside = false;
    for (int f = 0; f < 4; ++f) {
        const vertex *a = &v[faces[f][0]], *b = &v[faces[f][1]], *c = &v[faces[f][2]], *d = &v[faces[f][3]];
        tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(b->w, a->w), tc_dvec3_sub(c->w, a->w));
        double sp = -tc_dvec3_dot(a->w, n);
        double sd = tc_dvec3_dot(tc_dvec3_sub(d->w, a->w), n);
        if (!flat && sp * sd >= 0.0) {
            /* origin on the inner side of this face; a float run needs it
             * there by more than its error */
            if (err > 0.0 && !(sp * sp > err * err * tc_dvec3_length_sq(n))) *uncertain = true;
            continue;
        }
        any_outside = true;
        closest_triangle(a, b, c, &cand[k]);
        double dist = tc_dvec3_length_sq(simplex_point(&cand[k]));
        if (dist < best_d) { best_d = dist; best = k; k ^= 1; }
    }
    if (!any_outside) {
        /* Barycentric weights of the origin from signed sub-volumes. */
        double l0 = det3(tc_dvec3_neg(v[1].w), tc_dvec3_sub(v[2].w, v[1].w), tc_dvec3_sub(v[3].w, v[1].w));
        double l1 = det3(tc_dvec3_neg(v[0].w), tc_dvec3_sub(v[3].w, v[0].w), tc_dvec3_sub(v[2].w, v[0].w));
        double l2 = det3(tc_dvec3_neg(v[0].w), tc_dvec3_sub(v[1].w, v[0].w), tc_dvec3_sub(v[3].w, v[0].w));
        double l3 = det3(tc_dvec3_neg(v[0].w), tc_dvec3_sub(v[2].w, v[0].w), tc_dvec3_sub(v[1].w, v[0].w));
        double sum = l0 + l1 + l2 + l3;
        if (sum != 0.0) {
            s->lambda[0] = l0 / sum; s->lambda[1] = l1 / sum; s->lambda[2] = l2 / sum; s->lambda[3] = l3 / sum;
        }
        return true;
    }
    if (best >= 0) simplex_copy(s, &cand[best]);
    else s->n = 0; /* no face nearer than infinity: non-finite data */
    return false;
}

static vertex support(gjk_src *g, tc_dvec3 d)
{
    vertex r;
    if (g->fast) {
        tc_hull_pair_support(g->fast, d, &r.ia, &r.ib, &r.a, &r.b);
    } else {
        r.a = tc_core_support_hinted(g->a, d, &g->hint_a);
        r.b = tc_core_support_hinted(g->b, tc_dvec3_neg(d), &g->hint_b);
        r.ia = g->hint_a;
        r.ib = g->hint_b;
    }
    r.w = tc_dvec3_sub(r.a, r.b);
    return r;
}

/* The closest point of simplex s (its last vertex new) to the origin,
 * keeping the vertices whose region holds it; true when the origin is
 * inside a tetrahedron. */
static bool reduce(simplex *s, double size, double err, bool *uncertain)
{
    switch (s->n) {
    case 1: s->lambda[0] = 1.0; return false;
    case 2: closest_segment(&s->v[0], &s->v[1], s); return false;
    /* In place: closest_triangle reads its corners before it writes, and
     * writes slot k from a slot k or later only. */
    case 3: closest_triangle(&s->v[0], &s->v[1], &s->v[2], s); return false;
    default: return closest_tetrahedron(s, size, err, uncertain);
    }
}

static void witnesses(const simplex *s, tc_gjk_result *out)
{
    tc_dvec3 pa = tc_dvec3_make(0, 0, 0), pb = pa;
    for (int i = 0; i < s->n; ++i) {
        pa = tc_dvec3_mad(pa, s->v[i].a, s->lambda[i]);
        pb = tc_dvec3_mad(pb, s->v[i].b, s->lambda[i]);
    }
    out->point_a = pa;
    out->point_b = pb;
}

/* GJK, stopping early once the distance is known to be above `above` (a
 * lower bound past it: status SEPARATED, *decided set) or at most `within`
 * (the upper bound inside it: status SEPARATED or INTERSECTING, *decided
 * set); with above = INFINITY and within = 0 it runs to convergence. A
 * float run (g->fast) keeps only the decisions its error cannot change and
 * answers TC_GJK_UNSURE for the rest. seed, if any, is the first simplex. */
static tc_gjk_status gjk_run(gjk_src *g, double above, double within, const tc_gjk_simplex *seed,
                             tc_gjk_result *out, bool *decided)
{
    *decided = false;
    out->stalled = false;
    double err = g->fast ? g->fast->err : 0.0;
    double size = g->size + 1e-300;
    /* Below this the origin is taken to be on the simplex: relative to the
     * coordinates, far under float rounding of the inputs. */
    double zero_sq = (1e-12 * g->scale) * (1e-12 * g->scale);
    /* The current simplex and the next one, in turn: a step that makes
     * progress swaps them instead of copying back. */
    simplex buf[2];
    simplex *s = &buf[0];
    bool uncertain = false, inside = false, apart = false;
    if (seed && seed->n > 0) {
        s->n = seed->n;
        for (int i = 0; i < s->n; ++i) {
            vertex *x = &s->v[i];
            x->ia = seed->ia[i];
            x->ib = seed->ib[i];
            x->a = tc_core_hull_vertex(g->a, x->ia);
            x->b = tc_core_hull_vertex(g->b, x->ib);
            x->w = tc_dvec3_sub(x->a, x->b);
        }
        g->hint_a = seed->ia[0];
        g->hint_b = seed->ib[0];
        inside = reduce(s, size, 0.0, &uncertain);
    } else {
        tc_dvec3 d = g->start;
        if (tc_dvec3_length_sq(d) == 0.0) d = tc_dvec3_make(1, 0, 0);
        s->v[0] = support(g, tc_dvec3_neg(d));
        s->lambda[0] = 1.0;
        s->n = 1;
        /* The first support is a separating-axis test along the centres'
         * line: w.d / |d| bounds the distance from below, as v.w / |v| does
         * in the loop, and pairs well apart end here, on one support. */
        double wd = tc_dvec3_dot(s->v[0].w, d), bar = above + err;
        apart = wd > 0.0 && wd * wd > bar * bar * tc_dvec3_length_sq(d);
    }
    tc_dvec3 v = simplex_point(s);
    double vv = inside ? 0.0 : tc_dvec3_length_sq(v);
    out->status = inside ? TC_GJK_INTERSECTING : apart ? TC_GJK_SEPARATED : TC_GJK_MAX_ITERATIONS_REACHED;
    *decided = apart;
    int it = 0;
    for (; !inside && !apart && it < TC_GJK_MAX_ITERATIONS; ++it) {
        if (vv <= zero_sq) { out->status = TC_GJK_INTERSECTING; break; }
        if (vv <= within * within) { out->status = TC_GJK_SEPARATED; *decided = true; break; }
        vertex w = support(g, tc_dvec3_neg(v));
        /* v.w / |v| is a lower bound of the distance, |v| an upper bound. */
        double vw = tc_dvec3_dot(v, w.w);
        double bar = above + err;
        if (vw > 0.0 && vw * vw > bar * bar * vv) { out->status = TC_GJK_SEPARATED; *decided = true; break; }
        double gap = vv - vw;
        if (gap <= 1e-13 * vv || gap <= zero_sq) { out->status = TC_GJK_SEPARATED; break; }
        bool duplicate = false;
        for (int i = 0; i < s->n; ++i)
            if (tc_dvec3_length_sq(tc_dvec3_sub(s->v[i].w, w.w)) <= zero_sq) duplicate = true;
        if (duplicate) {
            out->status = TC_GJK_SEPARATED;
            out->stalled = vw < 0.5 * vv;
            break;
        }
        simplex *next = s == &buf[0] ? &buf[1] : &buf[0];
        simplex_copy(next, s);
        next->v[next->n++] = w;
        uncertain = false;
        if (reduce(next, size, err, &uncertain)) {
            s = next; vv = 0.0; out->status = TC_GJK_INTERSECTING; ++it; break;
        }
        tc_dvec3 nv = simplex_point(next);
        double nvv = tc_dvec3_length_sq(nv);
        if (!(nvv < vv)) { /* no progress: rounding floor */
            out->status = TC_GJK_SEPARATED;
            out->stalled = vw < 0.5 * vv;
            break;
        }
        s = next;
        v = nv;
        vv = nvv;
    }
    out->iterations = it;
    out->simplex.n = s->n;
    for (int i = 0; i < s->n; ++i) {
        out->simplex.ia[i] = s->v[i].ia;
        out->simplex.ib[i] = s->v[i].ib;
    }
    witnesses(s, out);
    if (out->status == TC_GJK_INTERSECTING) {
        out->distance = 0.0;
        out->point_b = out->point_a;
    } else {
        out->distance = sqrt(vv);
    }
    if (g->fast && !*decided && !(out->status == TC_GJK_INTERSECTING && vv == 0.0 && !uncertain && s->n == 4))
        out->status = TC_GJK_UNSURE;
    return out->status;
}

static void src_of_cores(gjk_src *g, const tc_core *a, const tc_core *b)
{
    g->a = a;
    g->b = b;
    g->fast = NULL;
    g->scale = a->scale > b->scale ? a->scale : b->scale;
    g->size = a->size + b->size;
    g->start = tc_dvec3_sub(a->center, b->center);
    g->hint_a = g->hint_b = -1;
}

tc_gjk_status tc_gjk_distance(const tc_core *a, const tc_core *b, tc_gjk_result *out)
{
    return tc_gjk_distance_seeded(a, b, NULL, out);
}

tc_gjk_status tc_gjk_distance_seeded(const tc_core *a, const tc_core *b, const tc_gjk_simplex *seed,
                                     tc_gjk_result *out)
{
    gjk_src g;
    src_of_cores(&g, a, b);
    bool decided;
    return gjk_run(&g, INFINITY, 0.0, seed, out, &decided);
}

bool tc_gjk_within(const tc_core *a, const tc_core *b, double margin)
{
    return tc_gjk_within_seeded(a, b, NULL, margin, NULL);
}

bool tc_gjk_within_seeded(const tc_core *a, const tc_core *b, const tc_gjk_simplex *seed, double margin,
                          bool *unsure)
{
    gjk_src g;
    src_of_cores(&g, a, b);
    tc_gjk_result r;
    bool decided;
    gjk_run(&g, margin, margin, seed, &r, &decided);
    /* Apart is proved only by a support plane beyond the margin (decided,
     * status SEPARATED); a run that ended otherwise (converged at the
     * margin, stalled on rounding, out of iterations) has only its
     * simplex's closest point, which on a thin simplex can be far off. */
    const bool within = r.distance <= margin;
    if (unsure) *unsure = !within && !(decided && r.status == TC_GJK_SEPARATED);
    return within;
}

tc_gjk_status tc_gjk_hull_pair(const tc_hull_pair *p, double above, tc_gjk_result *out)
{
    gjk_src g;
    g.a = g.b = NULL;
    g.fast = p;
    g.scale = p->err / 4e-6;
    g.size = g.scale;
    g.start = tc_dvec3_sub(p->ca, p->cb);
    g.hint_a = g.hint_b = -1;
    bool decided;
    return gjk_run(&g, above, 0.0, NULL, out, &decided);
}
