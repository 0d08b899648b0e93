/* SPDX-License-Identifier: MIT */
/* Penetration depth of two intersecting convex cores: the equivalent of EPA
 * for the polytopes the library's shapes are made of. Private header.
 *
 * The cores are polytopes (point, segment, triangle, box), so the facets of
 * their Minkowski difference have known normals: the face normals of each
 * core and the cross products of one edge direction of each. The minimum
 * translation is the smallest overlap over those directions, which this
 * evaluates exactly (no polytope expansion, no iteration, nothing to fail to
 * converge). Box-box has its own path on the 15-axis SAT of overlap; this one
 * serves every pair with a point, segment or triangle core. */
#ifndef TOUCHE_QUERIES_PENETRATION_H
#define TOUCHE_QUERIES_PENETRATION_H

#include "queries/convex_core.h"

/* Overlap of the cores along unit n when B is pushed along +n:
 * max over A of n.x minus min over B of n.x (negative when n separates). */
double tc_core_overlap_along(const tc_core *a, const tc_core *b, tc_dvec3 n);

/* How much smaller an edge-edge overlap must be than the best face overlap to
 * be chosen: faces win near-ties so that contacts do not flicker between
 * frames. Relative to the cores' sizes, and never more than half the face
 * overlap (touching shapes keep depth 0). */
#define TC_FACE_PREFERENCE 1e-4

/* Whether an edge-edge overlap beats the best face overlap under that
 * preference. It is capped at half the face overlap, so that shapes merely
 * touching (two triangles sharing a vertex: edge overlap 0) are not given
 * the face's depth. */
static inline bool tc_edge_beats_face(double best_edge, double best_face, double sizes)
{
    double pref = TC_FACE_PREFERENCE * sizes, half_face = best_face > 0.0 ? 0.5 * best_face : 0.0;
    if (pref > half_face) pref = half_face;
    return best_edge < best_face - pref;
}

/* Smallest overlap of the cores over the candidate directions, and the
 * direction (unit, from A to B: pushing B along it by the overlap separates
 * the cores). Radii are not included. Cores with no candidate direction (two
 * points, a point and a segment, parallel segments) get a deterministic
 * perpendicular direction: towards B's centre when that is defined, else a
 * fixed axis. Returns the overlap (slightly negative when the cores are in
 * fact a hair apart). *least (may be NULL) receives the direction of least
 * overlap, which differs from *normal when a face won a near tie. */
double tc_core_penetration(const tc_core *a, const tc_core *b, tc_dvec3 *normal, tc_dvec3 *least);

/* Whether tc_core_penetration's candidate axes are complete for two hull
 * cores, so that a separation it finds is one and an overlap it finds is
 * one up to rounding (each axis measured by the cores' projections): one
 * hull solid, its faces, the other's plane (if flat) and the crossings of
 * their edge directions are every face normal of their difference. What
 * decides a GJK run stalled on rounding (tc_gjk_result.stalled). */
static inline bool tc_core_hulls_penetration_complete(const tc_core *a, const tc_core *b)
{
    return a->count == TC_CORE_HULL && b->count == TC_CORE_HULL &&
           (tc_core_hull_dimension(a) == 3 || tc_core_hull_dimension(b) == 3);
}

/* Orients unit axis u from A to B for the smaller of the two overlaps along
 * +u and -u, writing that overlap; ties go towards B's centre, then +u. */
tc_dvec3 tc_core_orient_axis(const tc_core *a, const tc_core *b, tc_dvec3 u, double *overlap);

#endif
