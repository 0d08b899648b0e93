/* SPDX-License-Identifier: MIT */
/* The pictures: every example's SVG and the explain figure are well-formed
 * XML (checked by the small parser in tool_test.c, and by xmllint when the
 * machine has it), are SVG documents, and show what the report says: one
 * red wireframe per overlapping or hit collider. */
#include "harness.h"
#include "scene.h"
#include "tool_test.h"

#include <stdlib.h>
#include <string.h>

static const char *const examples[] = { "two_boxes.scene", "near_miss.scene", "spheres_and_aabbs.scene",
                                        "five_figures.scene", "tunnel.scene", "all_shapes.scene" };

static bool have_xmllint(void)
{
#if defined(_WIN32)
    return false;
#else
    return system("xmllint --version >/dev/null 2>&1") == 0;
#endif
}

static void check_svg_file(const char *path, const char *what)
{
    size_t size = 0;
    char *text = read_whole_file(path, &size);
    CHECK_MSG(text != NULL && size > 0, "%s: no picture written", what);
    if (!text) return;
    char why[200] = "";
    CHECK_MSG(xml_well_formed(text, why, sizeof why), "%s: not well-formed XML: %s", what, why);
    CHECK_MSG(strstr(text, "<svg xmlns=\"http://www.w3.org/2000/svg\"") != NULL, "%s: not an SVG document", what);
    CHECK(strlen(text) == size); /* no NUL bytes */
    free(text);
    if (have_xmllint()) {
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "xmllint --noout \"%s\"", path);
        CHECK_MSG(system(cmd) == 0, "%s: xmllint rejects it", what);
    } else {
        printf("note: xmllint not installed; checked with the built-in parser only\n");
    }
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

TEST_CASE(every_example_picture_is_well_formed_svg)
{
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        char svg[1024], args[2400];
        snprintf(svg, sizeof svg, "%s", work_path(examples[i]));
        strcat(svg, ".svg");
        remove(svg);
        snprintf(args, sizeof args, "run \"%s\" --svg \"%s\" --json", example_path(examples[i]), svg);
        tool_run r = tool_exec(args);
        CHECK_MSG(r.exit_code == 0, "%s: exit %d", examples[i], r.exit_code);
        check_svg_file(svg, examples[i]);

        /* As many red wireframes as the report has colliders overlapping or hit. */
        json *doc = json_parse(r.out);
        char *text = read_whole_file(svg, NULL);
        CHECK(doc != NULL && text != NULL);
        if (doc && text) {
            const json *cols = json_get(doc, "colliders");
            int hot = 0;
            for (int k = 0; cols && k < cols->count; k++) {
                const json *c = json_at(cols, k);
                hot += json_get(c, "overlapping")->boolean || json_get(c, "hit")->boolean || json_get(c, "picked")->boolean;
            }
            CHECK_MSG(count(text, "<path d=\"M") >= 1, "%s: no wireframes", examples[i]);
            CHECK_MSG(count(text, "fill=\"none\" stroke=\"#d62728\"") == hot, "%s: %d red wireframes, %d hot colliders",
                      examples[i], count(text, "fill=\"none\" stroke=\"#d62728\""), hot);
            /* Every collider is named in the picture. */
            for (int k = 0; cols && k < cols->count; k++) {
                char label[200];
                snprintf(label, sizeof label, ">%s</text>", json_str(json_get(json_at(cols, k), "name")));
                CHECK_MSG(strstr(text, label) != NULL, "%s: no label for %s", examples[i], label);
            }
        }
        json_free(doc);
        free(doc);
        free(text);
        tool_run_free(&r);
    }
}

TEST_CASE(explain_figure_is_well_formed_svg)
{
    char svg[1024], args[2400];
    snprintf(svg, sizeof svg, "%s", work_path("explain_near_miss.svg"));
    snprintf(args, sizeof args, "explain \"%s\" A B --svg \"%s\"", example_path("near_miss.scene"), svg);
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 0);
    check_svg_file(svg, "explain near_miss");
    char *text = read_whole_file(svg, NULL);
    /* Fifteen rows, the separating one marked. */
    CHECK(text && count(text, "overlap</text>") + count(text, "separates</text>") == 15);
    CHECK(text && strstr(text, "separating axis") != NULL);
    free(text);
    tool_run_free(&r);
}

TEST_CASE(titles_and_names_are_escaped)
{
    char scene[1024], svg[1024], args[2400];
    snprintf(scene, sizeof scene, "%s", work_path("escape.scene"));
    snprintf(svg, sizeof svg, "%s", work_path("escape.svg"));
    const char *text = "title \"<b> & \\\"quotes\\\" </b>\"\nsphere s radius 1\n";
    CHECK(write_whole_file(scene, text, strlen(text)));
    snprintf(args, sizeof args, "run \"%s\" --svg \"%s\"", scene, svg);
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 0);
    check_svg_file(svg, "escaped title");
    tool_run_free(&r);
}

TEST_CASE(unwritable_picture_exits_1)
{
    char args[1200];
    snprintf(args, sizeof args, "run \"%s\" --svg /nonexistent/dir/x.svg", example_path("two_boxes.scene"));
    tool_run r = tool_exec(args);
    CHECK(r.exit_code == 1);
    CHECK(r.out[0] == '\0');
    CHECK(strstr(r.err, "cannot write /nonexistent/dir/x.svg") != NULL);
    tool_run_free(&r);
}
