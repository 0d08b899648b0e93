/* SPDX-License-Identifier: MIT */
/* Tiny pairs (issue 12): every pair of shape types (planes, hulls and meshes
 * included; not two planes or two meshes, which have no pair function) at
 * 1e-15, 1e-20, 1e-24 and 2^-140 of the unit. Random seeded pairs of unit
 * shapes are scaled down (each number rounded once, subnormal at 2^-140) and
 * then asked through the dispatch:
 *  - overlap, contact, distance 0, a still sweep and a still rotating sweep
 *    agree, and a moving sweep from distance 0 hits at t = 0;
 *  - the distance, scaled up again by the power of two that brings the tiny
 *    shapes back to the unit (exact), is the double oracle's (oracle.h,
 *    hull_oracle.h) of those exact shapes within 1e-4 of their scale (plus
 *    the answer's own rounding where it is subnormal), the closest points
 *    on their shapes and each contact point in both shapes within that (in
 *    A only, against a mesh, whose contact points may lie under its
 *    surface at the unit scale too).
 * Before the fix (tiny_pair.h), the float tests' squares underflowed: at
 * 1e-24 most pairs with a sphere disagreed, capsule pairs from 1e-12 on.
 * Then coarse pairs: the same checks of pairs whose sizes are far below
 * their coordinates but which are not tiny (coarse_pairs_at), and the
 * regression tests of what they found. */
#include <math.h>
#include <string.h>

#include <touche/touche.h>

#include "harness.h"
#include "hull_oracle.h"
#include "oracle.h"
#include "queries/pair_given.h" /* the lists of pairs */
#include "test_shape.h"

#define HULL_POINTS 12
#define MESH_SIDE 4 /* a 4 x 4 grid of vertices: 18 triangles */
#define MESH_TRIS (2 * (MESH_SIDE - 1) * (MESH_SIDE - 1))
/* Relative to the pair's scale (oracle.h's orc_pair_scale) */
#define TINY_TOL 1e-4

static tc_vec3 hull_points[HULL_POINTS];
static tc_hull_data *hull_data;
static tc_vec3 mesh_vertices[MESH_SIDE * MESH_SIDE];
static int32_t mesh_indices[3 * MESH_TRIS];
static tc_mesh_data *mesh_data;

static void make_data(void)
{
    if (hull_data) return;
    test_rng r = { 0x7171e000u };
    for (int i = 0; i < HULL_POINTS; ++i) hull_points[i] = test_rng_vec3(&r, -1.0, 1.0);
    hull_data = tc_hull_data_create(hull_points, HULL_POINTS, NULL);
    for (int z = 0; z < MESH_SIDE; ++z)
        for (int x = 0; x < MESH_SIDE; ++x)
            mesh_vertices[z * MESH_SIDE + x] =
                tc_vec3_make(-1.0f + 2.0f * (float)x / (MESH_SIDE - 1), test_rng_float(&r, -0.3, 0.3),
                             -1.0f + 2.0f * (float)z / (MESH_SIDE - 1));
    int t = 0;
    for (int z = 0; z + 1 < MESH_SIDE; ++z)
        for (int x = 0; x + 1 < MESH_SIDE; ++x) {
            const int32_t v = z * MESH_SIDE + x;
            const int32_t quad[6] = { v, v + 1, v + MESH_SIDE, v + 1, v + MESH_SIDE + 1, v + MESH_SIDE };
            for (int k = 0; k < 6; ++k) mesh_indices[t++] = quad[k];
        }
    mesh_data = tc_mesh_data_create(mesh_vertices, MESH_SIDE * MESH_SIDE, mesh_indices, MESH_TRIS, NULL);
}

/* A unit shape: centre within [-0.6, 0.6]^3, sizes 0.05 to 0.6, so that
 * a fair part of the pairs overlap and many are near touching. */
static tc_shape unit_shape(test_rng *r, tc_shape_type kind)
{
    tc_shape s;
    memset(&s, 0, sizeof s);
    s.type = kind;
    const tc_vec3 c = test_rng_vec3(r, -0.6, 0.6);
    const tc_transform pose = tc_transform_make(c, test_rng_rotation(r));
    switch (kind) {
    case TC_SHAPE_SPHERE: s.u.sphere = (tc_sphere){ c, test_rng_float(r, 0.05, 0.6) }; break;
    case TC_SHAPE_CAPSULE:
        s.u.capsule = (tc_capsule){ c, tc_vec3_add(c, test_rng_vec3(r, -0.6, 0.6)), test_rng_float(r, 0.0, 0.3) };
        break;
    case TC_SHAPE_AABB: {
        const tc_vec3 h = test_rng_vec3(r, 0.05, 0.6);
        s.u.aabb = (tc_aabb){ tc_vec3_sub(c, h), tc_vec3_add(c, h) };
        break;
    }
    case TC_SHAPE_OBB: s.u.obb = tc_obb_from_quat(c, test_rng_vec3(r, 0.05, 0.6), test_rng_rotation(r)); break;
    case TC_SHAPE_TRIANGLE:
        s.u.triangle = (tc_triangle){ tc_vec3_add(c, test_rng_vec3(r, -0.6, 0.6)), tc_vec3_add(c, test_rng_vec3(r, -0.6, 0.6)),
                                      tc_vec3_add(c, test_rng_vec3(r, -0.6, 0.6)) };
        break;
    case TC_SHAPE_PLANE: s.u.plane = tc_plane_from_point_normal(c, test_rng_vec3(r, -1.0, 1.0)); break;
    case TC_SHAPE_HULL: s.u.hull = tc_hull_make(hull_data, pose, test_rng_float(r, 0.1, 0.6)); break;
    default: s.u.mesh = tc_mesh_make(mesh_data, pose, test_rng_float(r, 0.2, 0.8)); break;
    }
    return s;
}

/* The test's own scaling: every coordinate and size times f in double,
 * rounded once (exact for a power of two that takes numbers up); normals
 * and rotations unchanged. */
static float times(float x, double f) { return (float)((double)x * f); }
static tc_vec3 times3(tc_vec3 v, double f) { return tc_vec3_make(times(v.x, f), times(v.y, f), times(v.z, f)); }
static tc_shape scaled(const tc_shape *s, double f)
{
    tc_shape r = *s;
    switch (s->type) {
    case TC_SHAPE_SPHERE: r.u.sphere = (tc_sphere){ times3(s->u.sphere.center, f), times(s->u.sphere.radius, f) }; break;
    case TC_SHAPE_CAPSULE:
        r.u.capsule = (tc_capsule){ times3(s->u.capsule.a, f), times3(s->u.capsule.b, f), times(s->u.capsule.radius, f) };
        break;
    case TC_SHAPE_AABB: r.u.aabb = (tc_aabb){ times3(s->u.aabb.min, f), times3(s->u.aabb.max, f) }; break;
    case TC_SHAPE_OBB:
        r.u.obb.center = times3(s->u.obb.center, f);
        r.u.obb.half = times3(s->u.obb.half, f);
        break;
    case TC_SHAPE_TRIANGLE:
        r.u.triangle = (tc_triangle){ times3(s->u.triangle.a, f), times3(s->u.triangle.b, f), times3(s->u.triangle.c, f) };
        break;
    case TC_SHAPE_PLANE: r.u.plane.offset = times(s->u.plane.offset, f); break;
    case TC_SHAPE_HULL:
        r.u.hull.position = times3(s->u.hull.position, f);
        r.u.hull.scale = times(s->u.hull.scale, f);
        break;
    default:
        r.u.mesh.position = times3(s->u.mesh.position, f);
        r.u.mesh.scale = times(s->u.mesh.scale, f);
        break;
    }
    return r;
}

/* An oracle shape: a primitive, a hull (brute-force faces) or a mesh's
 * placed triangles. */
typedef struct oshape {
    tc_shape_type kind;
    orc_shape prim;
    orc_hull hull;
    ovec tri[MESH_TRIS][3];
} oshape;

static void oshape_of(oshape *o, const tc_shape *s)
{
    o->kind = s->type;
    if (s->type == TC_SHAPE_HULL) {
        ovec p[HULL_POINTS];
        const tc_hull *h = &s->u.hull;
        for (int i = 0; i < HULL_POINTS; ++i) p[i] = orc_place(h->position, h->rotation, h->scale, hull_points[i]);
        orc_hull_build(&o->hull, p, HULL_POINTS);
    } else if (s->type == TC_SHAPE_MESH) {
        const tc_mesh *m = &s->u.mesh;
        for (int t = 0; t < MESH_TRIS; ++t)
            for (int k = 0; k < 3; ++k)
                o->tri[t][k] = orc_place(m->position, m->rotation, m->scale, mesh_vertices[mesh_indices[3 * t + k]]);
    } else {
        o->prim = orc_from_any(s);
    }
}

/* The distance from a primitive (a half-space included) to an oracle shape. */
static double oshape_prim_distance(const oshape *o, const orc_shape *x)
{
    if (o->kind == TC_SHAPE_HULL)
        return x->core == ORC_CORE_HALFSPACE ? orc_hull_plane_distance(&o->hull, x) : orc_hull_distance(&o->hull, x);
    if (o->kind == TC_SHAPE_MESH) return orc_triangles_distance((const ovec(*)[3])o->tri, MESH_TRIS, x);
    return orc_distance(&o->prim, x);
}

static double oshape_distance(const oshape *a, const oshape *b)
{
    if (a->kind == TC_SHAPE_HULL && b->kind == TC_SHAPE_HULL) return orc_hull_hull_distance(&a->hull, &b->hull);
    if (b->kind == TC_SHAPE_HULL || b->kind == TC_SHAPE_MESH) {
        const oshape *t = a;
        a = b;
        b = t;
    }
    if (b->kind != TC_SHAPE_HULL && b->kind != TC_SHAPE_MESH) return oshape_prim_distance(a, &b->prim);
    /* a mesh against a hull: the triangles' pieces against it */
    const oshape *mesh = a->kind == TC_SHAPE_MESH ? a : b, *hull = a->kind == TC_SHAPE_MESH ? b : a;
    double best = INFINITY;
    for (int t = 0; t < MESH_TRIS; ++t) {
        orc_shape pieces[3];
        const int n = orc_triangle_pieces(mesh->tri[t], pieces);
        for (int q = 0; q < n; ++q) best = fmin(best, orc_hull_distance(&hull->hull, &pieces[q]));
    }
    return best;
}

static double oshape_point_distance(const oshape *o, ovec p)
{
    const tc_sphere point = { ov_to(p), 0.0f };
    const orc_shape x = orc_from_sphere(&point);
    if (o->kind == TC_SHAPE_HULL || o->kind == TC_SHAPE_MESH) return oshape_prim_distance(o, &x);
    return orc_point_distance(&o->prim, p, NULL);
}

/* The largest coordinate plus the extent, as the tolerance band's scale. */
static double shape_scale(const tc_shape *s)
{
    if (s->type == TC_SHAPE_PLANE) return fabs((double)s->u.plane.offset);
    tc_aabb b;
    if (!tc_shape_bounds(s, &b)) return 0.0;
    const double coord = fmax(ov_maxabs(ov_from(b.min)), ov_maxabs(ov_from(b.max)));
    return coord + ov_maxabs(ov_sub(ov_from(b.max), ov_from(b.min)));
}

/* The queries of a pair in the pair order (lower type first), through the
 * dispatch or through the pair functions called directly: tc_overlap_X_Y
 * and the rest, each pair type's own (a mesh's contact per triangle, a
 * rotating sweep with a plane: the plane still). */
#define KEY(x, y) ((int)(x) * TC_SHAPE_TYPE_COUNT + (int)(y))
#define TAG_sphere TC_SHAPE_SPHERE
#define TAG_capsule TC_SHAPE_CAPSULE
#define TAG_aabb TC_SHAPE_AABB
#define TAG_obb TC_SHAPE_OBB
#define TAG_triangle TC_SHAPE_TRIANGLE
#define TAG_plane TC_SHAPE_PLANE
#define TAG_hull TC_SHAPE_HULL
#define TAG_mesh TC_SHAPE_MESH

static bool query_overlap(bool direct, const tc_shape *a, const tc_shape *b)
{
    if (!direct) return tc_shape_overlap(a, b);
    switch (KEY(a->type, b->type)) {
#define CASE(x, y) case KEY(TAG_##x, TAG_##y): return tc_overlap_##x##_##y(&a->u.x, &b->u.y);
        TC_PAIR_EACH(CASE) TC_PAIR_EACH_MESH(CASE)
#undef CASE
    default: CHECK_MSG(false, "no overlap for %d-%d", a->type, b->type); return false;
    }
}

static float query_distance(bool direct, const tc_shape *a, const tc_shape *b, tc_vec3 *pa, tc_vec3 *pb)
{
    if (!direct) return tc_shape_distance(a, b, pa, pb);
    switch (KEY(a->type, b->type)) {
#define CASE(x, y) case KEY(TAG_##x, TAG_##y): return tc_distance_##x##_##y(&a->u.x, &b->u.y, pa, pb);
        TC_PAIR_EACH(CASE) TC_PAIR_EACH_MESH(CASE)
#undef CASE
    default: CHECK_MSG(false, "no distance for %d-%d", a->type, b->type); return INFINITY;
    }
}

/* A mesh pair's contact: the deepest of the per-triangle manifolds. */
static bool deepest_of(const tc_mesh_contact *c, int32_t n, tc_manifold *m)
{
    int best = -1;
    float depth = -1.0f;
    for (int32_t i = 0; i < n && i < MESH_TRIS; ++i)
        for (int k = 0; k < c[i].manifold.count; ++k)
            if (c[i].manifold.points[k].depth > depth) {
                depth = c[i].manifold.points[k].depth;
                best = (int)i;
            }
    if (best >= 0) *m = c[best].manifold;
    else if (n > 0) *m = c[0].manifold;
    return n > 0;
}

static bool query_contact(bool direct, const tc_shape *a, const tc_shape *b, tc_manifold *m)
{
    if (!direct) return tc_shape_contact(a, b, m);
    tc_mesh_contact per[MESH_TRIS];
    switch (KEY(a->type, b->type)) {
#define CASE(x, y) case KEY(TAG_##x, TAG_##y): return tc_contact_##x##_##y(&a->u.x, &b->u.y, m);
        TC_PAIR_EACH(CASE)
#undef CASE
#define CASE(x, y) \
    case KEY(TAG_##x, TAG_##y): return deepest_of(per, tc_contact_##x##_mesh(&a->u.x, &b->u.mesh, per, MESH_TRIS), m);
        TC_PAIR_EACH_MESH(CASE)
#undef CASE
    default: CHECK_MSG(false, "no contact for %d-%d", a->type, b->type); return false;
    }
}

static bool query_sweep(bool direct, const tc_shape *a, tc_vec3 va, const tc_shape *b, tc_vec3 vb, tc_sweep_hit *h)
{
    if (!direct) return tc_shape_sweep(a, va, b, vb, 1.0f, h);
    switch (KEY(a->type, b->type)) {
#define CASE(x, y) case KEY(TAG_##x, TAG_##y): return tc_sweep_##x##_##y(&a->u.x, va, &b->u.y, vb, 1.0f, h);
        TC_PAIR_EACH(CASE) TC_PAIR_EACH_MESH(CASE)
#undef CASE
    default: CHECK_MSG(false, "no sweep for %d-%d", a->type, b->type); return false;
    }
}

/* A still rotating sweep (every pose the identity). */
static bool query_sweep_rigid(bool direct, const tc_shape *a, const tc_shape *b, tc_sweep_hit *h)
{
    const tc_transform id = tc_transform_identity();
    if (!direct) return tc_shape_sweep_rigid(a, id, id, b, id, id, h);
    switch (KEY(a->type, b->type)) {
#define CASE(x, y) case KEY(TAG_##x, TAG_##y): return tc_sweep_rigid_##x##_##y(&a->u.x, id, id, &b->u.y, id, id, h);
        TC_PAIR_EACH_RIGID(CASE)
#undef CASE
#define CASE(x) case KEY(TAG_##x, TAG_plane): return tc_sweep_rigid_##x##_plane(&a->u.x, id, id, &b->u.plane, h);
        TC_PAIR_EACH_RIGID_ONTO_PLANE(CASE)
#undef CASE
#define CASE(x) case KEY(TAG_plane, TAG_##x): return tc_sweep_rigid_plane_##x(&a->u.plane, &b->u.x, id, id, h);
        TC_PAIR_EACH_RIGID_PLANE_FIRST(CASE)
#undef CASE
    default: CHECK_MSG(false, "no rigid sweep for %d-%d", a->type, b->type); return false;
    }
}

/* off: how many pairs each check found off (contact, distance 0, still
 * sweep, rigid sweep, moving sweep from distance 0), for the log. */
typedef struct tally { int pairs, overlapping, disagree, oracle_agree, oracle_checked, off[5]; } tally;

/* One tiny pair a, b (unit_a, unit_b: the same pair times up, exactly;
 * a coarse pair is its own, up 1). The oracle's distance within rel_tol of
 * the pair's scale. */
static void check_tiny_pair(bool direct, const tc_shape *a, const tc_shape *b, const tc_shape *unit_a, const tc_shape *unit_b,
                            double up, double rel_tol, tc_vec3 velocity, int i, tally *t)
{
    const char *na = test_shape_name(a->type), *nb = test_shape_name(b->type);
    const bool ov = query_overlap(direct, a, b);
    tc_manifold m;
    const bool c = query_contact(direct, a, b, &m);
    tc_vec3 pa, pb;
    const float d = query_distance(direct, a, b, &pa, &pb);
    tc_sweep_hit h;
    const bool still = query_sweep(direct, a, tc_vec3_zero(), b, tc_vec3_zero(), &h);
    const bool moving = query_sweep(direct, a, velocity, b, tc_vec3_zero(), &h);
    const float moving_t = moving ? h.t : -1.0f;
    const bool rigid = query_sweep_rigid(direct, a, b, &h);
    ++t->pairs;
    t->overlapping += ov;
    /* a rotating sweep, through the dispatch or called directly, starts
     * where the pair's overlap test says (sweep.h) */
    const bool rigid_expected = ov;
    const bool fine[5] = { c == ov, (d == 0.0f) == ov, still == ov, rigid == rigid_expected, d > 0.0f || moving_t == 0.0f };
    const bool agree = fine[0] && fine[1] && fine[2] && fine[3] && fine[4];
    for (int k = 0; k < 5; ++k) t->off[k] += !fine[k];
    if (!agree) ++t->disagree;
    CHECK_MSG(agree, "%s%s-%s #%d: overlap %d, contact %d, distance %g, still sweep %d, rigid %d (%d expected), moving sweep t %g",
              direct ? "direct " : "", na, nb, i, ov, c, (double)d, still, rigid, rigid_expected, (double)moving_t);

    /* the oracle, on the exact shapes times up */
    static oshape oa_store, ob_store; /* about 17 kB each */
    oshape *oa = &oa_store, *ob = &ob_store;
    oshape_of(oa, unit_a);
    oshape_of(ob, unit_b);
    const double scale = fmax(shape_scale(unit_a), shape_scale(unit_b));
    /* plus the answers' own rounding where they are subnormal (2^-149 apart) */
    const double tol = rel_tol * scale + 0x1p-148 * up;
    const double od = oshape_distance(oa, ob), du = (double)d * up;
    ++t->oracle_checked;
    if (fabs(du - od) <= tol) ++t->oracle_agree;
    CHECK_MSG(du <= od + tol, "%s-%s #%d: distance %.9g (scaled) above the oracle's %.9g", na, nb, i, du, od);
    if (isfinite(d) && d > 0.0f) {
        CHECK_MSG(oshape_point_distance(oa, ov_scale(ov_from(pa), up)) <= tol, "%s-%s #%d: point_a off A", na, nb, i);
        CHECK_MSG(oshape_point_distance(ob, ov_scale(ov_from(pb), up)) <= tol, "%s-%s #%d: point_b off B", na, nb, i);
    }
    if (c) {
        for (int k = 0; k < m.count; ++k) {
            const ovec p = ov_scale(ov_from(m.points[k].point), up);
            /* a mesh is its triangles' surface, which a contact point may
             * lie under (its normal kept off the internal edges: mesh.h), as
             * it does at the unit scale: only A is asked */
            const double da = oshape_point_distance(oa, p);
            const double db = b->type == TC_SHAPE_MESH ? 0.0 : oshape_point_distance(ob, p);
            CHECK_MSG(da <= tol && db <= tol, "%s-%s #%d: contact point %d off A by %.3g, off B by %.3g (of %.3g)", na, nb, i,
                      k, da, db, scale);
            CHECK_MSG(m.points[k].depth >= 0.0f && (double)m.points[k].depth * up <= 2.0 * scale,
                      "%s-%s #%d: depth %g", na, nb, i, (double)m.points[k].depth);
        }
    }
}

/* Every pair of types at size s, through the dispatch or the pair functions
 * called directly: near the origin for c = 0, a tiny pair (up: the power of
 * two that takes s back to about 1; the oracle asked of the same pair times
 * up, exactly), else moved to about c from it, a coarse pair (below), which
 * the oracle is asked of as it is. */
#define COARSE_TOL 1e-5
static void pairs_at(double c, double s, uint64_t seed, bool direct)
{
    make_data();
    CHECK(hull_data != NULL && mesh_data != NULL);
    if (!hull_data || !mesh_data) return;
    const bool tiny = c == 0.0;
    int e;
    (void)frexp(s, &e);
    const double up = tiny ? ldexp(1.0, 1 - e) : 1.0, tol = tiny ? TINY_TOL : COARSE_TOL;
    const int n = test_random_count(tiny ? 1000 : 500);
    for (int ka = 0; ka < TC_SHAPE_TYPE_COUNT; ++ka)
        for (int kb = ka; kb < TC_SHAPE_TYPE_COUNT; ++kb) {
            if (ka == kb && (ka == TC_SHAPE_PLANE || ka == TC_SHAPE_MESH)) continue;
            test_rng r = { seed + (uint64_t)(ka * 16 + kb) };
            tally t = { 0, 0, 0, 0, 0, { 0, 0, 0, 0, 0 } };
            for (int i = 0; i < n; ++i) {
                const tc_shape ua = unit_shape(&r, (tc_shape_type)ka), ub = unit_shape(&r, (tc_shape_type)kb);
                const tc_vec3 v = times3(test_rng_vec3(&r, -1.0, 1.0), s);
                const tc_shape sa = scaled(&ua, s), sb = scaled(&ub, s);
                const tc_shape a = tiny ? sa : test_shape_translated(&sa, c, -0.75 * c, 0.5 * c);
                const tc_shape b = tiny ? sb : test_shape_translated(&sb, c, -0.75 * c, 0.5 * c);
                const tc_shape exact_a = scaled(&a, up), exact_b = scaled(&b, up);
                check_tiny_pair(direct, &a, &b, &exact_a, &exact_b, up, tol, v, i, &t);
            }
            /* both regimes exercised (a coarse pair at 1e-8 of its
             * coordinates mostly collapses onto a few floats: not asked);
             * the oracle's alternating projections may stop short on a few
             * near-parallel pairs, inside the coarse pairs' tolerance */
            CHECK_MSG(!tiny || (t.overlapping >= t.pairs / 40 && t.overlapping <= t.pairs - t.pairs / 40), "%s-%s: %d of %d overlap",
                      test_shape_name((tc_shape_type)ka), test_shape_name((tc_shape_type)kb), t.overlapping, t.pairs);
            CHECK_MSG(t.oracle_agree >= t.oracle_checked - (tiny ? t.oracle_checked / 100 : 0),
                      "%s-%s: %d of %d distances agree with the oracle", test_shape_name((tc_shape_type)ka),
                      test_shape_name((tc_shape_type)kb), t.oracle_agree, t.oracle_checked);
            printf("%s%s-%s at c %g, s %g: %d pairs, %d overlap, %d disagree (contact %d, distance %d, still %d, rigid %d, "
                   "moving %d), %d of %d distances within %g of the oracle\n",
                   direct ? "direct " : "", test_shape_name((tc_shape_type)ka), test_shape_name((tc_shape_type)kb), c, s,
                   t.pairs, t.overlapping, t.disagree, t.off[0], t.off[1], t.off[2], t.off[3], t.off[4], t.oracle_agree,
                   t.oracle_checked, tol);
        }
}

TEST_CASE(tiny_pairs_agree_at_1e_minus_15) { pairs_at(0.0, 1e-15, 0x7171e100u, false); }
TEST_CASE(tiny_pairs_agree_at_1e_minus_20) { pairs_at(0.0, 1e-20, 0x7171e200u, false); }
TEST_CASE(tiny_pairs_agree_at_1e_minus_24) { pairs_at(0.0, 1e-24, 0x7171e300u, false); }
TEST_CASE(tiny_pairs_agree_at_2_pow_minus_140) { pairs_at(0.0, 0x1p-140, 0x7171e400u, false); }
/* The same through the pair functions called directly (issue 12's gap
 * before they scaled tiny pairs themselves: they computed at the scale
 * given). Other seeds: other pairs. */
TEST_CASE(tiny_pairs_agree_called_directly_at_1e_minus_15) { pairs_at(0.0, 1e-15, 0x7171e500u, true); }
TEST_CASE(tiny_pairs_agree_called_directly_at_1e_minus_20) { pairs_at(0.0, 1e-20, 0x7171e600u, true); }
TEST_CASE(tiny_pairs_agree_called_directly_at_1e_minus_24) { pairs_at(0.0, 1e-24, 0x7171e700u, true); }
TEST_CASE(tiny_pairs_agree_called_directly_at_2_pow_minus_140) { pairs_at(0.0, 0x1p-140, 0x7171e800u, true); }

/* A tiny pair thrown fast: velocities that the pair's scale would take past
 * 2^100 stay as given and the time runs faster instead (tiny_pair.h). Two
 * spheres of radius 1e-24, 2e-24 apart, A at 1e20 per unit of time: they
 * touch at t = 2e-44 (a subnormal float, 14 steps of 2^-149), which comes
 * back within a step, with the point where they meet then (A moved by
 * 2e-24: x = 3e-24); from touching, t = 0. */
TEST_CASE(tiny_pair_thrown_fast_sweeps_on_scaled_time)
{
    const tc_shape a = tc_shape_from_sphere((tc_sphere){ { 0.0f, 0.0f, 0.0f }, 1e-24f });
    const tc_shape b = tc_shape_from_sphere((tc_sphere){ { 4e-24f, 0.0f, 0.0f }, 1e-24f });
    const tc_vec3 v = tc_vec3_make(1e20f, 0.0f, 0.0f);
    tc_sweep_hit h;
    const double expected = ((double)4e-24f - 2.0 * (double)1e-24f) / (double)1e20f;
    CHECK(tc_shape_sweep(&a, v, &b, tc_vec3_zero(), 1.0f, &h));
    CHECK_MSG(fabs((double)h.t - expected) <= 0x1p-149, "t %g, expected %g", (double)h.t, expected);
    CHECK_MSG(fabs((double)h.point.x - 3e-24) <= 1e-28 && h.normal.x > 0.99f, "point %g, normal %g", (double)h.point.x,
              (double)h.normal.x);
    /* B against A: the same time, the normal flipped */
    CHECK(tc_shape_sweep(&b, tc_vec3_zero(), &a, v, 1.0f, &h));
    CHECK_MSG(fabs((double)h.t - expected) <= 0x1p-149 && h.normal.x < -0.99f, "B-A t %g", (double)h.t);
    /* touching at the start: t = 0, however fast */
    const tc_shape touching = tc_shape_from_sphere((tc_sphere){ { 2e-24f, 0.0f, 0.0f }, 1e-24f });
    CHECK(tc_shape_distance(&a, &touching, NULL, NULL) == 0.0f);
    CHECK(tc_shape_sweep(&a, v, &touching, tc_vec3_zero(), 1.0f, &h) && h.t == 0.0f);
}

/* A tiny pair whose numbers differ widely in size: every number below
 * 1e-13, one coordinate 1e-25. The entries' quick test ORed the numbers'
 * bits, which mixed their exponents into one above 2^-23, so such pairs went
 * unscaled, where the float tests underflow: 420 of these 4,000 pairs had
 * overlap, contact and distance 0 disagree. */
TEST_CASE(tiny_pair_with_numbers_of_far_apart_sizes_is_scaled)
{
    test_rng r = { 0x7171e900u };
    const int n = test_random_count(2000);
    int disagree = 0;
    for (int i = 0; i < n; ++i) {
        const float s = 1e-13f;
        tc_capsule a = { test_rng_vec3(&r, -s, s), test_rng_vec3(&r, -s, s), test_rng_float(&r, 0.0, 0.6 * s) };
        const tc_capsule b = { test_rng_vec3(&r, -s, s), test_rng_vec3(&r, -s, s), test_rng_float(&r, 0.0, 0.6 * s) };
        a.a.z = 1e-25f;
        tc_aabb box;
        box.min = test_rng_vec3(&r, -s, s);
        box.min.z = 1e-25f;
        box.max = tc_vec3_add(box.min, tc_vec3_make(s, s, s));
        tc_manifold m;
        const bool ov = tc_overlap_capsule_capsule(&a, &b);
        const bool ok = ov == tc_contact_capsule_capsule(&a, &b, &m) &&
                        ov == (tc_distance_capsule_capsule(&a, &b, NULL, NULL) == 0.0f);
        const bool ov_box = tc_overlap_capsule_aabb(&b, &box);
        const bool ok_box = ov_box == tc_contact_capsule_aabb(&b, &box, &m) &&
                            ov_box == (tc_distance_capsule_aabb(&b, &box, NULL, NULL) == 0.0f);
        disagree += !ok + !ok_box;
    }
    CHECK_MSG(disagree == 0, "%d of %d pairs disagree", disagree, 2 * n);
}

/* Coarse pairs (issue 12's sizes far below their coordinates): the same
 * random unit pairs made s times smaller and moved to about c from the
 * origin (c = 1e-5 to 1e3, s = 1e-6 c and 1e-8 c), c above the tiny limit
 * (2^-24), so the pair is answered as given. Their coordinates keep 2^-24
 * of c, so at s = 1e-8 c most of the shapes' points collapse onto one float
 * or its neighbours: a pair of such shapes is what it is, and overlap,
 * contact, distance 0 and the sweeps must agree on it as on any pair; its
 * distance is the double oracle's on the same floats within the accuracy
 * promised, 1e-5 of the coordinates' magnitude (distance.h). Before the
 * fixes (the regression tests below name each) 7,313 of the 16 cases'
 * 272,000 pairs disagreed: capsule pairs' overlap against distance and
 * contact at c = 1e-5, s = 1e-11 (the segment tests' float products of the
 * sizes, a e - b^2, of s^4, subnormal), the AABB-OBB still sweep against
 * overlap, and the still rotating sweep through the dispatch (planes,
 * AABBs, hulls). */
TEST_CASE(coarse_pairs_agree_at_1e_minus_5_size_1e_minus_11) { pairs_at(1e-5, 1e-11, 0xc0a5e100u, false); }
TEST_CASE(coarse_pairs_agree_at_1e_minus_5_size_1e_minus_13) { pairs_at(1e-5, 1e-13, 0xc0a5e200u, false); }
TEST_CASE(coarse_pairs_agree_at_1e_minus_3_size_1e_minus_9) { pairs_at(1e-3, 1e-9, 0xc0a5e300u, false); }
TEST_CASE(coarse_pairs_agree_at_1e_minus_3_size_1e_minus_11) { pairs_at(1e-3, 1e-11, 0xc0a5e400u, false); }
TEST_CASE(coarse_pairs_agree_at_1_size_1e_minus_6) { pairs_at(1.0, 1e-6, 0xc0a5e500u, false); }
TEST_CASE(coarse_pairs_agree_at_1_size_1e_minus_8) { pairs_at(1.0, 1e-8, 0xc0a5e600u, false); }
TEST_CASE(coarse_pairs_agree_at_1e3_size_1e_minus_3) { pairs_at(1e3, 1e-3, 0xc0a5e700u, false); }
TEST_CASE(coarse_pairs_agree_at_1e3_size_1e_minus_5) { pairs_at(1e3, 1e-5, 0xc0a5e800u, false); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1e_minus_5_size_1e_minus_11) { pairs_at(1e-5, 1e-11, 0xc0a5e900u, true); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1e_minus_5_size_1e_minus_13) { pairs_at(1e-5, 1e-13, 0xc0a5ea00u, true); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1e_minus_3_size_1e_minus_9) { pairs_at(1e-3, 1e-9, 0xc0a5eb00u, true); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1e_minus_3_size_1e_minus_11) { pairs_at(1e-3, 1e-11, 0xc0a5ec00u, true); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1_size_1e_minus_6) { pairs_at(1.0, 1e-6, 0xc0a5ed00u, true); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1_size_1e_minus_8) { pairs_at(1.0, 1e-8, 0xc0a5ee00u, true); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1e3_size_1e_minus_3) { pairs_at(1e3, 1e-3, 0xc0a5ef00u, true); }
TEST_CASE(coarse_pairs_agree_called_directly_at_1e3_size_1e_minus_5) { pairs_at(1e3, 1e-5, 0xc0a5f000u, true); }

/* Regression: the float segment-segment solution underflowed for a pair
 * whose sizes are far below their coordinates (segment.c). Two capsules
 * about 1e-11 long at 1e-5 from the origin, relative to A's end about
 * 1e-11 apart: a e - b^2, of the fourth power of that, was subnormal, the
 * parameters it divided into were wrong, and overlap said apart where
 * distance (0) and contact (true), in double, found them touching, as the
 * double oracle does. */
TEST_CASE(capsule_pair_far_below_its_coordinates_overlaps_as_distance_and_contact)
{
    const tc_capsule a = { { 0x1.4f8b58p-17f, 0x1.4f8b6ep-17f, 0x1.4f8b48p-17f },
                           { 0x1.4f8b44p-17f, 0x1.4f8b56p-17f, 0x1.4f8b62p-17f },
                           0x1.ae0328p-41f };
    const tc_capsule b = { { 0x1.4f8b5cp-17f, 0x1.4f8b6cp-17f, 0x1.4f8b4cp-17f },
                           { 0x1.4f8b4cp-17f, 0x1.4f8b58p-17f, 0x1.4f8b52p-17f },
                           0x1.7bdc46p-40f };
    const orc_shape oa = orc_from_capsule(&a), ob = orc_from_capsule(&b);
    CHECK(orc_distance(&oa, &ob) == 0.0);
    tc_manifold m;
    CHECK(tc_overlap_capsule_capsule(&a, &b));
    CHECK(tc_contact_capsule_capsule(&a, &b, &m));
    CHECK(tc_distance_capsule_capsule(&a, &b, NULL, NULL) == 0.0f);
}

/* Regression: the AABB-OBB sweep took the AABB as an OBB whose float
 * centre rounds (sweep.c). A box about 1e-6 wide at 1 from the origin,
 * about 7e-9 from an OBB as overlap, distance and the double oracle have
 * it: the rounded centre (half an ulp of 1, 6e-8) moved it into the OBB,
 * and the still sweep hit at t = 0. */
TEST_CASE(aabb_obb_sweep_far_below_its_coordinates_starts_apart_as_overlap_says)
{
    const tc_aabb a = { { 0x1.fffffap-1f, 0x1.000004p+0f, 0x1.ffffe8p-1f }, { 0x1.000002p+0f, 0x1.00001p+0f, 0x1.000008p+0f } };
    tc_obb b;
    b.center = tc_vec3_make(0x1.000004p+0f, 0x1.00000ep+0f, 0x1.ffffeep-1f);
    b.half = tc_vec3_make(0x1.05eb8ep-22f, 0x1.5bf562p-25f, 0x1.d8b96ap-24f);
    b.rotation.cx = tc_vec3_make(0x1.2b56dp-2f, -0x1.c13588p-4f, -0x1.e667cp-1f);
    b.rotation.cy = tc_vec3_make(-0x1.e97684p-1f, -0x1.eaa84p-5f, -0x1.262404p-2f);
    b.rotation.cz = tc_vec3_make(-0x1.a01f2p-6f, 0x1.fbfca6p-1f, -0x1.f526cp-4f);
    const orc_shape oa = orc_from_aabb(&a), ob = orc_from_obb(&b);
    CHECK(orc_distance(&oa, &ob) > 1e-9);
    CHECK(!tc_overlap_aabb_obb(&a, &b));
    CHECK(tc_distance_aabb_obb(&a, &b, NULL, NULL) > 0.0f);
    tc_sweep_hit h;
    CHECK(!tc_sweep_aabb_obb(&a, tc_vec3_zero(), &b, tc_vec3_zero(), 1.0f, &h));
    /* moved onto B (its centre's offset: well past touching): a hit after
     * t = 0 on both boxes, up to the rounding of a float point at 1 */
    const tc_vec3 v = tc_vec3_sub(b.center, tc_vec3_lerp(a.min, a.max, 0.5f));
    CHECK(tc_sweep_aabb_obb(&a, v, &b, tc_vec3_zero(), 1.0f, &h) && h.t > 0.0f && h.t < 1.0f);
    const ovec p = ov_from(h.point), on_a = ov_sub(p, ov_scale(ov_from(v), (double)h.t));
    const double off_a = orc_point_distance(&oa, on_a, NULL), off_b = orc_point_distance(&ob, p, NULL);
    CHECK_MSG(off_a <= 0x1p-23 && off_b <= 0x1p-23, "hit point off A by %g, off B by %g", off_a, off_b);
}

/* Regression: the dispatch's rotating sweep placed the shapes by their
 * start poses before asking overlap, and a plane placed by the identity
 * moved by its normal's length's rounding (6e-8 of its offset: now
 * tc_shape_rigid_placed, sweep_rigid_start.c): a sphere 1e-7 across at 1 from the origin touching a
 * plane, as overlap, contact and distance say, was found apart, and the
 * still rotating sweep missed it. */
TEST_CASE(rotating_sweep_at_identity_poses_starts_as_overlap_says_for_a_plane)
{
    const tc_sphere a = { { 0x1.ffffeap-1f, 0x1.00000cp+0f, 0x1.fffff8p-1f }, 0x1.34b946p-26f };
    const tc_plane b = { { -0x1.1a791p-5f, -0x1.94fbdp-1f, -0x1.38c348p-1f }, -0x1.6fb35ap+0f };
    const tc_shape sa = tc_shape_from_sphere(a), sb = tc_shape_from_plane(b);
    const tc_transform id = tc_transform_identity();
    tc_manifold m;
    CHECK(tc_shape_overlap(&sa, &sb) && tc_shape_contact(&sa, &sb, &m) && tc_shape_distance(&sa, &sb, NULL, NULL) == 0.0f);
    tc_sweep_hit h;
    CHECK(tc_shape_sweep_rigid(&sa, id, id, &sb, id, id, &h) && h.t == 0.0f);
    CHECK(tc_shape_sweep_rigid(&sb, id, id, &sa, id, id, &h) && h.t == 0.0f);
}

/* Regression: a rotating sweep decided its start on the cores where they
 * are, with the hulls' band of 1e-7 of their coordinates (sweep_rigid.c's
 * rigid_start_apart): a sphere and a hull about 1e-6 across at 1 from the
 * origin, given with identity poses, 5e-8 apart as overlap, distance and
 * the oracle say, hit at t = 0, still, through the pair function and the
 * dispatch. */
TEST_CASE(rotating_sweep_of_a_hull_far_below_its_coordinates_starts_apart_as_overlap_says)
{
    const tc_vec3 cube[8] = { { -1, -1, -1 }, { 1, -1, -1 }, { -1, 1, -1 }, { 1, 1, -1 },
                              { -1, -1, 1 },  { 1, -1, 1 },  { -1, 1, 1 },  { 1, 1, 1 } };
    tc_hull_data *data = tc_hull_data_create(cube, 8, NULL);
    CHECK(data != NULL);
    if (!data) return;
    const tc_sphere a = { { 0x1.000006p+0f, 0x1p+0f, 0x1.00001p+0f }, 0x1.68d4d4p-23f };
    tc_hull b;
    b.data = data;
    b.position = tc_vec3_make(0x1.fffffcp-1f, 0x1.fffff6p-1f, 0x1.00000cp+0f);
    b.rotation.cx = tc_vec3_make(-0x1.cdb604p-1f, 0x1.f07eecp-4f, 0x1.a8ceaep-2f);
    b.rotation.cy = tc_vec3_make(0x1.57bbdcp-2f, 0x1.9a235ep-1f, 0x1.fb836ep-2f);
    b.rotation.cz = tc_vec3_make(-0x1.16c636p-2f, 0x1.2c21b4p-1f, -0x1.86afd8p-1f);
    b.scale = 0x1.421f6p-22f;
    ovec corners[8];
    for (int i = 0; i < 8; ++i) corners[i] = orc_place(b.position, b.rotation, b.scale, cube[i]);
    static orc_hull ob; /* large */
    orc_hull_build(&ob, corners, 8);
    const orc_shape oa = orc_from_sphere(&a);
    CHECK(orc_hull_distance(&ob, &oa) > 1e-8);
    const tc_shape sa = tc_shape_from_sphere(a), sb = tc_shape_from_hull(b);
    CHECK(!tc_shape_overlap(&sa, &sb) && tc_shape_distance(&sa, &sb, NULL, NULL) > 0.0f);
    const tc_transform id = tc_transform_identity();
    tc_sweep_hit h;
    CHECK(!tc_sweep_rigid_sphere_hull(&a, id, id, &b, id, id, &h));
    CHECK(!tc_shape_sweep_rigid(&sa, id, id, &sb, id, id, &h));
    tc_hull_data_destroy(data);
}

/* Regression: a pair function's rotating sweep decided its start on the
 * cores, at t = 0 only at a height <= 0, while overlap pads by the height's
 * rounding (tc_core_plane_within_rounding): an AABB and a triangle 1e-8
 * across at 1 from the origin (collapsed onto the point (1, -0.75, 0.5)
 * in floats) on planes through that point, whose normalised normals put
 * them ~1e-16 above zero, touched as overlap says and the still rotating
 * sweeps called directly missed them (45 and 40 of 500 such pairs). */
TEST_CASE(direct_rotating_sweep_onto_a_plane_starts_where_overlap_says)
{
    const tc_vec3 p = tc_vec3_make(1.0f, -0.75f, 0.5f);
    const tc_aabb a = { p, p };
    const tc_plane pa = { { 0x1.6a1c88p-2f, 0x1.6b2e44p-1f, -0x1.3830a2p-1f }, -0x1.eed98p-2f };
    const tc_triangle t = { p, p, p };
    const tc_plane pt = { { 0x1.0c9cdap-2f, -0x1.1736c8p-1f, -0x1.979bfep-1f }, 0x1.17d308p-2f };
    const tc_transform id = tc_transform_identity();
    tc_sweep_hit h;
    CHECK(tc_overlap_aabb_plane(&a, &pa));
    CHECK(tc_sweep_rigid_aabb_plane(&a, id, id, &pa, &h) && h.t == 0.0f);
    CHECK(tc_overlap_triangle_plane(&t, &pt));
    CHECK(tc_sweep_rigid_triangle_plane(&t, id, id, &pt, &h) && h.t == 0.0f);
    /* the dispatch the same */
    const tc_shape sa = tc_shape_from_aabb(a), st = tc_shape_from_triangle(t);
    const tc_shape spa = tc_shape_from_plane(pa), spt = tc_shape_from_plane(pt);
    CHECK(tc_shape_sweep_rigid(&sa, id, id, &spa, id, id, &h) && h.t == 0.0f);
    CHECK(tc_shape_sweep_rigid(&st, id, id, &spt, id, id, &h) && h.t == 0.0f);
}
