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
 *   board_cache.c  the board's unchanging layer kept in a texture
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

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "rb_core.h"

#define RB_UI_PATH_MAX 1024
#define RB_UI_MIN_W 480      /* smallest window, in window coordinates */
#define RB_UI_MIN_H 360
#define RB_UI_DRAG_SLOP 3    /* pixels a press travels before it is a drag */
#define RB_UI_ANIM_MS 200

/* Who plays a colour. */
typedef enum { RB_UI_HUMAN = 0, RB_UI_COMPUTER = 1 } rb_ui_player_kind;

typedef struct rb_ui_player {
    rb_ui_player_kind kind;
    int level;                /* RB_LEVEL_MIN..RB_LEVEL_MAX for the computer */
} rb_ui_player;

/* What the player can switch on and off; kept between runs (prefs). */
typedef struct rb_ui_settings {
    bool flow_arrows;         /* faint clockwise arrows in every square */
    bool turn_squares;        /* the eight squares where the flow turns */
    bool thrones;             /* a star on each king's winning square */
    bool start_lines;         /* each king's start line, dashed */
    bool out_flags;           /* an indicator per king of its out flag */
    bool coordinates;         /* a..g and 1..7 around the board */
    bool legal_moves;         /* destination markers for the selected piece */
    bool paths;               /* the path to the pointed destination, rebounds marked */
    bool last_move;           /* last move's squares and path */
    bool animation;           /* slide moves over RB_UI_ANIM_MS */
    bool high_contrast;       /* the high-contrast theme */
    bool auto_flip;           /* flip when the human plays Black vs the computer */
} rb_ui_settings;

/* Colours of one theme (theme.c). */
typedef struct rb_ui_theme {
    SDL_Color background, panel_bg;
    SDL_Color light, dark;              /* squares */
    SDL_Color hole, hole_rim, hole_arrow;
    SDL_Color flow_arrow, turn_mark, throne[2], start_line[2];
    SDL_Color coord;
    SDL_Color last_from, last_to, last_path;
    SDL_Color selected, dest_dot, dest_ring, dest_hover;
    SDL_Color path, path_outline, rebound_mark;
    SDL_Color check_glow;
    SDL_Color chooser_bg, chooser_border;
    SDL_Color text, text_dim;
} rb_ui_theme;

/* Where things are, in output pixels (layout.c). */
typedef struct rb_ui_layout {
    int out_w, out_h;         /* renderer output size in pixels */
    float px_per_win_x;       /* output pixels per window coordinate (high DPI) */
    float px_per_win_y;
    SDL_Rect board;           /* the 7x7 grid, square size * 7 on each side */
    int sq;                   /* square size in pixels, whole */
    int margin;               /* room for coordinates around the grid */
    SDL_Rect panel;           /* the side (or bottom) panel */
    bool panel_below;         /* tall windows put the panel under the board */
} rb_ui_layout;

/* Piece images rasterised at one square size (assets.c). */
typedef struct rb_ui_piece_set {
    SDL_Texture *tex[2][5];   /* [colour][RB_KING..RB_PAWN], index 0 unused */
    int size;                 /* pixels the textures were made for; 0 = none */
} rb_ui_piece_set;

typedef struct rb_ui_pieces {
    void *svg[2][5];          /* the files' text, read once at start */
    size_t svg_len[2][5];
    rb_ui_piece_set board;    /* at the game board's square size */
    rb_ui_piece_set diagram;  /* at the help diagrams' square size */
} rb_ui_pieces;

/* The board's input state machine (input.c). */
typedef enum {
    RB_UI_IDLE = 0,           /* nothing selected */
    RB_UI_SELECTED,           /* a piece is selected, its destinations shown */
    RB_UI_PRESSED,            /* button down on a piece, not yet moved 3 px */
    RB_UI_DRAGGING,           /* the piece follows the pointer */
    RB_UI_PROMOTING           /* the rook/bishop chooser is open */
} rb_ui_input_state;

typedef struct rb_ui_input {
    rb_ui_input_state state;
    int sel;                  /* selected square, -1 for none */
    bool sel_was_selected;    /* press landed on the already selected piece */
    rb_movelist moves;        /* legal moves of the selected piece */
    int hover;                /* square under the pointer, -1 off the board */
    int press_x, press_y;     /* output pixels where the button went down */
    int ptr_x, ptr_y;         /* pointer in output pixels */
    int promo_to;             /* destination waiting for the chooser */
    int promo_hover;          /* 0 none, RB_ROOK or RB_BISHOP */
    char typed[8];            /* coordinate move being typed */
    int ntyped;
} rb_ui_input;

/* The piece sliding after a move (anim.c). */
typedef struct rb_ui_anim {
    bool active;
    rb_move move;
    rb_piece piece;           /* the piece as it was before the move */
    Uint32 start_ms;
    Uint32 duration_ms;
} rb_ui_anim;

/* Modules owned elsewhere keep their state behind these pointers. */
struct rb_ui_panel;
struct rb_ui_dialog;
struct rb_ui_worker;
struct rb_ui_text;
struct rb_ui_prefs;
struct rb_ui_board_cache;

typedef struct rb_app {
    SDL_Window *window;       /* NULL when drawing onto a surface only */
    SDL_Renderer *renderer;
    SDL_Surface *target;      /* the surface of a software renderer, or NULL */
    char data_dir[RB_UI_PATH_MAX]; /* ends in '/' */

    rb_game game;
    rb_ui_player players[2];
    bool flipped;             /* Black at the bottom */
    rb_ui_settings settings;
    const rb_ui_theme *theme;
    rb_ui_layout layout;
    rb_ui_pieces pieces;
    rb_ui_input input;
    rb_ui_anim anim;

    bool player_files;        /* reads and writes the player's settings and
                                 autosave (a window does; screenshots don't) */
    bool browsing;            /* showing an earlier position from the move list:
                                 the board is read-only until the player goes
                                 back to the game (End) or undoes/redoes */
    bool dirty;               /* something changed: draw a frame */
    bool quit;
    char status[256];         /* last message for the player (error, illegal move...) */
    Uint64 first_frame_from;  /* performance counter at program start: the
                                 first present prints the time since (then 0) */

    struct rb_ui_panel *panel;
    struct rb_ui_dialog *dialog;
    struct rb_ui_worker *worker;
    struct rb_ui_text *text;
    struct rb_ui_prefs *prefs;
    struct rb_ui_board_cache *board_cache; /* the board's unchanging layer (render.c) */
} rb_app;

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
