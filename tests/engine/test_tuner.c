/*
 * test_tuner.c - the Texel tuner finds weights that explain the results.
 *
 * A made-up evaluation with three weight pairs: random feature counts and
 * phases, and results that are exactly the logistic of the evaluation
 * under known weights. From zero weights the tuner's error must fall to
 * almost nothing and the known weights come back; a fixed weight stays
 * where it was; K fitted on the known weights is the K that made the
 * data, and refitted while the weights move, with one pair held, finds
 * that K and those weights again from a wrong start; and the numbers do not depend on how many threads summed them.
 */
#include "support.h"

#include <math.h>

#include "rb_util_random.h"
#include "tuner.h"

#define NW 3
#define PHASE_MAX 10
static const double truth[2 * NW] = {100, 60, -40, 20, 30, 90}; /* mg, eg of each weight */
static const double true_k = 0.01;

static void make_set(rb_tune_set *s, size_t n, uint64_t seed)
{
    rb_tune_set_init(s, NW, PHASE_MAX);
    for (size_t i = 0; i < n; i++) {
        int coef[NW];
        for (int j = 0; j < NW; j++) {
            coef[j] = (int)(rb_util_splitmix64(&seed) % 7) - 3;
        }
        int phase = (int)(rb_util_splitmix64(&seed) % (PHASE_MAX + 1));
        double ph = (double)phase / PHASE_MAX, e = 0;
        for (int j = 0; j < NW; j++) {
            e += coef[j] * (truth[2 * j] * ph + truth[2 * j + 1] * (1 - ph));
        }
        assert_int_equal(rb_tune_set_add(s, coef, phase, 1.0 / (1.0 + exp(-true_k * e))), 0);
    }
}

static void test_the_tuner_recovers_known_weights(void **state)
{
    (void)state;
    rb_tune_set s;
    make_set(&s, 6000, 7);
    double w[2 * NW] = {0};
    double start = rb_tune_error(&s, w, true_k, 1);
    rb_tune_options o = {600, 2.0, 2, NULL, 1000, NULL, 0, 0};
    double k = true_k;
    double end = rb_tune_run(&s, NULL, w, &k, &o);
    assert_true(end < start / 100);
    for (int i = 0; i < 2 * NW; i++) {
        if (fabs(w[i] - truth[i]) > 2.0) {
            fail_msg("weight %d: %.2f, made with %.2f", i, w[i], truth[i]);
        }
    }
    rb_tune_set_free(&s);
}

static void test_a_fixed_weight_stays(void **state)
{
    (void)state;
    rb_tune_set s;
    make_set(&s, 3000, 11);
    double w[2 * NW] = {100, 0, 0, 0, 0, 0};
    bool fixed[2 * NW] = {true, false, false, false, false, false};
    rb_tune_options o = {300, 2.0, 2, fixed, 1000, NULL, 0, 0};
    double k = true_k;
    rb_tune_run(&s, NULL, w, &k, &o);
    assert_true(w[0] == 100);
    assert_true(fabs(w[3] - truth[3]) < 3.0); /* the others still move to theirs */
    rb_tune_set_free(&s);
}

static void test_k_is_fitted_to_the_data(void **state)
{
    (void)state;
    rb_tune_set s;
    make_set(&s, 3000, 13);
    double k = rb_tune_fit_k(&s, truth, 2);
    assert_true(fabs(k - true_k) < 1e-4);
    rb_tune_set_free(&s);
}

/* Material held fixed sets the scale: from a K twice too large, refitting
 * K while the other weights move brings back both the K and the weights
 * the data was made with, where a kept K would leave them scaled down. */
static void test_a_fixed_weight_sets_the_scale_when_k_is_refitted(void **state)
{
    (void)state;
    rb_tune_set s;
    make_set(&s, 6000, 23);
    double w[2 * NW] = {100, 60, 0, 0, 0, 0};
    bool fixed[2 * NW] = {true, true, false, false, false, false};
    rb_tune_options o = {900, 2.0, 2, fixed, 1000, NULL, 0, 50};
    double k = 2 * true_k;
    rb_tune_run(&s, NULL, w, &k, &o);
    assert_true(w[0] == 100 && w[1] == 60);
    if (fabs(k - true_k) > 0.05 * true_k) {
        fail_msg("K %.5f, made with %.5f", k, true_k);
    }
    for (int i = 2; i < 2 * NW; i++) {
        if (fabs(w[i] - truth[i]) > 5.0) {
            fail_msg("weight %d: %.2f, made with %.2f", i, w[i], truth[i]);
        }
    }
    rb_tune_set_free(&s);
}

static void test_the_result_does_not_depend_on_the_threads(void **state)
{
    (void)state;
    rb_tune_set s;
    make_set(&s, 3 * RB_TUNE_CHUNK + 123, 17); /* several chunks, the last one short */
    double a[2 * NW] = {0}, b[2 * NW] = {0};
    rb_tune_options one = {40, 2.0, 1, NULL, 1000, NULL, 0, 0}, two = one;
    two.threads = 2;
    double ka = true_k, kb = true_k;
    double ea = rb_tune_run(&s, NULL, a, &ka, &one), eb = rb_tune_run(&s, NULL, b, &kb, &two);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_equal(&ea, &eb, sizeof ea);
    rb_tune_set_free(&s);
}

static void test_the_split_is_seeded_and_keeps_every_position(void **state)
{
    (void)state;
    rb_tune_set s, t1, v1, t2, v2;
    make_set(&s, 1000, 19);
    assert_int_equal(rb_tune_set_split(&s, 5, 10, &t1, &v1), 0);
    assert_int_equal(rb_tune_set_split(&s, 5, 10, &t2, &v2), 0);
    assert_int_equal(t1.n, 900);
    assert_int_equal(v1.n, 100);
    assert_memory_equal(v1.result, v2.result, v1.n * sizeof *v1.result);
    double sum = 0, parts = 0;
    for (size_t i = 0; i < s.n; i++) {
        sum += s.result[i];
    }
    for (size_t i = 0; i < t1.n; i++) {
        parts += t1.result[i];
    }
    for (size_t i = 0; i < v1.n; i++) {
        parts += v1.result[i];
    }
    assert_true(fabs(sum - parts) < 1e-3);
    rb_tune_set_free(&s);
    rb_tune_set_free(&t1);
    rb_tune_set_free(&v1);
    rb_tune_set_free(&t2);
    rb_tune_set_free(&v2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_tuner_recovers_known_weights),
        cmocka_unit_test(test_a_fixed_weight_stays),
        cmocka_unit_test(test_k_is_fitted_to_the_data),
        cmocka_unit_test(test_a_fixed_weight_sets_the_scale_when_k_is_refitted),
        cmocka_unit_test(test_the_result_does_not_depend_on_the_threads),
        cmocka_unit_test(test_the_split_is_seeded_and_keeps_every_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
