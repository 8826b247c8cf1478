/*
 * test_balanced_openings.c - the balanced-opening selection: a line the
 * verifying search scores beyond the margin is rejected and one within it
 * is kept, the same seed gives the same book, and book lines read back as
 * the openings they were written from, while broken lines are refused with
 * a reason.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_balance.h"
#include "rb_core.h"

/* Shallow enough for a quick test, deep enough to see a hanging piece. */
#define DEPTH 8

static rb_opening parse(const char *line)
{
    rb_opening o;
    char err[200];
    if (rb_opening_parse(line, &o, err, sizeof err) != 1) {
        fail_msg("'%s': %s", line, err);
    }
    return o;
}

static void a_lopsided_line_is_rejected_and_a_level_one_kept(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(4);
    assert_non_null(e);
    /* White's bishop takes the rook on c6 and Black, instead of retaking
     * with the other rook, plays c7b7: a rook down. */
    rb_opening lost = parse("c2b2 e7f6 d1c6 c7b7");
    int cp = 0;
    assert_true(rb_balance_score(e, &lost, DEPTH, &cp));
    assert_true(cp > 300);
    assert_false(rb_balance_within(cp, 60));
    assert_true(rb_balance_within(cp, cp));

    /* The start position is close to level: kept at 60, and rejected by a
     * margin just below its own score. */
    rb_opening start = {.plies = 0};
    assert_true(rb_balance_score(e, &start, DEPTH, &cp));
    assert_true(rb_balance_within(cp, 60));
    if (cp != 0) {
        assert_false(rb_balance_within(cp, abs(cp) - 1));
    }
    rb_engine_free(e);
}

static void every_kept_line_scores_within_the_margin(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(4);
    rb_balance_spec spec = {.seed = 11, .min_plies = 4, .max_plies = 6, .depth = DEPTH, .margin_cp = 40};
    rb_opening book[12];
    int scores[12];
    size_t tried = 0;
    size_t kept = rb_balance_make(e, &spec, book, scores, 12, 1000, &tried);
    assert_int_equal(kept, 12);
    /* Random lines are often lopsided: some were thrown away. */
    assert_true(tried > kept);
    for (size_t i = 0; i < kept; i++) {
        assert_true(book[i].plies >= 4 && book[i].plies <= 6);
        assert_true(rb_balance_within(scores[i], 40));
        int again;
        assert_true(rb_balance_score(e, &book[i], DEPTH, &again));
        assert_int_equal(again, scores[i]);
        for (size_t j = 0; j < i; j++) {
            assert_false(rb_opening_equal(&book[i], &book[j]));
        }
    }
    rb_engine_free(e);
}

static void the_same_seed_gives_the_same_book(void **state)
{
    (void)state;
    rb_balance_spec spec = {.seed = 3, .min_plies = 4, .max_plies = 8, .depth = DEPTH, .margin_cp = 60};
    rb_opening a[8], b[8], c[8];
    int sa[8], sb[8], sc[8];
    rb_engine *e1 = rb_engine_new(4), *e2 = rb_engine_new(4);
    assert_int_equal(rb_balance_make(e1, &spec, a, sa, 8, 1000, NULL), 8);
    /* Another engine object, after other searches. */
    rb_opening other = parse("c2b3 e6f6");
    int cp;
    rb_balance_score(e2, &other, DEPTH + 2, &cp);
    assert_int_equal(rb_balance_make(e2, &spec, b, sb, 8, 1000, NULL), 8);
    spec.seed = 4;
    assert_int_equal(rb_balance_make(e1, &spec, c, sc, 8, 1000, NULL), 8);
    int differ = 0;
    for (int i = 0; i < 8; i++) {
        assert_true(rb_opening_equal(&a[i], &b[i]));
        assert_int_equal(sa[i], sb[i]);
        differ += !rb_opening_equal(&a[i], &c[i]);
    }
    assert_true(differ > 0);
    rb_engine_free(e1);
    rb_engine_free(e2);
}

static void book_lines_read_back_and_bad_ones_are_named(void **state)
{
    (void)state;
    rb_opening o = parse("  c2b2 e7f6\td1c6   # +1008 a comment c7b7\n");
    assert_int_equal(o.plies, 3);
    char text[RB_OPENING_TEXT_MAX];
    rb_opening_format(&o, text, sizeof text);
    assert_string_equal(text, "c2b2 e7f6 d1c6");
    rb_opening back = parse(text);
    assert_true(rb_opening_equal(&o, &back));

    char err[200];
    assert_int_equal(rb_opening_parse("# only a comment", &o, err, sizeof err), 0);
    assert_int_equal(rb_opening_parse("   \n", &o, err, sizeof err), 0);
    assert_int_equal(rb_opening_parse("c2b2 e7e5", &o, err, sizeof err), -1);
    assert_non_null(strstr(err, "move 2 'e7e5'"));
    assert_int_equal(rb_opening_parse("c2b2 zz", &o, err, sizeof err), -1);
    assert_non_null(strstr(err, "'zz'"));
}

static void the_shipped_book_is_balanced_by_its_own_header(void **state)
{
    (void)state;
    const char *dir = getenv("RB_SOURCE_DIR");
    assert_non_null(dir);
    char path[1024];
    snprintf(path, sizeof path, "%s/src/match/books/balanced.txt", dir);
    rb_opening *book;
    size_t n;
    char err[512];
    if (rb_openings_read(path, &book, &n, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    assert_true(n >= 100);
    /* Each line's comment is its score; re-searching the first few at the
     * header's depth gives the same numbers, within the header's margin. */
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[512];
    int depth = 0, margin = -1, checked = 0;
    rb_engine *e = rb_engine_new(16);
    while (fgets(line, sizeof line, f) != NULL && checked < 3) {
        const char *d = strstr(line, "--depth ");
        const char *m = strstr(line, "--margin ");
        depth = d != NULL ? atoi(d + 8) : depth;
        margin = m != NULL ? atoi(m + 9) : margin;
        if (line[0] == '#') {
            continue;
        }
        assert_true(depth > 0 && margin >= 0);
        const char *hash = strchr(line, '#');
        assert_non_null(hash);
        int written = atoi(hash + 1);
        assert_true(rb_balance_within(written, margin));
        rb_opening o = parse(line);
        assert_true(rb_opening_equal(&o, &book[checked]));
        int cp;
        assert_true(rb_balance_score(e, &o, depth, &cp));
        assert_int_equal(cp, written);
        checked++;
    }
    fclose(f);
    rb_engine_free(e);
    free(book);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_lopsided_line_is_rejected_and_a_level_one_kept),
        cmocka_unit_test(every_kept_line_scores_within_the_margin),
        cmocka_unit_test(the_same_seed_gives_the_same_book),
        cmocka_unit_test(book_lines_read_back_and_bad_ones_are_named),
        cmocka_unit_test(the_shipped_book_is_balanced_by_its_own_header),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
