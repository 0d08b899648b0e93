/* SPDX-License-Identifier: MIT */
/* Tiny pairs scaled into the unit range (tiny_pair.h). */
#include "queries/tiny_pair.h"

#include <math.h>
#include <string.h>

#include "core/float.h"
#include "shapes/hull_internal.h"
#include "shapes/mesh_internal.h"

/* The largest |number| as the bits of a float: |x|'s bits order as |x|
 * does, and a NaN's or an infinity's lie above every finite one, so one
 * integer maximum measures the pair and rejects bad numbers with no
 * floating-point operation (and no exception) whatever they are. */
typedef struct reach { uint32_t bits; } reach;

static void reach_add(reach *r, float x)
{
    const uint32_t u = tc_float_bits(x) & 0x7fffffffu;
    r->bits = u > r->bits ? u : r->bits;
}

static void reach_add3(reach *r, tc_vec3 v)
{
    reach_add(r, v.x);
    reach_add(r, v.y);
    reach_add(r, v.z);
}

/* A placed hull's or mesh's reach from the origin: its position plus its
 * scale times the data's largest coordinate, twice over for any turn (a
 * data point at |p| per axis is at most sqrt(3) |p| away turned). In
 * double, once the position and scale are finite and tiny (the data's box
 * is finite); anything larger counts as infinite. */
static void reach_add_placed(reach *r, tc_vec3 position, float scale, float data_max)
{
    reach_add3(r, position);
    reach_add(r, scale);
    if (r->bits > tc_float_bits((float)TC_TINY_PAIR_LIMIT)) return;
    const double placed = (double)tc_vec3_max_abs(position) + 2.0 * (double)tc_absf(scale) * data_max;
    reach_add(r, placed <= TC_TINY_PAIR_LIMIT ? (float)placed : INFINITY);
}

static float box_max_abs(tc_vec3 lo, tc_vec3 hi) { return tc_maxf(tc_vec3_max_abs(lo), tc_vec3_max_abs(hi)); }

/* The numbers of a shape that scale with it, as pointers into it: every
 * coordinate and size; a plane's offset (its normal is unit); a hull's or
 * mesh's position and scale (its data stays). Returns how many (0 for an
 * unknown type). The measure reads them, the scaling writes them. */
static int scaling_numbers(tc_shape *s, float *n[9])
{
    int k = 0;
#define TC_ADD3(v) (n[k++] = &(v).x, n[k++] = &(v).y, n[k++] = &(v).z)
    switch (s->type) {
    case TC_SHAPE_SPHERE: TC_ADD3(s->u.sphere.center); n[k++] = &s->u.sphere.radius; break;
    case TC_SHAPE_CAPSULE: TC_ADD3(s->u.capsule.a); TC_ADD3(s->u.capsule.b); n[k++] = &s->u.capsule.radius; break;
    case TC_SHAPE_AABB: TC_ADD3(s->u.aabb.min); TC_ADD3(s->u.aabb.max); break;
    case TC_SHAPE_OBB: TC_ADD3(s->u.obb.center); TC_ADD3(s->u.obb.half); break;
    case TC_SHAPE_TRIANGLE: TC_ADD3(s->u.triangle.a); TC_ADD3(s->u.triangle.b); TC_ADD3(s->u.triangle.c); break;
    case TC_SHAPE_PLANE: n[k++] = &s->u.plane.offset; break;
    case TC_SHAPE_HULL: TC_ADD3(s->u.hull.position); n[k++] = &s->u.hull.scale; break;
    case TC_SHAPE_MESH: TC_ADD3(s->u.mesh.position); n[k++] = &s->u.mesh.scale; break;
    default: break;
    }
#undef TC_ADD3
    return k;
}

static void reach_add_shape(reach *r, const tc_shape *shape)
{
    tc_shape s = *shape;
    float *n[9];
    const int count = scaling_numbers(&s, n);
    if (count == 0) reach_add(r, INFINITY); /* no shape: answered as given */
    for (int i = 0; i < count; ++i) reach_add(r, *n[i]);
    /* a hull or a mesh reaches past its position by its data placed */
    if (s.type == TC_SHAPE_HULL) {
        if (!s.u.hull.data) reach_add(r, INFINITY); /* invalid: answered as given */
        else reach_add_placed(r, s.u.hull.position, s.u.hull.scale, box_max_abs(s.u.hull.data->box_min, s.u.hull.data->box_max));
    } else if (s.type == TC_SHAPE_MESH) {
        const tc_mesh_data *d = s.u.mesh.data;
        if (!d) reach_add(r, INFINITY);
        else reach_add_placed(r, s.u.mesh.position, s.u.mesh.scale,
                              d->triangle_count == 0 ? 0.0f : box_max_abs(d->nodes[0].min, d->nodes[0].max)); /* no nodes when empty */
    }
}

bool tc_tiny_pair_measure(const tc_shape *a, const tc_shape *b, const tc_vec3 *extra, int count, tc_pair_scale *s)
{
    const uint32_t limit = tc_float_bits((float)TC_TINY_PAIR_LIMIT);
    reach r = { 0u };
    reach_add_shape(&r, a);
    if (r.bits > limit) return false; /* an ordinary pair: one shape decides */
    reach_add_shape(&r, b);
    for (int i = 0; i < count; ++i) reach_add3(&r, extra[i]);
    if (r.bits > limit || r.bits == 0u) return false;
    float max;
    memcpy(&max, &r.bits, sizeof max);
    int e;
    (void)frexp((double)max, &e); /* max = f 2^e, f in [1/2, 1) */
    s->up = ldexp(1.0, -e);
    s->down = ldexp(1.0, e);
    return true;
}

/* Exact: x up has x's significant bits and lies in the float range. */
static float up1(float x, const tc_pair_scale *s) { return (float)((double)x * s->up); }
tc_vec3 tc_vec3_scaled_up(tc_vec3 v, const tc_pair_scale *s) { return tc_vec3_make(up1(v.x, s), up1(v.y, s), up1(v.z, s)); }

tc_shape tc_shape_scaled_up(const tc_shape *shape, const tc_pair_scale *s)
{
    tc_shape r = *shape;
    float *n[9];
    const int count = scaling_numbers(&r, n);
    for (int i = 0; i < count; ++i) *n[i] = up1(*n[i], s);
    return r;
}

tc_vec3 tc_vec3_scaled_down(tc_vec3 p, const tc_pair_scale *s)
{
    return tc_vec3_make((float)((double)p.x * s->down), (float)((double)p.y * s->down), (float)((double)p.z * s->down));
}

float tc_length_scaled_down(float x, const tc_pair_scale *s)
{
    const float r = (float)((double)x * s->down);
    /* positive (finite or not) from the bits: no comparison meets a NaN */
    const bool positive = tc_float_bits(x) - 1u < TC_FLOAT_EXPONENT_BITS;
    return positive && r == 0.0f ? 0x1p-149f : r;
}

void tc_manifold_scaled_down(tc_manifold *m, const tc_pair_scale *s)
{
    for (int i = 0; i < m->count && i < 4; ++i) {
        m->points[i].point = tc_vec3_scaled_down(m->points[i].point, s);
        m->points[i].depth = tc_length_scaled_down(m->points[i].depth, s);
    }
}

float tc_distance_scaled_down(float d, tc_vec3 *point_a, tc_vec3 *point_b, const tc_pair_scale *s)
{
    if (!tc_is_finite(d)) return d; /* invalid: the points are not written */
    if (point_a) *point_a = tc_vec3_scaled_down(*point_a, s);
    if (point_b) *point_b = tc_vec3_scaled_down(*point_b, s);
    return tc_length_scaled_down(d, s);
}

void tc_sweep_scaled_up(tc_vec3 *velocity_a, tc_vec3 *velocity_b, float *max_t, const tc_pair_scale *s,
                        tc_pair_scale *time)
{
    *time = (tc_pair_scale){ 1.0, 1.0 };
    if (!tc_vec3_finite(*velocity_a) || !tc_vec3_finite(*velocity_b) || tc_is_nan(*max_t)) return;
    if ((double)tc_maxf(tc_vec3_max_abs(*velocity_a), tc_vec3_max_abs(*velocity_b)) * s->up <= 0x1p100) {
        *velocity_a = tc_vec3_scaled_up(*velocity_a, s);
        *velocity_b = tc_vec3_scaled_up(*velocity_b, s);
    } else {
        *time = *s;
        if (tc_is_finite(*max_t)) *max_t = tc_float_saturated(*max_t * time->up); /* +inf stays */
    }
}

void tc_sweep_hit_scaled_down(tc_sweep_hit *hit, const tc_sweep_hit *h, const tc_pair_scale *s, const tc_pair_scale *time)
{
    if (!hit) return;
    hit->t = tc_length_scaled_down(h->t, time);
    hit->point = tc_vec3_scaled_down(h->point, s);
    hit->normal = h->normal;
}
