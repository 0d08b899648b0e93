/* Ray casts through the four-wide hierarchy (tree_wide.h).
 *
 * Depth first, nearest first: at each node one slab test takes the four
 * children; of those the ray enters the nearest is taken next (a node is
 * descended into, a leaf goes to the callback) and the others wait on a
 * stack with their entry t, nearer on top. A waiting child whose entry is
 * beyond the best hit by the time it comes off the stack is dropped. Most
 * nodes low in the tree have one or two children entered, which get their
 * own short paths. */
#include "tree/tree_wide.h"

#include "core/assert.h"
#include "core/inline.h"
#include "core/prefetch.h"

/* Each node pushes at most three entries and the depth is the dynamic
 * tree's height at most (256 levels bound any tree in memory, tree_query.c);
 * past that the cast would skip nodes rather than write out of bounds (and
 * assert in debug builds). */
#define TC_TREE_WIDE_STACK (3 * 256)

/* What waits on the stack: a node (ref >= 0) or a leaf, as -1 - (4 * its
 * node + its lane), so that its box can be read from its node when its
 * turn comes; and its entry t. */
typedef struct wide_entry {
    int32_t ref;
    float t;
} wide_entry;

/* The lowest set bit of a four-bit mask (0 for none). */
static const uint8_t tc_low_bit[16] = { 0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0 };

TC_FORCE_INLINE int32_t lane_ref(const tc_tree_wide_node *node, int32_t index, int lane)
{
    const int32_t child = node->child[lane];
    return child >= 0 ? child : -1 - (4 * index + lane);
}

void tc_tree_wide_raycast(const tc_tree_wide *w, const tc_ray *ray, const tc_slab_ray *slab, float max_t, float pad,
                          tc_tree_wide_ray_fn *fn, void *context)
{
    if (!TC_REQUIRE(w != NULL && ray != NULL && slab != NULL && fn != NULL)) return;
    if (w->count == 0) return;
    const tc_tree_wide_node *nodes = w->nodes;
    const tc_slab_ray4 q = tc_slab_ray4_make(slab, pad);
    wide_entry stack[TC_TREE_WIDE_STACK];
    int n = 0;
    int32_t cur = 0;
    for (;;) {
        /* cur is a node: test its four children */
        const tc_tree_wide_node *node = &nodes[cur];
        float te[4];
        unsigned mask = tc_slab_enter4(&q, &node->box, max_t, te);
        int32_t ref;
        if (mask == 0) goto pop;
        {
            int a = tc_low_bit[mask];
            mask &= mask - 1;
            if (mask == 0) {
                /* one child entered, the common case low in the tree */
                ref = lane_ref(node, cur, a);
                goto take;
            }
            int b = tc_low_bit[mask];
            mask &= mask - 1;
            if (mask == 0) {
                if (te[b] < te[a]) {
                    const int t = a;
                    a = b;
                    b = t;
                }
                if (TC_REQUIRE(n < TC_TREE_WIDE_STACK)) {
                    stack[n].ref = lane_ref(node, cur, b);
                    stack[n].t = te[b];
                    if (stack[n].ref >= 0) TC_PREFETCH(&nodes[stack[n].ref]);
                    ++n;
                }
                ref = lane_ref(node, cur, a);
                goto take;
            }
            /* three or four: all on the stack, ordered so the nearest is on
             * top, and that one taken */
            const int base = n;
            if (!TC_REQUIRE(n + 4 <= TC_TREE_WIDE_STACK)) goto pop;
            mask |= 1u << a | 1u << b;
            while (mask) {
                const int j = tc_low_bit[mask];
                mask &= mask - 1;
                int k = n++;
                while (k > base && stack[k - 1].t < te[j]) {
                    stack[k] = stack[k - 1];
                    --k;
                }
                stack[k].ref = lane_ref(node, cur, j);
                stack[k].t = te[j];
            }
            for (int k = base; k < n - 1; ++k)
                if (stack[k].ref >= 0) TC_PREFETCH(&nodes[stack[k].ref]);
            ref = stack[--n].ref;
        }
    take:
        if (ref >= 0) {
            cur = ref;
            continue;
        }
        {
            /* a leaf: its box from its node's lane */
            const int32_t code = -1 - ref;
            const tc_tree_wide_node *holder = &nodes[code >> 2];
            const int j = code & 3;
            tc_aabb b;
            b.min = tc_vec3_make(holder->box.b[0][j], holder->box.b[1][j], holder->box.b[2][j]);
            b.max = tc_vec3_make(holder->box.b[3][j], holder->box.b[4][j], holder->box.b[5][j]);
            const float r = fn(context, (uint32_t)(-1 - holder->child[j]), holder->tag[j], &b, ray, max_t);
            if (r < 0.0f || r != r) return;
            if (r < max_t) max_t = r;
        }
    pop:
        /* the nearest waiting entry still in range */
        do {
            if (n == 0) return;
            --n;
        } while (stack[n].t > max_t);
        ref = stack[n].ref;
        goto take;
    }
}
