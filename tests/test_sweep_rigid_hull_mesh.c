/* SPDX-License-Identifier: MIT */
/* Rotating sweeps with hulls and meshes (tc_sweep_rigid_X_hull and _X_mesh,
 * X from sphere to hull, the plane still), against an oracle of their own:
 *  - each pose at time s in double, the position interpolated and the
 *    rotation R0 * Rot(axis, angle * s) built by Rodrigues' formula from the
 *    axis and angle of the relative rotation (not the library's quaternion
 *    product);
 *  - the posed shapes' exact distance from the brute-force oracles of
 *    hull_oracle.h (supporting triangles of the point cloud, the union of
 *    the triangles), 0 when they meet;
 *  - the first touch: 240 times scanned, the first one found touching
 *    refined by bisection.
 * Per pair, random motions (flat, collinear and point hulls, degenerate
 * triangles in a soup, bumped grids, a closed box of triangles): t in [0, 1]
 * and a unit normal; a hit at t > 0 touches there (within the documented
 * 1e-5 of the scale) with its point on both shapes, and comes no later than
 * the oracle's first touch; a hit at t = 0 is touching at the start, and a
 * pair the library's overlap test calls touching at the start hits at 0; a
 * miss never touches at any scanned time. Hand-made: touching at t = 0,
 * grazing (a turn that keeps the lowest point at its height), never
 * touching, and a box tumbling onto a turned floor of triangles, whose
 * normal must be the floor's. */
#include <math.h>
#include <string.h>

#include <touche/touche.h>

#include "harness.h"
#include "hull_oracle.h"
#include "mesh_gen.h"
#include "test_random.h"

#define SCAN 240
#define MAX_TRIS 80

/* ---- the oracle's poses ---------------------------------------------------- */
typedef struct opose { ovec p0, dp; double r0[3][3]; ovec axis; double angle; } opose;

/* Rows of the matrix of unit quaternion (x, y, z, w). */
static void quat_rows(double x, double y, double z, double w, double m[3][3])
{
    m[0][0] = w * w + x * x - y * y - z * z;
    m[0][1] = 2 * (x * y - w * z);
    m[0][2] = 2 * (x * z + w * y);
    m[1][0] = 2 * (x * y + w * z);
    m[1][1] = w * w - x * x + y * y - z * z;
    m[1][2] = 2 * (y * z - w * x);
    m[2][0] = 2 * (x * z - w * y);
    m[2][1] = 2 * (y * z + w * x);
    m[2][2] = w * w - x * x - y * y + z * z;
}

static opose opose_make(tc_transform s, tc_transform e)
{
    opose o;
    o.p0 = ov_from(s.position);
    o.dp = ov_sub(ov_from(e.position), o.p0);
    double a[4] = { s.rotation.x, s.rotation.y, s.rotation.z, s.rotation.w };
    double b[4] = { e.rotation.x, e.rotation.y, e.rotation.z, e.rotation.w };
    double la = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3]);
    double lb = sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + b[3] * b[3]);
    for (int k = 0; k < 4; ++k) {
        a[k] /= la;
        b[k] /= lb;
    }
    quat_rows(a[0], a[1], a[2], a[3], o.r0);
    /* the relative rotation conj(a) * b, the shorter way */
    double w = a[3] * b[3] + a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    ovec v = ov(a[3] * b[0] - a[0] * b[3] - (a[1] * b[2] - a[2] * b[1]),
                a[3] * b[1] - a[1] * b[3] - (a[2] * b[0] - a[0] * b[2]),
                a[3] * b[2] - a[2] * b[3] - (a[0] * b[1] - a[1] * b[0]));
    if (w < 0) {
        w = -w;
        v = ov_scale(v, -1);
    }
    o.angle = 2.0 * atan2(ov_len(v), w);
    o.axis = ov_unit(v);
    return o;
}

/* x of the body frame placed at time s. */
static ovec opose_apply(const opose *o, double s, ovec x)
{
    /* Rodrigues: x cos + (k x x) sin + k (k . x)(1 - cos), in the body frame */
    double th = o->angle * s, c = cos(th), sn = sin(th);
    ovec k = o->axis;
    ovec y = ov_add(ov_add(ov_scale(x, c), ov_scale(ov_cross(k, x), sn)), ov_scale(k, ov_dot(k, x) * (1 - c)));
    ovec r = ov(ov_dot(ov(o->r0[0][0], o->r0[0][1], o->r0[0][2]), y), ov_dot(ov(o->r0[1][0], o->r0[1][1], o->r0[1][2]), y),
                ov_dot(ov(o->r0[2][0], o->r0[2][1], o->r0[2][2]), y));
    return ov_add(ov_madd(o->p0, o->dp, s), r);
}

/* ---- bodies ------------------------------------------------------------------- */
/* A body in its own frame: a primitive (or the still plane), a hull (its
 * cloud kept for the oracle) or a mesh (its triangles kept). */
typedef struct body {
    tc_shape shape;
    tc_hull_data *hd;
    tc_mesh_data *md;
    int n;                    /* hull points or mesh triangles */
    tc_vec3 local[12];        /* hull: the data's points */
    tc_vec3 tri[MAX_TRIS][3]; /* mesh: the data's triangles */
} body;

/* The oracle's view of a body at one time. */
typedef struct obody {
    int type;
    orc_shape prim; /* a primitive, a plane */
    orc_hull hull;
    ovec tri[MAX_TRIS][3];
    int n;
} obody;

static ovec place_data(tc_vec3 position, tc_mat3 rotation, float scale, tc_vec3 p)
{
    return orc_place(position, rotation, scale, p);
}

static tc_vec3 to_f(const opose *o, double s, tc_vec3 p) { return ov_to(opose_apply(o, s, ov_from(p))); }

/* A primitive posed at s, rounded to float (an aabb becomes an obb): the
 * rounding is far below the sweeps' tolerance. */
static tc_shape posed_primitive(const tc_shape *x, const opose *o, double s)
{
    tc_shape r = *x;
    switch (x->type) {
    case TC_SHAPE_SPHERE: r.u.sphere.center = to_f(o, s, x->u.sphere.center); break;
    case TC_SHAPE_CAPSULE:
        r.u.capsule.a = to_f(o, s, x->u.capsule.a);
        r.u.capsule.b = to_f(o, s, x->u.capsule.b);
        break;
    case TC_SHAPE_TRIANGLE:
        r.u.triangle.a = to_f(o, s, x->u.triangle.a);
        r.u.triangle.b = to_f(o, s, x->u.triangle.b);
        r.u.triangle.c = to_f(o, s, x->u.triangle.c);
        break;
    case TC_SHAPE_AABB:
    case TC_SHAPE_OBB: {
        tc_obb b = x->type == TC_SHAPE_AABB ? tc_obb_from_aabb(&x->u.aabb) : x->u.obb;
        ovec c = opose_apply(o, s, ov_from(b.center)), origin = opose_apply(o, s, ov(0, 0, 0));
        tc_vec3 cols[3] = { b.rotation.cx, b.rotation.cy, b.rotation.cz };
        tc_vec3 out[3];
        for (int k = 0; k < 3; ++k) out[k] = ov_to(ov_sub(opose_apply(o, s, ov_from(cols[k])), origin));
        b.center = ov_to(c);
        b.rotation.cx = out[0];
        b.rotation.cy = out[1];
        b.rotation.cz = out[2];
        r.type = TC_SHAPE_OBB;
        r.u.obb = b;
        break;
    }
    default: break;
    }
    return r;
}

static void oracle_at(const body *b, const opose *o, double s, obody *out)
{
    out->type = b->shape.type;
    if (b->shape.type == TC_SHAPE_HULL) {
        const tc_hull *h = &b->shape.u.hull;
        ovec w[12];
        for (int i = 0; i < b->n; ++i) w[i] = opose_apply(o, s, place_data(h->position, h->rotation, h->scale, b->local[i]));
        orc_hull_build(&out->hull, w, b->n);
    } else if (b->shape.type == TC_SHAPE_MESH) {
        const tc_mesh *m = &b->shape.u.mesh;
        out->n = b->n;
        for (int t = 0; t < b->n; ++t)
            for (int c = 0; c < 3; ++c) out->tri[t][c] = opose_apply(o, s, place_data(m->position, m->rotation, m->scale, b->tri[t][c]));
    } else if (b->shape.type == TC_SHAPE_PLANE) {
        out->prim = orc_from_any(&b->shape); /* still */
    } else {
        tc_shape p = posed_primitive(&b->shape, o, s);
        out->prim = orc_from_any(&p);
    }
}

/* Exact distance between the bodies' oracles (B a hull or a mesh), 0 when
 * they meet. */
static double odist(const obody *a, const obody *b)
{
    const ovec (*tri)[3] = (const ovec (*)[3])b->tri;
    if (b->type == TC_SHAPE_HULL) {
        if (a->type == TC_SHAPE_HULL) return orc_hull_hull_distance(&a->hull, &b->hull);
        if (a->type == TC_SHAPE_PLANE) return orc_hull_plane_distance(&b->hull, &a->prim);
        return orc_hull_distance(&b->hull, &a->prim);
    }
    if (a->type != TC_SHAPE_HULL) return orc_triangles_distance(tri, b->n, &a->prim);
    double best = INFINITY;
    for (int t = 0; t < b->n && best > 0.0; ++t) {
        orc_shape pieces[3];
        int np = orc_triangle_pieces(tri[t], pieces);
        for (int q = 0; q < np; ++q) best = fmin(best, orc_hull_distance(&a->hull, &pieces[q]));
    }
    return best;
}

/* Distance from point p to one body's oracle. */
static double point_off(const obody *x, tc_vec3 p)
{
    tc_sphere s = { p, 0.0f };
    orc_shape pt = orc_from_sphere(&s);
    if (x->type == TC_SHAPE_HULL) return orc_hull_distance(&x->hull, &pt);
    if (x->type == TC_SHAPE_MESH) return orc_triangles_distance((const ovec (*)[3])x->tri, x->n, &pt);
    return orc_point_distance(&x->prim, ov_from(p), NULL);
}

/* The library's rotating sweep of the pair (a before b in the pair order;
 * a plane a stands still). */
static bool lib_sweep(const body *a, tc_transform a0, tc_transform a1, const body *b, tc_transform b0, tc_transform b1,
                      tc_sweep_hit *h)
{
    const tc_shape *x = &a->shape, *y = &b->shape;
#define RIGID_AGAINST(Y)                                                                                     \
    switch (x->type) {                                                                                       \
    case TC_SHAPE_SPHERE: return tc_sweep_rigid_sphere_##Y(&x->u.sphere, a0, a1, &y->u.Y, b0, b1, h);         \
    case TC_SHAPE_CAPSULE: return tc_sweep_rigid_capsule_##Y(&x->u.capsule, a0, a1, &y->u.Y, b0, b1, h);      \
    case TC_SHAPE_AABB: return tc_sweep_rigid_aabb_##Y(&x->u.aabb, a0, a1, &y->u.Y, b0, b1, h);               \
    case TC_SHAPE_OBB: return tc_sweep_rigid_obb_##Y(&x->u.obb, a0, a1, &y->u.Y, b0, b1, h);                  \
    case TC_SHAPE_TRIANGLE: return tc_sweep_rigid_triangle_##Y(&x->u.triangle, a0, a1, &y->u.Y, b0, b1, h);   \
    case TC_SHAPE_PLANE: return tc_sweep_rigid_plane_##Y(&x->u.plane, &y->u.Y, b0, b1, h);                    \
    default: return tc_sweep_rigid_hull_##Y(&x->u.hull, a0, a1, &y->u.Y, b0, b1, h);                          \
    }
    if (y->type == TC_SHAPE_HULL) RIGID_AGAINST(hull)
    RIGID_AGAINST(mesh)
#undef RIGID_AGAINST
}

/* ---- random bodies ------------------------------------------------------------ */
static void make_hull(test_rng *r, body *b)
{
    const int kind = test_rng_int(r, 0, 7);
    b->n = test_rng_int(r, 4, 8); /* the oracle's cost grows as the cube of the count */
    for (int i = 0; i < b->n; ++i) {
        double x = test_rng_uniform(r, -1, 1);
        double y = test_rng_uniform(r, -1, 1);
        double z = test_rng_uniform(r, -1, 1);
        if (kind == 5) z = 0.0;                 /* flat */
        if (kind == 6) { y = -0.5 * x; z = x; } /* a segment */
        b->local[i] = tc_vec3_make((float)x, (float)y, (float)z);
    }
    if (kind == 7) b->n = 1; /* a point */
    b->hd = tc_hull_data_create(b->local, b->n, NULL);
    CHECK(b->hd != NULL);
    const tc_vec3 off = test_rng_vec3(r, -0.3, 0.3);
    const tc_quat q = tc_quat_normalize(test_rng_quat_raw(r));
    b->shape = tc_shape_from_hull(tc_hull_make(b->hd, tc_transform_make(off, q), test_rng_float(r, 0.4, 1.2)));
}

static void make_mesh(test_rng *r, body *b)
{
    const int kind = test_rng_int(r, 0, 2);
    if (kind == 0) {
        /* a soup with segments and points among its triangles */
        tc_vec3 v[60];
        int32_t idx[60];
        for (int t = 0; t < 20; ++t) {
            const tc_vec3 c = test_rng_vec3(r, -1.2, 1.2);
            const int degenerate = test_rng_int(r, 0, 7);
            for (int q = 0; q < 3; ++q) {
                tc_vec3 e = test_rng_vec3(r, -0.6, 0.6);
                if (degenerate == 0) e = tc_vec3_scale(tc_vec3_make(0.4f, 0.1f, -0.3f), (float)q);
                if (degenerate == 1) e = tc_vec3_zero();
                v[3 * t + q] = tc_vec3_add(c, e);
                idx[3 * t + q] = 3 * t + q;
            }
        }
        b->md = tc_mesh_data_create(v, 60, idx, 20, NULL);
    } else if (kind == 1) {
        b->md = gen_grid_mesh(6, 0.4f, r); /* 72 bumped triangles */
    } else {
        /* a closed box of 12 triangles */
        tc_vec3 v[8];
        for (int i = 0; i < 8; ++i) v[i] = tc_vec3_make(i & 1 ? 0.8f : -0.8f, i & 2 ? 0.5f : -0.5f, i & 4 ? 0.6f : -0.6f);
        const int32_t idx[36] = { 0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4,
                                  2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5 };
        b->md = tc_mesh_data_create(v, 8, idx, 12, NULL);
    }
    CHECK(b->md != NULL);
    b->n = tc_mesh_data_triangle_count(b->md);
    CHECK(b->n <= MAX_TRIS);
    for (int t = 0; t < b->n; ++t) {
        tc_triangle tt = tc_mesh_data_triangle(b->md, t);
        b->tri[t][0] = tt.a;
        b->tri[t][1] = tt.b;
        b->tri[t][2] = tt.c;
    }
    const tc_vec3 off = test_rng_vec3(r, -0.3, 0.3);
    const tc_quat q = tc_quat_normalize(test_rng_quat_raw(r));
    b->shape = tc_shape_from_mesh(tc_mesh_make(b->md, tc_transform_make(off, q), test_rng_float(r, 0.6, 1.5)));
}

static void make_primitive(test_rng *r, body *b, int type)
{
    switch (type) {
    case TC_SHAPE_SPHERE: {
        tc_sphere s = { test_rng_vec3(r, -0.3, 0.3), test_rng_float(r, 0.0, 0.8) };
        b->shape = tc_shape_from_sphere(s);
        break;
    }
    case TC_SHAPE_CAPSULE: {
        const tc_vec3 p = test_rng_vec3(r, -0.8, 0.8), q = test_rng_vec3(r, -0.8, 0.8);
        tc_capsule c = { p, q, test_rng_float(r, 0.0, 0.4) };
        b->shape = tc_shape_from_capsule(c);
        break;
    }
    case TC_SHAPE_AABB: {
        const tc_vec3 h = test_rng_vec3(r, 0.0, 0.8);
        tc_aabb a = { tc_vec3_neg(h), h };
        b->shape = tc_shape_from_aabb(a);
        break;
    }
    case TC_SHAPE_OBB: {
        const tc_vec3 c = test_rng_vec3(r, -0.2, 0.2), h = test_rng_vec3(r, 0.05, 0.8);
        b->shape = tc_shape_from_obb(tc_obb_from_quat(c, h, tc_quat_normalize(test_rng_quat_raw(r))));
        break;
    }
    case TC_SHAPE_TRIANGLE: {
        tc_triangle t;
        t.a = test_rng_vec3(r, -1, 1);
        t.b = test_rng_vec3(r, -1, 1);
        t.c = test_rng_vec3(r, -1, 1);
        b->shape = tc_shape_from_triangle(t);
        break;
    }
    default: {
        const tc_vec3 n = tc_vec3_normalize(tc_vec3_add(tc_vec3_make(0, 1, 0), test_rng_vec3(r, -0.5, 0.5)));
        tc_plane p = { n, test_rng_float(r, -1.5, 0.0) };
        b->shape = tc_shape_from_plane(p);
        break;
    }
    }
}

static void make_body(test_rng *r, body *b, int type)
{
    memset(b, 0, sizeof *b);
    if (type == TC_SHAPE_HULL) make_hull(r, b);
    else if (type == TC_SHAPE_MESH) make_mesh(r, b);
    else make_primitive(r, b, type);
}

static void free_body(body *b)
{
    tc_hull_data_destroy(b->hd);
    tc_mesh_data_destroy(b->md);
    b->hd = NULL;
    b->md = NULL;
}

/* ---- the check ---------------------------------------------------------------- */
static double scale_of(const obody *x)
{
    if (x->type == TC_SHAPE_HULL) return x->hull.coord;
    if (x->type == TC_SHAPE_MESH) {
        double m = 0.0;
        for (int t = 0; t < x->n; ++t)
            for (int c = 0; c < 3; ++c) m = fmax(m, ov_maxabs(x->tri[t][c]));
        return m;
    }
    if (x->type == TC_SHAPE_PLANE) return fabs(x->prim.offset);
    return orc_shape_coord(&x->prim);
}

/* The oracle's first touch over [0, 1] (scanned, then bisected), or -1. */
static double oracle_first(const body *a, const opose *oa, const body *b, const opose *ob, obody *xa, obody *xb)
{
    double prev = 0.0;
    for (int k = 0; k <= SCAN; ++k) {
        const double s = (double)k / SCAN;
        oracle_at(a, oa, s, xa);
        oracle_at(b, ob, s, xb);
        if (odist(xa, xb) > 0.0) {
            prev = s;
            continue;
        }
        if (k == 0) return 0.0;
        double lo = prev, hi = s;
        for (int it = 0; it < 40; ++it) {
            const double mid = 0.5 * (lo + hi);
            oracle_at(a, oa, mid, xa);
            oracle_at(b, ob, mid, xb);
            if (odist(xa, xb) > 0.0) lo = mid;
            else hi = mid;
        }
        return hi;
    }
    return -1.0;
}

/* Checks one motion; returns whether the library hit. */
static bool check_motion(const char *what, int i, const body *a, tc_transform a0, tc_transform a1, const body *b,
                         tc_transform b0, tc_transform b1)
{
    static obody xa, xb;
    const opose oa = opose_make(a0, a1), ob = opose_make(b0, b1);
    oracle_at(a, &oa, 0.0, &xa);
    oracle_at(b, &ob, 0.0, &xb);
    const double scale = scale_of(&xa) + scale_of(&xb) + (a->shape.type == TC_SHAPE_PLANE ? 0.0 : ov_len(oa.dp)) +
                         ov_len(ob.dp);
    /* the sweeps' 1e-5 of the scale, with room for float poses and points */
    const double tol = 4e-5 * scale;
    /* The library's overlap at the start, of the shapes placed by their
     * start poses (an aabb turned as the sweeps turn it: an obb; hulls and
     * meshes by their composed placement). */
    const opose start_a = opose_make(a0, a0);
    const tc_shape pa = a->shape.type == TC_SHAPE_PLANE   ? a->shape
                        : a->shape.type == TC_SHAPE_HULL ? tc_shape_transform(&a->shape, a0, 1.0f)
                                                         : posed_primitive(&a->shape, &start_a, 0.0);
    const tc_shape pb = tc_shape_transform(&b->shape, b0, 1.0f);
    const bool overlap0 = tc_shape_overlap(&pa, &pb);
    tc_sweep_hit h;
    const bool hit = lib_sweep(a, a0, a1, b, b0, b1, &h);
    const double first = oracle_first(a, &oa, b, &ob, &xa, &xb);
    if (overlap0) CHECK_MSG(hit && h.t == 0.0f, "%s #%d: overlapping at the start, yet t = %g (hit %d)", what, i, (double)h.t, (int)hit);
    if (!hit) {
        CHECK_MSG(first < 0.0, "%s #%d: no hit, but the oracle has them touch at t = %.9g", what, i, first);
        return false;
    }
    CHECK_MSG(h.t >= 0.0f && h.t <= 1.0f, "%s #%d: t = %g outside [0, 1]", what, i, (double)h.t);
    CHECK_MSG(fabs(tc_vec3_length(h.normal) - 1.0) < 1e-5, "%s #%d: |normal| = %g", what, i, (double)tc_vec3_length(h.normal));
    CHECK_MSG(isfinite(h.point.x) && isfinite(h.point.y) && isfinite(h.point.z), "%s #%d: point not finite", what, i);
    oracle_at(a, &oa, h.t, &xa);
    oracle_at(b, &ob, h.t, &xb);
    const double d = odist(&xa, &xb);
    CHECK_MSG(d <= tol, "%s #%d: at the reported t = %.9g the shapes are %.3g apart (tol %.3g)", what, i, (double)h.t, d, tol);
    if (h.t > 0.0f) {
        const double da = point_off(&xa, h.point), db = point_off(&xb, h.point);
        CHECK_MSG(da <= tol && db <= tol, "%s #%d: hit point off A by %.3g, off B by %.3g at t = %.9g", what, i, da, db,
                  (double)h.t);
        /* never after the first touch (the bisection's and float t's hair) */
        if (first >= 0.0)
            CHECK_MSG((double)h.t <= first + 1e-6, "%s #%d: t = %.9g after the oracle's first touch %.9g", what, i,
                      (double)h.t, first);
    }
    return true;
}

static void random_pair(int ka, int kb, uint64_t seed)
{
    test_rng r = { seed };
    const int n = test_random_count(40);
    char what[64];
    snprintf(what, sizeof what, "rigid %s-%s", test_shape_name(ka), test_shape_name(kb));
    int hits = 0;
    static body a, b;
    for (int i = 0; i < n; ++i) {
        make_body(&r, &a, ka);
        make_body(&r, &b, kb);
        /* One draw a statement: a call's arguments are evaluated in an order the compiler picks. */
        const tc_vec3 pa = test_rng_vec3(&r, -3, 3);
        const tc_transform a0 = tc_transform_make(pa, tc_quat_normalize(test_rng_quat_raw(&r)));
        const tc_vec3 pb = test_rng_vec3(&r, -3, 3);
        const tc_transform b0 = tc_transform_make(pb, tc_quat_normalize(test_rng_quat_raw(&r)));
        const tc_vec3 mid = tc_vec3_scale(tc_vec3_add(a0.position, b0.position), 0.5f);
        const tc_vec3 axis_a = test_rng_vec3(&r, -1, 1);
        const tc_quat turn_a = tc_quat_from_axis_angle(axis_a, (float)test_rng_uniform(&r, 0, 2.5));
        const tc_vec3 axis_b = test_rng_vec3(&r, -1, 1);
        const tc_quat turn_b = tc_quat_from_axis_angle(axis_b, (float)test_rng_uniform(&r, 0, 2.5));
        const tc_vec3 ea = test_rng_vec3(&r, -1, 1);
        const tc_transform a1 = tc_transform_make(tc_vec3_add(mid, ea), tc_quat_mul(a0.rotation, turn_a));
        const tc_vec3 eb = test_rng_vec3(&r, -1, 1);
        const tc_transform b1 = tc_transform_make(tc_vec3_add(mid, eb), tc_quat_mul(b0.rotation, turn_b));
        if (check_motion(what, i, &a, a0, a1, &b, b0, b1)) ++hits;
        free_body(&a);
        free_body(&b);
    }
    /* both outcomes, often enough (a thin triangle is missed more often) */
    CHECK_MSG(hits > n / 8 && hits < n, "%s: %d hits of %d", what, hits, n);
    printf("%s: %d motions, %d hits\n", what, n, hits);
}

TEST_CASE(sweep_rigid_sphere_hull) { random_pair(TC_SHAPE_SPHERE, TC_SHAPE_HULL, 0x5101); }
TEST_CASE(sweep_rigid_capsule_hull) { random_pair(TC_SHAPE_CAPSULE, TC_SHAPE_HULL, 0x5102); }
TEST_CASE(sweep_rigid_aabb_hull) { random_pair(TC_SHAPE_AABB, TC_SHAPE_HULL, 0x5103); }
TEST_CASE(sweep_rigid_obb_hull) { random_pair(TC_SHAPE_OBB, TC_SHAPE_HULL, 0x5104); }
TEST_CASE(sweep_rigid_triangle_hull) { random_pair(TC_SHAPE_TRIANGLE, TC_SHAPE_HULL, 0x5105); }
TEST_CASE(sweep_rigid_plane_hull) { random_pair(TC_SHAPE_PLANE, TC_SHAPE_HULL, 0x5106); }
TEST_CASE(sweep_rigid_hull_hull) { random_pair(TC_SHAPE_HULL, TC_SHAPE_HULL, 0x5107); }
TEST_CASE(sweep_rigid_sphere_mesh) { random_pair(TC_SHAPE_SPHERE, TC_SHAPE_MESH, 0x5201); }
TEST_CASE(sweep_rigid_capsule_mesh) { random_pair(TC_SHAPE_CAPSULE, TC_SHAPE_MESH, 0x5202); }
TEST_CASE(sweep_rigid_aabb_mesh) { random_pair(TC_SHAPE_AABB, TC_SHAPE_MESH, 0x5203); }
TEST_CASE(sweep_rigid_obb_mesh) { random_pair(TC_SHAPE_OBB, TC_SHAPE_MESH, 0x5204); }
TEST_CASE(sweep_rigid_triangle_mesh) { random_pair(TC_SHAPE_TRIANGLE, TC_SHAPE_MESH, 0x5205); }
TEST_CASE(sweep_rigid_plane_mesh) { random_pair(TC_SHAPE_PLANE, TC_SHAPE_MESH, 0x5206); }
TEST_CASE(sweep_rigid_hull_mesh) { random_pair(TC_SHAPE_HULL, TC_SHAPE_MESH, 0x5207); }

/* ---- hand-made motions -------------------------------------------------------- */
/* A unit cube hull: 8 corners. */
static void cube_hull(body *b, float half)
{
    memset(b, 0, sizeof *b);
    b->n = 8;
    for (int i = 0; i < 8; ++i) b->local[i] = tc_vec3_make(i & 1 ? half : -half, i & 2 ? half : -half, i & 4 ? half : -half);
    b->hd = tc_hull_data_create(b->local, 8, NULL);
    CHECK(b->hd != NULL);
    b->shape = tc_shape_from_hull(tc_hull_make(b->hd, tc_transform_identity(), 1.0f));
}

/* A flat floor of 8 x 8 cells (128 triangles, too many for the oracle's
 * arrays: only the library is asked), y = 0 in its frame. */
static tc_mesh_data *floor_data(void) { return gen_grid_mesh(8, 1.0f, NULL); }

TEST_CASE(sweep_rigid_hull_mesh_touching_grazing_and_apart)
{
    body cube;
    cube_hull(&cube, 0.5f);
    tc_mesh_data *fd = floor_data();
    CHECK(fd != NULL);
    const tc_mesh floor = tc_mesh_make(fd, tc_transform_identity(), 1.0f);
    const tc_transform still = tc_transform_identity();
    const tc_quat spin = tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), 1.2f);
    tc_sweep_hit h;
    /* resting on the floor at the start: a hit at t = 0, as overlap says */
    const tc_transform on0 = tc_transform_make(tc_vec3_make(0.25f, 0.5f, 0.1f), tc_quat_identity());
    const tc_transform on1 = tc_transform_make(tc_vec3_make(1.25f, 0.5f, 0.6f), spin);
    const tc_hull rest = tc_hull_make(cube.hd, on0, 1.0f);
    CHECK(tc_overlap_hull_mesh(&rest, &floor));
    CHECK(tc_sweep_rigid_hull_mesh(&cube.shape.u.hull, on0, on1, &floor, still, still, &h));
    CHECK(h.t == 0.0f);
    /* grazing: 1e-3 above the floor, sliding and turning about the vertical,
     * so the lowest face keeps its height: never touches */
    const tc_transform g0 = tc_transform_make(tc_vec3_make(-2.0f, 0.501f, 0.3f), tc_quat_identity());
    const tc_transform g1 = tc_transform_make(tc_vec3_make(2.0f, 0.501f, -0.7f), spin);
    CHECK(!tc_sweep_rigid_hull_mesh(&cube.shape.u.hull, g0, g1, &floor, still, still, &h));
    /* the same against a still plane at y = 0 and the floor as a hull-plane pair */
    const tc_plane ground = { tc_vec3_make(0, 1, 0), 0.0f };
    CHECK(!tc_sweep_rigid_plane_mesh(&ground, &floor, tc_transform_make(tc_vec3_make(0, 1e-3f, 0), tc_quat_identity()),
                                     tc_transform_make(tc_vec3_make(0.5f, 1e-3f, 0), spin), &h));
    CHECK(!tc_sweep_rigid_plane_hull(&ground, &cube.shape.u.hull, g0, g1, &h));
    /* never touching: far above, moving away */
    const tc_transform f0 = tc_transform_make(tc_vec3_make(0, 3, 0), tc_quat_identity());
    const tc_transform f1 = tc_transform_make(tc_vec3_make(0, 6, 0), spin);
    CHECK(!tc_sweep_rigid_hull_mesh(&cube.shape.u.hull, f0, f1, &floor, still, still, &h));
    free_body(&cube);
    tc_mesh_data_destroy(fd);
}

/* A box tumbling down onto a floor of triangles that is itself turned (its
 * up is world +x) and moving: the first touch is a corner on a face or an
 * internal edge of the floor, and the normal from the box into the floor is
 * the floor's -up there, wherever on its triangles it lands. */
TEST_CASE(sweep_rigid_box_tumbles_onto_turned_floor)
{
    tc_mesh_data *fd = floor_data();
    CHECK(fd != NULL);
    const tc_mesh floor = tc_mesh_make(fd, tc_transform_identity(), 1.0f);
    const tc_quat up_x = tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), -1.5707963f); /* floor's +y to world +x */
    test_rng r = { 0x7ab1 };
    int hits = 0;
    for (int i = 0; i < 40; ++i) {
        const tc_vec3 fp = test_rng_vec3(&r, -0.5, 0.5);
        const tc_transform b0 = tc_transform_make(fp, up_x);
        const tc_transform b1 = tc_transform_make(tc_vec3_add(fp, tc_vec3_make(0, 0.3f, 0)), up_x);
        tc_obb box = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(0.4f, 0.3f, 0.2f), tc_quat_normalize(test_rng_quat_raw(&r)));
        const tc_vec3 s = test_rng_vec3(&r, -2, 2);
        const tc_transform a0 = tc_transform_make(tc_vec3_make(2.5f, s.y, s.z), tc_quat_normalize(test_rng_quat_raw(&r)));
        const tc_vec3 axis = test_rng_vec3(&r, -1, 1);
        const tc_quat turn = tc_quat_from_axis_angle(axis, (float)test_rng_uniform(&r, 0.2, 2.0));
        const tc_transform a1 = tc_transform_make(tc_vec3_make(-1.0f, s.y * 0.5f, s.z * 0.5f), tc_quat_mul(a0.rotation, turn));
        tc_sweep_hit h;
        const bool got = tc_sweep_rigid_obb_mesh(&box, a0, a1, &floor, b0, b1, &h);
        CHECK_MSG(got, "tumble %d: the box passes through the floor", i);
        if (!got) continue;
        ++hits;
        CHECK_MSG(h.t > 0.0f && h.t < 1.0f, "tumble %d: t = %g", i, (double)h.t);
        CHECK_MSG(fabs(h.normal.x + 1.0) < 1e-5 && fabs(h.normal.y) < 1e-4 && fabs(h.normal.z) < 1e-4,
                  "tumble %d: normal (%g, %g, %g), not the floor's -up", i, (double)h.normal.x, (double)h.normal.y,
                  (double)h.normal.z);
    }
    CHECK(hits == 40);
    tc_mesh_data_destroy(fd);
}

/* Invalid poses and shapes find nothing; the dispatch takes every new pair
 * both ways round and flips the normal. */
TEST_CASE(sweep_rigid_hull_mesh_dispatch_and_invalid)
{
    body cube;
    cube_hull(&cube, 0.5f);
    tc_mesh_data *fd = floor_data();
    CHECK(fd != NULL);
    const tc_shape floor = tc_shape_from_mesh(tc_mesh_make(fd, tc_transform_identity(), 1.0f));
    const tc_transform still = tc_transform_identity();
    const tc_transform a0 = tc_transform_make(tc_vec3_make(0.1f, 2.0f, 0.2f), tc_quat_identity());
    const tc_transform a1 = tc_transform_make(tc_vec3_make(0.3f, -1.0f, 0.1f), tc_quat_from_axis_angle(tc_vec3_make(1, 0, 1), 0.7f));
    tc_sweep_hit want, got, back;
    CHECK(tc_sweep_rigid_hull_mesh(&cube.shape.u.hull, a0, a1, &floor.u.mesh, still, still, &want));
    CHECK(tc_shape_sweep_rigid(&cube.shape, a0, a1, &floor, still, still, &got));
    CHECK(got.t == want.t && got.normal.x == want.normal.x && got.normal.y == want.normal.y && got.normal.z == want.normal.z);
    CHECK(tc_shape_sweep_rigid(&floor, still, still, &cube.shape, a0, a1, &back));
    CHECK(back.t == want.t && back.normal.x == -want.normal.x && back.normal.y == -want.normal.y &&
          back.normal.z == -want.normal.z);
    /* hull-hull and a plane with a hull through the dispatch */
    const tc_shape other = tc_shape_from_hull(tc_hull_make(cube.hd, tc_transform_make(tc_vec3_make(0, -1, 0), tc_quat_identity()), 1.0f));
    CHECK(tc_sweep_rigid_hull_hull(&cube.shape.u.hull, a0, a1, &other.u.hull, still, still, &want));
    CHECK(tc_shape_sweep_rigid(&cube.shape, a0, a1, &other, still, still, &got));
    CHECK(got.t == want.t && got.normal.y == want.normal.y && want.normal.y < -0.99f);
    const tc_plane ground = { tc_vec3_make(0, 1, 0), -0.5f };
    const tc_shape gs = tc_shape_from_plane(ground);
    CHECK(tc_sweep_rigid_plane_hull(&ground, &cube.shape.u.hull, a0, a1, &want));
    CHECK(want.normal.y == 1.0f);
    CHECK(tc_shape_sweep_rigid(&cube.shape, a0, a1, &gs, still, still, &got));
    CHECK(got.t == want.t && got.normal.y == -1.0f);
    CHECK(!tc_shape_sweep_rigid(&gs, still, a0, &cube.shape, a0, a1, &got)); /* a moving plane */
    CHECK(!tc_shape_sweep_rigid(&floor, still, still, &floor, a0, a1, &got)); /* mesh-mesh */
    /* invalid */
    const tc_transform bad = tc_transform_make(tc_vec3_make(NAN, 0, 0), tc_quat_identity());
    CHECK(!tc_sweep_rigid_hull_mesh(&cube.shape.u.hull, bad, a1, &floor.u.mesh, still, still, &got));
    CHECK(!tc_sweep_rigid_hull_mesh(&cube.shape.u.hull, a0, a1, &floor.u.mesh, still, bad, &got));
    CHECK(!tc_sweep_rigid_hull_hull(&cube.shape.u.hull, a0, bad, &other.u.hull, still, still, &got));
    CHECK(!tc_sweep_rigid_plane_mesh(&ground, &floor.u.mesh, bad, still, &got));
    tc_hull broken = cube.shape.u.hull;
    broken.scale = -1.0f;
    CHECK(!tc_sweep_rigid_hull_hull(&broken, a0, a1, &other.u.hull, still, still, &got));
    free_body(&cube);
    tc_mesh_data_destroy(fd);
}
