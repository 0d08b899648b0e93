/* SPDX-License-Identifier: MIT */
/* touche: scene files in, collisions, ray hits and a picture out.
 *
 *   touche run SCENE [--svg FILE] [--json]
 *   touche check SCENE
 *   touche explain SCENE A B [--svg FILE] [--json]
 *
 * Exit codes: 0 success; 1 an output file could not be written; 2 bad input
 * (the scene has errors, or explain was given names that are not two boxes);
 * 64 the command line itself is wrong. On exit code 2 nothing but the
 * diagnostics (on stderr) is printed.
 */
/* realpath and lstat (POSIX 2008 with XSI), before any header. */
#if !defined(_WIN32) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include "eval.h"
#include "explain.h"
#include "report.h"
#include "scene.h"
#include "svg.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_OUTPUT = 1, EXIT_INPUT = 2, EXIT_USAGE = 64 };

static const char usage_text[] =
    "usage:\n"
    "  touche run SCENE [--svg FILE] [--json]     report overlaps, contacts, rays, picks, sweeps, distances\n"
    "  touche check SCENE                         validate a scene: prints nothing when it is fine\n"
    "  touche explain SCENE A B [--svg FILE] [--json]\n"
    "                                             the 15 separating axes of boxes A and B\n"
    "  touche help | version\n"
    "\n"
    "exit codes: 0 success, 1 cannot write an output file, 2 bad input (errors are printed as\n"
    "FILE:LINE:COLUMN: message), 64 bad command line. The scene format: docs/scene-format.md\n";

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "touche: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage_text);
    return EXIT_USAGE;
}

typedef struct options {
    const char *scene;
    const char *svg;
    const char *names[2];
    int name_count;
    bool json;
} options;

/* Parses what follows the command; `names` is how many positional names the
 * command takes after the scene. */
static int parse_options(int argc, char **argv, int names, bool allow_outputs, options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (allow_outputs && strcmp(a, "--json") == 0) {
            o->json = true;
        } else if (allow_outputs && strcmp(a, "--svg") == 0) {
            if (i + 1 >= argc) return usage_error("--svg needs a file name%s", "");
            o->svg = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (!o->scene) {
            o->scene = a;
        } else if (o->name_count < names) {
            o->names[o->name_count++] = a;
        } else {
            return usage_error("unexpected argument '%s'", a);
        }
    }
    if (!o->scene) return usage_error("missing the scene file%s", "");
    if (o->name_count < names) return usage_error("explain needs two collider names after the scene%s", "");
    return 0;
}

static tt_scene *load(const char *path)
{
    tt_diags diags;
    tt_scene *s = tt_scene_load_file(path, &diags);
    if (!s) tt_diags_print(&diags, path, stderr);
    return s;
}

/* Writes through a temporary file and renames it, so a failed run never
 * leaves half a picture where the last good one was.
 *
 * The temporary file sits in the destination's directory (rename needs the
 * same file system) under a short name of its own, ".touche-PID.tmp", so a
 * destination whose name is already NAME_MAX (255) bytes long works too.
 * When the destination is a symbolic link, the picture is written through
 * it: the file it points to is replaced and the link stays (as `cp` or a
 * shell redirection would do); a link to nothing is refused. */
typedef bool (*writer_fn)(FILE *out, const void *ctx);

#if !defined(_WIN32)
#include <sys/stat.h>
#include <unistd.h>
#define tt_getpid() ((long)getpid())
#else
#include <process.h>
#define tt_getpid() ((long)_getpid())
#endif

/* The file a write to `path` should replace: `path` itself, or the end of
 * its chain of symbolic links. Returns a malloc'd string, or NULL (with a
 * message printed) when the path cannot be written through. */
static char *write_target(const char *path)
{
#if !defined(_WIN32)
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *target = realpath(path, NULL);
        if (!target) {
            fprintf(stderr, "touche: cannot write %s: it is a symbolic link to a file that cannot be reached (%s)\n",
                    path, strerror(errno));
        }
        return target;
    }
#endif
    size_t n = strlen(path);
    char *copy = (char *)malloc(n + 1);
    if (copy) memcpy(copy, path, n + 1);
    else fprintf(stderr, "touche: cannot write %s: out of memory\n", path);
    return copy;
}

static bool write_file(const char *path, writer_fn fn, const void *ctx)
{
    char *target = write_target(path);
    if (!target) return false;
    /* The directory part of the target, then a temporary name of our own. */
    size_t dir_len = strlen(target);
    while (dir_len > 0 && target[dir_len - 1] != '/'
#if defined(_WIN32)
           && target[dir_len - 1] != '\\'
#endif
    )
        dir_len--;
    char name[64];
    snprintf(name, sizeof name, ".touche-%ld.tmp", tt_getpid());
    size_t name_len = strlen(name);
    char *tmp = (char *)malloc(dir_len + name_len + 1);
    if (!tmp) {
        fprintf(stderr, "touche: cannot write %s: out of memory\n", path);
        free(target);
        return false;
    }
    memcpy(tmp, target, dir_len);
    memcpy(tmp + dir_len, name, name_len + 1);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        fprintf(stderr, "touche: cannot write %s: %s\n", path, strerror(errno));
        free(tmp);
        free(target);
        return false;
    }
    bool ok = fn(f, ctx);
    ok = (fclose(f) == 0) && ok;
    if (ok && rename(tmp, target) != 0) ok = false;
    if (!ok) {
        fprintf(stderr, "touche: cannot write %s: %s\n", path, strerror(errno ? errno : EIO));
        remove(tmp);
    }
    free(tmp);
    free(target);
    return ok;
}

typedef struct run_ctx { const char *path; const tt_scene *s; const tt_result *r; const tt_explain *e; } run_ctx;

static bool write_scene_svg(FILE *out, const void *ctx)
{
    const run_ctx *c = (const run_ctx *)ctx;
    return tt_svg_write(out, c->path, c->s, c->r);
}

static bool write_explain_svg(FILE *out, const void *ctx)
{
    const run_ctx *c = (const run_ctx *)ctx;
    return tt_explain_svg(out, c->path, c->e);
}

static int finish_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "touche: cannot write the report: %s\n", strerror(errno));
        return EXIT_OUTPUT;
    }
    return 0;
}

/* Loads and evaluates a scene. NULL (with *rc set to the exit code) when the
 * scene is malformed or memory runs out; otherwise the caller frees both. */
static tt_scene *load_and_eval(const char *path, tt_result *r, int *rc)
{
    tt_scene *s = load(path);
    if (!s) {
        *rc = EXIT_INPUT;
        return NULL;
    }
    if (!tt_eval(s, r)) {
        fprintf(stderr, "touche: out of memory\n");
        tt_scene_free(s);
        *rc = EXIT_OUTPUT;
        return NULL;
    }
    return s;
}

static int cmd_run(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, 0, true, &o);
    if (rc) return rc;
    tt_result r;
    tt_scene *s = load_and_eval(o.scene, &r, &rc);
    if (!s) return rc;
    run_ctx ctx = { o.scene, s, &r, NULL };
    if (o.svg && !write_file(o.svg, write_scene_svg, &ctx)) rc = EXIT_OUTPUT;
    if (rc == 0) {
        if (o.json) tt_report_json(stdout, o.scene, s, &r);
        else tt_report_text(stdout, o.scene, s, &r);
        rc = finish_stdout();
    }
    tt_result_free(&r);
    tt_scene_free(s);
    return rc;
}

static int cmd_check(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, 0, false, &o);
    if (rc) return rc;
    tt_scene *s = load(o.scene);
    if (!s) return EXIT_INPUT;
    tt_scene_free(s);
    return 0;
}

static int cmd_explain(int argc, char **argv)
{
    options o;
    int rc = parse_options(argc, argv, 2, true, &o);
    if (rc) return rc;
    tt_result r;
    tt_scene *s = load_and_eval(o.scene, &r, &rc);
    if (!s) return rc;
    tc_obb boxes[2];
    for (int k = 0; k < 2 && rc == 0; k++) {
        int i = tt_scene_find_collider(s, o.names[k]);
        if (i < 0) {
            fprintf(stderr, "%s: no collider named '%s': explain needs the names of two boxes\n", o.scene, o.names[k]);
            rc = EXIT_INPUT;
        } else if (!tt_shape_as_obb(&r.shapes[i], &boxes[k])) {
            fprintf(stderr, "%s:%d:%d: '%s' is a %s: explain needs two boxes (box or aabb)\n", o.scene,
                    s->colliders[i].loc.line, s->colliders[i].loc.column, o.names[k],
                    tt_shape_kind_name(s->colliders[i].kind));
            rc = EXIT_INPUT;
        }
    }
    if (rc == 0) {
        tt_explain e;
        tt_explain_compute(&e, &boxes[0], &boxes[1], o.names[0], o.names[1]);
        run_ctx ctx = { o.scene, s, &r, &e };
        if (o.svg && !write_file(o.svg, write_explain_svg, &ctx)) rc = EXIT_OUTPUT;
        if (rc == 0) {
            if (o.json) tt_explain_json(stdout, o.scene, &e);
            else tt_explain_text(stdout, o.scene, &e);
            rc = finish_stdout();
        }
    }
    tt_result_free(&r);
    tt_scene_free(s);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "run") == 0) return cmd_run(argc - 2, argv + 2);
    if (strcmp(cmd, "check") == 0) return cmd_check(argc - 2, argv + 2);
    if (strcmp(cmd, "explain") == 0) return cmd_explain(argc - 2, argv + 2);
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        fputs(usage_text, stdout);
        return finish_stdout();
    }
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        uint32_t v = tc_version();
        printf("touche %u.%u.%u\n", (unsigned)(v >> 16), (unsigned)((v >> 8) & 0xff), (unsigned)(v & 0xff));
        return finish_stdout();
    }
    return usage_error("unknown command '%s'", cmd);
}
