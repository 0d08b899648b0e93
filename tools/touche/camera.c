/* SPDX-License-Identifier: MIT */
#include "camera.h"

#include <math.h>

static const double tt_pi = 3.14159265358979323846;

tt_view tt_view_from_camera(const tt_camera *cam)
{
    tt_view v;
    v.depth = TC_DEPTH_NEGATIVE_ONE_TO_ONE;
    v.view = tc_mat4_look_at(cam->position, cam->target, cam->up);
    v.projection = tc_mat4_perspective((float)(cam->fov_deg * tt_pi / 180.0), (float)cam->width / (float)cam->height,
                                       cam->near_z, cam->far_z, v.depth);
    v.viewport.x = 0.0f;
    v.viewport.y = 0.0f;
    v.viewport.width = (float)cam->width;
    v.viewport.height = (float)cam->height;
    v.near_z = cam->near_z;
    return v;
}

tt_cam_point tt_view_to_camera(const tt_view *v, tc_vec3 world)
{
    /* The view matrix looks down -z; depth is its negation. */
    tc_vec3 c = tc_mat4_transform_point(v->view, world);
    tt_cam_point p = { c.x, c.y, -(double)c.z };
    return p;
}

void tt_view_camera_to_pixel(const tt_view *v, tt_cam_point c, double *px, double *py)
{
    /* Clip coordinates of the camera-space point, then the viewport mapping
     * of camera.h (y down). */
    const float *m = v->projection.m;
    double x = c.x, y = c.y, z = -c.z;
    double cx = m[0] * x + m[4] * y + m[8] * z + m[12];
    double cy = m[1] * x + m[5] * y + m[9] * z + m[13];
    double cw = m[3] * x + m[7] * y + m[11] * z + m[15];
    double nx = tt_div(cx, cw), ny = tt_div(cy, cw);   /* cw is the depth, > near > 0 */
    *px = v->viewport.x + (nx * 0.5 + 0.5) * v->viewport.width;
    *py = v->viewport.y + (0.5 - ny * 0.5) * v->viewport.height;
}

tt_camera tt_camera_framing(tc_vec3 lo, tc_vec3 hi, int width, int height)
{
    tt_camera cam;
    cam.present = true;
    cam.loc.line = 0;
    cam.loc.column = 0;
    tc_vec3 center = tc_vec3_scale(tc_vec3_add(lo, hi), 0.5f);
    float radius = 0.5f * tc_vec3_length(tc_vec3_sub(hi, lo));
    if (!(radius > 1e-3f)) radius = 1.0f;
    cam.fov_deg = 45.0f;
    /* Far enough that the bounding sphere fits the vertical field of view. */
    float dist = radius / (float)sin(22.5 * tt_pi / 180.0) * 1.1f;
    tc_vec3 dir = tc_vec3_normalize(tc_vec3_make(0.45f, 0.55f, 1.0f));
    cam.position = tc_vec3_mul_add(center, dir, dist);
    cam.target = center;
    cam.up = tc_vec3_make(0.0f, 1.0f, 0.0f);
    cam.width = width;
    cam.height = height;
    cam.near_z = dist * 0.01f;
    cam.far_z = dist * 10.0f;
    return cam;
}
