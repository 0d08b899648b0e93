/* SPDX-License-Identifier: MIT */
/* Contact manifolds from supporting features, shared by every contact pair
 * (and by sweeps for their contact point). Private header. */
#ifndef TOUCHE_QUERIES_MANIFOLD_H
#define TOUCHE_QUERIES_MANIFOLD_H

#include "queries/convex_core.h"
#include "touche/contact.h"

/* Feature tolerance, an angle in radians: a face within it of the plane
 * across the normal is a supporting face, so a face resting nearly flat
 * still yields a full face-face manifold. Each point keeps its exact depth
 * (points not actually penetrating are dropped); placing a point midway
 * between the surfaces is exact up to depth * this angle. */
#define TC_FEATURE_TOLERANCE 2e-3

/* A candidate contact: the point midway between the surfaces, its depth and
 * feature id (contact.h). */
typedef struct tc_contact_candidate { tc_dvec3 point; double depth; uint32_t id; } tc_contact_candidate;

/* Builds the manifold of cores a and b along unit normal n (from A to B):
 * takes each core's supporting feature (A along +n, B along -n), intersects
 * their projections on the plane across n, measures the depth at every vertex
 * of the intersection (radii included), keeps those with depth >= min_depth
 * and reduces them to the 4 spanning the largest area. When none qualifies,
 * the deepest candidate is kept alone, so the count is 1..4. Writes
 * m->normal = n. Returns the count. *met (may be NULL) tells whether the
 * features' projections met; they always do along the axis of least
 * overlap, not always along a face axis preferred over a slightly smaller
 * edge one (the caller then falls back to that edge axis). */
int tc_core_manifold(const tc_core *a, const tc_core *b, tc_dvec3 n, double min_depth, tc_manifold *m, bool *met);

/* Feature (contact.h) of the vertex, edge or face of core c that point q,
 * on its surface, lies on (within 1e-6 of the size); `out` is the outward
 * direction there (for a point found inside, and a hull's supporting
 * feature). */
unsigned tc_core_feature_at(const tc_core *c, tc_dvec3 q, tc_dvec3 out);

/* Moves each point of m along m->normal into both shapes: the nearest place
 * on that line inside both, else (the line misses one, or a shape is flat)
 * a point common to both. */
void tc_contact_points_into_both(const tc_core *a, const tc_core *b, tc_manifold *m);

/* The manifold of (B, A) from that of (A, B): the normal reversed and each
 * id's two features swapped. */
void tc_manifold_flip(tc_manifold *m);

/* The manifold of a pair moved by d (tc_core_recentre), its points moved
 * back (tc_core_moved_back); the normal and depths do not change. */
void tc_manifold_moved_back(tc_manifold *m, tc_dvec3 d);

/* Keeps at most 4 of the candidates: the deepest, the one furthest from it,
 * and the two that add the most area (measured across n). Returns the count
 * written to m->points (m->normal untouched). */
int tc_contact_reduce(const tc_contact_candidate *c, int count, tc_dvec3 n, tc_manifold *m);

#endif
