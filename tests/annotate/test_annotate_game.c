/*
 * test_annotate_game.c - the annotating library on games the engine plays
 * itself: when every move is the engine's own choice under the same limits,
 * no move is marked, and every evaluation written is the one the engine
 * gives the position after the move, from White's side. The annotator
 * searches the game's positions in order with one table, as the player
 * did; the expected evaluations are found the same way (a fresh table for
 * each position can differ by a few centipawns at this depth).
 */
#include "support.h"

#include <stdlib.h>

#include "annotate.h"

static void engine_moves_are_never_marked(void **state)
{
    (void)state;
    rb_limits lim = {0};
    lim.depth = 4;
    rb_engine *player = rb_engine_new(8), *judge = rb_engine_new(8);
    assert_non_null(player);
    assert_non_null(judge);
    for (int game = 0; game < 3; game++) {
        rb_game g;
        rb_test_new_game(&g, "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1");
        /* A different opening move each time, then the engine on both sides. */
        rb_movelist first;
        rb_gen_legal(rb_game_pos(&g), &first);
        assert_int_equal(rb_game_play(&g, first.moves[game * 3 % first.count]), 0);
        rb_engine_new_game(player);
        uint64_t keys[128];
        keys[0] = g.positions[0].key;
        while (g.length < 60 && rb_game_ending(&g) == RB_END_NONE) {
            for (size_t i = 0; i <= g.length; i++) {
                keys[i] = g.positions[i].key;
            }
            rb_move m = rb_engine_search(player, rb_game_pos(&g), keys, g.length, &lim, NULL, NULL, NULL);
            assert_int_equal(rb_game_play(&g, m), 0);
        }
        rb_annotate_tally tally;
        assert_int_equal(rb_annotate_game(judge, &g, &lim, &tally, NULL, NULL), 0);
        /* The engine's score of every position, searched in game order. */
        rb_search_info infos[128];
        rb_engine_new_game(player);
        for (size_t j = 0; j <= g.length; j++) {
            keys[j] = g.positions[j].key;
        }
        for (size_t j = 0; j <= g.length; j++) {
            rb_ending end = rb_game_ending_at(&g, j);
            if (end != RB_END_CHECKMATE && end != RB_END_THRONE && end != RB_END_STALEMATE &&
                end != RB_END_REPETITION) {
                rb_engine_search(player, &g.positions[j], keys, j, &lim, NULL, NULL, &infos[j]);
            }
        }
        assert_int_equal(tally.moves[RB_WHITE] + tally.moves[RB_BLACK], (int)g.length);
        /* The first move was chosen by hand, so only from the second on. */
        for (size_t i = 1; i < g.length; i++) {
            const rb_annotation *a = rb_game_annotation(&g, i);
            assert_int_equal(a->nnags, 0);
            assert_int_equal(a->line_len, 0);
            rb_ending end = rb_game_ending_at(&g, i + 1);
            if (end == RB_END_CHECKMATE || end == RB_END_THRONE) {
                assert_int_equal(a->eval.kind, RB_EVAL_NONE);
                continue;
            }
            /* The evaluation is the engine's score of the next position. */
            const rb_search_info info = infos[i + 1];
            int white = g.positions[i + 1].side == RB_WHITE ? 1 : -1;
            if (info.kind == RB_SCORE_CP) {
                assert_int_equal(a->eval.kind, RB_EVAL_CP);
                assert_int_equal(a->eval.value, white * info.score);
            } else {
                assert_int_equal(a->eval.kind, RB_EVAL_MATE);
                int sign = info.kind == RB_SCORE_WIN ? white : -white;
                assert_int_equal(a->eval.value, sign * info.score);
            }
        }
        rb_game_free(&g);
    }
    rb_engine_free(player);
    rb_engine_free(judge);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine_moves_are_never_marked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
