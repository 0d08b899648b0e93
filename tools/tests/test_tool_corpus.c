/* SPDX-License-Identifier: MIT */
/* The scene fuzzer's seeds (tools/fuzz/corpus/seed-*.scene) and dictionary
 * reach the whole grammar: every statement and every property of
 * docs/scene-format.md appears in a seed the loader accepts, and in the
 * dictionary. (From an empty corpus libFuzzer found 8% of the coverage; the
 * seeds start it at about two thirds.) make test replays the corpus with
 * tool.fuzz_corpus_replay. */
#include "harness.h"
#include "scene.h"
#include "tool_test.h"

#include <stdlib.h>
#include <string.h>
#if !defined(_WIN32)
#include <dirent.h>
#endif

/* The format's words, as the documentation lists them. */
static const char *const statements[] = { "frame", "bone", "sphere", "capsule", "aabb", "box", "triangle",
                                          "plane", "ray", "camera", "click", "distance", "grid", "title",
                                          "hull", "cylinder", "cone", "mesh", "swing", "cast" };
static const char *const properties[] = { "parent", "position", "center", "euler", "quat", "axis", "scale",
                                          "radius", "size", "half", "min", "max", "a", "b", "c", "normal",
                                          "offset", "point", "velocity", "origin", "dir", "to", "length",
                                          "target", "up", "fov", "viewport", "near", "far", "at", "height",
                                          "step", "points", "vertices", "triangles", "sides", "group", "category",
                                          "mask", "collider", "joint" };
/* In the dictionary only: a scene from no file (the fuzzer's) refuses mesh
 * files, so no accepted seed can have one; OBJ words for the OBJ reader,
 * which the fuzzer also feeds. */
static const char *const dictionary_only[] = { "file", "v", "f", "vt", "vn" };

/* Whether `word` occurs in text as a whole word. */
static bool has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
        bool start = p == text || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '\t';
        bool end = p[n] == ' ' || p[n] == '\n' || p[n] == '\t' || p[n] == '\0';
        if (start && end) return true;
    }
    return false;
}

TEST_CASE(fuzz_seeds_cover_every_statement_and_property)
{
#if defined(_WIN32)
    printf("note: skipped (no directory listing here)\n");
#else
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/tools/fuzz/corpus", TOUCHE_SOURCE_DIR);
    DIR *d = opendir(dir);
    CHECK(d != NULL);
    if (!d) return;
    /* Every accepted seed, concatenated. */
    size_t cap = 1 << 16, used = 0;
    char *all = (char *)calloc(cap, 1);
    int seeds = 0, accepted = 0;
    struct dirent *e;
    while (all && (e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "seed-", 5) != 0) continue;
        char path[1600];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size = 0;
        char *text = read_whole_file(path, &size);
        if (!text) continue;
        seeds++;
        tt_diags diags;
        tt_scene *s = tt_scene_parse(text, size, &diags);
        if (s && used + size + 2 < cap) {
            accepted++;
            memcpy(all + used, text, size);
            used += size;
            all[used++] = '\n';
            all[used] = '\0';
        }
        tt_scene_free(s);
        free(text);
    }
    closedir(d);
    CHECK(all != NULL);
    if (!all) return;
    printf("%d seeds, %d accepted\n", seeds, accepted);
    CHECK(seeds >= 10 && accepted >= 8);
    char dict_path[1200];
    snprintf(dict_path, sizeof dict_path, "%s/tools/fuzz/scene.dict", TOUCHE_SOURCE_DIR);
    char *dict = read_whole_file(dict_path, NULL);
    CHECK(dict != NULL);
    for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++) {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "\"%s\"", statements[i]);
        CHECK_MSG(has_word(all, statements[i]), "no accepted seed has the statement '%s'", statements[i]);
        CHECK_MSG(dict && strstr(dict, quoted), "the dictionary lacks %s", quoted);
    }
    for (size_t i = 0; i < sizeof properties / sizeof properties[0]; i++) {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "\"%s\"", properties[i]);
        CHECK_MSG(has_word(all, properties[i]), "no accepted seed has the property '%s'", properties[i]);
        CHECK_MSG(dict && strstr(dict, quoted), "the dictionary lacks %s", quoted);
    }
    for (size_t i = 0; i < sizeof dictionary_only / sizeof dictionary_only[0]; i++) {
        char quoted[64];
        snprintf(quoted, sizeof quoted, "\"%s\"", dictionary_only[i]);
        CHECK_MSG(dict && strstr(dict, quoted), "the dictionary lacks %s", quoted);
    }
    free(dict);
    free(all);
#endif
}
