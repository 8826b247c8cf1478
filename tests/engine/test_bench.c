/*
 * test_bench.c - the bench is a fixed workload: its positions are valid and
 * still in play, and its node count is the same on every run, whatever the
 * engine did before, so it can fingerprint the search's behaviour.
 */
#include "support.h"

#include "engine.h"

static void test_bench_positions_are_valid_games_in_progress(void **state)
{
    (void)state;
    size_t n = 0;
    const char *const *list = rb_bench_positions(&n);
    assert_true(n >= 8);
    for (size_t i = 0; i < n; i++) {
        rb_pos pos;
        rb_test_parse(&pos, list[i]);
        if (rb_pos_status(&pos) != RB_ONGOING) {
            fail_msg("bench position %s is already decided", list[i]);
        }
    }
}

static void test_bench_node_count_repeats(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(4), *other = rb_engine_new(1);
    assert_non_null(e);
    assert_non_null(other);
    uint64_t first = 0, again = 0, elsewhere = 0;
    rb_engine_bench(e, 6, &first, NULL);
    /* a search in between, at another level, must leave no trace */
    rb_engine_set_level(e, 3);
    rb_pos pos;
    rb_pos_start(&pos);
    rb_limits limits = {0};
    limits.nodes = 5000;
    rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, NULL);
    rb_engine_bench(e, 6, &again, NULL);
    rb_engine_bench(other, 6, &elsewhere, NULL);
    assert_true(first > 0);
    assert_int_equal(first, again);
    assert_int_equal(first, elsewhere);
    assert_int_equal(rb_engine_level(e), 3);
    rb_engine_free(e);
    rb_engine_free(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bench_positions_are_valid_games_in_progress),
        cmocka_unit_test(test_bench_node_count_repeats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
