/* SPDX-License-Identifier: MIT */
#include "tool_test.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>
#define tool_pid() ((int)getpid())
#else
#define tool_pid() 0
#endif

/* ---- files and processes ---------------------------------------------------- */

char *read_whole_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = (char *)malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            char *g = (char *)realloc(buf, cap * 2);
            if (!g) { free(buf); buf = NULL; break; }
            buf = g;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        if (got == 0) break;
        n += got;
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = '\0';
    if (size) *size = n;
    return buf;
}

bool write_whole_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(data, 1, size, f) == size;
    return (fclose(f) == 0) && ok;
}

const char *work_path(const char *name)
{
    static char buf[4][1024];
    static int slot;
    slot = (slot + 1) % 4;
    snprintf(buf[slot], sizeof buf[slot], "%s/%s", TOUCHE_TEST_WORK_DIR, name);
    return buf[slot];
}

const char *example_path(const char *name)
{
    static char buf[4][1024];
    static int slot;
    slot = (slot + 1) % 4;
    snprintf(buf[slot], sizeof buf[slot], "%s/examples/scenes/%s", TOUCHE_SOURCE_DIR, name);
    return buf[slot];
}

tool_run tool_exec(const char *args)
{
    tool_run r = { -1, NULL, NULL };
    static int counter;
    char out_name[64], err_name[64], cmd[4096];
    ++counter;
    snprintf(out_name, sizeof out_name, "run_%d_%d.out", tool_pid(), counter);
    snprintf(err_name, sizeof err_name, "run_%d_%d.err", tool_pid(), counter);
    char out_path[1024], err_path[1024];
    snprintf(out_path, sizeof out_path, "%s", work_path(out_name));
    snprintf(err_path, sizeof err_path, "%s", work_path(err_name));
    snprintf(cmd, sizeof cmd, "\"%s\" %s >\"%s\" 2>\"%s\"", TOUCHE_TOOL_PATH, args, out_path, err_path);
    int status = system(cmd);
#if !defined(_WIN32)
    if (status != -1 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
#else
    r.exit_code = status;
#endif
    r.out = read_whole_file(out_path, NULL);
    r.err = read_whole_file(err_path, NULL);
    if (!r.out) r.out = (char *)calloc(1, 1);
    if (!r.err) r.err = (char *)calloc(1, 1);
    remove(out_path);
    remove(err_path);
    return r;
}

tool_run tool_exec_scene(const char *command, const char *scene_name, const char *text, const char *svg_name,
                         const char *more)
{
    char scene[1024], args[3200];
    snprintf(scene, sizeof scene, "%s", work_path(scene_name));
    if (!write_whole_file(scene, text, strlen(text))) {
        tool_run r = { -1, (char *)calloc(1, 1), (char *)calloc(1, 1) };
        return r;
    }
    if (svg_name) {
        char svg[1024];
        snprintf(svg, sizeof svg, "%s", work_path(svg_name));
        snprintf(args, sizeof args, "%s \"%s\" --svg \"%s\" %s", command, scene, svg, more);
    } else {
        snprintf(args, sizeof args, "%s \"%s\" %s", command, scene, more);
    }
    return tool_exec(args);
}

void tool_run_free(tool_run *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

/* ---- JSON --------------------------------------------------------------------- */

typedef struct jp { const char *s; bool bad; int depth; } jp;

static void ws(jp *p)
{
    while (*p->s == ' ' || *p->s == '\n' || *p->s == '\r' || *p->s == '\t') p->s++;
}

static char *parse_string_raw(jp *p)
{
    if (*p->s != '"') { p->bad = true; return NULL; }
    p->s++;
    size_t cap = 32, n = 0;
    char *out = (char *)malloc(cap);
    while (out && *p->s && *p->s != '"') {
        char c = *p->s++;
        if ((unsigned char)c < 0x20) { p->bad = true; break; }
        if (c == '\\') {
            char e = *p->s++;
            switch (e) {
            case '"': c = '"'; break;
            case '\\': c = '\\'; break;
            case '/': c = '/'; break;
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned v = 0;
                for (int i = 0; i < 4; i++) {
                    char h = *p->s++;
                    if (!isxdigit((unsigned char)h)) { p->bad = true; break; }
                    v = v * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : (tolower((unsigned char)h) - 'a' + 10));
                }
                c = v < 0x80 ? (char)v : '?';
                break;
            }
            default: p->bad = true; break;
            }
            if (p->bad) break;
        }
        if (n + 2 >= cap) {
            char *g = (char *)realloc(out, cap * 2);
            if (!g) { free(out); out = NULL; break; }
            out = g;
            cap *= 2;
        }
        out[n++] = c;
    }
    if (!out || p->bad || *p->s != '"') {
        free(out);
        p->bad = true;
        return NULL;
    }
    p->s++;
    out[n] = '\0';
    return out;
}

/* Frees what a value holds but not the value: members live inside their parent's array. */
static void json_free_inner(json *j)
{
    for (int i = 0; i < j->count; i++) json_free_inner(&j->items[i]);
    free(j->items);
    free(j->string);
    free(j->key);
    memset(j, 0, sizeof *j);
}

static void parse_value(jp *p, json *v);

static void push_item(jp *p, json *container, json *item)
{
    json *g = (json *)realloc(container->items, (size_t)(container->count + 1) * sizeof *g);
    if (!g) { p->bad = true; json_free_inner(item); return; }
    container->items = g;
    container->items[container->count++] = *item;
}

static void parse_value(jp *p, json *v)
{
    memset(v, 0, sizeof *v);
    ws(p);
    if (++p->depth > 64) { p->bad = true; return; }
    char c = *p->s;
    if (c == '{' || c == '[') {
        bool obj = c == '{';
        v->type = obj ? JSON_OBJECT : JSON_ARRAY;
        p->s++;
        ws(p);
        if (*p->s == (obj ? '}' : ']')) { p->s++; p->depth--; return; }
        for (;;) {
            json item;
            char *key = NULL;
            ws(p);
            if (obj) {
                key = parse_string_raw(p);
                if (p->bad) return;
                ws(p);
                if (*p->s != ':') { free(key); p->bad = true; return; }
                p->s++;
            }
            parse_value(p, &item);
            item.key = key;
            if (p->bad) { json_free_inner(&item); return; }
            push_item(p, v, &item);
            ws(p);
            if (*p->s == ',') { p->s++; continue; }
            if (*p->s == (obj ? '}' : ']')) { p->s++; break; }
            p->bad = true;
            return;
        }
    } else if (c == '"') {
        v->type = JSON_STRING;
        v->string = parse_string_raw(p);
    } else if (!strncmp(p->s, "true", 4)) {
        v->type = JSON_BOOL; v->boolean = true; p->s += 4;
    } else if (!strncmp(p->s, "false", 5)) {
        v->type = JSON_BOOL; p->s += 5;
    } else if (!strncmp(p->s, "null", 4)) {
        v->type = JSON_NULL; p->s += 4;
    } else if (c == '-' || isdigit((unsigned char)c)) {
        char *end;
        v->type = JSON_NUMBER;
        v->number = strtod(p->s, &end);
        if (end == p->s) p->bad = true;
        p->s = end;
    } else {
        p->bad = true;
    }
    p->depth--;
}

json *json_parse(const char *text)
{
    jp p = { text, false, 0 };
    json *root = (json *)calloc(1, sizeof *root);
    if (!root) return NULL;
    parse_value(&p, root);
    ws(&p);
    if (p.bad || *p.s) {
        json_free(root);
        return NULL;
    }
    return root;
}

void json_free(json *j)
{
    if (!j) return;
    json_free_inner(j);
    free(j);
}

const json *json_get(const json *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT) return NULL;
    for (int i = 0; i < obj->count; i++)
        if (obj->items[i].key && strcmp(obj->items[i].key, key) == 0) return &obj->items[i];
    return NULL;
}

const json *json_at(const json *arr, int index)
{
    if (!arr || arr->type != JSON_ARRAY || index < 0 || index >= arr->count) return NULL;
    return &arr->items[index];
}

double json_num(const json *j) { return j && j->type == JSON_NUMBER ? j->number : NAN; }
const char *json_str(const json *j) { return j && j->type == JSON_STRING && j->string ? j->string : ""; }

bool json_vec3(const json *j, double out[3])
{
    if (!j || j->type != JSON_ARRAY || j->count != 3) return false;
    for (int i = 0; i < 3; i++) {
        if (j->items[i].type != JSON_NUMBER) return false;
        out[i] = j->items[i].number;
    }
    return true;
}

/* ---- XML ------------------------------------------------------------------------- */

static bool name_start(char c) { return isalpha((unsigned char)c) || c == '_' || c == ':'; }
static bool name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == ':' || c == '-' || c == '.'; }

static bool check_text(const char *s, const char *end, char *why, size_t n)
{
    for (const char *p = s; p < end; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') { snprintf(why, n, "control byte 0x%02x", c); return false; }
        if (c == '<') { snprintf(why, n, "'<' in text or attribute"); return false; }
        if (c == '&') {
            static const char *const ents[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&apos;" };
            bool ok = false;
            for (int i = 0; i < 5 && !ok; i++) ok = strncmp(p, ents[i], strlen(ents[i])) == 0;
            if (!ok && p[1] == '#') {
                const char *q = p + 2;
                if (*q == 'x') q++;
                while (isxdigit((unsigned char)*q)) q++;
                ok = *q == ';' && q > p + 2;
            }
            if (!ok) { snprintf(why, n, "bad entity near '%.10s'", p); return false; }
        }
    }
    return true;
}

bool xml_well_formed(const char *text, char *why, size_t n)
{
    const char *stack[256];
    size_t lens[256];
    int depth = 0, roots = 0;
    const char *p = text;
    if (!strncmp(p, "<?xml", 5)) {
        const char *e = strstr(p, "?>");
        if (!e) { snprintf(why, n, "unterminated XML declaration"); return false; }
        p = e + 2;
    }
    while (*p) {
        if (*p != '<') {
            const char *e = strchr(p, '<');
            if (!e) e = p + strlen(p);
            if (depth == 0) {
                for (const char *q = p; q < e; q++)
                    if (!isspace((unsigned char)*q)) { snprintf(why, n, "text outside the root element"); return false; }
            } else if (!check_text(p, e, why, n)) {
                return false;
            }
            p = e;
            continue;
        }
        if (!strncmp(p, "<!--", 4)) {
            const char *e = strstr(p + 4, "-->");
            if (!e) { snprintf(why, n, "unterminated comment"); return false; }
            p = e + 3;
            continue;
        }
        if (p[1] == '/') {
            const char *q = p + 2, *s = q;
            while (name_char(*q)) q++;
            size_t len = (size_t)(q - s);
            while (isspace((unsigned char)*q)) q++;
            if (*q != '>') { snprintf(why, n, "malformed end tag"); return false; }
            if (depth == 0 || lens[depth - 1] != len || strncmp(stack[depth - 1], s, len)) {
                snprintf(why, n, "end tag </%.*s> does not match", (int)len, s);
                return false;
            }
            depth--;
            p = q + 1;
            continue;
        }
        const char *q = p + 1;
        if (!name_start(*q)) { snprintf(why, n, "bad tag name near '%.10s'", p); return false; }
        const char *s = q;
        while (name_char(*q)) q++;
        size_t len = (size_t)(q - s);
        if (depth == 0 && ++roots > 1) { snprintf(why, n, "more than one root element"); return false; }
        /* Attributes: name="value", each name once. */
        const char *names[64];
        size_t name_lens[64];
        int attrs = 0;
        for (;;) {
            const char *before = q;
            while (isspace((unsigned char)*q)) q++;
            if (*q == '>' || (*q == '/' && q[1] == '>')) break;
            if (q == before) { snprintf(why, n, "missing space before attribute in <%.*s>", (int)len, s); return false; }
            if (!name_start(*q)) { snprintf(why, n, "bad attribute in <%.*s>", (int)len, s); return false; }
            const char *an = q;
            while (name_char(*q)) q++;
            size_t al = (size_t)(q - an);
            for (int i = 0; i < attrs; i++)
                if (name_lens[i] == al && !strncmp(names[i], an, al)) {
                    snprintf(why, n, "attribute %.*s repeated", (int)al, an);
                    return false;
                }
            if (attrs < 64) { names[attrs] = an; name_lens[attrs] = al; attrs++; }
            if (*q != '=') { snprintf(why, n, "attribute %.*s without value", (int)al, an); return false; }
            q++;
            char quote = *q;
            if (quote != '"' && quote != '\'') { snprintf(why, n, "unquoted attribute %.*s", (int)al, an); return false; }
            const char *v = ++q;
            while (*q && *q != quote) q++;
            if (!*q) { snprintf(why, n, "unterminated attribute value"); return false; }
            if (!check_text(v, q, why, n)) return false;
            q++;
        }
        if (*q == '/') {
            p = q + 2;
            continue;
        }
        if (depth >= 256) { snprintf(why, n, "nesting too deep"); return false; }
        stack[depth] = s;
        lens[depth] = len;
        depth++;
        p = q + 1;
    }
    if (depth != 0) { snprintf(why, n, "unclosed element <%.*s>", (int)lens[depth - 1], stack[depth - 1]); return false; }
    if (roots != 1) { snprintf(why, n, "no root element"); return false; }
    return true;
}

long text_difference(const char *a, const char *b, double tolerance)
{
    const char *p = a, *q = b;
    while (*p && *q) {
        bool pn = (*p >= '0' && *p <= '9') || ((*p == '-' || *p == '.') && p[1] >= '0' && p[1] <= '9');
        bool qn = (*q >= '0' && *q <= '9') || ((*q == '-' || *q == '.') && q[1] >= '0' && q[1] <= '9');
        if (pn && qn) {
            char *pe, *qe;
            double x = strtod(p, &pe), y = strtod(q, &qe);
            if (!(fabs(x - y) <= tolerance + 1e-6 * fabs(x))) return (long)(p - a);
            p = pe;
            q = qe;
            continue;
        }
        if (*p != *q) return (long)(p - a);
        p++;
        q++;
    }
    return *p == *q ? -1 : (long)(p - a);
}
