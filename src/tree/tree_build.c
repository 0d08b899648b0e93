/* SPDX-License-Identifier: MIT */
/* Dynamic AABB tree: building the whole hierarchy at once, top-down, by the
 * binned surface area heuristic (Wald, "On fast Construction of SAH-based
 * Bounding Volume Hierarchies", 2007). Used for bulk insertion and for
 * rebuilding a tree that incremental updates have worn down; the result is
 * both better shaped and laid out depth first in memory. */
#include "tree/tree_internal.h"

#include <float.h>

#include "core/assert.h"

#define BINS 16
/* Below this depth every split is by the heuristic; from it on by the
 * median, so that no input (say, boxes spaced exponentially) makes the tree
 * deeper than about this plus log2(n). */
#define SAH_DEPTH 40
#define BUILD_STACK 256

typedef struct build_range { int32_t slot, lo, hi, depth; } build_range;

static void swap_items(tc_tree_build_item *a, tc_tree_build_item *b)
{
    tc_tree_build_item t = *a;
    *a = *b;
    *b = t;
}

/* Reorders items[lo, hi) so that items[nth] has the centre it would have
 * sorted along axis, no greater one before it and no smaller one after. */
static void select_nth(tc_tree_build_item *it, int32_t lo, int32_t hi, int32_t nth, int axis)
{
    while (hi - lo > 1) {
        const float pivot = it[lo + (hi - lo) / 2].center[axis];
        int32_t i = lo, j = hi - 1;
        while (i <= j) {
            while (it[i].center[axis] < pivot) ++i;
            while (it[j].center[axis] > pivot) --j;
            if (i <= j) {
                swap_items(&it[i], &it[j]);
                ++i;
                --j;
            }
        }
        /* [lo, j] <= pivot <= [i, hi); between them, equal to the pivot */
        if (nth <= j) hi = j + 1;
        else if (nth >= i) lo = i;
        else return;
    }
}

static int32_t median_split(tc_tree_build_item *it, int32_t lo, int32_t hi, int axis)
{
    int32_t mid = lo + (hi - lo) / 2;
    select_nth(it, lo, hi, mid, axis);
    return mid;
}

/* Where to cut items[lo, hi) (at least two): the first index of the right
 * part, strictly between lo and hi. */
static int32_t split(tc_tree_build_item *it, int32_t lo, int32_t hi, int depth)
{
    const int32_t count = hi - lo;
    if (count == 2) return lo + 1;
    float cmin[3] = { FLT_MAX, FLT_MAX, FLT_MAX }, cmax[3] = { -FLT_MAX, -FLT_MAX, -FLT_MAX };
    for (int32_t i = lo; i < hi; ++i) {
        for (int k = 0; k < 3; ++k) {
            float c = it[i].center[k];
            cmin[k] = c < cmin[k] ? c : cmin[k];
            cmax[k] = c > cmax[k] ? c : cmax[k];
        }
    }
    int axis = 0;
    float ext = cmax[0] - cmin[0];
    for (int k = 1; k < 3; ++k) {
        if (cmax[k] - cmin[k] > ext) {
            ext = cmax[k] - cmin[k];
            axis = k;
        }
    }
    if (!(ext > 0.0f)) return lo + count / 2; /* all centres equal: any cut is as good */
    if (depth >= SAH_DEPTH || !(ext <= FLT_MAX)) return median_split(it, lo, hi, axis);

    int32_t bin_count[BINS] = { 0 };
    tc_aabb bin_box[BINS];
    tc_aabb empty;
    empty.min = tc_vec3_zero();
    empty.max = tc_vec3_zero();
    const float scale = (float)BINS / ext;
    for (int32_t i = lo; i < hi; ++i) {
        float f = (it[i].center[axis] - cmin[axis]) * scale;
        int b = f < (float)BINS ? (int)f : BINS - 1;
        if (b < 0) b = 0;
        bin_box[b] = bin_count[b] ? tc_tree_box_union(bin_box[b], it[i].box) : it[i].box;
        ++bin_count[b];
    }
    /* Sweep from the right for the right parts' areas, then from the left. */
    float right_cost[BINS];
    {
        tc_aabb acc = empty;
        int32_t n = 0;
        for (int b = BINS - 1; b > 0; --b) {
            if (bin_count[b]) {
                acc = n ? tc_tree_box_union(acc, bin_box[b]) : bin_box[b];
                n += bin_count[b];
            }
            right_cost[b] = n ? (float)n * tc_tree_box_area(acc) : 0.0f;
        }
    }
    float best = FLT_MAX;
    int best_bin = -1;
    {
        tc_aabb acc = empty;
        int32_t n = 0;
        for (int b = 0; b < BINS - 1; ++b) {
            if (bin_count[b]) {
                acc = n ? tc_tree_box_union(acc, bin_box[b]) : bin_box[b];
                n += bin_count[b];
            }
            if (n == 0 || n == count) continue;
            float cost = (float)n * tc_tree_box_area(acc) + right_cost[b + 1];
            if (cost < best) {
                best = cost;
                best_bin = b;
            }
        }
    }
    if (best_bin < 0) return median_split(it, lo, hi, axis);
    /* Partition: bins up to best_bin to the left. */
    int32_t i = lo, j = hi - 1;
    for (;;) {
        while (i <= j) {
            float f = (it[i].center[axis] - cmin[axis]) * scale;
            int b = f < (float)BINS ? (int)f : BINS - 1;
            if (b > best_bin) break;
            ++i;
        }
        while (i <= j) {
            float f = (it[j].center[axis] - cmin[axis]) * scale;
            int b = f < (float)BINS ? (int)f : BINS - 1;
            if (b <= best_bin) break;
            --j;
        }
        if (i >= j) break;
        swap_items(&it[i], &it[j]);
        ++i;
        --j;
    }
    if (i <= lo || i >= hi) return median_split(it, lo, hi, axis);
    return i;
}

static void refit(const tc_tree *t, tc_tree_node *node)
{
    const tc_tree_node *c = &t->nodes[node->child];
    node->box = tc_tree_box_union(c[0].box, c[1].box);
    const int32_t h0 = tc_tree_node_height(&c[0]), h1 = tc_tree_node_height(&c[1]);
    node->word = (uint32_t)(1 + (h0 > h1 ? h0 : h1));
}

void tc_tree_build(tc_tree *t, tc_tree_build_item *items, int32_t n)
{
    if (!TC_REQUIRE(n > 0 && n == t->proxy_count && 2 * n <= t->capacity)) return;
    for (int32_t i = 0; i < n; ++i) {
        const tc_aabb *b = &items[i].box;
        /* halves first: the sum of two huge coordinates would overflow */
        items[i].center[0] = 0.5f * b->min.x + 0.5f * b->max.x;
        items[i].center[1] = 0.5f * b->min.y + 0.5f * b->max.y;
        items[i].center[2] = 0.5f * b->min.z + 0.5f * b->max.z;
    }
    /* Depth first, left before right: pairs are handed out in that order. */
    build_range stack[BUILD_STACK];
    int top = 0;
    int32_t next = 2;
    stack[top].slot = 0;
    stack[top].lo = 0;
    stack[top].hi = n;
    stack[top].depth = 0;
    ++top;
    while (top > 0) {
        const build_range r = stack[--top];
        tc_tree_node *node = &t->nodes[r.slot];
        if (r.hi - r.lo == 1) {
            node->box = items[r.lo].box;
            node->child = -1 - items[r.lo].proxy;
            node->word = (uint32_t)t->proxies[items[r.lo].proxy].user_data;
            t->proxies[items[r.lo].proxy].node = r.slot;
            continue;
        }
        const int32_t mid = split(items, r.lo, r.hi, r.depth);
        const int32_t pair = next;
        next += 2;
        node->child = pair;
        node->word = 1; /* set with the box by the refit below */
        t->parent[pair >> 1] = r.slot;
        /* depth is below SAH_DEPTH + log2(n) + 1, far below the stack size */
        if (!TC_REQUIRE(top + 2 <= BUILD_STACK)) break;
        stack[top].slot = pair + 1;
        stack[top].lo = mid;
        stack[top].hi = r.hi;
        stack[top].depth = r.depth + 1;
        ++top;
        stack[top].slot = pair;
        stack[top].lo = r.lo;
        stack[top].hi = mid;
        stack[top].depth = r.depth + 1;
        ++top;
    }
    /* A node's children were handed out after the node itself, so going
     * backwards refits children before their parents. */
    for (int32_t s = next - 2; s >= 2; s -= 2) {
        for (int k = 1; k >= 0; --k) {
            tc_tree_node *node = &t->nodes[s + k];
            if (tc_tree_node_is_leaf(node)) continue;
            refit(t, node);
        }
    }
    if (!tc_tree_node_is_leaf(&t->nodes[0])) {
        refit(t, &t->nodes[0]);
    }
    t->has_root = true;
    /* The rest is free, lowest first. */
    t->free_pair = TC_TREE_NULL;
    tc_tree_give_pairs(t, next, t->capacity);
}
