/* SPDX-License-Identifier: MIT */
/* Pair queries against placed hulls.
 *
 * A hull is one more convex core (convex_core.h): its support mapping climbs
 * the vertex graph, its features are its faces and edges, so distance,
 * contact and sweeps are the library's general ones (GJK in double, the
 * penetration axes, feature clipping, conservative advancement). Overlap is
 * the GJK distance against a pad of 1e-7 of the scale, far above the
 * double-precision error of the distance and far inside the band. Hull-hull
 * penetration uses the separating-axis test of hull_sat.c. Ray casts clip
 * the ray by the face planes (Cyrus-Beck) in the hull's frame; a flat hull
 * is its fan of triangles, a segment a zero-radius capsule, a point a
 * zero-radius sphere. */
#include <touche/hull.h>

#include <string.h>

#include "core/inline.h"

#include "queries/gjk_overlap.h"
#include "queries/hull_epa.h"
#include "queries/hull_fans.h"
#include "queries/hull_pair.h"
#include "queries/hull_sat.h"
#include "queries/hull_sat_float.h"
#include "queries/manifold.h"
#include "queries/pair_queries.h"
#include "queries/penetration.h"
#include "queries/overlap_far.h"
#include "queries/ray.h"
#include "queries/sweep_start.h"
#include "shapes/hull_internal.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

/* Overlap pad for distances from GJK, relative to the scale. */
#define TC_HULL_OVERLAP_PAD 1e-7


/* Whether the separating-axis test parts cores a and b (its axes complete:
 * tc_core_hulls_penetration_complete, or a solid hull B) by more than
 * margin along an axis on which the cores' own projections (their
 * supports) part them by more than margin too: a face merged across nearly
 * coplanar points has a fitted plane the hull's vertices can pass, so the
 * test's own measure of that face may part two unturned needles 1e6 long
 * that meet (random slender pairs: 0.66 deep, 0.46 apart). */
static bool sat_proves_apart(const tc_core *a, const tc_core *b, double margin)
{
    tc_dvec3 n;
    if (tc_core_penetration(a, b, &n, NULL) >= -margin) return false;
    return tc_core_overlap_along(a, b, n) < -margin;
}

/* relative: run relative to A's centre (moving both), so that the pad is
 * of the pair's sizes and separation wherever the pair is; else of the
 * coordinates, for a point, whose own rounding is of its coordinates. */
static bool cores_overlap(tc_core *a, tc_core *b, bool relative)
{
    if (relative) tc_core_translate(b, tc_core_recentre(a));
    double scale = a->scale > b->scale ? a->scale : b->scale;
    const double margin = a->radius + b->radius + TC_HULL_OVERLAP_PAD * scale;
    bool unsure;
    if (tc_gjk_within_seeded(a, b, NULL, margin, &unsure)) return true;
    if (!unsure) return false;
    /* Apart only when proved (tc_gjk_within_seeded): on a slender hull (1e6
     * long, a few units across) a run stalled on its thin simplex called 2%
     * of the hull's own vertices outside it (random slender hulls). With B
     * a solid hull the separating-axis test's axes are complete for A's
     * core (its faces, A's, their edges' crossings), and its separation is
     * a lower bound of the cores' distance: apart when that passes the
     * margin. Otherwise (a hull not solid) the pair is not proved apart
     * and counts as touching. */
    if (b->count != TC_CORE_HULL || tc_core_hull_dimension(b) != 3) return true;
    return !sat_proves_apart(a, b, margin);
}

/* Distance, contact and sweep of cores with a hull, in the pair's own frame
 * as the overlap test's (relative to A's centre) unless the pair is near
 * the origin (tc_core_pair_is_near): their tolerances (of the cores' scale)
 * are then of the pair's sizes and separation, not of where it is. Each
 * moves the pair and its answer's points back, out of line: a pair near
 * the origin pays for the test alone. */
static tc_dvec3 pair_moved(tc_core *a, tc_core *b)
{
    const tc_dvec3 d = tc_core_recentre(a);
    tc_core_translate(b, d);
    return d;
}

TC_NO_INLINE float distance_moved(tc_core *a, tc_core *b, const tc_gjk_simplex *seed, tc_vec3 *point_a, tc_vec3 *point_b)
{
    const tc_dvec3 d = pair_moved(a, b);
    tc_vec3 pa, pb;
    const float r = tc_core_distance_seeded(a, b, seed, &pa, &pb);
    if (point_a) *point_a = tc_core_moved_back(pa, d);
    if (point_b) *point_b = tc_core_moved_back(pb, d);
    return r;
}

static inline float distance_in_frame(tc_core *a, tc_core *b, const tc_gjk_simplex *seed, tc_vec3 *point_a,
                                      tc_vec3 *point_b)
{
    if (tc_core_pair_is_near(a, b)) return tc_core_distance_seeded(a, b, seed, point_a, point_b);
    return distance_moved(a, b, seed, point_a, point_b);
}

/* For a pair the overlap test calls touching (tc_core_contact_touching
 * then writes m and returns true). */
TC_NO_INLINE bool contact_moved(tc_core *a, tc_core *b, tc_manifold *m)
{
    const tc_dvec3 d = pair_moved(a, b);
    if (!tc_core_contact_touching(a, b, m)) return false;
    tc_manifold_moved_back(m, d);
    return true;
}

static inline bool contact_in_frame(tc_core *a, tc_core *b, tc_manifold *m)
{
    if (tc_core_pair_is_near(a, b)) return tc_core_contact_touching(a, b, m);
    return contact_moved(a, b, m);
}

TC_NO_INLINE bool sweep_moved(tc_core *a, tc_vec3 va, tc_core *b, tc_vec3 vb, float max_t, tc_sweep_hit *hit)
{
    const tc_dvec3 d = pair_moved(a, b);
    if (!tc_core_sweep(a, tc_dvec3_from(va), b, tc_dvec3_from(vb), max_t, hit)) return false;
    if (hit) hit->point = tc_core_moved_back(hit->point, d);
    return true;
}

/* A ray in the data frame: t is preserved, since both origin and direction
 * map by the same affine inverse. */
static void ray_to_local(const tc_hull *h, const tc_ray *ray, tc_dvec3 *o, tc_dvec3 *d)
{
    tc_dvec3 c[3] = { tc_dvec3_from(h->rotation.cx), tc_dvec3_from(h->rotation.cy), tc_dvec3_from(h->rotation.cz) };
    tc_dvec3 r = tc_dvec3_sub(tc_dvec3_from(ray->origin), tc_dvec3_from(h->position));
    tc_dvec3 w = tc_dvec3_from(ray->dir);
    double inv = 1.0 / h->scale;
    *o = tc_dvec3_scale(tc_dvec3_make(tc_dvec3_dot(c[0], r), tc_dvec3_dot(c[1], r), tc_dvec3_dot(c[2], r)), inv);
    *d = tc_dvec3_scale(tc_dvec3_make(tc_dvec3_dot(c[0], w), tc_dvec3_dot(c[1], w), tc_dvec3_dot(c[2], w)), inv);
}

static tc_vec3 local_to_world(const tc_hull *h, tc_vec3 p)
{
    return tc_vec3_add(h->position, tc_mat3_mul_vec3(h->rotation, tc_vec3_scale(p, h->scale)));
}

static bool raycast_solid(const tc_ray *ray, const tc_hull *h, float max_t, tc_ray_hit *hit)
{
    const tc_hull_data *d = h->data;
    tc_dvec3 o, dir;
    ray_to_local(h, ray, &o, &dir);
    double pad = 1e-6 * ((double)d->diameter + tc_dvec3_max_abs(tc_dvec3_sub(o, tc_dvec3_from(d->centroid))));
    double enter = 0.0, leave = (double)max_t;
    int32_t enter_face = -1;
    for (int32_t f = 0; f < d->face_count; ++f) {
        tc_dvec3 n = tc_dvec3_from(d->face_normals[f]);
        double dist = tc_dvec3_dot(n, o) - d->face_offsets[f] - pad;
        double rate = tc_dvec3_dot(n, dir);
        if (rate == 0.0) {
            if (dist > 0.0) return false;
            continue;
        }
        double t = -dist / rate;
        if (rate < 0.0) {
            if (t > enter) { enter = t; enter_face = f; }
        } else if (t < leave) {
            leave = t;
        }
        if (enter > leave) return false;
    }
    if (enter_face < 0) return tc_ray_hit_inside(ray, hit);
    /* an entry past any float (a tiny direction, max_t infinite) is no
     * hit, as a ray's t elsewhere (tc_ray_t_ratio); it was rounded to float
     * (libFuzzer) */
    if (enter > (double)FLT_MAX || !((float)enter <= max_t)) return false;
    return tc_ray_hit_at(ray, (float)enter, tc_mat3_mul_vec3(h->rotation, d->face_normals[enter_face]), max_t, hit);
}

static bool raycast_flat(const tc_ray *ray, const tc_hull *h, float max_t, tc_ray_hit *hit)
{
    const tc_hull_data *d = h->data;
    bool found = false;
    tc_ray_hit best;
    float limit = max_t;
    int32_t b = d->face_start[0], n = d->face_start[1] - b;
    tc_vec3 a = local_to_world(h, d->vertices[d->face_vertices[b]]);
    for (int32_t i = 1; i + 1 < n; ++i) {
        tc_triangle t;
        t.a = a;
        t.b = local_to_world(h, d->vertices[d->face_vertices[b + i]]);
        t.c = local_to_world(h, d->vertices[d->face_vertices[b + i + 1]]);
        tc_ray_hit th;
        if (tc_raycast_triangle(ray, &t, limit, &th)) {
            found = true;
            best = th;
            limit = th.t;
        }
    }
    if (found && hit) *hit = best;
    return found;
}

bool tc_raycast_hull(const tc_ray *ray, const tc_hull *shape, float max_t, tc_ray_hit *hit)
{
    if (!tc_ray_is_usable(ray, max_t) || !tc_hull_is_valid(shape)) return false;
    const tc_hull_data *d = shape->data;
    switch (d->dimension) {
    case 3: return raycast_solid(ray, shape, max_t, hit);
    case 2: return raycast_flat(ray, shape, max_t, hit);
    case 1: {
        tc_capsule c;
        c.a = local_to_world(shape, d->vertices[0]);
        c.b = local_to_world(shape, d->vertices[1]);
        c.radius = 0.0f;
        return tc_raycast_capsule(ray, &c, max_t, hit);
    }
    default: {
        tc_sphere s;
        s.center = local_to_world(shape, d->vertices[0]);
        s.radius = 0.0f;
        return tc_raycast_sphere(ray, &s, max_t, hit);
    }
    }
}

bool tc_hull_contains_point(const tc_hull *h, tc_vec3 p)
{
    if (!tc_hull_is_valid(h) || !tc_vec3_finite(p)) return false;
    tc_core ch, cp;
    tc_core_from_hull(&ch, h);
    tc_core_from_point(&cp, p, 0.0f);
    return cores_overlap(&cp, &ch, false);
}

tc_vec3 tc_hull_closest_point(const tc_hull *h, tc_vec3 p)
{
    if (!tc_hull_is_valid(h) || !tc_vec3_finite(p)) return p;
    tc_core ch, cp;
    tc_core_from_hull(&ch, h);
    tc_core_from_point(&cp, p, 0.0f);
    tc_vec3 q;
    float d = tc_core_distance(&cp, &ch, NULL, &q);
    return d > 0.0f ? q : p;
}

/* ---- the pairs ------------------------------------------------------------ */
#define TC_HULL_PAIRS(A)                                                                                          \
    TC_HULL_PAIRS_OVERLAP_DISTANCE(A)                                                                             \
    TC_HULL_PAIRS_CONTACT_SWEEP(A)
#define TC_HULL_PAIRS_OVERLAP_DISTANCE(A)                                                                         \
    bool tc_overlap_##A##_hull(const tc_##A *a, const tc_hull *b)                                                 \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_hull_is_valid(b)) return false;                                         \
        tc_core ca, cb;                                                                                           \
        tc_core_from_##A(&ca, a);                                                                                 \
        tc_core_from_hull(&cb, b);                                                                                \
        return cores_overlap(&ca, &cb, true);                                                                     \
    }                                                                                                             \
    float tc_distance_##A##_hull(const tc_##A *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b)          \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_hull_is_valid(b)) return INFINITY;                                      \
        tc_core ca, cb;                                                                                           \
        tc_core_from_##A(&ca, a);                                                                                 \
        tc_core_from_hull(&cb, b);                                                                                \
        return distance_in_frame(&ca, &cb, NULL, point_a, point_b);                                               \
    }
#define TC_HULL_PAIRS_CONTACT_SWEEP(A)                                                                            \
    bool tc_contact_##A##_hull(const tc_##A *a, const tc_hull *b, tc_manifold *m)                                 \
    {                                                                                                             \
        /* contact counts what overlap counts: its band is of the pair's  */                                   \
        /* sizes, the contact's pad of the coordinates (wider far away) */                                        \
        if (!tc_overlap_##A##_hull(a, b)) return false;                                                           \
        if (!m) return true;                                                                                      \
        tc_core ca, cb;                                                                                           \
        tc_core_from_##A(&ca, a);                                                                                 \
        tc_core_from_hull(&cb, b);                                                                                \
        return contact_in_frame(&ca, &cb, m);                                                                     \
    }                                                                                                             \
    TC_HULL_PAIRS_SWEEP(A)
#define TC_HULL_PAIRS_SWEEP(A)                                                                                    \
    bool tc_sweep_##A##_hull(const tc_##A *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b,          \
                             float max_t, tc_sweep_hit *hit)                                                      \
    {                                                                                                             \
        if (!tc_##A##_is_valid(a) || !tc_hull_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t))          \
            return false;                                                                                         \
        tc_core ca, cb;                                                                                           \
        tc_core_from_##A(&ca, a);                                                                                 \
        tc_core_from_hull(&cb, b);                                                                                \
        if (!tc_core_pair_is_near(&ca, &cb)) return sweep_moved(&ca, velocity_a, &cb, velocity_b, max_t, hit);  \
        /* Near, in place; but a start the sweep's own test calls touching  \
         * (its band of the cores' scale there) and the overlap test, of the \
         * pair's scale, apart runs again in the pair's frame (a still sweep \
         * hit what overlap called apart: the pair fuzzer, issue 12). */      \
        tc_sweep_hit h;                                                                                           \
        if (!tc_core_sweep(&ca, tc_dvec3_from(velocity_a), &cb, tc_dvec3_from(velocity_b), max_t, &h)) return false; \
        if (h.t == 0.0f && !tc_overlap_##A##_hull(a, b) && !sweep_moved(&ca, velocity_a, &cb, velocity_b, max_t, &h)) \
            return false;                                                                                         \
        if (hit) *hit = h;                                                                                        \
        return true;                                                                                              \
    }

TC_HULL_PAIRS(sphere)
TC_HULL_PAIRS(capsule)
TC_HULL_PAIRS(aabb)
TC_HULL_PAIRS(obb)
TC_HULL_PAIRS(triangle)
TC_HULL_PAIRS_SWEEP(hull)

/* ---- hull-hull overlap: the float GJK first --------------------------------- */
/* A bound on the radius of h's ball once placed: |R v| <= |R|_F |v| for
 * any matrix R (the Frobenius norm, sqrt(3) for a rotation), so it holds
 * for a placement's rotation that is not quite orthonormal too; rounded up. */
static double placed_radius_above(const tc_hull *h)
{
    const tc_mat3 *r = &h->rotation;
    double f = 0.0;
    const tc_vec3 col[3] = { r->cx, r->cy, r->cz };
    for (int i = 0; i < 3; ++i)
        f += (double)col[i].x * col[i].x + (double)col[i].y * col[i].y + (double)col[i].z * col[i].z;
    return (double)h->scale * h->data->sphere_radius * sqrt(f) * (1.0 + 1e-12);
}

/* A bound above the overlap pad of the double path (TC_HULL_OVERLAP_PAD of
 * the cores' scale, relative to A's centre), from the balls alone: a float
 * answer of "apart by more than this" is then the double path's answer
 * too. A core's scale is of its data box placed, whose corners lie within
 * sqrt(3) radii of its ball's centre (in each coordinate), and A's centre
 * within A's ball; twice that for the roundings. */
static double pad_above(const tc_hull_pair *p, const tc_hull *a, const tc_hull *b)
{
    double m = fabs(p->cb.x) + fabs(p->cb.y) + fabs(p->cb.z);
    return 2.0 * TC_HULL_OVERLAP_PAD * (m + 3.0 * (placed_radius_above(a) + placed_radius_above(b)));
}

/* Whether the float run's numbers fit a float: each is at most the pair's
 * L (tc_hull_pair_init, whose err is 4e-6 L), a sum of two at most 2 L.
 * Hulls of about 1e38 (coordinates and scale) made the placed support
 * points overflow (FE_OVERFLOW, infinite points); such pairs take the
 * double path alone. */
static bool float_run_fits(const tc_hull_pair *p) { return p->err <= 4e-6 * 0x1p126; }

/* The float run of two valid hulls, made ready in *p. Pairs well apart
 * end on its first support, a separating-axis test along the centres'
 * line. lean: the overlap test's run (tc_gjk_hull_pair_overlap, a yes or
 * no, r untouched); contact keeps the float run of gjk.c, whose simplex
 * its polytope starts from. */
static tc_gjk_status float_gjk(const tc_hull *a, const tc_hull *b, bool lean, tc_hull_pair *p, tc_gjk_result *r)
{
    tc_hull_pair_init(p, a, b);
    if (!float_run_fits(p)) {
        r->simplex.n = 0; /* the double path from scratch */
        return TC_GJK_UNSURE;
    }
    const double above = pad_above(p, a, b);
    return lean ? tc_gjk_hull_pair_overlap(p, above) : tc_gjk_hull_pair(p, above, r);
}

/* A pair within the float run's error of touching: the double path,
 * relative to A's centre (its band of the pair's sizes, not of where it is). */
static bool double_within(const tc_hull *a, const tc_hull *b)
{
    tc_core ca, cb;
    tc_core_from_hull(&ca, a);
    tc_core_from_hull(&cb, b);
    /* In the pair's own order, whichever way it was asked: the frame (a
     * centre) and GJK's seed and rounding depend on which hull is A, and a
     * hull reaching 3.4e38 overlapped a small one B-A but not A-B (the pair
     * fuzzer, issue 12). The smaller core is A (ties: the hull's bytes).
     * From scratch, never seeded by the float run: near the pad the double
     * run's answer depends on where it starts, and a run seeded in one order
     * but not the other (a float run's simplex is not the mirror of the
     * swapped run's) called two hulls apart A-B and within the pad B-A (the
     * pair fuzzer; the sweep's start test runs from scratch too). */
    const int order = ca.scale != cb.scale ? (ca.scale < cb.scale ? -1 : 1) : memcmp(a, b, sizeof *a);
    tc_gjk_simplex seed;
    seed.n = 0;
    if (order > 0) {
        const tc_core t = ca;
        ca = cb;
        cb = t;
    }
    tc_core_translate(&cb, tc_core_recentre(&ca));
    double scale = ca.scale > cb.scale ? ca.scale : cb.scale;
    const double pad = TC_HULL_OVERLAP_PAD * scale;
    bool unsure;
    if (tc_gjk_within_seeded(&ca, &cb, &seed, pad, &unsure)) return true;
    /* Apart only when a support plane proves it (unsure: not proved). A run
     * stalled on rounding is unsure: two slender solid hulls (1e6 long, a
     * few units across) that intersect by 0.14 stalled 0.24 apart, while
     * the distance's seeded run found 0 (the pair fuzzer). The
     * separating-axis test over the faces and edge pairs decides them
     * (rare: a run whose support plane falls short of the margin). With
     * one hull solid its axes are complete whatever the other's dimension
     * (its faces, the other's plane, the edge pairs' crossings), and each
     * is measured by the cores' projections: a segment 15 long through a
     * slab 1e6 wide and 8 thick stalled 1.6 apart (random slender pairs).
     * Two hulls neither of them solid have no complete axes there (two
     * parallel polygons need their edges' normals in the plane): their
     * polygons' triangles decide (a segment 1e6 long through a flat hull
     * stalled 3.3 apart, random slender pairs). */
    if (!unsure) return false;
    if (!tc_core_hulls_penetration_complete(&ca, &cb)) return tc_hull_fans_meet(&ca, &cb);
    return !sat_proves_apart(&ca, &cb, pad);
}

bool tc_overlap_hull_hull(const tc_hull *a, const tc_hull *b)
{
    if (!tc_hull_is_valid(a) || !tc_hull_is_valid(b)) return false;
    tc_hull_pair p;
    tc_gjk_result r;
    switch (float_gjk(a, b, true, &p, &r)) {
    case TC_GJK_SEPARATED: return false;
    case TC_GJK_INTERSECTING: return true;
    default: break;
    }
    return double_within(a, b);
}

/* ---- hull-hull contact: the float GJK, then the separating-axis test ---- */
/* The float GJK of the overlap test decides apart pairs (the same answer:
 * contact counts what overlap counts) and proves most overlapping ones
 * intersecting. For two solid hulls the axis is then the separating-axis
 * test's, run in float (hull_sat_float.c), which also proves an unsure
 * pair intersecting when every axis overlaps by more than its error. The
 * rest (hulls beyond its room, an unsure pair it cannot call) take the
 * expanding polytope from the float run's tetrahedron when that holds the
 * origin (hull_epa.c), else the general path: the double GJK and the exact
 * separating-axis test. */
bool tc_contact_hull_hull(const tc_hull *a, const tc_hull *b, tc_manifold *m)
{
    if (!tc_hull_is_valid(a) || !tc_hull_is_valid(b)) return false;
    tc_hull_pair p;
    tc_gjk_result r;
    tc_gjk_status s = float_gjk(a, b, false, &p, &r);
    if (s == TC_GJK_SEPARATED) return false;
    if (s == TC_GJK_INTERSECTING && !m) return true;
    tc_core ca, cb;
    tc_core_from_hull(&ca, a);
    tc_core_from_hull(&cb, b);
    /* The polytope and the manifold in the pair's frame, as the other hull
     * pairs' contacts (contact_in_frame); the float run's simplex is of
     * vertex indices, the same in any frame. */
    const bool moved = !tc_core_pair_is_near(&ca, &cb);
    const tc_dvec3 back = moved ? pair_moved(&ca, &cb) : tc_dvec3_make(0, 0, 0);
    tc_dvec3 n, least;
    /* An unsure run's tetrahedron may hold the origin too (in double, as
     * the polytope checks): then the cores intersect as well. The manifold
     * as tc_core_contact_from_closest makes it: along the least axis when
     * the features along the chosen one miss. */
    if (m && a->data->dimension == 3 && b->data->dimension == 3 &&
        (tc_hull_sat_float_axis(&ca, &cb, s == TC_GJK_INTERSECTING, &n, &least) ||
         tc_hull_epa_axis(&ca, &cb, &p, &r.simplex, &n, &least))) {
        bool met;
        tc_core_manifold(&ca, &cb, n, 0.0, m, &met);
        if (!met && tc_dvec3_length_sq(least) > 0.0) {
            tc_core_manifold(&ca, &cb, least, 0.0, m, NULL);
            met = true;
        }
        if (met && moved) tc_manifold_moved_back(m, back);
        if (met) return true;
    }
    /* Contact counts what overlap counts: the overlap's own double test
     * decides an unsure pair (the contact's pad would be of the
     * coordinates, wider far from the origin). */
    if (s != TC_GJK_INTERSECTING && !double_within(a, b)) return false;
    if (!m) return true;
    if (!tc_core_contact_touching(&ca, &cb, m)) return false;
    if (moved) tc_manifold_moved_back(m, back);
    return true;
}

float tc_distance_hull_hull(const tc_hull *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    /* The float GJK to convergence finds the closest features (its supports
     * scan sixteen float vertices a step); the double GJK seeded with its
     * simplex then checks and refines them in a step or two, its climbs
     * starting at those vertices: the double path's answer, for a fraction
     * of the double climbs a run from scratch makes. */
    if (!tc_hull_is_valid(a) || !tc_hull_is_valid(b)) return INFINITY;
    tc_hull_pair p;
    tc_hull_pair_init(&p, a, b);
    tc_gjk_result r;
    r.simplex.n = 0;
    if (float_run_fits(&p)) tc_gjk_hull_pair(&p, INFINITY, &r);
    tc_core ca, cb;
    tc_core_from_hull(&ca, a);
    tc_core_from_hull(&cb, b);
    return distance_in_frame(&ca, &cb, &r.simplex, point_a, point_b);
}

/* ---- the plane's solid against a hull: the hull's lowest point ------------ */
/* Whether the hull's lowest point is within the overlap band of the
 * half-space: the overlap test, and the contact's (so they agree). */
static bool plane_hull_touching(const tc_core *cb, const tc_half_space *h)
{
    return tc_core_plane_touching(cb, h, TC_HULL_OVERLAP_PAD);
}

bool tc_overlap_plane_hull(const tc_plane *a, const tc_hull *b)
{
    if (!tc_plane_is_valid(a) || !tc_hull_is_valid(b)) return false;
    tc_core cb;
    tc_core_from_hull(&cb, b);
    tc_half_space h = tc_half_space_from_plane(a);
    return plane_hull_touching(&cb, &h);
}

float tc_distance_plane_hull(const tc_plane *a, const tc_hull *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_plane_is_valid(a) || !tc_hull_is_valid(b)) return INFINITY;
    tc_core cb;
    tc_core_from_hull(&cb, b);
    tc_half_space h = tc_half_space_from_plane(a);
    return tc_core_distance_plane(&cb, &h, point_b, point_a);
}

bool tc_contact_plane_hull(const tc_plane *a, const tc_hull *b, tc_manifold *m)
{
    if (!tc_plane_is_valid(a) || !tc_hull_is_valid(b)) return false;
    tc_core cb;
    tc_core_from_hull(&cb, b);
    tc_half_space h = tc_half_space_from_plane(a);
    /* touching as overlap decides it, inside its band too (a hull with a
     * vertex at 1e20 overlapped a plane 0.36 away, a band of 1e13 there,
     * with no contact): the deepest point at depth 0 when none reaches */
    if (!plane_hull_touching(&cb, &h) || !tc_core_contact_plane_touching(&cb, &h, m)) return false;
    if (m) tc_manifold_flip(m); /* from the plane's solid into the hull, the plane's feature first */
    return true;
}

bool tc_sweep_plane_hull(const tc_plane *a, tc_vec3 velocity_a, const tc_hull *b, tc_vec3 velocity_b, float max_t,
                         tc_sweep_hit *hit)
{
    if (!tc_plane_is_valid(a) || !tc_hull_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t)) return false;
    tc_core cb;
    tc_core_from_hull(&cb, b);
    tc_half_space h = tc_half_space_from_plane(a);
    if (!tc_core_sweep_plane(&cb, tc_dvec3_from(velocity_b), &h, tc_dvec3_from(velocity_a), max_t,
                             plane_hull_touching(&cb, &h), hit))
        return false;
    if (hit) hit->normal = tc_vec3_neg(hit->normal);
    return true;
}
