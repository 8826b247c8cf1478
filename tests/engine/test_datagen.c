/*
 * test_datagen.c - the tuner's training positions: the same seed writes the
 * same file whatever the thread count, every line reads back as a position
 * still in play with the side to move not in check and a result label of
 * 1, 0.5 or 0, and no position appears twice.
 */
#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "datagen.h"

#define SMALL_RUN 400

/* Runs the generator into a string the caller frees. */
static char *generate(uint64_t seed, int threads, rb_datagen_summary *sum)
{
    rb_datagen_opts o;
    rb_datagen_defaults(&o);
    o.seed = seed;
    o.positions = SMALL_RUN;
    o.nodes = 400;
    o.threads = threads;
    FILE *f = tmpfile();
    assert_non_null(f);
    char err[200] = "";
    if (rb_datagen_run(&o, f, sum, err, sizeof err) != 0) {
        fail_msg("the generator failed: %s", err);
    }
    long len = ftell(f);
    assert_true(len > 0);
    char *text = malloc((size_t)len + 1);
    assert_non_null(text);
    rewind(f);
    assert_int_equal(fread(text, 1, (size_t)len, f), (size_t)len);
    text[len] = '\0';
    fclose(f);
    return text;
}

static void test_same_seed_same_lines_on_one_or_two_threads(void **state)
{
    (void)state;
    rb_datagen_summary one, two, other;
    char *a = generate(7, 1, &one), *b = generate(7, 2, &two), *c = generate(8, 2, &other);
    assert_string_equal(a, b);
    assert_int_equal(one.games, two.games);
    /* another seed is another set of games */
    assert_true(strcmp(a, c) != 0);
    free(a);
    free(b);
    free(c);
}

static int compare_keys(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static void test_every_line_is_a_quiet_labelled_distinct_position(void **state)
{
    (void)state;
    rb_datagen_summary sum;
    char *text = generate(3, 2, &sum);
    assert_int_equal(sum.positions, SMALL_RUN);
    assert_int_equal(sum.white + sum.draws + sum.black, sum.games);
    uint64_t keys[SMALL_RUN];
    int n = 0, labels[3] = {0, 0, 0};
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        assert_true(n < SMALL_RUN);
        char *semi = strrchr(line, ';');
        if (semi == NULL) {
            fail_msg("no result in line '%s'", line);
        }
        *semi = '\0';
        const char *label = semi + 1;
        if (strcmp(label, "0") == 0) {
            labels[0]++;
        } else if (strcmp(label, "0.5") == 0) {
            labels[1]++;
        } else if (strcmp(label, "1") == 0) {
            labels[2]++;
        } else {
            fail_msg("bad result '%s' for %s", label, line);
        }
        rb_pos pos;
        rb_test_parse(&pos, line);
        if (rb_pos_status(&pos) != RB_ONGOING || rb_pos_in_check(&pos)) {
            fail_msg("%s is over or in check", line);
        }
        keys[n++] = pos.key;
    }
    assert_int_equal(n, SMALL_RUN);
    qsort(keys, (size_t)n, sizeof keys[0], compare_keys);
    for (int i = 1; i < n; i++) {
        assert_true(keys[i] != keys[i - 1]);
    }
    /* games of both outcomes were played */
    assert_true(labels[0] > 0 && labels[2] > 0);
    free(text);
}

static void test_bad_options_are_named(void **state)
{
    (void)state;
    rb_datagen_opts o;
    rb_datagen_defaults(&o);
    o.threads = 0;
    char err[200] = "";
    assert_int_equal(rb_datagen_run(&o, stdout, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "thread"));
    rb_datagen_defaults(&o);
    o.opening_min = 9;
    o.opening_max = 3;
    assert_int_equal(rb_datagen_run(&o, stdout, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "opening"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_lines_on_one_or_two_threads),
        cmocka_unit_test(test_every_line_is_a_quiet_labelled_distinct_position),
        cmocka_unit_test(test_bad_options_are_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
