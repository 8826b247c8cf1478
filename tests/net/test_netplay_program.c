/*
 * test_netplay_program.c - rollerball-netplay run as a program, as outside
 * scripts run it: two engines play a whole game and both records agree;
 * the host's first line is the invite; and each failure exits with its
 * status and one line on standard error (a wrong code, nobody there, a
 * host of another protocol version, a connection lost for good); a joiner
 * without a code knocks, let in by a host with --admit-knocks and turned
 * away (asked for the code) by one without; --browse says in one line when
 * there is no daemon to ask.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "rb_net_sock.h"
#include "rb_util_clock.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return NULL;
    }
    static char buf[1 << 18];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return strdup(buf);
}

/* Runs a command; its exit status, with its stdout and stderr kept. */
static int run(const char *cmd, char *out, size_t outlen, char *err, size_t errlen)
{
    char full[2048];
    snprintf(full, sizeof full, "%s >%s/np.out 2>%s/np.err", cmd, RB_TEST_TMP, RB_TEST_TMP);
    int st = system(full);
    char path[512];
    snprintf(path, sizeof path, "%s/np.out", RB_TEST_TMP);
    char *o = slurp(path);
    snprintf(path, sizeof path, "%s/np.err", RB_TEST_TMP);
    char *e = slurp(path);
    snprintf(out, outlen, "%s", o != NULL ? o : "");
    snprintf(err, errlen, "%s", e != NULL ? e : "");
    free(o);
    free(e);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int lines(const char *text)
{
    int n = 0;
    for (const char *s = text; *s != '\0'; s++) {
        n += *s == '\n';
    }
    return n;
}

#define TEXT_MAX 4096

/* Runs rollerball-netplay with the arguments fmt makes (the program's path
 * first); its exit status, with its stdout in out and its stderr in err
 * (TEXT_MAX bytes each). */
static int netplay(char *out, char *err, const char *fmt, ...)
{
    char args[1536], cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "%s %s", RB_NETPLAY_BIN, args);
    return run(cmd, out, TEXT_MAX, err, TEXT_MAX);
}

/* A run that fails as a script expects: the exit status, and one line on
 * stderr that says what (when said is not NULL). */
static void fails_with(int status, const char *said, const char *args)
{
    char out[TEXT_MAX], err[TEXT_MAX];
    assert_int_equal(netplay(out, err, "%s", args), status);
    assert_int_equal(lines(err), 1);
    if (said != NULL && strstr(err, said) == NULL) {
        fail_msg("'%s' says '%s', not '%s'", args, err, said);
    }
}

/* Starts a host on a free port of 127.0.0.1 playing with the engine, with
 * extra options; its invite line (without "invite ") in code, its port
 * returned. */
static FILE *start_host(const char *extra, char *code, size_t size, int *port)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "exec %s --host --port 0 --address 127.0.0.1 --engine %s %s", RB_NETPLAY_BIN,
             RB_ENGINE_BIN, extra);
    FILE *host = popen(cmd, "r");
    assert_non_null(host);
    char first[256];
    assert_non_null(fgets(first, sizeof first, host));
    assert_int_equal(strncmp(first, "invite rb1:127.0.0.1:", 21), 0);
    first[strcspn(first, "\n")] = '\0';
    snprintf(code, size, "%s", first + 7);
    *port = atoi(first + 21);
    return host;
}

/* The host's last line is result (its "result ..." line, the same the
 * joiner printed), and it exits with 0. */
static void host_ends_with(FILE *host, const char *result)
{
    char rest[256] = "";
    assert_non_null(fgets(rest, sizeof rest, host));
    assert_int_equal(pclose(host), 0);
    assert_string_equal(rest, result);
}

static void two_engines_play_a_whole_game_and_the_records_agree(void **state)
{
    (void)state;
    char options[1024], code[256], hpgn[512], jpgn[512];
    int port;
    snprintf(hpgn, sizeof hpgn, "%s/host.pgn", RB_TEST_TMP);
    snprintf(jpgn, sizeof jpgn, "%s/join.pgn", RB_TEST_TMP);
    remove(hpgn);
    remove(jpgn);
    snprintf(options, sizeof options, "--time-control 2+1 --movetime 30 --pgn %s --name Left", hpgn);
    FILE *host = start_host(options, code, sizeof code, &port);
    char out[TEXT_MAX], err[TEXT_MAX];
    assert_int_equal(
        netplay(out, err, "--join %s --engine %s --movetime 30 --pgn %s --name Right", code, RB_ENGINE_BIN, jpgn), 0);
    host_ends_with(host, out);
    assert_int_equal(strncmp(out, "result ", 7), 0);
    assert_non_null(strstr(out, "("));
    char *a = slurp(hpgn), *b = slurp(jpgn);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "[White \"Left\"]"));
    assert_non_null(strstr(a, "[Black \"Right\"]"));
    assert_non_null(strstr(a, "[TimeControl \"120+1\"]"));
    assert_non_null(strstr(a, "[%clk"));
    free(a);
    free(b);
}

static void a_wrong_or_unreachable_code_fails_with_one_line(void **state)
{
    (void)state;
    char args[1024];
    snprintf(args, sizeof args, "--join rb1:nowhere --engine %s", RB_ENGINE_BIN);
    fails_with(1, "invite code", args);
    /* a port nobody listens on: take a free one and close it again */
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, true);
    char e[300];
    rb_net_peer *p = rb_net_peer_new(&cfg, e, sizeof e);
    rb_net_session s;
    assert_int_equal(rb_net_session_host(&s, p, "127.0.0.1", 0, e, sizeof e), 0);
    int port = s.port;
    rb_net_session_close(&s);
    rb_net_peer_free(p);
    snprintf(args, sizeof args, "--join rb1:127.0.0.1:%d:00112233445566778899aabbccddeeff --engine %s", port,
             RB_ENGINE_BIN);
    fails_with(1, "cannot connect", args);
    snprintf(args, sizeof args, "--host --engine %s --time-control soon", RB_ENGINE_BIN);
    fails_with(2, NULL, args);
}

static void a_joiner_without_a_code_knocks_and_plays_when_the_host_admits(void **state)
{
    (void)state;
    char code[256], out[TEXT_MAX], err[TEXT_MAX];
    int port;
    FILE *host = start_host("--movetime 20 --admit-knocks --name Left", code, sizeof code, &port);
    assert_int_equal(
        netplay(out, err, "--join 127.0.0.1:%d --engine %s --movetime 20 --name Right --verbose", port, RB_ENGINE_BIN),
        0);
    assert_non_null(strstr(err, "asking Left to let you in"));
    assert_int_equal(strncmp(out, "result ", 7), 0);
    host_ends_with(host, out);
}

static void a_host_without_admit_knocks_asks_a_knocker_for_the_code(void **state)
{
    (void)state;
    char code[256], args[1024], out[TEXT_MAX], err[TEXT_MAX];
    int port;
    FILE *host = start_host("--movetime 20", code, sizeof code, &port);
    snprintf(args, sizeof args, "--join 127.0.0.1:%d --engine %s", port, RB_ENGINE_BIN);
    fails_with(1, "invite code", args);
    /* the host goes on waiting, and the joiner with the code plays */
    assert_int_equal(netplay(out, err, "--join %s --engine %s --movetime 20", code, RB_ENGINE_BIN), 0);
    host_ends_with(host, out);
}

static void browsing_with_no_daemon_says_so_in_one_line(void **state)
{
    (void)state;
    char out[TEXT_MAX], err[TEXT_MAX];
    int64_t t0 = rb_util_now_ms();
    assert_int_equal(run("DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent/bus " RB_NETPLAY_BIN " --browse 1", out,
                         sizeof out, err, sizeof err),
                     1);
    assert_true(rb_util_now_ms() - t0 < 5000);
    assert_int_equal(lines(out), 1);
    assert_true(strncmp(out, "lan no-daemon ", 14) == 0 || strncmp(out, "lan unavailable ", 16) == 0);
    assert_non_null(strstr(out, "Avahi"));
    char args[1024];
    fails_with(2, NULL, "--browse 2 --host --engine x");
    fails_with(2, "soon", "--browse soon");
    snprintf(args, sizeof args, "--join 'a;b' --engine %s", RB_ENGINE_BIN);
    fails_with(1, "address is wrong", args);
    snprintf(args, sizeof args, "--join 127.0.0.1 --announce --engine %s", RB_ENGINE_BIN);
    assert_int_equal(netplay(out, err, "%s", args), 2);
}

/* A host in this process that speaks proto (0: this build's), and cuts the
 * connection for good after cut_after plies when that is not 0. */
static int scripted_host(int proto, int cut_after, char *err, size_t errlen)
{
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, true);
    cfg.proto = proto;
    snprintf(cfg.token, sizeof cfg.token, "00112233445566778899aabbccddeeff");
    snprintf(cfg.program, sizeof cfg.program, "test-host/2");
    char e[300];
    rb_net_peer *p = rb_net_peer_new(&cfg, e, sizeof e);
    rb_net_session s;
    assert_int_equal(rb_net_session_host(&s, p, "127.0.0.1", 0, e, sizeof e), 0);
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd,
             "%s --join rb1:127.0.0.1:%d:00112233445566778899aabbccddeeff --engine %s --movetime 20 --grace 2 &",
             RB_NETPLAY_BIN, s.port, RB_ENGINE_BIN);
    char full[2048];
    snprintf(full, sizeof full, "(%s wait $!; echo $? >%s/np.rc) >%s/np.out 2>%s/np.err", cmd, RB_TEST_TMP, RB_TEST_TMP,
             RB_TEST_TMP);
    char path[512];
    snprintf(path, sizeof path, "%s/np.rc", RB_TEST_TMP);
    remove(path);
    FILE *bg = popen(full, "r");
    assert_non_null(bg);
    int64_t end = rb_util_now_ms() + 20000;
    bool cut = false;
    while (rb_util_now_ms() < end) {
        rb_net_session_poll(&s, 5);
        rb_net_event ev;
        while (rb_net_peer_poll(p, &ev)) {
        }
        const rb_game *g = rb_net_peer_game(p);
        if (g != NULL && !cut && rb_game_pos(g)->side == rb_net_peer_color(p) && !rb_net_peer_over(p)) {
            if (cut_after > 0 && (int)g->ply >= cut_after) {
                rb_net_session_close(&s); /* gone, listening no more */
                cut = true;
            } else {
                rb_movelist list;
                rb_gen_legal(rb_game_pos(g), &list);
                rb_net_peer_move(p, list.moves[0], rb_util_now_ms(), e, sizeof e);
            }
        }
        char *rc = slurp(path);
        if (rc != NULL) {
            free(rc);
            break;
        }
        if (cut) {
            rb_util_sleep_ms(20);
        }
    }
    pclose(bg);
    if (!cut) {
        rb_net_session_close(&s);
    }
    rb_net_peer_free(p);
    char *rc = slurp(path);
    int status = rc != NULL ? atoi(rc) : -1;
    free(rc);
    snprintf(path, sizeof path, "%s/np.err", RB_TEST_TMP);
    char *text = slurp(path);
    snprintf(err, errlen, "%s", text != NULL ? text : "");
    free(text);
    (void)out;
    return status;
}

static void a_host_of_another_version_is_refused_naming_both(void **state)
{
    (void)state;
    char err[4096];
    assert_int_equal(scripted_host(2, 0, err, sizeof err), 1);
    assert_int_equal(lines(err), 1);
    assert_non_null(strstr(err, "version 1 is not accepted"));
    assert_non_null(strstr(err, "version 2"));
}

static void a_connection_lost_for_good_exits_3(void **state)
{
    (void)state;
    char err[4096];
    assert_int_equal(scripted_host(0, 4, err, sizeof err), 3);
    assert_int_equal(lines(err), 1);
    assert_non_null(strstr(err, "not resumed within 2 s"));
}

static void an_engine_that_fails_resigns_and_exits_4(void **state)
{
    (void)state;
    char options[1024], code[256], hpgn[512];
    int port;
    snprintf(hpgn, sizeof hpgn, "%s/host-bad.pgn", RB_TEST_TMP);
    snprintf(options, sizeof options, "--movetime 30 --pgn %s", hpgn);
    FILE *host = start_host(options, code, sizeof code, &port);
    char args[1024];
    snprintf(args, sizeof args, "--join %s --engine 'sh %s illegal' --movetime 30", code, RB_BAD_ENGINE);
    fails_with(4, "a1g7", args);
    host_ends_with(host, "result 1-0 (resignation)\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_engines_play_a_whole_game_and_the_records_agree),
        cmocka_unit_test(a_wrong_or_unreachable_code_fails_with_one_line),
        cmocka_unit_test(a_joiner_without_a_code_knocks_and_plays_when_the_host_admits),
        cmocka_unit_test(a_host_without_admit_knocks_asks_a_knocker_for_the_code),
        cmocka_unit_test(browsing_with_no_daemon_says_so_in_one_line),
        cmocka_unit_test(a_host_of_another_version_is_refused_naming_both),
        cmocka_unit_test(a_connection_lost_for_good_exits_3),
        cmocka_unit_test(an_engine_that_fails_resigns_and_exits_4),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
