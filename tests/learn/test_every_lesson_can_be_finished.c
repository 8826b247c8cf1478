/*
 * test_every_lesson_can_be_finished.c - the shipped lessons, checked as a
 * player would meet them.
 *
 * Every file of assets/lessons loads without a message; there are at least
 * eight chapters and forty stages; every position string is valid, no stage
 * is finished (or over) before its first move, and every stage's stored
 * solution, replayed move by move through a lesson session, reaches the goal
 * within par, with the scripted replies played exactly as written. The hint
 * shown at each step is the solution's next move.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rb_learn.h"

static rb_learn_set set;

static int load(void **state)
{
    (void)state;
    const char *src = getenv("RB_SOURCE_DIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/assets/lessons", src ? src : ".");
    char err[RB_LEARN_ERROR_MAX];
    if (rb_learn_load_dir(dir, &set, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int unload(void **state)
{
    (void)state;
    rb_learn_set_free(&set);
    return 0;
}

static void every_file_loads_without_a_message(void **state)
{
    (void)state;
    for (int i = 0; i < set.nerrors; i++) {
        fprintf(stderr, "%s\n", set.errors[i]);
    }
    assert_int_equal(set.nerrors, 0);
}

static void there_are_eight_chapters_and_forty_stages(void **state)
{
    (void)state;
    int stages = 0;
    for (int c = 0; c < set.nchapters; c++) {
        assert_true(set.chapters[c].nstages >= 1);
        stages += set.chapters[c].nstages;
    }
    printf("%d chapters, %d stages\n", set.nchapters, stages);
    assert_true(set.nchapters >= 8);
    assert_true(stages >= 40);
}

/* What --list-lessons prints: one line per stage, three fields. */
static void the_list_has_one_line_per_stage(void **state)
{
    (void)state;
    size_t need = rb_learn_list(&set, NULL, 0);
    char *text = malloc(need + 1);
    assert_non_null(text);
    assert_int_equal(rb_learn_list(&set, text, need + 1), need);
    int lines = 0, stages = 0;
    for (int c = 0; c < set.nchapters; c++) {
        stages += set.chapters[c].nstages;
    }
    for (char *line = text; *line; lines++) {
        char *end = strchr(line, '\n');
        assert_non_null(end);
        int tabs = 0;
        for (char *c = line; c < end; c++) {
            tabs += *c == '\t';
        }
        assert_int_equal(tabs, 2);
        line = end + 1;
    }
    assert_int_equal(lines, stages);
    assert_true(strncmp(text, "1.1\t", 4) == 0);
    free(text);
}

static void every_position_string_is_valid_and_reads_back(void **state)
{
    (void)state;
    for (int c = 0; c < set.nchapters; c++) {
        for (int s = 0; s < set.chapters[c].nstages; s++) {
            const rb_learn_stage *st = &set.chapters[c].stages[s];
            rb_pos pos;
            char err[200], text[RB_POS_TEXT_MAX];
            assert_int_equal(rb_pos_parse(&pos, st->position, err, sizeof err), 0);
            rb_pos_format(&pos, text, sizeof text);
            assert_string_equal(text, st->position);
        }
    }
}

/* The replay itself, move by move, with what the player sees: each move is
 * legal, the hint before it is that very move, nothing ends the stage early,
 * the last move finishes it within par for three stars. */
static void every_solution_finishes_its_stage_within_par(void **state)
{
    (void)state;
    int failures = 0;
    for (int c = 0; c < set.nchapters; c++) {
        for (int s = 0; s < set.chapters[c].nstages; s++) {
            const rb_learn_stage *st = &set.chapters[c].stages[s];
            char err[RB_LEARN_ERROR_MAX];
            if (rb_learn_verify_stage(st, err, sizeof err) != 0) {
                fprintf(stderr, "%d.%d %s: %s\n", c + 1, s + 1, st->id, err);
                failures++;
                continue;
            }
            rb_learn_session ses;
            assert_int_equal(rb_learn_session_start(&ses, st), 0);
            assert_false(ses.done);
            for (int i = 0; i < st->nsolution; i++) {
                rb_move hint;
                rb_path path;
                assert_true(rb_learn_hint(&ses, &hint, &path));
                assert_int_equal(RB_MOVE_FROM(hint), st->solution[i].from);
                assert_int_equal(RB_MOVE_TO(hint), st->solution[i].to);
                assert_int_equal(path.sq[0], st->solution[i].from);
                assert_int_equal(path.sq[path.len - 1], st->solution[i].to);
                rb_learn_feedback fb;
                rb_learn_result r =
                    rb_learn_try(&ses, st->solution[i].from, st->solution[i].to, st->solution[i].promo, &fb);
                assert_int_equal(r, i + 1 == st->nsolution ? RB_LEARN_DONE : RB_LEARN_PLAYED);
            }
            assert_true(ses.done);
            assert_int_equal(rb_learn_stars(st, ses.moves), 3);
            if (st->replies == RB_REPLY_SCRIPT) {
                assert_int_equal(ses.replies, st->nscript);
            }
            /* Over means over, and a retry starts from the stage's position. */
            rb_learn_feedback fb;
            assert_int_equal(rb_learn_try(&ses, st->solution[0].from, st->solution[0].to, 0, &fb), RB_LEARN_OVER);
            rb_learn_session_reset(&ses);
            assert_true(rb_pos_equal(rb_learn_pos(&ses), &st->start));
            assert_false(ses.done);
            rb_learn_session_free(&ses);
        }
    }
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_file_loads_without_a_message),
        cmocka_unit_test(there_are_eight_chapters_and_forty_stages),
        cmocka_unit_test(the_list_has_one_line_per_stage),
        cmocka_unit_test(every_position_string_is_valid_and_reads_back),
        cmocka_unit_test(every_solution_finishes_its_stage_within_par),
    };
    return cmocka_run_group_tests(tests, load, unload);
}
