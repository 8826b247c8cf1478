/*
 * test_eval_trace.c - the evaluation is the blend of its traced features
 * times its weights, and its new features count what they say.
 *
 * The tuner fits the weights to game results from the trace alone, so the
 * trace must reproduce the evaluation exactly, not only with the default
 * weights but with any: here with random weight pairs too, over positions
 * from random games (odd material, set flags, kings and pawns on their
 * way). The feature tests build small positions where a player can see the
 * answer: a pawn with its own rook on its only route, a pawn the enemy king
 * cannot catch, a king that wins the race to its throne.
 */
#include "support.h"

#include "eval.h"
#include "rb_engine.h"

static uint64_t rng_state = 4242;

static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* The evaluation from the trace and the weights, from the side to move's view. */
static int from_trace(const rb_eval_trace *t, const rb_eval_params *p, int side)
{
    int mg = 0, eg = 0;
    for (int i = 0; i < RB_EP_COUNT; i++) {
        mg += t->coef[i] * rb_eval_param_mg(p, i);
        eg += t->coef[i] * rb_eval_param_eg(p, i);
    }
    int white = rb_eval_blend(mg, eg, t->phase);
    return side == RB_WHITE ? white : -white;
}

static void random_params(rb_eval_params *p)
{
    rb_eval_params_default(p);
    for (int i = 0; i < RB_EP_COUNT; i++) {
        rb_eval_param_set(p, i, (int)(next_random() % 401) - 200, (int)(next_random() % 401) - 200);
    }
}

static void test_the_trace_reproduces_the_evaluation_with_any_weights(void **state)
{
    (void)state;
    rb_eval_params defaults, other;
    rb_eval_params_default(&defaults);
    int checked = 0, promoted_or_bare = 0;
    for (int game = 0; game < 150; game++) {
        rb_pos pos;
        rb_pos_start(&pos);
        for (int ply = 0; ply < 150; ply++) {
            rb_movelist list;
            if (rb_gen_legal(&pos, &list) == 0) {
                break;
            }
            rb_eval_trace t;
            int score = rb_eval_trace_of(&pos, &t);
            char text[RB_POS_TEXT_MAX];
            rb_pos_format(&pos, text, sizeof text);
            if (score != rb_eval(&pos) || score != from_trace(&t, &defaults, pos.side)) {
                fail_msg("%s: rb_eval %d, trace %d, blend of the trace %d", text, rb_eval(&pos), score,
                         from_trace(&t, &defaults, pos.side));
            }
            random_params(&other);
            if (rb_eval_with(&pos, &other) != from_trace(&t, &other, pos.side)) {
                fail_msg("%s with random weights: rb_eval_with %d, blend of the trace %d", text,
                         rb_eval_with(&pos, &other), from_trace(&t, &other, pos.side));
            }
            assert_true(t.phase >= 0 && t.phase <= RB_PHASE_MAX);
            promoted_or_bare += t.phase < RB_PHASE_MAX;
            checked++;
            rb_pos_make(&pos, list.moves[next_random() % (uint64_t)list.count], &pos);
        }
    }
    assert_true(checked > 5000);
    assert_true(promoted_or_bare > 1000); /* the endgame half was exercised */
}

static void test_the_start_position_differs_only_by_the_move(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_start(&pos);
    rb_eval_trace t;
    rb_eval_trace_of(&pos, &t);
    assert_int_equal(t.phase, RB_PHASE_MAX);
    /* Both armies count alike; only the side to move has its tempo and,
     * with kings and pawns equally far from their goals, the lead in both
     * races. */
    for (int i = 0; i < RB_EP_COUNT; i++) {
        bool moving = i == RB_EP_TEMPO || i == RB_EP_RACE_AHEAD || i == RB_EP_PAWN_RACE;
        assert_int_equal(t.coef[i], moving ? 1 : 0);
    }
}

static void test_a_pawn_route_counts_its_own_pieces_in_the_way(void **state)
{
    (void)state;
    rb_pos pos;
    /* White pawn on a6: north to a7 or b7, then east to e7. A free run
     * first, then with White's own rooks on both squares ahead of it. */
    rb_test_parse(&pos, "7/P6/2xxx2/2xxx2/2xxxk1/3K3/7 w - 0 1");
    int sq = rb_sq_parse("a6");
    int free_route = rb_eval_pawn_route(&pos, sq);
    assert_int_equal(free_route, rb_eval_pawn_distance(RB_WHITE, sq));
    rb_test_parse(&pos, "RR5/P6/2xxx2/2xxx2/2xxxk1/3K3/7 w - 0 1");
    assert_true(rb_eval_pawn_route(&pos, sq) > free_route);
    rb_eval_trace t;
    rb_eval_trace_of(&pos, &t);
    assert_int_equal(t.coef[RB_EP_PAWN_BLOCKED], 1);
}

static void test_a_pawn_the_king_cannot_catch_is_free(void **state)
{
    (void)state;
    rb_pos pos;
    rb_eval_trace t;
    /* White pawn d7, one step from e7; Black's king far away on g1. */
    rb_test_parse(&pos, "3P3/7/2xxx2/2xxx2/2xxx2/1K5/6k w - 0 1");
    rb_eval_trace_of(&pos, &t);
    assert_int_equal(t.coef[RB_EP_PAWN_NEXT], 1);
    assert_int_equal(t.coef[RB_EP_PAWN_FREE], 1);
    /* Black's king next to e7 and e6 stops it. */
    rb_test_parse(&pos, "3P3/5k1/2xxx2/2xxx2/2xxx2/1K5/7 w - 0 1");
    rb_eval_trace_of(&pos, &t);
    assert_int_equal(t.coef[RB_EP_PAWN_FREE], 0);
}

static void test_the_king_nearer_its_throne_wins_the_race(void **state)
{
    (void)state;
    rb_pos pos;
    rb_eval_trace t;
    /* White's king on c6 with its flag set, one step from d6; Black's king
     * far from d2 with its flag clear. */
    rb_test_parse(&pos, "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1");
    rb_eval_trace_of(&pos, &t);
    assert_int_equal(t.coef[RB_EP_RACE_AHEAD], 1);
    assert_int_equal(t.coef[RB_EP_RACE_WON], 1);
    /* With a Black rook guarding d6 the race is not won. */
    rb_test_parse(&pos, "3r3/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1");
    rb_eval_trace_of(&pos, &t);
    assert_int_equal(t.coef[RB_EP_RACE_WON], 0);
}

static void test_zones_are_counted_from_each_side_home(void **state)
{
    (void)state;
    /* White's home is the South, Black's the North; each is the other's
     * enemy zone, and the 180-degree turn maps one colour's zones onto the
     * other's. */
    assert_int_equal(rb_eval_zone(RB_WHITE, rb_sq_parse("d1")), 0);
    assert_int_equal(rb_eval_zone(RB_WHITE, rb_sq_parse("d2")), 1);
    assert_int_equal(rb_eval_zone(RB_BLACK, rb_sq_parse("d7")), 0);
    assert_int_equal(rb_eval_zone(RB_WHITE, rb_sq_parse("d7")), 4);
    assert_int_equal(rb_eval_zone(RB_WHITE, rb_sq_parse("a4")), 2);
    assert_int_equal(rb_eval_zone(RB_WHITE, rb_sq_parse("f4")), 7);
    for (int sq = 0; sq < RB_NSQ; sq++) {
        int turned = rb_sq_at(6 - rb_sq_file(sq), 6 - rb_sq_rank(sq));
        assert_int_equal(rb_eval_zone(RB_WHITE, sq), rb_eval_zone(RB_BLACK, turned));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_trace_reproduces_the_evaluation_with_any_weights),
        cmocka_unit_test(test_the_start_position_differs_only_by_the_move),
        cmocka_unit_test(test_a_pawn_route_counts_its_own_pieces_in_the_way),
        cmocka_unit_test(test_a_pawn_the_king_cannot_catch_is_free),
        cmocka_unit_test(test_the_king_nearer_its_throne_wins_the_race),
        cmocka_unit_test(test_zones_are_counted_from_each_side_home),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
