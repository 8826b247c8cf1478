/*
 * dialog.h - modal dialogs over the window: new game, save, load,
 * settings, help (F1), the welcome, and messages and questions.
 *
 * A dialog is a view: it draws from const state and turns the player's
 * clicks and keys into commands (state/cmd.h). Opening one is a command too
 * (it may read the games folder); while one is open it gets every event
 * and the board gets none.
 */
#ifndef RB_UI_DIALOG_H
#define RB_UI_DIALOG_H

#include "state/cmd.h"
#include "state/window.h"

/* The dialogs' memory of where they drew what. Returns 0, or -1 with a
 * message in err. */
int rb_ui_dialog_init(rb_app *app, char *err, size_t errlen);
void rb_ui_dialog_free(rb_app *app);
/* Opens a dialog, filling its form (the saved games, a name to save
 * under); RB_UI_DIALOG_NONE closes the open one. */
void rb_ui_dialog_open(rb_app *app, rb_ui_dialog_kind kind);
/* Asks a question about the game (resign? accept a draw? continue the
 * resumed game?), in words made from the state. */
void rb_ui_dialog_ask(rb_app *app, rb_ui_ask what);
bool rb_ui_dialog_active(const rb_ui_state *st);
/* A message with only OK (what went wrong reading a game, ...). */
void rb_ui_dialog_message(rb_app *app, const char *title, const char *text);
/* Draws the open dialog over the whole output (dims what is behind). */
void rb_ui_dialog_draw(rb_app *app, const rb_ui_state *st);
/* Takes an event while a dialog is open (mouse in output pixels): changes
 * the dialog's input state, and returns what the player asked for. */
rb_ui_cmd rb_ui_dialog_event(rb_app *app, const SDL_Event *ev);
/* The words of the settings' stepper row id (DLG_VOLUME, DLG_SCALE,
 * DLG_THREADS, DLG_SPEECH_RATE) in state st, its label and value ("Volume 70"), as drawn and
 * as the spoken mode says it; "" for another id. Returns the length. */
size_t rb_ui_dlg_stepper_text(const rb_ui_state *st, int id, char *buf, size_t len);

#endif
