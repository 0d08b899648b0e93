/* SPDX-License-Identifier: MIT */
/* Random OBB pairs for the box benchmarks, seeded so every library sees the
 * same ones.
 *
 * Sizes span two orders of magnitude (half extents 0.01 .. 10), centres lie
 * up to 10 from the origin, 3% of boxes are flat (one half extent zero), and
 * rotations are random (75%), identical (10%), related by 90 degrees (10%)
 * or both axis-aligned (5%); the last three make edge cross products vanish
 * exactly. B is placed along a random direction from A at a multiple t of
 * the exact touching distance (box_truth_touch_distance), then its centre is
 * rounded to float.
 */
#ifndef TOUCHE_BENCH_BOX_PAIRS_H
#define TOUCHE_BENCH_BOX_PAIRS_H

#include "bench_util.h"

#include <touche/shapes.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum box_place {
    /* 45% within a relative 1e-9 .. 1e-3 of touching (either side), 10%
     * exactly at it before rounding, 25% deeper inside, 20% apart (t in 1..2). */
    BOX_PLACE_MIXED,
    /* 10% at touching, the rest inside by a relative 1e-6 .. 1 (log-uniform). */
    BOX_PLACE_OVERLAP,
    /* Apart by a relative 1e-6 .. 1 of the touching distance (log-uniform). */
    BOX_PLACE_APART
} box_place;

/* Fills a and b; returns 1 when their rotations have exactly parallel edges. */
int box_pair_random(test_rng *rng, box_place place, tc_obb *a, tc_obb *b);

/* The documented tolerance band of base.h for the pair: TC_TOLERANCE times
 * (the largest coordinate of either box's bounds plus its largest extent). */
double box_pair_band(const tc_obb *a, const tc_obb *b);

#ifdef __cplusplus
}
#endif

#endif
