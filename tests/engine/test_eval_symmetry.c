/*
 * test_eval_symmetry.c - the evaluation sees the game the same way from
 * both sides.
 *
 * Turning the board 180 degrees and swapping the colours (pieces, side to
 * move and out flags) maps Rollerball onto itself, so every position and its
 * turned twin must get the same score for the side to move. The positions
 * come from random play, so they include odd material, set flags and kings
 * on the way to their thrones.
 */
#include "support.h"

#include "rb_engine.h"

static uint64_t rng_state = 12345;

static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void turned(const rb_pos *pos, rb_pos *out)
{
    rb_pos_clear(out);
    for (int sq = 0; sq < RB_NSQ; sq++) {
        rb_piece p = pos->board[sq];
        if (p != RB_EMPTY) {
            int t = rb_sq_at(6 - rb_sq_file(sq), 6 - rb_sq_rank(sq));
            rb_pos_put(out, t, RB_PIECE(RB_COLOR(p) ^ 1, RB_TYPE(p)));
        }
    }
    rb_pos_set_side(out, pos->side ^ 1);
    int flags = ((pos->out & RB_OUT_WHITE) ? RB_OUT_BLACK : 0) | ((pos->out & RB_OUT_BLACK) ? RB_OUT_WHITE : 0);
    rb_pos_set_out(out, flags);
}

static void test_start_position_is_balanced_apart_from_the_move(void **state)
{
    (void)state;
    rb_pos start, twin;
    rb_pos_start(&start);
    turned(&start, &twin);
    /* the start position turned is the start position with Black to move */
    assert_int_equal(rb_eval(&start), rb_eval(&twin));
}

static void test_turned_positions_score_alike(void **state)
{
    (void)state;
    int checked = 0;
    for (int game = 0; game < 200; game++) {
        rb_pos pos;
        rb_pos_start(&pos);
        for (int ply = 0; ply < 120; ply++) {
            rb_movelist list;
            if (rb_gen_legal(&pos, &list) == 0) {
                break;
            }
            rb_pos twin;
            turned(&pos, &twin);
            if (rb_eval(&pos) != rb_eval(&twin)) {
                char a[RB_POS_TEXT_MAX], b[RB_POS_TEXT_MAX];
                rb_pos_format(&pos, a, sizeof a);
                rb_pos_format(&twin, b, sizeof b);
                fail_msg("%s scores %d but its turned twin %s scores %d", a, rb_eval(&pos), b, rb_eval(&twin));
            }
            checked++;
            rb_pos_make(&pos, list.moves[next_random() % (uint64_t)list.count], &pos);
        }
    }
    assert_true(checked > 5000);
}

static void test_material_counts_for_the_side_that_has_it(void **state)
{
    (void)state;
    rb_pos pos;
    /* the start position without Black's rook on c6 */
    rb_test_parse(&pos, "2rbp2/3kp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1");
    assert_true(rb_eval(&pos) > 250);
    rb_pos_set_side(&pos, RB_BLACK);
    assert_true(rb_eval(&pos) < -250);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_position_is_balanced_apart_from_the_move),
        cmocka_unit_test(test_turned_positions_score_alike),
        cmocka_unit_test(test_material_counts_for_the_side_that_has_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
