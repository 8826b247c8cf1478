/*
 * test_threads_agree_with_one.c - the search on several threads (lazy SMP)
 * finds what one thread finds, and one thread searches exactly as before.
 *
 * Several threads are not deterministic, so what they must agree on is what
 * is forced: on positions with one winning move (mates and throne wins,
 * proven by the tactics suite's brute-force solver) they play that move and
 * see the same win, as one thread does, at the same depth. One thread must
 * give the same move, score, line and node count as an engine that never
 * had helpers, even after it had some; and a level below full strength
 * never starts a helper, so it keeps the strength it was measured at. The
 * helpers' insides are read through the engine's own header: whether they
 * searched at all is the point of two of the checks.
 *
 * Every test here also runs under ThreadSanitizer (the tsan preset), which
 * is what proves the shared table and the stop are free of data races.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "engine.h"
#include "rb_notation.h"
#include "rb_util_clock.h"

typedef struct win {
    const char *fen;
    const char *answer;
    int n; /* moves to the win */
} win;

/* From the tactics suite: each answer is the only win in n. */
static const win wins[] = {
    {"2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12", "g2b1", 1},
    {"6r/3k1p1/2xxx2/2xxx2/P1xxx2/5r1/1PKB3 b K 0 13", "g7d1", 2},
    {"7/3k1p1/2xxx2/2xxxp1/PPxxxb1/3KR1r/R6 b - 0 12", "f3e2", 2},
    {"7/R1b1k2/2xxx2/2xxx2/2xxx2/1K4R/7 w Kk 5 35", "a6c6", 3},
    {"3B2k/1P3r1/2xxx1p/1Pxxx2/1Kxxx2/7/2r4 b Kk 1 23", "f6f2", 3},
    {"1R5/P1K2k1/2xxx2/P1xxx2/2xxx2/7/7 w Kk 5 35", "c6d6", 1},
    {"2K4/4k2/2xxx2/2xxx2/2xxx2/R6/1P5 w Kk 3 41", "c7c6", 2},
    {"2b4/7/2xxx2/r1xxx2/2xxx2/2K1kp1/7 b Kk 1 59", "f2e1", 3},
    {"2P4/4k2/1Kxxxpp/2xxx2/1Pxxx2/7/7 w Kk 0 30", "b5c6", 3},
};

#define NWINS (sizeof wins / sizeof wins[0])

/* Middle games and endings for the exact comparisons (the bench's). */
static const char *const positions[] = {
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
    "4R2/3k1p1/1rxxxb1/2xxx1p/1Pxxx2/1P1K3/R6 w - 2 13",
    "5r1/R5p/1Pxxxk1/2xxx1p/2xxx2/2K1R2/7 w Kk 2 18",
    "7/2P1k2/P1xxx2/2xxxp1/2xxx2/2K1r2/7 w Kk 0 21",
};

#define NPOSITIONS (sizeof positions / sizeof positions[0])

static rb_engine *engine_with_threads(int threads)
{
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    assert_int_equal(rb_engine_set_threads(e, threads), 0);
    assert_int_equal(rb_engine_threads(e), threads);
    return e;
}

static uint64_t helper_nodes(const rb_engine *e)
{
    uint64_t n = 0;
    for (int i = 0; i < e->nhelpers; i++) {
        n += e->helpers[i]->nodes;
    }
    return n;
}

static void test_several_threads_find_the_same_wins(void **state)
{
    (void)state;
    const int counts[] = {1, 2, 4};
    for (size_t i = 0; i < NWINS; i++) {
        rb_pos pos;
        rb_test_parse(&pos, wins[i].fen);
        rb_move answer = rb_test_move(&pos, wins[i].answer);
        rb_search_info one = {0};
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            rb_engine *e = engine_with_threads(counts[c]);
            rb_limits limits = {0};
            limits.depth = 2 * wins[i].n + 2;
            rb_search_info info;
            rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
            char text[RB_MOVE_TEXT_MAX];
            rb_move_to_coord(m, text);
            if (m != answer || info.kind != RB_SCORE_WIN || info.score != wins[i].n) {
                fail_msg("%s with %d threads: %s, %s in %d; the win is %s in %d", wins[i].fen, counts[c], text,
                         info.kind == RB_SCORE_WIN ? "win" : "no win", info.score, wins[i].answer, wins[i].n);
            }
            if (c == 0) {
                one = info;
            } else {
                assert_int_equal(info.kind, one.kind);
                assert_int_equal(info.score, one.score);
                assert_true(info.pvlen > 0 && info.pv[0] == one.pv[0]);
            }
            rb_engine_free(e);
        }
    }
}

/* The helpers do search (else the test above proves nothing), their nodes
 * are in the count reported, and the reported line starts with the move
 * played. */
static void test_helpers_search_and_are_counted(void **state)
{
    (void)state;
    rb_engine *e = engine_with_threads(3);
    rb_pos pos;
    rb_test_parse(&pos, positions[0]);
    rb_limits limits = {0};
    limits.depth = 9;
    rb_search_info info;
    rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_true(rb_move_is_legal(&pos, m));
    assert_true(info.pvlen > 0 && info.pv[0] == m);
    assert_true(helper_nodes(e) > 0);
    assert_int_equal(info.nodes, e->nodes + helper_nodes(e));
    rb_engine_free(e);
}

static void assert_same_search(const rb_search_info *a, rb_move ma, const rb_search_info *b, rb_move mb)
{
    assert_int_equal(ma, mb);
    assert_int_equal(a->depth, b->depth);
    assert_int_equal(a->kind, b->kind);
    assert_int_equal(a->score, b->score);
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->pvlen, b->pvlen);
    assert_memory_equal(a->pv, b->pv, (size_t)a->pvlen * sizeof a->pv[0]);
}

/* One thread is the search as it was: an engine set to several threads and
 * back to one, with a search on several in between, answers a depth-limited
 * search exactly as an engine that never had helpers, and the bench's
 * fingerprint is the same. */
static void test_one_thread_searches_exactly_as_before(void **state)
{
    (void)state;
    rb_engine *plain = rb_engine_new(8), *back = engine_with_threads(4);
    assert_non_null(plain);
    rb_pos pos;
    rb_test_parse(&pos, positions[1]);
    rb_limits limits = {0};
    limits.depth = 8;
    rb_engine_search(back, &pos, NULL, 0, &limits, NULL, NULL, NULL);
    assert_true(helper_nodes(back) > 0);
    assert_int_equal(rb_engine_set_threads(back, 1), 0);
    assert_int_equal(rb_engine_threads(back), 1);
    limits.depth = rb_test_sanitized() ? 9 : 12;
    for (size_t i = 0; i < NPOSITIONS; i++) {
        rb_test_parse(&pos, positions[i]);
        rb_engine_new_game(plain);
        rb_engine_new_game(back);
        rb_search_info a, b;
        rb_move ma = rb_engine_search(plain, &pos, NULL, 0, &limits, NULL, NULL, &a);
        rb_move mb = rb_engine_search(back, &pos, NULL, 0, &limits, NULL, NULL, &b);
        assert_same_search(&a, ma, &b, mb);
    }
    uint64_t bench_plain = 0, bench_back = 0;
    rb_engine_bench(plain, 6, &bench_plain, NULL);
    rb_engine_bench(back, 6, &bench_back, NULL);
    assert_true(bench_plain > 0);
    assert_int_equal(bench_plain, bench_back);
    rb_engine_free(plain);
    rb_engine_free(back);
}

/* Levels 1 to 9 never start a helper: with four threads set they play the
 * same moves from the same seed, node for node, as with one. */
static void test_levels_below_full_strength_stay_on_one_thread(void **state)
{
    (void)state;
    for (int level = RB_LEVEL_MIN; level < RB_LEVEL_MAX; level++) {
        rb_engine *one = engine_with_threads(1), *four = engine_with_threads(4);
        rb_engine_set_level(one, level);
        rb_engine_set_level(four, level);
        rb_engine_set_seed(one, 77);
        rb_engine_set_seed(four, 77);
        for (size_t i = 0; i < NPOSITIONS; i++) {
            rb_pos pos;
            rb_test_parse(&pos, positions[i]);
            rb_limits limits = {0}; /* the level's own caps end it */
            rb_search_info a, b;
            rb_move ma = rb_engine_search(one, &pos, NULL, 0, &limits, NULL, NULL, &a);
            rb_move mb = rb_engine_search(four, &pos, NULL, 0, &limits, NULL, NULL, &b);
            assert_same_search(&a, ma, &b, mb);
        }
        assert_int_equal(helper_nodes(four), 0);
        rb_engine_free(one);
        rb_engine_free(four);
    }
}

typedef struct job {
    rb_engine *e;
    rb_pos pos;
    rb_limits limits;
    rb_move result;
} job;

static void *run(void *arg)
{
    job *j = arg;
    j->result = rb_engine_search(j->e, &j->pos, NULL, 0, &j->limits, NULL, NULL, NULL);
    return NULL;
}

/* A stop from another thread ends the main thread and every helper, and
 * nothing of them runs on once the search has returned. */
static void test_a_stop_ends_every_thread(void **state)
{
    (void)state;
    job j;
    memset(&j, 0, sizeof j);
    j.e = engine_with_threads(3);
    rb_test_parse(&j.pos, positions[0]);
    j.limits.infinite = true;
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, run, &j), 0);
    rb_util_sleep_ms(100);
    int64_t asked = rb_util_now_ms();
    rb_engine_stop(j.e);
    pthread_join(t, NULL);
    assert_true(rb_util_now_ms() - asked < (rb_test_sanitized() ? 2000 : 200));
    assert_true(rb_move_is_legal(&j.pos, j.result));
    for (int i = 0; i < j.e->nhelpers; i++) {
        assert_false(j.e->helper_running[i]);
    }
    rb_engine_free(j.e);
}

/* Several lines with several threads: the lines stay whole, distinct and
 * ordered best first. */
static void test_several_lines_on_several_threads(void **state)
{
    (void)state;
    rb_engine *e = engine_with_threads(2);
    rb_engine_set_multipv(e, 3);
    rb_pos pos;
    rb_test_parse(&pos, positions[0]);
    rb_limits limits = {0};
    limits.depth = 7;
    rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, NULL);
    rb_search_info lines[RB_MULTIPV_MAX];
    int n = rb_engine_lines(e, lines, RB_MULTIPV_MAX);
    assert_int_equal(n, 3);
    assert_int_equal(lines[0].pv[0], m);
    for (int i = 1; i < n; i++) {
        assert_true(lines[i].score <= lines[i - 1].score || lines[i].kind != RB_SCORE_CP);
        for (int k = 0; k < i; k++) {
            assert_int_not_equal(lines[i].pv[0], lines[k].pv[0]);
        }
    }
    rb_engine_free(e);
}

static void test_the_thread_count_is_clamped(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(1);
    assert_non_null(e);
    assert_int_equal(rb_engine_threads(e), 1);
    assert_int_equal(rb_engine_set_threads(e, 0), 0);
    assert_int_equal(rb_engine_threads(e), 1);
    assert_int_equal(rb_engine_set_threads(e, RB_THREADS_MAX + 5), 0);
    assert_int_equal(rb_engine_threads(e), RB_THREADS_MAX);
    assert_int_equal(rb_engine_set_threads(e, 3), 0);
    assert_int_equal(rb_engine_threads(e), 3);
    assert_int_equal(e->nhelpers, 2);
    rb_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_several_threads_find_the_same_wins),
        cmocka_unit_test(test_helpers_search_and_are_counted),
        cmocka_unit_test(test_one_thread_searches_exactly_as_before),
        cmocka_unit_test(test_levels_below_full_strength_stay_on_one_thread),
        cmocka_unit_test(test_a_stop_ends_every_thread),
        cmocka_unit_test(test_several_lines_on_several_threads),
        cmocka_unit_test(test_the_thread_count_is_clamped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
