/*
 * test_assertions_stop_broken_contracts.c - RB_ASSERT (rb_util_assert.h)
 * stops a program that breaks a library's contract, and costs nothing
 * where it is compiled out.
 *
 * In a build with RB_ASSERTS (Debug, the sanitizer builds, RB_ASSERT=ON)
 * each case forks a child that breaks one contract: it hands the move
 * generator a position whose king square names no king, makes a move from
 * an empty square, puts a piece off the board, or reads a game record
 * whose cursor is past its moves. The child must die of SIGABRT with the
 * failed expression, and where it was, on stderr. A build without
 * RB_ASSERTS runs the same children, which must come to their end: the
 * checks are gone from the libraries too, not only from this file. Both
 * builds check that the macro evaluates its expression once, or not at
 * all.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rb_util_assert.h"

#ifdef RB_ASSERTS
static const bool asserts_on = true;
#else
static const bool asserts_on = false;
#endif

typedef struct outcome {
    bool aborted;   /* died of SIGABRT */
    bool finished;  /* exited with status 0 */
    char err[4096]; /* what it wrote on stderr */
} outcome;

/* Runs breach in a child with its stderr in a pipe; a child that gets
 * through it exits 0. */
static void run_child(void (*breach)(void), outcome *out)
{
    memset(out, 0, sizeof *out);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core); /* an abort here is expected, not worth a core file */
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        breach();
        _exit(0);
    }
    close(fds[1]);
    size_t n = 0;
    for (;;) {
        ssize_t got = read(fds[0], out->err + n, sizeof out->err - 1 - n);
        if (got <= 0) {
            break;
        }
        n += (size_t)got;
    }
    out->err[n] = '\0';
    close(fds[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    out->aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
    out->finished = WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* With assertions, the child aborted saying each of the words; without,
 * it ran to its end and said nothing. */
static void expect_stopped(void (*breach)(void), const char *const *words)
{
    outcome out;
    run_child(breach, &out);
    if (!asserts_on) {
        assert_true(out.finished);
        assert_string_equal(out.err, "");
        return;
    }
    if (!out.aborted) {
        fail_msg("the child was not stopped; it wrote: %s", out.err);
    }
    assert_non_null(strstr(out.err, "assertion failed: "));
    for (; *words != NULL; words++) {
        if (strstr(out.err, *words) == NULL) {
            fail_msg("'%s' is missing from: %s", *words, out.err);
        }
    }
}

/* ---- the contracts broken ---------------------------------------------- */

static void generate_with_a_king_square_that_holds_no_king(void)
{
    rb_pos pos;
    rb_pos_start(&pos);
    /* The king field now names a square of a piece that is not the king. */
    rb_bb others = pos.by_color[pos.side] & ~pos.by_type[RB_KING];
    pos.king[pos.side] = (uint8_t)__builtin_ctzll(others);
    rb_movelist list;
    rb_gen_legal(&pos, &list);
}

static void make_a_move_from_an_empty_square(void)
{
    rb_pos pos;
    rb_pos_start(&pos);
    rb_movelist list;
    rb_gen_legal(&pos, &list);
    rb_move m = list.moves[0];
    rb_pos_remove(&pos, RB_MOVE_FROM(m));
    rb_pos after;
    rb_pos_make(&pos, m, &after);
}

static void put_a_piece_off_the_board(void)
{
    rb_pos pos;
    rb_pos_clear(&pos);
    /* Square 40 would be past the mailbox; a Release build would write
     * there, so the child stops short of that when assertions are off. */
    if (asserts_on) {
        rb_pos_put(&pos, RB_NSQ, RB_PIECE(RB_WHITE, RB_ROOK));
    }
}

static void read_a_record_whose_cursor_is_past_its_moves(void)
{
    rb_pos start;
    rb_pos_start(&start);
    rb_game g;
    if (rb_game_init(&g, &start) != 0) {
        _exit(2);
    }
    if (asserts_on) {
        g.ply = g.length + 1;
        (void)rb_game_pos(&g);
    }
    rb_game_free(&g);
}

static void fail_an_assertion_of_this_file(void)
{
    RB_ASSERT_MSG(1 + 1 == 3, "arithmetic");
}
static const int failing_line = __LINE__ - 2; /* the assertion's */

/* ---- the tests ----------------------------------------------------------- */

static void the_generator_refuses_a_position_out_of_step(void **state)
{
    (void)state;
    static const char *const words[] = {"movegen.c", "rb_pos_is_sound(pos)", "rb_pos_put", NULL};
    expect_stopped(generate_with_a_king_square_that_holds_no_king, words);
}

static void making_a_move_from_an_empty_square_stops(void **state)
{
    (void)state;
    static const char *const words[] = {"position.c", "rb_pos_make", "rb_move_fits(pos, m)", NULL};
    expect_stopped(make_a_move_from_an_empty_square, words);
}

static void a_square_off_the_board_stops(void **state)
{
    (void)state;
    static const char *const words[] = {"position.c", "rb_pos_put", "sq < RB_NSQ", NULL};
    expect_stopped(put_a_piece_off_the_board, words);
}

static void a_record_cursor_past_its_moves_stops(void **state)
{
    (void)state;
    static const char *const words[] = {"game.c", "rb_game_pos", "record_in_step(g)", NULL};
    expect_stopped(read_a_record_whose_cursor_is_past_its_moves, words);
}

/* The message's whole form: file, line, function, expression, reason. */
static void the_message_names_file_line_function_and_expression(void **state)
{
    (void)state;
    outcome out;
    run_child(fail_an_assertion_of_this_file, &out);
    if (!asserts_on) {
        assert_true(out.finished);
        return;
    }
    assert_true(out.aborted);
    char expected[512];
    snprintf(expected, sizeof expected,
             "test_assertions_stop_broken_contracts.c:%d: fail_an_assertion_of_this_file: "
             "assertion failed: 1 + 1 == 3 (arithmetic)\n",
             failing_line);
    const char *line = strstr(out.err, "test_assertions_stop_broken_contracts.c:");
    assert_non_null(line);
    assert_string_equal(line, expected);
}

/* On, the expression is evaluated exactly once; off, never, though it is
 * still compiled (a variable named only in it is not unused). */
static void the_expression_is_evaluated_once_or_never(void **state)
{
    (void)state;
    int evaluated = 0;
    RB_ASSERT(++evaluated > 0);
    RB_ASSERT_MSG(++evaluated > 0, "counted");
    assert_int_equal(evaluated, asserts_on ? 2 : 0);
    int only_asserted = 7;
    RB_ASSERT(only_asserted == 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_expression_is_evaluated_once_or_never),
        cmocka_unit_test(the_message_names_file_line_function_and_expression),
        cmocka_unit_test(the_generator_refuses_a_position_out_of_step),
        cmocka_unit_test(making_a_move_from_an_empty_square_stops),
        cmocka_unit_test(a_square_off_the_board_stops),
        cmocka_unit_test(a_record_cursor_past_its_moves_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
