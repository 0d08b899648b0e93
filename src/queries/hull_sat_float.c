/* SPDX-License-Identifier: MIT */
/* The contact axis of two intersecting solid hulls: the separating-axis test
 * in float (Gregorius, "The Separating Axis Test between Convex Polyhedra",
 * GDC 2013).
 *
 * The pair is known to intersect (the float GJK proved it), so only the
 * axis of least overlap is wanted, not a proof of separation, and float is
 * enough to choose it: the overlaps it compares are within a few 1e-7 of the
 * pair's sizes of the exact ones, far inside the contact's 1e-5, and the
 * chosen axis is then taken in double from its own features (a face's
 * normal, or the cross product of two edges).
 *
 * Everything runs in B's data frame about B's ball centre, where B's float
 * columns (tc_hull_data's soa) already are: A's float columns are brought
 * there by one matrix, A's face normals by its rotation part.
 *  - Faces: the overlap along each face normal is its plane's height less
 *    the other hull's lowest point along it (a four-wide scan). Any point of
 *    the other hull bounds that from below, so its centroid passes over most
 *    faces in one dot product, and the scan stops at the first point that
 *    puts the face above the best so far. The point a scan found is kept as
 *    a witness of the other hull near that face.
 *  - Edges: an edge pair spans a face of the Minkowski difference only when
 *    their arcs on the Gauss map cross (the normals of an edge's two faces
 *    are its arc's ends; B's map is negated), and then the overlap along
 *    their cross product is the distance between their lines. Every axis on
 *    an edge's arc has an overlap at least the smaller of its two ends'
 *    heights above a point of the other hull (when both are above it), so
 *    with the witnesses of the edge's faces most edges of both hulls are
 *    passed over against the best face before any pair is formed. */
#include "queries/hull_sat_float.h"

#include "core/prefetch.h"
#include "queries/hull_sat.h"
#include "queries/penetration.h"
#include "shapes/hull_internal.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
#define HSF_SSE 1
#endif

/* The float run's room on the stack (no allocation in a pair query); larger
 * hulls take the caller's other path. */
#define HSF_MAX_VERTS 128
#define HSF_MAX_FACES 256
#define HSF_MAX_EDGES 384

/* Coordinates in B's frame up to this size: the largest float product
 * formed, a squared length of a cross product, is below its fourth power,
 * far inside the float range. */
#define HSF_FLOAT_LIMIT 1e9

/* Margin of the float overlaps and bounds, relative to the frame's reach:
 * each is a few float roundings (6e-8) of numbers at most that size. */
#define HSF_ERROR 1e-5

typedef struct hsf_v3 { float x, y, z; } hsf_v3;

/* A kept edge of B: its index, vertex and direction in B's frame about its
 * ball centre. */
typedef struct hsf_edge { int32_t index; hsf_v3 p, dir; } hsf_edge;

typedef struct hsf {
    const tc_hull_data *ha, *hb;
    int32_t stride;                 /* A's columns' padded count (A's own soa_stride) */
    float ax[3 * HSF_MAX_VERTS];    /* A's vertices in B's frame about B's ball centre, three columns */
    int32_t fstride;                /* A's plane columns' padded count (A's own plane_stride) */
    float an[3 * HSF_MAX_FACES];    /* A's face normals there, three columns */
    float ad[HSF_MAX_FACES];        /* A's face heights along them */
    hsf_v3 qa, qb;                  /* centroids of A and B there: points inside each */
    hsf_v3 wa, wb;                  /* witnesses: a vertex of A deep into B, one of B deep into A */
    float ga[HSF_MAX_FACES];        /* per face of A: its height above wb, a floor of its overlap */
    float gb[HSF_MAX_FACES];        /* per face of B: its height above wa (along its outward normal) */
    float ga2[HSF_MAX_FACES];       /* the same above the witnesses along the best face's normal */
    float gb2[HSF_MAX_FACES];
    hsf_edge kept[HSF_MAX_EDGES];
    /* the kept edges' negated arcs (c, d) and d x c, nine float columns of
     * kept_stride (a multiple of 4, the padding zero: no crossing) */
    int32_t kept_stride;
    float arcs[9 * (HSF_MAX_EDGES + 3)];
} hsf;

static hsf_v3 v3(float x, float y, float z)
{
    hsf_v3 r = { x, y, z };
    return r;
}
static hsf_v3 v3_from(tc_vec3 v) { return v3(v.x, v.y, v.z); }
static hsf_v3 v3_sub(hsf_v3 a, hsf_v3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static hsf_v3 v3_neg(hsf_v3 a) { return v3(-a.x, -a.y, -a.z); }
static float v3_dot(hsf_v3 a, hsf_v3 b) { return (a.x * b.x + a.y * b.y) + a.z * b.z; }
static hsf_v3 v3_cross(hsf_v3 a, hsf_v3 b)
{
    return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

static hsf_v3 column_point(const float *xs, int32_t stride, int32_t i)
{
    return v3(xs[i], xs[stride + i], xs[2 * stride + i]);
}

static hsf_v3 a_normal(const hsf *h, int32_t f) { return column_point(h->an, h->fstride, f); }

/* Asks for the bytes [p, p + n) a line at a time. Only a hint. */
static void prefetch(const void *p, size_t n)
{
    const uintptr_t a = (uintptr_t)p;
    for (uintptr_t q = a; q < a + n; q += 64) TC_PREFETCH((const void *)q);
}

/* The arrays the test reads (planes, edges, B's normals) and those the
 * manifold reads next (vertices, their faces and neighbours, the faces'
 * normals, offsets and vertices): a hull pair's data is rarely in cache
 * (every pair of a scene has its own), and these misses then overlap with
 * the arithmetic instead of stalling it one by one. */
static void prefetch_hull(const tc_hull_data *h)
{
    prefetch(h->planes, sizeof(float) * 4u * (size_t)h->plane_stride);
    prefetch(h->edges, sizeof(tc_hull_edge) * (size_t)h->edge_count);
    prefetch(h->face_normals, sizeof(tc_vec3) * (size_t)h->face_count);
    prefetch(h->vertices, sizeof(tc_vec3) * (size_t)h->vertex_count);
    prefetch(h->face_offsets, sizeof(float) * (size_t)h->face_count);
    prefetch(h->vertex_face_start, sizeof(int32_t) * (size_t)(h->vertex_count + 1));
    prefetch(h->vertex_faces, sizeof(int32_t) * (size_t)h->vertex_face_start[h->vertex_count]);
    prefetch(h->adjacency_start, sizeof(int32_t) * (size_t)(h->vertex_count + 1));
    prefetch(h->adjacency, sizeof(int32_t) * (size_t)h->adjacency_start[h->vertex_count]);
    prefetch(h->face_start, sizeof(int32_t) * (size_t)(h->face_count + 1));
    prefetch(h->face_vertices, sizeof(int32_t) * (size_t)h->face_start[h->face_count]);
}

/* A's columns, normals and face heights in B's frame; false when the pair
 * is out of the float run's reach. *err is the overlaps' margin (B's
 * units). */
static bool setup(hsf *h, const tc_core *a, const tc_core *b, float *err)
{
    const tc_hull_data *ha = h->ha, *hb = h->hb;
    const double sb = tc_dvec3_length(b->hull_axis[0]), sa = tc_dvec3_length(a->hull_axis[0]);
    if (!(sb > 0.0) || !(sa > 0.0)) return false;
    /* A's data point v lands at k (v - A's ball centre) + t in B's frame
     * about B's ball centre (B's axes carry its scale: u = B^T x / sb^2). */
    const double inv = 1.0 / (sb * sb);
    const tc_dvec3 d = tc_dvec3_sub(a->hull_position, b->hull_position);
    const tc_dvec3 cas = tc_dvec3_from(ha->sphere_center);
    const double cbs[3] = { hb->sphere_center.x, hb->sphere_center.y, hb->sphere_center.z };
    double k[3][3], t[3], kmax = 0.0;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            k[r][c] = tc_dvec3_dot(b->hull_axis[r], a->hull_axis[c]) * inv;
            kmax = fmax(kmax, fabs(k[r][c]));
        }
        t[r] = tc_dvec3_dot(b->hull_axis[r], d) * inv + (k[r][0] * cas.x + k[r][1] * cas.y + k[r][2] * cas.z) - cbs[r];
    }
    const double reach = fabs(t[0]) + fabs(t[1]) + fabs(t[2]) + 3.0 * kmax * ha->reach + hb->reach;
    const double unit = sb / sa; /* k's rotation part: normals keep their length */
    /* too big for float (or not finite): the frame, and the factors (a
     * tiny hull of a huge scale against a small one, a placement whose
     * rotation is far from one) */
    if (!(reach <= HSF_FLOAT_LIMIT && kmax <= HSF_FLOAT_LIMIT && kmax * unit <= HSF_FLOAT_LIMIT &&
          1.0 / unit <= HSF_FLOAT_LIMIT && ha->reach / unit <= HSF_FLOAT_LIMIT))
        return false;
    *err = (float)(HSF_ERROR * reach);
    float kf[3][3], tf[3], rf[3][3];
    for (int r = 0; r < 3; ++r) {
        tf[r] = (float)t[r];
        for (int c = 0; c < 3; ++c) {
            kf[r][c] = (float)k[r][c];
            rf[r][c] = (float)(k[r][c] * unit);
        }
    }
    const int32_t st = ha->soa_stride;
    h->stride = st;
    const float *xs = ha->soa, *ys = xs + st, *zs = ys + st;
    for (int r = 0; r < 3; ++r)
        for (int32_t i = 0; i < st; ++i)
            h->ax[r * st + i] = ((kf[r][0] * xs[i] + kf[r][1] * ys[i]) + kf[r][2] * zs[i]) + tf[r];
    /* A's planes: a face's height about A's centre, scaled to B's units,
     * and moved by t along the turned normal */
    const int32_t fs = ha->plane_stride;
    h->fstride = fs;
    const float *nx = ha->planes, *ny = nx + fs, *nz = ny + fs, *nd = nz + fs;
    const float ab = (float)(sa / sb);
    for (int r = 0; r < 3; ++r)
        for (int32_t f = 0; f < fs; ++f) h->an[r * fs + f] = (rf[r][0] * nx[f] + rf[r][1] * ny[f]) + rf[r][2] * nz[f];
    for (int32_t f = 0; f < fs; ++f)
        h->ad[f] = ab * nd[f] + ((h->an[f] * tf[0] + h->an[fs + f] * tf[1]) + h->an[2 * fs + f] * tf[2]);
    const tc_vec3 ca = tc_vec3_sub(ha->centroid, ha->sphere_center);
    h->qa = v3(((kf[0][0] * ca.x + kf[0][1] * ca.y) + kf[0][2] * ca.z) + tf[0],
               ((kf[1][0] * ca.x + kf[1][1] * ca.y) + kf[1][2] * ca.z) + tf[1],
               ((kf[2][0] * ca.x + kf[2][1] * ca.y) + kf[2][2] * ca.z) + tf[2]);
    h->qb = v3_from(tc_vec3_sub(hb->centroid, hb->sphere_center));
    return true;
}

/* The overlap along face f of A (f below A's face count) or of B (the
 * rest): its height less the other hull's lowest point along it, +inf
 * when the scan meets a point putting it above `best` (a lower one is
 * not sought then). */
static float face_overlap(const hsf *h, int32_t f, float best)
{
    const int32_t nfa = h->ha->face_count;
    int32_t k;
    if (f < nfa) {
        const hsf_v3 n = a_normal(h, f);
        const float lo = tc_hull_sat_column_min(h->hb->soa, h->hb->soa_stride, n.x, n.y, n.z, h->ad[f] - best, &k);
        return h->ad[f] - lo;
    }
    const int32_t bs = h->hb->plane_stride, g = f - nfa;
    const hsf_v3 m = column_point(h->hb->planes, bs, g);
    const float hi = h->hb->planes[3 * bs + g];
    const float lo = tc_hull_sat_column_min(h->ax, h->stride, m.x, m.y, m.z, hi - best, &k);
    return hi - lo;
}

/* The least face overlap (B's units), its face in *face (A's, then B's
 * numbered after them). The witnesses are B's lowest vertex along the
 * centroids' line and A's highest: each face's height above the other
 * hull's witness (ga, gb) is a floor of its overlap, which passes over
 * most faces at once (and later most edges); the least floor of each hull
 * is measured first. */
static float best_face(hsf *h, int32_t *face)
{
    const tc_hull_data *ha = h->ha, *hb = h->hb;
    const hsf_v3 dir = v3_sub(h->qb, h->qa);
    int32_t k;
    (void)tc_hull_sat_column_min(hb->soa, hb->soa_stride, dir.x, dir.y, dir.z, -INFINITY, &k);
    h->wb = column_point(hb->soa, hb->soa_stride, k < hb->vertex_count ? k : 0);
    (void)tc_hull_sat_column_min(h->ax, h->stride, -dir.x, -dir.y, -dir.z, -INFINITY, &k);
    h->wa = column_point(h->ax, h->stride, k < ha->vertex_count ? k : 0);
    /* the floors, four faces a step where the compiler can */
    const int32_t fs = h->fstride, bs = hb->plane_stride;
    const float *an = h->an, *bp = hb->planes;
    for (int32_t f = 0; f < fs; ++f) h->ga[f] = h->ad[f] - ((an[f] * h->wb.x + an[fs + f] * h->wb.y) + an[2 * fs + f] * h->wb.z);
    for (int32_t g = 0; g < bs; ++g)
        h->gb[g] = bp[3 * bs + g] - ((bp[g] * h->wa.x + bp[bs + g] * h->wa.y) + bp[2 * bs + g] * h->wa.z);
    int32_t fa = 0, fb = 0;
    for (int32_t f = 1; f < ha->face_count; ++f) fa = h->ga[f] < h->ga[fa] ? f : fa;
    for (int32_t g = 1; g < hb->face_count; ++g) fb = h->gb[g] < h->gb[fb] ? g : fb;
    const int32_t nfa = ha->face_count;
    float best = face_overlap(h, fa, INFINITY);
    *face = fa;
    const float ob = face_overlap(h, nfa + fb, best);
    if (ob < best) {
        best = ob;
        *face = nfa + fb;
    }
    /* the rest, passed over where the witness alone puts them above */
    for (int32_t f = 0; f < nfa; ++f) {
        if (h->ga[f] > best || f == fa) continue;
        const float o = face_overlap(h, f, best);
        if (o < best) {
            best = o;
            *face = f;
        }
    }
    for (int32_t g = 0; g < hb->face_count; ++g) {
        if (h->gb[g] > best || g == fb) continue;
        const float o = face_overlap(h, nfa + g, best);
        if (o < best) {
            best = o;
            *face = nfa + g;
        }
    }
    return best;
}

/* Second witnesses, the hulls' extremes along the best face's normal n
 * (B's lowest, A's highest: the deepest points of the contact), and every
 * face's floor above them, for the edges (edge_above). */
static void witness_floors(hsf *h, hsf_v3 n)
{
    const tc_hull_data *ha = h->ha, *hb = h->hb;
    int32_t k;
    (void)tc_hull_sat_column_min(hb->soa, hb->soa_stride, n.x, n.y, n.z, -INFINITY, &k);
    const hsf_v3 wb = column_point(hb->soa, hb->soa_stride, k < hb->vertex_count ? k : 0);
    (void)tc_hull_sat_column_min(h->ax, h->stride, -n.x, -n.y, -n.z, -INFINITY, &k);
    const hsf_v3 wa = column_point(h->ax, h->stride, k < ha->vertex_count ? k : 0);
    const int32_t fs = h->fstride, bs = hb->plane_stride;
    const float *an = h->an, *bp = hb->planes;
    for (int32_t f = 0; f < fs; ++f) h->ga2[f] = h->ad[f] - ((an[f] * wb.x + an[fs + f] * wb.y) + an[2 * fs + f] * wb.z);
    for (int32_t g = 0; g < bs; ++g) h->gb2[g] = bp[3 * bs + g] - ((bp[g] * wa.x + bp[bs + g] * wa.y) + bp[2 * bs + g] * wa.z);
}

/* Whether an edge between faces with floors g0, g1 (their heights above
 * the other hull's witness) is above `above`: every axis on its arc is at
 * least as high above the witness as the lower end when both ends are
 * (u = (s n0 + t n1) / |s n0 + t n1| with s, t >= 0 and the length at most
 * s + t), and that height is a floor of the overlap along it. */
static bool edge_above(float g0, float g1, float above)
{
    const float g = g0 < g1 ? g0 : g1;
    return g >= 0.0f && g > above;
}

/* B's edges that edge_above keeps, into h->kept; their count. */
static int32_t keep_b_edges(hsf *h, float above)
{
    const tc_hull_data *hb = h->hb;
    int32_t n = 0;
    for (int32_t j = 0; j < hb->edge_count; ++j) {
        const tc_hull_edge *e = &hb->edges[j];
        if (edge_above(h->gb[e->f[0]], h->gb[e->f[1]], above) || edge_above(h->gb2[e->f[0]], h->gb2[e->f[1]], above))
            continue;
        const hsf_v3 p = column_point(hb->soa, hb->soa_stride, e->v[0]);
        hsf_edge *k = &h->kept[n++];
        k->index = j;
        k->p = p;
        k->dir = v3_sub(column_point(hb->soa, hb->soa_stride, e->v[1]), p);
    }
    const int32_t st = (n + 3) & ~3;
    h->kept_stride = st;
    for (int32_t q = 0; q < st; ++q) {
        hsf_v3 c = v3(0, 0, 0), d = c, x = c;
        if (q < n) {
            const tc_hull_edge *e = &hb->edges[h->kept[q].index];
            c = v3_neg(v3_from(hb->face_normals[e->f[0]]));
            d = v3_neg(v3_from(hb->face_normals[e->f[1]]));
            x = v3_cross(d, c);
        }
        const float col[9] = { c.x, c.y, c.z, d.x, d.y, d.z, x.x, x.y, x.z };
        for (int r = 0; r < 9; ++r) h->arcs[r * st + q] = col[r];
    }
    return n;
}

/* The kept edges of B (from q0, four of them) whose negated arcs cross A's
 * arc from a to b (bxa = b x a), as bits: each arc's ends on either side of
 * the other's great circle, and the two on the same side (not antipodal).
 * The four-wide and scalar tests are the same float operations. */
static int crossing4(const hsf *h, int32_t q0, hsf_v3 a, hsf_v3 b, hsf_v3 bxa)
{
    const int32_t st = h->kept_stride;
    const float *col = h->arcs + q0;
#ifdef HSF_SSE
#define HSF_DOT4(r, v)                                                                                             \
    _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(col + (r) * st), _mm_set1_ps((v).x)),                          \
                          _mm_mul_ps(_mm_loadu_ps(col + ((r) + 1) * st), _mm_set1_ps((v).y))),                   \
               _mm_mul_ps(_mm_loadu_ps(col + ((r) + 2) * st), _mm_set1_ps((v).z)))
    const __m128 zero = _mm_setzero_ps();
    const __m128 cba = HSF_DOT4(0, bxa), dba = HSF_DOT4(3, bxa);
    int mask = _mm_movemask_ps(_mm_cmplt_ps(_mm_mul_ps(cba, dba), zero));
    if (!mask) return 0;
    const __m128 adc = HSF_DOT4(6, a), bdc = HSF_DOT4(6, b);
    mask &= _mm_movemask_ps(_mm_cmplt_ps(_mm_mul_ps(adc, bdc), zero));
    mask &= _mm_movemask_ps(_mm_cmpgt_ps(_mm_mul_ps(cba, bdc), zero));
#undef HSF_DOT4
    return mask;
#else
    int mask = 0;
    for (int k = 0; k < 4; ++k) {
        const float cba = (col[k] * bxa.x + col[st + k] * bxa.y) + col[2 * st + k] * bxa.z;
        const float dba = (col[3 * st + k] * bxa.x + col[4 * st + k] * bxa.y) + col[5 * st + k] * bxa.z;
        if (!(cba * dba < 0.0f)) continue;
        const float adc = (col[6 * st + k] * a.x + col[7 * st + k] * a.y) + col[8 * st + k] * a.z;
        const float bdc = (col[6 * st + k] * b.x + col[7 * st + k] * b.y) + col[8 * st + k] * b.z;
        if (adc * bdc < 0.0f && cba * bdc > 0.0f) mask |= 1 << k;
    }
    return mask;
#endif
}

/* The least overlap over the edge pairs whose arcs cross and whose floors
 * are not above `above` (B's units; +inf when none), the pair in *ia, *ib. */
static float best_edge(hsf *h, float above, int32_t *ia, int32_t *ib)
{
    const tc_hull_data *ha = h->ha;
    float best = INFINITY;
    *ia = *ib = -1;
    const int32_t nb = keep_b_edges(h, above);
    if (nb == 0) return best;
    for (int32_t i = 0; i < ha->edge_count; ++i) {
        const tc_hull_edge *e = &ha->edges[i];
        if (edge_above(h->ga[e->f[0]], h->ga[e->f[1]], above) || edge_above(h->ga2[e->f[0]], h->ga2[e->f[1]], above))
            continue;
        const hsf_v3 a = a_normal(h, e->f[0]), b = a_normal(h, e->f[1]);
        const hsf_v3 p = column_point(h->ax, h->stride, e->v[0]);
        const hsf_v3 da = v3_sub(column_point(h->ax, h->stride, e->v[1]), p);
        const hsf_v3 bxa = v3_cross(b, a);
        const float daa = v3_dot(da, da);
        for (int32_t q0 = 0; q0 < nb; q0 += 4)
            for (int mask = crossing4(h, q0, a, b, bxa); mask; mask &= mask - 1) {
                const hsf_edge *k = &h->kept[q0 + (mask & 1 ? 0 : mask & 2 ? 1 : mask & 4 ? 2 : 3)];
                hsf_v3 u = v3_cross(da, k->dir);
                const float uu = v3_dot(u, u);
                if (!(uu > 1e-12f * daa * v3_dot(k->dir, k->dir))) continue; /* parallel: the faces cover it */
                if (v3_dot(u, v3_sub(p, h->qa)) < 0.0f) u = v3_neg(u); /* out of A */
                const float o = v3_dot(u, v3_sub(p, k->p)) / sqrtf(uu);
                if (o < best) {
                    best = o;
                    *ia = i;
                    *ib = k->index;
                }
            }
    }
    return best;
}

/* The placed cross product of A's edge ia and B's edge ib, unit, out of A;
 * false when it has no length. */
static bool edge_axis_world(const tc_core *a, const tc_core *b, int32_t ia, int32_t ib, tc_dvec3 *axis)
{
    const tc_hull_edge *ea = &a->hull->edges[ia], *eb = &b->hull->edges[ib];
    const tc_dvec3 pa = tc_core_hull_vertex(a, ea->v[0]);
    const tc_dvec3 da = tc_dvec3_sub(tc_core_hull_vertex(a, ea->v[1]), pa);
    const tc_dvec3 db = tc_dvec3_sub(tc_core_hull_vertex(b, eb->v[1]), tc_core_hull_vertex(b, eb->v[0]));
    tc_dvec3 u = tc_dvec3_cross(da, db);
    const double l = tc_dvec3_length(u);
    if (!(l > 0.0)) return false;
    const tc_vec3 c = a->hull->centroid;
    tc_dvec3 centroid = tc_dvec3_mad(a->hull_position, a->hull_axis[0], c.x);
    centroid = tc_dvec3_mad(centroid, a->hull_axis[1], c.y);
    centroid = tc_dvec3_mad(centroid, a->hull_axis[2], c.z);
    if (tc_dvec3_dot(u, tc_dvec3_sub(pa, centroid)) < 0.0) u = tc_dvec3_neg(u);
    *axis = tc_dvec3_scale(u, 1.0 / l);
    return true;
}

bool tc_hull_sat_float_axis(const tc_core *a, const tc_core *b, bool intersecting, tc_dvec3 *normal, tc_dvec3 *least)
{
    hsf h;
    h.ha = a->hull;
    h.hb = b->hull;
    if (h.ha->dimension != 3 || h.hb->dimension != 3 || h.ha->soa_stride > HSF_MAX_VERTS ||
        h.ha->face_count > HSF_MAX_FACES || h.hb->face_count > HSF_MAX_FACES || h.hb->edge_count > HSF_MAX_EDGES)
        return false;
    prefetch_hull(h.ha);
    prefetch_hull(h.hb);
    float err;
    if (!setup(&h, a, b, &err)) return false;
    int32_t face, ia, ib;
    const float fo = best_face(&h, &face);
    if (face < 0) return false;
    /* an edge pair can matter only below the best face (the preference
     * asks more of it): every one whose floor is above that is passed over */
    const int32_t nfa0 = h.ha->face_count;
    witness_floors(&h, face < nfa0 ? a_normal(&h, face) : v3_neg(column_point(h.hb->planes, h.hb->plane_stride, face - nfa0)));
    const float eo = best_edge(&h, fo + err, &ia, &ib);
    /* Every axis overlaps by more than the float error: no plane parts
     * the solids, they intersect (the edges passed over are above fo). */
    if (!intersecting && !(fo > 2.0f * err && eo > 2.0f * err)) return false;
    const int32_t nfa = h.ha->face_count;
    const tc_dvec3 face_n =
        face < nfa ? tc_core_face_normal(a, face) : tc_dvec3_neg(tc_core_face_normal(b, face - nfa));
    tc_dvec3 edge_n = face_n;
    if (ia >= 0 && !edge_axis_world(a, b, ia, ib, &edge_n)) ia = -1;
    const double s = tc_dvec3_length(b->hull_axis[0]);
    /* An edge pair is measured by the distance between its edges' lines,
     * the overlap along its axis only when the edges support the hulls
     * there; a face merged across nearly coplanar points gives its edges
     * arcs reaching past the directions they support, and the lines'
     * distance is then too small (hull_sat.c checks its winner the same
     * way): slender solid hulls 1e6 long got an axis along which they
     * overlap by 2.7e5 for a depth of 7.5e4 (random slender pairs). An
     * edge pair that would be chosen is checked against the hulls'
     * projections; one they put above its measure by more than the float
     * error leaves the pair to the other paths. */
    if (ia >= 0 && eo < fo) {
        /* the climbs start at the edges: supporting ones end there, on a
         * look at their neighbours */
        int32_t top = a->hull->edges[ia].v[0], low = b->hull->edges[ib].v[0];
        const tc_dvec3 pa = tc_core_support_hinted(a, edge_n, &top), pb = tc_core_support_hinted(b, tc_dvec3_neg(edge_n), &low);
        if (tc_dvec3_dot(tc_dvec3_sub(pa, pb), edge_n) > ((double)eo + 2.0 * (double)err) * s) return false;
    }
    const bool edge_wins = ia >= 0 && tc_edge_beats_face((double)eo * s, (double)fo * s, a->size + b->size);
    *normal = edge_wins ? edge_n : face_n;
    *least = ia >= 0 && eo < fo ? edge_n : face_n;
    return true;
}
