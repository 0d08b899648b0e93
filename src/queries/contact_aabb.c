/* SPDX-License-Identifier: MIT */
/* AABB-AABB contact, exact. Two axis-aligned boxes overlap in a box, their
 * intersection. Along each axis B leaves A by moving up by A's max minus
 * B's min, or down by B's max minus A's min: the least of those six is the
 * minimum translation, its axis and direction the normal (from A to B).
 * The points are the four corners of the intersection's cross-section
 * across that axis, midway between the two touching faces along it (kept
 * in the intersection where one box is inside the other along the axis):
 * in both boxes exactly. Each difference of two floats is taken in double
 * (exact when they are within 2^29 of each other, else rounded once; no
 * overflow); everything else selects floats. So the answer holds at any
 * scale, tiny pairs included: no entry (pair_given.h). */
#include <touche/contact.h>

#include "core/float.h"
#include "core/inline.h"
#include "shapes/validity.h"
/* the public pair functions named here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

/* One bound of the cross-section, across axis x on side s (1: +): the
 * inner of the two boxes' bounds (A's on ties), and what it makes of each
 * box's feature at a corner there: its corner bit on axis x where the bound
 * is its own, else the axis along which its feature runs (spans). */
typedef struct cross_bound {
    float at;
    unsigned a_bit, b_bit, a_span, b_span;
} cross_bound;

TC_FORCE_INLINE cross_bound cross_bound_of(float a, float b, bool a_inner, int x, unsigned s)
{
    cross_bound c;
    c.at = a_inner ? a : b;
    c.a_bit = a_inner ? s << x : 0u;
    c.b_bit = a_inner ? 0u : s << x;
    c.a_span = a_inner ? 0u : 1u << x;
    c.b_span = a_inner ? 1u << x : 0u;
    return c;
}

/* A box's feature (contact.h's ids) at a corner of the cross-section from
 * its corner bits (the face axis k's among them) and the cross axes along
 * which it runs (spans, of the two `across`): none, its vertex; one, its
 * edge from bits to bits plus that axis; both, its face across k on side
 * `side`. */
TC_FORCE_INLINE unsigned box_feature(unsigned bits, unsigned spans, unsigned across, int k, unsigned side)
{
    const unsigned edge = TC_FEATURE_EDGE | bits << 3 | (bits | spans);
    const unsigned face = TC_FEATURE_FACE | ((unsigned)(2 * k) + side);
    return spans == 0u ? TC_FEATURE_VERTEX | bits : (spans == across ? face : edge);
}

/* The contact point at the corner (u, v) of the cross-section, written to
 * slot n; returns the next slot (n again where the corner is one already
 * written: keep false). */
TC_FORCE_INLINE int corner_point(tc_manifold *m, int n, bool keep, const cross_bound *u, const cross_bound *v, int k,
                               float along, float depth, unsigned a_face, unsigned b_face, unsigned across, unsigned side)
{
    float p[3];
    p[k] = along;
    p[k == 2 ? 0 : k + 1] = u->at;
    p[k == 0 ? 2 : k - 1] = v->at;
    tc_contact_point *c = &m->points[n];
    c->point = tc_vec3_make(p[0], p[1], p[2]);
    c->depth = depth;
    c->id = TC_CONTACT_ID(box_feature(a_face | u->a_bit | v->a_bit, u->a_span | v->a_span, across, k, side),
                          box_feature(b_face | u->b_bit | v->b_bit, u->b_span | v->b_span, across, k, side ^ 1u));
    return n + (keep ? 1 : 0);
}

/* The manifold along axis k (a constant at each call: the corner bits'
 * shifts are constants), pos: the normal is +k. */
TC_FORCE_INLINE void aabb_manifold(const float *amin, const float *amax, const float *bmin, const float *bmax, int k,
                                   bool pos, double depth, tc_manifold *m)
{
    const int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
    const unsigned across = 1u << k1 | 1u << k2, side = pos ? 1u : 0u;
    /* Along the normal: midway between A's face and B's (A's max and B's
     * min going up), within the intersection [lo, hi] (a float each, so the
     * rounded midpoint stays within). */
    const double lo = amin[k] > bmin[k] ? amin[k] : bmin[k], hi = amax[k] < bmax[k] ? amax[k] : bmax[k];
    double mid = pos ? 0.5 * ((double)amax[k] + (double)bmin[k]) : 0.5 * ((double)amin[k] + (double)bmax[k]);
    mid = mid < lo ? lo : (mid > hi ? hi : mid);
    /* Across it, the cross-section's bounds (u along k1, v along k2). */
    const cross_bound u0 = cross_bound_of(amin[k1], bmin[k1], amin[k1] >= bmin[k1], k1, 0u);
    const cross_bound u1 = cross_bound_of(amax[k1], bmax[k1], amax[k1] <= bmax[k1], k1, 1u);
    const cross_bound v0 = cross_bound_of(amin[k2], bmin[k2], amin[k2] >= bmin[k2], k2, 0u);
    const cross_bound v1 = cross_bound_of(amax[k2], bmax[k2], amax[k2] <= bmax[k2], k2, 1u);
    m->normal = tc_vec3_make(0.0f, 0.0f, 0.0f);
    (&m->normal.x)[k] = pos ? 1.0f : -1.0f;
    /* The corners in cyclic order, (+, +), (-, +), (-, -), (+, -); a
     * cross-section of zero width (edges exactly touching) has its corners
     * twice: once. */
    const bool wide_u = u0.at < u1.at, wide_v = v0.at < v1.at;
    const float along = (float)mid, d = tc_float_saturated(depth);
    const unsigned a_face = side << k, b_face = (side ^ 1u) << k;
    int n = corner_point(m, 0, wide_u && wide_v, &u1, &v1, k, along, d, a_face, b_face, across, side);
    n = corner_point(m, n, wide_v, &u0, &v1, k, along, d, a_face, b_face, across, side);
    n = corner_point(m, n, true, &u0, &v0, k, along, d, a_face, b_face, across, side);
    n = corner_point(m, n, wide_u, &u1, &v0, k, along, d, a_face, b_face, across, side);
    m->count = n;
}

bool tc_contact_aabb_aabb(const tc_aabb *a, const tc_aabb *b, tc_manifold *m)
{
    if (!a || !b || !tc_aabb_valid(a) || !tc_aabb_valid(b)) return false;
    const float *amin = &a->min.x, *amax = &a->max.x, *bmin = &b->min.x, *bmax = &b->max.x;
    double up[3], down[3];
    bool apart = false;
    for (int i = 0; i < 3; ++i) {
        up[i] = (double)amax[i] - (double)bmin[i];
        down[i] = (double)bmax[i] - (double)amin[i];
        /* a difference of floats in double has the exact sign: this is
         * tc_overlap_aabb_aabb's closed test, comparison for comparison */
        apart |= (up[i] < 0.0) | (down[i] < 0.0);
    }
    if (apart) return false;
    if (!m) return true;
    /* The least way out: the first axis on ties, and up (towards B's centre,
     * or the positive axis for concentric boxes) unless down is less. */
    int k = 0;
    bool pos = up[0] <= down[0];
    double depth = pos ? up[0] : down[0];
    for (int i = 1; i < 3; ++i) {
        const bool p = up[i] <= down[i];
        const double d = p ? up[i] : down[i];
        if (d < depth) {
            depth = d;
            k = i;
            pos = p;
        }
    }
    switch (k) {
    case 0: aabb_manifold(amin, amax, bmin, bmax, 0, pos, depth, m); break;
    case 1: aabb_manifold(amin, amax, bmin, bmax, 1, pos, depth, m); break;
    default: aabb_manifold(amin, amax, bmin, bmax, 2, pos, depth, m); break;
    }
    return true;
}
