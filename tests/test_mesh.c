/* SPDX-License-Identifier: MIT */
/* Meshes: ray casts and overlaps equal brute force over every triangle, and
 * a floor of many triangles feels like one (no ghost collisions). */
#include <touche/touche.h>
#include <touche/mesh.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/float.h"
#include "harness.h"
#include "hull_oracle.h"
#include "mesh_gen.h"
#include "oracle.h"
#include "shapes/mesh_internal.h"
#include "test_random.h"

static tc_mesh_data *grid(int n) { return gen_grid_mesh(n, 1.0f, NULL); }

static tc_mesh_data *soup(test_rng *r, int n)
{
    tc_vec3 *v = malloc(sizeof(tc_vec3) * (size_t)(3 * n));
    int32_t *idx = malloc(sizeof(int32_t) * (size_t)(3 * n));
    for (int t = 0; t < n; ++t) {
        tc_vec3 c = test_rng_vec3(r, -5, 5);
        for (int k = 0; k < 3; ++k) {
            v[3 * t + k] = tc_vec3_add(c, test_rng_vec3(r, -1, 1));
            idx[3 * t + k] = 3 * t + k;
        }
    }
    tc_mesh_data *m = tc_mesh_data_create(v, 3 * n, idx, n, NULL);
    free(v);
    free(idx);
    return m;
}

static tc_mesh placed(const tc_mesh_data *d, test_rng *r)
{
    tc_quat q = test_rng_quat4(r, -1, 1);
    q.w = 1.0f; /* (its draw keeps the stream as it was) */

    return tc_mesh_make(d, tc_transform_make(tc_vec3_make(1.5f, -0.5f, 2.0f), q), (float)test_rng_uniform(r, 0.5, 2.0));
}

TEST_CASE(mesh_raycast_equals_brute_force)
{
    test_rng r = { 3 };
    long bad = 0, hits = 0, known = 0;
    for (int rep = 0; rep < 20; ++rep) {
        tc_mesh_data *d = soup(&r, 500);
        CHECK(d != NULL);
        tc_mesh m = placed(d, &r);
        for (int i = 0; i < 500; ++i) {
            tc_ray ray;
            ray.origin = test_rng_vec3(&r, -12, 12);
            ray.dir = test_rng_vec3(&r, -1, 1);
            tc_ray_hit h;
            bool got = tc_raycast_mesh(&ray, &m, 40.0f, &h);
            float best = INFINITY;
            for (int t = 0; t < tc_mesh_data_triangle_count(d); ++t) {
                tc_triangle tri = tc_mesh_triangle(&m, t);
                tc_ray_hit th;
                if (tc_raycast_triangle(&ray, &tri, 40.0f, &th) && th.t < best) best = th.t;
            }
            /* The mesh hit a triangle whose own cast missed: the mesh is
             * right when the ray does cross that triangle (the oracle), and
             * the miss is tc_raycast_triangle's open defect, kept as
             * test_ray_regressions.ray_regression_triangle_crossed_just_past_origin. */
            bool triangle_cast_missed = false;
            if (got && !(best < INFINITY)) {
                tc_shape ts;
                ts.type = TC_SHAPE_TRIANGLE;
                ts.u.triangle = tc_mesh_triangle(&m, h.feature);
                orc_shape os = orc_from_any(&ts);
                orc_ray oray = { ov_from(ray.origin), ov_from(ray.dir) };
                triangle_cast_missed = orc_ray_distance(&os, &oray, 40.0) == 0.0;
                if (triangle_cast_missed) {
                    ++known;
                    fprintf(stderr, "ray %d/%d: the mesh hits triangle %d at %.9g, which the ray crosses; its own cast misses it\n",
                            rep, i, h.feature, h.t);
                }
            }
            if (got != (best < INFINITY) && !triangle_cast_missed && bad++ < 4)
                fprintf(stderr, "ray %d/%d: mesh %s at %.9g, brute force %.9g\n", rep, i, got ? "hit" : "missed",
                        got ? h.t : -1.0f, best);
            if (got && !triangle_cast_missed) {
                hits++;
                /* The mesh casts in its data frame, brute force on the world
                 * triangles' float corners: the same triangles rounded
                 * differently, so the hits agree within the band. */
                tc_vec3 ao = tc_vec3_abs(ray.origin);
                float band = TC_TOLERANCE * (fmaxf(ao.x, fmaxf(ao.y, ao.z)) + 40.0f * tc_vec3_length(ray.dir));
                if (!(fabsf(h.t - best) * tc_vec3_length(ray.dir) <= band) && bad++ < 4)
                    fprintf(stderr, "ray %d/%d: mesh t %.9g, brute force %.9g\n", rep, i, h.t, best);
                tc_triangle tri = tc_mesh_triangle(&m, h.feature);
                tc_ray_hit th;
                if (!tc_raycast_triangle(&ray, &tri, 40.0f, &th)) bad++;
            }
        }
        tc_mesh_data_destroy(d);
    }
    printf("mesh rays: %ld hits, %ld disagreements with brute force, %ld crossings only the triangle cast missed\n", hits, bad,
           known);
    CHECK(bad == 0);
}

/* The nearest hit of the ray on the data's float triangles (the identity
 * placement), ties to the lowest index: every triangle cast. */
static bool brute_force_cast(const tc_mesh_data *d, const tc_ray *ray, float max_t, float *best, int32_t *best_tri)
{
    bool any = false;
    for (int32_t t = 0; t < tc_mesh_data_triangle_count(d); ++t) {
        tc_triangle tri = tc_mesh_data_triangle(d, t);
        tc_ray_hit th;
        if (tc_raycast_triangle(ray, &tri, max_t, &th) && (!any || th.t < *best)) {
            any = true;
            *best = th.t;
            *best_tri = t;
        }
    }
    return any;
}

/* A ray grazing data d's triangles (the identity placement): aimed at a
 * corner or a point of an edge of one of them, nudged by a few ulps, some
 * along the triangle's plane; skim: nearly parallel to a grid's floor
 * (y = 0). Its max_t, from 0.5 to 3, into *max_t. */
static tc_ray grazing_ray(test_rng *r, const tc_mesh_data *d, bool skim, float *max_t)
{
    tc_triangle aim = tc_mesh_data_triangle(d, (int32_t)test_rng_int(r, 0, tc_mesh_data_triangle_count(d) - 1));
    double u = test_rng_uniform(r, 0, 1);
    int kind = (int)test_rng_int(r, 0, 3);
    tc_vec3 goal = kind == 0 ? aim.a : kind == 1 ? tc_vec3_mul_add(aim.a, tc_vec3_sub(aim.b, aim.a), (float)u)
                                       : tc_vec3_mul_add(aim.b, tc_vec3_sub(aim.c, aim.b), (float)u);
    for (int k = 0; k < 3; ++k) {
        float *g = k == 0 ? &goal.x : k == 1 ? &goal.y : &goal.z;
        int steps = (int)test_rng_int(r, -3, 3);
        for (int s = 0; s < abs(steps); ++s) *g = nextafterf(*g, steps > 0 ? INFINITY : -INFINITY);
    }
    tc_vec3 o;
    o.x = (float)test_rng_uniform(r, -12, 12);
    o.y = (float)test_rng_uniform(r, -12, 12);
    o.z = (float)test_rng_uniform(r, -12, 12);
    if (kind == 3) {
        /* along the aimed triangle's plane, from a point of it */
        o = tc_vec3_mul_add(aim.a, tc_vec3_sub(aim.c, aim.a), (float)(8.0 * u - 4.0));
        goal = tc_vec3_mul_add(aim.b, tc_vec3_sub(aim.a, aim.b), (float)test_rng_uniform(r, -1, 2));
    }
    if (skim) o.y = goal.y + (float)test_rng_uniform(r, -0.01, 0.01);
    *max_t = (float)test_rng_uniform(r, 0.5, 3.0);
    return (tc_ray){ o, tc_vec3_sub(goal, o) };
}

/* At the identity placement the mesh casts the very float triangles that
 * brute force casts, so the answers are equal to the bit: hit or miss, t,
 * and the lowest triangle index at that t. The rays graze: aimed at points
 * on edges and corners (nudged by a few ulps), some along a triangle's
 * plane, some nearly parallel to a grid's floor, so that any fast rejection
 * before the exact triangle cast that drops a hit shows. */
TEST_CASE(mesh_raycast_identity_equals_brute_force_bits)
{
    test_rng r = { 31 };
    long bad = 0, hits = 0;
    for (int rep = 0; rep < 12; ++rep) {
        tc_mesh_data *d = rep % 3 == 2 ? grid(12) : soup(&r, 400);
        CHECK(d != NULL);
        tc_mesh m = tc_mesh_make(d, tc_transform_identity(), 1.0f);
        for (int i = 0; i < 600; ++i) {
            float max_t;
            const tc_ray ray = grazing_ray(&r, d, rep % 3 == 2 && i % 2 == 0, &max_t);
            tc_ray_hit h;
            bool got = tc_raycast_mesh(&ray, &m, max_t, &h);
            float best = INFINITY;
            int32_t best_tri = -1;
            const bool any = brute_force_cast(d, &ray, max_t, &best, &best_tri);
            hits += any;
            if (got != any || (got && (h.t != best || h.feature != best_tri))) {
                if (bad++ < 4)
                    fprintf(stderr, "rep %d ray %d: mesh %s t %.9g tri %d, brute force %s t %.9g tri %d\n", rep, i,
                            got ? "hit" : "missed", got ? h.t : -1.0f, got ? h.feature : -1, any ? "hit" : "missed", best,
                            best_tri);
            }
        }
        tc_mesh_data_destroy(d);
    }
    printf("identity mesh rays: %ld hits, %ld differences from brute force\n", hits, bad);
    CHECK(hits > 1000);
    CHECK(bad == 0);
}

/* Data d's triangles, each coordinate times s plus shift (in double, then
 * rounded). */
static tc_mesh_data *scaled_copy(const tc_mesh_data *d, double s, double shift)
{
    const int32_t n = tc_mesh_data_triangle_count(d);
    tc_vec3 *v = malloc(sizeof(tc_vec3) * (size_t)(3 * n));
    int32_t *idx = malloc(sizeof(int32_t) * (size_t)(3 * n));
    for (int32_t t = 0; t < n; ++t) {
        const tc_triangle tri = tc_mesh_data_triangle(d, t);
        const tc_vec3 c[3] = { tri.a, tri.b, tri.c };
        for (int k = 0; k < 3; ++k) {
            v[3 * t + k] = tc_vec3_make((float)(c[k].x * s + shift), (float)(c[k].y * s + shift), (float)(c[k].z * s + shift));
            idx[3 * t + k] = 3 * t + k;
        }
    }
    tc_mesh_data *m = tc_mesh_data_create(v, 3 * n, idx, n, NULL);
    free(v);
    free(idx);
    return m;
}

/* The mesh cast of ray against data d (identity placement) is brute
 * force's, to the bit; counts a difference into *bad, a hit into *hits.
 * The hit, if any, into *h. */
static bool mesh_cast_is_brute_force(const tc_mesh_data *d, const tc_ray *ray, float max_t, const char *what, long *bad,
                                     long *hits, tc_ray_hit *h)
{
    const tc_mesh m = tc_mesh_make(d, tc_transform_identity(), 1.0f);
    const bool got = tc_raycast_mesh(ray, &m, max_t, h);
    float best = INFINITY;
    int32_t best_tri = -1;
    const bool any = brute_force_cast(d, ray, max_t, &best, &best_tri);
    *hits += any;
    if ((got != any || (got && (h->t != best || h->feature != best_tri))) && (*bad)++ < 4)
        fprintf(stderr, "%s: mesh %s t %.9g tri %d, brute force %s t %.9g tri %d\n", what, got ? "hit" : "missed",
                got ? h->t : -1.0f, got ? h->feature : -1, any ? "hit" : "missed", best, best_tri);
    return got;
}

/* A mesh large enough that its four-wide hierarchy's block takes the
 * huge-page allocation (tc_mem_alloc_walked: from 4 MB; 2 MiB-aligned on
 * Linux) and deep enough that the walk pushes, pops and prefetches
 * children at every level: the grazing rays, half of them skimming the
 * bumpy floor across much of it, hit what brute force over every triangle
 * hits, to the bit. */
TEST_CASE(mesh_raycast_large_hierarchy_equals_brute_force_bits)
{
    test_rng r = { 47 };
    tc_mesh_data *d = gen_grid_mesh(300, 1.0f, &r);
    CHECK(d != NULL && d->wide != NULL);
    if (!d || !d->wide) return;
#if defined(__linux__)
    CHECK(((uintptr_t)d->wide_block & (((uintptr_t)2 << 20) - 1)) == 0);
#endif
    long bad = 0, hits = 0;
    for (int i = 0; i < 24; ++i) {
        float max_t;
        const tc_ray ray = grazing_ray(&r, d, i % 2 == 0, &max_t);
        char what[32];
        snprintf(what, sizeof what, "ray %d", i);
        tc_ray_hit h;
        (void)mesh_cast_is_brute_force(d, &ray, max_t, what, &bad, &hits, &h);
    }
    printf("large mesh rays: %ld hits, %ld differences from brute force\n", hits, bad);
    CHECK(hits > 8);
    CHECK(bad == 0);
    tc_mesh_data_destroy(d);
}

/* Casts are free of the scale: the grazing rays on meshes scaled by 2^-66
 * (coordinates about 1e-20) and by 1e20 hit what brute force over every
 * triangle hits, t and triangle; and the tiny ones, scaled exactly (a power
 * of two), hit exactly what the same rays hit on the unscaled mesh. (At
 * 1e-20 the triangle cast's float products, of the fourth power of the
 * lengths, underflowed: every crossing of a triangle's plane was a hit.) */
TEST_CASE(mesh_raycast_tiny_and_huge_scales_equal_brute_force)
{
    test_rng r = { 47 };
    const int tiny_exp = -66;
    long bad = 0, hits = 0, tiny_hits = 0, huge_hits = 0, unscaled = 0;
    for (int rep = 0; rep < 6; ++rep) {
        tc_mesh_data *d = rep % 3 == 2 ? grid(12) : soup(&r, 300);
        tc_mesh_data *tiny = scaled_copy(d, ldexp(1.0, tiny_exp), 0.0), *huge = scaled_copy(d, 1e20, 0.0);
        CHECK(d != NULL && tiny != NULL && huge != NULL);
        for (int i = 0; d && tiny && huge && i < 400; ++i) {
            float max_t;
            const tc_ray ray = grazing_ray(&r, d, rep % 3 == 2 && i % 2 == 0, &max_t);
            tc_ray_hit h1, h2, h3;
            const bool got1 = mesh_cast_is_brute_force(d, &ray, max_t, "scale 1", &bad, &hits, &h1);
            const tc_ray small = { tc_vec3_make(ldexpf(ray.origin.x, tiny_exp), ldexpf(ray.origin.y, tiny_exp),
                                                ldexpf(ray.origin.z, tiny_exp)),
                                   tc_vec3_make(ldexpf(ray.dir.x, tiny_exp), ldexpf(ray.dir.y, tiny_exp),
                                                ldexpf(ray.dir.z, tiny_exp)) };
            const bool got2 = mesh_cast_is_brute_force(tiny, &small, max_t, "scale 2^-66", &bad, &tiny_hits, &h2);
            if ((got1 != got2 || (got1 && (h1.t != h2.t || h1.feature != h2.feature))) && unscaled++ < 4)
                fprintf(stderr, "rep %d ray %d: scale 1 %s t %.9g tri %d, scale 2^-66 %s t %.9g tri %d\n", rep, i,
                        got1 ? "hit" : "missed", got1 ? h1.t : -1.0f, got1 ? h1.feature : -1, got2 ? "hit" : "missed",
                        got2 ? h2.t : -1.0f, got2 ? h2.feature : -1);
            const tc_ray big = { tc_vec3_make((float)(ray.origin.x * 1e20), (float)(ray.origin.y * 1e20),
                                              (float)(ray.origin.z * 1e20)),
                                 tc_vec3_make((float)(ray.dir.x * 1e20), (float)(ray.dir.y * 1e20), (float)(ray.dir.z * 1e20)) };
            (void)mesh_cast_is_brute_force(huge, &big, max_t, "scale 1e20", &bad, &huge_hits, &h3);
        }
        tc_mesh_data_destroy(d);
        tc_mesh_data_destroy(tiny);
        tc_mesh_data_destroy(huge);
    }
    printf("scaled mesh rays: %ld / %ld / %ld hits at scales 1, 2^-66, 1e20; %ld differences from brute force, %ld from "
           "scale 1\n", hits, tiny_hits, huge_hits, bad, unscaled);
    CHECK(tiny_hits > 500);
    CHECK(huge_hits > 500);
    CHECK(bad == 0);
    CHECK(unscaled == 0);
}

/* A direction too short for the slab test's reciprocals (every component
 * below 1e-30) with a max_t that carries the ray across the mesh: the walk
 * tests such an axis as the range the origin moves over, so it finds what
 * brute force finds (it once tested the origin alone, and missed). */
TEST_CASE(mesh_raycast_tiny_direction_long_reach_equals_brute_force)
{
    test_rng r = { 53 };
    long bad = 0, hits = 0;
    for (int rep = 0; rep < 4; ++rep) {
        tc_mesh_data *d = rep % 2 ? grid(12) : soup(&r, 300);
        CHECK(d != NULL);
        for (int i = 0; d && i < 300; ++i) {
            const tc_vec3 o = test_rng_vec3(&r, -12, 12);
            tc_vec3 goal = test_rng_vec3(&r, -5, 5);
            if (rep % 2) goal.y = 0.0f;
            const tc_vec3 span = tc_vec3_sub(goal, o);
            const int e = -110 - (int)test_rng_int(&r, 0, 10);
            const tc_ray ray = { o, tc_vec3_make(ldexpf(span.x, e), ldexpf(span.y, e), ldexpf(span.z, e)) };
            const float max_t = ldexpf(i % 3 == 0 ? INFINITY : 1.5f, -e);
            tc_ray_hit h;
            (void)mesh_cast_is_brute_force(d, &ray, max_t, "tiny direction", &bad, &hits, &h);
        }
        tc_mesh_data_destroy(d);
    }
    printf("tiny-direction mesh rays: %ld hits, %ld differences from brute force\n", hits, bad);
    CHECK(hits > 300);
    CHECK(bad == 0);
}

/* A point of one edge of triangle aim of data d (the edge and the point
 * drawn from r), the edge's ends p, q, the triangle's far corner, and the
 * unit direction out of the triangle across the edge, in its plane. */
typedef struct edge_aim { tc_vec3 p, q, far, on_edge, out; } edge_aim;

static edge_aim aim_at_edge(test_rng *r, const tc_mesh_data *d, int32_t aim)
{
    const tc_triangle t = tc_mesh_data_triangle(d, aim);
    const int e = (int)test_rng_int(r, 0, 2);
    const tc_vec3 c[3] = { t.a, t.b, t.c };
    edge_aim a;
    a.p = c[e];
    a.q = c[(e + 1) % 3];
    a.far = c[(e + 2) % 3];
    const double u = test_rng_uniform(r, 0, 1);
    const tc_vec3 n = tc_vec3_cross(tc_vec3_sub(a.q, a.p), tc_vec3_sub(a.far, a.p));
    a.out = tc_vec3_normalize(tc_vec3_cross(tc_vec3_sub(a.q, a.p), n));
    if (tc_vec3_dot(a.out, tc_vec3_sub(a.far, a.p)) > 0.0f) a.out = tc_vec3_neg(a.out);
    a.on_edge = tc_vec3_mul_add(a.p, tc_vec3_sub(a.q, a.p), (float)u);
    return a;
}

/* Whether hit h of the ray lies across the aimed edge, outside the
 * triangle (its exact cast hit it within its pads). */
static bool hit_outside(const tc_ray *ray, const tc_ray_hit *h, const edge_aim *a)
{
    const tc_vec3 x = tc_vec3_mul_add(ray->origin, ray->dir, h->t);
    return tc_vec3_dot(tc_vec3_sub(x, a->p), a->out) > 0.0f;
}

/* The leaf filter before the exact cast (mesh_queries.c leaf_candidates)
 * keeps every triangle the exact cast can hit, also within its pads: rays
 * aimed just outside an edge of a triangle, in its plane, by up to 4 times
 * the cast's pad (TC_PAD_REL of the magnitudes), hit what brute force hits,
 * t and triangle, and some do hit the aimed triangle from outside it. */
TEST_CASE(mesh_raycast_edge_pads_equal_brute_force)
{
    test_rng r = { 59 };
    long bad = 0, hits = 0, outside_hits = 0;
    for (int rep = 0; rep < 6; ++rep) {
        tc_mesh_data *d = rep % 3 == 2 ? grid(12) : soup(&r, 300);
        CHECK(d != NULL);
        for (int i = 0; d && i < 500; ++i) {
            const int32_t aim = (int32_t)test_rng_int(&r, 0, tc_mesh_data_triangle_count(d) - 1);
            const edge_aim a = aim_at_edge(&r, d, aim);
            tc_vec3 o = test_rng_vec3(&r, -12, 12);
            const float reach = tc_vec3_norm1(tc_vec3_sub(o, a.p)) + tc_vec3_norm1(tc_vec3_sub(a.q, a.p)) +
                                tc_vec3_norm1(tc_vec3_sub(a.far, a.p));
            const float k = (float)test_rng_uniform(&r, 0, 4);
            const tc_vec3 goal = tc_vec3_mul_add(a.on_edge, a.out, k * TC_PAD_REL * reach);
            const tc_ray ray = { o, tc_vec3_sub(goal, o) };
            tc_ray_hit h;
            if (mesh_cast_is_brute_force(d, &ray, 2.0f, "edge pad", &bad, &hits, &h) && h.feature == aim)
                outside_hits += hit_outside(&ray, &h, &a);
        }
        tc_mesh_data_destroy(d);
    }
    printf("edge-pad mesh rays: %ld hits (%ld outside the aimed triangle), %ld differences from brute force\n", hits,
           outside_hits, bad);
    CHECK(outside_hits > 100);
    CHECK(bad == 0);
}

/* The leaf filter also allows for the exact cast's rounding of its hit
 * point, which is relative to the coordinates, not to the ray's reach: on
 * small triangles (about 0.005 across) 512 from the data frame's origin,
 * rays from near them aimed up to an ulp of 512 outside an edge hit what
 * brute force hits, t and triangle, many of them the aimed triangle (its
 * cast rounds the crossing into it). A filter relative to the reach alone,
 * 2^-16 of it, dropped 17 of these hits. */
TEST_CASE(mesh_raycast_far_small_edges_equal_brute_force)
{
    test_rng r = { 61 };
    long bad = 0, hits = 0, aimed_hits = 0;
    const float ulp = 0x1p-14f; /* of 512 */
    for (int rep = 0; rep < 4; ++rep) {
        tc_mesh_data *base = soup(&r, 300);
        tc_mesh_data *d = base ? scaled_copy(base, 0x1p-9, 512.0) : NULL;
        CHECK(d != NULL);
        for (int i = 0; d && i < 500; ++i) {
            const int32_t aim = (int32_t)test_rng_int(&r, 0, tc_mesh_data_triangle_count(d) - 1);
            const edge_aim a = aim_at_edge(&r, d, aim);
            const tc_vec3 o = tc_vec3_add(a.on_edge, test_rng_vec3(&r, -0.005f, 0.005f));
            const float k = (float)test_rng_uniform(&r, 0, 1);
            const tc_vec3 goal = tc_vec3_mul_add(a.on_edge, a.out, k * ulp);
            const tc_ray ray = { o, tc_vec3_sub(goal, o) };
            tc_ray_hit h;
            aimed_hits += mesh_cast_is_brute_force(d, &ray, 2.0f, "far small edge", &bad, &hits, &h) && h.feature == aim;
        }
        tc_mesh_data_destroy(base);
        tc_mesh_data_destroy(d);
    }
    printf("far small-edge mesh rays: %ld hits (%ld on the aimed triangle), %ld differences from brute force\n", hits,
           aimed_hits, bad);
    CHECK(aimed_hits > 50);
    CHECK(bad == 0);
}

/* The box of the triangles under lane j of wide node w: their corners' own
 * float box, found from the triangles, not from the hierarchy's boxes. */
static void lane_box(const tc_mesh_data *d, int32_t w, int j, float lo[3], float hi[3])
{
    const tc_mesh_wide *n = &d->wide[w];
    const char *child = tc_mesh_wide_child(d, n->child[j]);
    if (n->child[j] < 0) {
        const tc_mesh_leaf4 *b = (const tc_mesh_leaf4 *)(const void *)child;
        CHECK(b >= d->leaves && b < d->leaves + d->leaf_count && (child - (const char *)d->leaves) % sizeof *b == 0);
        for (int i = 0; i < n->count[j]; ++i) {
            const tc_triangle t = tc_mesh_data_triangle(d, b->tri[i]);
            const tc_vec3 c[3] = { t.a, t.b, t.c };
            for (int m = 0; m < 3; ++m) {
                const float q[3] = { c[m].x, c[m].y, c[m].z };
                for (int k = 0; k < 3; ++k) {
                    lo[k] = fminf(lo[k], q[k]);
                    hi[k] = fmaxf(hi[k], q[k]);
                }
            }
        }
        return;
    }
    const tc_mesh_wide *c = (const tc_mesh_wide *)(const void *)child;
    CHECK(c > n && c < d->wide + d->wide_count);
    for (int i = 0; i < 4; ++i)
        if (c->live & (1u << i)) lane_box(d, (int32_t)(c - d->wide), i, lo, hi);
}

/* The four-wide hierarchy's 8-bit grid boxes hold their triangles: every
 * lane of every node, on meshes far from the origin, tiny, huge (up to the
 * bound of the grid's use), flat in an axis and at mixed scales, so a
 * rounding of a grid plane inwards shows. Then rays grazing lane boxes (at
 * their triangles' corners and along their faces, nudged by ulps) hit
 * exactly what brute force hits: t and triangle. */
TEST_CASE(mesh_wide_grid_boxes_hold_their_triangles)
{
    test_rng r = { 77 };
    const double scales[] = { 1.0, 1e-3, 1e-9, 3e4, 1e28 };
    long lanes = 0, outside = 0, bad = 0, hits = 0;
    for (int rep = 0; rep < 15; ++rep) {
        const double scale = scales[rep % 5];
        const int n = 200 + 40 * rep;
        tc_vec3 *v = malloc(sizeof(tc_vec3) * (size_t)(3 * n));
        int32_t *idx = malloc(sizeof(int32_t) * (size_t)(3 * n));
        double off[3];
        test_rng_uniform3(&r, -1e3, 1e3, off);
        for (int t = 0; t < n; ++t) {
            double c[3];
            test_rng_uniform3(&r, -5, 5, c);
            const double size = test_rng_uniform(&r, 0, 1) < 0.2 ? 1e-4 : 1.0; /* mixed sizes */
            for (int k = 0; k < 3; ++k) {
                double e[3];
                test_rng_uniform3(&r, -size, size, e);
                if (rep % 3 == 1) e[1] = 0.0; /* flat in y: each node's extent 0 */
                const double p[3] = { (c[0] + e[0]) * scale + off[0] * (scale < 1.0 ? scale : 1.0),
                                      (rep % 3 == 1 ? 0.5 : c[1] + e[1]) * scale, (c[2] + e[2]) * scale };
                v[3 * t + k] = tc_vec3_make((float)p[0], (float)p[1], (float)p[2]);
                idx[3 * t + k] = 3 * t + k;
            }
        }
        tc_mesh_data *d = tc_mesh_data_create(v, 3 * n, idx, n, NULL);
        CHECK(d != NULL);
        CHECK(d->wide != NULL);
        for (int32_t w = 0; d->wide && w < d->wide_count; ++w) {
            const tc_mesh_wide *node = &d->wide[w];
            CHECK(((uintptr_t)node & 63u) == 0); /* one line a node */
            for (int j = 0; j < 4; ++j) {
                if (!(node->live & (1u << j))) continue;
                float lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
                lane_box(d, w, j, lo, hi);
                ++lanes;
                for (int k = 0; k < 3; ++k)
                    if (!(tc_mesh_wide_plane(node, k, node->lo[k][j]) <= lo[k] &&
                          tc_mesh_wide_plane(node, k, node->hi[k][j]) >= hi[k]) && outside++ < 4)
                        fprintf(stderr, "rep %d node %d lane %d axis %d: grid [%.9g, %.9g], triangles [%.9g, %.9g]\n", rep,
                                w, j, k, tc_mesh_wide_plane(node, k, node->lo[k][j]),
                                tc_mesh_wide_plane(node, k, node->hi[k][j]), lo[k], hi[k]);
            }
        }
        tc_mesh m = tc_mesh_make(d, tc_transform_identity(), 1.0f);
        for (int i = 0; d->wide && i < 300; ++i) {
            /* a lane's box, from a random node */
            const int32_t w = (int32_t)test_rng_int(&r, 0, d->wide_count - 1);
            int j = (int)test_rng_int(&r, 0, 3);
            while (!(d->wide[w].live & (1u << j))) j = (j + 1) & 3;
            float lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
            lane_box(d, w, j, lo, hi);
            /* a point on the box's boundary: a corner, or on a face */
            float g[3];
            for (int k = 0; k < 3; ++k) {
                const double u = test_rng_uniform(&r, 0, 1);
                g[k] = (float)(lo[k] + u * ((double)hi[k] - lo[k]));
            }
            const int face = (int)test_rng_int(&r, 0, 5);
            g[face % 3] = face < 3 ? lo[face % 3] : hi[face % 3];
            for (int k = 0; k < 3; ++k) {
                const int steps = (int)test_rng_int(&r, -2, 2);
                for (int s = 0; s < abs(steps); ++s) g[k] = nextafterf(g[k], steps > 0 ? INFINITY : -INFINITY);
            }
            /* from outside, along the face (tilted by a hair) or straight at it */
            double dir[3];
            test_rng_uniform3(&r, -1, 1, dir);
            if (i % 2 == 0) dir[face % 3] = test_rng_uniform(&r, 0, 1) < 0.5 ? 1e-6 : -1e-6;
            const double extent = fmax((double)hi[0] - lo[0], fmax((double)hi[1] - lo[1], (double)hi[2] - lo[2])) + 1e-30;
            tc_ray ray;
            ray.dir = tc_vec3_make((float)(dir[0] * extent), (float)(dir[1] * extent), (float)(dir[2] * extent));
            ray.origin = tc_vec3_make((float)(g[0] - 2.0 * dir[0] * extent), (float)(g[1] - 2.0 * dir[1] * extent),
                                      (float)(g[2] - 2.0 * dir[2] * extent));
            const float max_t = 4.0f;
            tc_ray_hit h;
            const bool got = tc_raycast_mesh(&ray, &m, max_t, &h);
            float best = INFINITY;
            int32_t best_tri = -1;
            const bool any = brute_force_cast(d, &ray, max_t, &best, &best_tri);
            hits += any;
            if ((got != any || (got && (h.t != best || h.feature != best_tri))) && bad++ < 4)
                fprintf(stderr, "rep %d ray %d: mesh %s t %.9g tri %d, brute force %s t %.9g tri %d\n", rep, i,
                        got ? "hit" : "missed", got ? h.t : -1.0f, got ? h.feature : -1, any ? "hit" : "missed", best,
                        best_tri);
        }
        tc_mesh_data_destroy(d);
        free(v);
        free(idx);
    }
    printf("wide grid: %ld lanes, %ld not holding their triangles; grazing rays: %ld hits, %ld differences\n", lanes,
           outside, hits, bad);
    CHECK(lanes > 1000);
    CHECK(hits > 500);
    CHECK(outside == 0);
    CHECK(bad == 0);
}

TEST_CASE(mesh_overlap_distance_equal_brute_force)
{
    test_rng r = { 4 };
    long bad = 0, overlaps = 0, cases = 0;
    for (int rep = 0; rep < 10; ++rep) {
        tc_mesh_data *d = soup(&r, 300);
        tc_mesh m = placed(d, &r);
        for (int i = 0; i < 500; ++i) {
            tc_sphere s;
            s.center = test_rng_vec3(&r, -12, 12);
            s.radius = (float)test_rng_uniform(&r, 0, 2);
            bool any = false;
            float best = INFINITY;
            for (int t = 0; t < tc_mesh_data_triangle_count(d); ++t) {
                tc_triangle tri = tc_mesh_triangle(&m, t);
                any |= tc_overlap_sphere_triangle(&s, &tri);
                float dd = tc_distance_sphere_triangle(&s, &tri, NULL, NULL);
                if (dd < best) best = dd;
            }
            cases++;
            overlaps += any;
            bool got = tc_overlap_sphere_mesh(&s, &m);
            if (any && !got) bad++;
            if (got && best > 1e-4f) bad++;
            float dist = tc_distance_sphere_mesh(&s, &m, NULL, NULL);
            if (!(fabsf(dist - best) <= 1e-4f)) bad++;
            int32_t nc = tc_contact_sphere_mesh(&s, &m, NULL, 0);
            if (any && nc == 0) bad++;
        }
        tc_mesh_data_destroy(d);
    }
    printf("mesh sphere pairs: %ld cases, %ld overlapping, %ld disagreements\n", cases, overlaps, bad);
    CHECK(bad == 0);
}

/* A box and a sphere resting on and sliding across a floor of many
 * triangles see only the floor's normal, with the depth one big triangle
 * gives. */
TEST_CASE(mesh_no_ghost_collisions_on_a_floor)
{
    tc_mesh_data *floor = grid(16);
    tc_vec3 big[3] = { { -100, 0, -100 }, { 0, 0, 200 }, { 100, 0, -100 } };
    int32_t idx[3] = { 0, 1, 2 };
    tc_mesh_data *one = tc_mesh_data_create(big, 3, idx, 1, NULL);
    tc_mesh mf = { floor, { 0, 0, 0 }, tc_mat3_identity(), 1.0f }, mo = { one, { 0, 0, 0 }, tc_mat3_identity(), 1.0f };
    long bad = 0;
    tc_mesh_contact c[64], co[4];
    for (int step = 0; step < 400; ++step) {
        float x = -3.0f + step * 0.015f, z = 0.37f + step * 0.011f;
        tc_sphere s = { { x, 0.49f, z }, 0.5f };
        tc_obb b = tc_obb_from_quat(tc_vec3_make(x, 0.24f, z), tc_vec3_make(0.5f, 0.25f, 0.5f), tc_quat_identity());
        for (int shape = 0; shape < 2; ++shape) {
            int32_t n = shape ? tc_contact_obb_mesh(&b, &mf, c, 64) : tc_contact_sphere_mesh(&s, &mf, c, 64);
            int32_t no = shape ? tc_contact_obb_mesh(&b, &mo, co, 4) : tc_contact_sphere_mesh(&s, &mo, co, 4);
            const char *what = shape ? "box" : "sphere";
            if (n == 0 || no != 1) {
                if (bad++ < 8) fprintf(stderr, "step %d %s: %d floor contacts, %d on one triangle\n", step, what, n, no);
                continue;
            }
            float deep = 0.0f;
            for (int i = 0; i < n && i < 64; ++i) {
                tc_vec3 nn = c[i].manifold.normal;
                if (!(nn.y < -0.99999f) && bad++ < 8)
                    fprintf(stderr, "step %d %s at (%g, %g): triangle %d normal (%.7g %.7g %.7g)\n", step, what, x, z,
                            c[i].triangle, nn.x, nn.y, nn.z);
                for (int k = 0; k < c[i].manifold.count; ++k) deep = fmaxf(deep, c[i].manifold.points[k].depth);
            }
            float deep_one = 0.0f;
            for (int k = 0; k < co[0].manifold.count; ++k) deep_one = fmaxf(deep_one, co[0].manifold.points[k].depth);
            if (!(fabsf(deep - deep_one) <= 1e-5f) && bad++ < 8)
                fprintf(stderr, "step %d %s at (%g, %g): depth %.9g on the grid, %.9g on one triangle\n", step, what, x,
                        z, deep, deep_one);
        }
        /* sliding sweeps along the floor: a hit, if any, has the floor's normal */
        tc_sweep_hit h;
        tc_sphere above = { { x, 0.6f, z }, 0.5f };
        if (tc_sweep_sphere_mesh(&above, tc_vec3_make(1.0f, -0.2f, 0.3f), &mf, tc_vec3_zero(), 1.0f, &h) &&
            !(h.normal.y < -0.9999f) && bad++ < 8)
            fprintf(stderr, "step %d sweep at (%g, %g): normal (%.7g %.7g %.7g)\n", step, x, z, h.normal.x, h.normal.y,
                    h.normal.z);
    }
    CHECK_MSG(bad == 0, "%ld ghost contacts", bad);
    tc_mesh_data_destroy(floor);
    tc_mesh_data_destroy(one);
}

/* A two-triangle fold along the z axis: each half rises (a valley) or falls
 * (a ridge) by `slope` per unit away from the fold. */
static tc_mesh_data *fold(float slope)
{
    tc_vec3 v[6] = { { 0, 0, -5 }, { 0, 0, 5 }, { -5, 5 * slope, 5 }, { -5, 5 * slope, -5 }, { 5, 5 * slope, 5 },
                     { 5, 5 * slope, -5 } };
    int32_t idx[6] = { 0, 2, 1, 0, 1, 5 }; /* both wound with +y up */
    return tc_mesh_data_create(v, 6, idx, 2, NULL);
}

/* Internal edges: on a ridge every contact normal lies between the two face
 * normals (the ridge's own direction is a real feature for a shape on top);
 * in a valley and on a flat fold only face normals appear. */
TEST_CASE(mesh_internal_edges_ridge_and_valley)
{
    long bad = 0;
    const float slopes[5] = { -0.5f, -0.03f, 0.0f, 0.03f, 0.5f };
    for (int si = 0; si < 5; ++si) {
        tc_mesh_data *d = fold(slopes[si]);
        CHECK(tc_mesh_data_edge(d, 0, 2, NULL) ==
              (slopes[si] < 0 ? TC_MESH_EDGE_CONVEX : (slopes[si] > 0 ? TC_MESH_EDGE_CONCAVE : TC_MESH_EDGE_FLAT)));
        tc_mesh m = { d, { 0, 0, 0 }, tc_mat3_identity(), 1.0f };
        double l = sqrt(1.0 + (double)slopes[si] * slopes[si]);
        /* upward unit face normals of the left (x < 0) and right halves */
        tc_vec3 nl = { (float)(slopes[si] / l), (float)(1.0 / l), 0 }, nr = { (float)(-slopes[si] / l), (float)(1.0 / l), 0 };
        for (int step = 0; step < 200; ++step) {
            float x = -1.0f + step * 0.01f;
            for (int shape = 0; shape < 2; ++shape) {
                tc_mesh_contact c[8];
                float y = 0.48f + (slopes[si] > 0 ? slopes[si] * fabsf(x) : 0.0f);
                tc_sphere s = { { x, y, 0.3f }, 0.5f };
                tc_obb b = tc_obb_from_quat(tc_vec3_make(x, y - 0.25f, 0.3f), tc_vec3_make(0.5f, 0.25f, 0.5f),
                                            tc_quat_identity());
                int32_t n = shape ? tc_contact_obb_mesh(&b, &m, c, 8) : tc_contact_sphere_mesh(&s, &m, c, 8);
                for (int i = 0; i < n && i < 8; ++i) {
                    tc_vec3 u = tc_vec3_neg(c[i].manifold.normal); /* from the mesh up to the shape */
                    bool face = tc_vec3_dot(u, nl) > 0.99999f || tc_vec3_dot(u, nr) > 0.99999f;
                    /* between nl and nr: in their plane (no z) and above both edges of the arc */
                    bool between = fabsf(u.z) < 1e-5f && u.y > 0 &&
                                   (u.x - nl.x) * (nr.x - nl.x) >= -1e-5f && (u.x - nr.x) * (nl.x - nr.x) >= -1e-5f;
                    bool ok = slopes[si] < 0 ? between : face;
                    float deep = 0.0f;
                    for (int k = 0; k < c[i].manifold.count; ++k) deep = fmaxf(deep, c[i].manifold.points[k].depth);
                    if (slopes[si] <= 0.0f && !(deep <= 0.03f)) ok = false; /* the shape is 0.02 into the top */
                    if (!ok && bad++ < 6)
                        fprintf(stderr, "slope %g %s at x %g: triangle %d normal (%g %g %g) depth %g\n", slopes[si],
                                shape ? "box" : "sphere", x, c[i].triangle, u.x, u.y, u.z, deep);
                }
            }
        }
        tc_mesh_data_destroy(d);
    }
    CHECK_MSG(bad == 0, "%ld normals off the surface", bad);
}

TEST_CASE(mesh_data_adjacency_and_errors)
{
    tc_mesh_data *g = grid(2);
    CHECK(g && tc_mesh_data_triangle_count(g) == 8);
    int32_t nb;
    CHECK(tc_mesh_data_edge(g, 0, 2, &nb) == TC_MESH_EDGE_FLAT && nb == 1);
    CHECK(tc_mesh_data_edge(g, 0, 0, &nb) == TC_MESH_EDGE_BOUNDARY && nb == -1);
    tc_mesh_data_destroy(g);
    tc_vec3 v[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    int32_t bad_idx[3] = { 0, 1, 3 };
    CHECK(tc_mesh_data_create(v, 3, bad_idx, 1, NULL) == NULL);
}

/* ---- every X-mesh pair against the double oracle ----------------------------
 * Meshes: random soups (with degenerate triangles), terrains (a bumpy grid)
 * and closed surfaces (a cube of 48 triangles), placed by a random pose and
 * scale; shapes from the oracle's generator, and hulls from random clouds.
 * The oracle is the brute-force distance over every triangle, placed in
 * double (hull_oracle.h), never the hierarchy. Half the cases bring the
 * shape's support point to a random point of a random triangle, then a gap
 * of at most 1e-4 of the size (or none). */
#define OM_MAX 200

typedef struct omesh {
    tc_mesh_data *data;
    tc_mesh mesh;
    int n;
    ovec tri[OM_MAX][3];
    double coord, size;
} omesh;

static ovec om_place(const tc_mesh *m, tc_vec3 p)
{
    return orc_place(m->position, m->rotation, m->scale, p);
}

/* The surface of the cube [-1, 1]^3, each face 2 x 2 squares, outward. */
static tc_mesh_data *closed_cube(void)
{
    tc_vec3 v[6 * 9];
    int32_t idx[6 * 8 * 3];
    int nv = 0, k = 0;
    for (int axis = 0; axis < 3; ++axis)
        for (int side = -1; side <= 1; side += 2) {
            int base = nv;
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j) {
                    float c[3];
                    c[axis] = (float)side;
                    c[(axis + 1) % 3] = (float)(i - 1);
                    c[(axis + 2) % 3] = (float)(j - 1);
                    v[nv++] = tc_vec3_make(c[0], c[1], c[2]);
                }
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) {
                    int a = base + i * 3 + j, b = a + 3, c = a + 1, d = b + 1;
                    if (side < 0) { int t = b; b = c; c = t; }
                    idx[k++] = a; idx[k++] = b; idx[k++] = d;
                    idx[k++] = a; idx[k++] = d; idx[k++] = c;
                }
        }
    return tc_mesh_data_create(v, nv, idx, 48, NULL);
}

static void make_omesh(test_rng *r, omesh *om)
{
    int kind = test_rng_int(r, 0, 2);
    if (kind == 0) {
        tc_vec3 v[120];
        int32_t idx[120];
        for (int t = 0; t < 40; ++t) {
            tc_vec3 c = test_rng_vec3(r, -1, 1);
            int degenerate = test_rng_int(r, 0, 9);
            for (int q = 0; q < 3; ++q) {
                tc_vec3 e = test_rng_vec3(r, -0.5, 0.5);
                if (degenerate == 0) e = tc_vec3_scale(tc_vec3_make(0.3f, -0.2f, 0.1f), (float)q); /* a segment */
                if (degenerate == 1) e = tc_vec3_zero();                                           /* a point */
                v[3 * t + q] = tc_vec3_add(c, e);
                idx[3 * t + q] = 3 * t + q;
            }
        }
        om->data = tc_mesh_data_create(v, 120, idx, 40, NULL);
    } else if (kind == 1) {
        om->data = gen_grid_mesh(6, 2.0f / 6.0f, r);
    } else {
        om->data = closed_cube();
    }
    double q[4];
    gen_quat(r, q);
    om->size = gen_log_uniform(r, 0.1, 10.0);
    om->mesh.data = om->data;
    om->mesh.position = ov_to(gen_center(r));
    om->mesh.rotation = gen_mat3_from_quat(q);
    om->mesh.scale = (float)om->size;
    om->n = tc_mesh_data_triangle_count(om->data);
    double m = 0.0;
    ovec lo = ov(INFINITY, INFINITY, INFINITY), hi = ov(-INFINITY, -INFINITY, -INFINITY);
    for (int t = 0; t < om->n; ++t) {
        tc_triangle tt = tc_mesh_data_triangle(om->data, t);
        om->tri[t][0] = om_place(&om->mesh, tt.a);
        om->tri[t][1] = om_place(&om->mesh, tt.b);
        om->tri[t][2] = om_place(&om->mesh, tt.c);
        for (int c = 0; c < 3; ++c) {
            ovec p = om->tri[t][c];
            m = fmax(m, ov_maxabs(p));
            lo = ov(fmin(lo.x, p.x), fmin(lo.y, p.y), fmin(lo.z, p.z));
            hi = ov(fmax(hi.x, p.x), fmax(hi.y, p.y), fmax(hi.z, p.z));
        }
    }
    om->coord = m + ov_dist(lo, hi);
}

/* The shape tested against a mesh: a primitive (tc_shape) or a hull. */
typedef struct mshape {
    tc_shape any; /* a hull too (TC_SHAPE_HULL), its data in hd and its points in local */
    tc_hull_data *hd;
    orc_hull oh;
    tc_vec3 local[10];
    int n;
} mshape;

static void mshape_oracle(mshape *x)
{
    if (x->any.type != TC_SHAPE_HULL) return;
    ovec w[10];
    for (int i = 0; i < x->n; ++i) w[i] = orc_place(x->any.u.hull.position, x->any.u.hull.rotation, x->any.u.hull.scale, x->local[i]);
    orc_hull_build(&x->oh, w, x->n);
}

static void mshape_move(mshape *x, ovec d)
{
    x->any = test_shape_translated(&x->any, d.x, d.y, d.z);
    mshape_oracle(x);
}

/* The oracle's distance from the shape to the triangles (all, or one). */
static double om_truth(const omesh *om, const mshape *x, int only)
{
    const ovec (*tri)[3] = (const ovec (*)[3])om->tri;
    int first = only >= 0 ? only : 0, count = only >= 0 ? 1 : om->n;
    if (x->any.type != TC_SHAPE_HULL) {
        orc_shape s = orc_from_any(&x->any);
        return orc_triangles_distance(tri + first, count, &s);
    }
    double best = INFINITY;
    for (int t = first; t < first + count && best > 0.0; ++t) {
        ovec tc = ov_scale(ov_add(ov_add(tri[t][0], tri[t][1]), tri[t][2]), 1.0 / 3.0);
        double tr = fmax(ov_dist(tc, tri[t][0]), fmax(ov_dist(tc, tri[t][1]), ov_dist(tc, tri[t][2])));
        if (ov_dist(tc, x->oh.center) - tr - x->oh.radius >= best) continue; /* too far to matter */
        orc_shape ts[3];
        int np = orc_triangle_pieces(tri[t], ts);
        for (int q = 0; q < np; ++q) best = fmin(best, orc_hull_distance(&x->oh, &ts[q]));
    }
    return best;
}

static double mshape_coord(const mshape *x)
{
    if (x->any.type == TC_SHAPE_HULL) return x->oh.coord;
    orc_shape s = orc_from_any(&x->any);
    return orc_shape_coord(&s);
}

#define LIB_MESH(call, ...)                                                                              \
    switch (x->any.type) {                                              \
    case TC_SHAPE_SPHERE: return tc_##call##_sphere_mesh(&x->any.u.sphere, __VA_ARGS__);                   \
    case TC_SHAPE_CAPSULE: return tc_##call##_capsule_mesh(&x->any.u.capsule, __VA_ARGS__);                \
    case TC_SHAPE_AABB: return tc_##call##_aabb_mesh(&x->any.u.aabb, __VA_ARGS__);                         \
    case TC_SHAPE_OBB: return tc_##call##_obb_mesh(&x->any.u.obb, __VA_ARGS__);                            \
    case TC_SHAPE_TRIANGLE: return tc_##call##_triangle_mesh(&x->any.u.triangle, __VA_ARGS__);             \
    case TC_SHAPE_PLANE: return tc_##call##_plane_mesh(&x->any.u.plane, __VA_ARGS__);                      \
    default: return tc_##call##_hull_mesh(&x->any.u.hull, __VA_ARGS__);                                     \
    }

static bool lib_mesh_overlap(const mshape *x, const tc_mesh *m) { LIB_MESH(overlap, m) }
static float lib_mesh_distance(const mshape *x, const tc_mesh *m) { LIB_MESH(distance, m, NULL, NULL) }
static int32_t lib_mesh_contact(const mshape *x, const tc_mesh *m, tc_mesh_contact *out, int32_t cap)
{
    LIB_MESH(contact, m, out, cap)
}
static bool lib_mesh_sweep(const mshape *x, tc_vec3 v, const tc_mesh *m, float max_t, tc_sweep_hit *h)
{
    LIB_MESH(sweep, v, m, tc_vec3_zero(), max_t, h)
}



static void run_mesh_pair(int kind, uint64_t seed)
{
    test_rng r = { seed };
    long cases = 0, near_count = 0, overlaps = 0, missed = 0, outside = 0, dist_bad = 0, contact_bad = 0, sweep_bad = 0;
    int n = test_random_count(kind == TC_SHAPE_HULL ? 1500 : 3000);
    static omesh om;
    static mshape x;
    static tc_mesh_contact contacts[OM_MAX];
    while (cases < n) {
        make_omesh(&r, &om);
        if (!om.data) { missed++; cases++; continue; }
        for (int rep = 0; rep < 8 && cases < n; ++rep) {
            ovec center = ov_from(om.mesh.position);
            double size = om.size * test_rng_uniform(&r, 0.2, 1.5);
            memset(&x, 0, sizeof x);
            if (kind == TC_SHAPE_HULL) {
                x.any.type = TC_SHAPE_HULL;
                x.n = test_rng_int(&r, 1, 10);
                int flat = test_rng_int(&r, 0, 3);
                for (int i = 0; i < x.n; ++i) {
                    x.local[i] = test_rng_vec3(&r, -0.5, 0.5);
                    if (flat == 0) x.local[i].z = 0.0f;
                }
                x.hd = tc_hull_data_create(x.local, x.n, NULL);
                double q[4];
                gen_quat(&r, q);
                x.any.u.hull.data = x.hd;
                x.any.u.hull.position = ov_to(gen_around(&r, center, om.size, 0, 1.5));
                x.any.u.hull.rotation = gen_mat3_from_quat(q);
                x.any.u.hull.scale = (float)size;
                mshape_oracle(&x);
            } else {
                x.any = gen_shape(&r, (tc_shape_type)kind, gen_around(&r, center, om.size, 0, 1.5), size);

            }
            bool near = test_rng_int(&r, 0, 1) == 1;
            if (near) {
                /* a random point of a random triangle; the shape's support
                 * point along -u brought there, then the gap along u */
                int t = test_rng_int(&r, 0, om.n - 1);
                double b0 = test_rng_uniform(&r, 0, 1), b1 = test_rng_uniform(&r, 0, 1);
                if (b0 + b1 > 1.0) { b0 = 1.0 - b0; b1 = 1.0 - b1; }
                ovec q = ov_add(ov_add(ov_scale(om.tri[t][0], 1.0 - b0 - b1), ov_scale(om.tri[t][1], b0)), ov_scale(om.tri[t][2], b1));
                ovec u = gen_unit(&r);
                double gap = size * (test_rng_int(&r, 0, 2) == 0 ? 0.0 : test_rng_uniform(&r, -1e-4, 1e-4));
                if (kind == TC_SHAPE_PLANE) {
                    /* the plane's solid dot(n, x) <= d with n = -u through q */
                    x.any.u.plane.normal = ov_to(ov_scale(u, -1.0));
                    x.any.u.plane.normal = ov_to(ov_unit(ov_from(x.any.u.plane.normal)));
                    x.any.u.plane.offset = (float)(ov_dot(ov_from(x.any.u.plane.normal), q) - gap);
                } else {
                    ovec px;
                    if (x.any.type == TC_SHAPE_HULL) {
                        int lo = 0;
                        for (int i = 1; i < x.oh.n; ++i)
                            if (ov_dot(x.oh.p[i], u) < ov_dot(x.oh.p[lo], u)) lo = i;
                        px = x.oh.p[lo];
                    } else {
                        orc_shape s = orc_from_any(&x.any);
                        px = orc_support_point(&s, ov_scale(u, -1.0), &r);
                    }
                    mshape_move(&x, ov_madd(ov_sub(q, px), u, gap));
                }
                near_count++;
            }
            double scale = mshape_coord(&x) + om.coord;
            double band = TC_TOLERANCE * scale;
            double truth = om_truth(&om, &x, -1);
            cases++;
            if (truth == 0.0) overlaps++;
            bool got = lib_mesh_overlap(&x, &om.mesh);
            float d = lib_mesh_distance(&x, &om.mesh);
            if (truth == 0.0 && !got && missed++ < 3)
            {
                fprintf(stderr, "%s-mesh missed: lib distance %.9g, scale %.9g\n", test_shape_name((tc_shape_type)kind), d, scale);
                if (x.any.type == TC_SHAPE_HULL) {
                    float bd = INFINITY;
                    for (int tt = 0; tt < om.n; ++tt) {
                        tc_triangle f = tc_mesh_triangle(&om.mesh, tt);
                        float dd = tc_distance_triangle_hull(&f, &x.any.u.hull, NULL, NULL);
                        if (dd < bd) bd = dd;
                        if (om_truth(&om, &x, tt) == 0.0)
                            fprintf(stderr, "  oracle: touches triangle %d, lib triangle-hull distance %.9g overlap %d\n", tt, dd,
                                    (int)tc_overlap_triangle_hull(&f, &x.any.u.hull));
                    }
                    fprintf(stderr, "  brute force lib distance %.9g, hull n %d dim %d oracle dim %d\n", bd, x.n, tc_hull_data_dimension(x.hd), x.oh.dim);
                }
            }
            if (got && truth > band && outside++ < 3)
                fprintf(stderr, "%s-mesh outside the band: oracle %.9g, band %.3g\n", test_shape_name((tc_shape_type)kind), truth, band);
            if (!(fabs(d - truth) <= band) && dist_bad++ < 3)
                fprintf(stderr, "%s-mesh distance %.9g vs the oracle's %.9g (band %.3g)\n", test_shape_name((tc_shape_type)kind), d, truth, band);
            int32_t nc = lib_mesh_contact(&x, &om.mesh, contacts, OM_MAX);
            if (((truth == 0.0) != (nc > 0)) && !(nc > 0 && truth <= band) && contact_bad++ < 3)
                fprintf(stderr, "%s-mesh contact: %d triangles but oracle distance %.9g\n", test_shape_name((tc_shape_type)kind), nc, truth);
            for (int i = 0; i < nc && i < OM_MAX; ++i) {
                double dt = om_truth(&om, &x, contacts[i].triangle);
                if (!(dt <= band) && contact_bad++ < 3)
                    fprintf(stderr, "%s-mesh contact names triangle %d, %.9g away\n", test_shape_name((tc_shape_type)kind), contacts[i].triangle, dt);
            }
            /* a sweep towards a random triangle's centroid */
            int t = test_rng_int(&r, 0, om.n - 1);
            ovec goal = ov_scale(ov_add(ov_add(om.tri[t][0], om.tri[t][1]), om.tri[t][2]), 1.0 / 3.0);
            ovec from = (x.any.type == TC_SHAPE_HULL) ? ov_from(x.any.u.hull.position) : (kind == TC_SHAPE_PLANE ? goal : ov_from(x.any.u.sphere.center));
            if (x.any.type != TC_SHAPE_HULL && kind != TC_SHAPE_PLANE) {
                orc_shape s = orc_from_any(&x.any);
                from = s.core == ORC_CORE_BOX ? s.c : s.p[0];
            }
            tc_vec3 v = kind == TC_SHAPE_PLANE ? ov_to(ov_scale(ov_from(x.any.u.plane.normal), om.size))
                                          : ov_to(ov_scale(ov_sub(goal, from), 2.0));
            tc_sweep_hit sh;
            if (lib_mesh_sweep(&x, v, &om.mesh, 1.0f, &sh)) {
                mshape_move(&x, ov_scale(ov_from(v), sh.t));
                double at = om_truth(&om, &x, -1), tol = 1e-4 * (scale + 2.0 * ov_len(ov_from(v)));
                if (!(at <= tol) && sweep_bad++ < 3)
                    fprintf(stderr, "%s-mesh sweep: at t %.9g the oracle distance is %.9g\n", test_shape_name((tc_shape_type)kind), sh.t, at);
            } else if (truth == 0.0 && sweep_bad++ < 3) {
                fprintf(stderr, "%s-mesh sweep: no hit from an overlapping start\n", test_shape_name((tc_shape_type)kind));
            }
            tc_hull_data_destroy(x.hd);
        }
        tc_mesh_data_destroy(om.data);
    }
    printf("%s-mesh: %ld cases (%ld near touching, %ld overlapping): %ld missed, %ld outside the band, %ld distance, "
           "%ld contact, %ld sweep failures\n", test_shape_name((tc_shape_type)kind), cases, near_count, overlaps, missed, outside, dist_bad,
           contact_bad, sweep_bad);
    CHECK(missed == 0);
    CHECK(outside == 0);
    CHECK(dist_bad == 0);
    CHECK(contact_bad == 0);
    CHECK(sweep_bad == 0);
}

TEST_CASE(mesh_oracle_sphere) { run_mesh_pair(TC_SHAPE_SPHERE, 51); }
TEST_CASE(mesh_oracle_capsule) { run_mesh_pair(TC_SHAPE_CAPSULE, 52); }
TEST_CASE(mesh_oracle_aabb) { run_mesh_pair(TC_SHAPE_AABB, 53); }
TEST_CASE(mesh_oracle_obb) { run_mesh_pair(TC_SHAPE_OBB, 54); }
TEST_CASE(mesh_oracle_triangle) { run_mesh_pair(TC_SHAPE_TRIANGLE, 55); }
TEST_CASE(mesh_oracle_plane) { run_mesh_pair(TC_SHAPE_PLANE, 56); }
TEST_CASE(mesh_oracle_hull) { run_mesh_pair(TC_SHAPE_HULL, 57); }
