/* SPDX-License-Identifier: MIT */
#include "svg.h"

#include "report.h"
#include "utf8.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const double tt_pi = 3.14159265358979323846;

/* ---- canvas --------------------------------------------------------------------- */

/* Cells of the obstacle grid, in pixels. */
#define TT_CELL 24.0

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
    c->record = true;
    c->cols = (int)ceil(c->clip_w / TT_CELL) + 1;
    c->rows = (int)ceil(c->clip_h / TT_CELL) + 1;
    c->cell_first = (int *)malloc((size_t)c->cols * (size_t)c->rows * sizeof *c->cell_first);
    if (c->cell_first)
        for (int i = 0; i < c->cols * c->rows; i++) c->cell_first[i] = -1;
}

void tt_canvas_free(tt_canvas *c)
{
    free(c->path);
    free(c->obstacles);
    free(c->cell_first);
    free(c->link_next);
    free(c->link_item);
    free(c->stamp);
    for (int i = 0; i < c->label_count; i++) free(c->labels[i].text);
    free(c->labels);
    c->path = NULL;
    c->path_len = c->path_cap = 0;
    c->obstacles = NULL;
    c->cell_first = c->link_next = c->link_item = c->stamp = NULL;
    c->labels = NULL;
    c->label_count = c->obstacle_count = 0;
}

/* ---- obstacles: a grid of cells, each with the list of what crosses it ---------- */

static bool grow(void **data, int *cap, int need, size_t item)
{
    if (need <= *cap) return true;
    int ncap = *cap ? *cap : 256;
    while (ncap < need) ncap *= 2;
    void *d = realloc(*data, (size_t)ncap * item);
    if (!d) return false;
    *data = d;
    *cap = ncap;
    return true;
}

static void link_cell(tt_canvas *c, int col, int row, int item)
{
    if (col < 0 || row < 0 || col >= c->cols || row >= c->rows) return;
    int cap = c->link_cap;
    if (!grow((void **)&c->link_next, &cap, c->link_count + 1, sizeof *c->link_next)) { c->obstacles_overflowed = true; return; }
    cap = c->link_cap;
    if (!grow((void **)&c->link_item, &cap, c->link_count + 1, sizeof *c->link_item)) { c->obstacles_overflowed = true; return; }
    c->link_cap = cap;
    int cell = row * c->cols + col;
    c->link_next[c->link_count] = c->cell_first[cell];
    c->link_item[c->link_count] = item;
    c->cell_first[cell] = c->link_count++;
}

static int cell_of(double v, double origin)
{
    double k = floor((v - origin) / TT_CELL);
    return k < -1.0 ? -1 : k > 100000.0 ? 100000 : (int)k;
}

/* Adds an obstacle to every cell it touches: a box to the cells under it, a
 * segment column by column to the rows its y-range covers there (exact, so
 * a long diagonal does not claim the cells of its bounding box). */
static void add_obstacle(tt_canvas *c, tt_obstacle o)
{
    if (!c->cell_first || c->obstacles_overflowed) return;
    if (c->obstacle_count >= TT_SVG_MAX_OBSTACLES) { c->obstacles_overflowed = true; return; }
    int cap = c->obstacle_cap;
    if (!grow((void **)&c->obstacles, &cap, c->obstacle_count + 1, sizeof *c->obstacles)) {
        c->obstacles_overflowed = true;
        return;
    }
    int cap2 = c->obstacle_cap;
    if (!grow((void **)&c->stamp, &cap2, c->obstacle_count + 1, sizeof *c->stamp)) {
        c->obstacles_overflowed = true;
        return;
    }
    c->obstacle_cap = cap < cap2 ? cap : cap2;
    int item = c->obstacle_count++;
    c->obstacles[item] = o;
    c->stamp[item] = 0;
    double xlo = fmin(o.x0, o.x1), xhi = fmax(o.x0, o.x1);
    int c0 = cell_of(xlo, c->ox), c1 = cell_of(xhi, c->ox);
    if (c0 < 0) c0 = 0;
    if (c1 >= c->cols) c1 = c->cols - 1;
    for (int col = c0; col <= c1; col++) {
        double ylo, yhi;
        if (o.is_box || xhi - xlo < 1e-9) {
            ylo = fmin(o.y0, o.y1);
            yhi = fmax(o.y0, o.y1);
        } else {
            /* The segment's y where it enters and leaves this column. */
            double xa = fmax(xlo, c->ox + col * TT_CELL), xb = fmin(xhi, c->ox + (col + 1) * TT_CELL);
            double ya = o.y0 + (o.y1 - o.y0) * tt_div(xa - o.x0, o.x1 - o.x0);
            double yb = o.y0 + (o.y1 - o.y0) * tt_div(xb - o.x0, o.x1 - o.x0);
            ylo = fmin(ya, yb);
            yhi = fmax(ya, yb);
        }
        int r0 = cell_of(ylo, c->oy), r1 = cell_of(yhi, c->oy);
        if (r0 < 0) r0 = 0;
        if (r1 >= c->rows) r1 = c->rows - 1;
        for (int row = r0; row <= r1; row++) link_cell(c, col, row, item);
    }
}

void tt_canvas_block_box(tt_canvas *c, double x0, double y0, double x1, double y1)
{
    tt_obstacle o = { fmin(x0, x1), fmin(y0, y1), fmax(x0, x1), fmax(y0, y1), true };
    add_obstacle(c, o);
}

void tt_canvas_block_segment(tt_canvas *c, double x0, double y0, double x1, double y1)
{
    tt_obstacle o = { x0, y0, x1, y1, false };
    add_obstacle(c, o);
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
            double t = tt_div(q[i], p[i]);
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
        double t = tt_div(nz - p.z, q.z - p.z);   /* one end each side: not zero */
        tt_cam_point m = { p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, nz };
        if (p.z < nz) p = m; else q = m;
    }
    double x0, y0, x1, y1;
    tt_view_camera_to_pixel(&c->view, p, &x0, &y0);
    tt_view_camera_to_pixel(&c->view, q, &x1, &y1);
    if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1)) return;
    if (!clip2(&x0, &y0, &x1, &y1, -c->clip_w, -c->clip_h, 2.0 * c->clip_w, 2.0 * c->clip_h)) return;
    x0 += c->ox; x1 += c->ox; y0 += c->oy; y1 += c->oy;
    if (c->record) tt_canvas_block_segment(c, x0, y0, x1, y1);
    if (!c->pen_down || fabs(x0 - c->last_x) > 0.05 || fabs(y0 - c->last_y) > 0.05)
        path_append(c, "M%.1f %.1f", x0, y0);
    path_append(c, "L%.1f %.1f", x1, y1);
    c->pen_down = true;
    c->last_x = x1;
    c->last_y = y1;
}

void tt_canvas_stroke(tt_canvas *c, const char *attributes)
{
    if (c->path_len > 0)
        fprintf(c->out, "<path class=\"%s\" d=\"%s\" fill=\"none\" %s/>\n", c->record ? "geom" : "backdrop", c->path,
                attributes);
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
    tc_vec3 n = tc_vec3_scale(d, (float)tt_div(1.0, dist));
    float back = (float)tt_div((double)r * r, dist);  /* from the centre towards the eye */
    float ratio = (float)tt_div(r, dist);
    float rr = r * sqrtf(1.0f - ratio * ratio);
    tc_vec3 u, v;
    basis(n, &u, &v);
    arc3(c, tc_vec3_mul_add(center, n, -back), rr, u, v, 0.0, 2.0 * tt_pi, 64);
}

/* A hull's vertex where the placed hull puts it. */
static tc_vec3 hull_vertex(const tc_hull *h, int32_t i)
{
    tc_vec3 p = tc_vec3_scale(tc_hull_data_vertex(h->data, i), h->scale);
    return tc_vec3_add(h->position, tc_mat3_mul_vec3(h->rotation, p));
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
    case TC_SHAPE_HULL: {
        /* Every edge of the hull; a segment or point hull has no faces, so
         * its extreme vertices are joined instead. */
        const tc_hull *h = &s->u.hull;
        int32_t ne = tc_hull_data_edge_count(h->data), nv = tc_hull_data_vertex_count(h->data);
        for (int32_t e = 0; e < ne; e++) {
            int32_t a, b;
            tc_hull_data_edge(h->data, e, &a, &b);
            tt_canvas_line3(c, hull_vertex(h, a), hull_vertex(h, b));
        }
        if (ne == 0 && nv > 1) tt_canvas_line3(c, hull_vertex(h, 0), hull_vertex(h, nv - 1));
        break;
    }
    case TC_SHAPE_MESH: {
        /* Each triangle's edges, a shared edge once (by the lower triangle). */
        const tc_mesh *m = &s->u.mesh;
        int32_t nt = tc_mesh_data_triangle_count(m->data);
        for (int32_t i = 0; i < nt; i++) {
            tc_triangle t = tc_mesh_triangle(m, i);
            tc_vec3 k[3] = { t.a, t.b, t.c };
            for (int32_t e = 0; e < 3; e++) {
                int32_t other = -1;
                tc_mesh_data_edge(m->data, i, e, &other);
                if (other < 0 || other > i) tt_canvas_line3(c, k[e], k[(e + 1) % 3]);
            }
        }
        break;
    }
    default:
        break;
    }
}

void tt_svg_escape(FILE *out, const char *text)
{
    size_t n = text ? strlen(text) : 0;
    for (size_t i = 0; i < n;) {
        unsigned char ch = (unsigned char)text[i];
        uint32_t cp;
        int len = tt_utf8_decode(text + i, n - i, &cp);
        if (len == 0 || cp == 0xFFFEu || cp == 0xFFFFu) {
            /* Not a character XML allows (or not UTF-8 at all, as a path may be). */
            fputs(TT_UTF8_REPLACEMENT, out);
            i += len ? (size_t)len : 1u;
            continue;
        }
        switch (ch) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            /* Control characters are not allowed in XML 1.0 text. */
            if (ch < 0x20 && ch != '\t') fputc('?', out);
            else fwrite(text + i, 1, (size_t)len, out);
        }
        i += (size_t)len;
    }
}

void tt_svg_text(FILE *out, double x, double y, const char *text, const char *attributes)
{
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" %s>", x, y, attributes);
    tt_svg_escape(out, text);
    fputs("</text>\n", out);
}

/* ---- labels ------------------------------------------------------------------------ */

void tt_label_box(double x, double y, const char *text, double size, double box[4])
{
    /* Width from the count of characters (UTF-8 lead bytes) at 0.6 em, the
     * usual advance of DejaVu Sans; height from the ascent and descent, with
     * the 1.75 px white halo on every side. */
    int chars = 0;
    for (const unsigned char *t = (const unsigned char *)text; t && *t; t++) chars += (*t & 0xC0) != 0x80;
    box[0] = x - 2.0;
    box[1] = y - 0.8 * size - 2.0;
    box[2] = x + 0.6 * size * chars + 2.0;
    box[3] = y + 0.25 * size + 2.0;
}

void tt_canvas_label(tt_canvas *c, double x, double y, double dx, double dy, const char *text, const char *color,
                     double size, bool bold)
{
    if (!isfinite(x) || !isfinite(y)) return;
    if (c->label_count >= TT_SVG_MAX_LABELS) { c->labels_dropped++; return; }
    if (!grow((void **)&c->labels, &c->label_cap, c->label_count + 1, sizeof *c->labels)) { c->labels_dropped++; return; }
    size_t n = strlen(text);
    char *copy = (char *)malloc(n + 1);
    if (!copy) { c->labels_dropped++; return; }
    memcpy(copy, text, n + 1);
    tt_label *l = &c->labels[c->label_count++];
    l->ax = x;
    l->ay = y;
    l->dx = dx;
    l->dy = dy;
    l->text = copy;
    snprintf(l->color, sizeof l->color, "%s", color);
    l->size = size;
    l->bold = bold;
}

void tt_canvas_label3(tt_canvas *c, tc_vec3 p, double dx, double dy, const char *text, const char *color,
                      double size, bool bold)
{
    double x, y;
    if (!tt_canvas_project(c, p, &x, &y)) return;
    if (x < c->ox || y < c->oy || x > c->ox + c->clip_w || y > c->oy + c->clip_h) return;
    tt_canvas_label(c, x, y, dx, dy, text, color, size, bold);
}

/* Whether a box is free: inside the viewport, clear of every obstacle. */
static bool box_is_free(tt_canvas *c, const double b[4])
{
    if (b[0] < c->ox + 1.0 || b[1] < c->oy + 1.0 || b[2] > c->ox + c->clip_w - 1.0 || b[3] > c->oy + c->clip_h - 1.0)
        return false;
    c->stamp_now++;
    int c0 = cell_of(b[0], c->ox), c1 = cell_of(b[2], c->ox), r0 = cell_of(b[1], c->oy), r1 = cell_of(b[3], c->oy);
    for (int row = r0 < 0 ? 0 : r0; row <= r1 && row < c->rows; row++)
        for (int col = c0 < 0 ? 0 : c0; col <= c1 && col < c->cols; col++)
            for (int k = c->cell_first[row * c->cols + col]; k >= 0; k = c->link_next[k]) {
                int item = c->link_item[k];
                if (c->stamp[item] == c->stamp_now) continue;
                c->stamp[item] = c->stamp_now;
                const tt_obstacle *o = &c->obstacles[item];
                if (o->is_box) {
                    if (o->x0 < b[2] && b[0] < o->x1 && o->y0 < b[3] && b[1] < o->y1) return false;
                } else {
                    double x0 = o->x0, y0 = o->y0, x1 = o->x1, y1 = o->y1;
                    if (clip2(&x0, &y0, &x1, &y1, b[0], b[1], b[2], b[3])) return false;
                }
            }
    return true;
}

int tt_canvas_place_labels(tt_canvas *c)
{
    /* Rings of candidate spots around the anchor, nearest first, twelve
     * directions each: the box sits beside the anchor in that direction,
     * its nearest edge that far away. */
    static const double rings[] = { 4.0, 12.0, 24.0, 40.0, 60.0, 90.0, 130.0 };
    const int directions = 12;
    for (int i = 0; i < c->label_count; i++) {
        tt_label *l = &c->labels[i];
        double probe[4];
        tt_label_box(0.0, 0.0, l->text, l->size, probe);
        double w = probe[2] - probe[0], h = probe[3] - probe[1];
        bool placed = false;
        double x = 0.0, y = 0.0, box[4] = { 0, 0, 0, 0 };
        bool moved = false;
        if (c->cell_first && !c->obstacles_overflowed) {
            for (int k = -1; k < (int)(sizeof rings / sizeof rings[0]) * directions && !placed; k++) {
                double left, top;
                if (k < 0) {
                    /* Its wish first: text starting at anchor + (dx, dy). */
                    left = l->ax + l->dx + probe[0];
                    top = l->ay + l->dy + probe[1];
                } else {
                    double r = rings[k / directions], a = 2.0 * tt_pi * (k % directions) / directions;
                    double ux = cos(a), uy = -sin(a);
                    left = ux > 0.3 ? l->ax + r * ux : ux < -0.3 ? l->ax + r * ux - w : l->ax - 0.5 * w;
                    top = uy > 0.3 ? l->ay + r * uy : uy < -0.3 ? l->ay + r * uy - h : l->ay - 0.5 * h;
                    moved = r > 12.0;
                }
                box[0] = left; box[1] = top; box[2] = left + w; box[3] = top + h;
                placed = box_is_free(c, box);
                x = left - probe[0];
                y = top - probe[1];
            }
        }
        if (!placed) { c->labels_dropped++; continue; }
        if (moved) {
            /* A leader from the anchor to the nearest point of the box. */
            double px = fmin(fmax(l->ax, box[0]), box[2]), py = fmin(fmax(l->ay, box[1]), box[3]);
            fprintf(c->out, "<line class=\"leader\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                            "stroke-width=\"0.8\" stroke-opacity=\"0.7\"/>\n", l->ax, l->ay, px, py, l->color);
            tt_canvas_block_segment(c, l->ax, l->ay, px, py);
        }
        tt_canvas_block_box(c, box[0], box[1], box[2], box[3]);
        char attrs[320];
        snprintf(attrs, sizeof attrs,
                 "class=\"label\" fill=\"%s\" font-size=\"%.0f\"%s stroke=\"#ffffff\" stroke-width=\"3.5\" "
                 "paint-order=\"stroke\" stroke-linejoin=\"round\"",
                 l->color, l->size, l->bold ? " font-weight=\"bold\"" : "");
        tt_svg_text(c->out, x, y, l->text, attrs);
    }
    return c->labels_dropped;
}

void tt_canvas_arrow3(tt_canvas *c, tc_vec3 p, tc_vec3 d, const char *color, double width)
{
    double x0, y0, x1, y1;
    tc_vec3 q = tc_vec3_add(p, d);
    if (!tt_canvas_project(c, p, &x0, &y0) || !tt_canvas_project(c, q, &x1, &y1)) return;
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    fprintf(c->out, "<line class=\"geom\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    "stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n", x0, y0, x1, y1, color, width);
    if (c->record) tt_canvas_block_segment(c, x0, y0, x1, y1);
    if (len < 3.0) return;
    double ux = tt_div(dx, len), uy = tt_div(dy, len), h = 4.0 + 2.5 * width;
    double px[3] = { x1, x1 - ux * h * 1.6 - uy * h * 0.7, x1 - ux * h * 1.6 + uy * h * 0.7 };
    double py[3] = { y1, y1 - uy * h * 1.6 + ux * h * 0.7, y1 - uy * h * 1.6 - ux * h * 0.7 };
    fprintf(c->out, "<polygon class=\"geom\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>\n", px[0], py[0],
            px[1], py[1], px[2], py[2], color);
    if (c->record)
        tt_canvas_block_box(c, fmin(px[0], fmin(px[1], px[2])), fmin(py[0], fmin(py[1], py[2])),
                            fmax(px[0], fmax(px[1], px[2])), fmax(py[0], fmax(py[1], py[2])));
}

/* ---- the scene picture ---------------------------------------------------------------- */

double tt_nice_step(double span, double lines)
{
    double raw = span / lines;
    if (!(raw > 0.0) || !isfinite(raw)) return 1.0;
    double p = pow(10.0, floor(log10(raw)));
    double m = tt_div(raw, p);
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

/* One colour per state, most specific first: picked, overlapping, hit by a
 * ray, untouched. */
enum { LOOK_IDLE, LOOK_OVERLAPPING, LOOK_HIT, LOOK_PICKED };
static int look_of(unsigned state)
{
    if (state & TT_STATE_PICKED) return LOOK_PICKED;
    if (state & TT_STATE_OVERLAPS) return LOOK_OVERLAPPING;
    if (state & TT_STATE_HIT) return LOOK_HIT;
    return LOOK_IDLE;
}

static const char *color_of(unsigned state)
{
    static const char *const colors[4] = { TT_COLOR_IDLE, TT_COLOR_HOT, TT_COLOR_HIT, TT_COLOR_PICKED };
    return colors[look_of(state)];
}

static void dot(FILE *out, double x, double y, double r, const char *fill, const char *stroke)
{
    fprintf(out, "<circle class=\"geom\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" "
                 "stroke-width=\"1.5\"/>\n", x, y, r, fill, stroke);
}

static void dot3(tt_canvas *c, tc_vec3 p, double r, const char *fill, const char *stroke)
{
    double x, y;
    if (!tt_canvas_project(c, p, &x, &y)) return;
    dot(c->out, x, y, r, fill, stroke);
    tt_canvas_block_box(c, x - r - 0.75, y - r - 0.75, x + r + 0.75, y + r + 0.75);
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

/* The mesh triangle a ray or click hit: its outline thick, and its index. */
static void hit_triangle(tt_canvas *cv, const tt_shape *shape, const tt_hit_result *hr, const char *by)
{
    if (shape->type != TC_SHAPE_MESH || hr->hit.feature < 0) return;
    tc_triangle t = tc_mesh_triangle(&shape->u.mesh, hr->hit.feature);
    tt_canvas_line3(cv, t.a, t.b);
    tt_canvas_line3(cv, t.b, t.c);
    tt_canvas_line3(cv, t.c, t.a);
    tt_canvas_stroke(cv, "stroke=\"" TT_COLOR_HIT "\" stroke-width=\"3.5\" stroke-linejoin=\"round\"");
    char text[TT_MAX_NAME + 40];
    snprintf(text, sizeof text, "%s: triangle %d", by, (int)hr->hit.feature);
    tc_vec3 mid = tc_vec3_scale(tc_vec3_add(t.a, tc_vec3_add(t.b, t.c)), 1.0f / 3.0f);
    tt_canvas_label3(cv, mid, 10.0, 18.0, text, TT_COLOR_HIT, 12.0, true);
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
            gstep = tt_nice_step(ext * 2.0, 12.0);
            gsize = ceil(tt_div(ext, gstep)) * gstep;
            gx0 = floor(tt_div(mid.x, gstep) + 0.5) * gstep;
            gz0 = floor(tt_div(mid.z, gstep) + 0.5) * gstep;
        }
        /* The grid is backdrop: labels may sit on it (their halo keeps them legible). */
        cv.record = false;
        if (gsize > 0.0 && gstep > 0.0 && gsize <= 1000.0 * gstep) {
            int n = (int)floor(tt_div(gsize, gstep) + 1e-6);
            for (int i = -n; i <= n; i++) {
                double f = i * gstep;
                tt_canvas_line3(&cv, tc_vec3_make((float)(gx0 + f), (float)gy, (float)(gz0 - gsize)),
                                tc_vec3_make((float)(gx0 + f), (float)gy, (float)(gz0 + gsize)));
                tt_canvas_line3(&cv, tc_vec3_make((float)(gx0 - gsize), (float)gy, (float)(gz0 + f)),
                                tc_vec3_make((float)(gx0 + gsize), (float)gy, (float)(gz0 + f)));
            }
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_GRID "\" stroke-width=\"1\"");
        }
        cv.record = true;
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
    int *sweep_of = (int *)malloc(((size_t)s->collider_count + 1) * sizeof *sweep_of);
    if (!sweep_of) { free(order); tt_canvas_free(&cv); return false; }
    for (int i = 0; i < s->collider_count; i++) sweep_of[i] = -1;
    for (int j = 0; j < r->sweep_count; j++) sweep_of[r->sweeps[j].mover] = j;
    double plane_extent = span * 0.6;
    for (int k = 0; k < s->collider_count; k++) {
        int i = order[k].index;
        char attrs[160];
        /* Where a sweep goes: the end pose dashed, and the path of the centre. */
        if (s->colliders[i].moving) {
            tt_shape end = tc_shape_translate(&r->shapes[i], s->colliders[i].velocity);
            tt_canvas_shape(&cv, &end, plane_extent);
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" "
                                  "opacity=\"0.8\"");
            const tt_sweep_result *sw = sweep_of[i] >= 0 ? &r->sweeps[sweep_of[i]] : NULL;
            if (sw && sw->available && sw->other >= 0) {
                /* Where it first touches: that pose solid, the contact point and its normal. */
                tt_shape at = tc_shape_translate(&r->shapes[i], tc_vec3_scale(s->colliders[i].velocity, sw->toi));
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
                 color_of(r->state[i]),
                 r->shapes[i].type == TC_SHAPE_PLANE ? "1.2" : (r->state[i] & TT_STATE_PICKED) ? "3.2" : "2.2",
                 r->shapes[i].type == TC_SHAPE_PLANE ? " stroke-dasharray=\"6 4\" opacity=\"0.55\"" : "");
        tt_canvas_stroke(&cv, attrs);
    }

    /* Casts and swings: the shape at a few poses along the way, faint, and
     * at its end dashed; where it first touches, solid, with the contact
     * point, its normal and a label. */
    for (int i = 0; i < s->cast_count; i++) {
        const tt_cast_result *c = &r->casts[i];
        int ghosts = s->casts[i].swing ? 4 : 0;
        for (int g = 1; g < ghosts; g++) {
            tt_shape at = tc_shape_transform(&c->shape, tt_cast_pose(c, (float)g / (float)ghosts), 1.0f);
            tt_canvas_shape(&cv, &at, plane_extent);
            tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"1\" opacity=\"0.45\"");
        }
        tt_shape end = tc_shape_transform(&c->shape, c->to, 1.0f);
        tt_canvas_shape(&cv, &end, plane_extent);
        tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\" opacity=\"0.8\"");
        tc_vec3 c0 = tt_shape_center(&r->shapes[s->casts[i].collider]), c1 = tt_shape_center(&end);
        tt_canvas_line3(&cv, c0, c1);
        tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\"");
        if (c->other < 0) continue;
        tt_shape at = tc_shape_transform(&c->shape, tt_cast_pose(c, c->t), 1.0f);
        tt_canvas_shape(&cv, &at, plane_extent);
        tt_canvas_stroke(&cv, "stroke=\"" TT_COLOR_SWEEP "\" stroke-width=\"2.5\"");
        tt_canvas_arrow3(&cv, c->point, tc_vec3_scale(c->normal, (float)(span * 0.08)), TT_COLOR_NORMAL, 1.8);
        dot3(&cv, c->point, 4.0, TT_COLOR_CONTACT, "#222222");
        char text[3 * TT_MAX_NAME + 60], tb[32];
        tt_fmt_num(tb, sizeof tb, c->t, 3);
        snprintf(text, sizeof text, "%s: first contact %s at %s", s->casts[i].name, s->colliders[c->other].name, tb);
        tt_canvas_label3(&cv, c->point, 12.0, -14.0, text, TT_COLOR_SWEEP, 12.0, true);
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
        hit_triangle(&cv, &r->shapes[hr->collider], hr, s->rays[i].name);
        tt_canvas_arrow3(&cv, hr->hit.point, tc_vec3_scale(hr->hit.normal, (float)(span * 0.08)), TT_COLOR_NORMAL, 2.0);
        dot3(&cv, hr->hit.point, 4.5, TT_COLOR_HIT, "#222222");
    }

    /* Distances: the segment between the two closest points, a dot on each,
     * the length beside it. The 3D points ride along as data, so a reader
     * (or a test) can check them against the library. */
    for (int i = 0; i < s->distance_count; i++) {
        const tt_distance_result *d = &r->distances[i];
        double xa, ya, xb, yb;
        if (!d->available || !tt_canvas_project(&cv, d->point_a, &xa, &ya) || !tt_canvas_project(&cv, d->point_b, &xb, &yb))
            continue;
        fprintf(out, "<line class=\"geom distance\" data-a=\"%.6g %.6g %.6g\" data-b=\"%.6g %.6g %.6g\" x1=\"%.1f\" "
                     "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" TT_COLOR_DISTANCE "\" stroke-width=\"1.8\" "
                     "stroke-dasharray=\"5 3\"/>\n", d->point_a.x, d->point_a.y, d->point_a.z, d->point_b.x,
                d->point_b.y, d->point_b.z, xa, ya, xb, yb);
        tt_canvas_block_segment(&cv, xa, ya, xb, yb);
        dot(out, xa, ya, 3.5, TT_COLOR_DISTANCE, "#ffffff");
        dot(out, xb, yb, 3.5, TT_COLOR_DISTANCE, "#ffffff");
        tt_canvas_block_box(&cv, xa - 4.5, ya - 4.5, xa + 4.5, ya + 4.5);
        tt_canvas_block_box(&cv, xb - 4.5, yb - 4.5, xb + 4.5, yb + 4.5);
        char text[200], value[32];
        tt_fmt_num(value, sizeof value, d->distance, 3);
        snprintf(text, sizeof text, "%s to %s: %s", s->colliders[d->a].name, s->colliders[d->b].name, value);
        tt_canvas_label(&cv, 0.5 * (xa + xb), 0.5 * (ya + yb), 6.0, -6.0, text, TT_COLOR_DISTANCE, 12.0, true);
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
        fprintf(out, "<circle class=\"geom\" cx=\"%.1f\" cy=\"%.1f\" r=\"9\" fill=\"none\" stroke=\"#111111\" "
                     "stroke-width=\"1.5\"/>\n", x, y);
        fprintf(out, "<path class=\"geom\" d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"#111111\" "
                     "stroke-width=\"1.5\"/>\n", x - 15, y, x + 15, y, x, y - 15, x, y + 15);
        tt_canvas_block_box(&cv, x - 15.5, y - 15.5, x + 15.5, y + 15.5);
        char text[160];
        const tt_hit_result *hr = &r->picks[i];
        if (hr->collider >= 0) hit_triangle(&cv, &r->shapes[hr->collider], hr, s->clicks[i].name);
        if (hr->collider >= 0) dot3(&cv, hr->hit.point, 4.0, TT_COLOR_PICKED, "#222222");
        if (hr->collider >= 0) snprintf(text, sizeof text, "%s picks %s", s->clicks[i].name, s->colliders[hr->collider].name);
        else snprintf(text, sizeof text, "%s picks nothing", s->clicks[i].name);
        tt_canvas_label(&cv, x, y, 18.0, 30.0, text, "#111111", 13.0, true);
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
        int n = snprintf(line, sizeof line, "%d collider%s, %lld overlapping pair%s%s", s->collider_count,
                         s->collider_count == 1 ? "" : "s", r->pair_total, r->pair_total == 1 ? "" : "s",
                         r->pair_total > r->pair_count ? " (contacts drawn for the first 1000)" : "");
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
        double b1[4], b2[4];
        tt_label_box(14, 24, s->title ? s->title : path, 16, b1);
        tt_label_box(14, 42, line, 12, b2);
        tt_canvas_block_box(&cv, b1[0], b1[1], b1[2], b1[3]);
        tt_canvas_block_box(&cv, b2[0], b2[1], b2[2], b2[3]);
    }

    /* Legend: only what the picture shows. */
    {
        legend_entry items[16];
        int n = 0;
        bool shown[4] = { false, false, false, false }; /* idle, overlapping, hit, picked: as color_of decides */
        bool moving = false, contacts = false, ray_hits = false, distances = false;
        for (int i = 0; i < s->collider_count; i++) {
            shown[look_of(r->state[i])] = true;
            if (s->colliders[i].moving) moving = true;
        }
        if (s->cast_count) moving = true;   /* casts and swings are drawn as sweeps */
        for (int i = 0; i < s->distance_count; i++) distances |= r->distances[i].available;
        for (int i = 0; i < r->pair_count; i++) contacts |= r->pairs[i].contact.available;
        for (int i = 0; i < s->ray_count; i++) ray_hits |= r->rays[i].collider >= 0;
        if (shown[0]) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_IDLE, "untouched collider" };
        if (shown[1]) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_HOT, "overlapping" };
        if (shown[2]) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_HIT, "hit by a ray" };
        if (shown[3]) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_PICKED, "picked by a click" };
        if (s->frame_count) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_BONE, "frame / bone" };
        if (s->ray_count) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_RAY, "ray" };
        if (ray_hits) items[n++] = (legend_entry){ MARK_DOT, TT_COLOR_HIT, "ray hit point" };
        if (ray_hits || contacts || moving) items[n++] = (legend_entry){ MARK_ARROW, TT_COLOR_NORMAL, "surface / contact normal" };
        if (contacts || moving) items[n++] = (legend_entry){ MARK_DOT, TT_COLOR_CONTACT, "contact point" };
        if (moving) items[n++] = (legend_entry){ MARK_DASH, TT_COLOR_SWEEP, "sweep: where it ends" };
        if (moving) items[n++] = (legend_entry){ MARK_LINE, TT_COLOR_SWEEP, "sweep: first contact" };
        if (s->click_count) items[n++] = (legend_entry){ MARK_CROSS, "#111111", "click (pick)" };
        if (distances) items[n++] = (legend_entry){ MARK_DASH, TT_COLOR_DISTANCE, "distance: closest points" };
        double lh = 18.0, bw = 196.0, bh = 14.0 + lh * n;
        double bx = 10.0, by = h - bh - 10.0;
        fprintf(out, "<g class=\"legend\">\n<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"6\" "
                     "fill=\"#ffffff\" fill-opacity=\"0.88\" stroke=\"#c8c8c8\"/>\n", bx, by, bw, bh);
        for (int i = 0; i < n; i++) legend_item(out, bx + 10, by + 16 + lh * i, items[i].mark, items[i].color, items[i].text);
        fputs("</g>\n", out);
        tt_canvas_block_box(&cv, bx, by, bx + bw, by + bh);
    }

    /* The names, placed clear of everything drawn; what found no room is counted. */
    int dropped = tt_canvas_place_labels(&cv);
    if (dropped > 0) {
        char note[160];
        snprintf(note, sizeof note, "%d label%s left out: %s (the report names everything)", dropped,
                 dropped == 1 ? "" : "s",
                 cv.obstacles_overflowed ? "too many lines to place names clear of them" : "no free place");
        tt_svg_text(out, 14, h - 6.0 > 60.0 ? 58.0 : h - 6.0, note, "class=\"note\" fill=\"#888888\" font-size=\"11\"");
    }

    fprintf(out, "</svg>\n");
    free(order);
    free(sweep_of);
    tt_canvas_free(&cv);
    return !ferror(out);
}
