/*
 * online.h - playing on a server in the window: the lobby's connection
 * (net/lobby.h) owned by the app, what it reports copied into the state for
 * the "Play online" dialog (state/online_state.h), and the game it finds
 * handed to net_play.c, which plays it as a joiner's game of direct play.
 *
 * The dialog's requests come as RB_UI_CMD_ONLINE; the loop polls the
 * connection each round (rb_ui_online_tick). The last server's address,
 * the name and the session the server gave are remembered in the
 * player's folder (online.txt); the password never is.
 */
#ifndef RB_UI_ONLINE_H
#define RB_UI_ONLINE_H

#include "state/cmd.h"
#include "state/window.h"

/* The address the sign-in view starts with: a name that points nowhere
 * public, to be replaced by a real server's (the view says so). */
#define RB_UI_ONLINE_DEFAULT_ADDRESS "rollerball.example:47474"

/* Fills the dialog's fields from what was remembered and shows the lobby
 * when it is still signed in: called as the dialog opens. */
void rb_ui_online_opened(rb_app *app);
/* One round of the connection. Returns the ms until the next
 * (RB_UI_PACE_NEVER when no lobby is open). */
Uint32 rb_ui_online_tick(rb_app *app);
/* The dialog's requests. */
int rb_ui_online_apply(rb_app *app, const rb_ui_cmd *cmd);
/* Closes the connection (at the window's end). */
void rb_ui_online_close(rb_app *app);

#endif
