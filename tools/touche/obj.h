/* SPDX-License-Identifier: MIT */
/* Wavefront OBJ meshes for the scene format: the `v` and `f` lines of a file,
 * polygons fanned into triangles. Every other statement (vt, vn, o, g, s,
 * usemtl, ...) is read past. Malformed lines are diagnostics at their line
 * and column in the OBJ file, as the scene loader gives for scenes.
 */
#ifndef TT_OBJ_H
#define TT_OBJ_H

#include "scene.h"

#include <stdint.h>

typedef struct tt_obj {
    tc_vec3 *vertices; int32_t vertex_count;
    int32_t *indices; int32_t triangle_count;   /* 3 per triangle, 0-based */
} tt_obj;

/* Parses `size` bytes of OBJ text; `file` names it in the diagnostics.
 * False (and *out empty) when the text has errors, no faces or memory ran
 * out; every problem found is added to diags. `geometry_left` bounds the
 * vertices plus triangles it may hold (the scene's TT_MAX_GEOMETRY budget). */
bool tt_obj_parse(const char *text, size_t size, const char *file, long long geometry_left, tt_diags *diags,
                  tt_obj *out);
void tt_obj_free(tt_obj *obj);

#endif
