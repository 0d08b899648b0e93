/* SPDX-License-Identifier: MIT */
/* The math module against double-precision math written here: quaternion to
 * matrix and back (q and -q), Euler angles against axis-angle products, rigid
 * transforms, normalisation of tiny, huge and zero inputs, interpolation, and
 * moving any tc_shape (tc_shape_transform, tc_shape_translate). */
#include <string.h>

#include "contact_gen.h"
#include "harness.h"
#include "oracle.h"
#include "test_random.h"

typedef struct dq { double x, y, z, w; } dq;

static dq dq_mul(dq a, dq b)
{
    dq r;
    r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
    r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
    r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
    return r;
}
static dq dq_from(tc_quat q) { dq r = { q.x, q.y, q.z, q.w }; return r; }
static dq dq_unit(dq q)
{
    double n = sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    dq r = { q.x / n, q.y / n, q.z / n, q.w / n };
    return r;
}
static dq dq_axis_angle(double ax, double ay, double az, double angle)
{
    double n = sqrt(ax * ax + ay * ay + az * az), s = sin(angle / 2) / n;
    dq r = { ax * s, ay * s, az * s, cos(angle / 2) };
    return r;
}
/* rotate v by unit q as q v q* (expanded through the Hamilton product) */
static ovec dq_rotate(dq q, ovec v)
{
    dq p = { v.x, v.y, v.z, 0.0 }, c = { -q.x, -q.y, -q.z, q.w };
    dq r = dq_mul(dq_mul(q, p), c);
    return ov(r.x, r.y, r.z);
}
static tc_quat rand_quat(test_rng *r)
{
    return test_rng_quat4(r, -1, 1);
}
static tc_vec3 rand_vec(test_rng *r, double s)
{
    return test_rng_vec3(r, -s, s);
}
/* Position, then rotation (not in one call's arguments: their order is unspecified). */
static tc_transform rand_pose(test_rng *r, double s)
{
    tc_vec3 p = rand_vec(r, s);
    return tc_transform_make(p, rand_quat(r));
}


TEST_CASE(math_quat_matrix_round_trip)
{
    test_rng rng = { 401 };
    double worst_m = 0, worst_q = 0;
    for (int i = 0; i < 50000; ++i) {
        tc_quat q = test_rng_quat_raw(&rng);
        if (i % 7 == 0) q = tc_quat_make(q.x * 1e-3f, q.y * 1e-3f, q.z * 1e-3f, q.w * 1e-3f);
        if (i % 11 == 0) q.x = 0.0f, q.y = 0.0f; /* about z only */
        dq u = dq_unit(dq_from(q));
        tc_mat3 m = tc_mat3_from_quat(q);
        tc_mat3 mn = tc_mat3_from_quat(tc_quat_make(-q.x, -q.y, -q.z, -q.w));
        /* columns = rotated axes */
        ovec cols[3] = { dq_rotate(u, ov(1, 0, 0)), dq_rotate(u, ov(0, 1, 0)), dq_rotate(u, ov(0, 0, 1)) };
        tc_vec3 got[3] = { m.cx, m.cy, m.cz }, gotn[3] = { mn.cx, mn.cy, mn.cz };
        for (int c = 0; c < 3; ++c) {
            double e = ov_dist(ov_from(got[c]), cols[c]);
            if (e > worst_m) worst_m = e;
            CHECK_MSG(e < 1e-6, "case %d column %d off by %.3g", i, c, e);
            CHECK(ov_dist(ov_from(gotn[c]), cols[c]) < 1e-6);
        }
        CHECK(fabs(tc_mat3_determinant(m) - 1.0) < 1e-5);
        tc_quat back = tc_quat_from_mat3(m);
        CHECK_MSG(back.w >= 0.0f, "case %d: w < 0", i);
        /* the same rotation as u or -u */
        double sgn = u.w >= 0 ? 1.0 : -1.0;
        double e = fabs(back.x - sgn * u.x) + fabs(back.y - sgn * u.y) + fabs(back.z - sgn * u.z) + fabs(back.w - sgn * u.w);
        if (fabs(u.w) < 1e-6) { /* w ~ 0: both signs are right */
            double e2 = fabs(back.x + sgn * u.x) + fabs(back.y + sgn * u.y) + fabs(back.z + sgn * u.z) + fabs(back.w + sgn * u.w);
            if (e2 < e) e = e2;
        }
        if (e > worst_q) worst_q = e;
        CHECK_MSG(e < 4e-6, "case %d: quaternion back off by %.3g", i, e);
    }
    /* the exact ones */
    tc_quat id = tc_quat_from_mat3(tc_mat3_identity());
    CHECK(id.x == 0.0f && id.y == 0.0f && id.z == 0.0f && id.w == 1.0f);
    tc_mat3 zero = tc_mat3_from_quat(tc_quat_make(0, 0, 0, 0));
    CHECK(memcmp(&zero, &(tc_mat3){ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, sizeof zero) == 0);
    tc_mat3 nanq = tc_mat3_from_quat(tc_quat_make(NAN, 0, 0, 1));
    CHECK(nanq.cx.x == 1.0f && nanq.cy.y == 1.0f && nanq.cz.z == 1.0f);
    printf("quat->mat3 worst column error %.3g, mat3->quat worst %.3g\n", worst_m, worst_q);
}

TEST_CASE(math_euler_against_axis_angle_products)
{
    test_rng rng = { 402 };
    const double d2r = 3.14159265358979323846 / 180.0;
    double worst = 0;
    for (int i = 0; i < 50000; ++i) {
        double x = test_rng_uniform(&rng, -360, 360), y = test_rng_uniform(&rng, -360, 360), z = test_rng_uniform(&rng, -360, 360);
        if (i % 5 == 0) x = 90.0 * test_rng_int(&rng, -4, 4), y = 90.0 * test_rng_int(&rng, -4, 4);
        float fx = (float)x, fy = (float)y, fz = (float)z;
        tc_quat q = tc_quat_from_euler_deg(fx, fy, fz);
        /* q = qx * qy * qz with each about the fixed axis */
        dq ref = dq_mul(dq_mul(dq_axis_angle(1, 0, 0, fx * d2r), dq_axis_angle(0, 1, 0, fy * d2r)), dq_axis_angle(0, 0, 1, fz * d2r));
        tc_vec3 v = test_rng_vec3(&rng, -1.0, 1.0);
        ovec want = dq_rotate(ref, ov_from(v));
        ovec got = ov_from(tc_quat_rotate(q, v));
        double e = ov_dist(want, got);
        if (e > worst) worst = e;
        CHECK_MSG(e < 2e-6, "case %d (%g %g %g): off by %.3g", i, (double)fx, (double)fy, (double)fz, e);
        /* the same as the library's own axis-angle product */
        tc_quat p = tc_quat_mul(tc_quat_mul(tc_quat_from_axis_angle(tc_vec3_make(1, 0, 0), (float)(fx * d2r)),
                                            tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), (float)(fy * d2r))),
                                tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), (float)(fz * d2r)));
        CHECK(ov_dist(ov_from(tc_quat_rotate(p, v)), want) < 4e-6);
    }
    /* 90 degrees about z takes x to y */
    tc_vec3 r = tc_quat_rotate(tc_quat_from_euler_deg(0, 0, 90), tc_vec3_make(1, 0, 0));
    CHECK_NEAR(r.x, 0.0, 1e-6);
    CHECK_NEAR(r.y, 1.0, 1e-6);
    printf("euler worst error %.3g\n", worst);
}

typedef struct dtf { ovec p; dq q; } dtf;
static dtf dtf_from(tc_transform t) { dtf d = { ov_from(t.position), dq_unit(dq_from(t.rotation)) }; return d; }
static ovec dtf_point(dtf t, ovec v) { return ov_add(t.p, dq_rotate(t.q, v)); }

TEST_CASE(math_transforms_against_double)
{
    test_rng rng = { 403 };
    double worst = 0;
    for (int i = 0; i < 30000; ++i) {
        double s = i % 4 == 0 ? 1e4 : 10.0;
        tc_transform a = rand_pose(&rng, s);
        tc_transform b = rand_pose(&rng, 10.0);
        if (i % 9 == 0) a.rotation = tc_quat_make(a.rotation.x * 1e3f, a.rotation.y * 1e3f, a.rotation.z * 1e3f, a.rotation.w * 1e3f);
        dtf da = dtf_from(a), db = dtf_from(b);
        tc_vec3 v = test_rng_vec3(&rng, -10.0, 10.0);
        ovec dv = ov_from(v);
        double tol = 2e-6 * (s + 20.0);
        /* point, direction, inverse point/direction */
        ovec wp = dtf_point(da, dv);
        double e = ov_dist(ov_from(tc_transform_point(a, v)), wp);
        if (e / (s + 20.0) > worst) worst = e / (s + 20.0);
        CHECK_MSG(e < tol, "case %d point off by %.3g", i, e);
        CHECK(ov_dist(ov_from(tc_transform_direction(a, v)), dq_rotate(da.q, dv)) < 2e-5);
        dq conj = { -da.q.x, -da.q.y, -da.q.z, da.q.w };
        ovec lp = dq_rotate(conj, ov_sub(dv, da.p));
        CHECK_MSG(ov_dist(ov_from(tc_transform_inv_point(a, v)), lp) < tol, "case %d inv_point", i);
        CHECK(ov_dist(ov_from(tc_transform_inv_direction(a, v)), dq_rotate(conj, dv)) < 2e-5);
        /* mul: (a * b)(v) = a(b(v)) */
        tc_transform ab = tc_transform_mul(a, b);
        ovec want = dtf_point(da, dtf_point(db, dv));
        CHECK_MSG(ov_dist(ov_from(tc_transform_point(ab, v)), want) < tol, "case %d mul", i);
        double n = sqrt((double)ab.rotation.x * ab.rotation.x + (double)ab.rotation.y * ab.rotation.y +
                        (double)ab.rotation.z * ab.rotation.z + (double)ab.rotation.w * ab.rotation.w);
        CHECK_MSG(fabs(n - 1.0) < 1e-6, "case %d: mul result not normalised (%.9g)", i, n);
        /* inverse: inv(a)(a(v)) = v; inv_mul(a, b) = inv(a) * b */
        tc_transform ia = tc_transform_inverse(a);
        CHECK_MSG(ov_dist(ov_from(tc_transform_point(ia, tc_vec3_make((float)wp.x, (float)wp.y, (float)wp.z))), dv) < tol,
                  "case %d inverse", i);
        tc_transform iab = tc_transform_inv_mul(a, b);
        ovec w2 = dq_rotate(conj, ov_sub(dtf_point(db, dv), da.p));
        CHECK_MSG(ov_dist(ov_from(tc_transform_point(iab, v)), w2) < tol, "case %d inv_mul", i);
        /* frame: the same map */
        tc_frame f = tc_frame_from_transform(a);
        CHECK(ov_dist(ov_from(tc_frame_point(f, v)), wp) < tol);
        CHECK(ov_dist(ov_from(tc_frame_inv_point(f, v)), lp) < tol);
    }
    printf("transform_point worst error %.3g x scale\n", worst);
}

TEST_CASE(math_normalize_tiny_huge_zero)
{
    const float mags[] = { 1e-38f, 1e-30f, 1e-20f, 1e-10f, 1.0f, 1e10f, 1e20f, 1e30f, 3e38f, 1e-45f };
    test_rng rng = { 404 };
    for (int m = 0; m < (int)(sizeof mags / sizeof mags[0]); ++m) {
        for (int i = 0; i < 200; ++i) {
            ovec d = gen_unit(&rng);
            tc_vec3 v = tc_vec3_make((float)(d.x * mags[m]), (float)(d.y * mags[m]), (float)(d.z * mags[m]));
            ovec dv = ov_from(v);
            double len = ov_len(dv);
            tc_vec3 n = tc_vec3_normalize(v);
            if (len == 0.0) {
                CHECK(n.x == 0.0f && n.y == 0.0f && n.z == 0.0f);
                continue;
            }
            ovec want = ov_scale(dv, 1.0 / len);
            /* subnormal inputs carry few bits: compare with their own direction */
            double tol = fabs(v.x) < 1e-37f && fabs(v.y) < 1e-37f && fabs(v.z) < 1e-37f ? 1e-1 : 1e-6;
            CHECK_MSG(ov_dist(ov_from(n), want) < tol, "vec magnitude %g: off by %.3g", (double)mags[m], ov_dist(ov_from(n), want));
            /* tc_vec3_length squares in float (documented nowhere as scaled):
             * checked only where the square neither overflows nor underflows */
            if (mags[m] >= 1e-10f && mags[m] <= 1e10f) CHECK(fabs((double)tc_vec3_length(v) - len) <= 1e-6 * len);
            tc_quat q = tc_quat_make(v.x, v.y, v.z, (float)(d.x * mags[m] * 0.5));
            dq dqq = dq_from(q);
            double ql = sqrt(dqq.x * dqq.x + dqq.y * dqq.y + dqq.z * dqq.z + dqq.w * dqq.w);
            tc_quat qn = tc_quat_normalize(q);
            if (ql > 0 && mags[m] > 1e-37f) {
                CHECK_MSG(fabs(qn.x - dqq.x / ql) + fabs(qn.y - dqq.y / ql) + fabs(qn.z - dqq.z / ql) + fabs(qn.w - dqq.w / ql) < 4e-6,
                          "quat magnitude %g", (double)mags[m]);
            }
            double qnl = sqrt((double)qn.x * qn.x + (double)qn.y * qn.y + (double)qn.z * qn.z + (double)qn.w * qn.w);
            CHECK_MSG(fabs(qnl - 1.0) < 1e-5, "quat magnitude %g: |normalize| = %.9g", (double)mags[m], qnl);
        }
    }
    tc_vec3 z = tc_vec3_normalize(tc_vec3_zero());
    CHECK(z.x == 0.0f && z.y == 0.0f && z.z == 0.0f);
    tc_vec3 nz = tc_vec3_normalize(tc_vec3_make(NAN, 1, 0));
    CHECK(nz.x == 0.0f && nz.y == 0.0f && nz.z == 0.0f);
    tc_vec3 iz = tc_vec3_normalize(tc_vec3_make(INFINITY, 1, 0));
    CHECK(iz.x == 0.0f && iz.y == 0.0f && iz.z == 0.0f);
    tc_quat qz = tc_quat_normalize(tc_quat_make(0, 0, 0, 0));
    CHECK(qz.x == 0.0f && qz.y == 0.0f && qz.z == 0.0f && qz.w == 1.0f);
    tc_quat qn = tc_quat_normalize(tc_quat_make(NAN, 0, 0, 1));
    CHECK(qn.w == 1.0f && qn.x == 0.0f);
    tc_quat qi = tc_quat_normalize(tc_quat_make(0, -INFINITY, 0, 1));
    CHECK(qi.w == 1.0f && qi.y == 0.0f);
    /* the axis-angle constructor with a zero axis gives the identity */
    tc_quat aa = tc_quat_from_axis_angle(tc_vec3_zero(), 1.0f);
    CHECK(aa.w == 1.0f && aa.x == 0.0f && aa.y == 0.0f && aa.z == 0.0f);
    tc_quat tiny_axis = tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1e-30f), 3.14159265f);
    CHECK_NEAR(tiny_axis.z, 1.0, 1e-6);
}

/* ---- interpolation ------------------------------------------------------
 * The oracle interpolates differently from the library: it takes the
 * relative rotation r = conj(a) b, its axis and angle (shorter way round),
 * and turns a by t times that angle about that axis, in double. */
static dq dq_scale(dq q, double s) { dq r = { q.x * s, q.y * s, q.z * s, q.w * s }; return r; }
static double dq_dot(dq a, dq b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
static double dq_dist(dq a, dq b)
{
    return fabs(a.x - b.x) + fabs(a.y - b.y) + fabs(a.z - b.z) + fabs(a.w - b.w);
}
/* the unit quaternion of q, zero (or non-finite) meaning the identity, as the library reads it */
static dq dq_read(tc_quat q)
{
    dq d = dq_from(q);
    double n = sqrt(dq_dot(d, d));
    if (!(n > 0) || !isfinite(n)) { dq id = { 0, 0, 0, 1 }; return id; }
    return dq_scale(d, 1.0 / n);
}
static dq oracle_slerp(tc_quat qa, tc_quat qb, double t)
{
    dq a = dq_read(qa), b = dq_read(qb);
    if (dq_dot(a, b) < 0) b = dq_scale(b, -1.0);
    dq ca = { -a.x, -a.y, -a.z, a.w };
    dq r = dq_mul(ca, b);
    double v = sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
    if (v == 0.0) return a;
    double angle = 2.0 * atan2(v, r.w);
    return dq_mul(a, dq_axis_angle(r.x, r.y, r.z, t * angle));
}
static dq oracle_nlerp(tc_quat qa, tc_quat qb, double t)
{
    dq a = dq_read(qa), b = dq_read(qb);
    if (dq_dot(a, b) < 0) b = dq_scale(b, -1.0);
    dq m = { a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z), a.w + t * (b.w - a.w) };
    return dq_unit(m);
}
static bool quat_is_unit(tc_quat q)
{
    double n = sqrt(dq_dot(dq_from(q), dq_from(q)));
    return fabs(n - 1.0) < 1e-6;
}

TEST_CASE(math_slerp_nlerp_against_axis_angle)
{
    test_rng rng = { 404 };
    double worst_s = 0, worst_n = 0;
    for (int i = 0; i < 50000; ++i) {
        tc_quat a = test_rng_quat_raw(&rng), b = test_rng_quat_raw(&rng);
        if (i % 4 == 1) { /* nearly equal: a few 1e-7 .. 1e-3 apart */
            double e = pow(10.0, test_rng_uniform(&rng, -7, -3));
            double dx = test_rng_uniform(&rng, -1, 1), dy = test_rng_uniform(&rng, -1, 1), dw = test_rng_uniform(&rng, -1, 1);
            b = tc_quat_make(a.x + (float)(e * dx), a.y + (float)(e * dy), a.z, a.w + (float)(e * dw));

        }
        if (i % 4 == 2) b = tc_quat_make(-b.x * 3.0f, -b.y * 3.0f, -b.z * 3.0f, -b.w * 3.0f); /* non-unit, other sign */
        if (i % 4 == 3) a = tc_quat_make(a.x * 1e-20f, a.y * 1e-20f, a.z * 1e-20f, a.w * 1e-20f); /* tiny */
        double t = test_rng_uniform(&rng, 0, 1);
        if (i % 9 == 0) t = test_rng_uniform(&rng, -1, 2); /* extrapolation */
        tc_quat s = tc_quat_slerp(a, b, (float)t), n = tc_quat_nlerp(a, b, (float)t);
        CHECK_MSG(quat_is_unit(s) && quat_is_unit(n), "case %d: not unit", i);
        double es = dq_dist(dq_from(s), oracle_slerp(a, b, (float)t));
        double en = dq_dist(dq_from(n), oracle_nlerp(a, b, (float)t));
        if (es > worst_s) worst_s = es;
        if (en > worst_n) worst_n = en;
        CHECK_MSG(es < 2e-6, "case %d: slerp off by %.3g", i, es);
        CHECK_MSG(en < 2e-6, "case %d: nlerp off by %.3g", i, en);
    }
    printf("slerp worst %.3g, nlerp worst %.3g (sum of component errors)\n", worst_s, worst_n);
}

TEST_CASE(math_slerp_nlerp_corner_cases)
{
    test_rng rng = { 405 };
    const tc_quat id = tc_quat_identity();
    for (int i = 0; i < 2000; ++i) {
        tc_quat q = tc_quat_normalize(test_rng_quat_raw(&rng)), nq = tc_quat_make(-q.x, -q.y, -q.z, -q.w);
        float t = (float)test_rng_uniform(&rng, 0, 1);
        /* q and -q are one rotation: every t gives q (the shorter arc has length 0) */
        CHECK(dq_dist(dq_from(tc_quat_slerp(q, nq, t)), dq_from(q)) < 1e-6);
        CHECK(dq_dist(dq_from(tc_quat_nlerp(q, nq, t)), dq_from(q)) < 1e-6);
        /* identical */
        CHECK(dq_dist(dq_from(tc_quat_slerp(q, q, t)), dq_from(q)) < 1e-6);
        /* the ends: a at t = 0, b (on a's side) at t = 1 */
        tc_quat b = tc_quat_normalize(test_rng_quat_raw(&rng));
        dq bs = dq_dot(dq_from(q), dq_from(b)) < 0 ? dq_scale(dq_from(b), -1) : dq_from(b);
        CHECK(dq_dist(dq_from(tc_quat_slerp(q, b, 0.0f)), dq_from(q)) < 4e-7);
        CHECK(dq_dist(dq_from(tc_quat_slerp(q, b, 1.0f)), bs) < 4e-7);
        CHECK(dq_dist(dq_from(tc_quat_nlerp(q, b, 0.0f)), dq_from(q)) < 4e-7);
        CHECK(dq_dist(dq_from(tc_quat_nlerp(q, b, 1.0f)), bs) < 4e-7);
        /* the midpoint of the arc is the same for both */
        CHECK(dq_dist(dq_from(tc_quat_slerp(q, b, 0.5f)), dq_from(tc_quat_nlerp(q, b, 0.5f))) < 1e-6);
        /* a slerp's angle from a grows linearly with t */
        double full = 2.0 * acos(fmin(1.0, fabs(dq_dot(dq_from(q), dq_from(b)))));
        double part = 2.0 * acos(fmin(1.0, fabs(dq_dot(dq_from(q), dq_from(tc_quat_slerp(q, b, t))))));
        CHECK_MSG(fabs(part - t * full) < 1e-3 * (1 + full), "case %d: angle %.9g of %.9g at t %g", i, part, full, (double)t);
    }
    /* rotations half a turn apart (orthogonal quaternions): the way is
     * defined, about x from the identity */
    tc_quat half_x = tc_quat_make(1, 0, 0, 0);
    tc_quat mid = tc_quat_slerp(id, half_x, 0.5f);
    CHECK_NEAR(mid.x, sqrt(0.5), 1e-7);
    CHECK_NEAR(mid.w, sqrt(0.5), 1e-7);
    CHECK(mid.y == 0.0f && mid.z == 0.0f);
    tc_quat quarter = tc_quat_slerp(id, half_x, 0.25f);
    CHECK_NEAR(quarter.x, sin(3.14159265358979 / 8), 1e-7);
    /* nearly equal: no NaN, no division by a vanishing sine */
    tc_quat a = tc_quat_make(0.5f, 0.5f, 0.5f, 0.5f), a2 = tc_quat_make(0.5f, 0.5f, 0.5f, nextafterf(0.5f, 1.0f));
    for (int k = 0; k <= 10; ++k) {
        tc_quat r = tc_quat_slerp(a, a2, 0.1f * (float)k);
        CHECK(quat_is_unit(r) && dq_dist(dq_from(r), dq_from(a)) < 1e-6);
    }
    /* zero and non-finite quaternions mean the identity */
    tc_quat zero = tc_quat_make(0, 0, 0, 0), nan_q = tc_quat_make(NAN, 0, 0, 1);
    tc_quat b = tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), 1.0f);
    CHECK(dq_dist(dq_from(tc_quat_slerp(zero, b, 0.3f)), dq_from(tc_quat_slerp(id, b, 0.3f))) == 0.0);
    CHECK(dq_dist(dq_from(tc_quat_nlerp(b, nan_q, 0.3f)), dq_from(tc_quat_nlerp(b, id, 0.3f))) == 0.0);
    CHECK(dq_dist(dq_from(tc_quat_slerp(zero, zero, 0.7f)), dq_from(id)) == 0.0);
    /* a non-finite t gives a; huge t stays finite and unit */
    CHECK(dq_dist(dq_from(tc_quat_slerp(b, id, NAN)), dq_from(b)) == 0.0);
    CHECK(dq_dist(dq_from(tc_quat_nlerp(b, id, INFINITY)), dq_from(b)) == 0.0);
    CHECK(quat_is_unit(tc_quat_nlerp(b, id, 3e38f)) && quat_is_unit(tc_quat_slerp(b, id, -3e38f)));
}

TEST_CASE(math_euler_radians_and_back)
{
    test_rng rng = { 406 };
    const float to_rad = 3.14159265358979323846f / 180.0f;
    const double pi = 3.14159265358979323846;
    double worst = 0;
    for (int i = 0; i < 50000; ++i) {
        float x = (float)test_rng_uniform(&rng, -360, 360), y = (float)test_rng_uniform(&rng, -360, 360),
              z = (float)test_rng_uniform(&rng, -360, 360);
        /* one implementation: degrees are radians times pi/180 */
        tc_quat qd = tc_quat_from_euler_deg(x, y, z), qr = tc_quat_from_euler(x * to_rad, y * to_rad, z * to_rad);
        CHECK(memcmp(&qd, &qr, sizeof qd) == 0);
        /* angles in the canonical ranges come back */
        double ax = test_rng_uniform(&rng, -pi, pi), ay = test_rng_uniform(&rng, -pi / 2 + 0.01, pi / 2 - 0.01),
               az = test_rng_uniform(&rng, -pi, pi);
        tc_vec3 e = tc_quat_to_euler(tc_quat_from_euler((float)ax, (float)ay, (float)az));
        double dx = fabs(e.x - (float)ax), dz = fabs(e.z - (float)az);
        dx = fmin(dx, 2 * pi - dx), dz = fmin(dz, 2 * pi - dz); /* -pi and pi are one angle */
        double err = fmax(fmax(dx, dz), fabs(e.y - (float)ay));
        if (err > worst) worst = err;
        CHECK_MSG(err < 2e-4, "case %d: (%g %g %g) came back (%g %g %g)", i, ax, ay, az, (double)e.x, (double)e.y, (double)e.z);
        CHECK(e.y >= -pi / 2 && e.y <= pi / 2 && fabs(e.x) <= pi && fabs(e.z) <= pi);
        /* any quaternion: the angles rebuild its rotation (also at and near gimbal lock) */
        tc_quat q = test_rng_quat_raw(&rng);
        if (i % 3 == 0) q = tc_quat_from_euler((float)ax, (float)(i % 2 ? pi / 2 : -pi / 2) + (float)test_rng_uniform(&rng, -1e-4, 1e-4), (float)az);
        tc_vec3 f = tc_quat_to_euler(q);
        tc_quat back = tc_quat_from_euler(f.x, f.y, f.z);
        dq u = dq_read(q), w = dq_from(back);
        double rot_err = 1.0 - fabs(dq_dot(u, w)); /* 0 when they are one rotation */
        CHECK_MSG(rot_err < 1e-6, "case %d: rotation off by %.3g", i, rot_err);
    }
    tc_vec3 z = tc_quat_to_euler(tc_quat_make(0, 0, 0, 0));
    CHECK(z.x == 0.0f && z.y == 0.0f && z.z == 0.0f);
    tc_vec3 lock = tc_quat_to_euler(tc_quat_from_euler(0.3f, (float)(pi / 2), 0.2f));
    CHECK(lock.z == 0.0f);
    CHECK_NEAR(lock.x, 0.5, 1e-3); /* x and z about one axis: their sum */
    printf("euler round trip worst %.3g rad\n", worst);
}

TEST_CASE(math_transform_lerp)
{
    test_rng rng = { 407 };
    for (int i = 0; i < 20000; ++i) {
        tc_transform a = rand_pose(&rng, 100);
        tc_transform b = rand_pose(&rng, 100);
        float t = (float)test_rng_uniform(&rng, 0, 1);
        tc_transform r = tc_transform_lerp(a, b, t);
        tc_quat s = tc_quat_slerp(a.rotation, b.rotation, t);
        CHECK(memcmp(&r.rotation, &s, sizeof s) == 0); /* the rotation is the slerp */
        ovec want = ov_add(ov_scale(ov_from(a.position), 1.0 - (double)t), ov_scale(ov_from(b.position), (double)t));
        CHECK(ov_dist(ov_from(r.position), want) < 1e-4);
        tc_transform r0 = tc_transform_lerp(a, b, 0.0f), r1 = tc_transform_lerp(a, b, 1.0f);
        CHECK(memcmp(&r0.position, &a.position, sizeof a.position) == 0);
        CHECK(memcmp(&r1.position, &b.position, sizeof b.position) == 0);
    }
    tc_transform a = tc_transform_make(tc_vec3_make(1, 2, 3), tc_quat_make(0, 0, 0, 2));
    tc_transform n = tc_transform_lerp(a, tc_transform_identity(), NAN);
    CHECK(n.position.x == 1.0f && n.rotation.w == 1.0f);
}

/* ---- moving shapes ------------------------------------------------------
 * The oracle places points with the quaternion sandwich q (s p) q* in
 * double, where the library uses the rotation matrix in float. */
static ovec oracle_place(dtf t, double s, tc_vec3 p) { return dtf_point(t, ov_scale(ov_from(p), s)); }
static double vec_err(tc_vec3 got, ovec want) { return ov_dist(ov_from(got), want); }

TEST_CASE(shape_transform_against_double)
{
    test_rng rng = { 408 };
    double worst = 0;
    for (int i = 0; i < 30000; ++i) {
        int kind = i % TEST_PLAIN_SHAPE_COUNT;
        tc_shape local = cg_random(&rng, kind, 3.0);
        tc_transform pose = rand_pose(&rng, 50);
        if (i % 7 == 0) pose.rotation = tc_quat_make(0, 0, 0, (float)test_rng_uniform(&rng, -2, 2)); /* no turn, any w */
        float scale = (float)pow(10.0, test_rng_uniform(&rng, -2, 2));
        tc_shape got = tc_shape_transform(&local, pose, scale);
        dtf t = dtf_from(pose);
        if (!(sqrt(dq_dot(dq_from(pose.rotation), dq_from(pose.rotation))) > 0)) t.q = (dq){ 0, 0, 0, 1 };
        double e = 0, size = 60.0 * (1.0 + scale) * 4.0; /* the coordinates' magnitude */
        CHECK(got.type == local.type);
        switch (local.type) {
        case TC_SHAPE_SPHERE:
            e = vec_err(got.u.sphere.center, oracle_place(t, scale, local.u.sphere.center));
            CHECK(got.u.sphere.radius == local.u.sphere.radius * scale);
            break;
        case TC_SHAPE_CAPSULE:
            e = fmax(vec_err(got.u.capsule.a, oracle_place(t, scale, local.u.capsule.a)),
                     vec_err(got.u.capsule.b, oracle_place(t, scale, local.u.capsule.b)));
            CHECK(got.u.capsule.radius == local.u.capsule.radius * scale);
            break;
        case TC_SHAPE_AABB: {
            /* stays axis-aligned: the centre moves, the extents only scale */
            tc_vec3 c = tc_vec3_scale(tc_vec3_add(local.u.aabb.min, local.u.aabb.max), 0.5f);
            ovec wc = oracle_place(t, scale, c);
            ovec h = ov_scale(ov_sub(ov_from(local.u.aabb.max), ov_from(local.u.aabb.min)), 0.5 * scale);
            e = fmax(vec_err(got.u.aabb.min, ov_sub(wc, h)), vec_err(got.u.aabb.max, ov_add(wc, h)));
            break;
        }
        case TC_SHAPE_OBB: {
            e = vec_err(got.u.obb.center, oracle_place(t, scale, local.u.obb.center));
            CHECK(vec_err(got.u.obb.half, ov_scale(ov_from(local.u.obb.half), scale)) <= 1e-6 * scale * 4);
            /* each world axis is the local axis turned */
            const tc_vec3 *lc = &local.u.obb.rotation.cx, *gc = &got.u.obb.rotation.cx;
            for (int k = 0; k < 3; ++k) CHECK_MSG(vec_err(gc[k], dq_rotate(t.q, ov_from(lc[k]))) < 2e-6, "case %d: axis %d", i, k);
            break;
        }
        case TC_SHAPE_TRIANGLE:
            e = fmax(vec_err(got.u.triangle.a, oracle_place(t, scale, local.u.triangle.a)),
                     fmax(vec_err(got.u.triangle.b, oracle_place(t, scale, local.u.triangle.b)),
                          vec_err(got.u.triangle.c, oracle_place(t, scale, local.u.triangle.c))));
            break;
        default: {
            /* the normal turns; a point of the plane, placed, stays on it */
            ovec n = dq_rotate(t.q, ov_from(local.u.plane.normal));
            CHECK_MSG(vec_err(got.u.plane.normal, n) < 2e-6, "case %d: normal", i);
            ovec on = oracle_place(t, scale, tc_vec3_scale(local.u.plane.normal, local.u.plane.offset));
            e = fabs(got.u.plane.offset - ov_dot(n, on));
            break;
        }
        }
        if (e / size > worst) worst = e / size;
        CHECK_MSG(e <= 1e-6 * size, "case %d (%s): off by %.3g", i, test_shape_name((tc_shape_type)(kind)), e);
        CHECK(tc_shape_is_valid(&got) == tc_shape_is_valid(&local));
    }
    printf("tc_shape_transform worst error %.3g x magnitude\n", worst);
}

TEST_CASE(shape_transform_identity_scale_and_bad_input)
{
    test_rng rng = { 409 };
    for (int i = 0; i < 600; ++i) {
        tc_shape s = cg_random(&rng, i % TEST_PLAIN_SHAPE_COUNT, 3.0);
        /* the identity pose at scale 1 moves no point (an AABB goes through
         * its centre and a plane through its nearest point: rounding only) */
        tc_shape same = tc_shape_transform(&s, tc_transform_identity(), 1.0f);
        if (s.type == TC_SHAPE_AABB) {
            CHECK(vec_err(same.u.aabb.min, ov_from(s.u.aabb.min)) < 1e-5 && vec_err(same.u.aabb.max, ov_from(s.u.aabb.max)) < 1e-5);
        } else if (s.type == TC_SHAPE_PLANE) {
            CHECK(memcmp(&same.u.plane.normal, &s.u.plane.normal, sizeof s.u.plane.normal) == 0);
            CHECK_NEAR(same.u.plane.offset, s.u.plane.offset, 1e-5);
        } else {
            CHECK(memcmp(&same, &s, sizeof s) == 0);
        }
        /* scale 0: the shape shrinks to a point, still valid */
        tc_shape point = tc_shape_transform(&s, tc_transform_identity(), 0.0f);
        CHECK(tc_shape_is_valid(&point) == tc_shape_is_valid(&s) || s.type == TC_SHAPE_PLANE);
        /* negative or non-finite scales give an invalid shape */
        const float bad[] = { -1.0f, -0.0f - 1e-30f, NAN, INFINITY };
        for (int k = 0; k < 4; ++k) {
            tc_shape b = tc_shape_transform(&s, tc_transform_identity(), bad[k]);
            CHECK(!tc_shape_is_valid(&b));
        }
    }
    tc_shape unknown;
    memset(&unknown, 0, sizeof unknown);
    unknown.type = TC_SHAPE_TYPE_COUNT;
    tc_shape u1 = tc_shape_transform(&unknown, tc_transform_identity(), 1.0f), u2 = tc_shape_translate(&unknown, tc_vec3_zero());
    CHECK(!tc_shape_is_valid(&u1) && !tc_shape_is_valid(&u2));
    /* an AABB turned a quarter about z keeps its extents: it is not turned */
    tc_aabb box = { { 1, -1, -2 }, { 3, 1, 2 } };
    tc_shape a = tc_shape_from_aabb(box);
    tc_shape turned = tc_shape_transform(&a, tc_transform_make(tc_vec3_zero(), tc_quat_from_euler_deg(0, 0, 90)), 2.0f);
    CHECK_NEAR(turned.u.aabb.min.x, -2.0, 1e-5); /* centre (2,0,0) at scale 2 -> (0,4,0), half (2,2,4) */
    CHECK_NEAR(turned.u.aabb.max.x, 2.0, 1e-5);
    CHECK_NEAR(turned.u.aabb.min.y, 2.0, 1e-5);
    CHECK_NEAR(turned.u.aabb.max.y, 6.0, 1e-5);
    CHECK_NEAR(turned.u.aabb.max.z, 4.0, 1e-5);
}

TEST_CASE(shape_translate_is_exact)
{
    test_rng rng = { 410 };
    for (int i = 0; i < 6000; ++i) {
        tc_shape c = cg_random(&rng, i % TEST_PLAIN_SHAPE_COUNT, 10.0);
        tc_shape s = c;
        tc_vec3 d = test_rng_vec3(&rng, -1e4, 1e4);
        tc_shape m = tc_shape_translate(&s, d);
        /* each point is moved by one float addition per coordinate; sizes and orientations are kept */
#define SAME_MOVED(p, q) CHECK((q).x == (p).x + d.x && (q).y == (p).y + d.y && (q).z == (p).z + d.z)
        switch (s.type) {
        case TC_SHAPE_SPHERE: SAME_MOVED(s.u.sphere.center, m.u.sphere.center); CHECK(m.u.sphere.radius == s.u.sphere.radius); break;
        case TC_SHAPE_CAPSULE: SAME_MOVED(s.u.capsule.a, m.u.capsule.a); SAME_MOVED(s.u.capsule.b, m.u.capsule.b); break;
        case TC_SHAPE_AABB: SAME_MOVED(s.u.aabb.min, m.u.aabb.min); SAME_MOVED(s.u.aabb.max, m.u.aabb.max); break;
        case TC_SHAPE_OBB:
            SAME_MOVED(s.u.obb.center, m.u.obb.center);
            CHECK(memcmp(&m.u.obb.rotation, &s.u.obb.rotation, sizeof s.u.obb.rotation) == 0);
            break;
        case TC_SHAPE_TRIANGLE:
            SAME_MOVED(s.u.triangle.a, m.u.triangle.a);
            SAME_MOVED(s.u.triangle.b, m.u.triangle.b);
            SAME_MOVED(s.u.triangle.c, m.u.triangle.c);
            break;
        default: {
            double want = s.u.plane.offset + ov_dot(ov_from(s.u.plane.normal), ov_from(d));
            CHECK(fabs(m.u.plane.offset - want) <= 1e-6 * (fabs(want) + 3e4));
            break;
        }
        }
#undef SAME_MOVED
        /* the library's test helper is the same move */
        tc_shape ct = tc_shape_translate(&c, d);
        tc_shape back = ct;
        CHECK(memcmp(&back, &m, sizeof m) == 0);
    }
}

TEST_CASE(shape_transform_is_how_the_world_places_colliders)
{
    test_rng rng = { 411 };
    tc_world *w = tc_world_create(NULL);
    CHECK(w != NULL);
    if (!w) return;
    for (int i = 0; i < 300; ++i) {
        tc_node_def nd = tc_node_def_default();
        nd.local = rand_pose(&rng, 20);
        nd.scale = (float)test_rng_uniform(&rng, 0.25, 4);
        tc_node_id node = tc_world_create_node(w, &nd);
        tc_collider_def cd = tc_collider_def_default();
        cd.shape = cg_random(&rng, i % TEST_PLAIN_SHAPE_COUNT, 3.0);
        cd.parent = node; /* local pose zero: the identity */
        tc_collider_id id = tc_world_create_collider(w, &cd);
        CHECK(!tc_collider_is_null(id));
        CHECK(tc_world_update(w));
        tc_transform pose;
        float scale;
        tc_shape placed;
        CHECK(tc_world_node_world_pose(w, node, &pose, &scale));
        CHECK(tc_world_collider_shape(w, id, &placed));
        tc_shape mine = tc_shape_transform(&cd.shape, pose, scale);
        CHECK_MSG(memcmp(&mine, &placed, sizeof mine) == 0, "case %d (%s): the world placed it differently", i, test_shape_name((tc_shape_type)(i % TEST_PLAIN_SHAPE_COUNT)));
    }
    tc_world_destroy(w);
}
