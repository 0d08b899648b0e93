/* SPDX-License-Identifier: MIT */
/* The world's debug drawing: wireframes of every collider with a state the
 * caller colours, and optionally the tree's boxes. */
#include "world/world_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/assert.h"
#include "core/float.h"

typedef struct draw_ctx {
    const tc_debug_draw *d;
    tc_debug_state state;
    tc_collider_id id;
    int segments;
    tc_vec3 centre;      /* where planes are drawn around */
    float plane_half;    /* half the side of a plane's square */
} draw_ctx;

static void line(const draw_ctx *c, tc_vec3 a, tc_vec3 b) { c->d->line(c->d->context, a, b, c->state, c->id); }

/* The 12 edges of a box from its 8 corners: corners i and i | bit are joined
 * along the axis of that bit. */
static void box_edges(const draw_ctx *c, const tc_vec3 corners[8])
{
    for (int i = 0; i < 8; ++i)
        for (int bit = 1; bit < 8; bit <<= 1)
            if (!(i & bit)) line(c, corners[i], corners[i | bit]);
}

static void aabb_edges(const draw_ctx *c, tc_aabb b)
{
    tc_vec3 k[8];
    for (int i = 0; i < 8; ++i)
        k[i] = tc_vec3_make(i & 1 ? b.max.x : b.min.x, i & 2 ? b.max.y : b.min.y, i & 4 ? b.max.z : b.min.z);
    box_edges(c, k);
}

/* An arc of radius r around centre in the plane spanned by unit u, v, from
 * angle a0 to a1, with segments proportional to its length. */
static void arc(const draw_ctx *c, tc_vec3 centre, tc_vec3 u, tc_vec3 v, float r, double a0, double a1)
{
    const double two_pi = 6.283185307179586;
    int n = (int)ceil((double)c->segments * (a1 - a0) / two_pi);
    if (n < 1) n = 1;
    tc_vec3 prev = tc_vec3_add(centre, tc_vec3_add(tc_vec3_scale(u, r * (float)cos(a0)), tc_vec3_scale(v, r * (float)sin(a0))));
    for (int i = 1; i <= n; ++i) {
        double a = a0 + (a1 - a0) * i / n;
        tc_vec3 p = tc_vec3_add(centre, tc_vec3_add(tc_vec3_scale(u, r * (float)cos(a)), tc_vec3_scale(v, r * (float)sin(a))));
        line(c, prev, p);
        prev = p;
    }
}

/* A point p of a hull's or mesh's data, placed: position + rotation * (scale * p). */
static tc_vec3 placed(tc_vec3 position, tc_mat3 rotation, float scale, tc_vec3 p)
{
    return tc_vec3_add(position, tc_mat3_mul_vec3(rotation, tc_vec3_scale(p, scale)));
}

/* Two unit vectors perpendicular to unit axis n and to each other. */
static void basis(tc_vec3 n, tc_vec3 *u, tc_vec3 *v)
{
    tc_vec3 t = fabsf(n.x) < 0.57f ? tc_vec3_make(1, 0, 0) : tc_vec3_make(0, 1, 0);
    *u = tc_vec3_normalize(tc_vec3_cross(n, t));
    *v = tc_vec3_cross(n, *u);
}

static void shape_lines(const draw_ctx *c, const tc_shape *s)
{
    const double pi = 3.141592653589793;
    const tc_vec3 X = tc_vec3_make(1, 0, 0), Y = tc_vec3_make(0, 1, 0), Z = tc_vec3_make(0, 0, 1);
    switch (s->type) {
    case TC_SHAPE_SPHERE: {
        const tc_sphere *sp = &s->u.sphere;
        arc(c, sp->center, X, Y, sp->radius, 0.0, 2 * pi);
        arc(c, sp->center, Y, Z, sp->radius, 0.0, 2 * pi);
        arc(c, sp->center, Z, X, sp->radius, 0.0, 2 * pi);
        break;
    }
    case TC_SHAPE_CAPSULE: {
        const tc_capsule *cp = &s->u.capsule;
        tc_vec3 axis = tc_vec3_sub(cp->b, cp->a);
        tc_vec3 n = tc_vec3_normalize(axis);
        if (tc_vec3_length_sq(n) == 0.0f) n = Y; /* a point capsule is a sphere */
        tc_vec3 u, v;
        basis(n, &u, &v);
        float r = cp->radius;
        arc(c, cp->a, u, v, r, 0.0, 2 * pi);
        arc(c, cp->b, u, v, r, 0.0, 2 * pi);
        line(c, tc_vec3_mul_add(cp->a, u, r), tc_vec3_mul_add(cp->b, u, r));
        line(c, tc_vec3_mul_add(cp->a, u, -r), tc_vec3_mul_add(cp->b, u, -r));
        line(c, tc_vec3_mul_add(cp->a, v, r), tc_vec3_mul_add(cp->b, v, r));
        line(c, tc_vec3_mul_add(cp->a, v, -r), tc_vec3_mul_add(cp->b, v, -r));
        /* Caps: half circles bulging away from the segment. */
        tc_vec3 m = tc_vec3_neg(n);
        arc(c, cp->b, u, n, r, 0.0, pi);
        arc(c, cp->b, v, n, r, 0.0, pi);
        arc(c, cp->a, u, m, r, 0.0, pi);
        arc(c, cp->a, v, m, r, 0.0, pi);
        break;
    }
    case TC_SHAPE_AABB: aabb_edges(c, s->u.aabb); break;
    case TC_SHAPE_OBB: {
        tc_vec3 k[8];
        tc_obb_corners(&s->u.obb, k);
        box_edges(c, k);
        break;
    }
    case TC_SHAPE_TRIANGLE:
        line(c, s->u.triangle.a, s->u.triangle.b);
        line(c, s->u.triangle.b, s->u.triangle.c);
        line(c, s->u.triangle.c, s->u.triangle.a);
        break;
    case TC_SHAPE_PLANE: {
        /* a square of it: a half-space has no edges to draw */
        const tc_plane *pl = &s->u.plane;
        /* the point of its boundary nearest the centre (the solid's nearest
         * point would be the centre itself when it lies inside) */
        const tc_vec3 o = tc_vec3_mul_add(c->centre, pl->normal, pl->offset - tc_vec3_dot(pl->normal, c->centre));
        tc_vec3 u, v;
        basis(pl->normal, &u, &v);
        const float h = c->plane_half;
        tc_vec3 k[4];
        for (int i = 0; i < 4; ++i)
            k[i] = tc_vec3_add(o, tc_vec3_add(tc_vec3_scale(u, (i == 0 || i == 3) ? -h : h),
                                               tc_vec3_scale(v, i < 2 ? -h : h)));
        for (int i = 0; i < 4; ++i) line(c, k[i], k[(i + 1) % 4]);
        line(c, o, tc_vec3_mul_add(o, pl->normal, 0.5f * h));
        break;
    }
    case TC_SHAPE_HULL: {
        /* its edges (a flat hull's polygon, a segment's one edge) */
        const tc_hull *h = &s->u.hull;
        const int32_t n = tc_hull_data_edge_count(h->data);
        for (int32_t e = 0; e < n; ++e) {
            int32_t i, j;
            tc_hull_data_edge(h->data, e, &i, &j);
            line(c, placed(h->position, h->rotation, h->scale, tc_hull_data_vertex(h->data, i)),
                 placed(h->position, h->rotation, h->scale, tc_hull_data_vertex(h->data, j)));
        }
        break;
    }
    case TC_SHAPE_MESH: {
        /* every triangle's edges, a shared one once (by the lower triangle) */
        const tc_mesh *m = &s->u.mesh;
        const int32_t n = tc_mesh_data_triangle_count(m->data);
        for (int32_t t = 0; t < n; ++t) {
            const tc_triangle tri = tc_mesh_triangle(m, t);
            const tc_vec3 k[3] = { tri.a, tri.b, tri.c };
            for (int32_t e = 0; e < 3; ++e) {
                int32_t across;
                (void)tc_mesh_data_edge(m->data, t, e, &across);
                if (across < 0 || across > t) line(c, k[e], k[(e + 1) % 3]);
            }
        }
        break;
    }
    default: break;
    }
}

/* A mesh's hierarchy: each node's box in the data's frame, placed (so
 * turned with the mesh: 12 edges of its 8 placed corners). */
static void mesh_nodes(const draw_ctx *c, const tc_mesh *m)
{
    const int32_t n = tc_mesh_data_node_count(m->data);
    for (int32_t i = 0; i < n; ++i) {
        const tc_aabb b = tc_mesh_data_node_bounds(m->data, i);
        tc_vec3 k[8];
        for (int j = 0; j < 8; ++j)
            k[j] = placed(m->position, m->rotation, m->scale,
                          tc_vec3_make(j & 1 ? b.max.x : b.min.x, j & 2 ? b.max.y : b.min.y, j & 4 ? b.max.z : b.min.z));
        box_edges(c, k);
    }
}

static void tree_box(void *context, tc_aabb box, int32_t depth, bool leaf)
{
    (void)depth; (void)leaf;
    aabb_edges((const draw_ctx *)context, box);
}

/* The marks are kept by id in a short list sorted by index, rather than
 * stamped on the collider records, whose lines are far apart in memory. */
static int mark_order(const void *x, const void *y)
{
    const tc_collider_id *a = (const tc_collider_id *)x, *b = (const tc_collider_id *)y;
    if (a->index != b->index) return a->index < b->index ? -1 : 1;
    return (a->generation > b->generation) - (a->generation < b->generation);
}

bool tc_world_debug_mark(tc_world *w, const tc_collider_id *ids, size_t count)
{
    if (!TC_REQUIRE(w != NULL && (ids != NULL || count == 0))) return false;
    w->marks.count = 0;
    if (!TC_ARRAY_RESERVE(w, w->marks, count)) return false;
    for (size_t i = 0; i < count; ++i) w->marks.data[i] = ids[i];
    w->marks.count = count;
    if (count > 1) qsort(w->marks.data, count, sizeof *w->marks.data, mark_order);
    return true;
}

/* Is this collider (this generation of its slot) marked? The colliders come
 * in index order: *k walks the sorted marks once. */
static bool marked(const tc_world *w, tc_collider_id id, size_t *k)
{
    while (*k < w->marks.count && (w->marks.data[*k].index < id.index ||
                                   (w->marks.data[*k].index == id.index && w->marks.data[*k].generation < id.generation)))
        ++*k;
    return *k < w->marks.count && tc_collider_id_equal(w->marks.data[*k], id);
}

tc_debug_draw tc_debug_draw_default(void)
{
    tc_debug_draw d;
    memset(&d, 0, sizeof d);
    d.circle_segments = 16;
    return d;
}

void tc_world_debug_draw(const tc_world *w, const tc_debug_draw *d)
{
    if (!TC_REQUIRE(w != NULL && d != NULL)) return;
    draw_ctx c;
    c.d = d;
    c.segments = d->circle_segments < 3 ? 3 : d->circle_segments;
    size_t mark = 0;
    tc_aabb all;
    const bool boxes = tc_tree_root_box(w->tree, &all);
    /* halves first: a fat box may reach the end of the float range, where
     * min + max and max - min overflow */
    c.centre = boxes ? tc_vec3_add(tc_vec3_scale(all.min, 0.5f), tc_vec3_scale(all.max, 0.5f)) : tc_vec3_zero();
    /* finite first: an ordered comparison of a NaN raises FE_INVALID (issue
     * 12: the world fuzzer's NaN plane size trapped in the clang build) */
    if (tc_is_finite(d->plane_half_size) && d->plane_half_size > 0.0f) {
        c.plane_half = d->plane_half_size;
    } else {
        const tc_vec3 e = boxes ? tc_vec3_sub(tc_vec3_scale(all.max, 0.5f), tc_vec3_scale(all.min, 0.5f))
                                : tc_vec3_zero();
        const float half = tc_maxf(e.x, tc_maxf(e.y, e.z));
        c.plane_half = isfinite(half) && half > 0.0f ? half : 1.0f;
    }
    for (size_t i = 0; i < w->collider_ids.count; ++i) {
        const tc_world_collider *col = &w->colliders[i];
        if (!tc_world_collider_alive(w, i) || !col->has_shape) continue;
        if (!col->enabled && !d->draw_disabled) continue;
        c.id = tc_world_collider_id_of(w, (int32_t)i);
        if (!col->enabled) c.state = TC_DEBUG_DISABLED;
        else if (marked(w, c.id, &mark)) c.state = TC_DEBUG_MARKED;
        else if (w->hot[i].touching > 0) c.state = TC_DEBUG_OVERLAPPING;
        else c.state = TC_DEBUG_IDLE;
        if (d->shape) d->shape(d->context, &w->shapes[i], c.state, c.id);
        if (d->line) shape_lines(&c, &w->shapes[i]);
        if (d->line && d->draw_mesh_nodes && w->shapes[i].type == TC_SHAPE_MESH) {
            const tc_debug_state state = c.state;
            c.state = TC_DEBUG_TREE;
            mesh_nodes(&c, &w->shapes[i].u.mesh);
            c.state = state;
        }
    }
    if (d->draw_tree && d->line) {
        c.state = TC_DEBUG_TREE;
        c.id = tc_collider_null();
        tc_tree_visit_nodes(w->tree, tree_box, &c);
    }
}
