/* SPDX-License-Identifier: MIT */
/* Seeded random shapes and pairs for the random tests, built in double and
 * rounded to the library's floats. Nothing here uses the library's math, so
 * a broken tc_obb_from_quat cannot hide a broken overlap test. */
#include "oracle.h"

#include <string.h>

static double U(test_rng *r, double lo, double hi) { return test_rng_uniform(r, lo, hi); }
static bool chance(test_rng *r, double p) { return U(r, 0.0, 1.0) < p; }

double gen_log_uniform(test_rng *r, double lo, double hi) { return exp(U(r, log(lo), log(hi))); }

ovec gen_vec(test_rng *r, double lo, double hi)
{
    double x = U(r, lo, hi), y = U(r, lo, hi), z = U(r, lo, hi);
    return ov(x, y, z);
}

ovec gen_around(test_rng *r, ovec c, double s, double lo, double hi)
{
    ovec d = gen_unit(r);
    return ov_madd(c, d, s * U(r, lo, hi));
}

/* +1 or -1, even odds. */
static double sign(test_rng *r) { return chance(r, 0.5) ? 1.0 : -1.0; }

ovec gen_unit(test_rng *r)
{
    for (;;) {
        ovec v = gen_vec(r, -1, 1);
        double l2 = ov_len2(v);
        if (l2 > 1e-4 && l2 <= 1.0) return ov_scale(v, 1.0 / sqrt(l2));
    }
}

static ovec axis_unit(test_rng *r)
{
    ovec v = ov(0, 0, 0);
    double s = chance(r, 0.5) ? 1.0 : -1.0;
    switch (test_rng_int(r, 0, 2)) {
    case 0: v.x = s; break;
    case 1: v.y = s; break;
    default: v.z = s; break;
    }
    return v;
}

static void quat_mul(const double a[4], const double b[4], double out[4])
{
    /* (x, y, z, w), Hamilton product a * b */
    double r[4];
    r[3] = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
    r[0] = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    r[1] = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    r[2] = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
    memcpy(out, r, sizeof r);
}

/* One of the 24 rotations that map axes to axes. */
static void axis_quat(test_rng *r, double q[4])
{
    int type = test_rng_int(r, 0, 2);
    memset(q, 0, 4 * sizeof q[0]);
    if (type == 0) {
        q[test_rng_int(r, 0, 3)] = 1.0;
    } else if (type == 1) {
        int i = test_rng_int(r, 0, 3), j = (i + test_rng_int(r, 1, 3)) % 4;
        q[i] = (chance(r, 0.5) ? 1.0 : -1.0) * sqrt(0.5);
        q[j] = (chance(r, 0.5) ? 1.0 : -1.0) * sqrt(0.5);
    } else {
        for (int i = 0; i < 4; ++i) q[i] = chance(r, 0.5) ? 0.5 : -0.5;
    }
}

void gen_quat(test_rng *r, double q[4])
{
    double u = U(r, 0, 1);
    if (u < 0.55) {
        for (;;) {
            double l2 = 0.0;
            for (int i = 0; i < 4; ++i) { q[i] = U(r, -1, 1); l2 += q[i] * q[i]; }
            if (l2 > 1e-4 && l2 <= 1.0) {
                for (int i = 0; i < 4; ++i) q[i] /= sqrt(l2);
                return;
            }
        }
    }
    axis_quat(r, q);
    if (u < 0.75) return;
    /* A tiny turn near an axis rotation: almost parallel edges. */
    double ang = gen_log_uniform(r, 1e-7, 1e-2);
    ovec ax = gen_unit(r);
    double s = sin(0.5 * ang);
    double d[4] = { ax.x * s, ax.y * s, ax.z * s, cos(0.5 * ang) };
    quat_mul(q, d, q);
}

tc_mat3 gen_mat3_from_quat(const double q[4])
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    double l2 = x * x + y * y + z * z + w * w;
    double k = 2.0 / l2;
    double m[3][3] = {
        { 1 - k * (y * y + z * z), k * (x * y - w * z), k * (x * z + w * y) },
        { k * (x * y + w * z), 1 - k * (x * x + z * z), k * (y * z - w * x) },
        { k * (x * z - w * y), k * (y * z + w * x), 1 - k * (x * x + y * y) },
    };
    /* Axis rotations come out with 1e-16 residue; make them exact. */
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double rr = round(m[i][j]);
            if (fabs(m[i][j] - rr) < 1e-12) m[i][j] = rr;
        }
    tc_mat3 out;
    out.cx = tc_vec3_make((float)m[0][0], (float)m[1][0], (float)m[2][0]);
    out.cy = tc_vec3_make((float)m[0][1], (float)m[1][1], (float)m[2][1]);
    out.cz = tc_vec3_make((float)m[0][2], (float)m[1][2], (float)m[2][2]);
    return out;
}

static ovec box_half(test_rng *r, double s)
{
    double h[3];
    for (int i = 0; i < 3; ++i) h[i] = s * U(r, 0.1, 1.0);
    double u = U(r, 0, 1);
    int i = test_rng_int(r, 0, 2);
    if (u < 0.08) h[i] = 0.0;                                   /* flat */
    else if (u < 0.12) { h[i] = 0.0; h[(i + 1) % 3] = 0.0; }    /* a segment */
    else if (u < 0.15) h[0] = h[1] = h[2] = 0.0;                /* a point */
    else if (u < 0.21) h[i] *= gen_log_uniform(r, 1e-6, 1e-3); /* thin */
    return ov(h[0], h[1], h[2]);
}

static tc_vec3 f3(ovec v) { return ov_to(v); }

tc_shape gen_shape(test_rng *r, tc_shape_type k, ovec c, double s)
{
    tc_shape a;
    memset(&a, 0, sizeof a);
    a.type = k;
    switch (k) {
    case TC_SHAPE_SPHERE:
        a.u.sphere.center = f3(c);
        a.u.sphere.radius = chance(r, 0.05) ? 0.0f : (float)(s * U(r, 0.2, 1.0));
        break;
    case TC_SHAPE_CAPSULE: {
        ovec d = chance(r, 0.2) ? axis_unit(r) : gen_unit(r);
        double hl = chance(r, 0.05) ? 0.0 : s * U(r, 0.0, 1.0);
        a.u.capsule.a = f3(ov_madd(c, d, -hl));
        a.u.capsule.b = f3(ov_madd(c, d, hl));
        a.u.capsule.radius = chance(r, 0.05) ? 0.0f : (float)(s * U(r, 0.05, 0.8));
        break;
    }
    case TC_SHAPE_AABB: {
        ovec h = box_half(r, s);
        a.u.aabb.min = f3(ov_sub(c, h));
        a.u.aabb.max = f3(ov_add(c, h));
        break;
    }
    case TC_SHAPE_OBB: {
        double q[4];
        ovec h = box_half(r, s);
        gen_quat(r, q);
        a.u.obb.center = f3(c);
        a.u.obb.half = f3(h);
        a.u.obb.rotation = gen_mat3_from_quat(q);
        break;
    }
    case TC_SHAPE_TRIANGLE: {
        ovec p[3];
        for (int i = 0; i < 3; ++i) p[i] = gen_around(r, c, s, 0.3, 1.0);
        double u = U(r, 0, 1);
        int ax = test_rng_int(r, 0, 2);
        if (u < 0.10) {
            /* in an axis plane */
            for (int i = 0; i < 3; ++i) {
                double *pc = ax == 0 ? &p[i].x : ax == 1 ? &p[i].y : &p[i].z;
                *pc = ax == 0 ? c.x : ax == 1 ? c.y : c.z;
            }
        } else if (u < 0.20) {
            /* right-angled, axis-aligned legs */
            ovec e1 = axis_unit(r), e2 = axis_unit(r);
            if (fabs(ov_dot(e1, e2)) > 0.5) e2 = ov(e1.y, e1.z, e1.x);
            p[0] = c;
            p[1] = ov_madd(c, e1, s * U(r, 0.3, 1.0));
            p[2] = ov_madd(c, e2, s * U(r, 0.3, 1.0));
        } else if (u < 0.25) {
            /* collinear along an axis */
            for (int i = 1; i < 3; ++i) {
                ovec q = p[0];
                double t = s * U(r, -1, 1);
                if (ax == 0) q.x += t; else if (ax == 1) q.y += t; else q.z += t;
                p[i] = q;
            }
        } else if (u < 0.28) {
            p[1] = p[0];
            p[2] = p[0];
        } else if (u < 0.35) {
            /* a sliver */
            ovec mid = ov_madd(p[0], ov_sub(p[1], p[0]), U(r, 0, 1));
            ovec d = gen_unit(r);
            p[2] = ov_madd(mid, d, s * gen_log_uniform(r, 1e-6, 1e-3));
        }
        a.u.triangle.a = f3(p[0]);
        a.u.triangle.b = f3(p[1]);
        a.u.triangle.c = f3(p[2]);
        break;
    }
    default: {
        ovec n = chance(r, 0.25) ? axis_unit(r) : gen_unit(r);
        a.u.plane.normal = f3(n);
        a.u.plane.offset = (float)ov_dot(ov_from(a.u.plane.normal), c);
        break;
    }
    }
    return a;
}


ovec gen_center(test_rng *r)
{
    if (chance(r, 0.65)) return gen_vec(r, -10, 10);
    ovec c;
    double *p[3] = { &c.x, &c.y, &c.z };
    for (int i = 0; i < 3; ++i) {
        double k = sign(r);
        *p[i] = k * gen_log_uniform(r, 1e3, 1e5);
    }
    return c;
}

double gen_gap(test_rng *r, double s, bool *near)
{
    double u = U(r, 0, 1);
    *near = true;
    if (u < 0.45) {
        double k = sign(r);
        return k * s * gen_log_uniform(r, 1e-9, 5e-4);
    }
    if (u < 0.50) return 0.0;
    *near = false;
    return s * U(r, -0.5, 0.5);
}

/* A direction the shape has a face or an edge along, for aligned contacts. */
static ovec face_normal(test_rng *r, const tc_shape *a)
{
    orc_shape s = orc_from_any(a);
    switch (s.core) {
    case ORC_CORE_BOX: {
        ovec m = s.m[test_rng_int(r, 0, 2)];
        return ov_scale(ov_unit(m), sign(r));
    }
    case ORC_CORE_TRIANGLE: return ov_scale(ov_unit(s.n), chance(r, 0.5) ? 1.0 : -1.0);
    case ORC_CORE_SEGMENT: {
        ovec n = ov_unit(ov_cross(ov_sub(s.p[1], s.p[0]), gen_unit(r)));
        return ov_len2(n) > 0.0 ? n : gen_unit(r);
    }
    case ORC_CORE_HALFSPACE: return ov_unit(s.n);
    default: return gen_unit(r);
    }
}

static ovec edge_dir(test_rng *r, const tc_shape *a)
{
    orc_shape s = orc_from_any(a);
    switch (s.core) {
    case ORC_CORE_BOX: return s.m[test_rng_int(r, 0, 2)];
    case ORC_CORE_TRIANGLE: {
        int i = test_rng_int(r, 0, 2);
        return ov_sub(s.p[(i + 1) % 3], s.p[i]);
    }
    case ORC_CORE_SEGMENT: return ov_sub(s.p[1], s.p[0]);
    default: return gen_unit(r);
    }
}

static ovec shape_center(const tc_shape *a)
{
    orc_shape s = orc_from_any(a);
    switch (s.core) {
    case ORC_CORE_POINT: return s.p[0];
    case ORC_CORE_SEGMENT: return ov_scale(ov_add(s.p[0], s.p[1]), 0.5);
    case ORC_CORE_BOX: return s.c;
    case ORC_CORE_TRIANGLE: return ov_scale(ov_add(ov_add(s.p[0], s.p[1]), s.p[2]), 1.0 / 3.0);
    default: return ov_scale(s.n, s.offset);
    }
}

void gen_pair(test_rng *r, tc_shape_type ka, tc_shape_type kb, tc_shape *a, tc_shape *b, bool *near, double *gap)
{
    *gap = NAN;
    ovec c = gen_center(r);
    double sa = gen_log_uniform(r, 1e-2, 1e2);
    double sb = chance(r, 0.7) ? sa * gen_log_uniform(r, 0.3, 3.0) : sa * gen_log_uniform(r, 1e-2, 1e2);
    *a = gen_shape(r, ka, c, sa);
    *b = gen_shape(r, kb, ov_madd(c, gen_unit(r), sa + sb), sb);
    double s = fmax(sa, sb);
    orc_shape oa = orc_from_any(a);
    if (kb == TC_SHAPE_PLANE) {
        /* Place the half-space against a's extreme point along -normal. */
        if (chance(r, 0.3)) b->u.plane.normal = f3(face_normal(r, a));
        ovec n = ov_from(b->u.plane.normal);
        if (chance(r, 0.2)) {
            *near = false;
            b->u.plane.offset = (float)(ov_dot(n, shape_center(a)) + sa * U(r, -1.5, 1.5));
            return;
        }
        double g = gen_gap(r, sa, near);
        *gap = g;
        b->u.plane.offset = (float)(-orc_support(&oa, ov_scale(n, -1.0)) - g);
        return;
    }
    if (chance(r, 0.2)) {
        *near = false;
        ovec target = gen_around(r, shape_center(a), sa + sb, 0.0, 1.2);
        { ovec d = ov_sub(target, shape_center(b)); *b = test_shape_translated(b, d.x, d.y, d.z); }
        return;
    }
    ovec n;
    double u = U(r, 0, 1);
    if (u < 0.4) n = gen_unit(r);
    else if (u < 0.6) n = face_normal(r, a);
    else if (u < 0.8) n = ov_scale(face_normal(r, b), -1.0);
    else {
        ovec ea = edge_dir(r, a);
        n = ov_unit(ov_cross(ea, edge_dir(r, b)));
        if (ov_len2(n) == 0.0) n = gen_unit(r);
    }
    orc_shape ob = orc_from_any(b);
    ovec pa = orc_support_point(&oa, n, r), pb = orc_support_point(&ob, ov_scale(n, -1.0), r);
    double g = gen_gap(r, s, near);
    *gap = g;
    { ovec d = ov_madd(ov_sub(pa, pb), n, g); *b = test_shape_translated(b, d.x, d.y, d.z); }
}

ovec gen_interior_point(test_rng *r, const orc_shape *s)
{
    switch (s->core) {
    case ORC_CORE_POINT: return gen_around(r, s->p[0], s->radius, 0, 0.9);
    case ORC_CORE_SEGMENT: {
        ovec on = ov_madd(s->p[0], ov_sub(s->p[1], s->p[0]), U(r, 0, 1));
        return gen_around(r, on, s->radius, 0, 0.9);
    }

    case ORC_CORE_BOX: {
        ovec p = s->c;
        for (int i = 0; i < 3; ++i) p = ov_madd(p, s->m[i], s->h[i] * U(r, -0.9, 0.9));
        return p;
    }
    case ORC_CORE_TRIANGLE: {
        double u = U(r, 0, 1), v = U(r, 0, 1);
        if (u + v > 1.0) { u = 1.0 - u; v = 1.0 - v; }
        return ov_madd(ov_madd(s->p[0], ov_sub(s->p[1], s->p[0]), u), ov_sub(s->p[2], s->p[0]), v);
    }
    default: return ov_madd(ov_scale(s->n, s->offset / ov_len2(s->n)), s->n, -U(r, 0, 10));
    }
}
