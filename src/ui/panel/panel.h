/*
 * panel.h - the side panel: whose turn, the game's status, the move list
 * and browsing through earlier positions, the game's buttons.
 *
 * A view: it draws from const state; its events come back as commands.
 * What its last frame put where is its own memory behind app->panel.
 */
#ifndef RB_UI_PANEL_H
#define RB_UI_PANEL_H

#include "state/cmd.h"
#include "state/window.h"

/* Returns 0, or -1 with a message in err. */
int rb_ui_panel_init(rb_app *app, char *err, size_t errlen);
void rb_ui_panel_free(rb_app *app);
/* Draws the panel into rect (output pixels) as st shows it. */
void rb_ui_panel_draw(rb_app *app, const rb_ui_state *st, SDL_Rect rect);
/* Offers an event (mouse coordinates already in output pixels); *used is
 * true when the panel took it and the board must not see it. Changes the
 * panel's input state; returns what a button, key or move asks for. */
rb_ui_cmd rb_ui_panel_event(rb_app *app, const SDL_Event *ev, bool *used);
/* The first row of the move list the last frame showed (commands that
 * bring the current move into view start from it). */
int rb_ui_panel_drawn_scroll(const rb_app *app);
/* Where the move list showed the move leading to position ply (1..length)
 * on the last draw; false when it was not in view. */
bool rb_ui_panel_move_rect(const rb_app *app, size_t ply, SDL_Rect *r);
/* Where the last draw put the button with this label; false when it was
 * not shown. */
bool rb_ui_panel_button_rect(const rb_app *app, const char *label, SDL_Rect *r);
/* The panel's buttons by keyboard (the spoken mode's Tab): how many there
 * are; whether button i was drawn and can be pressed, with its label,
 * translated (the arrows, which are symbols, are left to the keys); and
 * what pressing it does, as a click would. */
int rb_ui_panel_button_count(void);
bool rb_ui_panel_button_usable(const rb_app *app, int i, const char **label);
rb_ui_cmd rb_ui_panel_button_press(const rb_app *app, int i);
/* The game's state in words ("Checkmate. White wins.", "Black is in
 * check."), empty when there is nothing to say. Returns the length. */
size_t rb_ui_panel_status_text(const rb_ui_state *st, char *buf, size_t len);
/* The colour of the disc at the top: the side to move, or once the game
 * is over the winner (2: a draw, grey). */
int rb_ui_panel_disc_colour(const rb_ui_state *st);
/* What the panel says while browsing, counting moves as the move list
 * numbers them ("Viewing move 8 (Black) of 18. ..."). */
size_t rb_ui_panel_viewing_text(const rb_ui_state *st, char *buf, size_t len);
/* In a network game: who the other side is and how the link is ("Bob:
 * connected, lag 12 ms", "reconnecting..."), a standing offer, the last
 * chat lines; the invite code while the host waits. 0 when no network
 * game is on. */
size_t rb_ui_panel_net_text(const rb_ui_state *st, char *buf, size_t len);
/* Where the last frame drew a network game's chat field (false: none). */
bool rb_ui_panel_chat_rect(const rb_app *app, SDL_Rect *r);
/* The header's first line: "White to move", or "Game over: ..." - of the
 * game itself, also while an earlier position is shown. */
void rb_ui_panel_turn_text(const rb_ui_state *st, char *buf, size_t len);
/* Who plays a colour as the panel names them: "Computer, level 4", the
 * name in a loaded game's White/Black tag, or "You"/"Player". */
void rb_ui_panel_player_text(const rb_ui_state *st, int color, char *buf, size_t len);

#endif
