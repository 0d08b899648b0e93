/* SPDX-License-Identifier: MIT */
/* The layout of tc_mesh_data. Private header. */
#ifndef TOUCHE_SHAPES_MESH_INTERNAL_H
#define TOUCHE_SHAPES_MESH_INTERNAL_H

#include <touche/mesh.h>

#include <stddef.h>
#include <string.h>

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
 * there are four. The walk is bound by memory latency, so a node is one
 * cache line (64 bytes, 64-aligned): the boxes are stored as 8-bit steps
 * on a grid over the node's own box (tc_mesh_wide_plane), rounded outward
 * so that each grid box holds its child's float box (mesh_data.c proves
 * it). child[i] is a code (tc_mesh_wide_child): >= 0 a wide node; < 0 a
 * leaf's count[i] triangles, in a leaf block (tc_mesh_leaf4). Lane i is in
 * use iff bit i of live is set (an unused lane has no box a grid can say is
 * empty; its code is 0, the root). */
typedef struct tc_mesh_wide {
    float origin[3];        /* the grid's corner: the lanes' lowest coordinates */
    uint8_t step[3];        /* the grid's step per axis: 2^(step - 127), the bits of a normal float */
    uint8_t live;           /* lanes in use */
    uint8_t lo[3][4], hi[3][4]; /* per axis and lane, a box's planes in steps from origin */
    int32_t child[4];
    uint8_t count[4];
    uint8_t unused[4];      /* fills the line */
} tc_mesh_wide;
/* The walk reads origin and step as the node's first 16 bytes. */
_Static_assert(offsetof(tc_mesh_wide, step) == 12 && sizeof(tc_mesh_wide) == 64, "a wide node's head is origin, then step");

/* A leaf's up to four triangles for the four-wide walk, side by side: the
 * corners by axis and lane, so one leaf test reads all four as rows (a
 * slab test of their boxes and an edge test, mesh_queries.c), and their
 * triangle indices, so the leaf needs no other memory. Lanes past the
 * leaf's count repeat lane 0 (finite numbers the test then ignores). Blocks
 * are numbered as the walk order reaches them, beside their wide nodes'
 * numbering: 160 bytes, 32-aligned. */
typedef struct tc_mesh_leaf4 {
    float a[3][4], b[3][4], c[3][4];
    int32_t tri[4];
} tc_mesh_leaf4;

/* A child code counts TC_MESH_WIDE_UNIT bytes from the start of the
 * hierarchy's block (tc_mesh_data.wide) to the child: the units themselves
 * for a wide node, their complement (~units, negative) for a leaf block. So
 * either kind's address comes from its code without a branch on the kind:
 * the walk starts loading all four children of a node, and a branch on
 * whether each is a leaf (as good as random) was mispredicted about every
 * fourth node. Wide nodes are 2 units, leaf blocks 5 (both kinds stay
 * 32-aligned), and a block of more than INT32_MAX units gets no four-wide
 * hierarchy (mesh_data.c). */
#define TC_MESH_WIDE_UNIT 32
_Static_assert(sizeof(tc_mesh_wide) == 2 * TC_MESH_WIDE_UNIT && sizeof(tc_mesh_leaf4) == 5 * TC_MESH_WIDE_UNIT,
               "wide nodes and leaf blocks are whole units");

/* Plane q (in steps) of axis k of node n: origin + q * step, in float. The
 * product is exact (8 bits times a power of two), so this is one rounding;
 * the build and the ray walk both evaluate this very expression, which is
 * what makes the build's check of its rounding a proof (mesh_data.c). */
static inline float tc_mesh_wide_plane(const tc_mesh_wide *n, int k, unsigned q)
{
    uint32_t bits = (uint32_t)n->step[k] << 23;
    float step;
    memcpy(&step, &bits, sizeof step);
    return n->origin[k] + (float)q * step;
}

/* Coordinates at most this large (the root box's) get the four-wide
 * hierarchy: the grid's planes then never overflow (a step is at most
 * about 2 / 255 of the node's extent). Meshes beyond it use the binary
 * walk. */
#define TC_MESH_WIDE_MAGNITUDE 1e30f

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
    tc_mesh_wide *wide;      /* line-aligned inside wide_block; NULL when the root is a leaf or the
                                coordinates are beyond TC_MESH_WIDE_MAGNITUDE */
    tc_mesh_leaf4 *leaves;   /* in wide_block after the wide nodes: one block per leaf lane (the codes
                                tc_mesh_wide_child reads address both arrays from wide) */
    void *wide_block;
    int32_t wide_count, leaf_count;
    float triangle_reach;    /* the largest |b - a|_1 + |c - a|_1 of a triangle, rounded up: sizes the ray pads */
};

/* The address of the child with code `code` (TC_MESH_WIDE_UNIT), a wide
 * node or a leaf block, without a branch: the sign bit flips the other
 * bits back for a leaf (no shift of a negative number). */
static inline const char *tc_mesh_wide_child(const tc_mesh_data *d, int32_t code)
{
    const uint32_t bits = (uint32_t)code, units = bits ^ (0u - (bits >> 31));
    return (const char *)d->wide + (size_t)units * TC_MESH_WIDE_UNIT;
}

#endif
