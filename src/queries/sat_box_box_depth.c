/* SPDX-License-Identifier: MIT */
#include "queries/sat_box_box_depth.h"

#include <math.h>

int tc_box_box_least_overlap(const tc_obb *a, const tc_obb *b, double face_preference, tc_vec3 *normal, double *depth,
                             tc_vec3 *least)
{
    int best_face = -1, best_edge = -1;
    double face_depth = INFINITY, edge_depth = INFINITY;
    tc_vec3 face_n = tc_vec3_zero(), edge_n = tc_vec3_zero();
    tc_box_box_frame f;
    tc_box_box_frame_init(&f, a, b);
    double gaps[15];
    tc_vec3 units[15];
    bool ok[15];
    tc_box_box_frame_axis_gaps(&f, gaps, units, ok);
    for (int axis = 0; axis < TC_SAT_AXIS_COUNT; ++axis) {
        if (!ok[axis]) continue; /* parallel edges */
        double gap = gaps[axis];
        tc_vec3 n = units[axis];
        double overlap = -gap;
        if (axis < 6) {
            if (overlap < face_depth) { face_depth = overlap; face_n = n; best_face = axis; }
        } else if (overlap < edge_depth) {
            edge_depth = overlap;
            edge_n = n;
            best_edge = axis;
        }
    }
    if (least) *least = best_edge >= 0 && edge_depth < face_depth ? edge_n : face_n;
    if (best_edge >= 0 && (best_face < 0 || edge_depth < face_depth - face_preference)) {
        *normal = edge_n;
        *depth = edge_depth;
        return best_edge;
    }
    *normal = face_n;
    *depth = face_depth;
    return best_face;
}
