/*
 * test_five_piece_tables_agree_with_one_ply.c - 20,000 legal positions of
 * every five-man table in the folder RB_TEST_FIVE names (made with
 * rollerball-tbgen SET, beside the four-man tables) agree with one ply of
 * move generation. Long, and skipped when no folder is named: five-man
 * tables are computed on demand, not by the build.
 */
#include "support.h"

#include <dirent.h>
#include <string.h>

#include "tb_check.h"
#include "tb_fixture.h"

static void samples_of_the_five_man_tables_agree(void **state)
{
    (void)state;
    const char *dir = getenv("RB_TEST_FIVE");
    if (dir == NULL || *dir == '\0') {
        skip();
    }
    rb_tb *tb = rb_tb_open(dir);
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    int checked = 0;
    while ((e = readdir(d)) != NULL) {
        char name[RB_TB_NAME_MAX + 8], err[256];
        size_t len = strlen(e->d_name);
        if (len < 5 || len >= sizeof name || strcmp(e->d_name + len - 4, RB_TB_EXT) != 0) {
            continue;
        }
        memcpy(name, e->d_name, len - 4);
        name[len - 4] = '\0';
        rb_tb_set set;
        if (rb_tb_set_parse(&set, name, err, sizeof err) != 0 || set.men != 5) {
            continue;
        }
        int bad = check_sample(tb, &set, 20000, (uint64_t)len);
        printf("%s: 20000 positions checked, %d wrong\n", set.name, bad);
        assert_int_equal(bad, 0);
        checked++;
    }
    closedir(d);
    assert_true(checked > 0);
    assert_string_equal(rb_tb_problem(tb), "");
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(samples_of_the_five_man_tables_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
