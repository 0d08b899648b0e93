/* SPDX-License-Identifier: MIT */
/* The scene parser: statements of a keyword, usually a name, then properties.
 * Each statement is checked as it is read (numbers in range, sizes not
 * negative); names are resolved once the whole file is read, so a parent may
 * be declared after its children. An error skips the rest of its statement
 * and parsing goes on, so one run reports several mistakes. */
#include "camera.h"
#include "obj.h"
#include "scene_lex.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- memory: one arena owns the scene's strings and arrays ---------------- */

typedef struct tt_chunk { struct tt_chunk *next; size_t used, size; } tt_chunk;
typedef struct tt_arena { tt_chunk *head; } tt_arena;

static void *arena_alloc(tt_arena *a, size_t n)
{
    n = (n + 15u) & ~(size_t)15u;
    size_t header = (sizeof(tt_chunk) + 15u) & ~(size_t)15u;
    if (!a->head || a->head->size - a->head->used < n) {
        size_t size = n > 16384 ? n : 16384;
        tt_chunk *c = (tt_chunk *)malloc(header + size);
        if (!c) return NULL;
        c->next = a->head;
        c->used = 0;
        c->size = size;
        a->head = c;
    }
    void *p = (char *)a->head + header + a->head->used;
    a->head->used += n;
    return p;
}

static void arena_free(tt_arena *a)
{
    tt_chunk *c = a->head;
    while (c) {
        tt_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
}

/* A growable array of fixed-size items (kept in malloc memory while parsing,
 * moved into the arena at the end). */
typedef struct vec { void *data; int count, cap; size_t item; } vec;

static void *vec_push(vec *v)
{
    if (v->count == v->cap) {
        int cap = v->cap ? v->cap * 2 : 8;
        void *d = realloc(v->data, (size_t)cap * v->item);
        if (!d) return NULL;
        v->data = d;
        v->cap = cap;
    }
    void *p = (char *)v->data + (size_t)v->count * v->item;
    memset(p, 0, v->item);
    v->count++;
    return p;
}

/* ---- the parser's state --------------------------------------------------- */

typedef struct parser {
    tt_lexer lx;
    tt_token tok;           /* current token */
    tt_token prev;          /* the one before, for "after X" locations */
    tt_diags *diags;
    tt_arena *arena;
    vec frames, colliders, rays, clicks, distances, casts;
    vec hulls, meshes;      /* tc_hull_data * / tc_mesh_data * the scene owns */
    vec list;               /* the current statement's list numbers (double) */
    vec list_locs;          /* and where each is (tt_loc) */
    const char *dir;        /* where mesh files are read from; NULL: refused */
    long long geometry;     /* hull points + mesh vertices + triangles so far */
    tt_camera camera;
    tt_grid grid;
    const char *title;
    tt_loc title_loc;
    int objects, planes, moving;
    bool statement_failed;
    bool out_of_memory;
} parser;

static void diag_vadd(tt_diags *d, const char *file, tt_loc loc, const char *fmt, va_list ap)
{
    if (d->count >= TT_MAX_ERRORS) { d->dropped++; return; }
    tt_diag *e = &d->items[d->count++];
    e->loc = loc;
    snprintf(e->file, sizeof e->file, "%s", file ? file : "");
    vsnprintf(e->message, sizeof e->message, fmt, ap);
}

void tt_diags_add(tt_diags *d, const char *file, tt_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vadd(d, file, loc, fmt, ap);
    va_end(ap);
}

static void diag_at(tt_diags *d, tt_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vadd(d, NULL, loc, fmt, ap);
    va_end(ap);
}

static void advance(parser *p)
{
    p->prev = p->tok;
    p->tok = tt_lexer_next(&p->lx);
}

/* Reports an error in the current statement; later errors in the same
 * statement are suppressed (they usually follow from the first). */
static void fail(parser *p, tt_loc loc, const char *fmt, ...)
{
    if (p->statement_failed) return;
    p->statement_failed = true;
    va_list ap;
    va_start(ap, fmt);
    diag_vadd(p->diags, NULL, loc, fmt, ap);
    va_end(ap);
}

/* Where a missing token would have been: just past the previous token when
 * the statement ended, else at the offending token. */
static tt_loc expected_loc(const parser *p)
{
    if ((p->tok.kind == TT_TOK_END || p->tok.kind == TT_TOK_EOF) && p->prev.text) {
        tt_loc l = p->prev.loc;
        if (p->prev.kind != TT_TOK_END) {
            l.column += p->prev.length;
            return l;
        }
    }
    return p->tok.loc;
}

static void describe_found(const parser *p, char *buf, size_t n)
{
    if (p->tok.kind == TT_TOK_BAD && p->tok.problem) {
        char t[96];
        tt_token_describe(&p->tok, t, sizeof t);
        snprintf(buf, n, "%s (%s)", t, p->tok.problem);
    } else {
        tt_token_describe(&p->tok, buf, n);
    }
}

static bool tok_is(const tt_token *t, const char *word)
{
    size_t n = strlen(word);
    return t->kind == TT_TOK_WORD && (size_t)t->length == n && memcmp(t->text, word, n) == 0;
}

static const char *intern(parser *p, const char *text, int length)
{
    char *s = (char *)arena_alloc(p->arena, (size_t)length + 1);
    if (!s) { p->out_of_memory = true; return ""; }
    memcpy(s, text, (size_t)length);
    s[length] = '\0';
    return s;
}

/* A string token's contents with \" and \\ unescaped. */
static const char *intern_string(parser *p, const tt_token *t)
{
    char *s = (char *)arena_alloc(p->arena, (size_t)t->length + 1);
    if (!s) { p->out_of_memory = true; return ""; }
    int o = 0;
    for (int i = 1; i + 1 < t->length; i++) {
        if (t->text[i] == '\\' && i + 2 < t->length) i++;
        s[o++] = t->text[i];
    }
    s[o] = '\0';
    return s;
}

/* Edit distance, for "did you mean" hints. Short words only. */
static int edit_distance(const char *a, int na, const char *b)
{
    int nb = (int)strlen(b);
    if (na > 31 || nb > 31) return 99;
    int row[32];
    for (int j = 0; j <= nb; j++) row[j] = j;
    for (int i = 1; i <= na; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= nb; j++) {
            int up = row[j];
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = diag + cost;
            if (row[j] + 1 < best) best = row[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[nb];
}

/* " (did you mean 'x'?)" for the closest candidate within two edits, else "". */
static void suggest(const char *text, int length, const char *const *candidates, int count, char *out, size_t n)
{
    int best = 3;
    const char *pick = NULL;
    for (int i = 0; i < count; i++) {
        int d = edit_distance(text, length, candidates[i]);
        if (d < best) { best = d; pick = candidates[i]; }
    }
    if (pick) snprintf(out, n, " (did you mean '%s'?)", pick);
    else if (n) out[0] = '\0';
}

/* ---- properties ----------------------------------------------------------- */

typedef enum prop_id {
    P_PARENT, P_POSITION, P_CENTER, P_EULER, P_QUAT, P_AXIS, P_SCALE, P_RADIUS, P_SIZE, P_HALF,
    P_MIN, P_MAX, P_A, P_B, P_C, P_NORMAL, P_OFFSET, P_POINT, P_VELOCITY, P_ORIGIN, P_DIR, P_TO,
    P_LENGTH, P_TARGET, P_UP, P_FOV, P_VIEWPORT, P_NEAR, P_FAR, P_AT, P_HEIGHT, P_STEP, P_EXTENT,
    P_POINTS, P_VERTICES, P_TRIANGLES, P_FILE, P_SIDES, P_GROUP, P_CATEGORY, P_MASK, P_COLLIDER, P_JOINT,
    P_COUNT
} prop_id;

/* ARG_LIST: one or more groups of `count` numbers, running on over lines
 * that begin with a number; ARG_STRING: one quoted string. */
typedef enum arg_kind { ARG_NUMBERS, ARG_NAME, ARG_LIST, ARG_STRING } arg_kind;

/* Properties in one group say the same thing in different ways (size or
 * half; euler, quat or axis): a statement takes at most one of each group. */
typedef struct prop_spec {
    const char *name;
    arg_kind kind;
    int count;
    int group;              /* 0: none */
    const char *components; /* names of the numbers, for messages */
} prop_spec;

enum { G_NONE, G_ROTATION, G_SIZE, G_PLANE, G_RAY_END, G_AABB_LO, G_AABB_HI, G_MESH_SOURCE };

static const prop_spec prop_specs[P_COUNT] = {
    [P_PARENT]   = { "parent",   ARG_NAME,    1, G_NONE,     "frame name" },
    [P_POSITION] = { "position", ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_CENTER]   = { "center",   ARG_NUMBERS, 3, G_AABB_LO,  "xyz" },
    [P_EULER]    = { "euler",    ARG_NUMBERS, 3, G_ROTATION, "xyz" },
    [P_QUAT]     = { "quat",     ARG_NUMBERS, 4, G_ROTATION, "xyzw" },
    [P_AXIS]     = { "axis",     ARG_NUMBERS, 4, G_ROTATION, "xyza" },
    [P_SCALE]    = { "scale",    ARG_NUMBERS, 1, G_NONE,     "s" },
    [P_RADIUS]   = { "radius",   ARG_NUMBERS, 1, G_NONE,     "r" },
    [P_SIZE]     = { "size",     ARG_NUMBERS, 3, G_SIZE,     "xyz" },
    [P_HALF]     = { "half",     ARG_NUMBERS, 3, G_SIZE,     "xyz" },
    [P_MIN]      = { "min",      ARG_NUMBERS, 3, G_AABB_LO,  "xyz" },
    [P_MAX]      = { "max",      ARG_NUMBERS, 3, G_AABB_HI,  "xyz" },
    [P_A]        = { "a",        ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_B]        = { "b",        ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_C]        = { "c",        ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_NORMAL]   = { "normal",   ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_OFFSET]   = { "offset",   ARG_NUMBERS, 1, G_PLANE,    "d" },
    [P_POINT]    = { "point",    ARG_NUMBERS, 3, G_PLANE,    "xyz" },
    [P_VELOCITY] = { "velocity", ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_ORIGIN]   = { "origin",   ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_DIR]      = { "dir",      ARG_NUMBERS, 3, G_RAY_END,  "xyz" },
    [P_TO]       = { "to",       ARG_NUMBERS, 3, G_RAY_END,  "xyz" },
    [P_LENGTH]   = { "length",   ARG_NUMBERS, 1, G_NONE,     "t" },
    [P_TARGET]   = { "target",   ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_UP]       = { "up",       ARG_NUMBERS, 3, G_NONE,     "xyz" },
    [P_FOV]      = { "fov",      ARG_NUMBERS, 1, G_NONE,     "degrees" },
    [P_VIEWPORT] = { "viewport", ARG_NUMBERS, 2, G_NONE,     "wh" },
    [P_NEAR]     = { "near",     ARG_NUMBERS, 1, G_NONE,     "z" },
    [P_FAR]      = { "far",      ARG_NUMBERS, 1, G_NONE,     "z" },
    [P_AT]       = { "at",       ARG_NUMBERS, 2, G_NONE,     "xy" },
    [P_HEIGHT]   = { "height",   ARG_NUMBERS, 1, G_NONE,     "y" },
    [P_STEP]     = { "step",     ARG_NUMBERS, 1, G_NONE,     "d" },
    [P_EXTENT]   = { "size",     ARG_NUMBERS, 1, G_NONE,     "s" },   /* the grid's half-width */
    [P_POINTS]   = { "points",   ARG_LIST,    3, G_NONE,     "xyz" },
    [P_VERTICES] = { "vertices", ARG_LIST,    3, G_MESH_SOURCE, "xyz" },
    [P_TRIANGLES]= { "triangles", ARG_LIST,   3, G_NONE,     "ijk" },
    [P_FILE]     = { "file",     ARG_STRING,  1, G_MESH_SOURCE, "file name" },
    [P_SIDES]    = { "sides",    ARG_NUMBERS, 1, G_NONE,     "n" },
    [P_GROUP]    = { "group",    ARG_NUMBERS, 1, G_NONE,     "g" },
    [P_CATEGORY] = { "category", ARG_LIST,    1, G_NONE,     "bit" },
    [P_MASK]     = { "mask",     ARG_LIST,    1, G_NONE,     "bit" },
    [P_COLLIDER] = { "collider", ARG_NAME,    1, G_NONE,     "collider name" },
    [P_JOINT]    = { "joint",    ARG_NAME,    1, G_NONE,     "frame name" },
};

typedef struct prop_value {
    bool present;
    tt_loc loc;             /* of the property keyword */
    tt_loc arg_loc[4];      /* of each number / the name */
    double v[4];
    const char *name;       /* ARG_NAME, ARG_STRING */
    int list_start, list_count; /* ARG_LIST: numbers in the parser's list */
} prop_value;

/* ---- statements ----------------------------------------------------------- */

typedef enum stmt_id {
    S_FRAME, S_BONE, S_SPHERE, S_CAPSULE, S_AABB, S_BOX, S_TRIANGLE, S_PLANE, S_RAY,
    S_CAMERA, S_CLICK, S_DISTANCE, S_GRID, S_TITLE, S_HULL, S_CYLINDER, S_CONE, S_MESH, S_SWING, S_CAST, S_COUNT
} stmt_id;

typedef struct stmt_spec {
    const char *keyword;
    const char *what;        /* "a box", for messages */
    bool named;
    prop_id props[16];
    int prop_count;
} stmt_spec;

static const stmt_spec stmt_specs[S_COUNT] = {
    [S_FRAME]    = { "frame", "a frame", true, { P_PARENT, P_POSITION, P_EULER, P_QUAT, P_AXIS, P_SCALE }, 6 },
    [S_BONE]     = { "bone", "a bone", true, { P_PARENT, P_POSITION, P_EULER, P_QUAT, P_AXIS, P_SCALE }, 6 },
    [S_SPHERE]   = { "sphere", "a sphere", true, { P_PARENT, P_CENTER, P_RADIUS, P_VELOCITY, P_GROUP, P_CATEGORY, P_MASK }, 7 },
    [S_CAPSULE]  = { "capsule", "a capsule", true, { P_PARENT, P_A, P_B, P_RADIUS, P_VELOCITY, P_GROUP, P_CATEGORY, P_MASK }, 8 },
    [S_AABB]     = { "aabb", "an aabb", true, { P_MIN, P_MAX, P_CENTER, P_SIZE, P_VELOCITY, P_GROUP, P_CATEGORY, P_MASK }, 8 },
    [S_BOX]      = { "box", "a box", true, { P_PARENT, P_CENTER, P_SIZE, P_HALF, P_EULER, P_QUAT, P_AXIS, P_VELOCITY,
                                             P_GROUP, P_CATEGORY, P_MASK }, 11 },
    [S_TRIANGLE] = { "triangle", "a triangle", true, { P_PARENT, P_A, P_B, P_C, P_VELOCITY, P_GROUP, P_CATEGORY, P_MASK }, 8 },
    [S_PLANE]    = { "plane", "a plane", true, { P_PARENT, P_NORMAL, P_OFFSET, P_POINT, P_GROUP, P_CATEGORY, P_MASK }, 7 },
    [S_RAY]      = { "ray", "a ray", true, { P_PARENT, P_ORIGIN, P_DIR, P_TO, P_LENGTH }, 5 },
    [S_CAMERA]   = { "camera", "the camera", false, { P_POSITION, P_TARGET, P_UP, P_FOV, P_VIEWPORT, P_NEAR, P_FAR }, 7 },
    [S_CLICK]    = { "click", "a click", true, { P_AT }, 1 },
    [S_DISTANCE] = { "distance", "a distance query", false, { 0 }, 0 },
    [S_GRID]     = { "grid", "the grid", false, { P_HEIGHT, P_EXTENT, P_STEP }, 3 },
    [S_TITLE]    = { "title", "the title", false, { 0 }, 0 },
    [S_HULL]     = { "hull", "a hull", true, { P_PARENT, P_CENTER, P_EULER, P_QUAT, P_AXIS, P_SCALE, P_POINTS, P_VELOCITY,
                                              P_GROUP, P_CATEGORY, P_MASK }, 11 },
    [S_CYLINDER] = { "cylinder", "a cylinder", true, { P_PARENT, P_CENTER, P_EULER, P_QUAT, P_AXIS, P_RADIUS, P_HEIGHT,
                                                      P_SIDES, P_VELOCITY, P_GROUP, P_CATEGORY, P_MASK }, 12 },
    [S_CONE]     = { "cone", "a cone", true, { P_PARENT, P_CENTER, P_EULER, P_QUAT, P_AXIS, P_RADIUS, P_HEIGHT,
                                              P_SIDES, P_VELOCITY, P_GROUP, P_CATEGORY, P_MASK }, 12 },
    [S_MESH]     = { "mesh", "a mesh", true, { P_PARENT, P_CENTER, P_EULER, P_QUAT, P_AXIS, P_SCALE, P_VERTICES,
                                              P_TRIANGLES, P_FILE, P_VELOCITY, P_GROUP, P_CATEGORY, P_MASK }, 13 },
    [S_SWING]    = { "swing", "a swing", true, { P_COLLIDER, P_JOINT, P_POSITION, P_EULER, P_QUAT, P_AXIS }, 6 },
    [S_CAST]     = { "cast", "a cast", true, { P_COLLIDER, P_VELOCITY }, 2 },
};

static const char *const stmt_keywords[S_COUNT] = {
    "frame", "bone", "sphere", "capsule", "aabb", "box", "triangle", "plane", "ray",
    "camera", "click", "distance", "grid", "title", "hull", "cylinder", "cone", "mesh", "swing", "cast"
};

/* Skips to the end of the statement. After an error, also skips the lines
 * that look like its continuation (they start with a property name), so one
 * mistake gives one message. */
static void skip_statement(parser *p)
{
    for (;;) {
        while (p->tok.kind != TT_TOK_END && p->tok.kind != TT_TOK_EOF) advance(p);
        if (p->tok.kind == TT_TOK_EOF || !p->statement_failed) return;
        tt_lexer peek = p->lx;
        tt_token next = tt_lexer_next(&peek);
        /* A line of numbers is the rest of a list (points, triangles...). */
        bool property = next.kind == TT_TOK_NUMBER;
        for (int i = 0; i < P_COUNT && !property; i++) property = tok_is(&next, prop_specs[i].name);
        if (!property) return;
        advance(p);
    }
}

/* Reads one number; checks it is a finite number within the limit. */
static bool read_number(parser *p, const char *what, double *out, tt_loc *loc)
{
    char found[160];
    *loc = expected_loc(p);
    if (p->tok.kind != TT_TOK_NUMBER) {
        describe_found(p, found, sizeof found);
        bool nonfinite = false;
        if (p->tok.kind == TT_TOK_WORD || p->tok.kind == TT_TOK_BAD) {
            const char *t = p->tok.text;
            int n = p->tok.length;
            if (n > 0 && (t[0] == '+' || t[0] == '-')) { t++; n--; }
            char low[12] = { 0 };
            for (int i = 0; i < n && i < 11; i++) low[i] = (char)(t[i] | 0x20);
            nonfinite = (n == 3 && (!memcmp(low, "nan", 3) || !memcmp(low, "inf", 3))) ||
                        (n == 8 && !memcmp(low, "infinity", 8));
        }
        fail(p, *loc, "expected a number for %s, found %s%s", what, found,
             nonfinite ? " (NaN and infinity are not allowed)" : "");
        return false;
    }
    double v = p->tok.number;
    if (!(fabs(v) <= TT_NUMBER_LIMIT)) {
        char t[96];
        tt_token_describe(&p->tok, t, sizeof t);
        fail(p, *loc, "number %s for %s is out of range: numbers must lie within -1e6..1e6", t, what);
        return false;
    }
    *out = v;
    advance(p);
    return true;
}

/* Reads a name token (a word), bounded in length. */
static bool read_name(parser *p, const char *what, const char **out, tt_loc *loc)
{
    char found[160];
    *loc = expected_loc(p);
    if (p->tok.kind != TT_TOK_WORD) {
        describe_found(p, found, sizeof found);
        fail(p, *loc, "expected %s, found %s", what, found);
        return false;
    }
    if (p->tok.length > TT_MAX_NAME) {
        fail(p, *loc, "name is %d bytes long; names are at most %d", p->tok.length, TT_MAX_NAME);
        return false;
    }
    *out = intern(p, p->tok.text, p->tok.length);
    advance(p);
    return true;
}

static const char *const axis_names[] = { "x", "y", "z", "w" };

/* A list property: numbers in groups of s->count, until a token that is not
 * a number; a line that begins with a number goes on with the list. Kept in
 * p->list (reset for each statement). */
static bool read_list(parser *p, const prop_spec *s, prop_value *val)
{
    val->list_start = p->list.count;
    val->list_count = 0;
    for (;;) {
        if (p->tok.kind == TT_TOK_END) {
            tt_lexer peek = p->lx;
            tt_token next = tt_lexer_next(&peek);
            if (next.kind == TT_TOK_NUMBER) advance(p);
        }
        if (p->tok.kind != TT_TOK_NUMBER) {
            if (val->list_count > 0 && val->list_count % s->count == 0) break;
            char what[96];
            if (s->count == 1)
                snprintf(what, sizeof what, "a %s number after '%s'", s->components, s->name);
            else
                snprintf(what, sizeof what, "the %c of %s %d of '%s' (groups of %d numbers)",
                         s->components[val->list_count % s->count], s->count == 3 && s->components[0] == 'i'
                         ? "triangle" : "point", val->list_count / s->count + 1, s->name, s->count);
            double ignored;
            tt_loc at;
            read_number(p, what, &ignored, &at);   /* reports what was found instead */
            return false;
        }
        if (p->list.count >= 3 * TT_MAX_MESH_VERTICES) {
            fail(p, p->tok.loc, "too many numbers in one statement's lists: at most %d", 3 * TT_MAX_MESH_VERTICES);
            return false;
        }
        double v;
        tt_loc at;
        if (!read_number(p, "a list", &v, &at)) return false;
        double *slot = (double *)vec_push(&p->list);
        tt_loc *lslot = (tt_loc *)vec_push(&p->list_locs);
        if (!slot || !lslot) { p->out_of_memory = true; return false; }
        *slot = v;
        *lslot = at;
        val->list_count++;
        tt_cost_steps++;
    }
    return true;
}

static bool read_property(parser *p, prop_id id, prop_value *val)
{
    const prop_spec *s = &prop_specs[id];
    val->present = true;
    val->loc = p->tok.loc;
    advance(p);
    if (s->kind == ARG_NAME) {
        char what[64];
        snprintf(what, sizeof what, "a %s after '%s'", s->components, s->name);
        return read_name(p, what, &val->name, &val->arg_loc[0]);
    }
    if (s->kind == ARG_STRING) {
        val->arg_loc[0] = expected_loc(p);
        if (p->tok.kind != TT_TOK_STRING) {
            char found[160];
            describe_found(p, found, sizeof found);
            fail(p, val->arg_loc[0], "expected a quoted %s after '%s', found %s", s->components, s->name, found);
            return false;
        }
        val->name = intern_string(p, &p->tok);
        advance(p);
        return true;
    }
    if (s->kind == ARG_LIST) return read_list(p, s, val);
    for (int i = 0; i < s->count; i++) {
        char what[96];
        if (s->count == 1) {
            snprintf(what, sizeof what, "'%s'", s->name);
        } else {
            const char *comp = axis_names[i];
            if (id == P_AXIS && i == 3) comp = "angle in degrees";
            else if (id == P_VIEWPORT) comp = i == 0 ? "width" : "height";
            else if (id == P_AT) comp = i == 0 ? "x pixel" : "y pixel";
            snprintf(what, sizeof what, "the %s of '%s' (%d numbers)", comp, s->name, s->count);
        }
        if (!read_number(p, what, &val->v[i], &val->arg_loc[i])) return false;
    }
    return true;
}

static tc_vec3 v3(const prop_value *v) { return tc_vec3_make((float)v->v[0], (float)v->v[1], (float)v->v[2]); }

static bool nonnegative(parser *p, const prop_value *v, int count, const char *what)
{
    for (int i = 0; i < count; i++) {
        if (v->v[i] < 0.0) {
            fail(p, v->arg_loc[i], "%s must not be negative (found %g)", what, v->v[i]);
            return false;
        }
    }
    return true;
}

/* The rotation a statement gave, as a quaternion (identity when none). */
static bool rotation_of(parser *p, const prop_value *props, tc_quat *out)
{
    *out = tc_quat_identity();
    if (props[P_EULER].present) {
        const double *e = props[P_EULER].v;
        *out = tc_quat_from_euler_deg((float)e[0], (float)e[1], (float)e[2]);
    } else if (props[P_QUAT].present) {
        const double *q = props[P_QUAT].v;
        double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        if (!(n > 1e-6)) {
            fail(p, props[P_QUAT].loc, "quat must not be zero: expected x y z w of a rotation (0 0 0 1 is none)");
            return false;
        }
        *out = tc_quat_make((float)tt_div(q[0], n), (float)tt_div(q[1], n), (float)tt_div(q[2], n),
                            (float)tt_div(q[3], n));
    } else if (props[P_AXIS].present) {
        const double *a = props[P_AXIS].v;
        if (!(a[0] * a[0] + a[1] * a[1] + a[2] * a[2] > 1e-12)) {
            fail(p, props[P_AXIS].loc, "axis must not be zero: expected x y z of the axis then the angle in degrees");
            return false;
        }
        *out = tc_quat_from_axis_angle(tc_vec3_make((float)a[0], (float)a[1], (float)a[2]),
                                       (float)(a[3] * 3.14159265358979323846 / 180.0));
    }
    return true;
}

static bool require(parser *p, const prop_value *props, prop_id a, prop_id b, tt_loc at, const char *what,
                    const char *name, const char *needs)
{
    if (props[a].present || (b != P_COUNT && props[b].present)) return true;
    fail(p, at, "%s%s%s%s needs %s", what, name ? " '" : "", name ? name : "", name ? "'" : "", needs);
    return false;
}

/* Group, category and mask: a group is a whole number 0..TT_MAX_GROUP; a
 * category or mask lists its bits (0..63). */
static bool read_bits(parser *p, const prop_value *v, const char *what, uint64_t *out)
{
    const double *nums = (const double *)p->list.data + v->list_start;
    const tt_loc *locs = (const tt_loc *)p->list_locs.data + v->list_start;
    *out = 0;
    for (int i = 0; i < v->list_count; i++) {
        if (!(nums[i] >= 0.0 && nums[i] <= 63.0 && floor(nums[i]) == nums[i])) {
            fail(p, locs[i], "a bit of '%s' is a whole number 0..63 (found %g)", what, nums[i]);
            return false;
        }
        *out |= (uint64_t)1 << (int)nums[i];
    }
    return true;
}

static bool read_filter(parser *p, const prop_value *props, tt_collider *c)
{
    c->category = ~(uint64_t)0;
    c->mask = ~(uint64_t)0;
    c->group = 0;
    if (props[P_GROUP].present) {
        double g = props[P_GROUP].v[0];
        if (!(g >= 0.0 && g <= TT_MAX_GROUP && floor(g) == g)) {
            fail(p, props[P_GROUP].arg_loc[0], "group is a whole number 0..%d (0: none), found %g", TT_MAX_GROUP, g);
            return false;
        }
        c->group = (uint32_t)g;
    }
    if (props[P_CATEGORY].present && !read_bits(p, &props[P_CATEGORY], "category", &c->category)) return false;
    if (props[P_MASK].present && !read_bits(p, &props[P_MASK], "mask", &c->mask)) return false;
    return true;
}

/* Keeps data the scene owns (destroyed with it). */
static bool own(parser *p, vec *list, void *data)
{
    void **slot = (void **)vec_push(list);
    if (!slot) { p->out_of_memory = true; return false; }
    *slot = data;
    return true;
}

/* Reads a mesh file named in the scene (relative to the scene's directory)
 * and makes its data; errors in the file are reported at their place in it. */
static tc_mesh_data *mesh_from_file(parser *p, const prop_value *file)
{
    if (!p->dir) {
        fail(p, file->arg_loc[0], "mesh files are read beside a scene file: this scene was not read from a file");
        return NULL;
    }
    if (!file->name[0]) {
        fail(p, file->arg_loc[0], "expected a mesh file's name, found an empty string");
        return NULL;
    }
    /* Beside the scene or below it: a scene cannot make the tool read (and
     * quote in its errors) any file of the machine. */
    bool parent_step = false;
    for (const char *c = file->name; *c && !parent_step; c++)
        parent_step = c[0] == '.' && c[1] == '.' && (c == file->name || c[-1] == '/' || c[-1] == '\\') &&
                      (c[2] == '\0' || c[2] == '/' || c[2] == '\\');
    if (file->name[0] == '/' || file->name[0] == '\\' || strchr(file->name, ':') || parent_step) {
        fail(p, file->arg_loc[0], "the mesh file '%s' is not beside the scene: expected a path relative to the "
             "scene's directory, without '..'", file->name);
        return NULL;
    }
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", p->dir, file->name);
    if (n < 0 || (size_t)n >= sizeof path) {
        fail(p, file->arg_loc[0], "the mesh file's path is too long");
        return NULL;
    }
    char why[4400], what[4200];
    snprintf(what, sizeof what, "the mesh file '%s'", path);
    size_t size = 0;
    char *text = tt_read_file(path, what, &size, why, sizeof why);
    if (!text) {
        fail(p, file->arg_loc[0], "%s", why);
        return NULL;
    }
    tt_obj obj;
    int before = p->diags->count + p->diags->dropped;
    bool ok = tt_obj_parse(text, size, path, TT_MAX_GEOMETRY - p->geometry, p->diags, &obj);
    free(text);
    if (!ok) {
        /* The file's own errors are listed; the statement stops here. */
        if (p->diags->count + p->diags->dropped == before) fail(p, file->arg_loc[0], "the mesh file '%s' is not usable", path);
        p->statement_failed = true;
        return NULL;
    }
    p->geometry += (long long)obj.vertex_count + obj.triangle_count;
    tc_mesh_data *m = tc_mesh_data_create(obj.vertices, obj.vertex_count, obj.indices, obj.triangle_count, NULL);
    tt_obj_free(&obj);
    if (!m) p->out_of_memory = true;
    return m;
}

/* An inline mesh: vertices, then triangles of 0-based indices into them. */
static tc_mesh_data *mesh_inline(parser *p, const prop_value *props, tt_loc stmt_loc, const char *name)
{
    if (!require(p, props, P_TRIANGLES, P_COUNT, stmt_loc, "mesh", name, "its triangles (triangles I J K ...)"))
        return NULL;
    const prop_value *pv = &props[P_VERTICES], *pt = &props[P_TRIANGLES];
    int nv = pv->list_count / 3, nt = pt->list_count / 3;
    if (nv > TT_MAX_MESH_VERTICES || nt > TT_MAX_MESH_TRIANGLES || p->geometry + nv + nt > TT_MAX_GEOMETRY) {
        fail(p, pv->loc, "too many vertices or triangles: a mesh holds at most %d of each and a scene %d points, "
             "vertices and triangles together", TT_MAX_MESH_TRIANGLES, TT_MAX_GEOMETRY);
        return NULL;
    }
    const double *vn = (const double *)p->list.data + pv->list_start;
    const double *tn = (const double *)p->list.data + pt->list_start;
    const tt_loc *tl = (const tt_loc *)p->list_locs.data + pt->list_start;
    for (int i = 0; i < pt->list_count; i++) {
        if (!(tn[i] >= 0.0 && tn[i] < nv && floor(tn[i]) == tn[i])) {
            fail(p, tl[i], "triangle corner %g is no vertex: expected a whole number 0..%d (vertices count from 0)",
                 tn[i], nv - 1);
            return NULL;
        }
    }
    tc_vec3 *verts = (tc_vec3 *)malloc(((size_t)nv + 1) * sizeof *verts);
    int32_t *idx = (int32_t *)malloc(((size_t)pt->list_count + 1) * sizeof *idx);
    tc_mesh_data *m = NULL;
    if (verts && idx) {
        for (int i = 0; i < nv; i++)
            verts[i] = tc_vec3_make((float)vn[3 * i], (float)vn[3 * i + 1], (float)vn[3 * i + 2]);
        for (int i = 0; i < pt->list_count; i++) idx[i] = (int32_t)tn[i];
        m = tc_mesh_data_create(verts, nv, idx, nt, NULL);
    }
    free(verts);
    free(idx);
    if (!m) p->out_of_memory = true;
    else p->geometry += nv + nt;
    return m;
}

/* hull, cylinder, cone and mesh: the data is made here and owned by the
 * scene; the collider places it (center, rotation, scale). */
static bool build_hull_or_mesh(parser *p, int sid, const prop_value *props, tt_loc stmt_loc, const char *name,
                               tt_collider *c)
{
    if (props[P_CENTER].present) c->p[0] = v3(&props[P_CENTER]);
    if (!rotation_of(p, props, &c->rotation)) return false;
    c->scale = 1.0f;
    if (props[P_SCALE].present) {
        if (!(props[P_SCALE].v[0] > 0.0)) {
            fail(p, props[P_SCALE].arg_loc[0], "scale must be greater than zero (found %g)", props[P_SCALE].v[0]);
            return false;
        }
        c->scale = (float)props[P_SCALE].v[0];
    }
    if (sid == S_HULL) {
        c->kind = TT_HULL;
        c->source = "points";
        if (!require(p, props, P_POINTS, P_COUNT, stmt_loc, "hull", name, "its points (points X Y Z ...)"))
            return false;
        int n = props[P_POINTS].list_count / 3;
        if (n > TT_MAX_HULL_POINTS || p->geometry + n > TT_MAX_GEOMETRY) {
            fail(p, props[P_POINTS].loc, "too many points: a hull takes at most %d and a scene %d points, vertices "
                 "and triangles together", TT_MAX_HULL_POINTS, TT_MAX_GEOMETRY);
            return false;
        }
        const double *v = (const double *)p->list.data + props[P_POINTS].list_start;
        tc_vec3 *pts = (tc_vec3 *)malloc(((size_t)n + 1) * sizeof *pts);
        if (!pts) { p->out_of_memory = true; return false; }
        for (int i = 0; i < n; i++) pts[i] = tc_vec3_make((float)v[3 * i], (float)v[3 * i + 1], (float)v[3 * i + 2]);
        tc_hull_data *h = tc_hull_data_create(pts, n, NULL);
        free(pts);
        if (!h) { p->out_of_memory = true; return false; }
        p->geometry += n;
        c->hull = h;
        return own(p, &p->hulls, h);
    }
    if (sid == S_CYLINDER || sid == S_CONE) {
        const char *what = sid == S_CYLINDER ? "cylinder" : "cone";
        c->kind = TT_HULL;
        c->source = what;
        if (!require(p, props, P_RADIUS, P_COUNT, stmt_loc, what, name, "a radius (radius R)") ||
            !require(p, props, P_HEIGHT, P_COUNT, stmt_loc, what, name, "a height (height H, along its local z)") ||
            !nonnegative(p, &props[P_RADIUS], 1, "radius") || !nonnegative(p, &props[P_HEIGHT], 1, "height"))
            return false;
        int sides = 24;
        if (props[P_SIDES].present) {
            double k = props[P_SIDES].v[0];
            if (!(k >= 3.0 && k <= TT_MAX_SIDES && floor(k) == k)) {
                fail(p, props[P_SIDES].arg_loc[0], "sides is a whole number 3..%d (found %g)", TT_MAX_SIDES, k);
                return false;
            }
            sides = (int)k;
        }
        float r = (float)props[P_RADIUS].v[0], hh = (float)(props[P_HEIGHT].v[0] * 0.5);
        tc_hull_data *h = sid == S_CYLINDER ? tc_hull_data_create_cylinder(r, hh, sides, NULL)
                                            : tc_hull_data_create_cone(r, hh, sides, NULL);
        if (!h) { p->out_of_memory = true; return false; }
        p->geometry += 2 * sides;
        c->hull = h;
        return own(p, &p->hulls, h);
    }
    c->kind = TT_MESH;
    if (!props[P_FILE].present && !props[P_VERTICES].present) {
        fail(p, stmt_loc, "mesh '%s' needs its vertices and triangles (vertices X Y Z ... triangles I J K ...) or a "
             "Wavefront OBJ file (file \"NAME.obj\")", name);
        return false;
    }
    if (props[P_FILE].present && props[P_TRIANGLES].present) {
        fail(p, props[P_TRIANGLES].loc, "'triangles' goes with 'vertices'; a mesh file brings its own faces");
        return false;
    }
    tc_mesh_data *m = props[P_FILE].present ? mesh_from_file(p, &props[P_FILE]) : mesh_inline(p, props, stmt_loc, name);
    if (!m) return false;
    c->source = props[P_FILE].present ? props[P_FILE].name : "inline";
    c->mesh = m;
    return own(p, &p->meshes, m);
}

static void parse_statement(parser *p)
{
    p->statement_failed = false;
    p->list.count = 0;
    p->list_locs.count = 0;
    char found[160];
    if (p->tok.kind != TT_TOK_WORD) {
        describe_found(p, found, sizeof found);
        fail(p, p->tok.loc, "expected a statement keyword (frame, bone, sphere, capsule, aabb, box, triangle, "
             "plane, ray, camera, click, distance, grid, title, hull, cylinder, cone, mesh, swing or cast), found %s", found);
        skip_statement(p);
        return;
    }
    int sid = -1;
    for (int i = 0; i < S_COUNT; i++) {
        if (tok_is(&p->tok, stmt_keywords[i])) { sid = i; break; }
    }
    if (sid < 0) {
        char hint[64];
        suggest(p->tok.text, p->tok.length, stmt_keywords, S_COUNT, hint, sizeof hint);
        describe_found(p, found, sizeof found);
        fail(p, p->tok.loc, "unknown statement %s%s; expected frame, bone, sphere, capsule, aabb, box, triangle, "
             "plane, ray, camera, click, distance, grid, title, hull, cylinder, cone, mesh, swing or cast", found, hint);
        skip_statement(p);
        return;
    }
    const stmt_spec *spec = &stmt_specs[sid];
    tt_loc stmt_loc = p->tok.loc;
    advance(p);

    if (++p->objects > TT_MAX_OBJECTS) {
        fail(p, stmt_loc, "too many statements: a scene holds at most %d", TT_MAX_OBJECTS);
        skip_statement(p);
        return;
    }

    const char *name = NULL;
    tt_loc name_loc = stmt_loc;
    if (spec->named) {
        char what[64];
        snprintf(what, sizeof what, "a name for %s", spec->what);
        if (!read_name(p, what, &name, &name_loc)) { skip_statement(p); return; }
        /* "sphere radius 1": the name was left out and a property taken for it. */
        if (p->tok.kind == TT_TOK_NUMBER) {
            for (int i = 0; i < spec->prop_count; i++) {
                if (strcmp(name, prop_specs[spec->props[i]].name) == 0) {
                    fail(p, name_loc, "expected a name for %s before its properties, found the property '%s'",
                         spec->what, name);
                    skip_statement(p);
                    return;
                }
            }
        }
    }

    /* Statements with positional arguments. */
    if (sid == S_DISTANCE) {
        tt_query q;
        memset(&q, 0, sizeof q);
        q.loc = stmt_loc;
        if (read_name(p, "the first collider's name after 'distance'", &q.a_name, &q.a_loc) &&
            read_name(p, "the second collider's name after 'distance'", &q.b_name, &q.b_loc)) {
            if (p->tok.kind != TT_TOK_END && p->tok.kind != TT_TOK_EOF) {
                describe_found(p, found, sizeof found);
                fail(p, p->tok.loc, "expected end of line after 'distance A B', found %s", found);
            } else {
                tt_query *slot = (tt_query *)vec_push(&p->distances);
                if (slot) *slot = q; else p->out_of_memory = true;
            }
        }
        skip_statement(p);
        return;
    }
    if (sid == S_TITLE) {
        if (p->title) {
            fail(p, stmt_loc, "title given twice (first at line %d)", p->title_loc.line);
        } else if (p->tok.kind != TT_TOK_STRING) {
            describe_found(p, found, sizeof found);
            fail(p, expected_loc(p), "expected a quoted string after 'title', found %s", found);
        } else {
            p->title = intern_string(p, &p->tok);
            p->title_loc = stmt_loc;
            advance(p);
            if (p->tok.kind != TT_TOK_END && p->tok.kind != TT_TOK_EOF) {
                describe_found(p, found, sizeof found);
                fail(p, p->tok.loc, "expected end of line after the title, found %s", found);
            }
        }
        skip_statement(p);
        return;
    }

    /* Properties, in any order. */
    prop_value props[P_COUNT];
    memset(props, 0, sizeof props);
    for (;;) {
        if (p->statement_failed || p->tok.kind == TT_TOK_EOF) break;
        if (p->tok.kind == TT_TOK_END) {
            /* A next line that starts with one of this statement's properties continues it. */
            tt_lexer peek = p->lx;
            tt_token next = tt_lexer_next(&peek);
            bool continues = false;
            for (int i = 0; i < spec->prop_count && !continues; i++)
                continues = tok_is(&next, prop_specs[spec->props[i]].name);
            if (!continues) break;
            advance(p);
        }
        int pid = -1;
        for (int i = 0; i < spec->prop_count; i++) {
            if (tok_is(&p->tok, prop_specs[spec->props[i]].name)) { pid = (int)spec->props[i]; break; }
        }
        if (pid < 0 && sid == S_AABB && tok_is(&p->tok, "parent")) {
            fail(p, p->tok.loc, "an aabb has no parent: it is axis-aligned in world coordinates "
                 "(use a box for a collider under a frame)");
            break;
        }
        if (pid < 0) {
            const char *names[16];
            char list[256] = "";
            for (int i = 0; i < spec->prop_count; i++) {
                names[i] = prop_specs[spec->props[i]].name;
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
            }
            char hint[64] = "";
            if (p->tok.kind == TT_TOK_WORD) suggest(p->tok.text, p->tok.length, names, spec->prop_count, hint, sizeof hint);
            describe_found(p, found, sizeof found);
            const char *extra = "";
            if (p->tok.kind == TT_TOK_NUMBER) extra = " (too many numbers for the property before it?)";
            fail(p, p->tok.loc, "unknown property %s for %s%s; expected one of: %s%s", found, spec->what, hint, list,
                 extra);
            break;
        }
        const prop_spec *ps = &prop_specs[pid];
        if (props[pid].present) {
            fail(p, p->tok.loc, "'%s' given twice (first at column %d)", ps->name, props[pid].loc.column);
            break;
        }
        if (ps->group != G_NONE) {
            for (int i = 0; i < spec->prop_count; i++) {
                prop_id other = spec->props[i];
                if (other != (prop_id)pid && props[other].present && prop_specs[other].group == ps->group) {
                    fail(p, p->tok.loc, "'%s' and '%s' say the same thing; give only one", prop_specs[other].name,
                         ps->name);
                    break;
                }
            }
            if (p->statement_failed) break;
        }
        read_property(p, (prop_id)pid, &props[pid]);
    }
    if (p->statement_failed) { skip_statement(p); return; }

    /* Build the object. */
    switch (sid) {
    case S_FRAME:
    case S_BONE: {
        tt_frame f;
        memset(&f, 0, sizeof f);
        f.name = name;
        f.loc = name_loc;
        f.parent = -1;
        if (props[P_PARENT].present) { f.parent_name = props[P_PARENT].name; f.parent_loc = props[P_PARENT].arg_loc[0]; }
        if (props[P_POSITION].present) f.position = v3(&props[P_POSITION]);
        f.scale = 1.0f;
        if (props[P_SCALE].present) {
            if (!(props[P_SCALE].v[0] > 0.0)) {
                fail(p, props[P_SCALE].arg_loc[0], "scale must be greater than zero (found %g)", props[P_SCALE].v[0]);
                break;
            }
            f.scale = (float)props[P_SCALE].v[0];
        }
        if (!rotation_of(p, props, &f.rotation)) break;
        tt_frame *slot = (tt_frame *)vec_push(&p->frames);
        if (slot) *slot = f; else p->out_of_memory = true;
        break;
    }
    case S_SPHERE: case S_CAPSULE: case S_AABB: case S_BOX: case S_TRIANGLE: case S_PLANE:
    case S_HULL: case S_CYLINDER: case S_CONE: case S_MESH: {
        tt_collider c;
        memset(&c, 0, sizeof c);
        c.name = name;
        c.loc = name_loc;
        c.parent = -1;
        c.rotation = tc_quat_identity();
        if (props[P_PARENT].present) { c.parent_name = props[P_PARENT].name; c.parent_loc = props[P_PARENT].arg_loc[0]; }
        if (props[P_VELOCITY].present) { c.moving = true; c.velocity = v3(&props[P_VELOCITY]); }
        if (sid == S_SPHERE) {
            c.kind = TT_SPHERE;
            if (!require(p, props, P_RADIUS, P_COUNT, stmt_loc, "sphere", name, "a radius (radius R)")) break;
            if (!nonnegative(p, &props[P_RADIUS], 1, "radius")) break;
            if (props[P_CENTER].present) c.p[0] = v3(&props[P_CENTER]);
            c.radius = (float)props[P_RADIUS].v[0];
        } else if (sid == S_CAPSULE) {
            c.kind = TT_CAPSULE;
            if (!require(p, props, P_A, P_COUNT, stmt_loc, "capsule", name, "an end point (a X Y Z)") ||
                !require(p, props, P_B, P_COUNT, stmt_loc, "capsule", name, "a second end point (b X Y Z)") ||
                !require(p, props, P_RADIUS, P_COUNT, stmt_loc, "capsule", name, "a radius (radius R)"))
                break;
            if (!nonnegative(p, &props[P_RADIUS], 1, "radius")) break;
            c.p[0] = v3(&props[P_A]);
            c.p[1] = v3(&props[P_B]);
            c.radius = (float)props[P_RADIUS].v[0];
        } else if (sid == S_AABB) {
            c.kind = TT_AABB;
            if (props[P_MIN].present || props[P_MAX].present) {
                if (!require(p, props, P_MIN, P_COUNT, stmt_loc, "aabb", name, "its min corner (min X Y Z) with max") ||
                    !require(p, props, P_MAX, P_COUNT, stmt_loc, "aabb", name, "its max corner (max X Y Z) with min"))
                    break;
                if (props[P_SIZE].present) {
                    fail(p, props[P_SIZE].loc, "'size' goes with 'center', not with 'min' and 'max'");
                    break;
                }
                bool ok = true;
                for (int i = 0; i < 3 && ok; i++) {
                    if (props[P_MIN].v[i] > props[P_MAX].v[i]) {
                        fail(p, props[P_MAX].arg_loc[i], "max %s (%g) is below min %s (%g)", axis_names[i],
                             props[P_MAX].v[i], axis_names[i], props[P_MIN].v[i]);
                        ok = false;
                    }
                }
                if (!ok) break;
                c.p[0] = v3(&props[P_MIN]);
                c.p[1] = v3(&props[P_MAX]);
            } else {
                if (!require(p, props, P_SIZE, P_COUNT, stmt_loc, "aabb", name,
                             "its corners (min X Y Z max X Y Z) or a size (center X Y Z size X Y Z)"))
                    break;
                if (!nonnegative(p, &props[P_SIZE], 3, "size")) break;
                tc_vec3 center = props[P_CENTER].present ? v3(&props[P_CENTER]) : tc_vec3_zero();
                tc_vec3 half = tc_vec3_scale(v3(&props[P_SIZE]), 0.5f);
                c.p[0] = tc_vec3_sub(center, half);
                c.p[1] = tc_vec3_add(center, half);
            }
        } else if (sid == S_BOX) {
            c.kind = TT_BOX;
            if (!require(p, props, P_SIZE, P_HALF, stmt_loc, "box", name,
                         "a size (size X Y Z, the full edge lengths) or half extents (half X Y Z)"))
                break;
            if (props[P_SIZE].present) {
                if (!nonnegative(p, &props[P_SIZE], 3, "size")) break;
                c.half = tc_vec3_scale(v3(&props[P_SIZE]), 0.5f);
            } else {
                if (!nonnegative(p, &props[P_HALF], 3, "half")) break;
                c.half = v3(&props[P_HALF]);
            }
            if (props[P_CENTER].present) c.p[0] = v3(&props[P_CENTER]);
            if (!rotation_of(p, props, &c.rotation)) break;
        } else if (sid == S_TRIANGLE) {
            c.kind = TT_TRIANGLE;
            if (!require(p, props, P_A, P_COUNT, stmt_loc, "triangle", name, "corner a (a X Y Z)") ||
                !require(p, props, P_B, P_COUNT, stmt_loc, "triangle", name, "corner b (b X Y Z)") ||
                !require(p, props, P_C, P_COUNT, stmt_loc, "triangle", name, "corner c (c X Y Z)"))
                break;
            c.p[0] = v3(&props[P_A]);
            c.p[1] = v3(&props[P_B]);
            c.p[2] = v3(&props[P_C]);
        } else if (sid == S_HULL || sid == S_CYLINDER || sid == S_CONE || sid == S_MESH) {
            if (!build_hull_or_mesh(p, sid, props, stmt_loc, name, &c)) break;
        } else {
            c.kind = TT_PLANE;
            if (!require(p, props, P_NORMAL, P_COUNT, stmt_loc, "plane", name, "a normal (normal X Y Z)")) break;
            const double *n = props[P_NORMAL].v;
            double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            if (!(len > 1e-6)) {
                fail(p, props[P_NORMAL].loc, "normal must not be zero: expected the x y z of the outward normal");
                break;
            }
            c.p[0] = tc_vec3_make((float)tt_div(n[0], len), (float)tt_div(n[1], len), (float)tt_div(n[2], len));
            if (props[P_POINT].present) {
                const double *q = props[P_POINT].v;
                c.offset = (float)tt_div(n[0] * q[0] + n[1] * q[1] + n[2] * q[2], len);
            } else if (props[P_OFFSET].present) {
                c.offset = (float)props[P_OFFSET].v[0];
            }
        }
        if (p->statement_failed || !read_filter(p, props, &c)) break;
        if (c.kind == TT_PLANE && ++p->planes > TT_MAX_PLANES) {
            fail(p, stmt_loc, "too many planes: a scene holds at most %d", TT_MAX_PLANES);
            break;
        }
        if (c.moving && ++p->moving > TT_MAX_MOVING) {
            fail(p, props[P_VELOCITY].loc, "too many moving colliders: a scene sweeps at most %d", TT_MAX_MOVING);
            break;
        }
        tt_collider *slot = (tt_collider *)vec_push(&p->colliders);
        if (slot) *slot = c; else p->out_of_memory = true;
        break;
    }
    case S_RAY: {
        tt_ray r;
        memset(&r, 0, sizeof r);
        r.name = name;
        r.loc = name_loc;
        r.parent = -1;
        r.max_t = INFINITY;
        if (props[P_PARENT].present) { r.parent_name = props[P_PARENT].name; r.parent_loc = props[P_PARENT].arg_loc[0]; }
        if (!require(p, props, P_ORIGIN, P_COUNT, stmt_loc, "ray", name, "an origin (origin X Y Z)") ||
            !require(p, props, P_DIR, P_TO, stmt_loc, "ray", name,
                     "a direction (dir X Y Z) or an end point (to X Y Z)"))
            break;
        r.origin = v3(&props[P_ORIGIN]);
        if (props[P_TO].present) {
            if (props[P_LENGTH].present) {
                fail(p, props[P_LENGTH].loc, "'length' goes with 'dir'; a ray given with 'to' ends there");
                break;
            }
            r.dir = tc_vec3_sub(v3(&props[P_TO]), r.origin);
            r.max_t = 1.0f;
        } else {
            r.dir = v3(&props[P_DIR]);
            if (props[P_LENGTH].present) {
                if (!nonnegative(p, &props[P_LENGTH], 1, "length")) break;
                /* length is in world units along the direction; t counts dir lengths. */
                double dl = sqrt((double)r.dir.x * r.dir.x + (double)r.dir.y * r.dir.y + (double)r.dir.z * r.dir.z);
                r.max_t = dl > 0.0 ? (float)tt_div(props[P_LENGTH].v[0], dl) : 0.0f;
            }
        }
        if (!(tc_vec3_length_sq(r.dir) > 1e-12f)) {
            fail(p, props[P_TO].present ? props[P_TO].loc : props[P_DIR].loc,
                 "the ray's direction is zero: expected 'to' away from 'origin' or a non-zero 'dir'");
            break;
        }
        tt_ray *slot = (tt_ray *)vec_push(&p->rays);
        if (slot) *slot = r; else p->out_of_memory = true;
        break;
    }
    case S_CAMERA: {
        if (p->camera.present) {
            fail(p, stmt_loc, "a second camera; the scene has one (at line %d)", p->camera.loc.line);
            break;
        }
        tt_camera cam;
        memset(&cam, 0, sizeof cam);
        cam.present = true;
        cam.loc = stmt_loc;
        if (!require(p, props, P_POSITION, P_COUNT, stmt_loc, "the camera", NULL, "a position (position X Y Z)") ||
            !require(p, props, P_TARGET, P_COUNT, stmt_loc, "the camera", NULL, "a target (target X Y Z)"))
            break;
        cam.position = v3(&props[P_POSITION]);
        cam.target = v3(&props[P_TARGET]);
        cam.up = props[P_UP].present ? v3(&props[P_UP]) : tc_vec3_make(0.0f, 1.0f, 0.0f);
        cam.fov_deg = props[P_FOV].present ? (float)props[P_FOV].v[0] : 60.0f;
        cam.width = 800;
        cam.height = 600;
        cam.near_z = props[P_NEAR].present ? (float)props[P_NEAR].v[0] : 0.1f;
        cam.far_z = props[P_FAR].present ? (float)props[P_FAR].v[0] : 1000.0f;
        tc_vec3 view = tc_vec3_sub(cam.target, cam.position);
        if (!(tc_vec3_length_sq(view) > 1e-12f)) {
            fail(p, props[P_TARGET].loc, "the camera's target is its position: expected a target to look at");
            break;
        }
        tc_vec3 side = tc_vec3_cross(tc_vec3_normalize(view), tc_vec3_normalize(cam.up));
        if (!(tc_vec3_length_sq(side) > 1e-8f)) {
            fail(p, props[P_UP].present ? props[P_UP].loc : stmt_loc,
                 "the camera looks along its up direction: give 'up X Y Z' across the view");
            break;
        }
        if (!(cam.fov_deg > 0.5f && cam.fov_deg < 179.5f)) {
            fail(p, props[P_FOV].arg_loc[0], "fov is the vertical field of view in degrees: expected 0.5..179.5");
            break;
        }
        if (props[P_VIEWPORT].present) {
            for (int i = 0; i < 2; i++) {
                double v = props[P_VIEWPORT].v[i];
                if (!(v >= 1.0 && v <= TT_MAX_VIEWPORT && floor(v) == v)) {
                    fail(p, props[P_VIEWPORT].arg_loc[i], "viewport %s must be a whole number of pixels, 1..%d",
                         i ? "height" : "width", TT_MAX_VIEWPORT);
                    break;
                }
            }
            if (p->statement_failed) break;
            cam.width = (int)props[P_VIEWPORT].v[0];
            cam.height = (int)props[P_VIEWPORT].v[1];
        }
        if (!(cam.near_z > 0.0f)) {
            fail(p, props[P_NEAR].arg_loc[0], "near must be greater than zero");
            break;
        }
        if (!(cam.far_z > cam.near_z)) {
            fail(p, props[P_FAR].present ? props[P_FAR].arg_loc[0] : props[P_NEAR].arg_loc[0],
                 "far must be beyond near");
            break;
        }
        p->camera = cam;
        break;
    }
    case S_SWING:
    case S_CAST: {
        const char *what = sid == S_SWING ? "swing" : "cast";
        if (!require(p, props, P_COLLIDER, P_COUNT, stmt_loc, what, name, "the collider it moves (collider NAME)"))
            break;
        if (sid == S_CAST && !require(p, props, P_VELOCITY, P_COUNT, stmt_loc, what, name,
                                      "its displacement (velocity X Y Z)"))
            break;
        if (sid == S_SWING && !props[P_POSITION].present && !props[P_EULER].present && !props[P_QUAT].present &&
            !props[P_AXIS].present) {
            fail(p, stmt_loc, "swing '%s' needs the joint's pose at the end (position X Y Z and/or a rotation: "
                 "euler, quat or axis)", name);
            break;
        }
        tt_cast k;
        memset(&k, 0, sizeof k);
        k.name = name;
        k.loc = name_loc;
        k.swing = sid == S_SWING;
        k.collider_name = props[P_COLLIDER].name;
        k.collider_loc = props[P_COLLIDER].arg_loc[0];
        k.collider = -1;
        k.joint = -1;
        k.rotation = tc_quat_identity();
        if (props[P_VELOCITY].present) k.velocity = v3(&props[P_VELOCITY]);
        if (props[P_JOINT].present) { k.joint_name = props[P_JOINT].name; k.joint_loc = props[P_JOINT].arg_loc[0]; }
        /* The end pose: what is not given keeps the joint's own (filled in when names are resolved). */
        k.position = props[P_POSITION].present ? v3(&props[P_POSITION]) : tc_vec3_make(NAN, NAN, NAN);
        if (!rotation_of(p, props, &k.rotation)) break;
        if (!props[P_EULER].present && !props[P_QUAT].present && !props[P_AXIS].present)
            k.rotation = tc_quat_make(NAN, NAN, NAN, NAN);
        if (++p->moving > TT_MAX_MOVING) {
            fail(p, stmt_loc, "too many moving colliders, casts and swings: a scene sweeps at most %d", TT_MAX_MOVING);
            break;
        }
        tt_cast *slot = (tt_cast *)vec_push(&p->casts);
        if (slot) *slot = k; else p->out_of_memory = true;
        break;
    }
    case S_CLICK: {
        if (!require(p, props, P_AT, P_COUNT, stmt_loc, "click", name, "a pixel (at X Y)")) break;
        tt_click k;
        k.name = name;
        k.loc = name_loc;
        k.x = (float)props[P_AT].v[0];
        k.y = (float)props[P_AT].v[1];
        tt_click *slot = (tt_click *)vec_push(&p->clicks);
        if (slot) *slot = k; else p->out_of_memory = true;
        break;
    }
    case S_GRID: {
        if (p->grid.present) { fail(p, stmt_loc, "grid given twice"); break; }
        tt_grid g;
        g.present = true;
        g.height = props[P_HEIGHT].present ? (float)props[P_HEIGHT].v[0] : 0.0f;
        g.size = props[P_EXTENT].present ? (float)props[P_EXTENT].v[0] : 10.0f;
        g.step = props[P_STEP].present ? (float)props[P_STEP].v[0] : 1.0f;
        if (!(g.size >= 0.0f)) { fail(p, props[P_EXTENT].arg_loc[0], "grid size must not be negative"); break; }
        if (!(g.step > 0.0f) || g.size > 1000.0f * g.step) {
            fail(p, props[P_STEP].present ? props[P_STEP].arg_loc[0] : stmt_loc,
                 "grid step must be greater than zero and at least size/1000");
            break;
        }
        p->grid = g;
        break;
    }
    default:
        break;
    }
    skip_statement(p);
}

/* ---- names ------------------------------------------------------------------ */

unsigned long long tt_cost_steps;

enum { N_FRAME, N_COLLIDER, N_RAY, N_CLICK, N_CAST };
typedef struct name_entry { const char *name; tt_loc loc; int type; const char *what; int index; } name_entry;

/* Every name of the scene in one hash table (open addressing, linear
 * probing, at most half full), so each lookup costs O(1) whatever the names:
 * a file of 100,000 duplicates or unknown parents is checked in linear time. */
typedef struct tt_names {
    name_entry *entries;
    int count;
    int *slots;              /* index into entries, or -1 */
    size_t mask;             /* slot count - 1 (a power of two) */
} tt_names;

static size_t hash_name(const char *name)
{
    /* FNV-1a. */
    uint32_t h = 2166136261u;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) h = (h ^ *c) * 16777619u;
    return (size_t)h;
}

static size_t names_slot(const tt_names *t, const char *name)
{
    size_t i = hash_name(name) & t->mask;
    while (t->slots[i] >= 0 && strcmp(t->entries[t->slots[i]].name, name) != 0) {
        i = (i + 1) & t->mask;
        tt_cost_steps++;
    }
    tt_cost_steps++;
    return i;
}

static const name_entry *lookup(const tt_names *t, const char *name)
{
    if (!t || !t->slots) return NULL;
    int k = t->slots[names_slot(t, name)];
    return k >= 0 ? &t->entries[k] : NULL;
}

static int cmp_entry_loc(const void *a, const void *b)
{
    const name_entry *x = (const name_entry *)a, *y = (const name_entry *)b;
    if (x->loc.line != y->loc.line) return x->loc.line < y->loc.line ? -1 : 1;
    return (x->loc.column > y->loc.column) - (x->loc.column < y->loc.column);
}

/* Builds the table in the arena, in file order, reporting each name defined
 * again against its first definition. NULL when memory runs out. */
static tt_names *build_names(parser *p, const tt_scene *s)
{
    int total = s->frame_count + s->collider_count + s->ray_count + s->click_count + s->cast_count;
    tt_names *t = (tt_names *)arena_alloc(p->arena, sizeof *t);
    size_t slots = 16;
    while (slots < (size_t)total * 2u) slots *= 2u;
    if (t) {
        t->entries = (name_entry *)arena_alloc(p->arena, ((size_t)total + 1) * sizeof *t->entries);
        t->slots = (int *)arena_alloc(p->arena, slots * sizeof *t->slots);
    }
    if (!t || !t->entries || !t->slots) { p->out_of_memory = true; return NULL; }
    t->mask = slots - 1u;
    t->count = 0;
    for (size_t i = 0; i < slots; i++) t->slots[i] = -1;
    name_entry *e = t->entries;
    int n = 0;
    for (int i = 0; i < s->frame_count; i++)
        e[n++] = (name_entry){ s->frames[i].name, s->frames[i].loc, N_FRAME, "a frame", i };
    for (int i = 0; i < s->collider_count; i++) {
        static const char *const whats[] = { "a sphere", "a capsule", "an aabb", "a box", "a triangle", "a plane",
                                             "a hull", "a mesh" };
        e[n++] = (name_entry){ s->colliders[i].name, s->colliders[i].loc, N_COLLIDER, whats[s->colliders[i].kind], i };
    }
    for (int i = 0; i < s->ray_count; i++)
        e[n++] = (name_entry){ s->rays[i].name, s->rays[i].loc, N_RAY, "a ray", i };
    for (int i = 0; i < s->click_count; i++)
        e[n++] = (name_entry){ s->clicks[i].name, s->clicks[i].loc, N_CLICK, "a click", i };
    for (int i = 0; i < s->cast_count; i++)
        e[n++] = (name_entry){ s->casts[i].name, s->casts[i].loc, N_CAST, s->casts[i].swing ? "a swing" : "a cast", i };
    qsort(e, (size_t)n, sizeof *e, cmp_entry_loc);
    t->count = n;
    for (int i = 0; i < n; i++) {
        size_t slot = names_slot(t, e[i].name);
        if (t->slots[slot] < 0) {
            t->slots[slot] = i;
        } else {
            const name_entry *first = &e[t->slots[slot]];
            diag_at(p->diags, e[i].loc, "duplicate name '%s': already defined at line %d, column %d", e[i].name,
                    first->loc.line, first->loc.column);
        }
    }
    return t;
}

/* Resolves a parent name to a frame index; says what was expected if not. */
static int resolve_parent(parser *p, const tt_names *table, const char *name, tt_loc loc, const tt_frame *frames,
                          int frame_count)
{
    const name_entry *e = lookup(table, name);
    if (e && e->type == N_FRAME) return e->index;
    if (e) {
        diag_at(p->diags, loc, "'%s' is %s, not a frame: a parent must be a frame or bone", name, e->what);
        return -1;
    }
    /* Suggest the nearest frame name: a scan of every frame, so only for the
     * diagnostics that are kept (at most TT_MAX_ERRORS scans in all). */
    const char *pick = NULL;
    if (p->diags->count < TT_MAX_ERRORS) {
        int best = 3;
        for (int i = 0; i < frame_count; i++) {
            int d = edit_distance(name, (int)strlen(name), frames[i].name);
            if (d < best) { best = d; pick = frames[i].name; }
        }
        tt_cost_steps += (unsigned long long)frame_count;
    }
    if (pick)
        diag_at(p->diags, loc, "unknown parent '%s': expected the name of a frame (did you mean '%s'?)", name, pick);
    else
        diag_at(p->diags, loc, "unknown parent '%s': expected the name of a frame or bone declared in this file", name);
    return -1;
}

static void resolve(parser *p, tt_scene *s)
{
    tt_names *table = build_names(p, s);
    if (!table) return;
    s->names = table;
    for (int i = 0; i < s->frame_count; i++) {
        tt_frame *f = &s->frames[i];
        if (f->parent_name) f->parent = resolve_parent(p, table, f->parent_name, f->parent_loc, s->frames, s->frame_count);
    }
    for (int i = 0; i < s->collider_count; i++) {
        tt_collider *c = &s->colliders[i];
        if (c->parent_name) c->parent = resolve_parent(p, table, c->parent_name, c->parent_loc, s->frames, s->frame_count);
    }
    for (int i = 0; i < s->ray_count; i++) {
        tt_ray *r = &s->rays[i];
        if (r->parent_name) r->parent = resolve_parent(p, table, r->parent_name, r->parent_loc, s->frames, s->frame_count);
    }
    for (int i = 0; i < s->distance_count; i++) {
        tt_query *q = &s->distances[i];
        const char *names[2] = { q->a_name, q->b_name };
        tt_loc locs[2] = { q->a_loc, q->b_loc };
        int *idx[2] = { &q->a, &q->b };
        for (int k = 0; k < 2; k++) {
            const name_entry *e = lookup(table, names[k]);
            *idx[k] = -1;
            if (e && e->type == N_COLLIDER)
                *idx[k] = e->index;
            else if (e)
                diag_at(p->diags, locs[k], "'%s' is %s: a distance is measured between two colliders", names[k],
                        e->what);
            else
                diag_at(p->diags, locs[k], "unknown collider '%s' in distance: expected a collider's name", names[k]);
        }
        if (q->a >= 0 && q->a == q->b)
            diag_at(p->diags, q->b_loc, "distance from '%s' to itself: expected two different colliders", q->a_name);
    }

    for (int i = 0; i < s->cast_count; i++) {
        tt_cast *k = &s->casts[i];
        const name_entry *e = lookup(table, k->collider_name);
        if (!e || e->type != N_COLLIDER) {
            if (e) diag_at(p->diags, k->collider_loc, "'%s' is %s: a %s moves a collider", k->collider_name, e->what,
                           k->swing ? "swing" : "cast");
            else diag_at(p->diags, k->collider_loc, "unknown collider '%s': expected the name of the collider it moves",
                         k->collider_name);
            continue;
        }
        k->collider = e->index;
        if (!k->swing) continue;
        const tt_collider *c = &s->colliders[k->collider];
        if (k->joint_name) {
            const name_entry *j = lookup(table, k->joint_name);
            if (!j || j->type != N_FRAME) {
                diag_at(p->diags, k->joint_loc, "%s '%s' is not a frame: a swing's joint is a frame at or above "
                        "the collider", j ? j->what : "unknown name", k->joint_name);
                continue;
            }
            k->joint = j->index;
        } else if (c->parent_name) {
            /* Resolved below with the colliders' parents. */
            k->joint = -2;
        } else {
            diag_at(p->diags, k->loc, "swing '%s': collider '%s' hangs from no frame; give it a parent and the swing a "
                    "joint", k->name, c->name);
        }
    }

    /* Cycles: walk up from each frame, marking the walk; meeting the walk's
     * own mark again is a cycle. Iterative, so deep chains cannot overflow. */
    int *mark = (int *)calloc((size_t)s->frame_count + 1, sizeof *mark);
    if (!mark) { p->out_of_memory = true; return; }
    for (int i = 0; i < s->frame_count; i++) {
        int f = i;
        while (f >= 0 && mark[f] == 0) {
            mark[f] = i + 1;
            f = s->frames[f].parent;
            tt_cost_steps++;
        }
        if (f >= 0 && mark[f] == i + 1) {
            /* f is on a cycle: report once, at its parent reference, naming the loop. */
            char path[200] = "";
            int g = f, steps = 0;
            do {
                size_t used = strlen(path);
                snprintf(path + used, sizeof path - used, "%s -> ", s->frames[g].name);
                g = s->frames[g].parent;
            } while (g != f && ++steps < 8);
            size_t used = strlen(path);
            snprintf(path + used, sizeof path - used, "%s%s", g == f ? "" : "... -> ", s->frames[f].name);
            diag_at(p->diags, s->frames[f].parent_loc, "parent cycle: %s; a frame cannot be its own ancestor",
                    path);
            /* The loop's frames keep their marks, so later walks stop there. */
        }
    }
    free(mark);

    /* A swing's joint is the collider's parent or one of its ancestors;
     * what the end pose leaves out is the joint's own. */
    for (int i = 0; i < s->cast_count && p->diags->count == 0; i++) {
        tt_cast *k = &s->casts[i];
        if (!k->swing || k->collider < 0) continue;
        int parent = s->colliders[k->collider].parent;
        if (k->joint == -2) k->joint = parent;
        bool above = false;
        for (int f = parent; f >= 0 && !above; f = s->frames[f].parent) {
            above = f == k->joint;
            tt_cost_steps++;
        }
        if (!above) {
            diag_at(p->diags, k->joint_loc, "joint '%s' is not above collider '%s': a swing turns a frame the collider "
                    "hangs from", s->frames[k->joint].name, s->colliders[k->collider].name);
            continue;
        }
        if (isnan(k->position.x)) k->position = s->frames[k->joint].position;
        if (isnan(k->rotation.w)) k->rotation = s->frames[k->joint].rotation;
    }

    /* Clicks need the camera; they must land in its viewport. */
    for (int i = 0; i < s->click_count; i++) {
        const tt_click *k = &s->clicks[i];
        if (!s->camera.present) {
            diag_at(p->diags, k->loc, "click '%s' needs a camera: expected a 'camera position ... target ...' line",
                    k->name);
        } else if (!(k->x >= 0.0f && k->y >= 0.0f && k->x <= (float)s->camera.width &&
                     k->y <= (float)s->camera.height)) {
            diag_at(p->diags, k->loc, "click '%s' at %g %g is outside the %dx%d viewport", k->name, k->x, k->y,
                    s->camera.width, s->camera.height);
        }
    }
}

/* ---- entry points ----------------------------------------------------------- */

static void *move_to_arena(parser *p, vec *v)
{
    if (v->count == 0) { free(v->data); return NULL; }
    void *dst = arena_alloc(p->arena, (size_t)v->count * v->item);
    if (dst) memcpy(dst, v->data, (size_t)v->count * v->item);
    else p->out_of_memory = true;
    free(v->data);
    v->data = NULL;
    return dst;
}

tt_scene *tt_scene_parse(const char *text, size_t size, tt_diags *diags)
{
    return tt_scene_parse_in(text, size, NULL, diags);
}

tt_scene *tt_scene_parse_in(const char *text, size_t size, const char *dir, tt_diags *diags)
{
    memset(diags, 0, sizeof *diags);
    tt_arena *arena = (tt_arena *)calloc(1, sizeof *arena);
    tt_scene *s = (tt_scene *)calloc(1, sizeof *s);
    if (!arena || !s) {
        free(arena);
        free(s);
        diag_at(diags, (tt_loc){ 1, 1 }, "out of memory");
        return NULL;
    }
    parser p;
    memset(&p, 0, sizeof p);
    p.diags = diags;
    p.arena = arena;
    p.frames.item = sizeof(tt_frame);
    p.colliders.item = sizeof(tt_collider);
    p.rays.item = sizeof(tt_ray);
    p.clicks.item = sizeof(tt_click);
    p.distances.item = sizeof(tt_query);
    p.casts.item = sizeof(tt_cast);
    p.hulls.item = sizeof(tc_hull_data *);
    p.meshes.item = sizeof(tc_mesh_data *);
    p.list.item = sizeof(double);
    p.list_locs.item = sizeof(tt_loc);
    p.dir = dir;
    tt_lexer_init(&p.lx, text, size);
    advance(&p);
    while (p.tok.kind != TT_TOK_EOF) {
        if (p.tok.kind == TT_TOK_END) { advance(&p); continue; }
        parse_statement(&p);
        tt_cost_steps++;
    }
    s->arena = arena;
    s->title = p.title;
    s->camera = p.camera;
    s->grid = p.grid;
    s->frame_count = p.frames.count;
    s->collider_count = p.colliders.count;
    s->ray_count = p.rays.count;
    s->click_count = p.clicks.count;
    s->distance_count = p.distances.count;
    s->cast_count = p.casts.count;
    s->frames = (tt_frame *)move_to_arena(&p, &p.frames);
    s->colliders = (tt_collider *)move_to_arena(&p, &p.colliders);
    s->rays = (tt_ray *)move_to_arena(&p, &p.rays);
    s->clicks = (tt_click *)move_to_arena(&p, &p.clicks);
    s->distances = (tt_query *)move_to_arena(&p, &p.distances);
    s->casts = (tt_cast *)move_to_arena(&p, &p.casts);
    free(p.list.data);
    free(p.list_locs.data);
    /* The data is the scene's from here: tt_scene_free destroys it. */
    s->hull_data = (tc_hull_data **)p.hulls.data;
    s->hull_data_count = p.hulls.count;
    s->mesh_data = (tc_mesh_data **)p.meshes.data;
    s->mesh_data_count = p.meshes.count;

    if (diags->count == 0) {
        if (s->collider_count == 0 && s->ray_count == 0)
            diag_at(diags, (tt_loc){ 1, 1 }, "empty scene: expected at least one collider (sphere, capsule, aabb, "
                    "box, triangle, plane, hull, cylinder, cone or mesh)");
        else
            resolve(&p, s);
    }
    if (p.out_of_memory) diag_at(diags, (tt_loc){ 1, 1 }, "out of memory");
    if (diags->count > 0) {
        tt_scene_free(s);
        return NULL;
    }
    return s;
}

char *tt_read_file(const char *path, const char *what, size_t *size_out, char *why, size_t why_size)
{
    *size_out = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_size, "cannot open %s: %s", what, strerror(errno));
        return NULL;
    }
    size_t cap = 65536, size = 0;
    char *buf = (char *)malloc(cap);
    const size_t limit = (size_t)64 << 20;
    while (buf) {
        if (size == cap) {
            if (cap >= limit) break;
            char *grown = (char *)realloc(buf, cap * 2);
            if (!grown) { free(buf); buf = NULL; break; }
            buf = grown;
            cap *= 2;
        }
        size_t n = fread(buf + size, 1, cap - size, f);
        size += n;
        if (n == 0) break;
    }
    /* A full buffer at the limit is a file of exactly 64 MiB unless one more
     * byte follows. */
    bool too_large = buf && size == cap && cap >= limit && fgetc(f) != EOF;
    bool read_error = ferror(f) != 0;
    fclose(f);
    if (!buf || read_error || too_large) {
        free(buf);
        if (read_error) snprintf(why, why_size, "cannot read %s", what);
        else if (too_large) snprintf(why, why_size, "%s is larger than 64 MiB", what);
        else snprintf(why, why_size, "out of memory");
        return NULL;
    }
    *size_out = size;
    return buf;
}

tt_scene *tt_scene_load_file(const char *path, tt_diags *diags)
{
    memset(diags, 0, sizeof *diags);
    char why[160];
    size_t size = 0;
    char *buf = tt_read_file(path, "the scene file", &size, why, sizeof why);
    if (!buf) {
        diag_at(diags, (tt_loc){ 0, 0 }, "%s", why);
        return NULL;
    }
    /* Mesh files are read from the scene's directory. */
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    tt_scene *s = tt_scene_parse_in(buf, size, dir, diags);
    free(buf);
    return s;
}

void tt_scene_free(tt_scene *scene)
{
    if (!scene) return;
    for (int i = 0; i < scene->hull_data_count; i++) tc_hull_data_destroy(scene->hull_data[i]);
    for (int i = 0; i < scene->mesh_data_count; i++) tc_mesh_data_destroy(scene->mesh_data[i]);
    free(scene->hull_data);
    free(scene->mesh_data);
    if (scene->arena) {
        arena_free(scene->arena);
        free(scene->arena);
    }
    free(scene);
}

int tt_scene_find_collider(const tt_scene *scene, const char *name)
{
    const name_entry *e = lookup(scene->names, name);
    return e && e->type == N_COLLIDER ? e->index : -1;
}

const char *tt_shape_kind_name(tt_shape_kind kind)
{
    static const char *const names[] = { "sphere", "capsule", "aabb", "box", "triangle", "plane", "hull", "mesh" };
    return (unsigned)kind < (unsigned)TT_SHAPE_KIND_COUNT ? names[kind] : "?";
}

void tt_diags_print(const tt_diags *diags, const char *path, void *out_file)
{
    FILE *out = (FILE *)out_file;
    for (int i = 0; i < diags->count; i++) {
        const tt_diag *d = &diags->items[i];
        const char *where = d->file[0] ? d->file : path;
        if (d->loc.line > 0)
            fprintf(out, "%s:%d:%d: %s\n", where, d->loc.line, d->loc.column, d->message);
        else
            fprintf(out, "%s: %s\n", where, d->message);
    }
    if (diags->dropped > 0)
        fprintf(out, "%s: %d more error%s not shown\n", path, diags->dropped, diags->dropped == 1 ? "" : "s");
}
