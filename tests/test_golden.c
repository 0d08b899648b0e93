/* SPDX-License-Identifier: MIT */
/* The golden hash (docs/determinism.md): one 64-bit FNV-1a hash over the bit
 * patterns of every float a fixed script produces. The script runs every
 * pair query (overlap, distance, contact, sweep, rigid sweep, ray cast, point
 * containment and closest point) on a seeded set of every shape pair,
 * probes with -0.0 inputs, and a 100-frame world run with moves, adds,
 * removes, re-enables, filters, events, rays, overlap queries and picks.
 *
 * Every build must give the same hash: gcc and clang, -O0 to -O3 and
 * -O3 -march=native, the scalar (TOUCHE_NO_SIMD) and SIMD paths
 * (tools/golden.sh builds them all and prints the hashes side by side).
 * The value below is committed; a change of any query's results changes it,
 * deliberately: see "Changing the golden hash" in docs/determinism.md.
 *
 * The inputs are multiples of 1/64 (exact in float) so that the script
 * itself cannot differ between builds; outputs are hashed only where the
 * contract defines them (a hit's fields only when there is a hit, a
 * manifold's first `count` points). NaN outputs hash as one pattern (their
 * payload is not part of any promise). */
#include <string.h>
#include <touche/touche.h>

#include "harness.h"

/* The committed value. To change it on purpose: run this test, copy the
 * "got" value it prints here, and say why in the commit message. */
#define TOUCHE_GOLDEN_HASH 0x33eee6232e6e701cull

/* ---- hashing ------------------------------------------------------------ */
typedef struct golden { uint64_t h; uint64_t words; } golden;

static void hash_bytes(golden *g, const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) {
        g->h ^= b[i];
        g->h *= 0x100000001b3ull; /* FNV-1a, 64-bit prime */
    }
    g->words++;
}
static void hash_u32(golden *g, uint32_t v) { hash_bytes(g, &v, sizeof v); }
static void hash_bool(golden *g, bool v) { hash_u32(g, v ? 1u : 0u); }
static void hash_float(golden *g, float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    if (f != f) bits = 0x7fc00000u; /* one NaN */
    hash_u32(g, bits);
}
static void hash_vec3(golden *g, tc_vec3 v)
{
    hash_float(g, v.x);
    hash_float(g, v.y);
    hash_float(g, v.z);
}
static void hash_shape(golden *g, const tc_shape *s)
{
    hash_u32(g, (uint32_t)s->type);
    const float *f = (const float *)(const void *)&s->u;
    size_t n = 0;
    switch (s->type) {
    case TC_SHAPE_SPHERE: n = sizeof s->u.sphere / sizeof(float); break;
    case TC_SHAPE_CAPSULE: n = sizeof s->u.capsule / sizeof(float); break;
    case TC_SHAPE_AABB: n = sizeof s->u.aabb / sizeof(float); break;
    case TC_SHAPE_OBB: n = sizeof s->u.obb / sizeof(float); break;
    case TC_SHAPE_TRIANGLE: n = sizeof s->u.triangle / sizeof(float); break;
    default: n = sizeof s->u.plane / sizeof(float); break;
    }
    for (size_t i = 0; i < n; ++i) hash_float(g, f[i]);
}
static void hash_manifold(golden *g, bool ok, const tc_manifold *m)
{
    hash_bool(g, ok);
    if (!ok) return;
    hash_vec3(g, m->normal);
    hash_u32(g, (uint32_t)m->count);
    for (int i = 0; i < m->count && i < 4; ++i) {
        hash_vec3(g, m->points[i].point);
        hash_float(g, m->points[i].depth);
    }
}
/* A hit's fields (a sweep's, a ray's, a world ray's) */
static void hash_hit_fields(golden *g, float t, tc_vec3 point, tc_vec3 normal)
{
    hash_float(g, t);
    hash_vec3(g, point);
    hash_vec3(g, normal);
}
/* whether there is a hit, and its fields only when there is one */
static void hash_hit(golden *g, bool ok, float t, tc_vec3 point, tc_vec3 normal)
{
    hash_bool(g, ok);
    if (ok) hash_hit_fields(g, t, point, normal);
}
static void hash_sweep(golden *g, bool ok, const tc_sweep_hit *h) { hash_hit(g, ok, h->t, h->point, h->normal); }
static void hash_ray_hit(golden *g, bool ok, const tc_ray_hit *h) { hash_hit(g, ok, h->t, h->point, h->normal); }
static void hash_id(golden *g, tc_collider_id id)
{
    hash_u32(g, id.index);
    hash_u32(g, id.generation);
}
static void hash_world_hit(golden *g, bool ok, const tc_world_hit *h)
{
    hash_bool(g, ok);
    if (!ok) return;
    hash_id(g, h->collider);
    hash_hit_fields(g, h->t, h->point, h->normal);
}

/* ---- exact inputs ------------------------------------------------------- */
/* k / 64 for an integer k in [lo * 64, hi * 64]: exact in float. */
static float grid(test_rng *r, float lo, float hi) { return (float)test_rng_int(r, (int)(lo * 64), (int)(hi * 64)) / 64.0f; }
/* Every draw is its own statement: the order in which a call's arguments or
 * an initializer's elements are evaluated is unspecified (gcc and clang
 * differ), and the script must not depend on it. */
static tc_vec3 grid_vec(test_rng *r, float lo, float hi)
{
    tc_vec3 v;
    v.x = grid(r, lo, hi);
    v.y = grid(r, lo, hi);
    v.z = grid(r, lo, hi);
    return v;
}
static tc_quat grid_quat(test_rng *r)
{
    tc_quat q;
    q.x = grid(r, -1, 1);
    q.y = grid(r, -1, 1);
    q.z = grid(r, -1, 1);
    q.w = grid(r, -1, 1);
    if (test_rng_int(r, 0, 5) == 0) q = tc_quat_make(0, 0, grid(r, -1, 1), 1); /* about z only */
    return q;
}
static tc_transform grid_pose(test_rng *r, float spread)
{
    tc_transform t;
    t.position = grid_vec(r, -spread, spread);
    t.rotation = grid_quat(r);
    return t;
}

static tc_shape make_shape(test_rng *r, int type, float spread)
{
    tc_vec3 c = grid_vec(r, -spread, spread);
    switch (type) {
    case TC_SHAPE_SPHERE: {
        tc_sphere s = { c, grid(r, 0, 1.5f) };
        return tc_shape_from_sphere(s);
    }
    case TC_SHAPE_CAPSULE: {
        tc_capsule k;
        k.a = c;
        k.b = tc_vec3_add(c, grid_vec(r, -1.5f, 1.5f));
        k.radius = grid(r, 0, 0.75f);
        return tc_shape_from_capsule(k);
    }
    case TC_SHAPE_AABB: {
        tc_aabb b = { c, tc_vec3_add(c, grid_vec(r, 0, 2)) };
        return tc_shape_from_aabb(b);
    }
    case TC_SHAPE_OBB: {
        tc_vec3 half = grid_vec(r, 0, 1);
        return tc_shape_from_obb(tc_obb_from_quat(c, half, grid_quat(r)));
    }
    case TC_SHAPE_TRIANGLE: {
        tc_triangle t;
        t.a = c;
        t.b = tc_vec3_add(c, grid_vec(r, -2, 2));
        t.c = tc_vec3_add(c, grid_vec(r, -2, 2));
        return tc_shape_from_triangle(t);
    }
    default: {
        tc_vec3 n = grid_vec(r, -1, 1);
        if (n.x == 0.0f && n.y == 0.0f && n.z == 0.0f) n.y = 1.0f;
        return tc_shape_from_plane(tc_plane_from_point_normal(c, n));
    }
    }
}

/* The rigid sweep of any pair in the library's order (plane-plane has none). */
static bool rigid_sweep(const tc_shape *a, tc_transform a0, tc_transform a1, const tc_shape *b, tc_transform b0,
                        tc_transform b1, tc_sweep_hit *hit)
{
#define R(A, B) tc_sweep_rigid_##A##_##B(&a->u.A, a0, a1, &b->u.B, b0, b1, hit)
#define RP(A) tc_sweep_rigid_##A##_plane(&a->u.A, a0, a1, &b->u.plane, hit)
    switch (a->type * TC_SHAPE_TYPE_COUNT + b->type) {
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_SPHERE: return R(sphere, sphere);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_CAPSULE: return R(sphere, capsule);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_AABB: return R(sphere, aabb);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_OBB: return R(sphere, obb);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_TRIANGLE: return R(sphere, triangle);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_PLANE: return RP(sphere);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_CAPSULE: return R(capsule, capsule);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_AABB: return R(capsule, aabb);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_OBB: return R(capsule, obb);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_TRIANGLE: return R(capsule, triangle);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_PLANE: return RP(capsule);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_AABB: return R(aabb, aabb);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_OBB: return R(aabb, obb);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_TRIANGLE: return R(aabb, triangle);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_PLANE: return RP(aabb);
    case TC_SHAPE_OBB * 6 + TC_SHAPE_OBB: return R(obb, obb);
    case TC_SHAPE_OBB * 6 + TC_SHAPE_TRIANGLE: return R(obb, triangle);
    case TC_SHAPE_OBB * 6 + TC_SHAPE_PLANE: return RP(obb);
    case TC_SHAPE_TRIANGLE * 6 + TC_SHAPE_TRIANGLE: return R(triangle, triangle);
    case TC_SHAPE_TRIANGLE * 6 + TC_SHAPE_PLANE: return RP(triangle);
    default: return false;
    }
#undef R
#undef RP
}

/* Every query on one pair (a's type <= b's type), and a ray and a point on each. */
static void hash_pair(golden *g, const tc_shape *a, const tc_shape *b, tc_vec3 va, tc_vec3 vb, tc_transform a0,
                      tc_transform a1, tc_transform b0, tc_transform b1, const tc_ray *ray, tc_vec3 p)
{
    hash_shape(g, a);
    hash_shape(g, b);
    hash_bool(g, tc_shape_overlap(a, b));
    tc_vec3 pa = tc_vec3_zero(), pb = tc_vec3_zero();
    float d = tc_shape_distance(a, b, &pa, &pb);
    hash_float(g, d);
    if (d < INFINITY) {
        hash_vec3(g, pa);
        hash_vec3(g, pb);
    }
    tc_manifold m;
    memset(&m, 0, sizeof m);
    bool ok = tc_shape_contact(a, b, &m);
    hash_manifold(g, ok, &m);
    tc_sweep_hit sh;
    memset(&sh, 0, sizeof sh);
    ok = tc_shape_sweep(a, va, b, vb, 1.0f, &sh);
    hash_sweep(g, ok, &sh);
    memset(&sh, 0, sizeof sh);
    ok = rigid_sweep(a, a0, a1, b, b0, b1, &sh);
    hash_sweep(g, ok, &sh);
    const tc_shape *both[2] = { a, b };
    for (int i = 0; i < 2; ++i) {
        tc_ray_hit rh;
        memset(&rh, 0, sizeof rh);
        ok = tc_shape_raycast(ray, both[i], 10.0f, &rh);
        hash_ray_hit(g, ok, &rh);
        hash_bool(g, tc_shape_contains_point(both[i], p));
        tc_aabb box;
        ok = tc_shape_bounds(both[i], &box);
        hash_bool(g, ok);
        if (ok) {
            hash_vec3(g, box.min);
            hash_vec3(g, box.max);
        }
    }
    hash_vec3(g, a->type == TC_SHAPE_SPHERE ? tc_sphere_closest_point(&a->u.sphere, p)
                 : a->type == TC_SHAPE_CAPSULE ? tc_capsule_closest_point(&a->u.capsule, p)
                 : a->type == TC_SHAPE_AABB ? tc_aabb_closest_point(&a->u.aabb, p)
                 : a->type == TC_SHAPE_OBB ? tc_obb_closest_point(&a->u.obb, p)
                 : a->type == TC_SHAPE_TRIANGLE ? tc_triangle_closest_point(&a->u.triangle, p)
                                                : tc_plane_closest_point(&a->u.plane, p));
}

static void script_pairs(golden *g)
{
    test_rng r = { 20261201 };
    for (int ta = 0; ta < TC_SHAPE_TYPE_COUNT; ++ta)
        for (int tb = ta; tb < TC_SHAPE_TYPE_COUNT; ++tb)
            for (int i = 0; i < 60; ++i) {
                tc_shape a = make_shape(&r, ta, 1.5f);
                tc_shape b = make_shape(&r, tb, 1.5f);
                tc_vec3 va = grid_vec(&r, -2, 2);
                tc_vec3 vb = grid_vec(&r, -1, 1);
                tc_transform a0 = grid_pose(&r, 1), a1 = grid_pose(&r, 1), b0 = grid_pose(&r, 1), b1 = grid_pose(&r, 1);
                tc_ray ray;
                ray.origin = grid_vec(&r, -4, 4);
                ray.dir = grid_vec(&r, -1, 1);
                if (i % 5 == 0) ray.dir = tc_vec3_make(1, 0, 0); /* axis-aligned */
                tc_vec3 p = grid_vec(&r, -2, 2);
                hash_pair(g, &a, &b, va, vb, a0, a1, b0, b1, &ray, p);
            }
}

/* -0.0 against +0.0: the same shapes, rays and poses written with negative
 * zeros (coordinates, a ray's direction, quaternion parts, velocities). */
static void script_signed_zeros(golden *g)
{
    const float nz = -0.0f;
    tc_sphere s = { { nz, nz, nz }, 0.5f };
    tc_sphere s0 = { { nz, 0.5f, nz }, nz }; /* a point, radius -0 */
    tc_capsule c = { { nz, -1, nz }, { nz, 1, nz }, 0.25f };
    tc_aabb b = { { nz, nz, nz }, { 1, 1, 1 } };
    tc_aabb flat = { { -1, nz, -1 }, { 1, 0.0f, 1 } };
    tc_obb o = tc_obb_from_quat(tc_vec3_make(nz, nz, 1), tc_vec3_make(0.5f, nz, 0.5f), tc_quat_make(nz, nz, nz, 1));
    tc_triangle t = { { nz, nz, nz }, { 1, nz, nz }, { nz, 1, nz } };
    tc_plane p = { { nz, 1, nz }, nz };
    tc_shape shapes[] = { tc_shape_from_sphere(s), tc_shape_from_sphere(s0), tc_shape_from_capsule(c),
                          tc_shape_from_aabb(b), tc_shape_from_aabb(flat), tc_shape_from_obb(o),
                          tc_shape_from_triangle(t), tc_shape_from_plane(p) };
    const int n = (int)(sizeof shapes / sizeof shapes[0]);
    const tc_vec3 dirs[] = { { 1, nz, nz }, { nz, -1, nz }, { nz, nz, 1 }, { -1, nz, 0 }, { nz, nz, nz } };
    const tc_vec3 origins[] = { { -2, nz, 0.5f }, { 0.5f, 2, nz }, { nz, nz, -2 }, { 2, 0.0f, nz }, { nz, nz, nz } };
    const tc_transform id0 = tc_transform_make(tc_vec3_make(nz, nz, nz), tc_quat_make(nz, nz, nz, 1));
    const tc_transform up = tc_transform_make(tc_vec3_make(nz, 0.5f, nz), tc_quat_make(nz, nz, nz, 1));
    for (int i = 0; i < n; ++i) {
        for (int j = i; j < n; ++j) {
            const tc_shape *a = &shapes[i], *bb = &shapes[j];
            if (a->type > bb->type) {
                const tc_shape *x = a;
                a = bb;
                bb = x;
            }
            for (int k = 0; k < 5; ++k) {
                tc_ray ray = { origins[k], dirs[k] };
                hash_pair(g, a, bb, dirs[k], tc_vec3_make(nz, nz, nz), id0, up, up, id0, &ray, origins[(k + 1) % 5]);
            }
        }
    }
    /* the math the world and the tool build poses with */
    hash_vec3(g, tc_vec3_normalize(tc_vec3_make(nz, nz, nz)));
    hash_vec3(g, tc_vec3_normalize(tc_vec3_make(nz, -3, nz)));
    tc_quat qs[] = { tc_quat_normalize(tc_quat_make(nz, nz, nz, nz)), tc_quat_from_euler(nz, nz, nz),
                     tc_quat_from_euler_deg(nz, 90, nz), tc_quat_slerp(tc_quat_make(nz, nz, nz, 1), tc_quat_make(nz, 1, nz, nz), 0.5f),
                     tc_quat_nlerp(tc_quat_make(nz, nz, nz, -1), tc_quat_make(nz, nz, 1, nz), nz) };
    for (size_t i = 0; i < sizeof qs / sizeof qs[0]; ++i) {
        hash_float(g, qs[i].x);
        hash_float(g, qs[i].y);
        hash_float(g, qs[i].z);
        hash_float(g, qs[i].w);
    }
    hash_vec3(g, tc_quat_to_euler(tc_quat_make(nz, nz, nz, 1)));
    hash_vec3(g, tc_transform_point(up, tc_vec3_make(nz, nz, nz)));
    hash_vec3(g, tc_transform_inv_point(up, tc_vec3_make(nz, nz, nz)));
}

/* ---- the world run ------------------------------------------------------ */
#define NODES 12
#define MAX_COLLIDERS 96

typedef struct run {
    tc_world *w;
    tc_node_id nodes[NODES];
    tc_collider_id colliders[MAX_COLLIDERS];
    int count;
} run;

static void add_collider(run *s, test_rng *r, int type)
{
    if (s->count >= MAX_COLLIDERS) return;
    tc_collider_def d = tc_collider_def_default();
    d.shape = make_shape(r, type, 1.0f);
    d.local = grid_pose(r, 1);
    d.parent = test_rng_int(r, 0, 3) == 0 ? tc_node_null() : s->nodes[test_rng_int(r, 0, NODES - 1)];
    d.category = (uint64_t)1 << test_rng_int(r, 0, 3);
    d.mask = test_rng_int(r, 0, 4) == 0 ? (uint64_t)0x5 : ~(uint64_t)0;
    tc_collider_id id = tc_world_create_collider(s->w, &d);
    if (!tc_collider_is_null(id)) s->colliders[s->count++] = id;
}

static void hash_ids(golden *g, const tc_collider_id *ids, size_t total, size_t capacity)
{
    hash_u32(g, (uint32_t)total);
    for (size_t i = 0; i < total && i < capacity; ++i) hash_id(g, ids[i]);
}

static void script_world(golden *g)
{
    test_rng r = { 1312 };
    run s;
    memset(&s, 0, sizeof s);
    s.w = tc_world_create(NULL);
    CHECK(s.w != NULL);
    if (!s.w) return;
    for (int i = 0; i < NODES; ++i) {
        tc_node_def nd = tc_node_def_default();
        nd.parent = i > 0 && i % 3 != 0 ? s.nodes[i - 1] : tc_node_null(); /* chains of three */
        nd.local = grid_pose(&r, 6);
        nd.scale = grid(&r, 0.5f, 2);
        s.nodes[i] = tc_world_create_node(s.w, &nd);
    }
    for (int i = 0; i < 60; ++i) add_collider(&s, &r, i % TC_SHAPE_TYPE_COUNT == TC_SHAPE_PLANE && i > 6 ? i % 5 : i % TC_SHAPE_TYPE_COUNT);
    const tc_query_filter all = tc_query_filter_all();
    const tc_query_filter some = { 0x3, 0x1, 0 };
    for (int frame = 0; frame < 100; ++frame) {
        /* move nodes: turning, in Euler angles (libm's sinf/cosf) and quaternions */
        for (int i = 0; i < NODES; ++i) {
            if ((frame + i) % 3 != 0) continue;
            float a = 0.05f * (float)(frame + i);
            tc_transform pose;
            pose.position = grid_vec(&r, -6, 6);
            pose.position.y *= 0.25f;
            pose.rotation = i % 2 ? tc_quat_from_euler(a, 0.5f * a, 0.25f) : tc_quat_slerp(tc_quat_identity(), grid_quat(&r), 0.3f);
            float scale = grid(&r, 0.5f, 2);
            tc_world_set_node_pose(s.w, s.nodes[i], pose, scale);
        }
        /* move colliders, add, remove, disable, refilter */
        for (int k = 0; k < 4 && s.count > 0; ++k) {
            int i = test_rng_int(&r, 0, s.count - 1);
            tc_world_set_collider_pose(s.w, s.colliders[i], grid_pose(&r, 1));
        }
        if (frame % 7 == 0) add_collider(&s, &r, frame % TC_SHAPE_TYPE_COUNT);
        if (frame % 11 == 5 && s.count > 0) {
            int i = test_rng_int(&r, 0, s.count - 1);
            tc_world_destroy_collider(s.w, s.colliders[i]);
            s.colliders[i] = s.colliders[--s.count];
        }
        if (frame % 13 == 3 && s.count > 0) {
            int i = test_rng_int(&r, 0, s.count - 1);
            tc_world_set_collider_enabled(s.w, s.colliders[i], frame % 26 != 3);
        }
        if (frame % 17 == 9 && s.count > 0) tc_world_set_collider_filter(s.w, s.colliders[test_rng_int(&r, 0, s.count - 1)], 0x2, 0x3);
        hash_bool(g, tc_world_update(s.w));
        /* events */
        size_t ne = 0;
        const tc_contact_event *ev = tc_world_contact_events(s.w, &ne);
        hash_u32(g, (uint32_t)ne);
        for (size_t i = 0; i < ne; ++i) {
            hash_id(g, ev[i].a);
            hash_id(g, ev[i].b);
            hash_u32(g, (uint32_t)ev[i].state);
        }
        /* the placed shapes and node poses */
        for (int i = 0; i < s.count; ++i) {
            tc_shape ws;
            bool ok = tc_world_collider_shape(s.w, s.colliders[i], &ws);
            hash_bool(g, ok);
            if (ok) hash_shape(g, &ws);
        }
        for (int i = 0; i < NODES; ++i) {
            tc_transform pose;
            float scale;
            if (!tc_world_node_world_pose(s.w, s.nodes[i], &pose, &scale)) continue;
            hash_vec3(g, pose.position);
            hash_float(g, pose.rotation.x);
            hash_float(g, pose.rotation.y);
            hash_float(g, pose.rotation.z);
            hash_float(g, pose.rotation.w);
            hash_float(g, scale);
        }
        /* rays */
        for (int k = 0; k < 6; ++k) {
            tc_ray ray;
            ray.origin = grid_vec(&r, -10, 10);
            ray.dir = grid_vec(&r, -1, 1);
            if (k == 0) ray.dir = tc_vec3_make(1, 0, 0);
            tc_world_hit hit;
            memset(&hit, 0, sizeof hit);
            bool ok = tc_world_raycast_closest(s.w, &ray, 30.0f, k % 2 ? &some : &all, &hit);
            hash_world_hit(g, ok, &hit);
            memset(&hit, 0, sizeof hit);
            ok = tc_world_raycast_any(s.w, &ray, 30.0f, NULL, &hit);
            hash_bool(g, ok); /* which hit "any" returns is not promised; that one is */
            tc_world_hit hits[16];
            size_t total = tc_world_raycast_all(s.w, &ray, 30.0f, &all, hits, 16);
            hash_u32(g, (uint32_t)total);
            for (size_t i = 0; i < total && i < 16; ++i) hash_world_hit(g, true, &hits[i]);
        }
        /* overlap queries */
        tc_collider_id ids[32];
        tc_sphere qs;
        qs.center = grid_vec(&r, -6, 6);
        qs.radius = grid(&r, 0.5f, 3);
        hash_ids(g, ids, tc_world_overlap_sphere(s.w, &qs, &all, ids, 32), 32);
        tc_aabb qb;
        qb.min = grid_vec(&r, -6, 0);
        qb.max = grid_vec(&r, 0, 6);
        hash_ids(g, ids, tc_world_overlap_aabb(s.w, &qb, &some, ids, 32), 32);
        tc_vec3 oc = grid_vec(&r, -6, 6), oh = grid_vec(&r, 0, 3);
        tc_obb qo = tc_obb_from_quat(oc, oh, grid_quat(&r));
        hash_ids(g, ids, tc_world_overlap_obb(s.w, &qo, NULL, ids, 32), 32);
        tc_capsule qc;
        qc.a = grid_vec(&r, -6, 6);
        qc.b = grid_vec(&r, -6, 6);
        qc.radius = grid(&r, 0, 1);
        hash_ids(g, ids, tc_world_overlap_capsule(s.w, &qc, &all, ids, 32), 32);
        tc_shape qt = make_shape(&r, TC_SHAPE_TRIANGLE, 5.0f);
        hash_ids(g, ids, tc_world_overlap_shape(s.w, &qt, &all, ids, 32), 32);
        tc_vec3 qp = grid_vec(&r, -4, 4);
        hash_ids(g, ids, tc_world_overlap_point(s.w, qp, &all, ids, 32), 32);
        /* picks through a camera circling the scene */
        if (frame % 5 == 0) {
            float a = 0.1f * (float)frame;
            tc_mat4 view = tc_mat4_look_at(tc_vec3_make(20.0f * cosf(a), 8, 20.0f * sinf(a)), tc_vec3_zero(), tc_vec3_make(0, 1, 0));
            tc_mat4 proj = tc_mat4_perspective(1.0f, 4.0f / 3.0f, 0.1f, 100.0f, TC_DEPTH_ZERO_TO_ONE);
            tc_viewport vp = { 0, 0, 640, 480 };
            for (int k = 0; k < 4; ++k) {
                tc_world_hit hit;
                tc_ray pr;
                memset(&hit, 0, sizeof hit);
                memset(&pr, 0, sizeof pr);
                float sx = k == 0 ? 320.0f : grid(&r, 0, 640), sy = k == 0 ? 240.0f : grid(&r, 0, 480);
                bool ok = tc_world_pick(s.w, sx, sy, vp, view, proj, TC_DEPTH_ZERO_TO_ONE, &all, &hit, &pr);
                hash_world_hit(g, ok, &hit);
                hash_vec3(g, pr.origin);
                hash_vec3(g, pr.dir);
            }
        }
    }
    tc_world_destroy(s.w);
}

TEST_CASE(golden_hash_matches_committed_value)
{
    golden total = { 0xcbf29ce484222325ull, 0 }; /* FNV-1a offset basis */
    golden pairs = total, zeros = total, world = total;
    script_pairs(&pairs);
    script_signed_zeros(&zeros);
    script_world(&world);
    /* the total chains the three sections' hashes */
    hash_bytes(&total, &pairs.h, sizeof pairs.h);
    hash_bytes(&total, &zeros.h, sizeof zeros.h);
    hash_bytes(&total, &world.h, sizeof world.h);
    printf("golden sections: pairs 0x%016llx (%llu words), signed zeros 0x%016llx (%llu), world 0x%016llx (%llu)\n",
           (unsigned long long)pairs.h, (unsigned long long)pairs.words, (unsigned long long)zeros.h,
           (unsigned long long)zeros.words, (unsigned long long)world.h, (unsigned long long)world.words);
    printf("golden hash: 0x%016llxull\n", (unsigned long long)total.h);
    CHECK_MSG(total.h == TOUCHE_GOLDEN_HASH,
              "golden hash changed: got 0x%016llxull, committed 0x%016llxull. Some query's results changed bit for "
              "bit. If every build agrees (tools/golden.sh) and the change is intended, set TOUCHE_GOLDEN_HASH in "
              "tests/test_golden.c to the value got and say why in the commit (docs/determinism.md, \"Changing the "
              "golden hash\"); if builds disagree, that is a determinism bug.",
              (unsigned long long)total.h, (unsigned long long)TOUCHE_GOLDEN_HASH);
}
