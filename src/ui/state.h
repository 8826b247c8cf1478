/*
 * state.h - what the game window shows, as plain data.
 */
#ifndef RB_UI_STATE_H
#define RB_UI_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "rb_core.h"

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

typedef struct rb_ui_state {
    rb_game game;
    rb_ui_player players[2];
    bool flipped;             /* Black at the bottom */
    rb_ui_settings settings;
    rb_ui_input input;
    rb_ui_anim anim;
    bool browsing;            /* showing an earlier position from the move list:
                                 the board is read-only until the player goes
                                 back to the game (End) or undoes/redoes */
    char status[256];         /* last message for the player (error, illegal move...) */
} rb_ui_state;

#endif
