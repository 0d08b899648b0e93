/* SPDX-License-Identifier: MIT */
/* Dynamic AABB tree: node storage, insertion with the surface area
 * heuristic, removal, and height-balancing rotations (layout: see
 * tree_internal.h). */
#include "tree/tree_internal.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "core/prefetch.h"
#include "core/float.h"

tc_tree_def tc_tree_def_default(void)
{
    tc_tree_def d;
    memset(&d, 0, sizeof d);
    d.margin = 0.0f;
    d.margin_ratio = 0.1f;
    return d;
}

/* ---- storage ------------------------------------------------------------- */

#define TC_TREE_LINE 64

static size_t block_size(int32_t capacity) { return (size_t)capacity * sizeof(tc_tree_node) + TC_TREE_LINE; }

static void free_storage(tc_tree *t)
{
    if (t->nodes_block) tc_mem_free(&t->allocator, t->nodes_block, block_size(t->capacity));
    tc_mem_free(&t->allocator, t->parent, (size_t)(t->capacity / 2) * sizeof *t->parent);
    t->nodes_block = NULL;
    t->nodes = NULL;
    t->parent = NULL;
}


/* Grows the node array to at least `slots` slots (doubling). */
static bool grow_nodes(tc_tree *t, int32_t slots)
{
    int32_t old = t->capacity;
    int32_t cap = old ? old : 16;
    while (cap < slots) {
        if (cap > INT32_MAX / 4) return false;
        cap *= 2;
    }
    if (cap == old) return true;
    void *block = tc_mem_alloc(&t->allocator, block_size(cap));
    int32_t *parent = (int32_t *)tc_mem_alloc(&t->allocator, (size_t)(cap / 2) * sizeof *parent);
    if (!block || !parent) {
        tc_mem_free(&t->allocator, block, block_size(cap));
        tc_mem_free(&t->allocator, parent, (size_t)(cap / 2) * sizeof *parent);
        return false;
    }
    uintptr_t p = (uintptr_t)block;
    tc_tree_node *nodes = (tc_tree_node *)(void *)((p + (TC_TREE_LINE - 1)) & ~(uintptr_t)(TC_TREE_LINE - 1));
    if (old) {
        memcpy(nodes, t->nodes, (size_t)old * sizeof *nodes);
        memcpy(parent, t->parent, (size_t)(old / 2) * sizeof *parent);
    } else {
        /* pair 0: the root's slot and an unused one */
        nodes[0].child = TC_TREE_FREE_MARK;
        nodes[0].word = 0;
        nodes[1].child = TC_TREE_FREE_MARK;
        nodes[1].word = 0;
        parent[0] = TC_TREE_NULL;
    }
    free_storage(t);
    t->nodes_block = block;
    t->nodes = nodes;
    t->parent = parent;
    t->capacity = cap;
    tc_tree_give_pairs(t, old ? old : 2, cap);
    return true;
}

/* Make sure one more pair can be taken without failing halfway through an
 * insertion. */
static bool reserve_pair(tc_tree *t)
{
    return t->free_pair != TC_TREE_NULL || grow_nodes(t, t->capacity + 2);
}

static int32_t take_pair(tc_tree *t)
{
    int32_t i = t->free_pair;
    t->free_pair = t->nodes[i].child;
    return i;
}


/* The free list of proxy ids: id goes on it, ahead of what it holds. */
static void give_proxy(tc_tree *t, int32_t id)
{
    t->proxies[id].node = TC_TREE_NULL;
    t->proxies[id].next_free = t->proxy_free;
    t->proxy_free = id;
}

static bool grow_proxies(tc_tree *t, int32_t needed)
{
    if (needed <= t->proxy_capacity) return true;
    int32_t cap = t->proxy_capacity ? t->proxy_capacity : 16;
    while (cap < needed) {
        if (cap > INT32_MAX / 4) return false;
        cap *= 2;
    }
    tc_tree_proxy *p = (tc_tree_proxy *)tc_mem_resize(&t->allocator, t->proxies,
                                                      (size_t)t->proxy_capacity * sizeof *p, (size_t)cap * sizeof *p);
    if (!p) return false;
    t->proxies = p;
    for (int32_t i = cap - 1; i >= t->proxy_capacity; --i) {
        p[i].user_data = 0;
        give_proxy(t, i); /* lowest first */
    }
    t->proxy_capacity = cap;
    return true;
}

static int32_t take_proxy(tc_tree *t)
{
    if (t->proxy_free == TC_TREE_NULL && !grow_proxies(t, t->proxy_capacity + 1)) return TC_TREE_NULL;
    int32_t id = t->proxy_free;
    t->proxy_free = t->proxies[id].next_free;
    t->proxies[id].next_free = TC_TREE_NULL;
    return id;
}

tc_tree *tc_tree_create(const tc_tree_def *def)
{
    tc_tree_def d = def ? *def : tc_tree_def_default();
    if (!tc_is_finite(d.margin) || !tc_is_finite(d.margin_ratio) || !(d.margin >= 0.0f) || !(d.margin_ratio >= 0.0f))
        return NULL;
    tc_tree *t = (tc_tree *)tc_mem_alloc(&d.allocator, sizeof *t);
    if (!t) return NULL;
    memset(t, 0, sizeof *t);
    t->allocator = d.allocator;
    t->free_pair = TC_TREE_NULL;
    t->proxy_free = TC_TREE_NULL;
    t->margin = d.margin;
    t->margin_ratio = d.margin_ratio;
    if (d.initial_capacity > 0) {
        /* Best effort: a failure here only means growing later. */
        int32_t n = d.initial_capacity < INT32_MAX / 8 ? d.initial_capacity : INT32_MAX / 8;
        (void)grow_nodes(t, 2 * n);
        (void)grow_proxies(t, n);
    }
    return t;
}

void tc_tree_destroy(tc_tree *tree)
{
    if (!tree) return;
    tc_allocator a = tree->allocator;
    free_storage(tree);
    tc_mem_free(&a, tree->proxies, (size_t)tree->proxy_capacity * sizeof *tree->proxies);
    tc_mem_free(&a, tree, sizeof *tree);
}

/* ---- moving node contents ------------------------------------------------ */

/* After node contents arrived in slot i: point what hangs below it (its
 * children's pair, or its proxy) back at i. */
static void relink(tc_tree *t, int32_t i)
{
    const tc_tree_node *n = &t->nodes[i];
    if (tc_tree_node_is_leaf(n)) t->proxies[tc_tree_leaf_proxy(n)].node = i;
    else t->parent[n->child >> 1] = i;
}

static void move_content(tc_tree *t, int32_t from, int32_t to)
{
    t->nodes[to] = t->nodes[from];
    relink(t, to);
}

/* Exchanges the subtrees rooted at slots x and y (neither inside the
 * other): each slot keeps its parent, the contents trade places. */
static void swap_content(tc_tree *t, int32_t x, int32_t y)
{
    tc_tree_node tmp = t->nodes[x];
    t->nodes[x] = t->nodes[y];
    t->nodes[y] = tmp;
    relink(t, x);
    relink(t, y);
}

static void refit(tc_tree *t, int32_t i)
{
    tc_tree_node *n = &t->nodes[i];
    const tc_tree_node *c = &t->nodes[n->child];
    n->box = tc_tree_box_union(c[0].box, c[1].box);
    const int32_t h0 = tc_tree_node_height(&c[0]), h1 = tc_tree_node_height(&c[1]);
    n->word = (uint32_t)(1 + (h0 > h1 ? h0 : h1));
}

/* If one child of a is two or more levels taller than the other, rotate:
 * the shorter child trades places with the taller child's taller child.
 * The result has the shape of the classic rotation (the tall grandchild
 * lifted beside a node holding the short child and the short grandchild). */
static bool balance(tc_tree *t, int32_t a)
{
    const tc_tree_node *n = &t->nodes[a];
    if (tc_tree_node_is_leaf(n) || n->word < 2) return false;
    const int32_t b = n->child, c = n->child + 1;
    const int32_t diff = tc_tree_node_height(&t->nodes[c]) - tc_tree_node_height(&t->nodes[b]);
    if (diff <= 1 && diff >= -1) return false;
    const int32_t up = diff > 1 ? c : b, other = diff > 1 ? b : c;
    const int32_t g = t->nodes[up].child;
    const int32_t tall = tc_tree_node_height(&t->nodes[g]) > tc_tree_node_height(&t->nodes[g + 1]) ? g : g + 1;
    swap_content(t, other, tall);
    refit(t, up);
    refit(t, a);
    return true;
}

/* Surface-area rotation at internal node a with children x and y: swap one
 * child with a grandchild on the other side when that shrinks the internal
 * node between them (the rotations of Kopta et al., "Fast, Effective BVH
 * Updates for Animated Scenes", 2012). Height balancing runs first at every
 * node, so the height stays logarithmic; the area rotations repair the
 * spatial coherence that balancing alone destroys. */
static bool rotate_for_area(tc_tree *t, int32_t a)
{
    const tc_tree_node *n = &t->nodes[a];
    if (tc_tree_node_is_leaf(n)) return false;
    const int32_t side[2] = { n->child, n->child + 1 };
    float best_gain = 0.0f;
    int best_k = -1, best_g = -1;
    for (int k = 0; k < 2; ++k) {
        /* swap side[k] (staying child) with a grandchild under side[1 - k] */
        const tc_tree_node *x = &t->nodes[side[k]];
        const tc_tree_node *y = &t->nodes[side[1 - k]];
        if (tc_tree_node_is_leaf(y)) continue;
        const tc_tree_node *g = &t->nodes[y->child];
        float area_y = tc_tree_box_area(y->box);
        for (int j = 0; j < 2; ++j) {
            /* g[j] goes up to a; g[1 - j] stays under y, joined by x */
            float gain = area_y - tc_tree_box_area(tc_tree_box_union(x->box, g[1 - j].box));
            if (gain > best_gain) {
                best_gain = gain;
                best_k = k;
                best_g = j;
            }
        }
    }
    if (best_k < 0) return false;
    const int32_t ix = side[best_k], iy = side[1 - best_k];
    swap_content(t, ix, t->nodes[iy].child + best_g);
    refit(t, iy);
    refit(t, a);
    return true;
}

static bool same_box(const tc_aabb *a, const tc_aabb *b)
{
    return a->min.x == b->min.x && a->min.y == b->min.y && a->min.z == b->min.z && a->max.x == b->max.x &&
           a->max.y == b->max.y && a->max.z == b->max.z;
}

/* Walks up from slot i rebalancing, refitting and (with `rotate`) improving
 * the ancestors. A node that comes out as it was (same box and height, no
 * rotation) leaves its parent's box and height as they were: without area
 * rotations the walk ends there; with them it looks at one more node, since
 * an area rotation looks two levels down. `fresh`: slot i is new, so it
 * counts as changed whatever it looks like. `until` (or TC_TREE_NULL): a
 * slot on the way up that must be refitted even if the walk calms down
 * before it (a box above a leaf that moved away). Removals walk without area
 * rotations (the boxes only shrink there; the insertion that follows a move
 * does the improving), which costs the tree nothing measurable in quality
 * and halves the walk. */
static void fix_upward(tc_tree *t, int32_t i, bool fresh, bool rotate, int32_t until)
{
    const int calm_max = rotate ? 2 : 1;
    int calm = 0;
    bool reached = until == TC_TREE_NULL;
    while (i != TC_TREE_NULL) {
        /* The walk hops to lines far apart; start loading the next level's
         * (the parent's own line, and its other child's children, which the
         * area rotation reads) while this level is worked on. */
        if (i != 0) {
            const int32_t up = t->parent[i >> 1];
            TC_PREFETCH(&t->nodes[up]);
            const tc_tree_node *uncle = &t->nodes[i ^ 1];
            if (rotate && !tc_tree_node_is_leaf(uncle)) TC_PREFETCH(&t->nodes[uncle->child]);
        }
        const tc_tree_node before = t->nodes[i];
        bool changed = balance(t, i);
        refit(t, i);
        if (rotate) changed = rotate_for_area(t, i) || changed;
        changed = changed || fresh || t->nodes[i].word != before.word || !same_box(&t->nodes[i].box, &before.box);
        fresh = false;
        calm = changed ? 0 : calm + 1;
        reached = reached || i == until;
        if (calm >= calm_max && reached) break;
        i = tc_tree_parent_of(t, i);
    }
}

/* Links proxy (whose leaf box is `box`) into the hierarchy below slot
 * `start` (0: anywhere); the walk back up refits at least up to `until`
 * (see fix_upward). Needs a free pair unless the tree is empty (see
 * reserve_pair). */
static void insert_leaf(tc_tree *t, int32_t proxy, tc_aabb box, int32_t start, int32_t until)
{
    tc_tree_node leaf;
    leaf.box = box;
    leaf.child = -1 - proxy;
    leaf.word = (uint32_t)t->proxies[proxy].user_data;
    if (!t->has_root) {
        t->nodes[0] = leaf;
        t->proxies[proxy].node = 0;
        t->has_root = true;
        return;
    }
    /* Descend toward the sibling that adds the least area. Every node above
     * the sibling grows to contain the leaf (the inherited cost); making a
     * node the sibling costs its enlarged area twice (it and the new
     * parent). A child is worth entering only when the cheapest it could
     * cost is below the cost of stopping here. */
    int32_t i = start;
    while (!tc_tree_node_is_leaf(&t->nodes[i])) {
        const tc_tree_node *n = &t->nodes[i];
        float area = tc_tree_box_area(n->box);
        float combined = tc_tree_box_area(tc_tree_box_union(n->box, box));
        float here = 2.0f * combined;
        float inherited = 2.0f * (combined - area);
        float cost[2];
        for (int k = 0; k < 2; ++k) {
            const tc_tree_node *c = &t->nodes[n->child + k];
            if (!tc_tree_node_is_leaf(c)) TC_PREFETCH(&t->nodes[c->child]); /* the next step reads one of these */
            float grown = tc_tree_box_area(tc_tree_box_union(c->box, box));
            cost[k] = (tc_tree_node_is_leaf(c) ? grown : grown - tc_tree_box_area(c->box)) + inherited;
        }
        if (here <= cost[0] && here <= cost[1]) break;
        i = n->child + (cost[0] <= cost[1] ? 0 : 1);
    }
    /* The sibling moves into a fresh pair beside the leaf; its slot becomes
     * their parent. */
    const int32_t sibling = i;
    const int32_t pair = take_pair(t);
    move_content(t, sibling, pair);
    t->nodes[pair + 1] = leaf;
    t->proxies[proxy].node = pair + 1;
    t->parent[pair >> 1] = sibling;
    tc_tree_node *p = &t->nodes[sibling];
    p->child = pair;
    p->box = tc_tree_box_union(t->nodes[pair].box, box);
    p->word = (uint32_t)(tc_tree_node_height(&t->nodes[pair]) + 1);
    fix_upward(t, sibling, true, true, until);
}

/* Unlinks the leaf at slot l: its sibling moves up into their parent's slot
 * and their pair is freed. Returns that slot (TC_TREE_NULL when the tree
 * became empty). */
static int32_t remove_leaf(tc_tree *t, int32_t l)
{
    if (l == 0) {
        t->has_root = false;
        t->nodes[0].child = TC_TREE_FREE_MARK;
        t->nodes[0].word = 0;
        return TC_TREE_NULL;
    }
    const int32_t parent = t->parent[l >> 1];
    move_content(t, l ^ 1, parent);
    tc_tree_give_pair(t, l & ~1);
    fix_upward(t, tc_tree_parent_of(t, parent), false, false, TC_TREE_NULL);
    return parent;
}

/* fatten() for a box, margin or ratio so large that the float sums could
 * overflow: in double, the corners saturating at +-FLT_MAX (a saturated
 * corner holds every finite box the infinite one would). */
static tc_aabb fatten_far(const tc_tree *t, tc_aabb b)
{
    const double lo[3] = { b.min.x, b.min.y, b.min.z }, hi[3] = { b.max.x, b.max.y, b.max.z };
    const double big = fmax(hi[0] - lo[0], fmax(hi[1] - lo[1], hi[2] - lo[2]));
    const double m = (double)t->margin + (double)t->margin_ratio * big;
    float out[6];
    for (int k = 0; k < 3; ++k) {
        out[k] = tc_float_saturated(lo[k] - m);
        out[k + 3] = tc_float_saturated(hi[k] + m);
    }
    tc_aabb r;
    r.min = tc_vec3_make(out[0], out[1], out[2]);
    r.max = tc_vec3_make(out[3], out[4], out[5]);
    return r;
}

static tc_aabb fatten(const tc_tree *t, tc_aabb b)
{
    /* below these bounds no float step overflows: extent <= 2^121, the
     * margin <= 2^126, the corners <= 2^127 */
    if (!(tc_maxf(tc_vec3_max_abs(b.min), tc_vec3_max_abs(b.max)) <= 0x1p120f && t->margin <= 0x1p120f &&
          t->margin_ratio <= 16.0f))
        return fatten_far(t, b);
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
    return tc_is_finite(b.min.x) && tc_is_finite(b.min.y) && tc_is_finite(b.min.z) && tc_is_finite(b.max.x) &&
           tc_is_finite(b.max.y) && tc_is_finite(b.max.z) && b.min.x <= b.max.x && b.min.y <= b.max.y &&
           b.min.z <= b.max.z;
}

int32_t tc_tree_create_proxy(tc_tree *tree, tc_aabb box, uint64_t user_data)
{
    if (!TC_REQUIRE(tree != NULL)) return TC_TREE_NULL;
    if (!box_ok(box)) return TC_TREE_NULL;
    /* Every leaf but the first brings one pair of slots (itself and the
     * sibling that moves beside it). */
    if (!reserve_pair(tree)) return TC_TREE_NULL;
    int32_t id = take_proxy(tree);
    if (id == TC_TREE_NULL) return TC_TREE_NULL;
    tree->proxies[id].user_data = user_data;
    tree->wide_count += user_data > UINT32_MAX ? 1 : 0;
    insert_leaf(tree, id, fatten(tree, box), 0, TC_TREE_NULL);
    ++tree->proxy_count;
    return id;
}

void tc_tree_destroy_proxy(tc_tree *tree, int32_t proxy)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return;
    (void)remove_leaf(tree, tree->proxies[proxy].node);
    tree->wide_count -= tree->proxies[proxy].user_data > UINT32_MAX ? 1 : 0;
    give_proxy(tree, proxy);
    --tree->proxy_count;
}

bool tc_tree_move_proxy(tc_tree *tree, int32_t proxy, tc_aabb box)
{
    return tc_tree_move_proxy_by(tree, proxy, box, tc_vec3_zero());
}

bool tc_tree_move_proxy_by(tc_tree *tree, int32_t proxy, tc_aabb box, tc_vec3 displacement)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return false;
    if (!box_ok(box)) return false;
    if (tc_tree_box_contains(tree->nodes[tree->proxies[proxy].node].box, box)) return false;
    tc_aabb fat = fatten(tree, box);
    /* the fat box moved by the displacement, in double when the float sums
     * could overflow (a large prediction far out); saturated, it still
     * holds the box */
    if (tc_vec3_finite(displacement)) {
        tc_aabb ahead;
        if (tc_maxf(tc_vec3_max_abs(fat.min), tc_vec3_max_abs(fat.max)) <= 0x1p126f &&
            tc_vec3_max_abs(displacement) <= 0x1p126f) {
            ahead.min = tc_vec3_add(fat.min, displacement);
            ahead.max = tc_vec3_add(fat.max, displacement);
        } else {
            ahead.min = tc_vec3_make(tc_float_saturated((double)fat.min.x + displacement.x),
                                     tc_float_saturated((double)fat.min.y + displacement.y),
                                     tc_float_saturated((double)fat.min.z + displacement.z));
            ahead.max = tc_vec3_make(tc_float_saturated((double)fat.max.x + displacement.x),
                                     tc_float_saturated((double)fat.max.y + displacement.y),
                                     tc_float_saturated((double)fat.max.z + displacement.z));
        }
        if (box_ok(ahead)) fat = tc_tree_box_union(fat, ahead);
    }
    const int32_t leaf = tree->proxies[proxy].node;
    if (leaf == 0) {
        tree->nodes[0].box = fat; /* the only proxy */
        return true;
    }
    /* Unlink the leaf (its sibling moves up into their parent's slot; the
     * pair freed is the one the reinsertion takes). A proxy usually moves a
     * little: search for its new place from the nearest ancestor of its old
     * place whose box already encloses the new one, rather than from the
     * root. The search is short and walks nodes just visited, and the proxy
     * stays among its old neighbours, where the best place usually is. The
     * boxes between the old place and that ancestor shrink now; the
     * ancestor's and those above it are left to the insertion's walk, which
     * goes at least that far: above the ancestor, losing the old box and
     * gaining the new one often leave a box as it was, and the walk ends. */
    const int32_t parent = tree->parent[leaf >> 1];
    move_content(tree, leaf ^ 1, parent);
    tc_tree_give_pair(tree, leaf & ~1);
    int32_t start = parent;
    while (start > 0 && !tc_tree_box_contains(tree->nodes[start].box, fat)) start = tree->parent[start >> 1];
    for (int32_t i = parent; i != start;) {
        i = tree->parent[i >> 1];
        if (i == start) break;
        (void)balance(tree, i);
        refit(tree, i);
    }
    /* The insertion's walk must refit at least up to the first node whose
     * record still counts the old leaf: start itself, or, when start is
     * the old parent (whose slot now holds the sibling, record and all),
     * the node above it. */
    insert_leaf(tree, proxy, fat, start, start == parent ? tc_tree_parent_of(tree, start) : start);
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
    return tree->nodes[tree->proxies[proxy].node].box;
}

uint64_t tc_tree_user_data(const tc_tree *tree, int32_t proxy)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return 0;
    return tree->proxies[proxy].user_data;
}

void tc_tree_set_user_data(tc_tree *tree, int32_t proxy, uint64_t user_data)
{
    if (!TC_REQUIRE(tc_tree_proxy_ok(tree, proxy))) return;
    tree->wide_count -= tree->proxies[proxy].user_data > UINT32_MAX ? 1 : 0;
    tree->wide_count += user_data > UINT32_MAX ? 1 : 0;
    tree->proxies[proxy].user_data = user_data;
    tree->nodes[tree->proxies[proxy].node].word = (uint32_t)user_data;
}

/* ---- bulk ---------------------------------------------------------------- */

bool tc_tree_rebuild(tc_tree *tree)
{
    if (!TC_REQUIRE(tree != NULL)) return false;
    const int32_t n = tree->proxy_count;
    if (n == 0) return true;
    tc_tree_build_item *items = (tc_tree_build_item *)tc_mem_alloc(&tree->allocator, (size_t)n * sizeof *items);
    if (!items) return false;
    int32_t k = 0;
    for (int32_t id = 0; id < tree->proxy_capacity && k < n; ++id) {
        if (tree->proxies[id].node < 0) continue;
        items[k].box = tree->nodes[tree->proxies[id].node].box;
        items[k].proxy = id;
        ++k;
    }
    tc_tree_build(tree, items, n);
    tc_mem_free(&tree->allocator, items, (size_t)n * sizeof *items);
    return true;
}

bool tc_tree_create_proxies(tc_tree *tree, const tc_aabb *boxes, const uint64_t *user_data, int32_t count,
                            int32_t *ids)
{
    if (!TC_REQUIRE(tree != NULL && count >= 0 && (count == 0 || (boxes != NULL && ids != NULL)))) return false;
    int32_t valid = 0;
    for (int32_t i = 0; i < count; ++i) valid += box_ok(boxes[i]) ? 1 : 0;
    /* A batch smaller than the tree goes in one by one; a larger one is
     * cheaper, and gives a better tree, built with everything at once. */
    if (valid < 64 || valid < tree->proxy_count) {
        for (int32_t i = 0; i < count; ++i) {
            ids[i] = tc_tree_create_proxy(tree, boxes[i], user_data ? user_data[i] : 0);
            if (ids[i] == TC_TREE_NULL && box_ok(boxes[i])) {
                /* out of memory: take back this call's proxies */
                for (int32_t j = 0; j < i; ++j)
                    if (ids[j] != TC_TREE_NULL) tc_tree_destroy_proxy(tree, ids[j]);
                for (int32_t j = 0; j < count; ++j) ids[j] = TC_TREE_NULL;
                return false;
            }
        }
        return true;
    }
    const int32_t n = tree->proxy_count + valid;
    tc_tree_build_item *items = NULL;
    if (n <= INT32_MAX / 4 && grow_nodes(tree, 2 * n) && grow_proxies(tree, n))
        items = (tc_tree_build_item *)tc_mem_alloc(&tree->allocator, (size_t)n * sizeof *items);
    if (!items) {
        for (int32_t i = 0; i < count; ++i) ids[i] = TC_TREE_NULL;
        return false;
    }
    int32_t k = 0;
    for (int32_t id = 0; id < tree->proxy_capacity && k < tree->proxy_count; ++id) {
        if (tree->proxies[id].node < 0) continue;
        items[k].box = tree->nodes[tree->proxies[id].node].box;
        items[k].proxy = id;
        ++k;
    }
    for (int32_t i = 0; i < count; ++i) {
        if (!box_ok(boxes[i])) {
            ids[i] = TC_TREE_NULL;
            continue;
        }
        int32_t id = take_proxy(tree); /* cannot fail: grown above */
        tree->proxies[id].user_data = user_data ? user_data[i] : 0;
        tree->wide_count += tree->proxies[id].user_data > UINT32_MAX ? 1 : 0;
        tree->proxies[id].node = 0; /* live; the build sets the slot */
        items[k].box = fatten(tree, boxes[i]);
        items[k].proxy = id;
        ids[i] = id;
        ++k;
    }
    tree->proxy_count = n;
    tc_tree_build(tree, items, n);
    tc_mem_free(&tree->allocator, items, (size_t)n * sizeof *items);
    return true;
}

int32_t tc_tree_proxy_count(const tc_tree *tree) { return tree ? tree->proxy_count : 0; }

int32_t tc_tree_height(const tc_tree *tree)
{
    if (!tree || !tree->has_root) return -1;
    return tc_tree_node_height(&tree->nodes[0]);
}
