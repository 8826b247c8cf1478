/*
 * test_position_strings.c - the one-line position strings of the rules:
 * every kind of malformed or illegal string is refused with a message that
 * says what is wrong, the valid edge cases are accepted, and formatting and
 * parsing give each other back the same position.
 */
#include "support.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const start_fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

/* True when text contains one of the '|'-separated words, ignoring case. */
static bool mentions(const char *text, const char *words)
{
    char lower[512];
    size_t n = 0;
    for (; text[n] != '\0' && n < sizeof lower - 1; n++) {
        lower[n] = (char)tolower((unsigned char)text[n]);
    }
    lower[n] = '\0';
    char want[256];
    snprintf(want, sizeof want, "%s", words);
    for (char *w = strtok(want, "|"); w != NULL; w = strtok(NULL, "|")) {
        for (char *c = w; *c != '\0'; c++) {
            *c = (char)tolower((unsigned char)*c);
        }
        if (strstr(lower, w) != NULL) {
            return true;
        }
    }
    return false;
}

typedef struct bad_case {
    const char *text;
    const char *words; /* the message must mention one of these */
} bad_case;

static void check_rejected(const bad_case *cases, size_t n)
{
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        rb_pos pos, before;
        rb_pos_start(&pos);
        before = pos;
        char err[256] = "";
        int rc = rb_pos_parse(&pos, cases[i].text, err, sizeof err);
        if (rc == 0) {
            print_error("accepted: \"%s\"\n", cases[i].text);
            failures++;
            continue;
        }
        if (rc != -1 || err[0] == '\0' || !mentions(err, cases[i].words)) {
            print_error("\"%s\" refused with rc %d and message \"%s\", which mentions none of %s\n", cases[i].text, rc,
                        err, cases[i].words);
            failures++;
        }
        if (memcmp(&pos, &before, sizeof pos) != 0) {
            print_error("\"%s\" refused but the position was changed\n", cases[i].text);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

static void malformed_placements_are_refused(void **state)
{
    (void)state;
    static const bad_case cases[] = {
        /* rank lengths */
        {"2rbp3/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "rank 7|rank"},
        {"2rbp2/2rkp1/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "rank 6|rank"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR w - 0 1", "rank 1|rank"},
        {"2rbp2/2rkp2/2xxx2/2xxx3/2xxx2/2PKR2/2PBR2 w - 0 1", "rank 4|rank"},
        /* ranks: too many, too few */
        {"7/2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "rank"},
        {"2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "rank"},
        /* the hole */
        {"2rbp2/2rkp2/1xxx3/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "x|hole"},
        {"2rbp2/2rkp2/7/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "x|hole"},
        {"2rbp2/2rkp2/2xx3/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "x|hole"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/x1PBR2 w - 0 1", "x|hole"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBRx1 w - 0 1", "x|hole"},
        {"2rbp2/2rkp2/3xx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "x|hole"},
        /* letters */
        {"2rbq2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "q"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBN2 w - 0 1", "n"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR0 w - 0 1", "0|digit|rank"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR8 w - 0 1", "8|rank"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2P\xc3\xa9R2 w - 0 1", "character|letter|unknown|invalid|unexpected"},
        /* kings */
        {"2rbp2/2rrp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "king"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PRR2/2PBR2 w - 0 1", "king"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PKR2 w - 0 1", "king"},
        {"k1rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "king"},
        /* army sizes */
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/R1PBR2 w - 0 1", "piece|six|6|seven|7"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBP2 w - 0 1", "pawn"},
        {"2rbp2/2pkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "pawn"},
        /* pawns on their own promotion squares */
        {"3k3/4P2/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", "pawn|promot|e6"},
        {"4P2/3k3/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", "pawn|promot|e7"},
        {"3k3/7/2xxx2/2xxx2/2xxx2/3K3/2p4 w - 0 1", "pawn|promot|c1"},
        {"3k3/7/2xxx2/2xxx2/2xxx2/2pK3/7 w - 0 1", "pawn|promot|c2"},
        /* kings side by side */
        {"7/7/2xxx2/2xxx2/2xxx2/2kK3/7 w - 0 1", "adjacent|next|touch|neighbo"},
        {"7/7/2xxx2/2xxx2/Kkxxx2/7/7 w - 0 1", "adjacent|next|touch|neighbo"},
        {"7/7/2xxx2/2xxx2/2xxx2/k6/K6 b - 0 1", "adjacent|next|touch|neighbo"},
        /* the side not to move is in check (the b2 pawn attacks a3) */
        {"5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 b - 0 1", "check"},
        /* the side to move has already won by throne a move ago */
        {"7/3K3/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "throne"},
        {"7/7/2xxx2/2xxx2/K1xxx2/3k3/7 b k 0 1", "throne"},
    };
    check_rejected(cases, sizeof cases / sizeof cases[0]);
}

static void malformed_fields_are_refused(void **state)
{
    (void)state;
    static const bad_case cases[] = {
        {"", "empty|field|rank|placement"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2", "field|side|missing"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0", "field|move number|missing"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1 x", "field|extra|trailing|after"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 x - 0 1", "side|'x'"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 W - 0 1", "side|'W'"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 wb - 0 1", "side"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w Q 0 1", "flag|out|'Q'"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w KK 0 1", "flag|out"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w -- 0 1", "flag|out"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w K- 0 1", "flag|out"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - -1 1", "quiet|count|ply|clock|number"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - +1 1", "quiet|count|ply|clock|number"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - a 1", "quiet|count|ply|clock|number"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 1234567890 1", "quiet|count|ply|clock|number|digit|long"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1x", "move number|number|count"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 -3", "move number|number|count"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1234567890", "move number|number|count|digit|long"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 0x1", "move number|number|count"},
        /* spacing */
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2  w - 0 1", "space"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1 ", "space|trailing|extra|field"},
        {" 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "space|rank|leading"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2\tw - 0 1", "space|tab|field|rank|character"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1\n", "space|line|trailing|character|number"},
        /* slashes */
        {"2rbp2//2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "rank"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2/ w - 0 1", "rank"},
    };
    check_rejected(cases, sizeof cases / sizeof cases[0]);
}

/* True when every byte of text is printable ASCII. */
static bool printable(const char *text)
{
    for (; *text != '\0'; text++) {
        if ((unsigned char)*text < 0x20 || (unsigned char)*text > 0x7e) {
            return false;
        }
    }
    return true;
}

static void messages_never_echo_raw_bytes(void **state)
{
    (void)state;
    /* Bytes that are not text (an escape sequence, a stray 0xff, half a
     * UTF-8 character) appear as '?' in the message that quotes them. */
    static const char *const cases[] = {
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 \xff - 0 1",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w \x1b[31m 0 1",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - \xc3 1",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1\xe2\x99",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1 \x07",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rb_pos pos;
        char err[256] = "";
        assert_int_equal(rb_pos_parse(&pos, cases[i], err, sizeof err), -1);
        if (err[0] == '\0' || !printable(err)) {
            fail_msg("case %zu: message \"%s\" is empty or not printable", i, err);
        }
        assert_non_null(strchr(err, '?'));
    }
}

static void parse_fmt_equal(const char *text, const char *canonical)
{
    rb_pos pos;
    rb_test_parse(&pos, text);
    char buf[RB_POS_TEXT_MAX];
    rb_pos_format(&pos, buf, sizeof buf);
    assert_string_equal(buf, canonical);
}

static void valid_edge_cases_are_accepted(void **state)
{
    (void)state;
    rb_pos pos, standard;
    rb_pos_start(&standard);
    char buf[RB_POS_TEXT_MAX];
    assert_int_equal(rb_pos_format(&standard, buf, sizeof buf), strlen(start_fen));
    assert_string_equal(buf, start_fen);

    /* Two digits in a row read as their sum; formatting writes one. */
    rb_test_parse(&pos, "11rbp2/2rkp11/11xxx11/2xxx2/2xxx2/2PKR11/11PBR2 w - 0 1");
    assert_true(rb_pos_equal(&pos, &standard));
    parse_fmt_equal("43/7/2xxx2/2xxx2/2xxx2/3K3/k6 b - 0 1", "7/7/2xxx2/2xxx2/2xxx2/3K3/k6 b - 0 1");

    /* A game already won by throne: valid, and nothing can be played. */
    rb_test_parse(&pos, "7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 0 1");
    assert_true(rb_pos_throne_won(&pos));
    assert_int_equal(rb_pos_status(&pos), RB_THRONE);
    assert_int_equal(rb_gen_count(&pos), 0);
    rb_test_parse(&pos, "7/7/2xxx2/2xxx2/K1xxx2/3k3/7 w k 0 1");
    assert_int_equal(rb_pos_status(&pos), RB_THRONE);

    /* A king on the throne with its flag clear is just standing there. */
    rb_test_parse(&pos, "7/3K3/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1");
    assert_int_equal(rb_pos_status(&pos), RB_ONGOING);

    /* Placements no game could reach serve analysis. */
    rb_test_parse(&pos, "3k3/7/2xxx2/2xxx1P/2xxx2/3K3/7 w - 0 1");
    assert_int_equal(RB_TYPE(pos.board[rb_sq_parse("g4")]), RB_PAWN);
    rb_test_parse(&pos, "3k3/7/2xxx2/2xxx2/2xxx2/3K3/pp5 b - 0 1");

    /* Every flag field, large counters, each side to move. */
    parse_fmt_equal("2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b Kk 123456789 999999999",
                    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b Kk 123456789 999999999");
    rb_test_parse(&pos, "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w K 0 1");
    assert_int_equal(pos.out, RB_OUT_WHITE);
    rb_test_parse(&pos, "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w k 0 1");
    assert_int_equal(pos.out, RB_OUT_BLACK);
    rb_test_parse(&pos, "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w Kk 7 40");
    assert_int_equal(pos.out, RB_OUT_WHITE | RB_OUT_BLACK);
    assert_int_equal(pos.quiet, 7);
    assert_int_equal(pos.moveno, 40);
    assert_int_equal(pos.side, RB_WHITE);

    /* Six pieces and two pawns a side are allowed. */
    rb_test_parse(&pos, "2rb3/1prkp2/2xxx2/2xxx2/2xxx2/2PKRP1/3BR2 w - 0 1");
}

static uint64_t rng_state = 0xD1B54A32D192ED03u;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void formatted_positions_parse_back(void **state)
{
    (void)state;
    static const char *const starts[] = {
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
        "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1",
        "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1",
    };
    int games = rb_test_sanitized() ? 20 : 200;
    int checked = 0;
    for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
        for (int g = 0; g < games; g++) {
            rb_pos pos;
            rb_test_parse(&pos, starts[s]);
            for (int ply = 0; ply < 200; ply++) {
                char text[RB_POS_TEXT_MAX], again[RB_POS_TEXT_MAX];
                size_t n = rb_pos_format(&pos, text, sizeof text);
                assert_int_equal(n, strlen(text));
                rb_pos back;
                char err[256];
                if (rb_pos_parse(&back, text, err, sizeof err) != 0) {
                    fail_msg("\"%s\" written but refused: %s", text, err);
                }
                assert_true(rb_pos_equal(&back, &pos));
                assert_true(back.key == pos.key);
                assert_true(back.key == rb_pos_compute_key(&back));
                rb_pos_format(&back, again, sizeof again);
                assert_string_equal(again, text);
                checked++;
                rb_movelist list;
                if (rb_gen_legal(&pos, &list) == 0) {
                    break;
                }
                rb_pos_make(&pos, list.moves[rng() % (uint64_t)list.count], &pos);
            }
        }
    }
    print_message("%d positions written and read back\n", checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(malformed_placements_are_refused), cmocka_unit_test(malformed_fields_are_refused),
        cmocka_unit_test(messages_never_echo_raw_bytes),    cmocka_unit_test(valid_edge_cases_are_accepted),
        cmocka_unit_test(formatted_positions_parse_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
