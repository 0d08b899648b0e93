/* The scene camera: projection of world points to viewport pixels, and the
 * pick ray under a pixel.
 *
 * Pixels: x to the right, y down, (0, 0) the viewport's top-left corner and
 * (width, height) its bottom-right corner; a click at (x, y) means that exact
 * point (not a pixel centre). The view looks from `position` at `target` with
 * `up` as the screen's up; fov is vertical, in degrees.
 */
#ifndef TT_CAMERA_H
#define TT_CAMERA_H

#include "scene.h"

typedef struct tt_view {
    tc_vec3 eye, right, up, forward;   /* orthonormal camera basis in world space */
    double tan_half_fov;               /* tan(fov / 2) */
    double width, height;
    double near_z, far_z;
} tt_view;

tt_view tt_view_from_camera(const tt_camera *cam);

/* A point in camera space: x right, y up, z forward (depth). */
typedef struct tt_cam_point { double x, y, z; } tt_cam_point;

tt_cam_point tt_view_to_camera(const tt_view *v, tc_vec3 world);
/* Pixel of a camera-space point in front of the camera (z > 0). */
void tt_view_camera_to_pixel(const tt_view *v, tt_cam_point c, double *px, double *py);
/* The world ray through a pixel: origin on the near plane, unit direction. */
tc_ray tt_view_pick_ray(const tt_view *v, double px, double py);

/* A camera that frames an axis-aligned region from above and to the side,
 * for scenes that give none. */
tt_camera tt_camera_framing(tc_vec3 lo, tc_vec3 hi, int width, int height);

#endif
