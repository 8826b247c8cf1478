/*
 * dialog.h - modal dialogs over the window: new game, save, load,
 * settings, help (F1), and messages (errors the player must see).
 *
 * While a dialog is open it gets every event and the board gets none.
 */
#ifndef RB_UI_DIALOG_H
#define RB_UI_DIALOG_H

#include "app.h"

typedef enum {
    RB_UI_DIALOG_NONE = 0,
    RB_UI_DIALOG_NEW_GAME,
    RB_UI_DIALOG_SAVE,
    RB_UI_DIALOG_LOAD,
    RB_UI_DIALOG_SETTINGS,
    RB_UI_DIALOG_HELP,
    RB_UI_DIALOG_MESSAGE
} rb_ui_dialog_kind;

int rb_ui_dialog_init(rb_app *app, char *err, size_t errlen);
void rb_ui_dialog_free(rb_app *app);
void rb_ui_dialog_open(rb_app *app, rb_ui_dialog_kind kind);
/* A message box drawn in the window (for RB_UI_DIALOG_MESSAGE). */
void rb_ui_dialog_message(rb_app *app, const char *title, const char *text);
bool rb_ui_dialog_active(const rb_app *app);
/* A yes/no question; the answer "yes" carries out what is asked. */
typedef enum {
    RB_UI_ASK_RESIGN = 1,   /* the resigner of rb_ui_session_resigner() resigns */
    RB_UI_ASK_DRAW,         /* the other human accepts a draw */
    RB_UI_ASK_RESUME        /* keep the resumed game ("no": a new game) */
} rb_ui_ask;
void rb_ui_dialog_ask(rb_app *app, rb_ui_ask what, const char *title, const char *text,
                      const char *yes, const char *no);
/* The dialog open now, RB_UI_DIALOG_NONE if none. */
rb_ui_dialog_kind rb_ui_dialog_kind_open(const rb_app *app);
/* Draws the open dialog over the whole output (dims what is behind). */
void rb_ui_dialog_draw(rb_app *app);
/* Returns true when the event was used (always, while a dialog is open). */
bool rb_ui_dialog_event(rb_app *app, const SDL_Event *ev);

#endif
