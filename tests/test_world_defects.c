// SPDX-License-Identifier: MIT
/* Regression tests for the world defects of issue 12, each named after its
 * item. Costs are measured as operation counts through the world's test
 * hooks (world_internal.h), never as wall time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <touche/world.h>

#include "counting_allocator.h"
#include "harness.h"
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

TEST_LIST(TEST_ENTRY(issue12_item4_id_pool_retires_a_slot_whose_generation_would_wrap),
          TEST_ENTRY(issue12_item4_generation_wrap_gives_no_old_id_and_no_cycle),
          TEST_ENTRY(issue12_item5_cycle_check_compares_full_ids_after_slot_reuse),
          TEST_ENTRY(issue12_item5_linking_a_long_chain_is_linear_in_either_order),
          TEST_ENTRY(issue12_item5_million_deep_chain_without_recursion))
