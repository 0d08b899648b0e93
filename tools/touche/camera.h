/* SPDX-License-Identifier: MIT */
/* The scene camera as the library's matrices (mat4.h, camera.h): projection
 * of world points to viewport pixels for the picture, and pick rays.
 *
 * Pixels follow camera.h: x to the right, y down, (0, 0) the viewport's
 * top-left corner; a click at (x, y) means that exact point, so the centre
 * of pixel (i, j) is (i + 0.5, j + 0.5). fov is vertical, in degrees; the
 * depth range is OpenGL's (it does not change the rays).
 */
#ifndef TT_CAMERA_H
#define TT_CAMERA_H

#include "scene.h"

#include <touche/camera.h>

typedef struct tt_view {
    tc_mat4 view, projection;
    tc_viewport viewport;
    tc_depth_range depth;
    double near_z;
} tt_view;

tt_view tt_view_from_camera(const tt_camera *cam);

/* num / den, dividing by 1 when den is zero. The tool never divides where
 * the divisor may be zero, even behind a test, because the compiler may
 * hoist a guarded division above its guard and a build that traps on
 * floating-point exceptions would then stop there; selecting the divisor
 * instead leaves nothing to hoist. */
static inline double tt_div(double num, double den) { return num / (den != 0.0 ? den : 1.0); }

/* A point in camera space: x right, y up, z forward (depth, > 0 in front). */
typedef struct tt_cam_point { double x, y, z; } tt_cam_point;

tt_cam_point tt_view_to_camera(const tt_view *v, tc_vec3 world);
/* Pixel of a camera-space point in front of the near plane. */
void tt_view_camera_to_pixel(const tt_view *v, tt_cam_point c, double *px, double *py);

/* A camera that frames an axis-aligned region from above and to the side,
 * for scenes that give none. */
tt_camera tt_camera_framing(tc_vec3 lo, tc_vec3 hi, int width, int height);

#endif
