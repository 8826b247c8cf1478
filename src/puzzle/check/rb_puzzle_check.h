/*
 * rb_puzzle_check.h - finding and proving puzzles with the engine.
 *
 * The generator and the tests share this code, so that what the tests
 * re-check is exactly what the generator claimed: the first move wins, no
 * other first move wins, each later solver move is the only one that keeps
 * the win (except a final mating or throne move, where any will do), and
 * each defender reply is a best defence.
 *
 * Every judgment is a separate fixed-depth search of the position after
 * one move, from a cleared engine, so it does not depend on what was
 * searched before and repeats exactly on any machine. The generator asks
 * for stricter margins than the check allows (cfg.slack), so a later small
 * change in the engine does not turn a sound puzzle into a failure.
 *
 * The margins are centipawns of the evaluation the puzzles were found
 * with, the engine's hand-set weights, so every function here first sets
 * the engine it is given to evaluate with those
 * (rb_engine_use_hand_set_eval): tuning the engine's weights for play
 * changes how large a positional score can be, not whether a puzzle is
 * sound.
 */
#ifndef RB_PUZZLE_CHECK_H
#define RB_PUZZLE_CHECK_H

#include "rb_engine.h"
#include "rb_puzzle.h"

typedef struct rb_pcheck_cfg {
    int depth;      /* depth of each search after a move */
    uint64_t nodes; /* node cap of each search (a safety net) */
    int max_moves;  /* solver moves in a line, 1..4 */
    int win_cp;     /* a material win scores at least this for the solver */
    int gain_cp;    /* and gains at least this much material by the line's end */
    int alt_cp;     /* every other first move scores at most this */
    int margin_cp;  /* and at least this much below the winning one */
    int equal_cp;   /* defender replies within this of the best lose equally */
    int slack;      /* what the check forgives beyond these (0 when generating) */
} rb_pcheck_cfg;

void rb_pcheck_defaults(rb_pcheck_cfg *cfg);

/* How the generator found its puzzle: for the rating. */
typedef struct rb_pcheck_stats {
    int find_depth;      /* the root search's first iteration from which it chose
                            the move and saw the win */
    uint64_t find_nodes; /* nodes the root search had spent by then */
    uint64_t nodes;      /* all nodes spent on the puzzle */
    int stage;           /* how far the position got: RB_PCHECK_* */
    bool forced_win;     /* the root search saw a forced win */
} rb_pcheck_stats;

/* Where rb_pcheck_find stopped, for the generator's tally. */
enum {
    RB_PCHECK_NOTHING = 0,   /* no winning move at the root */
    RB_PCHECK_NOT_CONFIRMED, /* the move did not win when searched after it */
    RB_PCHECK_NOT_UNIQUE,    /* another first move wins too */
    RB_PCHECK_NO_LINE,       /* no forced line with unique moves */
    RB_PCHECK_FOUND,
    RB_PCHECK_STAGES
};

/* Looks for a puzzle at pos (the solver to move). Returns 1 and fills p (id
 * 0, its rating from stats) when there is one, else 0. */
int rb_pcheck_find(rb_engine *e, const rb_pos *pos, const rb_pcheck_cfg *cfg, rb_puzzle *p, rb_pcheck_stats *stats);

/* The rating rb_pcheck_find gives a puzzle, from its line and stats. */
int rb_pcheck_rating(const rb_puzzle *p, const rb_pcheck_stats *stats);
/* The same rating again for a puzzle read from a file: the root search is
 * repeated (fills find_depth and find_nodes of stats). */
int rb_pcheck_rate(rb_engine *e, const rb_puzzle *p, const rb_pcheck_cfg *cfg, rb_pcheck_stats *stats);

/* Proves p again. Returns 0, or -1 with the first thing found wrong. */
int rb_pcheck_verify(rb_engine *e, const rb_puzzle *p, const rb_pcheck_cfg *cfg, char *err, size_t errlen);

#endif
