/* SPDX-License-Identifier: MIT */
#include "report.h"

#include "utf8.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- formatting -------------------------------------------------------------- */

void tt_fmt_num(char *buf, size_t n, double v, int decimals)
{
    if (!isfinite(v)) {
        snprintf(buf, n, v != v ? "nan" : (v > 0 ? "inf" : "-inf"));
        return;
    }
    double unit = 0.5 * pow(10.0, -decimals);
    if (fabs(v) < unit) v = 0.0;
    snprintf(buf, n, "%.*f", decimals, v);
}

void tt_fmt_vec3(char *buf, size_t n, tc_vec3 v, int decimals)
{
    char x[TT_NUM_CHARS], y[TT_NUM_CHARS], z[TT_NUM_CHARS];
    tt_fmt_num(x, sizeof x, v.x, decimals);
    tt_fmt_num(y, sizeof y, v.y, decimals);
    tt_fmt_num(z, sizeof z, v.z, decimals);
    snprintf(buf, n, "(%s, %s, %s)", x, y, z);
}

/* ---- tables ------------------------------------------------------------------ */

void tt_table_init(tt_table *t, int columns)
{
    memset(t, 0, sizeof *t);
    t->columns = columns;
    t->right = (bool *)calloc((size_t)columns, sizeof *t->right);
}

void tt_table_align_right(tt_table *t, int column)
{
    if (t->right && column >= 0 && column < t->columns) t->right[column] = true;
}

static char *dup(const char *s)
{
    size_t n = strlen(s);
    char *d = (char *)malloc(n + 1);
    if (d) memcpy(d, s, n + 1);
    return d;
}

void tt_table_row(tt_table *t, const char *const *cells)
{
    if (t->rows == t->cap) {
        int cap = t->cap ? t->cap * 2 : 16;
        char **c = (char **)realloc(t->cells, (size_t)cap * (size_t)t->columns * sizeof *c);
        if (!c) return;
        t->cells = c;
        t->cap = cap;
    }
    for (int i = 0; i < t->columns; i++) t->cells[t->rows * t->columns + i] = dup(cells[i] ? cells[i] : "");
    t->rows++;
}

/* Display width: UTF-8 continuation bytes take no column. */
static int width_of(const char *s)
{
    int w = 0;
    for (; s && *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80) w++;
    return w;
}

void tt_table_print(FILE *out, const tt_table *t, const char *indent)
{
    int widths[32] = { 0 };
    int cols = t->columns < 32 ? t->columns : 32;
    for (int r = 0; r < t->rows; r++)
        for (int c = 0; c < cols; c++) {
            int w = width_of(t->cells[r * t->columns + c]);
            if (w > widths[c]) widths[c] = w;
        }
    for (int r = 0; r < t->rows; r++) {
        fputs(indent, out);
        /* Trailing empty cells print nothing, so lines carry no trailing blanks. */
        int last = cols - 1;
        while (last > 0 && !*t->cells[r * t->columns + last]) last--;
        for (int c = 0; c <= last; c++) {
            const char *cell = t->cells[r * t->columns + c];
            if (!cell) cell = "";
            int pad = widths[c] - width_of(cell);
            if (t->right && t->right[c]) {
                fprintf(out, "%*s%s", pad, "", cell);
            } else {
                fputs(cell, out);
                if (c < last) fprintf(out, "%*s", pad, "");
            }
            if (c < last) fputs("  ", out);
        }
        fputc('\n', out);
    }
}

void tt_table_free(tt_table *t)
{
    for (int i = 0; i < t->rows * t->columns; i++) free(t->cells[i]);
    free(t->cells);
    free(t->right);
    memset(t, 0, sizeof *t);
}

/* ---- text report --------------------------------------------------------------- */

bool tt_collider_filtered(const tt_collider *c)
{
    return c->group != 0 || c->category != ~(uint64_t)0 || c->mask != ~(uint64_t)0;
}

/* A bit set as its bits ("all", "none", or "0 3 5"). */
static void fmt_bits(char *buf, size_t n, uint64_t bits)
{
    if (bits == ~(uint64_t)0) { snprintf(buf, n, "all"); return; }
    if (bits == 0) { snprintf(buf, n, "none"); return; }
    buf[0] = '\0';
    for (int b = 0; b < 64; b++) {
        if (!(bits >> b & 1u)) continue;
        size_t used = strlen(buf);
        if (used + 4 >= n) break;
        snprintf(buf + used, n - used, "%s%d", used ? " " : "", b);
    }
}

void tt_fmt_filter(char *buf, size_t n, const tt_collider *c)
{
    char cat[200], mask[200];
    fmt_bits(cat, sizeof cat, c->category);
    fmt_bits(mask, sizeof mask, c->mask);
    /* A filter of many bits is cut at n (the report's column); the sum
     * tested keeps gcc's -O3 truncation warning, which asks for it, quiet. */
    int written = c->group ? snprintf(buf, n, "group %u, category %s, mask %s", (unsigned)c->group, cat, mask)
                           : snprintf(buf, n, "no group, category %s, mask %s", cat, mask);
    if (written < 0 && n > 0) buf[0] = '\0';
}

static const char *state_words(unsigned st)
{
    if (st & TT_STATE_OVERLAPS) return (st & (TT_STATE_HIT | TT_STATE_PICKED)) ? "overlapping, hit" : "overlapping";
    if (st & TT_STATE_PICKED) return "picked";
    if (st & TT_STATE_HIT) return "hit by a ray";
    return "untouched";
}

static void shape_summary(char *buf, size_t n, const tt_shape *s)
{
    char a[TT_VEC3_CHARS], b[TT_VEC3_CHARS], c[TT_VEC3_CHARS];
    switch (s->type) {
    case TC_SHAPE_SPHERE:
        tt_fmt_vec3(a, sizeof a, s->u.sphere.center, 3);
        tt_fmt_num(b, sizeof b, s->u.sphere.radius, 3);
        snprintf(buf, n, "center %s radius %s", a, b);
        break;
    case TC_SHAPE_CAPSULE:
        tt_fmt_vec3(a, sizeof a, s->u.capsule.a, 3);
        tt_fmt_vec3(b, sizeof b, s->u.capsule.b, 3);
        tt_fmt_num(c, sizeof c, s->u.capsule.radius, 3);
        snprintf(buf, n, "%s to %s radius %s", a, b, c);
        break;
    case TC_SHAPE_AABB:
        tt_fmt_vec3(a, sizeof a, s->u.aabb.min, 3);
        tt_fmt_vec3(b, sizeof b, s->u.aabb.max, 3);
        snprintf(buf, n, "min %s max %s", a, b);
        break;
    case TC_SHAPE_OBB:
        tt_fmt_vec3(a, sizeof a, s->u.obb.center, 3);
        tt_fmt_vec3(b, sizeof b, tc_vec3_scale(s->u.obb.half, 2.0f), 3);
        snprintf(buf, n, "center %s size %s", a, b);
        break;
    case TC_SHAPE_TRIANGLE:
        tt_fmt_vec3(a, sizeof a, s->u.triangle.a, 2);
        tt_fmt_vec3(b, sizeof b, s->u.triangle.b, 2);
        tt_fmt_vec3(c, sizeof c, s->u.triangle.c, 2);
        snprintf(buf, n, "%s %s %s", a, b, c);
        break;
    case TC_SHAPE_PLANE:
        tt_fmt_vec3(a, sizeof a, s->u.plane.normal, 3);
        tt_fmt_num(b, sizeof b, s->u.plane.offset, 3);
        snprintf(buf, n, "normal %s offset %s", a, b);
        break;
    case TC_SHAPE_HULL:
        tt_fmt_vec3(a, sizeof a, s->u.hull.position, 3);
        tt_fmt_num(b, sizeof b, s->u.hull.scale, 3);
        {
            int nv = (int)tc_hull_data_vertex_count(s->u.hull.data);
            snprintf(buf, n, "%d %s at %s scale %s", nv, nv == 1 ? "vertex" : "vertices", a, b);
        }
        break;
    case TC_SHAPE_MESH:
        tt_fmt_vec3(a, sizeof a, s->u.mesh.position, 3);
        tt_fmt_num(b, sizeof b, s->u.mesh.scale, 3);
        {
            int nt = (int)tc_mesh_data_triangle_count(s->u.mesh.data);
            snprintf(buf, n, "%d %s at %s scale %s", nt, nt == 1 ? "triangle" : "triangles", a, b);
        }
        break;
    default:
        snprintf(buf, n, "?");
    }
}

static void hit_row(tt_table *t, const char *name, const char *extra, const tt_scene *s, const tt_hit_result *h)
{
    char tbuf[32], p[TT_VEC3_CHARS], nrm[TT_VEC3_CHARS];
    if (h->collider < 0) {
        const char *cells[6] = { name, extra, "nothing", "", "", "" };
        tt_table_row(t, cells);
        return;
    }
    tt_fmt_num(tbuf, sizeof tbuf, h->hit.t, 4);
    tt_fmt_vec3(p, sizeof p, h->hit.point, 3);
    tt_fmt_vec3(nrm, sizeof nrm, h->hit.normal, 3);
    char who[TT_MAX_NAME + 40];
    if (h->hit.feature >= 0)
        snprintf(who, sizeof who, "%s (triangle %d)", s->colliders[h->collider].name, (int)h->hit.feature);
    else
        snprintf(who, sizeof who, "%s", s->colliders[h->collider].name);
    const char *cells[6] = { name, extra, who, tbuf, p, nrm };
    tt_table_row(t, cells);
}

static const char *plural(int n, const char *one, const char *many) { return n == 1 ? one : many; }

void tt_report_text(FILE *out, const char *path, const tt_scene *s, const tt_result *r)
{
    fprintf(out, "scene %s%s%s%s\n", path, s->title ? ": \"" : "", s->title ? s->title : "", s->title ? "\"" : "");
    fprintf(out, "  %d %s, %d %s, %d %s, %d %s\n", s->frame_count, plural(s->frame_count, "frame", "frames"),
            s->collider_count, plural(s->collider_count, "collider", "colliders"), s->ray_count,
            plural(s->ray_count, "ray", "rays"), s->click_count, plural(s->click_count, "click", "clicks"));

    /* Colliders with their world placement. */
    fprintf(out, "\ncolliders\n");
    /* The filter column only in scenes that give groups or filters. */
    bool filtered = false;
    for (int i = 0; i < s->collider_count; i++) filtered = filtered || tt_collider_filtered(&s->colliders[i]);
    tt_table t;
    tt_table_init(&t, filtered ? 6 : 5);
    {
        const char *head[6] = { "name", "shape", "parent", "state", "in the world", "group, category, mask" };
        tt_table_row(&t, head);
    }
    for (int i = 0; i < s->collider_count; i++) {
        char where[320], filter[160];
        shape_summary(where, sizeof where, &r->shapes[i]);
        const tt_collider *c = &s->colliders[i];
        tt_fmt_filter(filter, sizeof filter, c);
        const char *cells[6] = { c->name, tt_shape_kind_name(c->kind), c->parent_name ? c->parent_name : "-",
                                 state_words(r->state[i]), where, filter };
        tt_table_row(&t, cells);
    }
    tt_table_print(out, &t, "  ");
    tt_table_free(&t);

    fprintf(out, "\noverlapping pairs: %lld of %lld possible", r->pair_total, r->pairs_possible);
    if (r->pair_total > r->pair_count)
        fprintf(out, " (only the first %d are listed, with their contacts: the report keeps at most %d)",
                r->pair_count, TT_MAX_PAIRS_REPORTED);
    fputc('\n', out);
    if (r->pair_count > 0) {
        tt_table_init(&t, 5);
        const char *head[5] = { "a", "b", "normal (a to b)", "depth", "contact points" };
        tt_table_row(&t, head);
        for (int i = 0; i < r->pair_count; i++) {
            const tt_pair *p = &r->pairs[i];
            char nrm[TT_VEC3_CHARS] = "-", depth[32] = "-", pts[420] = "-";
            if (p->contact.available) {
                tt_fmt_vec3(nrm, sizeof nrm, p->contact.normal, 3);
                tt_fmt_num(depth, sizeof depth, p->contact.depth, 4);
                pts[0] = '\0';
                for (int k = 0; k < p->contact.point_count && k < 4; k++) {
                    char one[TT_VEC3_CHARS];
                    tt_fmt_vec3(one, sizeof one, p->contact.points[k], 3);
                    size_t used = strlen(pts);
                    snprintf(pts + used, sizeof pts - used, "%s%s", k ? " " : "", one);
                }
            } else {
                snprintf(pts, sizeof pts, "(touching within tolerance; no contact manifold)");
            }
            const char *cells[5] = { s->colliders[p->a].name, s->colliders[p->b].name, nrm, depth, pts };
            tt_table_row(&t, cells);
        }
        tt_table_align_right(&t, 3);
        tt_table_print(out, &t, "  ");
        tt_table_free(&t);
    }

    if (s->ray_count > 0) {
        fprintf(out, "\nrays\n");
        tt_table_init(&t, 6);
        const char *head[6] = { "name", "from", "first hit", "t", "point", "normal" };
        tt_table_row(&t, head);
        for (int i = 0; i < s->ray_count; i++) {
            char from[TT_VEC3_CHARS];
            tt_fmt_vec3(from, sizeof from, r->rays[i].ray.origin, 2);
            hit_row(&t, s->rays[i].name, from, s, &r->rays[i]);
        }
        tt_table_align_right(&t, 3);
        tt_table_print(out, &t, "  ");
        tt_table_free(&t);
    }

    if (s->click_count > 0) {
        fprintf(out, "\npicks\n");
        tt_table_init(&t, 6);
        const char *head[6] = { "click", "pixel", "picked", "t", "point", "normal" };
        tt_table_row(&t, head);
        for (int i = 0; i < s->click_count; i++) {
            char px[80], a[32], b[32];
            tt_fmt_num(a, sizeof a, s->clicks[i].x, 0);
            tt_fmt_num(b, sizeof b, s->clicks[i].y, 0);
            snprintf(px, sizeof px, "%s, %s", a, b);
            hit_row(&t, s->clicks[i].name, px, s, &r->picks[i]);
        }
        tt_table_align_right(&t, 3);
        tt_table_print(out, &t, "  ");
        tt_table_free(&t);
    }

    if (r->sweep_count > 0) {
        fprintf(out, "\nsweeps\n");
        tt_table_init(&t, 6);
        const char *head[6] = { "moving", "velocity", "first contact", "at fraction", "start", "end" };
        tt_table_row(&t, head);
        for (int i = 0; i < r->sweep_count; i++) {
            const tt_sweep_result *w = &r->sweeps[i];
            char vel[TT_VEC3_CHARS], toi[32] = "-";
            tt_fmt_vec3(vel, sizeof vel, s->colliders[w->mover].velocity, 3);
            const char *first = "(no sweep for this pair)";
            if (w->available) {
                first = w->other >= 0 ? s->colliders[w->other].name : "nothing";
                if (w->other >= 0) tt_fmt_num(toi, sizeof toi, w->toi, 4);
            }
            const char *cells[6] = { s->colliders[w->mover].name, vel, first, toi,
                                     w->start_overlaps ? "touching" : "clear", w->end_overlaps ? "touching" : "clear" };
            tt_table_row(&t, cells);
        }
        tt_table_align_right(&t, 3);
        tt_table_print(out, &t, "  ");
        tt_table_free(&t);
    }

    if (s->cast_count > 0) {
        fprintf(out, "\ncasts and swings (through the world; each skips its own collider and its group)\n");
        tt_table_init(&t, 7);
        const char *head[7] = { "name", "moves", "how", "first contact", "at fraction", "point", "normal" };
        tt_table_row(&t, head);
        for (int i = 0; i < s->cast_count; i++) {
            const tt_cast *k = &s->casts[i];
            const tt_cast_result *c = &r->casts[i];
            char how[TT_VEC3_CHARS + TT_MAX_NAME + 40], toi[32] = "-", pt[TT_VEC3_CHARS] = "", nrm[TT_VEC3_CHARS] = "";
            if (k->swing) snprintf(how, sizeof how, "swing of %s", s->frames[k->joint].name);
            else {
                char v[TT_VEC3_CHARS];
                tt_fmt_vec3(v, sizeof v, k->velocity, 3);
                snprintf(how, sizeof how, "cast by %s", v);
            }
            if (c->other >= 0) {
                tt_fmt_num(toi, sizeof toi, c->t, 4);
                tt_fmt_vec3(pt, sizeof pt, c->point, 3);
                tt_fmt_vec3(nrm, sizeof nrm, c->normal, 3);
            }
            const char *cells[7] = { k->name, s->colliders[k->collider].name, how,
                                     c->other >= 0 ? s->colliders[c->other].name : "nothing", toi, pt, nrm };
            tt_table_row(&t, cells);
        }
        tt_table_align_right(&t, 4);
        tt_table_print(out, &t, "  ");
        tt_table_free(&t);
        for (int i = 0; i < s->cast_count; i++) {
            const tt_cast_result *c = &r->casts[i];
            if (s->casts[i].swing || c->total == 0) continue;
            fprintf(out, "  %s touches on the way:", s->casts[i].name);
            for (size_t h = 0; h < c->total && h < TT_MAX_CAST_HITS; h++) {
                char tb[32];
                tt_fmt_num(tb, sizeof tb, c->hit_t[h], 4);
                fprintf(out, "%s %s at %s", h ? "," : "", c->hits[h] >= 0 ? s->colliders[c->hits[h]].name : "?", tb);
            }
            if (c->total > TT_MAX_CAST_HITS) fprintf(out, " and %zu more", c->total - TT_MAX_CAST_HITS);
            fputc('\n', out);
        }
    }

    if (s->distance_count > 0) {
        fprintf(out, "\ndistances\n");
        tt_table_init(&t, 5);
        const char *head[5] = { "a", "b", "distance", "closest on a", "closest on b" };
        tt_table_row(&t, head);
        for (int i = 0; i < s->distance_count; i++) {
            const tt_distance_result *d = &r->distances[i];
            char dist[32] = "-", pa[TT_VEC3_CHARS] = "", pb[TT_VEC3_CHARS] = "";
            if (d->available) {
                tt_fmt_num(dist, sizeof dist, d->distance, 4);
                tt_fmt_vec3(pa, sizeof pa, d->point_a, 3);
                tt_fmt_vec3(pb, sizeof pb, d->point_b, 3);
            } else {
                snprintf(pa, sizeof pa, "(no distance query for this pair)");
            }
            const char *cells[5] = { s->colliders[d->a].name, s->colliders[d->b].name, dist, pa, pb };
            tt_table_row(&t, cells);
        }
        tt_table_align_right(&t, 2);
        tt_table_print(out, &t, "  ");
        tt_table_free(&t);
    }
}

/* ---- JSON -------------------------------------------------------------------------- */

void tt_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    size_t n = s ? strlen(s) : 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp;
        int len = tt_utf8_decode(s + i, n - i, &cp);
        if (len == 0) {
            /* JSON text is UTF-8: a byte that does not decode (a path may
             * hold any bytes) becomes U+FFFD rather than breaking the document. */
            fputs("\\ufffd", out);
            i++;
            continue;
        }
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c == '\n') fputs("\\n", out);
        else if (c == '\t') fputs("\\t", out);
        else if (c < 0x20 || c == 0x7f) fprintf(out, "\\u%04x", c);
        else fwrite(s + i, 1, (size_t)len, out);
        i += (size_t)len;
    }
    fputc('"', out);
}

void tt_json_number(FILE *out, double v)
{
    if (!isfinite(v)) { fputs("null", out); return; }
    if (v == 0.0) v = 0.0; /* no "-0" */
    fprintf(out, "%.9g", v);
}

void tt_json_vec3(FILE *out, tc_vec3 v)
{
    fputc('[', out);
    tt_json_number(out, v.x);
    fputs(", ", out);
    tt_json_number(out, v.y);
    fputs(", ", out);
    tt_json_number(out, v.z);
    fputc(']', out);
}

static void json_key(FILE *out, const char *key) { fprintf(out, "\"%s\": ", key); }

static void json_shape(FILE *out, const tt_shape *s)
{
    fputc('{', out);
    switch (s->type) {
    case TC_SHAPE_SPHERE:
        json_key(out, "center"); tt_json_vec3(out, s->u.sphere.center);
        fputs(", ", out); json_key(out, "radius"); tt_json_number(out, s->u.sphere.radius);
        break;
    case TC_SHAPE_CAPSULE:
        json_key(out, "a"); tt_json_vec3(out, s->u.capsule.a);
        fputs(", ", out); json_key(out, "b"); tt_json_vec3(out, s->u.capsule.b);
        fputs(", ", out); json_key(out, "radius"); tt_json_number(out, s->u.capsule.radius);
        break;
    case TC_SHAPE_AABB:
        json_key(out, "min"); tt_json_vec3(out, s->u.aabb.min);
        fputs(", ", out); json_key(out, "max"); tt_json_vec3(out, s->u.aabb.max);
        break;
    case TC_SHAPE_OBB:
        json_key(out, "center"); tt_json_vec3(out, s->u.obb.center);
        fputs(", ", out); json_key(out, "half"); tt_json_vec3(out, s->u.obb.half);
        fputs(", ", out); json_key(out, "axes");
        fputc('[', out);
        tt_json_vec3(out, s->u.obb.rotation.cx); fputs(", ", out);
        tt_json_vec3(out, s->u.obb.rotation.cy); fputs(", ", out);
        tt_json_vec3(out, s->u.obb.rotation.cz);
        fputc(']', out);
        break;
    case TC_SHAPE_TRIANGLE:
        json_key(out, "a"); tt_json_vec3(out, s->u.triangle.a);
        fputs(", ", out); json_key(out, "b"); tt_json_vec3(out, s->u.triangle.b);
        fputs(", ", out); json_key(out, "c"); tt_json_vec3(out, s->u.triangle.c);
        break;
    case TC_SHAPE_PLANE:
        json_key(out, "normal"); tt_json_vec3(out, s->u.plane.normal);
        fputs(", ", out); json_key(out, "offset"); tt_json_number(out, s->u.plane.offset);
        break;
    case TC_SHAPE_HULL:
    case TC_SHAPE_MESH: {
        bool hull = s->type == TC_SHAPE_HULL;
        const tc_mat3 *m = hull ? &s->u.hull.rotation : &s->u.mesh.rotation;
        json_key(out, "position"); tt_json_vec3(out, hull ? s->u.hull.position : s->u.mesh.position);
        fputs(", ", out); json_key(out, "axes");
        fputc('[', out);
        tt_json_vec3(out, m->cx); fputs(", ", out);
        tt_json_vec3(out, m->cy); fputs(", ", out);
        tt_json_vec3(out, m->cz);
        fputc(']', out);
        fputs(", ", out); json_key(out, "scale"); tt_json_number(out, hull ? s->u.hull.scale : s->u.mesh.scale);
        tc_aabb b;
        if (tc_shape_bounds(s, &b)) {
            fputs(", ", out); json_key(out, "bounds");
            fputc('[', out); tt_json_vec3(out, b.min); fputs(", ", out); tt_json_vec3(out, b.max); fputc(']', out);
        }
        if (hull) {
            fputs(", ", out);
            fprintf(out, "\"vertex_count\": %d", (int)tc_hull_data_vertex_count(s->u.hull.data));
        } else {
            fputs(", ", out);
            fprintf(out, "\"triangle_count\": %d", (int)tc_mesh_data_triangle_count(s->u.mesh.data));
        }
        break;
    }
    default:
        break;
    }
    fputc('}', out);
}

static void json_hit(FILE *out, const tt_scene *s, const tt_hit_result *h)
{
    json_key(out, "origin"); tt_json_vec3(out, h->ray.origin);
    fputs(", ", out); json_key(out, "dir"); tt_json_vec3(out, h->ray.dir);
    fputs(", ", out); json_key(out, "max_t"); tt_json_number(out, h->max_t);
    fputs(", ", out); json_key(out, "hit");
    if (h->collider < 0) {
        fputs("null", out);
        return;
    }
    fputc('{', out);
    json_key(out, "collider"); tt_json_string(out, s->colliders[h->collider].name);
    fputs(", ", out); json_key(out, "t"); tt_json_number(out, h->hit.t);
    fputs(", ", out); json_key(out, "point"); tt_json_vec3(out, h->hit.point);
    fputs(", ", out); json_key(out, "normal"); tt_json_vec3(out, h->hit.normal);
    fputs(", ", out); json_key(out, "triangle");
    if (h->hit.feature >= 0) fprintf(out, "%d", (int)h->hit.feature); else fputs("null", out);
    fputc('}', out);
}

void tt_report_json(FILE *out, const char *path, const tt_scene *s, const tt_result *r)
{
    fputs("{\n  ", out);
    json_key(out, "scene"); tt_json_string(out, path);
    fputs(",\n  ", out); json_key(out, "title");
    if (s->title) tt_json_string(out, s->title); else fputs("null", out);

    fputs(",\n  \"frames\": [", out);
    for (int i = 0; i < s->frame_count; i++) {
        const tt_pose *p = &r->frames[i];
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "name"); tt_json_string(out, s->frames[i].name);
        fputs(", ", out); json_key(out, "parent");
        if (s->frames[i].parent_name) tt_json_string(out, s->frames[i].parent_name); else fputs("null", out);
        fputs(", ", out); json_key(out, "position"); tt_json_vec3(out, p->t.position);
        fputs(", ", out); json_key(out, "rotation");
        fputc('[', out);
        tt_json_number(out, p->t.rotation.x); fputs(", ", out);
        tt_json_number(out, p->t.rotation.y); fputs(", ", out);
        tt_json_number(out, p->t.rotation.z); fputs(", ", out);
        tt_json_number(out, p->t.rotation.w);
        fputc(']', out);
        fputs(", ", out); json_key(out, "scale"); tt_json_number(out, p->scale);
        fputc('}', out);
    }
    fputs(s->frame_count ? "\n  ]" : "]", out);

    fputs(",\n  \"colliders\": [", out);
    for (int i = 0; i < s->collider_count; i++) {
        const tt_collider *c = &s->colliders[i];
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "name"); tt_json_string(out, c->name);
        fputs(", ", out); json_key(out, "shape"); tt_json_string(out, tt_shape_kind_name(c->kind));
        fputs(", ", out); json_key(out, "parent");
        if (c->parent_name) tt_json_string(out, c->parent_name); else fputs("null", out);
        fprintf(out, ", \"overlapping\": %s, \"hit\": %s, \"picked\": %s, ",
                (r->state[i] & TT_STATE_OVERLAPS) ? "true" : "false", (r->state[i] & TT_STATE_HIT) ? "true" : "false",
                (r->state[i] & TT_STATE_PICKED) ? "true" : "false");
        /* The bit sets as hexadecimal strings: JSON numbers hold 53 bits. */
        fprintf(out, "\"group\": %u, \"category\": \"0x%016llx\", \"mask\": \"0x%016llx\", ", (unsigned)c->group,
                (unsigned long long)c->category, (unsigned long long)c->mask);
        if (c->source) { json_key(out, "source"); tt_json_string(out, c->source); fputs(", ", out); }
        json_key(out, "world"); json_shape(out, &r->shapes[i]);
        fputc('}', out);
    }
    fputs(s->collider_count ? "\n  ]" : "]", out);

    fprintf(out, ",\n  \"pairs_possible\": %lld", r->pairs_possible);
    /* "pairs" lists at most TT_MAX_PAIRS_REPORTED; the total counts them all. */
    fprintf(out, ",\n  \"pairs_total\": %lld, \"pairs_listed\": %d, \"pairs_truncated\": %s", r->pair_total,
            r->pair_count, r->pair_total > r->pair_count ? "true" : "false");
    fputs(",\n  \"pairs\": [", out);
    for (int i = 0; i < r->pair_count; i++) {
        const tt_pair *p = &r->pairs[i];
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "a"); tt_json_string(out, s->colliders[p->a].name);
        fputs(", ", out); json_key(out, "b"); tt_json_string(out, s->colliders[p->b].name);
        fputs(", ", out); json_key(out, "contact");
        if (!p->contact.available) {
            fputs("null", out);
        } else {
            fputc('{', out);
            json_key(out, "normal"); tt_json_vec3(out, p->contact.normal);
            fputs(", ", out); json_key(out, "depth"); tt_json_number(out, p->contact.depth);
            fputs(", ", out); json_key(out, "points");
            fputc('[', out);
            for (int k = 0; k < p->contact.point_count && k < 4; k++) {
                if (k) fputs(", ", out);
                tt_json_vec3(out, p->contact.points[k]);
            }
            fputs("]}", out);
        }
        fputc('}', out);
    }
    fputs(r->pair_count ? "\n  ]" : "]", out);

    fputs(",\n  \"rays\": [", out);
    for (int i = 0; i < s->ray_count; i++) {
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "name"); tt_json_string(out, s->rays[i].name);
        fputs(", ", out);
        json_hit(out, s, &r->rays[i]);
        fputc('}', out);
    }
    fputs(s->ray_count ? "\n  ]" : "]", out);

    fputs(",\n  \"camera\": {", out);
    json_key(out, "given"); fputs(r->camera_given ? "true" : "false", out);
    fputs(", ", out); json_key(out, "position"); tt_json_vec3(out, r->camera.position);
    fputs(", ", out); json_key(out, "target"); tt_json_vec3(out, r->camera.target);
    fputs(", ", out); json_key(out, "up"); tt_json_vec3(out, r->camera.up);
    fputs(", ", out); json_key(out, "fov"); tt_json_number(out, r->camera.fov_deg);
    fprintf(out, ", \"viewport\": [%d, %d]", r->camera.width, r->camera.height);
    fputs(", ", out); json_key(out, "near"); tt_json_number(out, r->camera.near_z);
    fputs(", ", out); json_key(out, "far"); tt_json_number(out, r->camera.far_z);
    fputc('}', out);

    fputs(",\n  \"picks\": [", out);
    for (int i = 0; i < s->click_count; i++) {
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "name"); tt_json_string(out, s->clicks[i].name);
        fputs(", \"pixel\": [", out);
        tt_json_number(out, s->clicks[i].x);
        fputs(", ", out);
        tt_json_number(out, s->clicks[i].y);
        fputs("], ", out);
        json_hit(out, s, &r->picks[i]);
        fputc('}', out);
    }
    fputs(s->click_count ? "\n  ]" : "]", out);

    fputs(",\n  \"sweeps\": [", out);
    for (int i = 0; i < r->sweep_count; i++) {
        const tt_sweep_result *w = &r->sweeps[i];
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "name"); tt_json_string(out, s->colliders[w->mover].name);
        fputs(", ", out); json_key(out, "velocity"); tt_json_vec3(out, s->colliders[w->mover].velocity);
        fprintf(out, ", \"available\": %s, \"start_overlaps\": %s, \"end_overlaps\": %s, ",
                w->available ? "true" : "false", w->start_overlaps ? "true" : "false",
                w->end_overlaps ? "true" : "false");
        json_key(out, "first_contact");
        if (!w->available || w->other < 0) {
            fputs("null", out);
        } else {
            fputc('{', out);
            json_key(out, "collider"); tt_json_string(out, s->colliders[w->other].name);
            fputs(", ", out); json_key(out, "toi"); tt_json_number(out, w->toi);
            fputs(", ", out); json_key(out, "point"); tt_json_vec3(out, w->point);
            fputs(", ", out); json_key(out, "normal"); tt_json_vec3(out, w->normal);
            fputc('}', out);
        }
        fputc('}', out);
    }
    fputs(r->sweep_count ? "\n  ]" : "]", out);

    fputs(",\n  \"casts\": [", out);
    for (int i = 0; i < s->cast_count; i++) {
        const tt_cast *k = &s->casts[i];
        const tt_cast_result *c = &r->casts[i];
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "name"); tt_json_string(out, k->name);
        fputs(", ", out); json_key(out, "kind"); tt_json_string(out, k->swing ? "swing" : "cast");
        fputs(", ", out); json_key(out, "collider"); tt_json_string(out, s->colliders[k->collider].name);
        if (k->swing) { fputs(", ", out); json_key(out, "joint"); tt_json_string(out, s->frames[k->joint].name); }
        else { fputs(", ", out); json_key(out, "velocity"); tt_json_vec3(out, k->velocity); }
        const tc_transform *poses[2] = { &c->from, &c->to };
        const char *keys[2] = { "from", "to" };
        for (int q = 0; q < 2; q++) {
            fputs(", ", out); json_key(out, keys[q]);
            fputc('{', out);
            json_key(out, "position"); tt_json_vec3(out, poses[q]->position);
            fputs(", \"rotation\": [", out);
            tt_json_number(out, poses[q]->rotation.x); fputs(", ", out);
            tt_json_number(out, poses[q]->rotation.y); fputs(", ", out);
            tt_json_number(out, poses[q]->rotation.z); fputs(", ", out);
            tt_json_number(out, poses[q]->rotation.w);
            fputs("]}", out);
        }
        fputs(", ", out); json_key(out, "first_contact");
        if (c->other < 0) {
            fputs("null", out);
        } else {
            fputc('{', out);
            json_key(out, "collider"); tt_json_string(out, s->colliders[c->other].name);
            fputs(", ", out); json_key(out, "t"); tt_json_number(out, c->t);
            fputs(", ", out); json_key(out, "point"); tt_json_vec3(out, c->point);
            fputs(", ", out); json_key(out, "normal"); tt_json_vec3(out, c->normal);
            fputc('}', out);
        }
        if (!k->swing) {
            fprintf(out, ", \"hits_total\": %zu, \"hits\": [", c->total);
            for (size_t h = 0; h < c->total && h < TT_MAX_CAST_HITS; h++) {
                fprintf(out, "%s{", h ? ", " : "");
                json_key(out, "collider"); tt_json_string(out, c->hits[h] >= 0 ? s->colliders[c->hits[h]].name : "?");
                fputs(", ", out); json_key(out, "t"); tt_json_number(out, c->hit_t[h]);
                fputc('}', out);
            }
            fputc(']', out);
        }
        fputc('}', out);
    }
    fputs(s->cast_count ? "\n  ]" : "]", out);

    fputs(",\n  \"distances\": [", out);
    for (int i = 0; i < s->distance_count; i++) {
        const tt_distance_result *d = &r->distances[i];
        fprintf(out, "%s\n    {", i ? "," : "");
        json_key(out, "a"); tt_json_string(out, s->colliders[d->a].name);
        fputs(", ", out); json_key(out, "b"); tt_json_string(out, s->colliders[d->b].name);
        fprintf(out, ", \"available\": %s, ", d->available ? "true" : "false");
        json_key(out, "distance");
        if (d->available) tt_json_number(out, d->distance); else fputs("null", out);
        fputs(", ", out); json_key(out, "point_a");
        if (d->available) tt_json_vec3(out, d->point_a); else fputs("null", out);
        fputs(", ", out); json_key(out, "point_b");
        if (d->available) tt_json_vec3(out, d->point_b); else fputs("null", out);
        fputc('}', out);
    }
    fputs(s->distance_count ? "\n  ]" : "]", out);
    fputs("\n}\n", out);
}
