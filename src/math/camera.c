// SPDX-License-Identifier: MIT
/* Camera projection and unprojection (camera.h): matrix arithmetic on mat4
 * in double precision, so it sits with the math. It answers a tc_ray, which
 * is plain data (raycast.h); nothing here casts one. */
#include <touche/camera.h>

#include <math.h>

#include "math/mat4d.h"
#include "core/float.h"

static bool viewport_ok(tc_viewport vp)
{
    return tc_is_finite(vp.x) && tc_is_finite(vp.y) && tc_is_finite(vp.width) && tc_is_finite(vp.height) && vp.width > 0.0f &&
           vp.height > 0.0f;
}

/* Normalised device depth of the near and far planes. */
static void depth_ends(tc_depth_range depth, double *near_ndc, double *far_ndc)
{
    switch (depth) {
    case TC_DEPTH_ZERO_TO_ONE: *near_ndc = 0.0; *far_ndc = 1.0; break;
    case TC_DEPTH_REVERSED: *near_ndc = 1.0; *far_ndc = 0.0; break;
    case TC_DEPTH_NEGATIVE_ONE_TO_ONE:
    default: *near_ndc = -1.0; *far_ndc = 1.0; break;
    }
}

bool tc_camera_unproject(float sx, float sy, tc_viewport viewport, tc_mat4 view, tc_mat4 projection,
                         tc_depth_range depth, tc_ray *out)
{
    if (!out) return false;
    if (!viewport_ok(viewport) || !tc_is_finite(sx) || !tc_is_finite(sy)) return false;
    if (depth != TC_DEPTH_NEGATIVE_ONE_TO_ONE && depth != TC_DEPTH_ZERO_TO_ONE && depth != TC_DEPTH_REVERSED)
        return false;
    double v[16], p[16], pv[16], inv[16];
    if (!tc_mat4d_from_mat4(&view, v) || !tc_mat4d_from_mat4(&projection, p)) return false;
    tc_mat4d_mul(p, v, pv);
    if (!tc_mat4d_inverse(pv, inv)) return false;

    /* Screen y grows downward, clip y upward. */
    const double nx = 2.0 * ((double)sx - viewport.x) / viewport.width - 1.0;
    const double ny = 1.0 - 2.0 * ((double)sy - viewport.y) / viewport.height;
    double zn, zf;
    depth_ends(depth, &zn, &zf);
    const double cn[4] = { nx, ny, zn, 1.0 };
    double hn[4], hf[4];
    tc_mat4d_mul_vec4(inv, cn, hn);
    /* Unprojecting (ndc, 1) gives the world point divided by its clip w, so
     * a visible point has a positive homogeneous w. */
    if (!(fabs(hn[3]) > 0.0)) return false;
    const double origin[3] = { hn[0] / hn[3], hn[1] / hn[3], hn[2] / hn[3] };
    double dir[3];
    bool have_dir = false;
    for (int attempt = 0; attempt < 2 && !have_dir; ++attempt) {
        /* First the far plane; if it sits at infinity (w ~ 0) use the point
         * halfway between near and far in device depth instead. */
        const double z = attempt == 0 ? zf : 0.5 * (zn + zf);
        const double cf[4] = { nx, ny, z, 1.0 };
        tc_mat4d_mul_vec4(inv, cf, hf);
        if (!(fabs(hf[3]) > 1e-12 * (fabs(hf[0]) + fabs(hf[1]) + fabs(hf[2])))) continue;
        double len2 = 0.0;
        for (int i = 0; i < 3; ++i) {
            dir[i] = hf[i] / hf[3] - origin[i];
            len2 += dir[i] * dir[i];
        }
        if (len2 > 0.0 && isfinite(len2)) {
            const double len = sqrt(len2);
            for (int i = 0; i < 3; ++i) dir[i] /= len;
            have_dir = true;
        }
    }
    if (!have_dir) return false;
    /* an origin beyond the float range has no float ray (its rounding
     * overflowed, FE_OVERFLOW: the world fuzzer's pick) */
    for (int i = 0; i < 3; ++i)
        if (!isfinite(origin[i]) || fabs(origin[i]) > (double)FLT_MAX) return false;
    tc_ray r;
    r.origin = tc_vec3_make((float)origin[0], (float)origin[1], (float)origin[2]);
    r.dir = tc_vec3_make((float)dir[0], (float)dir[1], (float)dir[2]);
    if (!tc_vec3_is_finite(r.origin) || !tc_vec3_is_finite(r.dir)) return false;
    *out = r;
    return true;
}

bool tc_camera_project(tc_vec3 point, tc_viewport viewport, tc_mat4 view, tc_mat4 projection, float *sx, float *sy,
                       float *ndc_depth)
{
    if (!viewport_ok(viewport) || !tc_vec3_is_finite(point)) return false;
    double v[16], p[16], pv[16];
    if (!tc_mat4d_from_mat4(&view, v) || !tc_mat4d_from_mat4(&projection, p)) return false;
    tc_mat4d_mul(p, v, pv);
    const double wp[4] = { point.x, point.y, point.z, 1.0 };
    double c[4];
    tc_mat4d_mul_vec4(pv, wp, c);
    if (!(c[3] > 0.0) || !isfinite(c[3])) return false;
    const double nx = c[0] / c[3], ny = c[1] / c[3], nz = c[2] / c[3];
    const double px = viewport.x + 0.5 * (nx + 1.0) * viewport.width, py = viewport.y + 0.5 * (1.0 - ny) * viewport.height;
    /* beyond the float range: no float answer (its rounding would overflow) */
    const double out[3] = { px, py, nz };
    for (int i = 0; i < 3; ++i)
        if (!isfinite(out[i]) || fabs(out[i]) > (double)FLT_MAX) return false;
    if (sx) *sx = (float)px;
    if (sy) *sy = (float)py;
    if (ndc_depth) *ndc_depth = (float)nz;
    return true;
}
