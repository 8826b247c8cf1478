/*
 * test_four_piece_tables_agree_with_one_ply.c - 100,000 legal positions
 * of every four-man table, chosen at random, agree with one ply of move
 * generation. Long: it reads the build's tables or computes all of them.
 */
#include "support.h"
#include "tb_check.h"
#include "tb_fixture.h"

static void samples_of_every_four_man_table_agree(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(true);
    rb_tb_set sets[32];
    int n = fixture_sets(4, sets, 32);
    assert_int_equal(n, 25);
    for (int i = 0; i < n; i++) {
        fixture_ensure(tb, &sets[i]);
        if (sets[i].men == 4) {
            int bad = check_sample(tb, &sets[i], 100000, (uint64_t)i + 1);
            printf("%s: 100000 positions checked, %d wrong\n", sets[i].name, bad);
            assert_int_equal(bad, 0);
        }
    }
    assert_string_equal(rb_tb_problem(tb), "");
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(samples_of_every_four_man_table_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
