/* SPDX-License-Identifier: MIT */
/* Building shapes from poses, corners and planes. */
#include <touche/shapes.h>

#include "shapes/box.h"

#include <float.h>
#include <math.h>

#include "core/float.h"

tc_obb tc_obb_from_quat(tc_vec3 center, tc_vec3 half, tc_quat rotation)
{
    tc_obb b;
    b.center = center;
    b.half = half;
    b.rotation = tc_mat3_from_quat(rotation);
    return b;
}

tc_obb tc_obb_from_local(tc_transform parent, tc_vec3 local_center, tc_vec3 half, tc_quat local_rotation)
{
    tc_transform world = tc_transform_mul(parent, tc_transform_make(local_center, local_rotation));
    return tc_obb_from_quat(world.position, half, world.rotation);
}

tc_obb tc_obb_from_aabb(const tc_aabb *box)
{
    tc_obb b;
    tc_aabb_center_half(box, &b.center, &b.half);
    b.rotation = tc_mat3_identity();
    return b;
}

void tc_obb_corners(const tc_obb *box, tc_vec3 corners[8])
{
    tc_vec3 ex = tc_vec3_scale(box->rotation.cx, box->half.x);
    tc_vec3 ey = tc_vec3_scale(box->rotation.cy, box->half.y);
    tc_vec3 ez = tc_vec3_scale(box->rotation.cz, box->half.z);
    for (int i = 0; i < 8; ++i) {
        tc_vec3 p = box->center;
        p = tc_vec3_add(p, (i & 1) ? ex : tc_vec3_neg(ex));
        p = tc_vec3_add(p, (i & 2) ? ey : tc_vec3_neg(ey));
        p = tc_vec3_add(p, (i & 4) ? ez : tc_vec3_neg(ez));
        corners[i] = p;
    }
}

tc_plane tc_plane_from_point_normal(tc_vec3 point, tc_vec3 normal)
{
    TC_FP_STRICT /* neither branch's arithmetic before the tests */
    tc_plane p;
    p.normal = tc_vec3_normalize(normal);
    if (!tc_vec3_finite(point)) {
        /* a NaN or infinite point: the offset says so without arithmetic on it */
        p.offset = NAN;
        return p;
    }
    /* in double: near the end of the float range the float sum overflows;
     * an offset beyond the float range is infinity without the overflow */
    if (tc_vec3_max_abs(point) <= 0x1p100f) {
        p.offset = tc_vec3_dot(p.normal, point); /* the float bits as always */
    } else {
        const double d = (double)p.normal.x * point.x + (double)p.normal.y * point.y + (double)p.normal.z * point.z;
        p.offset = d > FLT_MAX ? INFINITY : (d < -FLT_MAX ? -INFINITY : (float)d);
    }
    return p;
}

tc_plane tc_plane_from_triangle(const tc_triangle *tri)
{
    return tc_plane_from_point_normal(tri->a, tc_vec3_cross(tc_vec3_sub(tri->b, tri->a), tc_vec3_sub(tri->c, tri->a)));
}
