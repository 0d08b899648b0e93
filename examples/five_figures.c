/* SPDX-License-Identifier: MIT */
/* Five figures in a row, each with a sword in its right hand.
 *
 * The game animates skeletons itself and hands the world each bone's world
 * matrix once per frame (one batch call per skeleton). Colliders ride on the
 * bones: a capsule torso, a sphere head, capsules for the right arm, and a
 * sword (an OBB) on a grip node that hangs under the hand bone. Every frame
 * the world reports which colliders began or stopped touching; a mouse click
 * picks the collider under the cursor; the debug callbacks receive the
 * wireframes, which this program counts instead of drawing.
 *
 * Exits non-zero if the click does not pick the figure it aimed at. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <touche/touche.h>

enum { FIGURES = 5, BONES = 5 };
enum { BONE_HIPS, BONE_CHEST, BONE_UPPER_ARM, BONE_FOREARM, BONE_HAND };
enum { PART_TORSO, PART_HEAD, PART_UPPER_ARM, PART_FOREARM, PART_SWORD };
static const char *const part_names[] = { "torso", "head", "upper arm", "forearm", "sword" };

/* user data: figure * 16 + part */
static uint64_t tag(int figure, int part) { return (uint64_t)(figure * 16 + part); }

typedef struct figure {
    tc_node_id bones[BONES];
    tc_node_id grip;
    float phase;
} figure;

/* Forward kinematics the way a game's animation system would do it: local
 * bone transforms composed down the chain into world matrices. */
static void animate(const figure *f, int index, float time, tc_mat4 out[BONES])
{
    float swing = sinf(time * 2.0f + f->phase);
    tc_transform local[BONES];
    local[BONE_HIPS] = tc_transform_make(tc_vec3_make((float)index * 1.5f - 3.0f, 1.0f, 0.0f),
                                         tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), 0.3f * swing));
    local[BONE_CHEST] = tc_transform_make(tc_vec3_make(0, 0.5f, 0), tc_quat_identity());
    /* the right shoulder swings the arm forward and sideways */
    local[BONE_UPPER_ARM] = tc_transform_make(tc_vec3_make(0.35f, 0.25f, 0),
                                              tc_quat_from_euler_deg(-60.0f * swing, 0.0f, 70.0f + 30.0f * swing));
    local[BONE_FOREARM] = tc_transform_make(tc_vec3_make(0, -0.35f, 0), tc_quat_from_euler_deg(-40.0f, 0, 0));
    local[BONE_HAND] = tc_transform_make(tc_vec3_make(0, -0.3f, 0), tc_quat_identity());
    tc_transform world = tc_transform_identity();
    for (int b = 0; b < BONES; ++b) {
        world = b == 0 ? local[0] : tc_transform_mul(world, local[b]);
        out[b] = tc_mat4_from_transform(world, 1.0f);
    }
}

static tc_collider_id add(tc_world *w, tc_node_id parent, tc_shape shape, tc_transform local, uint64_t user)
{
    tc_collider_def d;
    d = tc_collider_def_default();
    d.shape = shape;
    d.local = local;
    d.parent = parent;
    d.user_data = user;
    return tc_world_create_collider(w, &d);
}

typedef struct draw_stats { int segments[5]; } draw_stats;

static void on_line(void *ctx, tc_vec3 a, tc_vec3 b, tc_debug_state state, tc_collider_id id)
{
    (void)a; (void)b; (void)id;
    ((draw_stats *)ctx)->segments[state]++;
}

int main(void)
{
    tc_world *world = tc_world_create(NULL); /* defaults: malloc, 10% fat boxes */
    figure figs[FIGURES];
    for (int i = 0; i < FIGURES; ++i) {
        figure *f = &figs[i];
        f->phase = (float)i * 1.3f;
        for (int b = 0; b < BONES; ++b) f->bones[b] = tc_world_create_node(world, NULL);
        /* the grip: a node under the hand bone, so the sword rides two levels deep */
        tc_node_def grip;
        grip = tc_node_def_default();
        grip.parent = f->bones[BONE_HAND];
        grip.local = tc_transform_make(tc_vec3_make(0, -0.08f, 0), tc_quat_from_euler_deg(15.0f, 0, 0));
        f->grip = tc_world_create_node(world, &grip);

        tc_capsule torso = { { 0, -0.4f, 0 }, { 0, 0.3f, 0 }, 0.25f };
        add(world, f->bones[BONE_CHEST], tc_shape_from_capsule(torso), tc_transform_identity(), tag(i, PART_TORSO));
        tc_sphere head = { { 0, 0.6f, 0 }, 0.18f };
        add(world, f->bones[BONE_CHEST], tc_shape_from_sphere(head), tc_transform_identity(), tag(i, PART_HEAD));
        tc_capsule upper = { { 0, 0, 0 }, { 0, -0.35f, 0 }, 0.06f };
        add(world, f->bones[BONE_UPPER_ARM], tc_shape_from_capsule(upper), tc_transform_identity(), tag(i, PART_UPPER_ARM));
        tc_capsule fore = { { 0, 0, 0 }, { 0, -0.3f, 0 }, 0.05f };
        add(world, f->bones[BONE_FOREARM], tc_shape_from_capsule(fore), tc_transform_identity(), tag(i, PART_FOREARM));
        /* the blade: 1.1 long, carrying the arm's line 0.6 past the grip */
        tc_obb blade = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(0.03f, 0.55f, 0.01f), tc_quat_identity());
        add(world, f->grip, tc_shape_from_obb(blade), tc_transform_make(tc_vec3_make(0, -0.6f, 0), tc_quat_identity()),
            tag(i, PART_SWORD));
    }

    int begins = 0, ends = 0;
    for (int frame = 0; frame < 60; ++frame) {
        float time = (float)frame / 30.0f;
        for (int i = 0; i < FIGURES; ++i) {
            tc_mat4 mats[BONES];
            animate(&figs[i], i, time, mats);
            tc_world_set_node_matrices(world, figs[i].bones, mats, BONES); /* the whole skeleton at once */
        }
        tc_world_update(world);
        size_t n;
        const tc_contact_event *ev = tc_world_contact_events(world, &n);
        for (size_t k = 0; k < n; ++k) {
            if (ev[k].state == TC_CONTACT_STAY) continue;
            const uint64_t ua = ev[k].user_data_a, ub = ev[k].user_data_b; /* whose, even if destroyed */
            if (ua / 16 == ub / 16) continue; /* a figure touching itself is not news */
            if (ev[k].state == TC_CONTACT_BEGIN) ++begins;
            else ++ends;
            if (begins + ends <= 6)
                printf("frame %2d: figure %d %s %s figure %d %s\n", frame, (int)(ua / 16), part_names[ua % 16],
                       ev[k].state == TC_CONTACT_BEGIN ? "touches" : "leaves", (int)(ub / 16), part_names[ub % 16]);
        }
    }
    printf("60 frames: %d contacts began, %d ended between figures\n", begins, ends);

    /* The camera, and a click on the middle figure's head. */
    tc_viewport vp = { 0, 0, 1280, 720 };
    tc_mat4 view = tc_mat4_look_at(tc_vec3_make(0, 2.0f, 8.0f), tc_vec3_make(0, 1.3f, 0), tc_vec3_make(0, 1, 0));
    tc_mat4 proj = tc_mat4_perspective(0.9f, 1280.0f / 720.0f, 0.1f, 100.0f, TC_DEPTH_ZERO_TO_ONE);
    tc_transform chest;
    tc_world_node_world_pose(world, figs[2].bones[BONE_CHEST], &chest, NULL);
    tc_vec3 head = tc_transform_point(chest, tc_vec3_make(0, 0.6f, 0));
    float mx, my;
    if (!tc_camera_project(head, vp, view, proj, &mx, &my, NULL)) return 1;
    tc_world_hit hit;
    tc_ray ray;
    int status = 1;
    if (tc_world_pick(world, mx, my, vp, view, proj, TC_DEPTH_ZERO_TO_ONE, NULL, &hit, &ray)) {
        uint64_t u = tc_world_collider_user_data(world, hit.collider);
        tc_world_debug_mark(world, &hit.collider, 1); /* drawn as marked below */
        printf("click at (%.0f, %.0f) picks figure %d, %s, %.2f from the camera, at (%.2f %.2f %.2f)\n", mx, my,
               (int)(u / 16), part_names[u % 16], hit.t, hit.point.x, hit.point.y, hit.point.z);
        status = u == tag(2, PART_HEAD) ? 0 : 1;
    } else {
        printf("click at (%.0f, %.0f) picks nothing\n", mx, my);
    }

    /* Debug drawing: count the segments a renderer would draw, by state. */
    draw_stats stats;
    memset(&stats, 0, sizeof stats);
    tc_debug_draw dd;
    dd = tc_debug_draw_default();
    dd.line = on_line;
    dd.context = &stats;
    dd.draw_tree = true;
    tc_world_debug_draw(world, &dd);
    printf("debug draw: %d idle, %d overlapping, %d hit by the click, %d tree-box segments\n",
           stats.segments[TC_DEBUG_IDLE], stats.segments[TC_DEBUG_OVERLAPPING], stats.segments[TC_DEBUG_MARKED],
           stats.segments[TC_DEBUG_TREE]);
    if (stats.segments[TC_DEBUG_MARKED] == 0) status = 1;
    tc_world_destroy(world);
    return status;
}
