/*
 * datagen.h - training positions for tuning the evaluation: self-play games
 * at a small node budget, their quiet positions each labelled with the
 * game's final result.
 *
 * A tuner fits the evaluation so that the score of a position predicts how
 * its game ended. It can only do that where the static evaluation means
 * something, so only quiet positions are kept: the side to move is not in
 * check, the search's best move is neither a capture nor a promotion, and
 * the search did not see a forced win or loss (the result is already
 * decided there, whatever the weights say). The first plies of a game are
 * left out too: they are close to the random opening and repeat across
 * games.
 *
 * Every game is a function of the seed and its own number only (its
 * opening, its node budgets and a fresh engine table come from there), so
 * the games can be shared among any number of threads and the merged
 * output, taken in game order, is the same whatever the thread count.
 * Positions are deduplicated by their Zobrist key (placement, side to move,
 * out flags) in that order, the first occurrence kept.
 *
 * Output: one line per position, "<position string>;<result>", the result
 * 1, 0.5 or 0 from White's point of view.
 */
#ifndef RB_DATAGEN_H
#define RB_DATAGEN_H

#include <stdint.h>
#include <stdio.h>

typedef struct rb_datagen_opts {
    uint64_t seed;
    uint64_t positions; /* stop after this many distinct positions */
    uint64_t nodes;     /* node budget a move, before the spread */
    int spread_pct;     /* each move's budget is drawn within +-spread_pct% */
    int threads;        /* games played at once, 1..RB_DATAGEN_MAX_THREADS */
    int opening_min;    /* random plies from the start: opening_min .. opening_max */
    int opening_max;
    int skip_plies; /* positions before this ply of the game are not written */
    int max_plies;  /* a game still going here is a draw (a cut-off, not a rule) */
    FILE *progress; /* a line per batch of games, or NULL */
} rb_datagen_opts;

#define RB_DATAGEN_MAX_THREADS 16
#define RB_DATAGEN_MAX_PLIES 1000

typedef struct rb_datagen_summary {
    uint64_t games;               /* games whose positions were merged */
    uint64_t positions;           /* lines written */
    uint64_t white, draws, black; /* those games' results */
    uint64_t cut;                 /* games drawn by the ply cut-off */
    uint64_t duplicates;          /* quiet positions dropped as seen before */
    double seconds;
} rb_datagen_summary;

/* The defaults: seed 1, 1,000,000 positions, 5,000 nodes +-20%, 2 threads,
 * openings of 4..8 random plies, positions from ply 10, cut at 400 plies. */
void rb_datagen_defaults(rb_datagen_opts *o);

/* Plays games and writes lines to out until o->positions are written.
 * Returns 0, or -1 with a message in err (bad options, out of memory, a
 * write error). */
int rb_datagen_run(const rb_datagen_opts *o, FILE *out, rb_datagen_summary *summary, char *err, size_t errlen);

#endif
