/*
 * test_rating_calc_program.c - rb_rating_calc as a person runs it: a game
 * prints both players' new figures and the PGN tags the library computes,
 * time away widens an RD as the library says, and a wrong argument is
 * named with exit status 2.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "rb_rating.h"

/* Runs the program with args; its standard output and error in out, its
 * exit status returned. */
static int run(const char *args, char *out, size_t len)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", RB_RATING_CALC, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, len - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void a_game_prints_the_new_ratings_and_the_tags(void **state)
{
    (void)state;
    char out[2000], line[200];
    assert_int_equal(run("game 1500/200/0.06 1620/80/0.06 1-0 3 0", out, sizeof out), 0);
    rb_rating_params p = rb_rating_lichess();
    rb_rating_pairing g = {
        .white = {1500, 200, 0.06}, .black = {1620, 80, 0.06}, .white_idle_ms = 3LL * 86400000, .white_score = 1};
    rb_rating_result r;
    assert_int_equal(rb_rating_game_result(&p, &g, &r), 0);
    snprintf(line, sizeof line, "[WhiteRatingDiff \"%+d\"]\n[BlackRatingDiff \"%+d\"]\n", r.white_diff, r.black_diff);
    assert_non_null(strstr(out, line));
    snprintf(line, sizeof line, "White 1500.0/200.0/0.06000 -> %.1f/%.1f/", r.white.rating, r.white.rd);
    assert_non_null(strstr(out, line));
    assert_true(r.white_diff > 0 && r.black_diff < 0);
    assert_non_null(strstr(out, "[WhiteRatingDiff \"+"));

    /* New players start at lichess's 1500 and RD 500. */
    assert_int_equal(run("game new new 1/2-1/2", out, sizeof out), 0);
    assert_non_null(strstr(out, "White 1500.0/500.0/0.09000 -> 1500.0/"));
    assert_non_null(strstr(out, "[WhiteRatingDiff \"+0\"]"));
}

static void time_away_widens_the_rd(void **state)
{
    (void)state;
    char out[500];
    assert_int_equal(run("idle 1800/60/0.06 365", out, sizeof out), 0);
    assert_string_equal(out, "RD 60.0 -> 110.0 after 365 days\n");
}

static void a_wrong_argument_is_named(void **state)
{
    (void)state;
    char out[1000];
    assert_int_equal(run("game 1500/x/0.06 new 1-0", out, sizeof out), 2);
    assert_non_null(strstr(out, "'1500/x/0.06' is not a player"));
    assert_int_equal(run("game new new 2-0", out, sizeof out), 2);
    assert_non_null(strstr(out, "'2-0' is not a result"));
    assert_int_equal(run("game new 1500/0/0.06 1-0", out, sizeof out), 2);
    assert_int_equal(run("idle new -4", out, sizeof out), 2);
    assert_non_null(strstr(out, "'-4' is not a number of days"));
    assert_int_equal(run("", out, sizeof out), 2);
    assert_non_null(strstr(out, "usage:"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_game_prints_the_new_ratings_and_the_tags),
        cmocka_unit_test(time_away_widens_the_rd),
        cmocka_unit_test(a_wrong_argument_is_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
