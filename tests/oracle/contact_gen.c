/* SPDX-License-Identifier: MIT */
#include "contact_gen.h"

#include <math.h>


tc_vec3 cg_random_vec(test_rng *r, double lo, double hi)
{
    return tc_vec3_make((float)test_rng_uniform(r, lo, hi), (float)test_rng_uniform(r, lo, hi), (float)test_rng_uniform(r, lo, hi));
}

tc_quat cg_random_quat(test_rng *r)
{
    for (;;) {
        double x = test_rng_uniform(r, -1, 1), y = test_rng_uniform(r, -1, 1), z = test_rng_uniform(r, -1, 1),
               w = test_rng_uniform(r, -1, 1);
        double l = sqrt(x * x + y * y + z * z + w * w);
        if (l > 0.1 && l <= 1) return tc_quat_make((float)(x / l), (float)(y / l), (float)(z / l), (float)(w / l));
    }
}

static float size(test_rng *r) { return (float)test_rng_uniform(r, 0.05, 1.5); }

test_shape cg_random(test_rng *r, int kind, double spread)
{
    test_shape s;
    s.kind = kind;
    tc_vec3 c = cg_random_vec(r, -spread, spread);
    int degenerate = test_rng_int(r, 0, 19) == 0;
    switch (kind) {
    case TEST_SPHERE:
        s.u.sphere.center = c;
        s.u.sphere.radius = degenerate ? 0.0f : size(r);
        break;
    case TEST_CAPSULE: {
        tc_vec3 d = cg_random_vec(r, -1, 1);
        s.u.capsule.a = c;
        s.u.capsule.b = degenerate ? c : tc_vec3_add(c, d);
        s.u.capsule.radius = test_rng_int(r, 0, 19) == 0 ? 0.0f : 0.5f * size(r);
        break;
    }
    case TEST_AABB: {
        tc_vec3 h = tc_vec3_make(size(r), size(r), size(r));
        if (degenerate) h.y = 0.0f;
        s.u.aabb.min = tc_vec3_sub(c, h);
        s.u.aabb.max = tc_vec3_add(c, h);
        break;
    }
    case TEST_OBB: {
        tc_vec3 h = tc_vec3_make(size(r), size(r), size(r));
        if (degenerate) h.z = 0.0f;
        s.u.obb = tc_obb_from_quat(c, h, cg_random_quat(r));
        break;
    }
    case TEST_TRIANGLE:
        s.u.triangle.a = tc_vec3_add(c, cg_random_vec(r, -1.5, 1.5));
        s.u.triangle.b = tc_vec3_add(c, cg_random_vec(r, -1.5, 1.5));
        s.u.triangle.c = degenerate ? tc_vec3_lerp(s.u.triangle.a, s.u.triangle.b, 0.3f) : tc_vec3_add(c, cg_random_vec(r, -1.5, 1.5));
        break;
    default: {
        tc_vec3 n = tc_vec3_normalize(cg_random_vec(r, -1, 1));
        if (tc_vec3_length(n) < 0.5f) n = tc_vec3_make(0, 0, 1);
        s.u.plane = tc_plane_from_point_normal(c, n);
        break;
    }
    }
    return s;
}

test_shape cg_placed(const test_shape *x, tc_transform t)
{
    test_shape s = *x;
    switch (s.kind) {
    case TEST_SPHERE: s.u.sphere.center = tc_transform_point(t, s.u.sphere.center); break;
    case TEST_CAPSULE: s.u.capsule.a = tc_transform_point(t, s.u.capsule.a); s.u.capsule.b = tc_transform_point(t, s.u.capsule.b); break;
    case TEST_AABB: {
        tc_obb local = tc_obb_from_aabb(&x->u.aabb);
        s.kind = TEST_OBB;
        s.u.obb = tc_obb_from_quat(tc_transform_point(t, local.center), local.half, t.rotation);
        break;
    }
    case TEST_OBB: {
        tc_mat3 r = tc_mat3_from_quat(t.rotation);
        s.u.obb.center = tc_transform_point(t, s.u.obb.center);
        s.u.obb.rotation = tc_mat3_mul(r, s.u.obb.rotation);
        break;
    }
    case TEST_TRIANGLE:
        s.u.triangle.a = tc_transform_point(t, s.u.triangle.a);
        s.u.triangle.b = tc_transform_point(t, s.u.triangle.b);
        s.u.triangle.c = tc_transform_point(t, s.u.triangle.c);
        break;
    default: break;
    }
    return s;
}

co_shape cg_oracle(const test_shape *s)
{
    switch (s->kind) {
    case TEST_SPHERE: return co_sphere(&s->u.sphere);
    case TEST_CAPSULE: return co_capsule(&s->u.capsule);
    case TEST_AABB: return co_aabb(&s->u.aabb);
    case TEST_OBB: return co_obb(&s->u.obb);
    case TEST_TRIANGLE: return co_triangle(&s->u.triangle);
    default: return co_plane(&s->u.plane);
    }
}

double cg_thickness(const test_shape *s)
{
    switch (s->kind) {
    case TEST_SPHERE: return 2.0 * s->u.sphere.radius;
    case TEST_CAPSULE: return 2.0 * s->u.capsule.radius;
    case TEST_AABB: {
        tc_vec3 d = tc_vec3_sub(s->u.aabb.max, s->u.aabb.min);
        return fmin(d.x, fmin(d.y, d.z));
    }
    case TEST_OBB: return 2.0 * fmin(s->u.obb.half.x, fmin(s->u.obb.half.y, s->u.obb.half.z));
    case TEST_TRIANGLE: return 0.0;
    default: return INFINITY;
    }
}

static const void *ptr(const test_shape *s)
{
    switch (s->kind) {
    case TEST_SPHERE: return &s->u.sphere;
    case TEST_CAPSULE: return &s->u.capsule;
    case TEST_AABB: return &s->u.aabb;
    case TEST_OBB: return &s->u.obb;
    case TEST_TRIANGLE: return &s->u.triangle;
    default: return &s->u.plane;
    }
}

#define PAIR(A, B) (TEST_##A * TEST_SHAPE_KINDS + TEST_##B)
#define EACH_PAIR(X)                                                                                   \
    X(SPHERE, sphere, SPHERE, sphere) X(SPHERE, sphere, CAPSULE, capsule) X(SPHERE, sphere, AABB, aabb) \
    X(SPHERE, sphere, OBB, obb) X(SPHERE, sphere, TRIANGLE, triangle) X(SPHERE, sphere, PLANE, plane)  \
    X(CAPSULE, capsule, CAPSULE, capsule) X(CAPSULE, capsule, AABB, aabb) X(CAPSULE, capsule, OBB, obb) \
    X(CAPSULE, capsule, TRIANGLE, triangle) X(CAPSULE, capsule, PLANE, plane) X(AABB, aabb, AABB, aabb) \
    X(AABB, aabb, OBB, obb) X(AABB, aabb, TRIANGLE, triangle) X(AABB, aabb, PLANE, plane)              \
    X(OBB, obb, OBB, obb) X(OBB, obb, TRIANGLE, triangle) X(OBB, obb, PLANE, plane)                    \
    X(TRIANGLE, triangle, TRIANGLE, triangle) X(TRIANGLE, triangle, PLANE, plane)

float cg_distance(const test_shape *a, const test_shape *b, tc_vec3 *pa, tc_vec3 *pb)
{
    switch (a->kind * TEST_SHAPE_KINDS + b->kind) {
#define X(A, a_, B, b_) \
    case PAIR(A, B): return tc_distance_##a_##_##b_((const tc_##a_ *)ptr(a), (const tc_##b_ *)ptr(b), pa, pb);
        EACH_PAIR(X)
#undef X
    default: return NAN;
    }
}

bool cg_contact(const test_shape *a, const test_shape *b, tc_manifold *m)
{
    switch (a->kind * TEST_SHAPE_KINDS + b->kind) {
#define X(A, a_, B, b_) \
    case PAIR(A, B): return tc_contact_##a_##_##b_((const tc_##a_ *)ptr(a), (const tc_##b_ *)ptr(b), m);
        EACH_PAIR(X)
#undef X
    default: return false;
    }
}

bool cg_sweep(const test_shape *a, tc_vec3 va, const test_shape *b, tc_vec3 vb, float max_t, tc_sweep_hit *hit)
{
    switch (a->kind * TEST_SHAPE_KINDS + b->kind) {
#define X(A, a_, B, b_) \
    case PAIR(A, B): return tc_sweep_##a_##_##b_((const tc_##a_ *)ptr(a), va, (const tc_##b_ *)ptr(b), vb, max_t, hit);
        EACH_PAIR(X)
#undef X
    default: return false;
    }
}

#define EACH_RIGID_PAIR(X)                                                                              \
    X(SPHERE, sphere, SPHERE, sphere) X(SPHERE, sphere, CAPSULE, capsule) X(SPHERE, sphere, AABB, aabb) \
    X(SPHERE, sphere, OBB, obb) X(SPHERE, sphere, TRIANGLE, triangle)                                   \
    X(CAPSULE, capsule, CAPSULE, capsule) X(CAPSULE, capsule, AABB, aabb) X(CAPSULE, capsule, OBB, obb) \
    X(CAPSULE, capsule, TRIANGLE, triangle) X(AABB, aabb, AABB, aabb)                                   \
    X(AABB, aabb, OBB, obb) X(AABB, aabb, TRIANGLE, triangle)                                           \
    X(OBB, obb, OBB, obb) X(OBB, obb, TRIANGLE, triangle) X(TRIANGLE, triangle, TRIANGLE, triangle)

bool cg_sweep_rigid(const test_shape *a, tc_transform a0, tc_transform a1, const test_shape *b, tc_transform b0,
                    tc_transform b1, tc_sweep_hit *hit)
{
    switch (a->kind * TEST_SHAPE_KINDS + b->kind) {
#define X(A, a_, B, b_)                                                                                          \
    case PAIR(A, B):                                                                                             \
        return tc_sweep_rigid_##a_##_##b_((const tc_##a_ *)ptr(a), a0, a1, (const tc_##b_ *)ptr(b), b0, b1, hit);
        EACH_RIGID_PAIR(X)
#undef X
    default: return false;
    }
}

bool cg_certainly_apart(const co_shape *a, const co_shape *b)
{
    co_vec pa, pb;
    double d = co_distance(a, b, &pa, &pb);
    if (!(d > 0)) return false;
    co_vec u = co_sub(pb, pa);
    double l = co_len(u);
    if (!(l > 0)) return false;
    return co_overlap_along(a, b, co_scale(u, 1.0 / l)) < 0;
}
