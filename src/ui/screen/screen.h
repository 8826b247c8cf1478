/*
 * screen.h - what a screen that takes over the window is: the puzzle
 * trainer, learn from your mistakes, the analysis board, the position
 * editor and the Learn screen each fill in one rb_ui_screen, and the app
 * reaches them only through the table of them (app/screens.c), in which
 * the first open screen is the one on top.
 *
 * The window does every screen's chores in one loop over that table:
 *   drawing   the top open screen draws the whole window (its board and
 *             its panel) in place of the game's; with none open the game
 *             is drawn;
 *   routing   events go to the top open screen; what it does not use goes
 *             where its `below` says (the rest of the window as for the
 *             game, only the window's shortcuts, or nowhere);
 *   commands  a screen's own commands (cmd.h keeps each screen's between
 *             its _FIRST and _LAST names) go to it, open or not (only its
 *             opening command does anything while it is closed); the top
 *             open screen also takes the game's commands it `keeps` off
 *             the game it has set aside;
 *   closing   a command that puts another game on the board closes every
 *             open screen; a screen that opens closes the others through
 *             the closer it is handed, once it knows it will open;
 *   aside     while a screen with sets_game_aside is open, the game's
 *             clocks stand still and the computer's move waits;
 *   time      a screen's timed steps (a puzzle's reply, a shown line's
 *             next move) come from its tick, and while it is `moving` the
 *             loop wakes for every frame;
 *   the end   every open screen leaves before the game is saved, then each
 *             frees what it holds.
 * A new screen is a folder of its own under screens/ with its state in
 * state/, its commands in cmd.h, and one line in the table.
 */
#ifndef RB_UI_SCREEN_H
#define RB_UI_SCREEN_H

#include <stdbool.h>
#include <stdio.h>

#include "state/cmd.h"
#include "state/window.h"

/* Where the events a screen leaves unused go. */
typedef enum {
    RB_UI_BELOW_GAME,        /* on, as for the game: the window's shortcuts, the
                                symbols, the panel, the board's input */
    RB_UI_BELOW_WINDOW_KEYS, /* only the window's shortcuts */
    RB_UI_BELOW_NOTHING      /* nowhere: the screen has the whole window */
} rb_ui_screen_below;

/* Handed to a screen's apply, for its opening: closes every open screen
 * but the one whose command `opening` is (each leaving as its own leave()
 * does, the top one first), and a dialog over the window; with keep_top,
 * the screen now on top stays too, under the one opening over it. */
typedef void (*rb_ui_screen_closer)(rb_app *app, rb_ui_cmd_kind opening, bool keep_top);

typedef struct rb_ui_screen {
    const char *name;           /* for the tests' and the log's words */
    rb_ui_cmd_kind first, last; /* its own commands; first opens it */
    bool sets_game_aside;       /* the game's clocks and computer wait */
    rb_ui_screen_below below;

    bool (*is_open)(const rb_ui_state *st);
    /* While it is the top open screen: whether it takes a command of the
     * game's (PLAY on its own board, takebacks it keeps off the game). */
    bool (*keeps)(const rb_ui_state *st, rb_ui_cmd_kind kind);
    /* Its own commands, and those it keeps. The opening command calls
     * close_others once the screen knows it opens (never when it refuses),
     * so a refused opening leaves the window as it was. */
    int (*apply)(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others);
    /* Closes it, the game's view (status, browsing, the board's side) back
     * as it was before it opened; nothing when it is closed. */
    void (*leave)(rb_app *app);

    void (*draw)(rb_app *app, const rb_ui_state *st, Uint32 now_ms);
    rb_ui_cmd (*event)(rb_app *app, const SDL_Event *ev, bool *used);

    /* Optional (NULL: none). An event of the screen's own engine thread,
     * open or not: true when it was one, with what it asks for in *out. */
    bool (*engine_event)(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out);
    /* What its clock makes due now (RB_UI_CMD_NONE: nothing). */
    rb_ui_cmd (*tick)(const rb_ui_state *st, Uint32 now_ms);
    /* Whether a timed step is on its way, so frames are wanted. */
    bool (*moving)(const rb_ui_state *st);
    /* What it offers, a line each, for the command line's --list-...
     * options (data_dir ends in '/'). Returns 0, or -1 with err set. */
    int (*list)(const char *data_dir, FILE *out, char *err, size_t errlen);
    /* Frees what it holds (threads, files read); at the window's end. */
    void (*free)(rb_app *app);
} rb_ui_screen;

/* Whether kind is one of the screen's own commands. */
static inline bool rb_ui_screen_owns(const rb_ui_screen *s, rb_ui_cmd_kind kind)
{
    return kind >= s->first && kind <= s->last;
}

#endif
