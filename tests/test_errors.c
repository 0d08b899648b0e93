/* SPDX-License-Identifier: MIT */
/* Programmer errors go through the replaceable assert handler in debug
 * builds and give the documented defined result in every build. */
#include <touche/touche.h>

#include "harness.h"

static int handler_calls;
static bool counting_handler(const char *condition, const char *file, int line)
{
    (void)condition;
    (void)file;
    (void)line;
    ++handler_calls;
    return false; /* continue with the defined result */
}

#ifdef NDEBUG
#define EXPECTED_CALLS(n) 0
#else
#define EXPECTED_CALLS(n) (n)
#endif

TEST_CASE(null_shapes_report_and_answer_false)
{
    tc_assert_fn *previous = tc_set_assert_handler(counting_handler);
    handler_calls = 0;
    tc_obb box = tc_obb_from_quat(tc_vec3_zero(), tc_vec3_make(1, 1, 1), tc_quat_identity());
    tc_sphere s = { { 0, 0, 0 }, 1 };
    tc_ray ray = { { -5, 0, 0 }, { 1, 0, 0 } };
    tc_ray_hit hit;
    CHECK(!tc_overlap_obb_obb(NULL, &box));
    CHECK(!tc_overlap_sphere_obb(&s, NULL));
    CHECK(!tc_raycast_obb(NULL, &box, 10.0f, &hit));
    CHECK(!tc_raycast_obb(&ray, NULL, 10.0f, &hit));
    CHECK(tc_sat_obb_obb(NULL, &box, TC_SAT_AXIS_NONE) == TC_SAT_AXIS_COUNT);
    CHECK(handler_calls == EXPECTED_CALLS(5));
    /* A NULL hit is not a mistake: it asks for yes/no only. */
    CHECK(tc_raycast_obb(&ray, &box, 10.0f, NULL));
    CHECK(handler_calls == EXPECTED_CALLS(5));
    tc_set_assert_handler(previous);
}

TEST_CASE(handler_replacement_returns_previous)
{
    tc_assert_fn *previous = tc_set_assert_handler(counting_handler);
    CHECK(tc_set_assert_handler(NULL) == counting_handler);
    /* NULL restored the default, which is what we got first. */
    CHECK(tc_set_assert_handler(previous) == previous);
}

/* The version is written once, in CMake's project(VERSION); tests/CMakeLists.txt
 * hands this file the same numbers. */
TEST_CASE(version_matches_cmake)
{
    uint32_t v = tc_version();
    CHECK_MSG(v == (((uint32_t)TOUCHE_TEST_VERSION_MAJOR << 16) | ((uint32_t)TOUCHE_TEST_VERSION_MINOR << 8) |
                    (uint32_t)TOUCHE_TEST_VERSION_PATCH),
              "tc_version() is %u.%u.%u, CMake says %d.%d.%d", (unsigned)(v >> 16), (unsigned)((v >> 8) & 0xff),
              (unsigned)(v & 0xff), TOUCHE_TEST_VERSION_MAJOR, TOUCHE_TEST_VERSION_MINOR, TOUCHE_TEST_VERSION_PATCH);
}
