// SPDX-License-Identifier: MIT
/* Frame coherence of box-box contact ids: a box resting on another keeps its
 * 4 ids while it slides and turns slowly about the normal, and the ids change
 * (to a subset: the corners still touching) when it tips onto an edge. */
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
