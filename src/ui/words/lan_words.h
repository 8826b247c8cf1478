/*
 * lan_words.h - the games on the local network and knocking, in the
 * player's words.
 *
 * The network library speaks English for logs (rb_net_lan_state_text, the
 * reasons of a goodbye); the window says the same things translated, from
 * the state and the goodbye's code rather than from the English, so a
 * translation never depends on the wording of a log. Names and addresses
 * from the network arrive cleaned (rb_net_lan.h) and are only filled into
 * a placeholder, never used as a template.
 */
#ifndef RB_UI_LAN_WORDS_H
#define RB_UI_LAN_WORDS_H

#include <stddef.h>

#include "rb_net_lan.h"

/* One sentence for the list's state, to show above or instead of it. */
const char *rb_ui_lan_words_state(rb_net_lan_state state);

/* A game of the list as a row: "Alice — 192.168.1.20:47474". */
size_t rb_ui_lan_words_game(const rb_net_lan_game *game, char *buf, size_t len);

/* The host's question: "Bob (192.168.1.31) asks to join your game." (the
 * address left out when not known), and its two answers. */
size_t rb_ui_lan_words_knock(const char *name, const char *addr, char *buf, size_t len);
const char *rb_ui_lan_words_let_in(void);
const char *rb_ui_lan_words_turn_away(void);

/* The joiner's wait: "Waiting for Alice to let you in…" (name may be
 * NULL or empty: "Waiting for the host to let you in…"). */
size_t rb_ui_lan_words_waiting(const char *host_name, char *buf, size_t len);

/* Why a knock did not get in, from the goodbye's code ("refused",
 * "unanswered", "busy", "token"); NULL for any other code, which the
 * window words as it words every goodbye. */
const char *rb_ui_lan_words_refusal(const char *code);

#endif
