/* SPDX-License-Identifier: MIT */
/* Rotating sweeps against a still plane (tc_sweep_rigid_<A>_plane), checked
 * with an independent pose computation: the position interpolated linearly
 * and the rotation by the textbook slerp formula, in double. At the reported
 * time the shape touches the plane (within the documented 1e-5 of the scale);
 * at 400 earlier times it is above it; a miss is above it all step long. */
#include <math.h>
#include <touche/touche.h>

#include "harness.h"
#include "test_random.h"

typedef struct dq { double x, y, z, w; } dq;

static dq dq_unit(tc_quat q)
{
    double l = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
    dq r = { q.x / l, q.y / l, q.z / l, q.w / l };
    return r;
}

static dq slerp(dq a, dq b, double t)
{
    double c = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (c < 0.0) {
        b.x = -b.x; b.y = -b.y; b.z = -b.z; b.w = -b.w;
        c = -c;
    }
    double ka, kb;
    if (c > 0.9999999) {
        ka = 1.0 - t;
        kb = t;
    } else {
        double th = acos(c), s = sin(th);
        ka = sin((1.0 - t) * th) / s;
        kb = sin(t * th) / s;
    }
    dq r = { ka * a.x + kb * b.x, ka * a.y + kb * b.y, ka * a.z + kb * b.z, ka * a.w + kb * b.w };
    double l = sqrt(r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w);
    r.x /= l; r.y /= l; r.z /= l; r.w /= l;
    return r;
}

/* Rotate v by unit q: v + 2w (u x v) + 2 u x (u x v). */
static void dq_rotate(dq q, const double v[3], double out[3])
{
    double u[3] = { q.x, q.y, q.z };
    double c1[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0] };
    double c2[3] = { u[1] * c1[2] - u[2] * c1[1], u[2] * c1[0] - u[0] * c1[2], u[0] * c1[1] - u[1] * c1[0] };
    for (int k = 0; k < 3; ++k) out[k] = v[k] + 2.0 * q.w * c1[k] + 2.0 * c2[k];
}

typedef struct shape {
    int kind; /* 0 sphere, 1 capsule, 2 aabb, 3 obb, 4 triangle */
    tc_sphere s;
    tc_capsule c;
    tc_aabb ab;
    tc_obb ob;
    tc_triangle tr;
    double pts[8][3];
    int count;
    double radius;
} shape;

static void add_pt(shape *sh, tc_vec3 p)
{
    sh->pts[sh->count][0] = p.x;
    sh->pts[sh->count][1] = p.y;
    sh->pts[sh->count][2] = p.z;
    ++sh->count;
}

static shape make_shape(test_rng *r, int kind)
{
    shape sh;
    sh.kind = kind;
    sh.count = 0;
    sh.radius = 0.0;
#define U(lo, hi) ((float)test_rng_uniform(r, (lo), (hi)))
    if (kind == 0) {
        sh.s.center = test_rng_vec3(r, -0.5, 0.5);
        sh.s.radius = U(0.1, 1.0);
        add_pt(&sh, sh.s.center);
        sh.radius = sh.s.radius;
    } else if (kind == 1) {
        sh.c.a = test_rng_vec3(r, -1, 1);
        sh.c.b = test_rng_vec3(r, -1, 1);
        sh.c.radius = U(0.05, 0.5);
        add_pt(&sh, sh.c.a);
        add_pt(&sh, sh.c.b);
        sh.radius = sh.c.radius;
    } else if (kind == 2) {
        tc_vec3 lo = test_rng_vec3(r, -1, 0), hi = test_rng_vec3(r, 0, 1);
        sh.ab.min = lo;
        sh.ab.max = hi;
        for (int i = 0; i < 8; ++i)
            add_pt(&sh, tc_vec3_make(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z));
    } else if (kind == 3) {
        /* One draw a statement: a call's arguments are evaluated in an order the compiler picks. */
        tc_vec3 c = test_rng_vec3(r, -0.3, 0.3), h = test_rng_vec3(r, 0.1, 1);
        sh.ob = tc_obb_from_quat(c, h, test_rng_quat4(r, -1, 1));

        tc_vec3 corners[8];
        tc_obb_corners(&sh.ob, corners);
        for (int i = 0; i < 8; ++i) add_pt(&sh, corners[i]);
    } else {
        sh.tr.a = test_rng_vec3(r, -1, 1);
        sh.tr.b = test_rng_vec3(r, -1, 1);
        sh.tr.c = test_rng_vec3(r, -1, 1);
        add_pt(&sh, sh.tr.a);
        add_pt(&sh, sh.tr.b);
        add_pt(&sh, sh.tr.c);
    }
#undef U
    return sh;
}

static bool sweep(const shape *sh, tc_transform a0, tc_transform a1, const tc_plane *p, tc_sweep_hit *hit)
{
    switch (sh->kind) {
    case 0: return tc_sweep_rigid_sphere_plane(&sh->s, a0, a1, p, hit);
    case 1: return tc_sweep_rigid_capsule_plane(&sh->c, a0, a1, p, hit);
    case 2: return tc_sweep_rigid_aabb_plane(&sh->ab, a0, a1, p, hit);
    case 3: return tc_sweep_rigid_obb_plane(&sh->ob, a0, a1, p, hit);
    default: return tc_sweep_rigid_triangle_plane(&sh->tr, a0, a1, p, hit);
    }
}

/* Height over the plane of the shape's lowest surface point at time t. */
static double clearance(const shape *sh, tc_transform a0, tc_transform a1, const tc_plane *p, double t)
{
    dq q = slerp(dq_unit(a0.rotation), dq_unit(a1.rotation), t);
    double pos[3] = { a0.position.x + (a1.position.x - (double)a0.position.x) * t,
                      a0.position.y + (a1.position.y - (double)a0.position.y) * t,
                      a0.position.z + (a1.position.z - (double)a0.position.z) * t };
    double n[3] = { p->normal.x, p->normal.y, p->normal.z };
    double low = INFINITY;
    for (int i = 0; i < sh->count; ++i) {
        double w[3];
        dq_rotate(q, sh->pts[i], w);
        double h = (w[0] + pos[0]) * n[0] + (w[1] + pos[1]) * n[1] + (w[2] + pos[2]) * n[2] - p->offset;
        if (h < low) low = h;
    }
    return low - sh->radius;
}

static void run_kind(int kind, uint64_t seed)
{
    test_rng r = { seed };
    int hits = 0, misses = 0, n = test_random_count(2000);
    for (int i = 0; i < n; ++i) {
        shape sh = make_shape(&r, kind);
        /* One draw a statement: a call's arguments are evaluated in an order the compiler picks. */
        tc_vec3 on = tc_vec3_zero(), up = tc_vec3_make(0, 0, 1);
        on.x = (float)test_rng_uniform(&r, -1, 1);
        on.y = (float)test_rng_uniform(&r, -1, 1);
        up.x = (float)test_rng_uniform(&r, -0.3, 0.3);
        up.y = (float)test_rng_uniform(&r, -0.3, 0.3);
        tc_plane plane = tc_plane_from_point_normal(on, up);
        tc_vec3 p0, p1;
        p0.x = (float)test_rng_uniform(&r, -2, 2);
        p0.y = (float)test_rng_uniform(&r, -2, 2);
        p0.z = (float)test_rng_uniform(&r, 2.5, 4); /* above the plane */
        tc_transform a0 = tc_transform_make(p0, test_rng_quat4(&r, -1, 1));
        p1.x = (float)test_rng_uniform(&r, -2, 2);
        p1.y = (float)test_rng_uniform(&r, -2, 2);
        p1.z = (float)test_rng_uniform(&r, -1.5, 2.5);
        tc_transform a1 = tc_transform_make(p1, test_rng_quat4(&r, -1, 1));


        if (clearance(&sh, a0, a1, &plane, 0.0) <= 0.0) continue; /* start clear of the plane */
        double scale = 10.0;
        double tol = 1e-5 * scale + 1e-6;
        tc_sweep_hit hit;
        if (sweep(&sh, a0, a1, &plane, &hit)) {
            ++hits;
            CHECK(hit.t >= 0.0f && hit.t <= 1.0f);
            double at = clearance(&sh, a0, a1, &plane, hit.t);
            CHECK_MSG(fabs(at) <= 2.0 * tol, "kind %d case %d: clearance %.3g at t %.6f", kind, i, at, (double)hit.t);
            for (int k = 0; k < 400; ++k) {
                double t = hit.t * (k / 400.0);
                CHECK_MSG(clearance(&sh, a0, a1, &plane, t) > -tol, "kind %d case %d: touched earlier at %.6f", kind, i, t);
            }
            CHECK_NEAR(hit.normal.z, -plane.normal.z, 1e-5);
            /* the point is on the plane (within the tolerance) */
            CHECK(fabs(tc_vec3_dot(plane.normal, hit.point) - plane.offset) <= 4.0 * tol);
        } else {
            ++misses;
            for (int k = 0; k <= 400; ++k) {
                double t = k / 400.0;
                CHECK_MSG(clearance(&sh, a0, a1, &plane, t) > -tol, "kind %d case %d: missed contact at %.6f", kind, i, t);
            }
        }
    }
    printf("kind %d: %d hits, %d misses\n", kind, hits, misses);
    CHECK(hits > n / 10 && misses > n / 10);
}

TEST_CASE(sweep_rigid_sphere_plane) { run_kind(0, 501); }
TEST_CASE(sweep_rigid_capsule_plane) { run_kind(1, 502); }
TEST_CASE(sweep_rigid_aabb_plane) { run_kind(2, 503); }
TEST_CASE(sweep_rigid_obb_plane) { run_kind(3, 504); }
TEST_CASE(sweep_rigid_triangle_plane) { run_kind(4, 505); }

TEST_CASE(sweep_rigid_plane_start_inside_and_invalid)
{
    tc_plane ground = tc_plane_from_point_normal(tc_vec3_zero(), tc_vec3_make(0, 0, 1));
    tc_obb box = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1, 1, 1), tc_quat_identity());
    tc_transform at = tc_transform_make(tc_vec3_make(0, 0, 0.5f), tc_quat_identity());
    tc_transform up = tc_transform_make(tc_vec3_make(0, 0, 5.0f), tc_quat_from_euler_deg(0, 45, 0));
    tc_sweep_hit hit;
    CHECK(tc_sweep_rigid_obb_plane(&box, at, up, &ground, &hit));
    CHECK(hit.t == 0.0f);
    /* moving away from the ground without spinning: no hit */
    tc_transform up2 = tc_transform_make(tc_vec3_make(0, 0, 9.0f), tc_quat_identity());
    CHECK(!tc_sweep_rigid_obb_plane(&box, up, up2, &ground, &hit) || hit.t == 0.0f);
    tc_transform high = tc_transform_make(tc_vec3_make(0, 0, 5.0f), tc_quat_identity());
    CHECK(!tc_sweep_rigid_obb_plane(&box, high, up2, &ground, &hit));
    /* a box dropping flat from 5 to 0 meets the ground when its bottom face does: t = 4/5 */
    tc_transform down = tc_transform_make(tc_vec3_make(0, 0, 0.0f), tc_quat_identity());
    CHECK(tc_sweep_rigid_obb_plane(&box, high, down, &ground, &hit));
    CHECK_NEAR(hit.t, 0.8, 1e-4);
    tc_transform bad = tc_transform_make(tc_vec3_make(NAN, 0, 0), tc_quat_identity());
    CHECK(!tc_sweep_rigid_obb_plane(&box, bad, down, &ground, &hit));
    tc_obb neg = box;
    neg.half.x = -1.0f;
    CHECK(!tc_sweep_rigid_obb_plane(&neg, high, down, &ground, &hit));
}

/* A valid plane's normal may be off unit length by up to 0.1%: the plane is
 * then dot(normal, x) <= offset, i.e. the half-space at offset / |normal|
 * along the unit normal, as every other plane query reads it. The rotating
 * plane sweeps once kept the raw offset with the normalised normal, 0.1% of
 * the offset off. A box and a sphere dropping straight onto such a plane meet
 * it where that half-space says, as the translating sweeps do. */
TEST_CASE(sweep_rigid_plane_non_unit_normal)
{
    const double len = 1.0009;
    tc_plane tilted_len = { tc_vec3_make(0, 0, (float)len), 2.0f };
    const double top = 2.0 / (double)tilted_len.normal.z; /* the plane's height */
    tc_obb box = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1, 1, 1), tc_quat_identity());
    tc_sphere ball = { tc_vec3_zero(), 1.0f };
    tc_transform high = tc_transform_make(tc_vec3_make(0, 0, 5.0f), tc_quat_identity());
    tc_transform low = tc_transform_make(tc_vec3_make(0, 0, 0.0f), tc_quat_identity());
    const double expect = (5.0 - (1.0 + top)) / 5.0; /* the bottom (z - 1) reaches the plane */
    tc_sweep_hit hit, moving;
    CHECK(tc_sweep_rigid_obb_plane(&box, high, low, &tilted_len, &hit));
    CHECK_MSG(fabs(hit.t - expect) <= 1e-5, "box: t = %.7f, the plane says %.7f", hit.t, expect);
    CHECK(fabs(hit.point.z - top) <= 1e-4);
    tc_obb placed = tc_obb_from_quat(high.position, box.half, tc_quat_identity());
    CHECK(tc_sweep_obb_plane(&placed, tc_vec3_make(0, 0, -5.0f), &tilted_len, tc_vec3_zero(), 1.0f, &moving));
    CHECK_MSG(fabs(hit.t - moving.t) <= 1e-5, "box: rotating t = %.7f, translating t = %.7f", hit.t, moving.t);
    CHECK(tc_sweep_rigid_sphere_plane(&ball, high, low, &tilted_len, &hit));
    CHECK_MSG(fabs(hit.t - expect) <= 1e-5, "sphere: t = %.7f, the plane says %.7f", hit.t, expect);
}
