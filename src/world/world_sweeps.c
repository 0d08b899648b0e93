/* SPDX-License-Identifier: MIT */
/* The world's shape casts: a shape translating (tc_world_sweep_closest,
 * tc_world_sweep_all) or turning and moving between two poses
 * (tc_world_sweep_rigid_closest) through the still colliders.
 *
 * Each candidate is tried with the pair sweep of the dispatch, so a cast is
 * as exact as the pair sweeps and agrees with them bit for bit: the world
 * adds only the choice of candidates. Those are the colliders whose fat
 * boxes meet the box the shape sweeps through, grown by the exact tests'
 * band (tc_world_padded), and the plane colliders, which no tree holds.
 * The sweeps' own slack (a conservative advancement stops up to 1e-5 of
 * the pair's scale short of touching) is within the two pads together:
 * the swept box's covers the shape's coordinates and travel, the
 * collider's tree box its own. */
#include "world/world_internal.h"

#include <math.h>
#include <stdlib.h>

#include "core/assert.h"

typedef struct sweep_ctx {
    const tc_world *w;
    tc_world *cache;                /* w's scratch (tc_world_caches): the hits of sweep_all */
    const tc_shape *shape;          /* translating: in the world; rigid: in its own frame */
    tc_vec3 velocity;
    float max_t;
    bool rigid;
    tc_transform from, to;
    const tc_query_filter *filter;
    bool all;                       /* every hit into cache->hits, else the closest */
    bool found;
    tc_world_hit best;
} sweep_ctx;

static bool sweep_visit(void *context, int32_t proxy, uint64_t user_data)
{
    sweep_ctx *s = (sweep_ctx *)context;
    const tc_world *w = s->w;
    const int32_t index = (int32_t)user_data;
    (void)proxy;
    if (!tc_world_filter_passes(w, s->filter, index)) return true;
    const tc_shape *other = &w->shapes[index];
    tc_sweep_hit h;
    const bool got = s->rigid ? tc_shape_sweep_rigid(s->shape, s->from, s->to, other, tc_transform_identity(),
                                                     tc_transform_identity(), &h)
                              : tc_shape_sweep(s->shape, s->velocity, other, tc_vec3_zero(), s->max_t, &h);
    if (!got) return true;
    tc_world_hit hit;
    hit.collider = tc_world_collider_id_of(w, index);
    hit.t = h.t;
    hit.point = h.point;
    hit.normal = h.normal;
    hit.feature = -1;
    if (s->all) {
        tc_world *cache = s->cache;
        if (TC_ARRAY_RESERVE(cache, cache->hits, cache->hits.count + 1)) cache->hits.data[cache->hits.count++] = hit;
    } else if (!s->found || tc_world_hit_order(&hit, &s->best) < 0) {
        /* ties to the lower index, whatever order the tree gives */
        s->found = true;
        s->best = hit;
    }
    return true;
}

/* v * t without the NaN of 0 * infinity (a still coordinate stays) and
 * without overflowing: worked in double and saturated at the float range,
 * which still covers every collider (FE_OVERFLOW traps in the trapped
 * builds). */
static float travel(float v, float t) { return v == 0.0f ? 0.0f : tc_float_saturated((double)v * (double)t); }

/* p + d, saturated likewise. */
static tc_vec3 moved(tc_vec3 p, tc_vec3 d)
{
    return tc_vec3_make(tc_float_saturated((double)p.x + d.x), tc_float_saturated((double)p.y + d.y),
                        tc_float_saturated((double)p.z + d.z));
}

/* A translating cast: the box from the shape's box at t = 0 to the one at
 * max_t, or for a plane its half-space pushed along by the motion. */
static void sweep_translating(sweep_ctx *s)
{
    const tc_shape *shape = s->shape;
    /* finiteness and NaN from the bits: an ordered comparison of a NaN
     * raises FE_INVALID (the trapped builds) */
    if (!tc_shape_is_valid(shape) || !tc_vec3_finite(s->velocity) || tc_is_nan(s->max_t) || s->max_t < 0.0f) return;
    const tc_vec3 d = tc_vec3_make(travel(s->velocity.x, s->max_t), travel(s->velocity.y, s->max_t),
                                   travel(s->velocity.z, s->max_t));
    if (shape->type == TC_SHAPE_PLANE) {
        tc_plane swept = shape->u.plane;
        /* How far the half-space's surface moves along its normal: the
         * normal's rate times max_t (not dot(normal, d), whose 0 * infinity
         * for an infinite max_t raises FE_INVALID) */
        const float rate = tc_vec3_dot(swept.normal, s->velocity);
        if (rate > 0.0f) swept.offset = tc_float_saturated((double)swept.offset + travel(rate, s->max_t));
        if (isnan(swept.offset)) return; /* inf - inf: a normal against an infinite travel */
        tc_world_candidates(s->w, NULL, &swept, sweep_visit, s);
        return;
    }
    tc_aabb b;
    if (!tc_shape_bounds(shape, &b)) return;
    tc_aabb box;
    box.min = tc_vec3_min(b.min, moved(b.min, d));
    box.max = tc_vec3_max(b.max, moved(b.max, d));
    tc_world_candidates(s->w, &box, NULL, sweep_visit, s);
}

static sweep_ctx sweep_ctx_make(const tc_world *w, const tc_shape *shape, const tc_query_filter *filter, bool all)
{
    sweep_ctx s;
    s.w = w;
    s.cache = tc_world_caches(w);
    s.shape = shape;
    s.velocity = tc_vec3_zero();
    s.max_t = 0.0f;
    s.rigid = false;
    s.from = s.to = tc_transform_identity();
    s.filter = filter;
    s.all = all;
    s.found = false;
    s.best.collider = tc_collider_null();
    s.best.t = 0.0f;
    s.best.point = s.best.normal = tc_vec3_zero();
    s.best.feature = -1;
    return s;
}

bool tc_world_sweep_closest(const tc_world *w, const tc_shape *shape, tc_vec3 velocity, float max_t,
                            const tc_query_filter *filter, tc_world_hit *hit)
{
    if (!TC_REQUIRE(w != NULL && shape != NULL)) return false;
    sweep_ctx s = sweep_ctx_make(w, shape, filter, false);
    s.velocity = velocity;
    s.max_t = max_t;
    sweep_translating(&s);
    if (s.found && hit) *hit = s.best;
    return s.found;
}

size_t tc_world_sweep_all(const tc_world *w, const tc_shape *shape, tc_vec3 velocity, float max_t,
                          const tc_query_filter *filter, tc_world_hit *hits, size_t capacity)
{
    if (!TC_REQUIRE(w != NULL && shape != NULL && (hits != NULL || capacity == 0))) return 0;
    sweep_ctx s = sweep_ctx_make(w, shape, filter, true);
    s.velocity = velocity;
    s.max_t = max_t;
    tc_world *cache = s.cache;
    cache->hits.count = 0;
    sweep_translating(&s);
    if (cache->hits.count > 1) qsort(cache->hits.data, cache->hits.count, sizeof *cache->hits.data, tc_world_hit_order);
    for (size_t i = 0; i < cache->hits.count && i < capacity; ++i) hits[i] = cache->hits.data[i];
    return cache->hits.count;
}

static bool pose_finite(tc_transform p)
{
    return tc_vec3_finite(p.position) && tc_is_finite(p.rotation.x) && tc_is_finite(p.rotation.y) &&
           tc_is_finite(p.rotation.z) && tc_is_finite(p.rotation.w);
}

bool tc_world_sweep_rigid_closest(const tc_world *w, const tc_shape *shape, tc_transform from, tc_transform to,
                                  const tc_query_filter *filter, tc_world_hit *hit)
{
    if (!TC_REQUIRE(w != NULL && shape != NULL)) return false;
    tc_aabb b;
    if (!tc_shape_is_valid(shape) || !tc_shape_bounds(shape, &b) || !pose_finite(from) || !pose_finite(to))
        return false;
    /* However it turns, the shape stays within the ball about its frame's
     * origin that holds its box; that ball moves along the segment between
     * the two positions. Rounded up, as the ball is a bound. */
    const tc_vec3 far = tc_vec3_max(tc_vec3_abs(b.min), tc_vec3_abs(b.max));
    /* In double, saturated: a length just below FLT_MAX rounded up by the
     * factor overflowed (the world fuzzer). A ball past the float range (the
     * length infinite, of a finite box) reaches everywhere: FLT_MAX, which
     * the box below saturates to. */
    const float len = tc_vec3_length(far);
    const float r = isfinite(len) ? tc_float_saturated((double)len * (1.0 + 1e-5)) : FLT_MAX;
    const tc_vec3 rr = tc_vec3_make(r, r, r);
    tc_aabb box;
    /* saturated (moved): a position near -FLT_MAX less r overflowed (the
     * world fuzzer) */
    box.min = moved(tc_vec3_min(from.position, to.position), tc_vec3_neg(rr));
    box.max = moved(tc_vec3_max(from.position, to.position), rr);
    sweep_ctx s = sweep_ctx_make(w, shape, filter, false);
    s.rigid = true;
    s.from = from;
    s.to = to;
    tc_world_candidates(w, &box, NULL, sweep_visit, &s);
    if (s.found && hit) *hit = s.best;
    return s.found;
}
