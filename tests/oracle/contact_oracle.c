/* SPDX-License-Identifier: MIT */
#include "contact_oracle.h"

#include <math.h>

co_vec co_make(double x, double y, double z) { co_vec r; r.x = x; r.y = y; r.z = z; return r; }
co_vec co_from(tc_vec3 v) { return co_make(v.x, v.y, v.z); }
co_vec co_add(co_vec a, co_vec b) { return co_make(a.x + b.x, a.y + b.y, a.z + b.z); }
co_vec co_sub(co_vec a, co_vec b) { return co_make(a.x - b.x, a.y - b.y, a.z - b.z); }
co_vec co_scale(co_vec a, double s) { return co_make(a.x * s, a.y * s, a.z * s); }
double co_dot(co_vec a, co_vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
double co_len(co_vec a) { return sqrt(co_dot(a, a)); }
static co_vec co_cross(co_vec a, co_vec b) { return co_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
static co_vec co_lerp(co_vec a, co_vec b, double t) { return co_add(a, co_scale(co_sub(b, a), t)); }

static co_shape blank(int kind)
{
    co_shape s;
    s.kind = kind;
    for (int i = 0; i < 8; ++i) s.v[i] = co_make(0, 0, 0);
    s.center = co_make(0, 0, 0);
    for (int i = 0; i < 3; ++i) { s.axis[i] = co_make(0, 0, 0); s.half[i] = 0; }
    s.radius = 0;
    s.n = co_make(0, 0, 1);
    s.offset = 0;
    return s;
}

co_shape co_sphere(const tc_sphere *x)
{
    co_shape s = blank(CO_POINT);
    s.v[0] = co_from(x->center);
    s.radius = x->radius;
    return s;
}

co_shape co_capsule(const tc_capsule *x)
{
    co_shape s = blank(CO_SEGMENT);
    s.v[0] = co_from(x->a);
    s.v[1] = co_from(x->b);
    s.radius = x->radius;
    return s;
}

static void box_vertices(co_shape *s)
{
    int k = 0;
    for (int sx = -1; sx <= 1; sx += 2)
        for (int sy = -1; sy <= 1; sy += 2)
            for (int sz = -1; sz <= 1; sz += 2)
                s->v[k++] = co_add(s->center, co_add(co_scale(s->axis[0], sx * s->half[0]),
                                                     co_add(co_scale(s->axis[1], sy * s->half[1]), co_scale(s->axis[2], sz * s->half[2]))));
}

co_shape co_aabb(const tc_aabb *x)
{
    co_shape s = blank(CO_BOX);
    s.center = co_scale(co_add(co_from(x->min), co_from(x->max)), 0.5);
    s.axis[0] = co_make(1, 0, 0); s.axis[1] = co_make(0, 1, 0); s.axis[2] = co_make(0, 0, 1);
    s.half[0] = 0.5 * ((double)x->max.x - x->min.x);
    s.half[1] = 0.5 * ((double)x->max.y - x->min.y);
    s.half[2] = 0.5 * ((double)x->max.z - x->min.z);
    box_vertices(&s);
    return s;
}

co_shape co_obb(const tc_obb *x)
{
    co_shape s = blank(CO_BOX);
    s.center = co_from(x->center);
    s.axis[0] = co_from(x->rotation.cx); s.axis[1] = co_from(x->rotation.cy); s.axis[2] = co_from(x->rotation.cz);
    for (int i = 0; i < 3; ++i) s.axis[i] = co_scale(s.axis[i], 1.0 / co_len(s.axis[i]));
    s.half[0] = x->half.x; s.half[1] = x->half.y; s.half[2] = x->half.z;
    box_vertices(&s);
    return s;
}

co_shape co_triangle(const tc_triangle *x)
{
    co_shape s = blank(CO_TRIANGLE);
    s.v[0] = co_from(x->a); s.v[1] = co_from(x->b); s.v[2] = co_from(x->c);
    return s;
}

co_shape co_plane(const tc_plane *p)
{
    co_shape s = blank(CO_HALF_SPACE);
    co_vec n = co_from(p->normal);
    double l = co_len(n);
    s.n = co_scale(n, 1.0 / l);
    s.offset = p->offset / l;
    return s;
}

co_shape co_translated(const co_shape *x, co_vec d)
{
    co_shape s = *x;
    for (int i = 0; i < 8; ++i) s.v[i] = co_add(s.v[i], d);
    s.center = co_add(s.center, d);
    s.offset += co_dot(s.n, d);
    return s;
}

static int vertex_count(const co_shape *s) { return s->kind == CO_HALF_SPACE ? 0 : s->kind; }

double co_scale_of(const co_shape *s)
{
    double m = 0;
    for (int i = 0; i < vertex_count(s); ++i) {
        double a = fabs(s->v[i].x), b = fabs(s->v[i].y), c = fabs(s->v[i].z);
        if (a > m) m = a;
        if (b > m) m = b;
        if (c > m) m = c;
    }
    return m + s->radius;
}

/* ---- exact projections onto the cores ---------------------------------- */
static co_vec seg_closest(co_vec a, co_vec b, co_vec p)
{
    co_vec d = co_sub(b, a);
    double dd = co_dot(d, d);
    double t = dd > 0 ? co_dot(co_sub(p, a), d) / dd : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return co_lerp(a, b, t);
}

/* Project on the plane; inside the three edge half-planes keep it, else the
 * best of the three edges. */
static co_vec tri_closest(const co_vec *v, co_vec p)
{
    co_vec n = co_cross(co_sub(v[1], v[0]), co_sub(v[2], v[0]));
    double nn = co_dot(n, n);
    if (nn > 1e-30 * pow(co_len(co_sub(v[1], v[0])) + co_len(co_sub(v[2], v[0])), 4)) {
        co_vec q = co_sub(p, co_scale(n, co_dot(co_sub(p, v[0]), n) / nn));
        bool inside = true;
        for (int i = 0; i < 3; ++i) {
            co_vec e = co_sub(v[(i + 1) % 3], v[i]);
            if (co_dot(co_cross(e, co_sub(q, v[i])), n) < 0) inside = false;
        }
        if (inside) return q;
    }
    co_vec best = v[0];
    double bd = INFINITY;
    for (int i = 0; i < 3; ++i) {
        co_vec q = seg_closest(v[i], v[(i + 1) % 3], p);
        double d = co_len(co_sub(q, p));
        if (d < bd) { bd = d; best = q; }
    }
    return best;
}

static co_vec core_closest(const co_shape *s, co_vec p)
{
    switch (s->kind) {
    case CO_POINT: return s->v[0];
    case CO_SEGMENT: return seg_closest(s->v[0], s->v[1], p);
    case CO_TRIANGLE: return tri_closest(s->v, p);
    case CO_BOX: {
        co_vec d = co_sub(p, s->center), r = s->center;
        for (int i = 0; i < 3; ++i) {
            double t = co_dot(d, s->axis[i]);
            t = t < -s->half[i] ? -s->half[i] : (t > s->half[i] ? s->half[i] : t);
            r = co_add(r, co_scale(s->axis[i], t));
        }
        return r;
    }
    default: { /* half-space */
        double h = co_dot(s->n, p) - s->offset;
        return h > 0 ? co_sub(p, co_scale(s->n, h)) : p;
    }
    }
}

double co_point_distance(const co_shape *s, co_vec p)
{
    double d = co_len(co_sub(core_closest(s, p), p)) - s->radius;
    return d > 0 ? d : 0;
}

/* ---- surface samples of a core ------------------------------------------ */
#define CO_EDGE_SAMPLES 10
#define CO_FACE_SAMPLES 6

static int core_samples(const co_shape *s, co_vec *out, int cap)
{
    int k = 0;
#define PUT(p) do { if (k < cap) out[k++] = (p); } while (0)
    switch (s->kind) {
    case CO_POINT: PUT(s->v[0]); break;
    case CO_SEGMENT:
        for (int i = 0; i <= CO_EDGE_SAMPLES; ++i) PUT(co_lerp(s->v[0], s->v[1], (double)i / CO_EDGE_SAMPLES));
        break;
    case CO_TRIANGLE:
        for (int i = 0; i <= CO_EDGE_SAMPLES; ++i)
            for (int j = 0; i + j <= CO_EDGE_SAMPLES; ++j) {
                double u = (double)i / CO_EDGE_SAMPLES, w = (double)j / CO_EDGE_SAMPLES;
                PUT(co_add(s->v[0], co_add(co_scale(co_sub(s->v[1], s->v[0]), u), co_scale(co_sub(s->v[2], s->v[0]), w))));
            }
        break;
    case CO_BOX:
        /* Each face as a grid, edges and corners included. */
        for (int f = 0; f < 3; ++f)
            for (int sgn = -1; sgn <= 1; sgn += 2)
                for (int i = 0; i <= CO_FACE_SAMPLES; ++i)
                    for (int j = 0; j <= CO_FACE_SAMPLES; ++j) {
                        int g = (f + 1) % 3, h = (f + 2) % 3;
                        double a = -1 + 2.0 * i / CO_FACE_SAMPLES, b = -1 + 2.0 * j / CO_FACE_SAMPLES;
                        PUT(co_add(s->center, co_add(co_scale(s->axis[f], sgn * s->half[f]),
                                                     co_add(co_scale(s->axis[g], a * s->half[g]), co_scale(s->axis[h], b * s->half[h])))));
                    }
        break;
    default: break;
    }
#undef PUT
    return k;
}

/* Alternating projections from p (on A): converges to a closest pair. */
static double refine(const co_shape *a, const co_shape *b, co_vec p, co_vec *pa, co_vec *pb)
{
    double best = INFINITY;
    for (int it = 0; it < 400; ++it) {
        co_vec q = core_closest(b, p);
        double d = co_len(co_sub(q, p));
        if (d < best) {
            bool small_gain = best - d <= 1e-15 * (1 + d);
            best = d;
            *pa = p;
            *pb = q;
            if (small_gain && it > 4) break;
        } else if (it > 4) {
            break;
        }
        p = core_closest(a, q);
    }
    return best;
}

static double core_distance(const co_shape *a, const co_shape *b, co_vec *pa, co_vec *pb)
{
    co_vec samples[700];
    double best = INFINITY;
    /* Sample A against B, and B against A; refine the best of each. */
    for (int pass = 0; pass < 2; ++pass) {
        const co_shape *x = pass == 0 ? a : b, *y = pass == 0 ? b : a;
        if (x->kind == CO_HALF_SPACE) continue;
        int n = core_samples(x, samples, 700);
        int bi = 0;
        double bd = INFINITY;
        for (int i = 0; i < n; ++i) {
            double d = co_len(co_sub(core_closest(y, samples[i]), samples[i]));
            if (d < bd) { bd = d; bi = i; }
        }
        co_vec p, q;
        double d = refine(x, y, samples[bi], &p, &q);
        if (d < best) {
            best = d;
            *pa = pass == 0 ? p : q;
            *pb = pass == 0 ? q : p;
        }
    }
    return best;
}

double co_distance(const co_shape *a, const co_shape *b, co_vec *pa, co_vec *pb)
{
    co_vec qa, qb;
    double d = core_distance(a, b, &qa, &qb);
    double r = a->radius + b->radius;
    co_vec n = d > 0 ? co_scale(co_sub(qb, qa), 1.0 / d) : co_make(0, 0, 0);
    if (pa) *pa = co_add(qa, co_scale(n, a->radius));
    if (pb) *pb = co_sub(qb, co_scale(n, b->radius));
    return d > r ? d - r : 0;
}

/* ---- support functions and depth ---------------------------------------- */
static double support(const co_shape *s, co_vec u)
{
    if (s->kind == CO_HALF_SPACE) {
        /* Bounded only along the normal. */
        double c = co_dot(u, s->n);
        double l = co_len(u);
        return c > (1 - 1e-6) * l ? s->offset * l : INFINITY;
    }
    double m = -INFINITY;
    for (int i = 0; i < s->kind; ++i) {
        double p = co_dot(s->v[i], u);
        if (p > m) m = p;
    }
    return m + s->radius * co_len(u);
}

double co_overlap_along(const co_shape *a, const co_shape *b, co_vec u)
{
    return support(a, u) + support(b, co_scale(u, -1));
}

static co_vec unit(co_vec v) { return co_scale(v, 1.0 / co_len(v)); }

double co_depth(const co_shape *a, const co_shape *b, co_vec *dir)
{
    if (b->kind == CO_HALF_SPACE) {
        co_vec u = co_scale(b->n, -1);
        if (dir) *dir = u;
        return co_overlap_along(a, b, u);
    }
    /* Fibonacci sphere of directions. */
    enum { N = 2000, KEEP = 3 };
    co_vec best_u[KEEP];
    double best_v[KEEP];
    for (int k = 0; k < KEEP; ++k) { best_v[k] = INFINITY; best_u[k] = co_make(0, 0, 1); }
    const double golden = 2.399963229728653;
    for (int i = 0; i < N; ++i) {
        double z = 1 - (2.0 * i + 1) / N, r = sqrt(1 - z * z), phi = golden * i;
        co_vec u = co_make(r * cos(phi), r * sin(phi), z);
        double v = co_overlap_along(a, b, u);
        int worst = 0;
        for (int k = 1; k < KEEP; ++k)
            if (best_v[k] > best_v[worst]) worst = k;
        if (v < best_v[worst]) { best_v[worst] = v; best_u[worst] = u; }
    }
    /* Shrinking grid search around each of the best directions: a 9 x 9
     * grid across the direction, recentred on its best point, shrunk by 0.7
     * per round (a compass search stalls in the sharp valleys of a
     * polytope's support function; a full grid does not). */
    double result = INFINITY;
    co_vec result_u = best_u[0];
    for (int k = 0; k < KEEP; ++k) {
        co_vec u = best_u[k];
        double v = best_v[k], radius = 0.1;
        for (int round = 0; round < 70 && radius > 1e-12; ++round) {
            co_vec t1 = unit(co_cross(u, fabs(u.x) < 0.6 ? co_make(1, 0, 0) : co_make(0, 1, 0)));
            co_vec t2 = co_cross(u, t1);
            co_vec bu = u;
            for (int i = -4; i <= 4; ++i)
                for (int j = -4; j <= 4; ++j) {
                    if (i == 0 && j == 0) continue;
                    co_vec c = unit(co_add(u, co_add(co_scale(t1, radius * i / 4.0), co_scale(t2, radius * j / 4.0))));
                    double cv = co_overlap_along(a, b, c);
                    if (cv < v) { v = cv; bu = c; }
                }
            u = bu;
            radius *= 0.7;
        }
        if (v < result) { result = v; result_u = u; }
    }
    if (dir) *dir = result_u;
    return result;
}

double co_best_separation(const co_shape *a, const co_shape *b, co_vec u0)
{
    co_vec u = unit(u0);
    if (b->kind == CO_HALF_SPACE) return -co_overlap_along(a, b, co_scale(b->n, -1));
    double v = -co_overlap_along(a, b, u), step = 1e-2;
    for (int guard = 0; step > 1e-13 && guard < 600; ++guard) {
        co_vec t1 = unit(co_cross(u, fabs(u.x) < 0.6 ? co_make(1, 0, 0) : co_make(0, 1, 0)));
        co_vec t2 = co_cross(u, t1);
        bool moved = false;
        for (int d = 0; d < 24; ++d) {
            double ang = d * 0.2617993877991494;
            co_vec c = unit(co_add(u, co_scale(co_add(co_scale(t1, cos(ang)), co_scale(t2, sin(ang))), step)));
            double cv = -co_overlap_along(a, b, c);
            if (cv > v) { v = cv; u = c; moved = true; break; }
        }
        if (!moved) step *= 0.5;
    }
    return v;
}

/* Branch and bound over the sphere of directions, cut into the 6 faces of a
 * cube (gnomonic cells). On a cell of half-size h around direction c, every
 * unit direction is within sqrt(2) h of c, and the overlap function is
 * Lipschitz with constant L = max|a_i - m| + max|b_j - m| + radii (m any
 * point), so D >= D(c) - L sqrt(2) h there: a cell whose bound clears the
 * target is done, any other is split in four. */
int co_depth_at_least(const co_shape *a, const co_shape *b, double target, int budget)
{
    if (b->kind == CO_HALF_SPACE) return co_overlap_along(a, b, co_scale(b->n, -1)) >= target ? 1 : 0;
    co_vec m = co_make(0, 0, 0);
    for (int i = 0; i < a->kind; ++i) m = co_add(m, a->v[i]);
    m = co_scale(m, 1.0 / a->kind);
    double la = 0, lb = 0;
    for (int i = 0; i < a->kind; ++i) la = fmax(la, co_len(co_sub(a->v[i], m)));
    for (int i = 0; i < b->kind; ++i) lb = fmax(lb, co_len(co_sub(b->v[i], m)));
    double L = la + lb;
    typedef struct cell { int face; double s, t, h; } cell;
    enum { STACK = 16384 };
    static cell stack[STACK]; /* tests are single-threaded */
    int top = 0, used = 0;
    for (int f = 0; f < 6; ++f) { stack[top].face = f; stack[top].s = 0; stack[top].t = 0; stack[top].h = 1; ++top; }
    while (top > 0) {
        cell c = stack[--top];
        if (++used > budget) return -1;
        int axis = c.face % 3;
        double sign = c.face < 3 ? 1 : -1;
        double p[3];
        p[axis] = sign;
        p[(axis + 1) % 3] = c.s;
        p[(axis + 2) % 3] = c.t;
        co_vec u = unit(co_make(p[0], p[1], p[2]));
        double d = co_overlap_along(a, b, u);
        if (d < target) return 0;
        if (d - L * 1.4142135623730951 * c.h >= target) continue;
        if (top + 4 > STACK) return -1;
        double q = 0.5 * c.h;
        for (int k = 0; k < 4; ++k) {
            stack[top].face = c.face;
            stack[top].s = c.s + ((k & 1) ? q : -q);
            stack[top].t = c.t + ((k & 2) ? q : -q);
            stack[top].h = q;
            ++top;
        }
    }
    return 1;
}
