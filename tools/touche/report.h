/* SPDX-License-Identifier: MIT */
/* The report of `touche run`: aligned plain text, or one JSON document with
 * the same facts. */
#ifndef TT_REPORT_H
#define TT_REPORT_H

#include "eval.h"

#include <stdio.h>

void tt_report_text(FILE *out, const char *path, const tt_scene *s, const tt_result *r);
void tt_report_json(FILE *out, const char *path, const tt_scene *s, const tt_result *r);

/* Small output helpers shared with explain. */
void tt_json_string(FILE *out, const char *s);
void tt_json_number(FILE *out, double v);
void tt_json_vec3(FILE *out, tc_vec3 v);

/* A table printed with aligned columns. Cells are copied. */
typedef struct tt_table {
    int columns, rows, cap;
    char **cells;            /* rows * columns */
    bool *right;             /* per column: right-aligned (numbers) */
} tt_table;

void tt_table_init(tt_table *t, int columns);
void tt_table_align_right(tt_table *t, int column);
/* Appends one row of `columns` cells. */
void tt_table_row(tt_table *t, const char *const *cells);
void tt_table_print(FILE *out, const tt_table *t, const char *indent);
void tt_table_free(tt_table *t);

/* Number formatting that never prints "-0.000". A vector is three numbers
 * of at most TT_NUM_CHARS - 1 characters in "(x, y, z)": a buffer of
 * TT_VEC3_CHARS always holds it whole. */
#define TT_NUM_CHARS 32
#define TT_VEC3_CHARS (3 * (TT_NUM_CHARS - 1) + 7)
void tt_fmt_num(char *buf, size_t n, double v, int decimals);
void tt_fmt_vec3(char *buf, size_t n, tc_vec3 v, int decimals);
/* Whether a collider has a group or a category or mask other than all bits. */
bool tt_collider_filtered(const tt_collider *c);
/* "group 2, category 0 1, mask all" (or "no group, ..."). */
void tt_fmt_filter(char *buf, size_t n, const tt_collider *c);

#endif
