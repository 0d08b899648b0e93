/* SPDX-License-Identifier: MIT */
/* The layout of tc_mesh_data. Private header. */
#ifndef TOUCHE_SHAPES_MESH_INTERNAL_H
#define TOUCHE_SHAPES_MESH_INTERNAL_H

#include <touche/mesh.h>

/* A hierarchy node: a box, and either two children (count == 0: at
 * first and first + 1) or a leaf's triangles (count > 0: leaf order
 * [first, first + count)). */
typedef struct tc_mesh_node {
    tc_vec3 min;
    int32_t first;
    tc_vec3 max;
    int32_t count;
} tc_mesh_node;

#define TC_MESH_LEAF_SIZE 4

/* The same hierarchy four-wide, for ray casts: each node holds up to four
 * children's boxes by axis and lane (a four-wide slab test reads them as
 * rows), collapsed from the binary tree by opening the largest child until
 * there are four. child[i] >= 0 is a wide node; < 0 a leaf's triangles,
 * leaf order [~child[i], ~child[i] + count[i]). An empty lane has an empty
 * box (lo +inf, hi -inf), which no ray meets. */
typedef struct tc_mesh_wide {
    float lo[3][4], hi[3][4];
    int32_t child[4], count[4];
} tc_mesh_wide;

struct tc_mesh_data {
    tc_allocator allocator;
    size_t bytes;
    int32_t triangle_count, node_count;
    tc_mesh_node *nodes;
    tc_vec3 *corners;        /* 3 per triangle, in leaf order */
    int32_t *order;          /* leaf slot -> triangle index */
    tc_vec3 *given;          /* 3 per triangle, in the given order */
    int32_t *neighbor;       /* 3 per triangle (given order): across edge e, or -1 */
    uint8_t *kind;           /* 3 per triangle: tc_mesh_edge_kind */
    tc_mesh_wide *wide;      /* its own allocation: NULL when the root is a leaf */
    int32_t wide_count;
};

#endif
