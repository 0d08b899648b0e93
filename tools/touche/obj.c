/* SPDX-License-Identifier: MIT */
/* The OBJ reader: one pass over the lines, growing two arrays. Faces may use
 * only vertices defined above them (negative indices count back from the
 * last of those), so each index is checked where it is read. */
#include "obj.h"
#include "scene_lex.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct obj_reader {
    const char *text;
    size_t size;
    const char *file;
    tt_diags *diags;
    tt_obj *out;
    int32_t vertex_cap, index_cap;
    long long budget;       /* vertices + triangles still allowed */
    int errors;
    bool out_of_memory;
    /* The line being read. */
    size_t start, end;      /* its bytes: text[start, end) without the newline or comment */
    int line;
} obj_reader;

/* One whitespace-separated token of the line. */
typedef struct obj_token { size_t at, length; } obj_token;

static tt_loc loc_of(const obj_reader *r, size_t at)
{
    tt_loc l = { r->line, (int)(at - r->start) + 1 };
    return l;
}

static void obj_error(obj_reader *r, size_t at, const char *message, const char *detail)
{
    r->errors++;
    tt_diags_add(r->diags, r->file, loc_of(r, at), "%s%s", message, detail ? detail : "");
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* The next token at or after *pos on the line; false at the line's end. */
static bool next_token(const obj_reader *r, size_t *pos, obj_token *t)
{
    size_t p = *pos;
    while (p < r->end && is_space(r->text[p])) p++;
    if (p >= r->end) { *pos = p; return false; }
    t->at = p;
    while (p < r->end && !is_space(r->text[p])) p++;
    t->length = p - t->at;
    *pos = p;
    return true;
}

/* A printable copy of a token for messages: at most 24 bytes, others as '?'. */
static void describe(const obj_reader *r, const obj_token *t, char *buf, size_t n)
{
    size_t k = 0;
    if (n < 8) { if (n) buf[0] = '\0'; return; }
    buf[k++] = ' ';
    buf[k++] = '\'';
    for (size_t i = 0; i < t->length && i < 24 && k + 4 < n; i++) {
        char c = r->text[t->at + i];
        buf[k++] = (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    if (t->length > 24 && k + 5 < n) { buf[k++] = '.'; buf[k++] = '.'; buf[k++] = '.'; }
    buf[k++] = '\'';
    buf[k] = '\0';
}

/* A decimal number in the scene format's range; strtod would also take
 * "nan", "inf" and hexadecimal, which are not numbers here. */
static bool read_coordinate(obj_reader *r, const obj_token *t, float *out)
{
    char buf[64];
    char found[40];
    describe(r, t, found, sizeof found);
    bool shape_ok = t->length > 0 && t->length < sizeof buf;
    size_t digits = 0;
    for (size_t i = 0; i < t->length && shape_ok; i++) {
        char c = r->text[t->at + i];
        bool sign = (c == '-' || c == '+') && (i == 0 || r->text[t->at + i - 1] == 'e' || r->text[t->at + i - 1] == 'E');
        if (c >= '0' && c <= '9') digits++;
        else if (!(sign || c == '.' || c == 'e' || c == 'E')) shape_ok = false;
    }
    if (!shape_ok || digits == 0) {
        obj_error(r, t->at, "expected a number, found", found);
        return false;
    }
    double v;
    if (!tt_decimal_parse(r->text + t->at, t->length, &v)) {
        obj_error(r, t->at, "expected a number, found", found);
        return false;
    }
    if (!(fabs(v) <= TT_NUMBER_LIMIT)) {
        obj_error(r, t->at, "number out of range: numbers must lie within -1e6..1e6, found", found);
        return false;
    }
    *out = (float)v;
    return true;
}

/* An index of a face corner's field: digits with an optional '-'. */
static bool parse_index(const char *s, size_t n, long long *out)
{
    size_t i = 0;
    bool negative = n > 0 && s[0] == '-';
    if (negative) i = 1;
    if (i >= n || n - i > 10) return false;
    long long v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = negative ? -v : v;
    return true;
}

static bool grow(obj_reader *r, void **data, int32_t *cap, int32_t need, size_t item)
{
    if (need <= *cap) return true;
    int32_t ncap = *cap ? *cap : 64;
    while (ncap < need) ncap = ncap > INT32_MAX / 2 ? INT32_MAX : ncap * 2;
    void *d = realloc(*data, (size_t)ncap * item);
    if (!d) { r->out_of_memory = true; return false; }
    *data = d;
    *cap = ncap;
    return true;
}

static void read_vertex(obj_reader *r, size_t pos)
{
    obj_token t;
    float c[3] = { 0.0f, 0.0f, 0.0f };
    int count = 0;
    while (next_token(r, &pos, &t)) {
        float v;
        if (!read_coordinate(r, &t, &v)) return;
        if (count < 3) c[count] = v;
        /* x y z, then an optional w or a vertex colour (r g b, and a): at most 7. */
        if (++count > 7) {
            obj_error(r, t.at, "too many numbers for 'v': expected x y z and at most a w or a colour", NULL);
            return;
        }
    }
    if (count < 3) {
        obj_error(r, pos, count == 0 ? "expected the x of 'v' (3 numbers), found end of line"
                          : count == 1 ? "expected the y of 'v' (3 numbers), found end of line"
                                       : "expected the z of 'v' (3 numbers), found end of line", NULL);
        return;
    }
    if (r->out->vertex_count >= TT_MAX_MESH_VERTICES || r->budget <= 0) {
        obj_error(r, r->start, "too many vertices: a mesh holds at most 1000000 and a scene 4000000 points, "
                  "vertices and triangles together", NULL);
        return;
    }
    if (!grow(r, (void **)&r->out->vertices, &r->vertex_cap, r->out->vertex_count + 1, sizeof(tc_vec3))) return;
    r->out->vertices[r->out->vertex_count++] = tc_vec3_make(c[0], c[1], c[2]);
    r->budget--;
}

static void read_face(obj_reader *r, size_t pos, size_t keyword_at)
{
    obj_token t;
    int32_t corners[TT_MAX_POLYGON];
    int count = 0;
    while (next_token(r, &pos, &t)) {
        char found[40];
        describe(r, &t, found, sizeof found);
        if (count >= TT_MAX_POLYGON) {
            obj_error(r, t.at, "too many corners: a face has at most 1000", NULL);
            return;
        }
        /* v, v/vt, v/vt/vn or v//vn: the vertex index, then up to two more fields. */
        const char *s = r->text + t.at;
        size_t fields[3][2];
        int nf = 0;
        size_t b = 0;
        for (size_t i = 0; i <= t.length; i++) {
            if (i == t.length || s[i] == '/') {
                if (nf == 3) { nf = 4; break; }
                fields[nf][0] = b;
                fields[nf][1] = i - b;
                nf++;
                b = i + 1;
            }
        }
        if (nf > 3) {
            obj_error(r, t.at, "expected a face corner (v, v/vt, v/vt/vn or v//vn), found", found);
            return;
        }
        long long index = 0;
        if (!parse_index(s + fields[0][0], fields[0][1], &index)) {
            obj_error(r, t.at, "expected a vertex index (v, v/vt, v/vt/vn or v//vn), found", found);
            return;
        }
        for (int k = 1; k < nf; k++) {
            long long other;
            /* vt may be empty (v//vn); vn may not follow an empty end (v/vt/). */
            bool empty_ok = k == 1 && nf == 3;
            if (fields[k][1] == 0 ? !empty_ok : !parse_index(s + fields[k][0], fields[k][1], &other)) {
                obj_error(r, t.at + fields[k][0],
                          k == 1 ? "expected a texture index after '/', found" : "expected a normal index after '/', found",
                          found);
                return;
            }
        }
        long long n = r->out->vertex_count;
        if (index == 0) {
            obj_error(r, t.at, "vertex index 0: OBJ indices start at 1 (negative ones count back from the last vertex)",
                      NULL);
            return;
        }
        long long resolved = index > 0 ? index - 1 : n + index;
        if (resolved < 0 || resolved >= n) {
            char detail[96];
            snprintf(detail, sizeof detail, " (%lld vertices are defined above this line)", n);
            obj_error(r, t.at, index > 0 ? "vertex index beyond the vertices defined so far"
                                         : "negative vertex index reaches before the first vertex", detail);
            return;
        }
        corners[count++] = (int32_t)resolved;
    }
    if (count < 3) {
        obj_error(r, pos,
                  "a face needs at least 3 corners, found ", count == 0 ? "none" : count == 1 ? "1" : "2");
        return;
    }
    int32_t triangles = count - 2;
    if (r->out->triangle_count > TT_MAX_MESH_TRIANGLES - triangles || r->budget < triangles) {
        obj_error(r, keyword_at, "too many triangles: a mesh holds at most 1000000 and a scene 4000000 points, "
                  "vertices and triangles together", NULL);
        return;
    }
    int32_t need = (r->out->triangle_count + triangles) * 3;
    if (!grow(r, (void **)&r->out->indices, &r->index_cap, need, sizeof(int32_t))) return;
    /* A fan from the first corner: convex polygons, as exporters write them. */
    int32_t *o = r->out->indices + (size_t)r->out->triangle_count * 3u;
    for (int k = 1; k + 1 < count; k++) {
        *o++ = corners[0];
        *o++ = corners[k];
        *o++ = corners[k + 1];
    }
    r->out->triangle_count += triangles;
    r->budget -= triangles;
}

bool tt_obj_parse(const char *text, size_t size, const char *file, long long geometry_left, tt_diags *diags,
                  tt_obj *out)
{
    memset(out, 0, sizeof *out);
    obj_reader r;
    memset(&r, 0, sizeof r);
    r.text = text;
    r.size = size;
    r.file = file;
    r.diags = diags;
    r.out = out;
    r.budget = geometry_left;
    size_t p = 0;
    while (p < size && !r.out_of_memory && r.errors < TT_MAX_ERRORS) {
        r.line++;
        r.start = p;
        size_t e = p;
        while (e < size && text[e] != '\n') e++;
        size_t next = e < size ? e + 1 : e;
        /* A comment runs to the end of the line. */
        r.end = r.start;
        while (r.end < e && text[r.end] != '#') r.end++;
        tt_cost_steps++;
        size_t pos = r.start;
        obj_token kw;
        if (next_token(&r, &pos, &kw)) {
            char c = text[kw.at];
            if (kw.length == 1 && c == 'v') {
                read_vertex(&r, pos);
            } else if (kw.length == 1 && c == 'f') {
                read_face(&r, pos, kw.at);
            } else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) {
                char found[40];
                describe(&r, &kw, found, sizeof found);
                obj_error(&r, kw.at, "expected an OBJ statement (v, f, vt, vn, o, g, ...), found", found);
            }
            /* Any other word is a statement this reader does not need. */
        }
        p = next;
    }
    if (r.out_of_memory) tt_diags_add(diags, file, (tt_loc){ 0, 0 }, "out of memory");
    else if (r.errors == 0 && out->triangle_count == 0)
        tt_diags_add(diags, file, (tt_loc){ 0, 0 }, "no faces: expected 'f' lines (a mesh needs a triangle)");
    if (r.out_of_memory || r.errors > 0 || out->triangle_count == 0) {
        tt_obj_free(out);
        return false;
    }
    return true;
}

void tt_obj_free(tt_obj *obj)
{
    free(obj->vertices);
    free(obj->indices);
    memset(obj, 0, sizeof *obj);
}
