/*
 * test_shared_helpers.c - the small shared helpers do what the programs
 * rely on: the Elo scale is the logistic one both ways, splitmix64 gives
 * its published sequence (the board's Zobrist keys and every seeded game
 * depend on it), text made printable keeps printable bytes and marks the
 * rest, and the clock runs forwards through a sleep.
 */
#include "support.h"

#include <math.h>
#include <string.h>

#include "rb_util_clock.h"
#include "rb_util_elo.h"
#include "rb_util_random.h"
#include "rb_util_text.h"

static void elo_is_the_logistic_scale_both_ways(void **state)
{
    (void)state;
    assert_true(fabs(rb_util_elo_from_score(0.75) - 400.0 * log10(3.0)) < 1e-9);
    assert_true(fabs(rb_util_elo_from_score(0.5)) < 1e-12);
    assert_true(fabs(rb_util_score_from_elo(400.0) - 10.0 / 11.0) < 1e-12);
    for (double s = 0.05; s < 0.96; s += 0.05) {
        assert_true(fabs(rb_util_score_from_elo(rb_util_elo_from_score(s)) - s) < 1e-12);
    }
}

static void splitmix64_gives_its_published_sequence(void **state)
{
    (void)state;
    /* The reference implementation's first outputs for seed 0. */
    uint64_t seed = 0;
    assert_true(rb_util_splitmix64(&seed) == 0xE220A8397B1DCDAFull);
    assert_true(rb_util_splitmix64(&seed) == 0x6E789E6AA1B965F4ull);
    assert_true(rb_util_splitmix64(&seed) == 0x06C45D188009454Full);
}

static void text_made_printable_marks_other_bytes(void **state)
{
    (void)state;
    char text[] = "e2\x01" "e4\t\x7f~ \xc3\xa9";
    rb_util_make_printable(text);
    assert_string_equal(text, "e2?e4??~ ??");
    assert_int_equal(rb_util_printable_char('a'), 'a');
    assert_int_equal(rb_util_printable_char('\n'), '?');
    assert_int_equal(rb_util_printable_char(0x80), '?');
}

static void the_clock_runs_through_a_sleep(void **state)
{
    (void)state;
    int64_t before = rb_util_now_ms();
    rb_util_sleep_ms(20);
    int64_t after = rb_util_now_ms();
    assert_true(after - before >= 19);
    assert_true(after - before < 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(elo_is_the_logistic_scale_both_ways),
        cmocka_unit_test(splitmix64_gives_its_published_sequence),
        cmocka_unit_test(text_made_printable_marks_other_bytes),
        cmocka_unit_test(the_clock_runs_through_a_sleep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
