/* SPDX-License-Identifier: MIT */
/* Independent double-precision oracles for Touché's shape queries.
 *
 * Nothing here calls the library's queries or shares its code: every answer is
 * computed in double from the float inputs by a different method than the
 * library's float code (which uses clamping, the separating-axis test and
 * closed-form closest points):
 *  - A shape is a "core" (point, segment, parallelepiped, flat triangle or
 *    half-space) swept by a radius. Sphere = point + r, capsule = segment + r;
 *    boxes and triangles have radius 0.
 *  - Core distances are brute force over features: a point against every face
 *    and every edge, segments by all candidate pairs, and two polytopes by the
 *    fact that their closest pair (or a common point) always lies on an edge
 *    of one of them: overlap = some edge of one meets the other solid (slab
 *    clipping in the box's own skew coordinates, or a segment/triangle
 *    crossing test); distance = min over vertex-solid and edge-edge pairs.
 *  - An OBB is taken exactly as given: { c + M u : |u_i| <= h_i } with M the
 *    float columns, so a rotation that is not quite orthonormal is a slightly
 *    skew parallelepiped, handled through M's double inverse.
 *  - Ray casts: a quadratic for spheres, bisection on the double distance
 *    along the ray for capsules, slab clipping for boxes, Moller-Trumbore plus
 *    2-D clipping of in-plane rays for triangles, the direct formula for
 *    planes.
 */
#ifndef TOUCHE_TEST_ORACLE_H
#define TOUCHE_TEST_ORACLE_H

#include <touche/touche.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "harness.h"
#include "test_shape.h"

/* ---- double vectors ------------------------------------------------------ */
typedef struct ovec { double x, y, z; } ovec;

static inline ovec ov(double x, double y, double z) { ovec r; r.x = x; r.y = y; r.z = z; return r; }
static inline ovec ov_from(tc_vec3 v) { return ov((double)v.x, (double)v.y, (double)v.z); }
/* Rounds to float through volatile stores: gcc -O2 with the sanitizers was
 * seen folding (double)(float)x back to x, handing the oracle a point the
 * library never sees. */
static inline tc_vec3 ov_to(ovec v)
{
    volatile float x = (float)v.x, y = (float)v.y, z = (float)v.z;
    return tc_vec3_make(x, y, z);
}
static inline ovec ov_add(ovec a, ovec b) { return ov(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline ovec ov_sub(ovec a, ovec b) { return ov(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline ovec ov_scale(ovec a, double s) { return ov(a.x * s, a.y * s, a.z * s); }
static inline ovec ov_madd(ovec a, ovec b, double s) { return ov(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s); }
static inline double ov_dot(ovec a, ovec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline ovec ov_cross(ovec a, ovec b)
{
    return ov(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double ov_len2(ovec a) { return ov_dot(a, a); }
static inline double ov_len(ovec a) { return sqrt(ov_dot(a, a)); }
static inline double ov_dist(ovec a, ovec b) { return ov_len(ov_sub(a, b)); }
static inline ovec ov_unit(ovec a) { double l = ov_len(a); return l > 0.0 ? ov_scale(a, 1.0 / l) : ov(0.0, 0.0, 0.0); }
static inline double ov_maxabs(ovec a)
{
    double m = fabs(a.x);
    if (fabs(a.y) > m) m = fabs(a.y);
    if (fabs(a.z) > m) m = fabs(a.z);
    return m;
}

/* ---- oracle shapes ------------------------------------------------------- */
typedef enum orc_core { ORC_CORE_POINT, ORC_CORE_SEGMENT, ORC_CORE_BOX, ORC_CORE_TRIANGLE, ORC_CORE_HALFSPACE } orc_core;

typedef struct orc_shape {
    tc_shape_type kind;
    orc_core core;
    bool valid;        /* finite numbers, non-negative sizes */
    bool empty;        /* an eroded shape that vanished */
    double radius;     /* sweep radius (sphere, capsule), 0 otherwise */
    ovec p[3];         /* point: p[0]; segment: p[0], p[1]; triangle: p[0..2] */
    /* box: centre, columns, half extents, rows of the inverse of the columns */
    ovec c, m[3], inv[3];
    double h[3];
    /* triangle: n = (p1-p0) x (p2-p0); half-space: unit-or-not normal n, offset */
    ovec n;
    double offset;
} orc_shape;

orc_shape orc_from_any(const tc_shape *s);
orc_shape orc_from_sphere(const tc_sphere *s);
orc_shape orc_from_capsule(const tc_capsule *c);
orc_shape orc_from_aabb(const tc_aabb *b);
orc_shape orc_from_obb(const tc_obb *b);
orc_shape orc_from_triangle(const tc_triangle *t);
orc_shape orc_from_plane(const tc_plane *p);

/* The shape shrunk inward by eps (every boundary point moves eps inside); a
 * shape too thin for that comes back with empty = true. Used to tell a ray
 * that clearly enters a shape from one that only grazes it. */
orc_shape orc_erode(const orc_shape *s, double eps);

/* Largest absolute coordinate of the bounding box plus the largest extent,
 * per base.h's TC_TOLERANCE band. A half-space counts |offset| and extent 0. */
double orc_shape_coord(const orc_shape *s);
double orc_shape_extent(const orc_shape *s);
double orc_pair_scale(const orc_shape *a, const orc_shape *b);
/* A point's or ray's scale with a shape: the point's coordinates count too. */
double orc_point_scale(const orc_shape *s, ovec p);

/* Relative distance below which the oracle calls a pair touching: double
 * predicates cannot settle exact float contacts (a shared vertex computes as
 * 1e-16 off a plane), and no float input comes that close without touching
 * by construction. 5 orders of magnitude below float resolution. */
#define ORC_CONTACT_RESOLUTION 1e-12
/* ORC_CONTACT_RESOLUTION times the larger extent plus 1e-14 of the largest
 * coordinate (double rounding at that magnitude). */
double orc_contact_resolution(const orc_shape *a, const orc_shape *b);

/* Distance between two shapes (0 when they overlap) and whether they overlap.
 * orc_overlap is decided by exact-in-double predicates (crossing and
 * containment tests) or a distance under orc_contact_resolution;
 * AABB pairs exactly by comparing bounds. */
bool orc_overlap(const orc_shape *a, const orc_shape *b);
double orc_distance(const orc_shape *a, const orc_shape *b);

/* Distance from a point to the solid (0 inside) and the closest point. */
double orc_point_distance(const orc_shape *s, ovec p, ovec *closest);
bool orc_point_inside(const orc_shape *s, ovec p);

/* Support: max over the shape of dot(dir, x) (INFINITY for a half-space
 * unless dir is along its normal). orc_support_point gives one such x; when
 * a face or an edge is extreme, a random point of it (rng may be NULL). */
double orc_support(const orc_shape *s, ovec dir);
ovec orc_support_point(const orc_shape *s, ovec dir, test_rng *rng);

/* Core primitives, exported for the oracle's own tests. */
double orc_point_segment(ovec p, ovec a, ovec b, ovec *q);
double orc_segment_segment(ovec a0, ovec a1, ovec b0, ovec b1, ovec *pa, ovec *pb);
/* Clips the parameter range [*lo, *hi] of the in-plane line p0 + t d to a
 * (non-degenerate) triangle's three edge half-planes; false when empty. */
bool orc_clip_planar_triangle(const orc_shape *s, ovec p0, ovec d, double *lo, double *hi);

/* ---- ray casts ----------------------------------------------------------- */
typedef struct orc_ray { ovec o, d; } orc_ray;
typedef struct orc_hit { bool hit; double t; ovec normal; } orc_hit;

orc_hit orc_raycast(const orc_shape *s, const orc_ray *ray, double max_t);
/* Distance from the ray segment [0, max_t] (max_t may be INFINITY) to the
 * solid: 0 when the ray meets it. */
double orc_ray_distance(const orc_shape *s, const orc_ray *ray, double max_t);

/* ---- random shapes (seeded, shared by the random tests) ------------------ */
double gen_log_uniform(test_rng *r, double lo, double hi);
ovec gen_unit(test_rng *r);
/* x, y, then z, each uniform in [lo, hi) (several draws in one call's
 * arguments would come in an order the compiler picks). */
ovec gen_vec(test_rng *r, double lo, double hi);
/* c + s * u * d for a random unit d, drawn first, and u uniform in [lo, hi). */
ovec gen_around(test_rng *r, ovec c, double s, double lo, double hi);

/* A uniformly random rotation, or one of the 24 axis-permuting rotations, or
 * a tiny rotation near one of those (near-parallel edges), as a unit quaternion
 * in double (w last). */
void gen_quat(test_rng *r, double q[4]);
/* Rotation matrix of a unit quaternion, in double, rounded to float columns. */
tc_mat3 gen_mat3_from_quat(const double q[4]);
/* A shape of kind k around centre c with size s (random proportions,
 * including zero-size, flat, thin and axis-aligned variants). */
tc_shape gen_shape(test_rng *r, tc_shape_type k, ovec c, double s);
/* A centre: near the origin, or 1e3..1e5 away. */
ovec gen_center(test_rng *r);
/* A signed gap relative to size s: near touching (|gap| within a few 1e-4 of
 * s, down to 1e-9 s), exactly touching, or a broad spread. Sets *near. */
double gen_gap(test_rng *r, double s, bool *near);
/* A pair: a of kind ka, b of kind kb placed against it (support points
 * brought together along a direction, then moved by a gap) or at random.
 * *near tells whether the intended gap is near touching; *gap is that gap
 * (before rounding to float; for g >= 0 it is the exact distance), NAN for a
 * random placement. */
void gen_pair(test_rng *r, tc_shape_type ka, tc_shape_type kb, tc_shape *a, tc_shape *b, bool *near, double *gap);

/* Exact printing (hex floats) of a shape or ray for failure reports. */
void orc_print_any(FILE *f, const tc_shape *s);
void orc_print_ray(FILE *f, const tc_ray *r, float max_t);

/* A point inside the shape (its centre, or near it). */
ovec gen_interior_point(test_rng *r, const orc_shape *s);

/* The library's overlap for any ordered pair of kinds (ka <= kb). */
bool lib_overlap(const tc_shape *a, const tc_shape *b);
tc_vec3 lib_closest(const tc_shape *s, tc_vec3 p);

#endif
