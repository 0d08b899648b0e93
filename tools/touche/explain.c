/* SPDX-License-Identifier: MIT */
#include "explain.h"

#include "report.h"
#include "svg.h"

#include <math.h>
#include <string.h>

static const char *const axis_labels[15] = {
    "A.x", "A.y", "A.z", "B.x", "B.y", "B.z",
    "A.x \xC3\x97 B.x", "A.x \xC3\x97 B.y", "A.x \xC3\x97 B.z",
    "A.y \xC3\x97 B.x", "A.y \xC3\x97 B.y", "A.y \xC3\x97 B.z",
    "A.z \xC3\x97 B.x", "A.z \xC3\x97 B.y", "A.z \xC3\x97 B.z",
};

const char *tt_explain_axis_name(int index)
{
    return index >= 0 && index < 15 ? axis_labels[index] : "?";
}

void tt_explain_compute(tt_explain *e, const tc_obb *a, const tc_obb *b, const char *a_name, const char *b_name)
{
    memset(e, 0, sizeof *e);
    e->a = *a;
    e->b = *b;
    e->a_name = a_name;
    e->b_name = b_name;
    e->verdict = tc_sat_obb_obb_report(a, b, e->axes);
    /* Boxes with parallel faces test the same line more than once (A.x is
     * B.x, or A.x x B.y is A.z): name the repeats, so 15 rows are not taken
     * for 15 different tests. */
    for (int i = 0; i < 15; i++) {
        e->duplicate_of[i] = -1;
        if (e->axes[i].degenerate) continue;
        for (int j = 0; j < i && e->duplicate_of[i] < 0; j++) {
            if (e->axes[j].degenerate || e->duplicate_of[j] >= 0) continue;
            if (fabsf(tc_vec3_dot(e->axes[i].axis, e->axes[j].axis)) >= 1.0f - 1e-5f) e->duplicate_of[i] = j;
        }
    }
}

/* Gap between the two projected intervals: positive when they are apart. */
static double gap_of(const tc_sat_axis_report *r)
{
    return fabs((double)r->center_b - r->center_a) - ((double)r->radius_a + r->radius_b);
}

static bool faces_overlap(const tt_explain *e)
{
    for (int i = 0; i < 6; i++)
        if (e->axes[i].separates) return false;
    return true;
}

static int separating_count(const tt_explain *e)
{
    int n = 0;
    for (int i = 0; i < 15; i++) n += e->axes[i].separates && !e->axes[i].degenerate;
    return n;
}

static void verdict_sentence(char *buf, size_t n, const tt_explain *e)
{
    if (e->verdict == TC_SAT_AXIS_COUNT) {
        snprintf(buf, n, "one of the boxes is invalid (NaN, infinity or a negative size): no verdict");
    } else if (e->verdict == TC_SAT_AXIS_NONE) {
        snprintf(buf, n, "no axis separates them: %s and %s overlap", e->a_name, e->b_name);
    } else {
        char g[32];
        tt_fmt_num(g, sizeof g, gap_of(&e->axes[e->verdict]), 4);
        int k = separating_count(e);
        snprintf(buf, n, "%s and %s are apart: axis %d (%s) separates them by %s; %d of the 15 axes separate%s%s",
                 e->a_name, e->b_name, (int)e->verdict + 1, axis_labels[e->verdict], g, k, k == 1 ? "s" : "",
                 faces_overlap(e) ? ". All 6 face axes overlap: only an edge-edge axis finds the gap, which is why "
                                    "the test needs all 15" : "");
    }
}

void tt_explain_text(FILE *out, const char *path, const tt_explain *e)
{
    fprintf(out, "separating-axis test: %s (A) against %s (B) in %s\n\n", e->a_name, e->b_name, path);
    tt_table t;
    tt_table_init(&t, 7);
    const char *head[7] = { "#", "axis", "direction", "A interval", "B interval", "gap", "verdict" };
    tt_table_row(&t, head);
    for (int i = 0; i < 15; i++) {
        const tc_sat_axis_report *r = &e->axes[i];
        char num[8], dir[TT_VEC3_CHARS], ia[TT_VEC3_CHARS], ib[TT_VEC3_CHARS], gap[32], lo[32], hi[32];
        snprintf(num, sizeof num, "%d", i + 1);
        if (r->degenerate) {
            const char *cells[7] = { num, axis_labels[i], "(parallel edges: no axis)", "", "", "", "skipped" };
            tt_table_row(&t, cells);
            continue;
        }
        tt_fmt_vec3(dir, sizeof dir, r->axis, 3);
        tt_fmt_num(lo, sizeof lo, (double)r->center_a - r->radius_a, 3);
        tt_fmt_num(hi, sizeof hi, (double)r->center_a + r->radius_a, 3);
        snprintf(ia, sizeof ia, "[%s, %s]", lo, hi);
        tt_fmt_num(lo, sizeof lo, (double)r->center_b - r->radius_b, 3);
        tt_fmt_num(hi, sizeof hi, (double)r->center_b + r->radius_b, 3);
        snprintf(ib, sizeof ib, "[%s, %s]", lo, hi);
        tt_fmt_num(gap, sizeof gap, gap_of(r), 4);
        char verdict[64];
        snprintf(verdict, sizeof verdict, "%s", r->separates ? (i == (int)e->verdict ? "SEPARATES (first)" : "separates")
                                                               : "overlap");
        if (e->duplicate_of[i] >= 0) {
            size_t used = strlen(verdict);
            snprintf(verdict + used, sizeof verdict - used, " (same axis as %d)", e->duplicate_of[i] + 1);
        }
        const char *cells[7] = { num, axis_labels[i], dir, ia, ib, gap, verdict };
        tt_table_row(&t, cells);
    }
    tt_table_align_right(&t, 0);
    tt_table_align_right(&t, 5);
    tt_table_print(out, &t, "  ");
    tt_table_free(&t);
    char sentence[400];
    verdict_sentence(sentence, sizeof sentence, e);
    fprintf(out, "\n  gap = distance between the interval centres minus the sum of the half-widths; > 0 separates\n");
    fprintf(out, "  verdict: %s\n", sentence);
}

void tt_explain_json(FILE *out, const char *path, const tt_explain *e)
{
    fputs("{\n  \"scene\": ", out);
    tt_json_string(out, path);
    fputs(",\n  \"a\": ", out);
    tt_json_string(out, e->a_name);
    fputs(",\n  \"b\": ", out);
    tt_json_string(out, e->b_name);
    fprintf(out, ",\n  \"overlap\": %s", e->verdict == TC_SAT_AXIS_NONE ? "true" : "false");
    fputs(",\n  \"separating_axis\": ", out);
    if (e->verdict >= 0 && e->verdict < TC_SAT_AXIS_COUNT) fprintf(out, "%d", (int)e->verdict);
    else fputs("null", out);
    fputs(",\n  \"axes\": [", out);
    for (int i = 0; i < 15; i++) {
        const tc_sat_axis_report *r = &e->axes[i];
        fprintf(out, "%s\n    {\"index\": %d, \"name\": ", i ? "," : "", i);
        /* ASCII name in JSON: "x" for the cross product. */
        char name[16];
        snprintf(name, sizeof name, "%s", i < 6 ? axis_labels[i] : "");
        if (i >= 6) snprintf(name, sizeof name, "A.%c x B.%c", "xyz"[(i - 6) / 3], "xyz"[(i - 6) % 3]);
        tt_json_string(out, name);
        fputs(", \"axis\": ", out);
        tt_json_vec3(out, r->axis);
        fprintf(out, ", \"degenerate\": %s, \"separates\": %s", r->degenerate ? "true" : "false",
                r->separates ? "true" : "false");
        fputs(", \"center_a\": ", out); tt_json_number(out, r->center_a);
        fputs(", \"radius_a\": ", out); tt_json_number(out, r->radius_a);
        fputs(", \"center_b\": ", out); tt_json_number(out, r->center_b);
        fputs(", \"radius_b\": ", out); tt_json_number(out, r->radius_b);
        fputs(", \"gap\": ", out); tt_json_number(out, r->degenerate ? NAN : gap_of(r));
        fputs(", \"duplicate_of\": ", out);
        if (e->duplicate_of[i] >= 0) fprintf(out, "%d", e->duplicate_of[i]); else fputs("null", out);
        fputc('}', out);
    }
    fputs("\n  ]\n}\n", out);
}

#define EXPLAIN_COLOR_A "#1f5fbf"
#define EXPLAIN_COLOR_B "#e8710a"

bool tt_explain_svg(FILE *out, const char *path, const tt_explain *e)
{
    const int width = 960, view_h = 400, row_h = 30, top = 64;
    const int height = top + view_h + 54 + 15 * row_h + 60;
    bool overlap = e->verdict == TC_SAT_AXIS_NONE;

    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n", width, height, width, height);
    fprintf(out, "<title>Separating axes: ");
    tt_svg_escape(out, e->a_name);
    fputs(" and ", out);
    tt_svg_escape(out, e->b_name);
    fputs("</title>\n", out);
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fbfbf8\"/>\n", width, height);

    char line[480];
    if (strcmp(e->a_name, "A") == 0 && strcmp(e->b_name, "B") == 0)
        snprintf(line, sizeof line, "The 15 separating axes of boxes A and B");
    else
        snprintf(line, sizeof line, "The 15 separating axes of %s (A) and %s (B)", e->a_name, e->b_name);
    tt_svg_text(out, 16, 28, line, "fill=\"#111111\" font-size=\"18\" font-weight=\"bold\"");
    verdict_sentence(line, sizeof line, e);
    /* The sentence can be long: split it at the first period that is followed by more. */
    char first[480], second[480] = "";
    snprintf(first, sizeof first, "%s", line);
    char *cut = strstr(first, ". ");
    if (cut) {
        snprintf(second, sizeof second, "%s", cut + 2);
        cut[1] = '\0';
    }
    tt_svg_text(out, 16, 48, first, overlap ? "fill=\"#d62728\" font-size=\"13\" font-weight=\"bold\""
                                            : "fill=\"#1f9e3a\" font-size=\"13\" font-weight=\"bold\"");
    if (second[0]) tt_svg_text(out, 16, 64, second, "fill=\"#444444\" font-size=\"12\"");

    /* The two boxes in 3D, from a camera framing both. */
    tc_aabb ba, bb;
    tc_obb_bounds(&e->a, &ba);
    tc_obb_bounds(&e->b, &bb);
    tc_vec3 lo = tc_vec3_min(ba.min, bb.min), hi = tc_vec3_max(ba.max, bb.max);
    tt_camera cam = tt_camera_framing(lo, hi, width, view_h);
    bool has_axis = e->verdict >= 0 && e->verdict < TC_SAT_AXIS_COUNT && !e->axes[e->verdict].degenerate;
    tc_vec3 n = has_axis ? e->axes[e->verdict].axis : tc_vec3_zero();
    tc_vec3 across = tc_vec3_zero();
    if (has_axis) {
        /* Look across the separating axis, along an edge that made it, so the
         * gap between the boxes shows on screen. */
        int k = (int)e->verdict;
        tc_mat3 ra = e->a.rotation, rb = e->b.rotation;
        tc_vec3 a_axes[3] = { ra.cx, ra.cy, ra.cz }, b_axes[3] = { rb.cx, rb.cy, rb.cz };
        tc_vec3 d = k < 3 ? a_axes[(k + 1) % 3] : k < 6 ? b_axes[(k - 3 + 1) % 3] : a_axes[(k - 6) / 3];
        d = tc_vec3_normalize(tc_vec3_mul_add(d, tc_vec3_cross(n, d), 0.45f));
        d = tc_vec3_normalize(tc_vec3_sub(d, tc_vec3_scale(n, tc_vec3_dot(d, n))));
        tc_vec3 center = tc_vec3_lerp(lo, hi, 0.5f);
        float dist = cam.position.x == cam.position.x ? tc_vec3_distance(cam.position, cam.target) : 10.0f;
        cam.position = tc_vec3_mul_add(center, d, dist);
        cam.target = center;
        across = tc_vec3_normalize(tc_vec3_cross(d, n));
        cam.up = across;
    }
    tt_canvas cv;
    tt_canvas_init(&cv, out, &cam, 0.0, top + 8);
    fprintf(out, "<rect x=\"8\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ffffff\" stroke=\"#dddddd\"/>\n", top + 8,
            width - 16, view_h);
    float span = tc_vec3_length(tc_vec3_sub(hi, lo));
    tc_vec3 mid = tc_vec3_lerp(e->a.center, e->b.center, 0.5f);
    tc_obb boxes[2] = { e->a, e->b };
    const char *colors[2] = { EXPLAIN_COLOR_A, EXPLAIN_COLOR_B };
    /* The boxes first, so the axis, the drop lines and the edges draw over them. */
    for (int k = 0; k < 2; k++) {
        tt_shape s;
        s.type = TC_SHAPE_OBB;
        s.u.obb = boxes[k];
        tt_canvas_shape(&cv, &s, 1.0);
        char attrs[96];
        snprintf(attrs, sizeof attrs, "stroke=\"%s\" stroke-width=\"2.5\" stroke-linejoin=\"round\"", colors[k]);
        tt_canvas_stroke(&cv, attrs);
    }
    if (has_axis) {
        /* The separating axis beside the boxes, with each box's shadow on it:
         * the interval from its lowest to its highest corner along the axis,
         * a dashed drop line from each of those two corners to the end of
         * its shadow, so the outline and the bar visibly line up. */
        tc_vec3 base = tc_vec3_mul_add(mid, across, -span * 0.45f);
        float m0 = tc_vec3_dot(base, n);
        tt_canvas_line3(&cv, tc_vec3_mul_add(base, n, -span * 0.8f), tc_vec3_mul_add(base, n, span * 0.8f));
        tt_canvas_stroke(&cv, "stroke=\"#1f9e3a\" stroke-width=\"1.5\" stroke-dasharray=\"7 5\"");
        const char *shadow[2] = { "stroke=\"" EXPLAIN_COLOR_A "\" stroke-width=\"6\" stroke-opacity=\"0.85\"",
                                  "stroke=\"" EXPLAIN_COLOR_B "\" stroke-width=\"6\" stroke-opacity=\"0.85\"" };
        const char *drops[2] = { "stroke=\"" EXPLAIN_COLOR_A "\" stroke-width=\"1\" stroke-dasharray=\"3 3\"",
                                 "stroke=\"" EXPLAIN_COLOR_B "\" stroke-width=\"1\" stroke-dasharray=\"3 3\"" };
        for (int k = 0; k < 2; k++) {
            tc_vec3 corner[8];
            tc_obb_corners(&boxes[k], corner);
            int lo_i = 0, hi_i = 0;
            for (int c = 1; c < 8; c++) {
                if (tc_vec3_dot(corner[c], n) < tc_vec3_dot(corner[lo_i], n)) lo_i = c;
                if (tc_vec3_dot(corner[c], n) > tc_vec3_dot(corner[hi_i], n)) hi_i = c;
            }
            tc_vec3 off = tc_vec3_scale(across, span * (k ? -0.025f : 0.025f));
            tc_vec3 end_lo = tc_vec3_add(tc_vec3_mul_add(base, n, tc_vec3_dot(corner[lo_i], n) - m0), off);
            tc_vec3 end_hi = tc_vec3_add(tc_vec3_mul_add(base, n, tc_vec3_dot(corner[hi_i], n) - m0), off);
            tt_canvas_line3(&cv, end_lo, end_hi);
            tt_canvas_stroke(&cv, shadow[k]);
            tt_canvas_line3(&cv, corner[lo_i], end_lo);
            tt_canvas_line3(&cv, corner[hi_i], end_hi);
            tt_canvas_stroke(&cv, drops[k]);
        }
        char axis_text[96];
        int k = (int)e->verdict;
        if (k >= 6)
            snprintf(axis_text, sizeof axis_text, "separating axis %d: edge A.%c \xC3\x97 edge B.%c", k + 1,
                     "xyz"[(k - 6) / 3], "xyz"[(k - 6) % 3]);
        else
            snprintf(axis_text, sizeof axis_text, "separating axis %d: the face normal %s", k + 1, axis_labels[k]);
        tt_canvas_label3(&cv, tc_vec3_mul_add(base, n, span * 0.8f), 4, -4, axis_text, "#1f7a30", 12.0, true);
        if (k >= 6) {
            /* The two edges whose cross product is the axis: of the four
             * edges of A along A.i, the one foremost towards B along the
             * axis, and of B's along B.j the one foremost towards A. */
            float toward = tc_vec3_dot(tc_vec3_sub(e->b.center, e->a.center), n) >= 0.0f ? 1.0f : -1.0f;
            int along[2] = { (k - 6) / 3, (k - 6) % 3 };
            for (int q = 0; q < 2; q++) {
                const tc_obb *box = &boxes[q];
                tc_vec3 ax[3] = { box->rotation.cx, box->rotation.cy, box->rotation.cz };
                float hv[3] = { box->half.x, box->half.y, box->half.z };
                float side = q ? -toward : toward;
                tc_vec3 c0 = box->center;
                for (int m = 0; m < 3; m++) {
                    if (m == along[q]) continue;
                    float sgn = tc_vec3_dot(ax[m], n) * side >= 0.0f ? 1.0f : -1.0f;
                    c0 = tc_vec3_mul_add(c0, ax[m], sgn * hv[m]);
                }
                tc_vec3 e0 = tc_vec3_mul_add(c0, ax[along[q]], -hv[along[q]]);
                tc_vec3 e1 = tc_vec3_mul_add(c0, ax[along[q]], hv[along[q]]);
                tt_canvas_line3(&cv, e0, e1);
                char attrs[96];
                snprintf(attrs, sizeof attrs, "data-role=\"edge\" stroke=\"%s\" stroke-width=\"5\" stroke-linecap=\"round\"",
                         colors[q]);
                tt_canvas_stroke(&cv, attrs);
                char name[48];
                snprintf(name, sizeof name, "edge %c.%c", q ? 'B' : 'A', "xyz"[along[q]]);
                tt_canvas_label3(&cv, tc_vec3_lerp(e0, e1, 0.5f), 6, -6, name, colors[q], 12.0, true);
            }
        }
    }
    for (int k = 0; k < 2; k++) {
        char label[96];
        const char *nm = k ? e->b_name : e->a_name, *role = k ? "B" : "A";
        if (strcmp(nm, role) == 0) snprintf(label, sizeof label, "%s", nm);
        else snprintf(label, sizeof label, "%s (%s)", nm, role);
        tt_canvas_label3(&cv, boxes[k].center, 8, -8, label, colors[k], 14.0, true);
        /* Each box's own axes, short, so "A.x" has a meaning in the picture. */
        tc_vec3 ax[3] = { boxes[k].rotation.cx, boxes[k].rotation.cy, boxes[k].rotation.cz };
        float hv[3] = { boxes[k].half.x, boxes[k].half.y, boxes[k].half.z };
        for (int i = 0; i < 3; i++) {
            tc_vec3 tip = tc_vec3_mul_add(boxes[k].center, ax[i], hv[i] + span * 0.08f);
            tt_canvas_arrow3(&cv, boxes[k].center, tc_vec3_sub(tip, boxes[k].center), colors[k], 1.2);
            char name[8];
            snprintf(name, sizeof name, "%c.%c", k ? 'B' : 'A', "xyz"[i]);
            tt_canvas_label3(&cv, tip, 3, 4, name, colors[k], 11.0, false);
        }
    }
    tt_canvas_place_labels(&cv);
    tt_canvas_free(&cv);

    /* One number line per axis, all on one scale (world units along each
     * row's own axis), with ticks: the two projected intervals. */
    int y0 = top + view_h + 44;
    const double bar_x0 = 160.0, bar_x1 = 740.0;
    double lo_v = 0.0, hi_v = 0.0;
    bool any = false;
    for (int i = 0; i < 15; i++) {
        const tc_sat_axis_report *r = &e->axes[i];
        if (r->degenerate) continue;
        double v0 = fmin((double)r->center_a - r->radius_a, (double)r->center_b - r->radius_b);
        double v1 = fmax((double)r->center_a + r->radius_a, (double)r->center_b + r->radius_b);
        if (!isfinite(v0) || !isfinite(v1)) continue;
        lo_v = any ? fmin(lo_v, v0) : v0;
        hi_v = any ? fmax(hi_v, v1) : v1;
        any = true;
    }
    double step = tt_nice_step(hi_v - lo_v, 8.0);
    lo_v = floor(tt_div(lo_v, step)) * step;
    hi_v = ceil(tt_div(hi_v, step)) * step;
    if (!(hi_v - lo_v > 0.0)) hi_v = lo_v + step;
    double scale = tt_div(bar_x1 - bar_x0, hi_v - lo_v);
    tt_svg_text(out, 16, y0 - 16, "axis", "fill=\"#555555\" font-size=\"12\" font-weight=\"bold\"");
    tt_svg_text(out, bar_x0, y0 - 30, "projections on each axis, one scale: A (blue) and B (orange)",
                "fill=\"#555555\" font-size=\"12\" font-weight=\"bold\"");
    tt_svg_text(out, 760, y0 - 16, "gap", "fill=\"#555555\" font-size=\"12\" font-weight=\"bold\"");
    int ticks = (int)floor(tt_div(hi_v - lo_v, step) + 0.5);
    for (int t = 0; t <= ticks && t <= 40; t++) {
        double v = lo_v + t * step, x = bar_x0 + (v - lo_v) * scale;
        char num[32];
        tt_fmt_num(num, sizeof num, v, step < 0.999 ? (step < 0.0999 ? 2 : 1) : 0);
        fprintf(out, "<line class=\"tick\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#dddddd\"/>\n", x,
                y0 - 8, x, y0 + 15 * row_h);
        char attrs[96];
        snprintf(attrs, sizeof attrs, "class=\"tick\" fill=\"#777777\" font-size=\"10\" text-anchor=\"middle\"");
        tt_svg_text(out, x, y0 - 11, num, attrs);
    }
    for (int i = 0; i < 15; i++) {
        const tc_sat_axis_report *r = &e->axes[i];
        double y = y0 + i * row_h;
        if (r->separates && !r->degenerate)
            fprintf(out, "<rect x=\"8\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\" fill-opacity=\"0.8\"/>\n", y - 4,
                    width - 16, row_h - 4, i == (int)e->verdict ? "#d9f2de" : "#eef8f0");
        else if (i % 2 == 0)
            fprintf(out, "<rect x=\"8\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"#f3f3ef\" fill-opacity=\"0.8\"/>\n",
                    y - 4, width - 16, row_h - 4);
        char label[48];
        snprintf(label, sizeof label, "%2d  %s", i + 1, axis_labels[i]);
        tt_svg_text(out, 16, y + 14, label, i < 6 ? "fill=\"#222222\" font-size=\"12\" xml:space=\"preserve\""
                                                  : "fill=\"#222222\" font-size=\"12\" font-style=\"italic\" "
                                                    "xml:space=\"preserve\"");
        if (r->degenerate) {
            tt_svg_text(out, bar_x0, y + 14, "parallel edges: the cross product is zero, no axis to test",
                        "fill=\"#888888\" font-size=\"12\"");
            continue;
        }
        double a0 = (double)r->center_a - r->radius_a, a1 = (double)r->center_a + r->radius_a;
        double b0 = (double)r->center_b - r->radius_b, b1 = (double)r->center_b + r->radius_b;
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbbbbb\"/>\n", bar_x0, y + 11,
                bar_x1, y + 11);
        fprintf(out, "<rect class=\"bar-a\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"7\" fill=\"%s\" "
                     "fill-opacity=\"0.8\"/>\n", bar_x0 + (a0 - lo_v) * scale, y + 1, fmax((a1 - a0) * scale, 1.0),
                EXPLAIN_COLOR_A);
        fprintf(out, "<rect class=\"bar-b\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"7\" fill=\"%s\" "
                     "fill-opacity=\"0.8\"/>\n", bar_x0 + (b0 - lo_v) * scale, y + 13, fmax((b1 - b0) * scale, 1.0),
                EXPLAIN_COLOR_B);
        double g = gap_of(r);
        if (g > 0.0) {
            /* Shade the gap between the intervals. */
            double gx0 = a1 < b0 ? a1 : b1, gx1 = a1 < b0 ? b0 : a0;
            fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"19\" fill=\"#1f9e3a\" "
                         "fill-opacity=\"0.35\"/>\n", bar_x0 + (gx0 - lo_v) * scale, y + 1, fmax((gx1 - gx0) * scale, 1.5));
        }
        char gtxt[64];
        tt_fmt_num(gtxt, sizeof gtxt, g, 4);
        char verdict[96];
        snprintf(verdict, sizeof verdict, "%s  %s", gtxt, g > 0.0 ? "separates" : "overlap");
        tt_svg_text(out, 760, y + 14, verdict,
                    r->separates ? "fill=\"#1f7a30\" font-size=\"12\" font-weight=\"bold\" xml:space=\"preserve\""
                                 : "fill=\"#555555\" font-size=\"12\" xml:space=\"preserve\"");
        if (e->duplicate_of[i] >= 0) {
            char dup[48];
            snprintf(dup, sizeof dup, "= axis %d", e->duplicate_of[i] + 1);
            tt_svg_text(out, 104, y + 14, dup, "class=\"duplicate\" fill=\"#999999\" font-size=\"11\" font-style=\"italic\"");
        }
    }
    int ly = y0 + 15 * row_h + 18;
    tt_svg_text(out, 16, ly,
                "Axes 1-6 are the face normals of A and B; 7-15 are cross products of an edge of A with an edge of B.",
                "fill=\"#444444\" font-size=\"12\"");
    tt_svg_text(out, 16, ly + 16,
                "A green row separates; \"= axis N\" marks a line already tested as axis N (parallel faces repeat axes).",
                "fill=\"#444444\" font-size=\"12\"");
    fprintf(out, "</svg>\n");
    (void)path;
    return !ferror(out);
}
