/* SPDX-License-Identifier: MIT */
/* The world against brute force: random worlds step by step, hierarchies in
 * double precision, ids, memory, events, debug drawing and picking. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <touche/world.h>

#include "counting_allocator.h"
#include "harness.h"
#include "world_oracle.h"
#include "test_random.h"

/* ---- random content ------------------------------------------------------ */

static float frand(test_rng *r, double lo, double hi) { return (float)test_rng_uniform(r, lo, hi); }
static tc_vec3 vrand(test_rng *r, double e) { return test_rng_vec3(r, -e, e); }
static tc_quat qrand(test_rng *r)
{
    return tc_quat_normalize(test_rng_quat4(r, -1, 1));
}

static tc_shape random_local_shape(test_rng *r)
{
    if (test_rng_int(r, 0, 59) == 0) {
        /* now and then a plane: a half-space with no box, paired without the tree */
        tc_vec3 n = test_rng_vec3(r, -1, 1);
        if (tc_vec3_length_sq(n) < 0.01f) n = tc_vec3_make(0, 1, 0);
        return tc_shape_from_plane(tc_plane_from_point_normal(test_rng_vec3(r, -3, 3), n));
    }
    double size = test_rng_uniform(r, 0.2, 2.0);
    switch (test_rng_int(r, 0, 4)) {
    case 0: { tc_sphere s = { vrand(r, 0.5), (float)size }; return tc_shape_from_sphere(s); }
    /* One draw a statement: initialisers and arguments are evaluated in an order the compiler picks. */
    case 1: { tc_vec3 p = vrand(r, size); tc_capsule c = { p, vrand(r, size), (float)(size * 0.4) }; return tc_shape_from_capsule(c); }
    case 2: {
        tc_vec3 c = vrand(r, 0.5), h = test_rng_vec3(r, 0.1, size);
        tc_aabb b = { tc_vec3_sub(c, h), tc_vec3_add(c, h) };
        return tc_shape_from_aabb(b);
    }
    case 3: { tc_vec3 c = vrand(r, 0.5), h = test_rng_vec3(r, 0.1, size); return tc_shape_from_obb(tc_obb_from_quat(c, h, qrand(r))); }
    default: { tc_triangle t; t.a = vrand(r, size); t.b = vrand(r, size); t.c = vrand(r, size); return tc_shape_from_triangle(t); }
    }
}

static tc_transform random_pose(test_rng *r, double e) { tc_vec3 p = vrand(r, e); return tc_transform_make(p, qrand(r)); }

/* ---- the model the oracle keeps ------------------------------------------ */

#define MAXC 4096
#define MAXN 256

typedef struct model {
    tc_world *world;
    tc_collider_id col[MAXC];
    int ncol;
    tc_node_id node[MAXN];
    int nnode;
    /* previous touching pairs, as sorted keys of (index << 32 | index) with ids */
    tc_contact_event prev[200000];
    int nprev;
} model;

static model g;

static uint32_t g_group[MAXC];
static uint64_t g_user[MAXC];

static tc_node_id random_node_or_null(test_rng *r)
{
    if (g.nnode == 0 || test_rng_int(r, 0, 3) == 0) return tc_node_null();
    return g.node[test_rng_int(r, 0, g.nnode - 1)];
}

static void add_collider(test_rng *r)
{
    if (g.ncol >= MAXC) return;
    tc_collider_def d;
    d = tc_collider_def_default();
    d.shape = random_local_shape(r);
    d.local = random_pose(r, 2.0);
    d.parent = random_node_or_null(r);
    if (tc_node_is_null(d.parent)) d.local.position = test_rng_vec3(r, -40.0, 40.0);
    d.user_data = test_rng_next(r);
    d.category = (uint64_t)1 << test_rng_int(r, 0, 3);
    d.mask = test_rng_int(r, 0, 4) == 0 ? (uint64_t)0x5 : ~(uint64_t)0;
    d.enabled = test_rng_int(r, 0, 20) != 0;
    d.group = test_rng_int(r, 0, 3) == 0 ? (uint32_t)test_rng_int(r, 1, 3) : 0;
    tc_collider_id id = tc_world_create_collider(g.world, &d);
    CHECK(!tc_collider_is_null(id));
    CHECK(tc_world_collider_user_data(g.world, id) == d.user_data);
    g_group[g.ncol] = d.group;
    g_user[g.ncol] = d.user_data;
    g.col[g.ncol++] = id;
}

/* Is `anc` an ancestor of (or equal to) `n` following the world's parents?
 * Kept independently from the world by the test. */
static tc_node_id g_parent[MAXN];
static int node_slot(tc_node_id id)
{
    for (int i = 0; i < g.nnode; ++i)
        if (g.node[i].index == id.index && g.node[i].generation == id.generation) return i;
    return -1;
}
static bool would_cycle(tc_node_id child, tc_node_id parent)
{
    for (tc_node_id p = parent; !tc_node_is_null(p);) {
        if (p.index == child.index && p.generation == child.generation) return true;
        int s = node_slot(p);
        if (s < 0) return false;
        p = g_parent[s];
    }
    return false;
}

/* Snapshot of every live collider's world shape after an update. */
typedef struct snap { tc_collider_id id; tc_shape shape; bool live; bool enabled; uint64_t cat, mask, user; uint32_t group; double lo[3], hi[3]; } snap;
static snap g_snap[MAXC];
static uint64_t g_cat[MAXC], g_mask[MAXC];
static bool g_enabled[MAXC];

static void take_snapshot(void)
{
    for (int i = 0; i < g.ncol; ++i) {
        snap *s = &g_snap[i];
        s->id = g.col[i];
        s->live = tc_world_collider_shape(g.world, g.col[i], &s->shape);
        s->enabled = g_enabled[i];
        s->cat = g_cat[i];
        s->mask = g_mask[i];
        s->group = g_group[i];
        s->user = g_user[i];
        if (s->live) {
            oracle_shape_box(&s->shape, s->lo, s->hi);
            double m = 0;
            for (int k = 0; k < 3; ++k) m = fmax(m, fmax(fabs(s->lo[k]), fabs(s->hi[k])));
            for (int k = 0; k < 3; ++k) { s->lo[k] -= 1e-4 * (1 + m); s->hi[k] += 1e-4 * (1 + m); }
        }
    }
}

static bool boxes_meet(const snap *a, const snap *b)
{
    for (int k = 0; k < 3; ++k)
        if (a->hi[k] < b->lo[k] || b->hi[k] < a->lo[k]) return false;
    return true;
}

static int ev_cmp(const void *x, const void *y)
{
    const tc_contact_event *a = (const tc_contact_event *)x, *b = (const tc_contact_event *)y;
    if (a->a.index != b->a.index) return a->a.index < b->a.index ? -1 : 1;
    return (a->b.index > b->b.index) - (a->b.index < b->b.index);
}

static tc_contact_event g_cur[200000], g_want[400000];
/* What the random runs exercised, so a run that saw nothing fails. */
static long g_seen_begin, g_seen_end, g_seen_stay, g_seen_hits, g_seen_overlaps, g_seen_points, g_seen_plane_pairs,
    g_seen_grouped;

/* Brute force: all touching pairs now, then the expected events. */
static void check_pairs(void)
{
    int ncur = 0;
    for (int i = 0; i < g.ncol; ++i) {
        const snap *a = &g_snap[i];
        if (!a->live || !a->enabled) continue;
        for (int j = 0; j < g.ncol; ++j) {
            const snap *b = &g_snap[j];
            if (!b->live || !b->enabled || b->id.index <= a->id.index) continue;
            if (!(a->cat & b->mask) || !(b->cat & a->mask)) continue;
            if (!boxes_meet(a, b)) continue;
            if (!oracle_shape_overlap(&a->shape, &b->shape)) continue;
            if (a->group != 0 && a->group == b->group) {
                ++g_seen_grouped; /* touching, but one group: never a pair */
                continue;
            }
            g_seen_plane_pairs += a->shape.type == TC_SHAPE_PLANE || b->shape.type == TC_SHAPE_PLANE;
            tc_contact_event e = { a->id, b->id, TC_CONTACT_STAY, a->user, b->user };
            g_cur[ncur++] = e;
        }
    }
    qsort(g_cur, (size_t)ncur, sizeof *g_cur, ev_cmp);
    /* merge prev and cur */
    int nw = 0, i = 0, j = 0;
    while (i < g.nprev || j < ncur) {
        int c = i >= g.nprev ? 1 : j >= ncur ? -1 : ev_cmp(&g.prev[i], &g_cur[j]);
        if (c < 0) { g_want[nw] = g.prev[i++]; g_want[nw++].state = TC_CONTACT_END; }
        else if (c > 0) { g_want[nw] = g_cur[j++]; g_want[nw++].state = TC_CONTACT_BEGIN; }
        else {
            /* same indices: a reused slot is a different collider */
            bool same = g.prev[i].a.generation == g_cur[j].a.generation && g.prev[i].b.generation == g_cur[j].b.generation;
            CHECK(same); /* slots are reused only after an update */
            g_want[nw] = g_cur[j]; g_want[nw++].state = TC_CONTACT_STAY;
            ++i; ++j;
        }
    }
    size_t n;
    const tc_contact_event *ev = tc_world_contact_events(g.world, &n);
    CHECK_MSG((int)n == nw, "events: world %zu, oracle %d", n, nw);
    int bad = 0;
    for (int k = 0; k < nw && k < (int)n; ++k) {
        if (ev[k].a.index != g_want[k].a.index || ev[k].b.index != g_want[k].b.index ||
            ev[k].a.generation != g_want[k].a.generation || ev[k].b.generation != g_want[k].b.generation ||
            ev[k].state != g_want[k].state || ev[k].user_data_a != g_want[k].user_data_a ||
            ev[k].user_data_b != g_want[k].user_data_b) {
            if (bad++ < 5)
                test_fail(__FILE__, __LINE__, "event %d: world (%u,%u,%d) oracle (%u,%u,%d)", k, ev[k].a.index,
                          ev[k].b.index, (int)ev[k].state, g_want[k].a.index, g_want[k].b.index, (int)g_want[k].state);
        }
    }
    for (int k = 0; k < nw; ++k) {
        if (g_want[k].state == TC_CONTACT_BEGIN) ++g_seen_begin;
        else if (g_want[k].state == TC_CONTACT_END) ++g_seen_end;
        else ++g_seen_stay;
    }
    memcpy(g.prev, g_cur, sizeof *g_cur * (size_t)ncur);
    g.nprev = ncur;
}

static bool filter_ok(const tc_query_filter *f, const snap *s)
{
    return !f || ((s->cat & f->mask) && (s->mask & f->category));
}

static int id_cmp(const void *x, const void *y)
{
    const tc_collider_id *a = (const tc_collider_id *)x, *b = (const tc_collider_id *)y;
    return (a->index > b->index) - (a->index < b->index);
}

static tc_collider_id g_got[MAXC], g_exp[MAXC];

static void compare_ids(size_t ngot, int nexp, const char *what)
{
    qsort(g_exp, (size_t)nexp, sizeof *g_exp, id_cmp);
    CHECK_MSG((int)ngot == nexp, "%s: world %zu, oracle %d", what, ngot, nexp);
    if ((int)ngot == nexp)
        for (int k = 0; k < nexp; ++k)
            CHECK(g_got[k].index == g_exp[k].index && g_got[k].generation == g_exp[k].generation);
}

static tc_world_hit g_hits[MAXC];

static void check_queries(test_rng *r)
{
    for (int q = 0; q < 8; ++q) {
        tc_query_filter fs;
        fs.category = (uint64_t)1 << test_rng_int(r, 0, 3);
        fs.mask = (uint64_t)test_rng_int(r, 1, 15);
        fs.group = 0;
        const tc_query_filter *f = q % 2 ? &fs : NULL;
        /* rays */
        tc_ray ray;
        ray.origin = vrand(r, 60);
        ray.dir = vrand(r, 1);
        if (q % 4 != 3 && g.ncol > 0) {
            /* aim at some collider so that rays hit things */
            const snap *s = &g_snap[test_rng_int(r, 0, g.ncol - 1)];
            if (s->live && s->shape.type != TC_SHAPE_PLANE) {
                tc_vec3 c = tc_vec3_make((float)(0.5 * (s->lo[0] + s->hi[0])), (float)(0.5 * (s->lo[1] + s->hi[1])), (float)(0.5 * (s->lo[2] + s->hi[2])));
                ray.dir = tc_vec3_scale(tc_vec3_sub(c, ray.origin), test_rng_float(r, 0.01, 1));
            }
        }
        float max_t = q % 3 == 0 ? INFINITY : test_rng_float(r, 5, 120);
        double best = INFINITY;
        int best_i = -1, nall = 0;
        for (int i = 0; i < g.ncol; ++i) {
            const snap *s = &g_snap[i];
            tc_ray_hit h;
            if (!s->live || !s->enabled || !filter_ok(f, s)) continue;
            if (!oracle_shape_raycast(&ray, &s->shape, max_t, &h)) continue;
            g_hits[nall].collider = s->id;
            g_hits[nall++].t = h.t;
            if (h.t < best || (h.t == best && s->id.index < g_snap[best_i].id.index)) { best = h.t; best_i = i; }
        }
        tc_world_hit hit;
        bool got = tc_world_raycast_closest(g.world, &ray, max_t, f, &hit);
        CHECK(got == (best_i >= 0));
        if (got && best_i >= 0) {
            CHECK_MSG(hit.t == (float)best, "closest t %.9g vs %.9g", hit.t, best);
            CHECK(hit.collider.index == g_snap[best_i].id.index);
        }
        tc_world_hit any;
        got = tc_world_raycast_any(g.world, &ray, max_t, f, &any);
        CHECK(got == (best_i >= 0));
        if (got) {
            bool valid = false;
            for (int k = 0; k < nall; ++k)
                if (g_hits[k].collider.index == any.collider.index && g_hits[k].t == any.t) valid = true;
            CHECK(valid);
        }
        static tc_world_hit all[MAXC];
        size_t na = tc_world_raycast_all(g.world, &ray, max_t, f, all, MAXC);
        CHECK((int)na == nall);
        g_seen_hits += nall;
        for (size_t k = 1; k < na; ++k)
            CHECK(all[k - 1].t < all[k].t || (all[k - 1].t == all[k].t && all[k - 1].collider.index < all[k].collider.index));
        for (size_t k = 0; k < na && (int)na == nall; ++k) {
            bool found = false;
            for (int m = 0; m < nall; ++m)
                if (g_hits[m].collider.index == all[k].collider.index && g_hits[m].t == all[k].t) found = true;
            CHECK(found);
        }
        /* overlap queries by each shape kind, and points */
        tc_shape qs;
        const int kind = test_rng_int(r, 0, 5);
        switch (kind) {
        case 0: { tc_vec3 c = vrand(r, 40); tc_sphere s = { c, frand(r, 1, 8) }; qs = tc_shape_from_sphere(s); break; }
        case 1: { tc_vec3 c = vrand(r, 40), h = vrand(r, 6); h = tc_vec3_abs(h); tc_aabb b = { tc_vec3_sub(c, h), tc_vec3_add(c, h) }; qs = tc_shape_from_aabb(b); break; }
        case 2: { tc_vec3 c = vrand(r, 40), h = tc_vec3_abs(vrand(r, 6)); qs = tc_shape_from_obb(tc_obb_from_quat(c, h, qrand(r))); break; }
        case 3: { tc_vec3 a = vrand(r, 40), b = vrand(r, 40); tc_capsule c = { a, b, frand(r, 0.5, 3) }; qs = tc_shape_from_capsule(c); break; }
        case 4: { tc_vec3 c = vrand(r, 40); tc_triangle t; t.a = tc_vec3_add(c, vrand(r, 10)); t.b = tc_vec3_add(c, vrand(r, 10)); t.c = tc_vec3_add(c, vrand(r, 10)); qs = tc_shape_from_triangle(t); break; }
        default: { tc_vec3 p = vrand(r, 40); qs = tc_shape_from_plane(tc_plane_from_point_normal(p, tc_vec3_add(vrand(r, 1), tc_vec3_make(0, 0.01f, 0)))); break; }
        }
        int nexp = 0;
        for (int i = 0; i < g.ncol; ++i) {
            const snap *s = &g_snap[i];
            if (s->live && s->enabled && filter_ok(f, s) && oracle_shape_overlap(&qs, &s->shape)) g_exp[nexp++] = s->id;
        }
        /* the typed call and the shape call give the same answer */
        size_t ngot;
        switch (qs.type) {
        case TC_SHAPE_SPHERE: ngot = tc_world_overlap_sphere(g.world, &qs.u.sphere, f, g_got, MAXC); break;
        case TC_SHAPE_CAPSULE: ngot = tc_world_overlap_capsule(g.world, &qs.u.capsule, f, g_got, MAXC); break;
        case TC_SHAPE_AABB: ngot = tc_world_overlap_aabb(g.world, &qs.u.aabb, f, g_got, MAXC); break;
        case TC_SHAPE_OBB: ngot = tc_world_overlap_obb(g.world, &qs.u.obb, f, g_got, MAXC); break;
        case TC_SHAPE_TRIANGLE: ngot = tc_world_overlap_triangle(g.world, &qs.u.triangle, f, g_got, MAXC); break;
        default: ngot = tc_world_overlap_plane(g.world, &qs.u.plane, f, g_got, MAXC); break;
        }
        compare_ids(ngot, nexp, "overlap");
        compare_ids(tc_world_overlap_shape(g.world, &qs, f, g_got, MAXC), nexp, "overlap_shape");
        g_seen_overlaps += nexp;
        /* a point inside some collider, and a random one */
        tc_vec3 p = test_rng_vec3(r, -40, 40);
        if (q % 2 == 0 && g.ncol > 0) {
            const snap *s = &g_snap[test_rng_int(r, 0, g.ncol - 1)];
            if (s->live && s->shape.type != TC_SHAPE_PLANE) p = tc_vec3_make((float)(0.5 * (s->lo[0] + s->hi[0])), (float)(0.5 * (s->lo[1] + s->hi[1])), (float)(0.5 * (s->lo[2] + s->hi[2])));
        }
        nexp = 0;
        for (int i = 0; i < g.ncol; ++i) {
            const snap *s = &g_snap[i];
            if (s->live && s->enabled && filter_ok(f, s) && oracle_shape_contains(&s->shape, p)) g_exp[nexp++] = s->id;
        }
        compare_ids(tc_world_overlap_point(g.world, p, f, g_got, MAXC), nexp, "point");
        g_seen_points += nexp;
    }
}

static void remove_collider_slot(int i)
{
    --g.ncol;
    g.col[i] = g.col[g.ncol];
    g_cat[i] = g_cat[g.ncol];
    g_mask[i] = g_mask[g.ncol];
    g_enabled[i] = g_enabled[g.ncol];
    g_group[i] = g_group[g.ncol];
    g_user[i] = g_user[g.ncol];
}

static void random_world(uint64_t seed, int ncol, int steps)
{
    test_rng r = { seed };
    counting_allocator ca;
    counting_allocator_init(&ca);
    tc_world_def def = tc_world_def_default();
    def.allocator = counting_allocator_hooks(&ca);
    memset(&g, 0, sizeof g);
    g.world = tc_world_create(&def);
    CHECK(g.world != NULL);
    /* nodes: roots then children up to a few levels deep */
    for (int i = 0; i < 60; ++i) {
        tc_node_def nd;
        nd = tc_node_def_default();
        nd.parent = i < 20 ? tc_node_null() : g.node[test_rng_int(&r, 0, g.nnode - 1)];
        nd.local = random_pose(&r, i < 20 ? 40.0 : 3.0);
        nd.scale = i % 5 == 0 ? test_rng_float(&r, 0.5, 2.0) : 1.0f;
        g.node[g.nnode] = tc_world_create_node(g.world, &nd);
        g_parent[g.nnode] = nd.parent;
        CHECK(!tc_node_is_null(g.node[g.nnode]));
        ++g.nnode;
    }
    for (int i = 0; i < ncol; ++i) {
        add_collider(&r);
        g_cat[g.ncol - 1] = 0; /* filled below */
    }
    /* read back the filters the test asked for: recreate with known values */
    for (int i = 0; i < g.ncol; ++i) {
        uint64_t cat = (uint64_t)1 << test_rng_int(&r, 0, 3), mask = test_rng_int(&r, 0, 3) ? ~(uint64_t)0 : 0x3;
        tc_world_set_collider_filter(g.world, g.col[i], cat, mask);
        g_cat[i] = cat;
        g_mask[i] = mask;
        g_enabled[i] = true;
        tc_world_set_collider_enabled(g.world, g.col[i], true);
    }
    for (int step = 0; step < steps; ++step) {
        /* game moves bones */
        for (int i = 0; i < 20; ++i) {
            tc_transform t = random_pose(&r, 40.0);
            tc_world_set_node_pose(g.world, g.node[i], t, 1.0f);
        }
        /* colliders move slowly, some jump */
        for (int k = 0; k < g.ncol / 10; ++k) {
            int i = test_rng_int(&r, 0, g.ncol - 1);
            tc_transform t = random_pose(&r, test_rng_int(&r, 0, 5) ? 2.0 : 40.0);
            CHECK(tc_world_set_collider_pose(g.world, g.col[i], t));
        }
        /* reparenting, cycles refused */
        for (int k = 0; k < 5; ++k) {
            int a = test_rng_int(&r, 20, g.nnode - 1), b = test_rng_int(&r, 0, g.nnode - 1);
            bool cyc = would_cycle(g.node[a], g.node[b]);
            bool ok = tc_world_set_node_parent(g.world, g.node[a], g.node[b]);
            CHECK(ok == !cyc);
            if (ok) g_parent[a] = g.node[b];
        }
        for (int k = 0; k < 10; ++k) {
            int i = test_rng_int(&r, 0, g.ncol - 1);
            CHECK(tc_world_set_collider_parent(g.world, g.col[i], random_node_or_null(&r)));
        }
        /* removals, re-additions, toggles, filters, shapes */
        for (int k = 0; k < g.ncol / 50; ++k) {
            int i = test_rng_int(&r, 0, g.ncol - 1);
            tc_world_destroy_collider(g.world, g.col[i]);
            CHECK(!tc_world_collider_is_valid(g.world, g.col[i]));
            remove_collider_slot(i);
        }
        for (int k = 0; k < ncol / 50; ++k) {
            add_collider(&r);
            int i = g.ncol - 1;
            g_cat[i] = 1; g_mask[i] = ~(uint64_t)0; g_enabled[i] = true;
            tc_world_set_collider_filter(g.world, g.col[i], 1, ~(uint64_t)0);
            tc_world_set_collider_enabled(g.world, g.col[i], true);
        }
        for (int k = 0; k < 10; ++k) {
            int i = test_rng_int(&r, 0, g.ncol - 1);
            g_enabled[i] = !g_enabled[i];
            tc_world_set_collider_enabled(g.world, g.col[i], g_enabled[i]);
            int j = test_rng_int(&r, 0, g.ncol - 1);
            g_cat[j] = (uint64_t)1 << test_rng_int(&r, 0, 3);
            tc_world_set_collider_filter(g.world, g.col[j], g_cat[j], g_mask[j]);
            j = test_rng_int(&r, 0, g.ncol - 1);
            g_group[j] = (uint32_t)test_rng_int(&r, 0, 3);
            CHECK(tc_world_set_collider_group(g.world, g.col[j], g_group[j]));
            tc_shape s = random_local_shape(&r);
            CHECK(tc_world_set_collider_shape(g.world, g.col[test_rng_int(&r, 0, g.ncol - 1)], &s));
        }
        if (step % 7 == 3) {
            /* a node dies: its children fall back to the world */
            int a = test_rng_int(&r, 20, g.nnode - 1);
            tc_world_destroy_node(g.world, g.node[a]);
            for (int i = 0; i < g.nnode; ++i)
                if (g_parent[i].index == g.node[a].index && g_parent[i].generation == g.node[a].generation) g_parent[i] = tc_node_null();
            tc_node_def nd;
            nd = tc_node_def_default();
            nd.local = random_pose(&r, 30.0);
            g.node[a] = tc_world_create_node(g.world, &nd);
            g_parent[a] = tc_node_null();
        }
        CHECK(tc_world_update(g.world));
        CHECK(tc_tree_validate(tc_world_tree(g.world)));
        CHECK(tc_world_collider_count(g.world) == (size_t)g.ncol);
        take_snapshot();
        check_pairs();
        check_queries(&r);
        if (test_failures > 10) break;
    }
    tc_world_destroy(g.world);
    CHECK(ca.live_blocks == 0 && ca.live_bytes == 0 && ca.bad_frees == 0);
    printf("events: %ld begin, %ld stay, %ld end; ray hits %ld, overlaps %ld, points %ld; touching plane pairs %ld\n",
           g_seen_begin, g_seen_stay, g_seen_end, g_seen_hits, g_seen_overlaps, g_seen_points, g_seen_plane_pairs);
    CHECK(g_seen_begin > 10 && g_seen_end > 10 && g_seen_stay > 10);
    CHECK(g_seen_hits > 10 && g_seen_overlaps > 10 && g_seen_points > 5);
    CHECK(g_seen_plane_pairs > 10); /* plane colliders took part */
    CHECK(g_seen_grouped > 10);     /* groups kept touching colliders apart */
}

TEST_CASE(world_random_small_matches_brute_force) { random_world(1, 300, test_random_count(60)); }
TEST_CASE(world_random_large_matches_brute_force) { random_world(2, 2500, test_random_count(12)); }

/* ---- hierarchies --------------------------------------------------------- */

TEST_CASE(world_hierarchy_three_deep_matches_double_precision)
{
    test_rng r = { 77 };
    tc_world *w = tc_world_create(NULL);
    for (int it = 0; it < test_random_count(200); ++it) {
        tc_node_def d0, d1, d2;
        d0 = tc_node_def_default();
        d0.local = random_pose(&r, 20);
        d0.scale = test_rng_float(&r, 0.5, 2);
        tc_node_id n0 = tc_world_create_node(w, &d0);
        d1 = d0;
        d1.parent = n0;
        d1.local = random_pose(&r, 3);
        d1.scale = test_rng_float(&r, 0.5, 2);
        tc_node_id n1 = tc_world_create_node(w, &d1);
        d2 = d1;
        d2.parent = n1;
        d2.local = random_pose(&r, 3);
        d2.scale = test_rng_float(&r, 0.5, 2);
        tc_node_id n2 = tc_world_create_node(w, &d2);
        tc_collider_def cd;
        cd = tc_collider_def_default();
        cd.parent = n2;
        cd.local = random_pose(&r, 1);
        tc_vec3 local_c = vrand(&r, 0.5);
        tc_obb local_obb = tc_obb_from_quat(local_c, tc_vec3_make(0.3f, 0.5f, 0.7f), qrand(&r));
        cd.shape = tc_shape_from_obb(local_obb);
        tc_collider_id c = tc_world_create_collider(w, &cd);
        tc_sphere sp = { test_rng_vec3(&r, -0.5, 0.5), 0.4f };
        cd.shape = tc_shape_from_sphere(sp);
        tc_collider_id cs = tc_world_create_collider(w, &cd);
        /* the bone moves after creation: only the update's pose counts */
        tc_transform moved = random_pose(&r, 20);
        float moved_scale = test_rng_float(&r, 0.5, 2);
        CHECK(tc_world_set_node_poses(w, &n0, &moved, &moved_scale, 1) == 1);
        CHECK(tc_world_update(w));

        oracle_pose p0 = oracle_pose_from(moved, moved_scale), p1 = oracle_pose_from(d1.local, d1.scale),
                    p2 = oracle_pose_from(d2.local, d2.scale), pc = oracle_pose_from(cd.local, 1.0);
        oracle_pose a = oracle_pose_mul(&p0, &p1), b = oracle_pose_mul(&a, &p2), full = oracle_pose_mul(&b, &pc);
        double tol = 1e-5 * (1.0 + fabs(full.t[0]) + fabs(full.t[1]) + fabs(full.t[2]));

        tc_shape ws;
        CHECK(tc_world_collider_shape(w, c, &ws));
        /* OBB: centre and axes */
        double oc[3] = { local_obb.center.x, local_obb.center.y, local_obb.center.z }, owc[3];
        oracle_pose_point(&full, oc, owc);
        CHECK_NEAR(ws.u.obb.center.x, owc[0], tol);
        CHECK_NEAR(ws.u.obb.center.y, owc[1], tol);
        CHECK_NEAR(ws.u.obb.center.z, owc[2], tol);
        const tc_vec3 lax[3] = { local_obb.rotation.cx, local_obb.rotation.cy, local_obb.rotation.cz };
        const tc_vec3 wax[3] = { ws.u.obb.rotation.cx, ws.u.obb.rotation.cy, ws.u.obb.rotation.cz };
        for (int k = 0; k < 3; ++k) {
            double l[3] = { lax[k].x, lax[k].y, lax[k].z };
            for (int i = 0; i < 3; ++i) {
                double e = full.r[i][0] * l[0] + full.r[i][1] * l[1] + full.r[i][2] * l[2];
                CHECK_NEAR(i == 0 ? wax[k].x : i == 1 ? wax[k].y : wax[k].z, e, 1e-5);
            }
        }
        tc_shape sws;
        CHECK(tc_world_collider_shape(w, cs, &sws));
        double in[3] = { sp.center.x, sp.center.y, sp.center.z }, out[3];
        oracle_pose_point(&full, in, out);
        CHECK_NEAR(sws.u.sphere.center.x, out[0], tol);
        CHECK_NEAR(sws.u.sphere.center.y, out[1], tol);
        CHECK_NEAR(sws.u.sphere.center.z, out[2], tol);
        CHECK_NEAR(sws.u.sphere.radius, 0.4 * full.s, 1e-5 * full.s);
        /* the OBB's world axes are full.r times its local axes */
        CHECK_NEAR(ws.u.obb.half.x, 0.3 * full.s, 1e-5);
        CHECK_NEAR(ws.u.obb.half.z, 0.7 * full.s, 1e-5);
        tc_transform wp;
        float wsc;
        CHECK(tc_world_node_world_pose(w, n2, &wp, &wsc));
        CHECK_NEAR(wsc, b.s, 1e-5 * b.s);
        CHECK_NEAR(wp.position.x, b.t[0], tol);
        CHECK_NEAR(wp.position.y, b.t[1], tol);
        CHECK_NEAR(wp.position.z, b.t[2], tol);
        tc_world_destroy_collider(w, c);
        tc_world_destroy_collider(w, cs);
        tc_world_destroy_node(w, n2);
        tc_world_destroy_node(w, n1);
        tc_world_destroy_node(w, n0);
    }
    tc_world_destroy(w);
}

TEST_CASE(world_node_matrices_set_a_skeleton)
{
    test_rng r = { 78 };
    tc_world *w = tc_world_create(NULL);
    tc_node_id bones[8];
    tc_mat4 mats[8];
    tc_transform poses[8];
    float scales[8];
    for (int i = 0; i < 8; ++i) {
        bones[i] = tc_world_create_node(w, NULL);
        poses[i] = random_pose(&r, 10);
        scales[i] = test_rng_float(&r, 0.5, 3);
        mats[i] = tc_mat4_from_transform(poses[i], scales[i]);
    }
    CHECK(tc_world_set_node_matrices(w, bones, mats, 8) == 8);
    tc_world_update(w);
    for (int i = 0; i < 8; ++i) {
        tc_transform t;
        float s;
        CHECK(tc_world_node_world_pose(w, bones[i], &t, &s));
        CHECK_NEAR(s, scales[i], 1e-5 * scales[i]);
        tc_vec3 p = tc_vec3_make(0.3f, -0.7f, 1.1f);
        tc_vec3 want = tc_mat4_transform_point(mats[i], p);
        tc_vec3 got = tc_vec3_add(t.position, tc_quat_rotate(t.rotation, tc_vec3_scale(p, s)));
        CHECK_NEAR(got.x, want.x, 1e-4); CHECK_NEAR(got.y, want.y, 1e-4); CHECK_NEAR(got.z, want.z, 1e-4);
    }
    /* a mirror or a zero column is not a bone pose */
    tc_mat4 bad = tc_mat4_identity();
    bad.m[0] = -1.0f;
    CHECK(tc_world_set_node_matrices(w, bones, &bad, 1) == 0);
    tc_world_destroy(w);
}

TEST_CASE(world_cycles_are_refused)
{
    tc_world *w = tc_world_create(NULL);
    tc_node_id a = tc_world_create_node(w, NULL);
    tc_node_def d;
    d = tc_node_def_default();
    d.parent = a;
    tc_node_id b = tc_world_create_node(w, &d);
    d.parent = b;
    tc_node_id c = tc_world_create_node(w, &d);
    CHECK(!tc_world_set_node_parent(w, a, c));
    CHECK(!tc_world_set_node_parent(w, a, a));
    CHECK(!tc_world_set_node_parent(w, b, c));
    CHECK(tc_world_set_node_parent(w, c, a));
    CHECK(tc_world_set_node_parent(w, b, c)); /* now b hangs under c, which is under a */
    CHECK(!tc_world_set_node_parent(w, a, b));
    CHECK(tc_world_set_node_parent(w, a, tc_node_null()));
    CHECK(tc_world_update(w));
    tc_world_destroy(w);
}

static int g_asserts;
/* Release builds (NDEBUG) skip the handler; the defined results still hold. */
#ifdef NDEBUG
#define EXPECT_ASSERTS(n) (g_asserts == 0)
#else
#define EXPECT_ASSERTS(n) (g_asserts == (n))
#endif
static bool count_assert(const char *c, const char *f, int l)
{
    (void)c; (void)f; (void)l;
    ++g_asserts;
    return false; /* continue with the defined result */
}

TEST_CASE(world_stale_and_forged_ids_are_rejected)
{
    tc_assert_fn *old = tc_set_assert_handler(count_assert);
    tc_world *w = tc_world_create(NULL);
    tc_collider_def d;
    d = tc_collider_def_default();
    tc_sphere s = { { 0, 0, 0 }, 1 };
    d.shape = tc_shape_from_sphere(s);
    tc_collider_id id = tc_world_create_collider(w, &d);
    tc_world_update(w);
    tc_world_destroy_collider(w, id);
    tc_collider_id forged = { 1000, 1 }, wrong_gen = { id.index, id.generation + 2 };
    tc_collider_id bad[3] = { id, forged, wrong_gen };
    for (int k = 0; k < 3; ++k) {
        g_asserts = 0;
        tc_shape out;
        CHECK(!tc_world_collider_is_valid(w, bad[k]));
        CHECK(g_asserts == 0); /* the validity check itself never asserts */
        CHECK(!tc_world_set_collider_pose(w, bad[k], tc_transform_identity()));
        CHECK(!tc_world_set_collider_enabled(w, bad[k], false));
        CHECK(!tc_world_collider_shape(w, bad[k], &out));
        CHECK(tc_world_collider_user_data(w, bad[k]) == 0);
        tc_world_destroy_collider(w, bad[k]);
        CHECK(EXPECT_ASSERTS(5));
    }
    /* the slot comes back after an update with a new generation */
    tc_world_update(w);
    tc_collider_id again = tc_world_create_collider(w, &d);
    CHECK(again.index == id.index && again.generation != id.generation);
    CHECK(!tc_world_collider_is_valid(w, id));
    /* nodes too */
    tc_node_id n = tc_world_create_node(w, NULL);
    tc_world_destroy_node(w, n);
    g_asserts = 0;
    CHECK(!tc_world_set_node_pose(w, n, tc_transform_identity(), 1.0f));
    CHECK(!tc_world_set_node_parent(w, n, tc_node_null()));
    d.parent = n;
    CHECK(tc_collider_is_null(tc_world_create_collider(w, &d)));
    CHECK(EXPECT_ASSERTS(3));
    /* an invalid plane (zero normal) is refused as bad data, without an assert */
    d.parent = tc_node_null();
    d.shape = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_zero(), tc_vec3_zero()));
    g_asserts = 0;
    CHECK(tc_collider_is_null(tc_world_create_collider(w, &d)));
    CHECK(g_asserts == 0);
    tc_world_destroy(w);
    tc_set_assert_handler(old);
}

TEST_CASE(world_counting_allocator_no_leaks_under_failures)
{
    test_rng r = { 90 };
    counting_allocator ca;
    counting_allocator_init(&ca);
    for (int fail = 0; fail < 60; fail += 3) {
        ca.fail_after = fail;
        tc_world_def def = tc_world_def_default();
        def.allocator = counting_allocator_hooks(&ca);
        tc_world *w = tc_world_create(&def);
        if (w) {
            for (int i = 0; i < 300; ++i) {
                tc_collider_def d;
                d = tc_collider_def_default();
                d.shape = random_local_shape(&r);
                d.local.position = test_rng_vec3(&r, -10, 10);
                tc_world_create_collider(w, &d);
                if (i % 50 == 49) tc_world_update(w); /* may report out of memory */
            }
            ca.fail_after = -1;
            CHECK(tc_world_update(w));
            CHECK(tc_tree_validate(tc_world_tree(w)));
            tc_world_destroy(w);
        }
        CHECK(ca.live_blocks == 0 && ca.live_bytes == 0);
    }
    CHECK(ca.bad_frees == 0);
}

TEST_CASE(world_begin_stay_end_events)
{
    tc_world *w = tc_world_create(NULL);
    tc_collider_def d;
    d = tc_collider_def_default();
    tc_sphere s = { { 0, 0, 0 }, 1 };
    d.shape = tc_shape_from_sphere(s);
    tc_collider_id a = tc_world_create_collider(w, &d);
    d.local.position = tc_vec3_make(5, 0, 0);
    tc_collider_id b = tc_world_create_collider(w, &d);
    size_t n;
    const tc_contact_event *e;
    tc_world_update(w);
    e = tc_world_contact_events(w, &n);
    CHECK(n == 0);
    /* b approaches until touching exactly (closed shapes) */
    CHECK(tc_world_set_collider_pose(w, b, tc_transform_make(tc_vec3_make(2, 0, 0), tc_quat_identity())));
    tc_world_update(w);
    e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_BEGIN && tc_collider_id_equal(e[0].a, a) && tc_collider_id_equal(e[0].b, b));
    tc_world_update(w);
    e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_STAY);
    /* filtered out: the pair ends */
    tc_world_set_collider_filter(w, b, 2, 2);
    tc_world_set_collider_filter(w, a, 1, 1);
    tc_world_update(w);
    e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_END);
    tc_world_set_collider_filter(w, a, 1, 3);
    tc_world_set_collider_filter(w, b, 2, 1);
    tc_world_update(w);
    e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_BEGIN);
    /* destroyed: END with the stale id */
    tc_world_destroy_collider(w, a);
    tc_world_update(w);
    e = tc_world_contact_events(w, &n);
    CHECK(n == 1 && e[0].state == TC_CONTACT_END && tc_collider_id_equal(e[0].a, a));
    tc_world_update(w);
    tc_world_contact_events(w, &n);
    CHECK(n == 0);
    tc_world_destroy(w);
}

typedef struct line_counter { int lines[5]; int shapes; } line_counter;
static void count_line(void *ctx, tc_vec3 a, tc_vec3 b, tc_debug_state st, tc_collider_id id)
{
    (void)a; (void)b; (void)id;
    ((line_counter *)ctx)->lines[st]++;
}
static void count_shape(void *ctx, const tc_shape *s, tc_debug_state st, tc_collider_id id)
{
    (void)s; (void)st; (void)id;
    ((line_counter *)ctx)->shapes++;
}

TEST_CASE(world_debug_draw_wireframes_and_states)
{
    tc_world *w = tc_world_create(NULL);
    tc_collider_def d;
    d = tc_collider_def_default();
    d.shape = tc_shape_from_obb(tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1, 1, 1), tc_quat_from_axis_angle(tc_vec3_make(1, 1, 0), 0.5f)));
    tc_collider_id box = tc_world_create_collider(w, &d);
    d.local.position = tc_vec3_make(1.5f, 0, 0);
    tc_sphere sp = { { 0, 0, 0 }, 1 };
    d.shape = tc_shape_from_sphere(sp);
    tc_world_create_collider(w, &d); /* overlaps the box */
    d.local.position = tc_vec3_make(20, 0, 0);
    tc_capsule cap = { { 0, 0, 0 }, { 0, 2, 0 }, 0.5f };
    d.shape = tc_shape_from_capsule(cap);
    tc_collider_id capsule = tc_world_create_collider(w, &d);
    d.local.position = tc_vec3_make(-20, 0, 0);
    tc_triangle tri = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
    d.shape = tc_shape_from_triangle(tri);
    tc_collider_id t = tc_world_create_collider(w, &d);
    tc_world_update(w);
    /* a ray hits the capsule */
    tc_ray ray = { { 20, 1, -10 }, { 0, 0, 1 } };
    tc_world_hit hit;
    CHECK(tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit) && tc_collider_id_equal(hit.collider, capsule));
    CHECK(tc_world_debug_mark(w, &hit.collider, 1)); /* shown as marked */
    tc_world_set_collider_enabled(w, t, false);
    line_counter lc;
    memset(&lc, 0, sizeof lc);
    tc_debug_draw dd;
    dd = tc_debug_draw_default();
    dd.line = count_line;
    dd.shape = count_shape;
    dd.context = &lc;
    dd.circle_segments = 12;
    dd.draw_disabled = true;
    tc_world_debug_draw(w, &dd);
    /* box 12 + sphere 3 circles, both overlapping; capsule: 2 circles, 4
     * sides, 4 half circles; triangle 3, disabled */
    CHECK(lc.lines[TC_DEBUG_OVERLAPPING] == 12 + 3 * 12);
    CHECK(lc.lines[TC_DEBUG_MARKED] == 2 * 12 + 4 + 4 * 6);
    CHECK(lc.lines[TC_DEBUG_DISABLED] == 3);
    CHECK(lc.lines[TC_DEBUG_IDLE] == 0);
    CHECK(lc.shapes == 4);
    (void)box;
    /* the tree's boxes on request: 3 leaves (the disabled one left the tree) and 2 internal nodes */
    memset(&lc, 0, sizeof lc);
    dd.draw_tree = true;
    dd.draw_disabled = false;
    dd.shape = NULL;
    tc_world_debug_draw(w, &dd);
    CHECK(lc.lines[TC_DEBUG_TREE] == 12 * 5);
    CHECK(lc.lines[TC_DEBUG_DISABLED] == 0);
    tc_world_destroy(w);
}

TEST_CASE(world_pick_finds_the_box_under_the_pixel)
{
    test_rng r = { 55 };
    tc_world *w = tc_world_create(NULL);
    tc_collider_id ids[50];
    tc_vec3 centres[50];
    for (int i = 0; i < 50; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        centres[i] = tc_vec3_make((float)(i % 10) * 3.0f - 13.5f, (float)(i / 10) * 3.0f - 6.0f, test_rng_float(&r, -5, 5));
        d.local.position = centres[i];
        tc_aabb b = { { -0.5f, -0.5f, -0.5f }, { 0.5f, 0.5f, 0.5f } };
        d.shape = tc_shape_from_aabb(b);
        ids[i] = tc_world_create_collider(w, &d);
    }
    tc_world_update(w);
    const tc_depth_range depths[3] = { TC_DEPTH_NEGATIVE_ONE_TO_ONE, TC_DEPTH_ZERO_TO_ONE, TC_DEPTH_REVERSED };
    tc_viewport vp = { 0, 0, 1280, 720 };
    for (int k = 0; k < 3; ++k) {
        tc_mat4 view = tc_mat4_look_at(tc_vec3_make(0, 0, 40), tc_vec3_zero(), tc_vec3_make(0, 1, 0));
        tc_mat4 proj = tc_mat4_perspective(1.0f, 1280.0f / 720.0f, 0.1f, 500.0f, depths[k]);
        for (int i = 0; i < 50; ++i) {
            float sx, sy;
            /* the front face centre, projected by the library, must pick its box */
            tc_vec3 front = tc_vec3_add(centres[i], tc_vec3_make(0, 0, 0.5f));
            CHECK(tc_camera_project(front, vp, view, proj, &sx, &sy, NULL));
            tc_world_hit hit;
            tc_ray ray;
            CHECK(tc_world_pick(w, sx, sy, vp, view, proj, depths[k], NULL, &hit, &ray));
            CHECK(tc_collider_id_equal(hit.collider, ids[i]));
            CHECK_NEAR(hit.point.z, front.z, 1e-3);
        }
        /* a corner of the screen sees nothing */
        tc_world_hit hit;
        CHECK(!tc_world_pick(w, 1, 1, vp, view, proj, depths[k], NULL, &hit, NULL));
    }
    tc_world_destroy(w);
}

TEST_CASE(world_plane_overlap_query)
{
    tc_world *w = tc_world_create(NULL);
    tc_collider_id ids[10];
    for (int i = 0; i < 10; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        tc_sphere s = { { 0, 0, 0 }, 0.5f };
        d.shape = tc_shape_from_sphere(s);
        d.local.position = tc_vec3_make(0, (float)i - 4.5f, 0);
        ids[i] = tc_world_create_collider(w, &d);
    }
    tc_world_update(w);
    tc_shape ground = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_zero(), tc_vec3_make(0, 1, 0)));
    tc_collider_id out[10];
    size_t n = tc_world_overlap_shape(w, &ground, NULL, out, 10);
    CHECK(n == 6); /* centres at -4.5 .. -0.5, and 0.5 touches the plane */
    for (size_t i = 0; i < n && i < 6; ++i) CHECK(tc_collider_id_equal(out[i], ids[i]));
    /* capacity smaller than the total */
    CHECK(tc_world_overlap_shape(w, &ground, NULL, out, 2) == 6);
    tc_world_destroy(w);
}

/* Predictive fattening changes fat boxes only: with it, without it and with
 * an exaggerated factor, the same steadily moving (and sometimes jumping)
 * colliders give the same events, update by update. */
TEST_CASE(world_prediction_changes_no_result)
{
    tc_world_def bad = tc_world_def_default();
    bad.prediction = NAN;
    CHECK(tc_world_create(&bad) == NULL);
    bad.prediction = -1.0f; /* negative is invalid; 0 is none */
    CHECK(tc_world_create(&bad) == NULL);
    const float factors[3] = { 4.0f /* the default */, 0.0f /* none */, 40.0f };
    tc_world *w[3];
    static tc_collider_id ids[3][400];
    static tc_vec3 pos[400], vel[400];
    static tc_shape shapes[400];
    test_rng r = { 77 };
    for (int i = 0; i < 400; ++i) {
        pos[i] = test_rng_vec3(&r, -12.0, 12.0);
        vel[i] = test_rng_vec3(&r, -0.08, 0.08);
        shapes[i] = random_local_shape(&r);
    }
    for (int k = 0; k < 3; ++k) {
        tc_world_def def = tc_world_def_default();
        def.prediction = factors[k];
        w[k] = tc_world_create(&def);
        CHECK(w[k] != NULL);
        for (int i = 0; i < 400; ++i) {
            tc_collider_def d;
            d = tc_collider_def_default();
            d.shape = shapes[i];
            d.local.position = pos[i];
            ids[k][i] = tc_world_create_collider(w[k], &d);
        }
    }
    long events = 0;
    for (int step = 0; step < test_random_count(60); ++step) {
        for (int i = 0; i < 400; ++i) {
            pos[i] = tc_vec3_add(pos[i], vel[i]);
            if (step % 17 == 5 && i % 9 == 0) pos[i] = test_rng_vec3(&r, -12.0, 12.0); /* a jump */
        }
        size_t n[3];
        const tc_contact_event *e[3];
        for (int k = 0; k < 3; ++k) {
            for (int i = 0; i < 400; ++i)
                tc_world_set_collider_pose(w[k], ids[k][i], tc_transform_make(pos[i], tc_quat_identity()));
            CHECK(tc_world_update(w[k]));
            CHECK(tc_tree_validate(tc_world_tree(w[k])));
            e[k] = tc_world_contact_events(w[k], &n[k]);
        }
        for (int k = 1; k < 3; ++k) {
            CHECK(n[k] == n[0]);
            for (size_t m = 0; m < n[0] && m < n[k]; ++m)
                CHECK(e[k][m].a.index == e[0][m].a.index && e[k][m].b.index == e[0][m].b.index &&
                      e[k][m].state == e[0][m].state);
        }
        events += (long)n[0];
    }
    CHECK(events > 100);
    for (int k = 0; k < 3; ++k) tc_world_destroy(w[k]);
}

/* The batch pose setter does what the single one does, entry by entry: the
 * same shapes and events after the update, and bad entries skipped. */
TEST_CASE(world_collider_poses_batch_equals_single_calls)
{
    tc_assert_fn *old = tc_set_assert_handler(count_assert);
    test_rng r = { 4242 };
    tc_world *one = tc_world_create(NULL), *many = tc_world_create(NULL);
    enum { N = 200 };
    tc_collider_id a[N], b[N + 2];
    tc_transform poses[N + 2];
    for (int i = 0; i < N; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        d.shape = random_local_shape(&r);
        d.local = random_pose(&r, 10);
        a[i] = tc_world_create_collider(one, &d);
        b[i] = tc_world_create_collider(many, &d);
        CHECK(!tc_collider_is_null(a[i]) && !tc_collider_is_null(b[i]));
    }
    CHECK(tc_world_update(one) && tc_world_update(many));
    /* a destroyed collider's stale id and a pose that is not finite */
    tc_collider_def d;
    d = tc_collider_def_default();
    d.shape = random_local_shape(&r);
    tc_collider_id gone = tc_world_create_collider(many, &d);
    tc_world_destroy_collider(many, gone);
    for (int step = 0; step < test_random_count(20); ++step) {
        for (int i = 0; i < N; ++i) {
            poses[i] = random_pose(&r, 10);
            CHECK(tc_world_set_collider_pose(one, a[i], poses[i]));
        }
        b[N] = gone;
        poses[N] = random_pose(&r, 10);
        b[N + 1] = b[step % N];
        poses[N + 1] = poses[step % N];
        poses[N + 1].position.x = NAN; /* refused: b[step % N] keeps poses[step % N] */
        g_asserts = 0;
        CHECK(tc_world_set_collider_poses(many, b, poses, N + 2) == N);
        CHECK(EXPECT_ASSERTS(1)); /* the stale id */
        CHECK(tc_world_update(one) && tc_world_update(many));
        for (int i = 0; i < N; ++i) {
            tc_shape sa, sb;
            CHECK(tc_world_collider_shape(one, a[i], &sa) && tc_world_collider_shape(many, b[i], &sb));
            CHECK(memcmp(&sa, &sb, sizeof sa) == 0);
        }
        size_t na, nb;
        const tc_contact_event *ea = tc_world_contact_events(one, &na), *eb = tc_world_contact_events(many, &nb);
        CHECK(na == nb);
        for (size_t k = 0; k < na && k < nb; ++k)
            CHECK(ea[k].a.index == eb[k].a.index && ea[k].b.index == eb[k].b.index && ea[k].state == eb[k].state);
    }
    g_asserts = 0;
    CHECK(tc_world_set_collider_poses(many, NULL, NULL, 0) == 0);
    CHECK(tc_world_set_collider_poses(NULL, b, poses, 1) == 0);
    CHECK(EXPECT_ASSERTS(1));
    tc_world_destroy(one);
    tc_world_destroy(many);
    tc_set_assert_handler(old);
}

/* For the plane test: lines drawn for one collider, and whether they lie in
 * a plane or along its normal. */
typedef struct plane_lines { tc_collider_id id; int lines; int off_plane; tc_plane plane; } plane_lines;
static void plane_line(void *ctx, tc_vec3 a, tc_vec3 b, tc_debug_state st, tc_collider_id id)
{
    plane_lines *pl = (plane_lines *)ctx;
    (void)st;
    if (!tc_collider_id_equal(id, pl->id)) return;
    ++pl->lines;
    double da = (double)tc_vec3_dot(pl->plane.normal, a) - pl->plane.offset;
    double db = (double)tc_vec3_dot(pl->plane.normal, b) - pl->plane.offset;
    pl->off_plane += fabs(da) > 1e-3 || fabs(db) > 1e-3;
}

/* A tilted ground plane on a node: the colliders below or on it pair with
 * it (checked in double against the composed pose), it moves with its
 * node, rays and queries find it, disabling and destroying end its pairs,
 * two planes pair unless they face away across a gap, and it is drawn as a
 * square with its normal. */
TEST_CASE(world_plane_colliders)
{
    tc_world *w = tc_world_create(NULL);
    const float angle = 0.3f;
    tc_node_def nd;
    nd = tc_node_def_default();
    nd.local = tc_transform_make(tc_vec3_make(0, 1, 0), tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), angle));
    tc_node_id ground = tc_world_create_node(w, &nd);
    tc_collider_def d;
    d = tc_collider_def_default();
    d.parent = ground;
    /* local: y <= 0.5 */
    d.shape = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_make(0, 0.5f, 0), tc_vec3_make(0, 1, 0)));
    tc_collider_id plane = tc_world_create_collider(w, &d);
    CHECK(!tc_collider_is_null(plane));
    enum { N = 40 };
    tc_collider_id ball[N];
    tc_vec3 at[N];
    test_rng r = { 99 };
    d = tc_collider_def_default();
    for (int i = 0; i < N; ++i) {
        at[i].x = frand(&r, -20, 20);
        at[i].y = frand(&r, -8, 8);
        at[i].z = frand(&r, -20, 20);

        tc_sphere sp = { tc_vec3_zero(), 0.75f };
        d.shape = tc_shape_from_sphere(sp);
        d.local.position = at[i];
        ball[i] = tc_world_create_collider(w, &d);
    }
    for (int round = 0; round < 3; ++round) {
        /* the plane in double: normal (-sin, cos, 0), through the node's
         * origin moved by 0.5 along it */
        const double a = angle + 0.2 * round, s = sin(a), c = cos(a);
        const double origin_y = 1.0 + round;
        if (round > 0) {
            tc_transform t = tc_transform_make(tc_vec3_make(0, (float)origin_y, 0),
                                               tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), (float)a));
            CHECK(tc_world_set_node_pose(w, ground, t, 1.0f));
        }
        CHECK(tc_world_update(w));
        size_t ne;
        const tc_contact_event *ev = tc_world_contact_events(w, &ne);
        int touching = 0, expected = 0;
        for (int i = 0; i < N; ++i) {
            /* signed distance of the centre above the plane, less the radius */
            double dist = -s * at[i].x + c * (at[i].y - origin_y) - 0.5;
            bool want = dist <= 0.75 - 1e-4, unsure = fabs(dist - 0.75) < 1e-4;
            bool got = false;
            for (size_t k = 0; k < ne; ++k)
                if (ev[k].state != TC_CONTACT_END &&
                    ((tc_collider_id_equal(ev[k].a, plane) && tc_collider_id_equal(ev[k].b, ball[i])) ||
                     (tc_collider_id_equal(ev[k].b, plane) && tc_collider_id_equal(ev[k].a, ball[i]))))
                    got = true;
            if (!unsure) CHECK_MSG(got == want, "round %d ball %d: dist %.6f, world %d", round, i, dist, (int)got);
            touching += got;
            expected += want;
        }
        CHECK(expected > 5 && expected < N - 5);
        (void)touching;
        /* a ray straight down from high above meets the plane where the
         * double-precision plane says, unless a ball is in the way */
        tc_ray down = { tc_vec3_make(30, 100, 30), tc_vec3_make(0, -1, 0) };
        tc_world_hit hit;
        CHECK(tc_world_raycast_closest(w, &down, INFINITY, NULL, &hit));
        CHECK(tc_collider_id_equal(hit.collider, plane));
        const double y_plane = origin_y + (0.5 + s * 30.0) / c;
        CHECK_NEAR(hit.t, 100.0 - y_plane, 1e-3 * (1 + 100.0));
        CHECK_NEAR(hit.normal.x, -s, 1e-4);
        CHECK_NEAR(hit.normal.y, c, 1e-4);
        tc_world_hit all[N + 1];
        size_t na = tc_world_raycast_all(w, &down, INFINITY, NULL, all, N + 1);
        CHECK(na >= 1 && tc_collider_id_equal(all[na - 1].collider, plane));
        CHECK(tc_world_raycast_any(w, &down, INFINITY, NULL, &hit));
        /* a ray that stops short misses it */
        CHECK(!tc_world_raycast_closest(w, &down, (float)(100.0 - y_plane) - 0.5f, NULL, &hit) ||
              !tc_collider_id_equal(hit.collider, plane));
        /* queries: a point deep below, a sphere high above */
        tc_collider_id found[N + 1];
        size_t nf = tc_world_overlap_point(w, tc_vec3_make(0, -50, 0), NULL, found, N + 1);
        CHECK(nf >= 1 && tc_collider_id_equal(found[0], plane));
        tc_sphere high = { tc_vec3_make(0, 60, 0), 1 };
        nf = tc_world_overlap_sphere(w, &high, NULL, found, N + 1);
        CHECK(nf == 0);
        /* a plane as the query shape finds this plane and the balls below */
        tc_shape below = tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_make(0, -100, 0), tc_vec3_make(0, -1, 0)));
        nf = tc_world_overlap_shape(w, &below, NULL, found, N + 1);
        CHECK(nf == (size_t)N + 1); /* y >= -100: everything */
    }
    /* drawn: four edges of a square in the plane and one segment along the normal */
    plane_lines pl;
    memset(&pl, 0, sizeof pl);
    pl.id = plane;
    tc_shape ws;
    CHECK(tc_world_collider_shape(w, plane, &ws) && ws.type == TC_SHAPE_PLANE);
    pl.plane = ws.u.plane;
    tc_debug_draw dd;
    dd = tc_debug_draw_default();
    dd.line = plane_line;
    dd.context = &pl;
    tc_world_debug_draw(w, &dd);
    CHECK_MSG(pl.lines == 5 && pl.off_plane == 1, "plane drawn with %d lines, %d off it", pl.lines, pl.off_plane);
    /* a second plane: facing away across a gap, no pair; moved to overlap, a pair */
    d = tc_collider_def_default();
    tc_plane up = ws.u.plane;
    up.normal = tc_vec3_neg(up.normal);
    up.offset = -up.offset - 3.0f; /* dot(n, x) >= offset + 3 */
    d.shape = tc_shape_from_plane(up);
    tc_collider_id sky = tc_world_create_collider(w, &d);
    CHECK(tc_world_update(w));
    size_t ne;
    const tc_contact_event *ev = tc_world_contact_events(w, &ne);
    bool paired = false;
    for (size_t k = 0; k < ne; ++k)
        paired |= (tc_collider_id_equal(ev[k].a, plane) && tc_collider_id_equal(ev[k].b, sky));
    CHECK(!paired);
    up.offset += 6.0f;
    d.shape = tc_shape_from_plane(up);
    CHECK(tc_world_set_collider_shape(w, sky, &d.shape));
    CHECK(tc_world_update(w));
    ev = tc_world_contact_events(w, &ne);
    paired = false;
    for (size_t k = 0; k < ne; ++k)
        paired |= (tc_collider_id_equal(ev[k].a, plane) && tc_collider_id_equal(ev[k].b, sky) && ev[k].state == TC_CONTACT_BEGIN);
    CHECK(paired);
    tc_world_destroy_collider(w, sky);
    CHECK(tc_world_update(w));
    /* disabled: out of the rays at once, its pairs end at the update */
    CHECK(tc_world_set_collider_enabled(w, plane, false));
    tc_ray down = { tc_vec3_make(30, 100, 30), tc_vec3_make(0, -1, 0) };
    tc_world_hit hit;
    CHECK(!tc_world_raycast_closest(w, &down, INFINITY, NULL, &hit) || !tc_collider_id_equal(hit.collider, plane));
    CHECK(tc_world_update(w));
    ev = tc_world_contact_events(w, &ne);
    int ends = 0;
    for (size_t k = 0; k < ne; ++k) {
        CHECK(!tc_collider_id_equal(ev[k].a, plane) || ev[k].state == TC_CONTACT_END);
        ends += tc_collider_id_equal(ev[k].a, plane) || tc_collider_id_equal(ev[k].b, plane);
    }
    CHECK(ends > 5);
    CHECK(tc_world_update(w));
    ev = tc_world_contact_events(w, &ne);
    for (size_t k = 0; k < ne; ++k) CHECK(!tc_collider_id_equal(ev[k].a, plane) && !tc_collider_id_equal(ev[k].b, plane));
    /* enabled again: back with all its pairs at the next update */
    CHECK(tc_world_set_collider_enabled(w, plane, true));
    CHECK(tc_world_update(w));
    ev = tc_world_contact_events(w, &ne);
    int begins = 0;
    for (size_t k = 0; k < ne; ++k)
        begins += (tc_collider_id_equal(ev[k].a, plane) || tc_collider_id_equal(ev[k].b, plane)) && ev[k].state == TC_CONTACT_BEGIN;
    CHECK(begins == ends);
    tc_world_destroy(w);
}

/* A zeroed local pose is the identity (world.h), under a turned node too:
 * the collider and a child node take the node's rotation. */
TEST_CASE(world_zeroed_local_pose_is_identity_under_a_turned_node)
{
    tc_world *w = tc_world_create(NULL);
    tc_node_def nd;
    nd = tc_node_def_default();
    const tc_quat turn = tc_quat_from_axis_angle(tc_vec3_make(1, 2, 3), 0.8f);
    nd.local = tc_transform_make(tc_vec3_make(5, -2, 1), turn);
    tc_node_id node = tc_world_create_node(w, &nd);
    nd = tc_node_def_default();
    memset(&nd.local, 0, sizeof nd.local); /* a zeroed local pose */
    nd.parent = node;
    tc_node_id child = tc_world_create_node(w, &nd);
    tc_collider_def d;
    d = tc_collider_def_default();
    d.shape = tc_shape_from_obb(tc_obb_from_quat(tc_vec3_make(1, 0, 0), tc_vec3_make(1, 2, 3), tc_quat_identity()));
    d.parent = node;
    tc_collider_id a = tc_world_create_collider(w, &d);
    d.parent = child;
    tc_collider_id b = tc_world_create_collider(w, &d);
    CHECK(tc_world_update(w));
    /* expected, in double: centre = p + R (1,0,0), axes = columns of R */
    oracle_pose pose = oracle_pose_from(nd.local, 1.0);
    pose = oracle_pose_from(tc_transform_make(tc_vec3_make(5, -2, 1), turn), 1.0);
    double c[3], one[3] = { 1, 0, 0 };
    oracle_pose_point(&pose, one, c);
    tc_collider_id ids[2] = { a, b };
    for (int k = 0; k < 2; ++k) {
        tc_shape ws;
        CHECK(tc_world_collider_shape(w, ids[k], &ws));
        CHECK_NEAR(ws.u.obb.center.x, c[0], 1e-5);
        CHECK_NEAR(ws.u.obb.center.y, c[1], 1e-5);
        CHECK_NEAR(ws.u.obb.center.z, c[2], 1e-5);
        const tc_vec3 ax[3] = { ws.u.obb.rotation.cx, ws.u.obb.rotation.cy, ws.u.obb.rotation.cz };
        for (int j = 0; j < 3; ++j) {
            CHECK_NEAR(ax[j].x, pose.r[0][j], 1e-5);
            CHECK_NEAR(ax[j].y, pose.r[1][j], 1e-5);
            CHECK_NEAR(ax[j].z, pose.r[2][j], 1e-5);
        }
    }
    tc_world_destroy(w);
}
