/* SPDX-License-Identifier: MIT */
/* Hulls and meshes against their peers, side by side in one run:
 *  - closest-hit rays on a 1,000,000-triangle terrain mesh: Touché's
 *    hierarchy vs Embree's own triangle BVH (rtcIntersect1, one ray at a
 *    time, one thread) and Bullet's btBvhTriangleMeshShape; build times;
 *  - the hull of 10,000 points: Touché vs qhull ("qhull Qt") and Bullet's
 *    btConvexHullComputer;
 *  - hull-hull overlap, distance and contact on 32-vertex hulls, half near
 *    touching: Touché vs Bullet's GJK/EPA on btConvexHullShape and libccd
 *    (GJK, MPR). Misses are counted against pairs whose answer is certain by
 *    construction: apart along a separating direction, or sharing a point
 *    inside both (checked in double against the face planes). Distance has
 *    Bullet alone as a peer: libccd 2.1, the one installed, has no distance
 *    query (its API is intersect, separate, penetration; a GJK distance is
 *    in FCL's copy of libccd, not in libccd).
 * BENCH_SCALE scales the work; BENCH_ONLY=rays|build|pairs runs one part. */
#include <touche/touche.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "peers.h"

/* ---- rays on a mesh --------------------------------------------------------------- */
static float terrain_height(float x, float z)
{
    return 3.0f * sinf(0.05f * x) * cosf(0.043f * z) + 0.7f * sinf(0.31f * x + 0.17f * z);
}

typedef struct ray_run { const tc_mesh *m; const tc_ray *rays; size_t n; float max_t; float *t; uint32_t *tri; } ray_run;

static size_t touche_rays(const ray_run *r)
{
    size_t hits = 0;
    for (size_t i = 0; i < r->n; ++i) {
        tc_ray_hit h;
        bool hit = tc_raycast_mesh(&r->rays[i], r->m, r->max_t, &h);
        hits += hit;
        r->t[i] = hit ? h.t : INFINITY;
        r->tri[i] = hit ? (uint32_t)h.feature : UINT32_MAX;
    }
    return hits;
}

/* Rays agree when both miss, or both hit at the same t within 1e-4 of it. */
static double ray_agreement(const float *a, const float *b, size_t n)
{
    size_t same = 0;
    for (size_t i = 0; i < n; ++i) {
        if (isinf(a[i]) && isinf(b[i])) ++same;
        else if (fabsf(a[i] - b[i]) <= 1e-4f * (1.0f + fabsf(a[i]))) ++same;
    }
    return 100.0 * (double)same / (double)n;
}

#if TOUCHE_BENCH_HAVE_EMBREE || TOUCHE_BENCH_HAVE_BULLET
typedef size_t peer_cast_fn(bench_mesh *, const tc_ray *, size_t, float, float *, uint32_t *);

/* A peer's closest-hit rays, the fastest of 3 passes in seconds, as
 * Touché's (a first pass pays the walk's page faults and cache misses). */
static double fastest_peer_cast(peer_cast_fn *cast, bench_mesh *m, const tc_ray *rays, size_t n, float max_t,
                                float *t_out)
{
    double best = INFINITY;
    for (int rep = 0; rep < 3; ++rep) {
        const double t0 = bench_now();
        cast(m, rays, n, max_t, t_out, NULL);
        const double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}
#endif

static void bench_mesh_rays(void)
{
    int cells = 707; /* 707 x 708 squares, 2 triangles each: 1,001,112 triangles */
    int nx = cells + 1, nz = cells + 2;
    size_t vcount = (size_t)nx * (size_t)nz, tcount = 2 * (size_t)cells * (size_t)(cells + 1);
    tc_vec3 *v = malloc(sizeof(tc_vec3) * vcount);
    int32_t *idx = malloc(sizeof(int32_t) * 3 * tcount);
    if (!v || !idx) { fprintf(stderr, "no memory\n"); exit(1); }
    for (int i = 0; i < nx; ++i)
        for (int j = 0; j < nz; ++j) {
            float x = (float)i - 0.5f * cells, z = (float)j - 0.5f * cells;
            v[(size_t)i * nz + j] = tc_vec3_make(x, terrain_height(x, z), z);
        }
    size_t k = 0;
    for (int i = 0; i < cells; ++i)
        for (int j = 0; j < cells + 1; ++j) {
            int32_t a = i * nz + j, b = a + 1, c = a + nz, d = c + 1;
            idx[k++] = a; idx[k++] = b; idx[k++] = d;
            idx[k++] = a; idx[k++] = d; idx[k++] = c;
        }
    double t0 = bench_now();
    tc_mesh_data *data = tc_mesh_data_create(v, (int32_t)vcount, idx, (int32_t)tcount, NULL);
    double touche_build = bench_now() - t0;
    if (!data) { fprintf(stderr, "tc_mesh_data_create failed\n"); exit(1); }
    tc_mesh mesh = { data, { 0, 0, 0 }, tc_mat3_identity(), 1.0f };

    size_t n = (size_t)(100000 * bench_scale());
    if (n < 1000) n = 1000;
    tc_ray *rays = malloc(sizeof(tc_ray) * n);
    float *t_touche = malloc(sizeof(float) * n), *t_peer = malloc(sizeof(float) * n);
    uint32_t *tri = malloc(sizeof(uint32_t) * n);
    test_rng rng;
    rng.state = 11;
    float half = 0.5f * cells;
    for (size_t i = 0; i < n; ++i) {
        /* From above the terrain towards a point on it; one in five nearly
         * horizontal (long walks through many nodes). */
        /* One draw a statement: a call's arguments are evaluated in an order the compiler picks. */
        tc_vec3 o, goal;
        o.x = (float)test_rng_uniform(&rng, -half, half);
        o.y = (float)test_rng_uniform(&rng, 5, 40);
        o.z = (float)test_rng_uniform(&rng, -half, half);
        goal.x = (float)test_rng_uniform(&rng, -half, half);
        goal.y = 0.0f;
        goal.z = (float)test_rng_uniform(&rng, -half, half);
        if (test_rng_int(&rng, 0, 4) == 0) goal.y = o.y - (float)test_rng_uniform(&rng, 3, 8);
        rays[i].origin = o;
        rays[i].dir = tc_vec3_normalize(tc_vec3_sub(goal, o));
    }
    float max_t = 4.0f * cells;
    ray_run run = { &mesh, rays, n, max_t, t_touche, tri };
    double best = INFINITY;
    size_t hits = 0;
    for (int rep = 0; rep < 3; ++rep) {
        t0 = bench_now();
        hits = touche_rays(&run);
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    double touche_ns = 1e9 * best / (double)n;
    printf("\nclosest-hit rays on a %zu-triangle terrain mesh (%zu rays, %zu hit; hierarchy built in %.0f ms, %d nodes)\n",
           tcount, n, hits, 1e3 * touche_build, tc_mesh_data_node_count(data));
    bench_table_begin("mesh rays", "query", "peer");
    bench_table_row("tc_raycast_mesh", touche_ns, -1.0, -1.0, "");
#if TOUCHE_BENCH_HAVE_EMBREE
    {
        double build;
        bench_mesh *em = peer_embree_mesh_create(v, vcount, idx, tcount, &build);
        double eb = fastest_peer_cast(peer_embree_mesh_raycast, em, rays, n, max_t, t_peer);
        char note[96];
        snprintf(note, sizeof note, "Embree rtcIntersect1 (BVH built in %.0f ms, 1 thread)", 1e3 * build);
        bench_table_row("  vs Embree", touche_ns, 1e9 * eb / (double)n, ray_agreement(t_touche, t_peer, n), note);
        peer_embree_mesh_destroy(em);
    }
#endif
#if TOUCHE_BENCH_HAVE_BULLET
    {
        double build;
        bench_mesh *bm = peer_bullet_mesh_create(v, vcount, idx, tcount, &build);
        size_t nb = n / 10 > 1000 ? n / 10 : n; /* Bullet is slow: a tenth of the rays */
        double bb = fastest_peer_cast(peer_bullet_mesh_raycast, bm, rays, nb, max_t, t_peer);
        char note[96];
        snprintf(note, sizeof note, "Bullet btBvhTriangleMeshShape (built in %.0f ms), %zu rays", 1e3 * build, nb);
        bench_table_row("  vs Bullet", touche_ns, 1e9 * bb / (double)nb, ray_agreement(t_touche, t_peer, nb), note);
        peer_bullet_mesh_destroy(bm);
    }
#endif
    bench_table_end();
    tc_mesh_data_destroy(data);
    free(v);
    free(idx);
    free(rays);
    free(t_touche);
    free(t_peer);
    free(tri);
}

/* ---- hull build ------------------------------------------------------------------ */
static void bench_hull_build(void)
{
    enum { N = 10000 };
    static tc_vec3 p[N];
    test_rng rng;
    rng.state = 12;
    for (int i = 0; i < N; ++i) {
        /* inside a ball, a few hundred of them on its surface */
        double u[3];
        test_rng_unit_vector(&rng, u);
        double r = i % 20 == 0 ? 1.0 : cbrt(test_rng_uniform(&rng, 0.0, 1.0));
        p[i] = tc_vec3_make((float)(u[0] * r), (float)(u[1] * r), (float)(u[2] * r));
    }
    int reps = 5;
    double best = INFINITY;
    int verts = 0;
    for (int rep = 0; rep < reps; ++rep) {
        double t0 = bench_now();
        tc_hull_data *h = tc_hull_data_create(p, N, NULL);
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
        verts = tc_hull_data_vertex_count(h);
        tc_hull_data_destroy(h);
    }
    printf("\nthe hull of %d points (%d hull vertices by Touché)\n", N, verts);
    bench_table_begin("hull build", "builder", "peer");
    bench_table_row("tc_hull_data_create", 1e9 * best, -1.0, -1.0, "");
    float *flat = malloc(sizeof(float) * 3 * N);
    for (int i = 0; i < N; ++i) { flat[3 * i] = p[i].x; flat[3 * i + 1] = p[i].y; flat[3 * i + 2] = p[i].z; }
    (void)flat;
#if TOUCHE_BENCH_HAVE_QHULL
    {
        int pv = 0;
        double q = peer_qhull_build(flat, N, reps, &pv);
        char note[64];
        snprintf(note, sizeof note, "qhull Qt (%d vertices)", pv);
        bench_table_row("  vs qhull", 1e9 * best, 1e9 * q, -1.0, note);
    }
#endif
#if TOUCHE_BENCH_HAVE_BULLET
    {
        int pv = 0;
        double b = peer_bullet_hull_build(flat, N, reps, &pv);
        char note[64];
        snprintf(note, sizeof note, "btConvexHullComputer (%d vertices)", pv);
        bench_table_row("  vs Bullet", 1e9 * best, 1e9 * b, -1.0, note);
    }
#endif
    bench_table_end();
    free(flat);
}

/* ---- hull pairs --------------------------------------------------------------------- */
#define HP 32    /* vertices per hull */
#define HN 1024  /* pairs per chunk */

typedef struct hull_chunk {
    float a[HN * HP * 3], b[HN * HP * 3];
    tc_hull_data *da[HN], *db[HN];
    tc_hull ha[HN], hb[HN];
    signed char truth[HN]; /* 1 overlap, 0 apart, -1 not certain */
} hull_chunk;

/* A random 32-point convex set: points on an ellipsoid, all of them vertices. */
static void ellipsoid_points(test_rng *rng, float *out, tc_vec3 center, double size)
{
    double ax[3];
    test_rng_uniform3(rng, 0.5, 1.0, ax);
    for (int k = 0; k < 3; ++k) ax[k] *= size;
    for (int i = 0; i < HP; ++i) {
        double u[3];
        test_rng_unit_vector(rng, u);
        out[3 * i] = (float)(center.x + ax[0] * u[0]);
        out[3 * i + 1] = (float)(center.y + ax[1] * u[1]);
        out[3 * i + 2] = (float)(center.z + ax[2] * u[2]);
    }
}

static bool inside_hull(const tc_hull_data *d, const double p[3])
{
    int32_t nf = tc_hull_data_face_count(d);
    for (int32_t f = 0; f < nf; ++f) {
        tc_plane pl;
        tc_hull_data_face(d, f, &pl, NULL, 0);
        if ((double)pl.normal.x * p[0] + (double)pl.normal.y * p[1] + (double)pl.normal.z * p[2] > (double)pl.offset - 1e-6)
            return false;
    }
    return nf > 0;
}

static void make_hull_chunk(test_rng *rng, hull_chunk *c)
{
    for (int i = 0; i < HN; ++i) {
        double p[3];
        test_rng_uniform3(rng, -10, 10, p);
        tc_vec3 ca = tc_vec3_make((float)p[0], (float)p[1], (float)p[2]);

        ellipsoid_points(rng, c->a + 3 * HP * i, ca, 1.0);
        double u[3];
        test_rng_unit_vector(rng, u);
        ellipsoid_points(rng, c->b + 3 * HP * i, tc_vec3_make(ca.x + 2.5f * (float)u[0], ca.y + 2.5f * (float)u[1], ca.z + 2.5f * (float)u[2]), 1.0);
        float *pa = c->a + 3 * HP * i, *pb = c->b + 3 * HP * i;
        /* B's lowest point along -u against A's highest along u, then a gap */
        int ta = 0, tb = 0;
        for (int k = 1; k < HP; ++k) {
            if (pa[3 * k] * u[0] + pa[3 * k + 1] * u[1] + pa[3 * k + 2] * u[2] > pa[3 * ta] * u[0] + pa[3 * ta + 1] * u[1] + pa[3 * ta + 2] * u[2]) ta = k;
            if (pb[3 * k] * u[0] + pb[3 * k + 1] * u[1] + pb[3 * k + 2] * u[2] < pb[3 * tb] * u[0] + pb[3 * tb + 1] * u[1] + pb[3 * tb + 2] * u[2]) tb = k;
        }
        double gap = i % 2 ? test_rng_uniform(rng, -1e-3, 1e-3) : test_rng_uniform(rng, -0.5, 0.5);
        double d[3];
        for (int q = 0; q < 3; ++q) d[q] = pa[3 * ta + q] - pb[3 * tb + q] + gap * u[q];
        for (int k = 0; k < HP; ++k)
            for (int q = 0; q < 3; ++q) pb[3 * k + q] = (float)(pb[3 * k + q] + d[q]);
        c->da[i] = tc_hull_data_create((const tc_vec3 *)pa, HP, NULL);
        c->db[i] = tc_hull_data_create((const tc_vec3 *)pb, HP, NULL);
        tc_hull h0 = { c->da[i], { 0, 0, 0 }, tc_mat3_identity(), 1.0f };
        tc_hull h1 = { c->db[i], { 0, 0, 0 }, tc_mat3_identity(), 1.0f };
        c->ha[i] = h0;
        c->hb[i] = h1;
        /* certain answers: apart along u when every point of A is below every
         * point of B along u; overlapping when B's moved point is inside A */
        double amax = -INFINITY, bmin = INFINITY;
        for (int k = 0; k < HP; ++k) {
            amax = fmax(amax, pa[3 * k] * u[0] + pa[3 * k + 1] * u[1] + pa[3 * k + 2] * u[2]);
            bmin = fmin(bmin, pb[3 * k] * u[0] + pb[3 * k + 1] * u[1] + pb[3 * k + 2] * u[2]);
        }
        double q[3] = { pb[3 * tb], pb[3 * tb + 1], pb[3 * tb + 2] };
        c->truth[i] = bmin - amax > 1e-6 ? 0 : (inside_hull(c->da[i], q) ? 1 : -1);
    }
}

static void free_hull_chunk(hull_chunk *c)
{
    for (int i = 0; i < HN; ++i) {
        tc_hull_data_destroy(c->da[i]);
        tc_hull_data_destroy(c->db[i]);
    }
}

typedef struct tally { double ns; long misses, false_hits; } tally;

static void count(tally *t, const hull_chunk *c, const unsigned char *got)
{
    for (int i = 0; i < HN; ++i) {
        if (c->truth[i] == 1 && !got[i]) t->misses++;
        if (c->truth[i] == 0 && got[i]) t->false_hits++;
    }
}

static void bench_hull_pair_queries(void)
{
    int chunks = (int)(16 * bench_scale());
    if (chunks < 1) chunks = 1;
    static hull_chunk c;
    static unsigned char got[HN];
    static float dist[HN];
    static bench_contact con[HN];
    test_rng rng;
    rng.state = 13;
    tally t_overlap = { 0 }, t_distance = { 0 }, t_contact = { 0 };
    tally b_overlap = { 0 }, b_distance = { 0 }, b_contact = { 0 };
    tally g_overlap = { 0 }, m_overlap = { 0 }, m_contact = { 0 };
    long certain = 0, overl = 0, dist_agree = 0, dist_compared = 0;
    int reps = 5;
    (void)b_overlap; (void)b_distance; (void)b_contact; (void)g_overlap; (void)m_overlap; (void)m_contact;
    (void)dist_agree; (void)dist_compared;
    for (int ch = 0; ch < chunks; ++ch) {
        make_hull_chunk(&rng, &c);
        for (int i = 0; i < HN; ++i) { certain += c.truth[i] >= 0; overl += c.truth[i] == 1; }
        double best = INFINITY;
        for (int r = 0; r < reps; ++r) {
            double t0 = bench_now();
            for (int i = 0; i < HN; ++i) got[i] = tc_overlap_hull_hull(&c.ha[i], &c.hb[i]);
            double dt = bench_now() - t0;
            if (dt < best) best = dt;
        }
        t_overlap.ns += 1e9 * best;
        count(&t_overlap, &c, got);
        best = INFINITY;
        for (int r = 0; r < reps; ++r) {
            double t0 = bench_now();
            for (int i = 0; i < HN; ++i) dist[i] = tc_distance_hull_hull(&c.ha[i], &c.hb[i], NULL, NULL);
            double dt = bench_now() - t0;
            if (dt < best) best = dt;
        }
        t_distance.ns += 1e9 * best;
        for (int i = 0; i < HN; ++i) got[i] = dist[i] <= 0.0f;
        count(&t_distance, &c, got);
        best = INFINITY;
        for (int r = 0; r < reps; ++r) {
            double t0 = bench_now();
            for (int i = 0; i < HN; ++i) {
                tc_manifold m;
                got[i] = tc_contact_hull_hull(&c.ha[i], &c.hb[i], &m);
            }
            double dt = bench_now() - t0;
            if (dt < best) best = dt;
        }
        t_contact.ns += 1e9 * best;
        count(&t_contact, &c, got);
        bench_hull_pairs p = { HN, HP, c.a, c.b };
        (void)p;
#if TOUCHE_BENCH_HAVE_BULLET
        b_overlap.ns += 1e9 * peer_bullet_hull_overlap(&p, got, reps);
        count(&b_overlap, &c, got);
        static float bd[HN];
        b_distance.ns += 1e9 * peer_bullet_hull_distance(&p, bd, reps);
        for (int i = 0; i < HN; ++i) {
            got[i] = bd[i] <= 0.0f;
            if (dist[i] > 0.0f && bd[i] > 0.0f) {
                ++dist_compared;
                dist_agree += fabsf(dist[i] - bd[i]) <= 1e-4f * (1.0f + dist[i]);
            }
        }
        count(&b_distance, &c, got);
        b_contact.ns += 1e9 * peer_bullet_hull_contact(&p, con, reps);
        for (int i = 0; i < HN; ++i) got[i] = con[i].hit;
        count(&b_contact, &c, got);
#endif
#if TOUCHE_BENCH_HAVE_CCD
        g_overlap.ns += 1e9 * peer_ccd_hull_gjk(&p, got, reps);
        count(&g_overlap, &c, got);
        m_overlap.ns += 1e9 * peer_ccd_hull_mpr(&p, got, reps);
        count(&m_overlap, &c, got);
        m_contact.ns += 1e9 * peer_ccd_hull_contact(&p, con, reps);
        for (int i = 0; i < HN; ++i) got[i] = con[i].hit;
        count(&m_contact, &c, got);
#endif
        free_hull_chunk(&c);
    }
    double n = (double)chunks * HN;
    printf("\nhull-hull pairs, %d vertices each: %.0f pairs, half near touching; %ld with a certain answer (%ld of them "
           "overlapping); misses / false hits counted on those\n", HP, n, certain, overl);
    bench_table_begin("hull pairs", "query", "peer (misses, false hits)");
    char note[128];
#define ROW(name, t, base, label)                                                                                 \
    snprintf(note, sizeof note, "%s (%ld missed, %ld false; Touche %ld, %ld)", label, (base).misses, (base).false_hits, \
             (t).misses, (t).false_hits);                                                                          \
    bench_table_row(name, (t).ns / n, (base).ns / n, -1.0, note)
    bench_table_row("tc_overlap_hull_hull", t_overlap.ns / n, -1.0, -1.0, "");
#if TOUCHE_BENCH_HAVE_BULLET
    ROW("  vs Bullet GJK", t_overlap, b_overlap, "btGjkPairDetector, btConvexHullShape");
#endif
#if TOUCHE_BENCH_HAVE_CCD
    ROW("  vs libccd GJK", t_overlap, g_overlap, "ccdGJKIntersect");
    ROW("  vs libccd MPR", t_overlap, m_overlap, "ccdMPRIntersect");
#endif
    bench_table_row("tc_distance_hull_hull", t_distance.ns / n, -1.0, -1.0, "");
#if TOUCHE_BENCH_HAVE_BULLET
    snprintf(note, sizeof note, "btGjkPairDetector (distances within 1e-4: %ld of %ld)", dist_agree, dist_compared);
    bench_table_row("  vs Bullet GJK", t_distance.ns / n, b_distance.ns / n, -1.0, note);
#endif
    bench_table_row("tc_contact_hull_hull", t_contact.ns / n, -1.0, -1.0, "");
#if TOUCHE_BENCH_HAVE_BULLET
    ROW("  vs Bullet GJK+EPA", t_contact, b_contact, "GJK + btGjkEpaPenetrationDepthSolver");
#endif
#if TOUCHE_BENCH_HAVE_CCD
    ROW("  vs libccd MPR", t_contact, m_contact, "ccdMPRPenetration");
#endif
#undef ROW
    bench_table_end();
}

int main(void)
{
    bench_peers_print_missing(BENCH_PEER_EMBREE | BENCH_PEER_BULLET | BENCH_PEER_CCD | BENCH_PEER_QHULL);
    /* BENCH_ONLY=rays, =build or =pairs runs one part (while tuning it). */
    const char *only = getenv("BENCH_ONLY");
    if (!only || strcmp(only, "rays") == 0) bench_mesh_rays();
    if (!only || strcmp(only, "build") == 0) bench_hull_build();
    if (!only || strcmp(only, "pairs") == 0) bench_hull_pair_queries();
    return 0;
}
