/*
 * link.c - the peer and its socket, polled each round of the window's loop.
 *
 * Everything here returns at once: the socket is polled with timeout 0 and
 * the joiner's connection is made in the background by the socket layer
 * (it retries every second, also after a drop, with the game's token), so
 * a lost or slow network never freezes the board. The saved form starts
 * with a line saying which side this was and the invite code, so a
 * restarted window knows whether to listen again or to reconnect. A joiner
 * given an address instead of a code knocks, and keeps the address as its
 * code.
 */
#define _POSIX_C_SOURCE 200809L

#include "net/link.h"

#include "netplay_tls.h"
#include "net/addrs.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rb_ui_net_link {
    rb_net_session s;
    rb_net_peer *peer;
    bool host;
    char code[RB_NET_INVITE_MAX];
    rb_netplay_tls *tls; /* a server's game over TLS, or NULL */
};

static void config(rb_net_config *cfg, bool host, const char *name, const char *program, int64_t grace_ms)
{
    rb_net_config_defaults(cfg, host);
    snprintf(cfg->name, sizeof cfg->name, "%s", name != NULL && name[0] ? name : "Player");
    snprintf(cfg->program, sizeof cfg->program, "%s", program != NULL ? program : "rollerball");
    if (grace_ms > 0) {
        cfg->grace_ms = grace_ms;
    }
    /* A writer to a closed connection must get an error, not a signal that
     * ends the game's window. */
    signal(SIGPIPE, SIG_IGN);
}

/* A joiner's code: an invite ("rb1:..."), or a bare address, which knocks
 * (no token: the host's person is asked). */
static int read_code(const char *code, rb_net_invite *inv, char *err, size_t errlen)
{
    if (strncmp(code, "rb1:", 4) == 0) {
        return rb_net_invite_parse(code, inv, err, errlen);
    }
    return rb_net_address_parse(code, inv, err, errlen);
}

/* The code as read back: the invite again, or the address alone
 * (bracketed when IPv6) for one who knocked, whose token, once let in, is
 * in the peer's saved state. */
static void write_code(const rb_net_invite *inv, char *out, size_t size)
{
    if (inv->token[0] != '\0') {
        rb_net_invite_format(inv, out, size);
        return;
    }
    bool v6 = strchr(inv->host, ':') != NULL;
    snprintf(out, size, "%s%s%s:%d", v6 ? "[" : "", inv->host, v6 ? "]" : "", inv->port);
}

/* The one way a link is made, for a new game and a saved one alike: the
 * peer (new from cfg, or restored from saved when that is not NULL) and its
 * session, listening on address:port for a host, for a joiner connecting to
 * address:port in the background (timeout 0: the polls complete it), over
 * TLS with tls (a server's game: the key was pinned by the lobby's
 * connection to the same address, so a changed one is refused here too).
 * NULL, with err said and nothing left behind, when either cannot start. */
static rb_ui_net_link *link_open(const rb_net_config *cfg, const char *saved, int64_t now, const char *address,
                                 int port, bool tls, char *err, size_t errlen)
{
    rb_ui_net_link *l = calloc(1, sizeof *l);
    if (l == NULL) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    l->peer = saved != NULL ? rb_net_peer_restore(cfg, saved, now, err, errlen) : rb_net_peer_new(cfg, err, errlen);
    if (l->peer == NULL) {
        free(l);
        return NULL;
    }
    int rc = 0;
    if (cfg->host) {
        rc = rb_net_session_host(&l->s, l->peer, address, port, err, errlen);
    } else {
        l->tls = tls ? malloc(sizeof *l->tls) : NULL;
        if (tls && l->tls == NULL) {
            rc = -1;
            snprintf(err, errlen, "out of memory");
        } else {
            if (l->tls != NULL) {
                rb_netplay_tls_init(l->tls, address, port, true);
            }
            rc = rb_net_session_join_over(&l->s, l->peer, address, port, 0, l->tls != NULL ? &l->tls->transport : NULL,
                                          err, errlen);
        }
    }
    if (rc != 0) {
        rb_net_peer_free(l->peer);
        free(l->tls);
        free(l);
        return NULL;
    }
    l->host = cfg->host;
    return l;
}

rb_ui_net_link *rb_ui_net_link_host(const rb_ui_net_host_opts *o, char *err, size_t errlen)
{
    rb_net_config cfg;
    config(&cfg, true, o->name, o->program, o->grace_ms);
    rb_net_invite inv = {0};
    uint8_t bytes[16];
    uint64_t game_token;
    if (!rb_net_random_bytes(bytes, sizeof bytes) || !rb_net_random_bytes(&game_token, sizeof game_token)) {
        snprintf(err, errlen, "the system gave no random numbers for the invite");
        return NULL;
    }
    rb_net_token_from_bytes(bytes, inv.token);
    snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
    cfg.game_token = game_token;
    cfg.host_color = o->color;
    cfg.base_ms = o->base_ms;
    cfg.inc_ms = o->inc_ms;
    rb_ui_net_link *l = link_open(&cfg, NULL, 0, o->bind, o->port, false, err, errlen);
    if (l == NULL) {
        return NULL;
    }
    /* The invite carries the address a friend nearby reaches (addrs.h). */
    char addr[RB_UI_ADDRS_MAX][RB_UI_ADDR_TEXT];
    int kinds[RB_UI_ADDRS_MAX];
    const char *where = o->advertise != NULL ? o->advertise : o->bind;
    if (where == NULL) {
        rb_ui_net_addrs_local(addr, kinds, RB_UI_ADDRS_MAX);
        where = addr[0];
    }
    snprintf(inv.host, sizeof inv.host, "%s", where);
    inv.port = l->s.port;
    rb_net_invite_format(&inv, l->code, sizeof l->code);
    return l;
}

rb_ui_net_link *rb_ui_net_link_join(const char *code, const char *name, const char *program, int64_t grace_ms,
                                    char *err, size_t errlen)
{
    return rb_ui_net_link_join_server(code, name, program, grace_ms, false, err, errlen);
}

rb_ui_net_link *rb_ui_net_link_join_server(const char *code, const char *name, const char *program, int64_t grace_ms,
                                           bool tls, char *err, size_t errlen)
{
    rb_net_invite inv;
    if (read_code(code, &inv, err, errlen) != 0) {
        return NULL;
    }
    rb_net_config cfg;
    config(&cfg, false, name, program, grace_ms);
    snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
    rb_ui_net_link *l = link_open(&cfg, NULL, 0, inv.host, inv.port, tls, err, errlen);
    if (l != NULL) {
        write_code(&inv, l->code, sizeof l->code);
    }
    return l;
}

rb_ui_net_link *rb_ui_net_link_restore(const char *saved, int64_t now, char *err, size_t errlen)
{
    const char *eol = strchr(saved, '\n');
    bool host = strncmp(saved, "host ", 5) == 0, tls = strncmp(saved, "tls  ", 5) == 0;
    if (eol == NULL || (!host && !tls && strncmp(saved, "join ", 5) != 0) ||
        (size_t)(eol - saved - 5) >= RB_NET_INVITE_MAX) {
        snprintf(err, errlen, "the saved network game does not start with its side and invite code");
        return NULL;
    }
    char code[RB_NET_INVITE_MAX];
    memcpy(code, saved + 5, (size_t)(eol - saved - 5));
    code[eol - saved - 5] = '\0';
    rb_net_invite inv;
    if ((host ? rb_net_invite_parse(code, &inv, err, errlen) : read_code(code, &inv, err, errlen)) != 0) {
        return NULL;
    }
    rb_net_config cfg;
    config(&cfg, host, NULL, NULL, 0);
    snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
    /* a host listens again on every address, on the port of its invite */
    rb_ui_net_link *l = link_open(&cfg, eol + 1, now, host ? NULL : inv.host, inv.port, tls, err, errlen);
    if (l == NULL) {
        return NULL;
    }
    if (!host) {
        l->s.reconnect = true; /* the host may be starting again too: keep trying */
    }
    snprintf(l->code, sizeof l->code, "%s", code);
    return l;
}

void rb_ui_net_link_free(rb_ui_net_link *l, bool bye)
{
    if (l == NULL) {
        return;
    }
    if (bye && rb_net_peer_connected_now(l->peer)) {
        rb_net_peer_bye(l->peer, rb_net_peer_over(l->peer) ? "done" : "quit", "the window closed");
        /* A few rounds for the goodbye to leave; not more than a moment. */
        for (int i = 0; i < 20 && !rb_net_session_flushed(&l->s); i++) {
            rb_net_session_poll(&l->s, 5);
        }
    }
    rb_net_session_close(&l->s);
    rb_net_peer_free(l->peer);
    free(l->tls);
    free(l);
}

void rb_ui_net_link_poll(rb_ui_net_link *l, int64_t now)
{
    (void)now; /* the session reads the same monotonic clock itself */
    rb_net_session_poll(&l->s, 0);
}

bool rb_ui_net_link_next(rb_ui_net_link *l, rb_net_event *ev)
{
    return rb_net_peer_poll(l->peer, ev);
}

rb_net_peer *rb_ui_net_link_peer(rb_ui_net_link *l)
{
    return l->peer;
}

const rb_net_peer *rb_ui_net_link_cpeer(const rb_ui_net_link *l)
{
    return l->peer;
}

bool rb_ui_net_link_hosting(const rb_ui_net_link *l)
{
    return l->host;
}

const char *rb_ui_net_link_code(const rb_ui_net_link *l)
{
    return l->code;
}

int rb_ui_net_link_port(const rb_ui_net_link *l)
{
    return l->s.port;
}

const char *rb_ui_net_link_error(const rb_ui_net_link *l)
{
    return l->tls != NULL && l->tls->error[0] != '\0' ? l->tls->error : l->s.error;
}

char *rb_ui_net_link_save(const rb_ui_net_link *l)
{
    char *peer = rb_net_peer_save(l->peer);
    if (peer == NULL) {
        return NULL;
    }
    size_t n = strlen(peer) + strlen(l->code) + 8;
    char *out = malloc(n);
    if (out != NULL) {
        /* "tls " and its space: the code starts at the same place after each word */
        snprintf(out, n, "%s %s\n%s", l->host ? "host" : l->tls != NULL ? "tls " : "join", l->code, peer);
    }
    free(peer);
    return out;
}
