/* SPDX-License-Identifier: MIT */
/* Ray casts through the four-wide hierarchy (tree_wide.h).
 *
 * Depth first, nearest first: at each node one slab test takes the four
 * children; of those the ray enters the nearest is taken next (a node is
 * descended into, a leaf is handed out) and the others wait on a stack with
 * their entry t, nearer on top. A waiting child whose entry is
 * beyond the best hit by the time it comes off the stack is dropped. Most
 * nodes low in the tree have one or two children entered, which get their
 * own short paths. */
#include "tree/tree_wide.h"

#include "core/assert.h"
#include "core/inline.h"
#include "core/prefetch.h"

/* The lowest set bit of a nonzero mask. */
static inline int low_bit(unsigned m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(m);
#else
    static const uint8_t low[16] = { 0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0 };
    return low[m & 15u];
#endif
}

TC_FORCE_INLINE int32_t lane_ref(const tc_tree_wide_node *node, int32_t index, int lane)
{
    const int32_t child = node->child[lane];
    return child >= 0 ? child : -1 - (4 * index + lane);
}

float tc_tree_wide_magnitude(const tc_tree_wide *w)
{
    float m = 0.0f;
    if (w->count <= 0) return m;
    const tc_slab_box4 *b = &w->nodes[0].box;
    for (int j = 0; j < 4; ++j) {
        if (w->nodes[0].child[j] == TC_TREE_WIDE_NONE) continue; /* inside out: infinite planes */
        for (int k = 0; k < 6; ++k) m = tc_maxf(m, tc_absf(b->b[k][j]));
    }
    return m;
}

void tc_tree_wide_ray_begin(tc_tree_wide_ray *it, const tc_tree_wide *w, const tc_slab_ray *slab, float max_t,
                            float pad)
{
    it->w = w;
    it->q = tc_slab_ray4_make(slab, pad);
    it->max_t = max_t;
    it->cur = w->count > 0 ? 0 : TC_TREE_NULL;
    it->n = 0;
}

/* The walk, copied once per octant of ray directions, and once for rays
 * parallel to some slab (octant -1; tc_slab_enter4_octant). */
TC_FORCE_INLINE bool walk(tc_tree_wide_ray *it, tc_tree_wide_leaf *leaf, const int octant)
{
    /* the walk's state in locals, so that it stays in registers (the ray
     * is read where it is) */
    const tc_slab_ray4 *q = &it->q;
    const tc_tree_wide_node *nodes = it->w->nodes;
    tc_tree_wide_entry *stack = it->stack;
    const float max_t = it->max_t;
    int n = it->n;
    int32_t cur = it->cur, ref;
    if (cur == TC_TREE_NULL) goto pop;
    for (;;) {
        /* cur is a node: test its four children */
        {
            const tc_tree_wide_node *node = &nodes[cur];
            /* its children are likely wanted next: start loading them
             * while the slab test runs (a leaf lane prefetches node 0,
             * which is at hand anyway) */
            for (int j = 0; j < 4; ++j) {
                const int32_t c = node->child[j] > 0 ? node->child[j] : 0;
                TC_PREFETCH(&nodes[c]);
                TC_PREFETCH((const char *)&nodes[c] + 64);
            }
            float te[4];
            unsigned mask = tc_slab_enter4_octant(q, &node->box, max_t, te, octant);
            if (mask == 0) goto pop;
            int a = low_bit(mask);
            mask &= mask - 1;
            if (mask == 0) {
                /* one child entered, the common case low in the tree */
                ref = lane_ref(node, cur, a);
                goto take;
            }
            int b = low_bit(mask);
            mask &= mask - 1;
            if (mask == 0) {
                if (te[b] < te[a]) {
                    const int t = a;
                    a = b;
                    b = t;
                }
                if (TC_REQUIRE(n < TC_TREE_WIDE_STACK)) {
                    const int32_t far = lane_ref(node, cur, b);
                    if (far >= 0) TC_PREFETCH(&nodes[far]);
                    stack[n].ref = far;
                    stack[n].t = te[b];
                    ++n;
                }
                ref = lane_ref(node, cur, a);
                goto take;
            }
            /* three or four: all on the stack, ordered so the nearest is on
             * top, and that one taken */
            if (!TC_REQUIRE(n + 4 <= TC_TREE_WIDE_STACK)) goto pop;
            const int base = n;
            mask |= 1u << a | 1u << b;
            while (mask) {
                const int j = low_bit(mask);
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
            goto take;
        }
    pop:
        /* the nearest waiting entry still in range */
        do {
            if (n == 0) {
                it->n = 0;
                it->cur = TC_TREE_NULL;
                return false;
            }
            --n;
        } while (stack[n].t > max_t);
        ref = stack[n].ref;
    take:
        if (ref >= 0) {
            cur = ref;
            continue;
        }
        {
            /* a leaf: handed out with its box from its node's lane; the
             * walk goes on from the stack at the next call */
            const int32_t code = -1 - ref;
            const tc_tree_wide_node *holder = &nodes[code >> 2];
            const int j = code & 3;
            /* an unused lane is inside out, but from an origin at the end
             * of the float range its planes give NaN (tc_slab_ray4): it may
             * come out entered, and is no leaf */
            if (holder->child[j] == TC_TREE_WIDE_NONE) goto pop;
            leaf->item = (uint32_t)(-1 - holder->child[j]);
            leaf->tag = holder->tag[j];
            leaf->box.min = tc_vec3_make(holder->box.b[0][j], holder->box.b[1][j], holder->box.b[2][j]);
            leaf->box.max = tc_vec3_make(holder->box.b[3][j], holder->box.b[4][j], holder->box.b[5][j]);
            it->n = n;
            it->cur = TC_TREE_NULL;
            return true;
        }
    }
}

bool tc_tree_wide_ray_next(tc_tree_wide_ray *it, tc_tree_wide_leaf *leaf)
{
    if (it->q.parallel) return walk(it, leaf, -1);
    switch (it->q.octant) {
    case 0: return walk(it, leaf, 0);
    case 1: return walk(it, leaf, 1);
    case 2: return walk(it, leaf, 2);
    case 3: return walk(it, leaf, 3);
    case 4: return walk(it, leaf, 4);
    case 5: return walk(it, leaf, 5);
    case 6: return walk(it, leaf, 6);
    default: return walk(it, leaf, 7);
    }
}
