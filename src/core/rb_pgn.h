/*
 * rb_pgn.h - game records as PGN text.
 *
 * Writing produces the Seven Tag Roster plus Variant, SetUp/FEN for other
 * starts, Result and Termination, the game's other tags, and each move's
 * annotation (rb_game.h) after it: "{[%eval 0.35] [%clk 0:04:32] text}",
 * then its NAGs ("$2"), then its variation ("(12. c1-b1 e6-f5)").
 *
 * Reading takes PGN as people and other tools write it: tags in any order,
 * several games, CRLF line ends, and movetext annotations, which it keeps:
 * comments (several after one move are joined with a space; a comment
 * before the first move is the game's intro), "[%eval]" and "[%clk]"
 * commands in comments (the first of each on a move; anything else in a
 * comment, other "[%...]" commands included, is text), NAGs and the glyphs
 * "!", "?", "!!", "??", "!?", "?!" (as NAGs 1..6), and the first variation
 * after each move, checked move by move (variations nested in it, and
 * comments and NAGs inside it, are skipped). Whatever rb_pgn_write writes
 * reads back as the same record. The library does no I/O: text comes in
 * and goes out as memory buffers.
 */
#ifndef RB_PGN_H
#define RB_PGN_H

#include "rb_game.h"

typedef struct rb_pgn_error {
    int line;          /* 1-based; 0 when there is no error */
    int column;        /* 1-based */
    char message[200]; /* in English */
    rb_message why;    /* the same message as a template and its arguments
                          (rb_message.h), to show it in a player's language */
} rb_pgn_error;

/*
 * Limits that keep the reader's memory in proportion to real game
 * collections whatever the input: reading stops with an error past them,
 * keeping what was read. A tag's value must fit on its line.
 */
#define RB_PGN_MAX_GAMES 100000  /* games in one text */
#define RB_PGN_MAX_PLIES 500000  /* moves in one text, all games together */
#define RB_PGN_MAX_TAGS 1000     /* tags in one game */
#define RB_PGN_MAX_TAG_TEXT 4096 /* characters in a tag's value */
/* Bytes in one comment, its "[%eval]" and "[%clk]" commands left out; the
 * comments after one move together are cut to it as well (whole comments
 * beyond it are dropped). Variations longer than RB_NOTE_LINE_MAX moves are
 * checked to their end but kept only that far. */
#define RB_PGN_MAX_COMMENT_TEXT RB_NOTE_COMMENT_MAX
#define RB_PGN_MAX_NOTES_TEXT (16 << 20) /* bytes of comments kept from one text */

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
