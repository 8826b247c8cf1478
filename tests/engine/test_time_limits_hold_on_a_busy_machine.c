/*
 * test_time_limits_hold_on_a_busy_machine.c - the engine answers within
 * the time asked however late the search thread gets to run: the limits
 * count from the request's arrival, not from the search's start; once the
 * deadline has passed every searching thread stops at its next look at the
 * clock, and a thread kept waiting between looks stops at the look before; a movetime is never planned to the last
 * millisecond, and a clock is never planned past what is left minus a margin.
 *
 * No wall-clock bounds: the engine is handed a clock of the test's own
 * that stands still or jumps when the test says, so what is shown does not
 * depend on how busy the machine running the test is.
 */
#include "support.h"

#include <stdatomic.h>
#include <string.h>

#include "engine.h"
#include "rb_engine.h"

/* A clock that reads `now` until `jump_after` reads, then `now + jump`. */
typedef struct fake_clock {
    atomic_long reads;
    atomic_long reads_after_jump;
    int64_t now;
    long jump_after; /* 0: never jumps */
    int64_t jump;
} fake_clock;

static int64_t fake_now(void *user)
{
    fake_clock *c = user;
    long n = atomic_fetch_add(&c->reads, 1) + 1;
    if (c->jump_after > 0 && n > c->jump_after) {
        atomic_fetch_add(&c->reads_after_jump, 1);
        return c->now + c->jump;
    }
    return c->now;
}

static rb_engine *engine_on(fake_clock *c, int threads)
{
    rb_engine *e = rb_engine_new(16);
    assert_non_null(e);
    assert_int_equal(rb_engine_set_threads(e, threads), 0);
    rb_engine_set_clock(e, fake_now, c);
    return e;
}

static void test_the_time_counts_from_the_request(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_start(&pos);
    rb_search_info info;

    /* The clock stands still: counted from the search's start no time
     * passes, and the depth is reached. */
    fake_clock c = {.now = 10000};
    rb_engine *e = engine_on(&c, 1);
    rb_limits limits = {0};
    limits.movetime_ms = 100;
    limits.depth = 8;
    rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_int_equal(info.depth, 8);
    uint64_t full = info.nodes;
    assert_true(full > 4096);

    /* The same request, which arrived 100 ms before the search began (a
     * busy machine, a previous search ending): its time is already spent,
     * so the search stops at its first look at the clock. */
    rb_engine_new_game(e);
    limits.start_ms = c.now - 100;
    rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_true(rb_move_is_legal(&pos, m));
    assert_true(info.depth < 8);
    assert_true(info.nodes <= 1024);

    /* Arrived 50 ms before: half the time is left, the search runs on. */
    rb_engine_new_game(e);
    limits.start_ms = c.now - 50;
    rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_int_equal(info.depth, 8);
    rb_engine_free(e);
}

/* The clock jumps past the deadline in the middle of an iteration: every
 * thread stops at its next look, so only a few reads come after it. */
static void stops_at_the_first_look(int threads)
{
    rb_pos pos;
    rb_pos_start(&pos);
    fake_clock c = {.now = 5000, .jump_after = 400, .jump = 100000};
    rb_engine *e = engine_on(&c, threads);
    rb_limits limits = {0};
    limits.movetime_ms = 1000;
    limits.start_ms = c.now;
    rb_search_info info;
    rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_true(rb_move_is_legal(&pos, m));
    /* one read by each thread that notices, one for the report at the end,
     * and one more for an iteration boundary on the way out */
    assert_true(atomic_load(&c.reads_after_jump) >= 1);
    assert_true(atomic_load(&c.reads_after_jump) <= threads + 2);
    rb_engine_free(e);
}

static void test_one_thread_stops_at_its_first_look_after_the_deadline(void **state)
{
    (void)state;
    stops_at_the_first_look(1);
}

static void test_every_thread_stops_at_its_first_look_after_the_deadline(void **state)
{
    (void)state;
    stops_at_the_first_look(3);
}

/* A thread that gets a core only now and then: after `still` reads at which
 * no time passes (so the search gets deep), every read of the clock finds
 * it `step` ms later. */
typedef struct starved_clock {
    int64_t now, step, deadline;
    int still;
    int reads_at_or_past_deadline;
} starved_clock;

static int64_t starved_now(void *user)
{
    starved_clock *c = user;
    if (c->still > 0) {
        c->still--;
    } else {
        c->now += c->step;
    }
    if (c->now >= c->deadline) {
        c->reads_at_or_past_deadline++;
    }
    return c->now;
}

static void test_a_starved_search_stops_before_the_deadline_it_would_see_late(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_start(&pos);
    /* 1000 ms asked, so the deadline is 950 ms after the request (the
     * margin is 50 ms); every read is 30 ms after the one before. */
    starved_clock c = {.now = 20000, .step = 30, .deadline = 20000 + 950, .still = 100};
    rb_engine *e = rb_engine_new(16);
    assert_non_null(e);
    rb_engine_set_clock(e, starved_now, &c);
    rb_limits limits = {0};
    limits.movetime_ms = 1000;
    limits.start_ms = c.now;
    rb_search_info info;
    rb_move m = rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
    assert_true(rb_move_is_legal(&pos, m));
    /* The search stopped at the read before the deadline, seeing that the
     * next would come too late (without that it would stop at the read
     * after it, and the report read again): only the final report reads
     * past it. */
    assert_int_equal(c.reads_at_or_past_deadline, 1);
    rb_engine_free(e);
}

static void test_a_movetime_is_planned_with_a_margin(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(1);
    assert_non_null(e);
    const int64_t asked[] = {1, 2, 10, 50, 200, 1000, 5000, 60000};
    int64_t last_margin = 0;
    for (size_t i = 0; i < sizeof asked / sizeof asked[0]; i++) {
        rb_limits limits = {0};
        limits.movetime_ms = asked[i];
        limits.start_ms = 1000;
        e->start_ms = 1003; /* the search began 3 ms after the request */
        rb_time_plan(e, &limits, RB_WHITE, 20);
        int64_t margin = 1000 + asked[i] - e->hard_ms;
        assert_true(e->hard_ms > 1000);
        assert_true(e->soft_ms <= e->hard_ms);
        if (asked[i] >= 2) {
            assert_true(margin >= 1);
        }
        assert_true(margin >= last_margin);       /* grows with the time asked */
        assert_true(margin <= asked[i] / 10 + 1); /* and leaves most of it to think */
        last_margin = margin;
    }
    rb_engine_free(e);
}

static void test_a_clock_is_never_planned_past_what_is_left(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(1);
    assert_non_null(e);
    const int64_t left[] = {1, 20, 100, 300, 1000, 3000, 60000, 600000};
    const int64_t inc[] = {0, 100, 2000, 60000};
    for (size_t i = 0; i < sizeof left / sizeof left[0]; i++) {
        for (size_t j = 0; j < sizeof inc / sizeof inc[0]; j++) {
            rb_limits limits = {0};
            limits.time_left_ms = left[i];
            limits.increment_ms = inc[j];
            limits.start_ms = 500;
            e->start_ms = 520;
            rb_time_plan(e, &limits, RB_BLACK, 30);
            int64_t planned = e->hard_ms - 500;
            assert_true(planned >= 1);
            if (left[i] > 1) {
                assert_true(planned <= left[i] - rb_time_margin(left[i]));
            }
            assert_true(e->soft_ms <= e->hard_ms);
        }
    }
    rb_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_time_counts_from_the_request),
        cmocka_unit_test(test_one_thread_stops_at_its_first_look_after_the_deadline),
        cmocka_unit_test(test_every_thread_stops_at_its_first_look_after_the_deadline),
        cmocka_unit_test(test_a_starved_search_stops_before_the_deadline_it_would_see_late),
        cmocka_unit_test(test_a_movetime_is_planned_with_a_margin),
        cmocka_unit_test(test_a_clock_is_never_planned_past_what_is_left),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
