/* SPDX-License-Identifier: MIT */
/* Private: a static four-wide bounding volume hierarchy for ray casts.
 *
 * Made from a dynamic tree (tree_internal.h) by collapsing its binary
 * topology: each wide node takes a binary node's children and keeps opening
 * internal ones among them until it holds four: first those over two leaves
 * (which would otherwise make half-empty nodes at the bottom), then the
 * largest by area. The boxes are not the dynamic tree's fat ones but
 * whatever the caller gives for each leaf (the world gives its colliders'
 * tight bounds), and each node's are refitted bottom up from them. One
 * pass, O(n). (A top-down binned SAH build over the leaf boxes instead gave
 * no faster rays for 100,000 boxes, at three times the build time.)
 *
 * Layout, chosen for the traversal: a node is 128 bytes, two cache lines in
 * a 64-byte aligned array: its four children's boxes by axis (tc_slab_box4,
 * so one SSE2 slab test takes all four) and their links. A child is another
 * node or a leaf, and a leaf is just the caller's 32-bit item in the link:
 * a ray that reaches a leaf reads nothing more of the tree. Nodes are in
 * depth-first order (a node's first child follows it), so a descent walks
 * forward through memory.
 *
 * The index does not follow the dynamic tree: whoever owns both rebuilds it
 * after the dynamic tree or the leaf boxes change.
 */
#ifndef TOUCHE_SRC_TREE_TREE_WIDE_H
#define TOUCHE_SRC_TREE_TREE_WIDE_H

#include <touche/tree.h>

#include "queries/slab.h"

typedef struct tc_tree_wide_node {
    tc_slab_box4 box;       /* children's boxes; unused lanes inside out */
    int32_t child[4];       /* >= 0: node; < 0: -1 - leaf item; unused lane: TC_TREE_WIDE_NONE */
    uint32_t tag[4];        /* a leaf's tag (tc_tree_wide_box_fn); fills the node to two lines */
} tc_tree_wide_node;

#define TC_TREE_WIDE_NONE INT32_MIN

typedef struct tc_tree_wide {
    tc_allocator allocator;
    tc_tree_wide_node *nodes;  /* node 0 is the root; 64-byte aligned inside block */
    void *block;
    int32_t count;             /* nodes in use; 0: empty */
    int32_t capacity;          /* nodes the block holds */
    int32_t leaves;
    int32_t height;            /* levels of nodes (1: the root alone) */
} tc_tree_wide;

/* The box of one leaf, given its item (below 2^31), and a tag a ray cast
 * hands out with it (the world says whether the box is the collider's shape
 * itself). */
typedef tc_aabb tc_tree_wide_box_fn(void *context, uint32_t item, uint32_t *tag);

/* The largest absolute coordinate of the boxes under the root (0 for an
 * empty index): what a ray's slab arithmetic meets, for deciding whether it
 * could overflow (tc_slab_ray_is_wide). */
float tc_tree_wide_magnitude(const tc_tree_wide *w);
void tc_tree_wide_init(tc_tree_wide *w, const tc_allocator *allocator);
void tc_tree_wide_free(tc_tree_wide *w);

/* Replaces w's hierarchy by the collapse of `tree`'s, whose proxies' user
 * data must fit in 32 bits: that is each leaf's item, and box(context, item)
 * its box. False (w left empty) when memory ran out. */
bool tc_tree_wide_build(tc_tree_wide *w, const tc_tree *tree, tc_tree_wide_box_fn *box, void *context);

/* Bytes of memory the hierarchy holds. */
size_t tc_tree_wide_bytes(const tc_tree_wide *w);

/* ---- ray casts (tree_wide_ray.c) ---------------------------------------- */

/* Each node puts at most four entries on a cast's stack and the depth is
 * bounded by the build (median cuts deep down): 1024 entries cover any
 * hierarchy that fits in memory. If it ever overflowed, the cast would skip
 * nodes rather than write out of bounds (and assert in debug builds). */
#define TC_TREE_WIDE_STACK 1024

/* A node or a leaf waiting in a cast (ref >= 0: a node; a leaf: -1 - (4 *
 * its node + its lane), so that its box is read from its node when its turn
 * comes), with its entry t. */
typedef struct tc_tree_wide_entry {
    int32_t ref;
    float t;
} tc_tree_wide_entry;

/* A ray cast in progress: tc_tree_wide_ray_next hands out the leaves whose
 * boxes, grown by `pad` on every side, the ray enters within [0, max_t],
 * nearer first; the caller tests each and shrinks max_t with
 * tc_tree_wide_ray_clip as it finds hits, which prunes the rest. (An
 * iterator rather than a callback: the walk between two leaves then keeps
 * the ray in registers, with no call to spill them around.) The growth is
 * at least pad minus one rounding of the ray's origin's coordinates. */
typedef struct tc_tree_wide_ray {
    const tc_tree_wide *w;
    tc_slab_ray4 q;
    float max_t;
    int32_t cur;                /* the node to test next, or TC_TREE_NULL: take from the stack */
    int32_t n;                  /* entries waiting */
    tc_tree_wide_entry stack[TC_TREE_WIDE_STACK];
} tc_tree_wide_ray;

typedef struct tc_tree_wide_leaf {
    uint32_t item;
    uint32_t tag;
    tc_aabb box;                /* as given to the build */
} tc_tree_wide_leaf;

/* The ray must be usable (finite, max_t >= 0); slab is its slab form, which
 * must outlive the cast. */
void tc_tree_wide_ray_begin(tc_tree_wide_ray *it, const tc_tree_wide *w, const tc_slab_ray *slab, float max_t,
                            float pad);
/* The next leaf, or false when none is left within max_t. */
bool tc_tree_wide_ray_next(tc_tree_wide_ray *it, tc_tree_wide_leaf *leaf);
static inline void tc_tree_wide_ray_clip(tc_tree_wide_ray *it, float max_t)
{
    if (max_t < it->max_t) it->max_t = max_t;
}

#endif
