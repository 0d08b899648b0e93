/* SPDX-License-Identifier: MIT */
/* The four-wide ray hierarchy: storage and the collapse of a dynamic tree
 * (tree_wide.h). */
#include "tree/tree_wide.h"

#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "tree/tree_internal.h"

static size_t block_size(int32_t capacity)
{
    return (size_t)capacity * sizeof(tc_tree_wide_node) + TC_CACHE_LINE;
}

void tc_tree_wide_init(tc_tree_wide *w, const tc_allocator *allocator)
{
    memset(w, 0, sizeof *w);
    if (allocator) w->allocator = *allocator;
}

void tc_tree_wide_free(tc_tree_wide *w)
{
    if (w->block) tc_mem_free(&w->allocator, w->block, block_size(w->capacity));
    w->block = NULL;
    w->nodes = NULL;
    w->count = w->capacity = w->leaves = w->height = 0;
}

size_t tc_tree_wide_bytes(const tc_tree_wide *w) { return w->block ? block_size(w->capacity) : 0; }

/* Room for `needed` nodes, keeping the first `keep`. */
static bool reserve(tc_tree_wide *w, int32_t needed, int32_t keep)
{
    if (needed <= w->capacity && w->block) return true;
    void *block = tc_mem_alloc(&w->allocator, block_size(needed));
    if (!block) return false;
    tc_tree_wide_node *nodes = tc_mem_line_align(block);
    if (keep > 0) memcpy(nodes, w->nodes, (size_t)keep * sizeof *nodes);
    if (w->block) tc_mem_free(&w->allocator, w->block, block_size(w->capacity));
    w->block = block;
    w->nodes = nodes;
    w->capacity = needed;
    return true;
}

typedef struct build_ctx {
    tc_tree_wide *w;
    int32_t limit;      /* nodes the collapse may need at most */
    bool failed;
    const tc_tree *tree;
    tc_tree_wide_box_fn *box;
    void *context;
} build_ctx;

static void set_lane(tc_tree_wide_node *n, int j, const tc_aabb *b, int32_t child, uint32_t tag)
{
    n->tag[j] = tag;
    n->box.b[0][j] = b->min.x;
    n->box.b[1][j] = b->min.y;
    n->box.b[2][j] = b->min.z;
    n->box.b[3][j] = b->max.x;
    n->box.b[4][j] = b->max.y;
    n->box.b[5][j] = b->max.z;
    n->child[j] = child;
}

/* The wide node for the subtree of dynamic tree slot `slot` (internal):
 * returns its index and sets *out to the union of its children's boxes and
 * *height to its levels. Recursion depth is the dynamic tree's height. */
static int32_t collapse(build_ctx *c, int32_t slot, tc_aabb *out, int32_t *height)
{
    const tc_tree_node *tn = c->tree->nodes;
    if (c->w->count == c->w->capacity) {
        /* rare: the first guess was short (nodes are referred to by index
         * and only written after their subtrees, so they may move) */
        const int32_t grow = c->w->capacity < c->limit / 2 ? 2 * c->w->capacity : c->limit;
        if (c->failed || !reserve(c->w, grow, c->w->count)) {
            c->failed = true;
            *out = tn[slot].box;
            *height = 0;
            return 0;
        }
    }
    const int32_t index = c->w->count++;
    /* the binary nodes that become this node's children */
    int32_t take[4];
    int count = 2;
    take[0] = tn[slot].child;
    take[1] = tn[slot].child + 1;
    while (count < 4) {
        int open = -1;
        float best = -1.0f;
        for (int j = 0; j < count; ++j) {
            const tc_tree_node *n = &tn[take[j]];
            if (tc_tree_node_is_leaf(n)) continue;
            /* a node over two leaves first: opened, it fills two lanes
             * with leaves; kept, it would be a wide node of its own holding
             * two (the bottom of the tree would be half empty) */
            const float area = tc_tree_node_height(n) == 1 ? INFINITY : tc_tree_box_area(n->box);
            if (area > best) {
                best = area;
                open = j;
            }
        }
        if (open < 0) break;
        const int32_t first = tn[take[open]].child;
        take[open] = first;
        take[count++] = first + 1;
    }
    tc_aabb lane[4];
    int32_t link[4];
    uint32_t tag[4] = { 0, 0, 0, 0 };
    int32_t h = 0;
    for (int j = 0; j < count; ++j) {
        const tc_tree_node *n = &tn[take[j]];
        if (tc_tree_node_is_leaf(n)) {
            const uint32_t item = (uint32_t)tc_tree_leaf_data(c->tree, n);
            lane[j] = c->box(c->context, item, &tag[j]);
            link[j] = -1 - (int32_t)item;
        } else {
            int32_t hj;
            link[j] = collapse(c, take[j], &lane[j], &hj);
            if (hj > h) h = hj;
        }
    }
    /* the node array never moves during the build: written after the
     * recursion, in one go */
    tc_tree_wide_node *node = &c->w->nodes[index];
    tc_aabb u = lane[0];
    for (int j = 0; j < 4; ++j) {
        if (j < count) {
            set_lane(node, j, &lane[j], link[j], tag[j]);
            u = tc_tree_box_union(u, lane[j]);
        } else {
            tc_aabb none;
            none.min = tc_vec3_make(INFINITY, INFINITY, INFINITY);
            none.max = tc_vec3_make(-INFINITY, -INFINITY, -INFINITY);
            set_lane(node, j, &none, TC_TREE_WIDE_NONE, 0);
        }
    }
    *out = u;
    *height = h + 1;
    return index;
}

bool tc_tree_wide_build(tc_tree_wide *w, const tc_tree *tree, tc_tree_wide_box_fn *box, void *context)
{
    if (!TC_REQUIRE(w != NULL && tree != NULL && box != NULL && tree->wide_count == 0)) return false;
    w->count = w->leaves = w->height = 0;
    if (!tree->has_root) return true;
    /* Every wide node but a lone leaf's consumes at least one internal
     * binary node, so n - 1 nodes always do; a node with four children
     * consumes three, but the bottom ones often hold two or three leaves:
     * 0.45 n is the usual count. */
    const int32_t n = tree->proxy_count;
    const int32_t limit = n > 1 ? n - 1 : 1;
    if (!reserve(w, limit < 64 ? limit : n / 2 + 64, 0)) return false;
    w->leaves = n;
    build_ctx c;
    c.w = w;
    c.limit = limit;
    c.failed = false;
    c.tree = tree;
    c.box = box;
    c.context = context;
    const tc_tree_node *root = &tree->nodes[0];
    if (tc_tree_node_is_leaf(root)) {
        /* a root of its own holding the one leaf */
        tc_tree_wide_node *node = &w->nodes[w->count++];
        const uint32_t item = (uint32_t)tc_tree_leaf_data(tree, root);
        uint32_t tag = 0;
        const tc_aabb b = box(context, item, &tag);
        tc_aabb none;
        none.min = tc_vec3_make(INFINITY, INFINITY, INFINITY);
        none.max = tc_vec3_make(-INFINITY, -INFINITY, -INFINITY);
        for (int j = 0; j < 4; ++j) {
            set_lane(node, j, j == 0 ? &b : &none, j == 0 ? -1 - (int32_t)item : TC_TREE_WIDE_NONE, j == 0 ? tag : 0);
        }
        w->height = 1;
        return true;
    }
    tc_aabb all;
    (void)collapse(&c, 0, &all, &w->height);
    if (c.failed) {
        w->count = w->leaves = w->height = 0;
        return false;
    }
    return true;
}
