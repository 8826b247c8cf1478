/*
 * net_peer.c - one side of a network game (see rb_net_peer.h).
 *
 * The shape: every line in goes through handle_line, which parses it
 * (rb_net_wire.h), answers what is wrong with an error line, and hands
 * numbered messages to handle_numbered in sequence order only once each, so
 * everything after it may assume a message is new and in order. Everything
 * out goes through emit (unnumbered) or send (numbered: kept until
 * acknowledged and resent on silence or a reconnect). The host is the
 * authority: its clock decides, and when the two records disagree the
 * joiner takes the host's.
 *
 * Decisions that race with a move (a resignation, an agreed offer, a flag,
 * an abort) name the ply they were made at; the side that had gone on
 * cuts its record back to that ply, so both ends keep the same record
 * whichever message crossed which.
 */
#define _POSIX_C_SOURCE 200809L

#include "rb_net_peer.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linereader.h"
#include "rb_net_invite.h"
#include "rb_net_text.h"
#include "rb_notation.h"
#include "rb_pgn.h"
#include "rb_util_assert.h"
#include "rb_util_error.h"

#define UNACKED_MAX 1024
#define EVENTS_MAX 256
#define FIRST_ROOM 8        /* events and unacknowledged lines kept before growing */
#define OUT_MAX (4u << 20)  /* unsent bytes before the peer counts as not reading */
#define ERRORS_MAX 500      /* malformed lines before the peer is sent away */
#define SYNC_MAX (1u << 20) /* bytes of a record received as PGN */
#define HANDSHAKE_MS 10000  /* a connection must say hello within this */
#define CHAT_WINDOW_MS 60000
#define CHAT_KEEP 64
#define ENCODED_CHUNK 900 /* encoded PGN bytes in one pgn line */
#define KNOCK_WINDOW_MS 60000
#define KNOCK_KEEP 32

typedef struct pending {
    int64_t seq;
    char *line;
    size_t len;
} pending;

typedef struct offer_state {
    bool live;
    int kind;
    int64_t ply;
} offer_state;

struct rb_net_peer {
    rb_net_config cfg;
    /* the transport */
    bool connected, greeted, want_close, finished, ever_greeted;
    int64_t connected_at, last_recv, last_ping, ping_sent, ping_id, lost_at;
    bool ping_out, grace_told;
    bool clock_from_now; /* joiner, back in a game: the host's next clocks count from their arrival */
    int64_t now;         /* the time of the call being served */
    rb_linereader reader;
    char store[RB_LINEREADER_STORAGE(RB_NET_LINE_MAX)];
    char *out;
    size_t out_len, out_cap;
    /* delivery */
    int64_t next_seq, seen, last_progress;
    pending *unacked; /* grown as needed up to UNACKED_MAX */
    int nunacked, unacked_cap;
    int errors, bad_moves;
    /* events */
    rb_net_event *events; /* a ring: first_events, then grown up to EVENTS_MAX */
    int ev_head, ev_count, ev_cap;
    rb_net_event first_events[FIRST_ROOM];
    /* the game */
    bool started, over, aborted;
    rb_game game;
    int me;
    char names[2][RB_NET_NAME_MAX + 1];
    char peer_program[RB_NET_PROGRAM_MAX + 1];
    uint64_t game_token;
    char start[RB_POS_TEXT_MAX];
    rb_pos start_pos;
    int64_t base_ms, inc_ms;
    rb_net_clock clock;
    int64_t rtt, rtt_recent[4];
    int nrtt;
    offer_state mine, theirs;
    bool answered_yes; /* I said yes to theirs and wait for it to be done */
    /* chat */
    bool chat_in;
    int64_t chat_out[CHAT_KEEP], chat_got[CHAT_KEEP];
    int nchat_out, nchat_got;
    /* a knock: a joiner without the token waiting for the host's person */
    char remote[RB_NET_ADDR_TEXT_MAX + 1];
    bool knocking, waiting; /* host: a knock stands; joiner: told to wait */
    int64_t knock_at;
    char knock_name[RB_NET_NAME_MAX + 1];
    char knock_program[RB_NET_PROGRAM_MAX + 1];
    int64_t knock_times[KNOCK_KEEP];
    int nknocks;
    /* a record being received as PGN */
    char *sync;
    size_t sync_len;
    int sync_next;
};

void rb_net_config_defaults(rb_net_config *cfg, bool host)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->host = host;
    snprintf(cfg->name, sizeof cfg->name, "%s", host ? "Host" : "Guest");
    snprintf(cfg->program, sizeof cfg->program, "rollerball");
    cfg->host_color = RB_WHITE;
    cfg->max_bad_moves = 3;
    cfg->grace_ms = 60000;
    cfg->ping_ms = 2000;
    cfg->silence_ms = 20000;
    cfg->resend_ms = 1500;
    cfg->handshake_ms = 10000;
    cfg->chat_per_minute = 20;
    cfg->knocks = true;
    cfg->knock_ms = 60000;
    cfg->knocks_per_minute = 6;
}

/* ---- events ---------------------------------------------------------------- */

/* Events and unacknowledged lines are few at a time: a server holds a
 * peer for every seat, so each list starts small and grows to its bound
 * only when its reader falls behind. */
static bool grow_events(rb_net_peer *p)
{
    int cap = p->ev_cap * 2;
    if (cap > EVENTS_MAX) {
        return false;
    }
    rb_net_event *ev = malloc((size_t)cap * sizeof *ev);
    if (ev == NULL) {
        return false;
    }
    for (int i = 0; i < p->ev_count; i++) { /* the ring's order, from 0 */
        ev[i] = p->events[(p->ev_head + i) % p->ev_cap];
    }
    if (p->events != p->first_events) {
        free(p->events);
    }
    p->events = ev;
    p->ev_head = 0;
    p->ev_cap = cap;
    return true;
}

static rb_net_event *push(rb_net_peer *p, rb_net_event_type type)
{
    if (p->ev_count == p->ev_cap && !grow_events(p)) {
        p->ev_head = (p->ev_head + 1) % p->ev_cap; /* nobody polls: the oldest goes */
        p->ev_count--;
    }
    rb_net_event *e = &p->events[(p->ev_head + p->ev_count) % p->ev_cap];
    p->ev_count++;
    memset(e, 0, sizeof *e);
    e->type = type;
    return e;
}

static void push_text(rb_net_peer *p, rb_net_event_type type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void push_text(rb_net_peer *p, rb_net_event_type type, const char *fmt, ...)
{
    rb_net_event *e = push(p, type);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
}

bool rb_net_peer_poll(rb_net_peer *p, rb_net_event *ev)
{
    if (p->ev_count == 0) {
        return false;
    }
    *ev = p->events[p->ev_head];
    p->ev_head = (p->ev_head + 1) % p->ev_cap;
    p->ev_count--;
    return true;
}

/* ---- output ---------------------------------------------------------------- */

static void emit_raw(rb_net_peer *p, const char *line, size_t len)
{
    if (!p->connected || p->want_close) {
        return;
    }
    if (p->out_len + len > OUT_MAX) {
        /* The peer has not read megabytes: it is gone or flooding us. */
        p->want_close = true;
        return;
    }
    if (p->out_len + len > p->out_cap) {
        size_t cap = p->out_cap ? p->out_cap : 4096;
        while (cap < p->out_len + len) {
            cap *= 2;
        }
        char *grown = realloc(p->out, cap);
        if (grown == NULL) {
            p->want_close = true;
            return;
        }
        p->out = grown;
        p->out_cap = cap;
    }
    memcpy(p->out + p->out_len, line, len);
    p->out_len += len;
}

static void emit(rb_net_peer *p, const rb_net_msg *m)
{
    char line[RB_NET_LINE_MAX + 2];
    size_t n = rb_net_msg_format(m, line, sizeof line);
    if (n > 0) {
        emit_raw(p, line, n);
    }
}

/* Free text as a line's last field: cleaned, cut, without spaces at
 * either end (a line's fields never begin or end with one), never empty. */
static void tidy(char *text)
{
    rb_net_clean(text, RB_NET_TEXT_MAX);
    size_t a = 0, n = strlen(text);
    while (text[a] == ' ') {
        a++;
    }
    while (n > a && text[n - 1] == ' ') {
        n--;
    }
    memmove(text, text + a, n - a);
    text[n - a] = '\0';
    if (text[0] == '\0') {
        snprintf(text, 2, "-");
    }
}

static void emit_error(rb_net_peer *p, const char *text)
{
    rb_net_msg m = {.type = RB_MSG_ERROR};
    snprintf(m.text, sizeof m.text, "%s", text);
    tidy(m.text);
    emit(p, &m);
}

static void emit_bye(rb_net_peer *p, const char *code, const char *text)
{
    rb_net_msg m = {.type = RB_MSG_BYE};
    snprintf(m.code, sizeof m.code, "%s", code);
    snprintf(m.text, sizeof m.text, "%s", text);
    tidy(m.text);
    emit(p, &m);
}

/* Room for one more unacknowledged line: false when UNACKED_MAX wait
 * already or memory runs out. */
static bool unacked_room(rb_net_peer *p)
{
    if (p->nunacked < p->unacked_cap) {
        return true;
    }
    int cap = p->unacked_cap ? p->unacked_cap * 2 : FIRST_ROOM;
    if (cap > UNACKED_MAX) {
        return false;
    }
    pending *u = realloc(p->unacked, (size_t)cap * sizeof *u);
    if (u == NULL) {
        return false;
    }
    p->unacked = u;
    p->unacked_cap = cap;
    return true;
}

/* Sends a numbered message (it is kept until acknowledged). -1 when too
 * many wait already. */
static int send(rb_net_peer *p, rb_net_msg *m)
{
    if (!unacked_room(p)) {
        return -1;
    }
    char line[RB_NET_LINE_MAX + 2];
    m->seq = p->next_seq;
    size_t n = rb_net_msg_format(m, line, sizeof line);
    char *copy = n > 0 ? malloc(n) : NULL;
    if (copy == NULL) {
        return -1;
    }
    memcpy(copy, line, n);
    p->next_seq++;
    if (p->nunacked == 0) {
        p->last_progress = p->now;
    }
    p->unacked[p->nunacked++] = (pending){m->seq, copy, n};
    if (p->greeted) {
        emit_raw(p, copy, n);
    }
    return 0;
}

static void drop_acked(rb_net_peer *p, int64_t upto)
{
    int k = 0;
    while (k < p->nunacked && p->unacked[k].seq <= upto) {
        free(p->unacked[k].line);
        k++;
    }
    if (k > 0) {
        memmove(p->unacked, p->unacked + k, (size_t)(p->nunacked - k) * sizeof p->unacked[0]);
        p->nunacked -= k;
        p->last_progress = p->now;
    }
}

static void resend_all(rb_net_peer *p)
{
    for (int i = 0; i < p->nunacked; i++) {
        emit_raw(p, p->unacked[i].line, p->unacked[i].len);
    }
    p->last_progress = p->now;
}

static void send_ack(rb_net_peer *p)
{
    rb_net_msg m = {.type = RB_MSG_ACK, .seq = p->seen};
    emit(p, &m);
}

/* ---- the game record ------------------------------------------------------- */

static void set_tags(rb_net_peer *p, rb_game *g)
{
    rb_game_set_tag(g, "Event", "Rollerball network game");
    rb_game_set_tag(g, "Site", "Rollerball network game");
    rb_game_set_tag(g, "White", p->names[RB_WHITE]);
    rb_game_set_tag(g, "Black", p->names[RB_BLACK]);
    if (p->base_ms > 0) {
        rb_game_set_time_control(g, p->base_ms, p->inc_ms);
    }
}

/* The record cut to its first ply moves (their clocks kept), the cursor at
 * its end. Nothing changes when memory runs out. */
static void cut_to(rb_net_peer *p, size_t ply)
{
    rb_game g;
    if (ply > p->game.length || rb_game_init(&g, &p->game.positions[0]) != 0) {
        return;
    }
    for (size_t i = 0; i < ply; i++) {
        if (rb_game_play(&g, p->game.moves[i]) != 0) {
            rb_game_free(&g);
            return;
        }
        const rb_annotation *a = rb_game_annotation(&p->game, i);
        if (a != NULL && a->clock_ms != RB_CLOCK_NONE) {
            rb_game_set_clock(&g, i, a->clock_ms);
        }
    }
    set_tags(p, &g);
    rb_game_free(&p->game);
    p->game = g;
}

static void new_game(rb_net_peer *p)
{
    if (p->started) {
        rb_game_free(&p->game);
    }
    rb_game_init(&p->game, &p->start_pos);
    set_tags(p, &p->game);
    rb_net_clock_init(&p->clock, p->base_ms, p->inc_ms);
    rb_net_clock_start(&p->clock, p->start_pos.side, p->now);
    p->started = true;
    p->over = p->aborted = false;
    p->mine.live = p->theirs.live = p->answered_yes = false;
    rb_net_event *e = push(p, RB_NET_EV_STARTED);
    e->value = p->me;
    snprintf(e->text, sizeof e->text, "%s - %s", p->names[RB_WHITE], p->names[RB_BLACK]);
}

static void check_end(rb_net_peer *p)
{
    rb_ending end = rb_game_ending(&p->game);
    if (end == RB_END_NONE || p->over) {
        return;
    }
    p->over = true;
    rb_net_clock_stop(&p->clock, p->now);
    p->mine.live = p->theirs.live = p->answered_yes = false;
    rb_net_event *e = push(p, RB_NET_EV_ENDED);
    rb_net_peer_result_text(p, e->text, sizeof e->text);
}

static void end_aborted(rb_net_peer *p)
{
    p->over = p->aborted = true;
    rb_net_clock_stop(&p->clock, p->now);
    p->mine.live = p->theirs.live = p->answered_yes = false;
    rb_game_set_intro(&p->game, "Aborted before the second move");
    push_text(p, RB_NET_EV_ENDED, "* (aborted)");
}

static void lapse_offers(rb_net_peer *p)
{
    if (p->mine.live) {
        rb_net_event *e = push(p, RB_NET_EV_LAPSED);
        e->kind = p->mine.kind;
        e->mine = true;
    }
    if (p->theirs.live) {
        rb_net_event *e = push(p, RB_NET_EV_LAPSED);
        e->kind = p->theirs.kind;
    }
    p->mine.live = p->theirs.live = p->answered_yes = false;
}

static void record_clock(rb_net_peer *p, size_t move_index, int64_t ms)
{
    if (p->base_ms > 0 && ms >= 0 && ms <= RB_NOTE_CLOCK_MAX) {
        rb_game_set_clock(&p->game, move_index, ms);
    }
}

/* The host's clocks after a move, for the joiner (and its record's %clk). */
static void send_clocks(rb_net_peer *p)
{
    if (!p->cfg.host || p->base_ms <= 0) {
        return;
    }
    rb_net_msg m = {.type = RB_MSG_CLOCK, .ply = (int64_t)p->game.ply};
    m.clocks[0] = rb_net_clock_left(&p->clock, RB_WHITE, p->now);
    m.clocks[1] = rb_net_clock_left(&p->clock, RB_BLACK, p->now);
    send(p, &m);
}

/* The host's whole record, as PGN in numbered pieces. */
static void send_record(rb_net_peer *p)
{
    char *pgn = rb_pgn_write(&p->game);
    if (pgn == NULL) {
        return;
    }
    /* Split so that each piece, encoded, fits a line. */
    size_t len = strlen(pgn), at = 0;
    size_t cuts[RB_NET_CHUNKS_MAX + 1];
    int count = 0;
    while (at < len && count < RB_NET_CHUNKS_MAX) {
        cuts[count++] = at;
        size_t enc = 0, take = 0;
        while (at + take < len && take < RB_NET_CHUNK_MAX) {
            unsigned char c = (unsigned char)pgn[at + take];
            size_t w = (c > 0x20 && c < 0x7f && c != '%') ? 1 : 3;
            if (enc + w > ENCODED_CHUNK) {
                break;
            }
            enc += w;
            take++;
        }
        at += take;
    }
    if (at < len || count == 0) {
        free(pgn);
        emit_error(p, "the record is too long to send");
        return;
    }
    cuts[count] = len;
    for (int i = 0; i < count; i++) {
        rb_net_msg m = {.type = RB_MSG_PGN, .index = i, .count = count};
        size_t n = cuts[i + 1] - cuts[i];
        memcpy(m.text, pgn + cuts[i], n);
        m.text[n] = '\0';
        send(p, &m);
    }
    free(pgn);
    send_clocks(p);
}

/* ---- handling what comes in ------------------------------------------------ */

static void send_away(rb_net_peer *p, const char *code, const char *text)
{
    emit_bye(p, code, text);
    p->want_close = true;
    if (p->greeted || !p->cfg.host) {
        p->finished = true;
        rb_net_event *e = push(p, RB_NET_EV_BYE);
        e->mine = true;
        snprintf(e->code, sizeof e->code, "%s", code);
        snprintf(e->text, sizeof e->text, "%s", text);
    }
}

static void refuse_move(rb_net_peer *p, const rb_net_msg *m, const char *why)
{
    p->bad_moves++;
    push_text(p, RB_NET_EV_REFUSED, "%s", why);
    rb_net_msg r = {.type = RB_MSG_REFUSE, .of_seq = m->seq};
    snprintf(r.text, sizeof r.text, "%s", why);
    tidy(r.text);
    send(p, &r);
    if (p->bad_moves >= p->cfg.max_bad_moves) {
        char text[RB_NET_TEXT_MAX + 1];
        snprintf(text, sizeof text, "%d refused moves; the last: %.120s", p->bad_moves, why);
        send_away(p, "badmoves", text);
        return;
    }
    if (p->cfg.host) {
        send_record(p);
    }
}

static int64_t lag_max(const rb_net_peer *p)
{
    int64_t most = 0;
    for (int i = 0; i < p->nrtt && i < 4; i++) {
        most = p->rtt_recent[i] > most ? p->rtt_recent[i] : most;
    }
    return most;
}

static void got_move(rb_net_peer *p, const rb_net_msg *m)
{
    char why[240], err[160];
    p->clock_from_now = false;
    if (!p->started || p->over) {
        return; /* crossed an ending, which the mover learns of and cuts back to */
    }
    const rb_pos *pos = rb_game_pos(&p->game);
    if (m->ply != (int64_t)p->game.ply) {
        snprintf(why, sizeof why, "move %s is for ply %" PRId64 ", but the game is at ply %zu", m->move, m->ply,
                 p->game.ply);
        refuse_move(p, m, why);
        return;
    }
    if (pos->side == p->me) {
        snprintf(why, sizeof why, "move %s at ply %" PRId64 ": it is not your turn", m->move, m->ply);
        refuse_move(p, m, why);
        return;
    }
    rb_move mv;
    if (rb_move_parse_coord(pos, m->move, &mv, err, sizeof err) != 0) {
        snprintf(why, sizeof why, "move %s at ply %" PRId64 ": %s", m->move, m->ply, err);
        refuse_move(p, m, why);
        return;
    }
    rb_pos after;
    rb_pos_make(pos, mv, &after);
    if (after.key != m->fp) {
        char mine[17], theirs[17];
        rb_net_hex64(after.key, mine);
        rb_net_hex64(m->fp, theirs);
        snprintf(why, sizeof why, "move %s at ply %" PRId64 ": the position after it is %s here, not %s", m->move,
                 m->ply, mine, theirs);
        refuse_move(p, m, why);
        return;
    }
    int64_t clock_after;
    if (p->cfg.host) {
        /* Think time as the mover counts it, from the clock it reports; the
         * rest of what the host measured was spent on the line. */
        int64_t before = p->clock.left[1 - p->me];
        int64_t think = before - (m->clock_ms - (p->base_ms > 0 ? p->inc_ms : 0));
        int64_t spent = p->now - p->clock.turn_start;
        clock_after = rb_net_clock_move(&p->clock, p->now, spent - think, lag_max(p));
    } else {
        rb_net_clock_move(&p->clock, p->now, 0, 0);
        p->clock.left[1 - p->me] = m->clock_ms;
        clock_after = m->clock_ms;
    }
    if (rb_game_play(&p->game, mv) != 0) {
        return;
    }
    record_clock(p, p->game.ply - 1, clock_after);
    lapse_offers(p);
    rb_net_event *e = push(p, RB_NET_EV_MOVE);
    e->move = mv;
    e->ply = m->ply;
    rb_move_to_coord(mv, e->text);
    send_clocks(p);
    check_end(p);
}

/* A decision made at ply by the peer: cut back to it when we went on. */
static bool at_ply(rb_net_peer *p, int64_t ply)
{
    if (ply > (int64_t)p->game.length) {
        emit_error(p, "a decision for a ply this game has not reached");
        return false;
    }
    if (ply < (int64_t)p->game.length) {
        cut_to(p, (size_t)ply);
    }
    return true;
}

static void apply_offer(rb_net_peer *p, int kind, int64_t ply)
{
    rb_net_event *e;
    switch (kind) {
    case RB_OFFER_DRAW:
        if (!at_ply(p, ply)) {
            return;
        }
        rb_game_agree_draw(&p->game);
        p->mine.live = p->theirs.live = p->answered_yes = false;
        e = push(p, RB_NET_EV_AGREED);
        e->kind = kind;
        p->over = true;
        rb_net_clock_stop(&p->clock, p->now);
        e = push(p, RB_NET_EV_ENDED);
        rb_net_peer_result_text(p, e->text, sizeof e->text);
        return;
    case RB_OFFER_TAKEBACK1:
    case RB_OFFER_TAKEBACK2: {
        int64_t back = kind == RB_OFFER_TAKEBACK1 ? 1 : 2;
        if (ply < back || !at_ply(p, ply)) {
            return;
        }
        cut_to(p, (size_t)(ply - back));
        int running = p->clock.running;
        rb_net_clock_stop(&p->clock, p->now);
        if (running >= 0) {
            rb_net_clock_start(&p->clock, rb_game_pos(&p->game)->side, p->now);
        }
        p->mine.live = p->theirs.live = p->answered_yes = false;
        e = push(p, RB_NET_EV_AGREED);
        e->kind = kind;
        e->ply = (int64_t)p->game.ply;
        return;
    }
    case RB_OFFER_REMATCH:
        p->me = 1 - p->me;
        snprintf(p->names[RB_WHITE], sizeof p->names[0], "%s", rb_game_tag(&p->game, "Black"));
        snprintf(p->names[RB_BLACK], sizeof p->names[0], "%s", rb_game_tag(&p->game, "White"));
        e = push(p, RB_NET_EV_AGREED);
        e->kind = kind;
        new_game(p);
        return;
    default: return;
    }
}

static bool offer_allowed(const rb_net_peer *p, int kind, int64_t ply, char *why, size_t size)
{
    if (!p->started) {
        snprintf(why, size, "no game yet");
        return false;
    }
    if (kind == RB_OFFER_REMATCH) {
        if (!p->over) {
            snprintf(why, size, "a rematch is offered once the game is over");
            return false;
        }
        return true;
    }
    if (p->over) {
        snprintf(why, size, "the game is over");
        return false;
    }
    if ((kind == RB_OFFER_TAKEBACK1 && ply < 1) || (kind == RB_OFFER_TAKEBACK2 && ply < 2)) {
        snprintf(why, size, "there are not enough moves to take back");
        return false;
    }
    return true;
}

static void got_pgn(rb_net_peer *p, const rb_net_msg *m)
{
    if (p->cfg.host) {
        emit_error(p, "pgn: only the host sends its record");
        return;
    }
    if (m->index == 0) {
        p->sync_len = 0;
        p->sync_next = 0;
    }
    if (m->index != p->sync_next) {
        emit_error(p, "pgn: a piece out of order");
        p->sync_next = 0;
        return;
    }
    size_t n = strlen(m->text);
    if (p->sync_len + n + 1 > SYNC_MAX) {
        emit_error(p, "pgn: the record is too long");
        p->sync_next = 0;
        return;
    }
    char *grown = realloc(p->sync, p->sync_len + n + 1);
    if (grown == NULL) {
        return;
    }
    p->sync = grown;
    memcpy(p->sync + p->sync_len, m->text, n);
    p->sync_len += n;
    p->sync[p->sync_len] = '\0';
    p->sync_next++;
    if (p->sync_next < m->count) {
        return;
    }
    p->sync_next = 0;
    rb_game *games = NULL;
    size_t ngames = 0;
    rb_pgn_error perr;
    int got = rb_pgn_read(p->sync, p->sync_len, &games, &ngames, &perr);
    bool ok = got == 1 && perr.line == 0 && rb_pos_equal(&games[0].positions[0], &p->start_pos);
    if (ok) {
        rb_game_goto(&games[0], games[0].length);
        rb_game_free(&p->game);
        p->game = games[0];
        set_tags(p, &p->game);
        p->mine.live = p->theirs.live = p->answered_yes = false;
        bool was_over = p->over;
        p->over = rb_game_ending(&p->game) != RB_END_NONE;
        rb_net_clock_stop(&p->clock, p->now);
        if (!p->over) {
            rb_net_clock_start(&p->clock, rb_game_pos(&p->game)->side, p->now);
        }
        push_text(p, RB_NET_EV_RESYNCED, "the game is the host's again, at ply %zu", p->game.ply);
        if (p->over && !was_over) {
            rb_net_event *e = push(p, RB_NET_EV_ENDED);
            rb_net_peer_result_text(p, e->text, sizeof e->text);
        }
    } else {
        for (size_t i = 0; i < ngames; i++) {
            rb_game_free(&games[i]);
        }
        char text[RB_NET_TEXT_MAX];
        snprintf(text, sizeof text, "pgn: the record does not read (%.150s)",
                 perr.line != 0 ? perr.message : "not one game from this start");
        emit_error(p, text);
        free(games);
        return;
    }
    free(games);
}

static bool chat_rate_ok(int64_t *times, int *count, int limit, int64_t now)
{
    int k = 0;
    for (int i = 0; i < *count; i++) {
        if (now - times[i] < CHAT_WINDOW_MS) {
            times[k++] = times[i];
        }
    }
    *count = k;
    if (k >= limit || k >= CHAT_KEEP) {
        return false;
    }
    times[(*count)++] = now;
    return true;
}

static void handle_numbered(rb_net_peer *p, const rb_net_msg *m)
{
    char why[200];
    rb_net_event *e;
    switch (m->type) {
    case RB_MSG_MOVE: got_move(p, m); return;
    case RB_MSG_CLOCK:
        if (p->cfg.host) {
            emit_error(p, "clock: only the host sends the clocks");
            return;
        }
        if (m->ply == (int64_t)p->game.ply && p->started) {
            p->clock.left[0] = m->clocks[0];
            p->clock.left[1] = m->clocks[1];
            if (p->clock_from_now) {
                /* after a resume they are the host's clocks as of now (a
                 * host that was down has not charged its downtime), so the
                 * running one runs from here; after a move they are as at
                 * the move, from which it runs already */
                p->clock.turn_start = p->now;
            }
            if (p->game.ply > 0) {
                int mover = 1 - rb_game_pos(&p->game)->side;
                record_clock(p, p->game.ply - 1, m->clocks[mover]);
            }
        }
        return;
    case RB_MSG_OFFER:
        if (!offer_allowed(p, m->kind, m->ply, why, sizeof why) ||
            m->ply != (int64_t)(m->kind == RB_OFFER_REMATCH ? p->game.length : p->game.ply)) {
            return; /* lapsed on the way, or not allowed: it stands for nothing */
        }
        p->theirs = (offer_state){true, m->kind, m->ply};
        p->answered_yes = false;
        e = push(p, RB_NET_EV_OFFER);
        e->kind = m->kind;
        e->ply = m->ply;
        return;
    case RB_MSG_ANSWER:
        if (!p->mine.live || p->mine.kind != m->kind || p->mine.ply != m->ply) {
            return; /* about an offer that lapsed */
        }
        e = push(p, RB_NET_EV_ANSWER);
        e->kind = m->kind;
        e->yes = m->yes;
        p->mine.live = false;
        if (m->yes) {
            rb_net_msg d = {.type = RB_MSG_DONE, .kind = m->kind, .ply = m->ply};
            send(p, &d);
            apply_offer(p, m->kind, m->ply);
        }
        return;
    case RB_MSG_DONE:
        if (!p->started || (m->kind != RB_OFFER_REMATCH && p->over)) {
            return;
        }
        if (m->kind == RB_OFFER_REMATCH && !p->over) {
            return;
        }
        apply_offer(p, m->kind, m->ply);
        return;
    case RB_MSG_RESIGN:
        if (!p->started || p->over || !at_ply(p, m->ply)) {
            return;
        }
        rb_game_resign(&p->game, 1 - p->me);
        check_end(p);
        return;
    case RB_MSG_ABORT:
        if (!p->started || p->over || m->ply >= 2) {
            return;
        }
        if (at_ply(p, m->ply)) {
            end_aborted(p);
        }
        return;
    case RB_MSG_FLAG:
        if (p->cfg.host) {
            emit_error(p, "flag: only the host's clock decides");
            return;
        }
        if (!p->started || p->over || !at_ply(p, m->ply)) {
            return;
        }
        rb_game_lose_on_time(&p->game, m->color);
        check_end(p);
        return;
    case RB_MSG_CLAIM:
        if (p->cfg.referee) {
            emit_error(p, "claim: the server decides when a player has left");
            return;
        }
        if (!p->started || p->over || !at_ply(p, m->ply)) {
            return;
        }
        if (m->kind == RB_CLAIM_WIN) {
            rb_game_resign(&p->game, p->me);
        } else {
            rb_game_agree_draw(&p->game);
        }
        rb_game_set_intro(&p->game, m->kind == RB_CLAIM_WIN ? "Won by a claim: the opponent left"
                                                            : "Drawn by a claim: the opponent left");
        check_end(p);
        return;
    case RB_MSG_CHAT:
        if (!chat_rate_ok(p->chat_got, &p->nchat_got, 2 * p->cfg.chat_per_minute, p->now)) {
            return; /* more than anyone types: dropped */
        }
        if (!p->chat_in) {
            push(p, RB_NET_EV_CHAT_HIDDEN);
            return;
        }
        push_text(p, RB_NET_EV_CHAT, "%.200s", m->text);
        return;
    case RB_MSG_REFUSE:
        e = push(p, RB_NET_EV_REFUSED);
        e->mine = true;
        snprintf(e->text, sizeof e->text, "%.200s", m->text);
        if (p->cfg.host) {
            send_record(p);
        }
        return;
    case RB_MSG_PGN: got_pgn(p, m); return;
    default: return;
    }
}

/* ---- the handshake --------------------------------------------------------- */

static bool token_ok(const char *t);

static uint64_t my_rules(const rb_net_peer *p)
{
    return p->cfg.rules != 0 ? p->cfg.rules : rb_net_rules_fingerprint();
}

static int my_proto(const rb_net_peer *p)
{
    return p->cfg.proto != 0 ? p->cfg.proto : RB_NET_PROTO;
}

/* Refuses a peer of another version or other rules; true when it did. */
static bool refuse_version(rb_net_peer *p, const rb_net_msg *m)
{
    char text[RB_NET_TEXT_MAX + 1];
    int lo = p->cfg.proto != 0 ? p->cfg.proto : RB_NET_PROTO_MIN, hi = my_proto(p);
    if (m->proto < lo || m->proto > hi) {
        snprintf(text, sizeof text, "protocol version %d is not accepted: %s speaks version %d and accepts %d to %d",
                 m->proto, p->cfg.program, hi, lo, hi);
        send_away(p, "version", text);
        return true;
    }
    uint64_t rules = my_rules(p);
    if (m->rules != rules) {
        char mine[17], theirs[17];
        rb_net_hex64(rules, mine);
        rb_net_hex64(m->rules, theirs);
        snprintf(text, sizeof text, "the rules differ: %s has rules %s, %s has rules %s", p->cfg.program, mine,
                 m->program, theirs);
        send_away(p, "rules", text);
        return true;
    }
    return false;
}

static void fill_hello(const rb_net_peer *p, rb_net_msg *m, rb_net_msg_type type)
{
    memset(m, 0, sizeof *m);
    m->type = type;
    m->proto = my_proto(p);
    snprintf(m->program, sizeof m->program, "%s", p->cfg.program);
    m->rules = my_rules(p);
    snprintf(m->name, sizeof m->name, "%s", p->cfg.name);
}

static void greeted(rb_net_peer *p)
{
    p->greeted = p->ever_greeted = true;
    p->last_ping = p->now - p->cfg.ping_ms; /* a first ping at once measures the lag */
    p->grace_told = false;
    p->lost_at = 0;
}

/* Sends the welcome w (its resume and token set by the caller) with the
 * game's settings, and counts the handshake done. */
static void send_welcome(rb_net_peer *p, rb_net_msg *w)
{
    w->game = p->game_token;
    w->has_game = true;
    w->you = 1 - p->me;
    snprintf(w->start, sizeof w->start, "%s", p->start);
    w->base_ms = p->base_ms;
    w->inc_ms = p->inc_ms;
    w->seen = p->seen;
    w->ply = p->started ? (int64_t)p->game.ply : 0;
    emit(p, w);
    greeted(p);
}

/* Knocks in the last minute, the one now counted; old ones forgotten. */
static int recent_knocks(rb_net_peer *p)
{
    int keep = 0;
    for (int i = 0; i < p->nknocks; i++) {
        if (p->now - p->knock_times[i] < KNOCK_WINDOW_MS) {
            p->knock_times[keep++] = p->knock_times[i];
        }
    }
    p->nknocks = keep;
    if (p->nknocks < KNOCK_KEEP) {
        p->knock_times[p->nknocks++] = p->now;
    }
    return p->nknocks;
}

/* A hello without the token: the host's person is asked, unless knocking
 * is off, a game is on, or too many knocked this minute. */
static void got_knock(rb_net_peer *p, const rb_net_msg *m)
{
    if (!p->cfg.knocks) {
        send_away(p, "token", "this host lets in only a joiner with the invite code");
        return;
    }
    if (m->has_game) {
        send_away(p, "game", "a game is resumed with the invite's token, not by knocking");
        return;
    }
    if (p->ever_greeted) {
        send_away(p, "busy", "a game is already being played here");
        return;
    }
    int limit = p->cfg.knocks_per_minute > 0 ? p->cfg.knocks_per_minute : 6;
    if (recent_knocks(p) > limit) {
        send_away(p, "busy", "too many requests to join in the last minute: try again later");
        return;
    }
    p->knocking = true;
    p->knock_at = p->now;
    snprintf(p->knock_name, sizeof p->knock_name, "%s", m->name[0] != '\0' ? m->name : "?");
    snprintf(p->knock_program, sizeof p->knock_program, "%s", m->program);
    rb_net_msg w = {.type = RB_MSG_WAIT};
    snprintf(w.text, sizeof w.text, "asking %s to let you in", p->cfg.name);
    emit(p, &w);
    rb_net_event *e = push(p, RB_NET_EV_KNOCK);
    snprintf(e->text, sizeof e->text, "%s", p->knock_name);
    snprintf(e->addr, sizeof e->addr, "%s", p->remote);
}

/* The knock is over without an answer: the joiner left, or time ran out. */
static void knock_gone(rb_net_peer *p, const char *why)
{
    p->knocking = false;
    push_text(p, RB_NET_EV_KNOCK_GONE, "%s %s", p->knock_name, why);
}

static void got_hello(rb_net_peer *p, const rb_net_msg *m)
{
    if (!p->cfg.host) {
        emit_error(p, "hello: the joiner says hello, not the host");
        return;
    }
    if (p->knocking) {
        emit_error(p, "hello: already asking to join");
        return;
    }
    if (refuse_version(p, m)) {
        return;
    }
    if (m->knock) {
        got_knock(p, m);
        return;
    }
    if (strcmp(m->token, p->cfg.token) != 0) {
        send_away(p, "token", "the invite token is wrong: ask the host for the invite code again");
        return;
    }
    rb_net_msg w;
    fill_hello(p, &w, RB_MSG_WELCOME);
    if (m->has_game) {
        if (!p->started || m->game != p->game_token) {
            send_away(p, "game", "there is no such game to resume here");
            return;
        }
        drop_acked(p, m->seen);
        w.resume = true;
    } else if (p->ever_greeted && (p->seen > 0 || p->nunacked != p->next_seq - 1)) {
        send_away(p, "busy", "a game is already being played here");
        return;
    } else if (p->ever_greeted) {
        /* the joiner never got the welcome (it asks afresh, and neither
         * side has had a numbered message from the other): welcome it
         * again; everything sent since is sent again below */
        w.resume = false;
    } else {
        snprintf(p->names[1 - p->me], sizeof p->names[0], "%s", m->name[0] != '\0' ? m->name : "?");
        snprintf(p->peer_program, sizeof p->peer_program, "%s", m->program);
    }
    send_welcome(p, &w);
    if (w.resume) {
        resend_all(p);
        /* the clocks as they are now: the joiner's ran on while it was
         * away, and this side's may not have (a host that was down, as a
         * server restarted, does not charge its downtime) */
        if (!p->over) {
            send_clocks(p);
        }
        push_text(p, RB_NET_EV_RESUMED, "%s is back", p->names[1 - p->me]);
    } else if (p->started) {
        resend_all(p);
    } else {
        new_game(p);
    }
}

static void got_welcome(rb_net_peer *p, const rb_net_msg *m)
{
    if (p->cfg.host) {
        emit_error(p, "welcome: the host welcomes, not the joiner");
        return;
    }
    if (refuse_version(p, m)) {
        return;
    }
    if (p->started) {
        if (!m->resume || m->game != p->game_token) {
            send_away(p, "game", "the host is no longer playing this game");
            return;
        }
        drop_acked(p, m->seen);
        greeted(p);
        p->clock_from_now = true;
        resend_all(p);
        push_text(p, RB_NET_EV_RESUMED, "back in the game with %s", p->names[1 - p->me]);
        return;
    }
    if (m->resume) {
        send_away(p, "game", "the host resumes a game this side does not have");
        return;
    }
    char err[160];
    rb_pos start;
    if (m->start[0] == '\0') {
        rb_pos_start(&start);
    } else if (rb_pos_parse(&start, m->start, err, sizeof err) != 0) {
        char text[RB_NET_TEXT_MAX + 1];
        snprintf(text, sizeof text, "the host's start position does not read: %.150s", err);
        send_away(p, "settings", text);
        return;
    }
    p->start_pos = start;
    snprintf(p->start, sizeof p->start, "%s", m->start);
    p->me = m->you;
    p->base_ms = m->base_ms;
    p->inc_ms = m->inc_ms;
    p->game_token = m->game;
    if (p->cfg.token[0] == '\0' && strlen(m->token) == RB_NET_TOKEN_LEN && token_ok(m->token)) {
        /* let in by knocking: the token is for coming back after a drop */
        snprintf(p->cfg.token, sizeof p->cfg.token, "%s", m->token);
    }
    p->waiting = false;
    snprintf(p->names[1 - p->me], sizeof p->names[0], "%s", m->name[0] != '\0' ? m->name : "?");
    snprintf(p->names[p->me], sizeof p->names[0], "%s", p->cfg.name);
    snprintf(p->peer_program, sizeof p->peer_program, "%s", m->program);
    greeted(p);
    new_game(p);
}

static void handle_line(const char *text, size_t len, bool overlong, void *user)
{
    rb_net_peer *p = user;
    char err[200];
    if (p->finished || p->want_close) {
        return;
    }
    p->last_recv = p->now;
    rb_net_msg m;
    int bad = 0;
    if (overlong) {
        snprintf(err, sizeof err, "a line longer than %d bytes", RB_NET_LINE_MAX);
        bad = -1;
    } else if (memchr(text, '\0', len) != NULL) {
        snprintf(err, sizeof err, "a NUL byte in a line");
        bad = -1;
    } else {
        bad = rb_net_msg_parse(text, &m, err, sizeof err);
    }
    if (bad == 0 && !p->greeted && m.type != RB_MSG_HELLO && m.type != RB_MSG_WELCOME && m.type != RB_MSG_BYE &&
        m.type != RB_MSG_ERROR && m.type != RB_MSG_WAIT) {
        snprintf(err, sizeof err, "%s before the handshake", rb_net_msg_name(m.type));
        bad = -1;
    }
    if (bad != 0) {
        if (++p->errors > ERRORS_MAX) {
            send_away(p, "flood", "too many malformed lines");
            return;
        }
        emit_error(p, err);
        return;
    }
    switch (m.type) {
    case RB_MSG_HELLO:
        if (p->greeted) {
            emit_error(p, "hello: the handshake is done already");
            return;
        }
        if (m.proto < RB_NET_PROTO_MIN || m.proto > RB_NET_PROTO) {
            refuse_version(p, &m);
            return;
        }
        got_hello(p, &m);
        return;
    case RB_MSG_WELCOME:
        if (p->greeted) {
            emit_error(p, "welcome: the handshake is done already");
            return;
        }
        got_welcome(p, &m);
        return;
    case RB_MSG_BYE: {
        rb_net_event *e = push(p, RB_NET_EV_BYE);
        snprintf(e->code, sizeof e->code, "%s", m.code);
        snprintf(e->text, sizeof e->text, "%.200s", m.text);
        p->want_close = true;
        if (p->greeted || !p->cfg.host) {
            p->finished = true;
        }
        return;
    }
    case RB_MSG_ERROR: push_text(p, RB_NET_EV_PEER_ERROR, "%.200s", m.text); return;
    case RB_MSG_WAIT:
        if (p->cfg.host || p->greeted || p->cfg.token[0] != '\0' || p->waiting) {
            emit_error(p, "wait: no knock is waiting for an answer");
            return;
        }
        p->waiting = true;
        push_text(p, RB_NET_EV_WAITING, "%.200s", m.text);
        return;
    case RB_MSG_PING: {
        rb_net_msg r = {.type = RB_MSG_PONG, .seq = m.seq};
        emit(p, &r);
        return;
    }
    case RB_MSG_PONG:
        if (p->ping_out && m.seq == p->ping_id) {
            p->ping_out = false;
            p->rtt = p->now - p->ping_sent;
            p->rtt_recent[p->nrtt % 4] = p->rtt;
            p->nrtt++;
            rb_net_event *e = push(p, RB_NET_EV_LAG);
            e->value = p->rtt;
        }
        return;
    case RB_MSG_ACK:
        if (m.seq >= p->next_seq) {
            emit_error(p, "ack: of a message never sent");
            return;
        }
        drop_acked(p, m.seq);
        return;
    default: break;
    }
    /* numbered: once each, in order */
    if (m.seq != p->seen + 1) {
        send_ack(p); /* a repeat, or a gap the sender fills when it resends */
        return;
    }
    p->seen = m.seq;
    handle_numbered(p, &m);
    send_ack(p);
}

/* ---- the transport --------------------------------------------------------- */

/* A token as the invite carries it: hex digits only (it goes on the wire
 * as it is). */
static bool token_ok(const char *t)
{
    size_t n = strlen(t);
    if (n > RB_NET_TOKEN_LEN) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
            return false;
        }
    }
    return true;
}

rb_net_peer *rb_net_peer_new(const rb_net_config *cfg, char *err, size_t errlen)
{
    if (!token_ok(cfg->token)) {
        rb_util_fail(err, errlen, "the invite token holds something other than hex digits");
        return NULL;
    }
    rb_pos start;
    char why[160];
    if (cfg->start[0] != '\0' && rb_pos_parse(&start, cfg->start, why, sizeof why) != 0) {
        rb_util_fail(err, errlen, "the start position does not read: %s", why);
        return NULL;
    }
    if (cfg->start[0] == '\0') {
        rb_pos_start(&start);
    }
    if (cfg->base_ms < 0 || cfg->inc_ms < 0 || cfg->base_ms > RB_NET_CLOCK_MAX || cfg->inc_ms > RB_NET_CLOCK_MAX) {
        rb_util_fail(err, errlen, "the time control is out of range");
        return NULL;
    }
    rb_net_peer *p = calloc(1, sizeof *p);
    if (p == NULL) {
        rb_util_fail(err, errlen, "out of memory");
        return NULL;
    }
    p->cfg = *cfg;
    p->events = p->first_events;
    p->ev_cap = FIRST_ROOM;
    rb_net_clean(p->cfg.name, RB_NET_NAME_MAX);
    if (p->cfg.name[0] == '\0') {
        snprintf(p->cfg.name, sizeof p->cfg.name, "?");
    }
    p->cfg.max_bad_moves = cfg->max_bad_moves > 0 ? cfg->max_bad_moves : 3;
    p->next_seq = 1;
    p->rtt = -1;
    p->chat_in = cfg->chat_in;
    p->start_pos = start;
    snprintf(p->start, sizeof p->start, "%s", cfg->start);
    if (cfg->host) {
        p->me = cfg->host_color == RB_BLACK ? RB_BLACK : RB_WHITE;
        p->base_ms = cfg->base_ms;
        p->inc_ms = cfg->inc_ms;
        p->game_token = cfg->game_token;
        snprintf(p->names[p->me], sizeof p->names[0], "%s", p->cfg.name);
    }
    rb_net_clock_init(&p->clock, p->base_ms, p->inc_ms);
    rb_linereader_init_with(&p->reader, p->store, RB_NET_LINE_MAX);
    return p;
}

void rb_net_peer_free(rb_net_peer *p)
{
    if (p == NULL) {
        return;
    }
    for (int i = 0; i < p->nunacked; i++) {
        free(p->unacked[i].line);
    }
    if (p->started) {
        rb_game_free(&p->game);
    }
    free(p->unacked);
    if (p->events != p->first_events) {
        free(p->events);
    }
    free(p->out);
    free(p->sync);
    free(p);
}

void rb_net_peer_connected(rb_net_peer *p, int64_t now)
{
    p->now = now;
    p->connected = true;
    p->greeted = false;
    p->want_close = false;
    p->out_len = 0;
    p->connected_at = p->last_recv = now;
    p->ping_out = false;
    rb_linereader_init_with(&p->reader, p->store, RB_NET_LINE_MAX);
    if (!p->cfg.host && !p->finished) {
        rb_net_msg h;
        fill_hello(p, &h, RB_MSG_HELLO);
        snprintf(h.token, sizeof h.token, "%s", p->cfg.token);
        h.knock = p->cfg.token[0] == '\0'; /* no invite code: ask the host's person */
        p->waiting = false;
        if (p->started) {
            h.has_game = true;
            h.game = p->game_token;
            h.seen = p->seen;
        }
        emit(p, &h);
    }
}

void rb_net_peer_feed(rb_net_peer *p, const char *data, size_t n, int64_t now)
{
    p->now = now;
    if (!p->connected) {
        return;
    }
    rb_linereader_feed(&p->reader, data, n, handle_line, p);
}

void rb_net_peer_disconnected(rb_net_peer *p, int64_t now)
{
    p->now = now;
    if (!p->connected) {
        return;
    }
    bool was = p->greeted;
    p->connected = p->greeted = p->want_close = false;
    p->out_len = 0;
    p->remote[0] = '\0';
    p->waiting = false;
    if (p->knocking) {
        knock_gone(p, "left before an answer");
    }
    if (was && !p->finished) {
        p->lost_at = now;
        p->grace_told = false;
        push_text(p, RB_NET_EV_LOST, "the connection to %s was lost", p->names[1 - p->me]);
    }
}

void rb_net_peer_tick(rb_net_peer *p, int64_t now)
{
    p->now = now;
    if (p->finished) {
        return;
    }
    if (p->knocking && now - p->knock_at > p->cfg.knock_ms) {
        knock_gone(p, "was not answered in time");
        send_away(p, "unanswered", "the host did not answer in time");
    } else if (p->connected && !p->greeted && !p->knocking && !p->want_close) {
        /* a joiner who knocked waits as long as the host's person may take */
        int64_t limit = p->waiting ? p->cfg.handshake_ms + p->cfg.knock_ms : p->cfg.handshake_ms;
        if (now - p->connected_at > limit) {
            emit_error(p, "no handshake in time");
            p->want_close = true;
        }
    }
    if (p->greeted) {
        if (now - p->last_recv > p->cfg.silence_ms) {
            p->want_close = true; /* the line is dead; the transport reconnects */
        }
        if (now - p->last_ping >= p->cfg.ping_ms) {
            rb_net_msg m = {.type = RB_MSG_PING, .seq = ++p->ping_id};
            emit(p, &m);
            p->ping_sent = p->last_ping = now;
            p->ping_out = true;
        }
        if (p->nunacked > 0 && now - p->last_progress >= p->cfg.resend_ms) {
            resend_all(p);
        }
    }
    if (p->cfg.host && p->started && !p->over && rb_net_clock_out(&p->clock, now, 0) &&
        !(p->cfg.referee && p->clock.running == p->me)) {
        int color = p->clock.running;
        int64_t allowance = 0;
        if (color != p->me) {
            allowance = lag_max(p) < p->clock.quota[color] ? lag_max(p) : p->clock.quota[color];
        }
        if (rb_net_clock_out(&p->clock, now, allowance)) {
            rb_game_lose_on_time(&p->game, color);
            rb_net_msg m = {.type = RB_MSG_FLAG, .color = color, .ply = (int64_t)p->game.length};
            send(p, &m);
            check_end(p);
        }
    }
    if (p->started && !p->over && !p->greeted && p->lost_at != 0 && !p->grace_told &&
        now - p->lost_at >= p->cfg.grace_ms) {
        p->grace_told = true;
        push_text(p, RB_NET_EV_GRACE_OVER, "%s has been away for %" PRId64 " s", p->names[1 - p->me],
                  p->cfg.grace_ms / 1000);
    }
}

size_t rb_net_peer_output(const rb_net_peer *p, const char **data)
{
    *data = p->out;
    return p->out_len;
}

void rb_net_peer_sent(rb_net_peer *p, size_t n)
{
    n = n < p->out_len ? n : p->out_len;
    if (n == 0) {
        return;
    }
    memmove(p->out, p->out + n, p->out_len - n);
    p->out_len -= n;
}

bool rb_net_peer_wants_close(const rb_net_peer *p)
{
    return p->want_close;
}

bool rb_net_peer_finished(const rb_net_peer *p)
{
    return p->finished;
}

bool rb_net_peer_settled(const rb_net_peer *p)
{
    return p->started && p->over && p->nunacked == 0;
}

/* ---- the player's actions -------------------------------------------------- */

static int playing(const rb_net_peer *p, char *err, size_t errlen)
{
    if (!p->started) {
        return rb_util_fail(err, errlen, "the game has not started");
    }
    if (p->over) {
        return rb_util_fail(err, errlen, "the game is over");
    }
    if (p->finished) {
        return rb_util_fail(err, errlen, "the connection has ended");
    }
    if (p->nunacked > UNACKED_MAX - 8) {
        /* refused before anything changes, so what is played is also sent */
        return rb_util_fail(err, errlen, "too many messages are waiting for the peer");
    }
    return 0;
}

static int play_own(rb_net_peer *p, rb_move m, int64_t now, const int64_t *given_clock, char *err, size_t errlen);

int rb_net_peer_move(rb_net_peer *p, rb_move m, int64_t now, char *err, size_t errlen)
{
    p->clock_from_now = false;
    return play_own(p, m, now, NULL, err, errlen);
}

int rb_net_peer_referee_move(rb_net_peer *p, rb_move m, int64_t mover_clock_ms, int64_t now, char *err, size_t errlen)
{
    RB_ASSERT(p->cfg.host && p->cfg.referee);
    if (!p->cfg.host || !p->cfg.referee) {
        return rb_util_fail(err, errlen, "only a referee's host side plays for another connection");
    }
    return play_own(p, m, now, &mover_clock_ms, err, errlen);
}

int rb_net_peer_referee_flag(rb_net_peer *p, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    RB_ASSERT(p->cfg.host && p->cfg.referee);
    if (!p->cfg.host || !p->cfg.referee) {
        return rb_util_fail(err, errlen, "only a referee's host side is flagged from outside");
    }
    if (playing(p, err, errlen) != 0) {
        return -1;
    }
    rb_game_lose_on_time(&p->game, p->me);
    rb_net_msg msg = {.type = RB_MSG_FLAG, .color = p->me, .ply = (int64_t)p->game.length};
    send(p, &msg);
    check_end(p);
    return 0;
}

/* The host's or the joiner's own move; a referee passes the clock the mover's
 * own connection measured. */
static int play_own(rb_net_peer *p, rb_move m, int64_t now, const int64_t *given_clock, char *err, size_t errlen)
{
    p->now = now;
    if (playing(p, err, errlen) != 0) {
        return -1;
    }
    const rb_pos *pos = rb_game_pos(&p->game);
    if (pos->side != p->me) {
        return rb_util_fail(err, errlen, "it is not your turn");
    }
    if (p->answered_yes) {
        /* a move now would cross the offer taking effect */
        return rb_util_fail(err, errlen, "you accepted an offer; it takes effect in a moment");
    }
    if (!rb_move_is_legal(pos, m)) {
        return rb_util_fail(err, errlen, "that move is not legal here");
    }
    if (p->cfg.host && given_clock == NULL && rb_net_clock_out(&p->clock, now, 0)) {
        rb_net_peer_tick(p, now);
        return rb_util_fail(err, errlen, "your time ran out");
    }
    int64_t ply = (int64_t)p->game.ply;
    int64_t clock_after = rb_net_clock_move(&p->clock, now, 0, 0);
    if (given_clock != NULL) {
        clock_after = *given_clock;
        p->clock.left[p->me] = clock_after;
    }
    if (rb_game_play(&p->game, m) != 0) {
        return rb_util_fail(err, errlen, "out of memory");
    }
    record_clock(p, p->game.ply - 1, clock_after);
    rb_net_msg msg = {.type = RB_MSG_MOVE, .ply = ply, .fp = rb_game_pos(&p->game)->key};
    msg.clock_ms = clock_after > 0 ? clock_after : 0;
    rb_move_to_coord(m, msg.move);
    send(p, &msg);
    lapse_offers(p);
    check_end(p);
    return 0;
}

int rb_net_peer_offer(rb_net_peer *p, rb_net_offer kind, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    char why[120];
    if (p->finished) {
        return rb_util_fail(err, errlen, "the connection has ended");
    }
    int64_t ply = (int64_t)(kind == RB_OFFER_REMATCH ? p->game.length : p->game.ply);
    if ((int)kind < 0 || kind >= RB_OFFER_COUNT || !offer_allowed(p, kind, ply, why, sizeof why)) {
        return rb_util_fail(err, errlen, "%s", (int)kind < 0 || kind >= RB_OFFER_COUNT ? "no such offer" : why);
    }
    if (p->theirs.live && p->theirs.kind == (int)kind) {
        return rb_net_peer_answer(p, true, now, err, errlen); /* both want it */
    }
    rb_net_msg m = {.type = RB_MSG_OFFER, .kind = kind, .ply = ply};
    if (send(p, &m) != 0) {
        return rb_util_fail(err, errlen, "too many messages are waiting for the peer");
    }
    p->mine = (offer_state){true, kind, ply};
    return 0;
}

int rb_net_peer_answer(rb_net_peer *p, bool yes, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    if (!p->theirs.live || p->answered_yes) {
        return rb_util_fail(err, errlen, "there is no offer to answer");
    }
    rb_net_msg m = {.type = RB_MSG_ANSWER, .kind = p->theirs.kind, .ply = p->theirs.ply, .yes = yes};
    if (send(p, &m) != 0) {
        return rb_util_fail(err, errlen, "too many messages are waiting for the peer");
    }
    if (yes) {
        p->answered_yes = true; /* it takes effect when the peer confirms */
    } else {
        p->theirs.live = false;
    }
    return 0;
}

int rb_net_peer_resign(rb_net_peer *p, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    if (playing(p, err, errlen) != 0) {
        return -1;
    }
    rb_net_msg m = {.type = RB_MSG_RESIGN, .ply = (int64_t)p->game.ply};
    send(p, &m);
    rb_game_resign(&p->game, p->me);
    check_end(p);
    return 0;
}

int rb_net_peer_abort(rb_net_peer *p, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    if (playing(p, err, errlen) != 0) {
        return -1;
    }
    if (p->game.ply >= 2) {
        return rb_util_fail(err, errlen, "a game can be aborted only before the second move");
    }
    rb_net_msg m = {.type = RB_MSG_ABORT, .ply = (int64_t)p->game.ply};
    send(p, &m);
    end_aborted(p);
    return 0;
}

int rb_net_peer_claim(rb_net_peer *p, rb_net_claim kind, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    if (playing(p, err, errlen) != 0) {
        return -1;
    }
    if (p->greeted || p->lost_at == 0 || now - p->lost_at < p->cfg.grace_ms) {
        return rb_util_fail(err, errlen, "a claim is allowed only when the opponent has been away past the grace");
    }
    rb_net_msg m = {.type = RB_MSG_CLAIM, .kind = kind, .ply = (int64_t)p->game.ply};
    send(p, &m);
    if (kind == RB_CLAIM_WIN) {
        rb_game_resign(&p->game, 1 - p->me);
    } else {
        rb_game_agree_draw(&p->game);
    }
    rb_game_set_intro(&p->game, kind == RB_CLAIM_WIN ? "Won by a claim: the opponent left"
                                                     : "Drawn by a claim: the opponent left");
    check_end(p);
    return 0;
}

int rb_net_peer_chat(rb_net_peer *p, const char *text, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    if (!p->ever_greeted || p->finished) {
        return rb_util_fail(err, errlen, "nobody to talk to");
    }
    rb_net_msg m = {.type = RB_MSG_CHAT};
    snprintf(m.text, sizeof m.text, "%s", text != NULL ? text : "");
    tidy(m.text);
    if (strcmp(m.text, "-") == 0) {
        return rb_util_fail(err, errlen, "nothing to say");
    }
    if (!chat_rate_ok(p->chat_out, &p->nchat_out, p->cfg.chat_per_minute, now)) {
        return rb_util_fail(err, errlen, "too many lines in a minute; wait a moment");
    }
    if (send(p, &m) != 0) {
        return rb_util_fail(err, errlen, "too many messages are waiting for the peer");
    }
    return 0;
}

void rb_net_peer_set_remote(rb_net_peer *p, const char *addr)
{
    snprintf(p->remote, sizeof p->remote, "%s", addr != NULL ? addr : "");
    rb_net_clean(p->remote, RB_NET_ADDR_TEXT_MAX);
}

int rb_net_peer_admit(rb_net_peer *p, bool yes, int64_t now, char *err, size_t errlen)
{
    p->now = now;
    if (!p->cfg.host || !p->knocking || !p->connected) {
        return rb_util_fail(err, errlen, "nobody is asking to join");
    }
    p->knocking = false;
    if (!yes) {
        send_away(p, "refused", "the host turned you away");
        return 0;
    }
    snprintf(p->names[1 - p->me], sizeof p->names[0], "%s", p->knock_name);
    snprintf(p->peer_program, sizeof p->peer_program, "%s", p->knock_program);
    rb_net_msg w;
    fill_hello(p, &w, RB_MSG_WELCOME);
    snprintf(w.token, sizeof w.token, "%s", p->cfg.token); /* to come back after a drop */
    send_welcome(p, &w);
    new_game(p);
    return 0;
}

bool rb_net_peer_knocking(const rb_net_peer *p, char *name, size_t name_size, char *addr, size_t addr_size)
{
    if (!p->knocking) {
        return false;
    }
    if (name != NULL && name_size > 0) {
        snprintf(name, name_size, "%s", p->knock_name);
    }
    if (addr != NULL && addr_size > 0) {
        snprintf(addr, addr_size, "%s", p->remote);
    }
    return true;
}

void rb_net_peer_set_chat_in(rb_net_peer *p, bool on)
{
    p->chat_in = on;
}

void rb_net_peer_bye(rb_net_peer *p, const char *code, const char *text)
{
    if (p->finished) {
        return;
    }
    emit_bye(p, code, text != NULL ? text : "-");
    p->want_close = true;
    p->finished = true;
}

/* ---- queries --------------------------------------------------------------- */

const rb_game *rb_net_peer_game(const rb_net_peer *p)
{
    return p->started ? &p->game : NULL;
}

bool rb_net_peer_started(const rb_net_peer *p)
{
    return p->started;
}

bool rb_net_peer_connected_now(const rb_net_peer *p)
{
    return p->greeted;
}

bool rb_net_peer_over(const rb_net_peer *p)
{
    return p->over;
}

bool rb_net_peer_aborted(const rb_net_peer *p)
{
    return p->aborted;
}

int rb_net_peer_color(const rb_net_peer *p)
{
    return p->me;
}

const char *rb_net_peer_name(const rb_net_peer *p, int color)
{
    return p->names[color == RB_BLACK ? RB_BLACK : RB_WHITE];
}

int64_t rb_net_peer_clock(const rb_net_peer *p, int color, int64_t now)
{
    return rb_net_clock_left(&p->clock, color == RB_BLACK ? RB_BLACK : RB_WHITE, now);
}

const rb_net_clock *rb_net_peer_clocks(const rb_net_peer *p)
{
    return &p->clock;
}

int64_t rb_net_peer_lag(const rb_net_peer *p)
{
    return p->rtt;
}

bool rb_net_peer_chat_in(const rb_net_peer *p)
{
    return p->chat_in;
}

bool rb_net_peer_their_offer(const rb_net_peer *p, rb_net_offer *kind)
{
    if (p->theirs.live && kind != NULL) {
        *kind = (rb_net_offer)p->theirs.kind;
    }
    return p->theirs.live;
}

bool rb_net_peer_my_offer(const rb_net_peer *p, rb_net_offer *kind)
{
    if (p->mine.live && kind != NULL) {
        *kind = (rb_net_offer)p->mine.kind;
    }
    return p->mine.live;
}

uint64_t rb_net_peer_game_token(const rb_net_peer *p)
{
    return p->game_token;
}

int rb_net_peer_unacked(const rb_net_peer *p)
{
    return p->nunacked;
}

size_t rb_net_peer_result_text(const rb_net_peer *p, char *buf, size_t size)
{
    if (!p->started) {
        return (size_t)snprintf(buf, size, "*");
    }
    if (p->aborted) {
        return (size_t)snprintf(buf, size, "* (aborted)");
    }
    rb_ending end = rb_game_ending_at(&p->game, p->game.length);
    rb_result res = rb_game_result_at(&p->game, p->game.length);
    if (end == RB_END_NONE) {
        return (size_t)snprintf(buf, size, "*");
    }
    return (size_t)snprintf(buf, size, "%s (%s)", rb_result_text(res), rb_ending_name(end));
}

/* ---- saving ---------------------------------------------------------------- */

/* The saved form is lines "key value..." with encoded text, so that the
 * same strict readers check it as check the network's lines: a saved file
 * may have been edited or cut short. */

typedef struct out_text {
    char *buf;
    size_t len, cap;
    bool failed;
} out_text;

static void put(out_text *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(out_text *o, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(o->buf != NULL ? o->buf + o->len : NULL, o->buf != NULL ? o->cap - o->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->failed = true;
            return;
        }
        if (o->buf != NULL && o->len + (size_t)n < o->cap) {
            o->len += (size_t)n;
            return;
        }
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap < o->len + (size_t)n + 1) {
            cap *= 2;
        }
        char *grown = realloc(o->buf, cap);
        if (grown == NULL) {
            o->failed = true;
            return;
        }
        o->buf = grown;
        o->cap = cap;
    }
}

static void put_encoded(out_text *o, const char *key, const char *text)
{
    size_t n = strlen(text);
    char *enc = malloc(3 * n + 1);
    if (enc == NULL || rb_net_encode(text, n, enc, 3 * n + 1) < 0) {
        o->failed = true;
        free(enc);
        return;
    }
    put(o, "%s %s\n", key, n > 0 ? enc : "-");
    free(enc);
}

char *rb_net_peer_save(const rb_net_peer *p)
{
    out_text o = {0};
    char hex[17];
    put(&o, "rbnet-save 1\n");
    put(&o, "host %d\n", p->cfg.host ? 1 : 0);
    put(&o, "token %s\n", p->cfg.token[0] != '\0' ? p->cfg.token : "-");
    rb_net_hex64(p->game_token, hex);
    put(&o, "game %s\n", hex);
    put(&o, "started %d over %d aborted %d me %d\n", p->started, p->over, p->aborted, p->me);
    put_encoded(&o, "white", p->names[RB_WHITE]);
    put_encoded(&o, "black", p->names[RB_BLACK]);
    put_encoded(&o, "start", p->start);
    put(&o, "tc %" PRId64 " %" PRId64 "\n", p->base_ms, p->inc_ms);
    put(&o, "seq %" PRId64 " %" PRId64 "\n", p->next_seq, p->seen);
    put(&o, "clock %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 " %d\n",
        rb_net_clock_left(&p->clock, RB_WHITE, p->now), rb_net_clock_left(&p->clock, RB_BLACK, p->now),
        p->clock.quota[0], p->clock.quota[1], p->clock.running);
    put(&o, "lost %d\n", p->ever_greeted ? 1 : 0);
    /* the standing offers, so a restart keeps them on both sides */
    put(&o, "offers %d %d %" PRId64 " %d %d %" PRId64 " %d\n", p->mine.live, p->mine.kind, p->mine.ply, p->theirs.live,
        p->theirs.kind, p->theirs.ply, p->answered_yes);
    for (int i = 0; i < p->nunacked; i++) {
        char line[RB_NET_LINE_MAX + 2];
        size_t n = p->unacked[i].len - 1; /* without its newline */
        memcpy(line, p->unacked[i].line, n);
        line[n] = '\0';
        put_encoded(&o, "unacked", line);
    }
    if (p->started) {
        char *pgn = rb_pgn_write(&p->game);
        if (pgn == NULL) {
            o.failed = true;
        } else {
            put_encoded(&o, "pgn", pgn);
            free(pgn);
        }
    }
    put(&o, "end\n");
    if (o.failed) {
        free(o.buf);
        return NULL;
    }
    return o.buf;
}

/* The next line of saved text, in place: its key and the rest. */
static char *next_saved(char **at, char **rest)
{
    char *line = *at;
    if (*line == '\0') {
        return NULL;
    }
    char *nl = strchr(line, '\n');
    if (nl != NULL) {
        *nl = '\0';
        *at = nl + 1;
    } else {
        *at = line + strlen(line);
    }
    char *sp = strchr(line, ' ');
    *rest = sp != NULL ? (*sp = '\0', sp + 1) : line + strlen(line);
    return line;
}

static int decode_saved(const char *v, char **out, char *err, size_t errlen)
{
    size_t n = strlen(v) + 1;
    *out = malloc(n);
    if (*out == NULL) {
        return rb_util_fail(err, errlen, "out of memory");
    }
    if (strcmp(v, "-") == 0) {
        (*out)[0] = '\0';
        return 0;
    }
    char why[120];
    if (rb_net_decode(v, *out, n, why, sizeof why) < 0) {
        free(*out);
        *out = NULL;
        return rb_util_fail(err, errlen, "%s", why);
    }
    return 0;
}

rb_net_peer *rb_net_peer_restore(const rb_net_config *cfg, const char *text, int64_t now, char *err, size_t errlen)
{
    char *copy = strdup(text);
    if (copy == NULL) {
        rb_util_fail(err, errlen, "out of memory");
        return NULL;
    }
    rb_net_config c = *cfg;
    c.start[0] = '\0';
    rb_net_peer *p = rb_net_peer_new(&c, err, errlen);
    if (p == NULL) {
        free(copy);
        return NULL;
    }
    p->now = now;
    char *at = copy, *rest, *key;
    bool ended = false, header = false, bad = false;
    int started = 0, over = 0, aborted = 0, me = 0, host = 0, lost = 0, running = -1;
    int64_t clocks[4] = {0, 0, RB_NET_QUOTA_MAX_MS, RB_NET_QUOTA_MAX_MS};
    int offers[5] = {0, 0, 0, 0, 0}; /* mine live, kind; theirs live, kind; answered yes */
    int64_t offer_ply[2] = {0, 0};
    char *pgn = NULL;
    char why[200] = "";
    while (!bad && !ended && (key = next_saved(&at, &rest)) != NULL) {
        char *v = NULL;
        if (!header) {
            header = strcmp(key, "rbnet-save") == 0 && strcmp(rest, "1") == 0;
            bad = !header;
            snprintf(why, sizeof why, "not a saved network game");
        } else if (strcmp(key, "host") == 0) {
            bad = sscanf(rest, "%d", &host) != 1;
        } else if (strcmp(key, "token") == 0) {
            bad = strcmp(rest, "-") != 0 && !token_ok(rest);
            snprintf(p->cfg.token, sizeof p->cfg.token, "%s", strcmp(rest, "-") == 0 ? "" : rest);
        } else if (strcmp(key, "game") == 0) {
            bad = !rb_net_parse_hex64(rest, &p->game_token);
        } else if (strcmp(key, "started") == 0) {
            bad = sscanf(rest, "%d over %d aborted %d me %d", &started, &over, &aborted, &me) != 4;
        } else if (strcmp(key, "white") == 0 || strcmp(key, "black") == 0 || strcmp(key, "start") == 0) {
            bad = decode_saved(rest, &v, why, sizeof why) != 0;
            if (!bad) {
                char *to = strcmp(key, "white") == 0   ? p->names[RB_WHITE]
                           : strcmp(key, "black") == 0 ? p->names[RB_BLACK]
                                                       : p->start;
                size_t size = strcmp(key, "start") == 0 ? sizeof p->start : sizeof p->names[0];
                snprintf(to, size, "%s", v);
                if (strcmp(key, "start") != 0) {
                    rb_net_clean(to, RB_NET_NAME_MAX);
                }
            }
        } else if (strcmp(key, "tc") == 0) {
            bad = sscanf(rest, "%" SCNd64 " %" SCNd64, &p->base_ms, &p->inc_ms) != 2 || p->base_ms < 0 ||
                  p->inc_ms < 0 || p->base_ms > RB_NET_CLOCK_MAX || p->inc_ms > RB_NET_CLOCK_MAX;
        } else if (strcmp(key, "seq") == 0) {
            bad = sscanf(rest, "%" SCNd64 " %" SCNd64, &p->next_seq, &p->seen) != 2 || p->next_seq < 1 || p->seen < 0 ||
                  p->next_seq > RB_NET_SEQ_MAX || p->seen > RB_NET_SEQ_MAX;
        } else if (strcmp(key, "clock") == 0) {
            bad = sscanf(rest, "%" SCNd64 " %" SCNd64 " %" SCNd64 " %" SCNd64 " %d", &clocks[0], &clocks[1], &clocks[2],
                         &clocks[3], &running) != 5;
            for (int k = 0; k < 2 && !bad; k++) {
                bad = clocks[k] < -RB_NET_CLOCK_MAX || clocks[k] > RB_NET_CLOCK_MAX;
            }
        } else if (strcmp(key, "lost") == 0) {
            bad = sscanf(rest, "%d", &lost) != 1;
        } else if (strcmp(key, "offers") == 0) {
            bad = sscanf(rest, "%d %d %" SCNd64 " %d %d %" SCNd64 " %d", &offers[0], &offers[1], &offer_ply[0],
                         &offers[2], &offers[3], &offer_ply[1], &offers[4]) != 7;
            for (int k = 1; k < 4 && !bad; k += 2) {
                bad = offers[k] < 0 || offers[k] > RB_OFFER_REMATCH;
            }
        } else if (strcmp(key, "unacked") == 0) {
            bad = decode_saved(rest, &v, why, sizeof why) != 0;
            rb_net_msg m;
            if (!bad &&
                (rb_net_msg_parse(v, &m, why, sizeof why) != 0 || !rb_net_msg_numbered(m.type) || !unacked_room(p))) {
                bad = true;
            }
            if (!bad) {
                size_t n = strlen(v);
                char *line = malloc(n + 2);
                bad = line == NULL;
                if (line != NULL) {
                    memcpy(line, v, n);
                    line[n] = '\n';
                    line[n + 1] = '\0';
                    p->unacked[p->nunacked++] = (pending){m.seq, line, n + 1};
                }
            }
        } else if (strcmp(key, "pgn") == 0) {
            free(pgn); /* a second record: the last one counts */
            pgn = NULL;
            bad = decode_saved(rest, &pgn, why, sizeof why) != 0;
        } else if (strcmp(key, "end") == 0) {
            ended = true;
        } else {
            bad = true;
            snprintf(why, sizeof why, "unknown line '%.30s'", key);
        }
        free(v);
    }
    free(copy);
    if (!bad && !ended) {
        bad = true;
        snprintf(why, sizeof why, "the text ends before its 'end' line");
    }
    for (int i = 0; !bad && i < p->nunacked; i++) {
        if (p->unacked[i].seq >= p->next_seq || (i > 0 && p->unacked[i].seq <= p->unacked[i - 1].seq)) {
            bad = true;
            snprintf(why, sizeof why, "its waiting messages are out of order");
        }
    }
    if (!bad && (host != 0) != cfg->host) {
        bad = true;
        snprintf(why, sizeof why, "it was saved by the %s", host ? "host" : "joiner");
    }
    rb_pos start;
    if (!bad && p->start[0] != '\0' && rb_pos_parse(&start, p->start, why, sizeof why) != 0) {
        bad = true;
    }
    if (!bad) {
        if (p->start[0] == '\0') {
            rb_pos_start(&start);
        }
        p->start_pos = start;
        p->me = me == RB_BLACK ? RB_BLACK : RB_WHITE;
    }
    if (!bad && started) {
        rb_game *games = NULL;
        size_t ngames = 0;
        rb_pgn_error perr;
        int got = pgn != NULL ? rb_pgn_read(pgn, strlen(pgn), &games, &ngames, &perr) : -1;
        if (got == 1 && perr.line == 0 && rb_pos_equal(&games[0].positions[0], &p->start_pos)) {
            rb_game_goto(&games[0], games[0].length);
            p->game = games[0];
            p->started = true;
            p->over = over != 0 || rb_game_ending(&p->game) != RB_END_NONE;
            p->aborted = aborted != 0;
        } else {
            for (size_t i = 0; i < ngames; i++) {
                rb_game_free(&games[i]);
            }
            bad = true;
            snprintf(why, sizeof why, "its record does not read");
        }
        free(games);
    }
    free(pgn);
    if (bad) {
        rb_util_fail(err, errlen, "the saved network game is damaged: %s", why[0] != '\0' ? why : "a bad line");
        rb_net_peer_free(p);
        return NULL;
    }
    rb_net_clock_init(&p->clock, p->base_ms, p->inc_ms);
    p->clock.left[0] = clocks[0];
    p->clock.left[1] = clocks[1];
    p->clock.quota[0] = clocks[2] < 0 || clocks[2] > RB_NET_QUOTA_MAX_MS ? 0 : clocks[2];
    p->clock.quota[1] = clocks[3] < 0 || clocks[3] > RB_NET_QUOTA_MAX_MS ? 0 : clocks[3];
    if (p->started && !p->over) {
        rb_net_clock_start(&p->clock, rb_game_pos(&p->game)->side, now);
    }
    /* An offer stands only where it was made: in a game going on, at the
     * ply it is about (a save without the line, an older one, has none). */
    bool on = p->started && !p->over;
    p->mine = (offer_state){on && offers[0] && offer_ply[0] == (int64_t)p->game.ply, offers[1], offer_ply[0]};
    p->theirs = (offer_state){on && offers[2] && offer_ply[1] == (int64_t)p->game.ply, offers[3], offer_ply[1]};
    p->answered_yes = p->theirs.live && offers[4];
    p->ever_greeted = lost != 0;
    p->lost_at = now;
    p->last_progress = now;
    return p;
}
