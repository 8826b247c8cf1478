/*
 * test_protocol_position.c - the protocol's position, d and go perft
 * commands: what they print, and that a bad position line changes nothing
 * and is answered by exactly one error line.
 */
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include "proto_harness.h"

#define START_FEN "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1"

/* Sends line and checks it was answered by one error line only. */
static void expect_one_error(harness *h, const char *line)
{
    harness_expect_error(h, line, strlen(line), "info string error: ", "");
}

static void d_describes_the_start_position(void **state)
{
    (void)state;
    harness *h = harness_new();
    char buf[1024];
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send(h, "d");
    /* the diagram: rank 7 on top, the hole drawn as # */
    assert_true(harness_find(h, from, "  7 | . . r b p . . |") >= 0);
    assert_true(harness_find(h, from, "  4 | . . # # # . . |") >= 0);
    assert_true(harness_find(h, from, "  1 | . . P B R . . |") >= 0);
    assert_string_equal(harness_d(h, "Fen:", buf, sizeof buf), START_FEN);
    assert_string_equal(harness_d(h, "Status:", buf, sizeof buf), "ongoing");
    assert_string_equal(harness_d(h, "Checkers:", buf, sizeof buf), "-");
    assert_string_equal(harness_d(h, "Legal:", buf, sizeof buf), "c1b1 c1b2 c2b1 c2b2 c2b3 e1f1 e2f2");
    harness_free(h);
}

static void moves_are_played_from_startpos_and_fen(void **state)
{
    (void)state;
    harness *h = harness_new();
    char buf[1024];
    harness_send(h, "position startpos moves c2b3 e6f5");
    assert_string_equal(harness_d(h, "Fen:", buf, sizeof buf), "2rbp2/2rk3/2xxxp1/2xxx2/1Pxxx2/3KR2/2PBR2 w - 0 2");
    /* Black to move in the start position has the mirrored seven moves. */
    harness_send(h, "position fen 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b - 0 1");
    assert_string_equal(harness_d(h, "Legal:", buf, sizeof buf), "c6b6 c7b7 e6f5 e6f6 e6f7 e7f6 e7f7");
    harness_free(h);
}

static void every_bad_position_line_gives_one_error_and_keeps_the_position(void **state)
{
    (void)state;
    harness *h = harness_new();
    char before[1024], after[1024];
    harness_send(h, "position startpos moves c2b3");
    harness_d(h, "Fen:", before, sizeof before);
    static const char *const bad[] = {
        "position",
        "position middlegame",
        "position startpos c2b3",
        "position startpos moves c2b3 c2b3", /* no piece on c2 any more */
        "position startpos moves c2b3 e6",   /* malformed */
        "position startpos moves c2b3 e6f5 b3b4 zz9z",
        "position startpos moves c1b1 e7e8", /* off the board */
        "position startpos moves c2c3",      /* into the hole */
        "position fen",
        "position fen 7/3k3 w - 0",
        "position fen 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1 extra",
        "position fen 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 x - 0 1",
        "position fen 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR3 w - 0 1",
        "position fen 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PQR2/2PBR2 w - 0 1",
        "position fen 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1 moves e1e1",
        ("position fen 2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1 moves " /* long garbage */
         "c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1c1b1"),
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        expect_one_error(h, bad[i]);
        harness_d(h, "Fen:", after, sizeof after);
        assert_string_equal(after, before);
    }
    harness_free(h);
}

static void an_error_names_the_bad_move_and_why(void **state)
{
    (void)state;
    harness *h = harness_new();
    size_t from = harness_count(h);
    harness_send(h, "position startpos moves c2b3 d6d5");
    const char *line = harness_line(h, from);
    assert_non_null(line);
    assert_non_null(strstr(line, "move 2"));
    assert_non_null(strstr(line, "d6d5"));
    harness_free(h);
}

/* White's e1 rook and Black's c6 rook step out and back twice: the start
 * position then stands for the third time. */
#define SHUFFLE "e1f1 c6b6 f1e1 b6c6"

static void d_reports_threefold_repetition(void **state)
{
    (void)state;
    harness *h = harness_new();
    char buf[1024];
    harness_send(h, "position startpos moves " SHUFFLE " e1f1 c6b6 f1e1");
    assert_string_equal(harness_d(h, "Status:", buf, sizeof buf), "ongoing");
    harness_send(h, "position startpos moves " SHUFFLE " " SHUFFLE);
    assert_string_equal(harness_d(h, "Status:", buf, sizeof buf), "repetition");
    assert_string_equal(harness_d(h, "Fen:", buf, sizeof buf), "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 8 5");
    /* The game is over: no moves, no more moves accepted, no search. */
    assert_string_equal(harness_d(h, "Legal:", buf, sizeof buf), "");
    expect_one_error(h, "position startpos moves " SHUFFLE " " SHUFFLE " c2b3");
    size_t from = harness_count(h);
    harness_send(h, "go depth 3");
    assert_true(harness_wait(h, from, "bestmove (none)", 1000) >= 0);
    harness_free(h);
}

static void d_reports_checkmate_and_throne_and_checkers(void **state)
{
    (void)state;
    harness *h = harness_new();
    char buf[1024];
    /* Re7-g6 mates: the rook rebounds at g7, then covers g5..g1 and f1..a1. */
    harness_send(h, "position fen 4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1 moves e7g6");
    assert_string_equal(harness_d(h, "Status:", buf, sizeof buf), "checkmate");
    assert_string_equal(harness_d(h, "Checkers:", buf, sizeof buf), "g6");
    assert_string_equal(harness_d(h, "Legal:", buf, sizeof buf), "");
    /* A king with its out flag set reaching the enemy king's start square. */
    harness_send(h, "position fen 7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1 moves c6d6");
    assert_string_equal(harness_d(h, "Status:", buf, sizeof buf), "throne");
    /* The same step without the flag is an ordinary move. */
    harness_send(h, "position fen 7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1 moves c6d6");
    assert_string_equal(harness_d(h, "Status:", buf, sizeof buf), "ongoing");
    /* Check by a pawn on b2 against the king on a3. */
    harness_send(h, "position fen 5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1");
    assert_string_equal(harness_d(h, "Checkers:", buf, sizeof buf), "b2");
    assert_string_equal(harness_d(h, "Legal:", buf, sizeof buf), "a3a2 a3a4 a3b2 a3b4 e2b2");
    /* Two checkers are listed sorted by name, a2 before b1. */
    harness_send(h, "position fen 7/7/2xxx2/2xxx1k/2xxx2/r6/Kr5 w - 0 1");
    assert_string_equal(harness_d(h, "Checkers:", buf, sizeof buf), "a2 b1");
    harness_free(h);
}

static void perft_prints_each_move_then_the_total(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send_wait(h, "go perft 4");
    static const char *const expected[] = {
        "c1b1: ", "c1b2: ", "c2b1: ", "c2b2: ", "c2b3: ", "e1f1: ", "e2f2: ",
    };
    assert_int_equal(harness_count(h), from + 9);
    unsigned long sum = 0;
    for (size_t i = 0; i < 7; i++) {
        const char *line = harness_line(h, from + i);
        assert_memory_equal(line, expected[i], strlen(expected[i]));
        sum += strtoul(line + strlen(expected[i]), NULL, 10);
    }
    assert_string_equal(harness_line(h, from + 7), "");
    assert_string_equal(harness_line(h, from + 8), "Nodes searched: 4652");
    assert_int_equal(sum, 4652);

    /* Promotions count one line per choice. */
    harness_send(h, "position fen 3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1");
    from = harness_count(h);
    harness_send_wait(h, "go perft 1");
    assert_int_equal(harness_count(h), from + 15);
    assert_string_equal(harness_line(h, from + 5), "d6e6b: 1");
    assert_string_equal(harness_line(h, from + 6), "d6e6r: 1");
    assert_string_equal(harness_line(h, from + 14), "Nodes searched: 13");

    expect_one_error(h, "go perft");
    expect_one_error(h, "go perft 0");
    expect_one_error(h, "go perft two");
    expect_one_error(h, "go perft 2 3");
    harness_free(h);
}

/* A perft far too deep to finish leaves the engine answering: isready at
 * once, and stop ends it. Commands after it wait for it, so answers stay in
 * order. */
static void a_deep_perft_keeps_answering_and_stops_on_stop(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send(h, "go perft 20");
    harness_send(h, "isready");
    assert_true(harness_wait(h, from, "readyok", 1000) >= 0);
    assert_true(harness_find(h, from, "Nodes searched:") < 0);
    harness_send(h, "stop");
    assert_true(harness_wait(h, from, "info string perft stopped", 2000) >= 0);
    assert_false(rb_proto_searching(h->proto));

    /* A short one run before "d" finishes first: its total comes before
     * the diagram. */
    from = harness_count(h);
    harness_send(h, "go perft 5");
    harness_send(h, "d");
    long total = harness_find(h, from, "Nodes searched: 53771");
    long fen = harness_find(h, from, "Fen: ");
    assert_true(total >= 0 && fen > total);
    harness_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(d_describes_the_start_position),
        cmocka_unit_test(moves_are_played_from_startpos_and_fen),
        cmocka_unit_test(every_bad_position_line_gives_one_error_and_keeps_the_position),
        cmocka_unit_test(an_error_names_the_bad_move_and_why),
        cmocka_unit_test(d_reports_threefold_repetition),
        cmocka_unit_test(d_reports_checkmate_and_throne_and_checkers),
        cmocka_unit_test(perft_prints_each_move_then_the_total),
        cmocka_unit_test(a_deep_perft_keeps_answering_and_stops_on_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
