/* SPDX-License-Identifier: MIT */
/* Each example scene run through the touche binary (--json), its facts
 * checked against the library's own queries computed here: world poses
 * composed independently in double precision, every pair and ray by brute
 * force over all shapes, picks from a camera ray built here by hand. */
#include "harness.h"
#include "scene.h"
#include "tool_test.h"

#include <touche/touche.h>
#include <touche/dispatch.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- double-precision placement ------------------------------------------------ */

typedef struct dq { double x, y, z, w; } dq;
typedef struct dv { double x, y, z; } dv;
typedef struct dpose { dv p; dq q; double s; } dpose;

static dq dq_of(tc_quat q)
{
    double n = sqrt((double)q.x * q.x + (double)q.y * q.y + (double)q.z * q.z + (double)q.w * q.w);
    dq r = { q.x / n, q.y / n, q.z / n, q.w / n };
    return r;
}
static dq dq_mul(dq a, dq b)
{
    dq r = { a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
             a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z };
    return r;
}
/* v rotated by q: q v q*. */
static dv dq_rot(dq q, dv v)
{
    dq p = { v.x, v.y, v.z, 0.0 };
    dq c = { -q.x, -q.y, -q.z, q.w };
    dq r = dq_mul(dq_mul(q, p), c);
    dv o = { r.x, r.y, r.z };
    return o;
}
static dv dv_of(tc_vec3 v) { dv r = { v.x, v.y, v.z }; return r; }
static dv dv_add(dv a, dv b) { dv r = { a.x + b.x, a.y + b.y, a.z + b.z }; return r; }
static dv dv_scale(dv a, double s) { dv r = { a.x * s, a.y * s, a.z * s }; return r; }
static tc_vec3 fv(dv a) { return tc_vec3_make((float)a.x, (float)a.y, (float)a.z); }

static dpose frame_pose(const tt_scene *s, int f)
{
    dpose id = { { 0, 0, 0 }, { 0, 0, 0, 1 }, 1.0 };
    if (f < 0) return id;
    /* Walk to the root, then compose downwards. */
    int chain[4096], n = 0;
    for (int g = f; g >= 0 && n < 4096; g = s->frames[g].parent) chain[n++] = g;
    dpose p = id;
    while (n > 0) {
        const tt_frame *fr = &s->frames[chain[--n]];
        dpose c;
        c.p = dv_add(p.p, dq_rot(p.q, dv_scale(dv_of(fr->position), p.s)));
        c.q = dq_mul(p.q, dq_of(fr->rotation));
        c.s = p.s * fr->scale;
        p = c;
    }
    return p;
}

static dv place(const dpose *p, tc_vec3 local) { return dv_add(p->p, dq_rot(p->q, dv_scale(dv_of(local), p->s))); }

/* The world shape of collider i, placed here. */
static tc_shape world_shape(const tt_scene *s, int i)
{
    const tt_collider *c = &s->colliders[i];
    dpose p = frame_pose(s, c->parent);
    tc_shape out;
    memset(&out, 0, sizeof out);
    switch (c->kind) {
    case TT_SPHERE:
        out = tc_shape_from_sphere((tc_sphere){ fv(place(&p, c->p[0])), (float)(c->radius * p.s) });
        break;
    case TT_CAPSULE:
        out = tc_shape_from_capsule((tc_capsule){ fv(place(&p, c->p[0])), fv(place(&p, c->p[1])), (float)(c->radius * p.s) });
        break;
    case TT_AABB:
        out = tc_shape_from_aabb((tc_aabb){ c->p[0], c->p[1] });
        break;
    case TT_BOX: {
        dq q = dq_mul(p.q, dq_of(c->rotation));
        tc_obb b;
        b.center = fv(place(&p, c->p[0]));
        b.half = tc_vec3_make((float)(c->half.x * p.s), (float)(c->half.y * p.s), (float)(c->half.z * p.s));
        dv ex = { 1, 0, 0 }, ey = { 0, 1, 0 }, ez = { 0, 0, 1 };
        b.rotation = tc_mat3_make(fv(dq_rot(q, ex)), fv(dq_rot(q, ey)), fv(dq_rot(q, ez)));
        out = tc_shape_from_obb(b);
        break;
    }
    case TT_TRIANGLE:
        out = tc_shape_from_triangle((tc_triangle){ fv(place(&p, c->p[0])), fv(place(&p, c->p[1])), fv(place(&p, c->p[2])) });
        break;
    case TT_PLANE: {
        dv n = dq_rot(p.q, dv_of(c->p[0]));
        dv on = place(&p, tc_vec3_scale(c->p[0], c->offset));
        out = tc_shape_from_plane((tc_plane){ fv(n), (float)(n.x * on.x + n.y * on.y + n.z * on.z) });
        break;
    }
    case TT_HULL:
    case TT_MESH: {
        /* The data's frame: the collider's centre and posture under its frame, scales multiplied. */
        dq q = dq_mul(p.q, dq_of(c->rotation));
        dv ex = { 1, 0, 0 }, ey = { 0, 1, 0 }, ez = { 0, 0, 1 };
        tc_mat3 rot = tc_mat3_make(fv(dq_rot(q, ex)), fv(dq_rot(q, ey)), fv(dq_rot(q, ez)));
        tc_vec3 at = fv(place(&p, c->p[0]));
        float scale = (float)(p.s * c->scale);
        if (c->kind == TT_HULL) {
            tc_hull h = { c->hull, at, rot, scale };
            out = tc_shape_from_hull(h);
        } else {
            tc_mesh m = { c->mesh, at, rot, scale };
            out = tc_shape_from_mesh(m);
        }
        break;
    }
    default:
        break;
    }
    return out;
}

/* ---- reading the tool's answer ---------------------------------------------------- */

typedef struct example {
    tt_scene *scene;
    json *doc;
    tc_shape *shapes;      /* placed here */
} example;

static bool load_example(const char *file, example *ex)
{
    memset(ex, 0, sizeof *ex);
    tt_diags d;
    ex->scene = tt_scene_load_file(example_path(file), &d);
    CHECK_MSG(ex->scene != NULL, "%s does not load", file);
    if (!ex->scene) return false;
    char args[1200];
    snprintf(args, sizeof args, "run \"%s\" --json", example_path(file));
    tool_run r = tool_exec(args);
    CHECK_MSG(r.exit_code == 0, "%s: exit %d: %s", file, r.exit_code, r.err);
    CHECK_MSG(r.err[0] == '\0', "%s: stderr: %s", file, r.err);
    ex->doc = json_parse(r.out);
    CHECK_MSG(ex->doc != NULL, "%s: --json output is not JSON", file);
    tool_run_free(&r);
    ex->shapes = (tc_shape *)calloc((size_t)ex->scene->collider_count + 1, sizeof *ex->shapes);
    for (int i = 0; i < ex->scene->collider_count; i++) ex->shapes[i] = world_shape(ex->scene, i);
    return ex->doc != NULL;
}

static void free_example(example *ex)
{
    tt_scene_free(ex->scene);
    json_free(ex->doc);
    free(ex->shapes);
}

static int collider_named(const tt_scene *s, const char *name) { return tt_scene_find_collider(s, name); }

static double vdist(const double a[3], tc_vec3 b)
{
    double dx = a[0] - b.x, dy = a[1] - b.y, dz = a[2] - b.z;
    return sqrt(dx * dx + dy * dy + dz * dz);
}

/* The tool's world shapes equal the ones placed here. */
static void check_world_shapes(const example *ex)
{
    const json *cols = json_get(ex->doc, "colliders");
    CHECK(cols && cols->count == ex->scene->collider_count);
    if (!cols) return;
    for (int i = 0; i < cols->count; i++) {
        const json *c = json_at(cols, i);
        const json *w = json_get(c, "world");
        const tc_shape *s = &ex->shapes[i];
        const char *name = json_str(json_get(c, "name"));
        CHECK(strcmp(name, ex->scene->colliders[i].name) == 0);
        double v[3];
        const double tol = 1e-4;
        switch (s->type) {
        case TC_SHAPE_SPHERE:
            CHECK(json_vec3(json_get(w, "center"), v) && vdist(v, s->u.sphere.center) < tol);
            CHECK_NEAR(json_num(json_get(w, "radius")), s->u.sphere.radius, tol);
            break;
        case TC_SHAPE_AABB:
            CHECK(json_vec3(json_get(w, "min"), v) && vdist(v, s->u.aabb.min) < tol);
            CHECK(json_vec3(json_get(w, "max"), v) && vdist(v, s->u.aabb.max) < tol);
            break;
        case TC_SHAPE_OBB: {
            CHECK_MSG(json_vec3(json_get(w, "center"), v) && vdist(v, s->u.obb.center) < tol, "%s centre", name);
            CHECK(json_vec3(json_get(w, "half"), v) && vdist(v, s->u.obb.half) < tol);
            const json *axes = json_get(w, "axes");
            tc_vec3 cols3[3] = { s->u.obb.rotation.cx, s->u.obb.rotation.cy, s->u.obb.rotation.cz };
            for (int k = 0; k < 3; k++)
                CHECK_MSG(json_vec3(json_at(axes, k), v) && vdist(v, cols3[k]) < tol, "%s axis %d", name, k);
            break;
        }
        default:
            break;
        }
    }
}

static bool pair_listed(const json *pairs, const char *a, const char *b)
{
    for (int i = 0; pairs && i < pairs->count; i++) {
        const char *x = json_str(json_get(json_at(pairs, i), "a")), *y = json_str(json_get(json_at(pairs, i), "b"));
        if ((!strcmp(x, a) && !strcmp(y, b)) || (!strcmp(x, b) && !strcmp(y, a))) return true;
    }
    return false;
}

/* Every pair by brute force with the library's pair tests. */
static void check_pairs(const example *ex)
{
    const json *pairs = json_get(ex->doc, "pairs");
    CHECK(pairs != NULL);
    int expected = 0;
    const tt_scene *s = ex->scene;
    for (int i = 0; i < s->collider_count; i++) {
        for (int j = i + 1; j < s->collider_count; j++) {
            const tt_collider *ci = &s->colliders[i], *cj = &s->colliders[j];
            bool grouped = ci->group != 0 && ci->group == cj->group;
            bool filtered = !(ci->category & cj->mask) || !(cj->category & ci->mask);
            bool hit = !grouped && !filtered && tc_shape_overlap(&ex->shapes[i], &ex->shapes[j]);
            expected += hit;
            CHECK_MSG(pair_listed(pairs, s->colliders[i].name, s->colliders[j].name) == hit, "pair %s %s: expected %s",
                      s->colliders[i].name, s->colliders[j].name, hit ? "overlap" : "apart");
        }
    }
    CHECK(pairs && pairs->count == expected);
}

/* The first hit of a ray over all shapes, by brute force. */
static int closest_hit(const example *ex, const tc_ray *ray, float max_t, tc_ray_hit *best)
{
    int who = -1;
    for (int i = 0; i < ex->scene->collider_count; i++) {
        tc_ray_hit h;
        if (tc_shape_raycast(ray, &ex->shapes[i], max_t, &h) && (who < 0 || h.t < best->t)) {
            who = i;
            *best = h;
        }
    }
    return who;
}

static void check_rays(const example *ex)
{
    const json *rays = json_get(ex->doc, "rays");
    CHECK(rays && rays->count == ex->scene->ray_count);
    for (int i = 0; rays && i < rays->count; i++) {
        const tt_ray *sr = &ex->scene->rays[i];
        dpose p = frame_pose(ex->scene, sr->parent);
        tc_ray ray;
        ray.origin = fv(place(&p, sr->origin));
        ray.dir = fv(dv_scale(dq_rot(p.q, dv_of(sr->dir)), p.s));
        tc_ray_hit h;
        int who = closest_hit(ex, &ray, sr->max_t, &h);
        const json *hit = json_get(json_at(rays, i), "hit");
        if (who < 0) {
            CHECK_MSG(hit && hit->type == JSON_NULL, "ray %s should miss", sr->name);
            continue;
        }
        CHECK_MSG(hit && hit->type == JSON_OBJECT, "ray %s should hit %s", sr->name, ex->scene->colliders[who].name);
        if (!hit || hit->type != JSON_OBJECT) continue;
        CHECK_MSG(!strcmp(json_str(json_get(hit, "collider")), ex->scene->colliders[who].name), "ray %s hits %s, not %s",
                  sr->name, json_str(json_get(hit, "collider")), ex->scene->colliders[who].name);
        CHECK_NEAR(json_num(json_get(hit, "t")), h.t, 1e-4 * (1.0 + h.t));
        double v[3];
        CHECK(json_vec3(json_get(hit, "point"), v) && vdist(v, h.point) < 1e-3);
        CHECK(json_vec3(json_get(hit, "normal"), v) && vdist(v, h.normal) < 1e-3);
        /* A mesh hit names the triangle; other shapes none. */
        const json *tri = json_get(hit, "triangle");
        if (h.feature >= 0) CHECK_MSG(tri && json_num(tri) == h.feature, "ray %s: triangle", sr->name);
        else CHECK(tri && tri->type == JSON_NULL);
    }
}

/* The pick ray under a pixel, from the camera built here: look-at basis and
 * the vertical field of view, in double. Starts at the eye. */
static tc_ray pick_ray(const tt_camera *cam, double px, double py)
{
    dv eye = dv_of(cam->position), tgt = dv_of(cam->target), up = dv_of(cam->up);
    dv f = { tgt.x - eye.x, tgt.y - eye.y, tgt.z - eye.z };
    double fl = sqrt(f.x * f.x + f.y * f.y + f.z * f.z);
    f = dv_scale(f, 1.0 / fl);
    dv r = { f.y * up.z - f.z * up.y, f.z * up.x - f.x * up.z, f.x * up.y - f.y * up.x };
    double rl = sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
    r = dv_scale(r, 1.0 / rl);
    dv u = { r.y * f.z - r.z * f.y, r.z * f.x - r.x * f.z, r.x * f.y - r.y * f.x };
    double t = tan(cam->fov_deg * 3.14159265358979323846 / 360.0);
    double nx = (2.0 * px / cam->width - 1.0) * t * cam->width / cam->height;
    double ny = (1.0 - 2.0 * py / cam->height) * t;
    dv d = dv_add(f, dv_add(dv_scale(r, nx), dv_scale(u, ny)));
    double dl = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    tc_ray ray = { fv(eye), fv(dv_scale(d, 1.0 / dl)) };
    return ray;
}

static void check_picks(const example *ex)
{
    const json *picks = json_get(ex->doc, "picks");
    CHECK(picks && picks->count == ex->scene->click_count);
    for (int i = 0; picks && i < picks->count; i++) {
        tc_ray ray = pick_ray(&ex->scene->camera, ex->scene->clicks[i].x, ex->scene->clicks[i].y);
        tc_ray_hit h;
        int who = closest_hit(ex, &ray, INFINITY, &h);
        const json *hit = json_get(json_at(picks, i), "hit");
        if (who < 0) {
            CHECK(hit && hit->type == JSON_NULL);
            continue;
        }
        CHECK_MSG(hit && !strcmp(json_str(json_get(hit, "collider")), ex->scene->colliders[who].name),
                  "click %s should pick %s", ex->scene->clicks[i].name, ex->scene->colliders[who].name);
        double v[3];
        CHECK(json_vec3(json_get(hit, "point"), v) && vdist(v, h.point) < 1e-3);
        /* The reported ray runs through the same pixel: its direction matches. */
        CHECK(json_vec3(json_get(json_at(picks, i), "dir"), v) && vdist(v, ray.dir) < 1e-4);
    }
}

/* Contacts: a unit normal from a to b, and moving b along it a little more
 * than the depth parts the pair (the depth is the minimum translation). */
static void check_contacts(const example *ex)
{
    const json *pairs = json_get(ex->doc, "pairs");
    for (int i = 0; pairs && i < pairs->count; i++) {
        const json *p = json_at(pairs, i);
        const json *c = json_get(p, "contact");
        const char *an = json_str(json_get(p, "a")), *bn = json_str(json_get(p, "b"));
        CHECK_MSG(c && c->type == JSON_OBJECT, "pair %s %s has no contact", an, bn);
        if (!c || c->type != JSON_OBJECT) continue;
        int a = collider_named(ex->scene, an), b = collider_named(ex->scene, bn);
        double n[3];
        CHECK(json_vec3(json_get(c, "normal"), n));
        CHECK_NEAR(sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), 1.0, 1e-4);
        double depth = json_num(json_get(c, "depth"));
        CHECK(depth >= 0.0);
        CHECK(json_get(c, "points") && json_get(c, "points")->count >= 1);
        tc_vec3 push = tc_vec3_make((float)n[0], (float)n[1], (float)n[2]);
        tc_shape far_b = tc_shape_translate(&ex->shapes[b], tc_vec3_scale(push, (float)(depth + 2e-3)));
        CHECK_MSG(!tc_shape_overlap(&ex->shapes[a], &far_b), "pair %s %s: moving %s by the depth along the normal does not part them",
                  an, bn, bn);
    }
}

/* Distances: the closest points are the distance apart, and moving b by
 * their difference brings the pair to touching. */
static void check_distances(const example *ex)
{
    const json *ds = json_get(ex->doc, "distances");
    CHECK(ds && ds->count == ex->scene->distance_count);
    for (int i = 0; ds && i < ds->count; i++) {
        const json *d = json_at(ds, i);
        CHECK(json_get(d, "available")->boolean);
        int a = ex->scene->distances[i].a, b = ex->scene->distances[i].b;
        double dist = json_num(json_get(d, "distance")), pa[3], pb[3];
        CHECK(json_vec3(json_get(d, "point_a"), pa) && json_vec3(json_get(d, "point_b"), pb));
        double gap = sqrt((pa[0] - pb[0]) * (pa[0] - pb[0]) + (pa[1] - pb[1]) * (pa[1] - pb[1]) + (pa[2] - pb[2]) * (pa[2] - pb[2]));
        CHECK_NEAR(gap, dist, 1e-4);
        CHECK((dist > 0.0) == !tc_shape_overlap(&ex->shapes[a], &ex->shapes[b]));
        tc_shape closer = tc_shape_translate(&ex->shapes[b], tc_vec3_make((float)(pa[0] - pb[0]), (float)(pa[1] - pb[1]), (float)(pa[2] - pb[2])));
        CHECK(tc_shape_overlap(&ex->shapes[a], &closer));
    }
}

static void check_common(const char *file, example *ex)
{
    if (!load_example(file, ex)) return;
    check_world_shapes(ex);
    check_pairs(ex);
    check_contacts(ex);
    check_rays(ex);
    check_picks(ex);
    check_distances(ex);
}

/* ---- the examples ------------------------------------------------------------------ */

TEST_CASE(two_boxes_under_their_frames)
{
    example ex;
    check_common("two_boxes.scene", &ex);
    if (!ex.doc) { free_example(&ex); return; }
    /* Each box hangs under its own frame: the world centre is frame * local. */
    const tt_scene *s = ex.scene;
    for (int i = 0; i < s->collider_count; i++) CHECK(s->colliders[i].parent >= 0);
    CHECK(s->frames[s->colliders[0].parent].rotation.w != 1.0f);
    free_example(&ex);
}

TEST_CASE(near_miss_faces_overlap_an_edge_axis_separates)
{
    example ex;
    check_common("near_miss.scene", &ex);
    if (!ex.doc) { free_example(&ex); return; }
    int a = collider_named(ex.scene, "A"), b = collider_named(ex.scene, "B");
    tc_sat_axis_report rep[15];
    tc_sat_axis verdict = tc_sat_obb_obb_report(&ex.shapes[a].u.obb, &ex.shapes[b].u.obb, rep);
    for (int k = 0; k < 6; k++) CHECK_MSG(!rep[k].separates, "face axis %d separates", k);
    CHECK(verdict >= TC_SAT_AXIS_A0xB0 && verdict < TC_SAT_AXIS_COUNT);
    CHECK(!tc_overlap_obb_obb(&ex.shapes[a].u.obb, &ex.shapes[b].u.obb));
    CHECK(json_get(ex.doc, "pairs")->count == 0);
    /* The closest features are the two edges that make the separating axis,
     * so the reported distance is that axis's gap. */
    double gap = fabs((double)rep[verdict].center_b - rep[verdict].center_a) - rep[verdict].radius_a - rep[verdict].radius_b;
    CHECK(gap > 0.0);
    CHECK_NEAR(json_num(json_get(json_at(json_get(ex.doc, "distances"), 0), "distance")), gap, 1e-4);

    /* explain --json reports the same 15 axes and the same verdict. */
    char args[1200];
    snprintf(args, sizeof args, "explain \"%s\" A B --json", example_path("near_miss.scene"));
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 0);
    json *e = json_parse(r.out);
    CHECK(e != NULL);
    if (e) {
        CHECK(json_num(json_get(e, "separating_axis")) == (double)verdict);
        const json *axes = json_get(e, "axes");
        CHECK(axes && axes->count == 15);
        for (int k = 0; axes && k < 15; k++) {
            const json *ax = json_at(axes, k);
            CHECK((json_get(ax, "separates")->boolean) == rep[k].separates);
            CHECK_NEAR(json_num(json_get(ax, "radius_a")), rep[k].radius_a, 1e-5);
            CHECK_NEAR(json_num(json_get(ax, "radius_b")), rep[k].radius_b, 1e-5);
            CHECK_NEAR(json_num(json_get(ax, "center_b")) - json_num(json_get(ax, "center_a")),
                       rep[k].center_b - rep[k].center_a, 1e-5);
        }
        json_free(e);
    }
    tool_run_free(&r);
    /* The table says so in words. */
    snprintf(args, sizeof args, "explain \"%s\" A B", example_path("near_miss.scene"));
    r = tool_exec(args);
    CHECK(r.exit_code == 0 && strstr(r.out, "All 6 face axes overlap") != NULL);
    tool_run_free(&r);
    free_example(&ex);
}

TEST_CASE(spheres_and_aabbs_touching_and_apart)
{
    example ex;
    check_common("spheres_and_aabbs.scene", &ex);
    if (!ex.doc) { free_example(&ex); return; }
    const json *pairs = json_get(ex.doc, "pairs");
    /* Touching counts as overlapping; the apart pairs are apart. */
    CHECK(pair_listed(pairs, "s1", "s2"));
    CHECK(pair_listed(pairs, "b1", "b2"));
    CHECK(pair_listed(pairs, "c1", "c2"));
    CHECK(!pair_listed(pairs, "s3", "s4"));
    CHECK(!pair_listed(pairs, "b3", "b4"));
    CHECK(!pair_listed(pairs, "c3", "c4"));
    /* Touching exactly, computed here: centre distance equals the radii's sum,
     * the shared face, the clamped point one radius away. */
    const tc_shape *sh = ex.shapes;
    int s1 = collider_named(ex.scene, "s1"), s2 = collider_named(ex.scene, "s2");
    CHECK(tc_vec3_distance(sh[s1].u.sphere.center, sh[s2].u.sphere.center) == sh[s1].u.sphere.radius + sh[s2].u.sphere.radius);
    int b1 = collider_named(ex.scene, "b1"), b2 = collider_named(ex.scene, "b2");
    CHECK(sh[b1].u.aabb.max.x == sh[b2].u.aabb.min.x);
    int c1 = collider_named(ex.scene, "c1"), c2 = collider_named(ex.scene, "c2");
    tc_vec3 q = tc_aabb_closest_point(&sh[c1].u.aabb, sh[c2].u.sphere.center);
    CHECK(tc_vec3_distance(q, sh[c2].u.sphere.center) == sh[c2].u.sphere.radius);
    /* Touching pairs: depth zero, the normal along +x from a to b. */
    for (int i = 0; pairs && i < pairs->count; i++) {
        const json *c = json_get(json_at(pairs, i), "contact");
        double n[3];
        CHECK(json_vec3(json_get(c, "normal"), n) && fabs(n[0] - 1.0) < 1e-5);
        CHECK_NEAR(json_num(json_get(c, "depth")), 0.0, 1e-5);
    }
    /* The apart pairs' distances, worked out here: 0.5, 0.5 and sqrt(3) - 1
     * (the sphere's centre is one unit beyond the box's corner on each axis). */
    const json *ds = json_get(ex.doc, "distances");
    const double expect[3] = { 0.5, 0.5, sqrt(3.0) - 1.0 };
    for (int i = 0; ds && i < 3 && i < ds->count; i++)
        CHECK_NEAR(json_num(json_get(json_at(ds, i), "distance")), expect[i], 1e-5);
    free_example(&ex);
}

TEST_CASE(five_figures_click_picks_the_nearest)
{
    example ex;
    check_common("five_figures.scene", &ex);
    if (!ex.doc) { free_example(&ex); return; }
    const tt_scene *s = ex.scene;
    CHECK(s->collider_count == 5 && s->click_count == 1 && s->camera.present);
    /* A sword on each right hand, under a chain of bones. */
    for (int i = 0; i < s->collider_count; i++) {
        int f = s->colliders[i].parent;
        CHECK(f >= 0 && strstr(s->frames[f].name, "hand_r") != NULL);
        int depth = 0;
        for (; f >= 0; f = s->frames[f].parent) depth++;
        CHECK(depth >= 5);
    }
    /* The click's ray passes through at least two swords; the pick is the nearer. */
    tc_ray ray = pick_ray(&s->camera, s->clicks[0].x, s->clicks[0].y);
    int hits = 0, nearest = -1;
    float best = INFINITY;
    for (int i = 0; i < s->collider_count; i++) {
        tc_ray_hit h;
        if (tc_shape_raycast(&ray, &ex.shapes[i], INFINITY, &h)) {
            hits++;
            if (h.t < best) { best = h.t; nearest = i; }
        }
    }
    CHECK_MSG(hits >= 2, "the click's ray crosses %d swords", hits);
    const json *hit = json_get(json_at(json_get(ex.doc, "picks"), 0), "hit");
    CHECK(nearest >= 0 && hit && !strcmp(json_str(json_get(hit, "collider")), s->colliders[nearest].name));
    free_example(&ex);
}

TEST_CASE(tunnel_the_sweep_sees_what_the_end_points_miss)
{
    example ex;
    check_common("tunnel.scene", &ex);
    if (!ex.doc) { free_example(&ex); return; }
    int wall = collider_named(ex.scene, "wall"), bullet = collider_named(ex.scene, "bullet");
    tc_vec3 v = ex.scene->colliders[bullet].velocity;
    tc_obb start = ex.shapes[bullet].u.obb, end = start;
    end.center = tc_vec3_add(start.center, v);
    /* Neither end of the move touches the wall... */
    CHECK(!tc_overlap_obb_obb(&start, &ex.shapes[wall].u.obb));
    CHECK(!tc_overlap_obb_obb(&end, &ex.shapes[wall].u.obb));
    /* ...yet somewhere along it the box is inside the wall: find the first
     * such fraction by fine sampling. */
    double first = -1.0;
    for (int k = 0; k <= 4000 && first < 0.0; k++) {
        tc_obb at = start;
        at.center = tc_vec3_mul_add(start.center, v, (float)(k / 4000.0));
        if (tc_overlap_obb_obb(&at, &ex.shapes[wall].u.obb)) first = k / 4000.0;
    }
    CHECK(first > 0.0 && first < 1.0);
    const json *sw = json_at(json_get(ex.doc, "sweeps"), 0);
    CHECK(sw != NULL);
    if (sw) {
        CHECK(!json_get(sw, "start_overlaps")->boolean);
        CHECK(!json_get(sw, "end_overlaps")->boolean);
        const json *fc = json_get(sw, "first_contact");
        if (json_get(sw, "available")->boolean) {
            /* The sweep's time of first contact sits just before the first sampled overlap. */
            CHECK(fc && !strcmp(json_str(json_get(fc, "collider")), "wall"));
            CHECK(json_num(json_get(fc, "toi")) <= first + 1e-6);
            CHECK(json_num(json_get(fc, "toi")) >= first - 1.0 / 4000.0 - 1e-4);
        } else {
            CHECK(fc && fc->type == JSON_NULL);
        }
    }
    free_example(&ex);
}

TEST_CASE(every_example_runs_and_reports_consistently)
{
    /* Any further example: the common checks, and the text report names every collider. */
    const char *files[] = { "two_boxes.scene", "near_miss.scene", "spheres_and_aabbs.scene", "five_figures.scene",
                            "tunnel.scene", "all_shapes.scene" };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        example ex;
        check_common(files[f], &ex);
        if (ex.doc) {
            char args[1200];
            snprintf(args, sizeof args, "run \"%s\"", example_path(files[f]));
            tool_run r = tool_exec(args);
            CHECK(r.exit_code == 0);
            for (int i = 0; i < ex.scene->collider_count; i++)
                CHECK_MSG(strstr(r.out, ex.scene->colliders[i].name) != NULL, "%s: text report lacks %s", files[f],
                          ex.scene->colliders[i].name);
            tool_run_free(&r);
        }
        free_example(&ex);
    }
}

/* The first triangle of a mesh along a ray, by brute force over every triangle. */
static int first_triangle(const tc_mesh *m, const tc_ray *ray, float *t_out)
{
    int who = -1;
    for (int32_t i = 0; i < tc_mesh_data_triangle_count(m->data); i++) {
        tc_triangle t = tc_mesh_triangle(m, i);
        tc_ray_hit h;
        if (tc_raycast_triangle(ray, &t, INFINITY, &h) && (who < 0 || h.t < *t_out)) {
            who = (int)i;
            *t_out = h.t;
        }
    }
    return who;
}

TEST_CASE(terrain_walk_capsule_on_an_obj_mesh_among_hulls)
{
    example ex;
    check_common("terrain_walk.scene", &ex);
    if (!ex.doc) { free_example(&ex); return; }
    const tt_scene *s = ex.scene;
    int terrain = collider_named(s, "terrain"), body = collider_named(s, "body"), foot = collider_named(s, "foot");
    int boulder = collider_named(s, "boulder"), stump = collider_named(s, "stump"), spire = collider_named(s, "spire");
    CHECK(terrain >= 0 && body >= 0 && foot >= 0 && boulder >= 0 && stump >= 0 && spire >= 0);
    if (terrain < 0 || body < 0 || foot < 0 || boulder < 0 || stump < 0 || spire < 0) { free_example(&ex); return; }
    /* The OBJ: 9 x 9 vertices, 64 quads fanned into 128 triangles. */
    CHECK(s->colliders[terrain].kind == TT_MESH && tc_mesh_data_triangle_count(s->colliders[terrain].mesh) == 128);
    CHECK(s->colliders[stump].kind == TT_HULL && tc_hull_data_vertex_count(s->colliders[stump].hull) == 24);
    CHECK(s->colliders[spire].kind == TT_HULL && tc_hull_data_vertex_count(s->colliders[spire].hull) == 17);
    /* The character's own body and foot touch but share a group: no pair. */
    CHECK(tc_shape_overlap(&ex.shapes[body], &ex.shapes[foot]));
    CHECK(s->colliders[body].group == 1 && s->colliders[foot].group == 1);
    const json *pairs = json_get(ex.doc, "pairs");
    CHECK(!pair_listed(pairs, "body", "foot"));
    CHECK(pair_listed(pairs, "terrain", "foot"));
    CHECK(pair_listed(pairs, "terrain", "boulder"));
    /* The probe's triangle, by brute force over the terrain's triangles. */
    const json *hit = json_get(json_at(json_get(ex.doc, "rays"), 0), "hit");
    tc_ray ray = { s->rays[0].origin, s->rays[0].dir };
    float t = 0.0f;
    int tri = first_triangle(&ex.shapes[terrain].u.mesh, &ray, &t);
    CHECK(tri >= 0);
    CHECK(hit && !strcmp(json_str(json_get(hit, "collider")), "terrain"));
    CHECK(hit && json_num(json_get(hit, "triangle")) == tri);
    CHECK_NEAR(json_num(json_get(hit, "t")), t, 1e-4);
    /* The step: the body's sweep first meets the boulder (not its own foot,
     * which it starts in), at the earliest pair sweep over every other
     * collider outside its group. */
    const json *sw = json_at(json_get(ex.doc, "sweeps"), 0);
    const json *first = json_get(sw, "first_contact");
    CHECK(first && !strcmp(json_str(json_get(first, "collider")), "boulder"));
    float best = INFINITY;
    int who = -1;
    for (int i = 0; i < s->collider_count; i++) {
        if (i == body || s->colliders[i].group == 1) continue;
        tc_sweep_hit h;
        if (tc_shape_sweep(&ex.shapes[body], s->colliders[body].velocity, &ex.shapes[i], tc_vec3_zero(), 1.0f, &h) &&
            h.t < best) {
            best = h.t;
            who = i;
        }
    }
    CHECK(who == boulder);
    CHECK_NEAR(json_num(json_get(first, "toi")), best, 1e-5);
    free_example(&ex);
}

/* A frame's world pose with one frame's local pose replaced (a swing's end). */
static dpose frame_pose_with(const tt_scene *s, int f, int joint, tc_vec3 position, tc_quat rotation)
{
    dpose id = { { 0, 0, 0 }, { 0, 0, 0, 1 }, 1.0 };
    int chain[4096], n = 0;
    for (int g = f; g >= 0 && n < 4096; g = s->frames[g].parent) chain[n++] = g;
    dpose p = id;
    while (n > 0) {
        int k = chain[--n];
        const tt_frame *fr = &s->frames[k];
        tc_vec3 pos = k == joint ? position : fr->position;
        tc_quat rot = k == joint ? rotation : fr->rotation;
        dpose c;
        c.p = dv_add(p.p, dq_rot(p.q, dv_scale(dv_of(pos), p.s)));
        c.q = dq_mul(p.q, dq_of(rot));
        c.s = p.s * fr->scale;
        p = c;
    }
    return p;
}

static tc_transform transform_of(const dpose *p)
{
    return tc_transform_make(fv(p->p), tc_quat_make((float)p->q.x, (float)p->q.y, (float)p->q.z, (float)p->q.w));
}

TEST_CASE(sword_swing_first_contact_is_the_shield_not_its_own_arm)
{
    example ex;
    check_common("sword_swing.scene", &ex);
    if (!ex.doc) { free_example(&ex); return; }
    const tt_scene *s = ex.scene;
    CHECK(s->cast_count == 2 && s->casts[0].swing && !s->casts[1].swing);
    if (s->cast_count != 2) { free_example(&ex); return; }
    const tt_cast *k = &s->casts[0];
    int sword = k->collider, shield = collider_named(s, "shield");
    const tt_collider *c = &s->colliders[sword];
    /* The swing, placed here: the sword in its hand's frame, the hand's
     * pose with the shoulder as the file gives it and as the swing ends. */
    dpose from = frame_pose(s, c->parent), to = frame_pose_with(s, c->parent, k->joint, k->position, k->rotation);
    tc_shape local = tc_shape_from_obb(tc_obb_from_quat(tc_vec3_scale(c->p[0], (float)from.s),
                                                        tc_vec3_scale(c->half, (float)from.s), c->rotation));
    tc_transform a = transform_of(&from), b = transform_of(&to);
    /* The earliest rigid pair sweep: over the colliders outside the
     * sword's group, and over every other collider. */
    float best = INFINITY, best_any = INFINITY;
    int who = -1, who_any = -1;
    for (int i = 0; i < s->collider_count; i++) {
        if (i == sword) continue;
        tc_sweep_hit h;
        if (!tc_shape_sweep_rigid(&local, a, b, &ex.shapes[i], tc_transform_identity(), tc_transform_identity(), &h))
            continue;
        if (h.t < best_any) { best_any = h.t; who_any = i; }
        if (s->colliders[i].group != c->group && h.t < best) { best = h.t; who = i; }
    }
    /* Without the group the swing would stop at once in its own arm. */
    CHECK(who_any >= 0 && s->colliders[who_any].group == c->group && best_any == 0.0f);
    CHECK(who == shield);
    const json *sw = json_at(json_get(ex.doc, "casts"), 0);
    const json *first = json_get(sw, "first_contact");
    CHECK(first && !strcmp(json_str(json_get(first, "collider")), "shield"));
    CHECK_NEAR(json_num(json_get(first, "t")), best, 1e-3);
    CHECK(best > 0.2f && best < 0.9f);

    /* The stone's cast: every collider it touches, in order of t, as the
     * pair sweeps over every collider say. */
    const tt_cast *throw_ = &s->casts[1];
    int stone = throw_->collider;
    const json *cast = json_at(json_get(ex.doc, "casts"), 1);
    const json *hits = json_get(cast, "hits");
    int expected = 0;
    float last = -1.0f;
    for (int pass = 0; pass < s->collider_count; pass++) {
        /* The next hit after `last`, by a scan (few colliders). */
        float next = INFINITY;
        int at = -1;
        for (int i = 0; i < s->collider_count; i++) {
            tc_sweep_hit h;
            if (i == stone || !tc_shape_sweep(&ex.shapes[stone], throw_->velocity, &ex.shapes[i], tc_vec3_zero(), 1.0f, &h))
                continue;
            if (h.t > last && h.t < next) { next = h.t; at = i; }
        }
        if (at < 0) break;
        const json *one = json_at(hits, expected);
        CHECK_MSG(one && !strcmp(json_str(json_get(one, "collider")), s->colliders[at].name), "cast hit %d: %s", expected,
                  s->colliders[at].name);
        CHECK(one && fabs(json_num(json_get(one, "t")) - next) < 1e-5);
        expected++;
        last = next;
    }
    CHECK(expected == 2);
    CHECK(hits && hits->count == expected && json_num(json_get(cast, "hits_total")) == expected);
    free_example(&ex);
}

/* The text report of an example, as committed beside it in NAME.expected
 * (numbers within 2e-3: they are printed to 3 or 4 decimals), from its
 * second line on (the first names the scene by the path it was given). */
static void check_expected_report(const char *scene)
{
    char args[1200], expected[1200];
    snprintf(args, sizeof args, "run \"%s\"", example_path(scene));
    snprintf(expected, sizeof expected, "%s", example_path(scene));
    char *dot = strrchr(expected, '.');
    if (dot) snprintf(dot, sizeof expected - (size_t)(dot - expected), ".expected");
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 0);
    char *want = read_whole_file(expected, NULL);
    CHECK_MSG(want != NULL, "cannot read %s", expected);
    if (want) {
        const char *a = strchr(want, '\n'), *b = strchr(r.out, '\n');
        CHECK(a && b);
        long at = a && b ? text_difference(a, b, 2e-3) : 0;
        CHECK_MSG(at < 0, "%s: the report differs from %s at \"%.60s\" (write it again with touche run > that file)",
                  scene, expected, a ? a + (at > 0 ? at : 0) : "");
    }
    free(want);
    tool_run_free(&r);
}

TEST_CASE(terrain_walk_and_sword_swing_reports_are_as_expected)
{
    check_expected_report("terrain_walk.scene");
    check_expected_report("sword_swing.scene");
}
