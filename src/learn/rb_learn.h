/*
 * rb_learn.h - "Learn Rollerball": lessons as data, and a stage being played.
 *
 * The lessons live in text files (one chapter per file, NAME.lesson in
 * assets/lessons; the format is described in assets/lessons/README and at the top of
 * lesson_parse.c). This library reads them, checks them, plays a stage move
 * by move with feedback, scores it in stars and keeps the player's progress.
 * It draws nothing: a screen is built on it. It uses the rules library and,
 * for stages whose opponent is the computer, the engine at a fixed depth;
 * no SDL, no globals.
 *
 * Shape of a session, for a screen:
 *
 *   rb_learn_session s;
 *   rb_learn_session_start(&s, stage);            board = rb_learn_pos(&s)
 *   rb_learn_try(&s, from, to, promo, &fb);       on every move the person makes
 *     fb.result  ILLEGAL  fb.explain says why (rb_explain_text for a sentence)
 *                REFUSED  legal, but not what this stage asks; fb.message says why
 *                PLAYED   the move and any reply (fb.reply) are on the board
 *                DONE     goal reached: rb_learn_stars(stage, s.moves) stars
 *                FAILED   the stage cannot be finished now; fb.message says why
 *   rb_learn_hint(&s, &hint)                      next move of the lesson's way
 *   rb_learn_session_reset(&s)                    instant retry
 *   rb_learn_session_free(&s)
 */
#ifndef RB_LEARN_H
#define RB_LEARN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_board.h"
#include "rb_message.h"
#include "rb_explain.h"

#define RB_LEARN_ID_MAX 32       /* chapter and stage ids, terminator included */
#define RB_LEARN_MOVES_MAX 32    /* moves in a stored solution or reply script */
#define RB_LEARN_MESSAGE_MAX 256 /* one feedback sentence */
#define RB_LEARN_ERROR_MAX 512   /* one "file:line: problem" message */

/* ---- lessons as data ------------------------------------------------------- */

typedef enum rb_learn_goal_kind {
    RB_GOAL_COLLECT = 0,  /* land on every starred square */
    RB_GOAL_CAPTURE_ALL,  /* take every enemy piece but the king */
    RB_GOAL_MATE,         /* give checkmate within goal.limit moves */
    RB_GOAL_THRONE,       /* win by throne within goal.limit moves */
    RB_GOAL_ESCAPE_CHECK, /* get out of check */
    RB_GOAL_PROMOTE,      /* promote a pawn (to goal.promo if set) */
    RB_GOAL_SAFE_SQUARE,  /* move to the one safe square (goal.squares) */
    RB_GOAL_STALEMATE,    /* reach stalemate, the defender's draw */
    RB_GOAL_REPETITION,   /* draw by threefold repetition */
    RB_GOAL_KINDS
} rb_learn_goal_kind;

typedef struct rb_learn_goal {
    rb_learn_goal_kind kind;
    rb_bb squares; /* collect: the stars; safe-square: the safe squares */
    int limit;     /* mate, throne: at most this many moves; 0 elsewhere */
    int promo;     /* promote: RB_ROOK or RB_BISHOP, 0 for either */
} rb_learn_goal;

/* How the side not taught answers each move of the person. */
typedef enum rb_learn_reply_kind {
    RB_REPLY_PASS = 0, /* it does not move: the side to move flips back */
    RB_REPLY_SCRIPT,   /* the stage's scripted moves, one per move */
    RB_REPLY_ENGINE    /* the engine at full strength to a fixed depth */
} rb_learn_reply_kind;

/* A move as text stores it: squares and promotion, resolved against the
 * position when it is played. from < 0 is a pass in a script. */
typedef struct rb_learn_move {
    int8_t from, to, promo;
} rb_learn_move;

typedef struct rb_learn_stage {
    char id[RB_LEARN_ID_MAX];
    char *title; /* one line */
    char *text;  /* the teaching text, one or a few sentences */
    char *hint;  /* optional words for the hint; NULL if none */
    char position[RB_POS_TEXT_MAX];
    rb_pos start; /* the position parsed; the person plays its side to move */
    rb_learn_goal goal;
    int par; /* moves for three stars */
    rb_learn_reply_kind replies;
    int depth; /* RB_REPLY_ENGINE: the search depth */
    int nscript;
    rb_learn_move script[RB_LEARN_MOVES_MAX];
    int nsolution;
    rb_learn_move solution[RB_LEARN_MOVES_MAX]; /* the person's moves only */
    int line;                                   /* where the stage starts in its file */
    int solution_line;                          /* where its solution is written */
} rb_learn_stage;

typedef struct rb_learn_chapter {
    char id[RB_LEARN_ID_MAX];
    char *title;
    char *intro;
    char *file; /* the file it was read from, as given */
    int nstages;
    rb_learn_stage *stages;
} rb_learn_chapter;

/* A file's problem for a front end to say in its words: the file (or the
 * folder), its line (0: the whole file) and the problem as a message
 * (rb_message.h; rb_message_file_text puts the three together). A problem
 * inside a lesson (its syntax, a stage that cannot be finished) has a
 * message of no parts: that one is said in English only, for whoever
 * writes lessons. */
typedef struct rb_learn_problem {
    char *file;
    int line;
    rb_message why;
} rb_learn_problem;

/* Every chapter that loaded, in file-name order, and a message for each
 * file that did not. A broken file costs its own chapter only. */
typedef struct rb_learn_set {
    int nchapters;
    rb_learn_chapter *chapters;
    int nerrors;
    char **errors;              /* "file:line: problem" */
    rb_learn_problem *problems; /* errors[i] as problems[i] */
} rb_learn_set;

/*
 * Reads one chapter from text (len bytes, need not be terminated); name is
 * the file name used in messages. Returns 0, or -1 with "name:line: problem"
 * in err (chapter untouched, nothing leaked). With verify set, each stage's
 * solution is also replayed (rb_learn_verify_stage), so a lesson that cannot
 * be finished is refused with the line of its solution.
 */
int rb_learn_parse_chapter(const char *text, size_t len, const char *name, bool verify, rb_learn_chapter *chapter,
                           char *err, size_t errlen);
void rb_learn_chapter_free(rb_learn_chapter *chapter);

/* Reads every *.lesson file of dir, in name order, verifying each stage.
 * Returns 0 when the folder could be listed (even if some files were
 * broken: see set->errors), or -1 with a message in err. */
int rb_learn_load_dir(const char *dir, rb_learn_set *set, char *err, size_t errlen);
/* The same, the folder's problem as a message (rb_message.h) for a front
 * end to put in its words, the folder left out of it. */
int rb_learn_load_dir_why(const char *dir, rb_learn_set *set, rb_message *why);
void rb_learn_set_free(rb_learn_set *set);

/* A stage by its numbers as people write them, "3.2": chapter and stage
 * counted from 1. NULL when there is none. */
const rb_learn_stage *rb_learn_find(const rb_learn_set *set, int chapter, int stage);
/* Parses "CHAPTER.STAGE"; returns 0, or -1 when the text is not that. */
int rb_learn_parse_ref(const char *text, int *chapter, int *stage);

/* The goal in the file's words: "collect a1,a4", "mate 2", "capture-all". */
size_t rb_learn_goal_text(const rb_learn_goal *goal, char *buf, size_t len);
/* One line per stage, "CHAPTER.STAGE<TAB>title<TAB>goal\n", for
 * --list-lessons. Writes at most len bytes including the terminator and
 * returns the length needed (as snprintf). */
size_t rb_learn_list(const rb_learn_set *set, char *buf, size_t len);

/* Stars for finishing in moves: 3 within par, 2 within par plus half of par
 * (rounded up, at least one), 1 otherwise. */
int rb_learn_stars(const rb_learn_stage *stage, int moves);
/* The same for a try in which a hint was shown: a hint costs the third
 * star (two at most), so three stars always mean the way was found alone. */
int rb_learn_stars_hinted(const rb_learn_stage *stage, int moves, bool hinted);

/* ---- playing a stage ---------------------------------------------------------- */

typedef enum rb_learn_result {
    RB_LEARN_ILLEGAL = 0, /* not a legal move: see explain */
    RB_LEARN_REFUSED,     /* legal, but not what the stage asks: see message */
    RB_LEARN_PLAYED,      /* played (with any reply); the stage goes on */
    RB_LEARN_DONE,        /* played, and the goal is reached */
    RB_LEARN_FAILED,      /* played, and the stage can no longer be finished */
    RB_LEARN_OVER         /* the stage was already done or failed: reset first */
} rb_learn_result;

/* What the message of a feedback says, with its values in the feedback's
 * say_* fields, so that a front end can build the sentence in another
 * language (message keeps the English one). */
typedef enum rb_learn_say {
    RB_SAY_NONE = 0,
    RB_SAY_OVER,           /* the stage was already over */
    RB_SAY_NOT_A_MOVE,     /* the squares are not a move on this board */
    RB_SAY_ILLEGAL,        /* against the rules: see explain */
    RB_SAY_PROMOTE_TO,     /* say_piece: the promotion the stage asks for */
    RB_SAY_UNSAFE,         /* say_sq the square moved to, say_piece the person's piece
                            * there, say_color the enemy, say_piece2 the attacker on say_sq2 */
    RB_SAY_NOT_THE_SQUARE, /* not the safe square, though nothing attacks it */
    RB_SAY_THRONE_WON,     /* say_color won by throne on say_sq; say_you: the person */
    RB_SAY_MATE_NOT_ASKED, /* the person gave a checkmate the stage does not ask for */
    RB_SAY_MATED,          /* say_color mated the person's king */
    RB_SAY_STALEMATE_THEM, /* say_color (not the person) has no move: drawn */
    RB_SAY_STALEMATE_YOU,  /* the person has no move: drawn */
    RB_SAY_REPETITION,     /* drawn by repetition */
    RB_SAY_FLAG_CLEAR,     /* the person's king reached the throne say_sq with its flag clear */
    RB_SAY_LAST_MOVE,      /* the goal's moves (say_number) are used up; the goal is the stage's */
    RB_SAY_NOT_THIS_WAY,   /* legal, but not the lesson's way */
    RB_SAY_CHECK_PASSER,   /* the move checks say_color's king, a side that does not move */
    RB_SAY_PIECE_LOST      /* say_color's say_piece2 took the person's say_piece on say_sq */
} rb_learn_say;

typedef struct rb_learn_feedback {
    rb_learn_result result;
    rb_move move;                       /* the person's move, as played (PLAYED, DONE, FAILED) */
    rb_move reply;                      /* the answer played, or RB_MOVE_NONE (a pass, or none) */
    rb_path reply_path;                 /* its squares, for animating it */
    rb_explanation explain;             /* ILLEGAL: the rules library's reason */
    rb_bb squares;                      /* the squares the message is about (attackers, blocker) */
    int stars_taken;                    /* collect: stars picked up by this move */
    char message[RB_LEARN_MESSAGE_MAX]; /* one English sentence, or "" */
    rb_learn_say say;                   /* what message says, and its values: */
    int say_color;                      /* RB_WHITE or RB_BLACK */
    int say_sq, say_sq2;                /* squares */
    int say_piece, say_piece2;          /* piece types RB_KING..RB_PAWN */
    int say_number;
    bool say_you; /* say_color is the person's side */
} rb_learn_feedback;

typedef struct rb_engine rb_engine;

typedef struct rb_learn_session {
    const rb_learn_stage *stage;
    rb_pos pos;  /* the board now; the person's side is always to move */
    int color;   /* the person's colour */
    int moves;   /* the person's moves so far */
    int replies; /* script entries used */
    rb_bb stars; /* collect: the stars still on the board */
    bool done, failed;
    bool on_line; /* every move so far was the solution's */
    int nkeys;    /* positions reached, for repetition */
    uint64_t keys[2 * RB_LEARN_MOVES_MAX + 8];
    int nplayed;       /* every ply played, for the engine's history */
    rb_engine *engine; /* made on first use by an engine stage */
} rb_learn_session;

/* Returns 0, or -1 when memory for the engine runs out. */
int rb_learn_session_start(rb_learn_session *s, const rb_learn_stage *stage);
void rb_learn_session_reset(rb_learn_session *s);
void rb_learn_session_free(rb_learn_session *s);
const rb_pos *rb_learn_pos(const rb_learn_session *s);

/* The person's move from-to (promo RB_ROOK, RB_BISHOP or 0). */
rb_learn_result rb_learn_try(rb_learn_session *s, int from, int to, int promo, rb_learn_feedback *fb);

/* The next move of the stage's stored solution, with its path, while the
 * person has followed it. Once they have left it, the first move of a
 * shortest way to the goal from where they are (searched a few moves deep,
 * in stages whose answers are passes or a script). False when the stage is
 * over or no way is found: a reset shows the stage's own way again. */
bool rb_learn_hint(const rb_learn_session *s, rb_move *move, rb_path *path);
/* Whether rb_learn_hint gives the next move of the stage's own solution
 * (the stage's hint words, stage->hint, are about that way); false once
 * the person has left it, when the hint is a searched move that only its
 * own squares describe. */
bool rb_learn_hint_is_the_stages(const rb_learn_session *s);

/* Replays the stage's solution through a session: it must be legal, meet
 * the goal within par, use the scripted replies as written, and the goal
 * must not be met before the first move. Returns 0, or -1 with a message. */
int rb_learn_verify_stage(const rb_learn_stage *stage, char *err, size_t errlen);

/* ---- progress ------------------------------------------------------------- */

/* The best stars of each stage played, by "chapter-id/stage-id", and where
 * the person stopped. Ids, not numbers, so that adding a stage keeps the
 * stars already won. */
#define RB_LEARN_PROGRESS_MAX 256
typedef struct rb_learn_progress_entry {
    char key[2 * RB_LEARN_ID_MAX];
    int stars; /* 1..3 */
} rb_learn_progress_entry;

typedef struct rb_learn_progress {
    int count;
    rb_learn_progress_entry entries[RB_LEARN_PROGRESS_MAX];
    char last[2 * RB_LEARN_ID_MAX]; /* "" when none */
} rb_learn_progress;

void rb_learn_progress_clear(rb_learn_progress *p);
/* Best stars of a stage so far, 0 if never finished. */
int rb_learn_progress_stars(const rb_learn_progress *p, const char *chapter, const char *stage);
/* Records a finish (keeping the best) and makes it the last stage visited. */
void rb_learn_progress_record(rb_learn_progress *p, const char *chapter, const char *stage, int stars);
void rb_learn_progress_visit(rb_learn_progress *p, const char *chapter, const char *stage);

/* Text form: "rollerball-lessons 1", then "stars CH/ST N" and "last CH/ST"
 * lines. Parse keeps every good line and skips bad ones; it returns the
 * number of problems (0 when clean) and describes the first in err as
 * "name:line: problem". A wrong first line means a file of something else:
 * nothing is read and 1 is returned. */
int rb_learn_progress_parse(rb_learn_progress *p, const char *text, size_t len, const char *name, char *err,
                            size_t errlen);
size_t rb_learn_progress_format(const rb_learn_progress *p, char *buf, size_t len);
/* Files: load returns 0 (clean, or no file yet: a fresh start), or the
 * problems found (the good lines kept, message in err). Save writes a new
 * file beside it and renames it over, so a crash leaves the old one whole;
 * returns 0 or -1 with a message. */
int rb_learn_progress_load(rb_learn_progress *p, const char *path, char *err, size_t errlen);
int rb_learn_progress_save(const rb_learn_progress *p, const char *path, char *err, size_t errlen);
/* The same, what is wrong given as a message (rb_message.h) for a front
 * end to put in its words, the file left out of it (the caller named it)
 * and its line in *line (0: the file as a whole, or no problem); the forms
 * above write it as rb_message_file_text() does in English. */
int rb_learn_progress_parse_why(rb_learn_progress *p, const char *text, size_t len, rb_message *why, int *line);
int rb_learn_progress_load_why(rb_learn_progress *p, const char *path, rb_message *why, int *line);
int rb_learn_progress_save_why(const rb_learn_progress *p, const char *path, rb_message *why);

#endif
