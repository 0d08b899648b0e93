/* Private: the dynamic AABB tree's storage, shared by its source files. */
#ifndef TOUCHE_SRC_TREE_TREE_INTERNAL_H
#define TOUCHE_SRC_TREE_TREE_INTERNAL_H

#include <touche/tree.h>

/* One node. Leaves are proxies and keep their index for life (a proxy id is
 * its leaf's index); internal nodes come and go as the tree is rebuilt. */
typedef struct tc_tree_node {
    tc_aabb box;          /* fat box for a leaf, union of the children otherwise */
    uint64_t user_data;   /* leaves only */
    int32_t parent;       /* TC_TREE_NULL for the root; next free node while free */
    int32_t child1;       /* TC_TREE_NULL for a leaf */
    int32_t child2;
    int32_t height;       /* 0 for a leaf, -1 while free */
} tc_tree_node;

struct tc_tree {
    tc_allocator allocator;
    tc_tree_node *nodes;
    int32_t capacity;
    int32_t root;
    int32_t free_list;
    int32_t proxy_count;
    float margin;
    float margin_ratio;
};

static inline bool tc_tree_node_is_leaf(const tc_tree_node *n) { return n->child1 == TC_TREE_NULL; }

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
    tc_vec3 d = tc_vec3_sub(b.max, b.min);
    return d.x * d.y + d.y * d.z + d.z * d.x;
}

static inline bool tc_tree_box_contains(tc_aabb outer, tc_aabb inner)
{
    return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && outer.min.z <= inner.min.z &&
           inner.max.x <= outer.max.x && inner.max.y <= outer.max.y && inner.max.z <= outer.max.z;
}

static inline bool tc_tree_box_overlaps(tc_aabb a, tc_aabb b)
{
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y &&
           a.min.z <= b.max.z && b.min.z <= a.max.z;
}

/* A live leaf id? */
static inline bool tc_tree_proxy_ok(const tc_tree *t, int32_t proxy)
{
    return t && proxy >= 0 && proxy < t->capacity && t->nodes[proxy].height == 0;
}

#endif
