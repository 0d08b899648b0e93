/* SPDX-License-Identifier: MIT */
/* Shared steps of the distance, contact and sweep pairs: what every pair
 * does once its shapes are turned into cores. Private header. */
#ifndef TOUCHE_QUERIES_PAIR_QUERIES_H
#define TOUCHE_QUERIES_PAIR_QUERIES_H

#include <float.h>
#include <math.h>

#include "core/float.h"
#include "queries/convex_core.h"
#include "queries/gjk.h"
#include "touche/contact.h"
#include "touche/sweep.h"

/* Distance between rounded cores from their core witness pair (core_distance
 * = |qb - qa|): subtracts the radii; on overlap both points become the point
 * midway between the surfaces, which lies in both shapes. */
float tc_rounded_distance(double core_distance, tc_dvec3 qa, tc_dvec3 qb, double ra, double rb,
                          tc_vec3 *point_a, tc_vec3 *point_b);
/* The same in a pair's frame: qa and qb relative to origin, and the points
 * written as origin plus theirs, rounded once. */
float tc_rounded_distance_at(double core_distance, tc_dvec3 origin, tc_dvec3 qa, tc_dvec3 qb, double ra, double rb,
                             tc_vec3 *point_a, tc_vec3 *point_b);

/* Where, from A's core point along the unit direction to B's core point
 * core_distance away, the shapes' surfaces meet halfway: ra - overlap / 2,
 * kept inside both balls (|s| <= ra, |core_distance - s| <= rb) when one
 * swallows the other. */
static inline double tc_rounded_meet(double core_distance, double ra, double rb)
{
    double s = 0.5 * (ra + core_distance - rb);
    double lo = core_distance - rb > -ra ? core_distance - rb : -ra;
    double hi = core_distance + rb < ra ? core_distance + rb : ra;
    return s < lo ? lo : (s > hi ? hi : s);
}

/* Whether rounded cores whose cores are core_distance apart are apart: the
 * test tc_rounded_distance makes before answering a positive distance, so
 * contact and distance agree on every touching pair. */
static inline bool tc_rounded_apart(double core_distance, double radii)
{
    /* the gap saturated at the float range, which its plain rounding to
     * float would overflow (cores near opposite ends of the range, or radii
     * of FLT_MAX overlapping by twice that) */
    return core_distance > 0.0 && tc_float_saturated(core_distance - radii) > 0.0f;
}

/* tc_rounded_apart from the squared core distance d2, deciding the clear
 * cases without the square root: a branch that waits for a square root
 * costs its whole latency each time it is mispredicted (half the random
 * pairs of a benchmark), while d2 against radii^2 is known early. Beyond
 * 2^-40 of radii^2 either way (plus 2^-200, for radii near zero) the
 * answer is certain (the roundings of the squares and of the root are
 * 2^-53 each); between, the root decides as tc_rounded_apart does, so the
 * answer is always exactly tc_rounded_apart(sqrt(d2), radii). */
static inline bool tc_rounded_apart_sq(double d2, double radii)
{
    double r2 = radii * radii;
    if (d2 > r2 * (1.0 + 0x1p-40) + 0x1p-200) return true;
    if (d2 < r2 * (1.0 - 0x1p-40)) return false;
    return tc_rounded_apart(sqrt(d2), radii);
}

/* GJK's closest points carry a few ulps of rounding of the coordinates (a
 * box exactly touching a capsule comes out 5e-17 apart): a core distance
 * within that of the radii is touching, for distance and contact alike.
 * Relative to the cores' scale; far below any gap float data can make
 * between the shapes' surfaces along a coordinate, and within the pad of
 * the overlap tests, which then agree. */
#define TC_GJK_ROUNDING (16.0 * 2.220446049250313e-16)

/* The GJK core distance with that rounding snapped to touching. */
static inline double tc_gjk_core_distance(double core_distance, double radii, double scale)
{
    return core_distance - radii <= TC_GJK_ROUNDING * scale && core_distance > radii ? radii : core_distance;
}

/* Distance by GJK on the cores. */
float tc_core_distance(const tc_core *a, const tc_core *b, tc_vec3 *point_a, tc_vec3 *point_b);
/* The same from a seed simplex of two hull cores' vertices (NULL: none). */
float tc_core_distance_seeded(const tc_core *a, const tc_core *b, const tc_gjk_simplex *seed, tc_vec3 *point_a,
                              tc_vec3 *point_b);

/* Below this distance (relative to the scale) two cores count as
 * intersecting for contacts: the penetration axes take over from the
 * witness direction, whose direction is noise at that size. */
#define TC_CORE_CONTACT_EPSILON 1e-9

/* Whether a gap is beyond twice the tolerance band of base.h for shapes of
 * that scale (coordinates plus sizes): no overlap test, whose false
 * positives stay inside the band, can call such a pair overlapping. */
static inline bool tc_beyond_band(double gap, double scale)
{
    return gap > 2.0 * TC_TOLERANCE * scale;
}

/* Contact of two cores (not both boxes: box-box goes through the SAT).
 * *far (may be NULL) tells, on false, whether the cores are beyond the
 * band (tc_beyond_band). */
bool tc_core_contact(const tc_core *a, const tc_core *b, tc_manifold *m, bool *far);

/* The same from the cores' distance and closest points already known (the
 * closed forms of the sphere and capsule pairs, which the distance queries
 * use: contact and distance then agree on every touching pair). */
bool tc_core_contact_from_closest(const tc_core *a, const tc_core *b, double distance, tc_dvec3 qa, tc_dvec3 qb,
                                  tc_manifold *m, bool *far);

/* A plane as a unit-normal half-space in double. */
typedef struct tc_half_space { tc_dvec3 n; double offset; } tc_half_space;
/* Inline: the sphere and capsule plane contacts are a few operations more
 * (a call there cost as much as the normalisation). */
static inline tc_half_space tc_half_space_from_plane(const tc_plane *p)
{
    tc_half_space h;
    tc_dvec3 n = tc_dvec3_from(p->normal);
    double l = tc_dvec3_length(n);
    h.n = tc_dvec3_scale(n, 1.0 / l);
    h.offset = p->offset / l;
    return h;
}
float tc_core_distance_plane(const tc_core *a, const tc_half_space *h, tc_vec3 *point_a, tc_vec3 *point_b);
/* Whether a core touches a half-space within the rounding of its lowest
 * point's height as tc_core_distance_plane takes it in double: 2^-48 of
 * the products the height sums (normal by point, per axis, and the
 * offset), and with placed (a core whose vertices were computed from a
 * centre or a position and a turn: an OBB, a hull, a mesh's triangle)
 * TC_PAD_REL of its size too, which those vertices' rounding and the
 * turn's tolerated distance from a rotation (1e-6 of the size) carry. A
 * band of the pair's own numbers: a level ground's height ignores x, and a
 * tilted one's rounding is 2^-48 of the distance along the normal. The
 * plane pairs' far test (overlap_far.h), and further out of the hull's and
 * mesh's (tc_core_plane_touching). */
bool tc_core_plane_within_rounding(const tc_core *a, const tc_half_space *h, bool placed);
/* A hull's or a mesh triangle's core touching a half-space within the
 * overlap band of pad * coords (coords: the core's scale plus the plane's
 * offset; the hull's and mesh's overlap pads). That band is of where the
 * pair is, so it is kept only while it is at most TC_CORE_NEAR_RATIO times
 * the pair's own numbers (the core's size and its lowest point's height),
 * as the float plane tests do (tc_plane_pair_is_near), which keeps the
 * bits near the origin; further out the pair touches within the height's
 * rounding (tc_core_plane_within_rounding), so a hull 0.1 above a ground
 * at x = 1e6 no longer touches it (issue 12). */
bool tc_core_plane_touching(const tc_core *a, const tc_half_space *h, double pad);
bool tc_core_contact_plane(const tc_core *a, const tc_half_space *h, tc_manifold *m);
/* The same for a pair the overlap test (with its band) calls touching: when
 * no point reaches the half-space, the deepest one at depth 0 (as
 * tc_core_contact_touching for two cores). */
bool tc_core_contact_plane_touching(const tc_core *a, const tc_half_space *h, tc_manifold *m);

/* Contact that counts what a padded overlap test counts: cores within
 * pad * scale of touching (beyond GJK's rounding) touch, with depth 0 along
 * the witness direction. For hulls (a hull is its points only within a
 * tolerance of its size, so GJK can find cores the oracle calls touching a
 * few 1e-9 of the scale apart) and meshes, whose overlap tests pad by
 * 1e-7 of the scale: a solver must never see an overlap without a
 * contact. */
bool tc_core_contact_padded(const tc_core *a, const tc_core *b, double pad, tc_manifold *m);

/* Contact of cores that the pair's overlap test (with its own tolerance
 * band) has already called touching: as tc_core_contact_padded with no
 * limit. Where the contact's closed form calls the pair apart inside that
 * band, this keeps contact true exactly when overlap is (issue 12: a sphere
 * 1.6 from a triangle reaching x = 1e6 overlapped, a band of 1.9 there,
 * with no contact). */
bool tc_core_contact_touching(const tc_core *a, const tc_core *b, tc_manifold *m);

/* Translational sweep of core A (velocity va) against core B (vb) by
 * conservative advancement on the distance (sweep.c), and of a core against
 * a half-space (exact; touching: the pair's overlap test calls the pair
 * touching at t = 0, inside its band, which starts it there too, so that a
 * still sweep hits exactly what overlap calls touching). */
bool tc_core_sweep(const tc_core *a, tc_dvec3 va, const tc_core *b, tc_dvec3 vb, double max_t, tc_sweep_hit *hit);
bool tc_core_sweep_plane(const tc_core *a, tc_dvec3 va, const tc_half_space *h, tc_dvec3 vb, double max_t, bool touching,
                         tc_sweep_hit *hit);

#endif
