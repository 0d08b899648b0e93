/* SPDX-License-Identifier: MIT */
/* The world's queries: rays (closest, any, all), overlaps, points, picking. */
#include "world/world_internal.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/assert.h"
#include "queries/ray.h"

typedef enum ray_mode { RAY_CLOSEST, RAY_ANY, RAY_ALL } ray_mode;

typedef struct ray_ctx {
    const tc_world *w;
    tc_world *cache;         /* w's scratch (tc_world_caches) */
    const tc_query_filter *filter;
    ray_mode mode;
    bool found;
    tc_collider_id best_id;  /* closest and any: the collider of the best hit */
    float best_t;
    int best_axis;      /* a box's entry axis (tc_raycast_aabb_slab_t), or -2: best holds the hit */
    tc_ray_hit best;
    tc_slab_ray slab;   /* the ray's reciprocals, made once for all its boxes */
    float limit;        /* the query's max_t */
    bool check_live;    /* the index may hold colliders that left the queries */
} ray_ctx;

#define RAY_FULL_HIT (-2)

/* A hit on collider `id` at t <= max_t: the new max_t. A box's hit comes as
 * its t and entry axis, and is filled in (point, normal) only if kept; any
 * other's comes whole in *h, with axis RAY_FULL_HIT. */
static float ray_take(ray_ctx *r, tc_collider_id id, float t, int axis, const tc_ray_hit *h, const tc_ray *ray,
                      float max_t)
{
    switch (r->mode) {
    case RAY_ANY:
    case RAY_CLOSEST:
        /* ties go to the lower index, whatever order the leaves come in */
        if (r->mode == RAY_ANY || !r->found || t < r->best_t || (t == r->best_t && id.index < r->best_id.index)) {
            r->found = true;
            r->best_id = id;
            r->best_t = t;
            r->best_axis = axis;
            if (axis == RAY_FULL_HIT) r->best = *h;
        }
        return r->mode == RAY_ANY ? -1.0f : t;
    case RAY_ALL:
    default: {
        tc_world *w = r->cache;
        tc_world_hit hit;
        tc_ray_hit full;
        if (axis != RAY_FULL_HIT) {
            tc_raycast_aabb_fill(ray, t, axis, &full);
            h = &full;
        }
        hit.collider = id;
        hit.t = h->t;
        hit.point = h->point;
        hit.normal = h->normal;
        hit.feature = h->feature;
        if (TC_ARRAY_RESERVE(w, w->hits, w->hits.count + 1)) w->hits.data[w->hits.count++] = hit;
        return max_t;
    }
    }
}

/* Each shape is cast over the query's whole range, not the range the best
 * hit so far has shrunk it to: a grazing ray's padded entry can depend on
 * max_t, and the answer must not depend on the order the leaves come in.
 * The traversal still prunes by the best hit. */
static float ray_shape(ray_ctx *r, tc_collider_id id, const tc_ray *ray, float max_t)
{
    const int32_t index = (int32_t)id.index;
    const tc_world *w = r->w;
    /* without a filter the record is not read: a leaf costs only its shape */
    if (r->filter && !tc_world_filter_passes(w, r->filter, index)) return max_t;
    const tc_shape *shape = &w->shapes[index];
    /* a box, the usual collider, is cast with the ray's reciprocals at hand
     * (only usable rays get here) */
    tc_ray_hit h;
    if (shape->type == TC_SHAPE_AABB ? !tc_raycast_aabb_slab(ray, &r->slab, &shape->u.aabb, r->limit, &h)
                                     : !tc_shape_raycast(ray, shape, r->limit, &h))
        return max_t;
    if (h.t > max_t) return max_t;
    return ray_take(r, id, h.t, RAY_FULL_HIT, &h, ray, max_t);
}

/* A leaf of the tree (when the index could not be made). */
static float tree_visit(void *context, int32_t proxy, uint64_t user_data, const tc_ray *ray, float max_t)
{
    ray_ctx *r = (ray_ctx *)context;
    (void)proxy;
    return ray_shape(r, tc_world_collider_id_of(r->w, (int32_t)user_data), ray, max_t);
}

/* A leaf of the index: it carries its collider's id (tc_world_ray_tag), and
 * an AABB collider's box is its shape, cast from the node the walk holds:
 * a box hit reads none of the collider's arrays. */
static inline float index_leaf(ray_ctx *r, const tc_tree_wide_leaf *leaf, const tc_ray *ray, float max_t)
{
    tc_collider_id id;
    id.index = leaf->item;
    id.generation = tc_world_ray_tag_generation(leaf->tag);
    if (r->check_live && !tc_world_ray_leaf_live(r->w, (int32_t)id.index)) return max_t;
    if (!tc_world_ray_tag_exact(leaf->tag) || r->filter) return ray_shape(r, id, ray, max_t);
    /* the box is valid (it was a collider's bounds) */
    float t;
    int axis;
    if (!tc_raycast_aabb_slab_t(ray, &r->slab, &leaf->box, r->limit, &t, &axis) || t > max_t) return max_t;
    return ray_take(r, id, t, axis, NULL, ray, max_t);
}

static bool ray_args_ok(const tc_world *w, const tc_ray *ray)
{
    return TC_REQUIRE(w != NULL && ray != NULL);
}

/* The plane colliders, which no tree holds: each is cast like a leaf. */
static void cast_planes(const tc_world *w, const tc_ray *ray, float max_t, ray_ctx *r)
{
    for (size_t k = 0; k < w->planes.count; ++k) {
        if (r->mode == RAY_ANY && r->found) return;
        const int32_t i = w->planes.data[k];
        if (tc_world_plane_active(w, i)) max_t = ray_shape(r, tc_world_collider_id_of(w, i), ray, max_t);
    }
}

/* Through the ray index, or the tree when the index could not be made; then
 * the planes. */
static void cast(const tc_world *w, const tc_ray *ray, float max_t, ray_ctx *r)
{
    if (!tc_ray_is_usable(ray, max_t)) return;
    cast_planes(w, ray, max_t, r);
    if (r->mode == RAY_ANY && r->found) return;
    if (r->mode == RAY_CLOSEST && r->found) max_t = r->best_t; /* the walk need not go past a plane's hit */
    const tc_tree_wide *index = tc_world_ray_index(r->cache);
    r->check_live = false;
    if (!index) {
        /* the tree's fat boxes grown as the index's tight ones would be:
         * the same answers either way */
        tc_tree_raycast_padded(w->tree, ray, max_t, tc_world_ray_pad_tree(w, ray), tree_visit, r);
        return;
    }
    const float pad = tc_world_ray_pad(w, ray);
    if (tc_slab_ray_is_wide(&r->slab, (double)tc_tree_wide_magnitude(index) + tc_vec3_max_abs(ray->origin) + pad)) {
        /* At the end of the float range (or with a direction component
         * below about 2^-100) the walk's float slab tests could overflow:
         * every collider is cast on its own instead, each exact cast being
         * safe there. Rare, so the walk's speed is not missed. */
        for (size_t i = 0; i < w->collider_ids.count; ++i) {
            if (!tc_world_ray_leaf_live(w, (int32_t)i)) continue;
            max_t = ray_shape(r, tc_world_collider_id_of(w, (int32_t)i), ray, max_t);
            if (max_t < 0.0f) return; /* any hit: found one */
        }
        return;
    }
    r->check_live = w->ray_index_removed;
    tc_tree_wide_ray it;
    tc_tree_wide_ray_begin(&it, index, &r->slab, max_t, pad);
    tc_tree_wide_leaf leaf;
    while (tc_tree_wide_ray_next(&it, &leaf)) {
        const float t = index_leaf(r, &leaf, ray, it.max_t);
        if (t < 0.0f) return; /* any hit: found one */
        tc_tree_wide_ray_clip(&it, t);
    }
}

/* The one constructor of a ray query's context. */
static ray_ctx ray_ctx_make(const tc_world *w, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                            ray_mode mode)
{
    ray_ctx r;
    r.w = w;
    r.cache = tc_world_caches(w);
    r.filter = filter;
    r.mode = mode;
    r.found = false;
    r.best_id = tc_collider_null();
    r.best_t = 0.0f;
    r.best_axis = RAY_FULL_HIT;
    r.slab = tc_slab_ray_make(ray->origin, ray->dir);
    r.limit = max_t;
    r.check_live = false;
    return r;
}

static bool single_ray(const tc_world *w, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                       tc_world_hit *hit, ray_mode mode)
{
    if (!ray_args_ok(w, ray)) return false;
    ray_ctx r = ray_ctx_make(w, ray, max_t, filter, mode);
    cast(w, ray, max_t, &r);
    if (r.found) {
        if (r.best_axis != RAY_FULL_HIT) tc_raycast_aabb_fill(ray, r.best_t, r.best_axis, &r.best);
        if (hit) {
            hit->collider = r.best_id;
            hit->t = r.best.t;
            hit->point = r.best.point;
            hit->normal = r.best.normal;
            hit->feature = r.best.feature;
        }
    }
    return r.found;
}

bool tc_world_raycast_closest(const tc_world *w, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                              tc_world_hit *hit)
{
    return single_ray(w, ray, max_t, filter, hit, RAY_CLOSEST);
}

bool tc_world_raycast_any(const tc_world *w, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                          tc_world_hit *hit)
{
    return single_ray(w, ray, max_t, filter, hit, RAY_ANY);
}

static int id_order(const void *x, const void *y)
{
    const tc_collider_id *a = (const tc_collider_id *)x, *b = (const tc_collider_id *)y;
    return (a->index > b->index) - (a->index < b->index);
}

int tc_world_hit_order(const void *x, const void *y)
{
    const tc_world_hit *a = (const tc_world_hit *)x, *b = (const tc_world_hit *)y;
    if (a->t != b->t) return a->t < b->t ? -1 : 1;
    if (a->collider.index != b->collider.index) return a->collider.index < b->collider.index ? -1 : 1;
    return 0;
}

size_t tc_world_raycast_all(const tc_world *w, const tc_ray *ray, float max_t, const tc_query_filter *filter,
                            tc_world_hit *hits, size_t capacity)
{
    if (!ray_args_ok(w, ray) || !TC_REQUIRE(hits != NULL || capacity == 0)) return 0;
    ray_ctx r = ray_ctx_make(w, ray, max_t, filter, RAY_ALL);
    tc_world *cache = r.cache;
    cache->hits.count = 0;
    cast(w, ray, max_t, &r);
    if (cache->hits.count > 1) qsort(cache->hits.data, cache->hits.count, sizeof *cache->hits.data, tc_world_hit_order);
    for (size_t i = 0; i < cache->hits.count && i < capacity; ++i) hits[i] = cache->hits.data[i];
    return cache->hits.count;
}

/* ---- overlaps ------------------------------------------------------------ */

typedef struct overlap_ctx {
    const tc_world *w;
    tc_world *cache;              /* w's scratch (tc_world_caches) */
    const tc_shape *shape;        /* NULL: a point query */
    const tc_query_filter *filter;
    tc_vec3 p;
} overlap_ctx;

/* The one constructor of an overlap query's context: by shape, or by point
 * p when shape is NULL. Empties the scratch list of results. */
static overlap_ctx overlap_ctx_make(const tc_world *w, const tc_shape *shape, const tc_query_filter *filter, tc_vec3 p)
{
    overlap_ctx o;
    o.w = w;
    o.cache = tc_world_caches(w);
    o.shape = shape;
    o.filter = filter;
    o.p = p;
    o.cache->found.count = 0;
    return o;
}

static bool overlap_visit(void *context, int32_t proxy, uint64_t user_data)
{
    overlap_ctx *o = (overlap_ctx *)context;
    const tc_world *w = o->w;
    (void)proxy;
    int32_t index = (int32_t)user_data;
    if (!tc_world_filter_passes(w, o->filter, index)) return true;
    bool hit = o->shape ? tc_shape_overlap(o->shape, &w->shapes[index]) : tc_shape_contains_point(&w->shapes[index], o->p);
    tc_world *cache = o->cache;
    if (hit && TC_ARRAY_RESERVE(cache, cache->found, cache->found.count + 1))
        cache->found.data[cache->found.count++] = tc_world_collider_id_of(w, index);
    return true;
}

/* The candidates from the tree: those whose fat boxes meet the query's box
 * (padded as the colliders' are: tc_world_padded), or for a half-space
 * those near or below it, padded for the whole tree's scale. Then the plane
 * colliders, which no tree holds. */
void tc_world_candidates(const tc_world *w, const tc_aabb *box, const tc_plane *half_space, tc_tree_query_fn *visit,
                         void *context)
{
    if (box) {
        tc_tree_query_aabb(w->tree, tc_world_padded(box), visit, context);
    } else {
        tc_aabb all;
        if (tc_tree_root_box(w->tree, &all)) {
            tc_plane padded = *half_space;
            padded.offset = tc_world_plane_padded_offset(half_space, &all);
            tc_tree_query_plane(w->tree, padded, visit, context);
        }
    }
    for (size_t k = 0; k < w->planes.count; ++k) {
        const int32_t i = w->planes.data[k];
        if (tc_world_plane_active(w, i)) (void)visit(context, TC_TREE_NULL, (uint64_t)i);
    }
}

/* The candidates (box NULL: the query's plane), then the results in index
 * order. */
static size_t overlap_run(overlap_ctx *o, const tc_aabb *box, tc_collider_id *out, size_t capacity)
{
    tc_world_candidates(o->w, box, box ? NULL : &o->shape->u.plane, overlap_visit, o);
    tc_world *cache = o->cache;
    if (cache->found.count > 1) qsort(cache->found.data, cache->found.count, sizeof *cache->found.data, id_order);
    for (size_t i = 0; i < cache->found.count && i < capacity; ++i) out[i] = cache->found.data[i];
    return cache->found.count;
}

size_t tc_world_overlap_shape(const tc_world *w, const tc_shape *shape, const tc_query_filter *filter,
                              tc_collider_id *out, size_t capacity)
{
    if (!TC_REQUIRE(w != NULL && shape != NULL && (out != NULL || capacity == 0))) return 0;
    overlap_ctx o = overlap_ctx_make(w, shape, filter, tc_vec3_zero());
    if (!tc_shape_is_valid(shape)) return 0;
    if (shape->type == TC_SHAPE_PLANE) return overlap_run(&o, NULL, out, capacity);
    tc_aabb box;
    if (!tc_shape_bounds(shape, &box)) return 0;
    return overlap_run(&o, &box, out, capacity);
}

/* The typed overlap queries: the shape query on the shape made of it. */
#define TC_WORLD_OVERLAP_BY(name, type)                                                                        \
    size_t tc_world_overlap_##name(const tc_world *w, const type *x, const tc_query_filter *filter,          \
                                   tc_collider_id *out, size_t capacity)                                     \
    {                                                                                                        \
        if (!TC_REQUIRE(x != NULL)) return 0;                                                                \
        const tc_shape sh = tc_shape_from_##name(*x);                                                        \
        return tc_world_overlap_shape(w, &sh, filter, out, capacity);                                        \
    }
TC_WORLD_OVERLAP_BY(sphere, tc_sphere)
TC_WORLD_OVERLAP_BY(capsule, tc_capsule)
TC_WORLD_OVERLAP_BY(aabb, tc_aabb)
TC_WORLD_OVERLAP_BY(obb, tc_obb)
TC_WORLD_OVERLAP_BY(triangle, tc_triangle)
TC_WORLD_OVERLAP_BY(plane, tc_plane)
TC_WORLD_OVERLAP_BY(hull, tc_hull)
TC_WORLD_OVERLAP_BY(mesh, tc_mesh)
#undef TC_WORLD_OVERLAP_BY

size_t tc_world_overlap_point(const tc_world *w, tc_vec3 p, const tc_query_filter *filter, tc_collider_id *out,
                              size_t capacity)
{
    if (!TC_REQUIRE(w != NULL && (out != NULL || capacity == 0))) return 0;
    overlap_ctx o = overlap_ctx_make(w, NULL, filter, p);
    if (!tc_vec3_is_finite(p)) return 0;
    tc_aabb box;
    box.min = p;
    box.max = p;
    return overlap_run(&o, &box, out, capacity);
}

bool tc_world_pick(const tc_world *w, float sx, float sy, tc_viewport viewport, tc_mat4 view, tc_mat4 projection,
                   tc_depth_range depth, const tc_query_filter *filter, tc_world_hit *hit, tc_ray *ray_out)
{
    if (!TC_REQUIRE(w != NULL)) return false;
    tc_ray ray;
    if (!tc_camera_unproject(sx, sy, viewport, view, projection, depth, &ray)) return false;
    if (ray_out) *ray_out = ray;
    return tc_world_raycast_closest(w, &ray, INFINITY, filter, hit);
}
