/*
 * panel.h - the side panel: whose turn, the game's status, the move list
 * and browsing through earlier positions.
 *
 * The app calls these; the panel keeps its state behind app->panel.
 */
#ifndef RB_UI_PANEL_H
#define RB_UI_PANEL_H

#include "app.h"

/* Returns 0, or -1 with a message in err. */
int rb_ui_panel_init(rb_app *app, char *err, size_t errlen);
void rb_ui_panel_free(rb_app *app);
/* Draws the panel into rect (output pixels). */
void rb_ui_panel_draw(rb_app *app, SDL_Rect rect);
/* Offers an event (mouse coordinates already in output pixels); returns
 * true when the panel used it and the board must not see it. */
bool rb_ui_panel_event(rb_app *app, const SDL_Event *ev);
/* The game changed (move played, undo, new game): scroll, drop caches. */
void rb_ui_panel_game_changed(rb_app *app);
/* True while the panel shows an earlier position than the game's end; the
 * board then shows rb_ui_app_pos() (which follows game.ply) read-only. */
bool rb_ui_panel_browsing(const rb_app *app);
/* Where the move list showed the move leading to position ply (1..length)
 * on the last draw; false when it was not in view. */
bool rb_ui_panel_move_rect(const rb_app *app, size_t ply, SDL_Rect *r);
/* Where the last draw put the button with this label; false when it was
 * not shown. */
bool rb_ui_panel_button_rect(const rb_app *app, const char *label, SDL_Rect *r);
/* Browsing: -2 the start, -1 one move back, 1 one forward, 2 the end. */
void rb_ui_panel_browse(rb_app *app, int delta_or_end);
/* The game's state in words ("Checkmate. White wins.", "Black is in
 * check."), empty when there is nothing to say. Returns the length. */
size_t rb_ui_panel_status_text(const rb_app *app, char *buf, size_t len);
/* Who plays a colour as the panel names them: "Computer, level 4", the
 * name in a loaded game's White/Black tag, or "You"/"Player". */
void rb_ui_panel_player_text(const rb_app *app, int color, char *buf, size_t len);

#endif
