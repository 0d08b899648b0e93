/* SPDX-License-Identifier: MIT */
/* The hit a sweep reports when its shapes already overlap at t = 0, shared
 * by the translational and the rotating sweeps. Private header. */
#ifndef TOUCHE_QUERIES_SWEEP_START_H
#define TOUCHE_QUERIES_SWEEP_START_H

#include "queries/convex_core.h"
#include "queries/gjk.h"
#include "touche/contact.h"
#include "touche/sweep.h"
#include "core/float.h"

/* Whether a sweep's motion is usable: finite velocities and max_t >= 0,
 * NaN tested on its bits (an ordered comparison of a NaN raises
 * FE_INVALID). Every sweep asks this before anything else. */
static inline bool tc_sweep_motion_ok(tc_vec3 va, tc_vec3 vb, float max_t)
{
    return tc_vec3_finite(va) && tc_vec3_finite(vb) && !tc_is_nan(max_t) && max_t >= 0.0f;
}

/* Whether cores a and b, r being their GJK result and radii the sum of
 * their radii, are apart at the start of a sweep by more than rounding (as
 * distance, contact and overlap decide it: tc_rounded_apart of GJK's
 * distance snapped to touching) and, with a hull, by more than the hull
 * overlap test's band. Cores that are not start touching: a sweep that has
 * no overlap test of its pair to ask hits them at t = 0. */
bool tc_sweep_start_apart(const tc_core *a, const tc_core *b, const tc_gjk_result *r, double radii);

/* Hit at t = 0 from a manifold the contact query wrote (it returned true):
 * its deepest point and its normal. hit may be NULL. */
void tc_sweep_hit_from_manifold(tc_sweep_hit *hit, const tc_manifold *m);

/* Hit at t = 0 for cores a and b that the sweep found overlapping, r being
 * their GJK result. The contact manifold's deepest point when the contact
 * query agrees; when it does not (its own test of touching can differ from
 * the sweep's by a rounding hair, or be wrong), the point midway between the
 * rounded surfaces along the witness direction, or along the penetration
 * direction when the cores intersect. Either way every field is written and
 * finite for finite cores, and no manifold is read unless it was written.
 * hit may be NULL. */
void tc_sweep_start_hit(const tc_core *a, const tc_core *b, const tc_gjk_result *r, tc_sweep_hit *hit);

#endif
