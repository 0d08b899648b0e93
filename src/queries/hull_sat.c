/* SPDX-License-Identifier: MIT */
/* The separating-axis test for two convex hulls.
 *
 * The candidate axes of two polytopes are the normals of the faces of their
 * Minkowski difference: the face normals of A, the face normals of B, and
 * the cross products ea x eb of an edge of each -- but only of the edge pairs
 * whose arcs cross on the Gauss map (each edge is the arc between the normals
 * of its two faces; B's map is negated). Every other edge pair spans no face
 * of the difference, so it is skipped without touching the vertices
 * (Gregorius, "The Separating Axis Test between Convex Polyhedra", GDC 2013).
 * For an edge pair that passes, the overlap along the axis is the distance
 * between the two edges' lines, since those edges are the supporting features
 * along it; where a merged face's arcs reach past what its edges support,
 * the hulls' projections measure instead (supported_overlap).
 *
 * Everything runs in B's own frame, with A's vertices and face normals
 * brought there once per query. The answer is the double-precision loop's,
 * bit for bit: float filters, four wide, only skip what the double test
 * would reject or lose by far more than the float rounding.
 *  - Faces: every face's overlap is estimated in float (its normal against
 *    the other hull's float vertices, a brute four-wide scan) with a bound
 *    on the estimate's error; only the faces within twice that bound of the
 *    smallest estimate are measured in double, in the double loop's order,
 *    so the first smallest is the same face.
 *  - Edges: the three arc-crossing tests run in float on B's precomputed
 *    arcs (hull_internal.h), dropping only the pairs whose signs are decided
 *    by far more than their rounding; the double tests decide the rest. */
#include "queries/hull_sat.h"

#include <float.h>

#include "queries/penetration.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
#define TC_HULL_SAT_SSE 1
#endif
#include "shapes/hull_internal.h"

/* A's vertices and face normals in B's frame are cached up to this many
 * (on the stack: no allocation in a pair query); beyond it they are
 * recomputed where needed (the same values) and every face is measured in
 * double. */
#define TC_SAT_CACHE 256

/* Float estimates beyond this size (in B's frame) are not made: their
 * products could overflow the float range. */
#define TC_SAT_FLOAT_LIMIT 1e18

/* B's edges kept by the edge pass's bound are copied, with their arcs,
 * into columns on the stack up to this many; a hull with more runs the
 * pass over all of its own columns. */
#define TC_SAT_EDGE_CACHE 384

typedef struct sat_ctx {
    const tc_core *a, *b;
    const tc_hull_data *ha, *hb;
    double s, inv_s2;   /* B's scale, and its inverse square */
    tc_dvec3 ca;        /* A's centre in B's frame */
    int32_t nv, nf;     /* how many of A's vertices and normals are cached */
    tc_dvec3 v[TC_SAT_CACHE], n[TC_SAT_CACHE];
    /* The float data of the face pass, when `estimated`: A's vertices about
     * B's ball centre in three columns of `stride`, a ball holding them
     * (centre ball_c, radius ball_r, B's frame about that centre), the
     * bound `err` on every float estimate's error (world units), and for
     * each face the other hull's vertex of least overlap (-1 when the face
     * was passed over by the balls' bound). */
    bool estimated;
    int32_t stride;
    double err;
    tc_vec3 ball_c;
    float ball_r;
    float soa[3 * TC_SAT_CACHE + 12];
    int32_t support_b[TC_SAT_CACHE];   /* for A's faces: B's vertex */
    int32_t support_a[2 * TC_SAT_CACHE]; /* for B's faces: A's vertex */
} sat_ctx;

static tc_dvec3 dv(tc_vec3 v) { return tc_dvec3_from(v); }

/* World -> B's frame (B's axes carry its scale s: x = p + S u). */
static tc_dvec3 to_b_dir(const tc_core *b, tc_dvec3 d)
{
    return tc_dvec3_make(tc_dvec3_dot(b->hull_axis[0], d), tc_dvec3_dot(b->hull_axis[1], d), tc_dvec3_dot(b->hull_axis[2], d));
}

/* B's frame -> world, for a direction: B's axes over its scale are its
 * rotation. */
static tc_dvec3 b_dir_to_world(const tc_core *b, tc_dvec3 d)
{
    tc_dvec3 w = tc_dvec3_scale(b->hull_axis[0], d.x);
    w = tc_dvec3_mad(w, b->hull_axis[1], d.y);
    return tc_dvec3_normalize(tc_dvec3_mad(w, b->hull_axis[2], d.z));
}

static tc_dvec3 a_in_b_point(const sat_ctx *c, int32_t i)
{
    if (i < c->nv) return c->v[i];
    return tc_dvec3_scale(to_b_dir(c->b, tc_dvec3_sub(tc_core_hull_vertex(c->a, i), c->b->hull_position)), c->inv_s2);
}

static tc_dvec3 a_in_b_normal(const sat_ctx *c, int32_t f)
{
    if (f < c->nf) return c->n[f];
    return tc_dvec3_normalize(to_b_dir(c->b, tc_core_face_normal(c->a, f)));
}

double tc_hull_sat_face_overlap(const tc_core *owner, const tc_core *other, int32_t f, tc_dvec3 *n)
{
    const tc_hull_data *h = owner->hull;
    tc_dvec3 m = tc_core_face_normal(owner, f);
    double hi = tc_dvec3_dot(m, tc_core_hull_vertex(owner, h->face_vertices[h->face_start[f]]));
    *n = m;
    return hi - tc_dvec3_dot(m, tc_core_support(other, tc_dvec3_neg(m)));
}

/* The double overlaps along A's face f and along B's face g (world). */
static double face_a_overlap(const sat_ctx *c, int32_t f, tc_dvec3 *axis)
{
    return tc_hull_sat_face_overlap(c->a, c->b, f, axis);
}

static double face_b_overlap(const sat_ctx *c, int32_t g, tc_dvec3 *axis)
{
    double o = tc_hull_sat_face_overlap(c->b, c->a, g, axis);
    *axis = tc_dvec3_neg(*axis);
    return o;
}

/* Smallest of n . p over the points in three float columns of stride
 * `stride` (a multiple of 4, padded with copies of point 0), and in *index
 * the first point giving it (the four-wide and scalar scans agree: the
 * products and sums are the same floats). The scan stops at the first point
 * below `floor` and returns it instead: a caller that only needs to know the
 * smallest is above a bound learns it from one deep point (in the bench's
 * pairs most faces are decided by the first four). */
float tc_hull_sat_column_min(const float *xs, int32_t stride, float nx, float ny, float nz, float floor, int32_t *index)
{
    const float *ys = xs + stride, *zs = ys + stride;
#ifdef TC_HULL_SAT_SSE
    const __m128 vx = _mm_set1_ps(nx), vy = _mm_set1_ps(ny), vz = _mm_set1_ps(nz);
#define TC_SAT_PROJ4(i)                                                                                           \
    _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(xs + (i)), vx), _mm_mul_ps(_mm_loadu_ps(ys + (i)), vy)),     \
               _mm_mul_ps(_mm_loadu_ps(zs + (i)), vz))
    const __m128 vf = _mm_set1_ps(floor);
    __m128 lo = _mm_set1_ps(INFINITY);
    for (int32_t i = 0; i < stride; i += 4) {
        __m128 p = TC_SAT_PROJ4(i);
        int below = _mm_movemask_ps(_mm_cmplt_ps(p, vf));
        if (below) { /* the first such point, as the scalar scan finds it */
            float lane[4];
            _mm_storeu_ps(lane, p);
            int k = (below & 1) ? 0 : (below & 2) ? 1 : (below & 4) ? 2 : 3;
            *index = i + k;
            return lane[k];
        }
        lo = _mm_min_ps(lo, p);
    }
    lo = _mm_min_ps(lo, _mm_shuffle_ps(lo, lo, _MM_SHUFFLE(2, 3, 0, 1)));
    lo = _mm_min_ps(lo, _mm_shuffle_ps(lo, lo, _MM_SHUFFLE(1, 0, 3, 2)));
    *index = 0;
    for (int32_t i = 0; i < stride; i += 4) {
        int mask = _mm_movemask_ps(_mm_cmpeq_ps(TC_SAT_PROJ4(i), lo));
        if (mask) {
            *index = i + ((mask & 1) ? 0 : (mask & 2) ? 1 : (mask & 4) ? 2 : 3);
            break;
        }
    }
#undef TC_SAT_PROJ4
    return _mm_cvtss_f32(lo);
#else
    float lo = INFINITY;
    *index = 0;
    for (int32_t i = 0; i < stride; ++i) {
        float p = (xs[i] * nx + ys[i] * ny) + zs[i] * nz;
        if (p < floor) { *index = i; return p; }
        if (p < lo) { lo = p; *index = i; }
    }
    return lo;
#endif
}

/* A's vertices about B's ball centre into the float columns, a ball holding
 * them, and the float error bound: false when they are too big for float. */
static bool float_setup(sat_ctx *c)
{
    const tc_hull_data *ha = c->ha, *hb = c->hb;
    const int32_t nv = ha->vertex_count, stride = (nv + 3) & ~3;
    if (c->nv != nv || c->nf != ha->face_count || hb->face_count > 2 * TC_SAT_CACHE) return false;
    const tc_dvec3 sc = dv(hb->sphere_center);
    double reach = 0.0;
    tc_dvec3 lo = tc_dvec3_make(INFINITY, INFINITY, INFINITY), hi = tc_dvec3_neg(lo);
    for (int32_t i = 0; i < stride; ++i) {
        tc_dvec3 p = tc_dvec3_sub(c->v[i < nv ? i : 0], sc);
        double m = fabs(p.x) + fabs(p.y) + fabs(p.z);
        if (m > reach) reach = m;
        if (!(reach <= TC_SAT_FLOAT_LIMIT)) return false; /* far too big for float (or not finite) */
        c->soa[i] = (float)p.x;
        c->soa[stride + i] = (float)p.y;
        c->soa[2 * stride + i] = (float)p.z;
        lo = tc_dvec3_make(fmin(lo.x, p.x), fmin(lo.y, p.y), fmin(lo.z, p.z));
        hi = tc_dvec3_make(fmax(hi.x, p.x), fmax(hi.y, p.y), fmax(hi.z, p.z));
    }
    if (!((double)hb->reach <= TC_SAT_FLOAT_LIMIT)) return false;
    tc_dvec3 mid = tc_dvec3_scale(tc_dvec3_add(lo, hi), 0.5);
    double r = 0.0;
    for (int32_t i = 0; i < nv; ++i) {
        double d = tc_dvec3_length(tc_dvec3_sub(tc_dvec3_make(c->soa[i], c->soa[stride + i], c->soa[2 * stride + i]), mid));
        if (d > r) r = d;
    }
    c->stride = stride;
    c->ball_c = tc_dvec3_to(mid);
    c->ball_r = (float)r; /* its rounding is inside err */
    /* Each estimate or bound is a sum of a few float dot products of unit
     * normals (themselves rounded) with points within reach + B's reach of
     * the centre: a few roundings of 6e-8 of that, far below 1e-5 of it; the
     * double loop's own rounding grows with the placements. */
    double place = tc_dvec3_max_abs(c->a->hull_position) + tc_dvec3_max_abs(c->b->hull_position);
    c->err = 1e-5 * c->s * (reach + (double)hb->reach) + 1e-12 * (c->s + 1.0) * place;
    return true;
}

/* Float estimate hi - min(n . p) of an overlap along n (world units) over
 * the points in float columns (count real ones), or +inf when it is above
 * `above`; *support the point found. The scan stops at the first point
 * putting the estimate above `above`, checked here in the estimate's own
 * arithmetic: the smallest is no larger, so its estimate is above too, and
 * the caller treats any estimate above `above` as +inf (it lowers no
 * threshold and is not measured). The point stopped at is as good a
 * witness for the edge bounds (any point of the hull is). */
static double estimate_overlap(const sat_ctx *c, float hi, tc_vec3 n, const float *xs, int32_t stride, int32_t count,
                               double above, int32_t *support)
{
    double f = (double)hi - above / c->s;
    float floor = f > -(double)FLT_MAX ? (float)fmin(f, (double)FLT_MAX) : -INFINITY;
    int32_t k;
    float lo = tc_hull_sat_column_min(xs, stride, n.x, n.y, n.z, floor, &k);
    *support = k < count ? k : 0;
    double est = (double)(hi - lo) * c->s;
    if (lo < floor) {
        if (est > above) return INFINITY;
        lo = tc_hull_sat_column_min(xs, stride, n.x, n.y, n.z, -INFINITY, &k); /* the float threshold was off: scan it all */
        *support = k < count ? k : 0;
        est = (double)(hi - lo) * c->s;
    }
    return est;
}

/* Float estimate of the overlap along A's face f (world units), or +inf
 * when B's ball alone puts it above `above`; sets c->support_b[f]. */
static double estimate_face_a(sat_ctx *c, int32_t f, double above)
{
    const tc_hull_data *ha = c->ha, *hb = c->hb;
    tc_vec3 n = tc_dvec3_to(c->n[f]);
    const int32_t i = ha->face_vertices[ha->face_start[f]], st = c->stride;
    float hi = (c->soa[i] * n.x + c->soa[st + i] * n.y) + c->soa[2 * st + i] * n.z;
    c->support_b[f] = -1;
    /* B's ball is about the columns' origin: no overlap below hi - radius */
    if ((double)(hi - (float)hb->sphere_radius) * c->s > above) return INFINITY;
    return estimate_overlap(c, hi, n, hb->soa, hb->soa_stride, hb->vertex_count, above, &c->support_b[f]);
}

/* The same for B's face g, against A's float vertices. */
static double estimate_face_b(sat_ctx *c, int32_t g, double above)
{
    const tc_hull_data *hb = c->hb;
    tc_vec3 m = hb->face_normals[g];
    const int32_t j = hb->face_vertices[hb->face_start[g]], st = hb->soa_stride;
    float hi = (hb->soa[j] * m.x + hb->soa[st + j] * m.y) + hb->soa[2 * st + j] * m.z;
    c->support_a[g] = -1;
    if ((double)((hi - tc_vec3_dot(m, c->ball_c)) - c->ball_r) * c->s > above) return INFINITY;
    return estimate_overlap(c, hi, m, c->soa, c->stride, c->ha->vertex_count, above, &c->support_a[g]);
}

/* The smallest face overlap, *face_n its axis (A to B): the double loop's
 * answer, measuring in double only the faces the float estimates leave.
 * A face whose ball bound is above the smallest estimate so far by more
 * than three error bounds is above the final threshold too: passed over.
 * Seeding that smallest estimate with the faces whose bounds are least
 * makes the bounds bite from the start. A finite cap starts that
 * smallest estimate: a face above it by the error bounds is passed over,
 * so the answer is exact when at most cap, else some overlap above cap. */
static double best_face(sat_ctx *c, double cap, tc_dvec3 *face_n)
{
    const tc_hull_data *ha = c->ha, *hb = c->hb;
    const int32_t nfa = ha->face_count, nfb = hb->face_count;
    double best = INFINITY;
    *face_n = tc_dvec3_make(0, 0, 1);
    c->estimated = float_setup(c);
    if (c->estimated) {
        double est[3 * TC_SAT_CACHE];
        /* seeds: A's face facing B's centre most, B's facing A's most */
        int32_t fa = 0, fb = 0;
        double ba = INFINITY, bb = INFINITY;
        for (int32_t f = 0; f < nfa; ++f) {
            tc_vec3 n = tc_dvec3_to(c->n[f]);
            const int32_t i = ha->face_vertices[ha->face_start[f]], st = c->stride;
            double h = (c->soa[i] * n.x + c->soa[st + i] * n.y) + c->soa[2 * st + i] * n.z;
            if (h < ba) { ba = h; fa = f; }
        }
        for (int32_t g = 0; g < nfb; ++g) {
            tc_vec3 m = hb->face_normals[g];
            const int32_t j = hb->face_vertices[hb->face_start[g]], st = hb->soa_stride;
            double h = ((hb->soa[j] * m.x + hb->soa[st + j] * m.y) + hb->soa[2 * st + j] * m.z) - tc_vec3_dot(m, c->ball_c);
            if (h < bb) { bb = h; fb = g; }
        }
        double lo = cap;
        if (nfa > 0) lo = fmin(lo, estimate_face_a(c, fa, INFINITY));
        if (nfb > 0) lo = fmin(lo, estimate_face_b(c, fb, INFINITY));
        for (int32_t f = 0; f < nfa + nfb; ++f) {
            double above = lo + 3.0 * c->err;
            est[f] = f < nfa ? estimate_face_a(c, f, above) : estimate_face_b(c, f - nfa, above);
            if (est[f] < lo) lo = est[f];
        }
        double keep = lo + 2.0 * c->err;
        for (int32_t f = 0; f < nfa + nfb; ++f) {
            if (!(est[f] <= keep)) continue;
            tc_dvec3 axis;
            double o = f < nfa ? face_a_overlap(c, f, &axis) : face_b_overlap(c, f - nfa, &axis);
            if (o < best) { best = o; *face_n = axis; }
        }
        return best;
    }
    for (int32_t f = 0; f < nfa + nfb; ++f) {
        tc_dvec3 axis;
        double o = f < nfa ? face_a_overlap(c, f, &axis) : face_b_overlap(c, f - nfa, &axis);
        if (o < best) { best = o; *face_n = axis; }
    }
    return best;
}

/* A lower bound on the overlap along every axis u on an edge's arc (the
 * directions from n0 to n1 along which it supports its hull, from point p
 * on it), from one point y of the other hull: u . (p - y) minus the radius
 * r when y is a ball's centre. On the arc u = a n0 + b n1 with a, b >= 0 and
 * a + b >= 1, so u . (p - y) >= min(n0 . (p - y), n1 . (p - y)) when that is
 * not negative; -inf when it is (no bound). All in float, within err. */
static float arc_bound(tc_vec3 n0, tc_vec3 n1, tc_vec3 p, tc_vec3 y, float r)
{
    tc_vec3 d = tc_vec3_sub(p, y);
    float e0 = tc_vec3_dot(n0, d), e1 = tc_vec3_dot(n1, d), e = e0 < e1 ? e0 : e1;
    return e >= 0.0f ? e - r : -INFINITY;
}

static tc_vec3 column_point(const float *xs, int32_t stride, int32_t i)
{
    return tc_vec3_make(xs[i], xs[stride + i], xs[2 * stride + i]);
}

/* Whether the bounds for an edge of one hull (faces f0, f1, point p and
 * normals in B's frame), times B's scale s, put it above `above`: from the
 * other hull's ball and from its vertices of least overlap along either
 * face (support[f], -1 when unknown). Each bound alone suffices (their
 * largest is the edge's bound), so the first that does ends the test. */
static bool edge_above(tc_vec3 n0, tc_vec3 n1, tc_vec3 p, const float *other, int32_t other_stride, int32_t s0,
                       int32_t s1, tc_vec3 ball_c, float ball_r, double s, double above)
{
    if ((double)arc_bound(n0, n1, p, ball_c, ball_r) * s > above) return true;
    if (s0 >= 0 && (double)arc_bound(n0, n1, p, column_point(other, other_stride, s0), 0.0f) * s > above) return true;
    return s1 >= 0 && (double)arc_bound(n0, n1, p, column_point(other, other_stride, s1), 0.0f) * s > above;
}

/* An edge pair's overlap along its axis (B's frame, unit, pointing out of
 * A at its edge), given o, the distance between the edges' lines: that is
 * the overlap only when the two edges are the hulls' supporting features
 * along the axis, as the arcs promise. A builder's face merged across
 * nearly coplanar points (within its tolerance, not flat) gives its edges
 * arcs that reach past the directions they support: two slender hulls
 * 1e6 long intersecting by 0.14 had an edge pair whose lines lay 19.4
 * apart, and the test called them separated (the pair fuzzer: overlap
 * false at distance 0). The hulls' own projections on the axis decide,
 * their supports in B's frame as the edges' points are (A's found along
 * the axis turned to world, its point then taken as the edges' are): that
 * overlap is never below the lines' but for rounding (the edges are
 * points of the hulls), and is taken when above by more than rounding; o
 * is kept otherwise, so supporting edges keep their bits. Asked of the
 * winner, and only when that fails of every pair that would beat the best
 * so far (best_edge). */
static double supported_overlap(const sat_ctx *c, const tc_hull_edge *ea, const tc_hull_edge *eb, tc_dvec3 axis,
                                double o)
{
    /* the climbs start at the edges: supporting ones end there, on a look
     * at their neighbours */
    int32_t ia = ea->v[0], ib = eb->v[0];
    const tc_dvec3 w = b_dir_to_world(c->b, axis);
    (void)tc_core_support_hinted(c->a, w, &ia);
    (void)tc_core_support_hinted(c->b, tc_dvec3_neg(w), &ib);
    const tc_dvec3 top_a = a_in_b_point(c, ia), low_b = dv(c->hb->vertices[ib]);
    const double projected = -tc_dvec3_dot(axis, tc_dvec3_sub(low_b, top_a)) * c->s;
    const double rounding = 1e-9 * c->s * (tc_dvec3_max_abs(top_a) + tc_dvec3_max_abs(low_b));
    return projected > o + rounding ? projected : o;
}

/* The smallest overlap over the edge pairs whose arcs cross, *edge_n its
 * axis in B's frame (A to B). With the face pass's float data, the edges
 * whose bound (edge_above) is above the smallest face overlap by more than
 * two error bounds are passed over: no pair of theirs could come below the
 * face, so the answer (face, or an edge beating it) is unchanged. B's edges
 * that remain are gathered, with their arcs, into columns on the stack.
 * check: each pair that would beat the best so far is measured by the
 * hulls' projections too (supported_overlap). */
static double best_edge(const sat_ctx *c, double face, bool check, tc_dvec3 *edge_n)
{
    const tc_hull_data *ha = c->ha, *hb = c->hb;
    double best = INFINITY;
    *edge_n = tc_dvec3_make(0, 0, 1);
    const tc_hull_edge *win_a = NULL, *win_b = NULL;
    int32_t n = hb->arc_stride, count = hb->edge_count;
    const float *arc = hb->arcs, *cr = hb->arc_cross;
    const int32_t *index = NULL;
    bool prune = c->estimated;
    double above = fmax(face + 2.0 * c->err, 0.0);
    float kept_arcs[10 * TC_SAT_EDGE_CACHE];
    int32_t kept[TC_SAT_EDGE_CACHE];
    if (prune && hb->edge_count <= TC_SAT_EDGE_CACHE) {
        int32_t k = 0;
        for (int32_t j = 0; j < hb->edge_count; ++j) {
            const tc_hull_edge *eb = &hb->edges[j];
            /* B's arc is from -m0 to -m1 on the difference's map: the
             * bound of its own arc, from m0 to m1, on -u */
            tc_vec3 m0 = hb->face_normals[eb->f[0]], m1 = hb->face_normals[eb->f[1]];
            tc_vec3 p = column_point(hb->soa, hb->soa_stride, eb->v[0]);
            if (edge_above(m0, m1, p, c->soa, c->stride, c->support_a[eb->f[0]], c->support_a[eb->f[1]], c->ball_c, c->ball_r,
                           c->s, above))
                continue;
            kept[k++] = j;
        }
        int32_t stride = (k + 3) & ~3;
        for (int32_t q = 0; q < stride; ++q) {
            for (int col = 0; col < 6; ++col) kept_arcs[col * stride + q] = q < k ? hb->arcs[col * n + kept[q]] : 0.0f;
            for (int col = 0; col < 4; ++col) kept_arcs[(6 + col) * stride + q] = q < k ? hb->arc_cross[col * n + kept[q]] : 0.0f;
        }
        n = stride;
        count = k;
        arc = kept_arcs;
        cr = kept_arcs + 6 * stride;
        index = kept;
    }
    for (int32_t i = 0; i < ha->edge_count; ++i) {
        const tc_hull_edge *ea = &ha->edges[i];
        if (prune) {
            tc_vec3 n0 = tc_dvec3_to(c->n[ea->f[0]]), n1 = tc_dvec3_to(c->n[ea->f[1]]);
            tc_vec3 p = column_point(c->soa, c->stride, ea->v[0]);
            if (edge_above(n0, n1, p, hb->soa, hb->soa_stride, c->support_b[ea->f[0]], c->support_b[ea->f[1]],
                           tc_vec3_make(0, 0, 0), (float)hb->sphere_radius, c->s, above))
                continue;
        }
        tc_dvec3 pa = a_in_b_point(c, ea->v[0]);
        tc_dvec3 da = tc_dvec3_sub(a_in_b_point(c, ea->v[1]), pa);
        tc_dvec3 na0 = a_in_b_normal(c, ea->f[0]), na1 = a_in_b_normal(c, ea->f[1]);
        tc_dvec3 bxa = tc_dvec3_cross(na1, na0);
        /* The float filter, four of B's arcs at a time. With |c|, |d| and
         * |na| 1 within rounding, each float product below is within a few
         * 1e-7 of |bxa|^2, |dxc|^2 or |bxa| |dxc| of the double one, so a
         * product beyond 1e-5 of that has the double one's sign:
         *  (1) c . bxa and d . bxa of one sign: B's arc misses A's circle;
         *  (2) na0 . dxc and na1 . dxc of one sign: A's arc misses B's;
         *  (3) c . bxa and na1 . dxc of one sign: the arcs are antipodal
         *      (the double test asks (-c . bxa) (na1 . dxc) > 0). */
        tc_vec3 bf = tc_dvec3_to(bxa), a0 = tc_dvec3_to(na0), a1 = tc_dvec3_to(na1);
        float bb = tc_vec3_dot(bf, bf);
        float eps1 = 1e-5f * bb, eps2 = 1e-5f, eps3 = 1e-10f * bb;
        for (int32_t j0 = 0; j0 < n; j0 += 4) {
            int mask = 0;
#ifdef TC_HULL_SAT_SSE
            const __m128 bx = _mm_set1_ps(bf.x), by = _mm_set1_ps(bf.y), bz = _mm_set1_ps(bf.z);
            __m128 cf = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(arc + j0), bx), _mm_mul_ps(_mm_loadu_ps(arc + n + j0), by)),
                                   _mm_mul_ps(_mm_loadu_ps(arc + 2 * n + j0), bz));
            __m128 df = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(arc + 3 * n + j0), bx), _mm_mul_ps(_mm_loadu_ps(arc + 4 * n + j0), by)),
                                   _mm_mul_ps(_mm_loadu_ps(arc + 5 * n + j0), bz));
            mask = _mm_movemask_ps(_mm_cmple_ps(_mm_mul_ps(cf, df), _mm_set1_ps(eps1)));
            if (!mask) continue;
            const __m128 xx = _mm_loadu_ps(cr + j0), xy = _mm_loadu_ps(cr + n + j0), xz = _mm_loadu_ps(cr + 2 * n + j0);
            const __m128 xx2 = _mm_loadu_ps(cr + 3 * n + j0);
            __m128 p0 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(xx, _mm_set1_ps(a0.x)), _mm_mul_ps(xy, _mm_set1_ps(a0.y))),
                                   _mm_mul_ps(xz, _mm_set1_ps(a0.z)));
            __m128 p1 = _mm_add_ps(_mm_add_ps(_mm_mul_ps(xx, _mm_set1_ps(a1.x)), _mm_mul_ps(xy, _mm_set1_ps(a1.y))),
                                   _mm_mul_ps(xz, _mm_set1_ps(a1.z)));
            mask &= _mm_movemask_ps(_mm_cmple_ps(_mm_mul_ps(p0, p1), _mm_mul_ps(xx2, _mm_set1_ps(eps2))));
            /* (3): keep unless cf p1 > 0 and (cf p1)^2 > 1e-10 |bxa|^2 |dxc|^2 */
            __m128 q = _mm_mul_ps(cf, p1);
            __m128 far3 = _mm_and_ps(_mm_cmpgt_ps(q, _mm_setzero_ps()), _mm_cmpgt_ps(_mm_mul_ps(q, q), _mm_mul_ps(xx2, _mm_set1_ps(eps3))));
            mask &= ~_mm_movemask_ps(far3);
#else
            for (int k = 0; k < 4; ++k) {
                int32_t j = j0 + k;
                float cf = (arc[j] * bf.x + arc[n + j] * bf.y) + arc[2 * n + j] * bf.z;
                float df = (arc[3 * n + j] * bf.x + arc[4 * n + j] * bf.y) + arc[5 * n + j] * bf.z;
                if (!(cf * df <= eps1)) continue;
                float p0 = (cr[j] * a0.x + cr[n + j] * a0.y) + cr[2 * n + j] * a0.z;
                float p1 = (cr[j] * a1.x + cr[n + j] * a1.y) + cr[2 * n + j] * a1.z;
                if (!(p0 * p1 <= cr[3 * n + j] * eps2)) continue;
                float q = cf * p1;
                if (q > 0.0f && q * q > cr[3 * n + j] * eps3) continue;
                mask |= 1 << k;
            }
#endif
            for (; mask; mask &= mask - 1) {
                int32_t q = j0 + (mask & 1 ? 0 : mask & 2 ? 1 : mask & 4 ? 2 : 3);
                if (q >= count) break; /* padding */
                const tc_hull_edge *eb = &hb->edges[index ? index[q] : q];
                /* B's arc, negated: the normals of its faces point the
                 * other way on the difference's Gauss map. */
                tc_dvec3 cn = tc_dvec3_neg(dv(hb->face_normals[eb->f[0]])), dn = tc_dvec3_neg(dv(hb->face_normals[eb->f[1]]));
                double cba = tc_dvec3_dot(cn, bxa), dba = tc_dvec3_dot(dn, bxa);
                if (!(cba * dba < 0.0)) continue;
                tc_dvec3 dxc = tc_dvec3_cross(dn, cn);
                double adc = tc_dvec3_dot(na0, dxc), bdc = tc_dvec3_dot(na1, dxc);
                if (!(adc * bdc < 0.0) || !(cba * bdc > 0.0)) continue;
                tc_dvec3 pb = dv(hb->vertices[eb->v[0]]);
                tc_dvec3 db = tc_dvec3_sub(dv(hb->vertices[eb->v[1]]), pb);
                tc_dvec3 axis = tc_dvec3_cross(da, db);
                double l = tc_dvec3_length(axis);
                if (!(l > 1e-7 * tc_dvec3_length(da) * tc_dvec3_length(db))) continue; /* parallel: faces cover it */
                axis = tc_dvec3_scale(axis, 1.0 / l);
                if (tc_dvec3_dot(axis, tc_dvec3_sub(pa, c->ca)) < 0.0) axis = tc_dvec3_neg(axis);
                double o = -tc_dvec3_dot(axis, tc_dvec3_sub(pb, pa)) * c->s;
                if (check && o < best) o = supported_overlap(c, ea, eb, axis, o);
                if (o < best) { best = o; *edge_n = axis; win_a = ea; win_b = eb; }
            }
        }
    }
    /* Unchecked, the least of the lines' distances; when its edges support
     * the hulls (nearly always) that is the checked answer too, bit for
     * bit: every pair's checked overlap is at least its lines' distance.
     * Not below the face, it loses to the face either way. */
    if (!check && win_a && best < face && supported_overlap(c, win_a, win_b, *edge_n, best) != best)
        return best_edge(c, face, true, edge_n);
    return best;
}

/* The context: A's vertices and face normals in B's frame. */
static void sat_init(sat_ctx *c, const tc_core *a, const tc_core *b)
{
    c->a = a;
    c->b = b;
    c->ha = a->hull;
    c->hb = b->hull;
    c->s = tc_dvec3_length(b->hull_axis[0]);
    c->inv_s2 = 1.0 / (c->s * c->s);
    c->ca = tc_dvec3_scale(to_b_dir(b, tc_dvec3_sub(a->center, b->hull_position)), c->inv_s2);
    c->nv = c->nf = 0;
    int32_t nv = c->ha->vertex_count < TC_SAT_CACHE ? c->ha->vertex_count : TC_SAT_CACHE;
    int32_t nf = c->ha->face_count < TC_SAT_CACHE ? c->ha->face_count : TC_SAT_CACHE;
    for (int32_t i = 0; i < nv; ++i) c->v[i] = a_in_b_point(c, i);
    for (int32_t f = 0; f < nf; ++f) c->n[f] = a_in_b_normal(c, f);
    c->nv = nv;
    c->nf = nf;
}

double tc_hull_sat_best_face(const tc_core *a, const tc_core *b, double cap, tc_dvec3 *normal)
{
    sat_ctx c;
    sat_init(&c, a, b);
    return best_face(&c, cap, normal);
}

double tc_hull_sat_penetration(const tc_core *a, const tc_core *b, tc_dvec3 *normal, tc_dvec3 *least)
{
    sat_ctx c;
    sat_init(&c, a, b);
    tc_dvec3 face_n, edge_n;
    double face = best_face(&c, INFINITY, &face_n);
    double edge = best_edge(&c, face, false, &edge_n);
    if (edge < INFINITY) edge_n = b_dir_to_world(b, edge_n);
    if (least) *least = edge < face ? edge_n : face_n;
    if (tc_edge_beats_face(edge, face, a->size + b->size)) {
        *normal = edge_n;
        return edge;
    }
    *normal = face_n;
    return face;
}
