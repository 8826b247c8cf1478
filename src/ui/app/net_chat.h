/*
 * net_chat.h - the network game's chat field in the panel, from the
 * keyboard and the mouse (net_chat.c).
 */
#ifndef RB_UI_NET_CHAT_H
#define RB_UI_NET_CHAT_H

#include "state/cmd.h"
#include "state/window.h"

/* Whether the chat field is there: a network game is on with both in. */
bool rb_ui_net_chat_open(const rb_ui_state *st);
/* An event for the chat field, before the board, the screens and the
 * window's keys see it: *used when it was the field's. */
rb_ui_cmd rb_ui_net_chat_event(rb_app *app, const SDL_Event *ev, bool *used);
/* A line sent (or refused) by the peer: the field emptied for the next,
 * or the refusal said in the player's words. */
void rb_ui_net_chat_sent(rb_app *app, int rc, const char *err);

#endif
