/* SPDX-License-Identifier: MIT */
/* Private: 4x4 matrix helpers in double precision, column-major like tc_mat4.
 * Used where a float inverse would lose too much (camera unprojection). */
#ifndef TOUCHE_SRC_MATH_MAT4D_H
#define TOUCHE_SRC_MATH_MAT4D_H

#include <touche/mat4.h>

/* The entries widened to double; false (nothing written) when any is not finite. */
bool tc_mat4d_from_mat4(const tc_mat4 *m, double out[16]);
/* out = a * b; out may not alias a or b. */
void tc_mat4d_mul(const double a[16], const double b[16], double out[16]);
/* General inverse by cofactors; false (and out untouched) when singular or
 * non-finite. */
bool tc_mat4d_inverse(const double m[16], double out[16]);
/* out = m * v for a column 4-vector. */
void tc_mat4d_mul_vec4(const double m[16], const double v[4], double out[4]);

#endif
