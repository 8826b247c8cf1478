/*
 * app.h - the game window: opening and closing it, the event loop, one
 * frame; and the map of the front end's modules.
 *
 * One rb_app value (window.h) holds the window's state (state.h) and what
 * draws it, so there are no globals and a test can run the real event
 * handler on a window-less app (SDL_VIDEODRIVER=dummy, a software renderer
 * over a surface). state.h's top comment tells how the modules work
 * together: views draw from const state and return commands; apply.c alone
 * changes the game.
 *
 * Modules (one concern each, prefix rb_ui_<module>_), from the top down;
 * a module includes only modules below it, never one above:
 *   main.c     the program: command line, window or screenshot, run
 *   shot.c     rendering one frame to a PNG (--screenshot)
 *   bench.c    timing frames off screen (--bench-frame)
 *   args.c     the command line
 *   app.c      lifetime, the event loop, routing events to the views,
 *              applying what they return, drawing a frame
 *   apply.c    carrying out a command: the one place that changes the
 *              game, with every follow-up (clocks, autosave, computer,
 *              sound, redraw)
 *   dialog.c   view: modal dialogs (routing, messages, questions,
 *              settings); dialog_game.c new game, save, load;
 *              dialog_help.c the rules a page at a time;
 *              dialog_welcome.c the first start's welcome; dialog_kit.c the
 *              frame, buttons and hit areas they share
 *   panel.c    view: side panel: turn, status, move list, browsing, buttons;
 *              clock_view.c the clocks of a timed game in it; material.c
 *              the material count beside the players' names
 *   puzzle_view.c  view: the puzzle trainer's panel and board marks, and
 *              the board's input while it is open
 *   trainer.c  the trainer's commands (applied by apply.c) and files:
 *              puzzles, the player's rating and solved puzzles
 *   mistakes_view.c  view: learn from your mistakes: its panel, the missed
 *              line's paths (the trainer's drawing), the board's input
 *   mistakes.c learn from your mistakes' commands (applied by apply.c): a
 *              reviewed game's mistakes as exercises on a board of their
 *              own, moves judged by the stored better move or a short search
 *   coach.c    hints and threats: the best move for the person to move
 *              and the opponent's threat, searched on the coach's own
 *              thread (a second rb_ui_search), drawn over the board and a
 *              used hint noted on the next move in the game record
 *   analysis_view.c  view: the analysis board's panel (evaluation bar,
 *              three lines, buttons), the pointed line's path, its input
 *   analysis.c the analysis board's commands (applied by apply.c) and its
 *              engine on a thread of its own: MultiPV 3, searching until
 *              the position changes, its lines passed back by an SDL event
 *   editor_view.c  view: the position editor's panel (palette, side to
 *              move, out flags, the position string, the verdict, Play,
 *              Analyse, Cancel), its board marks and the pointer's work
 *   editor.c   the position editor's commands (applied by apply.c): any
 *              placement held with the rules library's verdict on it
 *   view_kit.c what the panel-taking screens share: buttons of the last
 *              frame, the pointer in an event, keys handed to the board
 *   input.c    view (input half of the board): select, drag, drop, typing
 *   render.c   view (drawing half of the board): a board, the game's or a
 *              help diagram: aids, markers, paths, pieces, chooser
 *   board_cache.c  the board's unchanging layer kept in a texture, so a
 *              frame is a copy plus what moves
 *   games.c    saved games: the folder, save, list, read a game file
 *   prefs.c    settings kept between runs, autosave and resume
 *   settings.c the settings file's text form
 *   store.c    atomic writes and bounded reads of the game's files (rb_store.h)
 *   review_view.c view: the game review's progress bar, evaluation graph
 *              (a click browses there) and the move list's ?! ? ?? marks
 *   review.c   the game review: the annotate library on its own thread and
 *              engine, its verdicts into the record's annotations
 *   worker.c   the computer opponent on its own thread
 *   session.c  resigning and draws: who, and whether the computer agrees
 *              (a fixed-depth search of the position offered)
 *   game_clock.c the game's clocks kept in step with its record (pressed by
 *              moves, [%clk] and TimeControl, paused when minimised)
 *   clock.c    chess clocks and time controls, pure (clock.h)
 *   sound.c    the game's short sounds (sound.h); sound_pick.c which one
 *   pace.c     what the clock makes due: the computer's move shown after
 *              the person's, a watched game's pace, premoves, typed text
 *   learn.c    the Learn screen's lessons, progress and stage played;
 *              learn_view.c its view: the lesson map, a stage
 *   explain.c  view over the board: why a move was refused, the
 *              attackers' paths, the square in the way, for a few seconds
 *   message_words.c the rules library's parse errors (a position
 *              string, a typed move, a game file) in the player's language
 *   symbols.c  view over the board: a symbol pointed at says what it
 *              means; the help's legend of every symbol
 *   anim.c     the sliding piece of the last move
 *   widgets.c  buttons, check boxes, choices, text fields, the focus ring
 *   textedit.c editing one line of UTF-8 text: caret, selection (no SDL)
 *   text.c     strings drawn with SDL_ttf, cached as textures; the box
 *              each must fit in, checked in tests
 *   assets.c   the data folder, piece SVGs rasterised at the square size
 *   view.c     square <-> pixel mapping, flipping, for any board rectangle
 *   layout.c   where the board and the panel go for a given output size,
 *              the text's size from the display's scale and the interface
 *              size, the least window
 *   theme.c    colours of the normal and high-contrast themes
 *   draw.c     primitive shapes (discs, rings, thick polylines, arrows)
 *   command.h  the commands views send (header only)
 *   window.h   rb_app: the state and what draws it (header only)
 *   state.c    the window's state (state.h) and questions about it
 * The board modules never re-derive geometry: moves and their paths come
 * from the rules library (rb_gen_legal_from, rb_move_path).
 */
#ifndef RB_UI_APP_H
#define RB_UI_APP_H

#include "state/window.h"

/* Options of the command line (args.c) that app creation consumes. */
typedef struct rb_ui_options {
    const char *pgn_file;     /* NULL: a new game (or the resumed one) */
    const char *fen;
    rb_ui_player players[2];
    bool players_given[2];
    bool flip;
    const char *theme;        /* --theme: a key of rb_ui_themes, or NULL */
    const char *pieces;       /* --pieces: a key of rb_ui_piece_sets, or NULL */
    int width, height;        /* window size; 0 = default */
    const char *screenshot;   /* PNG to write, then exit */
    const char *select;       /* square to select in the screenshot */
    const char *hover;        /* square to hover in the screenshot */
    bool show_hint;           /* the screenshot shows the hint (coach.c) */
    bool show_threat;         /* ...or the threat */
    bool player_files;        /* off screen too, use the player's settings and
                                 autosave (tests of resuming) */
    bool keep_players;        /* off screen too, the remembered players play
                                 (tests of who plays; else both are people) */
    bool bench_frame;         /* time frames off screen, print, exit */
    bool time_first_frame;    /* print the time to the window's first frame */
    int puzzle_id;            /* open the puzzle trainer on this puzzle; 0 no */
    const char *puzzle_show;  /* then "hint", "path" or "solution"; NULL none */
    bool list_puzzles;        /* print the puzzles, one a line, and exit */
    const char *learn;        /* "CHAPTER.STAGE": open this lesson */
    bool learn_hint;          /* ...with its hint drawn */
    bool list_lessons;        /* print the lessons, one line a stage, and exit */
    bool review;              /* review the game before the first frame */
    bool analyse;             /* open the analysis board on the game */
    int lang;                 /* --lang: index into rb_ui_langs (lang.h); -1 not given */
    bool edit;                /* open the position editor (on --fen when given) */
    int scale_pct;            /* --scale: the interface size, percent; 0: the settings' */
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
/* One event, from SDL or a test; then what it made due (rb_ui_app_tick). */
void rb_ui_app_event(rb_app *app, const SDL_Event *ev);
/* Applies what the clock (rb_ui_window_now) makes due now: the computer's move
 * once the person's has been seen, a premove, forgetting stale typed text.
 * Returns the milliseconds until the next is due (RB_UI_PACE_NEVER: none). */
Uint32 rb_ui_app_tick(rb_app *app);
/* Draws one frame (always, dirty or not) and presents it. */
void rb_ui_app_draw(rb_app *app);
/* Recomputes the layout from the renderer output size; re-rasterises
 * pieces when the square size changed. */
void rb_ui_app_relayout(rb_app *app);

#endif
