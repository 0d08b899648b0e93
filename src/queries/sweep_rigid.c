/* SPDX-License-Identifier: MIT */
/* Rotating sweeps by conservative advancement (Mirtich).
 *
 * Over the step each body moves linearly from its start position to its end
 * position and turns at a constant angular speed w about a fixed axis through
 * its origin (slerp). Take the closest points at time t and their unit
 * direction n. Along that fixed n, any core point of A moves at most
 * v_A.n + w_A * R_A * s_A per unit time, where R_A is the furthest core
 * vertex from A's rotation axis (the axis through A's origin, fixed in the
 * world while A slerps) and s_A the sine of the angle between n and that axis
 * (a point turning about the axis moves perpendicular to it, at most
 * w_A * R_A fast); likewise B, with the opposite sign. So the gap along n --
 * a lower bound of the distance -- cannot close faster than
 * (v_A - v_B).n + w_A R_A s_A + w_B R_B s_B. Advancing t by gap / that bound
 * is therefore safe: the bodies cannot have touched before. The loop stops
 * when the gap is under the tolerance, or when the bound is not positive
 * (they never meet in this step). At t = 0 only an overlap stops it: a hit
 * at t = 0 says the shapes start overlapping.
 *
 * Near a graze the steps are slow: the gap along the fixed n can fall at
 * nearly the bound while the distance hardly changes (the direction of the
 * closest points turns with the bodies), so each step is about gap / bound
 * and passing a graze of gap g takes about 1 / sqrt(g) steps (hundreds when
 * g is a few tolerances). Hence the generous step limit.
 *
 * Whatever ends the loop, the hit reports the closest points of the poses at
 * the reported t itself: after the last allowed step they are computed again
 * there, never taken from the pose before that step. */
#include "touche/hull.h"
#include "touche/sweep.h"

#include "queries/pair_queries.h"
#include "queries/penetration.h"
#include "queries/sweep_start.h"
#include "queries/sweep_rigid.h"
#include "queries/sweep_rigid_start.h"
#include "core/float.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

#define TC_RIGID_TOLERANCE 1e-5
#define TC_RIGID_MAX_ITERATIONS 4096
#define TC_RIGID_PLANE_MAX_ITERATIONS 1024

typedef struct dquat { double x, y, z, w; } dquat;

static dquat dquat_mul(dquat a, dquat b)
{
    dquat r;
    r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
    r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
    r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
    return r;
}

static dquat dquat_unit(tc_quat q)
{
    dquat r = { q.x, q.y, q.z, q.w };
    double l = sqrt(r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w);
    if (!(l > 0.0) || !isfinite(l)) { r.x = r.y = r.z = 0.0; r.w = 1.0; return r; }
    r.x /= l; r.y /= l; r.z /= l; r.w /= l;
    return r;
}

/* Rotation matrix columns of unit q. */
static void dquat_matrix(dquat q, tc_dvec3 col[3])
{
    double x = q.x, y = q.y, z = q.z, w = q.w;
    col[0] = tc_dvec3_make(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y));
    col[1] = tc_dvec3_make(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x));
    col[2] = tc_dvec3_make(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y));
}

static dquat dquat_of(const double q[4])
{
    dquat r = { q[0], q[1], q[2], q[3] };
    return r;
}

tc_rigid_motion tc_rigid_motion_make(tc_transform s, tc_transform e)
{
    tc_rigid_motion m;
    m.p0 = tc_dvec3_from(s.position);
    m.dp = tc_dvec3_sub(tc_dvec3_from(e.position), m.p0);
    dquat q0 = dquat_unit(s.rotation);
    m.q0[0] = q0.x; m.q0[1] = q0.y; m.q0[2] = q0.z; m.q0[3] = q0.w;
    /* Equal rotations do not turn: q0^-1 q0 rounds to a hair of a turn
     * about an arbitrary axis, which a long lever arm made a step (a still
     * hull over a plane hit at t = 5e-12; the pair fuzzer, issue 12). */
    const bool same = s.rotation.x == e.rotation.x && s.rotation.y == e.rotation.y && s.rotation.z == e.rotation.z &&
                      s.rotation.w == e.rotation.w;
    dquat q1 = same ? q0 : dquat_unit(e.rotation);
    dquat c = { -q0.x, -q0.y, -q0.z, q0.w };
    dquat d = dquat_mul(c, q1);
    if (d.w < 0.0) { d.x = -d.x; d.y = -d.y; d.z = -d.z; d.w = -d.w; } /* the shorter way */
    tc_dvec3 v = tc_dvec3_make(d.x, d.y, d.z);
    double s_half = same ? 0.0 : tc_dvec3_length(v);
    m.angle = 2.0 * atan2(s_half, d.w);
    m.axis = s_half > 0.0 ? tc_dvec3_scale(v, 1.0 / s_half) : tc_dvec3_make(0, 0, 0);
    tc_dvec3 col[3];
    dquat_matrix(q0, col);
    m.world_axis = tc_dvec3_add(tc_dvec3_scale(col[0], m.axis.x),
                                tc_dvec3_add(tc_dvec3_scale(col[1], m.axis.y), tc_dvec3_scale(col[2], m.axis.z)));
    return m;
}

void tc_rigid_motion_at(const tc_rigid_motion *m, double t, tc_dvec3 *p, tc_dvec3 col[3])
{
    double h = 0.5 * m->angle * t, s = sin(h);
    dquat r = { m->axis.x * s, m->axis.y * s, m->axis.z * s, cos(h) };
    dquat_matrix(dquat_mul(dquat_of(m->q0), r), col);
    *p = tc_dvec3_mad(m->p0, m->dp, t);
}

static tc_dvec3 turn(const tc_dvec3 col[3], tc_dvec3 v)
{
    return tc_dvec3_add(tc_dvec3_scale(col[0], v.x), tc_dvec3_add(tc_dvec3_scale(col[1], v.y), tc_dvec3_scale(col[2], v.z)));
}

void tc_core_place(const tc_core *local, tc_dvec3 p, const tc_dvec3 col[3], tc_core *out)
{
    *out = *local;
    if (local->count == TC_CORE_HULL) {
        /* a hull moves by its placement: its vertices stay in its data */
        out->hull_position = tc_dvec3_add(p, turn(col, local->hull_position));
        for (int k = 0; k < 3; ++k) out->hull_axis[k] = turn(col, local->hull_axis[k]);
        tc_core_finish(out);
        return;
    }
    for (int i = 0; i < local->count; ++i) out->v[i] = tc_dvec3_add(p, turn(col, local->v[i]));
    if (local->count == 8) {
        out->center = tc_dvec3_add(p, turn(col, local->center));
        for (int k = 0; k < 3; ++k) out->axis[k] = turn(col, local->axis[k]);
    }
    tc_core_finish(out);
}

static void pose_core(const tc_core *local, const tc_rigid_motion *m, double t, tc_core *out)
{
    tc_dvec3 p, col[3];
    tc_rigid_motion_at(m, t, &p, col);
    tc_core_place(local, p, col, out);
}

static double off_axis(tc_dvec3 v, tc_dvec3 axis)
{
    return tc_dvec3_length(tc_dvec3_sub(v, tc_dvec3_scale(axis, tc_dvec3_dot(v, axis))));
}

double tc_core_lever_arm(const tc_core *local, tc_dvec3 axis)
{
    double r = 0.0;
    if (local->count == TC_CORE_HULL) {
        for (int32_t i = 0; i < tc_core_hull_vertex_count(local); ++i) {
            double l = off_axis(tc_core_hull_vertex(local, i), axis);
            if (l > r) r = l;
        }
        return r;
    }
    for (int i = 0; i < local->count; ++i) {
        double l = off_axis(local->v[i], axis);
        if (l > r) r = l;
    }
    return r;
}

/* Sine of the angle between unit n and a unit axis (1 for no axis): only the
 * part of n across the axis sees a point turning about it move. */
static double across(tc_dvec3 n, tc_dvec3 axis)
{
    double c = tc_dvec3_dot(n, axis);
    double s2 = 1.0 - c * c;
    return s2 > 0.0 ? sqrt(s2) : 0.0;
}

/* A hit point in floats: saturated, as the translating sweeps' (a shape
 * reaching past the float range can touch beyond it, whose rounding
 * overflows to infinity). */
static tc_vec3 saturated(tc_dvec3 p)
{
    return tc_vec3_make(tc_float_saturated(p.x), tc_float_saturated(p.y), tc_float_saturated(p.z));
}

/* The reported time of a hit found at t > 0: never 0 (a hit at t = 0 says
 * the shapes start overlapping), even for a t under the float range. */
static float reported_t(double t)
{
    float f = (float)t;
    return f > 0.0f || !(t > 0.0) ? f : FLT_TRUE_MIN;
}

bool tc_rigid_pose_ok(tc_transform t)
{
    return tc_vec3_is_finite(t.position) && tc_is_finite(t.rotation.x) && tc_is_finite(t.rotation.y) &&
           tc_is_finite(t.rotation.z) && tc_is_finite(t.rotation.w);
}

/* Whether the advancement has arrived: within the tolerance of touching,
 * except at t = 0, where only an overlap stops it (a hit at t = 0 means the
 * shapes start overlapping; shapes a hair apart take a step first, so a hit
 * there comes at a t > 0). The plane sweep's test; the cores' sweep asks
 * tc_sweep_start_apart at t = 0. */
static bool arrived(double gap, double tol, double t)
{
    return gap <= (t > 0.0 ? tol : 0.0);
}

/* Whether posed cores a and b, whose GJK result in place is *r, are apart
 * at the start as distance and contact decide it (tc_sweep_start_apart).
 * The sweep's frame is A's start position's (below), which leaves cores far
 * from their own bodies' origins where they are: shapes 1e-6 across given
 * at 1 with identity poses had the hulls' band of 1e-7 of 1, and a still
 * sweep hit pairs at t = 0 that overlap, distance and contact called 4e-8
 * apart (issue 12). Such a pair (tc_core_pair_is_near says no) is asked in
 * its own frame (tc_core_pair_recentre), and *r becomes the GJK result
 * there (the same gap and direction, the points moved: the advancement
 * takes only those two from it before it runs GJK again). */
static bool rigid_start_apart(const tc_core *a, const tc_core *b, tc_gjk_result *r, double radii)
{
    if (tc_core_pair_is_near(a, b)) return tc_sweep_start_apart(a, b, r, radii);
    tc_core ma = *a, mb = *b;
    tc_core_pair_recentre(&ma, &mb);
    tc_gjk_distance(&ma, &mb, r);
    return tc_sweep_start_apart(&ma, &mb, r, radii);
}

bool tc_core_sweep_rigid(const tc_core *la, tc_transform a0, tc_transform a1, const tc_core *lb, tc_transform b0,
                         tc_transform b1, double max_t, tc_sweep_hit *hit)
{
    if (!tc_rigid_pose_ok(a0) || !tc_rigid_pose_ok(a1) || !tc_rigid_pose_ok(b0) || !tc_rigid_pose_ok(b1)) return false;
    tc_rigid_motion ma = tc_rigid_motion_make(a0, a1), mb = tc_rigid_motion_make(b0, b1);
    return tc_core_sweep_rigid_moving(la, &ma, lb, &mb, max_t, hit);
}

bool tc_core_sweep_rigid_moving(const tc_core *la, const tc_rigid_motion *pma, const tc_core *lb,
                                const tc_rigid_motion *pmb, double max_t, tc_sweep_hit *hit)
{
    tc_rigid_motion ma = *pma, mb = *pmb;
    /* The yardstick of the tolerances: the cores' and the motions' largest numbers. */
    const double move_a = tc_dvec3_length(ma.dp), move_b = tc_dvec3_length(mb.dp);
    double scale = la->scale + lb->scale + tc_dvec3_max_abs(ma.p0) + tc_dvec3_max_abs(mb.p0) + move_a + move_b;
    /* Far from the origin the sweep runs in the pair's frame, A's start at
     * the origin (B's start position less A's, in double, rounded once), on
     * the translating hull sweeps' rule (tc_core_pair_is_near: while the
     * scale is within TC_CORE_NEAR_RATIO times the moved pair's it stays in
     * place, its bits kept): its tolerances, of the scale, are then of the
     * pair's sizes, separation and motion. In place, at 1e6 the advancement
     * stopped within 20 of touching, and a still hull 0.01 from a sphere
     * hit at t = 0. The hit point is moved back. */
    const tc_dvec3 start = ma.p0, b_start = tc_dvec3_sub(mb.p0, start);
    const double rel = la->scale + lb->scale + tc_dvec3_max_abs(b_start) + move_a + move_b;
    const bool moved = !(scale <= TC_CORE_NEAR_RATIO * rel);
    if (moved) {
        ma.p0 = tc_dvec3_make(0, 0, 0);
        mb.p0 = b_start;
        scale = rel;
    }
    double turn_a = ma.angle * tc_core_lever_arm(la, ma.axis), turn_b = mb.angle * tc_core_lever_arm(lb, mb.axis);
    tc_dvec3 v = tc_dvec3_sub(ma.dp, mb.dp);
    double tol = TC_RIGID_TOLERANCE * scale;
    double radii = la->radius + lb->radius;
    double t = 0.0;
    tc_core ca, cb;
    tc_gjk_result r;
    tc_dvec3 n = tc_dvec3_make(0, 0, 1);
    for (int it = 0;; ++it) {
        pose_core(la, &ma, t, &ca);
        pose_core(lb, &mb, t, &cb);
        tc_gjk_distance(&ca, &cb, &r);
        /* At t = 0, touching as distance and contact decide it on the
         * cores (GJK's rounding snapped, the hull overlap's band), as the
         * translating sweep does: shapes at distance 0 whose cores GJK put
         * 2e-17 apart took a step and hit at t = 2e-17 (the pair fuzzer,
         * issue 12). */
        const tc_gjk_result in_place = r;
        const bool start_touching = t == 0.0 && !rigid_start_apart(&ca, &cb, &r, radii);
        if (start_touching) r = in_place; /* the start hit is taken where the cores are */
        double gap = r.distance - radii;
        bool has_n = r.distance > TC_CORE_CONTACT_EPSILON * scale;
        if (has_n) n = tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / r.distance);
        if (start_touching || (t > 0.0 && gap <= tol) || it == TC_RIGID_MAX_ITERATIONS) {
            /* Converged, or out of steps: the closest points above are those
             * of the poses at t, which is before any contact either way. */
            if (start_touching) {
                tc_sweep_start_hit(&ca, &cb, &r, hit);
                if (hit && moved) hit->point = tc_core_moved_back(hit->point, tc_dvec3_neg(start));
                return true;
            }
            if (!has_n) tc_core_penetration(&ca, &cb, &n, NULL);
            break;
        }
        /* Advancing: apart, so r.distance > radii >= 0 and the witness
         * gives the direction even below the contact epsilon, which a huge
         * displacement inflates (two points 25 apart, one moving 2.9e38:
         * the default +z made A-B advance and hit at t = 8.7e-38 while B-A
         * receded and missed; the pair fuzzer, issue 12). */
        if (!has_n) n = tc_dvec3_scale(tc_dvec3_sub(r.point_b, r.point_a), 1.0 / r.distance);
        double bound = tc_dvec3_dot(v, n) + turn_a * across(n, ma.world_axis) + turn_b * across(n, mb.world_axis);
        if (!(bound > 0.0)) return false;
        t += gap / bound;
        if (!(t <= max_t)) return false;
    }
    if (hit) {
        double gap = r.distance - radii;
        hit->t = reported_t(t);
        const tc_dvec3 p = tc_dvec3_mad(r.point_a, n, la->radius + 0.5 * gap);
        hit->point = saturated(moved ? tc_dvec3_add(p, start) : p);
        hit->normal = tc_dvec3_to(n);
    }
    return true;
}

#define TC_SWEEP_RIGID(A, B)                                                                                 \
    bool tc_sweep_rigid_##A##_##B(const tc_##A *a, tc_transform a_start, tc_transform a_end,                 \
                                  const tc_##B *b, tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit) \
    {                                                                                                        \
        if (!tc_##A##_is_valid(a) || !tc_##B##_is_valid(b)) return false;                                   \
        tc_core ca, cb;                                                                                      \
        tc_core_from_##A(&ca, a);                                                                            \
        tc_core_from_##B(&cb, b);                                                                            \
        tc_sweep_hit h;                                                                                      \
        const bool found = tc_core_sweep_rigid(&ca, a_start, a_end, &cb, b_start, b_end, 1.0, &h);           \
        const tc_shape sa = tc_shape_from_##A(*a), sb = tc_shape_from_##B(*b);                               \
        return tc_sweep_rigid_started(found, &sa, a_start, a_end, &sb, b_start, b_end, &h, hit);                      \
    }

TC_SWEEP_RIGID(sphere, sphere)
TC_SWEEP_RIGID(sphere, capsule)
TC_SWEEP_RIGID(sphere, aabb)
TC_SWEEP_RIGID(sphere, obb)
TC_SWEEP_RIGID(sphere, triangle)
TC_SWEEP_RIGID(capsule, capsule)
TC_SWEEP_RIGID(capsule, aabb)
TC_SWEEP_RIGID(capsule, obb)
TC_SWEEP_RIGID(capsule, triangle)
TC_SWEEP_RIGID(aabb, aabb)
TC_SWEEP_RIGID(aabb, obb)
TC_SWEEP_RIGID(aabb, triangle)
TC_SWEEP_RIGID(obb, obb)
TC_SWEEP_RIGID(obb, triangle)
TC_SWEEP_RIGID(triangle, triangle)
TC_SWEEP_RIGID(sphere, hull)
TC_SWEEP_RIGID(capsule, hull)
TC_SWEEP_RIGID(aabb, hull)
TC_SWEEP_RIGID(obb, hull)
TC_SWEEP_RIGID(triangle, hull)
TC_SWEEP_RIGID(hull, hull)

/* A turning shape against a still plane: the same conservative advancement
 * with the plane's normal n fixed. The gap is the lowest core vertex's height
 * over the plane less the radius; no point of A approaches the plane faster
 * than -dp.n + angle * lever arm * (sine of n to the turning axis) per unit
 * of t. */
bool tc_core_sweep_rigid_plane(const tc_core *la, tc_transform a0, tc_transform a1, const tc_half_space *h,
                               double max_t, tc_sweep_hit *hit)
{
    if (!tc_rigid_pose_ok(a0) || !tc_rigid_pose_ok(a1)) return false;
    tc_rigid_motion ma = tc_rigid_motion_make(a0, a1);
    return tc_core_sweep_rigid_plane_moving(la, &ma, h, max_t, hit);
}

bool tc_core_sweep_rigid_plane_moving(const tc_core *la, const tc_rigid_motion *pma, const tc_half_space *h,
                                      double max_t, tc_sweep_hit *hit)
{
    const tc_dvec3 n = h->n;
    double offset = h->offset;
    tc_rigid_motion ma = *pma;
    double spin = ma.angle * tc_core_lever_arm(la, ma.axis) * across(n, ma.world_axis);
    double scale = la->scale + tc_dvec3_max_abs(ma.p0) + tc_dvec3_length(ma.dp) + fabs(offset);
    /* Far from the origin the sweep runs with A's start position at the
     * origin, the plane's offset less its height there (in double), on the
     * rule of the cores' sweep above (TC_CORE_NEAR_RATIO): its tolerance is
     * then of A's size, motion and height over the plane, not of where it
     * is (1e-5 of the coordinates: 10 at 1e6, where a shape falling onto a
     * ground hit it 10 early). The hit point is moved back. */
    const tc_dvec3 start = ma.p0;
    const double moved_offset = offset - tc_dvec3_dot(n, start);
    const double rel = la->scale + tc_dvec3_length(ma.dp) + fabs(moved_offset);
    const bool moved = !(scale <= TC_CORE_NEAR_RATIO * rel);
    if (moved) {
        ma.p0 = tc_dvec3_make(0, 0, 0);
        offset = moved_offset;
        scale = rel;
    }
    double tol = TC_RIGID_TOLERANCE * scale;
    double approach = -tc_dvec3_dot(ma.dp, n) + spin;
    double t = 0.0, gap = INFINITY;
    tc_dvec3 lowest = tc_dvec3_make(0, 0, 0);
    const tc_dvec3 down = tc_dvec3_neg(n);
    tc_core ca;
    /* Each step costs a support query here (a handful of dot products, a
     * climb on a large hull), so the plane sweep can afford many more of
     * them than the GJK-based one. */
    for (int it = 0;; ++it) {
        pose_core(la, &ma, t, &ca);
        lowest = tc_core_support(&ca, down); /* the first lowest vertex */
        gap = tc_dvec3_dot(n, lowest) - offset - la->radius;
        /* Converged, or out of steps: lowest and gap are those at t. */
        if (arrived(gap, tol, t) || it == TC_RIGID_PLANE_MAX_ITERATIONS) break;
        if (!(approach > 0.0)) return false;
        t += gap / approach;
        if (!(t <= max_t)) return false;
    }
    if (hit) {
        /* The lowest point of A's surface, moved onto the plane when A
         * already dips below it. */
        double below = gap < 0.0 ? -gap : 0.0;
        hit->t = reported_t(t);
        const tc_dvec3 p = tc_dvec3_mad(lowest, n, -(la->radius) + below);
        hit->point = saturated(moved ? tc_dvec3_add(p, start) : p);
        hit->normal = tc_dvec3_to(down);
    }
    return true;
}

#define TC_SWEEP_RIGID_PLANE(A)                                                                              \
    bool tc_sweep_rigid_##A##_plane(const tc_##A *a, tc_transform a_start, tc_transform a_end,               \
                                    const tc_plane *b, tc_sweep_hit *hit)                                    \
    {                                                                                                        \
        if (!tc_##A##_is_valid(a) || !tc_plane_is_valid(b)) return false;                                   \
        tc_core ca;                                                                                          \
        tc_core_from_##A(&ca, a);                                                                            \
        tc_half_space hs = tc_half_space_from_plane(b);                                                      \
        tc_sweep_hit h;                                                                                      \
        const bool found = tc_core_sweep_rigid_plane(&ca, a_start, a_end, &hs, 1.0, &h);                     \
        const tc_transform id = tc_transform_identity();                                                     \
        const tc_shape sa = tc_shape_from_##A(*a), sb = tc_shape_from_plane(*b);                             \
        return tc_sweep_rigid_started(found, &sa, a_start, a_end, &sb, id, id, &h, hit);                              \
    }

TC_SWEEP_RIGID_PLANE(sphere)
TC_SWEEP_RIGID_PLANE(capsule)
TC_SWEEP_RIGID_PLANE(aabb)
TC_SWEEP_RIGID_PLANE(obb)
TC_SWEEP_RIGID_PLANE(triangle)

/* The plane comes before the hull in the pair order, so here the still
 * plane is A and the hull B turns onto it: the normal from A to B is the
 * plane's own. */
bool tc_sweep_rigid_plane_hull(const tc_plane *a, const tc_hull *b, tc_transform b_start, tc_transform b_end,
                               tc_sweep_hit *hit)
{
    if (!tc_plane_is_valid(a) || !tc_hull_is_valid(b)) return false;
    tc_core cb;
    tc_core_from_hull(&cb, b);
    tc_half_space hs = tc_half_space_from_plane(a);
    tc_sweep_hit h;
    const bool found = tc_core_sweep_rigid_plane(&cb, b_start, b_end, &hs, 1.0, &h);
    if (found) h.normal = tc_vec3_neg(h.normal);
    const tc_transform id = tc_transform_identity();
    const tc_shape sa = tc_shape_from_plane(*a), sb = tc_shape_from_hull(*b);
    return tc_sweep_rigid_started(found, &sa, id, id, &sb, b_start, b_end, &h, hit);
}
