/* SPDX-License-Identifier: MIT */
/* The picture: an SVG of the scene seen from its camera.
 *
 * Colliders are wireframes, green when untouched and red when they overlap
 * something or a ray or click hits them; rays end at their hit point with
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

typedef struct tt_canvas {
    FILE *out;
    tt_view view;
    tc_vec3 eye;              /* camera position */
    double ox, oy;            /* where the viewport's top-left corner sits in the SVG */
    double clip_w, clip_h;    /* viewport size, for clipping */
    char *path;               /* the path being built */
    size_t path_len, path_cap;
    bool pen_down;
    double labels[128][4];    /* placed labels: x, baseline y, width, height */
    int label_count;
    double last_x, last_y;
} tt_canvas;

void tt_canvas_init(tt_canvas *c, FILE *out, const tt_camera *cam, double ox, double oy);
void tt_canvas_free(tt_canvas *c);
/* Adds a 3D segment to the current path (clipped at the near plane and the viewport's surroundings). */
void tt_canvas_line3(tt_canvas *c, tc_vec3 a, tc_vec3 b);
/* Writes the current path with the given attributes (stroke, width, ...) and starts a new one. */
void tt_canvas_stroke(tt_canvas *c, const char *attributes);
/* Projects a point; false when it is behind the near plane. */
bool tt_canvas_project(const tt_canvas *c, tc_vec3 p, double *x, double *y);

/* Wireframe outlines of a shape into the current path. */
void tt_canvas_shape(tt_canvas *c, const tt_shape *s, double plane_extent);
/* An arrow from p along d (world), drawn with its head in screen space. */
void tt_canvas_arrow3(tt_canvas *c, tc_vec3 p, tc_vec3 d, const char *color, double width);
/* A label at a world point with a white halo. */
void tt_canvas_label3(tt_canvas *c, tc_vec3 p, double dx, double dy, const char *text, const char *color,
                      double size, bool bold);
void tt_svg_text(FILE *out, double x, double y, const char *text, const char *attributes);
void tt_svg_escape(FILE *out, const char *text);

/* Writes the whole picture; false when writing failed. */
bool tt_svg_write(FILE *out, const char *path, const tt_scene *s, const tt_result *r);

/* The colours, shared with explain. */
#define TT_COLOR_IDLE "#1f9e3a"
#define TT_COLOR_HOT "#d62728"
#define TT_COLOR_RAY "#1f5fbf"
#define TT_COLOR_NORMAL "#8e24aa"
#define TT_COLOR_CONTACT "#ff9f1c"
#define TT_COLOR_BONE "#8a8f98"
#define TT_COLOR_GRID "#d5d8dc"
#define TT_COLOR_SWEEP "#e67e22"

#endif
