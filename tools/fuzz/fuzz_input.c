/* SPDX-License-Identifier: MIT */
/* The fuzz targets' decoding of input bytes (fuzz_input.h). */
#include "fuzz_input.h"

#include <float.h>
#include <math.h>
#include <string.h>

fuzz_reader fuzz_reader_make(const uint8_t *data, size_t size, fuzz_number_fn number)
{
    fuzz_reader r;
    r.p = data;
    r.left = size;
    r.number = number;
    return r;
}

uint8_t fuzz_byte(fuzz_reader *r)
{
    if (r->left == 0) return 0;
    --r->left;
    return *r->p++;
}

float fuzz_bits(fuzz_reader *r)
{
    uint32_t u = 0;
    for (int k = 0; k < 4; ++k) {
        const uint32_t b = fuzz_byte(r);
        u |= b << (8 * k);
    }
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

float fuzz_number(fuzz_reader *r) { return r->number(r); }

tc_vec3 fuzz_vec3(fuzz_reader *r)
{
    const float x = fuzz_number(r);
    const float y = fuzz_number(r);
    const float z = fuzz_number(r);
    return tc_vec3_make(x, y, z);
}

tc_quat fuzz_quat(fuzz_reader *r)
{
    const float x = fuzz_number(r);
    const float y = fuzz_number(r);
    const float z = fuzz_number(r);
    const float w = fuzz_number(r);
    return tc_quat_make(x, y, z, w);
}

static uint32_t bits_of(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

float fuzz_sum(float a, float b)
{
    /* not finite: from the bits (converting a signalling NaN to double
     * raises FE_INVALID, which trapped the fuzzer itself) */
    const uint32_t ua = bits_of(a), ub = bits_of(b);
    const bool a_odd = (ua & 0x7f800000u) == 0x7f800000u, b_odd = (ub & 0x7f800000u) == 0x7f800000u;
    if (a_odd || b_odd) {
        if ((a_odd && (ua & 0x007fffffu)) || (b_odd && (ub & 0x007fffffu))) return NAN;
        if (a_odd && b_odd && ua != ub) return NAN; /* inf - inf */
        return a_odd ? a : b;
    }
    const double s = (double)a + (double)b;
    if (isnan(s) || isinf(s)) return (float)s;
    if (fabs(s) > (double)FLT_MAX) return s > 0.0 ? INFINITY : -INFINITY;
    return (float)s;
}

tc_quat fuzz_rotation(fuzz_reader *r)
{
    const uint8_t k = fuzz_byte(r);
    /* mostly exact rotations (identity, quarter turns), else any */
    if (k % 4 == 0) return tc_quat_identity();
    if (k % 4 == 1) return tc_quat_make(0.0f, 0.0f, 0.70710678f, 0.70710678f);
    return fuzz_quat(r);
}

tc_shape fuzz_shape(fuzz_reader *r)
{
    tc_shape s;
    memset(&s, 0, sizeof s);
    switch (fuzz_byte(r) % 6) {
    case 0: {
        tc_sphere b;
        b.center = fuzz_vec3(r);
        b.radius = fuzz_number(r);
        s = tc_shape_from_sphere(b);
        break;
    }
    case 1: {
        tc_capsule c;
        c.a = fuzz_vec3(r);
        c.b = fuzz_vec3(r);
        c.radius = fuzz_number(r);
        s = tc_shape_from_capsule(c);
        break;
    }
    case 2: {
        tc_aabb b;
        b.min = fuzz_vec3(r);
        const tc_vec3 size = fuzz_vec3(r);
        b.max = tc_vec3_make(fuzz_sum(b.min.x, size.x), fuzz_sum(b.min.y, size.y), fuzz_sum(b.min.z, size.z));
        s = tc_shape_from_aabb(b);
        break;
    }
    case 3: {
        const tc_vec3 c = fuzz_vec3(r);
        const tc_vec3 h = fuzz_vec3(r);
        s = tc_shape_from_obb(tc_obb_from_quat(c, h, fuzz_rotation(r)));
        break;
    }
    case 4: {
        tc_triangle t;
        t.a = fuzz_vec3(r);
        t.b = fuzz_vec3(r);
        t.c = fuzz_vec3(r);
        s = tc_shape_from_triangle(t);
        break;
    }
    default: {
        static const tc_vec3 axes[6] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
        tc_plane p;
        const uint8_t k = fuzz_byte(r);
        p.normal = k < 192 ? axes[k % 6] : tc_vec3_normalize(fuzz_vec3(r));
        p.offset = fuzz_number(r);
        s = tc_shape_from_plane(p);
        break;
    }
    }
    return s;
}

tc_shape fuzz_shape_with_data(fuzz_reader *r, tc_shape_type type)
{
    const bool mesh = type == TC_SHAPE_MESH;
    /* a mesh needs three points to index; a hull takes one (a point) */
    const int32_t count = mesh ? 3 + fuzz_byte(r) % 6 : 1 + fuzz_byte(r) % 8;
    const int32_t triangles = mesh ? 1 + fuzz_byte(r) % 6 : 0;
    int32_t corners[18];
    for (int32_t i = 0; i < 3 * triangles; ++i) corners[i] = fuzz_byte(r) % count;
    tc_vec3 points[8];
    for (int32_t i = 0; i < count; ++i) points[i] = fuzz_vec3(r);
    const tc_vec3 position = fuzz_vec3(r);
    const tc_quat rotation = fuzz_rotation(r);
    const tc_transform pose = tc_transform_make(position, rotation);
    const float scale = fuzz_byte(r) < 128 ? 1.0f : fuzz_number(r);
    if (mesh) return tc_shape_from_mesh(tc_mesh_make(tc_mesh_data_create(points, count, corners, triangles, NULL), pose, scale));
    return tc_shape_from_hull(tc_hull_make(tc_hull_data_create(points, count, NULL), pose, scale));
}

void fuzz_shape_free(const tc_shape *s)
{
    /* the data is the caller's, made by fuzz_shape_with_data: const only
     * to the queries */
    if (s->type == TC_SHAPE_HULL) tc_hull_data_destroy((tc_hull_data *)(uintptr_t)s->u.hull.data);
    if (s->type == TC_SHAPE_MESH) tc_mesh_data_destroy((tc_mesh_data *)(uintptr_t)s->u.mesh.data);
}
