/* SPDX-License-Identifier: MIT */
/** @file
 * Touché camera picking: from a pixel under the mouse to a ray in the world,
 * and back.
 *
 * Conventions:
 *  - Screen points are in pixels with the origin at the top-left corner of the
 *    window and y growing downward (what mouse events report). The centre of
 *    pixel (i, j) is (i + 0.5, j + 0.5).
 *  - A viewport is the rectangle (x, y, width, height) of the window the
 *    picture is drawn into, in the same pixels: (x, y) is its top-left corner.
 *  - view and projection follow mat4.h (column-major, right-handed, clip space
 *    y up). A renderer that flips y in its projection (a common Vulkan
 *    practice) should pass the matrix without that flip.
 *  - The ray starts on the near plane and points through the pixel toward the
 *    far plane; its direction is unit length, so t is a distance in world
 *    units measured from the near plane. With an infinite far plane the
 *    direction comes from a second point between near and far.
 *  - Everything is computed in double precision internally; a singular
 *    matrix, an empty viewport or a non-finite input answers false.
 */
#ifndef TOUCHE_CAMERA_H
#define TOUCHE_CAMERA_H

#include "mat4.h"
#include "raycast.h"

TC_C_BEGIN

/** The window rectangle the picture is drawn into, in pixels (above). */
typedef struct tc_viewport { float x, y, width, height; } tc_viewport;

/** The world ray under screen point (sx, sy). */
TC_API bool tc_camera_unproject(float sx, float sy, tc_viewport viewport, tc_mat4 view, tc_mat4 projection,
                                tc_depth_range depth, tc_ray *out);

/** Where a world point lands on screen: pixels as above, plus its normalised
 * device depth (in the range of `depth`). Points behind the camera (clip w
 * <= 0) answer false. Any out pointer may be NULL. */
TC_API bool tc_camera_project(tc_vec3 point, tc_viewport viewport, tc_mat4 view, tc_mat4 projection,
                              float *sx, float *sy, float *ndc_depth);

TC_C_END

#endif
