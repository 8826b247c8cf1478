/*
 * rb_game.h - a game record: a start position and the moves played from it.
 *
 * The record owns the list of positions reached, so undo and redo are
 * cursor moves, threefold repetition is found as soon as it happens, and a
 * front end can show any earlier position without losing the game. Moves
 * beyond the cursor are the redo tail; playing a new move drops it.
 *
 * Each recorded move may carry an annotation (rb_annotation): a comment, an
 * engine's evaluation, a clock reading, NAGs and one variation. They live
 * beside the moves, are kept by undo and redo, and go with their move when a
 * new move replaces it. PGN keeps them (rb_pgn.h), so a program may store
 * its own marks in them (as comment text or NAGs) and find them again.
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
    RB_END_AGREEMENT,
    RB_END_TIME_FORFEIT /* a player's clock ran out: that player loses */
} rb_ending;

typedef struct rb_tag {
    char *name;
    char *value;
} rb_tag;

/* ---- Annotations ------------------------------------------------------- */

/* Bounds that keep an annotated record's memory in proportion. */
#define RB_NOTE_COMMENT_MAX 4096                         /* bytes of comment text on one move */
#define RB_NOTE_NAGS_MAX 8                               /* NAGs on one move */
#define RB_NOTE_LINE_MAX 128                             /* moves of one variation */
#define RB_NOTE_CP_MAX 100000                            /* |centipawns| of an evaluation */
#define RB_NOTE_MATE_MAX 999                             /* moves to a forced win in an evaluation */
#define RB_NOTE_CLOCK_MAX ((int64_t)10000 * 3600 * 1000) /* a clock reading below 10,000 hours */
#define RB_CLOCK_NONE ((int64_t)-1)

typedef enum {
    RB_EVAL_NONE = 0,
    RB_EVAL_CP,  /* value: centipawns, from White's view */
    RB_EVAL_MATE /* value: moves to a forced win, > 0 White wins, < 0 Black wins; never 0 */
} rb_eval_kind;

/* An evaluation of the position after a move ("[%eval 0.35]", "[%eval #-3]"). */
typedef struct rb_eval_mark {
    rb_eval_kind kind;
    int value;
} rb_eval_mark;

/* Standard NAGs the game uses ("$1" ... "$6"; "!", "?", "!!", "??", "!?", "?!"). */
enum {
    RB_NAG_GOOD = 1,
    RB_NAG_MISTAKE = 2,
    RB_NAG_BRILLIANT = 3,
    RB_NAG_BLUNDER = 4,
    RB_NAG_INTERESTING = 5,
    RB_NAG_DUBIOUS = 6
};

typedef struct rb_annotation {
    char *comment;     /* text, NULL when none (see rb_game_set_comment) */
    rb_eval_mark eval; /* kind RB_EVAL_NONE when none */
    int64_t clock_ms;  /* the mover's clock after the move, or RB_CLOCK_NONE */
    uint8_t nags[RB_NOTE_NAGS_MAX];
    int nnags;     /* in the order they were added, no repeats */
    rb_move *line; /* a variation played instead of this move, from the */
    int line_len;  /* same position; NULL and 0 when none */
} rb_annotation;

typedef struct rb_game {
    rb_pos *positions; /* positions[0] is the start; positions[i] after i moves */
    rb_move *moves;    /* moves[i] leads from positions[i] to positions[i+1] */
    size_t length;     /* moves recorded, redo tail included */
    size_t ply;        /* moves applied: the current position is positions[ply] */
    size_t capacity;
    rb_ending ending; /* how the game at the cursor ended (RB_END_NONE if it goes on) */
    rb_result result;
    int resigned;        /* colour that resigned (RB_END_RESIGNATION) or lost on
                            time (RB_END_TIME_FORFEIT) */
    rb_ending declared;  /* a resignation, agreement or time forfeit on record,
                            or RB_END_NONE ... */
    size_t declared_ply; /* ... and the ply it was made at (always the record's length) */
    rb_tag *tags;        /* PGN tags other than those derived from the game */
    size_t ntags;
    char *intro;          /* a comment on the game before its first move, or NULL */
    rb_annotation *notes; /* notes[i] annotates moves[i]; NULL until the first annotation */
    size_t notes_cap;     /* entries allocated in notes (beyond it: none) */
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
/* color's clock ran out: it loses ("time forfeit", the PGN Termination).
 * Recorded and taken back like a resignation. */
void rb_game_lose_on_time(rb_game *g, int color);
/* How, and with what result, the game stands at ply 0..length without moving
 * the cursor; at g->length this is the outcome of the whole record. */
rb_ending rb_game_ending_at(const rb_game *g, size_t ply);
rb_result rb_game_result_at(const rb_game *g, size_t ply);
const char *rb_ending_name(rb_ending e); /* "checkmate", "throne", ... */
const char *rb_result_text(rb_result r); /* "1-0", "0-1", "1/2-1/2", "*" */
/* Tags: set (replacing) or read a tag; NULL when absent. Setting NULL removes
 * the tag. set returns 0, or -1 when memory runs out. */
int rb_game_set_tag(rb_game *g, const char *name, const char *value);
const char *rb_game_tag(const rb_game *g, const char *name);

/* The "TimeControl" tag as PGN writes it: "300+3" is 300 s plus 3 s a move,
 * "300" without increment. set returns 0, or -1 for negative times or no
 * memory; get returns false when the tag is absent or of another form. */
int rb_game_set_time_control(rb_game *g, int64_t base_ms, int64_t increment_ms);
bool rb_game_time_control(const rb_game *g, int64_t *base_ms, int64_t *increment_ms);

/*
 * Annotations of move i (0 <= i < length). The getter returns an empty
 * annotation for a move without one, and NULL only when i is out of range.
 * Setters return 0, or -1 when i is out of range, the value is invalid (an
 * evaluation or clock beyond the bounds above, a NAG outside 0..255 or one
 * too many, a variation that is not legal from positions[i]) or memory runs
 * out; on -1 nothing changed.
 *
 * Comment text is stored as PGN can carry it, so that writing and reading
 * give back the same text: white space runs become one space, none at
 * either end, '}' (which would end a PGN comment) becomes ')', the
 * commands PGN comments carry for the evaluation and the clock ("[%eval",
 * "[%clk") lose their '%' (use the setters for those), and text beyond
 * RB_NOTE_COMMENT_MAX bytes is cut between characters. Other "[%...]"
 * commands are ordinary text. NULL or empty text removes the comment.
 */
const rb_annotation *rb_game_annotation(const rb_game *g, size_t i);
int rb_game_set_comment(rb_game *g, size_t i, const char *text);
int rb_game_set_eval(rb_game *g, size_t i, rb_eval_mark eval); /* kind NONE removes */
int rb_game_set_clock(rb_game *g, size_t i, int64_t clock_ms); /* RB_CLOCK_NONE removes */
int rb_game_add_nag(rb_game *g, size_t i, int nag);            /* a repeat is a no-op */
void rb_game_clear_nags(rb_game *g, size_t i);
int rb_game_set_line(rb_game *g, size_t i, const rb_move *line, int n); /* n == 0 removes */
/* The comment before the first move, stored like a move's comment. */
int rb_game_set_intro(rb_game *g, const char *text);
bool rb_annotation_has_nag(const rb_annotation *a, int nag);
bool rb_annotation_is_empty(const rb_annotation *a);
bool rb_annotation_equal(const rb_annotation *a, const rb_annotation *b);
/* Text as rb_game_set_comment would store it, into out (size >= 1); returns
 * its length. Readers of PGN use it so that what they keep is what the
 * setters would keep. */
size_t rb_note_text_clean(const char *text, size_t len, char *out, size_t size);

#endif
