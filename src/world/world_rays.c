/* SPDX-License-Identifier: MIT */
/* The world's ray index: a four-wide hierarchy (tree/tree_wide.h) over the
 * colliders' tight bounds, which the ray queries walk instead of the tree.
 *
 * Why a second structure: the tree is made for cheap motion, with fat boxes
 * and a binary topology whose nodes a ray visits in pairs; a ray cast wants
 * tight boxes and few, wide steps. The index is made from the tree in one
 * O(n) pass (its topology collapsed four-wide, its boxes refitted from the
 * tight bounds), lazily: at the first ray query after an update that
 * recomputed some collider. A world that is updated but not cast at, or cast
 * at but not changed, never pays for it twice.
 *
 * What it holds is the tree's colliders as of the last update. Between
 * updates colliders only leave the queries (destroyed or disabled), never
 * join or move, so instead of a rebuild the leaves then check that their
 * collider is still in.
 *
 * Never a missed hit: each shape's ray cast accepts a ray grazing it within
 * a pad (a relative one, raycast.h), which grows with the magnitudes of the
 * shape's coordinates and of the ray's origin. An AABB collider's leaf box
 * is its shape itself, so that the leaf test needs nothing but the node;
 * another shape's is its bounds grown by the exact tests' tolerance band,
 * wider than the part of its ray pad that its own size and place give. The
 * ray grows every box by the rest (tc_world_ray_pad), with room to spare
 * for its own rounding: float slab tests on nested boxes give nested
 * intervals, so a box holding the padded shape is entered wherever the
 * shape's own test could hit. */
#include "world/world_internal.h"

#include "core/assert.h"

#include "core/float.h"

static tc_aabb leaf_box(void *context, uint32_t item, uint32_t *tag)
{
    tc_world *w = (tc_world *)context;
    const tc_aabb *b = &w->hot[item].bounds;
    const bool exact = w->hot[item].type == TC_SHAPE_AABB;
    *tag = tc_world_ray_tag(w->hot[item].generation, exact);
    if (!exact) {
        ++w->ray_index_round;
        return tc_world_padded(b);
    }
    /* what its cast's pad takes from the box: its largest coordinate and
     * half its largest extent (here the whole, which is never rounded
     * below that) */
    const float m = tc_maxf(tc_vec3_max_abs(b->min), tc_vec3_max_abs(b->max)) +
                    tc_vec3_max_abs(tc_vec3_sub(b->max, b->min));
    if (m > w->ray_index_mag) w->ray_index_mag = m;
    return *b;
}

/* Remaking the index costs about as much as a few hundredths of its
 * colliders' count of rays walking the tree: after a change, that many ray
 * queries walk the tree, and only then is the index remade (the ski rental
 * rule: a world that casts few rays a frame never pays for the index, one
 * that casts many pays at most about twice what it would have paid for the
 * better of the two ways). */
void tc_world_ray_index_wait(tc_world *w) { w->ray_index_wait = (uint32_t)(w->collider_ids.live / 16); }

void tc_world_prepare_rays(tc_world *w)
{
    if (!TC_REQUIRE(w != NULL)) return;
    w->ray_index_wait = 0;
    (void)tc_world_ray_index(w);
}

const tc_tree_wide *tc_world_ray_index(tc_world *w)
{
    if (!w->ray_index_stale) return &w->ray_index;
    if (w->ray_index_wait > 0) {
        --w->ray_index_wait;
        return NULL;
    }
    w->ray_index_round = 0;
    w->ray_index_mag = 0.0f;
    if (!tc_tree_wide_build(&w->ray_index, w->tree, leaf_box, w)) return NULL; /* stays stale: tried again */
    w->ray_index_stale = false;
    w->ray_index_removed = false;
    return &w->ray_index;
}

/* A box's cast pads by TC_PAD_REL times (the largest of the origin's and
 * the box's coordinates, plus its half extent): the ray grows every box by
 * twice TC_PAD_REL times the origin's largest coordinate plus the largest
 * such box term in the index. Other shapes' casts pad by up to a few
 * TC_PAD_REL times the sum of the origin's coordinates (an OBB's and a
 * triangle's do it in their own frames, which turn the pad by up to
 * sqrt(3)): sixteen times that, when the index holds such shapes. */
float tc_world_ray_pad(const tc_world *w, const tc_ray *ray)
{
    float pad = 2.0f * TC_PAD_REL * (tc_vec3_max_abs(ray->origin) + w->ray_index_mag);
    /* 3 max |x| bounds the sum of |x|, and cannot overflow where the sum
     * would (an infinite pad turns the index's empty lanes into NaN boxes) */
    if (w->ray_index_round > 0) pad = tc_maxf(pad, 48.0f * TC_PAD_REL * tc_vec3_max_abs(ray->origin));
    return pad;
}

/* The same bound for the walk of the tree (the index's numbers are stale
 * then): the root box bounds every collider's coordinates and extent, and
 * any collider may be round. */
float tc_world_ray_pad_tree(const tc_world *w, const tc_ray *ray)
{
    tc_aabb all;
    float mag = 0.0f;
    if (tc_tree_root_box(w->tree, &all))
        mag = tc_maxf(tc_vec3_max_abs(all.min), tc_vec3_max_abs(all.max)) + tc_vec3_max_abs(tc_vec3_sub(all.max, all.min));
    const float o = tc_vec3_max_abs(ray->origin);
    return tc_maxf(2.0f * TC_PAD_REL * (o + mag), 48.0f * TC_PAD_REL * o);
}

size_t tc_world_ray_index_bytes(const tc_world *w) { return w ? tc_tree_wide_bytes(&w->ray_index) : 0; }
