/*
 * test_multipv_lines.c - multi-line analysis and restricted roots.
 *
 * With N lines every completed iteration reports N lines, best first, whose
 * first moves differ, and the move played is line 1's; a root with fewer
 * moves gives fewer lines. One line searches exactly as an engine that never
 * heard of the setting. "searchmoves" keeps the root to the moves named.
 */
#include "support.h"

#include <string.h>

#include "rb_engine.h"
#include "rb_notation.h"

#define MAX_REPORTS 256

typedef struct reports {
    int count;
    rb_search_info got[MAX_REPORTS];
} reports;

static void collect(const rb_search_info *info, void *user)
{
    reports *r = user;
    if (r->count < MAX_REPORTS) {
        r->got[r->count++] = *info;
    }
}

/* A score as one number that orders like the scores do: a win beats any
 * centipawns, a quicker win a slower one; losses the other way round. */
static long ordered(const rb_search_info *i)
{
    switch (i->kind) {
    case RB_SCORE_WIN: return 1000000L - i->score;
    case RB_SCORE_LOSS: return -1000000L + i->score;
    default: return i->score;
    }
}

/* Checks every iteration's group of lines (all but the final report, which
 * repeats line 1) and returns the number of lines per iteration. */
static int check_groups(const reports *r, int want)
{
    assert_true(r->count >= want + 1);
    int n = r->count - 1, i = 0, per = -1;
    while (i < n) {
        int depth = r->got[i].depth, k = 0;
        while (i + k < n && r->got[i + k].depth == depth) {
            const rb_search_info *l = &r->got[i + k];
            assert_int_equal(l->multipv, k + 1);
            assert_true(l->pvlen >= 1);
            for (int j = 0; j < k; j++) {
                assert_true(r->got[i + j].pv[0] != l->pv[0]);
                assert_true(ordered(&r->got[i + j]) >= ordered(l));
            }
            k++;
        }
        if (per < 0) {
            per = k;
        }
        assert_int_equal(k, per);
        i += k;
    }
    assert_int_equal(per, want);
    return per;
}

static void n_lines_per_iteration_best_first_with_distinct_moves(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
        "4R2/3k1p1/1rxxxb1/2xxx1p/1Pxxx2/1P1K3/R6 w - 2 13",
        "1r5/2k2p1/2xxx2/2xxx2/2xxx2/4K2/7 b - 3 25",
    };
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    for (int lines = 2; lines <= 4; lines++) {
        rb_engine_set_multipv(e, lines);
        assert_int_equal(rb_engine_multipv(e), lines);
        for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
            rb_pos pos;
            rb_test_parse(&pos, fens[f]);
            rb_limits limits = {0};
            limits.depth = 7;
            static reports r;
            r.count = 0;
            rb_engine_new_game(e);
            rb_move best = rb_engine_search(e, &pos, NULL, 0, &limits, collect, &r, NULL);
            check_groups(&r, lines);
            /* the move played is the last iteration's line 1 */
            const rb_search_info *last_first = &r.got[r.count - 1 - lines];
            assert_int_equal(last_first->depth, 7);
            assert_int_equal(last_first->multipv, 1);
            assert_int_equal(best, last_first->pv[0]);
            /* and the lines can be read back after the search */
            rb_search_info back[RB_MULTIPV_MAX];
            assert_int_equal(rb_engine_lines(e, back, RB_MULTIPV_MAX), lines);
            for (int k = 0; k < lines; k++) {
                const rb_search_info *l = &r.got[r.count - 1 - lines + k];
                assert_int_equal(back[k].pv[0], l->pv[0]);
                assert_int_equal(back[k].score, l->score);
                assert_int_equal(back[k].kind, l->kind);
            }
        }
    }
    rb_engine_free(e);
}

/* The second line in a position with one winning move is the best of the
 * rest: as good as the best move a search without the winner finds. */
static void line_two_is_the_best_move_after_line_one(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, "2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12"); /* g2b1 mates */
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    rb_engine_set_multipv(e, 2);
    rb_limits limits = {0};
    limits.depth = 6;
    static reports r;
    r.count = 0;
    rb_move best = rb_engine_search(e, &pos, NULL, 0, &limits, collect, &r, NULL);
    assert_int_equal(best, rb_test_move(&pos, "g2b1"));
    rb_search_info lines[2];
    assert_int_equal(rb_engine_lines(e, lines, 2), 2);
    assert_int_equal(lines[0].kind, RB_SCORE_WIN);
    assert_int_equal(lines[0].score, 1);
    assert_true(lines[1].pv[0] != best);
    assert_false(lines[1].kind == RB_SCORE_WIN && lines[1].score == 1); /* the only mate in one */
    rb_engine_free(e);
}

static void fewer_moves_than_lines_gives_that_many(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, "5R1/4k2/2xxx2/2xxx2/2xxx2/7/1R1K3 b k 3 52"); /* three legal moves */
    rb_movelist legal;
    assert_int_equal(rb_gen_legal(&pos, &legal), 3);
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    rb_engine_set_multipv(e, RB_MULTIPV_MAX);
    rb_limits limits = {0};
    limits.depth = 5;
    static reports r;
    r.count = 0;
    rb_engine_search(e, &pos, NULL, 0, &limits, collect, &r, NULL);
    check_groups(&r, 3);

    /* searchmoves makes the root smaller still */
    limits.nsearchmoves = 2;
    limits.searchmoves[0] = legal.moves[0];
    limits.searchmoves[1] = legal.moves[2];
    r.count = 0;
    rb_move best = rb_engine_search(e, &pos, NULL, 0, &limits, collect, &r, NULL);
    check_groups(&r, 2);
    assert_true(best == legal.moves[0] || best == legal.moves[2]);
    rb_engine_free(e);
}

static void multipv_setting_is_clamped(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(1);
    assert_non_null(e);
    assert_int_equal(rb_engine_multipv(e), 1);
    rb_engine_set_multipv(e, 0);
    assert_int_equal(rb_engine_multipv(e), 1);
    rb_engine_set_multipv(e, 99);
    assert_int_equal(rb_engine_multipv(e), RB_MULTIPV_MAX);
    rb_engine_free(e);
}

/* One line after several is the search it always was: the same move,
 * score, nodes and reports as an engine that was never set. */
static void one_line_searches_as_before(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, "4R2/3k1p1/1rxxxb1/2xxx1p/1Pxxx2/1P1K3/R6 w - 2 13");
    rb_limits limits = {0};
    limits.nodes = 30000;
    rb_engine *plain = rb_engine_new(8), *changed = rb_engine_new(8);
    assert_non_null(plain);
    assert_non_null(changed);
    rb_engine_set_multipv(changed, 3);
    rb_engine_search(changed, &pos, NULL, 0, &limits, NULL, NULL, NULL);
    rb_engine_set_multipv(changed, 1);
    rb_engine_new_game(changed);
    static reports a, b;
    a.count = b.count = 0;
    rb_search_info fa, fb;
    rb_move ma = rb_engine_search(plain, &pos, NULL, 0, &limits, collect, &a, &fa);
    rb_move mb = rb_engine_search(changed, &pos, NULL, 0, &limits, collect, &b, &fb);
    assert_int_equal(ma, mb);
    assert_int_equal(fa.nodes, fb.nodes);
    assert_int_equal(fa.score, fb.score);
    assert_int_equal(a.count, b.count);
    for (int i = 0; i < a.count; i++) {
        assert_int_equal(a.got[i].multipv, 1);
        assert_int_equal(a.got[i].depth, b.got[i].depth);
        assert_int_equal(a.got[i].pv[0], b.got[i].pv[0]);
    }
    rb_search_info line;
    assert_int_equal(rb_engine_lines(plain, &line, 1), 1);
    assert_int_equal(line.pv[0], ma);
    rb_engine_free(plain);
    rb_engine_free(changed);
}

static void searchmoves_keeps_the_root_to_the_moves_named(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, "2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12"); /* g2b1 mates */
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    rb_limits limits = {0};
    limits.depth = 5;
    rb_move mate = rb_test_move(&pos, "g2b1");
    assert_int_equal(rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, NULL), mate);

    /* every move but the mate: another move, one of those named */
    rb_movelist legal;
    rb_gen_legal(&pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        if (legal.moves[i] != mate) {
            limits.searchmoves[limits.nsearchmoves++] = legal.moves[i];
        }
    }
    rb_search_info info;
    rb_move got = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_true(got != mate);
    bool named = false;
    for (int i = 0; i < limits.nsearchmoves; i++) {
        named = named || limits.searchmoves[i] == got;
    }
    assert_true(named);
    assert_false(info.kind == RB_SCORE_WIN && info.score == 1);

    /* a single move is the answer whatever it is worth */
    limits.nsearchmoves = 1;
    limits.searchmoves[0] = legal.moves[0] == mate ? legal.moves[1] : legal.moves[0];
    assert_int_equal(rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, NULL), limits.searchmoves[0]);

    /* moves that are not legal here are ignored; none left: every move */
    rb_pos start;
    rb_pos_start(&start);
    limits.searchmoves[0] = rb_test_move(&start, "c2b3"); /* no piece on c2 here */
    assert_int_equal(rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, NULL), mate);
    rb_engine_free(e);
}

/* A weaker level with several lines still picks a legal root move. */
static void weaker_levels_still_choose_with_lines(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_start(&pos);
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    rb_engine_set_multipv(e, 3);
    for (int level = RB_LEVEL_MIN; level < RB_LEVEL_MAX; level += 3) {
        rb_engine_set_level(e, level);
        rb_limits limits = {0};
        limits.depth = 4;
        rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, NULL);
        assert_true(rb_move_is_legal(&pos, m));
    }
    rb_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(n_lines_per_iteration_best_first_with_distinct_moves),
        cmocka_unit_test(line_two_is_the_best_move_after_line_one),
        cmocka_unit_test(fewer_moves_than_lines_gives_that_many),
        cmocka_unit_test(multipv_setting_is_clamped),
        cmocka_unit_test(one_line_searches_as_before),
        cmocka_unit_test(searchmoves_keeps_the_root_to_the_moves_named),
        cmocka_unit_test(weaker_levels_still_choose_with_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
