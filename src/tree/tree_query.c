/* Dynamic AABB tree: box queries, ray casts, pair finding, introspection. */
#include "tree/tree_internal.h"

#include <math.h>

#include "core/assert.h"
#include "queries/slab.h"

/* Depth-first traversals keep their own stack. Rotations keep the height
 * within about 1.44 log2(n), so 256 entries cover any tree that fits in
 * memory; if it ever overflowed, the traversal would skip nodes rather than
 * write out of bounds (and assert in debug builds). */
#define TC_TREE_STACK 256

void tc_tree_query_aabb(const tc_tree *tree, tc_aabb box, tc_tree_query_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && fn != NULL)) return;
    if (tree->root == TC_TREE_NULL) return;
    int32_t stack[TC_TREE_STACK];
    int n = 0;
    stack[n++] = tree->root;
    while (n > 0) {
        int32_t i = stack[--n];
        const tc_tree_node *node = &tree->nodes[i];
        if (!tc_tree_box_overlaps(node->box, box)) continue;
        if (tc_tree_node_is_leaf(node)) {
            if (!fn(context, i, node->user_data)) return;
        } else if (TC_REQUIRE(n + 2 <= TC_TREE_STACK)) {
            stack[n++] = node->child1;
            stack[n++] = node->child2;
        }
    }
}

/* Entry t of the ray into a box within [0, max_t], by the library's one
 * slab test. */
static inline bool slab(const tc_slab_ray *r, tc_aabb b, float max_t, float *t_enter)
{
    float t0 = 0.0f, t1 = max_t;
    if (!tc_slab_clip(r, b.min, b.max, &t0, &t1, NULL)) return false;
    *t_enter = t0;
    return true;
}

typedef struct ray_entry { int32_t node; float t; } ray_entry;

void tc_tree_raycast(const tc_tree *tree, const tc_ray *ray, float max_t, tc_tree_ray_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && ray != NULL && fn != NULL)) return;
    if (tree->root == TC_TREE_NULL) return;
    if (!tc_vec3_is_finite(ray->origin) || !tc_vec3_is_finite(ray->dir) || !(max_t >= 0.0f)) return;
    const tc_slab_ray sr = tc_slab_ray_make(ray->origin, ray->dir);
    ray_entry stack[TC_TREE_STACK];
    int n = 0;
    float t;
    if (!slab(&sr, tree->nodes[tree->root].box, max_t, &t)) return;
    stack[n].node = tree->root;
    stack[n].t = t;
    ++n;
    while (n > 0) {
        ray_entry e = stack[--n];
        if (e.t > max_t) continue; /* the search was clipped since this was pushed */
        const tc_tree_node *node = &tree->nodes[e.node];
        if (tc_tree_node_is_leaf(node)) {
            float r = fn(context, e.node, node->user_data, ray, max_t);
            if (r < 0.0f || isnan(r)) return;
            if (r < max_t) max_t = r;
            continue;
        }
        float t1 = 0.0f, t2 = 0.0f;
        bool h1 = slab(&sr, tree->nodes[node->child1].box, max_t, &t1);
        bool h2 = slab(&sr, tree->nodes[node->child2].box, max_t, &t2);
        if (!TC_REQUIRE(n + 2 <= TC_TREE_STACK)) continue;
        /* Push the farther child first so the nearer one is visited first. */
        if (h1 && h2) {
            bool first_near = t1 <= t2;
            stack[n].node = first_near ? node->child2 : node->child1;
            stack[n].t = first_near ? t2 : t1;
            ++n;
            stack[n].node = first_near ? node->child1 : node->child2;
            stack[n].t = first_near ? t1 : t2;
            ++n;
        } else if (h1) {
            stack[n].node = node->child1;
            stack[n].t = t1;
            ++n;
        } else if (h2) {
            stack[n].node = node->child2;
            stack[n].t = t2;
            ++n;
        }
    }
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
    if (!tc_tree_box_overlaps(na->box, nb->box)) return;
    bool la = tc_tree_node_is_leaf(na), lb = tc_tree_node_is_leaf(nb);
    if (la && lb) {
        if (!c->fn(c->context, a < b ? a : b, a < b ? b : a)) c->stop = true;
        return;
    }
    /* Split the bigger (or the only internal) node. */
    if (lb || (!la && tc_tree_box_area(na->box) >= tc_tree_box_area(nb->box))) {
        pairs_across(c, na->child1, b);
        pairs_across(c, na->child2, b);
    } else {
        pairs_across(c, a, nb->child1);
        pairs_across(c, a, nb->child2);
    }
}

static void pairs_within(pair_ctx *c, int32_t i)
{
    const tc_tree_node *n = &c->tree->nodes[i];
    if (c->stop || tc_tree_node_is_leaf(n)) return;
    pairs_within(c, n->child1);
    pairs_within(c, n->child2);
    pairs_across(c, n->child1, n->child2);
}

void tc_tree_query_pairs(const tc_tree *tree, tc_tree_pair_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && fn != NULL)) return;
    if (tree->root == TC_TREE_NULL) return;
    pair_ctx c;
    c.tree = tree;
    c.fn = fn;
    c.context = context;
    c.stop = false;
    pairs_within(&c, tree->root);
}

float tc_tree_area_ratio(const tc_tree *tree)
{
    if (!tree || tree->root == TC_TREE_NULL) return 0.0f;
    double sum = 0.0;
    for (int32_t i = 0; i < tree->capacity; ++i) {
        const tc_tree_node *n = &tree->nodes[i];
        if (n->height > 0) sum += tc_tree_box_area(n->box);
    }
    double root = tc_tree_box_area(tree->nodes[tree->root].box);
    return root > 0.0 ? (float)(sum / root) : 0.0f;
}

/* Checks the subtree at i; returns its leaf count or -1 on any defect. */
static int32_t validate_node(const tc_tree *t, int32_t i, int32_t parent, int depth)
{
    if (i < 0 || i >= t->capacity || depth > 1000) return -1;
    const tc_tree_node *n = &t->nodes[i];
    if (n->parent != parent || n->height < 0) return -1;
    if (tc_tree_node_is_leaf(n)) return n->height == 0 && n->child2 == TC_TREE_NULL ? 1 : -1;
    int32_t a = validate_node(t, n->child1, i, depth + 1);
    int32_t b = validate_node(t, n->child2, i, depth + 1);
    if (a < 0 || b < 0) return -1;
    const tc_tree_node *c1 = &t->nodes[n->child1], *c2 = &t->nodes[n->child2];
    int32_t h = 1 + (c1->height > c2->height ? c1->height : c2->height);
    if (n->height != h) return -1;
    tc_aabb u = tc_tree_box_union(c1->box, c2->box);
    if (u.min.x != n->box.min.x || u.min.y != n->box.min.y || u.min.z != n->box.min.z || u.max.x != n->box.max.x ||
        u.max.y != n->box.max.y || u.max.z != n->box.max.z)
        return -1;
    return a + b;
}

bool tc_tree_validate(const tc_tree *tree)
{
    if (!tree) return false;
    int32_t free_count = 0;
    for (int32_t i = tree->free_list; i != TC_TREE_NULL; i = tree->nodes[i].parent) {
        if (i < 0 || i >= tree->capacity || tree->nodes[i].height != -1 || ++free_count > tree->capacity)
            return false;
    }
    if (tree->root == TC_TREE_NULL) return tree->proxy_count == 0 && free_count == tree->capacity;
    int32_t leaves = validate_node(tree, tree->root, TC_TREE_NULL, 0);
    if (leaves != tree->proxy_count) return false;
    /* leaves + internal nodes (leaves - 1) + free nodes account for all. */
    return leaves + (leaves - 1) + free_count == tree->capacity;
}

static void visit(const tc_tree *t, int32_t i, int32_t depth, tc_tree_node_fn *fn, void *context)
{
    const tc_tree_node *n = &t->nodes[i];
    bool leaf = tc_tree_node_is_leaf(n);
    fn(context, n->box, depth, leaf);
    if (!leaf) {
        visit(t, n->child1, depth + 1, fn, context);
        visit(t, n->child2, depth + 1, fn, context);
    }
}

void tc_tree_visit_nodes(const tc_tree *tree, tc_tree_node_fn *fn, void *context)
{
    if (!TC_REQUIRE(tree != NULL && fn != NULL)) return;
    if (tree->root != TC_TREE_NULL) visit(tree, tree->root, 0, fn, context);
}
