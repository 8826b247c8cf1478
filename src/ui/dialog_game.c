/*
 * dialog_game.c - the dialogs about games: who plays a new game, saving the
 * game under a name, and opening a saved one.
 *
 * A failed save or load shows its message inside the dialog and leaves the
 * dialog open, so the player can correct the name or pick another file;
 * the game on the board is never touched by a failure.
 */
#define _POSIX_C_SOURCE 200809L

#include "dialog_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "prefs.h"
#include "rb_engine.h"
#include "text.h"
#include "widgets.h"

static const char *const dlg_colour[2] = { "White", "Black" };

/* ---- new game ---------------------------------------------------------- */

void rb_ui_dlg_new_open(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    const rb_ui_player *p = app->state.players;
    bool human[2] = { p[0].kind == RB_UI_HUMAN, p[1].kind == RB_UI_HUMAN };
    if (human[0] && human[1])
        d->mode = DLG_TWO_PLAYERS;
    else if (!human[0] && !human[1])
        d->mode = DLG_COMPUTERS;
    else
        d->mode = DLG_VS_COMPUTER;
    d->side = human[1] && !human[0] ? RB_BLACK : RB_WHITE;
    d->level[0] = p[0].level;
    d->level[1] = p[1].level;
    if (d->mode == DLG_VS_COMPUTER) {
        /* One level for "the computer", whichever colour it had. */
        int lv = p[d->side ^ 1].level;
        d->level[0] = d->level[1] = lv;
    }
}

/* A labelled row of n choices with ids base+first..; returns the y below. */
static int dlg_choice_row(rb_app *app, SDL_Rect box, int y, const char *label, const char *const *names,
                          int n, int first, int base, int chosen)
{
    struct rb_ui_dialog *d = app->dialog;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int lh = rb_ui_text_line_height(app, px);
    rb_ui_text_draw(app, label, px, true, app->theme->text, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
    y += lh + px / 4;
    int h = px * 2, gap = px / 4 > 1 ? px / 4 : 1;
    int w = (box.w - 2 * pad - (n - 1) * gap) / n;
    for (int i = 0; i < n; i++) {
        SDL_Rect r = { box.x + pad + i * (w + gap), y, w, h };
        rb_ui_widget_choice(app, r, names[i], px, first + i == chosen, rb_ui_dlg_hover(d, r));
        rb_ui_dlg_hit(d, r, base + first + i);
    }
    return y + h + pad * 3 / 4;
}

static const char *const dlg_levels[RB_LEVEL_MAX] = { "1", "2", "3", "4", "5", "6", "7", "8", "9", "10" };

void rb_ui_dlg_new_draw(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int lh = rb_ui_text_line_height(app, px);
    int row = lh + px / 4 + px * 2 + pad * 3 / 4;
    int rows = d->mode == DLG_TWO_PLAYERS ? 1 : 3;
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + rows * row + lh * 2 + pad +
            rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, px * 32, h);
    int y = rb_ui_dlg_title(app, box, "New game");

    static const char *const modes[3] = { "Play the computer", "Two players", "Computer vs computer" };
    y = dlg_choice_row(app, box, y, "Opponent", modes, 3, 0, DLG_MODE, (int)d->mode);
    const char *note = NULL;
    if (d->mode == DLG_VS_COMPUTER) {
        static const char *const sides[3] = { "White", "Black", "Random" };
        y = dlg_choice_row(app, box, y, "You play", sides, 3, 0, DLG_SIDE, d->side);
        y = dlg_choice_row(app, box, y, "Computer level (1 easiest, 10 strongest)", dlg_levels, RB_LEVEL_MAX,
                           1, DLG_LEVEL_W - 1, d->level[0]);
        note = "White moves first.";
    } else if (d->mode == DLG_COMPUTERS) {
        y = dlg_choice_row(app, box, y, "White's level", dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_W - 1, d->level[0]);
        y = dlg_choice_row(app, box, y, "Black's level", dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_B - 1, d->level[1]);
        note = "Browse back with \u2190 to pause them; End lets them play on.";
    } else {
        note = "Two players take turns at this screen.";
    }
    rb_ui_text_draw_wrapped(app, note, px * 7 / 8, false, app->theme->text_dim, box.x + pad, y, box.w - 2 * pad);

    int bh = rb_ui_dlg_button_h(app);
    SDL_Rect ok = { box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh };
    rb_ui_dlg_button(app, ok, "Start", DLG_OK, true, true);
    rb_ui_dlg_button(app, (SDL_Rect){ ok.x - pad / 2 - px * 7, ok.y, px * 7, bh }, "Cancel", DLG_CANCEL, true, false);
}

static void dlg_new_start(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    rb_ui_player players[2] = { app->state.players[0], app->state.players[1] };
    int human_side = -1;
    switch (d->mode) {
    case DLG_VS_COMPUTER:
        human_side = d->side == 2 ? (int)(SDL_GetPerformanceCounter() & 1) : d->side;
        players[human_side] = (rb_ui_player){ RB_UI_HUMAN, d->level[0] };
        players[human_side ^ 1] = (rb_ui_player){ RB_UI_COMPUTER, d->level[0] };
        break;
    case DLG_TWO_PLAYERS:
        players[0] = (rb_ui_player){ RB_UI_HUMAN, d->level[0] };
        players[1] = (rb_ui_player){ RB_UI_HUMAN, d->level[1] };
        break;
    case DLG_COMPUTERS:
        players[0] = (rb_ui_player){ RB_UI_COMPUTER, d->level[0] };
        players[1] = (rb_ui_player){ RB_UI_COMPUTER, d->level[1] };
        break;
    }
    rb_pos start;
    rb_pos_start(&start);
    rb_game g;
    if (rb_game_init(&g, &start) != 0) {
        rb_ui_app_message(app, true, "Out of memory starting a new game.");
        return;
    }
    rb_ui_dlg_close(app);
    app->state.players[0] = players[0];
    app->state.players[1] = players[1];
    if (human_side >= 0 && app->state.settings.auto_flip)
        app->state.flipped = human_side == RB_BLACK;
    else if (human_side < 0)
        app->state.flipped = false;
    rb_ui_app_set_game(app, &g);
    if (human_side >= 0)
        rb_ui_app_message(app, false, "New game: you play %s against the computer (level %d).",
                          dlg_colour[human_side], d->level[0]);
    else
        rb_ui_app_message(app, false, "New game.");
    char err[512];
    if (app->player_files && rb_ui_prefs_save(app, err, sizeof err) != 0)
        rb_ui_app_message(app, true, "%s", err);
}

void rb_ui_dlg_new_click(rb_app *app, int id)
{
    struct rb_ui_dialog *d = app->dialog;
    if (id == DLG_OK)
        dlg_new_start(app);
    else if (id == DLG_CANCEL)
        rb_ui_dlg_close(app);
    else if (id >= DLG_MODE && id < DLG_MODE + 3)
        d->mode = (dlg_mode)(id - DLG_MODE);
    else if (id >= DLG_SIDE && id < DLG_SIDE + 3)
        d->side = id - DLG_SIDE;
    else if (id >= DLG_LEVEL_W + RB_LEVEL_MIN - 1 && id < DLG_LEVEL_W + RB_LEVEL_MAX)
        d->level[0] = id - DLG_LEVEL_W + 1;
    else if (id >= DLG_LEVEL_B + RB_LEVEL_MIN - 1 && id < DLG_LEVEL_B + RB_LEVEL_MAX)
        d->level[1] = id - DLG_LEVEL_B + 1;
    app->dirty = true;
}

void rb_ui_dlg_new_key(rb_app *app, SDL_Keycode key)
{
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER)
        dlg_new_start(app);
    else if (key == SDLK_ESCAPE)
        rb_ui_dlg_close(app);
}

/* ---- save -------------------------------------------------------------- */

void rb_ui_dlg_save_open(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    rb_ui_games_suggest_name(d->name, sizeof d->name);
    d->error[0] = '\0';
    SDL_StartTextInput();
}

void rb_ui_dlg_save_draw(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int w = px * 32;
    char dir[RB_UI_PATH_MAX], where[RB_UI_PATH_MAX + 64], err[256];
    if (rb_ui_games_dir(app, dir, sizeof dir, err, sizeof err) != 0)
        snprintf(where, sizeof where, "%s", err);
    else if (rb_ui_games_exists(app, d->name))
        snprintf(where, sizeof where, "A game of this name is already in %s: saving replaces it.", dir);
    else
        snprintf(where, sizeof where, "Saved games go to %s", dir);
    int inner = (w < app->layout.out_w - pad ? w : app->layout.out_w - pad) - 2 * pad;
    int small = px * 7 / 8;
    int where_h = rb_ui_text_wrapped_height(app, where, small, false, inner);
    int err_h = d->error[0] ? rb_ui_text_wrapped_height(app, d->error, px, false, inner) + pad / 2 : 0;
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + rb_ui_text_line_height(app, px) +
            px * 2 + pad / 2 + where_h + pad / 2 + err_h + pad + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, "Save game");
    int lh = rb_ui_text_line_height(app, px);
    rb_ui_text_draw(app, "Name", px, true, app->theme->text, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
    y += lh;
    SDL_Rect field = { box.x + pad, y, box.w - 2 * pad, px * 2 };
    rb_ui_widget_field(app, field, d->name, px, true);
    y += px * 2 + pad / 2;
    y += rb_ui_text_draw_wrapped(app, where, small, false, app->theme->text_dim, box.x + pad, y, box.w - 2 * pad);
    y += pad / 2;
    if (d->error[0]) {
        SDL_Color ink = app->theme->check_glow;
        ink.a = 255;
        rb_ui_text_draw_wrapped(app, d->error, px, false, ink, box.x + pad, y, box.w - 2 * pad);
    }
    int bh = rb_ui_dlg_button_h(app);
    SDL_Rect ok = { box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh };
    rb_ui_dlg_button(app, ok, "Save", DLG_OK, d->name[0] != '\0', true);
    rb_ui_dlg_button(app, (SDL_Rect){ ok.x - pad / 2 - px * 7, ok.y, px * 7, bh }, "Cancel", DLG_CANCEL, true, false);
}

static void dlg_save_now(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    if (rb_ui_games_save(app, d->name, d->error, sizeof d->error) != 0)
        return; /* the message shows in the dialog */
    char name[sizeof d->name];
    snprintf(name, sizeof name, "%s", d->name);
    rb_ui_dlg_close(app);
    rb_ui_app_message(app, false, "Saved \"%s\".", name);
}

void rb_ui_dlg_save_click(rb_app *app, int id)
{
    if (id == DLG_OK)
        dlg_save_now(app);
    else if (id == DLG_CANCEL)
        rb_ui_dlg_close(app);
}

void rb_ui_dlg_save_key(rb_app *app, SDL_Keycode key)
{
    struct rb_ui_dialog *d = app->dialog;
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        dlg_save_now(app);
    } else if (key == SDLK_ESCAPE) {
        rb_ui_dlg_close(app);
    } else if (key == SDLK_BACKSPACE) {
        /* Remove one whole UTF-8 character. */
        size_t n = strlen(d->name);
        while (n > 0 && ((unsigned char)d->name[n - 1] & 0xC0) == 0x80)
            n--;
        if (n > 0)
            n--;
        d->name[n] = '\0';
        d->error[0] = '\0';
    }
}

void rb_ui_dlg_save_text(rb_app *app, const char *text)
{
    struct rb_ui_dialog *d = app->dialog;
    size_t n = strlen(d->name), add = strlen(text);
    if (n + add < sizeof d->name - 8) {
        memcpy(d->name + n, text, add + 1);
        d->error[0] = '\0';
    }
}

/* ---- load -------------------------------------------------------------- */

void rb_ui_dlg_load_open(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    free(d->entries);
    d->entries = NULL;
    d->nentries = 0;
    d->selected = -1;
    d->scroll = 0;
    d->error[0] = '\0';
    int n = rb_ui_games_list(app, &d->entries, d->error, sizeof d->error);
    d->nentries = n > 0 ? n : 0;
    if (d->nentries > 0)
        d->selected = 0;
}

void rb_ui_dlg_load_draw(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    const rb_ui_theme *t = app->theme;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app), small = px * 7 / 8;
    int row_h = rb_ui_text_line_height(app, px) + px / 2;
    int w = px * 34;
    int inner = (w < app->layout.out_w - pad ? w : app->layout.out_w - pad) - 2 * pad;
    const char *hint = "You can also drop a .pgn file on the window, or name one on the command line.";
    int hint_h = rb_ui_text_wrapped_height(app, hint, small, false, inner);
    int err_h = d->error[0] ? rb_ui_text_wrapped_height(app, d->error, px, false, inner) + pad / 2 : 0;
    int fixed = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + pad / 2 + hint_h + pad / 2 + err_h +
                pad + rb_ui_dlg_button_h(app) + pad;
    int want_rows = d->nentries < 3 ? 3 : d->nentries > 12 ? 12 : d->nentries;
    SDL_Rect box = rb_ui_dlg_frame(app, w, fixed + want_rows * row_h);
    int y = rb_ui_dlg_title(app, box, "Open a saved game");

    int list_h = box.h - fixed;
    if (list_h < row_h)
        list_h = row_h;
    SDL_Rect list = { box.x + pad, y, box.w - 2 * pad, list_h };
    rb_ui_draw_rect(app->renderer, list, rb_ui_mix(t->panel_bg, t->background, 0.5f));
    d->rows_visible = list.h / row_h > 0 ? list.h / row_h : 1;
    if (d->scroll > d->nentries - d->rows_visible)
        d->scroll = d->nentries - d->rows_visible;
    if (d->scroll < 0)
        d->scroll = 0;
    if (d->nentries == 0) {
        rb_ui_text_draw(app, "No saved games yet.", px, false, t->text_dim, list.x + px / 2,
                        list.y + row_h / 2, RB_UI_ALIGN_LEFT);
    }
    SDL_RenderSetClipRect(app->renderer, &list);
    for (int i = d->scroll; i < d->nentries && i < d->scroll + d->rows_visible; i++) {
        SDL_Rect r = { list.x, list.y + (i - d->scroll) * row_h, list.w, row_h };
        bool sel = i == d->selected;
        if (sel) {
            SDL_Color hl = t->path;
            hl.a = 255;
            rb_ui_draw_rect(app->renderer, r, hl);
        } else if (rb_ui_dlg_hover(d, r)) {
            rb_ui_draw_rect(app->renderer, r, rb_ui_mix(t->panel_bg, t->text, 0.15f));
        }
        SDL_Color ink = sel ? (SDL_Color){ 255, 255, 255, 255 } : t->text;
        char name[256], when[64] = "";
        snprintf(name, sizeof name, "%s", d->entries[i].name);
        size_t n = strlen(name);
        if (n > 4)
            name[n - 4] = '\0'; /* the ".pgn" every entry has */
        struct tm tm;
        if (localtime_r(&d->entries[i].modified, &tm))
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
        int ww = rb_ui_text_width(app, when, small, false);
        rb_ui_text_draw(app, when, small, false, sel ? ink : t->text_dim, r.x + r.w - px / 2, r.y + row_h / 2,
                        RB_UI_ALIGN_RIGHT);
        SDL_Rect clip = { r.x, r.y, r.w - ww - px, r.h };
        SDL_Rect both;
        if (SDL_IntersectRect(&clip, &list, &both))
            SDL_RenderSetClipRect(app->renderer, &both);
        rb_ui_text_draw(app, name, px, sel, ink, r.x + px / 2, r.y + row_h / 2, RB_UI_ALIGN_LEFT);
        SDL_RenderSetClipRect(app->renderer, &list);
        rb_ui_dlg_hit(d, r, DLG_ENTRY + i);
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
    SDL_Rect ok = { box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh };
    rb_ui_dlg_button(app, ok, "Open", DLG_OK, d->selected >= 0, true);
    rb_ui_dlg_button(app, (SDL_Rect){ ok.x - pad / 2 - px * 7, ok.y, px * 7, bh }, "Cancel", DLG_CANCEL, true, false);
}

static void dlg_load_now(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    if (d->selected < 0 || d->selected >= d->nentries)
        return;
    char dir[RB_UI_PATH_MAX], path[RB_UI_PATH_MAX + 256];
    if (rb_ui_games_dir(app, dir, sizeof dir, d->error, sizeof d->error) != 0)
        return;
    snprintf(path, sizeof path, "%s%s", dir, d->entries[d->selected].name);
    if (rb_ui_games_load_file(app, path, d->error, sizeof d->error) != 0)
        return; /* the message shows in the dialog; the game is unchanged */
    char name[256];
    snprintf(name, sizeof name, "%s", d->entries[d->selected].name);
    rb_ui_dlg_close(app);
    rb_ui_app_message(app, false, "Opened \"%s\".", name);
}

void rb_ui_dlg_load_click(rb_app *app, int id, int clicks)
{
    struct rb_ui_dialog *d = app->dialog;
    if (id == DLG_OK) {
        dlg_load_now(app);
    } else if (id == DLG_CANCEL) {
        rb_ui_dlg_close(app);
    } else if (id >= DLG_ENTRY && id < DLG_ENTRY + d->nentries) {
        d->selected = id - DLG_ENTRY;
        d->error[0] = '\0';
        if (clicks >= 2)
            dlg_load_now(app);
    }
}

void rb_ui_dlg_load_key(rb_app *app, SDL_Keycode key)
{
    struct rb_ui_dialog *d = app->dialog;
    switch (key) {
    case SDLK_RETURN:
    case SDLK_KP_ENTER: dlg_load_now(app); return;
    case SDLK_ESCAPE: rb_ui_dlg_close(app); return;
    case SDLK_UP: if (d->selected > 0) d->selected--; break;
    case SDLK_DOWN: if (d->selected + 1 < d->nentries) d->selected++; break;
    default: return;
    }
    if (d->selected < d->scroll)
        d->scroll = d->selected;
    if (d->selected >= d->scroll + d->rows_visible)
        d->scroll = d->selected - d->rows_visible + 1;
}

void rb_ui_dlg_load_wheel(rb_app *app, int dy)
{
    app->dialog->scroll -= dy;
    app->dirty = true;
}
