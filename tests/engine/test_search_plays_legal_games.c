/*
 * test_search_plays_legal_games.c - whatever the level and however small
 * the budget, the engine only ever plays legal moves, and it answers "no
 * move" exactly when the game is over.
 */
#include "support.h"

#include "rb_engine.h"

static bool in_list(const rb_movelist *list, rb_move m)
{
    for (int i = 0; i < list->count; i++) {
        if (list->moves[i] == m) {
            return true;
        }
    }
    return false;
}

static void test_many_short_games_are_legal(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(2);
    assert_non_null(e);
    int games = rb_test_sanitized() ? 20 : 120, moves = 0;
    for (int g = 0; g < games; g++) {
        rb_pos pos;
        rb_pos_start(&pos);
        uint64_t keys[160];
        rb_engine_new_game(e);
        rb_engine_set_seed(e, (uint64_t)g);
        for (int ply = 0; ply < 150; ply++) {
            rb_movelist list;
            rb_gen_legal(&pos, &list);
            rb_engine_set_level(e, 1 + (g + ply) % RB_LEVEL_MAX);
            rb_limits limits = {0};
            limits.nodes = 50 + (uint64_t)((g * 37 + ply * 11) % 700);
            keys[ply] = pos.key;
            rb_move m = rb_engine_search(e, &pos, keys, (size_t)ply, &limits, NULL, NULL, NULL);
            if (list.count == 0) {
                assert_int_equal(m, RB_MOVE_NONE);
                break;
            }
            assert_true(in_list(&list, m));
            rb_pos_make(&pos, m, &pos);
            moves++;
        }
    }
    assert_true(moves > games * 10);
    rb_engine_free(e);
}

static void test_finished_games_have_no_move(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(1);
    assert_non_null(e);
    const char *over[] = {
        /* Black mated: rook g6 covers the a1 corner by rebound (rules example 7) */
        "7/6R/2xxx2/2xxx2/K1xxx2/7/k6 b - 0 1",
        /* Black to move with White's flagged king already on d6: won by throne */
        "7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 0 1",
    };
    for (size_t i = 0; i < sizeof over / sizeof over[0]; i++) {
        rb_pos pos;
        rb_test_parse(&pos, over[i]);
        rb_limits limits = {0};
        limits.depth = 3;
        rb_search_info info;
        assert_int_equal(rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info), RB_MOVE_NONE);
        assert_int_equal(info.kind, RB_SCORE_LOSS);
    }
    rb_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_many_short_games_are_legal),
        cmocka_unit_test(test_finished_games_have_no_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
