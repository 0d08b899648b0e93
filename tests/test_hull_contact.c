/* SPDX-License-Identifier: MIT */
/* Hull-hull contact (the float separating-axis test, hull_sat_float.c, and
 * its manifold) against a brute-force double-precision oracle: the minimum
 * translation is the least overlap over the oracle hulls' face planes and
 * the cross products of every pair of points of A with every pair of B
 * (a superset of the edge pairs, so the least is exact), both signs; the
 * points are checked against the oracle's hulls (hull_oracle.h). */
#include <touche/touche.h>
#include <touche/hull.h>

#include <math.h>

#include "harness.h"
#include "hull_oracle.h"
#include "oracle.h"

#define HC_MAX_PTS 8

typedef struct solid {
    tc_vec3 local[HC_MAX_PTS];
    int n;
    tc_hull_data *data;
    tc_hull hull;
    ovec w[HC_MAX_PTS]; /* placed, in double */
    orc_hull oh;
} solid;

/* Random convex point sets: a loose cloud, a box's corners, points on an
 * ellipsoid. */
static void solid_points(test_rng *r, solid *s, int kind)
{
    double ax[3];
    test_rng_uniform3(r, 0.3, 1.0, ax);
    if (kind == 1) {
        s->n = 8;
        for (int i = 0; i < 8; ++i)
            s->local[i] = tc_vec3_make((float)(i & 1 ? ax[0] : -ax[0]), (float)(i & 2 ? ax[1] : -ax[1]),
                                       (float)(i & 4 ? ax[2] : -ax[2]));
        return;
    }
    s->n = kind == 2 ? HC_MAX_PTS : test_rng_int(r, 5, HC_MAX_PTS);
    for (int i = 0; i < s->n; ++i) {
        ovec u = kind == 2 ? gen_unit(r) : gen_vec(r, -1.0, 1.0);
        s->local[i] = tc_vec3_make((float)(ax[0] * u.x), (float)(ax[1] * u.y), (float)(ax[2] * u.z));
    }
}

static void solid_place(solid *s, tc_mat3 rotation, float scale, ovec position)
{
    s->hull.data = s->data;
    s->hull.rotation = rotation;
    s->hull.scale = scale;
    s->hull.position = ov_to(position);
    for (int i = 0; i < s->n; ++i) s->w[i] = orc_place(s->hull.position, rotation, scale, s->local[i]);
    orc_hull_build(&s->oh, s->w, s->n);
}

/* False for a set the builder did not make solid (the float path is for
 * solids; flat and thinner sets keep the general path). */
static bool solid_make(test_rng *r, solid *s, int kind, ovec position)
{
    solid_points(r, s, kind);
    s->data = tc_hull_data_create(s->local, s->n, NULL);
    if (!s->data || tc_hull_data_dimension(s->data) != 3) return false;
    double q[4];
    gen_quat(r, q);
    solid_place(s, gen_mat3_from_quat(q), (float)test_rng_uniform(r, 0.5, 3.0), position);
    return s->oh.dim == 3;
}

/* How far B must move along u to clear A (negative: apart along u). */
static double overlap_along(const solid *a, const solid *b, ovec u)
{
    double ha = -INFINITY, lb = INFINITY;
    for (int i = 0; i < a->n; ++i) ha = fmax(ha, ov_dot(a->w[i], u));
    for (int j = 0; j < b->n; ++j) lb = fmin(lb, ov_dot(b->w[j], u));
    return ha - lb;
}

/* The minimum translation distance: every direction's overlap is at least
 * it, and the facet normals of A - B are among these candidates. */
static double brute_mtd(const solid *a, const solid *b)
{
    double best = INFINITY;
    for (int k = 0; k < a->oh.nplane; ++k) {
        best = fmin(best, overlap_along(a, b, a->oh.pn[k]));
        best = fmin(best, overlap_along(a, b, ov_scale(a->oh.pn[k], -1.0)));
    }
    for (int k = 0; k < b->oh.nplane; ++k) {
        best = fmin(best, overlap_along(a, b, b->oh.pn[k]));
        best = fmin(best, overlap_along(a, b, ov_scale(b->oh.pn[k], -1.0)));
    }
    for (int i = 0; i < a->n; ++i)
        for (int j = i + 1; j < a->n; ++j)
            for (int k = 0; k < b->n; ++k)
                for (int l = k + 1; l < b->n; ++l) {
                    ovec da = ov_sub(a->w[j], a->w[i]), db = ov_sub(b->w[l], b->w[k]);
                    ovec u = ov_cross(da, db);
                    double len = ov_len(u);
                    if (!(len > 1e-9 * ov_len(da) * ov_len(db))) continue;
                    u = ov_scale(u, 1.0 / len);
                    best = fmin(best, overlap_along(a, b, u));
                    best = fmin(best, overlap_along(a, b, ov_scale(u, -1.0)));
                }
    return best;
}

static double diameter(const solid *s)
{
    double d = 0.0;
    for (int i = 0; i < s->n; ++i)
        for (int j = i + 1; j < s->n; ++j) d = fmax(d, ov_dist(s->w[i], s->w[j]));
    return d;
}

static int extreme(const solid *s, ovec u, double sign)
{
    int k = 0;
    for (int i = 1; i < s->n; ++i)
        if (sign * ov_dot(s->w[i], u) > sign * ov_dot(s->w[k], u)) k = i;
    return k;
}

typedef struct tally { long pairs, contacts, missed, depth_bad, normal_bad, point_bad; double worst_point; } tally;

/* One overlapping pair against the oracle. */
static void check_pair(const solid *a, const solid *b, tally *t)
{
    if (!tc_overlap_hull_hull(&a->hull, &b->hull)) return;
    ++t->pairs;
    tc_manifold m;
    if (!tc_contact_hull_hull(&a->hull, &b->hull, &m)) {
        if (t->missed++ < 3) fprintf(stderr, "hull contact: overlap true, contact false\n");
        return;
    }
    ++t->contacts;
    const double scale = fmax(a->oh.coord, b->oh.coord);
    const double tol = 1e-5 * scale, pref = 1e-4 * (diameter(a) + diameter(b));
    double depth = 0.0;
    for (int k = 0; k < m.count; ++k) depth = fmax(depth, (double)m.points[k].depth);
    const double mtd = fmax(brute_mtd(a, b), 0.0);
    if (!(depth >= mtd - tol && depth <= mtd + pref + tol) && t->depth_bad++ < 3)
        fprintf(stderr, "hull contact: depth %.9g, minimum translation %.9g (scale %.3g)\n", depth, mtd, scale);
    /* moving B by the normal times the depth parts them: the overlap along
     * the normal is that depth */
    const ovec n = ov_from(m.normal);
    const double along = overlap_along(a, b, ov_unit(n));
    if (!(fabs(ov_len(n) - 1.0) <= 1e-5 && along <= depth + tol) && t->normal_bad++ < 3)
        fprintf(stderr, "hull contact: normal of length %.9g, overlap %.9g along it, depth %.9g\n", ov_len(n), along, depth);
    for (int k = 0; k < m.count; ++k) {
        tc_sphere p = { m.points[k].point, 0.0f };
        orc_shape ps = orc_from_sphere(&p);
        double off = fmax(orc_hull_distance(&a->oh, &ps), orc_hull_distance(&b->oh, &ps)) / scale;
        t->worst_point = fmax(t->worst_point, off);
        if (!(off <= 1e-4) && t->point_bad++ < 3) fprintf(stderr, "hull contact: point %.3g of the scale outside a shape\n", off);
    }
}

static void report(const char *what, const tally *t)
{
    printf("%s: %ld overlapping pairs, %ld contacts: %ld missed, %ld depths off, %ld normals off, %ld points outside "
           "(worst %.3g of the scale)\n",
           what, t->pairs, t->contacts, t->missed, t->depth_bad, t->normal_bad, t->point_bad, t->worst_point);
    CHECK(t->missed == 0);
    CHECK(t->depth_bad == 0);
    CHECK(t->normal_bad == 0);
    CHECK(t->point_bad == 0);
}

/* Random solid pairs, shallow (extremes brought together along a random
 * direction, then pushed in by up to a tenth of A's scale) and deep (B's
 * centre anywhere within half A's scale of A's). */
TEST_CASE(hull_hull_contact_random_vs_oracle)
{
    test_rng r = { 71 };
    int n = test_random_count(3000);
    tally t = { 0 };
    long made = 0;
    for (int c = 0; c < n; ++c) {
        static solid a, b;
        a.data = b.data = NULL;
        const ovec center = gen_vec(&r, -20.0, 20.0);
        const ovec u = gen_unit(&r);
        const bool ok = solid_make(&r, &a, test_rng_int(&r, 0, 2), center) &&
                        solid_make(&r, &b, test_rng_int(&r, 0, 2), ov_madd(center, u, 12.0));
        if (ok) {
            ++made;
            const double size = a.hull.scale;
            ovec shift;
            if (c % 2 == 0) {
                const int ta = extreme(&a, u, 1.0), tb = extreme(&b, u, -1.0);
                shift = ov_sub(ov_madd(a.w[ta], u, -test_rng_uniform(&r, 0.0, 0.1) * size), b.w[tb]);
            } else {
                shift = ov_sub(gen_around(&r, center, size, 0.0, 0.5), ov_from(b.hull.position));
            }
            solid_place(&b, b.hull.rotation, b.hull.scale, ov_add(ov_from(b.hull.position), shift));
            check_pair(&a, &b, &t);
        }
        tc_hull_data_destroy(a.data);
        tc_hull_data_destroy(b.data);
    }
    CHECK(made > n / 2);
    CHECK(t.pairs > made / 2);
    report("hull contact vs the oracle", &t);
}

/* A rotation by a small angle about a random axis. */
static tc_mat3 small_turn(test_rng *r, double angle)
{
    const ovec k = gen_unit(r);
    const double s = sin(0.5 * angle), q[4] = { cos(0.5 * angle), s * k.x, s * k.y, s * k.z };
    return gen_mat3_from_quat(q);
}

/* Boxes resting face on face, B turned from A's orientation by 1e-6 to
 * 1e-2 radians (the faces' normals a hair apart, edge pairs nearly
 * parallel), pushed in by up to 2% of A's scale. */
TEST_CASE(hull_hull_contact_near_parallel_faces_vs_oracle)
{
    test_rng r = { 73 };
    int n = test_random_count(2000);
    tally t = { 0 };
    for (int c = 0; c < n; ++c) {
        static solid a, b;
        a.data = b.data = NULL;
        const ovec center = gen_vec(&r, -20.0, 20.0);
        if (solid_make(&r, &a, 1, center) && solid_make(&r, &b, 1, center)) {
            /* B on A's +y face, in A's frame, then placed with A's rotation */
            const double ha = a.hull.scale * a.local[7].y, hb = b.hull.scale * b.local[7].y;
            const double push = test_rng_uniform(&r, 0.0, 0.02) * a.hull.scale;
            const double ox = test_rng_uniform(&r, -0.5, 0.5) * a.hull.scale * a.local[7].x;
            const double oz = test_rng_uniform(&r, -0.5, 0.5) * a.hull.scale * a.local[7].z;
            const tc_mat3 ra = a.hull.rotation;
            const ovec off = ov_add(ov_add(ov_scale(ov_from(ra.cx), ox), ov_scale(ov_from(ra.cy), ha + hb - push)),
                                    ov_scale(ov_from(ra.cz), oz));
            const tc_mat3 rb = tc_mat3_mul(ra, small_turn(&r, gen_log_uniform(&r, 1e-6, 1e-2)));
            solid_place(&b, rb, b.hull.scale, ov_add(center, off));
            check_pair(&a, &b, &t);
        }
        tc_hull_data_destroy(a.data);
        tc_hull_data_destroy(b.data);
    }
    CHECK(t.pairs > n / 2);
    report("near-parallel faces vs the oracle", &t);
}

/* A triangular prism resting on a slab (both hulls, the pair turned to a
 * random orientation), sliding and sinking by a hair from frame to frame:
 * three points, one at each bottom corner, whose ids stay those of the
 * first frame. */
TEST_CASE(hull_hull_contact_ids_stable_resting)
{
    test_rng r = { 79 };
    const tc_vec3 prism[6] = { { 0.0f, -0.5f, 0.6f }, { 0.52f, -0.5f, -0.3f }, { -0.52f, -0.5f, -0.3f },
                               { 0.0f, 0.5f, 0.6f },  { 0.52f, 0.5f, -0.3f },  { -0.52f, 0.5f, -0.3f } };
    tc_vec3 slab[8];
    for (int i = 0; i < 8; ++i) slab[i] = tc_vec3_make(i & 1 ? 4.0f : -4.0f, i & 2 ? 0.0f : -1.0f, i & 4 ? 4.0f : -4.0f);
    tc_hull_data *dp = tc_hull_data_create(prism, 6, NULL), *ds = tc_hull_data_create(slab, 8, NULL);
    CHECK(dp && ds);
    for (int trial = 0; trial < 8 && dp && ds; ++trial) {
        double q[4];
        gen_quat(&r, q);
        const tc_mat3 turn = gen_mat3_from_quat(q);
        const ovec origin = gen_vec(&r, -10.0, 10.0);
        tc_hull ground = { ds, ov_to(origin), turn, 1.0f };
        uint32_t first[3] = { 0, 0, 0 };
        for (int frame = 0; frame < 60; ++frame) {
            /* the prism sunk 5e-4 into the slab, and a hair more or less, in the slab's frame */
            const tc_vec3 at = tc_vec3_make(0.01f * (float)frame, 0.4995f - 1e-5f * (float)(frame % 7), -0.005f * (float)frame);
            tc_hull body = { dp, tc_vec3_add(ov_to(origin), tc_mat3_mul_vec3(turn, at)), turn, 1.0f };
            tc_manifold m;
            CHECK(tc_contact_hull_hull(&body, &ground, &m));
            CHECK_MSG(m.count == 3, "trial %d frame %d: %d points", trial, frame, m.count);
            if (m.count != 3) continue;
            uint32_t ids[3] = { m.points[0].id, m.points[1].id, m.points[2].id };
            /* sorted, so that the order of the points does not matter */
            for (int i = 0; i < 3; ++i)
                for (int j = i + 1; j < 3; ++j)
                    if (ids[j] < ids[i]) { uint32_t s = ids[i]; ids[i] = ids[j]; ids[j] = s; }
            if (frame == 0) {
                for (int i = 0; i < 3; ++i) first[i] = ids[i];
                for (int i = 0; i < 3; ++i)
                    CHECK_MSG((TC_CONTACT_FEATURE_A(ids[i]) & TC_FEATURE_KIND_MASK) == TC_FEATURE_VERTEX &&
                                  (TC_CONTACT_FEATURE_B(ids[i]) & TC_FEATURE_KIND_MASK) == TC_FEATURE_FACE,
                              "trial %d: id %08x", trial, (unsigned)ids[i]);
            }
            for (int i = 0; i < 3; ++i) CHECK_MSG(ids[i] == first[i], "trial %d frame %d: id %d changed", trial, frame, i);
        }
    }
    tc_hull_data_destroy(dp);
    tc_hull_data_destroy(ds);
}

/* Hulls whose data and scales are far apart (a cube of 1e-32 placed at a
 * scale of 1e32 on a cube of 1e7 at a scale of 1e-7: both 2 across, A 2e7
 * across in B's data frame, but its points land there through a factor of
 * 1e39, beyond a float): no floating-point exception, and contact agrees
 * with overlap. */
TEST_CASE(fp_trap_hull_contact_far_apart_scales)
{
    tc_vec3 tiny[8], wide[8];
    for (int i = 0; i < 8; ++i) {
        const float x = i & 1 ? 1.0f : -1.0f, y = i & 2 ? 1.0f : -1.0f, z = i & 4 ? 1.0f : -1.0f;
        tiny[i] = tc_vec3_make(1e-32f * x, 1e-32f * y, 1e-32f * z);
        wide[i] = tc_vec3_make(1e7f * x, 1e7f * y, 1e7f * z);
    }
    tc_hull_data *dt = tc_hull_data_create(tiny, 8, NULL), *dw = tc_hull_data_create(wide, 8, NULL);
    CHECK(dt && dw);
    if (dt && dw) {
        CHECK(tc_hull_data_dimension(dt) == 3 && tc_hull_data_dimension(dw) == 3);
        const tc_hull a = { dt, { 0.0f, 0.0f, 0.0f }, tc_mat3_identity(), 1e32f };
        for (int k = 0; k < 3; ++k) {
            const tc_hull b = { dw, { 1.5f + 0.5f * (float)k, 0.25f, 0.0f }, tc_mat3_identity(), 1e-7f };
            tc_manifold m;
            const bool overlap = tc_overlap_hull_hull(&a, &b), contact = tc_contact_hull_hull(&a, &b, &m);
            CHECK_MSG(overlap == contact, "offset %d: overlap %d, contact %d", k, (int)overlap, (int)contact);
            CHECK(overlap == (k < 2));
            if (contact) CHECK(m.count >= 1 && fabsf(tc_vec3_length(m.normal) - 1.0f) <= 1e-5f);
        }
    }
    tc_hull_data_destroy(dt);
    tc_hull_data_destroy(dw);
}
