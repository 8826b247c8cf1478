/*
 * test_forward_solver_agrees_on_four_pieces.c - the independent forward
 * solver recomputes two four-man sets (light bishop against dark bishop,
 * and the two dark bishops, whose wins are the longest) and every entry
 * matches the generator's. Long: each solve takes a minute or more.
 */
#include "support.h"
#include "fs_compare.h"
#include "tb_fixture.h"

static void compare(const char *name)
{
    rb_tb *tb = fixture_store(true);
    fs_solver *fs = fs_new();
    fixture_ensure_name(tb, name);
    rb_tb_set set;
    char err[128];
    assert_int_equal(rb_tb_set_parse(&set, name, err, sizeof err), 0);
    assert_int_equal(fs_compare_set(fs, tb, &set), 0);
    fs_free(fs);
    rb_tb_free(tb);
}

static void light_against_dark_bishop_matches(void **state)
{
    (void)state;
    compare("KBvKD");
}

static void dark_bishops_match(void **state)
{
    (void)state;
    compare("KDvKD");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(light_against_dark_bishop_matches),
        cmocka_unit_test(dark_bishops_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
