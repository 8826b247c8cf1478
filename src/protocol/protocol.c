/*
 * protocol.c - reading protocol lines and dispatching them.
 *
 * A line is split into words on blanks; the first word names the command,
 * and the dispatch below hands the rest to that command's handler. Nothing
 * in a line can make the engine stop answering: unknown words, bad numbers
 * and stray bytes all end in one "info string error: ..." line, and the
 * state stays as it was.
 *
 * This file is the top of the protocol's layers: it calls the commands
 * (proto_position.c, proto_search.c, proto_explain.c), which call the
 * worker (proto_worker.c) and the words and answers (proto_text.c); no
 * file calls back up. Where one command word leads to two handlers ("go"
 * and "go perft", "bench" and "bench perft") the choice is made here, so
 * that the handlers never call each other.
 */
#define _POSIX_C_SOURCE 200809L

#include "proto_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rb_tb.h"
#include "rb_util_clock.h"

#ifndef RB_VERSION
#define RB_VERSION "dev"
#endif

/* ---- simple commands ------------------------------------------------- */

static void cmd_uci(rb_proto *p)
{
    rb_proto_emit(p, "id name Rollerball %s", RB_VERSION);
    rb_proto_emit(p, "id author The Rollerball authors");
    rb_proto_emit(p, "option name Level type spin default %d min %d max %d", RB_LEVEL_MAX, RB_LEVEL_MIN, RB_LEVEL_MAX);
    rb_proto_emit(p, "option name Hash type spin default %d min %d max %d", RB_PROTO_HASH_DEFAULT, RB_PROTO_HASH_MIN,
                  RB_PROTO_HASH_MAX);
    rb_proto_emit(p, "option name MultiPV type spin default 1 min 1 max %d", RB_MULTIPV_MAX);
    rb_proto_emit(p, "option name Threads type spin default 1 min 1 max %d", RB_THREADS_MAX);
    rb_proto_emit(p, "option name TablebasePath type string default %s", p->tb ? rb_tb_dir(p->tb) : "<empty>");
    rb_proto_tb_notes(p);
    rb_proto_emit(p, "uciok");
}

static void cmd_newgame(rb_proto *p)
{
    rb_proto_finish_search(p);
    rb_engine_new_game(p->engine);
    rb_pos start;
    rb_pos_start(&start);
    rb_game fresh;
    if (rb_game_init(&fresh, &start) != 0) {
        rb_proto_error(p, "ucinewgame: out of memory");
        return;
    }
    rb_game_free(&p->game);
    p->game = fresh;
    p->position_given = false;
}

/* The options setoption knows: their names (any case, as in UCI) and
 * ranges. */
enum { OPT_LEVEL, OPT_HASH, OPT_MULTIPV, OPT_THREADS, OPT_COUNT };
static const struct {
    const char *name;
    int64_t min, max;
} options[OPT_COUNT] = {
    [OPT_LEVEL] = {"Level", RB_LEVEL_MIN, RB_LEVEL_MAX},
    [OPT_HASH] = {"Hash", RB_PROTO_HASH_MIN, RB_PROTO_HASH_MAX},
    [OPT_MULTIPV] = {"MultiPV", 1, RB_MULTIPV_MAX},
    [OPT_THREADS] = {"Threads", 1, RB_THREADS_MAX},
};

/* setoption name TablebasePath value DIR: the folder may hold spaces, so
 * it is the rest of the line; an empty one turns the tables off. */
static void set_tablebase_path(rb_proto *p, const char *from, const char *end)
{
    if (from == NULL) {
        from = end;
    }
    while (end > from && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) {
        end--;
    }
    size_t n = (size_t)(end - from);
    char dir[4096];
    if (n >= sizeof dir) {
        rb_proto_error(p, "setoption: the TablebasePath is longer than %zu bytes", sizeof dir - 1);
        return;
    }
    memcpy(dir, from, n);
    dir[n] = '\0';
    if (n == 0 || strcmp(dir, "<empty>") == 0) {
        rb_proto_finish_search(p);
        rb_engine_set_tablebase(p->engine, NULL);
        rb_tb_free(p->tb);
        p->tb = NULL;
        return;
    }
    if (rb_proto_use_tables(p, dir) != 0) {
        rb_proto_error(p, "setoption: not enough memory for the tables");
        return;
    }
    rb_proto_tb_notes(p);
}

/* setoption name <name> value <number>; option names ignore case, as in UCI. */
static void cmd_setoption(rb_proto *p, rb_words *args)
{
    rb_word w, name = {0}, value = {0};
    bool have_name = false, have_value = false;
    if (!rb_words_next(args, &w) || !rb_word_is(w, "name")) {
        rb_proto_error(p, "setoption: expected 'setoption name <option> value <number>'");
        return;
    }
    while (rb_words_next(args, &w)) {
        if (rb_word_is(w, "value")) {
            have_value = rb_words_next(args, &value);
            break;
        }
        if (have_name) {
            name.n = (size_t)(w.s + w.n - name.s); /* names may hold spaces */
        } else {
            name = w;
            have_name = true;
        }
    }
    char shown[64];
    if (!have_name) {
        rb_proto_error(p, "setoption: missing option name");
        return;
    }
    if (name.n == strlen("TablebasePath") && strncasecmp(name.s, "TablebasePath", name.n) == 0) {
        set_tablebase_path(p, have_value ? value.s : NULL, args->end);
        return;
    }
    int opt = -1;
    for (int i = 0; i < OPT_COUNT; i++) {
        if (name.n == strlen(options[i].name) && strncasecmp(name.s, options[i].name, name.n) == 0) {
            opt = i;
        }
    }
    if (opt < 0) {
        rb_proto_error(p, "setoption: unknown option '%s'", rb_proto_show(name, shown, sizeof shown));
        return;
    }
    if (!have_value) {
        rb_proto_error(p, "setoption: missing value for %s", options[opt].name);
        return;
    }
    int64_t v;
    int64_t lo = options[opt].min, hi = options[opt].max;
    if (!rb_word_int(value, lo, hi, &v)) {
        rb_proto_error(p, "setoption: %s must be a whole number from %" PRId64 " to %" PRId64 ", not '%s'",
                       options[opt].name, lo, hi, rb_proto_show(value, shown, sizeof shown));
        return;
    }
    rb_proto_finish_search(p);
    if (opt == OPT_LEVEL) {
        rb_engine_set_level(p->engine, (int)v);
        p->level = (int)v;
    } else if (opt == OPT_MULTIPV) {
        rb_engine_set_multipv(p->engine, (int)v);
        p->multipv = (int)v;
    } else if (opt == OPT_THREADS) {
        if (rb_engine_set_threads(p->engine, (int)v) == 0) {
            p->threads = (int)v;
        } else {
            rb_proto_error(p, "setoption: not enough memory for %" PRId64 " threads; keeping %d", v, p->threads);
        }
    } else if (rb_engine_set_hash(p->engine, (size_t)v) == 0) {
        p->hash_mib = (size_t)v;
    } else {
        rb_proto_error(p, "setoption: not enough memory for a %" PRId64 " MiB hash table; keeping %zu MiB", v,
                       p->hash_mib);
    }
}

/* "go perft N" counts moves; any other "go" searches. */
static void cmd_go_dispatch(rb_proto *p, rb_words *args)
{
    rb_words peek = *args;
    rb_word w;
    if (rb_words_next(&peek, &w) && rb_word_is(w, "perft")) {
        rb_cmd_perft(p, &peek);
        return;
    }
    rb_cmd_go(p, args);
}

static void cmd_bench_dispatch(rb_proto *p, rb_words *args)
{
    rb_words peek = *args;
    rb_word w;
    if (rb_words_next(&peek, &w) && rb_word_is(w, "perft")) {
        if (rb_words_next(&peek, &w)) {
            char shown[64];
            rb_proto_error(p, "bench perft: unexpected '%s'", rb_proto_show(w, shown, sizeof shown));
            return;
        }
        rb_cmd_bench_perft(p);
        return;
    }
    rb_cmd_bench(p, args);
}

/* ---- life cycle and dispatch ----------------------------------------- */

rb_proto *rb_proto_new(rb_proto_out_fn out, void *user)
{
    rb_proto *p = calloc(1, sizeof *p);
    if (p == NULL) {
        return NULL;
    }
    p->out = out;
    p->user = user;
    p->level = RB_LEVEL_MAX;
    p->multipv = 1;
    p->threads = 1;
    p->hash_mib = RB_PROTO_HASH_DEFAULT;
    p->engine = rb_engine_new(p->hash_mib);
    rb_pos start;
    rb_pos_start(&start);
    if (p->engine == NULL || rb_game_init(&p->game, &start) != 0) {
        if (p->engine != NULL) {
            rb_engine_free(p->engine);
        }
        free(p);
        return NULL;
    }
    rb_engine_set_level(p->engine, p->level);
    pthread_mutex_init(&p->out_lock, NULL);
    pthread_mutex_init(&p->stop_lock, NULL);
    pthread_cond_init(&p->stop_cond, NULL);
    atomic_init(&p->searching, false);
    atomic_init(&p->abort_job, false);
    return p;
}

void rb_proto_free(rb_proto *p)
{
    if (p == NULL) {
        return;
    }
    rb_proto_finish_search(p);
    rb_engine_free(p->engine);
    rb_tb_free(p->tb);
    rb_game_free(&p->game);
    free(p->job.history);
    pthread_cond_destroy(&p->stop_cond);
    pthread_mutex_destroy(&p->stop_lock);
    pthread_mutex_destroy(&p->out_lock);
    free(p);
}

void rb_proto_line_too_long(rb_proto *p)
{
    rb_proto_error(p, "line longer than %u bytes ignored", RB_PROTO_LINE_MAX);
}

rb_proto_status rb_proto_handle_line(rb_proto *p, const char *line, size_t len)
{
    if (len > RB_PROTO_LINE_MAX) {
        rb_proto_line_too_long(p);
        return RB_PROTO_CONTINUE;
    }
    rb_words args = {line, line + len};
    rb_word cmd;
    if (!rb_words_next(&args, &cmd)) {
        return RB_PROTO_CONTINUE; /* blank lines are allowed and ignored */
    }
    /* A perft or bench still running keeps the answers in order: every
     * command but isready and stop waits for it. */
    if (atomic_load(&p->searching) && p->job.kind != RB_JOB_SEARCH && !rb_word_is(cmd, "isready") &&
        !rb_word_is(cmd, "stop")) {
        rb_proto_finish_search(p);
    }
    if (rb_word_is(cmd, "quit")) {
        rb_proto_finish_search(p);
        return RB_PROTO_QUIT;
    } else if (rb_word_is(cmd, "isready")) {
        rb_proto_emit(p, "readyok");
    } else if (rb_word_is(cmd, "uci")) {
        cmd_uci(p);
    } else if (rb_word_is(cmd, "ucinewgame")) {
        cmd_newgame(p);
    } else if (rb_word_is(cmd, "setoption")) {
        cmd_setoption(p, &args);
    } else if (rb_word_is(cmd, "position")) {
        rb_cmd_position(p, &args);
    } else if (rb_word_is(cmd, "go")) {
        cmd_go_dispatch(p, &args);
    } else if (rb_word_is(cmd, "stop")) {
        rb_cmd_stop(p);
    } else if (rb_word_is(cmd, "d")) {
        rb_cmd_display(p, &args);
    } else if (rb_word_is(cmd, "bench")) {
        cmd_bench_dispatch(p, &args);
    } else if (rb_word_is(cmd, "threat")) {
        rb_cmd_threat(p, &args);
    } else if (rb_word_is(cmd, "explain")) {
        rb_cmd_explain(p, &args);
    } else if (rb_word_is(cmd, "probe")) {
        rb_proto_finish_search(p);
        rb_cmd_probe(p);
    } else {
        char shown[64];
        rb_proto_error(p, "unknown command '%s'", rb_proto_show(cmd, shown, sizeof shown));
    }
    return RB_PROTO_CONTINUE;
}

void rb_proto_set_client_gone(rb_proto *p, bool (*gone)(void *user))
{
    p->client_gone = gone;
}

bool rb_proto_searching(rb_proto *p)
{
    return atomic_load(&p->searching);
}

void rb_proto_wait(rb_proto *p)
{
    while (atomic_load(&p->searching)) {
        rb_util_sleep_ms(1);
    }
    rb_proto_finish_search(p); /* only joins the finished thread now */
}
