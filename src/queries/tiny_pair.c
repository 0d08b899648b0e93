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

static void reach_add_shape(reach *r, const tc_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_SPHERE:
        reach_add3(r, s->u.sphere.center);
        reach_add(r, s->u.sphere.radius);
        break;
    case TC_SHAPE_CAPSULE:
        reach_add3(r, s->u.capsule.a);
        reach_add3(r, s->u.capsule.b);
        reach_add(r, s->u.capsule.radius);
        break;
    case TC_SHAPE_AABB:
        reach_add3(r, s->u.aabb.min);
        reach_add3(r, s->u.aabb.max);
        break;
    case TC_SHAPE_OBB:
        reach_add3(r, s->u.obb.center);
        reach_add3(r, s->u.obb.half);
        break;
    case TC_SHAPE_TRIANGLE:
        reach_add3(r, s->u.triangle.a);
        reach_add3(r, s->u.triangle.b);
        reach_add3(r, s->u.triangle.c);
        break;
    case TC_SHAPE_PLANE: /* its normal is unit: only the offset scales */
        reach_add(r, s->u.plane.offset);
        break;
    case TC_SHAPE_HULL: {
        const tc_hull *h = &s->u.hull;
        if (!h->data) {
            reach_add(r, INFINITY); /* invalid: answered as given */
            break;
        }
        reach_add_placed(r, h->position, h->scale, box_max_abs(h->data->box_min, h->data->box_max));
        break;
    }
    case TC_SHAPE_MESH: {
        const tc_mesh *m = &s->u.mesh;
        if (!m->data) {
            reach_add(r, INFINITY);
            break;
        }
        const bool empty = m->data->triangle_count == 0; /* no nodes */
        reach_add_placed(r, m->position, m->scale, empty ? 0.0f : box_max_abs(m->data->nodes[0].min, m->data->nodes[0].max));
        break;
    }
    default:
        reach_add(r, INFINITY);
        break;
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
    switch (r.type) {
    case TC_SHAPE_SPHERE:
        r.u.sphere.center = tc_vec3_scaled_up(r.u.sphere.center, s);
        r.u.sphere.radius = up1(r.u.sphere.radius, s);
        break;
    case TC_SHAPE_CAPSULE:
        r.u.capsule.a = tc_vec3_scaled_up(r.u.capsule.a, s);
        r.u.capsule.b = tc_vec3_scaled_up(r.u.capsule.b, s);
        r.u.capsule.radius = up1(r.u.capsule.radius, s);
        break;
    case TC_SHAPE_AABB:
        r.u.aabb.min = tc_vec3_scaled_up(r.u.aabb.min, s);
        r.u.aabb.max = tc_vec3_scaled_up(r.u.aabb.max, s);
        break;
    case TC_SHAPE_OBB:
        r.u.obb.center = tc_vec3_scaled_up(r.u.obb.center, s);
        r.u.obb.half = tc_vec3_scaled_up(r.u.obb.half, s);
        break;
    case TC_SHAPE_TRIANGLE:
        r.u.triangle.a = tc_vec3_scaled_up(r.u.triangle.a, s);
        r.u.triangle.b = tc_vec3_scaled_up(r.u.triangle.b, s);
        r.u.triangle.c = tc_vec3_scaled_up(r.u.triangle.c, s);
        break;
    case TC_SHAPE_PLANE:
        r.u.plane.offset = up1(r.u.plane.offset, s);
        break;
    case TC_SHAPE_HULL:
        r.u.hull.position = tc_vec3_scaled_up(r.u.hull.position, s);
        r.u.hull.scale = up1(r.u.hull.scale, s);
        break;
    case TC_SHAPE_MESH:
        r.u.mesh.position = tc_vec3_scaled_up(r.u.mesh.position, s);
        r.u.mesh.scale = up1(r.u.mesh.scale, s);
        break;
    default:
        break;
    }
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
