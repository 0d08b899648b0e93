/* SPDX-License-Identifier: MIT */
#include "queries/penetration.h"

#include "queries/hull_sat.h"

double tc_core_overlap_along(const tc_core *a, const tc_core *b, tc_dvec3 n)
{
    double alo, ahi, blo, bhi;
    tc_core_project(a, n, &alo, &ahi);
    tc_core_project(b, n, &blo, &bhi);
    return ahi - blo;
}

tc_dvec3 tc_core_orient_axis(const tc_core *a, const tc_core *b, tc_dvec3 u, double *overlap)
{
    double alo, ahi, blo, bhi;
    tc_core_project(a, u, &alo, &ahi);
    tc_core_project(b, u, &blo, &bhi);
    double plus = ahi - blo, minus = bhi - alo;
    double tie = 1e-12 * (a->scale + b->scale);
    bool use_plus;
    if (fabs(plus - minus) > tie) {
        use_plus = plus < minus;
    } else {
        double toward = tc_dvec3_dot(tc_dvec3_sub(b->center, a->center), u);
        use_plus = toward >= -tie;
    }
    *overlap = use_plus ? plus : minus;
    return use_plus ? u : tc_dvec3_neg(u);
}

double tc_core_penetration(const tc_core *a, const tc_core *b, tc_dvec3 *normal, tc_dvec3 *least)
{
    if (a->count == TC_CORE_HULL && b->count == TC_CORE_HULL && tc_core_hull_dimension(a) == 3 &&
        tc_core_hull_dimension(b) == 3)
        return tc_hull_sat_penetration(a, b, normal, least);
    int nfa = tc_core_face_count(a), nfb = tc_core_face_count(b);
    int nea = tc_core_edge_count(a), neb = tc_core_edge_count(b);
    double best_face = INFINITY, best_edge = INFINITY;
    tc_dvec3 face_n = tc_dvec3_make(0, 0, 0), edge_n = face_n;
    for (int i = 0; i < nfa + nfb; ++i) {
        tc_dvec3 u = i < nfa ? tc_core_face_normal(a, i) : tc_core_face_normal(b, i - nfa);
        double o;
        tc_dvec3 n = tc_core_orient_axis(a, b, u, &o);
        if (o < best_face) { best_face = o; face_n = n; } /* strict: A's faces win ties */
    }
    for (int i = 0; i < nea; ++i) {
        tc_dvec3 ei = tc_core_edge_direction(a, i);
        for (int j = 0; j < neb; ++j) {
            tc_dvec3 ej = tc_core_edge_direction(b, j);
            tc_dvec3 c = tc_dvec3_cross(ei, ej);
            double lc = tc_dvec3_length(c);
            /* Nearly parallel edges: the facet they span is a sliver already
             * bounded by the face directions; its normal is noise. */
            if (!(lc > 1e-7 * tc_dvec3_length(ei) * tc_dvec3_length(ej))) continue;
            double o;
            tc_dvec3 n = tc_core_orient_axis(a, b, tc_dvec3_scale(c, 1.0 / lc), &o);
            if (o < best_edge) { best_edge = o; edge_n = n; }
        }
    }
    double sizes = a->size + b->size;
    if (best_face < INFINITY || best_edge < INFINITY) {
        if (least) *least = best_edge < best_face ? edge_n : face_n;
        if (tc_edge_beats_face(best_edge, best_face, sizes)) {
            *normal = edge_n;
            return best_edge;
        }
        if (best_face < INFINITY) {
            *normal = face_n;
            return best_face;
        }
        *normal = edge_n;
        return best_edge;
    }
    /* No facet: the Minkowski difference is a point or a segment, so every
     * direction across it has zero overlap. Pick one deterministically. */
    tc_dvec3 along = tc_dvec3_make(0, 0, 0);
    if (nea > 0) along = tc_dvec3_normalize(tc_core_edge_direction(a, 0));
    else if (neb > 0) along = tc_dvec3_normalize(tc_core_edge_direction(b, 0));
    tc_dvec3 towards = tc_dvec3_sub(b->center, a->center);
    towards = tc_dvec3_mad(towards, along, -tc_dvec3_dot(towards, along));
    tc_dvec3 u;
    if (tc_dvec3_length(towards) > 1e-9 * (a->scale + b->scale + 1e-300)) u = tc_dvec3_normalize(towards);
    else if (tc_dvec3_length_sq(along) > 0.0) u = tc_dvec3_perpendicular(along);
    else u = tc_dvec3_make(0, 0, 1);
    double o;
    *normal = tc_core_orient_axis(a, b, u, &o);
    if (least) *least = *normal;
    return o;
}
