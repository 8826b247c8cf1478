/*
 * test_net_lan.c - games on the local network (rb_net_lan.h): with no
 * Avahi daemon to talk to (or a build without Avahi) the list opens at
 * once, says so and refuses to announce with that reason; names from the
 * network are cleaned and bounded; and, where a daemon runs, one handle's
 * announcement shows in another's list with its name and port, carries no
 * token, and leaves the list when withdrawn. That last test is skipped,
 * with the reason printed, where no daemon runs (a clean CI machine).
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rb_net_lan.h"
#include "rb_util_clock.h"

/* Waits up to ms for the state to leave "starting". */
static rb_net_lan_state settle(rb_net_lan *lan, int ms)
{
    int64_t until = rb_util_now_ms() + ms;
    while (rb_net_lan_status(lan) == RB_NET_LAN_STARTING && rb_util_now_ms() < until) {
        rb_util_sleep_ms(10);
    }
    return rb_net_lan_status(lan);
}

/* Runs in a program of its own (main, --no-bus): the system bus's address
 * is read once a process, so the test below starts this program again with
 * a bus that is not there, which is what a machine without the daemon sees. */
static void no_daemon_checks(void **state)
{
    (void)state;
    int64_t t0 = rb_util_now_ms();
    rb_net_lan *lan = rb_net_lan_open();
    int64_t took = rb_util_now_ms() - t0;
    assert_non_null(lan);
    assert_true(took < 200); /* opening never waits on the bus */
    rb_net_lan_state s = settle(lan, 3000);
    assert_true(s == RB_NET_LAN_NO_DAEMON || s == RB_NET_LAN_UNAVAILABLE);
    rb_net_lan_game games[4];
    assert_int_equal(rb_net_lan_games(lan, games, 4), 0);
    char err[200] = "";
    assert_int_equal(rb_net_lan_announce(lan, "Alice", 47474, err, sizeof err), -1);
    assert_non_null(strstr(err, "Avahi"));
    assert_false(rb_net_lan_announced(lan));
    rb_net_lan_withdraw(lan); /* harmless */
    rb_net_lan_close(lan);
    rb_net_lan_close(NULL);
}

static const char *self_path;

static void with_no_daemon_the_list_says_so_at_once_and_announces_nothing(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        setenv("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/rollerball-test-bus", 1);
        execl(self_path, self_path, "--no-bus", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

static void every_state_has_a_sentence(void **state)
{
    (void)state;
    for (int s = 0; s < RB_NET_LAN_STATE_COUNT; s++) {
        const char *text = rb_net_lan_state_text((rb_net_lan_state)s);
        assert_non_null(text);
        assert_true(strlen(text) > 10);
        for (int o = 0; o < s; o++) {
            assert_string_not_equal(text, rb_net_lan_state_text((rb_net_lan_state)o));
        }
    }
}

static void names_from_the_network_are_cleaned_and_bounded(void **state)
{
    (void)state;
    char out[RB_NET_NAME_MAX + 1];
    static const char evil[] = "Eve\x1b[2J\n\x7f%s%n";
    rb_net_lan_clean(evil, sizeof evil - 1, out, RB_NET_NAME_MAX);
    for (const char *c = out; *c != '\0'; c++) {
        assert_true((unsigned char)*c >= 0x20 && *c != 0x7f);
    }
    assert_int_equal(strncmp(out, "Eve", 3), 0);
    char longer[300];
    memset(longer, 'x', sizeof longer);
    rb_net_lan_clean(longer, sizeof longer, out, RB_NET_NAME_MAX);
    assert_int_equal(strlen(out), RB_NET_NAME_MAX);
    /* a character is not cut in half */
    static const char accents[] = "\xc3\xa9\xc3\xa9\xc3\xa9";
    char small[6];
    rb_net_lan_clean(accents, sizeof accents - 1, small, 5);
    assert_string_equal(small, "\xc3\xa9\xc3\xa9");
    rb_net_lan_clean("\xff\xfe", 2, out, RB_NET_NAME_MAX);
    assert_string_equal(out, "??");
    rb_net_lan_clean("", 0, out, RB_NET_NAME_MAX);
    assert_string_equal(out, "?");
    rb_net_lan_clean("Ann\0hidden", 10, out, RB_NET_NAME_MAX);
    assert_string_equal(out, "Ann");
}

/* Waits up to ms for the game named name to be listed (want) or gone. */
static bool wait_listed(rb_net_lan *lan, const char *name, bool want, int ms, rb_net_lan_game *found)
{
    int64_t until = rb_util_now_ms() + ms;
    static rb_net_lan_game games[RB_NET_LAN_GAMES_MAX];
    do {
        int n = rb_net_lan_games(lan, games, RB_NET_LAN_GAMES_MAX);
        bool seen = false;
        for (int i = 0; i < n; i++) {
            if (strcmp(games[i].name, name) == 0) {
                seen = true;
                if (found != NULL) {
                    *found = games[i];
                }
            }
        }
        if (seen == want) {
            return true;
        }
        rb_util_sleep_ms(20);
    } while (rb_util_now_ms() < until);
    return false;
}

static void an_announced_game_is_listed_by_another_and_leaves_when_withdrawn(void **state)
{
    (void)state;
    rb_net_lan *host = rb_net_lan_open();
    rb_net_lan *look = rb_net_lan_open();
    assert_non_null(host);
    assert_non_null(look);
    rb_net_lan_state s = settle(look, 3000);
    if (s != RB_NET_LAN_READY || settle(host, 3000) != RB_NET_LAN_READY) {
        print_message("skipped: %s\n", rb_net_lan_state_text(s));
        rb_net_lan_close(host);
        rb_net_lan_close(look);
        skip();
    }
    char name[RB_NET_NAME_MAX + 1], err[200];
    snprintf(name, sizeof name, "Test %ld", (long)getpid());
    assert_int_equal(rb_net_lan_announce(host, name, 40123, err, sizeof err), 0);
    rb_net_lan_game g;
    assert_true(wait_listed(look, name, true, 5000, &g));
    assert_int_equal(g.port, 40123);
    assert_int_equal(g.proto, 1);
    assert_true(g.host[0] != '\0');
    assert_true(rb_net_lan_announced(host));
    /* the announcer's own list leaves its own game out */
    assert_true(wait_listed(host, name, false, 100, NULL));
    rb_net_lan_withdraw(host);
    assert_true(wait_listed(look, name, false, 5000, NULL));
    assert_false(rb_net_lan_announced(host));
    /* announced again, then the handle closed: gone too */
    assert_int_equal(rb_net_lan_announce(host, name, 40124, err, sizeof err), 0);
    assert_true(wait_listed(look, name, true, 5000, &g));
    assert_int_equal(g.port, 40124);
    rb_net_lan_close(host);
    assert_true(wait_listed(look, name, false, 5000, NULL));
    rb_net_lan_close(look);
}

int main(int argc, char **argv)
{
    self_path = argv[0];
    if (argc > 1 && strcmp(argv[1], "--no-bus") == 0) {
        const struct CMUnitTest alone[] = {cmocka_unit_test(no_daemon_checks)};
        return cmocka_run_group_tests(alone, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(with_no_daemon_the_list_says_so_at_once_and_announces_nothing),
        cmocka_unit_test(every_state_has_a_sentence),
        cmocka_unit_test(names_from_the_network_are_cleaned_and_bounded),
        cmocka_unit_test(an_announced_game_is_listed_by_another_and_leaves_when_withdrawn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
