/*
 * engine.h - the engine's insides, shared by its source files (not part of
 * the public contract in rb_engine.h).
 *
 * The file split follows the usual shape of a chess engine: eval.c scores a
 * position, tt.c remembers what was searched, movepick.c orders moves,
 * timeman.c turns limits into deadlines, search.c is the alpha-beta search
 * written as named steps, level.c makes the engine weaker in a human way,
 * threat.c asks what the opponent threatens, smp.c runs the helper threads
 * of a search on several cores and bench.c measures it. This header holds
 * the engine object they all share.
 */
#ifndef RB_ENGINE_INTERNAL_H
#define RB_ENGINE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "eval.h"
#include "rb_engine.h"
#include "tt.h"

/* Scores. A win found at ply p scores RB_WIN - p, so the fastest win and the
 * slowest loss are preferred; anything beyond RB_WIN_BOUND is a forced result. */
#define RB_INF 32000
#define RB_WIN 31000
#define RB_WIN_BOUND (RB_WIN - 2 * RB_MAX_PLY)
#define RB_DRAW 0

/* How many earlier positions a search can look back on for repetitions:
 * the game before the root plus the search path. */
#define RB_KEYS_MAX 2048

/* What each ply of the search path remembers. */
typedef struct rb_stack {
    rb_move killers[2];
    rb_move move; /* the move played from this ply */
    int static_eval;
    bool null_done; /* this ply was reached by a null move */
    int pvlen;
    rb_move pv[RB_MAX_PLY];
} rb_stack;

/* What a level changes: caps on the search and how far from the best move
 * the engine may wander, usually and on the moves where it slips. */
typedef struct rb_level_spec {
    int depth;       /* iteration cap, 0 = none */
    uint64_t nodes;  /* node cap, 0 = none */
    int margin;      /* centipawns below the best a chosen move may be */
    int slip;        /* chance in 1000 that a move is chosen with slip_margin instead */
    int slip_margin; /* a slip's margin: wide enough to let a piece go */
    bool careful;    /* a second-best choice must survive a deeper look (search.c) */
    bool selective;  /* the shallow pruning and extra reductions of search.c */
} rb_level_spec;

/* Evaluations of recent positions with their attack sets, by key. A search
 * scores the same quiescence positions again on every re-search and
 * transposition, and the table keeps no entry for them. Only a speed-up:
 * the evaluation is a function of the key's position, so a hit returns what
 * evaluating again would. Emptied at the start of every search, so new
 * weights never meet old entries: each entry carries the number of the
 * search that wrote it, and a new search takes a new number instead of
 * clearing the cache. (Larger caches find more positions but measured
 * slower on a busy machine, where their look-ups wait for memory.) */
#define RB_EVCACHE_SIZE (1 << 12)

typedef struct rb_evcache_entry {
    uint64_t key;
    rb_bb attacks[2];
    int32_t score;
    uint32_t search; /* the search that wrote it; 0: never written */
} rb_evcache_entry;

_Static_assert((RB_EVCACHE_SIZE & (RB_EVCACHE_SIZE - 1)) == 0, "the cache is indexed by masking the key");
_Static_assert(64 % sizeof(rb_evcache_entry) == 0, "an entry never straddles two cache lines");

/* What a search's iterations have settled so far. */
typedef struct rb_root_result {
    rb_move best_move;
    int best_score;
    int done_depth; /* the last completed iteration, 0 for none */
    int pvlen;
    rb_move pv[RB_MAX_PLY];
} rb_root_result;

struct rb_engine {
    rb_tt tt;
    rb_eval_params params; /* evaluation weights (tuning swaps them) */
    int level;
    uint64_t rng;
    atomic_bool stop;  /* set by rb_engine_stop, cleared by its owner only */
    int multipv;       /* lines to search, 1..RB_MULTIPV_MAX */
    rb_clock_fn clock; /* NULL: the system's (rb_engine_now) */
    void *clock_user;

    /* per search */
    uint64_t nodes;
    uint64_t node_limit;
    int64_t start_ms;
    int64_t soft_ms;      /* don't start another iteration after this */
    int64_t hard_ms;      /* abandon the search at this time */
    int64_t last_look_ms; /* when the clock was last read (0: not yet) */
    int64_t lag_ms;       /* the longest wait between two reads so far */
    bool aborted;
    int seldepth;

    size_t nkeys;
    uint64_t keys[RB_KEYS_MAX + RB_MAX_PLY + 8];

    int history[2][RB_NSQ][RB_NSQ];
    /* on a cache line of its own: one load, never two, reads an entry
     * (the engine is allocated so aligned: rb_engine_alloc) */
    _Alignas(64) rb_evcache_entry evcache[RB_EVCACHE_SIZE];
    uint32_t evcache_search; /* this search's number in the cache's entries */
    rb_stack stack[RB_MAX_PLY + 8];

    /* root moves with their last scores (all exact below full strength) */
    int nroot;
    rb_move root_moves[RB_MAX_MOVES];
    int root_scores[RB_MAX_MOVES];
    bool root_exact; /* weaker levels need true scores near the best */
    int root_margin;
    /* the last completed iteration's root moves, best first */
    int ndone;
    rb_move done_moves[RB_MAX_MOVES];
    int done_scores[RB_MAX_MOVES];
    /* the last completed iteration's lines, best first (rb_engine_lines) */
    int nlines;
    rb_search_info lines[RB_MULTIPV_MAX];

    /* switches for measuring what each search feature is worth */
    bool selective; /* this search's level allows the selective search */
    bool no_null, no_lmr, no_rfp, no_selective;

    /* Several threads (smp.c). The engine the caller holds searches on the
     * caller's thread; each helper is an engine of its own whose table is
     * a copy of the main one's handle, so all of them share its entries. */
    int threads;  /* the threads a full-strength search uses, 1..RB_THREADS_MAX */
    int nhelpers; /* helper engines allocated: threads - 1 */
    struct rb_engine *helpers[RB_THREADS_MAX - 1];
    pthread_t helper_threads[RB_THREADS_MAX - 1];
    bool helper_running[RB_THREADS_MAX - 1];
    int helpers_in_search; /* the helpers this search started (its first ones) */
    /* a helper's side: which depths it skips, what it searches, what it found */
    int helper_index; /* 1.. for a helper */
    rb_pos helper_root;
    int helper_max_depth;
    rb_root_result helper_result;
    _Atomic uint64_t published_nodes; /* nodes so far, for the main thread's reports */

    /* Endgame tables (not owned; NULL: none): probed at every node with
     * few enough men, their value exact. */
    struct rb_tb *tb;
    int tb_men;
    uint64_t tb_hits_start; /* the store's hit count when the search began */
};

/* engine.c: a zeroed engine on a cache-line boundary (the evaluation
 * cache's alignment holds only so), freed with free(); NULL without memory */
rb_engine *rb_engine_alloc(void);

/* engine.c: evaluation weights other than the defaults (tuning, tests) */
void rb_engine_set_params(rb_engine *e, const rb_eval_params *params);

/* smp.c: the helper threads. rb_smp_start runs rb_search_helper on the
 * first count helpers (prepared by search.c) on threads of their own and
 * returns how many started; rb_smp_stop stops and joins them. */
int rb_smp_start(rb_engine *e, int count);
void rb_smp_stop(rb_engine *e);
void rb_smp_free(rb_engine *e);
/* search.c: a helper's iterations, on its own thread */
void rb_search_helper(rb_engine *h);

/* bench.c: the bench's positions (a test checks they parse) */
const char *const *rb_bench_positions(size_t *count);

/* timeman.c: soft_ms and hard_ms from the limits, counted from
 * limits->start_ms when given (else e->start_ms). */
void rb_time_plan(rb_engine *e, const rb_limits *limits, int side, int nroot);
/* What is kept back from a time allowance of ms for the bestmove to reach
 * the client on a busy machine: grows with the allowance. */
int64_t rb_time_margin(int64_t ms);

/* level.c */
rb_level_spec rb_level_spec_of(int level);
/* The spec for the search about to start: the level's, with the margin
 * widened when this move is a slip (drawn from the engine's seed). */
rb_level_spec rb_level_plan(rb_engine *e);
rb_move rb_level_choose(rb_engine *e, int best_index);

#endif
