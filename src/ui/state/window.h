/*
 * window.h - the game window, rb_app: its state (state.h) and what draws
 * it: the renderer, the theme, the layout, piece textures, the text cache,
 * and each view's memory of where its last frame put what (the panel's
 * rectangles and move texts, the dialogs' clickable areas). Those are
 * caches of the picture, rebuilt by drawing; they are not state, and
 * nothing but the views reads them. Header only: every module may include
 * it, and it includes none of them.
 */
#ifndef RB_UI_WINDOW_H
#define RB_UI_WINDOW_H

#include "state/state.h"

#define RB_UI_PATH_MAX 1024
#define RB_UI_MIN_W 480 /* smallest window at 100%, in points (layout.h */
#define RB_UI_MIN_H 360 /* grows it with the interface size) */

/* Colours of one theme (theme.c). */
typedef struct rb_ui_theme {
    SDL_Color background, panel_bg;
    SDL_Color light, dark; /* squares */
    SDL_Color hole, hole_rim, hole_arrow;
    SDL_Color flow_arrow, turn_mark, throne[2], start_line[2];
    SDL_Color coord;
    SDL_Color last_from, last_to, last_path;
    SDL_Color selected, dest_dot, dest_ring, dest_hover;
    SDL_Color path, path_outline, rebound_mark;
    SDL_Color premove; /* a premove's squares and path */
    SDL_Color check_glow;
    SDL_Color reply; /* the other side's moves in a shown line (a puzzle's replies):
                        far darker than both the path and the check, so they
                        differ in lightness, not in hue alone */
    SDL_Color chooser_bg, chooser_border;
    SDL_Color text, text_dim;
} rb_ui_theme;

/* Where things are, in output pixels (layout.c). */
typedef struct rb_ui_layout {
    int out_w, out_h;   /* renderer output size in pixels */
    float px_per_win_x; /* output pixels per window coordinate (high DPI) */
    float px_per_win_y;
    SDL_Rect board;     /* the 7x7 grid, square size * 7 on each side */
    int sq;             /* square size in pixels, whole */
    int margin;         /* room for coordinates around the grid */
    int coord_px;       /* the coordinates' text, pixels */
    SDL_Rect panel;     /* the side (or bottom) panel */
    bool panel_below;   /* tall windows put the panel under the board */
    float system_scale; /* output pixels per point of text (high DPI) */
    int ui_pct;         /* the interface size, percent (100..200) */
    int font_px;        /* the panel's and dialogs' text, pixels */
} rb_ui_layout;

/* Piece images rasterised at one square size (assets.c). */
typedef struct rb_ui_piece_set {
    SDL_Texture *tex[2][5]; /* [colour][RB_KING..RB_PAWN], index 0 unused */
    int size;               /* pixels the textures were made for; 0 = none */
} rb_ui_piece_set;

typedef struct rb_ui_pieces {
    int set;         /* which set: a row of rb_ui_piece_sets (assets.h) */
    void *svg[2][5]; /* the files' text, read when the set is chosen */
    size_t svg_len[2][5];
    rb_ui_piece_set board;    /* at the game board's square size */
    rb_ui_piece_set diagram;  /* at the help diagrams' square size */
    rb_ui_piece_set material; /* small, for the material count (panel.c) */
} rb_ui_pieces;

/* Views' memories, the computer and the files, behind these pointers. */
struct rb_ui_panel;
struct rb_ui_dialog;
struct rb_ui_worker;
struct rb_ui_text;
struct rb_ui_prefs;
struct rb_ui_board_cache;
struct rb_ui_sound;
struct rb_ui_trainer;
struct rb_ui_puzzle_view;
struct rb_ui_learn;
struct rb_ui_coach;
struct rb_ui_review;
struct rb_ui_analysis;
struct rb_ui_analysis_view;
struct rb_ui_editor_view;
struct rb_ui_speaker;
struct rb_ui_net_host;

typedef struct rb_app {
    rb_ui_state state; /* what the window shows (state.h) */

    SDL_Window *window; /* NULL when drawing onto a surface only */
    SDL_Renderer *renderer;
    SDL_Surface *target;           /* the surface of a software renderer, or NULL */
    char data_dir[RB_UI_PATH_MAX]; /* ends in '/' */
    struct rb_tb *tables;          /* the endgame tables in data_dir/tables (rb_tb.h), shared by the engines */
    const rb_ui_theme *theme;
    rb_ui_layout layout;
    rb_ui_pieces pieces;

    /* The display's scale as a test says it (0: ask the system, layout.h);
     * the layout's pixels follow it, the window's events do not. */
    float system_scale;
    bool relayout_due; /* the interface size changed: lay out again */
    /* Where the window stood when the interface size set its least size,
     * which on X11 moves it under window managers that do not tell SDL
     * their frame's size (the frame's height, at every step): the move
     * that follows within keep_until (SDL ticks, 0 none; a second from
     * the end of the frame drawn at the new size) is undone. */
    SDL_Point keep_at;
    Uint32 keep_until;
    bool keep_from_frame; /* keep_until to start again once that frame is shown */

    bool player_files; /* reads and writes the player's settings and
                          autosave (a window does; screenshots don't) */
    bool dirty;        /* something changed: draw a frame */
    bool quit;
    Uint64 first_frame_from; /* performance counter at program start: the
                                first present prints the time since (then 0) */

    /* The clipboard: SDL's by default; a test may put its own in their
     * place (a window-less app has no video device, so no clipboard). get's
     * answer is freed with SDL_free; set returns 0 or a negative error. */
    char *(*clip_get)(void);
    int (*clip_set)(const char *text);

    struct rb_ui_panel *panel;
    struct rb_ui_dialog *dialog;
    struct rb_ui_worker *worker;
    struct rb_ui_text *text;
    struct rb_ui_prefs *prefs;
    struct rb_ui_board_cache *board_cache; /* the board's unchanging layer (render.c) */
    struct rb_ui_sound *sound;             /* the game's sounds (sound.h); NULL: silent */
    /* The clock every timed thing reads (animation, the computer's pause,
     * typed text going stale, the chess clocks): SDL's ticks unless a test
     * sets its own, so a test moves time by hand instead of sleeping. */
    Uint32 (*ticks)(void *ctx);
    void *ticks_ctx;
    struct rb_ui_trainer *trainer;             /* the puzzles and the player's record (trainer.c) */
    struct rb_ui_puzzle_view *puzzle_view;     /* the trainer panel's last layout */
    struct rb_ui_learn *learn;                 /* the lessons and the stage played (learn.c) */
    struct rb_ui_coach *coach;                 /* hints and threats' search (coach.c), made on first use */
    struct rb_ui_review *review;               /* the game review's thread and engine (review.c) */
    SDL_Rect review_graph;                     /* where the review's graph was drawn, or empty */
    struct rb_ui_mistakes_view *mistakes_view; /* its panel's last layout (mistakes_view.c) */
    struct rb_engine *mistakes_engine;         /* judges the mistakes exercises' moves (mistakes.c) */
    struct rb_ui_analysis *analysis;           /* the analysis board's engine thread (analysis.c) */
    struct rb_ui_analysis_view *analysis_view; /* its panel's last layout */
    struct rb_ui_editor_view *editor_view;     /* the position editor's last layout (editor_view.c) */
    struct rb_ui_net_link *net;                /* a network game's connection (net/link.h); NULL: none */
    int last_net_unacked;                      /* its unacknowledged messages when last saved */
    struct rb_ui_lobby *lobby;                 /* a server's lobby (net/lobby.h, app/online.c); NULL: none */
    int64_t lobby_game;                        /* the server's game it found last, 0 none */
    struct rb_net_lan *lan_browse;             /* the local network's games while the Join view shows (net_join.c) */
    unsigned lan_generation;                   /* the browse's list as last copied into the view */
    int64_t join_since_ms;                     /* when the Join view's connection was started */
    struct rb_ui_net_host *net_host;           /* hosting, until the friend is in (app/net_host.c); NULL: none */
    struct rb_ui_speaker *speaker;             /* the spoken mode's voice or log (speak.c); NULL: silent */
} rb_app;

/* Now on the app's clock, for the chess clocks, which count in 64 bits. */
static inline int64_t rb_ui_window_now_ms(const rb_app *app)
{
    return app->ticks ? (int64_t)app->ticks(app->ticks_ctx) : (int64_t)SDL_GetTicks64();
}

/* Milliseconds on the app's clock. */
static inline Uint32 rb_ui_window_now(const rb_app *app)
{
    return app->ticks ? app->ticks(app->ticks_ctx) : SDL_GetTicks();
}

#endif
