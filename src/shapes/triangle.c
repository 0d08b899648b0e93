/* SPDX-License-Identifier: MIT */
/* Closest points on triangles. A point is either over the face (then its
 * projection is the answer) or nearest to an edge; a triangle with no area
 * is the segment or point it spans. */
#include "shapes/closest.h"

#include "core/float.h"
#include "math/dvec.h"

static tc_vec3 tc_triangle_closest_on_edges(tc_vec3 a, tc_vec3 b, tc_vec3 c, tc_vec3 p)
{
    tc_vec3 best = tc_vec3_lerp(a, b, tc_segment_closest_param(a, b, p));
    float best_d2 = tc_vec3_length_sq(tc_vec3_sub(p, best));
    tc_vec3 edges[2][2] = { { b, c }, { c, a } };
    for (int i = 0; i < 2; ++i) {
        tc_vec3 q = tc_vec3_lerp(edges[i][0], edges[i][1], tc_segment_closest_param(edges[i][0], edges[i][1], p));
        float d2 = tc_vec3_length_sq(tc_vec3_sub(p, q));
        if (d2 < best_d2) {
            best_d2 = d2;
            best = q;
        }
    }
    return best;
}

/* Differences of floats are exact in double (barring extreme exponents). */
static tc_dvec3 tc_dsub(tc_vec3 a, tc_vec3 b) { return tc_dvec3_sub(tc_dvec3_from(a), tc_dvec3_from(b)); }

/* The face region is decided, and the projection made, in double: for a
 * sliver triangle the float normal's direction carries an error of about
 * FLT_EPSILON / sin(angle), which moves the projected point by that much of
 * the triangle's size. Outside the face the closest point is on an edge whose
 * line separates p from the triangle, and the segment routine is accurate. */
tc_vec3 tc_triangle_closest(tc_vec3 a, tc_vec3 b, tc_vec3 c, tc_vec3 p)
{
    const float m = tc_maxf(tc_maxf(tc_vec3_max_abs(a), tc_vec3_max_abs(b)), tc_maxf(tc_vec3_max_abs(c), tc_vec3_max_abs(p)));
    if (m > 0x1p40f) {
        /* the edge distances' float squares would overflow: scaled under 2^40 and back */
        int e;
        (void)frexpf(m, &e);
        const int k = 40 - e;
        const tc_vec3 q = tc_triangle_closest(tc_vec3_ldexp(a, k), tc_vec3_ldexp(b, k), tc_vec3_ldexp(c, k), tc_vec3_ldexp(p, k));
        return tc_vec3_ldexp(q, -k);
    }
    tc_dvec3 q;
    if (tc_triangle_projects_inside(a, b, c, p, &q)) return tc_vec3_make((float)q.x, (float)q.y, (float)q.z);
    return tc_triangle_closest_on_edges(a, b, c, p);
}

bool tc_triangle_projects_inside(tc_vec3 a, tc_vec3 b, tc_vec3 c, tc_vec3 p, tc_dvec3 *q)
{
    tc_dvec3 ab = tc_dsub(b, a), bc = tc_dsub(c, b), ca = tc_dsub(a, c);
    tc_dvec3 n = tc_dvec3_cross(ab, tc_dsub(c, a));
    double n2 = tc_dvec3_dot(n, n);
    /* No area to speak of: the segment or point it spans. */
    if (!(n2 > 1e-20 * tc_dvec3_dot(ab, ab) * tc_dvec3_dot(ca, ca))) return false;
    tc_dvec3 ap = tc_dsub(p, a), bp = tc_dsub(p, b), cp = tc_dsub(p, c);
    if (tc_dvec3_dot(n, tc_dvec3_cross(ab, ap)) >= 0.0 && tc_dvec3_dot(n, tc_dvec3_cross(bc, bp)) >= 0.0 &&
        tc_dvec3_dot(n, tc_dvec3_cross(ca, cp)) >= 0.0) {
        double k = tc_dvec3_dot(ap, n) / n2;
        q->x = (double)p.x - n.x * k;
        q->y = (double)p.y - n.y * k;
        q->z = (double)p.z - n.z * k;
        return true;
    }
    return false;
}

tc_vec3 tc_triangle_closest_point(const tc_triangle *t, tc_vec3 p)
{
    if (!tc_triangle_is_valid(t) || !tc_vec3_finite(p)) return p;
    return tc_triangle_closest(t->a, t->b, t->c, p);
}

/* Does segment p-q cross the triangle's interior transversally? Only the
 * clear-cut case is decided here; crossings near an edge, and segments in
 * the triangle's plane, are found by the edge and endpoint distances. */
static bool tc_segment_pierces_triangle(tc_vec3 p, tc_vec3 q, const tc_triangle *tri, tc_vec3 *at)
{
    /* In double for the same reason as the point query: a sliver's float
     * normal is too coarse to decide which side of an edge a crossing is. */
    tc_dvec3 ab = tc_dsub(tri->b, tri->a), ac = tc_dsub(tri->c, tri->a);
    tc_dvec3 n = tc_dvec3_cross(ab, ac);
    double sp = tc_dvec3_dot(n, tc_dsub(p, tri->a));
    double sq = tc_dvec3_dot(n, tc_dsub(q, tri->a));
    if ((sp > 0.0 && sq > 0.0) || (sp < 0.0 && sq < 0.0) || sp == sq) return false;
    double k = sp / (sp - sq);
    tc_dvec3 pq = tc_dsub(q, p);
    tc_dvec3 x = { p.x + pq.x * k, p.y + pq.y * k, p.z + pq.z * k };
    tc_dvec3 xa = { tri->a.x - x.x, tri->a.y - x.y, tri->a.z - x.z };
    tc_dvec3 xb = { tri->b.x - x.x, tri->b.y - x.y, tri->b.z - x.z };
    tc_dvec3 xc = { tri->c.x - x.x, tri->c.y - x.y, tri->c.z - x.z };
    if (tc_dvec3_dot(n, tc_dvec3_cross(xb, xc)) >= 0.0 && tc_dvec3_dot(n, tc_dvec3_cross(xc, xa)) >= 0.0 &&
        tc_dvec3_dot(n, tc_dvec3_cross(xa, xb)) >= 0.0) {
        *at = tc_vec3_make((float)x.x, (float)x.y, (float)x.z);
        return true;
    }
    return false;
}

float tc_segment_triangle_closest(tc_vec3 p, tc_vec3 q, const tc_triangle *tri, tc_vec3 *on_segment, tc_vec3 *on_triangle)
{
    tc_vec3 x;
    if (tc_segment_pierces_triangle(p, q, tri, &x)) {
        if (on_segment) *on_segment = x;
        if (on_triangle) *on_triangle = x;
        return 0.0f;
    }
    /* Apart (or crossing near the boundary): the closest pair has an endpoint
     * of the segment, or a point of a triangle edge, as one of its points. */
    tc_vec3 best_s = p, best_t = tc_triangle_closest(tri->a, tri->b, tri->c, p);
    float best = tc_vec3_length_sq(tc_vec3_sub(best_s, best_t));
    tc_vec3 cq = tc_triangle_closest(tri->a, tri->b, tri->c, q);
    float dq = tc_vec3_length_sq(tc_vec3_sub(q, cq));
    if (dq < best) {
        best = dq;
        best_s = q;
        best_t = cq;
    }
    const tc_vec3 corners[4] = { tri->a, tri->b, tri->c, tri->a };
    for (int i = 0; i < 3; ++i) {
        float s, t;
        float d2 = tc_segment_segment_closest(p, q, corners[i], corners[i + 1], &s, &t);
        if (d2 < best) {
            best = d2;
            best_s = tc_vec3_lerp(p, q, s);
            best_t = tc_vec3_lerp(corners[i], corners[i + 1], t);
        }
    }
    if (on_segment) *on_segment = best_s;
    if (on_triangle) *on_triangle = best_t;
    return best;
}
