/*
 * test_tables_agree_with_one_ply.c - every entry of every table of up to
 * three men, and a sample of a four-man table, agrees with one ply of the
 * rules library's move generation (tb_check.h says what that means).
 */
#include "support.h"
#include "tb_check.h"
#include "tb_fixture.h"

static void every_entry_of_the_small_tables_agrees(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(false);
    rb_tb_set sets[16];
    int n = fixture_sets(3, sets, 16);
    assert_int_equal(n, 5);
    for (int i = 0; i < n; i++) {
        fixture_ensure(tb, &sets[i]);
        assert_int_equal(check_sample(tb, &sets[i], 0, 0), 0);
    }
    rb_tb_free(tb);
}

static void a_sample_of_a_four_man_table_agrees(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(false);
    fixture_ensure_name(tb, "KBvKB");
    rb_tb_set set;
    char err[128];
    rb_tb_set_parse(&set, "KBvKB", err, sizeof err);
    assert_int_equal(check_sample(tb, &set, rb_test_sanitized() ? 2000 : 30000, 7), 0);
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_entry_of_the_small_tables_agrees),
        cmocka_unit_test(a_sample_of_a_four_man_table_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
