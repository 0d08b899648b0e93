/* SPDX-License-Identifier: MIT */
/* The start of a rotating sweep as the pair's overlap test decides it,
 * shared by the rotating pair functions (sweep_rigid.c, mesh_queries.c);
 * the dispatch places a still plane the same way. Private header. */
#ifndef TOUCHE_QUERIES_SWEEP_RIGID_START_H
#define TOUCHE_QUERIES_SWEEP_RIGID_START_H

#include <touche/dispatch.h>

/* A shape at a pose of its rotating sweep: an AABB turns as the box of its
 * frame, and at the identity the shape is the one given (sweep_rigid_start.c
 * says why). For a finite pose. */
tc_shape tc_shape_rigid_placed(const tc_shape *s, tc_transform pose);
/* Whether the pair's own overlap test calls a and b, placed at their start
 * poses a0 and b0, touching; then *hit (not NULL) is the hit at t = 0 from
 * their contact. Every rotating pair function asks it when its cores find
 * no touching at t = 0 (sweep.h: a rotating sweep's start agrees with
 * overlap). Valid shapes, at most one of them a still plane, and finite
 * poses only. */
bool tc_sweep_rigid_start_hit(const tc_shape *a, tc_transform a0, const tc_shape *b, tc_transform b0, tc_sweep_hit *hit);
/* A rotating pair function's answer from its cores' sweep's (found, *h,
 * h not NULL): that unless it finds no touching at t = 0 where
 * tc_sweep_rigid_start_hit does, then that hit; *hit (may be NULL) written
 * when found. For valid shapes a and b moving from a0 to a1 and b0 to b1
 * (a still plane with the identity poses). */
bool tc_sweep_rigid_started(bool found, const tc_shape *a, tc_transform a0, tc_transform a1, const tc_shape *b,
                            tc_transform b0, tc_transform b1, tc_sweep_hit *h, tc_sweep_hit *hit);

#endif
