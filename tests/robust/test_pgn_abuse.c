/*
 * test_pgn_abuse.c - the PGN reader facing files that are not honest
 * games: cut off anywhere, binary, enormous, or built to hurt (deep
 * nesting, endless comments and tags, absurd numbers). Each must come back
 * promptly with a message that says what and where, or with games that are
 * consistent records; never a crash, never memory out of proportion.
 *
 * The game itself never hands the reader more than its file cap (see
 * rb_ui_store_read); the reader is tested far beyond that, since other
 * programs use it on whole collections.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "rb_pgn.h"
#include "rb_util_clock.h"

static const char sample[] =
    "[Event \"Club night\"]\n"
    "[Site \"Here\"]\n"
    "[Date \"2024.01.02\"]\n"
    "[Round \"1\"]\n"
    "[White \"Ann\"]\n"
    "[Black \"Bob\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. c1-b1 {a start} Rc6-b6 2. Kd2-c1 (2. c2-b3 $1) Rb6-a6 3. c2-b3 Ra6-a7 4. Re2-b2 e7-f7 *\n";

typedef struct outcome {
    int count;
    rb_pgn_error err;
    size_t plies; /* all games together */
} outcome;

static long peak_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/* Reads text and checks what any reading must satisfy. */
static outcome read_checked(const char *text, size_t len)
{
    outcome o;
    rb_game *games = (rb_game *)1;
    size_t ngames = 99;
    o.count = rb_pgn_read(text, len, &games, &ngames, &o.err);
    o.plies = 0;
    if (o.count < 0) {
        assert_null(games);
        assert_int_equal(ngames, 0);
        assert_true(o.err.line > 0 && o.err.column > 0);
        assert_true(strlen(o.err.message) > 0);
        return o;
    }
    assert_int_equal((size_t)o.count, ngames);
    if (o.err.line != 0) {
        assert_true(strlen(o.err.message) > 0);
    }
    for (size_t i = 0; i < ngames; i++) {
        const rb_game *g = &games[i];
        for (size_t p = 0; p <= g->length; p++) {
            assert_true(g->positions[p].key == rb_pos_compute_key(&g->positions[p]));
        }
        o.plies += g->length;
        rb_game_free(&games[i]);
    }
    free(games);
    return o;
}

static size_t lines_in(const char *text, size_t len)
{
    size_t n = 1;
    for (size_t i = 0; i < len; i++) {
        n += text[i] == '\n';
    }
    return n;
}

static void a_file_cut_off_anywhere_reads_safely(void **state)
{
    (void)state;
    size_t len = strlen(sample);
    for (size_t cut = 0; cut <= len; cut++) {
        char *copy = malloc(cut + 1); /* exactly cut bytes: a read past them is caught by ASan */
        assert_non_null(copy);
        memcpy(copy, sample, cut);
        outcome o = read_checked(copy, cut);
        if (o.err.line != 0) {
            assert_true((size_t)o.err.line <= lines_in(sample, cut));
        }
        free(copy);
    }
    /* Cut inside a move or inside a tag: refused, saying where. */
    outcome o = read_checked(sample, strchr(sample, 'K') - sample + 3);
    assert_int_equal(o.err.line, 9);
    assert_non_null(strstr(o.err.message, "move 2"));
    o = read_checked(sample, 10);
    assert_int_equal(o.count, -1);
    assert_int_equal(o.err.line, 1);
}

static void binary_data_is_refused_with_a_message(void **state)
{
    (void)state;
    static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10";
    outcome o = read_checked(png, sizeof png - 1);
    assert_int_equal(o.count, -1);
    assert_int_equal(o.err.line, 1);
    o = read_checked("1. c1-b1\0 Rc6-b6 *", 18);
    assert_non_null(strstr(o.err.message, "binary"));

    /* Random bytes, many times over: never a crash. */
    uint64_t x = 88172645463325252ull;
    char buf[512];
    for (int round = 0; round < 2000; round++) {
        for (size_t i = 0; i < sizeof buf; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            buf[i] = (char)(x >> 24);
        }
        read_checked(buf, (size_t)(x % sizeof buf));
    }
}

/* size bytes of pattern repeated (the last copy cut), in a buffer of
 * exactly that size. */
static char *repeated(const char *pattern, size_t size)
{
    char *text = malloc(size);
    assert_non_null(text);
    size_t n = strlen(pattern);
    for (size_t at = 0; at < size; at += n) {
        memcpy(text + at, pattern, size - at < n ? size - at : n);
    }
    return text;
}

static void huge_texts_stop_at_the_limits(void **state)
{
    (void)state;
    size_t size = rb_test_sanitized() ? (size_t)8 << 20 : (size_t)100 << 20;

    /* Game after game: reading stops at the game limit, keeping them. */
    char *text = repeated("[Event \"x\"]\n1. c2-b3 e6-f5 *\n", size);
    outcome o = read_checked(text, size);
    if (size >= (size_t)RB_PGN_MAX_GAMES * 40) {
        assert_int_equal(o.count, RB_PGN_MAX_GAMES);
        assert_non_null(strstr(o.err.message, "games"));
    } else {
        assert_true(o.count > 1000);
    }
    free(text);

    /* One endless comment, then endless variations: linear, and refused. */
    text = repeated("{ a long remark that never ends ", size);
    o = read_checked(text, size);
    assert_int_equal(o.count, -1);
    free(text);
    text = repeated("((((((((((((((((((((", size);
    o = read_checked(text, size);
    assert_int_equal(o.count, -1);
    free(text);
}

static void malicious_texts_get_messages(void **state)
{
    (void)state;
    const size_t big = (size_t)1 << 20;
    struct {
        const char *why;
        char *text;
    } cases[] = {
        {"closing parentheses", repeated(")", big)},
        {"a tag that never closes", repeated("[Event \"", big)},
        {"a tag value far too long", NULL},
        {"too many tags", repeated("[T\"v\"]", big)},
        {"a NAG of a million digits", NULL},
        {"a move number of a million digits", repeated("9", big)},
        {"a move far too long", repeated("c2b3c2b3", big)},
        {"escape lines", repeated("%\n", big)},
        {"results only", repeated("1-0 ", big)},
        {"moves after the game ended", repeated("c2-b3 e6-f5 b3-c3 f5-e6 c3-b3 e6-f5 b3-c3 f5-e6 ", big)},
    };
    cases[2].text = repeated("x", big);
    memcpy(cases[2].text, "[Event \"", 8);
    cases[4].text = repeated("1", big);
    cases[4].text[0] = '$';
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long before = peak_rss_kb();
        outcome o = read_checked(cases[i].text, big);
        /* Memory in proportion: a few times the text at most. */
        if (peak_rss_kb() - before > 64 * 1024) {
            fail_msg("%s: the peak memory grew by %ld KB", cases[i].why, peak_rss_kb() - before);
        }
        free(cases[i].text);
        if (o.err.line == 0) {
            fail_msg("%s: read as %d games without a word", cases[i].why, o.count);
        }
    }

    /* Setup tags that lie. */
    static const char *const lies[] = {
        "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. c2-b3 *\n",
        "[SetUp \"1\"]\n1. c2-b3 *\n",
        "[FEN \"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 99999999999999999999 1\"]\n*\n",
        ("[FEN \"" /* a king missing */ "2rbp2/2r1p2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1\"]\n*\n"),
        "[Result \"1-0\"]\n1. c2-b3 0-1\n",
        "[Variant \"chess\"]\n1. e4 *\n",
    };
    for (size_t i = 0; i < sizeof lies / sizeof lies[0]; i++) {
        outcome o = read_checked(lies[i], strlen(lies[i]));
        assert_true(o.count == -1 || o.err.line != 0 || o.plies > 0);
    }
    outcome o = read_checked(lies[1], strlen(lies[1]));
    assert_non_null(strstr(o.err.message, "FEN"));
}

static void a_huge_text_reads_in_bounded_time(void **state)
{
    (void)state;
    /* One game whose two moves stand 100 MB apart, the space between
     * filled with comments, variations and rest-of-line remarks: all of it
     * is read, once, at memory speed. The time bound is generous; only a
     * reader that goes back over the text or gets stuck fails it. */
    size_t size = rb_test_sanitized() ? (size_t)8 << 20 : (size_t)100 << 20;
    static const char head[] = "[Event \"x\"]\n1. c1-b1 ";
    static const char tail[] = "\nRc6-b6 *\n";
    static const char filler[] = "{ a remark } (1... e7-f7 $2 {x}) ; more\n";
    char *text = malloc(size);
    assert_non_null(text);
    size_t at = sizeof head - 1, end = size - (sizeof tail - 1);
    memcpy(text, head, at);
    for (; at + sizeof filler - 1 <= end; at += sizeof filler - 1) {
        memcpy(text + at, filler, sizeof filler - 1);
    }
    memset(text + at, ' ', end - at);
    memcpy(text + end, tail, sizeof tail - 1);

    int64_t started = rb_util_now_ms();
    outcome o = read_checked(text, size);
    int64_t took = rb_util_now_ms() - started;
    free(text);
    if (o.err.line != 0) {
        fail_msg("line %d, column %d: %s", o.err.line, o.err.column, o.err.message);
    }
    assert_int_equal(o.count, 1);
    assert_int_equal(o.plies, 2);
    assert_true(took < 60000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_file_cut_off_anywhere_reads_safely), cmocka_unit_test(binary_data_is_refused_with_a_message),
        cmocka_unit_test(huge_texts_stop_at_the_limits),        cmocka_unit_test(malicious_texts_get_messages),
        cmocka_unit_test(a_huge_text_reads_in_bounded_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
