/*
 * app.h - the game window's state and the map of the front end's modules.
 *
 * One rb_app value holds everything the window shows; every module takes it
 * as its first argument, so there are no globals and a test can run the real
 * event handler on a window-less app (SDL_VIDEODRIVER=dummy, a software
 * renderer over a surface).
 *
 * Modules (one concern each, prefix rb_ui_<module>_):
 *   app.c      lifetime, the event loop, idle sleeping, applying moves
 *   layout.c   where the board and the panel go for a given output size
 *   theme.c    colours of the normal and high-contrast themes
 *   assets.c   the data folder, piece SVGs rasterised at the square size
 *   view.c     square <-> pixel mapping, flipping, for any board rectangle
 *   render.c   drawing a board (the game's, or a help diagram): aids,
 *              markers, paths, pieces, chooser
 *   draw.c     primitive shapes (discs, rings, thick polylines, arrows)
 *   input.c    mouse and keyboard on the board: select, drag, drop, typing
 *   anim.c     the sliding piece of the last move
 *   args.c     the command line
 *   shot.c     rendering one frame to a PNG (--screenshot)
 *   bench.c    timing frames off screen (--bench-frame)
 *   panel.h    side panel: turn, status, move list, browsing
 *   dialog.h   modal dialogs: new game, save, load, settings, help
 *   worker.h   the computer opponent on its own thread
 *   text.h     strings drawn with SDL_ttf, cached as textures
 *   prefs.h    settings kept between runs, autosave and resume
 * The board modules never re-derive geometry: moves and their paths come
 * from the rules library (rb_gen_legal_from, rb_move_path).
 */
#ifndef RB_UI_APP_H
#define RB_UI_APP_H

#include "window.h"

/* Options of the command line (args.c) that app creation consumes. */
typedef struct rb_ui_options {
    const char *pgn_file;     /* NULL: a new game (or the resumed one) */
    const char *fen;
    rb_ui_player players[2];
    bool players_given[2];
    bool flip;
    int width, height;        /* window size; 0 = default */
    const char *screenshot;   /* PNG to write, then exit */
    const char *select;       /* square to select in the screenshot */
    const char *hover;        /* square to hover in the screenshot */
    bool player_files;        /* off screen too, use the player's settings and
                                 autosave (tests of resuming) */
    bool bench_frame;         /* time frames off screen, print, exit */
    bool time_first_frame;    /* print the time to the window's first frame */
} rb_ui_options;

/* ---- app.c ------------------------------------------------------------ */
/* Sets defaults; no SDL calls. */
void rb_ui_app_defaults(rb_app *app);
/* Opens a window (or, with headless, a software renderer over a w x h
 * surface), loads assets and the game. Returns 0, or -1 with a message
 * in err that names what is missing or wrong. */
int rb_ui_app_open(rb_app *app, const rb_ui_options *opt, bool headless, char *err, size_t errlen);
void rb_ui_app_close(rb_app *app);
/* The event loop: sleeps in SDL_WaitEvent while nothing moves. */
void rb_ui_app_run(rb_app *app);
/* One event, from SDL or a test. */
void rb_ui_app_event(rb_app *app, const SDL_Event *ev);
/* Draws one frame (always, dirty or not) and presents it. */
void rb_ui_app_draw(rb_app *app);
/* Recomputes the layout from the renderer output size; re-rasterises
 * pieces when the square size changed. */
void rb_ui_app_relayout(rb_app *app);

/* The game as the board sees it. */
const rb_pos *rb_ui_app_pos(const rb_app *app);
/* Plays a legal move (from a click, a drag, typing or the computer):
 * records it, starts its animation, clears the selection, asks the
 * computer to move if it is its turn. Returns 0, or -1 if not legal. */
int rb_ui_app_play(rb_app *app, rb_move m);
/* Undo/redo one move (two against the computer, back to the human's turn). */
void rb_ui_app_undo(rb_app *app);
void rb_ui_app_redo(rb_app *app);
/* Replaces the game (new game, loaded game); takes ownership of *g. */
void rb_ui_app_set_game(rb_app *app, rb_game *g);
void rb_ui_app_flip(rb_app *app);
/* Call after the game, settings or players changed from outside the board
 * (panel, dialogs, worker): cancels selection/animation, redraws. */
void rb_ui_app_changed(rb_app *app);
/* Shows a message to the player (status line) and on stderr if error. */
void rb_ui_app_message(rb_app *app, bool error, const char *fmt, ...);
/* True when the side to move is played by the computer. */
bool rb_ui_app_computer_to_move(const rb_app *app);

#endif
