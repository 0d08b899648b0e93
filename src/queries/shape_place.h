/* SPDX-License-Identifier: MIT */
/* Private: placing any tc_shape by a pose and a uniform scale, the one
 * implementation behind tc_shape_transform and the world's colliders. Inline
 * so the world's update places each collider in registers. */
#ifndef TOUCHE_SRC_QUERIES_SHAPE_PLACE_H
#define TOUCHE_SRC_QUERIES_SHAPE_PLACE_H

#include <string.h>
#include <touche/dispatch.h>

#include "core/float.h"
#include "core/inline.h"

/* The frame of a pose. A quaternion with zero x, y, z is the identity
 * rotation whatever its w (zero, negative or not finite included, as
 * tc_frame_from_transform would give after normalising): skip the work. */
TC_FORCE_INLINE tc_frame tc_pose_frame(const tc_transform *pose)
{
    tc_frame f;
    if (pose->rotation.x == 0.0f && pose->rotation.y == 0.0f && pose->rotation.z == 0.0f) {
        f.position = pose->position;
        f.rotation = tc_mat3_identity();
    } else {
        f = tc_frame_from_transform(*pose);
    }
    return f;
}

/* A point placed by frame f with uniform scale s, f.position + f.rotation *
 * (s p): in float as always where no sum or product can pass the float
 * range; past it (a valid shape moved by a pose near FLT_MAX) in double,
 * saturated at the range, which would overflow in float. A non-finite
 * number takes the float path as it came (its shape is invalid). */
TC_FORCE_INLINE tc_vec3 tc_place_point(const tc_frame *f, tc_vec3 p, float s)
{
    const tc_mat3 *r = &f->rotation;
    if (!tc_vec3_finite(p) || !tc_vec3_finite(f->position) || !tc_is_finite(s) || !tc_vec3_finite(r->cx) ||
        !tc_vec3_finite(r->cy) || !tc_vec3_finite(r->cz))
        return tc_frame_point(*f, tc_vec3_scale(p, s));
    const double turn = tc_maxf(tc_vec3_max_abs(r->cx), tc_maxf(tc_vec3_max_abs(r->cy), tc_vec3_max_abs(r->cz)));
    if ((double)tc_vec3_max_abs(f->position) + 3.0 * turn * tc_vec3_max_abs(p) * fabs((double)s) < 0x1p126)
        return tc_frame_point(*f, tc_vec3_scale(p, s));
    const double q[3] = { (double)p.x * s, (double)p.y * s, (double)p.z * s };
    const double x = f->position.x + r->cx.x * q[0] + r->cy.x * q[1] + r->cz.x * q[2];
    const double y = f->position.y + r->cx.y * q[0] + r->cy.y * q[1] + r->cz.y * q[2];
    const double z = f->position.z + r->cx.z * q[0] + r->cy.z * q[1] + r->cz.z * q[2];
    return tc_vec3_make(tc_float_saturated(x), tc_float_saturated(y), tc_float_saturated(z));
}

/* s x for sizes (radii, half extents, scales): the exact double product
 * rounded once, the float product's bits, saturated at the float range
 * instead of overflowing; x and s finite, else the float product. */
TC_FORCE_INLINE float tc_place_size(float x, float s)
{
    return tc_is_finite(x) && tc_is_finite(s) ? tc_float_saturated((double)x * s) : x * s;
}

/* An AABB placed by frame f with uniform scale s: it stays axis-aligned,
 * only its centre follows the rotation. Past the float range (a box or a
 * pose near FLT_MAX, where its centre's sum and its corners overflow in
 * float), its centre and half sizes in double, the corners saturated. */
TC_FORCE_INLINE tc_aabb tc_aabb_place(const tc_aabb *local, const tc_frame *f, float s)
{
    tc_aabb r;
    const bool finite = tc_vec3_finite(local->min) && tc_vec3_finite(local->max) && tc_is_finite(s) &&
                        tc_vec3_finite(f->position);
    if (!finite || ((double)tc_maxf(tc_vec3_max_abs(local->min), tc_vec3_max_abs(local->max)) * fabs((double)s) < 0x1p100 &&
                    tc_vec3_max_abs(f->position) < 0x1p100f)) {
        const tc_vec3 c = tc_vec3_scale(tc_vec3_add(local->min, local->max), 0.5f);
        const tc_vec3 h = tc_vec3_scale(tc_vec3_sub(local->max, local->min), 0.5f * s);
        const tc_vec3 wc = tc_frame_point(*f, tc_vec3_scale(c, s));
        r.min = tc_vec3_sub(wc, h);
        r.max = tc_vec3_add(wc, h);
        return r;
    }
    const double lo[3] = { local->min.x, local->min.y, local->min.z }, hi[3] = { local->max.x, local->max.y, local->max.z };
    const double pos[3] = { f->position.x, f->position.y, f->position.z };
    const tc_vec3 rows[3] = { { f->rotation.cx.x, f->rotation.cy.x, f->rotation.cz.x },
                              { f->rotation.cx.y, f->rotation.cy.y, f->rotation.cz.y },
                              { f->rotation.cx.z, f->rotation.cy.z, f->rotation.cz.z } };
    double c[3], out_lo[3], out_hi[3];
    for (int k = 0; k < 3; ++k) c[k] = 0.5 * (lo[k] + hi[k]) * s;
    for (int k = 0; k < 3; ++k) {
        const double wc = pos[k] + rows[k].x * c[0] + rows[k].y * c[1] + rows[k].z * c[2];
        const double h = 0.5 * (hi[k] - lo[k]) * s;
        out_lo[k] = wc - h;
        out_hi[k] = wc + h;
    }
    r.min = tc_vec3_make(tc_float_saturated(out_lo[0]), tc_float_saturated(out_lo[1]), tc_float_saturated(out_lo[2]));
    r.max = tc_vec3_make(tc_float_saturated(out_hi[0]), tc_float_saturated(out_hi[1]), tc_float_saturated(out_hi[2]));
    return r;
}

/* A shape placed by frame f with uniform scale s: every point p goes to
 * f.position + f.rotation * (s p); sizes scale by s; an AABB's centre moves
 * but the box is not turned; a plane's normal turns. Checks nothing; an
 * unknown type gives an invalid shape (a plane with a zero normal). */
TC_FORCE_INLINE void tc_shape_place(const tc_shape *local, const tc_frame *frame, float s, tc_shape *out)
{
    const tc_frame f = *frame;
    tc_shape r;
    memset(&r, 0, sizeof r);
    r.type = local->type;
#define TC_PLACE(p) tc_place_point(&f, (p), s)
    switch (local->type) {
    case TC_SHAPE_SPHERE:
        r.u.sphere.center = TC_PLACE(local->u.sphere.center);
        r.u.sphere.radius = tc_place_size(local->u.sphere.radius, s);
        break;
    case TC_SHAPE_CAPSULE:
        r.u.capsule.a = TC_PLACE(local->u.capsule.a);
        r.u.capsule.b = TC_PLACE(local->u.capsule.b);
        r.u.capsule.radius = tc_place_size(local->u.capsule.radius, s);
        break;
    case TC_SHAPE_AABB:
        r.u.aabb = tc_aabb_place(&local->u.aabb, &f, s);
        break;
    case TC_SHAPE_OBB:
        r.u.obb.center = TC_PLACE(local->u.obb.center);
        r.u.obb.half = tc_vec3_make(tc_place_size(local->u.obb.half.x, s), tc_place_size(local->u.obb.half.y, s),
                                     tc_place_size(local->u.obb.half.z, s));
        r.u.obb.rotation = tc_mat3_mul(f.rotation, local->u.obb.rotation);
        break;
    case TC_SHAPE_TRIANGLE:
        r.u.triangle.a = TC_PLACE(local->u.triangle.a);
        r.u.triangle.b = TC_PLACE(local->u.triangle.b);
        r.u.triangle.c = TC_PLACE(local->u.triangle.c);
        break;
    case TC_SHAPE_PLANE: {
        /* the normal turns with the frame; the offset follows the plane's
         * point nearest the local origin */
        const tc_vec3 n = tc_mat3_mul_vec3(f.rotation, local->u.plane.normal);
        const float d = local->u.plane.offset;
        r.u.plane.normal = n;
        if (tc_is_finite(d) && tc_vec3_finite(f.position) && tc_vec3_finite(n)) {
            /* In double, rounded once: n.position + s d |n|^2, the turned
             * normal being the turned point's direction, saturated at the
             * float range (a plane beyond it holds all or none of it). The
             * plane's point as a float had rounded with its coordinates: a
             * ground through x = 1e6 tilted moved by up to 0.03 along its
             * normal, at 1e12 by 3e4 (issue 12), and near the end of the
             * float range it would overflow. */
            const double nn = (double)n.x * n.x + (double)n.y * n.y + (double)n.z * n.z;
            const double np = (double)n.x * f.position.x + (double)n.y * f.position.y + (double)n.z * f.position.z;
            r.u.plane.offset = tc_float_saturated(np + (double)s * d * nn);
        } else {
            r.u.plane.offset = NAN; /* a non-finite number places an invalid plane, without arithmetic on it */
        }
        break;
    }
    case TC_SHAPE_HULL:
        r.u.hull = local->u.hull;
        r.u.hull.position = TC_PLACE(local->u.hull.position);
        r.u.hull.rotation = tc_mat3_mul(f.rotation, local->u.hull.rotation);
        r.u.hull.scale = tc_place_size(local->u.hull.scale, s);
        break;
    case TC_SHAPE_MESH:
        r.u.mesh = local->u.mesh;
        r.u.mesh.position = TC_PLACE(local->u.mesh.position);
        r.u.mesh.rotation = tc_mat3_mul(f.rotation, local->u.mesh.rotation);
        r.u.mesh.scale = tc_place_size(local->u.mesh.scale, s);
        break;
    default:
        r.type = TC_SHAPE_PLANE; /* no shape: a plane with a zero normal, which is invalid */
        break;
    }
#undef TC_PLACE
    *out = r;
}

/* A placed valid mesh's (with triangles) extremes along each world axis,
 * in double: its data box's corners placed as its triangles' are (a
 * relative 2^-52 of the coordinates from the exact ones). tc_mesh_bounds
 * pads them by their coordinates; the world's tree boxes by the mesh's
 * size (mesh_queries.c). */
void tc_mesh_exact_bounds(const tc_mesh *m, double lo[3], double hi[3]);

#endif
