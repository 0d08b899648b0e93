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
    for (int axis = 0; axis < TC_SAT_AXIS_COUNT; ++axis) {
        double gap;
        tc_vec3 n;
        if (!tc_box_box_frame_axis_gap(&f, axis, &gap, &n)) continue; /* parallel edges */
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
