/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the world API: the bytes are a program of world
 * calls (create, destroy, reparent, move, reshape, enable, filter, update,
 * every query, picking, drawing) whose numbers come straight from the input,
 * so NaN, infinities, huge and negative sizes, zero quaternions, stale and
 * forged ids and failed allocations all reach the library. Nothing may
 * crash, hang or read out of bounds (the sanitizers watch), and after each
 * update the tree must be valid, the events well formed and the counts
 * right; at the end every byte allocated must be given back. The same
 * function is driven by replay.c in `make test`. */
#include <touche/touche.h>

#include "fuzz_input.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the inputs reached, printed at exit by the replay build (a replay
 * that reached nothing would prove nothing). */
static long g_colliders, g_updates, g_events, g_hits, g_found;
#ifdef TOUCHE_FUZZ_STATS
#include <stdio.h>
static void print_stats(void)
{
    printf("fuzz_world: %ld colliders made, %ld updates, %ld events, %ld ray hits, %ld colliders found\n", g_colliders,
           g_updates, g_events, g_hits, g_found);
}
#endif

/* ---- the input, read as numbers ------------------------------------------ */

/* Mostly small numbers (so that shapes meet and rays hit), one time in
 * sixteen any 32 bits (NaN, infinities, huge, tiny). */
static float number(fuzz_reader *r)
{
    const uint8_t b = fuzz_byte(r);
    if (b >= 0xf0u) return fuzz_bits(r);
    return (float)((int)(b & 0x7fu) - 64) / 8.0f;
}

/* A number widened to double without arithmetic on a NaN: converting a
 * signalling NaN (fuzz_number makes any bit pattern) raises FE_INVALID, which
 * traps the fuzzer itself in the trapped builds before the library sees
 * the value. */
static double wide_number(fuzz_reader *r)
{
    const float f = fuzz_number(r);
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    if ((u & 0x7f800000u) != 0x7f800000u) return (double)f;
    if (u & 0x007fffffu) return NAN;
    return (u & 0x80000000u) ? -INFINITY : INFINITY;
}

static tc_transform pose(fuzz_reader *r)
{
    const tc_vec3 p = fuzz_vec3(r);
    return tc_transform_make(p, fuzz_quat(r));
}

static tc_mat4 matrix(fuzz_reader *r)
{
    tc_mat4 m;
    float *f = &m.m[0];
    for (int k = 0; k < 16; ++k) f[k] = fuzz_number(r);
    return m;
}

/* ---- an allocator that runs out when the input says ---------------------- */

typedef struct budget {
    long calls_left;      /* allocations that succeed before the rest fail; < 0: all succeed */
    long long live_bytes;
    long live_blocks;
} budget;

static void *budget_alloc(void *context, size_t size)
{
    budget *b = (budget *)context;
    if (b->calls_left == 0) return NULL;
    if (b->calls_left > 0) --b->calls_left;
    void *p = malloc(size ? size : 1);
    if (p) {
        b->live_bytes += (long long)size;
        ++b->live_blocks;
    }
    return p;
}

static void budget_free(void *context, void *ptr, size_t size)
{
    budget *b = (budget *)context;
    if (!ptr) return;
    b->live_bytes -= (long long)size;
    --b->live_blocks;
    free(ptr);
}

/* Stale and forged ids are programmer errors: the library must answer them
 * with its defined result, so the handler lets it go on. */
static bool keep_going(const char *condition, const char *file, int line)
{
    (void)condition; (void)file; (void)line;
    return false;
}

/* ---- the program --------------------------------------------------------- */

#define MAX_NODES 32
#define MAX_COLLIDERS 192
#define MAX_OPS 600

typedef struct state {
    tc_world *w;
    tc_node_id nodes[MAX_NODES];
    int node_count;
    tc_collider_id colliders[MAX_COLLIDERS];  /* live and destroyed: stale ids are used too */
    int collider_count;
    tc_collider_id out[MAX_COLLIDERS];
    tc_world_hit hits[MAX_COLLIDERS];
} state;

static tc_node_id some_node(state *s, fuzz_reader *r)
{
    const uint8_t b = fuzz_byte(r);
    if (s->node_count == 0 || b % 4 == 0) return tc_node_null();
    if (b % 17 == 1) {
        tc_node_id forged = { b, (uint32_t)b * 7u + 1u };
        return forged;
    }
    return s->nodes[b % s->node_count];
}

static tc_collider_id some_collider(state *s, fuzz_reader *r)
{
    const uint8_t b = fuzz_byte(r);
    if (s->collider_count == 0 || b % 19 == 1) {
        tc_collider_id forged = { (uint32_t)b * 3u, 1u };
        return forged;
    }
    return s->colliders[b % s->collider_count];
}

static tc_query_filter filter(fuzz_reader *r)
{
    tc_query_filter f = tc_query_filter_all();
    f.category = (uint64_t)1 << (fuzz_byte(r) % 64);
    f.mask = fuzz_byte(r) % 3 == 0 ? (uint64_t)0x5 : ~(uint64_t)0;
    f.group = fuzz_byte(r) % 4;
    return f;
}

static void check_update(state *s)
{
    if (!tc_tree_validate(tc_world_tree(s->w))) abort();
    size_t n = 0;
    const tc_contact_event *ev = tc_world_contact_events(s->w, &n);
    ++g_updates;
    g_events += (long)n;
    for (size_t k = 0; k < n; ++k) {
        if (ev[k].a.index >= ev[k].b.index) abort();
        if (ev[k].state != TC_CONTACT_BEGIN && ev[k].state != TC_CONTACT_STAY && ev[k].state != TC_CONTACT_END) abort();
        /* in order of the index pair, each pair once */
        if (k > 0 && (ev[k - 1].a.index > ev[k].a.index ||
                      (ev[k - 1].a.index == ev[k].a.index && ev[k - 1].b.index >= ev[k].b.index)))
            abort();
    }
    /* manifolds, when on: touching pairs in the same order, never more
     * than the events */
    size_t nc = 0;
    const tc_world_contact *c = tc_world_contacts(s->w, &nc);
    if (nc > n || (nc > 0 && !c)) abort();
    for (size_t k = 0; k < nc; ++k) {
        if (c[k].a.index >= c[k].b.index || c[k].updates < 1) abort();
        if (c[k].manifold.count < 0 || c[k].manifold.count > 4) abort();
        if (k > 0 && (c[k - 1].a.index > c[k].a.index ||
                      (c[k - 1].a.index == c[k].a.index && c[k - 1].b.index >= c[k].b.index)))
            abort();
    }
}

static void check_hit(const tc_world_hit *h, float max_t)
{
    ++g_hits;
    if (!(h->t >= 0.0f) || h->t > max_t) abort();
}

static void count_line(void *context, tc_vec3 a, tc_vec3 b, tc_debug_state st, tc_collider_id id)
{
    (void)a; (void)b; (void)id;
    if ((int)st < 0 || (int)st > 4) abort();
    ++*(long *)context;
}

static void step(state *s, fuzz_reader *r)
{
    tc_world *w = s->w;
    switch (fuzz_byte(r) % 16) {
    case 0: {
        if (s->node_count == MAX_NODES) break;
        tc_node_def d;
        d = tc_node_def_default();
        d.parent = some_node(s, r);
        d.local = pose(r);
        d.scale = fuzz_number(r);
        const tc_node_id id = tc_world_create_node(w, &d);
        if (!tc_node_is_null(id)) s->nodes[s->node_count++] = id;
        break;
    }
    case 1:
    case 2: {
        if (s->collider_count == MAX_COLLIDERS) break;
        tc_collider_def d;
        d = tc_collider_def_default();
        d.shape = fuzz_shape(r);
        d.local = pose(r);
        d.parent = some_node(s, r);
        d.user_data = fuzz_byte(r);
        d.category = fuzz_byte(r) % 2 ? (uint64_t)1 << (fuzz_byte(r) % 64) : 0;
        d.mask = fuzz_byte(r) % 2 ? (uint64_t)fuzz_byte(r) : ~(uint64_t)0;
        d.enabled = fuzz_byte(r) % 8 != 0;
        const tc_collider_id id = tc_world_create_collider(w, &d);
        if (!tc_collider_is_null(id)) {
            s->colliders[s->collider_count++] = id;
            ++g_colliders;
        }
        break;
    }
    case 3: tc_world_destroy_collider(w, some_collider(s, r)); break;
    case 4: {
        const tc_collider_id c = some_collider(s, r);
        (void)tc_world_set_collider_pose(w, c, pose(r));
        break;
    }
    case 5: {
        tc_transform poses[8];
        tc_collider_id ids[8];
        const int n = fuzz_byte(r) % 8;
        for (int k = 0; k < n; ++k) {
            ids[k] = some_collider(s, r);
            poses[k] = pose(r);
        }
        (void)tc_world_set_collider_poses(w, ids, poses, (size_t)n);
        break;
    }
    case 6: {
        const tc_node_id n = some_node(s, r);
        if (fuzz_byte(r) % 2) {
            const tc_transform t = pose(r);
            (void)tc_world_set_node_pose(w, n, t, fuzz_number(r));
        } else {
            const tc_mat4 m = matrix(r);
            (void)tc_world_set_node_matrices(w, &n, &m, 1);
        }
        break;
    }
    case 7: {
        const tc_node_id a = some_node(s, r);
        const tc_node_id b = some_node(s, r);
        (void)tc_world_set_node_parent(w, a, b);
        const tc_collider_id c = some_collider(s, r);
        const tc_node_id p = some_node(s, r);
        (void)tc_world_set_collider_parent(w, c, p);
        break;
    }
    case 8: {
        const tc_collider_id c = some_collider(s, r);
        switch (fuzz_byte(r) % 6) {
        case 0: (void)tc_world_set_collider_enabled(w, c, fuzz_byte(r) % 2); break;
        case 1: {
            const uint64_t cat = fuzz_byte(r);
            const uint64_t mask = fuzz_byte(r);
            (void)tc_world_set_collider_filter(w, c, cat, mask);
            break;
        }
        case 3: (void)tc_world_set_collider_group(w, c, fuzz_byte(r) % 4); break;
        case 4: {
            /* marks for debug drawing, stale and forged ids among them */
            tc_collider_id marks[4];
            const size_t n = fuzz_byte(r) % 5;
            for (size_t k = 0; k < n; ++k) marks[k] = some_collider(s, r);
            (void)tc_world_debug_mark(w, marks, n);
            break;
        }
        case 5: {
            tc_world_position o;
            o.x = wide_number(r);
            o.x *= fuzz_byte(r) % 2 ? 1e6 : 1.0;
            o.y = wide_number(r);
            o.z = wide_number(r);
            (void)tc_world_set_origin(w, o);
            break;
        }
        default: { const tc_shape sh = fuzz_shape(r); (void)tc_world_set_collider_shape(w, c, &sh); break; }
        }
        break;
    }
    case 9:
        tc_world_set_contacts_enabled(w, fuzz_byte(r) % 2 == 0);
        (void)tc_world_update(w);
        check_update(s);
        break;
    case 10:
        (void)tc_world_update(w);
        check_update(s);
        break;
    case 11: {
        tc_ray ray;
        ray.origin = fuzz_vec3(r);
        ray.dir = fuzz_vec3(r);
        const float max_t = fuzz_byte(r) % 3 == 0 ? INFINITY : fuzz_number(r);
        const tc_query_filter f = filter(r);
        const tc_query_filter *fp = fuzz_byte(r) % 2 ? &f : NULL;
        tc_world_hit h;
        if (tc_world_raycast_closest(w, &ray, max_t, fp, &h)) check_hit(&h, max_t);
        if (tc_world_raycast_any(w, &ray, max_t, fp, &h)) check_hit(&h, max_t);
        const size_t n = tc_world_raycast_all(w, &ray, max_t, fp, s->hits, MAX_COLLIDERS);
        for (size_t k = 0; k < n && k < MAX_COLLIDERS; ++k) {
            check_hit(&s->hits[k], max_t);
            if (k > 0 && s->hits[k - 1].t > s->hits[k].t) abort();
        }
        break;
    }
    case 12: {
        const tc_shape sh = fuzz_shape(r);
        const size_t n = tc_world_overlap_shape(w, &sh, NULL, s->out, MAX_COLLIDERS);
        g_found += (long)n;
        for (size_t k = 1; k < n && k < MAX_COLLIDERS; ++k)
            if (s->out[k - 1].index >= s->out[k].index) abort();
        /* the typed query of the family is the shape query */
        size_t typed = n;
        switch (sh.type) {
        case TC_SHAPE_SPHERE: typed = tc_world_overlap_sphere(w, &sh.u.sphere, NULL, NULL, 0); break;
        case TC_SHAPE_CAPSULE: typed = tc_world_overlap_capsule(w, &sh.u.capsule, NULL, NULL, 0); break;
        case TC_SHAPE_AABB: typed = tc_world_overlap_aabb(w, &sh.u.aabb, NULL, NULL, 0); break;
        case TC_SHAPE_OBB: typed = tc_world_overlap_obb(w, &sh.u.obb, NULL, NULL, 0); break;
        case TC_SHAPE_TRIANGLE: typed = tc_world_overlap_triangle(w, &sh.u.triangle, NULL, NULL, 0); break;
        case TC_SHAPE_PLANE: typed = tc_world_overlap_plane(w, &sh.u.plane, NULL, NULL, 0); break;
        default: break;
        }
        if (typed != n) abort();
        (void)tc_world_overlap_point(w, fuzz_vec3(r), NULL, s->out, MAX_COLLIDERS);
        /* the same shape cast: translating (first hit, all hits in
         * order) and turning between two poses */
        const tc_vec3 v = fuzz_vec3(r);
        const float max_t = fuzz_byte(r) % 3 == 0 ? INFINITY : fuzz_number(r);
        const tc_query_filter f = filter(r);
        const tc_query_filter *fp = fuzz_byte(r) % 2 ? &f : NULL;
        tc_world_hit h;
        if (tc_world_sweep_closest(w, &sh, v, max_t, fp, &h)) check_hit(&h, max_t);
        const size_t nh = tc_world_sweep_all(w, &sh, v, max_t, fp, s->hits, MAX_COLLIDERS);
        for (size_t k = 0; k < nh && k < MAX_COLLIDERS; ++k) {
            check_hit(&s->hits[k], max_t);
            if (k > 0 && s->hits[k - 1].t > s->hits[k].t) abort();
        }
        const tc_transform from = pose(r), to = pose(r);
        if (tc_world_sweep_rigid_closest(w, &sh, from, to, fp, &h)) check_hit(&h, 1.0f);
        break;
    }
    case 13: {
        tc_viewport vp;
        vp.x = fuzz_number(r);
        vp.y = fuzz_number(r);
        vp.width = fuzz_number(r);
        vp.height = fuzz_number(r);
        tc_mat4 view, proj;
        if (fuzz_byte(r) % 2) {
            const tc_vec3 eye = fuzz_vec3(r), target = fuzz_vec3(r), up = fuzz_vec3(r);
            view = tc_mat4_look_at(eye, target, up);
        } else {
            view = matrix(r);
        }
        if (fuzz_byte(r) % 2) {
            const float fovy = fuzz_number(r);
            const float aspect = fuzz_number(r);
            const float near_z = fuzz_number(r);
            const float far_z = fuzz_number(r);
            proj = tc_mat4_perspective(fovy, aspect, near_z, far_z, (tc_depth_range)(fuzz_byte(r) % 3));
        } else {
            proj = matrix(r);
        }
        tc_world_hit h;
        tc_ray ray;
        const float sx = fuzz_number(r);
        const float sy = fuzz_number(r);
        if (tc_world_pick(w, sx, sy, vp, view, proj, (tc_depth_range)(fuzz_byte(r) % 3), NULL, &h, &ray)) check_hit(&h, INFINITY);
        break;
    }
    case 14: {
        long lines = 0;
        tc_debug_draw d;
        d = tc_debug_draw_default();
        d.line = count_line;
        d.context = &lines;
        d.draw_tree = fuzz_byte(r) % 2;
        d.draw_disabled = fuzz_byte(r) % 2;
        d.circle_segments = (int32_t)(int8_t)fuzz_byte(r);
        d.plane_half_size = fuzz_number(r);
        tc_world_debug_draw(w, &d);
        break;
    }
    default:
        if (s->node_count > 0) tc_world_destroy_node(w, s->nodes[fuzz_byte(r) % s->node_count]);
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_reader r = fuzz_reader_make(data, size, number);
#ifdef TOUCHE_FUZZ_STATS
    static bool registered;
    if (!registered) registered = atexit(print_stats) == 0;
#endif
    (void)tc_set_assert_handler(keep_going);
    budget b;
    memset(&b, 0, sizeof b);
    const uint8_t first = fuzz_byte(&r);
    b.calls_left = first < 200 ? -1 : (long)(first - 200) * 4; /* now and then memory runs out */
    tc_world_def def = tc_world_def_default();
    def.allocator.alloc = budget_alloc;
    def.allocator.free = budget_free;
    def.allocator.context = &b;
    def.margin = fuzz_byte(&r) % 4 == 0 ? fuzz_number(&r) : 0.0f;
    def.prediction = fuzz_byte(&r) % 4 == 0 ? fuzz_number(&r) : 0.0f;
    state s;
    memset(&s, 0, sizeof s);
    s.w = tc_world_create(&def);
    if (s.w) {
        for (int op = 0; op < MAX_OPS && r.left > 0; ++op) step(&s, &r);
        (void)tc_world_update(s.w);
        check_update(&s);
        tc_world_destroy(s.w);
    }
    if (b.live_bytes != 0 || b.live_blocks != 0) abort(); /* everything given back */
    (void)tc_set_assert_handler(NULL);
    return 0;
}
