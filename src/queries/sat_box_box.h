/* SPDX-License-Identifier: MIT */
/* The one 15-axis separating-axis test for two oriented boxes, shared by the
 * overlap test, its hint and report variants, and the box-box contact.
 *
 * Axis order (tc_sat_axis): A's 3 face normals, B's 3 face normals, then
 * A_i x B_j at 6 + 3i + j. See docs/sat.md for why all 15 are needed and how
 * parallel edges are handled. */
#ifndef TOUCHE_QUERIES_SAT_BOX_BOX_H
#define TOUCHE_QUERIES_SAT_BOX_BOX_H

#include <touche/overlap.h>

/* Everything the 15 tests need, computed once per pair: B's axes and centre
 * expressed in A's frame. */
typedef struct tc_box_box_frame {
    const tc_obb *a, *b;
    float r[3][3];   /* r[i][j] = A_i . B_j */
    float ar[3][3];  /* |r[i][j]| */
    float t[3];      /* B's centre minus A's centre, in A's frame */
    float ha[3], hb[3];
    float pad;       /* absolute rounding pad for the float tests */
} tc_box_box_frame;

void tc_box_box_frame_init(tc_box_box_frame *f, const tc_obb *a, const tc_obb *b);

/* Does `axis` (0..14) separate the boxes? Conservative: never true for
 * boxes that overlap in exact arithmetic on their float data. */
bool tc_box_box_axis_separates(const tc_box_box_frame *f, int axis);

/* Gap between the boxes' projections on `axis`, computed in double from the
 * world-space data: positive apart, negative overlapping (then minus the
 * penetration depth along the unit axis). `unit_axis` (may be NULL) receives
 * the unit axis, oriented from A towards B. Returns false when the axis is
 * degenerate (parallel edges: the cross product vanishes). Any output
 * pointer may be NULL. */
bool tc_box_box_axis_gap(const tc_obb *a, const tc_obb *b, int axis, double *gap, tc_vec3 *unit_axis,
                         double *radius_a, double *radius_b);

/* The same gaps and unit axes for all 15 axes at once, read from a frame
 * already computed: float precision (about 1e-7 of the sizes) on every axis
 * except near-parallel edge axes, which go through tc_box_box_axis_gap.
 * ok[k] is false where that axis is degenerate. For the axis of least
 * overlap. */
void tc_box_box_frame_axis_gaps(const tc_box_box_frame *f, double gap[15], tc_vec3 unit[15], bool ok[15]);

/* The test itself: the first separating axis, trying `hint` first, or
 * TC_SAT_AXIS_NONE. Does not check validity (callers do). */
tc_sat_axis tc_box_box_separating_axis(const tc_obb *a, const tc_obb *b, tc_sat_axis hint);

/* One pass of the test for the contact: the verdict of
 * tc_box_box_separating_axis (true: no axis separates) and, on overlap, what
 * choosing the contact axis needs. sep[k]: the float separation on axis k
 * (|centre offset| minus the radii; negative overlapping), on edge axes
 * times the cross product's length sqrt(len2[k - 6]). near_parallel and
 * parallel: bit k - 6 for edge axes whose float quantities lose relative
 * accuracy (re-measure them in double) or vanish (skip them). */
typedef struct tc_box_box_sat {
    float sep[16];
    float len2[12];
    float r[3][4];  /* r[j][i] = A_i . B_j (lane 3 spare) */
    float t[4];     /* B's centre minus A's centre, in A's frame (lane 3 spare) */
    /* Filled only when no face axis separates (the contact reads them only
     * for overlapping pairs): R the other way, rt[i][j] = A_i . B_j, and the
     * centre offset in B's frame, tb[j] = B_j . t (as the face test sums
     * it), so that a face contact on B reads B's frame without recomputing it. */
    float rt[3][4];
    float tb[4];
    /* The edge axis of least overlap among those not near-parallel (-1 if
     * none; the lowest index on ties) and that overlap, -sep / |L|. */
    int edge;
    float edge_depth;
    unsigned near_parallel, parallel;
    float pad; /* the float tests' rounding pad: 4 FLT_EPSILON times the centres' offset (1-norm) and the halves */
    bool in_range; /* false: a float out of the contact's range (TC_SAT_CONTACT_RANGE_BITS), nothing else filled */
} tc_box_box_sat;

/* The contact's range (tc_box_box_sat_pass): centres and half extents
 * below 2^50. Its face clipping multiplies two lengths (the incident face's
 * half edges, offsets across the reference face), which overflow a float
 * beyond 2^64; below 2^50 they stay under 2^110 (two AABBs 1e20 wide
 * trapped on FE_OVERFLOW there, the pair fuzzer). Beyond it the caller
 * decides in double. The bits of 2^50. */
#define TC_SAT_CONTACT_RANGE_BITS 0x58800000u

/* Also the validity check: true when the boxes overlap and both are valid
 * (checked only for overlapping pairs; invalid data never separates, so it
 * always reaches the check). r and t are filled in either case. */
bool tc_box_box_sat_pass(const tc_obb *a, const tc_obb *b, tc_box_box_sat *out);

#endif
