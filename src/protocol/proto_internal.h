/*
 * proto_internal.h - what the protocol's source files share.
 *
 * The files stand in layers, each calling only those below it:
 *   protocol.c        reads lines and dispatches commands, the life cycle
 *   proto_position.c  the commands about the game (position, d, perft)
 *   proto_search.c    go, stop, threat and bench
 *   proto_explain.c   explain
 *   proto_worker.c    the worker thread the jobs of those commands run on
 *   proto_text.c      reading words and writing answers
 * They share the state below; the declarations are grouped by the file
 * that defines them.
 */
#ifndef RB_PROTO_INTERNAL_H
#define RB_PROTO_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "protocol.h"
#include "rb_core.h"
#include "rb_engine.h"

/* The words of a line, read one at a time without copying the line. */
typedef struct rb_words {
    const char *p;
    const char *end;
} rb_words;

typedef struct rb_word {
    const char *s;
    size_t n;
} rb_word;

/* What the worker thread runs. A search ("go") is stopped by any command
 * that changes what it searches; the measuring jobs (perft and the two
 * benches) run to the end unless told "stop" or the client has gone, so
 * that "go perft 8" followed by "quit" still prints its count. A threat
 * query is short and answered in one line, so it is waited for like them. */
typedef enum rb_job_kind { RB_JOB_SEARCH, RB_JOB_PERFT, RB_JOB_BENCH, RB_JOB_BENCH_PERFT, RB_JOB_THREAT } rb_job_kind;

/* The worker's side of a job: runs on the worker thread, prints its
 * answers and returns when the job is done. */
typedef void (*rb_job_fn)(rb_proto *p);

/* What the worker works on: copies, so the game may change meanwhile. */
typedef struct rb_search_job {
    rb_job_kind kind;
    rb_job_fn run; /* set by rb_proto_start_job */
    int depth;     /* perft and bench */
    rb_pos root;
    uint64_t *history;
    size_t nhistory;
    rb_limits limits;
} rb_search_job;

struct rb_proto {
    rb_proto_out_fn out;
    void *user;
    pthread_mutex_t out_lock; /* one answer line at a time */

    rb_engine *engine;
    struct rb_tb *tb;     /* endgame tables (NULL: none); the engine probes them */
    bool tb_missing_said; /* the note that the folder has no tables was given */
    bool tb_problem_said; /* the note naming a damaged table was given */
    int level;
    int multipv; /* lines per iteration (setoption MultiPV) */
    int threads; /* search threads (setoption Threads), the bench's too */
    size_t hash_mib;

    rb_game game; /* the position set by "position", with its history */
    bool position_given;

    pthread_t thread;
    bool thread_live;      /* a search thread exists that was not joined yet */
    atomic_bool searching; /* true until the search has printed bestmove */
    pthread_mutex_t stop_lock;
    pthread_cond_t stop_cond;
    bool stop_requested;     /* "stop" came (guarded by stop_lock) */
    atomic_bool abort_job;   /* a perft or bench job must end now */
    rb_engine *bench_engine; /* the engine a running bench uses */
    rb_search_job job;

    bool (*client_gone)(void *user); /* may be NULL */
};

/* ---- proto_text.c: answers ---- */
void rb_proto_emit(rb_proto *p, const char *fmt, ...);
/* proto_probe.c: the endgame tables */
void rb_cmd_probe(rb_proto *p);
void rb_proto_tb_notes(rb_proto *p); /* says once what is wrong with the tables */
/* One "info string error: ..." line. */
void rb_proto_error(rb_proto *p, const char *fmt, ...);
/* A word made safe to echo: printable characters only, cut to fit buf. */
const char *rb_proto_show(rb_word w, char *buf, size_t size);
/* Sorted coordinate-form texts of the legal moves in list (count entries). */
void rb_proto_sorted_moves(const rb_movelist *list, char (*text)[RB_MOVE_TEXT_MAX]);

/* ---- proto_text.c: words ---- */
bool rb_words_next(rb_words *ws, rb_word *w);
bool rb_word_is(rb_word w, const char *text);
/* Copies a word into buf as a C string; false when it does not fit. */
bool rb_word_copy(rb_word w, char *buf, size_t size);
/* Whole-word decimal numbers; false when the word is not one or is out of
 * [min, max]. */
bool rb_word_int(rb_word w, int64_t min, int64_t max, int64_t *value);

/* ---- proto_worker.c: the worker thread ---- */
/* Starts the worker thread on p->job, running run; false after reporting
 * an error. */
bool rb_proto_start_job(rb_proto *p, rb_job_fn run);
/* Asks a running search to end and a running perft or bench to give up. */
void rb_proto_request_stop(rb_proto *p);
/* Ends a running search (it prints its bestmove), or waits for a perft or
 * bench job to finish (ending it if the client has gone), and joins the
 * worker thread. */
void rb_proto_finish_search(rb_proto *p);

/* ---- the commands (each gets the words after the command's own) ---- */
/* proto_position.c */
void rb_cmd_position(rb_proto *p, rb_words *args);
void rb_cmd_display(rb_proto *p, rb_words *args);
void rb_cmd_perft(rb_proto *p, rb_words *args);
void rb_cmd_bench_perft(rb_proto *p);
/* proto_search.c */
void rb_cmd_go(rb_proto *p, rb_words *args);
void rb_cmd_stop(rb_proto *p);
void rb_cmd_bench(rb_proto *p, rb_words *args);
void rb_cmd_threat(rb_proto *p, rb_words *args);
/* proto_explain.c */
void rb_cmd_explain(rb_proto *p, rb_words *args);

#endif
