// SPDX-License-Identifier: MIT
/* Regression tests for the world defects of issue 12, each named after its
 * item. Costs are measured as operation counts through the world's test
 * hooks (world_internal.h), never as wall time. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <touche/world.h>

#include "counting_allocator.h"
#include "harness.h"
#include "test_random.h"
#include "test_shape.h"
#include "world/world_ids.h"
#include "world/world_internal.h"

static tc_node_id node_at(tc_world *w, tc_node_id parent, tc_vec3 at)
{
    tc_node_def d = tc_node_def_default();
    d.parent = parent;
    d.local.position = at;
    return tc_world_create_node(w, &d);
}

static tc_collider_id box_at(tc_world *w, tc_node_id parent, tc_vec3 at, float half)
{
    tc_collider_def d = tc_collider_def_default();
    const tc_aabb b = { { -half, -half, -half }, { half, half, half } };
    d.shape = tc_shape_from_aabb(b);
    d.parent = parent;
    d.local.position = at;
    return tc_world_create_collider(w, &d);
}

/* ---- item 4: a generation that wraps ------------------------------------- */

/* The pool alone: the last odd generation's death retires the slot. */
TEST_CASE(issue12_item4_id_pool_retires_a_slot_whose_generation_would_wrap)
{
    const tc_allocator a = { NULL, NULL, NULL };
    tc_id_pool p;
    tc_id_pool_init(&p);
    uint32_t g;
    CHECK(tc_id_pool_acquire(&p, &a, &g) == 0 && g == 1);
    CHECK(tc_id_pool_kill(&p, 0) == 2);
    tc_id_pool_recycle(&p, 0);
    CHECK(tc_id_pool_acquire(&p, &a, &g) == 0 && g == 3); /* reused, a new generation */
    (void)tc_id_pool_kill(&p, 0);
    tc_id_pool_recycle(&p, 0);
    /* test hook: the slot as if it had lived 2^31 - 1 lives */
    p.generation[0] = UINT32_MAX - 1u;
    CHECK(tc_id_pool_acquire(&p, &a, &g) == 0 && g == UINT32_MAX);
    CHECK(tc_id_pool_alive(&p, 0, UINT32_MAX));
    CHECK(tc_id_pool_kill(&p, 0) == TC_ID_RETIRED);
    tc_id_pool_recycle(&p, 0); /* a retired slot stays out */
    CHECK(!tc_id_pool_alive(&p, 0, 1) && !tc_id_pool_alive(&p, 0, 3) && !tc_id_pool_alive(&p, 0, UINT32_MAX));
    CHECK(!tc_id_pool_alive(&p, 0, 0));
    CHECK(tc_id_pool_acquire(&p, &a, &g) == 1 && g == 1); /* a new slot, not the retired one */
    CHECK(p.retired == 1 && p.live == 1);
    tc_id_pool_release_memory(&p, &a);
}

/* The issue's scene: A, B under A, A destroyed, its slot cycled until its
 * generation would wrap, X created with parent B. X must not get A's old
 * id (B's stale parent), so X -> B -> X is no cycle and the update stays in
 * bounds. The 2^31 - 1 lives are set through the test hook. */
TEST_CASE(issue12_item4_generation_wrap_gives_no_old_id_and_no_cycle)
{
    counting_allocator ca;
    counting_allocator_init(&ca);
    tc_world_def def = tc_world_def_default();
    def.allocator = counting_allocator_hooks(&ca);
    tc_world *w = tc_world_create(&def);
    const tc_node_id a = node_at(w, tc_node_null(), tc_vec3_make(1, 0, 0));
    const tc_node_id b = node_at(w, a, tc_vec3_make(0, 1, 0));
    tc_world_destroy_node(w, a);
    CHECK(w->node_ids.generation[a.index] == a.generation + 1u);
    w->node_ids.generation[a.index] = UINT32_MAX - 1u; /* as after 2^31 - 1 more lives */
    const tc_node_id last = node_at(w, tc_node_null(), tc_vec3_zero());
    CHECK(last.index == a.index && last.generation == UINT32_MAX);
    tc_world_destroy_node(w, last);
    const tc_node_id x = node_at(w, b, tc_vec3_make(0, 0, 1));
    CHECK(!tc_node_is_null(x));
    CHECK(!(x.index == a.index && x.generation == a.generation));
    CHECK(x.index != a.index); /* the retired slot is not reused */
    CHECK(!tc_world_node_is_valid(w, a) && !tc_world_node_is_valid(w, last));
    const tc_collider_id c = box_at(w, x, tc_vec3_zero(), 0.5f);
    CHECK(tc_world_update(w));
    tc_transform pose;
    CHECK(tc_world_node_world_pose(w, x, &pose, NULL));
    /* B fell back to the world: x = B's (0, 1, 0) + (0, 0, 1) */
    CHECK(pose.position.x == 0.0f && pose.position.y == 1.0f && pose.position.z == 1.0f);
    CHECK(tc_world_collider_is_valid(w, c));
    tc_world_destroy(w);
    CHECK(ca.live_blocks == 0 && ca.live_bytes == 0 && ca.bad_frees == 0);
}

/* ---- item 5: the cycle check --------------------------------------------- */

/* X with child Y is destroyed and Z takes X's slot: Z may become Y's
 * parent's child (Y's parent is the stale X, not Z), and then Y may not
 * become Z's child. */
TEST_CASE(issue12_item5_cycle_check_compares_full_ids_after_slot_reuse)
{
    tc_world *w = tc_world_create(NULL);
    const tc_node_id x = node_at(w, tc_node_null(), tc_vec3_zero());
    const tc_node_id y = node_at(w, x, tc_vec3_make(1, 0, 0));
    tc_world_destroy_node(w, x);
    const tc_node_id z = node_at(w, tc_node_null(), tc_vec3_make(0, 5, 0));
    CHECK(z.index == x.index && z.generation != x.generation);
    CHECK(tc_world_set_node_parent(w, z, y)); /* refused before: only the index was compared */
    CHECK(!tc_world_set_node_parent(w, y, z)); /* this one is a cycle */
    CHECK(!tc_world_set_node_parent(w, z, z));
    CHECK(tc_world_update(w));
    tc_transform pose;
    CHECK(tc_world_node_world_pose(w, z, &pose, NULL));
    CHECK(pose.position.x == 1.0f && pose.position.y == 5.0f); /* under y, which is at the world */
    tc_world_destroy(w);
}

/* Linking a 100,000-node chain costs O(n) walk steps in either order (the
 * issue measured 13 s: each call walked the whole chain). */
TEST_CASE(issue12_item5_linking_a_long_chain_is_linear_in_either_order)
{
    enum { N = 100000 };
    static tc_node_id n[N];
    for (int order = 0; order < 2; ++order) {
        tc_world *w = tc_world_create(NULL);
        for (int i = 0; i < N; ++i) n[i] = node_at(w, tc_node_null(), tc_vec3_make(1, 0, 0));
        const uint64_t before = w->parent_walk_steps;
        if (order == 0) {
            for (int i = 1; i < N; ++i) CHECK(tc_world_set_node_parent(w, n[i], n[i - 1])); /* top down */
        } else {
            for (int i = N - 1; i >= 1; --i) CHECK(tc_world_set_node_parent(w, n[i], n[i - 1])); /* bottom up */
        }
        const uint64_t steps = w->parent_walk_steps - before;
        CHECK_MSG(steps <= 2u * N, "order %d: %llu walk steps for %d links", order, (unsigned long long)steps, N);
        /* and the cycle is still refused, at the cost of one walk */
        CHECK(!tc_world_set_node_parent(w, n[0], n[N - 1]));
        CHECK(tc_world_update(w));
        tc_transform pose;
        CHECK(tc_world_node_world_pose(w, n[N - 1], &pose, NULL) && pose.position.x == (float)N);
        tc_world_destroy(w);
    }
}

/* A 1,000,000-deep chain: created, updated, cut at its root and at its
 * middle, and destroyed, with nothing recursing. */
TEST_CASE(issue12_item5_million_deep_chain_without_recursion)
{
    enum { N = 1000000 };
    tc_node_id *n = (tc_node_id *)malloc(N * sizeof *n);
    CHECK(n != NULL);
    if (!n) return;
    tc_world *w = tc_world_create(NULL);
    n[0] = node_at(w, tc_node_null(), tc_vec3_make(1, 0, 0));
    for (int i = 1; i < N; ++i) n[i] = node_at(w, n[i - 1], tc_vec3_make(1, 0, 0));
    const tc_collider_id c = box_at(w, n[N - 1], tc_vec3_zero(), 0.25f);
    CHECK(tc_world_update(w));
    tc_transform pose;
    CHECK(tc_world_node_world_pose(w, n[N - 1], &pose, NULL) && pose.position.x == (float)N);
    tc_shape s;
    CHECK(tc_world_collider_shape(w, c, &s) && s.u.aabb.min.x == (float)N - 0.25f);
    /* the root dies: its child is at the world from now on */
    tc_world_destroy_node(w, n[0]);
    CHECK(tc_world_set_node_pose(w, n[N / 2], tc_transform_make(tc_vec3_make(2, 0, 0), tc_quat_identity()), 1.0f));
    CHECK(tc_world_update(w));
    CHECK(tc_world_node_world_pose(w, n[N - 1], &pose, NULL) && pose.position.x == (float)N);
    CHECK(tc_world_node_world_pose(w, n[1], &pose, NULL) && pose.position.x == 1.0f);
    const uint64_t before = w->parent_walk_steps;
    CHECK(!tc_world_set_node_parent(w, n[1], n[N - 1])); /* a cycle: one walk up the chain */
    CHECK(w->parent_walk_steps - before <= (uint64_t)N);
    tc_world_destroy(w);
    free(n);
}

/* ---- shared shapes of the large-world tests ------------------------------- */

/* A hull (a twelve-sided cylinder) and a mesh (an octahedron's eight
 * faces), each 2 across (reaching 1 from their origin along x and y), made
 * once and shared (never freed: the process ends with the test). */
static const tc_hull_data *unit_hull(void)
{
    static tc_hull_data *h;
    if (!h) h = tc_hull_data_create_cylinder(1.0f, 1.0f, 12, NULL);
    CHECK(h != NULL);
    return h;
}

static const tc_mesh_data *unit_mesh(void)
{
    static tc_mesh_data *m;
    if (!m) {
        const tc_vec3 v[6] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
        const int32_t idx[24] = { 0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5 };
        m = tc_mesh_data_create(v, 6, idx, 8, NULL);
    }
    CHECK(m != NULL);
    return m;
}

static tc_shape hull_of_size(float s, tc_quat q)
{
    return tc_shape_from_hull(tc_hull_make(unit_hull(), tc_transform_make(tc_vec3_zero(), q), s));
}

static tc_shape mesh_of_size(float s, tc_quat q)
{
    return tc_shape_from_mesh(tc_mesh_make(unit_mesh(), tc_transform_make(tc_vec3_zero(), q), s));
}

/* ---- item 6: large coordinates, bad bones, overflowing scales ------------ */

/* Boxes of size 0.5 at x = 2i, none touching, near the origin and far from
 * it: no candidate pairs, and the same memory (the issue: 1,000,000 of them
 * made tc_world_update fail after 26 s holding 5 GB). */
TEST_CASE(issue12_item6_broadphase_memory_does_not_grow_with_distance)
{
    enum { N = 20000 };
    const double offsets[3] = { 0.0, 1e6, 1e7 };
    size_t bytes[3] = { 0, 0, 0 };
    for (int k = 0; k < 3; ++k) {
        counting_allocator ca;
        counting_allocator_init(&ca);
        tc_world_def def = tc_world_def_default();
        def.allocator = counting_allocator_hooks(&ca);
        tc_world *w = tc_world_create(&def);
        for (int i = 0; i < N; ++i)
            CHECK(!tc_collider_is_null(box_at(w, tc_node_null(), tc_vec3_make((float)(offsets[k] + 2.0 * i), 0, 0), 0.25f)));
        CHECK(tc_world_update(w));
        CHECK_MSG(w->pairs.count == 0, "offset %g: %zu candidate pairs", offsets[k], w->pairs.count);
        size_t n;
        (void)tc_world_contact_events(w, &n);
        CHECK(n == 0);
        bytes[k] = ca.live_bytes;
        tc_world_destroy(w);
        CHECK(ca.live_bytes == 0);
    }
    for (int k = 1; k < 3; ++k)
        CHECK_MSG(bytes[k] <= bytes[0] + bytes[0] / 20, "offset %g: %zu bytes, %zu at the origin", offsets[k], bytes[k],
                  bytes[0]);
}

/* The same for every other shape type, each about 0.5 across, 2 apart:
 * translated by 1e6 and 1e7 (float positions, no world origin) the
 * broadphase must find no more candidate pairs and hold no more memory than
 * at the origin. Padded by the tolerance band of its coordinates
 * (tc_world_padded, 4e-5 * 1.73 * |x|: 69 at 1e6, 693 at 1e7), every
 * shape far from the origin would reach hundreds of neighbours; each pair
 * test's band is of the pair's sizes, so the tree boxes are padded by
 * sizes only (tc_world_tree_box). Hulls and meshes included: their pair
 * queries run relative to one of the shapes. */
TEST_CASE(issue12_large_worlds_round_shapes_broadphase_does_not_grow_with_distance)
{
    enum { N = 500 }; /* at 2000, 1.3 million candidate pairs and 320 MB at 1e7 (1.3 MB at the origin) */
    const double offsets[3] = { 0.0, 1e6, 1e7 };
    for (int type = 0; type < 6; ++type) {
        size_t bytes[3] = { 0, 0, 0 }, pairs[3] = { 0, 0, 0 };
        for (int k = 0; k < 3; ++k) {
            counting_allocator ca;
            counting_allocator_init(&ca);
            tc_world_def def = tc_world_def_default();
            def.allocator = counting_allocator_hooks(&ca);
            tc_world *w = tc_world_create(&def);
            for (int i = 0; i < N; ++i) {
                tc_collider_def d = tc_collider_def_default();
                switch (type) {
                case 0: { const tc_sphere x = { { 0, 0, 0 }, 0.25f }; d.shape = tc_shape_from_sphere(x); break; }
                case 1: { const tc_capsule x = { { -0.1f, 0, 0 }, { 0.1f, 0, 0 }, 0.15f }; d.shape = tc_shape_from_capsule(x); break; }
                case 2: { tc_obb x; x.center = tc_vec3_zero(); x.half = tc_vec3_make(0.25f, 0.25f, 0.25f);
                          x.rotation = tc_mat3_identity(); d.shape = tc_shape_from_obb(x); break; }
                case 3: { const tc_triangle x = { { -0.25f, 0, 0 }, { 0.25f, 0, 0 }, { 0, 0.25f, 0 } }; d.shape = tc_shape_from_triangle(x); break; }
                case 4: d.shape = hull_of_size(0.25f, tc_quat_identity()); break;
                default: d.shape = mesh_of_size(0.25f, tc_quat_identity()); break;
                }
                d.local.position = tc_vec3_make((float)(offsets[k] + 2.0 * i), 0, 0);
                CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
            }
            CHECK(tc_world_update(w));
            pairs[k] = w->pairs.count;
            bytes[k] = ca.live_bytes;
            tc_world_destroy(w);
            CHECK(ca.live_bytes == 0);
        }
        for (int k = 1; k < 3; ++k) {
            CHECK_MSG(pairs[k] <= pairs[0], "type %d, offset %g: %zu candidate pairs, %zu at the origin", type, offsets[k],
                      pairs[k], pairs[0]);
            CHECK_MSG(bytes[k] <= bytes[0] + bytes[0] / 20, "type %d, offset %g: %zu bytes, %zu at the origin", type,
                      offsets[k], bytes[k], bytes[0]);
        }
    }
}

/* Rank-1 and rank-2 bone matrices were taken as the identity rotation:
 * now they are bad entries, skipped, as mirrors and non-finite ones are. */
TEST_CASE(issue12_item6_rank_deficient_bone_matrices_are_refused)
{
    tc_world *w = tc_world_create(NULL);
    const tc_node_id n = node_at(w, tc_node_null(), tc_vec3_make(3, 0, 0));
    tc_mat4 m[6];
    for (int k = 0; k < 6; ++k) {
        memset(&m[k], 0, sizeof m[k]);
        m[k].m[15] = 1.0f;
        m[k].m[12] = 7.0f;
    }
    /* 0: a proper rotation with scale 2 (about z by 90 degrees) */
    m[0].m[1] = 2.0f; m[0].m[4] = -2.0f; m[0].m[10] = 2.0f;
    /* 1: rank 1: every column along x */
    m[1].m[0] = 1.0f; m[1].m[4] = 1.0f; m[1].m[8] = 1.0f;
    /* 2: rank 2: the third column is the first */
    m[2].m[0] = 1.0f; m[2].m[5] = 1.0f; m[2].m[8] = 1.0f;
    /* 3: rank 2, nearly: the third column a hair off the first */
    m[3].m[0] = 1.0f; m[3].m[5] = 1.0f; m[3].m[8] = 1.0f; m[3].m[10] = 1e-4f;
    /* 4: a mirror */
    m[4].m[0] = 1.0f; m[4].m[5] = 1.0f; m[4].m[10] = -1.0f;
    /* 5: a slightly sheared bone: still a rotation */
    m[5].m[0] = 1.0f; m[5].m[4] = 0.05f; m[5].m[5] = 1.0f; m[5].m[10] = 1.0f;
    const bool want[6] = { true, false, false, false, false, true };
    for (int k = 0; k < 6; ++k) {
        CHECK(tc_world_set_node_pose(w, n, tc_transform_make(tc_vec3_make(3, 0, 0), tc_quat_identity()), 1.0f));
        CHECK_MSG(tc_world_set_node_matrices(w, &n, &m[k], 1) == (want[k] ? 1u : 0u), "matrix %d", k);
        CHECK(tc_world_update(w));
        tc_transform pose;
        float scale;
        CHECK(tc_world_node_world_pose(w, n, &pose, &scale));
        CHECK(pose.position.x == (want[k] ? 7.0f : 3.0f)); /* a refused entry leaves the node as it was */
        if (k == 0) CHECK(fabsf(scale - 2.0f) < 1e-6f && fabsf(fabsf(pose.rotation.z) - 0.70710678f) < 1e-5f);
    }
    tc_world_destroy(w);
}

/* Scales of 1e20 under 1e20: each is accepted, their product is not a
 * usable scale. The node's world pose is invalid (the getter says false),
 * its colliders and its descendants' leave the pairs and the queries, and
 * all come back when the scale is fixed. */
TEST_CASE(issue12_item6_an_overflowing_world_pose_takes_its_colliders_out)
{
    tc_world *w = tc_world_create(NULL);
    const tc_node_id a = node_at(w, tc_node_null(), tc_vec3_zero());
    const tc_node_id b = node_at(w, a, tc_vec3_make(1e-20f, 0, 0));
    const tc_node_id c = node_at(w, b, tc_vec3_zero());
    const tc_collider_id on_c = box_at(w, c, tc_vec3_zero(), 1e-21f);
    const tc_collider_id ground = box_at(w, tc_node_null(), tc_vec3_zero(), 1.0f);
    CHECK(tc_world_update(w));
    size_t n;
    const tc_contact_event *e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_BEGIN);
    CHECK(tc_world_set_node_pose(w, a, tc_transform_identity(), 1e20f));
    CHECK(tc_world_set_node_pose(w, b, tc_transform_make(tc_vec3_make(1e-20f, 0, 0), tc_quat_identity()), 1e20f));
    CHECK(tc_world_update(w));
    tc_transform pose;
    CHECK(tc_world_node_world_pose(w, a, &pose, NULL));
    CHECK(!tc_world_node_world_pose(w, b, &pose, NULL) && !tc_world_node_world_pose(w, c, &pose, NULL));
    e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_END);
    tc_shape s;
    CHECK(!tc_world_collider_shape(w, on_c, &s));
    tc_collider_id found[4];
    CHECK(tc_world_overlap_point(w, tc_vec3_zero(), NULL, found, 4) == 1 && tc_collider_id_equal(found[0], ground));
    CHECK(tc_world_update(w)); /* stays out, without new events */
    (void)tc_world_contact_events(w, &n);
    CHECK(n == 0);
    /* fixed: back in */
    CHECK(tc_world_set_node_pose(w, a, tc_transform_identity(), 1.0f));
    CHECK(tc_world_update(w));
    CHECK(tc_world_node_world_pose(w, c, &pose, NULL));
    e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_BEGIN);
    CHECK(tc_world_collider_shape(w, on_c, &s));
    /* a valid local shape under a valid scale whose placement would
     * overflow (a radius of 1e30 under 1e10): out, without overflowing */
    const tc_node_id big = node_at(w, tc_node_null(), tc_vec3_zero());
    CHECK(tc_world_set_node_pose(w, big, tc_transform_identity(), 1e10f));
    tc_collider_def d = tc_collider_def_default();
    d.shape.u.sphere.radius = 1e30f;
    d.parent = big;
    const tc_collider_id huge = tc_world_create_collider(w, &d);
    CHECK(!tc_collider_is_null(huge));
    CHECK(tc_world_update(w));
    CHECK(!tc_world_collider_shape(w, huge, &s));
    CHECK(tc_world_overlap_point(w, tc_vec3_make(5, 5, 5), NULL, found, 4) == 0);
    tc_world_destroy(w);
}

/* ---- large worlds --------------------------------------------------------- */

/* A scene of every collider type on a grid: spheres (or, on odd rows,
 * OBBs turned 45 degrees about z), AABBs, capsules (or, on odd rows,
 * triangles), hulls and meshes (neighbours overlap by a clear margin,
 * diagonals are clearly apart, and no two meshes, which have no pair test,
 * nor two triangles, which would touch edge to edge in their plane, are
 * neighbours), placed at absolute double positions around `centre`, with
 * the world's origin at `origin`; manifolds on; with a ground plane. */
enum { GRID = 12 };
static tc_world *grid_scene(tc_world_position centre, tc_world_position origin)
{
    tc_world_def def = tc_world_def_default();
    def.contacts = true;
    tc_world *w = tc_world_create(&def);
    CHECK(tc_world_set_origin(w, origin));
    for (int i = 0; i < GRID; ++i)
        for (int j = 0; j < GRID; ++j) {
            tc_collider_def d = tc_collider_def_default();
            const bool odd = (j & 1) != 0;
            switch ((i + 2 * j) % 5) {
            case 0:
                if (odd) {
                    tc_obb o;
                    o.center = tc_vec3_zero();
                    o.half = tc_vec3_make(1.2f, 1.2f, 1.2f); /* reaches 1.7 along x and y, 1.2 along the diagonals */
                    o.rotation = tc_mat3_from_quat(tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), 0.78539816f));
                    d.shape = tc_shape_from_obb(o);
                } else {
                    tc_sphere s = { { 0, 0, 0 }, 1.6f };
                    d.shape = tc_shape_from_sphere(s);
                }
                break;
            case 1: { tc_aabb b = { { -1.6f, -1.6f, -1.6f }, { 1.6f, 1.6f, 1.6f } }; d.shape = tc_shape_from_aabb(b); break; }
            case 2:
                if (odd) {
                    tc_triangle t = { { -1.6f, -0.8f, 0 }, { 1.6f, -0.8f, 0.25f }, { 0, 1.6f, -0.25f } };
                    d.shape = tc_shape_from_triangle(t);
                } else {
                    tc_capsule c = { { -0.6f, 0, 0 }, { 0.6f, 0, 0 }, 1.0f };
                    d.shape = tc_shape_from_capsule(c);
                }
                break;
            case 3: d.shape = hull_of_size(1.6f, tc_quat_identity()); break;
            default: d.shape = mesh_of_size(1.6f, tc_quat_identity()); break;
            }
            tc_world_position at = { centre.x + 3.0 * i, centre.y + 3.0 * j, centre.z };
            d.local.position = tc_world_to_local(w, at);
            d.user_data = (uint64_t)(i * GRID + j);
            CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
        }
    /* and a ground plane 1.3 under the centres: the spheres, AABBs, hulls
     * and meshes 0.3 into it, the capsules, OBBs and triangles clearly above */
    tc_collider_def d = tc_collider_def_default();
    const tc_plane ground = { { 0, 0, 1 }, 0 };
    d.shape = tc_shape_from_plane(ground);
    const tc_world_position below = { centre.x, centre.y, centre.z - 1.3 };
    d.local.position = tc_world_to_local(w, below);
    d.user_data = (uint64_t)(GRID * GRID);
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    CHECK(tc_world_update(w));
    return w;
}

/* The same scene at the origin and translated by 1e6 and 1e7, each with the
 * world's origin near it (off by a fraction, so that the relative
 * coordinates are not the same numbers): the same pairs, the same ray hits
 * within 1e-4 of the shapes' sizes, the same overlaps. */
TEST_CASE(issue12_large_worlds_translated_scenes_give_the_same_answers)
{
    const double shifts[3] = { 0.0, 1e6, 1e7 };
    tc_world *w[3];
    for (int k = 0; k < 3; ++k) {
        const tc_world_position centre = { shifts[k] + 0.37, -shifts[k] + 0.61, 0.5 * shifts[k] + 0.13 };
        const tc_world_position origin = { centre.x + 10.3, centre.y + 7.7, centre.z - 0.1 };
        w[k] = grid_scene(centre, origin);
    }
    size_t n0;
    const tc_contact_event *e0 = tc_world_contact_events(w[0], &n0);
    CHECK(n0 > 100);
    for (int k = 1; k < 3; ++k) {
        size_t n;
        const tc_contact_event *e = tc_world_contact_events(w[k], &n);
        CHECK_MSG(n == n0, "shift %g: %zu events, %zu at the origin", shifts[k], n, n0);
        for (size_t m = 0; m < n && m < n0; ++m)
            CHECK(e[m].user_data_a == e0[m].user_data_a && e[m].user_data_b == e0[m].user_data_b);
    }
    /* the same manifolds, within 1e-4 of the shapes' sizes (3.2 across):
     * normals, and each point (matched by its feature id) in absolute
     * terms and its depth */
    size_t c0;
    const tc_world_contact *m0 = tc_world_contacts(w[0], &c0);
    CHECK(c0 == n0);
    int points = 0;
    for (int k = 1; k < 3; ++k) {
        size_t c;
        const tc_world_contact *mk = tc_world_contacts(w[k], &c);
        CHECK_MSG(c == c0, "shift %g: %zu contacts, %zu at the origin", shifts[k], c, c0);
        for (size_t q = 0; q < c && q < c0; ++q) {
            const tc_manifold *a = &mk[q].manifold, *b = &m0[q].manifold;
            CHECK(mk[q].user_data_a == m0[q].user_data_a && mk[q].user_data_b == m0[q].user_data_b);
            CHECK_MSG(a->count == b->count, "shift %g, pair %llu %llu: %d points, %d at the origin", shifts[k],
                      (unsigned long long)mk[q].user_data_a, (unsigned long long)mk[q].user_data_b, a->count, b->count);
            if (a->count != b->count || a->count == 0) continue;
            CHECK(tc_vec3_length(tc_vec3_sub(a->normal, b->normal)) <= 1e-4f);
            for (int i = 0; i < a->count; ++i) {
                int match = -1;
                for (int j = 0; j < b->count; ++j)
                    if (b->points[j].id == a->points[i].id) match = j;
                CHECK(match >= 0);
                if (match < 0) continue;
                const tc_world_position p = tc_world_to_absolute(w[k], a->points[i].point);
                const tc_world_position p0 = tc_world_to_absolute(w[0], b->points[match].point);
                const double ex = p.x - shifts[k] - p0.x, ey = p.y + shifts[k] - p0.y, ez = p.z - 0.5 * shifts[k] - p0.z;
                CHECK_MSG(fabs(ex) <= 3.2e-4 && fabs(ey) <= 3.2e-4 && fabs(ez) <= 3.2e-4,
                          "shift %g: contact point off by %g %g %g", shifts[k], ex, ey, ez);
                CHECK(fabsf(a->points[i].depth - b->points[match].depth) <= 3.2e-4f);
                ++points;
            }
        }
    }
    CHECK(points > 200);
    /* rays across the grid, from absolute points */
    test_rng r = { 5 };
    int hits = 0;
    for (int q = 0; q < 200; ++q) {
        const double ox = test_rng_uniform(&r, -5, 3 * GRID + 5), oy = test_rng_uniform(&r, -5, 3 * GRID + 5);
        const float dx = (float)test_rng_uniform(&r, -1, 1), dy = (float)test_rng_uniform(&r, -1, 1);
        const tc_vec3 dir = tc_vec3_make(dx, dy, 0.0f);
        tc_world_hit h[3];
        bool got[3];
        for (int k = 0; k < 3; ++k) {
            const tc_world_position from = { shifts[k] + 0.37 + ox, -shifts[k] + 0.61 + oy, 0.5 * shifts[k] + 0.43 };
            tc_ray ray;
            ray.origin = tc_world_to_local(w[k], from);
            ray.dir = dir;
            got[k] = tc_world_raycast_closest(w[k], &ray, INFINITY, NULL, &h[k]);
        }
        hits += got[0];
        for (int k = 1; k < 3; ++k) {
            CHECK(got[k] == got[0]);
            if (!got[k] || !got[0]) continue;
            /* the same collider unless two are hit at nearly the same t */
            const float dt = fabsf(h[k].t - h[0].t) * sqrtf(tc_vec3_length_sq(dir));
            CHECK_MSG(dt <= 1e-4f * 3.2f, "shift %g: t %.7g vs %.7g", shifts[k], h[k].t, h[0].t);
            const tc_world_position p = tc_world_to_absolute(w[k], h[k].point), p0 = tc_world_to_absolute(w[0], h[0].point);
            const double ex = p.x - shifts[k] - p0.x, ey = p.y + shifts[k] - p0.y; /* the shifts are exact in double */
            CHECK_MSG(fabs(ex) <= 3.2e-4 && fabs(ey) <= 3.2e-4, "shift %g: hit point off by %g %g", shifts[k], ex, ey);
            if (dt > 1e-5f) continue;
            CHECK(h[k].collider.index == h[0].collider.index);
        }
    }
    CHECK(hits > 100);
    for (int k = 0; k < 3; ++k) tc_world_destroy(w[k]);
}

/* The cast shapes, each of size about 1 around its absolute place (x, y,
 * z), in the world's local coordinates: the place converted once
 * (tc_world_to_local) and the shape moved there exactly
 * (test_shape_translated, each point's sum rounded once). */
static tc_shape cast_shape(int type, const tc_world *w, double x, double y, double z)
{
    const tc_world_position at = { x, y, z };
    const tc_vec3 p = tc_world_to_local(w, at);
    tc_shape s;
    switch (type) {
    case 0: { const tc_sphere x0 = { { 0, 0, 0 }, 0.6f }; s = tc_shape_from_sphere(x0); break; }
    case 1: { const tc_capsule x0 = { { -0.5f, 0.2f, 0 }, { 0.5f, -0.1f, 0.2f }, 0.4f }; s = tc_shape_from_capsule(x0); break; }
    case 2: {
        tc_obb o;
        o.center = tc_vec3_zero();
        o.half = tc_vec3_make(0.6f, 0.4f, 0.3f);
        o.rotation = tc_mat3_from_quat(tc_quat_normalize(tc_quat_make(0.2f, 0.1f, 0.3f, 1.0f)));
        s = tc_shape_from_obb(o);
        break;
    }
    case 3: { const tc_triangle x0 = { { -0.7f, -0.3f, 0 }, { 0.7f, 0, 0.2f }, { 0, 0.7f, -0.3f } }; s = tc_shape_from_triangle(x0); break; }
    default: s = hull_of_size(0.6f, tc_quat_normalize(tc_quat_make(0.3f, -0.2f, 0.1f, 1.0f))); break;
    }
    return test_shape_translated(&s, p.x, p.y, p.z);
}

/* Shape casts of each type (cast_shape) through the grid scene, or falling
 * onto it from above, in `far` (the scene translated by `shift` along x)
 * against the same casts in `ref` (the scene at the origin): whether one
 * hits, the collider (unless another is hit within 1e-5 of the time), t
 * within 1e-4 of the sizes (3.2 across, at unit speed), the point within
 * that (after a start: a start names its contact's deepest point, and of
 * two about as deep either), and the normal within 1e-4. ref's cast shape
 * is built in ref too, or when moved_back is far's moved back by the shift
 * (exact: far's coordinates are rounded near it); point_x_slack is half
 * the spacing of the floats of a point's x in far. Returns the hits, and
 * counts those after a start in *moving. */
static int casts_agree(const tc_world *far, const tc_world *ref, double shift, bool moved_back,
                       double point_x_slack, int *moving)
{
    test_rng r = { 77 };
    int hits = 0;
    for (int q = 0; q < 150; ++q) {
        const int type = q % 5;
        const double ox = test_rng_uniform(&r, -5, 3 * GRID + 5), oy = test_rng_uniform(&r, -5, 3 * GRID + 5);
        /* through the grid, or (every other cast) from above it, falling */
        const bool falls = q % 2 != 0;
        const tc_vec3 v = tc_vec3_make((float)test_rng_uniform(&r, -1, 1), (float)test_rng_uniform(&r, -1, 1),
                                       falls ? -1.0f : (float)test_rng_uniform(&r, -0.2, 0.2));
        const double z = falls ? 2.6 : 0.3;
        const tc_shape sf = cast_shape(type, far, shift + ox, oy, z);
        const tc_shape s0 = moved_back ? test_shape_translated(&sf, -shift, 0, 0) : cast_shape(type, ref, ox, oy, z);
        tc_world_hit hf, h0;
        const bool got = tc_world_sweep_closest(far, &sf, v, 10.0f, NULL, &hf);
        const bool got0 = tc_world_sweep_closest(ref, &s0, v, 10.0f, NULL, &h0);
        hits += got0;
        *moving += got0 && h0.t > 0.0f;
        const char *name = test_shape_name(sf.type);
        CHECK_MSG(got == got0, "%s cast at shift %g, from %g %g: hit %d, %d at the origin", name, shift, ox, oy, got,
                  got0);
        if (!got || !got0) continue;
        const float dt = fabsf(hf.t - h0.t) * tc_vec3_length(v);
        CHECK_MSG(dt <= 3.2e-4f, "%s cast at shift %g, from %g %g: t %.9g, %.9g at the origin", name, shift, ox, oy,
                  hf.t, h0.t);
        const tc_world_position p = tc_world_to_absolute(far, hf.point), p0 = tc_world_to_absolute(ref, h0.point);
        const double ex = p.x - shift - p0.x, ey = p.y - p0.y, ez = p.z - p0.z; /* the shift is exact in double */
        /* (a cast starting in contact names its manifold's deepest point:
         * of two about as deep, either) */
        if (h0.t > 0.0f)
            CHECK_MSG(fabs(ex) <= 3.2e-4 + point_x_slack && fabs(ey) <= 3.2e-4 && fabs(ez) <= 3.2e-4,
                      "%s cast at shift %g, from %g %g: point off by %g %g %g", name, shift, ox, oy, ex, ey, ez);
        CHECK_MSG(tc_vec3_length(tc_vec3_sub(hf.normal, h0.normal)) <= 1e-4f,
                  "%s cast at shift %g, from %g %g: normal %g %g %g, %g %g %g at the origin", name, shift, ox, oy,
                  hf.normal.x, hf.normal.y, hf.normal.z, h0.normal.x, h0.normal.y, h0.normal.z);
        if (dt > 1e-5f) continue;
        CHECK(hf.collider.index == h0.collider.index);
    }
    return hits;
}

/* The world's shape casts (tc_world_sweep_closest) give the origin's hits
 * in the scene translated by 1e6 and 1e7: with the world's origin near the
 * scene, and without it, where the colliders' world shapes are at 1e6 and
 * 1e7 (rounded there; the reference is a world at the origin of the same
 * shapes moved back by the shift, which is exact) and the pair sweeps run
 * on those coordinates, the ground plane included (its pairs' overlap
 * band had been of their coordinates, and a cast 1.9 above the ground
 * touched it at 1e6, until it became of the pair's own numbers:
 * tc_plane_pair_is_near). Without the origin the
 * linear sweeps of the pairs without a hull or a mesh had advanced in
 * place, to a tolerance of 1e-6 of the coordinates, and the boxes' hit
 * point had been found there (109 failed checks: the first hit's time up
 * to 0.55 off at 1e6 and 2.1 at 1e7, and hits where the origin's cast
 * missed), until they ran in the pair's frame (sweep.c). */
TEST_CASE(issue12_large_worlds_shape_casts_far_from_the_origin_give_the_origin_hits)
{
    const double shifts[2] = { 1e6, 1e7 };
    int hits = 0, moving = 0;
    /* with the origin near the scene: the same numbers, up to the origin's fraction */
    const tc_world_position zero = { 0.37, 0.61, 0.13 }, zero_origin = { 10.67, 8.31, 0.03 };
    tc_world *w0 = grid_scene(zero, zero_origin);
    for (int k = 0; k < 2; ++k) {
        const tc_world_position centre = { shifts[k] + 0.37, 0.61, 0.13 };
        const tc_world_position origin = { centre.x + 10.3, centre.y + 7.7, centre.z - 0.1 };
        tc_world *w = grid_scene(centre, origin);
        hits += casts_agree(w, w0, shifts[k], false, 0.0, &moving);
        tc_world_destroy(w);
    }
    tc_world_destroy(w0);
    /* without it: the world shapes at 1e6 and 1e7 */
    const tc_world_position at_zero = { 0, 0, 0 };
    for (int k = 0; k < 2; ++k) {
        const tc_world_position centre = { shifts[k] + 0.37, 0.61, 0.13 };
        tc_world *far = grid_scene(centre, at_zero);
        tc_world_def def = tc_world_def_default();
        tc_world *ref = tc_world_create(&def);
        for (int i = 0; i < GRID * GRID + 1; ++i) { /* the colliders, then the ground */
            tc_collider_def d = tc_collider_def_default();
            d.shape = test_shape_translated(&far->shapes[i], -shifts[k], 0, 0);
            CHECK(!tc_collider_is_null(tc_world_create_collider(ref, &d)));
        }
        CHECK(tc_world_update(ref));
        /* a point's x is a float near the shift: half its spacing */
        hits += casts_agree(far, ref, shifts[k], true,
                            0.5 * (double)(nextafterf((float)shifts[k], INFINITY) - (float)shifts[k]), &moving);
        tc_world_destroy(ref);
        tc_world_destroy(far);
    }
    CHECK_MSG(hits > 400 && moving > 200, "%d casts hit, %d after a start", hits, moving);
}

/* Moving the origin of a populated world keeps everything where it is in
 * absolute terms: world shapes move by the opposite amount, pairs stay. */
TEST_CASE(issue12_large_worlds_moving_the_origin_keeps_absolute_places)
{
    const tc_world_position zero = { 0, 0, 0 };
    tc_world *w = grid_scene(zero, zero);
    const tc_node_id bone = node_at(w, tc_node_null(), tc_vec3_make(1, 2, 3));
    const tc_collider_id on_bone = box_at(w, bone, tc_vec3_make(0.5f, 0, 0), 0.25f);
    CHECK(tc_world_update(w));
    size_t n0;
    (void)tc_world_contact_events(w, &n0);
    const tc_world_position far = { 4096.0, -2048.0, 1024.0 };
    CHECK(tc_world_set_origin(w, far));
    const tc_world_position bad = { NAN, 0, 0 };
    CHECK(!tc_world_set_origin(w, bad));
    CHECK(tc_world_origin(w).x == far.x && tc_world_origin(w).y == far.y && tc_world_origin(w).z == far.z);
    CHECK(tc_world_update(w));
    size_t n;
    const tc_contact_event *e = tc_world_contact_events(w, &n);
    CHECK(n == n0);
    for (size_t k = 0; k < n; ++k) CHECK(e[k].state == TC_CONTACT_STAY);
    tc_shape s;
    CHECK(tc_world_collider_shape(w, on_bone, &s));
    const tc_world_position lo = tc_world_to_absolute(w, s.u.aabb.min);
    CHECK(lo.x == 1.25 && lo.y == 1.75 && lo.z == 2.75);
    tc_transform pose;
    CHECK(tc_world_node_world_pose(w, bone, &pose, NULL));
    CHECK(pose.position.x == (float)(1.0 - far.x) && pose.position.y == (float)(2.0 - far.y));
    tc_world_destroy(w);
}

/* ---- allocation failure -------------------------------------------------- */

enum { FAIL_COLLIDERS = 48 };

/* A scene of nodes and colliders built, updated, queried and changed: every
 * allocation of create, update and query is made in it. */
static void failing_scene(tc_world *w, tc_collider_id *ids)
{
    test_rng r = { 17 };
    tc_node_id nodes[4];
    for (int i = 0; i < 4; ++i)
        nodes[i] = node_at(w, i ? nodes[i - 1] : tc_node_null(), tc_vec3_make((float)test_rng_uniform(&r, -1, 1), 0, 0));
    for (int i = 0; i < FAIL_COLLIDERS; ++i) {
        tc_collider_def d = tc_collider_def_default();
        const float size = (float)test_rng_uniform(&r, 0.3, 1.2);
        if (i % 2) {
            tc_sphere sp = { { 0, 0, 0 }, size };
            d.shape = tc_shape_from_sphere(sp);
        } else {
            tc_aabb b = { { -size, -size, -size }, { size, size, size } };
            d.shape = tc_shape_from_aabb(b);
        }
        d.parent = i % 3 == 0 ? nodes[i % 4] : tc_node_null();
        d.local.position.x = (float)test_rng_uniform(&r, -4, 4);
        d.local.position.y = (float)test_rng_uniform(&r, -4, 4);
        d.local.position.z = 0.0f;

        d.group = i % 7 == 0 ? 1u : 0u;
        ids[i] = tc_world_create_collider(w, &d);
    }
    (void)tc_world_update(w); /* may report out of memory */
    static tc_world_hit hits[FAIL_COLLIDERS];
    static tc_collider_id found[FAIL_COLLIDERS];
    tc_ray ray = { { -10, 0.1f, 0 }, { 1, 0, 0 } };
    const size_t nh = tc_world_raycast_all(w, &ray, INFINITY, NULL, hits, FAIL_COLLIDERS);
    tc_world_hit one;
    (void)tc_world_raycast_closest(w, &ray, INFINITY, NULL, &one);
    tc_world_prepare_rays(w);
    (void)tc_world_raycast_closest(w, &ray, INFINITY, NULL, &one);
    tc_sphere q = { { 0, 0, 0 }, 3 };
    (void)tc_world_overlap_sphere(w, &q, NULL, found, FAIL_COLLIDERS);
    for (size_t k = 0; k < nh && k < FAIL_COLLIDERS; ++k) found[k] = hits[k].collider;
    (void)tc_world_debug_mark(w, found, nh < FAIL_COLLIDERS ? nh : FAIL_COLLIDERS);
    for (int i = 0; i < FAIL_COLLIDERS; i += 5)
        if (!tc_collider_is_null(ids[i]))
            (void)tc_world_set_collider_pose(w, ids[i], tc_transform_make(tc_vec3_make((float)i * 0.1f, 1, 0), tc_quat_identity()));
    if (!tc_collider_is_null(ids[3])) {
        tc_world_destroy_collider(w, ids[3]);
        ids[3] = tc_collider_null();
    }
    if (!tc_node_is_null(nodes[0]))
        (void)tc_world_set_node_pose(w, nodes[0], tc_transform_make(tc_vec3_make(0.5f, 0, 0), tc_quat_identity()), 1.0f);
    (void)tc_world_update(w);
}

/* Allocation failure at every allocation of create, update and query: the
 * world stays consistent (once memory is back, an update gives exactly the
 * touching pairs brute force finds among the colliders that exist) and the
 * counting allocator returns to zero. */
TEST_CASE(issue12_allocation_failure_at_every_allocation_keeps_the_world_consistent)
{
    counting_allocator ca;
    counting_allocator_init(&ca);
    tc_world_def def = tc_world_def_default();
    def.allocator = counting_allocator_hooks(&ca);
    tc_collider_id ids[FAIL_COLLIDERS];
    tc_world *w = tc_world_create(&def);
    failing_scene(w, ids);
    tc_world_destroy(w);
    const int64_t total = ca.total_allocs;
    CHECK(total > 50 && ca.live_bytes == 0);
    int failed_runs = 0;
    for (int64_t k = 0; k <= total; ++k) {
        ca.fail_after = k;
        w = tc_world_create(&def);
        if (!w) {
            CHECK(ca.live_bytes == 0);
            continue;
        }
        failing_scene(w, ids);
        failed_runs += ca.fail_after == 0; /* memory ran out during the scene (and stayed out) */
        ca.fail_after = -1;
        CHECK(tc_world_update(w));
        CHECK(tc_tree_validate(tc_world_tree(w)));
        /* two updates: the second's events are every touching pair, as STAY */
        CHECK(tc_world_update(w));
        size_t n;
        const tc_contact_event *e = tc_world_contact_events(w, &n);
        int want = 0;
        for (int i = 0; i < FAIL_COLLIDERS; ++i)
            for (int j = i + 1; j < FAIL_COLLIDERS; ++j) {
                tc_shape a, b;
                if (tc_collider_is_null(ids[i]) || tc_collider_is_null(ids[j])) continue;
                if (!tc_world_collider_shape(w, ids[i], &a) || !tc_world_collider_shape(w, ids[j], &b)) continue;
                if (i % 7 == 0 && j % 7 == 0) continue; /* one group */
                want += tc_shape_overlap(&a, &b);
            }
        size_t stays = 0;
        for (size_t m = 0; m < n; ++m) stays += e[m].state == TC_CONTACT_STAY;
        CHECK_MSG(stays == n && (int)n == want, "failing at allocation %lld: %zu events (%zu stay), brute force %d",
                  (long long)k, n, stays, want);
        tc_world_destroy(w);
        CHECK_MSG(ca.live_blocks == 0 && ca.live_bytes == 0, "failing at allocation %lld: %lld bytes left",
                  (long long)k, (long long)ca.live_bytes);
        if (test_failures > 10) break;
    }
    CHECK(failed_runs > 10 && ca.bad_frees == 0);
}

/* ---- no floating-point trap: the world fuzzer's finds under clang ------- */

/* A world query whose own box reaches the end of the float range: the pad
 * of its box (1.7320509 * m, then min - pad) overflowed in float, which
 * trapped on FE_OVERFLOW. It finds every collider (all are inside), as
 * does a plane query whose offset is FLT_MAX (its padded offset overflowed
 * the same way). */
TEST_CASE(issue12_traps_world_overlap_with_a_box_at_the_end_of_the_float_range)
{
    tc_world *w = tc_world_create(NULL);
    for (int i = 0; i < 4; ++i) CHECK(!tc_collider_is_null(box_at(w, tc_node_null(), tc_vec3_make(3.0f * (float)i, 0, 0), 0.5f)));
    CHECK(tc_world_update(w));
    tc_collider_id found[8];
    const tc_aabb huge = { { -FLT_MAX, -2.79e38f, -FLT_MAX }, { FLT_MAX, 2.79e38f, FLT_MAX } };
    CHECK(tc_world_overlap_aabb(w, &huge, NULL, found, 8) == 4);
    const tc_aabb far = { { 3e38f, 3e38f, 3e38f }, { FLT_MAX, FLT_MAX, FLT_MAX } };
    CHECK(tc_world_overlap_aabb(w, &far, NULL, found, 8) == 0);
    const tc_plane below = { { 0, 1, 0 }, FLT_MAX };
    CHECK(tc_world_overlap_plane(w, &below, NULL, found, 8) == 4);
    const tc_plane above = { { 0, 1, 0 }, -FLT_MAX };
    CHECK(tc_world_overlap_plane(w, &above, NULL, found, 8) == 0);
    /* a plane collider that far out is beyond TC_WORLD_FAR: out of the
     * pairs (no events), without a trap */
    tc_collider_def d = tc_collider_def_default();
    d.shape = tc_shape_from_plane(below);
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    CHECK(tc_world_update(w));
    size_t n;
    (void)tc_world_contact_events(w, &n);
    CHECK_MSG(n == 0, "%zu events", n);
    tc_world_destroy(w);
}

/* Bone matrices that are not finite are refused before any arithmetic: a
 * signalling NaN trapped on FE_INVALID when merely converted to double for
 * the volume test, an infinite column times a zero one would too, and three
 * columns near FLT_MAX overflowed the sum of their lengths. */
TEST_CASE(issue12_traps_bone_matrices_with_signalling_nans_or_huge_columns_are_refused)
{
    tc_world *w = tc_world_create(NULL);
    const tc_node_id n = node_at(w, tc_node_null(), tc_vec3_make(3, 0, 0));
    const uint32_t snan_bits = 0x7fa00001u, neg_snan_bits = 0xff8f65dau; /* quiet bit clear */
    float snan, neg_snan;
    memcpy(&snan, &snan_bits, sizeof snan);
    memcpy(&neg_snan, &neg_snan_bits, sizeof neg_snan);
    tc_mat4 m[5];
    for (int k = 0; k < 5; ++k) {
        memset(&m[k], 0, sizeof m[k]);
        m[k].m[0] = m[k].m[5] = m[k].m[10] = m[k].m[15] = 1.0f;
    }
    m[0].m[1] = neg_snan;
    m[1].m[9] = snan;
    m[2].m[0] = INFINITY; m[2].m[5] = 0.0f; /* infinite x column, zero y column */
    m[3].m[0] = m[3].m[5] = m[3].m[10] = 3e38f; /* lengths fine, their sum not */
    m[4].m[0] = NAN;
    for (int k = 0; k < 5; ++k) CHECK_MSG(tc_world_set_node_matrices(w, &n, &m[k], 1) == 0, "matrix %d", k);
    CHECK(tc_world_update(w));
    tc_transform pose;
    CHECK(tc_world_node_world_pose(w, n, &pose, NULL));
    CHECK(pose.position.x == 3.0f);
    tc_world_destroy(w);
}

static void count_line(void *context, tc_vec3 a, tc_vec3 b, tc_debug_state state, tc_collider_id collider)
{
    (void)a;
    (void)b;
    (void)state;
    (void)collider;
    ++*(int *)context;
}

/* A NaN plane size in the debug-draw options means "choose one": it was
 * compared before its finiteness test, which trapped on FE_INVALID. */
TEST_CASE(issue12_traps_debug_draw_with_a_nan_plane_size)
{
    tc_world *w = tc_world_create(NULL);
    tc_collider_def d = tc_collider_def_default();
    const tc_plane floor_plane = { { 0, 1, 0 }, 0 };
    d.shape = tc_shape_from_plane(floor_plane);
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    CHECK(!tc_collider_is_null(box_at(w, tc_node_null(), tc_vec3_make(0, 2, 0), 1.0f)));
    CHECK(tc_world_update(w));
    int lines[2] = { 0, 0 };
    const float sizes[2] = { NAN, 0.0f };
    for (int k = 0; k < 2; ++k) {
        tc_debug_draw dd = tc_debug_draw_default();
        dd.line = count_line;
        dd.context = &lines[k];
        dd.plane_half_size = sizes[k];
        tc_world_debug_draw(w, &dd);
    }
    CHECK(lines[0] > 0 && lines[0] == lines[1]);
    tc_world_destroy(w);
}

/* A local shape of each tree-held type, of size about `s`, around the
 * origin (so that two of them at the same place overlap). */
static tc_shape shape_of_type(int type, float s)
{
    switch (type) {
    case 0: { const tc_sphere x = { { 0, 0, 0 }, s }; return tc_shape_from_sphere(x); }
    case 1: { const tc_capsule x = { { -0.6f * s, 0.2f * s, 0 }, { 0.6f * s, -0.1f * s, 0.3f * s }, 0.5f * s }; return tc_shape_from_capsule(x); }
    case 2: { const tc_aabb x = { { -s, -0.7f * s, -0.4f * s }, { s, 0.7f * s, 0.4f * s } }; return tc_shape_from_aabb(x); }
    case 3: { tc_obb x; x.center = tc_vec3_zero(); x.half = tc_vec3_make(s, 0.6f * s, 0.3f * s);
              x.rotation = tc_mat3_identity(); return tc_shape_from_obb(x); }
    case 4: { const tc_triangle x = { { -s, -0.3f * s, 0 }, { s, 0, 0.2f * s }, { 0, s, -0.4f * s } }; return tc_shape_from_triangle(x); }
    case 5: return hull_of_size(s, tc_quat_identity());
    default: return mesh_of_size(s, tc_quat_identity());
    }
}
enum { TREE_TYPES = 7 }; /* shape_of_type's: sphere, capsule, AABB, OBB, triangle, hull, mesh */

/* Shapes a and b as the two colliders of a world without fattening (so
 * that the tree boxes' pads are what is tested): checks that the world
 * calls them touching exactly when the exact test does, and returns the
 * exact test's answer, counted in *touching or *apart. `at` and `param`
 * name the case in a failure. */
static bool touching_as_exact(const tc_shape *a, tc_transform pa, const tc_shape *b, tc_transform pb, double at,
                              double param, long *touching, long *apart)
{
    tc_world_def def = tc_world_def_default();
    def.margin_ratio = 0.0f;
    tc_world *w = tc_world_create(&def);
    tc_collider_def d = tc_collider_def_default();
    d.shape = *a;
    d.local = pa;
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    d.shape = *b;
    d.local = pb;
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    CHECK(tc_world_update(w));
    const bool exact = tc_shape_overlap(&w->shapes[0], &w->shapes[1]);
    const bool got = w->hot[0].touching > 0;
    CHECK_MSG(got == exact, "types %d %d, at %g, parameter %.9g: world %d, exact test %d", (int)a->type,
              (int)b->type, at, param, got, exact);
    tc_world_destroy(w);
    ++*(exact ? touching : apart);
    return exact;
}

/* With the tree boxes padded by sizes only, a pair the exact test calls
 * touching must still have meeting tree boxes, far from the origin too:
 * for every pair of tree-held types, unturned or turned at random, one
 * shape is moved away from the other along an axis or a random direction
 * by bisection towards the
 * last position the exact test calls touching (the band's edge, where a
 * pad too small would lose the pair), at 0, 1e3, 1e5 and 3e6 from the
 * origin; at every step the world's touching must be the exact test's.
 * Without fattening, so that the tree boxes' pads are what is tested. */
TEST_CASE(issue12_large_worlds_size_padded_tree_boxes_keep_every_touching_pair)
{
    test_rng r = { 12 };
    const double offsets[4] = { 0.0, 1e3, 1e5, 3e6 };
    long touching = 0, apart = 0;
    for (int ta = 0; ta < TREE_TYPES; ++ta) {
        for (int tb = 0; tb < TREE_TYPES; ++tb) {
            for (int rep = 0; rep < 3; ++rep) {
                const double size_a = test_rng_uniform(&r, 0.05, 2.0);
                const double size_b = test_rng_uniform(&r, 0.05, 2.0);
                tc_vec3 u = test_rng_vec3(&r, -1, 1);
                if (tc_vec3_length_sq(u) < 0.01f) u = tc_vec3_make(1, 0, 0);
                u = tc_vec3_normalize(u);
                tc_quat qa = tc_quat_normalize(test_rng_quat4(&r, -1, 1));
                tc_quat qb = tc_quat_normalize(test_rng_quat4(&r, -1, 1));
                if (rep < 2) {
                    /* along an axis, unturned: the tree boxes are then tight
                     * where the shapes meet, and only their pads join them */
                    u = rep == 0 ? tc_vec3_make(1, 0, 0) : tc_vec3_make(0, -1, 0);
                    qa = qb = tc_quat_identity();
                }
                for (int k = 0; k < 4; ++k) {
                    double lo = 0.0, hi = 10.0;
                    for (int step = 0; step < 48; ++step) {
                        const double t = 0.5 * (lo + hi);
                        const tc_transform pa =
                            tc_transform_make(tc_vec3_make((float)offsets[k], 0, 0), ta == 2 ? tc_quat_identity() : qa);
                        const tc_transform pb = tc_transform_make(
                            tc_vec3_make((float)(offsets[k] + t * u.x), (float)(t * u.y), (float)(t * u.z)),
                            tb == 2 ? tc_quat_identity() : qb);
                        const tc_shape sa = shape_of_type(ta, (float)size_a), sb = shape_of_type(tb, (float)size_b);
                        *(touching_as_exact(&sa, pa, &sb, pb, offsets[k], t, &touching, &apart) ? &lo : &hi) = t;
                    }
                }
            }
        }
    }
    CHECK(touching > 1000 && apart > 1000);
}

/* Every tree-held type beyond 2^27 keeps size-padded tree boxes (its pair
 * tests run relative to the pair there too: overlap_far.h): at x = 1e9,
 * where floats are 64 apart, shape B of each type but AABB 128 away from A
 * (of each type, possibly turned) grows by bisection on its scale towards
 * the last size the exact test calls touching; at every step the world's
 * touching must be the exact test's. And two shapes of a type there of
 * size 25, 128 apart, make no candidate pair (padded by their coordinates,
 * 4e-5 * 1.73 * 1e9 = 69000, they would: hulls and meshes until their pair
 * tests ran relative, the other types until theirs did beyond 2^28). */
TEST_CASE(issue12_large_worlds_every_type_beyond_2e27_keeps_every_touching_pair)
{
    test_rng r = { 27 };
    const float x = 1e9f; /* a float: 1953125 * 2^9 */
    long touching = 0, apart = 0;
    for (int ta = 0; ta < TREE_TYPES; ++ta) {
        for (int tb = 0; tb < TREE_TYPES; ++tb) {
            if (tb == 2) continue; /* an AABB cannot turn, and only its size would change */
            for (int rep = 0; rep < 3; ++rep) {
                const double size_a = test_rng_uniform(&r, 20.0, 100.0);
                tc_quat qa = tc_quat_normalize(test_rng_quat4(&r, -1, 1));
                tc_quat qb = tc_quat_normalize(test_rng_quat4(&r, -1, 1));
                if (rep == 0) qa = qb = tc_quat_identity();
                double lo = 0.0, hi = 400.0;
                for (int step = 0; step < 48; ++step) {
                    const double sb = 0.5 * (lo + hi);
                    const tc_shape a = shape_of_type(ta, (float)size_a), b = shape_of_type(tb, (float)sb);
                    const bool exact = touching_as_exact(&a, tc_transform_make(tc_vec3_make(x, 0, 0), qa), &b,
                                                         tc_transform_make(tc_vec3_make(x + 128.0f, 0, 0), qb), x, sb,
                                                         &touching, &apart);
                    *(exact ? &hi : &lo) = sb;
                }
            }
        }
        /* no candidate pair between two of them 128 apart */
        tc_world_def def = tc_world_def_default();
        def.margin_ratio = 0.0f;
        tc_world *w = tc_world_create(&def);
        tc_collider_def d = tc_collider_def_default();
        d.shape = shape_of_type(ta, 25.0f);
        d.local.position = tc_vec3_make(x, 0, 0);
        CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
        d.local.position = tc_vec3_make(x + 128.0f, 0, 0);
        CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
        CHECK(tc_world_update(w));
        CHECK_MSG(w->pairs.count == 0, "type %d: %zu candidate pairs", ta, w->pairs.count);
        tc_world_destroy(w);
    }
    CHECK(touching > 500 && apart > 500);
}

/* Every pair of tree-held types (no mesh pair: meshes have no pair test)
 * at x = 1e6, 1e7, 1e9 and 1e12 answers as the same pair moved back to the
 * origin: the far pair is placed (rounded to the floats there, 64 apart at
 * 1e9 and 65536 at 1e12, which may flatten a shape along x), and moved
 * back by -x, which is exact, it is the reference. Overlap is the
 * reference's outside the band (1e-4 of the sizes, 2 across), the distance
 * within that band, contact and a still sweep exactly when overlap, and
 * the deepest point's depth within the band. B sits over A at gaps of +-0.01 (and random ones)
 * along y, where the coordinates are small and exact: the shapes' y extents
 * (shape_of_type, size 1) put B's bottom `gap` above A's top. Beyond 2^28
 * the primitives' bands were of the coordinates (GJK's own tolerance,
 * 1e-12 of them: 1 at 1e12, where unit boxes 0.01 apart overlapped), and
 * so were the meshes' contacts and distances.
 *
 * The float closed forms of sphere-capsule, capsule-capsule and
 * sphere-triangle distance and contact had taken their closest points in
 * world floats below 2^28 (distances 0.004 off at 1e6, 0.045 at 1e7,
 * depths 0.01 and 0.26) until they ran in the pair's frame
 * (round_closest.h). The hulls' distance, manifold and sweeps ran on the
 * cores where they were (a sphere's depth 0.044 for 0.010 at 1e9, a
 * distance 0 for gaps of 0.01 and 0.23 at 1e12, and still and falling
 * sweeps hitting at t = 0 from a gap of 0.01 at 1e6 on, their start band
 * being 1e-7 of the coordinates: 388 failed checks) until they ran in the
 * pair's frame (tc_core_pair_is_near). Every pair is checked with B
 * falling onto A too (the time and the hit's height within the band; of
 * two triangles, the time). The linear sweeps of the pairs without a hull
 * or a mesh had advanced in place below 2^28, to a tolerance of 1e-6 of
 * the coordinates (1 at 1e6), and the boxes' closed form had found its hit
 * point by GJK in place: falling times 0.37 off at 1e6 and 0.40 at 1e7,
 * heights 0.28, and at 1e12 a box's face hit 0.50 below it (95 failed
 * checks), until they ran in the pair's frame on the same rule
 * (tc_core_pair_is_near, sweep.c).
 * The rotating sweeps of every pair, of the shapes in their own frames
 * placed by poses, are checked too: held still, hitting exactly when the
 * reference touches outside the band, and with B falling, at its time
 * within the band (not the point: two tilted capsules meet along a
 * segment). They ran in place, their tolerance 1e-5 of the coordinates (20
 * at 1e6: falling times 0.37 off) and GJK's of them (at 1e12 a still pair
 * 0.01 apart hit), and a hull's start band with them (a still hull 0.01
 * apart hit from 1e6 on): 849 failed checks, until they ran in A's frame
 * beyond TC_CORE_NEAR_RATIO (tc_core_sweep_rigid_moving). */

static float deepest_depth(const tc_manifold *m)
{
    float d = 0.0f;
    for (int i = 0; i < m->count; ++i) d = fmaxf(d, m->points[i].depth);
    return d;
}

TEST_CASE(issue12_large_worlds_every_pair_far_from_the_origin_answers_as_at_the_origin)
{
    const double xs[4] = { 1e6, 1e7, 1e9, 1e12 };
    const double top[TREE_TYPES] = { 1.0, 0.7, 0.7, 0.6, 1.0, 1.0, 1.0 }; /* shape_of_type(t, 1)'s largest y */
    const double bottom[TREE_TYPES] = { -1.0, -0.6, -0.7, -0.6, -0.3, -1.0, -1.0 };
    const double band = 1e-4 * 2.0;
    test_rng r = { 1012 };
    long overlaps = 0, apart = 0, falls = 0, rigid = 0;
    for (int ta = 0; ta < TREE_TYPES; ++ta) {
        for (int tb = 0; tb < TREE_TYPES; ++tb) {
            if (ta == 6 && tb == 6) continue;
            const tc_shape sa = shape_of_type(ta, 1.0f), sb = shape_of_type(tb, 1.0f);
            for (int q = 0; q < 8; ++q) {
                const double gap = q == 0 ? 0.01 : q == 1 ? -0.01 : test_rng_uniform(&r, -0.5, 0.5);
                const double dx = q < 2 ? 0.0 : test_rng_uniform(&r, -0.5, 0.5), dz = q < 2 ? 0.0 : test_rng_uniform(&r, -0.5, 0.5);
                const double dy = top[ta] - bottom[tb] + gap;
                for (int k = 0; k < 4; ++k) {
                    const tc_shape fa = test_shape_translated(&sa, xs[k], 0, 0);
                    const tc_shape fb = test_shape_translated(&sb, xs[k] + dx, dy, dz);
                    const tc_shape ra = test_shape_translated(&fa, -xs[k], 0, 0);
                    const tc_shape rb = test_shape_translated(&fb, -xs[k], 0, 0);
                    tc_manifold mf, mr;
                    const bool ov = tc_shape_overlap(&fa, &fb), ov0 = tc_shape_overlap(&ra, &rb);
                    const float d = tc_shape_distance(&fa, &fb, NULL, NULL), d0 = tc_shape_distance(&ra, &rb, NULL, NULL);
                    const bool c = tc_shape_contact(&fa, &fb, &mf), c0 = tc_shape_contact(&ra, &rb, &mr);
                    const char *na = test_shape_name(fa.type), *nb = test_shape_name(fb.type);
                    CHECK_MSG(fabs((double)d - d0) <= band, "%s-%s at %g, gap %g: distance %.9g, %.9g at the origin",
                                  na, nb, xs[k], gap, d, d0);
                    if (q == 0) CHECK_MSG(!ov && d >= 0.01 - band,
                                          "%s-%s at %g, 0.01 apart: overlap %d, distance %g", na, nb, xs[k], ov, d);
                    if (d0 > band) CHECK_MSG(!ov, "%s-%s at %g, gap %g: overlap at distance %g (%g at the origin)", na,
                                             nb, xs[k], gap, d, d0);
                    if (c0 && deepest_depth(&mr) > band)
                        CHECK_MSG(ov, "%s-%s at %g, gap %g: apart, %g deep at the origin", na, nb, xs[k], gap,
                                  deepest_depth(&mr));
                    CHECK_MSG(c == ov, "%s-%s at %g, gap %g: contact %d, overlap %d", na, nb, xs[k], gap, c, ov);
                    tc_sweep_hit h;
                    const bool still = tc_shape_sweep(&fa, tc_vec3_zero(), &fb, tc_vec3_zero(), 1.0f, &h);
                    CHECK_MSG(still == ov, "%s-%s at %g, gap %g: a still sweep %d, overlap %d",
                              na, nb, xs[k], gap, still, ov);
                    if (c && c0)
                        CHECK_MSG(fabsf(deepest_depth(&mf) - deepest_depth(&mr)) <= band,
                                  "%s-%s at %g, gap %g: depth %.9g, %.9g at the origin", na, nb, xs[k], gap,
                                  deepest_depth(&mf), deepest_depth(&mr));
                    /* B falling onto A: the time (a distance, at unit speed) and the
                     * hit's height within the band (its x is rounded at the far
                     * place). Not the height of two triangles: B is A moved, so they
                     * first touch when coplanar, anywhere in their common part (A's
                     * corner at 1e7, a point of its edge at the origin). */
                    tc_sweep_hit hf, hr;
                    const tc_vec3 down = tc_vec3_make(0, -1, 0);
                    const bool fall = tc_shape_sweep(&fa, tc_vec3_zero(), &fb, down, 1.0f, &hf);
                    const bool fall0 = tc_shape_sweep(&ra, tc_vec3_zero(), &rb, down, 1.0f, &hr);
                    if (fall0 && !ov0 && hr.t < 0.99f) {
                        ++falls;
                        const bool coplanar = ta == 4 && tb == 4;
                        CHECK_MSG(fall && fabsf(hf.t - hr.t) <= band && (coplanar || fabsf(hf.point.y - hr.point.y) <= band),
                                  "%s-%s at %g, gap %g: falling hit %d at t %.9g, y %.9g; t %.9g, y %.9g at the origin",
                                  na, nb, xs[k], gap, fall, hf.t, hf.point.y, hr.t, hr.point.y);
                    }
                    /* The rotating sweeps, of the shapes in their own frames placed by
                     * poses (B's x rounded to a float there): held still, hit exactly
                     * when the reference pair (gb over A at the origin) is touching
                     * outside the band; B falling, the time and height within it. */
                    const float ax = (float)xs[k], bx = (float)(xs[k] + dx);
                    const tc_shape gb = test_shape_translated(&sb, (double)(bx - ax), (float)dy, (float)dz);
                    const tc_transform pa = tc_transform_make(tc_vec3_make(ax, 0, 0), tc_quat_identity());
                    const tc_transform pb = tc_transform_make(tc_vec3_make(bx, (float)dy, (float)dz), tc_quat_identity());
                    const tc_transform pb1 = tc_transform_make(tc_vec3_make(bx, (float)dy - 1.0f, (float)dz), tc_quat_identity());
                    const tc_transform id = tc_transform_make(tc_vec3_zero(), tc_quat_identity());
                    const tc_transform gb1 = tc_transform_make(tc_vec3_make(0, -1, 0), tc_quat_identity());
                    tc_manifold mg;
                    const float dg = tc_shape_distance(&sa, &gb, NULL, NULL);
                    const bool cg = tc_shape_contact(&sa, &gb, &mg);
                    const bool held = tc_shape_sweep_rigid(&sa, pa, pa, &sb, pb, pb, &hf);
                    if (dg > band || (cg && deepest_depth(&mg) > band)) {
                        ++rigid;
                        CHECK_MSG(held == cg, "%s-%s at %g, gap %g: a still rotating sweep %d, distance %g at the origin",
                                  na, nb, xs[k], gap, held, dg);
                    }
                    const bool turn = tc_shape_sweep_rigid(&sa, pa, pa, &sb, pb, pb1, &hf);
                    const bool turn0 = tc_shape_sweep_rigid(&sa, id, id, &gb, id, gb1, &hr);
                    if (turn0 && !cg && hr.t < 0.99f) {
                        ++rigid;
                        CHECK_MSG(turn && fabsf(hf.t - hr.t) <= band,
                                  "%s-%s at %g, gap %g: rotating sweep falling, hit %d at t %.9g; t %.9g at the origin",
                                  na, nb, xs[k], gap, turn, hf.t, hr.t);
                    }
                    ++*(ov0 ? &overlaps : &apart);
                }
            }
        }
    }
    CHECK(overlaps > 200 && apart > 200);
    CHECK_MSG(rigid > 2000, "%ld rotating sweeps compared", rigid);
    CHECK_MSG(falls > 800, "%ld falling sweeps compared", falls);
}

/* Every shape type against a plane, level and tilted (its normal with an x
 * part, so that the far plane's offset is rounded at the far place), at
 * x = 1e6, 1e7, 1e9 and 1e12 answers as the same pair moved back to the
 * origin (as the test above: the far pair placed by rounding to the floats
 * there, the reference the far pair moved back by -x). The shape's lowest
 * point sits `gap` above the plane at the origin (+-0.01 and random gaps).
 * Overlap is the reference's outside the band, the distance and the
 * deepest depth within it, contact and a still sweep exactly when overlap,
 * and the shape falling (along -y, translating and by poses) hits at the
 * reference's time within the band. The plane pairs' overlap tests had a
 * band of the coordinates (16 float epsilons of the shape's coordinates and
 * the plane's offset; 1e-7 of them for a hull or a mesh): a unit shape 1.9
 * above a ground at 1e6 touched it, 19 at 1e7, a sphere 1907 at 1e9, a hull
 * 0.1 at 1e6, with contact following the overlap and a hull's still sweep
 * not (its start by the height in double); the rotating plane sweep's
 * tolerance was 1e-5 of the coordinates (10 at 1e6). */
TEST_CASE(issue12_large_worlds_every_plane_pair_far_from_the_origin_answers_as_at_the_origin)
{
    const double xs[4] = { 1e6, 1e7, 1e9, 1e12 };
    const tc_vec3 normals[2] = { { 0, 1, 0 }, { 0.48f, 0.8f, 0.36f } }; /* level, and tilted (unit: 0.2304 + 0.64 + 0.1296) */
    const double band = 1e-4 * 2.0;
    test_rng r = { 1013 };
    long overlaps = 0, apart = 0, falls = 0, rigid = 0, failures = 0;
    for (int ta = 0; ta < TREE_TYPES; ++ta) {
        const tc_shape s = shape_of_type(ta, 1.0f);
        for (int pn = 0; pn < 2; ++pn) {
            for (int q = 0; q < 8; ++q) {
                const double gap = q == 0 ? 0.01 : q == 1 ? -0.01 : test_rng_uniform(&r, -0.5, 0.5);
                /* the plane gap under the shape's lowest point at the origin */
                const tc_plane low = { normals[pn], -100.0f };
                const tc_shape low_shape = tc_shape_from_plane(low);
                const double lowest = (double)tc_shape_distance(&s, &low_shape, NULL, NULL) - 100.0;
                const tc_plane p0 = { normals[pn], (float)(lowest - gap) };
                const tc_shape sp = tc_shape_from_plane(p0);
                for (int k = 0; k < 4; ++k) {
                    /* The far plane's offset is rounded there (to 0.5 at 1e7 when
                     * tilted): the shape is raised by that rounding (e along the
                     * normal, e / n.y along y, small and exact enough there) to keep
                     * its gap. */
                    const double x = (double)(float)xs[k];
                    const tc_shape fp = test_shape_translated(&sp, x, 0, 0);
                    const double e = (double)fp.u.plane.offset - ((double)p0.offset + (double)p0.normal.x * x);
                    const float y = (float)(e / (double)p0.normal.y);
                    const tc_shape fs = test_shape_translated(&s, x, y, 0);
                    const tc_shape rs = test_shape_translated(&fs, -x, 0, 0), rp = test_shape_translated(&fp, -x, 0, 0);
                    const long before = test_failures;
                    tc_manifold mf, mr;
                    const bool ov = tc_shape_overlap(&fs, &fp), ov0 = tc_shape_overlap(&rs, &rp);
                    const float d = tc_shape_distance(&fs, &fp, NULL, NULL), d0 = tc_shape_distance(&rs, &rp, NULL, NULL);
                    const bool c = tc_shape_contact(&fs, &fp, &mf), c0 = tc_shape_contact(&rs, &rp, &mr);
                    const char *na = test_shape_name(fs.type), *tilt = pn ? "tilted" : "level";
                    CHECK_MSG(fabs((double)d - d0) <= band, "%s-%s plane at %g, gap %g: distance %.9g, %.9g at the origin",
                              na, tilt, x, gap, d, d0);
                    if (q == 0 && fabs((double)d0 - 0.01) < 1e-4)
                        CHECK_MSG(!ov && d >= 0.01 - band, "%s-%s plane at %g, 0.01 above: overlap %d, distance %g", na,
                                  tilt, x, ov, d);
                    if (d0 > band)
                        CHECK_MSG(!ov, "%s-%s plane at %g, gap %g: overlap at distance %g (%g at the origin)", na, tilt, x,
                                  gap, d, d0);
                    if (c0 && deepest_depth(&mr) > band)
                        CHECK_MSG(ov, "%s-%s plane at %g, gap %g: apart, %g deep at the origin", na, tilt, x, gap,
                                  deepest_depth(&mr));
                    CHECK_MSG(c == ov, "%s-%s plane at %g, gap %g: contact %d, overlap %d", na, tilt, x, gap, c, ov);
                    CHECK_MSG(d == 0.0f ? ov : !ov || d <= band, "%s-%s plane at %g, gap %g: distance %g, overlap %d", na,
                              tilt, x, gap, d, ov);
                    tc_sweep_hit h, hr;
                    const bool still = tc_shape_sweep(&fs, tc_vec3_zero(), &fp, tc_vec3_zero(), 1.0f, &h);
                    CHECK_MSG(still == ov, "%s-%s plane at %g, gap %g: a still sweep %d, overlap %d", na, tilt, x, gap,
                              still, ov);
                    if (c && c0)
                        CHECK_MSG(fabsf(deepest_depth(&mf) - deepest_depth(&mr)) <= band,
                                  "%s-%s plane at %g, gap %g: depth %.9g, %.9g at the origin", na, tilt, x, gap,
                                  deepest_depth(&mf), deepest_depth(&mr));
                    const tc_vec3 down = tc_vec3_make(0, -1, 0);
                    const bool fall = tc_shape_sweep(&fs, down, &fp, tc_vec3_zero(), 1.0f, &h);
                    const bool fall0 = tc_shape_sweep(&rs, down, &rp, tc_vec3_zero(), 1.0f, &hr);
                    if (fall0 && !ov0 && hr.t < 0.99f) {
                        ++falls;
                        CHECK_MSG(fall && fabsf(h.t - hr.t) <= band,
                                  "%s-%s plane at %g, gap %g: falling hit %d at t %.9g; t %.9g at the origin", na, tilt,
                                  x, gap, fall, h.t, hr.t);
                    }
                    /* The rotating sweeps: the shape in its own frame placed by a
                     * pose at x (a float), held still and falling, against the far
                     * plane; the reference, the shape unmoved against the plane
                     * moved back. */
                    const tc_transform pa = tc_transform_make(tc_vec3_make((float)x, y, 0), tc_quat_identity());
                    const tc_transform pa1 = tc_transform_make(tc_vec3_make((float)x, y - 1.0f, 0), tc_quat_identity());
                    const tc_transform id = tc_transform_make(tc_vec3_make(0, y, 0), tc_quat_identity());
                    const tc_transform id1 = tc_transform_make(tc_vec3_make(0, y - 1.0f, 0), tc_quat_identity());
                    const tc_transform plane_pose = tc_transform_make(tc_vec3_zero(), tc_quat_identity());
                    const tc_shape gs = test_shape_translated(&s, 0, y, 0);
                    tc_manifold mg;
                    const float dg = tc_shape_distance(&gs, &rp, NULL, NULL);
                    const bool cg = tc_shape_contact(&gs, &rp, &mg);
                    const bool held = tc_shape_sweep_rigid(&s, pa, pa, &fp, plane_pose, plane_pose, &h);
                    if (dg > band || (cg && deepest_depth(&mg) > band)) {
                        ++rigid;
                        CHECK_MSG(held == cg, "%s-%s plane at %g, gap %g: a still rotating sweep %d, distance %g at the origin",
                                  na, tilt, x, gap, held, dg);
                    }
                    const bool turn = tc_shape_sweep_rigid(&s, pa, pa1, &fp, plane_pose, plane_pose, &h);
                    const bool turn0 = tc_shape_sweep_rigid(&s, id, id1, &rp, plane_pose, plane_pose, &hr);
                    if (turn0 && !cg && hr.t < 0.99f) {
                        ++rigid;
                        CHECK_MSG(turn && fabsf(h.t - hr.t) <= band,
                                  "%s-%s plane at %g, gap %g: rotating sweep falling, hit %d at t %.9g; t %.9g at the origin",
                                  na, tilt, x, gap, turn, h.t, hr.t);
                    }
                    failures += test_failures != before;
                    ++*(ov0 ? &overlaps : &apart);
                }
            }
        }
    }
    CHECK_MSG(failures == 0, "%ld of %ld plane pairs failed", failures, overlaps + apart);
    CHECK(overlaps > 100 && apart > 100);
    CHECK_MSG(rigid > 300, "%ld rotating sweeps compared", rigid);
    CHECK_MSG(falls > 100, "%ld falling sweeps compared", falls);
}
