/* Ray casts against AABBs and OBBs: the slab test, in the box's own frame.
 * The box is grown by a relative pad so a ray grazing a face, an edge or a
 * corner is not lost to rounding. */
#include "core/assert.h"
#include "queries/ray.h"
#include "queries/slab.h"
#include "shapes/box.h"

/* Ray (o, d) in the box's frame, box [-half, half]. `mag` bounds the
 * coordinates the local ray came from. On a hit: t and the local axis of the
 * entry face (-1 when the origin is inside). */
static bool tc_ray_box_local(tc_vec3 o, tc_vec3 d, tc_vec3 half, float mag, float max_t, float *t, int *axis)
{
    tc_slab_ray r = tc_slab_ray_make(o, d);
    float t0 = 0.0f, t1 = max_t;
    int enter = -1;
    if (!tc_slab_clip(&r, tc_vec3_neg(half), half, &t0, &t1, &enter)) {
        /* Missed the exact box: retry with the padded one, which only a ray
         * grazing it within rounding can hit. */
        float pad = TC_PAD_REL * (mag + tc_vec3_max_abs(half));
        tc_vec3 grown = tc_vec3_add(half, tc_vec3_make(pad, pad, pad));
        t0 = 0.0f;
        t1 = max_t;
        enter = -1;
        if (!tc_slab_clip(&r, tc_vec3_neg(grown), grown, &t0, &t1, &enter)) return false;
    }
    *t = t0;
    *axis = enter;
    return true;
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
    if (!tc_ray_is_usable(ray, max_t) || !tc_aabb_is_valid(shape)) return false;
    tc_vec3 center, half;
    tc_aabb_center_half(shape, &center, &half);
    tc_vec3 o = tc_vec3_sub(ray->origin, center);
    float t;
    int axis;
    if (!tc_ray_box_local(o, ray->dir, half, tc_vec3_max_abs(o) + tc_vec3_max_abs(center), max_t, &t, &axis))
        return false;
    if (axis < 0) return tc_ray_hit_inside(ray, hit);
    return tc_ray_hit_at(ray, t, tc_axis_normal(axis, tc_component(ray->dir, axis)), max_t, hit);
}

bool tc_raycast_obb(const tc_ray *ray, const tc_obb *shape, float max_t, tc_ray_hit *hit)
{
    if (!TC_REQUIRE(ray != NULL && shape != NULL)) return false;
    if (!tc_ray_is_usable(ray, max_t) || !tc_obb_is_valid(shape)) return false;
    tc_vec3 rel = tc_vec3_sub(ray->origin, shape->center);
    tc_vec3 o = tc_mat3_tmul_vec3(shape->rotation, rel);
    tc_vec3 d = tc_mat3_tmul_vec3(shape->rotation, ray->dir);
    float t;
    int axis;
    if (!tc_ray_box_local(o, d, shape->half, tc_vec3_norm1(rel), max_t, &t, &axis)) return false;
    if (axis < 0) return tc_ray_hit_inside(ray, hit);
    return tc_ray_hit_at(ray, t, tc_mat3_mul_vec3(shape->rotation, tc_axis_normal(axis, tc_component(d, axis))), max_t,
                         hit);
}
