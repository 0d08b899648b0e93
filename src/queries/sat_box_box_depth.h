/* SPDX-License-Identifier: MIT */
/* The box-box separating-axis test read the other way round: for
 * overlapping boxes, the axis of least overlap (the contact normal) and that
 * overlap (the penetration depth). Built on tc_box_box_axis_gap of
 * sat_box_box.h, the single 15-axis implementation. Private header. */
#ifndef TOUCHE_QUERIES_SAT_BOX_BOX_DEPTH_H
#define TOUCHE_QUERIES_SAT_BOX_BOX_DEPTH_H

#include "queries/sat_box_box.h"

/* Returns the axis (0..14) of least overlap, a face axis kept over an edge
 * axis unless the edge overlap is smaller by more than `face_preference`
 * (a length), and A's faces over B's on ties. *normal receives the unit
 * axis oriented from A to B, *depth the overlap along it (negative if the
 * boxes are apart on it). Returns -1 when every axis is degenerate, which
 * cannot happen for valid boxes (face axes never are). *least (may be
 * NULL) receives the axis of strictly least overlap. */
int tc_box_box_least_overlap(const tc_obb *a, const tc_obb *b, double face_preference, tc_vec3 *normal, double *depth,
                             tc_vec3 *least);

#endif
