/* SPDX-License-Identifier: MIT */
/* The separating-axis test for two convex hulls.
 *
 * The candidate axes of two polytopes are the normals of the faces of their
 * Minkowski difference: the face normals of A, the face normals of B, and
 * the cross products ea x eb of an edge of each -- but only of the edge pairs
 * whose arcs cross on the Gauss map (each edge is the arc between the normals
 * of its two faces; B's map is negated). Every other edge pair spans no face
 * of the difference, so it is skipped without touching the vertices
 * (Gregorius, "The Separating Axis Test between Convex Polyhedra", GDC 2013).
 * For an edge pair that passes, the overlap along the axis is the distance
 * between the two edges' lines, since those edges are the supporting features
 * along it. The edge loop runs in B's own frame, on its float data, with A's
 * edges and normals brought there once per edge of A. */
#include "queries/hull_sat.h"

#include "queries/penetration.h"

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
#define TC_HULL_SAT_SSE 1
#endif
#include "shapes/hull_internal.h"

static tc_dvec3 dv(tc_vec3 v) { return tc_dvec3_from(v); }

/* World -> B's frame (B's axes carry its scale s: x = p + S u). */
static tc_dvec3 to_b_dir(const tc_core *b, tc_dvec3 d)
{
    return tc_dvec3_make(tc_dvec3_dot(b->hull_axis[0], d), tc_dvec3_dot(b->hull_axis[1], d), tc_dvec3_dot(b->hull_axis[2], d));
}

static tc_dvec3 a_in_b_point(const tc_core *a, const tc_core *b, double inv_s2, int32_t i)
{
    return tc_dvec3_scale(to_b_dir(b, tc_dvec3_sub(tc_core_hull_vertex(a, i), b->hull_position)), inv_s2);
}

static tc_dvec3 a_in_b_normal(const tc_core *a, const tc_core *b, int32_t f)
{
    return tc_dvec3_normalize(to_b_dir(b, tc_core_face_normal(a, f)));
}

double tc_hull_sat_penetration(const tc_core *a, const tc_core *b, tc_dvec3 *normal, tc_dvec3 *least)
{
    const tc_hull_data *ha = a->hull, *hb = b->hull;
    double best_face = INFINITY, best_edge = INFINITY;
    tc_dvec3 face_n = tc_dvec3_make(0, 0, 1), edge_n = face_n;
    for (int32_t f = 0; f < ha->face_count; ++f) {
        tc_dvec3 n = tc_core_face_normal(a, f);
        double hi = tc_dvec3_dot(n, tc_core_hull_vertex(a, ha->face_vertices[ha->face_start[f]]));
        double o = hi - tc_dvec3_dot(n, tc_core_support(b, tc_dvec3_neg(n)));
        if (o < best_face) { best_face = o; face_n = n; }
    }
    for (int32_t f = 0; f < hb->face_count; ++f) {
        tc_dvec3 m = tc_core_face_normal(b, f);
        double hi = tc_dvec3_dot(m, tc_core_hull_vertex(b, hb->face_vertices[hb->face_start[f]]));
        double o = hi - tc_dvec3_dot(m, tc_core_support(a, tc_dvec3_neg(m)));
        if (o < best_face) { best_face = o; face_n = tc_dvec3_neg(m); }
    }
    double s = tc_dvec3_length(b->hull_axis[0]);
    double inv_s2 = 1.0 / (s * s);
    tc_dvec3 ca = tc_dvec3_scale(to_b_dir(b, tc_dvec3_sub(a->center, b->hull_position)), inv_s2);
    for (int32_t i = 0; i < ha->edge_count; ++i) {
        const tc_hull_edge *ea = &ha->edges[i];
        tc_dvec3 pa = a_in_b_point(a, b, inv_s2, ea->v[0]);
        tc_dvec3 da = tc_dvec3_sub(a_in_b_point(a, b, inv_s2, ea->v[1]), pa);
        tc_dvec3 na0 = a_in_b_normal(a, b, ea->f[0]), na1 = a_in_b_normal(a, b, ea->f[1]);
        tc_dvec3 bxa = tc_dvec3_cross(na1, na0);
        /* B's edges whose arc may cross the great circle across A's arc:
         * a float filter, four at a time, that drops only the arcs whose
         * two ends are on one side by far more than its rounding (the
         * double test below decides every other one, so the answer is
         * the double loop's). */
        tc_vec3 bf = tc_dvec3_to(bxa);
        float eps = 1e-5f * tc_vec3_dot(bf, bf);
        const int32_t n = hb->arc_stride;
        const float *arc = hb->arcs;
        for (int32_t j0 = 0; j0 < n; j0 += 4) {
            int mask = 0;
#ifdef TC_HULL_SAT_SSE
            const __m128 bx = _mm_set1_ps(bf.x), by = _mm_set1_ps(bf.y), bz = _mm_set1_ps(bf.z);
            __m128 cf = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(arc + j0), bx), _mm_mul_ps(_mm_loadu_ps(arc + n + j0), by)),
                                   _mm_mul_ps(_mm_loadu_ps(arc + 2 * n + j0), bz));
            __m128 df = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(arc + 3 * n + j0), bx), _mm_mul_ps(_mm_loadu_ps(arc + 4 * n + j0), by)),
                                   _mm_mul_ps(_mm_loadu_ps(arc + 5 * n + j0), bz));
            mask = _mm_movemask_ps(_mm_cmple_ps(_mm_mul_ps(cf, df), _mm_set1_ps(eps)));
#else
            for (int k = 0; k < 4; ++k) {
                int32_t j = j0 + k;
                float cf = (arc[j] * bf.x + arc[n + j] * bf.y) + arc[2 * n + j] * bf.z;
                float df = (arc[3 * n + j] * bf.x + arc[4 * n + j] * bf.y) + arc[5 * n + j] * bf.z;
                if (cf * df <= eps) mask |= 1 << k;
            }
#endif
            for (; mask; mask &= mask - 1) {
                int32_t j = j0 + (mask & 1 ? 0 : mask & 2 ? 1 : mask & 4 ? 2 : 3);
                if (j >= hb->edge_count) break;
                const tc_hull_edge *eb = &hb->edges[j];
                /* B's arc, negated: the normals of its faces point the
                 * other way on the difference's Gauss map. */
                tc_dvec3 c = tc_dvec3_neg(dv(hb->face_normals[eb->f[0]])), d = tc_dvec3_neg(dv(hb->face_normals[eb->f[1]]));
                double cba = tc_dvec3_dot(c, bxa), dba = tc_dvec3_dot(d, bxa);
                if (!(cba * dba < 0.0)) continue;
                tc_dvec3 dxc = tc_dvec3_cross(d, c);
                double adc = tc_dvec3_dot(na0, dxc), bdc = tc_dvec3_dot(na1, dxc);
                if (!(adc * bdc < 0.0) || !(cba * bdc > 0.0)) continue;
                tc_dvec3 pb = dv(hb->vertices[eb->v[0]]);
                tc_dvec3 db = tc_dvec3_sub(dv(hb->vertices[eb->v[1]]), pb);
                tc_dvec3 axis = tc_dvec3_cross(da, db);
                double l = tc_dvec3_length(axis);
                if (!(l > 1e-7 * tc_dvec3_length(da) * tc_dvec3_length(db))) continue; /* parallel: faces cover it */
                axis = tc_dvec3_scale(axis, 1.0 / l);
                if (tc_dvec3_dot(axis, tc_dvec3_sub(pa, ca)) < 0.0) axis = tc_dvec3_neg(axis);
                double o = -tc_dvec3_dot(axis, tc_dvec3_sub(pb, pa)) * s;
                if (o < best_edge) { best_edge = o; edge_n = axis; }
            }
        }
    }
    if (best_edge < INFINITY) {
        /* Back to world: B's axes over its scale are its rotation. */
        tc_dvec3 w = tc_dvec3_scale(b->hull_axis[0], edge_n.x);
        w = tc_dvec3_mad(w, b->hull_axis[1], edge_n.y);
        edge_n = tc_dvec3_normalize(tc_dvec3_mad(w, b->hull_axis[2], edge_n.z));
    }
    if (least) *least = best_edge < best_face ? edge_n : face_n;
    if (tc_edge_beats_face(best_edge, best_face, a->size + b->size)) {
        *normal = edge_n;
        return best_edge;
    }
    *normal = face_n;
    return best_face;
}
