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

/* An AABB box resting on an AABB ground (contact_aabb.c) keeps its 4 ids
 * (the ground's top face 3 with the box's bottom corners) while it slides
 * and sinks a little; once it slides over the ground's edge at x = 5, its
 * two corners past it are gone: the ground's edge with the box's bottom
 * edges there (x = 5), the other two ids unchanged. */
static tc_aabb aabb_resting(float x, float z, float sink)
{
    return (tc_aabb){ { x - 0.5f, -sink, z - 0.5f }, { x + 0.5f, 1.0f - sink, z + 0.5f } };
}

TEST_CASE(contact_ids_aabb_resting_sliding)
{
    const tc_aabb ground = { { -5, -1, -5 }, { 5, 0, 5 } };
    tc_manifold m;
    tc_aabb start = aabb_resting(0, 0, 0.01f);
    CHECK(tc_contact_aabb_aabb(&ground, &start, &m));
    uint32_t first[4], now[4];
    CHECK(sorted_ids(&m, first) == 4);
    for (int i = 0; i < 4; ++i) {
        CHECK(TC_CONTACT_FEATURE_A(first[i]) == (TC_FEATURE_FACE | 3u));
        for (int j = 0; j < i; ++j) CHECK(first[i] != first[j]);
    }
    for (int frame = 1; frame <= 200; ++frame) {
        tc_aabb b = aabb_resting(0.002f * frame, -0.001f * frame, 0.01f + 0.00002f * (float)(frame % 7));
        CHECK(tc_contact_aabb_aabb(&ground, &b, &m));
        CHECK_MSG(sorted_ids(&m, now) == 4, "frame %d: %d points", frame, m.count);
        for (int i = 0; i < 4 && m.count == 4; ++i) CHECK_MSG(now[i] == first[i], "frame %d: id %d changed", frame, i);
    }
    /* over the edge: the corners at x = 4.8 - 0.5 keep their ids */
    tc_aabb over = aabb_resting(4.8f, 0, 0.01f);
    CHECK(tc_contact_aabb_aabb(&ground, &over, &m) && m.count == 4);
    int kept = 0, edges = 0;
    for (int q = 0; q < m.count; ++q) {
        bool was = false;
        for (int i = 0; i < 4; ++i) was |= m.points[q].id == first[i];
        if (m.points[q].point.x < 4.5f) kept += was;
        else {
            edges += !was && (TC_CONTACT_FEATURE_A(m.points[q].id) & TC_FEATURE_KIND_MASK) == TC_FEATURE_EDGE &&
                     (TC_CONTACT_FEATURE_B(m.points[q].id) & TC_FEATURE_KIND_MASK) == TC_FEATURE_EDGE;
            CHECK(m.points[q].point.x == 5.0f);
        }
    }
    CHECK_MSG(kept == 2 && edges == 2, "kept %d, edges %d", kept, edges);
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
                  "frame %d: ids %08x %08x", frame, (unsigned)ids[0], (unsigned)ids[1]);
    }
    /* Over the +x edge at (2, 0.5): the capsule's axis 0.2 beyond it, sunk by
     * 0.01 along the direction to the edge. */
    float dx = 0.2f, dy = sqrtf(0.24f * 0.24f - dx * dx);
    tc_capsule over = { { 2 + dx, 0.5f + dy, -0.5f }, { 2 + dx, 0.5f + dy, 0.5f }, 0.25f };
    CHECK(tc_contact_capsule_obb(&over, &box, &m));
    int n = sorted_ids(&m, ids);
    CHECK_MSG(n == 2, "%d points on the edge", n);
    for (int i = 0; i < n; ++i) {
        unsigned fb = (unsigned)TC_CONTACT_FEATURE_B(ids[i]);
        CHECK_MSG((fb & TC_FEATURE_KIND_MASK) == TC_FEATURE_EDGE, "point %d on the edge: box feature %04x", i, fb);
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
                  "frame %d: id %08x", frame, (unsigned)m.points[0].id);
    }
    tc_sphere edge = { { 1.15f, 1.15f, 0.1f }, 0.3f };
    CHECK(tc_contact_sphere_aabb(&edge, &box, &m));
    CHECK_MSG(m.count == 1 && (TC_CONTACT_FEATURE_B(m.points[0].id) & TC_FEATURE_KIND_MASK) == TC_FEATURE_EDGE, "over the edge: id %08x",
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

/* ---- hulls: the same rules, with hull vertex, edge and face indices ---- */

/* A hull made from the 8 corners of a box of half extents h. */
static tc_hull_data *box_hull(tc_vec3 h)
{
    tc_vec3 p[8];
    for (int i = 0; i < 8; ++i)
        p[i] = tc_vec3_make(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
    return tc_hull_data_create(p, 8, NULL);
}

static tc_hull placed(const tc_hull_data *d, float x, float y, float yaw)
{
    return tc_hull_make(d, tc_transform_make(tc_vec3_make(x, y, 0.0f), tc_quat_from_axis_angle(tc_vec3_make(0, 1, 0), yaw)),
                        1.0f);
}

/* Whether feature f of hull data d is a vertex on its bottom (local y = -0.5). */
static bool is_bottom_vertex(const tc_hull_data *d, uint32_t f)
{
    if ((f & TC_FEATURE_KIND_MASK) != TC_FEATURE_VERTEX) return false;
    int32_t i = (int32_t)(f & TC_FEATURE_INDEX_MASK);
    return i < tc_hull_data_vertex_count(d) && tc_hull_data_vertex(d, i).y == -0.5f;
}

/* Whether feature f of hull data d is the face whose outward normal is +y. */
static bool is_top_face(const tc_hull_data *d, uint32_t f)
{
    if ((f & TC_FEATURE_KIND_MASK) != TC_FEATURE_FACE) return false;
    int32_t i = (int32_t)(f & TC_FEATURE_INDEX_MASK);
    if (i >= tc_hull_data_face_count(d)) return false;
    tc_plane pl;
    int32_t v[8];
    tc_hull_data_face(d, i, &pl, v, 8);
    return pl.normal.y > 0.999f;
}

/* A unit hull box resting on a large hull box (top at y = 0), sliding and
 * turning slowly: 4 ids, (bottom corner of A, top face of B), the same in
 * every frame; pushed over B's +x edge two corners hang off and their
 * points become (A's edge, B's edge), the other two keep their ids. */
TEST_CASE(contact_ids_hull_box_on_a_hull)
{
    tc_hull_data *small = box_hull(tc_vec3_make(0.5f, 0.5f, 0.5f)), *big = box_hull(tc_vec3_make(5, 1, 5));
    CHECK(small && big);
    if (!small || !big) goto done;
    tc_hull ground = placed(big, 0, -1, 0);
    tc_manifold m;
    uint32_t first[4], now[4];
    tc_hull start = placed(small, 0, 0.49f, 0);
    CHECK(tc_contact_hull_hull(&start, &ground, &m));
    CHECK_MSG(sorted_ids(&m, first) == 4, "%d points", m.count);
    for (int i = 0; i < 4 && m.count == 4; ++i) {
        CHECK_MSG(is_bottom_vertex(small, TC_CONTACT_FEATURE_A(first[i])) && is_top_face(big, TC_CONTACT_FEATURE_B(first[i])),
                  "point %d: id %08x", i, (unsigned)first[i]);
        for (int j = 0; j < i; ++j) CHECK(first[i] != first[j]);
    }
    for (int frame = 1; frame <= 200; ++frame) {
        tc_hull b = placed(small, 0.002f * frame, 0.49f, 0.003f * frame);
        CHECK(tc_contact_hull_hull(&b, &ground, &m));
        CHECK_MSG(sorted_ids(&m, now) == 4, "frame %d: %d points", frame, m.count);
        for (int i = 0; i < 4 && m.count == 4; ++i) CHECK_MSG(now[i] == first[i], "frame %d: id %d changed", frame, i);
    }
    /* Half over the edge at x = 5. */
    tc_hull over = placed(small, 5.0f, 0.49f, 0);
    CHECK(tc_contact_hull_hull(&over, &ground, &m));
    int n = sorted_ids(&m, now), kept = 0, edges = 0;
    CHECK_MSG(n == 4, "%d points over the edge", n);
    for (int i = 0; i < n; ++i) {
        bool known = false;
        for (int j = 0; j < 4; ++j) known = known || now[i] == first[j];
        uint32_t fa = TC_CONTACT_FEATURE_A(now[i]), fb = TC_CONTACT_FEATURE_B(now[i]);
        if (known) { ++kept; continue; }
        CHECK_MSG((fa & TC_FEATURE_KIND_MASK) == TC_FEATURE_EDGE && (fb & TC_FEATURE_KIND_MASK) == TC_FEATURE_EDGE,
                  "point %d: id %08x", i, (unsigned)now[i]);
        int32_t ea = (int32_t)(fa & TC_FEATURE_INDEX_MASK), eb = (int32_t)(fb & TC_FEATURE_INDEX_MASK);
        if (ea >= tc_hull_data_edge_count(small) || eb >= tc_hull_data_edge_count(big)) continue;
        int32_t a0, a1, b0, b1;
        tc_hull_data_edge(small, ea, &a0, &a1);
        tc_hull_data_edge(big, eb, &b0, &b1);
        /* A's bottom edge along x, B's top edge along z at x = +5. */
        tc_vec3 p0 = tc_hull_data_vertex(small, a0), p1 = tc_hull_data_vertex(small, a1);
        tc_vec3 q0 = tc_hull_data_vertex(big, b0), q1 = tc_hull_data_vertex(big, b1);
        CHECK(p0.y == -0.5f && p1.y == -0.5f && p0.z == p1.z);
        CHECK(q0.y == 1.0f && q1.y == 1.0f && q0.x == 5.0f && q1.x == 5.0f);
        ++edges;
    }
    CHECK_MSG(kept == 2 && edges == 2, "%d ids kept, %d edge-edge", kept, edges);
done:
    tc_hull_data_destroy(small);
    tc_hull_data_destroy(big);
}

/* The same hull box on an aabb (the aabb is A): (top face 3, bottom corner)
 * in every frame while it slides and turns. */
TEST_CASE(contact_ids_hull_box_on_a_box)
{
    tc_hull_data *small = box_hull(tc_vec3_make(0.5f, 0.5f, 0.5f));
    CHECK(small != NULL);
    if (!small) return;
    tc_aabb ground = { { -5, -1, -5 }, { 5, 0, 5 } };
    tc_manifold m;
    uint32_t first[4], now[4];
    tc_hull start = placed(small, 0, 0.49f, 0);
    CHECK(tc_contact_aabb_hull(&ground, &start, &m));
    CHECK_MSG(sorted_ids(&m, first) == 4, "%d points", m.count);
    for (int i = 0; i < 4 && m.count == 4; ++i) {
        CHECK_MSG(TC_CONTACT_FEATURE_A(first[i]) == (TC_FEATURE_FACE | 3u) && is_bottom_vertex(small, TC_CONTACT_FEATURE_B(first[i])),
                  "point %d: id %08x", i, (unsigned)first[i]);
        for (int j = 0; j < i; ++j) CHECK(first[i] != first[j]);
    }
    for (int frame = 1; frame <= 200; ++frame) {
        tc_hull b = placed(small, -0.002f * frame, 0.49f, -0.003f * frame);
        CHECK(tc_contact_aabb_hull(&ground, &b, &m));
        CHECK_MSG(sorted_ids(&m, now) == 4, "frame %d: %d points", frame, m.count);
        for (int i = 0; i < 4 && m.count == 4; ++i) CHECK_MSG(now[i] == first[i], "frame %d: id %d changed", frame, i);
    }
    tc_hull_data_destroy(small);
}

/* A plane (A) under the hull box: (face 0, bottom corner) per point. */
TEST_CASE(contact_ids_hull_box_on_a_plane)
{
    tc_hull_data *small = box_hull(tc_vec3_make(0.5f, 0.5f, 0.5f));
    CHECK(small != NULL);
    if (!small) return;
    tc_plane floor = { { 0, 1, 0 }, 0 };
    tc_hull b = placed(small, 0.3f, 0.49f, 0.2f);
    tc_manifold m;
    uint32_t ids[4];
    CHECK(tc_contact_plane_hull(&floor, &b, &m));
    CHECK_MSG(sorted_ids(&m, ids) == 4, "%d points", m.count);
    for (int i = 0; i < m.count; ++i)
        CHECK_MSG(TC_CONTACT_FEATURE_A(ids[i]) == TC_FEATURE_FACE && is_bottom_vertex(small, TC_CONTACT_FEATURE_B(ids[i])),
                  "point %d: id %08x", i, (unsigned)ids[i]);
    tc_hull_data_destroy(small);
}

/* The hull box on a mesh floor of 2 x 2 quads (8 triangles): one triangle
 * under it, ids (bottom corner, that triangle's face 0 with its index in
 * the bits above 4) the same while it slides inside the triangle. */
TEST_CASE(contact_ids_hull_box_on_a_mesh)
{
    tc_vec3 v[9];
    for (int i = 0; i < 9; ++i) v[i] = tc_vec3_make(-10.0f + 10.0f * (float)(i % 3), 0.0f, -10.0f + 10.0f * (float)(i / 3));
    int32_t idx[24];
    int k = 0;
    for (int qz = 0; qz < 2; ++qz)
        for (int qx = 0; qx < 2; ++qx) {
            int32_t a = qz * 3 + qx, b = a + 1, c = a + 3, d = a + 4;
            idx[k++] = a; idx[k++] = c; idx[k++] = b; /* counter-clockwise seen from +y */
            idx[k++] = b; idx[k++] = c; idx[k++] = d;
        }
    tc_mesh_data *md = tc_mesh_data_create(v, 9, idx, 8, NULL);
    tc_hull_data *small = box_hull(tc_vec3_make(0.5f, 0.5f, 0.5f));
    CHECK(md && small);
    if (!md || !small) goto done;
    tc_mesh floor = tc_mesh_make(md, tc_transform_make(tc_vec3_make(0, 0, -5), tc_quat_identity()), 1.0f);
    uint32_t first[4], now[4];
    int32_t tri = -1;
    for (int frame = 0; frame <= 100; ++frame) {
        tc_hull b = placed(small, 1.5f + 0.005f * frame, 0.49f, 0.002f * frame);
        tc_mesh_contact c[4];
        int32_t n = tc_contact_hull_mesh(&b, &floor, c, 4);
        CHECK_MSG(n == 1, "frame %d: %d triangles", frame, (int)n);
        if (n != 1) continue;
        CHECK_MSG(sorted_ids(&c[0].manifold, now) == 4, "frame %d: %d points", frame, c[0].manifold.count);
        if (c[0].manifold.count != 4) continue;
        if (frame == 0) {
            tri = c[0].triangle;
            for (int i = 0; i < 4; ++i) {
                first[i] = now[i];
                CHECK_MSG(is_bottom_vertex(small, TC_CONTACT_FEATURE_A(now[i])) &&
                              TC_CONTACT_FEATURE_B(now[i]) == (TC_FEATURE_FACE | ((uint32_t)tri << 4 & TC_FEATURE_INDEX_MASK)),
                          "point %d: id %08x on triangle %d", i, (unsigned)now[i], (int)tri);
                for (int j = 0; j < i; ++j) CHECK(now[i] != now[j]);
            }
            continue;
        }
        CHECK(c[0].triangle == tri);
        for (int i = 0; i < 4; ++i) CHECK_MSG(now[i] == first[i], "frame %d: id %d changed", frame, i);
    }
done:
    tc_hull_data_destroy(small);
    tc_mesh_data_destroy(md);
}

/* A sphere sliding on a hull box's top face: (vertex 0, the +y face) in
 * every frame; over the +x top edge the hull's feature is an edge whose two
 * vertices lie at x = +0.5, y = +0.5. */
TEST_CASE(contact_ids_sphere_sliding_on_a_hull)
{
    tc_hull_data *d = box_hull(tc_vec3_make(0.5f, 0.5f, 0.5f));
    CHECK(d != NULL);
    if (!d) return;
    tc_hull h = placed(d, 0, 0, 0);
    tc_manifold m;
    for (int frame = 0; frame <= 40; ++frame) {
        tc_sphere s = { { -0.4f + 0.02f * (float)frame, 0.79f, 0.1f }, 0.3f };
        CHECK(tc_contact_sphere_hull(&s, &h, &m));
        CHECK_MSG(m.count == 1 && TC_CONTACT_FEATURE_A(m.points[0].id) == TC_FEATURE_VERTEX &&
                      is_top_face(d, TC_CONTACT_FEATURE_B(m.points[0].id)),
                  "frame %d: id %08x", frame, (unsigned)m.points[0].id);
    }
    tc_sphere edge = { { 0.7f, 0.7f, 0.1f }, 0.3f };
    CHECK(tc_contact_sphere_hull(&edge, &h, &m));
    uint32_t fb = TC_CONTACT_FEATURE_B(m.points[0].id);
    CHECK_MSG(m.count == 1 && (fb & TC_FEATURE_KIND_MASK) == TC_FEATURE_EDGE, "over the edge: id %08x", (unsigned)m.points[0].id);
    int32_t e = (int32_t)(fb & TC_FEATURE_INDEX_MASK);
    if (e < tc_hull_data_edge_count(d)) {
        int32_t v0, v1;
        tc_hull_data_edge(d, e, &v0, &v1);
        tc_vec3 p0 = tc_hull_data_vertex(d, v0), p1 = tc_hull_data_vertex(d, v1);
        CHECK(p0.x == 0.5f && p1.x == 0.5f && p0.y == 0.5f && p1.y == 0.5f);
    }
    tc_hull_data_destroy(d);
}
