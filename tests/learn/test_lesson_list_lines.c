/*
 * test_lesson_list_lines.c - what --list-lessons prints and what --learn
 * reads: one "CHAPTER.STAGE<TAB>title<TAB>goal" line per stage, numbered
 * as a person counts, and the goal written as in the lesson files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rb_learn.h"

static const char first[] =
    "chapter: first\ntitle: First\n\n"
    "stage: a\ntitle: The corner rebound\ntext: t\n"
    "position: 7/7/2xxx2/2xxxk1/1Kxxx2/7/4R2 w - 0 1\ngoal: collect g7,a4\npar: 2\nsolution: e1a4 a4g7\n\n"
    "stage: b\ntitle: Mate along the sixth rank\ntext: t\n"
    "position: 7/3k3/R1xxx2/2xxx2/K1xxx2/7/7 w - 0 1\ngoal: mate 1\npar: 1\nsolution: a5a6\n";
static const char second[] =
    "chapter: second\ntitle: Second\n\n"
    "stage: p\ntitle: Promotion\ntext: t\n"
    "position: 2P4/7/2xxx2/2xxx2/K1xxx2/5k1/7 w - 0 1\ngoal: promote bishop\npar: 2\nsolution: c7d7 d7e7b\n";

static void one_line_per_stage(void **state)
{
    (void)state;
    rb_learn_set set;
    memset(&set, 0, sizeof set);
    rb_learn_chapter chapters[2];
    char err[RB_LEARN_ERROR_MAX];
    assert_int_equal(rb_learn_parse_chapter(first, strlen(first), "1", true, &chapters[0], err, sizeof err), 0);
    assert_int_equal(rb_learn_parse_chapter(second, strlen(second), "2", true, &chapters[1], err, sizeof err), 0);
    set.chapters = chapters;
    set.nchapters = 2;
    char buf[512];
    size_t n = rb_learn_list(&set, buf, sizeof buf);
    assert_string_equal(buf, "1.1\tThe corner rebound\tcollect a4,g7\n"
                             "1.2\tMate along the sixth rank\tmate 1\n"
                             "2.1\tPromotion\tpromote bishop\n");
    assert_int_equal(n, strlen(buf));
    char small[8];
    assert_int_equal(rb_learn_list(&set, small, sizeof small), n);
    assert_string_equal(small, "1.1\tThe");
    assert_int_equal(rb_learn_find(&set, 2, 1), &chapters[1].stages[0]);
    assert_null(rb_learn_find(&set, 1, 3));
    assert_null(rb_learn_find(&set, 0, 1));
    rb_learn_chapter_free(&chapters[0]);
    rb_learn_chapter_free(&chapters[1]);
}

static void every_goal_is_written_as_in_the_files(void **state)
{
    (void)state;
    rb_learn_goal g = {RB_GOAL_SAFE_SQUARE, ((rb_bb)1 << rb_sq_parse("b2")) | ((rb_bb)1 << rb_sq_parse("a1")), 0, 0};
    char buf[64];
    rb_learn_goal_text(&g, buf, sizeof buf);
    assert_string_equal(buf, "safe-square a1,b2");
    struct {
        rb_learn_goal goal;
        const char *text;
    } cases[] = {
        {{RB_GOAL_CAPTURE_ALL, 0, 0, 0}, "capture-all"},    {{RB_GOAL_THRONE, 0, 6, 0}, "throne 6"},
        {{RB_GOAL_ESCAPE_CHECK, 0, 0, 0}, "escape-check"},  {{RB_GOAL_PROMOTE, 0, 0, 0}, "promote"},
        {{RB_GOAL_PROMOTE, 0, 0, RB_ROOK}, "promote rook"}, {{RB_GOAL_STALEMATE, 0, 0, 0}, "stalemate"},
        {{RB_GOAL_REPETITION, 0, 0, 0}, "repetition"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rb_learn_goal_text(&cases[i].goal, buf, sizeof buf);
        assert_string_equal(buf, cases[i].text);
    }
}

static void stage_numbers_read_as_people_write_them(void **state)
{
    (void)state;
    int c = 0, s = 0;
    assert_int_equal(rb_learn_parse_ref("3.2", &c, &s), 0);
    assert_int_equal(c, 3);
    assert_int_equal(s, 2);
    assert_int_equal(rb_learn_parse_ref("10.12", &c, &s), 0);
    assert_int_equal(c, 10);
    assert_int_equal(s, 12);
    const char *bad[] = {"", "3", "3.", ".2", "3.2.1", "a.b", "0.1", "1.0", "-1.2", "3,2", "3.2 ", "99999.1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(rb_learn_parse_ref(bad[i], &c, &s), -1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_line_per_stage),
        cmocka_unit_test(every_goal_is_written_as_in_the_files),
        cmocka_unit_test(stage_numbers_read_as_people_write_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
