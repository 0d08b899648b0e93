/* SPDX-License-Identifier: MIT */
/* The WebAssembly face of Touché for web/index.html: a scene file loaded into
 * a tc_world, animated, updated, drawn as screen-space segments, picked and
 * ray-cast; a stress world of many moving colliders; and the separating-axis
 * table of two boxes.
 *
 * Only the public API (<touche/touche.h>) and the tool's scene loader are
 * used, so the page shows exactly what a game linking the library would get.
 * The JavaScript side reads results straight out of linear memory through the
 * pointers returned here: one call per frame for each step, never one call
 * per collider or per line, so the page's cost stays in the library and the
 * canvas, not in the boundary. Every buffer is owned here and lives until the
 * next call that refills it.
 */
#include <touche/touche.h>

#include "camera.h"
#include "eval.h"
#include "explain.h"
#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WEB_EXPORT(name) __attribute__((export_name(#name))) name

/* Segment kinds, the colour the page gives each. The picked and aimed-at
 * colliders are tracked here rather than through the library's debug state,
 * because that state keeps only the last ray query and lets a hit hide an
 * overlap. */
enum { SEG_FREE = 0, SEG_OVERLAP = 1, SEG_RAY_HIT = 2, SEG_PICKED = 3, SEG_AXIS = 4, SEG_BAR_A = 5, SEG_BAR_B = 6,
       SEG_DROP = 7, SEG_BOX_A = 8, SEG_BOX_B = 9 };

typedef struct segs {
    float *xy;        /* x0, y0, x1, y1 per segment, in canvas pixels */
    unsigned char *kind;
    int count, cap;
} segs;

typedef struct app {
    tt_scene *scene;           /* NULL in stress mode */
    tt_camera scene_camera;    /* the scene's camera, or the framing one the tool would choose */
    tc_world *world;
    tc_node_id *nodes;         /* per scene frame */
    tc_transform *base;        /* per scene frame: the pose the file gives */
    tc_transform *poses;       /* per scene frame: this frame's animated pose */
    float *amp, *phase;        /* per scene frame: swing amplitude (radians) and phase */
    tc_collider_id *ids;       /* per collider (scene or stress) */
    int collider_count;
    /* stress mode: each collider's orbit */
    tc_vec3 *home, *orbit;
    tc_transform *stress_poses;
    float *speed;
    /* per world collider index (id.index): scene collider index and state */
    int *by_index;
    unsigned char *overlapping;
    uint32_t index_cap;
    int overlap_count, pair_count;
    /* the camera the page shows */
    tt_camera cam;
    tt_view view;
    tc_mat4 clip_matrix;       /* view.projection * view.view */
    /* picking and the aimed ray */
    int picked;                /* scene collider index, or -1 */
    bool aiming;
    tc_ray aim;
    int aim_hit;               /* collider index, or -1 */
    tc_world_hit aim_result;
    segs out;
    int circle_segments;
} app;

static app g;

/* Results handed to the page; their layouts are documented in web/touche.js. */
static float g_floats[64];
static char g_text[8192];

/* ---- memory for the page ------------------------------------------------- */
void *WEB_EXPORT(web_alloc)(int size) { return malloc(size > 0 ? (size_t)size : 1); }
void WEB_EXPORT(web_free)(void *p) { free(p); }
float *WEB_EXPORT(web_floats)(void) { return g_floats; }
char *WEB_EXPORT(web_text)(void) { return g_text; }
float *WEB_EXPORT(web_segments)(void) { return g.out.xy; }
unsigned char *WEB_EXPORT(web_segment_kinds)(void) { return g.out.kind; }
int WEB_EXPORT(web_segment_count)(void) { return g.out.count; }

static bool seg_push(segs *s, float x0, float y0, float x1, float y1, int kind)
{
    if (s->count == s->cap) {
        int ncap = s->cap ? s->cap * 2 : 4096;
        float *nxy = (float *)realloc(s->xy, (size_t)ncap * 4 * sizeof *nxy);
        if (!nxy) return false;
        s->xy = nxy;
        unsigned char *nk = (unsigned char *)realloc(s->kind, (size_t)ncap);
        if (!nk) return false;
        s->kind = nk;
        s->cap = ncap;
    }
    float *p = s->xy + 4 * s->count;
    p[0] = x0; p[1] = y0; p[2] = x1; p[3] = y1;
    s->kind[s->count++] = (unsigned char)kind;
    return true;
}

/* ---- the world ----------------------------------------------------------- */
static void clear_world(void)
{
    if (g.world) tc_world_destroy(g.world);
    if (g.scene) tt_scene_free(g.scene);
    free(g.nodes); free(g.base); free(g.poses); free(g.amp); free(g.phase); free(g.ids);
    free(g.home); free(g.orbit); free(g.stress_poses); free(g.speed);
    free(g.by_index); free(g.overlapping);
    segs keep = g.out;
    memset(&g, 0, sizeof g);
    g.out = keep;
    g.picked = -1;
    g.aim_hit = -1;
    g.circle_segments = 16;
}

/* The index tables from world collider index to scene collider, made once
 * every collider exists. */
static bool index_colliders(void)
{
    uint32_t max_index = 0;
    for (int i = 0; i < g.collider_count; i++)
        if (!tc_collider_is_null(g.ids[i]) && g.ids[i].index + 1 > max_index) max_index = g.ids[i].index + 1;
    g.index_cap = max_index;
    g.by_index = (int *)malloc(((size_t)max_index + 1) * sizeof *g.by_index);
    g.overlapping = (unsigned char *)calloc((size_t)max_index + 1, 1);
    if (!g.by_index || !g.overlapping) return false;
    for (uint32_t k = 0; k <= max_index; k++) g.by_index[k] = -1;
    for (int i = 0; i < g.collider_count; i++)
        if (!tc_collider_is_null(g.ids[i])) g.by_index[g.ids[i].index] = i;
    return true;
}

static int collider_of(tc_collider_id id)
{
    if (tc_collider_is_null(id) || id.index >= g.index_cap) return -1;
    return g.by_index[id.index];
}

/* Swing amplitudes (radians) for roots and shoulders, and how far a figure
 * steps sideways: chosen so that with the five figures 2 apart some pair of
 * swords crosses in about a tenth of the frames. */
#define ROOT_SWING 0.3f
#define SHOULDER_SWING 1.4f
#define ROOT_STEP 0.5f
static bool name_has(const char *name, const char *part) { return name && strstr(name, part) != NULL; }

/* How far each bone swings: shoulders widely and sideways so that the swords
 * of neighbouring figures sweep through each other, the other limbs a
 * little; roots (whole figures) turn a little and step toward their
 * neighbours. Any scene animates this way, by its frames' names. */
static void choose_swing(const tt_scene *s, int i, float *amp, float *phase)
{
    const tt_frame *f = &s->frames[i];
    int root = i, guard = 0;
    while (s->frames[root].parent >= 0 && guard++ < s->frame_count) root = s->frames[root].parent;
    /* Neighbouring figures (roots in file order) swing in opposite phase, so
     * one sword sweeps out while the next sweeps in and they cross. */
    int figure = 0;
    for (int k = 0; k < root; k++) figure += s->frames[k].parent < 0;
    *phase = (float)(figure % 2) * 3.14159265f + (float)i * 0.05f;
    if (f->parent < 0) *amp = ROOT_SWING;
    else if (name_has(f->name, "shoulder")) *amp = SHOULDER_SWING;
    else if (name_has(f->name, "elbow") || name_has(f->name, "hip_") || name_has(f->name, "knee")) *amp = 0.35f;
    else *amp = 0.08f;
}

static void set_camera_defaults_from(const tt_camera *c)
{
    g.scene_camera = *c;
    g.cam = *c;
    g.view = tt_view_from_camera(&g.cam);
    g.clip_matrix = tc_mat4_mul(g.view.projection, g.view.view);
    g.clip_matrix = tc_mat4_mul(g.view.projection, g.view.view);
}

/* Loads a scene file's text. Returns the number of diagnostics (0: loaded);
 * g_text then holds one "LINE:COLUMN: message" line each (the page puts the
 * file name in front), "0:0: message" when there is no position. The
 * previous world stays when the file has errors. */
int WEB_EXPORT(web_load)(const char *text, int size)
{
    tt_diags diags;
    memset(&diags, 0, sizeof diags);
    tt_scene *s = tt_scene_parse(text, size > 0 ? (size_t)size : 0, &diags);
    if (!s) {
        size_t used = 0;
        g_text[0] = '\0';
        for (int i = 0; i < diags.count && used + 1 < sizeof g_text; i++) {
            int n = snprintf(g_text + used, sizeof g_text - used, "%d:%d: %s\n", diags.items[i].loc.line,
                             diags.items[i].loc.column, diags.items[i].message);
            if (n < 0) break;
            used += (size_t)n;
            if (used >= sizeof g_text) used = sizeof g_text - 1;
        }
        if (diags.dropped > 0 && used + 1 < sizeof g_text)
            snprintf(g_text + used, sizeof g_text - used, "0:0: and %d more\n", diags.dropped);
        return diags.count > 0 ? diags.count : 1;
    }
    /* The tool's evaluation gives the camera it would use (the file's, or a
     * framing one), so the page opens on the same picture as `touche run`. */
    tt_result r;
    memset(&r, 0, sizeof r);
    if (!tt_eval(s, &r)) {
        tt_scene_free(s);
        snprintf(g_text, sizeof g_text, "0:0: out of memory evaluating the scene\n");
        return 1;
    }
    tt_camera cam = r.camera;
    tt_result_free(&r);

    clear_world();
    g.scene = s;
    set_camera_defaults_from(&cam);
    tc_world_def def = tc_world_def_default();
    def.initial_capacity = s->collider_count > 0 ? s->collider_count : 1;
    g.world = tc_world_create(&def);
    size_t nf = (size_t)s->frame_count + 1, nc = (size_t)s->collider_count + 1;
    g.nodes = (tc_node_id *)calloc(nf, sizeof *g.nodes);
    g.base = (tc_transform *)calloc(nf, sizeof *g.base);
    g.poses = (tc_transform *)calloc(nf, sizeof *g.poses);
    g.amp = (float *)calloc(nf, sizeof *g.amp);
    g.phase = (float *)calloc(nf, sizeof *g.phase);
    g.ids = (tc_collider_id *)calloc(nc, sizeof *g.ids);
    if (!g.world || !g.nodes || !g.base || !g.poses || !g.amp || !g.phase || !g.ids) goto oom;
    /* Nodes first, parents after: a parent may come later in the file (as in eval.c). */
    for (int i = 0; i < s->frame_count; i++) {
        tc_node_def nd = tc_node_def_default();
        g.base[i] = tc_transform_make(s->frames[i].position, s->frames[i].rotation);
        g.poses[i] = g.base[i];
        nd.local = g.base[i];
        nd.scale = s->frames[i].scale;
        g.nodes[i] = tc_world_create_node(g.world, &nd);
        if (tc_node_is_null(g.nodes[i])) goto oom;
        choose_swing(s, i, &g.amp[i], &g.phase[i]);
    }
    for (int i = 0; i < s->frame_count; i++)
        if (s->frames[i].parent >= 0) tc_world_set_node_parent(g.world, g.nodes[i], g.nodes[s->frames[i].parent]);
    g.collider_count = s->collider_count;
    for (int i = 0; i < s->collider_count; i++) {
        const tt_collider *c = &s->colliders[i];
        tc_collider_def cd = tc_collider_def_default();
        cd.shape = tt_shape_local(c);
        cd.local = tc_transform_identity();
        cd.parent = c->parent >= 0 ? g.nodes[c->parent] : tc_node_null();
        cd.user_data = (uint64_t)i;
        g.ids[i] = tc_world_create_collider(g.world, &cd);
    }
    if (!index_colliders()) goto oom;
    return 0;
oom:
    clear_world();
    snprintf(g_text, sizeof g_text, "0:0: out of memory building the world\n");
    return 1;
}

static float next01(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return (float)(*seed >> 8) / 16777216.0f;
}

/* Components drawn one after another, so the sequence does not depend on
 * the order a compiler evaluates arguments in. */
static tc_vec3 vec3_between(uint32_t *seed, float lo, float hi)
{
    float x = lo + (hi - lo) * next01(seed);
    float y = lo + (hi - lo) * next01(seed);
    float z = lo + (hi - lo) * next01(seed);
    return tc_vec3_make(x, y, z);
}

/* A world of `count` colliders (boxes, spheres and capsules) drifting on
 * small orbits through a cube, dense enough that a few percent of them touch
 * at any time: the page's stress mode. Returns false when memory ran out. */
bool WEB_EXPORT(web_stress)(int count)
{
    clear_world();
    if (count < 1) count = 1;
    if (count > 100000) count = 100000;
    size_t n = (size_t)count;
    tc_world_def def = tc_world_def_default();
    def.initial_capacity = count;
    g.world = tc_world_create(&def);
    g.ids = (tc_collider_id *)calloc(n, sizeof *g.ids);
    g.home = (tc_vec3 *)calloc(n, sizeof *g.home);
    g.orbit = (tc_vec3 *)calloc(n, sizeof *g.orbit);
    g.speed = (float *)calloc(n, sizeof *g.speed);
    g.stress_poses = (tc_transform *)calloc(n, sizeof *g.stress_poses);
    if (!g.world || !g.ids || !g.home || !g.orbit || !g.speed || !g.stress_poses) return false;
    /* A fixed linear congruential sequence: the same world on every load. */
    uint32_t seed = 12345u;
    float side = 2.2f * cbrtf((float)count);
    for (int i = 0; i < count; i++) {
        tc_collider_def cd = tc_collider_def_default();
        float kind = next01(&seed);
        if (kind < 0.7f) {
            tc_vec3 half = vec3_between(&seed, 0.2f, 0.5f);
            float ex = 360.0f * next01(&seed), ey = 360.0f * next01(&seed);
            cd.shape = tc_shape_from_obb(tc_obb_from_quat(tc_vec3_zero(), half, tc_quat_from_euler_deg(ex, ey, 0.0f)));
        } else if (kind < 0.85f) {
            tc_sphere sp = { tc_vec3_zero(), 0.2f + 0.25f * next01(&seed) };
            cd.shape = tc_shape_from_sphere(sp);
        } else {
            tc_capsule cp = { tc_vec3_make(0.0f, -0.3f, 0.0f), tc_vec3_make(0.0f, 0.3f, 0.0f),
                              0.15f + 0.1f * next01(&seed) };
            cd.shape = tc_shape_from_capsule(cp);
        }
        g.home[i] = vec3_between(&seed, -0.5f * side, 0.5f * side);
        g.orbit[i] = vec3_between(&seed, 0.3f, 1.0f);
        g.speed[i] = 0.5f + next01(&seed);
        cd.local = tc_transform_make(g.home[i], tc_quat_identity());
        cd.user_data = (uint64_t)i;
        g.ids[i] = tc_world_create_collider(g.world, &cd);
    }
    g.collider_count = count;
    if (!index_colliders()) return false;
    tt_camera cam;
    memset(&cam, 0, sizeof cam);
    cam.present = true;
    cam.position = tc_vec3_make(side * 1.1f, side * 0.8f, side * 1.3f);
    cam.target = tc_vec3_zero();
    cam.up = tc_vec3_make(0.0f, 1.0f, 0.0f);
    cam.fov_deg = 45.0f;
    cam.width = 960;
    cam.height = 600;
    cam.near_z = 0.1f;
    cam.far_z = 1000.0f;
    set_camera_defaults_from(&cam);
    g.circle_segments = 8;
    return true;
}

/* Poses for time t (seconds): each scene bone swings about its own x and z
 * axes on top of the pose the file gives; each stress collider follows its
 * orbit and turns. t = 0 is exactly the file's pose, so a paused page at
 * t = 0 answers what `touche run` answers. */
void WEB_EXPORT(web_animate)(double t)
{
    if (!g.world) return;
    if (g.scene) {
        int n = g.scene->frame_count;
        for (int i = 0; i < n; i++) {
            if (t == 0.0) {
                g.poses[i] = g.base[i];
                continue;
            }
            double w = 2.0 * 3.14159265358979 * 0.35;
            float sz = g.amp[i] * (float)sin(w * t + g.phase[i]);
            if (g.scene->frames[i].parent < 0) {
                /* A figure turns about its vertical and steps toward its neighbour. */
                tc_quat yaw = tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), sz);
                tc_vec3 step = tc_vec3_make(ROOT_STEP * (float)sin(w * t + g.phase[i]), 0.0f, 0.0f);
                g.poses[i] = tc_transform_make(tc_vec3_add(g.base[i].position, step), tc_quat_mul(yaw, g.base[i].rotation));
                continue;
            }
            float sx = 0.15f * g.amp[i] * (float)sin(1.3 * w * t + 2.0 * g.phase[i]);
            tc_quat swing = tc_quat_mul(tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), sz),
                                        tc_quat_from_axis_angle(tc_vec3_make(1, 0, 0), sx));
            g.poses[i] = tc_transform_make(g.base[i].position, tc_quat_mul(g.base[i].rotation, swing));
        }
        tc_world_set_node_poses(g.world, g.nodes, g.poses, NULL, (size_t)n);
    } else {
        for (int i = 0; i < g.collider_count; i++) {
            float a = g.speed[i] * (float)t;
            tc_vec3 p = tc_vec3_make(g.home[i].x + g.orbit[i].x * sinf(a + (float)i),
                                     g.home[i].y + g.orbit[i].y * sinf(1.3f * a + 0.5f * (float)i),
                                     g.home[i].z + g.orbit[i].z * cosf(0.7f * a + (float)i));
            g.stress_poses[i] = tc_transform_make(p, tc_quat_from_axis_angle(tc_vec3_make(0.6f, 0.8f, 0.0f), a));
        }
        tc_world_set_collider_poses(g.world, g.ids, g.stress_poses, (size_t)g.collider_count);
    }
}

/* The world's update, then which colliders touch (from the pair events:
 * every pair touching now is a BEGIN or a STAY), then the aimed ray. */
bool WEB_EXPORT(web_update)(void)
{
    if (!g.world) return false;
    bool ok = tc_world_update(g.world);
    memset(g.overlapping, 0, (size_t)g.index_cap + 1);
    size_t count = 0;
    const tc_contact_event *ev = tc_world_contact_events(g.world, &count);
    g.pair_count = 0;
    for (size_t k = 0; k < count; k++) {
        if (ev[k].state == TC_CONTACT_END) continue;
        g.pair_count++;
        if (ev[k].a.index < g.index_cap) g.overlapping[ev[k].a.index] = 1;
        if (ev[k].b.index < g.index_cap) g.overlapping[ev[k].b.index] = 1;
    }
    g.overlap_count = 0;
    for (uint32_t k = 0; k < g.index_cap; k++) g.overlap_count += g.overlapping[k];
    g.aim_hit = -1;
    if (g.aiming && tc_world_raycast_closest(g.world, &g.aim, INFINITY, NULL, &g.aim_result))
        g.aim_hit = collider_of(g.aim_result.collider);
    return ok;
}

/* The page's camera: position, target, up, vertical fov in degrees, near,
 * far and the canvas size in CSS pixels. */
void WEB_EXPORT(web_set_camera)(float px, float py, float pz, float tx, float ty, float tz, float ux, float uy,
                                float uz, float fov, float near_z, float far_z, int width, int height)
{
    g.cam.position = tc_vec3_make(px, py, pz);
    g.cam.target = tc_vec3_make(tx, ty, tz);
    g.cam.up = tc_vec3_make(ux, uy, uz);
    g.cam.fov_deg = fov;
    g.cam.near_z = near_z;
    g.cam.far_z = far_z;
    g.cam.width = width;
    g.cam.height = height;
    g.view = tt_view_from_camera(&g.cam);
    g.clip_matrix = tc_mat4_mul(g.view.projection, g.view.view);
}

/* g_floats[0..13] = the scene's camera, in web_set_camera's order. */
void WEB_EXPORT(web_scene_camera)(void)
{
    const tt_camera *c = &g.scene_camera;
    float v[14] = { c->position.x, c->position.y, c->position.z, c->target.x, c->target.y, c->target.z,
                    c->up.x, c->up.y, c->up.z, c->fov_deg, c->near_z, c->far_z, (float)c->width, (float)c->height };
    memcpy(g_floats, v, sizeof v);
}

/* ---- drawing --------------------------------------------------------------- */
/* Clip coordinates of a world point under the view's projection * view. */
typedef struct clip4 { float x, y, z, w; } clip4;

static clip4 to_clip(const tc_mat4 *m, tc_vec3 p)
{
    const float *e = m->m;
    clip4 c;
    c.x = e[0] * p.x + e[4] * p.y + e[8] * p.z + e[12];
    c.y = e[1] * p.x + e[5] * p.y + e[9] * p.z + e[13];
    c.z = e[2] * p.x + e[6] * p.y + e[10] * p.z + e[14];
    c.w = e[3] * p.x + e[7] * p.y + e[11] * p.z + e[15];
    return c;
}

/* A segment clipped to the part in front of the near plane, then mapped to
 * pixels as camera.h says (y down). One matrix (projection * view, made
 * once per camera change) per end point: the stress world draws tens of
 * thousands of segments a frame. With tc_mat4_perspective, clip w is the
 * view-space depth, so the near plane is w = near. */
static void project_segment(const tt_view *v, tc_vec3 a, tc_vec3 b, int kind)
{
    clip4 ca = to_clip(&g.clip_matrix, a), cb = to_clip(&g.clip_matrix, b);
    float lim = (float)v->near_z;
    if (ca.w < lim && cb.w < lim) return;
    if (ca.w < lim || cb.w < lim) {
        float s = (lim - ca.w) / (cb.w - ca.w);
        clip4 m = { ca.x + (cb.x - ca.x) * s, ca.y + (cb.y - ca.y) * s, ca.z + (cb.z - ca.z) * s, lim };
        if (ca.w < lim) ca = m; else cb = m;
    }
    float w = v->viewport.width, h = v->viewport.height;
    float ax = ca.x / ca.w, ay = ca.y / ca.w, bx = cb.x / cb.w, by = cb.y / cb.w;
    seg_push(&g.out, v->viewport.x + (ax * 0.5f + 0.5f) * w, v->viewport.y + (0.5f - ay * 0.5f) * h,
             v->viewport.x + (bx * 0.5f + 0.5f) * w, v->viewport.y + (0.5f - by * 0.5f) * h, kind);
}

static void draw_line(void *context, tc_vec3 a, tc_vec3 b, tc_debug_state state, tc_collider_id collider)
{
    (void)context;
    (void)state;
    int i = collider_of(collider);
    int kind = SEG_FREE;
    if (i >= 0 && i == g.picked) kind = SEG_PICKED;
    else if (i >= 0 && i == g.aim_hit) kind = SEG_RAY_HIT;
    else if (collider.index < g.index_cap && g.overlapping[collider.index]) kind = SEG_OVERLAP;
    project_segment(&g.view, a, b, kind);
}

/* Fills the segment buffer with every collider's wireframe (the library's
 * debug drawing) and the aimed ray; returns the segment count. */
int WEB_EXPORT(web_draw)(void)
{
    g.out.count = 0;
    if (!g.world) return 0;
    tc_debug_draw dd = tc_debug_draw_default();
    dd.line = draw_line;
    dd.circle_segments = g.circle_segments;
    tc_world_debug_draw(g.world, &dd);
    if (g.aiming) {
        float len = g.aim_hit >= 0 ? g.aim_result.t : 1000.0f;
        project_segment(&g.view, g.aim.origin, tc_vec3_mul_add(g.aim.origin, g.aim.dir, len), SEG_AXIS);
    }
    return g.out.count;
}

/* Rasterises the segment buffer into an RGBA image of width x height pixels
 * (coordinates times `scale`, the screen's pixel ratio), one pixel wide, for
 * the stress world: tens of thousands of anti-aliased canvas strokes cost
 * a software-rendered browser far more than a frame, while these lines cost
 * well under a millisecond and one putImageData. Returns the image. */
static unsigned char *g_image;
static size_t g_image_size;

static const unsigned char kind_rgb[10][3] = {
    { 0x1f, 0x9e, 0x3a }, { 0xd6, 0x27, 0x28 }, { 0x1f, 0x5f, 0xbf }, { 0xff, 0x8c, 0x00 }, { 0x1f, 0x5f, 0xbf },
    { 0x1f, 0x5f, 0xbf }, { 0xe6, 0x7e, 0x22 }, { 0x9a, 0xa0, 0xa6 }, { 0x1f, 0x5f, 0xbf }, { 0xe6, 0x7e, 0x22 },
};

static void plot_segment(unsigned char *img, int w, int h, float x0, float y0, float x1, float y1, const unsigned char *rgb)
{
    /* Steps along the longer side, one pixel at a time: a DDA is simpler
     * than Bresenham here and the end points are already floats. Segments
     * wholly off the image, or absurdly long ones, are skipped or clamped. */
    float dx = x1 - x0, dy = y1 - y0;
    float steps = fmaxf(fabsf(dx), fabsf(dy));
    if (!(steps < 4.0f * (float)(w + h))) return;
    if ((x0 < 0 && x1 < 0) || (y0 < 0 && y1 < 0) || (x0 >= w && x1 >= w) || (y0 >= h && y1 >= h)) return;
    int n = (int)steps + 1;
    float sx = n > 1 ? dx / (float)(n - 1) : 0.0f, sy = n > 1 ? dy / (float)(n - 1) : 0.0f;
    for (int k = 0; k < n; k++) {
        int x = (int)(x0 + sx * (float)k), y = (int)(y0 + sy * (float)k);
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        unsigned char *p = img + 4 * ((size_t)y * (size_t)w + (size_t)x);
        p[0] = rgb[0]; p[1] = rgb[1]; p[2] = rgb[2]; p[3] = 255;
    }
}

unsigned char *WEB_EXPORT(web_raster)(int width, int height, float scale)
{
    if (width < 1 || height < 1 || width > TT_MAX_VIEWPORT * 4 || height > TT_MAX_VIEWPORT * 4) return NULL;
    size_t need = (size_t)width * (size_t)height * 4;
    if (need > g_image_size) {
        unsigned char *n = (unsigned char *)realloc(g_image, need);
        if (!n) return NULL;
        g_image = n;
        g_image_size = need;
    }
    memset(g_image, 0, need);  /* transparent: the canvas's white background shows */
    /* Kinds in drawing order, so picked and hit lines end up on top. */
    static const int order[10] = { 0, 7, 8, 9, 4, 5, 6, 1, 2, 3 };
    for (int o = 0; o < 10; o++) {
        for (int i = 0; i < g.out.count; i++) {
            if (g.out.kind[i] != order[o]) continue;
            const float *q = g.out.xy + 4 * i;
            plot_segment(g_image, width, height, q[0] * scale, q[1] * scale, q[2] * scale, q[3] * scale,
                         kind_rgb[order[o]]);
        }
    }
    return g_image;
}

/* ---- picking and rays ------------------------------------------------------ */
static void put_hit(const tc_world_hit *h, const tc_ray *ray)
{
    float v[13] = { h->t, h->point.x, h->point.y, h->point.z, h->normal.x, h->normal.y, h->normal.z,
                    ray->origin.x, ray->origin.y, ray->origin.z, ray->dir.x, ray->dir.y, ray->dir.z };
    memcpy(g_floats, v, sizeof v);
}

/* The library's picking at screen point (sx, sy) of the page's camera:
 * returns the picked collider's index (or -1) and puts t, the hit point,
 * the normal and the pick ray into g_floats[0..12]. */
int WEB_EXPORT(web_pick)(float sx, float sy)
{
    tc_world_hit hit;
    tc_ray ray;
    memset(&hit, 0, sizeof hit);
    memset(&ray, 0, sizeof ray);
    g.picked = -1;
    if (!g.world) return -1;
    if (tc_world_pick(g.world, sx, sy, g.view.viewport, g.view.view, g.view.projection, g.view.depth, NULL, &hit,
                      &ray))
        g.picked = collider_of(hit.collider);
    put_hit(&hit, &ray);
    return g.picked;
}

void WEB_EXPORT(web_clear_pick)(void) { g.picked = -1; }

/* The camera ray under a screen point, into g_floats[7..12] (origin, dir);
 * false when the camera cannot give one. */
bool WEB_EXPORT(web_unproject)(float sx, float sy)
{
    tc_ray ray;
    tc_world_hit none;
    memset(&none, 0, sizeof none);
    if (!tc_camera_unproject(sx, sy, g.view.viewport, g.view.view, g.view.projection, g.view.depth, &ray)) return false;
    put_hit(&none, &ray);
    return true;
}

/* Aims a ray (origin, direction); it is cast after every update. */
void WEB_EXPORT(web_aim)(float ox, float oy, float oz, float dx, float dy, float dz)
{
    g.aim.origin = tc_vec3_make(ox, oy, oz);
    g.aim.dir = tc_vec3_normalize(tc_vec3_make(dx, dy, dz));
    g.aiming = tc_vec3_length_sq(g.aim.dir) > 0.0f;
    g.aim_hit = -1;
    if (g.aiming && g.world && tc_world_raycast_closest(g.world, &g.aim, INFINITY, NULL, &g.aim_result))
        g.aim_hit = collider_of(g.aim_result.collider);
}

void WEB_EXPORT(web_aim_clear)(void) { g.aiming = false; g.aim_hit = -1; }

/* The aimed ray's hit: collider index or -1, with t and the point in g_floats[0..3]. */
int WEB_EXPORT(web_aim_result)(void)
{
    if (g.aim_hit >= 0) {
        g_floats[0] = g.aim_result.t;
        g_floats[1] = g.aim_result.point.x;
        g_floats[2] = g.aim_result.point.y;
        g_floats[3] = g.aim_result.point.z;
    }
    return g.aim_hit;
}

/* ---- facts for the page and its test --------------------------------------- */
int WEB_EXPORT(web_collider_count)(void) { return g.collider_count; }
int WEB_EXPORT(web_overlap_count)(void) { return g.overlap_count; }
int WEB_EXPORT(web_pair_count)(void) { return g.pair_count; }

/* A collider's name (stress colliders are "c<i>"). */
const char *WEB_EXPORT(web_collider_name)(int i)
{
    if (i < 0 || i >= g.collider_count) return "";
    if (g.scene) return g.scene->colliders[i].name;
    snprintf(g_text, sizeof g_text, "c%d", i);
    return g_text;
}

int WEB_EXPORT(web_find_collider)(const char *name) { return g.scene ? tt_scene_find_collider(g.scene, name) : -1; }

/* Where collider i's centre lands on the canvas (tc_camera_project), into
 * g_floats[0..1], and the centre itself into g_floats[2..4]; false when it is behind the camera or not in the world. */
bool WEB_EXPORT(web_collider_screen)(int i)
{
    tc_shape s;
    if (i < 0 || i >= g.collider_count || !g.world || !tc_world_collider_shape(g.world, g.ids[i], &s)) return false;
    tc_vec3 c = tt_shape_center(&s);
    g_floats[2] = c.x; g_floats[3] = c.y; g_floats[4] = c.z;
    return tc_camera_project(c, g.view.viewport, g.view.view, g.view.projection, &g_floats[0], &g_floats[1], NULL);
}

/* ---- the separating-axis view ---------------------------------------------- */
static tt_explain g_sat;
static float g_sat_table[15 * 10];

/* Box p[0..2] centre, p[3..5] Euler angles in degrees, p[6..8] half extents;
 * q the same for box B. Computes the 15-axis table through the tool's
 * explain code, into web_sat_table (per axis: axis x, y, z, centre A,
 * centre B, radius A, radius B, gap, degenerate, separates), and draws both
 * boxes, the shown axis (`axis`, or the verdict when -1) with the two
 * projection intervals on it, and drop lines from the extreme corners, seen
 * from the page's camera. Returns the verdict (-1: overlap, 15: invalid). */
int WEB_EXPORT(web_sat)(const float *p, const float *q, int axis)
{
    tc_obb a = tc_obb_from_quat(tc_vec3_make(p[0], p[1], p[2]), tc_vec3_make(p[6], p[7], p[8]),
                                tc_quat_from_euler_deg(p[3], p[4], p[5]));
    tc_obb b = tc_obb_from_quat(tc_vec3_make(q[0], q[1], q[2]), tc_vec3_make(q[6], q[7], q[8]),
                                tc_quat_from_euler_deg(q[3], q[4], q[5]));
    tt_explain_compute(&g_sat, &a, &b, "A", "B");
    for (int k = 0; k < 15; k++) {
        const tc_sat_axis_report *r = &g_sat.axes[k];
        float *row = g_sat_table + 10 * k;
        row[0] = r->axis.x; row[1] = r->axis.y; row[2] = r->axis.z;
        row[3] = r->center_a; row[4] = r->center_b; row[5] = r->radius_a; row[6] = r->radius_b;
        row[7] = (float)(fabs((double)r->center_b - r->center_a) - ((double)r->radius_a + r->radius_b));
        row[8] = r->degenerate ? 1.0f : 0.0f;
        row[9] = r->separates ? 1.0f : 0.0f;
    }
    g.out.count = 0;
    const tc_obb *box[2] = { &a, &b };
    for (int n = 0; n < 2; n++) {
        tc_vec3 c[8];
        for (int k = 0; k < 8; k++) {
            tc_vec3 l = tc_vec3_make((k & 1) ? box[n]->half.x : -box[n]->half.x,
                                     (k & 2) ? box[n]->half.y : -box[n]->half.y,
                                     (k & 4) ? box[n]->half.z : -box[n]->half.z);
            c[k] = tc_vec3_add(box[n]->center, tc_mat3_mul_vec3(box[n]->rotation, l));
        }
        for (int k = 0; k < 8; k++)
            for (int bit = 1; bit < 8; bit <<= 1)
                if (!(k & bit)) project_segment(&g.view, c[k], c[k | bit], n ? SEG_BOX_B : SEG_BOX_A);
    }
    int shown = axis >= 0 && axis < 15 ? axis : (int)g_sat.verdict;
    if (shown >= 0 && shown < 15 && !g_sat.axes[shown].degenerate) {
        const tc_sat_axis_report *r = &g_sat.axes[shown];
        /* The axis is drawn as a line below both boxes, parallel to it, so
         * the intervals read as shadows of the boxes on it. */
        tc_vec3 mid = tc_vec3_lerp(a.center, b.center, 0.5f);
        tc_vec3 side = tc_vec3_cross(r->axis, tc_vec3_make(0.0f, 1.0f, 0.0f));
        tc_vec3 down = tc_vec3_length_sq(side) > 1e-6f ? tc_vec3_normalize(tc_vec3_cross(side, r->axis))
                                                       : tc_vec3_make(1.0f, 0.0f, 0.0f);
        if (down.y > 0.0f) down = tc_vec3_neg(down);
        float reach = tc_vec3_length(a.half) + tc_vec3_length(b.half);
        tc_vec3 base = tc_vec3_mul_add(mid, down, reach * 1.2f);
        float base_s = tc_vec3_dot(base, r->axis);
#define ON_AXIS(s) tc_vec3_mul_add(base, r->axis, (s) - base_s)
        float lo = fminf(r->center_a - r->radius_a, r->center_b - r->radius_b);
        float hi = fmaxf(r->center_a + r->radius_a, r->center_b + r->radius_b);
        float pad = 0.25f * (hi - lo) + 0.1f;
        project_segment(&g.view, ON_AXIS(lo - pad), ON_AXIS(hi + pad), SEG_AXIS);
        project_segment(&g.view, ON_AXIS(r->center_a - r->radius_a), ON_AXIS(r->center_a + r->radius_a), SEG_BAR_A);
        project_segment(&g.view, ON_AXIS(r->center_b - r->radius_b), ON_AXIS(r->center_b + r->radius_b), SEG_BAR_B);
        /* Drop lines from each box's two extreme corners along the axis. */
        for (int n = 0; n < 2; n++) {
            for (int k = 0; k < 8; k++) {
                tc_vec3 l = tc_vec3_make((k & 1) ? box[n]->half.x : -box[n]->half.x,
                                         (k & 2) ? box[n]->half.y : -box[n]->half.y,
                                         (k & 4) ? box[n]->half.z : -box[n]->half.z);
                tc_vec3 corner = tc_vec3_add(box[n]->center, tc_mat3_mul_vec3(box[n]->rotation, l));
                float s = tc_vec3_dot(corner, r->axis);
                float c0 = n ? r->center_b : r->center_a, rad = n ? r->radius_b : r->radius_a;
                if (fabsf(s - (c0 - rad)) < 1e-4f * (1.0f + rad) || fabsf(s - (c0 + rad)) < 1e-4f * (1.0f + rad))
                    project_segment(&g.view, corner, ON_AXIS(s), SEG_DROP);
            }
        }
#undef ON_AXIS
    }
    return (int)g_sat.verdict;
}

float *WEB_EXPORT(web_sat_table)(void) { return g_sat_table; }
const char *WEB_EXPORT(web_sat_axis_name)(int k) { return tt_explain_axis_name(k); }
