/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the scene loader: any bytes go in; the loader must
 * either reject them with diagnostics or give a scene that the evaluation,
 * both reports, the picture and explain handle without a fault. The same
 * function is driven by replay.c over the corpus in `make test`. The bytes
 * also go through the OBJ reader, as a mesh file beside a scene would. */
#include "eval.h"
#include "explain.h"
#include "obj.h"
#include "report.h"
#include "scene.h"
#include "svg.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink(void)
{
    static FILE *f;
#ifdef _WIN32
    if (!f) f = fopen("NUL", "w");
#else
    if (!f) f = fopen("/dev/null", "w");
#endif
    return f;
}

/* The same bytes as a mesh's OBJ file: rejected with diagnostics at real
 * positions of the file, or triangles whose corners are its vertices. */
static void fuzz_obj(const uint8_t *data, size_t size)
{
    tt_diags diags;
    memset(&diags, 0, sizeof diags);
    tt_obj obj;
    if (!tt_obj_parse((const char *)data, size, "fuzz.obj", TT_MAX_GEOMETRY, &diags, &obj)) {
        if (diags.count == 0) abort();
        for (int i = 0; i < diags.count; i++)
            if (diags.items[i].loc.line < 0 || diags.items[i].loc.column < 0 || diags.items[i].message[0] == '\0')
                abort();
        return;
    }
    if (diags.count != 0 || obj.triangle_count < 1) abort();
    for (int32_t i = 0; i < 3 * obj.triangle_count; i++)
        if (obj.indices[i] < 0 || obj.indices[i] >= obj.vertex_count) abort();
    tc_mesh_data *m = tc_mesh_data_create(obj.vertices, obj.vertex_count, obj.indices, obj.triangle_count, NULL);
    tc_mesh_data_destroy(m);
    tt_obj_free(&obj);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_obj(data, size);
    tt_diags diags;
    tt_scene *s = tt_scene_parse((const char *)data, size, &diags);
    if (!s) {
        /* A rejected input must say where and why. */
        if (diags.count == 0) abort();
        for (int i = 0; i < diags.count; i++)
            if (diags.items[i].loc.line < 1 || diags.items[i].loc.column < 1 || diags.items[i].message[0] == '\0')
                abort();
        return 0;
    }
    if (diags.count != 0) abort();
    tt_result r;
    if (tt_eval(s, &r)) {
        FILE *out = sink();
        if (out) {
            tt_report_text(out, "fuzz", s, &r);
            tt_report_json(out, "fuzz", s, &r);
            tt_svg_write(out, "fuzz", s, &r);
            int boxes[2], n = 0;
            for (int i = 0; i < s->collider_count && n < 2; i++)
                if (s->colliders[i].kind == TT_BOX || s->colliders[i].kind == TT_AABB) boxes[n++] = i;
            if (n == 2) {
                tc_obb a, b;
                tt_shape_as_obb(&r.shapes[boxes[0]], &a);
                tt_shape_as_obb(&r.shapes[boxes[1]], &b);
                tt_explain e;
                tt_explain_compute(&e, &a, &b, s->colliders[boxes[0]].name, s->colliders[boxes[1]].name);
                tt_explain_text(out, "fuzz", &e);
                tt_explain_json(out, "fuzz", &e);
                tt_explain_svg(out, "fuzz", &e);
            }
        }
        tt_result_free(&r);
    }
    tt_scene_free(s);
    return 0;
}
