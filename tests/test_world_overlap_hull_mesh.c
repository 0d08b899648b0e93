/* SPDX-License-Identifier: MIT */
/* tc_world_overlap_hull and tc_world_overlap_mesh against brute force: random
 * worlds holding every collider type (hulls and meshes among them), queried
 * with random hulls and meshes; the expected answer asks the pair function
 * of the query and each collider directly, for every collider in turn, with
 * no tree and no dispatch. */
#include "harness.h"
#include "test_shape.h"

#include <string.h>

#include <touche/touche.h>

enum { COLLIDERS = 48, QUERIES = 40, HULLS = 3, MESH_SIDE = 4 };

/* The shared data: a few random hulls and one bumpy grid of triangles. */
typedef struct data_set {
    tc_hull_data *hull[HULLS];
    tc_mesh_data *mesh;
} data_set;

static data_set make_data(test_rng *r)
{
    data_set d;
    for (int h = 0; h < HULLS; ++h) {
        tc_vec3 p[12];
        const int n = test_rng_int(r, 4, 12);
        for (int i = 0; i < n; ++i) p[i] = test_rng_vec3(r, -1.0, 1.0);
        d.hull[h] = tc_hull_data_create(p, n, NULL);
    }
    tc_vec3 v[(MESH_SIDE + 1) * (MESH_SIDE + 1)];
    int32_t idx[MESH_SIDE * MESH_SIDE * 6];
    for (int j = 0; j <= MESH_SIDE; ++j)
        for (int i = 0; i <= MESH_SIDE; ++i)
            v[j * (MESH_SIDE + 1) + i] = tc_vec3_make((float)i - 0.5f * MESH_SIDE, test_rng_float(r, -0.5, 0.5), (float)j - 0.5f * MESH_SIDE);
    int t = 0;
    for (int j = 0; j < MESH_SIDE; ++j)
        for (int i = 0; i < MESH_SIDE; ++i) {
            const int32_t a = j * (MESH_SIDE + 1) + i, b = a + 1, c = a + MESH_SIDE + 1, e = c + 1;
            idx[t++] = a; idx[t++] = c; idx[t++] = b;
            idx[t++] = b; idx[t++] = c; idx[t++] = e;
        }
    d.mesh = tc_mesh_data_create(v, (MESH_SIDE + 1) * (MESH_SIDE + 1), idx, MESH_SIDE * MESH_SIDE * 2, NULL);
    return d;
}

static void free_data(data_set *d)
{
    for (int h = 0; h < HULLS; ++h) tc_hull_data_destroy(d->hull[h]);
    tc_mesh_data_destroy(d->mesh);
}

static tc_hull place_hull(test_rng *r, const data_set *d, tc_vec3 at)
{
    tc_hull h;
    h.data = d->hull[test_rng_int(r, 0, HULLS - 1)];
    h.position = at;
    h.rotation = tc_mat3_from_quat(test_rng_rotation(r));
    h.scale = test_rng_float(r, 0.3, 2.5);
    return h;
}

static tc_mesh place_mesh(test_rng *r, const data_set *d, tc_vec3 at)
{
    tc_mesh m;
    m.data = d->mesh;
    m.position = at;
    m.rotation = tc_mat3_from_quat(test_rng_rotation(r));
    m.scale = test_rng_float(r, 0.3, 1.5);
    return m;
}

/* A collider's shape in its own frame, of the given type. */
static tc_shape local_shape(test_rng *r, const data_set *d, int type)
{
    const tc_vec3 c = test_rng_vec3(r, -0.5, 0.5);
    switch (type) {
    case TC_SHAPE_SPHERE: {
        tc_sphere s = { c, test_rng_float(r, 0.1, 1.5) };
        return tc_shape_from_sphere(s);
    }
    case TC_SHAPE_CAPSULE: {
        const tc_vec3 h = test_rng_vec3(r, -1.0, 1.0);
        tc_capsule k = { tc_vec3_sub(c, h), tc_vec3_add(c, h), test_rng_float(r, 0.1, 1.0) };
        return tc_shape_from_capsule(k);
    }
    case TC_SHAPE_AABB: {
        const tc_vec3 h = test_rng_vec3(r, 0.1, 1.5);
        tc_aabb b = { tc_vec3_sub(c, h), tc_vec3_add(c, h) };
        return tc_shape_from_aabb(b);
    }
    case TC_SHAPE_OBB: return tc_shape_from_obb(tc_obb_from_quat(c, test_rng_vec3(r, 0.1, 1.5), test_rng_rotation(r)));
    case TC_SHAPE_TRIANGLE: {
        const tc_vec3 a = tc_vec3_add(c, test_rng_vec3(r, -1.5, 1.5));
        const tc_vec3 b = tc_vec3_add(c, test_rng_vec3(r, -1.5, 1.5));
        const tc_vec3 e = tc_vec3_add(c, test_rng_vec3(r, -1.5, 1.5));
        tc_triangle t = { a, b, e };
        return tc_shape_from_triangle(t);
    }
    case TC_SHAPE_PLANE: {
        /* a plane below most of the world, so it is not in every answer */
        const tc_vec3 n = tc_vec3_normalize(test_rng_vec3(r, -1.0, 1.0));
        return tc_shape_from_plane(tc_plane_from_point_normal(tc_vec3_scale(n, -12.0f), n));
    }
    case TC_SHAPE_HULL: return tc_shape_from_hull(place_hull(r, d, c));
    default: return tc_shape_from_mesh(place_mesh(r, d, c));
    }
}

/* The pair function of a query hull and a placed collider, in pair order. */
static bool brute_hull(const tc_hull *q, const tc_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_overlap_sphere_hull(&s->u.sphere, q);
    case TC_SHAPE_CAPSULE: return tc_overlap_capsule_hull(&s->u.capsule, q);
    case TC_SHAPE_AABB: return tc_overlap_aabb_hull(&s->u.aabb, q);
    case TC_SHAPE_OBB: return tc_overlap_obb_hull(&s->u.obb, q);
    case TC_SHAPE_TRIANGLE: return tc_overlap_triangle_hull(&s->u.triangle, q);
    case TC_SHAPE_PLANE: return tc_overlap_plane_hull(&s->u.plane, q);
    case TC_SHAPE_HULL: return tc_overlap_hull_hull(q, &s->u.hull);
    case TC_SHAPE_MESH: return tc_overlap_hull_mesh(q, &s->u.mesh);
    default: return false;
    }
}

/* The same for a query mesh; two meshes have no pair function. */
static bool brute_mesh(const tc_mesh *q, const tc_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_overlap_sphere_mesh(&s->u.sphere, q);
    case TC_SHAPE_CAPSULE: return tc_overlap_capsule_mesh(&s->u.capsule, q);
    case TC_SHAPE_AABB: return tc_overlap_aabb_mesh(&s->u.aabb, q);
    case TC_SHAPE_OBB: return tc_overlap_obb_mesh(&s->u.obb, q);
    case TC_SHAPE_TRIANGLE: return tc_overlap_triangle_mesh(&s->u.triangle, q);
    case TC_SHAPE_PLANE: return tc_overlap_plane_mesh(&s->u.plane, q);
    case TC_SHAPE_HULL: return tc_overlap_hull_mesh(&s->u.hull, q);
    default: return false;
    }
}

typedef struct placed {
    tc_collider_id id;
    tc_shape shape; /* where the world puts it: its local shape placed by its pose */
    uint64_t category, mask;
    bool enabled;
} placed;

static bool filter_passes(const tc_query_filter *f, const placed *p)
{
    return p->enabled && (!f || ((p->category & f->mask) != 0 && (p->mask & f->category) != 0));
}

static void run_worlds(bool mesh_queries, uint64_t seed)
{
    test_rng r = { seed };
    const int worlds = test_random_count(25);
    long queries = 0, hits = 0, empty = 0, mesh_hits = 0, hull_hits = 0;
    for (int wi = 0; wi < worlds; ++wi) {
        data_set d = make_data(&r);
        tc_world *w = tc_world_create(NULL);
        placed col[COLLIDERS];
        for (int i = 0; i < COLLIDERS; ++i) {
            tc_collider_def def = tc_collider_def_default();
            const int type = test_rng_int(&r, 0, 19) == 0 ? TC_SHAPE_PLANE : test_rng_int(&r, 0, TC_SHAPE_TYPE_COUNT - 1);
            def.shape = local_shape(&r, &d, type == TC_SHAPE_PLANE && test_rng_int(&r, 0, 1) ? TC_SHAPE_HULL : type);
            def.local.position = test_rng_vec3(&r, -5.0, 5.0);
            def.local.rotation = test_rng_rotation(&r);
            def.category = (uint64_t)test_rng_int(&r, 1, 7);
            def.mask = (uint64_t)test_rng_int(&r, 1, 7);
            def.enabled = test_rng_int(&r, 0, 9) != 0;
            col[i].id = tc_world_create_collider(w, &def);
            CHECK(!tc_collider_is_null(col[i].id));
            col[i].shape = tc_shape_transform(&def.shape, def.local, 1.0f);
            col[i].category = def.category;
            col[i].mask = def.mask;
            col[i].enabled = def.enabled;
        }
        CHECK(tc_world_update(w));
        for (int q = 0; q < QUERIES; ++q, ++queries) {
            const tc_vec3 at = test_rng_vec3(&r, -6.0, 6.0);
            tc_query_filter f = tc_query_filter_all();
            f.category = (uint64_t)test_rng_int(&r, 1, 7); /* drawn in order */
            f.mask = (uint64_t)test_rng_int(&r, 1, 7);
            const tc_query_filter *fp = test_rng_int(&r, 0, 2) == 0 ? NULL : &f;
            tc_hull qh;
            tc_mesh qm;
            tc_shape qs;
            if (mesh_queries) {
                qm = place_mesh(&r, &d, at);
                qm.scale *= 2.0f;
                qs = tc_shape_from_mesh(qm);
            } else {
                qh = place_hull(&r, &d, at);
                qh.scale *= 2.0f;
                qs = tc_shape_from_hull(qh);
            }
            tc_collider_id want[COLLIDERS], got[COLLIDERS], any[COLLIDERS];
            size_t nwant = 0;
            for (int i = 0; i < COLLIDERS; ++i) {
                if (!filter_passes(fp, &col[i])) continue;
                const bool hit = mesh_queries ? brute_mesh(&qm, &col[i].shape) : brute_hull(&qh, &col[i].shape);
                if (!hit) continue;
                want[nwant++] = col[i].id;
                mesh_hits += col[i].shape.type == TC_SHAPE_MESH;
                hull_hits += col[i].shape.type == TC_SHAPE_HULL;
            }
            const size_t ngot = mesh_queries ? tc_world_overlap_mesh(w, &qm, fp, got, COLLIDERS)
                                             : tc_world_overlap_hull(w, &qh, fp, got, COLLIDERS);
            bool same = ngot == nwant;
            for (size_t k = 0; same && k < ngot; ++k)
                same = got[k].index == want[k].index && got[k].generation == want[k].generation;
            CHECK_MSG(same, "world %d query %d (%s): %zu colliders, brute force %zu", wi, q, test_shape_name(qs.type), ngot, nwant);
            /* the typed query is the shape query, and a short buffer still
             * gets the total with the first ids */
            const size_t nany = tc_world_overlap_shape(w, &qs, fp, any, COLLIDERS);
            CHECK(nany == ngot && memcmp(any, got, ngot * sizeof *got) == 0);
            tc_collider_id one[1];
            const size_t nshort = mesh_queries ? tc_world_overlap_mesh(w, &qm, fp, one, 1) : tc_world_overlap_hull(w, &qh, fp, one, 1);
            CHECK(nshort == ngot && (ngot == 0 || memcmp(one, got, sizeof one) == 0));
            hits += (long)nwant;
            empty += nwant == 0;
        }
        tc_world_destroy(w);
        free_data(&d);
    }
    /* the cases reach both answers and the hull and mesh colliders */
    CHECK_MSG(hits > queries && empty > 0 && empty < queries / 2, "%ld hits, %ld empty of %ld queries", hits, empty, queries);
    CHECK_MSG(hull_hits > 0, "no hull collider ever overlapped");
    if (!mesh_queries) CHECK_MSG(mesh_hits > 0, "no mesh collider ever overlapped");
    printf("%s queries: %ld, colliders found %ld (hulls %ld, meshes %ld), empty answers %ld\n",
           mesh_queries ? "mesh" : "hull", queries, hits, hull_hits, mesh_hits, empty);
}

TEST_CASE(world_overlap_hull_matches_brute_force) { run_worlds(false, 91); }
TEST_CASE(world_overlap_mesh_matches_brute_force) { run_worlds(true, 92); }

/* An invalid query shape overlaps nothing; NULL output with capacity 0 counts. */
TEST_CASE(world_overlap_hull_and_mesh_edge_cases)
{
    test_rng r = { 93 };
    data_set d = make_data(&r);
    tc_world *w = tc_world_create(NULL);
    tc_collider_def def = tc_collider_def_default();
    const tc_sphere unit = { { 0, 0, 0 }, 1.0f };
    def.shape = tc_shape_from_sphere(unit);
    CHECK(!tc_collider_is_null(tc_world_create_collider(w, &def)));
    CHECK(tc_world_update(w));
    tc_hull h = place_hull(&r, &d, tc_vec3_zero());
    h.scale = 0.5f; /* inside the unit sphere: its points are within sqrt(3) / 2 */
    tc_mesh m = place_mesh(&r, &d, tc_vec3_zero());
    m.rotation = tc_mat3_identity();
    CHECK(tc_world_overlap_hull(w, &h, NULL, NULL, 0) == 1);
    CHECK(tc_world_overlap_mesh(w, &m, NULL, NULL, 0) == 1);
    h.scale = NAN;
    m.position.x = INFINITY;
    CHECK(tc_world_overlap_hull(w, &h, NULL, NULL, 0) == 0);
    CHECK(tc_world_overlap_mesh(w, &m, NULL, NULL, 0) == 0);
    h.scale = -1.0f;
    CHECK(tc_world_overlap_hull(w, &h, NULL, NULL, 0) == 0);
    tc_world_destroy(w);
    free_data(&d);
}
