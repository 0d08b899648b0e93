#include <touche/dispatch.h>

#include <string.h>

tc_shape tc_shape_from_sphere(tc_sphere s) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_SPHERE; r.u.sphere = s; return r; }
tc_shape tc_shape_from_capsule(tc_capsule c) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_CAPSULE; r.u.capsule = c; return r; }
tc_shape tc_shape_from_aabb(tc_aabb b) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_AABB; r.u.aabb = b; return r; }
tc_shape tc_shape_from_obb(tc_obb b) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_OBB; r.u.obb = b; return r; }
tc_shape tc_shape_from_triangle(tc_triangle t) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_TRIANGLE; r.u.triangle = t; return r; }
tc_shape tc_shape_from_plane(tc_plane p) { tc_shape r; memset(&r, 0, sizeof r); r.type = TC_SHAPE_PLANE; r.u.plane = p; return r; }

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

/* a->type <= b->type */
static bool overlap_ordered(const tc_shape *a, const tc_shape *b)
{
    const int key = (int)a->type * TC_SHAPE_TYPE_COUNT + (int)b->type;
    switch (key) {
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_SPHERE: return tc_overlap_sphere_sphere(&a->u.sphere, &b->u.sphere);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_CAPSULE: return tc_overlap_sphere_capsule(&a->u.sphere, &b->u.capsule);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_AABB: return tc_overlap_sphere_aabb(&a->u.sphere, &b->u.aabb);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_OBB: return tc_overlap_sphere_obb(&a->u.sphere, &b->u.obb);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_TRIANGLE: return tc_overlap_sphere_triangle(&a->u.sphere, &b->u.triangle);
    case TC_SHAPE_SPHERE * 6 + TC_SHAPE_PLANE: return tc_overlap_sphere_plane(&a->u.sphere, &b->u.plane);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_CAPSULE: return tc_overlap_capsule_capsule(&a->u.capsule, &b->u.capsule);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_AABB: return tc_overlap_capsule_aabb(&a->u.capsule, &b->u.aabb);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_OBB: return tc_overlap_capsule_obb(&a->u.capsule, &b->u.obb);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_TRIANGLE: return tc_overlap_capsule_triangle(&a->u.capsule, &b->u.triangle);
    case TC_SHAPE_CAPSULE * 6 + TC_SHAPE_PLANE: return tc_overlap_capsule_plane(&a->u.capsule, &b->u.plane);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_AABB: return tc_overlap_aabb_aabb(&a->u.aabb, &b->u.aabb);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_OBB: return tc_overlap_aabb_obb(&a->u.aabb, &b->u.obb);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_TRIANGLE: return tc_overlap_aabb_triangle(&a->u.aabb, &b->u.triangle);
    case TC_SHAPE_AABB * 6 + TC_SHAPE_PLANE: return tc_overlap_aabb_plane(&a->u.aabb, &b->u.plane);
    case TC_SHAPE_OBB * 6 + TC_SHAPE_OBB: return tc_overlap_obb_obb(&a->u.obb, &b->u.obb);
    case TC_SHAPE_OBB * 6 + TC_SHAPE_TRIANGLE: return tc_overlap_obb_triangle(&a->u.obb, &b->u.triangle);
    case TC_SHAPE_OBB * 6 + TC_SHAPE_PLANE: return tc_overlap_obb_plane(&a->u.obb, &b->u.plane);
    case TC_SHAPE_TRIANGLE * 6 + TC_SHAPE_TRIANGLE: return tc_overlap_triangle_triangle(&a->u.triangle, &b->u.triangle);
    case TC_SHAPE_TRIANGLE * 6 + TC_SHAPE_PLANE: return tc_overlap_triangle_plane(&a->u.triangle, &b->u.plane);
    case TC_SHAPE_PLANE * 6 + TC_SHAPE_PLANE: return planes_overlap(&a->u.plane, &b->u.plane);
    default: return false;
    }
}

bool tc_shape_overlap(const tc_shape *a, const tc_shape *b)
{
    if (!a || !b) return false;
    if ((unsigned)a->type >= TC_SHAPE_TYPE_COUNT || (unsigned)b->type >= TC_SHAPE_TYPE_COUNT) return false;
    return a->type <= b->type ? overlap_ordered(a, b) : overlap_ordered(b, a);
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
    default: return false;
    }
}

bool tc_shape_contains_point(const tc_shape *s, tc_vec3 p)
{
    if (!s) return false;
    switch (s->type) {
    case TC_SHAPE_SPHERE: return tc_contains_point_sphere(&s->u.sphere, p);
    case TC_SHAPE_CAPSULE: return tc_contains_point_capsule(&s->u.capsule, p);
    case TC_SHAPE_AABB: return tc_contains_point_aabb(&s->u.aabb, p);
    case TC_SHAPE_OBB: return tc_contains_point_obb(&s->u.obb, p);
    case TC_SHAPE_TRIANGLE: return tc_contains_point_triangle(&s->u.triangle, p);
    case TC_SHAPE_PLANE: return tc_contains_point_plane(&s->u.plane, p);
    default: return false;
    }
}
