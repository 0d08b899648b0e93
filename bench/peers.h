/* SPDX-License-Identifier: MIT */
/* Glue to the peer libraries the benchmarks compare against.
 *
 * Each peer is optional: bench/CMakeLists.txt looks for it and defines
 * TOUCHE_BENCH_HAVE_<PEER> to 1 or 0. The glue for a peer lives in its own
 * file (peer_ode.c, peer_ccd.c, peer_bullet.cpp, peer_fcl.cpp, ...) that is
 * compiled only when the peer was found; the benchmarks call it only under
 * the same macro, and print a plain "not installed" line otherwise.
 *
 * Every runner has the same shape: it converts n pairs of boxes into the
 * peer's own representation (not timed: a real program keeps its data in
 * that form), then times `reps` passes over the n pairs, writes out[i] = 1
 * for the pairs the peer reports overlapping, and returns the fastest pass
 * in seconds. n is at most BENCH_BOX_CHUNK.
 */
#ifndef TOUCHE_BENCH_PEERS_H
#define TOUCHE_BENCH_PEERS_H

#include <touche/raycast.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef TOUCHE_BENCH_HAVE_ODE
#  define TOUCHE_BENCH_HAVE_ODE 0
#endif
#ifndef TOUCHE_BENCH_HAVE_BULLET
#  define TOUCHE_BENCH_HAVE_BULLET 0
#endif
#ifndef TOUCHE_BENCH_HAVE_CCD
#  define TOUCHE_BENCH_HAVE_CCD 0
#endif
#ifndef TOUCHE_BENCH_HAVE_FCL
#  define TOUCHE_BENCH_HAVE_FCL 0
#endif
#ifndef TOUCHE_BENCH_HAVE_EMBREE
#  define TOUCHE_BENCH_HAVE_EMBREE 0
#endif
#ifndef TOUCHE_BENCH_HAVE_QHULL
#  define TOUCHE_BENCH_HAVE_QHULL 0
#endif

#define BENCH_BOX_CHUNK 1024

typedef double bench_box_box_fn(const tc_obb *a, const tc_obb *b, size_t n, unsigned char *out, int reps);

/* A contact as the benchmarks compare it: whether the peer reports the
 * boxes touching, its deepest penetration and its unit normal, converted to
 * Touché's convention (from A towards B: moving B by normal * depth
 * separates them). */
typedef struct bench_contact {
    unsigned char hit;
    float depth;
    float normal[3];
} bench_contact;
typedef double bench_box_contact_fn(const tc_obb *a, const tc_obb *b, size_t n, bench_contact *out, int reps);
/* Distance between the boxes (0 or negative when the peer finds them overlapping). */
typedef double bench_box_distance_fn(const tc_obb *a, const tc_obb *b, size_t n, float *out, int reps);

/* Bit per peer, for bench_peers_print_missing. */
enum {
    BENCH_PEER_ODE = 1,
    BENCH_PEER_BULLET = 2,
    BENCH_PEER_CCD = 4,
    BENCH_PEER_FCL = 8,
    BENCH_PEER_EMBREE = 16,
    BENCH_PEER_QHULL = 32
};

/* ---- hulls and meshes (bench_hulls.c) ----------------------------------------
 * A triangle mesh for closed-hit rays: the peer builds its own hierarchy on
 * creation (build_seconds: how long that took). Rays as in
 * peer_embree_raycast_closest; tri_out[i] the triangle index or UINT32_MAX. */
typedef struct bench_mesh bench_mesh;
/* n pairs of convex point sets (each `points` vertices, already hulls, in
 * world space, 3 floats per point): the peer converts them (not timed) and
 * times `reps` passes. Overlap writes 0/1, distance the distance (<= 0 when
 * overlapping), contact a bench_contact. */
typedef struct bench_hull_pairs {
    size_t n;
    int points;
    const float *a, *b; /* n * points * 3 floats each */
} bench_hull_pairs;
typedef double bench_hull_overlap_fn(const bench_hull_pairs *p, unsigned char *out, int reps);
typedef double bench_hull_distance_fn(const bench_hull_pairs *p, float *out, int reps);
typedef double bench_hull_contact_fn(const bench_hull_pairs *p, bench_contact *out, int reps);
/* Builds the hull of n points (3 floats each) `reps` times, returns the
 * fastest in seconds and the vertex count of the hull. */
typedef double bench_hull_build_fn(const float *points, int n, int reps, int *vertices);

/* Prints "<peer> not installed: skipped (apt-get install <package>)" for each
 * peer in `wanted` that this build lacks; returns how many were missing. */
int bench_peers_print_missing(unsigned wanted);

#if TOUCHE_BENCH_HAVE_ODE
void peer_ode_init(void);
void peer_ode_close(void);
bench_box_box_fn peer_ode_box_touches_box; /* dBoxTouchesBox: ODE's boolean 15-axis test */
bench_box_box_fn peer_ode_box_box;         /* dBoxBox with one contact */
bench_box_box_fn peer_ode_collide;         /* dCollide on two dBox geoms */
bench_box_contact_fn peer_ode_box_contact; /* dBoxBox with up to 4 contacts */
bench_box_contact_fn peer_ode_collide_contact; /* dCollide on two dBox geoms, up to 4 contacts */
#endif

#if TOUCHE_BENCH_HAVE_BULLET
bench_box_box_fn peer_bullet_box_box; /* btBoxBoxDetector (ODE's algorithm) */
bench_box_box_fn peer_bullet_gjk;     /* btGjkPairDetector + btGjkEpaPenetrationDepthSolver on btBoxShape */
bench_box_contact_fn peer_bullet_box_contact;   /* btBoxBoxDetector, up to 4 points */
bench_box_contact_fn peer_bullet_gjk_contact;   /* GJK + EPA penetration */
bench_box_distance_fn peer_bullet_gjk_distance; /* GJK closest points */
#endif

/* Broadphase for the world benchmark: n boxes that move every frame.
 * update() moves every proxy to its new box, lets the broadphase find the
 * pairs of (fattened) boxes that overlap, confirms each pair with the exact
 * box test on the tight boxes, and returns the number of touching pairs. */
typedef struct bench_broadphase bench_broadphase;
/* Closest-hit rays against n static boxes. */
typedef struct bench_ray_scene bench_ray_scene;

#if TOUCHE_BENCH_HAVE_BULLET
/* btDbvtBroadphase (Bullet's dynamic AABB tree broadphase) with its default
 * hashed pair cache. */
bench_broadphase *peer_bullet_broadphase_create(const tc_aabb *boxes, size_t count);
size_t peer_bullet_broadphase_update(bench_broadphase *bp, const tc_aabb *boxes, size_t count);
void peer_bullet_broadphase_destroy(bench_broadphase *bp);
/* A top-down rebuild of its trees (btDbvtBroadphase::optimize), what a
 * Bullet user does before casting rays at a scene that stays still. */
void peer_bullet_broadphase_optimize(bench_broadphase *bp);
/* Closest-hit rays through btDbvtBroadphase::rayTest: each from its origin
 * along its unit direction for `length`, the exact test Bullet's slab test
 * (btRayAabb2) on the tight box. t_out[i] is the hit's t or INFINITY.
 * Returns the number of rays that hit. */
size_t peer_bullet_broadphase_raycast_closest(bench_broadphase *bp, const tc_ray *rays, size_t count, float length,
                                              float *t_out);
#endif

#if TOUCHE_BENCH_HAVE_EMBREE
/* Embree 3 user geometry (one box per primitive, float slab intersector),
 * one thread. Builds the BVH on creation. */
bench_ray_scene *peer_embree_create(const tc_aabb *boxes, size_t count);
/* Casts each ray (t in [0, max_t], in units of dir); t_out[i] is the hit's
 * t or INFINITY, box_out[i] the box index or UINT32_MAX (either may be NULL).
 * Returns the number of rays that hit. */
size_t peer_embree_raycast_closest(bench_ray_scene *s, const tc_ray *rays, size_t count, float max_t, float *t_out,
                                   uint32_t *box_out);
void peer_embree_destroy(bench_ray_scene *s);
#endif

#if TOUCHE_BENCH_HAVE_EMBREE
bench_mesh *peer_embree_mesh_create(const tc_vec3 *vertices, size_t vertex_count, const int32_t *indices,
                                    size_t triangle_count, double *build_seconds);
/* rtcIntersect1, one ray at a time, one thread. */
size_t peer_embree_mesh_raycast(bench_mesh *m, const tc_ray *rays, size_t count, float max_t, float *t_out,
                                uint32_t *tri_out);
void peer_embree_mesh_destroy(bench_mesh *m);
#endif

#if TOUCHE_BENCH_HAVE_BULLET
/* btBvhTriangleMeshShape over a btTriangleIndexVertexArray, rays through
 * performRaycast with a callback that keeps the closest hit. */
bench_mesh *peer_bullet_mesh_create(const tc_vec3 *vertices, size_t vertex_count, const int32_t *indices,
                                    size_t triangle_count, double *build_seconds);
size_t peer_bullet_mesh_raycast(bench_mesh *m, const tc_ray *rays, size_t count, float max_t, float *t_out,
                                uint32_t *tri_out);
void peer_bullet_mesh_destroy(bench_mesh *m);
bench_hull_build_fn peer_bullet_hull_build;       /* btConvexHullComputer::compute */
bench_hull_overlap_fn peer_bullet_hull_overlap;   /* btGjkPairDetector on btConvexHullShape (GJK, EPA when deep) */
bench_hull_distance_fn peer_bullet_hull_distance; /* the same, its distance */
bench_hull_contact_fn peer_bullet_hull_contact;   /* the same, its penetration */
#endif

#if TOUCHE_BENCH_HAVE_QHULL
bench_hull_build_fn peer_qhull_build; /* qh_new_qhull (reentrant libqhull_r), "qhull Qt" */
#endif

#if TOUCHE_BENCH_HAVE_CCD
bench_hull_overlap_fn peer_ccd_hull_gjk;     /* ccdGJKIntersect, support by a scan of the points */
bench_hull_overlap_fn peer_ccd_hull_mpr;     /* ccdMPRIntersect */
bench_hull_contact_fn peer_ccd_hull_contact; /* ccdMPRPenetration */
#endif

#if TOUCHE_BENCH_HAVE_CCD
bench_box_box_fn peer_ccd_gjk; /* ccdGJKIntersect with a box support function */
bench_box_box_fn peer_ccd_mpr; /* ccdMPRIntersect */
bench_box_contact_fn peer_ccd_mpr_contact; /* ccdMPRPenetration */
#endif

#if TOUCHE_BENCH_HAVE_FCL
bench_box_box_fn peer_fcl_collide;          /* fcl::collide on two fcl::Boxd */
bench_box_distance_fn peer_fcl_distance;    /* fcl::distance on two fcl::Boxd (GJK, libccd solver) */
#endif

#ifdef __cplusplus
}
#endif

#endif
