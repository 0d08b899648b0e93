// SPDX-License-Identifier: MIT
/* Box-box contact: one pass of the 15-axis test, then the dedicated
 * clipping of two boxes (Ericson, Real-Time Collision Detection 5.x;
 * the reference-face / incident-face scheme of Box2D and ODE).
 *
 * The single SAT pass (tc_box_box_sat_pass) gives the overlap verdict of
 * tc_overlap_obb_obb bit for bit, and every axis' float separation, from
 * which the axis of least overlap is read; only near-parallel edge axes are
 * re-measured in double. A face axis makes its box the reference: the
 * other box's face most opposed to the normal (the incident face) is
 * clipped against the reference face's rectangle in the reference box's
 * frame, where the four side planes are axis-aligned, and each clipped point
 * keeps its depth below the reference face. An edge axis gives one point
 * between the two edges. Everything is float: the data are float and each
 * step rounds a few ulps of the boxes' scale, far inside the contract's
 * 1e-5.
 *
 * Points lie in both boxes at any depth: a clipped point on the incident
 * face is in the incident box, and below the reference face by at most the
 * overlap along that face's axis (never more than the reference box's
 * thickness), so in the reference box too; the point reported is the middle
 * of the part of the line along the normal, from that point up to the
 * reference face, that stays in the incident box. */
#include "queries/sat_box_box_contact.h"

#include <math.h>
#include <stddef.h>

#include "core/bits.h"
#include "core/float.h"
#include "core/inline.h"
#include "queries/manifold.h"
#include "queries/penetration.h"

/* keep ? v : -v without a branch (tc_negate_unless): which one is random
 * with random poses. */
static tc_vec3 vec_negate_unless(tc_vec3 v, bool keep)
{
    return tc_vec3_make(tc_negate_unless(v.x, keep), tc_negate_unless(v.y, keep), tc_negate_unless(v.z, keep));
}

static void columns(const tc_obb *b, tc_vec3 c[3])
{
    c[0] = b->rotation.cx;
    c[1] = b->rotation.cy;
    c[2] = b->rotation.cz;
}

/* b's three columns and three half extents, read in place through
 * pointers into the box's bytes (its columns are consecutive tc_vec3, its
 * half extents consecutive floats, as tc_obb_load in sat_box_box.c reads
 * them): an index chosen at run time then reads the box, where a copy to
 * the stack (columns()) cost a dozen moves each time, twice on the
 * edge-edge path. */
_Static_assert(sizeof(tc_vec3) == 3 * sizeof(float), "tc_vec3 is three consecutive floats");
static inline const tc_vec3 *columns_of(const tc_obb *b)
{
    return (const tc_vec3 *)(const void *)((const char *)b + offsetof(tc_obb, rotation));
}

static inline const float *halves_of(const tc_obb *b)
{
    return (const float *)(const void *)((const char *)b + offsetof(tc_obb, half));
}

/* A polygon vertex in the reference frame: x[0], x[1] across the reference
 * face (axes k1, k2), x[2] along its outward normal, with the features that
 * made it. edge: the feature the polygon's edge from this vertex to the next
 * lies on (an incident edge, or TC_FEATURE_FACE | c | sc << 2 when it runs
 * along the clip line of reference side (axis c, side sc)). */
typedef struct clip_pt { float x[3]; unsigned ref, inc, edge; } clip_pt;

enum { MAX_PTS = 8 };

/* Reference edge of box R between face (k, fs) and side face (axis c, sc):
 * the two corners differ in the remaining axis. */
static unsigned ref_edge(int k, int fs, int c, int sc)
{
    int o = 3 - k - c;
    unsigned base = (unsigned)(fs << k) | (unsigned)(sc << c);
    unsigned i = base, j = base | (1u << o);
    return TC_FEATURE_EDGE | i << 3 | j;
}

static unsigned ref_vertex(int k, int fs, int c, int sc, int o, int so)
{
    (void)o;
    return TC_FEATURE_VERTEX | (unsigned)(fs << k) | (unsigned)(sc << c) | (unsigned)(so << (3 - k - c));
}

/* Clips the polygon against the half-plane sign * x[coord] <= lim.
 * Tags: a crossing of an incident edge gets (side_edge, incident edge); a
 * crossing of an earlier clip line is a reference corner (or, on the back
 * face, a reference edge). A polygon already inside is returned as is. */
static int clip_side(clip_pt *in, int n, int coord, float sign, float lim, unsigned side_edge, int k, int fs, int c,
                     int sc, clip_pt *out, clip_pt **res)
{
    float d[MAX_PTS];
    bool any_out = false;
    for (int i = 0; i < n; ++i) {
        d[i] = sign * in[i].x[coord] - lim;
        any_out |= !(d[i] <= 0.0f);
    }
    *res = in;
    if (!any_out) return n;
    *res = out;
    int m = 0;
    for (int i = 0; i < n; ++i) {
        int ip = i == 0 ? n - 1 : i - 1;
        const clip_pt *p = &in[ip], *q = &in[i];
        float dp = d[ip], dq = d[i];
        bool pin = dp <= 0.0f, qin = dq <= 0.0f;
        if (pin != qin && m < MAX_PTS) {
            float t = dp / (dp - dq); /* dp and dq on opposite sides: never 0 / 0 */
            clip_pt x;
            for (int e = 0; e < 3; ++e) x.x[e] = p->x[e] + (q->x[e] - p->x[e]) * t;
            x.x[coord] = sign * lim; /* exactly on the clip line */
            if (p->edge & TC_FEATURE_FACE) {
                int o = (int)(p->edge & 3u), so = (int)((p->edge >> 2) & 1u);
                x.ref = coord == 2 ? ref_edge(k, !fs, o, so) : ref_vertex(k, fs, c, sc, o, so);
                x.inc = TC_FEATURE_FACE; /* the incident face (the caller knows which) */
            } else {
                x.ref = side_edge;
                x.inc = p->edge;
            }
            /* Entering: the edge onwards is the crossed one; leaving: the clip line. */
            x.edge = qin ? p->edge : (TC_FEATURE_FACE | (unsigned)c | (unsigned)sc << 2);
            out[m++] = x;
        }
        if (qin && m < MAX_PTS) out[m++] = *q;
    }
    return m;
}

/* A face contact's candidate points, as arrays: (u, v) across the
 * reference face, w up its outward normal (the face at w = its half
 * extent). Slots: 0-3 the incident corners, 4-7 the reference corners,
 * 8-23 the crossings of incident edge q with reference side s at 8 + 4s + q
 * (the clipping fallback fills slots in order, with its own ids). */
enum { SLOTS = 24 };
typedef struct face_pts { float u[SLOTS], v[SLOTS], w[SLOTS]; unsigned ref[SLOTS], inc[SLOTS]; } face_pts;

/* Twice the signed area of the triangle of slots i, j, l across the face. */
static float area2(const face_pts *f, int i, int j, int l)
{
    return (f->u[j] - f->u[i]) * (f->v[l] - f->v[i]) - (f->v[j] - f->v[i]) * (f->u[l] - f->u[i]);
}

/* Keeps at most 4 of the n slots idx[] (written to pick[]): the deepest
 * (lowest w), the one furthest from it across the face, then the two that
 * span the most area. */
static int reduce4(const face_pts *f, const int *idx, int n, int pick[4])
{
    if (n <= 4) {
        /* Four fixed copies (a loop of n becomes a memcpy call). */
        for (int i = 0; i < 4; ++i) pick[i] = i < n ? idx[i] : 0;
        return n;
    }
    int i1 = idx[0];
    for (int i = 1; i < n; ++i) i1 = f->w[idx[i]] < f->w[i1] ? idx[i] : i1;
    int i2 = i1;
    float best = -1.0f;
    for (int i = 0; i < n; ++i) {
        float du = f->u[idx[i]] - f->u[i1], dv = f->v[idx[i]] - f->v[i1];
        float d2 = du * du + dv * dv;
        bool better = d2 > best;
        best = better ? d2 : best;
        i2 = better ? idx[i] : i2;
    }
    int i3 = -1;
    float side = 0.0f;
    best = -1.0f;
    for (int i = 0; i < n; ++i) {
        int q = idx[i];
        float a = q == i1 || q == i2 ? 0.0f : area2(f, i1, i2, q);
        bool better = q != i1 && q != i2 && fabsf(a) > best;
        best = better ? fabsf(a) : best;
        side = better ? a : side;
        i3 = better ? q : i3;
    }
    /* The fourth: the largest quadrilateral it closes, over the three ways
     * to insert it among the triangle's corners. */
    int i4 = -1;
    best = -1.0f;
    for (int i = 0; i < n && i3 >= 0; ++i) {
        int q = idx[i];
        float a = fabsf(side + area2(f, i1, i3, q));
        float b = fabsf(area2(f, i1, i2, q) + area2(f, i1, q, i3));
        float c = fabsf(area2(f, i1, q, i2) + side);
        float area = a > b ? a : b;
        area = c > area ? c : area;
        bool better = q != i1 && q != i2 && q != i3 && area > best;
        best = better ? area : best;
        i4 = better ? q : i4;
    }
    int k = 0;
    pick[k++] = i1;
    pick[k++] = i2;
    if (i3 >= 0) pick[k++] = i3;
    if (i4 >= 0) pick[k++] = i4;
    return k;
}

/* Closest points of segments p + s d (|s| <= hd) and q + t e (|t| <= he). */
static void segment_closest(tc_vec3 p, tc_vec3 d, float hd, tc_vec3 q, tc_vec3 e, float he, tc_vec3 *pa, tc_vec3 *pb)
{
    tc_vec3 r = tc_vec3_sub(q, p);
    float dd = tc_vec3_dot(d, e), rd = tc_vec3_dot(r, d), re = tc_vec3_dot(r, e);
    float den = 1.0f - dd * dd; /* unit d and e, not parallel (an edge axis) */
    float s = den > 1e-12f ? (rd - dd * re) / den : 0.0f;
    s = s < -hd ? -hd : (s > hd ? hd : s);
    float t = s * dd - re;
    t = t < -he ? -he : (t > he ? he : t);
    s = rd + t * dd;
    s = s < -hd ? -hd : (s > hd ? hd : s);
    *pa = tc_vec3_add(p, tc_vec3_scale(d, s));
    *pb = tc_vec3_add(q, tc_vec3_scale(e, t));
}

/* Whether box o holds p within tol of its faces, in double from the
 * world-space data (the test that certifies a point inside both boxes). */
static bool obb_holds(const tc_obb *o, tc_vec3 p, double tol)
{
    double d[3] = { (double)p.x - o->center.x, (double)p.y - o->center.y, (double)p.z - o->center.z };
    const tc_vec3 ax[3] = { o->rotation.cx, o->rotation.cy, o->rotation.cz };
    const float h[3] = { o->half.x, o->half.y, o->half.z };
    for (int i = 0; i < 3; ++i) {
        double s = d[0] * ax[i].x + d[1] * ax[i].y + d[2] * ax[i].z;
        if (!(fabs(s) <= h[i] + tol)) return false;
    }
    return true;
}

/* A float pre-test of in_both's verdict for box o: true only when in_both
 * would find p inside o within its tolerance. With d = p - centre, each
 * coordinate's float error is below 4.01 u sum |d_k| |axis_k| <= 4.8e-7
 * sum |d_k| (u = 2^-24; the SAT pass's range keeps rotation entries at most
 * 2), which the margin of 1e-6 sum |d_k| covers: a point inside every face
 * moved out by slack, less that margin, is within slack of o in exact
 * arithmetic, up to the 2u (h + slack) of the two sums' rounding. */
static bool obb_holds_surely(const tc_obb *o, tc_vec3 p, float slack)
{
    tc_vec3 d = tc_vec3_sub(p, o->center);
    float margin = 1e-6f * tc_vec3_norm1(d);
    return tc_absf(tc_vec3_dot(d, o->rotation.cx)) + margin <= o->half.x + slack &&
           tc_absf(tc_vec3_dot(d, o->rotation.cy)) + margin <= o->half.y + slack &&
           tc_absf(tc_vec3_dot(d, o->rotation.cz)) + margin <= o->half.z + slack;
}

/* Both boxes hold p within 1e-6 of the pair's scale (the boxes' centres'
 * coordinates and half extents; far inside the contract's 1e-4, well above
 * the float rounding of a point computed from the boxes' floats). The float
 * pre-test first, with the SAT pass's pad as its slack: the same verdict,
 * cheaper when it is sure. The pad, 4 FLT_EPSILON (< 4.8e-7) times the
 * centres' offset and the half extents, is below 0.48e-6 of that scale;
 * with the pre-test's rounding (2u h < 1.2e-7 of it) and the double test's
 * own, within the tolerance. Edge-edge points lie near both boxes' surfaces
 * (the middle of two edge points, within the depth of each box), where a
 * pre-test without that slack failed on about half the shallow contacts.
 * Out of line: inlined, it crowds tc_box_box_contact_from_sat's registers
 * (measured: more spills than the test's own cost). */
TC_NO_INLINE bool in_both(const tc_obb *a, const tc_obb *b, tc_vec3 p, float pad)
{
    if (obb_holds_surely(a, p, pad) && obb_holds_surely(b, p, pad)) return true;
    double scale = fabs(a->center.x) + fabs(a->center.y) + fabs(a->center.z) + a->half.x + a->half.y + a->half.z +
                   fabs(b->center.x) + fabs(b->center.y) + fabs(b->center.z) + b->half.x + b->half.y + b->half.z;
    double tol = 1e-6 * scale;
    return obb_holds(a, p, tol) && obb_holds(b, p, tol);
}

/* The edge-edge contact's one point; true when both boxes hold it. */
static bool edge_contact(const tc_obb *a, const tc_obb *b, int axis, tc_vec3 n, float depth, float pad,
                         tc_manifold *m)
{
    const tc_vec3 *ca = columns_of(a), *cb = columns_of(b);
    const float *ha = halves_of(a), *hb = halves_of(b);
    int i = (axis - 6) / 3, j = (axis - 6) % 3;
    /* A's edge along A_i furthest along n; B's along B_j furthest along -n. */
    /* The two other axes of each box in increasing order (the sums' order),
     * indexed rather than skipped: which axis is the edge's is random. */
    tc_vec3 pa0 = a->center, pb0 = b->center;
    unsigned ia = 0, ib = 0;
    const int oa[2] = { i == 0 ? 1 : 0, i == 2 ? 1 : 2 }, ob[2] = { j == 0 ? 1 : 0, j == 2 ? 1 : 2 };
    for (int q = 0; q < 2; ++q) {
        int k = oa[q];
        bool plus = tc_vec3_dot(n, ca[k]) > 0.0f;
        pa0 = tc_vec3_add(pa0, tc_vec3_scale(ca[k], tc_negate_unless(ha[k], plus)));
        ia |= (unsigned)plus << k;
    }
    for (int q = 0; q < 2; ++q) {
        int k = ob[q];
        bool plus = tc_vec3_dot(n, cb[k]) < 0.0f;
        pb0 = tc_vec3_add(pb0, tc_vec3_scale(cb[k], tc_negate_unless(hb[k], plus)));
        ib |= (unsigned)plus << k;
    }
    tc_vec3 pa, pb;
    segment_closest(pa0, ca[i], ha[i], pb0, cb[j], hb[j], &pa, &pb);
    /* The middle of the closest points, unless deep edge-edge penetration
     * puts it outside a box: then an edge point that lies in both. */
    tc_vec3 mid = tc_vec3_scale(tc_vec3_add(pa, pb), 0.5f);
    bool held = in_both(a, b, mid, pad);
    if (!held && in_both(a, b, pb, pad)) {
        mid = pb;
        held = true;
    } else if (!held && in_both(a, b, pa, pad)) {
        mid = pa;
        held = true;
    }
    m->normal = n;
    m->count = 1;
    m->points[0].point = mid;
    m->points[0].depth = depth;
    m->points[0].id = TC_CONTACT_ID(TC_FEATURE_EDGE | ia << 3 | (ia | 1u << i), TC_FEATURE_EDGE | ib << 3 | (ib | 1u << j));
    return held;
}

/* The other way round, for a reference box thinner than the penetration
 * (nothing of the incident face lies inside it): the reference face clipped
 * by the incident box's six planes, in the incident box's frame. Each point
 * is on the reference face and inside the incident box; its depth is how far
 * the incident box reaches below it (at most the overlap). */
static int ref_face_in_incident(const tc_vec3 cr[3], const float hr[3], tc_vec3 rc, int k, int fs,
                                const tc_obb *in, const tc_vec3 ci[3], const float hi[3], float overlap,
                                bool ref_is_a, tc_contact_candidate *cand)
{
    int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
    tc_vec3 nf = fs ? cr[k] : tc_vec3_neg(cr[k]);
    tc_vec3 fc = tc_vec3_add(rc, tc_vec3_scale(nf, hr[k]));
    static const int su[4] = { 1, -1, -1, 1 }, sv[4] = { 1, 1, -1, -1 };
    float pa[MAX_PTS][3], pb[MAX_PTS][3];
    float (*src)[3] = pa, (*dst)[3] = pb;
    int n = 4;
    for (int q = 0; q < 4; ++q) {
        tc_vec3 x = tc_vec3_add(fc, tc_vec3_add(tc_vec3_scale(cr[k1], su[q] * hr[k1]), tc_vec3_scale(cr[k2], sv[q] * hr[k2])));
        tc_vec3 d = tc_vec3_sub(x, in->center);
        for (int c = 0; c < 3; ++c) src[q][c] = tc_vec3_dot(d, ci[c]);
    }
    for (int plane = 0; plane < 6 && n > 0; ++plane) {
        int c = plane >> 1;
        float sg = plane & 1 ? -1.0f : 1.0f;
        int m = 0;
        for (int i = 0; i < n; ++i) {
            const float *p = src[i == 0 ? n - 1 : i - 1], *q = src[i];
            float dp = sg * p[c] - hi[c], dq = sg * q[c] - hi[c];
            if ((dp <= 0.0f) != (dq <= 0.0f) && m < MAX_PTS) {
                float t = dp / (dp - dq);
                for (int e = 0; e < 3; ++e) dst[m][e] = p[e] + (q[e] - p[e]) * t;
                ++m;
            }
            if (dq <= 0.0f && m < MAX_PTS) {
                for (int e = 0; e < 3; ++e) dst[m][e] = q[e];
                ++m;
            }
        }
        float (*t)[3] = src; src = dst; dst = t;
        n = m;
    }
    float dl[3] = { -tc_vec3_dot(nf, ci[0]), -tc_vec3_dot(nf, ci[1]), -tc_vec3_dot(nf, ci[2]) };
    unsigned ref = TC_FEATURE_FACE | (unsigned)(2 * k + fs);
    for (int q = 0; q < n; ++q) {
        /* Down along -nf: how far the incident box reaches. */
        float down = overlap;
        for (int c = 0; c < 3; ++c) {
            float dv = dl[c], l = src[q][c];
            float room = dv > 0.0f ? hi[c] - l : (dv < 0.0f ? -hi[c] - l : 0.0f);
            /* The quotient in double, rounded once (the float quotient's
             * bits): a direction component of 1e-40 made it overflow in
             * float (libFuzzer). Below zero it is clamped below anyway. */
            if (dv != 0.0f) {
                const double r = (double)room / dv;
                if (r < down) down = r < 0.0 ? 0.0f : (float)r;
            }
        }
        if (down < 0.0f) down = 0.0f;
        float inside = down < 2.0f * hr[k] ? down : 2.0f * hr[k];
        tc_vec3 x = in->center;
        for (int c = 0; c < 3; ++c) x = tc_vec3_add(x, tc_vec3_scale(ci[c], src[q][c]));
        cand[q].point = tc_dvec3_from(tc_vec3_sub(x, tc_vec3_scale(nf, 0.5f * inside)));
        cand[q].depth = down;
        cand[q].id = ref_is_a ? TC_CONTACT_ID(ref, TC_FEATURE_FACE) : TC_CONTACT_ID(TC_FEATURE_FACE, ref);
    }
    return n;
}

/* The crossings of the quad's four edges (from corner q, coordinates pc
 * across the side and po along it, to the next corner, nc and no) with the
 * side line pc = lim, kept (ok) where they fall within |po| <= olim and
 * below top. Plain lanes: no branch, one lane per edge. */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
/* The four lanes in SSE, each with exactly the operations of the scalar
 * version below (bit-identical answers). */
static inline unsigned crossings(const float *pc, const float *nc, const float *po, const float *no,
                                 const float *pw, const float *nw, float lim, float olim, float top, float *fc,
                                 float *fo, float *fw)
{
    const __m128 vlim = _mm_set1_ps(lim), zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f);
    const __m128 sign = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    __m128 da = _mm_sub_ps(_mm_loadu_ps(pc), vlim), db = _mm_sub_ps(_mm_loadu_ps(nc), vlim);
    __m128 cross = _mm_xor_ps(_mm_cmple_ps(da, zero), _mm_cmple_ps(db, zero));
    /* Every lane computed, even when no edge crosses this side (often): that
     * branch, random with random poses, cost more than the arithmetic
     * (measured). A lane that does not cross is never kept; its t is 0, so
     * that no product overflows on huge boxes. */
    __m128 div = _mm_or_ps(_mm_and_ps(cross, _mm_sub_ps(da, db)), _mm_andnot_ps(cross, one));
    __m128 t = _mm_and_ps(cross, _mm_div_ps(da, div)); /* opposite sides: never zero */
    __m128 a = _mm_loadu_ps(po), w0 = _mm_loadu_ps(pw);
    __m128 y = _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(no), a), t));
    __m128 w = _mm_add_ps(w0, _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(nw), w0), t));
    _mm_storeu_ps(fc, vlim);
    _mm_storeu_ps(fo, y);
    _mm_storeu_ps(fw, w);
    __m128 keep = _mm_and_ps(_mm_and_ps(cross, _mm_cmple_ps(_mm_and_ps(y, sign), _mm_set1_ps(olim))),
                             _mm_cmple_ps(w, _mm_set1_ps(top)));
    return (unsigned)_mm_movemask_ps(keep);
}
#else
static inline unsigned crossings(const float *pc, const float *nc, const float *po, const float *no,
                                 const float *pw, const float *nw, float lim, float olim, float top, float *fc,
                                 float *fo, float *fw)
{
    unsigned ok = 0;
    for (int q = 0; q < 4; ++q) {
        float da = pc[q] - lim, db = nc[q] - lim;
        int cross = (da <= 0.0f) ^ (db <= 0.0f);
        float t = da / (cross ? da - db : 1.0f); /* opposite sides: never zero */
        t = cross ? t : 0.0f; /* as the SIMD lanes: no overflow where nothing is kept */
        float y = po[q] + (no[q] - po[q]) * t;
        float w = pw[q] + (nw[q] - pw[q]) * t;
        fc[q] = lim;
        fo[q] = y;
        fw[q] = w;
        ok |= (unsigned)(cross & (fabsf(y) <= olim) & (w <= top)) << q;
    }
    return ok;
}

#endif

/* Slots 0-7 of quad_rect_points: the quad's corners (kept inside the
 * rectangle) and the rectangle's corners at (s, t) = (a, b) in the quad's
 * frame (kept inside the quad), both under top; bits 0-7. */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
static inline unsigned corners(float P[3][4], const float fc[3], const float e1[3], const float e2[3], float hu,
                               float hv, float top, float inv, face_pts *f, bool *within)
{
    const __m128 sign = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)), vtop = _mm_set1_ps(top);
    __m128 p0 = _mm_loadu_ps(P[0]), p1 = _mm_loadu_ps(P[1]), p2 = _mm_loadu_ps(P[2]);
    _mm_storeu_ps(f->u, p0);
    _mm_storeu_ps(f->v, p1);
    _mm_storeu_ps(f->w, p2);
    __m128 in = _mm_and_ps(_mm_and_ps(_mm_cmple_ps(_mm_and_ps(p0, sign), _mm_set1_ps(hu)),
                                      _mm_cmple_ps(_mm_and_ps(p1, sign), _mm_set1_ps(hv))),
                           _mm_cmple_ps(p2, vtop));
    __m128 lu = _mm_set1_ps(hu), lv = _mm_set1_ps(hv);
    __m128 strict = _mm_and_ps(_mm_and_ps(_mm_cmple_ps(p0, lu), _mm_cmpgt_ps(p0, _mm_sub_ps(_mm_setzero_ps(), lu))),
                               _mm_and_ps(_mm_cmple_ps(p1, lv), _mm_cmpgt_ps(p1, _mm_sub_ps(_mm_setzero_ps(), lv))));
    *within = _mm_movemask_ps(strict) == 15;
    __m128 u = _mm_setr_ps(hu, -hu, -hu, hu), v = _mm_setr_ps(hv, hv, -hv, -hv);
    __m128 ru = _mm_sub_ps(u, _mm_set1_ps(fc[0])), rv = _mm_sub_ps(v, _mm_set1_ps(fc[1]));
    __m128 vinv = _mm_set1_ps(inv);
    __m128 a = _mm_mul_ps(_mm_sub_ps(_mm_mul_ps(ru, _mm_set1_ps(e2[1])), _mm_mul_ps(rv, _mm_set1_ps(e2[0]))), vinv);
    __m128 b = _mm_mul_ps(_mm_sub_ps(_mm_mul_ps(_mm_set1_ps(e1[0]), rv), _mm_mul_ps(_mm_set1_ps(e1[1]), ru)), vinv);
    __m128 w = _mm_add_ps(_mm_add_ps(_mm_set1_ps(fc[2]), _mm_mul_ps(a, _mm_set1_ps(e1[2]))),
                          _mm_mul_ps(b, _mm_set1_ps(e2[2])));
    _mm_storeu_ps(f->u + 4, u);
    _mm_storeu_ps(f->v + 4, v);
    _mm_storeu_ps(f->w + 4, w);
    const __m128 one = _mm_set1_ps(1.0f);
    __m128 inr = _mm_and_ps(_mm_and_ps(_mm_cmple_ps(_mm_and_ps(a, sign), one), _mm_cmple_ps(_mm_and_ps(b, sign), one)),
                            _mm_cmple_ps(w, vtop));
    return (unsigned)_mm_movemask_ps(in) | (unsigned)_mm_movemask_ps(inr) << 4;
}
#else
static inline unsigned corners(float P[3][4], const float fc[3], const float e1[3], const float e2[3], float hu,
                               float hv, float top, float inv, face_pts *f, bool *within)
{
    static const float su[4] = { 1, -1, -1, 1 }, sv[4] = { 1, 1, -1, -1 };
    unsigned ok = 0;
    int in = 1;
    for (int q = 0; q < 4; ++q) {
        f->u[q] = P[0][q];
        f->v[q] = P[1][q];
        f->w[q] = P[2][q];
        ok |= (unsigned)((fabsf(P[0][q]) <= hu) & (fabsf(P[1][q]) <= hv) & (P[2][q] <= top)) << q;
        in &= (P[0][q] <= hu) & (P[0][q] > -hu) & (P[1][q] <= hv) & (P[1][q] > -hv);
    }
    *within = in;
    for (int q = 0; q < 4; ++q) {
        float u = su[q] * hu, v = sv[q] * hv, ru = u - fc[0], rv = v - fc[1];
        float a = (ru * e2[1] - rv * e2[0]) * inv, b = (e1[0] * rv - e1[1] * ru) * inv;
        float w = fc[2] + a * e1[2] + b * e2[2];
        f->u[4 + q] = u;
        f->v[4 + q] = v;
        f->w[4 + q] = w;
        ok |= (unsigned)((fabsf(a) <= 1.0f) & (fabsf(b) <= 1.0f) & (w <= top)) << (4 + q);
    }
    return ok;
}
#endif

/* The vertices of the intersection of the incident quad (corners P[.][q]
 * in cyclic order, centre fc, half edges e1, e2: fc + s e1 + t e2 with
 * |s|, |t| <= 1) with the reference rectangle |u| <= hu, |v| <= hv, found
 * directly rather than by clipping: the quad's corners inside the
 * rectangle, the rectangle's corners inside the quad and the crossings of
 * the quad's edges with the rectangle's sides, each kept when also under
 * the reference face (w <= top). Without branches: every candidate is
 * computed and its slot appended to idx[] when it qualifies. Returns the
 * count. */
static int quad_rect_points(float P[3][4], const float fc[3], const float e1[3], const float e2[3], float hu, float hv,
                            float top, face_pts *f, int *idx)
{
    /* Rectangle corners inside the quad: their (s, t) in the quad's frame
     * (the divisor is never zero: a flat quad contains no corner). */
    float det = e1[0] * e2[1] - e1[1] * e2[0];
    bool flat = !(fabsf(det) > 1e-30f * (fabsf(e1[0]) + fabsf(e1[1]) + fabsf(e2[0]) + fabsf(e2[1])));
    float inv = 1.0f / (flat ? 1.0f : det);
    bool within;
    unsigned ok = corners(P, fc, e1, e2, hu, hv, top, inv, f, &within);
    ok &= flat ? 0x0fu : 0xffu;
    /* Crossings of quad edge q (corner q to q + 1) with each side, unless
     * every corner is strictly inside the sides' lines (on a + side's line
     * counts as inside): then no edge crosses any of them (c - lim has one
     * sign at every corner, exactly, as float differences of distinct
     * values never round to zero) and the four calls would keep nothing. */
    if (!within) {
        float N0[4], N1[4], N2[4];
        for (int q = 0; q < 4; ++q) {
            N0[q] = P[0][(q + 1) & 3];
            N1[q] = P[1][(q + 1) & 3];
            N2[q] = P[2][(q + 1) & 3];
        }
        ok |= crossings(P[0], N0, P[1], N1, P[2], N2, hu, hv, top, &f->u[8], &f->v[8], &f->w[8]) << 8;
        ok |= crossings(P[0], N0, P[1], N1, P[2], N2, -hu, hv, top, &f->u[12], &f->v[12], &f->w[12]) << 12;
        ok |= crossings(P[1], N1, P[0], N0, P[2], N2, hv, hu, top, &f->v[16], &f->u[16], &f->w[16]) << 16;
        ok |= crossings(P[1], N1, P[0], N0, P[2], N2, -hv, hu, top, &f->v[20], &f->u[20], &f->w[20]) << 20;
    }
    int n = 0;
    for (; ok; ok &= ok - 1u) idx[n++] = tc_lowest_bit(ok);
    return n;
}

/* The incident corner that alone is a vertex of the intersection under
 * the reference face, or -1: in about half the face contacts a corner of
 * the incident box dips under the reference face, and then the direct
 * search (quad_rect_points: 24 candidates) keeps that corner alone. Here:
 * exactly one corner q of the quad P is at or under top, the others above
 * it by a margin, and the part of the quad under top, the triangle from q
 * to the points where its two edges from q rise through top, inside the
 * rectangle |u| <= hu, |v| <= hv by that margin. Then in exact arithmetic
 * no rectangle corner and no crossing of a rectangle side is under top;
 * the margin, 1e-5 of the sizes involved, keeps the direct search's float
 * tests from finding one by rounding (on the 3,000,000 pairs of the
 * comparison in the commit that added this, both answered the same bits).
 * The two edges rise (their far corners are above q), so neither quotient
 * divides by zero. */
static int lone_corner(float P[3][4], float hu, float hv, float top)
{
    unsigned under = (unsigned)(P[2][0] <= top) | (unsigned)(P[2][1] <= top) << 1 |
                     (unsigned)(P[2][2] <= top) << 2 | (unsigned)(P[2][3] <= top) << 3;
    if (!under || (under & (under - 1u))) return -1;
    int q = tc_lowest_bit(under), qn = (q + 1) & 3, qp = (q + 3) & 3, qo = (q + 2) & 3;
    float size = hu + hv + tc_absf(P[0][qn] - P[0][qp]) + tc_absf(P[1][qn] - P[1][qp]) + tc_absf(P[2][qn]) +
                 tc_absf(P[2][qp]) + tc_absf(P[2][qo]) + tc_absf(top);
    float margin = 1e-5f * size, high = top + margin;
    if (!(P[2][qn] > high && P[2][qp] > high && P[2][qo] > high)) return -1;
    float t1 = (top - P[2][q]) / (P[2][qn] - P[2][q]), t2 = (top - P[2][q]) / (P[2][qp] - P[2][q]);
    float u1 = P[0][q] + (P[0][qn] - P[0][q]) * t1, v1 = P[1][q] + (P[1][qn] - P[1][q]) * t1;
    float u2 = P[0][q] + (P[0][qp] - P[0][q]) * t2, v2 = P[1][q] + (P[1][qp] - P[1][q]) * t2;
    float iu = hu - margin, iv = hv - margin;
    bool inside = tc_absf(P[0][q]) <= iu && tc_absf(P[1][q]) <= iv && tc_absf(u1) <= iu && tc_absf(v1) <= iv &&
                  tc_absf(u2) <= iu && tc_absf(v2) <= iv;
    return inside ? q : -1;
}

/* Four face-contact points (pu, pv, pw) in the reference frame, pw up
 * the normal from the reference face at top: each one's depth below it
 * (clamped at zero) and the height h of the reported point, the middle of
 * the part of the line from the point up to the face that stays inside
 * the incident box (whose axis q gives a coordinate base + u au + v av +
 * w dl, of reciprocal inv where dl is not zero). */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
static inline void lift(const float *pu, const float *pv, const float *pw, float top, const float base[3],
                        const float au[3], const float av[3], const float dl[3], const float inv[3], const float hi[3],
                        float *depth, float *h)
{
    const __m128 zero = _mm_setzero_ps();
    __m128 u = _mm_loadu_ps(pu), v = _mm_loadu_ps(pv), w = _mm_loadu_ps(pw);
    __m128 d = _mm_max_ps(_mm_sub_ps(_mm_set1_ps(top), w), zero); /* as d > 0 ? d : 0 */
    __m128 up = d;
    for (int q = 0; q < 3; ++q) {
        if (dl[q] == 0.0f) continue; /* the same for every lane (rare: axis-aligned poses) */
        __m128 l = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_set1_ps(base[q]), _mm_mul_ps(_mm_set1_ps(au[q]), u)),
                                         _mm_mul_ps(_mm_set1_ps(av[q]), v)),
                              _mm_mul_ps(_mm_set1_ps(dl[q]), w));
        /* The bound on the side dl points to: a sign flip, not a select
         * (which SSE2 code turns into a branch, random with random poses). */
        __m128 bound = _mm_set1_ps(tc_negate_unless(hi[q], dl[q] > 0.0f));
        __m128 room = _mm_mul_ps(_mm_sub_ps(bound, l), _mm_set1_ps(inv[q]));
        __m128 lower = _mm_cmplt_ps(room, up);
        up = _mm_or_ps(_mm_and_ps(lower, room), _mm_andnot_ps(lower, up));
    }
    up = _mm_max_ps(up, zero);
    _mm_storeu_ps(depth, d);
    _mm_storeu_ps(h, _mm_add_ps(w, _mm_mul_ps(_mm_set1_ps(0.5f), up)));
}
#else
static inline void lift(const float *pu, const float *pv, const float *pw, float top, const float base[3],
                        const float au[3], const float av[3], const float dl[3], const float inv[3], const float hi[3],
                        float *depth, float *h)
{
    for (int q = 0; q < 4; ++q) {
        float d = top - pw[q];
        d = d > 0.0f ? d : 0.0f;
        float up = d;
        for (int q2 = 0; q2 < 3; ++q2) {
            float l = base[q2] + au[q2] * pu[q] + av[q2] * pv[q] + dl[q2] * pw[q];
            float room = (dl[q2] > 0.0f ? hi[q2] - l : -hi[q2] - l) * inv[q2];
            up = dl[q2] != 0.0f && room < up ? room : up;
        }
        up = up > 0.0f ? up : 0.0f;
        depth[q] = d;
        h[q] = pw[q] + 0.5f * up;
    }
}
#endif

/* The first count points' world positions, centre c + U u + V v + N h,
 * and depths, into out (ids not set). */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
/* A lane per point, each with the scalar version's operations in its
 * order (bit-identical), then transposed into one vector per point: its
 * position and depth, the first 16 bytes of a tc_contact_point. */
_Static_assert(offsetof(tc_contact_point, depth) == 3 * sizeof(float), "a contact point starts x, y, z, depth");
static inline void place_points(tc_vec3 c, tc_vec3 U, tc_vec3 V, tc_vec3 N, const float *pu, const float *pv,
                                const float *h, const float *depth, int count, tc_contact_point *out)
{
    __m128 u = _mm_loadu_ps(pu), v = _mm_loadu_ps(pv), w = _mm_loadu_ps(h);
    __m128 x = _mm_add_ps(_mm_set1_ps(c.x), _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(U.x), u),
                                                                  _mm_mul_ps(_mm_set1_ps(V.x), v)),
                                                       _mm_mul_ps(_mm_set1_ps(N.x), w)));
    __m128 y = _mm_add_ps(_mm_set1_ps(c.y), _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(U.y), u),
                                                                  _mm_mul_ps(_mm_set1_ps(V.y), v)),
                                                       _mm_mul_ps(_mm_set1_ps(N.y), w)));
    __m128 z = _mm_add_ps(_mm_set1_ps(c.z), _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(U.z), u),
                                                                  _mm_mul_ps(_mm_set1_ps(V.z), v)),
                                                       _mm_mul_ps(_mm_set1_ps(N.z), w)));
    __m128 d = _mm_loadu_ps(depth);
    _MM_TRANSPOSE4_PS(x, y, z, d);
    _mm_storeu_ps((float *)(void *)&out[0], x); /* count >= 1 */
    if (count > 1) _mm_storeu_ps((float *)(void *)&out[1], y);
    if (count > 2) _mm_storeu_ps((float *)(void *)&out[2], z);
    if (count > 3) _mm_storeu_ps((float *)(void *)&out[3], d);
}
#else
static inline void place_points(tc_vec3 c, tc_vec3 U, tc_vec3 V, tc_vec3 N, const float *pu, const float *pv,
                                const float *h, const float *depth, int count, tc_contact_point *out)
{
    for (int q = 0; q < count; ++q) {
        out[q].point = tc_vec3_add(c, tc_vec3_add(tc_vec3_add(tc_vec3_scale(U, pu[q]), tc_vec3_scale(V, pv[q])),
                                                  tc_vec3_scale(N, h[q])));
        out[q].depth = depth[q];
    }
}
#endif

/* For each axis q of the incident box, a point's coordinate along it as
 * base + u au + v av + w dl in the reference frame (u, v across the
 * reference face: axes k1, k2; w up its outward normal: axis k, negated
 * unless fs), and inv = 1 / dl, where dl is not zero within 1e-30 (else
 * dl = 0 and inv = 1). col[p][q]: reference axis p . incident axis q (the
 * SAT pass's frame read the other way, lane 3 zero); c: the incident box's
 * centre in the reference frame. Lanes 0-2 are the three axes. */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
/* The three axes as lanes, each with exactly the operations of the scalar
 * version below (bit-identical answers), without its gathers by index. */
static inline void incident_lines(const float (*col)[4], const float c[3], int k, int k1, int k2, bool fs,
                                  float *base, float *au, float *av, float *dl, float *inv)
{
    const __m128 neg = _mm_set1_ps(-0.0f), one = _mm_set1_ps(1.0f);
    __m128 c0 = _mm_loadu_ps(col[0]), c1 = _mm_loadu_ps(col[1]), c2 = _mm_loadu_ps(col[2]);
    __m128 sum = _mm_add_ps(_mm_add_ps(_mm_mul_ps(c0, _mm_set1_ps(c[0])), _mm_mul_ps(c1, _mm_set1_ps(c[1]))),
                            _mm_mul_ps(c2, _mm_set1_ps(c[2])));
    _mm_storeu_ps(base, _mm_xor_ps(sum, neg));
    _mm_storeu_ps(au, _mm_loadu_ps(col[k1]));
    _mm_storeu_ps(av, _mm_loadu_ps(col[k2]));
    /* Negated unless fs by a sign flip, not a branch (random with random
     * poses: the compiler's branch for it mispredicted). */
    __m128 d = _mm_xor_ps(_mm_loadu_ps(col[k]), _mm_and_ps(neg, _mm_castsi128_ps(_mm_set1_epi32(-(int)!fs))));
    __m128 ok = _mm_cmpgt_ps(_mm_andnot_ps(neg, d), _mm_set1_ps(0x1p-60f));
    _mm_storeu_ps(dl, _mm_and_ps(ok, d));
    _mm_storeu_ps(inv, _mm_div_ps(one, _mm_or_ps(_mm_and_ps(ok, d), _mm_andnot_ps(ok, one))));
}
#else
static inline void incident_lines(const float (*col)[4], const float c[3], int k, int k1, int k2, bool fs,
                                  float *base, float *au, float *av, float *dl, float *inv)
{
    for (int q = 0; q < 3; ++q) {
        base[q] = -(col[0][q] * c[0] + col[1][q] * c[1] + col[2][q] * c[2]);
        au[q] = col[k1][q];
        av[q] = col[k2][q];
        float d = tc_negate_unless(col[k][q], fs);
        bool ok = fabsf(d) > 0x1p-60f; /* see face_contact */
        dl[q] = ok ? d : 0.0f;
        inv[q] = 1.0f / (ok ? d : 1.0f);
    }
}
#endif

/* The incident face's edge from its corner q to corner q + 1 (cyclic). */
static unsigned inc_edge(const unsigned corner[4], int q)
{
    unsigned x = corner[q], y = corner[(q + 1) & 3];
    return TC_FEATURE_EDGE | (x < y ? x << 3 | y : y << 3 | x);
}

/* The general case of face_contact (the incident face reaches below the
 * reference box's opposite face): the incident quad P clipped by the
 * reference box's four side planes and that face, its points (with their
 * ids) in f and the slots under the reference face in idx; returns their
 * count. Out of line: rare, and its buffers would weigh on the common path. */
TC_NO_INLINE int clip_through(float P[3][4], const unsigned corner[4], const float hr[3], int k, int fs,
                              unsigned ref_face, unsigned inc_face, face_pts *f, int *idx)
{
    int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
    clip_pt buf_a[MAX_PTS], buf_b[MAX_PTS];
    for (int q = 0; q < 4; ++q) {
        for (int c = 0; c < 3; ++c) buf_a[q].x[c] = P[c][q];
        buf_a[q].inc = TC_FEATURE_VERTEX | corner[q];
        buf_a[q].ref = ref_face;
        buf_a[q].edge = inc_edge(corner, q);
    }
    int np = 4;
    clip_pt *src = buf_a, *spare = buf_b;
    for (int side = 0; side < 4 && np > 0; ++side) {
        int coord = side >> 1, plus = !(side & 1);
        int c = coord == 0 ? k1 : k2;
        clip_pt *res;
        np = clip_side(src, np, coord, plus ? 1.0f : -1.0f, hr[c], ref_edge(k, fs, c, plus), k, fs, c, plus, spare,
                       &res);
        if (res != src) { spare = src; src = res; }
    }
    if (np > 0) {
        clip_pt *res;
        unsigned back = TC_FEATURE_FACE | (unsigned)(2 * k + !fs);
        np = clip_side(src, np, 2, -1.0f, hr[k], back, k, fs, k1, 0, spare, &res);
        src = res;
    }
    int nc = 0;
    for (int q = 0; q < np; ++q) {
        f->u[q] = src[q].x[0];
        f->v[q] = src[q].x[1];
        f->w[q] = src[q].x[2];
        f->ref[q] = src[q].ref;
        f->inc[q] = src[q].inc == TC_FEATURE_FACE ? inc_face : src[q].inc;
        idx[nc] = q;
        nc += hr[k] - src[q].x[2] >= 0.0f;
    }
    return nc;
}

/* face_contact's answer when its points came from the reference face
 * clipped by the incident box (pulled halfway down by a float estimate:
 * the caller checks they are in both), not a point count. */
enum { FROM_REFERENCE = 5 };

/* face_contact's fallback when nothing of the incident face lies inside
 * the reference box: the reference face clipped by the incident box
 * (ref_face_in_incident), reduced; FROM_REFERENCE, or 0 when that is empty
 * too. Out of line: rare, and its candidates would weigh on the common path. */
TC_NO_INLINE int from_reference(const tc_obb *r, const tc_obb *in, const float hr[3], const float hi[3], int k, int fs,
                                bool ref_is_a, float overlap, tc_manifold *m)
{
    tc_vec3 cr[3], ci[3];
    columns(r, cr);
    columns(in, ci);
    tc_contact_candidate cand[MAX_PTS];
    int nc = ref_face_in_incident(cr, hr, r->center, k, fs, in, ci, hi, overlap, ref_is_a, cand);
    if (nc == 0) return 0;
    tc_vec3 nf = fs ? cr[k] : tc_vec3_neg(cr[k]);
    m->normal = ref_is_a ? nf : tc_vec3_neg(nf);
    int count = tc_contact_reduce(cand, nc, tc_dvec3_from(m->normal), m);
    int deepest = 0;
    for (int q = 1; q < count; ++q)
        if (m->points[q].depth > m->points[deepest].depth) deepest = q;
    m->points[deepest].depth = overlap;
    return count > 0 ? FROM_REFERENCE : 0;
}

/* Face contact: axis k of box r (A if ref_is_a) is the reference axis; the
 * frame quantities come from the SAT pass. Returns the point count (or
 * FROM_REFERENCE), 0 when nothing of the incident face lies under the
 * reference face (a face axis preferred over a slightly smaller edge axis
 * whose features miss). */
static int face_contact(const tc_obb *r, const tc_obb *in, int k, bool ref_is_a, const tc_box_box_sat *s,
                        float overlap, tc_manifold *m)
{
    const float *hr = halves_of(r), *hi = halves_of(in);
    /* The incident box in the reference frame: ax[q][p] = I_q . R_p, and its
     * centre c_ref, read in place from the SAT pass (B's frame too). */
    const float(*ax)[4] = ref_is_a ? s->r : s->rt;
    const float *t_ref = ref_is_a ? s->t : s->tb;
    const float c_ref[3] = { tc_negate_unless(t_ref[0], ref_is_a), tc_negate_unless(t_ref[1], ref_is_a),
                             tc_negate_unless(t_ref[2], ref_is_a) };
    /* The reference face on the side of the incident box (ties: as the
     * normal's orientation, from A towards B). */
    int fs = ref_is_a ? !(c_ref[k] < 0.0f) : c_ref[k] > 0.0f;
    /* Incident face: the face of `in` most opposed to the reference face. */
    int j = 0;
    for (int q = 1; q < 3; ++q)
        if (fabsf(ax[q][k]) > fabsf(ax[j][k])) j = q;
    int isign = tc_negate_unless(ax[j][k], fs) < 0.0f; /* incident face on the + side of axis j */
    int j1 = j == 2 ? 0 : j + 1, j2 = j == 0 ? 2 : j - 1;
    int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
    /* The incident face's centre and half edges: across the reference face
     * (u along k1, v along k2) as they are, up its normal negated unless fs (a
     * sign: exact). */
    float ej = tc_negate_unless(hi[j], isign);
    const float fc[3] = { c_ref[k1] + ax[j][k1] * ej, c_ref[k2] + ax[j][k2] * ej,
                          tc_negate_unless(c_ref[k] + ax[j][k] * ej, fs) };
    const float e1[3] = { ax[j1][k1] * hi[j1], ax[j1][k2] * hi[j1], tc_negate_unless(ax[j1][k], fs) * hi[j1] };
    const float e2[3] = { ax[j2][k1] * hi[j2], ax[j2][k2] * hi[j2], tc_negate_unless(ax[j2][k], fs) * hi[j2] };
    /* Its corners fc + su e1 + sv e2 in cyclic order (su, sv = ++, -+, --,
     * +-; a product by 1 or -1 is exact, so these are the sums), with their
     * corner indices. */
    float P[3][4];
    for (int c = 0; c < 3; ++c) {
        float plus = fc[c] + e1[c], minus = fc[c] - e1[c];
        P[c][0] = plus + e2[c];
        P[c][1] = minus + e2[c];
        P[c][2] = minus - e2[c];
        P[c][3] = plus - e2[c];
    }
    unsigned cb = (unsigned)isign << j, c1 = 1u << j1, c2 = 1u << j2;
    const unsigned corner[4] = { cb | c1 | c2, cb | c2, cb, cb | c1 };
    unsigned ref_face = TC_FEATURE_FACE | (unsigned)(2 * k + fs);
    unsigned inc_face = TC_FEATURE_FACE | (unsigned)(2 * j + isign);
    /* Unless the incident face reaches below the reference box's opposite
     * face (a thin reference box deep in a large incident one), the
     * intersection's vertices directly (ids from the slots); else clipping,
     * which also cuts at that face so that every point is inside the
     * reference box. */
    float lowest = P[2][0];
    for (int q = 1; q < 4; ++q) lowest = P[2][q] < lowest ? P[2][q] : lowest;
    face_pts f;
    int idx[SLOTS];
    int nc;
    bool direct = lowest >= -hr[k];
    int lone = direct ? lone_corner(P, hr[k1], hr[k2], hr[k]) : -1;
    if (lone >= 0) {
        f.u[lone] = P[0][lone];
        f.v[lone] = P[1][lone];
        f.w[lone] = P[2][lone];
        idx[0] = lone;
        nc = 1;
    } else if (direct) {
        nc = quad_rect_points(P, fc, e1, e2, hr[k1], hr[k2], hr[k], &f, idx);
        if (nc == 0) {
            /* Touching within the SAT's pad: the faces meet but nothing is
             * below the reference face by rounding. Their deepest meeting
             * point, at depth 0. */
            nc = quad_rect_points(P, fc, e1, e2, hr[k1], hr[k2], INFINITY, &f, idx);
            for (int q = 1; q < nc; ++q) idx[0] = f.w[idx[q]] < f.w[idx[0]] ? idx[q] : idx[0];
            nc = nc > 0;
        }
    } else {
        nc = clip_through(P, corner, hr, k, fs, ref_face, inc_face, &f, idx);
    }
    if (nc == 0) return from_reference(r, in, hr, hi, k, fs, ref_is_a, overlap, m);
    int pick[4];
    int count = reduce4(&f, idx, nc, pick);
    /* The reference frame's axes in the world (U, V across the face, N its
     * outward normal) and, for each axis q of I, a point's coordinate along
     * it as base + u au + v av + w dl: how far the line along N stays inside
     * I (incident_lines). Reciprocals with a divisor that is never zero, nor
     * so small that the room times it overflows: the points are on the
     * incident face, so the room is a few times I's halves and the offset of
     * the centres, below 2^60 in the contact's range
     * (TC_SAT_CONTACT_RANGE_BITS); a dl below 2^-60 is taken as 0, so that
     * the product stays below 2^120 (a face 1e10 long with a dl of 1.5e-29,
     * then taken, overflowed: the pair fuzzer). That moves the reported
     * point off that side by under 2^-60 of the depth. */
    const tc_vec3 *cr = columns_of(r);
    tc_vec3 U = cr[k1], V = cr[k2], N = vec_negate_unless(cr[k], fs);
    float base[4], au[4], av[4], dl[4], inv[4];
    incident_lines(ref_is_a ? s->rt : s->r, c_ref, k, k1, k2, fs, base, au, av, dl, inv);
    float pu[4], pv[4], pw[4], depth[4], h[4];
    for (int q = 0; q < 4; ++q) {
        int sl = pick[q < count ? q : 0];
        pu[q] = f.u[sl];
        pv[q] = f.v[sl];
        pw[q] = f.w[sl];
    }
    lift(pu, pv, pw, hr[k], base, au, av, dl, inv, hi, depth, h);
    place_points(r->center, U, V, N, pu, pv, h, depth, count, m->points);
    int deepest = 0;
    for (int q = 0; q < count; ++q) {
        int sl = pick[q];
        if (pw[q] < pw[deepest]) deepest = q;
        unsigned fr, fi;
        if (!direct) {
            fr = f.ref[sl];
            fi = f.inc[sl];
        } else if (sl < 4) {
            fr = ref_face;
            fi = TC_FEATURE_VERTEX | corner[sl];
        } else if (sl < 8) {
            int rq = sl - 4; /* the rectangle corner (+-hu, +-hv) in the cyclic order ++, -+, --, +- */
            fr = ref_vertex(k, fs, k1, rq == 0 || rq == 3, k2, rq < 2);
            fi = inc_face;
        } else {
            int side = (sl - 8) >> 2;
            fr = ref_edge(k, fs, side >> 1 ? k2 : k1, !(side & 1));
            fi = inc_edge(corner, (sl - 8) & 3);
        }
        m->points[q].id = ref_is_a ? TC_CONTACT_ID(fr, fi) : TC_CONTACT_ID(fi, fr);
    }
    /* The largest depth is the overlap along n (within rounding of the
     * clipped points' depths). */
    m->points[deepest].depth = overlap > 0.0f ? overlap : 0.0f;
    m->normal = vec_negate_unless(N, ref_is_a);
    m->count = count;
    return count;
}

/* sqrtf (both correctly rounded) without the library call that errno
 * handling makes of it. */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
static inline float root(float x) { return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x))); }
#else
static inline float root(float x) { return sqrtf(x); }
#endif

/* The face axis of least overlap: the index of the largest of sep[0..5]
 * (the lowest index on ties). */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
/* Four lanes at a time (axes 0-3 and 2-5), the index from the lanes equal
 * to the maximum: the scalar loop's answer (its strict > keeps the first of
 * equal values, which compare equal here too, +0 and -0 included), in half
 * its instructions and without its chain of dependent selects. */
static inline int least_overlap_face(const float *sep)
{
    __m128 lo = _mm_loadu_ps(sep), hi = _mm_loadu_ps(sep + 2);
    __m128 top = _mm_max_ps(lo, hi);
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(2, 3, 0, 1)));
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
    unsigned at = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(lo, top)) |
                  (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(hi, top)) << 2;
    return tc_lowest_bit(at);
}
#else
static inline int least_overlap_face(const float *sep)
{
    int face = 0;
    float face_sep = sep[0];
    for (int k = 1; k < 6; ++k) {
        bool better = sep[k] > face_sep; /* selects: random poses */
        face_sep = better ? sep[k] : face_sep;
        face = better ? k : face;
    }
    return face;
}
#endif

/* The general feature clipping in double (tc_core_manifold) along face
 * axis k of A (ref_a) or B, oriented from A towards B. Out of line: rare,
 * and its cores would weigh on the common path. */
TC_NO_INLINE void general_clip(const tc_obb *a, const tc_obb *b, bool ref_a, int k, tc_manifold *m)
{
    tc_vec3 axis = ref_a ? (k == 0 ? a->rotation.cx : k == 1 ? a->rotation.cy : a->rotation.cz)
                         : (k == 0 ? b->rotation.cx : k == 1 ? b->rotation.cy : b->rotation.cz);
    tc_vec3 n = tc_vec3_dot(axis, tc_vec3_sub(b->center, a->center)) < 0.0f ? tc_vec3_neg(axis) : axis;
    tc_core ka, kb;
    tc_core_from_obb(&ka, a);
    tc_core_from_obb(&kb, b);
    tc_core_manifold(&ka, &kb, tc_dvec3_from(n), 0.0, m, NULL);
}

/* Whether m is a single point that the boxes do not both hold (the
 * edge-edge point of a deep penetration, the fallbacks' estimates); the
 * caller moves it into both. Face points are in both by construction. */
static bool single_point_outside(const tc_obb *a, const tc_obb *b, float pad, const tc_manifold *m)
{
    return m->count == 1 && !in_both(a, b, m->points[0].point, pad);
}

/* Out of line from tc_box_box_contact (the header's): the apart pairs (most
 * random ones) then return through a small frame. */
bool tc_box_box_contact_from_sat(const tc_obb *a, const tc_obb *b, const tc_box_box_sat *s, tc_manifold *m)
{
    /* Axis of least overlap: A's faces, B's faces, then the edges. */
    int face = least_overlap_face(s->sep);
    float face_depth = -s->sep[face];
    /* The edge axis of least overlap from the SAT pass; near-parallel ones
     * re-measured in double. */
    int edge = s->edge < 0 ? -1 : 6 + s->edge;
    float edge_depth = s->edge_depth;
    tc_vec3 edge_n = tc_vec3_zero();
    bool edge_exact = false;
    for (unsigned near = s->near_parallel & ~s->parallel; near; near &= near - 1u) {
        int k = 0;
        while (!(near >> k & 1u)) ++k;
        double gap;
        tc_vec3 unit;
        if (!tc_box_box_axis_gap(a, b, 6 + k, &gap, &unit, NULL, NULL)) continue;
        float ok = (float)-gap;
        if (ok < edge_depth) { edge_depth = ok; edge = 6 + k; edge_n = unit; edge_exact = true; }
    }
    /* The size only when an edge overlaps less than the face (the
     * preference is never negative): two lengths saved on most pairs. In
     * double: the halves are below 2^100 here (the SAT pass's range), whose
     * squares overflow a float (issue 12: two AABBs, one 1e20 tall, trapped
     * on FE_OVERFLOW here) but not a double; inline, with no call. */
    bool use_edge = edge >= 0 && edge_depth < face_depth;
    /* First against an upper bound of the size, in float: the halves'
     * 1-norms bound their lengths, and the factor 1 + 2^-20 more than covers
     * the rounding of the five additions and of that product (each down by
     * at most half an ulp; in the subnormal range the additions are exact,
     * and the size, rounded to float below, cannot round past a float at or
     * above it). So the size as used below is at most this bound and, the
     * float operations being monotonic, an edge that beats the face by the
     * bound's preference beats it by the size's. That settles all but the
     * edges within about 1e-4 of the sizes of the face's overlap, without
     * the two square roots in double (their latency was on the edge
     * contact's path). */
    const float *ha = halves_of(a), *hb = halves_of(b);
    if (use_edge && !(edge_depth < face_depth - (float)TC_FACE_PREFERENCE * (2.0f * ((ha[0] + ha[1] + ha[2]) +
                                                                                      (hb[0] + hb[1] + hb[2])) *
                                                                             (1.0f + 0x1p-20f)))) {
        double la = (double)a->half.x * a->half.x + (double)a->half.y * a->half.y + (double)a->half.z * a->half.z;
        double lb = (double)b->half.x * b->half.x + (double)b->half.y * b->half.y + (double)b->half.z * b->half.z;
        float size = (float)(2.0 * (sqrt(la) + sqrt(lb)));
        use_edge = edge_depth < face_depth - (float)TC_FACE_PREFERENCE * size;
    }
    if (!use_edge) {
        bool ref_a = face < 3;
        int k = ref_a ? face : face - 3;
        int got = face_contact(ref_a ? a : b, ref_a ? b : a, k, ref_a, s, face_depth, m);
        if (got > 0) return got == FROM_REFERENCE && single_point_outside(a, b, s->pad, m);
        if (edge < 0 || edge_depth >= face_depth) {
            /* Nothing under the face at rounding level, and the face is the
             * axis of least overlap: the general feature clipping in double. */
            general_clip(a, b, ref_a, k, m);
            return single_point_outside(a, b, s->pad, m);
        }
    }
    if (!edge_exact) {
        int i = (edge - 6) / 3, j = (edge - 6) % 3;
        tc_vec3 l = tc_vec3_scale(tc_vec3_cross(columns_of(a)[i], columns_of(b)[j]), 1.0f / root(s->len2[edge - 6]));
        edge_n = vec_negate_unless(l, !(tc_vec3_dot(l, tc_vec3_sub(b->center, a->center)) < 0.0f));
    }
    return !edge_contact(a, b, edge, edge_n, edge_depth, s->pad, m);
}
