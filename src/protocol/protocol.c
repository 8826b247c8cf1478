/*
 * protocol.c - reading protocol lines and dispatching them.
 *
 * A line is split into words on blanks; the first word names the command
 * and a table maps it to its handler. Nothing in a line can make the engine
 * stop answering: unknown words, bad numbers and stray bytes all end in one
 * "info string error: ..." line, and the state stays as it was.
 */
#define _POSIX_C_SOURCE 200809L

#include "proto_internal.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#ifndef RB_VERSION
#define RB_VERSION "dev"
#endif

/* ---- answers --------------------------------------------------------- */

static void emit_v(rb_proto *p, const char *prefix, const char *fmt, va_list ap)
{
    /* Longest answers: a Legal line (128 moves) or a principal variation. */
    char line[4096];
    size_t n = strlen(prefix);
    memcpy(line, prefix, n);
    vsnprintf(line + n, sizeof line - n, fmt, ap);
    /* Answers are printable ASCII whatever bytes came in and got quoted
     * back, so a client reading text never meets a control character or
     * broken UTF-8. */
    rb_util_make_printable(line);
    pthread_mutex_lock(&p->out_lock);
    p->out(line, p->user);
    pthread_mutex_unlock(&p->out_lock);
}

void rb_proto_emit(rb_proto *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_v(p, "", fmt, ap);
    va_end(ap);
}

void rb_proto_error(rb_proto *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit_v(p, "info string error: ", fmt, ap);
    va_end(ap);
}

const char *rb_proto_show(rb_word w, char *buf, size_t size)
{
    size_t limit = size - 1;
    bool cut = w.n > limit;
    if (cut) {
        limit = size >= 4 ? size - 4 : 0;
    }
    size_t n = 0;
    for (; n < w.n && n < limit; n++) {
        buf[n] = rb_util_printable_char((unsigned char)w.s[n]);
    }
    if (cut) {
        for (int i = 0; i < 3 && n + 1 < size; i++) {
            buf[n++] = '.';
        }
    }
    buf[n] = '\0';
    return buf;
}

/* ---- words ----------------------------------------------------------- */

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

bool rb_words_next(rb_words *ws, rb_word *w)
{
    while (ws->p < ws->end && is_blank(*ws->p)) {
        ws->p++;
    }
    if (ws->p == ws->end) {
        return false;
    }
    w->s = ws->p;
    while (ws->p < ws->end && !is_blank(*ws->p)) {
        ws->p++;
    }
    w->n = (size_t)(ws->p - w->s);
    return true;
}

bool rb_word_is(rb_word w, const char *text)
{
    return strlen(text) == w.n && memcmp(w.s, text, w.n) == 0;
}

bool rb_word_copy(rb_word w, char *buf, size_t size)
{
    if (w.n >= size || memchr(w.s, '\0', w.n) != NULL) {
        return false;
    }
    memcpy(buf, w.s, w.n);
    buf[w.n] = '\0';
    return true;
}

bool rb_word_int(rb_word w, int64_t min, int64_t max, int64_t *value)
{
    size_t i = 0;
    bool negative = w.n > 0 && w.s[0] == '-';
    if (negative) {
        i = 1;
    }
    if (i == w.n || w.n - i > 18) {
        return false;
    }
    int64_t v = 0;
    for (; i < w.n; i++) {
        if (w.s[i] < '0' || w.s[i] > '9') {
            return false;
        }
        v = v * 10 + (w.s[i] - '0');
    }
    if (negative) {
        v = -v;
    }
    if (v < min || v > max) {
        return false;
    }
    *value = v;
    return true;
}

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

void rb_proto_sorted_moves(const rb_movelist *list, char (*text)[RB_MOVE_TEXT_MAX])
{
    for (int i = 0; i < list->count; i++) {
        rb_move_to_coord(list->moves[i], text[i]);
    }
    qsort(text, (size_t)list->count, RB_MOVE_TEXT_MAX, compare_text);
}

/* ---- simple commands ------------------------------------------------- */

static void cmd_uci(rb_proto *p)
{
    rb_proto_emit(p, "id name Rollerball %s", RB_VERSION);
    rb_proto_emit(p, "id author The Rollerball authors");
    rb_proto_emit(p, "option name Level type spin default %d min %d max %d",
                  RB_LEVEL_MAX, RB_LEVEL_MIN, RB_LEVEL_MAX);
    rb_proto_emit(p, "option name Hash type spin default %d min %d max %d",
                  RB_PROTO_HASH_DEFAULT, RB_PROTO_HASH_MIN, RB_PROTO_HASH_MAX);
    rb_proto_emit(p, "option name MultiPV type spin default 1 min 1 max %d", RB_MULTIPV_MAX);
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
enum { OPT_LEVEL, OPT_HASH, OPT_MULTIPV, OPT_COUNT };
static const struct {
    const char *name;
    int64_t min, max;
} options[OPT_COUNT] = {
    [OPT_LEVEL] = {"Level", RB_LEVEL_MIN, RB_LEVEL_MAX},
    [OPT_HASH] = {"Hash", RB_PROTO_HASH_MIN, RB_PROTO_HASH_MAX},
    [OPT_MULTIPV] = {"MultiPV", 1, RB_MULTIPV_MAX},
};

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
    } else if (rb_engine_set_hash(p->engine, (size_t)v) == 0) {
        p->hash_mib = (size_t)v;
    } else {
        rb_proto_error(p, "setoption: not enough memory for a %" PRId64 " MiB hash table; keeping %zu MiB",
                       v, p->hash_mib);
    }
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
        rb_cmd_go(p, &args);
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
