/*
 * test_tactics.c - full strength finds forced wins and the only defences.
 *
 * Each position has exactly one right move: the only move that forces
 * checkmate or a throne win within n moves (and no win is quicker), or the
 * only move that avoids such a loss. The positions were taken from engine
 * games and every answer is proven here again by a brute-force solver that
 * uses nothing but the rules library, so the suite cannot drift from the
 * rules. The engine gets a node budget (well under a second on any recent
 * machine) rather than a time, so the outcome never depends on the load.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "rb_engine.h"
#include "rb_notation.h"
#include "solver.h"

#define NODE_BUDGET 400000

typedef struct puzzle {
    const char *fen;
    const char *answer;
    int n;            /* moves of the side to move */
    const char *kind; /* mate, throne, mixed (either ending), or defence */
} puzzle;

static const puzzle puzzles[] = {
    {"2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12", "g2b1", 1, "mate"},
    {"4kp1/1R3rp/1Bxxx2/2xxx1b/1Pxxx2/1P3R1/4K2 w k 7 19", "b6a6", 1, "mate"},
    {"5R1/4k2/2xxx2/2xxx2/2xxx2/7/1R1K3 w k 3 52", "b1a6", 1, "mate"},
    {"6r/3k1p1/2xxx2/2xxx2/P1xxx2/5r1/1PKB3 b K 0 13", "g7d1", 2, "mate"},
    {"5k1/2R3R/2xxx2/2xxx2/2xxx2/P6/3K3 w k 3 29", "c6b6", 2, "mate"},
    {"7/3k1p1/2xxx2/2xxxp1/PPxxxb1/3KR1r/R6 b - 0 12", "f3e2", 2, "mate"},
    {"P6/3kbp1/r1xxx2/1rxxx2/2xxx2/3K3/7 b - 1 17", "a5a7", 2, "mate"},
    {"7/R1b1k2/2xxx2/2xxx2/2xxx2/1K4R/7 w Kk 5 35", "a6c6", 3, "mate"},
    {"7/R2r3/2xxxk1/2xxx2/2xxx1R/1P2K2/7 w k 1 22", "a6d6", 3, "mate"},
    {"3B2k/1P3r1/2xxx1p/1Pxxx2/1Kxxx2/7/2r4 b Kk 1 23", "f6f2", 3, "mate"},
    {"6R/4k2/2xxx2/2xxx2/2xxx2/1P1R3/4K2 w k 5 23", "d2d1", 3, "mate"},
    {"5r1/R5p/1Pxxxk1/2xxx1p/2xxx2/2K1R2/7 w Kk 2 18", "a6f7", 4, "mate"},
    {"6R/6R/2xxxk1/2xxx2/2xxxp1/2P1K2/7 w k 0 19", "e2f3", 4, "mate"},
    {"1r5/2k2p1/2xxx2/2xxx2/2xxx2/4K2/7 b - 3 25", "f6f5", 4, "mate"},
    {"7/2k4/2xxx2/1Pxxx2/1Kxxx1p/5r1/7 b K 11 28", "f2g2", 4, "mate"},
    {"1R5/P1K2k1/2xxx2/P1xxx2/2xxx2/7/7 w Kk 5 35", "c6d6", 1, "throne"},
    {"2P2k1/2K4/2xxx2/2xxx2/2xxxR1/7/7 w Kk 1 46", "c6d6", 1, "throne"},
    {"7/1K5/2xxx2/r1xxxp1/1bxxx2/4k2/R6 b Kk 11 40", "e2d2", 1, "throne"},
    {"2K4/4k2/2xxx2/2xxx2/2xxx2/R6/1P5 w Kk 3 41", "c7c6", 2, "throne"},
    {"1P4K/r6/2xxx2/2xxxp1/2xxxk1/7/7 b Kk 10 35", "f3e2", 2, "throne"},
    {"1R5/7/P1xxx2/P1xxx2/2xxx2/4p2/2K1k2 b Kk 3 35", "e2d1", 2, "throne"},
    {"7/2KP1k1/2xxx2/2xxxp1/2xxx2/R6/3p3 w Kk 0 36", "d6e7r", 2, "throne"},
    {"5pp/7/r1xxx2/2xxx2/2xxx2/4k2/2K4 b Kk 3 37", "a5a6", 3, "throne"},
    {"2b4/7/2xxx2/r1xxx2/2xxx2/2K1kp1/7 b Kk 1 59", "f2e1", 3, "throne"},
    {"2P4/4k2/1Kxxxpp/2xxx2/1Pxxx2/7/7 w Kk 0 30", "b5c6", 3, "throne"},
    {"7/P6/2xxx2/P1xxx2/2xxx2/2K1kp1/7 b Kk 2 34", "f2e1", 3, "throne"},
    {"4p2/4k2/1Kxxx2/2xxxp1/2xxx2/1P5/5R1 w Kk 0 21", "f1a6", 4, "throne"},
    {"7/r1K1k2/1Pxxx2/2xxx2/2xxx2/6R/7 w Kk 0 45", "b5a6", 4, "throne"},
    {"2K1k2/R4p1/2xxx2/1Pxxx1p/2xxx2/7/7 w Kk 4 29", "b4b5", 4, "throne"},
    {"7/P6/2xxx2/2xxx2/2xxxk1/1KR3r/7 b Kk 4 35", "f3e2", 4, "throne"},
    {"2r4/3kbp1/1Pxxx2/2xxx2/2xxx2/P2K3/1R1p3 w - 1 13", "b5c6", 1, "defence"},
    {"1r1k3/RR3p1/2xxx1p/2xxx2/2xxx2/1P1K3/7 b - 6 18", "b7c7", 1, "defence"},
    {"2r4/2k4/2xxx2/2xxxp1/2xxx2/5K1/7 w - 0 20", "f2f1", 1, "defence"},
    {"5r1/5k1/2xxx2/2xxx2/2xxxp1/3K3/7 w k 2 36", "d2c2", 1, "defence"},
    {"3k3/7/2xxx2/2xxx2/1Kxxx1p/4p2/5r1 w K 0 33", "b3c2", 2, "defence"},
    {"5R1/7/2xxx2/1PxxxBp/2xxx2/5pk/3K3 b k 7 31", "g2f3", 2, "defence"},
    {"4RR1/5p1/2xxxk1/2xxx2/1Pxxx1p/4K2/7 b k 0 18", "g3g2", 2, "defence"},
    {"2k4/7/2xxx2/2xxx2/1Kxxx2/4r2/7 w K 22 45", "b3a3", 2, "defence"},
    {"3P3/4kpp/1Pxxx2/2xxx1b/2xxx1r/3K1R1/4R2 b k 0 21", "e6f5", 2, "defence"},
    {"1k5/5p1/1Pxxx2/1Pxxx2/2xxx2/1K5/2r2r1 w K 1 21", "b5a6", 3, "defence"},
    {"7/2P1k2/P1xxx2/2xxxp1/2xxx2/2K1r2/7 w Kk 0 21", "c2b3", 3, "defence"},
    {"3Rpp1/1R5/2xxxk1/2xxx2/2xxx2/3K3/7 b k 0 15", "f7g6", 3, "defence"},
    {"1r5/4k2/1Pxxx2/2xxx2/2xxxp1/1PR4/2K1pr1 w Kk 0 20", "b2a3", 3, "defence"},
    {"5k1/3r3/2xxx2/2xxx2/2xxxb1/7/2K4 w Kk 0 40", "c1d2", 3, "defence"},
};

#define NPUZZLES (sizeof puzzles / sizeof puzzles[0])

static rb_move answer_of(const rb_pos *pos, const puzzle *p)
{
    rb_move m;
    char err[128];
    if (rb_move_parse_coord(pos, p->answer, &m, err, sizeof err) != 0) {
        fail_msg("%s: answer %s rejected: %s", p->fen, p->answer, err);
    }
    return m;
}

static void test_suite_is_broad(void **state)
{
    (void)state;
    int kinds[4][5] = {{0}};
    const char *names[4] = {"mate", "throne", "defence", "mixed"};
    for (size_t i = 0; i < NPUZZLES; i++) {
        for (int k = 0; k < 4; k++) {
            if (strcmp(puzzles[i].kind, names[k]) == 0) {
                kinds[k][puzzles[i].n]++;
            }
        }
    }
    assert_true(NPUZZLES >= 40);
    for (int n = 1; n <= 4; n++) {
        assert_true(kinds[0][n] >= 2); /* mates in 1..4 */
        assert_true(kinds[1][n] >= 2); /* throne wins in 1..4 */
    }
    for (int n = 1; n <= 3; n++) {
        assert_true(kinds[2][n] >= 3); /* defences against threats in 1..3 */
    }
}

/* The brute-force proof that each answer is right and the only one. */
static void test_answers_are_unique(void **state)
{
    (void)state;
    solver *any = solver_new(SOLVE_ANY), *mate = solver_new(SOLVE_MATE_ONLY), *throne = solver_new(SOLVE_THRONE_ONLY);
    assert_non_null(any);
    assert_non_null(mate);
    assert_non_null(throne);
    for (size_t i = 0; i < NPUZZLES; i++) {
        const puzzle *p = &puzzles[i];
        rb_pos pos;
        rb_test_parse(&pos, p->fen);
        rb_move want = answer_of(&pos, p), got = RB_MOVE_NONE;
        if (strcmp(p->kind, "defence") == 0) {
            if (solver_count_holding(any, &pos, p->n, &got) != 1 || got != want) {
                fail_msg("%s: %s is not the only defence", p->fen, p->answer);
            }
            /* and the threat is real: without a defence the opponent wins */
            rb_movelist list;
            assert_true(rb_gen_legal(&pos, &list) >= 3);
            continue;
        }
        if (p->n > 1 && solver_count_winning(any, &pos, p->n - 1, NULL) != 0) {
            fail_msg("%s: a quicker win than %d exists", p->fen, p->n);
        }
        if (solver_count_winning(any, &pos, p->n, &got) != 1 || got != want) {
            fail_msg("%s: %s is not the only win in %d", p->fen, p->answer, p->n);
        }
        solver *only = strcmp(p->kind, "mate") == 0 ? mate : strcmp(p->kind, "throne") == 0 ? throne : NULL;
        if (only != NULL && (solver_count_winning(only, &pos, p->n, &got) != 1 || got != want)) {
            fail_msg("%s: the win in %d is not by %s alone", p->fen, p->n, p->kind);
        }
    }
    free(any);
    free(mate);
    free(throne);
}

static void test_full_strength_solves_each(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(16);
    assert_non_null(e);
    uint64_t most = 0;
    int64_t slowest = 0;
    for (size_t i = 0; i < NPUZZLES; i++) {
        const puzzle *p = &puzzles[i];
        rb_pos pos;
        rb_test_parse(&pos, p->fen);
        rb_engine_new_game(e);
        rb_limits limits = {0};
        limits.nodes = NODE_BUDGET;
        rb_search_info info;
        rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
        char text[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(m, text);
        if (m != answer_of(&pos, p)) {
            fail_msg("%s: played %s, the answer is %s", p->fen, text, p->answer);
        }
        if (strcmp(p->kind, "defence") != 0) {
            if (info.kind != RB_SCORE_WIN || info.score > p->n) {
                fail_msg("%s: %s found without seeing the win in %d", p->fen, text, p->n);
            }
        } else {
            assert_int_not_equal(info.kind, RB_SCORE_WIN);
        }
        most = info.nodes > most ? info.nodes : most;
        slowest = info.time_ms > slowest ? info.time_ms : slowest;
    }
    /* for the record, not a check: a loaded machine is slower */
    printf("most nodes used on one position: %llu, longest search %lld ms\n", (unsigned long long)most,
           (long long)slowest);
    rb_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_suite_is_broad),
        cmocka_unit_test(test_answers_are_unique),
        cmocka_unit_test(test_full_strength_solves_each),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
