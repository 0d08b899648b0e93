/* SPDX-License-Identifier: MIT */
#include "test_shape.h"

const char *test_shape_name(tc_shape_type type)
{
    static const char *const names[TC_SHAPE_TYPE_COUNT] = { "sphere", "capsule", "aabb", "obb",
                                                            "triangle", "plane", "hull", "mesh" };
    return (unsigned)type < (unsigned)TC_SHAPE_TYPE_COUNT ? names[type] : "?";
}

static tc_vec3 moved(tc_vec3 v, double dx, double dy, double dz)
{
    /* Through volatile stores, so no optimiser keeps the double sum. */
    volatile float x = (float)((double)v.x + dx), y = (float)((double)v.y + dy), z = (float)((double)v.z + dz);
    return tc_vec3_make(x, y, z);
}

tc_shape test_shape_translated(const tc_shape *x, double dx, double dy, double dz)
{
    tc_shape s = *x;
    switch (s.type) {
    case TC_SHAPE_SPHERE: s.u.sphere.center = moved(s.u.sphere.center, dx, dy, dz); break;
    case TC_SHAPE_CAPSULE:
        s.u.capsule.a = moved(s.u.capsule.a, dx, dy, dz);
        s.u.capsule.b = moved(s.u.capsule.b, dx, dy, dz);
        break;
    case TC_SHAPE_AABB:
        s.u.aabb.min = moved(s.u.aabb.min, dx, dy, dz);
        s.u.aabb.max = moved(s.u.aabb.max, dx, dy, dz);
        break;
    case TC_SHAPE_OBB: s.u.obb.center = moved(s.u.obb.center, dx, dy, dz); break;
    case TC_SHAPE_TRIANGLE:
        s.u.triangle.a = moved(s.u.triangle.a, dx, dy, dz);
        s.u.triangle.b = moved(s.u.triangle.b, dx, dy, dz);
        s.u.triangle.c = moved(s.u.triangle.c, dx, dy, dz);
        break;
    case TC_SHAPE_PLANE: {
        const tc_vec3 n = s.u.plane.normal;
        volatile float offset = (float)((double)s.u.plane.offset + (double)n.x * dx + (double)n.y * dy + (double)n.z * dz);
        s.u.plane.offset = offset;
        break;
    }
    case TC_SHAPE_HULL: s.u.hull.position = moved(s.u.hull.position, dx, dy, dz); break;
    case TC_SHAPE_MESH: s.u.mesh.position = moved(s.u.mesh.position, dx, dy, dz); break;
    default: break;
    }
    return s;
}
