/*
 * command.h - what a view asks of the game window, as data.
 *
 * Views never change the game: a click on "Undo", a piece dropped on a
 * square, a key, the computer's answer all become one rb_ui_cmd, and
 * rb_ui_apply() (apply.c) carries it out with every follow-up. A screen
 * that takes over the board (the puzzle trainer, learn from your mistakes,
 * the analysis board, the position editor) keeps its commands together
 * here, between its _FIRST and _LAST names: its module and rb_ui_apply both
 * ask rb_ui_cmd_is_*() of that range, so a new command of such a screen is
 * added here (above its _LAST name, which then names it) and handled in its
 * module; apply.c's switch, which has no default so that the compiler finds
 * a command without a case, lists it among those left to the screens.
 * Other commands get their case in apply.c.
 */
#ifndef RB_UI_COMMAND_H
#define RB_UI_COMMAND_H

#include "state/state.h"

typedef enum {
    RB_UI_CMD_NONE = 0,
    /* the game */
    RB_UI_CMD_PLAY,           /* move (by_computer: the computer's answer) */
    RB_UI_CMD_UNDO,           /* one move back; against the computer, to the person's turn */
    RB_UI_CMD_REDO,           /* one move forward, likewise */
    RB_UI_CMD_BROWSE,         /* n: the ply to show (0..length); the end ends browsing */
    RB_UI_CMD_NEW_GAME,       /* players, tc; n: the person's side against the computer, -1 none;
                                 on: from the position editor's position */
    RB_UI_CMD_SET_GAME,       /* game (taken over) and players: a game from elsewhere */
    RB_UI_CMD_LOAD,           /* text: a PGN file's path; in_dialog: from the load dialog.
                                 An unfinished game is replaced only after asking */
    RB_UI_CMD_TAKE_PENDING,   /* the game waiting in the dialog state replaces the game */
    RB_UI_CMD_COPY,           /* to the clipboard: the position string, or (on) the game as PGN */
    RB_UI_CMD_PASTE,          /* from the clipboard: a position string or a PGN game */
    RB_UI_CMD_MESSAGE,        /* title, text: a message in a dialog */
    RB_UI_CMD_SAVE,           /* text: a name in the games folder */
    RB_UI_CMD_RESIGN,         /* n: the colour that resigns */
    RB_UI_CMD_OFFER_DRAW,     /* the side to move offers a draw */
    RB_UI_CMD_ANSWER_DRAW,    /* on: the other person accepts */
    RB_UI_CMD_MOVE_NOW,       /* the computer plays the best move it has found */
    RB_UI_CMD_CLOCK,          /* time passed: a flag may fall, a warning sound */
    RB_UI_CMD_ILLEGAL,        /* the person's move was refused on the board */
    RB_UI_CMD_REPLY,          /* move: the computer's, found for ply n; shown
                                 when its time comes (pace.c) */
    RB_UI_CMD_PAUSE,          /* on: hold a game between computers */
    RB_UI_CMD_STEP,           /* while held: show the next move when found */
    RB_UI_CMD_PLAY_PREMOVE,   /* the person's premove, now their turn has come */
    RB_UI_CMD_FORGET_TYPED,   /* typed text left alone too long is dropped */
    RB_UI_CMD_HINT,           /* the best move for the person to move, drawn */
    RB_UI_CMD_THREAT,         /* on: show the opponent's threat; off: hide it */
    RB_UI_CMD_COACH_FOUND,    /* n: rb_ui_coach_kind; move: what the coach found
                                 (RB_MOVE_NONE: none); on: the side is in check */
    RB_UI_CMD_REVIEW,         /* the engine reviews the game in the background (review.c) */
    RB_UI_CMD_REVIEW_DONE,    /* the finished review's verdicts go into the game */
    RB_UI_CMD_EXPLAIN,        /* move: an attempt the rules refuse, its from, to and
                                 promotion (RB_MOVE_FROM/TO/PROMO); it is explained */
    /* the window */
    RB_UI_CMD_FLIP,
    RB_UI_CMD_SET_SETTING,    /* n: index into rb_ui_setting_infos; on: its value */
    RB_UI_CMD_SET_VOLUME,     /* n: the sounds' volume, 0..100 */
    RB_UI_CMD_SET_SCALE,      /* n: the interface size, percent */
    RB_UI_CMD_SET_THEME,      /* n: the board's colours, a row of rb_ui_themes */
    RB_UI_CMD_SET_PIECES,     /* n: the piece set, a row of rb_ui_piece_sets */
    RB_UI_CMD_SET_LANGUAGE,   /* n: index into rb_ui_langs (lang.h), 0 the system's */
    RB_UI_CMD_MINIMISED,      /* on: the window was minimised (or shown again) */
    RB_UI_CMD_SAVE_SETTINGS,  /* the settings dialog is done: keep them */
    RB_UI_CMD_OPEN_DIALOG,    /* n: rb_ui_dialog_kind */
    RB_UI_CMD_ASK,            /* n: rb_ui_ask, a question about the game */
    /* the puzzle trainer (trainer.c); while it is open, PLAY tries a move */
    RB_UI_CMD_PUZZLE_OPEN,    /* n: a puzzle's ID, 0 the one in hand or one near the rating */
    RB_UI_CMD_PUZZLE_FIRST = RB_UI_CMD_PUZZLE_OPEN,
    RB_UI_CMD_PUZZLE_NEXT,    /* a new puzzle near the rating, of the filter's themes */
    RB_UI_CMD_PUZZLE_HINT,    /* the next hint: the piece, then its path */
    RB_UI_CMD_PUZZLE_SOLUTION,/* play the rest of the solution, paths drawn */
    RB_UI_CMD_PUZZLE_THEMES,  /* n: RB_THEME_* bits of the filter */
    RB_UI_CMD_PUZZLE_STEP,    /* the next waiting move is shown (after its pause) */
    RB_UI_CMD_PUZZLE_LEAVE,   /* back to the game, as it was */
    RB_UI_CMD_PUZZLE_LAST = RB_UI_CMD_PUZZLE_LEAVE,
    /* learn from your mistakes (mistakes.c); while it is open, PLAY tries a move */
    RB_UI_CMD_MISTAKES_OPEN,  /* the reviewed game's first mistake as an exercise */
    RB_UI_CMD_MISTAKES_FIRST = RB_UI_CMD_MISTAKES_OPEN,
    RB_UI_CMD_MISTAKES_NEXT,  /* the next mistake */
    RB_UI_CMD_MISTAKES_SHOW,  /* play out the missed line, paths drawn */
    RB_UI_CMD_MISTAKES_STEP,  /* the next move of the shown line (after its pause) */
    RB_UI_CMD_MISTAKES_LEAVE, /* back to the game, as it was */
    RB_UI_CMD_MISTAKES_LAST = RB_UI_CMD_MISTAKES_LEAVE,
    /* the analysis board (analysis.c); while it is open, PLAY extends the
       variation and UNDO takes its last move back */
    RB_UI_CMD_ANALYSIS_OPEN,  /* on the game's position shown; refused while a
                                 game against the computer goes on */
    RB_UI_CMD_ANALYSIS_FIRST = RB_UI_CMD_ANALYSIS_OPEN,
    RB_UI_CMD_ANALYSIS_GOTO,  /* n: the game's ply to analyse; the variation goes */
    RB_UI_CMD_ANALYSIS_LINES, /* the engine has new lines: show them */
    RB_UI_CMD_ANALYSIS_LEAVE, /* back to where it was opened from, as it was */
    RB_UI_CMD_ANALYSIS_OVER_EDITOR, /* on the position editor's position, over the
                                 editor (closing it comes back to the editor) */
    RB_UI_CMD_ANALYSIS_LAST = RB_UI_CMD_ANALYSIS_OVER_EDITOR,
    /* the position editor (editor.c); while it is open, the game's
       commands are kept off the game */
    RB_UI_CMD_EDITOR_OPEN,    /* on the position shown */
    RB_UI_CMD_EDITOR_FIRST = RB_UI_CMD_EDITOR_OPEN,
    RB_UI_CMD_EDITOR_PUT,     /* n: a square; piece: what goes there (0 takes it
                                 off); from: the board square it came from
                                 (emptied), -1 from the palette */
    RB_UI_CMD_EDITOR_SIDE,    /* n: the colour to move */
    RB_UI_CMD_EDITOR_OUT,     /* n: a colour; on: its king's out flag */
    RB_UI_CMD_EDITOR_CLEAR,   /* an empty board */
    RB_UI_CMD_EDITOR_START,   /* the start position */
    RB_UI_CMD_EDITOR_TEXT,    /* text: a position string typed or pasted; the
                                 board follows when its form reads */
    RB_UI_CMD_EDITOR_COPY,    /* the position string to the clipboard */
    RB_UI_CMD_EDITOR_PASTE,   /* a position string from the clipboard */
    RB_UI_CMD_EDITOR_LEAVE,   /* back to the game, untouched */
    RB_UI_CMD_EDITOR_LAST = RB_UI_CMD_EDITOR_LEAVE,
    /* learning (learn.c) */
    RB_UI_CMD_LEARN,          /* n: -1 the lesson map, else chapter * 100 + stage (from 0) */
    RB_UI_CMD_LEARN_FIRST = RB_UI_CMD_LEARN,
    RB_UI_CMD_LEARN_TRY,      /* move: from, to, promo (RB_MOVE_FROM/TO/PROMO) on the stage */
    RB_UI_CMD_LEARN_RETRY,    /* the stage from its start */
    RB_UI_CMD_LEARN_HINT,     /* show the next move of the lesson's way */
    RB_UI_CMD_LEARN_CLOSE,    /* back to the game */
    RB_UI_CMD_LEARN_LAST = RB_UI_CMD_LEARN_CLOSE,
    RB_UI_CMD_QUIT
} rb_ui_cmd_kind;

typedef struct rb_ui_cmd {
    rb_ui_cmd_kind kind;
    rb_move move;
    int n;
    bool on;
    bool by_computer;
    bool in_dialog;
    const char *text;         /* borrowed for the call */
    const char *title;        /* MESSAGE: the dialog's title, borrowed */
    rb_ui_player players[2];
    rb_ui_time_control tc[2]; /* NEW_GAME: each side's clock (base 0: untimed) */
    rb_game *game;            /* SET_GAME: taken over (zeroed) when applied */
    rb_piece piece;           /* EDITOR_PUT: the piece put */
    int from;                 /* EDITOR_PUT: the square it left, -1 none */
} rb_ui_cmd;

/* True for the commands that change the game or its computer: a screen
 * that takes over the board (the puzzle trainer, the analysis board, the
 * mistakes exercises) keeps them off the game while it is open. */
static inline bool rb_ui_cmd_touches_game(rb_ui_cmd_kind kind)
{
    switch (kind) {
    case RB_UI_CMD_PLAY:
    case RB_UI_CMD_UNDO:
    case RB_UI_CMD_REDO:
    case RB_UI_CMD_BROWSE:
    case RB_UI_CMD_RESIGN:
    case RB_UI_CMD_OFFER_DRAW:
    case RB_UI_CMD_ANSWER_DRAW:
    case RB_UI_CMD_MOVE_NOW:
        return true;
    default:
        return false;
    }
}

/* The command with no arguments but its kind. */
static inline rb_ui_cmd rb_ui_cmd_of(rb_ui_cmd_kind kind)
{
    rb_ui_cmd c = { 0 };
    c.kind = kind;
    return c;
}

#endif
