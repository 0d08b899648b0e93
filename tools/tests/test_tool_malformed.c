/* SPDX-License-Identifier: MIT */
/* The malformed-input suite: every kind of bad scene gives a diagnostic at
 * the right line and column that names what was expected; through the
 * binary, exit code 2 and nothing on stdout. Also what the parser accepts
 * and the values it reads. */
#include "harness.h"
#include "scene.h"
#include "tool_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct bad_case {
    const char *label;
    const char *text;
    size_t size;          /* 0: strlen(text) */
    int line, column;
    const char *expect;   /* substring of the first message */
} bad_case;

#define TEXT(s) s, sizeof(s) - 1

static const bad_case bad_cases[] = {
    { "empty file", TEXT(""), 1, 1, "empty scene: expected at least one collider" },
    { "comments only", TEXT("# nothing here\n\n   # still nothing\n"), 1, 1, "empty scene" },
    { "frames only", TEXT("frame hips position 0 1 0\n"), 1, 1, "empty scene" },
    { "truncated line", TEXT("box A center 1 2\n"), 1, 17, "expected a number for the z of 'center'" },
    { "truncated at end of file", TEXT("sphere s radius"), 1, 16, "expected a number for 'radius', found end of line" },
    { "truncated statement", TEXT("sphere\n"), 1, 7, "expected a name for a sphere, found end of line" },
    { "unknown keyword", TEXT("boz A size 1 1 1\n"), 1, 1, "unknown statement 'boz' (did you mean 'box'?)" },
    { "unknown property", TEXT("box A sise 1 1 1\n"), 1, 7, "unknown property 'sise' for a box (did you mean 'size'?)" },
    { "missing number", TEXT("sphere s center 0 x 0 radius 1\n"), 1, 19,
      "expected a number for the y of 'center' (3 numbers), found 'x'" },
    { "NaN", TEXT("sphere s center nan 0 0 radius 1\n"), 1, 17, "NaN and infinity are not allowed" },
    { "infinity", TEXT("sphere s radius inf\n"), 1, 17, "NaN and infinity are not allowed" },
    { "negative NaN", TEXT("sphere s radius -nan\n"), 1, 17, "expected a number for 'radius'" },
    { "huge number", TEXT("sphere s radius 1e39\n"), 1, 17, "out of range: numbers must lie within -1e6..1e6" },
    { "huge but a double", TEXT("sphere s center 12345678 0 0 radius 1\n"), 1, 17, "out of range" },
    { "absurdly long number", TEXT("sphere s radius 1000000000000000000000000000000000000000000000000000000000000000000"
                                   "00000000000000000000000000000000000000000000000000000000000000000000000000000\n"),
      1, 17, "out of range" },
    { "malformed number", TEXT("sphere s radius 1.2.3\n"), 1, 17, "malformed number" },
    { "exponent without digits", TEXT("sphere s radius 1e\n"), 1, 17, "malformed number" },
    { "too many numbers", TEXT("sphere s radius 1 2\n"), 1, 19, "too many numbers" },
    { "missing name", TEXT("sphere radius 1\n"), 1, 8, "expected a name for a sphere before its properties" },
    { "unknown parent", TEXT("frame hand\nbox A parent hnd size 1 1 1\n"), 2, 14,
      "unknown parent 'hnd': expected the name of a frame (did you mean 'hand'?)" },
    { "parent is a collider", TEXT("sphere s radius 1\nbox A parent s size 1 1 1\n"), 2, 14,
      "'s' is a sphere, not a frame" },
    { "cycle", TEXT("frame a parent b\nframe b parent a\nsphere s parent a radius 1\n"), 1, 16, "parent cycle: a -> b -> a" },
    { "self parent", TEXT("frame a parent a\nsphere s parent a radius 1\n"), 1, 16, "parent cycle: a -> a" },
    { "duplicate names", TEXT("sphere s radius 1\nbox s size 1 1 1\n"), 2, 5,
      "duplicate name 's': already defined at line 1, column 8" },
    { "binary junk", TEXT("\x01\x02\xff\xfe\x00garbage\n"), 1, 1, "expected a statement keyword" },
    { "NUL inside a statement", TEXT("sphere s radius \x00\n"), 1, 17, "expected a number for 'radius', found '\\x00'" },
    { "negative radius", TEXT("sphere s radius -1\n"), 1, 17, "radius must not be negative" },
    { "negative size", TEXT("box b size 1 -2 1\n"), 1, 14, "size must not be negative" },
    { "zero quaternion", TEXT("box b size 1 1 1 quat 0 0 0 0\n"), 1, 18, "quat must not be zero" },
    { "two rotations", TEXT("box b size 1 1 1 euler 0 0 0 quat 0 0 0 1\n"), 1, 30, "'euler' and 'quat' say the same thing" },
    { "repeated property", TEXT("sphere s radius 1 radius 2\n"), 1, 19, "'radius' given twice" },
    { "box without size", TEXT("box b center 0 0 0\n"), 1, 1, "box 'b' needs a size" },
    { "unterminated string", TEXT("title \"abc\nsphere s radius 1\n"), 1, 7, "unterminated string" },
    { "click without camera", TEXT("sphere s radius 1\nclick c at 1 1\n"), 2, 7, "click 'c' needs a camera" },
    { "click outside the viewport",
      TEXT("camera position 0 0 5 target 0 0 0 viewport 100 100\nsphere s radius 1\nclick c at 150 10\n"), 3, 7,
      "outside the 100x100 viewport" },
    { "camera looking at itself", TEXT("camera position 1 2 3 target 1 2 3\nsphere s radius 1\n"), 1, 23,
      "target is its position" },
    { "fractional viewport", TEXT("camera position 0 0 5 target 0 0 0 viewport 100.5 100\nsphere s radius 1\n"), 1, 45,
      "whole number of pixels" },
    { "second camera", TEXT("camera position 0 0 5 target 0 0 0\ncamera position 0 0 6 target 0 0 0\nsphere s radius 1\n"),
      2, 1, "a second camera" },
    { "aabb with a parent", TEXT("frame f\naabb b parent f min 0 0 0 max 1 1 1\n"), 2, 8, "an aabb has no parent" },
    { "aabb inside out", TEXT("aabb b min 0 0 0 max 1 -1 1\n"), 1, 24, "max y (-1) is below min y (0)" },
    { "distance to nothing", TEXT("sphere s radius 1\ndistance s t\n"), 2, 12, "unknown collider 't' in distance" },
    { "distance to itself", TEXT("sphere s radius 1\ndistance s s\n"), 2, 12, "distance from 's' to itself" },
    { "zero ray", TEXT("sphere s radius 1\nray r origin 1 1 1 to 1 1 1\n"), 2, 20, "the ray's direction is zero" },
    { "zero plane normal", TEXT("plane p normal 0 0 0 offset 1\n"), 1, 9, "normal must not be zero" },
    { "continuation of nothing", TEXT("radius 1\nsphere s radius 1\n"), 1, 1, "unknown statement 'radius'" },
    { "hull points not in threes", TEXT("hull h points 0 0 0 1 0\n"), 1, 24,
      "expected a number for the z of point 2 of 'points' (groups of 3 numbers), found end of line" },
    { "hull points cut by a word", TEXT("hull h points 0 0 0 1 x 0\n"), 1, 23, "the y of point 2 of 'points'" },
    { "hull without points", TEXT("hull h scale 2\n"), 1, 1, "hull 'h' needs its points" },
    { "hull of zero scale", TEXT("hull h points 0 0 0 scale 0\n"), 1, 27, "scale must be greater than zero" },
    { "mesh without vertices", TEXT("mesh m scale 1\n"), 1, 1, "mesh 'm' needs its vertices and triangles" },
    { "mesh without triangles", TEXT("mesh m vertices 0 0 0\n"), 1, 1, "mesh 'm' needs its triangles" },
    { "mesh corner out of range", TEXT("mesh m vertices 0 0 0 1 0 0 0 1 0 triangles 0 1 3\n"), 1, 49,
      "triangle corner 3 is no vertex: expected a whole number 0..2" },
    { "mesh corner not whole", TEXT("mesh m vertices 0 0 0 1 0 0 0 1 0 triangles 0 1 1.5\n"), 1, 49,
      "triangle corner 1.5 is no vertex" },
    { "mesh file and vertices", TEXT("mesh m vertices 0 0 0 file \"t.obj\"\n"), 1, 23,
      "'vertices' and 'file' say the same thing" },
    { "mesh file not a string", TEXT("mesh m file t.obj\n"), 1, 13, "expected a quoted file name after 'file'" },
    { "cylinder with two sides", TEXT("cylinder c radius 1 height 2 sides 2\n"), 1, 36, "sides is a whole number 3..256" },
    { "cone without height", TEXT("cone c radius 1\n"), 1, 1, "cone 'c' needs a height" },
    { "group not whole", TEXT("sphere s radius 1 group 1.5\n"), 1, 25, "group is a whole number 0..1000000" },
    { "negative group", TEXT("sphere s radius 1 group -1\n"), 1, 25, "group is a whole number" },
    { "mask bit 64", TEXT("sphere s radius 1 mask 0 64\n"), 1, 26, "a bit of 'mask' is a whole number 0..63" },
    { "swing without a collider", TEXT("frame f\nsphere b parent f radius 1\nswing s joint f euler 0 0 0\n"), 3, 1,
      "swing 's' needs the collider it moves" },
    { "swing without an end pose", TEXT("frame f\nsphere b parent f radius 1\nswing s collider b\n"), 3, 1,
      "swing 's' needs the joint's pose at the end" },
    { "swing of a collider on no frame", TEXT("sphere b radius 1\nswing s collider b euler 0 0 10\n"), 2, 7,
      "collider 'b' hangs from no frame" },
    { "swing joint not above", TEXT("frame f\nframe g\nsphere b parent f radius 1\nswing s collider b joint g euler 0 0 10\n"),
      4, 26, "joint 'g' is not above collider 'b'" },
    { "swing joint not a frame", TEXT("frame f\nsphere b parent f radius 1\nswing s collider b joint b euler 0 0 1\n"), 3, 26,
      "a sphere 'b' is not a frame" },
    { "cast of an unknown collider", TEXT("sphere b radius 1\ncast c collider x velocity 1 0 0\n"), 2, 17,
      "unknown collider 'x'" },
    { "cast without a velocity", TEXT("sphere b radius 1\ncast c collider b\n"), 2, 1, "cast 'c' needs its displacement" },
    { "category without bits", TEXT("sphere s radius 1 category\n"), 1, 27,
      "expected a number for a bit number after 'category', found end of line" },
};

static void check_bad_case(const bad_case *c)
{
    tt_diags d;
    size_t size = c->size;
    tt_scene *s = tt_scene_parse(c->text, size, &d);
    CHECK_MSG(s == NULL, "%s: accepted", c->label);
    tt_scene_free(s);
    CHECK_MSG(d.count >= 1, "%s: no diagnostic", c->label);
    if (d.count < 1) return;
    CHECK_MSG(d.items[0].loc.line == c->line && d.items[0].loc.column == c->column,
              "%s: at %d:%d, expected %d:%d (%s)", c->label, d.items[0].loc.line, d.items[0].loc.column, c->line,
              c->column, d.items[0].message);
    CHECK_MSG(strstr(d.items[0].message, c->expect) != NULL, "%s: message \"%s\" lacks \"%s\"", c->label,
              d.items[0].message, c->expect);
}

TEST_CASE(each_malformed_input_gives_its_error)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) check_bad_case(&bad_cases[i]);
}

/* Through the binary: exit 2, FILE:LINE:COLUMN: on stderr, nothing on stdout,
 * no picture written, for run, check and explain alike. */
TEST_CASE(binary_reports_errors_with_exit_code_2_and_no_output)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const bad_case *c = &bad_cases[i];
        char name[64];
        snprintf(name, sizeof name, "bad_%02d.scene", (int)i);
        char scene[1024], svg[1024];
        snprintf(scene, sizeof scene, "%s", work_path(name));
        snprintf(svg, sizeof svg, "%s", work_path("bad_never_written.svg"));
        CHECK(write_whole_file(scene, c->text, c->size));
        remove(svg);
        const char *forms[3] = { "run \"%s\" --svg \"%s\"", "check \"%s\"", "explain \"%s\" A B --svg \"%s\"" };
        for (int k = 0; k < 3; k++) {
            char args[2200];
            snprintf(args, sizeof args, forms[k], scene, svg);
            tool_run r = tool_exec(args);
            CHECK_MSG(r.exit_code == 2, "%s (%s): exit %d", c->label, forms[k], r.exit_code);
            CHECK_MSG(r.out[0] == '\0', "%s: printed on stdout: %s", c->label, r.out);
            char prefix[1200];
            snprintf(prefix, sizeof prefix, "%s:%d:%d: ", scene, c->line, c->column);
            CHECK_MSG(strncmp(r.err, prefix, strlen(prefix)) == 0, "%s: stderr \"%s\" does not start with \"%s\"",
                      c->label, r.err, prefix);
            CHECK_MSG(strstr(r.err, c->expect) != NULL, "%s: stderr lacks \"%s\"", c->label, c->expect);
            size_t size = 0;
            char *written = read_whole_file(svg, &size);
            CHECK_MSG(written == NULL, "%s: a picture was written despite the error", c->label);
            free(written);
            tool_run_free(&r);
        }
    }
}

TEST_CASE(several_errors_are_reported_and_capped)
{
    /* Three independent mistakes on three lines: three messages, in order. */
    const char *text = "sphere a radius -1\nbox b size 1 1\nboz c\nsphere ok radius 1\n";
    tt_diags d;
    tt_scene *s = tt_scene_parse(text, strlen(text), &d);
    CHECK(s == NULL);
    CHECK(d.count == 3);
    if (d.count == 3) {
        CHECK(d.items[0].loc.line == 1 && d.items[1].loc.line == 2 && d.items[2].loc.line == 3);
    }
    /* Fifty bad lines: the first TT_MAX_ERRORS kept, the rest counted. */
    char big[2000] = "";
    for (int i = 0; i < 50; i++) strcat(big, "boz x\n");
    s = tt_scene_parse(big, strlen(big), &d);
    CHECK(s == NULL);
    CHECK(d.count == TT_MAX_ERRORS);
    CHECK(d.dropped == 50 - TT_MAX_ERRORS);
}

TEST_CASE(missing_file_is_bad_input)
{
    tool_run r = tool_exec("run /nonexistent/dir/none.scene");
    CHECK(r.exit_code == 2);
    CHECK(r.out[0] == '\0');
    CHECK(strstr(r.err, "/nonexistent/dir/none.scene: cannot open the scene file") != NULL);
    tool_run_free(&r);
}

TEST_CASE(command_line_mistakes_exit_64)
{
    const char *bad[] = { "", "frobnicate x", "run", "run a.scene --svg", "run a.scene --bogus", "explain a.scene A" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tool_run r = tool_exec(bad[i]);
        CHECK_MSG(r.exit_code == 64, "'touche %s': exit %d", bad[i], r.exit_code);
        CHECK_MSG(r.out[0] == '\0', "'touche %s' printed on stdout", bad[i]);
        tool_run_free(&r);
    }
    tool_run r = tool_exec("help");
    CHECK(r.exit_code == 0 && strstr(r.out, "exit codes") != NULL);
    tool_run_free(&r);
}

TEST_CASE(explain_needs_two_boxes)
{
    char scene[1024];
    snprintf(scene, sizeof scene, "%s", work_path("explain_sphere.scene"));
    const char *text = "sphere s radius 1\nbox b size 1 1 1\n";
    CHECK(write_whole_file(scene, text, strlen(text)));
    char args[1200];
    snprintf(args, sizeof args, "explain \"%s\" s b", scene);
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out[0] == '\0');
    CHECK(strstr(r.err, ":1:8: 's' is a sphere: explain needs two boxes") != NULL);
    tool_run_free(&r);
    snprintf(args, sizeof args, "explain \"%s\" b nobody", scene);
    r = tool_exec(args);
    CHECK(r.exit_code == 2);
    CHECK(strstr(r.err, "no collider named 'nobody'") != NULL);
    tool_run_free(&r);
}

/* ---- what the parser accepts ------------------------------------------------ */

TEST_CASE(accepts_every_form_and_reads_the_values)
{
    const char *text =
        "# a comment line\r\n"
        "title \"All \\\"forms\\\"\"   # trailing comment\r\n"
        "camera position 0 2 10 target 0 0 0 fov 50 viewport 640 480 near 0.5 far 100 up 0 1 0\n"
        "grid height -1 size 5 step 0.5\n"
        "\tbox arm parent hand center 0 -0.5 0 half 0.1 0.5 0.1 axis 0 0 1 90\n"
        "frame hand parent root position 1 0 0 euler 0 90 0 scale 2\n"
        "frame root\n"
        "   position 0 1 0    # a line that starts with a property continues the statement\n"
        "   quat 0 0 0 2\n"
        "sphere ball center 1 2 3 radius 0.5 velocity 1 0 0\n"
        "capsule cap a 0 0 0 b 0 1 0 radius 0.25\n"
        "aabb crate center 5 0.5 0 size 1 1 1\n"
        "aabb wall min -1 0 -1 max 1 2 -0.9\n"
        "triangle tri a 0 0 0 b 1 0 0 c 0 1 0\n"
        "plane floor normal 0 2 0 point 0 -1 0\n"
        "plane sky normal 0 -1 0 offset -10\n"
        "ray shot origin 0 0 0 dir 0 0 2 length 3\n"
        "ray seg origin 0 0 0 to 0 0 4\n"
        "click mouse at 320 240\n"
        "distance ball cap\n";
    tt_diags d;
    tt_scene *s = tt_scene_parse(text, strlen(text), &d);
    for (int i = 0; i < d.count; i++) test_fail(__FILE__, __LINE__, "%d:%d: %s", d.items[i].loc.line, d.items[i].loc.column, d.items[i].message);
    CHECK(s != NULL);
    if (!s) return;
    CHECK(s->title && strcmp(s->title, "All \"forms\"") == 0);
    CHECK(s->frame_count == 2 && s->collider_count == 8 && s->ray_count == 2 && s->click_count == 1);
    CHECK(s->distance_count == 1);
    CHECK(s->camera.present && s->camera.width == 640 && s->camera.height == 480);
    CHECK_NEAR(s->camera.fov_deg, 50.0, 0.0);
    CHECK(s->grid.present);
    CHECK_NEAR(s->grid.size, 5.0, 0.0);
    CHECK_NEAR(s->grid.step, 0.5, 0.0);
    /* Parents resolve forward: the box names "hand" before hand is declared. */
    int arm = tt_scene_find_collider(s, "arm");
    CHECK(arm == 0);
    CHECK(s->colliders[arm].parent == 0 && strcmp(s->frames[0].name, "hand") == 0);
    CHECK(s->frames[0].parent == 1);
    CHECK_NEAR(s->frames[0].scale, 2.0, 0.0);
    /* The continued statement read its position and normalised its quaternion. */
    CHECK_NEAR(s->frames[1].position.y, 1.0, 0.0);
    CHECK_NEAR(s->frames[1].rotation.w, 1.0, 1e-7);
    /* axis 0 0 1 90: a quarter turn about z. */
    tc_quat q = s->colliders[arm].rotation;
    CHECK_NEAR(q.z, sqrt(0.5), 1e-6);
    CHECK_NEAR(q.w, sqrt(0.5), 1e-6);
    CHECK_NEAR(s->colliders[arm].half.y, 0.5, 0.0);
    /* euler 0 90 0 equals the library's own conversion. */
    tc_quat e = tc_quat_from_euler_deg(0.0f, 90.0f, 0.0f);
    CHECK(s->frames[0].rotation.y == e.y && s->frames[0].rotation.w == e.w);
    int ball = tt_scene_find_collider(s, "ball");
    CHECK(s->colliders[ball].moving && s->colliders[ball].velocity.x == 1.0f);
    int crate = tt_scene_find_collider(s, "crate");
    CHECK(s->colliders[crate].p[0].x == 4.5f && s->colliders[crate].p[1].y == 1.0f);
    /* A plane through a point: the normal is made unit, the offset follows. */
    int floor_i = tt_scene_find_collider(s, "floor");
    CHECK(s->colliders[floor_i].p[0].y == 1.0f);
    CHECK_NEAR(s->colliders[floor_i].offset, -1.0, 1e-7);
    /* length counts world units along dir: dir has length 2, so max_t = 1.5. */
    CHECK_NEAR(s->rays[0].max_t, 1.5, 1e-7);
    CHECK_NEAR(s->rays[1].max_t, 1.0, 0.0);
    CHECK_NEAR(s->rays[1].dir.z, 4.0, 0.0);
    CHECK(isinf(s->rays[0].max_t) == 0);
    CHECK(s->distances[0].a == ball && s->distances[0].b == tt_scene_find_collider(s, "cap"));
    tt_scene_free(s);
}

TEST_CASE(deep_hierarchies_and_many_objects_load)
{
    /* 5000 frames in one chain, then a collider at the bottom: no recursion limits. */
    size_t cap = 5000 * 48 + 256, n = 0;
    char *text = (char *)malloc(cap);
    CHECK(text != NULL);
    if (!text) return;
    n += (size_t)snprintf(text + n, cap - n, "frame f0\n");
    for (int i = 1; i < 5000; i++) n += (size_t)snprintf(text + n, cap - n, "frame f%d parent f%d position 0 0.001 0\n", i, i - 1);
    n += (size_t)snprintf(text + n, cap - n, "sphere s parent f4999 radius 1\n");
    tt_diags d;
    tt_scene *s = tt_scene_parse(text, n, &d);
    CHECK(s != NULL);
    if (s) CHECK(s->frame_count == 5000);
    tt_scene_free(s);
    /* The same chain closed into a loop is one cycle error. */
    n = (size_t)snprintf(text, cap, "frame f0 parent f4999\n");
    for (int i = 1; i < 5000; i++) n += (size_t)snprintf(text + n, cap - n, "frame f%d parent f%d\n", i, i - 1);
    n += (size_t)snprintf(text + n, cap - n, "sphere s parent f4999 radius 1\n");
    s = tt_scene_parse(text, n, &d);
    CHECK(s == NULL);
    CHECK(d.count == 1 && strstr(d.items[0].message, "parent cycle") != NULL);
    free(text);
}

TEST_CASE(limits_on_planes_and_sweeps)
{
    /* Planes and moving colliders are tested against every collider: capped. */
    size_t cap = 1200 * 48, n = 0;
    char *text = (char *)malloc(cap);
    CHECK(text != NULL);
    if (!text) return;
    for (int i = 0; i <= TT_MAX_PLANES; i++) n += (size_t)snprintf(text + n, cap - n, "plane p%d normal 0 1 0\n", i);
    tt_diags d;
    tt_scene *s = tt_scene_parse(text, n, &d);
    CHECK(s == NULL && d.count == 1 && strstr(d.items[0].message, "too many planes") != NULL);
    CHECK(d.count == 1 && d.items[0].loc.line == TT_MAX_PLANES + 1);
    n = 0;
    for (int i = 0; i <= TT_MAX_MOVING; i++) n += (size_t)snprintf(text + n, cap - n, "sphere s%d radius 1 velocity 1 0 0\n", i);
    s = tt_scene_parse(text, n, &d);
    CHECK(s == NULL && d.count == 1 && strstr(d.items[0].message, "too many moving colliders") != NULL);
    free(text);
}
