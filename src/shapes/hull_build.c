/* SPDX-License-Identifier: MIT */
/* Building a convex hull: quickhull in double precision with a tolerance
 * relative to the point set's size.
 *
 * The dimension is found first, from the points themselves: the two extreme
 * points furthest apart, the point furthest from their line, the point
 * furthest from the plane of the three. Each distance at or below the
 * tolerance (1e-6 of the bounding box diagonal) drops a dimension, so a flat
 * set is hulled in 2D (a monotone chain) and comes out as a polygon of zero
 * thickness, a collinear set as its two extreme points, a set of equal points
 * as one. A solid set runs quickhull (Barber, Dobkin, Huhdanpaa): every point
 * is kept in the outside set of one face; the furthest point of a face is
 * joined to the horizon of the faces it sees, found by a depth-first walk
 * that yields the horizon in order. A point within the tolerance of the hull
 * is dropped, which also welds near-duplicates. Adjacent triangles within the
 * tolerance of one plane are then merged into polygon faces. */
#include "shapes/hull_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "math/dvec.h"
#include "core/float.h"

#define TC_HULL_TOLERANCE 1e-6
/* Builds at most this many times, each at a sixteenth of the last one's
 * tolerance (tc_hull_data_create): down to 1e-6 / 16^3, some 2.4e-10 of
 * the diagonal, still above double rounding of the data's coordinates. */
#define TC_HULL_REFINE_ROUNDS 4

/* ---- the polygon soup every case ends as, before the final layout -------- */
typedef struct soup {
    const tc_allocator *al;
    tc_dvec3 *v;              /* candidate vertices (indices into it) */
    int32_t nv;
    int32_t *face_start;      /* nf + 1 entries */
    int32_t *face_vertices;
    tc_dvec3 *face_n;
    int32_t nf;
    int32_t seg[2];           /* a segment's ends when nf == 0 and dimension 1 */
    int dimension;
    /* per point: dropped by quickhull within eps above a face's plane, so
     * perhaps further from the hull (tc_hull_data_create checks them) */
    bool *near;
    double reach;             /* how far outside the hull a point may be */
    bool loose;               /* a point dropped near a face is further out (build_solid) */
} soup;

typedef struct edge_key { int32_t lo, hi, face, a; } edge_key;

static int cmp_edge_key(const void *x, const void *y)
{
    const edge_key *a = x, *b = y;
    if (a->lo != b->lo) return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi) return a->hi < b->hi ? -1 : 1;
    return (a->face > b->face) - (a->face < b->face);
}

typedef struct dir_key { double x, y, z; } dir_key;

static int cmp_dir(const void *p, const void *q)
{
    const dir_key *a = p, *b = q;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    return (a->z > b->z) - (a->z < b->z);
}

static size_t align8(size_t n) { return (n + 7u) & ~(size_t)7u; }

/* Lays the soup out as a tc_hull_data: compacts the vertices, pairs the face
 * edges, derives adjacency, incidence and the unique edge directions. */

/* The float columns, the bounding ball and the reach (see hull_internal.h). */
static void finish_float_data(tc_hull_data *h)
{
    int32_t nv = h->vertex_count, stride = h->soa_stride;
    tc_dvec3 c = tc_dvec3_scale(tc_dvec3_add(tc_dvec3_from(h->box_min), tc_dvec3_from(h->box_max)), 0.5);
    h->sphere_center = tc_dvec3_to(c);
    tc_dvec3 cf = tc_dvec3_from(h->sphere_center);
    double r = 0.0, reach = 0.0;
    for (int32_t i = 0; i < stride; ++i) {
        tc_dvec3 p = tc_dvec3_sub(tc_dvec3_from(h->vertices[i < nv ? i : 0]), cf);
        h->soa[i] = (float)p.x;
        h->soa[stride + i] = (float)p.y;
        h->soa[2 * stride + i] = (float)p.z;
        double d = tc_dvec3_length(p);
        if (d > r) r = d;
        double m = fabs(p.x) + fabs(p.y) + fabs(p.z);
        if (m > reach) reach = m;
    }
    for (int32_t e = 0; e < h->arc_stride; ++e) {
        /* padding: a lane the filter may pass, and its reader skips */
        tc_vec3 c = e < h->edge_count ? h->face_normals[h->edges[e].f[0]] : tc_vec3_make(1, 0, 0);
        tc_vec3 d = e < h->edge_count ? h->face_normals[h->edges[e].f[1]] : tc_vec3_make(1, 0, 0);
        const float col[6] = { c.x, c.y, c.z, d.x, d.y, d.z };
        for (int k = 0; k < 6; ++k) h->arcs[k * h->arc_stride + e] = col[k];
        tc_dvec3 x = tc_dvec3_cross(tc_dvec3_from(d), tc_dvec3_from(c));
        const float xcol[4] = { (float)x.x, (float)x.y, (float)x.z, 0.0f };
        for (int k = 0; k < 4; ++k) h->arc_cross[k * h->arc_stride + e] = xcol[k];
        float fx = xcol[0], fy = xcol[1], fz = xcol[2];
        h->arc_cross[3 * h->arc_stride + e] = (fx * fx + fy * fy) + fz * fz;
    }
    for (int32_t f = 0; f < h->face_count; ++f) { /* the padding stays zero */
        const tc_vec3 n = h->face_normals[f];
        const tc_dvec3 v0 = tc_dvec3_sub(tc_dvec3_from(h->vertices[h->face_vertices[h->face_start[f]]]), cf);
        /* saturated: vertices near FLT_MAX on both sides of the centre */
        const float col[4] = { n.x, n.y, n.z, tc_float_saturated(tc_dvec3_dot(tc_dvec3_from(n), v0)) };
        for (int k = 0; k < 4; ++k) h->planes[k * h->plane_stride + f] = col[k];
    }
    /* Rounded up: the ball must hold every vertex exactly. */
    const double radius = r * (1.0 + 1e-6);
    h->sphere_radius = radius < FLT_MAX / 2 ? (double)((float)radius + 1e-30f) : radius + 1e-30;
    h->reach = reach < FLT_MAX / 2 ? (double)(float)reach : reach;
}

static tc_hull_data *assemble(const soup *s, const tc_allocator *al)
{
    int32_t *remap = tc_mem_alloc(al, sizeof(int32_t) * (size_t)s->nv);
    if (!remap) return NULL;
    for (int32_t i = 0; i < s->nv; ++i) remap[i] = -1;
    int32_t nv = 0;
    int32_t fv_total = s->nf ? s->face_start[s->nf] : 0;
    for (int32_t i = 0; i < fv_total; ++i)
        if (remap[s->face_vertices[i]] < 0) remap[s->face_vertices[i]] = nv++;
    if (s->nf == 0) {
        int count = s->dimension == 1 ? 2 : 1;
        for (int i = 0; i < count; ++i)
            if (remap[s->seg[i]] < 0) remap[s->seg[i]] = nv++;
    }
    /* Edges: each directed face edge meets its twin in the neighbour. */
    edge_key *keys = NULL;
    int32_t ne = 0;
    if (s->nf > 0) {
        keys = tc_mem_alloc(al, sizeof(edge_key) * (size_t)fv_total);
        if (!keys) { tc_mem_free(al, remap, sizeof(int32_t) * (size_t)s->nv); return NULL; }
        for (int32_t f = 0; f < s->nf; ++f) {
            int32_t b = s->face_start[f], n = s->face_start[f + 1] - b;
            for (int32_t i = 0; i < n; ++i) {
                int32_t a = remap[s->face_vertices[b + i]], c = remap[s->face_vertices[b + (i + 1) % n]];
                edge_key *k = &keys[b + i];
                k->lo = a < c ? a : c;
                k->hi = a < c ? c : a;
                k->face = f;
                k->a = a;
            }
        }
        qsort(keys, (size_t)fv_total, sizeof(edge_key), cmp_edge_key);
        for (int32_t i = 0; i + 1 < fv_total; ++i)
            if (keys[i].lo == keys[i + 1].lo && keys[i].hi == keys[i + 1].hi) { ++ne; ++i; }
    } else if (s->dimension == 1) {
        ne = 1;
    }
    /* The float columns first, right after the header: a pair query can
     * ask for the header and a small hull's columns together, before the
     * header's pointers arrive (hull_pair.c). */
    size_t bytes = align8(sizeof(tc_hull_data));
    int32_t stride = (nv + 7) & ~7; /* eight-wide scans read whole blocks (hull_pair.c) */
    size_t off_soa = bytes; bytes += align8(sizeof(float) * 3u * (size_t)stride);
    size_t off_vertices = bytes; bytes += align8(sizeof(tc_vec3) * (size_t)nv);
    size_t off_adj_start = bytes; bytes += align8(sizeof(int32_t) * (size_t)(nv + 1));
    size_t off_adj = bytes; bytes += align8(sizeof(int32_t) * (size_t)(2 * ne));
    size_t off_vf_start = bytes; bytes += align8(sizeof(int32_t) * (size_t)(nv + 1));
    size_t off_vf = bytes; bytes += align8(sizeof(int32_t) * (size_t)fv_total);
    size_t off_f_start = bytes; bytes += align8(sizeof(int32_t) * (size_t)(s->nf + 1));
    size_t off_fv = bytes; bytes += align8(sizeof(int32_t) * (size_t)fv_total);
    size_t off_fn = bytes; bytes += align8(sizeof(tc_vec3) * (size_t)s->nf);
    size_t off_fo = bytes; bytes += align8(sizeof(float) * (size_t)s->nf);
    size_t off_edges = bytes; bytes += align8(sizeof(tc_hull_edge) * (size_t)ne);
    size_t off_dirs = bytes; bytes += align8(sizeof(tc_vec3) * (size_t)ne);
    int32_t arc_stride = s->dimension == 3 ? (ne + 3) & ~3 : 0;
    size_t off_arcs = bytes; bytes += align8(sizeof(float) * 6u * (size_t)arc_stride);
    size_t off_arc_cross = bytes; bytes += align8(sizeof(float) * 4u * (size_t)arc_stride);
    int32_t plane_stride = (s->nf + 3) & ~3;
    size_t off_planes = bytes; bytes += align8(sizeof(float) * 4u * (size_t)plane_stride);
    unsigned char *block = tc_mem_alloc(al, bytes);
    dir_key *dk = ne ? tc_mem_alloc(al, sizeof(dir_key) * (size_t)ne) : NULL;
    if (!block || (ne && !dk)) {
        tc_mem_free(al, block, bytes);
        tc_mem_free(al, dk, sizeof(dir_key) * (size_t)ne);
        tc_mem_free(al, keys, sizeof(edge_key) * (size_t)fv_total);
        tc_mem_free(al, remap, sizeof(int32_t) * (size_t)s->nv);
        return NULL;
    }
    memset(block, 0, bytes);
    tc_hull_data *h = (tc_hull_data *)block;
    if (al) h->allocator = *al;
    h->bytes = bytes;
    h->dimension = s->dimension;
    h->vertex_count = nv;
    h->face_count = s->nf;
    h->edge_count = ne;
    h->vertices = (tc_vec3 *)(block + off_vertices);
    h->adjacency_start = (int32_t *)(block + off_adj_start);
    h->adjacency = (int32_t *)(block + off_adj);
    h->vertex_face_start = (int32_t *)(block + off_vf_start);
    h->vertex_faces = (int32_t *)(block + off_vf);
    h->face_start = (int32_t *)(block + off_f_start);
    h->face_vertices = (int32_t *)(block + off_fv);
    h->face_normals = (tc_vec3 *)(block + off_fn);
    h->face_offsets = (float *)(block + off_fo);
    h->edges = (tc_hull_edge *)(block + off_edges);
    h->directions = (tc_vec3 *)(block + off_dirs);
    h->soa_stride = stride;
    h->soa = (float *)(block + off_soa);
    h->arc_stride = arc_stride;
    h->arcs = (float *)(block + off_arcs);
    h->arc_cross = (float *)(block + off_arc_cross);
    h->plane_stride = plane_stride;
    h->planes = (float *)(block + off_planes);
    for (int32_t i = 0; i < s->nv; ++i)
        if (remap[i] >= 0) h->vertices[remap[i]] = tc_dvec3_to(s->v[i]);
    /* faces, their planes (offset: the largest projection of a vertex, so
     * the plane supports the float vertices) */
    for (int32_t f = 0; f <= s->nf; ++f) h->face_start[f] = s->face_start ? s->face_start[f] : 0;
    for (int32_t i = 0; i < fv_total; ++i) h->face_vertices[i] = remap[s->face_vertices[i]];
    for (int32_t f = 0; f < s->nf; ++f) {
        tc_dvec3 n = s->face_n[f];
        h->face_normals[f] = tc_dvec3_to(n);
        double best = -INFINITY;
        for (int32_t i = h->face_start[f]; i < h->face_start[f + 1]; ++i) {
            double p = tc_dvec3_dot(tc_dvec3_from(h->vertices[h->face_vertices[i]]), n);
            if (p > best) best = p;
        }
        /* saturated: a face of points near FLT_MAX on a diagonal is further
         * out than any float (its rounding trapped: libFuzzer) */
        h->face_offsets[f] = tc_float_saturated(best);
    }
    /* edges */
    if (s->nf > 0) {
        int32_t k = 0;
        for (int32_t i = 0; i + 1 < fv_total; ++i) {
            if (keys[i].lo != keys[i + 1].lo || keys[i].hi != keys[i + 1].hi) continue;
            tc_hull_edge *e = &h->edges[k++];
            e->v[0] = keys[i].a;
            e->v[1] = keys[i].a == keys[i].lo ? keys[i].hi : keys[i].lo;
            e->f[0] = keys[i].face; /* the face in which the edge runs v0 -> v1 */
            e->f[1] = keys[i + 1].face;
            ++i;
        }
    } else if (ne == 1) {
        h->edges[0].v[0] = 0;
        h->edges[0].v[1] = 1;
        h->edges[0].f[0] = h->edges[0].f[1] = -1;
    }
    /* adjacency (CSR) */
    for (int32_t i = 0; i < ne; ++i) {
        h->adjacency_start[h->edges[i].v[0] + 1]++;
        h->adjacency_start[h->edges[i].v[1] + 1]++;
    }
    for (int32_t i = 0; i < nv; ++i) h->adjacency_start[i + 1] += h->adjacency_start[i];
    {
        int32_t *fill = remap; /* reused as a cursor: nv <= s->nv */
        for (int32_t i = 0; i < nv; ++i) fill[i] = h->adjacency_start[i];
        for (int32_t i = 0; i < ne; ++i) {
            int32_t a = h->edges[i].v[0], b = h->edges[i].v[1];
            h->adjacency[fill[a]++] = b;
            h->adjacency[fill[b]++] = a;
        }
        for (int32_t i = 0; i < fv_total; ++i) h->vertex_face_start[h->face_vertices[i] + 1]++;
        for (int32_t i = 0; i < nv; ++i) h->vertex_face_start[i + 1] += h->vertex_face_start[i];
        for (int32_t i = 0; i < nv; ++i) fill[i] = h->vertex_face_start[i];
        for (int32_t f = 0; f < s->nf; ++f)
            for (int32_t i = h->face_start[f]; i < h->face_start[f + 1]; ++i) h->vertex_faces[fill[h->face_vertices[i]]++] = f;
    }
    /* unique directions: canonical sign, sorted, neighbours merged */
    for (int32_t i = 0; i < ne; ++i) {
        tc_dvec3 d = tc_dvec3_normalize(tc_dvec3_sub(tc_dvec3_from(h->vertices[h->edges[i].v[1]]),
                                                     tc_dvec3_from(h->vertices[h->edges[i].v[0]])));
        double ax = fabs(d.x), ay = fabs(d.y), az = fabs(d.z);
        double lead = ax >= ay && ax >= az ? d.x : (ay >= az ? d.y : d.z);
        if (lead < 0.0) d = tc_dvec3_neg(d);
        dk[i].x = d.x; dk[i].y = d.y; dk[i].z = d.z;
    }
    if (ne) qsort(dk, (size_t)ne, sizeof(dir_key), cmp_dir);
    int32_t nd = 0;
    for (int32_t i = 0; i < ne; ++i) {
        tc_dvec3 d = tc_dvec3_make(dk[i].x, dk[i].y, dk[i].z);
        if (nd > 0) {
            tc_dvec3 p = tc_dvec3_from(h->directions[nd - 1]);
            if (fabs(tc_dvec3_dot(p, d)) > 1.0 - 1e-12) continue;
        }
        h->directions[nd++] = tc_dvec3_to(d);
    }
    h->direction_count = nd;
    /* extremes, centroid, box */
    tc_dvec3 sum = tc_dvec3_make(0, 0, 0);
    h->box_min = h->box_max = h->vertices[0];
    for (int k = 0; k < 6; ++k) h->extreme[k] = 0;
    for (int32_t i = 0; i < nv; ++i) {
        tc_vec3 p = h->vertices[i];
        sum = tc_dvec3_add(sum, tc_dvec3_from(p));
        const float c[3] = { p.x, p.y, p.z };
        for (int k = 0; k < 3; ++k) {
            const float *lo = &h->vertices[h->extreme[2 * k]].x, *hi = &h->vertices[h->extreme[2 * k + 1]].x;
            if (c[k] < lo[k]) h->extreme[2 * k] = i;
            if (c[k] > hi[k]) h->extreme[2 * k + 1] = i;
        }
        h->box_min = tc_vec3_min(h->box_min, p);
        h->box_max = tc_vec3_max(h->box_max, p);
    }
    h->centroid = tc_dvec3_to(tc_dvec3_scale(sum, 1.0 / nv));
    h->diameter = tc_dvec3_length(tc_dvec3_sub(tc_dvec3_from(h->box_max), tc_dvec3_from(h->box_min)));
    finish_float_data(h);
    tc_mem_free(al, dk, sizeof(dir_key) * (size_t)ne);
    tc_mem_free(al, keys, sizeof(edge_key) * (size_t)fv_total);
    tc_mem_free(al, remap, sizeof(int32_t) * (size_t)s->nv);
    return h;
}

/* ---- 2D: a flat set ------------------------------------------------------ */
typedef struct p2i { double x, y; int32_t i; } p2i;

static int cmp_p2(const void *p, const void *q)
{
    const p2i *a = p, *b = q;
    if (a->x != b->x) return a->x < b->x ? -1 : 1;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

/* Turn of o -> a -> b, as the distance of b beyond the line o-a (positive:
 * counter-clockwise). */
static double turn(p2i o, p2i a, p2i b)
{
    double ux = a.x - o.x, uy = a.y - o.y, l = sqrt(ux * ux + uy * uy);
    double c = ux * (b.y - o.y) - uy * (b.x - o.x);
    return l > 0.0 ? c / l : 0.0;
}

/* Distance from a to segment o-b in the plane. */
static double segment_distance_2d(p2i a, p2i o, p2i b)
{
    const double ux = b.x - o.x, uy = b.y - o.y, wx = a.x - o.x, wy = a.y - o.y, l = ux * ux + uy * uy;
    double t = l > 0.0 ? (wx * ux + wy * uy) / l : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return hypot(wx - t * ux, wy - t * uy);
}

static tc_hull_data *build_flat(soup *s, tc_dvec3 n, double eps, const tc_allocator *al)
{
    tc_dvec3 u = tc_dvec3_perpendicular(n), w = tc_dvec3_cross(n, u);
    p2i *p = tc_mem_alloc(al, sizeof(p2i) * (size_t)s->nv);
    p2i *chain = tc_mem_alloc(al, sizeof(p2i) * (size_t)(2 * s->nv + 2));
    tc_hull_data *h = NULL;
    if (!p || !chain) goto done;
    for (int32_t i = 0; i < s->nv; ++i) {
        p[i].x = tc_dvec3_dot(s->v[i], u);
        p[i].y = tc_dvec3_dot(s->v[i], w);
        p[i].i = i;
    }
    qsort(p, (size_t)s->nv, sizeof(p2i), cmp_p2);
    /* Andrew's monotone chain, by the turns' signs: every point is on the
     * polygon or inside it. Popping a point within eps of the line of the
     * last two, as this did, dropped a needle's far end, 4.8e5 out, when
     * the sort's axis ran across the needle (a point behind the last two
     * is near their line too): random slender pairs missed by 9e4. */
    int k = 0;
    for (int32_t i = 0; i < s->nv; ++i) {
        while (k >= 2 && turn(chain[k - 2], chain[k - 1], p[i]) <= 0.0) --k;
        chain[k++] = p[i];
    }
    for (int32_t i = s->nv - 2, lower = k + 1; i >= 0; --i) {
        while (k >= lower && turn(chain[k - 2], chain[k - 1], p[i]) <= 0.0) --k;
        chain[k++] = p[i];
    }
    --k; /* the first point closes the chain */
    /* A corner within eps / 4 of the segment between its neighbours is no
     * corner (near-duplicates, nearly straight runs). A pass drops such
     * corners, never two neighbours, so what it cuts off is within eps / 4
     * of the polygon left; after four passes every point is within eps. */
    for (int pass = 0; pass < 4 && k >= 3; ++pass) {
        int m = 0;
        bool dropped = false, first = false, any = false;
        for (int i = 0; i < k; ++i) {
            const p2i prev = m > 0 ? chain[m - 1] : chain[k - 1], next = chain[(i + 1) % k];
            if (!dropped && !(i == k - 1 && first) && segment_distance_2d(chain[i], prev, next) <= 0.25 * eps) {
                dropped = any = true;
                first = first || i == 0;
                continue;
            }
            dropped = false;
            chain[m++] = chain[i];
        }
        k = m;
        if (!any) break;
    }
    if (k < 3) {
        /* Numerically a sliver after all: keep the extreme pair. */
        s->dimension = 1;
        s->nf = 0;
        s->seg[0] = chain[0].i;
        s->seg[1] = chain[k > 1 ? 1 : 0].i;
        h = assemble(s, al);
        goto done;
    }
    int32_t fstart[3] = { 0, k, 2 * k };
    int32_t *fv = tc_mem_alloc(al, sizeof(int32_t) * (size_t)(2 * k));
    if (!fv) goto done;
    for (int i = 0; i < k; ++i) {
        fv[i] = chain[i].i;
        fv[k + i] = chain[k - 1 - i].i;
    }
    tc_dvec3 fn[2] = { n, tc_dvec3_neg(n) };
    s->face_start = fstart;
    s->face_vertices = fv;
    s->face_n = fn;
    s->nf = 2;
    s->dimension = 2;
    h = assemble(s, al);
    s->face_start = NULL;
    tc_mem_free(al, fv, sizeof(int32_t) * (size_t)(2 * k));
done:
    tc_mem_free(al, p, sizeof(p2i) * (size_t)s->nv);
    tc_mem_free(al, chain, sizeof(p2i) * (size_t)(2 * s->nv + 2));
    return h;
}

/* Distance from p to segment a-b. */
static double segment_distance(tc_dvec3 p, tc_dvec3 a, tc_dvec3 b)
{
    const tc_dvec3 ab = tc_dvec3_sub(b, a), ap = tc_dvec3_sub(p, a);
    const double l = tc_dvec3_length_sq(ab);
    double t = l > 0.0 ? tc_dvec3_dot(ap, ab) / l : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    return tc_dvec3_length(tc_dvec3_mad(ap, ab, -t));
}

/* Distance from p to triangle a b c: its height over the plane when it
 * projects inside (each edge's normal in the plane, outward by the
 * triangle's own turn, has it on the inner side), else its nearest edge. */
static double triangle_distance(tc_dvec3 p, tc_dvec3 a, tc_dvec3 b, tc_dvec3 c)
{
    const tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(b, a), tc_dvec3_sub(c, a));
    const double nn = tc_dvec3_length_sq(n);
    const tc_dvec3 q[3] = { a, b, c };
    bool inside = nn > 0.0;
    for (int k = 0; k < 3 && inside; ++k)
        inside = tc_dvec3_dot(tc_dvec3_cross(tc_dvec3_sub(q[(k + 1) % 3], q[k]), tc_dvec3_sub(p, q[k])), n) >= 0.0;
    if (inside) return fabs(tc_dvec3_dot(tc_dvec3_sub(p, a), n)) / sqrt(nn);
    const double ab = segment_distance(p, a, b), bc = segment_distance(p, b, c), ca = segment_distance(p, c, a);
    return fmin(ab, fmin(bc, ca));
}

/* ---- 3D: quickhull ------------------------------------------------------- */
typedef struct qface {
    int32_t v[3];      /* counter-clockwise seen from outside */
    int32_t adj[3];    /* face across edge v[i] -> v[i+1] */
    tc_dvec3 n;
    double d;
    int32_t outside;   /* first point of the outside set, -1 when empty */
    int32_t furthest;
    double furthest_d;
    int32_t mark;      /* visit stamp */
    int32_t group;     /* merged polygon, for the output */
    bool alive;
} qface;

typedef struct qhull {
    const tc_allocator *al;
    const tc_dvec3 *p;
    int32_t *next;     /* outside-set links, one per point */
    qface *f;
    size_t cap;
    int32_t nf;
    double eps;
    bool *near;        /* the soup's */
} qhull;

static double qdist(const qhull *q, const qface *f, int32_t i) { return tc_dvec3_dot(f->n, q->p[i]) - f->d; }

static int32_t add_face(qhull *q, int32_t a, int32_t b, int32_t c)
{
    if (!tc_mem_reserve(q->al, (void **)&q->f, &q->cap, (size_t)q->nf + 1, sizeof(qface))) return -1;
    qface *f = &q->f[q->nf];
    memset(f, 0, sizeof *f);
    f->v[0] = a; f->v[1] = b; f->v[2] = c;
    f->adj[0] = f->adj[1] = f->adj[2] = -1;
    tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(q->p[b], q->p[a]), tc_dvec3_sub(q->p[c], q->p[a]));
    f->n = tc_dvec3_normalize(n);
    /* The mean of the corners' projections: the best plane for a sliver. */
    f->d = (tc_dvec3_dot(f->n, q->p[a]) + tc_dvec3_dot(f->n, q->p[b]) + tc_dvec3_dot(f->n, q->p[c])) / 3.0;
    f->outside = -1;
    f->furthest = -1;
    f->furthest_d = 0.0;
    f->group = -1;
    f->alive = true;
    return q->nf++;
}

static void add_outside(qhull *q, int32_t fi, int32_t pi, double d)
{
    qface *f = &q->f[fi];
    q->next[pi] = f->outside;
    f->outside = pi;
    if (f->furthest < 0 || d > f->furthest_d) { f->furthest = pi; f->furthest_d = d; }
}

static int edge_index(const qface *f, int32_t a, int32_t b)
{
    for (int i = 0; i < 3; ++i)
        if (f->v[i] == a && f->v[(i + 1) % 3] == b) return i;
    return -1;
}

typedef struct horizon_edge { int32_t face, edge; } horizon_edge;
typedef struct walk_frame { int32_t face, first, k; } walk_frame;

typedef struct qbuffers {
    horizon_edge *horizon; size_t horizon_cap;
    walk_frame *stack; size_t stack_cap;
    int32_t *visible; size_t visible_cap;
    int32_t *made; size_t made_cap;
} qbuffers;

/* Depth-first walk over the faces the eye sees; horizon edges come out in
 * order around the visible region. */
static bool find_horizon(qhull *q, qbuffers *b, int32_t start, int32_t eye, int32_t stamp, int32_t *nh, int32_t *nvis)
{
    *nh = 0;
    *nvis = 0;
    int32_t top = 0;
    if (!tc_mem_reserve(q->al, (void **)&b->stack, &b->stack_cap, 1, sizeof(walk_frame))) return false;
    b->stack[top].face = start; b->stack[top].first = 0; b->stack[top].k = 0;
    ++top;
    q->f[start].mark = stamp;
    if (!tc_mem_reserve(q->al, (void **)&b->visible, &b->visible_cap, 1, sizeof(int32_t))) return false;
    b->visible[(*nvis)++] = start;
    while (top > 0) {
        walk_frame *fr = &b->stack[top - 1];
        int limit = fr->face == start ? 3 : 2;
        if (fr->k >= limit) { --top; continue; }
        int e = (fr->first + fr->k + (fr->face == start ? 0 : 1)) % 3;
        fr->k++;
        qface *f = &q->f[fr->face];
        int32_t g = f->adj[e];
        if (g < 0) return false;
        if (q->f[g].mark == stamp) continue;
        if (qdist(q, &q->f[g], eye) > q->eps) {
            q->f[g].mark = stamp;
            if (!tc_mem_reserve(q->al, (void **)&b->visible, &b->visible_cap, (size_t)*nvis + 1, sizeof(int32_t))) return false;
            b->visible[(*nvis)++] = g;
            int ge = edge_index(&q->f[g], f->v[(e + 1) % 3], f->v[e]);
            if (ge < 0) return false;
            if (!tc_mem_reserve(q->al, (void **)&b->stack, &b->stack_cap, (size_t)top + 1, sizeof(walk_frame))) return false;
            b->stack[top].face = g; b->stack[top].first = ge; b->stack[top].k = 0;
            ++top;
        } else {
            if (!tc_mem_reserve(q->al, (void **)&b->horizon, &b->horizon_cap, (size_t)*nh + 1, sizeof(horizon_edge))) return false;
            b->horizon[*nh].face = fr->face;
            b->horizon[*nh].edge = e;
            ++*nh;
        }
    }
    return true;
}

static bool add_point(qhull *q, qbuffers *b, int32_t fi, int32_t stamp)
{
    int32_t eye = q->f[fi].furthest;
    int32_t nh, nvis;
    if (!find_horizon(q, b, fi, eye, stamp, &nh, &nvis)) return false;
    if (!tc_mem_reserve(q->al, (void **)&b->made, &b->made_cap, (size_t)nh, sizeof(int32_t))) return false;
    for (int32_t i = 0; i < nh; ++i) {
        qface *f = &q->f[b->horizon[i].face];
        int e = b->horizon[i].edge;
        int32_t a = f->v[e], c = f->v[(e + 1) % 3], g = f->adj[e];
        int32_t nf = add_face(q, a, c, eye);
        if (nf < 0) return false;
        b->made[i] = nf;
        q->f[nf].adj[0] = g;
        int ge = edge_index(&q->f[g], c, a);
        if (ge < 0) return false;
        q->f[g].adj[ge] = nf;
    }
    for (int32_t i = 0; i < nh; ++i) {
        qface *f = &q->f[b->made[i]];
        f->adj[1] = b->made[(i + 1) % nh];
        f->adj[2] = b->made[(i + nh - 1) % nh];
    }
    /* The visible faces die; their outside points go to the new faces. */
    for (int32_t k = 0; k < nvis; ++k) {
        qface *f = &q->f[b->visible[k]];
        f->alive = false;
        int32_t pi = f->outside;
        f->outside = -1;
        while (pi >= 0) {
            int32_t nx = q->next[pi];
            if (pi != eye) {
                double best = q->eps, top = 0.0;
                int32_t bf = -1;
                for (int32_t i = 0; i < nh; ++i) {
                    double d = qdist(q, &q->f[b->made[i]], pi);
                    if (d > top) top = d;
                    if (d > best) { best = d; bf = b->made[i]; }
                }
                if (bf >= 0) add_outside(q, bf, pi, best);
                else if (top > 0.0) q->near[pi] = true;
            }
            pi = nx;
        }
    }
    return true;
}

/* Whether point i, dropped within eps above a face's plane, is within
 * reach of the hull: inside every triangle's plane, or within reach of a
 * triangle it is above (the triangles are the hull's boundary, so the
 * nearest point outside lies on one it is above). Before the faces merge:
 * a merged face's plane is a fit, and a point 6.5e4 outside a slab 1e6
 * wide and 4 thick was inside every merged face's plane. */
static bool qhull_point_within(const qhull *q, int32_t i, double reach)
{
    bool outside = false;
    for (int32_t f = 0; f < q->nf; ++f) {
        const qface *t = &q->f[f];
        if (!t->alive || !(qdist(q, t, i) > 0.0)) continue;
        outside = true;
        if (triangle_distance(q->p[i], q->p[t->v[0]], q->p[t->v[1]], q->p[t->v[2]]) <= reach) return true;
    }
    return !outside;
}

/* Merges the triangles within eps of one plane into polygon faces, writing
 * them to the soup. */
static bool merge_faces(qhull *q, soup *s, double eps)
{
    const tc_allocator *al = q->al;
    int32_t *stack = tc_mem_alloc(al, sizeof(int32_t) * (size_t)q->nf);
    int32_t *succ = tc_mem_alloc(al, sizeof(int32_t) * (size_t)s->nv);
    int32_t *fs = tc_mem_alloc(al, sizeof(int32_t) * (size_t)(q->nf + 1));
    int32_t *fv = tc_mem_alloc(al, sizeof(int32_t) * (size_t)(3 * q->nf));
    tc_dvec3 *fn = tc_mem_alloc(al, sizeof(tc_dvec3) * (size_t)q->nf);
    int32_t *members = tc_mem_alloc(al, sizeof(int32_t) * (size_t)q->nf);
    bool ok = stack && succ && fs && fv && fn && members;
    int32_t nfo = 0, nfv = 0;
    for (int32_t i = 0; ok && i < s->nv; ++i) succ[i] = -1;
    for (int32_t seed = 0; ok && seed < q->nf; ++seed) {
        qface *sf = &q->f[seed];
        if (!sf->alive || sf->group >= 0) continue;
        int32_t nm = 0, top = 0;
        stack[top++] = seed;
        sf->group = nfo;
        while (top > 0) {
            int32_t fi = stack[--top];
            members[nm++] = fi;
            for (int e = 0; e < 3; ++e) {
                int32_t g = q->f[fi].adj[e];
                qface *gf = &q->f[g];
                if (gf->group >= 0 || !gf->alive) continue;
                if (tc_dvec3_dot(gf->n, sf->n) < 0.5) continue;
                bool flat = true;
                for (int k = 0; k < 3; ++k)
                    if (fabs(tc_dvec3_dot(sf->n, q->p[gf->v[k]]) - sf->d) > eps) flat = false;
                if (!flat) continue;
                gf->group = nfo;
                stack[top++] = g;
            }
        }
        /* The boundary: edges whose neighbour is in another group. */
        int32_t nb = 0, start = -1;
        bool simple = true;
        for (int32_t m = 0; m < nm; ++m) {
            qface *f = &q->f[members[m]];
            for (int e = 0; e < 3; ++e) {
                if (q->f[f->adj[e]].group == nfo) continue;
                int32_t a = f->v[e];
                if (succ[a] >= 0) simple = false;
                succ[a] = f->v[(e + 1) % 3];
                start = a;
                ++nb;
            }
        }
        int32_t walked = 0;
        if (simple) {
            int32_t v = start;
            do {
                fv[nfv + walked++] = v;
                v = succ[v];
            } while (v >= 0 && v != start && walked <= nb);
            simple = v == start && walked == nb;
        }
        for (int32_t m = 0; m < nm; ++m) {
            qface *f = &q->f[members[m]];
            for (int e = 0; e < 3; ++e) succ[f->v[e]] = -1;
        }
        if (simple) {
            /* Newell's normal of the polygon. */
            tc_dvec3 n = tc_dvec3_make(0, 0, 0);
            for (int32_t i = 0; i < walked; ++i) {
                tc_dvec3 a = q->p[fv[nfv + i]], c = q->p[fv[nfv + (i + 1) % walked]];
                n.x += (a.y - c.y) * (a.z + c.z);
                n.y += (a.z - c.z) * (a.x + c.x);
                n.z += (a.x - c.x) * (a.y + c.y);
            }
            fs[nfo] = nfv;
            fn[nfo] = tc_dvec3_normalize(n);
            nfv += walked;
            ++nfo;
        } else {
            /* A pinched group (rounding): keep its triangles as faces. */
            for (int32_t m = 0; m < nm; ++m) {
                qface *f = &q->f[members[m]];
                f->group = nfo;
                fs[nfo] = nfv;
                fn[nfo] = f->n;
                for (int k = 0; k < 3; ++k) fv[nfv++] = f->v[k];
                ++nfo;
            }
        }
    }
    if (ok) {
        fs[nfo] = nfv;
        s->face_start = fs;
        s->face_vertices = fv;
        s->face_n = fn;
        s->nf = nfo;
    } else {
        tc_mem_free(al, fs, sizeof(int32_t) * (size_t)(q->nf + 1));
        tc_mem_free(al, fv, sizeof(int32_t) * (size_t)(3 * q->nf));
        tc_mem_free(al, fn, sizeof(tc_dvec3) * (size_t)q->nf);
    }
    tc_mem_free(al, stack, sizeof(int32_t) * (size_t)q->nf);
    tc_mem_free(al, succ, sizeof(int32_t) * (size_t)s->nv);
    tc_mem_free(al, members, sizeof(int32_t) * (size_t)q->nf);
    return ok;
}

static tc_hull_data *build_solid(soup *s, const int32_t tet[4], double eps, const tc_allocator *al)
{
    qhull q;
    memset(&q, 0, sizeof q);
    q.al = al;
    q.p = s->v;
    q.eps = eps;
    q.near = s->near;
    qbuffers b;
    memset(&b, 0, sizeof b);
    tc_hull_data *h = NULL;
    q.next = tc_mem_alloc(al, sizeof(int32_t) * (size_t)s->nv);
    if (!q.next) return NULL;
    /* The tetrahedron, each face turned outwards. */
    static const int faces[4][3] = { { 0, 1, 2 }, { 0, 3, 1 }, { 1, 3, 2 }, { 2, 3, 0 } };
    tc_dvec3 c = tc_dvec3_make(0, 0, 0);
    for (int i = 0; i < 4; ++i) c = tc_dvec3_add(c, s->v[tet[i]]);
    c = tc_dvec3_scale(c, 0.25);
    double vol = tc_dvec3_dot(tc_dvec3_sub(s->v[tet[3]], s->v[tet[0]]),
                              tc_dvec3_cross(tc_dvec3_sub(s->v[tet[1]], s->v[tet[0]]), tc_dvec3_sub(s->v[tet[2]], s->v[tet[0]])));
    bool flip = vol > 0.0; /* then (0,1,2) faces the fourth point: turn every face */
    for (int i = 0; i < 4; ++i) {
        int32_t a = tet[faces[i][0]], bb = tet[faces[i][1]], cc = tet[faces[i][2]];
        if (add_face(&q, flip ? bb : a, flip ? a : bb, cc) < 0) goto done;
    }
    for (int i = 0; i < 4; ++i)
        for (int e = 0; e < 3; ++e)
            for (int j = 0; j < 4; ++j) {
                int ge = edge_index(&q.f[j], q.f[i].v[(e + 1) % 3], q.f[i].v[e]);
                if (j != i && ge >= 0) q.f[i].adj[e] = j;
            }
    (void)c;
    for (int32_t i = 0; i < s->nv; ++i) {
        if (i == tet[0] || i == tet[1] || i == tet[2] || i == tet[3]) continue;
        double best = eps, top = 0.0;
        int32_t bf = -1;
        for (int32_t f = 0; f < 4; ++f) {
            double d = qdist(&q, &q.f[f], i);
            if (d > top) top = d;
            if (d > best) { best = d; bf = f; }
        }
        if (bf >= 0) add_outside(&q, bf, i, best);
        else if (top > 0.0) q.near[i] = true;
    }
    int32_t stamp = 0;
    for (int32_t fi = 0; fi < q.nf; ++fi) {
        if (!q.f[fi].alive || q.f[fi].outside < 0) continue;
        if (!add_point(&q, &b, fi, ++stamp)) goto done;
    }
    for (int32_t i = 0; i < s->nv && !s->loose; ++i)
        if (s->near[i] && !qhull_point_within(&q, i, s->reach)) s->loose = true;
    if (!merge_faces(&q, s, eps)) goto done;
    s->dimension = 3;
    h = assemble(s, al);
    tc_mem_free(al, s->face_start, sizeof(int32_t) * (size_t)(q.nf + 1));
    tc_mem_free(al, s->face_vertices, sizeof(int32_t) * (size_t)(3 * q.nf));
    tc_mem_free(al, s->face_n, sizeof(tc_dvec3) * (size_t)q.nf);
    s->face_start = NULL;
done:
    tc_mem_free(al, q.next, sizeof(int32_t) * (size_t)s->nv);
    tc_mem_free(al, q.f, sizeof(qface) * q.cap);
    tc_mem_free(al, b.horizon, sizeof(horizon_edge) * b.horizon_cap);
    tc_mem_free(al, b.stack, sizeof(walk_frame) * b.stack_cap);
    tc_mem_free(al, b.visible, sizeof(int32_t) * b.visible_cap);
    tc_mem_free(al, b.made, sizeof(int32_t) * b.made_cap);
    return h;
}

/* The hull of the soup's points at tolerance eps, from their axis
 * extremes: a point, a segment, a polygon or a solid. */
static tc_hull_data *build(soup *s, const int32_t ext[6], double eps, const tc_allocator *allocator)
{
    const int32_t count = s->nv;
    int32_t t0 = ext[0], t1 = ext[1];
    double best = -1.0;
    for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j) {
            double d = tc_dvec3_length(tc_dvec3_sub(s->v[ext[i]], s->v[ext[j]]));
            if (d > best) { best = d; t0 = ext[i]; t1 = ext[j]; }
        }
    if (!(best > eps)) {
        s->dimension = 0;
        s->seg[0] = t0;
        return assemble(s, allocator);
    }
    tc_dvec3 axis = tc_dvec3_normalize(tc_dvec3_sub(s->v[t1], s->v[t0]));
    int32_t t2 = t0;
    best = -1.0;
    for (int32_t i = 0; i < count; ++i) {
        tc_dvec3 r = tc_dvec3_sub(s->v[i], s->v[t0]);
        double d = tc_dvec3_length(tc_dvec3_mad(r, axis, -tc_dvec3_dot(r, axis)));
        if (d > best) { best = d; t2 = i; }
    }
    if (!(best > eps)) {
        /* Collinear: the extreme points along the line. */
        int32_t lo = t0, hi = t0;
        double plo = INFINITY, phi = -INFINITY;
        for (int32_t i = 0; i < count; ++i) {
            double p = tc_dvec3_dot(s->v[i], axis);
            if (p < plo) { plo = p; lo = i; }
            if (p > phi) { phi = p; hi = i; }
        }
        s->dimension = 1;
        s->seg[0] = lo;
        s->seg[1] = hi;
        return assemble(s, allocator);
    }
    tc_dvec3 n = tc_dvec3_normalize(tc_dvec3_cross(tc_dvec3_sub(s->v[t1], s->v[t0]), tc_dvec3_sub(s->v[t2], s->v[t0])));
    int32_t t3 = t0;
    best = -1.0;
    for (int32_t i = 0; i < count; ++i) {
        double d = fabs(tc_dvec3_dot(tc_dvec3_sub(s->v[i], s->v[t0]), n));
        if (d > best) { best = d; t3 = i; }
    }
    if (!(best > eps)) return build_flat(s, n, eps, allocator);
    int32_t tet[4] = { t0, t1, t2, t3 };
    return build_solid(s, tet, eps, allocator);
}

/* The soup as a build finds it: no faces, no dimension. */
static void reset_soup(soup *s)
{
    s->face_start = s->face_vertices = NULL;
    s->face_n = NULL;
    s->nf = 0;
    s->dimension = 0;
    s->loose = false;
    memset(s->near, 0, sizeof(bool) * (size_t)s->nv);
}

tc_hull_data *tc_hull_data_create(const tc_vec3 *points, int32_t count, const tc_allocator *allocator)
{
    if (!points || count <= 0) return NULL;
    for (int32_t i = 0; i < count; ++i)
        if (!tc_vec3_is_finite(points[i])) return NULL;
    soup s;
    memset(&s, 0, sizeof s);
    s.al = allocator;
    s.nv = count;
    s.v = tc_mem_alloc(allocator, sizeof(tc_dvec3) * (size_t)count);
    s.near = tc_mem_alloc(allocator, sizeof(bool) * (size_t)count);
    if (!s.v || !s.near) {
        tc_mem_free(allocator, s.v, sizeof(tc_dvec3) * (size_t)count);
        tc_mem_free(allocator, s.near, sizeof(bool) * (size_t)count);
        return NULL;
    }
    for (int32_t i = 0; i < count; ++i) s.v[i] = tc_dvec3_from(points[i]);
    /* The extreme points on each axis; the pair furthest apart. */
    int32_t ext[6] = { 0, 0, 0, 0, 0, 0 };
    for (int32_t i = 1; i < count; ++i) {
        const double *p = &s.v[i].x;
        for (int k = 0; k < 3; ++k) {
            if (p[k] < (&s.v[ext[2 * k]].x)[k]) ext[2 * k] = i;
            if (p[k] > (&s.v[ext[2 * k + 1]].x)[k]) ext[2 * k + 1] = i;
        }
    }
    double diag = 0.0;
    {
        tc_dvec3 lo = tc_dvec3_make(s.v[ext[0]].x, s.v[ext[2]].y, s.v[ext[4]].z);
        tc_dvec3 hi = tc_dvec3_make(s.v[ext[1]].x, s.v[ext[3]].y, s.v[ext[5]].z);
        diag = tc_dvec3_length(tc_dvec3_sub(hi, lo));
    }
    /* A point within eps of every face's plane can still lie far outside
     * the hull where faces meet at a sharp angle: beyond a needle's tip,
     * 1e6 long and a few units across, a point 9e4 out was dropped (random
     * slender pairs: overlap missed by 9e4). So every point quickhull
     * dropped above a face's plane is checked against the hull, and the
     * hull built again at a sixteenth of the tolerance while one lies
     * further out than the tolerance; a finer build that fails (rounding)
     * keeps the coarser one. */
    const double eps = TC_HULL_TOLERANCE * diag;
    s.reach = eps;
    double fine = eps;
    tc_hull_data *h = NULL;
    for (int round = 0; round < TC_HULL_REFINE_ROUNDS; ++round, fine *= 1.0 / 16.0) {
        reset_soup(&s);
        tc_hull_data *g = build(&s, ext, fine, allocator);
        if (!g) break;
        tc_hull_data_destroy(h);
        h = g;
        if (!s.loose) break;
    }
    tc_mem_free(allocator, s.v, sizeof(tc_dvec3) * (size_t)count);
    tc_mem_free(allocator, s.near, sizeof(bool) * (size_t)count);
    return h;
}

static tc_hull_data *round_hull(float radius, float half_height, int32_t sides, bool cone, const tc_allocator *al)
{
    if (!tc_is_finite(radius) || !tc_is_finite(half_height) || !(radius >= 0.0f) || !(half_height >= 0.0f)) return NULL;
    if (sides < 3 || sides > 1024) return NULL;
    int32_t n = cone ? sides + 1 : 2 * sides;
    tc_vec3 *p = tc_mem_alloc(al, sizeof(tc_vec3) * (size_t)n);
    if (!p) return NULL;
    const double two_pi = 6.283185307179586476925286766559;
    for (int32_t i = 0; i < sides; ++i) {
        double a = two_pi * i / sides;
        float x = (float)(radius * cos(a)), y = (float)(radius * sin(a));
        p[i] = tc_vec3_make(x, y, -half_height);
        if (!cone) p[sides + i] = tc_vec3_make(x, y, half_height);
    }
    if (cone) p[sides] = tc_vec3_make(0.0f, 0.0f, half_height);
    tc_hull_data *h = tc_hull_data_create(p, n, al);
    tc_mem_free(al, p, sizeof(tc_vec3) * (size_t)n);
    return h;
}

tc_hull_data *tc_hull_data_create_cylinder(float radius, float half_height, int32_t sides, const tc_allocator *allocator)
{
    return round_hull(radius, half_height, sides, false, allocator);
}

tc_hull_data *tc_hull_data_create_cone(float radius, float half_height, int32_t sides, const tc_allocator *allocator)
{
    return round_hull(radius, half_height, sides, true, allocator);
}
