/*
 * app.h - the game window: opening and closing it, the event loop, one
 * frame.
 *
 * One rb_app value (state/window.h) holds the window's state
 * (state/state.h) and what draws it, so there are no globals and a test
 * can run the real event handler on a window-less app
 * (SDL_VIDEODRIVER=dummy, a software renderer over a surface).
 * state/state.h's top comment tells how the parts work together: views
 * draw from const state and return commands; apply.c alone changes the
 * game. The front end's folders are layered from words/ at the bottom to
 * app/ at the top, each including only folders below it; docs/hacking.md
 * has a line for each, and each file's head comment says what it holds.
 * Each module's exported names begin rb_ui_<module>_. The board modules
 * never re-derive geometry: moves and their paths come from the rules
 * library (rb_gen_legal_from, rb_move_path).
 */
#ifndef RB_UI_APP_H
#define RB_UI_APP_H

#include "state/window.h"

/* Options of the command line (args.c) that app creation consumes. */
typedef struct rb_ui_options {
    const char *pgn_file; /* NULL: a new game (or the resumed one) */
    const char *fen;
    rb_ui_player players[2];
    bool players_given[2];
    bool flip;
    const char *theme;         /* --theme: a key of rb_ui_themes, or NULL */
    const char *pieces;        /* --pieces: a key of rb_ui_piece_sets, or NULL */
    int width, height;         /* window size; 0 = default */
    const char *screenshot;    /* PNG to write, then exit */
    const char *select;        /* square to select in the screenshot */
    const char *hover;         /* square to hover in the screenshot */
    bool show_hint;            /* the screenshot shows the hint (coach.c) */
    bool show_threat;          /* ...or the threat */
    bool player_files;         /* off screen too, use the player's settings and
                                  autosave (tests of resuming) */
    bool keep_players;         /* off screen too, the remembered players play
                                  (tests of who plays; else both are people) */
    bool bench_frame;          /* time frames off screen, print, exit */
    bool time_first_frame;     /* print the time to the window's first frame */
    int puzzle_id;             /* open the puzzle trainer on this puzzle; 0 no */
    const char *puzzle_show;   /* then "hint", "path" or "solution"; NULL none */
    bool list_puzzles;         /* print the puzzles, one a line, and exit */
    const char *learn;         /* "CHAPTER.STAGE": open this lesson */
    bool learn_hint;           /* ...with its hint drawn */
    bool list_lessons;         /* print the lessons, one line a stage, and exit */
    bool review;               /* review the game before the first frame */
    bool analyse;              /* open the analysis board on the game */
    int lang;                  /* --lang: index into rb_ui_langs (lang.h); -1 not given */
    bool edit;                 /* open the position editor (on --fen when given) */
    int scale_pct;             /* --scale: the interface size, percent; 0: the settings' */
    bool speak;                /* --speak: the spoken mode on, with the desktop's voice */
    const char *speech_log;    /* --speech-log FILE: the spoken mode on, written to FILE ("-": stderr) */
    bool net_host;             /* --host [PORT]: host a network game, the invite code printed */
    int net_port;              /* ...on this port (0: any free one) */
    const char *net_bind;      /* --bind ADDRESS: listen on this address only (and put it in the code) */
    const char *net_join;      /* --join CODE: join the network game of this invite code */
    const char *net_name;      /* --name NAME: the name the other side sees */
    rb_ui_time_control net_tc; /* --time-control M+S: the host's clock (untimed by default) */
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
