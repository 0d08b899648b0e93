/* SPDX-License-Identifier: MIT */
/* Helpers for the tool's tests: running the touche binary, reading files, a
 * small JSON reader and an XML well-formedness checker. Independent of the
 * tool's own code, so they can judge its output. */
#ifndef TOOL_TEST_H
#define TOOL_TEST_H

#include <stdbool.h>
#include <stddef.h>

/* ---- running the tool ---- */
typedef struct tool_run {
    int exit_code;           /* -1 when it did not exit normally */
    char *out;               /* stdout, NUL-terminated */
    char *err;               /* stderr */
} tool_run;

/* Runs TOUCHE_TOOL_PATH with the arguments (already shell-safe words). */
tool_run tool_exec(const char *args);
void tool_run_free(tool_run *r);
/* Writes `text` to the work file `scene_name`, then runs the tool as
 * COMMAND "SCENE" [--svg "SVG"] MORE, the picture at work_path(svg_name)
 * (svg_name NULL: no picture; more may be ""). */
tool_run tool_exec_scene(const char *command, const char *scene_name, const char *text, const char *svg_name,
                         const char *more);

/* Whole file as a NUL-terminated string (size in *size); NULL if unreadable. */
char *read_whole_file(const char *path, size_t *size);
bool write_whole_file(const char *path, const void *data, size_t size);
/* A path under the tests' work directory. */
const char *work_path(const char *name);
const char *example_path(const char *name);

/* ---- JSON ---- */
typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;
typedef struct json {
    json_type type;
    bool boolean;
    double number;
    char *string;            /* JSON_STRING; also the key when inside an object */
    char *key;
    struct json *items;      /* array elements or object members */
    int count;
} json;

/* Parses a whole document; NULL on any syntax error. */
json *json_parse(const char *text);
/* Frees a document json_parse returned, root and contents (NULL is fine). */
void json_free(json *j);
const json *json_get(const json *obj, const char *key);   /* NULL if absent or not an object */
const json *json_at(const json *arr, int index);
double json_num(const json *j);                           /* NaN if not a number */
const char *json_str(const json *j);                      /* "" if not a string */
bool json_vec3(const json *j, double out[3]);

/* ---- XML ---- */
/* True when the text is well-formed XML (one root element, balanced and
 * properly nested tags, quoted attributes, known entities); on failure a
 * reason is written to why. */
/* Compares two texts token by token: numbers within `tolerance` (printed
 * to a few decimals; builds may differ in the last bit), everything else
 * exactly. Returns the byte offset in `a` of the first difference, or -1. */
long text_difference(const char *a, const char *b, double tolerance);
bool xml_well_formed(const char *text, char *why, size_t why_size);

#endif
