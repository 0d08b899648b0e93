/* SPDX-License-Identifier: MIT */
#include "queries/hull_fans.h"

#include <touche/overlap.h>

#include "shapes/hull_internal.h"

static int32_t fan_count(const tc_hull_data *h)
{
    return h->dimension == 2 ? h->face_start[1] - h->face_start[0] - 2 : 1;
}

/* Triangle k of the cover, placed as the core places its vertices. */
static void fan_triangle(const tc_core *c, int32_t k, tc_dvec3 t[3])
{
    const tc_hull_data *h = c->hull;
    int32_t i[3] = { 0, h->dimension == 1, h->dimension == 1 };
    if (h->dimension == 2) {
        const int32_t *f = h->face_vertices + h->face_start[0];
        i[0] = f[0];
        i[1] = f[k + 1];
        i[2] = f[k + 2];
    }
    for (int q = 0; q < 3; ++q) t[q] = tc_core_hull_vertex(c, i[q]);
}

/* Triangle t about o in float: saturated, as two valid hulls at opposite
 * ends of the float range are further apart than any float. */
static tc_triangle fan_relative(const tc_dvec3 t[3], tc_dvec3 o)
{
    tc_triangle r;
    r.a = tc_dvec3_to_saturated(tc_dvec3_sub(t[0], o));
    r.b = tc_dvec3_to_saturated(tc_dvec3_sub(t[1], o));
    r.c = tc_dvec3_to_saturated(tc_dvec3_sub(t[2], o));
    return r;
}

bool tc_hull_fans_meet(const tc_core *a, const tc_core *b)
{
    const int32_t na = fan_count(a->hull), nb = fan_count(b->hull);
    for (int32_t i = 0; i < na; ++i) {
        tc_dvec3 ta[3];
        fan_triangle(a, i, ta);
        /* Each pair about a corner of its own: every coordinate is then
         * within the pair's extent, and its rounding to float far inside
         * the triangle test's pad of that extent. */
        const tc_triangle fa = fan_relative(ta, ta[0]);
        for (int32_t j = 0; j < nb; ++j) {
            tc_dvec3 tb[3];
            fan_triangle(b, j, tb);
            const tc_triangle fb = fan_relative(tb, ta[0]);
            if (tc_overlap_triangle_triangle(&fa, &fb)) return true;
        }
    }
    return false;
}
