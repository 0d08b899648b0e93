/* SPDX-License-Identifier: MIT */
/* The math module against double-precision math written here: quaternion to
 * matrix and back (q and -q), Euler angles against axis-angle products, rigid
 * transforms, and normalisation of tiny, huge and zero inputs. */
#include <string.h>

#include "harness.h"
#include "oracle.h"

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
    return tc_quat_make((float)test_rng_uniform(r, -1, 1), (float)test_rng_uniform(r, -1, 1), (float)test_rng_uniform(r, -1, 1),
                        (float)test_rng_uniform(r, -1, 1));
}
static tc_vec3 rand_vec(test_rng *r, double s)
{
    return tc_vec3_make((float)test_rng_uniform(r, -s, s), (float)test_rng_uniform(r, -s, s), (float)test_rng_uniform(r, -s, s));
}

TEST_CASE(math_quat_matrix_round_trip)
{
    test_rng rng = { 401 };
    double worst_m = 0, worst_q = 0;
    for (int i = 0; i < 50000; ++i) {
        tc_quat q = rand_quat(&rng);
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
        tc_vec3 v = rand_vec(&rng, 1.0);
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
        tc_transform a = tc_transform_make(rand_vec(&rng, s), rand_quat(&rng));
        tc_transform b = tc_transform_make(rand_vec(&rng, 10.0), rand_quat(&rng));
        if (i % 9 == 0) a.rotation = tc_quat_make(a.rotation.x * 1e3f, a.rotation.y * 1e3f, a.rotation.z * 1e3f, a.rotation.w * 1e3f);
        dtf da = dtf_from(a), db = dtf_from(b);
        tc_vec3 v = rand_vec(&rng, 10.0);
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
