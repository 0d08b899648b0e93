/* SPDX-License-Identifier: MIT */
/* Closest point on each solid shape, and point containment. Containment is
 * padded by the same relative rule as the overlap tests, so a point the
 * closest-point query puts on the surface is always contained. */
#include <math.h>

#include "core/float.h"
#include "math/dvec.h"
#include "shapes/box.h"
#include "shapes/closest.h"

tc_vec3 tc_sphere_closest_point(const tc_sphere *s, tc_vec3 p)
{
    if (!tc_sphere_is_valid(s) || !tc_vec3_finite(p)) return p;
    tc_vec3 d = tc_vec3_sub(p, s->center);
    float len = tc_vec3_length(d);
    if (len <= s->radius) return p;
    return tc_vec3_mul_add(s->center, d, s->radius / len);
}

tc_vec3 tc_capsule_closest_point(const tc_capsule *c, tc_vec3 p)
{
    if (!tc_capsule_is_valid(c) || !tc_vec3_finite(p)) return p;
    tc_sphere s;
    s.center = tc_vec3_lerp(c->a, c->b, tc_segment_closest_param(c->a, c->b, p));
    s.radius = c->radius;
    return tc_sphere_closest_point(&s, p);
}

tc_vec3 tc_aabb_closest_point(const tc_aabb *b, tc_vec3 p)
{
    if (!tc_aabb_is_valid(b) || !tc_vec3_finite(p)) return p;
    return tc_vec3_max(b->min, tc_vec3_min(b->max, p));
}

tc_vec3 tc_obb_closest_point(const tc_obb *b, tc_vec3 p)
{
    if (!tc_obb_is_valid(b) || !tc_vec3_finite(p)) return p;
    tc_vec3 local = tc_obb_point_to_local(b, p);
    tc_vec3 clamped = tc_box_clamp_local(local, b->half);
    if (clamped.x == local.x && clamped.y == local.y && clamped.z == local.z) return p;
    return tc_obb_point_to_world(b, clamped);
}

/* The OBB point nearest p, in double: p plus, along each axis where p is
 * outside the slab, the step back to the face. The contact normal is the
 * direction of that step, and when p is just outside (a sphere nearly
 * swallowed) the float closest point's rounding, about 1e-7 of the
 * coordinates, would tilt it by as much as 1e-7 / gap; the overlap along a
 * tilted normal grows by the box's size times the tilt (4e-4 deeper than the
 * true depth was seen). Inside the box it is p itself, so the cores count as
 * intersecting exactly as tc_obb_closest_point says. */
tc_dvec3 tc_obb_closest_point_d(const tc_obb *b, tc_vec3 p)
{
    tc_dvec3 q = tc_dvec3_from(p), d = tc_dvec3_sub(q, tc_dvec3_from(b->center));
    const tc_vec3 axes[3] = { b->rotation.cx, b->rotation.cy, b->rotation.cz };
    const float half[3] = { b->half.x, b->half.y, b->half.z };
    for (int i = 0; i < 3; ++i) {
        tc_dvec3 u = tc_dvec3_from(axes[i]);
        double t = tc_dvec3_dot(d, u), h = half[i];
        if (t > h) q = tc_dvec3_mad(q, u, h - t);
        else if (t < -h) q = tc_dvec3_mad(q, u, -h - t);
    }
    return q;
}

tc_vec3 tc_plane_closest_point(const tc_plane *pl, tc_vec3 p)
{
    if (!tc_plane_is_valid(pl) || !tc_vec3_finite(p)) return p;
    float s = tc_vec3_dot(pl->normal, p) - pl->offset;
    return s <= 0.0f ? p : tc_vec3_mul_add(p, pl->normal, -s);
}

/* Padding for containment: relative to the point's and the shape's size. */
static float tc_point_pad(tc_vec3 p, float shape_scale)
{
    return TC_PAD_REL * (tc_vec3_max_abs(p) + shape_scale);
}

/* The sphere and capsule tests square lengths: in double, where the
 * squares of any float differences fit (in float they overflow beyond
 * about 1e19, raising FE_OVERFLOW). */
bool tc_sphere_contains_point(const tc_sphere *s, tc_vec3 p)
{
    if (!tc_sphere_is_valid(s) || !tc_vec3_finite(p)) return false;
    const tc_dvec3 d = tc_dvec3_sub(tc_dvec3_from(p), tc_dvec3_from(s->center));
    const double r = (double)s->radius + TC_PAD_REL * (tc_dvec3_max_abs(d) + s->radius);
    return tc_dvec3_length_sq(d) <= r * r;
}

bool tc_capsule_contains_point(const tc_capsule *c, tc_vec3 p)
{
    TC_FP_STRICT /* no division by a zero len2 */
    if (!tc_capsule_is_valid(c) || !tc_vec3_finite(p)) return false;
    /* Relative to a: far from the origin, a point on the segment rounded to
     * absolute coordinates is off by more than a thin capsule's radius. */
    const tc_dvec3 a = tc_dvec3_from(c->a), ap = tc_dvec3_sub(tc_dvec3_from(p), a),
                   ab = tc_dvec3_sub(tc_dvec3_from(c->b), a);
    const double len2 = tc_dvec3_length_sq(ab);
    double t = len2 > 0.0 ? tc_dvec3_dot(ap, ab) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    const tc_dvec3 d = tc_dvec3_mad(ap, ab, -t);
    const double r = (double)c->radius + TC_PAD_REL * (tc_dvec3_max_abs(ap) + c->radius + tc_dvec3_max_abs(ab));
    return tc_dvec3_length_sq(d) <= r * r;
}

bool tc_aabb_contains_point(const tc_aabb *b, tc_vec3 p)
{
    if (!tc_aabb_is_valid(b) || !tc_vec3_finite(p)) return false;
    return p.x >= b->min.x && p.x <= b->max.x && p.y >= b->min.y && p.y <= b->max.y && p.z >= b->min.z &&
           p.z <= b->max.z;
}

bool tc_obb_contains_point(const tc_obb *b, tc_vec3 p)
{
    if (!tc_obb_is_valid(b) || !tc_vec3_finite(p)) return false;
    tc_vec3 d = tc_vec3_sub(p, b->center);
    tc_vec3 local = tc_mat3_tmul_vec3(b->rotation, d);
    float pad = tc_point_pad(d, tc_vec3_max_abs(b->half));
    return tc_absf(local.x) <= b->half.x + pad && tc_absf(local.y) <= b->half.y + pad && tc_absf(local.z) <= b->half.z + pad;
}

bool tc_triangle_contains_point(const tc_triangle *t, tc_vec3 p)
{
    if (!tc_triangle_is_valid(t) || !tc_vec3_finite(p)) return false;
    const float m = tc_maxf(tc_vec3_max_abs(p), tc_maxf(tc_vec3_max_abs(t->a), tc_maxf(tc_vec3_max_abs(t->b), tc_vec3_max_abs(t->c))));
    if (m > 0x1p40f) {
        /* Far out the squares below overflow float. Containment (with its
         * relative pad) does not change when everything is scaled by a
         * power of two, exactly but for values that become subnormal, far
         * inside the band: scaled under 2^40. */
        int e;
        (void)frexpf(m, &e);
        const tc_triangle s = { tc_vec3_ldexp(t->a, 40 - e), tc_vec3_ldexp(t->b, 40 - e), tc_vec3_ldexp(t->c, 40 - e) };
        return tc_triangle_contains_point(&s, tc_vec3_ldexp(p, 40 - e));
    }
    tc_vec3 q = tc_triangle_closest(t->a, t->b, t->c, p);
    tc_vec3 ext = tc_vec3_max(tc_vec3_abs(tc_vec3_sub(t->b, t->a)), tc_vec3_abs(tc_vec3_sub(t->c, t->a)));
    float pad = tc_point_pad(tc_vec3_sub(p, t->a), tc_vec3_max_abs(ext));
    return tc_vec3_length_sq(tc_vec3_sub(p, q)) <= pad * pad;
}

bool tc_plane_contains_point(const tc_plane *pl, tc_vec3 p)
{
    if (!tc_plane_is_valid(pl) || !tc_vec3_finite(p)) return false;
    /* In double: a point or offset near FLT_MAX overflows the float sums
     * (FE_OVERFLOW, found by the pair fuzzer's ray casts). */
    const double s = tc_dvec3_dot(tc_dvec3_from(pl->normal), tc_dvec3_from(p)) - (double)pl->offset;
    return s <= (double)TC_PAD_REL * ((double)tc_vec3_max_abs(p) + fabs((double)pl->offset));
}
