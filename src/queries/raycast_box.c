/* SPDX-License-Identifier: MIT */
/* Ray casts against AABBs and OBBs: the slab test, on an AABB's own bounds
 * and in an OBB's frame. The box is grown by a relative pad so a ray grazing a face, an edge or a
 * corner is not lost to rounding. */
#include <math.h>

#include "core/assert.h"
#include "queries/ray.h"
#include "queries/slab.h"
#include "shapes/box.h"

/* Ray (o, d) against the box [lo, hi] in the same frame. `mag` bounds the
 * coordinates the ray came from. On a hit: t and the axis of the entry face
 * (-1 when the origin is inside). */
static inline bool tc_ray_box_clip_slab(const tc_slab_ray *r, tc_vec3 lo, tc_vec3 hi, float mag, float max_t, float *t,
                                        int *axis)
{
    float t0 = 0.0f, t1 = max_t;
    int enter = -1;
    if (!tc_slab_clip(r, lo, hi, &t0, &t1, &enter)) {
        /* Missed the exact box: retry with the padded one, which only a ray
         * grazing it within rounding can hit. */
        float pad = TC_PAD_REL * (mag + tc_vec3_max_abs(tc_vec3_sub(tc_vec3_scale(hi, 0.5f), tc_vec3_scale(lo, 0.5f))));
        tc_vec3 p3 = tc_vec3_make(pad, pad, pad);
        t0 = 0.0f;
        t1 = max_t;
        enter = -1;
        if (!tc_slab_clip(r, tc_vec3_sub(lo, p3), tc_vec3_add(hi, p3), &t0, &t1, &enter)) return false;
    }
    *t = t0;
    *axis = enter;
    return true;
}

/* tc_ray_box_clip_slab for a wide ray and box (tc_slab_ray_is_wide): the same
 * two clips in double (tc_slab_clip_double); an entry beyond any float t is
 * a miss. */
static bool tc_ray_box_clip_wide(const tc_slab_ray *r, tc_vec3 lo, tc_vec3 hi, float mag, float max_t, float *t,
                                 int *axis)
{
    for (int pass = 0; pass < 2; ++pass) {
        /* the exact box, then the padded one, as tc_ray_box_clip_slab */
        double pad = 0.0;
        if (pass == 1) {
            const double ex = 0.5 * ((double)hi.x - lo.x), ey = 0.5 * ((double)hi.y - lo.y);
            const double ez = 0.5 * ((double)hi.z - lo.z);
            pad = TC_PAD_REL * ((double)mag + fmax(fmax(0.0, ex), fmax(ey, ez)));
        }
        double t0 = 0.0, t1 = max_t;
        int enter = -1;
        if (tc_slab_clip_double(r, lo, hi, pad, &t0, &t1, &enter)) {
            if (!(t0 <= (double)FLT_MAX)) return false;
            *t = (float)t0;
            *axis = enter;
            return true;
        }
    }
    return false;
}

static bool tc_ray_box_clip(tc_vec3 o, tc_vec3 d, tc_vec3 lo, tc_vec3 hi, float mag, float max_t, float *t, int *axis)
{
    const tc_slab_ray r = tc_slab_ray_make(o, d);
    const float m = tc_maxf(mag, tc_maxf(tc_vec3_max_abs(o), tc_maxf(tc_vec3_max_abs(lo), tc_vec3_max_abs(hi))));
    if (tc_slab_ray_is_wide(&r, m)) return tc_ray_box_clip_wide(&r, lo, hi, mag, max_t, t, axis);
    return tc_ray_box_clip_slab(&r, lo, hi, mag, max_t, t, axis);
}

static tc_vec3 tc_axis_normal(int axis, float dir_component)
{
    float s = dir_component > 0.0f ? -1.0f : 1.0f;
    return tc_vec3_make(axis == 0 ? s : 0.0f, axis == 1 ? s : 0.0f, axis == 2 ? s : 0.0f);
}

static float tc_component(tc_vec3 v, int axis) { return axis == 0 ? v.x : (axis == 1 ? v.y : v.z); }

bool tc_raycast_aabb(const tc_ray *ray, const tc_aabb *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t)) return false;
    const tc_slab_ray r = tc_slab_ray_make(ray->origin, ray->dir);
    return tc_raycast_aabb_slab(ray, &r, shape, max_t, hit);
}

bool tc_raycast_aabb_slab_t(const tc_ray *ray, const tc_slab_ray *r, const tc_aabb *shape, float max_t, float *t,
                            int *axis)
{
    /* In world coordinates against min and max themselves: an origin on a
     * face is then exactly on it (a centre-and-half frame rounds it off).
     * The exact box first, without branches when it can be (the usual hit
     * of a cast at many boxes); the padded retry needs the magnitudes. */
    float t0 = 0.0f, t1 = max_t;
    int enter = -1;
    const float mag =
        tc_maxf(tc_vec3_max_abs(ray->origin), tc_maxf(tc_vec3_max_abs(shape->min), tc_vec3_max_abs(shape->max)));
    if (tc_slab_ray_is_wide(r, mag)) {
        if (!tc_ray_box_clip_wide(r, shape->min, shape->max, mag, max_t, &t0, &enter)) return false;
    } else if (r->parallel || !tc_slab_clip_fast(r, shape->min, shape->max, &t0, &t1, &enter)) {
        if (!tc_ray_box_clip_slab(r, shape->min, shape->max, mag, max_t, &t0, &enter)) return false;
    }
    if (enter < 0) {
        *t = 0.0f; /* from inside */
    } else {
        /* what tc_ray_hit_at keeps */
        if (t0 < 0.0f) t0 = 0.0f;
        if (!(t0 <= max_t)) return false;
        *t = t0;
    }
    *axis = enter;
    return true;
}

void tc_raycast_aabb_fill(const tc_ray *ray, float t, int axis, tc_ray_hit *hit)
{
    if (axis < 0) (void)tc_ray_hit_inside(ray, hit);
    else (void)tc_ray_hit_at(ray, t, tc_axis_normal(axis, tc_component(ray->dir, axis)), t, hit);
}

bool tc_raycast_aabb_slab(const tc_ray *ray, const tc_slab_ray *r, const tc_aabb *shape, float max_t, tc_ray_hit *hit)
{
    if (!tc_aabb_is_valid(shape)) return false;
    float t;
    int axis;
    if (!tc_raycast_aabb_slab_t(ray, r, shape, max_t, &t, &axis)) return false;
    tc_raycast_aabb_fill(ray, t, axis, hit);
    return true;
}

bool tc_raycast_obb(const tc_ray *ray, const tc_obb *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_obb_is_valid(shape)) return false;
    /* Far boxes and origins cast scaled by 2^-k (ray.h), t scaled back. */
    const int k = tc_ray_far_shift(
        tc_maxf(tc_vec3_max_abs(ray->origin), tc_maxf(tc_vec3_max_abs(shape->center), tc_vec3_max_abs(shape->half))));
    /* A direction of extreme length is rotated scaled by 2^-e (ray.h): a
     * float rotation of components near FLT_MAX overflows (issue 12). The
     * cast's t is then 2^(e-k) times the ray's; rather than scale max_t
     * too (out of range both ways), that clip runs unbounded and max_t
     * bounds the ray's own t, as tc_ray_t_ratio does for k alone. */
    int e;
    const tc_vec3 dir = tc_ray_dir_scaled(ray->dir, &e);
    const tc_vec3 half = tc_vec3_shift(shape->half, k);
    tc_vec3 rel = tc_vec3_sub(tc_vec3_shift(ray->origin, k), tc_vec3_shift(shape->center, k));
    tc_vec3 o = tc_mat3_tmul_vec3(shape->rotation, rel);
    tc_vec3 d = tc_mat3_tmul_vec3(shape->rotation, dir);
    const float clip_max = e ? INFINITY : (k ? ldexpf(max_t, -k) : max_t);
    float t;
    int axis;
    if (!tc_ray_box_clip(o, d, tc_vec3_neg(half), half, tc_vec3_norm1(rel), clip_max, &t, &axis)) return false;
    if (axis < 0) return tc_ray_hit_inside(ray, hit);
    if ((k || e) && !tc_ray_t_ratio(ldexp((double)t, k - e), 1.0, max_t, &t)) return false;
    return tc_ray_hit_at(ray, t, tc_mat3_mul_vec3(shape->rotation, tc_axis_normal(axis, tc_component(d, axis))), max_t,
                         hit);
}
