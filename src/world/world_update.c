/* The world's update: world poses down the node hierarchy, tree boxes, the
 * touching pairs and their begin/stay/end events. */
#include "world/world_internal.h"

#include "tree/tree_internal.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/assert.h"

/* parent (pose, scale) composed with a child's local (pose, scale). */
static void compose(tc_transform parent, float parent_scale, tc_transform local, float local_scale,
                    tc_transform *out, float *out_scale)
{
    tc_vec3 offset = tc_quat_rotate(parent.rotation, tc_vec3_scale(local.position, parent_scale));
    out->position = tc_vec3_add(parent.position, offset);
    out->rotation = tc_quat_normalize(tc_quat_mul(parent.rotation, local.rotation));
    *out_scale = parent_scale * local_scale;
}

bool tc_world_place_shape(const tc_shape *local, tc_transform pose, float s, tc_shape *out)
{
    tc_frame f = tc_frame_from_transform(pose);
    tc_shape r;
    memset(&r, 0, sizeof r);
    r.type = local->type;
#define PLACE(p) tc_frame_point(f, tc_vec3_scale((p), s))
    switch (local->type) {
    case TC_SHAPE_SPHERE:
        r.u.sphere.center = PLACE(local->u.sphere.center);
        r.u.sphere.radius = local->u.sphere.radius * s;
        break;
    case TC_SHAPE_CAPSULE:
        r.u.capsule.a = PLACE(local->u.capsule.a);
        r.u.capsule.b = PLACE(local->u.capsule.b);
        r.u.capsule.radius = local->u.capsule.radius * s;
        break;
    case TC_SHAPE_AABB: {
        /* stays axis-aligned: only its centre follows the rotation */
        tc_vec3 c = tc_vec3_scale(tc_vec3_add(local->u.aabb.min, local->u.aabb.max), 0.5f);
        tc_vec3 h = tc_vec3_scale(tc_vec3_sub(local->u.aabb.max, local->u.aabb.min), 0.5f * s);
        tc_vec3 wc = PLACE(c);
        r.u.aabb.min = tc_vec3_sub(wc, h);
        r.u.aabb.max = tc_vec3_add(wc, h);
        break;
    }
    case TC_SHAPE_OBB:
        r.u.obb.center = PLACE(local->u.obb.center);
        r.u.obb.half = tc_vec3_scale(local->u.obb.half, s);
        r.u.obb.rotation = tc_mat3_mul(f.rotation, local->u.obb.rotation);
        break;
    case TC_SHAPE_TRIANGLE:
        r.u.triangle.a = PLACE(local->u.triangle.a);
        r.u.triangle.b = PLACE(local->u.triangle.b);
        r.u.triangle.c = PLACE(local->u.triangle.c);
        break;
    default:
        return false;
    }
#undef PLACE
    *out = r;
    return tc_shape_is_valid(&r);
}

/* World pose of node `index` for this update, computing its ancestors first
 * without recursion (chains may be arbitrarily deep). */
static void node_world(tc_world *w, int32_t index)
{
    if (w->nodes[index].stamp == w->stamp) return;
    w->chain.count = 0;
    int32_t i = index;
    for (;;) {
        if (!TC_ARRAY_RESERVE(w, w->chain, w->chain.count + 1)) {
            w->out_of_memory = true;
            break;
        }
        w->chain.data[w->chain.count++] = i;
        tc_world_node *n = &w->nodes[i];
        const tc_world_node *p = tc_world_get_node(w, n->parent);
        if (!p) break;
        if (p->stamp == w->stamp) break;
        i = (int32_t)n->parent.index;
    }
    while (w->chain.count > 0) {
        tc_world_node *n = &w->nodes[w->chain.data[--w->chain.count]];
        const tc_world_node *p = tc_world_get_node(w, n->parent);
        if (p && p->stamp == w->stamp) {
            compose(p->world_pose, p->world_scale, n->local, n->scale, &n->world_pose, &n->world_scale);
        } else {
            n->parent = tc_node_null(); /* a destroyed parent leaves the node at the world */
            n->world_pose = n->local;
            n->world_pose.rotation = tc_quat_normalize(n->local.rotation);
            n->world_scale = n->scale;
        }
        n->stamp = w->stamp;
    }
}

static void drop_proxy(tc_world *w, tc_world_collider *c)
{
    if (c->proxy != TC_TREE_NULL) tc_tree_destroy_proxy(w->tree, c->proxy);
    c->proxy = TC_TREE_NULL;
}

/* Step 1: every collider's world shape and tree box. */
static void update_colliders(tc_world *w)
{
    w->moved.count = 0;
    for (size_t i = 0; i < w->collider_count; ++i) {
        tc_world_collider *c = &w->colliders[i];
        c->moved = 0;
        c->changed = 0;
        if (!tc_world_collider_alive(c)) continue;
        tc_transform pose;
        float scale = 1.0f;
        const tc_world_node *p = tc_world_get_node(w, c->parent);
        if (p) {
            node_world(w, (int32_t)c->parent.index);
            compose(p->world_pose, p->world_scale, c->local, 1.0f, &pose, &scale);
        } else {
            c->parent = tc_node_null();
            pose = c->local;
        }
        tc_shape shape;
        bool ok = tc_world_place_shape(&c->local_shape, pose, scale, &shape);
        if (!ok) {
            c->has_shape = 0;
            drop_proxy(w, c);
            continue;
        }
        if (!c->has_shape || c->dirty || memcmp(&shape, &c->shape, sizeof shape) != 0) c->changed = 1;
        c->shape = shape;
        c->has_shape = 1;
        c->dirty = 0;
        if (!c->enabled) {
            drop_proxy(w, c);
            continue;
        }
        tc_aabb box;
        if (!tc_shape_bounds(&c->shape, &box)) {
            c->has_shape = 0;
            drop_proxy(w, c);
            continue;
        }
        /* Pad by the exact tests' tolerance band (base.h), so a pair they
         * may call touching always has overlapping tree boxes. */
        {
            tc_vec3 ext = tc_vec3_sub(box.max, box.min);
            float scale_ref = tc_vec3_length(tc_vec3_max(tc_vec3_abs(box.min), tc_vec3_abs(box.max))) + ext.x + ext.y + ext.z;
            float pad = 4.0f * TC_TOLERANCE * scale_ref;
            box.min = tc_vec3_sub(box.min, tc_vec3_make(pad, pad, pad));
            box.max = tc_vec3_add(box.max, tc_vec3_make(pad, pad, pad));
        }
        bool moved;
        if (c->proxy == TC_TREE_NULL) {
            c->proxy = tc_tree_create_proxy(w->tree, box, (uint64_t)i);
            if (c->proxy == TC_TREE_NULL) {
                w->out_of_memory = true;
                continue;
            }
            moved = true;
        } else {
            moved = c->changed && tc_tree_move_proxy(w->tree, c->proxy, box);
        }
        if (moved) {
            if (!TC_ARRAY_RESERVE(w, w->moved, w->moved.count + 1)) {
                /* Without a record of the move its new pairs would be
                 * missed: take it out of the tree and retry next update. */
                drop_proxy(w, c);
                w->out_of_memory = true;
                continue;
            }
            c->moved = 1;
            w->moved.data[w->moved.count++] = (int32_t)i;
        }
    }
}

typedef struct find_ctx { tc_world *w; int32_t self; } find_ctx;

static bool add_candidate(void *context, int32_t proxy, uint64_t user_data)
{
    find_ctx *f = (find_ctx *)context;
    tc_world *w = f->w;
    (void)proxy;
    int32_t other = (int32_t)user_data;
    if (other == f->self) return true;
    /* Both moved: the lower index adds the pair. */
    if (w->colliders[other].moved && other < f->self) return true;
    int32_t a = other < f->self ? other : f->self, b = other < f->self ? f->self : other;
    uint64_t key = tc_pair_key((uint32_t)a, (uint32_t)b);
    if (tc_pair_set_find(&w->pair_set, key) >= 0) return true;
    if (!TC_ARRAY_RESERVE(w, w->pairs, w->pairs.count + 1) ||
        !tc_pair_set_put(&w->pair_set, &w->allocator, key, (int32_t)w->pairs.count)) {
        w->out_of_memory = true;
        return true;
    }
    tc_world_pair *p = &w->pairs.data[w->pairs.count++];
    p->a = tc_world_collider_id_of(w, a);
    p->b = tc_world_collider_id_of(w, b);
    p->touching = 0;
    p->fresh = 1;
    return true;
}

/* Step 2: new candidate pairs, from the colliders whose fat box changed. */
static void find_new_pairs(tc_world *w)
{
    for (size_t k = 0; k < w->moved.count; ++k) {
        int32_t i = w->moved.data[k];
        find_ctx f;
        f.w = w;
        f.self = i;
        tc_tree_query_aabb(w->tree, tc_tree_fat_box(w->tree, w->colliders[i].proxy), add_candidate, &f);
    }
}

static void push_event(tc_world *w, const tc_world_pair *p, tc_contact_state state)
{
    if (!TC_ARRAY_RESERVE(w, w->events, w->events.count + 1)) {
        w->out_of_memory = true;
        return;
    }
    tc_contact_event *e = &w->events.data[w->events.count++];
    e->a = p->a;
    e->b = p->b;
    e->state = state;
}

static bool pair_live(const tc_world *w, const tc_world_pair *p)
{
    const tc_world_collider *a = tc_world_get_collider(w, p->a), *b = tc_world_get_collider(w, p->b);
    if (!a || !b || !a->enabled || !b->enabled || a->proxy == TC_TREE_NULL || b->proxy == TC_TREE_NULL) return false;
    tc_aabb fa = tc_tree_fat_box(w->tree, a->proxy), fb = tc_tree_fat_box(w->tree, b->proxy);
    return tc_tree_box_overlaps(fa, fb);
}

/* Step 3: test every candidate, drop the ones whose fat boxes parted. */
static void update_pairs(tc_world *w)
{
    w->events.count = 0;
    size_t i = 0;
    while (i < w->pairs.count) {
        tc_world_pair *p = &w->pairs.data[i];
        if (!pair_live(w, p)) {
            if (p->touching) {
                push_event(w, p, TC_CONTACT_END);
                --w->colliders[p->a.index].touching;
                --w->colliders[p->b.index].touching;
            }
            tc_pair_set_remove(&w->pair_set, tc_pair_key(p->a.index, p->b.index));
            size_t last = --w->pairs.count;
            if (i != last) {
                w->pairs.data[i] = w->pairs.data[last];
                tc_world_pair *q = &w->pairs.data[i];
                tc_pair_set_put(&w->pair_set, &w->allocator, tc_pair_key(q->a.index, q->b.index), (int32_t)i);
            }
            continue; /* the pair moved into slot i is examined next */
        }
        tc_world_collider *a = &w->colliders[p->a.index], *b = &w->colliders[p->b.index];
        bool touching = p->touching;
        if (p->fresh || a->changed || b->changed) {
            touching = (a->category & b->mask) != 0 && (b->category & a->mask) != 0 &&
                       tc_shape_overlap(&a->shape, &b->shape);
        }
        if (touching && !p->touching) {
            push_event(w, p, TC_CONTACT_BEGIN);
            ++a->touching;
            ++b->touching;
        } else if (touching) {
            push_event(w, p, TC_CONTACT_STAY);
        } else if (p->touching) {
            push_event(w, p, TC_CONTACT_END);
            --a->touching;
            --b->touching;
        }
        p->touching = touching ? 1 : 0;
        p->fresh = 0;
        ++i;
    }
}

static int event_order(const void *x, const void *y)
{
    const tc_contact_event *a = (const tc_contact_event *)x, *b = (const tc_contact_event *)y;
    if (a->a.index != b->a.index) return a->a.index < b->a.index ? -1 : 1;
    if (a->b.index != b->b.index) return a->b.index < b->b.index ? -1 : 1;
    return 0;
}

bool tc_world_update(tc_world *w)
{
    if (!TC_REQUIRE(w != NULL)) return false;
    w->out_of_memory = false;
    ++w->stamp;
    for (size_t i = 0; i < w->node_count; ++i)
        if (w->nodes[i].generation & 1u) node_world(w, (int32_t)i);
    update_colliders(w);
    find_new_pairs(w);
    update_pairs(w);
    /* Each pair appears once, so (a, b) is a total order. */
    if (w->events.count > 1) qsort(w->events.data, w->events.count, sizeof *w->events.data, event_order);
    /* Destroyed slots whose pairs have now ended become reusable. */
    for (size_t k = 0; k < w->pending.count; ++k) {
        int32_t i = w->pending.data[k];
        w->colliders[i].pending_free = 0;
        w->colliders[i].touching = 0;
        w->colliders[i].next_free = w->collider_free;
        w->collider_free = i;
    }
    w->pending.count = 0;
    return !w->out_of_memory;
}

const tc_contact_event *tc_world_contact_events(const tc_world *w, size_t *count)
{
    if (!TC_REQUIRE(w != NULL)) {
        if (count) *count = 0;
        return NULL;
    }
    if (count) *count = w->events.count;
    return w->events.data;
}
