/*
 * test_lesson_files_name_their_errors.c - a broken lesson file says which
 * file, which line and what is wrong, and costs only its own chapter.
 *
 * Each case is a small chapter with one fault; the message must start with
 * "name:line:" for the line of the fault and say what is wrong in words a
 * lesson writer can act on. Then damaged copies of a good file (bytes
 * changed, cut short) must each give a chapter or a message, never a crash
 * or a leak (the sanitizer build checks the second).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "rb_learn.h"

#define GOOD_HEAD "chapter: rook\ntitle: The rook\nintro: Rooks run\n  with the flow.\n\n"
#define GOOD_STAGE                                                                                                     \
    "stage: corner\n"                                                                                                  \
    "title: The corner rebound\n"                                                                                      \
    "text: Slide west and turn north\n"                                                                                \
    "  at the corner.\n"                                                                                               \
    "position: 7/7/2xxx2/2xxxk1/1Kxxx2/7/4R2 w - 0 1\n"                                                                \
    "goal: collect a4,g7\n"                                                                                            \
    "par: 2\n"                                                                                                         \
    "solution: e1a4 a4g7\n"

static const char good[] = GOOD_HEAD GOOD_STAGE;

/* Parses text as "x.lesson" and expects failure with a message starting
 * "x.lesson:LINE: " and containing words. */
static void expect_error(const char *text, int line, const char *words)
{
    rb_learn_chapter c;
    char err[RB_LEARN_ERROR_MAX];
    err[0] = 0;
    int rc = rb_learn_parse_chapter(text, strlen(text), "x.lesson", true, &c, err, sizeof err);
    if (rc == 0) {
        rb_learn_chapter_free(&c);
        fail_msg("accepted, expected an error at line %d about '%s'", line, words);
    }
    char prefix[64];
    snprintf(prefix, sizeof prefix, "x.lesson:%d: ", line);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || strstr(err, words) == NULL) {
        fail_msg("got \"%s\", expected \"%s...%s...\"", err, prefix, words);
    }
}

static void a_good_chapter_reads_with_every_field(void **state)
{
    (void)state;
    rb_learn_chapter c;
    char err[RB_LEARN_ERROR_MAX];
    assert_int_equal(rb_learn_parse_chapter(good, strlen(good), "x.lesson", true, &c, err, sizeof err), 0);
    assert_string_equal(c.id, "rook");
    assert_string_equal(c.title, "The rook");
    assert_string_equal(c.intro, "Rooks run with the flow.");
    assert_string_equal(c.file, "x.lesson");
    assert_int_equal(c.nstages, 1);
    const rb_learn_stage *st = &c.stages[0];
    assert_string_equal(st->id, "corner");
    assert_string_equal(st->text, "Slide west and turn north at the corner.");
    assert_null(st->hint);
    assert_int_equal(st->goal.kind, RB_GOAL_COLLECT);
    assert_true(st->goal.squares == (((rb_bb)1 << rb_sq_parse("a4")) | ((rb_bb)1 << rb_sq_parse("g7"))));
    assert_int_equal(st->par, 2);
    assert_int_equal(st->replies, RB_REPLY_PASS);
    assert_int_equal(st->nsolution, 2);
    assert_int_equal(st->line, 6);
    assert_int_equal(st->solution_line, 13);
    rb_learn_chapter_free(&c);
}

static void each_fault_names_its_line(void **state)
{
    (void)state;
    expect_error("text: Hello\n", 1, "'text' belongs to a stage");
    expect_error("chapter: rook\n\n", 2, "no title");
    expect_error("chapter: Rook!\ntitle: x\n", 1, "chapter id 'Rook!'");
    expect_error("chapter: rook\ntitle: x\ncolour: blue\n", 3, "unknown key 'colour'");
    expect_error("chapter: rook\ntitle: x\njust words\n", 3, "expected 'key: value'");
    expect_error("chapter: rook\ntitle: x\n\n  floating\n", 4, "none to continue");
    expect_error("chapter: rook\ntitle: x\ntitle: y\n", 3, "given twice (first on line 2)");
    expect_error("chapter: rook\ntitle: x\n", 2, "no stages");
    expect_error("chapter: rook\ntitle: x\nstage: a\ntext: t\n", 3, "stage 'a' has no title");
    expect_error(GOOD_HEAD "stage: corner\nintro: late\n", 7, "belongs at the top");
    expect_error(GOOD_HEAD GOOD_STAGE "\n" GOOD_STAGE, 15, "stage id 'corner' is used twice");
    /* The fields' values */
    expect_error(GOOD_HEAD "stage: s\ntitle: t\ntext: t\nposition: 7/7/2xxx2/2xxx2/2xxx2/7/7 w - 0 1\n", 9,
                 "position: White has 0 kings");
    expect_error(GOOD_HEAD "stage: s\ngoal: win\n", 7, "unknown goal 'win'");
    expect_error(GOOD_HEAD "stage: s\ngoal: collect a4,c4\n", 7, "'c4' is not a square");
    expect_error(GOOD_HEAD "stage: s\ngoal: collect a4 b5\n", 7, "separated by commas");
    expect_error(GOOD_HEAD "stage: s\ngoal: mate\n", 7, "goal mate needs a number of moves");
    expect_error(GOOD_HEAD "stage: s\ngoal: promote queen\n", 7, "rook or a bishop, not 'queen'");
    expect_error(GOOD_HEAD "stage: s\ngoal: capture-all now\n", 7, "takes nothing after it");
    expect_error(GOOD_HEAD "stage: s\npar: 0\n", 7, "par must be a number of moves from 1");
    expect_error(GOOD_HEAD "stage: s\npar: two\n", 7, "not 'two'");
    expect_error(GOOD_HEAD "stage: s\nreplies: engine 9\n", 7, "depth from 1 to 6");
    expect_error(GOOD_HEAD "stage: s\nreplies: script e7e6 x9\n", 7, "'x9' is not a move");
    expect_error(GOOD_HEAD "stage: s\nreplies: sometimes\n", 7, "replies are 'pass'");
    expect_error(GOOD_HEAD "stage: s\nsolution: e1a4 -\n", 7, "'-' is not a move");
    expect_error(GOOD_HEAD "stage: s\ntitle: a\tb\001\n", 7, "control character");
    expect_error(GOOD_HEAD "stage: s\ntitle:\n", 7, "the value is empty");
}

/* The checks that need the rules: the solution replayed, the start. */
static void a_stage_that_cannot_be_played_names_its_solution_line(void **state)
{
    (void)state;
#define STAGE(goal, par, solution)                                                                                     \
    GOOD_HEAD "stage: s\ntitle: t\ntext: t\n"                                                                          \
              "position: 7/7/2xxx2/2xxxk1/1Kxxx2/7/4R2 w - 0 1\n"                                                      \
              "goal: " goal "\npar: " par "\nsolution: " solution "\n"
    expect_error(STAGE("collect a4,g7", "2", "e1g1 a4g7"), 12, "solution move 1 (e1g1) is illegal: ");
    expect_error(STAGE("collect a4,g7", "2", "e1a4"), 12, "ends before the goal is reached");
    expect_error(STAGE("collect a4", "2", "e1a4 a4g7"), 12, "goal is reached at move 1");
    expect_error(STAGE("collect a4,g7", "1", "e1a4 a4g7"), 12, "more than its par of 1");
    expect_error(STAGE("collect a4,b3", "2", "e1a4 a4g7"), 12, "a star stands on an occupied square");
    expect_error(STAGE("capture-all", "1", "e1a4"), 12, "no enemy piece to capture");
    expect_error(STAGE("escape-check", "1", "e1a4"), 12, "not in check");
    expect_error(STAGE("promote", "1", "e1a4"), 12, "no pawn to promote");
    expect_error(STAGE("safe-square d6", "1", "e1a4"), 12, "cannot be reached in one move");
    /* A move giving check, in a stage where Black passes, is refused: the
     * rook on a4 would attack the king on b7 round the a7 corner. */
    expect_error(GOOD_HEAD "stage: s\ntitle: t\ntext: t\n"
                           "position: 1k5/7/2xxx2/2xxx2/1Kxxx2/7/4R2 w - 0 1\n"
                           "goal: collect a4,g7\npar: 2\nsolution: e1a4 a4g7\n",
                 12, "solution move 1 (e1a4) is refused: That move attacks the black king");
    expect_error(GOOD_HEAD "stage: s\ntitle: t\ntext: t\n"
                           "position: 7/7/2xxx2/2xxxk1/1Kxxx2/7/4R2 w - 0 1\n"
                           "goal: collect a4,g7\npar: 2\nreplies: script f4f3 f3f2 f2f1\nsolution: e1a4 a4g7\n",
                 13, "the script has 3 replies but the solution uses 1");
#undef STAGE
}

/* Every damaged copy of a good file is either read or refused with a
 * message naming the file; nothing crashes and nothing leaks. */
static void damaged_files_never_crash(void **state)
{
    (void)state;
    size_t n = strlen(good);
    char *buf = malloc(n + 1);
    assert_non_null(buf);
    unsigned seed = 12345;
    int refused = 0;
    for (int round = 0; round < 3000; round++) {
        memcpy(buf, good, n + 1);
        size_t len = n;
        int edits = 1 + round % 4;
        for (int e = 0; e < edits; e++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % len;
            seed = seed * 1103515245u + 12345u;
            buf[at] = (char)(seed >> 16);
        }
        if (round % 5 == 0) {
            len = (seed >> 4) % n; /* cut short */
        }
        rb_learn_chapter c;
        char err[RB_LEARN_ERROR_MAX];
        err[0] = 0;
        if (rb_learn_parse_chapter(buf, len, "x.lesson", true, &c, err, sizeof err) == 0) {
            rb_learn_chapter_free(&c);
        } else {
            refused++;
            assert_true(strncmp(err, "x.lesson:", 9) == 0);
        }
    }
    assert_true(refused > 0);
    free(buf);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A folder with a broken file and two good ones: the good ones load in name
 * order, the broken one leaves one message with its path and line. */
static void a_broken_file_costs_only_its_chapter(void **state)
{
    (void)state;
    char dir[] = "/tmp/rb_lessons_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char a[256], b[256], c[256], other[256];
    snprintf(a, sizeof a, "%s/01-a.lesson", dir);
    snprintf(b, sizeof b, "%s/02-b.lesson", dir);
    snprintf(c, sizeof c, "%s/03-c.lesson", dir);
    snprintf(other, sizeof other, "%s/notes.txt", dir);
    write_file(a, "chapter: first\ntitle: First\n\n" GOOD_STAGE);
    write_file(b, "chapter: broken\ntitle: Broken\n\nstage: s\ngoal: win\n");
    write_file(c, "chapter: third\ntitle: Third\n\n" GOOD_STAGE);
    write_file(other, "not a lesson");
    rb_learn_set set;
    char err[RB_LEARN_ERROR_MAX];
    assert_int_equal(rb_learn_load_dir(dir, &set, err, sizeof err), 0);
    assert_int_equal(set.nchapters, 2);
    assert_string_equal(set.chapters[0].id, "first");
    assert_string_equal(set.chapters[1].id, "third");
    assert_int_equal(set.nerrors, 1);
    char expect[300];
    snprintf(expect, sizeof expect, "%s:5: unknown goal 'win'", b);
    assert_true(strncmp(set.errors[0], expect, strlen(expect)) == 0);
    assert_non_null(rb_learn_find(&set, 2, 1));
    assert_null(rb_learn_find(&set, 3, 1));
    rb_learn_set_free(&set);
    remove(a);
    remove(b);
    remove(c);
    remove(other);
    rmdir(dir);
    /* and a folder that is not there is one message */
    assert_int_equal(rb_learn_load_dir(dir, &set, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot be opened"));
}

/* A file that cannot be read is a problem a front end can say in its own
 * words (a message about the file); a lesson's own mistake is said in
 * English only, for its author. Both are in errors, in English. */
static void a_file_problem_comes_as_a_message_a_lesson_problem_in_english(void **state)
{
    (void)state;
    char dir[] = "/tmp/rb_lessons_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char b[256], d[256];
    snprintf(b, sizeof b, "%s/02-b.lesson", dir);
    snprintf(d, sizeof d, "%s/04-d.lesson", dir);
    write_file(b, "chapter: broken\ntitle: Broken\n\nstage: s\ngoal: win\n");
    assert_int_equal(mkdir(d, 0700), 0); /* opens, but does not read */
    rb_learn_set set;
    char err[RB_LEARN_ERROR_MAX];
    assert_int_equal(rb_learn_load_dir(dir, &set, err, sizeof err), 0);
    assert_int_equal(set.nerrors, 2);
    assert_string_equal(set.problems[0].file, b);
    assert_int_equal(set.problems[0].why.nparts, 0);
    assert_string_equal(set.problems[1].file, d);
    assert_int_equal(set.problems[1].line, 0);
    char said[RB_LEARN_ERROR_MAX];
    rb_message_text(&set.problems[1].why, NULL, NULL, said, sizeof said);
    assert_string_equal(said, "cannot be read");
    char expect[300];
    snprintf(expect, sizeof expect, "%s: cannot be read", d);
    assert_string_equal(set.errors[1], expect);
    rb_learn_set_free(&set);
    remove(b);
    rmdir(d);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_good_chapter_reads_with_every_field),
        cmocka_unit_test(each_fault_names_its_line),
        cmocka_unit_test(a_stage_that_cannot_be_played_names_its_solution_line),
        cmocka_unit_test(damaged_files_never_crash),
        cmocka_unit_test(a_broken_file_costs_only_its_chapter),
        cmocka_unit_test(a_file_problem_comes_as_a_message_a_lesson_problem_in_english),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
