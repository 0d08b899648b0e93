/* SPDX-License-Identifier: MIT */
#include "queries/convex_core.h"

#include "core/float.h"

#include "shapes/hull_internal.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
#define TC_CORE_SSE 1
#endif

static void set_point(tc_core *c, int i, tc_vec3 p) { c->v[i] = tc_dvec3_from(p); }

void tc_core_from_point(tc_core *c, tc_vec3 p, float radius)
{
    c->count = 1;
    set_point(c, 0, p);
    c->radius = radius;
    tc_core_finish(c);
}

void tc_core_from_sphere(tc_core *c, const tc_sphere *s) { tc_core_from_point(c, s->center, s->radius); }
void tc_core_from_capsule(tc_core *c, const tc_capsule *s) { tc_core_from_segment(c, s->a, s->b, s->radius); }

void tc_core_from_segment(tc_core *c, tc_vec3 a, tc_vec3 b, float radius)
{
    c->count = 2;
    set_point(c, 0, a);
    set_point(c, 1, b);
    c->radius = radius;
    tc_core_finish(c);
}

void tc_core_from_triangle(tc_core *c, const tc_triangle *t)
{
    c->count = 3;
    set_point(c, 0, t->a);
    set_point(c, 1, t->b);
    set_point(c, 2, t->c);
    c->radius = 0.0;
    tc_core_finish(c);
}

static void box_corners(tc_core *c)
{
    for (int i = 0; i < 8; ++i) {
        tc_dvec3 p = c->center;
        p = tc_dvec3_mad(p, c->axis[0], (i & 1) ? c->half[0] : -c->half[0]);
        p = tc_dvec3_mad(p, c->axis[1], (i & 2) ? c->half[1] : -c->half[1]);
        p = tc_dvec3_mad(p, c->axis[2], (i & 4) ? c->half[2] : -c->half[2]);
        c->v[i] = p;
    }
}

void tc_core_from_obb(tc_core *c, const tc_obb *b)
{
    c->count = 8;
    c->center = tc_dvec3_from(b->center);
    /* The contract asks for an orthonormal rotation; normalising the columns
     * again in double costs nothing and keeps the face normals unit. */
    c->axis[0] = tc_dvec3_normalize(tc_dvec3_from(b->rotation.cx));
    c->axis[1] = tc_dvec3_normalize(tc_dvec3_from(b->rotation.cy));
    c->axis[2] = tc_dvec3_normalize(tc_dvec3_from(b->rotation.cz));
    c->half[0] = b->half.x;
    c->half[1] = b->half.y;
    c->half[2] = b->half.z;
    c->radius = 0.0;
    box_corners(c);
    tc_core_finish(c);
}

void tc_core_from_aabb(tc_core *c, const tc_aabb *b)
{
    c->count = 8;
    tc_dvec3 lo = tc_dvec3_from(b->min), hi = tc_dvec3_from(b->max);
    c->center = tc_dvec3_scale(tc_dvec3_add(lo, hi), 0.5);
    c->axis[0] = tc_dvec3_make(1, 0, 0);
    c->axis[1] = tc_dvec3_make(0, 1, 0);
    c->axis[2] = tc_dvec3_make(0, 0, 1);
    c->half[0] = 0.5 * (hi.x - lo.x);
    c->half[1] = 0.5 * (hi.y - lo.y);
    c->half[2] = 0.5 * (hi.z - lo.z);
    c->radius = 0.0;
    box_corners(c);
    /* Exact corners: the half-extent round trip may move them by an ulp. */
    for (int i = 0; i < 8; ++i) {
        c->v[i].x = (i & 1) ? hi.x : lo.x;
        c->v[i].y = (i & 2) ? hi.y : lo.y;
        c->v[i].z = (i & 4) ? hi.z : lo.z;
    }
    tc_core_finish(c);
}

tc_dvec3 tc_core_hull_vertex(const tc_core *c, int32_t i)
{
    tc_vec3 p = c->hull->vertices[i];
    tc_dvec3 r = c->hull_position;
    r = tc_dvec3_mad(r, c->hull_axis[0], p.x);
    r = tc_dvec3_mad(r, c->hull_axis[1], p.y);
    return tc_dvec3_mad(r, c->hull_axis[2], p.z);
}

int tc_core_hull_dimension(const tc_core *c) { return c->hull->dimension; }

int32_t tc_core_hull_vertex_count(const tc_core *c) { return c->hull->vertex_count; }

void tc_core_from_hull(tc_core *c, const tc_hull *h)
{
    c->count = TC_CORE_HULL;
    c->hull = h->data;
    double s = h->scale;
    c->hull_position = tc_dvec3_from(h->position);
    c->hull_axis[0] = tc_dvec3_scale(tc_dvec3_from(h->rotation.cx), s);
    c->hull_axis[1] = tc_dvec3_scale(tc_dvec3_from(h->rotation.cy), s);
    c->hull_axis[2] = tc_dvec3_scale(tc_dvec3_from(h->rotation.cz), s);
    c->radius = 0.0;
    tc_core_finish(c);
}

/* The hull's local direction for world direction d (the transpose of the
 * placement; the scale, positive, does not change which vertex wins). */
static int32_t hull_support_index_from(const tc_core *c, int32_t start, tc_dvec3 d)
{
    return tc_hull_data_support_index_from(c->hull, start, tc_dvec3_dot(c->hull_axis[0], d),
                                           tc_dvec3_dot(c->hull_axis[1], d), tc_dvec3_dot(c->hull_axis[2], d));
}

static int32_t hull_support_index(const tc_core *c, tc_dvec3 d) { return hull_support_index_from(c, -1, d); }

/* A hull's centre, size and scale: from its data's box, placed. */
static void hull_finish(tc_core *c)
{
    const tc_hull_data *h = c->hull;
    tc_dvec3 lo = tc_dvec3_from(h->box_min), hi = tc_dvec3_from(h->box_max);
    tc_dvec3 mid = tc_dvec3_scale(tc_dvec3_add(lo, hi), 0.5), half = tc_dvec3_scale(tc_dvec3_sub(hi, lo), 0.5);
    tc_dvec3 cen = tc_dvec3_from(h->centroid);
    c->center = tc_dvec3_mad(tc_dvec3_mad(tc_dvec3_mad(c->hull_position, c->hull_axis[0], cen.x), c->hull_axis[1], cen.y),
                             c->hull_axis[2], cen.z);
    tc_dvec3 m = tc_dvec3_mad(tc_dvec3_mad(tc_dvec3_mad(c->hull_position, c->hull_axis[0], mid.x), c->hull_axis[1], mid.y),
                              c->hull_axis[2], mid.z);
    double ext[3] = { 0, 0, 0 };
    const double hv[3] = { half.x, half.y, half.z };
    for (int k = 0; k < 3; ++k) {
        ext[0] += fabs(c->hull_axis[k].x) * hv[k];
        ext[1] += fabs(c->hull_axis[k].y) * hv[k];
        ext[2] += fabs(c->hull_axis[k].z) * hv[k];
    }
    double scale = fabs(m.x) + ext[0];
    if (fabs(m.y) + ext[1] > scale) scale = fabs(m.y) + ext[1];
    if (fabs(m.z) + ext[2] > scale) scale = fabs(m.z) + ext[2];
    c->scale = scale;
    c->size = tc_dvec3_length(c->hull_axis[0]) * (double)h->diameter;
}

void tc_core_finish(tc_core *c)
{
    if (c->count == TC_CORE_HULL) {
        hull_finish(c);
        return;
    }
    tc_dvec3 sum = tc_dvec3_make(0, 0, 0);
    double scale = 0.0, diameter = 0.0;
    for (int i = 0; i < c->count; ++i) {
        sum = tc_dvec3_add(sum, c->v[i]);
        double m = tc_dvec3_max_abs(c->v[i]);
        if (m > scale) scale = m;
        if (c->count == 8) continue; /* a box's diameter is its diagonal */
        for (int j = 0; j < i; ++j) {
            double d = tc_dvec3_length(tc_dvec3_sub(c->v[i], c->v[j]));
            if (d > diameter) diameter = d;
        }
    }
    if (c->count == 8)
        diameter = 2.0 * sqrt(c->half[0] * c->half[0] + c->half[1] * c->half[1] + c->half[2] * c->half[2]);
    if (c->count != 8) c->center = tc_dvec3_scale(sum, 1.0 / c->count);
    if (c->count == 3)
        c->axis[0] = tc_dvec3_normalize(tc_dvec3_cross(tc_dvec3_sub(c->v[1], c->v[0]), tc_dvec3_sub(c->v[2], c->v[0])));
    c->size = diameter + 2.0 * c->radius;
    c->scale = scale + c->radius;
}

void tc_core_translate(tc_core *c, tc_dvec3 d)
{
    if (c->count == TC_CORE_HULL) {
        c->hull_position = tc_dvec3_add(c->hull_position, d);
        hull_finish(c);
        return;
    }
    for (int i = 0; i < c->count; ++i) c->v[i] = tc_dvec3_add(c->v[i], d);
    c->center = tc_dvec3_add(c->center, d);
    double scale = 0.0;
    for (int i = 0; i < c->count; ++i) {
        double m = tc_dvec3_max_abs(c->v[i]);
        if (m > scale) scale = m;
    }
    c->scale = scale + c->radius;
}

tc_dvec3 tc_core_recentre(tc_core *c)
{
    const tc_dvec3 d = tc_dvec3_neg(c->center);
    tc_core_translate(c, d);
    return d;
}

tc_dvec3 tc_core_pair_recentre(tc_core *a, tc_core *b)
{
    const double world = a->scale > b->scale ? a->scale : b->scale;
    tc_core ra = *a, rb = *b;
    const tc_dvec3 d = tc_core_recentre(&ra);
    tc_core_translate(&rb, d);
    const double rel = ra.scale > rb.scale ? ra.scale : rb.scale;
    if (!(4.0 * rel <= world)) return tc_dvec3_make(0, 0, 0);
    *a = ra;
    *b = rb;
    return d;
}

tc_vec3 tc_core_moved_back(tc_vec3 p, tc_dvec3 d)
{
    const tc_dvec3 q = tc_dvec3_sub(tc_dvec3_from(p), d);
    return tc_vec3_make(tc_float_saturated(q.x), tc_float_saturated(q.y), tc_float_saturated(q.z));
}

tc_dvec3 tc_core_support(const tc_core *c, tc_dvec3 d)
{
    int32_t hint = -1;
    return tc_core_support_hinted(c, d, &hint);
}

tc_dvec3 tc_core_support_hinted(const tc_core *c, tc_dvec3 d, int32_t *hint)
{
    if (c->count == TC_CORE_HULL) {
        *hint = hull_support_index_from(c, *hint, d);
        return tc_core_hull_vertex(c, *hint);
    }
    int best = 0;
    double best_p = tc_dvec3_dot(c->v[0], d);
    for (int i = 1; i < c->count; ++i) {
        double p = tc_dvec3_dot(c->v[i], d);
        if (p > best_p) { best_p = p; best = i; }
    }
    return c->v[best];
}

void tc_core_project(const tc_core *c, tc_dvec3 d, double *lo, double *hi)
{
    if (c->count == TC_CORE_HULL) {
        *lo = tc_dvec3_dot(tc_core_support(c, tc_dvec3_neg(d)), d);
        *hi = tc_dvec3_dot(tc_core_support(c, d), d);
        return;
    }
    double a = tc_dvec3_dot(c->v[0], d), b = a;
    for (int i = 1; i < c->count; ++i) {
        double p = tc_dvec3_dot(c->v[i], d);
        if (p < a) a = p;
        if (p > b) b = p;
    }
    *lo = a;
    *hi = b;
}

/* A hull's supporting feature: the incident face most aligned with n when
 * within tol of it, else the incident edge closest to the plane across n
 * when within tol, else the top vertex. */
static int hull_feature(const tc_core *c, tc_dvec3 n, double tol, tc_dvec3 out[TC_CORE_MAX_FEATURE], int32_t *idx,
                        int32_t *face_out)
{
    const tc_hull_data *h = c->hull;
    int32_t top = hull_support_index(c, n);
    double best = -INFINITY;
    int32_t face = -1;
    for (int32_t i = h->vertex_face_start[top]; i < h->vertex_face_start[top + 1]; ++i) {
        int32_t f = h->vertex_faces[i];
        double al = tc_dvec3_dot(tc_dvec3_normalize(tc_core_face_normal(c, f)), n);
        if (al > best) { best = al; face = f; }
    }
    if (face >= 0 && best >= cos(tol)) {
        int32_t b = h->face_start[face], k = h->face_start[face + 1] - b;
        *face_out = face;
        int count = k <= TC_CORE_MAX_FEATURE ? (int)k : TC_CORE_MAX_FEATURE;
        for (int i = 0; i < count; ++i) {
            idx[i] = h->face_vertices[b + (count == k ? i : (int32_t)((int64_t)i * k / TC_CORE_MAX_FEATURE))];
            out[i] = tc_core_hull_vertex(c, idx[i]);
        }
        return count;
    }
    tc_dvec3 p = tc_core_hull_vertex(c, top);
    double hi = tc_dvec3_dot(p, n), best_drop = INFINITY;
    int32_t other = -1;
    for (int32_t i = h->adjacency_start[top]; i < h->adjacency_start[top + 1]; ++i) {
        tc_dvec3 q = tc_core_hull_vertex(c, h->adjacency[i]);
        double len = tc_dvec3_length(tc_dvec3_sub(q, p));
        double drop = len > 0.0 ? (hi - tc_dvec3_dot(q, n)) / len : 0.0;
        if (drop <= tol && drop < best_drop) { best_drop = drop; other = h->adjacency[i]; }
    }
    out[0] = p;
    idx[0] = top;
    if (other < 0) return 1;
    out[1] = tc_core_hull_vertex(c, other);
    idx[1] = other;
    return 2;
}

int32_t tc_core_hull_edge_index(const tc_core *c, int32_t i, int32_t j)
{
    /* The data's edges are sorted by (lower vertex, higher vertex). */
    const tc_hull_data *h = c->hull;
    int32_t lo_v = i < j ? i : j, hi_v = i < j ? j : i;
    int32_t lo = 0, hi = h->edge_count;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        const tc_hull_edge *e = &h->edges[mid];
        int32_t el = e->v[0] < e->v[1] ? e->v[0] : e->v[1], eh = e->v[0] < e->v[1] ? e->v[1] : e->v[0];
        if (el < lo_v || (el == lo_v && eh < hi_v)) lo = mid + 1;
        else hi = mid;
    }
    if (lo < h->edge_count) {
        const tc_hull_edge *e = &h->edges[lo];
        if ((e->v[0] == lo_v && e->v[1] == hi_v) || (e->v[0] == hi_v && e->v[1] == lo_v)) return lo;
    }
    return -1;
}

int tc_core_feature(const tc_core *c, tc_dvec3 n, double tol, tc_dvec3 out[TC_CORE_MAX_FEATURE])
{
    int32_t idx[TC_CORE_MAX_FEATURE], face;
    return tc_core_feature_indexed(c, n, tol, out, idx, &face);
}

int tc_core_feature_indexed(const tc_core *c, tc_dvec3 n, double tol, tc_dvec3 out[TC_CORE_MAX_FEATURE],
                            int32_t idx[TC_CORE_MAX_FEATURE], int32_t *face)
{
    *face = -1;
    if (c->count == TC_CORE_HULL) return hull_feature(c, n, tol, out, idx, face);
    if (c->count == 8) {
        /* A box's supporting set is a face, an edge or a corner: an axis is
         * "free" when flipping its sign changes the projection by <= tol. */
        double l[3];
        int sign[3], free_axes[3], nfree = 0;
        for (int i = 0; i < 3; ++i) {
            l[i] = tc_dvec3_dot(c->axis[i], n);
            sign[i] = l[i] >= 0.0 ? 1 : -1;
            if (fabs(l[i]) <= tol) free_axes[nfree++] = i;
        }
        if (nfree == 3) {
            /* A box smaller than the tolerance: keep the face across the
             * axis most aligned with n. */
            int k = 0;
            for (int i = 1; i < 3; ++i)
                if (fabs(l[i]) > fabs(l[k])) k = i;
            nfree = 0;
            for (int i = 0; i < 3; ++i)
                if (i != k) free_axes[nfree++] = i;
        }
        int base = 0;
        for (int i = 0; i < 3; ++i)
            if (sign[i] > 0) base |= 1 << i;
        int k = 0;
        if (nfree == 0) {
            idx[k++] = base;
        } else if (nfree == 1) {
            int bit = 1 << free_axes[0];
            idx[k++] = base & ~bit;
            idx[k++] = base | bit;
        } else {
            int b0 = 1 << free_axes[0], b1 = 1 << free_axes[1];
            int fixed = base & ~(b0 | b1);
            idx[k++] = fixed;
            idx[k++] = fixed | b0;
            idx[k++] = fixed | b0 | b1;
            idx[k++] = fixed | b1;
        }
        for (int i = 0; i < k; ++i) out[i] = c->v[idx[i]];
        return k;
    }
    double p[3], hi = -INFINITY;
    int top = 0;
    for (int i = 0; i < c->count; ++i) {
        p[i] = tc_dvec3_dot(c->v[i], n);
        if (p[i] > hi) { hi = p[i]; top = i; }
    }
    /* A vertex joins the feature when the edge to the top vertex is within
     * the angle tolerance of the plane across n. */
    int k = 0;
    for (int i = 0; i < c->count; ++i)
        if (i == top || hi - p[i] <= tol * tc_dvec3_length(tc_dvec3_sub(c->v[i], c->v[top]))) {
            idx[k] = i;
            out[k++] = c->v[i];
        }
    return k;
}

int tc_core_face_count(const tc_core *c)
{
    if (c->count == TC_CORE_HULL) return c->hull->dimension == 2 ? 1 : (int)c->hull->face_count;
    if (c->count == 8) return 3;
    return c->count == 3 && tc_dvec3_length_sq(c->axis[0]) > 0.0 ? 1 : 0;
}

tc_dvec3 tc_core_face_normal(const tc_core *c, int i)
{
    if (c->count == TC_CORE_HULL) {
        /* Normals transform by the inverse transpose; for a rotation times a
         * uniform scale that is the placement itself, normalised. */
        tc_vec3 n = c->hull->face_normals[i];
        tc_dvec3 r = tc_dvec3_scale(c->hull_axis[0], n.x);
        r = tc_dvec3_mad(r, c->hull_axis[1], n.y);
        return tc_dvec3_normalize(tc_dvec3_mad(r, c->hull_axis[2], n.z));
    }
    return c->count == 8 ? c->axis[i] : c->axis[0];
}

int tc_core_edge_count(const tc_core *c)
{
    switch (c->count) {
    case TC_CORE_HULL: return (int)c->hull->direction_count;
    case 8: case 3: return 3;
    case 2: return 1;
    default: return 0;
    }
}

tc_dvec3 tc_core_edge_direction(const tc_core *c, int i)
{
    if (c->count == TC_CORE_HULL) {
        tc_vec3 d = c->hull->directions[i];
        tc_dvec3 r = tc_dvec3_scale(c->hull_axis[0], d.x);
        r = tc_dvec3_mad(r, c->hull_axis[1], d.y);
        return tc_dvec3_mad(r, c->hull_axis[2], d.z);
    }
    if (c->count == 8) return c->axis[i];
    return tc_dvec3_sub(c->v[(i + 1) % c->count], c->v[i]);
}

/* Clips [*lo, *hi] to the t where s + t v <= limit (a half-space along the
 * line); false once the interval is empty. */
static bool clip_half(double s, double v, double limit, double *lo, double *hi)
{
    if (v > 0.0) {
        double t = (limit - s) / v;
        if (t < *hi) *hi = t;
    } else if (v < 0.0) {
        double t = (limit - s) / v;
        if (t > *lo) *lo = t;
    } else if (s > limit) {
        return false;
    }
    return *lo <= *hi;
}

#ifdef TC_CORE_SSE
/* clip_half over faces [0, count - count % 2) of hull h, two at a time: the
 * same products, sums and quotients in double, lane by lane, from the float
 * normal columns (hull_internal.h's planes hold the face normals' floats)
 * and offsets. The divisor of a face along the line is 1 there (no division
 * by zero; its quotient unused). Each lane keeps its own bounds, the lower
 * the largest and the upper the smallest of its faces (min and max keep
 * the earlier value on a tie, as clip_half does); false as soon as the
 * interval is empty or a face along the line misses, as clip_half. */
static bool clip_faces2(const tc_hull_data *h, const double p0[3], const double dv[3], double slack, double *lo,
                        double *hi)
{
    const int32_t ps = h->plane_stride, end = h->face_count & ~1;
    const float *cx = h->planes, *cy = cx + ps, *cz = cy + ps;
#define TC_CORE_LOAD2(q) _mm_cvtps_pd(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)(q))))
    const __m128d px = _mm_set1_pd(p0[0]), py = _mm_set1_pd(p0[1]), pz = _mm_set1_pd(p0[2]);
    const __m128d vx = _mm_set1_pd(dv[0]), vy = _mm_set1_pd(dv[1]), vz = _mm_set1_pd(dv[2]);
    const __m128d zero = _mm_setzero_pd(), one = _mm_set1_pd(1.0), pad = _mm_set1_pd(slack);
    const __m128d inf = _mm_set1_pd(INFINITY), ninf = _mm_set1_pd(-INFINITY);
    __m128d l2 = ninf, u2 = inf;
    for (int32_t f = 0; f < end; f += 2) {
        const __m128d nx = TC_CORE_LOAD2(cx + f), ny = TC_CORE_LOAD2(cy + f), nz = TC_CORE_LOAD2(cz + f);
        const __m128d s = _mm_add_pd(_mm_add_pd(_mm_mul_pd(nx, px), _mm_mul_pd(ny, py)), _mm_mul_pd(nz, pz));
        const __m128d v = _mm_add_pd(_mm_add_pd(_mm_mul_pd(nx, vx), _mm_mul_pd(ny, vy)), _mm_mul_pd(nz, vz));
        const __m128d room = _mm_sub_pd(_mm_add_pd(TC_CORE_LOAD2(h->face_offsets + f), pad), s);
        const __m128d along = _mm_cmpeq_pd(v, zero);
        const __m128d t = _mm_div_pd(room, _mm_or_pd(_mm_and_pd(along, one), _mm_andnot_pd(along, v)));
        const __m128d rise = _mm_cmpgt_pd(v, zero), fall = _mm_cmplt_pd(v, zero);
        u2 = _mm_min_pd(_mm_or_pd(_mm_and_pd(rise, t), _mm_andnot_pd(rise, inf)), u2);
        l2 = _mm_max_pd(_mm_or_pd(_mm_and_pd(fall, t), _mm_andnot_pd(fall, ninf)), l2);
        if (_mm_movemask_pd(_mm_and_pd(along, _mm_cmplt_pd(room, zero)))) return false;
        /* the interval so far: the larger lower bound against the smaller upper one */
        const __m128d l1 = _mm_max_pd(_mm_unpackhi_pd(l2, l2), l2), u1 = _mm_min_pd(_mm_unpackhi_pd(u2, u2), u2);
        if (_mm_movemask_pd(_mm_cmpgt_pd(l1, u1)) & 1) return false;
    }
#undef TC_CORE_LOAD2
    double l[2], u[2];
    _mm_storeu_pd(l, l2);
    _mm_storeu_pd(u, u2);
    *lo = l[1] > l[0] ? l[1] : l[0];
    *hi = u[1] < u[0] ? u[1] : u[0];
    return true;
}
#endif

/* The t where |w + t v|^2 <= r^2, joined into [*lo, *hi] (which starts
 * empty). */
static void join_ball(tc_dvec3 w, tc_dvec3 v, double r, double *lo, double *hi)
{
    double vv = tc_dvec3_dot(v, v), wv = tc_dvec3_dot(w, v), ww = tc_dvec3_dot(w, w);
    if (!(vv > 0.0)) {
        if (ww <= r * r) { *lo = -INFINITY; *hi = INFINITY; }
        return;
    }
    double disc = wv * wv - vv * (ww - r * r);
    if (disc < 0.0) return;
    double sq = sqrt(disc), t0 = (-wv - sq) / vv, t1 = (-wv + sq) / vv;
    if (t0 < *lo) *lo = t0;
    if (t1 > *hi) *hi = t1;
}

bool tc_core_line_interval(const tc_core *c, tc_dvec3 base, tc_dvec3 n, double *lo, double *hi)
{
    *lo = -INFINITY;
    *hi = INFINITY;
    if (c->count == 8) {
        tc_dvec3 d = tc_dvec3_sub(base, c->center);
        for (int k = 0; k < 3; ++k) {
            double s = tc_dvec3_dot(d, c->axis[k]), v = tc_dvec3_dot(n, c->axis[k]);
            if (!clip_half(s, v, c->half[k], lo, hi) || !clip_half(-s, -v, c->half[k], lo, hi)) return false;
        }
        return true;
    }
    if (c->count == TC_CORE_HULL) {
        const tc_hull_data *h = c->hull;
        double s2 = tc_dvec3_length_sq(c->hull_axis[0]);
        if (!(s2 > 0.0)) return false;
        tc_dvec3 d = tc_dvec3_sub(base, c->hull_position);
        double p0[3], dv[3];
        for (int k = 0; k < 3; ++k) {
            p0[k] = tc_dvec3_dot(c->hull_axis[k], d) / s2;
            dv[k] = tc_dvec3_dot(c->hull_axis[k], n) / s2;
        }
        /* A line along a face through the hull's edge (a resting face's
         * corner, along the normal) is inside up to the float data's
         * rounding: allow that much (1e-6 of the hull's size). */
        double slack = 1e-6 * (double)h->diameter;
        int32_t f0 = 0;
#ifdef TC_CORE_SSE
        if (!clip_faces2(h, p0, dv, slack, lo, hi)) return false;
        f0 = h->face_count & ~1;
#endif
        for (int32_t f = f0; f < h->face_count; ++f) {
            tc_vec3 fn = h->face_normals[f];
            double s = fn.x * p0[0] + fn.y * p0[1] + fn.z * p0[2], v = fn.x * dv[0] + fn.y * dv[1] + fn.z * dv[2];
            if (!clip_half(s, v, h->face_offsets[f] + slack, lo, hi)) return false;
        }
        return true;
    }
    if (c->count == 3 || !(c->radius > 0.0)) return false; /* flat: no interval to speak of */
    /* A point or a segment swept by the radius: its two end balls and the
     * cylinder between them (the union is convex, so its hull is exact). */
    double r = c->radius;
    *lo = INFINITY;
    *hi = -INFINITY;
    join_ball(tc_dvec3_sub(base, c->v[0]), n, r, lo, hi);
    if (c->count == 2) {
        join_ball(tc_dvec3_sub(base, c->v[1]), n, r, lo, hi);
        tc_dvec3 axis = tc_dvec3_sub(c->v[1], c->v[0]);
        double aa = tc_dvec3_dot(axis, axis);
        if (aa > 0.0) {
            tc_dvec3 w = tc_dvec3_sub(base, c->v[0]);
            double ws = tc_dvec3_dot(w, axis), vs = tc_dvec3_dot(n, axis);
            tc_dvec3 wp = tc_dvec3_mad(w, axis, -ws / aa), vp = tc_dvec3_mad(n, axis, -vs / aa);
            double clo = INFINITY, chi = -INFINITY;
            join_ball(wp, vp, r, &clo, &chi);
            /* Within the slab between the end discs. */
            if (clo <= chi && clip_half(-ws, -vs, 0.0, &clo, &chi) && clip_half(ws, vs, aa, &clo, &chi)) {
                if (clo < *lo) *lo = clo;
                if (chi > *hi) *hi = chi;
            }
        }
    }
    return *lo <= *hi;
}
