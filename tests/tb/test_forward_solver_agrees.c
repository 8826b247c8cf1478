/*
 * test_forward_solver_agrees.c - an independent solver (forward_solver.c:
 * its own index, a forward fixed-point iteration, nothing shared with the
 * generator but the move generator) gets every entry of every table of up
 * to three men the same as the retrograde generator.
 */
#include "support.h"
#include "fs_compare.h"
#include "tb_fixture.h"

static void the_small_tables_match_the_forward_solver(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(false);
    fs_solver *fs = fs_new();
    rb_tb_set sets[16];
    int n = fixture_sets(3, sets, 16);
    for (int i = 0; i < n; i++) {
        fixture_ensure(tb, &sets[i]);
        assert_int_equal(fs_compare_set(fs, tb, &sets[i]), 0);
    }
    fs_free(fs);
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_small_tables_match_the_forward_solver),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
