/* SPDX-License-Identifier: MIT */
#include "svg.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const double tt_pi = 3.14159265358979323846;

/* ---- canvas --------------------------------------------------------------------- */

void tt_canvas_init(tt_canvas *c, FILE *out, const tt_camera *cam, double ox, double oy)
{
    memset(c, 0, sizeof *c);
    c->out = out;
    c->view = tt_view_from_camera(cam);
    c->eye = cam->position;
    c->ox = ox;
    c->oy = oy;
    c->clip_w = cam->width;
    c->clip_h = cam->height;
}

void tt_canvas_free(tt_canvas *c)
{
    free(c->path);
    c->path = NULL;
    c->path_len = c->path_cap = 0;
}

static void path_append(tt_canvas *c, const char *fmt, ...)
{
    char piece[96];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof piece) n = (int)sizeof piece - 1;
    if (c->path_len + (size_t)n + 1 > c->path_cap) {
        size_t cap = c->path_cap ? c->path_cap * 2 : 1024;
        while (cap < c->path_len + (size_t)n + 1) cap *= 2;
        char *p = (char *)realloc(c->path, cap);
        if (!p) return;
        c->path = p;
        c->path_cap = cap;
    }
    memcpy(c->path + c->path_len, piece, (size_t)n);
    c->path_len += (size_t)n;
    c->path[c->path_len] = '\0';
}

bool tt_canvas_project(const tt_canvas *c, tc_vec3 p, double *x, double *y)
{
    tt_cam_point q = tt_view_to_camera(&c->view, p);
    if (!(q.z >= c->view.near_z)) return false;
    tt_view_camera_to_pixel(&c->view, q, x, y);
    *x += c->ox;
    *y += c->oy;
    return isfinite(*x) && isfinite(*y);
}

/* Liang-Barsky against a rectangle: keeps coordinates of long lines sane. */
static bool clip2(double *x0, double *y0, double *x1, double *y1, double xmin, double ymin, double xmax, double ymax)
{
    double t0 = 0.0, t1 = 1.0, dx = *x1 - *x0, dy = *y1 - *y0;
    double p[4] = { -dx, dx, -dy, dy };
    double q[4] = { *x0 - xmin, xmax - *x0, *y0 - ymin, ymax - *y0 };
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0) return false;
        } else {
            double t = q[i] / p[i];
            if (p[i] < 0.0) { if (t > t1) return false; if (t > t0) t0 = t; }
            else { if (t < t0) return false; if (t < t1) t1 = t; }
        }
    }
    double ax = *x0 + t0 * dx, ay = *y0 + t0 * dy, bx = *x0 + t1 * dx, by = *y0 + t1 * dy;
    *x0 = ax; *y0 = ay; *x1 = bx; *y1 = by;
    return true;
}

void tt_canvas_line3(tt_canvas *c, tc_vec3 a, tc_vec3 b)
{
    tt_cam_point p = tt_view_to_camera(&c->view, a), q = tt_view_to_camera(&c->view, b);
    double nz = c->view.near_z;
    if (!(p.z >= nz) && !(q.z >= nz)) return;
    if (!(p.z >= nz) || !(q.z >= nz)) {
        /* Cut the segment where it crosses the near plane. */
        double t = (nz - p.z) / (q.z - p.z);
        tt_cam_point m = { p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, nz };
        if (p.z < nz) p = m; else q = m;
    }
    double x0, y0, x1, y1;
    tt_view_camera_to_pixel(&c->view, p, &x0, &y0);
    tt_view_camera_to_pixel(&c->view, q, &x1, &y1);
    if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1)) return;
    if (!clip2(&x0, &y0, &x1, &y1, -c->clip_w, -c->clip_h, 2.0 * c->clip_w, 2.0 * c->clip_h)) return;
    x0 += c->ox; x1 += c->ox; y0 += c->oy; y1 += c->oy;
    if (!c->pen_down || fabs(x0 - c->last_x) > 0.05 || fabs(y0 - c->last_y) > 0.05)
        path_append(c, "M%.1f %.1f", x0, y0);
    path_append(c, "L%.1f %.1f", x1, y1);
    c->pen_down = true;
    c->last_x = x1;
    c->last_y = y1;
}

void tt_canvas_stroke(tt_canvas *c, const char *attributes)
{
    if (c->path_len > 0) fprintf(c->out, "<path d=\"%s\" fill=\"none\" %s/>\n", c->path, attributes);
    c->path_len = 0;
    if (c->path) c->path[0] = '\0';
    c->pen_down = false;
}

/* A circle in 3D: centre, radius, two unit axes spanning its plane; `from`
 * and `to` are the swept angle range in radians. */
static void arc3(tt_canvas *c, tc_vec3 center, float radius, tc_vec3 u, tc_vec3 v, double from, double to, int steps)
{
    tc_vec3 prev = tc_vec3_zero();
    for (int i = 0; i <= steps; i++) {
        double a = from + (to - from) * i / steps;
        tc_vec3 p = tc_vec3_add(center, tc_vec3_add(tc_vec3_scale(u, radius * (float)cos(a)),
                                                    tc_vec3_scale(v, radius * (float)sin(a))));
        if (i > 0) tt_canvas_line3(c, prev, p);
        prev = p;
    }
}

/* Two unit vectors perpendicular to n and to each other. */
static void basis(tc_vec3 n, tc_vec3 *u, tc_vec3 *v)
{
    n = tc_vec3_normalize(n);
    tc_vec3 helper = fabsf(n.x) < 0.7f ? tc_vec3_make(1.0f, 0.0f, 0.0f) : tc_vec3_make(0.0f, 1.0f, 0.0f);
    *u = tc_vec3_normalize(tc_vec3_cross(n, helper));
    *v = tc_vec3_cross(n, *u);
}

/* The sphere's outline as the camera sees it: the circle where the view cone
 * touches the sphere. */
static void sphere_outline(tt_canvas *c, tc_vec3 center, float r)
{
    tc_vec3 d = tc_vec3_sub(center, c->eye);
    float dist = tc_vec3_length(d);
    if (!(dist > r * 1.001f)) return;
    tc_vec3 n = tc_vec3_scale(d, 1.0f / dist);
    float back = r * r / dist;                       /* from the centre towards the eye */
    float rr = r * sqrtf(1.0f - (r / dist) * (r / dist));
    tc_vec3 u, v;
    basis(n, &u, &v);
    arc3(c, tc_vec3_mul_add(center, n, -back), rr, u, v, 0.0, 2.0 * tt_pi, 64);
}

void tt_canvas_shape(tt_canvas *c, const tt_shape *s, double plane_extent)
{
    switch (s->type) {
    case TC_SHAPE_AABB:
    case TC_SHAPE_OBB: {
        tc_obb box;
        tt_shape_as_obb(s, &box);
        tc_vec3 k[8];
        tc_obb_corners(&box, k);
        /* Corner index bits are x, y, z: an edge joins corners one bit apart. */
        for (int i = 0; i < 8; i++)
            for (int bit = 1; bit < 8; bit <<= 1)
                if (!(i & bit)) tt_canvas_line3(c, k[i], k[i | bit]);
        break;
    }
    case TC_SHAPE_SPHERE: {
        const tc_sphere *sp = &s->u.sphere;
        sphere_outline(c, sp->center, sp->radius);
        arc3(c, sp->center, sp->radius, tc_vec3_make(1, 0, 0), tc_vec3_make(0, 0, 1), 0.0, 2.0 * tt_pi, 48);
        break;
    }
    case TC_SHAPE_CAPSULE: {
        const tc_capsule *cp = &s->u.capsule;
        tc_vec3 axis = tc_vec3_sub(cp->b, cp->a);
        tc_vec3 u, v;
        if (tc_vec3_length_sq(axis) < 1e-12f) {
            sphere_outline(c, cp->a, cp->radius);
            break;
        }
        basis(axis, &u, &v);
        tc_vec3 n = tc_vec3_normalize(axis);
        float r = cp->radius;
        arc3(c, cp->a, r, u, v, 0.0, 2.0 * tt_pi, 48);
        arc3(c, cp->b, r, u, v, 0.0, 2.0 * tt_pi, 48);
        /* Hemispheres: half circles through each pole in two planes. */
        arc3(c, cp->a, r, u, tc_vec3_neg(n), 0.0, tt_pi, 24);
        arc3(c, cp->a, r, v, tc_vec3_neg(n), 0.0, tt_pi, 24);
        arc3(c, cp->b, r, u, n, 0.0, tt_pi, 24);
        arc3(c, cp->b, r, v, n, 0.0, tt_pi, 24);
        for (int i = 0; i < 4; i++) {
            double a = i * tt_pi / 2.0;
            tc_vec3 off = tc_vec3_add(tc_vec3_scale(u, r * (float)cos(a)), tc_vec3_scale(v, r * (float)sin(a)));
            tt_canvas_line3(c, tc_vec3_add(cp->a, off), tc_vec3_add(cp->b, off));
        }
        break;
    }
    case TC_SHAPE_TRIANGLE: {
        const tc_triangle *t = &s->u.triangle;
        tt_canvas_line3(c, t->a, t->b);
        tt_canvas_line3(c, t->b, t->c);
        tt_canvas_line3(c, t->c, t->a);
        break;
    }
    case TC_SHAPE_PLANE: {
        /* A square patch of the plane around its point nearest the origin:
         * the outline and a cross, light enough not to hide what stands on it. */
        tc_vec3 o = tt_shape_center(s), u, v;
        basis(s->u.plane.normal, &u, &v);
        float e = (float)plane_extent;
        tc_vec3 k[4];
        for (int i = 0; i < 4; i++) {
            float a = (i == 0 || i == 3) ? -e : e, b = (i < 2) ? -e : e;
            k[i] = tc_vec3_add(o, tc_vec3_add(tc_vec3_scale(u, a), tc_vec3_scale(v, b)));
        }
        for (int i = 0; i < 4; i++) tt_canvas_line3(c, k[i], k[(i + 1) % 4]);
        tt_canvas_line3(c, tc_vec3_mul_add(o, u, -e), tc_vec3_mul_add(o, u, e));
        tt_canvas_line3(c, tc_vec3_mul_add(o, v, -e), tc_vec3_mul_add(o, v, e));
        break;
    }
    default:
        break;
    }
}

void tt_svg_escape(FILE *out, const char *text)
{
    for (; text && *text; text++) {
        unsigned char ch = (unsigned char)*text;
        switch (ch) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            /* Control characters are not allowed in XML 1.0 text. */
            if (ch < 0x20 && ch != '\t') fputc('?', out);
            else fputc(ch, out);
        }
    }
}

void tt_svg_text(FILE *out, double x, double y, const char *text, const char *attributes)
{
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" %s>", x, y, attributes);
    tt_svg_escape(out, text);
    fputs("</text>\n", out);
}

void tt_canvas_label3(tt_canvas *c, tc_vec3 p, double dx, double dy, const char *text, const char *color,
                      double size, bool bold)
{
    double x, y;
    if (!tt_canvas_project(c, p, &x, &y)) return;
    if (x < c->ox - 50 || y < c->oy - 20 || x > c->ox + c->clip_w + 50 || y > c->oy + c->clip_h + 20) return;
    /* Keep labels from covering each other: move down until the spot is free. */
    double w = 0.62 * size * (double)strlen(text), hgt = size;
    x += dx;
    y += dy;
    for (int tries = 0; tries < 6; tries++) {
        bool clash = false;
        for (int i = 0; i < c->label_count && !clash; i++) {
            const double *b = c->labels[i];
            clash = x < b[0] + b[2] && b[0] < x + w && y - hgt < b[1] && b[1] - b[3] < y;
        }
        if (!clash) break;
        y += hgt + 2.0;
    }
    if (c->label_count < (int)(sizeof c->labels / sizeof c->labels[0])) {
        double *b = c->labels[c->label_count++];
        b[0] = x; b[1] = y; b[2] = w; b[3] = hgt;
    }
    dx = 0.0;
    dy = 0.0;
    char attrs[256];
    snprintf(attrs, sizeof attrs,
             "fill=\"%s\" font-size=\"%.0f\"%s stroke=\"#ffffff\" stroke-width=\"3.5\" paint-order=\"stroke\" "
             "stroke-linejoin=\"round\"",
             color, size, bold ? " font-weight=\"bold\"" : "");
    tt_svg_text(c->out, x + dx, y + dy, text, attrs);
}

void tt_canvas_arrow3(tt_canvas *c, tc_vec3 p, tc_vec3 d, const char *color, double width)
{
    double x0, y0, x1, y1;
    tc_vec3 q = tc_vec3_add(p, d);
    if (!tt_canvas_project(c, p, &x0, &y0) || !tt_canvas_project(c, q, &x1, &y1)) return;
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    fprintf(c->out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\" "
                    "stroke-linecap=\"round\"/>\n", x0, y0, x1, y1, color, width);
    if (len < 3.0) return;
    double ux = dx / len, uy = dy / len, h = 4.0 + 2.5 * width;
    fprintf(c->out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>\n", x1, y1,
            x1 - ux * h * 1.6 - uy * h * 0.7, y1 - uy * h * 1.6 + ux * h * 0.7, x1 - ux * h * 1.6 + uy * h * 0.7,
            y1 - uy * h * 1.6 - ux * h * 0.7, color);
}

/* ---- the scene picture ---------------------------------------------------------------- */

/* A round step (1, 2 or 5 times a power of ten) near `span / lines`. */
static double nice_step(double span, double lines)
{
    double raw = span / lines;
    if (!(raw > 0.0) || !isfinite(raw)) return 1.0;
    double p = pow(10.0, floor(log10(raw)));
    double m = raw / p;
    return (m < 1.5 ? 1.0 : m < 3.5 ? 2.0 : m < 7.5 ? 5.0 : 10.0) * p;
}

typedef struct order_item { int index; double depth; } order_item;

static int by_depth_desc(const void *a, const void *b)
{
    const order_item *x = (const order_item *)a, *y = (const order_item *)b;
    if (x->depth != y->depth) return x->depth > y->depth ? -1 : 1;
    return x->index - y->index;
}

static void scene_bounds(const tt_scene *s, const tt_result *r, tc_vec3 *lo, tc_vec3 *hi)
{
    bool any = false;
    *lo = tc_vec3_zero();
    *hi = tc_vec3_zero();
    for (int i = 0; i < s->collider_count; i++) {
        tc_aabb b;
        if (r->shapes[i].type == TC_SHAPE_PLANE || !tt_shape_bounds(&r->shapes[i], &b)) continue;
        *lo = any ? tc_vec3_min(*lo, b.min) : b.min;
        *hi = any ? tc_vec3_max(*hi, b.max) : b.max;
        any = true;
    }
    for (int i = 0; i < s->frame_count; i++) {
        tc_vec3 p = r->frames[i].t.position;
        *lo = any ? tc_vec3_min(*lo, p) : p;
        *hi = any ? tc_vec3_max(*hi, p) : p;
        any = true;
    }
    for (int i = 0; i < s->ray_count; i++) {
        tc_vec3 p = r->rays[i].ray.origin;
        *lo = any ? tc_vec3_min(*lo, p) : p;
        *hi = any ? tc_vec3_max(*hi, p) : p;
        any = true;
    }
}

static const char *color_of(unsigned state)
{
    return (state & (TT_STATE_OVERLAPS | TT_STATE_HIT | TT_STATE_PICKED)) ? TT_COLOR_HOT : TT_COLOR_IDLE;
}

static void dot(FILE *out, double x, double y, double r, const char *fill, const char *stroke)
{
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", x, y,
            r, fill, stroke);
}

static void dot3(tt_canvas *c, tc_vec3 p, double r, const char *fill, const char *stroke)
{
    double x, y;
    if (tt_canvas_project(c, p, &x, &y)) dot(c->out, x, y, r, fill, stroke);
}

/* One legend line: a sample mark, then the words. */
typedef enum legend_mark { MARK_LINE, MARK_DASH, MARK_DOT, MARK_ARROW, MARK_CROSS } legend_mark;

typedef struct legend_entry { legend_mark mark; const char *color; const char *text; } legend_entry;

static void legend_item(FILE *out, double x, double y, legend_mark mark, const char *color, const char *text)
{
    switch (mark) {
    case MARK_LINE:
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", x,
                y, x + 22, y, color);
        break;
    case MARK_DASH:
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\" "
                     "stroke-dasharray=\"5 3\"/>\n", x, y, x + 22, y, color);
        break;
    case MARK_DOT:
        dot(out, x + 11, y, 4.5, color, "#222222");
        break;
    case MARK_ARROW:
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n", x, y,
                x + 16, y, color);
        fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>\n", x + 22, y, x + 14, y - 4,
                x + 14, y + 4, color);
        break;
    case MARK_CROSS:
        fprintf(out, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                x + 5, y, x + 17, y, x + 11, y - 6, x + 11, y + 6, color);
        break;
    }
    char attrs[64];
    snprintf(attrs, sizeof attrs, "fill=\"#222222\" font-size=\"12\"");
    tt_svg_text(out, x + 30, y + 4, text, attrs);
}

bool tt_svg_write(FILE *out, const char *path, const tt_scene *s, const tt_result *r)
{
    const tt_camera *cam = &r->camera;
    int w = cam->width, h = cam->height;
    tt_canvas cv;
    tt_canvas_init(&cv, out, cam, 0.0, 0.0);

    tc_vec3 lo, hi;
    scene_bounds(s, r, &lo, &hi);
    tc_vec3 mid = tc_vec3_lerp(lo, hi, 0.5f);
    double span = tc_vec3_length(tc_vec3_sub(hi, lo));
    if (!(span > 1e-3)) span = 2.0;

    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n", w, h, w, h);
    fprintf(out, "<title>");
    tt_svg_escape(out, s->title ? s->title : path);
    fprintf(out, "</title>\n");
    fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fbfbf8\"/>\n", w, h);

    /* Ground grid: the scene's, or one under everything sized to fit. */
    {
        double gy, gsize, gstep, gx0, gz0;
        if (s->grid.present) {
            gy = s->grid.height;
            gsize = s->grid.size;
            gstep = s->grid.step;
            gx0 = 0.0;
            gz0 = 0.0;
        } else {
            gy = lo.y < 0.0f ? lo.y : 0.0;
            double ext = fmax(hi.x - lo.x, hi.z - lo.z) * 0.5 + span * 0.25;
            gstep = nice_step(ext * 2.0, 12.0);
            gsize = ceil(ext / gstep) * gstep;
            gx0 = floor(mid.x / gstep + 0.5) * gstep;
            gz0 = floor(mid.z / gstep + 0.5) * gstep;
        }
        if (gsize > 0.0 && gstep > 0.0 && gsize / gstep <= 1000.0) {
            int n = (int)floor(gsize / gstep + 1e-6);
            for (int i = -n; i <= n; i++) {
                double f = i * gstep;
                tt_canvas_line3(&cv, tc_vec3_make((float)(gx0 + f), (float)gy, (float)(gz0 - gsize)),
                                tc_vec3_make((float)(gx0 + f), (float)gy, (float)(gz0 + gsize)));
                tt_canvas_line3(&cv, tc_vec3_make((float)(gx0 - gsize), (float)gy, (float)(gz0 + f)),
                                tc_vec3_make((float)(gx0 + gsize), (float)gy, (float)(gz0 + f)));
            }
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_GRID "\" stroke-width=\"1\"");
        }
    }

    /* Bones: a grey line from each frame's parent to it. */
    for (int i = 0; i < s->frame_count; i++) {
        int p = s->frames[i].parent;
        if (p >= 0) tt_canvas_line3(&cv, r->frames[p].t.position, r->frames[i].t.position);
    }
    tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_BONE "\" stroke-width=\"3\" stroke-linecap=\"round\"");
    for (int i = 0; i < s->frame_count; i++) dot3(&cv, r->frames[i].t.position, 2.5, TT_COLOR_BONE, TT_COLOR_BONE);
    if (s->frame_count <= 8) {
        /* Few frames: show each one's axes and name, so "under its frame" can be seen. */
        for (int i = 0; i < s->frame_count; i++) {
            const tt_pose *p = &r->frames[i];
            float len = (float)(span * 0.07) * p->scale;
            tc_vec3 axes[3] = { tc_vec3_make(1, 0, 0), tc_vec3_make(0, 1, 0), tc_vec3_make(0, 0, 1) };
            for (int k = 0; k < 3; k++)
                tt_canvas_arrow3(&cv, p->t.position, tc_vec3_scale(tc_transform_direction(p->t, axes[k]), len),
                                 TT_COLOR_BONE, 1.2);
            tt_canvas_label3(&cv, p->t.position, 6.0, 14.0, s->frames[i].name, "#6b7078", 11.0, false);
        }
    }

    /* Colliders, far to near, so nearer wireframes draw over farther ones. */
    order_item *order = (order_item *)malloc(((size_t)s->collider_count + 1) * sizeof *order);
    if (!order) { tt_canvas_free(&cv); return false; }
    for (int i = 0; i < s->collider_count; i++) {
        order[i].index = i;
        order[i].depth = tt_view_to_camera(&cv.view, tt_shape_center(&r->shapes[i])).z;
    }
    qsort(order, (size_t)s->collider_count, sizeof *order, by_depth_desc);
    double plane_extent = span * 0.6;
    for (int k = 0; k < s->collider_count; k++) {
        int i = order[k].index;
        char attrs[160];
        /* Where a sweep goes: the end pose dashed, and the path of the centre. */
        if (s->colliders[i].moving) {
            tt_shape end = tt_shape_translate(&r->shapes[i], s->colliders[i].velocity);
            tt_canvas_shape(&cv, &end, plane_extent);
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" "
                                  "opacity=\"0.8\"");
            const tt_sweep_result *sw = NULL;
            for (int j = 0; j < r->sweep_count; j++)
                if (r->sweeps[j].mover == i) sw = &r->sweeps[j];
            if (sw && sw->available && sw->other >= 0) {
                /* Where it first touches: that pose solid, the contact point and its normal. */
                tt_shape at = tt_shape_translate(&r->shapes[i], tc_vec3_scale(s->colliders[i].velocity, sw->toi));
                tt_canvas_shape(&cv, &at, plane_extent);
                tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"2.5\"");
                tt_canvas_arrow3(&cv, sw->point, tc_vec3_scale(sw->normal, (float)(span * 0.08)), TT_COLOR_NORMAL, 1.8);
                dot3(&cv, sw->point, 4.0, TT_COLOR_CONTACT, "#222222");
                char text[160];
                snprintf(text, sizeof text, "first contact at %.3f of the move", sw->toi);
                tc_aabb bb;
                tc_vec3 top = tt_shape_center(&at);
                if (tt_shape_bounds(&at, &bb)) top = tc_vec3_make(0.5f * (bb.min.x + bb.max.x), bb.max.y, 0.5f * (bb.min.z + bb.max.z));
                tt_canvas_label3(&cv, top, -40.0, -10.0, text, TT_COLOR_SWEEP, 12.0, true);
            }
            tc_vec3 c0 = tt_shape_center(&r->shapes[i]);
            tt_canvas_line3(&cv, c0, tc_vec3_add(c0, s->colliders[i].velocity));
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\"");
        }
        tt_canvas_shape(&cv, &r->shapes[i], plane_extent);
        snprintf(attrs, sizeof attrs, "stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"%s",
                 color_of(r->state[i]), r->shapes[i].type == TC_SHAPE_PLANE ? "1.2" : "2.2",
                 r->shapes[i].type == TC_SHAPE_PLANE ? " stroke-dasharray=\"6 4\" opacity=\"0.55\"" : "");
        tt_canvas_stroke(&cv, attrs);
    }

    /* Rays: solid to the first hit, dashed beyond; the hit point and normal. */
    double ray_len = span * 1.5 + 1.0;
    for (int i = 0; i < s->ray_count; i++) {
        const tt_hit_result *hr = &r->rays[i];
        float dl = tc_vec3_length(hr->ray.dir);
        float t_end = isfinite(hr->max_t) ? hr->max_t : (float)(ray_len / (dl > 0 ? dl : 1.0f));
        tc_vec3 end = tc_vec3_mul_add(hr->ray.origin, hr->ray.dir, t_end);
        dot3(&cv, hr->ray.origin, 3.5, "#ffffff", TT_COLOR_RAY);
        if (hr->collider >= 0) {
            tt_canvas_line3(&cv, hr->ray.origin, hr->hit.point);
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_RAY "\" stroke-width=\"2\"");
            if (hr->hit.t < t_end) {
                /* Only a short tail drawn beyond the hit: the ray goes on, but its first hit is the story. */
                float tail = (float)(span * 0.25 / (dl > 0 ? dl : 1.0f));
                if (hr->hit.t + tail < t_end) end = tc_vec3_mul_add(hr->ray.origin, hr->ray.dir, hr->hit.t + tail);
                tt_canvas_line3(&cv, hr->hit.point, end);
                tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_RAY "\" stroke-width=\"1.2\" stroke-dasharray=\"4 4\" "
                                      "opacity=\"0.6\"");
            }
        } else {
            tt_canvas_line3(&cv, hr->ray.origin, end);
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_RAY "\" stroke-width=\"2\" stroke-dasharray=\"8 4\"");
        }
    }
    for (int i = 0; i < s->ray_count; i++) {
        const tt_hit_result *hr = &r->rays[i];
        if (hr->collider < 0) continue;
        tt_canvas_arrow3(&cv, hr->hit.point, tc_vec3_scale(hr->hit.normal, (float)(span * 0.08)), TT_COLOR_NORMAL, 2.0);
        dot3(&cv, hr->hit.point, 4.5, TT_COLOR_HOT, "#222222");
    }

    /* Contacts: points and the normal from a towards b. */
    for (int i = 0; i < r->pair_count; i++) {
        const tt_contact *ct = &r->pairs[i].contact;
        if (!ct->available) continue;
        for (int k = 0; k < ct->point_count && k < 4; k++) {
            tt_canvas_arrow3(&cv, ct->points[k], tc_vec3_scale(ct->normal, (float)(span * 0.08)), TT_COLOR_NORMAL, 1.8);
            dot3(&cv, ct->points[k], 4.0, TT_COLOR_CONTACT, "#222222");
        }
    }

    /* Clicks: a cross-hair at the pixel, the picked surface point. */
    for (int i = 0; i < s->click_count; i++) {
        double x = s->clicks[i].x, y = s->clicks[i].y;
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"9\" fill=\"none\" stroke=\"#111111\" stroke-width=\"1.5\"/>\n",
                x, y);
        fprintf(out, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"#111111\" stroke-width=\"1.5\"/>\n",
                x - 15, y, x + 15, y, x, y - 15, x, y + 15);
        char text[160];
        const tt_hit_result *hr = &r->picks[i];
        if (hr->collider >= 0) dot3(&cv, hr->hit.point, 4.0, TT_COLOR_HOT, "#222222");
        if (hr->collider >= 0) snprintf(text, sizeof text, "%s picks %s", s->clicks[i].name, s->colliders[hr->collider].name);
        else snprintf(text, sizeof text, "%s picks nothing", s->clicks[i].name);
        tt_svg_text(out, x + 10, y + 46, text, "fill=\"#111111\" font-size=\"13\" font-weight=\"bold\" stroke=\"#ffffff\" "
                                            "stroke-width=\"3.5\" paint-order=\"stroke\"");
    }

    /* Names last, so nothing covers them. */
    for (int i = 0; i < s->collider_count; i++) {
        tc_aabb b;
        tc_vec3 at = tt_shape_center(&r->shapes[i]);
        if (r->shapes[i].type != TC_SHAPE_PLANE && tt_shape_bounds(&r->shapes[i], &b)) {
            at = tc_vec3_make(0.5f * (b.min.x + b.max.x), b.max.y, 0.5f * (b.min.z + b.max.z));
        } else if (r->shapes[i].type == TC_SHAPE_PLANE) {
            /* A corner of the drawn patch, away from what stands on it. */
            tc_vec3 u, v;
            basis(r->shapes[i].u.plane.normal, &u, &v);
            at = tc_vec3_add(at, tc_vec3_scale(tc_vec3_add(u, v), (float)plane_extent * 0.9f));
        }
        tt_canvas_label3(&cv, at, 6.0, -6.0, s->colliders[i].name, color_of(r->state[i]), 13.0, true);
    }
    for (int i = 0; i < s->ray_count; i++)
        tt_canvas_label3(&cv, r->rays[i].ray.origin, -8.0, -8.0, s->rays[i].name, TT_COLOR_RAY, 12.0, false);

    /* Title and summary. */
    {
        char line[256];
        tt_svg_text(out, 14, 24, s->title ? s->title : path, "fill=\"#111111\" font-size=\"16\" font-weight=\"bold\"");
        int hits = 0;
        for (int i = 0; i < s->ray_count; i++) hits += r->rays[i].collider >= 0;
        int n = snprintf(line, sizeof line, "%d collider%s, %d overlapping pair%s", s->collider_count,
                         s->collider_count == 1 ? "" : "s", r->pair_count, r->pair_count == 1 ? "" : "s");
        if (s->ray_count > 0 && n > 0 && (size_t)n < sizeof line)
            n += snprintf(line + n, sizeof line - (size_t)n, ", %d of %d ray%s hit", hits, s->ray_count,
                          s->ray_count == 1 ? "" : "s");
        for (int i = 0; i < r->sweep_count && i < 3 && n > 0 && (size_t)n < sizeof line; i++) {
            const tt_sweep_result *w = &r->sweeps[i];
            if (w->available && w->other >= 0)
                n += snprintf(line + n, sizeof line - (size_t)n, ", %s sweeps into %s at %.3f of its move",
                              s->colliders[w->mover].name, s->colliders[w->other].name, w->toi);
            else if (w->available)
                n += snprintf(line + n, sizeof line - (size_t)n, ", %s sweeps clear", s->colliders[w->mover].name);
        }
        for (int i = 0; i < s->click_count && i < 3 && n > 0 && (size_t)n < sizeof line; i++) {
            const tt_hit_result *hr = &r->picks[i];
            n += snprintf(line + n, sizeof line - (size_t)n, ", click %s picks %s", s->clicks[i].name,
                          hr->collider >= 0 ? s->colliders[hr->collider].name : "nothing");
        }
        tt_svg_text(out, 14, 42, line, "fill=\"#444444\" font-size=\"12\"");
    }

    /* Legend: only what the picture shows. */
    {
        legend_entry items[12];
        int n = 0;
        bool hot = false, idle = false, moving = false, contacts = false, ray_hits = false;
        for (int i = 0; i < s->collider_count; i++) {
            if (r->state[i] & (TT_STATE_OVERLAPS | TT_STATE_HIT | TT_STATE_PICKED)) hot = true; else idle = true;
            if (s->colliders[i].moving) moving = true;
        }
        for (int i = 0; i < r->pair_count; i++) contacts |= r->pairs[i].contact.available;
        for (int i = 0; i < s->ray_count; i++) ray_hits |= r->rays[i].collider >= 0;
        if (idle) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_IDLE, "untouched collider" };
        if (hot) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_HOT, "overlapping or hit" };
        if (s->frame_count) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_BONE, "frame / bone" };
        if (s->ray_count) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_RAY, "ray" };
        if (ray_hits) items[n++] = (legend_entry){ MARK_DOT, TT_COLOR_HOT, "ray hit point" };
        if (ray_hits || contacts || moving) items[n++] = (legend_entry){ MARK_ARROW, TT_COLOR_NORMAL, "surface / contact normal" };
        if (contacts || moving) items[n++] = (legend_entry){ MARK_DOT, TT_COLOR_CONTACT, "contact point" };
        if (moving) items[n++] = (legend_entry){ MARK_DASH, TT_COLOR_SWEEP, "sweep: where it ends" };
        if (moving) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_SWEEP, "sweep: first contact" };
        if (s->click_count) items[n++] = (legend_entry){ MARK_CROSS, "#111111", "click (pick)" };
        double lh = 18.0, bw = 196.0, bh = 14.0 + lh * n;
        double bx = 10.0, by = h - bh - 10.0;
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"6\" fill=\"#ffffff\" "
                     "fill-opacity=\"0.88\" stroke=\"#c8c8c8\"/>\n", bx, by, bw, bh);
        for (int i = 0; i < n; i++) legend_item(out, bx + 10, by + 16 + lh * i, items[i].mark, items[i].color, items[i].text);
    }

    fprintf(out, "</svg>\n");
    free(order);
    tt_canvas_free(&cv);
    return !ferror(out);
}
