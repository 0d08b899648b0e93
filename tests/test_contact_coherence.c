// SPDX-License-Identifier: MIT
/* Frame coherence of contact ids: a box resting on another keeps its
 * 4 ids while it slides and turns slowly about the normal, and the ids change
 * (to a subset: the corners still touching) when it tips onto an edge; a
 * capsule rolling and a sphere sliding on a box keep theirs until they pass
 * over an edge; two crossing triangles keep theirs while one slides. */
#include <math.h>
#include <stdlib.h>

#include "harness.h"
#include <touche/touche.h>

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : (x > y);
}

static int sorted_ids(const tc_manifold *m, uint32_t ids[4])
{
    for (int i = 0; i < m->count; ++i) ids[i] = m->points[i].id;
    qsort(ids, (size_t)m->count, sizeof ids[0], cmp_u32);
    return m->count;
}

static tc_obb resting(float x, float yaw, float tilt, float sink)
{
    tc_quat q = tc_quat_mul(tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), yaw),
                            tc_quat_from_axis_angle(tc_vec3_make(0, 0, 1), tilt));
    return tc_obb_from_quat(tc_vec3_make(x, 0.5f - sink, 0.0f), tc_vec3_make(0.5f, 0.5f, 0.5f), q);
}

TEST_CASE(contact_ids_box_resting_sliding_turning)
{
    tc_aabb ground = { { -5, -1, -5 }, { 5, 0, 5 } };
    tc_manifold m;
    tc_obb start = resting(0, 0, 0, 0.01f);
    CHECK(tc_contact_aabb_obb(&ground, &start, &m));
    uint32_t first[4], now[4];
    CHECK(sorted_ids(&m, first) == 4);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < i; ++j) CHECK(first[i] != first[j]);
    for (int frame = 1; frame <= 200; ++frame) {
        tc_obb b = resting(0.002f * frame, 0.003f * frame, 0.0f, 0.01f);
        CHECK(tc_contact_aabb_obb(&ground, &b, &m));
        CHECK_MSG(sorted_ids(&m, now) == 4, "frame %d: %d points", frame, m.count);
        for (int i = 0; i < 4 && m.count == 4; ++i) CHECK_MSG(now[i] == first[i], "frame %d: id %d changed", frame, i);
    }
}

TEST_CASE(contact_ids_box_tipping_over_an_edge)
{
    tc_aabb ground = { { -5, -1, -5 }, { 5, 0, 5 } };
    tc_manifold m;
    tc_obb start = resting(0, 0, 0, 0.01f);
    CHECK(tc_contact_aabb_obb(&ground, &start, &m));
    uint32_t flat[4], tipped[4];
    CHECK(sorted_ids(&m, flat) == 4);
    /* Tipped by 0.2 rad about z: one bottom edge stays down. */
    float t = 0.2f;
    float low = 0.5f * (cosf(t) + sinf(t)); /* height of the lowest edge above the centre */
    tc_obb b = resting(0, 0, t, 0.5f - low + 0.01f);
    CHECK(tc_contact_aabb_obb(&ground, &b, &m));
    int n = sorted_ids(&m, tipped);
    CHECK_MSG(n == 2, "%d points on the edge", n);
    for (int i = 0; i < n; ++i) {
        bool known = false;
        for (int j = 0; j < 4; ++j) known = known || tipped[i] == flat[j];
        CHECK_MSG(known, "edge point %d: id %08x not one of the resting corners", i, (unsigned)tipped[i]);
    }
    CHECK(tipped[0] != tipped[1]);
}

/* A capsule (radius 0.25, along z) rolling across a box's top face: while
 * its side lies on the face its two points are its ends on that face, ids
 * (end 0, top face) and (end 1, top face) in every frame; rolled past the
 * face's edge it rests on that edge, and the box's feature becomes the edge. */
TEST_CASE(contact_ids_capsule_rolling_on_a_box)
{
    tc_obb box = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(2, 0.5f, 2), tc_quat_identity());
    const uint32_t top = TC_FEATURE_FACE | 3u; /* axis y, + side */
    tc_manifold m;
    uint32_t ids[4];
    for (int frame = 0; frame <= 100; ++frame) {
        float x = -1.5f + 0.03f * (float)frame, y = 0.5f + 0.25f - 0.01f;
        tc_capsule c = { { x, y, -0.5f }, { x, y, 0.5f }, 0.25f };
        CHECK(tc_contact_capsule_obb(&c, &box, &m));
        CHECK_MSG(sorted_ids(&m, ids) == 2, "frame %d: %d points", frame, m.count);
        if (m.count != 2) continue;
        CHECK_MSG(ids[0] == TC_CONTACT_ID(TC_FEATURE_VERTEX | 0u, top) && ids[1] == TC_CONTACT_ID(TC_FEATURE_VERTEX | 1u, top),
                  "frame %d: ids %04x %04x", frame, (unsigned)ids[0], (unsigned)ids[1]);
    }
    /* Over the +x edge at (2, 0.5): the capsule's axis 0.2 beyond it, sunk by
     * 0.01 along the direction to the edge. */
    float dx = 0.2f, dy = sqrtf(0.24f * 0.24f - dx * dx);
    tc_capsule over = { { 2 + dx, 0.5f + dy, -0.5f }, { 2 + dx, 0.5f + dy, 0.5f }, 0.25f };
    CHECK(tc_contact_capsule_obb(&over, &box, &m));
    int n = sorted_ids(&m, ids);
    CHECK_MSG(n == 2, "%d points on the edge", n);
    for (int i = 0; i < n; ++i) {
        unsigned fb = (unsigned)(ids[i] >> 8);
        CHECK_MSG((fb & 0xc0u) == TC_FEATURE_EDGE, "point %d on the edge: box feature %02x", i, fb);
    }
    CHECK(ids[0] != ids[1]);
}

/* A sphere sliding on a box's top face keeps the id (vertex 0, top face);
 * over the edge it becomes (vertex 0, that edge). */
TEST_CASE(contact_ids_sphere_sliding_on_a_box)
{
    tc_aabb box = { { -1, -1, -1 }, { 1, 1, 1 } };
    tc_manifold m;
    for (int frame = 0; frame <= 50; ++frame) {
        tc_sphere s = { { -0.9f + 0.036f * (float)frame, 1.29f, 0.1f }, 0.3f };
        CHECK(tc_contact_sphere_aabb(&s, &box, &m));
        CHECK_MSG(m.count == 1 && m.points[0].id == TC_CONTACT_ID(TC_FEATURE_VERTEX, TC_FEATURE_FACE | 3u),
                  "frame %d: id %04x", frame, (unsigned)m.points[0].id);
    }
    tc_sphere edge = { { 1.15f, 1.15f, 0.1f }, 0.3f };
    CHECK(tc_contact_sphere_aabb(&edge, &box, &m));
    CHECK_MSG(m.count == 1 && ((m.points[0].id >> 8) & 0xc0u) == TC_FEATURE_EDGE, "over the edge: id %04x",
              (unsigned)m.points[0].id);
}

/* A triangle poking one corner down through another, sliding slowly: the
 * two points where they cross keep their ids (the poking triangle's two
 * edges from that corner, in the lower one's face). */
TEST_CASE(contact_ids_triangle_poking_through_a_triangle)
{
    tc_triangle floor = { { -3, 0, -3 }, { 3, 0, -3 }, { 0, 0, 3 } };
    tc_manifold m;
    uint32_t first[4], now[4];
    int n0 = 0;
    for (int frame = 0; frame <= 50; ++frame) {
        float x = -0.5f + 0.02f * (float)frame;
        tc_triangle t = { { x, -0.1f, 0 }, { x - 0.5f, 1, 0.3f }, { x + 0.5f, 1, -0.2f } };
        CHECK(tc_contact_triangle_triangle(&t, &floor, &m));
        if (frame == 0) {
            n0 = sorted_ids(&m, first);
            CHECK_MSG(n0 == 2 && first[0] != first[1], "%d points", n0);
            continue;
        }
        CHECK_MSG(sorted_ids(&m, now) == n0, "frame %d: %d points", frame, m.count);
        for (int i = 0; i < n0 && m.count == n0; ++i) CHECK_MSG(now[i] == first[i], "frame %d: id %d changed", frame, i);
    }
}
