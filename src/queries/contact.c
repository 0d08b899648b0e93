/* SPDX-License-Identifier: MIT */
/* The contact pairs.
 *
 * Sphere-sphere is closed form. Box-box chooses its axis with the 15-axis
 * separating-axis test of overlap (tc_sat_obb_obb_report): the axis of least
 * overlap, a face axis kept over an edge axis unless clearly worse. Every
 * other pair runs GJK on the cores: apart cores give the witness direction
 * (the rounded parts overlap), intersecting cores the penetration axes of
 * penetration.c. The points always come from clipping the two supporting
 * features (manifold.c). Planes take every core vertex below the surface. */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "touche/contact.h"
#include "touche/overlap.h"

#include "core/inline.h"
#include "queries/flat_apart.h"
#include "queries/manifold.h"
#include "queries/overlap_far.h"
#include "queries/pair_queries.h"
#include "queries/penetration.h"
#include "queries/round_closest.h"
#include "queries/sat_box_box_contact.h"
#include "queries/tiny_pair.h"
#include "shapes/closest.h"
#include "shapes/validity.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

/* The hot pairs (sphere and capsule against a sphere, a capsule or a plane)
 * check validity inline (the exported checks' tests, from the lanes of
 * their floats: see lanes4), answer in a function that calls nothing but
 * at its end, and take their yardsticks from numbers they have already
 * (the squares of the distance, radii and lengths), only on the branch
 * that needs them: they are at the end of this file. */

/* Box-box's single point when the boxes do not both hold it (the edge-edge
 * point of a penetration deeper than a box is thick along the normal there;
 * tc_box_box_contact tests it): moved along the normal into both.
 * Boxes beyond 2^50 are outside the SAT pass's contact range, which gives
 * them no contact, while tc_overlap_obb_obb decides them (the pair fuzzer:
 * an AABB against an OBB 5.6e37 long overlapped at distance 0 with no
 * contact). There the contact is GJK's on the box cores, touching at
 * least, when overlap says so. Only a pair the SAT pass turned down as
 * out of its range pays for that test, read from the bits (no comparison of
 * a NaN). */
static bool obb_beyond_float_range(const tc_obb *o)
{
    const float v[6] = { o->center.x, o->center.y, o->center.z, o->half.x, o->half.y, o->half.z };
    uint32_t top = 0;
    for (int i = 0; i < 6; ++i) {
        uint32_t u;
        memcpy(&u, &v[i], sizeof u);
        u &= 0x7fffffffu;
        top = u > top ? u : top;
    }
    return top >= TC_SAT_CONTACT_RANGE_BITS; /* NaN and infinity are above */
}

/* The rare outcomes of tc_box_box_contact: a single point to move into both
 * boxes, or a pair the SAT pass could not take (out of its float range).
 * Out of line, so that box_box, which every pair goes through, keeps a
 * small frame (its callers' apart pairs pay for no saved registers). */
TC_NO_INLINE bool box_box_rare(const tc_obb *a, const tc_obb *b, tc_manifold *m, tc_box_box_result r)
{
    tc_core ca, cb;
    if (r == TC_BOX_BOX_CONTACT_CHECK) { /* m is not NULL */
        tc_core_from_obb(&ca, a);
        tc_core_from_obb(&cb, b);
        tc_contact_points_into_both(&ca, &cb, m);
        return true;
    }
    if (!obb_beyond_float_range(a) && !obb_beyond_float_range(b)) return false;
    if (!tc_obb_is_valid(a) || !tc_obb_is_valid(b) || !tc_overlap_obb_obb(a, b)) return false;
    tc_core_from_obb(&ca, a);
    tc_core_from_obb(&cb, b);
    return tc_core_contact_touching(&ca, &cb, m);
}

static inline bool box_box(const tc_obb *a, const tc_obb *b, tc_manifold *m)
{
    tc_box_box_result r = tc_box_box_contact(a, b, m);
    if (r == TC_BOX_BOX_CONTACT) return true; /* the clipped face points are inside both */
    if (r == TC_BOX_BOX_APART) return false;
    return box_box_rare(a, b, m, r);
}

bool tc_contact_obb_obb(const tc_obb *a, const tc_obb *b, tc_manifold *m)
{
    /* Validity is checked by the SAT pass, on overlapping pairs only. */
    if (!a || !b) return false;
    return box_box(a, b, m);
}

/* The contact of an AABB and a box the pair's overlap test has called
 * overlapping, where the SAT pass (oa: the AABB as an OBB, whose centre and
 * half sizes round) found them apart: boxes a few ulps wide (1e-6 at 1),
 * touching, came out apart (issue 12: 34 of 730 touching aabb pairs at 1
 * had no contact). The touching contact of the exact cores (the AABB's
 * corners as given). Out of line: rare. */
TC_NO_INLINE bool aabb_box_touching(const tc_aabb *a, const tc_core *cb, tc_manifold *m)
{
    tc_core ca;
    tc_core_from_aabb(&ca, a);
    return tc_core_contact_touching(&ca, cb, m);
}

/* AABB-AABB: exact, in contact_aabb.c. */

/* The SAT pass on the AABB's rounded OBB can also join boxes 1e-6 wide at
 * 1 that overlap and distance call apart (issue 12: 8 of 804, 4.7e-9
 * apart): its faces move by the rounding, an ulp of the coordinates, and
 * its tests pad by 4 FLT_EPSILON of the pair's numbers. A contact no deeper
 * than 16 FLT_EPSILON of mag (3 times the sum of those numbers' largest
 * coordinates: above both) is the overlap test's to confirm; deeper ones
 * are real. Apart pairs the overlap test joins touch, as two AABBs do. */
bool tc_contact_aabb_obb(const tc_aabb *a, const tc_obb *b, tc_manifold *m)
{
    if (!tc_aabb_is_valid(a) || !tc_obb_is_valid(b)) return false;
    tc_obb oa = tc_obb_from_aabb(a);
    tc_manifold found;
    if (box_box(&oa, b, &found)) {
        /* in double: the sum of numbers near FLT_MAX would overflow */
        const double mag = 3.0 * ((double)tc_vec3_max_abs(oa.center) + (double)tc_vec3_max_abs(oa.half) +
                                  (double)tc_vec3_max_abs(b->center) + (double)tc_vec3_max_abs(b->half));
        float deepest = 0.0f;
        for (int i = 0; i < found.count; ++i) deepest = tc_maxf(deepest, found.points[i].depth);
        if (!(deepest > 16.0 * FLT_EPSILON * mag) && !tc_overlap_aabb_obb(a, b)) return false;
        if (m) *m = found;
        return true;
    }
    if (!tc_overlap_aabb_obb(a, b)) return false;
    tc_core cb;
    tc_core_from_obb(&cb, b);
    return aabb_box_touching(a, &cb, m);
}

#define TC_CONTACT_CORES(A, B)                                                      \
    static bool contact_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m, bool *far) \
    {                                                                               \
        *far = true;                                                                \
        if (!tc_##A##_is_valid(a) || !tc_##B##_is_valid(b)) return false;          \
        tc_core ca, cb;                                                             \
        tc_core_from_##A(&ca, a);                                                   \
        tc_core_from_##B(&cb, b);                                                   \
        TC_CONTACT_FAR(A, B);                                                       \
        return tc_core_contact(&ca, &cb, m, far);                                   \
    }

/* Sphere and capsule pairs: the closest points of the distance query's
 * closed form decide, so contact and distance agree on touching shapes. */
static bool from_closest_d(const tc_core *ca, const tc_core *cb, tc_dvec3 da, tc_dvec3 db, tc_manifold *m, bool *far)
{
    return tc_core_contact_from_closest(ca, cb, tc_dvec3_length(tc_dvec3_sub(db, da)), da, db, m, far);
}

static bool from_closest(const tc_core *ca, const tc_core *cb, tc_vec3 qa, tc_vec3 qb, tc_manifold *m, bool *far)
{
    return from_closest_d(ca, cb, tc_dvec3_from(qa), tc_dvec3_from(qb), m, far);
}

/* Beyond the float tests' range (overlap_far.h) overlap and distance
 * decide by GJK on the cores in double, relative to A's centre; the
 * closed forms below would decide otherwise inside that band (issue 12:
 * a sphere against a triangle with a vertex at 1e20 overlapped at distance
 * 0 but had no contact). There contact takes the same GJK, relative too
 * (tc_far_contact: at 1e12 the cores' own tolerance, of the coordinates,
 * joined unit boxes 0.01 apart). */
#define TC_CONTACT_FAR(A, B)                                             \
    if (TC_CORES_ARE_FAR(A, B, a, b, &ca, &cb)) return tc_far_contact(&ca, &cb, m, far)

#define TC_CONTACT_SPHERE(B, CLOSEST)                                               \
    static bool contact_sphere_##B(const tc_sphere *a, const tc_##B *b, tc_manifold *m, bool *far) \
    {                                                                               \
        *far = true;                                                                \
        if (!tc_sphere_is_valid(a) || !tc_##B##_is_valid(b)) return false;         \
        tc_core ca, cb;                                                             \
        tc_core_from_sphere(&ca, a);                                                \
        tc_core_from_##B(&cb, b);                                                   \
        TC_CONTACT_FAR(sphere, B);                                                  \
        return from_closest(&ca, &cb, a->center, CLOSEST, m, far);                  \
    }

/* Feature (contact.h) of a point or segment core at parameter u of its
 * closest point: an end (u is exactly 0 or 1, as the clamped parameter is
 * there) or the side, the edge 0-1. A zero-length segment's parameter is
 * 0: end 0. Selected, not branched on: whether the closest point sits on
 * an end is data (a clamped parameter). */
static unsigned param_feature(double u)
{
    const unsigned end = u == 1.0 ? TC_FEATURE_VERTEX | 1u : TC_FEATURE_EDGE | 0u << 3 | 1u;
    return u == 0.0 ? TC_FEATURE_VERTEX | 0u : end;
}

/* The yardsticks of round_contact. The cores' scale in the pair's frame,
 * S (their largest coordinates there plus the radii), is at most
 * radii + 2 dist + 2 L, with dist the cores' distance and L the segments'
 * lengths summed (every end is within dist + L of A's centre), and
 * L^2 <= span2. So the single-point case's test, dist > EPS S
 * (TC_CORE_CONTACT_EPSILON), holds when
 * dist^2 > EPS^2 (2 radii^2 + 8 span2) / (1 - 2 EPS)^2, and the band's,
 * dist - radii > 2 k S (tc_beyond_band at twice the scale: k = 2
 * TC_TOLERANCE), when
 * dist^2 > ((1 + 4k)(1 + 2k)^2 radii^2 + (4k + 16k^2) span2) / (1 - 4k)^2
 * (the square of a sum split as (1 + 4k) x^2 + (1 + 1 / 4k) y^2). Pairs
 * short of a bound take the longer way, which decides them exactly (the
 * cores, the overlap's band): only pairs within 3e-9 and 2e-4 of the
 * pair's sizes of touching. From the squares already known: no largest
 * coordinates, no square root. */
#define ROUND_EPS2 (1.01 * TC_CORE_CONTACT_EPSILON * TC_CORE_CONTACT_EPSILON)
#define ROUND_K (2.0 * (double)TC_TOLERANCE)
#define ROUND_BAND_RADII ((1.0 + 4.0 * ROUND_K) * (1.0 + 2.0 * ROUND_K) * (1.0 + 2.0 * ROUND_K) / ((1.0 - 4.0 * ROUND_K) * (1.0 - 4.0 * ROUND_K)))
#define ROUND_BAND_SPAN ((4.0 * ROUND_K + 16.0 * ROUND_K * ROUND_K) / ((1.0 - 4.0 * ROUND_K) * (1.0 - 4.0 * ROUND_K)))

/* The round pairs' own tiny test (tiny_pair.h: tiny when every coordinate
 * and size is at most t = TC_TINY_PAIR_LIMIT), on the squares their closed
 * forms have anyway: in a tiny pair each coordinate difference is at most
 * 2t and each radius at most t, so the cores' closest points are at most
 * 12 t^2 apart squared, the radii summed 4 t^2 squared, and span2 (a
 * segment's square length, or twice two of them summed) at most 48 t^2:
 * 64 t^2 in all, within its rounding of the 128 t^2 here. A pair above it
 * is not tiny and goes on as given; the rest (every tiny pair, and a point
 * on a point at any scale) is measured, and scaled if tiny, out of line. */
#define ROUND_SMALL (128.0 * TC_TINY_PAIR_LIMIT * TC_TINY_PAIR_LIMIT)

/* The outcomes of round_contact. */
enum round_outcome {
    ROUND_APART,   /* apart beyond the band: no overlap test can say otherwise */
    ROUND_CONTACT, /* the contact is written */
    ROUND_NEAR,    /* apart, perhaps within the band: the overlap test decides (TC_CONTACT_BAND) */
    ROUND_GENERAL, /* the cores decide (touching cores, near-parallel capsules) */
    ROUND_SMALL_PAIR /* perhaps tiny (ROUND_SMALL): measured, out of line */
};

/* A sphere or capsule A (radius ra) against a capsule B (rb) from their
 * cores' closest points in the pair's frame (round_closest.h), without
 * building cores: one contact point as tc_core_contact_from_closest's
 * single-point case, or apart. The closest points are exact to 2^-50 or
 * so of the pair, so the depth is radii - distance (the overlap along n of
 * the ends, which the float closest points needed, is that number) and the
 * point, midway between the surfaces along n, is inside both balls. */
TC_FORCE_INLINE enum round_outcome round_contact(const tc_round_closest *r, bool sphere, double ra, double rb,
                                                 bool tiny_tested, tc_manifold *m)
{
    const tc_dvec3 d = tc_dvec3_sub(r->pb, r->pa);
    const double d2 = tc_dvec3_length_sq(d), radii = ra + rb;
    if (!tiny_tested && !(radii * radii + r->span2 + d2 > ROUND_SMALL)) return ROUND_SMALL_PAIR;
    if (tc_rounded_apart_sq(d2, radii))
        return d2 > ROUND_BAND_RADII * (radii * radii) + ROUND_BAND_SPAN * r->span2 ? ROUND_APART : ROUND_NEAR;
    if (!m) return ROUND_CONTACT;
    if (!(d2 > ROUND_EPS2 * (2.0 * (radii * radii) + 8.0 * r->span2))) return ROUND_GENERAL;
    if (!sphere) {
        /* |da x db| > 1e-2 |da| |db|, squared (no square roots). */
        const double c2 = tc_dvec3_length_sq(tc_dvec3_cross(r->da, r->db));
        if (!(c2 > 1e-4 * tc_dvec3_length_sq(r->da) * tc_dvec3_length_sq(r->db))) return ROUND_GENERAL;
    }
    const double dist = sqrt(d2);
    const tc_dvec3 n = tc_dvec3_scale(d, 1.0 / dist);
    const double depth = radii - dist;
    m->normal = tc_dvec3_to(n);
    m->count = 1;
    /* (A sphere's closest point is the origin itself.) */
    const double meet = tc_rounded_meet(dist, ra, rb);
    const tc_dvec3 at = sphere ? tc_dvec3_mad(r->origin, n, meet) : tc_dvec3_add(r->origin, tc_dvec3_mad(r->pa, n, meet));
    m->points[0].point = tc_dvec3_to(at);
    /* no saturation: the range gate (ROUND_GATE) keeps the radii within 2^29 */
    m->points[0].depth = (float)(depth > 0.0 ? depth : 0.0);
    /* A sphere's point is its centre, its vertex 0. */
    m->points[0].id = TC_CONTACT_ID(sphere ? TC_FEATURE_VERTEX | 0u : param_feature(r->s), param_feature(r->t));
    return ROUND_CONTACT;
}

TC_CONTACT_SPHERE(aabb, tc_aabb_closest_point(b, a->center))

/* The float closest point decides overlap (as the distance query); the
 * normal comes from the double projection when the centre is over the face
 * (the float's rounding, 1e-7 of the coordinates, would tilt a normal
 * across a gap of 1e-5 by 1e-2, and the overlap along it grows by the
 * triangle's size times that). Both in the pair's frame, the sphere's
 * centre the origin (tc_triangle_relative), so that rounding is of the
 * pair's sizes, not of where it is; the points are moved back. */
static bool contact_sphere_triangle(const tc_sphere *a, const tc_triangle *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!tc_sphere_is_valid(a) || !tc_triangle_is_valid(b)) return false;
    tc_core ca, cb;
    if (TC_OVERLAP_IS_FAR(sphere, triangle, a, b)) {
        tc_core_from_sphere(&ca, a);
        tc_core_from_triangle(&cb, b);
        return tc_far_contact(&ca, &cb, m, far);
    }
    const tc_sphere s = { { 0.0f, 0.0f, 0.0f }, a->radius };
    const tc_triangle t = tc_triangle_relative(b, a->center);
    tc_core_from_sphere(&ca, &s);
    tc_core_from_triangle(&cb, &t);
    const tc_dvec3 c = tc_dvec3_make(0.0, 0.0, 0.0);
    tc_dvec3 qd;
    const tc_vec3 q = tc_triangle_closest_point(&t, s.center);
    bool hit;
    /* The frame's coordinates are within 2^30, where the projection works. */
    if (tc_triangle_projects_inside(t.a, t.b, t.c, s.center, &qd)) {
        double df = tc_dvec3_length(tc_dvec3_from(q));
        if (tc_rounded_apart(df, ca.radius)) {
            const double scale = ca.scale > cb.scale ? ca.scale : cb.scale;
            *far = tc_beyond_band(df - ca.radius, scale + ca.size + cb.size);
            return false;
        }
        double d = tc_dvec3_length(qd);
        /* Rounding may not part what the float answer joins: touching. */
        if (tc_rounded_apart(d, ca.radius)) {
            qd = tc_dvec3_scale(qd, ca.radius / d);
            d = ca.radius;
        }
        hit = tc_core_contact_from_closest(&ca, &cb, d, c, qd, m, far);
    } else {
        hit = from_closest(&ca, &cb, s.center, q, m, far);
    }
    if (hit && m) tc_manifold_moved_back(m, tc_dvec3_neg(tc_dvec3_from(a->center)));
    return hit;
}

static bool contact_sphere_obb(const tc_sphere *a, const tc_obb *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!tc_sphere_is_valid(a) || !tc_obb_is_valid(b)) return false;
    tc_core ca, cb;
    tc_core_from_sphere(&ca, a);
    tc_core_from_obb(&cb, b);
    TC_CONTACT_FAR(sphere, obb);
    return from_closest_d(&ca, &cb, tc_dvec3_from(a->center), tc_obb_closest_point_d(b, a->center), m, far);
}

TC_CONTACT_CORES(capsule, aabb)
TC_CONTACT_CORES(capsule, obb)
TC_CONTACT_CORES(aabb, triangle)
TC_CONTACT_CORES(obb, triangle)

/* Capsule and triangle against a triangle: most pairs are far apart, which
 * a few separating axes prove (flat_apart.h) for a fraction of GJK's
 * converged distance; the same answer, so the rest take the GJK path (far
 * from the origin relative to A, as TC_CONTACT_CORES: the proof's margin,
 * of the coordinates, is the wider one there). */
#define TC_CONTACT_FLAT(A, RADIUS, ...)                                             \
    static bool contact_##A##_triangle(const tc_##A *a, const tc_triangle *b, tc_manifold *m, bool *far) \
    {                                                                               \
        *far = true;                                                                \
        if (!tc_##A##_is_valid(a) || !tc_triangle_is_valid(b)) return false;       \
        const tc_vec3 ends[] = { __VA_ARGS__ };                                     \
        if (tc_flat_beyond_band(ends, (int)(sizeof ends / sizeof ends[0]), RADIUS, b)) return false; \
        tc_core ca, cb;                                                             \
        tc_core_from_##A(&ca, a);                                                   \
        tc_core_from_triangle(&cb, b);                                              \
        TC_CONTACT_FAR(A, triangle);                                                \
        return tc_core_contact(&ca, &cb, m, far);                                   \
    }
TC_CONTACT_FLAT(capsule, a->radius, a->a, a->b)
TC_CONTACT_FLAT(triangle, 0.0f, a->a, a->b, a->c)

#define TC_CONTACT_PLANE(A)                                                         \
    static bool contact_##A##_plane(const tc_##A *a, const tc_plane *b, tc_manifold *m, bool *far) \
    {                                                                               \
        *far = false; /* no bound on the gap: the overlap test decides */           \
        if (!tc_##A##_is_valid(a) || !tc_plane_is_valid(b)) return false;          \
        tc_core ca;                                                                 \
        tc_core_from_##A(&ca, a);                                                   \
        tc_half_space h = tc_half_space_from_plane(b);                              \
        return tc_core_contact_plane(&ca, &h, m);                                   \
    }

/* The flags of four floats' bits against a limit each (tc_abs_above_flag,
 * the limit given as 0x7fffffff minus its bits): the top bit of a lane
 * set when its number is beyond the lane's limit or not a number. sized:
 * the fourth number is a size (a sphere's or capsule's radius, the last
 * of its floats), whose sign bit is ORed into its flag, so that a negative
 * one sets it too (and -0, which is valid: the callers' slow paths check
 * such a shape again, fully). (The sign cannot be left in the sum: a
 * negative number beyond the limit, -infinity among them, carried out of
 * the top bit and cleared the flag; the pair fuzzer found a capsule of
 * radius -infinity trapping in capsule-plane.) The gates of the hot pairs (validity, and the
 * range of the closed forms) as integer operations on blocks of a shape's
 * floats, with SSE2 four lanes at once (one load and two operations a
 * block; the scalar path gives the same answer); then one test of the OR
 * of the blocks. */
#define LANE_RANGE (0x7fffffffu - 0x4d800000u) /* 2^28, TC_OVERLAP_FLOAT_RANGE */
#define LANE_BOUNDED (0x7fffffffu - 0x71800000u) /* 2^100: see BOUNDED */
#define LANE_TWO (0x7fffffffu - 0x40000000u)   /* 2 */
_Static_assert((int)TC_OVERLAP_FLOAT_RANGE == 1 << 28, "LANE_RANGE is the bits of 2^28");
/* The fast gates of sphere-sphere and the plane pairs take numbers within
 * 2^100 (LANE_BOUNDED), whose depths and points (a few times that at
 * most) round to float without overflow: no saturation there (bounded);
 * the shapes beyond, up to FLT_MAX, take the exported validity tests and
 * the saturating roundings, out of line. */
#define BOUNDED true
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(TOUCHE_NO_SIMD)
#include <emmintrin.h>
typedef __m128i lane_flags;
static lane_flags lanes4(const void *p, bool sized, uint32_t l0, uint32_t l1, uint32_t l2, uint32_t l3)
{
    const __m128i u = _mm_loadu_si128((const __m128i *)p);
    const __m128i f = _mm_add_epi32(_mm_and_si128(u, _mm_set1_epi32(0x7fffffff)),
                                    _mm_setr_epi32((int)l0, (int)l1, (int)l2, (int)l3));
    return sized ? _mm_or_si128(f, _mm_and_si128(u, _mm_setr_epi32(0, 0, 0, (int)0x80000000u))) : f;
}
static lane_flags lanes_or(lane_flags x, lane_flags y) { return _mm_or_si128(x, y); }
static bool lanes_clear(lane_flags x) { return _mm_movemask_ps(_mm_castsi128_ps(x)) == 0; }
#else
typedef uint32_t lane_flags;
static lane_flags lanes4(const void *p, bool sized, uint32_t l0, uint32_t l1, uint32_t l2, uint32_t l3)
{
    uint32_t u[4];
    memcpy(u, p, sizeof u);
    return ((u[0] & 0x7fffffffu) + l0) | ((u[1] & 0x7fffffffu) + l1) | ((u[2] & 0x7fffffffu) + l2) |
           ((u[3] & 0x7fffffffu) + l3) | (sized ? u[3] & 0x80000000u : 0u);
}
static lane_flags lanes_or(lane_flags x, lane_flags y) { return x | y; }
static bool lanes_clear(lane_flags x) { return (x & 0x80000000u) == 0; }
#endif

/* A sphere's or capsule's floats (a capsule's 7 as two blocks, overlapping
 * in the fourth), each against limit. */
static lane_flags sphere_lanes(const tc_sphere *s, uint32_t limit) { return lanes4(s, true, limit, limit, limit, limit); }
static lane_flags capsule_lanes(const tc_capsule *c, uint32_t limit)
{
    return lanes_or(lanes4(c, false, limit, limit, limit, limit),
                    lanes4((const float *)(const void *)c + 3, true, limit, limit, limit, limit));
}

/* A ball's or capsule's ends against a half-space, closed form (the core
 * path's answer without building a core): each end's lowest point below
 * the plane, on the shape and in the half-space, as tc_core_contact_plane.
 * Apart, *far tells whether the overlap test (which measures along the
 * plane's own normal, unit only within the validity test's 1e-3, and pads
 * by TC_PAD_REL of the numbers) cannot call the pair overlapping: the gap
 * beyond 2e-3 of the radius (the normal's length) plus twice the band of
 * the numbers (norm1 of the ends, the offset and the radius). */
/* The miss's *far, out of line: most calls hit or are clearly apart, and
 * the sum over the ends is the larger part of the function. */
TC_NO_INLINE bool ends_plane_far(const tc_vec3 *ends, int count, double r, const tc_plane *b, double deepest)
{
    double scale = fabs((double)b->offset) + r;
    /* In double: ends near FLT_MAX would overflow a float sum. */
    for (int i = 0; i < count; ++i) scale += fabs((double)ends[i].x) + fabs((double)ends[i].y) + fabs((double)ends[i].z);
    return -deepest > 2e-3 * r + 2.0 * TC_TOLERANCE * scale;
}

/* The outcomes of ends_plane. */
enum ends_outcome {
    ENDS_APART,   /* *apart_by written, for ends_plane_far */
    ENDS_CONTACT, /* the contact is written */
    ENDS_SMALL    /* perhaps tiny (PLANE_SMALL): measured, out of line */
};

/* The plane pairs' own tiny test (tiny_pair.h: tiny when every coordinate
 * and size, the plane's offset among them, is at most t =
 * TC_TINY_PAIR_LIMIT), on the sizes ends_plane sums anyway: |offset| + the
 * end's |normal component times coordinate| + r, at most (2 + 3 * 1.002) t
 * in a tiny pair (a valid normal's components are within 1.002). An end
 * above 8 t shows the pair is not tiny; with none (every tiny pair, and a
 * point at the plane's origin at any scale) the pair is measured, and
 * scaled if tiny, out of line. */
#define PLANE_SMALL (8.0 * TC_TINY_PAIR_LIMIT)

/* count: 1 (a sphere) or 2 (a capsule), a constant at each call (forced
 * inline: no loop); one: the capsule has zero length, its second end is its
 * first and gives no second point. No branch on either end's depth, which
 * is data (each end is below in about half the random pairs): the points
 * are written to their slots and the count says which hold. tiny_tested:
 * the pair is known not tiny, or scaled; bounded: its numbers are within
 * 2^100 (BOUNDED). */
TC_FORCE_INLINE enum ends_outcome ends_plane(const tc_vec3 *ends, int count, bool one, double r, const tc_plane *b,
                                             bool tiny_tested, bool bounded, tc_manifold *m, double *apart_by)
{
    tc_half_space h = tc_half_space_from_plane(b);
    tc_dvec3 low[2];
    double depth[2];
    int below[2] = { 0, 0 };
    double deepest = -INFINITY;
    for (int i = 0; i < count; ++i) {
        low[i] = tc_dvec3_mad(tc_dvec3_from(ends[i]), h.n, -r);
        depth[i] = h.offset - tc_dvec3_dot(h.n, low[i]);
        deepest = depth[i] > deepest ? depth[i] : deepest;
        /* (float)depth >= 0 exactly (below -2^-150 it rounds to a negative
         * float). */
        below[i] = depth[i] >= -0x1p-150;
    }
    if (one) below[1] = 0;
    const int k = below[0] + below[1];
    /* The exact test above waits on the normal's square root and two
     * divisions; most pairs are decided long before by the plane's own
     * numbers. With g = offset - normal . end (in double: the float
     * products are exact), the depth is g / |normal| + r, and the validity
     * test puts 1 / |normal| within 1 +- 0.002: an end is surely below when
     * g - 0.002 |g| + r exceeds the rounding of the exact test, bounded by
     * 2^-40 of the numbers it adds (its own is a few 2^-53). The branch on
     * the sure answer resolves early when mispredicted; the rest ask k.
     * (Deciding the surely apart pairs early too, without the square root,
     * made sphere-plane 15% slower: one more branch on data.) */
    int sure = 0, large = 0;
    const tc_dvec3 nd = tc_dvec3_from(b->normal);
    const double off = b->offset;
    for (int i = 0; i < count; ++i) {
        const tc_dvec3 e = tc_dvec3_from(ends[i]);
        const double px = nd.x * e.x, py = nd.y * e.y, pz = nd.z * e.z;
        const double g = off - (px + py + pz);
        const double size = fabs(off) + fabs(px) + fabs(py) + fabs(pz) + r;
        sure |= g - 0.002 * fabs(g) + r > 0x1p-40 * size;
        large |= size > PLANE_SMALL;
    }
    if (!tiny_tested && !large) return ENDS_SMALL;
    if (!sure && k == 0) {
        *apart_by = deepest; /* for ends_plane_far, out of line */
        return ENDS_APART;
    }
    assert(k > 0); /* a sure end is below by the exact test too */
    if (m) {
        m->normal = tc_dvec3_to(tc_dvec3_neg(h.n));
        m->count = k;
        /* The second end's point goes to slot 1, and to slot 0 when the
         * first end is above (then slot 1, past the count, holds no point). */
        for (int i = 0; i < count; ++i) {
            tc_contact_point p;
            /* Without rounding a point or a depth past the float range, either
             * way (an end below the plane by more than FLT_MAX: libFuzzer). */
            p.point = bounded ? tc_dvec3_to(low[i]) : tc_dvec3_to_saturated(low[i]);
            p.depth = bounded ? (float)depth[i] : tc_float_saturated(depth[i]);
            p.id = TC_CONTACT_ID(TC_FEATURE_VERTEX | (unsigned)i, TC_FEATURE_FACE);
            m->points[i] = p;
            if (i == 1) m->points[below[0]] = p;
        }
    }
    return ENDS_CONTACT;
}

TC_CONTACT_PLANE(aabb)
TC_CONTACT_PLANE(obb)
TC_CONTACT_PLANE(triangle)

/* Contact is true whenever overlap is (issue 10): near touching, the overlap
 * tests pad towards "overlap" by a bound on their rounding (the tolerance
 * band, docs/conventions.md); a pair they call overlapping that the contact
 * found a hair apart touches, with depth 0 along the direction across the
 * gap. Pairs found apart by more than twice the band (far) skip the
 * overlap test: it cannot say true there. The AABB box pairs ask the
 * overlap test first (aabb_box_touching); obb-obb's SAT pass agrees with its
 * overlap test and is left alone (the hot path). */
#define TC_CONTACT_BAND_TEST(A, B)                                                  \
    TC_NO_INLINE bool band_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m) \
    {                                                                               \
        if (!tc_overlap_##A##_##B(a, b)) return false;                              \
        tc_core ca, cb;                                                             \
        tc_core_from_##A(&ca, a);                                                   \
        tc_core_from_##B(&cb, b);                                                   \
        return tc_core_contact_padded(&ca, &cb, 1.0, m); /* the overlap vouched */ \
    }

#define TC_CONTACT_BAND(A, B)                                                       \
    TC_CONTACT_BAND_TEST(A, B)                                                      \
    bool tc_contact_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m)     \
    {                                                                               \
        bool far;                                                                   \
        if (contact_##A##_##B(a, b, m, &far)) return true;                          \
        return !far && band_##A##_##B(a, b, m);                                     \
    }

#define TC_CONTACT_BAND_PLANE_TEST(A)                                               \
    TC_NO_INLINE bool band_##A##_plane(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        if (!tc_overlap_##A##_plane(a, b)) return false;                            \
        tc_core ca;                                                                 \
        tc_core_from_##A(&ca, a);                                                   \
        tc_half_space h = tc_half_space_from_plane(b);                              \
        return tc_core_contact_plane_touching(&ca, &h, m);                          \
    }

#define TC_CONTACT_BAND_PLANE(A)                                                    \
    TC_CONTACT_BAND_PLANE_TEST(A)                                                   \
    bool tc_contact_##A##_plane(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        bool far;                                                                   \
        if (contact_##A##_plane(a, b, m, &far)) return true;                        \
        return !far && band_##A##_plane(a, b, m);                                   \
    }

TC_CONTACT_BAND(sphere, aabb)
TC_CONTACT_BAND(sphere, obb)
TC_CONTACT_BAND(sphere, triangle)
TC_CONTACT_BAND(capsule, aabb)
TC_CONTACT_BAND(capsule, obb)
TC_CONTACT_BAND(capsule, triangle)
TC_CONTACT_BAND(aabb, triangle)
TC_CONTACT_BAND(obb, triangle)
TC_CONTACT_BAND(triangle, triangle)
TC_CONTACT_BAND_PLANE(aabb)
TC_CONTACT_BAND_PLANE(obb)
TC_CONTACT_BAND_PLANE(triangle)

/* The fast path's gate (validity and the range test as one, from the bits,
 * no float comparison): true when every number of both shapes is within
 * TC_OVERLAP_FLOAT_RANGE (so finite) and neither radius is negative or -0.
 * Valid shapes are beyond the range exactly when one of their numbers is
 * (TC_OVERLAP_IS_FAR); false sends the pair to the general path, which
 * checks validity there (and answers a radius of -0 as any other valid
 * shape). */
#define ROUND_GATE(A, B, a, b) lanes_clear(lanes_or(A##_lanes(a, LANE_RANGE), B##_lanes(b, LANE_RANGE)))

/* Cores ca, cb moved into r's frame, their contact there from r's closest
 * points, and the manifold moved back: the general path of the round pairs
 * (cores touching, near-parallel capsules), in the same frame as their
 * closed form. */
static bool round_cores_contact(tc_core *ca, tc_core *cb, const tc_round_closest *r, tc_manifold *m, bool *far)
{
    const tc_dvec3 d = tc_dvec3_neg(r->origin);
    tc_core_translate(ca, d);
    tc_core_translate(cb, d);
    const double dist = tc_dvec3_length(tc_dvec3_sub(r->pb, r->pa));
    if (!tc_core_contact_from_closest(ca, cb, dist, r->pa, r->pb, m, far)) return false;
    if (m) tc_manifold_moved_back(m, d);
    return true;
}

/* Sphere-capsule and capsule-capsule: the closed form in the pair's frame
 * (round_contact) answers most pairs in a function that calls nothing but
 * at its end (no registers to save), and hands the rest on: pairs apart
 * within the band to the overlap's band (TC_CONTACT_BAND), and to the
 * general path, out of line (the cores are large), the pairs the closed
 * form leaves to the cores (closest: the closed form is taken again there,
 * so that the fast path keeps its closest points in registers) and those
 * that fail the range gate (invalid ones have no contact, and valid ones
 * beyond the float range are GJK's, in double, as their overlap: issue
 * 12). A pair that may be tiny (ROUND_SMALL, or failing the gate) is
 * measured out of line and answered as given (tiny_tested) or scaled. */
#define TC_CONTACT_ROUND(A, B, SPHERE)                                              \
    TC_CONTACT_BAND_TEST(A, B)                                                      \
    TC_NO_INLINE bool cores_##A##_##B(const tc_##A *a, const tc_##B *b, bool closest, tc_manifold *m) \
    {                                                                               \
        if (!closest && (!tc_##A##_valid(a) || !tc_##B##_valid(b))) return false;  \
        tc_core ca, cb;                                                             \
        tc_core_from_##A(&ca, a);                                                   \
        tc_core_from_##B(&cb, b);                                                   \
        bool far, hit;                                                              \
        if (closest) {                                                              \
            tc_round_closest r;                                                     \
            tc_round_##A##_##B(a, b, &r);                                           \
            hit = round_cores_contact(&ca, &cb, &r, m, &far);                       \
        } else {                                                                    \
            hit = tc_far_contact(&ca, &cb, m, &far);                                \
        }                                                                           \
        return hit || (!far && band_##A##_##B(a, b, m));                            \
    }                                                                               \
    static bool small_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m); \
    TC_FORCE_INLINE bool round_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m, bool tiny_tested) \
    {                                                                               \
        if (!ROUND_GATE(A, B, a, b))                                                \
            return tiny_tested ? cores_##A##_##B(a, b, false, m) : small_##A##_##B(a, b, m); \
        tc_round_closest r;                                                         \
        tc_round_##A##_##B(a, b, &r);                                               \
        switch (round_contact(&r, SPHERE, a->radius, b->radius, tiny_tested, m)) {  \
        case ROUND_CONTACT: return true;                                            \
        case ROUND_APART: return false;                                             \
        case ROUND_NEAR: return band_##A##_##B(a, b, m);                            \
        case ROUND_SMALL_PAIR: return small_##A##_##B(a, b, m);                     \
        default: return cores_##A##_##B(a, b, true, m);                             \
        }                                                                           \
    }                                                                               \
    static bool given_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m)  \
    {                                                                               \
        return round_##A##_##B(a, b, m, true);                                      \
    }                                                                               \
    TC_TINY_MANIFOLD(small_##A##_##B, A, B, given_##A##_##B)                        \
    bool tc_contact_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m)     \
    {                                                                               \
        if (!a || !b) return false;                                                 \
        return round_##A##_##B(a, b, m, false);                                     \
    }

TC_CONTACT_ROUND(sphere, capsule, true)
TC_CONTACT_ROUND(capsule, capsule, false)

/* A sphere's or capsule's numbers within 2^100 and its radius not
 * negative, and a plane's valid (tc_plane_valid: its normal's components
 * within 2, its offset finite (within 2^100 here), then the normal's length), from the lanes (a plane is a
 * block of four); a shape the lanes turn down (a radius of -0 among the
 * valid ones, a number beyond 2^100) is checked again by the exported
 * tests. */
_Static_assert(sizeof(tc_plane) == 4 * sizeof(float), "a plane is its 4 floats");
/* The fast gate of a sphere's or capsule's pair with a plane: the lanes
 * (the shape's numbers within 2^100, its radius not negative nor -0; the
 * plane's normal components within 2 and its offset within 2^100), then the
 * normal's length (plane_normal_unit). A pair it turns down takes the
 * exported validity tests, out of line (a radius of -0 passes them). */
#define PLANE_GATE(A, a, b)                                                                         \
    (lanes_clear(lanes_or(A##_lanes(a, LANE_BOUNDED), lanes4(b, false, LANE_TWO, LANE_TWO, LANE_TWO, LANE_BOUNDED))) && \
     plane_normal_unit(b))
/* tc_plane_valid's length test, from the normal's square length in double,
 * which the half-space's normalisation takes anyway: the float sum of
 * squares that test makes is within 2^-22 of it (three roundings of 2^-24
 * of numbers below 3), so a length farther than that from the test's
 * bounds answers as the test does. Only nearer (never, for a normal made
 * unit in float) does the float sum decide. */
static bool plane_normal_unit(const tc_plane *b)
{
    const double len2 = tc_dvec3_length_sq(tc_dvec3_from(b->normal));
    if (fabs(len2 - 1.0) < 0.002 - 0x1p-20) return true;
    const float f = tc_vec3_length_sq(b->normal);
    return f > 0.998f && f < 1.002f;
}

/* Sphere-plane and capsule-plane (ends_plane) answer in a function that
 * calls nothing but at its end: apart, ends_plane_far and then the
 * overlap's band (TC_CONTACT_BAND_PLANE) are a tail call, out of line; so
 * is a pair the fast gate turns down, which the exported validity tests
 * decide (the closed form inlined there too, so that the fast path keeps
 * no registers for that call). */
TC_CONTACT_BAND_PLANE_TEST(sphere)
TC_CONTACT_BAND_PLANE_TEST(capsule)

TC_NO_INLINE bool sphere_plane_apart(const tc_sphere *a, const tc_plane *b, tc_manifold *m, double deepest)
{
    return !ends_plane_far(&a->center, 1, a->radius, b, deepest) && band_sphere_plane(a, b, m);
}

static bool sphere_plane_small(const tc_sphere *a, const tc_plane *b, tc_manifold *m);
static bool capsule_plane_small(const tc_capsule *a, const tc_plane *b, tc_manifold *m);

TC_FORCE_INLINE bool sphere_plane(const tc_sphere *a, const tc_plane *b, tc_manifold *m, bool tiny_tested, bool bounded)
{
    double deepest;
    switch (ends_plane(&a->center, 1, false, a->radius, b, tiny_tested, bounded, m, &deepest)) {
    case ENDS_CONTACT: return true;
    case ENDS_SMALL: return sphere_plane_small(a, b, m);
    default: return sphere_plane_apart(a, b, m, deepest);
    }
}

/* A zero-length capsule is a sphere: one point, one end. */
static bool capsule_is_point(const tc_capsule *a) { return (a->a.x == a->b.x) & (a->a.y == a->b.y) & (a->a.z == a->b.z); }

TC_NO_INLINE bool capsule_plane_apart(const tc_capsule *a, const tc_plane *b, tc_manifold *m, double deepest)
{
    const tc_vec3 ends[2] = { a->a, a->b };
    return !ends_plane_far(ends, capsule_is_point(a) ? 1 : 2, a->radius, b, deepest) && band_capsule_plane(a, b, m);
}

TC_FORCE_INLINE bool capsule_plane(const tc_capsule *a, const tc_plane *b, tc_manifold *m, bool tiny_tested, bool bounded)
{
    const tc_vec3 e[2] = { a->a, a->b };
    double deepest;
    switch (ends_plane(e, 2, capsule_is_point(a), a->radius, b, tiny_tested, bounded, m, &deepest)) {
    case ENDS_CONTACT: return true;
    case ENDS_SMALL: return capsule_plane_small(a, b, m);
    default: return capsule_plane_apart(a, b, m, deepest);
    }
}

#define TC_CONTACT_ENDS_PLANE(A)                                                    \
    TC_NO_INLINE bool A##_plane_checked(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        return tc_##A##_valid(a) && tc_plane_valid(b) && A##_plane(a, b, m, false, false); \
    }                                                                               \
    static bool A##_plane_given(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        return A##_plane(a, b, m, true, false);                                     \
    }                                                                               \
    TC_TINY_MANIFOLD(A##_plane_small, A, plane, A##_plane_given)                    \
    bool tc_contact_##A##_plane(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        if (!a || !b) return false;                                                 \
        if (!PLANE_GATE(A, a, b)) return A##_plane_checked(a, b, m);                \
        return A##_plane(a, b, m, false, BOUNDED);                                  \
    }
TC_CONTACT_ENDS_PLANE(sphere)
TC_CONTACT_ENDS_PLANE(capsule)

/* Sphere-sphere, closed form. Apart, the overlap's band decides (out of
 * line, a tail call) unless the gap is beyond it: the overlap test pads
 * by TC_PAD_REL of |d| + radii (at most dist + radii), and dist > radii
 * (1 + 4 TOL) / (1 - 4 TOL) puts the gap beyond 4 TOL (dist + radii), on
 * the squares (no square root on the way out). */
#define SPHERES_FAR (((1.0 + 4.0 * (double)TC_TOLERANCE) / (1.0 - 4.0 * (double)TC_TOLERANCE)) * \
                     ((1.0 + 4.0 * (double)TC_TOLERANCE) / (1.0 - 4.0 * (double)TC_TOLERANCE)))
TC_CONTACT_BAND_TEST(sphere, sphere)
static bool spheres_small(const tc_sphere *a, const tc_sphere *b, tc_manifold *m);

/* tiny_tested: the pair is known not tiny, or scaled (spheres_small);
 * bounded: its numbers are within 2^100 (BOUNDED). */
TC_FORCE_INLINE bool spheres(const tc_sphere *a, const tc_sphere *b, tc_manifold *m, bool tiny_tested, bool bounded)
{
    const tc_dvec3 ca = tc_dvec3_from(a->center), cb = tc_dvec3_from(b->center);
    const tc_dvec3 d = tc_dvec3_sub(cb, ca);
    const double d2 = tc_dvec3_length_sq(d), ra = a->radius, rb = b->radius, radii = ra + rb;
    if (!tiny_tested && !(radii * radii + d2 > ROUND_SMALL)) return spheres_small(a, b, m);
    if (tc_rounded_apart_sq(d2, radii)) /* as the distance query */
        return d2 > SPHERES_FAR * (radii * radii) ? false : band_sphere_sphere(a, b, m);
    if (!m) return true;
    const double dist = sqrt(d2);
    /* Concentric spheres: +z, the documented default. The offset of the
     * centres is exact (a difference of floats, in double), so any other
     * is their true direction: no threshold of the coordinates' scale
     * (which turned spheres 0.005 apart at 1e7 to +z), and none of their
     * largest coordinates to take. */
    const tc_dvec3 n = d2 > 0.0 ? tc_dvec3_scale(d, 1.0 / dist) : tc_dvec3_make(0, 0, 1);
    m->normal = tc_dvec3_to(n);
    m->count = 1;
    /* two radii of FLT_MAX overlap by more than a float */
    m->points[0].depth = bounded ? (float)(radii - dist) : tc_float_saturated(radii - dist);
    m->points[0].id = TC_CONTACT_ID(TC_FEATURE_VERTEX, TC_FEATURE_VERTEX); /* each sphere is its vertex 0 */
    /* Midway between the surfaces, kept inside both balls when one swallows
     * the other (a zero-radius sphere, a point, is the answer). */
    const tc_dvec3 at = tc_dvec3_mad(ca, n, tc_rounded_meet(dist, ra, rb));
    m->points[0].point = bounded ? tc_dvec3_to(at) : tc_dvec3_to_saturated(at);
    return true;
}

/* A pair that may be tiny: measured, and scaled if it is (tiny_pair.h). */
static bool spheres_given(const tc_sphere *a, const tc_sphere *b, tc_manifold *m) { return spheres(a, b, m, true, false); }
TC_TINY_MANIFOLD(spheres_small, sphere, sphere, spheres_given)

/* A pair the lanes turn down (a radius of -0 among the valid ones, or a
 * number beyond 2^100): the exported validity tests, out of line. */
TC_NO_INLINE bool spheres_checked(const tc_sphere *a, const tc_sphere *b, tc_manifold *m)
{
    return tc_sphere_valid(a) && tc_sphere_valid(b) && spheres(a, b, m, false, false);
}

bool tc_contact_sphere_sphere(const tc_sphere *a, const tc_sphere *b, tc_manifold *m)
{
    if (!a || !b) return false;
    if (!lanes_clear(lanes_or(sphere_lanes(a, LANE_BOUNDED), sphere_lanes(b, LANE_BOUNDED)))) return spheres_checked(a, b, m);
    return spheres(a, b, m, false, BOUNDED);
}
