/* SPDX-License-Identifier: MIT */
/* Regressions of issue 12 in the pair queries, each named after what was
 * found, with the issue's own inputs:
 *  - sweep_unwritten_manifold: a sweep read the manifold of a contact call
 *    that had returned false (stack garbage as the hit);
 *  - fp_trap_*: floating-point exceptions raised by the library (a guarded
 *    1/dir evaluated unconditionally, tiny directions, NaN in validity
 *    checks, a world pose with an infinity or a NaN);
 *  - extreme_magnitude_*: overlap false where the distance is 0.
 * The fp_trap cases turn the traps on themselves (glibc), so they prove the
 * point in every build, not only in a TOUCHE_FP_TRAPS one; only library
 * calls run between traps_on and traps_off. */
#if defined(__linux__)
#define _GNU_SOURCE 1
#endif
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <touche/touche.h>

#include "contact_oracle.h"
#include "harness.h"
#include "hull_oracle.h"

static int traps_before;

static void traps_on(void)
{
#if defined(__GLIBC__)
    traps_before = fegetexcept();
    feenableexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW);
#endif
}

/* For the cases whose inputs only the validity checks stop (a signalling
 * NaN, sums past FLT_MAX, the pair fuzzer's hostile magnitudes:
 * check_agree, every_query_trapped and the fp_trap_* cases past FLT_MAX):
 * clang, unless told the code may trap (-ffp-exception-behavior=maytrap,
 * which TOUCHE_FP_TRAPS and TOUCHE_FP_MAYTRAP give the library), may
 * compute both sides of a branch and keep one (if-conversion), so a
 * library not built for trapping raises on values it then rejects (seven
 * of these cases trapped in the clang release build). docs/conventions.md:
 * a program that turns traps on uses a library built so. In such a clang
 * build these cases check the answers only; every gcc build and clang's
 * trapped builds check them with the traps on. */
static void traps_on_where_the_library_is_built_for_it(void)
{
#if !defined(TOUCHE_TEST_CLANG_WITHOUT_MAYTRAP)
    traps_on();
#endif
}

static void traps_off(void)
{
#if defined(__GLIBC__)
    fedisableexcept(FE_ALL_EXCEPT);
    feenableexcept(traps_before);
#endif
}

static bool unit(tc_vec3 n) { return isfinite(n.x) && isfinite(n.y) && isfinite(n.z) && fabs(tc_vec3_length(n) - 1.0f) < 1e-5; }

/* the two-line scene */
static tc_aabb crate(void)
{
    tc_aabb a = { { -3.0f, 2.875f, -4.0625f }, { 0.3125f, 5.3125f, 2.25f } };
    return a;
}
static tc_triangle shard(void)
{
    tc_triangle t = { { -6.6875f, -2.375f, -3.6875f }, { 7.1875f, 1.6875f, -6.625f }, { 2.5625f, 4.5625f, 2.5625f } };
    return t;
}

/* A hit at t = 0 of shapes that touch: finite, unit normal, the point on
 * both shapes (within the sweeps' tolerance of the scale, ~10). */
static void check_start_hit(const char *what, const tc_sweep_hit *h)
{
    const tc_aabb a = crate();
    const tc_triangle t = shard();
    co_shape oa = co_aabb(&a), ot = co_triangle(&t);
    CHECK_MSG(h->t == 0.0f, "%s: t = %g, expected 0 (the shapes touch at the start)", what, h->t);
    CHECK_MSG(unit(h->normal), "%s: normal (%g, %g, %g) not unit", what, h->normal.x, h->normal.y, h->normal.z);
    CHECK_MSG(isfinite(h->point.x) && isfinite(h->point.y) && isfinite(h->point.z), "%s: point not finite", what);
    co_vec p = co_from(h->point);
    double da = co_point_distance(&oa, p), dt = co_point_distance(&ot, p);
    CHECK_MSG(da <= 1e-4 && dt <= 1e-4, "%s: point off the crate by %g, off the shard by %g", what, da, dt);
}

TEST_CASE(sweep_unwritten_manifold)
{
    const tc_aabb a = crate();
    const tc_triangle t = shard();
    /* the pair touches: overlap, distance 0 (and, before the contacts fix,
     * contact false: the sweep must not depend on it either way) */
    CHECK(tc_overlap_aabb_triangle(&a, &t));
    CHECK(tc_distance_aabb_triangle(&a, &t, NULL, NULL) == 0.0f);
    tc_sweep_hit h;
    memset(&h, 0xff, sizeof h); /* NaN bytes: an unwritten field shows */
    CHECK(tc_sweep_aabb_triangle(&a, tc_vec3_make(1, 0, 0), &t, tc_vec3_zero(), 1.0f, &h));
    check_start_hit("tc_sweep_aabb_triangle", &h);
    /* through the dispatch, in both orders (B-A flips the normal) */
    tc_shape sa = tc_shape_from_aabb(a), st = tc_shape_from_triangle(t);
    tc_sweep_hit hd, hr;
    CHECK(tc_shape_sweep(&sa, tc_vec3_make(1, 0, 0), &st, tc_vec3_zero(), 1.0f, &hd));
    check_start_hit("tc_shape_sweep", &hd);
    CHECK(tc_shape_sweep(&st, tc_vec3_zero(), &sa, tc_vec3_make(1, 0, 0), 1.0f, &hr));
    CHECK_MSG(hr.t == 0.0f && unit(hr.normal), "tc_shape_sweep B-A: t %g", hr.t);
    CHECK_NEAR(tc_vec3_dot(hr.normal, hd.normal), -1.0, 1e-5);
    /* the rotating sweep takes the same path at t = 0 */
    memset(&h, 0xff, sizeof h);
    tc_transform still = tc_transform_identity(), moved = tc_transform_make(tc_vec3_make(1, 0, 0), tc_quat_identity());
    CHECK(tc_sweep_rigid_aabb_triangle(&a, still, moved, &t, still, still, &h));
    check_start_hit("tc_sweep_rigid_aabb_triangle", &h);
}

TEST_CASE(fp_trap_axis_aligned_ray)
{
    tc_aabb box = { { 1, -1, -1 }, { 2, 1, 1 } };
    tc_ray ray = { { 0, 0, 0 }, { 1, 0, 0 } };
    tc_ray_hit hit;
    traps_on();
    bool got = tc_raycast_aabb(&ray, &box, INFINITY, &hit);
    traps_off();
    CHECK(got);
    CHECK_NEAR(hit.t, 1.0, 1e-6);
    CHECK(hit.normal.x == -1.0f && hit.normal.y == 0.0f && hit.normal.z == 0.0f);
}

TEST_CASE(fp_trap_tiny_direction)
{
    /* the plane case: t = 1e45 is beyond any float, so no hit */
    const tc_plane ground = { { 0, 1, 0 }, 0 };
    const tc_ray down = { { 0, 1, 0 }, { 0, -1e-45f, 0 } };
    tc_ray_hit hit;
    traps_on();
    bool plane = tc_raycast_plane(&down, &ground, INFINITY, &hit);
    traps_off();
    CHECK(!plane);
    /* the same tiny ray at a triangle, a sphere and a capsule below it;
     * and with a max_t as large as floats go */
    const tc_triangle tri = { { -1, 0, -1 }, { 1, 0, -1 }, { 0, 0, 1 } };
    const tc_sphere ball = { { 0, -2, 0 }, 1 };
    const tc_capsule pill = { { -1, -2, 0 }, { 1, -2, 0 }, 1 };
    const float limits[2] = { INFINITY, FLT_MAX };
    for (int i = 0; i < 2; ++i) {
        traps_on();
        bool t = tc_raycast_triangle(&down, &tri, limits[i], &hit);
        bool s = tc_raycast_sphere(&down, &ball, limits[i], &hit);
        bool c = tc_raycast_capsule(&down, &pill, limits[i], &hit);
        traps_off();
        CHECK(!t && !s && !c);
    }
    /* a tiny but sufficient direction still hits, at its huge t */
    const tc_ray slow = { { 0, 1, 0 }, { 0, -1e-30f, 0 } };
    traps_on();
    bool t = tc_raycast_triangle(&slow, &tri, INFINITY, &hit);
    traps_off();
    CHECK(t);
    CHECK_NEAR(hit.t, 1e30, 1e24);
}

TEST_CASE(fp_trap_nan_in_validity_checks)
{
    const float bad[3] = { NAN, INFINITY, -INFINITY };
    for (int i = 0; i < 3; ++i) {
        tc_sphere centre = { { bad[i], 0, 0 }, 1 }, radius = { { 0, 0, 0 }, bad[i] };
        tc_plane plane = { { 0, 1, 0 }, bad[i] }, huge = { { 0, 3e38f, 0 }, 0 };
        tc_capsule cap = { { 0, 0, 0 }, { 0, bad[i], 0 }, 1 };
        tc_obb box = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1, bad[i], 1), tc_quat_identity());
        traps_on();
        bool any = tc_sphere_is_valid(&centre) || tc_sphere_is_valid(&radius) || tc_plane_is_valid(&plane) ||
                   tc_plane_is_valid(&huge) || tc_capsule_is_valid(&cap) || tc_obb_is_valid(&box);
        /* and the queries that validate late: overlap against a valid shape */
        tc_sphere unit_ball = { { 0, 0, 0 }, 1 };
        any = any || tc_overlap_sphere_sphere(&centre, &unit_ball) || tc_overlap_sphere_sphere(&unit_ball, &radius);
        traps_off();
        CHECK_MSG(!any, "a shape with %g accepted", (double)bad[i]);
    }
}

TEST_CASE(fp_trap_world_node_pose_infinite_or_nan)
{
    tc_world *w = tc_world_create(NULL);
    CHECK(w != NULL);
    if (!w) return;
    tc_node_id n = tc_world_create_node(w, NULL);
    tc_transform far = tc_transform_make(tc_vec3_make(INFINITY, 0, 0), tc_quat_identity());
    tc_transform fine = tc_transform_identity();
    traps_on();
    bool inf_pos = tc_world_set_node_pose(w, n, far, 1.0f);
    bool nan_scale = tc_world_set_node_pose(w, n, fine, NAN);
    bool inf_scale = tc_world_set_node_pose(w, n, fine, INFINITY);
    bool ok = tc_world_set_node_pose(w, n, fine, 2.0f);
    traps_off();
    CHECK(!inf_pos && !nan_scale && !inf_scale && ok);
    tc_world_destroy(w);
}

TEST_CASE(fp_trap_world_axis_aligned_ray)
{
    tc_world *w = tc_world_create(NULL);
    CHECK(w != NULL);
    if (!w) return;
    tc_collider_def d = tc_collider_def_default();
    tc_aabb box = { { 4, -1, -1 }, { 5, 1, 1 } };
    d.shape = tc_shape_from_aabb(box);
    d.local = tc_transform_identity();
    d.category = d.mask = ~(uint64_t)0;
    CHECK(tc_world_collider_is_valid(w, tc_world_create_collider(w, &d)));
    CHECK(tc_world_update(w));
    const tc_ray rays[3] = { { { 0, 0, 0 }, { 1, 0, 0 } }, { { 4.5f, 5, 0 }, { 0, -1, 0 } }, { { 4.5f, 0, 5 }, { 0, 0, -1 } } };
    for (int i = 0; i < 3; ++i) {
        tc_world_hit hit;
        traps_on();
        bool got = tc_world_raycast_closest(w, &rays[i], INFINITY, NULL, &hit);
        traps_off();
        CHECK_MSG(got, "axis-aligned world ray %d missed", i);
    }
    tc_world_destroy(w);
}

/* Item 10: a triangle reaching 1e20 from a unit sphere it passes through. */
TEST_CASE(extreme_magnitude_triangle_sphere)
{
    const tc_triangle t = { { 0, -1e20f, 0 }, { 1, 0, 0 }, { 0, 0, 1 } };
    const tc_sphere s = { { 0.25f, 0.5f, 0.25f }, 1 };
    traps_on();
    float d = tc_distance_sphere_triangle(&s, &t, NULL, NULL);
    bool o = tc_overlap_sphere_triangle(&s, &t);
    traps_off();
    CHECK(d == 0.0f);
    CHECK(o);
}

/* The same triangle against every other shape type, each placed through
 * the triangle's corner region near (0.25, 0.5, 0.25), and once 1e16 off:
 * overlap agrees with distance 0 both ways. */
TEST_CASE(extreme_magnitude_triangle_pairs)
{
    const tc_triangle t = { { 0, -1e20f, 0 }, { 1, 0, 0 }, { 0, 0, 1 } };
    for (int off = 0; off < 2; ++off) {
        /* far off: beyond the tolerance band, which at a scale of 1e20
         * is 1e15 wide (conventions.md) */
        const float dx = off ? 1e16f : 0.0f;
        tc_shape shapes[5];
        tc_capsule c = { { 0.25f + dx, 0.5f, 0.25f }, { 0.3f + dx, 1.5f, 0.3f }, 1 };
        tc_aabb b = { { -0.5f + dx, -0.5f, -0.5f }, { 1 + dx, 1, 1 } };
        tc_obb o = tc_obb_from_quat(tc_vec3_make(0.25f + dx, 0.5f, 0.25f), tc_vec3_make(1, 1, 1),
                                    tc_quat_from_axis_angle(tc_vec3_make(1, 2, 3), 0.7f));
        tc_triangle u = { { -1 + dx, 0.25f, -1 }, { 2 + dx, 0.25f, 0 }, { 0 + dx, 0.25f, 2 } };
        tc_sphere s = { { 0.25f + dx, 0.5f, 0.25f }, 1 };
        shapes[0] = tc_shape_from_sphere(s);
        shapes[1] = tc_shape_from_capsule(c);
        shapes[2] = tc_shape_from_aabb(b);
        shapes[3] = tc_shape_from_obb(o);
        shapes[4] = tc_shape_from_triangle(u);
        tc_shape st = tc_shape_from_triangle(t);
        for (int k = 0; k < 5; ++k) {
            traps_on();
            float d = tc_shape_distance(&shapes[k], &st, NULL, NULL);
            bool ov = tc_shape_overlap(&shapes[k], &st);
            traps_off();
            CHECK_MSG(ov == (d == 0.0f), "shape %d %s: overlap %d, distance %g", k, off ? "far" : "through", ov, d);
            CHECK_MSG(ov == !off, "shape %d %s: overlap %d", k, off ? "far" : "through", ov);
        }
    }
}

/* ---- extreme magnitude: overlap, distance 0 and contact agree ------------ */

/* The pair fuzzer's contract on one pair, both ways, under traps: overlap
 * exactly when the contact, and distance 0 only with overlap; an unmoving
 * sweep hits only shapes that overlap. `want` is the overlap expected (-1:
 * either, the pair being inside the tolerance band). */
static void check_agree(const char *what, const tc_shape *a, const tc_shape *b, int want)
{
    const tc_shape *pair[2][2] = { { a, b }, { b, a } };
    for (int k = 0; k < 2; ++k) {
        const tc_shape *x = pair[k][0], *y = pair[k][1];
        tc_manifold m;
        tc_sweep_hit h;
        traps_on_where_the_library_is_built_for_it();
        const bool ov = tc_shape_overlap(x, y);
        const float d = tc_shape_distance(x, y, NULL, NULL);
        const bool c = tc_shape_contact(x, y, &m);
        const bool still = x->type == TC_SHAPE_PLANE && y->type == TC_SHAPE_PLANE
                               ? ov
                               : tc_shape_sweep(x, tc_vec3_zero(), y, tc_vec3_zero(), 1.0f, &h);
        traps_off();
        CHECK_MSG(c == ov, "%s (%s): contact %d, overlap %d (distance %g)", what, k ? "B-A" : "A-B", c, ov, d);
        CHECK_MSG(isfinite(d) && d >= 0.0f, "%s: distance %g", what, d);
        CHECK_MSG(d > 0.0f || ov, "%s (%s): distance 0 but no overlap", what, k ? "B-A" : "A-B");
        CHECK_MSG(!still || ov, "%s (%s): an unmoving sweep hits, overlap says apart", what, k ? "B-A" : "A-B");
        if (want >= 0) CHECK_MSG(ov == (want == 1), "%s: overlap %d, expected %d", what, ov, want);
        if (c) CHECK_MSG(m.count >= 1 && m.count <= 4 && unit(m.normal), "%s: manifold", what);
    }
}

static tc_shape tri(tc_vec3 p, tc_vec3 q, tc_vec3 r)
{
    const tc_triangle t = { p, q, r };
    return tc_shape_from_triangle(t);
}
static tc_shape ball(tc_vec3 c, float r)
{
    const tc_sphere s = { c, r };
    return tc_shape_from_sphere(s);
}

/* Hulls near the end of the float range (coordinates and scales about
 * 1e38, where a float sum of two coordinates overflows): the float GJK of
 * the hull pairs and their double paths raise no FP exception under traps
 * and answer as check_agree asks, against hulls, spheres and boxes, apart
 * by a tenth of their size or more, and overlapping by as much. */
TEST_CASE(extreme_magnitude_hulls_near_flt_max_agree)
{
    tc_hull_data *h = tc_hull_data_create_cylinder(1.0f, 1.0f, 12, NULL);
    CHECK(h != NULL);
    if (!h) return;
    const tc_quat turned = tc_quat_normalize(tc_quat_make(0.3f, -0.5f, 0.2f, 0.8f));
    /* centre of A, of B, scale of both; B's x from A's: 2.4 scales apart
     * (0.4 between), or 1.0 (overlapping by 1 scale) */
    const float at[3][2] = { { -1.2e38f, 1.2e38f }, { -0.5e38f, 0.5e38f }, { 3.0e38f, 3.24e38f } };
    const float scale[3] = { 1e38f, 1e38f, 1e37f };
    const int want[3] = { 0, 1, 0 };
    for (int k = 0; k < 3; ++k) {
        for (int t = 0; t < 2; ++t) {
            const tc_quat q = t ? turned : tc_quat_identity();
            const tc_shape a = tc_shape_from_hull(tc_hull_make(h, tc_transform_make(tc_vec3_make(at[k][0], 0, 0), q), scale[k]));
            const tc_shape b = tc_shape_from_hull(tc_hull_make(h, tc_transform_make(tc_vec3_make(at[k][1], 0, 0), q), scale[k]));
            check_agree("hull vs hull near FLT_MAX", &a, &b, t ? -1 : want[k]);
            const tc_shape s = ball(tc_vec3_make(at[k][1], 0, 0), scale[k]);
            check_agree("hull vs sphere near FLT_MAX", &a, &s, t ? -1 : want[k]);
            tc_obb o;
            o.center = tc_vec3_make(at[k][1], 0, 0);
            o.half = tc_vec3_make(scale[k], scale[k], scale[k]);
            o.rotation = tc_mat3_from_quat(q);
            const tc_shape box = tc_shape_from_obb(o);
            check_agree("hull vs OBB near FLT_MAX", &a, &box, t ? -1 : want[k]);
        }
    }
    /* the same hull 1e38 across at 3e38 against a unit sphere at its side */
    const tc_shape big = tc_shape_from_hull(tc_hull_make(h, tc_transform_make(tc_vec3_make(2e38f, 0, 0), tc_quat_identity()), 1e38f));
    const tc_shape inside = ball(tc_vec3_make(2e38f, 0, 0), 1.0f), beside = ball(tc_vec3_make(2e38f, 2e38f, 0), 1.0f);
    check_agree("unit sphere inside a hull at 2e38", &big, &inside, 1);
    check_agree("unit sphere 1e38 from a hull at 2e38", &big, &beside, 0);
    tc_hull_data_destroy(h);
}

/* A sphere 3.5 from the near end of a triangle reaching 1e20: GJK's band
 * (1e-9 of the scale) made it overlap at distance 0 with no contact. */
TEST_CASE(extreme_magnitude_sphere_triangle_contact_agrees)
{
    const tc_shape t = tri(tc_vec3_make(-6.75f, 3.125f, -2.375f), tc_vec3_make(2.75f, -5.375f, -3.125f),
                           tc_vec3_make(1e20f, 6.3125f, -4.0625f));
    const tc_shape s = ball(tc_vec3_make(6.4375f, -4.0625f, 0.5f), 1.75f);
    check_agree("sphere vs triangle to 1e20", &s, &t, -1);
    /* the pair (item 10) */
    const tc_shape t2 = tri(tc_vec3_make(0, -1e20f, 0), tc_vec3_make(1, 0, 0), tc_vec3_make(0, 0, 1));
    const tc_shape s2 = ball(tc_vec3_make(0.25f, 0.5f, 0.25f), 1.0f);
    check_agree("issue item 10", &s2, &t2, 1);
}

/* Two AABBs 8e5 apart in y, one 1e20 tall: GJK's distance was 0 while
 * the exact closed-box overlap said apart, and the box-box contact
 * overflowed squaring the half extent (FE_OVERFLOW). */
TEST_CASE(extreme_magnitude_aabb_pair_apart_distance_positive)
{
    const tc_aabb a = { { 1.3125f, 806050.8125f, 2.75f }, { 4.875f, 806054.75f, 9.6875f } };
    const tc_aabb b = { { 3.6875f, 1.0f, 3.3125f }, { 4.0625f, 4.0625f, 1e20f } };
    const tc_shape sa = tc_shape_from_aabb(a), sb = tc_shape_from_aabb(b);
    check_agree("aabb pair near 1e20", &sa, &sb, 0);
    traps_on();
    const float d = tc_distance_aabb_aabb(&a, &b, NULL, NULL);
    traps_off();
    CHECK_MSG(fabs((double)d - (806050.8125 - 4.0625)) <= 1.0, "distance %g", d);
    /* the same boxes overlapping: a contact, without the overflow */
    const tc_aabb c = { { 1.3125f, 2.0f, 2.75f }, { 4.875f, 3.0f, 9.6875f } };
    const tc_shape sc = tc_shape_from_aabb(c);
    check_agree("aabb pair near 1e20, overlapping", &sc, &sb, 1);
}

/* A triangle with a vertex at -3.4e38 (and one with 1e20) against a plane
 * and an OBB: the float test's pad from the largest coordinate made a
 * triangle 7.6 from the plane overlap it with no contact; GJK's own band
 * one 1.7e9 from the OBB. */
TEST_CASE(extreme_magnitude_triangle_plane_and_obb_agree)
{
    const tc_shape t = tri(tc_vec3_make(-4.3125f, -4.125f, -FLT_MAX), tc_vec3_make(-3.125f, 6.125f, -5.5625f),
                           tc_vec3_make(5.4375f, 3.6875f, -4.8125f));
    const tc_plane p = { { 0, 0, -1 }, -2.75f };
    const tc_shape sp = tc_shape_from_plane(p);
    check_agree("triangle to -FLT_MAX vs plane", &t, &sp, 0);
    const tc_shape t2 = tri(tc_vec3_make(4.25f, 2.8125f, 4.125f), tc_vec3_make(1e20f, 6.75f, -4.8125f),
                            tc_vec3_make(-6.4375f, -1.67130918e9f, -3.5625f));
    tc_obb o;
    o.center = tc_vec3_make(-6.75f, -12921425.0f, 6.0625f);
    o.half = tc_vec3_make(0.875f, 4.8125f, 0.5625f);
    o.rotation.cx = tc_vec3_make(5.96046448e-08f, 0.99999994f, 0);
    o.rotation.cy = tc_vec3_make(-0.99999994f, 5.96046448e-08f, 0);
    o.rotation.cz = tc_vec3_make(0, 0, 1);
    const tc_shape so = tc_shape_from_obb(o);
    check_agree("triangle to 1e20 vs obb", &t2, &so, -1);
}

/* Inside the float range but with a large coordinate: the overlap tests'
 * bands (relative to 1e6 and 1.3e9) call these pairs touching, the
 * contacts' closed forms and the unmoving sweep's tolerance decided
 * otherwise. */
TEST_CASE(large_magnitude_band_contact_and_still_sweep_agree)
{
    const tc_shape t = tri(tc_vec3_make(-6.9375f, 6.4375f, -2.0f), tc_vec3_make(0.5625f, 3.0625f, 4.625f),
                           tc_vec3_make(1e6f, 3.0f, -1.25f));
    const tc_shape s = ball(tc_vec3_make(-6.3125f, 3.6875f, 5.125f), 3.4375f);
    check_agree("sphere vs triangle to 1e6", &s, &t, -1);
    const tc_shape s2 = ball(tc_vec3_make(1e6f, 3.0f, -5.1875f), 5.8125f);
    const tc_plane p = { { 0, 1, 0 }, -3.25f };
    const tc_shape sp = tc_shape_from_plane(p);
    check_agree("sphere at 1e6 vs plane", &s2, &sp, -1);
    const tc_shape t2 = tri(tc_vec3_make(-1.25f, 4.875f, 6.25f), tc_vec3_make(-1.375f, 1.31571174e9f, 3.75f),
                            tc_vec3_make(-2.4375f, 5.375f, 6.6875f));
    const tc_capsule c = { { 4.4375f, -5.5625f, -3.0625f }, { 5.25f, -4.6875f, 3.4375f }, 5.4375f };
    const tc_shape sc = tc_shape_from_capsule(c);
    check_agree("capsule vs triangle to 1.3e9", &sc, &t2, -1);
}

/* Valid shapes reaching past FLT_MAX: their bounds saturate (they
 * overflowed), and a plane at -FLT_MAX gives a finite distance. */
TEST_CASE(extreme_magnitude_bounds_and_plane_distance_saturate)
{
    tc_obb o;
    o.center = tc_vec3_make(-FLT_MAX, -6.8125f, -6.0625f);
    o.half = tc_vec3_make(FLT_MAX, 5.875f, 5.0625f);
    o.rotation = tc_mat3_identity();
    const tc_sphere s = { { FLT_MAX, 0, 0 }, FLT_MAX };
    const tc_capsule c = { { -FLT_MAX, 0, 0 }, { FLT_MAX, 0, 0 }, 1e38f };
    tc_aabb bo, bs, bc;
    traps_on_where_the_library_is_built_for_it();
    const bool ok = tc_obb_bounds(&o, &bo) && tc_sphere_bounds(&s, &bs) && tc_capsule_bounds(&c, &bc);
    traps_off();
    CHECK(ok);
    CHECK(bo.min.x == -FLT_MAX && bo.max.x >= 0.0f && isfinite(bo.max.x) && bs.max.x == FLT_MAX && bc.min.x == -FLT_MAX);
    const tc_plane p = { { -0.586347222f, 0.156359255f, -0.79482621f }, -FLT_MAX };
    const tc_triangle t = { { -1.4375f, -4.375f, -1e7f }, { 4.1875f, -1.9375f, 0.75f }, { -3.1875f, 6.5625f, 0.9375f } };
    traps_on_where_the_library_is_built_for_it();
    const float d = tc_distance_triangle_plane(&t, &p, NULL, NULL);
    traps_off();
    CHECK_MSG(isfinite(d) && d > 1e38f, "distance %g", d);
}

/* ---- signalling NaNs: no trap on any of the API's float inputs ----------- */

/* A signalling NaN (quiet bit clear) raises FE_INVALID on any arithmetic,
 * conversion or comparison, even the unordered one gcc's isfinite uses at
 * -O0: the world fuzzer's viewport trapped there (gcc trapped build). The
 * library reads finiteness from the bits. */
TEST_CASE(fp_trap_signalling_nan_inputs)
{
    const uint32_t bits = 0x7fa00001u;
    float snan;
    memcpy(&snan, &bits, sizeof snan);
    const tc_viewport bad[3] = { { snan, 0, 640, 480 }, { 0, 0, snan, 480 }, { 0, 0, 640, 480 } };
    const tc_mat4 view = tc_mat4_identity();
    traps_on_where_the_library_is_built_for_it();
    const tc_mat4 proj = tc_mat4_perspective(1.0f, 4.0f / 3.0f, 0.1f, 100.0f, TC_DEPTH_ZERO_TO_ONE);
    const tc_mat4 p_nan = tc_mat4_perspective(snan, snan, snan, snan, TC_DEPTH_ZERO_TO_ONE);
    const tc_mat4 o_nan = tc_mat4_orthographic(snan, 1, -1, 1, snan, 1, TC_DEPTH_ZERO_TO_ONE);
    tc_ray ray;
    bool got[4];
    for (int k = 0; k < 3; ++k) got[k] = tc_camera_unproject(320, 240, bad[k], view, proj, TC_DEPTH_ZERO_TO_ONE, &ray);
    got[3] = tc_camera_unproject(snan, 240, bad[2], view, proj, TC_DEPTH_ZERO_TO_ONE, &ray);
    const tc_quat q = tc_quat_nlerp(tc_quat_identity(), tc_quat_identity(), snan);
    const tc_sphere s = { { 0, 0, 0 }, 1 };
    const tc_shape sh = tc_shape_from_sphere(s);
    const tc_shape moved = tc_shape_transform(&sh, tc_transform_identity(), snan);
    const bool moved_valid = tc_shape_is_valid(&moved);
    traps_off();
    CHECK(!got[0] && !got[1] && got[2] && !got[3]);
    CHECK(p_nan.m[0] == 0.0f && p_nan.m[15] == 0.0f && o_nan.m[15] == 0.0f);
    CHECK(q.w == 1.0f);
    CHECK(!moved_valid);
}

static float tree_ray_mark(void *context, int32_t proxy, uint64_t user_data, const tc_ray *ray, float max_t)
{
    (void)proxy;
    (void)ray;
    *(unsigned *)context |= 1u << user_data;
    return max_t;
}

static bool tree_query_mark(void *context, int32_t proxy, uint64_t user_data)
{
    (void)proxy;
    *(unsigned *)context |= 1u << user_data;
    return true;
}

/* The world fuzzer's trap (trapped builds): a tree ray at boxes near 1e30
 * with a direction component of 1e-20, whose float slab products
 * (offset 1e30 times reciprocal 1e20) overflow, and boxes whose sums of
 * coordinates pass FLT_MAX in the plane query (fat boxes stretched by a
 * large prediction reach there). The answers were right (infinite t, a
 * miss); the traps were the defect. Box 0 holds the origin, the rays
 * enter box 1 at t = 1e30 and never reach box 2's y range (y = 1e-20 t). */
TEST_CASE(fp_trap_tree_ray_far_boxes)
{
    tc_tree_def def;
    memset(&def, 0, sizeof def); /* no fattening: the fat boxes are these */
    tc_tree *tree = tc_tree_create(&def);
    CHECK(tree != NULL);
    if (!tree) return;
    const tc_aabb boxes[3] = {
        { { -3e38f, -3e38f, -3e38f }, { 3e38f, 3e38f, 3e38f } },
        { { 1e30f, -1e30f, -1e30f }, { 2e30f, 1e30f, 1e30f } },
        { { 1e30f, 1e30f, -1e30f }, { 2e30f, 2e30f, 1e30f } },
    };
    for (int i = 0; i < 3; ++i) CHECK(tc_tree_create_proxy(tree, boxes[i], (uint64_t)i) != TC_TREE_NULL);
    const tc_ray rays[2] = { { { 0, 0, 0 }, { 1, 1e-20f, 1e-20f } }, { { 0, 0, 0 }, { 1, 1e-20f, 0 } } };
    unsigned hits[2][2] = { { 0, 0 }, { 0, 0 } }, planes = 0;
    const tc_plane plane = { { 0.6f, 0.8f, 0 }, 0 };
    traps_on();
    for (int k = 0; k < 2; ++k) {
        tc_tree_raycast(tree, &rays[k], INFINITY, tree_ray_mark, &hits[k][0]);
        tc_tree_raycast(tree, &rays[k], 3e38f, tree_ray_mark, &hits[k][1]);
    }
    tc_tree_query_plane(tree, plane, tree_query_mark, &planes);
    traps_off();
    for (int k = 0; k < 2; ++k) {
        CHECK_MSG(hits[k][0] == 3u, "ray %d, max_t inf: boxes %#x", k, hits[k][0]);
        CHECK_MSG(hits[k][1] == 3u, "ray %d, max_t 3e38: boxes %#x", k, hits[k][1]);
    }
    /* boxes 0 and 1 have a corner with 0.6 x + 0.8 y <= 0, box 2 none */
    CHECK_MSG(planes == 3u, "plane: boxes %#x", planes);
    tc_tree_destroy(tree);
}

/* ---- hulls and meshes: the pair fuzzer over every shape (issue 12) ------- */

static tc_shape placed_hull(const tc_hull_data *d, tc_vec3 position, float scale)
{
    return tc_shape_from_hull(tc_hull_make(d, tc_transform_make(position, tc_quat_identity()), scale));
}
static tc_shape placed_mesh(const tc_mesh_data *d, tc_vec3 position, float scale)
{
    return tc_shape_from_mesh(tc_mesh_make(d, tc_transform_make(position, tc_quat_identity()), scale));
}

/* Every query on the pair, both ways, with the traps on: none may raise. */
static void every_query_trapped(const tc_shape *a, const tc_shape *b)
{
    const tc_shape *pair[2][2] = { { a, b }, { b, a } };
    const tc_transform still = tc_transform_identity();
    const tc_transform turned = tc_transform_make(tc_vec3_make(1, 2, 3), tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), 1.0f));
    const tc_ray ray = { { 0.25f, 0.25f, 5 }, { 0, 0, -1 } };
    for (int k = 0; k < 2; ++k) {
        const tc_shape *x = pair[k][0], *y = pair[k][1];
        tc_manifold m;
        tc_sweep_hit h;
        tc_ray_hit rh;
        tc_aabb box;
        traps_on_where_the_library_is_built_for_it();
        (void)tc_shape_overlap(x, y);
        (void)tc_shape_distance(x, y, NULL, NULL);
        (void)tc_shape_contact(x, y, &m);
        (void)tc_shape_sweep(x, tc_vec3_make(1, -2, 3), y, tc_vec3_zero(), 1.0f, &h);
        (void)tc_shape_sweep_rigid(x, still, turned, y, still, still, &h);
        (void)tc_shape_raycast(&ray, x, INFINITY, &rh);
        (void)tc_shape_bounds(x, &box);
        traps_off();
    }
}

static const tc_vec3 cube_points[8] = { { -1, -1, -1 }, { 1, -1, -1 }, { -1, 1, -1 }, { 1, 1, -1 },
                                        { -1, -1, 1 },  { 1, -1, 1 },  { -1, 1, 1 },  { 1, 1, 1 } };
static const int32_t two_triangles[6] = { 0, 1, 2, 2, 1, 3 };

/* A hull or mesh placed past the float range (position + scale * vertex
 * beyond FLT_MAX) passed the validity test, and its bounds, its mesh walk's
 * box and its ray casts overflowed (the fuzzer: tc_hull_bounds,
 * local_box, tc_raycast_mesh). It is invalid now: every query answers
 * false / INFINITY without a trap. Inside the range it stays valid. */
TEST_CASE(fp_trap_hull_mesh_placed_past_float_range_is_invalid)
{
    tc_hull_data *hd = tc_hull_data_create(cube_points, 8, NULL);
    tc_mesh_data *md = tc_mesh_data_create(cube_points, 8, two_triangles, 2, NULL);
    CHECK(hd != NULL && md != NULL);
    if (!hd || !md) goto done;
    const tc_shape ball0 = ball(tc_vec3_make(0, 0, 0), 1);
    /* the cube's corners at 3e38 + 1e38, 1e38 + 3e38, and 2.5e38 turned by
     * 45 degrees about z (3.5e38) */
    const float far_scale[3] = { 1e38f, 3e38f, 2.5e38f };
    const float far_at[3] = { 3e38f, 1e38f, 0 };
    const tc_quat turn[3] = { tc_quat_identity(), tc_quat_identity(),
                              tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), 0.78539816f) };
    for (int i = 0; i < 3; ++i) {
        const tc_transform pose = tc_transform_make(tc_vec3_make(far_at[i], 0, 0), turn[i]);
        const tc_shape h = tc_shape_from_hull(tc_hull_make(hd, pose, far_scale[i]));
        const tc_shape m = tc_shape_from_mesh(tc_mesh_make(md, pose, far_scale[i]));
        CHECK_MSG(!tc_shape_is_valid(&h) && !tc_shape_is_valid(&m), "placement %d valid", i);
        every_query_trapped(&h, &ball0);
        every_query_trapped(&m, &ball0);
        every_query_trapped(&h, &m);
        traps_on();
        const float d = tc_shape_distance(&h, &ball0, NULL, NULL);
        traps_off();
        CHECK(d == INFINITY);
    }
    /* at 2^125, inside the range: valid, finite bounds */
    const tc_shape h = placed_hull(hd, tc_vec3_make(0x1p124f, 0, 0), 0x1p122f);
    const tc_shape m = placed_mesh(md, tc_vec3_make(0x1p124f, 0, 0), 0x1p122f);
    tc_aabb bh, bm;
    traps_on();
    const bool ok = tc_shape_bounds(&h, &bh) && tc_shape_bounds(&m, &bm);
    traps_off();
    CHECK(tc_shape_is_valid(&h) && tc_shape_is_valid(&m) && ok);
    CHECK(isfinite(bh.max.x) && isfinite(bm.max.x) && bh.max.x > 0x1p124f);
    every_query_trapped(&h, &ball0);
    every_query_trapped(&m, &h);
done:
    tc_hull_data_destroy(hd);
    tc_mesh_data_destroy(md);
}

/* Data spanning the float range (points at -FLT_MAX and FLT_MAX): the
 * hull's box diagonal, ball radius and reach passed FLT_MAX in the build
 * (hull_build.c assemble overflowed), the mesh build's centroids and
 * bins summed two such coordinates. Both build now, and at a scale that
 * places them inside the range every query runs untrapped. */
TEST_CASE(fp_trap_hull_mesh_data_spanning_the_float_range)
{
    const tc_vec3 wide[4] = { { -FLT_MAX, 0, 0 }, { FLT_MAX, 0, 0 }, { 0, FLT_MAX, 0 }, { 0, -FLT_MAX, FLT_MAX } };
    int32_t tris[3 * 6];
    for (int i = 0; i < 6; ++i) {
        tris[3 * i] = i % 4;
        tris[3 * i + 1] = (i + 1) % 4;
        tris[3 * i + 2] = (i + 2 + i / 4) % 4;
    }
    traps_on_where_the_library_is_built_for_it();
    tc_hull_data *hd = tc_hull_data_create(wide, 4, NULL);
    tc_mesh_data *md = tc_mesh_data_create(wide, 4, tris, 6, NULL);
    traps_off();
    CHECK(hd != NULL && md != NULL);
    if (hd && md) {
        const tc_shape h = placed_hull(hd, tc_vec3_make(0, 0, 0), 0.125f);
        const tc_shape m = placed_mesh(md, tc_vec3_make(1, 0, 0), 0.125f);
        const tc_shape s = ball(tc_vec3_make(0, 0, -1e37f), 1);
        CHECK(tc_shape_is_valid(&h) && tc_shape_is_valid(&m));
        every_query_trapped(&h, &s);
        every_query_trapped(&m, &s);
        every_query_trapped(&h, &m);
        traps_on_where_the_library_is_built_for_it();
        const float d = tc_shape_distance(&h, &s, NULL, NULL);
        traps_off();
        CHECK_MSG(isfinite(d) && d > 9e36f && d < 1.1e37f, "distance %g", d);
    }
    tc_hull_data_destroy(hd);
    tc_mesh_data_destroy(md);
}

/* A NaN in a vertex no triangle uses: the mesh build sorted every vertex
 * with ordered comparisons (FE_INVALID); mesh.h says a NaN coordinate
 * gives NULL, and it does now, without a trap. */
TEST_CASE(fp_trap_mesh_data_unused_nan_vertex)
{
    const tc_vec3 points[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { NAN, 0, 0 } };
    const int32_t tri3[3] = { 0, 1, 2 };
    traps_on();
    tc_mesh_data *md = tc_mesh_data_create(points, 4, tri3, 1, NULL);
    traps_off();
    CHECK(md == NULL);
    tc_mesh_data_destroy(md);
}

/* Mesh rays whose slab tests overflowed: a direction of 1e-10 from 1e20
 * away (offset times reciprocal 1e30 x 1e10), and a mesh of scale 1e-30
 * seen from 1e10, whose ray in the data frame passes FLT_MAX (it was
 * rounded to float). Both hit now, where the triangle's own cast says. */
TEST_CASE(fp_trap_mesh_ray_far_and_tiny_directions)
{
    tc_mesh_data *md = tc_mesh_data_create(cube_points, 8, two_triangles, 2, NULL);
    CHECK(md != NULL);
    if (!md) return;
    const tc_shape m = placed_mesh(md, tc_vec3_make(0, 0, 0), 1);
    const tc_ray tiny = { { 0.25f, 0.25f, 1e20f }, { 0, 0, -1e-10f } };
    tc_ray_hit hit;
    traps_on();
    const bool got = tc_shape_raycast(&tiny, &m, INFINITY, &hit);
    traps_off();
    CHECK_MSG(got && fabs(hit.t - 1e30) < 1e25 && unit(hit.normal), "tiny direction: %d t %g", got, got ? hit.t : -1.0f);
    const tc_shape small = placed_mesh(md, tc_vec3_make(0, 0, 0), 1e-30f);
    const tc_ray from_far = { { 0.25e-30f, 0.25e-30f, 1e10f }, { 0, 0, -1 } };
    traps_on();
    const bool got2 = tc_shape_raycast(&from_far, &small, INFINITY, &hit);
    traps_off();
    CHECK_MSG(got2 && fabs(hit.t - 1e10) < 1e4 && unit(hit.normal), "tiny mesh: %d t %g", got2, got2 ? hit.t : -1.0f);
    tc_mesh_data_destroy(md);
}

/* A NaN max_t: the hull sweeps compared it (max_t >= 0, FE_INVALID) where
 * the primitive sweeps test its bits; every sweep asks one test now. */
TEST_CASE(fp_trap_hull_mesh_sweep_nan_max_t)
{
    tc_hull_data *hd = tc_hull_data_create(cube_points, 8, NULL);
    tc_mesh_data *md = tc_mesh_data_create(cube_points, 8, two_triangles, 2, NULL);
    CHECK(hd != NULL && md != NULL);
    if (hd && md) {
        const tc_shape h = placed_hull(hd, tc_vec3_make(0, 0, 0), 1);
        const tc_shape m = placed_mesh(md, tc_vec3_make(0, 0, 0), 1);
        const tc_plane p = { { 0, 0, 1 }, 0 };
        const tc_shape sp = tc_shape_from_plane(p);
        const tc_shape t = tri(tc_vec3_make(0, 0, 0), tc_vec3_make(1, 0, 0), tc_vec3_make(0, 1, 0));
        const tc_shape *others[3] = { &h, &sp, &t };
        bool any = false;
        tc_sweep_hit hit;
        traps_on();
        for (int i = 0; i < 3; ++i) {
            any |= tc_shape_sweep(others[i], tc_vec3_zero(), &h, tc_vec3_zero(), NAN, &hit);
            any |= tc_shape_sweep(others[i], tc_vec3_zero(), &m, tc_vec3_zero(), NAN, &hit);
        }
        traps_off();
        CHECK(!any);
    }
    tc_hull_data_destroy(hd);
    tc_mesh_data_destroy(md);
}

/* A plane placed by a pose near FLT_MAX (tc_shape_transform, and the
 * rotating sweep placing a still plane): its point position + offset *
 * normal overflowed in float. The offset is taken in double there and
 * saturates at the float range. */
TEST_CASE(fp_trap_plane_placed_near_flt_max)
{
    const tc_plane p = { { 0, 1, 0 }, 3e38f };
    const tc_shape sp = tc_shape_from_plane(p);
    const tc_transform pose = tc_transform_make(tc_vec3_make(0, 3e38f, 0), tc_quat_identity());
    const tc_shape s = ball(tc_vec3_make(0, 0, 0), 1);
    tc_sweep_hit hit;
    traps_on();
    const tc_shape placed = tc_shape_transform(&sp, pose, 1.0f);
    const bool swept = tc_shape_sweep_rigid(&sp, pose, pose, &s, tc_transform_identity(), tc_transform_identity(), &hit);
    traps_off();
    CHECK_MSG(placed.u.plane.offset == FLT_MAX, "offset %g", placed.u.plane.offset);
    /* the ball is deep inside the half-space y <= FLT_MAX: a hit at t = 0 */
    CHECK(swept && hit.t == 0.0f);
}

/* Cores near opposite ends of the float range at the start of a rotating
 * sweep (an AABB at x = -FLT_MAX, a capsule at y = -FLT_MAX, from the
 * fuzzer, seed 12): the start test rounded their 4.8e38 gap to float. */
TEST_CASE(fp_trap_rigid_sweep_start_gap_past_flt_max)
{
    const tc_aabb box = { { -0x1.ap-1f, -0x1.bp+0f, 0x1.7p+1f }, { 0x1.3p+2f, 0.0f, 0x1.9p+1f } };
    const tc_capsule cap = { { -0x1.1p+2f, -0x1.d8p+1f, 0x1.58p+1f }, { -0x1.9p+1f, 0x1.2p-1f, 0x1.fp+1f }, 0x1.bp+0f };
    const tc_shape a = tc_shape_from_aabb(box), b = tc_shape_from_capsule(cap);
    const tc_transform a0 = tc_transform_make(tc_vec3_make(-0x1.fffffep+127f, -0x1.6p+2f, -0x1.2p+0f),
                                              tc_quat_make(-0x1.2p-1f, -0x1.8p+2f, 0x1.1cp+2f, 0x1.54p+2f));
    const tc_transform a1 = tc_transform_make(tc_vec3_make(-0x1.fffffep+127f, -0x1.9cp+2f, 0x1.2p+1f),
                                              tc_quat_make(-0x1.28fc1ep+2f, -0x1.ec2574p+1f, 0x1.b93c1p+2f, 0x1.3cc8a8p-1f));
    const tc_transform b0 = tc_transform_make(tc_vec3_make(0x1.6p+0f, -0x1.fffffep+127f, -0x1.cp-2f),
                                              tc_quat_make(-0x1.4p+2f, -0x1.88p+2f, 0x1.9p+2f, -0x1.5cp+2f));
    const tc_transform b1 = tc_transform_make(tc_vec3_make(-0x1.8p-2f, -0x1.fffffep+127f, -0x1.210a96p+101f),
                                              tc_quat_make(-0x1.d858eap+2f, 0x1.6a0ap-4f, 0x1.1803a8p+3f, -0x1.3cc8ap-2f));
    tc_sweep_hit hit;
    traps_on();
    const bool ab = tc_shape_sweep_rigid(&a, a0, a1, &b, b0, b1, &hit);
    const bool ba = tc_shape_sweep_rigid(&b, b0, b1, &a, a0, a1, &hit);
    traps_off();
    /* 2.4e38 apart on each axis, moving by far less: no hit */
    CHECK(!ab && !ba);
}

/* Overlap, distance 0, contact and a still sweep of a hull against a mesh
 * whose triangle reaches 1e20 (the fuzzer, seed 12: distance 0, overlap
 * false, in about 130 of 20,000 inputs): beyond the float tests' range the
 * mesh's overlap and contact now decide touching as its sweeps decide
 * their start (GJK's rounding, and a hull's band), and its walk grows by
 * that rounding, so all four agree. */
TEST_CASE(extreme_magnitude_mesh_pairs_agree)
{
    const tc_vec3 far_points[3] = { { 0, -1e20f, 0 }, { 1, 0, 0 }, { 0, 0, 1 } };
    const int32_t tri3[3] = { 0, 1, 2 };
    tc_mesh_data *md = tc_mesh_data_create(far_points, 3, tri3, 1, NULL);
    tc_hull_data *hd = tc_hull_data_create(cube_points, 8, NULL);
    CHECK(md != NULL && hd != NULL);
    if (md && hd) {
        const tc_shape m = placed_mesh(md, tc_vec3_make(0, 0, 0), 1);
        /* from overlapping to 1e16 away (beyond the band of 1e15) */
        const float offsets[8] = { 0, 0.5f, 1, 1.5f, 1e5f, 1e7f, 1e9f, 1e16f };
        for (int i = 0; i < 8; ++i) {
            const float off = offsets[i];
            const tc_shape h = placed_hull(hd, tc_vec3_make(0.25f + off, 0.5f, 0.25f), 0.5f);
            const tc_shape s = ball(tc_vec3_make(0.25f + off, 0.5f, 0.25f), 1);
            check_agree("hull vs mesh to 1e20", &h, &m, i == 7 ? 0 : -1);
            check_agree("sphere vs mesh to 1e20", &s, &m, i == 7 ? 0 : -1);
            every_query_trapped(&h, &m);
        }
    }
    tc_mesh_data_destroy(md);
    tc_hull_data_destroy(hd);
}

/* A hull reaching 1e20 whose lowest point is 0.36 outside a plane: the
 * overlap test's band (1e-7 of the scale, 1e13 here) calls it touching,
 * the contact's own test did not (seed 12, 35 inputs). The contact
 * decides by the overlap test now, with a depth-0 point inside the band. */
TEST_CASE(extreme_magnitude_plane_hull_contact_agrees)
{
    const tc_vec3 seg[2] = { { 0, 3, 0 }, { 1e20f, 3, 0 } };
    tc_hull_data *hd = tc_hull_data_create(seg, 2, NULL);
    CHECK(hd != NULL);
    if (!hd) return;
    const tc_shape h = placed_hull(hd, tc_vec3_make(0, 0, 0), 1);
    const tc_plane p = { { 0, 1, 0 }, 2.640625f };
    const tc_shape sp = tc_shape_from_plane(p);
    check_agree("hull to 1e20 vs plane 0.36 below", &h, &sp, 1);
    tc_hull_data_destroy(hd);
}

/* Shapes moved by poses near FLT_MAX (tc_shape_transform, the rotating
 * sweep's start shapes): the float placement position + rotation * p, an
 * AABB's centre sum and corners, and sizes times a scale overflowed. They
 * are taken in double there and saturate at the float range. */
TEST_CASE(fp_trap_shape_transform_near_flt_max)
{
    tc_hull_data *hd = tc_hull_data_create(cube_points, 8, NULL);
    CHECK(hd != NULL);
    if (!hd) return;
    const tc_shape h = placed_hull(hd, tc_vec3_make(0, 0, -0x1.fffffep+127f), 1);
    const tc_aabb box = { { -3e38f, 0, 0 }, { 3e38f, 1, 1 } };
    const tc_shape b = tc_shape_from_aabb(box);
    const tc_shape s = ball(tc_vec3_make(3e38f, 0, 0), 1e38f);
    const tc_transform pose = tc_transform_make(tc_vec3_make(-1e35f, 0, -0x1.d2dc9cp+116f),
                                                tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), 0.5f));
    traps_on_where_the_library_is_built_for_it();
    const tc_shape ph = tc_shape_transform(&h, pose, 1.0f);
    const tc_shape pb = tc_shape_transform(&b, tc_transform_make(tc_vec3_make(2e38f, 0, 0), tc_quat_identity()), 1.0f);
    const tc_shape ps = tc_shape_transform(&s, tc_transform_make(tc_vec3_make(1e38f, 0, 0), tc_quat_identity()), 1e10f);
    traps_off();
    CHECK(isfinite(ph.u.hull.position.z) && ph.u.hull.position.z == -FLT_MAX);
    CHECK(pb.u.aabb.max.x == FLT_MAX && isfinite(pb.u.aabb.min.x));
    CHECK(ps.u.sphere.radius == FLT_MAX && ps.u.sphere.center.x == FLT_MAX);
    tc_hull_data_destroy(hd);
}

/* Two hulls near opposite ends of the float range: the hull pair's frame
 * (A's ball centre) put B's centre 6e38 away, rounded to float. */
TEST_CASE(fp_trap_hull_pair_centres_past_flt_max)
{
    tc_hull_data *hd = tc_hull_data_create(cube_points, 8, NULL);
    CHECK(hd != NULL);
    if (!hd) return;
    const tc_shape a = placed_hull(hd, tc_vec3_make(-3e38f, 0, 0), 1);
    const tc_shape b = placed_hull(hd, tc_vec3_make(3e38f, 0, 0), 1);
    traps_on_where_the_library_is_built_for_it();
    const bool ov = tc_shape_overlap(&a, &b);
    const float d = tc_shape_distance(&a, &b, NULL, NULL);
    traps_off();
    CHECK(!ov && d == FLT_MAX);
    every_query_trapped(&a, &b);
    tc_hull_data_destroy(hd);
}

/* A mesh hit whose world point origin + t dir passes FLT_MAX on the way (a
 * ray from 3e38 with a direction of 3e38 hitting at t = 2): it was summed
 * in float. */
TEST_CASE(fp_trap_mesh_ray_hit_point_past_flt_max)
{
    const tc_vec3 wall[3] = { { -1, -1, -1 }, { -1, 1, -1 }, { -1, 0, 1 } };
    const int32_t tri3[3] = { 0, 1, 2 };
    tc_mesh_data *md = tc_mesh_data_create(wall, 3, tri3, 1, NULL);
    CHECK(md != NULL);
    if (!md) return;
    const tc_shape m = placed_mesh(md, tc_vec3_make(0, 0, 0), 3e38f);
    const tc_ray ray = { { 3e38f, 0, 0 }, { -3e38f, 0, 0 } };
    tc_ray_hit hit;
    traps_on();
    const bool got = tc_shape_raycast(&ray, &m, INFINITY, &hit);
    traps_off();
    CHECK_MSG(got && hit.t == 2.0f && hit.point.x == -3e38f && unit(hit.normal), "hit %d t %g x %g", got,
              got ? hit.t : -1.0f, got ? hit.point.x : 0.0f);
    tc_mesh_data_destroy(md);
}

/* The rotating sweep's start, through the dispatch, as the pair's overlap
 * test decides it: a sphere far down a plane's slope, at distance 0 from
 * it, took a step on its cores' test and hit at t = 2.8e-29 (libFuzzer).
 * It hits at t = 0 now, as the translating sweep does (sweep.h). */
TEST_CASE(rigid_sweep_distance_zero_at_start_hits_at_t_zero)
{
    const tc_sphere s = { { 0x1.8p-1f, -0x1.e1fffep+97f, 0x1p-1f }, 0x1p-1f };
    /* The fuzzer's plane was 6.5 lower (offset -7): the sphere 6.47 above
     * it, which the overlap band of the coordinates (2^97 here) called
     * touching until the plane pairs' band became of their own numbers
     * (issue 12); raised to touch it, 0.035 deep. */
    const tc_plane p = { { 0x1.fc0bd8p-2f, -0x1.dd49b4p-104f, -0x1.bc8a5cp-1f }, -0.5f };
    const tc_shape a = tc_shape_from_sphere(s), b = tc_shape_from_plane(p);
    const tc_transform a1 = tc_transform_make(tc_vec3_make(-7, -7, -7), tc_quat_make(0, 0, 0x1.6a09e6p-1f, 0x1.6a09e6p-1f));
    const tc_transform still = tc_transform_identity();
    tc_sweep_hit h, hs, hb;
    traps_on();
    const float d = tc_shape_distance(&a, &b, NULL, NULL);
    const bool ov = tc_shape_overlap(&a, &b);
    const bool moving = tc_shape_sweep_rigid(&a, still, a1, &b, still, still, &h);
    const bool no_motion = tc_shape_sweep_rigid(&a, still, still, &b, still, still, &hs);
    const bool swapped = tc_shape_sweep_rigid(&b, still, still, &a, still, a1, &hb);
    traps_off();
    CHECK(d == 0.0f && ov);
    CHECK_MSG(moving && h.t == 0.0f && unit(h.normal), "moving: %d t %g", moving, moving ? h.t : -1.0f);
    CHECK(no_motion && hs.t == 0.0f);
    CHECK(swapped && hb.t == 0.0f && fabsf(tc_vec3_dot(hb.normal, h.normal) + 1.0f) < 1e-5f);
}

/* A still sweep of a hull and a capsule reaching 1e7, 0.6 apart (seed
 * 12): the sweep's start test, the hull band of the cores' scale in place
 * (1 there), hit at t = 0 what the overlap test, of the pair's scale about
 * the capsule's centre (0.5), called apart. Such a start is swept again
 * relative to A's centre, as overlap runs. */
TEST_CASE(hull_still_sweep_hits_only_what_overlap_calls_touching)
{
    const tc_vec3 seg[2] = { { -0x1.2p+0f, -0x1.bp+0f, 0x1.9p+1f }, { 0x1.98p+1f, 0x1.6p+2f, 0x1.2p+2f } };
    tc_hull_data *hd = tc_hull_data_create(seg, 2, NULL);
    CHECK(hd != NULL);
    if (!hd) return;
    tc_hull h;
    h.data = hd;
    h.position = tc_vec3_make(-0x1.18p+1f, -0x1.5p+2f, -0x1.c8p+1f);
    h.rotation.cx = tc_vec3_make(-0x1.b156cp-2f, -0x1.28d9cep-1f, -0x1.647adcp-1f);
    h.rotation.cy = tc_vec3_make(-0x1.b203c6p-1f, 0x1.0ca414p-1f, 0x1.40b988p-4f);
    h.rotation.cz = tc_vec3_make(0x1.47982ap-2f, 0x1.3f25f8p-1f, -0x1.6d51f4p-1f);
    h.scale = 0.5f;
    const tc_capsule c = { { 0x1.dp+1f, 0x1.bp+0f, 0x1.6p+1f }, { -0x1.5p+1f, 0x1.14p+2f, -0x1.312dp+23f }, 0x1.b8p+2f };
    const tc_shape a = tc_shape_from_hull(h), b = tc_shape_from_capsule(c);
    check_agree("hull vs capsule reaching 1e7", &a, &b, -1);
    tc_hull_data_destroy(hd);
}

/* Hull pairs near the end of the float range (seed 12): a hull reaching
 * 3.4e38 overlapped a small one B-A but not A-B (the double test ran in
 * A's frame, whichever hull was A: it runs in the pair's own order now);
 * two hulls at x = FLT_MAX, 7.4e24 apart in y, were at distance 0 in
 * place while overlap, in the pair's frame, called them apart (the far
 * distance runs in that frame too). */
TEST_CASE(extreme_magnitude_hull_pairs_symmetric_and_agree)
{
    const tc_vec3 long_points[2] = { { -1.9375f, 3.27929e31f, 1.4375f }, { 0.25f, 6.5625f, 3.40282e38f } };
    const tc_vec3 small_points[3] = { { 5.9375f, 6.3125f, 5.125f }, { 2.375f, 5.0625f, -3.375f }, { -5.625f, 4.9375f, -4.8125f } };
    const tc_vec3 pair_points[2] = { { -4.4375f, -5.0625f, 5.875f }, { 2.25f, -0.125f, -2.5f } };
    tc_hull_data *hl = tc_hull_data_create(long_points, 2, NULL);
    tc_hull_data *hs = tc_hull_data_create(small_points, 3, NULL);
    tc_hull_data *hp = tc_hull_data_create(pair_points, 2, NULL);
    CHECK(hl && hs && hp);
    if (hl && hs && hp) {
        const tc_quat quarter = tc_quat_make(0, 0, 0.70710678f, 0.70710678f);
        int asymmetric = 0;
        for (int i = 0; i < 64; ++i) {
            /* the small hull swept across the long one's near end */
            const tc_vec3 at = tc_vec3_make(-3.0f + 0.25f * (float)(i % 8), 6.125f + 0.5f * (float)(i / 8) - 2.0f, 0.0f);
            const tc_shape a = tc_shape_from_hull(tc_hull_make(hl, tc_transform_make(tc_vec3_make(-2.375f, 2.125f, -5.6875f), quarter), 1));
            const tc_shape b = tc_shape_from_hull(tc_hull_make(hs, tc_transform_make(at, tc_quat_make(0, 0, 1, 0)), 1.25f));
            traps_on();
            const bool ab = tc_shape_overlap(&a, &b), ba = tc_shape_overlap(&b, &a);
            traps_off();
            asymmetric += ab != ba;
            check_agree("hull reaching 3.4e38 vs a small hull", &a, &b, -1);
        }
        CHECK_MSG(asymmetric == 0, "%d of 64 asymmetric", asymmetric);
        const tc_shape p = tc_shape_from_hull(tc_hull_make(hp, tc_transform_make(tc_vec3_make(FLT_MAX, 7.43404e24f, 0.5f), quarter), 1));
        const tc_shape q = tc_shape_from_hull(tc_hull_make(hs, tc_transform_make(tc_vec3_make(FLT_MAX, 0.875f, -0.0625f), quarter), 1));
        check_agree("hulls at FLT_MAX 7.4e24 apart", &p, &q, 0);
    }
    tc_hull_data_destroy(hl);
    tc_hull_data_destroy(hs);
    tc_hull_data_destroy(hp);
}

/* Two capsules of radius FLT_MAX: their contact depth, twice that, was
 * rounded to float (libFuzzer). It saturates. */
TEST_CASE(fp_trap_contact_depth_past_flt_max)
{
    const tc_capsule a = { { 6.5625f, 6.5625f, -0.1875f }, { 2.0625f, 2.125f, 2.125f }, FLT_MAX };
    const tc_capsule b = { { -4.625f, 6.5625f, 6.5625f }, { 6.5625f, -7.0f, -7.0f }, FLT_MAX };
    tc_manifold m;
    traps_on();
    const bool c = tc_contact_capsule_capsule(&a, &b, &m);
    traps_off();
    CHECK(c && m.count >= 1 && m.points[0].depth == FLT_MAX);
}

/* A mesh triangle reaching 1e8, 2 above a plane: the mesh's overlap band
 * (1e-7 of the scale, 10 here) calls it touching, the contact's own test
 * did not (seed 7). Its contact decides by the overlap's test now. */
TEST_CASE(large_magnitude_plane_mesh_contact_agrees)
{
    const tc_vec3 points[3] = { { 0, 2, 0 }, { 1e8f, 2, 0 }, { 0, 2, 1 } };
    const int32_t tri3[3] = { 0, 1, 2 };
    tc_mesh_data *md = tc_mesh_data_create(points, 3, tri3, 1, NULL);
    CHECK(md != NULL);
    if (!md) return;
    const tc_shape m = placed_mesh(md, tc_vec3_make(0, 0, 0), 1);
    const tc_plane p = { { 0, 1, 0 }, 0 };
    const tc_shape sp = tc_shape_from_plane(p);
    check_agree("mesh to 1e8, 2 above a plane", &m, &sp, 1);
    tc_mesh_data_destroy(md);
}

/* An AABB 1.3e29 long, 0.5 from a unit one (libFuzzer): the sweep's boxes,
 * centre and half size rounded at that length, overlapped, and a still
 * sweep hit what the AABBs' overlap test called apart. The start is the
 * exact intervals' answer: no hit standing still, t = 0.5 moving at 1. */
TEST_CASE(aabb_sweep_long_box_apart_at_start)
{
    const tc_aabb a = { { 0, 0, 0 }, { 1, 1, 1 } };
    const tc_aabb b = { { 1.5f, 0, 0 }, { 0x1.00001ep+97f, 0, 0 } };
    tc_sweep_hit still, moving;
    traps_on();
    const bool ov = tc_overlap_aabb_aabb(&a, &b);
    const bool s = tc_sweep_aabb_aabb(&a, tc_vec3_zero(), &b, tc_vec3_zero(), 1.0f, &still);
    const bool m = tc_sweep_aabb_aabb(&a, tc_vec3_zero(), &b, tc_vec3_make(-1, 0, 0), 1.0f, &moving);
    traps_off();
    CHECK(!ov && !s);
    CHECK_MSG(m && fabsf(moving.t - 0.5f) < 1e-6f && moving.normal.x == 1.0f, "moving: %d t %g", m, m ? moving.t : -1.0f);
}

/* Two spheres of radius FLT_MAX, one 1.3e29 down (libFuzzer): the far
 * overlap's touching test rounded their gap, -6.8e38, to float. */
TEST_CASE(fp_trap_rounded_gap_below_minus_flt_max)
{
    const tc_shape a = ball(tc_vec3_make(-0x1.cp-1f, -0x1.cp+2f, -0x1.01dp+97f), FLT_MAX);
    const tc_shape b = ball(tc_vec3_make(0x1.4p+2f, -0x1.cp+2f, -0x1.cp+2f), FLT_MAX);
    check_agree("spheres of radius FLT_MAX", &a, &b, 1);
}

/* A plane rising at 0.5 towards a hull 3e38 above it, max_t infinite
 * (libFuzzer): the first touch, at t = 6e38, was rounded to float. A touch
 * after any float time is no hit, as a ray's; a later max_t changes
 * nothing below FLT_MAX (t = 3e38 at speed 1). */
TEST_CASE(fp_trap_plane_sweep_touch_after_any_float_time)
{
    const tc_vec3 point[1] = { { 0, 3e38f, 0 } };
    tc_hull_data *hd = tc_hull_data_create(point, 1, NULL);
    CHECK(hd != NULL);
    if (!hd) return;
    const tc_shape h = placed_hull(hd, tc_vec3_make(0, 0, 0), 1);
    const tc_plane p = { { 0, 1, 0 }, 0 };
    const tc_shape sp = tc_shape_from_plane(p);
    tc_sweep_hit slow, fast;
    traps_on();
    const bool s = tc_shape_sweep(&sp, tc_vec3_make(0, 0.5f, 0), &h, tc_vec3_zero(), INFINITY, &slow);
    const bool f = tc_shape_sweep(&sp, tc_vec3_make(0, 1, 0), &h, tc_vec3_zero(), INFINITY, &fast);
    traps_off();
    CHECK(!s);
    CHECK_MSG(f && fabsf(fast.t - 3e38f) < 1e32f, "speed 1: %d t %g", f, f ? fast.t : -1.0f);
    tc_hull_data_destroy(hd);
}

/* An AABB in an OBB turned by a half turn whose axes carry components of
 * 1e-38 (libFuzzer): the box-box contact's reach along the reference
 * normal divided by such a component and overflowed in float. */
TEST_CASE(fp_trap_box_box_contact_denormal_axis_component)
{
    const tc_aabb a = { { 0, 0x1.cp-1f, 0 }, { 1, 0x1.ep+0f, 0x1.d8p+1f } };
    tc_obb b;
    b.center = tc_vec3_make(-0.5f, -0x1.5754fep-40f, 0x1.d8p+1f);
    b.half = tc_vec3_make(0x1.d8p+1f, 0x1.d8p+1f, 0x1.d8p+1f);
    b.rotation.cx = tc_vec3_make(-1.0f, 0x1.875c6p-129f, -0x1.5670cap-125f);
    b.rotation.cy = tc_vec3_make(0x1.875c6p-129f, 1.0f, -0x1.3dfb04p-124f);
    b.rotation.cz = tc_vec3_make(0x1.5670cap-125f, -0x1.3dfb04p-124f, -1.0f);
    const tc_shape sa = tc_shape_from_aabb(a), sb = tc_shape_from_obb(b);
    check_agree("aabb in an obb with denormal axis components", &sa, &sb, 1);
}

/* A capsule whose upper end is 6e38 above a plane its lower end is under
 * (libFuzzer): that end's depth, below -FLT_MAX, was rounded to float. */
TEST_CASE(fp_trap_capsule_plane_end_far_above)
{
    const tc_capsule c = { { 0, -3.4e38f, 0 }, { 0, 3e38f, 0 }, 1 };
    const tc_plane p = { { 0, 1, 0 }, -3e38f };
    tc_manifold m;
    traps_on();
    const bool got = tc_contact_capsule_plane(&c, &p, &m);
    traps_off();
    CHECK(got && m.count == 1 && m.points[0].depth > 3e37f && isfinite(m.points[0].depth));
}

/* Hull data whose faces lie on diagonals near FLT_MAX (libFuzzer): a face's
 * offset, 5e38, was rounded to float. It saturates; the hull builds. */
TEST_CASE(fp_trap_hull_face_offset_past_flt_max)
{
    const tc_vec3 points[4] = { { 3e38f, 3e38f, 3e38f }, { -3e38f, 0, 0 }, { 0, -3e38f, 0 }, { 0, 0, -3e38f } };
    traps_on_where_the_library_is_built_for_it();
    tc_hull_data *hd = tc_hull_data_create(points, 4, NULL);
    traps_off();
    CHECK(hd != NULL && tc_hull_data_face_count(hd) == 4);
    tc_hull_data_destroy(hd);
}

/* A ray at a hull from 1e38 away with a direction of 1e-10, max_t
 * infinite (libFuzzer): the entry t, 1e48, was rounded to float. A t past
 * any float is no hit, as a ray's at the other shapes. */
TEST_CASE(fp_trap_hull_ray_entry_past_any_float)
{
    tc_hull_data *hd = tc_hull_data_create(cube_points, 8, NULL);
    CHECK(hd != NULL);
    if (!hd) return;
    const tc_shape h = placed_hull(hd, tc_vec3_make(0, 0, 0), 1);
    const tc_ray far = { { 0.25f, 0.25f, -1e38f }, { 0, 0, 1e-10f } };
    const tc_ray near = { { 0.25f, 0.25f, -1e20f }, { 0, 0, 1e-10f } };
    tc_ray_hit hit;
    traps_on();
    const bool f = tc_shape_raycast(&far, &h, INFINITY, &hit);
    const bool n = tc_shape_raycast(&near, &h, INFINITY, &hit);
    traps_off();
    CHECK(!f);
    CHECK_MSG(n && fabsf(hit.t - 1e30f) < 1e24f, "t %g", n ? hit.t : -1.0f);
    tc_hull_data_destroy(hd);
}

/* A ray almost parallel to a triangle's plane (a direction component of
 * 2e-38, max_t infinite; libFuzzer): it crosses the plane past FLT_MAX
 * (its point saturates), and the far-crossing filter summed |x - a| in
 * float. A miss, without a trap. */
TEST_CASE(fp_trap_triangle_ray_crossing_past_flt_max)
{
    const tc_triangle t = { { -0x1.bp+2f, -2, 0 }, { -0x1.ep+0f, 2, 0 }, { -2, 0, 0 } };
    const tc_ray ray = { { 0, 1, -5 }, { 4, -5.25f, 0x1.ac1bdap-126f } };
    tc_ray_hit hit;
    traps_on_where_the_library_is_built_for_it();
    const bool got = tc_raycast_triangle(&ray, &t, INFINITY, &hit);
    traps_off();
    CHECK(!got);
}

/* A ray along a capsule's axis but for a direction component of 2^-128,
 * passing 1.12 from the axis of a capsule of radius 1 (libFuzzer; four
 * more inputs were hulls flattened to segments, cast as capsules): the
 * infinite cylinder's entry is at t = 2^127, and origin + t dir, for the
 * entry's place along the axis, overflowed a float. A miss. */
TEST_CASE(fp_trap_capsule_ray_nearly_along_axis)
{
    const tc_capsule c = { { -1, 0.5f, -6.9375f }, { -1, 0.5f, 0 }, 1 };
    const tc_ray ray = { { 0, 1, -6.75f }, { 0, -0x1p-128f, -7 } };
    tc_ray_hit hit;
    traps_on();
    const bool got = tc_raycast_capsule(&ray, &c, INFINITY, &hit);
    traps_off();
    CHECK(!got);
}

/* A box 1.8 wide against one 1e20 wide turned a quarter turn (libFuzzer):
 * the face clipping multiplied the big box's half edges (1e20 * 1e20) in
 * float and overflowed. Such boxes take the contact in double. */
TEST_CASE(fp_trap_box_box_contact_1e20_boxes)
{
    tc_obb big;
    big.center = tc_vec3_make(1e20f, 1e20f, 1e20f);
    big.half = tc_vec3_make(1e20f, 1e20f, 1e20f);
    big.rotation.cx = tc_vec3_make(5.96046448e-08f, 0.99999994f, 0);
    big.rotation.cy = tc_vec3_make(-0.99999994f, 5.96046448e-08f, 0);
    big.rotation.cz = tc_vec3_make(0, 0, 1);
    const tc_obb small = tc_obb_from_aabb(&(tc_aabb){ { 5.4375f, 1, 0.375f }, { 9.125f, 4.6875f, 4.0625f } });
    const tc_obb flat = tc_obb_from_aabb(&(tc_aabb){ { 1e20f, -1, -1.1875f }, { 1e20f, -1, -0.1875f } });
    const tc_shape sb = tc_shape_from_obb(big), ss = tc_shape_from_obb(small), sf = tc_shape_from_obb(flat);
    check_agree("a small box in a 1e20 box", &ss, &sb, -1);
    check_agree("a flat box on a 1e20 box", &sf, &sb, -1);
}

/* A box 2e10 long whose axes carry components of 1e-29 on a small box
 * (libFuzzer): the room left along such an axis (1e10) times the
 * reciprocal of the component (6.5e28) overflowed a float. */
TEST_CASE(fp_trap_box_box_contact_long_box_tiny_axis_component)
{
    tc_obb a, b;
    a = tc_obb_from_aabb(&(tc_aabb){ { 3.6875f, 3.6875f, 3.6875f }, { 7.375f, 4.6875f, 7.875f } });
    b.center = tc_vec3_make(3.6875f, 3.6875f, 3.6875f);
    b.half = tc_vec3_make(3.6875f, 3.6875f, 1e10f);
    b.rotation.cx = tc_vec3_make(1, -8.39884131e-31f, 1.53278851e-29f);
    b.rotation.cy = tc_vec3_make(-8.39884131e-31f, -1, 2.35167557e-29f);
    b.rotation.cz = tc_vec3_make(1.53278851e-29f, -2.35167557e-29f, -1);
    const tc_shape sa = tc_shape_from_obb(a), sb = tc_shape_from_obb(b);
    check_agree("a box on a 2e10 box with axis components of 1e-29", &sa, &sb, 1);
}

/* A point box 1.03e-38 below a unit box's face (libFuzzer): GJK's
 * tolerance called the distance 0 while the exact closed-box overlap test
 * said apart. The distance is the gap. */
TEST_CASE(extreme_magnitude_aabbs_1e_38_apart_distance_0)
{
    const float gap = 1.02993643e-38f;
    const tc_shape a = tc_shape_from_aabb((tc_aabb){ { 0, 0, 0 }, { 1, 1, 1 } });
    const tc_shape b = tc_shape_from_aabb((tc_aabb){ { 1, -gap, 1 }, { 1, -gap, 1 } });
    check_agree("a point box 1e-38 under a unit box", &a, &b, 0);
    const float d = tc_shape_distance(&a, &b, NULL, NULL), d_ba = tc_shape_distance(&b, &a, NULL, NULL);
    CHECK_MSG(d == gap && d_ba == gap, "distance %g, B-A %g, the gap %g", (double)d, (double)d_ba, (double)gap);
}

/* Two hulls at the edge of the hull overlap test's pad (libFuzzer): the
 * double test ran seeded by the float run in one order and from scratch in
 * the other, and the two runs ended either side of the pad: overlap A-B
 * false, B-A true. */
TEST_CASE(hull_hull_overlap_asymmetric_at_the_pad)
{
    const tc_vec3 pa[6] = { { -1.375f, -1.375f, -7 }, { -7, -6.9375f, -7 }, { -0.5625f, 6.5625f, -0.5625f },
                            { -1.375f, -1.375f, -6.5f }, { -7, -7, -6.6875f }, { -7, -7, -7 } };
    const tc_vec3 pb[5] = { { -7, -7, -7 }, { -7, -1, -4 }, { 52551.8828125f, -6.6875f, -7 },
                            { -2.5625f, -4.25f, -2.5625f }, { -7, -6.9375f, -5.25f } };
    tc_hull_data *da = tc_hull_data_create(pa, 6, NULL), *db = tc_hull_data_create(pb, 5, NULL);
    CHECK(da != NULL && db != NULL);
    if (!da || !db) {
        tc_hull_data_destroy(da);
        tc_hull_data_destroy(db);
        return;
    }
    tc_shape a = placed_hull(da, tc_vec3_make(-7, -6.6875f, -6.625f), 1);
    a.u.hull.rotation.cx = tc_vec3_make(0, 1, 0);
    a.u.hull.rotation.cy = tc_vec3_make(0, 0, 1);
    a.u.hull.rotation.cz = tc_vec3_make(1, 0, 0);
    const tc_shape b = placed_hull(db, tc_vec3_make(-7, -7, -7), 1);
    const bool ab = tc_shape_overlap(&a, &b), ba = tc_shape_overlap(&b, &a);
    CHECK_MSG(ab == ba, "overlap A-B %d, B-A %d", ab, ba);
    check_agree("two hulls at the pad", &a, &b, -1);
    tc_hull_data_destroy(da);
    tc_hull_data_destroy(db);
}

/* A point hull on a vertex of a tetrahedron hull, both placed at x =
 * -2.3e27 (libFuzzer): the float run's frame took the hulls' ball centres
 * in the world, where the offsets of a few units from that position are
 * lost even in double, and the point was 1.5 off the vertex there: the
 * float run called the pair apart, the distance was 0. */
TEST_CASE(hull_pair_frame_lost_ball_offsets_far_from_origin)
{
    const tc_vec3 tip = { 2.9375f, 3.8125f, 2.9375f };
    const tc_vec3 tet[5] = { { 0, 0, 0 }, { 1.625f, 0, 0.25f }, { 0, 2.9375f, 0 }, { 0, 0, -1.5f }, tip };
    tc_hull_data *dp = tc_hull_data_create(&tip, 1, NULL), *dt = tc_hull_data_create(tet, 5, NULL);
    CHECK(dp != NULL && dt != NULL);
    if (!dp || !dt) {
        tc_hull_data_destroy(dp);
        tc_hull_data_destroy(dt);
        return;
    }
    const tc_vec3 at = { -2.32567164e27f, 2.9375f, 2.9375f };
    const tc_shape point = placed_hull(dp, at, 1), body = placed_hull(dt, at, 1);
    check_agree("a point hull on a vertex far out", &point, &body, 1);
    tc_hull_data_destroy(dp);
    tc_hull_data_destroy(dt);
}

/* A ray of direction (1e-45, 1e-45, 1e-45) from a point on a mesh of scale
 * 6 (libFuzzer): in the mesh's data frame the direction, divided by the
 * scale, rounded to zero, and the start on the triangle came back with a
 * zero normal. It faces the ray. */
TEST_CASE(mesh_ray_tiny_dir_start_on_triangle_zero_normal)
{
    const tc_vec3 points[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    const int32_t corners[3] = { 0, 1, 2 };
    tc_mesh_data *md = tc_mesh_data_create(points, 3, corners, 1, NULL);
    CHECK(md != NULL);
    if (!md) return;
    const tc_shape mesh = placed_mesh(md, tc_vec3_make(0, 0, 0), 6);
    const tc_ray ray = { { 1, 1, 0 }, { 0x1p-149f, 0x1p-149f, 0x1p-149f } };
    tc_ray_hit hit;
    traps_on();
    const bool got = tc_shape_raycast(&ray, &mesh, INFINITY, &hit);
    traps_off();
    CHECK_MSG(got && hit.t == 0.0f, "hit %d t %g", got, got ? hit.t : -1.0f);
    if (got) CHECK_MSG(unit(hit.normal) && hit.normal.x < 0.0f, "normal (%g %g %g)", hit.normal.x, hit.normal.y, hit.normal.z);
    tc_mesh_data_destroy(md);
}

/* A box 1.4e14 long and 1.75 wide beside a turned box 2.1 from its side
 * (libFuzzer; an AABB as long did the same against an OBB): GJK's zero,
 * within a tolerance of the pair's largest coordinate, gave distance 0
 * while the SAT overlap test said apart. The distance is the boxes' own,
 * measured on the parts of them that can hold the closest pair. */
TEST_CASE(extreme_magnitude_long_box_beside_small_box_distance_0)
{
    tc_obb a, b;
    a.center = tc_vec3_make(3.6875f, 1, 0);
    a.half = tc_vec3_make(6.98618709e13f, 0.875f, 0);
    a.rotation = tc_mat3_identity();
    b.center = tc_vec3_make(4.68777216e-38f, -6.75f, 4.6875f);
    b.half = tc_vec3_make(4.6875f, 4.6875f, 4.6875f);
    b.rotation.cx = tc_vec3_make(-0.00446438789f, 0.999980152f, -0.00448423624f);
    b.rotation.cy = tc_vec3_make(-0.00448423624f, 0.00446403027f, 0.999980152f);
    b.rotation.cz = tc_vec3_make(0.999980152f, 0.00448423624f, 0.00446403027f);
    const tc_aabb a_box = { tc_vec3_sub(a.center, a.half), tc_vec3_add(a.center, a.half) };
    const tc_shape sa = tc_shape_from_obb(a), sb = tc_shape_from_obb(b), sab = tc_shape_from_aabb(a_box);
    check_agree("an OBB 1.4e14 long beside a small OBB", &sa, &sb, 0);
    check_agree("an AABB 1.4e14 long beside a small OBB", &sab, &sb, 0);
    const co_shape oa = co_obb(&a), ob = co_obb(&b);
    co_vec pa, pb;
    const double want = co_distance(&oa, &ob, &pa, &pb), lower = co_best_separation(&oa, &ob, co_make(0, 1, 0));
    const float d = tc_shape_distance(&sa, &sb, NULL, NULL), d_box = tc_shape_distance(&sab, &sb, NULL, NULL);
    CHECK_MSG(lower > 2.0 && fabs(d - want) <= 1e-5 * want && fabs(d_box - want) <= 1e-5 * want,
              "distance %g (AABB %g), oracle %g, lower bound %g", (double)d, (double)d_box, want, lower);
}

/* A ray of direction (0, 1e-45, 0) in the plane of a triangle 1e6 tall
 * (within its pad; libFuzzer, through a mesh's data frame): the in-plane
 * clip's entry t, 2.4e49, was converted to float. Past any float t, that
 * entry is no hit; the origin, 0.46 off the triangle, is within its band
 * (1e-5 of 1e6), where a start counts as on it. */
TEST_CASE(fp_trap_triangle_ray_in_plane_entry_past_any_float)
{
    const tc_triangle t = { { -0.25f, -0.25f, -0.25f }, { 2.1875f, 2.1875f, 2.1875f }, { -7, 1e6f, -7 } };
    const tc_ray ray = { { -0.805861592f, -1.34093153f, -0.150644377f }, { 0, 0x1p-149f, 0 } };
    tc_ray_hit hit;
    traps_on();
    const bool got = tc_raycast_triangle(&ray, &t, INFINITY, &hit);
    traps_off();
    const co_shape tri = co_triangle(&t);
    const double off = co_point_distance(&tri, co_from(ray.origin));
    CHECK_MSG(off > 0.4 && off <= 1e-5 * co_scale_of(&tri), "the origin %g off the triangle", off);
    CHECK_MSG(!got || hit.t == 0.0f, "hit at t %g", got ? hit.t : -1.0f);
}

/* A triangle reaching 1e6 and a triangle that is a segment, 7.6 apart by
 * the oracle, inside the band of touching (1e-5 of 1e6; libFuzzer): the
 * overlap test worked relative to A's first vertex, and the two orders'
 * roundings fell either side of the pad: overlap A-B false, B-A true. */
TEST_CASE(triangle_triangle_overlap_asymmetric_near_touching)
{
    const tc_triangle a = { { -0.125f, 1e6f, 0x1.db91d6p-126f }, { -6.875f, 3.3125f, 5.8125f }, { 1, 6, -7 } };
    const tc_triangle b = { { 6, 1.625f, 6 }, { -7, -7, -7 }, { -7, -7, -7 } };
    const tc_shape sa = tc_shape_from_triangle(a), sb = tc_shape_from_triangle(b);
    const bool ab = tc_shape_overlap(&sa, &sb), ba = tc_shape_overlap(&sb, &sa);
    CHECK_MSG(ab == ba, "overlap A-B %d, B-A %d", ab, ba);
    const co_shape oa = co_triangle(&a), ob = co_triangle(&b);
    co_vec pa, pb;
    const double d = co_distance(&oa, &ob, &pa, &pb);
    CHECK_MSG(d <= 1e-5 * 1e6, "the oracle's distance %g is beyond the band", d);
    check_agree("a triangle 1e6 tall and a segment near touching", &sa, &sb, -1);
}

/* A mesh of segments reaching FLT_MAX beside a capsule (libFuzzer): two of
 * them are at GJK distance 0 from it inside their band (1e-5 of 3.4e38),
 * though they pass 7 units away, so the walk's box grown by that distance
 * does not reach them; the second pass, started afresh, then kept the
 * farthest triangle it met (2.4e38) while overlap said touching. The
 * distance is the least any triangle gives, and agrees with overlap. */
TEST_CASE(mesh_capsule_distance_keeps_the_first_pass_answer)
{
    const float M = FLT_MAX;
    const tc_vec3 v[18] = { { -3, -6.875f, -7 }, { 1.25f, -7, M }, { 1.25f, -7, M },
                            { M, -3, 0 }, { M, -3, 0 }, { M, -3, 0 },
                            { M, -3, 0 }, { M, -3, 0 }, { 0.5f, -3.625f, M },
                            { -7, -7, 1.875f }, { 1.25f, -7, M }, { -7, -7, 1.875f },
                            { 2.9375f, 0, 0 }, { -7, -7, 1.875f }, { -7, -7, 1.875f },
                            { -7, -7, 1.875f }, { 2.9375f, 0, 0 }, { -7, -7, 1.875f } };
    int32_t tris[18];
    for (int32_t i = 0; i < 18; ++i) tris[i] = i;
    tc_mesh_data *md = tc_mesh_data_create(v, 18, tris, 6, NULL);
    CHECK(md != NULL);
    if (!md) return;
    const tc_shape m = placed_mesh(md, tc_vec3_make(-6.9375f, 0, -7), 1);
    tc_capsule c = { { 0, 1, 1 }, { 0.9375f, -7, 1.5625f }, 1.5625f };
    const tc_shape s = tc_shape_from_capsule(c);
    float least = INFINITY;
    for (int32_t i = 0; i < tc_mesh_data_triangle_count(md); ++i) {
        tc_triangle t = tc_mesh_data_triangle(md, i);
        t.a = tc_vec3_add(t.a, m.u.mesh.position);
        t.b = tc_vec3_add(t.b, m.u.mesh.position);
        t.c = tc_vec3_add(t.c, m.u.mesh.position);
        least = fminf(least, tc_distance_capsule_triangle(&c, &t, NULL, NULL));
    }
    traps_on();
    const bool ov = tc_shape_overlap(&m, &s);
    const float d = tc_shape_distance(&m, &s, NULL, NULL);
    traps_off();
    CHECK_MSG(d == least, "distance %g, the least triangle's %g", d, least);
    CHECK_MSG(!ov || d == 0.0f, "overlap %d at distance %g", ov, d);
    tc_mesh_data_destroy(md);
}

/* Two slender solid hulls, 1e6 long and a few units across, intersecting
 * by 0.14 (an exact separating-axis test in rationals over every candidate
 * axis; the pair fuzzer): the overlap's double GJK from scratch stalled on
 * rounding 0.24 apart (the support it asked for was already in its thin
 * triangle), while the distance's seeded run found 0. A stalled run is
 * unsure, and the separating-axis test decides: overlap agrees with
 * distance 0, both ways. */
TEST_CASE(hull_hull_overlap_slender_pair_gjk_stall)
{
    const tc_vec3 pa[4] = { { -6.9375f, 6.1875f, -7 }, { 6.1875f, -3.3125f, 6.1875f },
                            { -0x1.fffffep-72f, 1e6f, -6.0625f }, { 2.5625f, 4.5625f, -5.4375f } };
    const tc_vec3 pb[6] = { { -5.1875f, 1e6f, -7 }, { -7, -7, -7 }, { 0x1.dbdbdap-60f, 1e6f, 1e6f },
                            { -2.5f, -7, -7 }, { 0, 0.875f, 3.6875f }, { 1.3125f, 1e6f, 1 } };
    tc_hull_data *da = tc_hull_data_create(pa, 4, NULL), *db = tc_hull_data_create(pb, 6, NULL);
    CHECK(da && db);
    if (da && db) {
        const tc_shape a = placed_hull(da, tc_vec3_make(-0.5f, 2.4375f, 2.4375f), 1);
        const tc_shape b = placed_hull(db, tc_vec3_make(-7, -7, -7), 1);
        const float d = tc_shape_distance(&a, &b, NULL, NULL);
        CHECK_MSG(d == 0.0f, "distance %g", d);
        CHECK(tc_shape_overlap(&a, &b));
        CHECK(tc_shape_overlap(&b, &a));
    }
    tc_hull_data_destroy(da);
    tc_hull_data_destroy(db);
}

/* Two hulls of points pa and pb placed at a and b (turned by ra and rb,
 * scale 1) that the hull oracle calls touching (its distance 0): distance
 * 0 (when distance_zero; else within the band), overlap and contact both
 * ways, and still sweeps that hit at t = 0 both ways. */
static void turned_pair_touches(const tc_vec3 *pa, int na, tc_vec3 a_at, tc_mat3 ra, const tc_vec3 *pb, int nb,
                                tc_vec3 b_at, tc_mat3 rb, bool distance_zero)
{
    tc_hull_data *da = tc_hull_data_create(pa, na, NULL), *db = tc_hull_data_create(pb, nb, NULL);
    CHECK(da && db && na <= 8 && nb <= 8);
    if (da && db && na <= 8 && nb <= 8) {
        const tc_hull ha = { da, a_at, ra, 1.0f }, hb = { db, b_at, rb, 1.0f };
        const tc_shape a = tc_shape_from_hull(ha), b = tc_shape_from_hull(hb);
        ovec wa[8], wb[8];
        for (int i = 0; i < na; ++i) wa[i] = orc_place(a.u.hull.position, a.u.hull.rotation, 1, pa[i]);
        for (int i = 0; i < nb; ++i) wb[i] = orc_place(b.u.hull.position, b.u.hull.rotation, 1, pb[i]);
        orc_hull oa, ob;
        orc_hull_build(&oa, wa, na);
        orc_hull_build(&ob, wb, nb);
        CHECK_MSG(orc_hull_hull_distance(&oa, &ob) == 0.0, "oracle distance %g", orc_hull_hull_distance(&oa, &ob));
        const float d = tc_shape_distance(&a, &b, NULL, NULL);
        const double band = TC_TOLERANCE * fmax(oa.coord, ob.coord);
        CHECK_MSG(distance_zero ? d == 0.0f : d <= band, "distance %g (band %g)", d, band);
        CHECK(tc_shape_overlap(&a, &b));
        CHECK(tc_shape_overlap(&b, &a));
        tc_manifold m;
        CHECK(tc_shape_contact(&a, &b, &m) && tc_shape_contact(&b, &a, &m));
        tc_sweep_hit h;
        const tc_vec3 still = tc_vec3_zero();
        CHECK(tc_shape_sweep(&a, still, &b, still, 1.0f, &h) && h.t == 0.0f);
        CHECK(tc_shape_sweep(&b, still, &a, still, 1.0f, &h) && h.t == 0.0f);
    }
    tc_hull_data_destroy(da);
    tc_hull_data_destroy(db);
}

/* turned_pair_touches for unturned hulls. */
static void slender_pair_touches(const tc_vec3 *pa, int na, tc_vec3 a_at, const tc_vec3 *pb, int nb, tc_vec3 b_at)
{
    const tc_mat3 one = tc_mat3_identity();
    turned_pair_touches(pa, na, a_at, one, pb, nb, b_at, one, true);
}

/* The same slender hulls, the second with a point more beside its end
 * (-6.9375, -7, -1.3125) and one repeated: the builder merges four nearly
 * coplanar points into one face (0.06 off its plane, 1e6 across), and an
 * edge of that face has an arc on the Gauss map that reaches past the
 * directions it supports. The overlap's double GJK stalls, and the
 * separating-axis test measured that edge's pair by the distance between
 * the two edges' lines: 19.4 apart, for hulls intersecting by 0.14 (the
 * oracle's distance 0; an exact rational test over every candidate axis).
 * Overlap said false at distance 0 (the pair fuzzer). */
TEST_CASE(hull_sat_edge_pair_on_merged_face_not_supporting)
{
    const tc_vec3 pa[4] = { { -0x1.fffffep-72f, 1e6f, -6.0625f }, { -6.9375f, 6.1875f, -7 },
                            { 6.1875f, -3.3125f, 6.1875f }, { 2.5625f, 4.5625f, -5.4375f } };
    const tc_vec3 pb[8] = { { -2.5f, -7, -7 }, { -6.9375f, -7, -1.3125f }, { 0, 0.875f, 3.6875f },
                            { 1.3125f, 1e6f, 1 }, { 0x1.dbdbdap-60f, 1e6f, 1e6f }, { -7, -7, -7 },
                            { -5.1875f, 1e6f, -7 }, { -7, -7, -7 } };
    slender_pair_touches(pa, 4, tc_vec3_make(-0.5f, 2.4375f, 2.4375f), pb, 8, tc_vec3_make(-7, -7, -7));
}

/* A segment hull 15 long through a slab hull 1e6 wide and 8 thick (an
 * exact rational test: the segment is inside the slab from 0.60 to 0.82
 * of its length; the oracle's distance 0; random slender pairs): the
 * overlap's double GJK from scratch stalled on rounding 1.6 apart, and
 * the separating-axis test that decides a stall ran only for two solid
 * hulls, so overlap and a still sweep said apart at distance 0. One solid
 * hull makes the test's axes complete: both now touch, both ways. */
TEST_CASE(hull_segment_through_slab_gjk_stall_not_solid)
{
    const tc_vec3 pa[2] = { { 0x1.e8p+2f, 0x1.fp+0f, 0x1.58p+1f }, { 0x1.3p+1f, -0x1.2p+3f, 0x1.7ep+3f } };
    const tc_vec3 pb[4] = { { -0x1.e84722p+19f, -0x1.ap+0f, 0x1.4p+0f }, { 0x1.48p+2f, -0x1.54p+2f, -0x1.e84744p+19f },
                            { 0x1.e848dep+19f, -0x1.34p+2f, 0x1.5p+1f }, { -0x1.24f644p+18f, 0x1.7p+1f, 0x1.04p+3f } };
    slender_pair_touches(pa, 2, tc_vec3_zero(), pb, 4, tc_vec3_zero());
}

/* A segment hull 424,000 long through a flat hull 563,000 long and some 40
 * wide, both turned by a hair off a half turn, 1e6 from the origin (the
 * hull oracle's distance 0, of the points and of the built hulls' vertices;
 * random slender pairs). The overlap's double GJK from scratch stalled on
 * rounding 0.15 apart, and with neither hull solid the separating-axis
 * test could not decide it (its axes miss the edges' normals in a
 * polygon's plane), so the stall stood: overlap, contact and still sweeps
 * said apart at distance 0. The two hulls' triangles decide it now. */
TEST_CASE(hull_segment_through_flat_hull_gjk_stall_neither_solid)
{
    const tc_vec3 pa[2] = { { 0x1.1b9274p+18f, -0x1.51f4fap+3f, -0x1.ed3ee2p+3f },
                            { -0x1.050d08p+17f, 0x1.c968a8p+0f, 0x1.5857f4p+2f } };
    const tc_vec3 pb[4] = { { -0x1.59c07ep+12f, 0x1.86a69p+5f, 0 }, { -0x1.a4bd82p+18f, 0x1.1613b8p+4f, 0 },
                            { 0x1.01e53ap+17f, 0x1.addbe2p+5f, 0 }, { -0x1.97fe64p+18f, 0x1.b1424cp+5f, 0 } };
    tc_mat3 ra, rb;
    ra.cx = tc_vec3_make(-1, 0x1.21da2ep-25f, 0x1.80b68p-20f);
    ra.cy = tc_vec3_make(-0x1.21e13ep-25f, -1, -0x1.2cd4aep-19f);
    ra.cz = tc_vec3_make(0x1.80b67ep-20f, -0x1.2cd4aep-19f, 1);
    rb.cx = tc_vec3_make(-1, 0x1.d727fep-23f, 0x1.43a45cp-20f);
    rb.cy = tc_vec3_make(0x1.d7274ap-23f, 1, -0x1.1f2f32p-20f);
    rb.cz = tc_vec3_make(-0x1.43a46p-20f, -0x1.1f2f2ep-20f, -1);
    turned_pair_touches(pa, 2, tc_vec3_make(-0x1.dde65p+19f, -0x1.170b0cp+18f, 0x1.c7cc56p+18f), ra, pb, 4,
                        tc_vec3_make(-0x1.3b60d2p+20f, -0x1.17172cp+18f, 0x1.c7cadp+18f), rb, true);
}

/* Two unturned solid needles 4.5e5 and 8.4e5 long and a few units across,
 * 1.3e6 from the origin, that meet (the hull oracle's distance 0, of the
 * points and of the built hulls' vertices; random slender pairs with
 * identity turns). The overlap's double GJK stalled, and the
 * separating-axis test that decides a stall measured a face merged across
 * nearly coplanar points by its fitted plane, which the hull's own
 * vertices pass: it parted the needles, so overlap, contact and a still
 * sweep said apart. A separation now also needs the hulls' projections on
 * the test's axis to part them. (Distance still stalls 5.0 apart, inside
 * the band.) */
TEST_CASE(hull_hull_sat_merged_face_plane_parts_unturned_needles)
{
    const tc_vec3 pa[4] = { { 0x1.425ab8p+17f, 0x1.379bacp+1f, -0x1.348492p+1f },
                            { -0x1.1634a6p+18f, 0x1.900de2p+0f, 0x1.eea38ap+0f },
                            { -0x1.ea3c9cp+13f, -0x1.794eacp+0f, -0x1.b259b8p-1f },
                            { -0x1.048f2p+16f, -0x1.6966eep-3f, 0x1.6f7f1ap+1f } };
    const tc_vec3 pb[7] = { { -0x1.60e352p+18f, 0x1.18cd1p-1f, -0x1.045eccp+2f },
                            { 0x1.53a35ep+18f, -0x1.7d3754p+1f, 0x1.220dfep+2f },
                            { 0x1.7d45ap+18f, 0x1.3c163p+2f, 0x1.0cdca4p+1f },
                            { 0x1.d77d7cp+18f, -0x1.495b08p+2f, -0x1.a19332p+2f },
                            { 0x1.cab2aap+17f, 0x1.72dba4p+2f, -0x1.3afed2p+2f },
                            { 0x1.0a2e82p+18f, -0x1.f7852ep+1f, -0x1.7519c6p+0f },
                            { 0x1.89abeep+18f, 0x1.c44228p+1f, 0x1.0fd1ap+1f } };
    const tc_mat3 one = tc_mat3_identity();
    turned_pair_touches(pa, 4, tc_vec3_make(-0x1.016204p+19f, -0x1.4f812ep+19f, -0x1.b9d042p+19f), one, pb, 7,
                        tc_vec3_make(-0x1.4a7422p+19f, -0x1.4f8122p+19f, -0x1.b9d0d2p+19f), one, false);
}
