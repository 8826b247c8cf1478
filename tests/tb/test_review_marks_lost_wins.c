/*
 * test_review_marks_lost_wins.c - in the endgame tables the review judges
 * by the exact values: a move that turns a win into a draw or a loss, or a
 * draw into a loss, is a blunder whatever the evaluation says; a slower
 * win is no fault.
 */
#include "support.h"

#include "annotate.h"
#include "rb_engine.h"
#include "rb_review.h"
#include "tb_fixture.h"

static void the_exact_classes(void **state)
{
    (void)state;
    int win3 = 2 + 3, win5 = 2 + 5, draw = RB_TB_DRAW, loss4 = 2 + 4, loss8 = 2 + 8;
    assert_int_equal(rb_review_classify_exact(win3, draw), RB_CLASS_BLUNDER);
    assert_int_equal(rb_review_classify_exact(win3, loss4), RB_CLASS_BLUNDER);
    assert_int_equal(rb_review_classify_exact(draw, loss8), RB_CLASS_BLUNDER);
    assert_int_equal(rb_review_classify_exact(win3, win3), RB_CLASS_BEST);
    assert_int_equal(rb_review_classify_exact(win3, win5), RB_CLASS_GOOD);
    assert_int_equal(rb_review_classify_exact(loss8, loss4), RB_CLASS_GOOD);
    assert_int_equal(rb_review_classify_exact(draw, draw), RB_CLASS_BEST);
    assert_int_equal(rb_review_classify_exact(RB_TB_NONE, draw), -1);
}

/* A won three-man position with a move that only draws: the review, with
 * the tables, marks it ?? (NAG 4). */
static void a_win_thrown_away_is_a_blunder(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(false);
    fixture_ensure_name(tb, "KRvK");
    rb_tb_set set;
    char err[128];
    rb_tb_set_parse(&set, "KRvK", err, sizeof err);
    const uint8_t *values = rb_tb_values(tb, &set);
    rb_pos pos;
    rb_move drawing = RB_MOVE_NONE;
    for (uint64_t ix = 0; ix < set.size && drawing == RB_MOVE_NONE; ix += 97) {
        rb_tb_place p;
        if (!rb_tb_is_win(values[ix]) || rb_tb_distance(values[ix]) < 5 || !rb_tb_decode(&set, ix, &p)) {
            continue;
        }
        rb_tb_place_to_pos(&set, &p, &pos);
        rb_tb_move_value mv[RB_MAX_MOVES];
        int n = rb_tb_probe_moves(tb, &pos, mv, RB_MAX_MOVES);
        for (int i = 0; i < n; i++) {
            if (mv[i].value == RB_TB_DRAW) {
                drawing = mv[i].move;
                break;
            }
        }
    }
    assert_int_not_equal(drawing, RB_MOVE_NONE);
    rb_game g;
    assert_int_equal(rb_game_init(&g, &pos), 0);
    assert_int_equal(rb_game_play(&g, drawing), 0);
    rb_engine *e = rb_engine_new(16);
    rb_engine_set_tablebase(e, tb);
    rb_limits lim = {0};
    lim.depth = 4;
    assert_int_equal(rb_annotate_game(e, &g, &lim, NULL, NULL, NULL), 0);
    assert_non_null(g.notes);
    bool blunder = false;
    for (int k = 0; k < g.notes[0].nnags; k++) {
        blunder |= g.notes[0].nags[k] == RB_NAG_BLUNDER;
    }
    assert_true(blunder);
    rb_game_free(&g);
    rb_engine_free(e);
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_exact_classes),
        cmocka_unit_test(a_win_thrown_away_is_a_blunder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
