/* SPDX-License-Identifier: MIT */
/* `touche explain`: the 15 axes of the OBB-OBB separating-axis test for one
 * pair of boxes, as a table, as JSON, and as a figure. */
#ifndef TT_EXPLAIN_H
#define TT_EXPLAIN_H

#include "eval.h"

#include <stdio.h>

typedef struct tt_explain {
    tc_obb a, b;
    const char *a_name, *b_name;
    tc_sat_axis_report axes[15];
    tc_sat_axis verdict;        /* first separating axis, TC_SAT_AXIS_NONE (overlap) or TC_SAT_AXIS_COUNT (invalid) */
    int duplicate_of[15];       /* an earlier axis along the same line (same or opposite direction), or -1 */
} tt_explain;

/* Short axis label, e.g. "A.x", "B.z", "A.y x B.x". */
const char *tt_explain_axis_name(int index);

void tt_explain_compute(tt_explain *e, const tc_obb *a, const tc_obb *b, const char *a_name, const char *b_name);
void tt_explain_text(FILE *out, const char *path, const tt_explain *e);
void tt_explain_json(FILE *out, const char *path, const tt_explain *e);
bool tt_explain_svg(FILE *out, const char *path, const tt_explain *e);

#endif
