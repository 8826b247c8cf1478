/*
 * test_levels.c - the weakest level is an opponent a learner can beat, yet
 * it still plays to win; the next level is clearly stronger; every level
 * has a name a menu can show.
 *
 * Level 1 plays a player that looks at its move and the reply counting
 * material only (the kind of care a newcomer soon learns), and a player
 * that moves at random. Games are played in pairs from short random
 * openings with colours swapped. Every player draws its choices from a
 * fixed seed and the levels are capped by nodes, never by time, so each
 * game replays exactly and these checks cannot flicker.
 *
 * The figures with error bars, over more games, come from
 * `rollerball-engine-lab versus` and `ladder` (README); these checks use
 * fewer games with thresholds far from the measured scores.
 */
#include "support.h"

#include "rb_engine.h"
#include "sparring.h"

typedef struct result {
    int wins, losses, draws;
} result;

/* The engine at `level` against `opponent` over `pairs` pairs of games. */
static result play_pairs(int level, rb_spar_player *opponent, int pairs, uint64_t seed)
{
    rb_spar_player engine = {RB_SPAR_ENGINE, rb_engine_new(2), 0, 0};
    assert_non_null(engine.engine);
    rb_engine_set_level(engine.engine, level);
    rb_engine_set_seed(engine.engine, seed);
    uint64_t rng = seed;
    result r = {0, 0, 0};
    for (int i = 0; i < pairs; i++) {
        rb_pos start;
        rb_spar_opening(&start, &rng, 4 + i % 3);
        int outcome[2] = {rb_spar_game(&start, &engine, opponent, NULL),
                          -rb_spar_game(&start, opponent, &engine, NULL)};
        for (int c = 0; c < 2; c++) {
            assert_int_not_equal(outcome[c], 2);
            assert_int_not_equal(outcome[c], -2);
            r.wins += outcome[c] > 0;
            r.losses += outcome[c] < 0;
            r.draws += outcome[c] == 0;
        }
    }
    rb_engine_free(engine.engine);
    return r;
}

/* The engine's share of the points in percent (a draw is half a point). */
static int score_percent(result r)
{
    return (100 * r.wins + 50 * r.draws) / (r.wins + r.losses + r.draws);
}

static void test_level_one_loses_most_games_to_a_two_ply_material_player(void **state)
{
    (void)state;
    rb_spar_player greedy = {RB_SPAR_GREEDY2, NULL, 0, 5};
    result r = play_pairs(1, &greedy, 20, 101);
    /* measured: about 17% of the points over 100 games */
    assert_true(r.losses > 20);
    assert_true(score_percent(r) <= 35);
}

static void test_level_one_still_beats_a_random_mover(void **state)
{
    (void)state;
    rb_spar_player random = {RB_SPAR_RANDOM, NULL, 0, 7};
    result r = play_pairs(1, &random, 20, 202);
    /* measured: about 95% of the points over 100 games */
    assert_true(score_percent(r) >= 75);
}

static void test_level_two_outscores_level_one(void **state)
{
    (void)state;
    rb_spar_player one = {RB_SPAR_ENGINE, rb_engine_new(2), 0, 0};
    assert_non_null(one.engine);
    rb_engine_set_level(one.engine, 1);
    rb_engine_set_seed(one.engine, 303);
    result r = play_pairs(2, &one, 20, 304);
    assert_true(score_percent(r) >= 65);
    rb_engine_free(one.engine);
}

static void test_every_level_has_its_own_name(void **state)
{
    (void)state;
    assert_string_equal(rb_level_name(RB_LEVEL_MIN), "beginner");
    assert_string_equal(rb_level_name(RB_LEVEL_MAX), "strongest");
    for (int a = RB_LEVEL_MIN; a <= RB_LEVEL_MAX; a++) {
        assert_true(rb_level_name(a)[0] != '\0');
        for (int b = a + 1; b <= RB_LEVEL_MAX; b++) {
            assert_string_not_equal(rb_level_name(a), rb_level_name(b));
        }
    }
    /* out of range: the nearest level's name, never a null pointer */
    assert_string_equal(rb_level_name(0), "beginner");
    assert_string_equal(rb_level_name(99), "strongest");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_level_one_loses_most_games_to_a_two_ply_material_player),
        cmocka_unit_test(test_level_one_still_beats_a_random_mover),
        cmocka_unit_test(test_level_two_outscores_level_one),
        cmocka_unit_test(test_every_level_has_its_own_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
