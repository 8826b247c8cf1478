/*
 * online.c - a server's lobby in the window (see online.h).
 *
 * The connection is opened by the sign-in's buttons, and the request they
 * ask for waits until the server has greeted it. What comes back is copied
 * into state.online after each event: the dialog never sees the
 * connection. A refusal is put under the field it is about (the address
 * for a server that cannot be reached or whose key changed, the name for
 * one taken, the password for a wrong one), translated, with the server's
 * or the system's own words after it. The game found goes to net_play.c
 * with the seat's code, so a server's game is played, kept over a restart
 * and reconnected as a friend's.
 */
#define _POSIX_C_SOURCE 200809L

#include "app/online.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "app/net_play.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "files/prefs.h"
#include "files/store.h"
#include "net/lobby.h"
#include "rb_util_clock.h"
#include "state/pace.h"
#include "words/i18n.h"

#ifndef RB_VERSION
#define RB_VERSION "unknown"
#endif

#define REMEMBERED_FILE "online.txt"
#define POLL_MS 50

/* ---- what is remembered -------------------------------------------------- */

typedef struct remembered {
    char address[160];
    char name[160];
    char session[40];
    bool plain;
} remembered;

static int remembered_path(rb_app *app, char *path, size_t len)
{
    char err[RB_UI_PATH_MAX + 200];
    return app->player_files ? rb_ui_prefs_file(app, REMEMBERED_FILE, path, len, err, sizeof err) : -1;
}

static void remember_read(rb_app *app, remembered *r)
{
    memset(r, 0, sizeof *r);
    char path[RB_UI_PATH_MAX + 64], err[RB_UI_PATH_MAX + 200], *text = NULL;
    size_t len = 0;
    if (remembered_path(app, path, sizeof path) != 0 ||
        rb_ui_store_read(path, 4096, &text, &len, err, sizeof err) != 0) {
        return;
    }
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strncmp(line, "address ", 8) == 0) {
            snprintf(r->address, sizeof r->address, "%s", line + 8);
        } else if (strncmp(line, "name ", 5) == 0) {
            snprintf(r->name, sizeof r->name, "%s", line + 5);
        } else if (strncmp(line, "session ", 8) == 0) {
            snprintf(r->session, sizeof r->session, "%s", line + 8);
        } else if (strcmp(line, "plain yes") == 0) {
            r->plain = true;
        }
    }
    free(text);
}

/* The last address and name, and the session the server gave (a token
 * that logs in again, not the password). */
static void remember_write(rb_app *app, const remembered *r)
{
    char path[RB_UI_PATH_MAX + 64], err[RB_UI_PATH_MAX + 200], text[600];
    if (remembered_path(app, path, sizeof path) != 0) {
        return;
    }
    int n = snprintf(text, sizeof text, "address %s\nname %s\nsession %s\nplain %s\n", r->address, r->name, r->session,
                     r->plain ? "yes" : "no");
    if (n > 0 && rb_ui_store_write_atomic(path, text, (size_t)n, err, sizeof err) != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
    }
}

static bool same_place(const remembered *r, const rb_ui_online_state *o)
{
    return r->session[0] != '\0' && strcmp(r->address, o->fields[RB_UI_ONLINE_F_ADDRESS]) == 0 &&
           strcasecmp(r->name, o->fields[RB_UI_ONLINE_F_NAME]) == 0;
}

void rb_ui_online_opened(rb_app *app)
{
    rb_ui_online_state *o = &app->state.online;
    remembered r;
    remember_read(app, &r);
    if (o->fields[RB_UI_ONLINE_F_ADDRESS][0] == '\0') {
        snprintf(o->fields[RB_UI_ONLINE_F_ADDRESS], sizeof o->fields[0], "%s",
                 r.address[0] ? r.address : RB_UI_ONLINE_DEFAULT_ADDRESS);
        snprintf(o->fields[RB_UI_ONLINE_F_NAME], sizeof o->fields[0], "%s", r.name);
        o->plain = r.plain;
        o->selected = -1;
        o->tc_choice = 2;
        o->color = -1;
    }
    o->remembered = same_place(&r, o);
    bool in = app->lobby != NULL && rb_ui_lobby_stage_now(app->lobby) == RB_UI_LOBBY_IN;
    o->view = in ? RB_UI_ONLINE_LOBBY : RB_UI_ONLINE_SIGN_IN;
    /* the keyboard starts in the first field still to fill */
    int field = o->fields[RB_UI_ONLINE_F_NAME][0] ? RB_UI_ONLINE_F_PASSWORD : RB_UI_ONLINE_F_NAME;
    app->state.dialog.focus = in ? DLG_OK : DLG_ONLINE_FIELD + field;
}

/* ---- the connection's state into the view --------------------------------- */

static void clear_errors(rb_ui_online_state *o)
{
    memset(o->errors, 0, sizeof o->errors);
    o->error[0] = '\0';
    o->loud = false;
}

static void wipe_password(rb_ui_online_state *o)
{
    volatile char *p = o->fields[RB_UI_ONLINE_F_PASSWORD];
    for (size_t i = 0; i < sizeof o->fields[0]; i++) {
        p[i] = '\0';
    }
}

static void copy_seeks(rb_app *app)
{
    rb_ui_online_state *o = &app->state.online;
    const rb_ui_lobby_offer *k;
    int n = rb_ui_lobby_seeks(app->lobby, &k);
    int64_t chosen = o->selected >= 0 && o->selected < o->nseeks ? o->seeks[o->selected].id : 0;
    o->nseeks = 0;
    o->selected = -1;
    for (int i = 0; i < n && o->nseeks < RB_UI_ONLINE_SEEKS_MAX; i++) {
        rb_ui_online_seek *s = &o->seeks[o->nseeks];
        s->id = k[i].id;
        snprintf(s->name, sizeof s->name, "%s", k[i].name);
        snprintf(s->tc, sizeof s->tc, "%s", k[i].tc);
        s->rated = k[i].rated;
        s->color = k[i].color;
        s->mine = k[i].mine;
        if (s->id == chosen) {
            o->selected = o->nseeks;
        }
        o->nseeks++;
    }
}

/* A failure of the connection, under the address (or under the form). */
static void closed(rb_app *app, const rb_ui_lobby_event *ev)
{
    rb_ui_online_state *o = &app->state.online;
    char *under = o->errors[RB_UI_ONLINE_F_ADDRESS];
    size_t len = sizeof o->errors[0];
    switch (ev->error) {
    case RB_UI_LOBBY_ERR_ADDRESS:
        /* TRANSLATORS: under the server's address; %s is the system's reason, in English */
        snprintf(under, len, _("No server of that name: %s"), ev->text);
        break;
    case RB_UI_LOBBY_ERR_UNREACHABLE:
        /* TRANSLATORS: under the server's address; %s is the system's reason, in English */
        snprintf(under, len, _("The server cannot be reached: %s"), ev->text);
        break;
    case RB_UI_LOBBY_ERR_CERT_CHANGED:
        o->loud = true;
        snprintf(under, len, "%s",
                 _("REFUSED: this server's certificate has changed since you first connected. Someone may be "
                   "listening in between. Do not sign in; ask the server's owner."));
        snprintf(o->error, sizeof o->error, "%s", ev->text);
        break;
    case RB_UI_LOBBY_ERR_TLS:
        /* TRANSLATORS: under the server's address; %s is the reason, in English */
        snprintf(under, len, _("No secure connection could be made: %s"), ev->text);
        break;
    default:
        /* TRANSLATORS: %s is the server's or the system's reason, in English */
        snprintf(o->error, sizeof o->error, _("The server closed the connection: %s"), ev->text);
        break;
    }
    o->view = RB_UI_ONLINE_SIGN_IN;
    o->busy = false;
    o->status[0] = '\0';
    o->nseeks = 0;
    o->my_seek = 0;
    o->challenge_id = 0;
    rb_ui_lobby_free(app->lobby);
    app->lobby = NULL;
}

/* A sign-in refused: under the name or the password. */
static void sign_in_refused(rb_app *app, const rb_ui_lobby_event *ev)
{
    rb_ui_online_state *o = &app->state.online;
    o->busy = false;
    o->status[0] = '\0';
    size_t len = sizeof o->errors[0];
    switch (ev->error) {
    case RB_UI_LOBBY_ERR_WRONG_PASSWORD:
        snprintf(o->errors[RB_UI_ONLINE_F_PASSWORD], len, "%s", _("Wrong name or password."));
        break;
    case RB_UI_LOBBY_ERR_NAME_TAKEN:
        /* TRANSLATORS: under the name field when registering */
        snprintf(o->errors[RB_UI_ONLINE_F_NAME], len, "%s", _("That name is taken: choose another."));
        break;
    case RB_UI_LOBBY_ERR_NAME:
        /* TRANSLATORS: under the name field; %s is the server's reason, in English */
        snprintf(o->errors[RB_UI_ONLINE_F_NAME], len, _("The server does not take this name: %s"), ev->text);
        break;
    case RB_UI_LOBBY_ERR_PASSWORD:
        /* TRANSLATORS: under the password field; %s is the server's reason, in English */
        snprintf(o->errors[RB_UI_ONLINE_F_PASSWORD], len, _("The server does not take this password: %s"), ev->text);
        break;
    case RB_UI_LOBBY_ERR_SESSION: {
        remembered r;
        remember_read(app, &r);
        r.session[0] = '\0';
        remember_write(app, &r);
        o->remembered = false;
        snprintf(o->errors[RB_UI_ONLINE_F_PASSWORD], len, "%s",
                 _("The server no longer knows this computer: type the password."));
        break;
    }
    default:
        /* TRANSLATORS: %s is the server's reason, in English */
        snprintf(o->error, sizeof o->error, _("The server refused: %s"), ev->text);
        break;
    }
}

/* The request the buttons asked for, once the server has greeted us. */
static void send_sign_in(rb_app *app)
{
    rb_ui_online_state *o = &app->state.online;
    char err[200];
    int rc;
    if (o->asking == RB_UI_ONLINE_GUEST) {
        rc = rb_ui_lobby_as_guest(app->lobby, err, sizeof err);
    } else if (o->asking == RB_UI_ONLINE_LOGIN && o->fields[RB_UI_ONLINE_F_PASSWORD][0] == '\0' && o->remembered) {
        remembered r;
        remember_read(app, &r);
        rc = rb_ui_lobby_session(app->lobby, r.session, err, sizeof err);
    } else {
        rc = rb_ui_lobby_login(app->lobby, o->fields[RB_UI_ONLINE_F_NAME], o->fields[RB_UI_ONLINE_F_PASSWORD],
                               o->asking == RB_UI_ONLINE_REGISTER, err, sizeof err);
    }
    wipe_password(o);
    if (rc != 0) {
        o->busy = false;
        snprintf(o->error, sizeof o->error, "%s", err);
        return;
    }
    snprintf(o->status, sizeof o->status, "%s", _("Signing in..."));
}

static void signed_in(rb_app *app, const rb_ui_lobby_event *ev)
{
    rb_ui_online_state *o = &app->state.online;
    o->view = RB_UI_ONLINE_LOBBY;
    o->busy = false;
    clear_errors(o);
    snprintf(o->me, sizeof o->me, "%s", ev->name);
    o->guest = rb_ui_lobby_guest(app->lobby);
    snprintf(o->server, sizeof o->server, "%s", rb_ui_lobby_server_name(app->lobby));
    snprintf(o->address, sizeof o->address, "%s", rb_ui_lobby_address(app->lobby));
    o->status[0] = '\0';
    o->rated = o->rated && !o->guest;
    remembered r;
    remember_read(app, &r);
    snprintf(r.address, sizeof r.address, "%s", o->fields[RB_UI_ONLINE_F_ADDRESS]);
    if (!o->guest) {
        snprintf(r.name, sizeof r.name, "%s", ev->name);
        snprintf(r.session, sizeof r.session, "%s", ev->session);
    }
    r.plain = o->plain;
    remember_write(app, &r);
    if (app->state.dialog.kind == RB_UI_DIALOG_ONLINE) {
        app->state.dialog.focus = DLG_OK;
    }
}

static void game_found(rb_app *app, const rb_ui_lobby_event *ev)
{
    rb_ui_online_state *o = &app->state.online;
    rb_ui_net_start how = {.code = ev->code, .name = o->me, .server = true, .tls = !o->plain};
    char err[RB_UI_ONLINE_ERROR_MAX];
    if (rb_ui_net_play_open(app, &how, err, sizeof err) != 0) {
        snprintf(o->error, sizeof o->error, "%s", err);
        return;
    }
    app->lobby_game = ev->game;
    app->state.net.server = true;
    app->state.net.rated = ev->rated;
    o->my_seek = 0;
    o->challenge_id = 0;
    o->status[0] = '\0';
    if (app->state.dialog.kind == RB_UI_DIALOG_ONLINE) {
        rb_ui_dlg_close(&app->state);
    }
}

static void on_event(rb_app *app, const rb_ui_lobby_event *ev)
{
    rb_ui_state *st = &app->state;
    rb_ui_online_state *o = &st->online;
    switch (ev->type) {
    case RB_UI_LOBBY_EV_READY: send_sign_in(app); break;
    case RB_UI_LOBBY_EV_SIGNED_IN: signed_in(app, ev); break;
    case RB_UI_LOBBY_EV_REFUSED:
        if (strcmp(ev->what, "login") == 0 || strcmp(ev->what, "register") == 0 || strcmp(ev->what, "session") == 0 ||
            strcmp(ev->what, "guest") == 0) {
            sign_in_refused(app, ev);
        } else {
            /* TRANSLATORS: %s is the server's reason, in English */
            snprintf(o->error, sizeof o->error, _("The server refused: %s"), ev->text);
        }
        break;
    case RB_UI_LOBBY_EV_SEEKS: copy_seeks(app); break;
    case RB_UI_LOBBY_EV_SEEKING:
        o->error[0] = '\0';
        if (strcmp(ev->what, "seek") == 0) {
            o->my_seek = ev->id;
            snprintf(o->status, sizeof o->status, "%s", _("Your seek stands: waiting for someone to accept it."));
        } else {
            /* TRANSLATORS: %s is the name of the player challenged */
            snprintf(o->status, sizeof o->status, _("Challenge sent to %s: waiting for the answer."),
                     o->fields[RB_UI_ONLINE_F_CHALLENGE]);
        }
        break;
    case RB_UI_LOBBY_EV_UNSEEKED:
        if (ev->id == o->my_seek) {
            o->my_seek = 0;
            o->status[0] = '\0';
        } else {
            snprintf(o->status, sizeof o->status, "%s", _("Your challenge was declined."));
        }
        break;
    case RB_UI_LOBBY_EV_CHALLENGE:
        o->challenge_id = ev->id;
        snprintf(o->challenge_from, sizeof o->challenge_from, "%s", ev->name);
        snprintf(o->challenge_tc, sizeof o->challenge_tc, "%s", ev->tc);
        o->challenge_rated = ev->rated;
        o->challenge_color = ev->color;
        if (st->dialog.kind == RB_UI_DIALOG_NONE && !(st->net.active && !st->net.over)) {
            rb_ui_dialog_open(app, RB_UI_DIALOG_ONLINE);
            rb_ui_online_opened(app);
        }
        break;
    case RB_UI_LOBBY_EV_CHALLENGE_GONE:
        if (o->challenge_id == ev->id) {
            o->challenge_id = 0;
        }
        break;
    case RB_UI_LOBBY_EV_GAME: game_found(app, ev); break;
    case RB_UI_LOBBY_EV_RATINGS:
        if (ev->game == app->lobby_game && st->net.active && st->net.server) {
            st->net.rated = true;
            st->net.elo[0] = ev->elo[0];
            st->net.elo[1] = ev->elo[1];
            if (ev->has_diff) {
                st->net.has_diff = true;
                st->net.diff[0] = ev->diff[0];
                st->net.diff[1] = ev->diff[1];
            }
        }
        break;
    case RB_UI_LOBBY_EV_CLOSED: closed(app, ev); break;
    case RB_UI_LOBBY_EV_NONE: break;
    }
    app->dirty = true;
}

Uint32 rb_ui_online_tick(rb_app *app)
{
    if (app->lobby == NULL) {
        return RB_UI_PACE_NEVER;
    }
    rb_ui_lobby_poll(app->lobby, rb_util_now_ms());
    rb_ui_lobby_event ev;
    for (int i = 0; i < 64 && app->lobby != NULL && rb_ui_lobby_next(app->lobby, &ev); i++) {
        on_event(app, &ev);
    }
    return app->lobby != NULL ? POLL_MS : RB_UI_PACE_NEVER;
}

/* ---- the dialog's requests ------------------------------------------------ */

static bool parse_tc(const char *tc, int *m, int *s)
{
    return sscanf(tc, "%d+%d", m, s) == 2;
}

static int sign_in(rb_app *app, int action)
{
    rb_ui_online_state *o = &app->state.online;
    clear_errors(o);
    size_t len = sizeof o->errors[0];
    bool bad = false;
    if (o->fields[RB_UI_ONLINE_F_ADDRESS][0] == '\0') {
        snprintf(o->errors[RB_UI_ONLINE_F_ADDRESS], len, "%s", _("Type the server's address (name:port)."));
        bad = true;
    }
    if (action != RB_UI_ONLINE_GUEST) {
        if (o->fields[RB_UI_ONLINE_F_NAME][0] == '\0') {
            snprintf(o->errors[RB_UI_ONLINE_F_NAME], len, "%s", _("Type your name."));
            bad = true;
        }
        o->remembered = o->remembered && action == RB_UI_ONLINE_LOGIN;
        if (o->fields[RB_UI_ONLINE_F_PASSWORD][0] == '\0' && !o->remembered) {
            snprintf(o->errors[RB_UI_ONLINE_F_PASSWORD], len, "%s", _("Type your password."));
            bad = true;
        }
    }
    if (bad) {
        return -1;
    }
    /* A connection to another address, or one gone, is made anew. */
    if (app->lobby != NULL &&
        (rb_ui_lobby_stage_now(app->lobby) != RB_UI_LOBBY_SIGNED_OUT || rb_ui_lobby_plain(app->lobby) != o->plain)) {
        rb_ui_lobby_free(app->lobby);
        app->lobby = NULL;
    }
    o->asking = action;
    o->busy = true;
    if (app->lobby != NULL) {
        send_sign_in(app);
        return 0;
    }
    rb_ui_lobby_opts opts = {
        .address = o->fields[RB_UI_ONLINE_F_ADDRESS], .plain = o->plain, .program = "rollerball/" RB_VERSION};
    rb_ui_lobby_error why;
    char err[RB_UI_ONLINE_ERROR_MAX];
    app->lobby = rb_ui_lobby_open(&opts, &why, err, sizeof err);
    if (app->lobby == NULL) {
        o->busy = false;
        snprintf(o->errors[RB_UI_ONLINE_F_ADDRESS], len, "%s",
                 _("This is not a server's address: type name:port, like play.example.org:47474."));
        return -1;
    }
    snprintf(o->status, sizeof o->status, "%s", _("Connecting..."));
    return 0;
}

int rb_ui_online_apply(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_online_state *o = &app->state.online;
    int action = cmd->online.action;
    if (action == RB_UI_ONLINE_LOGIN || action == RB_UI_ONLINE_REGISTER || action == RB_UI_ONLINE_GUEST) {
        int rc = sign_in(app, action);
        app->dirty = true;
        return rc;
    }
    if (action == RB_UI_ONLINE_LEAVE) {
        rb_ui_online_close(app);
        o->view = RB_UI_ONLINE_SIGN_IN;
        clear_errors(o);
        app->dirty = true;
        return 0;
    }
    if (app->lobby == NULL) {
        snprintf(o->error, sizeof o->error, "%s", _("Not signed in to a server."));
        return -1;
    }
    char err[300];
    int rc = 0, m = 0, s = 0;
    o->error[0] = '\0';
    parse_tc(rb_ui_online_tcs[o->tc_choice >= 0 && o->tc_choice < RB_UI_ONLINE_TCS ? o->tc_choice : 0], &m, &s);
    switch (action) {
    case RB_UI_ONLINE_SEEK: rc = rb_ui_lobby_seek(app->lobby, m, s, o->rated, o->color, err, sizeof err); break;
    case RB_UI_ONLINE_UNSEEK: rc = rb_ui_lobby_unseek(app->lobby, o->my_seek, err, sizeof err); break;
    case RB_UI_ONLINE_ACCEPT: rc = rb_ui_lobby_accept(app->lobby, cmd->online.id, err, sizeof err); break;
    case RB_UI_ONLINE_CHALLENGE:
        if (o->fields[RB_UI_ONLINE_F_CHALLENGE][0] == '\0') {
            snprintf(o->errors[RB_UI_ONLINE_F_CHALLENGE], sizeof o->errors[0], "%s",
                     _("Type the name of the player to challenge."));
            app->dirty = true;
            return -1;
        }
        o->errors[RB_UI_ONLINE_F_CHALLENGE][0] = '\0';
        rc = rb_ui_lobby_challenge(app->lobby, o->fields[RB_UI_ONLINE_F_CHALLENGE], m, s, o->rated, o->color, err,
                                   sizeof err);
        break;
    case RB_UI_ONLINE_ANSWER_YES:
    case RB_UI_ONLINE_ANSWER_NO:
        if (o->challenge_id == 0) {
            return -1;
        }
        rc = action == RB_UI_ONLINE_ANSWER_YES ? rb_ui_lobby_accept(app->lobby, o->challenge_id, err, sizeof err)
                                               : rb_ui_lobby_decline(app->lobby, o->challenge_id, err, sizeof err);
        o->challenge_id = 0;
        break;
    default: return -1;
    }
    if (rc != 0) {
        snprintf(o->error, sizeof o->error, "%s", err);
    }
    app->dirty = true;
    return rc;
}

void rb_ui_online_close(rb_app *app)
{
    if (app->lobby != NULL) {
        rb_ui_lobby_free(app->lobby);
        app->lobby = NULL;
    }
    rb_ui_online_state *o = &app->state.online;
    o->busy = false;
    o->nseeks = 0;
    o->my_seek = 0;
    o->challenge_id = 0;
    o->status[0] = '\0';
    wipe_password(o);
}
