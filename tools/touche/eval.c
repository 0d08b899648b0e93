/* SPDX-License-Identifier: MIT */
#include "eval.h"

#include <touche/dispatch.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The scene's kinds are the library's shape types, in the same order. */
typedef char tt_kind_order_check[(TT_SPHERE == (int)TC_SHAPE_SPHERE && TT_CAPSULE == (int)TC_SHAPE_CAPSULE &&
                                  TT_AABB == (int)TC_SHAPE_AABB && TT_BOX == (int)TC_SHAPE_OBB &&
                                  TT_TRIANGLE == (int)TC_SHAPE_TRIANGLE && TT_PLANE == (int)TC_SHAPE_PLANE &&
                                  TT_HULL == (int)TC_SHAPE_HULL && TT_MESH == (int)TC_SHAPE_MESH) ? 1 : -1];

/* ---- shapes ---------------------------------------------------------------------- */

tt_shape tt_shape_local(const tt_collider *c)
{
    tt_shape s;
    memset(&s, 0, sizeof s);
    s.type = (tc_shape_type)c->kind;
    switch (c->kind) {
    case TT_SPHERE:
        s.u.sphere.center = c->p[0];
        s.u.sphere.radius = c->radius;
        break;
    case TT_CAPSULE:
        s.u.capsule.a = c->p[0];
        s.u.capsule.b = c->p[1];
        s.u.capsule.radius = c->radius;
        break;
    case TT_AABB:
        s.u.aabb.min = c->p[0];
        s.u.aabb.max = c->p[1];
        break;
    case TT_BOX:
        s.u.obb = tc_obb_from_quat(c->p[0], c->half, c->rotation);
        break;
    case TT_TRIANGLE:
        s.u.triangle.a = c->p[0];
        s.u.triangle.b = c->p[1];
        s.u.triangle.c = c->p[2];
        break;
    case TT_PLANE:
        s.u.plane.normal = c->p[0];
        s.u.plane.offset = c->offset;
        break;
    case TT_HULL:
        s.u.hull = tc_hull_make(c->hull, tc_transform_make(c->p[0], c->rotation), c->scale);
        break;
    case TT_MESH:
        s.u.mesh = tc_mesh_make(c->mesh, tc_transform_make(c->p[0], c->rotation), c->scale);
        break;
    default:
        break;
    }
    return s;
}

tc_vec3 tt_shape_center(const tt_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE: return s->u.sphere.center;
    case TC_SHAPE_CAPSULE: return tc_vec3_lerp(s->u.capsule.a, s->u.capsule.b, 0.5f);
    case TC_SHAPE_AABB: return tc_vec3_lerp(s->u.aabb.min, s->u.aabb.max, 0.5f);
    case TC_SHAPE_OBB: return s->u.obb.center;
    case TC_SHAPE_TRIANGLE:
        return tc_vec3_scale(tc_vec3_add(s->u.triangle.a, tc_vec3_add(s->u.triangle.b, s->u.triangle.c)), 1.0f / 3.0f);
    case TC_SHAPE_PLANE: return tc_vec3_scale(s->u.plane.normal, s->u.plane.offset);
    case TC_SHAPE_HULL:
    case TC_SHAPE_MESH: {
        tc_aabb b;
        return tc_shape_bounds(s, &b) ? tc_vec3_lerp(b.min, b.max, 0.5f) : tc_vec3_zero();
    }
    default: return tc_vec3_zero();
    }
}

bool tt_shape_bounds(const tt_shape *s, tc_aabb *out)
{
    if (s->type != TC_SHAPE_PLANE) return tc_shape_bounds(s, out);
    tc_vec3 c = tt_shape_center(s);
    out->min = tc_vec3_sub(c, tc_vec3_make(1.0f, 1.0f, 1.0f));
    out->max = tc_vec3_add(c, tc_vec3_make(1.0f, 1.0f, 1.0f));
    return tc_vec3_is_finite(c);
}

bool tt_shape_as_obb(const tt_shape *s, tc_obb *out)
{
    if (s->type == TC_SHAPE_OBB) { *out = s->u.obb; return true; }
    if (s->type == TC_SHAPE_AABB) { *out = tc_obb_from_aabb(&s->u.aabb); return true; }
    return false;
}

/* ---- the world ---------------------------------------------------------------------- */

typedef struct builder {
    tc_world *world;
    tc_node_id *nodes;        /* per frame */
    tc_collider_id *ids;      /* per collider */
    int *by_index;            /* world collider index -> scene collider */
    uint32_t index_cap;
} builder;

/* ---- allocation, with a test hook ---------------------------------------------- */

long tt_eval_fail_after = -1;

/* Whether the next allocation may succeed (the hook counts them down). */
static bool eval_alloc_allowed(void)
{
    if (tt_eval_fail_after < 0) return true;
    if (tt_eval_fail_after == 0) return false;
    tt_eval_fail_after--;
    return true;
}

static void *eval_calloc(size_t n, size_t size) { return eval_alloc_allowed() ? calloc(n, size) : NULL; }
static void *eval_malloc(size_t size) { return eval_alloc_allowed() ? malloc(size) : NULL; }
static void *eval_realloc(void *p, size_t size) { return eval_alloc_allowed() ? realloc(p, size) : NULL; }
static void *world_alloc(void *context, size_t size) { (void)context; return eval_malloc(size ? size : 1); }
static void world_free(void *context, void *ptr, size_t size) { (void)context; (void)size; free(ptr); }

/* The group the world is given: the collider's own, or for a collider in
 * none a group of its own above every group a file may name. A group that
 * no other collider shares changes no pair; it lets a cast or swing skip
 * its own collider by the filter's group (world.h). */
static uint32_t world_group(const tt_collider *c, int index)
{
    return c->group ? c->group : (uint32_t)TT_MAX_GROUP + 1u + (uint32_t)index;
}

/* Frames in an order where every parent comes before its children (by depth
 * from the root, a counting sort), found without recursion: each frame's
 * depth is computed once, by walking up to the nearest frame whose depth is
 * known. The loader has ruled out cycles. */
static int *frames_parents_first(const tt_scene *s)
{
    int n = s->frame_count;
    int *depth = (int *)eval_malloc(((size_t)n + 1) * sizeof *depth);
    int *stack = (int *)eval_malloc(((size_t)n + 1) * sizeof *stack);
    int *order = (int *)eval_malloc(((size_t)n + 1) * sizeof *order);
    int *start = (int *)eval_calloc((size_t)n + 2, sizeof *start);
    if (!depth || !stack || !order || !start) {
        free(depth); free(stack); free(order); free(start);
        return NULL;
    }
    for (int i = 0; i < n; i++) depth[i] = -1;
    for (int i = 0; i < n; i++) {
        int top = 0, f = i;
        while (f >= 0 && depth[f] < 0 && top < n) {
            stack[top++] = f;
            f = s->frames[f].parent;
            tt_cost_steps++;
        }
        int d = f >= 0 && depth[f] >= 0 ? depth[f] + 1 : 0;
        while (top > 0) depth[stack[--top]] = d++;
    }
    for (int i = 0; i < n; i++) start[depth[i] + 1]++;
    for (int d = 0; d < n; d++) start[d + 1] += start[d];
    for (int i = 0; i < n; i++) order[start[depth[i]]++] = i;
    tt_cost_steps += (unsigned long long)n * 3u;
    free(depth);
    free(stack);
    free(start);
    return order;
}

static bool build_world(const tt_scene *s, builder *b)
{
    tc_world_def def = tc_world_def_default();
    def.initial_capacity = s->collider_count > 0 ? s->collider_count : 1;
    def.allocator.alloc = world_alloc;
    def.allocator.free = world_free;
    b->world = tc_world_create(&def);
    b->nodes = (tc_node_id *)eval_calloc((size_t)s->frame_count + 1, sizeof *b->nodes);
    b->ids = (tc_collider_id *)eval_calloc((size_t)s->collider_count + 1, sizeof *b->ids);
    if (!b->world || !b->nodes || !b->ids) return false;

    /* Each node is created under its parent, parents first: no link is made
     * later, so the world never walks a chain to rule out a cycle, and a
     * long chain costs linear time in whatever order the file lists it. */
    int *order = frames_parents_first(s);
    if (!order) return false;
    for (int k = 0; k < s->frame_count; k++) {
        int i = order[k];
        tc_node_def nd;
        nd = tc_node_def_default();
        nd.local = tc_transform_make(s->frames[i].position, s->frames[i].rotation);
        nd.scale = s->frames[i].scale;
        nd.parent = s->frames[i].parent >= 0 ? b->nodes[s->frames[i].parent] : tc_node_null();
        b->nodes[i] = tc_world_create_node(b->world, &nd);
        if (tc_node_is_null(b->nodes[i])) { free(order); return false; }
    }
    free(order);
    tt_cost_steps += (unsigned long long)s->frame_count;

    uint32_t max_index = 0;
    for (int i = 0; i < s->collider_count; i++) {
        const tt_collider *c = &s->colliders[i];
        tc_collider_def cd;
        cd = tc_collider_def_default();
        cd.shape = tt_shape_local(c);
        cd.local = tc_transform_identity();
        cd.parent = c->parent >= 0 ? b->nodes[c->parent] : tc_node_null();
        cd.user_data = (uint64_t)i;
        cd.group = world_group(c, i);
        cd.category = c->category;
        cd.mask = c->mask;
        b->ids[i] = tc_world_create_collider(b->world, &cd);
        /* A shape the library finds invalid (the parser rules that out) stays out of the world. */
        if (!tc_collider_is_null(b->ids[i]) && b->ids[i].index + 1 > max_index) max_index = b->ids[i].index + 1;
    }
    b->index_cap = max_index;
    b->by_index = (int *)eval_malloc(((size_t)max_index + 1) * sizeof *b->by_index);
    if (!b->by_index) return false;
    for (uint32_t k = 0; k <= max_index; k++) b->by_index[k] = -1;
    for (int i = 0; i < s->collider_count; i++)
        if (!tc_collider_is_null(b->ids[i])) b->by_index[b->ids[i].index] = i;
    return tc_world_update(b->world);
}

static void free_builder(builder *b)
{
    if (b->world) tc_world_destroy(b->world);
    free(b->nodes);
    free(b->ids);
    free(b->by_index);
    memset(b, 0, sizeof *b);
}

static int scene_index(const builder *b, tc_collider_id id)
{
    if (tc_collider_is_null(id) || id.index >= b->index_cap) return -1;
    return b->by_index[id.index];
}

/* Counts an overlapping pair and marks both colliders; keeps it (for its
 * contact and the reports) while fewer than TT_MAX_PAIRS_REPORTED are kept. */
static bool push_pair(tt_result *r, int *cap, int a, int b)
{
    if (a > b) { int t = a; a = b; b = t; }
    r->pair_total++;
    r->state[a] |= TT_STATE_OVERLAPS;
    r->state[b] |= TT_STATE_OVERLAPS;
    tt_cost_steps++;
    if (r->pair_count >= TT_MAX_PAIRS_REPORTED) return true;
    if (r->pair_count == *cap) {
        int ncap = *cap ? *cap * 2 : 16;
        tt_pair *np = (tt_pair *)eval_realloc(r->pairs, (size_t)ncap * sizeof *np);
        if (!np) return false;
        r->pairs = np;
        *cap = ncap;
    }
    tt_pair *pr = &r->pairs[r->pair_count++];
    memset(pr, 0, sizeof *pr);
    pr->a = a;
    pr->b = b;
    return true;
}

static int cmp_pair(const void *x, const void *y)
{
    const tt_pair *a = (const tt_pair *)x, *b = (const tt_pair *)y;
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    return (a->b > b->b) - (a->b < b->b);
}

/* A hit of the world's (or none), as the scene's collider, with the
 * triangle of a mesh hit. */
static void take_hit(const builder *b, tt_hit_result *h, bool hit, const tc_world_hit *wh)
{
    h->collider = hit ? scene_index(b, wh->collider) : -1;
    h->hit.feature = -1;
    if (h->collider < 0) return;
    h->hit.t = wh->t;
    h->hit.point = wh->point;
    h->hit.normal = wh->normal;
    h->hit.feature = wh->feature;
}

bool tt_colliders_may_pair(const tt_collider *a, const tt_collider *b)
{
    if (a->group != 0 && a->group == b->group) return false;
    return (a->category & b->mask) != 0 && (b->category & a->mask) != 0;
}

/* A sweep: the mover's first contact with any other collider it may pair
 * with (moving ones by their own velocities) over its whole displacement,
 * t in [0, 1]. */
static void sweep(const tt_scene *s, const tt_result *r, int mover, tt_sweep_result *out)
{
    memset(out, 0, sizeof *out);
    out->mover = mover;
    out->other = -1;
    out->available = true;
    const tt_collider *m = &s->colliders[mover];
    tt_shape end = tc_shape_translate(&r->shapes[mover], m->velocity);
    for (int i = 0; i < s->collider_count; i++) {
        if (i == mover || !tt_colliders_may_pair(m, &s->colliders[i])) continue;
        tc_vec3 v = s->colliders[i].moving ? s->colliders[i].velocity : tc_vec3_zero();
        tt_shape other_end = tc_shape_translate(&r->shapes[i], v);
        if (tc_shape_overlap(&r->shapes[mover], &r->shapes[i])) out->start_overlaps = true;
        if (tc_shape_overlap(&end, &other_end)) out->end_overlaps = true;
        tc_sweep_hit hit;
        if (tc_shape_sweep(&r->shapes[mover], m->velocity, &r->shapes[i], v, 1.0f, &hit) &&
            (out->other < 0 || hit.t < out->toi)) {
            out->other = i;
            out->toi = hit.t;
            out->point = hit.point;
            out->normal = hit.normal;
        }
    }
}

tc_transform tt_cast_pose(const tt_cast_result *c, float t)
{
    return tc_transform_make(tc_vec3_lerp(c->from.position, c->to.position, t),
                             tc_quat_slerp(c->from.rotation, c->to.rotation, t));
}

/* A child's world pose under a parent's: the child's position scaled by the
 * parent's scale (as the world composes nodes). */
static tt_pose child_pose(tt_pose parent, tc_vec3 position, tc_quat rotation, float scale)
{
    tt_pose out;
    out.t = tc_transform_mul(parent.t, tc_transform_make(tc_vec3_scale(position, parent.scale), rotation));
    out.scale = parent.scale * scale;
    return out;
}

/* The collider's parent frame's world pose once the swing's joint has
 * turned to its end pose: the chain from the joint down, composed again.
 * `path` has room for every frame. */
static tt_pose swing_end_pose(const tt_scene *s, const tt_result *r, const tt_cast *k, int *path)
{
    int n = 0;
    for (int f = s->colliders[k->collider].parent; f >= 0 && f != k->joint; f = s->frames[f].parent) path[n++] = f;
    int above = s->frames[k->joint].parent;
    tt_pose pose = { tc_transform_identity(), 1.0f };
    if (above >= 0) pose = r->frames[above];
    pose = child_pose(pose, k->position, k->rotation, s->frames[k->joint].scale);
    while (n > 0) {
        const tt_frame *f = &s->frames[path[--n]];
        pose = child_pose(pose, f->position, f->rotation, f->scale);
    }
    tt_cost_steps += (unsigned long long)s->frame_count;
    return pose;
}

/* A cast or swing: the world's shape cast with the collider's filter and
 * its world group, so that it skips itself and whatever it never pairs with. */
static void cast(const tt_scene *s, const builder *b, const tt_result *r, const tt_cast *k, int *path,
                 tt_cast_result *out)
{
    memset(out, 0, sizeof *out);
    out->other = -1;
    const tt_collider *c = &s->colliders[k->collider];
    tc_query_filter filter = tc_query_filter_all();
    filter.category = c->category;
    filter.mask = c->mask;
    filter.group = world_group(c, k->collider);
    tc_world_hit wh;
    bool hit;
    if (k->swing) {
        tt_pose start = r->frames[c->parent];
        tt_pose end = swing_end_pose(s, r, k, path);
        /* The shape in its parent's frame, at the parent's scale. */
        tt_shape local = tt_shape_local(c);
        out->shape = tc_shape_transform(&local, tc_transform_identity(), start.scale);
        out->from = start.t;
        out->to = end.t;
        hit = tc_world_sweep_rigid_closest(b->world, &out->shape, out->from, out->to, &filter, &wh);
    } else {
        out->shape = r->shapes[k->collider];
        out->from = tc_transform_identity();
        out->to = tc_transform_make(k->velocity, tc_quat_identity());
        tc_world_hit hits[TT_MAX_CAST_HITS];
        out->total = tc_world_sweep_all(b->world, &out->shape, k->velocity, 1.0f, &filter, hits, TT_MAX_CAST_HITS);
        for (size_t i = 0; i < out->total && i < TT_MAX_CAST_HITS; i++) {
            out->hits[i] = scene_index(b, hits[i].collider);
            out->hit_t[i] = hits[i].t;
        }
        hit = tc_world_sweep_closest(b->world, &out->shape, k->velocity, 1.0f, &filter, &wh);
    }
    out->other = hit ? scene_index(b, wh.collider) : -1;
    if (out->other < 0) return;
    out->t = wh.t;
    out->point = wh.point;
    out->normal = wh.normal;
}

static void distance(const tt_result *r, const tt_query *q, tt_distance_result *out)
{
    memset(out, 0, sizeof *out);
    out->a = q->a;
    out->b = q->b;
    float d = tc_shape_distance(&r->shapes[q->a], &r->shapes[q->b], &out->point_a, &out->point_b);
    out->available = isfinite(d);
    out->distance = out->available ? d : 0.0f;
}

/* Normal, depth and points of an overlapping pair. */
static void contact(const tt_result *r, tt_pair *p)
{
    tc_manifold m;
    memset(&p->contact, 0, sizeof p->contact);
    if (!tc_shape_contact(&r->shapes[p->a], &r->shapes[p->b], &m)) return;
    p->contact.available = true;
    p->contact.normal = m.normal;
    p->contact.point_count = m.count < 0 ? 0 : m.count > 4 ? 4 : m.count;
    for (int k = 0; k < p->contact.point_count; k++) {
        p->contact.points[k] = m.points[k].point;
        if (m.points[k].depth > p->contact.depth) p->contact.depth = m.points[k].depth;
    }
}

bool tt_eval(const tt_scene *s, tt_result *r)
{
    memset(r, 0, sizeof *r);
    size_t nf = (size_t)s->frame_count, nc = (size_t)s->collider_count;
    r->frames = (tt_pose *)eval_calloc(nf + 1, sizeof *r->frames);
    r->shapes = (tt_shape *)eval_calloc(nc + 1, sizeof *r->shapes);
    r->state = (unsigned *)eval_calloc(nc + 1, sizeof *r->state);
    r->rays = (tt_hit_result *)eval_calloc((size_t)s->ray_count + 1, sizeof *r->rays);
    r->picks = (tt_hit_result *)eval_calloc((size_t)s->click_count + 1, sizeof *r->picks);
    r->sweeps = (tt_sweep_result *)eval_calloc(nc + 1, sizeof *r->sweeps);
    r->distances = (tt_distance_result *)eval_calloc((size_t)s->distance_count + 1, sizeof *r->distances);
    r->casts = (tt_cast_result *)eval_calloc((size_t)s->cast_count + 1, sizeof *r->casts);
    int *path = (int *)eval_malloc(((size_t)s->frame_count + 1) * sizeof *path);
    builder b;
    memset(&b, 0, sizeof b);   /* freed below even when build_world never ran */
    bool ok = r->frames && r->shapes && r->state && r->rays && r->picks && r->sweeps && r->distances && r->casts &&
              path && build_world(s, &b);
    if (!ok) {
        free(path);
        free_builder(&b);
        tt_result_free(r);
        return false;
    }

    /* World poses and shapes, as the world placed them. */
    for (int i = 0; i < s->frame_count; i++) {
        if (!tc_world_node_world_pose(b.world, b.nodes[i], &r->frames[i].t, &r->frames[i].scale)) {
            r->frames[i].t = tc_transform_identity();
            r->frames[i].scale = 1.0f;
        }
    }
    for (int i = 0; i < s->collider_count; i++) {
        const tt_collider *c = &s->colliders[i];
        if (tc_collider_is_null(b.ids[i]) || !tc_world_collider_shape(b.world, b.ids[i], &r->shapes[i])) {
            r->shapes[i] = tt_shape_local(c);
        }
    }

    /* Overlapping pairs: the world's BEGIN events of its first update. */
    int cap = 0;
    size_t event_count = 0;
    const tc_contact_event *events = tc_world_contact_events(b.world, &event_count);
    for (size_t k = 0; k < event_count && ok; k++) {
        if (events[k].state == TC_CONTACT_END) continue;
        int x = scene_index(&b, events[k].a), y = scene_index(&b, events[k].b);
        if (x >= 0 && y >= 0) ok = push_pair(r, &cap, x, y);
    }
    int solids = 0;
    for (int i = 0; i < s->collider_count; i++) solids += !tc_collider_is_null(b.ids[i]);
    r->pairs_possible = (long long)solids * (solids - 1) / 2;
    if (r->pair_count > 1) qsort(r->pairs, (size_t)r->pair_count, sizeof *r->pairs, cmp_pair);
    for (int i = 0; i < r->pair_count; i++) contact(r, &r->pairs[i]);
    tt_cost_steps += (unsigned long long)r->pair_count;

    /* Rays: the world's closest hit. */
    for (int i = 0; i < s->ray_count && ok; i++) {
        const tt_ray *ray = &s->rays[i];
        tt_pose pose = { tc_transform_identity(), 1.0f };
        if (ray->parent >= 0) pose = r->frames[ray->parent];
        tt_hit_result *h = &r->rays[i];
        h->ray.origin = tc_transform_point(pose.t, tc_vec3_scale(ray->origin, pose.scale));
        h->ray.dir = tc_vec3_scale(tc_transform_direction(pose.t, ray->dir), pose.scale);
        h->max_t = ray->max_t;
        tc_world_hit wh;
        take_hit(&b, h, tc_world_raycast_closest(b.world, &h->ray, h->max_t, NULL, &wh), &wh);
        if (h->collider >= 0) r->state[h->collider] |= TT_STATE_HIT;
    }

    /* Picks: the world's picking from the camera's matrices. */
    r->camera_given = s->camera.present;
    if (s->camera.present) {
        r->camera = s->camera;
    } else {
        tc_vec3 lo = tc_vec3_make(-1.0f, 0.0f, -1.0f), hi = tc_vec3_make(1.0f, 1.0f, 1.0f);
        bool any = false;
        for (int i = 0; i < s->collider_count; i++) {
            tc_aabb bb;
            if (r->shapes[i].type == TC_SHAPE_PLANE || !tt_shape_bounds(&r->shapes[i], &bb)) continue;
            lo = any ? tc_vec3_min(lo, bb.min) : bb.min;
            hi = any ? tc_vec3_max(hi, bb.max) : bb.max;
            any = true;
        }
        r->camera = tt_camera_framing(lo, hi, 800, 600);
    }
    tt_view view = tt_view_from_camera(&r->camera);
    for (int i = 0; i < s->click_count && ok; i++) {
        tt_hit_result *h = &r->picks[i];
        tc_world_hit wh;
        memset(&h->ray, 0, sizeof h->ray);
        bool hit = tc_world_pick(b.world, s->clicks[i].x, s->clicks[i].y, view.viewport, view.view, view.projection,
                                 view.depth, NULL, &wh, &h->ray);
        h->max_t = r->camera.far_z - r->camera.near_z;
        take_hit(&b, h, hit, &wh);
        if (h->collider >= 0) r->state[h->collider] |= TT_STATE_PICKED;
    }

    for (int i = 0; i < s->collider_count; i++) {
        if (!s->colliders[i].moving) continue;
        sweep(s, r, i, &r->sweeps[r->sweep_count++]);
        r->state[i] |= TT_STATE_SWEPT;
    }
    for (int i = 0; i < s->distance_count; i++) distance(r, &s->distances[i], &r->distances[i]);
    for (int i = 0; i < s->cast_count; i++) {
        cast(s, &b, r, &s->casts[i], path, &r->casts[i]);
        r->state[s->casts[i].collider] |= TT_STATE_SWEPT;
    }
    free(path);
    free_builder(&b);
    if (!ok) tt_result_free(r);
    return ok;
}

void tt_result_free(tt_result *r)
{
    free(r->frames);
    free(r->shapes);
    free(r->state);
    free(r->pairs);
    free(r->rays);
    free(r->picks);
    free(r->sweeps);
    free(r->distances);
    free(r->casts);
    memset(r, 0, sizeof *r);
}
