/*
 * test_two_engines_at_once.c - engines searching at the same time in one
 * process do not disturb each other.
 *
 * The match tool and an analysis beside the game run two engines in one
 * process. Each engine owns all its search state, and what the engines
 * share (the rules' tables, the evaluation's and the search's constant
 * tables) is built once, safely, whichever thread comes first. So a
 * node-limited search, which depends on nothing but its position, gives
 * exactly the same move, score and node count whether it runs alone or
 * while another engine searches on another thread. The same holds for the
 * analysis a game runs beside its opponent: several lines at once and the
 * threat query. Built with
 * -fsanitize=thread this test also shows that no memory is shared
 * unguarded.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <pthread.h>
#include <string.h>

#include "rb_engine.h"

static const char *const positions[] = {
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
    "4R2/3k1p1/1rxxxb1/2xxx1p/1Pxxx2/1P1K3/R6 w - 2 13",
    "5r1/R5p/1Pxxxk1/2xxx1p/2xxx2/2K1R2/7 w Kk 2 18",
    "2P4/4k2/1Kxxxpp/2xxx2/1Pxxx2/7/7 w Kk 0 30",
};
#define NPOS (sizeof positions / sizeof positions[0])
#define NODES 40000

#define LINES 3

typedef struct answer {
    rb_move move;
    int score, depth;
    uint64_t nodes;
    /* with LINES lines (analysis): each line's first move and score */
    int nlines;
    rb_move line_moves[LINES];
    int line_scores[LINES];
    /* the threat query after it */
    rb_move threat;
    int threat_score;
} answer;

typedef struct worker {
    size_t first; /* searches positions first, first + 2, ... */
    int lines;    /* 1: play; LINES: analyse, then ask the threat */
    pthread_barrier_t *start;
    answer got[NPOS];
} worker;

static answer search_once(rb_engine *e, const char *fen, int lines)
{
    rb_pos pos;
    rb_test_parse(&pos, fen);
    rb_limits limits = {0};
    limits.nodes = NODES;
    rb_search_info info;
    answer a;
    memset(&a, 0, sizeof a);
    rb_engine_new_game(e);
    rb_engine_set_multipv(e, lines);
    a.move = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    a.score = info.score;
    a.depth = info.depth;
    a.nodes = info.nodes;
    if (lines > 1) {
        rb_search_info got[LINES];
        a.nlines = rb_engine_lines(e, got, LINES);
        for (int k = 0; k < a.nlines; k++) {
            a.line_moves[k] = got[k].pv[0];
            a.line_scores[k] = got[k].score;
        }
        limits.nodes = NODES / 4;
        rb_search_info threat;
        rb_engine_threat(e, &pos, NULL, 0, &limits, &a.threat, &threat);
        a.threat_score = threat.score;
    }
    return a;
}

static void *work(void *arg)
{
    worker *w = arg;
    /* Each thread makes its own engine and both start searching together,
     * so that first use of every shared table happens on two threads. */
    rb_engine *e = rb_engine_new(8);
    pthread_barrier_wait(w->start);
    if (e != NULL) {
        for (size_t i = w->first; i < NPOS; i += 2) {
            w->got[i] = search_once(e, positions[i], w->lines);
        }
        rb_engine_free(e);
    }
    return NULL;
}

/* Both threads search every other position with the given lines; then
 * one engine searches all of them alone and must agree in every detail. */
static void compare_with_alone(int lines)
{
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, 2), 0);
    worker w[2];
    memset(w, 0, sizeof w);
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        w[i].first = (size_t)i;
        w[i].lines = lines;
        w[i].start = &start;
        assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(t[i], NULL);
    }
    pthread_barrier_destroy(&start);

    /* The same searches one after another on one thread. */
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    for (size_t i = 0; i < NPOS; i++) {
        answer alone = search_once(e, positions[i], lines);
        const answer *together = &w[i % 2].got[i];
        assert_true(alone.move != RB_MOVE_NONE);
        assert_int_equal(together->move, alone.move);
        assert_int_equal(together->score, alone.score);
        assert_int_equal(together->depth, alone.depth);
        assert_int_equal(together->nodes, alone.nodes);
        assert_int_equal(together->nlines, alone.nlines);
        for (int k = 0; k < alone.nlines; k++) {
            assert_int_equal(together->line_moves[k], alone.line_moves[k]);
            assert_int_equal(together->line_scores[k], alone.line_scores[k]);
        }
        assert_int_equal(together->threat, alone.threat);
        assert_int_equal(together->threat_score, alone.threat_score);
        if (lines > 1) {
            assert_int_equal(alone.nlines, LINES);
            assert_true(alone.threat != RB_MOVE_NONE);
        }
    }
    rb_engine_free(e);
}

static void test_two_engines_search_as_each_would_alone(void **state)
{
    (void)state;
    compare_with_alone(1);
}

static void test_two_engines_analyse_as_each_would_alone(void **state)
{
    (void)state;
    compare_with_alone(LINES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_engines_search_as_each_would_alone),
        cmocka_unit_test(test_two_engines_analyse_as_each_would_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
