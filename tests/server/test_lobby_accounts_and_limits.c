/*
 * test_lobby_accounts_and_limits.c - the lobby as a client meets it:
 * registering (names checked, taken once whatever the case), logging in
 * with the password or the session's token, guests, and each abuse limit
 * at a low setting: failed logins ban the address, connections per
 * address, the line length, seeks per player, lines a second; and the
 * lobby over TLS, a client pinning the server's self-made key.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rb_tls.h"
#include "server_client.h"

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
    s.failed_logins = 2;
    rb_server *sv = server_start(&s);
    client a;
    char line[4096];
    cl_open(&a, sv);
    cl_greet(sv, &a);
    cl_say(&a, "register Carol secret-1");
    assert_true(cl_wait(sv, &a, "ok register", line, sizeof line));
    cl_say(&a, "login Carol nope-nope");
    assert_true(cl_wait(sv, &a, "no login wrong", line, sizeof line));
    cl_say(&a, "login Carol nope-nope");
    assert_true(cl_wait(sv, &a, "no login wrong", line, sizeof line));
    cl_say(&a, "login Carol secret-1"); /* right, but too late */
    assert_true(cl_wait(sv, &a, "no login too many failed logins", line, sizeof line));
    cl_close(&a);
    server_stop(sv);
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
    rb_server *sv = server_start(&s);
    client a, b, c;
    char line[4096];
    cl_open(&a, sv);
    cl_open(&b, sv);
    cl_open(&c, sv);
    assert_true(cl_wait(sv, &c, "bye busy too many connections", line, sizeof line));
    cl_greet(sv, &b);
    cl_say(&b, "ping 7");
    assert_true(cl_wait(sv, &b, "pong 7", line, sizeof line));
    cl_close(&a);
    cl_close(&b);
    cl_close(&c);
    server_stop(sv);
}

static void long_lines_are_refused(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.line_max = 64;
    rb_server *sv = server_start(&s);
    client a;
    char line[4096], longline[200];
    memset(longline, 'x', 100);
    longline[100] = '\0';
    cl_open(&a, sv);
    cl_greet(sv, &a);
    cl_say(&a, "ping %s", longline);
    assert_true(cl_wait(sv, &a, "error the line is longer than 64 bytes", line, sizeof line));
    cl_say(&a, "ping 8"); /* the connection goes on */
    assert_true(cl_wait(sv, &a, "pong 8", line, sizeof line));
    cl_close(&a);
    server_stop(sv);
}

static void seeks_per_player_are_limited(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.seeks_per_player = 2;
    rb_server *sv = server_start(&s);
    client a;
    char line[4096];
    cl_open(&a, sv);
    cl_greet(sv, &a);
    cl_say(&a, "guest");
    cl_say(&a, "seek 3+2 casual");
    assert_true(cl_wait(sv, &a, "ok seek", line, sizeof line));
    cl_say(&a, "invite 3+2");
    assert_true(cl_wait(sv, &a, "ok invite ", line, sizeof line));
    cl_say(&a, "seek 1+0 casual");
    assert_true(cl_wait(sv, &a, "no seek you have 2 seeks standing", line, sizeof line));
    cl_say(&a, "unseek 1");
    assert_true(cl_wait(sv, &a, "ok unseek 1", line, sizeof line));
    cl_say(&a, "seek 1+0 casual");
    assert_true(cl_wait(sv, &a, "ok seek", line, sizeof line));
    cl_close(&a);
    server_stop(sv);
}

static void a_flood_is_sent_away(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.lines_per_second = 5;
    rb_server *sv = server_start(&s);
    client a;
    char line[4096];
    cl_open(&a, sv);
    cl_greet(sv, &a);
    for (int i = 0; i < 30; i++) {
        cl_say(&a, "ping %d", i);
    }
    assert_true(cl_wait(sv, &a, "bye flood", line, sizeof line));
    assert_true(cl_closed(sv, &a));
    cl_close(&a);
    server_stop(sv);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registering_logging_in_and_guests),
        cmocka_unit_test(seeks_are_listed_and_withdrawn),
        cmocka_unit_test(failed_logins_ban_the_address),
        cmocka_unit_test(a_password_being_hashed_holds_up_nobody),
        cmocka_unit_test(connections_per_address_are_limited),
        cmocka_unit_test(long_lines_are_refused),
        cmocka_unit_test(seeks_per_player_are_limited),
        cmocka_unit_test(a_flood_is_sent_away),
        cmocka_unit_test(the_lobby_speaks_tls_and_plain_text_gets_nowhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
