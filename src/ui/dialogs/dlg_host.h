/*
 * dlg_host.h - the host's waiting view: from Start until the friend is in,
 * the invite code to read out or copy, where this computer listens,
 * whether the game is announced on the local network, and the question of
 * one who knocks without the code. A dialog like the others: drawn from
 * const state (st->net and its hosting part), its clicks and keys turned
 * into commands that app/net_host.c carries out.
 */
#ifndef RB_UI_DLG_HOST_H
#define RB_UI_DLG_HOST_H

#include "dialogs/dlg.h"

void rb_ui_dlg_host_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_host_click(rb_ui_state *st, int id);
/* Ctrl+C copies the code; Escape turns a knock away, or else stops
 * hosting. *used false for a key the view leaves to the dialogs' own. */
rb_ui_cmd rb_ui_dlg_host_key(rb_ui_state *st, SDL_Keycode key, Uint16 mod, bool *used);

/* The view's sentences, also for the spoken mode and the tests: the line
 * naming address i ("192.168.1.20 — on your local network"), the local
 * network's announcement, and the question of a knock. Return the length. */
size_t rb_ui_dlg_host_address_text(const rb_ui_state *st, int i, char *buf, size_t len);
const char *rb_ui_dlg_host_lan_text(const rb_ui_state *st);
size_t rb_ui_dlg_host_knock_text(const rb_ui_state *st, char *buf, size_t len);

#endif
