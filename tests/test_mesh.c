/* SPDX-License-Identifier: MIT */
/* Meshes: ray casts and overlaps equal brute force over every triangle, and
 * a floor of many triangles feels like one (no ghost collisions). */
#include <touche/touche.h>
#include <touche/mesh.h>

#include <math.h>
#include <stdlib.h>

#include "harness.h"

static tc_mesh_data *grid(int n, tc_vec3 **verts_out)
{
    tc_vec3 *v = malloc(sizeof(tc_vec3) * (size_t)((n + 1) * (n + 1)));
    int32_t *idx = malloc(sizeof(int32_t) * (size_t)(6 * n * n));
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) v[i * (n + 1) + j] = tc_vec3_make((float)i - n / 2.0f, 0.0f, (float)j - n / 2.0f);
    int k = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            int a = i * (n + 1) + j, b = a + 1, c = a + n + 1, d = c + 1;
            idx[k++] = a; idx[k++] = b; idx[k++] = d;
            idx[k++] = a; idx[k++] = d; idx[k++] = c;
        }
    tc_mesh_data *m = tc_mesh_data_create(v, (n + 1) * (n + 1), idx, 2 * n * n, NULL);
    free(idx);
    if (verts_out) *verts_out = v; else free(v);
    return m;
}

static tc_mesh_data *soup(test_rng *r, int n)
{
    tc_vec3 *v = malloc(sizeof(tc_vec3) * (size_t)(3 * n));
    int32_t *idx = malloc(sizeof(int32_t) * (size_t)(3 * n));
    for (int t = 0; t < n; ++t) {
        tc_vec3 c = tc_vec3_make((float)test_rng_uniform(r, -5, 5), (float)test_rng_uniform(r, -5, 5), (float)test_rng_uniform(r, -5, 5));
        for (int k = 0; k < 3; ++k) {
            v[3 * t + k] = tc_vec3_add(c, tc_vec3_make((float)test_rng_uniform(r, -1, 1), (float)test_rng_uniform(r, -1, 1), (float)test_rng_uniform(r, -1, 1)));
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
    tc_quat q = tc_quat_make((float)test_rng_uniform(r, -1, 1), (float)test_rng_uniform(r, -1, 1), (float)test_rng_uniform(r, -1, 1), 1.0f);
    return tc_mesh_make(d, tc_transform_make(tc_vec3_make(1.5f, -0.5f, 2.0f), q), (float)test_rng_uniform(r, 0.5, 2.0));
}

TEST_CASE(mesh_raycast_equals_brute_force)
{
    test_rng r = { 3 };
    long bad = 0, hits = 0;
    for (int rep = 0; rep < 20; ++rep) {
        tc_mesh_data *d = soup(&r, 500);
        CHECK(d != NULL);
        tc_mesh m = placed(d, &r);
        for (int i = 0; i < 500; ++i) {
            tc_ray ray = { tc_vec3_make((float)test_rng_uniform(&r, -12, 12), (float)test_rng_uniform(&r, -12, 12), (float)test_rng_uniform(&r, -12, 12)),
                           tc_vec3_make((float)test_rng_uniform(&r, -1, 1), (float)test_rng_uniform(&r, -1, 1), (float)test_rng_uniform(&r, -1, 1)) };
            tc_ray_hit h;
            bool got = tc_raycast_mesh(&ray, &m, 40.0f, &h);
            float best = INFINITY;
            for (int t = 0; t < tc_mesh_data_triangle_count(d); ++t) {
                tc_triangle tri = tc_mesh_triangle(&m, t);
                tc_ray_hit th;
                if (tc_raycast_triangle(&ray, &tri, 40.0f, &th) && th.t < best) best = th.t;
            }
            if (got != (best < INFINITY)) bad++;
            if (got) {
                hits++;
                if (!(fabsf(h.t - best) <= 1e-5f * (1.0f + best))) bad++;
                tc_triangle tri = tc_mesh_triangle(&m, h.feature);
                tc_ray_hit th;
                if (!tc_raycast_triangle(&ray, &tri, 40.0f, &th)) bad++;
            }
        }
        tc_mesh_data_destroy(d);
    }
    printf("mesh rays: %ld hits, %ld disagreements with brute force\n", hits, bad);
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
            tc_sphere s = { tc_vec3_make((float)test_rng_uniform(&r, -12, 12), (float)test_rng_uniform(&r, -12, 12), (float)test_rng_uniform(&r, -12, 12)),
                            (float)test_rng_uniform(&r, 0, 2) };
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
    tc_mesh_data *floor = grid(16, NULL);
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
    tc_mesh_data *g = grid(2, NULL);
    CHECK(g && tc_mesh_data_triangle_count(g) == 8);
    int32_t nb;
    CHECK(tc_mesh_data_edge(g, 0, 2, &nb) == TC_MESH_EDGE_FLAT && nb == 1);
    CHECK(tc_mesh_data_edge(g, 0, 0, &nb) == TC_MESH_EDGE_BOUNDARY && nb == -1);
    tc_mesh_data_destroy(g);
    tc_vec3 v[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    int32_t bad_idx[3] = { 0, 1, 3 };
    CHECK(tc_mesh_data_create(v, 3, bad_idx, 1, NULL) == NULL);
}

TEST_LIST(TEST_ENTRY(mesh_raycast_equals_brute_force), TEST_ENTRY(mesh_overlap_distance_equal_brute_force),
          TEST_ENTRY(mesh_no_ghost_collisions_on_a_floor), TEST_ENTRY(mesh_data_adjacency_and_errors),
          TEST_ENTRY(mesh_internal_edges_ridge_and_valley))
