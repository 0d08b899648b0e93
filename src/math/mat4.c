/* SPDX-License-Identifier: MIT */
#include <touche/mat4.h>

#include <float.h>
#include <math.h>

#include "math/mat4d.h"
#include "core/float.h"

/* A double entry narrowed to float, or *ok cleared when it is beyond the
 * float range (a tiny field of view, aspect or depth range): rounding it
 * would raise the overflow exception. */
static float narrow(double x, bool *ok)
{
    if (!(fabs(x) <= FLT_MAX)) {
        *ok = false;
        return 0.0f;
    }
    return (float)x;
}

tc_mat4 tc_mat4_zero(void)
{
    tc_mat4 r;
    for (int i = 0; i < 16; ++i) r.m[i] = 0.0f;
    return r;
}

tc_mat4 tc_mat4_identity(void)
{
    tc_mat4 r = tc_mat4_zero();
    r.m[0] = r.m[5] = r.m[10] = r.m[15] = 1.0f;
    return r;
}

tc_mat4 tc_mat4_mul(tc_mat4 a, tc_mat4 b)
{
    tc_mat4 r;
    for (int c = 0; c < 4; ++c) {
        for (int row = 0; row < 4; ++row) {
            float s = a.m[row] * b.m[4 * c] + a.m[4 + row] * b.m[4 * c + 1] + a.m[8 + row] * b.m[4 * c + 2] +
                      a.m[12 + row] * b.m[4 * c + 3];
            r.m[4 * c + row] = s;
        }
    }
    return r;
}

tc_mat4 tc_mat4_transpose(tc_mat4 m)
{
    tc_mat4 r;
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row) r.m[4 * c + row] = m.m[4 * row + c];
    return r;
}

tc_mat4 tc_mat4_inverse(tc_mat4 m)
{
    double d[16], inv[16];
    if (!tc_mat4d_from_mat4(&m, d) || !tc_mat4d_inverse(d, inv)) return tc_mat4_zero();
    tc_mat4 r;
    bool ok = true;
    for (int i = 0; i < 16; ++i) r.m[i] = narrow(inv[i], &ok);
    if (!ok) return tc_mat4_zero(); /* beyond the float range */
    return r;
}

tc_mat4 tc_mat4_from_transform(tc_transform t, float scale)
{
    tc_mat3 rot = tc_mat3_from_quat(t.rotation);
    tc_mat4 r = tc_mat4_zero();
    r.m[0] = rot.cx.x * scale; r.m[1] = rot.cx.y * scale; r.m[2] = rot.cx.z * scale;
    r.m[4] = rot.cy.x * scale; r.m[5] = rot.cy.y * scale; r.m[6] = rot.cy.z * scale;
    r.m[8] = rot.cz.x * scale; r.m[9] = rot.cz.y * scale; r.m[10] = rot.cz.z * scale;
    r.m[12] = t.position.x; r.m[13] = t.position.y; r.m[14] = t.position.z;
    r.m[15] = 1.0f;
    return r;
}

tc_vec3 tc_mat4_transform_point(tc_mat4 m, tc_vec3 p)
{
    float x = m.m[0] * p.x + m.m[4] * p.y + m.m[8] * p.z + m.m[12];
    float y = m.m[1] * p.x + m.m[5] * p.y + m.m[9] * p.z + m.m[13];
    float z = m.m[2] * p.x + m.m[6] * p.y + m.m[10] * p.z + m.m[14];
    float w = m.m[3] * p.x + m.m[7] * p.y + m.m[11] * p.z + m.m[15];
    if (w == 0.0f || w == 1.0f) return tc_vec3_make(x, y, z);
    return tc_vec3_make(x / w, y / w, z / w);
}

tc_vec3 tc_mat4_transform_direction(tc_mat4 m, tc_vec3 d)
{
    return tc_vec3_make(m.m[0] * d.x + m.m[4] * d.y + m.m[8] * d.z, m.m[1] * d.x + m.m[5] * d.y + m.m[9] * d.z,
                        m.m[2] * d.x + m.m[6] * d.y + m.m[10] * d.z);
}

/* Unit vector in double, or false for a zero / non-finite one. */
static bool unit3(double v[3])
{
    double len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (!(len > 0.0) || !isfinite(len)) return false;
    v[0] /= len; v[1] /= len; v[2] /= len;
    return true;
}

static void cross3(const double a[3], const double b[3], double out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

tc_mat4 tc_mat4_look_at(tc_vec3 eye, tc_vec3 target, tc_vec3 up)
{
    if (!tc_vec3_is_finite(eye) || !tc_vec3_is_finite(target) || !tc_vec3_is_finite(up)) return tc_mat4_zero();
    double f[3] = { (double)target.x - eye.x, (double)target.y - eye.y, (double)target.z - eye.z };
    if (!unit3(f)) { f[0] = 0.0; f[1] = 0.0; f[2] = -1.0; }
    double u[3] = { up.x, up.y, up.z };
    double s[3];
    cross3(f, u, s);
    /* An up vector (anti)parallel to the view direction, or zero, gives no
     * side axis: fall back to the world axis least aligned with the view. */
    double ulen = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    double slen = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    if (!(slen > 1e-6 * ulen) || !unit3(s)) {
        double ax = fabs(f[0]), ay = fabs(f[1]), az = fabs(f[2]);
        double alt[3] = { 0.0, 0.0, 0.0 };
        if (ay <= ax && ay <= az) alt[1] = 1.0;
        else if (az <= ax) alt[2] = 1.0;
        else alt[0] = 1.0;
        cross3(f, alt, s);
        unit3(s);
    }
    double v[3];
    cross3(s, f, v);
    tc_mat4 r = tc_mat4_zero();
    r.m[0] = (float)s[0]; r.m[4] = (float)s[1]; r.m[8] = (float)s[2];
    r.m[1] = (float)v[0]; r.m[5] = (float)v[1]; r.m[9] = (float)v[2];
    r.m[2] = (float)-f[0]; r.m[6] = (float)-f[1]; r.m[10] = (float)-f[2];
    r.m[12] = (float)-(s[0] * eye.x + s[1] * eye.y + s[2] * eye.z);
    r.m[13] = (float)-(v[0] * eye.x + v[1] * eye.y + v[2] * eye.z);
    r.m[14] = (float)(f[0] * eye.x + f[1] * eye.y + f[2] * eye.z);
    r.m[15] = 1.0f;
    return r;
}

tc_mat4 tc_mat4_perspective(float fovy, float aspect, float near_z, float far_z, tc_depth_range depth)
{
    const double pi = 3.14159265358979323846;
    /* NaN first, by classification: an ordered comparison of a NaN raises
     * the invalid exception. */
    if (tc_is_nan(fovy) || !tc_is_finite(aspect) || !tc_is_finite(near_z) || tc_is_nan(far_z)) return tc_mat4_zero();
    if (!(fovy > 0.0f) || !((double)fovy < pi) || !(aspect > 0.0f) || !(near_z > 0.0f) || !(far_z > near_z))
        return tc_mat4_zero();
    const double f = 1.0 / tan(0.5 * (double)fovy);
    const double n = near_z;
    const bool infinite = isinf(far_z);
    const double fa = far_z;
    double m22, m23;
    switch (depth) {
    case TC_DEPTH_NEGATIVE_ONE_TO_ONE:
        m22 = infinite ? -1.0 : (fa + n) / (n - fa);
        m23 = infinite ? -2.0 * n : 2.0 * fa * n / (n - fa);
        break;
    case TC_DEPTH_ZERO_TO_ONE:
        m22 = infinite ? -1.0 : fa / (n - fa);
        m23 = infinite ? -n : fa * n / (n - fa);
        break;
    case TC_DEPTH_REVERSED:
        m22 = infinite ? 0.0 : n / (fa - n);
        m23 = infinite ? n : fa * n / (fa - n);
        break;
    default:
        return tc_mat4_zero();
    }
    tc_mat4 r = tc_mat4_zero();
    bool ok = true;
    r.m[0] = narrow(f / aspect, &ok);
    r.m[5] = narrow(f, &ok);
    r.m[10] = narrow(m22, &ok);
    r.m[11] = -1.0f;
    r.m[14] = narrow(m23, &ok);
    return ok ? r : tc_mat4_zero();
}

tc_mat4 tc_mat4_orthographic(float left, float right, float bottom, float top, float near_z, float far_z,
                             tc_depth_range depth)
{
    if (!tc_is_finite(left) || !tc_is_finite(right) || !tc_is_finite(bottom) || !tc_is_finite(top) || !tc_is_finite(near_z) ||
        !tc_is_finite(far_z) || !(right != left) || !(top != bottom) || !(far_z > near_z))
        return tc_mat4_zero();
    const double l = left, rr = right, b = bottom, t = top, n = near_z, fa = far_z;
    double m22, m23;
    switch (depth) {
    case TC_DEPTH_NEGATIVE_ONE_TO_ONE: m22 = -2.0 / (fa - n); m23 = -(fa + n) / (fa - n); break;
    case TC_DEPTH_ZERO_TO_ONE: m22 = -1.0 / (fa - n); m23 = -n / (fa - n); break;
    case TC_DEPTH_REVERSED: m22 = 1.0 / (fa - n); m23 = fa / (fa - n); break;
    default: return tc_mat4_zero();
    }
    tc_mat4 r = tc_mat4_zero();
    bool ok = true;
    r.m[0] = narrow(2.0 / (rr - l), &ok);
    r.m[5] = narrow(2.0 / (t - b), &ok);
    r.m[10] = narrow(m22, &ok);
    r.m[12] = narrow(-(rr + l) / (rr - l), &ok);
    r.m[13] = narrow(-(t + b) / (t - b), &ok);
    r.m[14] = narrow(m23, &ok);
    r.m[15] = 1.0f;
    return ok ? r : tc_mat4_zero();
}
