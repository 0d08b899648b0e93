/* SPDX-License-Identifier: MIT */
/* Rotating sweeps on cores (conservative advancement, sweep_rigid.c), shared
 * by the rotating pair functions and the rotating sweeps against meshes,
 * which run them triangle by triangle. Private header. */
#ifndef TOUCHE_QUERIES_SWEEP_RIGID_H
#define TOUCHE_QUERIES_SWEEP_RIGID_H

#include "queries/convex_core.h"
#include "queries/pair_queries.h"
#include "touche/sweep.h"

/* A body's motion over the step: its origin moves linearly, its rotation
 * turns at a constant rate about a fixed axis (slerp, the shorter way). */
typedef struct tc_rigid_motion {
    tc_dvec3 p0, dp;      /* position at t = 0 and its change over the step */
    double q0[4];         /* unit start rotation, x y z w */
    tc_dvec3 axis;        /* body-frame rotation axis of q0^-1 q1 (unit, or zero) */
    tc_dvec3 world_axis;  /* the same axis in the world, fixed over the step */
    double angle;         /* rotation over the step, in [0, pi]: the angular speed */
} tc_rigid_motion;

/* Whether a pose can be swept: finite position and rotation. */
bool tc_rigid_pose_ok(tc_transform t);
tc_rigid_motion tc_rigid_motion_make(tc_transform start, tc_transform end);
/* The pose at t: origin *p and the rotation's matrix columns. */
void tc_rigid_motion_at(const tc_rigid_motion *m, double t, tc_dvec3 *p, tc_dvec3 col[3]);
/* *out = the core `local` placed at p + [col] local (a hull by its
 * placement). */
void tc_core_place(const tc_core *local, tc_dvec3 p, const tc_dvec3 col[3], tc_core *out);
/* The furthest core vertex of `local` from the line through its origin
 * along the unit axis (from the origin for a zero axis): the lever arm of
 * its turning. */
double tc_core_lever_arm(const tc_core *local, tc_dvec3 axis);

/* First touch within [0, max_t] (max_t <= 1) of the cores la and lb, given
 * in their own frames, each moving from its start to its end pose
 * (sweep.h's tc_sweep_rigid_*). */
bool tc_core_sweep_rigid(const tc_core *la, tc_transform a0, tc_transform a1, const tc_core *lb, tc_transform b0,
                         tc_transform b1, double max_t, tc_sweep_hit *hit);
/* First touch within [0, max_t] of core la moving from a0 to a1 and the
 * still half-space h (from tc_half_space_from_plane: every plane sweep reads
 * a plane the library's one way): the normal is -h->n, from the core into
 * the plane. */
bool tc_core_sweep_rigid_plane(const tc_core *la, tc_transform a0, tc_transform a1, const tc_half_space *h,
                               double max_t, tc_sweep_hit *hit);
/* The same two sweeps given the motions already made (from poses that
 * tc_rigid_pose_ok accepts): for callers that sweep many cores with one
 * motion, as the mesh sweeps do triangle by triangle. */
bool tc_core_sweep_rigid_moving(const tc_core *la, const tc_rigid_motion *ma, const tc_core *lb,
                                const tc_rigid_motion *mb, double max_t, tc_sweep_hit *hit);
bool tc_core_sweep_rigid_plane_moving(const tc_core *la, const tc_rigid_motion *ma, const tc_half_space *h,
                                      double max_t, tc_sweep_hit *hit);

#endif
