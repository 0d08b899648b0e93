/* SPDX-License-Identifier: MIT */
#include "queries/convex_core.h"

static void set_point(tc_core *c, int i, tc_vec3 p) { c->v[i] = tc_dvec3_from(p); }

void tc_core_from_point(tc_core *c, tc_vec3 p, float radius)
{
    c->count = 1;
    set_point(c, 0, p);
    c->radius = radius;
    tc_core_finish(c);
}

void tc_core_from_sphere(tc_core *c, const tc_sphere *s) { tc_core_from_point(c, s->center, s->radius); }
void tc_core_from_capsule(tc_core *c, const tc_capsule *s) { tc_core_from_segment(c, s->a, s->b, s->radius); }

void tc_core_from_segment(tc_core *c, tc_vec3 a, tc_vec3 b, float radius)
{
    c->count = 2;
    set_point(c, 0, a);
    set_point(c, 1, b);
    c->radius = radius;
    tc_core_finish(c);
}

void tc_core_from_triangle(tc_core *c, const tc_triangle *t)
{
    c->count = 3;
    set_point(c, 0, t->a);
    set_point(c, 1, t->b);
    set_point(c, 2, t->c);
    c->radius = 0.0;
    tc_core_finish(c);
}

static void box_corners(tc_core *c)
{
    for (int i = 0; i < 8; ++i) {
        tc_dvec3 p = c->center;
        p = tc_dvec3_mad(p, c->axis[0], (i & 1) ? c->half[0] : -c->half[0]);
        p = tc_dvec3_mad(p, c->axis[1], (i & 2) ? c->half[1] : -c->half[1]);
        p = tc_dvec3_mad(p, c->axis[2], (i & 4) ? c->half[2] : -c->half[2]);
        c->v[i] = p;
    }
}

void tc_core_from_obb(tc_core *c, const tc_obb *b)
{
    c->count = 8;
    c->center = tc_dvec3_from(b->center);
    /* The contract asks for an orthonormal rotation; normalising the columns
     * again in double costs nothing and keeps the face normals unit. */
    c->axis[0] = tc_dvec3_normalize(tc_dvec3_from(b->rotation.cx));
    c->axis[1] = tc_dvec3_normalize(tc_dvec3_from(b->rotation.cy));
    c->axis[2] = tc_dvec3_normalize(tc_dvec3_from(b->rotation.cz));
    c->half[0] = b->half.x;
    c->half[1] = b->half.y;
    c->half[2] = b->half.z;
    c->radius = 0.0;
    box_corners(c);
    tc_core_finish(c);
}

void tc_core_from_aabb(tc_core *c, const tc_aabb *b)
{
    c->count = 8;
    tc_dvec3 lo = tc_dvec3_from(b->min), hi = tc_dvec3_from(b->max);
    c->center = tc_dvec3_scale(tc_dvec3_add(lo, hi), 0.5);
    c->axis[0] = tc_dvec3_make(1, 0, 0);
    c->axis[1] = tc_dvec3_make(0, 1, 0);
    c->axis[2] = tc_dvec3_make(0, 0, 1);
    c->half[0] = 0.5 * (hi.x - lo.x);
    c->half[1] = 0.5 * (hi.y - lo.y);
    c->half[2] = 0.5 * (hi.z - lo.z);
    c->radius = 0.0;
    box_corners(c);
    /* Exact corners: the half-extent round trip may move them by an ulp. */
    for (int i = 0; i < 8; ++i) {
        c->v[i].x = (i & 1) ? hi.x : lo.x;
        c->v[i].y = (i & 2) ? hi.y : lo.y;
        c->v[i].z = (i & 4) ? hi.z : lo.z;
    }
    tc_core_finish(c);
}

void tc_core_finish(tc_core *c)
{
    tc_dvec3 sum = tc_dvec3_make(0, 0, 0);
    double scale = 0.0, diameter = 0.0;
    for (int i = 0; i < c->count; ++i) {
        sum = tc_dvec3_add(sum, c->v[i]);
        double m = tc_dvec3_max_abs(c->v[i]);
        if (m > scale) scale = m;
        if (c->count == 8) continue; /* a box's diameter is its diagonal */
        for (int j = 0; j < i; ++j) {
            double d = tc_dvec3_length(tc_dvec3_sub(c->v[i], c->v[j]));
            if (d > diameter) diameter = d;
        }
    }
    if (c->count == 8)
        diameter = 2.0 * sqrt(c->half[0] * c->half[0] + c->half[1] * c->half[1] + c->half[2] * c->half[2]);
    if (c->count != 8) c->center = tc_dvec3_scale(sum, 1.0 / c->count);
    if (c->count == 3)
        c->axis[0] = tc_dvec3_normalize(tc_dvec3_cross(tc_dvec3_sub(c->v[1], c->v[0]), tc_dvec3_sub(c->v[2], c->v[0])));
    c->size = diameter + 2.0 * c->radius;
    c->scale = scale + c->radius;
}

void tc_core_translate(tc_core *c, tc_dvec3 d)
{
    for (int i = 0; i < c->count; ++i) c->v[i] = tc_dvec3_add(c->v[i], d);
    c->center = tc_dvec3_add(c->center, d);
    double scale = 0.0;
    for (int i = 0; i < c->count; ++i) {
        double m = tc_dvec3_max_abs(c->v[i]);
        if (m > scale) scale = m;
    }
    c->scale = scale + c->radius;
}

tc_dvec3 tc_core_support(const tc_core *c, tc_dvec3 d)
{
    int best = 0;
    double best_p = tc_dvec3_dot(c->v[0], d);
    for (int i = 1; i < c->count; ++i) {
        double p = tc_dvec3_dot(c->v[i], d);
        if (p > best_p) { best_p = p; best = i; }
    }
    return c->v[best];
}

void tc_core_project(const tc_core *c, tc_dvec3 d, double *lo, double *hi)
{
    double a = tc_dvec3_dot(c->v[0], d), b = a;
    for (int i = 1; i < c->count; ++i) {
        double p = tc_dvec3_dot(c->v[i], d);
        if (p < a) a = p;
        if (p > b) b = p;
    }
    *lo = a;
    *hi = b;
}

int tc_core_feature(const tc_core *c, tc_dvec3 n, double tol, tc_dvec3 out[4])
{
    if (c->count == 8) {
        /* A box's supporting set is a face, an edge or a corner: an axis is
         * "free" when flipping its sign changes the projection by <= tol. */
        double l[3];
        int sign[3], free_axes[3], nfree = 0;
        for (int i = 0; i < 3; ++i) {
            l[i] = tc_dvec3_dot(c->axis[i], n);
            sign[i] = l[i] >= 0.0 ? 1 : -1;
            if (fabs(l[i]) <= tol) free_axes[nfree++] = i;
        }
        if (nfree == 3) {
            /* A box smaller than the tolerance: keep the face across the
             * axis most aligned with n. */
            int k = 0;
            for (int i = 1; i < 3; ++i)
                if (fabs(l[i]) > fabs(l[k])) k = i;
            nfree = 0;
            for (int i = 0; i < 3; ++i)
                if (i != k) free_axes[nfree++] = i;
        }
        int base = 0;
        for (int i = 0; i < 3; ++i)
            if (sign[i] > 0) base |= 1 << i;
        if (nfree == 0) {
            out[0] = c->v[base];
            return 1;
        }
        if (nfree == 1) {
            int bit = 1 << free_axes[0];
            out[0] = c->v[base & ~bit];
            out[1] = c->v[base | bit];
            return 2;
        }
        int b0 = 1 << free_axes[0], b1 = 1 << free_axes[1];
        int fixed = base & ~(b0 | b1);
        out[0] = c->v[fixed];
        out[1] = c->v[fixed | b0];
        out[2] = c->v[fixed | b0 | b1];
        out[3] = c->v[fixed | b1];
        return 4;
    }
    double p[3], hi = -INFINITY;
    int top = 0;
    for (int i = 0; i < c->count; ++i) {
        p[i] = tc_dvec3_dot(c->v[i], n);
        if (p[i] > hi) { hi = p[i]; top = i; }
    }
    /* A vertex joins the feature when the edge to the top vertex is within
     * the angle tolerance of the plane across n. */
    int k = 0;
    for (int i = 0; i < c->count; ++i)
        if (i == top || hi - p[i] <= tol * tc_dvec3_length(tc_dvec3_sub(c->v[i], c->v[top]))) out[k++] = c->v[i];
    return k;
}

int tc_core_face_normals(const tc_core *c, tc_dvec3 out[3])
{
    if (c->count == 8) {
        for (int i = 0; i < 3; ++i) out[i] = c->axis[i];
        return 3;
    }
    if (c->count == 3 && tc_dvec3_length_sq(c->axis[0]) > 0.0) {
        out[0] = c->axis[0];
        return 1;
    }
    return 0;
}

int tc_core_edge_directions(const tc_core *c, tc_dvec3 out[3])
{
    switch (c->count) {
    case 8:
        for (int i = 0; i < 3; ++i) out[i] = c->axis[i];
        return 3;
    case 3:
        out[0] = tc_dvec3_sub(c->v[1], c->v[0]);
        out[1] = tc_dvec3_sub(c->v[2], c->v[1]);
        out[2] = tc_dvec3_sub(c->v[0], c->v[2]);
        return 3;
    case 2:
        out[0] = tc_dvec3_sub(c->v[1], c->v[0]);
        return 1;
    default:
        return 0;
    }
}
