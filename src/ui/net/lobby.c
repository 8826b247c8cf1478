/*
 * lobby.c - the lobby's conversation for the window (see lobby.h).
 *
 * One connection, non-blocking from the first byte: the address is looked
 * up once, the connection completes in later polls, TLS (rb_net_tls, the
 * transport rollerball-netplay uses) shakes hands on the first read or
 * write. Requests are written as they are asked and their answers read as
 * they come, in any order with the lines the server sends unasked (a seek
 * offered or gone, a challenge, the game found, the ratings), each turned
 * into an event. A connection lost after signing in is made again with the
 * session the login gave, a few times, as a joiner's is; before that, a
 * failure is the view's to show.
 */
#define _POSIX_C_SOURCE 200809L

#include "net/lobby.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "netplay_tls.h"
#include "rb_net_invite.h"
#include "rb_net_text.h"
#include "rb_net_wire.h"
#include "rb_util_clock.h"

#define BUF_MAX 16384
#define EVENTS_MAX 48
#define CONNECT_MS 8000
#define PING_MS 60000
#define RECONNECT_MS 2000
#define RECONNECTS_MAX 30

struct rb_ui_lobby {
    char host[RB_NET_HOST_MAX + 1];
    int port;
    char address[RB_NET_HOST_MAX + 16];
    bool plain;
    char program[64];
    char known[1024];
    rb_netplay_tls tls;
    const rb_net_transport *transport; /* NULL: plain */
    int fd;
    bool connected; /* the socket is through connect() */
    int64_t started, next_ping, retry_at;
    int reconnects;
    rb_ui_lobby_stage stage;
    rb_ui_lobby_error error;
    char error_text[RB_UI_LOBBY_TEXT_MAX];
    char in[BUF_MAX], out[BUF_MAX];
    size_t in_len, out_len;
    char server_name[RB_UI_LOBBY_NAME_MAX + 1];
    char name[RB_UI_LOBBY_NAME_MAX + 1];
    char session[40];
    bool guest, was_in;
    rb_ui_lobby_offer seeks[RB_UI_LOBBY_SEEKS_MAX];
    int nseeks;
    int64_t challenges[16]; /* challenges to me still standing */
    int nchallenges;
    rb_ui_lobby_event events[EVENTS_MAX];
    int ev_head, ev_count;
};

/* ---- events -------------------------------------------------------------- */

static rb_ui_lobby_event *push(rb_ui_lobby *l, rb_ui_lobby_event_type type)
{
    if (l->ev_count == EVENTS_MAX) { /* the oldest goes: the view polls far more often than this fills */
        l->ev_head = (l->ev_head + 1) % EVENTS_MAX;
        l->ev_count--;
    }
    rb_ui_lobby_event *e = &l->events[(l->ev_head + l->ev_count++) % EVENTS_MAX];
    memset(e, 0, sizeof *e);
    e->type = type;
    e->color = -1;
    return e;
}

bool rb_ui_lobby_next(rb_ui_lobby *l, rb_ui_lobby_event *ev)
{
    if (l->ev_count == 0) {
        return false;
    }
    *ev = l->events[l->ev_head];
    l->ev_head = (l->ev_head + 1) % EVENTS_MAX;
    l->ev_count--;
    return true;
}

/* ---- the connection ------------------------------------------------------ */

static void drop(rb_ui_lobby *l)
{
    if (l->transport != NULL) {
        l->transport->close(l->transport->ctx);
    }
    if (l->fd >= 0) {
        close(l->fd);
    }
    l->fd = -1;
    l->connected = false;
    l->in_len = l->out_len = 0;
}

/* The end: an event, and no more connecting. */
static void fail(rb_ui_lobby *l, rb_ui_lobby_error kind, const char *text)
{
    drop(l);
    l->stage = RB_UI_LOBBY_CLOSED;
    l->error = kind;
    snprintf(l->error_text, sizeof l->error_text, "%.*s", (int)sizeof l->error_text - 1, text);
    rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_CLOSED);
    e->error = kind;
    snprintf(e->text, sizeof e->text, "%.*s", (int)sizeof e->text - 1, text);
}

/* The connection broke: after signing in it is made again in a moment
 * (the session logs in again); before, the failure is final. */
static void broken(rb_ui_lobby *l, rb_ui_lobby_error kind, const char *text, int64_t now)
{
    if (l->was_in && kind != RB_UI_LOBBY_ERR_CERT_CHANGED && l->reconnects < RECONNECTS_MAX) {
        drop(l);
        l->reconnects++;
        l->stage = RB_UI_LOBBY_CONNECTING;
        l->retry_at = now + RECONNECT_MS;
        snprintf(l->error_text, sizeof l->error_text, "%.*s", (int)sizeof l->error_text - 1, text);
        l->nseeks = 0;
        push(l, RB_UI_LOBBY_EV_SEEKS);
        return;
    }
    fail(l, kind, text);
}

static void tls_failure(rb_ui_lobby *l, int64_t now)
{
    if (l->tls.pin_changed) {
        fail(l, RB_UI_LOBBY_ERR_CERT_CHANGED, l->tls.error);
    } else {
        broken(l, RB_UI_LOBBY_ERR_TLS, l->tls.error[0] ? l->tls.error : "TLS failed", now);
    }
}

static int dial(rb_ui_lobby *l, char *err, size_t errlen)
{
    char ps[16];
    snprintf(ps, sizeof ps, "%d", l->port);
    struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *res = NULL;
    int rc = getaddrinfo(l->host, ps, &hints, &res);
    if (rc != 0) {
        snprintf(err, errlen, "%s: %s", l->host, gai_strerror(rc));
        return -1;
    }
    int fd = -1;
    for (struct addrinfo *a = res; a != NULL && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd < 0) {
            continue;
        }
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        if (connect(fd, a->ai_addr, a->ai_addrlen) != 0 && errno != EINPROGRESS) {
            snprintf(err, errlen, "%s port %d: %s", l->host, l->port, strerror(errno));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(res);
    return fd;
}

static void start_connecting(rb_ui_lobby *l, int64_t now)
{
    char err[300];
    l->fd = dial(l, err, sizeof err);
    l->started = now;
    l->stage = RB_UI_LOBBY_CONNECTING;
    if (l->fd < 0) {
        broken(l, strstr(err, "port") != NULL ? RB_UI_LOBBY_ERR_UNREACHABLE : RB_UI_LOBBY_ERR_ADDRESS, err, now);
    }
}

static void say(rb_ui_lobby *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(rb_ui_lobby *l, const char *fmt, ...)
{
    char line[RB_NET_LINE_MAX + 2];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1 || l->out_len + (size_t)n + 1 > sizeof l->out) {
        return; /* checked by the callers: a line always fits */
    }
    line[n] = '\n';
    memcpy(l->out + l->out_len, line, (size_t)n + 1);
    l->out_len += (size_t)n + 1;
}

static void greet(rb_ui_lobby *l)
{
    char hex[17];
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    say(l, "lobby proto=%d program=%s rules=%s", RB_NET_PROTO, l->program, hex);
    l->stage = RB_UI_LOBBY_GREETING;
}

static bool connect_done(rb_ui_lobby *l, int64_t now)
{
    struct pollfd p = {.fd = l->fd, .events = POLLOUT};
    if (poll(&p, 1, 0) <= 0) {
        if (now - l->started > CONNECT_MS) {
            char text[300];
            snprintf(text, sizeof text, "%s port %d: no answer", l->host, l->port);
            broken(l, RB_UI_LOBBY_ERR_UNREACHABLE, text, now);
        }
        return false;
    }
    int soerr = 0;
    socklen_t sl = sizeof soerr;
    getsockopt(l->fd, SOL_SOCKET, SO_ERROR, &soerr, &sl);
    if (soerr != 0) {
        char text[300];
        snprintf(text, sizeof text, "%s port %d: %s", l->host, l->port, strerror(soerr));
        broken(l, RB_UI_LOBBY_ERR_UNREACHABLE, text, now);
        return false;
    }
    if (l->transport != NULL && l->transport->open(l->transport->ctx, l->fd) != 0) {
        tls_failure(l, now);
        return false;
    }
    l->connected = true;
    greet(l);
    return true;
}

static void flush(rb_ui_lobby *l, int64_t now)
{
    while (l->out_len > 0 && l->fd >= 0) {
        ssize_t w = l->transport != NULL ? l->transport->send(l->transport->ctx, l->out, l->out_len)
                                         : send(l->fd, l->out, l->out_len, MSG_NOSIGNAL);
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return;
        }
        if (w <= 0) {
            if (l->transport != NULL && errno == EPROTO) {
                tls_failure(l, now);
            } else {
                broken(l, RB_UI_LOBBY_ERR_CLOSED, "the server closed the connection", now);
            }
            return;
        }
        memmove(l->out, l->out + w, l->out_len - (size_t)w);
        l->out_len -= (size_t)w;
    }
}

/* ---- the lines ----------------------------------------------------------- */

static rb_ui_lobby_error refusal_kind(const char *what, const char *reason)
{
    if (strcmp(what, "login") == 0 && strstr(reason, "wrong name or password") != NULL) {
        return RB_UI_LOBBY_ERR_WRONG_PASSWORD;
    }
    if (strcmp(what, "session") == 0 || (strcmp(what, "login") == 0 && strstr(reason, "session") != NULL)) {
        return RB_UI_LOBBY_ERR_SESSION;
    }
    if (strcmp(what, "register") == 0) {
        if (strstr(reason, "is taken") != NULL || strstr(reason, "reserved") != NULL) {
            return RB_UI_LOBBY_ERR_NAME_TAKEN;
        }
        if (strstr(reason, "password") != NULL) {
            return RB_UI_LOBBY_ERR_PASSWORD;
        }
        if (strstr(reason, "name") != NULL) {
            return RB_UI_LOBBY_ERR_NAME;
        }
    }
    return RB_UI_LOBBY_ERR_REFUSED;
}

static int color_of(const char *word)
{
    return word == NULL ? -1 : strcmp(word, "white") == 0 ? 0 : strcmp(word, "black") == 0 ? 1 : -1;
}

static void seek_added(rb_ui_lobby *l, char **w, int n)
{
    int64_t id;
    if ((n != 5 && n != 6) || !rb_net_parse_i64(w[1], 1, INT64_MAX, &id) || l->nseeks == RB_UI_LOBBY_SEEKS_MAX) {
        return;
    }
    for (int i = 0; i < l->nseeks; i++) {
        if (l->seeks[i].id == id) {
            return;
        }
    }
    rb_ui_lobby_offer *k = &l->seeks[l->nseeks++];
    memset(k, 0, sizeof *k);
    k->id = id;
    snprintf(k->name, sizeof k->name, "%s", w[2]);
    snprintf(k->tc, sizeof k->tc, "%s", w[3]);
    k->rated = strcmp(w[4], "rated") == 0;
    k->color = color_of(n == 6 ? w[5] : NULL);
    k->mine = strcasecmp(k->name, l->name) == 0;
    push(l, RB_UI_LOBBY_EV_SEEKS);
}

static void seek_gone(rb_ui_lobby *l, int64_t id)
{
    for (int i = 0; i < l->nseeks; i++) {
        if (l->seeks[i].id == id) {
            bool mine = l->seeks[i].mine;
            memmove(&l->seeks[i], &l->seeks[i + 1], (size_t)(l->nseeks - i - 1) * sizeof l->seeks[0]);
            l->nseeks--;
            push(l, RB_UI_LOBBY_EV_SEEKS);
            if (mine) {
                push(l, RB_UI_LOBBY_EV_UNSEEKED)->id = id;
            }
            return;
        }
    }
    /* not listed: my challenge, declined */
    push(l, RB_UI_LOBBY_EV_UNSEEKED)->id = id;
}

static void signed_in(rb_ui_lobby *l, const char *name, const char *session, bool guest)
{
    snprintf(l->name, sizeof l->name, "%s", name);
    snprintf(l->session, sizeof l->session, "%s", session);
    l->guest = guest;
    l->stage = RB_UI_LOBBY_IN;
    l->reconnects = 0;
    l->error = RB_UI_LOBBY_OK;
    l->error_text[0] = '\0';
    bool again = l->was_in;
    l->was_in = true;
    l->nseeks = 0;
    say(l, "seeks");
    if (!again) {
        rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_SIGNED_IN);
        snprintf(e->name, sizeof e->name, "%s", name);
        snprintf(e->session, sizeof e->session, "%s", session);
    }
}

static void game_found(rb_ui_lobby *l, char **w, int n)
{
    int64_t game;
    if (n != 7 || !rb_net_parse_i64(w[1], 1, INT64_MAX, &game) || strlen(w[2]) != RB_NET_TOKEN_LEN) {
        return;
    }
    rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_GAME);
    e->game = game;
    rb_net_invite inv = {0};
    snprintf(inv.host, sizeof inv.host, "%s", l->host);
    inv.port = l->port;
    snprintf(inv.token, sizeof inv.token, "%s", w[2]);
    rb_net_invite_format(&inv, e->code, sizeof e->code);
    e->color = color_of(w[3]);
    snprintf(e->name, sizeof e->name, "%s", w[4]);
    snprintf(e->tc, sizeof e->tc, "%s", w[5]);
    e->rated = strcmp(w[6], "rated") == 0;
}

static void ratings(rb_ui_lobby *l, char **w, int n)
{
    int64_t game, v[4] = {0, 0, 0, 0};
    if ((n != 4 && n != 6) || !rb_net_parse_i64(w[1], 1, INT64_MAX, &game)) {
        return;
    }
    for (int i = 0; i < n - 2; i++) {
        const char *t = w[2 + i][0] == '+' ? w[2 + i] + 1 : w[2 + i];
        if (!rb_net_parse_i64(t, -100000, 100000, &v[i])) {
            return;
        }
    }
    rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_RATINGS);
    e->game = game;
    e->elo[0] = (int)v[0];
    e->elo[1] = (int)v[1];
    e->has_diff = n == 6;
    e->diff[0] = (int)v[2];
    e->diff[1] = (int)v[3];
}

static void challenged(rb_ui_lobby *l, char **w, int n)
{
    int64_t id;
    if ((n != 5 && n != 6) || !rb_net_parse_i64(w[1], 1, INT64_MAX, &id)) {
        return;
    }
    if (l->nchallenges < (int)(sizeof l->challenges / sizeof l->challenges[0])) {
        l->challenges[l->nchallenges++] = id;
    }
    rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_CHALLENGE);
    e->id = id;
    snprintf(e->name, sizeof e->name, "%s", w[2]);
    snprintf(e->tc, sizeof e->tc, "%s", w[3]);
    e->rated = strcmp(w[4], "rated") == 0;
    e->color = color_of(n == 6 ? w[5] : NULL);
}

static void answer_ok(rb_ui_lobby *l, char **w, int n, const char *rest)
{
    const char *what = w[1];
    int64_t id = 0;
    if ((strcmp(what, "login") == 0 || strcmp(what, "register") == 0) && n >= 4) {
        signed_in(l, w[2], w[3], false);
    } else if (strcmp(what, "guest") == 0 && n >= 3) {
        signed_in(l, w[2], "", true);
    } else if ((strcmp(what, "seek") == 0 || strcmp(what, "challenge") == 0) && n >= 3 &&
               rb_net_parse_i64(w[2], 1, INT64_MAX, &id)) {
        rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_SEEKING);
        e->id = id;
        snprintf(e->what, sizeof e->what, "%s", what);
    } else if (strcmp(what, "decline") == 0 && n >= 3 && rb_net_parse_i64(w[2], 1, INT64_MAX, &id)) {
        for (int i = 0; i < l->nchallenges; i++) {
            if (l->challenges[i] == id) {
                l->challenges[i] = l->challenges[--l->nchallenges];
                break;
            }
        }
    }
    (void)rest;
}

static void refused(rb_ui_lobby *l, const char *what, const char *reason)
{
    if (strcmp(what, "login") == 0 || strcmp(what, "register") == 0 || strcmp(what, "session") == 0 ||
        strcmp(what, "guest") == 0) {
        if (l->stage == RB_UI_LOBBY_SIGNING_IN) {
            l->stage = RB_UI_LOBBY_SIGNED_OUT;
        }
        if (l->was_in && strcmp(what, "session") == 0) { /* the reconnection's login */
            fail(l, RB_UI_LOBBY_ERR_SESSION, reason);
            return;
        }
    }
    rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_REFUSED);
    snprintf(e->what, sizeof e->what, "%s", what);
    snprintf(e->text, sizeof e->text, "%s", reason);
    e->error = refusal_kind(what, reason);
}

static void line_in(rb_ui_lobby *l, char *line, int64_t now)
{
    char copy[RB_NET_LINE_MAX + 1];
    snprintf(copy, sizeof copy, "%s", line);
    char *w[10];
    int n = rb_net_split(copy, w, 10, false);
    if (n <= 0) {
        return;
    }
    const char *cmd = w[0];
    /* the free text after "no WHAT " or "bye " */
    const char *after_two = NULL;
    const char *sp = strchr(line, ' ');
    if (sp != NULL) {
        after_two = strchr(sp + 1, ' ');
        after_two = after_two != NULL ? after_two + 1 : "";
    }
    if (strcmp(cmd, "lobby") == 0 && l->stage == RB_UI_LOBBY_GREETING) {
        for (int i = 1; i < n; i++) {
            if (strncmp(w[i], "name=", 5) == 0) {
                char derr[80];
                rb_net_decode(w[i] + 5, l->server_name, sizeof l->server_name, derr, sizeof derr);
            }
        }
        l->stage = RB_UI_LOBBY_SIGNED_OUT;
        if (l->was_in) { /* a reconnection: in again as before */
            if (l->guest) {
                say(l, "guest");
            } else {
                say(l, "session %s", l->session);
            }
            l->stage = RB_UI_LOBBY_SIGNING_IN;
        } else {
            push(l, RB_UI_LOBBY_EV_READY);
        }
    } else if (strcmp(cmd, "ok") == 0 && n >= 2) {
        answer_ok(l, w, n, after_two);
    } else if (strcmp(cmd, "no") == 0 && n >= 2) {
        refused(l, w[1], after_two != NULL ? after_two : "");
    } else if (strcmp(cmd, "seek") == 0) {
        seek_added(l, w, n);
    } else if (strcmp(cmd, "unseek") == 0 && n == 2) {
        int64_t id;
        if (rb_net_parse_i64(w[1], 1, INT64_MAX, &id)) {
            seek_gone(l, id);
        }
    } else if (strcmp(cmd, "challenge") == 0) {
        challenged(l, w, n);
    } else if (strcmp(cmd, "game") == 0) {
        game_found(l, w, n);
    } else if (strcmp(cmd, "rated") == 0) {
        ratings(l, w, n);
    } else if (strcmp(cmd, "error") == 0) {
        rb_ui_lobby_event *e = push(l, RB_UI_LOBBY_EV_REFUSED);
        snprintf(e->text, sizeof e->text, "%s", sp != NULL ? sp + 1 : "");
        e->error = RB_UI_LOBBY_ERR_REFUSED;
    } else if (strcmp(cmd, "bye") == 0) {
        char text[RB_UI_LOBBY_TEXT_MAX];
        snprintf(text, sizeof text, "%s", sp != NULL ? sp + 1 : "");
        if (n >= 2 && (strcmp(w[1], "version") == 0 || strcmp(w[1], "rules") == 0 || strcmp(w[1], "busy") == 0)) {
            fail(l, RB_UI_LOBBY_ERR_REFUSED, text);
        } else {
            broken(l, RB_UI_LOBBY_ERR_CLOSED, text, now);
        }
    }
}

static void read_lines(rb_ui_lobby *l, int64_t now)
{
    for (int rounds = 0; rounds < 16 && l->fd >= 0; rounds++) {
        if (l->in_len == sizeof l->in) {
            broken(l, RB_UI_LOBBY_ERR_CLOSED, "the server sent a line too long", now);
            return;
        }
        ssize_t r = l->transport != NULL
                        ? l->transport->recv(l->transport->ctx, l->in + l->in_len, sizeof l->in - l->in_len)
                        : recv(l->fd, l->in + l->in_len, sizeof l->in - l->in_len, 0);
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            return;
        }
        if (r <= 0) {
            if (r < 0 && l->transport != NULL && errno == EPROTO) {
                tls_failure(l, now);
            } else {
                broken(l, RB_UI_LOBBY_ERR_CLOSED, "the server closed the connection", now);
            }
            return;
        }
        l->in_len += (size_t)r;
        char *start = l->in, *nl;
        while (l->fd >= 0 && (nl = memchr(start, '\n', l->in_len - (size_t)(start - l->in))) != NULL) {
            *nl = '\0';
            if (nl > start && nl[-1] == '\r') {
                nl[-1] = '\0';
            }
            line_in(l, start, now);
            start = nl + 1;
        }
        if (l->fd >= 0) {
            l->in_len -= (size_t)(start - l->in);
            memmove(l->in, start, l->in_len);
        }
    }
}

void rb_ui_lobby_poll(rb_ui_lobby *l, int64_t now)
{
    if (l->stage == RB_UI_LOBBY_CLOSED) {
        return;
    }
    if (l->fd < 0) {
        if (now >= l->retry_at) {
            start_connecting(l, now);
        }
        if (l->fd < 0) {
            return;
        }
    }
    if (!l->connected && !connect_done(l, now)) {
        return;
    }
    if (l->stage == RB_UI_LOBBY_IN && now >= l->next_ping) {
        say(l, "ping %lld", (long long)(now / 1000));
        l->next_ping = now + PING_MS;
    }
    flush(l, now);
    read_lines(l, now);
    flush(l, now);
}

/* ---- opening ------------------------------------------------------------- */

static int parse_address(const char *text, char *host, size_t hostlen, int *port)
{
    char buf[RB_NET_HOST_MAX + 16];
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '\n')) {
        n--;
    }
    while (n > 0 && *text == ' ') {
        text++;
        n--;
    }
    if (n == 0 || n >= sizeof buf) {
        return -1;
    }
    memcpy(buf, text, n);
    buf[n] = '\0';
    char *h = buf, *colon = NULL;
    if (buf[0] == '[') {
        char *close = strchr(buf, ']');
        if (close == NULL) {
            return -1;
        }
        *close = '\0';
        h = buf + 1;
        colon = close[1] == ':' ? close + 1 : NULL;
        if (close[1] != '\0' && colon == NULL) {
            return -1;
        }
    } else {
        colon = strrchr(buf, ':');
        if (colon != NULL && strchr(buf, ':') != colon) {
            colon = NULL; /* a bare IPv6 address */
        }
    }
    *port = RB_UI_LOBBY_DEFAULT_PORT;
    if (colon != NULL) {
        *colon = '\0';
        int64_t p;
        if (!rb_net_parse_i64(colon + 1, 1, 65535, &p)) {
            return -1;
        }
        *port = (int)p;
    }
    if (h[0] == '\0' || strlen(h) >= hostlen || strchr(h, ' ') != NULL) {
        return -1;
    }
    snprintf(host, hostlen, "%s", h);
    return 0;
}

rb_ui_lobby *rb_ui_lobby_open(const rb_ui_lobby_opts *o, rb_ui_lobby_error *why, char *err, size_t errlen)
{
    rb_ui_lobby *l = calloc(1, sizeof *l);
    if (l == NULL) {
        snprintf(err, errlen, "out of memory");
        *why = RB_UI_LOBBY_ERR_REFUSED;
        return NULL;
    }
    if (o->address == NULL || parse_address(o->address, l->host, sizeof l->host, &l->port) != 0) {
        snprintf(err, errlen, "'%s' is not a server's address (HOST or HOST:PORT)", o->address ? o->address : "");
        *why = RB_UI_LOBBY_ERR_ADDRESS;
        free(l);
        return NULL;
    }
    snprintf(l->address, sizeof l->address, strchr(l->host, ':') ? "[%s]:%d" : "%s:%d", l->host, l->port);
    l->fd = -1;
    l->plain = o->plain;
    snprintf(l->program, sizeof l->program, "%s", o->program != NULL ? o->program : "rollerball");
    /* A writer to a closed connection must get an error, not a signal. */
    signal(SIGPIPE, SIG_IGN);
    if (!o->plain) {
        rb_netplay_tls_init(&l->tls, l->host, l->port, true);
        if (o->known_servers != NULL) {
            snprintf(l->known, sizeof l->known, "%s", o->known_servers);
            l->tls.opts.known_servers = l->known;
        }
        l->transport = &l->tls.transport;
    }
    l->stage = RB_UI_LOBBY_CONNECTING;
    return l;
}

void rb_ui_lobby_free(rb_ui_lobby *l)
{
    if (l == NULL) {
        return;
    }
    if (l->connected && l->stage != RB_UI_LOBBY_CONNECTING) {
        say(l, "quit");
        flush(l, rb_util_now_ms());
    }
    drop(l);
    free(l);
}

/* ---- what the view asks -------------------------------------------------- */

rb_ui_lobby_stage rb_ui_lobby_stage_now(const rb_ui_lobby *l)
{
    return l->stage;
}

const char *rb_ui_lobby_error_text(const rb_ui_lobby *l)
{
    return l->error_text;
}

rb_ui_lobby_error rb_ui_lobby_error_kind(const rb_ui_lobby *l)
{
    return l->error;
}

const char *rb_ui_lobby_name(const rb_ui_lobby *l)
{
    return l->name;
}

bool rb_ui_lobby_guest(const rb_ui_lobby *l)
{
    return l->guest;
}

const char *rb_ui_lobby_server_name(const rb_ui_lobby *l)
{
    return l->server_name;
}

const char *rb_ui_lobby_address(const rb_ui_lobby *l)
{
    return l->address;
}

bool rb_ui_lobby_plain(const rb_ui_lobby *l)
{
    return l->plain;
}

int rb_ui_lobby_seeks(const rb_ui_lobby *l, const rb_ui_lobby_offer **out)
{
    *out = l->seeks;
    return l->nseeks;
}

static int need(rb_ui_lobby *l, rb_ui_lobby_stage stage, char *err, size_t errlen)
{
    if (l->stage != stage) {
        snprintf(err, errlen, "%s",
                 stage == RB_UI_LOBBY_IN              ? "not signed in to the server"
                 : l->stage == RB_UI_LOBBY_IN         ? "already signed in"
                 : l->stage == RB_UI_LOBBY_CLOSED     ? "the connection to the server is closed"
                 : l->stage == RB_UI_LOBBY_SIGNING_IN ? "signing in is under way"
                                                      : "not connected to the server yet");
        return -1;
    }
    return 0;
}

int rb_ui_lobby_login(rb_ui_lobby *l, const char *name, const char *password, bool do_register, char *err,
                      size_t errlen)
{
    if (need(l, RB_UI_LOBBY_SIGNED_OUT, err, errlen) != 0) {
        return -1;
    }
    char en[3 * RB_NET_NAME_MAX + 1], ep[3 * 130 + 1];
    if (name == NULL || name[0] == '\0' || rb_net_encode(name, strlen(name), en, sizeof en) < 0) {
        snprintf(err, errlen, "the name is empty or too long");
        return -1;
    }
    if (password == NULL || password[0] == '\0' || rb_net_encode(password, strlen(password), ep, sizeof ep) < 0) {
        snprintf(err, errlen, "the password is empty or too long");
        return -1;
    }
    say(l, "%s %s %s", do_register ? "register" : "login", en, ep);
    memset(ep, 0, sizeof ep);
    l->stage = RB_UI_LOBBY_SIGNING_IN;
    return 0;
}

int rb_ui_lobby_session(rb_ui_lobby *l, const char *token, char *err, size_t errlen)
{
    if (need(l, RB_UI_LOBBY_SIGNED_OUT, err, errlen) != 0) {
        return -1;
    }
    if (token == NULL || token[0] == '\0' || strlen(token) >= sizeof l->session || strchr(token, ' ') != NULL) {
        snprintf(err, errlen, "the session is not one");
        return -1;
    }
    say(l, "session %s", token);
    l->stage = RB_UI_LOBBY_SIGNING_IN;
    return 0;
}

int rb_ui_lobby_as_guest(rb_ui_lobby *l, char *err, size_t errlen)
{
    if (need(l, RB_UI_LOBBY_SIGNED_OUT, err, errlen) != 0) {
        return -1;
    }
    say(l, "guest");
    l->stage = RB_UI_LOBBY_SIGNING_IN;
    return 0;
}

static const char *color_word(int color)
{
    return color == 0 ? " white" : color == 1 ? " black" : "";
}

static int check_tc(int minutes, int seconds, char *err, size_t errlen)
{
    if (minutes < 0 || minutes > 600 || seconds < 0 || seconds > 600 || (minutes == 0 && seconds == 0)) {
        snprintf(err, errlen, "the time control %d+%d is not one", minutes, seconds);
        return -1;
    }
    return 0;
}

int rb_ui_lobby_seek(rb_ui_lobby *l, int minutes, int seconds, bool rated, int color, char *err, size_t errlen)
{
    if (need(l, RB_UI_LOBBY_IN, err, errlen) != 0 || check_tc(minutes, seconds, err, errlen) != 0) {
        return -1;
    }
    say(l, "seek %d+%d %s%s", minutes, seconds, rated ? "rated" : "casual", color_word(color));
    return 0;
}

int rb_ui_lobby_unseek(rb_ui_lobby *l, int64_t id, char *err, size_t errlen)
{
    if (need(l, RB_UI_LOBBY_IN, err, errlen) != 0) {
        return -1;
    }
    say(l, "unseek %lld", (long long)id);
    return 0;
}

int rb_ui_lobby_accept(rb_ui_lobby *l, int64_t id, char *err, size_t errlen)
{
    if (need(l, RB_UI_LOBBY_IN, err, errlen) != 0) {
        return -1;
    }
    say(l, "accept %lld", (long long)id);
    return 0;
}

int rb_ui_lobby_challenge(rb_ui_lobby *l, const char *name, int minutes, int seconds, bool rated, int color, char *err,
                          size_t errlen)
{
    if (need(l, RB_UI_LOBBY_IN, err, errlen) != 0 || check_tc(minutes, seconds, err, errlen) != 0) {
        return -1;
    }
    if (name == NULL || name[0] == '\0' || strlen(name) > RB_NET_NAME_MAX || strpbrk(name, " \n%") != NULL) {
        snprintf(err, errlen, "'%s' is not a player's name", name != NULL ? name : "");
        return -1;
    }
    say(l, "challenge %s %d+%d %s%s", name, minutes, seconds, rated ? "rated" : "casual", color_word(color));
    return 0;
}

int rb_ui_lobby_decline(rb_ui_lobby *l, int64_t id, char *err, size_t errlen)
{
    if (need(l, RB_UI_LOBBY_IN, err, errlen) != 0) {
        return -1;
    }
    say(l, "decline %lld", (long long)id);
    return 0;
}
