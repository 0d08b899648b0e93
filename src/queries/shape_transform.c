/* SPDX-License-Identifier: MIT */
/* Moving any tc_shape: placing it by a pose and scale (as the world places a
 * collider) and translating it exactly. */
#include <math.h>
#include <touche/dispatch.h>

#include "core/assert.h"
#include "queries/shape_place.h"
#include "core/float.h"

/* The invalid shape: a plane with a zero normal. */
static tc_shape invalid_shape(void)
{
    tc_shape r;
    memset(&r, 0, sizeof r);
    r.type = TC_SHAPE_PLANE;
    return r;
}

tc_shape tc_shape_transform(const tc_shape *s, tc_transform pose, float scale)
{
    if (!TC_REQUIRE(s != NULL) || !tc_is_finite(scale) || scale < 0.0f) return invalid_shape();
    const tc_frame f = tc_pose_frame(&pose);
    tc_shape r;
    tc_shape_place(s, &f, scale, &r);
    return r;
}

tc_shape tc_shape_translate(const tc_shape *s, tc_vec3 d)
{
    if (!TC_REQUIRE(s != NULL)) return invalid_shape();
    tc_shape r = *s;
    switch (r.type) {
    case TC_SHAPE_SPHERE: r.u.sphere.center = tc_vec3_add(r.u.sphere.center, d); break;
    case TC_SHAPE_CAPSULE:
        r.u.capsule.a = tc_vec3_add(r.u.capsule.a, d);
        r.u.capsule.b = tc_vec3_add(r.u.capsule.b, d);
        break;
    case TC_SHAPE_AABB:
        r.u.aabb.min = tc_vec3_add(r.u.aabb.min, d);
        r.u.aabb.max = tc_vec3_add(r.u.aabb.max, d);
        break;
    case TC_SHAPE_OBB: r.u.obb.center = tc_vec3_add(r.u.obb.center, d); break;
    case TC_SHAPE_TRIANGLE:
        r.u.triangle.a = tc_vec3_add(r.u.triangle.a, d);
        r.u.triangle.b = tc_vec3_add(r.u.triangle.b, d);
        r.u.triangle.c = tc_vec3_add(r.u.triangle.c, d);
        break;
    case TC_SHAPE_PLANE: r.u.plane.offset += tc_vec3_dot(r.u.plane.normal, d); break;
    case TC_SHAPE_HULL: r.u.hull.position = tc_vec3_add(r.u.hull.position, d); break;
    case TC_SHAPE_MESH: r.u.mesh.position = tc_vec3_add(r.u.mesh.position, d); break;
    default: return invalid_shape();
    }
    return r;
}
