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
#define RB_MULTIPV_MAX 8
#define RB_THREADS_MAX 64

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
    /* When the request arrived (rb_engine_now's milliseconds): time limits
     * count from here, so the wait before the search starts is spent from
     * the same allowance. 0: from the start of the search. */
    int64_t start_ms;
    /* the root moves to consider (UCI's "go searchmoves"); none: all.
     * Moves that are not legal at the root are ignored, and when none of
     * them is legal every move is searched. */
    int nsearchmoves;
    rb_move searchmoves[RB_MAX_MOVES];
} rb_limits;

typedef enum { RB_SCORE_CP = 0, RB_SCORE_WIN, RB_SCORE_LOSS } rb_score_kind;

typedef struct rb_search_info {
    int depth;
    int multipv; /* which line, 1 = the best (see rb_engine_set_multipv) */
    rb_score_kind kind;
    int score; /* centipawns, or the moves to the win/loss */
    uint64_t nodes;
    uint64_t nps;
    int64_t time_ms;
    int pvlen;
    rb_move pv[RB_MAX_PLY];
    uint64_t tbhits; /* positions the endgame tables answered */
} rb_search_info;

typedef void (*rb_info_fn)(const rb_search_info *info, void *user);

rb_engine *rb_engine_new(size_t hash_mib); /* NULL when memory runs out */
void rb_engine_free(rb_engine *e);
int rb_engine_set_hash(rb_engine *e, size_t hash_mib); /* 0, or -1 keeping the old table */
void rb_engine_set_level(rb_engine *e, int level);     /* RB_LEVEL_MIN..RB_LEVEL_MAX */
/* Evaluates with the hand-set weights the evaluation had before it was
 * tuned, for a judge whose thresholds were measured with them (the puzzle
 * checks); rb_engine_new starts with the tuned weights. */
void rb_engine_use_hand_set_eval(rb_engine *e);
int rb_engine_level(const rb_engine *e);
/* A level in one English word, "beginner" (1) to "strongest" (10), for a
 * menu; out-of-range levels are named as the nearest level. */
const char *rb_level_name(int level);
void rb_engine_set_seed(rb_engine *e, uint64_t seed); /* for the weaker levels' choices */
void rb_engine_new_game(rb_engine *e);

/*
 * Multi-line analysis: how many of the best root moves get a score and a
 * line of their own (1..RB_MULTIPV_MAX, clamped; default 1). With N lines
 * each completed iteration calls info N times, line 1 (the best) first,
 * each with its own multipv, score and pv, and the first moves of the lines
 * all differ; a root with fewer legal moves (or searchmoves) gives fewer
 * lines. The move returned is line 1's at level 10; a weaker level still
 * picks among the root moves as it does with one line. One line searches
 * exactly as before this setting existed.
 */
void rb_engine_set_multipv(rb_engine *e, int lines);

/* The clock time limits are measured on (milliseconds, monotonic): by
 * default the system's; a test may hand in one of its own (now(user) is
 * called from every searching thread). NULL restores the default. */
typedef int64_t (*rb_clock_fn)(void *user);
void rb_engine_set_clock(rb_engine *e, rb_clock_fn now, void *user);
int64_t rb_engine_now(const rb_engine *e);
int rb_engine_multipv(const rb_engine *e);
/* The lines of the last search's last completed iteration, best first:
 * copies at most max of them into lines and returns how many it copied. */
int rb_engine_lines(const rb_engine *e, rb_search_info *lines, int max);

/*
 * Threads: how many threads a full-strength search uses (1..RB_THREADS_MAX,
 * clamped; default 1). With more than one the search is lazy SMP, as most
 * strong chess engines do it: helper threads search the same root at
 * depths staggered against the main thread's and share its transposition
 * table, so each finds there what the others learnt. The main thread, the
 * caller's, reports and decides when to stop; the move played is its
 * result, or a helper's when that helper completed a deeper iteration.
 * Levels below RB_LEVEL_MAX always search on one thread, so they keep their
 * measured strength, and one thread searches exactly as before this
 * setting existed. With several threads a depth- or node-limited search no
 * longer repeats exactly, a node limit counts the main thread's nodes, and
 * the nodes reported are all threads'. Set it between searches, on the
 * thread that runs them. Returns 0, or -1 when there is no memory for the
 * helpers (the count is then left as it was).
 */
int rb_engine_set_threads(rb_engine *e, int threads);
int rb_engine_threads(const rb_engine *e);

/*
 * Searches root under limits and returns the best move (RB_MOVE_NONE when
 * the root has no legal move). history holds the keys of the positions
 * played before root, oldest first, so repetitions are seen. info, if not
 * NULL, is called after each completed iteration and at the end; it runs on
 * the searching thread. With only a node or depth limit the result is
 * deterministic.
 */
rb_move rb_engine_search(rb_engine *e, const rb_pos *root, const uint64_t *history, size_t nhistory,
                         const rb_limits *limits, rb_info_fn info, void *user, rb_search_info *final_info);

/*
 * The threat in a position: what the opponent of the side to move would
 * play if it were their move now (a null move), for showing a player what
 * they must answer. Searches the position with the other side to move under
 * limits (with none of depth, nodes, movetime or a clock set: to
 * RB_THREAT_DEPTH plies; "infinite" and searchmoves are ignored), at full
 * strength and with one line whatever the engine's settings, which are left
 * as they were. *move gets the opponent's best move and *info its score
 * and line from the opponent's point of view (either pointer may be NULL).
 *
 * A side in check cannot pass: the threat there is the check itself, so
 * RB_THREAT_IN_CHECK is returned with no move and no search (the checkers
 * are the rules library's to name). RB_THREAT_NONE means there is nothing
 * to threaten: the game is over in pos or the opponent would have no legal
 * move. In both cases *move is RB_MOVE_NONE and info holds depth 0.
 */
#define RB_THREAT_DEPTH 8
typedef enum rb_threat_kind { RB_THREAT_MOVE = 0, RB_THREAT_IN_CHECK, RB_THREAT_NONE } rb_threat_kind;

rb_threat_kind rb_engine_threat(rb_engine *e, const rb_pos *pos, const uint64_t *history, size_t nhistory,
                                const rb_limits *limits, rb_move *move, rb_search_info *info);

/*
 * Stopping is race-free by design: the stop request is set by
 * rb_engine_stop() and cleared only by rb_engine_clear_stop(), never by the
 * search. A stop ends the search that is running and makes every later
 * search return at once (with a legal move), until it is cleared. So the
 * thread that controls the engine clears the stop before it hands a search
 * to another thread, and a stop it sends at any moment after that, even
 * before the searching thread has begun, is kept.
 */
void rb_engine_stop(rb_engine *e);       /* thread-safe */
void rb_engine_clear_stop(rb_engine *e); /* thread-safe */

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

/*
 * Endgame tables (rb_tb.h): with a store set, every node with no more men
 * than its largest table is answered from the tables (exact: a win or loss
 * at its distance, or a draw), and a root in the tables searches only the
 * moves that keep its value at its best distance, so the engine wins won
 * positions in the fewest plies and never lets a draw slip. The store is
 * the caller's and must outlive the engine's searches; NULL turns the
 * tables off. Set it between searches. Levels below RB_LEVEL_MAX leave the
 * tables alone, so they keep their measured strength (and character) in
 * endings too.
 */
struct rb_tb;
void rb_engine_set_tablebase(rb_engine *e, struct rb_tb *tb);
struct rb_tb *rb_engine_tablebase(const rb_engine *e); /* the store set, or NULL */

/* Static evaluation from the side to move's point of view, in centipawns. */
int rb_eval(const rb_pos *pos);

#endif
