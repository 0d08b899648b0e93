/* SPDX-License-Identifier: MIT */
/* Overlap of shapes whose numbers are too large for the float tests.
 * Private header.
 *
 * The float overlap tests square coordinate differences and multiply those
 * squares again (a triangle's closest point, a segment pair's): beyond a
 * few 1e9 that overflows (FE_OVERFLOW, and an infinity or a NaN where the
 * answer should be), and long before FLT_MAX the products lose the pair to
 * cancellation. Shapes with any coordinate or size beyond
 * TC_OVERLAP_FLOAT_RANGE are tested instead by the distance query's own
 * method (GJK on the cores, in double, where the squares of any floats
 * fit), so overlap agrees with the distance there. The range leaves the
 * float tests every ordinary and large world (1e7 from the origin). */
#ifndef TOUCHE_QUERIES_OVERLAP_FAR_H
#define TOUCHE_QUERIES_OVERLAP_FAR_H

#include <touche/contact.h>
#include <touche/shapes.h>

#include "queries/convex_core.h"

#include "core/float.h"

#define TC_OVERLAP_FLOAT_RANGE 0x1p28f

/* The largest absolute number of a valid shape (coordinates and sizes). */
static inline float tc_sphere_magnitude(const tc_sphere *s) { return tc_maxf(tc_vec3_max_abs(s->center), s->radius); }
static inline float tc_capsule_magnitude(const tc_capsule *c)
{
    return tc_maxf(tc_maxf(tc_vec3_max_abs(c->a), tc_vec3_max_abs(c->b)), c->radius);
}
static inline float tc_aabb_magnitude(const tc_aabb *b) { return tc_maxf(tc_vec3_max_abs(b->min), tc_vec3_max_abs(b->max)); }
static inline float tc_obb_magnitude(const tc_obb *b) { return tc_maxf(tc_vec3_max_abs(b->center), tc_vec3_max_abs(b->half)); }
static inline float tc_triangle_magnitude(const tc_triangle *t)
{
    return tc_maxf(tc_vec3_max_abs(t->a), tc_maxf(tc_vec3_max_abs(t->b), tc_vec3_max_abs(t->c)));
}

/* A plane's only number that can be large is its offset (its normal is unit). */
static inline float tc_plane_magnitude(const tc_plane *p) { return tc_absf(p->offset); }

/* For valid shapes: true when either is beyond the float tests' range. */
#define TC_OVERLAP_IS_FAR(A, B, a, b) \
    (!(tc_##A##_magnitude(a) <= TC_OVERLAP_FLOAT_RANGE) || !(tc_##B##_magnitude(b) <= TC_OVERLAP_FLOAT_RANGE))

/* For the cores of valid shapes: false only when both shapes are within
 * the float tests' range, so that TC_OVERLAP_IS_FAR need not be asked of
 * them (a shape's magnitude is at most sqrt(3) times its core's scale: an
 * OBB's half extent along a turned axis; two compares instead of reading
 * every coordinate again, on the common path of the GJK pairs). */
static inline bool tc_cores_maybe_far(const tc_core *a, const tc_core *b)
{
    return !(2.0 * a->scale <= TC_OVERLAP_FLOAT_RANGE && 2.0 * b->scale <= TC_OVERLAP_FLOAT_RANGE);
}

/* TC_OVERLAP_IS_FAR for shapes a, b whose cores are ca, cb. */
#define TC_CORES_ARE_FAR(A, B, a, b, ca, cb) (tc_cores_maybe_far(ca, cb) && TC_OVERLAP_IS_FAR(A, B, a, b))

/* Overlap of valid shapes by GJK on their cores in double, in the frame
 * tc_core_pair_recentre gives: the core distance within the radii, up to
 * GJK's rounding (TC_GJK_ROUNDING of the pair's scale there), exactly as
 * the far distance and contact below decide touching.
 * One per pair that squares. */
bool tc_overlap_far_sphere_sphere(const tc_sphere *a, const tc_sphere *b);
bool tc_overlap_far_sphere_capsule(const tc_sphere *a, const tc_capsule *b);
bool tc_overlap_far_sphere_aabb(const tc_sphere *a, const tc_aabb *b);
bool tc_overlap_far_sphere_obb(const tc_sphere *a, const tc_obb *b);
bool tc_overlap_far_sphere_triangle(const tc_sphere *a, const tc_triangle *b);
bool tc_overlap_far_capsule_capsule(const tc_capsule *a, const tc_capsule *b);
bool tc_overlap_far_capsule_aabb(const tc_capsule *a, const tc_aabb *b);
bool tc_overlap_far_capsule_obb(const tc_capsule *a, const tc_obb *b);
bool tc_overlap_far_capsule_triangle(const tc_capsule *a, const tc_triangle *b);
bool tc_overlap_far_aabb_triangle(const tc_aabb *a, const tc_triangle *b);
bool tc_overlap_far_obb_triangle(const tc_obb *a, const tc_triangle *b);
bool tc_overlap_far_triangle_triangle(const tc_triangle *a, const tc_triangle *b);

/* Contact and distance of cores beyond the float range, in the frame
 * tc_core_pair_recentre gives, as the overlap's above; the manifold's
 * points and the closest points are moved back. */
bool tc_far_contact(tc_core *a, tc_core *b, tc_manifold *m, bool *far);
float tc_far_distance(tc_core *a, tc_core *b, tc_vec3 *point_a, tc_vec3 *point_b);

/* Overlap with a plane beyond the float range (or beyond its band,
 * tc_plane_pair_is_near): the distance query's own test (the lowest point
 * of the core against the half-space, in double), padded only by that
 * height's rounding (tc_core_plane_within_rounding, of the products it
 * sums: the pair's own numbers), so overlap is distance 0 up to it and
 * agrees with contact. The
 * float tests pad by the largest coordinate of the shape, which for a
 * triangle with a vertex at -3.4e38 made a triangle 7.6 away overlap
 * (issue 12). */
bool tc_overlap_far_sphere_plane(const tc_sphere *a, const tc_plane *b);
bool tc_overlap_far_capsule_plane(const tc_capsule *a, const tc_plane *b);
bool tc_overlap_far_aabb_plane(const tc_aabb *a, const tc_plane *b);
bool tc_overlap_far_obb_plane(const tc_obb *a, const tc_plane *b);
bool tc_overlap_far_triangle_plane(const tc_triangle *a, const tc_plane *b);

/* Whether a plane pair's float test may decide it: its band, TC_PAD_REL of
 * coords (the shape's coordinates and the plane's offset, whose rounding
 * goes into the float height), is at most TC_CORE_NEAR_RATIO times the
 * pair's own numbers (size: the shape's extent and radius; height: its
 * float height over the plane). Otherwise, far from the origin, that band
 * would be of where the pair is (a unit sphere 1.9 above a ground at
 * x = 1e6 touched it), and a pair inside it (only there can the band
 * change the answer) is decided by tc_overlap_far_X_plane:
 * the height in double as distance, contact and the sweeps' start take it,
 * within its own rounding (issue 12). Near the origin the float test keeps
 * its bits. */
static inline bool tc_plane_pair_is_near(float coords, float size, float height)
{
    return coords <= (float)TC_CORE_NEAR_RATIO * (size + tc_absf(height));
}

#endif
