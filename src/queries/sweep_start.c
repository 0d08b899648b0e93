/* SPDX-License-Identifier: MIT */
/* The hit at t = 0 of sweeps whose shapes start overlapping. The contact
 * query's result is always checked: a false result leaves its manifold
 * unwritten, and reading it would be reading stack garbage. */
#include "queries/sweep_start.h"

#include "queries/hull_fans.h"
#include "queries/pair_queries.h"
#include "queries/penetration.h"

/* The tolerance band, relative to the cores' scale, of the hulls' overlap
 * test (TC_HULL_OVERLAP_PAD): a sweep of a hull starting apart by less than
 * this hits at t = 0, as overlap says. */
#define TC_SWEEP_START_BAND 1e-7

bool tc_sweep_start_apart(const tc_core *a, const tc_core *b, const tc_gjk_result *r, double radii)
{
    const double core_scale = a->scale > b->scale ? a->scale : b->scale;
    const double band = a->count == TC_CORE_HULL || b->count == TC_CORE_HULL ? TC_SWEEP_START_BAND : 0.0;
    double distance = r->distance;
    /* A run stalled on rounding (tc_gjk_result.stalled) is unsure of two
     * hulls: with one of them solid their separating-axis test's
     * separation instead, as the hull overlap test then decides them
     * (slender hulls intersecting by 0.14 stalled 0.24 apart: the pair
     * fuzzer); with neither solid, touching when their triangles meet (a
     * segment 1e6 long through a flat hull stalled 0.15 apart and a still
     * sweep missed: random slender pairs). */
    if (r->stalled && tc_core_hulls_penetration_complete(a, b)) {
        /* the test's measure of its axis, or the cores' projections on it
         * when less (a merged face's fitted plane: hull_queries.c's
         * sat_proves_apart); each bounds the distance from below */
        tc_dvec3 n;
        const double separation = -tc_core_penetration(a, b, &n, NULL), along = -tc_core_overlap_along(a, b, n);
        const double least = separation < along ? separation : along;
        distance = least > 0.0 ? least : 0.0;
    } else if (r->stalled && a->count == TC_CORE_HULL && b->count == TC_CORE_HULL && tc_hull_fans_meet(a, b)) {
        distance = 0.0;
    }
    return distance - radii > band * core_scale &&
           tc_rounded_apart(tc_gjk_core_distance(distance, radii, core_scale), radii);
}

void tc_sweep_hit_from_manifold(tc_sweep_hit *hit, const tc_manifold *m)
{
    if (!hit) return;
    int best = 0;
    for (int i = 1; i < m->count; ++i)
        if (m->points[i].depth > m->points[best].depth) best = i;
    hit->t = 0.0f;
    hit->point = m->points[best].point;
    hit->normal = m->normal;
}

void tc_sweep_start_hit(const tc_core *a, const tc_core *b, const tc_gjk_result *r, tc_sweep_hit *hit)
{
    if (!hit) return;
    tc_manifold m;
    if (tc_core_contact(a, b, &m, NULL)) {
        tc_sweep_hit_from_manifold(hit, &m);
        return;
    }
    /* The sweep says overlapping, contact says apart: they touch, up to
     * rounding. The same point and normal as the contact's own first step. */
    const double scale = a->scale > b->scale ? a->scale : b->scale;
    tc_dvec3 n, p;
    if (r->distance > TC_CORE_CONTACT_EPSILON * scale) {
        n = tc_dvec3_scale(tc_dvec3_sub(r->point_b, r->point_a), 1.0 / r->distance);
        p = tc_dvec3_mad(r->point_a, n, 0.5 * (a->radius + r->distance - b->radius));
    } else {
        tc_core_penetration(a, b, &n, NULL);
        p = tc_dvec3_scale(tc_dvec3_add(r->point_a, r->point_b), 0.5);
    }
    hit->t = 0.0f;
    hit->point = tc_dvec3_to(p);
    hit->normal = tc_dvec3_to(n);
}
