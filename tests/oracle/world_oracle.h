/* SPDX-License-Identifier: MIT */
/* Brute-force helpers for the world tests: their own shape dispatch (by a
 * table of swapped-argument wrappers, not the library's switch) and
 * double-precision pose composition. */
#ifndef TOUCHE_TEST_WORLD_ORACLE_H
#define TOUCHE_TEST_WORLD_ORACLE_H

#include <touche/dispatch.h>

bool oracle_shape_overlap(const tc_shape *a, const tc_shape *b);
bool oracle_shape_raycast(const tc_ray *ray, const tc_shape *s, float max_t, tc_ray_hit *hit);
bool oracle_shape_contains(const tc_shape *s, tc_vec3 p);
/* Box around a shape computed from its vertices / centre and radius. */
bool oracle_shape_box(const tc_shape *s, double lo[3], double hi[3]);

/* A pose in double: rotation as a row-major 3x3 matrix, translation, scale. */
typedef struct oracle_pose { double r[3][3]; double t[3]; double s; } oracle_pose;
oracle_pose oracle_pose_from(tc_transform t, double scale);
/* parent * child, scales multiplied, child translation scaled by parent's. */
oracle_pose oracle_pose_mul(const oracle_pose *parent, const oracle_pose *child);
/* Applies pose to a point given in its local frame: t + r * (s * p). */
void oracle_pose_point(const oracle_pose *p, const double in[3], double out[3]);

#endif
