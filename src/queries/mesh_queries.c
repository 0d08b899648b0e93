/* SPDX-License-Identifier: MIT */
/* Queries against placed meshes: a walk of the hierarchy in the mesh's own
 * frame, and the triangle pair queries on the triangles it reaches.
 *
 * The query shape's world box is mapped into the data frame (a rotated box
 * grows to the box of its box, padded by a relative hair), so the walk reads
 * the stored float boxes as they are. Each triangle reached is placed in
 * double (position + rotation * scale * corner) and becomes a convex core,
 * so the pair itself is the library's general one (GJK, penetration axes,
 * feature clipping, conservative advancement).
 *
 * Internal edges: a contact or sweep normal that is not the triangle's face
 * normal comes from an edge or corner of the triangle. Where that edge is
 * shared with one neighbour, the normal is kept only if the surface has that
 * direction there (inside the arc between the two face normals of a ridge);
 * otherwise it becomes a face normal and the manifold is rebuilt along it
 * (normal_is_real). Border edges and edges three triangles share keep their
 * normals. */
#include <touche/mesh.h>

#include <stddef.h>
#include <string.h>

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
#endif

#include "core/bits.h"
#include "core/inline.h"
#include "core/prefetch.h"
#include "queries/manifold.h"
#include "queries/overlap_far.h"
#include "queries/pair_queries.h"
#include "queries/penetration.h"
#include "queries/ray.h"
#include "queries/shape_place.h"
#include "queries/mesh_deepest.h"
#include "queries/sweep_rigid.h"
#include "queries/sweep_rigid_start.h"
#include "queries/sweep_start.h"
#include "shapes/mesh_internal.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

#define TC_MESH_OVERLAP_PAD 1e-7
#define TC_MESH_STACK 256

typedef struct placement { tc_dvec3 p, axis[3]; double s; } placement;

static placement placement_of(const tc_mesh *m)
{
    placement pl;
    pl.p = tc_dvec3_from(m->position);
    pl.s = m->scale;
    pl.axis[0] = tc_dvec3_from(m->rotation.cx);
    pl.axis[1] = tc_dvec3_from(m->rotation.cy);
    pl.axis[2] = tc_dvec3_from(m->rotation.cz);
    return pl;
}

static tc_dvec3 place(const placement *pl, tc_vec3 v)
{
    tc_dvec3 r = pl->p;
    r = tc_dvec3_mad(r, pl->axis[0], pl->s * v.x);
    r = tc_dvec3_mad(r, pl->axis[1], pl->s * v.y);
    return tc_dvec3_mad(r, pl->axis[2], pl->s * v.z);
}

/* The triangle in leaf slot i as a core, placed in double. */
static void slot_core(const tc_mesh_data *d, const placement *pl, int32_t i, tc_core *c)
{
    memset(c, 0, sizeof *c);
    c->count = 3;
    for (int k = 0; k < 3; ++k) c->v[k] = place(pl, d->corners[3 * i + k]);
    tc_core_finish(c);
}

/* A world box as a box of the data frame, padded outwards. */
static void local_box(const placement *pl, tc_dvec3 lo, tc_dvec3 hi, float out_lo[3], float out_hi[3])
{
    tc_dvec3 c = tc_dvec3_scale(tc_dvec3_add(lo, hi), 0.5), h = tc_dvec3_scale(tc_dvec3_sub(hi, lo), 0.5);
    tc_dvec3 r = tc_dvec3_sub(c, pl->p);
    double pad = 1e-6 * (tc_dvec3_max_abs(r) + tc_dvec3_max_abs(h)) / pl->s;
    for (int k = 0; k < 3; ++k) {
        double cc = tc_dvec3_dot(pl->axis[k], r) / pl->s;
        double e = (fabs(pl->axis[k].x) * h.x + fabs(pl->axis[k].y) * h.y + fabs(pl->axis[k].z) * h.z) / pl->s + pad;
        /* saturated: a box reaching past the float range holds every
         * point of the data there (the data's coordinates are floats) */
        out_lo[k] = tc_float_saturated(cc - e) - 1e-30f;
        out_hi[k] = tc_float_saturated(cc + e) + 1e-30f;
        if (out_lo[k] > -FLT_MAX) out_lo[k] = nextafterf(out_lo[k], -INFINITY);
        if (out_hi[k] < FLT_MAX) out_hi[k] = nextafterf(out_hi[k], INFINITY);
    }
}

static bool node_meets(const tc_mesh_node *n, const float lo[3], const float hi[3])
{
    return n->min.x <= hi[0] && n->max.x >= lo[0] && n->min.y <= hi[1] && n->max.y >= lo[1] && n->min.z <= hi[2] &&
           n->max.z >= lo[2];
}

typedef bool (*slot_fn)(void *ctx, int32_t slot); /* false: stop the walk */

/* Every leaf slot whose node meets the box; a hierarchy deeper than the
 * stack is finished by visiting every slot (correct, only slower). */
static void walk_box(const tc_mesh_data *d, const float lo[3], const float hi[3], slot_fn fn, void *ctx)
{
    if (d->triangle_count == 0) return;
    int32_t stack[TC_MESH_STACK];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const tc_mesh_node *n = &d->nodes[stack[--top]];
        if (!node_meets(n, lo, hi)) continue;
        if (n->count > 0) {
            for (int32_t i = n->first; i < n->first + n->count; ++i)
                if (!fn(ctx, i)) return;
            continue;
        }
        if (top + 2 > TC_MESH_STACK) {
            for (int32_t i = 0; i < d->triangle_count; ++i)
                if (!fn(ctx, i)) return;
            return;
        }
        stack[top++] = n->first + 1;
        stack[top++] = n->first;
    }
}

static bool walk_all(const tc_mesh_data *d, slot_fn fn, void *ctx)
{
    for (int32_t i = 0; i < d->triangle_count; ++i)
        if (!fn(ctx, i)) return false;
    return true;
}

void tc_mesh_exact_bounds(const tc_mesh *m, double lo[3], double hi[3])
{
    placement pl = placement_of(m);
    const tc_mesh_node *root = &m->data->nodes[0];
    for (int k = 0; k < 3; ++k) {
        lo[k] = INFINITY;
        hi[k] = -INFINITY;
    }
    for (int i = 0; i < 8; ++i) {
        tc_vec3 c = tc_vec3_make(i & 1 ? root->max.x : root->min.x, i & 2 ? root->max.y : root->min.y,
                                 i & 4 ? root->max.z : root->min.z);
        tc_dvec3 w = place(&pl, c);
        const double wk[3] = { w.x, w.y, w.z };
        for (int k = 0; k < 3; ++k) {
            lo[k] = fmin(lo[k], wk[k]);
            hi[k] = fmax(hi[k], wk[k]);
        }
    }
}

bool tc_mesh_bounds(const tc_mesh *m, tc_aabb *out)
{
    if (!tc_mesh_is_valid(m) || !out || m->data->triangle_count == 0) return false;
    double l[3], h[3];
    tc_mesh_exact_bounds(m, l, h);
    const tc_dvec3 lo = tc_dvec3_make(l[0], l[1], l[2]), hi = tc_dvec3_make(h[0], h[1], h[2]);
    /* saturated at the float range, which holds a valid mesh (its placement
     * is inside it: tc_mesh_is_valid) */
    double pad = 1e-6 * (tc_dvec3_max_abs(lo) + tc_dvec3_max_abs(hi));
    out->min = tc_dvec3_to_saturated(tc_dvec3_make(lo.x - pad, lo.y - pad, lo.z - pad));
    out->max = tc_dvec3_to_saturated(tc_dvec3_make(hi.x + pad, hi.y + pad, hi.z + pad));
    return true;
}

/* ---- ray casts -------------------------------------------------------------- */
/* A ray in the data frame for the node slab tests, in float: the boxes are
 * float, padded by pad (tc_raycast_mesh says how large). */
typedef struct slab_ray { float o[3], inv[3], pad, drift[3]; bool zero[3]; } slab_ray;

/* Entry t of the padded box of node n along the ray within [0, limit], or
 * false. */
static inline bool ray_meets_node(const tc_mesh_node *n, const slab_ray *r, float limit, float *entry)
{
    const float lo[3] = { n->min.x - r->pad, n->min.y - r->pad, n->min.z - r->pad };
    const float hi[3] = { n->max.x + r->pad, n->max.y + r->pad, n->max.z + r->pad };
    float t0 = 0.0f, t1 = limit;
    for (int k = 0; k < 3; ++k) {
        if (r->zero[k]) {
            if (r->o[k] + r->drift[k] < lo[k] || r->o[k] - r->drift[k] > hi[k]) return false;
            continue;
        }
        float ta = (lo[k] - r->o[k]) * r->inv[k], tb = (hi[k] - r->o[k]) * r->inv[k];
        if (ta > tb) { float s = ta; ta = tb; tb = s; }
        if (ta > t0) t0 = ta;
        if (tb < t1) t1 = tb;
        if (!(t0 <= t1)) return false;
    }
    *entry = t0;
    return true;
}

/* What a ray walk has kept so far (its `found`): no hit, a hit, or a hit
 * whose normal is not yet normalised (tc_raycast_triangle_float_raw; the
 * walk normalises only the one it keeps to the end). */
enum { KEPT_NONE, KEPT_HIT, KEPT_RAW };

/* The ray (in the data frame) against triangle t, number `triangle` of the
 * mesh: keeps the nearest hit, ties to the lowest triangle number. in_float:
 * tc_ray_triangles_in_float said the checked cast is the float one for
 * this ray and every triangle of the mesh. */
static inline void cast_kept(const tc_ray *local, const tc_triangle *t, int32_t triangle, float max_t, bool in_float,
                             int *found, tc_ray_hit *best, float *limit)
{
    tc_ray_hit h;
    bool raw = false;
    const bool got = in_float ? tc_raycast_triangle_float_raw(local, t, max_t, *limit, &h, &raw)
                              : tc_raycast_triangle_checked(local, t, max_t, &h);
    /* Cast with the ray's own max_t, not the limit the hits so far leave:
     * a cast is not monotone in max_t (a ray in a triangle's plane is
     * clipped to [0, max_t] and its grazing entry moves with it), and brute
     * force casts every triangle with max_t. */
    if (got && h.t <= *limit &&
        (!*found || h.t < best->t || (h.t == best->t && triangle < best->feature))) {
        *found = raw ? KEPT_RAW : KEPT_HIT;
        *best = h;
        best->feature = triangle;
        *limit = h.t;
    }
}

/* The triangle in leaf slot i of the data. */
static inline tc_triangle slot_triangle(const tc_mesh_data *d, int32_t i)
{
    tc_triangle t;
    t.a = d->corners[3 * i];
    t.b = d->corners[3 * i + 1];
    t.c = d->corners[3 * i + 2];
    return t;
}

/* cast_kept for the triangle in leaf slot i, its own padded box first: the
 * node test with the triangle's box, which a leaf of one triangle would
 * have, so it drops no hit the hierarchy would keep, and most triangles of
 * a leaf the ray reaches lie off it. */
static inline void cast_slot(const tc_mesh_data *d, const tc_ray *local, const slab_ray *sr, float max_t,
                             int32_t i, int *found, tc_ray_hit *best, float *limit)
{
    const tc_triangle t = slot_triangle(d, i);
    tc_mesh_node box;
    box.min = tc_vec3_min(tc_vec3_min(t.a, t.b), t.c);
    box.max = tc_vec3_max(tc_vec3_max(t.a, t.b), t.c);
    float entry;
    if (!ray_meets_node(&box, sr, *limit, &entry)) return;
    cast_kept(local, &t, d->order[i], max_t, false, found, best, limit);
}

/* The ray for the four-wide slab test: per axis, the reciprocal, which
 * row of a node is the near side (hi when the direction is negative), also
 * as the byte offsets of the near and far rows in a node (chosen once a
 * ray, not once a node), and the padded origin offsets of the near and far
 * planes. */
typedef struct wide_ray { float inv[3], near_off[3], far_off[3]; size_t near_row[3], far_row[3]; bool near_hi[3]; } wide_ray;

static wide_ray wide_ray_of(const slab_ray *r)
{
    wide_ray w;
    for (int k = 0; k < 3; ++k) {
        w.inv[k] = r->inv[k];
        w.near_hi[k] = r->inv[k] < 0.0f;
        float lo = -r->pad - r->o[k], hi = r->pad - r->o[k];
        w.near_off[k] = w.near_hi[k] ? hi : lo;
        w.far_off[k] = w.near_hi[k] ? lo : hi;
        const size_t lo_row = offsetof(tc_mesh_wide, lo) + 4u * (size_t)k, hi_row = offsetof(tc_mesh_wide, hi) + 4u * (size_t)k;
        w.near_row[k] = w.near_hi[k] ? hi_row : lo_row;
        w.far_row[k] = w.near_hi[k] ? lo_row : hi_row;
    }
    return w;
}

/* Which of node n's four padded child boxes the ray meets within
 * [0, limit] (a lane mask), and their entry t. No direction component is
 * zero here, so no 0 * infinity. The boxes are the node's grid planes
 * (tc_mesh_wide_plane); the scalar lanes are the SIMD ones, operation for
 * operation. */
static inline int wide_meets(const tc_mesh_wide *n, const wide_ray *r, float limit, float t[4])
{
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
    __m128 tn = _mm_setzero_ps(), tf = _mm_set1_ps(limit);
    const __m128i zero = _mm_setzero_si128();
    /* The node's first 16 bytes, origin[3] and step[3] with live: the
     * origins by lane, and the steps widened to lanes and shifted into a
     * float's exponent (lane 3, from live, unused). */
    const __m128i head_bits = _mm_loadu_si128((const __m128i *)(const void *)n);
    const __m128 head = _mm_castsi128_ps(head_bits);
    const __m128i step_bytes = _mm_srli_si128(head_bits, 12);
    const __m128 steps = _mm_castsi128_ps(_mm_slli_epi32(_mm_unpacklo_epi16(_mm_unpacklo_epi8(step_bytes, zero), zero), 23));
    for (int k = 0; k < 3; ++k) {
        int32_t qn, qf;
        memcpy(&qn, (const unsigned char *)n + r->near_row[k], 4);
        memcpy(&qf, (const unsigned char *)n + r->far_row[k], 4);
        const __m128 step = k == 0 ? _mm_shuffle_ps(steps, steps, 0x00) : (k == 1 ? _mm_shuffle_ps(steps, steps, 0x55) : _mm_shuffle_ps(steps, steps, 0xaa));
        const __m128 origin = k == 0 ? _mm_shuffle_ps(head, head, 0x00) : (k == 1 ? _mm_shuffle_ps(head, head, 0x55) : _mm_shuffle_ps(head, head, 0xaa));
        const __m128 pn = _mm_add_ps(origin, _mm_mul_ps(_mm_cvtepi32_ps(_mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(qn), zero), zero)), step));
        const __m128 pf = _mm_add_ps(origin, _mm_mul_ps(_mm_cvtepi32_ps(_mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(qf), zero), zero)), step));
        const __m128 inv = _mm_set1_ps(r->inv[k]);
        tn = _mm_max_ps(tn, _mm_mul_ps(_mm_add_ps(pn, _mm_set1_ps(r->near_off[k])), inv));
        tf = _mm_min_ps(tf, _mm_mul_ps(_mm_add_ps(pf, _mm_set1_ps(r->far_off[k])), inv));
    }
    _mm_storeu_ps(t, tn);
    return _mm_movemask_ps(_mm_cmple_ps(tn, tf)) & n->live;
#else
    int mask = 0;
    for (int i = 0; i < 4; ++i) {
        float tn = 0.0f, tf = limit;
        for (int k = 0; k < 3; ++k) {
            const uint8_t *nr = r->near_hi[k] ? n->hi[k] : n->lo[k], *fr = r->near_hi[k] ? n->lo[k] : n->hi[k];
            float a = (tc_mesh_wide_plane(n, k, nr[i]) + r->near_off[k]) * r->inv[k];
            float b = (tc_mesh_wide_plane(n, k, fr[i]) + r->far_off[k]) * r->inv[k];
            tn = tn > a ? tn : a;
            tf = tf < b ? tf : b;
        }
        t[i] = tn;
        if (tn <= tf) mask |= 1 << i;
    }
    return mask & n->live;
#endif
}

/* The ray for a leaf block's test (leaf_candidates): the data-frame ray in
 * float, its slab reciprocals and pad, and the edge test's scale and the
 * part of its reach that is the same for every triangle; and how its
 * triangles are cast (cast_kept's in_float). */
typedef struct leaf_ray { float o[3], d[3], inv[3], pad, slack, edge_k; bool edges, in_float; } leaf_ray;

/* The ray's magnitudes the edge test takes: there its float products
 * neither overflow nor, for the error bound, matter below 2^-90. */
#define TC_MESH_EDGE_RANGE 0x1p32f

static leaf_ray leaf_ray_of(const tc_ray *local, const slab_ray *sr, const tc_mesh_data *d)
{
    leaf_ray l;
    const float o[3] = { local->origin.x, local->origin.y, local->origin.z };
    const float dir[3] = { local->dir.x, local->dir.y, local->dir.z };
    for (int k = 0; k < 3; ++k) {
        l.o[k] = o[k];
        l.d[k] = dir[k];
        l.inv[k] = sr->inv[k];
    }
    l.pad = sr->pad;
    const float dmax = tc_vec3_max_abs(local->dir);
    const tc_mesh_node *root = &d->nodes[0];
    const float mesh_big = tc_maxf(tc_vec3_max_abs(root->min), tc_vec3_max_abs(root->max));
    const float big = tc_maxf(tc_vec3_max_abs(local->origin), mesh_big);
    l.edges = big <= TC_MESH_EDGE_RANGE && dmax <= TC_MESH_EDGE_RANGE && dmax >= 1.0f / TC_MESH_EDGE_RANGE;
    l.in_float = tc_ray_triangles_in_float(local, mesh_big);
    /* 3 pad + M / 8, M = max|o| + max|v| + pad: leaf_candidates says why */
    l.slack = 3.0f * sr->pad + 0x1p-3f * (tc_vec3_max_abs(local->origin) + mesh_big + sr->pad);
    l.edge_k = 0x1p-16f * (tc_absf(dir[0]) + tc_absf(dir[1]) + tc_absf(dir[2]));
    return l;
}

/* Which of a leaf block's four triangles the ray may hit within [0, limit]
 * (a lane mask; the caller keeps the leaf's count of lanes). Two filters,
 * each dropping only a triangle the exact cast (tc_raycast_triangle) cannot
 * hit:
 *  - its box, padded by the walk's pad: the node test a leaf of one
 *    triangle would have (ray_meets_node, operation for operation);
 *  - the separating axes d x e of its three edges e. On the axis L =
 *    d x e the ray projects to one point, the triangle to the range of its
 *    corners' projections; a point within r of the triangle projects
 *    within r |L|_1 of that range. With w = o - a, e1 = b - a, e2 = c - a,
 *    u = w . (d x e2), v = d . (w x e1) and det = e1 . (d x e2) (Moller-
 *    Trumbore's), the corners project (from the ray's point) on d x e2 to
 *    -u and det - u, on d x e1 to v and v - det, on d x (e2 - e1) to -u - v
 *    and det - u - v, and |L|_1 <= |d|_1 ext, ext = |e1|_1 + |e2|_1.
 *    Where the exact cast reports a hit, it has tested a point x' of the
 *    ray rounded to float (x' = o + t d, or o itself for a hit at 0 against
 *    a float closest point), within its pads of the triangle: at most 2
 *    TC_PAD_REL = 2^-18 of R = |w|_1 + 2 ext + 3 pad (|x - a|_1 <= ext + 3
 *    pad in the padded box). The rounding puts x' within 2^-21 (M + ext)
 *    of the ray per axis, M = max|o| + max|v| + pad (|x'| <= M: x' lies in
 *    the padded box), and moving along d leaves the projection. The float
 *    u, v and det (from rounded w and e, each off by a relative 2^-24, and
 *    five roundings) are within 8 2^-24 |d|_1 ext (|w|_1 + ext) of the
 *    exact ones each, the values compared (sums of up to three of them, and
 *    one or two more roundings) within 28 2^-24 of |d|_1 ext (|w|_1 +
 *    ext), below 2^-19 |d|_1
 *    ext R. So a hit's point projects within |d|_1 ext (1.5 2^-18 R +
 *    2^-21 (M + ext)) of the float range, and a triangle is dropped only
 *    when both corners' values are beyond E = 2^-16 |d|_1 ext (R + M / 8)
 *    on one side: over 2.5 times that (2^-21 ext is within 2^-16 2 ext,
 *    with the room 2^-16 R leaves over 1.5 2^-18 R), room for E's own few
 *    roundings. (E once omitted the rounding of x', relative to M, not to
 *    R: far from the data frame's origin, a small triangle's hits just
 *    outside an edge were dropped; mesh_raycast_far_small_edges_equal_brute_force.)
 *    Underflow breaks relative bounds: E below 2^-90 (far above the
 *    underflows' absolute errors) drops nothing, and rays or meshes beyond
 *    TC_MESH_EDGE_RANGE take the box alone.
 * The scalar lanes are the SIMD ones, operation for operation. */
static inline int leaf_candidates(const tc_mesh_leaf4 *b, const leaf_ray *r, float limit)
{
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
    __m128 tn = _mm_setzero_ps(), tf = _mm_set1_ps(limit);
    const __m128 pad = _mm_set1_ps(r->pad);
    __m128 a[3], e1[3], e2[3], w[3], d[3];
    for (int k = 0; k < 3; ++k) {
        a[k] = _mm_loadu_ps(b->a[k]);
        const __m128 pb = _mm_loadu_ps(b->b[k]), pc = _mm_loadu_ps(b->c[k]);
        const __m128 o = _mm_set1_ps(r->o[k]), inv = _mm_set1_ps(r->inv[k]);
        const __m128 lo = _mm_sub_ps(_mm_min_ps(_mm_min_ps(a[k], pb), pc), pad);
        const __m128 hi = _mm_add_ps(_mm_max_ps(_mm_max_ps(a[k], pb), pc), pad);
        const __m128 ta = _mm_mul_ps(_mm_sub_ps(lo, o), inv), tb = _mm_mul_ps(_mm_sub_ps(hi, o), inv);
        tn = _mm_max_ps(tn, _mm_min_ps(ta, tb));
        tf = _mm_min_ps(tf, _mm_max_ps(ta, tb));
        e1[k] = _mm_sub_ps(pb, a[k]);
        e2[k] = _mm_sub_ps(pc, a[k]);
        w[k] = _mm_sub_ps(o, a[k]);
        d[k] = _mm_set1_ps(r->d[k]);
    }
    int mask = _mm_movemask_ps(_mm_cmple_ps(tn, tf));
    if (!mask || !r->edges) return mask;
    const __m128 px = _mm_sub_ps(_mm_mul_ps(d[1], e2[2]), _mm_mul_ps(d[2], e2[1]));
    const __m128 py = _mm_sub_ps(_mm_mul_ps(d[2], e2[0]), _mm_mul_ps(d[0], e2[2]));
    const __m128 pz = _mm_sub_ps(_mm_mul_ps(d[0], e2[1]), _mm_mul_ps(d[1], e2[0]));
    const __m128 qx = _mm_sub_ps(_mm_mul_ps(w[1], e1[2]), _mm_mul_ps(w[2], e1[1]));
    const __m128 qy = _mm_sub_ps(_mm_mul_ps(w[2], e1[0]), _mm_mul_ps(w[0], e1[2]));
    const __m128 qz = _mm_sub_ps(_mm_mul_ps(w[0], e1[1]), _mm_mul_ps(w[1], e1[0]));
    const __m128 det = _mm_add_ps(_mm_add_ps(_mm_mul_ps(e1[0], px), _mm_mul_ps(e1[1], py)), _mm_mul_ps(e1[2], pz));
    const __m128 u = _mm_add_ps(_mm_add_ps(_mm_mul_ps(w[0], px), _mm_mul_ps(w[1], py)), _mm_mul_ps(w[2], pz));
    const __m128 v = _mm_add_ps(_mm_add_ps(_mm_mul_ps(d[0], qx), _mm_mul_ps(d[1], qy)), _mm_mul_ps(d[2], qz));
    const __m128 sign = _mm_set1_ps(-0.0f);
    __m128 ext = _mm_setzero_ps(), wn = _mm_setzero_ps();
    for (int k = 0; k < 3; ++k) {
        ext = _mm_add_ps(_mm_add_ps(ext, _mm_andnot_ps(sign, e1[k])), _mm_andnot_ps(sign, e2[k]));
        wn = _mm_add_ps(wn, _mm_andnot_ps(sign, w[k]));
    }
    const __m128 reach = _mm_add_ps(_mm_add_ps(wn, _mm_add_ps(ext, ext)), _mm_set1_ps(r->slack));
    const __m128 big = _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(r->edge_k), ext), reach), small = _mm_sub_ps(_mm_setzero_ps(), big);
    const __m128 s = _mm_add_ps(u, v), nu = _mm_sub_ps(_mm_setzero_ps(), u), ns = _mm_sub_ps(_mm_setzero_ps(), s);
    const __m128 a2 = nu, b2 = _mm_sub_ps(det, u), a1 = v, b1 = _mm_sub_ps(v, det), a3 = ns, b3 = _mm_sub_ps(det, s);
    __m128 off = _mm_or_ps(_mm_cmpgt_ps(_mm_min_ps(a1, b1), big), _mm_cmplt_ps(_mm_max_ps(a1, b1), small));
    off = _mm_or_ps(off, _mm_or_ps(_mm_cmpgt_ps(_mm_min_ps(a2, b2), big), _mm_cmplt_ps(_mm_max_ps(a2, b2), small)));
    off = _mm_or_ps(off, _mm_or_ps(_mm_cmpgt_ps(_mm_min_ps(a3, b3), big), _mm_cmplt_ps(_mm_max_ps(a3, b3), small)));
    off = _mm_and_ps(off, _mm_cmpge_ps(big, _mm_set1_ps(0x1p-90f)));
    return mask & ~_mm_movemask_ps(off);
#else
    int mask = 0;
    for (int j = 0; j < 4; ++j) {
        float tn = 0.0f, tf = limit, a[3], e1[3], e2[3], w[3];
        for (int k = 0; k < 3; ++k) {
            a[k] = b->a[k][j];
            const float pb = b->b[k][j], pc = b->c[k][j];
            const float lo = tc_minf(tc_minf(a[k], pb), pc) - r->pad, hi = tc_maxf(tc_maxf(a[k], pb), pc) + r->pad;
            const float ta = (lo - r->o[k]) * r->inv[k], tb = (hi - r->o[k]) * r->inv[k];
            tn = tc_maxf(tn, tc_minf(ta, tb));
            tf = tc_minf(tf, tc_maxf(ta, tb));
            e1[k] = pb - a[k];
            e2[k] = pc - a[k];
            w[k] = r->o[k] - a[k];
        }
        if (!(tn <= tf)) continue;
        mask |= 1 << j;
        if (!r->edges) continue;
        const float *d = r->d;
        const float px = d[1] * e2[2] - d[2] * e2[1], py = d[2] * e2[0] - d[0] * e2[2], pz = d[0] * e2[1] - d[1] * e2[0];
        const float qx = w[1] * e1[2] - w[2] * e1[1], qy = w[2] * e1[0] - w[0] * e1[2], qz = w[0] * e1[1] - w[1] * e1[0];
        const float det = e1[0] * px + e1[1] * py + e1[2] * pz;
        const float u = w[0] * px + w[1] * py + w[2] * pz;
        const float v = d[0] * qx + d[1] * qy + d[2] * qz;
        float ext = 0.0f, wn = 0.0f;
        for (int k = 0; k < 3; ++k) {
            ext = ext + tc_absf(e1[k]) + tc_absf(e2[k]);
            wn = wn + tc_absf(w[k]);
        }
        const float big = r->edge_k * ext * (wn + (ext + ext) + r->slack), small = 0.0f - big;
        const float s = u + v;
        const float lo3[3] = { tc_minf(v, v - det), tc_minf(0.0f - u, det - u), tc_minf(0.0f - s, det - s) };
        const float hi3[3] = { tc_maxf(v, v - det), tc_maxf(0.0f - u, det - u), tc_maxf(0.0f - s, det - s) };
        bool off = false;
        for (int i = 0; i < 3; ++i) off = off || lo3[i] > big || hi3[i] < small;
        if (off && big >= 0x1p-90f) mask &= ~(1 << j);
    }
    return mask;
#endif
}

/* The ray against a leaf block's first count triangles: as cast_slot, the
 * nearest hit kept, ties to the lowest triangle index; only the lanes the
 * filter keeps are cast. Out of line: inlined, its many vectors crowded the
 * walk's out of registers. */
TC_NO_INLINE void cast_leaf(const tc_mesh_leaf4 *b, int count, const tc_ray *local, const leaf_ray *lr, float max_t,
                             int *found, tc_ray_hit *best, float *limit)
{
    int mask = leaf_candidates(b, lr, *limit) & ((1 << count) - 1);
    while (mask) {
        const int j = tc_lowest_bit((unsigned)mask);
        mask &= mask - 1;
        tc_triangle t;
        t.a = tc_vec3_make(b->a[0][j], b->a[1][j], b->a[2][j]);
        t.b = tc_vec3_make(b->b[0][j], b->b[1][j], b->b[2][j]);
        t.c = tc_vec3_make(b->c[0][j], b->c[1][j], b->c[2][j]);
        cast_kept(local, &t, b->tri[j], max_t, lr->in_float, found, best, limit);
    }
}

typedef struct wide_entry { int32_t code, count; float t; } wide_entry;

/* A walk deeper than its stack finishes by brute force over every slot
 * (correct, only slower); out of line, it is never reached in practice. */
TC_NO_INLINE void cast_all_slots(const tc_mesh_data *d, const tc_ray *local, const slab_ray *sr, float max_t, int *found,
                                 tc_ray_hit *best, float *limit)
{
    for (int32_t i = 0; i < d->triangle_count; ++i) cast_slot(d, local, sr, max_t, i, found, best, limit);
}

/* Pushes the children of a node the ray meets (lane mask, entry t), the
 * farthest deepest (wide_prefetch_children has started loading them).
 * Sorted in place on top of the stack; ties keep lane order, the later lane
 * on top. Returns the new top. */
static inline int wide_push(const tc_mesh_wide *n, int mask, const float t[4], wide_entry *stack, int top)
{
    wide_entry *hit4 = &stack[top];
    int k = 0;
    while (mask) {
        const int i = tc_lowest_bit((unsigned)mask);
        mask &= mask - 1;
        wide_entry x = { n->child[i], n->count[i], t[i] };
        int j = k++;
        while (j > 0 && hit4[j - 1].t < x.t) { hit4[j] = hit4[j - 1]; --j; }
        hit4[j] = x;
    }
    return top + k;
}

/* Starts loading all four children of node n before the node's own test
 * says which the ray meets: each node's address is known only once its
 * parent's line is in, and the test's latency then overlaps the children's
 * loads (CPU time a ray on the bench terrain, 11 interleaved runs: ~1.5 ->
 * ~1.2 us). Three lines each: a leaf block's 160 bytes, or a wide node and
 * the two numbered after it, its first internal child and grandchild
 * (collapse numbers depth first), which often come next. Branch free: the
 * codes give either kind's address (tc_mesh_wide_child); an unused lane
 * reads the root, always in cache. Every address is inside the block:
 * leaf blocks follow the wide nodes. */
static inline void wide_prefetch_children(const tc_mesh_data *d, const tc_mesh_wide *n)
{
    for (int c = 0; c < 4; ++c) {
        const char *p = tc_mesh_wide_child(d, n->child[c]);
        TC_PREFETCH(p), TC_PREFETCH(p + 64), TC_PREFETCH(p + 128);
    }
}

/* The four-wide walk: nearest child first, each pop skipped once a hit is
 * nearer than its entry. Most nodes a ray enters it leaves by one child
 * (the bench terrain's rays: half the nodes, a third by two): that child
 * is walked next without touching the stack; of two or more, the nearest
 * is. */
static void cast_wide(const tc_mesh_data *d, const tc_ray *local, const slab_ray *sr, float max_t, int *found, tc_ray_hit *best,
                      float *limit)
{
    const wide_ray wr = wide_ray_of(sr);
    const leaf_ray lr = leaf_ray_of(local, sr, d);
    wide_entry stack[TC_MESH_STACK];
    int top = 0;
    wide_entry e = { 0, 0, 0.0f };
    for (;;) {
        if (e.code >= 0) {
            const tc_mesh_wide *n = (const tc_mesh_wide *)(const void *)tc_mesh_wide_child(d, e.code);
            wide_prefetch_children(d, n);
            float t[4];
            const int mask = wide_meets(n, &wr, *limit, t);
            const int rest = mask & (mask - 1);
            if (mask && !rest) { /* one: walked next */
                const int i = tc_lowest_bit((unsigned)mask);
                e = (wide_entry){ n->child[i], n->count[i], t[i] };
                continue;
            }
            if (rest && !(rest & (rest - 1))) {
                /* two: the nearer walked next, the other pushed (ordered as
                 * wide_push orders them: of equal entries the later lane first) */
                const int i = tc_lowest_bit((unsigned)mask), j = tc_lowest_bit((unsigned)rest);
                const bool later_first = t[j] <= t[i];
                const int near = later_first ? j : i, far = later_first ? i : j;
                if (top + 1 > TC_MESH_STACK) {
                    cast_all_slots(d, local, sr, max_t, found, best, limit);
                    return;
                }
                top = wide_push(n, 1 << far, t, stack, top);
                e = (wide_entry){ n->child[near], n->count[near], t[near] };
                continue;
            }
            if (rest) {
                if (top + 4 > TC_MESH_STACK) {
                    cast_all_slots(d, local, sr, max_t, found, best, limit);
                    return;
                }
                top = wide_push(n, mask, t, stack, top);
                e = stack[--top]; /* met within the limit, which has not moved since */
                continue;
            }
        } else {
            cast_leaf((const tc_mesh_leaf4 *)(const void *)tc_mesh_wide_child(d, e.code), e.count, local, &lr, max_t, found, best,
                      limit);
        }
        do {
            if (top == 0) return;
            e = stack[--top];
        } while (!(e.t <= *limit)); /* a nearer hit was found meanwhile */
    }
}

/* The binary walk: for rays with a zero direction component, which the
 * four-wide slab test does not take, and trees whose root is a leaf. */
static void cast_binary(const tc_mesh_data *d, const tc_ray *local, const slab_ray *sr, float max_t, int *found, tc_ray_hit *best,
                        float *limit)
{
    int32_t stack[TC_MESH_STACK];
    int top = 0;
    stack[top++] = 0;
    float root_entry;
    if (!ray_meets_node(&d->nodes[0], sr, *limit, &root_entry)) return;
    float entries[TC_MESH_STACK];
    entries[0] = root_entry;
    while (top > 0) {
        --top;
        const tc_mesh_node *n = &d->nodes[stack[top]];
        if (!(entries[top] <= *limit)) continue; /* a nearer hit was found meanwhile */
        if (n->count > 0) {
            for (int32_t i = n->first; i < n->first + n->count; ++i) cast_slot(d, local, sr, max_t, i, found, best, limit);
            continue;
        }
        if (top + 2 > TC_MESH_STACK) {
            cast_all_slots(d, local, sr, max_t, found, best, limit);
            break;
        }
        /* Both children's boxes; the nearer one last on the stack, so it is
         * walked first and its hits shorten the ray for the other. */
        float el = 0.0f, er = 0.0f; /* written by ray_meets_node when it answers true */
        bool hl = ray_meets_node(&d->nodes[n->first], sr, *limit, &el);
        bool hr = ray_meets_node(&d->nodes[n->first + 1], sr, *limit, &er);
        if (hl && hr) {
            bool left_first = el <= er;
            stack[top] = left_first ? n->first + 1 : n->first;
            entries[top++] = left_first ? er : el;
            stack[top] = left_first ? n->first : n->first + 1;
            entries[top++] = left_first ? el : er;
        } else if (hl) {
            stack[top] = n->first;
            entries[top++] = el;
        } else if (hr) {
            stack[top] = n->first + 1;
            entries[top++] = er;
        }
    }
}

bool tc_raycast_mesh(const tc_ray *ray, const tc_mesh *shape, float max_t, tc_ray_hit *hit)
{
    if (!tc_ray_is_usable(ray, max_t) || !tc_mesh_is_valid(shape)) return false;
    const tc_mesh_data *d = shape->data;
    if (d->triangle_count == 0) return false;
    placement pl = placement_of(shape);
    tc_dvec3 r = tc_dvec3_sub(tc_dvec3_from(ray->origin), pl.p), w = tc_dvec3_from(ray->dir);
    double o[3], dir[3];
    for (int k = 0; k < 3; ++k) {
        o[k] = tc_dvec3_dot(pl.axis[k], r) / pl.s;
        dir[k] = tc_dvec3_dot(pl.axis[k], w) / pl.s;
    }
    const tc_mesh_node *root = &d->nodes[0];
    /* The walk's pad holds the exact cast's: tc_raycast_triangle keeps a
     * crossing within 2 TC_PAD_REL = 2^-18 of (mag + |x - a|_1) of the
     * triangle (its in-plane case; mag = |o - a|_1 + |e1|_1 + |e2|_1), and
     * |o - a|_1 <= |o|_1 + 3 max|a|, |e1|_1 + |e2|_1 <= the mesh's largest
     * (triangle_reach), |x - a|_1 <= that + 3 pad. Twice that bound, which
     * is also far above the rounding of a float slab (a few 2^-24 of the
     * magnitudes). A pad of 1e-6 of them dropped hits the cast kept, up to
     * a few of its pads outside an edge (mesh_raycast_edge_pads_equal_brute_force). */
    /* all finite: the ray and the placement are, and |o|, |dir| < 1e84 */
    const double big = tc_maxf(tc_vec3_max_abs(root->min), tc_vec3_max_abs(root->max));
    const double omax = tc_dvec3_max_abs(tc_dvec3_make(o[0], o[1], o[2]));
    const double dmax = tc_dvec3_max_abs(tc_dvec3_make(dir[0], dir[1], dir[2]));
    if (!(omax < FLT_MAX && dmax < FLT_MAX)) {
        /* The frame change carries the ray beyond the float range (a mesh
         * of tiny scale, a ray from far away; rounding it to float would
         * overflow): every placed triangle is cast in world space instead,
         * where the ray and the triangles are floats (a valid mesh's are). */
        int found = KEPT_NONE; /* never KEPT_RAW: the checked casts */
        tc_ray_hit best;
        float limit = max_t;
        for (int32_t i = 0; i < d->triangle_count; ++i) {
            const tc_triangle t = tc_mesh_triangle(shape, i);
            cast_kept(ray, &t, i, max_t, false, &found, &best, &limit);
        }
        if (found && hit) *hit = best;
        return found != KEPT_NONE;
    }
    const double pad = 0x1p-17 * (fabs(o[0]) + fabs(o[1]) + fabs(o[2]) + 3.0 * big + 2.0 * (double)d->triangle_reach);
    /* The float slab tests take differences of coordinates up to M and
     * their products with the reciprocals (up to 1e30): where these could
     * pass 2^126 (a ray or mesh near the end of the float range, or a tiny
     * direction far from the mesh), every triangle is cast instead, without
     * the walk (the casts take any float ray). */
    const double M = omax + big + pad;
    slab_ray sr;
    double inv[3], inv_max = 0.0;
    for (int k = 0; k < 3; ++k) {
        /* A component this small has no reciprocal the slab products can
         * take without overflowing: the axis is then tested as a range of
         * the origin, widened by how far the ray moves along it up to max_t
         * (rounded up; the whole axis when max_t is infinite), so the test
         * drops no node whatever the scale of the ray and the mesh. */
        sr.zero[k] = !(fabs(dir[k]) > 1e-30);
        inv[k] = sr.zero[k] ? 0.0 : 1.0 / dir[k];
        if (fabs(inv[k]) > inv_max) inv_max = fabs(inv[k]);
    }
    const bool slabs = M < 0x1p100 && 2.0 * M * inv_max < 0x1p126 && dmax < 0x1p100; /* and the leaf filter's sums of |dir| */
    sr.pad = tc_float_next_up((float)pad);
    for (int k = 0; k < 3; ++k) {
        sr.o[k] = (float)o[k];
        sr.inv[k] = (float)inv[k];
        sr.drift[k] = sr.zero[k] && dir[k] != 0.0 ? nextafterf((float)(fabs(dir[k]) * max_t), INFINITY) : 0.0f;
    }
    /* The triangles are cast in the data frame: an affine map keeps t, so
     * only the normal and point of the hit go back to world space. */
    tc_ray local;
    local.origin = tc_vec3_make((float)o[0], (float)o[1], (float)o[2]);
    local.dir = tc_vec3_make((float)dir[0], (float)dir[1], (float)dir[2]);
    /* Tested once here, not by every triangle's cast (a ray the frame
     * change carried beyond the float range is then missed by all of them,
     * as brute force misses it); the triangles were tested when the mesh
     * was made. */
    if (!tc_ray_is_usable(&local, max_t)) return false;
    int found = KEPT_NONE;
    tc_ray_hit best;
    float limit = max_t;
    if (!slabs) {
        for (int32_t i = 0; i < d->triangle_count; ++i) {
            const tc_triangle t = slot_triangle(d, i);
            cast_kept(&local, &t, d->order[i], max_t, false, &found, &best, &limit);
        }
    } else if (d->wide && !sr.zero[0] && !sr.zero[1] && !sr.zero[2]) {
        cast_wide(d, &local, &sr, max_t, &found, &best, &limit);
    } else {
        cast_binary(d, &local, &sr, max_t, &found, &best, &limit);
    }
    if (found && hit) {
        /* The point is made in world space below: the data frame's is not needed. */
        tc_vec3 nl = found == KEPT_RAW ? tc_vec3_normalize(best.normal) : best.normal;
        best.normal = tc_vec3_normalize(tc_vec3_add(tc_vec3_add(tc_vec3_scale(shape->rotation.cx, nl.x),
                                                                tc_vec3_scale(shape->rotation.cy, nl.y)),
                                                    tc_vec3_scale(shape->rotation.cz, nl.z)));
        /* A direction of 1e-45 divided by the mesh's scale rounds to zero in
         * the data frame, where a start on a triangle then faces no
         * direction (libFuzzer: a zero normal): the normal faces the ray, as
         * every start on or in a shape does. */
        if (tc_vec3_dot(best.normal, best.normal) == 0.0f) best.normal = tc_vec3_neg(tc_vec3_normalize(ray->dir));
        best.point = best.t == 0.0f ? ray->origin : tc_ray_point_at(ray, best.t);
        *hit = best;
    }
    return found != KEPT_NONE;
}

/* ---- overlap, distance ---------------------------------------------------- */
typedef struct core_walk {
    const tc_mesh_data *d;
    placement pl;
    const tc_core *a;
    const tc_half_space *h; /* the plane pairs */
    bool found;
    double best;             /* distance so far */
    tc_dvec3 qa, qb;
    tc_mesh_contact *out;
    int32_t capacity, count;
    tc_dvec3 back; /* contacts: the walk's move (tc_core_recentre), undone on each manifold */
    /* sweeps */
    tc_dvec3 va, vb;
    double max_t;
    tc_sweep_hit hit;
    int32_t hit_slot;
    tc_manifold *deepest; /* contacts: the deepest triangle's manifold, if asked */
    float deepest_depth;
    int32_t deepest_tri;
    bool moved;     /* the internal-edge test on a sweep: triangles moved by shift */
    tc_dvec3 shift;
    tc_rigid_motion ma, mb; /* rotating sweeps: the motions of A (its own frame) and of the mesh, made once */
} core_walk;

/* Beyond the float tests' range (overlap_far.h) the overlap pads, of the
 * scale, differ from the distance query's rounding rule: a hull at
 * distance 0 from a triangle with a corner at 1e20 did not overlap the
 * mesh. There, overlap and contact decide touching as the sweeps decide
 * their start (tc_sweep_start_apart: the distance's rule, GJK's rounding
 * snapped, and with a hull its overlap band), so distance 0, overlap,
 * contact and a sweep at t = 0 agree: whether the walk's shape and
 * triangle t are that far, and *touching if so. */
static bool far_touching(const core_walk *w, const tc_core *t, bool *touching)
{
    const double scale = w->h ? fmax(t->scale, fabs(w->h->offset)) : fmax(t->scale, w->a->scale);
    if (2.0 * scale <= TC_OVERLAP_FLOAT_RANGE) return false;
    if (w->h) {
        *touching = tc_core_distance_plane(t, w->h, NULL, NULL) == 0.0f;
    } else {
        tc_gjk_result r;
        tc_gjk_distance(w->a, t, &r);
        *touching = !tc_sweep_start_apart(w->a, t, &r, w->a->radius + t->radius);
    }
    return true;
}

/* Whether triangle t reaches the walk's half-space within the overlap
 * test's band: the overlap test, and the contact's (so they agree). */
static bool plane_touching(const core_walk *w, const tc_core *t)
{
    return tc_core_plane_touching(t, w->h, TC_MESH_OVERLAP_PAD);
}

static bool overlap_slot(void *ctx, int32_t slot)
{
    core_walk *w = ctx;
    tc_core t;
    slot_core(w->d, &w->pl, slot, &t);
    if (far_touching(w, &t, &w->found)) return !w->found;
    if (w->h) {
        w->found = plane_touching(w, &t);
        return !w->found;
    }
    double scale = w->a->scale > t.scale ? w->a->scale : t.scale;
    w->found = tc_gjk_within(w->a, &t, w->a->radius + TC_MESH_OVERLAP_PAD * scale);
    return !w->found;
}

static bool distance_slot(void *ctx, int32_t slot)
{
    core_walk *w = ctx;
    tc_core t;
    slot_core(w->d, &w->pl, slot, &t);
    tc_vec3 pa, pb;
    float dist;
    if (w->h) dist = tc_core_distance_plane(&t, w->h, &pb, &pa);
    else dist = tc_core_distance(w->a, &t, &pa, &pb);
    if (!w->found || dist < w->best) {
        w->found = true;
        w->best = dist;
        w->qa = tc_dvec3_from(pa);
        w->qb = tc_dvec3_from(pb);
    }
    return true;
}

/* World box of a core (rounded shapes included). */
static void core_box(const tc_core *c, tc_dvec3 *lo, tc_dvec3 *hi)
{
    double l[3], h[3];
    const tc_dvec3 axes[3] = { tc_dvec3_make(1, 0, 0), tc_dvec3_make(0, 1, 0), tc_dvec3_make(0, 0, 1) };
    for (int k = 0; k < 3; ++k) {
        tc_core_project(c, axes[k], &l[k], &h[k]);
        l[k] -= c->radius;
        h[k] += c->radius;
    }
    *lo = tc_dvec3_make(l[0], l[1], l[2]);
    *hi = tc_dvec3_make(h[0], h[1], h[2]);
}

/* Far beyond the float tests' range, touching is the distance's rule
 * (far_touching; the sweeps' start likewise, tc_sweep_start_apart): GJK's
 * distance, whose error on a triangle reaching that far can be far more
 * than its rounding (a sphere 1e8 from a triangle reaching 1e20 is at
 * distance 0), though within the tolerance band (TC_TOLERANCE of the
 * scale: 1e15 there). A box [lo, hi] about the walk's shape grows by the
 * band, so the walk meets every triangle the distance may call touching.
 * The scale: the mesh's placed reach from the walk's origin, or the
 * shape's. Only there: nearer, the box is the shape's own. */
static void far_grow(const core_walk *w, tc_dvec3 *lo, tc_dvec3 *hi)
{
    const tc_mesh_node *root = &w->d->nodes[0];
    const double turn = tc_dvec3_max_abs(w->pl.axis[0]) + tc_dvec3_max_abs(w->pl.axis[1]) + tc_dvec3_max_abs(w->pl.axis[2]);
    const double reach =
        tc_dvec3_max_abs(w->pl.p) + w->pl.s * fmax(tc_vec3_max_abs(root->min), tc_vec3_max_abs(root->max)) * turn;
    const double scale = fmax(reach, w->a->scale);
    if (2.0 * scale <= TC_OVERLAP_FLOAT_RANGE) return;
    const double g = TC_TOLERANCE * scale;
    *lo = tc_dvec3_sub(*lo, tc_dvec3_make(g, g, g));
    *hi = tc_dvec3_add(*hi, tc_dvec3_make(g, g, g));
}

/* Every triangle that may touch the walk's shape: all of them for a plane's
 * half-space, else those in the hierarchy nodes that meet its box. */
static void walk_near(core_walk *w, slot_fn fn)
{
    if (w->h) {
        walk_all(w->d, fn, w);
        return;
    }
    tc_dvec3 lo, hi;
    core_box(w->a, &lo, &hi);
    far_grow(w, &lo, &hi);
    float blo[3], bhi[3];
    local_box(&w->pl, lo, hi, blo, bhi);
    walk_box(w->d, blo, bhi, fn, w);
}

/* A walk of mesh m for shape a (or the half-space h). */
static void walk_begin(core_walk *w, const tc_core *a, const tc_half_space *h, const tc_mesh *m)
{
    memset(w, 0, sizeof *w);
    w->d = m->data;
    w->pl = placement_of(m);
    w->a = a;
    w->h = h;
}

/* The same relative to A's centre: *rel is A moved there (tc_core_recentre)
 * and the mesh's placement moved with it, w->back the move; the pads (of
 * the scale) are then of the pair's sizes and separation wherever the pair
 * is. A plane's walk (a NULL) is not moved. */
static void walk_begin_relative(core_walk *w, tc_core *rel, const tc_core *a, const tc_half_space *h, const tc_mesh *m)
{
    if (!a) {
        walk_begin(w, a, h, m);
        return;
    }
    *rel = *a;
    walk_begin(w, rel, h, m);
    w->back = tc_core_recentre(rel);
    w->pl.p = tc_dvec3_add(w->pl.p, w->back);
}

/* relative: run relative to A's centre (walk_begin_relative); else the pad
 * is of the coordinates, for a point, whose own rounding is of its
 * coordinates. */
static bool mesh_overlap(const tc_core *a, const tc_half_space *h, const tc_mesh *m, bool relative)
{
    core_walk w;
    tc_core rel;
    if (relative) walk_begin_relative(&w, &rel, a, h, m);
    else walk_begin(&w, a, h, m);
    walk_near(&w, overlap_slot);
    return w.found;
}

static float mesh_distance(const tc_core *a, const tc_half_space *h, const tc_mesh *m, tc_vec3 *point_a, tc_vec3 *point_b)
{
    core_walk w;
    tc_core rel;
    /* relative, as mesh_overlap: GJK's tolerances of the pair's scale, not
     * of the coordinates (at 1e12 those joined a sphere 0.01 away) */
    walk_begin_relative(&w, &rel, a, h, m);
    a = w.a;
    if (w.d->triangle_count == 0) return INFINITY;
    if (h) {
        walk_all(w.d, distance_slot, &w);
    } else {
        /* Grow a box around A until it holds a triangle; then the triangles
         * within the distance found are all inside the box grown by it. */
        tc_dvec3 lo, hi;
        core_box(a, &lo, &hi);
        double grow = a->size * 0.5 + 1e-30;
        for (int it = 0; it < 64 && !w.found; ++it, grow *= 4.0) {
            float blo[3], bhi[3];
            tc_dvec3 g = tc_dvec3_make(grow, grow, grow);
            local_box(&w.pl, tc_dvec3_sub(lo, g), tc_dvec3_add(hi, g), blo, bhi);
            walk_box(w.d, blo, bhi, distance_slot, &w);
        }
        if (!w.found) walk_all(w.d, distance_slot, &w);
        /* The first pass's answer stays a candidate: a triangle whose GJK
         * distance sits inside its band (0 for a segment reaching FLT_MAX
         * 7 units from a capsule) need not reach into the box grown by it,
         * and a second pass started afresh took the farthest triangle it met
         * (2.4e38; the pair fuzzer). */
        double best = w.best;
        float blo[3], bhi[3];
        tc_dvec3 g = tc_dvec3_make(best, best, best);
        local_box(&w.pl, tc_dvec3_sub(lo, g), tc_dvec3_add(hi, g), blo, bhi);
        walk_box(w.d, blo, bhi, distance_slot, &w);
    }
    if (point_a) *point_a = tc_dvec3_to(tc_dvec3_sub(w.qa, w.back));
    if (point_b) *point_b = tc_dvec3_to(tc_dvec3_sub(w.qb, w.back));
    return (float)w.best;
}

/* ---- internal edges ---------------------------------------------------------- */
/* The face normal of neighbour `nb` across edge e of the placed triangle t,
 * on the side that continues fs (t's normal on the shape's side) over the
 * edge: zero when the neighbour has no plane. */
static tc_dvec3 neighbor_normal(const core_walk *w, int32_t nb, const tc_core *t, int e, tc_dvec3 fs)
{
    tc_dvec3 p0 = t->v[e], p1 = t->v[(e + 1) % 3];
    tc_dvec3 eu = tc_dvec3_normalize(tc_dvec3_sub(p1, p0));
    /* The neighbour's corner off the edge: the one furthest from its line. */
    tc_dvec3 far = p0;
    double best = -1.0;
    for (int k = 0; k < 3; ++k) {
        tc_dvec3 q = place(&w->pl, w->d->given[3 * nb + k]);
        if (w->moved) q = tc_dvec3_add(q, w->shift);
        tc_dvec3 r = tc_dvec3_sub(q, p0);
        double off = tc_dvec3_length_sq(tc_dvec3_mad(r, eu, -tc_dvec3_dot(r, eu)));
        if (off > best) { best = off; far = q; }
    }
    tc_dvec3 rn = tc_dvec3_sub(far, p0), rt = tc_dvec3_sub(t->v[(e + 2) % 3], p0);
    tc_dvec3 wn = tc_dvec3_mad(rn, eu, -tc_dvec3_dot(rn, eu)), wt = tc_dvec3_mad(rt, eu, -tc_dvec3_dot(rt, eu));
    /* Unfolding t onto the neighbour keeps the frame (edge, inward, normal)
     * right- or left-handed: the neighbour's inward direction is -wn. */
    double hand = tc_dvec3_dot(tc_dvec3_cross(eu, wt), fs) >= 0.0 ? 1.0 : -1.0;
    return tc_dvec3_normalize(tc_dvec3_scale(tc_dvec3_cross(eu, tc_dvec3_neg(wn)), hand));
}

/* Where u (a unit direction from a triangle towards the shape) falls in the
 * arc from fs to gs seen along their shared edge: 0 inside (the directions
 * from which a ridge is the closest feature), else the nearer end, -1 fs or
 * +1 gs. */
static int edge_arc_side(tc_dvec3 fs, tc_dvec3 gs, tc_dvec3 u)
{
    tc_dvec3 k = tc_dvec3_cross(fs, gs);
    double tol = 1e-9;
    if (!(tc_dvec3_length_sq(k) > tol * tol)) return -1; /* flat: fs only */
    bool past_fs = tc_dvec3_dot(tc_dvec3_cross(fs, u), k) < -tol, past_gs = tc_dvec3_dot(tc_dvec3_cross(u, gs), k) < -tol;
    if (!past_fs && !past_gs && tc_dvec3_dot(u, tc_dvec3_add(fs, gs)) > 0.0) return 0;
    return tc_dvec3_dot(u, fs) >= tc_dvec3_dot(u, gs) ? -1 : 1;
}

/* Whether the normal n (from shape a to triangle `tri`, the placed core t,
 * touched at p on its plane) may be reported, and if not, *face: the
 * direction to report instead (from the shape to the triangle). The rule
 * (docs/meshes.md): a direction is reported only where the surface has it.
 * Inside the triangle every direction the pair gives is kept. On an edge
 * shared with one neighbour, a shape on the side where the edge is a ridge
 * may see any direction in the arc between the two face normals (the ridge
 * is a real feature); a direction outside the arc points across the edge
 * and becomes the arc's nearer end, a face normal. Where the neighbours are
 * flat (the arc is one direction) or make a valley (no direction has the
 * edge as its closest feature), the triangle's own face normal. Border edges
 * and edges three or more triangles share are real edges: every direction. */
static bool normal_is_real(const core_walk *w, const tc_core *a, int32_t tri, const tc_core *t, tc_dvec3 n, tc_dvec3 p,
                           tc_dvec3 *face)
{
    const tc_mesh_data *d = w->d;
    tc_dvec3 f = t->axis[0];
    if (tc_dvec3_length_sq(f) == 0.0) return true; /* a degenerate triangle has only edges */
    tc_dvec3 u = tc_dvec3_neg(n);
    if (fabs(tc_dvec3_dot(u, f)) >= 1.0 - 1e-9) return true;
    /* Which edges the contact point lies on (barycentric, in the plane). */
    tc_dvec3 va = t->v[0], vb = t->v[1], vc = t->v[2];
    double area = tc_dvec3_dot(tc_dvec3_cross(tc_dvec3_sub(vb, va), tc_dvec3_sub(vc, va)), f);
    /* A triangle with an axis but (nearly) no area, two of its corners
     * equal to double precision, has only edges too; the weights' numerators
     * are below 2^260 (coordinates below 2^130), so beyond 2^-500 of area
     * no division overflows (and none divides by zero). */
    if (!(fabs(area) >= 0x1p-500)) return true;
    double bw[3];
    bw[0] = tc_dvec3_dot(tc_dvec3_cross(tc_dvec3_sub(vc, vb), tc_dvec3_sub(p, vb)), f) / area; /* edge b-c */
    bw[1] = tc_dvec3_dot(tc_dvec3_cross(tc_dvec3_sub(va, vc), tc_dvec3_sub(p, vc)), f) / area; /* edge c-a */
    bw[2] = tc_dvec3_dot(tc_dvec3_cross(tc_dvec3_sub(vb, va), tc_dvec3_sub(p, va)), f) / area; /* edge a-b */
    const int edge_of[3] = { 1, 2, 0 }; /* weight k small: on edge index edge_of[k] */
    bool on_edge = false;
    for (int k = 0; k < 3; ++k) {
        if (bw[k] > 1e-4) continue;
        int e = edge_of[k];
        int kind = d->kind[3 * tri + e];
        if (kind == TC_MESH_EDGE_BOUNDARY || kind == TC_MESH_EDGE_SHARED) return true;
        tc_dvec3 g = neighbor_normal(w, d->neighbor[3 * tri + e], t, e, f);
        /* The shape's side of the surface near the edge: above a ridge
         * (relative to f) is above either face, above a valley above both.
         * Above a face: the side along which the shape is least deep in the
         * triangle (its extent, not its infinite plane; the witness
         * direction of an edge contact lies in the plane and cannot say). */
        double o;
        bool above_f = tc_dvec3_dot(tc_core_orient_axis(a, t, f, &o), f) < 0.0;
        bool above_g = tc_dvec3_dot(tc_core_orient_axis(a, t, g, &o), g) < 0.0;
        bool f_side = kind == TC_MESH_EDGE_CONVEX ? (above_f || above_g)
                                                  : (kind == TC_MESH_EDGE_CONCAVE ? (above_f && above_g) : above_f);
        tc_dvec3 fs = f_side ? f : tc_dvec3_neg(f), gs = f_side ? g : tc_dvec3_neg(g);
        bool ridge = (kind == TC_MESH_EDGE_CONVEX) == f_side && kind != TC_MESH_EDGE_FLAT;
        int where = ridge ? edge_arc_side(fs, gs, u) : -1;
        if (where == 0) return true;
        if (!on_edge) *face = tc_dvec3_neg(where < 0 ? fs : gs);
        on_edge = true;
    }
    return !on_edge;
}

static bool contact_slot(void *ctx, int32_t slot)
{
    core_walk *w = ctx;
    tc_core t;
    slot_core(w->d, &w->pl, slot, &t);
    tc_manifold m;
    bool touching = false;
    const bool far = far_touching(w, &t, &touching);
    if (far && !touching) return true;
    if (w->h) {
        /* touching as overlap decides it, inside its band too (a mesh 2
         * from a plane, inside a band of its scale, overlapped it with no
         * contact: seed 7); the deepest point at depth 0 when none reaches */
        if (!(far || plane_touching(w, &t)) || !tc_core_contact_plane_touching(&t, w->h, &m)) return true;
        tc_manifold_flip(&m); /* the plane is A */
    } else {
        if (far ? !tc_core_contact_touching(w->a, &t, &m) : !tc_core_contact_padded(w->a, &t, TC_MESH_OVERLAP_PAD, &m))
            return true;
        int deepest = 0;
        for (int i = 1; i < m.count; ++i)
            if (m.points[i].depth > m.points[deepest].depth) deepest = i;
        tc_dvec3 face;
        int32_t tri = w->d->order[slot];
        tc_dvec3 p = tc_dvec3_from(m.points[deepest].point);
        /* the contact point on the triangle's plane */
        p = tc_dvec3_mad(p, t.axis[0], -tc_dvec3_dot(tc_dvec3_sub(p, t.v[0]), t.axis[0]));
        if (!normal_is_real(w, w->a, tri, &t, tc_dvec3_from(m.normal), p, &face)) tc_core_manifold(w->a, &t, face, 0.0, &m, NULL);
        for (int i = 0; i < m.count; ++i)
            m.points[i].point = tc_core_moved_back(m.points[i].point, w->back);
    }
    int32_t tri = w->d->order[slot];
    /* The mesh's feature: its triangle's (below 16) and the triangle's
     * index in the bits above (contact.h). */
    for (int i = 0; i < m.count; ++i) {
        uint32_t fb = TC_CONTACT_FEATURE_B(m.points[i].id);
        fb |= ((uint32_t)tri << 4) & TC_FEATURE_INDEX_MASK;
        m.points[i].id = TC_CONTACT_ID(TC_CONTACT_FEATURE_A(m.points[i].id), fb);
    }
    if (w->count < w->capacity) {
        w->out[w->count].triangle = tri;
        w->out[w->count].manifold = m;
    }
    if (w->deepest) {
        float depth = -INFINITY;
        for (int i = 0; i < m.count; ++i) depth = fmaxf(depth, m.points[i].depth);
        if (w->count == 0 || depth > w->deepest_depth || (depth == w->deepest_depth && tri < w->deepest_tri)) {
            w->deepest_depth = depth;
            w->deepest_tri = tri;
            *w->deepest = m;
        }
    }
    w->count++;
    return true;
}

static int32_t mesh_contact(const tc_core *a, const tc_half_space *h, const tc_mesh *m, tc_mesh_contact *out, int32_t capacity,
                            tc_manifold *deepest)
{
    core_walk w;
    tc_core rel;
    /* Relative, as mesh_overlap: contact keeps the triangles overlap finds
     * wherever the pair is (each manifold moved back in contact_slot). */
    walk_begin_relative(&w, &rel, a, h, m);
    w.deepest = deepest;
    w.out = out;
    w.capacity = out ? capacity : 0;
    walk_near(&w, contact_slot);
    return w.count;
}

/* ---- sweeps ------------------------------------------------------------------- */
static bool sweep_slot(void *ctx, int32_t slot)
{
    core_walk *w = ctx;
    tc_core t;
    slot_core(w->d, &w->pl, slot, &t);
    tc_sweep_hit h;
    bool got;
    double limit = w->found ? (double)w->hit.t : w->max_t;
    if (w->h) {
        /* started where overlap calls the triangle touching */
        bool far_touch;
        const bool touching = far_touching(w, &t, &far_touch) ? far_touch : plane_touching(w, &t);
        got = tc_core_sweep_plane(&t, w->vb, w->h, w->va, limit, touching, &h);
        if (got) h.normal = tc_vec3_neg(h.normal);
    } else {
        got = tc_core_sweep(w->a, w->va, &t, w->vb, limit, &h);
    }
    if (!got || (w->found && !(h.t < w->hit.t))) return true;
    if (!w->h) {
        tc_dvec3 face;
        tc_dvec3 p = tc_dvec3_from(h.point);
        tc_core moved = t;
        tc_core_translate(&moved, tc_dvec3_scale(w->vb, h.t));
        p = tc_dvec3_mad(p, moved.axis[0], -tc_dvec3_dot(tc_dvec3_sub(p, moved.v[0]), moved.axis[0]));
        w->moved = true;
        w->shift = tc_dvec3_scale(w->vb, h.t);
        tc_core at = *w->a; /* the shape where it touches */
        tc_core_translate(&at, tc_dvec3_scale(w->va, h.t));
        bool real = normal_is_real(w, &at, w->d->order[slot], &moved, tc_dvec3_from(h.normal), p, &face);
        w->moved = false;
        if (!real) h.normal = tc_dvec3_to(face);
    }
    w->found = true;
    w->hit = h;
    w->hit_slot = slot;
    return true;
}

static bool mesh_sweep(const tc_core *a, tc_vec3 va, const tc_half_space *h, const tc_mesh *m, tc_vec3 vb, float max_t,
                       tc_sweep_hit *hit)
{
    if (!tc_sweep_motion_ok(va, vb, max_t)) return false;
    core_walk w;
    tc_core rel;
    /* relative, as mesh_overlap: a still sweep hits what overlap finds */
    walk_begin_relative(&w, &rel, a, h, m);
    a = w.a;
    w.va = tc_dvec3_from(va);
    w.vb = tc_dvec3_from(vb);
    w.max_t = max_t;
    if (h || !isfinite(max_t)) {
        walk_all(w.d, sweep_slot, &w);
    } else {
        /* The box of A over the whole motion relative to the mesh. */
        tc_dvec3 lo, hi;
        core_box(a, &lo, &hi);
        tc_dvec3 rel = tc_dvec3_scale(tc_dvec3_sub(w.va, w.vb), max_t);
        tc_dvec3 lo2 = tc_dvec3_add(lo, rel), hi2 = tc_dvec3_add(hi, rel);
        lo = tc_dvec3_make(fmin(lo.x, lo2.x), fmin(lo.y, lo2.y), fmin(lo.z, lo2.z));
        hi = tc_dvec3_make(fmax(hi.x, hi2.x), fmax(hi.y, hi2.y), fmax(hi.z, hi2.z));
        far_grow(&w, &lo, &hi);
        /* The mesh moves with vb: its triangles are where they start. */
        float blo[3], bhi[3];
        local_box(&w.pl, lo, hi, blo, bhi);
        walk_box(w.d, blo, bhi, sweep_slot, &w);
    }
    if (w.found && hit) {
        *hit = w.hit;
        hit->point = tc_core_moved_back(w.hit.point, w.back);
    }
    return w.found;
}

/* ---- rotating sweeps ---------------------------------------------------------- */
/* The triangles stay in the mesh's frame (its placement, before its pose)
 * and each is swept as a core posed like the mesh. The internal-edge test
 * is made in that frame too: A at the hit, the normal and the point are
 * carried back by the inverse of the mesh's pose at t, so the neighbours
 * are read where they are stored. */
static tc_dvec3 turn_back(const tc_dvec3 col[3], tc_dvec3 v)
{
    return tc_dvec3_make(tc_dvec3_dot(col[0], v), tc_dvec3_dot(col[1], v), tc_dvec3_dot(col[2], v));
}

static tc_dvec3 turn_out(const tc_dvec3 col[3], tc_dvec3 v)
{
    return tc_dvec3_mad(tc_dvec3_mad(tc_dvec3_scale(col[0], v.x), col[1], v.y), col[2], v.z);
}

static bool sweep_rigid_slot(void *ctx, int32_t slot)
{
    core_walk *w = ctx;
    tc_core t;
    slot_core(w->d, &w->pl, slot, &t);
    tc_sweep_hit h;
    double limit = w->found ? (double)w->hit.t : 1.0;
    bool got = w->h ? tc_core_sweep_rigid_plane_moving(&t, &w->mb, w->h, limit, &h)
                    : tc_core_sweep_rigid_moving(w->a, &w->ma, &t, &w->mb, limit, &h);
    if (!got || (w->found && !(h.t < w->hit.t))) return true;
    if (w->h) {
        h.normal = tc_vec3_neg(h.normal); /* from the plane, A, to the mesh */
    } else {
        tc_dvec3 pb, cb[3], pa, ca[3];
        tc_rigid_motion_at(&w->mb, h.t, &pb, cb);
        tc_rigid_motion_at(&w->ma, h.t, &pa, ca);
        /* A's frame in the mesh's: Rb^T (pa - pb) and Rb^T Ra, column by column */
        tc_dvec3 rel[3];
        for (int k = 0; k < 3; ++k) rel[k] = turn_back(cb, ca[k]);
        tc_core at;
        tc_core_place(w->a, turn_back(cb, tc_dvec3_sub(pa, pb)), rel, &at);
        tc_dvec3 n = turn_back(cb, tc_dvec3_from(h.normal));
        tc_dvec3 p = turn_back(cb, tc_dvec3_sub(tc_dvec3_from(h.point), pb));
        p = tc_dvec3_mad(p, t.axis[0], -tc_dvec3_dot(tc_dvec3_sub(p, t.v[0]), t.axis[0]));
        tc_dvec3 face;
        if (!normal_is_real(w, &at, w->d->order[slot], &t, n, p, &face)) h.normal = tc_dvec3_to(turn_out(cb, face));
    }
    w->found = true;
    w->hit = h;
    w->hit_slot = slot;
    return true;
}

/* The box, in the mesh's frame, that A stays in over the step. A lies
 * within r of its origin, at d(t) = pa(t) - pb(t) from the mesh's origin,
 * which is linear in t; in the mesh's frame that offset is Rb(t)^T d(t),
 * within |d(t)| * (the mesh's turn so far, capped at the chord 2) of
 * Rb(0)^T d(t), a point of the segment between Rb(0)^T d(0) and
 * Rb(0)^T d(1). */
static void rigid_box(const core_walk *w, tc_dvec3 *lo, tc_dvec3 *hi)
{
    const tc_rigid_motion ma = w->ma, mb = w->mb;
    tc_dvec3 pb, cb[3];
    tc_rigid_motion_at(&mb, 0.0, &pb, cb);
    tc_dvec3 d0 = tc_dvec3_sub(ma.p0, mb.p0);
    tc_dvec3 d1 = tc_dvec3_sub(tc_dvec3_add(ma.p0, ma.dp), tc_dvec3_add(mb.p0, mb.dp));
    tc_dvec3 y0 = turn_back(cb, d0), y1 = turn_back(cb, d1);
    double reach = tc_core_lever_arm(w->a, tc_dvec3_make(0, 0, 0)) + w->a->radius;
    double drift = fmin(mb.angle, 2.0) * fmax(tc_dvec3_length(d0), tc_dvec3_length(d1));
    /* rounded up: the bound holds in exact arithmetic */
    double pad = (reach + drift) * (1.0 + 1e-9) + 1e-9 * (tc_dvec3_max_abs(y0) + tc_dvec3_max_abs(y1)) + 1e-300;
    *lo = tc_dvec3_make(fmin(y0.x, y1.x) - pad, fmin(y0.y, y1.y) - pad, fmin(y0.z, y1.z) - pad);
    *hi = tc_dvec3_make(fmax(y0.x, y1.x) + pad, fmax(y0.y, y1.y) + pad, fmax(y0.z, y1.z) + pad);
}

static bool mesh_sweep_rigid(const tc_core *a, tc_transform a0, tc_transform a1, const tc_half_space *h, const tc_mesh *m,
                             tc_transform b0, tc_transform b1, tc_sweep_hit *hit)
{
    if (!tc_rigid_pose_ok(b0) || !tc_rigid_pose_ok(b1)) return false;
    if (a && (!tc_rigid_pose_ok(a0) || !tc_rigid_pose_ok(a1))) return false;
    core_walk w;
    walk_begin(&w, a, h, m);
    w.ma = tc_rigid_motion_make(a0, a1);
    w.mb = tc_rigid_motion_make(b0, b1);
    tc_dvec3 lo, hi;
    if (!h) rigid_box(&w, &lo, &hi);
    /* A box past the float range cannot be given to the float walk: then
     * every triangle is tried (correct, only slower). */
    if (h || !(tc_dvec3_max_abs(lo) < 1e30 && tc_dvec3_max_abs(hi) < 1e30)) {
        walk_all(w.d, sweep_rigid_slot, &w);
    } else {
        float blo[3], bhi[3];
        local_box(&w.pl, lo, hi, blo, bhi);
        walk_box(w.d, blo, bhi, sweep_rigid_slot, &w);
    }
    if (w.found && hit) *hit = w.hit;
    return w.found;
}

#define TC_MESH_SWEEP_RIGID(A)                                                                                    \
    bool tc_sweep_rigid_##A##_mesh(const tc_##A *a, tc_transform a_start, tc_transform a_end, const tc_mesh *b,  \
                                   tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit)                 \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_mesh_is_valid(b)) return false;                                        \
        tc_core ca;                                                                                               \
        tc_core_from_##A(&ca, a);                                                                                 \
        tc_sweep_hit h;                                                                                           \
        const bool found = mesh_sweep_rigid(&ca, a_start, a_end, NULL, b, b_start, b_end, &h);                    \
        const tc_shape sa = tc_shape_from_##A(*a), sb = tc_shape_from_mesh(*b);                                   \
        return tc_sweep_rigid_started(found, &sa, a_start, a_end, &sb, b_start, b_end, &h, hit);                  \
    }

TC_MESH_SWEEP_RIGID(sphere)
TC_MESH_SWEEP_RIGID(capsule)
TC_MESH_SWEEP_RIGID(aabb)
TC_MESH_SWEEP_RIGID(obb)
TC_MESH_SWEEP_RIGID(triangle)
TC_MESH_SWEEP_RIGID(hull)

bool tc_sweep_rigid_plane_mesh(const tc_plane *a, const tc_mesh *b, tc_transform b_start, tc_transform b_end,
                               tc_sweep_hit *hit)
{
    if (!tc_plane_is_valid(a) || !tc_mesh_is_valid(b)) return false;
    tc_half_space h = tc_half_space_from_plane(a);
    const tc_transform still = tc_transform_identity();
    tc_sweep_hit sh;
    const bool found = mesh_sweep_rigid(NULL, still, still, &h, b, b_start, b_end, &sh);
    const tc_shape sa = tc_shape_from_plane(*a), sb = tc_shape_from_mesh(*b);
    return tc_sweep_rigid_started(found, &sa, still, still, &sb, b_start, b_end, &sh, hit);
}

/* ---- the pairs ------------------------------------------------------------------ */
#define TC_MESH_PAIRS(A)                                                                                          \
    bool tc_overlap_##A##_mesh(const tc_##A *a, const tc_mesh *b)                                                 \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_mesh_is_valid(b)) return false;                                        \
        tc_core ca;                                                                                               \
        tc_core_from_##A(&ca, a);                                                                                 \
        return mesh_overlap(&ca, NULL, b, true);                                                                  \
    }                                                                                                             \
    float tc_distance_##A##_mesh(const tc_##A *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b)          \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_mesh_is_valid(b)) return INFINITY;                                     \
        tc_core ca;                                                                                               \
        tc_core_from_##A(&ca, a);                                                                                 \
        return mesh_distance(&ca, NULL, b, point_a, point_b);                                                     \
    }                                                                                                             \
    int32_t tc_contact_##A##_mesh(const tc_##A *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity)     \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_mesh_is_valid(b)) return 0;                                             \
        tc_core ca;                                                                                               \
        tc_core_from_##A(&ca, a);                                                                                 \
        return mesh_contact(&ca, NULL, b, out, capacity, NULL);                                                   \
    }                                                                                                             \
    bool tc_sweep_##A##_mesh(const tc_##A *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b,          \
                             float max_t, tc_sweep_hit *hit)                                                      \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_mesh_is_valid(b)) return false;                                        \
        tc_core ca;                                                                                               \
        tc_core_from_##A(&ca, a);                                                                                 \
        return mesh_sweep(&ca, velocity_a, NULL, b, velocity_b, max_t, hit);                                      \
    }

#define TC_MESH_DEEPEST(A)                                                                                        \
    bool tc_mesh_deepest_contact_##A(const tc_##A *a, const tc_mesh *b, tc_manifold *m)                           \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_mesh_is_valid(b)) return false;                                        \
        tc_core ca;                                                                                               \
        tc_core_from_##A(&ca, a);                                                                                 \
        tc_manifold best;                                                                                         \
        if (mesh_contact(&ca, NULL, b, NULL, 0, &best) == 0) return false;                                       \
        if (m) *m = best;                                                                                         \
        return true;                                                                                              \
    }

TC_MESH_DEEPEST(sphere)
TC_MESH_DEEPEST(capsule)
TC_MESH_DEEPEST(aabb)
TC_MESH_DEEPEST(obb)
TC_MESH_DEEPEST(triangle)
TC_MESH_DEEPEST(hull)

bool tc_mesh_deepest_contact_plane(const tc_plane *a, const tc_mesh *b, tc_manifold *m)
{
    if (!tc_plane_is_valid(a) || !tc_mesh_is_valid(b)) return false;
    tc_half_space h = tc_half_space_from_plane(a);
    tc_manifold best;
    if (mesh_contact(NULL, &h, b, NULL, 0, &best) == 0) return false;
    if (m) *m = best;
    return true;
}

bool tc_mesh_contains_point(const tc_mesh *m, tc_vec3 p)
{
    if (!tc_vec3_finite(p) || !tc_mesh_is_valid(m)) return false;
    tc_core cp;
    tc_core_from_point(&cp, p, 0.0f);
    return mesh_overlap(&cp, NULL, m, false);
}

TC_MESH_PAIRS(sphere)
TC_MESH_PAIRS(capsule)
TC_MESH_PAIRS(aabb)
TC_MESH_PAIRS(obb)
TC_MESH_PAIRS(triangle)
TC_MESH_PAIRS(hull)

bool tc_overlap_plane_mesh(const tc_plane *a, const tc_mesh *b)
{
    if (!tc_plane_is_valid(a) || !tc_mesh_is_valid(b)) return false;
    tc_half_space h = tc_half_space_from_plane(a);
    return mesh_overlap(NULL, &h, b, false);
}

float tc_distance_plane_mesh(const tc_plane *a, const tc_mesh *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_plane_is_valid(a) || !tc_mesh_is_valid(b)) return INFINITY;
    tc_half_space h = tc_half_space_from_plane(a);
    return mesh_distance(NULL, &h, b, point_a, point_b);
}

int32_t tc_contact_plane_mesh(const tc_plane *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity)
{
    if (!tc_plane_is_valid(a) || !tc_mesh_is_valid(b)) return 0;
    tc_half_space h = tc_half_space_from_plane(a);
    return mesh_contact(NULL, &h, b, out, capacity, NULL);
}

bool tc_sweep_plane_mesh(const tc_plane *a, tc_vec3 velocity_a, const tc_mesh *b, tc_vec3 velocity_b, float max_t,
                         tc_sweep_hit *hit)
{
    if (!tc_plane_is_valid(a) || !tc_mesh_is_valid(b)) return false;
    tc_half_space h = tc_half_space_from_plane(a);
    return mesh_sweep(NULL, velocity_a, &h, b, velocity_b, max_t, hit);
}
