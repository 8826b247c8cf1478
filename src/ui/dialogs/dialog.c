/*
 * dialog.c - modal dialogs: opening them, routing events, and the small
 * ones (messages, yes/no questions, settings). The new-game, save and load
 * dialogs are in dlg_new.c, dlg_save.c and dlg_load.c, the help screen in
 * dlg_help.c, the welcome in dlg_welcome.c, the frame they share in dlg.c.
 *
 * While a dialog is open it gets every event: the board and the panel see
 * nothing, so a stray click cannot move a piece behind a question. Its
 * handlers change only the dialog's input state; what the player decides
 * (start a game, save, resign, a setting) leaves as a command.
 */
#include "dialogs/dialog.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "media/assets.h"
#include "dialogs/dlg_load.h"
#include "dialogs/dlg_new.h"
#include "dialogs/dlg_save.h"
#include "dialogs/dlg_help.h"
#include "dialogs/dlg_host.h"
#include "dialogs/dlg.h"
#include "dialogs/dlg_welcome.h"
#include "dialogs/dlg_online.h"
#include "kit/textedit.h"
#include "computer/search.h"
#include "kit/layout.h"
#include "board/render.h"
#include "words/lang.h"
#include "state/session.h"
#include "files/settings.h"
#include "kit/text.h"
#include "kit/theme.h"
#include "kit/widget.h"

int rb_ui_dialog_init(rb_app *app, char *err, size_t errlen)
{
    struct rb_ui_dialog *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "%s", _("Out of memory for the dialogs."));
        return -1;
    }
    d->mouse_x = d->mouse_y = -1;
    app->dialog = d;
    app->state.dialog.selected = -1;
    return 0;
}

void rb_ui_dialog_free(rb_app *app)
{
    if (app->state.dialog.pending.positions) {
        rb_game_free(&app->state.dialog.pending);
    }
    free(app->state.dialog.entries);
    app->state.dialog.entries = NULL;
    app->state.dialog.nentries = 0;
    free(app->dialog);
    app->dialog = NULL;
}

bool rb_ui_dialog_active(const rb_ui_state *st)
{
    return st->dialog.kind != RB_UI_DIALOG_NONE;
}

void rb_ui_dialog_open(rb_app *app, rb_ui_dialog_kind kind)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    if (!app->dialog) {
        return;
    }
    if (d->kind != RB_UI_DIALOG_NONE) {
        rb_ui_dlg_close(&app->state);
    }
    d->kind = kind;
    d->hover = d->pressed = DLG_NONE;
    app->dialog->anchor_id = DLG_NONE; /* a dialog opens centred */
    app->dialog->shift = (SDL_Point){0, 0};
    /* The keyboard starts where a keyboard user wants it: in the name
     * field, on the list, on the welcome's first (highlighted) choice, or
     * on the default button. */
    d->focus = kind == RB_UI_DIALOG_SAVE       ? DLG_FIELD
               : kind == RB_UI_DIALOG_LOAD     ? DLG_LIST
               : kind == RB_UI_DIALOG_WELCOME  ? DLG_WELCOME
               : kind == RB_UI_DIALOG_NET_HOST ? DLG_HOST_COPY
                                               : DLG_OK;
    app->dialog->nhits = 0; /* nothing of this dialog is drawn yet */
    switch (kind) {
    case RB_UI_DIALOG_NEW_GAME: rb_ui_dlg_new_open(&app->state); break;
    case RB_UI_DIALOG_SAVE: rb_ui_dlg_save_open(app); break;
    case RB_UI_DIALOG_LOAD: rb_ui_dlg_load_open(app); break;
    case RB_UI_DIALOG_HELP:
    case RB_UI_DIALOG_SETTINGS: d->page = 0; break;
    default: break;
    }
}

static void dlg_question(rb_app *app, rb_ui_ask what, const char *title, const char *text, const char *yes,
                         const char *no)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    rb_ui_dialog_open(app, RB_UI_DIALOG_MESSAGE);
    snprintf(d->title, sizeof d->title, "%s", title);
    snprintf(d->text, sizeof d->text, "%s", text);
    d->ask = what;
    snprintf(d->yes, sizeof d->yes, "%s", yes);
    snprintf(d->no, sizeof d->no, "%s", no);
}

void rb_ui_dialog_message(rb_app *app, const char *title, const char *text)
{
    dlg_question(app, RB_UI_ASK_NONE, title, text, _("OK"), "");
}

void rb_ui_dialog_ask(rb_app *app, rb_ui_ask what)
{
    const rb_ui_state *st = &app->state;
    char text[512];
    switch (what) {
    case RB_UI_ASK_RESIGN:
        snprintf(text, sizeof text, "%s",
                 rb_ui_session_resigner(st) == RB_WHITE ? _("Resign the game for White?")
                                                        : _("Resign the game for Black?"));
        /* TRANSLATORS: the title and the yes button of the question "Resign the game for White?" */
        dlg_question(app, what, _("Resign"), text, _("Resign"), _("Play on"));
        break;
    case RB_UI_ASK_DRAW: {
        int side = rb_ui_state_pos(st)->side;
        snprintf(text, sizeof text, "%s",
                 side == RB_WHITE ? _("White offers a draw. Black, do you accept?")
                                  : _("Black offers a draw. White, do you accept?"));
        dlg_question(app, what, _("Draw offered"), text, _("Accept"), _("Decline"));
        break;
    }
    case RB_UI_ASK_RESUME: {
        /* Counted as the move list numbers them: a move is White's and Black's. */
        size_t moves = (st->game.length + 1) / 2;
        snprintf(text, sizeof text,
                 ngettext("Your unfinished game (%zu move) is back on the board. Continue it, or start a new game?",
                          "Your unfinished game (%zu moves) is back on the board. Continue it, or start a new game?",
                          (unsigned long)moves),
                 moves);
        dlg_question(app, what, _("Welcome back"), text, _("Continue"), _("New game"));
        break;
    }
    case RB_UI_ASK_OFFER_DRAW: {
        int side = rb_ui_state_pos(st)->side;
        bool vs = rb_ui_state_vs_computer(st);
        snprintf(text, sizeof text, "%s",
                 vs                       ? _("Offer the computer a draw? If it accepts, the game ends drawn.")
                 : (side ^ 1) == RB_WHITE ? _("Offer White a draw? If White accepts, the game ends drawn.")
                                          : _("Offer Black a draw? If Black accepts, the game ends drawn."));
        dlg_question(app, what, _("Offer a draw"), text, _("Offer draw"), _("Play on"));
        break;
    }
    case RB_UI_ASK_REPLACE: {
        size_t moves = (st->game.length + 1) / 2;
        if (st->dialog.pending_name[0]) {
            /* TRANSLATORS: %s is the name of a game file, %zu how many moves the game on the board has */
            snprintf(text, sizeof text,
                     ngettext("Open \"%s\" in place of your unfinished game (%zu move)?",
                              "Open \"%s\" in place of your unfinished game (%zu moves)?", (unsigned long)moves),
                     st->dialog.pending_name, moves);
        } else {
            snprintf(text, sizeof text,
                     ngettext("Open the pasted game in place of your unfinished game (%zu move)?",
                              "Open the pasted game in place of your unfinished game (%zu moves)?",
                              (unsigned long)moves),
                     moves);
        }
        dlg_question(app, what, _("Replace the game?"), text, _("Open"), _("Keep playing"));
        break;
    }
    case RB_UI_ASK_NEW_GAME: {
        size_t moves = (st->game.length + 1) / 2;
        snprintf(text, sizeof text,
                 ngettext("Start the new game in place of your unfinished game (%zu move)?",
                          "Start the new game in place of your unfinished game (%zu moves)?", (unsigned long)moves),
                 moves);
        /* TRANSLATORS: the title and the yes button of the question "Start the new game in place of your
           unfinished game?" */
        dlg_question(app, what, _("Replace the game?"), text, _("New game"), _("Keep playing"));
        break;
    }
    case RB_UI_ASK_NET_HOST: {
        size_t moves = (st->game.length + 1) / 2;
        snprintf(text, sizeof text,
                 ngettext("Host a network game in place of your unfinished game (%zu move)? It comes back if you "
                          "stop hosting before a friend joins.",
                          "Host a network game in place of your unfinished game (%zu moves)? It comes back if you "
                          "stop hosting before a friend joins.",
                          (unsigned long)moves),
                 moves);
        /* TRANSLATORS: the yes button of the question "Host a network game in place of your unfinished game?" */
        dlg_question(app, what, _("Replace the game?"), text, _("Host"), _("Keep playing"));
        break;
    }
    case RB_UI_ASK_NONE: break;
    }
}

/* ---- messages and questions ------------------------------------------- */

static void dlg_message_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_dialog_state *d = &st->dialog;
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int w = px * 30;
    if (w > app->layout.out_w - pad) {
        w = app->layout.out_w - pad;
    }
    int text_h = rb_ui_text_wrapped_height(app, d->text, px, false, w - 2 * pad);
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + text_h + pad * 2 + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, d->title);
    rb_ui_text_draw_wrapped(app, d->text, px, false, app->theme->text, box.x + pad, y, box.w - 2 * pad);
    if (d->ask) {
        rb_ui_dlg_buttons(app, box, d->yes, d->no);
    } else {
        rb_ui_dlg_buttons(app, box, _("OK"), NULL);
    }
}

static rb_ui_cmd dlg_message_answer(rb_ui_state *st, bool yes)
{
    rb_ui_ask ask = st->dialog.ask;
    rb_ui_dlg_close(st);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    switch (ask) {
    case RB_UI_ASK_RESIGN:
        if (yes) {
            cmd.kind = RB_UI_CMD_RESIGN;
            cmd.resign.color = rb_ui_session_resigner(st);
        }
        break;
    case RB_UI_ASK_DRAW:
        cmd.kind = RB_UI_CMD_ANSWER_DRAW;
        cmd.answer_draw.accept = yes;
        break;
    case RB_UI_ASK_RESUME:
        if (!yes) { /* "New game": the resumed game let go, the question answered */
            cmd.kind = RB_UI_CMD_OPEN_DIALOG;
            cmd.open_dialog.dialog = RB_UI_DIALOG_NEW_GAME;
            cmd.open_dialog.replace = true;
        }
        break;
    case RB_UI_ASK_OFFER_DRAW:
        if (yes) {
            cmd.kind = RB_UI_CMD_OFFER_DRAW;
        }
        break;
    case RB_UI_ASK_NEW_GAME:
        if (yes) {
            cmd.kind = RB_UI_CMD_NEW_GAME;
            cmd.new_game.players[0] = st->dialog.pending_new.players[0];
            cmd.new_game.players[1] = st->dialog.pending_new.players[1];
            cmd.new_game.tc[0] = st->dialog.pending_new.tc[0];
            cmd.new_game.tc[1] = st->dialog.pending_new.tc[1];
            cmd.new_game.person = st->dialog.pending_new.person;
            cmd.new_game.from_editor = st->dialog.pending_new.from_editor;
            cmd.new_game.replace = true;
        }
        break;
    case RB_UI_ASK_NET_HOST:
        if (yes) {
            cmd.kind = RB_UI_CMD_NET_OPEN;
            cmd.net_open.host = true;
            cmd.net_open.port = st->dialog.pending_host.port;
            cmd.net_open.color = st->dialog.pending_host.color;
            cmd.net_open.base_ms = st->dialog.pending_host.base_ms;
            cmd.net_open.inc_ms = st->dialog.pending_host.inc_ms;
            cmd.net_open.replace = true;
        }
        break;
    case RB_UI_ASK_REPLACE:
        if (yes) {
            cmd.kind = RB_UI_CMD_TAKE_PENDING;
        } else if (st->dialog.pending.positions) {
            rb_game_free(&st->dialog.pending); /* kept: nothing changes */
        }
        break;
    case RB_UI_ASK_NONE: break;
    }
    return cmd;
}

/* ---- settings ---------------------------------------------------------- */

#define DLG_VOLUME_STEP 10

/* A settings row of a label and a fewer and a more button (ids id and
 * id + 1), the label dimmed where the setting has no effect now. The
 * volume, the interface size and the computer's cores are all drawn so. */
static void dlg_stepper_row(rb_app *app, SDL_Rect r, int px, const char *label, bool dim, int id, bool can_less,
                            bool can_more)
{
    SDL_Color c = dim ? app->theme->text_dim : app->theme->text;
    int bw = px * 5 / 2, bh = r.h * 4 / 5;
    SDL_Rect more = {r.x + r.w - bw, r.y + (r.h - bh) / 2, bw, bh};
    SDL_Rect less = {more.x - bw - px / 2, more.y, bw, bh};
    SDL_Rect outer = rb_ui_text_box_begin(app, (SDL_Rect){r.x, r.y, less.x - r.x, r.h});
    rb_ui_text_draw(app, label, px, false, c, r.x + r.h / 4, r.y + r.h / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, outer);
    rb_ui_dlg_button(app, less, "\u2212", id, can_less, false);
    rb_ui_dlg_button(app, more, "+", id + 1, can_more, false);
    /* the spoken mode says the row and its value with either button */
    char said[160];
    /* TRANSLATORS: the spoken mode: the focus on a stepper's minus button, after its label and value ("Volume 70")
     */
    snprintf(said, sizeof said, _("%s, minus"), label);
    rb_ui_dlg_label_set(app, id, said);
    /* TRANSLATORS: the spoken mode: the focus on a stepper's plus button, after its label and value ("Volume 70") */
    snprintf(said, sizeof said, _("%s, plus"), label);
    rb_ui_dlg_label_set(app, id + 1, said);
}

size_t rb_ui_dlg_stepper_text(const rb_ui_state *st, int id, char *buf, size_t len)
{
    int n = 0;
    if (id == DLG_VOLUME) {
        /* TRANSLATORS: the sound volume, 0 to 100 */
        n = snprintf(buf, len, _("Volume %d"), st->settings.volume);
    } else if (id == DLG_SCALE) {
        /* TRANSLATORS: the size of the text, panel and dialogs, in percent */
        n = snprintf(buf, len, _("Interface size %d%%"), st->settings.ui_scale_pct);
    } else if (id == DLG_SPEECH_RATE) {
        /* TRANSLATORS: the spoken mode's pace, -100 (slowest) to 100 (fastest), 0 the voice's normal */
        n = snprintf(buf, len, _("Speech rate %d"), st->settings.speech_rate);
    } else if (id == DLG_THREADS) {
        /* TRANSLATORS: how many processor cores (threads) the computer thinks on at its full strength and on the
           analysis board */
        n = snprintf(buf, len, _("Cores for the computer %d"), rb_ui_search_threads(st->settings.threads));
    } else {
        n = snprintf(buf, len, "%s", "");
    }
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

/* "Volume 70" with a quieter and a louder button; greyed while sound is off. */
static void dlg_volume_row(rb_app *app, const rb_ui_state *st, SDL_Rect r, int px)
{
    char label[48];
    rb_ui_dlg_stepper_text(st, DLG_VOLUME, label, sizeof label);
    dlg_stepper_row(app, r, px, label, !st->settings.sound, DLG_VOLUME, st->settings.volume > 0,
                    st->settings.volume < 100);
}

/* "Interface size 150%" with a smaller and a larger button. */
static void dlg_scale_row(rb_app *app, const rb_ui_state *st, SDL_Rect r, int px)
{
    char label[64];
    rb_ui_dlg_stepper_text(st, DLG_SCALE, label, sizeof label);
    dlg_stepper_row(app, r, px, label, false, DLG_SCALE, st->settings.ui_scale_pct > RB_UI_SCALE_MIN,
                    st->settings.ui_scale_pct < RB_UI_SCALE_MAX);
}

/* "Cores for the computer 3" with a fewer and a more button, from one to
 * the machine's cores: what the computer thinks on at full strength and on
 * the analysis board (the weaker levels always use one). */
static void dlg_threads_row(rb_app *app, const rb_ui_state *st, SDL_Rect r, int px)
{
    char label[64];
    int threads = rb_ui_search_threads(st->settings.threads);
    rb_ui_dlg_stepper_text(st, DLG_THREADS, label, sizeof label);
    dlg_stepper_row(app, r, px, label, false, DLG_THREADS, threads > 1, threads < rb_ui_search_cores());
}

/* "Speech rate 0" with a slower and a faster button, -100 to 100. */
static void dlg_speech_rate_row(rb_app *app, const rb_ui_state *st, SDL_Rect r, int px)
{
    char label[64];
    rb_ui_dlg_stepper_text(st, DLG_SPEECH_RATE, label, sizeof label);
    dlg_stepper_row(app, r, px, label, !st->settings.speech, DLG_SPEECH_RATE, st->settings.speech_rate > -100,
                    st->settings.speech_rate < 100);
}

/* The preview's position: every kind of piece, the bishop on d1 selected
 * and the pointer on c6, the end of a path that bounces off the a4 wall. */
#define DLG_PREVIEW_POSITION "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/1P1KR2/2PBR2 w - 0 1"

/* The look: the board's colours in a column and the piece sets in a row,
 * beside a small board drawn with them, so every change shows in the
 * dialog before Done keeps it (and on the board behind it). The width of
 * the choices' column: */
static int dlg_look_width(rb_app *app, int px)
{
    int widest = rb_ui_text_width(app, _("Board colours"), px, true);
    for (int i = 0; i < rb_ui_theme_count; i++) {
        int tw = rb_ui_text_width(app, _(rb_ui_themes[i].label), px, false);
        widest = tw > widest ? tw : widest;
    }
    for (int i = 0; i < rb_ui_piece_set_count; i++) {
        int tw = rb_ui_text_width(app, _(rb_ui_piece_sets[i].label), px, false) * rb_ui_piece_set_count;
        widest = tw > widest ? tw : widest;
    }
    int w = widest + px * 3;
    return w > px * 12 ? w : px * 12;
}

/* The rows the look page takes: two headings, the colours, the pieces. */
#define DLG_LOOK_ROWS (2 + rb_ui_theme_count * 5 / 6 + 1)

static void dlg_look_page(rb_app *app, const rb_ui_state *st, SDL_Rect page, int row, int px)
{
    int col_w = dlg_look_width(app, px);
    if (col_w > page.w) {
        col_w = page.w;
    }
    int y = page.y, crow = row * 5 / 6;
    SDL_Color ink = app->theme->text;
    rb_ui_text_draw(app, _("Board colours"), px, true, ink, page.x, y + row / 2, RB_UI_ALIGN_LEFT);
    y += row;
    for (int i = 0; i < rb_ui_theme_count; i++, y += crow) {
        SDL_Rect r = {page.x, y, col_w, crow - 2};
        rb_ui_widget_choice(app, r, _(rb_ui_themes[i].label), px, st->settings.theme == i, rb_ui_dlg_hover(app, r));
        rb_ui_dlg_hit(app, r, DLG_THEME + i);
    }
    rb_ui_text_draw(app, _("Pieces"), px, true, ink, page.x, y + row / 2, RB_UI_ALIGN_LEFT);
    y += row;
    int cw = col_w / rb_ui_piece_set_count;
    for (int i = 0; i < rb_ui_piece_set_count; i++) {
        SDL_Rect r = {page.x + i * cw, y, cw - 2, crow - 2};
        rb_ui_widget_choice(app, r, _(rb_ui_piece_sets[i].label), px, st->settings.pieces == i,
                            rb_ui_dlg_hover(app, r));
        rb_ui_dlg_hit(app, r, DLG_PIECES + i);
    }
    /* The preview takes what is left beside the choices; in a window too
     * small for a readable board it is left out rather than squeezed. */
    int gap = px, left = page.w - col_w - gap;
    int size = left < page.h ? left : page.h;
    rb_pos pos;
    char err[200];
    if (size < px * 5 || rb_pos_parse(&pos, DLG_PREVIEW_POSITION, err, sizeof err) != 0) {
        return;
    }
    rb_movelist moves;
    int sel = rb_sq_parse("d1");
    rb_gen_legal_from(&pos, sel, &moves);
    SDL_Rect area = {page.x + col_w + gap + (left - size) / 2, page.y, size, size};
    rb_ui_render_sample(app, &st->settings, &pos, area, moves.moves, moves.count, sel, rb_sq_parse("c6"));
}

/* The language buttons per row: all in one row when their names fit, else
 * two rows. */
static int dlg_language_per_row(rb_app *app, int width, int px)
{
    int n = rb_ui_lang_count, gap = px / 4, widest = 0;
    for (int i = 0; i < n; i++) {
        const char *name = i == 0 ? _(rb_ui_langs[0].name) : rb_ui_langs[i].name;
        int tw = rb_ui_text_width(app, name, px * 7 / 8, true);
        widest = tw > widest ? tw : widest;
    }
    int need = widest + px;
    return n * need + (n - 1) * gap <= width ? n : (n + 1) / 2;
}

/* "Language" over the choices, each language named in itself: three rows
 * (the buttons take one or two). */
static void dlg_language_rows(rb_app *app, const rb_ui_state *st, SDL_Rect r, int row, int px)
{
    rb_ui_text_draw(app, _("Language (changes at once)"), px, false, app->theme->text, r.x + row / 4, r.y + row / 2,
                    RB_UI_ALIGN_LEFT);
    int n = rb_ui_lang_count, gap = px / 4, per_row = dlg_language_per_row(app, r.w, px);
    int bw = (r.w - (per_row - 1) * gap) / per_row, bh = row * 4 / 5;
    for (int i = 0; i < n; i++) {
        int line = 1 + i / per_row, at = i % per_row;
        SDL_Rect b = {r.x + at * (bw + gap), r.y + line * row + (row - bh) / 2, bw, bh};
        const char *name = i == 0 ? _(rb_ui_langs[0].name) : rb_ui_langs[i].name;
        rb_ui_widget_choice(app, b, name, px * 7 / 8, st->settings.language == i, rb_ui_dlg_hover(app, b));
        rb_ui_dlg_hit(app, b, DLG_LANGUAGE + i);
    }
}

/* The rows a page of switches takes beyond its switches. */
static int dlg_page_extra_rows(rb_ui_settings_page page)
{
    /* the volume, the interface size, the computer's cores, the speech rate, the language (three rows) */
    return page == RB_UI_SETTINGS_GAME ? 7 : 0;
}

static int dlg_page_rows(rb_ui_settings_page page)
{
    if (page == RB_UI_SETTINGS_LOOK) {
        return DLG_LOOK_ROWS;
    }
    int n = dlg_page_extra_rows(page);
    for (int i = 0; i < rb_ui_setting_count; i++) {
        n += rb_ui_setting_infos[i].page == page;
    }
    return n;
}

/* A page of switches in one column, and under them the page's rows of
 * other controls. */
static void dlg_switch_page(rb_app *app, const rb_ui_state *st, SDL_Rect page, int row, int px)
{
    int y = page.y;
    for (int i = 0; i < rb_ui_setting_count; i++) {
        if (rb_ui_setting_infos[i].page != (rb_ui_settings_page)st->dialog.page) {
            continue;
        }
        SDL_Rect r = {page.x, y, page.w, row};
        rb_ui_widget_check(app, r, _(rb_ui_setting_infos[i].label), px, rb_ui_settings_get(&st->settings, i),
                           rb_ui_dlg_hover(app, r));
        rb_ui_dlg_hit(app, r, DLG_SETTING + i);
        char said[160];
        /* TRANSLATORS: the spoken mode: a switch of the settings and whether it is on */
        snprintf(said, sizeof said, rb_ui_settings_get(&st->settings, i) ? _("%s: on") : _("%s: off"),
                 _(rb_ui_setting_infos[i].label));
        rb_ui_dlg_label_set(app, DLG_SETTING + i, said);
        y += row;
    }
    if (st->dialog.page != RB_UI_SETTINGS_GAME) {
        return;
    }
    dlg_volume_row(app, st, (SDL_Rect){page.x, y, page.w, row}, px);
    dlg_scale_row(app, st, (SDL_Rect){page.x, y + row, page.w, row}, px);
    dlg_threads_row(app, st, (SDL_Rect){page.x, y + 2 * row, page.w, row}, px);
    dlg_speech_rate_row(app, st, (SDL_Rect){page.x, y + 3 * row, page.w, row}, px);
    dlg_language_rows(app, st, (SDL_Rect){page.x, y + 4 * row, page.w, 3 * row}, row, px);
}

/* The tabs' words; the dialog opens on the first. */
static const char *const dlg_settings_tabs[RB_UI_SETTINGS_PAGES] = {
    /* TRANSLATORS: tabs of the Settings dialog: the board's colours and pieces, what the board shows, the rest */
    N_("Look"),
    N_("Board"),
    N_("Game"),
};

/* The tabs in a row under the title, the chosen one filled. */
static void dlg_settings_tab_row(rb_app *app, const rb_ui_state *st, SDL_Rect r, int px)
{
    int gap = px / 4, tw = (r.w - (RB_UI_SETTINGS_PAGES - 1) * gap) / RB_UI_SETTINGS_PAGES;
    int max_w = px * 9;
    tw = tw < max_w ? tw : max_w;
    for (int i = 0; i < RB_UI_SETTINGS_PAGES; i++) {
        SDL_Rect t = {r.x + i * (tw + gap), r.y, tw, r.h};
        rb_ui_widget_choice(app, t, _(dlg_settings_tabs[i]), px, st->dialog.page == i, rb_ui_dlg_hover(app, t));
        rb_ui_dlg_hit(app, t, DLG_TAB + i);
        rb_ui_dlg_label_set(app, DLG_TAB + i, _(dlg_settings_tabs[i]));
    }
}

/* The width a page's widest row asks for, without the dialog's padding. */
static int dlg_settings_width(rb_app *app, int px)
{
    int widest = 0;
    for (int i = 0; i < rb_ui_setting_count; i++) {
        int tw = rb_ui_text_width(app, _(rb_ui_setting_infos[i].label), px, false) + px * 3;
        widest = tw > widest ? tw : widest;
    }
    char label[64];
    snprintf(label, sizeof label, _("Interface size %d%%"), RB_UI_SCALE_MAX);
    int tw = rb_ui_text_width(app, label, px, false) + px * 7;
    widest = tw > widest ? tw : widest;
    int look = dlg_look_width(app, px) + px * 9; /* and a preview of 8 em */
    widest = look > widest ? look : widest;
    return widest;
}

/* Settings in pages, chosen by the tabs under the title. The dialog is as
 * big as its fullest page whichever page shows, so that changing pages
 * leaves the tabs and Done under the pointer. */
static void dlg_settings_draw(rb_app *app, const rb_ui_state *st)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int row = px * 2, tab_h = px * 2;
    int rows = 0;
    for (int p = 0; p < RB_UI_SETTINGS_PAGES; p++) {
        int n = dlg_page_rows((rb_ui_settings_page)p);
        rows = n > rows ? n : rows;
    }
    int w = dlg_settings_width(app, px) + 2 * pad;
    if (w < px * 24) {
        w = px * 24;
    }
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + tab_h + pad / 2 + rows * row + pad +
            rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    int y = rb_ui_dlg_title(app, box, _("Settings"));
    /* In a window too short for every row, rows shrink rather than spill. */
    int room = box.y + box.h - pad * 2 - rb_ui_dlg_button_h(app) - tab_h - pad / 2 - y;
    if (row * rows > room) {
        row = room / rows;
    }
    int size = px;
    if (row < px * 3 / 2) {
        size = row * 2 / 3 > 9 ? row * 2 / 3 : 9;
    }
    /* In a window too narrow for the widest row, the text shrinks with it. */
    if (box.w < w) {
        size = size * box.w / w > 9 ? size * box.w / w : 9;
    }
    dlg_settings_tab_row(app, st, (SDL_Rect){box.x + pad / 2, y, box.w - pad, tab_h}, px);
    y += tab_h + pad / 2;
    SDL_Rect page = {box.x + pad / 2, y, box.w - pad, rows * row};
    if (st->dialog.page == RB_UI_SETTINGS_LOOK) {
        dlg_look_page(app, st, page, row, size);
    } else {
        dlg_switch_page(app, st, page, row, size);
    }
    rb_ui_dlg_buttons(app, box, _("Done"), NULL);
}

static rb_ui_cmd dlg_settings_click(rb_ui_state *st, int id)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (id >= DLG_TAB && id < DLG_TAB + RB_UI_SETTINGS_PAGES) {
        st->dialog.page = id - DLG_TAB; /* the dialog's own input: no command */
    } else if (id == DLG_OK || id == DLG_CANCEL) {
        cmd.kind = RB_UI_CMD_SAVE_SETTINGS;
    } else if (id >= DLG_SETTING && id < DLG_SETTING + rb_ui_setting_count) {
        /* Changes show at once behind the dialog. */
        cmd.kind = RB_UI_CMD_SET_SETTING;
        cmd.set_setting.index = id - DLG_SETTING;
        cmd.set_setting.on = !rb_ui_settings_get(&st->settings, cmd.set_setting.index);
    } else if (id >= DLG_THEME && id < DLG_THEME + rb_ui_theme_count) {
        cmd.kind = RB_UI_CMD_SET_THEME;
        cmd.set_theme.theme = id - DLG_THEME;
    } else if (id >= DLG_PIECES && id < DLG_PIECES + rb_ui_piece_set_count) {
        cmd.kind = RB_UI_CMD_SET_PIECES;
        cmd.set_pieces.set = id - DLG_PIECES;
    } else if (id >= DLG_LANGUAGE && id < DLG_LANGUAGE + rb_ui_lang_count) {
        cmd.kind = RB_UI_CMD_SET_LANGUAGE;
        cmd.set_language.lang = id - DLG_LANGUAGE;
    } else if (id == DLG_VOLUME || id == DLG_VOLUME + 1) {
        int v = st->settings.volume + (id == DLG_VOLUME ? -DLG_VOLUME_STEP : DLG_VOLUME_STEP);
        cmd.kind = RB_UI_CMD_SET_VOLUME;
        cmd.set_volume.volume = v < 0 ? 0 : v > 100 ? 100 : v;
    } else if (id == DLG_SPEECH_RATE || id == DLG_SPEECH_RATE + 1) {
        int v = st->settings.speech_rate + (id == DLG_SPEECH_RATE ? -DLG_VOLUME_STEP : DLG_VOLUME_STEP);
        cmd.kind = RB_UI_CMD_SET_SPEECH_RATE;
        cmd.set_speech_rate.rate = v < -100 ? -100 : v > 100 ? 100 : v;
    } else if (id == DLG_THREADS || id == DLG_THREADS + 1) {
        int n = rb_ui_search_threads(st->settings.threads) + (id == DLG_THREADS ? -1 : 1);
        int most = rb_ui_search_cores();
        n = n < 1 ? 1 : n > most ? most : n;
        cmd.kind = RB_UI_CMD_SET_THREADS;
        /* back at all cores but one is the automatic choice again, which
         * follows the settings file to another machine */
        cmd.set_threads.threads = n == rb_ui_search_threads(0) ? 0 : n;
    } else if (id == DLG_SCALE || id == DLG_SCALE + 1) {
        cmd.kind = RB_UI_CMD_SET_SCALE;
        cmd.set_scale.percent = st->settings.ui_scale_pct + (id == DLG_SCALE ? -RB_UI_SCALE_STEP : RB_UI_SCALE_STEP);
    }
    return cmd;
}

/* ---- drawing and events ------------------------------------------------ */

void rb_ui_dialog_draw(rb_app *app, const rb_ui_state *st)
{
    if (!app->dialog || st->dialog.kind == RB_UI_DIALOG_NONE) {
        return;
    }
    app->dialog->nhits = 0;
    app->dialog->anchor_drawn = false;
    switch (st->dialog.kind) {
    case RB_UI_DIALOG_NEW_GAME: rb_ui_dlg_new_draw(app, st); break;
    case RB_UI_DIALOG_SAVE: rb_ui_dlg_save_draw(app, st); break;
    case RB_UI_DIALOG_LOAD: rb_ui_dlg_load_draw(app, st); break;
    case RB_UI_DIALOG_SETTINGS: dlg_settings_draw(app, st); break;
    case RB_UI_DIALOG_HELP: rb_ui_dlg_help_draw(app, st); break;
    case RB_UI_DIALOG_MESSAGE: dlg_message_draw(app, st); break;
    case RB_UI_DIALOG_WELCOME: rb_ui_dlg_welcome_draw(app, st); break;
    case RB_UI_DIALOG_ONLINE: rb_ui_dlg_online_draw(app, st); break;
    case RB_UI_DIALOG_NET_HOST: rb_ui_dlg_host_draw(app, st); break;
    case RB_UI_DIALOG_NONE: break;
    }
    /* The keyboard focus, ringed wherever the control was drawn. */
    SDL_Rect r;
    if (rb_ui_dlg_focus_rect(app, st->dialog.focus, &r)) {
        rb_ui_widget_focus_ring(app, r, rb_ui_widget_font_px(app));
    }
}

static rb_ui_cmd dlg_click(rb_app *app, int id, int clicks)
{
    rb_ui_state *st = &app->state;
    switch (st->dialog.kind) {
    case RB_UI_DIALOG_NEW_GAME: return rb_ui_dlg_new_click(st, id);
    case RB_UI_DIALOG_SAVE: return rb_ui_dlg_save_click(st, id);
    case RB_UI_DIALOG_LOAD: return rb_ui_dlg_load_click(st, id, clicks);
    case RB_UI_DIALOG_SETTINGS:
        if (id == DLG_SCALE || id == DLG_SCALE + 1) {
            /* The dialog grows or shrinks with the size: it does so around
             * the button, which stays under the pointer for the next click. */
            rb_ui_dlg_anchor(app, id);
        }
        return dlg_settings_click(st, id);
    case RB_UI_DIALOG_HELP:
        if (id == DLG_WELCOME) {
            rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
            cmd.open_dialog.dialog = RB_UI_DIALOG_WELCOME;
            return cmd;
        }
        rb_ui_dlg_help_click(st, id);
        break;
    case RB_UI_DIALOG_WELCOME: return rb_ui_dlg_welcome_click(st, id);
    case RB_UI_DIALOG_ONLINE: return rb_ui_dlg_online_click(st, id, clicks);
    case RB_UI_DIALOG_NET_HOST: return rb_ui_dlg_host_click(st, id);
    case RB_UI_DIALOG_MESSAGE:
        if (id == DLG_OK || id == DLG_CANCEL) {
            return dlg_message_answer(st, id == DLG_OK);
        }
        break;
    case RB_UI_DIALOG_NONE: break;
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

/* The settings' pages from the keyboard, as tabs go elsewhere: Ctrl+Tab
 * and Ctrl+PgDn the next page, with Shift or Ctrl+PgUp the one before, and
 * Left and Right while the focus is on the tabs; the focus lands on the
 * tab chosen. The row of tabs is one stop of Tab and the other arrows,
 * which enter it at the chosen tab. Returns true when the key was taken. */
static bool dlg_settings_key(rb_app *app, SDL_Keycode key, Uint16 mod)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    bool ctrl = (mod & KMOD_CTRL) != 0, back = (mod & KMOD_SHIFT) != 0;
    bool on_tab = d->focus >= DLG_TAB && d->focus < DLG_TAB + RB_UI_SETTINGS_PAGES;
    int turn = 0, move = 0;
    if (ctrl && key == SDLK_TAB) {
        turn = back ? -1 : 1;
    } else if (ctrl && (key == SDLK_PAGEDOWN || key == SDLK_PAGEUP)) {
        turn = key == SDLK_PAGEDOWN ? 1 : -1;
    } else if (on_tab && (key == SDLK_LEFT || key == SDLK_RIGHT)) {
        turn = key == SDLK_RIGHT ? 1 : -1;
    } else if (key == SDLK_TAB) {
        move = back ? -1 : 1;
    } else if (key == SDLK_LEFT || key == SDLK_UP || key == SDLK_DOWN || key == SDLK_RIGHT) {
        move = key == SDLK_LEFT || key == SDLK_UP ? -1 : 1;
    }
    if (turn) {
        d->page = ((d->page + turn) % RB_UI_SETTINGS_PAGES + RB_UI_SETTINGS_PAGES) % RB_UI_SETTINGS_PAGES;
        d->focus = DLG_TAB + d->page;
        return true;
    }
    if (!move) {
        return false;
    }
    /* Leave the row from its end, and enter it at the chosen tab. */
    int from = on_tab ? DLG_TAB + (move > 0 ? RB_UI_SETTINGS_PAGES - 1 : 0) : d->focus;
    int to = rb_ui_dlg_focus_next(app, from, move);
    if (to >= DLG_TAB && to < DLG_TAB + RB_UI_SETTINGS_PAGES) {
        to = DLG_TAB + d->page;
    }
    d->focus = to;
    return true;
}

/* Enter on a choice of the new-game form (an opponent, a level, a clock)
 * starts the game, and in the settings (a tab, a box, a colour) it is
 * Done, as Enter does everywhere in a form: only a button takes Enter for
 * itself; Space makes the choice. */
static bool dlg_enter_is_default(const rb_ui_dialog_state *d)
{
    int f = d->focus;
    switch (d->kind) {
    case RB_UI_DIALOG_NEW_GAME: return f != DLG_CANCEL && !(f >= DLG_LAN && f < DLG_LAN + RB_UI_LAN_ROWS);
    case RB_UI_DIALOG_SETTINGS:
        return !(f >= DLG_VOLUME && f <= DLG_VOLUME + 1) && !(f >= DLG_SPEECH_RATE && f <= DLG_SPEECH_RATE + 1) &&
               !(f >= DLG_SCALE && f <= DLG_SCALE + 1) && !(f >= DLG_THREADS && f <= DLG_THREADS + 1);
    default: return false;
    }
}

/* Keys every dialog shares: Tab and Shift+Tab (and the arrows a dialog
 * does not use itself) move the focus through the controls in the order
 * they were drawn; Enter or Space activates the focused control. Returns
 * true when the key was taken. */
static bool dlg_focus_key(rb_app *app, SDL_Keycode key, Uint16 mod, rb_ui_cmd *cmd)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    bool arrows_free = d->kind != RB_UI_DIALOG_HELP || key == SDLK_UP || key == SDLK_DOWN;
    if (d->kind == RB_UI_DIALOG_LOAD && (key == SDLK_UP || key == SDLK_DOWN)) {
        arrows_free = false; /* they pick a game */
    }
    if (d->kind == RB_UI_DIALOG_SETTINGS && dlg_settings_key(app, key, mod)) {
        return true;
    }
    switch (key) {
    case SDLK_TAB: d->focus = rb_ui_dlg_focus_next(app, d->focus, (mod & KMOD_SHIFT) ? -1 : 1); return true;
    case SDLK_LEFT:
    case SDLK_UP:
    case SDLK_RIGHT:
    case SDLK_DOWN:
        if (!arrows_free) {
            return false;
        }
        d->focus = rb_ui_dlg_focus_next(app, d->focus, key == SDLK_LEFT || key == SDLK_UP ? -1 : 1);
        return true;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
    case SDLK_SPACE: {
        SDL_Rect r;
        bool enter = key != SDLK_SPACE;
        if (!rb_ui_dlg_focus_rect(app, d->focus, &r)) {
            return false; /* nothing focused: Enter is the default button */
        }
        int id = d->focus == DLG_LIST || (enter && dlg_enter_is_default(d)) ? DLG_OK : d->focus;
        if (id == DLG_LIST && !enter) {
            return false;
        }
        *cmd = dlg_click(app, id, 1);
        return true;
    }
    default: return false;
    }
}

static rb_ui_cmd dlg_key(rb_app *app, SDL_Keycode key, Uint16 mod)
{
    rb_ui_state *st = &app->state;
    bool enter = key == SDLK_RETURN || key == SDLK_KP_ENTER;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (st->dialog.kind == RB_UI_DIALOG_SAVE || st->dialog.kind == RB_UI_DIALOG_NEW_GAME) {
        bool used;
        cmd = st->dialog.kind == RB_UI_DIALOG_SAVE ? rb_ui_dlg_save_key(app, key, mod, &used)
                                                   : rb_ui_dlg_new_field_key(app, key, mod, &used);
        if (used) {
            return cmd;
        }
    }
    if (st->dialog.kind == RB_UI_DIALOG_ONLINE) {
        bool used;
        cmd = rb_ui_dlg_online_key(app, key, mod, &used);
        if (used) {
            return cmd;
        }
    }
    if (st->dialog.kind == RB_UI_DIALOG_NET_HOST) {
        bool used;
        cmd = rb_ui_dlg_host_key(st, key, mod, &used);
        if (used) {
            return cmd;
        }
    }
    if (dlg_focus_key(app, key, mod, &cmd)) {
        return cmd;
    }
    switch (st->dialog.kind) {
    case RB_UI_DIALOG_NEW_GAME: return rb_ui_dlg_new_key(st, key);
    case RB_UI_DIALOG_SAVE:
        if (key == SDLK_ESCAPE) {
            rb_ui_dlg_close(st);
        }
        break;
    case RB_UI_DIALOG_LOAD: return rb_ui_dlg_load_key(app, key);
    case RB_UI_DIALOG_HELP: rb_ui_dlg_help_key(st, key); break;
    case RB_UI_DIALOG_WELCOME: return rb_ui_dlg_welcome_key(st, key);
    case RB_UI_DIALOG_ONLINE: break;
    case RB_UI_DIALOG_NET_HOST: break;
    case RB_UI_DIALOG_SETTINGS:
        if (key == SDLK_ESCAPE || enter) {
            return rb_ui_cmd_of(RB_UI_CMD_SAVE_SETTINGS);
        }
        break;
    case RB_UI_DIALOG_MESSAGE:
        if (enter) {
            return dlg_message_answer(st, true);
        }
        if (key == SDLK_ESCAPE) {
            return dlg_message_answer(st, st->dialog.ask == RB_UI_ASK_NONE || st->dialog.ask == RB_UI_ASK_RESUME);
        }
        break;
    case RB_UI_DIALOG_NONE: break;
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

/* The open dialog's text field, if it has one. */
static bool dlg_field_edit(rb_ui_dialog_state *d, rb_ui_edit *e)
{
    if (d->kind == RB_UI_DIALOG_SAVE) {
        *e = (rb_ui_edit){d->name, sizeof d->name, &d->caret, &d->anchor};
        return true;
    }
    if (d->kind == RB_UI_DIALOG_NEW_GAME) {
        *e = rb_ui_dlg_new_edit(d);
        return true;
    }
    return false;
}

/* Whether the focus is on a text field (the online dialog has several). */
static bool dlg_on_field(int focus)
{
    return focus == DLG_FIELD || (focus >= DLG_ONLINE_FIELD && focus < DLG_ONLINE_FIELD + RB_UI_ONLINE_FIELDS);
}

static rb_ui_cmd dlg_event(rb_app *app, const SDL_Event *ev);

rb_ui_cmd rb_ui_dialog_event(rb_app *app, const SDL_Event *ev)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    rb_ui_dialog_kind kind = d->kind;
    int focus = d->focus;
    rb_ui_cmd cmd = dlg_event(app, ev);
    /* A text field that gets the focus (by a click or Tab) has its text
     * selected, so that typing replaces it. */
    rb_ui_edit e;
    if (d->kind == kind && dlg_on_field(d->focus) && d->focus != focus &&
        (dlg_field_edit(d, &e) || rb_ui_dlg_online_edit(&app->state, &e))) {
        rb_ui_textedit_select_all(e);
    }
    return cmd;
}

static rb_ui_cmd dlg_event(rb_app *app, const SDL_Event *ev)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (!app->dialog || d->kind == RB_UI_DIALOG_NONE) {
        return none;
    }
    switch (ev->type) {
    case SDL_MOUSEMOTION:
        app->dialog->mouse_x = ev->motion.x;
        app->dialog->mouse_y = ev->motion.y;
        d->hover = rb_ui_dlg_hit_at(app, ev->motion.x, ev->motion.y);
        break;
    case SDL_MOUSEBUTTONDOWN:
        app->dialog->mouse_x = ev->button.x;
        app->dialog->mouse_y = ev->button.y;
        d->hover = rb_ui_dlg_hit_at(app, ev->button.x, ev->button.y);
        if (ev->button.button == SDL_BUTTON_LEFT) {
            d->pressed = d->hover;
            /* A click moves the keyboard focus there too (a row of the
             * list focuses the list). */
            if (d->hover >= DLG_ENTRY) {
                d->focus = DLG_LIST;
            } else if (d->hover != DLG_NONE) {
                d->focus = d->hover;
            }
        }
        break;
    case SDL_MOUSEBUTTONUP: {
        int id = rb_ui_dlg_hit_at(app, ev->button.x, ev->button.y);
        int was = d->pressed;
        d->pressed = DLG_NONE;
        if (ev->button.button == SDL_BUTTON_LEFT && id != DLG_NONE && id == was) {
            return dlg_click(app, id, ev->button.clicks);
        }
        break;
    }
    case SDL_MOUSEWHEEL:
        if (d->kind == RB_UI_DIALOG_LOAD) {
            int dy = ev->wheel.y;
            if (ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED) {
                dy = -dy;
            }
            rb_ui_dlg_load_wheel(app, dy);
        }
        break;
    case SDL_KEYDOWN: return dlg_key(app, ev->key.keysym.sym, ev->key.keysym.mod);
    case SDL_TEXTINPUT:
        if (d->kind == RB_UI_DIALOG_SAVE) {
            rb_ui_dlg_save_text(app, ev->text.text);
        } else if (d->kind == RB_UI_DIALOG_NEW_GAME) {
            rb_ui_dlg_new_text(&app->state, ev->text.text);
        } else if (d->kind == RB_UI_DIALOG_ONLINE) {
            rb_ui_dlg_online_text(&app->state, ev->text.text);
        }
        break;
    default: break;
    }
    return none;
}
