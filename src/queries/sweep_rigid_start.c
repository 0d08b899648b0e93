/* SPDX-License-Identifier: MIT */
/* The start of a rotating sweep as the pair's own overlap test decides it
 * (sweep_rigid_start.h). */
#include "queries/sweep_rigid_start.h"

#include <math.h>

#include "core/float.h"
#include "queries/convex_core.h"
#include "queries/sweep_rigid.h"
#include "queries/sweep_start.h"

/* A shape at a pose of its rotating sweep: an AABB turns as the box of its
 * frame (tc_shape_transform would keep it axis-aligned). At the identity
 * (no move, a quaternion with zero x, y, z: tc_pose_frame's) the shape as
 * given: the AABB as an OBB rounds its centre (by half an ulp of it: at 1,
 * a tenth of a box 1e-6 wide) and a placed plane's offset rounds with its
 * normal's length (tc_shape_place: 6e-8 of it), which moved shapes far
 * below their coordinates into or out of touching, and a still rotating
 * sweep answered otherwise than overlap, distance and contact of the
 * shapes given (issue 12). For a finite pose. */
tc_shape tc_shape_rigid_placed(const tc_shape *s, tc_transform pose)
{
    if (pose.position.x == 0.0f && pose.position.y == 0.0f && pose.position.z == 0.0f && pose.rotation.x == 0.0f &&
        pose.rotation.y == 0.0f && pose.rotation.z == 0.0f)
        return *s;
    if (s->type != TC_SHAPE_AABB) return tc_shape_transform(s, pose, 1.0f);
    const tc_shape box = tc_shape_from_obb(tc_obb_from_aabb(&s->u.aabb));
    return tc_shape_transform(&box, pose, 1.0f);
}

/* The largest coordinate of a shape's box turned by its pose but not
 * moved (0 for a plane, which has none). */
static double turned_reach(const tc_shape *s, tc_transform pose)
{
    pose.position = tc_vec3_zero();
    const tc_shape turned = tc_shape_rigid_placed(s, pose);
    tc_aabb box;
    if (!tc_shape_bounds(&turned, &box)) return 0.0;
    const double lo = tc_vec3_max_abs(box.min), hi = tc_vec3_max_abs(box.max);
    return lo > hi ? lo : hi;
}

/* The start of a rotating sweep as the pair's own overlap test decides it
 * (sweep.h): shapes it calls overlapping at their start poses hit at t = 0,
 * with the contact's deepest point and normal, so a pair at distance 0
 * hits at t = 0 as the translating sweep does (the cores' test alone let a
 * capsule at distance 0 from a triangle reaching 1e6 take a step and hit at
 * t = 3e-7, a sphere on a plane at t = 2.8e-29: the pair fuzzer, issue 12).
 * Far from the origin the shapes are placed in the pair's frame, on the
 * pair functions' rule (tc_core_sweep_rigid_moving: beyond
 * TC_CORE_NEAR_RATIO times the pair's own numbers, A's start position at
 * the origin, B's less A's rounded once, the hit point moved back): placed
 * where they are, their coordinates round to the floats there (64 apart at
 * 1e9), and a sphere 0.13 from a triangle overlapped it. Planes stay where
 * they are (still, and unbounded). Otherwise, false: the pair function
 * decides (from its cores). Valid shapes and finite poses only. */
bool tc_sweep_rigid_start_hit(const tc_shape *a, tc_transform a0, const tc_shape *b, tc_transform b0, tc_sweep_hit *hit)
{
    const tc_vec3 at = a0.position;
    bool moved = false;
    if (a->type != TC_SHAPE_PLANE && b->type != TC_SHAPE_PLANE) {
        const double sizes = turned_reach(a, a0) + turned_reach(b, b0);
        const tc_dvec3 rel = tc_dvec3_sub(tc_dvec3_from(b0.position), tc_dvec3_from(at));
        moved = !(sizes + tc_vec3_max_abs(at) + tc_vec3_max_abs(b0.position) <=
                  TC_CORE_NEAR_RATIO * (sizes + tc_dvec3_max_abs(rel)));
        if (moved) { /* then |rel| is within a sixteenth of the positions: a float */
            a0.position = tc_vec3_zero();
            b0.position = tc_dvec3_to(rel);
        }
    }
    tc_shape sa = tc_shape_rigid_placed(a, a0), sb = tc_shape_rigid_placed(b, b0);
    tc_vec3 back = at;
    if (a->type == TC_SHAPE_PLANE || b->type == TC_SHAPE_PLANE) {
        /* A plane pair on the same rule: the other shape's start position
         * moved to the origin and the placed plane's offset less its height
         * there (in double, rounded once), so that the shape is placed in
         * small floats (placed at 1e6 its ends round by 0.03, and a capsule
         * 0.01 above a ground touched it). */
        const bool plane_first = a->type == TC_SHAPE_PLANE;
        const tc_shape *other = plane_first ? b : a;
        tc_transform o0 = plane_first ? b0 : a0;
        tc_shape *placed_plane = plane_first ? &sa : &sb;
        back = o0.position;
        const tc_plane pl = placed_plane->u.plane;
        const double moved_offset = (double)pl.offset - ((double)pl.normal.x * back.x + (double)pl.normal.y * back.y +
                                                         (double)pl.normal.z * back.z);
        const double reach = turned_reach(other, o0);
        moved = tc_plane_is_valid(&pl) && !(reach + tc_vec3_max_abs(back) + fabs((double)pl.offset) <=
                                         TC_CORE_NEAR_RATIO * (reach + fabs(moved_offset)));
        if (moved) {
            o0.position = tc_vec3_zero();
            *(plane_first ? &sb : &sa) = tc_shape_rigid_placed(other, o0);
            placed_plane->u.plane.offset = (float)moved_offset;
        }
    }
    tc_manifold m;
    if (!tc_shape_is_valid(&sa) || !tc_shape_is_valid(&sb) || !tc_shape_overlap(&sa, &sb) || !tc_shape_contact(&sa, &sb, &m))
        return false;
    tc_sweep_hit_from_manifold(hit, &m);
    if (moved) hit->point = tc_core_moved_back(hit->point, tc_dvec3_neg(tc_dvec3_from(back)));
    return true;
}

/* A rotating pair function's answer: the cores' sweep's (found, *h)
 * unless it finds no touching at t = 0 where the pair's overlap test of the
 * shapes a and b at their start poses does (sweep.h): then the hit at
 * t = 0 from their contact (tc_sweep_rigid_start_hit). On the cores alone,
 * an AABB or a triangle 1e-8 across at 1 from the origin on a plane that
 * overlap called touching (the height's rounding, ~1e-16, above zero)
 * missed it in 45 and 40 of 500 still pairs (issue 12). Asked only for
 * finite poses, without which the cores' sweep found nothing. */
bool tc_sweep_rigid_started(bool found, const tc_shape *a, tc_transform a0, tc_transform a1, const tc_shape *b,
                            tc_transform b0, tc_transform b1, tc_sweep_hit *h, tc_sweep_hit *hit)
{
    if ((!found || h->t > 0.0f) && tc_rigid_pose_ok(a0) && tc_rigid_pose_ok(a1) && tc_rigid_pose_ok(b0) &&
        tc_rigid_pose_ok(b1) && tc_sweep_rigid_start_hit(a, a0, b, b0, h))
        found = true;
    if (found && hit) *hit = *h;
    return found;
}
