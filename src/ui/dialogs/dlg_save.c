/*
 * dlg_save.c - the save dialog: the game's name in the games folder.
 *
 * A failed save shows its message inside the dialog and leaves it open, so
 * the player can correct the name; the game on the board is never touched
 * by a failure. Saving is a command (apply.c); the dialog only gathers the
 * name. Its note on where the game goes is worked out when the dialog
 * opens and when the name changes, never while drawing.
 */
#define _POSIX_C_SOURCE 200809L

#include "dialogs/dlg_save.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files/games.h"
#include "kit/text.h"
#include "dialogs/dlg_field.h"
#include "kit/textedit.h"
#include "kit/widget.h"

/* Where a game saved under the name goes, or that it replaces one: asks
 * the disk (creating nothing: the folder is made by saving), so it runs
 * when the dialog opens and when the name changes, not every frame. */
static void dlg_save_where(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    char dir[RB_UI_PATH_MAX], err[256];
    if (rb_ui_games_folder(app, dir, sizeof dir, err, sizeof err) != 0) {
        snprintf(d->where, sizeof d->where, "%s", err);
    } else if (rb_ui_games_exists(app, d->name)) {
        /* TRANSLATORS: %s is a folder */
        snprintf(d->where, sizeof d->where, _("A game of this name is already in %s: saving replaces it."), dir);
    } else {
        /* TRANSLATORS: %s is a folder */
        snprintf(d->where, sizeof d->where, _("Saved games go to %s"), dir);
    }
}

void rb_ui_dlg_save_open(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    rb_ui_games_suggest_name(d->name, sizeof d->name);
    /* The suggestion is selected: typing replaces it, an arrow keeps it. */
    d->anchor = 0;
    d->caret = (int)strlen(d->name);
    d->error[0] = '\0';
    dlg_save_where(app);
    SDL_StartTextInput();
}

void rb_ui_dlg_save_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_dialog_state *d = &st->dialog;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int w = px * 32;
    const char *where = d->where;
    int inner = (w < app->layout.out_w - pad ? w : app->layout.out_w - pad) - 2 * pad;
    int small = px * 7 / 8;
    int where_h = rb_ui_text_wrapped_height(app, where, small, false, inner);
    int err_h = d->error[0] ? rb_ui_text_wrapped_height(app, d->error, px, false, inner) + pad / 2 : 0;
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + rb_ui_text_line_height(app, px) + px * 2 +
            pad / 2 + where_h + pad / 2 + err_h + pad + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, _("Save game"));
    int lh = rb_ui_text_line_height(app, px);
    rb_ui_text_draw(app, _("Name"), px, true, app->theme->text, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
    y += lh;
    SDL_Rect field = {box.x + pad, y, box.w - 2 * pad, px * 2};
    rb_ui_widget_edit(app, field, d->name, px, d->focus == DLG_FIELD, d->caret, d->anchor);
    rb_ui_dlg_hit(app, field, DLG_FIELD);
    y += px * 2 + pad / 2;
    y += rb_ui_text_draw_wrapped(app, where, small, false, app->theme->text_dim, box.x + pad, y, box.w - 2 * pad);
    y += pad / 2;
    if (d->error[0]) {
        SDL_Color ink = app->theme->check_glow;
        ink.a = 255;
        rb_ui_text_draw_wrapped(app, d->error, px, false, ink, box.x + pad, y, box.w - 2 * pad);
    }
    int bh = rb_ui_dlg_button_h(app);
    SDL_Rect ok = {box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh};
    rb_ui_dlg_button(app, ok, _("Save"), DLG_OK, d->name[0] != '\0', true);
    rb_ui_dlg_button(app, (SDL_Rect){ok.x - pad / 2 - px * 7, ok.y, px * 7, bh}, _("Cancel"), DLG_CANCEL, true, false);
}

static rb_ui_cmd dlg_save_now(const rb_ui_state *st)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_SAVE);
    cmd.save.name = st->dialog.name;
    cmd.save.in_dialog = true;
    return cmd;
}

rb_ui_cmd rb_ui_dlg_save_click(rb_ui_state *st, int id)
{
    if (id == DLG_OK) {
        return dlg_save_now(st);
    }
    if (id == DLG_CANCEL) {
        rb_ui_dlg_close(st);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

static rb_ui_edit dlg_save_edit(rb_ui_dialog_state *d)
{
    return (rb_ui_edit){d->name, sizeof d->name - 8, &d->caret, &d->anchor};
}

/* The name changed: the old error no longer applies, the note may. */
static void dlg_save_changed(rb_app *app)
{
    app->state.dialog.error[0] = '\0';
    dlg_save_where(app);
}

rb_ui_cmd rb_ui_dlg_save_key(rb_app *app, SDL_Keycode key, Uint16 mod, bool *used)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    *used = true;
    if (key == SDLK_ESCAPE) {
        rb_ui_dlg_close(&app->state);
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (d->focus != DLG_FIELD) {
        *used = false; /* the buttons' keys are the dialogs' own */
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        return dlg_save_now(&app->state);
    }
    bool changed;
    *used = rb_ui_dlg_field_key(app, dlg_save_edit(d), NULL, key, mod, &changed);
    if (changed) {
        dlg_save_changed(app);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

void rb_ui_dlg_save_text(rb_app *app, const char *text)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    if (d->focus == DLG_FIELD && rb_ui_textedit_insert(dlg_save_edit(d), text)) {
        dlg_save_changed(app);
    }
}
