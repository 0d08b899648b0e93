/* SPDX-License-Identifier: MIT */
/* The convex "core" of a shape, for the general pair queries (distance,
 * contact, sweeps).
 *
 * Every shape of the library is a small polytope swept by a ball: a sphere
 * is a point plus a radius, a capsule a segment plus a radius, a box its 8
 * corners, a triangle its 3 corners (radius 0). The general queries work on
 * the core (support mapping, feature extraction) and add the radii at the
 * end: the distance between rounded shapes is the core distance minus the
 * radii, and a penetration depth is the core's depth plus the radii.
 * Private header; coordinates are double (see dvec.h). */
#ifndef TOUCHE_QUERIES_CONVEX_CORE_H
#define TOUCHE_QUERIES_CONVEX_CORE_H

#include "queries/dvec.h"
#include "touche/shapes.h"

/* See tc_core_pair_is_near. */
#define TC_CORE_NEAR_RATIO 16.0
/* Most vertices a supporting feature (tc_core_feature) returns: a hull face
 * with more is thinned to this many, evenly spaced around it. */
#define TC_CORE_MAX_FEATURE 32
/* The count of a hull core, whose vertices live in its hull data. */
#define TC_CORE_HULL 9

struct tc_hull_data;
struct tc_hull;

typedef struct tc_core {
    int count;           /* vertices: 1 point, 2 segment, 3 triangle, 8 box, TC_CORE_HULL */
    tc_dvec3 v[8];       /* box corners: bit 0 +x, bit 1 +y, bit 2 +z (as tc_obb_corners) */
    tc_dvec3 axis[3];    /* box: unit axes; triangle: axis[0] = unit normal (zero if degenerate) */
    double half[3];      /* box half extents along axis[] */
    tc_dvec3 center;     /* centroid of the vertices */
    double radius;
    double size;         /* largest distance between two core points, plus 2 radius */
    double scale;        /* largest |coordinate| of the rounded shape: yardstick of tolerances */
    /* A hull (count TC_CORE_HULL): a data point p is at hull_position +
     * sum_k hull_axis[k] * p_k (the axes carry the scale). */
    const struct tc_hull_data *hull;
    tc_dvec3 hull_position;
    tc_dvec3 hull_axis[3];
} tc_core;

void tc_core_from_point(tc_core *c, tc_vec3 p, float radius);
void tc_core_from_sphere(tc_core *c, const tc_sphere *s);
void tc_core_from_capsule(tc_core *c, const tc_capsule *s);
void tc_core_from_segment(tc_core *c, tc_vec3 a, tc_vec3 b, float radius);
void tc_core_from_triangle(tc_core *c, const tc_triangle *t);
void tc_core_from_obb(tc_core *c, const tc_obb *b);
void tc_core_from_aabb(tc_core *c, const tc_aabb *b);
void tc_core_from_hull(tc_core *c, const struct tc_hull *h);
/* Vertex i of a hull core, placed. */
tc_dvec3 tc_core_hull_vertex(const tc_core *c, int32_t i);
/* Recomputes center, size, scale and the triangle normal after the vertices
 * (and box axes) were set or moved. */
void tc_core_finish(tc_core *c);
int tc_core_hull_dimension(const tc_core *c);
/* The number of vertices of a hull core's data. */
int32_t tc_core_hull_vertex_count(const tc_core *c);
/* A core without inside: no radius and a point, segment, triangle or a box
 * with a zero extent. Contact points go on its surface. */
static inline bool tc_core_is_flat(const tc_core *c)
{
    if (c->radius > 0.0) return false;
    if (c->count == TC_CORE_HULL) return tc_core_hull_dimension(c) < 3;
    return c->count <= 3 || c->half[0] == 0.0 || c->half[1] == 0.0 || c->half[2] == 0.0;
}
/* Moves every vertex by d. */
void tc_core_translate(tc_core *c, tc_dvec3 d);
/* Moves c so that its centre is the origin and returns the move (minus the
 * old centre), for the caller to move the pair's other shape by. A pair
 * query run on coordinates relative to one shape has its tolerances (of
 * the cores' scale) relative to the pair's sizes and separation, not to
 * where the pair is: each coordinate difference is taken in double and
 * rounded once (issue 12, large worlds). */
tc_dvec3 tc_core_recentre(tc_core *c);
/* The frame of a far pair's queries: a compact pair (within a quarter of
 * its largest coordinate of A's centre) is moved so that A's centre is the
 * origin (tc_core_recentre, both cores) and the move returned; GJK's
 * tolerances, of the cores' scale, are then of the pair's sizes and
 * separation, not of where it is (at 1e12 they were 1, and unit boxes 0.01
 * apart overlapped). Each coordinate difference rounds relative to itself,
 * below those tolerances. A pair as large as its coordinates (a triangle
 * reaching 1e20 against a capsule by its near corner) stays where it is,
 * with zero returned: its tolerances are of its size there already, and
 * the move would round its small coordinates, exact in place, by 2^-53 of
 * the centre's (4e3: GJK then found the pair 2e9 apart, and the sweep, in
 * place, touching). */
tc_dvec3 tc_core_pair_recentre(tc_core *a, tc_core *b);
/* Whether a hull pair's distance, contact and sweep may run where the
 * pair is, rather than in its own frame as its overlap does (relative to
 * A's centre, tc_core_recentre, both cores moved): true when the cores'
 * largest coordinate is at most TC_CORE_NEAR_RATIO times the pair's reach
 * from A's centre (the centres' separation plus both sizes, above the moved
 * pair's largest coordinate). Those queries' tolerances are of the cores'
 * scale, the largest the sweep's advancement, 1e-6 of it: in place it is
 * then at most 1.6e-5 of the reach, inside the answers' 1e-4 of the sizes,
 * so a pair near the origin keeps its answers' bits and skips the move and
 * moving its points back, for a few operations inline. Further out the
 * pair moves: in place, a sphere 0.01 into a unit hull at 1e9 was 0.044
 * deep, at 1e12 gaps of 0.01 and 0.23 measured 0, and from 1e6 on a sweep
 * started 0.01 apart hit at t = 0. For the cores of valid shapes. */
static inline bool tc_core_pair_is_near(const tc_core *a, const tc_core *b)
{
    const double world = a->scale > b->scale ? a->scale : b->scale;
    const double reach = tc_dvec3_max_abs(tc_dvec3_sub(b->center, a->center)) + a->size + b->size;
    return world <= TC_CORE_NEAR_RATIO * reach;
}
/* A float point of a moved pair back where it was (d the move), in double
 * and rounded once (saturated: a sweep's hit may lie past the shapes). */
tc_vec3 tc_core_moved_back(tc_vec3 p, tc_dvec3 d);

/* Vertex of the core furthest along d (first such vertex on ties). */
tc_dvec3 tc_core_support(const tc_core *c, tc_dvec3 d);
/* The same, for a hull starting its climb at vertex *hint (-1: none) and
 * leaving the answer's index there: successive GJK directions are close,
 * so the last answer is a step or none from the next. Other cores ignore
 * the hint. A tie may pick another of the tied vertices than
 * tc_core_support. */
tc_dvec3 tc_core_support_hinted(const tc_core *c, tc_dvec3 d, int32_t *hint);
/* Smallest and largest projection of the core's vertices on d. */
void tc_core_project(const tc_core *c, tc_dvec3 d, double *lo, double *hi);

/* The supporting feature along unit n: the vertices joined to the top one
 * by an edge within angle tol (radians, small) of the plane across n, in
 * cyclic order (a box face comes out as a
 * quad, an edge as 2 points, a corner as 1; a hull's face as its polygon).
 * Returns the count (1..TC_CORE_MAX_FEATURE). */
int tc_core_feature(const tc_core *c, tc_dvec3 n, double tol, tc_dvec3 out[TC_CORE_MAX_FEATURE]);
/* The same, with each vertex's index in the core (a box's corner bits, a
 * hull's vertex in its data) in idx, and *face the hull face the feature is
 * (-1 for an edge or vertex, and for every other core). */
int tc_core_feature_indexed(const tc_core *c, tc_dvec3 n, double tol, tc_dvec3 out[TC_CORE_MAX_FEATURE],
                            int32_t idx[TC_CORE_MAX_FEATURE], int32_t *face);
/* Index of the hull edge joining data vertices i and j in the data's edge
 * list, or -1 when they are not joined. */
int32_t tc_core_hull_edge_index(const tc_core *c, int32_t i, int32_t j);

/* The solid core's extent along the line base + t n: true and [*lo, *hi]
 * when the line meets it. Only for cores with inside (a box with volume, a
 * solid hull, a point or segment with a radius); false for flat ones, whose
 * extent along a line is a single point at most (and for a line missing
 * the shape). */
bool tc_core_line_interval(const tc_core *c, tc_dvec3 base, tc_dvec3 n, double *lo, double *hi);

/* Face normals (unit, possibly zero for a degenerate triangle) and edge
 * directions (not normalised) of the core: the ingredients of the facet
 * normals of a Minkowski difference. Counts, then one by index. */
int tc_core_face_count(const tc_core *c);
tc_dvec3 tc_core_face_normal(const tc_core *c, int i);
int tc_core_edge_count(const tc_core *c);
tc_dvec3 tc_core_edge_direction(const tc_core *c, int i);

#endif
