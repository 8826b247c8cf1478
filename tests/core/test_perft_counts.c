/*
 * test_perft_counts.c - move-tree sizes from the start position.
 *
 * The number of leaf nodes a few plies deep is the most sensitive summary of
 * a move generator: one missing rebound or one extra pawn step changes it.
 * The counts are the published ones of the rules (each promotion choice is
 * its own move; a throne-won position has no moves). "Divide" splits the
 * depth-6 count by root move, so a failure points at the guilty first move.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "plain_gen.h"

static const uint64_t start_counts[] = {1, 7, 49, 476, 4652, 53771, 622173, 8049487};

static void test_perft_from_start(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_start(&pos);
    /* depth 7 takes a moment; the sanitizer run stops at 6 */
    int deepest = rb_test_sanitized() ? 6 : 7;
    for (int depth = 0; depth <= deepest; depth++) {
        uint64_t nodes = rb_perft(&pos, depth);
        if (nodes != start_counts[depth]) {
            fail_msg("perft(%d) from the start: %llu, expected %llu", depth, (unsigned long long)nodes,
                     (unsigned long long)start_counts[depth]);
        }
    }
}

static void test_divide_at_depth_six(void **state)
{
    (void)state;
    static const struct {
        const char *move;
        uint64_t nodes;
    } divide[] = {
        {"c1b1", 56086}, {"c1b2", 54552}, {"c2b1", 110016}, {"c2b2", 107745},
        {"c2b3", 67213}, {"e1f1", 99218}, {"e2f2", 127343},
    };
    rb_pos pos;
    rb_pos_start(&pos);
    rb_movelist list;
    assert_int_equal(rb_gen_legal(&pos, &list), 7);
    uint64_t total = 0;
    for (int i = 0; i < 7; i++) {
        int from = rb_sq_parse((char[]){divide[i].move[0], divide[i].move[1], 0});
        int to = rb_sq_parse((char[]){divide[i].move[2], divide[i].move[3], 0});
        rb_move m = rb_move_find(&pos, from, to, 0);
        if (m == RB_MOVE_NONE) {
            fail_msg("root move %s not generated", divide[i].move);
        }
        rb_pos after;
        rb_pos_make(&pos, m, &after);
        uint64_t nodes = rb_perft(&after, 5);
        if (nodes != divide[i].nodes) {
            fail_msg("divide: %s leads to %llu nodes at depth 5, expected %llu", divide[i].move,
                     (unsigned long long)nodes, (unsigned long long)divide[i].nodes);
        }
        total += nodes;
    }
    assert_int_equal(total, start_counts[6]);
}

/* Positions where promotions, throne wins, rebound checks and mates happen
 * within a few plies, counted by both generators. The start position's
 * tree holds none of those before ply 8, so these fill the gap. */
static void test_perft_agrees_with_plain_on_tactical_positions(void **state)
{
    (void)state;
    static const char *const positions[] = {
        "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1",
        "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1",
        "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1",
        "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1",
        "5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1",
        "1B5/3k3/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1",
        "2rbp2/2rk3/2xxx2/2xxx2/2xxx2/3p3/1KPBR2 b K 7 19",
        "2r4/1P1k3/1bxxx2/2xxx2/2xxxP1/2Kp3/2B1R2 w k 0 30",
        "1r3B1/2b4/2xxxk1/2xxx2/1Kxxx2/R5p/1p5 b Kk 3 40",
        "7/3P3/2xxxk1/R1xxx2/2xxx2/1K2p2/3p3 w Kk 0 20",
        "7/2K4/2xxx2/2xxx2/2xxx2/4k2/7 w Kk 0 9",
        "7/3K3/2xxx2/2xxx2/2xxx2/4k2/7 b Kk 0 9",
    };
    int depth = rb_test_sanitized() ? 3 : 4;
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        rb_pos pos;
        rb_test_parse(&pos, positions[i]);
        uint64_t real = rb_perft(&pos, depth);
        uint64_t plain = plain_perft(positions[i], depth);
        if (real != plain) {
            fail_msg("perft(%d) of %s: library %llu, plain generator %llu", depth, positions[i],
                     (unsigned long long)real, (unsigned long long)plain);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_from_start),
        cmocka_unit_test(test_divide_at_depth_six),
        cmocka_unit_test(test_perft_agrees_with_plain_on_tactical_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
