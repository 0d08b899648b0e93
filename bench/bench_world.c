/* SPDX-License-Identifier: MIT */
/* bench_world: the world per frame (poses, tree, pairs with exact tests) for
 * 1,000, 10,000 and 100,000 slowly moving boxes, and closest-hit rays
 * against 100,000 boxes, each beside brute force in the same run; and a
 * level of 100,000 hull rocks on a 1,000,000-triangle terrain mesh
 * (bench_level, below).
 *
 * Scene: axis-aligned boxes (half extents 0.25 .. 1) scattered in a cube
 * whose volume grows with the count, so each box touches a few others; every
 * box drifts 0.005 .. 0.05 per frame and bounces off the cube's walls. The
 * world sees them as AABB colliders whose poses the game sets every frame.
 *
 * What a world frame is: every collider's pose made and set (in one
 * tc_world_set_collider_poses call), then tc_world_update (shapes, tree, new
 * candidate pairs, exact tests, events).
 * The world runs twice on the same boxes: with its defaults (fat margin 0.1
 * times the collider's size, and fat boxes of colliders that leave them
 * stretched along 4 times their last motion, Box2D's predictive fattening)
 * and without the stretch (prediction < 0), so the effect of each is seen.
 *
 * Brute force tests every pair (n^2 / 2 box tests) per frame; at 100,000
 * boxes it is timed on a slice of the rows and scaled, which the output says.
 * Rays: origins on the cube's surface aimed at random points inside; brute
 * force casts each against every box (tc_raycast_aabb) and keeps the nearest.
 *
 * Where installed, Bullet's btDbvtBroadphase (its defaults) gets the same
 * boxes every frame (bench/peer_bullet.cpp: setAabb on every proxy,
 * calculateOverlappingPairs, then the exact box test over its pair cache),
 * and Embree the same boxes as user geometry and the same rays
 * (bench/peer_embree.c, one thread); the rays also go through Bullet's
 * btDbvtBroadphase::rayTest with Bullet's slab test on each box reached. Per-frame medians decide the pair ratio
 * (the bar); means are printed beside them, since both structures
 * have cheap and dear frames (proxies leave their fat boxes in waves).
 */
#include "bench_util.h"
#include "peers.h"

#include <touche/touche.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct scene {
    int n;
    float extent;
    tc_vec3 *pos, *vel, *half;
} scene;

static void scene_make(scene *s, int n, uint64_t seed)
{
    test_rng rng;
    rng.state = seed;
    s->n = n;
    /* about 6 boxes per 4x4x4 cell: each box meets a few neighbours */
    s->extent = 0.5f * cbrtf((float)n * 64.0f / 6.0f);
    s->pos = (tc_vec3 *)malloc(sizeof(tc_vec3) * (size_t)n);
    s->vel = (tc_vec3 *)malloc(sizeof(tc_vec3) * (size_t)n);
    s->half = (tc_vec3 *)malloc(sizeof(tc_vec3) * (size_t)n);
    for (int i = 0; i < n; ++i) {
        double u[3];
        s->pos[i] = test_rng_vec3(&rng, -s->extent, s->extent);
        test_rng_unit_vector(&rng, u);
        float speed = (float)test_rng_uniform(&rng, 0.005, 0.05);
        s->vel[i] = tc_vec3_make((float)u[0] * speed, (float)u[1] * speed, (float)u[2] * speed);
        s->half[i] = test_rng_vec3(&rng, 0.25, 1.0);
    }
}

static void scene_free(scene *s)
{
    free(s->pos);
    free(s->vel);
    free(s->half);
}

static void scene_step(scene *s)
{
    for (int i = 0; i < s->n; ++i) {
        tc_vec3 p = tc_vec3_add(s->pos[i], s->vel[i]);
        float *pc = &p.x, *vc = &s->vel[i].x;
        for (int k = 0; k < 3; ++k) {
            if (pc[k] > s->extent || pc[k] < -s->extent) vc[k] = -vc[k];
        }
        s->pos[i] = p;
    }
}

static tc_aabb box_of(const scene *s, int i)
{
    tc_aabb b = { tc_vec3_sub(s->pos[i], s->half[i]), tc_vec3_add(s->pos[i], s->half[i]) };
    return b;
}

/* Brute force over rows [row0, row1): touching pairs (i < j). */
static BENCH_NOINLINE long brute_pairs(const scene *s, int row0, int row1, tc_aabb *boxes)
{
    long count = 0;
    for (int i = row0; i < row1; ++i)
        for (int j = i + 1; j < s->n; ++j) count += tc_overlap_aabb_aabb(&boxes[i], &boxes[j]);
    return count;
}

static void bench_pairs(int n, int frames)
{
    scene s;
    scene_make(&s, n, 1234u + (uint64_t)n);
    tc_world *w = tc_world_create(NULL);
    tc_world_def plain_def = tc_world_def_default();
    plain_def.prediction = 0.0f; /* no predictive stretch of fat boxes (zero is literal; negative is refused) */
    tc_world *w2 = tc_world_create(&plain_def);
    if (!w || !w2) {
        fprintf(stderr, "bench_world: tc_world_create failed\n");
        exit(1);
    }
    tc_collider_id *ids = (tc_collider_id *)malloc(sizeof(tc_collider_id) * (size_t)n);
    tc_collider_id *ids2 = (tc_collider_id *)malloc(sizeof(tc_collider_id) * (size_t)n);
    for (int i = 0; i < n; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        tc_aabb local = { tc_vec3_neg(s.half[i]), s.half[i] };
        d.shape = tc_shape_from_aabb(local);
        d.local.position = s.pos[i];
        ids[i] = tc_world_create_collider(w, &d);
        ids2[i] = tc_world_create_collider(w2, &d);
    }
    double t0 = bench_now();
    tc_world_update(w); /* building the tree: reported apart */
    double build = bench_now() - t0;
    tc_world_update(w2);
    double total = 0.0, best = 1e30;
    long touching = 0;
    tc_aabb *frame_boxes = (tc_aabb *)malloc(sizeof(tc_aabb) * (size_t)n);
    tc_transform *poses = (tc_transform *)malloc(sizeof(tc_transform) * (size_t)n);
#if TOUCHE_BENCH_HAVE_BULLET
    for (int i = 0; i < n; ++i) frame_boxes[i] = box_of(&s, i);
    bench_broadphase *bullet = peer_bullet_broadphase_create(frame_boxes, (size_t)n);
    double bullet_total = 0.0, bullet_best = 1e30;
    size_t bullet_touching = 0;
#endif
    /* Per-frame times for medians: a frame that rebuilds much (the first
     * ones after creation, for either structure) skews a mean of few frames. */
    double *world_ms = (double *)malloc(sizeof(double) * (size_t)frames);
    double *plain_ms = (double *)malloc(sizeof(double) * (size_t)frames);
    double *bullet_ms = (double *)malloc(sizeof(double) * (size_t)frames);
    double plain_total = 0.0;
    long plain_touching = 0;
    for (int f = 0; f < frames; ++f) {
        scene_step(&s);
        double a = bench_now(), dt;
        for (int i = 0; i < n; ++i) poses[i] = tc_transform_make(s.pos[i], tc_quat_identity());
        tc_world_set_collider_poses(w, ids, poses, (size_t)n);
        tc_world_update(w);
        dt = bench_now() - a;
        world_ms[f] = dt * 1e3;
        total += dt;
        if (dt < best) best = dt;
        size_t ne;
        const tc_contact_event *ev = tc_world_contact_events(w, &ne);
        touching = 0;
        for (size_t k = 0; k < ne; ++k) touching += ev[k].state != TC_CONTACT_END;
        /* the same frame for the world without prediction */
        a = bench_now();
        for (int i = 0; i < n; ++i) poses[i] = tc_transform_make(s.pos[i], tc_quat_identity());
        tc_world_set_collider_poses(w2, ids2, poses, (size_t)n);
        tc_world_update(w2);
        dt = bench_now() - a;
        plain_ms[f] = dt * 1e3;
        plain_total += dt;
        ev = tc_world_contact_events(w2, &ne);
        plain_touching = 0;
        for (size_t k = 0; k < ne; ++k) plain_touching += ev[k].state != TC_CONTACT_END;
#if TOUCHE_BENCH_HAVE_BULLET
        /* The same boxes through Bullet's broadphase: set every proxy's box,
         * find the pairs, confirm them on the tight boxes. */
        for (int i = 0; i < n; ++i) frame_boxes[i] = box_of(&s, i);
        a = bench_now();
        bullet_touching = peer_bullet_broadphase_update(bullet, frame_boxes, (size_t)n);
        dt = bench_now() - a;
        bullet_total += dt;
        if (dt < bullet_best) bullet_best = dt;
        bullet_ms[f] = dt * 1e3;
#endif
    }
    /* brute force on the final frame's boxes */
    tc_aabb *boxes = (tc_aabb *)malloc(sizeof(tc_aabb) * (size_t)n);
    for (int i = 0; i < n; ++i) boxes[i] = box_of(&s, i);
    int rows = n <= 10000 ? n : n / 100;
    double b0 = bench_now();
    long brute = brute_pairs(&s, 0, rows, boxes);
    double brute_s = bench_now() - b0;
    /* rows near the start are the longest (j runs from i + 1): scale by the
     * share of pair tests the slice did */
    double slice_tests = (double)rows * (double)n - 0.5 * (double)rows * (rows + 1);
    double all_tests = 0.5 * (double)n * (n - 1);
    double brute_frame = brute_s * all_tests / slice_tests;
    double mean = total / frames;
    const double world_med = bench_median(world_ms, (size_t)frames);
    const double plain_med = bench_median(plain_ms, (size_t)frames), plain_mean = plain_total / frames;
    printf("%7d boxes, %d frames; a frame: every collider's pose set, then tc_world_update (first build %.1f ms)\n", n,
           frames, build * 1e3);
    printf("               world update + pairs  median %8.3f ms, mean %8.3f ms (best %.3f), %ld touching\n",
           world_med, mean * 1e3, best * 1e3, touching);
    printf("               ... without prediction median %8.3f ms, mean %8.3f ms, %ld touching (%s)\n", plain_med,
           plain_mean * 1e3, plain_touching, plain_touching == touching ? "agrees" : "DIFFERS");
    printf("               brute force %10.1f ms/frame%s -> world is %.0fx faster", brute_frame * 1e3,
           rows < n ? " (timed on 1% of rows, scaled)" : "", brute_frame / mean);
    if (rows == n) printf("; pair counts %s (%ld vs %ld)", brute == touching ? "agree" : "DIFFER", touching, brute);
    printf("\n");
#if TOUCHE_BENCH_HAVE_BULLET
    {
        double bullet_mean = bullet_total / frames;
        double bullet_med = bench_median(bullet_ms, (size_t)frames);
        double ratio = bullet_med / world_med;
        printf("               Bullet btDbvtBroadphase median %8.3f ms, mean %8.3f ms (best %.3f), %zu touching (%s)\n",
               bullet_med, bullet_mean * 1e3, bullet_best * 1e3, bullet_touching,
               (long)bullet_touching == touching ? "agrees" : "DIFFERS");
        printf("               world vs Bullet: %.2fx by medians%s, %.2fx by means; without prediction %.2fx by "
               "medians, %.2fx by means\n",
               ratio, n < 100000 ? "" : (ratio >= 10.0 ? " (bar >= 10x: MET)" : " (bar >= 10x: NOT MET)"),
               bullet_mean / mean, bullet_med / plain_med, bullet_mean / plain_mean);
        peer_bullet_broadphase_destroy(bullet);
    }
#endif
    free(world_ms);
    free(plain_ms);
    free(bullet_ms);
    free(frame_boxes);
    free(poses);
    bench_sink_u64((uint64_t)brute);
    free(boxes);
    free(ids);
    free(ids2);
    tc_world_destroy(w);
    tc_world_destroy(w2);
    scene_free(&s);
}

#define RAY_PASSES 5

static tc_collider_id *g_ray_ids;
static int g_ray_count;
static void ids_keep(tc_world *w, tc_collider_id id, tc_aabb *box)
{
    (void)w; (void)box;
    g_ray_ids[g_ray_count++] = id;
}
static void ids_fetch(tc_world *w, int i, tc_aabb *box)
{
    tc_shape sh;
    if (tc_world_collider_shape(w, g_ray_ids[i], &sh)) *box = sh.u.aabb;
}

static void bench_rays(int n, int nrays)
{
    scene s;
    scene_make(&s, n, 99);
    tc_world *w = tc_world_create(NULL);
    tc_aabb *boxes = (tc_aabb *)malloc(sizeof(tc_aabb) * (size_t)n);
    g_ray_ids = (tc_collider_id *)malloc(sizeof(tc_collider_id) * (size_t)n);
    g_ray_count = 0;
    for (int i = 0; i < n; ++i) {
        tc_collider_def d;
        d = tc_collider_def_default();
        boxes[i] = box_of(&s, i);
        d.shape = tc_shape_from_aabb(boxes[i]);
        tc_collider_id id = tc_world_create_collider(w, &d);
        ids_keep(w, id, &boxes[i]);
    }
    tc_world_update(w);
    /* brute force uses the world's own placed boxes (same float rounding) */
    for (int i = 0; i < n; ++i) ids_fetch(w, i, &boxes[i]);
    test_rng rng;
    rng.state = 7;
    tc_ray *rays = (tc_ray *)malloc(sizeof(tc_ray) * (size_t)nrays);
    float e = s.extent + 2.0f;
    for (int r = 0; r < nrays; ++r) {
        double u[3];
        test_rng_unit_vector(&rng, u);
        tc_vec3 o = tc_vec3_make((float)u[0] * e * 1.7f, (float)u[1] * e * 1.7f, (float)u[2] * e * 1.7f);
        tc_vec3 target = test_rng_vec3(&rng, -e, e);
        rays[r].origin = o;
        rays[r].dir = tc_vec3_normalize(tc_vec3_sub(target, o));
    }
    /* The ray index is made after an update that changed something, once
     * enough rays have walked the tree to pay for it (or at
     * tc_world_prepare_rays): timed apart, then again after a frame that
     * moved 1% of the boxes a little (it is remade whole whatever moved). */
    double index_build = bench_now();
    tc_world_prepare_rays(w);
    index_build = bench_now() - index_build;
    const size_t index_bytes = tc_world_ray_index_bytes(w);
    const size_t index_colliders = tc_world_collider_count(w);
    for (int i = 0; i < n; i += 100)
        (void)tc_world_set_collider_pose(w, g_ray_ids[i], tc_transform_make(tc_vec3_make(0.01f, 0.0f, 0.0f),
                                                                           tc_quat_identity()));
    tc_world_update(w);
    double index_rebuild = bench_now();
    tc_world_prepare_rays(w);
    index_rebuild = bench_now() - index_rebuild;
    /* and back, so the rays below see the scene brute force sees */
    for (int i = 0; i < n; i += 100) (void)tc_world_set_collider_pose(w, g_ray_ids[i], tc_transform_identity());
    tc_world_update(w);
    /* The world's rays: RAY_PASSES passes over all rays, the median pass
     * counts (Embree's below likewise, alternating with the world's); in the
     * first, after the update just above, the first n/16 rays walk the tree
     * and the next remakes the index. */
    int hits = 0;
    float *tw = (float *)malloc(sizeof(float) * (size_t)nrays);
    double world_pass[RAY_PASSES];
#if TOUCHE_BENCH_HAVE_EMBREE
    double e0 = bench_now();
    bench_ray_scene *em = peer_embree_create(boxes, (size_t)n);
    double em_build = bench_now() - e0;
    float *te = (float *)malloc(sizeof(float) * (size_t)nrays);
    double em_pass[RAY_PASSES];
    size_t em_hits = 0;
#endif
    double a;
    for (int pass = 0; pass < RAY_PASSES; ++pass) {
        hits = 0;
        a = bench_now();
        for (int r = 0; r < nrays; ++r) {
            tc_world_hit h;
            tw[r] = tc_world_raycast_closest(w, &rays[r], INFINITY, NULL, &h) ? h.t : INFINITY;
            hits += tw[r] < INFINITY;
        }
        world_pass[pass] = bench_now() - a;
#if TOUCHE_BENCH_HAVE_EMBREE
        if (em) {
            a = bench_now();
            em_hits = peer_embree_raycast_closest(em, rays, (size_t)nrays, INFINITY, te, NULL);
            em_pass[pass] = bench_now() - a;
        }
#endif
    }
    double world_s = bench_median(world_pass, RAY_PASSES);
    int brute_rays = nrays / 100 > 50 ? nrays / 100 : 50;
    int agree = 0;
    a = bench_now();
    for (int r = 0; r < brute_rays; ++r) {
        float best = INFINITY;
        for (int i = 0; i < n; ++i) {
            tc_ray_hit h;
            if (tc_raycast_aabb(&rays[r], &boxes[i], best, &h) && h.t < best) best = h.t;
        }
        agree += best == tw[r];
    }
    double brute_s = bench_now() - a;
    double world_rate = nrays / world_s, brute_rate = brute_rays / brute_s;
    printf("%7d boxes: closest-hit rays, one at a time on one thread, the same %d rays for all (median of %d passes)\n"
           "               world %10.0f rays/s (%.2f us/ray, %d hit); brute force %.0f rays/s -> %.0fx; "
           "nearest t agrees on %d of %d\n",
           n, nrays, RAY_PASSES, world_rate, 1e6 / world_rate, hits, brute_rate, world_rate / brute_rate, agree,
           brute_rays);
    printf("               world ray index: %.1f ms to make after the first update (%.1f ms again after a "
           "frame that moved 1%% of the boxes), %.1f MB for %zu colliders (%.0f bytes each)\n",
           index_build * 1e3, index_rebuild * 1e3, (double)index_bytes / 1e6, index_colliders,
           index_colliders ? (double)index_bytes / (double)index_colliders : 0.0);
#if TOUCHE_BENCH_HAVE_EMBREE
    {
        if (em) {
            double em_s = bench_median(em_pass, RAY_PASSES);
            int em_agree = 0;
            for (int r = 0; r < nrays; ++r)
            {
                int ok = (te[r] == INFINITY && tw[r] == INFINITY) || fabsf(te[r] - tw[r]) <= 1e-4f * (1.0f + fabsf(tw[r]));
                em_agree += ok;
            }
            double em_rate = nrays / em_s;
            printf("               Embree (user geometry, 1 thread) %.0f rays/s (%.2f us/ray, %zu hit; BVH build %.1f ms)"
                   " -> world is %.2fx Embree's speed (bar: >= 1x, %s); nearest t agrees on %d of %d"
                   " (differences checked: grazing hits a float slab test misses)\n",
                   em_rate, 1e6 / em_rate, em_hits, em_build * 1e3, world_rate / em_rate,
                   world_rate >= em_rate ? "MET" : "NOT MET", em_agree, nrays);
            peer_embree_destroy(em);
        }
        free(te);
    }
#endif
#if TOUCHE_BENCH_HAVE_BULLET
    {
        /* Bullet's broadphase on the same boxes, its trees rebuilt top down
         * first (a still scene), rays long enough to cross the scene. Its
         * rays are about 100 times slower, so it casts the first tenth of
         * them, once (the world's rate is over all of them). */
        bench_broadphase *bp = peer_bullet_broadphase_create(boxes, (size_t)n);
        peer_bullet_broadphase_optimize(bp);
        const int bt_rays = nrays / 10 > 10 ? nrays / 10 : (nrays < 10 ? nrays : 10);
        float *tb = (float *)malloc(sizeof(float) * (size_t)bt_rays);
        a = bench_now();
        const size_t bt_hits = peer_bullet_broadphase_raycast_closest(bp, rays, (size_t)bt_rays, 8.0f * e, tb);
        const double bt_s = bench_now() - a;
        int bt_agree = 0;
        for (int r = 0; r < bt_rays; ++r)
            bt_agree += (tb[r] == INFINITY && tw[r] == INFINITY) || fabsf(tb[r] - tw[r]) <= 1e-4f * (1.0f + fabsf(tw[r]));
        const double bt_rate = bt_rays / bt_s;
        printf("               Bullet btDbvtBroadphase::rayTest %.0f rays/s (%.2f us/ray over the first %d rays, %zu hit) "
               "-> world is %.2fx Bullet's speed; nearest t agrees on %d of %d\n",
               bt_rate, 1e6 / bt_rate, bt_rays, bt_hits, world_rate / bt_rate, bt_agree, bt_rays);
        free(tb);
        peer_bullet_broadphase_destroy(bp);
    }
#endif
    free(tw);
    free(g_ray_ids);
    free(rays);
    free(boxes);
    tc_world_destroy(w);
    scene_free(&s);
}

/* ---- a level: 100,000 hull rocks on a 1,000,000-triangle terrain ---------------
 * The terrain is one mesh collider (a 709 x 709 grid of rolling hills,
 * 1,002,528 triangles, one hierarchy); the rocks are hull colliders of 8
 * shared hull data (20 random points each), scale 0.3 .. 1, scattered over
 * it at heights from just under the ground to 1.5 over it, so about half
 * rest on the terrain and a few touch each other. A frame: the moving rocks'
 * poses set (they drift 0.005 .. 0.05 per frame along the ground, keeping
 * their height over it), then tc_world_update; a rock that moves is tested
 * again against the terrain (a hull-mesh overlap through the hierarchy)
 * and its neighbours. Twice: every rock moving (the worst case) and one in
 * ten (a level whose rocks mostly rest). */
static float level_height(float x, float z) { return 2.0f * sinf(0.05f * x) * cosf(0.07f * z) + 0.3f * sinf(0.9f * x + 0.4f * z); }

static void bench_level(int rocks, int frames)
{
    enum { GRID = 709, DATA = 8 };
    const float cell = 1.0f, half_side = 0.5f * (float)(GRID - 1) * cell;
    tc_vec3 *v = (tc_vec3 *)malloc(sizeof(tc_vec3) * (size_t)GRID * GRID);
    int32_t *idx = (int32_t *)malloc(sizeof(int32_t) * 6u * (size_t)(GRID - 1) * (GRID - 1));
    for (int i = 0; i < GRID; ++i)
        for (int j = 0; j < GRID; ++j) {
            const float x = (float)i * cell - half_side, z = (float)j * cell - half_side;
            v[i * GRID + j] = tc_vec3_make(x, level_height(x, z), z);
        }
    size_t k = 0;
    for (int i = 0; i + 1 < GRID; ++i)
        for (int j = 0; j + 1 < GRID; ++j) {
            const int32_t a = i * GRID + j, b = a + 1, c = a + GRID, d = c + 1;
            idx[k++] = a; idx[k++] = b; idx[k++] = d;
            idx[k++] = a; idx[k++] = d; idx[k++] = c;
        }
    const int32_t triangles = (int32_t)(k / 3);
    double t0 = bench_now();
    tc_mesh_data *terrain = tc_mesh_data_create(v, GRID * GRID, idx, triangles, NULL);
    const double mesh_build = bench_now() - t0;
    free(v);
    free(idx);
    test_rng rng = { 4711u };
    tc_hull_data *data[DATA];
    for (int d = 0; d < DATA; ++d) {
        tc_vec3 p[20];
        for (int q = 0; q < 20; ++q) {
            double u[3];
            test_rng_unit_vector(&rng, u);
            const double r = test_rng_uniform(&rng, 0.5, 1.0);
            p[q] = tc_vec3_make((float)(u[0] * r), (float)(u[1] * r * 0.7), (float)(u[2] * r));
        }
        data[d] = tc_hull_data_create(p, 20, NULL);
    }
    if (!terrain) {
        printf("level: the terrain mesh could not be made\n");
        return;
    }
    tc_world *w = tc_world_create(NULL);
    tc_collider_def def = tc_collider_def_default();
    def.shape = tc_shape_from_mesh(tc_mesh_make(terrain, tc_transform_identity(), 1.0f));
    (void)tc_world_create_collider(w, &def);
    tc_collider_id *ids = (tc_collider_id *)malloc(sizeof(tc_collider_id) * (size_t)rocks);
    tc_transform *poses = (tc_transform *)malloc(sizeof(tc_transform) * (size_t)rocks);
    float *lift = (float *)malloc(sizeof(float) * (size_t)rocks);
    tc_vec3 *vel = (tc_vec3 *)malloc(sizeof(tc_vec3) * (size_t)rocks);
    const float room = half_side - 2.0f;
    for (int i = 0; i < rocks; ++i) {
        const float x = (float)test_rng_uniform(&rng, -room, room), z = (float)test_rng_uniform(&rng, -room, room);
        lift[i] = (float)test_rng_uniform(&rng, -0.2, 1.5);
        double q[4], u[3];
        test_rng_quat(&rng, q);
        test_rng_unit_vector(&rng, u);
        const double speed = test_rng_uniform(&rng, 0.005, 0.05);
        vel[i] = tc_vec3_make((float)(u[0] * speed), 0.0f, (float)(u[2] * speed));
        poses[i] = tc_transform_make(tc_vec3_make(x, level_height(x, z) + lift[i], z),
                                     tc_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]));
        def.shape = tc_shape_from_hull(tc_hull_make(data[i % DATA], tc_transform_identity(),
                                                    (float)test_rng_uniform(&rng, 0.3, 1.0)));
        def.local = poses[i];
        ids[i] = tc_world_create_collider(w, &def);
    }
    t0 = bench_now();
    tc_world_update(w);
    const double first = bench_now() - t0;
    printf("level: %d hull rocks (%d shared hull data) on a %d-triangle terrain mesh (its hierarchy built in %.0f ms);"
           " first update %.0f ms\n",
           rocks, DATA, (int)triangles, mesh_build * 1e3, first * 1e3);
    double *ms = (double *)malloc(sizeof(double) * (size_t)frames);
    tc_collider_id *moving_ids = (tc_collider_id *)malloc(sizeof(tc_collider_id) * (size_t)rocks);
    tc_transform *packed = (tc_transform *)malloc(sizeof(tc_transform) * (size_t)rocks);
    for (int share = 1; share <= 10; share += 9) {
        long touching = 0, on_ground = 0;
        double total = 0.0;
        /* processor time beside wall time: on a shared machine the wall
         * clock also counts the waits for a core */
        const clock_t c0 = clock();
        for (int f = 0; f < frames; ++f) {
            /* the rocks that move this frame: all, or every tenth (a
             * different tenth each frame) */
            size_t m = 0;
            double a = bench_now();
            for (int i = f % share; i < rocks; i += share) {
                tc_vec3 p = tc_vec3_add(poses[i].position, vel[i]);
                if (fabsf(p.x) > room) vel[i].x = -vel[i].x;
                if (fabsf(p.z) > room) vel[i].z = -vel[i].z;
                p.y = level_height(p.x, p.z) + lift[i];
                poses[i].position = p;
                packed[m] = poses[i]; /* the call takes the movers only */
                moving_ids[m++] = ids[i];
            }
            tc_world_set_collider_poses(w, moving_ids, packed, m);
            tc_world_update(w);
            const double dt = bench_now() - a;
            ms[f] = dt * 1e3;
            total += dt;
            size_t ne;
            const tc_contact_event *ev = tc_world_contact_events(w, &ne);
            touching = on_ground = 0;
            for (size_t e = 0; e < ne; ++e) {
                if (ev[e].state == TC_CONTACT_END) continue;
                ++touching;
                on_ground += ev[e].a.index == 0; /* the terrain is collider 0 */
            }
        }
        const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
        printf("               %s rocks moving: update + pairs median %8.2f ms, mean %8.2f ms per frame "
               "(processor time %.2f ms; %d frames); %ld touching pairs, %ld of them rock-terrain\n",
               share == 1 ? "all" : "1 in 10 of the", bench_median(ms, (size_t)frames), total * 1e3 / frames,
               cpu * 1e3 / frames, frames, touching, on_ground);
    }
    free(ms);
    free(moving_ids);
    free(packed);
    free(ids);
    free(poses);
    free(lift);
    free(vel);
    tc_world_destroy(w);
    for (int d = 0; d < DATA; ++d) tc_hull_data_destroy(data[d]);
    tc_mesh_data_destroy(terrain);
}

int main(void)
{
    double k = bench_scale();
    printf("bench_world: update + pair finding per frame for slowly moving boxes, and closest-hit rays\n");
    const char *only = getenv("BENCH_ONLY"); /* "rays", "pairs" or "level": one section */
    if (!only || (strcmp(only, "rays") != 0 && strcmp(only, "level") != 0)) {
        bench_pairs(1000, (int)(200 * k) + 1);
        bench_pairs(10000, (int)(60 * k) + 1);
        bench_pairs(100000, (int)(40 * k) + 1);
    }
    if (!only || strcmp(only, "level") == 0) bench_level(100000, (int)(10 * k) + 2);
    if (only && (strcmp(only, "pairs") == 0 || strcmp(only, "level") == 0)) return 0;
    bench_rays(100000, (int)(100000 * k) + 100);
    bench_peers_print_missing(BENCH_PEER_BULLET | BENCH_PEER_EMBREE);
    return 0;
}
