/* SPDX-License-Identifier: MIT */
/** @file
 * Touché 4x4 matrices: the camera matrices a game hands to its renderer.
 *
 * Conventions:
 *  - tc_mat4 is column-major: the element in row r, column c is m[4 * c + r],
 *    so m[12], m[13], m[14] hold a transform's translation. This is the layout
 *    glUniformMatrix4fv(..., GL_FALSE, m) and Vulkan/HLSL column_major
 *    buffers expect.
 *  - Vectors are columns: M * v. tc_mat4_mul(a, b) applies b first, then a,
 *    so a model-view-projection matrix is mul(proj, mul(view, model)).
 *  - Right-handed: a view matrix looks down its -z axis with +y up; clip space
 *    has x right, y up and the depth range chosen by tc_depth_range.
 *  - Angles in radians. Degenerate input (zero fov, near <= 0, far <= near, a
 *    singular matrix, NaN) gives the zero matrix, which every consumer
 *    (tc_camera_unproject, the inverse) rejects; it never traps.
 */
#ifndef TOUCHE_MAT4_H
#define TOUCHE_MAT4_H

#include "vecmath.h"

TC_C_BEGIN

/// A 4x4 matrix (column-major: row r, column c at m[4 * c + r]).
typedef struct tc_mat4 { float m[16]; } tc_mat4;

/** Where near and far land in normalised device depth. */
typedef enum tc_depth_range {
    TC_DEPTH_NEGATIVE_ONE_TO_ONE = 0,  /**< OpenGL default: near -> -1, far -> +1 */
    TC_DEPTH_ZERO_TO_ONE = 1,          /**< Direct3D, Vulkan, Metal: near -> 0, far -> 1 */
    TC_DEPTH_REVERSED = 2              /**< reversed Z on 0..1: near -> 1, far -> 0 */
} tc_depth_range;

/// The 4x4 identity matrix.
TC_API tc_mat4 tc_mat4_identity(void);
/// The 4x4 zero matrix.
TC_API tc_mat4 tc_mat4_zero(void);
/** a * b: b is applied first. */
TC_API tc_mat4 tc_mat4_mul(tc_mat4 a, tc_mat4 b);
/// The transpose of m.
TC_API tc_mat4 tc_mat4_transpose(tc_mat4 m);
/** General inverse (computed in double); a singular or non-finite matrix gives
 * the zero matrix. */
TC_API tc_mat4 tc_mat4_inverse(tc_mat4 m);
/** The matrix of a rigid transform followed by nothing else, with a uniform
 * scale applied first: M * p = position + rotation * (scale * p). */
TC_API tc_mat4 tc_mat4_from_transform(tc_transform t, float scale);
/** M * (p, 1) divided by the resulting w. When w is zero (a point on the
 * camera plane under a projection) the undivided x, y, z are returned. */
TC_API tc_vec3 tc_mat4_transform_point(tc_mat4 m, tc_vec3 p);
/** M * (d, 0): the upper 3x3 part applied to a direction, no translation. */
TC_API tc_vec3 tc_mat4_transform_direction(tc_mat4 m, tc_vec3 d);

/** A right-handed view matrix: the camera sits at eye, looks toward target,
 * with up roughly up. If up is parallel to the view direction another axis
 * is used in its place; if eye == target the camera looks down -z. */
TC_API tc_mat4 tc_mat4_look_at(tc_vec3 eye, tc_vec3 target, tc_vec3 up);
/** A perspective projection: vertical field of view fovy (0 < fovy < pi),
 * aspect = width / height, 0 < near < far. far may be INFINITY for an
 * infinite far plane (most useful with TC_DEPTH_REVERSED). Arguments out of
 * these ranges (NaN included), or so extreme that an entry exceeds the float
 * range, give the zero matrix. */
TC_API tc_mat4 tc_mat4_perspective(float fovy, float aspect, float near_z, float far_z, tc_depth_range depth);
/** An orthographic projection of the view-space box [left, right] x
 * [bottom, top] x [-far, -near]; near may be zero or negative, far > near.
 * Non-finite arguments, an empty box, or one so thin that an entry exceeds
 * the float range, give the zero matrix. */
TC_API tc_mat4 tc_mat4_orthographic(float left, float right, float bottom, float top, float near_z, float far_z,
                                    tc_depth_range depth);

TC_C_END

#endif
