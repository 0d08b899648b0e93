// SPDX-License-Identifier: MIT
/* The world's public contract as issue 9 settled it: zero fields are
 * literal, changes take effect when world.h says, events say whose they
 * were, groups keep a skeleton's colliders apart, queries are const. */
#include <math.h>
#include <string.h>

#include <touche/world.h>

#include "harness.h"

static tc_collider_def sphere_def(tc_vec3 at, float radius)
{
    tc_collider_def d = tc_collider_def_default();
    tc_sphere s;
    s.center = tc_vec3_zero();
    s.radius = radius;
    d.shape = tc_shape_from_sphere(s);
    d.local.position = at;
    return d;
}

/* The events of the last update between a and b (in either order). */
static const tc_contact_event *event_of(const tc_world *w, tc_collider_id a, tc_collider_id b)
{
    size_t n;
    const tc_contact_event *e = tc_world_contact_events(w, &n);
    for (size_t k = 0; k < n; ++k)
        if ((tc_collider_id_equal(e[k].a, a) && tc_collider_id_equal(e[k].b, b)) ||
            (tc_collider_id_equal(e[k].a, b) && tc_collider_id_equal(e[k].b, a)))
            return &e[k];
    return NULL;
}

/* A small sphere at `at`: how many colliders it meets. */
static size_t overlapping(const tc_world *w, tc_vec3 at, const tc_query_filter *f)
{
    tc_sphere s;
    s.center = at;
    s.radius = 0.2f;
    return tc_world_overlap_sphere(w, &s, f, NULL, 0);
}

/* A ray up the y axis. */
static bool ray_hits(const tc_world *w, const tc_query_filter *f)
{
    tc_ray ray;
    ray.origin = tc_vec3_make(0, -10, 0);
    ray.dir = tc_vec3_make(0, 1, 0);
    return tc_world_raycast_any(w, &ray, INFINITY, f, NULL);
}

/* base.h: a zero field means literally zero, NULL means the defaults. */
TEST_CASE(world_zero_fields_are_literal_and_null_defs_are_defaults)
{
    tc_world_def zero;
    memset(&zero, 0, sizeof zero);
    tc_world *w = tc_world_create(&zero); /* no margin, no stretching, malloc */
    CHECK(w != NULL);
    tc_world_def bad = tc_world_def_default();
    bad.margin_ratio = -0.1f;
    CHECK(tc_world_create(&bad) == NULL);
    bad = tc_world_def_default();
    bad.prediction = -1.0f;
    CHECK(tc_world_create(&bad) == NULL);

    /* nodes: a zeroed def has scale 0, which is invalid as for the setter */
    tc_node_def nd;
    memset(&nd, 0, sizeof nd);
    CHECK(tc_node_is_null(tc_world_create_node(w, &nd)));
    nd.scale = 1.0f;
    const tc_node_id n = tc_world_create_node(w, &nd);
    CHECK(!tc_node_is_null(n));
    CHECK(!tc_world_set_node_pose(w, n, tc_transform_identity(), 0.0f));
    const tc_node_id dn = tc_world_create_node(w, NULL);
    CHECK(!tc_node_is_null(dn));
    CHECK(tc_world_update(w));
    float scale = 0.0f;
    CHECK(tc_world_node_world_pose(w, dn, NULL, &scale) && scale == 1.0f);

    /* colliders: a zeroed def's category and mask are 0 and meet nothing */
    tc_collider_def zc;
    memset(&zc, 0, sizeof zc);
    zc.shape = sphere_def(tc_vec3_zero(), 1.0f).shape;
    zc.enabled = true;
    const tc_collider_id z = tc_world_create_collider(w, &zc);
    const tc_collider_def dd = sphere_def(tc_vec3_make(0.5f, 0, 0), 1.0f);
    const tc_collider_id a = tc_world_create_collider(w, &dd);
    const tc_collider_id b = tc_world_create_collider(w, NULL); /* the default: unit sphere at the origin */
    CHECK(!tc_collider_is_null(z) && !tc_collider_is_null(a) && !tc_collider_is_null(b));
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) != NULL && event_of(w, a, b)->state == TC_CONTACT_BEGIN);
    CHECK(event_of(w, z, a) == NULL && event_of(w, z, b) == NULL);
    /* the setter takes zero the same way */
    CHECK(tc_world_set_collider_filter(w, a, ~(uint64_t)0, 0));
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) != NULL && event_of(w, a, b)->state == TC_CONTACT_END);
    /* a zeroed def is disabled: enabled is false */
    memset(&zc, 0, sizeof zc);
    zc.shape = dd.shape;
    zc.category = zc.mask = ~(uint64_t)0;
    const tc_collider_id off = tc_world_create_collider(w, &zc);
    CHECK(tc_world_update(w));
    CHECK(event_of(w, off, b) == NULL);
    CHECK(overlapping(w, tc_vec3_zero(), NULL) == 3); /* z, a, b: a NULL filter passes every enabled one */
    tc_world_destroy(w);

    /* debug drawing: the default draws 16 segments a circle; fewer than 3 draw 3 */
    tc_debug_draw draw = tc_debug_draw_default();
    CHECK(draw.circle_segments == 16 && draw.line == NULL && !draw.draw_tree);
}

/* world.h: queries see destruction, disabling and filters at once; what
 * places a collider (creation, enabling, poses, shapes) at the next update;
 * pairs change only at an update. */
TEST_CASE(world_changes_take_effect_as_documented)
{
    tc_world *w = tc_world_create(NULL);
    /* a at the origin, category 1; b beside it, category 2; the small
     * sphere at at_a and the ray up the y axis meet a only, and the filter
     * `one` passes category 1 only */
    tc_collider_def d = sphere_def(tc_vec3_zero(), 1.0f);
    d.category = 1;
    const tc_collider_id a = tc_world_create_collider(w, &d);
    d.local.position = tc_vec3_make(1.5f, 0, 0);
    d.category = 2;
    const tc_collider_id b = tc_world_create_collider(w, &d);
    const tc_vec3 at_a = tc_vec3_make(-0.75f, 0, 0);
    const tc_query_filter one = { ~(uint64_t)0, 1, 0 };
    /* creation: at the next update */
    CHECK(overlapping(w, at_a, NULL) == 0 && !ray_hits(w, NULL));
    CHECK(tc_world_update(w));
    CHECK(overlapping(w, at_a, &one) == 1 && ray_hits(w, &one));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_BEGIN);

    /* a filter change: the queries at once, the pair at the update */
    CHECK(tc_world_set_collider_filter(w, a, 2, ~(uint64_t)0));
    CHECK(overlapping(w, at_a, &one) == 0 && !ray_hits(w, &one));
    CHECK(overlapping(w, at_a, NULL) == 1 && ray_hits(w, NULL));
    CHECK(tc_world_set_collider_filter(w, a, 1, 1));
    CHECK(overlapping(w, at_a, &one) == 1 && ray_hits(w, &one));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_BEGIN); /* the events stay the last update's */
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_END); /* a's mask misses b's category */
    CHECK(tc_world_set_collider_filter(w, a, 1, 3));
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_BEGIN);

    /* a group: pairs at the update, queries never */
    CHECK(tc_world_set_collider_group(w, a, 7));
    CHECK(tc_world_set_collider_group(w, b, 7));
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_END);
    CHECK(overlapping(w, at_a, &one) == 1);
    CHECK(tc_world_set_collider_group(w, b, 8));
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_BEGIN);

    /* a pose: at the next update */
    CHECK(tc_world_set_collider_pose(w, a, tc_transform_make(tc_vec3_make(0, 50, 0), tc_quat_identity())));
    CHECK(overlapping(w, at_a, &one) == 1 && ray_hits(w, &one));
    CHECK(tc_world_update(w));
    CHECK(overlapping(w, at_a, &one) == 0);
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_END);
    CHECK(tc_world_set_collider_pose(w, a, tc_transform_identity()));
    CHECK(tc_world_update(w));

    /* a shape: at the next update */
    tc_sphere big;
    big.center = tc_vec3_zero();
    big.radius = 4.0f;
    const tc_shape bs = tc_shape_from_sphere(big);
    CHECK(tc_world_set_collider_shape(w, a, &bs));
    CHECK(overlapping(w, tc_vec3_make(0, 3.5f, 0), &one) == 0);
    CHECK(tc_world_update(w));
    CHECK(overlapping(w, tc_vec3_make(0, 3.5f, 0), &one) == 1);

    /* disabling: out of the queries at once, the pair ends at the update;
     * enabling: back at the update */
    CHECK(tc_world_set_collider_enabled(w, a, false));
    CHECK(overlapping(w, at_a, &one) == 0 && !ray_hits(w, &one));
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_END);
    CHECK(tc_world_set_collider_enabled(w, a, true));
    CHECK(overlapping(w, at_a, &one) == 0);
    CHECK(tc_world_update(w));
    CHECK(overlapping(w, at_a, &one) == 1 && ray_hits(w, &one));

    /* destruction: out of the queries at once, END at the update */
    tc_world_destroy_collider(w, a);
    CHECK(overlapping(w, at_a, &one) == 0);
    CHECK(tc_world_update(w));
    CHECK(event_of(w, a, b) && event_of(w, a, b)->state == TC_CONTACT_END);
    tc_world_destroy(w);
}

/* An END event for a destroyed collider still says whose it was. */
TEST_CASE(world_end_event_of_a_destroyed_collider_carries_its_user_data)
{
    tc_world *w = tc_world_create(NULL);
    tc_collider_def d = sphere_def(tc_vec3_zero(), 1.0f);
    d.user_data = 0x1111222233334444u;
    const tc_collider_id a = tc_world_create_collider(w, &d);
    d.local.position = tc_vec3_make(1, 0, 0);
    d.user_data = 77;
    const tc_collider_id b = tc_world_create_collider(w, &d);
    CHECK(tc_world_update(w));
    const tc_contact_event *e = event_of(w, a, b);
    CHECK(e && e->state == TC_CONTACT_BEGIN && e->user_data_a == 0x1111222233334444u && e->user_data_b == 77);
    CHECK(tc_world_set_collider_user_data(w, b, 78));
    CHECK(tc_world_update(w));
    e = event_of(w, a, b);
    CHECK(e && e->state == TC_CONTACT_STAY && e->user_data_b == 78);
    tc_world_destroy_collider(w, a);
    /* its slot is reused only after the update, so a new collider does not take it */
    d.user_data = 99;
    const tc_collider_id c = tc_world_create_collider(w, &d);
    CHECK(c.index != a.index);
    CHECK(tc_world_update(w));
    e = event_of(w, a, b);
    CHECK(e && e->state == TC_CONTACT_END && e->user_data_a == 0x1111222233334444u && e->user_data_b == 78);
    CHECK(!tc_world_collider_is_valid(w, a));
    tc_world_destroy(w);
}

/* Every typed overlap query is the shape query on that shape. */
TEST_CASE(world_overlap_family_covers_every_shape)
{
    tc_world *w = tc_world_create(NULL);
    for (int i = 0; i < 20; ++i) {
        const tc_collider_def d = sphere_def(tc_vec3_make((float)(3 * i), 0, 0), 1.0f);
        CHECK(!tc_collider_is_null(tc_world_create_collider(w, &d)));
    }
    CHECK(tc_world_update(w));
    tc_collider_id got[32], want[32];
    const tc_sphere s = { { 6, 0, 0 }, 2.5f };
    const tc_capsule c = { { 0, 2, 0 }, { 12, 2, 0 }, 1.0f };
    const tc_aabb b = { { 5, -1, -1 }, { 10, 1, 1 } };
    const tc_obb o = tc_obb_from_quat(tc_vec3_make(30, 0, 0), tc_vec3_make(4, 0.5f, 0.5f), tc_quat_identity());
    const tc_triangle t = { { 40, -5, 0 }, { 50, 5, 0 }, { 40, 5, 0 } };
    const tc_plane p = tc_plane_from_point_normal(tc_vec3_make(10, 0, 0), tc_vec3_make(1, 0, 0));
    size_t n;
    n = tc_world_overlap_sphere(w, &s, NULL, got, 32);
    const tc_shape ss = tc_shape_from_sphere(s);
    CHECK(n == 3 && tc_world_overlap_shape(w, &ss, NULL, want, 32) == n && !memcmp(got, want, n * sizeof *got));
    n = tc_world_overlap_capsule(w, &c, NULL, got, 32);
    const tc_shape cs = tc_shape_from_capsule(c);
    CHECK(n == 5 && tc_world_overlap_shape(w, &cs, NULL, want, 32) == n && !memcmp(got, want, n * sizeof *got));
    n = tc_world_overlap_aabb(w, &b, NULL, got, 32);
    CHECK(n == 2 && got[0].index == 2 && got[1].index == 3);
    n = tc_world_overlap_obb(w, &o, NULL, got, 32);
    CHECK(n == 3);
    n = tc_world_overlap_triangle(w, &t, NULL, got, 32);
    const tc_shape ts = tc_shape_from_triangle(t);
    CHECK(n > 0 && tc_world_overlap_shape(w, &ts, NULL, want, 32) == n && !memcmp(got, want, n * sizeof *got));
    n = tc_world_overlap_plane(w, &p, NULL, got, 32);
    CHECK(n == 4); /* x <= 10: spheres at 0, 3, 6, 9 */
    n = tc_world_overlap_point(w, tc_vec3_make(9.5f, 0, 0), NULL, got, 32);
    CHECK(n == 1 && got[0].index == 3);
    CHECK(tc_world_overlap_point(w, tc_vec3_make(NAN, 0, 0), NULL, got, 32) == 0);
    tc_world_destroy(w);
}
