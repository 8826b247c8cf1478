/*
 * server_game.c - the referee: each game is two seats, and each seat is
 * the host side of direct play (rb_net_peer with cfg.referee) towards one
 * player.
 *
 * What one player does arrives as an event on their seat and is done again
 * by the referee on the other seat: a move (with the mover's clock as
 * their own seat measured it, lag credit and all), an offer and its
 * answer, a resignation, an abort, chat. Both seats check every move with
 * the rules library and find the ends by the rules themselves; a flag is
 * given on the flagged player's own seat and told to the other. A player
 * away from their seat past the grace loses (or, before the second move,
 * the game is aborted), which the referee decides alone. Every change is
 * committed (the move, both seats' saved state) before the loop writes the
 * acknowledgements, so a restart takes every game up where it was.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rb_net_sock.h"
#include "rb_notation.h"
#include "rb_pgn.h"
#include "server_account.h"
#include "server_internal.h"
#include "server_log.h"

#ifndef RB_VERSION
#define RB_VERSION "unknown"
#endif

#define FINISHED_KEEP_MS 120000 /* a finished game stays this long for late acknowledgements */

static rb_net_config seat_config(const rb_server *sv, const sgame *g, int color)
{
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, true);
    snprintf(cfg.name, sizeof cfg.name, "%s", g->row.name[1 - color]);
    snprintf(cfg.program, sizeof cfg.program, "rollerball-server/%s", RB_VERSION);
    snprintf(cfg.token, sizeof cfg.token, "%s", g->row.token[color]);
    rb_net_random_bytes(&cfg.game_token, sizeof cfg.game_token);
    cfg.host_color = 1 - color;
    cfg.base_ms = g->row.base_ms;
    cfg.inc_ms = g->row.inc_ms;
    /* the seat's own grace lets the referee claim for the one still there;
     * when to do so the referee decides (rb_srv_games_tick) */
    cfg.grace_ms = (int64_t)sv->set.grace_seconds * 1000;
    cfg.chat_in = true;
    cfg.referee = true;
    return cfg;
}

static void save_states(rb_server *sv, sgame *g)
{
    char *t[2] = {rb_net_peer_save(g->seat[0].peer), rb_net_peer_save(g->seat[1].peer)};
    if (t[0] == NULL || t[1] == NULL || rb_store_game_state(sv->store, g->row.id, t[0], t[1]) != 0) {
        rb_server_log(RB_LOG_ERR, "game %" PRId64 ": its state was not saved: %s", g->row.id,
                      rb_store_error(sv->store));
    }
    free(t[0]);
    free(t[1]);
    g->dirty = false;
    g->touched = true;
}

static bool add_game(rb_server *sv, sgame *g)
{
    if (sv->ngames == sv->capgames) {
        int cap = sv->capgames ? sv->capgames * 2 : 16;
        sgame **n = realloc(sv->games, (size_t)cap * sizeof *n);
        if (n == NULL) {
            return false;
        }
        sv->games = n;
        sv->capgames = cap;
    }
    sv->games[sv->ngames++] = g;
    return true;
}

static void game_free(sgame *g)
{
    for (int c = 0; c < 2; c++) {
        if (g->seat[c].conn != NULL) {
            g->seat[c].conn->game = NULL;
            g->seat[c].conn->kind = CONN_NEW;
            g->seat[c].conn->dead = true;
        }
        rb_net_peer_free(g->seat[c].peer);
    }
    free(g);
}

sgame *rb_srv_game_new(rb_server *sv, const rb_store_game *row, char *err, size_t errlen)
{
    sgame *g = calloc(1, sizeof *g);
    if (g == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    g->row = *row;
    g->rematch_wait = -1;
    for (int c = 0; c < 2; c++) {
        rb_account_token(g->row.token[c], 16);
        g->row.state[c] = NULL;
    }
    g->created = sv->now;
    for (int c = 0; c < 2; c++) {
        rb_net_config cfg = seat_config(sv, g, c);
        g->seat[c].peer = rb_net_peer_new(&cfg, err, errlen);
        g->seat[c].away_since = sv->now;
        if (g->seat[c].peer == NULL) {
            game_free(g);
            return NULL;
        }
    }
    if (rb_store_begin(sv->store) != 0 || rb_store_game_add(sv->store, &g->row) != 0) {
        snprintf(err, errlen, "the database: %s", rb_store_error(sv->store));
        rb_store_commit(sv->store);
        game_free(g);
        return NULL;
    }
    save_states(sv, g);
    rb_store_commit(sv->store);
    if (!add_game(sv, g)) {
        snprintf(err, errlen, "out of memory");
        game_free(g);
        return NULL;
    }
    rb_server_log(RB_LOG_INFO, "game %" PRId64 ": %s - %s, %" PRId64 "+%" PRId64 ", %s", g->row.id, g->row.name[0],
                  g->row.name[1], g->row.base_ms / 1000, g->row.inc_ms / 1000, g->row.rated ? "rated" : "casual");
    return g;
}

static void restore_one(void *user, const rb_store_game *row)
{
    rb_server *sv = user;
    sgame *g = calloc(1, sizeof *g);
    if (g == NULL) {
        return;
    }
    g->row = *row;
    g->created = sv->now;
    g->rematch_wait = -1;
    bool ok = true;
    for (int c = 0; c < 2; c++) {
        g->row.state[c] = NULL;
        rb_net_config cfg = seat_config(sv, g, c);
        char err[200] = "no saved state";
        g->seat[c].peer =
            row->state[c] != NULL ? rb_net_peer_restore(&cfg, row->state[c], sv->now, err, sizeof err) : NULL;
        if (g->seat[c].peer == NULL) {
            /* a seat whose player never came has nothing to restore */
            g->seat[c].peer = rb_net_peer_new(&cfg, err, sizeof err);
            if (row->state[c] != NULL && strstr(row->state[c], "started 1") != NULL) {
                rb_server_log(RB_LOG_ERR, "game %" PRId64 ": seat %d not restored: %s", row->id, c, err);
                ok = false;
            }
        }
        g->seat[c].away_since = sv->now;
        ok = ok && g->seat[c].peer != NULL;
    }
    if (!ok || !add_game(sv, g)) {
        for (int c = 0; c < 2; c++) {
            rb_net_peer_free(g->seat[c].peer);
        }
        free(g);
        return;
    }
}

int rb_srv_games_restore(rb_server *sv)
{
    if (rb_store_games_open(sv->store, restore_one, sv) != 0) {
        rb_server_log(RB_LOG_ERR, "the games in progress were not read: %s", rb_store_error(sv->store));
    }
    return sv->ngames;
}

bool rb_srv_game_attach(rb_server *sv, conn *c, const char *hello, char *out, size_t outlen, char *why, size_t whylen)
{
    rb_net_msg m;
    char err[200];
    if (rb_net_msg_parse(hello, &m, err, sizeof err) != 0 || m.type != RB_MSG_HELLO) {
        snprintf(why, whylen, "the hello is malformed: %s", err);
        return false;
    }
    for (int i = 0; i < sv->ngames; i++) {
        sgame *g = sv->games[i];
        for (int s = 0; s < 2; s++) {
            if (strcmp(g->row.token[s], m.token) != 0) {
                continue;
            }
            if (g->stored_end && !rb_net_peer_started(g->seat[s].peer)) {
                snprintf(why, whylen, "this game is over");
                return false;
            }
            seat *st = &g->seat[s];
            if (st->conn != NULL) { /* the player came back before the old line was found dead */
                st->conn->game = NULL;
                st->conn->kind = CONN_NEW;
                rb_srv_close(sv, st->conn, "replaced by a new connection of the same player");
                rb_net_peer_disconnected(st->peer, sv->now);
            }
            snprintf(m.name, sizeof m.name, "%s", g->row.name[s]);
            if (rb_net_msg_format(&m, out, outlen) == 0) {
                snprintf(why, whylen, "the hello cannot be read again");
                return false;
            }
            c->kind = CONN_GAME;
            c->game = g;
            c->color = s;
            st->conn = c;
            st->away_since = 0;
            rb_net_peer_connected(st->peer, sv->now);
            return true;
        }
    }
    snprintf(why, whylen, "no game here has this token");
    return false;
}

static void rematch_lapses(rb_server *sv, sgame *g, int s);

void rb_srv_game_detach(rb_server *sv, conn *c)
{
    sgame *g = c->game;
    if (g == NULL || g->seat[c->color].conn != c) {
        return;
    }
    g->seat[c->color].conn = NULL;
    g->seat[c->color].away_since = sv->now;
    rb_net_peer_disconnected(g->seat[c->color].peer, sv->now);
    c->game = NULL;
    if (g->stored_end || g->rematch_wait == c->color) {
        rematch_lapses(sv, g, c->color);
    }
}

size_t rb_srv_record_length(const rb_net_peer *p)
{
    const rb_game *rec = rb_net_peer_game(p);
    return rec != NULL ? rec->length : 0;
}

/* ---- the referee ----------------------------------------------------------- */

static bool seat_live(const sgame *g, int s)
{
    return rb_net_peer_started(g->seat[s].peer) && !rb_net_peer_over(g->seat[s].peer);
}

static void warn(const sgame *g, const char *what, const char *err)
{
    rb_server_log(RB_LOG_WARNING, "game %" PRId64 ": %s: %s", g->row.id, what, err);
}

/* A seat whose player came late is given the moves made on the other. */
static void catch_up(rb_server *sv, sgame *g, int s)
{
    const rb_game *mine = rb_net_peer_game(g->seat[s].peer);
    const rb_game *theirs = rb_net_peer_game(g->seat[1 - s].peer);
    char err[200];
    if (mine == NULL || theirs == NULL || g->rematch_wait >= 0) {
        return; /* the other player has not come yet, or is still on the game before a rematch */
    }
    for (size_t i = mine->length; i < theirs->length && seat_live(g, s); i++) {
        const rb_annotation *a = rb_game_annotation(theirs, i);
        int64_t clock = a != NULL && a->clock_ms != RB_CLOCK_NONE ? a->clock_ms : 0;
        if (rb_net_peer_referee_move(g->seat[s].peer, theirs->moves[i], clock, sv->now, err, sizeof err) != 0) {
            warn(g, "catching a seat up", err);
            return;
        }
    }
}

/* ---- a rematch ---------------------------------------------------------------
 * Either player of a finished game may offer one; it is passed to the
 * other as any offer is, and when they agree each seat starts the new
 * game in place, on the same connection, colours swapped (direct play's
 * rematch). The seat whose player answered starts first: then the game
 * becomes a new one in the database, with the same time control and kind,
 * and the seats swap places (a seat's index is its player's colour); the
 * other seat follows when its player confirms. */

static bool rematch_possible(const sgame *g, int to)
{
    return g->stored_end && !g->abandoned && g->rematch_wait < 0 && g->seat[to].conn != NULL &&
           rb_net_peer_started(g->seat[to].peer) && rb_net_peer_over(g->seat[to].peer);
}

static void rematch_began(rb_server *sv, sgame *g, int s)
{
    if (g->rematch_wait >= 0) {
        g->rematch_wait = -1; /* the other seat has followed (and is caught up as it starts) */
        return;
    }
    int64_t before = g->row.id;
    seat t = g->seat[0];
    g->seat[0] = g->seat[1];
    g->seat[1] = t;
    rb_store_game row = g->row;
    for (int c = 0; c < 2; c++) {
        row.account[c] = g->row.account[1 - c];
        snprintf(row.name[c], sizeof row.name[c], "%s", g->row.name[1 - c]);
        snprintf(row.token[c], sizeof row.token[c], "%s", g->row.token[1 - c]);
        row.state[c] = NULL;
        if (g->seat[c].conn != NULL) {
            g->seat[c].conn->color = c;
        }
    }
    g->row = row;
    if (rb_store_game_add(sv->store, &g->row) != 0) {
        warn(g, "the rematch was not stored", rb_store_error(sv->store));
    }
    g->touched = true;
    g->stored_end = g->abandoned = false;
    g->ended_at = 0;
    g->created = sv->now;
    g->rematch_wait = s; /* after the swap the seat still on the old game is at s */
    rb_server_log(RB_LOG_INFO, "game %" PRId64 ": %s - %s, the rematch of game %" PRId64, g->row.id, g->row.name[0],
                  g->row.name[1], before);
}

/* The player of seat s left a finished game: a rematch between them lapses. */
static void rematch_lapses(rb_server *sv, sgame *g, int s)
{
    char err[200];
    rb_net_offer kind;
    int other = 1 - s;
    if (g->rematch_wait == s) {
        /* they agreed but never confirmed: the game that began on the
         * other seat is called off before it starts */
        if (seat_live(g, other)) {
            rb_net_peer_abort(g->seat[other].peer, sv->now, err, sizeof err);
        }
        g->rematch_wait = -1;
        if (rb_store_game_end(sv->store, g->row.id, "*", "the rematch lapsed", NULL) != 0) {
            warn(g, "its end was not stored", rb_store_error(sv->store));
        }
        g->touched = g->stored_end = true;
        g->ended_at = sv->now;
        g->dirty = true;
    } else if (g->stored_end && rb_net_peer_their_offer(g->seat[other].peer, &kind) && kind == RB_OFFER_REMATCH) {
        rb_net_peer_answer(g->seat[other].peer, false, sv->now, err, sizeof err); /* declined for them */
        g->dirty = true;
    }
}

static void handle(rb_server *sv, sgame *g, int s, const rb_net_event *e)
{
    rb_net_peer *me = g->seat[s].peer, *other = g->seat[1 - s].peer;
    char err[200];
    switch (e->type) {
    case RB_NET_EV_STARTED:
    case RB_NET_EV_RESUMED:
        catch_up(sv, g, s);
        g->dirty = true;
        break;
    case RB_NET_EV_MOVE: {
        int64_t clock = rb_net_peer_clocks(me)->left[s];
        g->touched = true;
        if (rb_store_move_add(sv->store, g->row.id, e->ply, e->text, clock) != 0) {
            warn(g, "a move was not stored", rb_store_error(sv->store));
        }
        if (seat_live(g, 1 - s) && rb_net_peer_referee_move(other, e->move, clock, sv->now, err, sizeof err) != 0) {
            warn(g, "a move was not passed on", err);
        }
        rb_srv_tell_watchers(sv, g->row.id, "moved %" PRId64 " %" PRId64 " %s %" PRId64, g->row.id, e->ply, e->text,
                             clock);
        g->dirty = true;
        break;
    }
    case RB_NET_EV_OFFER: {
        bool pass = e->kind == RB_OFFER_REMATCH ? rematch_possible(g, 1 - s) : seat_live(g, 1 - s);
        if (!pass || rb_net_peer_offer(other, (rb_net_offer)e->kind, sv->now, err, sizeof err) != 0) {
            rb_net_peer_answer(me, false, sv->now, err, sizeof err);
        }
        g->dirty = true;
        break;
    }
    case RB_NET_EV_ANSWER:
        rb_net_peer_answer(other, e->yes, sv->now, err, sizeof err);
        g->dirty = true;
        break;
    case RB_NET_EV_AGREED:
        if (e->kind == RB_OFFER_TAKEBACK1 || e->kind == RB_OFFER_TAKEBACK2) {
            rb_store_moves_cut(sv->store, g->row.id, e->ply);
        } else if (e->kind == RB_OFFER_REMATCH) {
            rematch_began(sv, g, s);
        }
        g->dirty = true;
        break;
    case RB_NET_EV_CHAT:
        if (seat_live(g, 1 - s) || rb_net_peer_started(other)) {
            rb_net_peer_chat(other, e->text, sv->now, err, sizeof err);
        }
        g->dirty = true;
        break;
    case RB_NET_EV_REFUSED:
        rb_server_log(RB_LOG_INFO, "game %" PRId64 ": %s's move refused: %s", g->row.id, g->row.name[s], e->text);
        g->dirty = true;
        break;
    case RB_NET_EV_ENDED:
    case RB_NET_EV_BYE:
    case RB_NET_EV_RESYNCED: g->dirty = true; break;
    default: break;
    }
}

/* What ended on one seat by its player's doing is done on the other. */
static void mirror_ends(rb_server *sv, sgame *g)
{
    char err[200];
    if (g->rematch_wait >= 0) {
        return; /* one seat still has the game before: its end is not this one's */
    }
    for (int s = 0; s < 2; s++) {
        rb_net_peer *me = g->seat[s].peer, *other = g->seat[1 - s].peer;
        if (!rb_net_peer_over(me) || !seat_live(g, 1 - s)) {
            continue;
        }
        const rb_game *gm = rb_net_peer_game(me);
        int rc = 0;
        if (rb_net_peer_aborted(me)) {
            rc = rb_net_peer_abort(other, sv->now, err, sizeof err);
        } else if (rb_game_ending(gm) == RB_END_RESIGNATION && gm->resigned == s) {
            rc = rb_net_peer_resign(other, sv->now, err, sizeof err);
        } else if (rb_game_ending(gm) == RB_END_TIME_FORFEIT && gm->resigned == s) {
            rc = rb_net_peer_referee_flag(other, sv->now, err, sizeof err);
        }
        if (rc != 0) {
            warn(g, "an end was not passed on", err);
        }
        g->dirty = true;
    }
}

/* The player of seat s is gone for good: they lose, or before the second
 * move the game is aborted. */
static void abandon(rb_server *sv, sgame *g, int s)
{
    char err[200];
    rb_net_peer *me = g->seat[s].peer, *other = g->seat[1 - s].peer;
    size_t length = rb_srv_record_length(me);
    if (rb_srv_record_length(other) > length) {
        length = rb_srv_record_length(other);
    }
    rb_server_log(RB_LOG_INFO, "game %" PRId64 ": %s left", g->row.id, g->row.name[s]);
    if (length < 2) {
        for (int k = 0; k < 2; k++) {
            if (seat_live(g, k)) {
                rb_net_peer_abort(g->seat[k].peer, sv->now, err, sizeof err);
            }
        }
    } else {
        if (seat_live(g, s)) {
            rb_net_peer_claim(me, RB_CLAIM_WIN, sv->now, err, sizeof err); /* told when they come back */
        }
        if (seat_live(g, 1 - s)) {
            rb_net_peer_resign(other, sv->now, err, sizeof err);
        }
        g->abandoned = true;
    }
    g->dirty = true;
}

static char *final_pgn(rb_server *sv, const sgame *g, const rb_game *rec, const char *reason)
{
    char *text = rec != NULL ? rb_pgn_write(rec) : NULL; /* no record: nobody came */
    if (text == NULL) {
        return NULL;
    }
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error perr = {0};
    if (rb_pgn_read(text, strlen(text), &games, &n, &perr) != 1 || perr.line != 0) {
        return text;
    }
    free(text);
    char id[32];
    snprintf(id, sizeof id, "%" PRId64, g->row.id);
    rb_game_set_tag(&games[0], "Event", g->row.rated ? "Rated game" : "Casual game");
    rb_game_set_tag(&games[0], "Site", sv->set.name);
    rb_game_set_tag(&games[0], "White", g->row.name[0]);
    rb_game_set_tag(&games[0], "Black", g->row.name[1]);
    rb_game_set_tag(&games[0], "GameId", id);
    char date[16];
    time_t t = time(NULL);
    struct tm tm;
    if (gmtime_r(&t, &tm) != NULL && strftime(date, sizeof date, "%Y.%m.%d", &tm) > 0) {
        rb_game_set_tag(&games[0], "Date", date);
    }
    rb_game_set_tag(&games[0], "Termination", reason);
    text = rb_pgn_write(&games[0]);
    for (size_t i = 0; i < n; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
    return text;
}

static void store_end(rb_server *sv, sgame *g, const char *why_aborted)
{
    int s = rb_net_peer_over(g->seat[0].peer) || !rb_net_peer_over(g->seat[1].peer) ? 0 : 1;
    rb_net_peer *p = g->seat[s].peer;
    const rb_game *rec = rb_net_peer_game(p);
    char result[96], reason[96];
    if (why_aborted != NULL || rb_net_peer_aborted(p) || !rb_net_peer_over(p)) {
        snprintf(result, sizeof result, "*");
        snprintf(reason, sizeof reason, "%s", why_aborted ? why_aborted : "aborted");
    } else if (rec != NULL) {
        snprintf(result, sizeof result, "%s", rb_result_text(rb_game_result(rec)));
        snprintf(reason, sizeof reason, "%s", rb_ending_name(rb_game_ending(rec)));
        if (g->abandoned) {
            snprintf(reason, sizeof reason, "abandoned");
        }
    }
    if (strcmp(result, "*") != 0 && rec != NULL) {
        rb_srv_rate_game(sv, g, rb_game_result(rec));
    }
    char *pgn = final_pgn(sv, g, rec, reason);
    if (rb_store_game_end(sv->store, g->row.id, result, reason, pgn) != 0) {
        warn(g, "its end was not stored", rb_store_error(sv->store));
    }
    free(pgn);
    g->touched = true;
    g->stored_end = true;
    g->ended_at = sv->now;
    rb_srv_tell_watchers(sv, g->row.id, "ended %" PRId64 " %s %s", g->row.id, result, reason);
    rb_server_log(RB_LOG_INFO, "game %" PRId64 ": %s - %s %s (%s)", g->row.id, g->row.name[0], g->row.name[1], result,
                  reason);
}

/* Handles every event of both seats and commits what they changed; the
 * loop writes the seats' output (their acknowledgements) only after this. */
static void service(rb_server *sv, sgame *g)
{
    rb_store_begin(sv->store);
    for (int round = 0; round < 8; round++) {
        bool any = false;
        rb_net_event e;
        for (int s = 0; s < 2; s++) {
            while (rb_net_peer_poll(g->seat[s].peer, &e)) {
                any = true;
                handle(sv, g, s, &e);
            }
        }
        mirror_ends(sv, g);
        if (!any) {
            break;
        }
    }
    if (!g->stored_end && g->rematch_wait < 0) {
        bool over0 = rb_net_peer_over(g->seat[0].peer), over1 = rb_net_peer_over(g->seat[1].peer);
        bool started0 = rb_net_peer_started(g->seat[0].peer), started1 = rb_net_peer_started(g->seat[1].peer);
        /* an absent player's seat may not take the claim (after a restart it
         * never saw the line drop): the other seat's end is the game's */
        bool done0 = over0 || !started0 || g->abandoned, done1 = over1 || !started1 || g->abandoned;
        if (done0 && done1 && (over0 || over1)) {
            store_end(sv, g, NULL);
        }
    }
    if (g->dirty) {
        save_states(sv, g);
    }
    if (rb_store_commit(sv->store) != 0) {
        warn(g, "a commit failed", rb_store_error(sv->store));
    }
}

/* Whether bytes from a player hold anything but pings, pongs and
 * acknowledgements (which change nothing a restart needs). */
static bool changes_state(const char *data, size_t n)
{
    size_t i = 0;
    while (i < n) {
        const char *line = data + i;
        const char *nl = memchr(line, '\n', n - i);
        size_t len = nl ? (size_t)(nl - line) : n - i;
        if (!(len >= 4 && (strncmp(line, "ping", 4) == 0 || strncmp(line, "pong", 4) == 0)) &&
            !(len >= 3 && strncmp(line, "ack", 3) == 0) && len > 0) {
            return true;
        }
        i += len + 1;
    }
    return false;
}

void rb_srv_game_feed(rb_server *sv, conn *c, const char *data, size_t n)
{
    sgame *g = c->game;
    if (g == NULL) {
        return;
    }
    rb_net_peer_feed(g->seat[c->color].peer, data, n, sv->now);
    if (changes_state(data, n)) {
        g->dirty = true;
    }
    service(sv, g);
}

void rb_srv_games_tick(rb_server *sv)
{
    int64_t grace = (int64_t)sv->set.grace_seconds * 1000;
    int k = 0;
    for (int i = 0; i < sv->ngames; i++) {
        sgame *g = sv->games[i];
        for (int s = 0; s < 2; s++) {
            rb_net_peer_tick(g->seat[s].peer, sv->now);
        }
        if (!g->stored_end) {
            for (int s = 0; s < 2; s++) {
                seat *st = &g->seat[s];
                if (st->away_since == 0 || sv->now - st->away_since < grace) {
                    continue;
                }
                if (!rb_net_peer_started(st->peer)) {
                    rb_store_begin(sv->store);
                    for (int o = 0; o < 2; o++) {
                        if (seat_live(g, o)) {
                            char err[200];
                            rb_net_peer_abort(g->seat[o].peer, sv->now, err, sizeof err);
                        }
                    }
                    store_end(sv, g, "a player never came");
                    rb_store_commit(sv->store);
                    break;
                }
                if (!rb_net_peer_over(st->peer) || seat_live(g, 1 - s)) {
                    abandon(sv, g, s);
                    st->away_since = 0;
                }
            }
        }
        service(sv, g);
        /* a finished game stays while a player is still on it (a rematch
         * may be offered), up to FINISHED_KEEP_MS */
        bool quiet = true;
        for (int s = 0; s < 2; s++) {
            quiet = quiet && (g->seat[s].conn == NULL || rb_net_peer_finished(g->seat[s].peer));
        }
        if (g->stored_end && (sv->now - g->ended_at > FINISHED_KEEP_MS || (quiet && sv->now - g->ended_at > 5000))) {
            game_free(g);
            continue;
        }
        sv->games[k++] = g;
    }
    sv->ngames = k;
}

/* A game whose round was not committed is taken back to what the database
 * holds: its seats' players are told and their connections closed, so
 * nothing of the round reaches anyone (its acknowledgements and passed-on
 * moves go with the seats), and they come back to the game as it was at
 * its last commit, resending what was not acknowledged. */
static void take_back(sgame *g, const char *why)
{
    for (int s = 0; s < 2; s++) {
        conn *c = g->seat[s].conn;
        if (c == NULL) {
            continue;
        }
        g->seat[s].conn = NULL;
        c->game = NULL;
        c->kind = CONN_NEW;
        rb_srv_send(c,
                    "error the server could not save the game (%s): nothing since your last acknowledged line "
                    "was kept; connect again",
                    why);
        c->closing = true;
    }
    game_free(g);
}

void rb_srv_games_committed(rb_server *sv, bool ok)
{
    if (ok) {
        for (int i = 0; i < sv->ngames; i++) {
            sv->games[i]->touched = false;
        }
        return;
    }
    int64_t *ids = malloc(((size_t)sv->ngames + 1) * sizeof *ids);
    int nids = 0, k = 0;
    for (int i = 0; i < sv->ngames; i++) {
        sgame *g = sv->games[i];
        if (!g->touched) {
            sv->games[k++] = g;
            continue;
        }
        rb_server_log(RB_LOG_ERR, "game %" PRId64 ": taken back to its last commit", g->row.id);
        if (ids != NULL) {
            ids[nids++] = g->row.id;
        }
        take_back(g, rb_store_error(sv->store));
    }
    sv->ngames = k;
    for (int i = 0; i < nids; i++) {
        /* a game made in the failed round is not there, and is gone */
        if (rb_store_game_open(sv->store, ids[i], restore_one, sv) != 0) {
            rb_server_log(RB_LOG_ERR, "game %" PRId64 ": not read again: %s", ids[i], rb_store_error(sv->store));
        }
    }
    free(ids);
}

void rb_srv_games_save_all(rb_server *sv)
{
    rb_store_begin(sv->store);
    for (int i = 0; i < sv->ngames; i++) {
        if (!sv->games[i]->stored_end) {
            save_states(sv, sv->games[i]);
        }
    }
    rb_store_commit(sv->store);
}

void rb_srv_games_free(rb_server *sv)
{
    for (int i = 0; i < sv->ngames; i++) {
        game_free(sv->games[i]);
    }
    free(sv->games);
    sv->games = NULL;
    sv->ngames = 0;
}
