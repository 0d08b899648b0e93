/* SPDX-License-Identifier: MIT */
#include <float.h>

#include "queries/pair_queries.h"

#include "core/float.h"

#include "queries/manifold.h"
#include "queries/penetration.h"

/* Saturated at the float range: a pair's frame (tc_core_recentre) can put a
 * closest point of shapes near opposite ends of the range past FLT_MAX
 * (a mesh walk's, moved back after), which a plain conversion overflows. */
static void store(tc_vec3 *dst, tc_dvec3 v)
{
    if (dst) *dst = tc_dvec3_to_saturated(v);
}

/* tc_rounded_distance's answer with its points in double (not rounded). */
static double rounded_points(double core_distance, tc_dvec3 qa, tc_dvec3 qb, double ra, double rb, tc_dvec3 *pa,
                             tc_dvec3 *pb)
{
    if (!(core_distance > 0.0)) {
        *pa = *pb = qa;
        return 0.0;
    }
    tc_dvec3 n = tc_dvec3_scale(tc_dvec3_sub(qb, qa), 1.0 / core_distance);
    double d = core_distance - ra - rb;
    if (d > 0.0) {
        *pa = tc_dvec3_mad(qa, n, ra);
        *pb = tc_dvec3_mad(qb, n, -rb);
        return d;
    }
    /* Overlap: the surfaces have crossed; the point halfway between them
     * along n, within ra of qa and within rb of qb. */
    *pa = *pb = tc_dvec3_mad(qa, n, tc_rounded_meet(core_distance, ra, rb));
    return 0.0;
}

/* saturated: a gap past the float range would overflow */
static float distance_to_float(double d) { return d > (double)FLT_MAX ? FLT_MAX : (float)d; }

float tc_rounded_distance(double core_distance, tc_dvec3 qa, tc_dvec3 qb, double ra, double rb,
                          tc_vec3 *point_a, tc_vec3 *point_b)
{
    tc_dvec3 pa, pb;
    const double d = rounded_points(core_distance, qa, qb, ra, rb, &pa, &pb);
    store(point_a, pa);
    store(point_b, pb);
    return distance_to_float(d);
}

float tc_rounded_distance_at(double core_distance, tc_dvec3 origin, tc_dvec3 qa, tc_dvec3 qb, double ra, double rb,
                             tc_vec3 *point_a, tc_vec3 *point_b)
{
    tc_dvec3 pa, pb;
    const double d = rounded_points(core_distance, qa, qb, ra, rb, &pa, &pb);
    store(point_a, tc_dvec3_add(origin, pa));
    store(point_b, tc_dvec3_add(origin, pb));
    return distance_to_float(d);
}

float tc_core_distance(const tc_core *a, const tc_core *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    return tc_core_distance_seeded(a, b, NULL, point_a, point_b);
}

float tc_core_distance_seeded(const tc_core *a, const tc_core *b, const tc_gjk_simplex *seed, tc_vec3 *point_a,
                              tc_vec3 *point_b)
{
    tc_gjk_result r;
    tc_gjk_distance_seeded(a, b, seed, &r);
    double scale = a->scale > b->scale ? a->scale : b->scale;
    double d = tc_gjk_core_distance(r.distance, a->radius + b->radius, scale);
    return tc_rounded_distance(d, r.point_a, r.point_b, a->radius, b->radius, point_a, point_b);
}

bool tc_core_contact(const tc_core *a, const tc_core *b, tc_manifold *m, bool *far)
{
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    double scale = a->scale > b->scale ? a->scale : b->scale;
    double d = tc_gjk_core_distance(r.distance, a->radius + b->radius, scale);
    return tc_core_contact_from_closest(a, b, d, r.point_a, r.point_b, m, far);
}

/* Whether the contact of apart cores is a single point whatever the
 * normal: A is a point (a sphere), or both are segments (capsules) far
 * from parallel (their features across the normal cross once; 1e-2 is
 * well above the feature tolerance). */
static bool single_point(const tc_core *a, const tc_core *b)
{
    if (a->count == 1) return true;
    if (a->count != 2 || b->count != 2) return false;
    tc_dvec3 da = tc_dvec3_sub(a->v[1], a->v[0]), db = tc_dvec3_sub(b->v[1], b->v[0]);
    double c = tc_dvec3_length(tc_dvec3_cross(da, db));
    return c > 1e-2 * tc_dvec3_length(da) * tc_dvec3_length(db);
}

bool tc_core_contact_from_closest(const tc_core *a, const tc_core *b, double distance, tc_dvec3 qa, tc_dvec3 qb,
                                  tc_manifold *m, bool *far)
{
    double radii = a->radius + b->radius;
    double scale = a->scale > b->scale ? a->scale : b->scale;
    if (far) *far = false;
    if (tc_rounded_apart(distance, radii)) {
        if (far) *far = tc_beyond_band(distance - radii, scale + a->size + b->size);
        return false;
    }
    tc_dvec3 n, least;
    if (distance > TC_CORE_CONTACT_EPSILON * scale) {
        n = tc_dvec3_scale(tc_dvec3_sub(qb, qa), 1.0 / distance);
        least = n;
    } else {
        /* The cores intersect, as the distance query found; a depth a
         * rounding below zero is a touching contact (depth 0). */
        tc_core_penetration(a, b, &n, &least);
    }
    if (m && distance > TC_CORE_CONTACT_EPSILON * scale && single_point(a, b)) {
        /* Cores apart whose contact is one point: where the surfaces meet
         * along the line of the closest points (inside both balls, so both
         * shapes). No clipping needed. */
        /* The depth is the overlap along n, as tc_core_manifold's: radii -
         * distance alone carries the float closest points' rounding. */
        double s = tc_rounded_meet(distance, a->radius, b->radius), depth = radii - distance;
        double along = tc_core_overlap_along(a, b, n) + radii;
        if (along > depth) depth = along;
        m->normal = tc_dvec3_to(n);
        m->count = 1;
        m->points[0].point = tc_dvec3_to_saturated(tc_dvec3_mad(qa, n, s)); /* past FLT_MAX for cores reaching it (libFuzzer) */
        m->points[0].depth = tc_float_saturated(depth > 0.0 ? depth : 0.0);
        m->points[0].id = TC_CONTACT_ID(tc_core_feature_at(a, qa, n), tc_core_feature_at(b, qb, tc_dvec3_neg(n)));
        return true;
    }
    if (m) {
        bool met;
        tc_core_manifold(a, b, n, 0.0, m, &met);
        if (!met) tc_core_manifold(a, b, least, 0.0, m, NULL);
    }
    return true;
}

/* The contact of cores whose GJK result r (core distance d, snapped) a
 * padded test calls touching: the ordinary contact when they touch, else
 * depth 0 along the witness direction. */
static bool contact_within_pad(const tc_core *a, const tc_core *b, const tc_gjk_result *rr, double d, tc_manifold *m)
{
    const tc_gjk_result r = *rr;
    double radii = a->radius + b->radius;
    if (!tc_rounded_apart(d, radii)) return tc_core_contact_from_closest(a, b, d, r.point_a, r.point_b, m, NULL);
    if (m) {
        tc_dvec3 n = tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / d);
        tc_core_manifold(a, b, n, -INFINITY, m, NULL);
        for (int i = 0; i < m->count; ++i)
            if (!(m->points[i].depth > 0.0f)) m->points[i].depth = 0.0f;
    }
    return true;
}

bool tc_core_contact_padded(const tc_core *a, const tc_core *b, double pad, tc_manifold *m)
{
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    double scale = a->scale > b->scale ? a->scale : b->scale;
    double radii = a->radius + b->radius;
    double d = tc_gjk_core_distance(r.distance, radii, scale);
    if (!(d - radii <= pad * scale)) return false;
    return contact_within_pad(a, b, &r, d, m);
}

bool tc_core_contact_touching(const tc_core *a, const tc_core *b, tc_manifold *m)
{
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    double scale = a->scale > b->scale ? a->scale : b->scale;
    return contact_within_pad(a, b, &r, tc_gjk_core_distance(r.distance, a->radius + b->radius, scale), m);
}

float tc_core_distance_plane(const tc_core *a, const tc_half_space *h, tc_vec3 *point_a, tc_vec3 *point_b)
{
    tc_dvec3 down = tc_dvec3_neg(h->n);
    tc_dvec3 s = tc_core_support(a, down);
    tc_dvec3 pa = tc_dvec3_mad(s, h->n, -a->radius);
    double gap = tc_dvec3_dot(h->n, pa) - h->offset;
    if (gap > 0.0) {
        store(point_a, pa);
        store(point_b, tc_dvec3_mad(pa, h->n, -gap));
        return gap > (double)FLT_MAX ? FLT_MAX : (float)gap; /* saturated: a gap past the float range would overflow */
    }
    store(point_a, pa);
    store(point_b, pa);
    return 0.0f;
}

/* The height over h of a's lowest point (less its radius), as
 * tc_core_distance_plane takes it, and that point in *low. */
static double lowest_gap(const tc_core *a, const tc_half_space *h, tc_dvec3 *low)
{
    *low = tc_dvec3_mad(tc_core_support(a, tc_dvec3_neg(h->n)), h->n, -a->radius);
    return tc_dvec3_dot(h->n, *low) - h->offset;
}

static bool within_rounding(const tc_core *a, const tc_half_space *h, double gap, tc_dvec3 p, bool placed)
{
    const tc_dvec3 n = h->n;
    const double sum = fabs(n.x * p.x) + fabs(n.y * p.y) + fabs(n.z * p.z) + fabs(h->offset);
    return gap <= 0x1p-48 * sum + (placed ? (double)TC_PAD_REL * a->size : 0.0);
}

bool tc_core_plane_within_rounding(const tc_core *a, const tc_half_space *h, bool placed)
{
    tc_dvec3 low;
    const double gap = lowest_gap(a, h, &low);
    return within_rounding(a, h, gap, low, placed);
}

bool tc_core_plane_touching(const tc_core *a, const tc_half_space *h, double pad)
{
    tc_dvec3 low;
    const double gap = lowest_gap(a, h, &low);
    const double coords = a->scale + fabs(h->offset);
    if (coords <= TC_CORE_NEAR_RATIO * (a->size + fabs(gap))) return gap <= pad * coords;
    return within_rounding(a, h, gap, low, true);
}

/* in_band: the overlap test has called the pair touching; when no point
 * reaches the half-space, the deepest one counts, at depth 0. */
static bool contact_plane(const tc_core *a, const tc_half_space *h, bool in_band, tc_manifold *m)
{
    tc_contact_candidate c[TC_CORE_MAX_FEATURE];
    tc_dvec3 feature[TC_CORE_MAX_FEATURE];
    int32_t idx[TC_CORE_MAX_FEATURE] = { 0, 1, 2, 3, 4, 5, 6, 7 }, face;
    const tc_dvec3 *v = a->v;
    int count = a->count;
    if (a->count == TC_CORE_HULL) {
        /* A hull's candidates: its lowest feature (face, edge or vertex),
         * each named by its vertex in the hull data. */
        count = tc_core_feature_indexed(a, tc_dvec3_neg(h->n), TC_FEATURE_TOLERANCE, feature, idx, &face);
        v = feature;
    }
    int k = 0, deepest = -1;
    double deepest_depth = -INFINITY;
    tc_dvec3 deepest_low = tc_dvec3_make(0, 0, 0);
    for (int i = 0; i < count; ++i) {
        tc_dvec3 low = tc_dvec3_mad(v[i], h->n, -a->radius);
        double depth = h->offset - tc_dvec3_dot(h->n, low);
        if (depth > deepest_depth) {
            deepest = i;
            deepest_depth = depth;
            deepest_low = low;
        }
        /* As the distance query: apart only when the gap survives rounding
         * to float (tested without rounding a depth past the float range,
         * which would overflow; such a depth is saturated) */
        if (depth < 0.0 && (depth < -(double)FLT_MAX || (float)depth < 0.0f)) continue;
        c[k].depth = depth > (double)FLT_MAX ? (double)FLT_MAX : depth;
        c[k].point = low; /* A's deepest point: on A, inside the half-space */
        c[k].id = TC_CONTACT_ID(TC_FEATURE_VERTEX | ((unsigned)idx[i] & TC_FEATURE_INDEX_MASK), TC_FEATURE_FACE);
        ++k;
    }
    if (k == 0 && in_band && deepest >= 0) {
        c[0].depth = 0.0;
        c[0].point = deepest_low;
        c[0].id = TC_CONTACT_ID(TC_FEATURE_VERTEX | (unsigned)deepest, TC_FEATURE_FACE);
        k = 1;
    }
    if (k == 0) return false;
    if (m) {
        tc_dvec3 normal = tc_dvec3_neg(h->n);
        m->normal = tc_dvec3_to(normal);
        tc_contact_reduce(c, k, normal, m);
    }
    return true;
}

bool tc_core_contact_plane(const tc_core *a, const tc_half_space *h, tc_manifold *m)
{
    return contact_plane(a, h, false, m);
}

bool tc_core_contact_plane_touching(const tc_core *a, const tc_half_space *h, tc_manifold *m)
{
    return contact_plane(a, h, true, m);
}
