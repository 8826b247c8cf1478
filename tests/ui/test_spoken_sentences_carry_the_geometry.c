/*
 * test_spoken_sentences_carry_the_geometry.c - the spoken mode's sentences
 * in English: the rings run clockwise as the flow does and cover the board
 * once; a square names its ring, its flow and what stands on it; a move
 * names its rebound, a capture and a check (short) and its path, colour
 * and out flag (full); a piece's destinations name their rebounds; the
 * king's steps go round the hole.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "words/speech_words.h"

static rb_pos at(const char *fen)
{
    rb_pos p;
    char err[300];
    if (rb_pos_parse(&p, fen, err, sizeof err) != 0) {
        fail_msg("%s: %s", fen, err);
    }
    return p;
}

static void rings_run_with_the_flow(void **state)
{
    (void)state;
    rb_bb seen = 0;
    for (int ring = 0; ring < 2; ring++) {
        int sq[RB_UI_SPEECH_RING_OUTER];
        int n = rb_ui_speech_ring(ring == 0, sq);
        assert_int_equal(n, ring == 0 ? RB_UI_SPEECH_RING_OUTER : RB_UI_SPEECH_RING_INNER);
        for (int i = 0; i < n; i++) {
            assert_true(sq[i] >= 0);
            assert_int_equal(rb_sq_is_outer(sq[i]), ring == 0);
            assert_false(seen & ((rb_bb)1 << sq[i]));
            seen |= (rb_bb)1 << sq[i];
            /* the next square clockwise is one step the way the flow runs
             * from every square where the flow does not turn */
            int next = sq[(i + 1) % n];
            if (!rb_sq_is_turn(sq[i])) {
                static const int df[] = {0, 1, 0, -1}, dr[] = {1, 0, -1, 0};
                int dir = rb_sq_forward(sq[i]);
                assert_int_equal(next, rb_sq_at(rb_sq_file(sq[i]) + df[dir], rb_sq_rank(sq[i]) + dr[dir]));
            }
        }
    }
    assert_int_equal(rb_popcount(seen), RB_NSQ);
}

static void square_names_ring_flow_and_piece(void **state)
{
    (void)state;
    rb_pos p;
    rb_pos_start(&p);
    char buf[400];
    rb_ui_speech_words_square(&p, rb_sq_parse("d1"), RB_UI_SPEECH_SHORT, buf, sizeof buf);
    assert_string_equal(buf, "d1, outer ring, flow west, white bishop");
    rb_ui_speech_words_square(&p, rb_sq_parse("b6"), RB_UI_SPEECH_FULL, buf, sizeof buf);
    assert_string_equal(buf, "b6, inner ring, flow east, empty, the flow turns here");
    rb_ui_speech_words_square(&p, rb_sq_parse("d2"), RB_UI_SPEECH_FULL, buf, sizeof buf);
    assert_string_equal(buf, "d2, inner ring, flow west, white king, Black's throne");
}

static void move_says_rebound_capture_and_check(void **state)
{
    (void)state;
    /* the rook on g1 slides west along rank 1 and rebounds up the a file */
    rb_pos p = at("7/3k3/2xxx2/2xxx2/2xxx2/4K2/6R w - 0 1");
    char buf[400];
    rb_move m = rb_move_find(&p, rb_sq_parse("g1"), rb_sq_parse("a4"), 0);
    assert_true(m != RB_MOVE_NONE);
    rb_ui_speech_words_move(&p, m, RB_UI_SPEECH_SHORT, buf, sizeof buf);
    assert_string_equal(buf, "rook g1 to a4, rebound at a1");
    rb_ui_speech_words_move(&p, m, RB_UI_SPEECH_FULL, buf, sizeof buf);
    assert_string_equal(buf, "white rook g1 to a4, rebound at a1, through f1, e1, d1, c1, b1, a1, a2, a3");
    rb_ui_speech_words_moves_of(&p, rb_sq_parse("g1"), buf, sizeof buf);
    assert_non_null(strstr(buf, "white rook g1, "));
    assert_non_null(strstr(buf, "to a4 by a1"));
    /* a capture, and a check */
    p = at("7/3k3/2xxx2/2xxx2/2xxx2/4K2/p5R w - 0 1");
    m = rb_move_find(&p, rb_sq_parse("g1"), rb_sq_parse("a1"), 0);
    rb_ui_speech_words_move(&p, m, RB_UI_SPEECH_SHORT, buf, sizeof buf);
    assert_string_equal(buf, "rook g1 to a1, takes pawn");
    rb_ui_speech_words_moves_of(&p, rb_sq_parse("g1"), buf, sizeof buf);
    assert_non_null(strstr(buf, "takes pawn on a1"));
    p = at("1k5/7/2xxx2/2xxx2/2xxx2/4K2/6R w - 0 1");
    m = rb_move_find(&p, rb_sq_parse("g1"), rb_sq_parse("a4"), 0);
    assert_true(m != RB_MOVE_NONE);
    rb_ui_speech_words_move(&p, m, RB_UI_SPEECH_SHORT, buf, sizeof buf);
    assert_string_equal(buf, "rook g1 to a4, rebound at a1, check");
}

static void kings_count_steps_round_the_hole(void **state)
{
    (void)state;
    assert_int_equal(rb_ui_speech_king_steps(rb_sq_parse("d6"), rb_sq_parse("d2")), 6);
    assert_int_equal(rb_ui_speech_king_steps(rb_sq_parse("a1"), rb_sq_parse("b2")), 1);
    rb_pos p;
    rb_pos_start(&p);
    char buf[400];
    rb_ui_speech_words_kings(&p, buf, sizeof buf);
    assert_string_equal(buf, "White king on d2, out flag not set, 6 steps from its throne d6. "
                             "Black king on d6, out flag not set, 6 steps from its throne d2");
    rb_ui_speech_words_pieces(&p, RB_ROOK, buf, sizeof buf);
    assert_string_equal(buf, "Rooks. White: e1, e2. Black: c6, c7");
    rb_ui_speech_words_material(&p, buf, sizeof buf);
    assert_string_equal(buf, "Material: White 15, Black 15");
    rb_ui_speech_words_board(&p, buf, sizeof buf);
    assert_string_equal(buf, "Outer ring, clockwise from a1: c7 black rook, d7 black bishop, e7 black pawn, "
                             "e1 white rook, d1 white bishop, c1 white pawn. Inner ring, clockwise from b2: "
                             "c6 black rook, d6 black king, e6 black pawn, e2 white rook, d2 white king, c2 "
                             "white pawn");
    rb_ui_speech_words_attackers(&p, rb_sq_parse("d6"), buf, sizeof buf);
    assert_string_equal(buf, "Nothing attacks d6. Defended by black rook c6");
    p = at("1k5/7/2xxx2/2xxx2/2xxx2/4K2/6R w - 0 1");
    rb_ui_speech_words_attackers(&p, rb_sq_parse("a5"), buf, sizeof buf);
    assert_string_equal(buf, "a5 is attacked by white rook g1, through f1, e1, d1, c1, b1, a1, a2, a3, a4");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rings_run_with_the_flow),
        cmocka_unit_test(square_names_ring_flow_and_piece),
        cmocka_unit_test(move_says_rebound_capture_and_check),
        cmocka_unit_test(kings_count_steps_round_the_hole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
