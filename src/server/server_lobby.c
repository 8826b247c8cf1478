/*
 * server_lobby.c - the lobby's messages (docs/network.md, "Playing through
 * a server"): the greeting, accounts and guests, seeks, challenges and
 * invites, the games under way and watching one.
 *
 * Every request has one answer, "ok WHAT ..." or "no WHAT reason", so a
 * client written as a script can wait for the answer to what it asked.
 * Nothing a client sends is used but as a name to look up, a number or a
 * password to hash; a wrong password and an unknown name get the same
 * answer after the same work (both go through argon2id on the hasher, so
 * the time taken tells no names), and each failure counts against the
 * address towards a ban.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdarg.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_net_text.h"
#include "rb_notation.h"
#include "rb_net_wire.h"
#include "server_account.h"
#include "server_internal.h"
#include "server_log.h"

#ifndef RB_VERSION
#define RB_VERSION "unknown"
#endif

#define SESSION_LIFETIME_S (30 * 86400)
#define TC_MAX_MINUTES 180
#define TC_MAX_SECONDS 60

/* ---- bans after failed logins ---------------------------------------------- */

static ban *ban_of(rb_server *sv, const char *addr, bool make)
{
    for (int i = 0; i < sv->nbans; i++) {
        if (strcmp(sv->bans[i].addr, addr) == 0) {
            return &sv->bans[i];
        }
    }
    if (!make) {
        return NULL;
    }
    if (sv->nbans == sv->capbans) {
        int cap = sv->capbans ? sv->capbans * 2 : 16;
        ban *n = realloc(sv->bans, (size_t)cap * sizeof *n);
        if (n == NULL) {
            return NULL;
        }
        sv->bans = n;
        sv->capbans = cap;
    }
    ban *b = &sv->bans[sv->nbans++];
    memset(b, 0, sizeof *b);
    snprintf(b->addr, sizeof b->addr, "%s", addr);
    b->first = sv->now;
    return b;
}

/* Seconds of ban left for the address, 0 when none. */
static int64_t banned(rb_server *sv, const char *addr)
{
    ban *b = ban_of(sv, addr, false);
    if (b == NULL || b->until <= sv->now) {
        return 0;
    }
    return (b->until - sv->now + 999) / 1000;
}

static void failed_login(rb_server *sv, conn *c)
{
    ban *b = ban_of(sv, c->addr, true);
    if (b == NULL) {
        return;
    }
    int64_t window = (int64_t)sv->set.ban_seconds * 1000;
    if (sv->now - b->first > window) { /* an old failure is forgotten */
        b->fails = 0;
        b->first = sv->now;
    }
    if (++b->fails >= sv->set.failed_logins) {
        b->until = sv->now + window;
        b->fails = 0;
        b->first = sv->now;
        rb_server_log(RB_LOG_WARNING, "%s banned for %d s after %d failed logins", c->addr, sv->set.ban_seconds,
                      sv->set.failed_logins);
    }
}

/* ---- helpers --------------------------------------------------------------- */

static bool parse_tc(const char *text, int64_t *base_ms, int64_t *inc_ms)
{
    const char *plus = strchr(text, '+');
    if (plus == NULL) {
        return false;
    }
    char m[16];
    size_t n = (size_t)(plus - text);
    if (n == 0 || n >= sizeof m) {
        return false;
    }
    memcpy(m, text, n);
    m[n] = '\0';
    int64_t mins, secs;
    if (!rb_net_parse_i64(m, 0, TC_MAX_MINUTES, &mins) || !rb_net_parse_i64(plus + 1, 0, TC_MAX_SECONDS, &secs) ||
        (mins == 0 && secs == 0)) {
        return false;
    }
    *base_ms = mins * 60000;
    *inc_ms = secs * 1000;
    return true;
}

static void tc_text(int64_t base_ms, int64_t inc_ms, char out[48])
{
    snprintf(out, 48, "%" PRId64 "+%" PRId64, base_ms / 60000, inc_ms / 1000);
}

static int seeks_of(rb_server *sv, uint64_t owner)
{
    int k = 0;
    for (int i = 0; i < sv->nseeks; i++) {
        k += sv->seeks[i].owner == owner;
    }
    return k;
}

static seek *seek_find(rb_server *sv, const char *id_or_code)
{
    int64_t id = 0;
    bool numeric = rb_net_parse_i64(id_or_code, 1, INT64_MAX, &id);
    for (int i = 0; i < sv->nseeks; i++) {
        seek *k = &sv->seeks[i];
        if ((k->code[0] != '\0' && strcmp(k->code, id_or_code) == 0) ||
            (k->code[0] == '\0' && numeric && k->id == id)) {
            return k;
        }
    }
    return NULL;
}

static bool public_seek(const seek *k)
{
    return k->target[0] == '\0' && k->code[0] == '\0';
}

/* " white" or " black" after a seek's kind when its owner chose a colour,
 * nothing when the colours are drawn (so a client of the first lobby
 * protocol, which expects five words, still reads those). */
static const char *color_word(int color)
{
    return color == 0 ? " white" : color == 1 ? " black" : "";
}

/* -1 for random (no word), 0 white, 1 black; false for anything else. */
static bool parse_color(const char *word, int *color)
{
    *color = word == NULL || strcmp(word, "random") == 0 ? -1
             : strcmp(word, "white") == 0                ? 0
             : strcmp(word, "black") == 0                ? 1
                                                         : -2;
    return *color != -2;
}

static void announce_seek(rb_server *sv, const seek *k)
{
    char tc[48];
    tc_text(k->base_ms, k->inc_ms, tc);
    for (int i = 0; i < sv->nconns; i++) {
        conn *c = sv->conns[i];
        if (c->kind == CONN_LOBBY && c->subscribed) {
            rb_srv_send(c, "seek %" PRId64 " %s %s %s%s", k->id, k->owner_name, tc, k->rated ? "rated" : "casual",
                        color_word(k->color));
        }
    }
}

/* The lobby connections a line is for: one account's (each of its
 * logins), or those watching one game. */
typedef enum { TELL_ACCOUNT, TELL_WATCHERS } tell_whom;

static void tell(rb_server *sv, tell_whom whom, int64_t key, const char *fmt, va_list ap)
{
    char line[RB_NET_LINE_MAX];
    vsnprintf(line, sizeof line, fmt, ap);
    for (int i = 0; i < sv->nconns; i++) {
        conn *c = sv->conns[i];
        bool wanted =
            whom == TELL_ACCOUNT ? c->logged_in && !c->guest && !c->dead && c->account == key : c->watching == key;
        if (c->kind == CONN_LOBBY && wanted) {
            rb_srv_send(c, "%s", line);
        }
    }
}

void rb_srv_tell_account(rb_server *sv, int64_t account, const char *fmt, ...)
{
    if (account == 0) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    tell(sv, TELL_ACCOUNT, account, fmt, ap);
    va_end(ap);
}

void rb_srv_tell_watchers(rb_server *sv, int64_t game, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tell(sv, TELL_WATCHERS, game, fmt, ap);
    va_end(ap);
}

static void seek_remove(rb_server *sv, seek *k)
{
    int64_t id = k->id;
    bool pub = public_seek(k);
    uint64_t owner = k->owner;
    *k = sv->seeks[--sv->nseeks];
    for (int i = 0; i < sv->nconns; i++) {
        conn *c = sv->conns[i];
        if (c->kind == CONN_LOBBY && ((pub && c->subscribed) || (!pub && c->id == owner))) {
            rb_srv_send(c, "unseek %" PRId64, id);
        }
    }
}

static seek *seek_add(rb_server *sv, conn *c, int64_t base_ms, int64_t inc_ms, bool rated)
{
    if (sv->nseeks == sv->capseeks) {
        int cap = sv->capseeks ? sv->capseeks * 2 : 32;
        seek *n = realloc(sv->seeks, (size_t)cap * sizeof *n);
        if (n == NULL) {
            return NULL;
        }
        sv->seeks = n;
        sv->capseeks = cap;
    }
    seek *k = &sv->seeks[sv->nseeks++];
    memset(k, 0, sizeof *k);
    k->id = ++sv->next_seek;
    k->owner = c->id;
    snprintf(k->owner_name, sizeof k->owner_name, "%s", c->name);
    k->owner_account = c->guest ? 0 : c->account;
    k->base_ms = base_ms;
    k->inc_ms = inc_ms;
    k->rated = rated;
    k->color = -1;
    return k;
}

static void lower(const char *in, char *out, size_t size)
{
    size_t i = 0;
    for (; in[i] != '\0' && i + 1 < size; i++) {
        out[i] = (char)(in[i] >= 'A' && in[i] <= 'Z' ? in[i] - 'A' + 'a' : in[i]);
    }
    out[i] = '\0';
}

/* ---- requests -------------------------------------------------------------- */

static void greet(rb_server *sv, conn *c, char **w, int n)
{
    int64_t proto = -1;
    uint64_t rules = 0;
    bool has_rules = false;
    for (int i = 1; i < n; i++) {
        if (strncmp(w[i], "proto=", 6) == 0) {
            rb_net_parse_i64(w[i] + 6, 0, 1000000, &proto);
        } else if (strncmp(w[i], "rules=", 6) == 0) {
            has_rules = rb_net_parse_hex64(w[i] + 6, &rules);
        }
    }
    char hex[17];
    rb_net_hex64(sv->rules, hex);
    if (proto < RB_NET_PROTO_MIN || proto > RB_NET_PROTO) {
        rb_srv_send(c, "bye version this server speaks protocol version %d and accepts %d to %d", RB_NET_PROTO,
                    RB_NET_PROTO_MIN, RB_NET_PROTO);
        c->closing = true;
        return;
    }
    if (!has_rules || rules != sv->rules) {
        rb_srv_send(c, "bye rules the rules differ: rollerball-server/%s has rules %s", RB_VERSION, hex);
        c->closing = true;
        return;
    }
    c->greeted = true;
    char name[3 * sizeof sv->set.name + 1];
    rb_net_encode(sv->set.name, strlen(sv->set.name), name, sizeof name);
    rb_srv_send(c, "lobby proto=%d program=rollerball-server/%s rules=%s name=%s", RB_NET_PROTO, RB_VERSION, hex, name);
}

/* Logs c in; a new session unless it came with one (existing). */
static void logged_in(rb_server *sv, conn *c, const char *what, int64_t account, const char *name, const char *existing)
{
    char token[33];
    snprintf(token, sizeof token, "%s", existing ? existing : "");
    if (existing == NULL) {
        rb_account_token(token, 16);
        if (rb_store_session_add(sv->store, token, account, SESSION_LIFETIME_S) != 0) {
            rb_srv_send(c, "no %s the server could not keep the session", what);
            return;
        }
    }
    c->logged_in = true;
    c->guest = false;
    c->account = account;
    snprintf(c->name, sizeof c->name, "%s", name);
    rb_srv_send(c, "ok %s %s %s", what, name, token);
    rb_server_log(RB_LOG_INFO, "%s logged in from %s", name, c->addr);
}

static bool decode_field(const char *in, char *out, size_t size)
{
    char err[100];
    return rb_net_decode(in, out, size, err, sizeof err) >= 0 && strlen(out) > 0;
}

static void do_register(rb_server *sv, conn *c, char **w, int n)
{
    char name[64], password[RB_ACCOUNT_PASSWORD_MAX + 2], key[RB_ACCOUNT_NAME_MAX + 1], why[160];
    if (n != 3 || !decode_field(w[1], name, sizeof name) || !decode_field(w[2], password, sizeof password)) {
        rb_srv_send(c, "no register expected: register NAME PASSWORD");
        return;
    }
    if (rb_account_check_name(name, key, why, sizeof why) != 0 ||
        rb_account_check_password(password, why, sizeof why) != 0) {
        rb_srv_send(c, "no register %s", why);
        return;
    }
    /* a taken name is told at once, without spending argon2id on it (a
     * registration says whether a name exists anyway); one taken while
     * the hash was made is caught in registered() */
    int64_t other;
    char other_name[RB_STORE_NAME_MAX + 1], other_hash[RB_STORE_HASH_MAX];
    if (rb_store_account_find(sv->store, key, &other, other_name, other_hash) == 1) {
        sodium_memzero(password, sizeof password);
        rb_srv_send(c, "no register the name %s is taken", name);
        return;
    }
    rb_hash_job *job = calloc(1, sizeof *job);
    if (job != NULL) {
        job->kind = RB_HASH_MAKE;
        job->conn = c->id;
        snprintf(job->password, sizeof job->password, "%s", password);
        snprintf(job->name, sizeof job->name, "%.*s", (int)sizeof job->name - 1, name); /* checked: short */
        snprintf(job->key, sizeof job->key, "%s", key);
    }
    sodium_memzero(password, sizeof password);
    if (job == NULL || rb_hasher_submit(sv->hasher, job) != 0) {
        if (job != NULL) {
            sodium_memzero(job, sizeof *job);
        }
        free(job);
        rb_srv_send(c, "no register the server is busy; try again in a moment");
        return;
    }
    c->hashing = true; /* answered in registered() */
}

/* The hash is made: the account is stored (the name may have been taken
 * meanwhile, by a registration that came back first). */
static void registered(rb_server *sv, conn *c, const rb_hash_job *job)
{
    if (!job->ok) {
        rb_srv_send(c, "no register the server could not hash the password");
        return;
    }
    int64_t id = 0;
    int rc = rb_store_account_add(sv->store, job->name, job->key, job->hash, &id);
    if (rc == 1) {
        rb_srv_send(c, "no register the name %s is taken", job->name);
        return;
    }
    if (rc != 0) {
        rb_srv_send(c, "no register the server could not store the account");
        rb_server_log(RB_LOG_ERR, "an account was not stored: %s", rb_store_error(sv->store));
        return;
    }
    rb_server_log(RB_LOG_INFO, "account %s registered from %s", job->name, c->addr);
    logged_in(sv, c, "register", id, job->name, NULL);
}

static void do_login(rb_server *sv, conn *c, char **w, int n)
{
    int64_t left = banned(sv, c->addr);
    if (left > 0) {
        rb_srv_send(c, "no login too many failed logins from your address; try again in %" PRId64 " s", left);
        return;
    }
    char name[64], password[RB_ACCOUNT_PASSWORD_MAX + 2], key[RB_ACCOUNT_NAME_MAX + 1], why[160];
    if (n != 3 || !decode_field(w[1], name, sizeof name) || !decode_field(w[2], password, sizeof password)) {
        rb_srv_send(c, "no login expected: login NAME PASSWORD");
        return;
    }
    rb_hash_job *job = calloc(1, sizeof *job);
    if (job == NULL) {
        sodium_memzero(password, sizeof password);
        rb_srv_send(c, "no login the server is busy; try again in a moment");
        return;
    }
    job->kind = RB_HASH_CHECK;
    job->conn = c->id;
    /* A name that is no account's (or no name at all) is checked too,
     * against no hash: the hasher spends on it what it spends on a wrong
     * password, so the answer's time does not tell which names exist. */
    if (rb_account_check_name(name, key, why, sizeof why) != 0 ||
        rb_store_account_find(sv->store, key, &job->account, job->name, job->hash) != 1) {
        job->account = 0;
        job->hash[0] = '\0';
    }
    snprintf(job->password, sizeof job->password, "%s", password);
    sodium_memzero(password, sizeof password);
    if (rb_hasher_submit(sv->hasher, job) != 0) {
        sodium_memzero(job, sizeof *job);
        free(job);
        rb_srv_send(c, "no login the server is busy; try again in a moment");
        return;
    }
    c->hashing = true; /* answered in rb_srv_lobby_hashed() */
}

void rb_srv_lobby_hashed(rb_server *sv, rb_hash_job *job)
{
    sv->hashed++;
    conn *c = rb_srv_conn_by_id(sv, job->conn);
    if (c != NULL && c->hashing) {
        c->hashing = false;
        if (job->kind == RB_HASH_MAKE) {
            registered(sv, c, job);
        } else if (job->ok) {
            logged_in(sv, c, "login", job->account, job->name, NULL);
        } else {
            failed_login(sv, c);
            rb_srv_send(c, "no login wrong name or password");
        }
        rb_srv_lobby_resume(sv, c);
    }
    sodium_memzero(job, sizeof *job);
    free(job);
}

static void do_session(rb_server *sv, conn *c, char **w, int n)
{
    int64_t left = banned(sv, c->addr);
    if (left > 0) {
        rb_srv_send(c, "no login too many failed logins from your address; try again in %" PRId64 " s", left);
        return;
    }
    int64_t id;
    char name[RB_STORE_NAME_MAX + 1];
    if (n != 2 || strlen(w[1]) != 32 || rb_store_session_find(sv->store, w[1], &id, name) != 1) {
        failed_login(sv, c);
        rb_srv_send(c, "no login the session is unknown or has expired");
        return;
    }
    logged_in(sv, c, "login", id, name, w[1]);
}

static void do_guest(rb_server *sv, conn *c)
{
    char hex[7];
    rb_account_token(hex, 3);
    c->logged_in = c->guest = true;
    c->account = 0;
    snprintf(c->name, sizeof c->name, "Guest-%s", hex);
    rb_srv_send(c, "ok guest %s", c->name);
    rb_server_log(RB_LOG_INFO, "%s from %s", c->name, c->addr);
    (void)sv;
}

static bool may_seek(rb_server *sv, conn *c, const char *what, const char *tc, const char *kind, int64_t *base,
                     int64_t *inc, bool *rated)
{
    if (!parse_tc(tc, base, inc)) {
        rb_srv_send(c, "no %s the time control '%s' is not M+S (minutes 0 to %d, seconds 0 to %d, not 0+0)", what, tc,
                    TC_MAX_MINUTES, TC_MAX_SECONDS);
        return false;
    }
    if (strcmp(kind, "rated") != 0 && strcmp(kind, "casual") != 0) {
        rb_srv_send(c, "no %s the kind is rated or casual, not '%s'", what, kind);
        return false;
    }
    *rated = strcmp(kind, "rated") == 0;
    if (*rated && c->guest) {
        rb_srv_send(c, "no %s guests play casual games only", what);
        return false;
    }
    if (seeks_of(sv, c->id) >= sv->set.seeks_per_player) {
        rb_srv_send(c, "no %s you have %d seeks standing already", what, sv->set.seeks_per_player);
        return false;
    }
    return true;
}

static void do_seek(rb_server *sv, conn *c, char **w, int n)
{
    int64_t base, inc;
    bool rated;
    int color;
    if ((n != 3 && n != 4) || !parse_color(n == 4 ? w[3] : NULL, &color)) {
        rb_srv_send(c, "no seek expected: seek M+S rated|casual [white|black|random]");
        return;
    }
    if (!may_seek(sv, c, "seek", w[1], w[2], &base, &inc, &rated)) {
        return;
    }
    seek *k = seek_add(sv, c, base, inc, rated);
    if (k == NULL) {
        rb_srv_send(c, "no seek out of memory");
        return;
    }
    k->color = color;
    rb_srv_send(c, "ok seek %" PRId64, k->id);
    announce_seek(sv, k);
}

static void do_challenge(rb_server *sv, conn *c, char **w, int n)
{
    int64_t base, inc;
    bool rated;
    int color;
    if ((n != 4 && n != 5) || !parse_color(n == 5 ? w[4] : NULL, &color)) {
        rb_srv_send(c, "no challenge expected: challenge NAME M+S rated|casual [white|black|random]");
        return;
    }
    char key[RB_STORE_NAME_MAX + 1];
    lower(w[1], key, sizeof key);
    conn *target = NULL;
    for (int i = 0; i < sv->nconns && target == NULL; i++) {
        conn *t = sv->conns[i];
        char tk[RB_STORE_NAME_MAX + 1];
        lower(t->name, tk, sizeof tk);
        if (t->kind == CONN_LOBBY && t->logged_in && !t->dead && t != c && strcmp(tk, key) == 0) {
            target = t;
        }
    }
    if (target == NULL) {
        rb_srv_send(c, "no challenge nobody called %s is in the lobby", w[1]);
        return;
    }
    if (!may_seek(sv, c, "challenge", w[2], w[3], &base, &inc, &rated)) {
        return;
    }
    if (rated && target->guest) {
        rb_srv_send(c, "no challenge %s is a guest and plays casual games only", target->name);
        return;
    }
    seek *k = seek_add(sv, c, base, inc, rated);
    if (k == NULL) {
        rb_srv_send(c, "no challenge out of memory");
        return;
    }
    snprintf(k->target, sizeof k->target, "%s", key);
    k->color = color;
    rb_srv_send(c, "ok challenge %" PRId64, k->id);
    rb_srv_send(target, "challenge %" PRId64 " %s %s %s%s", k->id, c->name, w[2], w[3], color_word(color));
}

static void do_invite(rb_server *sv, conn *c, char **w, int n)
{
    int64_t base, inc;
    bool rated;
    if (n != 2 && n != 3) {
        rb_srv_send(c, "no invite expected: invite M+S [rated|casual]");
        return;
    }
    if (!may_seek(sv, c, "invite", w[1], n == 3 ? w[2] : "casual", &base, &inc, &rated)) {
        return;
    }
    seek *k = seek_add(sv, c, base, inc, rated);
    if (k == NULL) {
        rb_srv_send(c, "no invite out of memory");
        return;
    }
    rb_account_token(k->code, 8);
    rb_srv_send(c, "ok invite %s", k->code);
}

static void start_game(rb_server *sv, conn *taker, seek *k)
{
    conn *owner = rb_srv_conn_by_id(sv, k->owner);
    if (owner == NULL) {
        rb_srv_send(taker, "no accept the one who offered it has left");
        seek_remove(sv, k);
        return;
    }
    rb_store_game row;
    memset(&row, 0, sizeof row);
    int owner_color = k->color >= 0 ? k->color : (int)randombytes_uniform(2);
    conn *by[2];
    by[owner_color] = owner;
    by[1 - owner_color] = taker;
    for (int col = 0; col < 2; col++) {
        row.account[col] = by[col]->guest ? 0 : by[col]->account;
        snprintf(row.name[col], sizeof row.name[col], "%s", by[col]->name);
    }
    row.base_ms = k->base_ms;
    row.inc_ms = k->inc_ms;
    row.rated = k->rated;
    char tc[48], seek_id[24];
    tc_text(k->base_ms, k->inc_ms, tc);
    snprintf(seek_id, sizeof seek_id, "%" PRId64, k->id);
    char err[200];
    sgame *g = rb_srv_game_new(sv, &row, err, sizeof err);
    if (g == NULL) {
        rb_srv_send(taker, "no accept the game could not be made: %s", err);
        rb_server_log(RB_LOG_ERR, "a game could not be made: %s", err);
        return;
    }
    seek_remove(sv, k);
    rb_srv_send(taker, "ok accept %s", seek_id);
    for (int col = 0; col < 2; col++) {
        rb_srv_send(by[col], "game %" PRId64 " %s %s %s %s %s", g->row.id, g->row.token[col],
                    col == 0 ? "white" : "black", g->row.name[1 - col], tc, g->row.rated ? "rated" : "casual");
    }
    if (g->row.rated) {
        /* both ratings before the game, as the players see them on the board */
        int white = rb_srv_shown_rating(sv, g->row.account[0]), black = rb_srv_shown_rating(sv, g->row.account[1]);
        for (int col = 0; col < 2; col++) {
            rb_srv_send(by[col], "rated %" PRId64 " %d %d", g->row.id, white, black);
        }
    }
}

static void do_accept(rb_server *sv, conn *c, char **w, int n)
{
    if (n != 2) {
        rb_srv_send(c, "no accept expected: accept ID|CODE");
        return;
    }
    seek *k = seek_find(sv, w[1]);
    char key[RB_STORE_NAME_MAX + 1];
    lower(c->name, key, sizeof key);
    if (k == NULL || (k->target[0] != '\0' && strcmp(k->target, key) != 0)) {
        rb_srv_send(c, "no accept there is no seek %s", w[1]);
        return;
    }
    if (k->owner == c->id) {
        rb_srv_send(c, "no accept that seek is yours");
        return;
    }
    if (k->rated && c->guest) {
        rb_srv_send(c, "no accept guests play casual games only");
        return;
    }
    start_game(sv, c, k);
}

static void do_decline(rb_server *sv, conn *c, char **w, int n)
{
    char key[RB_STORE_NAME_MAX + 1];
    lower(c->name, key, sizeof key);
    seek *k = n == 2 ? seek_find(sv, w[1]) : NULL;
    if (k == NULL || strcmp(k->target, key) != 0) {
        rb_srv_send(c, "no decline there is no challenge %s to you", n == 2 ? w[1] : "");
        return;
    }
    rb_srv_send(c, "ok decline %s", w[1]);
    seek_remove(sv, k);
}

static void do_unseek(rb_server *sv, conn *c, char **w, int n)
{
    seek *k = n == 2 ? seek_find(sv, w[1]) : NULL;
    if (k == NULL || k->owner != c->id) {
        rb_srv_send(c, "no unseek you have no seek %s", n == 2 ? w[1] : "");
        return;
    }
    rb_srv_send(c, "ok unseek %s", w[1]);
    seek_remove(sv, k);
}

static void do_seeks(rb_server *sv, conn *c)
{
    c->subscribed = true;
    char tc[48];
    for (int i = 0; i < sv->nseeks; i++) {
        const seek *k = &sv->seeks[i];
        if (public_seek(k)) {
            tc_text(k->base_ms, k->inc_ms, tc);
            rb_srv_send(c, "seek %" PRId64 " %s %s %s%s", k->id, k->owner_name, tc, k->rated ? "rated" : "casual",
                        color_word(k->color));
        }
    }
    rb_srv_send(c, "ok seeks");
}

static void do_games(rb_server *sv, conn *c)
{
    char tc[48];
    for (int i = 0; i < sv->ngames; i++) {
        const sgame *g = sv->games[i];
        if (!g->stored_end) {
            tc_text(g->row.base_ms, g->row.inc_ms, tc);
            rb_srv_send(c, "playing %" PRId64 " %s %s %s %zu", g->row.id, g->row.name[0], g->row.name[1], tc,
                        rb_srv_record_length(g->seat[0].peer) > rb_srv_record_length(g->seat[1].peer)
                            ? rb_srv_record_length(g->seat[0].peer)
                            : rb_srv_record_length(g->seat[1].peer));
        }
    }
    rb_srv_send(c, "ok games");
}

static void do_watch(rb_server *sv, conn *c, char **w, int n)
{
    int64_t id;
    const sgame *g = NULL;
    if (n == 2 && rb_net_parse_i64(w[1], 1, INT64_MAX, &id)) {
        for (int i = 0; i < sv->ngames && g == NULL; i++) {
            if (sv->games[i]->row.id == id && !sv->games[i]->stored_end) {
                g = sv->games[i];
            }
        }
    }
    if (g == NULL) {
        rb_srv_send(c, "no watch there is no game %s under way", n == 2 ? w[1] : "");
        return;
    }
    c->watching = g->row.id;
    rb_srv_send(c, "ok watch %" PRId64, g->row.id);
    /* the moves so far, from the seat further on */
    const rb_game *rec = rb_net_peer_game(g->seat[0].peer);
    if (rb_srv_record_length(g->seat[1].peer) > rb_srv_record_length(g->seat[0].peer)) {
        rec = rb_net_peer_game(g->seat[1].peer);
    }
    for (size_t i = 0; rec != NULL && i < rec->length; i++) {
        char mv[16];
        rb_move_to_coord(rec->moves[i], mv);
        const rb_annotation *a = rb_game_annotation(rec, i);
        int64_t clk = a != NULL && a->clock_ms != RB_CLOCK_NONE ? a->clock_ms : 0;
        rb_srv_send(c, "moved %" PRId64 " %zu %s %" PRId64, g->row.id, i, mv, clk);
    }
}

void rb_srv_lobby_line(rb_server *sv, conn *c, const char *text, size_t len, bool overlong)
{
    if (overlong) {
        rb_srv_send(c, "error the line is longer than %d bytes", sv->set.line_max);
        return;
    }
    if (len > 0 && text[len - 1] == '\r') {
        len--;
    }
    /* nothing a client sends goes back out with a control character in it
     * (an unknown word is quoted in the answer) */
    for (size_t i = 0; i < len; i++) {
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7f) {
            rb_srv_send(c, "error the line holds a control character (byte %zu)", i + 1);
            return;
        }
    }
    char line[RB_NET_LINE_MAX + 1];
    snprintf(line, sizeof line, "%.*s", (int)len, text);
    char *w[8];
    int n = rb_net_split(line, w, 8, false);
    if (n <= 0) {
        rb_srv_send(c, "error a line is words separated by single spaces");
        return;
    }
    const char *cmd = w[0];
    if (strcmp(cmd, "ping") == 0) {
        rb_srv_send(c, "pong %s", n > 1 ? w[1] : "0");
        return;
    }
    if (strcmp(cmd, "quit") == 0) {
        rb_srv_send(c, "bye quit goodbye");
        c->closing = true;
        return;
    }
    if (strcmp(cmd, "lobby") == 0) {
        greet(sv, c, w, n);
        return;
    }
    if (!c->greeted) {
        rb_srv_send(c, "no %s say lobby proto=%d program=... rules=... first", cmd, RB_NET_PROTO);
        return;
    }
    if (strcmp(cmd, "register") == 0) {
        do_register(sv, c, w, n);
    } else if (strcmp(cmd, "login") == 0) {
        do_login(sv, c, w, n);
    } else if (strcmp(cmd, "session") == 0) {
        do_session(sv, c, w, n);
    } else if (strcmp(cmd, "guest") == 0) {
        do_guest(sv, c);
    } else if (!c->logged_in) {
        rb_srv_send(c, "no %s log in first", cmd);
    } else if (strcmp(cmd, "seek") == 0) {
        do_seek(sv, c, w, n);
    } else if (strcmp(cmd, "unseek") == 0) {
        do_unseek(sv, c, w, n);
    } else if (strcmp(cmd, "seeks") == 0) {
        do_seeks(sv, c);
    } else if (strcmp(cmd, "accept") == 0) {
        do_accept(sv, c, w, n);
    } else if (strcmp(cmd, "challenge") == 0) {
        do_challenge(sv, c, w, n);
    } else if (strcmp(cmd, "decline") == 0) {
        do_decline(sv, c, w, n);
    } else if (strcmp(cmd, "invite") == 0) {
        do_invite(sv, c, w, n);
    } else if (strcmp(cmd, "games") == 0) {
        do_games(sv, c);
    } else if (strcmp(cmd, "watch") == 0) {
        do_watch(sv, c, w, n);
    } else {
        rb_srv_send(c, "error unknown message '%.40s'", cmd);
    }
}

void rb_srv_lobby_closed(rb_server *sv, conn *c)
{
    for (int i = sv->nseeks - 1; i >= 0; i--) {
        if (sv->seeks[i].owner == c->id) {
            seek_remove(sv, &sv->seeks[i]);
        }
    }
}
