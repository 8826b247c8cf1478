/*
 * test_transposition_table.c - the table gives back what was stored, and a
 * cleared table gives back nothing: a new game or a bench position must not
 * meet a previous one's results, whether the clearing counted up or had to
 * write the table.
 */
#include "support.h"

#include "engine.h"

/* A legal move of the start position, so the table holds a real one. */
static rb_move some_move(void)
{
    rb_pos pos;
    rb_movelist list;
    rb_pos_start(&pos);
    assert_true(rb_gen_legal(&pos, &list) > 0);
    return list.moves[list.count - 1];
}

static rb_tt new_table(void)
{
    rb_tt tt = {0};
    assert_int_equal(rb_tt_resize(&tt, 1), 0);
    return tt;
}

static void test_a_stored_result_is_found_again(void **state)
{
    (void)state;
    rb_tt tt = new_table();
    rb_move m = some_move();
    rb_tt_store(&tt, 0x1234567890abcdefull, 3, m, -57, 9, RB_BOUND_LOWER);
    rb_tt_hit hit;
    assert_true(rb_tt_probe(&tt, 0x1234567890abcdefull, 3, &hit));
    assert_int_equal(hit.move, m);
    assert_int_equal(hit.score, -57);
    assert_int_equal(hit.depth, 9);
    assert_int_equal(hit.bound, RB_BOUND_LOWER);
    assert_false(rb_tt_probe(&tt, 0x1234567890abcdeeull, 3, &hit));
    rb_tt_free(&tt);
}

static void test_a_cleared_table_finds_nothing(void **state)
{
    (void)state;
    rb_tt tt = new_table();
    uint64_t key = 0x0f1e2d3c4b5a6978ull;
    rb_tt_store(&tt, key, 0, some_move(), 10, 5, RB_BOUND_EXACT);
    rb_tt_clear(&tt);
    rb_tt_hit hit;
    assert_false(rb_tt_probe(&tt, key, 0, &hit));
    /* Nor does the old entry live on through a store of the same position
     * without a move: a table cleared by writing would have no move for it. */
    rb_tt_store(&tt, key, 0, RB_MOVE_NONE, 4, 1, RB_BOUND_UPPER);
    assert_true(rb_tt_probe(&tt, key, 0, &hit));
    assert_int_equal(hit.move, RB_MOVE_NONE);
    assert_int_equal(hit.depth, 1);
    rb_tt_free(&tt);
}

static void test_clearing_many_times_still_finds_nothing(void **state)
{
    (void)state;
    rb_tt tt = new_table();
    uint64_t key = 0x7766554433221100ull;
    rb_tt_store(&tt, key, 0, some_move(), 10, 5, RB_BOUND_EXACT);
    /* Once round the clearing count and one more, so that the count comes
     * back to the one the entry was written under. */
    rb_tt_hit hit;
    for (int i = 0; i <= RB_TT_CLEARINGS; i++) {
        rb_tt_clear(&tt);
        if (rb_tt_probe(&tt, key, 0, &hit)) {
            fail_msg("an entry from before the clearing was found after %d clearings", i + 1);
        }
    }
    rb_tt_free(&tt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_stored_result_is_found_again),
        cmocka_unit_test(test_a_cleared_table_finds_nothing),
        cmocka_unit_test(test_clearing_many_times_still_finds_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
