/*
 * test_game_record.c - the game record: undo, redo and browsing, and every
 * way a game ends (checkmate, throne, stalemate, threefold repetition,
 * resignation, agreement) as a player would meet it.
 */
#include "support.h"

#include <string.h>

#include "rb_game.h"
#include "rb_notation.h"

static const char *const start_fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

static rb_move find(const rb_game *g, const char *coord)
{
    rb_move m = RB_MOVE_NONE;
    char err[200];
    rb_move_parse_coord(rb_game_pos(g), coord, &m, err, sizeof err);
    return m;
}

static void undo_redo_and_browsing_move_the_cursor(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    assert_int_equal(g.ply, 0);
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    assert_string_equal(rb_result_text(rb_game_result(&g)), "*");
    assert_false(rb_game_undo(&g));
    assert_false(rb_game_redo(&g));

    rb_test_play(&g, "c2b3 c7b7 e1f1");
    assert_int_equal(g.length, 3);
    rb_pos after_two = g.positions[2];
    assert_true(rb_game_undo(&g));
    assert_int_equal(g.ply, 2);
    assert_true(rb_pos_equal(rb_game_pos(&g), &after_two));
    assert_int_equal(g.length, 3);
    assert_true(rb_game_redo(&g));
    assert_int_equal(g.ply, 3);
    assert_false(rb_game_redo(&g));

    assert_true(rb_game_goto(&g, 0));
    assert_true(rb_pos_equal(rb_game_pos(&g), &g.positions[0]));
    assert_false(rb_game_goto(&g, 4));
    assert_int_equal(g.ply, 0);
    assert_true(rb_game_goto(&g, 3));

    /* A new move in the middle drops the moves after it. */
    rb_game_goto(&g, 1);
    rb_test_play(&g, "c6b6");
    assert_int_equal(g.length, 2);
    assert_false(rb_game_redo(&g));

    /* Illegal moves are refused and change nothing. */
    rb_test_play(&g, "e1f1");
    rb_move stale = g.moves[2]; /* the rook has left e1 */
    assert_int_equal(rb_game_play(&g, stale), -1);
    assert_int_equal(rb_game_play(&g, RB_MOVE_NONE), -1);
    assert_int_equal(g.length, 3);
    rb_game_free(&g);
}

static void checkmate_ends_the_game(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1");
    rb_test_play(&g, "e7g6");
    assert_int_equal(rb_game_ending(&g), RB_END_CHECKMATE);
    assert_int_equal(rb_game_result(&g), RB_RESULT_WHITE);
    assert_string_equal(rb_ending_name(rb_game_ending(&g)), "checkmate");
    assert_string_equal(rb_result_text(rb_game_result(&g)), "1-0");
    /* Black has no move, and none is accepted. */
    rb_movelist list;
    assert_int_equal(rb_gen_legal(rb_game_pos(&g), &list), 0);
    assert_int_equal(rb_game_play(&g, g.moves[0]), -1);
    /* Stepping back reopens the game; the end is still there to browse to. */
    assert_true(rb_game_undo(&g));
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    assert_int_equal(rb_game_ending_at(&g, 1), RB_END_CHECKMATE);
    assert_int_equal(rb_game_result_at(&g, g.length), RB_RESULT_WHITE);
    rb_game_free(&g);
}

static void stalemate_is_a_draw(void **state)
{
    (void)state;
    rb_game g;
    /* The bishop reaching c2 covers b1 and, by its rebound, a2; the king
     * covers a2 and b2; a1 itself is not attacked. */
    rb_test_new_game(&g, "7/7/2xxx2/2xxx2/K1xxx2/7/k2B3 w - 0 1");
    rb_test_play(&g, "d1c2");
    assert_false(rb_pos_in_check(rb_game_pos(&g)));
    assert_int_equal(rb_game_ending(&g), RB_END_STALEMATE);
    assert_int_equal(rb_game_result(&g), RB_RESULT_DRAW);
    assert_string_equal(rb_result_text(rb_game_result(&g)), "1/2-1/2");
    rb_game_free(&g);
}

static void throne_wins_only_with_the_out_flag(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1");
    rb_test_play(&g, "c6d6");
    assert_int_equal(rb_game_ending(&g), RB_END_THRONE);
    assert_int_equal(rb_game_result(&g), RB_RESULT_WHITE);
    assert_int_equal(rb_game_play(&g, find(&g, "f3f2")), -1);
    rb_game_free(&g);

    rb_test_new_game(&g, "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1");
    rb_test_play(&g, "c6d6");
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    rb_test_play(&g, "f3f2");
    rb_game_free(&g);

    /* Black wins the same way on d2. */
    rb_test_new_game(&g, "7/7/2xxx2/2xxx2/K1xxx2/4k2/7 b k 0 1");
    rb_test_play(&g, "e2d2");
    assert_int_equal(rb_game_ending(&g), RB_END_THRONE);
    assert_int_equal(rb_game_result(&g), RB_RESULT_BLACK);
    rb_game_free(&g);
}

static void out_flag_is_set_and_cleared_by_the_start_line(void **state)
{
    (void)state;
    rb_game g;
    /* White's king leaves d2 for c1: the flag is set; back to d1: cleared. */
    rb_test_new_game(&g, "2r4/k6/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1");
    rb_test_play(&g, "d2c1");
    assert_true(rb_game_pos(&g)->out & RB_OUT_WHITE);
    rb_test_play(&g, "c7b7 c1d1");
    assert_false(rb_game_pos(&g)->out & RB_OUT_WHITE);
    rb_game_free(&g);

    /* A king that walked back over its start line, then goes round the
     * wrong way to the throne, has made an ordinary move there. */
    rb_test_new_game(&g, "2r4/k6/2xxx2/2xxx2/2xxx2/2K4/7 w K 0 1");
    rb_test_play(&g, "c2d2 c7b7 d2e2 b7c7 e2f3 c7b7 f3f4 b7c7 f4f5 c7b7 f5e6 b7c7 e6d6");
    assert_false(rb_game_pos(&g)->out & RB_OUT_WHITE);
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    rb_game_free(&g);
}

static void attacked_throne_cannot_be_entered(void **state)
{
    (void)state;
    rb_game g;
    /* The rook on d7 covers d6 with its one step south. */
    rb_test_new_game(&g, "3r3/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1");
    assert_true(find(&g, "c6d6") == RB_MOVE_NONE);
    rb_movelist list;
    rb_gen_legal(rb_game_pos(&g), &list);
    for (int i = 0; i < list.count; i++) {
        assert_int_not_equal(RB_MOVE_TO(list.moves[i]), rb_sq_parse("d6"));
    }
    /* Taking the rook first opens the way. */
    rb_test_play(&g, "c6d7 f3f2 d7d6");
    assert_int_equal(rb_game_ending(&g), RB_END_THRONE);
    rb_game_free(&g);
}

static void threefold_repetition_draws_on_the_third_occurrence(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    rb_test_play(&g, "e1f1 c7b7 f1e1 b7c7");
    assert_int_equal(rb_game_ending(&g), RB_END_NONE); /* second occurrence */
    rb_test_play(&g, "e1f1 c7b7 f1e1");
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    rb_test_play(&g, "b7c7");
    assert_int_equal(g.ply, 8);
    assert_int_equal(rb_game_ending(&g), RB_END_REPETITION);
    assert_int_equal(rb_game_result(&g), RB_RESULT_DRAW);
    assert_int_equal(rb_game_play(&g, find(&g, "c2b3")), -1);
    /* Undo reopens it, redo repeats the draw. */
    assert_true(rb_game_undo(&g));
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    assert_true(rb_game_redo(&g));
    assert_int_equal(rb_game_ending(&g), RB_END_REPETITION);
    rb_game_free(&g);
}

static void repetition_counts_the_out_flags(void **state)
{
    (void)state;
    rb_game g;
    /* The king goes c2-d2-c2: the placement comes back but the first return
     * sets White's flag, so the start position itself never repeats. */
    rb_test_new_game(&g, "2r4/k6/2xxx2/2xxx2/2xxx2/2K4/7 w - 0 1");
    const char *cycle = "c2d2 c7b7 d2c2 b7c7";
    rb_test_play(&g, cycle);
    assert_true(rb_game_pos(&g)->out & RB_OUT_WHITE);
    rb_test_play(&g, cycle);
    assert_int_equal(g.ply, 8);
    /* The placement of the start for the third time, but once with the
     * flag clear: only two occurrences of the same position. */
    assert_memory_equal(g.positions[0].board, g.positions[8].board, sizeof g.positions[0].board);
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    /* Kd2 with the flag clear, Black to move: plies 1, 5 and now 9. */
    rb_test_play(&g, "c2d2");
    assert_int_equal(g.ply, 9);
    assert_int_equal(rb_game_ending(&g), RB_END_REPETITION);
    rb_game_free(&g);
}

static void resignation_and_agreement_can_be_taken_back(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    rb_test_play(&g, "c2b3 c7b7");
    rb_game_resign(&g, RB_WHITE);
    assert_int_equal(rb_game_ending(&g), RB_END_RESIGNATION);
    assert_int_equal(rb_game_result(&g), RB_RESULT_BLACK);
    assert_int_equal(rb_game_play(&g, find(&g, "e1f1")), -1);
    /* Undo takes back the resignation, not a move. */
    assert_true(rb_game_undo(&g));
    assert_int_equal(g.ply, 2);
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    assert_int_equal(rb_game_result(&g), RB_RESULT_NONE);
    rb_test_play(&g, "e1f1");

    rb_game_agree_draw(&g);
    assert_int_equal(rb_game_ending(&g), RB_END_AGREEMENT);
    assert_int_equal(rb_game_result(&g), RB_RESULT_DRAW);
    /* Browsing back and forth keeps the agreement at the end. */
    rb_game_goto(&g, 1);
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    assert_int_equal(rb_game_result_at(&g, g.length), RB_RESULT_DRAW);
    rb_game_goto(&g, 3);
    assert_int_equal(rb_game_ending(&g), RB_END_AGREEMENT);

    /* Resigning while looking at an earlier position ends the game there. */
    rb_game_goto(&g, 1);
    rb_game_resign(&g, RB_BLACK);
    assert_int_equal(g.length, 1);
    assert_int_equal(rb_game_result(&g), RB_RESULT_WHITE);
    assert_false(rb_game_redo(&g));
    rb_game_free(&g);

    /* A loss on time is a result like a resignation, and taken back alike. */
    rb_test_new_game(&g, start_fen);
    rb_test_play(&g, "c2b3");
    rb_game_lose_on_time(&g, RB_BLACK);
    assert_int_equal(rb_game_ending(&g), RB_END_TIME_FORFEIT);
    assert_int_equal(rb_game_result(&g), RB_RESULT_WHITE);
    assert_int_equal(rb_game_play(&g, find(&g, "c7b7")), -1);
    assert_true(rb_game_undo(&g));
    assert_int_equal(g.ply, 1);
    assert_int_equal(rb_game_ending(&g), RB_END_NONE);
    rb_game_free(&g);

    /* A game already over cannot also be resigned. */
    rb_test_new_game(&g, "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1");
    rb_test_play(&g, "e7g6");
    rb_game_resign(&g, RB_WHITE);
    assert_int_equal(rb_game_ending(&g), RB_END_CHECKMATE);
    assert_int_equal(rb_game_result(&g), RB_RESULT_WHITE);
    rb_game_free(&g);
}

static void tags_are_set_replaced_and_removed(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    assert_null(rb_game_tag(&g, "White"));
    assert_int_equal(rb_game_set_tag(&g, "White", "Ada"), 0);
    assert_int_equal(rb_game_set_tag(&g, "Black", "Grace"), 0);
    assert_int_equal(rb_game_set_tag(&g, "White", "Alan"), 0);
    assert_string_equal(rb_game_tag(&g, "White"), "Alan");
    assert_string_equal(rb_game_tag(&g, "Black"), "Grace");
    assert_int_equal(g.ntags, 2);
    assert_int_equal(rb_game_set_tag(&g, "White", NULL), 0);
    assert_null(rb_game_tag(&g, "White"));
    assert_string_equal(rb_game_tag(&g, "Black"), "Grace");
    rb_game_free(&g);
}

static void names_of_endings_and_results(void **state)
{
    (void)state;
    static const char *const names[] = {"none",       "checkmate",   "throne",    "stalemate",
                                        "repetition", "resignation", "agreement", "time forfeit"};
    for (int e = RB_END_NONE; e <= RB_END_TIME_FORFEIT; e++) {
        assert_string_equal(rb_ending_name((rb_ending)e), names[e]);
    }
    assert_string_equal(rb_result_text(RB_RESULT_NONE), "*");
    assert_string_equal(rb_result_text(RB_RESULT_WHITE), "1-0");
    assert_string_equal(rb_result_text(RB_RESULT_BLACK), "0-1");
    assert_string_equal(rb_result_text(RB_RESULT_DRAW), "1/2-1/2");
}

static void a_start_already_won_is_over(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, "7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 0 1");
    assert_int_equal(rb_game_ending(&g), RB_END_THRONE);
    assert_int_equal(rb_game_result(&g), RB_RESULT_WHITE);
    rb_game_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(undo_redo_and_browsing_move_the_cursor),
        cmocka_unit_test(checkmate_ends_the_game),
        cmocka_unit_test(stalemate_is_a_draw),
        cmocka_unit_test(throne_wins_only_with_the_out_flag),
        cmocka_unit_test(out_flag_is_set_and_cleared_by_the_start_line),
        cmocka_unit_test(attacked_throne_cannot_be_entered),
        cmocka_unit_test(threefold_repetition_draws_on_the_third_occurrence),
        cmocka_unit_test(repetition_counts_the_out_flags),
        cmocka_unit_test(resignation_and_agreement_can_be_taken_back),
        cmocka_unit_test(tags_are_set_replaced_and_removed),
        cmocka_unit_test(names_of_endings_and_results),
        cmocka_unit_test(a_start_already_won_is_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
