/*
 * datagen_main.c - rollerball-datagen: writes labelled quiet positions for
 * the evaluation tuner (see datagen.h for what is kept and why).
 *
 *   rollerball-datagen --out FILE [--positions N] [--seed S] [--nodes N]
 *                      [--spread PCT] [--threads T] [--opening MIN MAX]
 *                      [--skip PLIES] [--max-plies PLIES]
 *
 * The lines go to FILE.tmp, which is renamed to FILE only when complete, so
 * a reader never sees half a file. Progress goes to stderr, the summary to
 * stdout.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datagen.h"

static void usage(void)
{
    fprintf(stderr, "usage: rollerball-datagen --out FILE [--positions N] [--seed S] [--nodes N] [--spread PCT]\n"
                    "                          [--threads T] [--opening MIN MAX] [--skip PLIES] [--max-plies PLIES]\n");
}

/* A whole, non-negative number, or a message naming the option. */
static bool number(const char *opt, const char *text, unsigned long long *out)
{
    char *end;
    if (text == NULL || *text < '0' || *text > '9') {
        fprintf(stderr, "rollerball-datagen: %s needs a whole number, got '%s'\n", opt, text ? text : "");
        return false;
    }
    *out = strtoull(text, &end, 10);
    if (*end != '\0') {
        fprintf(stderr, "rollerball-datagen: %s needs a whole number, got '%s'\n", opt, text);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    rb_datagen_opts o;
    rb_datagen_defaults(&o);
    o.progress = stderr;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long long n = 0, m = 0;
        if (strcmp(a, "--out") == 0 && v != NULL) {
            path = v;
            i++;
        } else if (strcmp(a, "--opening") == 0) {
            if (!number(a, v, &n) || !number(a, i + 2 < argc ? argv[i + 2] : NULL, &m) || n > 40 || m > 40) {
                return 2;
            }
            o.opening_min = (int)n;
            o.opening_max = (int)m;
            i += 2;
        } else if (strcmp(a, "--positions") == 0 || strcmp(a, "--seed") == 0 || strcmp(a, "--nodes") == 0 ||
                   strcmp(a, "--spread") == 0 || strcmp(a, "--threads") == 0 || strcmp(a, "--skip") == 0 ||
                   strcmp(a, "--max-plies") == 0) {
            if (!number(a, v, &n)) {
                return 2;
            }
            i++;
            int small = n > 100000 ? 100000 : (int)n; /* out of range either way; the run says which */
            if (strcmp(a, "--positions") == 0) {
                o.positions = n;
            } else if (strcmp(a, "--seed") == 0) {
                o.seed = n;
            } else if (strcmp(a, "--nodes") == 0) {
                o.nodes = n;
            } else if (strcmp(a, "--spread") == 0) {
                o.spread_pct = small;
            } else if (strcmp(a, "--threads") == 0) {
                o.threads = small;
            } else if (strcmp(a, "--skip") == 0) {
                o.skip_plies = small;
            } else {
                o.max_plies = small;
            }
        } else {
            fprintf(stderr, "rollerball-datagen: unknown option '%s'\n", a);
            usage();
            return 2;
        }
    }
    if (path == NULL) {
        usage();
        return 2;
    }
    size_t len = strlen(path) + 5;
    char *tmp = malloc(len);
    if (tmp == NULL) {
        fprintf(stderr, "rollerball-datagen: out of memory\n");
        return 1;
    }
    snprintf(tmp, len, "%s.tmp", path);
    FILE *out = fopen(tmp, "w");
    if (out == NULL) {
        fprintf(stderr, "rollerball-datagen: cannot write %s\n", tmp);
        free(tmp);
        return 1;
    }
    printf("rollerball-datagen: seed %llu, %llu positions, %llu nodes +-%d%%, %d threads, openings of %d..%d "
           "random plies, positions from ply %d, draw at %d plies\n",
           (unsigned long long)o.seed, (unsigned long long)o.positions, (unsigned long long)o.nodes, o.spread_pct,
           o.threads, o.opening_min, o.opening_max, o.skip_plies, o.max_plies);
    fflush(stdout);
    rb_datagen_summary s;
    char err[200];
    int rc = rb_datagen_run(&o, out, &s, err, sizeof err);
    if (fclose(out) != 0 && rc == 0) {
        snprintf(err, sizeof err, "cannot write %s", tmp);
        rc = -1;
    }
    if (rc != 0) {
        fprintf(stderr, "rollerball-datagen: %s\n", err);
        remove(tmp);
        free(tmp);
        return 1;
    }
    if (rename(tmp, path) != 0) {
        fprintf(stderr, "rollerball-datagen: cannot rename %s to %s\n", tmp, path);
        free(tmp);
        return 1;
    }
    free(tmp);
    printf("%llu games (White %llu, draws %llu of which %llu at the ply cut-off, Black %llu), %llu positions "
           "(%llu duplicates dropped), %.1f s, %.0f positions/s -> %s\n",
           (unsigned long long)s.games, (unsigned long long)s.white, (unsigned long long)s.draws,
           (unsigned long long)s.cut, (unsigned long long)s.black, (unsigned long long)s.positions,
           (unsigned long long)s.duplicates, s.seconds, s.seconds > 0 ? (double)s.positions / s.seconds : 0.0, path);
    return 0;
}
