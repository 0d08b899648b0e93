/* SPDX-License-Identifier: MIT */
#include <touche/dispatch.h>

#include <math.h>
#include <string.h>

#include "core/float.h"
#include "core/inline.h"
#include "queries/mesh_deepest.h"
#include "queries/pair_given.h"
#include "queries/sweep_rigid.h"
#include "queries/sweep_rigid_start.h"
#include "queries/sweep_start.h"
#include "queries/tiny_pair.h"

tc_shape tc_shape_from_sphere(tc_sphere s) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_SPHERE; r.u.sphere = s; return r; }
tc_shape tc_shape_from_capsule(tc_capsule c) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_CAPSULE; r.u.capsule = c; return r; }
tc_shape tc_shape_from_aabb(tc_aabb b) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_AABB; r.u.aabb = b; return r; }
tc_shape tc_shape_from_obb(tc_obb b) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_OBB; r.u.obb = b; return r; }
tc_shape tc_shape_from_triangle(tc_triangle t) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_TRIANGLE; r.u.triangle = t; return r; }
tc_shape tc_shape_from_plane(tc_plane p) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_PLANE; r.u.plane = p; return r; }
tc_shape tc_shape_from_hull(tc_hull h) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_HULL; r.u.hull = h; return r; }
tc_shape tc_shape_from_mesh(tc_mesh m) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_MESH; r.u.mesh = m; return r; }

bool tc_shape_is_valid(const tc_shape *s)
{
    if (!s) return false;
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_sphere_is_valid(&s->u.sphere);
    case TC_SHAPE_CAPSULE: return tc_capsule_is_valid(&s->u.capsule);
    case TC_SHAPE_AABB: return tc_aabb_is_valid(&s->u.aabb);
    case TC_SHAPE_OBB: return tc_obb_is_valid(&s->u.obb);
    case TC_SHAPE_TRIANGLE: return tc_triangle_is_valid(&s->u.triangle);
    case TC_SHAPE_PLANE: return tc_plane_is_valid(&s->u.plane);
    case TC_SHAPE_HULL: return tc_hull_is_valid(&s->u.hull);
    case TC_SHAPE_MESH: return tc_mesh_is_valid(&s->u.mesh);
    default: return false;
    }
}

bool tc_shape_bounds(const tc_shape *s, tc_aabb *out)
{
    if (!s || !out) return false;
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_sphere_bounds(&s->u.sphere, out);
    case TC_SHAPE_CAPSULE: return tc_capsule_bounds(&s->u.capsule, out);
    case TC_SHAPE_AABB:
        if (!tc_aabb_is_valid(&s->u.aabb)) return false;
        *out = s->u.aabb;
        return true;
    case TC_SHAPE_OBB: return tc_obb_bounds(&s->u.obb, out);
    case TC_SHAPE_TRIANGLE: return tc_triangle_bounds(&s->u.triangle, out);
    case TC_SHAPE_HULL: return tc_hull_bounds(&s->u.hull, out);
    case TC_SHAPE_MESH: return tc_mesh_bounds(&s->u.mesh, out);
    default: return false;
    }
}

/* Two half-spaces are disjoint only when their normals are opposite and the
 * offsets leave a gap between them. */
static bool planes_overlap(const tc_plane *a, const tc_plane *b)
{
    if (!tc_plane_is_valid(a) || !tc_plane_is_valid(b)) return false;
    tc_vec3 s = tc_vec3_add(a->normal, b->normal);
    if (s.x != 0.0f || s.y != 0.0f || s.z != 0.0f) return true;
    /* b's solid: dot(-na, x) <= ob, i.e. dot(na, x) >= -ob */
    return -b->offset <= a->offset;
}

/* The lists of pairs are the pair functions' own (pair_given.h). */

/* Type tags spelled as the pair functions spell the shapes. */
enum {
    TC_TAG_sphere = TC_SHAPE_SPHERE, TC_TAG_capsule = TC_SHAPE_CAPSULE, TC_TAG_aabb = TC_SHAPE_AABB,
    TC_TAG_obb = TC_SHAPE_OBB, TC_TAG_triangle = TC_SHAPE_TRIANGLE, TC_TAG_plane = TC_SHAPE_PLANE,
    TC_TAG_hull = TC_SHAPE_HULL, TC_TAG_mesh = TC_SHAPE_MESH
};
#define TC_PAIR_KEY(x, y) ((int)(x) * TC_SHAPE_TYPE_COUNT + (int)(y))

/* Puts a pair in library order (valid types assumed); true when it swapped. */
static bool tc_shape_pair_order(const tc_shape **a, const tc_shape **b)
{
    if ((*a)->type <= (*b)->type) return false;
    const tc_shape *t = *a;
    *a = *b;
    *b = t;
    return true;
}

static bool tc_shape_types_ok(const tc_shape *a, const tc_shape *b)
{
    return a && b && (unsigned)a->type < TC_SHAPE_TYPE_COUNT && (unsigned)b->type < TC_SHAPE_TYPE_COUNT;
}

/* a->type <= b->type */
static bool overlap_ordered(const tc_shape *a, const tc_shape *b)
{
    switch (TC_PAIR_KEY(a->type, b->type)) {
#define TC_OVERLAP_CASE(x, y) \
    case TC_PAIR_KEY(TC_TAG_##x, TC_TAG_##y): return tc_overlap_##x##_##y(&a->u.x, &b->u.y);
        TC_PAIR_EACH(TC_OVERLAP_CASE)
        TC_PAIR_EACH_MESH(TC_OVERLAP_CASE)
#undef TC_OVERLAP_CASE
    case TC_PAIR_KEY(TC_SHAPE_PLANE, TC_SHAPE_PLANE): return planes_overlap(&a->u.plane, &b->u.plane);
    default: return false;
    }
}

bool tc_shape_contact(const tc_shape *a, const tc_shape *b, tc_manifold *m)
{
    if (!tc_shape_types_ok(a, b)) return false;
    bool swapped = tc_shape_pair_order(&a, &b);
    bool hit = false;
    switch (TC_PAIR_KEY(a->type, b->type)) {
#define TC_CONTACT_CASE(x, y) \
    case TC_PAIR_KEY(TC_TAG_##x, TC_TAG_##y): hit = tc_contact_##x##_##y(&a->u.x, &b->u.y, m); break;
        TC_PAIR_EACH(TC_CONTACT_CASE)
#undef TC_CONTACT_CASE
#define TC_MESH_CONTACT_CASE(x, y) \
    case TC_PAIR_KEY(TC_TAG_##x, TC_TAG_##y): hit = tc_mesh_deepest_contact_##x(&a->u.x, &b->u.y, m); break;
        TC_PAIR_EACH_MESH(TC_MESH_CONTACT_CASE)
#undef TC_MESH_CONTACT_CASE
    default: return false;
    }
    if (hit && swapped && m) m->normal = tc_vec3_neg(m->normal);
    return hit;
}

float tc_shape_distance(const tc_shape *a, const tc_shape *b, tc_vec3 *point_a, tc_vec3 *point_b)
{
    if (!tc_shape_types_ok(a, b)) return INFINITY;
    bool swapped = tc_shape_pair_order(&a, &b);
    tc_vec3 *pa = swapped ? point_b : point_a, *pb = swapped ? point_a : point_b;
    switch (TC_PAIR_KEY(a->type, b->type)) {
#define TC_DISTANCE_CASE(x, y) \
    case TC_PAIR_KEY(TC_TAG_##x, TC_TAG_##y): return tc_distance_##x##_##y(&a->u.x, &b->u.y, pa, pb);
        TC_PAIR_EACH(TC_DISTANCE_CASE)
        TC_PAIR_EACH_MESH(TC_DISTANCE_CASE)
#undef TC_DISTANCE_CASE
    default: return INFINITY;
    }
}

bool tc_shape_sweep(const tc_shape *a, tc_vec3 velocity_a, const tc_shape *b, tc_vec3 velocity_b, float max_t,
                    tc_sweep_hit *hit)
{
    if (!tc_shape_types_ok(a, b)) return false;
    if (tc_shape_pair_order(&a, &b)) {
        tc_vec3 t = velocity_a;
        velocity_a = velocity_b;
        velocity_b = t;
        bool found = tc_shape_sweep(a, velocity_a, b, velocity_b, max_t, hit);
        if (found && hit) hit->normal = tc_vec3_neg(hit->normal);
        return found;
    }
    switch (TC_PAIR_KEY(a->type, b->type)) {
#define TC_SWEEP_CASE(x, y) \
    case TC_PAIR_KEY(TC_TAG_##x, TC_TAG_##y): return tc_sweep_##x##_##y(&a->u.x, velocity_a, &b->u.y, velocity_b, max_t, hit);
        TC_PAIR_EACH(TC_SWEEP_CASE)
        TC_PAIR_EACH_MESH(TC_SWEEP_CASE)
#undef TC_SWEEP_CASE
    default: return false;
    }
}

static bool transform_equal(tc_transform p, tc_transform q)
{
    return p.position.x == q.position.x && p.position.y == q.position.y && p.position.z == q.position.z &&
           p.rotation.x == q.rotation.x && p.rotation.y == q.rotation.y && p.rotation.z == q.rotation.z &&
           p.rotation.w == q.rotation.w;
}

/* The pair function of a and b, in the pair order. */
static bool sweep_rigid_ordered(const tc_shape *a, tc_transform a_start, tc_transform a_end, const tc_shape *b,
                                tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit)
{
    if (a->type == TC_SHAPE_PLANE || b->type == TC_SHAPE_PLANE) {
        /* a half-space that turns has no bounded lever arm: only a still
         * one, placed by its pose */
        const bool plane_first = a->type == TC_SHAPE_PLANE;
        const tc_shape *plane = plane_first ? a : b, *other = plane_first ? b : a;
        const tc_transform p0 = plane_first ? a_start : b_start, p1 = plane_first ? a_end : b_end;
        const tc_transform o0 = plane_first ? b_start : a_start, o1 = plane_first ? b_end : a_end;
        /* a plane's pose must be finite like the others' (tc_shape_transform
         * would place it by the identity for a non-finite rotation, and hit) */
        if (other->type == TC_SHAPE_PLANE || !tc_rigid_pose_ok(p0) || !transform_equal(p0, p1)) return false;
        const tc_shape placed = tc_shape_rigid_placed(plane, p0);
        switch (other->type) {
#define TC_RIGID_PLANE_CASE(x) \
    case TC_TAG_##x: return tc_sweep_rigid_##x##_plane(&other->u.x, o0, o1, &placed.u.plane, hit);
            TC_PAIR_EACH_RIGID_ONTO_PLANE(TC_RIGID_PLANE_CASE)
#undef TC_RIGID_PLANE_CASE
#define TC_RIGID_PLANE_FIRST_CASE(x) \
    case TC_TAG_##x: return tc_sweep_rigid_plane_##x(&placed.u.plane, &other->u.x, o0, o1, hit);
            TC_PAIR_EACH_RIGID_PLANE_FIRST(TC_RIGID_PLANE_FIRST_CASE)
#undef TC_RIGID_PLANE_FIRST_CASE
        default: return false;
        }
    }
    switch (TC_PAIR_KEY(a->type, b->type)) {
#define TC_RIGID_CASE(x, y)                                                                                    \
    case TC_PAIR_KEY(TC_TAG_##x, TC_TAG_##y):                                                                  \
        return tc_sweep_rigid_##x##_##y(&a->u.x, a_start, a_end, &b->u.y, b_start, b_end, hit);
        TC_PAIR_EACH_RIGID(TC_RIGID_CASE)
#undef TC_RIGID_CASE
    default: return false; /* mesh-mesh */
    }
}

/* A tiny pair's rotating sweep with tiny poses: the shapes and positions
 * scaled, the turns and t unchanged, the hit point scaled back. The pair
 * functions scale a tiny pair themselves (pair_entry.c); the dispatch
 * scales it first as it did when it took the start test itself (placing
 * the shapes at their poses, turned in floats at the scale given,
 * subnormal coordinates below 2^-126 would lose their bits), which keeps
 * its answers' bits. */
TC_NO_INLINE bool sweep_rigid_tiny(const tc_shape *a, tc_transform a_start, tc_transform a_end, const tc_shape *b,
                                   tc_transform b_start, tc_transform b_end, const tc_pair_scale *scale, tc_sweep_hit *hit)
{
    const tc_shape sa = tc_shape_scaled_up(a, scale), sb = tc_shape_scaled_up(b, scale);
    a_start.position = tc_vec3_scaled_up(a_start.position, scale);
    a_end.position = tc_vec3_scaled_up(a_end.position, scale);
    b_start.position = tc_vec3_scaled_up(b_start.position, scale);
    b_end.position = tc_vec3_scaled_up(b_end.position, scale);
    tc_sweep_hit h;
    if (!tc_shape_sweep_rigid(&sa, a_start, a_end, &sb, b_start, b_end, &h)) return false;
    h.point = tc_vec3_scaled_down(h.point, scale);
    if (hit) *hit = h;
    return true;
}

bool tc_shape_sweep_rigid(const tc_shape *a, tc_transform a_start, tc_transform a_end, const tc_shape *b,
                          tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit)
{
    if (!tc_shape_types_ok(a, b)) return false;
    /* a tiny pair whose poses' positions are tiny too (tiny_pair.h): the
     * shapes and the positions scaled, the turns and t unchanged */
    const tc_vec3 positions[4] = { a_start.position, a_end.position, b_start.position, b_end.position };
    tc_pair_scale scale;
    if (tc_tiny_pair(a, b, positions, 4, &scale)) return sweep_rigid_tiny(a, a_start, a_end, b, b_start, b_end, &scale, hit);
    if (tc_shape_pair_order(&a, &b)) {
        bool found = tc_shape_sweep_rigid(a, b_start, b_end, b, a_start, a_end, hit);
        if (found && hit) hit->normal = tc_vec3_neg(hit->normal);
        return found;
    }
    /* the pair function decides the start as the pair's overlap test does
     * (tc_sweep_rigid_start_hit) */
    return sweep_rigid_ordered(a, a_start, a_end, b, b_start, b_end, hit);
}

bool tc_shape_overlap(const tc_shape *a, const tc_shape *b)
{
    if (!tc_shape_types_ok(a, b)) return false;
    tc_shape_pair_order(&a, &b);
    return overlap_ordered(a, b);
}

bool tc_shape_raycast(const tc_ray *ray, const tc_shape *s, float max_t, tc_ray_hit *hit)
{
    if (!ray || !s) return false;
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_raycast_sphere(ray, &s->u.sphere, max_t, hit);
    case TC_SHAPE_CAPSULE: return tc_raycast_capsule(ray, &s->u.capsule, max_t, hit);
    case TC_SHAPE_AABB: return tc_raycast_aabb(ray, &s->u.aabb, max_t, hit);
    case TC_SHAPE_OBB: return tc_raycast_obb(ray, &s->u.obb, max_t, hit);
    case TC_SHAPE_TRIANGLE: return tc_raycast_triangle(ray, &s->u.triangle, max_t, hit);
    case TC_SHAPE_PLANE: return tc_raycast_plane(ray, &s->u.plane, max_t, hit);
    case TC_SHAPE_HULL: return tc_raycast_hull(ray, &s->u.hull, max_t, hit);
    case TC_SHAPE_MESH: return tc_raycast_mesh(ray, &s->u.mesh, max_t, hit);
    default: return false;
    }
}

bool tc_shape_contains_point(const tc_shape *s, tc_vec3 p)
{
    if (!s) return false;
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_sphere_contains_point(&s->u.sphere, p);
    case TC_SHAPE_CAPSULE: return tc_capsule_contains_point(&s->u.capsule, p);
    case TC_SHAPE_AABB: return tc_aabb_contains_point(&s->u.aabb, p);
    case TC_SHAPE_OBB: return tc_obb_contains_point(&s->u.obb, p);
    case TC_SHAPE_TRIANGLE: return tc_triangle_contains_point(&s->u.triangle, p);
    case TC_SHAPE_PLANE: return tc_plane_contains_point(&s->u.plane, p);
    case TC_SHAPE_HULL: return tc_hull_contains_point(&s->u.hull, p);
    case TC_SHAPE_MESH: return tc_mesh_contains_point(&s->u.mesh, p);
    default: return false;
    }
}
