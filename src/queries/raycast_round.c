/* SPDX-License-Identifier: MIT */
/* Ray casts against spheres and capsules.
 *
 * The quadratic is set up from the ray's perpendicular offset to the centre
 * rather than from |origin - centre|^2 - r^2 directly, which loses the
 * discriminant to cancellation when the origin is far away (Haines et al.,
 * "Precision Improvements for Ray/Sphere Intersection", Ray Tracing Gems,
 * 2019). The near root is taken as c / q to avoid a second cancellation.
 *
 * The quadratic's a = |dir|^2 underflows for a dir shorter than about 1e-19
 * and overflows above 1e19, although such a dir is a valid ray: the casts
 * run on dir scaled by a power of two (exact, so every other dir gives the
 * same bits) and scale t back. */
#include <math.h>

#include "core/assert.h"
#include "math/dvec.h"
#include "queries/overlap_far.h"
#include "queries/ray.h"
#include "shapes/closest.h"

/* Entry into the infinite solid cylinder or sphere described by the
 * perpendicular quantities: m = origin offset, d = direction (both with the
 * cylinder axis projected out for a cylinder). Returns false when the line
 * passes farther than radius (plus pad) or heads away. */
static bool tc_ray_round_entry(tc_vec3 mf, tc_vec3 df, float radius, float mag, float *t)
{
    /* In double: the squares of far offsets (beyond about 1e19) overflow
     * float, raising FE_OVERFLOW; in double they cannot. */
    TC_FP_STRICT /* no division before the tests of a and of the root's denominator */
    const tc_dvec3 m = tc_dvec3_from(mf), d = tc_dvec3_from(df);
    const double a = tc_dvec3_dot(d, d);
    const double b = tc_dvec3_dot(m, d);
    if (!(a > 0.0) || b >= 0.0) return false; /* parallel to the axis, or moving away */
    const tc_dvec3 l = tc_dvec3_mad(m, d, -b / a); /* closest approach of the line */
    const double r = radius;
    const double lim = r + TC_PAD_REL * (double)mag;
    const double l2 = tc_dvec3_dot(l, l);
    if (l2 > lim * lim) return false;
    const double h = r * r - l2;
    double q;
    if (h < 0.0) {
        /* The line passes outside, within the pad: a graze lost to rounding,
         * placed at the closest approach. (The near root's formula below
         * would put it past that, by (l2 - r^2) / -b: unbounded for a ray
         * tangent at its origin.) */
        q = -b / a;
    } else {
        const double c = tc_dvec3_dot(m, m) - r * r;
        q = (c > 0.0 ? c : 0.0) / (-b + sqrt(a * h));
    }
    if (!(q <= (double)FLT_MAX)) return false; /* beyond any float t */
    *t = (float)q;
    return true;
}

bool tc_ray_sphere_entry(tc_vec3 origin, tc_vec3 dir, tc_vec3 center, float radius, float *t, tc_vec3 *normal)
{
    tc_vec3 m = tc_vec3_sub(origin, center);
    if (!tc_ray_round_entry(m, dir, radius, tc_vec3_max_abs(m) + radius, t)) return false;
    tc_vec3 n = tc_vec3_mul_add(m, dir, *t);
    /* A point sphere has no surface normal: face the ray. */
    *normal = radius > 0.0f && tc_vec3_dot(n, n) > 0.0f ? n : tc_vec3_neg(dir);
    return true;
}

/* The hit of the unscaled ray for a t of the scaled one, with the normal
 * made to face the ray. Seen from far away, a grazing hit's normal is
 * uncertain by about the rounding of origin - centre over the radius and can
 * tip past perpendicular to dir; the contract says it faces the ray, so any
 * part along dir is removed. */
static bool tc_round_hit(const tc_ray *ray, float t_scaled, int e, tc_vec3 n, float max_t, tc_ray_hit *hit)
{
    /* in double: for a tiny dir, t_scaled * 2^-e is beyond any float */
    float t;
    if (!tc_ray_t_ratio(ldexp((double)t_scaled, -e), 1.0, max_t, &t)) return false;
    tc_vec3 u = tc_vec3_normalize(n), du = tc_vec3_normalize(ray->dir);
    float k = tc_vec3_dot(u, du);
    if (k > 0.0f) {
        tc_vec3 v = tc_vec3_normalize(tc_vec3_mul_add(u, du, -k));
        u = tc_vec3_dot(v, v) > 0.0f ? v : tc_vec3_neg(du);
    }
    return tc_ray_hit_at(ray, t, u, max_t, hit);
}

bool tc_raycast_sphere(const tc_ray *ray, const tc_sphere *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_sphere_is_valid(shape)) return false;
    if (tc_sphere_contains_point(shape, ray->origin)) return tc_ray_hit_inside(ray, hit);
    float t;
    int e;
    tc_vec3 n, dir = tc_ray_dir_scaled(ray->dir, &e);
    const int k = tc_ray_far_shift(tc_maxf(tc_vec3_max_abs(ray->origin), tc_maxf(tc_vec3_max_abs(shape->center), shape->radius)));
    if (!tc_ray_sphere_entry(tc_vec3_shift(ray->origin, k), dir, tc_vec3_shift(shape->center, k),
                             k ? ldexpf(shape->radius, -k) : shape->radius, &t, &n))
        return false;
    return tc_round_hit(ray, t, e - k, n, max_t, hit);
}

bool tc_raycast_capsule(const tc_ray *ray, const tc_capsule *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_capsule_is_valid(shape)) return false;
    if (tc_capsule_contains_point(shape, ray->origin)) return tc_ray_hit_inside(ray, hit);
    /* The capsule is the union of a finite cylinder and two end spheres; the
     * first entry into the union is the earliest entry into any of them. */
    float best_t = INFINITY, t;
    int e;
    tc_vec3 best_n = tc_vec3_zero(), n, dir = tc_ray_dir_scaled(ray->dir, &e);
    const int k = tc_ray_far_shift(tc_maxf(tc_vec3_max_abs(ray->origin), tc_capsule_magnitude(shape)));
    const tc_capsule scaled = { tc_vec3_shift(shape->a, k), tc_vec3_shift(shape->b, k),
                                k ? ldexpf(shape->radius, -k) : shape->radius };
    const tc_vec3 origin = tc_vec3_shift(ray->origin, k);
    shape = &scaled;
    if (tc_ray_sphere_entry(origin, dir, shape->a, shape->radius, &t, &n) && t < best_t) {
        best_t = t;
        best_n = n;
    }
    if (tc_ray_sphere_entry(origin, dir, shape->b, shape->radius, &t, &n) && t < best_t) {
        best_t = t;
        best_n = n;
    }
    tc_vec3 axis = tc_vec3_sub(shape->b, shape->a);
    float len2 = tc_vec3_dot(axis, axis);
    tc_vec3 oa = tc_vec3_sub(origin, shape->a);
    if (len2 > 0.0f) {
        tc_vec3 m = tc_vec3_mul_add(oa, axis, -tc_vec3_dot(oa, axis) / len2);
        tc_vec3 d = tc_vec3_mul_add(dir, axis, -tc_vec3_dot(dir, axis) / len2);
        float mag = tc_vec3_max_abs(oa) + tc_vec3_max_abs(axis) + shape->radius;
        /* A dir nearly along the axis meets the infinite cylinder only far
         * out (t up to FLT_MAX: origin + t dir overflowed, the pair fuzzer);
         * a point of the finite one is within mag of the origin in every
         * coordinate, so an entry farther than twice that along dir misses
         * it (which also bounds the float products below). */
        if (tc_ray_round_entry(m, d, shape->radius, mag, &t) && t < best_t &&
            (double)tc_vec3_max_abs(dir) * t <= 2.0 * mag) {
            float y = tc_vec3_dot(tc_vec3_mul_add(oa, dir, t), axis) / len2;
            if (y >= 0.0f && y <= 1.0f) {
                best_t = t;
                tc_vec3 side = tc_vec3_mul_add(m, d, t);
                best_n = shape->radius > 0.0f && tc_vec3_dot(side, side) > 0.0f ? side : tc_vec3_neg(dir);
            }
        }
    }
    if (best_t == INFINITY) return false;
    /* The normal is taken from the hit point's closest point on the segment,
     * whichever part entered first: near a seam the end sphere and the
     * cylinder enter at the same t within rounding, and the sphere's own
     * normal there is tilted by the distance to the seam over the radius. */
    if (shape->radius > 0.0f) {
        tc_vec3 pa = tc_vec3_mul_add(oa, dir, best_t);
        float y = len2 > 0.0f ? tc_clampf(tc_vec3_dot(pa, axis) / len2, 0.0f, 1.0f) : 0.0f;
        tc_vec3 side = tc_vec3_mul_add(pa, axis, -y);
        if (tc_vec3_dot(side, side) > 0.0f) best_n = side;
    }
    return tc_round_hit(ray, best_t, e - k, best_n, max_t, hit);
}
