/* SPDX-License-Identifier: MIT */
/* Evaluating a scene: frames placed in the world, colliders as world shapes,
 * and the answers to everything the scene asks (overlapping pairs, rays,
 * picks, sweeps, distances), all through the library's public API.
 *
 * Facts the library cannot give yet in this build are marked unavailable
 * rather than guessed, so the report says so plainly.
 */
#ifndef TT_EVAL_H
#define TT_EVAL_H

#include "camera.h"
#include "scene.h"

#include <touche/world.h>

/* World shapes are the library's tagged shape (dispatch.h); the scene's
 * shape kinds use the same order, so a kind converts by value. */
typedef tc_shape tt_shape;

/* A frame's world pose: rigid transform plus the uniform scale inherited
 * from its ancestors. */
typedef struct tt_pose { tc_transform t; float scale; } tt_pose;

/* What a shape is doing, for colouring. */
enum { TT_STATE_OVERLAPS = 1, TT_STATE_HIT = 2, TT_STATE_PICKED = 4, TT_STATE_SWEPT = 8 };

typedef struct tt_contact {
    bool available;          /* the library computed it */
    tc_vec3 normal;          /* from a towards b */
    float depth;
    int point_count;
    tc_vec3 points[4];
} tt_contact;

typedef struct tt_pair { int a, b; tt_contact contact; } tt_pair;

/* Overlapping pairs kept with their contacts for the reports and the
 * picture; beyond this the pairs are only counted (and the reports say so),
 * so that a pile of identical shapes cannot ask for a gigabyte of report. */
#define TT_MAX_PAIRS_REPORTED 1000

typedef struct tt_hit_result {
    tc_ray ray;              /* world ray */
    float max_t;
    int collider;            /* first hit, or -1 */
    tc_ray_hit hit;
} tt_hit_result;

typedef struct tt_sweep_result {
    int mover;
    bool available;
    int other;               /* first collider touched along the way, or -1 */
    float toi;               /* fraction of the velocity travelled at first contact */
    tc_vec3 point, normal;
    bool start_overlaps;     /* already touching something at the start */
    bool end_overlaps;       /* touching something at the end */
} tt_sweep_result;

/* Hits a cast lists, beyond which they are only counted. */
#define TT_MAX_CAST_HITS 16

/* A cast or swing through the world: the shape in its own frame and the
 * poses it moves between (a cast: its world shape, from identity to the
 * velocity), the first collider it touches, and a cast's every hit. */
typedef struct tt_cast_result {
    tt_shape shape;          /* in its own frame: the world shape is tc_shape_transform(shape, pose, 1) */
    tc_transform from, to;
    int other;               /* first collider touched, or -1 */
    float t;                 /* fraction of the motion at first touch */
    tc_vec3 point, normal;   /* normal from the moving shape into the other */
    size_t total;            /* cast: every collider touched on the way */
    int hits[TT_MAX_CAST_HITS];
    float hit_t[TT_MAX_CAST_HITS];
} tt_cast_result;

/* The pose of a swing or cast at fraction t of its motion: position linear,
 * rotation at a constant rate (the library's rigid sweep). */
tc_transform tt_cast_pose(const tt_cast_result *c, float t);

typedef struct tt_distance_result {
    int a, b;
    bool available;
    float distance;          /* 0 when they overlap */
    tc_vec3 point_a, point_b;
} tt_distance_result;

typedef struct tt_result {
    tt_pose *frames;
    tt_shape *shapes;        /* one per collider */
    unsigned *state;         /* TT_STATE_* per collider */
    tt_pair *pairs; int pair_count;   /* the first TT_MAX_PAIRS_REPORTED, by collider */
    long long pair_total;    /* every overlapping pair (>= pair_count) */
    long long pairs_possible;  /* pairs the scene holds (every pair is considered) */
    tt_hit_result *rays;     /* one per scene ray */
    tt_hit_result *picks;    /* one per click */
    tt_sweep_result *sweeps; int sweep_count;
    tt_distance_result *distances;
    tt_cast_result *casts;   /* one per cast or swing */
    tt_camera camera;        /* the scene's, or a framing one */
    bool camera_given;
} tt_result;

/* Evaluates everything through a tc_world built from the scene (frames as
 * nodes, colliders on them; planes, which a world cannot hold, are tested
 * beside it). False only when memory ran out. */
bool tt_eval(const tt_scene *scene, tt_result *out);
/* Test hook: when >= 0, that many allocations of tt_eval (its world's
 * included) succeed and every later one fails; -1 (the default): none fail. */
extern long tt_eval_fail_after;
void tt_result_free(tt_result *r);

/* Whether the world would pair the two (world.h): not in the same non-zero
 * group, and each one's category meets the other's mask. Sweeps test only
 * the colliders their mover may pair with. */
bool tt_colliders_may_pair(const tt_collider *a, const tt_collider *b);

/* ---- shape helpers, shared by the report, the renderer and explain ------- */

/* The shape a collider describes, in its parent frame's coordinates (what
 * the world is given). */
tt_shape tt_shape_local(const tt_collider *c);
/* Bounds, for framing; a plane gives a small box around its point nearest the origin. */
bool tt_shape_bounds(const tt_shape *s, tc_aabb *out);
/* A representative point for a label. */
tc_vec3 tt_shape_center(const tt_shape *s);
/* The shape as an OBB when it is a box or an aabb. */
bool tt_shape_as_obb(const tt_shape *s, tc_obb *out);

#endif
