/* SPDX-License-Identifier: MIT */
/* What a physics step asks of the world, against brute force: shape casts
 * and the touching pairs' manifolds.
 *
 * Casts: a random world of every
 * collider type (hulls and meshes sharing data, planes), with categories,
 * masks and groups, some disabled or destroyed after the update (they
 * leave the queries at once), cast at by every shape type. The brute force
 * tries the pair sweep on every collider that passes the filter, found
 * from its own model rather than the world's tree, and keeps the earliest
 * (then the lowest index): the world's answer must be the same bits. The
 * rotating cast likewise, and the rotating dispatch against the typed pair
 * functions it chooses. Rays and overlaps honour the filter's group too.
 *
 * Manifolds: after each update of a random world whose colliders move,
 * change filters and groups, get disabled and destroyed, the list equals
 * the pair contact query on every pair the brute force finds touching (in
 * pair order), entries of pairs that did not move are carried over, a
 * resting box keeps its ids, and a world without manifolds allocates
 * nothing for them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <touche/world.h>

#include "counting_allocator.h"
#include "harness.h"
#include "mesh_gen.h"

static tc_quat qrand(test_rng *r)
{
    return tc_quat_normalize(test_rng_quat_raw(r));
}

#define MAXC 400

/* The shared data every hull and mesh collider points at (owned here,
 * outliving every world that uses it). */
static tc_hull_data *g_hull_round, *g_hull_flat;
static tc_mesh_data *g_mesh_grid;

static void make_data(void)
{
    if (g_hull_round) return;
    test_rng r = { 77 };
    tc_vec3 pts[40];
    for (int i = 0; i < 40; ++i) pts[i] = test_rng_vec3(&r, -1.0, 1.0);
    g_hull_round = tc_hull_data_create(pts, 40, NULL);
    for (int i = 0; i < 12; ++i) {
        const float x = test_rng_float(&r, -1, 1), y = test_rng_float(&r, -1, 1);
        pts[i] = tc_vec3_make(x, y, 0.0f); /* flat: a polygon of zero thickness */
    }
    g_hull_flat = tc_hull_data_create(pts, 12, NULL);
    g_mesh_grid = gen_grid_mesh(6, 1.0f, &r); /* 6 x 6 quads, gently bumped */
    CHECK(g_hull_round && g_hull_flat && g_mesh_grid);
}

/* The world first, then the data it points at (the data outlives it). */
static void free_all(void);

/* A shape of the given type in its own frame, about the size of a unit. */
static tc_shape local_shape(test_rng *r, int type)
{
    switch (type) {
    case TC_SHAPE_SPHERE: {
        tc_sphere s = { test_rng_vec3(r, -0.3, 0.3), test_rng_float(r, 0.0, 1.2) };
        return tc_shape_from_sphere(s);
    }
    case TC_SHAPE_CAPSULE: {
        const tc_vec3 a = test_rng_vec3(r, -1.0, 1.0), b = test_rng_vec3(r, -1.0, 1.0);
        tc_capsule c = { a, b, test_rng_float(r, 0.05, 0.6) };
        return tc_shape_from_capsule(c);
    }
    case TC_SHAPE_AABB: {
        const tc_vec3 h = tc_vec3_make(test_rng_float(r, 0.0, 1.2), test_rng_float(r, 0.05, 1.2), test_rng_float(r, 0.05, 1.2));
        tc_aabb b = { tc_vec3_neg(h), h };
        return tc_shape_from_aabb(b);
    }
    case TC_SHAPE_OBB: {
        const tc_vec3 h = tc_vec3_make(test_rng_float(r, 0.05, 1.2), test_rng_float(r, 0.05, 1.2), test_rng_float(r, 0.0, 1.2));
        return tc_shape_from_obb(tc_obb_from_quat(test_rng_vec3(r, -0.2, 0.2), h, qrand(r)));
    }
    case TC_SHAPE_TRIANGLE: {
        const tc_vec3 a = test_rng_vec3(r, -1.2, 1.2), b = test_rng_vec3(r, -1.2, 1.2), c = test_rng_vec3(r, -1.2, 1.2);
        tc_triangle t = { a, b, c };
        return tc_shape_from_triangle(t);
    }
    case TC_SHAPE_PLANE: {
        /* a floor well below the others, tilted a little */
        const tc_vec3 n = tc_vec3_normalize(tc_vec3_add(tc_vec3_make(0, 1, 0), test_rng_vec3(r, -0.2, 0.2)));
        tc_plane p = { n, -14.0f };
        return tc_shape_from_plane(p);
    }
    case TC_SHAPE_HULL:
        return tc_shape_from_hull(tc_hull_make(test_rng_int(r, 0, 2) ? g_hull_round : g_hull_flat,
                                               tc_transform_identity(), test_rng_float(r, 0.3, 1.5)));
    default:
        return tc_shape_from_mesh(tc_mesh_make(g_mesh_grid, tc_transform_identity(), test_rng_float(r, 0.2, 0.8)));
    }
}

static int random_type(test_rng *r)
{
    const int t = test_rng_int(r, 0, 40);
    if (t == 0) return TC_SHAPE_PLANE;
    if (t <= 3) return TC_SHAPE_MESH;
    return (int)((unsigned)t % 8u == TC_SHAPE_PLANE ? TC_SHAPE_HULL : (unsigned)t % 8u);
}

/* The model the brute force reads: what each collider is, as the test set it. */
typedef struct model {
    tc_world *w;
    int n;
    tc_collider_id id[MAXC];
    uint64_t cat[MAXC], mask[MAXC];
    uint32_t group[MAXC];
    bool in[MAXC];        /* in the queries: enabled, alive, through an update */
    tc_shape shape[MAXC]; /* its world shape as of the update */
    bool alive[MAXC], enabled[MAXC];
} model;

static model g;

static void build_world(test_rng *r, int count, double spread)
{
    make_data();
    if (g.w) tc_world_destroy(g.w);
    memset(&g, 0, sizeof g);
    g.w = tc_world_create(NULL);
    CHECK(g.w != NULL);
    bool *enabled = g.enabled;
    for (int i = 0; i < count; ++i) {
        tc_collider_def d = tc_collider_def_default();
        d.shape = local_shape(r, random_type(r));
        const tc_vec3 p = test_rng_vec3(r, -spread, spread);
        d.local = tc_transform_make(p, qrand(r));
        d.category = (uint64_t)1 << test_rng_int(r, 0, 3);
        d.mask = test_rng_int(r, 0, 3) ? ~(uint64_t)0 : 0x3;
        d.group = test_rng_int(r, 0, 2) == 0 ? (uint32_t)test_rng_int(r, 1, 3) : 0u;
        d.enabled = test_rng_int(r, 0, 12) != 0;
        g.id[i] = tc_world_create_collider(g.w, &d);
        CHECK(!tc_collider_is_null(g.id[i]));
        g.cat[i] = d.category;
        g.mask[i] = d.mask;
        g.group[i] = d.group;
        enabled[i] = d.enabled;
        g.alive[i] = true;
    }
    g.n = count;
    CHECK(tc_world_update(g.w));
    for (int i = 0; i < count; ++i) g.in[i] = enabled[i] && tc_world_collider_shape(g.w, g.id[i], &g.shape[i]);
    /* changes the queries see at once: destroyed, disabled, new filters
     * and groups */
    for (int i = 0; i < count; ++i) {
        const int what = test_rng_int(r, 0, 20);
        if (what == 0 && g.in[i]) {
            tc_world_destroy_collider(g.w, g.id[i]);
            g.in[i] = g.alive[i] = false;
        } else if (what == 1 && g.alive[i]) {
            CHECK(tc_world_set_collider_enabled(g.w, g.id[i], false));
            g.in[i] = g.enabled[i] = false;
        } else if (what == 2 && g.alive[i]) {
            g.cat[i] = (uint64_t)1 << test_rng_int(r, 0, 3);
            g.mask[i] = ~(uint64_t)0;
            CHECK(tc_world_set_collider_filter(g.w, g.id[i], g.cat[i], g.mask[i]));
        } else if (what == 3 && g.alive[i]) {
            g.group[i] = (uint32_t)test_rng_int(r, 0, 3);
            CHECK(tc_world_set_collider_group(g.w, g.id[i], g.group[i]));
        }
    }
}

static tc_query_filter random_filter(test_rng *r)
{
    tc_query_filter f = tc_query_filter_all();
    f.category = (uint64_t)1 << test_rng_int(r, 0, 3);
    f.mask = (uint64_t)test_rng_int(r, 1, 15);
    f.group = (uint32_t)test_rng_int(r, 0, 3);
    return f;
}

static void free_all(void)
{
    if (g.w) tc_world_destroy(g.w);
    g.w = NULL;
    tc_hull_data_destroy(g_hull_round);
    tc_hull_data_destroy(g_hull_flat);
    tc_mesh_data_destroy(g_mesh_grid);
    g_hull_round = g_hull_flat = NULL;
    g_mesh_grid = NULL;
}

static bool passes(const tc_query_filter *f, int i)
{
    if (!f) return true;
    if ((g.cat[i] & f->mask) == 0 || (g.mask[i] & f->category) == 0) return false;
    return f->group == 0 || g.group[i] != f->group;
}

static bool same_hit(const tc_world_hit *a, const tc_world_hit *b)
{
    return tc_collider_id_equal(a->collider, b->collider) && a->t == b->t && a->point.x == b->point.x &&
           a->point.y == b->point.y && a->point.z == b->point.z && a->normal.x == b->normal.x &&
           a->normal.y == b->normal.y && a->normal.z == b->normal.z && a->feature == b->feature;
}

static int hit_cmp(const void *x, const void *y)
{
    const tc_world_hit *a = (const tc_world_hit *)x, *b = (const tc_world_hit *)y;
    if (a->t != b->t) return a->t < b->t ? -1 : 1;
    return (a->collider.index > b->collider.index) - (a->collider.index < b->collider.index);
}

/* Brute force: every collider in the model that passes, its pair sweep;
 * all hits sorted (t, index). rigid: the rotating sweep from `from` to
 * `to` with the collider still. */
static int brute(const tc_shape *s, tc_vec3 v, float max_t, bool rigid, tc_transform from, tc_transform to,
                 const tc_query_filter *f, tc_world_hit *out)
{
    int k = 0;
    for (int i = 0; i < g.n; ++i) {
        if (!g.in[i] || !passes(f, i)) continue;
        tc_sweep_hit h;
        const bool got = rigid ? tc_shape_sweep_rigid(s, from, to, &g.shape[i], tc_transform_identity(),
                                                      tc_transform_identity(), &h)
                               : tc_shape_sweep(s, v, &g.shape[i], tc_vec3_zero(), max_t, &h);
        if (!got) continue;
        out[k].collider = g.id[i];
        out[k].t = h.t;
        out[k].point = h.point;
        out[k].normal = h.normal;
        out[k].feature = -1;
        ++k;
    }
    qsort(out, (size_t)k, sizeof *out, hit_cmp);
    return k;
}

static long g_cases, g_hit_cases, g_hits, g_by_type[TC_SHAPE_TYPE_COUNT];

static void check_translating(test_rng *r, const tc_shape *s, tc_vec3 v, float max_t, const tc_query_filter *f)
{
    static tc_world_hit want[MAXC], got[MAXC];
    const int n = brute(s, v, max_t, false, tc_transform_identity(), tc_transform_identity(), f, want);
    tc_world_hit closest;
    const bool found = tc_world_sweep_closest(g.w, s, v, max_t, f, &closest);
    CHECK_MSG(found == (n > 0), "cast of type %d: world %d, brute force %d hits", (int)s->type, (int)found, n);
    if (found && n > 0) {
        CHECK_MSG(same_hit(&closest, &want[0]), "cast of type %d: closest collider %u t %.9g, brute force %u t %.9g",
                  (int)s->type, closest.collider.index, (double)closest.t, want[0].collider.index, (double)want[0].t);
        ++g_by_type[g.shape[want[0].collider.index].type];
    }
    /* all, into a short buffer now and then: the total is still the total */
    const size_t cap = test_rng_int(r, 0, 3) == 0 ? (size_t)test_rng_int(r, 0, 2) : (size_t)MAXC;
    const size_t total = tc_world_sweep_all(g.w, s, v, max_t, f, cap ? got : NULL, cap);
    CHECK_MSG(total == (size_t)n, "sweep_all: %zu hits, brute force %d", total, n);
    for (size_t i = 0; i < total && i < cap && i < (size_t)n; ++i)
        CHECK_MSG(same_hit(&got[i], &want[i]), "sweep_all hit %zu: collider %u t %.9g, brute force %u t %.9g", i,
                  got[i].collider.index, (double)got[i].t, want[i].collider.index, (double)want[i].t);
    ++g_cases;
    g_hit_cases += n > 0;
    g_hits += n;
}

TEST_CASE(world_sweep_matches_brute_force_every_type)
{
    test_rng r = { 20261202 };
    const int worlds = test_random_count(12);
    memset(g_by_type, 0, sizeof g_by_type);
    g_cases = g_hit_cases = g_hits = 0;
    for (int wi = 0; wi < worlds; ++wi) {
        build_world(&r, test_rng_int(&r, 50, MAXC), 12.0);
        for (int q = 0; q < 120; ++q) {
            const int type = q % TC_SHAPE_TYPE_COUNT; /* every shape type is cast */
            tc_shape local = local_shape(&r, type);
            const tc_vec3 start = test_rng_vec3(&r, -12.0, 12.0);
            const tc_shape s = tc_shape_transform(&local, tc_transform_make(start, qrand(&r)), 1.0f);
            /* a long cast sometimes, a still one (only what overlaps at
             * t = 0) sometimes */
            const double e = test_rng_int(&r, 0, 3) == 0 ? 20.0 : 4.0;
            tc_vec3 v = test_rng_vec3(&r, -e, e);
            if (test_rng_int(&r, 0, 10) == 0) v = tc_vec3_zero();
            const float max_t = test_rng_int(&r, 0, 8) == 0 ? 0.0f : test_rng_float(&r, 0.0, 2.0);
            tc_query_filter f = random_filter(&r);
            check_translating(&r, &s, v, max_t, test_rng_int(&r, 0, 2) ? &f : NULL);
        }
        /* aimed straight at a collider: hits are many */
        for (int q = 0; q < 40; ++q) {
            const int target = test_rng_int(&r, 0, g.n - 1);
            if (!g.in[target]) continue;
            tc_aabb box;
            if (!tc_shape_bounds(&g.shape[target], &box)) continue;
            const tc_vec3 c = tc_vec3_scale(tc_vec3_add(box.min, box.max), 0.5f);
            const tc_vec3 from = tc_vec3_add(c, test_rng_vec3(&r, -6.0, 6.0));
            tc_shape local = local_shape(&r, q % TC_SHAPE_TYPE_COUNT == TC_SHAPE_PLANE ? TC_SHAPE_SPHERE
                                                                                       : q % TC_SHAPE_TYPE_COUNT);
            const tc_shape s = tc_shape_transform(&local, tc_transform_make(from, qrand(&r)), 1.0f);
            check_translating(&r, &s, tc_vec3_sub(c, from), 1.5f, NULL);
        }
    }
    CHECK_MSG(g_hit_cases > g_cases / 4, "only %ld of %ld casts hit anything", g_hit_cases, g_cases);
    for (int t = 0; t < TC_SHAPE_TYPE_COUNT; ++t)
        CHECK_MSG(g_by_type[t] > 0, "no cast's first hit was a collider of type %d", t);
    free_all();
}

TEST_CASE(world_sweep_rigid_matches_brute_force)
{
    test_rng r = { 4242 };
    const int worlds = test_random_count(6);
    long cases = 0, hit_cases = 0, first_by_type[TC_SHAPE_TYPE_COUNT] = { 0 };
    static tc_world_hit want[MAXC];
    /* the shapes that turn: every type but the plane */
    static const int turning[] = { TC_SHAPE_SPHERE, TC_SHAPE_CAPSULE, TC_SHAPE_AABB, TC_SHAPE_OBB,
                                   TC_SHAPE_TRIANGLE, TC_SHAPE_HULL, TC_SHAPE_MESH };
    for (int wi = 0; wi < worlds; ++wi) {
        build_world(&r, test_rng_int(&r, 50, 250), 8.0);
        for (int q = 0; q < 70; ++q) {
            const int type = turning[q % 7];
            const tc_shape s = local_shape(&r, type);
            const tc_vec3 p0 = test_rng_vec3(&r, -8.0, 8.0);
            const tc_transform from = tc_transform_make(p0, qrand(&r));
            const tc_transform to = tc_transform_make(tc_vec3_add(p0, test_rng_vec3(&r, -4.0, 4.0)), qrand(&r));
            tc_query_filter f = random_filter(&r);
            const tc_query_filter *fp = test_rng_int(&r, 0, 2) ? &f : NULL;
            const int n = brute(&s, tc_vec3_zero(), 0.0f, true, from, to, fp, want);
            tc_world_hit hit;
            const bool found = tc_world_sweep_rigid_closest(g.w, &s, from, to, fp, &hit);
            CHECK_MSG(found == (n > 0), "rigid cast of type %d: world %d, brute force %d hits", type, (int)found, n);
            if (found && n > 0)
                CHECK_MSG(same_hit(&hit, &want[0]), "rigid cast: collider %u t %.9g, brute force %u t %.9g",
                          hit.collider.index, (double)hit.t, want[0].collider.index, (double)want[0].t);
            if (n > 0)
                for (int i = 0; i < g.n; ++i)
                    if (tc_collider_id_equal(g.id[i], want[0].collider)) ++first_by_type[g.shape[i].type];
            ++cases;
            hit_cases += n > 0;
        }
    }
    CHECK_MSG(hit_cases > cases / 5, "only %ld of %ld rigid casts hit anything", hit_cases, cases);
    /* the turning casts reach hull and mesh colliders first too */
    CHECK_MSG(first_by_type[TC_SHAPE_HULL] > 0 && first_by_type[TC_SHAPE_MESH] > 0,
              "rigid casts' first hits: %ld hulls, %ld meshes", first_by_type[TC_SHAPE_HULL], first_by_type[TC_SHAPE_MESH]);
    free_all();
}

/* The rotating dispatch picks the typed pair function and flips the normal
 * when it swaps the operands. */
TEST_CASE(shape_sweep_rigid_dispatch_matches_pair_functions)
{
    test_rng r = { 9 };
    long hits = 0;
    for (int i = 0; i < 400; ++i) {
        const tc_sphere sp = { test_rng_vec3(&r, -0.5, 0.5), test_rng_float(&r, 0.1, 1.0) };
        const tc_vec3 h = test_rng_vec3(&r, 0.1, 1);
        const tc_obb box = tc_obb_from_quat(test_rng_vec3(&r, -0.3, 0.3), h, qrand(&r));
        const tc_shape a = tc_shape_from_sphere(sp), b = tc_shape_from_obb(box);
        const tc_transform a0 = tc_transform_make(test_rng_vec3(&r, -3, 3), qrand(&r)), a1 = tc_transform_make(test_rng_vec3(&r, -3, 3), qrand(&r));
        const tc_transform b0 = tc_transform_make(test_rng_vec3(&r, -1, 1), qrand(&r)), b1 = tc_transform_make(test_rng_vec3(&r, -1, 1), qrand(&r));
        tc_sweep_hit want, got, back;
        const bool w = tc_sweep_rigid_sphere_obb(&sp, a0, a1, &box, b0, b1, &want);
        CHECK(tc_shape_sweep_rigid(&a, a0, a1, &b, b0, b1, &got) == w);
        CHECK(tc_shape_sweep_rigid(&b, b0, b1, &a, a0, a1, &back) == w);
        if (!w) continue;
        ++hits;
        CHECK(got.t == want.t && got.normal.x == want.normal.x && got.normal.y == want.normal.y && got.normal.z == want.normal.z);
        CHECK(back.t == want.t && back.normal.x == -want.normal.x && back.normal.y == -want.normal.y &&
              back.normal.z == -want.normal.z && back.point.x == want.point.x);
        /* a still plane, placed by its pose; a moving one answers false */
        const tc_plane floor = { tc_vec3_make(0, 1, 0), 0.0f };
        const tc_shape pl = tc_shape_from_plane(floor);
        const tc_transform lift = tc_transform_make(tc_vec3_make(0, -2, 0), tc_quat_identity());
        const tc_plane placed = { tc_vec3_make(0, 1, 0), -2.0f };
        tc_sweep_hit pw, pg;
        const bool pwant = tc_sweep_rigid_obb_plane(&box, a0, a1, &placed, &pw);
        CHECK(tc_shape_sweep_rigid(&pl, lift, lift, &b, a0, a1, &pg) == pwant);
        if (pwant) CHECK(pg.t == pw.t && pg.normal.y == -pw.normal.y);
        CHECK(!tc_shape_sweep_rigid(&pl, lift, b0, &b, a0, a1, &pg));
    }
    CHECK(hits > 20);
}

/* Rays and overlaps skip the filter's group as the casts do. */
TEST_CASE(world_queries_honour_the_filter_group)
{
    test_rng r = { 31 };
    static tc_collider_id out[MAXC];
    long seen = 0, skipped = 0;
    for (int wi = 0; wi < 4; ++wi) {
        build_world(&r, 200, 10.0);
        for (int q = 0; q < 100; ++q) {
            tc_query_filter f = random_filter(&r);
            if (f.group == 0) f.group = 1;
            /* overlap: a big sphere */
            const tc_sphere s = { test_rng_vec3(&r, -10.0, 10.0), test_rng_float(&r, 1.0, 5.0) };
            const tc_shape sh = tc_shape_from_sphere(s);
            const size_t n = tc_world_overlap_sphere(g.w, &s, &f, out, MAXC);
            size_t want = 0;
            for (int i = 0; i < g.n; ++i) {
                if (!g.in[i] || !tc_shape_overlap(&sh, &g.shape[i])) continue;
                if (passes(&f, i)) {
                    CHECK_MSG(want < n && tc_collider_id_equal(out[want], g.id[i]), "overlap misses collider %d", i);
                    ++want;
                } else if (g.group[i] == f.group) {
                    ++skipped;
                }
            }
            CHECK(n == want);
            seen += (long)n;
            /* ray: closest against brute force */
            tc_ray ray;
            ray.origin = test_rng_vec3(&r, -12.0, 12.0);
            ray.dir = tc_vec3_sub(test_rng_vec3(&r, -3.0, 3.0), ray.origin);
            tc_world_hit hit;
            const bool got = tc_world_raycast_closest(g.w, &ray, 1.0f, &f, &hit);
            bool any = false;
            tc_world_hit best;
            memset(&best, 0, sizeof best);
            for (int i = 0; i < g.n; ++i) {
                tc_ray_hit h;
                if (!g.in[i] || !passes(&f, i) || !tc_shape_raycast(&ray, &g.shape[i], 1.0f, &h)) continue;
                if (!any || h.t < best.t) {
                    any = true;
                    best.collider = g.id[i];
                    best.t = h.t;
                    best.feature = h.feature;
                }
            }
            CHECK(got == any);
            if (got && any) {
                CHECK_MSG(hit.t == best.t, "ray t %.9g, brute force %.9g", (double)hit.t, (double)best.t);
                if (tc_collider_id_equal(hit.collider, best.collider)) CHECK(hit.feature == best.feature);
            }
        }
    }
    CHECK(seen > 0 && skipped > 0);
    free_all();
}

/* A character's own arm shares the sword's group; the swing's first touch
 * is the shield, not the arm. Without the group it is the arm. */
TEST_CASE(world_sweep_rigid_sword_skips_its_own_group)
{
    tc_world *w = tc_world_create(NULL);
    CHECK(w != NULL);
    tc_collider_def arm = tc_collider_def_default();
    const tc_capsule arm_shape = { tc_vec3_make(0, 0, 0), tc_vec3_make(0.6f, 0, 0), 0.1f };
    arm.shape = tc_shape_from_capsule(arm_shape);
    arm.local = tc_transform_make(tc_vec3_make(0, 1.0f, 0.9f), tc_quat_identity());
    arm.group = 7;
    const tc_collider_id arm_id = tc_world_create_collider(w, &arm);
    tc_collider_def shield = tc_collider_def_default();
    const tc_aabb shield_shape = { tc_vec3_make(-0.05f, -0.5f, -0.5f), tc_vec3_make(0.05f, 0.5f, 0.5f) };
    shield.shape = tc_shape_from_aabb(shield_shape);
    shield.local = tc_transform_make(tc_vec3_make(1.5f, 1.0f, 0), tc_quat_identity());
    const tc_collider_id shield_id = tc_world_create_collider(w, &shield);
    CHECK(tc_world_update(w));
    /* the blade along local +x from the hilt at the shoulder, swung a
     * quarter turn about y from +z (through the arm) to +x (the shield) */
    const tc_capsule blade_c = { tc_vec3_make(0.2f, 0, 0), tc_vec3_make(1.6f, 0, 0), 0.03f };
    const tc_shape blade = tc_shape_from_capsule(blade_c);
    const tc_vec3 hilt = tc_vec3_make(0, 1.0f, 0);
    const tc_transform from = tc_transform_make(hilt, tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), -1.5707964f));
    const tc_transform to = tc_transform_make(hilt, tc_quat_identity());
    tc_query_filter own = tc_query_filter_all();
    own.group = 7;
    tc_world_hit hit;
    CHECK(tc_world_sweep_rigid_closest(w, &blade, from, to, &own, &hit));
    CHECK(tc_collider_id_equal(hit.collider, shield_id));
    CHECK(hit.t > 0.5f && hit.t <= 1.0f);
    CHECK(hit.normal.x > 0.0f); /* from the blade into the shield */
    CHECK(tc_world_sweep_rigid_closest(w, &blade, from, to, NULL, &hit));
    CHECK(tc_collider_id_equal(hit.collider, arm_id));
    tc_world_destroy(w);
}

/* Two equal colliders: the first touch goes to the lower index; sweep_all
 * lists both, lower index first; a cast starting inside hits at t = 0. */
TEST_CASE(world_sweep_ties_and_start_inside)
{
    tc_world *w = tc_world_create(NULL);
    CHECK(w != NULL);
    tc_collider_def d = tc_collider_def_default();
    const tc_aabb box = { tc_vec3_make(4, -1, -1), tc_vec3_make(5, 1, 1) };
    d.shape = tc_shape_from_aabb(box);
    const tc_collider_id a = tc_world_create_collider(w, &d);
    const tc_collider_id b = tc_world_create_collider(w, &d);
    CHECK(tc_world_update(w));
    const tc_sphere s = { tc_vec3_make(0, 0, 0), 0.5f };
    const tc_shape sh = tc_shape_from_sphere(s);
    tc_world_hit hit, all[4];
    CHECK(tc_world_sweep_closest(w, &sh, tc_vec3_make(1, 0, 0), 10.0f, NULL, &hit));
    CHECK(tc_collider_id_equal(hit.collider, a));
    CHECK_NEAR(hit.t, 3.5, 1e-5);
    CHECK(hit.normal.x > 0.99f && hit.feature == -1);
    CHECK(tc_world_sweep_all(w, &sh, tc_vec3_make(1, 0, 0), 10.0f, NULL, all, 4) == 2);
    CHECK(tc_collider_id_equal(all[0].collider, a) && tc_collider_id_equal(all[1].collider, b));
    CHECK(tc_world_sweep_closest(w, &sh, tc_vec3_make(1, 0, 0), 3.0f, NULL, &hit) == false);
    const tc_sphere inside = { tc_vec3_make(4.5f, 0, 0), 0.2f };
    const tc_shape in = tc_shape_from_sphere(inside);
    CHECK(tc_world_sweep_closest(w, &in, tc_vec3_make(0, 1, 0), 1.0f, NULL, &hit));
    CHECK(hit.t == 0.0f);
    /* bad input hits nothing */
    CHECK(!tc_world_sweep_closest(w, &sh, tc_vec3_make(NAN, 0, 0), 10.0f, NULL, &hit));
    CHECK(!tc_world_sweep_closest(w, &sh, tc_vec3_make(1, 0, 0), -1.0f, NULL, &hit));
    CHECK(!tc_world_sweep_closest(w, &sh, tc_vec3_make(1, 0, 0), NAN, NULL, &hit));
    CHECK(tc_world_sweep_all(w, &sh, tc_vec3_make(1, 0, 0), NAN, NULL, NULL, 0) == 0);
    const tc_transform bad = tc_transform_make(tc_vec3_make(INFINITY, 0, 0), tc_quat_identity());
    CHECK(!tc_world_sweep_rigid_closest(w, &sh, bad, tc_transform_identity(), NULL, &hit));
    tc_world_destroy(w);
}

/* ---- manifolds --------------------------------------------------------------- */

/* An update, and the model's view of what it now holds. */
static void model_update(void)
{
    CHECK(tc_world_update(g.w));
    for (int i = 0; i < g.n; ++i)
        g.in[i] = g.alive[i] && g.enabled[i] && tc_world_collider_shape(g.w, g.id[i], &g.shape[i]);
}

static bool pair_passes(int i, int j)
{
    if (g.group[i] != 0 && g.group[i] == g.group[j]) return false;
    return (g.cat[i] & g.mask[j]) != 0 && (g.cat[j] & g.mask[i]) != 0;
}

static bool same_manifold(const tc_manifold *a, const tc_manifold *b)
{
    if (a->count != b->count || a->normal.x != b->normal.x || a->normal.y != b->normal.y || a->normal.z != b->normal.z)
        return false;
    for (int k = 0; k < a->count; ++k) {
        const tc_contact_point *p = &a->points[k], *q = &b->points[k];
        if (p->id != q->id || p->depth != q->depth || p->point.x != q->point.x || p->point.y != q->point.y ||
            p->point.z != q->point.z)
            return false;
    }
    return true;
}

typedef struct want_contact { int i, j; } want_contact;

static int want_order(const void *x, const void *y)
{
    const want_contact *a = (const want_contact *)x, *b = (const want_contact *)y;
    const uint32_t ai = g.id[a->i].index, bi = g.id[b->i].index, aj = g.id[a->j].index, bj = g.id[b->j].index;
    if (ai != bi) return ai < bi ? -1 : 1;
    return (aj > bj) - (aj < bj);
}

/* The list against brute force over every pair of the model. Returns the
 * number of touching pairs. */
static int check_contacts(void)
{
    static want_contact want[MAXC * 8];
    int n = 0;
    for (int i = 0; i < g.n; ++i) {
        if (!g.in[i]) continue;
        for (int j = 0; j < g.n; ++j) {
            if (!g.in[j] || g.id[i].index >= g.id[j].index || !pair_passes(i, j)) continue;
            if (!tc_shape_overlap(&g.shape[i], &g.shape[j])) continue;
            CHECK(n < MAXC * 8);
            want[n].i = i;
            want[n].j = j;
            ++n;
        }
    }
    qsort(want, (size_t)n, sizeof *want, want_order);
    size_t count = 0;
    const tc_world_contact *c = tc_world_contacts(g.w, &count);
    CHECK_MSG(count == (size_t)n, "%zu manifolds, brute force %d touching pairs", count, n);
    for (int k = 0; k < n && k < (int)count; ++k) {
        const int i = want[k].i, j = want[k].j;
        CHECK_MSG(tc_collider_id_equal(c[k].a, g.id[i]) && tc_collider_id_equal(c[k].b, g.id[j]),
                  "manifold %d: pair (%u, %u), brute force (%u, %u)", k, c[k].a.index, c[k].b.index, g.id[i].index,
                  g.id[j].index);
        tc_manifold m;
        memset(&m, 0, sizeof m); /* as the world's: what a query leaves unwritten is zero */
        if (!tc_shape_contact(&g.shape[i], &g.shape[j], &m)) {
            m.count = 0;
            m.normal = tc_vec3_zero();
        }
        CHECK_MSG(same_manifold(&c[k].manifold, &m),
                  "manifold of pair (%u, %u), types %d and %d, differs from the query: %d points normal (%g %g %g) "
                  "depth %g, query %d points normal (%g %g %g) depth %g, %u updates",
                  g.id[i].index, g.id[j].index, (int)g.shape[i].type, (int)g.shape[j].type, c[k].manifold.count,
                  (double)c[k].manifold.normal.x, (double)c[k].manifold.normal.y, (double)c[k].manifold.normal.z,
                  (double)c[k].manifold.points[0].depth, m.count, (double)m.normal.x, (double)m.normal.y,
                  (double)m.normal.z, (double)m.points[0].depth, c[k].updates);
        CHECK(c[k].user_data_a == tc_world_collider_user_data(g.w, g.id[i]));
        CHECK(c[k].updates >= 1);
    }
    return n;
}

TEST_CASE(world_contacts_match_brute_force)
{
    test_rng r = { 555 };
    const int worlds = test_random_count(6);
    long touching = 0, carried = 0;
    static tc_world_contact before[MAXC * 8];
    for (int wi = 0; wi < worlds; ++wi) {
        /* dense: many touching pairs */
        build_world(&r, test_rng_int(&r, 60, 250), 6.0);
        tc_world_set_contacts_enabled(g.w, true);
        for (int frame = 0; frame < 8; ++frame) {
            size_t nb = 0;
            const tc_world_contact *prev = tc_world_contacts(g.w, &nb);
            if (nb > 0) memcpy(before, prev, nb * sizeof *prev);
            static bool moved[MAXC + 1]; /* by collider index */
            for (int i = 0; i < g.n; ++i) {
                CHECK(g.id[i].index <= MAXC);
                moved[g.id[i].index] = false;
                if (!g.alive[i]) continue;
                const int what = test_rng_int(&r, 0, 30);
                if (what < 4) {
                    const tc_vec3 p = test_rng_vec3(&r, -6.0, 6.0);
                    CHECK(tc_world_set_collider_pose(g.w, g.id[i], tc_transform_make(p, qrand(&r))));
                    moved[g.id[i].index] = true;
                } else if (what == 4) {
                    g.enabled[i] = !g.enabled[i];
                    CHECK(tc_world_set_collider_enabled(g.w, g.id[i], g.enabled[i]));
                    moved[g.id[i].index] = true;
                } else if (what == 5) {
                    g.group[i] = (uint32_t)test_rng_int(&r, 0, 2);
                    CHECK(tc_world_set_collider_group(g.w, g.id[i], g.group[i]));
                } else if (what == 6) {
                    g.mask[i] = test_rng_int(&r, 0, 1) ? ~(uint64_t)0 : 0x5;
                    CHECK(tc_world_set_collider_filter(g.w, g.id[i], g.cat[i], g.mask[i]));
                } else if (what == 7 && frame > 4) {
                    tc_world_destroy_collider(g.w, g.id[i]);
                    g.alive[i] = false;
                } else if (what == 8) {
                    CHECK(tc_world_set_collider_user_data(g.w, g.id[i], (uint64_t)test_rng_int(&r, 0, 1000)));
                }
            }
            model_update();
            touching += check_contacts();
            /* a pair neither of whose colliders moved keeps its entry: the
             * same manifold, one update older */
            size_t count = 0;
            const tc_world_contact *c = tc_world_contacts(g.w, &count);
            size_t k = 0;
            for (size_t e = 0; e < count; ++e) {
                while (k < nb && (before[k].a.index < c[e].a.index ||
                                  (before[k].a.index == c[e].a.index && before[k].b.index < c[e].b.index)))
                    ++k;
                if (k < nb && tc_collider_id_equal(before[k].a, c[e].a) && tc_collider_id_equal(before[k].b, c[e].b)) {
                    CHECK(c[e].updates == before[k].updates + 1);
                    if (!moved[c[e].a.index] && !moved[c[e].b.index])
                        CHECK(same_manifold(&c[e].manifold, &before[k].manifold));
                    ++carried;
                } else {
                    CHECK(c[e].updates == 1);
                }
            }
        }
    }
    CHECK_MSG(touching > 500 && carried > 100, "%ld touching pairs, %ld carried over", touching, carried);
    free_all();
}

/* A box resting on a box keeps its four ids frame after frame while it
 * slides slowly (recomputed each update, as it moves) and while it stays
 * still (carried over). */
TEST_CASE(world_contacts_resting_box_keeps_its_ids)
{
    tc_world_def def = tc_world_def_default();
    def.contacts = true;
    tc_world *w = tc_world_create(&def);
    CHECK(w != NULL);
    const tc_vec3 half = tc_vec3_make(0.5f, 0.5f, 0.5f);
    tc_collider_def d = tc_collider_def_default();
    const tc_vec3 ground_half = tc_vec3_make(20.0f, 1.0f, 20.0f);
    d.shape = tc_shape_from_obb(tc_obb_from_quat(tc_vec3_zero(), ground_half, tc_quat_identity()));
    d.local = tc_transform_make(tc_vec3_make(0, -1.0f, 0), tc_quat_identity());
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    d.shape = tc_shape_from_obb(tc_obb_from_quat(tc_vec3_zero(), half, tc_quat_identity()));
    d.local = tc_transform_make(tc_vec3_make(0, 0.49f, 0), tc_quat_identity());
    const tc_collider_id box = tc_world_create_collider(w, &d);
    uint32_t ids[4] = { 0, 0, 0, 0 };
    for (int frame = 0; frame < 60; ++frame) {
        /* slides 1 mm a frame for 40 frames, then rests */
        const float x = frame < 40 ? 0.001f * (float)frame : 0.04f;
        CHECK(tc_world_set_collider_pose(w, box, tc_transform_make(tc_vec3_make(x, 0.49f, 0.3f * x), tc_quat_identity())));
        CHECK(tc_world_update(w));
        size_t n = 0;
        const tc_world_contact *c = tc_world_contacts(w, &n);
        CHECK(n == 1);
        CHECK(c[0].updates == (uint32_t)frame + 1);
        CHECK(c[0].manifold.count == 4);
        CHECK(c[0].manifold.normal.y > 0.999f); /* from the ground up into the box */
        uint32_t now[4];
        for (int k = 0; k < 4; ++k) now[k] = c[0].manifold.points[k].id;
        /* the same set of ids (order may differ) */
        for (int k = 0; k < 4 && frame > 0; ++k) {
            bool found = false;
            for (int m = 0; m < 4; ++m) found = found || now[k] == ids[m];
            CHECK_MSG(found, "frame %d: id 0x%x is new", frame, now[k]);
        }
        memcpy(ids, now, sizeof ids);
    }
    /* distinct ids: each names its own corner */
    for (int k = 0; k < 4; ++k)
        for (int m = k + 1; m < 4; ++m) CHECK(ids[k] != ids[m]);
    tc_world_destroy(w);
}

/* Off (the default), an update allocates nothing for manifolds: the world's
 * memory after updates of many touching pairs is the same with manifolds
 * never on as after they were on and switched off (which frees at once),
 * and steady updates allocate nothing more; on, they cost memory. */
TEST_CASE(world_contacts_off_costs_no_allocation)
{
    counting_allocator ca, cb;
    counting_allocator_init(&ca);
    counting_allocator_init(&cb);
    tc_world_def da = tc_world_def_default(), db = tc_world_def_default();
    da.allocator = counting_allocator_hooks(&ca);
    db.allocator = counting_allocator_hooks(&cb);
    CHECK(!da.contacts);
    tc_world *wa = tc_world_create(&da), *wb = tc_world_create(&db);
    CHECK(wa && wb);
    test_rng r = { 8 };
    tc_collider_id ia[300], ib[300];
    for (int i = 0; i < 300; ++i) {
        tc_collider_def d = tc_collider_def_default();
        const tc_sphere s = { test_rng_vec3(&r, -4.0, 4.0), 0.8f };
        d.shape = tc_shape_from_sphere(s);
        ia[i] = tc_world_create_collider(wa, &d);
        ib[i] = tc_world_create_collider(wb, &d);
    }
    CHECK(tc_world_update(wa));
    size_t events = 0;
    (void)tc_world_contact_events(wa, &events);
    CHECK(events > 300); /* many touching pairs */
    size_t n = 1;
    CHECK(tc_world_contacts(wa, &n) == NULL && n == 0);
    const int64_t allocs = ca.total_allocs, bytes = ca.live_bytes;
    for (int frame = 0; frame < 5; ++frame) {
        /* nudge every collider: pairs are tested again, none begins or ends */
        for (int i = 0; i < 300; ++i) {
            tc_shape sh;
            CHECK(tc_world_collider_shape(wa, ia[i], &sh));
            (void)sh;
            const tc_vec3 p = tc_vec3_make(1e-4f * (float)(frame + 1), 0, 0);
            CHECK(tc_world_set_collider_pose(wa, ia[i], tc_transform_make(p, tc_quat_identity())));
        }
        CHECK(tc_world_update(wa));
    }
    CHECK_MSG(ca.total_allocs == allocs && ca.live_bytes == bytes,
              "off: %lld allocations and %lld bytes after the first update, %lld and %lld later",
              (long long)allocs, (long long)bytes, (long long)ca.total_allocs, (long long)ca.live_bytes);
    /* the same world with manifolds on pays for them, and off frees them */
    tc_world_set_contacts_enabled(wb, true);
    CHECK(tc_world_update(wb));
    CHECK(tc_world_contacts(wb, &n) != NULL && n > 300);
    CHECK(cb.live_bytes > bytes);
    tc_world_set_contacts_enabled(wb, false);
    CHECK_MSG(cb.live_bytes == bytes, "switched off: %lld bytes, never on: %lld", (long long)cb.live_bytes,
              (long long)bytes);
    CHECK(tc_world_update(wb));
    CHECK(cb.live_bytes == bytes);
    (void)ib;
    tc_world_destroy(wa);
    tc_world_destroy(wb);
    CHECK(ca.live_blocks == 0 && cb.live_blocks == 0 && ca.bad_frees == 0 && cb.bad_frees == 0);
}

/* Found while testing the world's manifolds: tc_contact_sphere_sphere did
 * not write its point's id (contact.h: a sphere is vertex 0), leaving
 * whatever the caller's manifold held. */
TEST_CASE(contact_sphere_sphere_writes_its_point_id)
{
    const tc_sphere a = { tc_vec3_make(0, 0, 0), 1.0f }, b = { tc_vec3_make(1.5f, 0, 0), 1.0f };
    tc_manifold m;
    memset(&m, 0xff, sizeof m);
    CHECK(tc_contact_sphere_sphere(&a, &b, &m));
    CHECK(m.count == 1);
    CHECK_MSG(m.points[0].id == TC_CONTACT_ID(TC_FEATURE_VERTEX, TC_FEATURE_VERTEX), "id 0x%x", m.points[0].id);
}

/* ---- hull and mesh colliders ---------------------------------------------------- */

/* A level: a terrain mesh of many triangles (one data, three placed
 * colliders), hull rocks of shared data (round, flat, cylinder), a few
 * boxes and spheres. */
static tc_mesh_data *g_terrain;
static tc_hull_data *g_cylinder;

static void build_level(test_rng *r)
{
    make_data();
    if (!g_terrain) {
        g_terrain = gen_grid_mesh(32, 1.0f, r); /* 2,048 triangles */
        g_cylinder = tc_hull_data_create_cylinder(0.5f, 0.8f, 12, NULL);
        CHECK(g_terrain && g_cylinder);
    }
    if (g.w) tc_world_destroy(g.w);
    memset(&g, 0, sizeof g);
    g.w = tc_world_create(NULL);
    CHECK(g.w != NULL);
    for (int i = 0; i < 200; ++i) {
        tc_collider_def d = tc_collider_def_default();
        tc_vec3 p = tc_vec3_make(test_rng_float(r, -15, 15), test_rng_float(r, -0.5, 2.0), test_rng_float(r, -15, 15));
        tc_quat q = qrand(r);
        if (i < 3) {
            /* the terrain, three times: flat, raised and turned, small */
            const float scale = i == 2 ? 0.25f : 1.0f;
            d.shape = tc_shape_from_mesh(tc_mesh_make(g_terrain, tc_transform_identity(), scale));
            p = i == 0 ? tc_vec3_zero() : tc_vec3_make(0, 3.0f * (float)i, 0);
            q = i == 1 ? tc_quat_from_axis_angle(tc_vec3_make(1, 0, 0), 0.2f) : tc_quat_identity();
        } else if (i % 10 == 0) {
            d.shape = local_shape(r, i % 20 == 0 ? TC_SHAPE_AABB : TC_SHAPE_SPHERE);
        } else {
            const int which = test_rng_int(r, 0, 2);
            const tc_hull_data *data = which == 0 ? g_hull_round : (which == 1 ? g_hull_flat : g_cylinder);
            d.shape = tc_shape_from_hull(tc_hull_make(data, tc_transform_identity(), test_rng_float(r, 0.3, 1.2)));
        }
        d.local = tc_transform_make(p, q);
        d.category = (uint64_t)1 << test_rng_int(r, 0, 1);
        d.group = i > 3 && test_rng_int(r, 0, 4) == 0 ? 1u : 0u;
        g.id[i] = tc_world_create_collider(g.w, &d);
        CHECK(!tc_collider_is_null(g.id[i]));
        g.cat[i] = d.category;
        g.mask[i] = d.mask;
        g.group[i] = d.group;
        g.alive[i] = g.enabled[i] = true;
    }
    g.n = 200;
    model_update();
}

static void free_level(void)
{
    free_all();
    tc_mesh_data_destroy(g_terrain);
    tc_hull_data_destroy(g_cylinder);
    g_terrain = NULL;
    g_cylinder = NULL;
}

static int ray_cmp(const void *x, const void *y) { return hit_cmp(x, y); }

/* Every ray hit by brute force, sorted by (t, index). */
static int brute_rays(const tc_ray *ray, float max_t, const tc_query_filter *f, tc_world_hit *out)
{
    int k = 0;
    for (int i = 0; i < g.n; ++i) {
        tc_ray_hit h;
        if (!g.in[i] || !passes(f, i) || !tc_shape_raycast(ray, &g.shape[i], max_t, &h)) continue;
        out[k].collider = g.id[i];
        out[k].t = h.t;
        out[k].point = h.point;
        out[k].normal = h.normal;
        out[k].feature = h.feature;
        ++k;
    }
    qsort(out, (size_t)k, sizeof *out, ray_cmp);
    return k;
}

/* A mesh hit's triangle holds its point. */
static void check_feature(const tc_world_hit *h)
{
    int i = 0;
    while (i < g.n && !tc_collider_id_equal(g.id[i], h->collider)) ++i;
    CHECK(i < g.n);
    if (i == g.n) return;
    if (g.shape[i].type != TC_SHAPE_MESH) {
        CHECK(h->feature == -1);
        return;
    }
    const tc_mesh *m = &g.shape[i].u.mesh;
    CHECK(h->feature >= 0 && h->feature < tc_mesh_data_triangle_count(m->data));
    if (h->feature < 0 || h->feature >= tc_mesh_data_triangle_count(m->data)) return;
    const tc_triangle t = tc_mesh_triangle(m, h->feature);
    const tc_vec3 q = tc_triangle_closest_point(&t, h->point);
    CHECK_MSG(tc_vec3_length(tc_vec3_sub(q, h->point)) < 1e-3f, "hit point %g off its triangle %d",
              (double)tc_vec3_length(tc_vec3_sub(q, h->point)), (int)h->feature);
}

TEST_CASE(world_hull_and_mesh_colliders_match_brute_force)
{
    test_rng r = { 1111 };
    static tc_world_hit want[MAXC], got[MAXC];
    static tc_collider_id out[MAXC];
    long mesh_hits = 0, hull_hits = 0, overlaps = 0, begins = 0;
    for (int wi = 0; wi < 3; ++wi) {
        build_level(&r);
        /* pairs: the first update's BEGIN events are the touching pairs */
        size_t ne = 0;
        const tc_contact_event *ev = tc_world_contact_events(g.w, &ne);
        int n = 0;
        for (int i = 0; i < g.n; ++i)
            for (int j = 0; j < g.n; ++j) {
                if (g.id[i].index >= g.id[j].index || !pair_passes(i, j)) continue;
                if (!tc_shape_overlap(&g.shape[i], &g.shape[j])) continue;
                bool found = false;
                for (size_t e = 0; e < ne && !found; ++e)
                    found = tc_collider_id_equal(ev[e].a, g.id[i]) && tc_collider_id_equal(ev[e].b, g.id[j]) &&
                            ev[e].state == TC_CONTACT_BEGIN;
                CHECK_MSG(found, "touching pair (%u, %u) of types %d, %d has no BEGIN", g.id[i].index, g.id[j].index,
                          (int)g.shape[i].type, (int)g.shape[j].type);
                ++n;
            }
        CHECK(ne == (size_t)n);
        begins += n;
        /* rays: all hits, down onto the level and across it */
        for (int q = 0; q < 300; ++q) {
            tc_ray ray;
            ray.origin = tc_vec3_make(test_rng_float(&r, -16, 16), test_rng_float(&r, 1, 10), test_rng_float(&r, -16, 16));
            ray.dir = q % 2 ? tc_vec3_make(test_rng_float(&r, -1, 1), -1.0f, test_rng_float(&r, -1, 1)) : test_rng_vec3(&r, -1.0, 1.0);
            const float max_t = test_rng_float(&r, 1.0, 30.0);
            tc_query_filter f = random_filter(&r);
            const tc_query_filter *fp = q % 3 == 0 ? &f : NULL;
            const int nw = brute_rays(&ray, max_t, fp, want);
            const size_t total = tc_world_raycast_all(g.w, &ray, max_t, fp, got, MAXC);
            CHECK_MSG(total == (size_t)nw, "ray: %zu hits, brute force %d", total, nw);
            for (int k = 0; k < nw && k < (int)total; ++k) {
                CHECK(tc_collider_id_equal(got[k].collider, want[k].collider) && got[k].t == want[k].t &&
                      got[k].feature == want[k].feature);
                check_feature(&got[k]);
            }
            tc_world_hit hit;
            CHECK(tc_world_raycast_closest(g.w, &ray, max_t, fp, &hit) == (nw > 0));
            if (nw > 0) {
                CHECK(tc_collider_id_equal(hit.collider, want[0].collider) && hit.t == want[0].t &&
                      hit.feature == want[0].feature);
                int i = 0;
                while (!tc_collider_id_equal(g.id[i], hit.collider)) ++i;
                mesh_hits += g.shape[i].type == TC_SHAPE_MESH;
                hull_hits += g.shape[i].type == TC_SHAPE_HULL;
            }
        }
        /* overlaps: by a hull, a mesh, a sphere */
        for (int q = 0; q < 150; ++q) {
            const int type = q % 3 == 0 ? TC_SHAPE_HULL : (q % 3 == 1 ? TC_SHAPE_MESH : TC_SHAPE_SPHERE);
            const tc_shape local = local_shape(&r, type);
            const tc_vec3 at = tc_vec3_make(test_rng_float(&r, -15, 15), test_rng_float(&r, -1, 3), test_rng_float(&r, -15, 15));
            const tc_shape s = tc_shape_transform(&local, tc_transform_make(at, qrand(&r)), 2.0f);
            tc_query_filter f = random_filter(&r);
            const tc_query_filter *fp = q % 2 ? &f : NULL;
            const size_t nw = tc_world_overlap_shape(g.w, &s, fp, out, MAXC);
            size_t k = 0;
            for (int i = 0; i < g.n; ++i) {
                if (!g.in[i] || !passes(fp, i) || !tc_shape_overlap(&s, &g.shape[i])) continue;
                CHECK_MSG(k < nw && tc_collider_id_equal(out[k], g.id[i]), "overlap by type %d misses collider %u",
                          type, g.id[i].index);
                ++k;
            }
            CHECK(k == nw);
            overlaps += (long)nw;
        }
        /* picking: from above the level, each pixel's hit is the closest
         * hit of its ray, naming its triangle */
        const tc_mat4 view = tc_mat4_look_at(tc_vec3_make(3, 25, 20), tc_vec3_zero(), tc_vec3_make(0, 1, 0));
        const tc_mat4 proj = tc_mat4_perspective(0.9f, 1.5f, 0.1f, 200.0f, TC_DEPTH_ZERO_TO_ONE);
        const tc_viewport vp = { 0, 0, 300, 200 };
        for (int q = 0; q < 100; ++q) {
            const float sx = test_rng_float(&r, 0, 300), sy = test_rng_float(&r, 0, 200);
            tc_world_hit hit;
            tc_ray ray;
            const bool picked = tc_world_pick(g.w, sx, sy, vp, view, proj, TC_DEPTH_ZERO_TO_ONE, NULL, &hit, &ray);
            const int nw = brute_rays(&ray, INFINITY, NULL, want);
            CHECK(picked == (nw > 0));
            if (picked && nw > 0) {
                CHECK(tc_collider_id_equal(hit.collider, want[0].collider) && hit.t == want[0].t &&
                      hit.feature == want[0].feature);
                check_feature(&hit);
            }
        }
    }
    CHECK_MSG(mesh_hits > 50 && hull_hits > 20 && overlaps > 100 && begins > 50,
              "%ld mesh hits, %ld hull hits, %ld overlaps, %ld touching pairs", mesh_hits, hull_hits, overlaps, begins);
    free_level();
}

/* Debug drawing: a hull's edges, a mesh's triangle edges (a shared edge
 * once), and the mesh hierarchy's boxes only on request. */
typedef struct draw_count { long lines, tree, mesh_nodes; tc_collider_id mesh; } draw_count;

static void count_line(void *context, tc_vec3 a, tc_vec3 b, tc_debug_state state, tc_collider_id collider)
{
    draw_count *d = (draw_count *)context;
    (void)a;
    (void)b;
    if (state == TC_DEBUG_TREE && tc_collider_is_null(collider)) ++d->tree;
    else if (state == TC_DEBUG_TREE) ++d->mesh_nodes;
    else ++d->lines;
}

TEST_CASE(world_debug_draws_hull_edges_and_mesh_triangles)
{
    tc_world *w = tc_world_create(NULL);
    CHECK(w != NULL);
    tc_hull_data *cube;
    {
        tc_vec3 p[8];
        for (int i = 0; i < 8; ++i) p[i] = tc_vec3_make(i & 1 ? 1.0f : -1.0f, i & 2 ? 1.0f : -1.0f, i & 4 ? 1.0f : -1.0f);
        cube = tc_hull_data_create(p, 8, NULL);
    }
    /* two triangles sharing an edge: 5 edges */
    const tc_vec3 v[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 0, 1 }, { 0, 0, 1 } };
    const int32_t idx[6] = { 0, 1, 2, 0, 2, 3 };
    tc_mesh_data *quad = tc_mesh_data_create(v, 4, idx, 2, NULL);
    CHECK(cube && quad);
    tc_collider_def d = tc_collider_def_default();
    d.shape = tc_shape_from_hull(tc_hull_make(cube, tc_transform_identity(), 1.0f));
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    d.shape = tc_shape_from_mesh(tc_mesh_make(quad, tc_transform_identity(), 2.0f));
    d.local = tc_transform_make(tc_vec3_make(5, 0, 0), tc_quat_identity());
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    CHECK(tc_world_update(w));
    const int32_t hull_edges = tc_hull_data_edge_count(cube);
    CHECK(hull_edges >= 12); /* a cube's 12 (more if its faces are drawn as triangles) */
    draw_count c;
    memset(&c, 0, sizeof c);
    tc_debug_draw dd = tc_debug_draw_default();
    dd.line = count_line;
    dd.context = &c;
    tc_world_debug_draw(w, &dd);
    CHECK_MSG(c.lines == hull_edges + 5, "%ld lines, want %d", c.lines, (int)hull_edges + 5);
    CHECK(c.tree == 0 && c.mesh_nodes == 0);
    dd.draw_mesh_nodes = true;
    memset(&c, 0, sizeof c);
    tc_world_debug_draw(w, &dd);
    CHECK(c.lines == hull_edges + 5 && c.tree == 0);
    CHECK(c.mesh_nodes == 12 * (long)tc_mesh_data_node_count(quad));
    tc_world_destroy(w);
    tc_hull_data_destroy(cube);
    tc_mesh_data_destroy(quad);
}
