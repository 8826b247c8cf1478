/*
 * test_clock_times_both_sides.c - the chess clocks count each side's time,
 * add increments, fall, show and write their times as players expect.
 *
 * The clock never reads the time itself, so every test drives it with a
 * made-up "now" in milliseconds and knows exactly what it must show.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/clock.h"
#include "rb_pgn.h"

static rb_ui_time_control tc(int64_t base_s, int64_t inc_s)
{
    return (rb_ui_time_control){base_s * 1000, inc_s * 1000};
}

static const char *shown(int64_t ms)
{
    static char buf[RB_UI_CLOCK_TEXT_MAX];
    rb_ui_clock_format(ms, buf, sizeof buf);
    return buf;
}

static void presets_are_the_offered_controls(void **state)
{
    (void)state;
    const char *names[] = {"untimed", "3+2", "5+3", "10+5", "15+10"};
    const int64_t base_min[] = {0, 3, 5, 10, 15}, inc_s[] = {0, 2, 3, 5, 10};
    for (int i = 0; i < RB_UI_TC_NPRESETS; i++) {
        assert_string_equal(rb_ui_tc_presets[i].name, names[i]);
        assert_int_equal(rb_ui_tc_presets[i].tc.base_ms, base_min[i] * 60000);
        assert_int_equal(rb_ui_tc_presets[i].tc.increment_ms, inc_s[i] * 1000);
    }
    assert_false(rb_ui_tc_timed(rb_ui_tc_presets[0].tc));
}

static void running_side_counts_down_and_the_other_stands(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(300, 3), tc(300, 3));
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 5000), 300000); /* not started */
    rb_ui_clock_start(&c, RB_WHITE, 1000);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 1000), 300000);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 13500), 287500);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 13500), 300000);
    /* A clock source that steps back never gives time back. */
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 500), 300000);
}

static void press_adds_the_increment_and_switches(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(300, 3), tc(300, 3));
    rb_ui_clock_start(&c, RB_WHITE, 0);
    assert_int_equal(rb_ui_clock_press(&c, 10000), -1);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 10000), 293000);
    assert_int_equal(c.running, RB_BLACK);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 50000), 293000);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 50000), 260000);
    assert_int_equal(rb_ui_clock_press(&c, 50000), -1);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 60000), 263000);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 60000), 283000);
}

static void each_side_keeps_its_own_control(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(60, 0), tc(600, 10));
    rb_ui_clock_start(&c, RB_WHITE, 0);
    rb_ui_clock_press(&c, 5000);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 5000), 55000);
    rb_ui_clock_press(&c, 7000);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 7000), 608000);
}

static void untimed_side_never_runs_or_falls(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, rb_ui_tc_presets[0].tc, tc(60, 0));
    rb_ui_clock_start(&c, RB_WHITE, 0);
    int64_t day = 24LL * 3600 * 1000;
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, day), -1);
    assert_int_equal(rb_ui_clock_flag(&c, day), -1);
    assert_int_equal(rb_ui_clock_next_change(&c, day), -1);
    assert_false(rb_ui_clock_low(&c, RB_WHITE, day));
    assert_int_equal(rb_ui_clock_press(&c, day), -1);
    assert_int_equal(rb_ui_clock_flag(&c, day + 60000), RB_BLACK);
}

static void pause_stops_the_time_and_resume_restarts_it(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(180, 2), tc(180, 2));
    rb_ui_clock_start(&c, RB_WHITE, 0);
    rb_ui_clock_pause(&c, 20000);
    rb_ui_clock_pause(&c, 30000); /* a second pause changes nothing */
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 100000), 160000);
    assert_int_equal(rb_ui_clock_next_change(&c, 100000), -1);
    rb_ui_clock_resume(&c, 100000);
    rb_ui_clock_resume(&c, 105000); /* nor does a second resume */
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 110000), 150000);
    /* A move made while paused switches sides; the clock stays paused. */
    rb_ui_clock_pause(&c, 110000);
    rb_ui_clock_press(&c, 120000);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 130000), 152000);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 130000), 180000);
    rb_ui_clock_resume(&c, 130000);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 135000), 175000);
}

static void flag_falls_at_zero_with_or_without_a_press(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(3, 0), tc(3, 0));
    rb_ui_clock_start(&c, RB_WHITE, 0);
    assert_int_equal(rb_ui_clock_flag(&c, 2999), -1);
    assert_int_equal(rb_ui_clock_flag(&c, 3000), RB_WHITE);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 4000), 0);
    /* Moving after the fall does not save the side or earn an increment. */
    assert_int_equal(rb_ui_clock_press(&c, 4000), RB_WHITE);
    assert_int_equal(rb_ui_clock_flag(&c, 90000), RB_WHITE);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 90000), 3000);
    assert_int_equal(rb_ui_clock_press(&c, 91000), -1); /* the clock stopped */
    rb_ui_clock_start(&c, RB_BLACK, 92000);             /* and stays stopped */
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 99000), 3000);
}

static void low_time_is_under_ten_seconds(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(15, 0), tc(15, 0));
    rb_ui_clock_start(&c, RB_BLACK, 0);
    assert_false(rb_ui_clock_low(&c, RB_BLACK, 5000));
    assert_true(rb_ui_clock_low(&c, RB_BLACK, 5001));
    assert_false(rb_ui_clock_low(&c, RB_WHITE, 5001));
    assert_true(rb_ui_clock_low(&c, RB_BLACK, 14999));
    assert_false(rb_ui_clock_low(&c, RB_BLACK, 15000)); /* fallen is not low */
}

static void display_text_by_range(void **state)
{
    (void)state;
    assert_string_equal(shown(3723000), "1:02:03");
    assert_string_equal(shown(3600000), "1:00:00");
    assert_string_equal(shown(3599999), "59:59");
    assert_string_equal(shown(272999), "4:32");
    assert_string_equal(shown(10000), "0:10");
    assert_string_equal(shown(9999), "0:09.9");
    assert_string_equal(shown(9500), "0:09.5");
    assert_string_equal(shown(99), "0:00.0");
    assert_string_equal(shown(0), "0:00.0");
    assert_string_equal(shown(-50), "0:00.0");
    char small[4];
    assert_int_equal(rb_ui_clock_format(272000, small, sizeof small), 3);
    assert_string_equal(small, "4:3");
}

/* Walks a running clock from one visible change to the next and checks
 * that the text changes exactly there and at no moment in between. */
static void next_change_is_exactly_when_the_text_changes(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(12, 0), tc(12, 0));
    rb_ui_clock_start(&c, RB_WHITE, 0);
    int64_t now = 0;
    int changes = 0;
    char before[RB_UI_CLOCK_TEXT_MAX], after[RB_UI_CLOCK_TEXT_MAX];
    while (rb_ui_clock_flag(&c, now) < 0) {
        int64_t wait = rb_ui_clock_next_change(&c, now);
        assert_true(wait > 0);
        rb_ui_clock_format(rb_ui_clock_left(&c, RB_WHITE, now), before, sizeof before);
        for (int64_t t = now; t < now + wait; t += 7) {
            rb_ui_clock_format(rb_ui_clock_left(&c, RB_WHITE, t), after, sizeof after);
            assert_string_equal(after, before);
        }
        now += wait;
        rb_ui_clock_format(rb_ui_clock_left(&c, RB_WHITE, now), after, sizeof after);
        assert_true(strcmp(after, before) != 0 || rb_ui_clock_flag(&c, now) == RB_WHITE);
        changes++;
    }
    assert_int_equal(now, 12000);
    /* 0:12, 0:11, 0:10, then a hundred tenths 0:09.9 .. 0:00.0: each ends in
     * one change, the last in the flag. */
    assert_int_equal(changes, 3 + 100);
    assert_int_equal(rb_ui_clock_next_change(&c, now), -1);
}

static void next_change_waits_for_the_first_second_boundary(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(300, 0), tc(300, 0));
    assert_int_equal(rb_ui_clock_next_change(&c, 0), -1); /* not started */
    rb_ui_clock_start(&c, RB_WHITE, 0);
    assert_int_equal(rb_ui_clock_next_change(&c, 0), 1); /* 5:00 -> 4:59 */
    assert_int_equal(rb_ui_clock_next_change(&c, 1), 1000);
    assert_int_equal(rb_ui_clock_next_change(&c, 250), 751);
}

static void time_control_text(void **state)
{
    (void)state;
    char buf[RB_UI_CLOCK_TEXT_MAX];
    rb_ui_tc_format(tc(300, 3), buf, sizeof buf);
    assert_string_equal(buf, "300+3");
    rb_ui_tc_format(tc(600, 0), buf, sizeof buf);
    assert_string_equal(buf, "600");
    rb_ui_tc_format((rb_ui_time_control){90000, 500}, buf, sizeof buf);
    assert_string_equal(buf, "90+0.5");
    rb_ui_tc_format(rb_ui_tc_presets[0].tc, buf, sizeof buf);
    assert_string_equal(buf, "-");

    char err[200];
    rb_ui_time_control got = tc(1, 1);
    assert_int_equal(rb_ui_tc_parse("300+3", &got, err, sizeof err), 0);
    assert_true(rb_ui_tc_equal(got, tc(300, 3)));
    assert_int_equal(rb_ui_tc_parse("90+0.5", &got, err, sizeof err), 0);
    assert_int_equal(got.base_ms, 90000);
    assert_int_equal(got.increment_ms, 500);
    assert_int_equal(rb_ui_tc_parse("600", &got, err, sizeof err), 0);
    assert_true(rb_ui_tc_equal(got, tc(600, 0)));
    assert_int_equal(rb_ui_tc_parse("-", &got, err, sizeof err), 0);
    assert_false(rb_ui_tc_timed(got));
    got = tc(5, 5);
    assert_int_equal(rb_ui_tc_parse("?", &got, err, sizeof err), 1);
    assert_true(rb_ui_tc_equal(got, tc(5, 5)));

    const char *bad[] = {"40/9000", "*60", "40/7200:1800", "300+",     "+3",       "abc",
                         "300 +3",  "0",   "0+3",          "99999999", "300+1000", "1.2345"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(rb_ui_tc_parse(bad[i], &got, err, sizeof err), -1);
        assert_non_null(strstr(err, bad[i])); /* the message names the value */
    }
    assert_true(rb_ui_tc_equal(got, tc(5, 5)));
}

static void custom_controls_are_checked(void **state)
{
    (void)state;
    char err[200];
    assert_true(rb_ui_tc_valid(tc(45 * 60, 45), err, sizeof err));
    assert_true(rb_ui_tc_valid(rb_ui_tc_presets[0].tc, err, sizeof err));
    assert_false(rb_ui_tc_valid(tc(11 * 3600, 0), err, sizeof err));
    assert_non_null(strstr(err, "base"));
    assert_false(rb_ui_tc_valid(tc(60, -1), err, sizeof err));
    assert_non_null(strstr(err, "increment"));
    assert_false(rb_ui_tc_valid(tc(0, 5), err, sizeof err));
}

/* The tags survive a trip through PGN text, for equal and unequal sides. */
static void tags_round_trip_through_pgn(void **state)
{
    (void)state;
    rb_ui_time_control cases[][2] = {
        {{300000, 3000}, {300000, 3000}},
        {{0, 0}, {0, 0}},
        {{60000, 0}, {600000, 10000}},
        {{0, 0}, {180000, 2000}},
    };
    const char *common[] = {"300+3", "-", "?", "?"};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rb_pos start;
        rb_pos_start(&start);
        rb_game g;
        assert_int_equal(rb_game_init(&g, &start), 0);
        assert_int_equal(rb_ui_tc_write_tags(&g, cases[i]), 0);
        assert_string_equal(rb_game_tag(&g, "TimeControl"), common[i]);
        bool same = rb_ui_tc_equal(cases[i][0], cases[i][1]);
        assert_true((rb_game_tag(&g, "WhiteTimeControl") == NULL) == same);
        char *text = rb_pgn_write(&g);
        assert_non_null(text);
        rb_game *games = NULL;
        size_t n = 0;
        rb_pgn_error perr;
        assert_int_equal(rb_pgn_read(text, strlen(text), &games, &n, &perr), 1);
        rb_ui_time_control back[2] = {tc(1, 1), tc(1, 1)};
        char err[200];
        assert_int_equal(rb_ui_tc_read_tags(&games[0], back, err, sizeof err), 0);
        assert_true(rb_ui_tc_equal(back[0], cases[i][0]));
        assert_true(rb_ui_tc_equal(back[1], cases[i][1]));
        /* Writing equal controls over unequal ones removes the side tags. */
        rb_ui_time_control same_tc[2] = {tc(60, 1), tc(60, 1)};
        assert_int_equal(rb_ui_tc_write_tags(&g, same_tc), 0);
        assert_null(rb_game_tag(&g, "BlackTimeControl"));
        free(text);
        rb_game_free(&games[0]);
        free(games);
        rb_game_free(&g);
    }
}

static void tags_absent_or_bad(void **state)
{
    (void)state;
    rb_pos start;
    rb_pos_start(&start);
    rb_game g;
    assert_int_equal(rb_game_init(&g, &start), 0);
    rb_ui_time_control got[2] = {tc(1, 1), tc(1, 1)};
    char err[200];
    assert_int_equal(rb_ui_tc_read_tags(&g, got, err, sizeof err), 0);
    assert_false(rb_ui_tc_timed(got[0]) || rb_ui_tc_timed(got[1]));

    got[0] = got[1] = tc(1, 1);
    assert_int_equal(rb_game_set_tag(&g, "TimeControl", "40/9000"), 0);
    assert_int_equal(rb_ui_tc_read_tags(&g, got, err, sizeof err), -1);
    assert_non_null(strstr(err, "TimeControl"));
    assert_non_null(strstr(err, "40/9000"));
    assert_int_equal(rb_game_set_tag(&g, "TimeControl", "?"), 0);
    assert_int_equal(rb_game_set_tag(&g, "BlackTimeControl", "fast"), 0);
    assert_int_equal(rb_ui_tc_read_tags(&g, got, err, sizeof err), -1);
    assert_non_null(strstr(err, "BlackTimeControl"));
    assert_true(rb_ui_tc_equal(got[0], tc(1, 1)));
    /* Another program's "?" with no side tags: nothing known, untimed. */
    assert_int_equal(rb_game_set_tag(&g, "BlackTimeControl", NULL), 0);
    assert_int_equal(rb_ui_tc_read_tags(&g, got, err, sizeof err), 0);
    assert_false(rb_ui_tc_timed(got[0]) || rb_ui_tc_timed(got[1]));
    rb_game_free(&g);
}

static void clk_comments(void **state)
{
    (void)state;
    char buf[RB_UI_CLOCK_TEXT_MAX];
    rb_ui_clock_format_clk(272999, buf, sizeof buf);
    assert_string_equal(buf, "0:04:32");
    rb_ui_clock_format_clk(3723000, buf, sizeof buf);
    assert_string_equal(buf, "1:02:03");
    rb_ui_clock_format_clk(-1, buf, sizeof buf);
    assert_string_equal(buf, "0:00:00");

    int64_t ms = -1;
    char err[200];
    assert_int_equal(rb_ui_clock_parse_clk("[%clk 0:04:32]", &ms, err, sizeof err), 0);
    assert_int_equal(ms, 272000);
    assert_int_equal(rb_ui_clock_parse_clk("good move [%eval 0.3] [%clk 1:02:03.5] ok", &ms, err, sizeof err), 0);
    assert_int_equal(ms, 3723500);
    /* What we write, we read. */
    rb_ui_clock_format_clk(599000, buf, sizeof buf);
    char comment[64];
    snprintf(comment, sizeof comment, "[%%clk %s]", buf);
    assert_int_equal(rb_ui_clock_parse_clk(comment, &ms, err, sizeof err), 0);
    assert_int_equal(ms, 599000);

    ms = 7;
    assert_int_equal(rb_ui_clock_parse_clk("no clock here", &ms, err, sizeof err), 1);
    assert_int_equal(ms, 7);
    const char *bad[] = {"[%clk 0:4]",     "[%clk 0:04:32", "[%clk0:04:32]", "[%clk 0:61:00]",
                         "[%clk 0:04:75]", "[%clk 0:04:3]", "[%clk x]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(rb_ui_clock_parse_clk(bad[i], &ms, err, sizeof err), -1);
        assert_non_null(strstr(err, "%clk"));
    }
    assert_int_equal(ms, 7);
}

static void loaded_time_counts_down_from_there(void **state)
{
    (void)state;
    rb_ui_clock c;
    rb_ui_clock_init(&c, tc(300, 3), tc(300, 3));
    rb_ui_clock_set_left(&c, RB_BLACK, 45000, 0);
    rb_ui_clock_start(&c, RB_WHITE, 1000);
    rb_ui_clock_set_left(&c, RB_WHITE, 120000, 2000);
    assert_int_equal(rb_ui_clock_left(&c, RB_WHITE, 5000), 117000);
    rb_ui_clock_press(&c, 5000);
    assert_int_equal(rb_ui_clock_left(&c, RB_BLACK, 8000), 42000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(presets_are_the_offered_controls),
        cmocka_unit_test(running_side_counts_down_and_the_other_stands),
        cmocka_unit_test(press_adds_the_increment_and_switches),
        cmocka_unit_test(each_side_keeps_its_own_control),
        cmocka_unit_test(untimed_side_never_runs_or_falls),
        cmocka_unit_test(pause_stops_the_time_and_resume_restarts_it),
        cmocka_unit_test(flag_falls_at_zero_with_or_without_a_press),
        cmocka_unit_test(low_time_is_under_ten_seconds),
        cmocka_unit_test(display_text_by_range),
        cmocka_unit_test(next_change_is_exactly_when_the_text_changes),
        cmocka_unit_test(next_change_waits_for_the_first_second_boundary),
        cmocka_unit_test(time_control_text),
        cmocka_unit_test(custom_controls_are_checked),
        cmocka_unit_test(tags_round_trip_through_pgn),
        cmocka_unit_test(tags_absent_or_bad),
        cmocka_unit_test(clk_comments),
        cmocka_unit_test(loaded_time_counts_down_from_there),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
