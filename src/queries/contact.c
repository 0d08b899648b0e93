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
#include "touche/contact.h"
#include "touche/overlap.h"

#include "queries/manifold.h"
#include "queries/overlap_far.h"
#include "queries/pair_queries.h"
#include "queries/penetration.h"
#include "queries/sat_box_box_contact.h"

bool tc_contact_sphere_sphere(const tc_sphere *a, const tc_sphere *b, tc_manifold *m)
{
    if (!tc_sphere_is_valid(a) || !tc_sphere_is_valid(b)) return false;
    tc_dvec3 ca = tc_dvec3_from(a->center), cb = tc_dvec3_from(b->center);
    tc_dvec3 d = tc_dvec3_sub(cb, ca);
    double dist = tc_dvec3_length(d), ra = a->radius, rb = b->radius;
    if (tc_rounded_apart(dist, ra + rb)) return false; /* as the distance query */
    if (!m) return true;
    double scale = tc_dvec3_max_abs(ca) + tc_dvec3_max_abs(cb) + ra + rb;
    /* Concentric spheres: +z, the documented default. */
    tc_dvec3 n = dist > TC_CORE_CONTACT_EPSILON * scale ? tc_dvec3_scale(d, 1.0 / dist) : tc_dvec3_make(0, 0, 1);
    double depth = ra + rb - dist;
    m->normal = tc_dvec3_to(n);
    m->count = 1;
    m->points[0].depth = (float)depth;
    /* Midway between the surfaces, or on a zero-radius sphere (a point). */
    double at = ra == 0.0 ? 0.0 : (rb == 0.0 ? dist : ra - 0.5 * depth);
    m->points[0].point = tc_dvec3_to(tc_dvec3_mad(ca, n, at));
    return true;
}

/* Boxes beyond 2^100 are outside the SAT pass's float range, which gives
 * them no contact, while tc_overlap_obb_obb decides them in double (the
 * pair fuzzer: an AABB against an OBB 5.6e37 long overlapped at distance 0
 * with no contact). There the contact is GJK's on the box cores, touching
 * at least, when overlap says so. */
static bool box_box(const tc_obb *a, const tc_obb *b, tc_manifold *m)
{
    if (!tc_obb_is_valid(a) || !tc_obb_is_valid(b)) return false; /* before any comparison of a NaN */
    if (tc_obb_magnitude(a) <= 0x1p100f && tc_obb_magnitude(b) <= 0x1p100f) return tc_box_box_contact(a, b, m);
    if (!tc_overlap_obb_obb(a, b)) return false;
    tc_core ca, cb;
    tc_core_from_obb(&ca, a);
    tc_core_from_obb(&cb, b);
    return tc_core_contact_touching(&ca, &cb, m);
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

bool tc_contact_aabb_obb(const tc_aabb *a, const tc_obb *b, tc_manifold *m)
{
    if (!tc_aabb_is_valid(a) || !tc_obb_is_valid(b)) return false;
    tc_obb oa = tc_obb_from_aabb(a);
    return box_box(&oa, b, m);
}

/* Contact is true exactly when overlap is: where the contact's own test
 * calls the pair apart but the overlap test's tolerance band calls it
 * touching (a long triangle pads by its length), a touching contact, depth
 * 0, along the witness direction (tc_core_contact_touching). Only pairs the
 * contact found apart pay for the overlap test. Needs ca and cb. */
#define TC_CONTACT_IN_BAND(A, B) (tc_overlap_##A##_##B(a, b) && tc_core_contact_touching(&ca, &cb, m))

#define TC_CONTACT_CORES(A, B)                                                      \
    bool tc_contact_##A##_##B(const tc_##A *a, const tc_##B *b, tc_manifold *m)     \
    {                                                                               \
        if (!tc_##A##_is_valid(a) || !tc_##B##_is_valid(b)) return false;          \
        tc_core ca, cb;                                                             \
        tc_core_from_##A(&ca, a);                                                   \
        tc_core_from_##B(&cb, b);                                                   \
        if (tc_core_contact(&ca, &cb, m)) return true;                              \
        return TC_CONTACT_IN_BAND(A, B);                                            \
    }

/* Sphere and capsule pairs: the closest points of the distance query's
 * closed form decide, so contact and distance agree on touching shapes. */
static bool from_closest_d(const tc_core *ca, const tc_core *cb, tc_dvec3 da, tc_dvec3 db, tc_manifold *m)
{
    return tc_core_contact_from_closest(ca, cb, tc_dvec3_length(tc_dvec3_sub(db, da)), da, db, m);
}

static bool from_closest(const tc_core *ca, const tc_core *cb, tc_vec3 qa, tc_vec3 qb, tc_manifold *m)
{
    return from_closest_d(ca, cb, tc_dvec3_from(qa), tc_dvec3_from(qb), m);
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
 * decide by GJK on the cores in double, within its relative epsilon; the
 * closed forms below would decide otherwise inside that band (issue 12:
 * a sphere against a triangle with a vertex at 1e20 overlapped at distance
 * 0 but had no contact). There contact takes the same GJK. */
#define TC_CONTACT_FAR(A, B)                                             \
    if (TC_OVERLAP_IS_FAR(A, B, a, b)) return tc_core_contact(&ca, &cb, m)

#define TC_CONTACT_SPHERE(B, CLOSEST)                                               \
    bool tc_contact_sphere_##B(const tc_sphere *a, const tc_##B *b, tc_manifold *m) \
    {                                                                               \
        if (!tc_sphere_is_valid(a) || !tc_##B##_is_valid(b)) return false;         \
        tc_core ca, cb;                                                             \
        tc_core_from_sphere(&ca, a);                                                \
        tc_core_from_##B(&cb, b);                                                   \
        TC_CONTACT_FAR(sphere, B);                                                  \
        if (from_closest(&ca, &cb, a->center, CLOSEST, m)) return true;             \
        return TC_CONTACT_IN_BAND(sphere, B);                                       \
    }

TC_CONTACT_SPHERE(capsule, tc_segment_closest_point(&(tc_segment){ b->a, b->b }, a->center))
TC_CONTACT_SPHERE(aabb, tc_aabb_closest_point(b, a->center))
TC_CONTACT_SPHERE(triangle, tc_triangle_closest_point(b, a->center))

bool tc_contact_sphere_obb(const tc_sphere *a, const tc_obb *b, tc_manifold *m)
{
    if (!tc_sphere_is_valid(a) || !tc_obb_is_valid(b)) return false;
    tc_core ca, cb;
    tc_core_from_sphere(&ca, a);
    tc_core_from_obb(&cb, b);
    TC_CONTACT_FAR(sphere, obb);
    if (from_closest_d(&ca, &cb, tc_dvec3_from(a->center), obb_closest_point_d(b, a->center), m)) return true;
    return TC_CONTACT_IN_BAND(sphere, obb);
}

bool tc_contact_capsule_capsule(const tc_capsule *a, const tc_capsule *b, tc_manifold *m)
{
    if (!tc_capsule_is_valid(a) || !tc_capsule_is_valid(b)) return false;
    tc_core ca, cb;
    tc_core_from_capsule(&ca, a);
    tc_core_from_capsule(&cb, b);
    TC_CONTACT_FAR(capsule, capsule);
    tc_segment sa = { a->a, a->b }, sb = { b->a, b->b };
    tc_vec3 p, q;
    tc_segment_closest_points(&sa, &sb, &p, &q);
    if (from_closest(&ca, &cb, p, q, m)) return true;
    return TC_CONTACT_IN_BAND(capsule, capsule);
}

TC_CONTACT_CORES(capsule, aabb)
TC_CONTACT_CORES(capsule, obb)
TC_CONTACT_CORES(capsule, triangle)
TC_CONTACT_CORES(aabb, triangle)
TC_CONTACT_CORES(obb, triangle)
TC_CONTACT_CORES(triangle, triangle)

#define TC_CONTACT_PLANE(A)                                                         \
    bool tc_contact_##A##_plane(const tc_##A *a, const tc_plane *b, tc_manifold *m) \
    {                                                                               \
        if (!tc_##A##_is_valid(a) || !tc_plane_is_valid(b)) return false;          \
        tc_core ca;                                                                 \
        tc_core_from_##A(&ca, a);                                                   \
        tc_half_space h = tc_half_space_from_plane(b);                              \
        if (tc_core_contact_plane(&ca, &h, m)) return true;                         \
        return tc_overlap_##A##_plane(a, b) && tc_core_contact_plane_touching(&ca, &h, m); \
    }

TC_CONTACT_PLANE(sphere)
TC_CONTACT_PLANE(capsule)
TC_CONTACT_PLANE(aabb)
TC_CONTACT_PLANE(obb)
TC_CONTACT_PLANE(triangle)
