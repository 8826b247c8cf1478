/*
 * test_match_stats.c - the match tool's numbers: Elo difference, its 95%
 * error bar, the SPRT's log-likelihood ratio, bounds and verdicts, and the
 * openings lost with both colours.
 */
#include "support.h"

#include <math.h>

#include "match_stats.h"

static void equal_results_mean_no_difference(void **state)
{
    (void)state;
    rb_wdl r = {10, 10, 10};
    double elo, margin;
    assert_true(rb_wdl_elo(r, &elo, &margin));
    assert_true(fabs(elo) < 1e-9);
    /* score 0.5, sd of the mean sqrt((1/6)/30): the interval 0.354..0.646 */
    assert_true(fabs(margin - 104.558) < 0.01);
    assert_true(fabs(rb_wdl_score(r) - 0.5) < 1e-12);
}

static void a_winning_score_gives_elo_and_error_bar(void **state)
{
    (void)state;
    rb_wdl r = {30, 10, 10};
    double elo, margin;
    assert_true(rb_wdl_elo(r, &elo, &margin));
    assert_true(fabs(elo - 147.191) < 0.01);
    assert_true(fabs(margin - 95.139) < 0.01);
    /* The error bar shrinks about as 1/sqrt(games). */
    rb_wdl big = {3000, 1000, 1000};
    double elo_big, margin_big;
    assert_true(rb_wdl_elo(big, &elo_big, &margin_big));
    assert_true(margin_big < margin / 9.0 && margin_big > margin / 11.0);
}

static void all_wins_or_no_games_have_no_finite_elo(void **state)
{
    (void)state;
    double elo, margin;
    rb_wdl none = {0, 0, 0}, wins = {5, 0, 0}, losses = {0, 0, 4};
    assert_false(rb_wdl_elo(none, &elo, &margin));
    assert_false(rb_wdl_elo(wins, &elo, &margin));
    assert_false(rb_wdl_elo(losses, &elo, &margin));
}

static void sprt_bounds_for_five_percent_errors(void **state)
{
    (void)state;
    double lower, upper;
    rb_sprt_bounds(0.05, 0.05, &lower, &upper);
    assert_true(fabs(lower + 2.944439) < 1e-5);
    assert_true(fabs(upper - 2.944439) < 1e-5);
    assert_int_equal(rb_sprt_verdict_of(0.0, lower, upper), RB_SPRT_CONTINUE);
    assert_int_equal(rb_sprt_verdict_of(3.0, lower, upper), RB_SPRT_H1);
    assert_int_equal(rb_sprt_verdict_of(-3.0, lower, upper), RB_SPRT_H0);
    assert_string_equal(rb_sprt_verdict_name(RB_SPRT_H1), "H1 accepted");
}

static void sprt_llr_follows_the_results(void **state)
{
    (void)state;
    rb_wdl ahead = {600, 300, 500}, behind = {500, 300, 600}, few = {30, 10, 10};
    assert_true(fabs(rb_sprt_llr(ahead, 0, 10) - 2.943666) < 1e-4);
    assert_true(fabs(rb_sprt_llr(behind, 0, 10) + 4.428590) < 1e-4);
    assert_true(fabs(rb_sprt_llr(few, 0, 10) - 0.866857) < 1e-4);
    /* Nothing to go on yet. */
    rb_wdl none = {0, 0, 0}, draws = {0, 7, 0};
    assert_true(rb_sprt_llr(none, 0, 10) == 0.0);
    assert_true(rb_sprt_llr(draws, 0, 10) == 0.0);
}

/* Openings that the same colour wins whoever plays it make every pair 1-1:
 * the engines are equal and the interval is zero, where counting games
 * one by one would claim an error bar of +/- 0.35. Pairs that differ widen
 * it, and incomplete pairs are left out. */
static void pair_score_counts_a_colour_pair_as_one_sample(void **state)
{
    (void)state;
    double mean, margin;
    const double lopsided[] = {1, 0, 0, 1, 1, 0, 0, 1};
    assert_true(rb_pair_score(lopsided, 8, &mean, &margin));
    assert_float_equal(mean, 0.5, 1e-12);
    assert_float_equal(margin, 0.0, 1e-12);

    const double mixed[] = {1, 1, 0, 0, 1, 0.5, 0.5, 0.5, 1, -1};
    assert_true(rb_pair_score(mixed, 10, &mean, &margin));
    /* pairs 1, 0, 0.75, 0.5; the unfinished fifth pair does not count */
    assert_float_equal(mean, 0.5625, 1e-12);
    double var =
        ((1 - mean) * (1 - mean) + mean * mean + (0.75 - mean) * (0.75 - mean) + (0.5 - mean) * (0.5 - mean)) / 3.0;
    assert_float_equal(margin, 1.959964 * sqrt(var / 4.0), 1e-9);

    const double one_pair[] = {1, 0, 1, -1};
    assert_false(rb_pair_score(one_pair, 4, &mean, &margin));
}

/* An opening lost with both colours is one the first engine misplays;
 * a pair split 1-0, a drawn game or an unplayed game (-1) is not one. */
static void openings_lost_with_both_colours_are_listed(void **state)
{
    (void)state;
    const double points[] = {0, 0, 1, 0, 0, 0.5, 0, 0, 0, -1, 0.5, 0.5, 0, 0};
    int pairs[8];
    assert_int_equal(rb_pairs_lost_twice(points, 14, pairs, 8), 3);
    assert_int_equal(pairs[0], 1);
    assert_int_equal(pairs[1], 4);
    assert_int_equal(pairs[2], 7);
    /* the count is whole even when the list is cut short */
    assert_int_equal(rb_pairs_lost_twice(points, 14, pairs, 1), 3);
    assert_int_equal(pairs[0], 1);
    /* an odd last game has no partner yet */
    assert_int_equal(rb_pairs_lost_twice(points, 13, pairs, 8), 2);
    const double won[] = {1, 1, 0.5, 0, 1, 0};
    assert_int_equal(rb_pairs_lost_twice(won, 6, pairs, 8), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(equal_results_mean_no_difference),
        cmocka_unit_test(pair_score_counts_a_colour_pair_as_one_sample),
        cmocka_unit_test(a_winning_score_gives_elo_and_error_bar),
        cmocka_unit_test(all_wins_or_no_games_have_no_finite_elo),
        cmocka_unit_test(sprt_bounds_for_five_percent_errors),
        cmocka_unit_test(sprt_llr_follows_the_results),
        cmocka_unit_test(openings_lost_with_both_colours_are_listed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
