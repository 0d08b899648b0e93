/* SPDX-License-Identifier: MIT */
#include "test_shape.h"

const char *test_shape_name(test_shape_kind k)
{
    static const char *const names[TEST_SHAPE_KINDS] = { "sphere", "capsule", "aabb", "obb", "triangle", "plane" };
    return (unsigned)k < (unsigned)TEST_SHAPE_KINDS ? names[k] : "?";
}

static tc_vec3 moved(tc_vec3 v, double dx, double dy, double dz)
{
    /* Through volatile stores, so no optimiser keeps the double sum. */
    volatile float x = (float)((double)v.x + dx), y = (float)((double)v.y + dy), z = (float)((double)v.z + dz);
    return tc_vec3_make(x, y, z);
}

test_shape test_shape_translated(const test_shape *x, double dx, double dy, double dz)
{
    test_shape s = *x;
    switch (s.kind) {
    case TEST_SPHERE: s.u.sphere.center = moved(s.u.sphere.center, dx, dy, dz); break;
    case TEST_CAPSULE:
        s.u.capsule.a = moved(s.u.capsule.a, dx, dy, dz);
        s.u.capsule.b = moved(s.u.capsule.b, dx, dy, dz);
        break;
    case TEST_AABB:
        s.u.aabb.min = moved(s.u.aabb.min, dx, dy, dz);
        s.u.aabb.max = moved(s.u.aabb.max, dx, dy, dz);
        break;
    case TEST_OBB: s.u.obb.center = moved(s.u.obb.center, dx, dy, dz); break;
    case TEST_TRIANGLE:
        s.u.triangle.a = moved(s.u.triangle.a, dx, dy, dz);
        s.u.triangle.b = moved(s.u.triangle.b, dx, dy, dz);
        s.u.triangle.c = moved(s.u.triangle.c, dx, dy, dz);
        break;
    case TEST_PLANE: {
        const tc_vec3 n = s.u.plane.normal;
        volatile float offset = (float)((double)s.u.plane.offset + (double)n.x * dx + (double)n.y * dy + (double)n.z * dz);
        s.u.plane.offset = offset;
        break;
    }
    default: break;
    }
    return s;
}
