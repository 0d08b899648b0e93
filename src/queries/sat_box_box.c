/* SPDX-License-Identifier: MIT */
/* OBB-OBB separating-axis test on all 15 axes (Gottschalk, Lin and Manocha,
 * "OBBTree", 1996; Ericson, Real-Time Collision Detection, 4.4.1).
 *
 * Robustness. The float tests below carry an absolute pad that covers their
 * rounding and the (about 1e-7) non-orthonormality of a float rotation. On an
 * edge-edge axis A_i x B_j the computed quantities shrink with the length of
 * the cross product |L| while that error does not, so the pad, relative to
 * the axis, grows like 1/|L|. Rather than pick an epsilon in world units
 * (which breaks at some scale), every edge axis with |L| < 1/10 is re-tested
 * exactly: the cross product and all projections in double precision from
 * the world-space data, where the error is proportional to |L|. A vanishing
 * cross product then simply cannot separate, and the other axes (a complete
 * set when edges are parallel) decide. */
#include "core/assert.h"
#include "queries/sat_box_box.h"

#include <math.h>

#include "core/bits.h"
#include "core/float.h"
#include "core/inline.h"
#include "shapes/validity.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#define TC_SAT_SIMD 1
#else
#define TC_SAT_SIMD 0
#endif

#define TC_SAT_EXACT_BELOW_LEN2 0.01f /* |L| < 1/10: relative to the axis, the pad grows at most 10x */
#define TC_SAT_PARALLEL_BELOW_LEN2 1e-12f /* |L| < 1e-6: parallel within the band */

static void tc_mat3_columns(const tc_mat3 *m, tc_vec3 c[3])
{
    c[0] = m->cx;
    c[1] = m->cy;
    c[2] = m->cz;
}

static inline void tc_box_box_frame_fill(tc_box_box_frame *f, const tc_obb *a, const tc_obb *b)
{
    tc_vec3 ac[3], bc[3];
    tc_mat3_columns(&a->rotation, ac);
    tc_mat3_columns(&b->rotation, bc);
    f->a = a;
    f->b = b;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            f->r[i][j] = tc_vec3_dot(ac[i], bc[j]);
            f->ar[i][j] = tc_absf(f->r[i][j]);
        }
    }
    tc_vec3 d = tc_vec3_sub(b->center, a->center);
    for (int i = 0; i < 3; ++i) f->t[i] = tc_vec3_dot(d, ac[i]);
    f->ha[0] = a->half.x; f->ha[1] = a->half.y; f->ha[2] = a->half.z;
    f->hb[0] = b->half.x; f->hb[1] = b->half.y; f->hb[2] = b->half.z;
    f->pad = 4.0f * FLT_EPSILON *
             (tc_vec3_norm1(d) + f->ha[0] + f->ha[1] + f->ha[2] + f->hb[0] + f->hb[1] + f->hb[2]);
}

void tc_box_box_frame_init(tc_box_box_frame *f, const tc_obb *a, const tc_obb *b) { tc_box_box_frame_fill(f, a, b); }

bool tc_box_box_axis_gap(const tc_obb *a, const tc_obb *b, int axis, double *gap_out, tc_vec3 *unit_axis,
                         double *radius_a, double *radius_b)
{
    tc_vec3 ac[3], bc[3];
    tc_mat3_columns(&a->rotation, ac);
    tc_mat3_columns(&b->rotation, bc);
    double A[3][3], B[3][3], L[3];
    for (int k = 0; k < 3; ++k) {
        A[k][0] = ac[k].x; A[k][1] = ac[k].y; A[k][2] = ac[k].z;
        B[k][0] = bc[k].x; B[k][1] = bc[k].y; B[k][2] = bc[k].z;
    }
    if (axis < 3) {
        L[0] = A[axis][0]; L[1] = A[axis][1]; L[2] = A[axis][2];
    } else if (axis < 6) {
        L[0] = B[axis - 3][0]; L[1] = B[axis - 3][1]; L[2] = B[axis - 3][2];
    } else {
        /* Products of floats are exact in double; one rounding per component. */
        const double *u = A[(axis - 6) / 3], *v = B[(axis - 6) % 3];
        L[0] = u[1] * v[2] - u[2] * v[1];
        L[1] = u[2] * v[0] - u[0] * v[2];
        L[2] = u[0] * v[1] - u[1] * v[0];
    }
    double len2 = L[0] * L[0] + L[1] * L[1] + L[2] * L[2];
    /* Below this the direction is rounding noise (the edges are parallel to
     * double precision): the axis is undefined. */
    if (!(len2 > 1e-26)) return false;
    double inv = 1.0 / sqrt(len2);
    L[0] *= inv; L[1] *= inv; L[2] *= inv;
    double ha[3] = { a->half.x, a->half.y, a->half.z }, hb[3] = { b->half.x, b->half.y, b->half.z };
    double ra = 0.0, rb = 0.0;
    for (int k = 0; k < 3; ++k) {
        double da = A[k][0] * L[0] + A[k][1] * L[1] + A[k][2] * L[2];
        double db = B[k][0] * L[0] + B[k][1] * L[1] + B[k][2] * L[2];
        ra += ha[k] * (da < 0.0 ? -da : da);
        rb += hb[k] * (db < 0.0 ? -db : db);
    }
    /* Centre offset first (exact for nearby centres), then project. */
    double dt = ((double)b->center.x - a->center.x) * L[0] + ((double)b->center.y - a->center.y) * L[1] +
                ((double)b->center.z - a->center.z) * L[2];
    double sign = dt < 0.0 ? -1.0 : 1.0;
    if (gap_out) *gap_out = dt * sign - (ra + rb);
    if (unit_axis) *unit_axis = tc_vec3_make((float)(L[0] * sign), (float)(L[1] * sign), (float)(L[2] * sign));
    if (radius_a) *radius_a = ra;
    if (radius_b) *radius_b = rb;
    return true;
}

/* Exact re-test of a near-degenerate edge axis L = A_i x B_j. Whatever
 * direction the double cross product yields, the projections onto it are
 * computed from the world-space data with relative error near 1e-16, so the
 * test is a genuine separating-axis test; the pad (about 1e-14 of the pair's
 * size) covers that rounding. L is not normalised: both sides scale with
 * |L|, so the comparison is made on squares. A_i . L and B_j . L vanish
 * identically (a triple product with a repeated vector) and are left out. */
static bool tc_box_box_edge_separates_exact(const tc_obb *a, const tc_obb *b, float pad, int axis)
{
    const tc_vec3 ac[3] = { a->rotation.cx, a->rotation.cy, a->rotation.cz };
    const tc_vec3 bc[3] = { b->rotation.cx, b->rotation.cy, b->rotation.cz };
    const float ha[3] = { a->half.x, a->half.y, a->half.z }, hb[3] = { b->half.x, b->half.y, b->half.z };
    int i = (axis - 6) / 3, j = (axis - 6) % 3;
    tc_vec3 u = ac[i], v = bc[j];
    double lx = (double)u.y * v.z - (double)u.z * v.y;
    double ly = (double)u.z * v.x - (double)u.x * v.z;
    double lz = (double)u.x * v.y - (double)u.y * v.x;
    double len2 = lx * lx + ly * ly + lz * lz;
    if (!(len2 > 1e-26)) return false; /* parallel to double precision: undefined */
    double r = 0.0;
    for (int k = 0; k < 3; ++k) {
        if (k != i) {
            double p = ac[k].x * lx + ac[k].y * ly + ac[k].z * lz;
            r += ha[k] * (p < 0.0 ? -p : p);
        }
        if (k != j) {
            double p = bc[k].x * lx + bc[k].y * ly + bc[k].z * lz;
            r += hb[k] * (p < 0.0 ? -p : p);
        }
    }
    double t = ((double)b->center.x - a->center.x) * lx + ((double)b->center.y - a->center.y) * ly +
               ((double)b->center.z - a->center.z) * lz;
    double gap = (t < 0.0 ? -t : t) - r; /* times |L| */
    double margin = 1e-8 * (double)pad;
    return gap > 0.0 && gap * gap > margin * margin * len2;
}

void tc_box_box_frame_axis_gaps(const tc_box_box_frame *f, double gap[15], tc_vec3 unit[15], bool ok[15])
{
    const tc_mat3 *ra = &f->a->rotation, *rb = &f->b->rotation;
    const tc_vec3 ac[3] = { ra->cx, ra->cy, ra->cz }, bc[3] = { rb->cx, rb->cy, rb->cz };
    for (int i = 0; i < 3; ++i) {
        float r = f->ha[i] + f->hb[0] * f->ar[i][0] + f->hb[1] * f->ar[i][1] + f->hb[2] * f->ar[i][2];
        gap[i] = (double)tc_absf(f->t[i]) - (double)r;
        unit[i] = f->t[i] < 0.0f ? tc_vec3_neg(ac[i]) : ac[i];
        ok[i] = true;
    }
    for (int j = 0; j < 3; ++j) {
        float r = f->ha[0] * f->ar[0][j] + f->ha[1] * f->ar[1][j] + f->ha[2] * f->ar[2][j] + f->hb[j];
        float tb = f->t[0] * f->r[0][j] + f->t[1] * f->r[1][j] + f->t[2] * f->r[2][j];
        gap[3 + j] = (double)tc_absf(tb) - (double)r;
        unit[3 + j] = tb < 0.0f ? tc_vec3_neg(bc[j]) : bc[j];
        ok[3 + j] = true;
    }
    for (int i = 0; i < 3; ++i) {
        int i1 = i == 2 ? 0 : i + 1, i2 = i == 0 ? 2 : i - 1;
        for (int j = 0; j < 3; ++j) {
            int j1 = j == 2 ? 0 : j + 1, j2 = j == 0 ? 2 : j - 1, k = 6 + 3 * i + j;
            float len2 = f->r[i1][j] * f->r[i1][j] + f->r[i2][j] * f->r[i2][j];
            if (len2 < TC_SAT_EXACT_BELOW_LEN2) {
                /* Near-parallel: the float quantities lose their relative accuracy. */
                ok[k] = tc_box_box_axis_gap(f->a, f->b, k, &gap[k], &unit[k], NULL, NULL);
                continue;
            }
            float tl = f->t[i2] * f->r[i1][j] - f->t[i1] * f->r[i2][j];
            float r = f->ha[i1] * f->ar[i2][j] + f->ha[i2] * f->ar[i1][j] + f->hb[j1] * f->ar[i][j2] +
                      f->hb[j2] * f->ar[i][j1];
            double inv = 1.0 / sqrt((double)len2);
            gap[k] = ((double)tc_absf(tl) - (double)r) * inv;
            tc_vec3 L = tc_vec3_scale(tc_vec3_cross(ac[i], bc[j]), (float)inv);
            unit[k] = tl < 0.0f ? tc_vec3_neg(L) : L;
            ok[k] = true;
        }
    }
}

/* An edge axis whose cross product is below 1e-6 in length: parallel edges
 * within the band, skipped by the test (the other axes decide). */
static bool tc_box_box_axis_parallel(const tc_box_box_frame *f, int axis)
{
    if (axis < 6) return false;
    int i = (axis - 6) / 3, j = (axis - 6) % 3;
    int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    return f->r[i1][j] * f->r[i1][j] + f->r[i2][j] * f->r[i2][j] < TC_SAT_PARALLEL_BELOW_LEN2;
}

bool tc_box_box_axis_separates(const tc_box_box_frame *f, int axis)
{
    if (axis < 3) {
        int i = axis;
        float rb = f->hb[0] * f->ar[i][0] + f->hb[1] * f->ar[i][1] + f->hb[2] * f->ar[i][2];
        return tc_absf(f->t[i]) - (f->ha[i] + rb) > f->pad;
    }
    if (axis < 6) {
        int j = axis - 3;
        float ra = f->ha[0] * f->ar[0][j] + f->ha[1] * f->ar[1][j] + f->ha[2] * f->ar[2][j];
        float tb = f->t[0] * f->r[0][j] + f->t[1] * f->r[1][j] + f->t[2] * f->r[2][j];
        return tc_absf(tb) - (ra + f->hb[j]) > f->pad;
    }
    int i = (axis - 6) / 3, j = (axis - 6) % 3;
    int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
    float len2 = f->r[i1][j] * f->r[i1][j] + f->r[i2][j] * f->r[i2][j];
    if (len2 < TC_SAT_PARALLEL_BELOW_LEN2) return false; /* as in the full test */
    if (len2 < TC_SAT_EXACT_BELOW_LEN2) return tc_box_box_edge_separates_exact(f->a, f->b, f->pad, axis);
    float tl = f->t[i2] * f->r[i1][j] - f->t[i1] * f->r[i2][j];
    float ra = f->ha[i1] * f->ar[i2][j] + f->ha[i2] * f->ar[i1][j];
    float rb = f->hb[j1] * f->ar[i][j2] + f->hb[j2] * f->ar[i][j1];
    return tc_absf(tl) - (ra + rb) > f->pad;
}

/* Verdicts of the float tests as bit masks: faces (bits 0-5, axes 0-5),
 * edges (bits 0-8, axes 6-14) and which edge axes are near-parallel. */
typedef struct tc_sat_masks {
    unsigned faces, edges, near_parallel, parallel;
    float pad;
    float *sep;  /* NULL, or receives each axis' float separation (16, lane 15 spare) */
    float *len2; /* with sep: each edge axis' squared cross-product length (12) */
    float (*r)[4]; /* with sep: r[j][i] = A_i . B_j */
    float *t;      /* with sep: B's centre minus A's, in A's frame */
    float (*rt)[4]; /* with sep, when no face separates: rt[i][j] = A_i . B_j */
    float *tb;      /* with sep, when no face separates: t in B's frame */
    int edge;         /* with sep: tc_box_box_sat.edge */
    float edge_depth; /* with sep: tc_box_box_sat.edge_depth */
} tc_sat_masks;

/* The hot path evaluates the axes in groups without branches (A's face
 * axes, B's, then the nine edge axes; one branch after each face group, as
 * most apart pairs stop there) and collects the verdicts as bit masks: for
 * random poses, which axis separates is unpredictable, and a mispredicted
 * branch per axis costs more than the arithmetic it skips. With SSE the
 * three lanes of a group are the three values of j, each computed with
 * exactly the operations, in the order, of the scalar code below, so both
 * give bit-identical answers. */
#if TC_SAT_SIMD
#include <emmintrin.h>

#define TC_SHUF(v, a, b, c) _mm_shuffle_ps((v), (v), _MM_SHUFFLE(3, (c), (b), (a)))

/* Lane k of v, in every lane. */
#define TC_SPLAT(v, k) _mm_shuffle_ps((v), (v), _MM_SHUFFLE((k), (k), (k), (k)))

/* An OBB's 15 floats as vectors, loaded without reading past the struct:
 * centre and half extents with a stray fourth lane, and the three columns.
 * The fourth lanes are never part of a verdict. */
typedef struct tc_obb_lanes { __m128 center, half, c0, c1, c2; } tc_obb_lanes;

static inline tc_obb_lanes tc_obb_load(const tc_obb *b)
{
    const char *p = (const char *)b; /* 15 consecutive floats */
    tc_obb_lanes l;
    l.center = _mm_loadu_ps((const float *)p);
    l.half = _mm_loadu_ps((const float *)(p + 12));
    l.c0 = _mm_loadu_ps((const float *)(p + 24));
    l.c1 = _mm_loadu_ps((const float *)(p + 36));
    __m128 tail = _mm_loadu_ps((const float *)(p + 44)); /* c1.z, c2.x, c2.y, c2.z */
    l.c2 = _mm_shuffle_ps(tail, tail, _MM_SHUFFLE(3, 3, 2, 1));
    return l;
}

/* One row i of edge axes A_i x B_j (lane j) from R's rows i + 1 (r1) and
 * i + 2 (r2), their absolute values ar1, ar2 and row i's, ar: the float
 * separation s (|L| times the gap) and the squared length of L. */
typedef struct tc_edge_lanes { __m128 s, len2; } tc_edge_lanes;

TC_FORCE_INLINE tc_edge_lanes tc_edge_row(__m128 r1, __m128 r2, __m128 ar, __m128 ar1, __m128 ar2, __m128 t1, __m128 t2,
                                          __m128 ha1, __m128 ha2, __m128 hb1, __m128 hb2, __m128 sign)
{
    tc_edge_lanes e;
    e.len2 = _mm_add_ps(_mm_mul_ps(r1, r1), _mm_mul_ps(r2, r2));
    __m128 tl = _mm_sub_ps(_mm_mul_ps(t2, r1), _mm_mul_ps(t1, r2));
    __m128 ra = _mm_add_ps(_mm_mul_ps(ha1, ar2), _mm_mul_ps(ha2, ar1));
    __m128 rb = _mm_add_ps(_mm_mul_ps(hb1, TC_SHUF(ar, 2, 0, 1)), _mm_mul_ps(hb2, TC_SHUF(ar, 1, 2, 0)));
    e.s = _mm_sub_ps(_mm_and_ps(tl, sign), _mm_add_ps(ra, rb));
    return e;
}

/* The overlap -s / |L| of a row, infinite on near-parallel lanes and lane 3. */
TC_FORCE_INLINE __m128 tc_edge_overlap(tc_edge_lanes e, __m128 near, __m128 tiny)
{
    const __m128 inf = _mm_set1_ps(INFINITY), lane3 = _mm_castsi128_ps(_mm_set_epi32(-1, 0, 0, 0));
    __m128 o = _mm_div_ps(_mm_sub_ps(_mm_setzero_ps(), e.s), _mm_sqrt_ps(_mm_max_ps(e.len2, tiny)));
    __m128 skip = _mm_or_ps(near, lane3);
    return _mm_or_ps(_mm_and_ps(skip, inf), _mm_andnot_ps(skip, o));
}

/* Lanes 0-2 of three comparison masks as bits 0-8. */
TC_FORCE_INLINE unsigned tc_lanes3(__m128 m0, __m128 m1, __m128 m2)
{
    return ((unsigned)_mm_movemask_ps(m0) & 7u) | ((unsigned)_mm_movemask_ps(m1) & 7u) << 3 |
           ((unsigned)_mm_movemask_ps(m2) & 7u) << 6;
}

TC_FORCE_INLINE void tc_sat_masks_compute(const tc_obb *a, const tc_obb *b, tc_sat_masks *m)
{
    const __m128 sign = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    tc_obb_lanes la = tc_obb_load(a), lb = tc_obb_load(b);
    /* A's columns as rows (lane = i), transposed into Ax, Ay, Az. */
    __m128 a0 = la.c0, a1 = la.c1, a2 = la.c2, a3 = _mm_setzero_ps();
    _MM_TRANSPOSE4_PS(a0, a1, a2, a3);
    const __m128 ax = a0, ay = a1, az = a2;
    const __m128 bcol[3] = { lb.c0, lb.c1, lb.c2 };
    __m128 rc[3]; /* R columns: rc[j] lane i = A_i . B_j */
    for (int j = 0; j < 3; ++j) {
        rc[j] = _mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, TC_SPLAT(bcol[j], 0)), _mm_mul_ps(ay, TC_SPLAT(bcol[j], 1))),
                           _mm_mul_ps(az, TC_SPLAT(bcol[j], 2)));
    }
    __m128 dv = _mm_sub_ps(lb.center, la.center);
    __m128 t = _mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, TC_SPLAT(dv, 0)), _mm_mul_ps(ay, TC_SPLAT(dv, 1))),
                          _mm_mul_ps(az, TC_SPLAT(dv, 2)));
    if (m->sep) {
        for (int j = 0; j < 3; ++j) _mm_storeu_ps(m->r[j], rc[j]);
        _mm_storeu_ps(m->t, t);
    }
    tc_vec3 d = tc_vec3_sub(b->center, a->center);
    float pad = 4.0f * FLT_EPSILON *
                (tc_vec3_norm1(d) + a->half.x + a->half.y + a->half.z + b->half.x + b->half.y + b->half.z);
    __m128 vpad = _mm_set1_ps(pad);
    const __m128 ha = la.half, hb = lb.half;
    __m128 arc0 = _mm_and_ps(rc[0], sign), arc1 = _mm_and_ps(rc[1], sign), arc2 = _mm_and_ps(rc[2], sign);

    /* Face axes of A (lane i). */
    __m128 rb = _mm_add_ps(_mm_add_ps(_mm_mul_ps(TC_SPLAT(hb, 0), arc0), _mm_mul_ps(TC_SPLAT(hb, 1), arc1)),
                           _mm_mul_ps(TC_SPLAT(hb, 2), arc2));
    __m128 s = _mm_sub_ps(_mm_and_ps(t, sign), _mm_add_ps(ha, rb));
    if (m->sep) _mm_storeu_ps(m->sep, s);
    __m128 sep = _mm_cmpgt_ps(s, vpad);
    unsigned faces = (unsigned)_mm_movemask_ps(sep) & 7u;
    m->pad = pad;
    m->edges = m->near_parallel = m->parallel = 0;
    m->edge = -1;
    m->edge_depth = INFINITY;
    if (faces) {
        /* Apart on a face of A (about half of the apart pairs): the
         * verdict is the lowest such face, whatever B's faces say. */
        m->faces = faces;
        return;
    }

    /* R rows (lane j). */
    __m128 r0 = rc[0], r1 = rc[1], r2 = rc[2], r3 = _mm_setzero_ps();
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    const __m128 rr[3] = { r0, r1, r2 };
    const __m128 arr[3] = { _mm_and_ps(r0, sign), _mm_and_ps(r1, sign), _mm_and_ps(r2, sign) };
    const __m128 tsplat[3] = { TC_SPLAT(t, 0), TC_SPLAT(t, 1), TC_SPLAT(t, 2) };
    const __m128 hasplat[3] = { TC_SPLAT(ha, 0), TC_SPLAT(ha, 1), TC_SPLAT(ha, 2) };

    /* Face axes of B (lane j). */
    __m128 ra = _mm_add_ps(_mm_add_ps(_mm_mul_ps(hasplat[0], arr[0]), _mm_mul_ps(hasplat[1], arr[1])),
                           _mm_mul_ps(hasplat[2], arr[2]));
    __m128 tb = _mm_add_ps(_mm_add_ps(_mm_mul_ps(tsplat[0], rr[0]), _mm_mul_ps(tsplat[1], rr[1])),
                           _mm_mul_ps(tsplat[2], rr[2]));
    s = _mm_sub_ps(_mm_and_ps(tb, sign), _mm_add_ps(ra, hb));
    if (m->sep) _mm_storeu_ps(m->sep + 3, s);
    sep = _mm_cmpgt_ps(s, vpad);
    faces |= ((unsigned)_mm_movemask_ps(sep) & 7u) << 3;
    m->faces = faces;
    if (faces) return;
    if (m->sep) {
        for (int i = 0; i < 3; ++i) _mm_storeu_ps(m->rt[i], rr[i]);
        _mm_storeu_ps(m->tb, tb);
    }

    /* Edge axes A_i x B_j (lane j), one row of R's rows i + 1 and i + 2 per
     * i, written out three times: a loop indexing the rows would keep them
     * in memory. */
    const __m128 hb1 = TC_SHUF(hb, 1, 2, 0), hb2 = TC_SHUF(hb, 2, 0, 1);
    tc_edge_lanes e0 = tc_edge_row(rr[1], rr[2], arr[0], arr[1], arr[2], tsplat[1], tsplat[2], hasplat[1], hasplat[2],
                                   hb1, hb2, sign);
    tc_edge_lanes e1 = tc_edge_row(rr[2], rr[0], arr[1], arr[2], arr[0], tsplat[2], tsplat[0], hasplat[2], hasplat[0],
                                   hb1, hb2, sign);
    tc_edge_lanes e2 = tc_edge_row(rr[0], rr[1], arr[2], arr[0], arr[1], tsplat[0], tsplat[1], hasplat[0], hasplat[1],
                                   hb1, hb2, sign);
    const __m128 limit = _mm_set1_ps(TC_SAT_EXACT_BELOW_LEN2), tiny = _mm_set1_ps(TC_SAT_PARALLEL_BELOW_LEN2);
    __m128 near0 = _mm_cmplt_ps(e0.len2, limit), near1 = _mm_cmplt_ps(e1.len2, limit),
           near2 = _mm_cmplt_ps(e2.len2, limit);
    m->edges = tc_lanes3(_mm_cmpgt_ps(e0.s, vpad), _mm_cmpgt_ps(e1.s, vpad), _mm_cmpgt_ps(e2.s, vpad));
    m->near_parallel = tc_lanes3(near0, near1, near2);
    m->parallel = tc_lanes3(_mm_cmplt_ps(e0.len2, tiny), _mm_cmplt_ps(e1.len2, tiny), _mm_cmplt_ps(e2.len2, tiny));
    /* An edge axis that separates in float without needing the exact
     * re-test: the verdict is "apart" whatever else, and the contact reads
     * nothing more. */
    if (m->sep && !(m->edges & ~m->near_parallel)) {
        _mm_storeu_ps(m->sep + 6, e0.s);
        _mm_storeu_ps(m->sep + 9, e1.s);
        _mm_storeu_ps(m->sep + 12, e2.s);
        _mm_storeu_ps(m->len2, e0.len2);
        _mm_storeu_ps(m->len2 + 3, e1.len2);
        _mm_storeu_ps(m->len2 + 6, e2.len2);
        /* The overlap along the unit axis, as the scalar code: -s / |L|,
         * near-parallel axes (and the spare lane) at infinity. */
        __m128 o0 = tc_edge_overlap(e0, near0, tiny), o1 = tc_edge_overlap(e1, near1, tiny),
               o2 = tc_edge_overlap(e2, near2, tiny);
        __m128 best = _mm_min_ps(_mm_min_ps(o0, o1), o2);
        best = _mm_min_ps(best, _mm_shuffle_ps(best, best, _MM_SHUFFLE(2, 3, 0, 1)));
        best = _mm_min_ps(best, _mm_shuffle_ps(best, best, _MM_SHUFFLE(1, 0, 3, 2)));
        unsigned at = tc_lanes3(_mm_cmpeq_ps(o0, best), _mm_cmpeq_ps(o1, best), _mm_cmpeq_ps(o2, best));
        m->edge_depth = _mm_cvtss_f32(best);
        m->edge = m->edge_depth < INFINITY && at ? tc_lowest_bit(at) : -1;
    }
}
#else
TC_FORCE_INLINE void tc_sat_masks_compute(const tc_obb *a, const tc_obb *b, tc_sat_masks *m)
{
    tc_box_box_frame f;
    tc_box_box_frame_fill(&f, a, b);
    if (m->sep) {
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) m->r[j][i] = f.r[i][j];
            m->t[i] = f.t[i];
        }
        m->r[0][3] = m->r[1][3] = m->r[2][3] = m->t[3] = 0.0f;
    }
    unsigned faces = 0;
    for (int i = 0; i < 3; ++i) {
        float rb = f.hb[0] * f.ar[i][0] + f.hb[1] * f.ar[i][1] + f.hb[2] * f.ar[i][2];
        float s = tc_absf(f.t[i]) - (f.ha[i] + rb);
        if (m->sep) m->sep[i] = s;
        faces |= (unsigned)(s > f.pad) << i;
    }
    float tbs[3];
    for (int j = 0; j < 3; ++j) {
        float ra = f.ha[0] * f.ar[0][j] + f.ha[1] * f.ar[1][j] + f.ha[2] * f.ar[2][j];
        float tb = f.t[0] * f.r[0][j] + f.t[1] * f.r[1][j] + f.t[2] * f.r[2][j];
        float s = tc_absf(tb) - (ra + f.hb[j]);
        if (m->sep) m->sep[3 + j] = s;
        faces |= (unsigned)(s > f.pad) << (3 + j);
        tbs[j] = tb;
    }
    m->faces = faces;
    m->pad = f.pad;
    m->edges = m->near_parallel = m->parallel = 0;
    m->edge = -1;
    m->edge_depth = INFINITY;
    if (faces) return;
    if (m->sep) {
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) m->rt[i][j] = f.r[i][j];
            m->rt[i][3] = 0.0f;
            m->tb[i] = tbs[i];
        }
        m->tb[3] = 0.0f;
    }
    unsigned edges = 0, near_parallel = 0, parallel = 0;
    for (int i = 0; i < 3; ++i) {
        int i1 = i == 2 ? 0 : i + 1, i2 = i == 0 ? 2 : i - 1;
        for (int j = 0; j < 3; ++j) {
            int j1 = j == 2 ? 0 : j + 1, j2 = j == 0 ? 2 : j - 1;
            int k = 3 * i + j;
            float len2 = f.r[i1][j] * f.r[i1][j] + f.r[i2][j] * f.r[i2][j];
            float tl = f.t[i2] * f.r[i1][j] - f.t[i1] * f.r[i2][j];
            float ra = f.ha[i1] * f.ar[i2][j] + f.ha[i2] * f.ar[i1][j];
            float rb = f.hb[j1] * f.ar[i][j2] + f.hb[j2] * f.ar[i][j1];
            float s = tc_absf(tl) - (ra + rb);
            if (m->sep) {
                m->sep[6 + k] = s;
                m->len2[k] = len2;
            }
            edges |= (unsigned)(s > f.pad) << k;
            near_parallel |= (unsigned)(len2 < TC_SAT_EXACT_BELOW_LEN2) << k;
            parallel |= (unsigned)(len2 < TC_SAT_PARALLEL_BELOW_LEN2) << k;
            if (m->sep && !(len2 < TC_SAT_EXACT_BELOW_LEN2)) {
                float o = (0.0f - s) / sqrtf(len2); /* as the SIMD lanes: 0 - s, not -s (signed zero) */
                if (o < m->edge_depth) {
                    m->edge_depth = o;
                    m->edge = k;
                }
            }
        }
    }
    m->edges = edges;
    m->near_parallel = near_parallel;
    m->parallel = parallel;
}
#endif

/* The verdict from the masks: the first separating axis in the fixed order. */
static tc_sat_axis tc_sat_verdict(const tc_obb *a, const tc_obb *b, const tc_sat_masks *m)
{
    if (m->faces) return (tc_sat_axis)tc_lowest_bit(m->faces);
    /* Near-parallel axes take the exact verdict instead of the float one;
     * parallel ones (|L| < 1e-6) none: skipping an axis can only turn "apart"
     * into "touching", and with edges that parallel the other axes already
     * separate every pair more than about 1e-6 of the boxes' size apart. */
    unsigned edges = m->edges & ~m->near_parallel;
    unsigned first = edges ? (unsigned)tc_lowest_bit(edges) : 9u;
    unsigned exact = m->near_parallel & ~m->parallel & ((1u << first) - 1u);
    while (exact) {
        int k = tc_lowest_bit(exact);
        if (tc_box_box_edge_separates_exact(a, b, m->pad, 6 + k)) return (tc_sat_axis)(6 + k);
        exact &= exact - 1u;
    }
    return edges ? (tc_sat_axis)(6 + first) : TC_SAT_AXIS_NONE;
}

/* Every float of the OBB finite and small enough that the float test
 * cannot overflow: centre and half extents below 2^100 in magnitude,
 * rotation entries at most 2 (a valid rotation's are near 1). Read from the
 * bits, so a NaN or an infinity raises nothing. Then every product and sum
 * of the float test stays below 2^110. */
#define TC_SAT_FLOAT_RANGE_BITS 0x71800000u /* 2^100 */
#define TC_SAT_ROTATION_RANGE_BITS 0x40000000u /* 2.0 */
#if TC_SAT_SIMD
/* The same bounds on the bits four lanes at a time (the magnitudes' bits
 * compare as signed integers): floats 0-3, 4-7, 8-11 and 11-14. */
static inline bool tc_obb_below(const tc_obb *b, uint32_t range_bits)
{
    const char *p = (const char *)b;
    const __m128i mag = _mm_set1_epi32(0x7fffffff);
    const __m128i big = _mm_set1_epi32((int)range_bits - 1), rot = _mm_set1_epi32((int)TC_SAT_ROTATION_RANGE_BITS);
    const __m128i mixed = _mm_set_epi32((int)TC_SAT_ROTATION_RANGE_BITS, (int)TC_SAT_ROTATION_RANGE_BITS,
                                        (int)range_bits - 1, (int)range_bits - 1);
    __m128i v0 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)p), mag);
    __m128i v1 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), mag);
    __m128i v2 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), mag);
    __m128i v3 = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(p + 44)), mag);
    __m128i over = _mm_or_si128(_mm_or_si128(_mm_cmpgt_epi32(v0, big), _mm_cmpgt_epi32(v1, mixed)),
                                _mm_or_si128(_mm_cmpgt_epi32(v2, rot), _mm_cmpgt_epi32(v3, rot)));
    return _mm_movemask_epi8(over) == 0;
}

/* For a box in the float range (so finite): tc_obb_valid, i.e. no half
 * extent below zero. */
static inline bool tc_obb_valid_in_range(const tc_obb *b)
{
    __m128 neg = _mm_cmplt_ps(_mm_loadu_ps((const float *)(const void *)((const char *)b + 12)), _mm_setzero_ps());
    return (_mm_movemask_ps(neg) & 7) == 0;
}
#else
static inline bool tc_obb_below(const tc_obb *b, uint32_t range_bits)
{
    uint32_t u[15];
    memcpy(u, b, sizeof u); /* centre, half, then the three columns: 15 consecutive floats */
    uint32_t over = 0;
    for (int k = 0; k < 6; ++k) over |= (uint32_t)((u[k] & 0x7fffffffu) >= range_bits);
    for (int k = 6; k < 15; ++k) over |= (uint32_t)((u[k] & 0x7fffffffu) > TC_SAT_ROTATION_RANGE_BITS);
    return over == 0;
}

static inline bool tc_obb_valid_in_range(const tc_obb *b)
{
    return b->half.x >= 0.0f && b->half.y >= 0.0f && b->half.z >= 0.0f;
}
#endif

/* The float test's range. */
static inline bool tc_obb_in_float_range(const tc_obb *b) { return tc_obb_below(b, TC_SAT_FLOAT_RANGE_BITS); }

/* Valid boxes whose floats are out of the float test's range (huge centres,
 * sizes or rotation entries): all 15 axes in double precision, where no
 * finite float input can overflow. Same order and pad as the float test. */
static tc_sat_axis tc_box_box_separating_axis_double(const tc_obb *a, const tc_obb *b)
{
    double pad = 4.0 * FLT_EPSILON *
                 (fabs((double)b->center.x - a->center.x) + fabs((double)b->center.y - a->center.y) +
                  fabs((double)b->center.z - a->center.z) + (double)a->half.x + a->half.y + a->half.z +
                  b->half.x + b->half.y + b->half.z);
    for (int axis = 0; axis < TC_SAT_AXIS_COUNT; ++axis) {
        double gap;
        if (tc_box_box_axis_gap(a, b, axis, &gap, NULL, NULL, NULL) && gap > pad) return (tc_sat_axis)axis;
    }
    return TC_SAT_AXIS_NONE;
}

tc_sat_axis tc_box_box_separating_axis(const tc_obb *a, const tc_obb *b, tc_sat_axis hint)
{
    if (!tc_obb_in_float_range(a) || !tc_obb_in_float_range(b)) {
        /* Invalid boxes separate nothing; callers that care check validity. */
        if (!tc_obb_valid(a) || !tc_obb_valid(b)) return TC_SAT_AXIS_NONE;
        return tc_box_box_separating_axis_double(a, b);
    }
    if (hint > TC_SAT_AXIS_NONE && hint < TC_SAT_AXIS_COUNT) {
        tc_box_box_frame f;
        tc_box_box_frame_fill(&f, a, b);
        if (tc_box_box_axis_separates(&f, (int)hint)) return hint;
    }
    tc_sat_masks m;
    m.sep = m.len2 = m.t = m.tb = NULL;
    m.r = m.rt = NULL;
    tc_sat_masks_compute(a, b, &m);
    return tc_sat_verdict(a, b, &m);
}

bool tc_box_box_sat_pass(const tc_obb *a, const tc_obb *b, tc_box_box_sat *out)
{
    /* The float pass only on floats in the contact's range (read from the
     * bits): NaN, infinite or huge boxes (beyond 2^50) get no contact from
     * it; the caller takes a valid huge pair that overlaps (by
     * tc_overlap_obb_obb, the float test up to 2^100) in double. */
    out->in_range = tc_obb_below(a, TC_SAT_CONTACT_RANGE_BITS) && tc_obb_below(b, TC_SAT_CONTACT_RANGE_BITS);
    if (!out->in_range) return false;
    tc_sat_masks m;
    m.sep = out->sep;
    m.len2 = out->len2;
    m.r = out->r;
    m.t = out->t;
    m.rt = out->rt;
    m.tb = out->tb;
    tc_sat_masks_compute(a, b, &m);
    out->near_parallel = m.near_parallel;
    out->parallel = m.parallel;
    out->edge = m.edge;
    out->edge_depth = m.edge_depth;
    out->pad = m.pad;
    /* In range, the floats are finite: validity is the signs of the halves. */
    return tc_sat_verdict(a, b, &m) == TC_SAT_AXIS_NONE && tc_obb_valid_in_range(a) && tc_obb_valid_in_range(b);
}

tc_sat_axis tc_sat_obb_obb(const tc_obb *a, const tc_obb *b, tc_sat_axis hint)
{
    if (!TC_REQUIRE(a != NULL && b != NULL) || !tc_obb_is_valid(a) || !tc_obb_is_valid(b)) return TC_SAT_AXIS_COUNT;
    return tc_box_box_separating_axis(a, b, hint);
}

bool tc_overlap_obb_obb(const tc_obb *a, const tc_obb *b)
{
    /* The axis test reads the floats' range from their bits before any
     * arithmetic (and calls invalid boxes not separated), so full validity
     * is checked on the overlap path only. */
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    return tc_box_box_separating_axis(a, b, TC_SAT_AXIS_NONE) == TC_SAT_AXIS_NONE && tc_obb_valid(a) &&
           tc_obb_valid(b);
}

tc_sat_axis tc_sat_obb_obb_report(const tc_obb *a, const tc_obb *b, tc_sat_axis_report reports[15])
{
    if (!reports || !tc_obb_is_valid(a) || !tc_obb_is_valid(b)) return TC_SAT_AXIS_COUNT;
    tc_box_box_frame f;
    tc_box_box_frame_init(&f, a, b);
    tc_sat_axis first = TC_SAT_AXIS_NONE;
    for (int axis = 0; axis < TC_SAT_AXIS_COUNT; ++axis) {
        tc_sat_axis_report *r = &reports[axis];
        double gap, ra, rb;
        tc_vec3 unit;
        r->degenerate = !tc_box_box_axis_gap(a, b, axis, &gap, &unit, &ra, &rb) || tc_box_box_axis_parallel(&f, axis);
        if (r->degenerate) {
            r->axis = tc_vec3_zero();
            r->center_a = r->center_b = r->radius_a = r->radius_b = 0.0f;
        } else {
            r->axis = unit; /* oriented from A towards B */
            r->center_a = (float)((double)unit.x * a->center.x + (double)unit.y * a->center.y + (double)unit.z * a->center.z);
            r->center_b = (float)((double)unit.x * b->center.x + (double)unit.y * b->center.y + (double)unit.z * b->center.z);
            r->radius_a = (float)ra;
            r->radius_b = (float)rb;
        }
        r->separates = tc_box_box_axis_separates(&f, axis);
        if (r->separates && first == TC_SAT_AXIS_NONE) first = (tc_sat_axis)axis;
    }
    return first;
}
