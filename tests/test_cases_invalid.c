/* SPDX-License-Identifier: MIT */
/* Bad data (issue 2): NaN, +infinity and -infinity written into every float
 * field of every shape and of the ray, and negative sizes. Every query on
 * such data answers false / no hit (closest point: p unchanged), and never
 * crashes, traps or hangs (run under UBSan/ASan in `make test`). */
#include <string.h>

#include "harness.h"
#include "oracle.h"

/* A valid shape of each kind around the origin, all overlapping each other
 * and all hit by the probe ray, so a false answer comes from the bad field. */
static tc_shape valid_shape(tc_shape_type k)
{
    tc_shape s;
    memset(&s, 0, sizeof s);
    s.type = k;
    switch (k) {
    case TC_SHAPE_SPHERE: s.u.sphere.center = tc_vec3_make(0.1f, 0, 0); s.u.sphere.radius = 1.0f; break;
    case TC_SHAPE_CAPSULE:
        s.u.capsule.a = tc_vec3_make(-1, 0.1f, 0);
        s.u.capsule.b = tc_vec3_make(1, 0.1f, 0);
        s.u.capsule.radius = 0.5f;
        break;
    case TC_SHAPE_AABB: s.u.aabb.min = tc_vec3_make(-1, -1, -1); s.u.aabb.max = tc_vec3_make(1, 1, 1); break;
    case TC_SHAPE_OBB:
        s.u.obb = tc_obb_from_quat(tc_vec3_make(0, 0.1f, 0), tc_vec3_make(1, 0.5f, 0.75f), tc_quat_from_euler_deg(10, 20, 30));
        break;
    case TC_SHAPE_TRIANGLE:
        s.u.triangle.a = tc_vec3_make(-1, -1, 0);
        s.u.triangle.b = tc_vec3_make(1, -1, 0);
        s.u.triangle.c = tc_vec3_make(0, 1, 0.1f);
        break;
    default: s.u.plane.normal = tc_vec3_make(0, 0, 1); s.u.plane.offset = 0.5f; break;
    }
    return s;
}

static int float_fields(tc_shape_type k)
{
    switch (k) {
    case TC_SHAPE_SPHERE: return 4;
    case TC_SHAPE_CAPSULE: return 7;
    case TC_SHAPE_AABB: return 6;
    case TC_SHAPE_OBB: return 15;
    case TC_SHAPE_TRIANGLE: return 9;
    default: return 4;
    }
}

/* The shape's float fields, in declaration order (every shape struct is all
 * floats, so this walks them by index). */
static float *field(tc_shape *s, int i)
{
    return (float *)(void *)&s->u + i;
}

static bool bounds(const tc_shape *s, tc_aabb *out)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_sphere_bounds(&s->u.sphere, out);
    case TC_SHAPE_CAPSULE: return tc_capsule_bounds(&s->u.capsule, out);
    case TC_SHAPE_AABB: *out = s->u.aabb; return tc_aabb_is_valid(&s->u.aabb);
    case TC_SHAPE_OBB: return tc_obb_bounds(&s->u.obb, out);
    case TC_SHAPE_TRIANGLE: return tc_triangle_bounds(&s->u.triangle, out);
    default: return false;
    }
}

static const tc_ray probe = { { 0.0f, 0.0f, -5.0f }, { 0.01f, 0.02f, 1.0f } };

/* Every query that takes the (invalid) shape answers false. */
static void check_invalid(const tc_shape *bad, const char *what)
{
    CHECK_MSG(!tc_shape_is_valid(bad), "%s: is_valid says true", what);
    for (int k = 0; k < TEST_PLAIN_SHAPE_COUNT; ++k) {
        if (k == TC_SHAPE_PLANE && bad->type == TC_SHAPE_PLANE) continue; /* no plane-plane pair */
        tc_shape other = valid_shape((tc_shape_type)k);
        bool r = bad->type <= other.type ? lib_overlap(bad, &other) : lib_overlap(&other, bad);
        CHECK_MSG(!r, "%s: overlap with a valid %s says true", what, test_shape_name((tc_shape_type)k));
    }
    tc_ray_hit hit;
    CHECK_MSG(!tc_shape_raycast(&probe, bad, INFINITY, &hit), "%s: ray cast hits", what);
    CHECK_MSG(!tc_shape_raycast(&probe, bad, 10.0f, NULL), "%s: ray cast hits", what);
    tc_vec3 p = tc_vec3_make(0.0f, 0.0f, 0.0f);
    CHECK_MSG(!tc_shape_contains_point(bad, p), "%s: contains the origin", what);
    tc_vec3 q = tc_vec3_make(0.25f, -3.0f, 7.0f);
    tc_vec3 c = lib_closest(bad, q);
    CHECK_MSG(c.x == q.x && c.y == q.y && c.z == q.z, "%s: closest point is not p unchanged", what);
    if (bad->type == TC_SHAPE_OBB) {
        tc_obb good = valid_shape(TC_SHAPE_OBB).u.obb;
        CHECK_MSG(tc_sat_obb_obb(&bad->u.obb, &good, TC_SAT_AXIS_NONE) == TC_SAT_AXIS_COUNT, "%s: sat", what);
        CHECK_MSG(tc_sat_obb_obb(&good, &bad->u.obb, TC_SAT_AXIS_A0) == TC_SAT_AXIS_COUNT, "%s: sat", what);
        tc_sat_axis_report rep[15];
        tc_sat_axis ax = tc_sat_obb_obb_report(&bad->u.obb, &good, rep);
        CHECK_MSG(ax != TC_SAT_AXIS_NONE, "%s: report says overlapping", what);
    }
    tc_aabb box;
    CHECK_MSG(!bounds(bad, &box), "%s: bounds succeed", what);
}

TEST_CASE(invalid_nan_and_infinity_in_every_shape_field)
{
    const float bad_values[3] = { NAN, INFINITY, -INFINITY };
    const char *names[3] = { "NaN", "+inf", "-inf" };
    int checked = 0;
    for (int k = 0; k < TEST_PLAIN_SHAPE_COUNT; ++k) {
        tc_shape good = valid_shape((tc_shape_type)k);
        /* sanity: the valid version is valid and answers true everywhere */
        CHECK(tc_shape_is_valid(&good));
        tc_ray_hit hit;
        CHECK_MSG(tc_shape_raycast(&probe, &good, INFINITY, &hit), "valid %s: probe misses", test_shape_name((tc_shape_type)k));
        for (int j = 0; j < TEST_PLAIN_SHAPE_COUNT; ++j) {
            if (j == TC_SHAPE_PLANE && k == TC_SHAPE_PLANE) continue;
            tc_shape other = valid_shape((tc_shape_type)j);
            bool r = good.type <= other.type ? lib_overlap(&good, &other) : lib_overlap(&other, &good);
            CHECK_MSG(r, "valid %s and %s do not overlap", test_shape_name((tc_shape_type)k), test_shape_name((tc_shape_type)j));
        }
        for (int f = 0; f < float_fields((tc_shape_type)k); ++f) {
            for (int v = 0; v < 3; ++v) {
                tc_shape bad = good;
                *field(&bad, f) = bad_values[v];
                char what[96];
                snprintf(what, sizeof what, "%s field %d = %s", test_shape_name((tc_shape_type)k), f, names[v]);
                check_invalid(&bad, what);
                ++checked;
            }
        }
    }
    CHECK(checked == 3 * (4 + 7 + 6 + 15 + 9 + 4));
}

TEST_CASE(invalid_nan_and_infinity_in_every_ray_field)
{
    const float bad_values[3] = { NAN, INFINITY, -INFINITY };
    for (int k = 0; k < TEST_PLAIN_SHAPE_COUNT; ++k) {
        tc_shape s = valid_shape((tc_shape_type)k);
        for (int f = 0; f < 6; ++f) {
            for (int v = 0; v < 3; ++v) {
                tc_ray r = probe;
                ((float *)(void *)&r)[f] = bad_values[v];
                tc_ray_hit hit;
                CHECK_MSG(!tc_shape_raycast(&r, &s, INFINITY, &hit), "%s: ray field %d = %g hits", test_shape_name((tc_shape_type)k), f,
                          (double)bad_values[v]);
                CHECK(!tc_shape_raycast(&r, &s, 100.0f, NULL));
            }
        }
        /* max_t: NaN and negative find nothing; +inf is the unbounded ray */
        tc_ray_hit hit;
        CHECK(!tc_shape_raycast(&probe, &s, NAN, &hit));
        CHECK(!tc_shape_raycast(&probe, &s, -1.0f, &hit));
        CHECK(!tc_shape_raycast(&probe, &s, -INFINITY, &hit));
        CHECK(tc_shape_raycast(&probe, &s, INFINITY, &hit));
        /* a point query at NaN / inf: no containment, no crash */
        CHECK(!tc_shape_contains_point(&s, tc_vec3_make(NAN, 0, 0)));
        CHECK(!tc_shape_contains_point(&s, tc_vec3_make(0, INFINITY, 0)) || k == TC_SHAPE_PLANE);
        (void)lib_closest(&s, tc_vec3_make(NAN, INFINITY, -INFINITY));
    }
}

TEST_CASE(invalid_negative_sizes)
{
    tc_shape s = valid_shape(TC_SHAPE_SPHERE);
    s.u.sphere.radius = -1.0f;
    check_invalid(&s, "sphere radius -1");
    s.u.sphere.radius = -1e-30f;
    check_invalid(&s, "sphere radius -1e-30");
    tc_shape c = valid_shape(TC_SHAPE_CAPSULE);
    c.u.capsule.radius = -0.5f;
    check_invalid(&c, "capsule radius -0.5");
    for (int ax = 0; ax < 3; ++ax) {
        tc_shape b = valid_shape(TC_SHAPE_AABB);
        float *mn = &b.u.aabb.min.x, *mx = &b.u.aabb.max.x;
        mn[ax] = 2.0f;
        mx[ax] = 1.0f;
        check_invalid(&b, "aabb min > max");
        tc_shape o = valid_shape(TC_SHAPE_OBB);
        (&o.u.obb.half.x)[ax] = -0.25f;
        check_invalid(&o, "obb negative half");
        (&o.u.obb.half.x)[ax] = -1e-30f;
        check_invalid(&o, "obb half -1e-30");
    }
    /* a plane with a zero or far-from-unit normal is invalid too */
    tc_shape p = valid_shape(TC_SHAPE_PLANE);
    p.u.plane.normal = tc_vec3_zero();
    check_invalid(&p, "plane zero normal");
    p.u.plane.normal = tc_vec3_make(0, 0, 2);
    check_invalid(&p, "plane normal of length 2");
    /* -0.0 sizes are zero sizes: valid */
    tc_shape z = valid_shape(TC_SHAPE_SPHERE);
    z.u.sphere.radius = -0.0f;
    CHECK(tc_sphere_is_valid(&z.u.sphere));
    tc_shape zo = valid_shape(TC_SHAPE_OBB);
    zo.u.obb.half.y = -0.0f;
    CHECK(tc_obb_is_valid(&zo.u.obb));
}
