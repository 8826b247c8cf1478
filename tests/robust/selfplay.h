/*
 * selfplay.h - the engine plays itself while every move is checked.
 *
 * Shared by the short suite test and the long robust_selfplay program. Each
 * game starts with a few random moves (so no two games are alike), then the
 * engine plays at a small fixed node budget and a level that changes from
 * game to game, with an occasional random move mixed in. After every move:
 * the position's key equals one computed from scratch; making the move left
 * the parent untouched, and undo and redo in the game record give back the
 * parent and the child exactly; the legal moves, check and status agree with
 * the plain second generator of the tests. A game must end by a rule
 * (checkmate, throne, stalemate, repetition), each checked on its own terms.
 * A length cap exists only as a safety net and is counted apart: in normal
 * play it must never be reached.
 */
#ifndef RB_ROBUST_SELFPLAY_H
#define RB_ROBUST_SELFPLAY_H

#include <stdint.h>

#include "rb_game.h"

/* Plies after which a game is cut off and counted as capped. */
#define RB_SELFPLAY_CAP 4000

typedef struct rb_selfplay_stats {
    unsigned games;
    uint64_t plies;
    unsigned longest;                    /* plies of the longest game */
    unsigned ends[RB_END_AGREEMENT + 1]; /* games per rb_ending */
    unsigned capped;                     /* games cut by the safety net */
    unsigned failures;                   /* games in which a check failed */
    char first_failure[600];             /* what failed first, with the seed */
} rb_selfplay_stats;

/* Plays games with seeds first_seed .. first_seed + games - 1 at a budget of
 * nodes per move, adding to *st (zero it first). Returns 0 when every game
 * ended by a rule and every check passed, -1 otherwise. */
int rb_selfplay_run(uint64_t first_seed, unsigned games, uint64_t nodes, rb_selfplay_stats *st);

#endif
