/*
 * test_threat.c - the threat query: what the opponent would play if the
 * side to move passed.
 *
 * The positions are the tactics suite's wins with the other side to move:
 * the winner's move is then the threat, and its score the win from the
 * winner's side. A side in check cannot pass, and a finished game has no
 * threat. The query leaves the engine's level and line count alone.
 */
#include "support.h"

#include <string.h>

#include "rb_engine.h"
#include "rb_notation.h"

typedef struct threat_case {
    const char *fen;    /* the side to move is the one threatened */
    const char *winner; /* the same placement with the winner to move */
    const char *move;
    int moves; /* the win's length in the winner's moves */
} threat_case;

static const threat_case cases[] = {
    /* checkmate in one */
    {"2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 w Kk 0 12", "2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12", "g2b1", 1},
    {"5R1/4k2/2xxx2/2xxx2/2xxx2/7/1R1K3 b k 3 52", "5R1/4k2/2xxx2/2xxx2/2xxx2/7/1R1K3 w k 3 52", "b1a6", 1},
    /* checkmate in three */
    {"7/R2r3/2xxxk1/2xxx2/2xxx1R/1P2K2/7 b k 1 22", "7/R2r3/2xxxk1/2xxx2/2xxx1R/1P2K2/7 w k 1 22", "a6d6", 3},
};

static void the_opponents_win_is_the_threat(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rb_pos pos, winner;
        rb_test_parse(&pos, cases[i].fen);
        rb_test_parse(&winner, cases[i].winner);
        rb_move move;
        rb_search_info info;
        assert_int_equal(rb_engine_threat(e, &pos, NULL, 0, NULL, &move, &info), RB_THREAT_MOVE);
        assert_int_equal(move, rb_test_move(&winner, cases[i].move));
        assert_int_equal(info.kind, RB_SCORE_WIN); /* from the opponent's side */
        assert_int_equal(info.score, cases[i].moves);
        assert_int_equal(info.depth, RB_THREAT_DEPTH);
        assert_true(info.pvlen >= 1);
        assert_int_equal(info.pv[0], move);
    }
    rb_engine_free(e);
}

/* In a quiet position the threat is what the opponent's own search picks
 * with the move, and only the move, handed over. */
static void the_threat_is_the_opponents_search(void **state)
{
    (void)state;
    rb_pos pos, passed;
    rb_test_parse(&pos, "4R2/3k1p1/1rxxxb1/2xxx1p/1Pxxx2/1P1K3/R6 w - 2 13");
    passed = pos;
    rb_pos_set_side(&passed, RB_BLACK);
    passed.quiet = 0;
    rb_limits limits = {0};
    limits.depth = 6;
    rb_engine *a = rb_engine_new(8), *b = rb_engine_new(8);
    assert_non_null(a);
    assert_non_null(b);
    rb_move move;
    rb_search_info threat, direct;
    assert_int_equal(rb_engine_threat(a, &pos, NULL, 0, &limits, &move, &threat), RB_THREAT_MOVE);
    rb_move expected = rb_engine_search(b, &passed, NULL, 0, &limits, NULL, NULL, &direct);
    assert_int_equal(move, expected);
    assert_int_equal(threat.score, direct.score);
    assert_int_equal(threat.kind, direct.kind);
    assert_int_equal(threat.depth, 6);
    /* a black move, the side that does not move here */
    assert_true(rb_move_is_legal(&passed, move));
    rb_engine_free(a);
    rb_engine_free(b);
}

static void a_side_in_check_cannot_pass(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(1);
    assert_non_null(e);
    rb_pos pos;
    rb_test_parse(&pos, "5R1/1R2k2/2xxx2/2xxx2/2xxx2/7/3K3 b k 4 52");
    assert_true(rb_pos_in_check(&pos));
    rb_move move = 1;
    rb_search_info info;
    assert_int_equal(rb_engine_threat(e, &pos, NULL, 0, NULL, &move, &info), RB_THREAT_IN_CHECK);
    assert_int_equal(move, RB_MOVE_NONE);
    assert_int_equal(info.depth, 0);
    assert_int_equal(info.pvlen, 0);
    rb_engine_free(e);
}

static void a_finished_game_has_no_threat(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(1);
    assert_non_null(e);
    static const char *const over[] = {
        "5R1/R3k2/2xxx2/2xxx2/2xxx2/7/3K3 b k 4 52", /* checkmate */
        "7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 1 1",      /* the throne taken */
    };
    for (size_t i = 0; i < sizeof over / sizeof over[0]; i++) {
        rb_pos pos;
        rb_test_parse(&pos, over[i]);
        rb_move move = 1;
        assert_int_equal(rb_engine_threat(e, &pos, NULL, 0, NULL, &move, NULL), RB_THREAT_NONE);
        assert_int_equal(move, RB_MOVE_NONE);
    }
    rb_engine_free(e);
}

static void the_engines_settings_are_kept(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    rb_engine_set_level(e, 3);
    rb_engine_set_multipv(e, 4);
    rb_pos pos;
    rb_test_parse(&pos, cases[0].fen);
    rb_limits limits = {0};
    limits.nodes = 3000;
    limits.infinite = true; /* ignored: a threat query always ends */
    rb_move move;
    rb_search_info info;
    assert_int_equal(rb_engine_threat(e, &pos, NULL, 0, &limits, &move, &info), RB_THREAT_MOVE);
    assert_true(info.nodes <= 3000);
    assert_int_equal(rb_engine_level(e), 3);
    assert_int_equal(rb_engine_multipv(e), 4);
    rb_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_opponents_win_is_the_threat), cmocka_unit_test(the_threat_is_the_opponents_search),
        cmocka_unit_test(a_side_in_check_cannot_pass),     cmocka_unit_test(a_finished_game_has_no_threat),
        cmocka_unit_test(the_engines_settings_are_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
