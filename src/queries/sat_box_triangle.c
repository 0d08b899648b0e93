/* SPDX-License-Identifier: MIT */
#include "queries/sat_box_triangle.h"

#include "core/float.h"

/* Separated along L when the triangle's projection interval misses the
 * box's [-r, r] by more than the pad, which scales with |L|. */
static bool tc_box_tri_axis_separates(tc_vec3 L, tc_vec3 half, const tc_vec3 v[3], float magnitude)
{
    float p0 = tc_vec3_dot(v[0], L), p1 = tc_vec3_dot(v[1], L), p2 = tc_vec3_dot(v[2], L);
    float r = half.x * tc_absf(L.x) + half.y * tc_absf(L.y) + half.z * tc_absf(L.z);
    float pad = TC_PAD_REL * magnitude * tc_vec3_norm1(L);
    float lo = tc_minf(p0, tc_minf(p1, p2)), hi = tc_maxf(p0, tc_maxf(p1, p2));
    return lo > r + pad || hi < -r - pad;
}

bool tc_box_triangle_overlap_local(tc_vec3 half, const tc_vec3 v[3], float magnitude)
{
    magnitude += half.x + half.y + half.z;
    /* Box faces: the triangle's bounds against the box. */
    float pad = TC_PAD_REL * magnitude;
    tc_vec3 lo = tc_vec3_min(v[0], tc_vec3_min(v[1], v[2])), hi = tc_vec3_max(v[0], tc_vec3_max(v[1], v[2]));
    if (lo.x > half.x + pad || hi.x < -half.x - pad || lo.y > half.y + pad || hi.y < -half.y - pad ||
        lo.z > half.z + pad || hi.z < -half.z - pad)
        return false;
    tc_vec3 e[3] = { tc_vec3_sub(v[1], v[0]), tc_vec3_sub(v[2], v[1]), tc_vec3_sub(v[0], v[2]) };
    /* Triangle normal (zero for a degenerate triangle: cannot separate). It
     * is crossed in double: for a sliver the float cross product's direction
     * errs by FLT_EPSILON / sin(angle), which tilts the long triangle's
     * projection by that much of its length. Rounded to float, the normal
     * errs by about FLT_EPSILON only. */
    double ax = (double)v[1].x - v[0].x, ay = (double)v[1].y - v[0].y, az = (double)v[1].z - v[0].z;
    double bx = (double)v[2].x - v[0].x, by = (double)v[2].y - v[0].y, bz = (double)v[2].z - v[0].z;
    tc_vec3 n = tc_vec3_make((float)(ay * bz - az * by), (float)(az * bx - ax * bz), (float)(ax * by - ay * bx));
    if (tc_box_tri_axis_separates(n, half, v, magnitude)) return false;
    /* Box axis x edge: unit basis vector crossed with the edge, exactly. */
    for (int j = 0; j < 3; ++j) {
        tc_vec3 f = e[j];
        if (tc_box_tri_axis_separates(tc_vec3_make(0.0f, -f.z, f.y), half, v, magnitude)) return false;
        if (tc_box_tri_axis_separates(tc_vec3_make(f.z, 0.0f, -f.x), half, v, magnitude)) return false;
        if (tc_box_tri_axis_separates(tc_vec3_make(-f.y, f.x, 0.0f), half, v, magnitude)) return false;
    }
    return true;
}
