#include "camera.h"

#include <math.h>

static const double tt_pi = 3.14159265358979323846;

tt_view tt_view_from_camera(const tt_camera *cam)
{
    tt_view v;
    v.eye = cam->position;
    v.forward = tc_vec3_normalize(tc_vec3_sub(cam->target, cam->position));
    v.right = tc_vec3_normalize(tc_vec3_cross(v.forward, cam->up));
    v.up = tc_vec3_cross(v.right, v.forward);
    v.tan_half_fov = tan((double)cam->fov_deg * tt_pi / 360.0);
    v.width = cam->width;
    v.height = cam->height;
    v.near_z = cam->near_z;
    v.far_z = cam->far_z;
    return v;
}

static double dot_d(tc_vec3 a, tc_vec3 b) { return (double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z; }

tt_cam_point tt_view_to_camera(const tt_view *v, tc_vec3 world)
{
    tc_vec3 d = tc_vec3_sub(world, v->eye);
    tt_cam_point c;
    c.x = dot_d(d, v->right);
    c.y = dot_d(d, v->up);
    c.z = dot_d(d, v->forward);
    return c;
}

void tt_view_camera_to_pixel(const tt_view *v, tt_cam_point c, double *px, double *py)
{
    /* Vertical fov: one unit of height/2 pixels per tan(fov/2) at depth 1. */
    double k = (v->height * 0.5) / v->tan_half_fov;
    *px = v->width * 0.5 + k * c.x / c.z;
    *py = v->height * 0.5 - k * c.y / c.z;
}

tc_ray tt_view_pick_ray(const tt_view *v, double px, double py)
{
    double k = v->tan_half_fov / (v->height * 0.5);
    double cx = (px - v->width * 0.5) * k;
    double cy = (v->height * 0.5 - py) * k;
    tc_vec3 dir = tc_vec3_add(v->forward, tc_vec3_add(tc_vec3_scale(v->right, (float)cx), tc_vec3_scale(v->up, (float)cy)));
    tc_ray r;
    /* Start on the near plane, as an unprojected near point would. */
    r.origin = tc_vec3_mul_add(v->eye, dir, (float)v->near_z);
    r.dir = tc_vec3_normalize(dir);
    return r;
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
