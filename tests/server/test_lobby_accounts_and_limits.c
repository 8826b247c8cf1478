/*
 * test_lobby_accounts_and_limits.c - the lobby as a client meets it:
 * registering (names checked, taken once whatever the case), logging in
 * with the password or the session's token, guests, and each abuse limit
 * at a low setting: failed logins ban the address, connections per
 * address and in all, the line length, seeks per player, lines a second,
 * silence and half a line, a client that does not read; logins that say
 * nothing about which names exist, an expired session; and the lobby over
 * TLS, a client pinning the server's self-made key, turned away through
 * TLS when the server is busy.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sqlite3.h>

#include "rb_tls.h"
#include "server_client.h"

/* The fixture most tests share: a server with the fast settings (and the
 * test's changes to them) and n clients connected, greeted when asked. */
typedef struct lobby {
    rb_server *sv;
    client c[4];
    int n;
} lobby;

static void lobby_up(lobby *l, const rb_server_settings *s, int n, bool greet)
{
    memset(l, 0, sizeof *l);
    l->sv = server_start(s);
    assert_non_null(l->sv);
    l->n = n;
    for (int i = 0; i < n; i++) {
        cl_open(&l->c[i], l->sv);
        if (greet) {
            cl_greet(l->sv, &l->c[i]);
        }
    }
}

static void lobby_down(lobby *l)
{
    for (int i = 0; i < l->n; i++) {
        cl_close(&l->c[i]);
    }
    server_stop(l->sv);
}

/* Sends a line from client i and waits for the line starting with prefix. */
static bool ask(lobby *l, int i, const char *prefix, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static bool ask(lobby *l, int i, const char *prefix, const char *fmt, ...)
{
    char text[4096], line[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    cl_say(&l->c[i], "%s", text);
    return cl_wait(l->sv, &l->c[i], prefix, line, sizeof line);
}

static void registering_logging_in_and_guests(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    rb_server *sv = server_start(&s);
    assert_non_null(sv);
    client a, b;
    char line[4096], token[64];
    cl_open(&a, sv);
    cl_say(&a, "login Alice secret-1");
    assert_true(cl_wait(sv, &a, "no login", line, sizeof line)); /* the greeting comes first */
    cl_greet(sv, &a);
    cl_say(&a, "register Alice secret-1");
    assert_true(cl_wait(sv, &a, "ok register Alice ", line, sizeof line));
    assert_int_equal(strlen(line + strlen("ok register Alice ")), 32);
    snprintf(token, sizeof token, "%s", line + strlen("ok register Alice "));

    cl_open(&b, sv);
    cl_greet(sv, &b);
    cl_say(&b, "register aLiCe other-password");
    assert_true(cl_wait(sv, &b, "no register", line, sizeof line));
    assert_non_null(strstr(line, "taken"));
    cl_say(&b, "register admin secret-1");
    assert_true(cl_wait(sv, &b, "no register", line, sizeof line));
    assert_non_null(strstr(line, "reserved"));
    cl_say(&b, "register Al secret-1");
    assert_true(cl_wait(sv, &b, "no register", line, sizeof line));
    assert_non_null(strstr(line, "3 to 20"));
    cl_say(&b, "register b%%40d secret-1"); /* b@d, encoded */
    assert_true(cl_wait(sv, &b, "no register", line, sizeof line));
    assert_non_null(strstr(line, "letters"));
    cl_say(&b, "register Guest7 secret-1");
    assert_true(cl_wait(sv, &b, "no register", line, sizeof line));
    cl_say(&b, "register Bob short");
    assert_true(cl_wait(sv, &b, "no register", line, sizeof line));
    assert_non_null(strstr(line, "password"));

    cl_say(&b, "login alice wrong-password");
    assert_true(cl_wait(sv, &b, "no login wrong name or password", line, sizeof line));
    cl_say(&b, "login nobody-here secret-1");
    assert_true(cl_wait(sv, &b, "no login wrong name or password", line, sizeof line));
    cl_say(&b, "seek 3+2 casual");
    assert_true(cl_wait(sv, &b, "no seek log in first", line, sizeof line));
    cl_say(&b, "login ALICE secret-1");
    assert_true(cl_wait(sv, &b, "ok login Alice ", line, sizeof line)); /* the name as registered */

    client c;
    cl_open(&c, sv);
    cl_greet(sv, &c);
    cl_say(&c, "session %s", token);
    assert_true(cl_wait(sv, &c, "ok login Alice ", line, sizeof line));
    cl_say(&c, "session 0123456789abcdef0123456789abcdef");
    assert_true(cl_wait(sv, &c, "no login", line, sizeof line));

    client g;
    cl_open(&g, sv);
    cl_greet(sv, &g);
    cl_say(&g, "guest");
    assert_true(cl_wait(sv, &g, "ok guest Guest-", line, sizeof line));
    cl_say(&g, "seek 3+2 rated");
    assert_true(cl_wait(sv, &g, "no seek guests play casual games only", line, sizeof line));
    cl_say(&g, "seek 3+2 casual");
    assert_true(cl_wait(sv, &g, "ok seek ", line, sizeof line));

    /* another version or other rules are turned away, as in direct play */
    client v;
    cl_open(&v, sv);
    cl_say(&v, "lobby proto=2 program=future rules=0000000000000000");
    assert_true(cl_wait(sv, &v, "bye version", line, sizeof line));
    cl_open(&v, sv);
    cl_say(&v, "lobby proto=1 program=other rules=0123456789abcdef");
    assert_true(cl_wait(sv, &v, "bye rules", line, sizeof line));
    cl_close(&a);
    cl_close(&b);
    cl_close(&c);
    cl_close(&g);
    cl_close(&v);
    server_stop(sv);
}

static void seeks_are_listed_and_withdrawn(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    rb_server *sv = server_start(&s);
    client a, b;
    char line[4096];
    cl_open(&a, sv);
    cl_open(&b, sv);
    cl_greet(sv, &a);
    cl_greet(sv, &b);
    cl_say(&a, "guest");
    cl_say(&b, "guest");
    cl_wait(sv, &a, "ok guest", line, sizeof line);
    cl_wait(sv, &b, "ok guest", line, sizeof line);
    cl_say(&b, "seeks");
    assert_true(cl_wait(sv, &b, "ok seeks", line, sizeof line));
    cl_say(&a, "seek 5+3 casual");
    assert_true(cl_wait(sv, &b, "seek 1 Guest-", line, sizeof line));
    assert_non_null(strstr(line, " 5+3 casual"));
    cl_say(&a, "seek 99999+0 casual");
    assert_true(cl_wait(sv, &a, "no seek the time control", line, sizeof line));
    cl_close(&a); /* a seek goes with its player */
    assert_true(cl_wait(sv, &b, "unseek 1", line, sizeof line));
    cl_say(&b, "accept 1");
    assert_true(cl_wait(sv, &b, "no accept", line, sizeof line));
    cl_close(&b);
    server_stop(sv);
}

static void failed_logins_ban_the_address(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.failed_logins = 3;
    lobby l;
    lobby_up(&l, &s, 1, true);
    assert_true(ask(&l, 0, "ok register", "register Carol secret-1"));
    assert_true(ask(&l, 0, "no login wrong", "login Carol nope-nope"));
    assert_true(ask(&l, 0, "no login wrong", "login Nobody nope-nope")); /* an unknown name counts too */
    assert_true(ask(&l, 0, "no login the session", "session 0123456789abcdef0123456789abcdef")); /* and a session */
    assert_true(ask(&l, 0, "no login too many failed logins", "login Carol secret-1")); /* right, but too late */
    assert_true(ask(&l, 0, "no login too many failed logins", "session 0123456789abcdef0123456789abcdef"));
    lobby_down(&l);
}

/* A login with a name nobody has and one with a wrong password both go
 * through argon2id on the hasher: the same answer after the same work, so
 * the time it takes does not tell which names exist. A registration of a
 * taken name is refused before any hashing. */
static void an_unknown_name_costs_what_a_wrong_password_costs(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    lobby l;
    lobby_up(&l, &s, 2, true);
    assert_true(ask(&l, 0, "ok register Alice ", "register Alice secret-1"));
    unsigned long before = rb_server_passwords_hashed(l.sv);
    assert_true(ask(&l, 1, "no login wrong name or password", "login Nobody secret-1"));
    assert_int_equal(rb_server_passwords_hashed(l.sv), before + 1);
    assert_true(ask(&l, 1, "no login wrong name or password", "login Alice wrong-one"));
    assert_int_equal(rb_server_passwords_hashed(l.sv), before + 2);
    assert_true(ask(&l, 1, "no login wrong name or password", "login x! secret-1")); /* not even a name */
    assert_int_equal(rb_server_passwords_hashed(l.sv), before + 3);
    /* the lines after an unknown name's login wait for its answer, as after a known one's */
    assert_true(ask(&l, 1, "no seeks log in first", "login Nobody secret-1\nseeks"));
    assert_int_equal(rb_server_passwords_hashed(l.sv), before + 4);
    assert_true(ask(&l, 1, "no register the name aLiCe is taken", "register aLiCe secret-2"));
    assert_int_equal(rb_server_passwords_hashed(l.sv), before + 4);
    assert_true(ask(&l, 1, "ok login Alice ", "login alice secret-1"));
    assert_int_equal(rb_server_passwords_hashed(l.sv), before + 5);
    lobby_down(&l);
}

/* Two registrations of one name in the same moment: the hashes are made
 * one after the other, and the second finds the name taken by the first. */
static void a_name_registered_twice_at_once_goes_to_one(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    lobby l;
    lobby_up(&l, &s, 2, true);
    cl_say(&l.c[0], "register Frida secret-0");
    cl_say(&l.c[1], "register FRIDA secret-1");
    char line[2][4096];
    for (int i = 0; i < 2; i++) {
        assert_true(cl_wait(l.sv, &l.c[i], "", line[i], sizeof line[i]));
    }
    /* whichever came first has it; the other hears it is taken */
    int won = strncmp(line[0], "ok register Frida ", 18) == 0 ? 0 : 1;
    assert_true(strncmp(line[won], "ok register ", 12) == 0);
    assert_non_null(strstr(line[1 - won], "no register the name "));
    assert_non_null(strstr(line[1 - won], " is taken"));
    assert_true(ask(&l, 1 - won, "no login wrong", "login frida secret-%d", 1 - won));
    assert_true(ask(&l, 1 - won, "ok login ", "login frida secret-%d", won));
    lobby_down(&l);
}

/* A session token the database holds but whose time is up logs nobody in. */
static void an_expired_session_logs_nobody_in(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    lobby l;
    lobby_up(&l, &s, 2, true);
    char line[4096], token[64];
    cl_say(&l.c[0], "register Gus secret-1");
    assert_true(cl_wait(l.sv, &l.c[0], "ok register Gus ", line, sizeof line));
    snprintf(token, sizeof token, "%.32s", line + strlen("ok register Gus "));
    assert_true(ask(&l, 1, "ok login Gus ", "session %s", token));
    /* the session's time runs out (as 30 days would) */
    char path[400];
    snprintf(path, sizeof path, "%s/%s", test_dir, RB_SERVER_DB);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_busy_timeout(db, 2000);
    assert_int_equal(sqlite3_exec(db, "UPDATE sessions SET expires = 1", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    cl_close(&l.c[1]);
    cl_open(&l.c[1], l.sv);
    cl_greet(l.sv, &l.c[1]);
    assert_true(ask(&l, 1, "no login the session is unknown or has expired", "session %s", token));
    assert_true(ask(&l, 1, "no seeks log in first", "seeks"));
    lobby_down(&l);
}

/* argon2id at a cost that takes a while: a ping from someone else is
 * answered while the password is still being hashed, and lines sent right
 * after a login wait for its answer instead of overtaking it. */
static void a_password_being_hashed_holds_up_nobody(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.pwhash_ops = 8;
    s.pwhash_mem_kib = 16 * 1024;
    rb_server *sv = server_start(&s);
    client a, b;
    char line[4096];
    cl_open(&a, sv);
    cl_open(&b, sv);
    cl_greet(sv, &a);
    cl_greet(sv, &b);
    int64_t t0 = rb_util_now_ms();
    cl_say(&a, "register Erin secret-1");
    cl_say(&b, "ping 7");
    assert_true(cl_wait(sv, &b, "pong 7", line, sizeof line));
    int64_t pong_ms = rb_util_now_ms() - t0;
    cl_read(&a);
    assert_int_equal(a.len, 0); /* the registration is not answered yet */
    assert_true(cl_wait(sv, &a, "ok register Erin ", line, sizeof line));
    int64_t hash_ms = rb_util_now_ms() - t0;
    assert_true(pong_ms < hash_ms);

    /* a login and, in the same packet, a line only a logged-in player may send */
    cl_say(&b, "login erin secret-1\nseeks");
    assert_true(cl_wait(sv, &b, "ok login Erin ", line, sizeof line));
    assert_true(cl_wait(sv, &b, "ok seeks", line, sizeof line));
    cl_close(&a);
    cl_close(&b);
    server_stop(sv);
}

static void connections_per_address_are_limited(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.conn_per_address = 2;
    lobby l;
    lobby_up(&l, &s, 3, false);
    char line[4096];
    assert_true(cl_wait(l.sv, &l.c[2], "bye busy too many connections", line, sizeof line));
    cl_greet(l.sv, &l.c[1]);
    assert_true(ask(&l, 1, "pong 7", "ping 7"));
    lobby_down(&l);
}

static void connections_in_all_are_limited(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.max_connections = 2;
    lobby l;
    lobby_up(&l, &s, 3, false);
    char line[4096];
    assert_true(cl_wait(l.sv, &l.c[2], "bye busy the server is full", line, sizeof line));
    cl_close(&l.c[0]); /* a place comes free */
    rb_server_step(l.sv, 10);
    cl_open(&l.c[2], l.sv);
    cl_greet(l.sv, &l.c[2]);
    assert_true(ask(&l, 2, "pong 9", "ping 9"));
    lobby_down(&l);
}

static void long_lines_are_refused(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.line_max = 64;
    lobby l;
    lobby_up(&l, &s, 1, true);
    char longline[200];
    memset(longline, 'x', 100);
    longline[100] = '\0';
    assert_true(ask(&l, 0, "error the line is longer than 64 bytes", "ping %s", longline));
    assert_true(ask(&l, 0, "pong 8", "ping 8")); /* the connection goes on */
    assert_true(ask(&l, 0, "error the line holds a control character", "ping \001"));
    lobby_down(&l);
}

/* Half a line, and then nothing: the others are served meanwhile, the line
 * is answered once its end comes, and a client that stays silent past the
 * idle limit is sent away. */
static void half_a_line_holds_up_nobody_and_silence_is_sent_away(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.idle_seconds = 1;
    lobby l;
    lobby_up(&l, &s, 2, true);
    char line[4096];
    ssize_t w = send(l.c[0].fd, "ping 4", 6, MSG_NOSIGNAL);
    assert_int_equal(w, 6);
    assert_true(ask(&l, 1, "pong 5", "ping 5"));
    cl_read(&l.c[0]);
    assert_int_equal(l.c[0].len, 0);
    cl_say(&l.c[0], "2");
    assert_true(cl_wait(l.sv, &l.c[0], "pong 42", line, sizeof line));
    w = send(l.c[0].fd, "ping 4", 6, MSG_NOSIGNAL);
    assert_int_equal(w, 6);
    assert_true(cl_wait(l.sv, &l.c[0], "bye idle silent for 1 s", line, sizeof line));
    assert_true(cl_closed(l.sv, &l.c[0]));
    lobby_down(&l);
}

/* A client that asks and does not read what it is sent is dropped once
 * more than out_max waits for it; the rest go on. */
static void a_client_that_does_not_read_is_dropped(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.out_max_kib = 16;
    s.lines_per_second = 10000;
    s.line_max = 1024;
    lobby l;
    lobby_up(&l, &s, 2, true);
    /* a small receive buffer, set before connecting so the window is
     * small from the start: the kernel's buffers do not take it all */
    cl_close(&l.c[0]);
    int fd = socket(AF_INET, SOCK_STREAM, 0), small = 4096;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)rb_server_port(l.sv))};
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    assert_int_equal(connect(fd, (struct sockaddr *)&addr, sizeof addr), 0);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    l.c[0].fd = fd;
    rb_server_step(l.sv, 0);
    cl_greet(l.sv, &l.c[0]);
    static char pings[32 * 1006];
    size_t n = 0;
    for (int k = 0; k < 32; k++) {
        n += (size_t)snprintf(pings + n, sizeof pings - n, "ping %01000d\n", k);
    }
    bool dropped = false;
    for (int i = 0; i < 4000 && !dropped; i++) {
        /* whole batches, so no line is cut; one that does not fit now waits */
        ssize_t w = send(l.c[0].fd, pings, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            dropped = true; /* the server closed it */
        } else if (w > 0 && (size_t)w < n) {
            size_t at = (size_t)w;
            while (at < n && !dropped) {
                rb_server_step(l.sv, 1);
                ssize_t more = send(l.c[0].fd, pings + at, n - at, MSG_NOSIGNAL | MSG_DONTWAIT);
                at += more > 0 ? (size_t)more : 0;
                dropped = more < 0 && errno != EAGAIN && errno != EWOULDBLOCK;
            }
        }
        rb_server_step(l.sv, 0);
    }
    assert_true(dropped);
    assert_true(ask(&l, 1, "pong 3", "ping 3"));
    /* what had left already is there to read, and then the end */
    char b[1 << 16];
    ssize_t r = -1;
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (rb_util_now_ms() < until && (r = recv(l.c[0].fd, b, sizeof b, 0)) != 0 && !(r < 0 && errno == ECONNRESET)) {
        rb_server_step(l.sv, 0);
    }
    assert_true(r == 0 || errno == ECONNRESET);
    lobby_down(&l);
}

static void seeks_per_player_are_limited(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.seeks_per_player = 2;
    lobby l;
    lobby_up(&l, &s, 1, true);
    assert_true(ask(&l, 0, "ok guest", "guest"));
    assert_true(ask(&l, 0, "ok seek", "seek 3+2 casual"));
    assert_true(ask(&l, 0, "ok invite ", "invite 3+2"));
    assert_true(ask(&l, 0, "no seek you have 2 seeks standing", "seek 1+0 casual"));
    assert_true(ask(&l, 0, "ok unseek 1", "unseek 1"));
    assert_true(ask(&l, 0, "ok seek", "seek 1+0 casual"));
    lobby_down(&l);
}

static void a_flood_is_sent_away(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.lines_per_second = 5;
    lobby l;
    lobby_up(&l, &s, 1, true);
    for (int i = 0; i < 30; i++) {
        cl_say(&l.c[0], "ping %d", i);
    }
    char line[4096];
    assert_true(cl_wait(l.sv, &l.c[0], "bye flood", line, sizeof line));
    assert_true(cl_closed(l.sv, &l.c[0]));
    lobby_down(&l);
}

/* Steps the server while a TLS client's call waits; the call's result. */
static ssize_t tls_wait(rb_server *sv, rb_tls *t, int what, char *buf, size_t size)
{
    char err[300];
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (rb_util_now_ms() < until) {
        ssize_t r = what == 0   ? rb_tls_handshake(t, err, sizeof err)
                    : what == 1 ? rb_tls_write(t, buf, size, err, sizeof err)
                                : rb_tls_read(t, buf, size, err, sizeof err);
        if (r != RB_TLS_AGAIN) {
            return r;
        }
        rb_server_step(sv, 2);
    }
    return RB_TLS_AGAIN;
}

static void the_lobby_speaks_tls_and_plain_text_gets_nowhere(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.plain = false;
    rb_server *sv = server_start(&s); /* --init made the certificate */
    assert_non_null(sv);
    char known[300], err[300];
    snprintf(known, sizeof known, "%s/known-servers", test_dir);
    int fd = dial(rb_server_port(sv));
    rb_server_step(sv, 0);
    rb_tls_client_opts o = {
        .host = "localhost", .port = (unsigned)rb_server_port(sv), .check = RB_TLS_TRUST_FIRST, .known_servers = known};
    rb_tls *t = rb_tls_client_new(&o, fd, err, sizeof err);
    assert_non_null(t);
    assert_int_equal(tls_wait(sv, t, 0, NULL, 0), 1);
    assert_true(rb_tls_pinned_now(t)); /* first contact: the key is pinned */
    char hex[17], line[200], got[4096];
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    int n = snprintf(line, sizeof line, "lobby proto=1 program=test rules=%s\n", hex);
    assert_int_equal(tls_wait(sv, t, 1, line, (size_t)n), n);
    ssize_t r = tls_wait(sv, t, 2, got, sizeof got - 1);
    assert_true(r > 0);
    got[r] = '\0';
    assert_non_null(strstr(got, "lobby proto=1 program=rollerball-server/"));
    rb_tls_free(t);
    close(fd);

    /* a client that speaks plain text to it is closed without an answer */
    client p;
    cl_open(&p, sv);
    cl_say(&p, "lobby proto=1 program=test rules=%s", hex);
    assert_true(cl_closed(sv, &p));
    assert_false(cl_wait(sv, &p, "lobby ", got, sizeof got));
    cl_close(&p);
    server_stop(sv);
}

/* A TLS client the server turns away (too many connections from its
 * address) is told so through TLS: the handshake goes through and the one
 * line it reads is "bye busy ...", not a broken handshake. */
static void a_busy_tls_server_says_so_through_tls(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.plain = false;
    s.conn_per_address = 1;
    rb_server *sv = server_start(&s);
    assert_non_null(sv);
    char known[300], err[300];
    snprintf(known, sizeof known, "%s/known-servers", test_dir);
    rb_tls_client_opts o = {
        .host = "localhost", .port = (unsigned)rb_server_port(sv), .check = RB_TLS_TRUST_FIRST, .known_servers = known};
    int fd[2];
    rb_tls *t[2];
    for (int i = 0; i < 2; i++) {
        fd[i] = dial(rb_server_port(sv));
        rb_server_step(sv, 0);
        t[i] = rb_tls_client_new(&o, fd[i], err, sizeof err);
        assert_non_null(t[i]);
        assert_int_equal(tls_wait(sv, t[i], 0, NULL, 0), 1);
    }
    char got[4096];
    ssize_t r = tls_wait(sv, t[1], 2, got, sizeof got - 1);
    assert_true(r > 0);
    got[r] = '\0';
    assert_string_equal(got, "bye busy too many connections from your address\n");
    /* and then the connection ends; the first one goes on */
    assert_true(tls_wait(sv, t[1], 2, got, sizeof got - 1) <= 0);
    char hex[17], line[200];
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    int n = snprintf(line, sizeof line, "lobby proto=1 program=test rules=%s\n", hex);
    assert_int_equal(tls_wait(sv, t[0], 1, line, (size_t)n), n);
    r = tls_wait(sv, t[0], 2, got, sizeof got - 1);
    assert_true(r > 0);
    got[r] = '\0';
    assert_non_null(strstr(got, "lobby proto=1 program=rollerball-server/"));
    for (int i = 0; i < 2; i++) {
        rb_tls_free(t[i]);
        close(fd[i]);
    }
    server_stop(sv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registering_logging_in_and_guests),
        cmocka_unit_test(seeks_are_listed_and_withdrawn),
        cmocka_unit_test(failed_logins_ban_the_address),
        cmocka_unit_test(an_unknown_name_costs_what_a_wrong_password_costs),
        cmocka_unit_test(a_name_registered_twice_at_once_goes_to_one),
        cmocka_unit_test(an_expired_session_logs_nobody_in),
        cmocka_unit_test(a_password_being_hashed_holds_up_nobody),
        cmocka_unit_test(connections_per_address_are_limited),
        cmocka_unit_test(connections_in_all_are_limited),
        cmocka_unit_test(long_lines_are_refused),
        cmocka_unit_test(half_a_line_holds_up_nobody_and_silence_is_sent_away),
        cmocka_unit_test(a_client_that_does_not_read_is_dropped),
        cmocka_unit_test(seeks_per_player_are_limited),
        cmocka_unit_test(a_flood_is_sent_away),
        cmocka_unit_test(the_lobby_speaks_tls_and_plain_text_gets_nowhere),
        cmocka_unit_test(a_busy_tls_server_says_so_through_tls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
