/* SPDX-License-Identifier: MIT */
/* 4x4 matrices, camera builders and picking, against double-precision
 * computations written here independently. */
#include <math.h>
#include <string.h>

#include <touche/camera.h>
#include <touche/mat4.h>

#include "harness.h"

static const double PI = 3.14159265358979323846;

/* Reference: column-major product and point transform in double. */
static void ref_mul(const double *a, const double *b, double *out)
{
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) {
            double s = 0.0;
            for (int k = 0; k < 4; ++k) s += a[k * 4 + r] * b[c * 4 + k];
            out[c * 4 + r] = s;
        }
}

static void to_double(tc_mat4 m, double *out)
{
    for (int i = 0; i < 16; ++i) out[i] = m.m[i];
}

static tc_mat4 random_affine(test_rng *rng)
{
    tc_quat q = tc_quat_normalize(tc_quat_make((float)test_rng_uniform(rng, -1, 1), (float)test_rng_uniform(rng, -1, 1),
                                               (float)test_rng_uniform(rng, -1, 1), (float)test_rng_uniform(rng, -1, 1)));
    tc_transform t = tc_transform_make(test_rng_vec3(rng, -50, 50), q);
    return tc_mat4_from_transform(t, (float)test_rng_uniform(rng, 0.2, 5.0));
}

TEST_CASE(mat4_mul_matches_reference)
{
    test_rng rng = { 11 };
    for (int it = 0; it < test_random_count(500); ++it) {
        tc_mat4 a, b;
        for (int i = 0; i < 16; ++i) {
            a.m[i] = (float)test_rng_uniform(&rng, -3, 3);
            b.m[i] = (float)test_rng_uniform(&rng, -3, 3);
        }
        double da[16], db[16], dr[16];
        to_double(a, da);
        to_double(b, db);
        ref_mul(da, db, dr);
        tc_mat4 r = tc_mat4_mul(a, b);
        for (int i = 0; i < 16; ++i) CHECK_NEAR(r.m[i], dr[i], 1e-4);
    }
}

TEST_CASE(mat4_inverse_times_matrix_is_identity)
{
    test_rng rng = { 12 };
    for (int it = 0; it < test_random_count(500); ++it) {
        tc_mat4 m = random_affine(&rng);
        if (it % 2) m = tc_mat4_mul(tc_mat4_perspective(1.0f, 1.5f, 0.1f, 100.0f, TC_DEPTH_ZERO_TO_ONE), m);
        tc_mat4 inv = tc_mat4_inverse(m);
        double dm[16], di[16], dr[16];
        to_double(m, dm);
        to_double(inv, di);
        ref_mul(dm, di, dr);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) CHECK_NEAR(dr[c * 4 + r], r == c ? 1.0 : 0.0, 1e-3);
    }
    /* Singular and non-finite matrices give zero. */
    tc_mat4 s = tc_mat4_identity();
    s.m[10] = 0.0f;
    tc_mat4 z = tc_mat4_inverse(s);
    for (int i = 0; i < 16; ++i) CHECK(z.m[i] == 0.0f);
    s = tc_mat4_identity();
    s.m[3] = NAN;
    z = tc_mat4_inverse(s);
    for (int i = 0; i < 16; ++i) CHECK(z.m[i] == 0.0f);
}

TEST_CASE(mat4_transform_point_and_direction)
{
    tc_transform t = tc_transform_make(tc_vec3_make(1, 2, 3), tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), (float)(PI / 2)));
    tc_mat4 m = tc_mat4_from_transform(t, 2.0f);
    /* x axis turns into y, scaled by 2, then moved. */
    tc_vec3 p = tc_mat4_transform_point(m, tc_vec3_make(1, 0, 0));
    CHECK_NEAR(p.x, 1, 1e-5); CHECK_NEAR(p.y, 4, 1e-5); CHECK_NEAR(p.z, 3, 1e-5);
    tc_vec3 d = tc_mat4_transform_direction(m, tc_vec3_make(1, 0, 0));
    CHECK_NEAR(d.x, 0, 1e-5); CHECK_NEAR(d.y, 2, 1e-5); CHECK_NEAR(d.z, 0, 1e-5);
    /* w divide */
    tc_mat4 h = tc_mat4_identity();
    h.m[15] = 2.0f;
    p = tc_mat4_transform_point(h, tc_vec3_make(2, 4, 6));
    CHECK_NEAR(p.x, 1, 0); CHECK_NEAR(p.y, 2, 0); CHECK_NEAR(p.z, 3, 0);
}

TEST_CASE(mat4_look_at_places_eye_and_target)
{
    test_rng rng = { 13 };
    for (int it = 0; it < test_random_count(300); ++it) {
        tc_vec3 eye = test_rng_vec3(&rng, -20, 20);
        tc_vec3 target = test_rng_vec3(&rng, -20, 20);
        tc_vec3 up = it % 7 == 0 ? tc_vec3_sub(target, eye) : tc_vec3_make(0, 1, 0); /* sometimes degenerate */
        tc_mat4 v = tc_mat4_look_at(eye, target, up);
        tc_vec3 e = tc_mat4_transform_point(v, eye);
        CHECK_NEAR(e.x, 0, 1e-3); CHECK_NEAR(e.y, 0, 1e-3); CHECK_NEAR(e.z, 0, 1e-3);
        double dist = sqrt(pow((double)target.x - eye.x, 2) + pow((double)target.y - eye.y, 2) + pow((double)target.z - eye.z, 2));
        tc_vec3 t = tc_mat4_transform_point(v, target);
        CHECK_NEAR(t.x, 0, 1e-3); CHECK_NEAR(t.y, 0, 1e-3); CHECK_NEAR(t.z, -dist, 1e-3);
        /* Rows are orthonormal and right-handed (det +1). */
        double d[16];
        to_double(v, d);
        double det = d[0] * (d[5] * d[10] - d[9] * d[6]) - d[4] * (d[1] * d[10] - d[9] * d[2]) + d[8] * (d[1] * d[6] - d[5] * d[2]);
        CHECK_NEAR(det, 1.0, 1e-5);
        if (it % 7 != 0) {
            /* World up projects onto the view's +y. */
            tc_vec3 u = tc_mat4_transform_direction(v, up);
            CHECK(u.y >= -1e-6f);
        }
    }
}

static double ndc_depth_ref(tc_mat4 p, double z_view)
{
    double d[16];
    to_double(p, d);
    double zc = d[10] * z_view + d[14];
    double wc = d[11] * z_view + d[15];
    return zc / wc;
}

TEST_CASE(mat4_perspective_depth_conventions)
{
    const tc_depth_range ranges[3] = { TC_DEPTH_NEGATIVE_ONE_TO_ONE, TC_DEPTH_ZERO_TO_ONE, TC_DEPTH_REVERSED };
    const double near_ndc[3] = { -1, 0, 1 }, far_ndc[3] = { 1, 1, 0 };
    for (int k = 0; k < 3; ++k) {
        tc_mat4 p = tc_mat4_perspective(1.2f, 1.6f, 0.5f, 200.0f, ranges[k]);
        CHECK_NEAR(ndc_depth_ref(p, -0.5), near_ndc[k], 1e-5);
        CHECK_NEAR(ndc_depth_ref(p, -200.0), far_ndc[k], 1e-4);
        /* Depth is monotonic between near and far. */
        double prev = ndc_depth_ref(p, -0.5);
        for (double z = 1.0; z < 200.0; z *= 1.5) {
            double cur = ndc_depth_ref(p, -z);
            CHECK(far_ndc[k] > near_ndc[k] ? cur > prev : cur < prev);
            prev = cur;
        }
        /* Orthographic: linear between the same ends. */
        tc_mat4 o = tc_mat4_orthographic(-4, 4, -3, 3, 0.5f, 200.0f, ranges[k]);
        CHECK_NEAR(ndc_depth_ref(o, -0.5), near_ndc[k], 1e-5);
        CHECK_NEAR(ndc_depth_ref(o, -200.0), far_ndc[k], 1e-5);
        /* The field of view: a point at the top edge of the frustum maps to y = 1. */
        double d[16];
        to_double(p, d);
        double y = tan(0.6) * 10.0;
        CHECK_NEAR((d[5] * y) / (d[11] * -10.0), 1.0, 1e-5);
    }
    /* Infinite far plane: reversed Z tends to 0 far away. */
    tc_mat4 inf = tc_mat4_perspective(1.0f, 1.0f, 0.1f, INFINITY, TC_DEPTH_REVERSED);
    CHECK_NEAR(ndc_depth_ref(inf, -0.1), 1.0, 1e-6);
    CHECK(ndc_depth_ref(inf, -1e6) < 1e-6);
    /* Bad parameters give the zero matrix. */
    tc_mat4 bad = tc_mat4_perspective(0.0f, 1.0f, 0.1f, 10.0f, TC_DEPTH_ZERO_TO_ONE);
    for (int i = 0; i < 16; ++i) CHECK(bad.m[i] == 0.0f);
    bad = tc_mat4_perspective(1.0f, 1.0f, 1.0f, 0.5f, TC_DEPTH_ZERO_TO_ONE);
    for (int i = 0; i < 16; ++i) CHECK(bad.m[i] == 0.0f);
    bad = tc_mat4_perspective(1.0f, NAN, 0.1f, 10.0f, TC_DEPTH_ZERO_TO_ONE);
    for (int i = 0; i < 16; ++i) CHECK(bad.m[i] == 0.0f);
}

/* Reference projection to pixels in double: (proj * view) * p. */
static bool ref_project(tc_mat4 view, tc_mat4 proj, tc_viewport vp, const double p[3], double *sx, double *sy, double *z)
{
    double dv[16], dp[16], pv[16];
    to_double(view, dv);
    to_double(proj, dp);
    ref_mul(dp, dv, pv);
    double c[4];
    for (int r = 0; r < 4; ++r) c[r] = pv[r] * p[0] + pv[4 + r] * p[1] + pv[8 + r] * p[2] + pv[12 + r];
    if (c[3] <= 0) return false;
    *sx = vp.x + (c[0] / c[3] + 1.0) * 0.5 * vp.width;
    *sy = vp.y + (1.0 - c[1] / c[3]) * 0.5 * vp.height;
    *z = c[2] / c[3];
    return true;
}

static void picking_round_trip(tc_depth_range depth, bool ortho, bool infinite, uint64_t seed)
{
    test_rng rng = { seed };
    const double near_ndc = depth == TC_DEPTH_NEGATIVE_ONE_TO_ONE ? -1.0 : depth == TC_DEPTH_ZERO_TO_ONE ? 0.0 : 1.0;
    for (int it = 0; it < test_random_count(300); ++it) {
        tc_vec3 eye = test_rng_vec3(&rng, -30, 30);
        tc_vec3 target = test_rng_vec3(&rng, -5, 5);
        tc_mat4 view = tc_mat4_look_at(eye, target, tc_vec3_make(0, 1, 0));
        tc_viewport vp = { (float)test_rng_int(&rng, 0, 100), (float)test_rng_int(&rng, 0, 100), (float)test_rng_int(&rng, 320, 1920),
                           (float)test_rng_int(&rng, 240, 1080) };
        float aspect = vp.width / vp.height;
        float n = (float)test_rng_uniform(&rng, 0.05, 1.0);
        tc_mat4 proj = ortho ? tc_mat4_orthographic(-10 * aspect, 10 * aspect, -10, 10, n, 300.0f, depth)
                             : tc_mat4_perspective((float)test_rng_uniform(&rng, 0.3, 2.0), aspect, n, infinite ? INFINITY : 300.0f, depth);
        float sx = vp.x + (float)test_rng_uniform(&rng, 0, vp.width);
        float sy = vp.y + (float)test_rng_uniform(&rng, 0, vp.height);
        tc_ray ray;
        CHECK(tc_camera_unproject(sx, sy, vp, view, proj, depth, &ray));
        CHECK_NEAR(tc_vec3_length(ray.dir), 1.0, 1e-5);
        /* The origin lies on the near plane, and every point along the ray
         * lands back on the same pixel. */
        const double ts[4] = { 0.0, 1.0, 20.0, 150.0 };
        for (int k = 0; k < 4; ++k) {
            double p[3] = { ray.origin.x + ts[k] * ray.dir.x, ray.origin.y + ts[k] * ray.dir.y, ray.origin.z + ts[k] * ray.dir.z };
            double px, py, pz;
            CHECK(ref_project(view, proj, vp, p, &px, &py, &pz));
            CHECK_NEAR(px, sx, 0.05); /* float rounding of the ray origin near the eye */
            CHECK_NEAR(py, sy, 0.05);
            if (k == 0) CHECK_NEAR(pz, near_ndc, 1e-3);
        }
        /* tc_camera_project agrees with the reference. */
        float qx, qy, qz;
        tc_vec3 far_pt = tc_vec3_mul_add(ray.origin, ray.dir, 50.0f);
        double fp[3] = { far_pt.x, far_pt.y, far_pt.z }, rx, ry, rz;
        CHECK(tc_camera_project(far_pt, vp, view, proj, &qx, &qy, &qz));
        CHECK(ref_project(view, proj, vp, fp, &rx, &ry, &rz));
        CHECK_NEAR(qx, rx, 1e-3);
        CHECK_NEAR(qy, ry, 1e-3);
    }
}

TEST_CASE(picking_round_trip_opengl) { picking_round_trip(TC_DEPTH_NEGATIVE_ONE_TO_ONE, false, false, 21); }
TEST_CASE(picking_round_trip_zero_to_one) { picking_round_trip(TC_DEPTH_ZERO_TO_ONE, false, false, 22); }
TEST_CASE(picking_round_trip_reversed) { picking_round_trip(TC_DEPTH_REVERSED, false, false, 23); }
TEST_CASE(picking_round_trip_reversed_infinite) { picking_round_trip(TC_DEPTH_REVERSED, false, true, 24); }
TEST_CASE(picking_round_trip_orthographic)
{
    picking_round_trip(TC_DEPTH_NEGATIVE_ONE_TO_ONE, true, false, 25);
    picking_round_trip(TC_DEPTH_REVERSED, true, false, 26);
}

TEST_CASE(picking_centre_pixel_looks_at_target)
{
    tc_vec3 eye = tc_vec3_make(0, 5, 10), target = tc_vec3_make(0, 1, 0);
    tc_mat4 view = tc_mat4_look_at(eye, target, tc_vec3_make(0, 1, 0));
    tc_mat4 proj = tc_mat4_perspective(1.0f, 4.0f / 3.0f, 0.1f, 100.0f, TC_DEPTH_ZERO_TO_ONE);
    tc_viewport vp = { 0, 0, 800, 600 };
    tc_ray ray;
    CHECK(tc_camera_unproject(400, 300, vp, view, proj, TC_DEPTH_ZERO_TO_ONE, &ray));
    tc_vec3 want = tc_vec3_normalize(tc_vec3_sub(target, eye));
    CHECK_NEAR(ray.dir.x, want.x, 1e-5); CHECK_NEAR(ray.dir.y, want.y, 1e-5); CHECK_NEAR(ray.dir.z, want.z, 1e-5);
    /* Top-left origin: a point above the centre on screen looks higher. */
    tc_ray up_ray;
    CHECK(tc_camera_unproject(400, 100, vp, view, proj, TC_DEPTH_ZERO_TO_ONE, &up_ray));
    CHECK(up_ray.dir.y > ray.dir.y);
    tc_ray right_ray;
    CHECK(tc_camera_unproject(700, 300, vp, view, proj, TC_DEPTH_ZERO_TO_ONE, &right_ray));
    CHECK(right_ray.dir.x > 0.0f);
}

TEST_CASE(picking_rejects_bad_input)
{
    tc_mat4 view = tc_mat4_identity();
    tc_mat4 proj = tc_mat4_perspective(1.0f, 1.0f, 0.1f, 100.0f, TC_DEPTH_ZERO_TO_ONE);
    tc_viewport vp = { 0, 0, 100, 100 }, empty = { 0, 0, 0, 100 };
    tc_ray ray;
    CHECK(!tc_camera_unproject(50, 50, empty, view, proj, TC_DEPTH_ZERO_TO_ONE, &ray));
    CHECK(!tc_camera_unproject(NAN, 50, vp, view, proj, TC_DEPTH_ZERO_TO_ONE, &ray));
    CHECK(!tc_camera_unproject(50, 50, vp, view, tc_mat4_zero(), TC_DEPTH_ZERO_TO_ONE, &ray));
    CHECK(!tc_camera_unproject(50, 50, vp, view, proj, (tc_depth_range)7, &ray));
    CHECK(!tc_camera_project(tc_vec3_make(0, 0, 5), vp, view, proj, NULL, NULL, NULL)); /* behind */
    CHECK(tc_camera_project(tc_vec3_make(0, 0, -5), vp, view, proj, NULL, NULL, NULL));
}
