/*
 * replay.c - runs a fuzz target's inputs once each, without libFuzzer.
 *
 *   fuzz_replay_TARGET DIR_OR_FILE...
 *
 * Linked with one fuzz_*.c file by the main build (any compiler), so the
 * seed corpus and every input that once crashed a target are checked by
 * the ordinary suite and under its sanitizers, even where clang is missing.
 * A failed check aborts, as in the fuzzer; the file being run is printed
 * first so the culprit is named.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *data = malloc(cap);
    size_t got;
    while (data != NULL && (got = fread(data + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *more = realloc(data, cap * 2);
            if (more == NULL) {
                free(data);
                data = NULL;
            }
            data = more;
            cap *= 2;
        }
    }
    fclose(f);
    if (data == NULL) {
        fprintf(stderr, "out of memory reading %s\n", path);
        return -1;
    }
    fprintf(stderr, "%s\n", path);
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    return 0;
}

/* Runs a file, or every file of a folder in name order; returns how many
 * inputs ran, or -1. */
static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "no such file or folder: %s\n", path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        return run_file(path) == 0 ? 1 : -1;
    }
    DIR *d = opendir(path);
    if (d == NULL) {
        return -1;
    }
    char **names = NULL;
    size_t count = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.') {
            continue;
        }
        char **more = realloc(names, (count + 1) * sizeof *names);
        size_t len = strlen(path) + strlen(de->d_name) + 2;
        char *full = malloc(len);
        if (more == NULL || full == NULL) {
            free(more ? more : names);
            free(full);
            closedir(d);
            return -1;
        }
        names = more;
        snprintf(full, len, "%s/%s", path, de->d_name);
        names[count++] = full;
    }
    closedir(d);
    qsort(names, count, sizeof *names, compare_names);
    int ran = 0;
    for (size_t i = 0; i < count; i++) {
        if (ran >= 0) {
            int r = run_file(names[i]);
            ran = r == 0 ? ran + 1 : -1;
        }
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        int n = run_path(argv[i]);
        if (n < 0) {
            return 1;
        }
        total += n;
    }
    if (total == 0) {
        fprintf(stderr, "no inputs to run\n");
        return 1;
    }
    printf("%d inputs ran without a failed check\n", total);
    return 0;
}
