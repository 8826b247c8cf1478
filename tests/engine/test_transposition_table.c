/*
 * test_transposition_table.c - the table gives back what was stored, and a
 * cleared table gives back nothing: a new game or a bench position must not
 * meet a previous one's results, whether the clearing counted up or had to
 * write the table. An entry torn between two writers (its check word
 * from one, its data from the other, as two search threads can leave it)
 * is never taken for a hit.
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

/* The entry of bucket 0 that holds key, found by its stored words. */
static rb_tt_entry *entry_of(rb_tt *tt, uint64_t key)
{
    for (int i = 0; i < RB_TT_BUCKET; i++) {
        rb_tt_entry *e = &tt->buckets[0].e[i];
        if ((atomic_load(&e->check) ^ atomic_load(&e->data)) == key) {
            return e;
        }
    }
    fail_msg("the entry of %llx was not stored", (unsigned long long)key);
    return NULL;
}

static void test_a_torn_entry_is_never_a_hit(void **state)
{
    (void)state;
    rb_tt tt = new_table();
    /* two positions of bucket 0, as two threads would write them into
     * the same slot one after the other */
    uint64_t a = (uint64_t)1 << 40, b = (uint64_t)3 << 41;
    rb_tt_store(&tt, a, 0, some_move(), 25, 7, RB_BOUND_EXACT);
    rb_tt_entry *ea = entry_of(&tt, a);
    uint64_t check_a = atomic_load(&ea->check), data_a = atomic_load(&ea->data);
    rb_tt_clear(&tt);
    rb_tt_store(&tt, b, 0, RB_MOVE_NONE, -300, 2, RB_BOUND_UPPER);
    rb_tt_entry *eb = entry_of(&tt, b);
    uint64_t check_b = atomic_load(&eb->check), data_b = atomic_load(&eb->data);
    rb_tt_hit hit;
    /* each writer's words alone are whole entries: the control */
    atomic_store(&eb->data, data_b);
    assert_true(rb_tt_probe(&tt, b, 0, &hit));
    /* the check word of one beside the data of the other, both ways */
    atomic_store(&eb->check, check_a);
    atomic_store(&eb->data, data_b);
    assert_false(rb_tt_probe(&tt, a, 0, &hit));
    assert_false(rb_tt_probe(&tt, b, 0, &hit));
    atomic_store(&eb->check, check_b);
    atomic_store(&eb->data, data_a);
    assert_false(rb_tt_probe(&tt, a, 0, &hit));
    assert_false(rb_tt_probe(&tt, b, 0, &hit));
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
        cmocka_unit_test(test_a_torn_entry_is_never_a_hit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
