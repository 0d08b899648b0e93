// SPDX-License-Identifier: MIT
/* Private: pose arithmetic of the world, inlined where the update places
 * nodes (world_poses.c) and colliders (world_tree_sync.c). */
#ifndef TOUCHE_SRC_WORLD_WORLD_POSE_H
#define TOUCHE_SRC_WORLD_WORLD_POSE_H

#include <float.h>
#include <string.h>

#include "core/float.h"
#include "core/inline.h"
#include "queries/shape_place.h"
#include "world/world_internal.h"

/* Beyond this, a world coordinate or scale is not a usable one: the tree's
 * boxes have no room for their padding (update_collider), and products of
 * such numbers overflow. */
#define TC_WORLD_FAR 1e30

/* parent (pose, scale) composed with a child's local (pose, scale). False,
 * writing nothing, when the result would not be finite or usable: a scale
 * beyond TC_WORLD_FAR or below the smallest normal float, or a position
 * beyond TC_WORLD_FAR (scales of 1e20 under 1e20). Decided in double
 * before anything is computed in float, so nothing overflows on the way. */
static inline bool tc_world_compose(tc_transform parent, float parent_scale, tc_transform local, float local_scale,
                    tc_transform *out, float *out_scale)
{
    const double scale = (double)parent_scale * local_scale;
    /* the rotation keeps lengths, and a vector's length is at most sqrt(3)
     * times its largest component */
    const double reach = 1.7320509 * (double)tc_vec3_max_abs(local.position) * parent_scale +
                         (double)tc_vec3_max_abs(parent.position);
    if (!(scale >= (double)FLT_MIN && scale <= TC_WORLD_FAR && reach <= TC_WORLD_FAR)) return false;
    tc_vec3 offset = tc_quat_rotate(parent.rotation, tc_vec3_scale(local.position, parent_scale));
    out->position = tc_vec3_add(parent.position, offset);
    /* a quaternion with zero x, y, z is the identity rotation whatever its
     * w (vecmath.h; tc_pose_frame reads it so too): the child takes the
     * parent's rotation bit for bit, which a product would round (and a
     * zero quaternion's product would lose) */
    const tc_quat q = local.rotation;
    const bool turns = q.x != 0.0f || q.y != 0.0f || q.z != 0.0f;
    out->rotation = turns ? tc_quat_normalize(tc_quat_mul(parent.rotation, q)) : parent.rotation;
    *out_scale = (float)scale;
    return true;
}

/* Does the local shape placed by pose with scale s stay within
 * TC_WORLD_FAR? Decided in double before it is placed in float, so that
 * placing it overflows nothing (a radius of 1e30 under a scale of 1e10). */
static inline bool tc_world_shape_fits(const tc_shape *local, const tc_transform *pose, float s)
{
    double m;
    if (local->type == TC_SHAPE_PLANE) {
        m = tc_absf(local->u.plane.offset);
    } else {
        tc_aabb b;
        if (local->type == TC_SHAPE_AABB) b = local->u.aabb;
        else if (!tc_shape_bounds(local, &b)) return false;
        m = (double)tc_maxf(tc_vec3_max_abs(b.min), tc_vec3_max_abs(b.max));
    }
    const double reach = 1.7320509 * m * s + (double)tc_vec3_max_abs(pose->position);
    return reach <= TC_WORLD_FAR;
}

/* A collider's world shape: local shape placed by pose with uniform scale
 * (tc_shape_transform's implementation, queries/shape_place.h). Checks
 * nothing (tc_shape_bounds on the result does). */
TC_FORCE_INLINE void tc_world_place_shape(const tc_shape *local, const tc_transform *pose, float s, tc_shape *out)
{
    const tc_frame f = tc_pose_frame(pose);
    tc_shape_place(local, &f, s, out);
}

#endif
