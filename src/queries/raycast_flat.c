/* SPDX-License-Identifier: MIT */
/* Ray casts against triangles and planes. */
#include <math.h>

#include "core/assert.h"
#include "math/dvec.h"
#include "queries/overlap_far.h"
#include "queries/ray.h"
#include "shapes/closest.h"

bool tc_raycast_plane(const tc_ray *ray, const tc_plane *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_plane_is_valid(shape)) return false;
    if (tc_plane_contains_point(shape, ray->origin)) return tc_ray_hit_inside(ray, hit);
    /* s > 0: outside. In double, as the containment test: an origin or a
     * direction near FLT_MAX overflows the float sums. */
    const tc_dvec3 n = tc_dvec3_from(shape->normal);
    const double s = tc_dvec3_dot(n, tc_dvec3_from(ray->origin)) - (double)shape->offset;
    const double rate = tc_dvec3_dot(n, tc_dvec3_from(ray->dir));
    if (!(rate < 0.0)) return false;
    float t;
    if (!tc_ray_t_ratio(s, -rate, max_t, &t)) return false; /* a tiny rate: far beyond any float t */
    return tc_ray_hit_at(ray, t, shape->normal, max_t, hit);
}

/* Clips the ray's [0, max_t] against the three edges' in-plane half-planes
 * (Cyrus-Beck), each moved out by pad_rel of the magnitudes. In double, with
 * the normal crossed in double: near a sliver's sharp corner the two edge
 * lines are almost one, and float rounding of the edge tests would let a ray
 * along them through far beyond the vertex (the error over the sine of the
 * corner's angle). */
static bool tc_ray_triangle_in_plane_clip(const tc_ray *ray, const tc_triangle *tri, tc_dvec3 n, double pad_rel, double mag,
                                          float max_t, float *t0_out, float *t1_out)
{
    const tc_dvec3 v[3] = { tc_dvec3_from(tri->a), tc_dvec3_from(tri->b), tc_dvec3_from(tri->c) };
    const tc_dvec3 o = tc_dvec3_from(ray->origin), d = tc_dvec3_from(ray->dir);
    double t0 = 0.0, t1 = max_t;
    for (int i = 0; i < 3; ++i) {
        tc_dvec3 p = v[i], q = v[(i + 1) % 3], r = v[(i + 2) % 3];
        tc_dvec3 m = tc_dvec3_cross(tc_dvec3_sub(q, p), n); /* in-plane, perpendicular to the edge */
        if (tc_dvec3_dot(m, tc_dvec3_sub(r, p)) > 0.0) m = tc_dvec3_neg(m);
        /* Inside when dot(m, x - p) <= pad. */
        double pad = pad_rel * mag * tc_dvec3_length(m);
        double s = tc_dvec3_dot(m, tc_dvec3_sub(o, p)) - pad;
        double rate = tc_dvec3_dot(m, d);
        if (rate == 0.0) {
            if (s > 0.0) return false;
            continue;
        }
        double t = -s / rate;
        if (rate > 0.0) {
            if (t < t1) t1 = t;
        } else if (t > t0) {
            t0 = t;
        }
        if (t0 > t1) return false;
    }
    /* A direction of 1e-45 enters past any float t (2e49: libFuzzer, the
     * float conversion overflowed): no hit. Its exit past FLT_MAX is taken
     * there, where a ray's points saturate (tc_ray_point_at). */
    if (!(t0 <= (double)FLT_MAX)) return false;
    *t0_out = (float)t0;
    *t1_out = (float)(t1 < (double)FLT_MAX ? t1 : (double)FLT_MAX);
    return true;
}

/* A ray in the triangle's plane: the exact edges first. Only when it misses
 * them are the padded edges tried, to rescue a ray grazing the boundary
 * within rounding; the hit is then placed where the ray passes closest to
 * the boundary, not at the padded entry, which near a sharp corner lies the
 * pad over the sine of the corner's angle outside the triangle, and only
 * when that closest approach is within the pad. */
static bool tc_ray_triangle_in_plane(const tc_ray *ray, const tc_triangle *tri, tc_dvec3 nd, float mag, float max_t,
                                     tc_ray_hit *hit)
{
    float t0, t1;
    if (!tc_ray_triangle_in_plane_clip(ray, tri, nd, 0.0, mag, max_t, &t0, &t1)) {
        if (!tc_ray_triangle_in_plane_clip(ray, tri, nd, TC_PAD_REL, mag, max_t, &t0, &t1)) return false;
        tc_vec3 p = tc_ray_point_at(ray, t0), q = tc_ray_point_at(ray, t1);
        float pad = 2.0f * TC_PAD_REL * mag;
        tc_vec3 near = tc_triangle_closest(tri->a, tri->b, tri->c, p);
        if (tc_vec3_length_sq(tc_vec3_sub(p, near)) > pad * pad) {
            /* The padded entry is too far out: take the closest approach. */
            const tc_vec3 v[4] = { tri->a, tri->b, tri->c, tri->a };
            float best = INFINITY, best_s = 0.0f;
            for (int i = 0; i < 3; ++i) {
                float s, u;
                float d2 = tc_segment_segment_closest(p, q, v[i], v[i + 1], &s, &u);
                if (d2 < best) {
                    best = d2;
                    best_s = s;
                }
            }
            t0 = t0 + (t1 - t0) * best_s;
            tc_vec3 x = tc_ray_point_at(ray, t0);
            if (!(tc_vec3_length_sq(tc_vec3_sub(x, tc_triangle_closest(tri->a, tri->b, tri->c, x))) <= pad * pad))
                return false;
        }
    }
    if (t0 == 0.0f) return tc_ray_hit_inside(ray, hit);
    /* In the plane the two faces are equally near; report the one on the
     * origin's side (or either, when the origin is exactly in the plane). */
    tc_vec3 n = tc_dvec3_to(nd);
    tc_vec3 normal = tc_vec3_dot(n, tc_vec3_sub(ray->origin, tri->a)) < 0.0f ? tc_vec3_neg(n) : n;
    return tc_ray_hit_at(ray, t0, normal, max_t, hit);
}

/* A triangle, origin or direction beyond the float range of the cast below
 * (overlap_far.h): there its float normal, heights and barycentric
 * products overflow. The plane crossing and the edge tests in double
 * instead, each edge padded by a relative 1e-6 of the magnitudes. A ray
 * lying in the plane of such a triangle, or a degenerate one, is not
 * resolved: a miss, unless its origin is in the triangle. */
static bool tc_ray_triangle_far(const tc_ray *ray, const tc_triangle *tri, float max_t, tc_ray_hit *hit)
{
    const tc_dvec3 v[3] = { tc_dvec3_from(tri->a), tc_dvec3_from(tri->b), tc_dvec3_from(tri->c) };
    const tc_dvec3 o = tc_dvec3_from(ray->origin), d = tc_dvec3_from(ray->dir);
    const tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(v[1], v[0]), tc_dvec3_sub(v[2], v[0]));
    const double nn = tc_dvec3_length(n);
    if (!(nn > 0.0)) return false;
    const double mag = tc_dvec3_max_abs(v[0]) + tc_dvec3_max_abs(v[1]) + tc_dvec3_max_abs(v[2]) + tc_dvec3_max_abs(o);
    const double dist = tc_dvec3_dot(n, tc_dvec3_sub(o, v[0])) / nn, rate = tc_dvec3_dot(n, d) / nn;
    double t = 0.0;
    if (!(fabs(dist) <= 1e-7 * mag)) {
        if (rate == 0.0 || (dist > 0.0) == (rate > 0.0)) return false;
        t = -dist / rate;
        if (!(t <= (double)max_t) || !(t <= (double)FLT_MAX)) return false;
    }
    const tc_dvec3 x = tc_dvec3_mad(o, d, t);
    const double pad = 1e-6 * (mag + tc_dvec3_max_abs(tc_dvec3_sub(x, v[0])));
    for (int i = 0; i < 3; ++i) {
        const tc_dvec3 p = v[i], e = tc_dvec3_sub(v[(i + 1) % 3], p);
        if (tc_dvec3_dot(n, tc_dvec3_cross(e, tc_dvec3_sub(x, p))) < -pad * nn * tc_dvec3_length(e)) return false;
    }
    if (t == 0.0) return tc_ray_hit_inside(ray, hit);
    const tc_vec3 u = tc_dvec3_to(tc_dvec3_scale(n, 1.0 / nn));
    return tc_ray_hit_at(ray, (float)t, rate > 0.0 ? tc_vec3_neg(u) : u, max_t, hit);
}

/* tc_raycast_triangle_float's cast, a hit at a crossing of the plane left
 * raw (ray.h says how): a mesh walk normalises the normal and makes the
 * point only for the hit it keeps, and needs no hit farther than its
 * nearest so far. */
bool tc_raycast_triangle_float_raw(const tc_ray *ray, const tc_triangle *shape, float max_t, float keep_t, tc_ray_hit *hit,
                                   bool *raw)
{
    *raw = false;
    tc_vec3 e1 = tc_vec3_sub(shape->b, shape->a), e2 = tc_vec3_sub(shape->c, shape->a);
    /* The normal is crossed in double: a float cross product's rounding is
     * relative to |e1| |e2|, not to |n|, so a sliver's float normal is tilted
     * enough to misplace its plane by more than the pads below allow. */
    tc_dvec3 da = tc_dvec3_from(shape->a);
    tc_dvec3 nd = tc_dvec3_cross(tc_dvec3_sub(tc_dvec3_from(shape->b), da), tc_dvec3_sub(tc_dvec3_from(shape->c), da));
    tc_vec3 n = tc_dvec3_to(nd);
    float n1 = tc_vec3_norm1(n);
    float ext = tc_vec3_norm1(e1) + tc_vec3_norm1(e2);
    tc_vec3 w = tc_vec3_sub(ray->origin, shape->a);
    float mag = tc_vec3_norm1(w) + ext;
    if (!(n1 > 1e-6f * ext * ext)) {
        /* A triangle with no area is the segment (or point) it spans: cast
         * against its longest side as a zero-radius capsule. */
        tc_vec3 ends[3][2] = { { shape->a, shape->b }, { shape->b, shape->c }, { shape->c, shape->a } };
        int best = 0;
        float best_len = -1.0f;
        for (int i = 0; i < 3; ++i) {
            float len = tc_vec3_length_sq(tc_vec3_sub(ends[i][1], ends[i][0]));
            if (len > best_len) { best_len = len; best = i; }
        }
        tc_capsule seg;
        seg.a = ends[best][0];
        seg.b = ends[best][1];
        seg.radius = 0.0f;
        if (!tc_raycast_capsule(ray, &seg, max_t, hit)) return false;
        if (hit) hit->normal = tc_vec3_neg(tc_vec3_normalize(ray->dir));
        return true;
    }
    /* The origin's height above the plane (times |n|) and its rate, in
     * double: an origin just off the plane has a height far smaller than the
     * float products it would be summed from, and a grazing ray divides it
     * by a small rate, so float rounding would misplace the crossing by
     * more than the tolerance of t. */
    const double dist_d = tc_dvec3_dot(nd, tc_dvec3_sub(tc_dvec3_from(ray->origin), da));
    const double rate_d = tc_dvec3_dot(nd, tc_dvec3_from(ray->dir));
    float dist = (float)dist_d, rate = (float)rate_d;
    float height_pad = TC_PAD_REL * mag * n1;
    if (tc_absf(dist) <= height_pad && tc_absf(rate) <= TC_PAD_REL * tc_vec3_norm1(ray->dir) * n1)
        return tc_ray_triangle_in_plane(ray, shape, nd, mag, max_t, hit);
    /* Origin on the plane within the pad: inside the triangle is a hit at
     * t = 0. Outside it, a ray heading into the plane still crosses it just
     * past the origin (at a grazing angle far enough to enter the triangle),
     * so that crossing is tested below like any other. */
    if (tc_absf(dist) <= height_pad && tc_triangle_contains_point(shape, ray->origin)) return tc_ray_hit_inside(ray, hit);
    if (rate_d == 0.0 || (dist_d > 0.0) == (rate_d > 0.0)) return false; /* parallel off-plane, or heading away */
    float t;
    if (!tc_ray_t_ratio(fabs(dist_d), fabs(rate_d), max_t, &t)) return false; /* signs differ: t > 0 */
    if (t > keep_t) return false; /* the hit, if any, would be at t */
    /* Barycentric inside test at the crossing. */
    tc_vec3 x = tc_ray_point_at(ray, t);
    /* A crossing farther from a than the triangle reaches is a miss whatever
     * the signs below round to: far out (a ray almost parallel to the plane)
     * x - a, x - b and x - c round to the same vector. */
    /* In float as always where its sums cannot pass FLT_MAX; beyond (x and
     * a near opposite ends of the range: libFuzzer), in double. */
    const bool small = tc_vec3_max_abs(x) < 0x1p124f && tc_vec3_max_abs(shape->a) < 0x1p124f;
    const double reach = small ? (double)tc_vec3_norm1(tc_vec3_sub(x, shape->a))
                               : fabs((double)x.x - shape->a.x) + fabs((double)x.y - shape->a.y) +
                                     fabs((double)x.z - shape->a.z);
    if (!(reach <= 2.0 * (double)ext)) return false;
    tc_vec3 xa = tc_vec3_sub(shape->a, x), xb = tc_vec3_sub(shape->b, x), xc = tc_vec3_sub(shape->c, x);
    float u = tc_vec3_dot(n, tc_vec3_cross(xb, xc));
    float v = tc_vec3_dot(n, tc_vec3_cross(xc, xa));
    float s = tc_vec3_dot(n, tc_vec3_cross(xa, xb));
    /* u = n . (xb x xc) is |n| |c - b| times x's in-plane distance inside
     * edge bc (likewise v, s). A crossing outside by the signs is a graze
     * lost to rounding only within a length pad, relative to the magnitudes
     * x came from. (A pad in norm1 sizes would reach up to 7 times farther.) */
    if (u < 0.0f || v < 0.0f || s < 0.0f) {
        float pad = TC_PAD_REL * (mag + tc_vec3_norm1(tc_vec3_sub(x, shape->a)));
        /* First without a square root (most crossings outside are well
         * outside): |n| <= n1 and |e| <= |e|_1, so pad_1 |e|_1 is over 3.9
         * times pad |n| |e| whatever the few roundings of either (each
         * relative, a few 2^-24, while pad_1 is a normal number: then so is
         * pad |n|, at least pad_1 / 4 sqrt 3), and rounding is monotone: a
         * value below -pad_1 |e|_1 is below the test's bound after it. */
        const float pad_1 = 4.0f * pad * n1;
        if (pad_1 >= 0x1p-100f && (u < -pad_1 * tc_vec3_norm1(tc_vec3_sub(shape->c, shape->b)) ||
                                   v < -pad_1 * tc_vec3_norm1(tc_vec3_sub(shape->a, shape->c)) ||
                                   s < -pad_1 * tc_vec3_norm1(tc_vec3_sub(shape->b, shape->a))))
            return false;
        float pad_n = pad * tc_vec3_length(n);
        if (u < -pad_n * tc_vec3_length(tc_vec3_sub(shape->c, shape->b)) ||
            v < -pad_n * tc_vec3_length(tc_vec3_sub(shape->a, shape->c)) ||
            s < -pad_n * tc_vec3_length(tc_vec3_sub(shape->b, shape->a)))
            return false;
        /* Within the pads of all three edge lines, but near a sharp corner
         * those reach the pad over the sine of its angle beyond the vertex:
         * the crossing must also lie within the pad of the triangle. */
        tc_vec3 q = tc_triangle_closest(shape->a, shape->b, shape->c, x);
        if (!(tc_vec3_length_sq(tc_vec3_sub(x, q)) <= pad * pad)) return false;
    }
    /* what tc_ray_hit_at keeps: tc_ray_t_ratio made t within [0, max_t] */
    hit->t = t;
    hit->normal = rate_d > 0.0 ? tc_vec3_neg(n) : n;
    hit->feature = -1;
    *raw = true;
    return true;
}

/* The float cast of tc_raycast_triangle, for a triangle, origin and
 * direction within the float range, the largest magnitude at least 1/2
 * (or 0): the raw cast, finished as tc_ray_hit_at finishes a hit. */
bool tc_raycast_triangle_float(const tc_ray *ray, const tc_triangle *shape, float max_t, tc_ray_hit *hit)
{
    tc_ray_hit h;
    bool raw;
    if (!tc_raycast_triangle_float_raw(ray, shape, max_t, max_t, &h, &raw)) return false;
    if (raw) {
        h.point = tc_ray_point_at(ray, h.t);
        h.normal = tc_vec3_normalize(h.normal);
    }
    if (hit) *hit = h;
    return true;
}

bool tc_raycast_triangle(const tc_ray *ray, const tc_triangle *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_triangle_is_valid(shape)) return false;
    return tc_raycast_triangle_checked(ray, shape, max_t, hit);
}

bool tc_ray_triangles_in_float(const tc_ray *ray, float magnitude)
{
    /* The tests of tc_raycast_triangle_checked below, for every triangle of
     * magnitude at most this: none is far, and the origin alone makes the
     * largest magnitude at least 1/2. */
    const float o = tc_vec3_max_abs(ray->origin);
    return magnitude <= TC_OVERLAP_FLOAT_RANGE && o <= TC_OVERLAP_FLOAT_RANGE &&
           tc_vec3_max_abs(ray->dir) <= TC_OVERLAP_FLOAT_RANGE && o >= 0.5f;
}

bool tc_raycast_triangle_checked(const tc_ray *ray, const tc_triangle *shape, float max_t, tc_ray_hit *hit)
{
    if (!(tc_triangle_magnitude(shape) <= TC_OVERLAP_FLOAT_RANGE) ||
        !(tc_vec3_max_abs(ray->origin) <= TC_OVERLAP_FLOAT_RANGE) || !(tc_vec3_max_abs(ray->dir) <= TC_OVERLAP_FLOAT_RANGE))
        return tc_ray_triangle_far(ray, shape, max_t, hit);
    /* Tiny magnitudes (a triangle and origin within 1/2 of the origin) are
     * cast scaled up by 2^-e, which brings the largest to [1/2, 1): the
     * float cast's normal, heights and barycentric products are of the
     * fourth power of the lengths, which at 1e-20 underflow to zero (every
     * crossing of the plane then passed for a hit). Origin, direction and
     * triangle scaled together keep t, and a power of two scales exactly,
     * so where nothing underflowed the answer is the same bits. */
    const float mag = tc_maxf(tc_triangle_magnitude(shape), tc_vec3_max_abs(ray->origin));
    if (!(mag < 0.5f) || mag == 0.0f) return tc_raycast_triangle_float(ray, shape, max_t, hit);
    int e;
    (void)frexpf(mag, &e); /* mag = f 2^e, f in [1/2, 1), so e <= -1 */
    /* A direction that scaled would be beyond the float range: the double
     * cast, as it would be (its range holds the tiny lengths). */
    if (!(tc_vec3_max_abs(ray->dir) <= ldexpf(TC_OVERLAP_FLOAT_RANGE, e))) return tc_ray_triangle_far(ray, shape, max_t, hit);
    const tc_ray scaled = { tc_vec3_shift(ray->origin, e), tc_vec3_shift(ray->dir, e) };
    const tc_triangle tri = { tc_vec3_shift(shape->a, e), tc_vec3_shift(shape->b, e), tc_vec3_shift(shape->c, e) };
    if (!tc_raycast_triangle_float(&scaled, &tri, max_t, hit)) return false;
    if (hit) hit->point = tc_vec3_shift(hit->point, -e);
    return true;
}
