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

#include "queries/manifold.h"
#include "queries/penetration.h"


static void columns(const tc_obb *b, tc_vec3 c[3])
{
    c[0] = b->rotation.cx;
    c[1] = b->rotation.cy;
    c[2] = b->rotation.cz;
}

static void halves(const tc_obb *b, float h[3])
{
    h[0] = b->half.x;
    h[1] = b->half.y;
    h[2] = b->half.z;
}

/* A clipped point in the reference frame: (u, v) across the reference face,
 * w along its outward axis, with the features that made it (tags). */
typedef struct clip_pt { float u, v, w; unsigned ref, inc; unsigned edge; } clip_pt;
/* edge: the feature the polygon's edge from this point to the next lies on
 * (an incident edge, or TC_FEATURE_FACE when it runs along a clip line,
 * with the clip line's reference edge in the low bits via ref tags). */

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

/* Clips the polygon against the half-plane coordinate (0: u, 1: v) * sign <= lim.
 * Tags: a crossing of an incident edge gets (reference side edge, incident
 * edge); a crossing of a previous clip line is a reference corner. */
static int clip_side(const clip_pt *in, int n, int coord, float sign, float lim, unsigned side_edge, int k, int fs,
                     int c, int sc, clip_pt *out)
{
    int m = 0;
    for (int i = 0; i < n; ++i) {
        const clip_pt *p = &in[i == 0 ? n - 1 : i - 1], *q = &in[i];
        float dp = sign * (coord == 0 ? p->u : (coord == 1 ? p->v : p->w)) - lim;
        float dq = sign * (coord == 0 ? q->u : (coord == 1 ? q->v : q->w)) - lim;
        bool pin = dp <= 0.0f, qin = dq <= 0.0f;
        if (pin != qin && m < MAX_PTS) {
            float t = dp / (dp - dq);
            clip_pt x;
            x.u = p->u + (q->u - p->u) * t;
            x.v = p->v + (q->v - p->v) * t;
            x.w = p->w + (q->w - p->w) * t;
            if (p->edge & TC_FEATURE_FACE) {
                /* Along an earlier clip line (axis o of its low bits): a reference corner. */
                int o = (int)(p->edge & 3u), so = (int)((p->edge >> 2) & 1u);
                /* (On the back face, the side line meets it along an edge.) */
                x.ref = coord == 2 ? ref_edge(k, !fs, o, so) : ref_vertex(k, fs, c, sc, o, so);
                x.inc = TC_FEATURE_FACE; /* filled by the caller: the incident face */
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

static bool obb_holds(const tc_obb *b, tc_vec3 p, float slack)
{
    tc_vec3 c[3];
    columns(b, c);
    float h[3];
    halves(b, h);
    tc_vec3 d = tc_vec3_sub(p, b->center);
    for (int k = 0; k < 3; ++k)
        if (fabsf(tc_vec3_dot(d, c[k])) > h[k] + slack) return false;
    return true;
}

static int edge_contact(const tc_obb *a, const tc_obb *b, int axis, tc_vec3 n, float depth, tc_manifold *m)
{
    tc_vec3 ca[3], cb[3];
    columns(a, ca);
    columns(b, cb);
    float ha[3], hb[3];
    halves(a, ha);
    halves(b, hb);
    int i = (axis - 6) / 3, j = (axis - 6) % 3;
    /* A's edge along A_i furthest along n; B's along B_j furthest along -n. */
    tc_vec3 pa0 = a->center, pb0 = b->center;
    unsigned ia = 0, ib = 0;
    for (int k = 0; k < 3; ++k) {
        if (k != i) {
            bool plus = tc_vec3_dot(n, ca[k]) > 0.0f;
            pa0 = tc_vec3_add(pa0, tc_vec3_scale(ca[k], plus ? ha[k] : -ha[k]));
            ia |= (unsigned)plus << k;
        }
        if (k != j) {
            bool plus = tc_vec3_dot(n, cb[k]) < 0.0f;
            pb0 = tc_vec3_add(pb0, tc_vec3_scale(cb[k], plus ? hb[k] : -hb[k]));
            ib |= (unsigned)plus << k;
        }
    }
    tc_vec3 pa, pb;
    segment_closest(pa0, ca[i], ha[i], pb0, cb[j], hb[j], &pa, &pb);
    tc_vec3 mid = tc_vec3_scale(tc_vec3_add(pa, pb), 0.5f);
    float slack = 1e-5f * (fabsf(mid.x) + fabsf(mid.y) + fabsf(mid.z) + ha[0] + ha[1] + ha[2] + hb[0] + hb[1] + hb[2]);
    /* Deep edge-edge penetration can put the midpoint outside one box;
     * then an edge point that lies in both. */
    if (!(obb_holds(a, mid, slack) && obb_holds(b, mid, slack))) {
        if (obb_holds(a, pb, slack)) mid = pb;
        else if (obb_holds(b, pa, slack)) mid = pa;
    }
    m->normal = n;
    m->count = 1;
    m->points[0].point = mid;
    m->points[0].depth = depth;
    m->points[0].id = TC_CONTACT_ID(TC_FEATURE_EDGE | ia << 3 | (ia | 1u << i), TC_FEATURE_EDGE | ib << 3 | (ib | 1u << j));
    return 1;
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
            if (dv != 0.0f && room / dv < down) down = room / dv;
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

/* Face contact: axis k of box r (A if ref_is_a) is the reference axis, nf its
 * outward face normal (towards the other box). Returns the point count, 0
 * when nothing of the incident face lies under the reference face (a face
 * axis preferred over a slightly smaller edge axis whose features miss). */
static int face_contact(const tc_obb *r, const tc_obb *in, int k, bool ref_is_a, tc_vec3 n, float overlap,
                        tc_manifold *m)
{
    tc_vec3 cr[3], ci[3];
    columns(r, cr);
    columns(in, ci);
    float hr[3], hi[3];
    halves(r, hr);
    halves(in, hi);
    tc_vec3 nf = ref_is_a ? n : tc_vec3_neg(n);
    int fs = tc_vec3_dot(nf, cr[k]) > 0.0f; /* reference face on the + side of axis k */
    float ksign = fs ? 1.0f : -1.0f;
    /* Incident face: the face of `in` most opposed to nf. */
    float dots[3] = { tc_vec3_dot(nf, ci[0]), tc_vec3_dot(nf, ci[1]), tc_vec3_dot(nf, ci[2]) };
    int j = 0;
    for (int q = 1; q < 3; ++q)
        if (fabsf(dots[q]) > fabsf(dots[j])) j = q;
    int isign = dots[j] < 0.0f; /* outward normal -sign(dot) * ci[j]: on the + side when dot < 0 */
    int j1 = j == 2 ? 0 : j + 1, j2 = j == 0 ? 2 : j - 1;
    int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
    /* The incident box in the reference frame: centre and axes. */
    tc_vec3 d = tc_vec3_sub(in->center, r->center);
    float c_ref[3] = { tc_vec3_dot(d, cr[0]), tc_vec3_dot(d, cr[1]), tc_vec3_dot(d, cr[2]) };
    float ax[3][3]; /* ax[q][p] = ci[q] . cr[p] */
    for (int q = 0; q < 3; ++q)
        for (int p = 0; p < 3; ++p) ax[q][p] = tc_vec3_dot(ci[q], cr[p]);
    float fc[3];
    for (int p = 0; p < 3; ++p) fc[p] = c_ref[p] + ax[j][p] * (isign ? hi[j] : -hi[j]);
    clip_pt buf_a[MAX_PTS], buf_b[MAX_PTS];
    /* The incident face's corners in cyclic order, with their corner indices. */
    static const int su[4] = { 1, -1, -1, 1 }, sv[4] = { 1, 1, -1, -1 };
    unsigned corner[4];
    for (int q = 0; q < 4; ++q) {
        float x[3];
        for (int p = 0; p < 3; ++p) x[p] = fc[p] + ax[j1][p] * (su[q] * hi[j1]) + ax[j2][p] * (sv[q] * hi[j2]);
        buf_a[q].u = x[k1];
        buf_a[q].v = x[k2];
        buf_a[q].w = x[k] * ksign;
        corner[q] = (unsigned)isign << j | (unsigned)(su[q] > 0) << j1 | (unsigned)(sv[q] > 0) << j2;
        buf_a[q].inc = TC_FEATURE_VERTEX | corner[q];
        buf_a[q].ref = TC_FEATURE_FACE | (unsigned)(2 * k + fs);
    }
    for (int q = 0; q < 4; ++q) {
        unsigned x = corner[q], y = corner[(q + 1) & 3];
        buf_a[q].edge = TC_FEATURE_EDGE | (x < y ? x << 3 | y : y << 3 | x);
    }
    int np = 4;
    clip_pt *src = buf_a, *dst = buf_b;
    for (int side = 0; side < 4 && np > 0; ++side) {
        int coord = side >> 1, plus = !(side & 1);
        int c = coord == 0 ? k1 : k2;
        np = clip_side(src, np, coord, plus ? 1.0f : -1.0f, coord == 0 ? hr[k1] : hr[k2],
                       ref_edge(k, fs, c, plus), k, fs, c, plus, dst);
        clip_pt *t = src; src = dst; dst = t;
    }
    /* And below the reference box's opposite face, so that every clipped
     * point is inside the reference box at any depth (a thin reference box
     * deep in a large incident one): a crossing there is the incident edge
     * on that face. */
    if (np > 0) {
        unsigned back = TC_FEATURE_FACE | (unsigned)(2 * k + !fs);
        np = clip_side(src, np, 2, -1.0f, hr[k], back, k, fs, k1, 0, dst);
        clip_pt *t = src; src = dst; dst = t;
    }
    /* Points under the reference face (w <= hr[k]), with their depth. */
    tc_contact_candidate cand[MAX_PTS];
    int nc = 0;
    unsigned inc_face = TC_FEATURE_FACE | (unsigned)(2 * j + isign);
    /* The reference axis seen from the incident box, to measure how far the
     * line along it stays inside (for deep points). */
    float dl[3] = { ax[0][k] * ksign, ax[1][k] * ksign, ax[2][k] * ksign };
    for (int q = 0; q < np; ++q) {
        const clip_pt *p = &src[q];
        float depth = hr[k] - p->w;
        if (!(depth >= 0.0f)) continue;
        /* From the incident point up to the reference face, the part inside
         * the incident box: its middle. */
        float x[3];
        x[k] = p->w * ksign;
        x[k1] = p->u;
        x[k2] = p->v;
        float rel[3] = { x[0] - c_ref[0], x[1] - c_ref[1], x[2] - c_ref[2] };
        /* The line along the normal from the incident point (in both boxes)
         * up to the reference face: the middle of its part inside the
         * incident box. */
        float up = depth;
        for (int q2 = 0; q2 < 3; ++q2) {
            float l = ax[q2][0] * rel[0] + ax[q2][1] * rel[1] + ax[q2][2] * rel[2];
            float dv = dl[q2];
            float room = dv > 0.0f ? hi[q2] - l : (dv < 0.0f ? -hi[q2] - l : 0.0f);
            if (dv != 0.0f && room / dv < up) up = room / dv;
        }
        if (up < 0.0f) up = 0.0f;
        float wmid = p->w + 0.5f * up;
        float y[3];
        y[k] = wmid * ksign;
        y[k1] = p->u;
        y[k2] = p->v;
        tc_vec3 world = tc_vec3_add(r->center, tc_vec3_add(tc_vec3_add(tc_vec3_scale(cr[0], y[0]), tc_vec3_scale(cr[1], y[1])),
                                                           tc_vec3_scale(cr[2], y[2])));
        unsigned fi = p->inc == TC_FEATURE_FACE ? inc_face : p->inc;
        cand[nc].point = tc_dvec3_from(world);
        cand[nc].depth = depth;
        cand[nc].id = ref_is_a ? TC_CONTACT_ID(p->ref, fi) : TC_CONTACT_ID(fi, p->ref);
        ++nc;
    }
    if (nc == 0) nc = ref_face_in_incident(cr, hr, r->center, k, fs, in, ci, hi, overlap, ref_is_a, cand);
    if (nc == 0) return 0;
    m->normal = n;
    int count = tc_contact_reduce(cand, nc, tc_dvec3_from(n), m);
    /* The largest depth is the overlap along n (within rounding of the
     * clipped points' depths). */
    int deepest = 0;
    for (int q = 1; q < count; ++q)
        if (m->points[q].depth > m->points[deepest].depth) deepest = q;
    m->points[deepest].depth = overlap;
    return count;
}

bool tc_box_box_contact(const tc_obb *a, const tc_obb *b, tc_manifold *m)
{
    tc_box_box_sat s;
    if (!tc_box_box_sat_pass(a, b, &s)) return false;
    if (!m) return true;
    /* Axis of least overlap: A's faces, B's faces, then the edges. */
    int face = 0;
    for (int k = 1; k < 6; ++k)
        if (s.sep[k] > s.sep[face]) face = k;
    float face_depth = -s.sep[face];
    int edge = -1;
    float edge_depth = INFINITY;
    tc_vec3 edge_n = tc_vec3_zero();
    for (int k = 0; k < 9; ++k) {
        if (s.parallel >> k & 1u) continue;
        float o;
        if (s.near_parallel >> k & 1u) {
            double gap;
            tc_vec3 unit;
            if (!tc_box_box_axis_gap(a, b, 6 + k, &gap, &unit, NULL, NULL)) continue;
            o = (float)-gap;
            if (o < edge_depth) { edge_depth = o; edge = 6 + k; edge_n = unit; }
            continue;
        }
        o = -s.sep[6 + k] / sqrtf(s.len2[k]);
        if (o < edge_depth) { edge_depth = o; edge = 6 + k; }
    }
    float size = 2.0f * (sqrtf(a->half.x * a->half.x + a->half.y * a->half.y + a->half.z * a->half.z) +
                         sqrtf(b->half.x * b->half.x + b->half.y * b->half.y + b->half.z * b->half.z));
    tc_vec3 ca[3], cb[3];
    columns(a, ca);
    columns(b, cb);
    tc_vec3 d = tc_vec3_sub(b->center, a->center);
    if (edge >= 0 && !(s.near_parallel >> (edge - 6) & 1u)) {
        int i = (edge - 6) / 3, j = (edge - 6) % 3;
        tc_vec3 l = tc_vec3_scale(tc_vec3_cross(ca[i], cb[j]), 1.0f / sqrtf(s.len2[edge - 6]));
        edge_n = tc_vec3_dot(l, d) < 0.0f ? tc_vec3_neg(l) : l;
    }
    bool use_edge = edge >= 0 && edge_depth < face_depth - (float)TC_FACE_PREFERENCE * size;
    if (!use_edge) {
        bool ref_a = face < 3;
        int k = ref_a ? face : face - 3;
        tc_vec3 axis = ref_a ? ca[k] : cb[k];
        tc_vec3 n = tc_vec3_dot(axis, d) < 0.0f ? tc_vec3_neg(axis) : axis;
        if (face_contact(ref_a ? a : b, ref_a ? b : a, k, ref_a, n, face_depth, m) > 0) return true;
        if (edge < 0 || edge_depth >= face_depth) {
            /* Nothing under the face at rounding level, and the face is the
             * axis of least overlap: the general feature clipping in double. */
            tc_core ka, kb;
            tc_core_from_obb(&ka, a);
            tc_core_from_obb(&kb, b);
            tc_core_manifold(&ka, &kb, tc_dvec3_from(n), 0.0, m, NULL);
            return true;
        }
    }
    edge_contact(a, b, edge, edge_n, edge_depth, m);
    return true;
}
