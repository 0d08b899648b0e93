/* Closest points on triangles. The point query follows the Voronoi-region
 * walk of Ericson (Real-Time Collision Detection, 5.1.5); a triangle too
 * thin for barycentric division falls back to its edges, so collinear and
 * coincident corners are handled as the segment or point they span. */
#include "shapes/closest.h"

#include "core/float.h"

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

tc_vec3 tc_triangle_closest(tc_vec3 a, tc_vec3 b, tc_vec3 c, tc_vec3 p)
{
    tc_vec3 ab = tc_vec3_sub(b, a), ac = tc_vec3_sub(c, a), ap = tc_vec3_sub(p, a);
    tc_vec3 n = tc_vec3_cross(ab, ac);
    float n2 = tc_vec3_dot(n, n);
    /* Thin triangle: the area is lost in rounding, barycentrics are noise. */
    if (!(n2 > 1e-10f * tc_vec3_dot(ab, ab) * tc_vec3_dot(ac, ac))) return tc_triangle_closest_on_edges(a, b, c, p);

    float d1 = tc_vec3_dot(ab, ap), d2 = tc_vec3_dot(ac, ap);
    if (d1 <= 0.0f && d2 <= 0.0f) return a;
    tc_vec3 bp = tc_vec3_sub(p, b);
    float d3 = tc_vec3_dot(ab, bp), d4 = tc_vec3_dot(ac, bp);
    if (d3 >= 0.0f && d4 <= d3) return b;
    float vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) return tc_vec3_mul_add(a, ab, d1 / (d1 - d3));
    tc_vec3 cp = tc_vec3_sub(p, c);
    float d5 = tc_vec3_dot(ab, cp), d6 = tc_vec3_dot(ac, cp);
    if (d6 >= 0.0f && d5 <= d6) return c;
    float vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) return tc_vec3_mul_add(a, ac, d2 / (d2 - d6));
    float va = d3 * d6 - d5 * d4;
    if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f)
        return tc_vec3_mul_add(b, tc_vec3_sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
    /* Inside the face: project onto the plane directly, which is more
     * accurate than the barycentric combination far from the origin. */
    return tc_vec3_sub(p, tc_vec3_scale(n, tc_vec3_dot(ap, n) / n2));
}

tc_vec3 tc_closest_point_triangle(const tc_triangle *t, tc_vec3 p)
{
    if (!tc_triangle_is_valid(t)) return p;
    return tc_triangle_closest(t->a, t->b, t->c, p);
}

/* Does segment p-q cross the triangle's interior transversally? Only the
 * clear-cut case is decided here; crossings near an edge, and segments in
 * the triangle's plane, are found by the edge and endpoint distances. */
static bool tc_segment_pierces_triangle(tc_vec3 p, tc_vec3 q, const tc_triangle *tri, tc_vec3 *at)
{
    tc_vec3 ab = tc_vec3_sub(tri->b, tri->a), ac = tc_vec3_sub(tri->c, tri->a);
    tc_vec3 n = tc_vec3_cross(ab, ac);
    float sp = tc_vec3_dot(n, tc_vec3_sub(p, tri->a));
    float sq = tc_vec3_dot(n, tc_vec3_sub(q, tri->a));
    if ((sp > 0.0f && sq > 0.0f) || (sp < 0.0f && sq < 0.0f) || sp == sq) return false;
    tc_vec3 x = tc_vec3_lerp(p, q, sp / (sp - sq));
    /* Inside test by the signs of the sub-triangle normals. */
    tc_vec3 xa = tc_vec3_sub(tri->a, x), xb = tc_vec3_sub(tri->b, x), xc = tc_vec3_sub(tri->c, x);
    float u = tc_vec3_dot(n, tc_vec3_cross(xb, xc));
    float v = tc_vec3_dot(n, tc_vec3_cross(xc, xa));
    float w = tc_vec3_dot(n, tc_vec3_cross(xa, xb));
    if (u >= 0.0f && v >= 0.0f && w >= 0.0f) {
        *at = x;
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
