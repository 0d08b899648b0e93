/* SPDX-License-Identifier: MIT */
/* A double-precision oracle for convex hulls, built by brute force over the
 * point triples (never quickhull, never the library's builder):
 *  - a solid cloud is its supporting triangles (triples with every point on
 *    one side of their plane) and those triangles' planes;
 *  - a cloud thinner than ORC_HULL_FLAT of its extent is flat: every triangle
 *    of its points (their union is the polygon); a cloud within that of a
 *    line is the segment between its two furthest points; one point a point.
 * A triangle whose height is below the rounding of its coordinates has a
 * plane that is noise, so it counts as its three edges. Distances from any
 * oracle shape are exact over those triangles, plus an inside test; the
 * oracle's hull is within ORC_HULL_FLAT of the extent inside the true hull,
 * so its errors say "a hair apart", never "touching" for a gap. Built once
 * per placed cloud, reused for every shape tested against it. */
#ifndef TOUCHE_TEST_HULL_ORACLE_H
#define TOUCHE_TEST_HULL_ORACLE_H

#include "oracle.h"

#define ORC_HULL_MAX_POINTS 12
#define ORC_HULL_MAX_TRIS 220 /* C(12, 3) */
/* Relative thickness below which a cloud is flat (or a line). */
#define ORC_HULL_FLAT 1e-7

typedef struct orc_hull {
    int n, dim;                     /* dim: 0 point, 1 segment, 2 flat, 3 solid */
    ovec p[ORC_HULL_MAX_POINTS];    /* the placed points */
    int ntri;
    ovec tri[ORC_HULL_MAX_TRIS][3]; /* boundary triangles */
    bool sliver[ORC_HULL_MAX_TRIS]; /* a sliver: only its three edges count */
    int nplane;                     /* solid: the supporting planes, outward */
    ovec pn[ORC_HULL_MAX_TRIS];
    double po[ORC_HULL_MAX_TRIS];
    ovec center;                    /* bounding sphere */
    double radius, coord;           /* coord: largest |coordinate| plus the extent */
} orc_hull;

/* A data point p of a placed hull or mesh (position + rotation * (scale * p)),
 * in double. */
static inline ovec orc_place(tc_vec3 position, tc_mat3 rotation, float scale, tc_vec3 p)
{
    ovec r = ov_from(position);
    r = ov_madd(r, ov_from(rotation.cx), (double)scale * p.x);
    r = ov_madd(r, ov_from(rotation.cy), (double)scale * p.y);
    return ov_madd(r, ov_from(rotation.cz), (double)scale * p.z);
}

/* Builds the oracle hull of n (1..ORC_HULL_MAX_POINTS) placed points. */
void orc_hull_build(orc_hull *h, const ovec *points, int n);
/* Moves it by d (points, pieces, planes). */
void orc_hull_translate(orc_hull *h, ovec d);
/* Whether p is inside the solid (dim 3 only; false otherwise). */
bool orc_hull_inside(const orc_hull *h, ovec p);
/* Distance from an oracle shape (any core but a half-space) to the hull, 0
 * when they meet. */
double orc_hull_distance(const orc_hull *h, const orc_shape *x);
/* Distance from the half-space of a plane to the hull. */
double orc_hull_plane_distance(const orc_hull *h, const orc_shape *plane);
/* Distance from an oracle shape (a half-space included) to the union of n
 * (<= ORC_HULL_MAX_TRIS) placed triangles, each a sliver's edges when its
 * plane is rounding noise: the mesh oracle. */
double orc_triangles_distance(const ovec (*tri)[3], int n, const orc_shape *x);
/* A placed triangle (3 corners) as oracle shapes: itself, or its three
 * edges when its plane is rounding noise; returns how many. */
int orc_triangle_pieces(const ovec *t, orc_shape out[3]);
/* Distance between two hulls. */
double orc_hull_hull_distance(const orc_hull *a, const orc_hull *b);

#endif
