/* SPDX-License-Identifier: MIT */
/* The float support of a hull pair (hull_pair.h) as inline functions: the
 * vertex scans (four-wide, and eight- or sixteen-wide where the processor
 * has them) and the pair support's body, for hull_pair.c and for the runs
 * that inline the support into their own loop (gjk_overlap.c: a call, its
 * set-up and its spills were some 60 of a support's 370 instructions).
 * Private header. */
#ifndef TOUCHE_QUERIES_HULL_PAIR_SUPPORT_H
#define TOUCHE_QUERIES_HULL_PAIR_SUPPORT_H

#include "queries/hull_pair.h"

#include "core/inline.h"
#include "shapes/hull_internal.h"

#include <string.h>

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
#define TC_HULL_PAIR_SSE 1
/* Where the compiler can build a function for AVX-512 (or AVX2) alone and
 * ask the processor at run time, the scan takes sixteen (or eight)
 * vertices a step: a 32-vertex hull is two steps (or four), against eight
 * four-wide ones. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TC_HULL_PAIR_AVX512 1
#endif
#endif

/* Above this many vertices the float support climbs the vertex graph. */
#define TC_HULL_SCAN_MAX 128

#ifdef TC_HULL_PAIR_AVX512
/* The four-wide scan's answer, sixteen lanes wide: the same products and
 * sums in the same order, so the same floats; the first vertex holding the
 * largest of them. Lanes past the count are masked off (a masked load reads
 * nothing there), so the padding is never read. One pass: each lane keeps
 * its first largest and where it was (a strict >), and the answer is the
 * lowest place among the lanes holding the largest, which is the first
 * vertex holding it. A NaN projection (a vertex of an overflowing size)
 * takes the two passes, whose max chain decides those ties. */
__attribute__((target("avx512f"))) static inline int32_t scan16(const float *xs, const float *ys, const float *zs,
                                                          int32_t n, float dx, float dy, float dz)
{
    const __m512 vx = _mm512_set1_ps(dx), vy = _mm512_set1_ps(dy), vz = _mm512_set1_ps(dz);
#define TC_HULL_PROJ16(i, m)                                                                                       \
    _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps((m), xs + (i)), vx),                         \
                                _mm512_mul_ps(_mm512_maskz_loadu_ps((m), ys + (i)), vy)),                        \
                  _mm512_mul_ps(_mm512_maskz_loadu_ps((m), zs + (i)), vz))
#define TC_HULL_MASK16(i) ((__mmask16)(n - (i) >= 16 ? 0xffffu : (1u << (n - (i))) - 1u))
    __m512 best = _mm512_set1_ps(-INFINITY);
    __m512i at = _mm512_setzero_si512(), lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __mmask16 nan = 0;
    for (int32_t i = 0; i < n; i += 16) {
        __mmask16 m = TC_HULL_MASK16(i);
        __m512 p = TC_HULL_PROJ16(i, m);
        __mmask16 up = _mm512_mask_cmp_ps_mask(m, p, best, _CMP_GT_OQ);
        nan |= _mm512_mask_cmp_ps_mask(m, p, p, _CMP_UNORD_Q);
        best = _mm512_mask_mov_ps(best, up, p);
        at = _mm512_mask_mov_epi32(at, up, _mm512_add_epi32(lane, _mm512_set1_epi32(i)));
    }
    if (!nan) {
        __mmask16 top = _mm512_cmp_ps_mask(best, _mm512_set1_ps(_mm512_reduce_max_ps(best)), _CMP_EQ_OQ);
        return _mm512_mask_reduce_min_epi32(top, at);
    }
    best = _mm512_set1_ps(-INFINITY);
    for (int32_t i = 0; i < n; i += 16) {
        __mmask16 m = TC_HULL_MASK16(i);
        best = _mm512_mask_max_ps(best, m, best, TC_HULL_PROJ16(i, m));
    }
    const __m512 top = _mm512_set1_ps(_mm512_reduce_max_ps(best));
    for (int32_t i = 0; i < n; i += 16) {
        __mmask16 m = TC_HULL_MASK16(i);
        unsigned e = (unsigned)_mm512_mask_cmp_ps_mask(m, TC_HULL_PROJ16(i, m), top, _CMP_EQ_OQ);
        if (e) return i + __builtin_ctz(e);
    }
#undef TC_HULL_MASK16
#undef TC_HULL_PROJ16
    return 0; /* no largest (a NaN projection): any vertex is as good */
}

/* The same answer eight lanes wide, for processors with AVX2 but not
 * AVX-512: one pass as scan16's, each lane keeping its first largest and
 * where it was (a strict >), then the lowest place among the lanes holding
 * the largest. The products and sums are the four-wide scan's, in its
 * order, so the same floats and, when every projection is a number, the
 * same first vertex holding the largest. n is the padded count, a multiple
 * of 8: a padding lane holds vertex 0's projection, so it holds the
 * largest only when vertex 0 does, at a lower place. A NaN projection
 * answers -1: the four-wide scan then decides, its max chain settling
 * those cases as it always has. Two 32-vertex scans were some 340
 * instructions of a hull-hull support in four-wide steps (callgrind: a
 * max pass, then a search pass); one pass of four steps here. Up to 32
 * vertices, the four steps' projections are all held at once: their
 * largest, then the first of the 32 places holding it, from four
 * comparisons' bits (no places to carry, nothing stored; a step past n
 * repeats the first, whose places come first): a 32-vertex scan 75 -> 50
 * instructions. */
__attribute__((target("avx2"))) static inline int32_t scan8(const float *xs, const float *ys, const float *zs, int32_t n,
                                                      float dx, float dy, float dz)
{
    const __m256 vx = _mm256_set1_ps(dx), vy = _mm256_set1_ps(dy), vz = _mm256_set1_ps(dz);
#define TC_HULL_PROJ8(i)                                                                                           \
    _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(xs + (i)), vx), _mm256_mul_ps(_mm256_loadu_ps(ys + (i)), vy)), \
                  _mm256_mul_ps(_mm256_loadu_ps(zs + (i)), vz))
    if (n <= 32) {
        const __m256 p0 = TC_HULL_PROJ8(0);
        const __m256 p1 = n > 8 ? TC_HULL_PROJ8(8) : p0;
        const __m256 p2 = n > 16 ? TC_HULL_PROJ8(16) : p0;
        const __m256 p3 = n > 24 ? TC_HULL_PROJ8(24) : p0;
        /* unordered: either operand a NaN */
        if (_mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(p0, p1, _CMP_UNORD_Q), _mm256_cmp_ps(p2, p3, _CMP_UNORD_Q))))
            return -1;
        __m256 m = _mm256_max_ps(_mm256_max_ps(p0, p1), _mm256_max_ps(p2, p3));
        m = _mm256_max_ps(m, _mm256_permute2f128_ps(m, m, 1));
        m = _mm256_max_ps(m, _mm256_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
        m = _mm256_max_ps(m, _mm256_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
        const unsigned e = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(p0, m, _CMP_EQ_OQ)) |
                           (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(p1, m, _CMP_EQ_OQ)) << 8 |
                           (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(p2, m, _CMP_EQ_OQ)) << 16 |
                           (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(p3, m, _CMP_EQ_OQ)) << 24;
        return __builtin_ctz(e);
    }
    const __m256i eight = _mm256_set1_epi32(8);
    __m256i place = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), at = place;
    __m256 best = TC_HULL_PROJ8(0);
    __m256 nan = _mm256_cmp_ps(best, best, _CMP_UNORD_Q);
    for (int32_t i = 8; i < n; i += 8) {
        place = _mm256_add_epi32(place, eight);
        const __m256 p = TC_HULL_PROJ8(i);
        const __m256 up = _mm256_cmp_ps(p, best, _CMP_GT_OQ);
        nan = _mm256_or_ps(nan, _mm256_cmp_ps(p, p, _CMP_UNORD_Q));
        best = _mm256_blendv_ps(best, p, up);
        at = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(at), _mm256_castsi256_ps(place), up));
    }
    if (_mm256_movemask_ps(nan)) return -1;
    /* the largest in every lane, then the lowest place among the lanes holding it */
    __m256 top = _mm256_max_ps(best, _mm256_permute2f128_ps(best, best, 1));
    top = _mm256_max_ps(top, _mm256_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
    top = _mm256_max_ps(top, _mm256_shuffle_ps(top, top, _MM_SHUFFLE(2, 3, 0, 1)));
    unsigned holds = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(best, top, _CMP_EQ_OQ));
    int32_t places[8];
    _mm256_storeu_si256((__m256i *)places, at);
    int32_t k = places[__builtin_ctz(holds)];
    for (holds &= holds - 1; holds; holds &= holds - 1) {
        const int32_t q = places[__builtin_ctz(holds)];
        k = q < k ? q : k;
    }
    return k;
#undef TC_HULL_PROJ8
}
#endif

/* tc_hull_data_support_index_f's body, inlined into the pair support: a
 * call per hull and its set-up were some 38 instructions of a 32-vertex
 * scan's 120 (callgrind). */
TC_FORCE_INLINE int32_t scan_index(const tc_hull_data *h, float dx, float dy, float dz)
{
    /* a large hull: the double support's climb, on the float direction */
    if (h->vertex_count > TC_HULL_SCAN_MAX) return tc_hull_data_support_index(h, dx, dy, dz);
    const int32_t n = h->soa_stride;
    const float *xs = h->soa, *ys = xs + n, *zs = ys + n;
#ifdef TC_HULL_PAIR_AVX512
    if (__builtin_cpu_supports("avx512f")) return scan16(xs, ys, zs, h->vertex_count, dx, dy, dz);
    if (__builtin_cpu_supports("avx2")) {
        const int32_t k = scan8(xs, ys, zs, n, dx, dy, dz);
        if (k >= 0) return k;
    }
#endif
#ifdef TC_HULL_PAIR_SSE
    /* The largest projection first, then the first block holding it: the
     * scalar loop's first largest. The products and sums are the scalar
     * loop's, in its order, so the values are the same floats. */
    const __m128 vx = _mm_set1_ps(dx), vy = _mm_set1_ps(dy), vz = _mm_set1_ps(dz);
#define TC_HULL_PROJ4(i)                                                                                           \
    _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(xs + (i)), vx), _mm_mul_ps(_mm_loadu_ps(ys + (i)), vy)),     \
               _mm_mul_ps(_mm_loadu_ps(zs + (i)), vz))
    __m128 best = TC_HULL_PROJ4(0);
    for (int32_t i = 4; i < n; i += 4) best = _mm_max_ps(best, TC_HULL_PROJ4(i));
    best = _mm_max_ps(best, _mm_shuffle_ps(best, best, _MM_SHUFFLE(2, 3, 0, 1)));
    best = _mm_max_ps(best, _mm_shuffle_ps(best, best, _MM_SHUFFLE(1, 0, 3, 2)));
    for (int32_t i = 0; i < n; i += 4) {
        int mask = _mm_movemask_ps(_mm_cmpeq_ps(TC_HULL_PROJ4(i), best));
        if (mask) {
            int32_t k = i + ((mask & 1) ? 0 : (mask & 2) ? 1 : (mask & 4) ? 2 : 3);
            return k < h->vertex_count ? k : 0; /* the padding copies vertex 0 */
        }
    }
#undef TC_HULL_PROJ4
    return 0;
#else
    int32_t best = 0;
    float bp = (xs[0] * dx + ys[0] * dy) + zs[0] * dz;
    for (int32_t i = 1; i < h->vertex_count; ++i) {
        float p = (xs[i] * dx + ys[i] * dy) + zs[i] * dz;
        if (p > bp) { bp = p; best = i; }
    }
    return best;
#endif
}

#ifdef TC_HULL_PAIR_AVX512
/* scan_index for a caller built for AVX2 on a processor with it: the
 * eight-wide scan called directly, small enough to inline (a NaN
 * projection, or a large hull, as scan_index decides, out of line:
 * tc_hull_data_support_index_f). */
__attribute__((target("avx2"))) static inline int32_t scan_index_wide(const tc_hull_data *h, float dx, float dy, float dz)
{
    if (TC_UNLIKELY(h->vertex_count > TC_HULL_SCAN_MAX)) return tc_hull_data_support_index_f(h, dx, dy, dz);
    const int32_t n = h->soa_stride;
    const int32_t k = scan8(h->soa, h->soa + n, h->soa + 2 * n, n, dx, dy, dz);
    return TC_UNLIKELY(k < 0) ? tc_hull_data_support_index_f(h, dx, dy, dz) : k;
}
#else
#define scan_index_wide scan_index
#endif

#ifndef TC_HULL_PAIR_SSE
static inline tc_vec3 soa_vertex(const tc_hull_data *h, int32_t i)
{
    return tc_vec3_make(h->soa[i], h->soa[h->soa_stride + i], h->soa[2 * h->soa_stride + i]);
}

static inline tc_vec3 tmul(const tc_mat3 *m, tc_vec3 d)
{
    return tc_vec3_make(tc_vec3_dot(m->cx, d), tc_vec3_dot(m->cy, d), tc_vec3_dot(m->cz, d));
}

static inline tc_vec3 mul(const tc_mat3 *m, tc_vec3 v)
{
    return tc_vec3_add(tc_vec3_add(tc_vec3_scale(m->cx, v.x), tc_vec3_scale(m->cy, v.y)), tc_vec3_scale(m->cz, v.z));
}
#endif

/* d as a float direction of unit size: a float direction of any length
 * could underflow or round its components apart. A power of two that
 * brings the largest component into [1, 2) does it exactly (no sqrt, no
 * division, no rounding but the float conversion's); a zero, tiny, huge or
 * non-finite d is divided by its length instead. */
static inline tc_vec3 float_direction(tc_dvec3 d)
{
    double m = tc_dvec3_max_abs(d);
    uint64_t bits;
    memcpy(&bits, &m, sizeof bits);
    uint64_t e = bits >> 52; /* m >= 0: no sign bit */
    if (e >= 1 && e <= 2045) {
        uint64_t sbits = (2046u - e) << 52; /* 2^(1023 - (e - 1023)): m times it is in [1, 2) */
        double s;
        memcpy(&s, &sbits, sizeof s);
        return tc_dvec3_to(tc_dvec3_scale(d, s));
    }
    double len = tc_dvec3_length(d);
    return tc_dvec3_to(len > 0.0 ? tc_dvec3_scale(d, 1.0 / len) : d);
}

/* A vertex scan: scan_index, or scan_index_wide in a function built for
 * AVX2 (the same answers). */
typedef int32_t tc_hull_scan_fn(const tc_hull_data *h, float dx, float dy, float dz);

/* tc_hull_pair_support's body, with the scan its caller can inline: a
 * function built for AVX2 passes scan_index_wide, which the compiler then
 * inlines into it, as it cannot into one built without. */
TC_FORCE_INLINE void tc_hull_pair_support_inline(const tc_hull_pair *p, tc_dvec3 d, int32_t *ia, int32_t *ib, tc_dvec3 *pa,
                                                 tc_dvec3 *pb, tc_hull_scan_fn *scan)
{
    tc_vec3 df = float_direction(d);
#ifdef TC_HULL_PAIR_SSE
    /* tmul and mul below, four lanes at once: each lane's products and
     * sums are theirs, in their order, so the same floats (some 55 of a
     * support's 230 own instructions, callgrind) */
    const __m128 dx = _mm_set1_ps(df.x), dy = _mm_set1_ps(df.y), dz = _mm_set1_ps(df.z);
    float la[4], lb[4];
    for (int h = 0; h < 2; ++h) {
        const float(*r)[4] = p->rows[h];
        _mm_storeu_ps(h ? lb : la, _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(r[0]), dx), _mm_mul_ps(_mm_loadu_ps(r[1]), dy)),
                                              _mm_mul_ps(_mm_loadu_ps(r[2]), dz)));
    }
    const int32_t i = scan(p->a, la[0], la[1], la[2]);
    const int32_t j = scan(p->b, -lb[0], -lb[1], -lb[2]);
    *ia = i;
    *ib = j;
    float qa[4], qb[4];
    for (int h = 0; h < 2; ++h) {
        const float(*c)[4] = p->cols[h];
        const tc_hull_data *data = h ? p->b : p->a;
        const int32_t k = h ? j : i, st = data->soa_stride;
        __m128 q = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(c[0]), _mm_set1_ps(data->soa[k])),
                                         _mm_mul_ps(_mm_loadu_ps(c[1]), _mm_set1_ps(data->soa[st + k]))),
                              _mm_mul_ps(_mm_loadu_ps(c[2]), _mm_set1_ps(data->soa[2 * st + k])));
        if (h) q = _mm_add_ps(_mm_loadu_ps(p->tb4), q);
        _mm_storeu_ps(h ? qb : qa, q);
    }
    *pa = tc_dvec3_make(qa[0], qa[1], qa[2]);
    *pb = tc_dvec3_make(qb[0], qb[1], qb[2]);
#else
    tc_vec3 la = tmul(&p->ma, df), lb = tmul(&p->mb, df);
    int32_t i = scan(p->a, la.x, la.y, la.z);
    int32_t j = scan(p->b, -lb.x, -lb.y, -lb.z);
    *ia = i;
    *ib = j;
    *pa = tc_dvec3_from(mul(&p->ma, soa_vertex(p->a, i)));
    *pb = tc_dvec3_from(tc_vec3_add(p->tb, mul(&p->mb, soa_vertex(p->b, j))));
#endif
}

#endif
