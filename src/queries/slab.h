/* The one slab test: clip a ray (or segment) against an axis-aligned box by
 * intersecting its parameter interval with each axis's slab (Kay and Kajiya,
 * 1986). Shared by the AABB and OBB ray casts, the capsule-box overlap and
 * the AABB tree's ray traversal.
 *
 * A direction component that is zero (or denormal, whose reciprocal would
 * overflow) means the ray is parallel to that slab: it is inside the slab for
 * every t when its origin is (closed bounds: an origin on a face counts), and
 * nowhere otherwise. This avoids the 0 * infinity = NaN of the textbook
 * version when the origin lies exactly on a slab plane. */
#ifndef TOUCHE_QUERIES_SLAB_H
#define TOUCHE_QUERIES_SLAB_H

#include <touche/math.h>

#include "core/float.h"

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
    tc_slab_ray r;
    r.origin = origin;
    r.dir[0] = dir.x; r.dir[1] = dir.y; r.dir[2] = dir.z;
    for (int k = 0; k < 3; ++k) r.inv[k] = tc_absf(r.dir[k]) >= FLT_MIN ? 1.0f / r.dir[k] : 0.0f;
    r.parallel = r.inv[0] == 0.0f || r.inv[1] == 0.0f || r.inv[2] == 0.0f;
    return r;
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

#endif
