/* SPDX-License-Identifier: MIT */
/* The overlap test's GJK: the direction towards the origin from the
 * simplex's nearest feature, found by the side tests of the newest vertex's
 * Voronoi regions (cross products, no division, no weights), as a yes-or-no
 * GJK does; the simplex holds the difference's points only.
 *
 * Why not the run of gjk.c: an overlap needs no closest point, witnesses or
 * barycentric weights, and that run's bookkeeping (every face of a
 * tetrahedron solved as a triangle, simplices of three points per vertex
 * copied each step) was some 500 instructions a step, more than its two
 * 32-vertex supports (callgrind, bench_hulls pairs). The directions here are
 * only a search: every answer is proved on its own numbers, in double on the
 * float support points, by the tests of the float run of gjk.c (the support
 * plane's lower bound of the distance past above + err; the origin inside a
 * tetrahedron by more than err from each face). What is not proved is left
 * to the caller (TC_GJK_UNSURE). */
#include "queries/gjk_overlap.h"

#include "queries/hull_pair_support.h"

/* Supports per run before it gives up: the bench's pairs take 3 or 4. */
#define TC_GJK_OVERLAP_STEPS 24

/* The pair's size L (its err is 4e-6 L) must lie within these for the
 * cross products of cross products here (of up to (4 L)^3) and their dot
 * products to stay far from the double range's ends. */
#define TC_GJK_OVERLAP_SIZE_MAX 0x1p60
#define TC_GJK_OVERLAP_SIZE_MIN 0x1p-60

typedef struct lean_simplex {
    tc_dvec3 w[4]; /* points of A - B, the newest last */
    int n;
} lean_simplex;

/* (a x b) x a: perpendicular to a, towards b's side of it. */
static tc_dvec3 across(tc_dvec3 a, tc_dvec3 b) { return tc_dvec3_cross(tc_dvec3_cross(a, b), a); }

/* The nearest feature of a triangle (c, b, a), a newest, from the regions
 * of a's edges and the face: the simplex kept and the direction to the
 * origin. The regions behind the edge b-c and of b and c alone are not
 * tried: the origin lies beyond b-c, towards a, since a was found there. */
static void reduce_triangle(lean_simplex *s, tc_dvec3 c, tc_dvec3 b, tc_dvec3 a, tc_dvec3 *d)
{
    const tc_dvec3 ao = tc_dvec3_neg(a), ab = tc_dvec3_sub(b, a), ac = tc_dvec3_sub(c, a);
    const tc_dvec3 abc = tc_dvec3_cross(ab, ac);
    if (tc_dvec3_dot(tc_dvec3_cross(abc, ac), ao) > 0.0) {
        if (tc_dvec3_dot(ac, ao) > 0.0) {
            s->n = 2; s->w[0] = c; s->w[1] = a;
            *d = across(ac, ao);
            return;
        }
    } else if (!(tc_dvec3_dot(tc_dvec3_cross(ab, abc), ao) > 0.0)) {
        /* over the face, on the origin's side */
        s->n = 3;
        if (tc_dvec3_dot(abc, ao) > 0.0) {
            s->w[0] = c; s->w[1] = b; *d = abc;
        } else {
            s->w[0] = b; s->w[1] = c; *d = tc_dvec3_neg(abc);
        }
        s->w[2] = a;
        return;
    }
    /* the edge a-b, or a alone */
    if (tc_dvec3_dot(ab, ao) > 0.0) {
        s->n = 2; s->w[0] = b; s->w[1] = a;
        *d = across(ab, ao);
    } else {
        s->n = 1; s->w[0] = a;
        *d = ao;
    }
}

/* The simplex's nearest feature to the origin, its newest point added: the
 * simplex reduced to it and *d set towards the origin from it. True when a
 * tetrahedron holds the origin; *proved then says whether it does by more
 * than err (err2 its square) from each face through the newest point, the
 * proof's test for those faces (holds_origin). */
static bool reduce(lean_simplex *s, tc_dvec3 *d, double err2, bool *proved)
{
    const tc_dvec3 a = s->w[s->n - 1], ao = tc_dvec3_neg(a);
    switch (s->n) {
    case 1: *d = ao; return false;
    case 2: {
        const tc_dvec3 ab = tc_dvec3_sub(s->w[0], a);
        if (tc_dvec3_dot(ab, ao) > 0.0) {
            *d = across(ab, ao);
        } else {
            s->n = 1; s->w[0] = a;
            *d = ao;
        }
        return false;
    }
    case 3: reduce_triangle(s, s->w[0], s->w[1], a, d); return false;
    default: {
        /* The faces through a, each with the corner it leaves out; the
         * origin lies on a's side of the old face (a was found there). The
         * first face the origin is not strictly inside of is the triangle
         * to go on from (a flat tetrahedron: any). */
        static const int face[3][3] = { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 } };
        bool deep = true;
        for (int f = 0; f < 3; ++f) {
            const tc_dvec3 p = s->w[face[f][0]], q = s->w[face[f][1]], r = s->w[face[f][2]];
            const tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(p, a), tc_dvec3_sub(q, a));
            const double side = tc_dvec3_dot(n, tc_dvec3_sub(r, a)), o = tc_dvec3_dot(n, ao);
            if (!((side > 0.0 && o > 0.0) || (side < 0.0 && o < 0.0))) {
                reduce_triangle(s, q, p, a, d);
                return false;
            }
            deep = deep && o * o > err2 * tc_dvec3_length_sq(n);
        }
        *proved = deep;
        return true;
    }
    }
}

/* The float run's proof (gjk.c's closest_tetrahedron with its err): the
 * origin inside the tetrahedron by more than err from each face's plane. */
static bool holds_origin(const lean_simplex *s, double err)
{
    static const int faces[4][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 1, 3, 2, 0 } };
    for (int f = 0; f < 4; ++f) {
        const tc_dvec3 a = s->w[faces[f][0]], b = s->w[faces[f][1]], c = s->w[faces[f][2]], d = s->w[faces[f][3]];
        const tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(b, a), tc_dvec3_sub(c, a));
        const double sp = -tc_dvec3_dot(a, n), sd = tc_dvec3_dot(tc_dvec3_sub(d, a), n);
        if (!((sp > 0.0 && sd > 0.0) || (sp < 0.0 && sd < 0.0))) return false;
        if (!(sp * sp > err * err * tc_dvec3_length_sq(n))) return false;
    }
    return true;
}

/* The difference's support point along d, by the scan (hull_pair_support.h)
 * its caller can inline. */
TC_FORCE_INLINE tc_dvec3 support(const tc_hull_pair *p, tc_dvec3 d, tc_hull_scan_fn *scan)
{
    int32_t ia, ib;
    tc_dvec3 pa, pb;
    tc_hull_pair_support_inline(p, d, &ia, &ib, &pa, &pb, scan);
    return tc_dvec3_sub(pa, pb);
}

/* A tetrahedron s that holds the origin, but not by err from some face (a
 * thin one: most pairs it stops on overlap by far more than err). A
 * support beyond the face nearest the origin, in place of one of its
 * corners, gives a tetrahedron reaching further out on that side; two
 * rounds, as the deepening of gjk.c's float run, whose idea this is. True
 * when one holds the origin by more than err (s is then it). */
TC_FORCE_INLINE bool deepen(const tc_hull_pair *p, lean_simplex *s, double err, tc_hull_scan_fn *scan)
{
    static const int faces[4][4] = { { 0, 1, 2, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 1, 3, 2, 0 } };
    for (int round = 0; round < 2; ++round) {
        int near = 0;
        double near_h = INFINITY, near_nn = 1.0;
        tc_dvec3 out = tc_dvec3_make(0, 0, 0);
        for (int f = 0; f < 4; ++f) {
            const tc_dvec3 a = s->w[faces[f][0]], b = s->w[faces[f][1]], c = s->w[faces[f][2]], d = s->w[faces[f][3]];
            tc_dvec3 n = tc_dvec3_cross(tc_dvec3_sub(b, a), tc_dvec3_sub(c, a));
            double sp = tc_dvec3_dot(a, n);
            if (tc_dvec3_dot(tc_dvec3_sub(d, a), n) > 0.0) { /* outward: away from the corner left out */
                n = tc_dvec3_neg(n);
                sp = -sp;
            }
            const double nn = tc_dvec3_length_sq(n), h = nn > 0.0 ? sp / sqrt(nn) : -INFINITY;
            if (h < near_h) {
                near = f;
                near_h = h;
                near_nn = nn;
                out = n;
            }
        }
        const tc_dvec3 w = support(p, out, scan);
        const double beyond = tc_dvec3_dot(tc_dvec3_sub(w, s->w[faces[near][0]]), out);
        if (!(beyond > 0.0 && beyond * beyond > err * err * near_nn)) return false;
        /* w in place of each of the face's corners in turn: the first that
         * proves the overlap, else one that holds the origin at all, for the
         * next round */
        int held = -1;
        for (int k = 0; k < 3; ++k) {
            lean_simplex t = *s;
            t.w[faces[near][k]] = w;
            if (holds_origin(&t, err)) {
                *s = t;
                return true;
            }
            if (held < 0 && holds_origin(&t, 0.0)) held = k;
        }
        if (held < 0) return false;
        s->w[faces[near][held]] = w;
    }
    return false;
}

TC_FORCE_INLINE tc_gjk_status lean_run(const tc_hull_pair *p, double above, tc_hull_scan_fn *scan)
{
    const double err = p->err, size = err / 4e-6, bar = above + err;
    if (!(size <= TC_GJK_OVERLAP_SIZE_MAX && size >= TC_GJK_OVERLAP_SIZE_MIN)) return TC_GJK_UNSURE;
    /* A step must gain more than this (relative to |d|) along d: less is
     * within the support's own error of converged, short of a proof. */
    const double stall = 1e-3 * err;
    /* first along the centres' line, from A's towards B's */
    tc_dvec3 d = tc_dvec3_sub(p->cb, p->ca);
    if (tc_dvec3_length_sq(d) == 0.0) d = tc_dvec3_make(1, 0, 0);
    lean_simplex s;
    s.n = 0;
    for (int step = 0; step < TC_GJK_OVERLAP_STEPS; ++step) {
        const tc_dvec3 w = support(p, d, scan);
        /* the support plane along d: the whole difference at most d.w */
        const double dw = tc_dvec3_dot(d, w), dd = tc_dvec3_length_sq(d);
        if (dw < 0.0 && dw * dw > bar * bar * dd) return TC_GJK_SEPARATED;
        /* the simplex's feature along d (all its points alike) */
        const double df = s.n > 0 ? tc_dvec3_dot(d, s.w[s.n - 1]) : 0.0;
        if (s.n > 0) {
            const double gain = dw - df;
            if (!(gain > 0.0 && gain * gain > stall * stall * dd)) return TC_GJK_UNSURE;
        }
        s.w[s.n++] = w;
        bool proved = false;
        if (reduce(&s, &d, err * err, &proved)) {
            /* A tetrahedron comes of a triangle and the support along its
             * normal d towards the origin: the origin is -df / |d| inside that
             * face, the proof's test of the fourth face in d's numbers. */
            if (proved && df < 0.0 && df * df > err * err * dd) return TC_GJK_INTERSECTING;
            return deepen(p, &s, err, scan) ? TC_GJK_INTERSECTING : TC_GJK_UNSURE;
        }
        if (d.x == 0.0 && d.y == 0.0 && d.z == 0.0) return TC_GJK_UNSURE; /* the origin on the simplex */
    }
    return TC_GJK_UNSURE;
}

#ifdef TC_HULL_PAIR_AVX512
/* The run built for AVX2, its supports' scans inlined (eight wide). */
__attribute__((target("avx2"))) static tc_gjk_status lean_run_wide(const tc_hull_pair *p, double above)
{
    return lean_run(p, above, scan_index_wide);
}
#endif

tc_gjk_status tc_gjk_hull_pair_overlap(const tc_hull_pair *p, double above)
{
#ifdef TC_HULL_PAIR_AVX512
    if (__builtin_cpu_supports("avx2") && !__builtin_cpu_supports("avx512f")) return lean_run_wide(p, above);
#endif
    return lean_run(p, above, scan_index);
}
