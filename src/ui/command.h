/*
 * command.h - what a view asks of the game window, as data.
 *
 * Views never change the game: a click on "Undo", a piece dropped on a
 * square, a key, the computer's answer all become one rb_ui_cmd, and
 * rb_ui_apply() (apply.c) carries it out with every follow-up. A new screen
 * adds its commands here and their cases in apply.c.
 */
#ifndef RB_UI_COMMAND_H
#define RB_UI_COMMAND_H

#include "state.h"

typedef enum {
    RB_UI_CMD_NONE = 0,
    /* the game */
    RB_UI_CMD_PLAY,           /* move (by_computer: the computer's answer) */
    RB_UI_CMD_UNDO,           /* one move back; against the computer, to the person's turn */
    RB_UI_CMD_REDO,           /* one move forward, likewise */
    RB_UI_CMD_BROWSE,         /* n: the ply to show (0..length); the end ends browsing */
    RB_UI_CMD_NEW_GAME,       /* players; n: the person's side against the computer, -1 none */
    RB_UI_CMD_SET_GAME,       /* game (taken over) and players: a game from elsewhere */
    RB_UI_CMD_LOAD,           /* text: a PGN file's path; in_dialog: from the load dialog */
    RB_UI_CMD_SAVE,           /* text: a name in the games folder */
    RB_UI_CMD_RESIGN,         /* n: the colour that resigns */
    RB_UI_CMD_OFFER_DRAW,     /* the side to move offers a draw */
    RB_UI_CMD_ANSWER_DRAW,    /* on: the other person accepts */
    RB_UI_CMD_MOVE_NOW,       /* the computer plays the best move it has found */
    RB_UI_CMD_EXPLAIN,        /* move: an attempt the rules refuse, its from, to and
                                 promotion (RB_MOVE_FROM/TO/PROMO); it is explained */
    /* learning (learn.c) */
    RB_UI_CMD_LEARN,          /* n: -1 the lesson map, else chapter * 100 + stage (from 0) */
    RB_UI_CMD_LEARN_TRY,      /* move: from, to, promo (RB_MOVE_FROM/TO/PROMO) on the stage */
    RB_UI_CMD_LEARN_RETRY,    /* the stage from its start */
    RB_UI_CMD_LEARN_HINT,     /* show the next move of the lesson's way */
    RB_UI_CMD_LEARN_CLOSE,    /* back to the game */
    /* the window */
    RB_UI_CMD_FLIP,
    RB_UI_CMD_SET_SETTING,    /* n: index into rb_ui_setting_infos; on: its value */
    RB_UI_CMD_SAVE_SETTINGS,  /* the settings dialog is done: keep them */
    RB_UI_CMD_OPEN_DIALOG,    /* n: rb_ui_dialog_kind */
    RB_UI_CMD_ASK,            /* n: rb_ui_ask, a question about the game */
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
    rb_ui_player players[2];
    rb_game *game;            /* SET_GAME: taken over (zeroed) when applied */
} rb_ui_cmd;

/* The command with no arguments but its kind. */
static inline rb_ui_cmd rb_ui_cmd_of(rb_ui_cmd_kind kind)
{
    rb_ui_cmd c = { 0 };
    c.kind = kind;
    return c;
}

#endif
