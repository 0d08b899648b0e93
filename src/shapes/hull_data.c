/* SPDX-License-Identifier: MIT */
/* Reading hull data, placing it, and its support mapping.
 *
 * The support of a large hull climbs the vertex graph: a vertex no
 * neighbour of which lies further along d is the furthest vertex of a convex
 * polytope (a linear function has no local maximum on it that is not
 * global). The climb starts from the best of the six axis extremes, which is
 * already near the answer for most directions. */
#include "shapes/hull_internal.h"
#include "shapes/validity.h"

#include <math.h>
#include <stddef.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "core/float.h"

void tc_hull_data_destroy(tc_hull_data *hull)
{
    if (!hull) return;
    tc_allocator al = hull->allocator;
    tc_mem_free(&al, hull, hull->bytes);
}

int32_t tc_hull_data_vertex_count(const tc_hull_data *hull)
{
    if (!TC_REQUIRE(hull)) return 0;
    return hull->vertex_count;
}

tc_vec3 tc_hull_data_vertex(const tc_hull_data *hull, int32_t index)
{
    if (!TC_REQUIRE(hull && index >= 0 && index < hull->vertex_count)) return tc_vec3_zero();
    return hull->vertices[index];
}

int32_t tc_hull_data_face_count(const tc_hull_data *hull)
{
    if (!TC_REQUIRE(hull)) return 0;
    return hull->face_count;
}

int32_t tc_hull_data_face(const tc_hull_data *hull, int32_t index, tc_plane *plane, int32_t *vertices, int32_t capacity)
{
    if (!TC_REQUIRE(hull && index >= 0 && index < hull->face_count)) return 0;
    int32_t b = hull->face_start[index], n = hull->face_start[index + 1] - b;
    if (plane) {
        plane->normal = hull->face_normals[index];
        plane->offset = hull->face_offsets[index];
    }
    for (int32_t i = 0; vertices && i < n && i < capacity; ++i) vertices[i] = hull->face_vertices[b + i];
    return n;
}

int32_t tc_hull_data_edge_count(const tc_hull_data *hull)
{
    if (!TC_REQUIRE(hull)) return 0;
    return hull->edge_count;
}

void tc_hull_data_edge(const tc_hull_data *hull, int32_t index, int32_t *v0, int32_t *v1)
{
    if (!TC_REQUIRE(hull && index >= 0 && index < hull->edge_count)) return;
    if (v0) *v0 = hull->edges[index].v[0];
    if (v1) *v1 = hull->edges[index].v[1];
}

int32_t tc_hull_data_dimension(const tc_hull_data *hull)
{
    if (!TC_REQUIRE(hull)) return 0;
    return hull->dimension;
}

static double proj(const tc_vec3 *v, double dx, double dy, double dz) { return v->x * dx + v->y * dy + v->z * dz; }

/* The climb from vertex `best`: each step moves to the neighbour of
 * largest projection while it is strictly larger, so it ends, and on a
 * convex polytope a vertex no neighbour beats is the furthest one. */
static int32_t climb(const tc_hull_data *h, int32_t best, double dx, double dy, double dz)
{
    const tc_vec3 *v = h->vertices;
    double bp = proj(&v[best], dx, dy, dz);
    for (;;) {
        int32_t next = best;
        for (int32_t i = h->adjacency_start[best]; i < h->adjacency_start[best + 1]; ++i) {
            int32_t u = h->adjacency[i];
            double p = proj(&v[u], dx, dy, dz);
            if (p > bp) { bp = p; next = u; }
        }
        if (next == best) return best;
        best = next;
    }
}

int32_t tc_hull_data_support_index(const tc_hull_data *h, double dx, double dy, double dz)
{
    const tc_vec3 *v = h->vertices;
    int32_t best = 0;
    if (h->vertex_count < TC_HULL_CLIMB_MIN) {
        double bp = proj(&v[0], dx, dy, dz);
        for (int32_t i = 1; i < h->vertex_count; ++i) {
            double p = proj(&v[i], dx, dy, dz);
            if (p > bp) { bp = p; best = i; }
        }
        return best;
    }
    best = h->extreme[0];
    double bp = proj(&v[best], dx, dy, dz);
    for (int k = 1; k < 6; ++k) {
        double p = proj(&v[h->extreme[k]], dx, dy, dz);
        if (p > bp) { bp = p; best = h->extreme[k]; }
    }
    return climb(h, best, dx, dy, dz);
}

int32_t tc_hull_data_support_index_from(const tc_hull_data *h, int32_t start, double dx, double dy, double dz)
{
    if (h->vertex_count < TC_HULL_CLIMB_MIN || start < 0 || start >= h->vertex_count)
        return tc_hull_data_support_index(h, dx, dy, dz);
    return climb(h, start, dx, dy, dz);
}

tc_hull tc_hull_make(const tc_hull_data *data, tc_transform pose, float scale)
{
    tc_hull h;
    h.data = data;
    h.position = pose.position;
    h.rotation = tc_mat3_from_quat(pose.rotation);
    h.scale = scale;
    return h;
}

/* A sufficient condition for the full test below, in one flag word: the
 * placement's numbers modest (position within 2^100, rotation entries
 * within 2, a scale in (0, 2^40]) and the data's box within 2^40. A placed
 * point is then within 2^100 + 6 2^80 of the origin, and every product and
 * partial sum the full test bounds is far inside the float range, so its
 * answer is true too. Nearly every hull a pair query meets passes here,
 * for a few integer operations instead of the double arithmetic (some 340
 * instructions of each hull-hull overlap call, callgrind). With SSE2 the
 * flags are four numbers a step (the same bits: |x| above the limit, or a
 * NaN, as an integer comparison of the magnitude's bits): the placement's
 * thirteen floats and the box's six in five steps, some 135 instructions
 * less a hull-hull overlap call again. */
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
_Static_assert(offsetof(tc_hull, rotation) == offsetof(tc_hull, position) + 3 * sizeof(float) &&
                   offsetof(tc_hull, scale) == offsetof(tc_hull, position) + 12 * sizeof(float),
               "a hull's placement is thirteen floats in a row");
_Static_assert(offsetof(tc_hull_data, box_max) == offsetof(tc_hull_data, box_min) + 3 * sizeof(float),
               "the data's box is six floats in a row");
static bool placement_modest(const tc_hull *h)
{
    float p[13], b[6];
    memcpy(p, &h->position, sizeof p);
    memcpy(b, &h->data->box_min, sizeof b);
    const __m128i magnitude = _mm_set1_epi32(0x7fffffff);
#define TC_ABOVE4(v, l0, l1, l2, l3)                                                                               \
    _mm_cmpgt_epi32(_mm_and_si128(_mm_castps_si128(_mm_loadu_ps(v)), magnitude),                                 \
                    _mm_castps_si128(_mm_setr_ps((l0), (l1), (l2), (l3))))
    const __m128i above = _mm_or_si128(
        _mm_or_si128(_mm_or_si128(TC_ABOVE4(p, 0x1p100f, 0x1p100f, 0x1p100f, 2.0f), TC_ABOVE4(p + 4, 2.0f, 2.0f, 2.0f, 2.0f)),
                     _mm_or_si128(TC_ABOVE4(p + 8, 2.0f, 2.0f, 2.0f, 2.0f), TC_ABOVE4(p + 9, 2.0f, 2.0f, 2.0f, 0x1p40f))),
        _mm_or_si128(TC_ABOVE4(b, 0x1p40f, 0x1p40f, 0x1p40f, 0x1p40f), TC_ABOVE4(b + 2, 0x1p40f, 0x1p40f, 0x1p40f, 0x1p40f)));
#undef TC_ABOVE4
    return !_mm_movemask_epi8(above) && h->scale > 0.0f;
}
#else
static bool placement_modest(const tc_hull *h)
{
    const tc_mat3 *r = &h->rotation;
    const tc_hull_data *d = h->data;
    const uint32_t f = tc_vec3_abs_above_flag(h->position, 0x1p100f) | tc_vec3_abs_above_flag(r->cx, 2.0f) |
                       tc_vec3_abs_above_flag(r->cy, 2.0f) | tc_vec3_abs_above_flag(r->cz, 2.0f) |
                       tc_abs_above_flag(h->scale, 0x1p40f) | tc_vec3_abs_above_flag(d->box_min, 0x1p40f) |
                       tc_vec3_abs_above_flag(d->box_max, 0x1p40f);
    return !(f & TC_NONFINITE_FLAG) && h->scale > 0.0f;
}
#endif

bool tc_hull_is_valid(const tc_hull *h)
{
    if (!h || !h->data) return false;
    if (placement_modest(h)) return true;
    const tc_mat3 *r = &h->rotation;
    return tc_vec3_finite(h->position) && tc_vec3_finite(r->cx) && tc_vec3_finite(r->cy) && tc_vec3_finite(r->cz) &&
           tc_is_finite(h->scale) && h->scale > 0.0f &&
           tc_placement_in_range(h->position, r, h->scale, tc_dvec3_from(h->data->sphere_center), h->data->sphere_radius,
                                 h->data->box_min, h->data->box_max);
}

void tc_hull_exact_bounds(const tc_hull *h, double lo[3], double hi[3])
{
    const tc_mat3 *r = &h->rotation;
    /* The support along each axis: row k of the rotation is the local
     * direction of world axis k. */
    const tc_vec3 rows[3] = { tc_vec3_make(r->cx.x, r->cy.x, r->cz.x), tc_vec3_make(r->cx.y, r->cy.y, r->cz.y),
                              tc_vec3_make(r->cx.z, r->cy.z, r->cz.z) };
    const float pos[3] = { h->position.x, h->position.y, h->position.z };
    for (int k = 0; k < 3; ++k) {
        tc_vec3 d = rows[k];
        int32_t a = tc_hull_data_support_index(h->data, -d.x, -d.y, -d.z);
        int32_t b = tc_hull_data_support_index(h->data, d.x, d.y, d.z);
        lo[k] = proj(&h->data->vertices[a], d.x, d.y, d.z) * h->scale + pos[k];
        hi[k] = proj(&h->data->vertices[b], d.x, d.y, d.z) * h->scale + pos[k];
    }
}

bool tc_hull_bounds(const tc_hull *h, tc_aabb *out)
{
    if (!tc_hull_is_valid(h) || !out) return false;
    double pa[3], pb[3];
    tc_hull_exact_bounds(h, pa, pb);
    float lo[3], hi[3];
    for (int k = 0; k < 3; ++k) {
        /* Rounded outwards by a relative hair so the box holds the exact set. */
        /* Saturated at the float range, which holds a valid hull (its
         * placement is inside it: tc_hull_is_valid). */
        double pad = 1e-7 * (fabs(pa[k]) + fabs(pb[k]));
        lo[k] = tc_float_saturated(pa[k] - pad);
        hi[k] = tc_float_saturated(pb[k] + pad);
        if (lo[k] > -FLT_MAX && (double)lo[k] > pa[k] - pad) lo[k] = nextafterf(lo[k], -INFINITY);
        if (hi[k] < FLT_MAX && (double)hi[k] < pb[k] + pad) hi[k] = nextafterf(hi[k], INFINITY);
    }
    out->min = tc_vec3_make(lo[0], lo[1], lo[2]);
    out->max = tc_vec3_make(hi[0], hi[1], hi[2]);
    return true;
}

tc_vec3 tc_hull_support(const tc_hull *h, tc_vec3 d)
{
    if (!tc_hull_is_valid(h) || !tc_vec3_finite(d)) return tc_vec3_zero();
    tc_vec3 l = tc_mat3_tmul_vec3(h->rotation, d);
    tc_vec3 p = h->data->vertices[tc_hull_data_support_index(h->data, l.x, l.y, l.z)];
    return tc_vec3_add(h->position, tc_mat3_mul_vec3(h->rotation, tc_vec3_scale(p, h->scale)));
}
