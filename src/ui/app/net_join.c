/*
 * net_join.c - joining a network game from the New game dialog's Join
 * view.
 *
 * The local network's games: the browse (rb_net_lan) is opened when the
 * Join view shows and closed when it goes, and what it finds is copied
 * into the dialog's state whenever the list moves, so the view draws from
 * const state as every dialog does (and a test can set the same rows).
 * Where Avahi's daemon does not run, the state says so and the view shows
 * that one sentence; the field works as before.
 *
 * The connection: Join opens the window's network game (net_play.c) at
 * once, but the dialog stays up, saying it connects, until the game
 * starts; a host that cannot be reached, a code it refuses or a knock it
 * turns away closes the connection again and is said under the field,
 * where the person can mend the code and try again. Reaching a host can
 * take a second try (a name with two addresses, the first not listening),
 * so a failure to connect is said only once it has lasted a moment.
 */
#include "app/net_join.h"

#include <stdio.h>
#include <string.h>

#include "app/net_play.h"
#include "net/link.h"
#include "dialogs/dlg.h"
#include "rb_net_lan.h"
#include "rb_util_clock.h"
#include "state/pace.h"
#include "words/i18n.h"
#include "words/lan_words.h"

/* How long a failure to connect must last before it is said. */
#define JOIN_UNREACHABLE_MS 1500
/* How often the view looks at the browse while it is open. */
#define JOIN_LOOK_MS 250

static bool join_view(const rb_ui_state *st)
{
    return st->dialog.kind == RB_UI_DIALOG_NEW_GAME && st->dialog.mode == RB_UI_NET_JOIN;
}

/* The address a game of the list is joined at, as the field takes it. */
static void row_address(const rb_net_lan_game *g, char *out, size_t len)
{
    bool v6 = strchr(g->host, ':') != NULL;
    snprintf(out, len, "%s%s%s:%d", v6 ? "[" : "", g->host, v6 ? "]" : "", g->port);
}

int rb_ui_net_join_begin(rb_app *app, const char *code)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    d->join_host[0] = '\0';
    for (int i = 0; i < d->nlan; i++) {
        char addr[RB_NET_LAN_ADDR_MAX + 16];
        row_address(&d->lan[i], addr, sizeof addr);
        if (strcmp(addr, code) == 0) {
            snprintf(d->join_host, sizeof d->join_host, "%s", d->lan[i].name);
        }
    }
    rb_ui_net_start how = {.host = false, .code = code};
    char err[sizeof d->error];
    if (rb_ui_net_play_open(app, &how, err, sizeof err) != 0) {
        snprintf(d->error, sizeof d->error, "%s", err);
        d->joining = RB_UI_JOIN_NONE;
        return -1;
    }
    d->error[0] = '\0';
    d->joining = RB_UI_JOIN_CONNECTING;
    app->join_since_ms = rb_util_now_ms();
    app->dirty = true;
    return 0;
}

void rb_ui_net_join_cancel(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    if (d->joining != RB_UI_JOIN_NONE && app->net != NULL && !app->state.net.started) {
        rb_ui_net_play_close(app, true);
    }
    d->joining = RB_UI_JOIN_NONE;
    d->focus = DLG_FIELD; /* back to the code, to mend it or try again */
    app->state.status[0] = '\0';
    app->dirty = true;
}

/* The attempt failed: the connection goes, the reason stays in the view. */
static void join_failed(rb_app *app, const char *why)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    snprintf(d->error, sizeof d->error, "%s", why);
    rb_ui_net_play_close(app, true);
    d->joining = RB_UI_JOIN_NONE;
    d->focus = DLG_FIELD;
    app->state.status[0] = '\0';
    app->dirty = true;
}

static void follow_attempt(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    const rb_ui_net_state *n = &app->state.net;
    if (!join_view(&app->state) || app->net == NULL) {
        d->joining = RB_UI_JOIN_NONE;
        return;
    }
    char why[sizeof d->error];
    if (n->started) {
        d->joining = RB_UI_JOIN_NONE;
        rb_ui_dlg_close(&app->state);
        app->dirty = true;
    } else if (n->finished) {
        const char *said = rb_ui_lan_words_refusal(n->bye_code);
        if (strcmp(n->bye_code, "token") == 0 && strncmp(rb_ui_net_link_code(app->net), "rb1:", 4) == 0) {
            /* TRANSLATORS: under the Join field: the host refused the code given */
            snprintf(why, sizeof why, "%s",
                     _("The host does not take this invite code: ask your friend for it again."));
        } else if (said != NULL) {
            snprintf(why, sizeof why, "%s", said);
        } else {
            /* TRANSLATORS: %s is the reason the host gave, in English */
            snprintf(why, sizeof why, _("The network game could not start: %s"), n->bye_text);
        }
        join_failed(app, why);
    } else if (n->link_error[0] && !n->connected && !n->waiting &&
               rb_util_now_ms() - app->join_since_ms >= JOIN_UNREACHABLE_MS) {
        /* TRANSLATORS: under the Join field: %s is why the host cannot be reached, from the network library (in
         * English) */
        snprintf(why, sizeof why, _("The host cannot be reached: %s. Check the code or the address."), n->link_error);
        join_failed(app, why);
    } else if (n->waiting && d->joining != RB_UI_JOIN_WAITING) {
        d->joining = RB_UI_JOIN_WAITING;
        app->dirty = true;
    }
}

/* The browse's list and state into the view, when they moved. */
static void copy_list(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    int state = (int)rb_net_lan_status(app->lan_browse);
    unsigned gen = rb_net_lan_generation(app->lan_browse);
    if (state == d->lan_state && gen == app->lan_generation) {
        return;
    }
    rb_net_lan_game games[RB_NET_LAN_GAMES_MAX];
    int n = rb_net_lan_games(app->lan_browse, games, RB_NET_LAN_GAMES_MAX);
    d->nlan = n < RB_UI_LAN_ROWS ? n : RB_UI_LAN_ROWS;
    memcpy(d->lan, games, (size_t)d->nlan * sizeof d->lan[0]);
    d->lan_state = state;
    app->lan_generation = gen;
    app->dirty = true;
}

Uint32 rb_ui_net_join_tick(rb_app *app)
{
    rb_ui_dialog_state *d = &app->state.dialog;
    bool view = join_view(&app->state);
    if (!view) {
        rb_ui_net_join_close(app);
    } else if (app->lan_browse == NULL && app->dialog != NULL) {
        app->lan_browse = rb_net_lan_open();
        app->lan_generation = ~0u;
        d->lan_state = -1;
    }
    if (view && app->lan_browse != NULL) {
        copy_list(app);
    }
    if (d->joining != RB_UI_JOIN_NONE) {
        follow_attempt(app);
    }
    return view ? JOIN_LOOK_MS : RB_UI_PACE_NEVER;
}

void rb_ui_net_join_close(rb_app *app)
{
    if (app->lan_browse != NULL) {
        rb_net_lan_close(app->lan_browse);
        app->lan_browse = NULL;
    }
}
