/*
 * dialog_game.c - the dialogs about games: who plays a new game, saving the
 * game under a name, and opening a saved one.
 *
 * A failed save or load shows its message inside the dialog and leaves the
 * dialog open, so the player can correct the name or pick another file;
 * the game on the board is never touched by a failure. Saving and loading
 * are commands (apply.c); the dialogs only gather the name or the choice.
 * The save dialog's note on where the game goes is worked out when the
 * dialog opens and when the name changes, never while drawing.
 */
#define _POSIX_C_SOURCE 200809L

#include "dialogs/dlg_game.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/draw.h"
#include "state/game_clock.h"
#include "files/games.h"
#include "words/i18n.h"
#include "rb_engine.h"
#include "kit/textedit.h"
#include "kit/text.h"
#include "kit/widget.h"

/* ---- new game ---------------------------------------------------------- */

void rb_ui_dlg_new_open(rb_ui_state *st)
{
    rb_ui_dialog_state *d = &st->dialog;
    const rb_ui_player *p = st->players;
    bool human[2] = { p[0].kind == RB_UI_HUMAN, p[1].kind == RB_UI_HUMAN };
    if (human[0] && human[1])
        d->mode = RB_UI_TWO_PLAYERS;
    else if (!human[0] && !human[1])
        d->mode = RB_UI_COMPUTERS;
    else
        d->mode = RB_UI_VS_COMPUTER;
    d->side = human[1] && !human[0] ? RB_BLACK : RB_WHITE;
    d->level[0] = p[0].level;
    d->level[1] = p[1].level;
    if (d->mode == RB_UI_VS_COMPUTER) {
        /* One level for "the computer", whichever colour it had. */
        int lv = p[d->side ^ 1].level;
        d->level[0] = d->level[1] = lv;
    }
    /* The clock keeps the last choice of this run; untimed at first. */
    if (d->time_custom[0] == '\0')
        snprintf(d->time_custom, sizeof d->time_custom, "10+5");
    d->error[0] = '\0';
    /* Opened over the position editor, it starts the game from there. */
    d->from_editor = st->editor.active && !st->analysis.active;
    SDL_StartTextInput();
}

#define DLG_TIME_CHOICES (RB_UI_CLOCK_NPRESETS + 1)

static bool dlg_new_custom(const rb_ui_dialog_state *d)
{
    return d->time_choice == RB_UI_CLOCK_NPRESETS;
}

/* The lines of choices n names take in box: one, or two when a name does
 * not fit a choice a whole line gives it (a long word of a translation). */
static int dlg_choice_lines(rb_app *app, SDL_Rect box, const char *const *names, int n)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int gap = px / 4 > 1 ? px / 4 : 1;
    SDL_Rect r = { 0, 0, (box.w - 2 * pad - (n - 1) * gap) / n, px * 2 };
    for (int i = 0; i < n; i++)
        if (!rb_ui_widget_choice_fits(app, r, names[i], px))
            return 2;
    return 1;
}

/* A labelled row of n choices with ids base+first..; returns the y below. */
static int dlg_choice_row(rb_app *app, SDL_Rect box, int y, const char *label, const char *const *names,
                          int n, int first, int base, int chosen)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int lh = rb_ui_text_line_height(app, px);
    SDL_Rect head = rb_ui_text_box_begin(app, (SDL_Rect){ box.x + pad, y, box.w - 2 * pad, lh });
    int head_px = rb_ui_text_fit_px(app, label, px, true, box.w - 2 * pad, px * 3 / 4);
    rb_ui_text_draw(app, label, head_px, true, app->theme->text, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, head);
    y += lh + px / 4;
    int h = px * 2, gap = px / 4 > 1 ? px / 4 : 1;
    int lines = dlg_choice_lines(app, box, names, n), cols = (n + lines - 1) / lines;
    int w = (box.w - 2 * pad - (cols - 1) * gap) / cols;
    for (int i = 0; i < n; i++) {
        SDL_Rect r = { box.x + pad + i % cols * (w + gap), y + i / cols * (h + gap), w, h };
        rb_ui_widget_choice(app, r, names[i], px, first + i == chosen, rb_ui_dlg_hover(app, r));
        rb_ui_dlg_hit(app, r, base + first + i);
    }
    return y + lines * h + (lines - 1) * gap + pad * 3 / 4;
}

static const char *const dlg_levels[RB_LEVEL_MAX] = { "1", "2", "3", "4", "5", "6", "7", "8", "9", "10" };

/* A level row's heading names the chosen level in words too ("3, casual"):
 * the buttons are too narrow for ten words, the number alone says little. */
static const char *dlg_level_label(char *buf, size_t len, const char *format, int level)
{
    snprintf(buf, len, format, level, _(rb_level_name(level)));
    return buf;
}

void rb_ui_dlg_new_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_dialog_state *d = &st->dialog;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int lh = rb_ui_text_line_height(app, px);
    int row = lh + px / 4 + px * 2 + pad * 3 / 4;
    /* The box is as tall as the fullest form (three rows of choices, the
     * time control and its custom entry), so it keeps its size and its
     * buttons stay under the pointer whichever opponent or clock is chosen. */
    const char *const modes[3] = { _("Play the computer"), _("Two players"), _("Computer vs computer") };
    /* TRANSLATORS: the side you play: buttons under "You play" */
    const char *const sides[3] = { _("White"), _("Black"), _("Random") };
    /* TRANSLATORS: the clock choices; "3+2" and the like stay as they are */
    const char *const times[DLG_TIME_CHOICES] = { _("Untimed"), "3+2", "5+3", "10+5", "15+10", _("Custom") };
    int rows = 3 + 1 + 1;
    int inner = px * 32 - 2 * pad;
    int err_h = d->error[0] ? rb_ui_text_wrapped_height(app, d->error, px, false, inner) + pad / 2 : 0;
    /* Rows whose names need two lines of choices (long words) make it taller. */
    SDL_Rect probe = { 0, 0, px * 32 < app->layout.out_w - pad ? px * 32 : app->layout.out_w - pad, 0 };
    int twice = dlg_choice_lines(app, probe, modes, 3) + dlg_choice_lines(app, probe, sides, 3) +
                dlg_choice_lines(app, probe, times, DLG_TIME_CHOICES) - 3;
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + rows * row + twice * (px * 2 + px / 4) +
            lh * 2 + err_h + pad + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, px * 32, h);
    int y = rb_ui_dlg_title(app, box, d->from_editor ? _("Play from this position") : _("New game"));

    y = dlg_choice_row(app, box, y, _("Opponent"), modes, 3, 0, DLG_MODE, (int)d->mode);
    const char *note = NULL;
    char label[256];
    if (d->mode == RB_UI_VS_COMPUTER) {
        y = dlg_choice_row(app, box, y, _("You play"), sides, 3, 0, DLG_SIDE, d->side);
        /* TRANSLATORS: a heading over the level buttons 1 to 10: "Computer level: 3, casual  (1 easiest, 10 strongest)"; %d is the level, %s its name */
        y = dlg_choice_row(app, box, y, dlg_level_label(label, sizeof label, _("Computer level: %d, %s  (1 easiest, 10 strongest)"), d->level[0]),
                           dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_W - 1, d->level[0]);
        note = _("White moves first.");
    } else if (d->mode == RB_UI_COMPUTERS) {
        y = dlg_choice_row(app, box, y,
                           dlg_level_label(label, sizeof label, _("White's level: %d, %s  (1 easiest, 10 strongest)"), d->level[0]),
                           dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_W - 1, d->level[0]);
        y = dlg_choice_row(app, box, y,
                           dlg_level_label(label, sizeof label, _("Black's level: %d, %s  (1 easiest, 10 strongest)"), d->level[1]),
                           dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_B - 1, d->level[1]);
        /* TRANSLATORS: a game between two computers; \u2190 is the left arrow key, End a key */
        note = _("Browse back with \u2190 to pause them; End lets them play on.");
    } else {
        note = _("Two players take turns at this screen.");
    }
    if (d->from_editor)
        note = st->editor.pos.side == RB_WHITE ? _("White moves first in this position.")
                                               : _("Black moves first in this position.");
    /* TRANSLATORS: a heading over the clock choices 3+2, 5+3...: minutes for the game + seconds added after each move */
    y = dlg_choice_row(app, box, y, _("Clock (minutes + seconds added a move)"), times, DLG_TIME_CHOICES, 0,
                       DLG_TIME, d->time_choice);
    if (dlg_new_custom(d)) {
        /* TRANSLATORS: how to write a custom clock; keep the examples 10+5 and 10+5 / 5+3 */
        rb_ui_text_draw(app, _("Custom clock: 10+5, or White's / Black's: 10+5 / 5+3"), px * 7 / 8, false,
                        app->theme->text_dim, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
        y += lh + px / 4;
        SDL_Rect field = { box.x + pad, y, box.w - 2 * pad, px * 2 };
        rb_ui_widget_field(app, field, d->time_custom, px, true);
        rb_ui_dlg_hit(app, field, DLG_FIELD);
        y += px * 2 + pad * 3 / 4;
    }
    if (d->error[0]) {
        SDL_Color red = app->theme->check_glow;
        red.a = 255;
        y += rb_ui_text_draw_wrapped(app, d->error, px, false, red, box.x + pad, y, box.w - 2 * pad) + pad / 2;
    }
    rb_ui_text_draw_wrapped(app, note, px * 7 / 8, false, app->theme->text_dim, box.x + pad, y, box.w - 2 * pad);

    int bh = rb_ui_dlg_button_h(app);
    SDL_Rect ok = { box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh };
    rb_ui_dlg_button(app, ok, _("Start"), DLG_OK, true, true);
    rb_ui_dlg_button(app, (SDL_Rect){ ok.x - pad / 2 - px * 7, ok.y, px * 7, bh }, _("Cancel"), DLG_CANCEL, true, false);
}

/* The new game the form describes; none, with the reason in the form,
 * when the custom clock cannot be read. */
static rb_ui_cmd dlg_new_start(rb_ui_state *st)
{
    rb_ui_dialog_state *d = &st->dialog;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    if (dlg_new_custom(d)) {
        if (rb_ui_game_clock_parse_custom(d->time_custom, cmd.tc, d->error, sizeof d->error) != 0)
            return rb_ui_cmd_of(RB_UI_CMD_NONE);
    } else if (d->time_choice > 0 && d->time_choice < RB_UI_CLOCK_NPRESETS) {
        cmd.tc[0] = cmd.tc[1] = rb_ui_clock_presets[d->time_choice].tc;
    }
    cmd.players[0] = st->players[0];
    cmd.players[1] = st->players[1];
    cmd.n = -1;
    cmd.on = d->from_editor;
    switch (d->mode) {
    case RB_UI_VS_COMPUTER:
        cmd.n = d->side == 2 ? (int)(SDL_GetPerformanceCounter() & 1) : d->side;
        cmd.players[cmd.n] = (rb_ui_player){ RB_UI_HUMAN, d->level[0] };
        cmd.players[cmd.n ^ 1] = (rb_ui_player){ RB_UI_COMPUTER, d->level[0] };
        break;
    case RB_UI_TWO_PLAYERS:
        cmd.players[0] = (rb_ui_player){ RB_UI_HUMAN, d->level[0] };
        cmd.players[1] = (rb_ui_player){ RB_UI_HUMAN, d->level[1] };
        break;
    case RB_UI_COMPUTERS:
        cmd.players[0] = (rb_ui_player){ RB_UI_COMPUTER, d->level[0] };
        cmd.players[1] = (rb_ui_player){ RB_UI_COMPUTER, d->level[1] };
        break;
    }
    return cmd;
}

rb_ui_cmd rb_ui_dlg_new_click(rb_ui_state *st, int id)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (id == DLG_OK)
        return dlg_new_start(st);
    if (id == DLG_CANCEL)
        rb_ui_dlg_close(st);
    else if (id >= DLG_MODE && id < DLG_MODE + 3)
        d->mode = (rb_ui_new_mode)(id - DLG_MODE);
    else if (id >= DLG_SIDE && id < DLG_SIDE + 3)
        d->side = id - DLG_SIDE;
    else if (id >= DLG_LEVEL_W + RB_LEVEL_MIN - 1 && id < DLG_LEVEL_W + RB_LEVEL_MAX)
        d->level[0] = id - DLG_LEVEL_W + 1;
    else if (id >= DLG_LEVEL_B + RB_LEVEL_MIN - 1 && id < DLG_LEVEL_B + RB_LEVEL_MAX)
        d->level[1] = id - DLG_LEVEL_B + 1;
    else if (id >= DLG_TIME && id < DLG_TIME + DLG_TIME_CHOICES) {
        d->time_choice = id - DLG_TIME;
        d->error[0] = '\0';
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

rb_ui_cmd rb_ui_dlg_new_key(rb_ui_state *st, SDL_Keycode key)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER)
        return dlg_new_start(st);
    if (key == SDLK_ESCAPE) {
        rb_ui_dlg_close(st);
    } else if (key == SDLK_BACKSPACE && dlg_new_custom(d)) {
        size_t n = strlen(d->time_custom);
        if (n > 0)
            d->time_custom[n - 1] = '\0';
        d->error[0] = '\0';
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

void rb_ui_dlg_new_text(rb_ui_state *st, const char *text)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (!dlg_new_custom(d))
        return;
    /* A time control is plain ASCII: digits, '+', '/', '.', spaces. */
    for (const char *c = text; *c; c++) {
        size_t n = strlen(d->time_custom);
        if (strchr("0123456789+/. ", *c) && n + 1 < sizeof d->time_custom) {
            d->time_custom[n] = *c;
            d->time_custom[n + 1] = '\0';
        }
    }
    d->error[0] = '\0';
}

/* ---- save -------------------------------------------------------------- */

/* Where a game saved under the name goes, or that it replaces one: asks
 * the disk (creating nothing: the folder is made by saving), so it runs
 * when the dialog opens and when the name changes, not every frame. */
static void dlg_save_where(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    char dir[RB_UI_PATH_MAX], err[256];
    if (rb_ui_games_folder(app, dir, sizeof dir, err, sizeof err) != 0)
        snprintf(d->where, sizeof d->where, "%s", err);
    else if (rb_ui_games_exists(app, d->name))
        /* TRANSLATORS: %s is a folder */
        snprintf(d->where, sizeof d->where, _("A game of this name is already in %s: saving replaces it."), dir);
    else
        /* TRANSLATORS: %s is a folder */
        snprintf(d->where, sizeof d->where, _("Saved games go to %s"), dir);
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
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + rb_ui_text_line_height(app, px) +
            px * 2 + pad / 2 + where_h + pad / 2 + err_h + pad + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, _("Save game"));
    int lh = rb_ui_text_line_height(app, px);
    rb_ui_text_draw(app, _("Name"), px, true, app->theme->text, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
    y += lh;
    SDL_Rect field = { box.x + pad, y, box.w - 2 * pad, px * 2 };
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
    SDL_Rect ok = { box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh };
    rb_ui_dlg_button(app, ok, _("Save"), DLG_OK, d->name[0] != '\0', true);
    rb_ui_dlg_button(app, (SDL_Rect){ ok.x - pad / 2 - px * 7, ok.y, px * 7, bh }, _("Cancel"), DLG_CANCEL, true, false);
}

static rb_ui_cmd dlg_save_now(const rb_ui_state *st)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_SAVE);
    cmd.text = st->dialog.name;
    cmd.in_dialog = true;
    return cmd;
}

rb_ui_cmd rb_ui_dlg_save_click(rb_ui_state *st, int id)
{
    if (id == DLG_OK)
        return dlg_save_now(st);
    if (id == DLG_CANCEL)
        rb_ui_dlg_close(st);
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

static rb_ui_edit dlg_save_edit(rb_ui_dialog_state *d)
{
    return (rb_ui_edit){ d->name, sizeof d->name - 8, &d->caret, &d->anchor };
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
    rb_ui_edit e = dlg_save_edit(d);
    bool ctrl = mod & (KMOD_CTRL | KMOD_GUI), shift = mod & KMOD_SHIFT;
    *used = true;
    if (key == SDLK_ESCAPE) {
        rb_ui_dlg_close(&app->state);
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (d->focus != DLG_FIELD) {
        *used = false; /* the buttons' keys are the dialogs' own */
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    int from, to;
    switch (key) {
    case SDLK_RETURN:
    case SDLK_KP_ENTER: return dlg_save_now(&app->state);
    case SDLK_LEFT: rb_ui_textedit_move(e, -1, shift); break;
    case SDLK_RIGHT: rb_ui_textedit_move(e, 1, shift); break;
    case SDLK_HOME: rb_ui_textedit_move(e, -2, shift); break;
    case SDLK_END: rb_ui_textedit_move(e, 2, shift); break;
    case SDLK_BACKSPACE:
    case SDLK_DELETE:
        if (rb_ui_textedit_delete(e, key == SDLK_DELETE ? 1 : -1))
            dlg_save_changed(app);
        break;
    case SDLK_a:
    case SDLK_c:
    case SDLK_x:
    case SDLK_v:
        if (!ctrl) {
            *used = false; /* a letter: it comes as text */
            break;
        }
        if (key == SDLK_a) {
            rb_ui_textedit_select_all(e);
        } else if (key == SDLK_v) {
            char *clip = app->clip_get ? app->clip_get() : NULL;
            if (clip && rb_ui_textedit_insert(e, clip))
                dlg_save_changed(app);
            SDL_free(clip);
        } else if (rb_ui_textedit_selection(e, &from, &to)) {
            char part[sizeof d->name];
            memcpy(part, d->name + from, (size_t)(to - from));
            part[to - from] = '\0';
            if (app->clip_set)
                app->clip_set(part);
            if (key == SDLK_x && rb_ui_textedit_delete(e, -1))
                dlg_save_changed(app);
        }
        break;
    default: *used = false; break;
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

void rb_ui_dlg_save_text(rb_app *app, const char *text)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    if (d->focus == DLG_FIELD && rb_ui_textedit_insert(dlg_save_edit(d), text))
        dlg_save_changed(app);
}

/* ---- load -------------------------------------------------------------- */

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
    if (d->nentries > 0)
        d->selected = 0;
}

/* The first row shown: the state's scroll, kept inside the list. */
static int dlg_load_first_row(const rb_ui_dialog_state *d, int rows_visible)
{
    int scroll = d->scroll;
    if (scroll > d->nentries - rows_visible)
        scroll = d->nentries - rows_visible;
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
    int fixed = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + pad / 2 + hint_h + pad / 2 + err_h +
                pad + rb_ui_dlg_button_h(app) + pad;
    int want_rows = d->nentries < 3 ? 3 : d->nentries > 12 ? 12 : d->nentries;
    SDL_Rect box = rb_ui_dlg_frame(app, w, fixed + want_rows * row_h);
    int y = rb_ui_dlg_title(app, box, _("Open a saved game"));

    int list_h = box.h - fixed;
    if (list_h < row_h)
        list_h = row_h;
    SDL_Rect list = { box.x + pad, y, box.w - 2 * pad, list_h };
    rb_ui_draw_rect(app->renderer, list, rb_ui_widget_mix(t->panel_bg, t->background, 0.5f));
    rb_ui_dlg_hit(app, list, DLG_LIST); /* the rows, drawn later, win clicks */
    int rows_visible = list.h / row_h > 0 ? list.h / row_h : 1;
    app->dialog->rows_visible = rows_visible;
    int scroll = dlg_load_first_row(d, rows_visible);
    if (d->nentries == 0) {
        rb_ui_text_draw(app, _("No saved games yet."), px, false, t->text_dim, list.x + px / 2,
                        list.y + row_h / 2, RB_UI_ALIGN_LEFT);
    }
    SDL_RenderSetClipRect(app->renderer, &list);
    for (int i = scroll; i < d->nentries && i < scroll + rows_visible; i++) {
        SDL_Rect r = { list.x, list.y + (i - scroll) * row_h, list.w, row_h };
        bool sel = i == d->selected;
        if (sel) {
            SDL_Color hl = t->path;
            hl.a = 255;
            rb_ui_draw_rect(app->renderer, r, hl);
        } else if (rb_ui_dlg_hover(app, r)) {
            rb_ui_draw_rect(app->renderer, r, rb_ui_widget_mix(t->panel_bg, t->text, 0.15f));
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
    SDL_Rect ok = { box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh };
    rb_ui_dlg_button(app, ok, _("Open"), DLG_OK, d->selected >= 0, true);
    rb_ui_dlg_button(app, (SDL_Rect){ ok.x - pad / 2 - px * 7, ok.y, px * 7, bh }, _("Cancel"), DLG_CANCEL, true, false);
}

static rb_ui_cmd dlg_load_now(const rb_ui_state *st)
{
    const rb_ui_dialog_state *d = &st->dialog;
    if (d->selected < 0 || d->selected >= d->nentries)
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_LOAD);
    cmd.text = d->entries[d->selected].name;
    cmd.in_dialog = true;
    return cmd;
}

rb_ui_cmd rb_ui_dlg_load_click(rb_ui_state *st, int id, int clicks)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (id == DLG_OK)
        return dlg_load_now(st);
    if (id == DLG_CANCEL) {
        rb_ui_dlg_close(st);
    } else if (id >= DLG_ENTRY && id < DLG_ENTRY + d->nentries) {
        d->selected = id - DLG_ENTRY;
        d->error[0] = '\0';
        if (clicks >= 2)
            return dlg_load_now(st);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

rb_ui_cmd rb_ui_dlg_load_key(rb_app *app, SDL_Keycode key)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    int rows = app->dialog->rows_visible > 0 ? app->dialog->rows_visible : 1;
    switch (key) {
    case SDLK_ESCAPE: rb_ui_dlg_close(&app->state); return rb_ui_cmd_of(RB_UI_CMD_NONE);
    case SDLK_UP: if (d->selected > 0) d->selected--; break;
    case SDLK_DOWN: if (d->selected + 1 < d->nentries) d->selected++; break;
    default: return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    d->scroll = dlg_load_first_row(d, rows);
    if (d->selected < d->scroll)
        d->scroll = d->selected;
    if (d->selected >= d->scroll + rows)
        d->scroll = d->selected - rows + 1;
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

void rb_ui_dlg_load_wheel(rb_app *app, int dy)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    int rows = app->dialog->rows_visible > 0 ? app->dialog->rows_visible : 1;
    d->scroll = dlg_load_first_row(d, rows) - dy;
    d->scroll = dlg_load_first_row(d, rows);
}
