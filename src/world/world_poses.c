// SPDX-License-Identifier: MIT
/* The update's first step: world poses down the node hierarchy. A node is
 * recomputed only when it was set, or an ancestor was recomputed in this
 * update, or its parent died; nothing recurses, so chains may be any depth
 * (a 1,000,000-deep one is tested). */
#include "world/world_pose.h"


/* Makes node `index`'s world pose current for this update, its ancestors
 * first, without recursion (chains may be arbitrarily deep). A node is
 * recomputed only when it was set, its parent was recomputed in this update,
 * or its parent died (then it falls back to the world). The caller reserved
 * the chain for every node. */
static void node_world(tc_world *w, int32_t index)
{
    if (w->nodes[index].stamp == w->stamp) return;
    w->chain.count = 0;
    int32_t i = index;
    for (;;) {
        w->chain.data[w->chain.count++] = i;
        tc_world_node *n = &w->nodes[i];
        const tc_world_node *p = tc_world_get_node(w, n->parent);
        /* the chain holds every node at most once: the set_node_parent
         * check keeps chains acyclic, and ids never come back */
        if (!p || p->stamp == w->stamp || w->chain.count == w->node_ids.count) break;
        i = (int32_t)n->parent.index;
    }
    while (w->chain.count > 0) {
        tc_world_node *n = &w->nodes[w->chain.data[--w->chain.count]];
        const tc_world_node *p = tc_world_get_node(w, n->parent);
        if (p) {
            if (n->dirty || p->moved_stamp == w->stamp) {
                /* under an invalid node, or not finite itself: invalid
                 * until a later update composes a usable pose (world.h) */
                n->invalid = p->invalid || !tc_world_compose(p->world_pose, p->world_scale, n->local, n->scale,
                                                    &n->world_pose, &n->world_scale);
                n->moved_stamp = w->stamp;
            }
        } else if (n->dirty || !tc_node_is_null(n->parent)) {
            n->invalid = 0; /* its own pose was checked when set */
            n->parent = tc_node_null(); /* a destroyed parent leaves the node at the world */
            n->world_pose = n->local;
            n->world_pose.rotation = tc_quat_normalize(n->local.rotation);
            n->world_scale = n->scale;
            n->moved_stamp = w->stamp;
        }
        n->dirty = 0;
        n->stamp = w->stamp;
    }
}

void tc_world_update_poses(tc_world *w)
{
    if (!TC_ARRAY_RESERVE(w, w->chain, w->node_ids.count)) {
        w->out_of_memory = true; /* nodes keep the last update's poses */
        return;
    }
    for (size_t i = 0; i < w->node_ids.count; ++i)
        if (tc_world_node_alive(w, i)) node_world(w, (int32_t)i);
}
