/* SPDX-License-Identifier: MIT */
/* Shared pieces of the ray casts: argument checks, the inside-start rule and
 * filling a hit. */
#ifndef TOUCHE_QUERIES_RAY_H
#define TOUCHE_QUERIES_RAY_H

#include <math.h>
#include <touche/raycast.h>

#include "core/float.h"
#include "math/dvec.h"
#include "queries/slab.h"

/* A usable ray: finite origin and direction, max_t >= 0 (INFINITY allowed,
 * NaN refused). */
static inline bool tc_ray_is_usable(const tc_ray *ray, float max_t)
{
    /* NaN from its bits: an ordered comparison of a NaN raises FE_INVALID */
    return ray && tc_vec3_finite(ray->origin) && tc_vec3_finite(ray->dir) && !tc_is_nan(max_t) && max_t >= 0.0f;
}

/* t = num / den for den > 0 (a float ratio: num and den are floats, or
 * products of two), in double so that a tiny den (a direction of 1e-45)
 * neither overflows nor traps; false when t is beyond max_t or any float.
 * Negative t become 0. */
static inline bool tc_ray_t_ratio(double num, double den, float max_t, float *t)
{
    TC_FP_STRICT /* callers test den before calling: no division before that */
    const double q = num / den;
    if (!(q <= (double)max_t) || !(q <= (double)FLT_MAX)) return false;
    *t = q > 0.0 ? (float)q : 0.0f;
    return true;
}

/* Far shapes and origins (beyond 2^40) are cast scaled by 2^-k, which
 * brings them under 2^40: a ray cast is unchanged when origin and shape are
 * scaled together, up to t, which scales with them, and the float squares
 * and products below then cannot overflow. Exact but for values that
 * become subnormal, far inside the tolerance band of such a pair. Returns
 * k (0 for ordinary magnitudes). */
static inline int tc_ray_far_shift(float mag)
{
    if (!(mag > 0x1p40f)) return 0;
    int e;
    (void)frexpf(mag, &e); /* mag < 2^e */
    return e - 40;
}

static inline tc_vec3 tc_vec3_shift(tc_vec3 v, int k)
{
    return k ? tc_vec3_make(ldexpf(v.x, -k), ldexpf(v.y, -k), ldexpf(v.z, -k)) : v;
}

/* dir times 2^-e, with e chosen so its largest component is in [0.5, 1);
 * a t of the scaled ray times 2^-e is the t of the given one. */
static inline tc_vec3 tc_ray_dir_scaled(tc_vec3 dir, int *e)
{
    *e = 0;
    float m = tc_vec3_max_abs(dir);
    /* Ordinary lengths square without underflow or overflow: leave them (the
     * scaling is exact, so the answer is the same, only slower). */
    if (m >= 0x1p-40f && m <= 0x1p40f) return dir;
    (void)frexpf(m, e);
    return tc_vec3_make(ldexpf(dir.x, -*e), ldexpf(dir.y, -*e), ldexpf(dir.z, -*e));
}

/* The ray starts inside or on the shape: t = 0, normal against the ray. */
static inline bool tc_ray_hit_inside(const tc_ray *ray, tc_ray_hit *hit)
{
    if (hit) {
        hit->t = 0.0f;
        hit->point = ray->origin;
        hit->normal = tc_vec3_neg(tc_vec3_normalize(ray->dir));
        hit->feature = -1;
    }
    return true;
}

/* origin + t * dir, in double: a far hit on a long ray (t * dir near the
 * end of the float range) must not overflow there. The shapes are finite, so the
 * point is too, up to rounding, which the clamp to the float range takes. */
static inline tc_vec3 tc_ray_point_at(const tc_ray *ray, float t)
{
    if (!tc_is_finite(t)) t = FLT_MAX;
    /* Within the range, the float sum as always (the same bits). */
    if ((double)tc_vec3_max_abs(ray->dir) * t + tc_vec3_max_abs(ray->origin) < 0x1p127)
        return tc_vec3_mul_add(ray->origin, ray->dir, t);
    const double p[3] = { (double)ray->origin.x + (double)ray->dir.x * t, (double)ray->origin.y + (double)ray->dir.y * t,
                          (double)ray->origin.z + (double)ray->dir.z * t };
    return tc_dvec3_to_saturated(tc_dvec3_make(p[0], p[1], p[2]));
}

/* A hit at t >= 0 with the given outward normal (normalised here). */
static inline bool tc_ray_hit_at(const tc_ray *ray, float t, tc_vec3 normal, float max_t, tc_ray_hit *hit)
{
    if (t < 0.0f) t = 0.0f;
    if (!(t <= max_t)) return false;
    if (hit) {
        hit->t = t;
        hit->point = tc_ray_point_at(ray, t);
        hit->normal = tc_vec3_normalize(normal);
        hit->feature = -1;
    }
    return true;
}

/* tc_raycast_aabb for a ray whose slab form r (tc_slab_ray_make of its
 * origin and direction) the caller already made, for casting one ray at
 * many boxes: the same answer, bit for bit, without redoing the
 * reciprocals. The ray must be usable (tc_ray_is_usable). */
bool tc_raycast_aabb_slab(const tc_ray *ray, const tc_slab_ray *r, const tc_aabb *shape, float max_t, tc_ray_hit *hit);
/* The same in two steps, for casting at many boxes and filling in only the
 * hit that is kept: the t and the entry axis (-1 from inside) of the cast
 * at a box known to be valid (tc_aabb_is_valid), then the hit they make
 * (hit may be NULL). Together they give tc_raycast_aabb_slab's bits. */
bool tc_raycast_aabb_slab_t(const tc_ray *ray, const tc_slab_ray *r, const tc_aabb *shape, float max_t, float *t,
                            int *axis);
void tc_raycast_aabb_fill(const tc_ray *ray, float t, int axis, tc_ray_hit *hit);

/* tc_raycast_triangle for a ray known to be usable (tc_ray_is_usable, with
 * this max_t) and a triangle known to be finite: the same bits, without
 * testing them again (the mesh walk tests its ray once, and its triangles
 * were tested when the mesh was made). */
bool tc_raycast_triangle_checked(const tc_ray *ray, const tc_triangle *shape, float max_t, tc_ray_hit *hit);
/* The cast tc_raycast_triangle_checked makes of a triangle and ray within
 * the float range, the larger of their magnitudes at least 1/2: called
 * directly where tc_ray_triangles_in_float said so, it gives the same bits
 * without the per-triangle range tests. */
bool tc_raycast_triangle_float(const tc_ray *ray, const tc_triangle *shape, float max_t, tc_ray_hit *hit);
/* tc_raycast_triangle_float for a walk that keeps one hit of many (hit not
 * NULL), the nearest at most keep_t (<= max_t): a ray crossing the
 * triangle's plane beyond keep_t is a miss here (the cast would hit there
 * or nowhere), without the edge tests; any other case is cast as
 * tc_raycast_triangle_float casts it, with max_t (a ray in the plane is
 * clipped to max_t, and its answer can move with it). Where *raw comes
 * back true, only hit->t and hit->feature are final, hit->normal is the
 * face normal not yet normalised and hit->point is not written;
 * tc_vec3_normalize of that normal and tc_ray_point_at of t then give
 * tc_raycast_triangle_float's bits. Where *raw is false, the hit is as
 * tc_raycast_triangle_float fills it. */
bool tc_raycast_triangle_float_raw(const tc_ray *ray, const tc_triangle *shape, float max_t, float keep_t, tc_ray_hit *hit,
                                   bool *raw);
/* Whether tc_raycast_triangle_checked casts this usable ray at every
 * triangle whose coordinates are at most magnitude by
 * tc_raycast_triangle_float (decided once for a mesh's ray, not once a
 * triangle). */
bool tc_ray_triangles_in_float(const tc_ray *ray, float magnitude);

/* First entry of the ray into a sphere (origin known to be outside), as t
 * and outward normal. Internal to the round-shape casts. */
bool tc_ray_sphere_entry(tc_vec3 origin, tc_vec3 dir, tc_vec3 center, float radius, float *t, tc_vec3 *normal);

#endif
