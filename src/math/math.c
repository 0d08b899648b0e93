/* SPDX-License-Identifier: MIT */
/* Vector, quaternion, matrix and transform functions that are too large to
 * inline or need <math.h>. */
#include <math.h>
#include <touche/vecmath.h>

#include "core/float.h"

float tc_vec3_length(tc_vec3 a)
{
    /* A NaN or infinite component gives NaN or infinity without arithmetic
     * on it; otherwise the sum of squares in double cannot overflow, and a
     * length beyond the float range becomes infinity without the overflow
     * a float rounding would raise. */
    if (!tc_vec3_finite(a)) return tc_is_nan(a.x) || tc_is_nan(a.y) || tc_is_nan(a.z) ? NAN : INFINITY;
    /* Ordinary lengths: the float square root as always (the same bits). */
    if (tc_vec3_max_abs(a) <= 0x1p60f) return sqrtf(tc_vec3_dot(a, a));
    const double len = sqrt((double)a.x * a.x + (double)a.y * a.y + (double)a.z * a.z);
    return len > FLT_MAX ? INFINITY : (float)len;
}

float tc_vec3_distance(tc_vec3 a, tc_vec3 b) { return tc_vec3_length(tc_vec3_sub(a, b)); }

bool tc_vec3_is_finite(tc_vec3 a) { return tc_vec3_finite(a); }

tc_vec3 tc_vec3_normalize(tc_vec3 a)
{
    TC_FP_STRICT /* the square below must not be computed before its test */
    /* Nothing is computed on a non-finite vector (that would raise
     * FE_INVALID): its bits say so first. */
    if (!tc_vec3_finite(a)) return tc_vec3_zero();
    const float m = tc_vec3_max_abs(a);
    if (m >= 0x1p-50f && m <= 0x1p49f) {
        /* Ordinary lengths: the squared length neither underflows nor
         * overflows, so one square root does. */
        return tc_vec3_scale(a, 1.0f / sqrtf(tc_vec3_dot(a, a)));
    }
    /* Scale first so tiny (denormal) and huge vectors normalise without
     * underflow or overflow in the squared length. */
    if (!(m > 0.0f)) return tc_vec3_zero();
    /* divide, not multiply by 1/m: 1/m overflows for m below 2^-128 */
    a = tc_vec3_make(a.x / m, a.y / m, a.z / m);
    return tc_vec3_scale(a, 1.0f / sqrtf(tc_vec3_dot(a, a)));
}

tc_quat tc_quat_mul(tc_quat a, tc_quat b)
{
    return tc_quat_make(a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                        a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                        a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                        a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z);
}

tc_quat tc_quat_normalize(tc_quat q)
{
    TC_FP_STRICT /* no division before the test of m */
    /* finiteness from the bits first: no arithmetic on a NaN or infinity */
    if (!tc_is_finite(q.x) || !tc_is_finite(q.y) || !tc_is_finite(q.z) || !tc_is_finite(q.w))
        return tc_quat_identity();
    float m = tc_maxf(tc_maxf(tc_absf(q.x), tc_absf(q.y)), tc_maxf(tc_absf(q.z), tc_absf(q.w)));
    /* per component: a sum of finite values near FLT_MAX overflows */
    if (!(m > 0.0f)) return tc_quat_identity();
    /* divide, not multiply by 1/m: 1/m overflows for subnormal m */
    q = tc_quat_make(q.x / m, q.y / m, q.z / m, q.w / m);
    float s = 1.0f / sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    return tc_quat_make(q.x * s, q.y * s, q.z * s, q.w * s);
}

tc_quat tc_quat_from_axis_angle(tc_vec3 axis, float angle)
{
    tc_vec3 n = tc_vec3_normalize(axis);
    if (tc_vec3_dot(n, n) == 0.0f || !tc_is_finite(angle)) return tc_quat_identity();
    float s = sinf(0.5f * angle);
    return tc_quat_make(n.x * s, n.y * s, n.z * s, cosf(0.5f * angle));
}

tc_quat tc_quat_from_euler(float x, float y, float z)
{
    tc_quat qx = tc_quat_from_axis_angle(tc_vec3_make(1.0f, 0.0f, 0.0f), x);
    tc_quat qy = tc_quat_from_axis_angle(tc_vec3_make(0.0f, 1.0f, 0.0f), y);
    tc_quat qz = tc_quat_from_axis_angle(tc_vec3_make(0.0f, 0.0f, 1.0f), z);
    return tc_quat_mul(tc_quat_mul(qx, qy), qz);
}

tc_quat tc_quat_from_euler_deg(float x_deg, float y_deg, float z_deg)
{
    const float to_rad = 3.14159265358979323846f / 180.0f;
    return tc_quat_from_euler(x_deg * to_rad, y_deg * to_rad, z_deg * to_rad);
}

tc_vec3 tc_quat_to_euler(tc_quat q)
{
    /* R = Rx(x) Ry(y) Rz(z): row 0 is (cy cz, -cy sz, sy); column 2 below
     * the top is (-sx cy, cx cy); R(1,0), R(1,1) are (sx, cx) when z = 0. */
    tc_mat3 m = tc_mat3_from_quat(q);
    /* cos(y) from the two entries it scales, not sqrt(1 - sy^2): accurate
     * near the poles, where asin loses half its digits */
    float cy = sqrtf(m.cx.x * m.cx.x + m.cy.x * m.cy.x);
    float y = atan2f(m.cz.x, cy);
    if (cy > 1e-4f) return tc_vec3_make(atan2f(-m.cz.y, m.cz.z), y, atan2f(-m.cy.x, m.cx.x));
    /* gimbal lock: x and z turn about the same axis; put it all in x */
    return tc_vec3_make(atan2f(m.cy.z, m.cy.y), y, 0.0f);
}

tc_quat tc_quat_nlerp(tc_quat a, tc_quat b, float t)
{
    a = tc_quat_normalize(a);
    b = tc_quat_normalize(b);
    if (!tc_is_finite(t)) return a;
    if (a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0.0f) b = tc_quat_make(-b.x, -b.y, -b.z, -b.w);
    /* a (1 - t) + b t, not a + (b - a) t: exact at both ends. Far outside
     * [0, 1] both weights are scaled down alike (the result is normalised, so
     * only their ratio matters) and nothing overflows. */
    float s = 1.0f - t;
    float k = tc_maxf(tc_absf(s), tc_absf(t));
    if (k > 1.0f) {
        s /= k;
        t /= k;
    }
    return tc_quat_normalize(tc_quat_make(a.x * s + b.x * t, a.y * s + b.y * t, a.z * s + b.z * t, a.w * s + b.w * t));
}

tc_quat tc_quat_slerp(tc_quat a, tc_quat b, float t)
{
    a = tc_quat_normalize(a);
    b = tc_quat_normalize(b);
    if (!tc_is_finite(t)) return a;
    if (a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0.0f) b = tc_quat_make(-b.x, -b.y, -b.z, -b.w);
    /* The angle between a and b on the 4D sphere from the chord lengths:
     * |b - a| = 2 sin(w/2), |b + a| = 2 cos(w/2). Unlike acos(dot) it keeps
     * its digits when a and b are nearly equal. */
    tc_quat d = tc_quat_make(b.x - a.x, b.y - a.y, b.z - a.z, b.w - a.w);
    tc_quat e = tc_quat_make(b.x + a.x, b.y + a.y, b.z + a.z, b.w + a.w);
    float w = 2.0f * atan2f(sqrtf(d.x * d.x + d.y * d.y + d.z * d.z + d.w * d.w),
                            sqrtf(e.x * e.x + e.y * e.y + e.z * e.z + e.w * e.w));
    /* Below 1e-3 rad nlerp is within w^3/16 < 1e-10 of the arc: far under a
     * float's rounding, and it avoids dividing by a vanishing sin(w). w is
     * at most pi/2 here, so sin(w) >= sin(1e-3) otherwise. */
    if (!(w >= 1e-3f)) return tc_quat_nlerp(a, b, t);
    float sw = sinf(w);
    float ka = sinf((1.0f - t) * w) / sw, kb = sinf(t * w) / sw;
    return tc_quat_normalize(tc_quat_make(a.x * ka + b.x * kb, a.y * ka + b.y * kb, a.z * ka + b.z * kb, a.w * ka + b.w * kb));
}

tc_mat3 tc_mat3_from_quat(tc_quat q)
{
    q = tc_quat_normalize(q);
    float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    return tc_mat3_make(tc_vec3_make(1.0f - 2.0f * (yy + zz), 2.0f * (xy + wz), 2.0f * (xz - wy)),
                        tc_vec3_make(2.0f * (xy - wz), 1.0f - 2.0f * (xx + zz), 2.0f * (yz + wx)),
                        tc_vec3_make(2.0f * (xz + wy), 2.0f * (yz - wx), 1.0f - 2.0f * (xx + yy)));
}

tc_vec3 tc_quat_rotate(tc_quat q, tc_vec3 v) { return tc_mat3_mul_vec3(tc_mat3_from_quat(q), v); }

tc_quat tc_quat_from_mat3(tc_mat3 m)
{
    TC_FP_STRICT /* no division by s before its test */
    /* Shepperd: pick the largest of w, x, y, z to divide by, for accuracy. */
    if (!tc_vec3_finite(m.cx) || !tc_vec3_finite(m.cy) || !tc_vec3_finite(m.cz)) return tc_quat_identity();
    float m00 = m.cx.x, m11 = m.cy.y, m22 = m.cz.z;
    float trace = m00 + m11 + m22;
    tc_quat q;
    if (trace >= m00 && trace >= m11 && trace >= m22) {
        float s = 2.0f * sqrtf(tc_maxf(1.0f + trace, 0.0f));
        if (!(s > 0.0f)) return tc_quat_identity();
        q = tc_quat_make((m.cy.z - m.cz.y) / s, (m.cz.x - m.cx.z) / s, (m.cx.y - m.cy.x) / s, 0.25f * s);
    } else if (m00 >= m11 && m00 >= m22) {
        float s = 2.0f * sqrtf(tc_maxf(1.0f + m00 - m11 - m22, 0.0f));
        if (!(s > 0.0f)) return tc_quat_identity();
        q = tc_quat_make(0.25f * s, (m.cy.x + m.cx.y) / s, (m.cz.x + m.cx.z) / s, (m.cy.z - m.cz.y) / s);
    } else if (m11 >= m22) {
        float s = 2.0f * sqrtf(tc_maxf(1.0f - m00 + m11 - m22, 0.0f));
        if (!(s > 0.0f)) return tc_quat_identity();
        q = tc_quat_make((m.cy.x + m.cx.y) / s, 0.25f * s, (m.cz.y + m.cy.z) / s, (m.cz.x - m.cx.z) / s);
    } else {
        float s = 2.0f * sqrtf(tc_maxf(1.0f - m00 - m11 + m22, 0.0f));
        if (!(s > 0.0f)) return tc_quat_identity();
        q = tc_quat_make((m.cz.x + m.cx.z) / s, (m.cz.y + m.cy.z) / s, 0.25f * s, (m.cx.y - m.cy.x) / s);
    }
    if (q.w < 0.0f) q = tc_quat_make(-q.x, -q.y, -q.z, -q.w);
    return tc_quat_normalize(q);
}

float tc_mat3_determinant(tc_mat3 m) { return tc_vec3_dot(m.cx, tc_vec3_cross(m.cy, m.cz)); }

tc_mat3 tc_mat3_inverse(tc_mat3 m)
{
    TC_FP_STRICT /* no reciprocal before the test of det */
    /* Rows of the inverse are the cross products of columns over det. */
    tc_vec3 r0 = tc_vec3_cross(m.cy, m.cz), r1 = tc_vec3_cross(m.cz, m.cx), r2 = tc_vec3_cross(m.cx, m.cy);
    float det = tc_vec3_dot(m.cx, r0);
    /* a denormal determinant's reciprocal overflows */
    if (!tc_is_finite(det) || !(tc_absf(det) >= FLT_MIN)) {
        tc_mat3 zero = { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
        return zero;
    }
    float s = 1.0f / det;
    return tc_mat3_transpose(tc_mat3_make(tc_vec3_scale(r0, s), tc_vec3_scale(r1, s), tc_vec3_scale(r2, s)));
}

tc_transform tc_transform_mul(tc_transform parent, tc_transform child)
{
    return tc_transform_make(tc_transform_point(parent, child.position),
                             tc_quat_normalize(tc_quat_mul(parent.rotation, child.rotation)));
}

tc_transform tc_transform_lerp(tc_transform a, tc_transform b, float t)
{
    if (!tc_is_finite(t)) return tc_transform_make(a.position, tc_quat_normalize(a.rotation));
    float s = 1.0f - t;
    tc_vec3 p = tc_vec3_add(tc_vec3_scale(a.position, s), tc_vec3_scale(b.position, t));
    return tc_transform_make(p, tc_quat_slerp(a.rotation, b.rotation, t));
}

tc_transform tc_transform_inverse(tc_transform t)
{
    tc_quat inv = tc_quat_conjugate(tc_quat_normalize(t.rotation));
    return tc_transform_make(tc_quat_rotate(inv, tc_vec3_neg(t.position)), inv);
}

tc_transform tc_transform_inv_mul(tc_transform a, tc_transform b)
{
    return tc_transform_mul(tc_transform_inverse(a), b);
}

tc_vec3 tc_transform_point(tc_transform t, tc_vec3 p) { return tc_vec3_add(t.position, tc_quat_rotate(t.rotation, p)); }

tc_vec3 tc_transform_direction(tc_transform t, tc_vec3 d) { return tc_quat_rotate(t.rotation, d); }

tc_vec3 tc_transform_inv_point(tc_transform t, tc_vec3 p)
{
    return tc_mat3_tmul_vec3(tc_mat3_from_quat(t.rotation), tc_vec3_sub(p, t.position));
}

tc_vec3 tc_transform_inv_direction(tc_transform t, tc_vec3 d) { return tc_mat3_tmul_vec3(tc_mat3_from_quat(t.rotation), d); }

tc_frame tc_frame_from_transform(tc_transform t)
{
    tc_frame f;
    f.position = t.position;
    f.rotation = tc_mat3_from_quat(t.rotation);
    return f;
}
