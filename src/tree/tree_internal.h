/* SPDX-License-Identifier: MIT */
/* Private: the dynamic AABB tree's storage, shared by its source files.
 *
 * Layout, chosen for the traversals: a node is 32 bytes (its box, one child
 * link and its height), and the two children of a node always sit side by
 * side in one pair of slots (2k, 2k + 1), which the node array aligns to a
 * 64-byte cache line. A traversal that stands on a node reads both children's
 * boxes with one cache line. The root lives alone in slot 0 (slot 1 is never
 * used). A leaf also keeps the low 32 bits of its user data, so that while
 * every proxy's user data fits there (an index, say) a query reads nothing
 * but nodes. Restructuring keeps siblings together by moving node contents
 * between slots rather than relinking children: a rotation swaps two
 * subtrees' roots, an insertion moves the chosen sibling into a fresh pair
 * beside the new leaf, a removal moves the sibling up into the parent's
 * slot. The few fields only restructuring needs (the parent of each pair,
 * and per proxy its user data and leaf slot) live in separate arrays.
 */
#ifndef TOUCHE_SRC_TREE_TREE_INTERNAL_H
#define TOUCHE_SRC_TREE_TREE_INTERNAL_H

#include <touche/tree.h>

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#define TC_TREE_SIMD 1
#include <emmintrin.h>
#else
#define TC_TREE_SIMD 0
#endif

typedef struct tc_tree_node {
    tc_aabb box;          /* fat box for a leaf, union of the children otherwise */
    int32_t child;        /* internal: slot of the first child (even; the second is child + 1);
                             leaf: -1 - proxy; first slot of a free pair: the next free pair;
                             second slot of a free pair, unused slot: TC_TREE_FREE_MARK */
    uint32_t word;        /* internal: height (>= 1); leaf: low 32 bits of the user data */
} tc_tree_node;

#define TC_TREE_FREE_MARK INT32_MIN

typedef struct tc_tree_proxy {
    uint64_t user_data;
    int32_t node;         /* its leaf's slot; TC_TREE_NULL while the id is free */
    int32_t next_free;    /* next free proxy id while free */
} tc_tree_proxy;

struct tc_tree {
    tc_allocator allocator;
    tc_tree_node *nodes;  /* capacity slots, 64-byte aligned inside nodes_block */
    void *nodes_block;
    int32_t *parent;      /* capacity / 2 entries: parent[k] is the slot whose children are pair k */
    int32_t capacity;     /* slots: even, 0 or at least 16 */
    int32_t free_pair;    /* first slot of the first free pair, or TC_TREE_NULL */
    bool has_root;        /* slot 0 holds the root */
    tc_tree_proxy *proxies;
    int32_t proxy_capacity;
    int32_t proxy_free;
    int32_t proxy_count;
    int32_t wide_count;   /* live proxies whose user data needs more than 32 bits */
    float margin;
    float margin_ratio;
};

static inline bool tc_tree_node_is_leaf(const tc_tree_node *n) { return n->child < 0; }
static inline int32_t tc_tree_leaf_proxy(const tc_tree_node *n) { return -1 - n->child; }
static inline int32_t tc_tree_node_height(const tc_tree_node *n) { return n->child < 0 ? 0 : (int32_t)n->word; }
/* A leaf's user data. */
static inline uint64_t tc_tree_leaf_data(const tc_tree *t, const tc_tree_node *leaf)
{
    return t->wide_count == 0 ? (uint64_t)leaf->word : t->proxies[tc_tree_leaf_proxy(leaf)].user_data;
}

/* The one free list of node pairs: pair i (its first slot) goes on it,
 * ahead of what it holds. */
static inline void tc_tree_give_pair(tc_tree *t, int32_t i)
{
    t->nodes[i].child = t->free_pair;
    t->nodes[i].word = 0;
    t->nodes[i + 1].child = TC_TREE_FREE_MARK;
    t->nodes[i + 1].word = 0;
    t->free_pair = i;
}

/* Pairs [from, to) (first slots) go on the free list, lowest first. */
static inline void tc_tree_give_pairs(tc_tree *t, int32_t from, int32_t to)
{
    for (int32_t i = to - 2; i >= from; i -= 2) tc_tree_give_pair(t, i);
}

/* The slot whose children include slot i (TC_TREE_NULL for the root). */
static inline int32_t tc_tree_parent_of(const tc_tree *t, int32_t i)
{
    return i == 0 ? TC_TREE_NULL : t->parent[i >> 1];
}

static inline tc_aabb tc_tree_box_union(tc_aabb a, tc_aabb b)
{
    tc_aabb r;
    r.min = tc_vec3_min(a.min, b.min);
    r.max = tc_vec3_max(a.max, b.max);
    return r;
}

/* Half the surface area: the cost measure of the surface area heuristic. */
static inline float tc_tree_box_area(tc_aabb b)
{
    /* From the half extents, which cannot overflow, clamped to 2^31 before
     * they are multiplied: no operation here raises FE_OVERFLOW, whatever
     * the compiler evaluates first. A box wider than 2^32 costs 2^64, so
     * neither a count times an area nor a sum of those overflows: such
     * boxes all cost the same. (Scaling by 2 is exact, so an ordinary box
     * gets the bits of (max - min) products.) Finite boxes only. */
    const float hx = b.max.x * 0.5f - b.min.x * 0.5f, hy = b.max.y * 0.5f - b.min.y * 0.5f,
                hz = b.max.z * 0.5f - b.min.z * 0.5f;
    const float cx = hx < 0x1p31f ? hx : 0x1p31f, cy = hy < 0x1p31f ? hy : 0x1p31f, cz = hz < 0x1p31f ? hz : 0x1p31f;
    const float dx = 2.0f * cx, dy = 2.0f * cy, dz = 2.0f * cz;
    const float area = dx * dy + dy * dz + dz * dx;
    return hx <= 0x1p31f && hy <= 0x1p31f && hz <= 0x1p31f ? area : 0x1p64f;
}

/* The box's three minima and three maxima in lanes 0..2 (tc_tree_box_overlaps
 * says how they are read). */
#if TC_TREE_SIMD
static inline __m128 tc_tree_box_min4(const tc_aabb *b) { return _mm_loadu_ps((const float *)(const void *)b); }
static inline __m128 tc_tree_box_max4(const tc_aabb *b)
{
    const __m128 hi = _mm_loadu_ps((const float *)(const void *)((const char *)b + 2 * sizeof(float)));
    return _mm_shuffle_ps(hi, hi, _MM_SHUFFLE(3, 3, 2, 1));
}
#endif

static inline bool tc_tree_box_contains(tc_aabb outer, tc_aabb inner)
{
    /* scalar: its boxes are mostly fresh values, and reading them back from
     * memory in 16-byte pieces would wait on the stores that wrote them */
    return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
           inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

/* Closed boxes. All six comparisons, joined without branches: in a
 * traversal the outcome is hard to predict, and a mispredicted branch costs
 * more than the comparisons it would skip. With SSE2, three at a time: a
 * box's 24 bytes are read as its first 16 (min and max.x) and its last 16
 * (min.z and max), never past its end; comparisons give the same answer in
 * either form, NaN included (false). */
static inline bool tc_tree_box_overlaps(const tc_aabb *a, const tc_aabb *b)
{
#if TC_TREE_SIMD
    const __m128 ok = _mm_and_ps(_mm_cmple_ps(tc_tree_box_min4(a), tc_tree_box_max4(b)),
                                 _mm_cmple_ps(tc_tree_box_min4(b), tc_tree_box_max4(a)));
    return (_mm_movemask_ps(ok) & 7) == 7;
#else
    return ((a->min.x <= b->max.x) & (b->min.x <= a->max.x) & (a->min.y <= b->max.y) & (b->min.y <= a->max.y) &
            (a->min.z <= b->max.z) & (b->min.z <= a->max.z)) != 0;
#endif
}

/* Does box b meet the half-space dot(n, x) <= offset? Its corner lowest
 * along n decides: one dot product, no branches on the answer. In double,
 * where the products are exact and the sum cannot overflow (a fat box may
 * reach the end of the float range). */
static inline bool tc_tree_box_meets_halfspace(const tc_aabb *b, tc_vec3 n, float offset)
{
    const float x = n.x >= 0.0f ? b->min.x : b->max.x;
    const float y = n.y >= 0.0f ? b->min.y : b->max.y;
    const float z = n.z >= 0.0f ? b->min.z : b->max.z;
    return (double)n.x * x + (double)n.y * y + (double)n.z * z <= (double)offset;
}

/* The root's box: the union of every fat box. False for an empty tree. */
static inline bool tc_tree_root_box(const tc_tree *t, tc_aabb *out)
{
    if (!t->has_root) return false;
    *out = t->nodes[0].box;
    return true;
}

/* A live proxy id? */
static inline bool tc_tree_proxy_ok(const tc_tree *t, int32_t proxy)
{
    return t && proxy >= 0 && proxy < t->proxy_capacity && t->proxies[proxy].node >= 0;
}



/* Every proxy but `proxy` whose fat box overlaps `box`, found by walking up
 * from the proxy's leaf and searching the sibling of each node on the way:
 * for a box around the proxy's own, the walk reads the lines a move of the
 * proxy just touched rather than descending from the root again. */
void tc_tree_query_others(const tc_tree *tree, int32_t proxy, tc_aabb box, tc_tree_query_fn *fn, void *context);

/* tc_tree_raycast with every fat box grown by pad on every side: for a
 * caller whose exact casts accept rays grazing a shape within such a pad
 * (the world's walk before its ray index is made, or without one). */
void tc_tree_raycast_padded(const tc_tree *tree, const tc_ray *ray, float max_t, float pad, tc_tree_ray_fn *fn,
                            void *context);

/* ---- bulk building (tree_build.c) ---------------------------------------- */

typedef struct tc_tree_build_item {
    tc_aabb box;          /* the proxy's fat box */
    float center[3];      /* filled by tc_tree_build */
    int32_t proxy;
} tc_tree_build_item;

/* Replaces the whole hierarchy by one built top-down over items[0..n), which
 * must list every live proxy exactly once (n == proxy_count > 0), splitting
 * each range where the binned surface area heuristic is lowest. Pairs are
 * numbered in depth-first order, so each subtree occupies a contiguous run
 * of memory. The node array must hold 2n slots. Reorders items. */
void tc_tree_build(tc_tree *t, tc_tree_build_item *items, int32_t n);

#endif
