/* SPDX-License-Identifier: MIT */
/* Translational sweeps.
 *
 * Exact: sphere-sphere (a quadratic in t), anything against a plane (the
 * support point's height is linear in t), box-box (the separating-axis test
 * with relative velocity: on each of the 15 axes the projections overlap
 * during one interval of time; the boxes overlap during the intersection of
 * those intervals, which starts at the latest entry, if that comes before the
 * earliest exit -- Eberly, "Dynamic Collision Detection using Oriented
 * Bounding Boxes"). Everything else: conservative advancement on the core
 * distance. Under pure translation the distance between convex shapes is a
 * convex function of t, so the step gap / (closing speed along the current
 * normal) is a Newton step from the left: it never passes the first contact,
 * converges in one step for a vertex or face meeting a face, and a
 * non-positive closing speed proves the shapes never meet. */
#include "touche/sweep.h"

#include "core/float.h"
#include "core/inline.h"

#include "queries/manifold.h"
#include "queries/overlap_far.h"
#include "queries/pair_queries.h"
#include "queries/penetration.h"
#include "touche/contact.h"
#include "touche/overlap.h"
#include "queries/sat_box_box_depth.h"
#include "queries/sweep_start.h"
#include "shapes/box.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

#define TC_SWEEP_TOLERANCE 1e-6
#define TC_SWEEP_MAX_ITERATIONS 64


static void set_hit(tc_sweep_hit *hit, double t, tc_dvec3 point, tc_dvec3 normal)
{
    if (!hit) return;
    /* saturated: with max_t infinite a first touch can come after any
     * float time (the sweeps that can reach one answer no hit there) */
    hit->t = tc_float_saturated(t);
    /* saturated: a shape reaching past the float range (a triangle to
     * FLT_MAX) can give a point beyond it, whose rounding overflowed
     * (FE_OVERFLOW, found by the pair fuzzer) */
    hit->point = tc_vec3_make(tc_float_saturated(point.x), tc_float_saturated(point.y), tc_float_saturated(point.z));
    hit->normal = tc_dvec3_to(normal);
}

/* Conservative advancement of core A moving with va against B moving with
 * vb. apart_known: the pair's overlap test has already called the shapes
 * apart at t = 0 (they touch there exactly when it says so, see
 * TC_SWEEP_CORES), so GJK's own test of the start is not made, unless GJK
 * finds the cores within the radii (crossing by its rounding): no step
 * back from there. */
static bool core_sweep(const tc_core *a, tc_dvec3 va, const tc_core *b, tc_dvec3 vb, double max_t, bool apart_known,
                       tc_sweep_hit *hit)
{
    tc_dvec3 v = tc_dvec3_sub(va, vb); /* A relative to B; B stays put in this frame */
    double reach = isfinite(max_t) ? tc_dvec3_length(v) * max_t : 0.0;
    double scale = (a->scale > b->scale ? a->scale : b->scale) + reach;
    double tol = TC_SWEEP_TOLERANCE * scale;
    double radii = a->radius + b->radius;
    tc_core at = *a;
    double t = 0.0;
    for (int it = 0; it < TC_SWEEP_MAX_ITERATIONS; ++it) {
        tc_gjk_result r;
        tc_gjk_distance(&at, b, &r);
        double gap = r.distance - radii;
        tc_dvec3 n;
        bool has_n = r.distance > TC_CORE_CONTACT_EPSILON * scale;
        if (has_n) n = tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / r.distance);
        /* At t = 0 a hit means the shapes touch now, as overlap, distance
         * and contact decide it (GJK's rounding, tc_rounded_apart), not
         * within the advancement's tolerance, which is 1e-6 of a scale that
         * a far vertex makes huge: a capsule 1e14 below the tolerance of a
         * triangle reaching 1.3e9 hit at t = 0 unmoving while overlap said
         * apart (issue 12). Apart by more than rounding (and, with a hull,
         * by more than the hull overlap test's band), it advances. */
        const bool apart_now = t == 0.0 && (apart_known ? gap > 0.0 : tc_sweep_start_apart(&at, b, &r, radii));
        /* apart by more than rounding: r.distance > radii >= 0, so the
         * witness gives the direction even below the contact epsilon */
        if (apart_now && !has_n) {
            n = tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / r.distance);
            has_n = true;
        }
        /* not apart at the start, as the start's test decides (a GJK run
         * stalled on rounding may stop further off than tol: the hulls'
         * separating-axis test then calls them touching): a hit at t = 0 */
        if (!apart_now && (gap <= tol || t == 0.0)) {
            if (t == 0.0 && gap <= 0.0) {
                tc_sweep_start_hit(&at, b, &r, hit);
                return true;
            }
            if (!has_n) tc_core_penetration(&at, b, &n, NULL);
            tc_dvec3 p = tc_dvec3_mad(r.point_a, n, a->radius + 0.5 * gap);
            set_hit(hit, t, tc_dvec3_mad(p, vb, t), n);
            return true;
        }
        double closing = tc_dvec3_dot(v, n);
        if (!(closing > 0.0)) return false;
        t += gap / closing;
        if (!(t <= max_t)) return false;
        at = *a;
        tc_core_translate(&at, tc_dvec3_scale(v, t));
    }
    /* Out of iterations (slow grazing approach): t is still before any
     * contact, so report it rather than risk a miss. */
    tc_gjk_result r;
    tc_gjk_distance(&at, b, &r);
    tc_dvec3 n = r.distance > 0.0 ? tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / r.distance) : tc_dvec3_make(0, 0, 1);
    /* The point midway between the surfaces, as on convergence (it was A's
     * core point, off A's surface by A's radius). */
    tc_dvec3 p = tc_dvec3_mad(r.point_a, n, a->radius + 0.5 * (r.distance - radii));
    set_hit(hit, t, tc_dvec3_mad(p, vb, t), n);
    return true;
}

bool tc_core_sweep(const tc_core *a, tc_dvec3 va, const tc_core *b, tc_dvec3 vb, double max_t, tc_sweep_hit *hit)
{
    return core_sweep(a, va, b, vb, max_t, false, hit);
}

/* The hit at t = 0 of a pair its overlap test calls touching: the contact
 * manifold's (contact is true exactly when overlap is), else the cores'
 * start hit. */
#define TC_SWEEP_START(A, B, a, b, ca, cb, hit)                 \
    do {                                                       \
        tc_manifold m_;                                        \
        if (tc_contact_##A##_##B(a, b, &m_)) {                 \
            tc_sweep_hit_from_manifold(hit, &m_);              \
        } else {                                               \
            tc_gjk_result r_;                                  \
            tc_gjk_distance(ca, cb, &r_);                      \
            tc_sweep_start_hit(ca, cb, &r_, hit);              \
        }                                                      \
    } while (0)

bool tc_sweep_sphere_sphere(const tc_sphere *a, tc_vec3 velocity_a, const tc_sphere *b, tc_vec3 velocity_b,
                            float max_t, tc_sweep_hit *hit)
{
    if (!tc_sphere_is_valid(a) || !tc_sphere_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t)) return false;
    tc_dvec3 d = tc_dvec3_sub(tc_dvec3_from(b->center), tc_dvec3_from(a->center));
    tc_dvec3 w = tc_dvec3_sub(tc_dvec3_from(velocity_b), tc_dvec3_from(velocity_a));
    double R = (double)a->radius + (double)b->radius;
    double c = tc_dvec3_dot(d, d) - R * R;
    /* Touching at t = 0 when the overlap test (with its band) says so, as
     * the distance does; the exact test alone missed that on a pair there. */
    if (c <= 0.0 || tc_overlap_sphere_sphere(a, b)) {
        tc_manifold m;
        if (tc_contact_sphere_sphere(a, b, &m)) {
            tc_sweep_hit_from_manifold(hit, &m);
        } else {
            /* |d| > R by a rounding hair (so |d| > 0): touching, the point
             * midway between the surfaces. */
            double dist = tc_dvec3_length(d);
            tc_dvec3 n = tc_dvec3_scale(d, 1.0 / dist);
            set_hit(hit, 0.0, tc_dvec3_mad(tc_dvec3_from(a->center), n, 0.5 * (a->radius + dist - b->radius)), n);
        }
        return true;
    }
    /* |d + w t| = R: a t^2 + 2 b t + c = 0, the smaller root. */
    double qa = tc_dvec3_dot(w, w), qb = tc_dvec3_dot(d, w);
    if (!(qb < 0.0) || qa == 0.0) return false; /* not approaching */
    double disc = qb * qb - qa * c;
    if (disc < 0.0) return false;
    double t = c / (-qb + sqrt(disc)); /* stable form of (-b - sqrt(disc)) / a */
    if (!(t <= max_t)) return false;
    /* The centres' offset at contact, |rel| = R up to rounding: normalised,
     * not divided by R, since d + w t cancels, and with centres near
     * FLT_MAX its rounding (1e-16 of 3e38) is far beyond R. When it cancels
     * to nothing, the direction from A to B at the start. */
    tc_dvec3 rel = tc_dvec3_mad(d, w, t);
    tc_dvec3 n = tc_dvec3_normalize(rel);
    if (tc_dvec3_dot(n, n) == 0.0) n = tc_dvec3_normalize(d);
    tc_dvec3 ca = tc_dvec3_mad(tc_dvec3_from(a->center), tc_dvec3_from(velocity_a), t);
    set_hit(hit, t, tc_dvec3_mad(ca, n, a->radius), n);
    return true;
}

/* Anything against a half-space: the height of A's lowest point is linear
 * in t. touching: the pair's overlap test calls them touching at t = 0 (its
 * band can reach past the double gap's sign: a sphere at x = 1e6). */
static bool core_sweep_plane(const tc_core *a, tc_dvec3 va, const tc_half_space *h, tc_dvec3 vb, double max_t,
                             bool touching, tc_sweep_hit *hit)
{
    tc_dvec3 down = tc_dvec3_neg(h->n);
    double lo, hi;
    tc_core_project(a, h->n, &lo, &hi);
    double gap = lo - a->radius - h->offset;
    double closing = -tc_dvec3_dot(tc_dvec3_sub(va, vb), h->n);
    double t;
    if (gap <= 0.0 || touching) {
        t = 0.0;
    } else {
        if (!(closing > 0.0)) return false;
        t = gap / closing;
        /* beyond max_t, or (max_t infinite) beyond any float time, as a
         * ray's t (tc_ray_t_ratio) */
        if (!(t <= max_t) || t > (double)FLT_MAX) return false;
    }
    if (hit) {
        tc_manifold m;
        if (t == 0.0 && tc_core_contact_plane(a, h, &m)) {
            tc_sweep_hit_from_manifold(hit, &m);
            return true;
        }
        /* The centre of A's lowest feature, on the plane at time t (also at
         * t = 0 when the contact finds no vertex below the plane: A's
         * lowest point is then on it, up to rounding). */
        tc_dvec3 f[TC_CORE_MAX_FEATURE];
        int k = tc_core_feature(a, down, 1e-6, f);
        tc_dvec3 c = tc_dvec3_make(0, 0, 0);
        for (int i = 0; i < k; ++i) c = tc_dvec3_add(c, f[i]);
        c = tc_dvec3_mad(tc_dvec3_scale(c, 1.0 / k), va, t);
        c = tc_dvec3_mad(c, h->n, -a->radius);
        set_hit(hit, t, c, down);
    }
    return true;
}

bool tc_core_sweep_plane(const tc_core *a, tc_dvec3 va, const tc_half_space *h, tc_dvec3 vb, double max_t, bool touching,
                         tc_sweep_hit *hit)
{
    return core_sweep_plane(a, va, h, vb, max_t, touching, hit);
}

/* The hit at t = 0 of two boxes that touch: the contact manifold's, else
 * (the float SAT and the double intervals disagree by a rounding hair, or
 * the overlap test's band calls touching what the SAT calls apart) the
 * manifold of the cores along the axis of least overlap. */
static void box_start_hit(const tc_obb *a, const tc_obb *b, tc_sweep_hit *hit)
{
    tc_manifold m;
    if (!tc_contact_obb_obb(a, b, &m)) {
        tc_core ca, cb;
        tc_core_from_obb(&ca, a);
        tc_core_from_obb(&cb, b);
        tc_vec3 n;
        double depth;
        tc_box_box_least_overlap(a, b, 0.0, &n, &depth, NULL);
        tc_core_manifold(&ca, &cb, tc_dvec3_normalize(tc_dvec3_from(n)), -INFINITY, &m, NULL);
    }
    tc_sweep_hit_from_manifold(hit, &m);
}

/* The hit of boxes that first touch at t = enter > 0 along n (from A to
 * B): the point where they touch, from their closest points then, found
 * in the pair's frame when the pair is far from the origin
 * (tc_core_pair_is_near): GJK's tolerances are of the cores' scale, and in
 * place at 1e12 a box's face landing on another's was hit 0.5 below it. */
static void box_hit_at(const tc_obb *a, tc_vec3 va, const tc_obb *b, tc_vec3 vb, double enter, tc_dvec3 n,
                       tc_sweep_hit *hit)
{
    if (!hit) return;
    tc_core ca, cb;
    tc_core_from_obb(&ca, a);
    tc_core_from_obb(&cb, b);
    const tc_dvec3 back = tc_core_pair_is_near(&ca, &cb) ? tc_dvec3_make(0, 0, 0) : tc_core_pair_recentre(&ca, &cb);
    tc_core_translate(&ca, tc_dvec3_scale(tc_dvec3_from(va), enter));
    tc_core_translate(&cb, tc_dvec3_scale(tc_dvec3_from(vb), enter));
    tc_gjk_result g;
    tc_gjk_distance(&ca, &cb, &g);
    tc_dvec3 c = tc_dvec3_sub(tc_dvec3_scale(tc_dvec3_add(g.point_a, g.point_b), 0.5), back);
    set_hit(hit, enter, c, tc_dvec3_normalize(n));
}

/* Box-box by the separating-axis test with relative velocity. touching:
 * the pair's overlap test calls them touching at t = 0 (as distance 0
 * does), which beyond the SAT's float range (a box 5.6e37 long) the
 * double intervals can call apart. */
static bool sweep_boxes(const tc_obb *a, tc_vec3 va, const tc_obb *b, tc_vec3 vb, float max_t, bool touching,
                        tc_sweep_hit *hit)
{
    if (touching) {
        box_start_hit(a, b, hit);
        return true;
    }
    tc_dvec3 w = tc_dvec3_sub(tc_dvec3_from(vb), tc_dvec3_from(va)); /* B relative to A */
    double enter = -INFINITY, exit = INFINITY;
    tc_dvec3 enter_n = tc_dvec3_make(0, 0, 1);
    int enter_axis = -1;
    for (int k = 0; k < TC_SAT_AXIS_COUNT; ++k) {
        double gap, ra, rb;
        tc_vec3 unit;
        if (!tc_box_box_axis_gap(a, b, k, &gap, &unit, &ra, &rb)) continue; /* parallel edges */
        tc_dvec3 axis = tc_dvec3_from(unit);  /* oriented from A towards B */
        double R = ra + rb, d0 = gap + R;     /* B's centre offset along axis, >= 0 */
        double speed = tc_dvec3_dot(w, axis);
        if (speed == 0.0) {
            if (gap > 0.0) return false; /* separated on this axis forever */
            continue;
        }
        double t0 = (-R - d0) / speed, t1 = (R - d0) / speed;
        if (t0 > t1) { double s = t0; t0 = t1; t1 = s; }
        if (t0 > enter) {
            enter = t0;
            enter_axis = k;
            /* B arrives from the side its centre is on at entry. */
            enter_n = d0 + speed * t0 >= 0.0 ? axis : tc_dvec3_neg(axis);
        }
        if (t1 < exit) exit = t1;
    }
    if (enter > exit || exit < 0.0 || !(enter <= (double)max_t)) return false;
    if (enter <= 0.0 || enter_axis < 0) {
        box_start_hit(a, b, hit);
        return true;
    }
    box_hit_at(a, va, b, vb, enter, enter_n, hit);
    return true;
}

bool tc_sweep_obb_obb(const tc_obb *a, tc_vec3 velocity_a, const tc_obb *b, tc_vec3 velocity_b, float max_t, tc_sweep_hit *hit)
{
    if (!tc_obb_is_valid(a) || !tc_obb_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t)) return false;
    return sweep_boxes(a, velocity_a, b, velocity_b, max_t, tc_overlap_obb_obb(a, b), hit);
}

/* Two AABBs apart at t = 0 (their overlap test says so) by the exact
 * per-axis intervals of their own corners, in double: the first time
 * within [0, max_t] when every axis overlaps. */
static bool sweep_aabbs_apart(const tc_aabb *a, tc_vec3 va, const tc_aabb *b, tc_vec3 vb, float max_t, tc_sweep_hit *hit)
{
    const float amin[3] = { a->min.x, a->min.y, a->min.z }, amax[3] = { a->max.x, a->max.y, a->max.z };
    const float bmin[3] = { b->min.x, b->min.y, b->min.z }, bmax[3] = { b->max.x, b->max.y, b->max.z };
    const double w[3] = { (double)vb.x - va.x, (double)vb.y - va.y, (double)vb.z - va.z };
    double enter = 0.0, exit = INFINITY;
    tc_dvec3 n = tc_dvec3_make(0, 0, 1);
    for (int k = 0; k < 3; ++k) {
        /* B's offset from A on this axis overlaps while lo + w t <= 0 <= hi + w t */
        const double lo = (double)bmin[k] - amax[k], hi = (double)bmax[k] - amin[k];
        if (w[k] == 0.0) {
            if (lo > 0.0 || hi < 0.0) return false;
            continue;
        }
        const double t0 = (w[k] > 0.0 ? -hi : -lo) / w[k], t1 = (w[k] > 0.0 ? -lo : -hi) / w[k];
        if (t0 > enter) {
            enter = t0;
            /* B comes from above A on this axis when it moves down */
            n = tc_dvec3_make(k == 0 ? (w[k] < 0.0 ? 1.0 : -1.0) : 0.0, k == 1 ? (w[k] < 0.0 ? 1.0 : -1.0) : 0.0,
                              k == 2 ? (w[k] < 0.0 ? 1.0 : -1.0) : 0.0);
        }
        if (t1 < exit) exit = t1;
    }
    if (enter > exit || !(enter > 0.0) || !(enter <= (double)max_t)) return false;
    const tc_obb oa = tc_obb_from_aabb(a), ob = tc_obb_from_aabb(b);
    box_hit_at(&oa, va, &ob, vb, enter, n, hit);
    return true;
}

bool tc_sweep_aabb_aabb(const tc_aabb *a, tc_vec3 velocity_a, const tc_aabb *b, tc_vec3 velocity_b, float max_t, tc_sweep_hit *hit)
{
    if (!tc_aabb_is_valid(a) || !tc_aabb_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t)) return false;
    tc_obb oa = tc_obb_from_aabb(a), ob = tc_obb_from_aabb(b);
    const bool touching = tc_overlap_aabb_aabb(a, b);
    tc_sweep_hit h;
    if (!sweep_boxes(&oa, velocity_a, &ob, velocity_b, max_t, touching, &h)) return false;
    /* Boxes whose centre and half size round (a box 1.3e29 long) can
     * overlap where the AABBs, 0.5 apart, do not: a still sweep hit what
     * overlap called apart (libFuzzer). Such a start is the exact
     * intervals' answer. */
    if (h.t == 0.0f && !touching) return sweep_aabbs_apart(a, velocity_a, b, velocity_b, max_t, hit);
    if (hit) *hit = h;
    return true;
}

/* Whether box o (an AABB's, tc_obb_from_aabb) is the AABB a exactly, per
 * axis its centre less and plus its half extent (each exact in double for
 * floats of nearby exponents; a sum that is not only sends the pair to the
 * moved frame below, which costs nothing in correctness). */
static bool obb_is_aabb(const tc_obb *o, const tc_aabb *a)
{
    const float c[3] = { o->center.x, o->center.y, o->center.z }, h[3] = { o->half.x, o->half.y, o->half.z };
    const float lo[3] = { a->min.x, a->min.y, a->min.z }, hi[3] = { a->max.x, a->max.y, a->max.z };
    bool exact = true;
    for (int k = 0; k < 3; ++k) exact &= (double)c[k] - h[k] == lo[k] && (double)c[k] + h[k] == hi[k];
    return exact;
}

/* The AABB as an OBB, whose float centre rounds (by half an ulp of the
 * centre: where a box 1e-6 wide lies at 1, a tenth of it) unless it is
 * exact: then the SAT called boxes overlapping that the overlap test, in
 * the pair's frame, called 1e-8 apart, and a still sweep hit them (issue
 * 12). So an AABB whose OBB is not itself is swept in the overlap test's
 * frame (tc_overlap_aabb_obb): the OBB's centre the origin, the AABB's
 * centre taken exactly and its offset rounded once, of the pair's own
 * size; the hit point moved back. An exact one (every box on a grid, the
 * golden hash's) stays in place, bit for bit. */
bool tc_sweep_aabb_obb(const tc_aabb *a, tc_vec3 velocity_a, const tc_obb *b, tc_vec3 velocity_b, float max_t, tc_sweep_hit *hit)
{
    if (!tc_aabb_is_valid(a) || !tc_obb_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t)) return false;
    const bool touching = tc_overlap_aabb_obb(a, b);
    tc_obb oa = tc_obb_from_aabb(a);
    /* below 2^126 the offset, at most twice that, is a float */
    if (obb_is_aabb(&oa, a) || !(tc_maxf(tc_aabb_magnitude(a), tc_obb_magnitude(b)) <= 0x1p126f))
        return sweep_boxes(&oa, velocity_a, b, velocity_b, max_t, touching, hit);
    tc_obb ob = *b;
    oa.center = tc_vec3_neg(tc_aabb_offset(a, b->center));
    ob.center = tc_vec3_zero();
    tc_sweep_hit h;
    if (!sweep_boxes(&oa, velocity_a, &ob, velocity_b, max_t, touching, &h)) return false;
    h.point = tc_core_moved_back(h.point, tc_dvec3_neg(tc_dvec3_from(b->center)));
    if (hit) *hit = h;
    return true;
}

/* The pairs by conservative advancement. Whether they touch at t = 0 is
 * their overlap test's answer, as distance 0 is (distance.c): the closed
 * forms' float rounding, which a far vertex makes large, and GJK's can
 * disagree inside the tolerance band (a sphere 1.6 from a triangle reaching
 * x = 1e6 overlapped, a band of 1.9 there, while GJK found the gap and the
 * sweep advanced: distance 0, yet a still sweep missed). */
/* In the pair's frame (tc_core_pair_recentre), the hit point moved back:
 * the advancement's tolerances, of the cores' scale, are then of the
 * pair's sizes and separation. Beyond the float range it is the overlap
 * test's frame, so that an apart pair does not hit at its start (at 1e12,
 * by GJK's tolerance of 1, unit boxes 0.01 apart did). Below it, for a
 * pair far from the origin as tc_core_pair_is_near decides (the hulls'
 * rule): in place the advancement stopped within 1e-6 of the coordinates
 * of touching (1 at 1e6), and a shape falling onto another hit up to 0.4
 * off in time and 0.28 in height at 1e6 and 1e7 (issue 12, large worlds);
 * such a pair always moves, its cores reaching a sixteenth of the
 * coordinates, within tc_core_pair_recentre's quarter. Out of line: a pair
 * near the origin pays for the test alone. */
TC_NO_INLINE bool sweep_in_pair_frame(tc_core *a, tc_vec3 va, tc_core *b, tc_vec3 vb, float max_t,
                                      tc_sweep_hit *hit)
{
    const tc_dvec3 back = tc_core_pair_recentre(a, b);
    if (!core_sweep(a, tc_dvec3_from(va), b, tc_dvec3_from(vb), max_t, true, hit)) return false;
    if (hit) hit->point = tc_core_moved_back(hit->point, back);
    return true;
}

#define TC_SWEEP_CORES(A, B)                                                                                   \
    bool tc_sweep_##A##_##B(const tc_##A *a, tc_vec3 velocity_a, const tc_##B *b, tc_vec3 velocity_b,          \
                            float max_t, tc_sweep_hit *hit)                                                    \
    {                                                                                                          \
        if (!tc_##A##_is_valid(a) || !tc_##B##_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t))      \
            return false;                                                                                      \
        tc_core ca, cb;                                                                                        \
        tc_core_from_##A(&ca, a);                                                                              \
        tc_core_from_##B(&cb, b);                                                                              \
        if (tc_overlap_##A##_##B(a, b)) {                                                                      \
            TC_SWEEP_START(A, B, a, b, &ca, &cb, hit);                                                         \
            return true;                                                                                       \
        }                                                                                                      \
        if (tc_core_pair_is_near(&ca, &cb) && !TC_CORES_ARE_FAR(A, B, a, b, &ca, &cb))                         \
            return core_sweep(&ca, tc_dvec3_from(velocity_a), &cb, tc_dvec3_from(velocity_b), max_t, true, hit); \
        return sweep_in_pair_frame(&ca, velocity_a, &cb, velocity_b, max_t, hit);                              \
    }

TC_SWEEP_CORES(sphere, capsule)
TC_SWEEP_CORES(sphere, aabb)
TC_SWEEP_CORES(sphere, obb)
TC_SWEEP_CORES(sphere, triangle)
TC_SWEEP_CORES(capsule, capsule)
TC_SWEEP_CORES(capsule, aabb)
TC_SWEEP_CORES(capsule, obb)
TC_SWEEP_CORES(capsule, triangle)
TC_SWEEP_CORES(aabb, triangle)
TC_SWEEP_CORES(obb, triangle)
TC_SWEEP_CORES(triangle, triangle)

#define TC_SWEEP_PLANE(A)                                                                                     \
    bool tc_sweep_##A##_plane(const tc_##A *a, tc_vec3 velocity_a, const tc_plane *b, tc_vec3 velocity_b,     \
                              float max_t, tc_sweep_hit *hit)                                                 \
    {                                                                                                         \
        if (!tc_##A##_is_valid(a) || !tc_plane_is_valid(b) || !tc_sweep_motion_ok(velocity_a, velocity_b, max_t))     \
            return false;                                                                                     \
        tc_core ca;                                                                                           \
        tc_core_from_##A(&ca, a);                                                                             \
        tc_half_space h = tc_half_space_from_plane(b);                                                        \
        return core_sweep_plane(&ca, tc_dvec3_from(velocity_a), &h, tc_dvec3_from(velocity_b), max_t,                \
                                tc_overlap_##A##_plane(a, b), hit);                                                   \
    }

TC_SWEEP_PLANE(sphere)
TC_SWEEP_PLANE(capsule)
TC_SWEEP_PLANE(aabb)
TC_SWEEP_PLANE(obb)
TC_SWEEP_PLANE(triangle)
