/*
 * annotate_main.c - the rollerball-annotate program: reads a PGN file,
 * annotates each game with the engine (annotate.c) and writes the games
 * back as PGN.
 *
 *   rollerball-annotate IN.pgn [-o OUT.pgn] [--movetime MS | --depth N]
 *                       [--games K] [--threads N]
 *
 * Games are shared out to worker threads, one engine (with its own table)
 * each, as many as there are processors and games; the output keeps the
 * order of the input whatever order the games finish in. A line on stderr
 * tells of each finished game; on a terminal a live line shows the search
 * going on.
 *
 * Exit status: 0 when every game was annotated and written; 1 when the
 * input went wrong part-way (the games before the fault are annotated and
 * written) or the output could not be written; 2 for a bad command line or
 * an input that holds no readable game.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate.h"
#include "rb_tb.h"
#include "rb_pgn.h"
#include "rb_util_clock.h"

#define INPUT_MAX ((size_t)256 << 20) /* bytes of PGN read at most */
#define THREADS_MAX 64
#define DEFAULT_DEPTH 12

static const char *program = "rollerball-annotate";

typedef struct options {
    const char *in;
    const char *out; /* NULL: standard output */
    rb_limits limits;
    long games;  /* 0: all */
    int threads; /* 0: one per processor */
} options;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s IN.pgn [-o OUT.pgn] [--movetime MS | --depth N] [--games K] [--threads N]\n"
            "Annotates each game of IN.pgn (\"-\" for standard input) with the engine's evaluation\n"
            "after every move and marks inaccuracies ($6), mistakes ($2) and blunders ($4), with\n"
            "the engine's line for mistakes and blunders; other moves are left unmarked.\n"
            "Default: --depth %d.\n",
            program, DEFAULT_DEPTH);
}

static int bad_usage(const char *fmt, const char *what)
{
    fprintf(stderr, "%s: ", program);
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\n");
    usage(stderr);
    return 2;
}

/* A whole decimal number in lo..hi, or -1. */
static long number_in(const char *text, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi) {
        return -1;
    }
    return v;
}

/* Returns 0, or the exit status for a bad command line (after saying why). */
static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        }
        if (strcmp(a, "--version") == 0) {
            printf("%s %s\n", program, RB_VERSION);
            exit(0);
        }
        bool takes_value = strcmp(a, "-o") == 0 || strcmp(a, "--movetime") == 0 || strcmp(a, "--depth") == 0 ||
                           strcmp(a, "--games") == 0 || strcmp(a, "--threads") == 0;
        if (takes_value && i + 1 >= argc) {
            return bad_usage("%s needs a value", a);
        }
        if (strcmp(a, "-o") == 0) {
            o->out = argv[++i];
        } else if (strcmp(a, "--movetime") == 0) {
            long v = number_in(argv[++i], 1, 3600000);
            if (v < 0) {
                return bad_usage("--movetime takes milliseconds from 1 to 3600000, not '%s'", argv[i]);
            }
            o->limits.movetime_ms = v;
        } else if (strcmp(a, "--depth") == 0) {
            long v = number_in(argv[++i], 1, RB_MAX_PLY - 1);
            if (v < 0) {
                return bad_usage("--depth takes a number of plies from 1 to 127, not '%s'", argv[i]);
            }
            o->limits.depth = (int)v;
        } else if (strcmp(a, "--games") == 0) {
            long v = number_in(argv[++i], 1, RB_PGN_MAX_GAMES);
            if (v < 0) {
                return bad_usage("--games takes a number of games from 1 up, not '%s'", argv[i]);
            }
            o->games = v;
        } else if (strcmp(a, "--threads") == 0) {
            long v = number_in(argv[++i], 1, THREADS_MAX);
            if (v < 0) {
                return bad_usage("--threads takes a number from 1 to 64, not '%s'", argv[i]);
            }
            o->threads = (int)v;
        } else if (a[0] == '-' && a[1] != '\0') {
            return bad_usage("unknown option '%s'", a);
        } else if (o->in != NULL) {
            return bad_usage("one input file only ('%s' is a second one)", a);
        } else {
            o->in = a;
        }
    }
    if (o->in == NULL) {
        return bad_usage("%s", "no input file given");
    }
    if (o->limits.depth > 0 && o->limits.movetime_ms > 0) {
        return bad_usage("%s", "--movetime and --depth exclude each other");
    }
    if (o->limits.depth == 0 && o->limits.movetime_ms == 0) {
        o->limits.depth = DEFAULT_DEPTH;
    }
    return 0;
}

/* The whole file (or standard input) in memory, NUL-terminated; NULL after
 * saying what went wrong. */
static char *read_input(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "%s: cannot open %s: %s\n", program, path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap + 1);
    while (text != NULL) {
        n += fread(text + n, 1, cap - n, f);
        if (n < cap) {
            break;
        }
        if (cap >= INPUT_MAX) {
            fprintf(stderr, "%s: %s is larger than %zu MiB\n", program, path, INPUT_MAX >> 20);
            free(text);
            text = NULL;
            break;
        }
        char *more = realloc(text, cap * 2 + 1);
        if (more == NULL) {
            free(text);
            text = NULL;
        } else {
            text = more;
            cap *= 2;
        }
    }
    bool failed = ferror(f);
    if (f != stdin) {
        fclose(f);
    }
    if (text == NULL || failed) {
        if (failed) {
            fprintf(stderr, "%s: cannot read %s: %s\n", program, path, strerror(errno));
        } else if (text == NULL) {
            fprintf(stderr, "%s: out of memory reading %s\n", program, path);
        }
        free(text);
        return NULL;
    }
    text[n] = '\0';
    *len = n;
    return text;
}

typedef struct work {
    rb_game *games;
    size_t ngames;
    const rb_limits *limits;
    atomic_size_t next;   /* the next game to take */
    pthread_mutex_t lock; /* for stderr and the counts below */
    size_t finished;
    int64_t start_ms;
    int64_t shown_ms; /* when the live line was last drawn */
    bool live;        /* stderr is a terminal: keep a live line there */
    bool failed;      /* memory ran out somewhere */
} work;

/* One thread's game in progress, for the live line. */
typedef struct job {
    work *w;
    size_t index;
} job;

/* On a terminal, a line that shows the positions searched so far, redrawn
 * at most four times a second and cleared when a game's line is printed. */
static void show_progress(size_t done, size_t total, void *user)
{
    job *j = user;
    work *w = j->w;
    int64_t now = rb_util_now_ms();
    pthread_mutex_lock(&w->lock);
    if (w->live && now - w->shown_ms >= 250) {
        w->shown_ms = now;
        fprintf(stderr, "\r%s: game %zu, position %zu of %zu [%zu of %zu games done, %.1f s]\033[K", program,
                j->index + 1, done, total, w->finished, w->ngames, (double)(now - w->start_ms) / 1000.0);
    }
    pthread_mutex_unlock(&w->lock);
}

static void report_game(work *w, size_t index, const rb_annotate_tally *t)
{
    const rb_game *g = &w->games[index];
    const char *white = rb_game_tag(g, "White"), *black = rb_game_tag(g, "Black");
    pthread_mutex_lock(&w->lock);
    w->finished++;
    if (w->live) {
        fprintf(stderr, "\r\033[K");
    }
    fprintf(stderr,
            "%s: game %zu (%s - %s), %zu moves; inaccuracies/mistakes/blunders White %d/%d/%d, "
            "Black %d/%d/%d [%zu of %zu done, %.1f s]\n",
            program, index + 1, white != NULL ? white : "?", black != NULL ? black : "?", g->length,
            t->classes[RB_WHITE][RB_CLASS_INACCURACY], t->classes[RB_WHITE][RB_CLASS_MISTAKE],
            t->classes[RB_WHITE][RB_CLASS_BLUNDER], t->classes[RB_BLACK][RB_CLASS_INACCURACY],
            t->classes[RB_BLACK][RB_CLASS_MISTAKE], t->classes[RB_BLACK][RB_CLASS_BLUNDER], w->finished, w->ngames,
            (double)(rb_util_now_ms() - w->start_ms) / 1000.0);
    pthread_mutex_unlock(&w->lock);
}

static void *worker(void *arg)
{
    work *w = arg;
    rb_engine *e = rb_engine_new(16);
    if (e == NULL) {
        pthread_mutex_lock(&w->lock);
        w->failed = true;
        pthread_mutex_unlock(&w->lock);
        return NULL;
    }
    /* The installed endgame tables, found relative to this program: in
     * them the review judges by the exact values. */
    char dir[4096];
    rb_tb *tb = rb_tb_default_dir(dir, sizeof dir) > 0 ? rb_tb_open(dir) : NULL;
    rb_engine_set_tablebase(e, tb);
    for (;;) {
        size_t i = atomic_fetch_add(&w->next, 1);
        if (i >= w->ngames) {
            break;
        }
        rb_annotate_tally tally;
        job j = {w, i};
        if (rb_annotate_game(e, &w->games[i], w->limits, &tally, show_progress, &j) != 0) {
            pthread_mutex_lock(&w->lock);
            w->failed = true;
            pthread_mutex_unlock(&w->lock);
        }
        report_game(w, i, &tally);
    }
    rb_engine_free(e);
    rb_tb_free(tb);
    return NULL;
}

/* Annotates every game, on as many threads as asked; false when memory ran
 * out. */
static bool annotate_all(rb_game *games, size_t ngames, const options *o)
{
    work w = {.games = games,
              .ngames = ngames,
              .limits = &o->limits,
              .start_ms = rb_util_now_ms(),
              .live = isatty(STDERR_FILENO)};
    atomic_init(&w.next, 0);
    pthread_mutex_init(&w.lock, NULL);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long n = o->threads > 0 ? o->threads : (cores > 0 ? cores : 1);
    if ((size_t)n > ngames) {
        n = (long)ngames;
    }
    pthread_t threads[THREADS_MAX];
    long started = 0;
    for (long t = 1; t < n && t < THREADS_MAX; t++) {
        if (pthread_create(&threads[started], NULL, worker, &w) == 0) {
            started++;
        }
    }
    worker(&w); /* this thread works too */
    for (long t = 0; t < started; t++) {
        pthread_join(threads[t], NULL);
    }
    pthread_mutex_destroy(&w.lock);
    return !w.failed;
}

static bool write_output(const char *path, rb_game *games, size_t ngames)
{
    FILE *f = path != NULL ? fopen(path, "w") : stdout;
    const char *name = path != NULL ? path : "standard output";
    if (f == NULL) {
        fprintf(stderr, "%s: cannot write %s: %s\n", program, name, strerror(errno));
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < ngames && ok; i++) {
        char *text = rb_pgn_write(&games[i]);
        if (text == NULL) {
            fprintf(stderr, "%s: out of memory writing game %zu\n", program, i + 1);
            ok = false;
            break;
        }
        ok = fputs(text, f) >= 0 && (i + 1 == ngames || fputs("\n", f) >= 0);
        free(text);
    }
    if (fflush(f) != 0) {
        ok = false;
    }
    if (!ok || ferror(f)) {
        fprintf(stderr, "%s: cannot write %s: %s\n", program, name, strerror(errno));
        ok = false;
    }
    if (path != NULL && fclose(f) != 0 && ok) {
        fprintf(stderr, "%s: cannot write %s: %s\n", program, name, strerror(errno));
        ok = false;
    }
    return ok;
}

int main(int argc, char **argv)
{
    options o;
    int status = parse_args(argc, argv, &o);
    if (status != 0) {
        return status;
    }
    size_t len;
    char *text = read_input(o.in, &len);
    if (text == NULL) {
        return 2;
    }
    rb_game *games = NULL;
    size_t ngames = 0;
    rb_pgn_error err;
    int count = rb_pgn_read(text, len, &games, &ngames, &err);
    free(text);
    if (count < 0) {
        fprintf(stderr, "%s: %s:%d:%d: %s\n", program, o.in, err.line, err.column, err.message);
        return 2;
    }
    int result = 0;
    if (err.line != 0) {
        size_t plies = games[ngames - 1].length;
        fprintf(stderr,
                "%s: %s:%d:%d: %s\n%s: annotating what was read before it: %zu game%s, the last one "
                "cut after %zu plies\n",
                program, o.in, err.line, err.column, err.message, program, ngames, ngames == 1 ? "" : "s", plies);
        result = 1;
    }
    size_t todo = o.games > 0 && (size_t)o.games < ngames ? (size_t)o.games : ngames;
    if (!annotate_all(games, todo, &o)) {
        fprintf(stderr, "%s: out of memory while annotating\n", program);
        result = 1;
    }
    if (!write_output(o.out, games, todo)) {
        result = 1;
    }
    for (size_t i = 0; i < ngames; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
    return result;
}
