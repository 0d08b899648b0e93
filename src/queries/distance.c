/* SPDX-License-Identifier: MIT */
/* The distance pairs: closed forms for sphere and capsule pairs and sphere
 * against boxes and triangles (closest point of the core), GJK on the cores
 * for the rest, the support point for planes. */
#include "touche/distance.h"

#include "touche/overlap.h"

#include "queries/overlap_far.h"
#include "queries/pair_queries.h"
#include "queries/round_closest.h"
#include "shapes/closest.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

/* The closed forms square and multiply coordinates in float: beyond the
 * float tests' range (overlap_far.h) they overflow, so those pairs take GJK
 * in double, relative to A's centre, as their overlap tests do
 * (tc_far_distance). */
#define TC_DISTANCE_FAR(A, B)                              \
    do {                                                   \
        if (TC_OVERLAP_IS_FAR(A, B, a, b)) {               \
            tc_core ca, cb;                                \
            tc_core_from_##A(&ca, a);                      \
            tc_core_from_##B(&cb, b);                      \
            return tc_far_distance(&ca, &cb, point_a, point_b); \
        }                                                  \
    } while (0)

static float point_to_solid(tc_vec3 c, float r, tc_vec3 q, tc_vec3 *point_a, tc_vec3 *point_b)
{
    /* q is the closest point of the other solid to the sphere's centre c. */
    tc_dvec3 dc = tc_dvec3_from(c), dq = tc_dvec3_from(q);
    return tc_rounded_distance(tc_dvec3_length(tc_dvec3_sub(dq, dc)), dc, dq, r, 0.0, point_a, point_b);
}

/* The distance of round cores from their closest points in the pair's frame. */
static float round_distance(const tc_round_closest *r, double ra, double rb, tc_vec3 *point_a, tc_vec3 *point_b)
{
    return tc_rounded_distance_at(tc_dvec3_length(tc_dvec3_sub(r->pb, r->pa)), r->origin, r->pa, r->pb, ra, rb,
                                  point_a, point_b);
}

static float distance_sphere_sphere(const tc_sphere *a, const tc_sphere *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_sphere_is_valid(a) || !tc_sphere_is_valid(b)) return INFINITY;
    tc_dvec3 ca = tc_dvec3_from(a->center), cb = tc_dvec3_from(b->center);
    return tc_rounded_distance(tc_dvec3_length(tc_dvec3_sub(cb, ca)), ca, cb, a->radius, b->radius, point_a, point_b);
}

/* In the pair's frame (round_closest.h), as the contact. */
static float distance_sphere_capsule(const tc_sphere *a, const tc_capsule *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_sphere_is_valid(a) || !tc_capsule_is_valid(b)) return INFINITY;
    TC_DISTANCE_FAR(sphere, capsule);
    tc_round_closest r;
    tc_round_sphere_capsule(a, b, &r);
    return round_distance(&r, a->radius, b->radius, point_a, point_b);
}

static float distance_sphere_aabb(const tc_sphere *a, const tc_aabb *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_sphere_is_valid(a) || !tc_aabb_is_valid(b)) return INFINITY;
    TC_DISTANCE_FAR(sphere, aabb);
    return point_to_solid(a->center, a->radius, tc_aabb_closest_point(b, a->center), point_a, point_b);
}

static float distance_sphere_obb(const tc_sphere *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_sphere_is_valid(a) || !tc_obb_is_valid(b)) return INFINITY;
    TC_DISTANCE_FAR(sphere, obb);
    const float d = point_to_solid(a->center, a->radius, tc_obb_closest_point(b, a->center), point_a, point_b);
    if (d != 0.0f) return d;
    /* The float closest point rounds by 1e-7 of the coordinates, which at
     * 1e6 joined a unit sphere 0.01 from its box (issue 12: distance 0,
     * overlap and contact false). The double one, the contact's, decides
     * touching; a pair the float one joins keeps its points (same bits). */
    const tc_dvec3 dc = tc_dvec3_from(a->center), dq = tc_obb_closest_point_d(b, a->center);
    const double gap = tc_dvec3_length(tc_dvec3_sub(dq, dc));
    if (!tc_rounded_apart(gap, a->radius)) return 0.0f;
    return tc_rounded_distance(gap, dc, dq, a->radius, 0.0, point_a, point_b);
}

/* In the pair's frame, the sphere's centre the origin (tc_triangle_relative). */
static float distance_sphere_triangle(const tc_sphere *a, const tc_triangle *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_sphere_is_valid(a) || !tc_triangle_is_valid(b)) return INFINITY;
    TC_DISTANCE_FAR(sphere, triangle);
    const tc_triangle t = tc_triangle_relative(b, a->center);
    const tc_dvec3 q = tc_dvec3_from(tc_triangle_closest_point(&t, tc_vec3_zero()));
    return tc_rounded_distance_at(tc_dvec3_length(q), tc_dvec3_from(a->center), tc_dvec3_make(0.0, 0.0, 0.0), q,
                                  a->radius, 0.0, point_a, point_b);
}

static float distance_capsule_capsule(const tc_capsule *a, const tc_capsule *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_capsule_is_valid(a) || !tc_capsule_is_valid(b)) return INFINITY;
    TC_DISTANCE_FAR(capsule, capsule);
    tc_round_closest r;
    tc_round_capsule_capsule(a, b, &r);
    return round_distance(&r, a->radius, b->radius, point_a, point_b);
}

/* The GJK pairs (in the pair's frame beyond the float range,
 * tc_core_pair_recentre, where the cores' tolerances of the coordinates
 * would pass the pair's band). */
#define TC_DISTANCE_GJK(A, B) TC_DISTANCE_GJK_AS(A, B, distance_##A##_##B)
#define TC_DISTANCE_GJK_AS(A, B, NAME)                                                               \
    static float NAME(const tc_##A *a, const tc_##B *b, tc_vec3 *point_a, tc_vec3 *point_b)           \
    {                                                                                                \
        if (!tc_##A##_is_valid(a) || !tc_##B##_is_valid(b)) return INFINITY;                       \
        tc_core ca, cb;                                                                              \
        tc_core_from_##A(&ca, a);                                                                    \
        tc_core_from_##B(&cb, b);                                                                    \
        if (TC_CORES_ARE_FAR(A, B, a, b, &ca, &cb)) return tc_far_distance(&ca, &cb, point_a, point_b); \
        return tc_core_distance(&ca, &cb, point_a, point_b);                                         \
    }

TC_DISTANCE_GJK(capsule, aabb)
TC_DISTANCE_GJK(capsule, obb)
TC_DISTANCE_GJK(capsule, triangle)
/* Two boxes: the overlap test is the exact closed-box test, with no band;
 * GJK's relative epsilon made boxes 8e5 apart touch when a coordinate was
 * 1e20 (issue 12), and boxes 1e-38 apart touch at coordinates of 1 (the
 * pair fuzzer). Beyond the float range, and where GJK says 0 of boxes
 * apart, the distance is the per-axis gaps in double (each a float
 * difference rounded once, zero exactly where the closed boxes meet on that
 * axis), so distance 0 is overlap there too. */
static float aabb_aabb_gaps(const tc_aabb *a, const tc_aabb *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    const float amin[3] = { a->min.x, a->min.y, a->min.z }, amax[3] = { a->max.x, a->max.y, a->max.z };
    const float bmin[3] = { b->min.x, b->min.y, b->min.z }, bmax[3] = { b->max.x, b->max.y, b->max.z };
    double pa[3], pb[3], d2 = 0.0;
    for (int k = 0; k < 3; ++k) {
        /* the closest points: on an axis where the boxes meet, the middle
         * of the common interval (on both); else the facing faces */
        if (bmin[k] > amax[k]) {
            pa[k] = amax[k];
            pb[k] = bmin[k];
        } else if (amin[k] > bmax[k]) {
            pa[k] = amin[k];
            pb[k] = bmax[k];
        } else {
            const double lo = amin[k] > bmin[k] ? amin[k] : bmin[k], hi = amax[k] < bmax[k] ? amax[k] : bmax[k];
            pa[k] = pb[k] = 0.5 * lo + 0.5 * hi;
        }
        const double g = pb[k] - pa[k];
        d2 += g * g;
    }
    const tc_dvec3 qa = tc_dvec3_make(pa[0], pa[1], pa[2]), qb = tc_dvec3_make(pb[0], pb[1], pb[2]);
    return tc_rounded_distance(sqrt(d2), qa, qb, 0.0, 0.0, point_a, point_b);
}

static float distance_aabb_aabb(const tc_aabb *a, const tc_aabb *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_aabb_is_valid(a) || !tc_aabb_is_valid(b)) return INFINITY;
    if (TC_OVERLAP_IS_FAR(aabb, aabb, a, b)) return aabb_aabb_gaps(a, b, point_a, point_b);
    tc_core ca, cb;
    tc_core_from_aabb(&ca, a);
    tc_core_from_aabb(&cb, b);
    const float d = tc_core_distance(&ca, &cb, point_a, point_b);
    /* GJK's 0 is within its tolerance: the exact gaps when the boxes are apart */
    return d == 0.0f && !tc_overlap_aabb_aabb(a, b) ? aabb_aabb_gaps(a, b, point_a, point_b) : d;
}
TC_DISTANCE_GJK_AS(aabb, obb, gjk_aabb_obb)
TC_DISTANCE_GJK(aabb, triangle)
TC_DISTANCE_GJK_AS(obb, obb, gjk_obb_obb)
TC_DISTANCE_GJK(obb, triangle)

/* Box b cut down to the part that can hold a point closest to box o: a
 * closest pair's point on b is within d + r of o's centre, d being that
 * centre's distance from b (the pair is no farther apart) and r o's
 * radius, so b's extent along each of its axes is cut to twice that around
 * the centre's coordinate. In double, then rounded to float; b itself when
 * the cut leaves nothing (only rounding can). */
static tc_obb obb_near(const tc_obb *b, const tc_obb *o)
{
    const tc_dvec3 ax[3] = { tc_dvec3_from(b->rotation.cx), tc_dvec3_from(b->rotation.cy), tc_dvec3_from(b->rotation.cz) };
    const double h[3] = { b->half.x, b->half.y, b->half.z };
    const tc_dvec3 v = tc_dvec3_sub(tc_dvec3_from(o->center), tc_dvec3_from(b->center));
    double local[3], out2 = 0.0;
    for (int k = 0; k < 3; ++k) {
        local[k] = tc_dvec3_dot(v, ax[k]);
        const double past = fabs(local[k]) - h[k];
        out2 += past > 0.0 ? past * past : 0.0;
    }
    const double reach = 2.0 * (sqrt(out2) + tc_dvec3_length(tc_dvec3_from(o->half)));
    tc_dvec3 c = tc_dvec3_from(b->center);
    double cut[3];
    for (int k = 0; k < 3; ++k) {
        const double lo = fmax(-h[k], local[k] - reach), hi = fmin(h[k], local[k] + reach);
        if (!(lo <= hi)) return *b;
        c = tc_dvec3_mad(c, ax[k], 0.5 * lo + 0.5 * hi);
        cut[k] = 0.5 * hi - 0.5 * lo;
    }
    tc_obb n = *b;
    n.center = tc_dvec3_to_saturated(c); /* a point of b: beyond FLT_MAX only by rounding */
    n.half = tc_vec3_make((float)cut[0], (float)cut[1], (float)cut[2]);
    return n;
}

/* GJK's zero is within a tolerance of the pair's largest coordinate: a box
 * 1.4e14 long called a small box 2 away from its side at distance 0 while
 * the SAT overlap test said apart (the pair fuzzer). Then the two boxes
 * cut to the parts that can hold the closest pair (obb_near), whose
 * coordinates are of the small box's size, measure it. */
static float boxes_apart_distance(const tc_obb *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    const tc_obb an = obb_near(a, b);
    const tc_obb bn = obb_near(b, &an);
    return gjk_obb_obb(&an, &bn, point_a, point_b);
}

static float distance_aabb_obb(const tc_aabb *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    const float d = gjk_aabb_obb(a, b, point_a, point_b);
    if (d != 0.0f || tc_overlap_aabb_obb(a, b)) return d;
    const tc_obb box = tc_obb_from_aabb(a);
    return boxes_apart_distance(&box, b, point_a, point_b);
}

static float distance_obb_obb(const tc_obb *a, const tc_obb *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    const float d = gjk_obb_obb(a, b, point_a, point_b);
    return d != 0.0f || tc_overlap_obb_obb(a, b) ? d : boxes_apart_distance(a, b, point_a, point_b);
}
TC_DISTANCE_GJK(triangle, triangle)

#define TC_DISTANCE_PLANE(A)                                                                          \
    static float distance_##A##_plane(const tc_##A *a, const tc_plane *b, tc_vec3 *point_a, tc_vec3 *point_b) \
    {                                                                                                 \
        if (!tc_##A##_is_valid(a) || !tc_plane_is_valid(b)) return INFINITY;                         \
        tc_core ca;                                                                                   \
        tc_core_from_##A(&ca, a);                                                                     \
        tc_half_space h = tc_half_space_from_plane(b);                                                \
        return tc_core_distance_plane(&ca, &h, point_a, point_b);                                     \
    }

TC_DISTANCE_PLANE(sphere)
TC_DISTANCE_PLANE(capsule)
TC_DISTANCE_PLANE(aabb)
TC_DISTANCE_PLANE(obb)
TC_DISTANCE_PLANE(triangle)

/* Overlap true means distance 0 (issue 10): near touching, the overlap tests
 * pad towards "overlap" by a bound on their rounding (the tolerance band,
 * docs/conventions.md), so a gap they count as touching is no gap here
 * either, and both points are the middle of the closest pair. */
#define TC_DISTANCE_BAND(A, B)                                                                       \
    float tc_distance_##A##_##B(const tc_##A *a, const tc_##B *b, tc_vec3 *point_a, tc_vec3 *point_b) \
    {                                                                                                \
        tc_vec3 pa, pb;                                                                              \
        float d = distance_##A##_##B(a, b, &pa, &pb);                                                \
        if (!(d < INFINITY)) return d; /* invalid: the points are not written */                    \
        if (d > 0.0f && tc_overlap_##A##_##B(a, b)) {                                                \
            pa = pb = tc_vec3_lerp(pa, pb, 0.5f);                                                    \
            d = 0.0f;                                                                                \
        }                                                                                            \
        if (point_a) *point_a = pa;                                                                  \
        if (point_b) *point_b = pb;                                                                  \
        return d;                                                                                    \
    }

TC_DISTANCE_BAND(sphere, sphere)
TC_DISTANCE_BAND(sphere, capsule)
TC_DISTANCE_BAND(sphere, aabb)
TC_DISTANCE_BAND(sphere, obb)
TC_DISTANCE_BAND(sphere, triangle)
TC_DISTANCE_BAND(sphere, plane)
TC_DISTANCE_BAND(capsule, capsule)
TC_DISTANCE_BAND(capsule, aabb)
TC_DISTANCE_BAND(capsule, obb)
TC_DISTANCE_BAND(capsule, triangle)
TC_DISTANCE_BAND(capsule, plane)
TC_DISTANCE_BAND(aabb, aabb)
TC_DISTANCE_BAND(aabb, obb)
TC_DISTANCE_BAND(aabb, triangle)
TC_DISTANCE_BAND(aabb, plane)
TC_DISTANCE_BAND(obb, obb)
TC_DISTANCE_BAND(obb, triangle)
TC_DISTANCE_BAND(obb, plane)
TC_DISTANCE_BAND(triangle, triangle)
TC_DISTANCE_BAND(triangle, plane)
