/* SPDX-License-Identifier: MIT */
#include "queries/pair_queries.h"

#include "queries/manifold.h"
#include "queries/penetration.h"

static void store(tc_vec3 *dst, tc_dvec3 v)
{
    if (dst) *dst = tc_dvec3_to(v);
}

float tc_rounded_distance(double core_distance, tc_dvec3 qa, tc_dvec3 qb, double ra, double rb,
                          tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!(core_distance > 0.0)) {
        store(point_a, qa);
        store(point_b, qa);
        return 0.0f;
    }
    tc_dvec3 n = tc_dvec3_scale(tc_dvec3_sub(qb, qa), 1.0 / core_distance);
    double d = core_distance - ra - rb;
    if (d > 0.0) {
        store(point_a, tc_dvec3_mad(qa, n, ra));
        store(point_b, tc_dvec3_mad(qb, n, -rb));
        return (float)d;
    }
    /* Overlap: the surfaces have crossed; the point halfway between them
     * along n is within ra of qa and within rb of qb. */
    double s = 0.5 * (ra + core_distance - rb);
    /* When one shape swallows the other, keep s inside both balls:
     * |s| <= ra and |core_distance - s| <= rb. */
    double lo = core_distance - rb > -ra ? core_distance - rb : -ra;
    double hi = core_distance + rb < ra ? core_distance + rb : ra;
    s = s < lo ? lo : (s > hi ? hi : s);
    tc_dvec3 mid = tc_dvec3_mad(qa, n, s);
    store(point_a, mid);
    store(point_b, mid);
    return 0.0f;
}

float tc_core_distance(const tc_core *a, const tc_core *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    double scale = a->scale > b->scale ? a->scale : b->scale;
    double d = tc_gjk_core_distance(r.distance, a->radius + b->radius, scale);
    return tc_rounded_distance(d, r.point_a, r.point_b, a->radius, b->radius, point_a, point_b);
}

bool tc_core_contact(const tc_core *a, const tc_core *b, tc_manifold *m)
{
    tc_gjk_result r;
    tc_gjk_distance(a, b, &r);
    double scale = a->scale > b->scale ? a->scale : b->scale;
    double d = tc_gjk_core_distance(r.distance, a->radius + b->radius, scale);
    return tc_core_contact_from_closest(a, b, d, r.point_a, r.point_b, m);
}

bool tc_core_contact_from_closest(const tc_core *a, const tc_core *b, double distance, tc_dvec3 qa, tc_dvec3 qb,
                                  tc_manifold *m)
{
    double radii = a->radius + b->radius;
    if (tc_rounded_apart(distance, radii)) return false;
    double scale = a->scale > b->scale ? a->scale : b->scale;
    tc_dvec3 n, least;
    if (distance > TC_CORE_CONTACT_EPSILON * scale) {
        n = tc_dvec3_scale(tc_dvec3_sub(qb, qa), 1.0 / distance);
        least = n;
    } else {
        /* The cores intersect, as the distance query found; a depth a
         * rounding below zero is a touching contact (depth 0). */
        tc_core_penetration(a, b, &n, &least);
    }
    if (m) {
        bool met;
        tc_core_manifold(a, b, n, 0.0, m, &met);
        if (!met) tc_core_manifold(a, b, least, 0.0, m, NULL);
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
    if (!tc_rounded_apart(d, radii)) return tc_core_contact_from_closest(a, b, d, r.point_a, r.point_b, m);
    if (m) {
        tc_dvec3 n = tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / d);
        tc_core_manifold(a, b, n, -INFINITY, m, NULL);
        for (int i = 0; i < m->count; ++i)
            if (!(m->points[i].depth > 0.0f)) m->points[i].depth = 0.0f;
    }
    return true;
}

tc_half_space tc_half_space_from_plane(const tc_plane *p)
{
    tc_half_space h;
    tc_dvec3 n = tc_dvec3_from(p->normal);
    double l = tc_dvec3_length(n);
    h.n = tc_dvec3_scale(n, 1.0 / l);
    h.offset = p->offset / l;
    return h;
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
        return (float)gap;
    }
    store(point_a, pa);
    store(point_b, pa);
    return 0.0f;
}

bool tc_core_contact_plane(const tc_core *a, const tc_half_space *h, tc_manifold *m)
{
    tc_contact_candidate c[TC_CORE_MAX_FEATURE];
    tc_dvec3 feature[TC_CORE_MAX_FEATURE];
    const tc_dvec3 *v = a->v;
    int count = a->count;
    if (a->count == TC_CORE_HULL) {
        /* A hull's candidates: its lowest feature (face, edge or vertex). */
        count = tc_core_feature(a, tc_dvec3_neg(h->n), TC_FEATURE_TOLERANCE, feature);
        v = feature;
    }
    int k = 0;
    for (int i = 0; i < count; ++i) {
        tc_dvec3 low = tc_dvec3_mad(v[i], h->n, -a->radius);
        double depth = h->offset - tc_dvec3_dot(h->n, low);
        /* As the distance query: apart only when the gap survives rounding to float. */
        if ((float)depth < 0.0f) continue;
        c[k].depth = depth;
        c[k].point = low; /* A's deepest point: on A, inside the half-space */
        c[k].id = TC_CONTACT_ID(TC_FEATURE_VERTEX | (unsigned)i, TC_FEATURE_FACE);
        ++k;
    }
    if (k == 0) return false;
    if (m) {
        tc_dvec3 normal = tc_dvec3_neg(h->n);
        m->normal = tc_dvec3_to(normal);
        tc_contact_reduce(c, k, normal, m);
    }
    return true;
}
