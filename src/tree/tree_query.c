/* SPDX-License-Identifier: MIT */
/* Dynamic AABB tree: box queries, ray casts, pair finding, introspection.
 *
 * The traversals stand on an internal node and test both children's boxes,
 * which share a cache line (tree_internal.h), before going down: a subtree
 * is entered only when its box passed, and a leaf is reported without
 * reading anything more than its parent's line. */
#include "tree/tree_internal.h"

#include <math.h>

#include "core/assert.h"
#include "core/inline.h"
#include "core/prefetch.h"
#include "queries/slab.h"
#include "core/float.h"

/* Depth-first traversals keep their own stack. Rotations keep the height
 * within about 1.44 log2(n), so 256 entries cover any tree that fits in
 * memory; if it ever overflowed, the traversal would skip nodes rather than
 * write out of bounds (and assert in debug builds). */
#define TC_TREE_STACK 256

static inline bool report(const tc_tree *tree, const tc_tree_node *leaf, tc_tree_query_fn *fn, void *context)
{
    return fn(context, tc_tree_leaf_proxy(leaf), tc_tree_leaf_data(tree, leaf));
}

/* Reports every leaf below internal node `top` whose box overlaps `box`;
 * false when the callback stopped the search. */
static bool query_below(const tc_tree *tree, int32_t top, const tc_aabb *box, tc_tree_query_fn *fn, void *context)
{
    const tc_tree_node *nodes = tree->nodes;
    int32_t stack[TC_TREE_STACK];
    int n = 0;
    stack[n++] = top;
    while (n > 0) {
        const tc_tree_node *c = &nodes[nodes[stack[--n]].child];
        for (int k = 0; k < 2; ++k) {
            if (!tc_tree_box_overlaps(&c[k].box, box)) continue;
            if (tc_tree_node_is_leaf(&c[k])) {
                if (!report(tree, &c[k], fn, context)) return false;
            } else if (TC_REQUIRE(n < TC_TREE_STACK)) {
                /* its children's line is needed when it comes off the
                 * stack: start loading it now */
                TC_PREFETCH(&nodes[c[k].child]);
                stack[n++] = (int32_t)(&c[k] - nodes);
            }
        }
    }
    return true;
}

void tc_tree_query_plane(const tc_tree *tree, tc_plane plane, tc_tree_query_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && fn != NULL)) return;
    if (!tree->has_root || !tc_vec3_is_finite(plane.normal) || !tc_is_finite(plane.offset)) return;
    const tc_tree_node *nodes = tree->nodes;
    if (!tc_tree_box_meets_halfspace(&nodes[0].box, plane.normal, plane.offset)) return;
    if (tc_tree_node_is_leaf(&nodes[0])) {
        (void)report(tree, &nodes[0], fn, context);
        return;
    }
    int32_t stack[TC_TREE_STACK];
    int n = 0;
    stack[n++] = 0;
    while (n > 0) {
        const tc_tree_node *c = &nodes[nodes[stack[--n]].child];
        for (int k = 0; k < 2; ++k) {
            if (!tc_tree_box_meets_halfspace(&c[k].box, plane.normal, plane.offset)) continue;
            if (tc_tree_node_is_leaf(&c[k])) {
                if (!report(tree, &c[k], fn, context)) return;
            } else if (TC_REQUIRE(n < TC_TREE_STACK)) {
                TC_PREFETCH(&nodes[c[k].child]);
                stack[n++] = (int32_t)(&c[k] - nodes);
            }
        }
    }
}

void tc_tree_query_aabb(const tc_tree *tree, tc_aabb box, tc_tree_query_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && fn != NULL)) return;
    if (!tree->has_root) return;
    const tc_tree_node *root = &tree->nodes[0];
    if (!tc_tree_box_overlaps(&root->box, &box)) return;
    if (tc_tree_node_is_leaf(root)) (void)report(tree, root, fn, context);
    else (void)query_below(tree, 0, &box, fn, context);
}

void tc_tree_query_others(const tc_tree *tree, int32_t proxy, tc_aabb box, tc_tree_query_fn *fn, void *context)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy) && fn != NULL)) return;
    /* Every other leaf lies below exactly one sibling of the proxy's leaf
     * or of one of its ancestors. */
    for (int32_t i = tree->proxies[proxy].node; i != 0; i = tree->parent[i >> 1]) {
        const tc_tree_node *s = &tree->nodes[i ^ 1];
        if (!tc_tree_box_overlaps(&s->box, &box)) continue;
        if (tc_tree_node_is_leaf(s)) {
            if (!report(tree, s, fn, context)) return;
        } else if (!query_below(tree, i ^ 1, &box, fn, context)) {
            return;
        }
    }
}

/* The slab test in double, on b grown by pad, for a wide ray
 * (tc_slab_ray_is_wide against the root box): there the float products
 * could overflow. An entry beyond the float range (then max_t is infinite)
 * is kept as FLT_MAX: still a hit, and never after a later entry. */
static bool slab_wide(const tc_slab_ray *r, const tc_aabb *b, float pad, float max_t, float *t_enter)
{
    double t0 = 0.0, t1 = max_t;
    if (!tc_slab_clip_double(r, b->min, b->max, pad, &t0, &t1, NULL)) return false;
    *t_enter = tc_float_saturated(t0);
    return true;
}

/* Entry t of the ray into a box within [0, max_t], by the library's one
 * slab test: its branch-free form (tc_slab_enter) for rays parallel to no
 * axis, which is what `fast` says, and in double for a wide ray, which is
 * what `wide` says (constants in each copy of the loop). */
TC_FORCE_INLINE bool slab(const tc_slab_ray *r, bool fast, const bool wide, const tc_aabb *b, float max_t,
                          float *t_enter)
{
    if (wide) return slab_wide(r, b, 0.0f, max_t, t_enter);
    if (fast) return tc_slab_enter(r, b, max_t, t_enter);
    float t0 = 0.0f, t1 = max_t;
    if (!tc_slab_clip(r, b->min, b->max, &t0, &t1, NULL)) return false;
    *t_enter = t0;
    return true;
}

typedef struct ray_entry { int32_t node; float t; } ray_entry;

/* Hands a leaf the ray hit to the callback; false to stop the cast. */
TC_FORCE_INLINE bool ray_leaf(const tc_tree *tree, const tc_tree_node *leaf, const tc_ray *ray, float *max_t,
                            tc_tree_ray_fn *fn, void *context)
{
    float r = fn(context, tc_tree_leaf_proxy(leaf), tc_tree_leaf_data(tree, leaf), ray, *max_t);
    if (tc_is_nan(r) || r < 0.0f) return false; /* NaN first: its comparison raises FE_INVALID */
    if (r < *max_t) *max_t = r;
    return true;
}

/* A child the ray entered at t: a leaf goes to the callback at once, the
 * first internal child becomes *next and a second one waits on the stack.
 * False to stop the cast. */
TC_FORCE_INLINE bool ray_take(const tc_tree *tree, int32_t slot, const tc_ray *ray, float *max_t, tc_tree_ray_fn *fn,
                              void *context, int32_t *next, ray_entry *stack, int *n, float t)
{
    const tc_tree_node *child = &tree->nodes[slot];
    if (tc_tree_node_is_leaf(child)) return ray_leaf(tree, child, ray, max_t, fn, context);
    TC_PREFETCH(&tree->nodes[child->child]);
    if (*next == TC_TREE_NULL) {
        *next = slot;
    } else if (TC_REQUIRE(*n < TC_TREE_STACK)) {
        stack[*n].node = slot;
        stack[*n].t = t;
        ++*n;
    }
    return true;
}

/* A box grown by pad on every side (padded walks only). */
TC_FORCE_INLINE tc_aabb grown(const tc_aabb *b, float pad)
{
    tc_aabb g;
    g.min = tc_vec3_sub(b->min, tc_vec3_make(pad, pad, pad));
    g.max = tc_vec3_add(b->max, tc_vec3_make(pad, pad, pad));
    return g;
}

/* slab() on the box as stored, or grown by pad when `padded` (a constant
 * in each copy of the walk); a wide ray grows it in double. */
TC_FORCE_INLINE bool slab_padded(const tc_slab_ray *r, bool fast, const bool wide, const bool padded, float pad,
                                 const tc_aabb *b, float max_t, float *t_enter)
{
    if (wide) return slab_wide(r, b, padded ? pad : 0.0f, max_t, t_enter);
    if (!padded) return slab(r, fast, false, b, max_t, t_enter);
    const tc_aabb g = grown(b, pad);
    return slab(r, fast, false, &g, max_t, t_enter);
}

TC_FORCE_INLINE void raycast(const tc_tree *tree, const tc_ray *ray, const tc_slab_ray *sr, const bool fast,
                             const bool wide, const bool padded, float pad, float max_t, tc_tree_ray_fn *fn,
                             void *context)
{
    const tc_tree_node *nodes = tree->nodes;
    float t;
    if (!slab_padded(sr, fast, wide, padded, pad, &nodes[0].box, max_t, &t)) return;
    if (tc_tree_node_is_leaf(&nodes[0])) {
        (void)ray_leaf(tree, &nodes[0], ray, &max_t, fn, context);
        return;
    }
    /* Depth first from the node in hand: of two children hit, the nearer is
     * taken next and the farther kept on the stack with its entry t, dropped
     * when it comes off the stack beyond the best hit so far. Leaves go to
     * the callback as soon as they are hit, nearer first. */
    ray_entry stack[TC_TREE_STACK];
    int n = 0;
    int32_t cur = 0;
    for (;;) {
        const int32_t c = nodes[cur].child;
        const tc_tree_node *k = &nodes[c];
        float te[2];
        unsigned m;
        if (fast && !wide && !padded) {
            /* both children in one go: they share a line */
            m = tc_slab_enter2(sr, &k[0].box, &k[1].box, max_t, te);
        } else {
            m = slab_padded(sr, fast, wide, padded, pad, &k[0].box, max_t, &te[0]) ? 1u : 0u;
            m |= slab_padded(sr, fast, wide, padded, pad, &k[1].box, max_t, &te[1]) ? 2u : 0u;
        }
        int32_t next = TC_TREE_NULL;
        if (m == 3u) {
            /* the nearer first; the farther may have been clipped by a leaf
             * the nearer handed over */
            const int near = te[1] < te[0] ? 1 : 0;
            if (!ray_take(tree, c + near, ray, &max_t, fn, context, &next, stack, &n, te[near])) return;
            if (te[near ^ 1] <= max_t &&
                !ray_take(tree, c + (near ^ 1), ray, &max_t, fn, context, &next, stack, &n, te[near ^ 1]))
                return;
        } else if (m != 0u) {
            const int which = (int)(m >> 1); /* 1 -> child 0, 2 -> child 1 */
            if (!ray_take(tree, c + which, ray, &max_t, fn, context, &next, stack, &n, te[which])) return;
        }
        if (next == TC_TREE_NULL) {
            /* nothing to go down into here: the nearest waiting entry still
             * in range */
            do {
                if (n == 0) return;
                --n;
            } while (stack[n].t > max_t);
            next = stack[n].node;
        }
        cur = next;
    }
}

/* Could the float slab tests of ray r overflow on this tree's boxes grown
 * by pad? Every box lies inside the root's. */
static bool ray_is_wide(const tc_tree *tree, const tc_slab_ray *r, float pad)
{
    const tc_aabb *root = &tree->nodes[0].box;
    const float box = tc_maxf(tc_vec3_max_abs(root->min), tc_vec3_max_abs(root->max));
    return tc_slab_ray_is_wide(r, (double)box + tc_vec3_max_abs(r->origin) + pad);
}

void tc_tree_raycast(const tc_tree *tree, const tc_ray *ray, float max_t, tc_tree_ray_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && ray != NULL && fn != NULL)) return;
    if (!tree->has_root) return;
    if (!tc_vec3_is_finite(ray->origin) || !tc_vec3_is_finite(ray->dir) || tc_is_nan(max_t) || !(max_t >= 0.0f)) return;
    const tc_slab_ray sr = tc_slab_ray_make(ray->origin, ray->dir);
    if (ray_is_wide(tree, &sr, 0.0f)) raycast(tree, ray, &sr, false, true, false, 0.0f, max_t, fn, context);
    else if (sr.parallel) raycast(tree, ray, &sr, false, false, false, 0.0f, max_t, fn, context);
    else raycast(tree, ray, &sr, true, false, false, 0.0f, max_t, fn, context);
}

void tc_tree_raycast_padded(const tc_tree *tree, const tc_ray *ray, float max_t, float pad, tc_tree_ray_fn *fn,
                            void *context)
{
    if (!TC_REQUIRE(tree != NULL && ray != NULL && fn != NULL)) return;
    if (!tree->has_root) return;
    if (!tc_vec3_is_finite(ray->origin) || !tc_vec3_is_finite(ray->dir) || tc_is_nan(max_t) || !(max_t >= 0.0f)) return;
    if (!(pad > 0.0f) || !isfinite(pad)) pad = 0.0f;
    const tc_slab_ray sr = tc_slab_ray_make(ray->origin, ray->dir);
    if (ray_is_wide(tree, &sr, pad)) raycast(tree, ray, &sr, false, true, true, pad, max_t, fn, context);
    else if (sr.parallel) raycast(tree, ray, &sr, false, false, true, pad, max_t, fn, context);
    else raycast(tree, ray, &sr, true, false, true, pad, max_t, fn, context);
}

/* Pair finding: every leaf pair below one node, and every pair across two
 * disjoint subtrees. Recursion depth is bounded by twice the height. */
typedef struct pair_ctx {
    const tc_tree *tree;
    tc_tree_pair_fn *fn;
    void *context;
    bool stop;
} pair_ctx;

static void pairs_across(pair_ctx *c, int32_t a, int32_t b)
{
    if (c->stop) return;
    const tc_tree_node *na = &c->tree->nodes[a], *nb = &c->tree->nodes[b];
    if (!tc_tree_box_overlaps(&na->box, &nb->box)) return;
    bool la = tc_tree_node_is_leaf(na), lb = tc_tree_node_is_leaf(nb);
    if (la && lb) {
        int32_t pa = tc_tree_leaf_proxy(na), pb = tc_tree_leaf_proxy(nb);
        if (!c->fn(c->context, pa < pb ? pa : pb, pa < pb ? pb : pa)) c->stop = true;
        return;
    }
    /* Split the bigger (or the only internal) node. */
    if (lb || (!la && tc_tree_box_area(na->box) >= tc_tree_box_area(nb->box))) {
        pairs_across(c, na->child, b);
        pairs_across(c, na->child + 1, b);
    } else {
        pairs_across(c, a, nb->child);
        pairs_across(c, a, nb->child + 1);
    }
}

static void pairs_within(pair_ctx *c, int32_t i)
{
    const tc_tree_node *n = &c->tree->nodes[i];
    if (c->stop || tc_tree_node_is_leaf(n)) return;
    pairs_within(c, n->child);
    pairs_within(c, n->child + 1);
    pairs_across(c, n->child, n->child + 1);
}

void tc_tree_query_pairs(const tc_tree *tree, tc_tree_pair_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && fn != NULL)) return;
    if (!tree->has_root) return;
    pair_ctx c;
    c.tree = tree;
    c.fn = fn;
    c.context = context;
    c.stop = false;
    pairs_within(&c, 0);
}

/* Sum of the internal nodes' areas below slot i. */
static double internal_area(const tc_tree *t, int32_t i)
{
    const tc_tree_node *n = &t->nodes[i];
    if (tc_tree_node_is_leaf(n)) return 0.0;
    return tc_tree_box_area(n->box) + internal_area(t, n->child) + internal_area(t, n->child + 1);
}

float tc_tree_area_ratio(const tc_tree *tree)
{
    if (!tree || !tree->has_root) return 0.0f;
    double root = tc_tree_box_area(tree->nodes[0].box);
    return root > 0.0 ? (float)(internal_area(tree, 0) / root) : 0.0f;
}

/* Checks the subtree at slot i; returns its leaf count or -1 on any defect. */
static int32_t validate_node(const tc_tree *t, int32_t i, int depth)
{
    if (i < 0 || i >= t->capacity || depth > 1000) return -1;
    const tc_tree_node *n = &t->nodes[i];
    if (tc_tree_node_is_leaf(n)) {
        int32_t proxy = tc_tree_leaf_proxy(n);
        if (proxy >= t->proxy_capacity || t->proxies[proxy].node != i ||
            n->word != (uint32_t)t->proxies[proxy].user_data)
            return -1;
        return 1;
    }
    const int32_t c = n->child;
    if ((c & 1) != 0 || c < 2 || c + 1 >= t->capacity || t->parent[c >> 1] != i) return -1;
    int32_t a = validate_node(t, c, depth + 1);
    int32_t b = validate_node(t, c + 1, depth + 1);
    if (a < 0 || b < 0) return -1;
    const tc_tree_node *c1 = &t->nodes[c], *c2 = &t->nodes[c + 1];
    const int32_t h1 = tc_tree_node_height(c1), h2 = tc_tree_node_height(c2);
    if (n->word != (uint32_t)(1 + (h1 > h2 ? h1 : h2))) return -1;
    tc_aabb u = tc_tree_box_union(c1->box, c2->box);
    if (u.min.x != n->box.min.x || u.min.y != n->box.min.y || u.min.z != n->box.min.z || u.max.x != n->box.max.x ||
        u.max.y != n->box.max.y || u.max.z != n->box.max.z)
        return -1;
    return a + b;
}

bool tc_tree_validate(const tc_tree *tree)
{
    if (!tree) return false;
    if (tree->capacity == 0) return !tree->has_root && tree->proxy_count == 0;
    int32_t free_pairs = 0;
    for (int32_t i = tree->free_pair; i != TC_TREE_NULL; i = tree->nodes[i].child) {
        if (i < 2 || i >= tree->capacity || (i & 1) != 0 || tree->nodes[i + 1].child != TC_TREE_FREE_MARK ||
            ++free_pairs > tree->capacity / 2)
            return false;
    }
    int32_t live = 0, wide = 0;
    for (int32_t id = 0; id < tree->proxy_capacity; ++id) {
        if (tree->proxies[id].node < 0) continue;
        ++live;
        wide += tree->proxies[id].user_data > UINT32_MAX ? 1 : 0;
    }
    if (live != tree->proxy_count || wide != tree->wide_count) return false;
    if (!tree->has_root) return tree->proxy_count == 0 && free_pairs == tree->capacity / 2 - 1;
    int32_t leaves = validate_node(tree, 0, 0);
    if (leaves != tree->proxy_count) return false;
    /* pair 0 (the root), the pairs of the leaves - 1 internal nodes and the
     * free pairs account for all */
    return 1 + (leaves - 1) + free_pairs == tree->capacity / 2;
}

static void visit(const tc_tree *t, int32_t i, int32_t depth, tc_tree_node_fn *fn, void *context)
{
    const tc_tree_node *n = &t->nodes[i];
    bool leaf = tc_tree_node_is_leaf(n);
    fn(context, n->box, depth, leaf);
    if (!leaf) {
        visit(t, n->child, depth + 1, fn, context);
        visit(t, n->child + 1, depth + 1, fn, context);
    }
}

void tc_tree_visit_nodes(const tc_tree *tree, tc_tree_node_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && fn != NULL)) return;
    if (tree->has_root) visit(tree, 0, 0, fn, context);
}
