/* SPDX-License-Identifier: MIT */
/* Printing shapes exactly (hex floats plus decimals) for failure reports, so
 * a failing random case can be pasted into a hand-made test. */
#include "oracle.h"

#include <stdio.h>

static void pv(FILE *f, const char *name, tc_vec3 v)
{
    fprintf(f, " %s=(%a, %a, %a) [%.9g %.9g %.9g]", name, (double)v.x, (double)v.y, (double)v.z, (double)v.x,
            (double)v.y, (double)v.z);
}

static void pf(FILE *f, const char *name, float x) { fprintf(f, " %s=%a [%.9g]", name, (double)x, (double)x); }

void orc_print_any(FILE *f, const tc_shape *s)
{
    fprintf(f, "  %s:", test_shape_name(s->type));
    switch (s->type) {
    case TC_SHAPE_SPHERE: pv(f, "center", s->u.sphere.center); pf(f, "radius", s->u.sphere.radius); break;
    case TC_SHAPE_CAPSULE: pv(f, "a", s->u.capsule.a); pv(f, "b", s->u.capsule.b); pf(f, "radius", s->u.capsule.radius); break;
    case TC_SHAPE_AABB: pv(f, "min", s->u.aabb.min); pv(f, "max", s->u.aabb.max); break;
    case TC_SHAPE_OBB:
        pv(f, "center", s->u.obb.center); pv(f, "half", s->u.obb.half);
        pv(f, "cx", s->u.obb.rotation.cx); pv(f, "cy", s->u.obb.rotation.cy); pv(f, "cz", s->u.obb.rotation.cz);
        break;
    case TC_SHAPE_TRIANGLE: pv(f, "a", s->u.triangle.a); pv(f, "b", s->u.triangle.b); pv(f, "c", s->u.triangle.c); break;
    default: pv(f, "normal", s->u.plane.normal); pf(f, "offset", s->u.plane.offset); break;
    }
    fputc('\n', f);
}

void orc_print_ray(FILE *f, const tc_ray *r, float max_t)
{
    fprintf(f, "  ray:");
    pv(f, "origin", r->origin);
    pv(f, "dir", r->dir);
    pf(f, "max_t", max_t);
    fputc('\n', f);
}
