/* SPDX-License-Identifier: MIT */
/* Brute-force double-precision oracle for the distance, contact and sweep
 * tests (prefix co_). Independent of the library's algorithms: no GJK, no
 * separating-axis candidates, no clipping. Shapes are a core (point, segment,
 * triangle, box) swept by a radius, or a half-space.
 *  - Distance: dense samples of the surface of each core, each projected
 *    exactly onto the other core, the best refined by alternating
 *    projections (which converge to the closest pair of two convex sets);
 *    the radii are then subtracted.
 *  - Depth: the minimum over a dense set of directions u of
 *    h_A(u) + h_B(-u) (support functions), refined by a shrinking local
 *    search on the sphere of directions.
 *  - Point containment: the exact distance from a point to a shape. */
#ifndef TOUCHE_TESTS_CONTACT_ORACLE_H
#define TOUCHE_TESTS_CONTACT_ORACLE_H

#include <stdbool.h>
#include <touche/touche.h>

typedef struct co_vec { double x, y, z; } co_vec;

enum { CO_POINT = 1, CO_SEGMENT = 2, CO_TRIANGLE = 3, CO_BOX = 8, CO_HALF_SPACE = 100 };

typedef struct co_shape {
    int kind;
    co_vec v[8];          /* core vertices (box: any order) */
    co_vec center, axis[3];
    double half[3];       /* box */
    double radius;
    co_vec n;             /* half-space: unit normal; solid n.x <= offset */
    double offset;
} co_shape;

co_shape co_sphere(const tc_sphere *s);
co_shape co_capsule(const tc_capsule *c);
co_shape co_aabb(const tc_aabb *b);
co_shape co_obb(const tc_obb *b);
co_shape co_triangle(const tc_triangle *t);
co_shape co_plane(const tc_plane *p);
co_shape co_translated(const co_shape *s, co_vec d);

co_vec co_make(double x, double y, double z);
co_vec co_from(tc_vec3 v);
co_vec co_add(co_vec a, co_vec b);
co_vec co_sub(co_vec a, co_vec b);
co_vec co_scale(co_vec a, double s);
double co_dot(co_vec a, co_vec b);
double co_len(co_vec a);

/* Largest |coordinate| of the shape's vertices plus its radius (0 for a half-space). */
double co_scale_of(const co_shape *s);
/* Distance from p to the solid shape (0 inside). */
double co_point_distance(const co_shape *s, co_vec p);
/* Distance between the solid shapes (0 when they overlap), with closest points. */
double co_distance(const co_shape *a, const co_shape *b, co_vec *pa, co_vec *pb);
/* h_A(u) + h_B(-u): how far B must move along u to clear A (negative: apart along u). */
double co_overlap_along(const co_shape *a, const co_shape *b, co_vec u);
/* Minimum translation depth (min over directions of co_overlap_along), its
 * direction; negative when the shapes are apart (then minus a lower bound of
 * the distance, certified by the direction). */
double co_depth(const co_shape *a, const co_shape *b, co_vec *dir);

/* Largest separation of the projections over directions near u0 (local
 * search): a certified lower bound of the distance. */
double co_best_separation(const co_shape *a, const co_shape *b, co_vec u0);

/* Certifies that every direction's overlap is at least target (so the
 * minimum translation is): 1 certified, 0 refuted (a direction with less
 * was found), -1 undecided within `budget` cells. Branch and bound. */
int co_depth_at_least(const co_shape *a, const co_shape *b, double target, int budget);

#endif
