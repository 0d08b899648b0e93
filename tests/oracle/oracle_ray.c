/* SPDX-License-Identifier: MIT */
/* Oracle ray casts in double, one method per shape (see oracle.h). */
#include "oracle.h"

static orc_hit no_hit(void)
{
    orc_hit h;
    h.hit = false;
    h.t = 0.0;
    h.normal = ov(0, 0, 0);
    return h;
}

static orc_hit hit_at(double t, ovec n)
{
    orc_hit h;
    h.hit = true;
    h.t = t;
    h.normal = n;
    return h;
}

static orc_hit inside_hit(const orc_ray *ray)
{
    return hit_at(0.0, ov_scale(ov_unit(ray->d), -1.0));
}

/* Sphere (a point core swept by r): the quadratic |m + t d|^2 = r^2 solved
 * from the closest approach, which keeps it accurate for grazing rays. */
static orc_hit ray_point(const orc_shape *s, const orc_ray *ray, double max_t)
{
    ovec m = ov_sub(ray->o, s->p[0]);
    double r2 = s->radius * s->radius;
    if (ov_len2(m) <= r2) return inside_hit(ray);
    double a = ov_len2(ray->d);
    if (a == 0.0) return no_hit();
    double tc = -ov_dot(m, ray->d) / a;
    if (tc < 0.0) return no_hit();
    double q = ov_len2(ov_madd(m, ray->d, tc));
    if (q > r2) return no_hit();
    double t = tc - sqrt((r2 - q) / a);
    if (t < 0.0) t = 0.0;
    if (t > max_t) return no_hit();
    ovec p = ov_madd(ray->o, ray->d, t);
    return hit_at(t, ov_unit(ov_sub(p, s->p[0])));
}

/* Capsule (segment core swept by r): the distance to the segment along the
 * ray is convex; its minimum comes from the segment-segment oracle, then the
 * first crossing of the radius is found by bisection. */
static orc_hit ray_segment(const orc_shape *s, const orc_ray *ray, double max_t)
{
    double f0 = orc_point_segment(ray->o, s->p[0], s->p[1], NULL);
    if (f0 <= s->radius) return s->radius > 0.0 || f0 == 0.0 ? inside_hit(ray) : no_hit();
    double dl = ov_len(ray->d);
    if (dl == 0.0) return no_hit();
    double T = max_t;
    if (!(T < INFINITY)) {
        ovec mid = ov_scale(ov_add(s->p[0], s->p[1]), 0.5);
        double R = ov_dist(s->p[0], s->p[1]) * 0.5 + s->radius;
        T = 2.0 * (ov_dist(ray->o, mid) + R) / dl + 1.0;
    }
    ovec end = ov_madd(ray->o, ray->d, T), pa;
    double dmin = orc_segment_segment(ray->o, end, s->p[0], s->p[1], &pa, NULL);
    if (dmin > s->radius) return no_hit();
    double tmin = ov_dot(ov_sub(pa, ray->o), ray->d) / (dl * dl);
    if (tmin > T) tmin = T;
    if (tmin < 0.0) tmin = 0.0;
    double lo = 0.0, hi = tmin;
    if (s->radius > 0.0) {
        for (int i = 0; i < 200 && lo < hi; ++i) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) break;
            if (orc_point_segment(ov_madd(ray->o, ray->d, mid), s->p[0], s->p[1], NULL) <= s->radius) hi = mid;
            else lo = mid;
        }
    }
    double t = hi;
    if (t > max_t) return no_hit();
    ovec p = ov_madd(ray->o, ray->d, t), q;
    orc_point_segment(p, s->p[0], s->p[1], &q);
    ovec n = ov_unit(ov_sub(p, q));
    if (ov_len2(n) == 0.0) n = ov_scale(ov_unit(ray->d), -1.0);
    return hit_at(t, n);
}

/* Box: clip the ray against the three slabs in the box's coordinates. */
static orc_hit ray_box(const orc_shape *s, const orc_ray *ray, double max_t)
{
    double lo = 0.0, hi = max_t;
    int enter = -1;
    double enter_sign = 0.0;
    ovec r = ov_sub(ray->o, s->c);
    for (int i = 0; i < 3; ++i) {
        double u = ov_dot(s->inv[i], r), du = ov_dot(s->inv[i], ray->d);
        if (du == 0.0) {
            if (fabs(u) > s->h[i]) return no_hit();
            continue;
        }
        /* moving toward +u the ray enters through the -h face */
        double sg = du > 0.0 ? -1.0 : 1.0;
        double t1 = (sg * s->h[i] - u) / du, t2 = (-sg * s->h[i] - u) / du;
        if (t1 > lo) { lo = t1; enter = i; enter_sign = sg; }
        if (t2 < hi) hi = t2;
        if (lo > hi) return no_hit();
    }
    if (enter < 0) return inside_hit(ray);
    ovec n = ov_unit(ov_cross(s->m[(enter + 1) % 3], s->m[(enter + 2) % 3]));
    if (ov_dot(n, s->m[enter]) < 0.0) n = ov_scale(n, -1.0);
    return hit_at(lo, ov_scale(n, enter_sign));
}

/* Triangle: Moller-Trumbore in double; a ray in the triangle's plane is
 * clipped against the three edge half-planes in 2-D. */
static orc_hit ray_triangle(const orc_shape *s, const orc_ray *ray, double max_t)
{
    if (s->core != ORC_CORE_TRIANGLE) {
        /* A degenerate triangle is a segment or a point: the ray hits it only
         * where it passes through it. */
        orc_shape seg = *s;
        seg.radius = 0.0;
        if (s->core == ORC_CORE_POINT) seg.p[1] = seg.p[0];
        double dl = ov_len(ray->d);
        if (dl == 0.0) return orc_point_segment(ray->o, s->p[0], s->p[1], NULL) == 0.0 ? hit_at(0.0, ov(0, 0, 0)) : no_hit();
        /* far beyond any float coordinate, yet with room for the segment
         * pair's products of squared lengths (1e300 overflowed them) */
        double T = max_t < INFINITY ? max_t : 1e60 / (dl + 1.0);
        ovec pa;
        double d = orc_segment_segment(ray->o, ov_madd(ray->o, ray->d, T), s->p[0], s->p[1], &pa, NULL);
        if (d > 0.0) return no_hit();
        double t = ov_dot(ov_sub(pa, ray->o), ray->d) / (dl * dl);
        return hit_at(t < 0.0 ? 0.0 : t, ov_scale(ov_unit(ray->d), -1.0));
    }
    ovec e1 = ov_sub(s->p[1], s->p[0]), e2 = ov_sub(s->p[2], s->p[0]);
    ovec pv = ov_cross(ray->d, e2);
    double det = ov_dot(e1, pv);
    ovec tv = ov_sub(ray->o, s->p[0]);
    ovec un = ov_unit(s->n);
    if (det != 0.0) {
        double u = ov_dot(tv, pv) / det;
        ovec qv = ov_cross(tv, e1);
        double v = ov_dot(ray->d, qv) / det;
        double t = ov_dot(e2, qv) / det;
        if (u < 0.0 || v < 0.0 || u + v > 1.0 || t < 0.0 || t > max_t) return no_hit();
        /* normal toward the ray's origin */
        if (ov_dot(un, ray->d) > 0.0) un = ov_scale(un, -1.0);
        return hit_at(t, un);
    }
    /* det == 0: the ray is parallel to the plane; it hits only inside it. */
    if (ov_dot(s->n, tv) != 0.0) return no_hit();
    double lo = 0.0, hi = max_t;
    if (!orc_clip_planar_triangle(s, ray->o, ray->d, &lo, &hi)) return no_hit();
    if (ov_len2(ray->d) == 0.0) return hit_at(0.0, ov(0, 0, 0));
    return hit_at(lo, un);
}

static orc_hit ray_half(const orc_shape *s, const orc_ray *ray, double max_t)
{
    double s0 = ov_dot(s->n, ray->o) - s->offset;
    if (s0 <= 0.0) return inside_hit(ray);
    double nd = ov_dot(s->n, ray->d);
    if (!(nd < 0.0)) return no_hit();
    double t = -s0 / nd;
    if (t > max_t) return no_hit();
    return hit_at(t, ov_unit(s->n));
}

orc_hit orc_raycast(const orc_shape *s, const orc_ray *ray, double max_t)
{
    if (s->empty || !s->valid) return no_hit();
    switch (s->kind) {
    case TC_SHAPE_SPHERE: return ray_point(s, ray, max_t);
    case TC_SHAPE_CAPSULE: return ray_segment(s, ray, max_t);
    case TC_SHAPE_AABB:
    case TC_SHAPE_OBB: return ray_box(s, ray, max_t);
    case TC_SHAPE_TRIANGLE: return ray_triangle(s, ray, max_t);
    default: return ray_half(s, ray, max_t);
    }
}
