/* SPDX-License-Identifier: MIT */
/* The pictures: every example's SVG and the explain figure are well-formed
 * XML (checked by the small parser in tool_test.c, and by xmllint when the
 * machine has it), are SVG documents, and show what the report says: one
 * red wireframe per overlapping or hit collider. */
#include "eval.h"
#include "harness.h"
#include "scene.h"
#include "svg.h"
#include "tool_test.h"

#include <touche/dispatch.h>

#include <math.h>
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
            /* One wireframe per collider in the colour of its state, most
             * specific first: picked, overlapping, hit by a ray, untouched. */
            const json *cols = json_get(doc, "colliders");
            static const char *const colors[4] = { "#d81b9a", "#d62728", "#c98a00", "#1f9e3a" };
            static const char *const legend[4] = { "picked by a click", "overlapping", "hit by a ray", "untouched collider" };
            int expect[4] = { 0, 0, 0, 0 };
            for (int k = 0; cols && k < cols->count; k++) {
                const json *c = json_at(cols, k);
                int look = json_get(c, "picked")->boolean ? 0 : json_get(c, "overlapping")->boolean ? 1
                         : json_get(c, "hit")->boolean ? 2 : 3;
                expect[look]++;
            }
            CHECK_MSG(count(text, "<path class=\"geom\" d=\"M") >= 1, "%s: no wireframes", examples[i]);
            for (int look = 0; look < 3; look++) {
                char needle[80];
                snprintf(needle, sizeof needle, "fill=\"none\" stroke=\"%s\"", colors[look]);
                CHECK_MSG(count(text, needle) == expect[look], "%s: %d wireframes in %s, %d colliders in that state",
                          examples[i], count(text, needle), colors[look], expect[look]);
                /* The legend has the state exactly when the picture shows it. */
                char entry[80];
                snprintf(entry, sizeof entry, ">%s</text>", legend[look]);
                CHECK_MSG((strstr(text, entry) != NULL) == (expect[look] > 0), "%s: legend entry '%s' %s", examples[i],
                          legend[look], expect[look] > 0 ? "missing" : "shown for nothing");
            }
            /* Every collider is named in the picture. */
            for (int k = 0; cols && k < cols->count; k++) {
                char label[200];
                snprintf(label, sizeof label, ">%s</text>", json_str(json_get(json_at(cols, k), "name")));
                CHECK_MSG(strstr(text, label) != NULL, "%s: no label for %s", examples[i], label);
            }
        }
        json_free(doc);
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
    CHECK(text && strstr(text, "separating axis 15: edge A.z \xC3\x97 edge B.z") != NULL);
    /* The two edges whose cross product separates are drawn, named. */
    CHECK(text && count(text, "data-role=\"edge\"") == 2);
    CHECK(text && strstr(text, ">edge A.z</text>") != NULL && strstr(text, ">edge B.z</text>") != NULL);
    /* Repeated axes are marked. */
    CHECK(text && count(text, "class=\"duplicate\"") >= 1);
    free(text);
    tool_run_free(&r);
}

TEST_CASE(titles_and_names_are_escaped)
{
    const char *text = "title \"<b> & \\\"quotes\\\" </b>\"\nsphere s radius 1\n";
    tool_run r = tool_exec_scene("run", "escape.scene", text, "escape.svg", "");
    CHECK(r.exit_code == 0);
    check_svg_file(work_path("escape.svg"), "escaped title");
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

/* ---- reading our own SVG back: just enough to check what it promises ---------- */

/* The value of attribute `name` of the element starting at `elem`. */
static bool attr(const char *elem, const char *name, char *out, size_t n)
{
    const char *end = strchr(elem, '>');
    char key[48];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(elem, key);
    if (!p || !end || p > end) return false;
    p += strlen(key);
    const char *q = strchr(p, '"');
    if (!q) return false;
    size_t len = (size_t)(q - p) < n - 1 ? (size_t)(q - p) : n - 1;
    memcpy(out, p, len);
    out[len] = '\0';
    return true;
}

static double attr_num(const char *elem, const char *name)
{
    char v[64];
    return attr(elem, name, v, sizeof v) ? strtod(v, NULL) : NAN;
}

typedef struct seg2 { double x0, y0, x1, y1; } seg2;
typedef struct box2 { double x0, y0, x1, y1; } box2;
typedef struct drawing {
    seg2 *segs; int seg_count, seg_cap;
    box2 *boxes; int box_count, box_cap;     /* dots, arrow heads, the legend */
    box2 *labels; int label_count, label_cap;
    char (*label_text)[128];
} drawing;

static void add_seg(drawing *d, double x0, double y0, double x1, double y1)
{
    if (d->seg_count == d->seg_cap) {
        d->seg_cap = d->seg_cap ? d->seg_cap * 2 : 1024;
        d->segs = (seg2 *)realloc(d->segs, (size_t)d->seg_cap * sizeof *d->segs);
    }
    if (d->segs) d->segs[d->seg_count++] = (seg2){ x0, y0, x1, y1 };
}

static void add_box(box2 **arr, int *count, int *cap, box2 b)
{
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        *arr = (box2 *)realloc(*arr, (size_t)*cap * sizeof **arr);
    }
    if (*arr) (*arr)[(*count)++] = b;
}

/* Text content with the five XML entities read back as one character each. */
static void text_content(const char *elem, char *out, size_t n)
{
    const char *p = strchr(elem, '>');
    size_t o = 0;
    if (!p) { out[0] = '\0'; return; }
    for (p++; *p && *p != '<' && o + 1 < n; p++) {
        if (*p == '&') {
            const char *semi = strchr(p, ';');
            static const struct { const char *name; char c; } ents[] = { { "&amp;", '&' }, { "&lt;", '<' },
                                                                         { "&gt;", '>' }, { "&quot;", '"' } };
            char c = '?';
            for (int k = 0; k < 4; k++)
                if (strncmp(p, ents[k].name, strlen(ents[k].name)) == 0) c = ents[k].c;
            out[o++] = c;
            if (semi) p = semi;
        } else {
            out[o++] = *p;
        }
    }
    out[o] = '\0';
}

static drawing read_drawing(const char *svg)
{
    drawing d;
    memset(&d, 0, sizeof d);
    int label_text_cap = 0;
    char cls[32];
    for (const char *p = strchr(svg, '<'); p; p = strchr(p + 1, '<')) {
        if (strncmp(p, "<path class=\"geom\"", 18) == 0) {
            const char *q = strstr(p, " d=\"");
            if (!q) continue;
            q += 4;
            double x = 0, y = 0;
            while (*q && *q != '"') {
                char cmd = *q++;
                char *end;
                double nx = strtod(q, &end);
                double ny = strtod(end, &end);
                q = end;
                if (cmd == 'L') add_seg(&d, x, y, nx, ny);
                x = nx;
                y = ny;
            }
        } else if (strncmp(p, "<line class=\"geom", 17) == 0) {
            add_seg(&d, attr_num(p, "x1"), attr_num(p, "y1"), attr_num(p, "x2"), attr_num(p, "y2"));
        } else if (strncmp(p, "<circle class=\"geom\"", 20) == 0) {
            double cx = attr_num(p, "cx"), cy = attr_num(p, "cy"), r = attr_num(p, "r");
            add_box(&d.boxes, &d.box_count, &d.box_cap, (box2){ cx - r, cy - r, cx + r, cy + r });
        } else if (strncmp(p, "<polygon class=\"geom\"", 21) == 0) {
            char pts[256];
            if (!attr(p, "points", pts, sizeof pts)) continue;
            box2 b = { 1e30, 1e30, -1e30, -1e30 };
            char *q = pts;
            for (int k = 0; k < 3; k++) {
                double px = strtod(q, &q);
                if (*q == ',') q++;
                double py = strtod(q, &q);
                b.x0 = fmin(b.x0, px); b.y0 = fmin(b.y0, py); b.x1 = fmax(b.x1, px); b.y1 = fmax(b.y1, py);
            }
            add_box(&d.boxes, &d.box_count, &d.box_cap, b);
        } else if (strncmp(p, "<g class=\"legend\">\n<rect", 24) == 0) {
            const char *rect = strstr(p, "<rect");
            double x = attr_num(rect, "x"), y = attr_num(rect, "y");
            add_box(&d.boxes, &d.box_count, &d.box_cap,
                    (box2){ x, y, x + attr_num(rect, "width"), y + attr_num(rect, "height") });
        } else if (strncmp(p, "<text ", 6) == 0 && attr(p, "class", cls, sizeof cls) && strcmp(cls, "label") == 0) {
            char text[128];
            text_content(p, text, sizeof text);
            double b[4];
            tt_label_box(attr_num(p, "x"), attr_num(p, "y"), text, attr_num(p, "font-size"), b);
            add_box(&d.labels, &d.label_count, &d.label_cap, (box2){ b[0], b[1], b[2], b[3] });
            if (d.label_count > label_text_cap) {
                label_text_cap = d.label_cap;
                d.label_text = (char (*)[128])realloc(d.label_text, (size_t)label_text_cap * sizeof *d.label_text);
            }
            if (d.label_text) snprintf(d.label_text[d.label_count - 1], 128, "%s", text);
        }
    }
    return d;
}

static void free_drawing(drawing *d)
{
    free(d->segs);
    free(d->boxes);
    free(d->labels);
    free(d->label_text);
}

/* Boxes shrunk by half a pixel: rounding to one decimal may make touching
 * boxes overlap by 0.05. */
static bool boxes_meet(box2 a, box2 b)
{
    return a.x0 + 0.5 < b.x1 && b.x0 + 0.5 < a.x1 && a.y0 + 0.5 < b.y1 && b.y0 + 0.5 < a.y1;
}

static double cross2(double ax, double ay, double bx, double by, double cx, double cy)
{
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

static bool segments_cross(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy)
{
    double d1 = cross2(cx, cy, dx, dy, ax, ay), d2 = cross2(cx, cy, dx, dy, bx, by);
    double d3 = cross2(ax, ay, bx, by, cx, cy), d4 = cross2(ax, ay, bx, by, dx, dy);
    return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0));
}

/* A segment meets a box (shrunk by half a pixel) when an end is inside it or it crosses an edge. */
static bool segment_meets_box(seg2 s, box2 b)
{
    b.x0 += 0.5; b.y0 += 0.5; b.x1 -= 0.5; b.y1 -= 0.5;
    if (b.x0 >= b.x1 || b.y0 >= b.y1) return false;
    if ((s.x0 > b.x0 && s.x0 < b.x1 && s.y0 > b.y0 && s.y0 < b.y1) ||
        (s.x1 > b.x0 && s.x1 < b.x1 && s.y1 > b.y0 && s.y1 < b.y1))
        return true;
    double xs[4] = { b.x0, b.x1, b.x1, b.x0 }, ys[4] = { b.y0, b.y0, b.y1, b.y1 };
    for (int k = 0; k < 4; k++)
        if (segments_cross(s.x0, s.y0, s.x1, s.y1, xs[k], ys[k], xs[(k + 1) % 4], ys[(k + 1) % 4])) return true;
    return false;
}

/* Runs the tool on a scene file and checks the picture's labels: none on
 * another, none on any stroke, dot, arrow head or the legend. */
static void check_labels_clear(const char *scene, const char *what)
{
    char svg[1024], args[2400];
    snprintf(svg, sizeof svg, "%s", work_path("labels_check.svg"));
    snprintf(args, sizeof args, "run \"%s\" --svg \"%s\"", scene, svg);
    tool_run r = tool_exec(args);
    CHECK_MSG(r.exit_code == 0, "%s: exit %d", what, r.exit_code);
    tool_run_free(&r);
    char *text = read_whole_file(svg, NULL);
    CHECK(text != NULL);
    if (!text) return;
    drawing d = read_drawing(text);
    CHECK_MSG(d.label_count > 0 && d.seg_count > 0, "%s: %d labels, %d segments read", what, d.label_count, d.seg_count);
    int clashes = 0;
    for (int i = 0; i < d.label_count; i++) {
        for (int j = i + 1; j < d.label_count; j++)
            if (boxes_meet(d.labels[i], d.labels[j]) && clashes++ < 5)
                test_fail(__FILE__, __LINE__, "%s: label '%s' covers label '%s'", what, d.label_text[i], d.label_text[j]);
        for (int k = 0; k < d.seg_count; k++)
            if (segment_meets_box(d.segs[k], d.labels[i]) && clashes++ < 5)
                test_fail(__FILE__, __LINE__, "%s: label '%s' sits on a line (%.1f,%.1f)-(%.1f,%.1f)", what,
                          d.label_text[i], d.segs[k].x0, d.segs[k].y0, d.segs[k].x1, d.segs[k].y1);
        for (int k = 0; k < d.box_count; k++)
            if (boxes_meet(d.boxes[k], d.labels[i]) && clashes++ < 5)
                test_fail(__FILE__, __LINE__, "%s: label '%s' sits on a dot, arrow head or the legend", what,
                          d.label_text[i]);
    }
    printf("%s: %d labels clear of %d segments and %d marks\n", what, d.label_count, d.seg_count, d.box_count);
    free_drawing(&d);
    free(text);
}

TEST_CASE(labels_sit_on_no_geometry_and_no_other_label)
{
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) check_labels_clear(example_path(examples[i]), examples[i]);
    /* A crowd: 40 named spheres in a tight heap, a click and distances. */
    char scene[1024];
    snprintf(scene, sizeof scene, "%s", work_path("crowd.scene"));
    FILE *f = fopen(scene, "wb");
    CHECK(f != NULL);
    if (!f) return;
    fprintf(f, "camera position 0 3 9 target 0 0 0 viewport 640 480\n");
    test_rng rng = { 42 };
    for (int i = 0; i < 40; i++) {
        /* One draw a statement: a call's arguments are evaluated in an order the compiler picks. */
        const double x = test_rng_uniform(&rng, -3, 3);
        const double y = test_rng_uniform(&rng, -1.5, 1.5);
        const double z = test_rng_uniform(&rng, -2, 2);
        const double radius = test_rng_uniform(&rng, 0.1, 0.5);
        fprintf(f, "sphere ball_%02d center %.3f %.3f %.3f radius %.3f\n", i, x, y, z, radius);
    }

    fprintf(f, "distance ball_00 ball_01\ndistance ball_02 ball_03\nclick here at 320 240\n");
    fclose(f);
    check_labels_clear(scene, "crowd of 40 spheres");
}

TEST_CASE(distance_segments_join_the_librarys_closest_points)
{
    const char *text = "camera position 0 2 8 target 0 0.5 0 viewport 640 480\n"
                       "sphere ball center -2 0 0 radius 1\n"
                       "box crate center 2 0 0 size 1 1 1 euler 0 30 10\n"
                       "capsule pill a -1 2.5 0 b 1 3 0.5 radius 0.3\n"
                       "triangle shard a 0 -1 1 b 1 -1 1.5 c 0.5 -0.2 2\n"
                       "distance ball crate\ndistance crate pill\ndistance pill shard\n";
    tool_run r = tool_exec_scene("run", "distances.scene", text, "distances.svg", "");
    CHECK(r.exit_code == 0);
    tool_run_free(&r);
    char *picture = read_whole_file(work_path("distances.svg"), NULL);
    tt_diags diags;
    tt_scene *s = tt_scene_parse(text, strlen(text), &diags);
    CHECK(picture != NULL && s != NULL);
    if (!picture || !s) { free(picture); tt_scene_free(s); return; }
    tt_result res;
    CHECK(tt_eval(s, &res));
    /* The camera's matrices from the library, to project the points independently of the tool. */
    const tt_camera *cam = &s->camera;
    tc_mat4 view = tc_mat4_look_at(cam->position, cam->target, cam->up);
    tc_mat4 proj = tc_mat4_perspective((float)(cam->fov_deg * 3.14159265358979323846 / 180.0),
                                       (float)cam->width / (float)cam->height, cam->near_z, cam->far_z,
                                       TC_DEPTH_NEGATIVE_ONE_TO_ONE);
    tc_viewport vp = { 0.0f, 0.0f, (float)cam->width, (float)cam->height };
    int found = 0;
    const char *p = picture;
    for (int i = 0; i < s->distance_count; i++) {
        p = strstr(p, "<line class=\"geom distance\"");
        CHECK_MSG(p != NULL, "distance %d not drawn", i);
        if (!p) break;
        char a_text[96], b_text[96];
        CHECK(attr(p, "data-a", a_text, sizeof a_text) && attr(p, "data-b", b_text, sizeof b_text));
        double a[3], b[3];
        CHECK(sscanf(a_text, "%lf %lf %lf", &a[0], &a[1], &a[2]) == 3 && sscanf(b_text, "%lf %lf %lf", &b[0], &b[1], &b[2]) == 3);
        /* The library's answer for the same two shapes. */
        tc_vec3 pa, pb;
        float dist = tc_shape_distance(&res.shapes[s->distances[i].a], &res.shapes[s->distances[i].b], &pa, &pb);
        CHECK(dist > 0.0f);
        CHECK_NEAR(a[0], pa.x, 1e-5 * (1 + fabs(pa.x)));
        CHECK_NEAR(a[1], pa.y, 1e-5 * (1 + fabs(pa.y)));
        CHECK_NEAR(a[2], pa.z, 1e-5 * (1 + fabs(pa.z)));
        CHECK_NEAR(b[0], pb.x, 1e-5 * (1 + fabs(pb.x)));
        CHECK_NEAR(b[1], pb.y, 1e-5 * (1 + fabs(pb.y)));
        CHECK_NEAR(b[2], pb.z, 1e-5 * (1 + fabs(pb.z)));
        /* And the segment's ends are where those points land on screen. */
        float sx, sy;
        CHECK(tc_camera_project(pa, vp, view, proj, &sx, &sy, NULL));
        CHECK_NEAR(attr_num(p, "x1"), sx, 0.06);
        CHECK_NEAR(attr_num(p, "y1"), sy, 0.06);
        CHECK(tc_camera_project(pb, vp, view, proj, &sx, &sy, NULL));
        CHECK_NEAR(attr_num(p, "x2"), sx, 0.06);
        CHECK_NEAR(attr_num(p, "y2"), sy, 0.06);
        /* With its value beside it. */
        char value[64];
        snprintf(value, sizeof value, "%s to %s: %.3f</text>", s->colliders[s->distances[i].a].name,
                 s->colliders[s->distances[i].b].name, dist);
        CHECK_MSG(strstr(picture, value) != NULL, "no label '%s'", value);
        found++;
        p++;
    }
    CHECK(found == 3);
    CHECK(strstr(picture, ">distance: closest points</text>") != NULL);
    tt_result_free(&res);
    tt_scene_free(s);
    free(picture);
}

TEST_CASE(picked_collider_has_its_own_colour_and_legend_entry)
{
    /* A box both overlapping another and picked: the pick's colour wins, and
     * the legend says what it means; a ray hit is not the overlap colour. */
    const char *text = "camera position 0 0 8 target 0 0 0 viewport 400 300\n"
                       "box front center 0 0 1 size 1 1 1\nbox behind center 0.5 0 0.2 size 1 1 1\n"
                       "sphere far center 3 0 0 radius 0.5\nray probe origin 6 0 0 dir -1 0 0\n"
                       "click k at 200 150\n";
    tool_run r = tool_exec_scene("run", "picked.scene", text, "picked.svg", "--json");
    CHECK(r.exit_code == 0);
    CHECK(strstr(r.out, "\"name\": \"front\", \"shape\": \"box\", \"parent\": null, \"overlapping\": true, \"hit\": false, "
                        "\"picked\": true") != NULL);
    tool_run_free(&r);
    char *picture = read_whole_file(work_path("picked.svg"), NULL);
    CHECK(picture != NULL);
    if (!picture) return;
    CHECK(count(picture, "fill=\"none\" stroke=\"" TT_COLOR_PICKED "\"") == 1);   /* front */
    CHECK(count(picture, "fill=\"none\" stroke=\"" TT_COLOR_HOT "\"") == 1);      /* behind */
    CHECK(count(picture, "fill=\"none\" stroke=\"" TT_COLOR_HIT "\"") == 1);      /* far, hit by the ray */
    CHECK(strcmp(TT_COLOR_PICKED, TT_COLOR_HOT) != 0 && strcmp(TT_COLOR_HIT, TT_COLOR_HOT) != 0);
    const char *legend = strstr(picture, "<g class=\"legend\">");
    CHECK(legend != NULL);
    if (legend) {
        const char *entry = strstr(legend, ">picked by a click</text>");
        CHECK(entry != NULL);
        /* The entry's sample line is drawn in the picked colour, just before its words. */
        const char *sample = strstr(legend, "stroke=\"" TT_COLOR_PICKED "\"");
        CHECK(sample != NULL && entry != NULL && sample < entry);
        CHECK(strstr(legend, ">hit by a ray</text>") != NULL && strstr(legend, ">overlapping</text>") != NULL);
    }
    free(picture);
}


TEST_CASE(committed_figures_are_what_the_tool_draws)
{
    char list_path[1200];
    snprintf(list_path, sizeof list_path, "%s/docs/figures/touche-figures.list", TOUCHE_SOURCE_DIR);
    char *list = read_whole_file(list_path, NULL);
    CHECK(list != NULL);
    if (!list) return;
    int figures = 0;
    for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || line[0] == '\0') continue;
        char name[256], rest[1024] = "";
        if (sscanf(line, "%255s %1023[^\n]", name, rest) != 2) continue;
        /* The arguments' paths are from the repository root. */
        char args[3000] = "";
        for (char *word = rest; *word;) {
            char one[512];
            int used = 0;
            if (sscanf(word, "%511s%n", one, &used) != 1) break;
            size_t len = strlen(args);
            if (strchr(one, '/')) snprintf(args + len, sizeof args - len, "\"%s/%s\" ", TOUCHE_SOURCE_DIR, one);
            else snprintf(args + len, sizeof args - len, "%s ", one);
            word += used;
            while (*word == ' ') word++;
        }
        char fresh[1024], committed[1400];
        snprintf(fresh, sizeof fresh, "%s", work_path(name));
        snprintf(committed, sizeof committed, "%s/docs/figures/%s", TOUCHE_SOURCE_DIR, name);
        size_t len = strlen(args);
        snprintf(args + len, sizeof args - len, "--svg \"%s\"", fresh);
        tool_run r = tool_exec(args);
        CHECK_MSG(r.exit_code == 0, "%s: touche %s: exit %d", name, args, r.exit_code);
        tool_run_free(&r);
        char *now = read_whole_file(fresh, NULL), *then = read_whole_file(committed, NULL);
        CHECK_MSG(now && then, "%s: cannot read the fresh or the committed figure", name);
        if (now && then) {
            long at = text_difference(then, now, 0.15);
            CHECK_MSG(at < 0, "docs/figures/%s differs from what the tool draws now (byte %ld: \"%.40s\"); "
                      "run `make figures`", name, at, then + (at > 0 ? at : 0));
        }
        free(now);
        free(then);
        figures++;
    }
    CHECK(figures >= 3);
    free(list);
}
