/*
 * net_play.c - a network game in the window: what the connection reports
 * carried into the game, and the person's moves and offers carried to the
 * other side.
 *
 * The peer (rb_net_peer.h) keeps its own record of the game and checks
 * every move; the window's game follows it. A move of mine goes to the
 * peer first and is played on the board only once the peer took it; the
 * other side's move comes as an event and is played as a command, with the
 * slide, the sound and the move list of any move. Whenever the two records
 * could part (the start, a resync, a takeback, a return after a drop), the
 * window takes the peer's record whole, through PGN, which keeps the tags
 * and clock readings. The host's clock decides: the window's clocks are set
 * from the peer's every round, and no flag falls here; the end, however it
 * came, is the peer's to say and is written into the window's game as a
 * resignation, agreement or time forfeit would be in a local game.
 */
#include "app/net_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/apply.h"
#include "app/net_chat.h"
#include "app/net_join.h"
#include "app/net_host.h"
#include "app/speak.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "files/played_with.h"
#include "files/prefs.h"
#include "files/store.h"
#include "net/link.h"
#include "panel/panel.h"
#include "rb_pgn.h"
#include "rb_util_clock.h"
#include "state/pace.h"
#include "words/i18n.h"
#include "words/lan_words.h"

#ifndef RB_VERSION
#define RB_VERSION "unknown"
#endif

_Static_assert(RB_UI_NET_OFFER_DRAW == (int)RB_OFFER_DRAW && RB_UI_NET_OFFER_TAKEBACK == (int)RB_OFFER_TAKEBACK1 &&
                   RB_UI_NET_OFFER_REMATCH == (int)RB_OFFER_REMATCH && RB_UI_NET_CLAIM_WIN == (int)RB_CLAIM_WIN &&
                   RB_UI_NET_CLAIM_DRAW == (int)RB_CLAIM_DRAW,
               "the window's names for offers and claims are the protocol's");

/* ---- the game record ---------------------------------------------------- */

/* A copy of the peer's record (tags, clocks, result), the cursor at its
 * end. 0, or -1 when memory ran out. */
static int copy_peer_game(const rb_net_peer *peer, rb_game *out)
{
    char *text = rb_pgn_write(rb_net_peer_game(peer));
    if (text == NULL) {
        return -1;
    }
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error perr;
    int rc = rb_pgn_read(text, strlen(text), &games, &n, &perr);
    free(text);
    if (rc < 1 || n < 1) {
        for (size_t i = 0; i < n; i++) {
            rb_game_free(&games[i]);
        }
        free(games);
        return -1;
    }
    *out = games[0];
    for (size_t i = 1; i < n; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
    rb_game_goto(out, out->length);
    return 0;
}

static void take_peer_game(rb_app *app)
{
    rb_game g;
    if (copy_peer_game(rb_ui_net_link_cpeer(app->net), &g) != 0) {
        rb_ui_state_say(&app->state, true, "%s", _("out of memory"));
        return;
    }
    rb_ui_player people[2] = {{RB_UI_HUMAN, app->state.players[0].level}, {RB_UI_HUMAN, app->state.players[1].level}};
    rb_ui_apply_replace_game(app, &g, people);
}

/* The peer's ending written into the window's game, when the moves alone
 * did not bring it (a resignation, an agreed draw, a flag, a claim). */
static void take_ending(rb_app *app)
{
    rb_ui_state *st = &app->state;
    const rb_net_peer *peer = rb_ui_net_link_cpeer(app->net);
    const rb_game *theirs = rb_net_peer_game(peer);
    if (rb_net_peer_aborted(peer)) {
        rb_ui_state_say(st, false, "%s", _("The game was aborted."));
        rb_ui_apply_game_ended(app);
        return;
    }
    rb_game *g = &st->game;
    rb_game_goto(g, g->length);
    if (rb_game_ending(g) != RB_END_NONE) {
        rb_ui_apply_game_ended(app);
        return;
    }
    if (g->length != theirs->length) {
        take_peer_game(app);
        g = &st->game;
    }
    if (rb_game_ending(g) == RB_END_NONE) {
        switch (rb_game_ending_at(theirs, theirs->length)) {
        case RB_END_RESIGNATION: rb_game_resign(g, theirs->resigned & 1); break;
        case RB_END_AGREEMENT: rb_game_agree_draw(g); break;
        case RB_END_TIME_FORFEIT: rb_game_lose_on_time(g, theirs->resigned & 1); break;
        default: break;
        }
    }
    st->status[0] = '\0'; /* the panel says how it ended */
    rb_ui_apply_game_ended(app);
}

/* ---- what the window shows of it --------------------------------------- */

static void chat_line(rb_ui_net_state *n, const char *who, const char *text)
{
    if (n->nchat == RB_UI_NET_CHAT_LINES) {
        memmove(n->chat[0], n->chat[1], sizeof n->chat[0] * (RB_UI_NET_CHAT_LINES - 1));
        n->nchat--;
    }
    snprintf(n->chat[n->nchat++], sizeof n->chat[0], "%.40s: %.500s", who, text);
}

static const char *their_name(const rb_ui_state *st)
{
    const rb_ui_net_state *n = &st->net;
    return n->started ? n->names[n->color ^ 1] : _("the other player");
}

/* What an offer is, in a sentence's middle ("offers %s"). */
static const char *offer_words(int kind)
{
    switch (kind) {
    case RB_OFFER_DRAW: return _("a draw");
    case RB_OFFER_TAKEBACK1: return _("to take back the last move");
    case RB_OFFER_TAKEBACK2: return _("to take back the last two moves");
    case RB_OFFER_REMATCH: return _("a rematch with colours swapped");
    default: return "?";
    }
}

/* The peer's view of what a person sees, copied into the state. */
static void refresh(rb_app *app)
{
    rb_ui_net_state *n = &app->state.net;
    const rb_net_peer *peer = rb_ui_net_link_cpeer(app->net);
    n->connected = rb_net_peer_connected_now(peer);
    snprintf(n->link_error, sizeof n->link_error, "%s", n->connected ? "" : rb_ui_net_link_error(app->net));
    n->over = rb_net_peer_over(peer);
    n->lag_ms = rb_net_peer_lag(peer);
    n->chat_in = rb_net_peer_chat_in(peer);
    rb_net_offer kind;
    n->their_offer = rb_net_peer_their_offer(peer, &kind) ? (int)kind : -1;
    n->my_offer = rb_net_peer_my_offer(peer, &kind) ? (int)kind : -1;
    if (n->started) {
        n->color = rb_net_peer_color(peer);
        for (int c = 0; c < 2; c++) {
            snprintf(n->names[c], sizeof n->names[c], "%s", rb_net_peer_name(peer, c));
        }
    }
}

/* The host's clocks on the window's: the time each side has, the one that
 * runs; a flag falls only when the host says so. */
static void clocks_from_peer(rb_app *app)
{
    rb_ui_state *st = &app->state;
    const rb_net_peer *peer = rb_ui_net_link_cpeer(app->net);
    const rb_net_clock *c = rb_net_peer_clocks(peer);
    if (!st->net.started || !rb_net_clock_timed(c) || rb_game_ending(&st->game) != RB_END_NONE) {
        return;
    }
    int64_t now = rb_util_now_ms();
    for (int side = 0; side < 2; side++) {
        st->clock.left_ms[side] = rb_net_peer_clock(peer, side, now);
    }
    st->clock.running = st->net.over ? -1 : c->running;
    st->clock.paused = false;
    st->clock.since_ms = rb_ui_window_now_ms(app);
}

/* ---- the events ---------------------------------------------------------- */

static void on_move(rb_app *app, const rb_net_event *ev)
{
    rb_ui_state *st = &app->state;
    rb_game *g = &st->game;
    rb_game_goto(g, g->length); /* a move while browsing lands at the end */
    st->browsing = false;
    if ((int64_t)g->length != ev->ply) {
        take_peer_game(app); /* the records had parted: the peer's holds */
        return;
    }
    rb_ui_cmd play = rb_ui_cmd_play(ev->move);
    play.play.by_network = true;
    if (rb_ui_apply(app, &play) != 0) {
        take_peer_game(app);
        return;
    }
    /* The mover's clock as the host read it, for the saved game. */
    const rb_annotation *a = rb_game_annotation(rb_net_peer_game(rb_ui_net_link_cpeer(app->net)), (size_t)ev->ply);
    if (a != NULL && a->clock_ms != RB_CLOCK_NONE) {
        (void)rb_game_set_clock(g, (size_t)ev->ply, a->clock_ms);
    }
}

/* The spoken mode hears what the status line was given for an event (an
 * offer, an answer, the other side leaving or coming back), and a chat line
 * that is shown; the other side's move is said as any move is (speak.c). */
static void speak_event(rb_app *app, const rb_net_event *ev, const char *status_before)
{
    const rb_ui_state *st = &app->state;
    if (ev->type == RB_NET_EV_CHAT) {
        char line[RB_UI_NET_CHAT_MAX + 80];
        /* TRANSLATORS: the spoken mode: the other player's name, then their chat line */
        snprintf(line, sizeof line, _("%s says: %s"), their_name(st), ev->text);
        rb_ui_speak(app, RB_SPEECH_QUEUE, line);
    } else if (ev->type == RB_NET_EV_ENDED) {
        char how[RB_UI_EXPLAIN_TEXT_MAX];
        if (rb_ui_panel_status_text(st, how, sizeof how) > 0) {
            rb_ui_speak(app, RB_SPEECH_QUEUE, how);
        }
    } else if (ev->type != RB_NET_EV_MOVE && ev->type != RB_NET_EV_ENDED && st->status[0] &&
               strcmp(st->status, status_before) != 0) {
        rb_ui_speak(app, RB_SPEECH_QUEUE, st->status);
    }
}

/* The window's record takes the clock readings of the peer's, move by
 * move, where the two hold the same moves: the peer's are the host's
 * (its own moves as it sent them, the joiner's as the host decided them
 * with the lag credit), so both programs save the same [%clk] readings,
 * not each its own window's view of them. */
static void record_clocks_from_peer(rb_app *app)
{
    const rb_net_peer *peer = rb_ui_net_link_cpeer(app->net);
    const rb_game *theirs = peer != NULL ? rb_net_peer_game(peer) : NULL;
    if (theirs == NULL || !app->state.net.started) {
        return; /* no game yet: someone knocking, a handshake under way */
    }
    rb_game *g = &app->state.game;
    size_t n = g->length < theirs->length ? g->length : theirs->length;
    for (size_t i = 0; i < n && g->moves[i] == theirs->moves[i]; i++) {
        const rb_annotation *a = rb_game_annotation(theirs, i);
        const rb_annotation *mine = rb_game_annotation(g, i);
        if (a != NULL && a->clock_ms != RB_CLOCK_NONE && (mine == NULL || mine->clock_ms != a->clock_ms)) {
            (void)rb_game_set_clock(g, i, a->clock_ms);
        }
    }
}

static void on_event(rb_app *app, const rb_net_event *ev)
{
    rb_ui_state *st = &app->state;
    rb_ui_net_state *n = &st->net;
    const rb_net_peer *peer = rb_ui_net_link_cpeer(app->net);
    char status_before[sizeof st->status];
    snprintf(status_before, sizeof status_before, "%s", st->status);
    switch (ev->type) {
    case RB_NET_EV_STARTED:
        n->started = true;
        n->waiting = false;
        n->over = n->lost = n->grace_over = false;
        refresh(app);
        /* Their chat is shown from the start when a game with them was
         * finished before; a stranger's waits for Show chat. */
        rb_net_peer_set_chat_in(rb_ui_net_link_peer(app->net), rb_ui_played_with(app, n->names[n->color ^ 1]));
        refresh(app);
        take_peer_game(app);
        st->flipped = n->color == RB_BLACK;
        /* TRANSLATORS: the person's colour (White or Black), then the other player's name */
        rb_ui_state_say(st, false, _("The game begins: you play %s against %s."),
                        n->color == RB_WHITE ? _("White") : _("Black"), n->names[n->color ^ 1]);
        break;
    case RB_NET_EV_RESUMED:
        n->lost = n->grace_over = false;
        if (st->game.length != rb_net_peer_game(peer)->length) {
            take_peer_game(app);
        }
        /* TRANSLATORS: %s is the other player's name */
        rb_ui_state_say(st, false, _("%s is back."), their_name(st));
        break;
    case RB_NET_EV_MOVE: on_move(app, ev); break;
    case RB_NET_EV_REFUSED:
        /* TRANSLATORS: %s is the protocol's reason, in English */
        rb_ui_state_say(st, true, _("A move was refused: %s"), ev->text);
        break;
    case RB_NET_EV_RESYNCED: take_peer_game(app); break;
    case RB_NET_EV_OFFER:
        /* TRANSLATORS: the other player's name, then what is offered ("a draw", "a rematch...") */
        rb_ui_state_say(st, false, _("%s offers %s."), their_name(st), offer_words(ev->kind));
        break;
    case RB_NET_EV_ANSWER:
        rb_ui_state_say(st, false,
                        /* TRANSLATORS: the other player's name */
                        ev->yes ? _("%s accepted.") : _("%s declined."), their_name(st));
        break;
    case RB_NET_EV_LAPSED: break; /* refresh() drops it from the panel */
    case RB_NET_EV_AGREED:
        if (ev->kind == RB_OFFER_TAKEBACK1 || ev->kind == RB_OFFER_TAKEBACK2) {
            take_peer_game(app);
            rb_ui_state_say(st, false, "%s", _("The move was taken back."));
        }
        break;
    case RB_NET_EV_CHAT: chat_line(n, their_name(st), ev->text); break;
    case RB_NET_EV_CHAT_HIDDEN: n->chat_hidden++; break;
    case RB_NET_EV_LAG: break;
    case RB_NET_EV_ENDED: {
        n->over = true;
        take_ending(app);
        char why[RB_UI_PATH_MAX + 200];
        if (n->started && rb_ui_played_with_add(app, n->names[n->color ^ 1], why, sizeof why) != 0) {
            fprintf(stderr, "rollerball: the names played before are not kept: %s\n", why);
        }
        break;
    }
    case RB_NET_EV_LOST:
        n->lost = n->started && !n->over;
        if (n->over) {
            break; /* a server closes a game's connections once it is over: nothing to reconnect for */
        }
        /* TRANSLATORS: %s is the other player's name */
        rb_ui_state_say(st, false, _("The connection to %s was lost; reconnecting..."), their_name(st));
        break;
    case RB_NET_EV_GRACE_OVER:
        n->grace_over = true;
        rb_ui_state_say(st, false,
                        /* TRANSLATORS: %s is the other player's name */
                        _("%s has not come back: you may claim the win or a draw."), their_name(st));
        break;
    case RB_NET_EV_PEER_ERROR: fprintf(stderr, "rollerball: the other side found fault: %s\n", ev->text); break;
    case RB_NET_EV_BYE:
        n->finished = true;
        snprintf(n->bye_code, sizeof n->bye_code, "%s", ev->code);
        snprintf(n->bye_text, sizeof n->bye_text, "%s", ev->text);
        if (!n->started) {
            /* TRANSLATORS: %s is the reason the host gave, in English */
            rb_ui_state_say(st, true, _("The network game could not start: %s"), ev->text);
        } else if (!n->over) {
            /* TRANSLATORS: %s is the other player's name */
            rb_ui_state_say(st, false, _("%s has left the game."), their_name(st));
        }
        break;
    case RB_NET_EV_KNOCK: /* the person is asked, in the waiting view */
    case RB_NET_EV_KNOCK_GONE: rb_ui_net_host_event(app, ev); break;
    case RB_NET_EV_WAITING: {
        n->waiting = true;
        char wait[200];
        rb_ui_lan_words_waiting(NULL, wait, sizeof wait);
        rb_ui_state_say(st, false, "%s", wait);
        break;
    }
    case RB_NET_EV_NONE:
    case RB_NET_EV_COUNT: break;
    }
    refresh(app);
    if (ev->type == RB_NET_EV_STARTED) {
        rb_ui_net_host_event(app, ev); /* the host's view names who joined */
    }
    clocks_from_peer(app);
    if (app->net != NULL) {
        record_clocks_from_peer(app);
    }
    speak_event(app, ev, status_before);
}

/* ---- kept for a restart -------------------------------------------------- */

#define SAVED_FILE "network-game.txt"
#define SAVED_MAX (4 << 20)

/* The network game's state beside the autosave while it goes on, so that
 * quitting and starting again takes it up (the game's token lets the
 * host know the joiner again); gone once it is over or left. */
static void save_link(rb_app *app)
{
    char path[RB_UI_PATH_MAX + 64], err[RB_UI_PATH_MAX + 200];
    if (!app->player_files || app->net == NULL ||
        rb_ui_prefs_file(app, SAVED_FILE, path, sizeof path, err, sizeof err) != 0) {
        return;
    }
    const rb_ui_net_state *n = &app->state.net;
    if (!n->started || n->over || n->finished) {
        remove(path);
        return;
    }
    char *text = rb_ui_net_link_save(app->net);
    if (text != NULL && rb_ui_store_write_atomic(path, text, strlen(text), err, sizeof err) != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
    }
    free(text);
}

static void forget_link(rb_app *app)
{
    char path[RB_UI_PATH_MAX + 64], err[RB_UI_PATH_MAX + 200];
    if (app->player_files && rb_ui_prefs_file(app, SAVED_FILE, path, sizeof path, err, sizeof err) == 0) {
        remove(path);
    }
}

bool rb_ui_net_play_resume_saved(rb_app *app)
{
    char path[RB_UI_PATH_MAX + 64], err[RB_UI_PATH_MAX + 200];
    char *text = NULL;
    size_t len = 0;
    if (!app->player_files || rb_ui_prefs_file(app, SAVED_FILE, path, sizeof path, err, sizeof err) != 0 ||
        rb_ui_store_read(path, SAVED_MAX, &text, &len, err, sizeof err) != 0) {
        return false; /* none (the usual case) or unreadable: a game as usual */
    }
    int rc = rb_ui_net_play_resume(app, text, err, sizeof err);
    free(text);
    if (rc != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
        remove(path);
        return false;
    }
    return true;
}

/* ---- opening and closing ------------------------------------------------- */

static void state_open(rb_app *app, bool host)
{
    rb_ui_net_state *n = &app->state.net;
    memset(n, 0, sizeof *n);
    n->active = true;
    n->host = host;
    n->color = host ? RB_WHITE : RB_BLACK;
    n->lag_ms = -1;
    n->their_offer = n->my_offer = -1;
    snprintf(n->code, sizeof n->code, "%s", rb_ui_net_link_code(app->net));
    n->port = rb_ui_net_link_port(app->net);
}

int rb_ui_net_play_open(rb_app *app, const rb_ui_net_start *how, char *err, size_t errlen)
{
    rb_ui_net_play_close(app, true);
    const char *name = how->name;
    if (name == NULL || !name[0]) {
        name = getenv("USER");
    }
    if (name == NULL || !name[0] || strlen(name) > RB_NET_NAME_MAX) {
        name = _("Player");
    }
    char why[400];
    if (how->host) {
        rb_ui_net_host_opts o = {.port = how->port,
                                 .bind = how->bind,
                                 .advertise = how->advertise,
                                 .name = name,
                                 .program = "rollerball/" RB_VERSION,
                                 .color = how->color,
                                 .base_ms = how->base_ms,
                                 .inc_ms = how->inc_ms,
                                 .grace_ms = how->grace_ms};
        app->net = rb_ui_net_link_host(&o, why, sizeof why);
    } else {
        app->net = rb_ui_net_link_join_server(how->code, name, "rollerball/" RB_VERSION, how->grace_ms,
                                              how->server && how->tls, why, sizeof why);
    }
    if (app->net == NULL) {
        /* TRANSLATORS: %s is what went wrong, from the network library (in English) */
        snprintf(err, errlen, how->host ? _("Cannot host a network game: %s") : _("Cannot join the game: %s"), why);
        return -1;
    }
    state_open(app, how->host);
    if (how->host) {
        rb_ui_net_host_begin(app, how, name); /* before the board is replaced: the game is set aside */
    }
    /* Until the friend is in, a fresh board nobody moves on (the panel
     * shows the invite code or the connecting); the game before it, and a
     * computer that played it, are put away. */
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    if (rb_game_init(&g, &start) == 0) {
        rb_ui_player people[2] = {{RB_UI_HUMAN, app->state.players[0].level},
                                  {RB_UI_HUMAN, app->state.players[1].level}};
        rb_ui_apply_replace_game(app, &g, people);
    }
    app->state.status[0] = '\0';
    app->dirty = true;
    return 0;
}

int rb_ui_net_play_resume(rb_app *app, const char *saved, char *err, size_t errlen)
{
    rb_ui_net_play_close(app, true);
    char why[400];
    app->net = rb_ui_net_link_restore(saved, rb_util_now_ms(), why, sizeof why);
    if (app->net == NULL) {
        /* TRANSLATORS: %s is what went wrong, from the network library (in English) */
        snprintf(err, errlen, _("The network game cannot be taken up again: %s"), why);
        return -1;
    }
    state_open(app, rb_ui_net_link_hosting(app->net));
    rb_ui_net_state *n = &app->state.net;
    n->started = rb_net_peer_started(rb_ui_net_link_cpeer(app->net));
    refresh(app);
    if (n->started) {
        take_peer_game(app);
        app->state.flipped = n->color == RB_BLACK;
        n->lost = true;
    }
    rb_ui_state_say(&app->state, false, "%s", _("The network game is taken up again; reconnecting..."));
    return 0;
}

char *rb_ui_net_play_saved(const rb_app *app)
{
    return app->net != NULL ? rb_ui_net_link_save(app->net) : NULL;
}

void rb_ui_net_play_close(rb_app *app, bool leave)
{
    if (app->net == NULL) {
        return;
    }
    if (leave) {
        forget_link(app);
    } else {
        save_link(app);
    }
    rb_ui_net_link_free(app->net, leave);
    app->net = NULL;
    app->state.net.active = false;
    rb_ui_net_host_end(app);
    if (app->state.dialog.kind == RB_UI_DIALOG_NET_HOST) {
        rb_ui_dialog_open(app, RB_UI_DIALOG_NONE);
    }
    app->dirty = true;
}

Uint32 rb_ui_net_play_tick(rb_app *app)
{
    if (app->net == NULL) {
        return RB_UI_PACE_NEVER;
    }
    rb_ui_net_link_poll(app->net, rb_util_now_ms());
    rb_net_event ev;
    rb_ui_net_state before = app->state.net;
    int unacked = rb_net_peer_unacked(rb_ui_net_link_cpeer(app->net));
    bool any = false;
    /* A bound, so a flood of events cannot hold the window. */
    for (int i = 0; i < 64 && app->net != NULL && rb_ui_net_link_next(app->net, &ev); i++) {
        rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NET_EVENT);
        cmd.net_event.ev = &ev;
        rb_ui_apply(app, &cmd);
        any = true;
    }
    if (app->net == NULL) {
        return RB_UI_PACE_NEVER;
    }
    refresh(app);
    clocks_from_peer(app);
    rb_ui_net_host_tick(app);
    /* Saved as it changes, as netplay's --save is: after an event, and when
     * the messages the other side has not yet acknowledged change. */
    if (any || unacked != app->last_net_unacked) {
        save_link(app);
        app->last_net_unacked = unacked;
    }
    if (memcmp(&before, &app->state.net, sizeof before) != 0) {
        app->dirty = true;
    }
    return RB_UI_NET_POLL_MS;
}

/* ---- the person's commands ----------------------------------------------- */

static bool game_on(const rb_ui_state *st)
{
    return st->net.active && !st->net.over && rb_game_ending_at(&st->game, st->game.length) == RB_END_NONE;
}

static int refuse(rb_ui_state *st, const char *why)
{
    rb_ui_state_say(st, false, "%s", why);
    return -1;
}

bool rb_ui_net_play_filter(rb_app *app, const rb_ui_cmd *cmd, int *rc)
{
    rb_ui_state *st = &app->state;
    if (app->net == NULL) {
        return false;
    }
    rb_net_peer *peer = rb_ui_net_link_peer(app->net);
    char err[300];
    int64_t now = rb_util_now_ms();
    *rc = 0;
    switch (cmd->kind) {
    case RB_UI_CMD_PLAY:
        if (cmd->play.by_network) {
            return false;
        }
        if (rb_net_peer_move(peer, cmd->play.move, now, err, sizeof err) != 0) {
            /* TRANSLATORS: %s is the reason, from the network library (in English) */
            rb_ui_state_say(st, true, _("The move cannot be played: %s"), err);
            *rc = -1;
            return true;
        }
        return false; /* the board plays it as any move */
    case RB_UI_CMD_UNDO:
    case RB_UI_CMD_REDO:
        if (!game_on(st)) {
            return false;
        }
        *rc = refuse(st, _("In a network game a move is taken back only by agreement: offer a takeback."));
        return true;
    case RB_UI_CMD_HINT:
    case RB_UI_CMD_THREAT:
    case RB_UI_CMD_ANALYSIS_OPEN:
    case RB_UI_CMD_REVIEW:
    case RB_UI_CMD_MISTAKES_OPEN:
        if (!game_on(st)) {
            return false;
        }
        *rc = refuse(st, _("Hints, threats, the coach and the analysis board are off during a network game."));
        return true;
    case RB_UI_CMD_PUZZLE_OPEN:
    case RB_UI_CMD_EDITOR_OPEN:
    case RB_UI_CMD_LEARN:
    case RB_UI_CMD_LOAD:
    case RB_UI_CMD_PASTE:
        if (!game_on(st)) {
            return false;
        }
        *rc = refuse(st, _("The network game goes on: finish it, or resign, first."));
        return true;
    case RB_UI_CMD_NEW_GAME:
    case RB_UI_CMD_TAKE_PENDING:
        /* A game of another kind ends the network game here: the other
         * side is told, and the new game takes the board. */
        if (cmd->kind == RB_UI_CMD_NEW_GAME && rb_ui_state_unfinished(st) && !cmd->new_game.replace) {
            return false; /* asked first, as any unfinished game */
        }
        rb_ui_net_play_close(app, true);
        return false;
    case RB_UI_CMD_RESIGN:
        if (!game_on(st)) {
            return false;
        }
        if (rb_net_peer_resign(peer, now, err, sizeof err) != 0) {
            rb_ui_state_say(st, true, "%s", err);
            *rc = -1;
        }
        return true;
    case RB_UI_CMD_OFFER_DRAW: {
        rb_ui_cmd offer = rb_ui_cmd_of(RB_UI_CMD_NET_OFFER);
        offer.net_offer.kind = RB_OFFER_DRAW;
        *rc = rb_ui_net_play_apply(app, &offer);
        return true;
    }
    case RB_UI_CMD_ANSWER_DRAW: {
        rb_ui_cmd answer = rb_ui_cmd_of(RB_UI_CMD_NET_ANSWER);
        answer.net_answer.yes = cmd->answer_draw.accept;
        *rc = rb_ui_net_play_apply(app, &answer);
        return true;
    }
    case RB_UI_CMD_MOVE_NOW: *rc = -1; return true;
    default: return false;
    }
}

/* Host or join from the new-game dialog: the dialog closes on the
 * connection's start; a refusal stays in it, under the form, where the
 * person can mend the port or the code. */
static int open_from_dialog(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (!cmd->net_open.host) {
        return rb_ui_net_join_begin(app, cmd->net_open.code);
    }
    if (rb_ui_net_host_ask_first(app, cmd)) {
        return 0; /* the unfinished game on the board goes only if the person says so */
    }
    if (app->net != NULL) {
        rb_ui_net_play_close(app, true);
    }
    rb_ui_net_start how = {.host = cmd->net_open.host,
                           .port = cmd->net_open.port,
                           .code = cmd->net_open.code,
                           .color = cmd->net_open.color,
                           .base_ms = cmd->net_open.base_ms,
                           .inc_ms = cmd->net_open.inc_ms};
    char err[sizeof st->dialog.error];
    bool from_form = st->dialog.kind == RB_UI_DIALOG_NEW_GAME;
    if (rb_ui_net_play_open(app, &how, err, sizeof err) != 0) {
        if (from_form) {
            snprintf(st->dialog.error, sizeof st->dialog.error, "%s", err);
        } else { /* asked first: the form is gone, the status line says it */
            rb_ui_state_say(st, true, "%s", err);
        }
        return -1;
    }
    if (st->dialog.kind == RB_UI_DIALOG_NEW_GAME) {
        rb_ui_dlg_close(st); /* a host's waiting view has taken its place */
    }
    return 0;
}

int rb_ui_net_play_apply(rb_app *app, const rb_ui_cmd *cmd)
{
    rb_ui_state *st = &app->state;
    if (cmd->kind == RB_UI_CMD_NET_OPEN) {
        return open_from_dialog(app, cmd);
    }
    if (app->net == NULL) {
        return cmd->kind == RB_UI_CMD_NET_EVENT ? 0 : refuse(st, _("No network game is on."));
    }
    rb_net_peer *peer = rb_ui_net_link_peer(app->net);
    char err[300];
    int64_t now = rb_util_now_ms();
    int rc = 0;
    switch (cmd->kind) {
    case RB_UI_CMD_NET_EVENT: on_event(app, cmd->net_event.ev); return 0;
    case RB_UI_CMD_NET_OFFER: {
        int kind = cmd->net_offer.kind;
        if (kind == RB_OFFER_TAKEBACK1 || kind == RB_OFFER_TAKEBACK2) {
            /* My own last move: one ply if it is their turn, two if they
             * have answered it. */
            bool mine_last = rb_game_pos(&st->game)->side != st->net.color;
            kind = mine_last || st->game.length < 2 ? RB_OFFER_TAKEBACK1 : RB_OFFER_TAKEBACK2;
        }
        rc = rb_net_peer_offer(peer, (rb_net_offer)kind, now, err, sizeof err);
        if (rc == 0) {
            /* TRANSLATORS: what is offered ("a draw"...), then the other player's name */
            rb_ui_state_say(st, false, _("You offered %s to %s."), offer_words(kind), their_name(st));
        }
        break;
    }
    case RB_UI_CMD_NET_ANSWER: rc = rb_net_peer_answer(peer, cmd->net_answer.yes, now, err, sizeof err); break;
    case RB_UI_CMD_NET_ABORT: rc = rb_net_peer_abort(peer, now, err, sizeof err); break;
    case RB_UI_CMD_NET_CLAIM:
        rc = rb_net_peer_claim(peer, (rb_net_claim)cmd->net_claim.kind, now, err, sizeof err);
        break;
    case RB_UI_CMD_NET_CHAT:
        rc = rb_net_peer_chat(peer, cmd->net_chat.text, now, err, sizeof err);
        if (rc == 0) {
            chat_line(&st->net, st->net.names[st->net.color][0] ? st->net.names[st->net.color] : _("You"),
                      cmd->net_chat.text);
        }
        if (cmd->net_chat.text == st->net.draft) { /* typed in the panel's field */
            rb_ui_net_chat_sent(app, rc, err);
            refresh(app);
            return rc;
        }
        break;
    case RB_UI_CMD_NET_MUTE:
        rb_net_peer_set_chat_in(peer, cmd->net_mute.on);
        st->net.chat_hidden = 0;
        break;
    case RB_UI_CMD_NET_LEAVE: rb_ui_net_play_close(app, true); return 0;
    default: return -1;
    }
    if (rc != 0) {
        rb_ui_state_say(st, true, "%s", err);
    }
    refresh(app);
    return rc;
}
