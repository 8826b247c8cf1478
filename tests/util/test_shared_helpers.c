/*
 * test_shared_helpers.c - the small shared helpers do what the programs
 * rely on: the Elo scale is the logistic one both ways, splitmix64 gives
 * its published sequence (the board's Zobrist keys and every seeded game
 * depend on it), text made printable keeps printable bytes and marks the
 * rest, a reader's error message lands in the caller's buffer (cut to
 * fit) with -1, a number field is read strictly, and the clock runs
 * forwards through a sleep.
 */
#include "support.h"

#include <math.h>
#include <string.h>

#include "rb_util_clock.h"
#include "rb_util_elo.h"
#include "rb_util_error.h"
#include "rb_util_number.h"
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
    char text[] = "e2\x01"
                  "e4\t\x7f~ \xc3\xa9";
    rb_util_make_printable(text);
    assert_string_equal(text, "e2?e4??~ ??");
    assert_int_equal(rb_util_printable_char('a'), 'a');
    assert_int_equal(rb_util_printable_char('\n'), '?');
    assert_int_equal(rb_util_printable_char(0x80), '?');
}

static void a_failure_writes_its_message_and_returns_minus_one(void **state)
{
    (void)state;
    char err[12];
    assert_int_equal(rb_util_fail(err, sizeof err, "line %d: %s", 7, "no rating"), -1);
    assert_string_equal(err, "line 7: no ");
    /* No buffer, or no room: still -1, nothing written. */
    assert_int_equal(rb_util_fail(NULL, 40, "x"), -1);
    err[0] = 'k';
    assert_int_equal(rb_util_fail(err, 0, "x"), -1);
    assert_int_equal(err[0], 'k');
}

static void number_fields_are_read_strictly(void **state)
{
    (void)state;
    int v = 0;
    assert_true(rb_util_parse_int("1500", 100, 4000, &v));
    assert_int_equal(v, 1500);
    assert_true(rb_util_parse_int("-3", -5, 5, &v));
    assert_int_equal(v, -3);
    int kept = 42;
    v = kept;
    static const char *const bad[] = {"", " 7", "+7", "7 ", "7x", "0x10", "99", "-6", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (rb_util_parse_int(bad[i], -5, 50, &v)) {
            fail_msg("'%s' was read as a number", bad[i]);
        }
    }
    assert_int_equal(v, kept);
    assert_false(rb_util_parse_int(NULL, 0, 1, &v));
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
        cmocka_unit_test(a_failure_writes_its_message_and_returns_minus_one),
        cmocka_unit_test(number_fields_are_read_strictly),
        cmocka_unit_test(the_clock_runs_through_a_sleep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
