/*
 * dlg_load.c - the load dialog: the saved games of the games folder, one
 * to open.
 *
 * A failed load shows its message inside the dialog and leaves it open, so
 * the player can pick another file; the game on the board is never
 * touched by a failure. Loading is a command (apply.c); the dialog only
 * gathers the choice.
 */
#define _POSIX_C_SOURCE 200809L

#include "dialogs/dlg_load.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files/games.h"
#include "kit/draw.h"
#include "kit/text.h"
#include "kit/widget.h"

void rb_ui_dlg_load_open(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    free(d->entries);
    d->entries = NULL;
    d->nentries = 0;
    d->selected = -1;
    d->scroll = 0;
    d->error[0] = '\0';
    int n = rb_ui_games_list(app, &d->entries, d->error, sizeof d->error);
    d->nentries = n > 0 ? n : 0;
    if (d->nentries > 0) {
        d->selected = 0;
    }
}

/* Entry i's name as the list shows it, without the ".pgn" every entry has,
 * and its date. */
static void dlg_load_row_parts(const rb_ui_dialog_state *d, int i, char *name, size_t namelen, char *when,
                               size_t whenlen)
{
    snprintf(name, namelen, "%s", d->entries[i].name);
    size_t n = strlen(name);
    if (n > 4) {
        name[n - 4] = '\0';
    }
    when[0] = '\0';
    struct tm tm;
    if (localtime_r(&d->entries[i].modified, &tm)) {
        strftime(when, whenlen, "%Y-%m-%d %H:%M", &tm);
    }
}

size_t rb_ui_dlg_load_row_words(const rb_ui_dialog_state *d, char *out, size_t len)
{
    int n;
    if (d->nentries == 0) {
        n = snprintf(out, len, "%s", _("No saved games yet."));
    } else if (d->selected < 0 || d->selected >= d->nentries) {
        n = snprintf(out, len, "%s", "");
    } else {
        char name[256], when[64];
        dlg_load_row_parts(d, d->selected, name, sizeof name, when, sizeof when);
        /* TRANSLATORS: the spoken mode: a row of the saved games list: the game's name, when it was saved, and
           which row of how many it is */
        n = snprintf(out, len, _("%s, saved %s, %d of %d"), name, when, d->selected + 1, d->nentries);
    }
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

/* The first row shown: the state's scroll, kept inside the list. */
static int dlg_load_first_row(const rb_ui_dialog_state *d, int rows_visible)
{
    int scroll = d->scroll;
    if (scroll > d->nentries - rows_visible) {
        scroll = d->nentries - rows_visible;
    }
    return scroll < 0 ? 0 : scroll;
}

void rb_ui_dlg_load_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_dialog_state *d = &st->dialog;
    const rb_ui_theme *t = app->theme;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app), small = px * 7 / 8;
    int row_h = rb_ui_text_line_height(app, px) + px / 2;
    int w = px * 34;
    int inner = (w < app->layout.out_w - pad ? w : app->layout.out_w - pad) - 2 * pad;
    const char *hint = _("You can also drop a .pgn file on the window, or name one on the command line.");
    int hint_h = rb_ui_text_wrapped_height(app, hint, small, false, inner);
    int err_h = d->error[0] ? rb_ui_text_wrapped_height(app, d->error, px, false, inner) + pad / 2 : 0;
    int fixed = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + pad / 2 + hint_h + pad / 2 + err_h + pad +
                rb_ui_dlg_button_h(app) + pad;
    int want_rows = d->nentries < 3 ? 3 : d->nentries > 12 ? 12 : d->nentries;
    SDL_Rect box = rb_ui_dlg_frame(app, w, fixed + want_rows * row_h);
    int y = rb_ui_dlg_title(app, box, _("Open a saved game"));

    int list_h = box.h - fixed;
    if (list_h < row_h) {
        list_h = row_h;
    }
    SDL_Rect list = {box.x + pad, y, box.w - 2 * pad, list_h};
    rb_ui_draw_rect(app->renderer, list, rb_ui_widget_mix(t->panel_bg, t->background, 0.5f));
    rb_ui_dlg_hit(app, list, DLG_LIST); /* the rows, drawn later, win clicks */
    int rows_visible = list.h / row_h > 0 ? list.h / row_h : 1;
    app->dialog->rows_visible = rows_visible;
    int scroll = dlg_load_first_row(d, rows_visible);
    if (d->nentries == 0) {
        rb_ui_text_draw(app, _("No saved games yet."), px, false, t->text_dim, list.x + px / 2, list.y + row_h / 2,
                        RB_UI_ALIGN_LEFT);
    }
    SDL_RenderSetClipRect(app->renderer, &list);
    for (int i = scroll; i < d->nentries && i < scroll + rows_visible; i++) {
        SDL_Rect r = {list.x, list.y + (i - scroll) * row_h, list.w, row_h};
        bool sel = i == d->selected;
        if (sel) {
            SDL_Color hl = t->path;
            hl.a = 255;
            rb_ui_draw_rect(app->renderer, r, hl);
        } else if (rb_ui_dlg_hover(app, r)) {
            rb_ui_draw_rect(app->renderer, r, rb_ui_widget_mix(t->panel_bg, t->text, 0.15f));
        }
        SDL_Color ink = sel ? (SDL_Color){255, 255, 255, 255} : t->text;
        char name[256], when[64];
        dlg_load_row_parts(d, i, name, sizeof name, when, sizeof when);
        int ww = rb_ui_text_width(app, when, small, false);
        rb_ui_text_draw(app, when, small, false, sel ? ink : t->text_dim, r.x + r.w - px / 2, r.y + row_h / 2,
                        RB_UI_ALIGN_RIGHT);
        /* A name too long for its room ends in an ellipsis, cut between
         * characters. */
        char shown[sizeof name + 4];
        rb_ui_text_elide(app, name, px, sel, r.w - ww - px - px / 2, shown, sizeof shown);
        rb_ui_text_draw(app, shown, px, sel, ink, r.x + px / 2, r.y + row_h / 2, RB_UI_ALIGN_LEFT);
        rb_ui_dlg_hit(app, r, DLG_ENTRY + i);
    }
    SDL_RenderSetClipRect(app->renderer, NULL);
    y = list.y + list.h + pad / 2;
    y += rb_ui_text_draw_wrapped(app, hint, small, false, t->text_dim, box.x + pad, y, box.w - 2 * pad);
    y += pad / 2;
    if (d->error[0]) {
        SDL_Color ink = t->check_glow;
        ink.a = 255;
        rb_ui_text_draw_wrapped(app, d->error, px, false, ink, box.x + pad, y, box.w - 2 * pad);
    }
    int bh = rb_ui_dlg_button_h(app);
    SDL_Rect ok = {box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh};
    rb_ui_dlg_button(app, ok, _("Open"), DLG_OK, d->selected >= 0, true);
    rb_ui_dlg_button(app, (SDL_Rect){ok.x - pad / 2 - px * 7, ok.y, px * 7, bh}, _("Cancel"), DLG_CANCEL, true, false);
}

static rb_ui_cmd dlg_load_now(const rb_ui_state *st)
{
    const rb_ui_dialog_state *d = &st->dialog;
    if (d->selected < 0 || d->selected >= d->nentries) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_LOAD);
    cmd.load.path = d->entries[d->selected].name;
    cmd.load.in_dialog = true;
    return cmd;
}

rb_ui_cmd rb_ui_dlg_load_click(rb_ui_state *st, int id, int clicks)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (id == DLG_OK) {
        return dlg_load_now(st);
    }
    if (id == DLG_CANCEL) {
        rb_ui_dlg_close(st);
    } else if (id >= DLG_ENTRY && id < DLG_ENTRY + d->nentries) {
        d->selected = id - DLG_ENTRY;
        d->error[0] = '\0';
        if (clicks >= 2) {
            return dlg_load_now(st);
        }
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

rb_ui_cmd rb_ui_dlg_load_key(rb_app *app, SDL_Keycode key)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    int rows = app->dialog->rows_visible > 0 ? app->dialog->rows_visible : 1;
    switch (key) {
    case SDLK_ESCAPE: rb_ui_dlg_close(&app->state); return rb_ui_cmd_of(RB_UI_CMD_NONE);
    case SDLK_UP:
        if (d->selected > 0) {
            d->selected--;
        }
        break;
    case SDLK_DOWN:
        if (d->selected + 1 < d->nentries) {
            d->selected++;
        }
        break;
    default: return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    d->scroll = dlg_load_first_row(d, rows);
    if (d->selected < d->scroll) {
        d->scroll = d->selected;
    }
    if (d->selected >= d->scroll + rows) {
        d->scroll = d->selected - rows + 1;
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

void rb_ui_dlg_load_wheel(rb_app *app, int dy)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    int rows = app->dialog->rows_visible > 0 ? app->dialog->rows_visible : 1;
    d->scroll = dlg_load_first_row(d, rows) - dy;
    d->scroll = dlg_load_first_row(d, rows);
}
