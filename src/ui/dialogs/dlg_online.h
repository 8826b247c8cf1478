/*
 * dlg_online.h - the "Play online" dialog: its sign-in view (the server's
 * address, the name, the password; log in, register or come as a guest,
 * with what went wrong under the field it is about) and, once signed in,
 * its lobby view (the seeks, live; accepting one; a seek of one's own;
 * a challenge by name, and the question when one comes).
 *
 * Drawn from const state (state.online, copied from the connection by
 * app/online.c); every request leaves as RB_UI_CMD_ONLINE.
 */
#ifndef RB_UI_DLG_ONLINE_H
#define RB_UI_DLG_ONLINE_H

#include "dialogs/dlg.h"
#include "kit/textedit.h"

void rb_ui_dlg_online_draw(rb_app *app, const rb_ui_state *st);
rb_ui_cmd rb_ui_dlg_online_click(rb_ui_state *st, int id, int clicks);
/* Keys for the focused text field (and Enter, Escape): *used when taken. */
rb_ui_cmd rb_ui_dlg_online_key(rb_app *app, SDL_Keycode key, Uint16 mod, bool *used);
void rb_ui_dlg_online_text(rb_ui_state *st, const char *text);
/* The focused text field's editing state; false when the focus is on none. */
bool rb_ui_dlg_online_edit(rb_ui_state *st, rb_ui_edit *e);

#endif
