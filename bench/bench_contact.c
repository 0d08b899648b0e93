/* SPDX-License-Identifier: MIT */
/* bench_contact: box-box contact and distance, Touché beside ODE's box-box,
 * Bullet's box-box and GJK (and libccd's MPR, FCL's distance where
 * installed), with how often each agrees with an exact reference and with
 * Touché on the same pairs.
 *
 * Pairs (box_pairs.h), two sets for contacts, as issue 10's speed bar
 * names them: 1,000,000 random pairs of which a third overlap (each pair
 * overlapping with probability 1/3: 10% of those exactly touching before
 * rounding, the rest overlapping by a relative 1e-6 .. 1 of the touching
 * distance; the others apart by a relative 1e-6 .. 1), and 100,000
 * overlapping pairs; then 100,000 separated pairs for distances. BENCH_SCALE
 * scales the counts; argv[1], if given, sets the overlapping and distance
 * counts (the random set is ten times that). The summary prints Touche's
 * time over ODE's (dBoxBox and dCollide, 4 contacts) and Bullet's
 * (btBoxBoxDetector) on both sets, from the same run.
 *
 * References, in double precision on the stored floats (box_truth.h):
 *  - overlap: the exact separating-axis test;
 *  - penetration depth: the minimum translation distance, i.e. the least
 *    overlap over the 15 candidate axes (exact for two convex polyhedra);
 *  - distance: brute force over corner-box and edge-edge distances.
 * A reported contact counts as right when its depth is within TOL of the
 * reference depth ("depth ok") and moving B by normal * (reference depth +
 * TOL) separates the boxes by the exact test ("normal ok"); TOL is 1e-3 of
 * the pair's largest edge. A distance counts as right within 1e-4 of the
 * largest edge (or the 1e-5 band of base.h, if larger).
 */
#include "bench_util.h"
#include "box_pairs.h"
#include "box_truth.h"
#include "peers.h"

#include <touche/touche.h>
#include <touche/contact.h>
#include <touche/distance.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPS 3

static double touche_contact(const tc_obb *a, const tc_obb *b, size_t n, bench_contact *out, int reps)
{
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            tc_manifold m;
            bool hit = tc_contact_obb_obb(&a[i], &b[i], &m);
            float depth = 0.0f;
            if (hit)
                for (int k = 0; k < m.count; ++k)
                    if (m.points[k].depth > depth) depth = m.points[k].depth;
            out[i].hit = (unsigned char)hit;
            out[i].depth = depth;
            out[i].normal[0] = hit ? m.normal.x : 0.0f;
            out[i].normal[1] = hit ? m.normal.y : 0.0f;
            out[i].normal[2] = hit ? m.normal.z : 0.0f;
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

static double touche_distance(const tc_obb *a, const tc_obb *b, size_t n, float *out, int reps)
{
    double best = INFINITY;
    for (int r = 0; r < reps; ++r) {
        double t0 = bench_now();
        for (size_t i = 0; i < n; ++i) {
            tc_vec3 pa, pb;
            out[i] = tc_distance_obb_obb(&a[i], &b[i], &pa, &pb);
        }
        double dt = bench_now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

typedef struct contact_lib {
    const char *name;
    bench_box_contact_fn *run;
    int reps;
    double seconds;
    unsigned long hits, missed, depth_ok, normal_ok, same_as_touche;
    double worst_depth_err;
} contact_lib;

typedef struct distance_lib {
    const char *name;
    bench_box_distance_fn *run;
    int reps;
    double seconds;
    unsigned long ok, same_as_touche;
    double worst_err;
} distance_lib;

static double largest_edge(const tc_obb *a, const tc_obb *b)
{
    double m = a->half.x;
    const float h[6] = { a->half.x, a->half.y, a->half.z, b->half.x, b->half.y, b->half.z };
    for (int k = 0; k < 6; ++k)
        if (h[k] > m) m = h[k];
    return 2.0 * m;
}

/* Does moving B by normal * distance separate the boxes (exact test)? */
static bool separates(const tc_obb *a, const tc_obb *b, const float normal[3], double distance)
{
    double len = sqrt((double)normal[0] * normal[0] + (double)normal[1] * normal[1] + (double)normal[2] * normal[2]);
    if (!(len > 0.0) || !isfinite(len)) return false;
    tc_obb moved = *b;
    moved.center.x = (float)(b->center.x + normal[0] / len * distance);
    moved.center.y = (float)(b->center.y + normal[1] / len * distance);
    moved.center.z = (float)(b->center.z + normal[2] / len * distance);
    return !box_truth_overlap(a, &moved, NULL, NULL);
}

static double ns_per(double seconds, size_t n) { return seconds * 1e9 / (double)(n ? n : 1); }

enum { MAX_LIBS = 8 };

/* One pair set through every library: timings and agreement with the
 * exact reference. overlap_share: the probability that a pair is placed
 * overlapping (else apart). Returns the number of truly overlapping pairs. */
static unsigned long contact_set(contact_lib *cl, size_t ncl, size_t pairs, double overlap_share, uint64_t seed)
{
    static tc_obb a[BENCH_BOX_CHUNK], b[BENCH_BOX_CHUNK];
    static bench_contact out[BENCH_BOX_CHUNK], touche_out[BENCH_BOX_CHUNK];
    static double mtd[BENCH_BOX_CHUNK], tol[BENCH_BOX_CHUNK];
    static unsigned char truth[BENCH_BOX_CHUNK];
    unsigned long truth_overlaps = 0;
    test_rng rng;
    rng.state = seed;
    for (size_t l = 0; l < ncl; ++l) cl[l].reps = REPS;
    for (size_t done = 0; done < pairs; done += BENCH_BOX_CHUNK) {
        size_t n = pairs - done < BENCH_BOX_CHUNK ? pairs - done : BENCH_BOX_CHUNK;
        for (size_t i = 0; i < n; ++i) {
            bool over = overlap_share >= 1.0 || test_rng_uniform(&rng, 0.0, 1.0) < overlap_share;
            box_pair_random(&rng, over ? BOX_PLACE_OVERLAP : BOX_PLACE_APART, &a[i], &b[i]);
            double gap;
            truth[i] = (unsigned char)box_truth_overlap(&a[i], &b[i], &gap, NULL);
            truth_overlaps += truth[i];
            mtd[i] = truth[i] ? (gap < 0.0 ? -gap : 0.0) : 0.0;
            tol[i] = 1e-3 * largest_edge(&a[i], &b[i]);
        }
        for (size_t l = 0; l < ncl; ++l) {
            bench_contact *o = l == 0 ? touche_out : out;
            double sec = cl[l].run(a, b, n, o, cl[l].reps);
            cl[l].seconds += sec;
            if (done == 0 && sec > 1e-6 * (double)n) cl[l].reps = 1;
            for (size_t i = 0; i < n; ++i) {
                cl[l].hits += o[i].hit;
                if (truth[i] && !o[i].hit) cl[l].missed++;
                if (!truth[i] || !o[i].hit) continue;
                double err = fabs((double)o[i].depth - mtd[i]);
                if (err / tol[i] * 1e-3 > cl[l].worst_depth_err) cl[l].worst_depth_err = err / tol[i] * 1e-3;
                if (err <= tol[i]) cl[l].depth_ok++;
                if (separates(&a[i], &b[i], o[i].normal, mtd[i] + tol[i])) cl[l].normal_ok++;
                if (touche_out[i].hit && fabs((double)o[i].depth - touche_out[i].depth) <= tol[i]) cl[l].same_as_touche++;
            }
        }
    }
    return truth_overlaps;
}

static void contact_table(const char *title, const contact_lib *cl, size_t ncl, size_t pairs, unsigned long overlaps)
{
    printf("\ncontact, %s: %zu pairs (%lu overlapping by the exact test)\n", title, pairs, overlaps);
    printf("%-27s %9s %8s %8s %7s %9s %9s %9s %10s\n", "library / call", "ns/call", "x touche", "contacts", "missed",
           "depth ok", "normal ok", "=touche", "worst err");
    printf("%-27s %9s %8s %8s %7s %9s %9s %9s %10s\n", "---------------------------", "---------", "--------",
           "--------", "-------", "---------", "---------", "---------", "----------");
    for (size_t l = 0; l < ncl; ++l)
        printf("%-27s %9.2f %7.2fx %8lu %7lu %9lu %9lu %9lu %10.2e\n", cl[l].name, ns_per(cl[l].seconds, pairs),
               cl[l].seconds / cl[0].seconds, cl[l].hits, cl[l].missed, cl[l].depth_ok, cl[l].normal_ok,
               cl[l].same_as_touche, cl[l].worst_depth_err);
}

/* Index of the library called `name` (a prefix), or -1. */
static int lib_index(const contact_lib *cl, size_t ncl, const char *name)
{
    for (size_t l = 0; l < ncl; ++l)
        if (strncmp(cl[l].name, name, strlen(name)) == 0) return (int)l;
    return -1;
}

int main(int argc, char **argv)
{
    size_t pairs = (size_t)(100000.0 * bench_scale());
    if (argc > 1) pairs = (size_t)strtoul(argv[1], NULL, 10);
    if (pairs < BENCH_BOX_CHUNK) pairs = BENCH_BOX_CHUNK;
    size_t random_pairs = 10 * pairs;

    contact_lib cl[MAX_LIBS], cr[MAX_LIBS];
    distance_lib dl[8];
    size_t ncl = 0, ndl = 0;
    memset(cl, 0, sizeof cl);
    memset(dl, 0, sizeof dl);
    cl[ncl++] = (contact_lib){ "Touche tc_contact_obb_obb", touche_contact, REPS, 0, 0, 0, 0, 0, 0, 0 };
    dl[ndl++] = (distance_lib){ "Touche tc_distance_obb_obb", touche_distance, REPS, 0, 0, 0, 0 };
#if TOUCHE_BENCH_HAVE_ODE
    peer_ode_init();
    cl[ncl++] = (contact_lib){ "ODE dBoxBox (4 contacts)", peer_ode_box_contact, REPS, 0, 0, 0, 0, 0, 0, 0 };
    cl[ncl++] = (contact_lib){ "ODE dCollide (4 contacts)", peer_ode_collide_contact, REPS, 0, 0, 0, 0, 0, 0, 0 };
#endif
#if TOUCHE_BENCH_HAVE_BULLET
    cl[ncl++] = (contact_lib){ "Bullet btBoxBoxDetector", peer_bullet_box_contact, REPS, 0, 0, 0, 0, 0, 0, 0 };
    cl[ncl++] = (contact_lib){ "Bullet GJK + EPA", peer_bullet_gjk_contact, REPS, 0, 0, 0, 0, 0, 0, 0 };
    dl[ndl++] = (distance_lib){ "Bullet btGjkPairDetector", peer_bullet_gjk_distance, REPS, 0, 0, 0, 0 };
#endif
#if TOUCHE_BENCH_HAVE_CCD
    cl[ncl++] = (contact_lib){ "libccd ccdMPRPenetration", peer_ccd_mpr_contact, REPS, 0, 0, 0, 0, 0, 0, 0 };
#endif
#if TOUCHE_BENCH_HAVE_FCL
    dl[ndl++] = (distance_lib){ "FCL fcl::distance (Boxd)", peer_fcl_distance, REPS, 0, 0, 0, 0 };
#endif
    memcpy(cr, cl, sizeof cl);

    printf("bench_contact: %zu random (a third overlapping), %zu overlapping and %zu separated OBB pairs (seeded);\n"
           "fastest of %d passes over each chunk of %d pairs\n",
           random_pairs, pairs, pairs, REPS, BENCH_BOX_CHUNK);
    bench_peers_print_missing(BENCH_PEER_ODE | BENCH_PEER_BULLET | BENCH_PEER_CCD | BENCH_PEER_FCL);

    /* ---- contacts: the random set, then the overlapping one ---- */
    unsigned long random_overlaps = contact_set(cr, ncl, random_pairs, 1.0 / 3.0, 0x5A4D0Au);
    contact_table("random pairs, a third overlapping", cr, ncl, random_pairs, random_overlaps);
    unsigned long overlaps = contact_set(cl, ncl, pairs, 1.0, 0xC0274C7u);
    contact_table("overlapping pairs", cl, ncl, pairs, overlaps);
    printf("depth ok: |depth - exact minimum translation| <= 1e-3 of the largest edge; normal ok: moving B by\n"
           "normal * (exact depth + that tolerance) separates the boxes; =touche: same depth as Touche within the\n"
           "tolerance; worst err: largest depth error relative to the largest edge.\n");

    /* Issue 10's bar, side by side from this run: Touche's time at most 0.5 of ODE's on both sets. */
    printf("\nbox-box contact, this run: ns per pair and Touche's time over each peer's (bar: <= 0.50x ODE on both)\n");
    printf("%-27s %12s %12s %14s %14s\n", "", "random ns", "overlap ns", "random ratio", "overlap ratio");
    for (size_t l = 0; l < ncl; ++l) {
        if (l != 0 && strncmp(cl[l].name, "ODE", 3) != 0 && strncmp(cl[l].name, "Bullet btBox", 12) != 0) continue;
        printf("%-27s %12.2f %12.2f %13.2fx %13.2fx\n", cl[l].name, ns_per(cr[l].seconds, random_pairs),
               ns_per(cl[l].seconds, pairs), cr[0].seconds / cr[l].seconds, cl[0].seconds / cl[l].seconds);
    }
    int ode = lib_index(cl, ncl, "ODE dBoxBox");
    if (ode > 0) {
        bool met = cr[0].seconds <= 0.5 * cr[ode].seconds && cl[0].seconds <= 0.5 * cl[ode].seconds;
        printf("bar (<= 0.50x ODE dBoxBox on both sets): %s\n", met ? "met" : "NOT met");
    }

    static tc_obb a[BENCH_BOX_CHUNK], b[BENCH_BOX_CHUNK];
    static float dout[BENCH_BOX_CHUNK], touche_d[BENCH_BOX_CHUNK];
    static double tol[BENCH_BOX_CHUNK], ref[BENCH_BOX_CHUNK];
    test_rng rng;

    /* ---- distances ---- */
    rng.state = 0xD157A9CEu;
    for (size_t done = 0; done < pairs; done += BENCH_BOX_CHUNK) {
        size_t n = pairs - done < BENCH_BOX_CHUNK ? pairs - done : BENCH_BOX_CHUNK;
        for (size_t i = 0; i < n; ++i) {
            box_pair_random(&rng, BOX_PLACE_APART, &a[i], &b[i]);
            ref[i] = box_truth_distance(&a[i], &b[i]);
            tol[i] = 1e-4 * largest_edge(&a[i], &b[i]);
            double band = box_pair_band(&a[i], &b[i]);
            if (band > tol[i]) tol[i] = band;
        }
        for (size_t l = 0; l < ndl; ++l) {
            float *o = l == 0 ? touche_d : dout;
            double sec = dl[l].run(a, b, n, o, dl[l].reps);
            dl[l].seconds += sec;
            if (done == 0 && sec > 1e-6 * (double)n) dl[l].reps = 1;
            for (size_t i = 0; i < n; ++i) {
                double d = o[i] < 0.0f ? 0.0 : (double)o[i];
                double err = fabs(d - ref[i]);
                if (!isfinite(err)) err = INFINITY;
                if (err <= tol[i]) dl[l].ok++;
                double rel = err / largest_edge(&a[i], &b[i]);
                if (rel > dl[l].worst_err) dl[l].worst_err = rel;
                if (fabs((double)o[i] - touche_d[i]) <= tol[i]) dl[l].same_as_touche++;
            }
        }
    }
    printf("\ndistance on %zu separated pairs\n", pairs);
    printf("%-27s %9s %8s %9s %9s %10s\n", "library / call", "ns/call", "x touche", "ok", "=touche", "worst err");
    printf("%-27s %9s %8s %9s %9s %10s\n", "---------------------------", "---------", "--------", "---------",
           "---------", "----------");
    for (size_t l = 0; l < ndl; ++l)
        printf("%-27s %9.2f %7.2fx %9lu %9lu %10.2e\n", dl[l].name, ns_per(dl[l].seconds, pairs),
               dl[l].seconds / dl[0].seconds, dl[l].ok, dl[l].same_as_touche, dl[l].worst_err);
    printf("ok: within 1e-4 of the largest edge (or the 1e-5 band, if larger) of the brute-force double\n"
           "distance; =touche: within that of Touche's answer; worst err: relative to the largest edge.\n");

#if TOUCHE_BENCH_HAVE_ODE
    peer_ode_close();
#endif
    return 0;
}
