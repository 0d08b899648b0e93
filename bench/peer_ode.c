/* SPDX-License-Identifier: MIT */
/* ODE glue for the box-box benchmarks (compiled only when ODE is installed).
 * ODE wants full side lengths and a 3x4 row-major rotation (dMatrix3) whose
 * columns are the box axes. */
#include "peers.h"
#include "bench_util.h"

#include <ode/ode.h>

#include <math.h>

static dVector3 pos_a[BENCH_BOX_CHUNK], pos_b[BENCH_BOX_CHUNK];
static dVector3 side_a[BENCH_BOX_CHUNK], side_b[BENCH_BOX_CHUNK];
static dMatrix3 rot_a[BENCH_BOX_CHUNK], rot_b[BENCH_BOX_CHUNK];

void peer_ode_init(void) { dInitODE2(0); }
void peer_ode_close(void) { dCloseODE(); }

static void to_ode(const tc_obb *box, dVector3 pos, dVector3 side, dMatrix3 rot)
{
    const tc_mat3 *r = &box->rotation;
    pos[0] = box->center.x; pos[1] = box->center.y; pos[2] = box->center.z; pos[3] = 0;
    side[0] = 2.0 * (dReal)box->half.x; side[1] = 2.0 * (dReal)box->half.y; side[2] = 2.0 * (dReal)box->half.z;
    side[3] = 0;
    rot[0] = r->cx.x; rot[1] = r->cy.x; rot[2] = r->cz.x; rot[3] = 0;
    rot[4] = r->cx.y; rot[5] = r->cy.y; rot[6] = r->cz.y; rot[7] = 0;
    rot[8] = r->cx.z; rot[9] = r->cy.z; rot[10] = r->cz.z; rot[11] = 0;
}

static void convert(const tc_obb *a, const tc_obb *b, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        to_ode(&a[i], pos_a[i], side_a[i], rot_a[i]);
        to_ode(&b[i], pos_b[i], side_b[i], rot_b[i]);
    }
}

double peer_ode_box_touches_box(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    convert(a, b, n);
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i)
            out[i] = (unsigned char)(dBoxTouchesBox(pos_a[i], rot_a[i], side_a[i], pos_b[i], rot_b[i], side_b[i]) != 0);
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

double peer_ode_box_box(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    convert(a, b, n);
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            dVector3 normal;
            dReal depth;
            int code;
            dContactGeom contact;
            /* flags = 1: at most one contact, ODE's cheapest mode. */
            out[i] = (unsigned char)(dBoxBox(pos_a[i], rot_a[i], side_a[i], pos_b[i], rot_b[i], side_b[i], normal,
                                             &depth, &code, 1, &contact, (int)sizeof contact) > 0);
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

/* The chunk as dBox geoms, for dCollide. */
static dGeomID geom_a[BENCH_BOX_CHUNK], geom_b[BENCH_BOX_CHUNK];

static void make_geoms(const tc_obb *a, const tc_obb *b, size_t n)
{
    convert(a, b, n);
    for (size_t i = 0; i < n; ++i) {
        geom_a[i] = dCreateBox(0, side_a[i][0], side_a[i][1], side_a[i][2]);
        dGeomSetPosition(geom_a[i], pos_a[i][0], pos_a[i][1], pos_a[i][2]);
        dGeomSetRotation(geom_a[i], rot_a[i]);
        geom_b[i] = dCreateBox(0, side_b[i][0], side_b[i][1], side_b[i][2]);
        dGeomSetPosition(geom_b[i], pos_b[i][0], pos_b[i][1], pos_b[i][2]);
        dGeomSetRotation(geom_b[i], rot_b[i]);
    }
}

static void destroy_geoms(size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        dGeomDestroy(geom_a[i]);
        dGeomDestroy(geom_b[i]);
    }
}

double peer_ode_collide(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps)
{
    make_geoms(a, b, n);
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            dContactGeom contact;
            out[i] = (unsigned char)(dCollide(geom_a[i], geom_b[i], 1, &contact, (int)sizeof contact) > 0);
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    destroy_geoms(n);
    return best;
}

double peer_ode_box_contact(const tc_obb *a, const tc_obb *b, size_t n, bench_contact *out, int reps)
{
    convert(a, b, n);
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            dVector3 normal;
            dReal depth = 0;
            int code;
            dContactGeom contacts[4];
            int count = dBoxBox(pos_a[i], rot_a[i], side_a[i], pos_b[i], rot_b[i], side_b[i], normal, &depth, &code,
                                4, contacts, (int)sizeof contacts[0]);
            /* dBoxBox's own normal points from box 1 to box 2 (dCollide
             * negates it for its contacts). */
            out[i].hit = (unsigned char)(count > 0);
            out[i].depth = (float)depth;
            out[i].normal[0] = (float)normal[0];
            out[i].normal[1] = (float)normal[1];
            out[i].normal[2] = (float)normal[2];
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

double peer_ode_collide_contact(const tc_obb *a, const tc_obb *b, size_t n, bench_contact *out, int reps)
{
    make_geoms(a, b, n);
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            dContactGeom contacts[4];
            int count = dCollide(geom_a[i], geom_b[i], 4, contacts, (int)sizeof contacts[0]);
            /* dCollide's normal points from box 2 into box 1, all contacts
             * share it; the deepest contact carries the penetration. */
            dReal depth = 0;
            for (int k = 0; k < count; ++k)
                if (contacts[k].depth > depth) depth = contacts[k].depth;
            out[i].hit = (unsigned char)(count > 0);
            out[i].depth = (float)depth;
            out[i].normal[0] = count > 0 ? (float)-contacts[0].normal[0] : 0.0f;
            out[i].normal[1] = count > 0 ? (float)-contacts[0].normal[1] : 0.0f;
            out[i].normal[2] = count > 0 ? (float)-contacts[0].normal[2] : 0.0f;
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    destroy_geoms(n);
    return best;
}
