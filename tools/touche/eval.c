#include "eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- placing things in the world --------------------------------------------- */

static tc_vec3 pose_point(const tt_pose *p, tc_vec3 local)
{
    return tc_transform_point(p->t, tc_vec3_scale(local, p->scale));
}

tt_shape tt_shape_place(const tt_collider *c, const tt_pose *pose)
{
    tt_shape s;
    memset(&s, 0, sizeof s);
    s.kind = c->kind;
    float k = pose->scale;
    switch (c->kind) {
    case TT_SPHERE:
        s.u.sphere.center = pose_point(pose, c->p[0]);
        s.u.sphere.radius = c->radius * k;
        break;
    case TT_CAPSULE:
        s.u.capsule.a = pose_point(pose, c->p[0]);
        s.u.capsule.b = pose_point(pose, c->p[1]);
        s.u.capsule.radius = c->radius * k;
        break;
    case TT_AABB:
        /* World coordinates by definition (the format gives an aabb no parent). */
        s.u.aabb.min = c->p[0];
        s.u.aabb.max = c->p[1];
        break;
    case TT_BOX:
        s.u.obb = tc_obb_from_quat(pose_point(pose, c->p[0]), tc_vec3_scale(c->half, k),
                                   tc_quat_mul(pose->t.rotation, c->rotation));
        break;
    case TT_TRIANGLE:
        s.u.triangle.a = pose_point(pose, c->p[0]);
        s.u.triangle.b = pose_point(pose, c->p[1]);
        s.u.triangle.c = pose_point(pose, c->p[2]);
        break;
    case TT_PLANE: {
        /* The plane's point nearest the local origin, carried into the world. */
        tc_vec3 n = tc_transform_direction(pose->t, c->p[0]);
        tc_vec3 on = pose_point(pose, tc_vec3_scale(c->p[0], c->offset));
        s.u.plane = tc_plane_from_point_normal(on, n);
        break;
    }
    default:
        break;
    }
    return s;
}

tt_shape tt_shape_translate(const tt_shape *src, tc_vec3 d)
{
    tt_shape s = *src;
    switch (s.kind) {
    case TT_SPHERE: s.u.sphere.center = tc_vec3_add(s.u.sphere.center, d); break;
    case TT_CAPSULE:
        s.u.capsule.a = tc_vec3_add(s.u.capsule.a, d);
        s.u.capsule.b = tc_vec3_add(s.u.capsule.b, d);
        break;
    case TT_AABB:
        s.u.aabb.min = tc_vec3_add(s.u.aabb.min, d);
        s.u.aabb.max = tc_vec3_add(s.u.aabb.max, d);
        break;
    case TT_BOX: s.u.obb.center = tc_vec3_add(s.u.obb.center, d); break;
    case TT_TRIANGLE:
        s.u.triangle.a = tc_vec3_add(s.u.triangle.a, d);
        s.u.triangle.b = tc_vec3_add(s.u.triangle.b, d);
        s.u.triangle.c = tc_vec3_add(s.u.triangle.c, d);
        break;
    case TT_PLANE: s.u.plane.offset += tc_vec3_dot(s.u.plane.normal, d); break;
    default: break;
    }
    return s;
}

/* Pair dispatch in the library's fixed order: sphere, capsule, aabb, obb,
 * triangle, plane (the enum follows the same order, with box = obb). */
bool tt_shape_overlap(const tt_shape *a, const tt_shape *b)
{
    if (a->kind > b->kind) {
        const tt_shape *t = a;
        a = b;
        b = t;
    }
    switch (a->kind) {
    case TT_SPHERE:
        switch (b->kind) {
        case TT_SPHERE: return tc_overlap_sphere_sphere(&a->u.sphere, &b->u.sphere);
        case TT_CAPSULE: return tc_overlap_sphere_capsule(&a->u.sphere, &b->u.capsule);
        case TT_AABB: return tc_overlap_sphere_aabb(&a->u.sphere, &b->u.aabb);
        case TT_BOX: return tc_overlap_sphere_obb(&a->u.sphere, &b->u.obb);
        case TT_TRIANGLE: return tc_overlap_sphere_triangle(&a->u.sphere, &b->u.triangle);
        case TT_PLANE: return tc_overlap_sphere_plane(&a->u.sphere, &b->u.plane);
        default: return false;
        }
    case TT_CAPSULE:
        switch (b->kind) {
        case TT_CAPSULE: return tc_overlap_capsule_capsule(&a->u.capsule, &b->u.capsule);
        case TT_AABB: return tc_overlap_capsule_aabb(&a->u.capsule, &b->u.aabb);
        case TT_BOX: return tc_overlap_capsule_obb(&a->u.capsule, &b->u.obb);
        case TT_TRIANGLE: return tc_overlap_capsule_triangle(&a->u.capsule, &b->u.triangle);
        case TT_PLANE: return tc_overlap_capsule_plane(&a->u.capsule, &b->u.plane);
        default: return false;
        }
    case TT_AABB:
        switch (b->kind) {
        case TT_AABB: return tc_overlap_aabb_aabb(&a->u.aabb, &b->u.aabb);
        case TT_BOX: return tc_overlap_aabb_obb(&a->u.aabb, &b->u.obb);
        case TT_TRIANGLE: return tc_overlap_aabb_triangle(&a->u.aabb, &b->u.triangle);
        case TT_PLANE: return tc_overlap_aabb_plane(&a->u.aabb, &b->u.plane);
        default: return false;
        }
    case TT_BOX:
        switch (b->kind) {
        case TT_BOX: return tc_overlap_obb_obb(&a->u.obb, &b->u.obb);
        case TT_TRIANGLE: return tc_overlap_obb_triangle(&a->u.obb, &b->u.triangle);
        case TT_PLANE: return tc_overlap_obb_plane(&a->u.obb, &b->u.plane);
        default: return false;
        }
    case TT_TRIANGLE:
        switch (b->kind) {
        case TT_TRIANGLE: return tc_overlap_triangle_triangle(&a->u.triangle, &b->u.triangle);
        case TT_PLANE: return tc_overlap_triangle_plane(&a->u.triangle, &b->u.plane);
        default: return false;
        }
    default:
        /* plane-plane: two half-spaces; not a pair the library answers. */
        return false;
    }
}

bool tt_shape_raycast(const tt_shape *s, const tc_ray *ray, float max_t, tc_ray_hit *hit)
{
    switch (s->kind) {
    case TT_SPHERE: return tc_raycast_sphere(ray, &s->u.sphere, max_t, hit);
    case TT_CAPSULE: return tc_raycast_capsule(ray, &s->u.capsule, max_t, hit);
    case TT_AABB: return tc_raycast_aabb(ray, &s->u.aabb, max_t, hit);
    case TT_BOX: return tc_raycast_obb(ray, &s->u.obb, max_t, hit);
    case TT_TRIANGLE: return tc_raycast_triangle(ray, &s->u.triangle, max_t, hit);
    case TT_PLANE: return tc_raycast_plane(ray, &s->u.plane, max_t, hit);
    default: return false;
    }
}

bool tt_shape_bounds(const tt_shape *s, tc_aabb *out)
{
    switch (s->kind) {
    case TT_SPHERE: return tc_sphere_bounds(&s->u.sphere, out);
    case TT_CAPSULE: return tc_capsule_bounds(&s->u.capsule, out);
    case TT_AABB: *out = s->u.aabb; return tc_aabb_is_valid(out);
    case TT_BOX: return tc_obb_bounds(&s->u.obb, out);
    case TT_TRIANGLE: return tc_triangle_bounds(&s->u.triangle, out);
    case TT_PLANE: {
        tc_vec3 c = tt_shape_center(s);
        out->min = tc_vec3_sub(c, tc_vec3_make(1.0f, 1.0f, 1.0f));
        out->max = tc_vec3_add(c, tc_vec3_make(1.0f, 1.0f, 1.0f));
        return tc_vec3_is_finite(c);
    }
    default: return false;
    }
}

tc_vec3 tt_shape_center(const tt_shape *s)
{
    switch (s->kind) {
    case TT_SPHERE: return s->u.sphere.center;
    case TT_CAPSULE: return tc_vec3_lerp(s->u.capsule.a, s->u.capsule.b, 0.5f);
    case TT_AABB: return tc_vec3_lerp(s->u.aabb.min, s->u.aabb.max, 0.5f);
    case TT_BOX: return s->u.obb.center;
    case TT_TRIANGLE:
        return tc_vec3_scale(tc_vec3_add(s->u.triangle.a, tc_vec3_add(s->u.triangle.b, s->u.triangle.c)), 1.0f / 3.0f);
    case TT_PLANE: return tc_vec3_scale(s->u.plane.normal, s->u.plane.offset);
    default: return tc_vec3_zero();
    }
}

bool tt_shape_as_obb(const tt_shape *s, tc_obb *out)
{
    if (s->kind == TT_BOX) { *out = s->u.obb; return true; }
    if (s->kind == TT_AABB) { *out = tc_obb_from_aabb(&s->u.aabb); return true; }
    return false;
}

/* ---- frames ----------------------------------------------------------------- */

/* World poses in dependency order without recursion: each frame waits for its
 * parent, found by walking up to the nearest placed ancestor. */
static void place_frames(const tt_scene *s, tt_pose *poses)
{
    unsigned char *done = (unsigned char *)calloc((size_t)s->frame_count + 1, 1);
    int *chain = (int *)malloc(((size_t)s->frame_count + 1) * sizeof *chain);
    if (!done || !chain) {
        for (int i = 0; i < s->frame_count; i++) {
            poses[i].t = tc_transform_identity();
            poses[i].scale = 1.0f;
        }
        free(done);
        free(chain);
        return;
    }
    for (int i = 0; i < s->frame_count; i++) {
        int n = 0;
        for (int f = i; f >= 0 && !done[f] && n <= s->frame_count; f = s->frames[f].parent) chain[n++] = f;
        while (n > 0) {
            int f = chain[--n];
            const tt_frame *fr = &s->frames[f];
            tt_pose parent = { tc_transform_identity(), 1.0f };
            if (fr->parent >= 0) parent = poses[fr->parent];
            tc_transform local = tc_transform_make(tc_vec3_scale(fr->position, parent.scale), fr->rotation);
            poses[f].t = tc_transform_mul(parent.t, local);
            poses[f].scale = parent.scale * fr->scale;
            done[f] = 1;
        }
    }
    free(done);
    free(chain);
}

static tt_pose pose_of(const tt_result *r, int frame)
{
    if (frame >= 0) return r->frames[frame];
    tt_pose p = { tc_transform_identity(), 1.0f };
    return p;
}

/* ---- queries ------------------------------------------------------------------ */

static void cast(const tt_result *r, int count, tt_hit_result *h)
{
    h->collider = -1;
    float best = h->max_t;
    for (int i = 0; i < count; i++) {
        tc_ray_hit hit;
        if (tt_shape_raycast(&r->shapes[i], &h->ray, best, &hit) && (h->collider < 0 || hit.t < best)) {
            best = hit.t;
            h->collider = i;
            h->hit = hit;
        }
    }
}

/* Time of first contact of a moving collider by the library's sweep, when
 * this build has it. Until then the sweep reports whether it touches
 * anything at its start and end, and marks the first contact unavailable. */
static void sweep(const tt_scene *s, const tt_result *r, int mover, tt_sweep_result *out)
{
    memset(out, 0, sizeof *out);
    out->mover = mover;
    out->other = -1;
    out->available = false;
    const tt_collider *m = &s->colliders[mover];
    tt_shape end = tt_shape_translate(&r->shapes[mover], m->velocity);
    for (int i = 0; i < s->collider_count; i++) {
        if (i == mover) continue;
        tt_shape other_end = tt_shape_translate(&r->shapes[i], s->colliders[i].moving ? s->colliders[i].velocity
                                                                                   : tc_vec3_zero());
        if (tt_shape_overlap(&r->shapes[mover], &r->shapes[i])) out->start_overlaps = true;
        if (tt_shape_overlap(&end, &other_end)) out->end_overlaps = true;
    }
}

static void distance(const tt_result *r, const tt_query *q, tt_distance_result *out)
{
    (void)r;
    memset(out, 0, sizeof *out);
    out->a = q->a;
    out->b = q->b;
    out->available = false;
}

bool tt_eval(const tt_scene *s, tt_result *r)
{
    memset(r, 0, sizeof *r);
    size_t nf = (size_t)s->frame_count, nc = (size_t)s->collider_count;
    r->frames = (tt_pose *)calloc(nf + 1, sizeof *r->frames);
    r->shapes = (tt_shape *)calloc(nc + 1, sizeof *r->shapes);
    r->state = (unsigned *)calloc(nc + 1, sizeof *r->state);
    r->rays = (tt_hit_result *)calloc((size_t)s->ray_count + 1, sizeof *r->rays);
    r->picks = (tt_hit_result *)calloc((size_t)s->click_count + 1, sizeof *r->picks);
    r->sweeps = (tt_sweep_result *)calloc(nc + 1, sizeof *r->sweeps);
    r->distances = (tt_distance_result *)calloc((size_t)s->distance_count + 1, sizeof *r->distances);
    if (!r->frames || !r->shapes || !r->state || !r->rays || !r->picks || !r->sweeps || !r->distances) {
        tt_result_free(r);
        return false;
    }
    place_frames(s, r->frames);
    for (int i = 0; i < s->collider_count; i++) {
        tt_pose pose = pose_of(r, s->colliders[i].parent);
        r->shapes[i] = tt_shape_place(&s->colliders[i], &pose);
    }

    /* Overlapping pairs, every pair tested (a scene is small). */
    int cap = 0;
    for (int i = 0; i < s->collider_count; i++) {
        for (int j = i + 1; j < s->collider_count; j++) {
            if (r->shapes[i].kind == TT_PLANE && r->shapes[j].kind == TT_PLANE) continue;
            r->pairs_tested++;
            if (!tt_shape_overlap(&r->shapes[i], &r->shapes[j])) continue;
            if (r->pair_count == cap) {
                int ncap = cap ? cap * 2 : 16;
                tt_pair *np = (tt_pair *)realloc(r->pairs, (size_t)ncap * sizeof *np);
                if (!np) { tt_result_free(r); return false; }
                r->pairs = np;
                cap = ncap;
            }
            tt_pair *pr = &r->pairs[r->pair_count++];
            memset(pr, 0, sizeof *pr);
            pr->a = i;
            pr->b = j;
            r->state[i] |= TT_STATE_OVERLAPS;
            r->state[j] |= TT_STATE_OVERLAPS;
        }
    }

    for (int i = 0; i < s->ray_count; i++) {
        const tt_ray *ray = &s->rays[i];
        tt_pose pose = pose_of(r, ray->parent);
        tt_hit_result *h = &r->rays[i];
        h->ray.origin = pose_point(&pose, ray->origin);
        h->ray.dir = tc_vec3_scale(tc_transform_direction(pose.t, ray->dir), pose.scale);
        h->max_t = ray->max_t;
        cast(r, s->collider_count, h);
        if (h->collider >= 0) r->state[h->collider] |= TT_STATE_HIT;
    }

    r->camera_given = s->camera.present;
    if (s->camera.present) {
        r->camera = s->camera;
    } else {
        tc_vec3 lo = tc_vec3_make(-1.0f, 0.0f, -1.0f), hi = tc_vec3_make(1.0f, 1.0f, 1.0f);
        bool any = false;
        for (int i = 0; i < s->collider_count; i++) {
            tc_aabb b;
            if (r->shapes[i].kind == TT_PLANE || !tt_shape_bounds(&r->shapes[i], &b)) continue;
            lo = any ? tc_vec3_min(lo, b.min) : b.min;
            hi = any ? tc_vec3_max(hi, b.max) : b.max;
            any = true;
        }
        r->camera = tt_camera_framing(lo, hi, 800, 600);
    }
    tt_view view = tt_view_from_camera(&r->camera);
    for (int i = 0; i < s->click_count; i++) {
        tt_hit_result *h = &r->picks[i];
        h->ray = tt_view_pick_ray(&view, s->clicks[i].x, s->clicks[i].y);
        h->max_t = (float)(view.far_z - view.near_z);
        cast(r, s->collider_count, h);
        if (h->collider >= 0) r->state[h->collider] |= TT_STATE_PICKED;
    }

    for (int i = 0; i < s->collider_count; i++) {
        if (!s->colliders[i].moving) continue;
        sweep(s, r, i, &r->sweeps[r->sweep_count++]);
        r->state[i] |= TT_STATE_SWEPT;
    }
    for (int i = 0; i < s->distance_count; i++) distance(r, &s->distances[i], &r->distances[i]);
    return true;
}

void tt_result_free(tt_result *r)
{
    free(r->frames);
    free(r->shapes);
    free(r->state);
    free(r->pairs);
    free(r->rays);
    free(r->picks);
    free(r->sweeps);
    free(r->distances);
    memset(r, 0, sizeof *r);
}
