/* SPDX-License-Identifier: MIT */
/* Replays files through the fuzz target without libFuzzer, so `make test`
 * exercises the corpus with any compiler (and under the sanitizers in the
 * sanitized build). Arguments are files or directories (one level deep), or
 * `--random COUNT SEED`: COUNT inputs of seeded random bytes (lengths up to
 * 4 KiB), for a target with no corpus to speak of. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifndef _WIN32
#include <dirent.h>
#endif

#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, size = 0;
    unsigned char *buf = (unsigned char *)malloc(cap);
    while (buf) {
        if (size == cap) {
            unsigned char *grown = (unsigned char *)realloc(buf, cap * 2);
            if (!grown) break;
            buf = grown;
            cap *= 2;
        }
        size_t n = fread(buf + size, 1, cap - size, f);
        if (n == 0) break;
        size += n;
    }
    fclose(f);
    if (!buf) return 1;
    /* An exact-size copy, so reading past the input is caught by ASan. */
    unsigned char *exact = (unsigned char *)malloc(size ? size : 1);
    if (!exact) { free(buf); return 1; }
    memcpy(exact, buf, size);
    free(buf);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int replay_random(long count, uint64_t seed)
{
    /* The tests' generator (tests/support): seeded, the same bytes on every machine. */
    test_rng rng = { seed };
    for (long i = 0; i < count; i++) {
        size_t size = (size_t)(test_rng_next(&rng) % 4097);
        unsigned char *buf = (unsigned char *)malloc(size ? size : 1);
        if (!buf) return 1;
        for (size_t k = 0; k < size; k++) buf[k] = (unsigned char)test_rng_next(&rng);
        LLVMFuzzerTestOneInput(buf, size);
        free(buf);
    }
    printf("replay: %ld random inputs (seed %llu)\n", count, (unsigned long long)seed);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--random") == 0) return replay_random(atol(argv[2]), strtoull(argv[3], NULL, 10));
    int files = 0, failures = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            failures++;
            continue;
        }
#ifndef _WIN32
        if (S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            if (!d) { failures++; continue; }
            struct dirent *e;
            while ((e = readdir(d)) != NULL) {
                if (e->d_name[0] == '.') continue;
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
                struct stat fst;
                if (stat(path, &fst) != 0 || !S_ISREG(fst.st_mode)) continue;
                failures += replay_file(path);
                files++;
            }
            closedir(d);
            continue;
        }
#endif
        failures += replay_file(argv[i]);
        files++;
    }
    printf("replay: %d inputs, %d could not be read\n", files, failures);
    return failures || files == 0 ? 1 : 0;
}
