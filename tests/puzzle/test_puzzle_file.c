/*
 * test_puzzle_file.c - the puzzle file: good lines load with every field
 * and move resolved, every kind of broken line is refused with a message
 * naming the field (and, in a file, the line number), no input at all can
 * crash the reader, and writing and reading give each other back.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_notation.h"
#include "rb_puzzle.h"

#define MATE_LINE "7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5 b6a6 a2a6\t2:a6b7"
#define MATERIAL_LINE "12\t620\tmaterial,rebound\t1P5/1r1k1p1/2xxx2/2xxx2/P1xxxb1/3K1p1/1R5 w - 0 15\tb1b6\t-"

static void good_lines_load_every_field(void **state)
{
    (void)state;
    rb_puzzle p;
    char err[256] = "";
    assert_int_equal(rb_puzzle_parse_line(MATE_LINE, &p, err, sizeof err), 0);
    assert_int_equal(p.id, 7);
    assert_int_equal(p.rating, 1420);
    assert_int_equal(p.themes, RB_THEME_MATE);
    assert_int_equal(p.start.side, RB_WHITE);
    assert_int_equal(p.nline, 5);
    char mv[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(p.line[0], mv);
    assert_string_equal(mv, "f2a2");
    rb_move_to_coord(p.line[4], mv);
    assert_string_equal(mv, "a2a6");
    assert_int_equal(p.nalt[1], 1);
    rb_move_to_coord(p.alt[1][0], mv);
    assert_string_equal(mv, "a6b7");
    assert_int_equal(p.nalt[3], 0);

    assert_int_equal(rb_puzzle_parse_line(MATERIAL_LINE, &p, err, sizeof err), 0);
    assert_int_equal(p.themes, RB_THEME_MATERIAL | RB_THEME_REBOUND);
    assert_int_equal(p.nline, 1);
}

typedef struct bad_case {
    const char *line;
    const char *words; /* the message must contain this */
} bad_case;

static void broken_lines_are_refused_with_the_reason(void **state)
{
    (void)state;
    static const bad_case cases[] = {
        {"", "fields"},
        {"7\t1420\tmate", "3 tab-separated fields"},
        {MATE_LINE "\textra", "more than 6"},
        {"x\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2\t-", "ID"},
        {"0\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2\t-", "ID"},
        {"7\t99999\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2\t-", "rating"},
        {"7\t14x\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2\t-", "rating"},
        {"7\t1420\tfork\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2\t-", "unknown theme"},
        {"7\t1420\trebound\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2\t-", "first theme"},
        {"7\t1420\tmate,throne\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2\t-", "more than one kind"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2 w K 3 7\tf2a2\t-", "position"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a3\t-", "solution move 1"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 zz\t-", "solution move 2"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7\t-", "odd number"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5\t1:a6b7", "defender move"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5\t4:a6b7", "defender move"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5\t2:a6a7", "solution's own"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5\t2:g1g2", "accepted reply"},
        {"7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5\t2a6b7", "PLY:MOVE"},
        {"7\t1420\tmate\t\tf2a2\t-", "position field is empty"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rb_puzzle p;
        char err[256] = "";
        int rc = rb_puzzle_parse_line(cases[i].line, &p, err, sizeof err);
        if (rc != -1 || strstr(err, cases[i].words) == NULL) {
            print_error("case %zu: rc %d, message '%s', wanted '%s'\n", i, rc, err, cases[i].words);
            fail();
        }
    }
}

static void a_file_names_the_broken_line(void **state)
{
    (void)state;
    rb_puzzle_set set;
    char err[300] = "";
    const char *text = "# comment\n\n" MATE_LINE "\n" MATERIAL_LINE "\r\n";
    assert_int_equal(rb_puzzle_set_parse(&set, text, strlen(text), err, sizeof err), 0);
    assert_int_equal(set.count, 2);
    assert_non_null(rb_puzzle_set_find(&set, 12));
    assert_null(rb_puzzle_set_find(&set, 13));
    rb_puzzle_set_free(&set);

    const char *dup = "# comment\n" MATE_LINE "\n" MATE_LINE "\n";
    assert_int_equal(rb_puzzle_set_parse(&set, dup, strlen(dup), err, sizeof err), -1);
    assert_non_null(strstr(err, "line 3: ID 7 is used twice"));
    assert_null(set.items);

    const char *bad = MATE_LINE "\n\n7\t1420\tmate\n";
    assert_int_equal(rb_puzzle_set_parse(&set, bad, strlen(bad), err, sizeof err), -1);
    assert_non_null(strstr(err, "line 3:"));

    assert_int_equal(rb_puzzle_set_parse(&set, "# only\n", 7, err, sizeof err), -1);
    assert_non_null(strstr(err, "no puzzles"));

    assert_int_equal(rb_puzzle_set_load(&set, "/nonexistent/puzzles.txt", err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/puzzles.txt"));
}

static void writing_and_reading_give_each_other_back(void **state)
{
    (void)state;
    const char *lines[] = {MATE_LINE, MATERIAL_LINE};
    for (size_t i = 0; i < 2; i++) {
        rb_puzzle p, q;
        char err[256], out[RB_PUZZLE_TEXT_MAX];
        assert_int_equal(rb_puzzle_parse_line(lines[i], &p, err, sizeof err), 0);
        rb_puzzle_format_line(&p, out, sizeof out);
        assert_string_equal(out, lines[i]);
        assert_int_equal(rb_puzzle_parse_line(out, &q, err, sizeof err), 0);
        assert_memory_equal(&p, &q, sizeof p);
    }
}

static void the_list_line_has_five_fields(void **state)
{
    (void)state;
    rb_puzzle p;
    char err[256], out[RB_PUZZLE_TEXT_MAX];
    assert_int_equal(rb_puzzle_parse_line(MATE_LINE, &p, err, sizeof err), 0);
    size_t n = rb_puzzle_format_list(&p, out, sizeof out);
    assert_int_equal(n, strlen(out));
    assert_string_equal(out,
                        "7\t1420\tmate\t3b1p1/krr1p2/2xxx2/P1xxx2/2xxx2/5R1/1PKBR2 w K 3 7\tf2a2 a6a7 a4b5 b6a6 a2a6");
    /* a short buffer is cut, never overrun, and the full length is told */
    char small[10];
    assert_int_equal(rb_puzzle_format_list(&p, small, sizeof small), n);
    assert_int_equal(strlen(small), sizeof small - 1);
}

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Damaged files, byte by byte: the reader answers, it never crashes, and
 * what it accepts is something it can write back. */
static void no_input_crashes_the_reader(void **state)
{
    (void)state;
    const char *good = "# c\n" MATE_LINE "\n" MATERIAL_LINE "\n";
    size_t len = strlen(good);
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    static const char alphabet[] = "\t\n\r ,:-#0123456789abcdefgxKkRrBbPpw/\xff";
    int accepted = 0;
    for (int round = 0; round < 4000; round++) {
        char text[1024];
        memcpy(text, good, len);
        size_t n = len;
        int edits = 1 + (int)(next(&rng) % 4);
        for (int e = 0; e < edits; e++) {
            size_t at = next(&rng) % n;
            switch (next(&rng) % 3) {
            case 0: text[at] = alphabet[next(&rng) % (sizeof alphabet - 1)]; break;
            case 1:
                memmove(text + at, text + at + 1, n - at - 1);
                n--;
                break;
            default:
                if (n < sizeof text - 1) {
                    memmove(text + at + 1, text + at, n - at);
                    text[at] = alphabet[next(&rng) % (sizeof alphabet - 1)];
                    n++;
                }
            }
        }
        if (round % 7 == 0) {
            n = next(&rng) % (n + 1); /* truncated */
        }
        rb_puzzle_set set;
        char err[300] = "";
        if (rb_puzzle_set_parse(&set, text, n, err, sizeof err) == 0) {
            accepted++;
            for (size_t i = 0; i < set.count; i++) {
                char out[RB_PUZZLE_TEXT_MAX];
                rb_puzzle back;
                rb_puzzle_format_line(&set.items[i], out, sizeof out);
                assert_int_equal(rb_puzzle_parse_line(out, &back, err, sizeof err), 0);
            }
            rb_puzzle_set_free(&set);
        } else {
            assert_true(strncmp(err, "line ", 5) == 0 || strstr(err, "no puzzles") != NULL);
        }
    }
    assert_true(accepted > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_lines_load_every_field),   cmocka_unit_test(broken_lines_are_refused_with_the_reason),
        cmocka_unit_test(a_file_names_the_broken_line),  cmocka_unit_test(writing_and_reading_give_each_other_back),
        cmocka_unit_test(the_list_line_has_five_fields), cmocka_unit_test(no_input_crashes_the_reader),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
