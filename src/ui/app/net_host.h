/*
 * net_host.h - hosting a network game in the window, until the friend is
 * in: the waiting view (dialogs/dlg_host.h) and what stands behind it.
 *
 * When hosting starts the game on the board is set aside, whole, and the
 * waiting view opens: it shows the invite code and where this computer
 * listens, the game is announced on the local network where Avahi runs,
 * and one who knocks without the code is asked about, answered by the
 * person. Stopping before a friend joins puts the game set aside back as
 * it was; a friend who joins is named, and the game begins. net_play.c
 * calls in at the few moments hosting concerns; everything else of the
 * host's waiting is here, so the joiner's side stays apart.
 */
#ifndef RB_UI_NET_HOST_H
#define RB_UI_NET_HOST_H

#include "app/net_play.h"
#include "rb_net_peer.h"

/* How long "NAME has joined" stays before the board, ms. */
#define RB_UI_NET_JOINED_MS 1500

/* The link hosts and the window's net state is fresh (before the board is
 * replaced): the game on it set aside, the addresses and the local
 * network's announcement made, the waiting view opened. */
void rb_ui_net_host_begin(rb_app *app, const rb_ui_net_start *how, const char *name);
/* Hosting is over (the game began and went, or the link closed): the
 * announcement withdrawn, the game set aside forgotten. */
void rb_ui_net_host_end(rb_app *app);
/* An event of the host's waiting (a knock, its going, the start); false
 * when the event is not one of these. */
bool rb_ui_net_host_event(rb_app *app, const rb_net_event *ev);
/* Each round: the announcement's state into the view; the view closed
 * once the friend's name has been shown. */
void rb_ui_net_host_tick(rb_app *app);
/* Whether a hosted network game, asked from the new-game dialog, must
 * first ask before replacing the unfinished game on the board (then the
 * question is open, the command kept for its answer). */
bool rb_ui_net_host_ask_first(rb_app *app, const rb_ui_cmd *cmd);
/* The waiting view's commands: copy the code, answer a knock, stop. */
int rb_ui_net_host_apply(rb_app *app, const rb_ui_cmd *cmd);

#endif
