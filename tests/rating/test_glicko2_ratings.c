/*
 * test_glicko2_ratings.c - the server's ratings: Glickman's worked example
 * to its published figures, a game and its mirror image move two players
 * by opposite amounts, the RD grows with time away as lichess's constants
 * say it should, the bounds hold, and the diffs of a rated game are what
 * the players see.
 */
#include "support.h"

#include <math.h>

#include "rb_rating.h"

/* Glickman's parameters for his example: tau 0.5, and no bound in the way. */
static rb_rating_params paper_params(void)
{
    rb_rating_params p = rb_rating_lichess();
    p.tau = 0.5;
    p.min_rd = 1;
    p.max_rd = 350;
    p.max_vol = 1;
    p.min_rating = 0;
    p.max_rating = 5000;
    return p;
}

static void glickmans_example_gives_the_published_figures(void **state)
{
    (void)state;
    rb_rating_params p = paper_params();
    rb_rating player = {1500, 200, 0.06};
    rb_rating_game games[] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    rb_rating out;
    assert_int_equal(rb_rating_update(&p, player, games, 3, 1, &out), 0);
    /* The paper rounds its intermediate figures and prints 1464.06; the
     * same steps without rounding give 1464.0507. */
    assert_true(fabs(out.rating - 1464.06) < 0.01);
    assert_true(fabs(out.rating - 1464.0507) < 0.0001);
    assert_true(fabs(out.rd - 151.52) < 0.005);
    assert_true(fabs(out.vol - 0.05999) < 0.00001); /* 0.059996 exactly */
}

static void a_period_without_games_only_widens_the_rd(void **state)
{
    (void)state;
    rb_rating_params p = paper_params();
    rb_rating player = {1500, 200, 0.06}, out;
    assert_int_equal(rb_rating_update(&p, player, NULL, 0, 1, &out), 0);
    assert_true(out.rating == 1500 && out.vol == 0.06);
    /* Glickman: phi' = sqrt(phi^2 + sigma^2) when a player does not compete. */
    assert_true(fabs(out.rd - 200.2709) < 0.001);
}

static void a_game_moves_winner_and_loser_by_opposite_amounts(void **state)
{
    (void)state;
    rb_rating_params p = rb_rating_lichess();
    rb_rating_pairing g = {.white = {1500, 200, 0.06}, .black = {1500, 200, 0.06}, .white_score = 1};
    rb_rating_result won, lost, drawn;
    assert_int_equal(rb_rating_game_result(&p, &g, &won), 0);
    g.white_score = 0;
    assert_int_equal(rb_rating_game_result(&p, &g, &lost), 0);
    g.white_score = 0.5;
    assert_int_equal(rb_rating_game_result(&p, &g, &drawn), 0);

    assert_true(won.white.rating > 1500 && won.black.rating < 1500);
    assert_true(fabs((won.white.rating - 1500) + (won.black.rating - 1500)) < 1e-9);
    assert_true(fabs(won.white.rating - lost.black.rating) < 1e-9);
    assert_true(fabs(won.black.rating - lost.white.rating) < 1e-9);
    assert_int_equal(won.white_diff, -won.black_diff);
    assert_int_equal(won.white_diff, lost.black_diff);
    assert_true(won.white_diff > 0);
    /* A draw between equals changes neither rating; every game narrows both RDs. */
    assert_true(fabs(drawn.white.rating - 1500) < 1e-9 && fabs(drawn.black.rating - 1500) < 1e-9);
    assert_int_equal(drawn.white_diff, 0);
    assert_true(drawn.white.rd < 200 && drawn.black.rd < 200);
}

static void a_draw_with_a_stronger_player_gains(void **state)
{
    (void)state;
    rb_rating_params p = rb_rating_lichess();
    rb_rating_pairing g = {.white = {1500, 80, 0.06}, .black = {1900, 80, 0.06}, .white_score = 0.5};
    rb_rating_result r;
    assert_int_equal(rb_rating_game_result(&p, &g, &r), 0);
    assert_true(r.white_diff > 0 && r.black_diff < 0);
    /* The surer a player's rating, the less one game moves it. */
    rb_rating_pairing sure = g;
    sure.white.rd = 50;
    rb_rating_result rs;
    assert_int_equal(rb_rating_game_result(&p, &sure, &rs), 0);
    assert_true(rs.white.rating - 1500 < r.white.rating - 1500);
}

static void the_rd_grows_with_time_away_and_stops_at_the_maximum(void **state)
{
    (void)state;
    rb_rating_params p = rb_rating_lichess();
    rb_rating player = {1800, 60, 0.06};
    const int64_t day = 24LL * 60 * 60 * 1000;
    assert_true(rb_rating_idle(&p, player, rb_rating_periods(&p, 0)).rd == 60);
    assert_true(rb_rating_periods(&p, -day) == 0);
    double week = rb_rating_idle(&p, player, rb_rating_periods(&p, 7 * day)).rd;
    double year = rb_rating_idle(&p, player, rb_rating_periods(&p, 365 * day)).rd;
    /* lichess's 0.21436 periods a day take a typical RD of 60 to about 110 in a year. */
    assert_true(week > 60 && week < year);
    assert_true(year > 105 && year < 115);
    rb_rating idle = rb_rating_idle(&p, player, rb_rating_periods(&p, 100 * 365 * day));
    assert_true(idle.rd == p.max_rd);
    assert_true(idle.rating == 1800 && idle.vol == 0.06);

    /* The same game after a year away moves the rating further. */
    rb_rating_pairing g = {.white = player, .black = {1800, 60, 0.06}, .white_score = 1};
    rb_rating_result now, later;
    assert_int_equal(rb_rating_game_result(&p, &g, &now), 0);
    g.white_idle_ms = 365 * day;
    assert_int_equal(rb_rating_game_result(&p, &g, &later), 0);
    assert_true(later.white.rating > now.white.rating);
}

static void ratings_stay_within_their_bounds(void **state)
{
    (void)state;
    rb_rating_params p = rb_rating_lichess();
    rb_rating a = rb_rating_new(&p), b = rb_rating_new(&p);
    assert_true(a.rating == 1500 && a.rd == 500 && a.vol == 0.09);
    /* A thousand games against a sure opponent of the same strength, won
     * and lost in turn: the RD narrows to the minimum and no further. */
    for (int i = 0; i < 1000; i++) {
        rb_rating_game gm = {1500, 45, i % 2};
        assert_int_equal(rb_rating_update(&p, a, &gm, 1, 0, &a), 0);
        assert_true(a.rd >= p.min_rd && a.rd <= p.max_rd && a.vol <= p.max_vol);
        /* A thousand losses in a row. */
        gm.score = 0;
        assert_int_equal(rb_rating_update(&p, b, &gm, 1, 0, &b), 0);
        assert_true(b.rating >= p.min_rating && b.vol <= p.max_vol);
    }
    assert_true(a.rd == p.min_rd);
    assert_true(b.rating < 1000);
    /* A win at the top of the scale stops at the maximum rating. */
    rb_rating top = {3990, 300, 0.06};
    rb_rating_game beat = {4000, 45, 1};
    assert_int_equal(rb_rating_update(&p, top, &beat, 1, 1, &top), 0);
    assert_true(top.rating == p.max_rating);
    /* A volatility above the maximum comes back to it. */
    rb_rating wild = {1500, 100, 0.5};
    assert_int_equal(rb_rating_update(&p, wild, &beat, 1, 1, &wild), 0);
    assert_true(wild.vol == p.max_vol);
}

static void what_is_not_a_rating_is_refused(void **state)
{
    (void)state;
    rb_rating_params p = rb_rating_lichess();
    rb_rating ok = {1500, 100, 0.06}, out;
    rb_rating_game bad_score = {1500, 100, 1.5}, bad_rd = {1500, 0, 1}, good = {1500, 100, 1};
    assert_int_equal(rb_rating_update(&p, ok, &bad_score, 1, 1, &out), -1);
    assert_true(out.rating == ok.rating && out.rd == ok.rd);
    assert_int_equal(rb_rating_update(&p, ok, &bad_rd, 1, 1, &out), -1);
    rb_rating nan_rating = {NAN, 100, 0.06};
    assert_int_equal(rb_rating_update(&p, nan_rating, &good, 1, 1, &out), -1);
    assert_int_equal(rb_rating_update(&p, ok, &good, 1, -1, &out), -1);
    rb_rating_pairing g = {.white = ok, .black = {1500, -3, 0.06}, .white_score = 1};
    rb_rating_result r;
    assert_int_equal(rb_rating_game_result(&p, &g, &r), -1);
    assert_int_equal(r.white_diff, 0);
}

static void shown_ratings_round_to_the_nearest(void **state)
{
    (void)state;
    assert_int_equal(rb_rating_shown(1464.06), 1464);
    assert_int_equal(rb_rating_shown(1464.5), 1465);
    assert_int_equal(rb_rating_shown(1463.51), 1464);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glickmans_example_gives_the_published_figures),
        cmocka_unit_test(a_period_without_games_only_widens_the_rd),
        cmocka_unit_test(a_game_moves_winner_and_loser_by_opposite_amounts),
        cmocka_unit_test(a_draw_with_a_stronger_player_gains),
        cmocka_unit_test(the_rd_grows_with_time_away_and_stops_at_the_maximum),
        cmocka_unit_test(ratings_stay_within_their_bounds),
        cmocka_unit_test(what_is_not_a_rating_is_refused),
        cmocka_unit_test(shown_ratings_round_to_the_nearest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
