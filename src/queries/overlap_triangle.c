/* SPDX-License-Identifier: MIT */
/* Triangle-triangle and triangle-plane overlap.
 *
 * Two triangles are handled through distances rather than a separating-axis
 * list, because that stays exact for every degenerate case (a triangle that
 * is a segment or a point, coplanar triangles): closed triangles meet iff
 * some edge of one comes within the pad of the other triangle. Each triangle
 * plane first rejects the common far-apart case cheaply. */
#include <string.h>

#include <touche/overlap.h>

#include "core/assert.h"
#include "queries/overlap_far.h"
#include "queries/pad.h"
#include "shapes/validity.h"
#include "shapes/closest.h"
/* the public pair functions defined here are their bodies (pair_given.h) */
#define TC_PAIR_GIVEN_DEFINE
#include "queries/pair_given.h"

/* Are all of `other`'s corners strictly beyond the pad on one side of t's plane? */
static bool tc_triangle_plane_separates(const tc_triangle *t, const tc_triangle *other, float mag)
{
    tc_vec3 e1 = tc_vec3_sub(t->b, t->a), e2 = tc_vec3_sub(t->c, t->a);
    tc_vec3 n = tc_vec3_cross(e1, e2);
    /* The cross product's rounding is relative to |e1| |e2|, not to |n|: a
     * sliver's normal can be mostly rounding. */
    float pad = TC_PAD_REL * mag * tc_vec3_norm1(e1) * tc_vec3_norm1(e2);
    float s0 = tc_vec3_dot(n, tc_vec3_sub(other->a, t->a));
    float s1 = tc_vec3_dot(n, tc_vec3_sub(other->b, t->a));
    float s2 = tc_vec3_dot(n, tc_vec3_sub(other->c, t->a));
    return (s0 > pad && s1 > pad && s2 > pad) || (s0 < -pad && s1 < -pad && s2 < -pad);
}

bool tc_overlap_triangle_triangle(const tc_triangle *a, const tc_triangle *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!tc_triangle_is_valid(a) || !tc_triangle_is_valid(b)) return false;
    if (TC_OVERLAP_IS_FAR(triangle, triangle, a, b)) return tc_overlap_far_triangle_triangle(a, b);
    tc_vec3 lo = tc_vec3_min(tc_vec3_min(a->a, a->b), tc_vec3_min(a->c, tc_vec3_min(b->a, tc_vec3_min(b->b, b->c))));
    tc_vec3 hi = tc_vec3_max(tc_vec3_max(a->a, a->b), tc_vec3_max(a->c, tc_vec3_max(b->a, tc_vec3_max(b->b, b->c))));
    float mag = tc_vec3_max_abs(tc_vec3_sub(hi, lo)) * 4.0f;
    if (tc_triangle_plane_separates(a, b, mag) || tc_triangle_plane_separates(b, a, mag)) return false;
    /* Both relative to one first vertex, so rounding follows the local size
     * the pad uses: the same one whichever way the pair is asked (by the
     * triangles' bytes), as every test below is symmetric; relative to
     * a->a, a triangle 1e6 tall touching a segment at a shared vertex
     * overlapped it B-A but not A-B (the pair fuzzer). */
    const tc_vec3 o = memcmp(a, b, sizeof *a) <= 0 ? a->a : b->a;
    tc_triangle la, lb;
    la.a = tc_vec3_sub(a->a, o);
    la.b = tc_vec3_sub(a->b, o);
    la.c = tc_vec3_sub(a->c, o);
    lb.a = tc_vec3_sub(b->a, o);
    lb.b = tc_vec3_sub(b->b, o);
    lb.c = tc_vec3_sub(b->c, o);
    /* Edge-edge axes reject most remaining apart pairs cheaply. Any axis is
     * a valid separating-axis candidate as long as both triangles are
     * projected on the same computed vector, so the float cross products need
     * no care; the pad covers the projections' rounding. */
    const tc_vec3 va[3] = { la.a, la.b, la.c }, vb[3] = { lb.a, lb.b, lb.c };
    for (int i = 0; i < 3; ++i) {
        tc_vec3 ea = tc_vec3_sub(va[i == 2 ? 0 : i + 1], va[i]);
        for (int j = 0; j < 3; ++j) {
            tc_vec3 L = tc_vec3_cross(ea, tc_vec3_sub(vb[j == 2 ? 0 : j + 1], vb[j]));
            float pad = TC_PAD_REL * mag * tc_vec3_norm1(L);
            float a0 = tc_vec3_dot(L, va[0]), a1 = tc_vec3_dot(L, va[1]), a2 = tc_vec3_dot(L, va[2]);
            float b0 = tc_vec3_dot(L, vb[0]), b1 = tc_vec3_dot(L, vb[1]), b2 = tc_vec3_dot(L, vb[2]);
            float amin = tc_minf(a0, tc_minf(a1, a2)), amax = tc_maxf(a0, tc_maxf(a1, a2));
            float bmin = tc_minf(b0, tc_minf(b1, b2)), bmax = tc_maxf(b0, tc_maxf(b1, b2));
            if (amax + pad < bmin || bmax + pad < amin) return false;
        }
    }
    const tc_triangle *tris[2] = { &la, &lb };
    for (int k = 0; k < 2; ++k) {
        const tc_triangle *t = tris[k], *o = tris[1 - k];
        const tc_vec3 c[4] = { t->a, t->b, t->c, t->a };
        for (int i = 0; i < 3; ++i) {
            if (tc_within(tc_segment_triangle_closest(c[i], c[i + 1], o, NULL, NULL), 0.0f, mag)) return true;
        }
    }
    return false;
}

bool tc_overlap_triangle_plane(const tc_triangle *a, const tc_plane *b)
{
    if (!TC_REQUIRE(a != NULL && b != NULL)) return false;
    if (!(tc_triangle_valid(a) && tc_plane_valid(b))) return false;
    if (TC_OVERLAP_IS_FAR(triangle, plane, a, b)) return tc_overlap_far_triangle_plane(a, b);
    float s = tc_minf(tc_vec3_dot(b->normal, a->a), tc_minf(tc_vec3_dot(b->normal, a->b), tc_vec3_dot(b->normal, a->c)));
    /* Only the corner that gives the minimum rounds into s: the largest bound
     * covers it (a sum would pad past the band). */
    float mag = tc_maxf(tc_vec3_norm1(a->a), tc_maxf(tc_vec3_norm1(a->b), tc_vec3_norm1(a->c))) + tc_absf(b->offset);
    const float band = TC_PAD_REL * mag;
    /* The band of the coordinates matters only inside it (tc_plane_pair_is_near). */
    if (!(s - b->offset <= band)) return false;
    if (s - b->offset < -band) return true;
    const float size = tc_maxf(tc_vec3_max_abs(tc_vec3_sub(a->b, a->a)), tc_vec3_max_abs(tc_vec3_sub(a->c, a->a)));
    return tc_plane_pair_is_near(mag, size, s - b->offset) || tc_overlap_far_triangle_plane(a, b);
}
