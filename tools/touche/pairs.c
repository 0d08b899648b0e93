#include "pairs.h"

#include <math.h>
#include <string.h>

/* Shape type names as the pair functions spell them, mapped to the tags. */
enum {
    TT_T_sphere = TC_SHAPE_SPHERE, TT_T_capsule = TC_SHAPE_CAPSULE, TT_T_aabb = TC_SHAPE_AABB,
    TT_T_obb = TC_SHAPE_OBB, TT_T_triangle = TC_SHAPE_TRIANGLE, TT_T_plane = TC_SHAPE_PLANE
};
#define TT_KEY(x, y) ((int)(x) * TC_SHAPE_TYPE_COUNT + (int)(y))

/* Every pair the library has, lower type first. */
#define TT_EACH_PAIR(X)                                                                               \
    X(sphere, sphere) X(sphere, capsule) X(sphere, aabb) X(sphere, obb) X(sphere, triangle)           \
    X(sphere, plane) X(capsule, capsule) X(capsule, aabb) X(capsule, obb) X(capsule, triangle)        \
    X(capsule, plane) X(aabb, aabb) X(aabb, obb) X(aabb, triangle) X(aabb, plane) X(obb, obb)         \
    X(obb, triangle) X(obb, plane) X(triangle, triangle) X(triangle, plane)

/* Puts the pair in library order; true when it swapped. */
static bool order(const tc_shape **a, const tc_shape **b)
{
    if ((*a)->type <= (*b)->type) return false;
    const tc_shape *t = *a;
    *a = *b;
    *b = t;
    return true;
}

bool tt_pair_contact(const tc_shape *a, const tc_shape *b, tc_manifold *m)
{
    bool swapped = order(&a, &b);
    bool hit = false;
    switch (TT_KEY(a->type, b->type)) {
#define TT_CONTACT_CASE(x, y) \
    case TT_KEY(TT_T_##x, TT_T_##y): hit = tc_contact_##x##_##y(&a->u.x, &b->u.y, m); break;
        TT_EACH_PAIR(TT_CONTACT_CASE)
#undef TT_CONTACT_CASE
    default: return false;
    }
    if (hit && swapped) m->normal = tc_vec3_neg(m->normal);
    return hit;
}

float tt_pair_distance(const tc_shape *a, const tc_shape *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    bool swapped = order(&a, &b);
    tc_vec3 *pa = swapped ? point_b : point_a, *pb = swapped ? point_a : point_b;
    switch (TT_KEY(a->type, b->type)) {
#define TT_DISTANCE_CASE(x, y) \
    case TT_KEY(TT_T_##x, TT_T_##y): return tc_distance_##x##_##y(&a->u.x, &b->u.y, pa, pb);
        TT_EACH_PAIR(TT_DISTANCE_CASE)
#undef TT_DISTANCE_CASE
    default: return INFINITY;
    }
}

bool tt_pair_sweep(const tc_shape *a, tc_vec3 va, const tc_shape *b, tc_vec3 vb, float max_t, tc_sweep_hit *hit)
{
    bool swapped = order(&a, &b);
    if (swapped) {
        tc_vec3 t = va;
        va = vb;
        vb = t;
    }
    bool found = false;
    switch (TT_KEY(a->type, b->type)) {
#define TT_SWEEP_CASE(x, y) \
    case TT_KEY(TT_T_##x, TT_T_##y): found = tc_sweep_##x##_##y(&a->u.x, va, &b->u.y, vb, max_t, hit); break;
        TT_EACH_PAIR(TT_SWEEP_CASE)
#undef TT_SWEEP_CASE
    default: return false;
    }
    if (found && swapped && hit) hit->normal = tc_vec3_neg(hit->normal);
    return found;
}
