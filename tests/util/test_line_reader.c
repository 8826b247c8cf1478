/*
 * test_line_reader.c - input of any shape becomes the right lines: split
 * anywhere, CRLF, overlong lines skipped without losing the next one, a
 * last line without a newline.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linereader.h"

typedef struct seen {
    char text[8][64];
    bool overlong[8];
    size_t len[8];
    int count;
} seen;

static void collect(const char *text, size_t len, bool overlong, void *user)
{
    seen *s = user;
    assert_true(s->count < 8);
    snprintf(s->text[s->count], sizeof s->text[0], "%s", text);
    s->len[s->count] = len;
    s->overlong[s->count] = overlong;
    s->count++;
}

static void feed_all(rb_linereader *r, const char *data, size_t chunk, seen *s)
{
    size_t n = strlen(data);
    for (size_t i = 0; i < n; i += chunk) {
        rb_linereader_feed(r, data + i, n - i < chunk ? n - i : chunk, collect, s);
    }
}

static void lines_arrive_whole_however_the_input_is_split(void **state)
{
    (void)state;
    for (size_t chunk = 1; chunk <= 40; chunk++) {
        rb_linereader r;
        seen s = {0};
        assert_int_equal(rb_linereader_init(&r, 32), 0);
        feed_all(&r, "uci\r\nisready\n\nposition startpos moves c2b3\n", chunk, &s);
        rb_linereader_finish(&r, collect, &s);
        assert_int_equal(s.count, 4);
        assert_string_equal(s.text[0], "uci");
        assert_string_equal(s.text[1], "isready");
        assert_string_equal(s.text[2], "");
        assert_string_equal(s.text[3], "position startpos moves c2b3");
        assert_false(s.overlong[3]);
        rb_linereader_free(&r);
    }
}

static void an_overlong_line_is_reported_and_the_next_one_is_read(void **state)
{
    (void)state;
    char *big = malloc(10002);
    memset(big, 'x', 10000);
    big[10000] = '\n';
    big[10001] = '\0';
    for (size_t chunk = 7; chunk <= 4096; chunk *= 3) {
        rb_linereader r;
        seen s = {0};
        assert_int_equal(rb_linereader_init(&r, 16), 0);
        feed_all(&r, big, chunk, &s);
        feed_all(&r, "isready\n", chunk, &s);
        assert_int_equal(s.count, 2);
        assert_true(s.overlong[0]);
        assert_int_equal(s.len[0], 16);
        assert_false(s.overlong[1]);
        assert_string_equal(s.text[1], "isready");
        rb_linereader_free(&r);
    }
    free(big);
}

static void a_line_of_exactly_the_cap_fits_with_or_without_cr(void **state)
{
    (void)state;
    rb_linereader r;
    seen s = {0};
    assert_int_equal(rb_linereader_init(&r, 5), 0);
    feed_all(&r, "abcde\nabcde\r\nabcdef\n", 1, &s);
    assert_int_equal(s.count, 3);
    assert_string_equal(s.text[0], "abcde");
    assert_false(s.overlong[0]);
    assert_string_equal(s.text[1], "abcde");
    assert_false(s.overlong[1]);
    assert_true(s.overlong[2]);
    rb_linereader_free(&r);
}

static void the_last_line_needs_no_newline(void **state)
{
    (void)state;
    rb_linereader r;
    seen s = {0};
    assert_int_equal(rb_linereader_init(&r, 64), 0);
    feed_all(&r, "isready\nquit", 5, &s);
    assert_int_equal(s.count, 1);
    rb_linereader_finish(&r, collect, &s);
    assert_int_equal(s.count, 2);
    assert_string_equal(s.text[1], "quit");
    rb_linereader_finish(&r, collect, &s);
    assert_int_equal(s.count, 2);
    rb_linereader_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_arrive_whole_however_the_input_is_split),
        cmocka_unit_test(an_overlong_line_is_reported_and_the_next_one_is_read),
        cmocka_unit_test(a_line_of_exactly_the_cap_fits_with_or_without_cr),
        cmocka_unit_test(the_last_line_needs_no_newline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
