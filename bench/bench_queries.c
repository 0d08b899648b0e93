/* SPDX-License-Identifier: MIT */
/* bench_queries: nanoseconds per call for every tc_overlap_* pair and every
 * tc_raycast_*, each beside a simple baseline measured in the same run on the
 * same inputs.
 *
 * The baselines are what a programmer writes in an afternoon: straight from
 * the definition, recomputing what they need on every call (matrices from
 * quaternions, normalised axes, square roots), and projecting corners rather
 * than using the closed-form radius. They are not robust near touching; the
 * "agree" column shows on what share of the inputs they give Touché's answer,
 * which is a sanity check that both sides do the same work, not a test.
 *
 * Inputs: for each query, PAIRS pre-generated pairs, a third overlapping, a
 * third near touching (relative gap or overlap 1e-7 .. 1e-2) and a third
 * apart; rays aimed at a point near the shape, a tenth starting inside. The
 * same loop is timed for Touché and the baseline; the fastest of several runs
 * is kept, which is the run least disturbed by other processes.
 */
#include "bench_util.h"

#include <touche/touche.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAIRS 2048

/* The library's tagged shape, and for an OBB the quaternion it came from,
 * which the baselines rebuild the matrix from. */
typedef struct shape {
    tc_shape tc;
    tc_quat q;
} shape;

/* ---- small vector helpers for the baselines --------------------------------- */
static tc_vec3 v3(float x, float y, float z) { return tc_vec3_make(x, y, z); }
static tc_vec3 vadd(tc_vec3 a, tc_vec3 b) { return tc_vec3_add(a, b); }
static tc_vec3 vsub(tc_vec3 a, tc_vec3 b) { return tc_vec3_sub(a, b); }
static tc_vec3 vscale(tc_vec3 a, float s) { return tc_vec3_scale(a, s); }
static float vdot(tc_vec3 a, tc_vec3 b) { return tc_vec3_dot(a, b); }
static tc_vec3 vcross(tc_vec3 a, tc_vec3 b) { return tc_vec3_cross(a, b); }
static float vlen(tc_vec3 a) { return sqrtf(vdot(a, a)); }
static float vcomp(tc_vec3 a, int k) { return k == 0 ? a.x : (k == 1 ? a.y : a.z); }
static float clampf(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

/* Rotation matrix from a quaternion, normalising it: what a naive caller does
 * on every query when it keeps only the quaternion. */
static tc_mat3 naive_matrix(tc_quat q)
{
    float n = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    float x = q.x / n, y = q.y / n, z = q.z / n, w = q.w / n;
    tc_mat3 m;
    m.cx = v3(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y));
    m.cy = v3(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x));
    m.cz = v3(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y));
    return m;
}

static tc_vec3 mat_col(tc_mat3 m, int k) { return k == 0 ? m.cx : (k == 1 ? m.cy : m.cz); }

static void box_corners(tc_vec3 c, tc_vec3 h, tc_mat3 r, tc_vec3 out[8])
{
    for (int i = 0; i < 8; ++i) {
        tc_vec3 p = c;
        p = vadd(p, vscale(r.cx, (i & 1) ? h.x : -h.x));
        p = vadd(p, vscale(r.cy, (i & 2) ? h.y : -h.y));
        p = vadd(p, vscale(r.cz, (i & 4) ? h.z : -h.z));
        out[i] = p;
    }
}

static void project(const tc_vec3 *p, int n, tc_vec3 axis, float *lo, float *hi)
{
    float a = vdot(p[0], axis), b = a;
    for (int i = 1; i < n; ++i) {
        float d = vdot(p[i], axis);
        if (d < a) a = d;
        if (d > b) b = d;
    }
    *lo = a;
    *hi = b;
}

/* Separating-axis test by projecting every vertex on every (normalised)
 * axis; axes shorter than 1e-6 are skipped, the usual absolute epsilon. */
static bool sat_points(const tc_vec3 *pa, int na, const tc_vec3 *pb, int nb, const tc_vec3 *axes, int count)
{
    for (int i = 0; i < count; ++i) {
        float len = vlen(axes[i]);
        if (len < 1e-6f) continue;
        tc_vec3 axis = vscale(axes[i], 1.0f / len);
        float alo, ahi, blo, bhi;
        project(pa, na, axis, &alo, &ahi);
        project(pb, nb, axis, &blo, &bhi);
        if (ahi < blo || bhi < alo) return false;
    }
    return true;
}

static float point_segment_dist(tc_vec3 p, tc_vec3 a, tc_vec3 b)
{
    tc_vec3 ab = vsub(b, a);
    float l2 = vdot(ab, ab);
    float t = l2 > 0.0f ? clampf(vdot(vsub(p, a), ab) / l2, 0.0f, 1.0f) : 0.0f;
    return vlen(vsub(p, vadd(a, vscale(ab, t))));
}

static float point_aabb_dist(tc_vec3 p, tc_vec3 mn, tc_vec3 mx)
{
    tc_vec3 q = v3(clampf(p.x, mn.x, mx.x), clampf(p.y, mn.y, mx.y), clampf(p.z, mn.z, mx.z));
    return vlen(vsub(p, q));
}

/* Projection on the plane, inside test by three edge cross products, and the
 * three edges otherwise. */
static float point_triangle_dist(tc_vec3 p, const tc_triangle *t)
{
    tc_vec3 n = vcross(vsub(t->b, t->a), vsub(t->c, t->a));
    float nn = vdot(n, n);
    if (nn > 0.0f) {
        float s = vdot(vsub(p, t->a), n) / nn;
        tc_vec3 q = vsub(p, vscale(n, s));
        if (vdot(vcross(vsub(t->b, t->a), vsub(q, t->a)), n) >= 0.0f &&
            vdot(vcross(vsub(t->c, t->b), vsub(q, t->b)), n) >= 0.0f &&
            vdot(vcross(vsub(t->a, t->c), vsub(q, t->c)), n) >= 0.0f)
            return fabsf(s) * sqrtf(nn);
    }
    float d0 = point_segment_dist(p, t->a, t->b), d1 = point_segment_dist(p, t->b, t->c),
          d2 = point_segment_dist(p, t->c, t->a);
    return fminf(d0, fminf(d1, d2));
}

/* Golden-section search of a convex function of s in [0, 1]: the naive way to
 * get a segment's distance to any convex shape. 40 steps shrink the interval
 * to 4e-9. */
typedef float dist_fn(tc_vec3 p, const void *ctx);
static float golden_min(tc_vec3 a, tc_vec3 b, dist_fn *f, const void *ctx)
{
    const float g = 0.618033988f;
    float lo = 0.0f, hi = 1.0f;
    tc_vec3 ab = vsub(b, a);
    float x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    float f1 = f(vadd(a, vscale(ab, x1)), ctx), f2 = f(vadd(a, vscale(ab, x2)), ctx);
    for (int i = 0; i < 40; ++i) {
        if (f1 < f2) {
            hi = x2; x2 = x1; f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = f(vadd(a, vscale(ab, x1)), ctx);
        } else {
            lo = x1; x1 = x2; f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = f(vadd(a, vscale(ab, x2)), ctx);
        }
    }
    float best = fminf(f1, f2);
    best = fminf(best, f(a, ctx));
    return fminf(best, f(b, ctx));
}

typedef struct box_local { tc_vec3 mn, mx; } box_local;
static float dist_to_box(tc_vec3 p, const void *ctx)
{
    const box_local *b = (const box_local *)ctx;
    return point_aabb_dist(p, b->mn, b->mx);
}
static float dist_to_triangle(tc_vec3 p, const void *ctx) { return point_triangle_dist(p, (const tc_triangle *)ctx); }

/* Closest points of two segments by the textbook clamped 2x2 solve. */
static float segment_segment_dist(tc_vec3 p1, tc_vec3 q1, tc_vec3 p2, tc_vec3 q2)
{
    tc_vec3 d1 = vsub(q1, p1), d2 = vsub(q2, p2), r = vsub(p1, p2);
    float a = vdot(d1, d1), e = vdot(d2, d2), f = vdot(d2, r);
    float s, t;
    if (a <= 1e-12f && e <= 1e-12f) return vlen(r);
    if (a <= 1e-12f) {
        s = 0.0f;
        t = clampf(f / e, 0.0f, 1.0f);
    } else {
        float c = vdot(d1, r);
        if (e <= 1e-12f) {
            t = 0.0f;
            s = clampf(-c / a, 0.0f, 1.0f);
        } else {
            float b = vdot(d1, d2), den = a * e - b * b;
            s = den != 0.0f ? clampf((b * f - c * e) / den, 0.0f, 1.0f) : 0.0f;
            t = (b * s + f) / e;
            if (t < 0.0f) {
                t = 0.0f;
                s = clampf(-c / a, 0.0f, 1.0f);
            } else if (t > 1.0f) {
                t = 1.0f;
                s = clampf((b - c) / a, 0.0f, 1.0f);
            }
        }
    }
    return vlen(vsub(vadd(p1, vscale(d1, s)), vadd(p2, vscale(d2, t))));
}

static float plane_signed(const tc_plane *p, tc_vec3 x)
{
    float n = vlen(p->normal);
    return (vdot(p->normal, x) - p->offset) / n;
}

static void aabb_corners(const tc_aabb *b, tc_vec3 out[8])
{
    for (int i = 0; i < 8; ++i)
        out[i] = v3((i & 1) ? b->max.x : b->min.x, (i & 2) ? b->max.y : b->min.y, (i & 4) ? b->max.z : b->min.z);
}

/* ---- overlap baselines --------------------------------------------------------- */
static BENCH_NOINLINE bool base_sphere_sphere(const shape *a, const shape *b)
{
    return vlen(vsub(a->tc.u.sphere.center, b->tc.u.sphere.center)) <= a->tc.u.sphere.radius + b->tc.u.sphere.radius;
}
static BENCH_NOINLINE bool base_sphere_capsule(const shape *a, const shape *b)
{
    return point_segment_dist(a->tc.u.sphere.center, b->tc.u.capsule.a, b->tc.u.capsule.b) <=
           a->tc.u.sphere.radius + b->tc.u.capsule.radius;
}
static BENCH_NOINLINE bool base_sphere_aabb(const shape *a, const shape *b)
{
    return point_aabb_dist(a->tc.u.sphere.center, b->tc.u.aabb.min, b->tc.u.aabb.max) <= a->tc.u.sphere.radius;
}
static BENCH_NOINLINE bool base_sphere_obb(const shape *a, const shape *b)
{
    tc_mat3 r = naive_matrix(b->q);
    tc_vec3 h = b->tc.u.obb.half;
    tc_vec3 local = tc_mat3_tmul_vec3(r, vsub(a->tc.u.sphere.center, b->tc.u.obb.center));
    return point_aabb_dist(local, tc_vec3_neg(h), h) <= a->tc.u.sphere.radius;
}
static BENCH_NOINLINE bool base_sphere_triangle(const shape *a, const shape *b)
{
    return point_triangle_dist(a->tc.u.sphere.center, &b->tc.u.triangle) <= a->tc.u.sphere.radius;
}
static BENCH_NOINLINE bool base_sphere_plane(const shape *a, const shape *b)
{
    return plane_signed(&b->tc.u.plane, a->tc.u.sphere.center) <= a->tc.u.sphere.radius;
}
static BENCH_NOINLINE bool base_capsule_capsule(const shape *a, const shape *b)
{
    return segment_segment_dist(a->tc.u.capsule.a, a->tc.u.capsule.b, b->tc.u.capsule.a, b->tc.u.capsule.b) <=
           a->tc.u.capsule.radius + b->tc.u.capsule.radius;
}
static BENCH_NOINLINE bool base_capsule_aabb(const shape *a, const shape *b)
{
    box_local box = { b->tc.u.aabb.min, b->tc.u.aabb.max };
    return golden_min(a->tc.u.capsule.a, a->tc.u.capsule.b, dist_to_box, &box) <= a->tc.u.capsule.radius;
}
static BENCH_NOINLINE bool base_capsule_obb(const shape *a, const shape *b)
{
    tc_mat3 r = naive_matrix(b->q);
    box_local box = { tc_vec3_neg(b->tc.u.obb.half), b->tc.u.obb.half };
    tc_vec3 la = tc_mat3_tmul_vec3(r, vsub(a->tc.u.capsule.a, b->tc.u.obb.center));
    tc_vec3 lb = tc_mat3_tmul_vec3(r, vsub(a->tc.u.capsule.b, b->tc.u.obb.center));
    return golden_min(la, lb, dist_to_box, &box) <= a->tc.u.capsule.radius;
}
static BENCH_NOINLINE bool base_capsule_triangle(const shape *a, const shape *b)
{
    return golden_min(a->tc.u.capsule.a, a->tc.u.capsule.b, dist_to_triangle, &b->tc.u.triangle) <= a->tc.u.capsule.radius;
}
static BENCH_NOINLINE bool base_capsule_plane(const shape *a, const shape *b)
{
    float da = plane_signed(&b->tc.u.plane, a->tc.u.capsule.a), db = plane_signed(&b->tc.u.plane, a->tc.u.capsule.b);
    return fminf(da, db) <= a->tc.u.capsule.radius;
}
static BENCH_NOINLINE bool base_aabb_aabb(const shape *a, const shape *b)
{
    /* Centre and half-extent form, recomputed per call. */
    for (int k = 0; k < 3; ++k) {
        float ca = 0.5f * (vcomp(a->tc.u.aabb.min, k) + vcomp(a->tc.u.aabb.max, k));
        float ha = 0.5f * (vcomp(a->tc.u.aabb.max, k) - vcomp(a->tc.u.aabb.min, k));
        float cb = 0.5f * (vcomp(b->tc.u.aabb.min, k) + vcomp(b->tc.u.aabb.max, k));
        float hb = 0.5f * (vcomp(b->tc.u.aabb.max, k) - vcomp(b->tc.u.aabb.min, k));
        if (fabsf(ca - cb) > ha + hb) return false;
    }
    return true;
}

/* 15 axes of two boxes: 3 + 3 face normals and 9 edge cross products. */
static void box_box_axes(tc_mat3 ra, tc_mat3 rb, tc_vec3 axes[15])
{
    for (int i = 0; i < 3; ++i) {
        axes[i] = mat_col(ra, i);
        axes[3 + i] = mat_col(rb, i);
        for (int j = 0; j < 3; ++j)
            axes[6 + 3 * i + j] = vcross(mat_col(ra, i), mat_col(rb, j));
    }
}

static bool naive_box_box(tc_vec3 ca, tc_vec3 ha, tc_mat3 ra, tc_vec3 cb, tc_vec3 hb, tc_mat3 rb)
{
    tc_vec3 pa[8], pb[8], axes[15];
    box_corners(ca, ha, ra, pa);
    box_corners(cb, hb, rb, pb);
    box_box_axes(ra, rb, axes);
    return sat_points(pa, 8, pb, 8, axes, 15);
}

static BENCH_NOINLINE bool base_aabb_obb(const shape *a, const shape *b)
{
    tc_vec3 ca = vscale(vadd(a->tc.u.aabb.min, a->tc.u.aabb.max), 0.5f);
    tc_vec3 ha = vscale(vsub(a->tc.u.aabb.max, a->tc.u.aabb.min), 0.5f);
    return naive_box_box(ca, ha, naive_matrix(tc_quat_identity()), b->tc.u.obb.center, b->tc.u.obb.half,
                         naive_matrix(b->q));
}

static bool naive_box_triangle(const tc_vec3 corners[8], tc_mat3 r, const tc_triangle *t)
{
    tc_vec3 tri[3] = { t->a, t->b, t->c };
    tc_vec3 e[3] = { vsub(t->b, t->a), vsub(t->c, t->b), vsub(t->a, t->c) };
    tc_vec3 axes[13];
    for (int i = 0; i < 3; ++i) {
        axes[i] = mat_col(r, i);
        for (int j = 0; j < 3; ++j)
            axes[4 + 3 * i + j] = vcross(mat_col(r, i), e[j]);
    }
    axes[3] = vcross(e[0], e[1]);
    return sat_points(corners, 8, tri, 3, axes, 13);
}

static BENCH_NOINLINE bool base_aabb_triangle(const shape *a, const shape *b)
{
    tc_vec3 corners[8];
    aabb_corners(&a->tc.u.aabb, corners);
    return naive_box_triangle(corners, tc_mat3_identity(), &b->tc.u.triangle);
}
static BENCH_NOINLINE bool base_aabb_plane(const shape *a, const shape *b)
{
    tc_vec3 corners[8];
    aabb_corners(&a->tc.u.aabb, corners);
    float lo = INFINITY;
    for (int i = 0; i < 8; ++i) lo = fminf(lo, plane_signed(&b->tc.u.plane, corners[i]));
    return lo <= 0.0f;
}
static BENCH_NOINLINE bool base_obb_obb(const shape *a, const shape *b)
{
    return naive_box_box(a->tc.u.obb.center, a->tc.u.obb.half, naive_matrix(a->q), b->tc.u.obb.center, b->tc.u.obb.half,
                         naive_matrix(b->q));
}
static BENCH_NOINLINE bool base_obb_triangle(const shape *a, const shape *b)
{
    tc_mat3 r = naive_matrix(a->q);
    tc_vec3 corners[8];
    box_corners(a->tc.u.obb.center, a->tc.u.obb.half, r, corners);
    return naive_box_triangle(corners, r, &b->tc.u.triangle);
}
static BENCH_NOINLINE bool base_obb_plane(const shape *a, const shape *b)
{
    tc_vec3 corners[8];
    box_corners(a->tc.u.obb.center, a->tc.u.obb.half, naive_matrix(a->q), corners);
    float lo = INFINITY;
    for (int i = 0; i < 8; ++i) lo = fminf(lo, plane_signed(&b->tc.u.plane, corners[i]));
    return lo <= 0.0f;
}
static BENCH_NOINLINE bool base_triangle_triangle(const shape *a, const shape *b)
{
    const tc_triangle *s = &a->tc.u.triangle, *t = &b->tc.u.triangle;
    tc_vec3 ps[3] = { s->a, s->b, s->c }, pt[3] = { t->a, t->b, t->c };
    tc_vec3 es[3] = { vsub(s->b, s->a), vsub(s->c, s->b), vsub(s->a, s->c) };
    tc_vec3 et[3] = { vsub(t->b, t->a), vsub(t->c, t->b), vsub(t->a, t->c) };
    tc_vec3 ns = vcross(es[0], es[1]), nt = vcross(et[0], et[1]);
    tc_vec3 axes[17];
    axes[0] = ns;
    axes[1] = nt;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) axes[2 + 3 * i + j] = vcross(es[i], et[j]);
        axes[11 + i] = vcross(ns, es[i]); /* in-plane edge normals, for coplanar triangles */
        axes[14 + i] = vcross(nt, et[i]);
    }
    return sat_points(ps, 3, pt, 3, axes, 17);
}
static BENCH_NOINLINE bool base_triangle_plane(const shape *a, const shape *b)
{
    const tc_triangle *t = &a->tc.u.triangle;
    float d = fminf(plane_signed(&b->tc.u.plane, t->a), fminf(plane_signed(&b->tc.u.plane, t->b), plane_signed(&b->tc.u.plane, t->c)));
    return d <= 0.0f;
}

/* ---- ray baselines ----------------------------------------------------------------
 * Each fills a hit like Touché does (t, point, normal facing the ray), so the
 * two sides do the same amount of work. */
static bool finish_hit(const tc_ray *ray, float t, tc_vec3 normal, tc_ray_hit *hit)
{
    hit->t = t;
    hit->point = vadd(ray->origin, vscale(ray->dir, t));
    hit->normal = normal;
    return true;
}
static bool inside_hit(const tc_ray *ray, tc_ray_hit *hit)
{
    float l = vlen(ray->dir);
    return finish_hit(ray, 0.0f, l > 0.0f ? vscale(ray->dir, -1.0f / l) : tc_vec3_zero(), hit);
}

static BENCH_NOINLINE bool base_ray_sphere(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit)
{
    const tc_sphere *sp = &s->tc.u.sphere;
    tc_vec3 m = vsub(ray->origin, sp->center);
    float c = vdot(m, m) - sp->radius * sp->radius;
    if (c <= 0.0f) return inside_hit(ray, hit);
    float dl = vlen(ray->dir);
    if (dl == 0.0f) return false;
    tc_vec3 u = vscale(ray->dir, 1.0f / dl);
    float b = vdot(m, u), disc = b * b - c;
    if (disc < 0.0f) return false;
    float s_ = -b - sqrtf(disc);
    if (s_ < 0.0f) return false;
    float t = s_ / dl;
    if (t > max_t) return false;
    tc_vec3 p = vadd(ray->origin, vscale(ray->dir, t));
    return finish_hit(ray, t, vscale(vsub(p, sp->center), 1.0f / sp->radius), hit);
}

static BENCH_NOINLINE bool base_ray_capsule(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit)
{
    /* Inside test, then the earliest of: the two end spheres and the
     * infinite cylinder restricted to the segment. */
    const tc_capsule *c = &s->tc.u.capsule;
    float r = c->radius;
    if (point_segment_dist(ray->origin, c->a, c->b) <= r) return inside_hit(ray, hit);
    float best = INFINITY;
    tc_vec3 best_n = tc_vec3_zero();
    for (int e = 0; e < 2; ++e) {
        tc_vec3 ctr = e ? c->b : c->a;
        tc_vec3 m = vsub(ray->origin, ctr);
        float a = vdot(ray->dir, ray->dir), b = vdot(m, ray->dir), cc = vdot(m, m) - r * r;
        float disc = b * b - a * cc;
        if (a > 0.0f && disc >= 0.0f) {
            float t = (-b - sqrtf(disc)) / a;
            if (t >= 0.0f && t < best) {
                best = t;
                best_n = vsub(vadd(ray->origin, vscale(ray->dir, t)), ctr);
            }
        }
    }
    tc_vec3 ax = vsub(c->b, c->a);
    float ee = vdot(ax, ax);
    if (ee > 0.0f) {
        tc_vec3 m = vsub(ray->origin, c->a);
        tc_vec3 dp = vsub(ray->dir, vscale(ax, vdot(ray->dir, ax) / ee));
        tc_vec3 mp = vsub(m, vscale(ax, vdot(m, ax) / ee));
        float a = vdot(dp, dp), b = vdot(mp, dp), cc = vdot(mp, mp) - r * r;
        float disc = b * b - a * cc;
        if (a > 0.0f && disc >= 0.0f) {
            float t = (-b - sqrtf(disc)) / a;
            tc_vec3 p = vadd(ray->origin, vscale(ray->dir, t));
            float u = vdot(vsub(p, c->a), ax) / ee;
            if (t >= 0.0f && u >= 0.0f && u <= 1.0f && t < best) {
                best = t;
                best_n = vsub(p, vadd(c->a, vscale(ax, u)));
            }
        }
    }
    if (best == INFINITY || !(best <= max_t)) return false;
    return finish_hit(ray, best, vscale(best_n, 1.0f / vlen(best_n)), hit);
}

/* Six face planes, each intersected and the hit point checked against the
 * face rectangle; the nearest one wins. Box given as local bounds. */
static bool per_plane_box(tc_vec3 o, tc_vec3 d, tc_vec3 mn, tc_vec3 mx, float max_t, float *t_out, int *axis_out,
                          float *sign_out)
{
    float best = INFINITY;
    for (int k = 0; k < 3; ++k) {
        float dk = vcomp(d, k);
        if (dk == 0.0f) continue;
        for (int side = 0; side < 2; ++side) {
            float plane = side ? vcomp(mx, k) : vcomp(mn, k);
            float t = (plane - vcomp(o, k)) / dk;
            if (t < 0.0f || t > max_t || t >= best) continue;
            tc_vec3 p = vadd(o, vscale(d, t));
            int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
            if (vcomp(p, k1) < vcomp(mn, k1) || vcomp(p, k1) > vcomp(mx, k1)) continue;
            if (vcomp(p, k2) < vcomp(mn, k2) || vcomp(p, k2) > vcomp(mx, k2)) continue;
            best = t;
            *axis_out = k;
            *sign_out = side ? 1.0f : -1.0f;
        }
    }
    *t_out = best;
    return best < INFINITY && best <= max_t;
}

static bool inside_box(tc_vec3 p, tc_vec3 mn, tc_vec3 mx)
{
    return p.x >= mn.x && p.x <= mx.x && p.y >= mn.y && p.y <= mx.y && p.z >= mn.z && p.z <= mx.z;
}

static BENCH_NOINLINE bool base_ray_aabb(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit)
{
    const tc_aabb *b = &s->tc.u.aabb;
    if (inside_box(ray->origin, b->min, b->max)) return inside_hit(ray, hit);
    float t = 0.0f, sign = 1.0f;
    int axis = 0;
    if (!per_plane_box(ray->origin, ray->dir, b->min, b->max, max_t, &t, &axis, &sign)) return false;
    tc_vec3 n = v3(axis == 0 ? sign : 0.0f, axis == 1 ? sign : 0.0f, axis == 2 ? sign : 0.0f);
    return finish_hit(ray, t, n, hit);
}

static BENCH_NOINLINE bool base_ray_obb(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit)
{
    const tc_obb *b = &s->tc.u.obb;
    tc_mat3 r = naive_matrix(s->q);
    tc_vec3 o = tc_mat3_tmul_vec3(r, vsub(ray->origin, b->center));
    tc_vec3 d = tc_mat3_tmul_vec3(r, ray->dir);
    tc_vec3 mn = tc_vec3_neg(b->half);
    if (inside_box(o, mn, b->half)) return inside_hit(ray, hit);
    float t = 0.0f, sign = 1.0f;
    int axis = 0;
    if (!per_plane_box(o, d, mn, b->half, max_t, &t, &axis, &sign)) return false;
    return finish_hit(ray, t, vscale(mat_col(r, axis), sign), hit);
}

static BENCH_NOINLINE bool base_ray_triangle(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit)
{
    const tc_triangle *tr = &s->tc.u.triangle;
    tc_vec3 n = vcross(vsub(tr->b, tr->a), vsub(tr->c, tr->a));
    float den = vdot(n, ray->dir);
    if (den == 0.0f) return false;
    float t = vdot(n, vsub(tr->a, ray->origin)) / den;
    if (t < 0.0f || t > max_t) return false;
    tc_vec3 p = vadd(ray->origin, vscale(ray->dir, t));
    if (vdot(vcross(vsub(tr->b, tr->a), vsub(p, tr->a)), n) < 0.0f) return false;
    if (vdot(vcross(vsub(tr->c, tr->b), vsub(p, tr->b)), n) < 0.0f) return false;
    if (vdot(vcross(vsub(tr->a, tr->c), vsub(p, tr->c)), n) < 0.0f) return false;
    tc_vec3 un = vscale(n, 1.0f / vlen(n));
    return finish_hit(ray, t, den > 0.0f ? tc_vec3_neg(un) : un, hit);
}

static BENCH_NOINLINE bool base_ray_plane(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit)
{
    const tc_plane *p = &s->tc.u.plane;
    float nl = vlen(p->normal);
    tc_vec3 n = vscale(p->normal, 1.0f / nl);
    float s0 = vdot(n, ray->origin) - p->offset / nl;
    if (s0 <= 0.0f) return inside_hit(ray, hit);
    float den = vdot(n, ray->dir);
    if (den >= 0.0f) return false;
    float t = -s0 / den;
    if (t > max_t) return false;
    return finish_hit(ray, t, n, hit);
}

/* ---- input generation ---------------------------------------------------------------- */
static tc_vec3 rnd_vec(test_rng *rng, float lo, float hi)
{
    double p[3];
    test_rng_uniform3(rng, lo, hi, p);
    return v3((float)p[0], (float)p[1], (float)p[2]);
}
static tc_vec3 rnd_dir(test_rng *rng)
{
    double d[3];
    test_rng_unit_vector(rng, d);
    return v3((float)d[0], (float)d[1], (float)d[2]);
}

/* c plus a random direction (drawn first) times a distance uniform in [lo, hi). */
static tc_vec3 rnd_around(test_rng *rng, tc_vec3 c, float lo, float hi)
{
    tc_vec3 d = rnd_dir(rng);
    return vadd(c, vscale(d, (float)test_rng_uniform(rng, lo, hi)));
}


static shape random_shape(test_rng *rng, int kind)
{
    shape s;
    memset(&s, 0, sizeof s);
    s.tc.type = (tc_shape_type)kind;
    s.q = tc_quat_identity();
    tc_vec3 c = rnd_vec(rng, -3.0f, 3.0f);
    switch (kind) {
    case TC_SHAPE_SPHERE:
        s.tc.u.sphere.center = c;
        s.tc.u.sphere.radius = (float)test_rng_uniform(rng, 0.2, 1.5);
        break;
    case TC_SHAPE_CAPSULE: {
        float half_len = test_rng_int(rng, 0, 19) == 0 ? 0.0f : (float)test_rng_uniform(rng, 0.1, 1.5);
        tc_vec3 d = vscale(rnd_dir(rng), half_len);
        s.tc.u.capsule.a = vsub(c, d);
        s.tc.u.capsule.b = vadd(c, d);
        s.tc.u.capsule.radius = (float)test_rng_uniform(rng, 0.1, 1.0);
        break;
    }
    case TC_SHAPE_AABB: {
        tc_vec3 h = rnd_vec(rng, 0.1f, 1.5f);
        s.tc.u.aabb.min = vsub(c, h);
        s.tc.u.aabb.max = vadd(c, h);
        break;
    }
    case TC_SHAPE_OBB: {
        double q[4];
        test_rng_quat(rng, q);
        s.q = tc_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
        s.tc.u.obb = tc_obb_from_quat(c, rnd_vec(rng, 0.1f, 1.5f), s.q);
        break;
    }
    case TC_SHAPE_TRIANGLE:
        s.tc.u.triangle.a = rnd_around(rng, c, 0.3f, 2.0f);
        s.tc.u.triangle.b = rnd_around(rng, c, 0.3f, 2.0f);
        s.tc.u.triangle.c = rnd_around(rng, c, 0.3f, 2.0f);
        break;
    default: { /* plane */
        tc_vec3 n = rnd_dir(rng);
        s.tc.u.plane.normal = n;
        s.tc.u.plane.offset = vdot(n, c);
        break;
    }
    }
    return s;
}

static tc_vec3 shape_center(const shape *s)
{
    switch (s->tc.type) {
    case TC_SHAPE_SPHERE: return s->tc.u.sphere.center;
    case TC_SHAPE_CAPSULE: return vscale(vadd(s->tc.u.capsule.a, s->tc.u.capsule.b), 0.5f);
    case TC_SHAPE_AABB: return vscale(vadd(s->tc.u.aabb.min, s->tc.u.aabb.max), 0.5f);
    case TC_SHAPE_OBB: return s->tc.u.obb.center;
    case TC_SHAPE_TRIANGLE: return vscale(vadd(vadd(s->tc.u.triangle.a, s->tc.u.triangle.b), s->tc.u.triangle.c), 1.0f / 3.0f);
    default: return vscale(s->tc.u.plane.normal, s->tc.u.plane.offset);
    }
}

static float shape_radius(const shape *s)
{
    switch (s->tc.type) {
    case TC_SHAPE_SPHERE: return s->tc.u.sphere.radius;
    case TC_SHAPE_CAPSULE: return 0.5f * vlen(vsub(s->tc.u.capsule.b, s->tc.u.capsule.a)) + s->tc.u.capsule.radius;
    case TC_SHAPE_AABB: return 0.5f * vlen(vsub(s->tc.u.aabb.max, s->tc.u.aabb.min));
    case TC_SHAPE_OBB: return vlen(s->tc.u.obb.half);
    case TC_SHAPE_TRIANGLE: {
        tc_vec3 c = shape_center(s);
        return fmaxf(vlen(vsub(s->tc.u.triangle.a, c)), fmaxf(vlen(vsub(s->tc.u.triangle.b, c)), vlen(vsub(s->tc.u.triangle.c, c))));
    }
    default: return 0.0f;
    }
}

/* The shape moved by v. */
static shape translated(const shape *s, tc_vec3 v)
{
    shape r = *s;
    r.tc = tc_shape_translate(&s->tc, v);
    return r;
}

typedef bool pair_fn(const shape *a, const shape *b);

/* B is moved so its centre sits on A's, then pushed along a random direction
 * (for a plane: against its normal) to t * t_touch, where t_touch is found by
 * bisection with the baseline. A third of the pairs land inside, a third
 * within 1e-7 .. 1e-2 (relative) of touching, a third apart. */
static void make_pair(test_rng *rng, int ka, int kb, pair_fn *overlap, shape *out_a, shape *out_b)
{
    shape a = random_shape(rng, ka), b = random_shape(rng, kb);
    tc_vec3 d = kb == TC_SHAPE_PLANE ? tc_vec3_neg(b.tc.u.plane.normal) : rnd_dir(rng);
    shape b0 = translated(&b, vsub(shape_center(&a), shape_center(&b)));
    float hi = 2.0f * (shape_radius(&a) + shape_radius(&b0)) + 1.0f, lo = 0.0f;
    shape probe = translated(&b0, vscale(d, hi));
    if (!overlap(&a, &probe)) {
        for (int i = 0; i < 40; ++i) {
            float mid = 0.5f * (lo + hi);
            probe = translated(&b0, vscale(d, mid));
            if (overlap(&a, &probe)) lo = mid; else hi = mid;
        }
    }
    float t_touch = 0.5f * (lo + hi), t;
    switch (test_rng_int(rng, 0, 2)) {
    case 0: t = t_touch * (float)test_rng_uniform(rng, 0.0, 1.0); break;
    case 1: {
        double rel = test_rng_log_range(rng, 1e-7, 1e-2);
        t = (float)(t_touch * (1.0 + (test_rng_int(rng, 0, 1) ? rel : -rel)));
        break;
    }
    default: t = t_touch * (float)test_rng_uniform(rng, 1.05, 2.0); break;
    }
    *out_a = a;
    *out_b = translated(&b0, vscale(d, t));
}

/* ---- the table of queries --------------------------------------------------------------- */
typedef struct pair_set {
    shape a[PAIRS], b[PAIRS];
} pair_set;

typedef struct ray_set {
    tc_ray ray[PAIRS];
    float max_t[PAIRS];
    shape s[PAIRS];
} ray_set;

#define OVERLAP_CASE(NAME, FA, FB)                                                                   \
    static uint64_t touche_body_##NAME(void *ctx)                                                    \
    {                                                                                                \
        const pair_set *ps = (const pair_set *)ctx;                                                  \
        uint64_t n = 0;                                                                              \
        for (size_t i = 0; i < PAIRS; ++i) n += tc_overlap_##NAME(&ps->a[i].tc.u.FA, &ps->b[i].tc.u.FB); \
        return n;                                                                                    \
    }                                                                                                \
    static uint64_t base_body_##NAME(void *ctx)                                                      \
    {                                                                                                \
        const pair_set *ps = (const pair_set *)ctx;                                                  \
        uint64_t n = 0;                                                                              \
        for (size_t i = 0; i < PAIRS; ++i) n += base_##NAME(&ps->a[i], &ps->b[i]);                   \
        return n;                                                                                    \
    }                                                                                                \
    static bool touche_one_##NAME(const shape *a, const shape *b) { return tc_overlap_##NAME(&a->tc.u.FA, &b->tc.u.FB); }

OVERLAP_CASE(sphere_sphere, sphere, sphere)
OVERLAP_CASE(sphere_capsule, sphere, capsule)
OVERLAP_CASE(sphere_aabb, sphere, aabb)
OVERLAP_CASE(sphere_obb, sphere, obb)
OVERLAP_CASE(sphere_triangle, sphere, triangle)
OVERLAP_CASE(sphere_plane, sphere, plane)
OVERLAP_CASE(capsule_capsule, capsule, capsule)
OVERLAP_CASE(capsule_aabb, capsule, aabb)
OVERLAP_CASE(capsule_obb, capsule, obb)
OVERLAP_CASE(capsule_triangle, capsule, triangle)
OVERLAP_CASE(capsule_plane, capsule, plane)
OVERLAP_CASE(aabb_aabb, aabb, aabb)
OVERLAP_CASE(aabb_obb, aabb, obb)
OVERLAP_CASE(aabb_triangle, aabb, triangle)
OVERLAP_CASE(aabb_plane, aabb, plane)
OVERLAP_CASE(obb_obb, obb, obb)
OVERLAP_CASE(obb_triangle, obb, triangle)
OVERLAP_CASE(obb_plane, obb, plane)
OVERLAP_CASE(triangle_triangle, triangle, triangle)
OVERLAP_CASE(triangle_plane, triangle, plane)

typedef struct overlap_case {
    const char *name;
    int ka, kb;
    bench_body_fn *touche_body, *base_body;
    pair_fn *touche_one, *base_one;
    const char *note;
} overlap_case;

#define ENTRY(NAME, KA, KB, NOTE) \
    { #NAME, KA, KB, touche_body_##NAME, base_body_##NAME, touche_one_##NAME, base_##NAME, NOTE }

static const overlap_case overlap_cases[] = {
    ENTRY(sphere_sphere, TC_SHAPE_SPHERE, TC_SHAPE_SPHERE, "centre distance with sqrt vs radius sum"),
    ENTRY(sphere_capsule, TC_SHAPE_SPHERE, TC_SHAPE_CAPSULE, "point-segment distance with sqrt"),
    ENTRY(sphere_aabb, TC_SHAPE_SPHERE, TC_SHAPE_AABB, "clamp centre into box, distance with sqrt"),
    ENTRY(sphere_obb, TC_SHAPE_SPHERE, TC_SHAPE_OBB, "matrix from quaternion per call, clamp in local frame, sqrt"),
    ENTRY(sphere_triangle, TC_SHAPE_SPHERE, TC_SHAPE_TRIANGLE, "plane projection + 3 edge tests, else 3 point-segment sqrt"),
    ENTRY(sphere_plane, TC_SHAPE_SPHERE, TC_SHAPE_PLANE, "signed distance, normal length by sqrt per call"),
    ENTRY(capsule_capsule, TC_SHAPE_CAPSULE, TC_SHAPE_CAPSULE, "textbook clamped segment-segment solve, sqrt"),
    ENTRY(capsule_aabb, TC_SHAPE_CAPSULE, TC_SHAPE_AABB, "golden-section search (40 steps) of point-box distance"),
    ENTRY(capsule_obb, TC_SHAPE_CAPSULE, TC_SHAPE_OBB, "quat->matrix, golden-section search of point-box distance"),
    ENTRY(capsule_triangle, TC_SHAPE_CAPSULE, TC_SHAPE_TRIANGLE, "golden-section search of point-triangle distance"),
    ENTRY(capsule_plane, TC_SHAPE_CAPSULE, TC_SHAPE_PLANE, "both endpoints' signed distances, sqrt per call"),
    ENTRY(aabb_aabb, TC_SHAPE_AABB, TC_SHAPE_AABB, "centre/half-extent form recomputed, |dc| <= ha + hb per axis"),
    ENTRY(aabb_obb, TC_SHAPE_AABB, TC_SHAPE_OBB, "15 normalised axes, 16 corners projected (quat->matrix)"),
    ENTRY(aabb_triangle, TC_SHAPE_AABB, TC_SHAPE_TRIANGLE, "13 normalised axes, 8 corners + 3 vertices projected"),
    ENTRY(aabb_plane, TC_SHAPE_AABB, TC_SHAPE_PLANE, "8 corners' signed distances"),
    ENTRY(obb_obb, TC_SHAPE_OBB, TC_SHAPE_OBB, "quat->matrices, 15 normalised axes, 16 corners projected"),
    ENTRY(obb_triangle, TC_SHAPE_OBB, TC_SHAPE_TRIANGLE, "quat->matrix, 13 normalised axes, corners projected"),
    ENTRY(obb_plane, TC_SHAPE_OBB, TC_SHAPE_PLANE, "quat->matrix, 8 corners' signed distances"),
    ENTRY(triangle_triangle, TC_SHAPE_TRIANGLE, TC_SHAPE_TRIANGLE, "17 normalised axes (with coplanar ones), vertices projected"),
    ENTRY(triangle_plane, TC_SHAPE_TRIANGLE, TC_SHAPE_PLANE, "3 vertices' signed distances"),
};

typedef bool ray_fn(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit);

#define RAY_CASE(NAME)                                                                                      \
    static uint64_t touche_ray_body_##NAME(void *ctx)                                                       \
    {                                                                                                       \
        const ray_set *rs = (const ray_set *)ctx;                                                           \
        uint64_t n = 0;                                                                                     \
        tc_ray_hit hit;                                                                                     \
        for (size_t i = 0; i < PAIRS; ++i) n += tc_raycast_##NAME(&rs->ray[i], &rs->s[i].tc.u.NAME, rs->max_t[i], &hit); \
        return n;                                                                                           \
    }                                                                                                       \
    static uint64_t base_ray_body_##NAME(void *ctx)                                                         \
    {                                                                                                       \
        const ray_set *rs = (const ray_set *)ctx;                                                           \
        uint64_t n = 0;                                                                                     \
        tc_ray_hit hit;                                                                                     \
        for (size_t i = 0; i < PAIRS; ++i) n += base_ray_##NAME(&rs->ray[i], &rs->s[i], rs->max_t[i], &hit); \
        return n;                                                                                           \
    }                                                                                                       \
    static bool touche_ray_one_##NAME(const tc_ray *ray, const shape *s, float max_t, tc_ray_hit *hit)      \
    {                                                                                                       \
        return tc_raycast_##NAME(ray, &s->tc.u.NAME, max_t, hit);                                              \
    }

RAY_CASE(sphere)
RAY_CASE(capsule)
RAY_CASE(aabb)
RAY_CASE(obb)
RAY_CASE(triangle)
RAY_CASE(plane)

typedef struct ray_case {
    const char *name;
    int kind;
    bench_body_fn *touche_body, *base_body;
    ray_fn *touche_one, *base_one;
    const char *note;
} ray_case;

#define RAY_ENTRY(NAME, K, NOTE) \
    { "raycast_" #NAME, K, touche_ray_body_##NAME, base_ray_body_##NAME, touche_ray_one_##NAME, base_ray_##NAME, NOTE }

static const ray_case ray_cases[] = {
    RAY_ENTRY(sphere, TC_SHAPE_SPHERE, "normalise dir, quadratic with sqrt"),
    RAY_ENTRY(capsule, TC_SHAPE_CAPSULE, "inside test, 2 sphere + infinite cylinder quadratics"),
    RAY_ENTRY(aabb, TC_SHAPE_AABB, "naive per-plane: 6 planes, hit point checked in face rect"),
    RAY_ENTRY(obb, TC_SHAPE_OBB, "quat->matrix, ray to local, naive per-plane"),
    RAY_ENTRY(triangle, TC_SHAPE_TRIANGLE, "plane intersection, then 3 edge cross-product tests"),
    RAY_ENTRY(plane, TC_SHAPE_PLANE, "normalise normal per call, one division"),
};

/* Rays: origin 1.5 .. 4 bounding radii away aimed at a point within 1.3
 * bounding radii of the centre (so some miss and some graze), a tenth
 * starting near the centre; a fifth with a finite max_t that may cut them. */
static void make_ray(test_rng *rng, int kind, tc_ray *ray, float *max_t, shape *s)
{
    *s = random_shape(rng, kind);
    tc_vec3 c = shape_center(s);
    float r = kind == TC_SHAPE_PLANE ? 2.0f : shape_radius(s);
    tc_vec3 target = rnd_around(rng, c, 0.0f, r * 1.3f);
    if (test_rng_int(rng, 0, 9) == 0) {
        ray->origin = rnd_around(rng, c, 0.0f, r * 0.5f);
    } else {
        ray->origin = rnd_around(rng, c, r * 1.5f, r * 4.0f);

        if (kind == TC_SHAPE_PLANE) /* start on the open side */
            ray->origin = vadd(ray->origin, vscale(s->tc.u.plane.normal, 2.0f * r));
    }
    ray->dir = vscale(vsub(target, ray->origin), (float)test_rng_log_range(rng, 0.25, 4.0));
    *max_t = test_rng_int(rng, 0, 4) == 0 ? (float)test_rng_uniform(rng, 0.0, 1.0) : INFINITY;
}

int main(void)
{
    double scale = bench_scale();
    double min_seconds = 0.03 * scale;
    test_rng rng;
    rng.state = 20240601u;

    pair_set *ps = (pair_set *)malloc(sizeof *ps);
    ray_set *rs = (ray_set *)malloc(sizeof *rs);
    if (!ps || !rs) {
        fprintf(stderr, "bench_queries: out of memory\n");
        return 1;
    }

    printf("bench_queries: %d pre-generated inputs per query (1/3 overlapping, 1/3 within 1e-7..1e-2 of touching,\n"
           "1/3 apart; rays 1/10 from inside, 1/5 cut by max_t); fastest of >= 5 runs; speedup = base / touche.\n"
           "\"agree\" = share of inputs where the baseline gives Touche's yes/no (naive baselines are not robust\n"
           "near touching, so 100%% is not expected).\n",
           PAIRS);

    bench_table_begin("overlap (ns per call)", "query", "baseline");
    for (size_t q = 0; q < sizeof overlap_cases / sizeof overlap_cases[0]; ++q) {
        const overlap_case *oc = &overlap_cases[q];
        for (size_t i = 0; i < PAIRS; ++i) make_pair(&rng, oc->ka, oc->kb, oc->base_one, &ps->a[i], &ps->b[i]);
        size_t same = 0;
        for (size_t i = 0; i < PAIRS; ++i) same += oc->touche_one(&ps->a[i], &ps->b[i]) == oc->base_one(&ps->a[i], &ps->b[i]);
        double t_ns = bench_time_ns_per_call(oc->touche_body, ps, PAIRS, 5, min_seconds);
        double b_ns = bench_time_ns_per_call(oc->base_body, ps, PAIRS, 5, min_seconds);
        bench_table_row(oc->name, t_ns, b_ns, 100.0 * (double)same / PAIRS, oc->note);
    }
    bench_table_end();

    bench_table_begin("ray casts (ns per call, hit filled)", "query", "baseline");
    for (size_t q = 0; q < sizeof ray_cases / sizeof ray_cases[0]; ++q) {
        const ray_case *rc = &ray_cases[q];
        for (size_t i = 0; i < PAIRS; ++i) make_ray(&rng, rc->kind, &rs->ray[i], &rs->max_t[i], &rs->s[i]);
        size_t same = 0;
        for (size_t i = 0; i < PAIRS; ++i) {
            tc_ray_hit h1, h2;
            bool x1 = rc->touche_one(&rs->ray[i], &rs->s[i], rs->max_t[i], &h1);
            bool x2 = rc->base_one(&rs->ray[i], &rs->s[i], rs->max_t[i], &h2);
            same += x1 == x2;
        }
        double t_ns = bench_time_ns_per_call(rc->touche_body, rs, PAIRS, 5, min_seconds);
        double b_ns = bench_time_ns_per_call(rc->base_body, rs, PAIRS, 5, min_seconds);
        bench_table_row(rc->name, t_ns, b_ns, 100.0 * (double)same / PAIRS, rc->note);
    }
    bench_table_end();

    free(ps);
    free(rs);
    return 0;
}
