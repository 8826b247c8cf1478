/*
 * tbgen_main.c - rollerball-tbgen: computes endgame tables into a folder.
 *
 *   rollerball-tbgen [-j THREADS] [-o DIR] [--men N] [--force] [SET...]
 *
 * With no SET it computes every set of up to --men men (default 4). A set
 * named on the command line (KRRvKR) is computed with every table its
 * captures and promotions lead into, taken from DIR when there and right,
 * computed first otherwise. Each table finished prints one line of figures
 * (entries, legal positions, wins, draws, losses, the longest win, time,
 * size on disk); while one is computed a progress bar with a time estimate
 * runs on the terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rb_tb.h"
#include "rb_util_clock.h"

typedef struct cli {
    const char *dir;
    int threads;
    bool force, tty;
    rb_tb *tb;
    const char *current;
    int64_t started;
} cli;

static void show(const rb_tb_progress *p, void *user)
{
    cli *c = user;
    if (!c->tty) {
        return;
    }
    double elapsed = (double)(rb_util_now_ms() - c->started) / 1000.0;
    if (p->phase == 0) {
        double f = p->total ? (double)p->done / (double)p->total : 0;
        int bar = (int)(f * 30);
        char b[31];
        for (int i = 0; i < 30; i++) {
            b[i] = i < bar ? '#' : '.';
        }
        b[30] = '\0';
        double left = f > 0.01 ? elapsed * (1 - f) / f : 0;
        fprintf(stderr, "\r  %-8s [%s] %3d%%  reading moves, %.0f s left   ", c->current, b, (int)(f * 100), left);
    } else {
        fprintf(stderr, "\r  %-8s layer %llu of at least %llu, %.1f s so far              ", c->current,
                (unsigned long long)p->done, (unsigned long long)p->total, elapsed);
    }
    fflush(stderr);
}

static long peak_mib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

static int ensure(cli *c, const rb_tb_set *set, int depth)
{
    if (depth > 8) {
        fprintf(stderr, "rollerball-tbgen: %s: its successors run too deep\n", set->name);
        return -1;
    }
    char path[4200], err[4400];
    snprintf(path, sizeof path, "%.4000s/%.15s%s", c->dir, set->name, RB_TB_EXT);
    if (!c->force) {
        struct stat st;
        if (stat(path, &st) == 0) {
            uint8_t *values = rb_tb_read(path, set, err, sizeof err);
            if (values != NULL) {
                rb_tb_adopt(c->tb, set, values);
                return 0;
            }
            fprintf(stderr, "rollerball-tbgen: %s; computing it again\n", err);
        }
    }
    rb_tb_set succ[64];
    int n = rb_tb_successor_sets(set, succ, 64);
    for (int i = 0; i < n; i++) {
        if (rb_tb_values(c->tb, &succ[i]) == NULL && ensure(c, &succ[i], depth + 1) != 0) {
            return -1;
        }
    }
    c->current = set->name;
    c->started = rb_util_now_ms();
    rb_tb_stats st;
    uint8_t *values = rb_tb_generate(c->tb, set, c->threads, show, c, &st, err, sizeof err);
    if (c->tty) {
        fprintf(stderr, "\r%78s\r", "");
    }
    if (values == NULL) {
        fprintf(stderr, "rollerball-tbgen: %s\n", err);
        return -1;
    }
    if (rb_tb_write(path, set, values, err, sizeof err) != 0) {
        fprintf(stderr, "rollerball-tbgen: %s\n", err);
        free(values);
        return -1;
    }
    printf("%-8s %10llu entries %10llu legal  %9llu wins %9llu draws %9llu losses  longest %3d  %7.2f s  %6.1f MiB  "
           "peak %ld MiB\n",
           set->name, (unsigned long long)st.size, (unsigned long long)st.legal, (unsigned long long)st.wins,
           (unsigned long long)st.draws, (unsigned long long)st.losses, st.longest, st.seconds,
           (double)(st.size + RB_TB_HEADER_SIZE) / (1024.0 * 1024.0), peak_mib());
    fflush(stdout);
    rb_tb_adopt(c->tb, set, values);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: rollerball-tbgen [-j THREADS] [-o DIR] [--men N] [--force] [SET...]\n"
               "Computes Rollerball endgame tables by retrograde analysis into DIR (default .).\n"
               "With no SET: every set of up to N men (default 4, kings included).\n"
               "A SET is written like KRRvKR: K, White's pieces, v, K, Black's pieces, with\n"
               "R rook, B light-squared bishop, D dark-squared bishop, P pawn.\n"
               "Tables already in DIR with a right header and checksum are kept (--force: recompute).\n");
}

int main(int argc, char **argv)
{
    cli c = {.dir = ".", .threads = 2};
    int men = 4, nsets = 0;
    const char *names[64];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if ((strcmp(a, "-j") == 0 || strcmp(a, "-o") == 0 || strcmp(a, "--men") == 0) && i + 1 >= argc) {
            fprintf(stderr, "rollerball-tbgen: %s needs a value\n", a);
            return 2;
        }
        if (strcmp(a, "-j") == 0) {
            c.threads = atoi(argv[++i]);
            if (c.threads < 1 || c.threads > 64) {
                fprintf(stderr, "rollerball-tbgen: -j takes 1 to 64 threads, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (strcmp(a, "-o") == 0) {
            c.dir = argv[++i];
        } else if (strcmp(a, "--men") == 0) {
            men = atoi(argv[++i]);
            if (men < 2 || men > 4) {
                fprintf(stderr, "rollerball-tbgen: --men takes 2, 3 or 4 (name larger sets one by one)\n");
                return 2;
            }
        } else if (strcmp(a, "--force") == 0) {
            c.force = true;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "rollerball-tbgen: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (nsets < 64) {
            names[nsets++] = a;
        }
    }
    mkdir(c.dir, 0777);
    c.tty = isatty(2);
    c.tb = rb_tb_open(c.dir);
    if (c.tb == NULL) {
        fprintf(stderr, "rollerball-tbgen: out of memory\n");
        return 1;
    }
    int64_t t0 = rb_util_now_ms();
    int rc = 0;
    if (nsets == 0) {
        rb_tb_set sets[64];
        int n = rb_tb_all_sets(men, sets, 64);
        for (int i = 0; i < n && rc == 0; i++) {
            rc = ensure(&c, &sets[i], 0);
        }
    }
    for (int i = 0; i < nsets && rc == 0; i++) {
        rb_tb_set set;
        char err[256];
        if (rb_tb_set_parse(&set, names[i], err, sizeof err) != 0) {
            fprintf(stderr, "rollerball-tbgen: %s\n", err);
            rc = 2;
            break;
        }
        if (!rb_tb_set_is_canonical(&set)) {
            fprintf(stderr, "rollerball-tbgen: %s is stored turned, with the stronger side as White: computing it as",
                    set.name);
            uint8_t count[2][RB_TB_KINDS];
            memcpy(count[0], set.count[1], sizeof count[0]);
            memcpy(count[1], set.count[0], sizeof count[1]);
            rb_tb_set_make(&set, &count[0][0]);
            fprintf(stderr, " %s\n", set.name);
        }
        rc = ensure(&c, &set, 0) ? 1 : 0;
    }
    fprintf(stderr, "rollerball-tbgen: %s in %.1f s, peak memory %ld MiB\n", rc == 0 ? "done" : "stopped",
            (double)(rb_util_now_ms() - t0) / 1000.0, peak_mib());
    rb_tb_free(c.tb);
    return rc;
}
