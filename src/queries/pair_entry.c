/* SPDX-License-Identifier: MIT */
/* The public pair functions' entries (pair_given.h): a tiny pair (every
 * number at most 2^-24, tiny_pair.h) is scaled by an exact power of two
 * into the unit range and answered there, its lengths scaled back, so that
 * overlap, distance 0 and contact agree at any scale (issue 12); any other
 * pair goes straight to the function's body. The inline test reads the
 * bits of a few of each shape's numbers (tc_X_maybe_tiny); only the pairs
 * it lets through are measured, out of line, where the body answers a pair
 * found not tiny as given: so both ways out of an entry are tail calls,
 * and an ordinary pair's call costs the test and a jump, no frame. The
 * scaled pair's largest number is in [1/2, 1): the body answers it
 * directly. */
#include "queries/mesh_deepest.h"
#include "queries/pair_given.h"
#include "queries/tiny_pair.h"

#include "core/inline.h"

/* Whether a and b (non-NULL: else the body rejects them) may be tiny. */
#define TC_ENTRY_MAYBE_TINY(A, B, a, b) \
    TC_UNLIKELY((a) != NULL && (b) != NULL && tc_##A##_maybe_tiny(a) && tc_##B##_maybe_tiny(b))

/* A pair's shapes measured, and if tiny scaled: sa, sb and scale set; if
 * not, the body's answer as given returned. */
#define TC_ENTRY_SCALE(A, B, extra, count, as_given)                                        \
    tc_pair_scale scale;                                                                     \
    tc_shape sa = tc_shape_from_##A(*a), sb = tc_shape_from_##B(*b);                         \
    if (!tc_tiny_pair_measure(&sa, &sb, extra, count, &scale)) return as_given;             \
    sa = tc_shape_scaled_up(&sa, &scale);                                                    \
    sb = tc_shape_scaled_up(&sb, &scale)

/* An entry: the tiny test, then a tail call of the measure (tiny_call) or
 * of the body (given_call). */
#define TC_ENTRY_BODY(A, B, a, b, tiny_call, given_call)       \
    {                                                          \
        if (TC_ENTRY_MAYBE_TINY(A, B, a, b)) return tiny_call; \
        return given_call;                                     \
    }

#define TC_ENTRY(A, B)                                                                                            \
    TC_NO_INLINE bool overlap_tiny_##A##_##B(const tc_##A *a, const tc_##B *b)                                  \
    {                                                                                                             \
        TC_ENTRY_SCALE(A, B, NULL, 0, tc_overlap_##A##_##B##_given(a, b));                                        \
        return tc_overlap_##A##_##B##_given(&sa.u.A, &sb.u.B);                                                   \
    }                                                                                                             \
    bool tc_overlap_##A##_##B(const tc_##A *a, const tc_##B *b)                                                  \
        TC_ENTRY_BODY(A, B, a, b, overlap_tiny_##A##_##B(a, b), tc_overlap_##A##_##B##_given(a, b))                \
    TC_NO_INLINE float distance_tiny_##A##_##B(const tc_##A *a, const tc_##B *b, tc_vec3 *point_a,              \
                                               tc_vec3 *point_b)                                                  \
    {                                                                                                             \
        TC_ENTRY_SCALE(A, B, NULL, 0, tc_distance_##A##_##B##_given(a, b, point_a, point_b));                     \
        return tc_distance_scaled_down(tc_distance_##A##_##B##_given(&sa.u.A, &sb.u.B, point_a, point_b), point_a, \
                                       point_b, &scale);                                                          \
    }                                                                                                             \
    float tc_distance_##A##_##B(const tc_##A *a, const tc_##B *b, tc_vec3 *point_a, tc_vec3 *point_b)           \
        TC_ENTRY_BODY(A, B, a, b, distance_tiny_##A##_##B(a, b, point_a, point_b),                                \
                      tc_distance_##A##_##B##_given(a, b, point_a, point_b))                                     \
    TC_NO_INLINE bool sweep_tiny_##A##_##B(const tc_##A *a, tc_vec3 velocity_a, const tc_##B *b, tc_vec3 velocity_b, \
                                           float max_t, tc_sweep_hit *hit)                                        \
    {                                                                                                             \
        TC_ENTRY_SCALE(A, B, NULL, 0, tc_sweep_##A##_##B##_given(a, velocity_a, b, velocity_b, max_t, hit));      \
        tc_pair_scale time;                                                                                       \
        tc_sweep_scaled_up(&velocity_a, &velocity_b, &max_t, &scale, &time);                                      \
        tc_sweep_hit h;                                                                                           \
        if (!tc_sweep_##A##_##B##_given(&sa.u.A, velocity_a, &sb.u.B, velocity_b, max_t, &h)) return false;      \
        tc_sweep_hit_scaled_down(hit, &h, &scale, &time);                                                         \
        return true;                                                                                              \
    }                                                                                                             \
    bool tc_sweep_##A##_##B(const tc_##A *a, tc_vec3 velocity_a, const tc_##B *b, tc_vec3 velocity_b, float max_t, \
                            tc_sweep_hit *hit)                                                                   \
        TC_ENTRY_BODY(A, B, a, b, sweep_tiny_##A##_##B(a, velocity_a, b, velocity_b, max_t, hit),                 \
                      tc_sweep_##A##_##B##_given(a, velocity_a, b, velocity_b, max_t, hit))

/* One manifold: the pair's contact, or a mesh pair's deepest triangle's
 * (mesh_deepest.h, the dispatch's). */
#define TC_ENTRY_MANIFOLD(name, A, B)                                                                             \
    TC_TINY_MANIFOLD(name##_tiny, A, B, name##_given)                                                             \
    bool name(const tc_##A *a, const tc_##B *b, tc_manifold *m)                                                   \
        TC_ENTRY_BODY(A, B, a, b, name##_tiny(a, b, m), name##_given(a, b, m))
#define TC_ENTRY_CONTACT(A, B) TC_ENTRY_MANIFOLD(tc_contact_##A##_##B, A, B)
#define TC_ENTRY_DEEPEST(A, B) TC_ENTRY_MANIFOLD(tc_mesh_deepest_contact_##A, A, B)

#define TC_ENTRY_MESH_CONTACT(A, B)                                                                               \
    TC_NO_INLINE int32_t contact_tiny_##A##_mesh(const tc_##A *a, const tc_mesh *b, tc_mesh_contact *out,        \
                                                 int32_t capacity)                                               \
    {                                                                                                             \
        TC_ENTRY_SCALE(A, mesh, NULL, 0, tc_contact_##A##_mesh_given(a, b, out, capacity));                       \
        const int32_t n = tc_contact_##A##_mesh_given(&sa.u.A, &sb.u.mesh, out, capacity);                       \
        for (int32_t i = 0; out && i < n && i < capacity; ++i) tc_manifold_scaled_down(&out[i].manifold, &scale); \
        return n;                                                                                                 \
    }                                                                                                             \
    int32_t tc_contact_##A##_mesh(const tc_##A *a, const tc_mesh *b, tc_mesh_contact *out, int32_t capacity)     \
        TC_ENTRY_BODY(A, mesh, a, b, contact_tiny_##A##_mesh(a, b, out, capacity),                                \
                      tc_contact_##A##_mesh_given(a, b, out, capacity))

/* A rotating sweep is tiny when its poses' positions are tiny too: those
 * scale with the shapes; the turns and t do not. */
static void poses_scaled_up(tc_transform *p0, tc_transform *p1, const tc_pair_scale *s)
{
    p0->position = tc_vec3_scaled_up(p0->position, s);
    p1->position = tc_vec3_scaled_up(p1->position, s);
}

static bool rigid_hit_scaled_down(bool found, tc_sweep_hit *hit, const tc_sweep_hit *h, const tc_pair_scale *s)
{
    if (found && hit) {
        *hit = *h;
        hit->point = tc_vec3_scaled_down(h->point, s);
    }
    return found;
}

#define TC_ENTRY_RIGID(A, B)                                                                                      \
    TC_NO_INLINE bool rigid_tiny_##A##_##B(const tc_##A *a, tc_transform a_start, tc_transform a_end,             \
                                           const tc_##B *b, tc_transform b_start, tc_transform b_end,             \
                                           tc_sweep_hit *hit)                                                    \
    {                                                                                                             \
        const tc_vec3 positions[4] = { a_start.position, a_end.position, b_start.position, b_end.position };     \
        TC_ENTRY_SCALE(A, B, positions, 4,                                                                        \
                       tc_sweep_rigid_##A##_##B##_given(a, a_start, a_end, b, b_start, b_end, hit));              \
        poses_scaled_up(&a_start, &a_end, &scale);                                                                \
        poses_scaled_up(&b_start, &b_end, &scale);                                                                \
        tc_sweep_hit h;                                                                                           \
        return rigid_hit_scaled_down(                                                                             \
            tc_sweep_rigid_##A##_##B##_given(&sa.u.A, a_start, a_end, &sb.u.B, b_start, b_end, &h), hit, &h, &scale); \
    }                                                                                                             \
    bool tc_sweep_rigid_##A##_##B(const tc_##A *a, tc_transform a_start, tc_transform a_end, const tc_##B *b,   \
                                  tc_transform b_start, tc_transform b_end, tc_sweep_hit *hit)                   \
        TC_ENTRY_BODY(A, B, a, b, rigid_tiny_##A##_##B(a, a_start, a_end, b, b_start, b_end, hit),                \
                      tc_sweep_rigid_##A##_##B##_given(a, a_start, a_end, b, b_start, b_end, hit))

/* The still plane and the turning shape (the plane A or B in the pair
 * order): the shape's poses scale with the pair. */
#define TC_ENTRY_RIGID_ONTO_PLANE(A)                                                                              \
    TC_NO_INLINE bool rigid_tiny_##A##_plane(const tc_##A *a, tc_transform a_start, tc_transform a_end,          \
                                             const tc_plane *b, tc_sweep_hit *hit)                               \
    {                                                                                                             \
        const tc_vec3 positions[2] = { a_start.position, a_end.position };                                       \
        TC_ENTRY_SCALE(A, plane, positions, 2, tc_sweep_rigid_##A##_plane_given(a, a_start, a_end, b, hit));      \
        poses_scaled_up(&a_start, &a_end, &scale);                                                                \
        tc_sweep_hit h;                                                                                           \
        return rigid_hit_scaled_down(tc_sweep_rigid_##A##_plane_given(&sa.u.A, a_start, a_end, &sb.u.plane, &h),  \
                                     hit, &h, &scale);                                                            \
    }                                                                                                             \
    bool tc_sweep_rigid_##A##_plane(const tc_##A *a, tc_transform a_start, tc_transform a_end, const tc_plane *b, \
                                    tc_sweep_hit *hit)                                                           \
        TC_ENTRY_BODY(A, plane, a, b, rigid_tiny_##A##_plane(a, a_start, a_end, b, hit),                          \
                      tc_sweep_rigid_##A##_plane_given(a, a_start, a_end, b, hit))

#define TC_ENTRY_RIGID_PLANE_FIRST(B)                                                                             \
    TC_NO_INLINE bool rigid_tiny_plane_##B(const tc_plane *a, const tc_##B *b, tc_transform b_start,             \
                                           tc_transform b_end, tc_sweep_hit *hit)                                \
    {                                                                                                             \
        const tc_vec3 positions[2] = { b_start.position, b_end.position };                                       \
        TC_ENTRY_SCALE(plane, B, positions, 2, tc_sweep_rigid_plane_##B##_given(a, b, b_start, b_end, hit));      \
        poses_scaled_up(&b_start, &b_end, &scale);                                                                \
        tc_sweep_hit h;                                                                                           \
        return rigid_hit_scaled_down(tc_sweep_rigid_plane_##B##_given(&sa.u.plane, &sb.u.B, b_start, b_end, &h),  \
                                     hit, &h, &scale);                                                            \
    }                                                                                                             \
    bool tc_sweep_rigid_plane_##B(const tc_plane *a, const tc_##B *b, tc_transform b_start, tc_transform b_end,  \
                                  tc_sweep_hit *hit)                                                             \
        TC_ENTRY_BODY(plane, B, a, b, rigid_tiny_plane_##B(a, b, b_start, b_end, hit),                            \
                      tc_sweep_rigid_plane_##B##_given(a, b, b_start, b_end, hit))

TC_PAIR_EACH(TC_ENTRY)
TC_PAIR_EACH_MESH(TC_ENTRY)
TC_PAIR_EACH_CONTACT_ENTRY(TC_ENTRY_CONTACT)
TC_PAIR_EACH_MESH(TC_ENTRY_MESH_CONTACT)
TC_PAIR_EACH_MESH(TC_ENTRY_DEEPEST)
TC_PAIR_EACH_RIGID(TC_ENTRY_RIGID)
TC_PAIR_EACH_RIGID_ONTO_PLANE(TC_ENTRY_RIGID_ONTO_PLANE)
TC_PAIR_EACH_RIGID_PLANE_FIRST(TC_ENTRY_RIGID_PLANE_FIRST)
