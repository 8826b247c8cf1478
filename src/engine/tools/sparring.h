/*
 * sparring.h - simple opponents for measuring the playing levels, and one
 * game loop that plays any two players against each other.
 *
 * A level is judged by whom it beats: a uniformly random mover, a player
 * that looks one move ahead with the static evaluation, and a player that
 * looks at its move and the reply counting material only. These players are
 * deliberately plain, so that a result against them means the same thing to
 * a reader as it does to the code. Every choice among equals is drawn from
 * the player's own seeded generator, so a match replays exactly.
 *
 * Used by the lab tool, the engine's tests and (for their openings) the
 * training-data and puzzle makers; not part of the game.
 */
#ifndef RB_SPARRING_H
#define RB_SPARRING_H

#include <stdint.h>

#include "rb_engine.h"

typedef enum {
    RB_SPAR_ENGINE = 0, /* the engine at its level, with a node limit per move */
    RB_SPAR_RANDOM,     /* any legal move, uniformly */
    RB_SPAR_GREEDY1,    /* one ply: the move after which the static evaluation is best */
    RB_SPAR_GREEDY2     /* two plies: the move whose worst reply leaves the most material */
} rb_spar_kind;

typedef struct rb_spar_player {
    rb_spar_kind kind;
    rb_engine *engine; /* RB_SPAR_ENGINE only */
    uint64_t nodes;    /* node limit per engine move, 0 = the level's own caps */
    uint64_t rng;      /* the simple players' choices among equals */
} rb_spar_player;

/* Games longer than this are counted as draws: a measuring cut-off, never
 * a rule of the game. */
#define RB_SPAR_MAX_PLIES 300

/* Material of colour minus the other colour's: rook 5, bishop 3, pawn 1. */
int rb_spar_material(const rb_pos *pos, int color);

rb_move rb_spar_random_move(const rb_pos *pos, uint64_t *rng);
rb_move rb_spar_greedy1_move(const rb_pos *pos, uint64_t *rng);
rb_move rb_spar_greedy2_move(const rb_pos *pos, uint64_t *rng);

/* A start for a measuring or generating game (the lab, the training data,
 * the puzzle maker): the given number of uniformly random plies from the
 * start position, drawn again until the game is still going. The one
 * place these openings are drawn, so a tool's seed names its games. */
void rb_spar_opening(rb_pos *pos, uint64_t *rng, int plies);

/* The move p plays in pos; history holds the keys of the game's earlier
 * positions, oldest first (only the engine reads them). */
rb_move rb_spar_move(rb_spar_player *p, const rb_pos *pos, const uint64_t *history, size_t nhistory);

/* Plays one game from start: 1 when white wins, -1 when black wins, 0 for a
 * draw (stalemate, a position seen the third time, or the cut-off). *plies,
 * if not NULL, gets the game's length. Returns 2 if a player produced an
 * illegal move (a bug, never a result). */
int rb_spar_game(const rb_pos *start, rb_spar_player *white, rb_spar_player *black, int *plies);

#endif
