/*
 * test_progress_survives_damage.c - the stars a person has won are kept
 * between runs, and a damaged progress file loses only what is damaged.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rb_learn.h"

static void finishes_are_kept_best_first(void **state)
{
    (void)state;
    rb_learn_progress p;
    rb_learn_progress_clear(&p);
    assert_int_equal(rb_learn_progress_stars(&p, "rook", "corner"), 0);
    rb_learn_progress_record(&p, "rook", "corner", 2);
    rb_learn_progress_record(&p, "rook", "corner", 1); /* a worse retry keeps the best */
    assert_int_equal(rb_learn_progress_stars(&p, "rook", "corner"), 2);
    rb_learn_progress_record(&p, "rook", "corner", 3);
    assert_int_equal(rb_learn_progress_stars(&p, "rook", "corner"), 3);
    rb_learn_progress_record(&p, "king", "steps", 1);
    assert_string_equal(p.last, "king/steps");
    rb_learn_progress_visit(&p, "pawn", "promote-rook");
    assert_string_equal(p.last, "pawn/promote-rook");
    assert_int_equal(rb_learn_progress_stars(&p, "pawn", "promote-rook"), 0);
    rb_learn_progress_record(&p, "king", "steps", 4); /* not a number of stars */
    assert_int_equal(rb_learn_progress_stars(&p, "king", "steps"), 1);
}

static void text_round_trip(void **state)
{
    (void)state;
    rb_learn_progress p, q;
    rb_learn_progress_clear(&p);
    rb_learn_progress_record(&p, "rook", "corner", 3);
    rb_learn_progress_record(&p, "bishop", "back-step", 2);
    char buf[512];
    size_t n = rb_learn_progress_format(&p, buf, sizeof buf);
    assert_string_equal(buf,
                        "rollerball-lessons 1\nstars rook/corner 3\nstars bishop/back-step 2\nlast bishop/back-step\n");
    assert_int_equal(n, strlen(buf));
    /* too small a buffer: cut, terminated, and the length needed returned */
    char small[10];
    assert_int_equal(rb_learn_progress_format(&p, small, sizeof small), n);
    assert_int_equal(strlen(small), sizeof small - 1);
    char err[RB_LEARN_ERROR_MAX];
    assert_int_equal(rb_learn_progress_parse(&q, buf, n, "p", err, sizeof err), 0);
    assert_int_equal(q.count, 2);
    assert_int_equal(rb_learn_progress_stars(&q, "rook", "corner"), 3);
    assert_int_equal(rb_learn_progress_stars(&q, "bishop", "back-step"), 2);
    assert_string_equal(q.last, "bishop/back-step");
}

static void damaged_lines_are_dropped_and_the_rest_kept(void **state)
{
    (void)state;
    static const char text[] = "rollerball-lessons 1\r\n"
                               "stars rook/corner 3\n"
                               "stars rook/corner 9\n" /* 2: bad stars */
                               "stars Rook!/x 2\n"     /* 3: bad key */
                               "\n"
                               "garbage \x01\xff\n" /* 5: not a line of ours */
                               "stars king/steps 2\n"
                               "last nowhere\n"; /* 7: bad key */
    rb_learn_progress p;
    char err[RB_LEARN_ERROR_MAX];
    int problems = rb_learn_progress_parse(&p, text, sizeof text - 1, "progress.txt", err, sizeof err);
    assert_int_equal(problems, 4);
    assert_string_equal(err,
                        "progress.txt:3: expected 'stars CHAPTER/STAGE N' with N from 1 to 3; the line is dropped");
    assert_int_equal(p.count, 2);
    assert_int_equal(rb_learn_progress_stars(&p, "rook", "corner"), 3);
    assert_int_equal(rb_learn_progress_stars(&p, "king", "steps"), 2);
    assert_string_equal(p.last, "");
}

static void a_file_of_something_else_means_a_fresh_start(void **state)
{
    (void)state;
    rb_learn_progress p;
    char err[RB_LEARN_ERROR_MAX];
    static const char other[] = "[window]\nwidth=800\nstars rook/corner 3\n";
    assert_int_equal(rb_learn_progress_parse(&p, other, sizeof other - 1, "f", err, sizeof err), 1);
    assert_non_null(strstr(err, "f:1: not a lessons progress file"));
    assert_int_equal(p.count, 0);
    assert_int_equal(rb_learn_progress_parse(&p, "", 0, "f", err, sizeof err), 1);
    assert_non_null(strstr(err, "empty"));
    /* every cut of a good file reads without harm */
    static const char good[] = "rollerball-lessons 1\nstars rook/corner 3\nlast rook/corner\n";
    for (size_t n = 0; n <= sizeof good - 1; n++) {
        rb_learn_progress_parse(&p, good, n, "f", err, sizeof err);
        assert_true(p.count <= 1);
    }
}

static void files_are_replaced_whole_and_other_files_are_left_alone(void **state)
{
    (void)state;
    char dir[] = "/tmp/rb_progress_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], neighbour[256], tmp[300];
    snprintf(path, sizeof path, "%s/lessons.txt", dir);
    snprintf(neighbour, sizeof neighbour, "%s/settings.ini", dir);
    snprintf(tmp, sizeof tmp, "%s.new", path);
    FILE *f = fopen(neighbour, "w");
    assert_non_null(f);
    fputs("volume=3\n", f);
    fclose(f);

    rb_learn_progress p, q;
    char err[RB_LEARN_ERROR_MAX];
    /* no file yet: a clean fresh start */
    assert_int_equal(rb_learn_progress_load(&q, path, err, sizeof err), 0);
    assert_int_equal(q.count, 0);
    rb_learn_progress_clear(&p);
    rb_learn_progress_record(&p, "check", "three-ways", 3);
    assert_int_equal(rb_learn_progress_save(&p, path, err, sizeof err), 0);
    assert_int_equal(access(tmp, F_OK), -1); /* nothing left beside it */
    assert_int_equal(rb_learn_progress_load(&q, path, err, sizeof err), 0);
    assert_int_equal(rb_learn_progress_stars(&q, "check", "three-ways"), 3);

    /* damage the file: the game is told, keeps what it can and, once it
     * saves, the file is whole again */
    f = fopen(path, "a");
    assert_non_null(f);
    fputs("stars \n", f);
    fclose(f);
    assert_int_equal(rb_learn_progress_load(&q, path, err, sizeof err), 1);
    assert_non_null(strstr(err, "lessons.txt:4:"));
    assert_int_equal(rb_learn_progress_stars(&q, "check", "three-ways"), 3);
    assert_int_equal(rb_learn_progress_save(&q, path, err, sizeof err), 0);
    assert_int_equal(rb_learn_progress_load(&q, path, err, sizeof err), 0);

    char line[64];
    f = fopen(neighbour, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    assert_string_equal(line, "volume=3\n");

    /* a folder that cannot be written: an error, and the old file stays */
    char missing[300];
    snprintf(missing, sizeof missing, "%s/no/such/folder/lessons.txt", dir);
    assert_int_equal(rb_learn_progress_save(&p, missing, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot be written"));

    remove(path);
    remove(neighbour);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finishes_are_kept_best_first),
        cmocka_unit_test(text_round_trip),
        cmocka_unit_test(damaged_lines_are_dropped_and_the_rest_kept),
        cmocka_unit_test(a_file_of_something_else_means_a_fresh_start),
        cmocka_unit_test(files_are_replaced_whole_and_other_files_are_left_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
