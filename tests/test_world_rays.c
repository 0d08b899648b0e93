/* SPDX-License-Identifier: MIT */
/* The world's ray queries (walked through its ray index) against brute
 * force: random worlds changed between batches of rays (the index must be
 * remade when stale, and colliders destroyed or disabled after an update
 * must leave at once), all three modes, filters, max_t, rays parallel to
 * axes, along faces, from inside boxes, at degenerate boxes and at huge
 * coordinates; and the four-box slab test the index uses. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <touche/world.h>

#include "harness.h"
#include "queries/slab.h"
#include "world_oracle.h"
#include "test_random.h"

static float frand(test_rng *r, double lo, double hi) { return (float)test_rng_uniform(r, lo, hi); }
static tc_vec3 vrand(test_rng *r, double e) { return test_rng_vec3(r, -e, e); }

#define MAXC 1200

typedef enum kinds { BOXES, MIXED } kinds;

typedef struct rmodel {
    tc_world *w;
    int n;
    tc_collider_id id[MAXC];
    bool enabled[MAXC];
    uint64_t cat[MAXC], mask[MAXC];
    /* as of the last update, and whether the queries see it now */
    bool in[MAXC];
    tc_shape shape[MAXC];
    double scale;    /* coordinates spread over [-scale, scale] */
    kinds kinds;
} rmodel;

static rmodel g;
static long g_rays, g_hits, g_parallel_hits, g_inside_hits, g_removed_checks;

static tc_shape random_shape(test_rng *r)
{
    const double s = g.scale;
    const tc_vec3 c = test_rng_vec3(r, -s, s);
    const int kind = g.kinds == BOXES ? 0 : test_rng_int(r, 0, 5);
    if (kind <= 1) {
        /* sizes from nothing (a point, a flat box) to a few units */
        tc_vec3 h = test_rng_vec3(r, 0.0, 2.0);
        if (test_rng_int(r, 0, 6) == 0) h.x = 0.0f;
        if (test_rng_int(r, 0, 12) == 0) h = tc_vec3_zero();
        tc_aabb b = { tc_vec3_sub(c, h), tc_vec3_add(c, h) };
        return tc_shape_from_aabb(b);
    }
    if (kind == 2) {
        tc_sphere sp = { c, test_rng_float(r, 0.0, 2.0) };
        return tc_shape_from_sphere(sp);
    }
    if (kind == 3) {
        /* One draw a statement: initialisers and arguments are evaluated in an order the compiler picks. */
        const tc_vec3 d = vrand(r, 2.0);
        tc_capsule cp = { c, tc_vec3_add(c, d), frand(r, 0.05, 1.0) };
        return tc_shape_from_capsule(cp);
    }
    if (kind == 4) {
        tc_quat q = tc_quat_normalize(test_rng_quat4(r, -1, 1));
        const tc_vec3 h = test_rng_vec3(r, 0.1, 2);
        return tc_shape_from_obb(tc_obb_from_quat(c, h, q));
    }
    tc_triangle t;
    t.a = c;
    t.b = tc_vec3_add(c, vrand(r, 2.0));
    t.c = tc_vec3_add(c, vrand(r, 2.0));
    return tc_shape_from_triangle(t);
}

static void add(test_rng *r)
{
    if (g.n >= MAXC) return;
    tc_collider_def d;
    d = tc_collider_def_default();
    d.shape = random_shape(r);
    d.category = (uint64_t)1 << test_rng_int(r, 0, 3);
    d.mask = test_rng_int(r, 0, 3) ? ~(uint64_t)0 : 0x3;
    d.enabled = test_rng_int(r, 0, 15) != 0;
    tc_collider_id id = tc_world_create_collider(g.w, &d);
    CHECK(!tc_collider_is_null(id));
    const int i = g.n++;
    g.id[i] = id;
    g.enabled[i] = d.enabled;
    g.cat[i] = d.category;
    g.mask[i] = d.mask;
    g.in[i] = false; /* not before an update */
}

static void drop(int i)
{
    tc_world_destroy_collider(g.w, g.id[i]);
    --g.n;
    g.id[i] = g.id[g.n];
    g.enabled[i] = g.enabled[g.n];
    g.cat[i] = g.cat[g.n];
    g.mask[i] = g.mask[g.n];
    g.in[i] = g.in[g.n];
    g.shape[i] = g.shape[g.n];
}

static void update_and_snapshot(void)
{
    CHECK(tc_world_update(g.w));
    for (int i = 0; i < g.n; ++i) {
        g.in[i] = g.enabled[i] && tc_world_collider_shape(g.w, g.id[i], &g.shape[i]);
    }
}

static bool passes(const tc_query_filter *f, int i)
{
    return !f || ((g.cat[i] & f->mask) != 0 && (g.mask[i] & f->category) != 0);
}

/* A point of collider i's shape (for aiming and starting inside). */
static tc_vec3 inner_point(int i)
{
    const tc_shape *s = &g.shape[i];
    switch (s->type) {
    case TC_SHAPE_AABB: return tc_vec3_scale(tc_vec3_add(s->u.aabb.min, s->u.aabb.max), 0.5f);
    case TC_SHAPE_SPHERE: return s->u.sphere.center;
    case TC_SHAPE_CAPSULE: return s->u.capsule.a;
    case TC_SHAPE_OBB: return s->u.obb.center;
    default: return s->u.triangle.a;
    }
}

/* Component k of v, read and written by name (indexing past &v.x is not C). */
static float comp(tc_vec3 v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }
static void set_comp(tc_vec3 *v, int k, float x)
{
    if (k == 0) v->x = x;
    else if (k == 1) v->y = x;
    else v->z = x;
}

static tc_vec3 axis_dir(test_rng *r)
{
    const float sign = test_rng_int(r, 0, 1) ? 1.0f : -1.0f;
    switch (test_rng_int(r, 0, 2)) {
    case 0: return tc_vec3_make(sign, 0, 0);
    case 1: return tc_vec3_make(0, sign, 0);
    default: return tc_vec3_make(0, 0, sign);
    }
}

static int some_in(test_rng *r)
{
    for (int tries = 0; tries < 20 && g.n > 0; ++tries) {
        const int i = test_rng_int(r, 0, g.n - 1);
        if (g.in[i]) return i;
    }
    return -1;
}

typedef enum ray_kind { RAY_RANDOM, RAY_AIMED, RAY_AXIS, RAY_FACE, RAY_INSIDE, RAY_KINDS } ray_kind;

static tc_ray make_ray(test_rng *r, ray_kind kind)
{
    const double s = g.scale;
    tc_ray ray;
    ray.origin = vrand(r, 1.5 * s);
    ray.dir = vrand(r, 1.0);
    const int i = some_in(r);
    if (kind == RAY_RANDOM || i < 0) return ray;
    const tc_vec3 p = inner_point(i);
    switch (kind) {
    case RAY_AIMED:
        ray.dir = tc_vec3_scale(tc_vec3_sub(p, ray.origin), test_rng_float(r, 0.01, 3.0));
        break;
    case RAY_AXIS:
        /* parallel to an axis, lined up with the point */
        ray.dir = axis_dir(r);
        ray.dir = tc_vec3_scale(ray.dir, frand(r, 0.5, 2.0));
        ray.origin = tc_vec3_mul_add(p, ray.dir, -frand(r, 1.0, 2.0 * s));
        break;
    case RAY_FACE:
        /* along a face plane of a box: origin exactly on the plane */
        if (g.shape[i].type == TC_SHAPE_AABB) {
            const tc_aabb *b = &g.shape[i].u.aabb;
            ray.origin = test_rng_vec3(r, -1.5 * s, 1.5 * s);
            ray.dir = test_rng_vec3(r, -1.0, 1.0);
            const int k = test_rng_int(r, 0, 2);
            const float plane = test_rng_int(r, 0, 1) ? comp(b->min, k) : comp(b->max, k);
            set_comp(&ray.origin, k, plane);
            /* aimed at the box's centre within the plane */
            tc_vec3 target = p;
            set_comp(&target, k, plane);
            ray.dir = tc_vec3_sub(target, ray.origin);
        } else {
            ray.dir = tc_vec3_sub(p, ray.origin);
        }
        break;
    case RAY_INSIDE:
    default:
        ray.origin = p;
        if (test_rng_int(r, 0, 2) == 0) ray.dir = axis_dir(r);
        break;
    }
    return ray;
}

static tc_world_hit g_all[MAXC];
static struct { int i; float t; } g_exp[MAXC];

/* One ray in all three modes against brute force over the shapes the
 * queries see. */
static void check_ray(const tc_ray *ray, float max_t, const tc_query_filter *f, ray_kind kind)
{
    int nexp = 0, best = -1;
    for (int i = 0; i < g.n; ++i) {
        tc_ray_hit h;
        if (!g.in[i] || !passes(f, i)) continue;
        if (!oracle_shape_raycast(ray, &g.shape[i], max_t, &h)) continue;
        g_exp[nexp].i = i;
        g_exp[nexp++].t = h.t;
        if (best < 0 || h.t < g_exp[best].t || (h.t == g_exp[best].t && g.id[i].index < g.id[g_exp[best].i].index))
            best = nexp - 1;
    }
    ++g_rays;
    g_hits += nexp;
    if (nexp && kind == RAY_AXIS) ++g_parallel_hits;
    if (nexp && kind == RAY_INSIDE) ++g_inside_hits;
    tc_world_hit hit;
    bool got = tc_world_raycast_closest(g.w, ray, max_t, f, &hit);
    CHECK_MSG(got == (best >= 0), "closest: world %d, oracle %d (ray kind %d)", (int)got, best >= 0, (int)kind);
    if (got && best >= 0) {
        const int i = g_exp[best].i;
        CHECK_MSG(hit.t == g_exp[best].t, "closest t %.9g vs %.9g", hit.t, g_exp[best].t);
        CHECK(tc_collider_id_equal(hit.collider, g.id[i]));
    }
    got = tc_world_raycast_any(g.w, ray, max_t, f, &hit);
    CHECK(got == (best >= 0));
    if (got) {
        bool valid = false;
        for (int k = 0; k < nexp; ++k)
            if (tc_collider_id_equal(g.id[g_exp[k].i], hit.collider) && g_exp[k].t == hit.t) valid = true;
        CHECK(valid);
    }
    const size_t na = tc_world_raycast_all(g.w, ray, max_t, f, g_all, MAXC);
    CHECK_MSG((int)na == nexp, "all: world %zu, oracle %d", na, nexp);
    for (size_t k = 0; k < na && (int)na == nexp; ++k) {
        bool found = false;
        for (int m = 0; m < nexp; ++m)
            if (tc_collider_id_equal(g.id[g_exp[m].i], g_all[k].collider) && g_exp[m].t == g_all[k].t) found = true;
        CHECK(found);
        if (k > 0)
            CHECK(g_all[k - 1].t < g_all[k].t ||
                  (g_all[k - 1].t == g_all[k].t && g_all[k - 1].collider.index < g_all[k].collider.index));
    }
}

static void check_rays(test_rng *r, int count)
{
    for (int q = 0; q < count; ++q) {
        const ray_kind kind = (ray_kind)(q % RAY_KINDS);
        const tc_ray ray = make_ray(r, kind);
        tc_query_filter fs;
        fs.category = (uint64_t)1 << test_rng_int(r, 0, 3);
        fs.mask = (uint64_t)test_rng_int(r, 1, 15);
        fs.group = 0;
        const tc_query_filter *f = q % 3 == 1 ? &fs : NULL;
        const float max_t = q % 4 == 0 ? INFINITY : (q % 4 == 1 ? test_rng_float(r, 0.0, 4.0) : test_rng_float(r, 0.0, 3.0 * g.scale));
        check_ray(&ray, max_t, f, kind);
        if (test_failures > 10) return;
    }
}

/* Colliders leave the queries as soon as they are destroyed or disabled,
 * without an update: the index still holds them and must skip them. */
static void remove_some_without_update(test_rng *r, int count)
{
    for (int k = 0; k < count && g.n > 0; ++k) {
        const int i = test_rng_int(r, 0, g.n - 1);
        if (test_rng_int(r, 0, 1)) {
            drop(i);
        } else {
            g.enabled[i] = false;
            g.in[i] = false;
            CHECK(tc_world_set_collider_enabled(g.w, g.id[i], false));
        }
        ++g_removed_checks;
    }
}

static void random_world(uint64_t seed, kinds k, double scale, int count, int steps, int rays)
{
    test_rng r = { seed };
    memset(&g, 0, sizeof g);
    g.kinds = k;
    g.scale = scale;
    g.w = tc_world_create(NULL);
    CHECK(g.w != NULL);
    g_rays = g_hits = g_parallel_hits = g_inside_hits = g_removed_checks = 0;
    for (int i = 0; i < count; ++i) add(&r);
    for (int step = 0; step < steps; ++step) {
        /* moves (some far), shape changes, toggles, filters, removals and
         * re-additions: each update must remake the index */
        for (int m = 0; m < g.n / 8; ++m) {
            const int i = test_rng_int(&r, 0, g.n - 1);
            const double e = test_rng_int(&r, 0, 3) ? 1.0 : scale;
            tc_transform t = tc_transform_make(test_rng_vec3(&r, -e, e), tc_quat_identity());
            CHECK(tc_world_set_collider_pose(g.w, g.id[i], t));
        }
        for (int m = 0; m < 4; ++m) {
            const int i = test_rng_int(&r, 0, g.n - 1);
            tc_shape s = random_shape(&r);
            CHECK(tc_world_set_collider_shape(g.w, g.id[i], &s));
            const int j = test_rng_int(&r, 0, g.n - 1);
            g.enabled[j] = !g.enabled[j];
            CHECK(tc_world_set_collider_enabled(g.w, g.id[j], g.enabled[j]));
            if (!g.enabled[j]) g.in[j] = false;
            const int c = test_rng_int(&r, 0, g.n - 1);
            g.cat[c] = (uint64_t)1 << test_rng_int(&r, 0, 3);
            CHECK(tc_world_set_collider_filter(g.w, g.id[c], g.cat[c], g.mask[c]));
        }
        for (int m = 0; m < count / 20; ++m) drop(test_rng_int(&r, 0, g.n - 1));
        for (int m = 0; m < count / 20; ++m) add(&r);
        /* a few rays before the update: the world as of the last one */
        check_rays(&r, rays / 8);
        update_and_snapshot();
        check_rays(&r, rays);
        remove_some_without_update(&r, 6);
        check_rays(&r, rays / 2);
        if (step % 3 == 2) {
            /* an update that changes nothing, then rays again */
            update_and_snapshot();
            check_rays(&r, rays / 4);
        }
        if (test_failures > 10) break;
    }
    tc_world_destroy(g.w);
    printf("%ld rays, %ld hits (%ld axis-parallel, %ld from inside), %ld removals between updates\n", g_rays, g_hits,
           g_parallel_hits, g_inside_hits, g_removed_checks);
    CHECK(g_hits > g_rays / 4 && g_parallel_hits > 10 && g_inside_hits > 10);
}

TEST_CASE(world_rays_boxes_match_brute_force) { random_world(11, BOXES, 30.0, 600, test_random_count(25), 200); }
TEST_CASE(world_rays_mixed_shapes_match_brute_force) { random_world(12, MIXED, 30.0, 500, test_random_count(20), 200); }
TEST_CASE(world_rays_dense_boxes_match_brute_force) { random_world(13, BOXES, 6.0, 800, test_random_count(12), 200); }
TEST_CASE(world_rays_huge_coordinates_match_brute_force)
{
    random_world(14, MIXED, 3.0e6, 300, test_random_count(20), 200);
}

TEST_CASE(world_rays_empty_and_single)
{
    tc_world *w = tc_world_create(NULL);
    tc_ray ray = { tc_vec3_make(-5, 0.5f, 0.5f), tc_vec3_make(1, 0, 0) };
    tc_world_hit hit;
    CHECK(!tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    CHECK(tc_world_update(w));
    tc_world_prepare_rays(w); /* the index itself, not the tree walk of the first rays */
    CHECK(!tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    CHECK(tc_world_raycast_all(w, &ray, INFINITY, NULL, NULL, 0) == 0);
    tc_collider_def d;
    d = tc_collider_def_default();
    tc_aabb b = { tc_vec3_make(0, 0, 0), tc_vec3_make(1, 1, 1) };
    d.shape = tc_shape_from_aabb(b);
    tc_collider_id id = tc_world_create_collider(w, &d);
    /* not before the update */
    CHECK(!tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    CHECK(tc_world_update(w));
    tc_world_prepare_rays(w); /* the index itself, not the tree walk of the first rays */
    CHECK(tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    CHECK(tc_collider_id_equal(hit.collider, id) && hit.t == 5.0f && hit.normal.x == -1.0f);
    CHECK(!tc_world_raycast_closest(w, &ray, 4.5f, NULL, &hit));
    CHECK(tc_world_raycast_any(w, &ray, 5.0f, NULL, &hit));
    /* moved: the index follows at the next update, not before */
    CHECK(tc_world_set_collider_pose(w, id, tc_transform_make(tc_vec3_make(2, 0, 0), tc_quat_identity())));
    CHECK(tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit) && hit.t == 5.0f);
    CHECK(tc_world_update(w));
    tc_world_prepare_rays(w); /* the index itself, not the tree walk of the first rays */
    CHECK(tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit) && hit.t == 7.0f);
    /* non-finite rays and bad max_t hit nothing */
    tc_ray bad = ray;
    bad.origin.y = NAN;
    CHECK(!tc_world_raycast_closest(w, &bad, INFINITY, NULL, &hit));
    bad = ray;
    bad.dir.x = INFINITY;
    CHECK(!tc_world_raycast_closest(w, &bad, INFINITY, NULL, &hit));
    CHECK(!tc_world_raycast_closest(w, &ray, NAN, NULL, &hit));
    CHECK(!tc_world_raycast_closest(w, &ray, -1.0f, NULL, &hit));
    /* disabled and destroyed leave at once */
    CHECK(tc_world_set_collider_enabled(w, id, false));
    CHECK(!tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    CHECK(tc_world_set_collider_enabled(w, id, true));
    CHECK(!tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit)); /* back at the next update */
    CHECK(tc_world_update(w));
    tc_world_prepare_rays(w); /* the index itself, not the tree walk of the first rays */
    CHECK(tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit) && hit.t == 7.0f);
    tc_world_destroy_collider(w, id);
    CHECK(!tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    CHECK(tc_world_update(w));
    tc_world_prepare_rays(w); /* the index itself, not the tree walk of the first rays */
    CHECK(!tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    tc_world_destroy(w);
}

/* Boxes in a row along x, some of them the same: ties go to the lower
 * index whatever order the index holds them in. */
TEST_CASE(world_rays_ties_go_to_the_lower_index)
{
    tc_world *w = tc_world_create(NULL);
    tc_collider_id ids[64];
    for (int i = 0; i < 64; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        const float x = (float)((i * 7) % 16);
        tc_aabb b = { tc_vec3_make(x, 0, 0), tc_vec3_make(x + 0.5f, 1, 1) };
        d.shape = tc_shape_from_aabb(b);
        ids[i] = tc_world_create_collider(w, &d);
    }
    CHECK(tc_world_update(w));
    tc_world_prepare_rays(w); /* the index itself, not the tree walk of the first rays */
    tc_ray ray = { tc_vec3_make(-3, 0.5f, 0.5f), tc_vec3_make(1, 0, 0) };
    tc_world_hit hit;
    CHECK(tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    /* x = 0 for i = 0, 16, 32, 48 */
    CHECK(hit.t == 3.0f && tc_collider_id_equal(hit.collider, ids[0]));
    tc_world_destroy_collider(w, ids[0]);
    CHECK(tc_world_raycast_closest(w, &ray, INFINITY, NULL, &hit));
    CHECK(hit.t == 3.0f && tc_collider_id_equal(hit.collider, ids[16]));
    CHECK(tc_world_raycast_all(w, &ray, INFINITY, NULL, NULL, 0) == 63);
    tc_world_destroy(w);
}

/* The four-box slab test: the same answer as the scalar formula written
 * here (so SIMD and scalar agree bit for bit), and never a miss where
 * tc_slab_clip on one of the boxes enters it, earlier or at once; and the
 * branch-free clip against tc_slab_clip. */
TEST_CASE(slab_enter4_agrees_with_the_single_box_test)
{
    test_rng r = { 21 };
    long entered = 0, parallel = 0, clipped = 0;
    for (int it = 0; it < test_random_count(20000); ++it) {
        const double e = test_rng_int(&r, 0, 3) ? 10.0 : 1e5;
        tc_vec3 o = test_rng_vec3(&r, -e, e);
        tc_vec3 d = test_rng_vec3(&r, -1.0, 1.0);
        if (test_rng_int(&r, 0, 5) == 0) set_comp(&d, test_rng_int(&r, 0, 2), 0.0f);
        const tc_slab_ray sr = tc_slab_ray_make(o, d);
        const float pad = test_rng_int(&r, 0, 2) ? 0.0f : test_rng_float(&r, 0.0, 0.5);
        const tc_slab_ray4 q = tc_slab_ray4_make(&sr, pad);
        tc_slab_box4 box;
        tc_aabb b[4];
        for (int j = 0; j < 4; ++j) {
            const tc_vec3 c = tc_vec3_add(o, test_rng_vec3(&r, -12.0, 12.0));
            const tc_vec3 h = tc_vec3_abs(test_rng_vec3(&r, -3.0, 3.0));
            b[j].min = tc_vec3_sub(c, h);
            b[j].max = tc_vec3_add(c, h);
            if (j == 3 && test_rng_int(&r, 0, 3) == 0) {
                b[j].min = tc_vec3_make(INFINITY, INFINITY, INFINITY); /* an unused lane */
                b[j].max = tc_vec3_make(-INFINITY, -INFINITY, -INFINITY);
            }
            if (j == 2 && test_rng_int(&r, 0, 3) == 0) {
                /* the origin on a face plane */
                const int k = test_rng_int(&r, 0, 2);
                set_comp(&b[j].min, k, comp(o, k));
            }
            box.b[0][j] = b[j].min.x;
            box.b[1][j] = b[j].min.y;
            box.b[2][j] = b[j].min.z;
            box.b[3][j] = b[j].max.x;
            box.b[4][j] = b[j].max.y;
            box.b[5][j] = b[j].max.z;
        }
        const float t_max = test_rng_int(&r, 0, 3) ? INFINITY : test_rng_float(&r, 0.0, 30.0);
        float te[4];
        const unsigned m = tc_slab_enter4(&q, &box, t_max, te);
        parallel += sr.parallel;
        for (int j = 0; j < 4; ++j) {
            float t0 = 0.0f, t1 = t_max;
            const bool hit = tc_slab_clip(&sr, b[j].min, b[j].max, &t0, &t1, NULL);
            if (hit) {
                ++entered;
                CHECK_MSG(((m >> j) & 1u) != 0, "it %d lane %d m %u pad %g par %d t0 %g te %g o %g %g %g d %g %g %g", it, j, m, pad, (int)sr.parallel, t0, te[j], o.x, o.y, o.z, d.x, d.y, d.z);
                CHECK(te[j] <= t0);
            }
            if (sr.parallel) continue;
            /* the branch-free clip (boxes not inside out): the same answer
             * to the bit */
            if (b[j].min.x <= b[j].max.x && b[j].min.y <= b[j].max.y && b[j].min.z <= b[j].max.z) {
                float f0 = 0.0f, f1 = t_max, c0 = 0.0f, c1 = t_max;
                int fa = -1, ca = -1;
                const bool fast = tc_slab_clip_fast(&sr, b[j].min, b[j].max, &f0, &f1, &fa);
                const bool slow = tc_slab_clip(&sr, b[j].min, b[j].max, &c0, &c1, &ca);
                CHECK(fast == slow);
                if (fast && slow)
                    CHECK(memcmp(&f0, &c0, sizeof f0) == 0 && memcmp(&f1, &c1, sizeof f1) == 0 && fa == ca);
                ++clipped;
            }
            /* the formula, lane by lane */
            float tn[3], tf[3];
            for (int k = 0; k < 3; ++k) {
                const float lo = comp(b[j].min, k), hi = comp(b[j].max, k), ok = comp(o, k), inv = sr.inv[k];
                const bool down = inv < 0.0f;
                tn[k] = ((down ? hi : lo) - (down ? ok - pad : ok + pad)) * inv;
                tf[k] = ((down ? lo : hi) - (down ? ok + pad : ok - pad)) * inv;
            }
            const float n = tc_maxf(tc_maxf(tn[0], tn[1]), tc_maxf(tn[2], 0.0f));
            const float f = tc_minf(tc_minf(tf[0], tf[1]), tc_minf(tf[2], t_max));
            CHECK_MSG(((m >> j) & 1u) == (n <= f ? 1u : 0u), "it %d lane %d m %u n %g f %g te %g", it, j, m, n, f, te[j]);
            if (n <= f) CHECK(memcmp(&te[j], &n, sizeof n) == 0);
        }
        if (test_failures > 10) break;
    }
    CHECK(entered > 1000 && parallel > 1000 && clipped > 1000);
}

/* Debug drawing shows the colliders marked by tc_world_debug_mark, say the
 * hits of a ray: the queries themselves mark nothing (they take a const
 * world), a new mark replaces the last, and a collider that took the slot
 * of a marked one is not marked. */
typedef struct hit_lines { int hit_boxes[64]; int other; } hit_lines;
static tc_collider_id g_draw_ids[64];
static void note_line(void *ctx, tc_vec3 a, tc_vec3 b, tc_debug_state st, tc_collider_id id)
{
    hit_lines *h = (hit_lines *)ctx;
    (void)a; (void)b;
    if (st != TC_DEBUG_MARKED) {
        ++h->other;
        return;
    }
    for (int i = 0; i < 64; ++i)
        if (tc_collider_id_equal(g_draw_ids[i], id)) ++h->hit_boxes[i];
}
static int hit_count(tc_world *w, bool *hit)
{
    hit_lines h;
    memset(&h, 0, sizeof h);
    tc_debug_draw dd;
    dd = tc_debug_draw_default();
    dd.line = note_line;
    dd.context = &h;
    tc_world_debug_draw(w, &dd);
    int n = 0;
    for (int i = 0; i < 64; ++i) {
        CHECK(h.hit_boxes[i] == 0 || h.hit_boxes[i] == 12);
        hit[i] = h.hit_boxes[i] == 12;
        n += hit[i];
    }
    return n;
}

TEST_CASE(world_debug_mark_shows_what_is_marked_and_nothing_else)
{
    tc_world *w = tc_world_create(NULL);
    for (int i = 0; i < 64; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        /* a row along x (i < 32) and a row along y beside it */
        const float x = i < 32 ? (float)(2 * ((i * 13) % 32)) : -10.0f;
        const float y = i < 32 ? 0.0f : (float)(2 * (i - 32));
        tc_aabb b = { tc_vec3_make(x, y, 0), tc_vec3_make(x + 1, y + 1, 1) };
        d.shape = tc_shape_from_aabb(b);
        g_draw_ids[i] = tc_world_create_collider(w, &d);
    }
    CHECK(tc_world_update(w));
    tc_world_prepare_rays(w); /* the index itself, not the tree walk of the first rays */
    bool hit[64];
    CHECK(hit_count(w, hit) == 0);
    static tc_world_hit all[64];
    static tc_collider_id ids[64];
    tc_ray along_x = { tc_vec3_make(-3, 0.5f, 0.5f), tc_vec3_make(1, 0, 0) };
    CHECK(tc_world_raycast_all(w, &along_x, INFINITY, NULL, all, 64) == 32);
    CHECK(hit_count(w, hit) == 0); /* a query marks nothing */
    for (int k = 0; k < 32; ++k) ids[k] = all[k].collider;
    CHECK(tc_world_debug_mark(w, ids, 32));
    CHECK(hit_count(w, hit) == 32);
    for (int i = 0; i < 64; ++i) CHECK(hit[i] == (i < 32));
    tc_world_hit first;
    CHECK(tc_world_raycast_closest(w, &along_x, INFINITY, NULL, &first));
    CHECK(hit_count(w, hit) == 32); /* still the last marks */
    CHECK(tc_world_debug_mark(w, &first.collider, 1));
    CHECK(hit_count(w, hit) == 1 && hit[first.collider.index]);
    CHECK(tc_world_debug_mark(w, NULL, 0));
    CHECK(hit_count(w, hit) == 0);
    tc_ray along_y = { tc_vec3_make(-9.5f, -5, 0.5f), tc_vec3_make(0, 1, 0) };
    const size_t ny = tc_world_raycast_all(w, &along_y, 40.0f, NULL, all, 64);
    CHECK(ny == 18);
    for (size_t k = 0; k < ny; ++k) ids[k] = all[ny - 1 - k].collider; /* any order */
    CHECK(tc_world_debug_mark(w, ids, ny));
    CHECK(hit_count(w, hit) == 18);
    /* the marked collider's slot taken by another after an update */
    CHECK(tc_world_raycast_closest(w, &along_y, INFINITY, NULL, &first));
    CHECK(tc_world_debug_mark(w, &first.collider, 1));
    const int gone = (int)first.collider.index;
    tc_world_destroy_collider(w, first.collider);
    CHECK(tc_world_update(w));
    tc_collider_def d;
    d = tc_collider_def_default();
    tc_aabb b = { tc_vec3_make(100, 100, 100), tc_vec3_make(101, 101, 101) };
    d.shape = tc_shape_from_aabb(b);
    g_draw_ids[gone] = tc_world_create_collider(w, &d);
    CHECK((int)g_draw_ids[gone].index == gone);
    CHECK(tc_world_update(w));
    CHECK(hit_count(w, hit) == 0);
    tc_world_destroy(w);
}

/* Origins at the end of the float range (where moving them by the index's
 * pad would overflow): the same answers as brute force for boxes (whose
 * casts stay exact there; the round shapes' own casts do not, beyond about
 * 1e19, so with them the queries are only run, for the sanitizers to watch
 * that no unused lane of the index is read). */
static tc_ray far_ray(test_rng *r, int q)
{
    static const float big[] = { FLT_MAX, -FLT_MAX, 3.0e38f, 1.0e38f, 1.0e30f };
    const float b = big[test_rng_int(r, 0, 4)];
    const int k = test_rng_int(r, 0, 2);
    tc_ray ray;
    ray.origin = test_rng_vec3(r, -10.0, 10.0);
    set_comp(&ray.origin, k, b);
    ray.dir = tc_vec3_zero();
    set_comp(&ray.dir, k, b > 0.0f ? -1.0f : 1.0f);
    if (q % 2) ray.dir = tc_vec3_add(ray.dir, test_rng_vec3(r, -1e-3, 1e-3)); /* not parallel */
    return ray;
}

TEST_CASE(world_rays_from_the_end_of_the_float_range)
{
    test_rng r = { 31 };
    for (int pass = 0; pass < 2; ++pass) {
        memset(&g, 0, sizeof g);
        g.kinds = pass == 0 ? BOXES : MIXED;
        g.scale = 20.0;
        g.w = tc_world_create(NULL);
        for (int i = 0; i < 60; ++i) add(&r);
        update_and_snapshot();
        long hits = 0;
        for (int q = 0; q < test_random_count(300); ++q) {
            const tc_ray ray = far_ray(&r, q);
            const float max_t = q % 3 ? INFINITY : FLT_MAX;
            if (pass == 0) {
                const long before = g_hits;
                check_ray(&ray, max_t, NULL, RAY_RANDOM);
                hits += g_hits - before;
            } else {
                tc_world_hit hit;
                (void)tc_world_raycast_closest(g.w, &ray, max_t, NULL, &hit);
                (void)tc_world_raycast_any(g.w, &ray, max_t, NULL, &hit);
                (void)tc_world_raycast_all(g.w, &ray, max_t, NULL, g_all, MAXC);
            }
            if (test_failures > 10) break;
        }
        tc_world_destroy(g.w);
        if (pass == 0) {
            printf("%ld box hits from the end of the float range\n", hits);
            CHECK(hits > 50);
        }
    }
}

/* After a change the first n/16 ray queries walk the tree and the next one
 * makes the index (tc_world_prepare_rays at once); the answers are the same
 * either way, to the bit. */
TEST_CASE(world_rays_walk_the_tree_until_the_index_pays)
{
    tc_world *w = tc_world_create(NULL);
    test_rng r = { 4711 };
    enum { N = 1600, RAYS = 150 };
    for (int i = 0; i < N; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        const tc_vec3 c = test_rng_vec3(&r, -30, 30);
        const float h = (float)test_rng_uniform(&r, 0.2, 1.5);
        tc_aabb b = { tc_vec3_sub(c, tc_vec3_make(h, h, h)), tc_vec3_add(c, tc_vec3_make(h, h, h)) };
        d.shape = tc_shape_from_aabb(b);
        CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    }
    CHECK(tc_world_update(w));
    tc_ray rays[RAYS];
    for (int k = 0; k < RAYS; ++k) {
        rays[k].origin.x = (float)test_rng_uniform(&r, -40, 40);
        rays[k].origin.y = (float)test_rng_uniform(&r, -40, 40);
        rays[k].origin.z = -60.0f;
        rays[k].dir.x = (float)test_rng_uniform(&r, -0.3, 0.3);
        rays[k].dir.y = (float)test_rng_uniform(&r, -0.3, 0.3);
        rays[k].dir.z = 1.0f;

    }
    tc_world_hit walked[RAYS], indexed[RAYS];
    bool got_walked[RAYS], got_indexed[RAYS];
    /* N / 16 = 100 queries walk the tree: no index yet */
    for (int k = 0; k < N / 16; ++k) got_walked[k] = tc_world_raycast_closest(w, &rays[k], INFINITY, NULL, &walked[k]);
    CHECK(tc_world_ray_index_bytes(w) == 0);
    /* the next one makes it */
    for (int k = N / 16; k < RAYS; ++k) got_walked[k] = tc_world_raycast_closest(w, &rays[k], INFINITY, NULL, &walked[k]);
    CHECK(tc_world_ray_index_bytes(w) > 0);
    /* the same rays through the index only, after the same update */
    CHECK(tc_world_update(w)); /* nothing changed: the index stays */
    int hits = 0;
    for (int k = 0; k < RAYS; ++k) {
        got_indexed[k] = tc_world_raycast_closest(w, &rays[k], INFINITY, NULL, &indexed[k]);
        CHECK(got_indexed[k] == got_walked[k]);
        if (got_indexed[k] && got_walked[k]) {
            CHECK(indexed[k].t == walked[k].t && tc_collider_id_equal(indexed[k].collider, walked[k].collider));
            CHECK(indexed[k].point.x == walked[k].point.x && indexed[k].normal.y == walked[k].normal.y);
            ++hits;
        }
    }
    CHECK(hits > RAYS / 3);
    tc_world_destroy(w);

    /* tc_world_prepare_rays makes it at once; a world of fewer than 16
     * colliders makes it at its first ray */
    w = tc_world_create(NULL);
    tc_collider_def d;
    d = tc_collider_def_default();
    tc_sphere sp = { { 0, 0, 0 }, 1 };
    d.shape = tc_shape_from_sphere(sp);
    for (int i = 0; i < 64; ++i) {
        d.local.position = tc_vec3_make((float)(3 * i), 0, 0);
        (void)tc_world_create_collider(w, &d);
    }
    CHECK(tc_world_update(w));
    CHECK(tc_world_ray_index_bytes(w) == 0);
    tc_world_prepare_rays(w);
    CHECK(tc_world_ray_index_bytes(w) > 0);
    tc_world_destroy(w);
    w = tc_world_create(NULL);
    (void)tc_world_create_collider(w, &d);
    CHECK(tc_world_update(w));
    tc_world_hit hit;
    CHECK(!tc_world_raycast_closest(w, &rays[0], INFINITY, NULL, &hit) || hit.t >= 0.0f);
    CHECK(tc_world_ray_index_bytes(w) > 0);
    tc_world_destroy(w);
}
