/* SPDX-License-Identifier: MIT */
#include "math/mat4d.h"

#include <math.h>

#include "core/float.h"

bool tc_mat4d_from_mat4(const tc_mat4 *m, double out[16])
{
    /* finiteness from the bits first: widening a signalling NaN raises FE_INVALID */
    for (int i = 0; i < 16; ++i)
        if (!tc_is_finite(m->m[i])) return false;
    for (int i = 0; i < 16; ++i) out[i] = (double)m->m[i];
    return true;
}

void tc_mat4d_mul(const double a[16], const double b[16], double out[16])
{
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
            double s = 0.0;
            for (int k = 0; k < 4; ++k) s += a[4 * k + r] * b[4 * c + k];
            out[4 * c + r] = s;
        }
    }
}

void tc_mat4d_mul_vec4(const double m[16], const double v[4], double out[4])
{
    for (int r = 0; r < 4; ++r)
        out[r] = m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3];
}

bool tc_mat4d_inverse(const double m[16], double out[16])
{
    /* Cofactor expansion through the 2x2 minors of the top and bottom row
     * pairs (Laplace expansion along two rows): 12 minors, then each
     * cofactor is a 3-term combination of them. */
    const double a00 = m[0], a01 = m[4], a02 = m[8], a03 = m[12];
    const double a10 = m[1], a11 = m[5], a12 = m[9], a13 = m[13];
    const double a20 = m[2], a21 = m[6], a22 = m[10], a23 = m[14];
    const double a30 = m[3], a31 = m[7], a32 = m[11], a33 = m[15];

    const double s0 = a00 * a11 - a10 * a01, s1 = a00 * a12 - a10 * a02, s2 = a00 * a13 - a10 * a03;
    const double s3 = a01 * a12 - a11 * a02, s4 = a01 * a13 - a11 * a03, s5 = a02 * a13 - a12 * a03;
    const double c5 = a22 * a33 - a32 * a23, c4 = a21 * a33 - a31 * a23, c3 = a21 * a32 - a31 * a22;
    const double c2 = a20 * a33 - a30 * a23, c1 = a20 * a32 - a30 * a22, c0 = a20 * a31 - a30 * a21;

    const double det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
    if (!isfinite(det) || det == 0.0) return false;
    const double inv = 1.0 / det;

    double r[16];
    /* r[4 * c + row] = inverse element (row, c) */
    r[0] = (a11 * c5 - a12 * c4 + a13 * c3) * inv;
    r[4] = (-a01 * c5 + a02 * c4 - a03 * c3) * inv;
    r[8] = (a31 * s5 - a32 * s4 + a33 * s3) * inv;
    r[12] = (-a21 * s5 + a22 * s4 - a23 * s3) * inv;
    r[1] = (-a10 * c5 + a12 * c2 - a13 * c1) * inv;
    r[5] = (a00 * c5 - a02 * c2 + a03 * c1) * inv;
    r[9] = (-a30 * s5 + a32 * s2 - a33 * s1) * inv;
    r[13] = (a20 * s5 - a22 * s2 + a23 * s1) * inv;
    r[2] = (a10 * c4 - a11 * c2 + a13 * c0) * inv;
    r[6] = (-a00 * c4 + a01 * c2 - a03 * c0) * inv;
    r[10] = (a30 * s4 - a31 * s2 + a33 * s0) * inv;
    r[14] = (-a20 * s4 + a21 * s2 - a23 * s0) * inv;
    r[3] = (-a10 * c3 + a11 * c1 - a12 * c0) * inv;
    r[7] = (a00 * c3 - a01 * c1 + a02 * c0) * inv;
    r[11] = (-a30 * s3 + a31 * s1 - a32 * s0) * inv;
    r[15] = (a20 * s3 - a21 * s1 + a22 * s0) * inv;
    for (int i = 0; i < 16; ++i) {
        if (!isfinite(r[i])) return false;
    }
    for (int i = 0; i < 16; ++i) out[i] = r[i];
    return true;
}
