/*
 * dlg_new.c - the new-game dialog: who plays White and Black (a person, or
 * the computer at a level), each side's clock, and a start from the
 * position editor's position when it is open; or a network game, hosted
 * (the colour, the clock and the port) or joined (a friend's invite code
 * or address, or a game of the local network's list, connected to before
 * the dialog closes so that a refusal is said in it). The network choices
 * are opponents like the others, so one
 * form, one Start button and one field (the custom clock, the port or the
 * code, whichever the opponent uses) serve every kind of game.
 */
#include "dialogs/dlg_new.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialogs/dlg_field.h"
#include "kit/text.h"
#include "kit/textedit.h"
#include "kit/widget.h"
#include "rb_engine.h"
#include "rb_net_invite.h"
#include "state/game_clock.h"
#include "words/lan_words.h"

void rb_ui_dlg_new_open(rb_ui_state *st)
{
    rb_ui_dialog_state *d = &st->dialog;
    const rb_ui_player *p = st->players;
    bool human[2] = {p[0].kind == RB_UI_HUMAN, p[1].kind == RB_UI_HUMAN};
    if (human[0] && human[1]) {
        d->mode = RB_UI_TWO_PLAYERS;
    } else if (!human[0] && !human[1]) {
        d->mode = RB_UI_COMPUTERS;
    } else {
        d->mode = RB_UI_VS_COMPUTER;
    }
    d->side = human[1] && !human[0] ? RB_BLACK : RB_WHITE;
    d->level[0] = p[0].level;
    d->level[1] = p[1].level;
    if (d->mode == RB_UI_VS_COMPUTER) {
        /* One level for "the computer", whichever colour it had. */
        int lv = p[d->side ^ 1].level;
        d->level[0] = d->level[1] = lv;
    }
    /* The clock keeps the last choice of this run; untimed at first. */
    if (d->time_custom[0] == '\0') {
        snprintf(d->time_custom, sizeof d->time_custom, "10+5");
    }
    /* Selected, as the save dialog's name: typing replaces it. */
    d->anchor = 0;
    d->caret = (int)strlen(d->time_custom);
    d->error[0] = '\0';
    /* Opened over the position editor, it starts the game from there. */
    d->from_editor = st->editor.active && !st->analysis.active;
    d->replace_agreed = false;
    d->joining = RB_UI_JOIN_NONE;
    d->lan_state = -1;
    d->nlan = 0;
    if (d->net_port[0] == '\0') {
        snprintf(d->net_port, sizeof d->net_port, "%d", RB_NET_DEFAULT_PORT);
    }
    SDL_StartTextInput();
}

#define DLG_TIME_CHOICES (RB_UI_TC_NPRESETS + 1)
#define DLG_MODES 5

static bool dlg_new_net(const rb_ui_dialog_state *d)
{
    return d->mode == RB_UI_NET_HOST || d->mode == RB_UI_NET_JOIN;
}

/* The custom clock is for games at this screen: a hosted game takes the
 * presets (the protocol gives both sides one clock). */
static bool dlg_new_custom(const rb_ui_dialog_state *d)
{
    return d->time_choice == RB_UI_TC_NPRESETS && !dlg_new_net(d);
}

/* Whether the form shows a text field: the custom clock, the port or the
 * code. */
static bool dlg_new_has_field(const rb_ui_dialog_state *d)
{
    return dlg_new_custom(d) || dlg_new_net(d);
}

/* The lines of choices n names take in box: one, or two when a name does
 * not fit a choice a whole line gives it (a long word of a translation). */
static int dlg_choice_lines(rb_app *app, SDL_Rect box, const char *const *names, int n)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int gap = px / 4 > 1 ? px / 4 : 1;
    SDL_Rect r = {0, 0, (box.w - 2 * pad - (n - 1) * gap) / n, px * 2};
    for (int i = 0; i < n; i++) {
        if (!rb_ui_widget_choice_fits(app, r, names[i], px)) {
            return 2;
        }
    }
    return 1;
}

/* A labelled row of n choices with ids base+first..; returns the y below. */
static int dlg_choice_row(rb_app *app, SDL_Rect box, int y, const char *label, const char *const *names, int n,
                          int first, int base, int chosen)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int lh = rb_ui_text_line_height(app, px);
    SDL_Rect head = rb_ui_text_box_begin(app, (SDL_Rect){box.x + pad, y, box.w - 2 * pad, lh});
    int head_px = rb_ui_text_fit_px(app, label, px, true, box.w - 2 * pad, px * 3 / 4);
    rb_ui_text_draw(app, label, head_px, true, app->theme->text, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, head);
    y += lh + px / 4;
    int h = px * 2, gap = px / 4 > 1 ? px / 4 : 1;
    int lines = dlg_choice_lines(app, box, names, n), cols = (n + lines - 1) / lines;
    int w = (box.w - 2 * pad - (cols - 1) * gap) / cols;
    for (int i = 0; i < n; i++) {
        SDL_Rect r = {box.x + pad + i % cols * (w + gap), y + i / cols * (h + gap), w, h};
        rb_ui_widget_choice(app, r, names[i], px, first + i == chosen, rb_ui_dlg_hover(app, r));
        rb_ui_dlg_hit(app, r, base + first + i);
        char said[160];
        /* TRANSLATORS: the spoken mode: a choice of the new-game dialog, its group, and whether it is chosen */
        snprintf(said, sizeof said, first + i == chosen ? _("%s: %s, chosen") : _("%s: %s"), label, names[i]);
        rb_ui_dlg_label_set(app, base + first + i, said);
    }
    return y + lines * h + (lines - 1) * gap + pad * 3 / 4;
}

static const char *const dlg_levels[RB_LEVEL_MAX] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"};

/* A level row's heading names the chosen level in words too ("3, casual"):
 * the buttons are too narrow for ten words, the number alone says little. */
static const char *dlg_level_label(char *buf, size_t len, const char *format, int level)
{
    snprintf(buf, len, format, level, _(rb_level_name(level)));
    return buf;
}

/* A heading and the form's text field under it; returns the y below. */
static int dlg_field_row(rb_app *app, SDL_Rect box, int y, const char *label, const rb_ui_dialog_state *d)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int lh = rb_ui_text_line_height(app, px);
    SDL_Rect head = rb_ui_text_box_begin(app, (SDL_Rect){box.x + pad, y, box.w - 2 * pad, lh});
    int head_px = rb_ui_text_fit_px(app, label, px, true, box.w - 2 * pad, px * 3 / 4);
    rb_ui_text_draw(app, label, head_px, true, app->theme->text, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
    rb_ui_text_box_end(app, head);
    y += lh + px / 4;
    const char *text = d->mode == RB_UI_NET_HOST ? d->net_port : d->net_code;
    SDL_Rect field = {box.x + pad, y, box.w - 2 * pad, px * 2};
    rb_ui_widget_edit(app, field, text, px, d->focus == DLG_FIELD, d->caret, d->anchor);
    rb_ui_dlg_hit(app, field, DLG_FIELD);
    rb_ui_dlg_label_set(app, DLG_FIELD, label);
    return y + px * 2 + pad * 3 / 4;
}

/* The line under the Join view's field: who decides the game, or, once
 * Join is pressed, that it connects or waits to be let in. */
static const char *dlg_join_note(const rb_ui_dialog_state *d, char *buf, size_t len)
{
    if (d->joining == RB_UI_JOIN_WAITING) {
        rb_ui_lan_words_waiting(d->join_host, buf, len);
        return buf;
    }
    if (d->joining == RB_UI_JOIN_CONNECTING) {
        if (d->join_host[0]) {
            /* TRANSLATORS: Join was pressed on a game of the local network's list; %s is the host player's name */
            snprintf(buf, len, _("Connecting to %s… Cancel stops it."), d->join_host);
        } else {
            /* TRANSLATORS: Join was pressed with an invite code or an address */
            snprintf(buf, len, "%s", _("Connecting to the host… Cancel stops it."));
        }
        return buf;
    }
    /* TRANSLATORS: a note under the invite code field */
    return _("The colour and the clock are the host's.");
}

/* The games found on the local network, under the Join view's note, from
 * top down to bottom: a sentence for the list's state (looking, found,
 * none, or why it cannot look), then one row a game, as many as fit; a
 * row joins its game (which knocks: the host's person lets one in). */
static void dlg_join_list(rb_app *app, const rb_ui_dialog_state *d, SDL_Rect box, int top, int bottom)
{
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int w = box.w - 2 * pad, small = px * 7 / 8;
    const char *head = d->lan_state < 0 ? rb_ui_lan_words_state(RB_NET_LAN_STARTING)
                                        : rb_ui_lan_words_state((rb_net_lan_state)d->lan_state);
    if (d->lan_state == RB_NET_LAN_READY && d->nlan == 0) {
        /* TRANSLATORS: the Join view's list of games on the local network, while none is announced */
        head = _("No game announced on this network yet.");
    }
    if (top + rb_ui_text_wrapped_height(app, head, small, false, w) > bottom) {
        return; /* a window too small for the list: the field still works */
    }
    int y = top + rb_ui_text_draw_wrapped(app, head, small, false, app->theme->text_dim, box.x + pad, top, w);
    int h = px * 2, gap = px / 4 > 1 ? px / 4 : 1;
    y += gap;
    for (int i = 0; i < d->nlan && y + h <= bottom; i++) {
        char row[RB_NET_NAME_MAX + RB_NET_LAN_ADDR_MAX + 32];
        rb_ui_lan_words_game(&d->lan[i], row, sizeof row);
        SDL_Rect r = {box.x + pad, y, w, h};
        rb_ui_widget_choice(app, r, row, px, false, !d->joining && rb_ui_dlg_hover(app, r));
        if (!d->joining) {
            rb_ui_dlg_hit(app, r, DLG_LAN + i);
            char said[sizeof row + 80];
            /* TRANSLATORS: the spoken mode: a game of the local network's list; Enter joins it */
            snprintf(said, sizeof said, _("%s: join"), row);
            rb_ui_dlg_label_set(app, DLG_LAN + i, said);
        }
        y += h + gap;
    }
}

/* A game of the list picked: its address in the field, and joined. */
static rb_ui_cmd dlg_new_net_start(rb_ui_state *st);

static rb_ui_cmd dlg_join_pick(rb_ui_state *st, int i)
{
    rb_ui_dialog_state *d = &st->dialog;
    const rb_net_lan_game *g = &d->lan[i];
    bool v6 = strchr(g->host, ':') != NULL;
    snprintf(d->net_code, sizeof d->net_code, "%s%s%s:%d", v6 ? "[" : "", g->host, v6 ? "]" : "", g->port);
    d->caret = d->anchor = (int)strlen(d->net_code);
    d->error[0] = '\0';
    return dlg_new_net_start(st);
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
    const char *const modes[DLG_MODES] = {_("Play the computer"), _("Two players"), _("Computer vs computer"),
                                          /* TRANSLATORS: an opponent choice of the new-game dialog */
                                          _("Host a network game"),
                                          /* TRANSLATORS: an opponent choice of the new-game dialog */
                                          _("Join a network game")};
    /* TRANSLATORS: the side you play: buttons under "You play" */
    const char *const sides[3] = {_("White"), _("Black"), _("Random")};
    /* TRANSLATORS: the clock choices; "3+2" and the like stay as they are */
    const char *const times[DLG_TIME_CHOICES] = {_("Untimed"), "3+2", "5+3", "10+5", "15+10", _("Custom")};
    int rows = 3 + 1 + 1;
    int inner = px * 32 - 2 * pad;
    int err_h = d->error[0] ? rb_ui_text_wrapped_height(app, d->error, px, false, inner) + pad / 2 : 0;
    /* Rows whose names need two lines of choices (long words) make it taller. */
    SDL_Rect probe = {0, 0, px * 32 < app->layout.out_w - pad ? px * 32 : app->layout.out_w - pad, 0};
    int twice = dlg_choice_lines(app, probe, modes, DLG_MODES) + dlg_choice_lines(app, probe, sides, 3) +
                dlg_choice_lines(app, probe, times, DLG_TIME_CHOICES) - 3;
    int h = pad + rb_ui_text_line_height(app, px * 4 / 3) + pad / 2 + rows * row + twice * (px * 2 + px / 4) + lh * 2 +
            err_h + pad + rb_ui_dlg_button_h(app) + pad;
    SDL_Rect box = rb_ui_dlg_frame(app, px * 32, h);
    int y = rb_ui_dlg_title(app, box, d->from_editor ? _("Play from this position") : _("New game"));

    y = dlg_choice_row(app, box, y, _("Opponent"), modes, DLG_MODES, 0, DLG_MODE, (int)d->mode);
    const char *note = NULL;
    char label[256];
    if (d->mode == RB_UI_VS_COMPUTER) {
        y = dlg_choice_row(app, box, y, _("You play"), sides, 3, 0, DLG_SIDE, d->side);
        /* TRANSLATORS: a heading over the level buttons 1 to 10: "Computer level: 3, casual  (1 easiest, 10
         * strongest)"; %d is the level, %s its name */
        y = dlg_choice_row(
            app, box, y,
            dlg_level_label(label, sizeof label, _("Computer level: %d, %s  (1 easiest, 10 strongest)"), d->level[0]),
            dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_W - 1, d->level[0]);
        note = _("White moves first.");
    } else if (d->mode == RB_UI_NET_HOST) {
        y = dlg_choice_row(app, box, y, _("You play"), sides, 3, 0, DLG_SIDE, d->side);
        /* TRANSLATORS: how a hosted network game is joined: the friend gets the code once it is listening */
        note = _("Start listens on this port (0: any free one) and shows the invite code to give your friend.");
    } else if (d->mode == RB_UI_NET_JOIN) {
        /* The heading is the field's spoken label too: short enough for
         * narrow windows in every language; the note says how to paste. */
        y = dlg_field_row(app, box, y, _("Invite code or address"), d);
        note = dlg_join_note(d, label, sizeof label);
    } else if (d->mode == RB_UI_COMPUTERS) {
        y = dlg_choice_row(
            app, box, y,
            dlg_level_label(label, sizeof label, _("White's level: %d, %s  (1 easiest, 10 strongest)"), d->level[0]),
            dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_W - 1, d->level[0]);
        y = dlg_choice_row(
            app, box, y,
            dlg_level_label(label, sizeof label, _("Black's level: %d, %s  (1 easiest, 10 strongest)"), d->level[1]),
            dlg_levels, RB_LEVEL_MAX, 1, DLG_LEVEL_B - 1, d->level[1]);
        /* TRANSLATORS: a game between two computers; \u2190 is the left arrow key, End a key */
        note = _("Browse back with \u2190 to pause them; End lets them play on.");
    } else {
        note = _("Two players take turns at this screen.");
    }
    if (d->from_editor) {
        note = st->editor.pos.side == RB_WHITE ? _("White moves first in this position.")
                                               : _("Black moves first in this position.");
    }
    /* TRANSLATORS: a heading over the clock choices 3+2, 5+3...: minutes for the game + seconds added after each move
     */
    if (d->mode != RB_UI_NET_JOIN) {
        y = dlg_choice_row(app, box, y, _("Clock (minutes + seconds added a move)"), times,
                           DLG_TIME_CHOICES - (d->mode == RB_UI_NET_HOST), 0, DLG_TIME, d->time_choice);
    }
    if (d->mode == RB_UI_NET_HOST) {
        /* TRANSLATORS: a heading over the field for the port a hosted network game listens on */
        y = dlg_field_row(app, box, y, _("Port (your friend connects to it)"), d);
    }
    if (dlg_new_custom(d)) {
        /* TRANSLATORS: how to write a custom clock; keep the examples 10+5 and 10+5 / 5+3 */
        rb_ui_text_draw(app, _("Custom clock: 10+5, or White's / Black's: 10+5 / 5+3"), px * 7 / 8, false,
                        app->theme->text_dim, box.x + pad, y + lh / 2, RB_UI_ALIGN_LEFT);
        y += lh + px / 4;
        SDL_Rect field = {box.x + pad, y, box.w - 2 * pad, px * 2};
        rb_ui_widget_edit(app, field, d->time_custom, px, d->focus == DLG_FIELD, d->caret, d->anchor);
        rb_ui_dlg_hit(app, field, DLG_FIELD);
        y += px * 2 + pad * 3 / 4;
    }
    if (d->error[0]) {
        SDL_Color red = app->theme->check_glow;
        red.a = 255;
        y += rb_ui_text_draw_wrapped(app, d->error, px, false, red, box.x + pad, y, box.w - 2 * pad) + pad / 2;
    }
    y += rb_ui_text_draw_wrapped(app, note, px * 7 / 8, false, d->joining ? app->theme->text : app->theme->text_dim,
                                 box.x + pad, y, box.w - 2 * pad);

    int bh = rb_ui_dlg_button_h(app);
    SDL_Rect ok = {box.x + box.w - pad - px * 7, box.y + box.h - pad - bh, px * 7, bh};
    /* Playing strangers on a server is a dialog of its own (dlg_online.c). */
    int ow = ok.x - pad / 2 - px * 7 - pad / 2 - (box.x + pad);
    rb_ui_dlg_button(app, (SDL_Rect){box.x + pad, ok.y, ow < px * 10 ? ow : px * 10, bh}, _("Play online..."),
                     DLG_ONLINE_OPEN, !d->from_editor, false);
    if (d->mode == RB_UI_NET_JOIN) {
        dlg_join_list(app, d, box, y + pad / 2, ok.y - pad / 2);
    }
    /* TRANSLATORS: the new-game dialog's button when joining a friend's network game */
    rb_ui_dlg_button(app, ok, d->mode == RB_UI_NET_JOIN ? _("Join") : _("Start"), DLG_OK, !d->joining, true);
    rb_ui_dlg_button(app, (SDL_Rect){ok.x - pad / 2 - px * 7, ok.y, px * 7, bh}, _("Cancel"), DLG_CANCEL, true, false);
}

/* The port the host's field holds, 0 for any free one; -1 when it holds
 * none, the reason then put under the field (an empty field only when
 * Start was pressed: while the person types, it is only not done yet). */
static int dlg_new_host_port(rb_ui_dialog_state *d, bool starting)
{
    char *end;
    long port = strtol(d->net_port, &end, 10);
    bool empty = d->net_port[0] == '\0';
    if (empty || *end != '\0' || port < 0 || port > 65535) {
        if (empty && !starting) {
            d->error[0] = '\0';
        } else if (empty) {
            /* TRANSLATORS: Start was pressed with the port field of a hosted game empty */
            snprintf(d->error, sizeof d->error,
                     _("Give the port to listen on: a number from 0 to 65535, such as %d (0 takes any free port)."),
                     RB_NET_DEFAULT_PORT);
        } else {
            /* TRANSLATORS: the port field of a hosted game holds no port; %s is what it holds */
            snprintf(d->error, sizeof d->error,
                     _("\"%s\" is not a port: give a number from 0 to 65535, such as %d (0 takes any free port)."),
                     d->net_port, RB_NET_DEFAULT_PORT);
        }
        return -1;
    }
    d->error[0] = '\0';
    return (int)port;
}

/* The network game the form describes; none, with the reason in the
 * form, when the port or the code is not one. */
static rb_ui_cmd dlg_new_net_start(rb_ui_state *st)
{
    rb_ui_dialog_state *d = &st->dialog;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NET_OPEN);
    cmd.net_open.host = d->mode == RB_UI_NET_HOST;
    if (!cmd.net_open.host) {
        const char *c = d->net_code;
        while (*c == ' ') {
            c++;
        }
        if (*c == '\0') {
            /* TRANSLATORS: Join was pressed with the invite code field empty */
            snprintf(d->error, sizeof d->error, "%s", _("Paste your friend's invite code, or type an address."));
            return rb_ui_cmd_of(RB_UI_CMD_NONE);
        }
        cmd.net_open.code = c;
        return cmd;
    }
    int port = dlg_new_host_port(d, true);
    if (port < 0) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    cmd.net_open.port = port;
    cmd.net_open.replace = d->replace_agreed;
    cmd.net_open.color = d->side == 2 ? (int)(SDL_GetPerformanceCounter() & 1) : d->side;
    if (d->time_choice > 0 && d->time_choice < RB_UI_TC_NPRESETS) {
        cmd.net_open.base_ms = rb_ui_tc_presets[d->time_choice].tc.base_ms;
        cmd.net_open.inc_ms = rb_ui_tc_presets[d->time_choice].tc.increment_ms;
    }
    return cmd;
}

/* The new game the form describes; none, with the reason in the form,
 * when the custom clock cannot be read. */
static rb_ui_cmd dlg_new_start(rb_ui_state *st)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (dlg_new_net(d)) {
        return dlg_new_net_start(st);
    }
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    if (dlg_new_custom(d)) {
        if (rb_ui_game_clock_parse_custom(d->time_custom, cmd.new_game.tc, d->error, sizeof d->error) != 0) {
            return rb_ui_cmd_of(RB_UI_CMD_NONE);
        }
    } else if (d->time_choice > 0 && d->time_choice < RB_UI_TC_NPRESETS) {
        cmd.new_game.tc[0] = cmd.new_game.tc[1] = rb_ui_tc_presets[d->time_choice].tc;
    }
    cmd.new_game.players[0] = st->players[0];
    cmd.new_game.players[1] = st->players[1];
    cmd.new_game.person = -1;
    cmd.new_game.from_editor = d->from_editor;
    cmd.new_game.replace = d->replace_agreed;
    switch (d->mode) {
    case RB_UI_VS_COMPUTER:
        cmd.new_game.person = d->side == 2 ? (int)(SDL_GetPerformanceCounter() & 1) : d->side;
        cmd.new_game.players[cmd.new_game.person] = (rb_ui_player){RB_UI_HUMAN, d->level[0]};
        cmd.new_game.players[cmd.new_game.person ^ 1] = (rb_ui_player){RB_UI_COMPUTER, d->level[0]};
        break;
    case RB_UI_TWO_PLAYERS:
        cmd.new_game.players[0] = (rb_ui_player){RB_UI_HUMAN, d->level[0]};
        cmd.new_game.players[1] = (rb_ui_player){RB_UI_HUMAN, d->level[1]};
        break;
    case RB_UI_COMPUTERS:
        cmd.new_game.players[0] = (rb_ui_player){RB_UI_COMPUTER, d->level[0]};
        cmd.new_game.players[1] = (rb_ui_player){RB_UI_COMPUTER, d->level[1]};
        break;
    case RB_UI_NET_HOST:
    case RB_UI_NET_JOIN: break; /* dlg_new_net_start's */
    }
    return cmd;
}

rb_ui_cmd rb_ui_dlg_new_click(rb_ui_state *st, int id)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (d->joining) {
        /* Connecting: only Cancel acts, and it stops the attempt. */
        return id == DLG_CANCEL ? rb_ui_cmd_of(RB_UI_CMD_NET_JOIN_CANCEL) : rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (id == DLG_OK) {
        return dlg_new_start(st);
    }
    if (id == DLG_ONLINE_OPEN) {
        rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
        cmd.open_dialog.dialog = RB_UI_DIALOG_ONLINE;
        return cmd;
    }
    if (d->mode == RB_UI_NET_JOIN && id >= DLG_LAN && id < DLG_LAN + d->nlan) {
        return dlg_join_pick(st, id - DLG_LAN);
    }
    if (id == DLG_CANCEL) {
        rb_ui_dlg_close(st);
    } else if (id >= DLG_MODE && id < DLG_MODE + DLG_MODES) {
        d->mode = (rb_ui_new_mode)(id - DLG_MODE);
        d->error[0] = '\0';
        if (d->mode == RB_UI_NET_HOST && d->time_choice == RB_UI_TC_NPRESETS) {
            d->time_choice = 0; /* no custom clock for a network game */
        }
        if (dlg_new_net(d)) {
            /* The port or the code is what is left to give: the keys go
             * there, its text selected, so typing or pasting replaces it. */
            d->focus = DLG_FIELD;
            rb_ui_textedit_select_all(rb_ui_dlg_new_edit(d));
        }
    } else if (id >= DLG_SIDE && id < DLG_SIDE + 3) {
        d->side = id - DLG_SIDE;
    } else if (id >= DLG_LEVEL_W + RB_LEVEL_MIN - 1 && id < DLG_LEVEL_W + RB_LEVEL_MAX) {
        d->level[0] = id - DLG_LEVEL_W + 1;
    } else if (id >= DLG_LEVEL_B + RB_LEVEL_MIN - 1 && id < DLG_LEVEL_B + RB_LEVEL_MAX) {
        d->level[1] = id - DLG_LEVEL_B + 1;
    } else if (id >= DLG_TIME && id < DLG_TIME + DLG_TIME_CHOICES) {
        d->time_choice = id - DLG_TIME;
        d->error[0] = '\0';
        if (dlg_new_custom(d)) {
            /* Choosing Custom is asking to type one: the keys go to the
             * field, its text selected. */
            d->focus = DLG_FIELD;
            rb_ui_textedit_select_all(rb_ui_dlg_new_edit(d));
        }
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

rb_ui_cmd rb_ui_dlg_new_key(rb_ui_state *st, SDL_Keycode key)
{
    if (st->dialog.joining) {
        return key == SDLK_ESCAPE ? rb_ui_cmd_of(RB_UI_CMD_NET_JOIN_CANCEL) : rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        return dlg_new_start(st);
    }
    if (key == SDLK_ESCAPE) {
        rb_ui_dlg_close(st);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

/* What a time control is written with: digits, '+', '/', '.', spaces. */
#define DLG_CLOCK_BYTES "0123456789+/. "

/* What the form's field takes: a clock's signs, a port's digits, or any
 * text for a code or an address (the link reads it strictly). */
static const char *dlg_field_bytes(const rb_ui_dialog_state *d)
{
    return d->mode == RB_UI_NET_HOST ? "0123456789" : d->mode == RB_UI_NET_JOIN ? NULL : DLG_CLOCK_BYTES;
}

/* A port being typed is checked as it is typed: too large a number is
 * said under the field at once, not only at Start. */
static void dlg_new_port_typed(rb_ui_dialog_state *d)
{
    if (d->mode == RB_UI_NET_HOST) {
        (void)dlg_new_host_port(d, false);
    }
}

rb_ui_edit rb_ui_dlg_new_edit(rb_ui_dialog_state *d)
{
    if (d->mode == RB_UI_NET_HOST) {
        return (rb_ui_edit){d->net_port, sizeof d->net_port, &d->caret, &d->anchor};
    }
    if (d->mode == RB_UI_NET_JOIN) {
        return (rb_ui_edit){d->net_code, sizeof d->net_code, &d->caret, &d->anchor};
    }
    return (rb_ui_edit){d->time_custom, sizeof d->time_custom, &d->caret, &d->anchor};
}

rb_ui_cmd rb_ui_dlg_new_field_key(rb_app *app, SDL_Keycode key, Uint16 mod, bool *used)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    *used = false;
    if (!dlg_new_has_field(d) || d->focus != DLG_FIELD) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (d->joining) {
        /* The code stays as it was sent while it is tried. */
        *used = key != SDLK_ESCAPE && key != SDLK_TAB;
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        *used = true;
        return dlg_new_start(&app->state);
    }
    bool changed;
    *used = rb_ui_dlg_field_key(app, rb_ui_dlg_new_edit(d), dlg_field_bytes(d), key, mod, &changed);
    if (changed) {
        d->error[0] = '\0';
        dlg_new_port_typed(d);
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

void rb_ui_dlg_new_text(rb_ui_state *st, const char *text)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (!dlg_new_has_field(d) || d->joining) {
        return;
    }
    if (d->focus != DLG_FIELD) {
        /* Typing a clock while a button has the focus types it into the
         * field, over what was there. */
        d->focus = DLG_FIELD;
        rb_ui_textedit_select_all(rb_ui_dlg_new_edit(d));
    }
    if (rb_ui_dlg_field_insert(rb_ui_dlg_new_edit(d), dlg_field_bytes(d), text)) {
        d->error[0] = '\0';
        dlg_new_port_typed(d);
    }
}
