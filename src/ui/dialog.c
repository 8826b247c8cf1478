/*
 * dialog.c - modal dialogs: the frame they share, event routing, and the
 * small ones (messages, yes/no questions, settings). The new-game, save and
 * load dialogs are in dialog_game.c, the help screen in dialog_help.c.
 *
 * While a dialog is open it gets every event: the board and the panel see
 * nothing, so a stray click cannot move a piece behind a question.
 */
#include "dialog_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "prefs.h"
#include "session.h"
#include "settings.h"
#include "text.h"
#include "widgets.h"

int rb_ui_dialog_init(rb_app *app, char *err, size_t errlen)
{
    struct rb_ui_dialog *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "Out of memory for the dialogs.");
        return -1;
    }
    d->pressed = DLG_NONE;
    d->selected = -1;
    d->mouse_x = d->mouse_y = -1;
    app->dialog = d;
    /* A game restored from the autosave is shown at once, with the choice
     * to carry on or start afresh. */
    if (rb_ui_prefs_resumed(app)) {
        char text[256];
        /* Counted as the move list numbers them: a move is White's and Black's. */
        size_t moves = (app->state.game.length + 1) / 2;
        snprintf(text, sizeof text,
                 "Your unfinished game (%zu move%s) is back on the board. Continue it, or start a new game?",
                 moves, moves == 1 ? "" : "s");
        rb_ui_dialog_ask(app, RB_UI_ASK_RESUME, "Welcome back", text, "Continue", "New game");
    }
    return 0;
}

void rb_ui_dialog_free(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    if (!d)
        return;
    free(d->entries);
    free(d);
    app->dialog = NULL;
}

bool rb_ui_dialog_active(const rb_app *app)
{
    return app->dialog && app->dialog->kind != RB_UI_DIALOG_NONE;
}

rb_ui_dialog_kind rb_ui_dialog_kind_open(const rb_app *app)
{
    return app->dialog ? app->dialog->kind : RB_UI_DIALOG_NONE;
}

void rb_ui_dlg_close(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    if (d->kind == RB_UI_DIALOG_SAVE)
        SDL_StopTextInput();
    d->kind = RB_UI_DIALOG_NONE;
    d->nhits = 0;
    d->pressed = DLG_NONE;
    app->dirty = true;
}

void rb_ui_dialog_open(rb_app *app, rb_ui_dialog_kind kind)
{
    struct rb_ui_dialog *d = app->dialog;
    if (!d)
        return;
    if (d->kind != RB_UI_DIALOG_NONE)
        rb_ui_dlg_close(app);
    d->kind = kind;
    d->nhits = 0;
    d->pressed = DLG_NONE;
    switch (kind) {
    case RB_UI_DIALOG_NEW_GAME: rb_ui_dlg_new_open(app); break;
    case RB_UI_DIALOG_SAVE: rb_ui_dlg_save_open(app); break;
    case RB_UI_DIALOG_LOAD: rb_ui_dlg_load_open(app); break;
    case RB_UI_DIALOG_HELP: d->page = 0; break;
    default: break;
    }
    app->dirty = true;
}

void rb_ui_dialog_message(rb_app *app, const char *title, const char *text)
{
    struct rb_ui_dialog *d = app->dialog;
    if (!d)
        return;
    rb_ui_dialog_open(app, RB_UI_DIALOG_MESSAGE);
    snprintf(d->title, sizeof d->title, "%s", title);
    snprintf(d->text, sizeof d->text, "%s", text);
    d->ask = 0;
}

void rb_ui_dialog_ask(rb_app *app, rb_ui_ask what, const char *title, const char *text,
                      const char *yes, const char *no)
{
    struct rb_ui_dialog *d = app->dialog;
    if (!d)
        return;
    rb_ui_dialog_message(app, title, text);
    d->ask = what;
    snprintf(d->yes, sizeof d->yes, "%s", yes);
    snprintf(d->no, sizeof d->no, "%s", no);
}

/* ---- the shared frame ------------------------------------------------- */

int rb_ui_dlg_pad(const rb_app *app)
{
    return rb_ui_widget_font_px(app);
}

int rb_ui_dlg_button_h(const rb_app *app)
{
    return rb_ui_widget_font_px(app) * 2;
}

SDL_Rect rb_ui_dlg_frame(rb_app *app, int w, int h)
{
    const rb_ui_theme *t = app->theme;
    int ow = app->layout.out_w, oh = app->layout.out_h;
    rb_ui_draw_rect(app->renderer, (SDL_Rect){ 0, 0, ow, oh }, (SDL_Color){ 0, 0, 0, 150 });
    int margin = rb_ui_dlg_pad(app) / 2;
    if (w > ow - 2 * margin)
        w = ow - 2 * margin;
    if (h > oh - 2 * margin)
        h = oh - 2 * margin;
    SDL_Rect box = { (ow - w) / 2, (oh - h) / 2, w, h };
    /* A soft shadow, then the box with a frame that stands out from the
     * dimmed board in both themes. */
    rb_ui_draw_rect(app->renderer, (SDL_Rect){ box.x + 4, box.y + 6, w, h }, (SDL_Color){ 0, 0, 0, 90 });
    rb_ui_draw_rect(app->renderer, box, t->panel_bg);
    rb_ui_draw_frame(app->renderer, box, 2, rb_ui_mix(t->panel_bg, t->text, 0.5f));
    app->dialog->px = rb_ui_widget_font_px(app);
    return box;
}

int rb_ui_dlg_title(rb_app *app, SDL_Rect box, const char *title)
{
    int px = rb_ui_widget_font_px(app);
    int pad = rb_ui_dlg_pad(app);
    int big = px * 4 / 3;
    int lh = rb_ui_text_line_height(app, big);
    rb_ui_text_draw(app, title, big, true, app->theme->text, box.x + pad, box.y + pad + lh / 2, RB_UI_ALIGN_LEFT);
    return box.y + pad + lh + pad / 2;
}

void rb_ui_dlg_hit(struct rb_ui_dialog *d, SDL_Rect r, int id)
{
    if (d->nhits < DLG_HITS_MAX)
        d->hits[d->nhits++] = (dlg_hit){ r, id };
}

bool rb_ui_dlg_hover(const struct rb_ui_dialog *d, SDL_Rect r)
{
    return rb_ui_point_in(r, d->mouse_x, d->mouse_y);
}

void rb_ui_dlg_button(rb_app *app, SDL_Rect r, const char *label, int id, bool enabled, bool primary)
{
    struct rb_ui_dialog *d = app->dialog;
    rb_ui_widget_button(app, r, label, rb_ui_widget_font_px(app), enabled, enabled && rb_ui_dlg_hover(d, r), primary);
    if (enabled)
        rb_ui_dlg_hit(d, r, id);
}

/* Two buttons at the bottom right of box: the default on the right. */
static void dlg_buttons(rb_app *app, SDL_Rect box, const char *primary, const char *secondary)
{
    int pad = rb_ui_dlg_pad(app), bh = rb_ui_dlg_button_h(app), px = rb_ui_widget_font_px(app);
    int w1 = rb_ui_text_width(app, primary, px, false) + 2 * px;
    int w2 = secondary ? rb_ui_text_width(app, secondary, px, false) + 2 * px : 0;
    if (w1 < 6 * px)
        w1 = 6 * px;
    if (secondary && w2 < 6 * px)
        w2 = 6 * px;
    SDL_Rect ok = { box.x + box.w - pad - w1, box.y + box.h - pad - bh, w1, bh };
    rb_ui_dlg_button(app, ok, primary, DLG_OK, true, true);
    if (secondary)
        rb_ui_dlg_button(app, (SDL_Rect){ ok.x - pad / 2 - w2, ok.y, w2, bh }, secondary, DLG_CANCEL, true, false);
}

/* ---- messages and questions ------------------------------------------- */

static void dlg_message_draw(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int w = px * 30;
    if (w > app->layout.out_w - pad)
        w = app->layout.out_w - pad;
    int text_h = rb_ui_text_wrapped_height(app, d->text, px, false, w - 2 * pad);
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + text_h + pad * 2 + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, d->title);
    rb_ui_text_draw_wrapped(app, d->text, px, false, app->theme->text, box.x + pad, y, box.w - 2 * pad);
    if (d->ask)
        dlg_buttons(app, box, d->yes, d->no);
    else
        dlg_buttons(app, box, "OK", NULL);
}

static void dlg_message_answer(rb_app *app, bool yes)
{
    struct rb_ui_dialog *d = app->dialog;
    rb_ui_ask ask = d->ask;
    rb_ui_dlg_close(app);
    switch (ask) {
    case RB_UI_ASK_RESIGN:
        if (yes)
            rb_ui_session_resign(app, rb_ui_session_resigner(app));
        break;
    case RB_UI_ASK_DRAW:
        if (yes) {
            rb_ui_session_agree_draw(app);
            rb_ui_app_message(app, false, "Draw agreed.");
        } else {
            rb_ui_app_message(app, false, "The draw offer was declined.");
        }
        break;
    case RB_UI_ASK_RESUME:
        if (!yes)
            rb_ui_dialog_open(app, RB_UI_DIALOG_NEW_GAME);
        break;
    }
}

/* ---- settings ---------------------------------------------------------- */

static void dlg_settings_draw(rb_app *app)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int row = px * 2;
    int widest = 0;
    for (int i = 0; i < rb_ui_setting_count; i++) {
        int tw = rb_ui_text_width(app, rb_ui_setting_infos[i].label, px, false);
        if (tw > widest)
            widest = tw;
    }
    int w = widest + px * 4 + 2 * pad;
    if (w < px * 24)
        w = px * 24;
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + rb_ui_setting_count * row + pad +
            rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, "Settings");
    /* In a window too short for every row, rows shrink rather than spill. */
    int room = box.y + box.h - pad * 2 - rb_ui_dlg_button_h(app) - y;
    if (row * rb_ui_setting_count > room)
        row = room / rb_ui_setting_count;
    int size = px;
    if (row < px * 3 / 2)
        size = row * 2 / 3 > 9 ? row * 2 / 3 : 9;
    for (int i = 0; i < rb_ui_setting_count; i++) {
        SDL_Rect r = { box.x + pad / 2, y + i * row, box.w - pad, row };
        rb_ui_widget_check(app, r, rb_ui_setting_infos[i].label, size,
                           *rb_ui_setting_ref(&app->state.settings, i), rb_ui_dlg_hover(app->dialog, r));
        rb_ui_dlg_hit(app->dialog, r, DLG_SETTING + i);
    }
    dlg_buttons(app, box, "Done", NULL);
}

static void dlg_settings_done(rb_app *app)
{
    char err[512];
    rb_ui_dlg_close(app);
    if (app->player_files && rb_ui_prefs_save(app, err, sizeof err) != 0)
        rb_ui_app_message(app, true, "%s", err);
}

static void dlg_settings_click(rb_app *app, int id)
{
    if (id == DLG_OK || id == DLG_CANCEL) {
        dlg_settings_done(app);
        return;
    }
    if (id >= DLG_SETTING && id < DLG_SETTING + rb_ui_setting_count) {
        bool *v = rb_ui_setting_ref(&app->state.settings, id - DLG_SETTING);
        *v = !*v;
        /* Changes show at once behind the dialog. */
        rb_ui_app_changed(app);
        rb_ui_text_flush(app);
    }
}

/* ---- drawing and events ------------------------------------------------ */

void rb_ui_dialog_draw(rb_app *app)
{
    struct rb_ui_dialog *d = app->dialog;
    if (!d || d->kind == RB_UI_DIALOG_NONE)
        return;
    d->nhits = 0;
    switch (d->kind) {
    case RB_UI_DIALOG_NEW_GAME: rb_ui_dlg_new_draw(app); break;
    case RB_UI_DIALOG_SAVE: rb_ui_dlg_save_draw(app); break;
    case RB_UI_DIALOG_LOAD: rb_ui_dlg_load_draw(app); break;
    case RB_UI_DIALOG_SETTINGS: dlg_settings_draw(app); break;
    case RB_UI_DIALOG_HELP: rb_ui_dlg_help_draw(app); break;
    case RB_UI_DIALOG_MESSAGE: dlg_message_draw(app); break;
    case RB_UI_DIALOG_NONE: break;
    }
}

static int dlg_hit_at(const struct rb_ui_dialog *d, int x, int y)
{
    /* Last drawn wins: controls drawn over others come later. */
    for (int i = d->nhits - 1; i >= 0; i--)
        if (rb_ui_point_in(d->hits[i].r, x, y))
            return d->hits[i].id;
    return DLG_NONE;
}

static void dlg_click(rb_app *app, int id, int clicks)
{
    struct rb_ui_dialog *d = app->dialog;
    switch (d->kind) {
    case RB_UI_DIALOG_NEW_GAME: rb_ui_dlg_new_click(app, id); break;
    case RB_UI_DIALOG_SAVE: rb_ui_dlg_save_click(app, id); break;
    case RB_UI_DIALOG_LOAD: rb_ui_dlg_load_click(app, id, clicks); break;
    case RB_UI_DIALOG_SETTINGS: dlg_settings_click(app, id); break;
    case RB_UI_DIALOG_HELP: rb_ui_dlg_help_click(app, id); break;
    case RB_UI_DIALOG_MESSAGE:
        if (id == DLG_OK || id == DLG_CANCEL)
            dlg_message_answer(app, id == DLG_OK);
        break;
    case RB_UI_DIALOG_NONE: break;
    }
}

static void dlg_key(rb_app *app, SDL_Keycode key)
{
    struct rb_ui_dialog *d = app->dialog;
    switch (d->kind) {
    case RB_UI_DIALOG_NEW_GAME: rb_ui_dlg_new_key(app, key); break;
    case RB_UI_DIALOG_SAVE: rb_ui_dlg_save_key(app, key); break;
    case RB_UI_DIALOG_LOAD: rb_ui_dlg_load_key(app, key); break;
    case RB_UI_DIALOG_HELP: rb_ui_dlg_help_key(app, key); break;
    case RB_UI_DIALOG_SETTINGS:
        if (key == SDLK_ESCAPE || key == SDLK_RETURN || key == SDLK_KP_ENTER)
            dlg_settings_done(app);
        break;
    case RB_UI_DIALOG_MESSAGE:
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER)
            dlg_message_answer(app, true);
        else if (key == SDLK_ESCAPE)
            dlg_message_answer(app, d->ask == 0 || d->ask == RB_UI_ASK_RESUME);
        break;
    case RB_UI_DIALOG_NONE: break;
    }
}

bool rb_ui_dialog_event(rb_app *app, const SDL_Event *ev)
{
    struct rb_ui_dialog *d = app->dialog;
    if (!d || d->kind == RB_UI_DIALOG_NONE)
        return false;
    switch (ev->type) {
    case SDL_MOUSEMOTION:
        if (dlg_hit_at(d, d->mouse_x, d->mouse_y) != dlg_hit_at(d, ev->motion.x, ev->motion.y))
            app->dirty = true;
        d->mouse_x = ev->motion.x;
        d->mouse_y = ev->motion.y;
        break;
    case SDL_MOUSEBUTTONDOWN:
        d->mouse_x = ev->button.x;
        d->mouse_y = ev->button.y;
        if (ev->button.button == SDL_BUTTON_LEFT)
            d->pressed = dlg_hit_at(d, ev->button.x, ev->button.y);
        break;
    case SDL_MOUSEBUTTONUP: {
        int id = dlg_hit_at(d, ev->button.x, ev->button.y);
        int was = d->pressed;
        d->pressed = DLG_NONE;
        if (ev->button.button == SDL_BUTTON_LEFT && id != DLG_NONE && id == was)
            dlg_click(app, id, ev->button.clicks);
        app->dirty = true;
        break;
    }
    case SDL_MOUSEWHEEL:
        if (d->kind == RB_UI_DIALOG_LOAD) {
            int dy = ev->wheel.y;
            if (ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED)
                dy = -dy;
            rb_ui_dlg_load_wheel(app, dy);
        }
        break;
    case SDL_KEYDOWN:
        dlg_key(app, ev->key.keysym.sym);
        app->dirty = true;
        break;
    case SDL_TEXTINPUT:
        if (d->kind == RB_UI_DIALOG_SAVE) {
            rb_ui_dlg_save_text(app, ev->text.text);
            app->dirty = true;
        }
        break;
    default:
        break;
    }
    return true;
}
