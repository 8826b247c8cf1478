/*
 * test_annotate_program.c - rollerball-annotate run as a user runs it: its
 * output reads back in the rules library's PGN reader with an evaluation
 * after every move, the blunder that allows a mate in one marked $4 with the
 * engine's better line, a mate let in from a playable position marked ?? and
 * from a lost one ?!, no move ever marked !, what the games already carried
 * kept, the same
 * output on one thread as on two; and bad command lines and files turned
 * away with a message and status 2, a file that goes wrong part-way
 * annotated as far as it goes with status 1.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "rb_notation.h"
#include "rb_pgn.h"

/* Runs the program with args (a shell word list), stdout to out and stderr
 * to err under the test folder; returns its exit status. */
static int run(const char *args, const char *out, const char *err)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s > '%s/%s' 2> '%s/%s'", RB_TEST_DATA, RB_ANNOTATE_BIN, args,
             RB_TEST_TMP, out, RB_TEST_TMP, err);
    int status = system(cmd);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

static char *slurp(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", RB_TEST_TMP, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *copy = malloc(n + 1);
    assert_non_null(copy);
    memcpy(copy, buf, n + 1);
    return copy;
}

static rb_game *read_back(const char *name, size_t want)
{
    char *text = slurp(name);
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    int rc = rb_pgn_read(text, strlen(text), &games, &n, &err);
    if (err.line != 0 || rc != (int)want) {
        fail_msg("%s reads back as %d games, error %d:%d %s:\n%s", name, rc, err.line, err.column, err.message, text);
    }
    free(text);
    return games;
}

static void free_games(rb_game *games, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
}

static bool is_class_nag(int nag)
{
    return nag == 1 || nag == 2 || nag == 4 || nag == 6;
}

/* Every move evaluated, at most one class NAG, a line for mistakes and
 * blunders that starts with another move than the one played. */
static void check_review(const rb_game *g)
{
    for (size_t i = 0; i < g->length; i++) {
        const rb_annotation *a = rb_game_annotation(g, i);
        rb_ending end = rb_game_ending_at(g, i + 1);
        if (end == RB_END_CHECKMATE || end == RB_END_THRONE) {
            assert_int_equal(a->eval.kind, RB_EVAL_NONE);
        } else {
            assert_int_not_equal(a->eval.kind, RB_EVAL_NONE);
        }
        int classes = 0;
        for (int k = 0; k < a->nnags; k++) {
            classes += is_class_nag(a->nags[k]);
        }
        assert_true(classes <= 1);
        if (rb_annotation_has_nag(a, RB_NAG_MISTAKE) || rb_annotation_has_nag(a, RB_NAG_BLUNDER)) {
            assert_true(a->line_len >= 1);
            assert_true(a->line[0] != g->moves[i]);
        }
    }
}

static void output_reads_back_annotated(void **state)
{
    (void)state;
    char args[1024];
    snprintf(args, sizeof args, "games.pgn --depth 4 -o '%s/annotated.pgn'", RB_TEST_TMP);
    assert_int_equal(run(args, "stdout.txt", "stderr.txt"), 0);
    rb_game *games = read_back("annotated.pgn", 2);
    check_review(&games[0]);
    check_review(&games[1]);

    /* Game 1: Black's rook move lets White mate at once. */
    const rb_annotation *a = rb_game_annotation(&games[0], 0);
    assert_int_equal(a->eval.kind, RB_EVAL_MATE);
    assert_int_equal(a->eval.value, 1);
    assert_true(rb_annotation_has_nag(a, RB_NAG_BLUNDER));
    assert_true(rb_annotation_has_nag(a, 14)); /* the NAG it had */
    assert_string_equal(a->comment, "I did not see it");
    assert_true(a->line_len >= 2);
    /* The mate itself is the engine's move: unmarked. */
    assert_int_equal(rb_game_annotation(&games[0], 1)->nnags, 0);

    /* Game 2 keeps its clocks and time control. */
    assert_int_equal(rb_game_annotation(&games[1], 0)->clock_ms, 300000);
    assert_int_equal(rb_game_annotation(&games[1], 1)->clock_ms, 298000);
    assert_string_equal(rb_game_tag(&games[1], "TimeControl"), "300+3");
    free_games(games, 2);

    /* One line on stderr for each game. */
    char *err = slurp("stderr.txt");
    assert_non_null(strstr(err, "game 1 (Ann - Bob), 2 moves"));
    assert_non_null(strstr(err, "game 2 (Cy - Di), 6 moves"));
    free(err);

    /* The same on one thread, to standard output, and only the first game. */
    assert_int_equal(run("games.pgn --depth 4 --threads 1", "one-thread.pgn", "stderr.txt"), 0);
    char *two = slurp("annotated.pgn"), *one = slurp("one-thread.pgn");
    assert_string_equal(one, two);
    free(one);
    free(two);
    assert_int_equal(run("games.pgn --depth 4 --games 1", "first.pgn", "stderr.txt"), 0);
    games = read_back("first.pgn", 1);
    assert_string_equal(rb_game_tag(&games[0], "Event"), "Blunder");
    free_games(games, 1);

    /* Annotating the annotated file gives it back unchanged. */
    snprintf(args, sizeof args, "'%s/annotated.pgn' --depth 4", RB_TEST_TMP);
    assert_int_equal(run(args, "again.pgn", "stderr.txt"), 0);
    one = slurp("again.pgn");
    two = slurp("annotated.pgn");
    assert_string_equal(one, two);
    free(one);
    free(two);
}

/* Games the engine played until a side let a mate in one in: from a
 * playable position that is a blunder, from a lost one an inaccuracy, where
 * the mate was forced already nothing; and no move of them is praised. */
static void a_mate_let_in_is_marked_by_the_standing(void **state)
{
    (void)state;
    char args[1024];
    snprintf(args, sizeof args, "mate-let-in.pgn --depth 6 -o '%s/mate-let-in.pgn'", RB_TEST_TMP);
    assert_int_equal(run(args, "stdout.txt", "stderr.txt"), 0);
    rb_game *games = read_back("mate-let-in.pgn", 3);
    static const int want[] = {RB_NAG_BLUNDER, RB_NAG_DUBIOUS, 0};
    for (size_t g = 0; g < 3; g++) {
        check_review(&games[g]);
        assert_int_equal(rb_game_ending(&games[g]), RB_END_CHECKMATE);
        const rb_annotation *a = rb_game_annotation(&games[g], games[g].length - 2);
        assert_int_equal(a->eval.kind, RB_EVAL_MATE);
        if (want[g] == 0) {
            assert_int_equal(a->nnags, 0);
        } else {
            assert_int_equal(a->nnags, 1);
            assert_int_equal(a->nags[0], want[g]);
        }
        for (size_t i = 0; i < games[g].length; i++) {
            assert_false(rb_annotation_has_nag(rb_game_annotation(&games[g], i), RB_NAG_GOOD));
        }
    }
    free_games(games, 3);
    char *text = slurp("mate-let-in.pgn");
    assert_null(strstr(text, "$1 "));
    assert_null(strstr(text, "$1\n"));
    free(text);
}

/* Runs with args expecting status and a message containing want. */
static void expect_refusal(const char *args, int status, const char *want)
{
    int got = run(args, "refused.pgn", "refused.txt");
    char *err = slurp("refused.txt");
    if (got != status || strstr(err, want) == NULL) {
        fail_msg("'%s': status %d, stderr \"%s\"; expected status %d and \"%s\"", args, got, err, status, want);
    }
    free(err);
}

static void bad_input_is_refused_with_a_message(void **state)
{
    (void)state;
    expect_refusal("", 2, "no input file");
    expect_refusal("no-such-file.pgn", 2, "cannot open no-such-file.pgn");
    expect_refusal("games.pgn --depth 0", 2, "--depth takes");
    expect_refusal("games.pgn --depth 4 --movetime 100", 2, "exclude each other");
    expect_refusal("games.pgn --movetime", 2, "--movetime needs a value");
    expect_refusal("games.pgn --games x", 2, "--games takes");
    expect_refusal("games.pgn --colour blue", 2, "unknown option '--colour'");
    expect_refusal("games.pgn broken.pgn", 2, "one input file only");
    expect_refusal("CMakeLists.txt", 2, "CMakeLists.txt:");

    /* Wrong part-way: what was read is annotated, and that is said. */
    expect_refusal("broken.pgn --depth 3", 1, "broken.pgn:5:27: move 2 (Black)");
    expect_refusal("broken.pgn --depth 3", 1, "annotating what was read before it: 1 game");
    rb_game *games = read_back("refused.pgn", 1);
    assert_int_equal(games[0].length, 3);
    check_review(&games[0]);
    free_games(games, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(output_reads_back_annotated),
        cmocka_unit_test(a_mate_let_in_is_marked_by_the_standing),
        cmocka_unit_test(bad_input_is_refused_with_a_message),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
