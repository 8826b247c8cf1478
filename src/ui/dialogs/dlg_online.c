/*
 * dlg_online.c - the "Play online" dialog (see dlg_online.h).
 *
 * One function lays each view out twice: once without drawing, to learn
 * its height for the frame, then drawing, so the two cannot disagree. The
 * seek list shows as many rows as the window leaves room for. The sign-in
 * view says that the address it starts with points nowhere; an error sits
 * under the field it is about, and a changed certificate is said in bold,
 * above everything else under the address.
 */
#include "dialogs/dlg_online.h"
#include "words/i18n.h"

#include <stdio.h>
#include <string.h>

#include "dialogs/dlg_field.h"
#include "kit/text.h"
#include "kit/widget.h"

enum {
    B_LOGIN = DLG_ONLINE_BUTTON,
    B_REGISTER,
    B_GUEST,
    B_PLAIN,
    B_LEAVE,
    B_SEEK,
    B_UNSEEK,
    B_ACCEPT,
    B_CHALLENGE,
    B_YES,
    B_NO
};

typedef struct lay {
    rb_app *app;
    const rb_ui_state *st;
    bool draw;
    SDL_Rect box;
    int px, pad, lh, y;
} lay;

static SDL_Color red_of(const rb_app *app)
{
    SDL_Color red = app->theme->check_glow;
    red.a = 255;
    return red;
}

static void text_block(lay *L, const char *text, int px, bool bold, SDL_Color color)
{
    int w = L->box.w - 2 * L->pad;
    if (L->draw) {
        L->y += rb_ui_text_draw_wrapped(L->app, text, px, bold, color, L->box.x + L->pad, L->y, w);
    } else {
        L->y += rb_ui_text_wrapped_height(L->app, text, px, bold, w);
    }
}

static void heading(lay *L, const char *label)
{
    if (L->draw) {
        SDL_Rect head = rb_ui_text_box_begin(L->app, (SDL_Rect){L->box.x + L->pad, L->y, L->box.w - 2 * L->pad, L->lh});
        int hp = rb_ui_text_fit_px(L->app, label, L->px, true, L->box.w - 2 * L->pad, L->px * 3 / 4);
        rb_ui_text_draw(L->app, label, hp, true, L->app->theme->text, L->box.x + L->pad, L->y + L->lh / 2,
                        RB_UI_ALIGN_LEFT);
        rb_ui_text_box_end(L->app, head);
    }
    L->y += L->lh + L->px / 4;
}

/* A password is drawn as one star a character; the caret moves with it. */
static int masked(const char *text, int offset, char *out, size_t len, int *moff)
{
    size_t o = 0;
    *moff = 0;
    for (int i = 0; text[i] != '\0' && o + 1 < len; i++) {
        if (((unsigned char)text[i] & 0xC0) != 0x80) {
            out[o++] = '*';
        }
        if (i + 1 == offset) {
            *moff = (int)o;
        }
    }
    out[o] = '\0';
    return (int)o;
}

static void field(lay *L, int f, const char *label, int width)
{
    const rb_ui_online_state *o = &L->st->online;
    const rb_ui_dialog_state *d = &L->st->dialog;
    heading(L, label);
    if (L->draw) {
        SDL_Rect r = {L->box.x + L->pad, L->y, width > 0 ? width : L->box.w - 2 * L->pad, L->px * 2};
        bool focused = d->focus == DLG_ONLINE_FIELD + f;
        if (f == RB_UI_ONLINE_F_PASSWORD) {
            char stars[160];
            int caret = 0, anchor = 0;
            masked(o->fields[f], focused ? d->caret : 0, stars, sizeof stars, &caret);
            masked(o->fields[f], focused ? d->anchor : 0, stars, sizeof stars, &anchor);
            rb_ui_widget_edit(L->app, r, stars, L->px, focused, caret, anchor);
        } else {
            rb_ui_widget_edit(L->app, r, o->fields[f], L->px, focused, focused ? d->caret : 0, focused ? d->anchor : 0);
        }
        rb_ui_dlg_hit(L->app, r, DLG_ONLINE_FIELD + f);
        rb_ui_dlg_label_set(L->app, DLG_ONLINE_FIELD + f, label);
    }
    L->y += L->px * 2 + L->px / 4;
    if (o->errors[f][0]) {
        bool loud = f == RB_UI_ONLINE_F_ADDRESS && o->loud;
        text_block(L, o->errors[f], loud ? L->px : L->px * 7 / 8, loud, red_of(L->app));
    }
    L->y += L->pad / 4;
}

/* A row of n buttons sharing the width. */
static void buttons(lay *L, const char *const *labels, const int *ids, const bool *enabled, int n)
{
    int bh = rb_ui_dlg_button_h(L->app), gap = L->pad / 2;
    int w = (L->box.w - 2 * L->pad - (n - 1) * gap) / n;
    if (L->draw) {
        for (int i = 0; i < n; i++) {
            SDL_Rect r = {L->box.x + L->pad + i * (w + gap), L->y, w, bh};
            rb_ui_dlg_button(L->app, r, labels[i], ids[i], enabled[i], i == 0);
        }
    }
    L->y += bh + L->pad / 2;
}

/* A row of choices (one chosen) under no heading, the label at its left. */
static void choices(lay *L, const char *label, const char *const *names, int n, int base, int chosen,
                    const bool *enabled)
{
    int h = L->px * 2, gap = L->px / 4 > 1 ? L->px / 4 : 1;
    int lw = L->box.w / 4;
    int w = (L->box.w - 2 * L->pad - lw - (n - 1) * gap) / n;
    if (L->draw) {
        SDL_Rect head = rb_ui_text_box_begin(L->app, (SDL_Rect){L->box.x + L->pad, L->y, lw - gap, h});
        int hp = rb_ui_text_fit_px(L->app, label, L->px, true, lw - gap, L->px * 3 / 4);
        rb_ui_text_draw(L->app, label, hp, true, L->app->theme->text, L->box.x + L->pad, L->y + h / 2,
                        RB_UI_ALIGN_LEFT);
        rb_ui_text_box_end(L->app, head);
        for (int i = 0; i < n; i++) {
            SDL_Rect r = {L->box.x + L->pad + lw + i * (w + gap), L->y, w, h};
            if (enabled != NULL && !enabled[i]) {
                rb_ui_widget_button(L->app, r, names[i], L->px, false, false, false);
                continue;
            }
            rb_ui_widget_choice(L->app, r, names[i], L->px, i == chosen, rb_ui_dlg_hover(L->app, r));
            rb_ui_dlg_hit(L->app, r, base + i);
            char said[160];
            /* TRANSLATORS: the spoken mode: a choice of the "Play online" dialog, its group, and whether it is chosen
             */
            snprintf(said, sizeof said, i == chosen ? _("%s: %s, chosen") : _("%s: %s"), label, names[i]);
            rb_ui_dlg_label_set(L->app, base + i, said);
        }
    }
    L->y += h + gap + L->pad / 4;
}

static void footer(lay *L, const char *left_label, int left_id)
{
    int bh = rb_ui_dlg_button_h(L->app);
    if (L->draw) {
        const char *close = _("Close");
        int cw = rb_ui_text_width(L->app, close, L->px, false) + 2 * L->px;
        cw = cw < 6 * L->px ? 6 * L->px : cw;
        rb_ui_dlg_button(L->app, (SDL_Rect){L->box.x + L->box.w - L->pad - cw, L->y, cw, bh}, close, DLG_CANCEL, true,
                         false);
        if (left_label != NULL) {
            int lw = rb_ui_text_width(L->app, left_label, L->px, false) + 2 * L->px;
            lw = lw < 6 * L->px ? 6 * L->px : lw;
            rb_ui_dlg_button(L->app, (SDL_Rect){L->box.x + L->pad, L->y, lw, bh}, left_label, left_id, true, false);
        }
    }
    L->y += bh + L->pad;
}

static void sign_in_view(lay *L)
{
    const rb_ui_online_state *o = &L->st->online;
    L->y = L->draw ? rb_ui_dlg_title(L->app, L->box, _("Play online"))
                   : L->pad + rb_ui_text_line_height(L->app, L->px * 4 / 3) + L->pad / 2;
    /* the note about the example address gives way to what went wrong with an address */
    if (!o->errors[RB_UI_ONLINE_F_ADDRESS][0]) {
        text_block(
            L,
            _("Sign in to a Rollerball server to meet other players. The address first shown, rollerball.example, "
              "is only an example and points nowhere: type the address of a real server, as its owner gives it."),
            L->px * 3 / 4, false, L->app->theme->text_dim);
        L->y += L->pad / 4;
    }
    /* TRANSLATORS: a field's heading: where the server is, as name:port */
    field(L, RB_UI_ONLINE_F_ADDRESS, _("Server address (name:port)"), 0);
    if (L->draw) {
        SDL_Rect r = {L->box.x + L->pad, L->y, L->box.w - 2 * L->pad, L->px * 2};
        /* TRANSLATORS: a check box of the sign-in view: no encryption (a note under it says when) */
        const char *plain = _("Without TLS");
        r.w = rb_ui_text_width(L->app, plain, L->px, false) + L->px * 3;
        r.w = r.w > L->box.w - 2 * L->pad ? L->box.w - 2 * L->pad : r.w;
        rb_ui_widget_check(L->app, r, plain, L->px, o->plain, rb_ui_dlg_hover(L->app, r));
        rb_ui_dlg_hit(L->app, r, B_PLAIN);
        rb_ui_dlg_label_set(L->app, B_PLAIN, plain);
    }
    L->y += L->px * 2;
    text_block(L, _("Only for a development server on this computer."), L->px * 3 / 4, false, L->app->theme->text_dim);
    L->y += L->pad / 4;
    field(L, RB_UI_ONLINE_F_NAME, _("Name"), 0);
    field(L, RB_UI_ONLINE_F_PASSWORD, _("Password"), 0);
    if (o->remembered && o->fields[RB_UI_ONLINE_F_PASSWORD][0] == '\0' && !o->errors[RB_UI_ONLINE_F_PASSWORD][0]) {
        text_block(L, _("You signed in here before: Log in works without the password."), L->px * 7 / 8, false,
                   L->app->theme->text_dim);
        L->y += L->pad / 2;
    }
    if (o->error[0]) {
        text_block(L, o->error, L->px * 7 / 8, false, red_of(L->app));
        L->y += L->pad / 2;
    }
    if (o->status[0]) {
        text_block(L, o->status, L->px * 7 / 8, false, L->app->theme->text_dim);
        L->y += L->pad / 2;
    }
    const char *labels[3] = {_("Log in"), _("Register"), _("Play as a guest")};
    const int ids[3] = {B_LOGIN, B_REGISTER, B_GUEST};
    const bool on[3] = {!o->busy, !o->busy, !o->busy};
    buttons(L, labels, ids, on, 3);
    footer(L, NULL, 0);
}

static const char *color_name(int color)
{
    return color == 0 ? _("White") : color == 1 ? _("Black") : _("random colour");
}

static void seek_rows(lay *L, int rows)
{
    const rb_ui_online_state *o = &L->st->online;
    int h = L->px * 2, gap = L->px / 4 > 1 ? L->px / 4 : 1;
    if (o->nseeks == 0) {
        text_block(L, _("No seeks yet: make one, or wait for one."), L->px * 7 / 8, false, L->app->theme->text_dim);
        L->y += L->pad / 2;
        return;
    }
    int first = o->selected >= rows ? o->selected - rows + 1 : 0;
    for (int i = first; i < o->nseeks && i < first + rows; i++) {
        const rb_ui_online_seek *k = &o->seeks[i];
        char line[200];
        /* TRANSLATORS: a row of the seek list: the seeker, the clock (3+2), rated or casual, the seeker's colour */
        snprintf(line, sizeof line, _("%s \u2014 %s, %s, plays %s"), k->mine ? _("you") : k->name, k->tc,
                 k->rated ? _("rated") : _("casual"), color_name(k->color));
        if (L->draw) {
            SDL_Rect r = {L->box.x + L->pad, L->y, L->box.w - 2 * L->pad, h};
            rb_ui_widget_choice(L->app, r, line, L->px * 7 / 8, i == o->selected, rb_ui_dlg_hover(L->app, r));
            rb_ui_dlg_hit(L->app, r, DLG_ONLINE_SEEK + i);
            rb_ui_dlg_label_set(L->app, DLG_ONLINE_SEEK + i, line);
        }
        L->y += h + gap;
    }
    if (o->nseeks > rows) {
        char more[80];
        /* TRANSLATORS: under the seek list when some rows do not fit; %d is how many */
        snprintf(more, sizeof more, _("and %d more"), o->nseeks - rows);
        text_block(L, more, L->px * 3 / 4, false, L->app->theme->text_dim);
    }
    L->y += L->pad / 2;
}

/* The name to challenge and its button on one line, the label at the left
 * as the choices have theirs; an error under it. */
static void challenge_row(lay *L)
{
    const rb_ui_online_state *o = &L->st->online;
    int h = L->px * 2, gap = L->px / 4 > 1 ? L->px / 4 : 1;
    int lw = L->box.w / 4, bw = L->box.w / 4;
    int fw = L->box.w - 2 * L->pad - lw - bw - gap;
    const char *label = _("Challenge");
    if (L->draw) {
        SDL_Rect head = rb_ui_text_box_begin(L->app, (SDL_Rect){L->box.x + L->pad, L->y, lw - gap, h});
        /* TRANSLATORS: the label at the left of the field for the name of a player to challenge */
        const char *name = _("Player");
        int hp = rb_ui_text_fit_px(L->app, name, L->px, true, lw - gap, L->px * 3 / 4);
        rb_ui_text_draw(L->app, name, hp, true, L->app->theme->text, L->box.x + L->pad, L->y + h / 2, RB_UI_ALIGN_LEFT);
        rb_ui_text_box_end(L->app, head);
        bool focused = L->st->dialog.focus == DLG_ONLINE_FIELD + RB_UI_ONLINE_F_CHALLENGE;
        SDL_Rect r = {L->box.x + L->pad + lw, L->y, fw, h};
        rb_ui_widget_edit(L->app, r, o->fields[RB_UI_ONLINE_F_CHALLENGE], L->px, focused,
                          focused ? L->st->dialog.caret : 0, focused ? L->st->dialog.anchor : 0);
        rb_ui_dlg_hit(L->app, r, DLG_ONLINE_FIELD + RB_UI_ONLINE_F_CHALLENGE);
        /* TRANSLATORS: the spoken mode: the field for the name of a player to challenge */
        rb_ui_dlg_label_set(L->app, DLG_ONLINE_FIELD + RB_UI_ONLINE_F_CHALLENGE, _("Challenge a player by name"));
        rb_ui_dlg_button(L->app, (SDL_Rect){r.x + fw + gap, L->y, bw, h}, label, B_CHALLENGE, true, false);
    }
    L->y += h + L->pad / 2;
    if (o->errors[RB_UI_ONLINE_F_CHALLENGE][0]) {
        text_block(L, o->errors[RB_UI_ONLINE_F_CHALLENGE], L->px * 7 / 8, false, red_of(L->app));
        L->y += L->pad / 4;
    }
}

static void lobby_view(lay *L, int rows)
{
    const rb_ui_online_state *o = &L->st->online;
    L->y = L->draw ? rb_ui_dlg_title(L->app, L->box, _("Play online"))
                   : L->pad + rb_ui_text_line_height(L->app, L->px * 4 / 3) + L->pad / 2;
    char who[300];
    if (o->guest) {
        /* TRANSLATORS: the lobby's first line: the guest name given, the server's name, its address */
        snprintf(who, sizeof who, _("Signed in as %s (a guest: casual games only) on %s, %s"), o->me, o->server,
                 o->address);
    } else {
        /* TRANSLATORS: the lobby's first line: the name, the server's name, its address */
        snprintf(who, sizeof who, _("Signed in as %s on %s, %s"), o->me, o->server, o->address);
    }
    text_block(L, who, L->px * 3 / 4, false, L->app->theme->text_dim);
    L->y += L->pad / 4;
    if (o->challenge_id != 0) {
        char q[300];
        /* TRANSLATORS: a challenge came: the challenger, the clock (3+2), rated or casual, the challenger's colour */
        snprintf(q, sizeof q, _("%s challenges you: %s, %s, %s plays %s. Play?"), o->challenge_from, o->challenge_tc,
                 o->challenge_rated ? _("rated") : _("casual"), o->challenge_from, color_name(o->challenge_color));
        text_block(L, q, L->px * 7 / 8, true, L->app->theme->text);
        L->y += L->pad / 4;
        const char *labels[2] = {_("Accept"), _("Decline")};
        const int ids[2] = {B_YES, B_NO};
        const bool on[2] = {true, true};
        buttons(L, labels, ids, on, 2);
    }
    heading(L, _("Seeks"));
    seek_rows(L, rows);
    choices(L, _("Clock"), rb_ui_online_tcs, RB_UI_ONLINE_TCS, DLG_ONLINE_TC, o->tc_choice, NULL);
    const char *kinds[2] = {_("Casual"), _("Rated")};
    const bool kind_on[2] = {true, !o->guest};
    choices(L, _("Kind"), kinds, 2, DLG_ONLINE_KIND, o->rated ? 1 : 0, kind_on);
    const char *colors[3] = {_("White"), _("Black"), _("Random")};
    choices(L, _("You play"), colors, 3, DLG_ONLINE_COLOR, o->color < 0 ? 2 : o->color, NULL);
    /* the seek chosen in the list is taken as it is; the choices above make one's own */
    bool can_accept = o->selected >= 0 && o->selected < o->nseeks && !o->seeks[o->selected].mine &&
                      !(o->guest && o->seeks[o->selected].rated);
    /* TRANSLATORS: a button: take the seek chosen in the list */
    const char *row[2] = {_("Accept the seek"), o->my_seek ? _("Cancel my seek") : _("Create a seek")};
    const int row_ids[2] = {B_ACCEPT, o->my_seek ? B_UNSEEK : B_SEEK};
    const bool row_on[2] = {can_accept, true};
    buttons(L, row, row_ids, row_on, 2);
    challenge_row(L);
    /* one line under it all: what went wrong, else what is going on */
    if (o->error[0] || o->status[0]) {
        text_block(L, o->error[0] ? o->error : o->status, L->px * 7 / 8, false,
                   o->error[0] ? red_of(L->app) : L->app->theme->text);
        L->y += L->pad / 2;
    }
    /* TRANSLATORS: a button of the lobby: sign out of the server */
    footer(L, _("Leave"), B_LEAVE);
}

void rb_ui_dlg_online_draw(rb_app *app, const rb_ui_state *st)
{
    lay L = {.app = app, .st = st, .draw = false};
    L.px = rb_ui_widget_font_px(app);
    L.pad = rb_ui_dlg_pad(app);
    L.lh = rb_ui_text_line_height(app, L.px);
    int w = L.px * 34;
    if (w > app->layout.out_w - L.pad) {
        w = app->layout.out_w - L.pad;
    }
    L.box = (SDL_Rect){0, 0, w, 0};
    int rows = 1;
    bool lobby = st->online.view == RB_UI_ONLINE_LOBBY;
    if (lobby) {
        /* as many rows of seeks as the window leaves room for, 1 to 8 */
        lobby_view(&L, 1);
        int row = L.px * 2 + (L.px / 4 > 1 ? L.px / 4 : 1);
        int spare = app->layout.out_h - L.pad - L.y;
        rows = 1 + (spare > 0 ? spare / row : 0);
        rows = rows > 8 ? 8 : rows;
        L.y = 0;
        lobby_view(&L, rows);
    } else {
        sign_in_view(&L);
    }
    L.box = rb_ui_dlg_frame(app, w, L.y);
    L.draw = true;
    if (lobby) {
        lobby_view(&L, rows);
    } else {
        sign_in_view(&L);
    }
}

rb_ui_cmd rb_ui_dlg_online_click(rb_ui_state *st, int id, int clicks)
{
    rb_ui_online_state *o = &st->online;
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    int action = -1;
    switch (id) {
    case B_LOGIN: action = RB_UI_ONLINE_LOGIN; break;
    case B_REGISTER: action = RB_UI_ONLINE_REGISTER; break;
    case B_GUEST: action = RB_UI_ONLINE_GUEST; break;
    case B_PLAIN: o->plain = !o->plain; break;
    case B_LEAVE: action = RB_UI_ONLINE_LEAVE; break;
    case B_SEEK: action = RB_UI_ONLINE_SEEK; break;
    case B_UNSEEK: action = RB_UI_ONLINE_UNSEEK; break;
    case B_CHALLENGE: action = RB_UI_ONLINE_CHALLENGE; break;
    case B_YES: action = RB_UI_ONLINE_ANSWER_YES; break;
    case B_NO: action = RB_UI_ONLINE_ANSWER_NO; break;
    case B_ACCEPT:
        if (o->selected >= 0 && o->selected < o->nseeks) {
            action = RB_UI_ONLINE_ACCEPT;
            cmd.online.id = o->seeks[o->selected].id;
        }
        break;
    case DLG_OK:
        if (o->view == RB_UI_ONLINE_SIGN_IN) {
            action = RB_UI_ONLINE_LOGIN;
            break;
        }
        rb_ui_dlg_close(st);
        break;
    case DLG_CANCEL: rb_ui_dlg_close(st); break;
    default:
        if (id >= DLG_ONLINE_TC && id < DLG_ONLINE_TC + RB_UI_ONLINE_TCS) {
            o->tc_choice = id - DLG_ONLINE_TC;
        } else if (id >= DLG_ONLINE_KIND && id < DLG_ONLINE_KIND + 2) {
            o->rated = id == DLG_ONLINE_KIND + 1 && !o->guest;
        } else if (id >= DLG_ONLINE_COLOR && id < DLG_ONLINE_COLOR + 3) {
            o->color = id == DLG_ONLINE_COLOR + 2 ? -1 : id - DLG_ONLINE_COLOR;
        } else if (id >= DLG_ONLINE_SEEK && id < DLG_ONLINE_SEEK + o->nseeks) {
            o->selected = id - DLG_ONLINE_SEEK;
            if (clicks >= 2 && !o->seeks[o->selected].mine) { /* a double click accepts */
                action = RB_UI_ONLINE_ACCEPT;
                cmd.online.id = o->seeks[o->selected].id;
            }
        }
        break;
    }
    if (action >= 0) {
        cmd.kind = RB_UI_CMD_ONLINE;
        cmd.online.action = action;
    }
    return cmd;
}

bool rb_ui_dlg_online_edit(rb_ui_state *st, rb_ui_edit *e)
{
    rb_ui_dialog_state *d = &st->dialog;
    int f = d->focus - DLG_ONLINE_FIELD;
    if (d->kind != RB_UI_DIALOG_ONLINE || f < 0 || f >= RB_UI_ONLINE_FIELDS) {
        return false;
    }
    *e = (rb_ui_edit){st->online.fields[f], sizeof st->online.fields[f], &d->caret, &d->anchor};
    return true;
}

rb_ui_cmd rb_ui_dlg_online_key(rb_app *app, SDL_Keycode key, Uint16 mod, bool *used)
{
    rb_ui_state *st = &app->state;
    rb_ui_cmd none = rb_ui_cmd_of(RB_UI_CMD_NONE);
    *used = false;
    if (key == SDLK_ESCAPE) {
        *used = true;
        rb_ui_dlg_close(st);
        return none;
    }
    rb_ui_edit e;
    if (!rb_ui_dlg_online_edit(st, &e)) {
        return none;
    }
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        *used = true;
        bool challenge = st->dialog.focus == DLG_ONLINE_FIELD + RB_UI_ONLINE_F_CHALLENGE;
        return rb_ui_dlg_online_click(st, challenge ? B_CHALLENGE : B_LOGIN, 1);
    }
    bool changed = false;
    *used = rb_ui_dlg_field_key(app, e, NULL, key, mod, &changed);
    if (changed) {
        int f = st->dialog.focus - DLG_ONLINE_FIELD;
        st->online.errors[f][0] = '\0';
    }
    return none;
}

void rb_ui_dlg_online_text(rb_ui_state *st, const char *text)
{
    rb_ui_edit e;
    if (rb_ui_dlg_online_edit(st, &e) && rb_ui_dlg_field_insert(e, NULL, text)) {
        st->online.errors[st->dialog.focus - DLG_ONLINE_FIELD][0] = '\0';
    }
}
