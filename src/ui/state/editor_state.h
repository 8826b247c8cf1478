/*
 * editor_state.h - what the position editor shows, as plain data: part of
 * the window's state (state.h). The position and its verdict change only by
 * rb_ui_apply() through editor.c; the pointer's work (a piece pressed or
 * dragged, the piece chosen for placing, the string field being typed in)
 * is input state the view changes itself.
 *
 * The editor holds any placement, legal or not: a person builds a position
 * a piece at a time, and the rules library's verdict on it (rb_pos_validate)
 * is kept beside it, so the window can say what is wrong and ring where.
 * The game is not touched until a game is started from the position.
 */
#ifndef RB_UI_EDITOR_STATE_H
#define RB_UI_EDITOR_STATE_H

#include <stdbool.h>

#include "words/explain_words.h"
#include "rb_board.h"

#define RB_UI_EDITOR_TEXT_MAX 220 /* the string field; a string is at most 200 */
#define RB_UI_EDITOR_ERROR_MAX 320

/* The pointer on the editor: nothing, a press on a piece (the palette's or
 * the board's) not yet moved far enough to be a drag, or the piece dragged. */
typedef enum { RB_UI_EDITOR_IDLE = 0, RB_UI_EDITOR_PRESSED, RB_UI_EDITOR_DRAGGING } rb_ui_editor_hand;

typedef struct rb_ui_editor_state {
    bool active;            /* the editor is on screen */
    rb_pos pos;             /* the position set up (kings kept in step) */
    rb_pos_verdict verdict; /* the rules library's verdict on pos */

    /* the pointer (editor_view.c) */
    rb_ui_editor_hand hand;
    rb_piece held;                      /* the piece pressed or dragged */
    int held_from;                      /* its square on the board, -1 from the palette */
    int press_x, press_y;               /* output pixels of the press */
    int drag_x, drag_y;                 /* where the dragged piece is drawn */
    int hover;                          /* board square under the pointer, -1 none */
    rb_piece brush;                     /* the palette piece a click on a square puts
                                           there, 0 none */
    int hover_control, pressed_control; /* the panel's controls, -1 none */

    /* the position string field: its text, caret and selection (byte
       offsets), whether it has the keyboard, and what the parser said of
       the text typed ("" when it reads) */
    char text[RB_UI_EDITOR_TEXT_MAX];
    int caret, anchor;
    bool field_focus;
    char field_error[RB_UI_EDITOR_ERROR_MAX];

    /* the game's status line and board orientation, as they were when the
       editor opened (Flip in the editor turns its board only) */
    char game_status[RB_UI_EXPLAIN_TEXT_MAX]; /* as long as the status it keeps */
    bool game_flipped;
} rb_ui_editor_state;

#endif
