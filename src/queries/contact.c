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
#include "queries/sat_box_box_contact.h"
#include "shapes/closest.h"
#include "shapes/validity.h"

/* The hot pairs (sphere and capsule against a sphere, a capsule or a plane)
 * check validity inline (shapes/validity.h: the exported checks' tests,
 * without two calls) and compute their yardsticks from the floats
 * (tc_vec3_max_abs of a finite vector is exact, so the double sums are the
 * same numbers as from the double vectors), only on the branch that needs
 * them. */
static double ends_scale(double s, const tc_vec3 *e, int n)
{
    for (int i = 0; i < n; ++i) s += tc_vec3_max_abs(e[i]);
    return s;
}

static bool contact_sphere_sphere(const tc_sphere *a, const tc_sphere *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!a || !b || !tc_sphere_valid(a) || !tc_sphere_valid(b)) return false;
    tc_dvec3 ca = tc_dvec3_from(a->center), cb = tc_dvec3_from(b->center);
    tc_dvec3 d = tc_dvec3_sub(cb, ca);
    double d2 = tc_dvec3_length_sq(d), ra = a->radius, rb = b->radius;
    const tc_vec3 centres[2] = { a->center, b->center };
    if (tc_rounded_apart_sq(d2, ra + rb)) { /* as the distance query */
        *far = tc_beyond_band(sqrt(d2) - ra - rb, ends_scale(0.0, centres, 2) + ra + rb);
        return false;
    }
    double dist = sqrt(d2);
    if (!m) return true;
    double scale = ends_scale(0.0, centres, 2) + ra + rb;
    /* Concentric spheres: +z, the documented default. */
    tc_dvec3 n = dist > TC_CORE_CONTACT_EPSILON * scale ? tc_dvec3_scale(d, 1.0 / dist) : tc_dvec3_make(0, 0, 1);
    double depth = ra + rb - dist;
    m->normal = tc_dvec3_to(n);
    m->count = 1;
    m->points[0].depth = tc_float_saturated(depth); /* two radii of FLT_MAX overlap by more than a float */
    m->points[0].id = TC_CONTACT_ID(TC_FEATURE_VERTEX, TC_FEATURE_VERTEX); /* each sphere is its vertex 0 */
    /* Midway between the surfaces, kept inside both balls when one swallows
     * the other (a zero-radius sphere, a point, is the answer). */
    double at = tc_rounded_meet(dist, ra, rb);
    m->points[0].point = tc_dvec3_to_saturated(tc_dvec3_mad(ca, n, at));
    return true;
}

/* Box-box's single point when the boxes do not both hold it (the edge-edge
 * point of a penetration deeper than a box is thick along the normal there;
 * tc_box_box_contact tests it): moved along the normal into both.
 * Boxes beyond 2^100 are outside the SAT pass's float range, which gives
 * them no contact, while tc_overlap_obb_obb decides them in double (the
 * pair fuzzer: an AABB against an OBB 5.6e37 long overlapped at distance 0
 * with no contact). There the contact is GJK's on the box cores, touching
 * at least, when overlap says so. Only a pair the SAT pass turned down as
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
    return top > 0x71800000u; /* the bits of 2^100; NaN and infinity are above */
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

bool tc_contact_aabb_aabb(const tc_aabb *a, const tc_aabb *b, tc_manifold *m)
{
    if (!tc_aabb_is_valid(a) || !tc_aabb_is_valid(b)) return false;
    /* Two boxes overlap exactly when the closed-box test says so (it has no
     * band): the SAT pass's pad, relative to the coordinates, called boxes
     * 8e5 apart touching when one reached 1e20 (issue 12). */
    if (!tc_overlap_aabb_aabb(a, b)) return false;
    tc_obb oa = tc_obb_from_aabb(a), ob = tc_obb_from_aabb(b);
    return box_box(&oa, &ob, m);
}

static bool contact_aabb_obb(const tc_aabb *a, const tc_obb *b, tc_manifold *m, bool *far)
{
    *far = false; /* the separating-axis pass does not say by how much */
    if (!tc_aabb_is_valid(a) || !tc_obb_is_valid(b)) return false;
    tc_obb oa = tc_obb_from_aabb(a);
    return box_box(&oa, b, m);
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

/* The OBB point nearest p, in double: p plus, along each axis where p is
 * outside the slab, the step back to the face. The contact normal is the
 * direction of that step, and when p is just outside (a sphere nearly
 * swallowed) the float closest point's rounding, about 1e-7 of the
 * coordinates, would tilt it by as much as 1e-7 / gap; the overlap along a
 * tilted normal grows by the box's size times the tilt (4e-4 deeper than the
 * true depth was seen). Inside the box it is p itself, so the cores count as
 * intersecting exactly as tc_obb_closest_point says. */
static tc_dvec3 obb_closest_point_d(const tc_obb *b, tc_vec3 p)
{
    tc_dvec3 q = tc_dvec3_from(p), d = tc_dvec3_sub(q, tc_dvec3_from(b->center));
    const tc_vec3 axes[3] = { b->rotation.cx, b->rotation.cy, b->rotation.cz };
    const float half[3] = { b->half.x, b->half.y, b->half.z };
    for (int i = 0; i < 3; ++i) {
        tc_dvec3 u = tc_dvec3_from(axes[i]);
        double t = tc_dvec3_dot(d, u), h = half[i];
        if (t > h) q = tc_dvec3_mad(q, u, h - t);
        else if (t < -h) q = tc_dvec3_mad(q, u, -h - t);
    }
    return q;
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

/* Feature (contact.h) of a point or segment core (ends e[0..n)) at its closest
 * point q: an end (q is exactly it, as the clamped closest point is) or the
 * side, the edge 0-1. */
static unsigned end_byte(const tc_vec3 *e, int n, tc_vec3 q)
{
    /* Selected, not branched on: whether the closest point sits on an end is
     * data (a clamped segment parameter), and the mispredicted comparisons
     * cost a third of a misprediction a capsule pair in callgrind's model.
     * From the last end down, so end 0 wins when both are the point (a
     * zero-length segment). */
    unsigned id = TC_FEATURE_EDGE | 0u << 3 | 1u;
    for (int i = n - 1; i >= 0; --i) {
        int at = (q.x == e[i].x) & (q.y == e[i].y) & (q.z == e[i].z);
        id = at ? TC_FEATURE_VERTEX | (unsigned)i : id;
    }
    return id;
}

/* A sphere or capsule (ends ea, radius ra) against a capsule (eb, rb) from
 * their cores' closest points qa, qb, without building cores (scale: the
 * radii plus the ends' largest coordinates, round_gate): 1 contact
 * (one point, as tc_core_contact_from_closest's single-point case), 0 apart
 * (*far as there), -1 when the general path must decide (cores touching,
 * near-parallel capsules: a two-point contact). */
TC_FORCE_INLINE int rounded_pair(const tc_vec3 *ea, int na, double ra, const tc_vec3 *eb, int nb, double rb,
                                 double scale, tc_vec3 qa, tc_vec3 qb, tc_manifold *m, bool *far)
{
    tc_dvec3 pa = tc_dvec3_from(qa), pb = tc_dvec3_from(qb), d = tc_dvec3_sub(pb, pa);
    double d2 = tc_dvec3_length_sq(d), radii = ra + rb;
    if (tc_rounded_apart_sq(d2, radii)) {
        *far = tc_beyond_band(sqrt(d2) - radii, 2.0 * scale);
        return 0;
    }
    double dist = sqrt(d2);
    if (!m) return 1;
    if (!(dist > TC_CORE_CONTACT_EPSILON * scale)) return -1;
    if (na == 2 && nb == 2) {
        /* |da x db| > 1e-2 |da| |db|, squared (no square roots). */
        tc_dvec3 da = tc_dvec3_sub(tc_dvec3_from(ea[1]), tc_dvec3_from(ea[0]));
        tc_dvec3 db = tc_dvec3_sub(tc_dvec3_from(eb[1]), tc_dvec3_from(eb[0]));
        double c2 = tc_dvec3_length_sq(tc_dvec3_cross(da, db));
        if (!(c2 > 1e-4 * tc_dvec3_length_sq(da) * tc_dvec3_length_sq(db))) return -1;
    }
    tc_dvec3 n = tc_dvec3_scale(d, 1.0 / dist);
    /* The overlap along n from the ends (exact for this n), not radii -
     * dist alone, which carries the float closest points' rounding. */
    double top = -INFINITY, bottom = INFINITY;
    for (int i = 0; i < na; ++i) {
        double h = tc_dvec3_dot(tc_dvec3_from(ea[i]), n);
        top = h > top ? h : top;
    }
    for (int i = 0; i < nb; ++i) {
        double h = tc_dvec3_dot(tc_dvec3_from(eb[i]), n);
        bottom = h < bottom ? h : bottom;
    }
    double depth = top - bottom + radii, flat = radii - dist;
    depth = depth > flat ? depth : flat;
    m->normal = tc_dvec3_to(n);
    m->count = 1;
    m->points[0].point = tc_dvec3_to(tc_dvec3_mad(pa, n, tc_rounded_meet(dist, ra, rb)));
    m->points[0].depth = tc_float_saturated(depth > 0.0 ? depth : 0.0);
    /* A sphere's point is its centre, its vertex 0. */
    m->points[0].id = TC_CONTACT_ID(na == 1 ? TC_FEATURE_VERTEX | 0u : end_byte(ea, na, qa), end_byte(eb, nb, qb));
    return 1;
}

/* The general path of the pairs below, out of line (the cores are large).
 * p, q: the closest points, or NULL when the shapes failed the range gate
 * (round_gate): then invalid shapes have no contact, and valid ones beyond
 * the float range go to GJK. */
TC_NO_INLINE bool sphere_capsule_cores(const tc_sphere *a, const tc_capsule *b, const tc_vec3 *q, tc_manifold *m,
                                       bool *far)
{
    if (!q && (!tc_sphere_valid(a) || !tc_capsule_valid(b))) return false;
    tc_core ca, cb;
    tc_core_from_sphere(&ca, a);
    tc_core_from_capsule(&cb, b);
    return q ? from_closest(&ca, &cb, a->center, *q, m, far) : tc_far_contact(&ca, &cb, m, far);
}


TC_NO_INLINE bool capsule_capsule_cores(const tc_capsule *a, const tc_capsule *b, const tc_vec3 *p, const tc_vec3 *q,
                                        tc_manifold *m, bool *far)
{
    if (!p && (!tc_capsule_valid(a) || !tc_capsule_valid(b))) return false;
    tc_core ca, cb;
    tc_core_from_capsule(&ca, a);
    tc_core_from_capsule(&cb, b);
    return p ? from_closest(&ca, &cb, *p, *q, m, far) : tc_far_contact(&ca, &cb, m, far);
}

/* The bits of |x|: for floats that are not NaN, ordered as |x| is. */
static uint32_t abs_bits(float x) { return tc_float_bits(x) & 0x7fffffffu; }

/* The fast path's gate, from the bits in one pass (validity and the range
 * test as one, no float comparison): true when every coordinate of the n
 * ends and both radii are within TC_OVERLAP_FLOAT_RANGE (so finite) and
 * neither radius is negative (-0 allowed). Valid shapes are beyond the range
 * exactly when one of their numbers is (TC_OVERLAP_IS_FAR); false sends the
 * pair to the general path, which checks validity there. mag[i]: the
 * largest |coordinate| of end i (tc_vec3_max_abs), for the yardstick (their
 * sum, in double as ends_scale's). Integer maxima: tc_vec3_max_abs here
 * compiled (clang, SLP) to a branch per end on a vector comparison's mask,
 * 1.5 mispredictions a capsule pair. */
static bool round_gate(const tc_vec3 *e, int n, float ra, float rb, float *mag)
{
    const uint32_t ua = tc_float_bits(ra), ub = tc_float_bits(rb);
    uint32_t top = ua & 0x7fffffffu;
    top = top > (ub & 0x7fffffffu) ? top : ub & 0x7fffffffu;
    for (int i = 0; i < n; ++i) {
        uint32_t x = abs_bits(e[i].x), y = abs_bits(e[i].y), z = abs_bits(e[i].z);
        uint32_t u = x > y ? x : y;
        u = u > z ? u : z;
        memcpy(&mag[i], &u, sizeof u);
        top = top > u ? top : u;
    }
    /* A negative radius other than -0 has bits above those of -0. */
    return (top <= 0x4d800000u) & (ua <= 0x80000000u) & (ub <= 0x80000000u); /* 0x4d800000: the bits of 2^28 */
}
_Static_assert((int)TC_OVERLAP_FLOAT_RANGE == 1 << 28, "round_gate's bound is the bits of 2^28");

static double magnitudes_scale(double radii, const float *mag, int n)
{
    for (int i = 0; i < n; ++i) radii += mag[i];
    return radii;
}

static bool contact_sphere_capsule(const tc_sphere *a, const tc_capsule *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!a || !b) return false;
    const tc_vec3 e[3] = { a->center, b->a, b->b };
    float mag[3];
    /* Beyond the float range the segment parameter, taken in float, is off
     * by the segment's length times 1e-7 (600 at 1e10: issue 12, a sphere
     * in contact that overlap, by GJK in double, found apart). */
    if (!round_gate(e, 3, a->radius, b->radius, mag)) return sphere_capsule_cores(a, b, NULL, m, far);
    /* tc_segment_closest_point without its validity and range checks, done above. */
    tc_vec3 q = tc_vec3_lerp(b->a, b->b, tc_segment_closest_param_in_range(b->a, b->b, a->center));
    double scale = magnitudes_scale((double)a->radius + b->radius, mag, 3);
    int r = rounded_pair(&a->center, 1, a->radius, e + 1, 2, b->radius, scale, a->center, q, m, far);
    return r >= 0 ? r == 1 : sphere_capsule_cores(a, b, &q, m, far);
}
TC_CONTACT_SPHERE(aabb, tc_aabb_closest_point(b, a->center))

/* The float closest point decides overlap (as the distance query); the
 * normal comes from the double projection when the centre is over the face
 * (the float's rounding, 1e-7 of the coordinates, would tilt a normal
 * across a gap of 1e-5 by 1e-2, and the overlap along it grows by the
 * triangle's size times that). */
static bool contact_sphere_triangle(const tc_sphere *a, const tc_triangle *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!tc_sphere_is_valid(a) || !tc_triangle_is_valid(b)) return false;
    tc_core ca, cb;
    tc_core_from_sphere(&ca, a);
    tc_core_from_triangle(&cb, b);
    TC_CONTACT_FAR(sphere, triangle); /* the float closest point rounds by the coordinates */
    tc_dvec3 c = tc_dvec3_from(a->center), qd;
    tc_vec3 q = tc_triangle_closest_point(b, a->center);
    double scale = ca.scale > cb.scale ? ca.scale : cb.scale;
    if (scale < 0x1p40 && tc_triangle_projects_inside(b->a, b->b, b->c, a->center, &qd)) {
        double df = tc_dvec3_length(tc_dvec3_sub(tc_dvec3_from(q), c));
        if (tc_rounded_apart(df, ca.radius)) {
            *far = tc_beyond_band(df - ca.radius, scale + ca.size + cb.size);
            return false;
        }
        double d = tc_dvec3_length(tc_dvec3_sub(qd, c));
        /* Rounding may not part what the float answer joins: touching. */
        if (tc_rounded_apart(d, ca.radius)) {
            qd = tc_dvec3_mad(c, tc_dvec3_sub(qd, c), ca.radius / d);
            d = ca.radius;
        }
        return tc_core_contact_from_closest(&ca, &cb, d, c, qd, m, far);
    }
    return from_closest(&ca, &cb, a->center, q, m, far);
}

static bool contact_sphere_obb(const tc_sphere *a, const tc_obb *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!tc_sphere_is_valid(a) || !tc_obb_is_valid(b)) return false;
    tc_core ca, cb;
    tc_core_from_sphere(&ca, a);
    tc_core_from_obb(&cb, b);
    TC_CONTACT_FAR(sphere, obb);
    return from_closest_d(&ca, &cb, tc_dvec3_from(a->center), obb_closest_point_d(b, a->center), m, far);
}

static bool contact_capsule_capsule(const tc_capsule *a, const tc_capsule *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!a || !b) return false;
    const tc_vec3 e[4] = { a->a, a->b, b->a, b->b };
    float mag[4];
    if (!round_gate(e, 4, a->radius, b->radius, mag)) return capsule_capsule_cores(a, b, NULL, NULL, m, far);
    /* tc_segment_closest_points without its validity and range checks, done above. */
    float s, t;
    tc_segment_segment_params(a->a, a->b, b->a, b->b, &s, &t);
    tc_vec3 p = tc_vec3_lerp(a->a, a->b, s), q = tc_vec3_lerp(b->a, b->b, t);
    double scale = magnitudes_scale((double)a->radius + b->radius, mag, 4);
    int r = rounded_pair(e, 2, a->radius, e + 2, 2, b->radius, scale, p, q, m, far);
    return r >= 0 ? r == 1 : capsule_capsule_cores(a, b, &p, &q, m, far);
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

/* count: 1 (a sphere) or 2 (a capsule), a constant at each call (forced
 * inline: no loop); one: the capsule has zero length, its second end is its
 * first and gives no second point. No branch on either end's depth, which
 * is data (each end is below in about half the random pairs): the points
 * are written to their slots and the count says which hold. */
TC_FORCE_INLINE bool ends_plane(const tc_vec3 *ends, int count, bool one, double r, const tc_plane *b, tc_manifold *m,
                                bool *far)
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
     * the sure answer resolves early when mispredicted; the rest ask k. */
    int sure = 0;
    const tc_dvec3 nd = tc_dvec3_from(b->normal);
    const double off = b->offset;
    for (int i = 0; i < count; ++i) {
        const tc_dvec3 e = tc_dvec3_from(ends[i]);
        const double px = nd.x * e.x, py = nd.y * e.y, pz = nd.z * e.z;
        const double g = off - (px + py + pz);
        const double size = fabs(off) + fabs(px) + fabs(py) + fabs(pz) + r;
        sure |= g - 0.002 * fabs(g) + r > 0x1p-40 * size;
    }
    if (!sure && k == 0) {
        *far = ends_plane_far(ends, one ? 1 : count, r, b, deepest);
        return false;
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
            p.point = tc_dvec3_to_saturated(low[i]);
            p.depth = tc_float_saturated(depth[i]);
            p.id = TC_CONTACT_ID(TC_FEATURE_VERTEX | (unsigned)i, TC_FEATURE_FACE);
            m->points[i] = p;
            if (i == 1) m->points[below[0]] = p;
        }
    }
    return true;
}

static bool contact_sphere_plane(const tc_sphere *a, const tc_plane *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!a || !b || !tc_sphere_valid(a) || !tc_plane_valid(b)) return false;
    return ends_plane(&a->center, 1, false, a->radius, b, m, far);
}

static bool contact_capsule_plane(const tc_capsule *a, const tc_plane *b, tc_manifold *m, bool *far)
{
    *far = true;
    if (!a || !b || !tc_capsule_valid(a) || !tc_plane_valid(b)) return false;
    const tc_vec3 ends[2] = { a->a, a->b };
    /* A zero-length capsule is a sphere: one point. */
    return ends_plane(ends, 2, (a->a.x == a->b.x) & (a->a.y == a->b.y) & (a->a.z == a->b.z), a->radius, b, m, far);
}
TC_CONTACT_PLANE(aabb)
TC_CONTACT_PLANE(obb)
TC_CONTACT_PLANE(triangle)

/* Contact is true whenever overlap is (issue 10): near touching, the overlap
 * tests pad towards "overlap" by a bound on their rounding (the tolerance
 * band, docs/conventions.md); a pair they call overlapping that the contact
 * found a hair apart touches, with depth 0 along the direction across the
 * gap. Pairs found apart by more than twice the band (far) skip the
 * overlap test: it cannot say true there. Of the box pairs, aabb-obb needs it (its separating-axis pass and
 * the overlap test round differently: 2 of 376 near-touching overlaps had
 * no contact); aabb-aabb and obb-obb agree and are left alone (the hot
 * path). */
#define TC_CONTACT_BAND(A, B)                                                       \
    TC_NO_INLINE bool band_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m) \
    {                                                                               \
        if (!tc_overlap_##A##_##B(a, b)) return false;                              \
        tc_core ca, cb;                                                             \
        tc_core_from_##A(&ca, a);                                                   \
        tc_core_from_##B(&cb, b);                                                   \
        return tc_core_contact_padded(&ca, &cb, 1.0, m); /* the overlap vouched */ \
    }                                                                               \
    bool tc_contact_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m)     \
    {                                                                               \
        bool far;                                                                   \
        if (contact_##A##_##B(a, b, m, &far)) return true;                          \
        return !far && band_##A##_##B(a, b, m);                                     \
    }

#define TC_CONTACT_BAND_PLANE(A)                                                    \
    TC_NO_INLINE bool band_##A##_plane(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        if (!tc_overlap_##A##_plane(a, b)) return false;                            \
        tc_core ca;                                                                 \
        tc_core_from_##A(&ca, a);                                                   \
        tc_half_space h = tc_half_space_from_plane(b);                              \
        return tc_core_contact_plane_touching(&ca, &h, m);                          \
    }                                                                               \
    bool tc_contact_##A##_plane(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        bool far;                                                                   \
        if (contact_##A##_plane(a, b, m, &far)) return true;                        \
        return !far && band_##A##_plane(a, b, m);                                   \
    }

TC_CONTACT_BAND(sphere, sphere)
TC_CONTACT_BAND(sphere, capsule)
TC_CONTACT_BAND(sphere, aabb)
TC_CONTACT_BAND(sphere, obb)
TC_CONTACT_BAND(sphere, triangle)
TC_CONTACT_BAND(capsule, capsule)
TC_CONTACT_BAND(capsule, aabb)
TC_CONTACT_BAND(capsule, obb)
TC_CONTACT_BAND(capsule, triangle)
TC_CONTACT_BAND(aabb, obb)
TC_CONTACT_BAND(aabb, triangle)
TC_CONTACT_BAND(obb, triangle)
TC_CONTACT_BAND(triangle, triangle)
TC_CONTACT_BAND_PLANE(sphere)
TC_CONTACT_BAND_PLANE(capsule)
TC_CONTACT_BAND_PLANE(aabb)
TC_CONTACT_BAND_PLANE(obb)
TC_CONTACT_BAND_PLANE(triangle)
