/*
 * rb_game.h - a game record: a start position and the moves played from it.
 *
 * The record owns the list of positions reached, so undo and redo are
 * cursor moves, threefold repetition is found as soon as it happens, and a
 * front end can show any earlier position without losing the game. Moves
 * beyond the cursor are the redo tail; playing a new move drops it.
 */
#ifndef RB_GAME_H
#define RB_GAME_H

#include "rb_board.h"

typedef enum {
    RB_RESULT_NONE = 0, /* still going: "*" */
    RB_RESULT_WHITE,    /* "1-0" */
    RB_RESULT_BLACK,    /* "0-1" */
    RB_RESULT_DRAW      /* "1/2-1/2" */
} rb_result;

typedef enum {
    RB_END_NONE = 0,
    RB_END_CHECKMATE,
    RB_END_THRONE,
    RB_END_STALEMATE,
    RB_END_REPETITION,
    RB_END_RESIGNATION,
    RB_END_AGREEMENT
} rb_ending;

typedef struct rb_tag {
    char *name;
    char *value;
} rb_tag;

typedef struct rb_game {
    rb_pos *positions;   /* positions[0] is the start; positions[i] after i moves */
    rb_move *moves;      /* moves[i] leads from positions[i] to positions[i+1] */
    size_t length;       /* moves recorded, redo tail included */
    size_t ply;          /* moves applied: the current position is positions[ply] */
    size_t capacity;
    rb_ending ending;    /* how the game at the cursor ended (RB_END_NONE if it goes on) */
    rb_result result;
    int resigned;        /* colour that resigned, when ending is RB_END_RESIGNATION */
    rb_ending declared;  /* a resignation or agreement on record, or RB_END_NONE ... */
    size_t declared_ply; /* ... and the ply it was made at (always the record's length) */
    rb_tag *tags;        /* PGN tags other than those derived from the game */
    size_t ntags;
} rb_game;

/* Returns 0, or -1 when memory runs out. */
int rb_game_init(rb_game *g, const rb_pos *start);
void rb_game_free(rb_game *g);
/* Plays a legal move at the cursor, dropping any redo tail. Returns 0, or -1
 * if the game is over or m is not legal here. */
int rb_game_play(rb_game *g, rb_move m);
bool rb_game_undo(rb_game *g);
bool rb_game_redo(rb_game *g);
/* Moves the cursor to any ply 0..length (browsing); returns false if out of range. */
bool rb_game_goto(rb_game *g, size_t ply);
const rb_pos *rb_game_pos(const rb_game *g);
rb_ending rb_game_ending(const rb_game *g);
rb_result rb_game_result(const rb_game *g);
/* End the game at the cursor, dropping any redo tail; nothing happens when
 * the game there is already over. The next undo takes back the resignation
 * or the agreement itself: the game goes on from the same position. */
void rb_game_resign(rb_game *g, int color);
void rb_game_agree_draw(rb_game *g);
/* How, and with what result, the game stands at ply 0..length without moving
 * the cursor; at g->length this is the outcome of the whole record. */
rb_ending rb_game_ending_at(const rb_game *g, size_t ply);
rb_result rb_game_result_at(const rb_game *g, size_t ply);
const char *rb_ending_name(rb_ending e);   /* "checkmate", "throne", ... */
const char *rb_result_text(rb_result r);   /* "1-0", "0-1", "1/2-1/2", "*" */
/* Tags: set (replacing) or read a tag; NULL when absent. Setting NULL removes
 * the tag. set returns 0, or -1 when memory runs out. */
int rb_game_set_tag(rb_game *g, const char *name, const char *value);
const char *rb_game_tag(const rb_game *g, const char *name);

#endif
