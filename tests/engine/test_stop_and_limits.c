/*
 * test_stop_and_limits.c - the engine keeps to its limits: a stop from
 * another thread ends an unlimited search promptly with a legal move, even
 * a stop sent before the searching thread has begun; a stop holds until
 * the owner clears it; an unlimited search never ends by itself, and time,
 * depth and node limits are honoured.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "rb_engine.h"
#include "rb_util_clock.h"

typedef struct job {
    rb_engine *e;
    rb_pos pos;
    rb_limits limits;
    rb_move result;
    atomic_int done;
} job;

static void *run(void *arg)
{
    job *j = arg;
    j->result = rb_engine_search(j->e, &j->pos, NULL, 0, &j->limits, NULL, NULL, NULL);
    atomic_store(&j->done, 1);
    return NULL;
}

static void stop_after(const char *fen, int wait_ms)
{
    job j;
    memset(&j, 0, sizeof j);
    atomic_init(&j.done, 0);
    j.e = rb_engine_new(16);
    assert_non_null(j.e);
    rb_test_parse(&j.pos, fen);
    j.limits.infinite = true;
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, run, &j), 0);
    rb_util_sleep_ms(wait_ms);
    /* an infinite search waits for the stop, even with the answer known */
    assert_int_equal(atomic_load(&j.done), 0);
    int64_t asked = rb_util_now_ms();
    rb_engine_stop(j.e);
    pthread_join(t, NULL);
    int64_t took = rb_util_now_ms() - asked;
    assert_true(took < 200);
    assert_true(rb_move_is_legal(&j.pos, j.result));
    rb_engine_free(j.e);
}

static void test_stop_ends_an_infinite_search_promptly(void **state)
{
    (void)state;
    stop_after("2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", 300);
}

/* The controlling thread stops the engine before the thread it launched has
 * begun searching (here: before it is even created). The search must keep
 * that stop: an unlimited search that forgot it would run until the
 * watchdog below stops it again, a whole second later. */
static void test_a_stop_before_the_search_begins_is_kept(void **state)
{
    (void)state;
    job j;
    memset(&j, 0, sizeof j);
    atomic_init(&j.done, 0);
    j.e = rb_engine_new(16);
    assert_non_null(j.e);
    rb_pos_start(&j.pos);
    rb_engine_stop(j.e);
    int64_t start = rb_util_now_ms();
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, run, &j), 0);
    while (!atomic_load(&j.done) && rb_util_now_ms() - start < 1000) {
        rb_util_sleep_ms(1);
    }
    int64_t took = rb_util_now_ms() - start;
    rb_engine_stop(j.e); /* the watchdog: ends a search that forgot the first stop */
    pthread_join(t, NULL);
    if (took >= 200) {
        fail_msg("a stop sent before the search began was lost: the search ran %lld ms", (long long)took);
    }
    assert_true(rb_move_is_legal(&j.pos, j.result));
    rb_engine_free(j.e);
}

/* A stop holds for every search until the engine's owner clears it, and
 * after that the next search runs to its limit. */
static void test_a_stop_holds_until_cleared(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(16);
    assert_non_null(e);
    rb_pos pos;
    rb_pos_start(&pos);
    rb_limits limits = {0};
    limits.depth = 5;
    rb_search_info info;
    rb_engine_stop(e);
    for (int i = 0; i < 2; i++) {
        rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
        assert_true(rb_move_is_legal(&pos, m));
        assert_true(info.depth < 5);
    }
    rb_engine_clear_stop(e);
    rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_int_equal(info.depth, 5);
    rb_engine_free(e);
}

static void test_infinite_search_waits_even_when_the_result_is_forced(void **state)
{
    (void)state;
    /* mate in one (rules example 7): found at once, answered only on stop */
    stop_after("4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1", 200);
}

/* Searches the start position under limits on a fresh engine; returns how
 * long it took, after checking the move is legal. */
static int64_t timed_search_from_start(rb_limits limits)
{
    rb_engine *e = rb_engine_new(16);
    assert_non_null(e);
    rb_pos pos;
    rb_pos_start(&pos);
    int64_t start = rb_util_now_ms();
    rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, NULL);
    int64_t took = rb_util_now_ms() - start;
    assert_true(rb_move_is_legal(&pos, m));
    rb_engine_free(e);
    return took;
}

static void test_movetime_is_kept(void **state)
{
    (void)state;
    rb_limits limits = {0};
    limits.movetime_ms = 200;
    assert_true(timed_search_from_start(limits) <= 200 + 100);
}

static void test_clock_leaves_time_on_the_clock(void **state)
{
    (void)state;
    rb_limits limits = {0};
    limits.time_left_ms = 300;
    assert_true(timed_search_from_start(limits) < 250);
}

typedef struct seen {
    int calls, last_depth;
    bool increasing;
} seen;

static void count_info(const rb_search_info *info, void *user)
{
    seen *s = user;
    if (info->depth < s->last_depth) {
        s->increasing = false;
    }
    s->last_depth = info->depth;
    s->calls++;
}

static void test_depth_and_node_limits(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(16);
    assert_non_null(e);
    rb_pos pos;
    rb_pos_start(&pos);
    rb_limits limits = {0};
    limits.depth = 6;
    seen s = {0, 0, true};
    rb_search_info info;
    rb_engine_search(e, &pos, NULL, 0, &limits, count_info, &s, &info);
    assert_int_equal(info.depth, 6);
    assert_true(s.increasing);
    assert_int_equal(s.calls, 6 + 1); /* one per iteration, one at the end */
    assert_true(info.pvlen >= 1 && rb_move_is_legal(&pos, info.pv[0]));

    rb_engine_new_game(e);
    limits.depth = 0;
    limits.nodes = 5000;
    rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_true(info.nodes <= 5000);
    assert_true(info.nodes >= 4000);
    rb_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stop_ends_an_infinite_search_promptly),
        cmocka_unit_test(test_infinite_search_waits_even_when_the_result_is_forced),
        cmocka_unit_test(test_a_stop_before_the_search_begins_is_kept),
        cmocka_unit_test(test_a_stop_holds_until_cleared),
        cmocka_unit_test(test_movetime_is_kept),
        cmocka_unit_test(test_clock_leaves_time_on_the_clock),
        cmocka_unit_test(test_depth_and_node_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
