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

#endif
