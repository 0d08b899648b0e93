/* SPDX-License-Identifier: MIT */
#include "world_oracle.h"

#include <math.h>
#include <string.h>

#include <touche/overlap.h>
#include <touche/raycast.h>

typedef bool pair_fn(const tc_shape *a, const tc_shape *b);

#define PAIR(A, B, fa, fb)                                                                           \
    static bool p_##A##_##B(const tc_shape *a, const tc_shape *b) { return tc_overlap_##A##_##B(&a->u.fa, &b->u.fb); } \
    static bool q_##A##_##B(const tc_shape *a, const tc_shape *b) { return tc_overlap_##A##_##B(&b->u.fa, &a->u.fb); }
#define SAME(A)                                                                                      \
    static bool p_##A##_##A(const tc_shape *a, const tc_shape *b) { return tc_overlap_##A##_##A(&a->u.A, &b->u.A); }
SAME(sphere)
PAIR(sphere, capsule, sphere, capsule)
PAIR(sphere, aabb, sphere, aabb)
PAIR(sphere, obb, sphere, obb)
PAIR(sphere, triangle, sphere, triangle)
PAIR(sphere, plane, sphere, plane)
SAME(capsule)
PAIR(capsule, aabb, capsule, aabb)
PAIR(capsule, obb, capsule, obb)
PAIR(capsule, triangle, capsule, triangle)
PAIR(capsule, plane, capsule, plane)
SAME(aabb)
PAIR(aabb, obb, aabb, obb)
PAIR(aabb, triangle, aabb, triangle)
PAIR(aabb, plane, aabb, plane)
SAME(obb)
PAIR(obb, triangle, obb, triangle)
PAIR(obb, plane, obb, plane)
SAME(triangle)
PAIR(triangle, plane, triangle, plane)

/* Two half-spaces, in double: they meet unless their normals are opposite
 * and the slab between them is empty. */
static bool planes_meet(const tc_shape *a, const tc_shape *b)
{
    const tc_plane *p = &a->u.plane, *q = &b->u.plane;
    const double n[3] = { p->normal.x, p->normal.y, p->normal.z }, m[3] = { q->normal.x, q->normal.y, q->normal.z };
    const double c[3] = { n[1] * m[2] - n[2] * m[1], n[2] * m[0] - n[0] * m[2], n[0] * m[1] - n[1] * m[0] };
    const double ln = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), lm = sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
    const double dot = n[0] * m[0] + n[1] * m[1] + n[2] * m[2];
    if (sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]) > 1e-6 * ln * lm || dot > 0) return true;
    /* opposite: dot(n, x) <= o1 and dot(n, x) >= -o2 * |n| / |m| */
    return p->offset / ln + q->offset / lm >= -1e-5 * (1.0 + fabs(p->offset) + fabs(q->offset));
}

/* [row = type of a][column = type of b]; below the diagonal the q_ wrappers
 * swap the operands. */
static pair_fn *const table[6][6] = {
    { p_sphere_sphere, p_sphere_capsule, p_sphere_aabb, p_sphere_obb, p_sphere_triangle, p_sphere_plane },
    { q_sphere_capsule, p_capsule_capsule, p_capsule_aabb, p_capsule_obb, p_capsule_triangle, p_capsule_plane },
    { q_sphere_aabb, q_capsule_aabb, p_aabb_aabb, p_aabb_obb, p_aabb_triangle, p_aabb_plane },
    { q_sphere_obb, q_capsule_obb, q_aabb_obb, p_obb_obb, p_obb_triangle, p_obb_plane },
    { q_sphere_triangle, q_capsule_triangle, q_aabb_triangle, q_obb_triangle, p_triangle_triangle, p_triangle_plane },
    { q_sphere_plane, q_capsule_plane, q_aabb_plane, q_obb_plane, q_triangle_plane, planes_meet },
};

bool oracle_shape_overlap(const tc_shape *a, const tc_shape *b)
{
    pair_fn *f = table[a->type][b->type];
    return f ? f(a, b) : false;
}

bool oracle_shape_raycast(const tc_ray *ray, const tc_shape *s, float max_t, tc_ray_hit *hit)
{
    if (s->type == TC_SHAPE_SPHERE) return tc_raycast_sphere(ray, &s->u.sphere, max_t, hit);
    if (s->type == TC_SHAPE_CAPSULE) return tc_raycast_capsule(ray, &s->u.capsule, max_t, hit);
    if (s->type == TC_SHAPE_AABB) return tc_raycast_aabb(ray, &s->u.aabb, max_t, hit);
    if (s->type == TC_SHAPE_OBB) return tc_raycast_obb(ray, &s->u.obb, max_t, hit);
    if (s->type == TC_SHAPE_TRIANGLE) return tc_raycast_triangle(ray, &s->u.triangle, max_t, hit);
    return tc_raycast_plane(ray, &s->u.plane, max_t, hit);
}

bool oracle_shape_contains(const tc_shape *s, tc_vec3 p)
{
    if (s->type == TC_SHAPE_SPHERE) return tc_sphere_contains_point(&s->u.sphere, p);
    if (s->type == TC_SHAPE_CAPSULE) return tc_capsule_contains_point(&s->u.capsule, p);
    if (s->type == TC_SHAPE_AABB) return tc_aabb_contains_point(&s->u.aabb, p);
    if (s->type == TC_SHAPE_OBB) return tc_obb_contains_point(&s->u.obb, p);
    if (s->type == TC_SHAPE_TRIANGLE) return tc_triangle_contains_point(&s->u.triangle, p);
    return tc_plane_contains_point(&s->u.plane, p);
}

static void grow(double lo[3], double hi[3], tc_vec3 p, double r)
{
    const double v[3] = { p.x, p.y, p.z };
    for (int k = 0; k < 3; ++k) {
        if (v[k] - r < lo[k]) lo[k] = v[k] - r;
        if (v[k] + r > hi[k]) hi[k] = v[k] + r;
    }
}

bool oracle_shape_box(const tc_shape *s, double lo[3], double hi[3])
{
    for (int k = 0; k < 3; ++k) { lo[k] = INFINITY; hi[k] = -INFINITY; }
    switch (s->type) {
    case TC_SHAPE_SPHERE: grow(lo, hi, s->u.sphere.center, s->u.sphere.radius); break;
    case TC_SHAPE_CAPSULE:
        grow(lo, hi, s->u.capsule.a, s->u.capsule.radius);
        grow(lo, hi, s->u.capsule.b, s->u.capsule.radius);
        break;
    case TC_SHAPE_AABB: grow(lo, hi, s->u.aabb.min, 0); grow(lo, hi, s->u.aabb.max, 0); break;
    case TC_SHAPE_OBB: {
        const tc_obb *b = &s->u.obb;
        for (int i = 0; i < 8; ++i) {
            double sx = i & 1 ? 1 : -1, sy = i & 2 ? 1 : -1, sz = i & 4 ? 1 : -1;
            tc_vec3 c = tc_vec3_make((float)(b->center.x + sx * b->half.x * b->rotation.cx.x + sy * b->half.y * b->rotation.cy.x + sz * b->half.z * b->rotation.cz.x),
                                     (float)(b->center.y + sx * b->half.x * b->rotation.cx.y + sy * b->half.y * b->rotation.cy.y + sz * b->half.z * b->rotation.cz.y),
                                     (float)(b->center.z + sx * b->half.x * b->rotation.cx.z + sy * b->half.y * b->rotation.cy.z + sz * b->half.z * b->rotation.cz.z));
            grow(lo, hi, c, 1e-4 * (1.0 + fabs(b->center.x) + fabs(b->center.y) + fabs(b->center.z)));
        }
        break;
    }
    case TC_SHAPE_TRIANGLE:
        grow(lo, hi, s->u.triangle.a, 0); grow(lo, hi, s->u.triangle.b, 0); grow(lo, hi, s->u.triangle.c, 0);
        break;
    case TC_SHAPE_PLANE:
        /* unbounded */
        for (int k = 0; k < 3; ++k) { lo[k] = -INFINITY; hi[k] = INFINITY; }
        break;
    default: return false;
    }
    return true;
}

oracle_pose oracle_pose_from(tc_transform t, double scale)
{
    oracle_pose p;
    double x = t.rotation.x, y = t.rotation.y, z = t.rotation.z, w = t.rotation.w;
    double n = sqrt(x * x + y * y + z * z + w * w);
    if (!(n > 0)) { x = y = z = 0; w = 1; n = 1; }
    x /= n; y /= n; z /= n; w /= n;
    p.r[0][0] = 1 - 2 * (y * y + z * z); p.r[0][1] = 2 * (x * y - z * w);     p.r[0][2] = 2 * (x * z + y * w);
    p.r[1][0] = 2 * (x * y + z * w);     p.r[1][1] = 1 - 2 * (x * x + z * z); p.r[1][2] = 2 * (y * z - x * w);
    p.r[2][0] = 2 * (x * z - y * w);     p.r[2][1] = 2 * (y * z + x * w);     p.r[2][2] = 1 - 2 * (x * x + y * y);
    p.t[0] = t.position.x; p.t[1] = t.position.y; p.t[2] = t.position.z;
    p.s = scale;
    return p;
}

oracle_pose oracle_pose_mul(const oracle_pose *a, const oracle_pose *b)
{
    oracle_pose r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r.r[i][j] = a->r[i][0] * b->r[0][j] + a->r[i][1] * b->r[1][j] + a->r[i][2] * b->r[2][j];
    oracle_pose_point(a, b->t, r.t);
    r.s = a->s * b->s;
    return r;
}

void oracle_pose_point(const oracle_pose *p, const double in[3], double out[3])
{
    double o[3];
    for (int i = 0; i < 3; ++i) o[i] = p->t[i] + p->s * (p->r[i][0] * in[0] + p->r[i][1] * in[1] + p->r[i][2] * in[2]);
    memcpy(out, o, sizeof o);
}
