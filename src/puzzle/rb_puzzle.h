/*
 * rb_puzzle.h - the puzzle trainer's data and rules, without any screen.
 *
 * A puzzle is a position from real play where one move wins, with the
 * whole forced line that follows. The set ships as a text file (format
 * below) made and checked by the generator in src/puzzle/tools; this
 * library reads it, runs one solving attempt (a session), keeps the
 * player's rating and picks the next puzzle near it. It uses the rules
 * library only: no SDL and no engine, so a front end, a command line and
 * the tests all drive the same code.
 *
 * The file: one puzzle a line, '#' starts a comment line, blank lines are
 * skipped. Six fields separated by single tabs:
 *
 *   ID        a positive integer, unique in the file
 *   RATING    the difficulty, an integer 100..3500 on the player's scale
 *   THEMES    comma-separated, the first one the kind of win: mate, throne
 *             or material; "rebound" follows when the winning first move
 *             rebounds (a rook turning at a corner, a bishop bouncing)
 *   POSITION  the position string (rb_pos_parse); the side to move solves
 *   SOLUTION  the moves of both sides in coordinate form separated by
 *             spaces, solver first and last
 *   ACCEPT    the defender's other replies that lose just as badly, as
 *             PLY:MOVE,MOVE with PLY the 1-based index in SOLUTION of the
 *             defender move they stand in for, groups separated by spaces;
 *             "-" when there are none
 *
 * The solver's moves must be played as written, except the last move of a
 * mate or throne puzzle: any move that ends the game there wins.
 */
#ifndef RB_PUZZLE_H
#define RB_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"
#include "rb_message.h"

#define RB_PUZZLE_LINE_MAX 7 /* four solver moves and three replies */
#define RB_PUZZLE_ALT_MAX 8  /* accepted other replies at one ply */
#define RB_PUZZLE_RATING_MIN 100
#define RB_PUZZLE_RATING_MAX 3500
#define RB_PUZZLE_TEXT_MAX 512 /* enough for any formatted line */

enum { RB_THEME_MATE = 1, RB_THEME_THRONE = 2, RB_THEME_MATERIAL = 4, RB_THEME_REBOUND = 8, RB_THEME_ALL = 15 };

typedef struct rb_puzzle {
    int id;
    int rating;
    unsigned themes; /* RB_THEME_* bits */
    rb_pos start;
    int nline;
    rb_move line[RB_PUZZLE_LINE_MAX];
    int nalt[RB_PUZZLE_LINE_MAX];
    rb_move alt[RB_PUZZLE_LINE_MAX][RB_PUZZLE_ALT_MAX];
} rb_puzzle;

typedef struct rb_puzzle_set {
    rb_puzzle *items; /* in file order */
    size_t count;
} rb_puzzle_set;

/* ---- themes ----------------------------------------------------------- */
unsigned rb_puzzle_theme_parse(const char *name); /* one name; 0 if unknown */
/* "mate,rebound": the kind first, then the others. Returns the length. */
size_t rb_puzzle_themes_format(unsigned themes, char *buf, size_t len);

/* ---- the file --------------------------------------------------------- */
/* One puzzle line (no newline). Returns 0, or -1 with what is wrong in err;
 * every move is checked against the position it is played in. */
int rb_puzzle_parse_line(const char *line, rb_puzzle *p, char *err, size_t errlen);
/* A whole file's text (len bytes, need not be terminated). Returns 0, or
 * -1 with "line N: ..." in err and an empty set. Rejects duplicate IDs
 * and a file without puzzles. */
int rb_puzzle_set_parse(rb_puzzle_set *set, const char *text, size_t len, char *err, size_t errlen);
int rb_puzzle_set_load(rb_puzzle_set *set, const char *path, char *err, size_t errlen);
/* The same, what is wrong given as a message (rb_message.h) for a front
 * end to put in its words; a file's message leaves the file out (the caller
 * named it: rb_message_file_text puts the two together). */
int rb_puzzle_parse_line_why(const char *line, rb_puzzle *p, rb_message *why);
int rb_puzzle_set_parse_why(rb_puzzle_set *set, const char *text, size_t len, rb_message *why);
int rb_puzzle_set_load_why(rb_puzzle_set *set, const char *path, rb_message *why);
void rb_puzzle_set_free(rb_puzzle_set *set);
const rb_puzzle *rb_puzzle_set_find(const rb_puzzle_set *set, int id);

/* The line in the file's format (without newline); returns its length. */
size_t rb_puzzle_format_line(const rb_puzzle *p, char *buf, size_t len);
/* The line --list-puzzles prints: ID RATING THEMES POSITION SOLUTION. */
size_t rb_puzzle_format_list(const rb_puzzle *p, char *buf, size_t len);

/* ---- solving ---------------------------------------------------------- */
typedef enum {
    RB_PUZZLE_ILLEGAL = 0, /* not a legal move here: rb_explain_move says why */
    RB_PUZZLE_WRONG,       /* legal, but not the winning move; nothing changes */
    RB_PUZZLE_CORRECT,     /* played, and the defender's reply played after it */
    RB_PUZZLE_SOLVED,      /* played, and the puzzle is done */
    RB_PUZZLE_OVER         /* the session had already ended */
} rb_puzzle_result;

typedef struct rb_puzzle_session {
    const rb_puzzle *puzzle;
    rb_pos pos;   /* the position now, the solver to move */
    int ply;      /* index in the line of the solver's next move */
    int mistakes; /* wrong moves tried */
    int hint;     /* highest hint level given, 0..2 */
    bool shown;   /* the solution was shown: not a success */
    bool done;
    rb_move played[RB_PUZZLE_LINE_MAX]; /* the moves played so far, both sides */
    int nplayed;
} rb_puzzle_session;

void rb_puzzle_session_start(rb_puzzle_session *s, const rb_puzzle *p);
/* Tries the solver's move m (any value; an illegal one is refused). When it
 * is right it is played, and the defender's reply with it (*reply, else
 * RB_MOVE_NONE). */
rb_puzzle_result rb_puzzle_session_try(rb_puzzle_session *s, rb_move m, rb_move *reply);
/* The move the solver should play now (RB_MOVE_NONE once done). */
rb_move rb_puzzle_session_expected(const rb_puzzle_session *s);
/* Hint level 1 gives the square of the piece to move; level 2 also the
 * path it takes (path may be NULL). Returns the square, or -1 once done. */
int rb_puzzle_session_hint(rb_puzzle_session *s, int level, rb_path *path);
/* Plays the rest of the line out (both sides) and ends the session as not
 * solved; moves receives the moves played by it. Returns their number. */
int rb_puzzle_session_show(rb_puzzle_session *s, rb_move *moves, int max);
/* Solved without mistakes, hints of level 2 or the solution shown. */
bool rb_puzzle_session_success(const rb_puzzle_session *s);

/* ---- the player's rating ---------------------------------------------- */
#define RB_PUZZLE_PLAYER_START 1200
#define RB_PUZZLE_RECENT_MAX 64

typedef struct rb_puzzle_player {
    int rating;
    int attempts;
    int solved;
    int nrecent; /* puzzle IDs tried last, newest last */
    int recent[RB_PUZZLE_RECENT_MAX];
} rb_puzzle_player;

void rb_puzzle_player_init(rb_puzzle_player *pl);
/* The Elo-like update after one attempt at a puzzle of puzzle_rating;
 * returns the change. The puzzle's ID is remembered as recent. */
int rb_puzzle_player_update(rb_puzzle_player *pl, int puzzle_id, int puzzle_rating, bool success);
/* Load returns 0; or -1 with a message when the file is missing or broken,
 * and the player is then a fresh one (a broken file never stops play). */
int rb_puzzle_player_load(rb_puzzle_player *pl, const char *path, char *err, size_t errlen);
/* Writes a temporary file beside path and renames it over: all or nothing. */
int rb_puzzle_player_save(const rb_puzzle_player *pl, const char *path, char *err, size_t errlen);
/* The same, what is wrong as a message (rb_message.h) that leaves the file
 * out (rb_message_file_text puts the two together). */
int rb_puzzle_player_load_why(rb_puzzle_player *pl, const char *path, rb_message *why);
int rb_puzzle_player_save_why(const rb_puzzle_player *pl, const char *path, rb_message *why);

/* A puzzle near rating with one of the themes (RB_THEME_ALL for any), not
 * among the player's recent ones when others fit; chosen at random (rng,
 * any seed) among the closest few. NULL only if no puzzle has the theme. */
const rb_puzzle *rb_puzzle_choose(const rb_puzzle_set *set, const rb_puzzle_player *pl, unsigned themes, uint64_t *rng);

#endif
