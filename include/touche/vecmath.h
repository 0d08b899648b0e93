/* SPDX-License-Identifier: MIT */
/** @file
 * Touché math: 3-vectors, quaternions, 3x3 matrices and rigid transforms.
 *
 * Conventions:
 *  - Right-handed coordinates; angles in radians.
 *  - tc_quat is (x, y, z, w) with w the scalar part; it rotates v as q v q*.
 *    Functions that build a matrix from a quaternion normalise it first, so a
 *    non-unit quaternion means the same rotation as its normalised self. The
 *    zero quaternion (and any non-finite one) is treated as the identity.
 *  - tc_mat3 stores columns: m * v = cx * v.x + cy * v.y + cz * v.z. For a
 *    rotation, the columns are the rotated x, y and z axes.
 *  - tc_transform maps local to world: world = position + rotation * local.
 *    Composing parent * child gives the child's world transform, which is how
 *    a collider on a bone is placed: tc_transform_mul(bone_world, collider_local).
 *  - Small types are passed and returned by value. The inline helpers below
 *    are plain C; the library itself is compiled with -ffp-contract=off so its
 *    results do not depend on the compiler or optimisation level.
 */
#ifndef TOUCHE_VECMATH_H
#define TOUCHE_VECMATH_H

#include "base.h"

TC_C_BEGIN

/// A 3D vector or point.
typedef struct tc_vec3 { float x, y, z; } tc_vec3;
/// A rotation quaternion (w is the scalar part).
typedef struct tc_quat { float x, y, z, w; } tc_quat;
/// A 3x3 matrix, stored by columns (columns).
typedef struct tc_mat3 { tc_vec3 cx, cy, cz; } tc_mat3;

/** A rigid transform: rotation then translation. */
typedef struct tc_transform { tc_vec3 position; tc_quat rotation; } tc_transform;

/** The same rigid transform with the rotation expanded to a matrix: what a hot
 * loop wants (no quaternion work per point). */
typedef struct tc_frame { tc_vec3 position; tc_mat3 rotation; } tc_frame;

/* ---- vec3 ---------------------------------------------------------------- */
/// The vector (x, y, z).
static inline tc_vec3 tc_vec3_make(float x, float y, float z) { tc_vec3 r; r.x = x; r.y = y; r.z = z; return r; }
/// The zero vector.
static inline tc_vec3 tc_vec3_zero(void) { return tc_vec3_make(0.0f, 0.0f, 0.0f); }
/// a + b.
static inline tc_vec3 tc_vec3_add(tc_vec3 a, tc_vec3 b) { return tc_vec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }
/// a - b.
static inline tc_vec3 tc_vec3_sub(tc_vec3 a, tc_vec3 b) { return tc_vec3_make(a.x - b.x, a.y - b.y, a.z - b.z); }
/// -a.
static inline tc_vec3 tc_vec3_neg(tc_vec3 a) { return tc_vec3_make(-a.x, -a.y, -a.z); }
/// a * s.
static inline tc_vec3 tc_vec3_scale(tc_vec3 a, float s) { return tc_vec3_make(a.x * s, a.y * s, a.z * s); }
/// Component-wise product.
static inline tc_vec3 tc_vec3_mul(tc_vec3 a, tc_vec3 b) { return tc_vec3_make(a.x * b.x, a.y * b.y, a.z * b.z); }
/** a + b * s */
static inline tc_vec3 tc_vec3_mul_add(tc_vec3 a, tc_vec3 b, float s) { return tc_vec3_make(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s); }
/// Dot product.
static inline float tc_vec3_dot(tc_vec3 a, tc_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/// Cross product a x b.
static inline tc_vec3 tc_vec3_cross(tc_vec3 a, tc_vec3 b)
{
    return tc_vec3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
/// Squared length of a.
static inline float tc_vec3_length_sq(tc_vec3 a) { return tc_vec3_dot(a, a); }
/// Component-wise minimum.
static inline tc_vec3 tc_vec3_min(tc_vec3 a, tc_vec3 b)
{
    return tc_vec3_make(a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z);
}
/// Component-wise maximum.
static inline tc_vec3 tc_vec3_max(tc_vec3 a, tc_vec3 b)
{
    return tc_vec3_make(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z);
}
/// Component-wise absolute value.
static inline tc_vec3 tc_vec3_abs(tc_vec3 a)
{
    return tc_vec3_make(a.x < 0.0f ? -a.x : a.x, a.y < 0.0f ? -a.y : a.y, a.z < 0.0f ? -a.z : a.z);
}
/** a + (b - a) * t */
static inline tc_vec3 tc_vec3_lerp(tc_vec3 a, tc_vec3 b, float t) { return tc_vec3_mul_add(a, tc_vec3_sub(b, a), t); }

/// Length of a.
TC_API float tc_vec3_length(tc_vec3 a);
/// Distance between points a and b.
TC_API float tc_vec3_distance(tc_vec3 a, tc_vec3 b);
/** Unit vector along a; the zero vector (or a non-finite one) gives zero. */
TC_API tc_vec3 tc_vec3_normalize(tc_vec3 a);
/** True when every component is finite (no NaN, no infinity). */
TC_API bool tc_vec3_is_finite(tc_vec3 a);

/* ---- quaternion ---------------------------------------------------------- */
/// The quaternion (x, y, z, w), w the scalar part; not normalised.
static inline tc_quat tc_quat_make(float x, float y, float z, float w) { tc_quat q; q.x = x; q.y = y; q.z = z; q.w = w; return q; }
/// The identity rotation.
static inline tc_quat tc_quat_identity(void) { return tc_quat_make(0.0f, 0.0f, 0.0f, 1.0f); }
/// The conjugate: the inverse rotation of a unit quaternion.
static inline tc_quat tc_quat_conjugate(tc_quat q) { return tc_quat_make(-q.x, -q.y, -q.z, q.w); }

/** Hamilton product a * b: rotate by b, then by a. */
TC_API tc_quat tc_quat_mul(tc_quat a, tc_quat b);
/** Unit quaternion; zero or non-finite input gives the identity. */
TC_API tc_quat tc_quat_normalize(tc_quat q);
/** Rotation of `angle` radians about `axis` (need not be unit; zero axis gives identity). */
TC_API tc_quat tc_quat_from_axis_angle(tc_vec3 axis, float angle);
/** Intrinsic Euler angles in radians, applied in order X, then Y, then Z
 *  about the rotating axes (equivalently extrinsic Z-Y-X): q = qx * qy * qz.
 *  Uses the C library's sinf and cosf. */
TC_API tc_quat tc_quat_from_euler(float x, float y, float z);
/** tc_quat_from_euler with the angles in degrees. */
TC_API tc_quat tc_quat_from_euler_deg(float x_deg, float y_deg, float z_deg);
/** The inverse of tc_quat_from_euler: angles (x, y, z) in radians with
 *  x, z in [-pi, pi] and y in [-pi/2, pi/2], for q normalised first (zero
 *  or non-finite q gives zeros). At gimbal lock (|y| within about 1e-4 of
 *  pi/2) x and z turn about the same axis; z is then 0 and x holds their
 *  sum, so the rotation, not the angles, round-trips. */
TC_API tc_vec3 tc_quat_to_euler(tc_quat q);
/** Normalised linear interpolation from a (t = 0) to b (t = 1) along the
 *  shorter arc (b is negated when dot(a, b) < 0). Both are normalised first
 *  (zero or non-finite means identity); t is not clamped (a non-finite t
 *  gives a). The result is unit; its angular speed is not constant (see
 *  tc_quat_slerp). */
TC_API tc_quat tc_quat_nlerp(tc_quat a, tc_quat b, float t);
/** Spherical linear interpolation from a (t = 0) to b (t = 1) along the
 *  shorter arc, at constant angular speed. Both are normalised first (zero
 *  or non-finite means identity); t is not clamped (a non-finite t gives
 *  a). Nearly equal quaternions (under 1e-3 rad apart) interpolate
 *  linearly, which is exact to float precision there. Uses the C library's
 *  atan2f and sinf. */
TC_API tc_quat tc_quat_slerp(tc_quat a, tc_quat b, float t);
/** Rotate v by q (q is normalised first). */
TC_API tc_vec3 tc_quat_rotate(tc_quat q, tc_vec3 v);
/** Rotation matrix of q (normalised first; zero or non-finite gives identity). */
TC_API tc_mat3 tc_mat3_from_quat(tc_quat q);
/** Quaternion of a rotation matrix (Shepperd's method), w >= 0. */
TC_API tc_quat tc_quat_from_mat3(tc_mat3 m);

/* ---- mat3 ---------------------------------------------------------------- */
/// The matrix with columns cx, cy, cz.
static inline tc_mat3 tc_mat3_make(tc_vec3 cx, tc_vec3 cy, tc_vec3 cz) { tc_mat3 m; m.cx = cx; m.cy = cy; m.cz = cz; return m; }
/// The identity matrix.
static inline tc_mat3 tc_mat3_identity(void)
{
    return tc_mat3_make(tc_vec3_make(1.0f, 0.0f, 0.0f), tc_vec3_make(0.0f, 1.0f, 0.0f), tc_vec3_make(0.0f, 0.0f, 1.0f));
}
/** m * v */
static inline tc_vec3 tc_mat3_mul_vec3(tc_mat3 m, tc_vec3 v)
{
    return tc_vec3_make(m.cx.x * v.x + m.cy.x * v.y + m.cz.x * v.z,
                        m.cx.y * v.x + m.cy.y * v.y + m.cz.y * v.z,
                        m.cx.z * v.x + m.cy.z * v.y + m.cz.z * v.z);
}
/** transpose(m) * v: for a rotation, world direction into local. */
static inline tc_vec3 tc_mat3_tmul_vec3(tc_mat3 m, tc_vec3 v)
{
    return tc_vec3_make(tc_vec3_dot(m.cx, v), tc_vec3_dot(m.cy, v), tc_vec3_dot(m.cz, v));
}
/// The transpose of m.
static inline tc_mat3 tc_mat3_transpose(tc_mat3 m)
{
    return tc_mat3_make(tc_vec3_make(m.cx.x, m.cy.x, m.cz.x), tc_vec3_make(m.cx.y, m.cy.y, m.cz.y),
                        tc_vec3_make(m.cx.z, m.cy.z, m.cz.z));
}
/** a * b */
static inline tc_mat3 tc_mat3_mul(tc_mat3 a, tc_mat3 b)
{
    return tc_mat3_make(tc_mat3_mul_vec3(a, b.cx), tc_mat3_mul_vec3(a, b.cy), tc_mat3_mul_vec3(a, b.cz));
}
/** transpose(a) * b: b expressed in a's frame. */
static inline tc_mat3 tc_mat3_tmul(tc_mat3 a, tc_mat3 b)
{
    return tc_mat3_make(tc_mat3_tmul_vec3(a, b.cx), tc_mat3_tmul_vec3(a, b.cy), tc_mat3_tmul_vec3(a, b.cz));
}
/// The determinant of m.
TC_API float tc_mat3_determinant(tc_mat3 m);
/** General inverse; a singular or non-finite matrix gives the zero matrix. */
TC_API tc_mat3 tc_mat3_inverse(tc_mat3 m);

/* ---- transforms ---------------------------------------------------------- */
/// The transform: rotate by rotation, then move by position.
static inline tc_transform tc_transform_make(tc_vec3 position, tc_quat rotation)
{
    tc_transform t; t.position = position; t.rotation = rotation; return t;
}
/// The identity transform.
static inline tc_transform tc_transform_identity(void) { return tc_transform_make(tc_vec3_zero(), tc_quat_identity()); }
/** parent * child: the child's local transform placed under its parent. The
 * result's rotation is normalised. */
TC_API tc_transform tc_transform_mul(tc_transform parent, tc_transform child);
/** Interpolated pose: position a (1 - t) + b t (exact at t = 0 and 1),
 *  rotation tc_quat_slerp(a.rotation, b.rotation, t) (constant angular
 *  speed, shorter arc). t is not clamped; a non-finite t gives a. */
TC_API tc_transform tc_transform_lerp(tc_transform a, tc_transform b, float t);
/** Inverse rigid transform. */
TC_API tc_transform tc_transform_inverse(tc_transform t);
/** inverse(a) * b: b expressed in a's local frame. */
TC_API tc_transform tc_transform_inv_mul(tc_transform a, tc_transform b);
/// Local point p in t's parent coordinates: rotation * p + position.
TC_API tc_vec3 tc_transform_point(tc_transform t, tc_vec3 p);
/// Local direction d in t's parent coordinates (rotated only).
TC_API tc_vec3 tc_transform_direction(tc_transform t, tc_vec3 d);
/** World point into local coordinates. */
TC_API tc_vec3 tc_transform_inv_point(tc_transform t, tc_vec3 p);
/// Parent-space direction d into t's local coordinates.
TC_API tc_vec3 tc_transform_inv_direction(tc_transform t, tc_vec3 d);

/** Expand a transform's quaternion once, for many points. */
TC_API tc_frame tc_frame_from_transform(tc_transform t);
/// Local point p in the frame's parent coordinates.
static inline tc_vec3 tc_frame_point(tc_frame f, tc_vec3 p) { return tc_vec3_add(f.position, tc_mat3_mul_vec3(f.rotation, p)); }
/// Parent-space point p into the frame's local coordinates.
static inline tc_vec3 tc_frame_inv_point(tc_frame f, tc_vec3 p) { return tc_mat3_tmul_vec3(f.rotation, tc_vec3_sub(p, f.position)); }

TC_C_END

#endif
