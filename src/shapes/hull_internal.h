/* SPDX-License-Identifier: MIT */
/* The layout of tc_hull_data, shared by the builder and the queries.
 * Private header. Everything is in one allocation, arrays after the header. */
#ifndef TOUCHE_SHAPES_HULL_INTERNAL_H
#define TOUCHE_SHAPES_HULL_INTERNAL_H

#include <touche/hull.h>

/* An edge: two vertices and the two faces it separates (for a flat hull
 * both sides of the polygon; -1 for a segment, which has no faces). */
typedef struct tc_hull_edge { int32_t v[2]; int32_t f[2]; } tc_hull_edge;

/* Below this many vertices a support query scans them all; above it, it
 * climbs the vertex adjacency from the best of the six axis extremes. */
#define TC_HULL_CLIMB_MIN 24

struct tc_hull_data {
    tc_allocator allocator;
    size_t bytes;            /* the whole block, for the allocator's free */
    int32_t dimension;       /* 0 point, 1 segment, 2 flat, 3 solid */
    int32_t vertex_count, face_count, edge_count, direction_count;
    tc_vec3 *vertices;
    /* vertex -> neighbour vertices: adjacency[adjacency_start[i] .. [i+1]) */
    int32_t *adjacency_start, *adjacency;
    /* vertex -> incident faces, likewise */
    int32_t *vertex_face_start, *vertex_faces;
    /* face -> vertices, counter-clockwise seen from outside */
    int32_t *face_start, *face_vertices;
    tc_vec3 *face_normals;   /* unit, outward */
    float *face_offsets;     /* max over the vertices of normal . v */
    tc_hull_edge *edges;     /* sorted by (lower vertex, higher vertex): contact ids search it */
    tc_vec3 *directions;     /* unit edge directions, one per parallel class */
    int32_t extreme[6];      /* vertex of largest -x, +x, -y, +y, -z, +z */
    tc_vec3 centroid;        /* mean of the vertices: an interior point */
    tc_vec3 box_min, box_max;
    double diameter;         /* the box diagonal: bounds every vertex distance (double: points near
                                FLT_MAX on opposite sides are further apart than any float) */
    /* The vertices again, less sphere_center, as three float columns (x,
     * then y, then z), each padded to a multiple of 8 with copies of vertex
     * 0 (which changes no maximum, nor the first vertex holding it), for
     * the four- and eight-wide support scans of the float GJK: small
     * numbers, so small rounding. */
    int32_t soa_stride;      /* the padded count */
    float *soa;              /* the block's first array, right after this header */
    /* Each edge's arc on the Gauss map, the normals of its two faces, as
     * six float columns (c x, y, z, then d x, y, z), each padded to a
     * multiple of 4: the separating-axis test's four-wide arc filter. Zero
     * for a hull that is not solid. */
    int32_t arc_stride;
    float *arcs;
    /* hullcontact: for the same arcs (same stride), the cross product of
     * the two negated normals, (-n1) x (-n0) = n1 x n0, in double rounded to
     * float, as three columns (x, y, z) and a fourth holding its squared
     * length: the separating-axis test's float filter for the other two
     * arc-crossing tests (A's arc across B's great circle, and the two arcs
     * on the same side, not antipodal). */
    float *arc_cross;
    /* The face planes about sphere_center as four float columns (normal x,
     * y, z, then the height of the face's first vertex along it), each
     * padded to a multiple of 4 with zeros: the float separating-axis
     * test's face loops (hull_sat_float.c), four faces a step. */
    int32_t plane_stride;
    float *planes;
    tc_vec3 sphere_center;   /* a ball holding every vertex: the box centre... */
    /* ...and the largest vertex distance from it, rounded up. Both this and
     * reach are floats' values (the float filters read them as floats)
     * where they fit a float, kept in double for data wider than FLT_MAX. */
    double sphere_radius;
    double reach;            /* largest |vertex - sphere_center|_1: the float error's yardstick */
};

/* Local support: the vertex index furthest along d (double components). */
int32_t tc_hull_data_support_index(const tc_hull_data *h, double dx, double dy, double dz);
/* The same, climbing from vertex start (a nearby answer: the last one of a
 * GJK run, whose directions turn little from step to step) instead of the
 * best axis extreme; a small hull, or a start out of range, scans as above. */
int32_t tc_hull_data_support_index_from(const tc_hull_data *h, int32_t start, double dx, double dy, double dz);
/* The placed valid hull's extremes along each world axis, in double (the
 * support's vertex, projected and placed in double: a relative 2^-52 of
 * the coordinates from the exact ones). tc_hull_bounds rounds them
 * outwards; the world's tree boxes pad them by the hull's size. */
void tc_hull_exact_bounds(const tc_hull *h, double lo[3], double hi[3]);

#endif
