/* Dynamic AABB tree: node storage, insertion with the surface area
 * heuristic, removal, and height-balancing rotations. */
#include "tree/tree_internal.h"

#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/assert.h"

tc_tree_def tc_tree_def_default(void)
{
    tc_tree_def d;
    memset(&d, 0, sizeof d);
    d.margin = 0.0f;
    d.margin_ratio = 0.1f;
    return d;
}

/* Links nodes [from, to) into the free list, ahead of what it holds. */
static void link_free(tc_tree *t, int32_t from, int32_t to)
{
    for (int32_t i = to - 1; i >= from; --i) {
        t->nodes[i].parent = t->free_list;
        t->nodes[i].height = -1;
        t->nodes[i].child1 = TC_TREE_NULL;
        t->nodes[i].child2 = TC_TREE_NULL;
        t->free_list = i;
    }
}

static bool grow(tc_tree *t)
{
    int32_t old = t->capacity;
    if (old > INT32_MAX / 2) return false;
    int32_t cap = old ? old * 2 : 16;
    tc_tree_node *n = (tc_tree_node *)tc_mem_resize(&t->allocator, t->nodes, (size_t)old * sizeof *n,
                                                    (size_t)cap * sizeof *n);
    if (!n) return false;
    t->nodes = n;
    t->capacity = cap;
    link_free(t, old, cap);
    return true;
}

static int32_t alloc_node(tc_tree *t)
{
    if (t->free_list == TC_TREE_NULL && !grow(t)) return TC_TREE_NULL;
    int32_t i = t->free_list;
    tc_tree_node *n = &t->nodes[i];
    t->free_list = n->parent;
    n->parent = TC_TREE_NULL;
    n->child1 = TC_TREE_NULL;
    n->child2 = TC_TREE_NULL;
    n->height = 0;
    n->user_data = 0;
    return i;
}

static void free_node(tc_tree *t, int32_t i)
{
    t->nodes[i].parent = t->free_list;
    t->nodes[i].height = -1;
    t->nodes[i].child1 = TC_TREE_NULL;
    t->nodes[i].child2 = TC_TREE_NULL;
    t->free_list = i;
}

tc_tree *tc_tree_create(const tc_tree_def *def)
{
    tc_tree_def d = def ? *def : tc_tree_def_default();
    if (!(d.margin >= 0.0f) || !(d.margin_ratio >= 0.0f) || !isfinite(d.margin) || !isfinite(d.margin_ratio))
        return NULL;
    tc_tree *t = (tc_tree *)tc_mem_alloc(&d.allocator, sizeof *t);
    if (!t) return NULL;
    memset(t, 0, sizeof *t);
    t->allocator = d.allocator;
    t->root = TC_TREE_NULL;
    t->free_list = TC_TREE_NULL;
    t->margin = d.margin;
    t->margin_ratio = d.margin_ratio;
    if (d.initial_capacity > 0) {
        int32_t cap = d.initial_capacity < INT32_MAX / 2 ? d.initial_capacity * 2 : INT32_MAX / 2;
        tc_tree_node *n = (tc_tree_node *)tc_mem_alloc(&t->allocator, (size_t)cap * sizeof *n);
        if (n) {
            t->nodes = n;
            t->capacity = cap;
            link_free(t, 0, cap);
        }
    }
    return t;
}

void tc_tree_destroy(tc_tree *tree)
{
    if (!tree) return;
    tc_allocator a = tree->allocator;
    tc_mem_free(&a, tree->nodes, (size_t)tree->capacity * sizeof *tree->nodes);
    tc_mem_free(&a, tree, sizeof *tree);
}

static void refit(tc_tree *t, int32_t i)
{
    tc_tree_node *n = &t->nodes[i];
    const tc_tree_node *c1 = &t->nodes[n->child1], *c2 = &t->nodes[n->child2];
    n->box = tc_tree_box_union(c1->box, c2->box);
    n->height = 1 + (c1->height > c2->height ? c1->height : c2->height);
}

static void replace_child(tc_tree *t, int32_t parent, int32_t old_child, int32_t new_child)
{
    if (parent == TC_TREE_NULL) {
        t->root = new_child;
    } else if (t->nodes[parent].child1 == old_child) {
        t->nodes[parent].child1 = new_child;
    } else {
        t->nodes[parent].child2 = new_child;
    }
}

/* If one child of a is two or more levels taller than the other, lift the
 * taller child into a's place (a tree rotation). The lifted child keeps its
 * taller grandchild and hands the shorter one down to a. Returns the index
 * now at a's place. */
static int32_t balance(tc_tree *t, int32_t ia)
{
    tc_tree_node *a = &t->nodes[ia];
    if (tc_tree_node_is_leaf(a) || a->height < 2) return ia;
    int32_t ib = a->child1, ic = a->child2;
    int32_t diff = t->nodes[ic].height - t->nodes[ib].height;
    if (diff > 1 || diff < -1) {
        /* up: the taller child; keep: a's other child */
        int32_t up = diff > 1 ? ic : ib;
        tc_tree_node *u = &t->nodes[up];
        int32_t g1 = u->child1, g2 = u->child2;
        int32_t tall = t->nodes[g1].height > t->nodes[g2].height ? g1 : g2;
        int32_t shortg = tall == g1 ? g2 : g1;
        u->parent = a->parent;
        replace_child(t, a->parent, ia, up);
        a->parent = up;
        u->child1 = ia;
        u->child2 = tall;
        if (up == ic) a->child2 = shortg;
        else a->child1 = shortg;
        t->nodes[shortg].parent = ia;
        refit(t, ia);
        refit(t, up);
        return up;
    }
    return ia;
}

/* Surface-area rotation at internal node a with children b and c: swap
 * one child with a grandchild on the other side when that shrinks the
 * internal node between them (the rotations of Kopta et al., "Fast, Effective
 * BVH Updates for Animated Scenes", 2012). Height balancing runs first at
 * every node, so the height stays logarithmic; the area rotations repair the
 * spatial coherence that balancing alone destroys. Returns true when a
 * rotation was made. */
static bool rotate_for_area(tc_tree *t, int32_t ia)
{
    tc_tree_node *a = &t->nodes[ia];
    if (tc_tree_node_is_leaf(a)) return false;
    int32_t side[2] = { a->child1, a->child2 };
    float best_gain = 0.0f;
    int best_k = -1, best_g = -1;
    for (int k = 0; k < 2; ++k) {
        /* swap side[k] (staying child) with a grandchild under side[1 - k] */
        const tc_tree_node *x = &t->nodes[side[k]];
        const tc_tree_node *y = &t->nodes[side[1 - k]];
        if (tc_tree_node_is_leaf(y)) continue;
        int32_t g[2] = { y->child1, y->child2 };
        float area_y = tc_tree_box_area(y->box);
        for (int j = 0; j < 2; ++j) {
            /* g[j] goes up to a; g[1 - j] stays under y, joined by x */
            const tc_tree_node *kept = &t->nodes[g[1 - j]];
            float gain = area_y - tc_tree_box_area(tc_tree_box_union(x->box, kept->box));
            if (gain > best_gain) {
                best_gain = gain;
                best_k = k;
                best_g = j;
            }
        }
    }
    if (best_k < 0) return false;
    int32_t ix = side[best_k], iy = side[1 - best_k];
    tc_tree_node *y = &t->nodes[iy];
    int32_t imoved = best_g == 0 ? y->child1 : y->child2;
    /* a's child ix and y's child imoved trade places */
    if (a->child1 == ix) a->child1 = imoved;
    else a->child2 = imoved;
    if (best_g == 0) y->child1 = ix;
    else y->child2 = ix;
    t->nodes[imoved].parent = ia;
    t->nodes[ix].parent = iy;
    refit(t, iy);
    refit(t, ia);
    return true;
}

/* Walks from i to the root, rebalancing, refitting and improving every
 * ancestor. */
static void fix_upward(tc_tree *t, int32_t i)
{
    while (i != TC_TREE_NULL) {
        i = balance(t, i);
        refit(t, i);
        rotate_for_area(t, i);
        i = t->nodes[i].parent;
    }
}

static void insert_leaf(tc_tree *t, int32_t leaf)
{
    if (t->root == TC_TREE_NULL) {
        t->root = leaf;
        t->nodes[leaf].parent = TC_TREE_NULL;
        return;
    }
    /* Descend toward the sibling that adds the least area. Every node above
     * the sibling grows to contain the leaf (the inherited cost); making a
     * node the sibling costs its enlarged area twice (it and the new
     * parent). A child is worth entering only when the cheapest it could
     * cost is below the cost of stopping here. */
    const tc_aabb box = t->nodes[leaf].box;
    int32_t i = t->root;
    while (!tc_tree_node_is_leaf(&t->nodes[i])) {
        const tc_tree_node *n = &t->nodes[i];
        float area = tc_tree_box_area(n->box);
        float combined = tc_tree_box_area(tc_tree_box_union(n->box, box));
        float here = 2.0f * combined;
        float inherited = 2.0f * (combined - area);
        float cost[2];
        int32_t child[2] = { n->child1, n->child2 };
        for (int k = 0; k < 2; ++k) {
            const tc_tree_node *c = &t->nodes[child[k]];
            float grown = tc_tree_box_area(tc_tree_box_union(c->box, box));
            cost[k] = (tc_tree_node_is_leaf(c) ? grown : grown - tc_tree_box_area(c->box)) + inherited;
        }
        if (here <= cost[0] && here <= cost[1]) break;
        i = cost[0] <= cost[1] ? child[0] : child[1];
    }
    const int32_t sibling = i;
    /* The parent node was reserved by the caller (see create/move), so this
     * cannot fail here. */
    int32_t parent = alloc_node(t);
    tc_tree_node *p = &t->nodes[parent];
    tc_tree_node *s = &t->nodes[sibling];
    int32_t old_parent = s->parent;
    p->parent = old_parent;
    p->child1 = sibling;
    p->child2 = leaf;
    p->box = tc_tree_box_union(s->box, box);
    p->height = s->height + 1;
    replace_child(t, old_parent, sibling, parent);
    s->parent = parent;
    t->nodes[leaf].parent = parent;
    fix_upward(t, parent);
}

static void remove_leaf(tc_tree *t, int32_t leaf)
{
    if (leaf == t->root) {
        t->root = TC_TREE_NULL;
        return;
    }
    int32_t parent = t->nodes[leaf].parent;
    int32_t grand = t->nodes[parent].parent;
    int32_t sibling = t->nodes[parent].child1 == leaf ? t->nodes[parent].child2 : t->nodes[parent].child1;
    replace_child(t, grand, parent, sibling);
    t->nodes[sibling].parent = grand;
    free_node(t, parent);
    fix_upward(t, grand);
}

/* Make sure one more node can be taken without failing halfway through an
 * insertion. */
static bool reserve_one(tc_tree *t)
{
    return t->free_list != TC_TREE_NULL || grow(t);
}

static tc_aabb fatten(const tc_tree *t, tc_aabb b)
{
    tc_vec3 d = tc_vec3_sub(b.max, b.min);
    float big = d.x > d.y ? d.x : d.y;
    big = big > d.z ? big : d.z;
    float m = t->margin + t->margin_ratio * big;
    tc_vec3 mv = tc_vec3_make(m, m, m);
    tc_aabb r;
    r.min = tc_vec3_sub(b.min, mv);
    r.max = tc_vec3_add(b.max, mv);
    return r;
}

static bool box_ok(tc_aabb b)
{
    return isfinite(b.min.x) && isfinite(b.min.y) && isfinite(b.min.z) && isfinite(b.max.x) &&
           isfinite(b.max.y) && isfinite(b.max.z) && b.min.x <= b.max.x && b.min.y <= b.max.y &&
           b.min.z <= b.max.z;
}

int32_t tc_tree_create_proxy(tc_tree *tree, tc_aabb box, uint64_t user_data)
{
    if (!TC_REQUIRE(tree != NULL)) return TC_TREE_NULL;
    if (!box_ok(box)) return TC_TREE_NULL;
    /* The leaf and, for every leaf but the first, one internal node. */
    int32_t leaf = alloc_node(tree);
    if (leaf == TC_TREE_NULL) return TC_TREE_NULL;
    if (!reserve_one(tree)) {
        free_node(tree, leaf);
        return TC_TREE_NULL;
    }
    tree->nodes[leaf].box = fatten(tree, box);
    tree->nodes[leaf].user_data = user_data;
    insert_leaf(tree, leaf);
    ++tree->proxy_count;
    return leaf;
}

void tc_tree_destroy_proxy(tc_tree *tree, int32_t proxy)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return;
    remove_leaf(tree, proxy);
    free_node(tree, proxy);
    --tree->proxy_count;
}

bool tc_tree_move_proxy(tc_tree *tree, int32_t proxy, tc_aabb box)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return false;
    if (!box_ok(box)) return false;
    if (tc_tree_box_contains(tree->nodes[proxy].box, box)) return false;
    /* Removing the leaf frees its parent, so the reinsertion has a node. */
    remove_leaf(tree, proxy);
    tree->nodes[proxy].box = fatten(tree, box);
    insert_leaf(tree, proxy);
    return true;
}

tc_aabb tc_tree_fat_box(const tc_tree *tree, int32_t proxy)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) {
        tc_aabb z;
        z.min = tc_vec3_zero();
        z.max = tc_vec3_zero();
        return z;
    }
    return tree->nodes[proxy].box;
}

uint64_t tc_tree_user_data(const tc_tree *tree, int32_t proxy)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return 0;
    return tree->nodes[proxy].user_data;
}

void tc_tree_set_user_data(tc_tree *tree, int32_t proxy, uint64_t user_data)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return;
    tree->nodes[proxy].user_data = user_data;
}

int32_t tc_tree_proxy_count(const tc_tree *tree) { return tree ? tree->proxy_count : 0; }

int32_t tc_tree_height(const tc_tree *tree)
{
    if (!tree || tree->root == TC_TREE_NULL) return -1;
    return tree->nodes[tree->root].height;
}
