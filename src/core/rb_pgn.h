/*
 * rb_pgn.h - game records as PGN text.
 *
 * Writing produces the Seven Tag Roster plus Variant, SetUp/FEN for other
 * starts, Result and Termination. Reading takes PGN as people write it:
 * comments, NAGs, variations (skipped), tags in any order, several games,
 * CRLF line ends. The library does no I/O: text comes in and goes out as
 * memory buffers.
 */
#ifndef RB_PGN_H
#define RB_PGN_H

#include "rb_game.h"

typedef struct rb_pgn_error {
    int line;          /* 1-based; 0 when there is no error */
    int column;        /* 1-based */
    char message[200];
} rb_pgn_error;

/*
 * Limits that keep the reader's memory in proportion to real game
 * collections whatever the input: reading stops with an error past them,
 * keeping what was read. A tag's value must fit on its line.
 */
#define RB_PGN_MAX_GAMES 100000   /* games in one text */
#define RB_PGN_MAX_PLIES 500000   /* moves in one text, all games together */
#define RB_PGN_MAX_TAGS 1000      /* tags in one game */
#define RB_PGN_MAX_TAG_TEXT 4096  /* characters in a tag's value */

/* Returns a newly allocated NUL-terminated PGN text of the moves up to the
 * game's recorded length, or NULL when memory runs out. */
char *rb_pgn_write(const rb_game *g);

/*
 * Reads every game in text[0..len). Returns the number of games read (also
 * stored in *ngames, the array in *games is allocated and owned by the
 * caller: free each with rb_game_free, then free the array). On an error,
 * err says what and where; the games before it, and the failing game's moves
 * up to the bad one, are still returned. Returns -1 only when not even a
 * partial game could be kept (empty or binary input, no memory).
 */
int rb_pgn_read(const char *text, size_t len, rb_game **games, size_t *ngames, rb_pgn_error *err);

#endif
