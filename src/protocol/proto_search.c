/*
 * proto_search.c - "go", "stop", "threat" and "bench": searches on the
 * worker thread (proto_worker.c).
 *
 * The worker searches copies of the position and its history, prints the
 * engine's progress as info lines and ends with bestmove. A search under
 * "go infinite" that finishes early holds its bestmove back until "stop",
 * as UCI asks. Each command here reads its arguments, sets up the job and
 * hands the worker the function below that runs it.
 */
#define _POSIX_C_SOURCE 200809L

#include "proto_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_review.h"
#include "rb_util_clock.h"

/* How long "stop" waits for the bestmove before answering the next line. */
#define STOP_WAIT_MS 40

static const char *const score_kinds[] = {"cp", "win", "loss"};

/* A score as sent: centipawns on the shown scale (rb_review.h: +100 is a
 * pawn's worth of winning chance in chess), wins and losses in moves. */
static int sent_score(const rb_search_info *info)
{
    return info->kind == RB_SCORE_CP ? rb_review_shown_cp(info->score) : info->score;
}

/* " pv m1 m2 ..." for a line (nothing for an empty one), cut to fit. */
static void append_pv(char *line, size_t size, size_t n, const rb_search_info *info)
{
    if (info->pvlen > 0 && n < size) {
        n += (size_t)snprintf(line + n, size - n, " pv");
    }
    for (int i = 0; i < info->pvlen && i < RB_MAX_PLY && n + RB_MOVE_TEXT_MAX + 2 < size; i++) {
        char mv[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(info->pv[i], mv);
        n += (size_t)snprintf(line + n, size - n, " %s", mv);
    }
}

/* One info line. "multipv K" is written only when more than one line was
 * asked for, so that one-line output stays as it always was. */
static void print_info(const rb_search_info *info, void *user)
{
    rb_proto *p = user;
    char line[3072], multipv[24] = "";
    if (p->multipv > 1) {
        snprintf(multipv, sizeof multipv, " multipv %d", info->multipv);
    }
    int n = snprintf(line, sizeof line, "info depth %d%s score %s %d nodes %" PRIu64 " nps %" PRIu64 " time %" PRId64,
                     info->depth, multipv, score_kinds[info->kind], sent_score(info), info->nodes, info->nps,
                     info->time_ms);
    if (p->tb != NULL && n > 0 && (size_t)n < sizeof line) {
        n += snprintf(line + n, sizeof line - (size_t)n, " tbhits %" PRIu64, info->tbhits);
    }
    append_pv(line, sizeof line, (size_t)n, info);
    rb_proto_emit(p, "%s", line);
}

/* "threat <move> depth D score cp|win|loss X pv ...", "threat (none) check"
 * when the side to move is in check, or "threat (none)". */
static void run_threat(rb_proto *p)
{
    rb_search_job *job = &p->job;
    rb_move move;
    rb_search_info info;
    rb_threat_kind kind =
        rb_engine_threat(p->engine, &job->root, job->history, job->nhistory, &job->limits, &move, &info);
    if (kind == RB_THREAT_IN_CHECK) {
        rb_proto_emit(p, "threat (none) check");
        return;
    }
    if (kind == RB_THREAT_NONE) {
        rb_proto_emit(p, "threat (none)");
        return;
    }
    char line[3072], mv[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(move, mv);
    int n = snprintf(line, sizeof line, "threat %s depth %d score %s %d", mv, info.depth, score_kinds[info.kind],
                     sent_score(&info));
    append_pv(line, sizeof line, (size_t)n, &info);
    rb_proto_emit(p, "%s", line);
}

static void run_bench(rb_proto *p)
{
    uint64_t nodes = 0;
    int64_t ms = 0;
    uint64_t nps = rb_engine_bench(p->bench_engine, p->job.depth, &nodes, &ms);
    if (atomic_load(&p->abort_job)) {
        rb_proto_emit(p, "info string bench stopped");
        return;
    }
    if (p->threads > 1) {
        rb_proto_emit(p, "info string bench depth %d threads %d", p->job.depth, p->threads);
    } else {
        rb_proto_emit(p, "info string bench depth %d", p->job.depth);
    }
    rb_proto_emit(p, "Nodes searched: %" PRIu64, nodes);
    rb_proto_emit(p, "Time: %" PRId64 " ms", ms);
    rb_proto_emit(p, "Nodes per second: %" PRIu64, nps);
}

/* The worker's side of "go": the search, then its bestmove. */
static void run_search(rb_proto *p)
{
    rb_search_job *job = &p->job;
    rb_search_info final;
    rb_move best =
        rb_engine_search(p->engine, &job->root, job->history, job->nhistory, &job->limits, print_info, p, &final);
    if (job->limits.infinite) {
        pthread_mutex_lock(&p->stop_lock);
        while (!p->stop_requested) {
            pthread_cond_wait(&p->stop_cond, &p->stop_lock);
        }
        pthread_mutex_unlock(&p->stop_lock);
    }
    if (best == RB_MOVE_NONE) {
        rb_proto_emit(p, "bestmove (none)");
    } else {
        char mv[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(best, mv);
        rb_proto_emit(p, "bestmove %s", mv);
    }
}

void rb_cmd_stop(rb_proto *p)
{
    if (!atomic_load(&p->searching)) {
        rb_proto_emit(p, "info string stop: no search is running");
        return;
    }
    rb_proto_request_stop(p);
    for (int waited = 0; waited < STOP_WAIT_MS && atomic_load(&p->searching); waited++) {
        rb_util_sleep_ms(1);
    }
}

/* ---- go ------------------------------------------------------------------ */

/* Gives the worker copies of the game's position and of the keys of the
 * positions before it (for repetitions); false after reporting an error. */
static bool set_job_position(rb_proto *p, rb_job_kind kind, const rb_limits *limits)
{
    size_t nhistory = p->game.ply;
    uint64_t *history = malloc((nhistory > 0 ? nhistory : 1) * sizeof *history);
    if (history == NULL) {
        rb_proto_error(p, "%s: out of memory", kind == RB_JOB_THREAT ? "threat" : "go");
        return false;
    }
    for (size_t i = 0; i < nhistory; i++) {
        history[i] = p->game.positions[i].key;
    }
    free(p->job.history);
    p->job.kind = kind;
    p->job.root = *rb_game_pos(&p->game);
    p->job.history = history;
    p->job.nhistory = nhistory;
    p->job.limits = *limits;
    return true;
}

static const char *const numeric[] = {"depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo"};
#define NUMERIC_COUNT (sizeof numeric / sizeof numeric[0])

static bool is_go_keyword(rb_word w)
{
    for (size_t i = 0; i < NUMERIC_COUNT; i++) {
        if (rb_word_is(w, numeric[i])) {
            return true;
        }
    }
    return rb_word_is(w, "infinite") || rb_word_is(w, "searchmoves");
}

/* searchmoves m1 m2 ...: the moves up to the next keyword. Moves that are
 * not legal here are named in one error line and left out; when none is
 * left, every move is searched (and the line says so). */
static void read_searchmoves(rb_proto *p, rb_words *args, const rb_pos *root, rb_limits *lim)
{
    char bad[1024] = "";
    size_t nbad = 0, given = 0;
    rb_words peek = *args;
    rb_word w;
    while (rb_words_next(&peek, &w) && !is_go_keyword(w)) {
        *args = peek;
        given++;
        char text[RB_MOVE_TEXT_MAX], err[200] = "not a move in coordinate form", shown[64];
        rb_move m = RB_MOVE_NONE;
        if (!rb_word_copy(w, text, sizeof text) || rb_move_parse_coord(root, text, &m, err, sizeof err) != 0) {
            size_t used = strlen(bad);
            snprintf(bad + used, sizeof bad - used, "%s'%s' (%s)", nbad > 0 ? ", " : "",
                     rb_proto_show(w, shown, sizeof shown), err);
            nbad++;
            continue;
        }
        bool seen = false;
        for (int i = 0; i < lim->nsearchmoves; i++) {
            seen = seen || lim->searchmoves[i] == m;
        }
        if (!seen && lim->nsearchmoves < RB_MAX_MOVES) {
            lim->searchmoves[lim->nsearchmoves++] = m;
        }
    }
    if (given == 0) {
        rb_proto_error(p, "go: searchmoves names no move; searching every move");
    } else if (nbad > 0) {
        rb_proto_error(p, "go: searchmoves: ignoring %s%s", bad,
                       lim->nsearchmoves == 0 ? "; no move left, searching every move" : "");
    }
}

/* Reads the limits of a go (or threat) line; false after reporting an
 * error. A threat query has no searchmoves and no infinite search. */
static bool read_limits(rb_proto *p, rb_words *args, const rb_pos *root, bool threat, rb_limits *lim)
{
    int64_t clock[2] = {-1, -1}, inc[2] = {0, 0}, v;
    rb_word w, arg;
    char shown[64];
    const char *cmd = threat ? "threat" : "go";
    int side = root->side;
    memset(lim, 0, sizeof *lim);
    while (rb_words_next(args, &w)) {
        if (rb_word_is(w, "infinite") && !threat) {
            lim->infinite = true;
            continue;
        }
        if (rb_word_is(w, "searchmoves") && !threat) {
            read_searchmoves(p, args, root, lim);
            continue;
        }
        int which = -1;
        for (int i = 0; i < (int)NUMERIC_COUNT; i++) {
            if (rb_word_is(w, numeric[i])) {
                which = i;
            }
        }
        if (which < 0) {
            rb_proto_error(p, "%s: unknown parameter '%s'", cmd, rb_proto_show(w, shown, sizeof shown));
            return false;
        }
        /* Clocks may be negative when a client lets a flag fall: read as 0. */
        int64_t min = which >= 3 && which <= 6 ? -INT64_C(999999999999) : 1;
        int64_t max = which == 0 ? RB_MAX_PLY - 1 : INT64_C(999999999999999);
        if (!rb_words_next(args, &arg)) {
            rb_proto_error(p, "%s: %s needs a number", cmd, numeric[which]);
            return false;
        }
        if (!rb_word_int(arg, min, max, &v)) {
            char range[32];
            snprintf(range, sizeof range, "from 1 to %d", RB_MAX_PLY - 1);
            rb_proto_error(p, "%s: %s must be a whole number %s, not '%s'", cmd, numeric[which],
                           which == 0 ? range
                           : min > 0  ? "above 0"
                                      : "of milliseconds",
                           rb_proto_show(arg, shown, sizeof shown));
            return false;
        }
        if (v < 0) {
            v = 0;
        }
        switch (which) {
        case 0: lim->depth = (int)v; break;
        case 1: lim->nodes = (uint64_t)v; break;
        case 2: lim->movetime_ms = v; break;
        case 3: clock[RB_WHITE] = v; break;
        case 4: clock[RB_BLACK] = v; break;
        case 5: inc[RB_WHITE] = v; break;
        case 6: inc[RB_BLACK] = v; break;
        default: break; /* movestogo: the engine plans from the clock alone */
        }
    }
    if (clock[side] >= 0) {
        lim->time_left_ms = clock[side] > 0 ? clock[side] : 1;
        lim->increment_ms = inc[side];
    } else if (clock[!side] >= 0) {
        rb_proto_error(p, "%s: no clock for the side to move (%s)", cmd, side == RB_WHITE ? "wtime" : "btime");
        return false;
    }
    if (threat) {
        return true; /* no limit: the engine's short default */
    }
    if (lim->depth == 0 && lim->nodes == 0 && lim->movetime_ms == 0 && lim->time_left_ms == 0) {
        lim->infinite = true; /* a bare "go" searches until "stop" */
    }
    return true;
}

void rb_cmd_go(rb_proto *p, rb_words *args)
{
    /* The time asked for counts from here, the line's arrival: waiting for
     * a search that is ending, and starting the search thread, are spent
     * from it too. */
    int64_t arrived = rb_engine_now(p->engine);
    if (atomic_load(&p->searching) && p->job.kind == RB_JOB_SEARCH) {
        rb_proto_error(p, "go: a search is already running (send stop first)");
        return;
    }
    rb_proto_finish_search(p); /* a perft or bench before it ends first */
    const rb_pos *root = rb_game_pos(&p->game);
    rb_limits limits;
    if (!read_limits(p, args, root, false, &limits)) {
        return;
    }
    limits.start_ms = arrived;
    rb_proto_finish_search(p); /* joins a search that ended by itself */
    if (!p->position_given) {
        rb_proto_emit(p, "info string no position given: searching the start position");
    }
    rb_ending ending = rb_game_ending(&p->game);
    if (ending != RB_END_NONE) {
        rb_proto_emit(p, "info string the game is over (%s)", rb_ending_name(ending));
        rb_proto_emit(p, "bestmove (none)");
        return;
    }
    if (set_job_position(p, RB_JOB_SEARCH, &limits)) {
        rb_proto_start_job(p, run_search);
    }
}

/* ---- threat ------------------------------------------------------------- */

/* threat [depth N | nodes N | movetime MS | clock]: the move the opponent
 * would play if the side to move passed (rb_engine_threat), in one line. */
void rb_cmd_threat(rb_proto *p, rb_words *args)
{
    if (atomic_load(&p->searching) && p->job.kind == RB_JOB_SEARCH) {
        rb_proto_error(p, "threat: a search is running (send stop first)");
        return;
    }
    rb_proto_finish_search(p);
    rb_limits limits;
    if (!read_limits(p, args, rb_game_pos(&p->game), true, &limits)) {
        return;
    }
    if (rb_game_ending(&p->game) != RB_END_NONE) {
        rb_proto_emit(p, "threat (none)");
        return;
    }
    if (set_job_position(p, RB_JOB_THREAT, &limits)) {
        rb_proto_start_job(p, run_threat);
    }
}

/* ---- bench ------------------------------------------------------------------ */

void rb_cmd_bench(rb_proto *p, rb_words *args)
{
    rb_word w;
    int64_t depth = RB_BENCH_DEPTH;
    char shown[64];
    if (rb_words_next(args, &w) && !rb_word_int(w, 1, RB_MAX_PLY - 8, &depth)) {
        rb_proto_error(p, "bench: expected a depth from 1 to %d or 'perft', not '%s'", RB_MAX_PLY - 8,
                       rb_proto_show(w, shown, sizeof shown));
        return;
    }
    if (rb_words_next(args, &w)) {
        rb_proto_error(p, "bench: unexpected '%s'", rb_proto_show(w, shown, sizeof shown));
        return;
    }
    rb_proto_finish_search(p);
    /* A separate engine with the default table, so that the node count (the
     * build's fingerprint) does not depend on the options set; only the
     * threads are the engine's, so that the bench measures them (with more
     * than one the count varies from run to run). */
    p->bench_engine = rb_engine_new(RB_PROTO_HASH_DEFAULT);
    if (p->bench_engine == NULL || rb_engine_set_threads(p->bench_engine, p->threads) != 0) {
        rb_engine_free(p->bench_engine);
        p->bench_engine = NULL;
        rb_proto_error(p, "bench: out of memory");
        return;
    }
    p->job.kind = RB_JOB_BENCH;
    p->job.depth = (int)depth;
    if (!rb_proto_start_job(p, run_bench)) {
        rb_engine_free(p->bench_engine);
        p->bench_engine = NULL;
    }
}
