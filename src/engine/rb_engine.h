/*
 * rb_engine.h - the computer opponent.
 *
 * An engine object owns its transposition table and search state, so
 * engines searching on different threads at once do not disturb each
 * other. One search runs at a time per engine, on whatever thread calls
 * rb_engine_search(); rb_engine_stop() may be called from any other thread
 * and makes the search return promptly with the best move found so far.
 * The position searched is a copy, so the caller's game can change
 * meanwhile.
 */
#ifndef RB_ENGINE_H
#define RB_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"

#define RB_LEVEL_MIN 1
#define RB_LEVEL_MAX 10
#define RB_MAX_PLY 128

typedef struct rb_engine rb_engine;

/* Search limits; zero means "no limit of this kind". With none set the
 * search runs until stopped, or until the level's own caps or the deepest
 * iteration end it. With infinite set it also holds its answer back until
 * stopped, as UCI's "go infinite" asks. */
typedef struct rb_limits {
    int depth;
    uint64_t nodes;
    int64_t movetime_ms;
    /* clock: the side to move's remaining time and increment (ms) */
    int64_t time_left_ms;
    int64_t increment_ms;
    bool infinite;
} rb_limits;

typedef enum { RB_SCORE_CP = 0, RB_SCORE_WIN, RB_SCORE_LOSS } rb_score_kind;

typedef struct rb_search_info {
    int depth;
    rb_score_kind kind;
    int score;          /* centipawns, or the moves to the win/loss */
    uint64_t nodes;
    uint64_t nps;
    int64_t time_ms;
    int pvlen;
    rb_move pv[RB_MAX_PLY];
} rb_search_info;

typedef void (*rb_info_fn)(const rb_search_info *info, void *user);

rb_engine *rb_engine_new(size_t hash_mib);     /* NULL when memory runs out */
void rb_engine_free(rb_engine *e);
int rb_engine_set_hash(rb_engine *e, size_t hash_mib); /* 0, or -1 keeping the old table */
void rb_engine_set_level(rb_engine *e, int level);     /* RB_LEVEL_MIN..RB_LEVEL_MAX */
int rb_engine_level(const rb_engine *e);
/* A level in one English word, "beginner" (1) to "strongest" (10), for a
 * menu; out-of-range levels are named as the nearest level. */
const char *rb_level_name(int level);
void rb_engine_set_seed(rb_engine *e, uint64_t seed);  /* for the weaker levels' choices */
void rb_engine_new_game(rb_engine *e);

/*
 * Searches root under limits and returns the best move (RB_MOVE_NONE when
 * the root has no legal move). history holds the keys of the positions
 * played before root, oldest first, so repetitions are seen. info, if not
 * NULL, is called after each completed iteration and at the end; it runs on
 * the searching thread. With only a node or depth limit the result is
 * deterministic.
 */
rb_move rb_engine_search(rb_engine *e, const rb_pos *root,
                         const uint64_t *history, size_t nhistory,
                         const rb_limits *limits, rb_info_fn info, void *user,
                         rb_search_info *final_info);

/*
 * Stopping is race-free by design: the stop request is set by
 * rb_engine_stop() and cleared only by rb_engine_clear_stop(), never by the
 * search. A stop ends the search that is running and makes every later
 * search return at once (with a legal move), until it is cleared. So the
 * thread that controls the engine clears the stop before it hands a search
 * to another thread, and a stop it sends at any moment after that, even
 * before the searching thread has begun, is kept.
 */
void rb_engine_stop(rb_engine *e);             /* thread-safe */
void rb_engine_clear_stop(rb_engine *e);       /* thread-safe */

/*
 * Searches a fixed set of positions to the given depth (0: the default
 * depth) from a cleared table at full strength, and returns the nodes per
 * second. The total node count (*nodes) changes only when the search's
 * behaviour changes, so it fingerprints a build; *ms is the time taken.
 * Either pointer may be NULL. The engine's level and table are restored to
 * a fresh state afterwards (as after rb_engine_new_game).
 */
#define RB_BENCH_DEPTH 16
uint64_t rb_engine_bench(rb_engine *e, int depth, uint64_t *nodes, int64_t *ms);

/* Static evaluation from the side to move's point of view, in centipawns. */
int rb_eval(const rb_pos *pos);

#endif
