/*
 * net_join.h - joining a network game from the New game dialog's Join
 * view: the games the local network announces, listed while the view is
 * open, and the connection made before the dialog closes (net_join.c).
 */
#ifndef RB_UI_NET_JOIN_H
#define RB_UI_NET_JOIN_H

#include "state/window.h"

/* Join pressed (or a game of the list picked): the connection starts and
 * the dialog stays, saying "Connecting..." with a Cancel. 0, or -1 with
 * the reason under the field. */
int rb_ui_net_join_begin(rb_app *app, const char *code);
/* Cancel while connecting or waiting to be let in: the attempt is given
 * up and the view is as it was before Join. */
void rb_ui_net_join_cancel(rb_app *app);
/* One round: the browse opened or closed with the Join view, its list
 * copied into the view, the attempt followed (the dialog closes when the
 * game starts; a failure is said in the view). Returns the ms until the
 * next round is wanted (RB_UI_PACE_NEVER when nothing is to follow). */
Uint32 rb_ui_net_join_tick(rb_app *app);
/* Closes the browse (the window closes). */
void rb_ui_net_join_close(rb_app *app);

#endif
