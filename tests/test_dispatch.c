/* SPDX-License-Identifier: MIT */
/* Shape dispatch (dispatch.h): every query through tc_shape_* gives the pair
 * function's answer, in either operand order, with normals and points turned
 * around when the operands are swapped. */
#include <math.h>
#include <touche/touche.h>

#include "harness.h"

/* Shared hull and mesh data for the random shapes: a solid cloud, a flat
 * one, a segment; a triangle soup and a grid. Made once, never freed (the
 * process ends). */
static tc_hull_data *g_hulls[3];
static tc_mesh_data *g_meshes[2];

static void make_shared_data(test_rng *r)
{
    if (g_hulls[0]) return;
    for (int k = 0; k < 3; ++k) {
        tc_vec3 p[12];
        for (int i = 0; i < 12; ++i) {
            float x = (float)test_rng_uniform(r, -0.7, 0.7), y = (float)test_rng_uniform(r, -0.7, 0.7),
                  z = (float)test_rng_uniform(r, -0.7, 0.7);
            if (k == 1) z = 0.0f;             /* flat */
            if (k == 2) { y = 0.5f * x; z = -x; } /* a segment */
            p[i] = tc_vec3_make(x, y, z);
        }
        g_hulls[k] = tc_hull_data_create(p, 12, NULL);
    }
    tc_vec3 v[30];
    int32_t idx[30];
    for (int i = 0; i < 30; ++i) {
        v[i] = test_rng_vec3(r, -1, 1);
        idx[i] = i;
    }
    g_meshes[0] = tc_mesh_data_create(v, 30, idx, 10, NULL);
    tc_vec3 gv[16];
    int32_t gi[54];
    int k = 0;
    for (int i = 0; i < 16; ++i) gv[i] = tc_vec3_make((float)(i % 4) * 0.6f - 0.9f, 0.0f, (float)(i / 4) * 0.6f - 0.9f);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            int a = i * 4 + j;
            gi[k++] = a; gi[k++] = a + 1; gi[k++] = a + 5;
            gi[k++] = a; gi[k++] = a + 5; gi[k++] = a + 4;
        }
    g_meshes[1] = tc_mesh_data_create(gv, 16, gi, 18, NULL);
}

static tc_shape random_shape(test_rng *r, int type)
{
#define U(lo, hi) ((float)test_rng_uniform(r, (lo), (hi)))
    tc_vec3 c = tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1));
    tc_transform pose = tc_transform_make(c, tc_quat_make(U(-1, 1), U(-1, 1), U(-1, 1), U(-1, 1)));
    switch (type) {
    case 6: return tc_shape_from_hull(tc_hull_make(g_hulls[test_rng_int(r, 0, 2)], pose, U(0.5f, 1.5f)));
    case 7: return tc_shape_from_mesh(tc_mesh_make(g_meshes[test_rng_int(r, 0, 1)], pose, U(0.5f, 1.5f)));
    case 0: { tc_sphere s = { c, U(0.2f, 1) }; return tc_shape_from_sphere(s); }
    case 1: { tc_capsule k = { c, tc_vec3_add(c, tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1))), U(0.1f, 0.5f) }; return tc_shape_from_capsule(k); }
    case 2: { tc_aabb b = { tc_vec3_sub(c, tc_vec3_make(U(0.1f, 1), U(0.1f, 1), U(0.1f, 1))), c }; return tc_shape_from_aabb(b); }
    case 3: return tc_shape_from_obb(tc_obb_from_quat(c, tc_vec3_make(U(0.1f, 1), U(0.1f, 1), U(0.1f, 1)), tc_quat_make(U(-1, 1), U(-1, 1), U(-1, 1), U(-1, 1))));
    case 4: { tc_triangle t = { c, tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1)), tc_vec3_make(U(-1, 1), U(-1, 1), U(-1, 1)) }; return tc_shape_from_triangle(t); }
    default: return tc_shape_from_plane(tc_plane_from_point_normal(c, tc_vec3_make(U(-1, 1), U(-1, 1), U(0.2f, 1))));
    }
#undef U
}

TEST_CASE(dispatch_is_symmetric_for_every_pair)
{
    test_rng r = { 77 };
    make_shared_data(&r);
    int contacts = 0, hits = 0;
    for (int i = 0; i < 12000; ++i) {
        int ta = test_rng_int(&r, 0, 7), tb = test_rng_int(&r, 0, 7);
        if ((ta == 5 && tb == 5) || (ta == 7 && tb == 7)) continue;
        tc_shape a = random_shape(&r, ta), b = random_shape(&r, tb);
        CHECK(tc_shape_overlap(&a, &b) == tc_shape_overlap(&b, &a));
        tc_vec3 pa, pb, qa, qb;
        float d1 = tc_shape_distance(&a, &b, &pa, &pb), d2 = tc_shape_distance(&b, &a, &qb, &qa);
        if (ta != tb) {
            /* the same pair function with the same operands: bit for bit */
            CHECK(d1 == d2);
            CHECK(pa.x == qa.x && pa.y == qa.y && pa.z == qa.z && pb.x == qb.x && pb.y == qb.y && pb.z == qb.z);
        } else {
            /* the same function with its operands swapped: equal up to rounding */
            CHECK_NEAR(d1, d2, 1e-5 * (1.0 + d1));
        }
        /* distance zero exactly when they overlap (within the band) */
        if (tc_shape_overlap(&a, &b)) CHECK(d1 <= 1e-4f);
        tc_manifold m1, m2;
        bool c1 = tc_shape_contact(&a, &b, &m1), c2 = tc_shape_contact(&b, &a, &m2);
        if (ta != tb) {
            CHECK(c1 == c2);
            if (c1) {
                ++contacts;
                CHECK(m1.normal.x == -m2.normal.x && m1.normal.y == -m2.normal.y && m1.normal.z == -m2.normal.z);
            }
        }
        tc_vec3 va = tc_vec3_make(0, 0, 3), vb = tc_vec3_zero();
        tc_sweep_hit h1, h2;
        bool s1 = tc_shape_sweep(&a, va, &b, vb, 1.0f, &h1), s2 = tc_shape_sweep(&b, vb, &a, va, 1.0f, &h2);
        if (ta != tb) {
            CHECK(s1 == s2);
            if (s1) {
                ++hits;
                CHECK(h1.t == h2.t);
                CHECK(h1.normal.x == -h2.normal.x && h1.normal.y == -h2.normal.y && h1.normal.z == -h2.normal.z);
            }
        }
    }
    CHECK(contacts > 500 && hits > 500);
}

TEST_CASE(dispatch_two_planes_and_bad_types)
{
    tc_shape p = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_zero(), tc_vec3_make(0, 0, 1)));
    tc_shape q = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_make(0, 0, 5), tc_vec3_make(0, 0, -1)));
    CHECK(!tc_shape_overlap(&p, &q)); /* z <= 0 and z >= 5 */
    tc_manifold m;
    tc_sweep_hit h;
    CHECK(!tc_shape_contact(&p, &q, &m));
    CHECK(isinf(tc_shape_distance(&p, &q, NULL, NULL)));
    CHECK(!tc_shape_sweep(&p, tc_vec3_zero(), &q, tc_vec3_zero(), 1.0f, &h));
    tc_shape bad = p;
    bad.type = (tc_shape_type)42;
    CHECK(!tc_shape_overlap(&bad, &p));
    CHECK(!tc_shape_contact(&p, &bad, &m));
    CHECK(isinf(tc_shape_distance(&bad, &p, NULL, NULL)));
    CHECK(!tc_shape_sweep(&bad, tc_vec3_zero(), &p, tc_vec3_zero(), 1.0f, &h));
}

/* A pair with a mesh through the dispatch: the same answers as the mesh
 * pair functions, the contact being the deepest triangle's manifold. */
TEST_CASE(dispatch_meshes_and_hulls)
{
    test_rng r = { 78 };
    make_shared_data(&r);
    long bad = 0, touching = 0;
    for (int i = 0; i < 3000; ++i) {
        int ta = test_rng_int(&r, 0, 6);
        tc_shape a = random_shape(&r, ta), b = random_shape(&r, 7);
        tc_mesh_contact all[64];
        int32_t n = 0;
        switch (ta) {
        case 0: n = tc_contact_sphere_mesh(&a.u.sphere, &b.u.mesh, all, 64); break;
        case 1: n = tc_contact_capsule_mesh(&a.u.capsule, &b.u.mesh, all, 64); break;
        case 2: n = tc_contact_aabb_mesh(&a.u.aabb, &b.u.mesh, all, 64); break;
        case 3: n = tc_contact_obb_mesh(&a.u.obb, &b.u.mesh, all, 64); break;
        case 4: n = tc_contact_triangle_mesh(&a.u.triangle, &b.u.mesh, all, 64); break;
        case 5: n = tc_contact_plane_mesh(&a.u.plane, &b.u.mesh, all, 64); break;
        default: n = tc_contact_hull_mesh(&a.u.hull, &b.u.mesh, all, 64); break;
        }
        tc_manifold m;
        bool hit = tc_shape_contact(&a, &b, &m);
        if (hit != (n > 0)) bad++;
        if (hit && n <= 64) {
            ++touching;
            int best = 0;
            float best_depth = -INFINITY;
            for (int k = 0; k < n; ++k) {
                float dd = -INFINITY;
                for (int q = 0; q < all[k].manifold.count; ++q) dd = fmaxf(dd, all[k].manifold.points[q].depth);
                if (dd > best_depth || (dd == best_depth && all[k].triangle < all[best].triangle)) { best_depth = dd; best = k; }
            }
            const tc_manifold *e = &all[best].manifold;
            if (m.count != e->count || m.normal.x != e->normal.x || m.normal.y != e->normal.y || m.normal.z != e->normal.z)
                bad++;
        }
        if (tc_shape_overlap(&a, &b) != (n > 0) && !(tc_shape_distance(&a, &b, NULL, NULL) <= 1e-5f)) bad++;
    }
    CHECK_MSG(bad == 0, "%ld dispatch disagreements with the mesh pair functions", bad);
    CHECK(touching > 300);
    /* two meshes: no pair function */
    tc_shape m1 = random_shape(&r, 7), m2 = m1;
    tc_manifold m;
    tc_sweep_hit h;
    CHECK(!tc_shape_overlap(&m1, &m2));
    CHECK(!tc_shape_contact(&m1, &m2, &m));
    CHECK(isinf(tc_shape_distance(&m1, &m2, NULL, NULL)));
    CHECK(!tc_shape_sweep(&m1, tc_vec3_zero(), &m2, tc_vec3_zero(), 1.0f, &h));
    /* placing a hull and a mesh: a data point lands where the pose puts it */
    tc_shape hs = random_shape(&r, 6), ms = random_shape(&r, 7);
    tc_transform pose = tc_transform_make(tc_vec3_make(3, -2, 1), tc_quat_from_euler_deg(10, 20, 30));
    tc_shape ht = tc_shape_transform(&hs, pose, 2.0f), mt = tc_shape_transform(&ms, pose, 2.0f);
    CHECK(ht.type == TC_SHAPE_HULL && tc_shape_is_valid(&ht) && ht.u.hull.scale == 2.0f * hs.u.hull.scale);
    tc_vec3 p = tc_hull_data_vertex(hs.u.hull.data, 0);
    tc_vec3 before = tc_vec3_add(hs.u.hull.position, tc_mat3_mul_vec3(hs.u.hull.rotation, tc_vec3_scale(p, hs.u.hull.scale)));
    tc_vec3 want = tc_transform_point(pose, tc_vec3_scale(before, 2.0f));
    tc_vec3 got = tc_vec3_add(ht.u.hull.position, tc_mat3_mul_vec3(ht.u.hull.rotation, tc_vec3_scale(p, ht.u.hull.scale)));
    CHECK(tc_vec3_length(tc_vec3_sub(want, got)) < 1e-4f);
    tc_triangle t0 = tc_mesh_triangle(&ms.u.mesh, 0), t1 = tc_mesh_triangle(&mt.u.mesh, 0);
    CHECK(tc_vec3_length(tc_vec3_sub(tc_transform_point(pose, tc_vec3_scale(t0.a, 2.0f)), t1.a)) < 1e-4f);
    tc_shape moved = tc_shape_translate(&hs, tc_vec3_make(1, 2, 3));
    CHECK(moved.u.hull.position.x == hs.u.hull.position.x + 1.0f && moved.u.hull.data == hs.u.hull.data);
    moved = tc_shape_translate(&ms, tc_vec3_make(1, 2, 3));
    CHECK(moved.u.mesh.position.z == ms.u.mesh.position.z + 3.0f);
    /* bounds, rays and points through the dispatch */
    tc_aabb box;
    CHECK(tc_shape_bounds(&hs, &box) && tc_shape_bounds(&ms, &box));
    tc_ray ray = { tc_vec3_make(-5, 0.1f, 0.05f), tc_vec3_make(1, 0, 0) };
    tc_ray_hit rh1, rh2;
    CHECK(tc_shape_raycast(&ray, &ms, INFINITY, &rh1) == tc_raycast_mesh(&ray, &ms.u.mesh, INFINITY, &rh2));
    CHECK(tc_shape_contains_point(&hs, hs.u.hull.position) == tc_hull_contains_point(&hs.u.hull, hs.u.hull.position));
    CHECK(tc_shape_contains_point(&ms, t0.a));
}
