/* Ray casts against spheres and capsules.
 *
 * The quadratic is set up from the ray's perpendicular offset to the centre
 * rather than from |origin - centre|^2 - r^2 directly, which loses the
 * discriminant to cancellation when the origin is far away (Haines et al.,
 * "Precision Improvements for Ray/Sphere Intersection", Ray Tracing Gems,
 * 2019). The near root is taken as c / q to avoid a second cancellation. */
#include <math.h>

#include "core/assert.h"
#include "queries/ray.h"
#include "shapes/closest.h"

/* Entry into the infinite solid cylinder or sphere described by the
 * perpendicular quantities: m = origin offset, d = direction (both with the
 * cylinder axis projected out for a cylinder). Returns false when the line
 * passes farther than radius (plus pad) or heads away. */
static bool tc_ray_round_entry(tc_vec3 m, tc_vec3 d, float radius, float mag, float *t)
{
    float a = tc_vec3_dot(d, d);
    float b = tc_vec3_dot(m, d);
    if (!(a > 0.0f) || b >= 0.0f) return false; /* parallel to the axis, or moving away */
    tc_vec3 l = tc_vec3_mul_add(m, d, -b / a);    /* closest approach of the line */
    float pad = TC_PAD_REL * mag;
    float lim = radius + pad;
    float l2 = tc_vec3_dot(l, l);
    if (l2 > lim * lim) return false;
    float h = radius * radius - l2;
    float s = sqrtf(a * tc_maxf(h, 0.0f));
    float c = tc_vec3_dot(m, m) - radius * radius;
    *t = tc_maxf(c, 0.0f) / (-b + s);
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

bool tc_raycast_sphere(const tc_ray *ray, const tc_sphere *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_sphere_is_valid(shape)) return false;
    if (tc_contains_point_sphere(shape, ray->origin)) return tc_ray_hit_inside(ray, hit);
    float t;
    tc_vec3 n;
    if (!tc_ray_sphere_entry(ray->origin, ray->dir, shape->center, shape->radius, &t, &n)) return false;
    return tc_ray_hit_at(ray, t, n, max_t, hit);
}

bool tc_raycast_capsule(const tc_ray *ray, const tc_capsule *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_capsule_is_valid(shape)) return false;
    if (tc_contains_point_capsule(shape, ray->origin)) return tc_ray_hit_inside(ray, hit);
    /* The capsule is the union of a finite cylinder and two end spheres; the
     * first entry into the union is the earliest entry into any of them. */
    float best_t = INFINITY, t;
    tc_vec3 best_n = tc_vec3_zero(), n;
    if (tc_ray_sphere_entry(ray->origin, ray->dir, shape->a, shape->radius, &t, &n) && t < best_t) {
        best_t = t;
        best_n = n;
    }
    if (tc_ray_sphere_entry(ray->origin, ray->dir, shape->b, shape->radius, &t, &n) && t < best_t) {
        best_t = t;
        best_n = n;
    }
    tc_vec3 axis = tc_vec3_sub(shape->b, shape->a);
    float len2 = tc_vec3_dot(axis, axis);
    if (len2 > 0.0f) {
        tc_vec3 oa = tc_vec3_sub(ray->origin, shape->a);
        tc_vec3 m = tc_vec3_mul_add(oa, axis, -tc_vec3_dot(oa, axis) / len2);
        tc_vec3 d = tc_vec3_mul_add(ray->dir, axis, -tc_vec3_dot(ray->dir, axis) / len2);
        float mag = tc_vec3_max_abs(oa) + tc_vec3_max_abs(axis) + shape->radius;
        if (tc_ray_round_entry(m, d, shape->radius, mag, &t) && t < best_t) {
            float y = tc_vec3_dot(tc_vec3_mul_add(oa, ray->dir, t), axis) / len2;
            if (y >= 0.0f && y <= 1.0f) {
                best_t = t;
                tc_vec3 side = tc_vec3_mul_add(m, d, t);
                best_n = shape->radius > 0.0f && tc_vec3_dot(side, side) > 0.0f ? side : tc_vec3_neg(ray->dir);
            }
        }
    }
    if (best_t == INFINITY) return false;
    return tc_ray_hit_at(ray, best_t, best_n, max_t, hit);
}
