/* SPDX-License-Identifier: MIT */
/* The one slab test: clip a ray (or segment) against an axis-aligned box by
 * intersecting its parameter interval with each axis's slab (Kay and Kajiya,
 * 1986). Shared by the AABB and OBB ray casts, the capsule-box overlap and
 * the AABB tree's ray traversal.
 *
 * A direction component that is zero (or denormal, whose reciprocal would
 * overflow, or not finite) means the ray is parallel to that slab: it is inside the slab for
 * every t when its origin is (closed bounds: an origin on a face counts), and
 * nowhere otherwise. This avoids the 0 * infinity = NaN of the textbook
 * version when the origin lies exactly on a slab plane. */
#ifndef TOUCHE_QUERIES_SLAB_H
#define TOUCHE_QUERIES_SLAB_H

#include <touche/vecmath.h>

#include "core/float.h"
#include "core/inline.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#define TC_SLAB_SIMD 1
#include <emmintrin.h>
#else
#define TC_SLAB_SIMD 0
#endif

typedef struct tc_slab_ray {
    tc_vec3 origin;
    float dir[3];
    float inv[3];     /* 1/dir, or 0 where the ray is parallel to the slab */
    bool parallel;    /* some inv is 0: tc_slab_enter does not apply */
} tc_slab_ray;

static inline tc_slab_ray tc_slab_ray_make(tc_vec3 origin, tc_vec3 dir)
{
    TC_FP_STRICT /* the guarded reciprocals below stay guarded */
    tc_slab_ray r;
    r.origin = origin;
    r.dir[0] = dir.x; r.dir[1] = dir.y; r.dir[2] = dir.z;
    for (int k = 0; k < 3; ++k) {
        /* normal (not zero, denormal, infinite or NaN), read from the
         * exponent bits so a NaN is never compared; the reciprocal of a
         * normal number is at most 2^126: no overflow */
        const uint32_t e = tc_float_bits(r.dir[k]) & TC_FLOAT_EXPONENT_BITS;
        r.inv[k] = e != 0u && e != TC_FLOAT_EXPONENT_BITS ? 1.0f / r.dir[k] : 0.0f;
    }
    r.parallel = r.inv[0] == 0.0f || r.inv[1] == 0.0f || r.inv[2] == 0.0f;
    return r;
}

/* Could the float slab arithmetic of ray r against boxes whose coordinates
 * are at most mag in magnitude overflow? Offsets of up to twice the
 * magnitudes times the largest reciprocal beyond 2^126, or coordinates
 * whose padded differences leave the float range. In double: mag may
 * include a large pad. */
static inline bool tc_slab_ray_is_wide(const tc_slab_ray *r, double mag)
{
    const float inv = tc_maxf(tc_absf(r->inv[0]), tc_maxf(tc_absf(r->inv[1]), tc_absf(r->inv[2])));
    return !(mag <= 0x1p120) || 2.0 * mag * inv >= 0x1p126;
}

/* tc_slab_clip in double, for a wide ray or box (tc_slab_ray_is_wide), on
 * the box [lo - pad, hi + pad]: no float input overflows there, and the
 * offsets are divided by the direction (exact but for one rounding) rather
 * than multiplied by its rounded reciprocal. An infinite box bound or t
 * gives infinite offsets, never NaN (pad is finite). Rare (rays and boxes
 * near the end of the float range, or a direction component below about
 * 2^-100), so one plain loop. */
static inline bool tc_slab_clip_double(const tc_slab_ray *r, tc_vec3 lo, tc_vec3 hi, double pad, double *t0,
                                       double *t1, int *enter_axis)
{
    TC_FP_STRICT /* the division stays behind its parallel test */
    const double o[3] = { r->origin.x, r->origin.y, r->origin.z };
    const double l[3] = { lo.x, lo.y, lo.z }, h[3] = { hi.x, hi.y, hi.z };
    double tn = *t0, tf = *t1;
    for (int k = 0; k < 3; ++k) {
        const double a = l[k] - pad, b = h[k] + pad;
        if (r->inv[k] == 0.0f) {
            if (o[k] < a || o[k] > b) return false;
            continue;
        }
        double ta = (a - o[k]) / r->dir[k], tb = (b - o[k]) / r->dir[k];
        if (r->dir[k] < 0.0f) {
            const double tmp = ta;
            ta = tb;
            tb = tmp;
        }
        if (ta > tn) {
            tn = ta;
            if (enter_axis) *enter_axis = k;
        }
        if (tb < tf) tf = tb;
        if (tn > tf) return false;
    }
    *t0 = tn;
    *t1 = tf;
    return true;
}

/* Intersects [*t0, *t1] with the ray's interval inside [bmin, bmax]. Returns
 * false when it becomes empty. *enter_axis (may be NULL) is set to the axis
 * whose slab raised *t0, or left unchanged when none did. */
static inline bool tc_slab_clip(const tc_slab_ray *r, tc_vec3 bmin, tc_vec3 bmax, float *t0, float *t1, int *enter_axis)
{
    const float o[3] = { r->origin.x, r->origin.y, r->origin.z };
    const float lo[3] = { bmin.x, bmin.y, bmin.z }, hi[3] = { bmax.x, bmax.y, bmax.z };
    float tn = *t0, tf = *t1;
    for (int k = 0; k < 3; ++k) {
        if (r->inv[k] == 0.0f) {
            if (o[k] < lo[k] || o[k] > hi[k]) return false;
            continue;
        }
        float ta = (lo[k] - o[k]) * r->inv[k], tb = (hi[k] - o[k]) * r->inv[k];
        if (r->inv[k] < 0.0f) {
            float tmp = ta; ta = tb; tb = tmp;
        }
        if (ta > tn) {
            tn = ta;
            if (enter_axis) *enter_axis = k;
        }
        if (tb < tf) tf = tb;
        if (tn > tf) return false;
    }
    *t0 = tn;
    *t1 = tf;
    return true;
}

/* tc_slab_clip for a ray parallel to no slab (!r->parallel) and a box with
 * min <= max on every axis, without branches: the same sums and products,
 * each axis's entry and exit picked by the sign of its reciprocal (as the
 * swap does), the same running maximum and minimum in the same order (a
 * later axis raises *enter_axis only when strictly later). One check at
 * the end stands for the check after each axis: the entry only grows and
 * the exit only shrinks. The same answers to the bit; on a miss nothing is
 * written (tc_slab_clip may have set *enter_axis). */
static inline bool tc_slab_clip_fast(const tc_slab_ray *r, tc_vec3 bmin, tc_vec3 bmax, float *t0, float *t1,
                                     int *enter_axis)
{
    const float o[3] = { r->origin.x, r->origin.y, r->origin.z };
    const float lo[3] = { bmin.x, bmin.y, bmin.z }, hi[3] = { bmax.x, bmax.y, bmax.z };
    float tn = *t0, tf = *t1;
    int axis = enter_axis ? *enter_axis : -1;
    for (int k = 0; k < 3; ++k) {
        const float a = (lo[k] - o[k]) * r->inv[k], b = (hi[k] - o[k]) * r->inv[k];
        const bool down = r->inv[k] < 0.0f;
        const float ta = down ? b : a, tb = down ? a : b;
        axis = ta > tn ? k : axis;
        tn = ta > tn ? ta : tn;
        tf = tb < tf ? tb : tf;
    }
    if (tn > tf) return false;
    *t0 = tn;
    *t1 = tf;
    if (enter_axis) *enter_axis = axis;
    return true;
}

/* The same test for one ray against many boxes (a tree traversal), when
 * the ray is parallel to no slab (!r->parallel; otherwise use
 * tc_slab_clip): clips [0, t_max] and gives the entry t. Same arithmetic
 * and the same answers as tc_slab_clip, without its branches: each axis's
 * entry and exit are the min and max of its two plane crossings, which
 * with finite boxes and a finite reciprocal are never NaN. */
static inline bool tc_slab_enter(const tc_slab_ray *r, const tc_aabb *b, float t_max, float *t_enter)
{
    const float ax = (b->min.x - r->origin.x) * r->inv[0], bx = (b->max.x - r->origin.x) * r->inv[0];
    const float ay = (b->min.y - r->origin.y) * r->inv[1], by = (b->max.y - r->origin.y) * r->inv[1];
    const float az = (b->min.z - r->origin.z) * r->inv[2], bz = (b->max.z - r->origin.z) * r->inv[2];
    const float tn = tc_maxf(tc_maxf(tc_minf(ax, bx), tc_minf(ay, by)), tc_maxf(tc_minf(az, bz), 0.0f));
    const float tf = tc_minf(tc_minf(tc_maxf(ax, bx), tc_maxf(ay, by)), tc_minf(tc_maxf(az, bz), t_max));
    *t_enter = tn;
    return tn <= tf;
}

/* tc_slab_enter for two boxes at once (a tree node's two children, which
 * share a cache line): bit 0 of the result says whether the ray enters a,
 * bit 1 whether it enters b, and t_enter[] gives their entry t. With SSE2
 * the two boxes go through together, one axis per lane; the lanes hold the
 * same sums, products, minima and maxima as the scalar code (SSE min/max
 * pick exactly as tc_minf/tc_maxf do), so which boxes are entered is the
 * same bit for bit. Only the order of the final maxima differs, which can
 * turn an entry t of -0 into +0: equal for every comparison. */
static inline unsigned tc_slab_enter2(const tc_slab_ray *r, const tc_aabb *a, const tc_aabb *b, float t_max,
                                      float t_enter[2])
{
#if TC_SLAB_SIMD
    /* lanes x, y, z, z: the fourth repeats z, so reducing over all four
     * lanes gives the three-axis answer */
    const __m128 o = _mm_setr_ps(r->origin.x, r->origin.y, r->origin.z, r->origin.z);
    const __m128 inv = _mm_setr_ps(r->inv[0], r->inv[1], r->inv[2], r->inv[2]);
    /* min.x .. max.x and min.z .. max.z: two loads inside each box */
    const __m128 a_lo = _mm_loadu_ps(&a->min.x), a_hi = _mm_loadu_ps(&a->min.z);
    const __m128 b_lo = _mm_loadu_ps(&b->min.x), b_hi = _mm_loadu_ps(&b->min.z);
    const __m128 a0 = _mm_mul_ps(_mm_sub_ps(_mm_shuffle_ps(a_lo, a_lo, _MM_SHUFFLE(2, 2, 1, 0)), o), inv);
    const __m128 a1 = _mm_mul_ps(_mm_sub_ps(_mm_shuffle_ps(a_hi, a_hi, _MM_SHUFFLE(3, 3, 2, 1)), o), inv);
    const __m128 b0 = _mm_mul_ps(_mm_sub_ps(_mm_shuffle_ps(b_lo, b_lo, _MM_SHUFFLE(2, 2, 1, 0)), o), inv);
    const __m128 b1 = _mm_mul_ps(_mm_sub_ps(_mm_shuffle_ps(b_hi, b_hi, _MM_SHUFFLE(3, 3, 2, 1)), o), inv);
    const __m128 an = _mm_min_ps(a0, a1), af = _mm_max_ps(a0, a1);
    const __m128 bn = _mm_min_ps(b0, b1), bf = _mm_max_ps(b0, b1);
    /* per box: the largest entry (with 0) and the smallest exit (with
     * t_max), box a in lane 0 and box b in lane 1 */
    __m128 n = _mm_max_ps(_mm_unpacklo_ps(an, bn), _mm_unpackhi_ps(an, bn));
    n = _mm_max_ps(_mm_max_ps(n, _mm_movehl_ps(n, n)), _mm_setzero_ps());
    __m128 f = _mm_min_ps(_mm_unpacklo_ps(af, bf), _mm_unpackhi_ps(af, bf));
    f = _mm_min_ps(_mm_min_ps(f, _mm_movehl_ps(f, f)), _mm_set1_ps(t_max));
    t_enter[0] = _mm_cvtss_f32(n);
    t_enter[1] = _mm_cvtss_f32(_mm_shuffle_ps(n, n, _MM_SHUFFLE(1, 1, 1, 1)));
    return (unsigned)_mm_movemask_ps(_mm_cmple_ps(n, f)) & 3u;
#else
    const unsigned ha = tc_slab_enter(r, a, t_max, &t_enter[0]) ? 1u : 0u;
    const unsigned hb = tc_slab_enter(r, b, t_max, &t_enter[1]) ? 2u : 0u;
    return ha | hb;
#endif
}

/* ---- four boxes at once: a wide tree node ------------------------------- */

/* A ray prepared for tc_slab_enter4, which tests the four boxes of a wide
 * tree node stored axis by axis (tc_slab_box4), each grown by `pad` on
 * every side. The growth costs nothing per box: the near plane of an axis
 * is its min when the ray goes up it (its max when down), and
 * (min - pad) - o = min - (o + pad) up to rounding, so the origin is moved
 * instead, per axis, once per ray. That rounding is why the growth is only
 * "about pad": a caller that needs the boxes grown by at least some amount
 * passes a pad with room for one rounding of the origin (see the world's
 * ray index). At the end of the float range a moved origin may overflow to
 * an infinity: then only towards a plane's far side (the far t becomes
 * infinite, or the near t minus infinity), which keeps the test
 * conservative; but an inside-out box's infinite planes then give NaN, so
 * a traversal must not trust its unused lanes' bits. */
typedef struct tc_slab_ray4 {
    const tc_slab_ray *ray;
    float pad;
    float inv[3];
    float o_near[3], o_far[3];  /* the origin moved by -+pad along each axis's direction */
    int near[3], far[3];        /* rows of tc_slab_box4.b holding each axis's near and far planes */
    int octant;                 /* bit k: the ray goes down axis k (its near plane there is the max) */
    bool parallel;              /* as ray->parallel: tc_slab_enter4 then clips box by box */
#if TC_SLAB_SIMD
    __m128 inv4[3], o_near4[3], o_far4[3]; /* the same, in every lane */
#endif
} tc_slab_ray4;

/* Four boxes by axis: b[k][j] is the min along axis k of box j, b[3 + k][j]
 * its max. An unused lane holds an inside-out box (min +inf, max -inf),
 * which no ray enters. */
typedef struct tc_slab_box4 {
    float b[6][4];
} tc_slab_box4;

static inline tc_slab_ray4 tc_slab_ray4_make(const tc_slab_ray *r, float pad)
{
    tc_slab_ray4 q;
    const float o[3] = { r->origin.x, r->origin.y, r->origin.z };
    q.ray = r;
    q.pad = pad;
    q.parallel = r->parallel;
    q.octant = 0;
    for (int k = 0; k < 3; ++k) {
        const bool down = r->inv[k] < 0.0f;
        q.inv[k] = r->inv[k];
        q.near[k] = down ? 3 + k : k;
        q.octant |= down ? 1 << k : 0;
        q.far[k] = down ? k : 3 + k;
        q.o_near[k] = down ? o[k] - pad : o[k] + pad;
        q.o_far[k] = down ? o[k] + pad : o[k] - pad;
#if TC_SLAB_SIMD
        q.inv4[k] = _mm_set1_ps(q.inv[k]);
        q.o_near4[k] = _mm_set1_ps(q.o_near[k]);
        q.o_far4[k] = _mm_set1_ps(q.o_far[k]);
#endif
    }
    return q;
}

/* tc_slab_enter for the four boxes of `box` (grown by about q->pad): bit j
 * of the result says whether the ray enters box j within [0, t_max], and
 * t_enter[j] gives the entry t. With SSE2 the four boxes go through
 * together, one box per lane, with the same operations in the same order as
 * the scalar code (SSE min/max pick exactly as tc_minf/tc_maxf do): the
 * same bits. A ray parallel to some slab takes tc_slab_clip box by box,
 * on the boxes grown by q->pad explicitly. */
/* The same for a ray known to go the way `octant` says (q->octant, or -1
 * for a ray parallel to some slab): with the octant a constant, a traversal
 * copied once per octant reads each axis's planes at fixed places. */
TC_FORCE_INLINE unsigned tc_slab_enter4_octant(const tc_slab_ray4 *q, const tc_slab_box4 *box, float t_max,
                                               float t_enter[4], const int octant)
{
    if (octant < 0) {
        unsigned m = 0;
        const tc_vec3 p3 = tc_vec3_make(q->pad, q->pad, q->pad);
        for (int j = 0; j < 4; ++j) {
            const tc_vec3 lo = tc_vec3_make(box->b[0][j], box->b[1][j], box->b[2][j]);
            const tc_vec3 hi = tc_vec3_make(box->b[3][j], box->b[4][j], box->b[5][j]);
            float t0 = 0.0f, t1 = t_max;
            if (tc_slab_clip(q->ray, tc_vec3_sub(lo, p3), tc_vec3_add(hi, p3), &t0, &t1, NULL)) m |= 1u << j;
            t_enter[j] = t0;
        }
        return m;
    }
    int near[3], far[3];
    for (int k = 0; k < 3; ++k) {
        near[k] = (octant >> k) & 1 ? 3 + k : k;
        far[k] = (octant >> k) & 1 ? k : 3 + k;
    }
#if TC_SLAB_SIMD
    __m128 n = _mm_setzero_ps(), f = _mm_set1_ps(t_max);
    __m128 tn[3], tf[3];
    for (int k = 0; k < 3; ++k) {
        tn[k] = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(box->b[near[k]]), q->o_near4[k]), q->inv4[k]);
        tf[k] = _mm_mul_ps(_mm_sub_ps(_mm_loadu_ps(box->b[far[k]]), q->o_far4[k]), q->inv4[k]);
    }
    n = _mm_max_ps(_mm_max_ps(tn[0], tn[1]), _mm_max_ps(tn[2], n));
    f = _mm_min_ps(_mm_min_ps(tf[0], tf[1]), _mm_min_ps(tf[2], f));
    _mm_storeu_ps(t_enter, n);
    return (unsigned)_mm_movemask_ps(_mm_cmple_ps(n, f));
#else
    unsigned m = 0;
    for (int j = 0; j < 4; ++j) {
        float tn[3], tf[3];
        for (int k = 0; k < 3; ++k) {
            tn[k] = (box->b[near[k]][j] - q->o_near[k]) * q->inv[k];
            tf[k] = (box->b[far[k]][j] - q->o_far[k]) * q->inv[k];
        }
        const float n = tc_maxf(tc_maxf(tn[0], tn[1]), tc_maxf(tn[2], 0.0f));
        const float f = tc_minf(tc_minf(tf[0], tf[1]), tc_minf(tf[2], t_max));
        t_enter[j] = n;
        m |= n <= f ? 1u << j : 0u;
    }
    return m;
#endif
}

static inline unsigned tc_slab_enter4(const tc_slab_ray4 *q, const tc_slab_box4 *box, float t_max, float t_enter[4])
{
    return tc_slab_enter4_octant(q, box, t_max, t_enter, q->parallel ? -1 : q->octant);
}

#endif
