/* SPDX-License-Identifier: MIT */
/* The picture: an SVG of the scene seen from its camera.
 *
 * Colliders are wireframes, green when untouched, red when they overlap
 * something, amber when only a ray hits them, and pink when a click picks
 * them (each with its legend entry); distances the scene asks for are the
 * segment between the two closest points, with its length; rays end at their hit point with
 * the surface normal drawn there; contact points carry their normals; bones
 * are grey lines between frame origins over a ground grid; names and a
 * legend make it readable without the report.
 *
 * The canvas below is the drawing layer, shared with `touche explain`.
 */
#ifndef TT_SVG_H
#define TT_SVG_H

#include "eval.h"

#include <stdio.h>

/* One label waiting to be placed: its anchor in pixels, the offset it would
 * like, its text and look. */
typedef struct tt_label {
    double ax, ay, dx, dy;
    char *text;
    char color[16];
    double size;
    bool bold;
} tt_label;

/* A thing on the canvas that labels must keep clear of: a segment (x0, y0)
 * to (x1, y1), or, when is_box, the box between the two corners. */
typedef struct tt_obstacle { double x0, y0, x1, y1; bool is_box; } tt_obstacle;

typedef struct tt_canvas {
    FILE *out;
    tt_view view;
    tc_vec3 eye;              /* camera position */
    double ox, oy;            /* where the viewport's top-left corner sits in the SVG */
    double clip_w, clip_h;    /* viewport size, for clipping */
    char *path;               /* the path being built */
    size_t path_len, path_cap;
    bool pen_down;
    double last_x, last_y;
    /* Label placement: every stroke drawn while `record` is on becomes an
     * obstacle, found through a grid of cells over the viewport; labels are
     * queued and placed at the end (tt_canvas_place_labels). */
    bool record;
    tt_obstacle *obstacles; int obstacle_count, obstacle_cap;
    bool obstacles_overflowed; /* more than TT_SVG_MAX_OBSTACLES: no label can be placed safely */
    int *cell_first;          /* per cell: first link, or -1 */
    int *link_next, *link_item; int link_count, link_cap;
    int *stamp; int stamp_now; /* per obstacle: the query that saw it last */
    int cols, rows;
    tt_label *labels; int label_count, label_cap;
    int labels_dropped;       /* queued beyond TT_SVG_MAX_LABELS, or with no free place */
} tt_canvas;

/* Labels and obstacles a picture holds at most, so that a scene of 100,000
 * colliders gives a bounded amount of placement work (the picture says what
 * it left out). */
#define TT_SVG_MAX_LABELS 400
#define TT_SVG_MAX_OBSTACLES 400000

void tt_canvas_init(tt_canvas *c, FILE *out, const tt_camera *cam, double ox, double oy);
void tt_canvas_free(tt_canvas *c);
/* Adds a 3D segment to the current path (clipped at the near plane and the viewport's surroundings). */
void tt_canvas_line3(tt_canvas *c, tc_vec3 a, tc_vec3 b);
/* Writes the current path with the given attributes (stroke, width, ...) and starts a new one. */
void tt_canvas_stroke(tt_canvas *c, const char *attributes);
/* Projects a point; false when it is behind the near plane. */
bool tt_canvas_project(const tt_canvas *c, tc_vec3 p, double *x, double *y);
/* Something labels must not cover: a box in SVG pixels, or a segment. */
void tt_canvas_block_box(tt_canvas *c, double x0, double y0, double x1, double y1);
void tt_canvas_block_segment(tt_canvas *c, double x0, double y0, double x1, double y1);

/* Wireframe outlines of a shape into the current path. */
void tt_canvas_shape(tt_canvas *c, const tt_shape *s, double plane_extent);
/* An arrow from p along d (world), drawn with its head in screen space. */
void tt_canvas_arrow3(tt_canvas *c, tc_vec3 p, tc_vec3 d, const char *color, double width);
/* Queues a label for a world point; (dx, dy) is where it would like to sit
 * relative to the point's pixel. */
void tt_canvas_label3(tt_canvas *c, tc_vec3 p, double dx, double dy, const char *text, const char *color,
                      double size, bool bold);
/* The same for a point already in SVG pixels. */
void tt_canvas_label(tt_canvas *c, double x, double y, double dx, double dy, const char *text, const char *color,
                     double size, bool bold);
/* Places the queued labels, in the order queued, greedily: each takes the
 * first of its candidate spots (its wish, then rings of spots around the
 * anchor, nearer first) where its box stays inside the viewport and
 * touches no obstacle and no label placed before it; one placed away from
 * its anchor gets a leader line. A label with no free spot is left out and
 * counted. Returns how many were left out. */
int tt_canvas_place_labels(tt_canvas *c);
/* The box a label's text takes: x is the start, y the baseline. Shared by
 * the placer and the tests that check it. */
void tt_label_box(double x, double y, const char *text, double size, double box[4]);
/* A round step (1, 2 or 5 times a power of ten) near span / lines, for grids and ticks. */
double tt_nice_step(double span, double lines);
void tt_svg_text(FILE *out, double x, double y, const char *text, const char *attributes);
void tt_svg_escape(FILE *out, const char *text);

/* Writes the whole picture; false when writing failed. */
bool tt_svg_write(FILE *out, const char *path, const tt_scene *s, const tt_result *r);

/* The colours, shared with explain. */
#define TT_COLOR_IDLE "#1f9e3a"
#define TT_COLOR_HOT "#d62728"          /* overlapping */
#define TT_COLOR_HIT "#c98a00"          /* hit by a ray (and overlapping nothing) */
#define TT_COLOR_PICKED "#d81b9a"       /* picked by a click: wins over the others */
#define TT_COLOR_DISTANCE "#0b7a75"
#define TT_COLOR_RAY "#1f5fbf"
#define TT_COLOR_NORMAL "#8e24aa"
#define TT_COLOR_CONTACT "#ff9f1c"
#define TT_COLOR_BONE "#8a8f98"
#define TT_COLOR_GRID "#d5d8dc"
#define TT_COLOR_SWEEP "#e67e22"

#endif
