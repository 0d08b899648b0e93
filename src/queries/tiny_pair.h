/* SPDX-License-Identifier: MIT */
/* Tiny pairs: a pair whose every number is far below 1, moved into the unit
 * range by an exact power of two for the pair functions (pair_entry.c) and
 * the dispatch's rotating-sweep start test. Private header.
 *
 * The pair tests multiply coordinate differences: squares against squared
 * radii (the sphere tests, tc_within), a segment pair's a e - b^2, which is
 * of the fourth power of the sizes, and GJK's tolerances relative to sizes
 * whose squares the double products then carry. Below about 1e-12 those
 * float products reach the subnormal range and lose their bits, below
 * 1e-23 they underflow to zero, and overlap, distance 0 and contact
 * disagreed on most random pairs (issue 12: 3,789 of 4,000 sphere pairs at
 * 1e-24, capsule pairs from 1e-12 on). A product by 2^k is exact unless its
 * result is subnormal, and a subnormal number times 2^k is exact too; so a
 * tiny pair scaled by the power of two that brings its largest number into
 * [1/2, 1) is exactly the same pair in unit-range numbers, answered there
 * as any ordinary pair, and its lengths scaled back by 2^-k (rounded once,
 * where the answer itself is subnormal). Times and normals do not change. */
#ifndef TOUCHE_QUERIES_TINY_PAIR_H
#define TOUCHE_QUERIES_TINY_PAIR_H

#include <string.h>
#include <touche/dispatch.h>

#include "core/inline.h"

/* A pair is tiny when every coordinate and size of both shapes (a hull's
 * or a mesh's placed reach: |position| plus twice its scale times its
 * data's largest coordinate) is at most this, and not all zero. 2^-24
 * keeps the float tests' fourth powers normal (>= 2^-126) for sizes down to
 * 2^-7 of the coordinates; the capsule pairs already failed at 1e-12
 * (about 2^-40). A pair beyond it is answered as given. */
#define TC_TINY_PAIR_LIMIT 0x1p-24

/* The exact powers of two a tiny pair is scaled by (up) and its lengths
 * scaled back by (down = 1 / up). */
typedef struct tc_pair_scale { double up, down; } tc_pair_scale;

/* The measure behind tc_tiny_pair, out of line. */
bool tc_tiny_pair_measure(const tc_shape *a, const tc_shape *b, const tc_vec3 *extra, int count, tc_pair_scale *s);

/* False when the first four floats at p (a sphere's, capsule's, box's or
 * triangle's, each of which starts with at least four) hold a number of
 * 2^-23 or more, which rules the pair out at once (tiny means every number
 * is at most 2^-24): a few integer operations on their bits inline, where
 * the whole measure costs an ordinary sphere pair 73 instructions a call.
 * Each number's own test (its |bits| plus 2^31 - the bits of 2^-23 carry
 * into the top bit exactly when it is that or more), the flags ORed: an OR
 * of the bits themselves mixed exponents (2^-44 with 2^-83 read as 2^-16),
 * and let such tiny pairs through unscaled (a capsule pair at 1e-13 with a
 * coordinate of 1e-25: overlap and contact disagreed). Bits only: no
 * exception whatever the numbers. */
TC_FORCE_INLINE bool tc_first4_maybe_tiny(const void *p)
{
    uint32_t u[4];
    memcpy(u, p, sizeof u);
    const uint32_t abs_mask = 0x7fffffffu, carry = 0x80000000u - 0x34000000u;
    if ((u[0] & abs_mask) >= 0x34000000u) return false; /* the first alone settles most */
    const uint32_t flags = ((u[1] & abs_mask) + carry) | ((u[2] & abs_mask) + carry) | ((u[3] & abs_mask) + carry);
    return (flags & 0x80000000u) == 0u;
}
/* The same test of one number: a plane's offset, a hull's or mesh's scale. */
TC_FORCE_INLINE bool tc_float_maybe_tiny(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return (b & 0x7fffffffu) < 0x34000000u;
}
/* The test per shape type, spelled as the pair functions spell the shapes
 * (tc_X_maybe_tiny for the pair functions' entries, pair_entry.c). */
TC_FORCE_INLINE bool tc_sphere_maybe_tiny(const tc_sphere *s) { return tc_first4_maybe_tiny(s); }
TC_FORCE_INLINE bool tc_capsule_maybe_tiny(const tc_capsule *s) { return tc_first4_maybe_tiny(s); }
TC_FORCE_INLINE bool tc_aabb_maybe_tiny(const tc_aabb *s) { return tc_first4_maybe_tiny(s); }
TC_FORCE_INLINE bool tc_obb_maybe_tiny(const tc_obb *s) { return tc_first4_maybe_tiny(s); }
TC_FORCE_INLINE bool tc_triangle_maybe_tiny(const tc_triangle *s) { return tc_first4_maybe_tiny(s); }
TC_FORCE_INLINE bool tc_plane_maybe_tiny(const tc_plane *s) { return tc_float_maybe_tiny(s->offset); }
TC_FORCE_INLINE bool tc_hull_maybe_tiny(const tc_hull *s) { return tc_float_maybe_tiny(s->scale); }
TC_FORCE_INLINE bool tc_mesh_maybe_tiny(const tc_mesh *s) { return tc_float_maybe_tiny(s->scale); }

/* The test of any shape (its type's). */
TC_FORCE_INLINE bool tc_shape_maybe_tiny(const tc_shape *s)
{
    switch (s->type) {
    case TC_SHAPE_PLANE: return tc_plane_maybe_tiny(&s->u.plane);
    case TC_SHAPE_HULL: return tc_hull_maybe_tiny(&s->u.hull);
    case TC_SHAPE_MESH: return tc_mesh_maybe_tiny(&s->u.mesh);
    default: return tc_first4_maybe_tiny(&s->u);
    }
}

/* Whether shapes a and b, with the extra points (a rotating sweep's pose
 * positions; may be NULL with count 0), form a tiny pair; if so *s gets
 * its scale. False for any NaN or infinity among their numbers (the pair
 * functions answer those as invalid) and for an all-zero pair. Bit tests
 * before any arithmetic: no exception whatever the numbers. */
TC_FORCE_INLINE bool tc_tiny_pair(const tc_shape *a, const tc_shape *b, const tc_vec3 *extra, int count, tc_pair_scale *s)
{
    return tc_shape_maybe_tiny(a) && tc_shape_maybe_tiny(b) && tc_tiny_pair_measure(a, b, extra, count, s);
}

/* Defines name, the contact of a pair of types A and B (name(a, b, m), as
 * tc_contact_A_B) through body, a function answering such a pair as given
 * (its shapes known valid or checked there): a tiny pair is scaled into
 * the unit range, answered there and its manifold scaled back; any other
 * pair goes to body as given. Out of line, for the pair functions' entries
 * (pair_entry.c) and for the hot contact bodies that test for a tiny pair
 * themselves, within their own arithmetic (contact.c). */
#define TC_TINY_MANIFOLD(name, A, B, body)                                          \
    TC_NO_INLINE bool name(const tc_##A *a, const tc_##B *b, tc_manifold *m)        \
    {                                                                               \
        tc_pair_scale scale;                                                        \
        tc_shape sa = tc_shape_from_##A(*a), sb = tc_shape_from_##B(*b);            \
        if (!tc_tiny_pair_measure(&sa, &sb, NULL, 0, &scale)) return body(a, b, m); \
        sa = tc_shape_scaled_up(&sa, &scale);                                       \
        sb = tc_shape_scaled_up(&sb, &scale);                                       \
        if (!body(&sa.u.A, &sb.u.B, m)) return false;                               \
        if (m) tc_manifold_scaled_down(m, &scale);                                  \
        return true;                                                                \
    }

/* Shape s (of a tiny pair) times s.up: every coordinate and size, exactly;
 * normals and rotations unchanged. */
tc_shape tc_shape_scaled_up(const tc_shape *shape, const tc_pair_scale *s);
/* A point, or a velocity at most 2^100 once scaled, times s.up: exact. */
tc_vec3 tc_vec3_scaled_up(tc_vec3 v, const tc_pair_scale *s);
/* A point or length scaled back (times s.down, rounded once). */
tc_vec3 tc_vec3_scaled_down(tc_vec3 p, const tc_pair_scale *s);
/* A positive length scaled back stays positive: rounded to the float
 * nearest, but never below the smallest positive float (a gap rounded to 0
 * would read as touching, which the scaled pair said it is not). */
float tc_length_scaled_down(float x, const tc_pair_scale *s);
/* A manifold's points and depths scaled back (the normal unchanged). */
void tc_manifold_scaled_down(tc_manifold *m, const tc_pair_scale *s);
/* A distance's answer scaled back: the points where written (a finite
 * distance; an invalid pair's NaN writes none) and the length. */
float tc_distance_scaled_down(float d, tc_vec3 *point_a, tc_vec3 *point_b, const tc_pair_scale *s);

/* A tiny pair's translating sweep scaled into the unit range. Its positions
 * at time t are up (A + v t): the velocities scale by up too and t is
 * unchanged, unless that would take a velocity past 2^100 (a tiny pair
 * thrown at 1e30); then they stay, and the time runs up times faster
 * (max_t up, the hit's t scaled back). Only valid numbers are scaled:
 * otherwise the pair functions decide as given. *time gets the scale of t. */
void tc_sweep_scaled_up(tc_vec3 *velocity_a, tc_vec3 *velocity_b, float *max_t, const tc_pair_scale *s,
                        tc_pair_scale *time);
/* The scaled sweep's hit h scaled back into *hit (if not NULL). */
void tc_sweep_hit_scaled_down(tc_sweep_hit *hit, const tc_sweep_hit *h, const tc_pair_scale *s, const tc_pair_scale *time);

#endif
