/*
 * net_host.c - the host's waiting, behind its view (net_host.h).
 *
 * The game set aside is kept as its record written out, clock readings
 * and the time of the move in progress included, exactly as the autosave
 * keeps it (which a waiting network game leaves alone, apply.c), so that
 * putting it back is reading a game, the way a window started again would.
 * The local network's handle is opened only to announce, and only when
 * the host listens on every address: an announcement of a game bound to
 * one address would send friends where nobody listens.
 */
#include "app/net_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/apply.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "net/addrs.h"
#include "net/link.h"
#include "rb_net_lan.h"
#include "rb_pgn.h"
#include "rb_util_clock.h"
#include "state/game_clock.h"
#include "words/i18n.h"
#include "words/lan_words.h"

_Static_assert(RB_UI_ADDR_LAN == (int)RB_UI_NET_ADDR_LAN && RB_UI_ADDR_PUBLIC == (int)RB_UI_NET_ADDR_PUBLIC &&
                   RB_UI_ADDR_SHARED == (int)RB_UI_NET_ADDR_SHARED &&
                   RB_UI_ADDR_LINK_LOCAL == (int)RB_UI_NET_ADDR_LINK_LOCAL &&
                   RB_UI_ADDR_LOOPBACK == (int)RB_UI_NET_ADDR_LOOPBACK && RB_UI_ADDRS_MAX == RB_UI_NET_ADDRS_MAX &&
                   RB_UI_ADDR_TEXT == RB_UI_NET_ADDR_TEXT,
               "the window's names for addresses are the link's");

struct rb_ui_net_host {
    char *set_aside; /* the game before, as PGN; NULL none */
    size_t ply;      /* its cursor (moves taken back stay to redo) */
    rb_ui_player players[2];
    bool flipped;
    rb_net_lan *lan; /* the announcement; NULL none */
};

/* ---- the game set aside -------------------------------------------------- */

static char *write_game(rb_app *app)
{
    rb_ui_state *st = &app->state;
    if (rb_ui_game_clock_mark(st, rb_ui_window_now_ms(app)) != 0) {
        return NULL;
    }
    char *text = rb_pgn_write(&st->game);
    rb_ui_game_clock_unmark(st);
    return text;
}

/* The game set aside back on the board; false when there was none or it
 * cannot be read back (memory). */
static bool put_back(rb_app *app, struct rb_ui_net_host *h)
{
    if (h->set_aside == NULL) {
        return false;
    }
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error perr;
    int rc = rb_pgn_read(h->set_aside, strlen(h->set_aside), &games, &n, &perr);
    bool ok = rc >= 1 && n >= 1;
    if (ok) {
        rb_game_goto(&games[0], h->ply <= games[0].length ? h->ply : games[0].length);
        rb_ui_apply_replace_game(app, &games[0], h->players);
        app->state.flipped = h->flipped;
    }
    for (size_t i = ok ? 1 : 0; i < n; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
    return ok;
}

static void forget(struct rb_ui_net_host *h)
{
    free(h->set_aside);
    h->set_aside = NULL;
    rb_net_lan_close(h->lan);
    h->lan = NULL;
}

/* ---- opening and closing ------------------------------------------------- */

void rb_ui_net_host_begin(rb_app *app, const rb_ui_net_start *how, const char *name)
{
    rb_ui_net_host_end(app);
    struct rb_ui_net_host *h = calloc(1, sizeof *h);
    rb_ui_state *st = &app->state;
    rb_ui_net_hosting *v = &st->net.hosting;
    if (h != NULL) {
        h->set_aside = write_game(app);
        h->ply = st->game.ply;
        h->players[0] = st->players[0];
        h->players[1] = st->players[1];
        h->flipped = st->flipped;
        app->net_host = h;
    }
    /* Where a friend connects: the address in the code first. */
    const char *given = how->advertise != NULL ? how->advertise : how->bind;
    if (given != NULL) {
        snprintf(v->addrs[0], sizeof v->addrs[0], "%s", given);
        rb_ui_net_addrs_sort(v->addrs, v->addr_kinds, 1);
        v->naddrs = 1;
    } else {
        v->naddrs = rb_ui_net_addrs_local(v->addrs, v->addr_kinds, RB_UI_NET_ADDRS_MAX);
    }
    v->lan = -1;
    if (how->bind == NULL && h != NULL) {
        h->lan = rb_net_lan_open();
        char err[300];
        if (h->lan != NULL) {
            /* A refusal (no daemon, no Avahi) is the state the view words. */
            (void)rb_net_lan_announce(h->lan, name, st->net.port, err, sizeof err);
            v->lan = (int)rb_net_lan_status(h->lan);
        }
    }
    rb_ui_dialog_open(app, RB_UI_DIALOG_NET_HOST);
}

void rb_ui_net_host_end(rb_app *app)
{
    struct rb_ui_net_host *h = app->net_host;
    if (h == NULL) {
        return;
    }
    forget(h);
    free(h);
    app->net_host = NULL;
}

/* ---- what happens while waiting ------------------------------------------ */

static void view_note(rb_ui_state *st, const char *text)
{
    SDL_strlcpy(st->net.hosting.note, text, sizeof st->net.hosting.note);
}

bool rb_ui_net_host_event(rb_app *app, const rb_net_event *ev)
{
    rb_ui_state *st = &app->state;
    rb_ui_net_hosting *v = &st->net.hosting;
    char line[400];
    switch (ev->type) {
    case RB_NET_EV_KNOCK:
        v->knocking = true;
        SDL_strlcpy(v->knock_name, ev->text, sizeof v->knock_name); /* a name is at most as long */
        SDL_strlcpy(v->knock_addr, ev->addr, sizeof v->knock_addr);
        v->note[0] = '\0';
        rb_ui_lan_words_knock(v->knock_name, v->knock_addr, line, sizeof line);
        rb_ui_state_say(st, false, "%s", line); /* the spoken mode hears it too */
        return true;
    case RB_NET_EV_KNOCK_GONE:
        if (v->knocking) {
            /* TRANSLATORS: one who asked to join without the code left, or was not answered in time; %s the name */
            snprintf(line, sizeof line, _("%s is no longer asking to join."), v->knock_name);
            view_note(st, line);
            rb_ui_state_say(st, false, "%s", line);
        }
        v->knocking = false;
        return true;
    case RB_NET_EV_STARTED:
        if (st->net.host && app->net_host != NULL) {
            v->knocking = false;
            SDL_strlcpy(v->joined, st->net.names[st->net.color ^ 1], sizeof v->joined);
            v->joined_at = rb_ui_window_now(app);
            /* The game is under way: no longer a game to find. */
            rb_net_lan_close(app->net_host->lan);
            app->net_host->lan = NULL;
            free(app->net_host->set_aside);
            app->net_host->set_aside = NULL;
        }
        return false; /* net_play.c starts the game as for any side */
    default: return false;
    }
}

void rb_ui_net_host_tick(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_net_hosting *v = &st->net.hosting;
    struct rb_ui_net_host *h = app->net_host;
    if (h != NULL && h->lan != NULL) {
        v->lan = (int)rb_net_lan_status(h->lan);
        v->announced = rb_net_lan_announced(h->lan);
    }
    if (st->dialog.kind != RB_UI_DIALOG_NET_HOST) {
        return;
    }
    bool joined_shown = v->joined[0] && rb_ui_window_now(app) - v->joined_at >= RB_UI_NET_JOINED_MS;
    if (joined_shown || !st->net.active) {
        rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
        v->joined[0] = '\0';
        app->dirty = true;
    }
}

bool rb_ui_net_host_ask_first(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (!cmd->net_open.host || cmd->net_open.replace || !rb_ui_state_unfinished(st) || st->net.active) {
        return false;
    }
    st->dialog.pending_host.port = cmd->net_open.port;
    st->dialog.pending_host.color = cmd->net_open.color;
    st->dialog.pending_host.base_ms = cmd->net_open.base_ms;
    st->dialog.pending_host.inc_ms = cmd->net_open.inc_ms;
    rb_ui_dialog_ask(app, RB_UI_ASK_NET_HOST);
    return true;
}

/* ---- the view's commands -------------------------------------------------- */

static int copy_code(rb_app *app)
{
    rb_ui_state *st = &app->state;
    int rc = st->net.code[0] && app->clip_set ? app->clip_set(st->net.code) : -1;
    if (rc == 0) {
        /* TRANSLATORS: the host's waiting view, after Copy */
        view_note(st, _("The code is on the clipboard: paste it to your friend."));
    } else {
        /* TRANSLATORS: the host's waiting view, when the system's clipboard refused the code */
        view_note(st, _("The code could not be put on the clipboard: read it out or write it down."));
    }
    rb_ui_state_say(st, rc != 0, "%s", st->net.hosting.note);
    return rc == 0 ? 0 : -1;
}

static int admit(rb_app *app, bool yes)
{
    rb_ui_state *st = &app->state;
    rb_ui_net_hosting *v = &st->net.hosting;
    char err[300], line[400];
    if (app->net == NULL || !v->knocking) {
        return -1;
    }
    v->knocking = false;
    if (rb_net_peer_admit(rb_ui_net_link_peer(app->net), yes, rb_util_now_ms(), err, sizeof err) != 0) {
        /* TRANSLATORS: one who asked to join without the code left, or was not answered in time; %s the name */
        snprintf(line, sizeof line, _("%s is no longer asking to join."), v->knock_name);
        view_note(st, line);
        return -1;
    }
    if (yes) {
        /* TRANSLATORS: the host let in one who asked to join; %s the name */
        snprintf(line, sizeof line, _("%s is let in…"), v->knock_name);
    } else {
        /* TRANSLATORS: the host turned away one who asked to join; %s the name */
        snprintf(line, sizeof line, _("You turned %s away. Still waiting for your friend."), v->knock_name);
    }
    view_note(st, line);
    rb_ui_state_say(st, false, "%s", line);
    return 0;
}

/* Stops hosting before the friend is in: the link closes (the port is
 * free again) and the game set aside comes back. */
static int cancel(rb_app *app)
{
    rb_ui_state *st = &app->state;
    if (!st->net.active || !st->net.host || st->net.started) {
        rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
        return 0;
    }
    struct rb_ui_net_host *h = app->net_host;
    app->net_host = NULL; /* kept through the close, which forgets hosting */
    rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    rb_ui_net_play_close(app, true);
    bool back = h != NULL && put_back(app, h);
    if (h != NULL) {
        forget(h);
        free(h);
    }
    rb_ui_state_say(st, false, "%s",
                    back && st->game.length > 0 ? _("Hosting stopped: your game is back on the board.")
                                                : _("Hosting stopped."));
    return 0;
}

int rb_ui_net_host_apply(rb_app *app, const rb_ui_cmd *cmd)
{
    switch (cmd->kind) {
    case RB_UI_CMD_NET_COPY_CODE: return copy_code(app);
    case RB_UI_CMD_NET_ADMIT: return admit(app, cmd->net_admit.yes);
    case RB_UI_CMD_NET_HOST_CANCEL: return cancel(app);
    default: return -1;
    }
}
