/* SPDX-License-Identifier: MIT */
/* The dynamic AABB tree against brute force over all proxies. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <touche/tree.h>

#include "counting_allocator.h"
#include "harness.h"

typedef struct model {
    tc_aabb tight[20000];
    int32_t id[20000];
    uint64_t user[20000];
    int count;
} model;

static model g_model; /* large; kept out of the stack */

static tc_aabb random_box(test_rng *rng, double world, double size)
{
    double cx = test_rng_uniform(rng, -world, world), cy = test_rng_uniform(rng, -world, world),
           cz = test_rng_uniform(rng, -world, world);
    double hx = test_rng_uniform(rng, 0.0, size), hy = test_rng_uniform(rng, 0.0, size),
           hz = test_rng_uniform(rng, 0.0, size);
    tc_aabb b;
    b.min = tc_vec3_make((float)(cx - hx), (float)(cy - hy), (float)(cz - hz));
    b.max = tc_vec3_make((float)(cx + hx), (float)(cy + hy), (float)(cz + hz));
    return b;
}

static tc_aabb shifted(tc_aabb b, double dx, double dy, double dz)
{
    tc_aabb r;
    r.min = tc_vec3_make((float)(b.min.x + dx), (float)(b.min.y + dy), (float)(b.min.z + dz));
    r.max = tc_vec3_make((float)(b.max.x + dx), (float)(b.max.y + dy), (float)(b.max.z + dz));
    return r;
}

static bool ref_overlap(tc_aabb a, tc_aabb b)
{
    /* written per axis in double, independently of the tree's helper */
    double amin[3] = { a.min.x, a.min.y, a.min.z }, amax[3] = { a.max.x, a.max.y, a.max.z };
    double bmin[3] = { b.min.x, b.min.y, b.min.z }, bmax[3] = { b.max.x, b.max.y, b.max.z };
    for (int k = 0; k < 3; ++k)
        if (amax[k] < bmin[k] || bmax[k] < amin[k]) return false;
    return true;
}

static bool ref_contains(tc_aabb outer, tc_aabb inner)
{
    return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
           outer.max.x >= inner.max.x && outer.max.y >= inner.max.y && outer.max.z >= inner.max.z;
}

/* Ray against a box grown by `grow` on every side, in double; entry t. */
static bool ref_ray_box(const tc_ray *ray, tc_aabb b, double max_t, double grow, double *t_out)
{
    double o[3] = { ray->origin.x, ray->origin.y, ray->origin.z }, d[3] = { ray->dir.x, ray->dir.y, ray->dir.z };
    double lo[3] = { b.min.x - grow, b.min.y - grow, b.min.z - grow }, hi[3] = { b.max.x + grow, b.max.y + grow, b.max.z + grow };
    double t0 = 0.0, t1 = max_t;
    for (int k = 0; k < 3; ++k) {
        if (d[k] == 0.0) {
            if (o[k] < lo[k] || o[k] > hi[k]) return false;
            continue;
        }
        double a = (lo[k] - o[k]) / d[k], c = (hi[k] - o[k]) / d[k];
        if (a > c) { double s = a; a = c; c = s; }
        if (a > t0) t0 = a;
        if (c < t1) t1 = c;
        if (t0 > t1) return false;
    }
    *t_out = t0;
    return true;
}

typedef struct hits { int32_t ids[20000]; int count; } hits;
static hits g_hits;

static bool collect(void *ctx, int32_t proxy, uint64_t user)
{
    hits *h = (hits *)ctx;
    (void)user;
    h->ids[h->count++] = proxy;
    return true;
}

static float collect_ray(void *ctx, int32_t proxy, uint64_t user, const tc_ray *ray, float max_t)
{
    hits *h = (hits *)ctx;
    (void)user; (void)ray;
    h->ids[h->count++] = proxy;
    return max_t;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int find_slot(const model *m, int32_t id)
{
    for (int i = 0; i < m->count; ++i)
        if (m->id[i] == id) return i;
    return -1;
}

typedef struct pair_list { int64_t *keys; int count, cap; } pair_list;

static bool collect_pair(void *ctx, int32_t a, int32_t b)
{
    pair_list *p = (pair_list *)ctx;
    if (p->count < p->cap) p->keys[p->count] = ((int64_t)a << 32) | b;
    ++p->count;
    return true;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void check_queries(tc_tree *tree, model *m, test_rng *rng, bool with_pairs)
{
    CHECK(tc_tree_validate(tree));
    CHECK(tc_tree_proxy_count(tree) == m->count);
    for (int i = 0; i < m->count; ++i) {
        CHECK(ref_contains(tc_tree_fat_box(tree, m->id[i]), m->tight[i]));
        CHECK(tc_tree_user_data(tree, m->id[i]) == m->user[i]);
    }
    /* Box queries: exactly the proxies whose fat box overlaps. */
    for (int q = 0; q < 10; ++q) {
        tc_aabb box = random_box(rng, 100.0, 20.0);
        g_hits.count = 0;
        tc_tree_query_aabb(tree, box, collect, &g_hits);
        qsort(g_hits.ids, (size_t)g_hits.count, sizeof(int32_t), cmp_i32);
        int32_t want[20000];
        int nw = 0;
        for (int i = 0; i < m->count; ++i)
            if (ref_overlap(tc_tree_fat_box(tree, m->id[i]), box)) want[nw++] = m->id[i];
        qsort(want, (size_t)nw, sizeof(int32_t), cmp_i32);
        CHECK(nw == g_hits.count);
        if (nw == g_hits.count) CHECK(memcmp(want, g_hits.ids, (size_t)nw * sizeof(int32_t)) == 0);
    }
    /* Rays: every box the ray clearly enters is reported; nothing reported
     * misses the box by more than rounding. */
    for (int q = 0; q < 10; ++q) {
        tc_ray ray;
        ray.origin = test_rng_vec3(rng, -120, 120);
        ray.dir = test_rng_vec3(rng, -1, 1);
        if (q == 0) ray.dir = tc_vec3_make(0, 0, 1); /* axis-parallel */
        float max_t = q % 3 == 0 ? INFINITY : (float)test_rng_uniform(rng, 10, 300);
        g_hits.count = 0;
        tc_tree_raycast(tree, &ray, max_t, collect_ray, &g_hits);
        static char reported[65536];
        memset(reported, 0, sizeof reported);
        for (int i = 0; i < g_hits.count; ++i) {
            CHECK(!reported[g_hits.ids[i]]); /* each once */
            reported[g_hits.ids[i]] = 1;
        }
        for (int i = 0; i < m->count; ++i) {
            double t;
            tc_aabb fat = tc_tree_fat_box(tree, m->id[i]);
            if (ref_ray_box(&ray, fat, max_t, -1e-3, &t)) CHECK_MSG(reported[m->id[i]], "ray missed proxy %d", m->id[i]);
            if (reported[m->id[i]]) CHECK(ref_ray_box(&ray, fat, (double)max_t * 1.0001 + 1e-3, 1e-3, &t));
        }
    }
    if (with_pairs) {
        pair_list got = { NULL, 0, 400000 }, want = { NULL, 0, 400000 };
        got.keys = (int64_t *)malloc(sizeof(int64_t) * (size_t)got.cap);
        want.keys = (int64_t *)malloc(sizeof(int64_t) * (size_t)want.cap);
        tc_tree_query_pairs(tree, collect_pair, &got);
        for (int i = 0; i < m->count; ++i) {
            tc_aabb a = tc_tree_fat_box(tree, m->id[i]);
            for (int j = 0; j < m->count; ++j) {
                if (m->id[j] <= m->id[i]) continue;
                if (ref_overlap(a, tc_tree_fat_box(tree, m->id[j]))) collect_pair(&want, m->id[i], m->id[j]);
            }
        }
        CHECK(got.count == want.count && got.count <= got.cap);
        if (got.count == want.count && got.count <= got.cap) {
            qsort(got.keys, (size_t)got.count, sizeof(int64_t), cmp_i64);
            qsort(want.keys, (size_t)want.count, sizeof(int64_t), cmp_i64);
            CHECK(memcmp(got.keys, want.keys, (size_t)got.count * sizeof(int64_t)) == 0);
        }
        free(got.keys);
        free(want.keys);
    }
}

TEST_CASE(tree_random_churn_matches_brute_force)
{
    test_rng rng = { 101 };
    counting_allocator ca;
    counting_allocator_init(&ca);
    tc_tree_def def = tc_tree_def_default();
    def.allocator = counting_allocator_hooks(&ca);
    tc_tree *tree = tc_tree_create(&def);
    model *m = &g_model;
    m->count = 0;
    const int n = 1500;
    for (int i = 0; i < n; ++i) {
        m->tight[m->count] = random_box(&rng, 100.0, 3.0);
        m->user[m->count] = test_rng_next(&rng);
        m->id[m->count] = tc_tree_create_proxy(tree, m->tight[m->count], m->user[m->count]);
        CHECK(m->id[m->count] >= 0);
        ++m->count;
    }
    const int steps = test_random_count(40);
    for (int step = 0; step < steps; ++step) {
        for (int k = 0; k < n / 10 && m->count > 0; ++k) {
            int i = test_rng_int(&rng, 0, m->count - 1);
            double s = test_rng_int(&rng, 0, 9) == 0 ? 60.0 : 0.3; /* mostly slow, sometimes a jump */
            m->tight[i] = shifted(m->tight[i], test_rng_uniform(&rng, -s, s), test_rng_uniform(&rng, -s, s), test_rng_uniform(&rng, -s, s));
            tc_tree_move_proxy(tree, m->id[i], m->tight[i]);
        }
        for (int k = 0; k < n / 50 && m->count > 1; ++k) {
            int i = test_rng_int(&rng, 0, m->count - 1);
            tc_tree_destroy_proxy(tree, m->id[i]);
            --m->count;
            m->tight[i] = m->tight[m->count];
            m->id[i] = m->id[m->count];
            m->user[i] = m->user[m->count];
        }
        for (int k = 0; k < n / 50; ++k) {
            m->tight[m->count] = random_box(&rng, 100.0, 3.0);
            m->user[m->count] = test_rng_next(&rng);
            m->id[m->count] = tc_tree_create_proxy(tree, m->tight[m->count], m->user[m->count]);
            CHECK(m->id[m->count] >= 0);
            ++m->count;
        }
        check_queries(tree, m, &rng, step % 10 == 9);
    }
    tc_tree_destroy(tree);
    CHECK(ca.live_blocks == 0);
    CHECK(ca.live_bytes == 0);
    CHECK(ca.bad_frees == 0);
}

typedef struct closest_ctx { const model *m; const tc_tree *tree; double best; int32_t best_id; int calls; } closest_ctx;

/* The "object" of each proxy is its tight box; hit it exactly in double. */
static float closest_cb(void *ctx, int32_t proxy, uint64_t user, const tc_ray *ray, float max_t)
{
    closest_ctx *c = (closest_ctx *)ctx;
    (void)user;
    ++c->calls;
    int slot = find_slot(c->m, proxy);
    double t;
    if (slot >= 0 && ref_ray_box(ray, c->m->tight[slot], max_t, 0.0, &t) && t < c->best) {
        c->best = t;
        c->best_id = proxy;
        return (float)t;
    }
    return max_t;
}

TEST_CASE(tree_closest_ray_matches_brute_force)
{
    test_rng rng = { 202 };
    tc_tree *tree = tc_tree_create(NULL);
    model *m = &g_model;
    m->count = 0;
    for (int i = 0; i < 3000; ++i) {
        m->tight[i] = random_box(&rng, 100.0, 2.0);
        m->id[i] = tc_tree_create_proxy(tree, m->tight[i], (uint64_t)i);
        m->count++;
    }
    long calls = 0;
    for (int q = 0; q < test_random_count(200); ++q) {
        tc_ray ray;
        ray.origin = tc_vec3_make((float)test_rng_uniform(&rng, -150, 150), (float)test_rng_uniform(&rng, -150, 150), -150.0f);
        ray.dir = tc_vec3_make((float)test_rng_uniform(&rng, -0.5, 0.5), (float)test_rng_uniform(&rng, -0.5, 0.5), 1.0f);
        closest_ctx c = { m, tree, INFINITY, -1, 0 };
        tc_tree_raycast(tree, &ray, INFINITY, closest_cb, &c);
        calls += c.calls;
        double best = INFINITY;
        for (int i = 0; i < m->count; ++i) {
            double t;
            if (ref_ray_box(&ray, m->tight[i], INFINITY, 0.0, &t) && t < best) best = t;
        }
        CHECK(c.best == best);
    }
    /* Front-to-back order clips the search: far fewer leaves than proxies. */
    CHECK(calls < (long)test_random_count(200) * 300);
    tc_tree_destroy(tree);
}

TEST_CASE(tree_height_stays_logarithmic_under_churn)
{
    test_rng rng = { 303 };
    tc_tree *tree = tc_tree_create(NULL);
    int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * 20000);
    int n = 0;
    /* Sorted insertion is the classic worst case for a naive tree. */
    for (int i = 0; i < 10000; ++i) {
        tc_aabb b;
        b.min = tc_vec3_make((float)i, 0, 0);
        b.max = tc_vec3_make((float)i + 0.5f, 0.5f, 0.5f);
        ids[n++] = tc_tree_create_proxy(tree, b, 0);
    }
    double bound = 2.0 * log2((double)n) + 2.0;
    CHECK_MSG(tc_tree_height(tree) <= bound, "height %d after sorted inserts, bound %.1f", tc_tree_height(tree), bound);
    for (int round = 0; round < 20; ++round) {
        for (int k = 0; k < 2000; ++k) {
            int i = test_rng_int(&rng, 0, n - 1);
            tc_tree_move_proxy(tree, ids[i], random_box(&rng, 500.0, 2.0));
        }
        for (int k = 0; k < 500; ++k) {
            int i = test_rng_int(&rng, 0, n - 1);
            tc_tree_destroy_proxy(tree, ids[i]);
            ids[i] = ids[--n];
        }
        for (int k = 0; k < 500; ++k) ids[n++] = tc_tree_create_proxy(tree, random_box(&rng, 500.0, 2.0), 0);
        bound = 2.0 * log2((double)n) + 2.0;
        CHECK_MSG(tc_tree_height(tree) <= bound, "height %d, bound %.1f", tc_tree_height(tree), bound);
    }
    CHECK(tc_tree_validate(tree));
    /* Surface-area quality: internal nodes do not balloon. */
    CHECK(tc_tree_area_ratio(tree) < 200.0f);
    free(ids);
    tc_tree_destroy(tree);
}

TEST_CASE(tree_move_inside_fat_box_costs_nothing)
{
    tc_tree_def def = tc_tree_def_default();
    def.margin = 0.5f;
    tc_tree *tree = tc_tree_create(&def);
    tc_aabb b;
    b.min = tc_vec3_make(0, 0, 0);
    b.max = tc_vec3_make(1, 1, 1);
    int32_t a = tc_tree_create_proxy(tree, b, 7);
    int32_t other = tc_tree_create_proxy(tree, shifted(b, 5, 0, 0), 8);
    tc_aabb fat = tc_tree_fat_box(tree, a);
    /* margin 0.5 + ratio 0.1 * 1 on each side */
    CHECK_NEAR(fat.min.x, -0.6, 1e-6);
    CHECK_NEAR(fat.max.z, 1.6, 1e-6);
    CHECK(!tc_tree_move_proxy(tree, a, shifted(b, 0.3, -0.3, 0.59)));
    tc_aabb same = tc_tree_fat_box(tree, a);
    CHECK(memcmp(&same, &fat, sizeof fat) == 0);
    CHECK(tc_tree_move_proxy(tree, a, shifted(b, 0.7, 0, 0)));
    CHECK(tc_tree_fat_box(tree, a).max.x > fat.max.x);
    CHECK(tc_tree_user_data(tree, a) == 7 && tc_tree_user_data(tree, other) == 8);
    CHECK(tc_tree_validate(tree));
    tc_tree_destroy(tree);
}

TEST_CASE(tree_counting_allocator_and_failures)
{
    counting_allocator ca;
    counting_allocator_init(&ca);
    tc_tree_def def = tc_tree_def_default();
    def.allocator = counting_allocator_hooks(&ca);
    test_rng rng = { 404 };
    /* Fail at every possible point of a growing tree: never a crash, a
     * consistent tree afterwards, and nothing leaked. */
    for (int fail = 0; fail < 8; ++fail) {
        ca.fail_after = fail;
        tc_tree *tree = tc_tree_create(&def);
        if (!tree) { CHECK(ca.live_blocks == 0); continue; }
        int created = 0;
        for (int i = 0; i < 200; ++i)
            if (tc_tree_create_proxy(tree, random_box(&rng, 10, 1), 0) != TC_TREE_NULL) ++created;
        if (fail <= 4) CHECK(created < 200); /* the node array grows 16, 32, ... 512 */
        CHECK(tc_tree_proxy_count(tree) == created);
        CHECK(tc_tree_validate(tree));
        ca.fail_after = -1;
        for (int i = 0; i < 100; ++i) CHECK(tc_tree_create_proxy(tree, random_box(&rng, 10, 1), 0) != TC_TREE_NULL);
        CHECK(tc_tree_validate(tree));
        tc_tree_destroy(tree);
        CHECK(ca.live_blocks == 0);
    }
    CHECK(ca.bad_frees == 0);
}

TEST_CASE(tree_rejects_invalid_boxes)
{
    tc_tree *tree = tc_tree_create(NULL);
    tc_aabb b;
    b.min = tc_vec3_make(0, 0, 0);
    b.max = tc_vec3_make(-1, 1, 1);
    CHECK(tc_tree_create_proxy(tree, b, 0) == TC_TREE_NULL);
    b.max = tc_vec3_make(NAN, 1, 1);
    CHECK(tc_tree_create_proxy(tree, b, 0) == TC_TREE_NULL);
    b.max = tc_vec3_make(INFINITY, 1, 1);
    CHECK(tc_tree_create_proxy(tree, b, 0) == TC_TREE_NULL);
    b.max = tc_vec3_make(1, 1, 1);
    int32_t p = tc_tree_create_proxy(tree, b, 0);
    CHECK(p >= 0);
    tc_aabb bad = b;
    bad.min.y = NAN;
    CHECK(!tc_tree_move_proxy(tree, p, bad));
    CHECK(tc_tree_fat_box(tree, p).max.x >= 1.0f);
    /* Bad rays find nothing. */
    tc_ray ray = { { 0, 0, -5 }, { NAN, 0, 1 } };
    g_hits.count = 0;
    tc_tree_raycast(tree, &ray, INFINITY, collect_ray, &g_hits);
    CHECK(g_hits.count == 0);
    ray.dir = tc_vec3_make(0, 0, 1);
    tc_tree_raycast(tree, &ray, NAN, collect_ray, &g_hits);
    tc_tree_raycast(tree, &ray, -1.0f, collect_ray, &g_hits);
    CHECK(g_hits.count == 0);
    tc_tree_raycast(tree, &ray, INFINITY, collect_ray, &g_hits);
    CHECK(g_hits.count == 1);
    tc_tree_def def = tc_tree_def_default();
    def.margin = -1.0f;
    CHECK(tc_tree_create(&def) == NULL);
    tc_tree_destroy(tree);
}

static bool stop_at_first(void *ctx, int32_t proxy, uint64_t user)
{
    (void)proxy; (void)user;
    ++*(int *)ctx;
    return false;
}

TEST_CASE(tree_callbacks_can_stop)
{
    tc_tree *tree = tc_tree_create(NULL);
    tc_aabb b;
    b.min = tc_vec3_make(0, 0, 0);
    b.max = tc_vec3_make(1, 1, 1);
    for (int i = 0; i < 50; ++i) tc_tree_create_proxy(tree, b, 0);
    int calls = 0;
    tc_tree_query_aabb(tree, b, stop_at_first, &calls);
    CHECK(calls == 1);
    pair_list pl = { NULL, 0, 0 };
    tc_tree_query_pairs(tree, collect_pair, &pl);
    CHECK(pl.count == 50 * 49 / 2);
    tc_tree_destroy(tree);
}


/* ---- bulk creation and rebuilding ----------------------------------------- */

static tc_aabb g_bulk_boxes[20000];
static uint64_t g_bulk_user[20000];
static int32_t g_bulk_ids[20000];

/* Creates `count` random proxies (every 13th box invalid) in one call and
 * records the valid ones in the model. */
static void bulk_add(tc_tree *tree, model *m, test_rng *rng, int count)
{
    for (int i = 0; i < count; ++i) {
        g_bulk_boxes[i] = random_box(rng, 100.0, 3.0);
        if (i % 13 == 5) g_bulk_boxes[i].max.y = g_bulk_boxes[i].min.y - 1.0f; /* min > max: refused */
        g_bulk_user[i] = i % 2 ? test_rng_next(rng) : (uint64_t)i; /* wide and narrow user data */
    }
    CHECK(tc_tree_create_proxies(tree, g_bulk_boxes, g_bulk_user, count, g_bulk_ids));
    for (int i = 0; i < count; ++i) {
        if (i % 13 == 5) {
            CHECK(g_bulk_ids[i] == TC_TREE_NULL);
            continue;
        }
        CHECK(g_bulk_ids[i] >= 0);
        m->tight[m->count] = g_bulk_boxes[i];
        m->user[m->count] = g_bulk_user[i];
        m->id[m->count] = g_bulk_ids[i];
        ++m->count;
    }
}

TEST_CASE(tree_bulk_creation_and_rebuild_match_brute_force)
{
    test_rng rng = { 505 };
    counting_allocator ca;
    counting_allocator_init(&ca);
    tc_tree_def def = tc_tree_def_default();
    def.allocator = counting_allocator_hooks(&ca);
    tc_tree *tree = tc_tree_create(&def);
    model *m = &g_model;
    m->count = 0;
    /* a large batch into an empty tree: built at once */
    bulk_add(tree, m, &rng, 3000);
    CHECK(tc_tree_proxy_count(tree) == m->count);
    double bound = 2.0 * log2((double)m->count) + 2.0;
    CHECK_MSG(tc_tree_height(tree) <= bound, "height %d after a bulk build, bound %.1f", tc_tree_height(tree), bound);
    check_queries(tree, m, &rng, true);
    const int steps = test_random_count(10);
    for (int step = 0; step < steps; ++step) {
        for (int k = 0; k < m->count / 5; ++k) {
            int i = test_rng_int(&rng, 0, m->count - 1);
            double s = test_rng_int(&rng, 0, 9) == 0 ? 60.0 : 0.3;
            m->tight[i] = shifted(m->tight[i], test_rng_uniform(&rng, -s, s), test_rng_uniform(&rng, -s, s), test_rng_uniform(&rng, -s, s));
            tc_tree_move_proxy(tree, m->id[i], m->tight[i]);
        }
        for (int k = 0; k < 40 && m->count > 1; ++k) {
            int i = test_rng_int(&rng, 0, m->count - 1);
            tc_tree_destroy_proxy(tree, m->id[i]);
            --m->count;
            m->tight[i] = m->tight[m->count];
            m->id[i] = m->id[m->count];
            m->user[i] = m->user[m->count];
        }
        /* a small batch goes in one by one, into the freed ids */
        bulk_add(tree, m, &rng, 30);
        if (step % 3 == 2) {
            /* rebuilding keeps ids, fat boxes and user data */
            static tc_aabb fat_before[20000];
            for (int i = 0; i < m->count; ++i) fat_before[i] = tc_tree_fat_box(tree, m->id[i]);
            CHECK(tc_tree_rebuild(tree));
            for (int i = 0; i < m->count; ++i) {
                tc_aabb f = tc_tree_fat_box(tree, m->id[i]);
                CHECK(memcmp(&f, &fat_before[i], sizeof f) == 0);
            }
            CHECK_MSG(tc_tree_height(tree) <= bound, "height %d after a rebuild", tc_tree_height(tree));
        }
        check_queries(tree, m, &rng, step == steps - 1);
    }
    /* a batch larger than the tree: everything rebuilt together */
    bulk_add(tree, m, &rng, m->count + 100);
    check_queries(tree, m, &rng, true);
    tc_tree_destroy(tree);
    CHECK(ca.live_blocks == 0 && ca.live_bytes == 0 && ca.bad_frees == 0);
}

/* Inputs that defeat a naive top-down build: every centre the same, boxes
 * in a sorted row, and boxes at +-2^k for every exponent a float allows
 * (the heuristic would split off a few of the largest at every level, about
 * 70 levels deep here). */
TEST_CASE(tree_bulk_build_degenerate_inputs)
{
    static tc_aabb boxes[4096];
    static int32_t ids[4096];
    for (int kind = 0; kind < 3; ++kind) {
        int n = 0;
        if (kind < 2) {
            for (; n < 4096; ++n) {
                float x = kind == 0 ? 0.0f : (float)n, h = 0.25f + 0.001f * (float)(n % 7);
                boxes[n].min = tc_vec3_make(x - h, -h, -h);
                boxes[n].max = tc_vec3_make(x + h, h, h);
            }
        } else {
            for (int k = -120; k <= 125; ++k) {
                for (int side = -1; side <= 1; side += 2) {
                    float x = (float)side * ldexpf(1.0f, k), h = ldexpf(1.0f, k - 2);
                    boxes[n].min = tc_vec3_make(x - h, -h, -h);
                    boxes[n].max = tc_vec3_make(x + h, h, h);
                    ++n;
                }
            }
        }
        tc_tree *tree = tc_tree_create(NULL);
        CHECK(tc_tree_create_proxies(tree, boxes, NULL, n, ids));
        CHECK(tc_tree_validate(tree));
        CHECK(tc_tree_proxy_count(tree) == n);
        /* at most the heuristic's depth limit (40) plus a balanced part */
        CHECK_MSG(tc_tree_height(tree) <= 40 + (int)ceil(log2((double)n)) + 1, "kind %d: height %d", kind,
                  tc_tree_height(tree));
        /* every proxy is found by its own box (a sample where all overlap) */
        int missing = 0;
        for (int i = 0; i < n; i += kind == 0 ? 64 : 1) {
            g_hits.count = 0;
            tc_tree_query_aabb(tree, boxes[i], collect, &g_hits);
            bool found = false;
            for (int k = 0; k < g_hits.count; ++k) found = found || g_hits.ids[k] == ids[i];
            missing += found ? 0 : 1;
        }
        CHECK(missing == 0);
        tc_tree_destroy(tree);
    }
}

TEST_CASE(tree_bulk_creation_under_allocation_failures)
{
    counting_allocator ca;
    counting_allocator_init(&ca);
    tc_tree_def def = tc_tree_def_default();
    def.allocator = counting_allocator_hooks(&ca);
    test_rng rng = { 606 };
    static tc_aabb boxes[500];
    static int32_t ids[500];
    for (int i = 0; i < 500; ++i) boxes[i] = random_box(&rng, 10, 1);
    for (int fail = 0; fail < 12; ++fail) {
        ca.fail_after = -1;
        tc_tree *tree = tc_tree_create(&def);
        for (int i = 0; i < 100; ++i) tc_tree_create_proxy(tree, random_box(&rng, 10, 1), 0);
        ca.fail_after = fail;
        int before = tc_tree_proxy_count(tree);
        bool ok = tc_tree_create_proxies(tree, boxes, NULL, 500, ids);
        /* all or nothing */
        CHECK(tc_tree_proxy_count(tree) == (ok ? before + 500 : before));
        for (int i = 0; i < 500; ++i) CHECK(ok ? ids[i] >= 0 : ids[i] == TC_TREE_NULL);
        CHECK(tc_tree_validate(tree));
        ca.fail_after = fail;
        CHECK(tc_tree_rebuild(tree) || fail == 0); /* it needs one block */
        CHECK(tc_tree_validate(tree));
        /* a small batch goes in one by one; a failure takes it all back */
        ca.fail_after = fail % 4;
        before = tc_tree_proxy_count(tree);
        ok = tc_tree_create_proxies(tree, boxes, NULL, 60, ids);
        CHECK(tc_tree_proxy_count(tree) == (ok ? before + 60 : before));
        CHECK(tc_tree_validate(tree));
        ca.fail_after = -1;
        tc_tree_destroy(tree);
        CHECK(ca.live_blocks == 0 && ca.live_bytes == 0);
    }
    CHECK(ca.bad_frees == 0);
}

TEST_CASE(tree_move_by_stretches_along_the_motion)
{
    tc_tree_def def = tc_tree_def_default();
    def.margin = 0.5f;
    def.margin_ratio = 0.0f;
    tc_tree *tree = tc_tree_create(&def);
    tc_aabb b;
    b.min = tc_vec3_make(0, 0, 0);
    b.max = tc_vec3_make(1, 1, 1);
    int32_t p = tc_tree_create_proxy(tree, b, 1);
    int32_t q = tc_tree_create_proxy(tree, shifted(b, 10, 0, 0), 2);
    /* inside the fat box: nothing moves, whatever the displacement */
    CHECK(!tc_tree_move_proxy_by(tree, p, shifted(b, 0.2, 0, 0), tc_vec3_make(3, 0, 0)));
    /* out of it: the fat box is the plain one joined with itself shifted */
    tc_aabb moved = shifted(b, 1.0, 0, 0);
    CHECK(tc_tree_move_proxy_by(tree, p, moved, tc_vec3_make(2, 0, -1)));
    tc_aabb fat = tc_tree_fat_box(tree, p);
    CHECK_NEAR(fat.min.x, 0.5, 1e-6);
    CHECK_NEAR(fat.max.x, 2.5 + 2.0, 1e-6);
    CHECK_NEAR(fat.min.z, -0.5 - 1.0, 1e-6);
    CHECK_NEAR(fat.max.z, 1.5, 1e-6);
    CHECK_NEAR(fat.min.y, -0.5, 1e-6);
    /* so a steady motion stays inside for a while */
    CHECK(!tc_tree_move_proxy_by(tree, p, shifted(moved, 1.5, 0, -0.9), tc_vec3_make(2, 0, -1)));
    /* zero: the plain fattening; non-finite: ignored */
    CHECK(tc_tree_move_proxy_by(tree, p, shifted(b, -5, 0, 0), tc_vec3_zero()));
    fat = tc_tree_fat_box(tree, p);
    CHECK_NEAR(fat.min.x, -5.5, 1e-6);
    CHECK_NEAR(fat.max.x, -3.5, 1e-6);
    CHECK(tc_tree_move_proxy_by(tree, p, shifted(b, 5, 0, 0), tc_vec3_make(NAN, 0, 0)));
    fat = tc_tree_fat_box(tree, p);
    CHECK_NEAR(fat.min.x, 4.5, 1e-6);
    CHECK_NEAR(fat.max.x, 6.5, 1e-6);
    /* the other proxy sees it where it is */
    g_hits.count = 0;
    tc_tree_query_aabb(tree, shifted(b, 5, 0, 0), collect, &g_hits);
    CHECK(g_hits.count == 1 && g_hits.ids[0] == p);
    CHECK(tc_tree_user_data(tree, q) == 2);
    CHECK(tc_tree_validate(tree));
    tc_tree_destroy(tree);
}

/* Small trees whose proxies hop between three boxes (equal boxes are
 * common, one may lie far away), some moves stretched along a motion; the
 * tree is checked after every move. A proxy whose new fat box lies in its
 * old parent's box is reinserted below the slot its sibling moved into, and
 * the walk back up must still refit the node above that slot even when
 * every node on the way comes out the same: it did not, and heights and
 * boxes above went stale (found by the world fuzzer; here the first bad
 * case is seed 9719). */
TEST_CASE(tree_small_trees_stay_valid_after_every_move)
{
    int bad = 0;
    for (uint64_t seed = 1; seed <= 12000 && bad < 3; ++seed) {
        test_rng r = { seed };
        tc_tree_def def = tc_tree_def_default();
        def.margin_ratio = test_rng_int(&r, 0, 1) ? 0.1f : 0.0f;
        tc_tree *t = tc_tree_create(&def);
        const int n = test_rng_int(&r, 3, 12);
        tc_aabb choice[3];
        for (int k = 0; k < 3; ++k) {
            const float c = (float)test_rng_int(&r, 0, 2) * (test_rng_int(&r, 0, 3) == 0 ? 100.0f : 1.0f);
            const float h = 0.5f * (float)test_rng_int(&r, 1, 3);
            choice[k].min = tc_vec3_make(c - h, c - h, c - h);
            choice[k].max = tc_vec3_make(c + h, c + h, c + h);
        }
        int32_t ids[12];
        for (int i = 0; i < n; ++i) ids[i] = tc_tree_create_proxy(t, choice[test_rng_int(&r, 0, 2)], (uint64_t)i);
        for (int m = 0; m < 12; ++m) {
            const int i = test_rng_int(&r, 0, n - 1);
            const tc_aabb box = choice[test_rng_int(&r, 0, 2)];
            const tc_vec3 d = test_rng_int(&r, 0, 2) == 0 ? tc_vec3_make(0.5f, 0, 0) : tc_vec3_zero();
            (void)tc_tree_move_proxy_by(t, ids[i], box, d);
            if (!tc_tree_validate(t)) {
                CHECK_MSG(false, "seed %llu: the tree is invalid after move %d", (unsigned long long)seed, m);
                ++bad;
                break;
            }
        }
        tc_tree_destroy(t);
    }
}
