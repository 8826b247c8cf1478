/*
 * openings_main.c - rollerball-openings: writes a balanced opening book.
 *
 *   rollerball-openings [--count N] [--plies MIN..MAX] [--depth D]
 *                       [--margin CP] [--seed S] [--max-tries N]
 *
 * Draws random lines from the seed, keeps those the engine's fixed-depth
 * search scores within the margin (see match_balance.h), and prints the
 * book: a header saying how it was made, then one line per opening in
 * coordinate moves with its verifying score as a comment. The same
 * arguments and engine give the same book; rollerball-match reads it with
 * --book. Not installed: it makes a file that ships with the sources.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_balance.h"

static void usage(FILE *to)
{
    fputs("usage: rollerball-openings [--count N] [--plies MIN..MAX] [--depth D] [--margin CP]\n"
          "                           [--seed S] [--max-tries N]\n"
          "\n"
          "Prints N (default 100) distinct openings of MIN..MAX plies (default 4..8) made by\n"
          "random play from seed S (default 1), keeping only those the engine's search to\n"
          "depth D (default 12) scores within CP centipawns (default 60) of equality.\n",
          to);
}

static bool parse_int(const char *text, long long min, long long max, long long *out)
{
    char *end;
    long long v = strtoll(text, &end, 10);
    if (end == text || *end != '\0' || v < min || v > max) {
        return false;
    }
    *out = v;
    return true;
}

/* "4..8" or "6" */
static bool parse_range(const char *text, int *lo, int *hi)
{
    char first[16];
    const char *dots = strstr(text, "..");
    long long a, b;
    if (dots == NULL) {
        if (!parse_int(text, 0, RB_OPENING_PLIES_MAX, &a)) {
            return false;
        }
        *lo = *hi = (int)a;
        return true;
    }
    size_t n = (size_t)(dots - text);
    if (n == 0 || n >= sizeof first) {
        return false;
    }
    memcpy(first, text, n);
    first[n] = '\0';
    if (!parse_int(first, 0, RB_OPENING_PLIES_MAX, &a) || !parse_int(dots + 2, 0, RB_OPENING_PLIES_MAX, &b) || b < a) {
        return false;
    }
    *lo = (int)a;
    *hi = (int)b;
    return true;
}

int main(int argc, char **argv)
{
    rb_balance_spec spec = {.seed = 1, .min_plies = 4, .max_plies = 8, .depth = 12, .margin_cp = 60};
    long long count = 100, max_tries = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        const char *value = i + 1 < argc ? argv[++i] : NULL;
        long long v = 0;
        bool ok = value != NULL;
        if (strcmp(a, "--count") == 0) {
            ok = ok && parse_int(value, 1, 100000, &count);
        } else if (strcmp(a, "--plies") == 0) {
            ok = ok && parse_range(value, &spec.min_plies, &spec.max_plies);
        } else if (strcmp(a, "--depth") == 0) {
            ok = ok && parse_int(value, 1, RB_MAX_PLY - 1, &v);
            spec.depth = (int)v;
        } else if (strcmp(a, "--margin") == 0) {
            ok = ok && parse_int(value, 0, 100000, &v);
            spec.margin_cp = (int)v;
        } else if (strcmp(a, "--seed") == 0) {
            ok = ok && parse_int(value, 0, INT64_MAX, &v);
            spec.seed = (uint64_t)v;
        } else if (strcmp(a, "--max-tries") == 0) {
            ok = ok && parse_int(value, 1, 100000000, &max_tries);
        } else {
            fprintf(stderr, "rollerball-openings: unknown option '%s' (see --help)\n", a);
            return 2;
        }
        if (!ok) {
            fprintf(stderr, "rollerball-openings: bad or missing value for %s\n", a);
            return 2;
        }
    }
    if (max_tries == 0) {
        max_tries = count * 50;
    }
    rb_opening *book = calloc((size_t)count, sizeof *book);
    int *scores = calloc((size_t)count, sizeof *scores);
    rb_engine *e = rb_engine_new(16);
    if (book == NULL || scores == NULL || e == NULL) {
        fprintf(stderr, "rollerball-openings: out of memory\n");
        return 1;
    }
    size_t tried = 0;
    size_t kept = rb_balance_make(e, &spec, book, scores, (size_t)count, (size_t)max_tries, &tried);
    printf("# Balanced Rollerball openings, one per line in coordinate moves; both colours\n"
           "# play each. Made by: rollerball-openings --count %lld --plies %d..%d --depth %d\n"
           "#   --margin %d --seed %" PRIu64 "\n"
           "# Kept %zu of %zu random lines: those the engine's search to depth %d (fresh\n"
           "# table, full strength) scores within %d centipawns of equality. The comment\n"
           "# after each line is that score, from White's point of view.\n",
           count, spec.min_plies, spec.max_plies, spec.depth, spec.margin_cp, spec.seed, kept, tried, spec.depth,
           spec.margin_cp);
    for (size_t i = 0; i < kept; i++) {
        char text[RB_OPENING_TEXT_MAX];
        rb_opening_format(&book[i], text, sizeof text);
        printf("%s # %+d\n", text, scores[i]);
    }
    rb_engine_free(e);
    free(book);
    free(scores);
    if (kept < (size_t)count) {
        fprintf(stderr, "rollerball-openings: only %zu balanced openings in %zu tries\n", kept, tried);
        return 1;
    }
    return 0;
}
