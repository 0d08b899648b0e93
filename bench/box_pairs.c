/* SPDX-License-Identifier: MIT */
/* Random OBB pairs shared by the box benchmarks; see box_pairs.h. */
#include "box_pairs.h"

#include "box_truth.h"

#include <math.h>

static tc_vec3 column(const tc_mat3 *m, int k) { return k == 0 ? m->cx : (k == 1 ? m->cy : m->cz); }
static void set_column(tc_mat3 *m, int k, tc_vec3 v)
{
    if (k == 0) m->cx = v;
    else if (k == 1) m->cy = v;
    else m->cz = v;
}

/* A's rotation with its columns cyclically shifted and/or two swapped and
 * one negated: a 90-degree-related rotation whose columns are A's exactly. */
static tc_mat3 related_rotation(test_rng *rng, const tc_mat3 *r)
{
    tc_mat3 out = *r;
    int shift = (int)test_rng_int(rng, 0, 2);
    for (int k = 0; k < 3; ++k) set_column(&out, k, column(r, (k + shift) % 3));
    if (test_rng_int(rng, 0, 1)) {
        tc_vec3 c0 = column(&out, 0), c1 = column(&out, 1);
        set_column(&out, 0, c1);
        set_column(&out, 1, c0);
        set_column(&out, 2, tc_vec3_neg(column(&out, 2)));
    }
    return out;
}

static tc_vec3 random_half(test_rng *rng, double scale)
{
    float h[3];
    for (int k = 0; k < 3; ++k) h[k] = (float)(scale * test_rng_uniform(rng, 0.1, 1.0));
    if (test_rng_int(rng, 0, 99) < 3) h[test_rng_int(rng, 0, 2)] = 0.0f;
    return tc_vec3_make(h[0], h[1], h[2]);
}

static tc_quat random_quat(test_rng *rng)
{
    double q[4];
    test_rng_quat(rng, q);
    return tc_quat_make((float)q[0], (float)q[1], (float)q[2], (float)q[3]);
}

/* Returns 1 when the pair's rotations make some edge cross products vanish
 * exactly (identical, 90-degree-related or both axis-aligned). */
int box_pair_random(test_rng *rng, box_place place_mode, tc_obb *a, tc_obb *b)
{
    double scale = test_rng_log_range(rng, 0.1, 10.0);
    tc_vec3 ca = test_rng_vec3(rng, -10, 10);
    uint32_t rot_mode = test_rng_int(rng, 0, 99);
    tc_quat qa = rot_mode < 95 ? random_quat(rng) : tc_quat_identity();
    *a = tc_obb_from_quat(ca, random_half(rng, scale), qa);
    if (rot_mode < 75) {
        *b = tc_obb_from_quat(ca, random_half(rng, scale), random_quat(rng));
    } else {
        b->center = ca;
        b->half = random_half(rng, scale);
        b->rotation = (rot_mode < 85 || rot_mode >= 95) ? a->rotation : related_rotation(rng, &a->rotation);
    }

    double d[3];
    test_rng_unit_vector(rng, d);
    double touch = box_truth_touch_distance(a, b, d), t;
    uint32_t place = test_rng_int(rng, 0, 99);
    if (place_mode == BOX_PLACE_OVERLAP) {
        t = place < 10 ? touch : touch * (1.0 - test_rng_log_range(rng, 1e-6, 1.0));
    } else if (place_mode == BOX_PLACE_APART) {
        t = touch * (1.0 + test_rng_log_range(rng, 1e-6, 1.0));
    } else if (place < 45) {
        double rel = test_rng_log_range(rng, 1e-9, 1e-3);
        t = touch * (1.0 + (test_rng_int(rng, 0, 1) ? rel : -rel));
    } else if (place < 55) {
        t = touch;
    } else if (place < 80) {
        t = touch * test_rng_uniform(rng, 0.0, 1.0);
    } else {
        t = touch * test_rng_uniform(rng, 1.0, 2.0);
    }
    if (!isfinite(t)) t = 0.0;
    b->center = tc_vec3_make((float)(ca.x + t * d[0]), (float)(ca.y + t * d[1]), (float)(ca.z + t * d[2]));
    return rot_mode >= 75;
}

/* The documented band (base.h): TC_TOLERANCE times the largest coordinate of
 * either box's bounds plus its largest extent. */
double box_pair_band(const tc_obb *a, const tc_obb *b)
{
    const tc_obb *boxes[2] = { a, b };
    double coord = 0.0, extent = 0.0;
    for (int i = 0; i < 2; ++i) {
        const tc_obb *o = boxes[i];
        const double c[3] = { o->center.x, o->center.y, o->center.z };
        double rx = fabs(o->rotation.cx.x) * o->half.x + fabs(o->rotation.cy.x) * o->half.y + fabs(o->rotation.cz.x) * o->half.z;
        double ry = fabs(o->rotation.cx.y) * o->half.x + fabs(o->rotation.cy.y) * o->half.y + fabs(o->rotation.cz.y) * o->half.z;
        double rz = fabs(o->rotation.cx.z) * o->half.x + fabs(o->rotation.cy.z) * o->half.y + fabs(o->rotation.cz.z) * o->half.z;
        double e[3] = { rx, ry, rz };
        for (int k = 0; k < 3; ++k) {
            double m = fabs(c[k]) + e[k];
            if (m > coord) coord = m;
            if (2.0 * e[k] > extent) extent = 2.0 * e[k];
        }
    }
    return (double)TC_TOLERANCE * (coord + extent);
}

