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
            /* The evaluation is the engine's score of the next position,
             * on the shown scale. */
            const rb_search_info info = infos[i + 1];
            int white = g.positions[i + 1].side == RB_WHITE ? 1 : -1;
            if (info.kind == RB_SCORE_CP) {
                assert_int_equal(a->eval.kind, RB_EVAL_CP);
                assert_int_equal(a->eval.value, rb_review_shown_cp(white * info.score));
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

/* Games the engine played with itself from a few random opening moves,
 * each up to a position where the side to move let a mate in one in with
 * its last move but one (searched at depth 6, the positions before were
 * worse but playable, lost, and a forced loss already). */
static const struct {
    const char *what, *moves;
    int nag; /* what the move letting the mate in is marked with, 0 none */
} mate_let_in[] = {
    {"from a playable position", "e2f2 e6f7 e1e2 d7e6 f2g2 e6e2 d2e2 f7g6 c2b1 g6f5 d1c6 e7f6 e2d1 c7g2",
     RB_NAG_BLUNDER},
    {"from a lost position",
     "c2b3 c7b7 e2f2 e7f6 d2e2 e6f5 b3b4 f5f4 e2d2 f4f3 d1c6 d6c6 c1b2 f3f2 e1a1 f2e2 d2e1 e2d1 a1a5 d1c1r a5b5 b7a7 "
     "e1f2 d7d1 f2e1 a7g2",
     RB_NAG_DUBIOUS},
    {"with mate forced already",
     "c2b1 c6b6 d1c2 e7f6 c2b3 e6f5 b3d7 c7d7 d2d1 d7g2 e2a2 g2a2 b1a2 b6b7 a2b3 f5f4 e1f1 b7g2 d1e1 f4f3 b3b4 f3f2 "
     "e1d2 g2f1 b4b5 f1g1 d2c2 f2e2 c2b3 g1g2 c1b2 e2d1 b2a3 d1c1r a3a4 c1b1",
     0},
};

static void letting_a_mate_in_is_judged_by_the_standing(void **state)
{
    (void)state;
    rb_limits lim = {0};
    lim.depth = 6;
    rb_engine *judge = rb_engine_new(8);
    assert_non_null(judge);
    for (size_t c = 0; c < sizeof mate_let_in / sizeof mate_let_in[0]; c++) {
        rb_game g;
        rb_test_new_game(&g, "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1");
        rb_test_play(&g, mate_let_in[c].moves);
        assert_int_equal(rb_game_ending(&g), RB_END_CHECKMATE);
        assert_int_equal(rb_annotate_game(judge, &g, &lim, NULL, NULL, NULL), 0);
        size_t k = g.length - 2;
        const rb_annotation *before = rb_game_annotation(&g, k - 1), *a = rb_game_annotation(&g, k);
        /* How the mover stood, from its side: the evaluation after the
         * move before, which is White's view. */
        int white = g.positions[k].side == RB_WHITE ? 1 : -1;
        if (mate_let_in[c].nag == RB_NAG_BLUNDER) {
            assert_int_equal(before->eval.kind, RB_EVAL_CP);
            assert_true(white * before->eval.value < -100 && white * before->eval.value > -400);
        } else if (mate_let_in[c].nag == RB_NAG_DUBIOUS) {
            assert_int_equal(before->eval.kind, RB_EVAL_CP);
            assert_true(white * before->eval.value < -1000);
        } else {
            assert_int_equal(before->eval.kind, RB_EVAL_MATE);
            assert_true(white * before->eval.value < 0);
        }
        assert_int_equal(a->eval.kind, RB_EVAL_MATE);
        assert_int_equal(a->eval.value, -white);
        if (mate_let_in[c].nag == 0 ? a->nnags != 0 : !rb_annotation_has_nag(a, mate_let_in[c].nag)) {
            fail_msg("the move letting a mate in %s: %d NAGs, the first $%d", mate_let_in[c].what, a->nnags,
                     a->nnags > 0 ? a->nags[0] : 0);
        }
        /* No move of any of them is praised. */
        for (size_t i = 0; i < g.length; i++) {
            assert_false(rb_annotation_has_nag(rb_game_annotation(&g, i), RB_NAG_GOOD));
        }
        rb_game_free(&g);
    }
    rb_engine_free(judge);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine_moves_are_never_marked),
        cmocka_unit_test(letting_a_mate_in_is_judged_by_the_standing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
