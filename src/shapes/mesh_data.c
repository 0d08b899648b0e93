/* SPDX-License-Identifier: MIT */
/* Building mesh data: edge adjacency and a bounding-volume hierarchy.
 *
 * Adjacency: corners are identified by position (equal points are one
 * vertex, whatever their index), each edge is keyed by its two vertices and
 * the keys sorted, so the triangles sharing an edge end up side by side.
 * Two triangles on an edge are neighbours; the neighbour's far corner, above
 * or below the triangle's plane, says whether the edge is concave or convex
 * seen from the normal's side (flat within an angle of 1e-5).
 *
 * Hierarchy: top-down, binned surface-area heuristic (Wald, "On fast
 * Construction of SAH-based Bounding Volume Hierarchies"): 16 bins of the
 * centroid range on each axis, the split minimising area(left) * n(left) +
 * area(right) * n(right); O(n) per level, O(n log n) in all. Leaves hold up
 * to 4 triangles, whose corners are stored in leaf order so that a leaf
 * reads one run of memory. */
#include "shapes/mesh_internal.h"
#include "shapes/validity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "core/float.h"
#include "math/dvec.h"

typedef struct pos_key { tc_vec3 p; int32_t i; } pos_key;

static int cmp_pos(const void *x, const void *y)
{
    const pos_key *a = x, *b = y;
    if (a->p.x != b->p.x) return a->p.x < b->p.x ? -1 : 1;
    if (a->p.y != b->p.y) return a->p.y < b->p.y ? -1 : 1;
    if (a->p.z != b->p.z) return a->p.z < b->p.z ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i);
}

typedef struct mesh_edge_key { int32_t lo, hi, tri, edge; } mesh_edge_key;

static int cmp_mesh_edge(const void *x, const void *y)
{
    const mesh_edge_key *a = x, *b = y;
    if (a->lo != b->lo) return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi) return a->hi < b->hi ? -1 : 1;
    if (a->tri != b->tri) return a->tri < b->tri ? -1 : 1;
    return (a->edge > b->edge) - (a->edge < b->edge);
}

/* The edge keys in[0, k) into out in the order of cmp_mesh_edge: a counting
 * sort by the lower vertex (ids < id_count; first holds id_count + 1
 * counters), in which the keys, made in triangle and edge order, stay in
 * that order, then each vertex's few keys sorted by the upper vertex. O(n)
 * where a comparison sort of millions of keys was most of the adjacency's
 * time; a vertex with very many edges (a fan's centre) is sorted by qsort. */
static void group_edges(const mesh_edge_key *in, mesh_edge_key *out, int32_t k, int32_t id_count, int32_t *first)
{
    memset(first, 0, sizeof(int32_t) * ((size_t)id_count + 1));
    for (int32_t i = 0; i < k; ++i) first[in[i].lo + 1]++;
    for (int32_t v = 0; v < id_count; ++v) first[v + 1] += first[v];
    for (int32_t i = 0; i < k; ++i) out[first[in[i].lo]++] = in[i];
    /* first[v] is now the end of v's run, the start of v + 1's. */
    for (int32_t v = 0, begin = 0; v < id_count; begin = first[v++]) {
        int32_t end = first[v];
        if (end - begin > 32) {
            qsort(out + begin, (size_t)(end - begin), sizeof(mesh_edge_key), cmp_mesh_edge);
            continue;
        }
        for (int32_t i = begin + 1; i < end; ++i) { /* stable: equal upper vertices keep triangle order */
            mesh_edge_key x = out[i];
            int32_t j = i;
            while (j > begin && out[j - 1].hi > x.hi) { out[j] = out[j - 1]; --j; }
            out[j] = x;
        }
    }
}

static size_t align8(size_t n) { return (n + 7u) & ~(size_t)7u; }

static tc_mesh_edge_kind bend(const tc_vec3 *t, int e, tc_vec3 far)
{
    tc_dvec3 a = tc_dvec3_from(t[0]), b = tc_dvec3_from(t[1]), c = tc_dvec3_from(t[2]);
    tc_dvec3 n = tc_dvec3_normalize(tc_dvec3_cross(tc_dvec3_sub(b, a), tc_dvec3_sub(c, a)));
    if (tc_dvec3_length_sq(n) == 0.0) return TC_MESH_EDGE_BOUNDARY; /* no plane to bend from */
    tc_dvec3 r = tc_dvec3_sub(tc_dvec3_from(far), tc_dvec3_from(t[e]));
    double s = tc_dvec3_dot(n, r), l = tc_dvec3_length(r);
    if (fabs(s) <= 1e-5 * l) return TC_MESH_EDGE_FLAT;
    return s < 0.0 ? TC_MESH_EDGE_CONVEX : TC_MESH_EDGE_CONCAVE;
}

/* Edge adjacency over the given-order corners. */
static bool build_adjacency(tc_mesh_data *m, const tc_vec3 *vertices, int32_t vertex_count, const int32_t *indices,
                            const tc_allocator *al)
{
    int32_t n = m->triangle_count;
    pos_key *pk = tc_mem_alloc(al, sizeof(pos_key) * (size_t)vertex_count);
    int32_t *canon = tc_mem_alloc(al, sizeof(int32_t) * (size_t)vertex_count);
    mesh_edge_key *ek = tc_mem_alloc(al, sizeof(mesh_edge_key) * (size_t)(3 * n));
    mesh_edge_key *ek2 = tc_mem_alloc(al, sizeof(mesh_edge_key) * (size_t)(3 * n));
    int32_t *first = tc_mem_alloc(al, sizeof(int32_t) * ((size_t)vertex_count + 1));
    mesh_edge_key *ek_given = ek;
    bool ok = pk && canon && ek && ek2 && first;
    if (ok) {
        for (int32_t i = 0; i < vertex_count; ++i) { pk[i].p = vertices[i]; pk[i].i = i; }
        qsort(pk, (size_t)vertex_count, sizeof(pos_key), cmp_pos);
        int32_t id = -1;
        for (int32_t i = 0; i < vertex_count; ++i) {
            if (i == 0 || cmp_pos(&(pos_key){ pk[i].p, 0 }, &(pos_key){ pk[i - 1].p, 0 }) != 0) ++id;
            canon[pk[i].i] = id;
        }
        int32_t k = 0;
        for (int32_t t = 0; t < n; ++t)
            for (int e = 0; e < 3; ++e) {
                int32_t a = canon[indices[3 * t + e]], b = canon[indices[3 * t + (e + 1) % 3]];
                m->neighbor[3 * t + e] = -1;
                m->kind[3 * t + e] = TC_MESH_EDGE_BOUNDARY;
                if (a == b) continue; /* a collapsed edge joins nothing */
                ek[k].lo = a < b ? a : b;
                ek[k].hi = a < b ? b : a;
                ek[k].tri = t;
                ek[k].edge = e;
                ++k;
            }
        group_edges(ek, ek2, k, id + 1, first);
        ek = ek2; /* the grouped copy; both are freed below */
        for (int32_t i = 0; i < k;) {
            int32_t j = i + 1;
            while (j < k && ek[j].lo == ek[i].lo && ek[j].hi == ek[i].hi) ++j;
            if (j - i == 2) {
                for (int s = 0; s < 2; ++s) {
                    const mesh_edge_key *me = &ek[i + s], *other = &ek[i + 1 - s];
                    const tc_vec3 *ct = &m->given[3 * me->tri];
                    tc_vec3 far = m->given[3 * other->tri + (other->edge + 2) % 3];
                    m->neighbor[3 * me->tri + me->edge] = other->tri;
                    m->kind[3 * me->tri + me->edge] = (uint8_t)bend(ct, me->edge, far);
                }
            } else if (j - i > 2) {
                for (int32_t s = i; s < j; ++s) m->kind[3 * ek[s].tri + ek[s].edge] = TC_MESH_EDGE_SHARED;
            }
            i = j;
        }
    }
    tc_mem_free(al, pk, sizeof(pos_key) * (size_t)vertex_count);
    tc_mem_free(al, canon, sizeof(int32_t) * (size_t)vertex_count);
    tc_mem_free(al, ek_given, sizeof(mesh_edge_key) * (size_t)(3 * n));
    tc_mem_free(al, ek2, sizeof(mesh_edge_key) * (size_t)(3 * n));
    tc_mem_free(al, first, sizeof(int32_t) * ((size_t)vertex_count + 1));
    return ok;
}

/* ---- hierarchy ------------------------------------------------------------ */
typedef struct box3 { float lo[3], hi[3]; } box3;

static void box_empty(box3 *b)
{
    for (int k = 0; k < 3; ++k) { b->lo[k] = INFINITY; b->hi[k] = -INFINITY; }
}
static void box_grow(box3 *b, const box3 *o)
{
    for (int k = 0; k < 3; ++k) {
        if (o->lo[k] < b->lo[k]) b->lo[k] = o->lo[k];
        if (o->hi[k] > b->hi[k]) b->hi[k] = o->hi[k];
    }
}
static double box_area(const box3 *b)
{
    double d[3];
    for (int k = 0; k < 3; ++k) d[k] = b->hi[k] > b->lo[k] ? (double)b->hi[k] - b->lo[k] : 0.0;
    return d[0] * d[1] + d[1] * d[2] + d[2] * d[0];
}

#define BINS 16

/* A node to split, with the box of its triangles and of their centroids:
 * both are known from the parent's split (the bins' boxes and the
 * partition pass), so a node costs two passes, not three. */
typedef struct build_job { int32_t node, begin, end; box3 bb, cb; } build_job;

/* The boxes and centroids live in slot order beside m->order and are
 * swapped with it, so every pass over a node reads one run of memory (the
 * build is bound by memory, not arithmetic), and one pass bins all three
 * axes. */
typedef struct slot_box { box3 b; float c[3]; } slot_box;

static void centroid_grow(box3 *b, const float c[3])
{
    for (int k = 0; k < 3; ++k) {
        if (c[k] < b->lo[k]) b->lo[k] = c[k];
        if (c[k] > b->hi[k]) b->hi[k] = c[k];
    }
}

/* The box of slots [begin, end) and the box of their centroids. */
static void slot_bounds(const slot_box *sb, int32_t begin, int32_t end, box3 *bb, box3 *cb)
{
    box_empty(bb);
    box_empty(cb);
    for (int32_t i = begin; i < end; ++i) {
        box_grow(bb, &sb[i].b);
        centroid_grow(cb, sb[i].c);
    }
}

/* The midpoint of a and b: the float sum of two coordinates near FLT_MAX
 * overflows, their halves do not (and are exact there). */
static float mid_of(float a, float b)
{
    return tc_absf(a) < 0x1p126f && tc_absf(b) < 0x1p126f ? 0.5f * (a + b) : 0.5f * a + 0.5f * b;
}

static int bin_of(float c, float lo, double inv)
{
    /* c - lo in float, as always, unless it may pass FLT_MAX (centroids near
     * both ends of the float range): then in double */
    const double wide = (double)c - lo;
    int b = (int)((fabs(wide) < 0x1p127 ? (double)(c - lo) : wide) * inv);
    return b < 0 ? 0 : (b >= BINS ? BINS - 1 : b);
}

static bool build_tree(tc_mesh_data *m, const tc_allocator *al)
{
    int32_t n = m->triangle_count;
    slot_box *sb = tc_mem_alloc(al, sizeof(slot_box) * (size_t)n);
    size_t jobs_cap = 64;
    build_job *jobs = tc_mem_alloc(al, sizeof(build_job) * jobs_cap);
    bool ok = sb && jobs;
    if (ok) {
        for (int32_t t = 0; t < n; ++t) {
            const tc_vec3 *c = &m->given[3 * t];
            box3 *b = &sb[t].b;
            box_empty(b);
            for (int i = 0; i < 3; ++i) {
                const float p[3] = { c[i].x, c[i].y, c[i].z };
                for (int k = 0; k < 3; ++k) {
                    if (p[k] < b->lo[k]) b->lo[k] = p[k];
                    if (p[k] > b->hi[k]) b->hi[k] = p[k];
                }
            }
            for (int k = 0; k < 3; ++k) sb[t].c[k] = mid_of(b->lo[k], b->hi[k]);
            m->order[t] = t;
            const double reach = tc_dvec3_norm1(tc_dvec3_sub(tc_dvec3_from(c[1]), tc_dvec3_from(c[0]))) +
                                 tc_dvec3_norm1(tc_dvec3_sub(tc_dvec3_from(c[2]), tc_dvec3_from(c[0])));
            /* rounded up, saturated (nextafterf from FLT_MAX would overflow) */
            const float rounded = tc_float_saturated(reach);
            if (reach > m->triangle_reach) m->triangle_reach = rounded < FLT_MAX ? nextafterf(rounded, INFINITY) : FLT_MAX;
        }
        int32_t top = 0;
        m->node_count = 1;
        jobs[top] = (build_job){ 0, 0, n, { { 0 }, { 0 } }, { { 0 }, { 0 } } };
        slot_bounds(sb, 0, n, &jobs[top].bb, &jobs[top].cb);
        ++top;
        while (top > 0) {
            build_job j = jobs[--top];
            tc_mesh_node *node = &m->nodes[j.node];
            const box3 bb = j.bb, cb = j.cb;
            node->min = tc_vec3_make(bb.lo[0], bb.lo[1], bb.lo[2]);
            node->max = tc_vec3_make(bb.hi[0], bb.hi[1], bb.hi[2]);
            int32_t count = j.end - j.begin;
            if (count <= TC_MESH_LEAF_SIZE) {
                node->first = j.begin;
                node->count = count;
                continue;
            }
            /* The best binned split over the three axes, binned in one pass. */
            box3 bins[3][BINS];
            int32_t counts[3][BINS];
            double inv[3];
            bool live[3];
            for (int k = 0; k < 3; ++k) {
                double extent = (double)cb.hi[k] - cb.lo[k];
                live[k] = extent > 0.0;
                inv[k] = live[k] ? BINS / extent : 0.0;
                for (int b = 0; b < BINS; ++b) {
                    box_empty(&bins[k][b]);
                    counts[k][b] = 0;
                }
            }
            for (int32_t i = j.begin; i < j.end; ++i)
                for (int k = 0; k < 3; ++k) {
                    int b = bin_of(sb[i].c[k], cb.lo[k], inv[k]);
                    counts[k][b]++;
                    box_grow(&bins[k][b], &sb[i].b);
                }
            double best_cost = INFINITY;
            int best_axis = -1, best_bin = 0;
            for (int k = 0; k < 3; ++k) {
                if (!live[k]) continue;
                double right_area[BINS];
                int32_t right_count[BINS];
                box3 acc;
                box_empty(&acc);
                int32_t cnt = 0;
                for (int b = BINS - 1; b > 0; --b) {
                    box_grow(&acc, &bins[k][b]);
                    cnt += counts[k][b];
                    right_area[b] = box_area(&acc);
                    right_count[b] = cnt;
                }
                box_empty(&acc);
                cnt = 0;
                for (int b = 0; b < BINS - 1; ++b) {
                    box_grow(&acc, &bins[k][b]);
                    cnt += counts[k][b];
                    if (cnt == 0 || right_count[b + 1] == 0) continue;
                    double cost = box_area(&acc) * cnt + right_area[b + 1] * right_count[b + 1];
                    if (cost < best_cost) { best_cost = cost; best_axis = k; best_bin = b; }
                }
            }
            int32_t mid = j.begin + count / 2; /* every centroid equal: split by count */
            box3 lb, lc, rb, rc;
            box_empty(&lb);
            box_empty(&lc);
            box_empty(&rb);
            box_empty(&rc);
            if (best_axis >= 0) {
                int32_t i = j.begin, e = j.end;
                while (i < e) {
                    if (bin_of(sb[i].c[best_axis], cb.lo[best_axis], inv[best_axis]) <= best_bin) {
                        centroid_grow(&lc, sb[i].c);
                        ++i;
                        continue;
                    }
                    --e;
                    int32_t t = m->order[i];
                    m->order[i] = m->order[e];
                    m->order[e] = t;
                    slot_box x = sb[i];
                    sb[i] = sb[e];
                    sb[e] = x;
                    centroid_grow(&rc, sb[e].c);
                }
                /* The sides' boxes are the unions of their bins' boxes. */
                for (int b = 0; b < BINS; ++b) box_grow(b <= best_bin ? &lb : &rb, &bins[best_axis][b]);
                mid = i; /* both sides hold a triangle (the split's counts were > 0), */
            }
            if (best_axis < 0 || mid == j.begin || mid == j.end) { /* but were that ever not so: by count */
                mid = j.begin + count / 2;
                slot_bounds(sb, j.begin, mid, &lb, &lc);
                slot_bounds(sb, mid, j.end, &rb, &rc);
            }
            int32_t left = m->node_count;
            m->node_count += 2;
            node->first = left;
            node->count = 0;
            if (!tc_mem_reserve(al, (void **)&jobs, &jobs_cap, (size_t)top + 2, sizeof(build_job))) { ok = false; break; }
            jobs[top++] = (build_job){ left + 1, mid, j.end, rb, rc };
            jobs[top++] = (build_job){ left, j.begin, mid, lb, lc };
        }
    }
    tc_mem_free(al, sb, sizeof(slot_box) * (size_t)n);
    tc_mem_free(al, jobs, sizeof(build_job) * jobs_cap);
    if (ok)
        for (int32_t i = 0; i < n; ++i)
            for (int c = 0; c < 3; ++c) m->corners[3 * i + c] = m->given[3 * m->order[i] + c];
    return ok;
}

/* ---- the four-wide hierarchy ---------------------------------------------- */
static double node_area(const tc_mesh_node *n)
{
    box3 b = { { n->min.x, n->min.y, n->min.z }, { n->max.x, n->max.y, n->max.z } };
    return box_area(&b);
}

/* The up to four binary nodes a wide node over binary node b holds: its
 * children, the largest internal one opened while there is room. */
static int gather(const tc_mesh_data *m, int32_t b, int32_t kids[4])
{
    int k = 2;
    kids[0] = m->nodes[b].first;
    kids[1] = m->nodes[b].first + 1;
    while (k < 4) {
        int open = -1;
        double best = -1.0;
        for (int i = 0; i < k; ++i) {
            const tc_mesh_node *n = &m->nodes[kids[i]];
            if (n->count == 0 && node_area(n) > best) { best = node_area(n); open = i; }
        }
        if (open < 0) break;
        int32_t first = m->nodes[kids[open]].first;
        kids[open] = first;
        kids[k++] = first + 1;
    }
    return k;
}

/* The grid of a wide node over its k lane boxes (mesh_internal.h), each
 * lane's planes rounded outward.
 *
 * Why no ray misses a triangle for the rounding: a lane's low plane is
 * stepped down until tc_mesh_wide_plane, evaluated here exactly as the walk
 * evaluates it, is at most the float box's low plane (and its high plane up
 * until it is at least the high one); so the walk's box holds the child's
 * box, which holds its triangles. The walk's slab arithmetic ((plane +
 * offset) * reciprocal, each operation rounded to nearest) is monotone in
 * the plane, so the bigger box's entry t is at most the child box's, its
 * exit t at least: every ray the float box would pass, the grid box passes.
 * The steps exist: plane 0 is the origin, the lowest low plane; and the
 * step is doubled until plane 255 is at least the highest high plane. */
static void quantize(tc_mesh_wide *node, const box3 lanes[4], int k)
{
    node->live = (uint8_t)((1u << k) - 1u);
    memset(node->unused, 0, sizeof node->unused);
    for (int a = 0; a < 3; ++a) {
        float lo = lanes[0].lo[a], hi = lanes[0].hi[a];
        for (int i = 1; i < k; ++i) {
            lo = fminf(lo, lanes[i].lo[a]);
            hi = fmaxf(hi, lanes[i].hi[a]);
        }
        node->origin[a] = lo;
        /* the least power of two whose 255 steps cover the extent, then
         * doubled while rounding leaves plane 255 short */
        int e;
        (void)frexp(((double)hi - lo) / 255.0, &e);
        e = e < -126 ? -126 : e;
        node->step[a] = (uint8_t)(e + 127);
        while (tc_mesh_wide_plane(node, a, 255) < hi) node->step[a]++;
        const double step = ldexp(1.0, node->step[a] - 127);
        for (int i = 0; i < 4; ++i) {
            if (i >= k) { /* unused (live says so): any planes */
                node->lo[a][i] = node->hi[a][i] = 0;
                continue;
            }
            double ql = floor(((double)lanes[i].lo[a] - lo) / step), qh = ceil(((double)lanes[i].hi[a] - lo) / step);
            unsigned l = ql < 0.0 ? 0u : (ql > 255.0 ? 255u : (unsigned)ql);
            unsigned h = qh < 0.0 ? 0u : (qh > 255.0 ? 255u : (unsigned)qh);
            while (l > 0 && tc_mesh_wide_plane(node, a, l) > lanes[i].lo[a]) --l;
            while (h < 255 && tc_mesh_wide_plane(node, a, h) < lanes[i].hi[a]) ++h;
            node->lo[a][i] = (uint8_t)l;
            node->hi[a][i] = (uint8_t)h;
        }
    }
}

/* Leaf block b from the leaf of binary node n (mesh_internal.h). */
static void fill_leaf4(const tc_mesh_data *m, const tc_mesh_node *n, tc_mesh_leaf4 *b)
{
    for (int j = 0; j < 4; ++j) {
        const int32_t slot = n->first + (j < n->count ? j : 0);
        const tc_vec3 *c = &m->corners[3 * slot];
        const float p[3][3] = { { c[0].x, c[0].y, c[0].z }, { c[1].x, c[1].y, c[1].z }, { c[2].x, c[2].y, c[2].z } };
        for (int k = 0; k < 3; ++k) {
            b->a[k][j] = p[0][k];
            b->b[k][j] = p[1][k];
            b->c[k][j] = p[2][k];
        }
        b->tri[j] = m->order[slot];
    }
}

/* Depth first over a work list (no recursion: a lopsided tree is deep),
 * each wide node numbered when it is reached, so a subtree is one run of
 * memory: the last levels of a ray's walk then share pages and cache lines
 * instead of lying a breadth-first level apart; a node's leaf blocks are
 * numbered with it. A node's lane is patched with its child's code when
 * the child is reached. With out NULL it only counts (the leaf blocks into
 * *leaf_count); otherwise the leaf blocks start leaf_units units into the
 * block (after the nodes), which the codes count (mesh_internal.h). */
typedef struct collapse_job { int32_t binary, parent, lane; } collapse_job;

static int32_t collapse(const tc_mesh_data *m, collapse_job *pending, tc_mesh_wide *out, tc_mesh_leaf4 *leaves,
                        int32_t leaf_units, int32_t *leaf_count)
{
    const int32_t node_units = (int32_t)(sizeof(tc_mesh_wide) / TC_MESH_WIDE_UNIT);
    const int32_t block_units = (int32_t)(sizeof(tc_mesh_leaf4) / TC_MESH_WIDE_UNIT);
    int32_t count = 0, top = 0, blocks = 0;
    pending[top++] = (collapse_job){ 0, -1, 0 };
    while (top > 0) {
        collapse_job j = pending[--top];
        int32_t w = count++;
        if (out && j.parent >= 0) out[j.parent].child[j.lane] = node_units * w;
        int32_t kids[4];
        int k = gather(m, j.binary, kids);
        tc_mesh_wide *node = out ? &out[w] : NULL;
        box3 lanes[4];
        for (int i = 3; i >= 0; --i) { /* pushed last to first: lane 0 is numbered next */
            const tc_mesh_node *n = i < k ? &m->nodes[kids[i]] : NULL;
            int32_t child = 0, tris = 0;
            if (n && n->count > 0) {
                if (leaves) {
                    fill_leaf4(m, n, &leaves[blocks]);
                    child = ~(leaf_units + block_units * blocks);
                }
                ++blocks;
                tris = n->count;
            } else if (n) {
                pending[top++] = (collapse_job){ kids[i], w, i };
            }
            if (!node) continue;
            if (n) lanes[i] = (box3){ { n->min.x, n->min.y, n->min.z }, { n->max.x, n->max.y, n->max.z } };
            node->child[i] = child; /* an internal child's code is patched in when it is reached */
            node->count[i] = (uint8_t)tris;
        }
        if (node) quantize(node, lanes, k);
    }
    *leaf_count = blocks;
    return count;
}

static size_t wide_block_size(int32_t count, int32_t leaves)
{
    return sizeof(tc_mesh_wide) * (size_t)count + sizeof(tc_mesh_leaf4) * (size_t)leaves + TC_CACHE_LINE;
}

static bool build_wide(tc_mesh_data *m, const tc_allocator *al)
{
    if (m->nodes[0].count > 0) return true; /* a root leaf: the binary walk */
    const tc_mesh_node *root = &m->nodes[0];
    const float big = tc_maxf(tc_vec3_max_abs(root->min), tc_vec3_max_abs(root->max));
    if (!(big <= TC_MESH_WIDE_MAGNITUDE)) return true; /* the binary walk too */
    size_t cap = (size_t)m->node_count;
    collapse_job *pending = tc_mem_alloc(al, sizeof(collapse_job) * cap);
    if (!pending) return false;
    int32_t leaves = 0;
    int32_t count = collapse(m, pending, NULL, NULL, 0, &leaves);
    /* the child codes count units from the block's start in an int32_t */
    const int64_t units = ((int64_t)sizeof(tc_mesh_wide) * count + (int64_t)sizeof(tc_mesh_leaf4) * leaves) / TC_MESH_WIDE_UNIT;
    if (units > INT32_MAX) {
        tc_mem_free(al, pending, sizeof(collapse_job) * cap);
        return true; /* the binary walk */
    }
    m->wide_block = tc_mem_alloc_walked(al, wide_block_size(count, leaves));
    if (m->wide_block) {
        m->wide = tc_mem_line_align(m->wide_block);
        m->leaves = (tc_mesh_leaf4 *)(m->wide + count); /* line-aligned: the nodes are whole lines */
        m->wide_count = count;
        m->leaf_count = leaves;
        collapse(m, pending, m->wide, m->leaves, (int32_t)((sizeof(tc_mesh_wide) * (size_t)count) / TC_MESH_WIDE_UNIT), &leaves);
    }
    tc_mem_free(al, pending, sizeof(collapse_job) * cap);
    return m->wide != NULL;
}

tc_mesh_data *tc_mesh_data_create(const tc_vec3 *vertices, int32_t vertex_count, const int32_t *indices,
                                  int32_t triangle_count, const tc_allocator *allocator)
{
    if (vertex_count < 0 || triangle_count < 0) return NULL;
    if (triangle_count > 0 && (!vertices || !indices)) return NULL;
    if (triangle_count > (INT32_MAX / 3) - 1) return NULL;
    for (int32_t i = 0; i < 3 * triangle_count; ++i)
        if (indices[i] < 0 || indices[i] >= vertex_count) return NULL;
    /* every vertex, used or not: the adjacency sorts them all */
    for (int32_t i = 0; vertices && i < vertex_count; ++i)
        if (!tc_vec3_finite(vertices[i])) return NULL;
    size_t n = (size_t)triangle_count;
    size_t nodes = n > 0 ? 2 * n - 1 : 1;
    size_t bytes = align8(sizeof(tc_mesh_data));
    size_t off_nodes = bytes; bytes += align8(sizeof(tc_mesh_node) * nodes);
    size_t off_corners = bytes; bytes += align8(sizeof(tc_vec3) * 3 * n);
    size_t off_order = bytes; bytes += align8(sizeof(int32_t) * n);
    size_t off_given = bytes; bytes += align8(sizeof(tc_vec3) * 3 * n);
    size_t off_neighbor = bytes; bytes += align8(sizeof(int32_t) * 3 * n);
    size_t off_kind = bytes; bytes += align8(3 * n);
    unsigned char *block = tc_mem_alloc(allocator, bytes);
    if (!block) return NULL;
    /* Only the header is cleared: every array is written in full below but
     * the nodes, of which the build uses about a third (leaves of up to 4),
     * and the pages of the rest are then never touched. */
    memset(block, 0, sizeof(tc_mesh_data));
    tc_mesh_data *m = (tc_mesh_data *)block;
    if (allocator) m->allocator = *allocator;
    m->bytes = bytes;
    m->triangle_count = triangle_count;
    m->nodes = (tc_mesh_node *)(block + off_nodes);
    m->corners = (tc_vec3 *)(block + off_corners);
    m->order = (int32_t *)(block + off_order);
    m->given = (tc_vec3 *)(block + off_given);
    m->neighbor = (int32_t *)(block + off_neighbor);
    m->kind = block + off_kind;
    for (size_t i = 0; i < 3 * n; ++i) m->given[i] = vertices[indices[i]];
    if (n == 0) {
        /* An empty box (min > max) that every test misses. */
        m->nodes[0].min = tc_vec3_make(INFINITY, INFINITY, INFINITY);
        m->nodes[0].max = tc_vec3_make(-INFINITY, -INFINITY, -INFINITY);
        m->node_count = 1;
        return m;
    }
    if (!build_adjacency(m, vertices, vertex_count, indices, allocator) || !build_tree(m, allocator) ||
        !build_wide(m, allocator)) {
        tc_mem_free(allocator, block, bytes);
        return NULL;
    }
    return m;
}

void tc_mesh_data_destroy(tc_mesh_data *mesh)
{
    if (!mesh) return;
    tc_allocator al = mesh->allocator;
    if (mesh->wide_block) tc_mem_free(&al, mesh->wide_block, wide_block_size(mesh->wide_count, mesh->leaf_count));
    tc_mem_free(&al, mesh, mesh->bytes);
}

int32_t tc_mesh_data_triangle_count(const tc_mesh_data *mesh)
{
    if (!TC_REQUIRE(mesh)) return 0;
    return mesh->triangle_count;
}

tc_triangle tc_mesh_data_triangle(const tc_mesh_data *mesh, int32_t index)
{
    tc_triangle t = { tc_vec3_zero(), tc_vec3_zero(), tc_vec3_zero() };
    if (!TC_REQUIRE(mesh && index >= 0 && index < mesh->triangle_count)) return t;
    t.a = mesh->given[3 * index];
    t.b = mesh->given[3 * index + 1];
    t.c = mesh->given[3 * index + 2];
    return t;
}

tc_mesh_edge_kind tc_mesh_data_edge(const tc_mesh_data *mesh, int32_t index, int32_t edge, int32_t *neighbor)
{
    if (!TC_REQUIRE(mesh && index >= 0 && index < mesh->triangle_count && edge >= 0 && edge < 3)) {
        if (neighbor) *neighbor = -1;
        return TC_MESH_EDGE_BOUNDARY;
    }
    if (neighbor) *neighbor = mesh->neighbor[3 * index + edge];
    return (tc_mesh_edge_kind)mesh->kind[3 * index + edge];
}

bool tc_mesh_data_bounds(const tc_mesh_data *mesh, tc_aabb *out)
{
    if (!TC_REQUIRE(mesh && out)) return false;
    if (mesh->triangle_count == 0) return false;
    out->min = mesh->nodes[0].min;
    out->max = mesh->nodes[0].max;
    return true;
}

int32_t tc_mesh_data_node_count(const tc_mesh_data *mesh)
{
    if (!TC_REQUIRE(mesh)) return 0;
    return mesh->node_count;
}

tc_aabb tc_mesh_data_node_bounds(const tc_mesh_data *mesh, int32_t index)
{
    tc_aabb b = { tc_vec3_zero(), tc_vec3_zero() };
    if (!TC_REQUIRE(mesh && index >= 0 && index < mesh->node_count)) return b;
    b.min = mesh->nodes[index].min;
    b.max = mesh->nodes[index].max;
    return b;
}

tc_mesh tc_mesh_make(const tc_mesh_data *data, tc_transform pose, float scale)
{
    tc_mesh m;
    m.data = data;
    m.position = pose.position;
    m.rotation = tc_mat3_from_quat(pose.rotation);
    m.scale = scale;
    return m;
}

bool tc_mesh_is_valid(const tc_mesh *m)
{
    if (!m || !m->data) return false;
    const tc_mat3 *r = &m->rotation;
    /* the ball about the data's box (an empty mesh has no points to place) */
    const bool empty = m->data->triangle_count == 0;
    const tc_vec3 lo = empty ? tc_vec3_zero() : m->data->nodes[0].min, hi = empty ? tc_vec3_zero() : m->data->nodes[0].max;
    /* The common case decided from the bits (every query starts here): with
     * the position within 2^64, the rotation's numbers within 16, the scale
     * and the data within 2^32, every placed point and the bound's every
     * partial sum are below 2^71, far inside the float range, so the bound
     * below holds (NaN sets the flag too). */
    const uint32_t beyond = tc_vec3_abs_above_flag(m->position, 0x1p64f) | tc_vec3_abs_above_flag(r->cx, 16.0f) |
                            tc_vec3_abs_above_flag(r->cy, 16.0f) | tc_vec3_abs_above_flag(r->cz, 16.0f) |
                            tc_abs_above_flag(m->scale, 0x1p32f) | tc_vec3_abs_above_flag(lo, 0x1p32f) |
                            tc_vec3_abs_above_flag(hi, 0x1p32f);
    if (!(beyond & TC_NONFINITE_FLAG)) return m->scale > 0.0f;
    const tc_dvec3 dlo = tc_dvec3_from(lo), dhi = tc_dvec3_from(hi);
    const tc_dvec3 c = tc_dvec3_scale(tc_dvec3_add(dlo, dhi), 0.5);
    const double radius = 0.5 * tc_dvec3_length(tc_dvec3_sub(dhi, dlo)) * (1.0 + 1e-12);
    return tc_vec3_finite(m->position) && tc_vec3_finite(r->cx) && tc_vec3_finite(r->cy) && tc_vec3_finite(r->cz) &&
           tc_is_finite(m->scale) && m->scale > 0.0f && tc_placement_in_range(m->position, r, m->scale, c, radius, lo, hi);
}

tc_triangle tc_mesh_triangle(const tc_mesh *m, int32_t index)
{
    tc_triangle t = tc_mesh_data_triangle(m->data, index);
    t.a = tc_vec3_add(m->position, tc_mat3_mul_vec3(m->rotation, tc_vec3_scale(t.a, m->scale)));
    t.b = tc_vec3_add(m->position, tc_mat3_mul_vec3(m->rotation, tc_vec3_scale(t.b, m->scale)));
    t.c = tc_vec3_add(m->position, tc_mat3_mul_vec3(m->rotation, tc_vec3_scale(t.c, m->scale)));
    return t;
}
