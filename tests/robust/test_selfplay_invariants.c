/*
 * test_selfplay_invariants.c - a short run of checked self-play (see
 * selfplay.h): every move keeps the key, copy-make, undo/redo and the
 * plain generator in agreement, and every game ends by a rule. The long run
 * is the robust_selfplay program.
 */
#include "support.h"

#include <string.h>

#include "selfplay.h"

static void games_keep_every_invariant_and_end_by_a_rule(void **state)
{
    (void)state;
    rb_selfplay_stats st;
    memset(&st, 0, sizeof st);
    unsigned games = rb_test_sanitized() ? 200 : 1000;
    int rc = rb_selfplay_run(1000, games, 64, &st);
    if (st.failures != 0) {
        fail_msg("%u games failed a check; first: %s", st.failures, st.first_failure);
    }
    assert_int_equal(st.capped, 0);
    assert_int_equal(rc, 0);
    assert_int_equal(st.games, games);
    unsigned by_rule =
        st.ends[RB_END_CHECKMATE] + st.ends[RB_END_THRONE] + st.ends[RB_END_STALEMATE] + st.ends[RB_END_REPETITION];
    assert_int_equal(by_rule, games);
    assert_true(st.plies >= games * 4u);
}

/* The smallest budget there is: the engine must still answer every
 * position with a legal move, and the games still end by a rule. */
static void a_one_node_budget_still_plays_games_to_a_rule(void **state)
{
    (void)state;
    rb_selfplay_stats st;
    memset(&st, 0, sizeof st);
    unsigned games = rb_test_sanitized() ? 4 : 40;
    assert_int_equal(rb_selfplay_run(7, games, 1, &st), 0);
    assert_int_equal(st.games, games);
    assert_int_equal(st.failures, 0);
    assert_string_equal(st.first_failure, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(games_keep_every_invariant_and_end_by_a_rule),
        cmocka_unit_test(a_one_node_budget_still_plays_games_to_a_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
