/* SPDX-License-Identifier: MIT */
#include "contact_gen.h"

#include <math.h>
#include <string.h>


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

tc_shape cg_random(test_rng *r, int kind, double spread)
{
    tc_shape s;
    memset(&s, 0, sizeof s); /* the inactive members zero: tests compare shapes bytewise */
    s.type = (tc_shape_type)kind;
    tc_vec3 c = test_rng_vec3(r, -spread, spread);
    int degenerate = test_rng_int(r, 0, 19) == 0;
    switch (kind) {
    case TC_SHAPE_SPHERE:
        s.u.sphere.center = c;
        s.u.sphere.radius = degenerate ? 0.0f : size(r);
        break;
    case TC_SHAPE_CAPSULE: {
        tc_vec3 d = test_rng_vec3(r, -1, 1);
        s.u.capsule.a = c;
        s.u.capsule.b = degenerate ? c : tc_vec3_add(c, d);
        s.u.capsule.radius = test_rng_int(r, 0, 19) == 0 ? 0.0f : 0.5f * size(r);
        break;
    }
    case TC_SHAPE_AABB: {
        tc_vec3 h = test_rng_vec3(r, 0.05, 1.5); /* as size() */
        if (degenerate) h.y = 0.0f;
        s.u.aabb.min = tc_vec3_sub(c, h);
        s.u.aabb.max = tc_vec3_add(c, h);
        break;
    }
    case TC_SHAPE_OBB: {
        tc_vec3 h = test_rng_vec3(r, 0.05, 1.5); /* as size() */
        if (degenerate) h.z = 0.0f;
        s.u.obb = tc_obb_from_quat(c, h, cg_random_quat(r));
        break;
    }
    case TC_SHAPE_TRIANGLE:
        s.u.triangle.a = tc_vec3_add(c, test_rng_vec3(r, -1.5, 1.5));
        s.u.triangle.b = tc_vec3_add(c, test_rng_vec3(r, -1.5, 1.5));
        s.u.triangle.c = degenerate ? tc_vec3_lerp(s.u.triangle.a, s.u.triangle.b, 0.3f) : tc_vec3_add(c, test_rng_vec3(r, -1.5, 1.5));
        break;
    default: {
        tc_vec3 n = tc_vec3_normalize(test_rng_vec3(r, -1, 1));
        if (tc_vec3_length(n) < 0.5f) n = tc_vec3_make(0, 0, 1);
        s.u.plane = tc_plane_from_point_normal(c, n);
        break;
    }
    }
    return s;
}

tc_shape cg_placed(const tc_shape *x, tc_transform t)
{
    tc_shape s = *x;
    switch (s.type) {
    case TC_SHAPE_SPHERE: s.u.sphere.center = tc_transform_point(t, s.u.sphere.center); break;
    case TC_SHAPE_CAPSULE: s.u.capsule.a = tc_transform_point(t, s.u.capsule.a); s.u.capsule.b = tc_transform_point(t, s.u.capsule.b); break;
    case TC_SHAPE_AABB: {
        tc_obb local = tc_obb_from_aabb(&x->u.aabb);
        s.type = TC_SHAPE_OBB;
        s.u.obb = tc_obb_from_quat(tc_transform_point(t, local.center), local.half, t.rotation);
        break;
    }
    case TC_SHAPE_OBB: {
        tc_mat3 r = tc_mat3_from_quat(t.rotation);
        s.u.obb.center = tc_transform_point(t, s.u.obb.center);
        s.u.obb.rotation = tc_mat3_mul(r, s.u.obb.rotation);
        break;
    }
    case TC_SHAPE_TRIANGLE:
        s.u.triangle.a = tc_transform_point(t, s.u.triangle.a);
        s.u.triangle.b = tc_transform_point(t, s.u.triangle.b);
        s.u.triangle.c = tc_transform_point(t, s.u.triangle.c);
        break;
    default: break;
    }
    return s;
}

co_shape cg_oracle(const tc_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return co_sphere(&s->u.sphere);
    case TC_SHAPE_CAPSULE: return co_capsule(&s->u.capsule);
    case TC_SHAPE_AABB: return co_aabb(&s->u.aabb);
    case TC_SHAPE_OBB: return co_obb(&s->u.obb);
    case TC_SHAPE_TRIANGLE: return co_triangle(&s->u.triangle);
    default: return co_plane(&s->u.plane);
    }
}

double cg_thickness(const tc_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return 2.0 * s->u.sphere.radius;
    case TC_SHAPE_CAPSULE: return 2.0 * s->u.capsule.radius;
    case TC_SHAPE_AABB: {
        tc_vec3 d = tc_vec3_sub(s->u.aabb.max, s->u.aabb.min);
        return fmin(d.x, fmin(d.y, d.z));
    }
    case TC_SHAPE_OBB: return 2.0 * fmin(s->u.obb.half.x, fmin(s->u.obb.half.y, s->u.obb.half.z));
    case TC_SHAPE_TRIANGLE: return 0.0;
    default: return INFINITY;
    }
}

static const void *ptr(const tc_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return &s->u.sphere;
    case TC_SHAPE_CAPSULE: return &s->u.capsule;
    case TC_SHAPE_AABB: return &s->u.aabb;
    case TC_SHAPE_OBB: return &s->u.obb;
    case TC_SHAPE_TRIANGLE: return &s->u.triangle;
    default: return &s->u.plane;
    }
}

#define PAIR(A, B) (TC_SHAPE_##A * TC_SHAPE_TYPE_COUNT + TC_SHAPE_##B)
#define EACH_PAIR(X)                                                                                   \
    X(SPHERE, sphere, SPHERE, sphere) X(SPHERE, sphere, CAPSULE, capsule) X(SPHERE, sphere, AABB, aabb) \
    X(SPHERE, sphere, OBB, obb) X(SPHERE, sphere, TRIANGLE, triangle) X(SPHERE, sphere, PLANE, plane)  \
    X(CAPSULE, capsule, CAPSULE, capsule) X(CAPSULE, capsule, AABB, aabb) X(CAPSULE, capsule, OBB, obb) \
    X(CAPSULE, capsule, TRIANGLE, triangle) X(CAPSULE, capsule, PLANE, plane) X(AABB, aabb, AABB, aabb) \
    X(AABB, aabb, OBB, obb) X(AABB, aabb, TRIANGLE, triangle) X(AABB, aabb, PLANE, plane)              \
    X(OBB, obb, OBB, obb) X(OBB, obb, TRIANGLE, triangle) X(OBB, obb, PLANE, plane)                    \
    X(TRIANGLE, triangle, TRIANGLE, triangle) X(TRIANGLE, triangle, PLANE, plane)

float cg_distance(const tc_shape *a, const tc_shape *b, tc_vec3 *pa, tc_vec3 *pb)
{
    switch (a->type * TC_SHAPE_TYPE_COUNT + b->type) {
#define X(A, a_, B, b_) \
    case PAIR(A, B): return tc_distance_##a_##_##b_((const tc_##a_ *)ptr(a), (const tc_##b_ *)ptr(b), pa, pb);
        EACH_PAIR(X)
#undef X
    default: return NAN;
    }
}

bool cg_overlap(const tc_shape *a, const tc_shape *b)
{
    switch (a->type * TC_SHAPE_TYPE_COUNT + b->type) {
#define X(A, a_, B, b_) \
    case PAIR(A, B): return tc_overlap_##a_##_##b_((const tc_##a_ *)ptr(a), (const tc_##b_ *)ptr(b));
        EACH_PAIR(X)
#undef X
    default: return false;
    }
}

bool cg_contact(const tc_shape *a, const tc_shape *b, tc_manifold *m)
{
    switch (a->type * TC_SHAPE_TYPE_COUNT + b->type) {
#define X(A, a_, B, b_) \
    case PAIR(A, B): return tc_contact_##a_##_##b_((const tc_##a_ *)ptr(a), (const tc_##b_ *)ptr(b), m);
        EACH_PAIR(X)
#undef X
    default: return false;
    }
}

bool cg_sweep(const tc_shape *a, tc_vec3 va, const tc_shape *b, tc_vec3 vb, float max_t, tc_sweep_hit *hit)
{
    switch (a->type * TC_SHAPE_TYPE_COUNT + b->type) {
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

bool cg_sweep_rigid(const tc_shape *a, tc_transform a0, tc_transform a1, const tc_shape *b, tc_transform b0,
                    tc_transform b1, tc_sweep_hit *hit)
{
    switch (a->type * TC_SHAPE_TYPE_COUNT + b->type) {
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

/* Directions with integer components and an integer length (3-4-5, 1-2-2,
 * 2-3-6, 2-6-9): a sphere of radius k * length / 16 placed along one has its
 * centre on the 1/16 grid. */
static const int cg_touch_dirs[][4] = { { 1, 0, 0, 1 }, { 3, 4, 0, 5 }, { 1, 2, 2, 3 }, { 2, 3, 6, 7 }, { 2, 6, 9, 11 } };

static float grid(test_rng *r, int lo, int hi) { return (float)test_rng_int(r, lo, hi) / 16.0f; }

/* A grid vector, each draw its own statement: C leaves the order of a call's
 * arguments unspecified (gcc and clang differ), and the touching cases must
 * be the same for every compiler. The order is z, y, x: the one gcc used when
 * the cases were made. */
static tc_vec3 draw_grid_vec(test_rng *r, int lo, int hi)
{
    float z = grid(r, lo, hi);
    float y = grid(r, lo, hi);
    float x = grid(r, lo, hi);
    return tc_vec3_make(x, y, z);
}

/* A random grid vector whose dot product with e has sign `side` or is 0. */
static tc_vec3 grid_towards(test_rng *r, const int e[3], int side, int reach)
{
    tc_vec3 d = draw_grid_vec(r, -reach, reach);
    double s = (double)d.x * e[0] + (double)d.y * e[1] + (double)d.z * e[2];
    if (s * side < 0) d = tc_vec3_neg(d);
    return d;
}

/* The box with corner p spanning into the octant of -side * e (sizes 1..24
 * sixteenths; along a zero component of e it straddles p). */
static void grid_box(test_rng *r, tc_vec3 p, const int e[3], int side, tc_vec3 *lo, tc_vec3 *hi)
{
    float pc[3] = { p.x, p.y, p.z }, l[3], h[3];
    for (int k = 0; k < 3; ++k) {
        int s = -e[k] * side;
        float len = grid(r, 1, 24);
        if (s > 0) { l[k] = pc[k]; h[k] = pc[k] + len; }
        else if (s < 0) { l[k] = pc[k] - len; h[k] = pc[k]; }
        else { l[k] = pc[k] - grid(r, 0, 24); h[k] = pc[k] + grid(r, 0, 24); }
    }
    *lo = tc_vec3_make(l[0], l[1], l[2]);
    *hi = tc_vec3_make(h[0], h[1], h[2]);
}

/* A rotation that permutes and flips the axes (exact in float), det +1. */
static tc_mat3 grid_rotation(test_rng *r)
{
    static const int perms[6][3] = { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 1, 0, 2 }, { 0, 2, 1 }, { 2, 1, 0 } };
    int p = test_rng_int(r, 0, 5);
    float m[3][3] = { { 0 } };
    for (int c = 0; c < 3; ++c) m[c][perms[p][c]] = test_rng_int(r, 0, 1) ? -1.0f : 1.0f;
    float det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (det < 0) m[2][perms[p][2]] = -m[2][perms[p][2]];
    tc_mat3 out;
    out.cx = tc_vec3_make(m[0][0], m[0][1], m[0][2]);
    out.cy = tc_vec3_make(m[1][0], m[1][1], m[1][2]);
    out.cz = tc_vec3_make(m[2][0], m[2][1], m[2][2]);
    return out;
}

tc_shape cg_touching(test_rng *r, int kind, tc_vec3 p, const int e[4], int side)
{
    tc_shape s;
    memset(&s, 0, sizeof s);
    s.type = (tc_shape_type)kind;
    switch (kind) {
    case TC_SHAPE_SPHERE:
    case TC_SHAPE_CAPSULE: {
        int k = test_rng_int(r, 1, 8);
        float radius = (float)(k * e[3]) / 16.0f;
        tc_vec3 c = tc_vec3_make(p.x - (float)(side * k * e[0]) / 16.0f, p.y - (float)(side * k * e[1]) / 16.0f,
                                 p.z - (float)(side * k * e[2]) / 16.0f);
        if (kind == TC_SHAPE_SPHERE) {
            s.u.sphere.center = c;
            s.u.sphere.radius = radius;
        } else {
            s.u.capsule.a = c;
            s.u.capsule.b = tc_vec3_add(c, grid_towards(r, e, -side, 24));
            s.u.capsule.radius = radius;
        }
        break;
    }
    case TC_SHAPE_AABB: grid_box(r, p, e, side, &s.u.aabb.min, &s.u.aabb.max); break;
    case TC_SHAPE_OBB: {
        tc_vec3 lo, hi;
        grid_box(r, p, e, side, &lo, &hi);
        s.u.obb.center = tc_vec3_scale(tc_vec3_add(lo, hi), 0.5f);
        tc_vec3 h = tc_vec3_scale(tc_vec3_sub(hi, lo), 0.5f);
        s.u.obb.rotation = grid_rotation(r);
        /* Express the same box in the rotated frame: half extents permute. */
        tc_vec3 cols[3] = { s.u.obb.rotation.cx, s.u.obb.rotation.cy, s.u.obb.rotation.cz };
        float hv[3];
        for (int c = 0; c < 3; ++c) hv[c] = fabsf(cols[c].x) * h.x + fabsf(cols[c].y) * h.y + fabsf(cols[c].z) * h.z;
        s.u.obb.half = tc_vec3_make(hv[0], hv[1], hv[2]);
        break;
    }
    case TC_SHAPE_TRIANGLE: {
        s.u.triangle.a = p;
        s.u.triangle.b = tc_vec3_add(p, grid_towards(r, e, -side, 24));
        s.u.triangle.c = tc_vec3_add(p, grid_towards(r, e, -side, 24));
        break;
    }
    default: {
        /* Planes only along a coordinate axis (a unit normal exact in float):
         * callers pass e = x for them. The solid is below, so B's plane
         * faces the other way. */
        tc_vec3 n = tc_vec3_make((float)(side * e[0]), (float)(side * e[1]), (float)(side * e[2]));
        s.u.plane.normal = n;
        s.u.plane.offset = tc_vec3_dot(n, p);
        break;
    }
    }
    return s;
}

void cg_touching_pair(test_rng *r, int ka, int kb, tc_shape *a, tc_shape *b, int step[3])
{
    int which = (ka == TC_SHAPE_PLANE || kb == TC_SHAPE_PLANE) ? 0 : test_rng_int(r, 0, 4);
    int e[4], perm = test_rng_int(r, 0, 2);
    for (int k = 0; k < 3; ++k) {
        int c = cg_touch_dirs[which][(k + perm) % 3];
        e[k] = test_rng_int(r, 0, 1) ? -c : c;
    }
    e[3] = cg_touch_dirs[which][3];
    tc_vec3 p = draw_grid_vec(r, -32, 32);
    *a = cg_touching(r, ka, p, e, 1);
    *b = cg_touching(r, kb, p, e, -1);
    for (int k = 0; k < 3; ++k) step[k] = e[k];
}
