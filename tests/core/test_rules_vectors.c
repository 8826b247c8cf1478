/*
 * test_rules_vectors.c - the worked examples of the rules, move for move.
 *
 * Each position below is one the rules spell out by hand, with every legal
 * move of the side to move: the start position for both sides, rook
 * rebounds and long sideways slides, bishop mirror rebounds, promotion
 * choices, a rebound mate, a throne win with the out flag set and clear, and
 * a check given by a corner pawn. The expected sets are written here in
 * coordinate form, sorted, so a failure shows the exact moves gained or lost.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START_TEXT "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1"

typedef struct {
    const char *what;
    const char *position;
    const char *moves; /* every legal move, sorted, space separated */
    bool in_check;
} vector;

static const vector vectors[] = {
    {"start, White to move", START_TEXT, "c1b1 c1b2 c2b1 c2b2 c2b3 e1f1 e2f2", false},
    {"start, Black to move", "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b - 0 1", "c6b6 c7b7 e6f5 e6f6 e6f7 e7f6 e7f7",
     false},
    /* Rb1 rebounds at a1 and runs up the a-file to take on a5; Rg1 is
     * stopped by Rb1 before the corner. */
    {"rook corner rebound", "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1",
     "b1a1 b1a2 b1a3 b1a4 b1a5 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1c1 "
     "d2c1 d2c2 d2d1 d2e1 d2e2 g1c1 g1d1 g1e1 g1f1 g1g2",
     false},
    /* Rf7 rebounds at g7 down to its own king and slides sideways down the
     * f-file; Re2 slides along rank 2 to take on b2. */
    {"rook long sideways slide", "5R1/1k5/2xxx2/2xxx1K/2xxx2/1p2R2/7 w - 0 1",
     "e2b2 e2c2 e2d2 e2e1 e2f2 f7e7 f7f1 f7f2 f7f3 f7f4 f7f5 f7f6 f7g5 f7g6 f7g7 "
     "g4f3 g4f4 g4f5 g4g3 g4g5",
     false},
    /* Ra6: the sideways slide along rank 6 and the forward slide along rank 7
     * are both open. */
    {"rook on a6", "7/R6/2xxx2/1Kxxx2/2xxx1k/7/7 w - 0 1",
     "a6a5 a6a7 a6b6 a6b7 a6c6 a6c7 a6d6 a6d7 a6e6 a6e7 a6f6 a6f7 a6g6 a6g7 "
     "b4a3 b4a4 b4a5 b4b3 b4b5",
     false},
    /* Bd1 runs to a4, rebounds off the edge and captures on b5. */
    {"bishop edge rebound", "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 1",
     "d1a4 d1b3 d1b5 d1c2 d1e2 f4f3 f4f5 f4g3 f4g4 f4g5", false},
    /* Bg1 meets the hole's corner at f2 and turns to e1; Bb1 rebounds at a2
     * to b3 and steps back to c2. */
    {"bishop hole-corner rebound", "2k4/7/2xxx2/2xxxK1/2xxx2/7/1B4B w - 0 1",
     "b1a2 b1b3 b1c2 f4f3 f4f5 f4g3 f4g4 f4g5 g1e1 g1f2", false},
    /* Both pawns promote on e6 and on e7 (capturing the rook there), each
     * to a rook or a bishop. */
    {"promotion choices", "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1",
     "b4a3 b4a4 b4a5 b4b3 b4b5 d6e6b d6e6r d6e7b d6e7r d7e6b d7e6r d7e7b d7e7r", false},
    /* The rules only name the mating move here; the full set follows from
     * them: Ka2 and Kb2 touch the black king, the rook steps to d7 e6 f7 and
     * slides f7 g7, rebounds, g6..g1 (no second rebound at g1). */
    {"before the rebound mate", "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1",
     "a3a4 a3b3 a3b4 e7d7 e7e6 e7f7 e7g1 e7g2 e7g3 e7g4 e7g5 e7g6 e7g7", false},
    /* Bb7 covers c6 directly and d7 through its rebound at c6 (the hole
     * lies below c6, so the slide turns upward). */
    {"king boxed in by a bishop", "1B5/3k3/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1", "d6c7 d6e6 d6e7", false},
    {"king next to the throne, flag set", "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6b5 c6b6 c6b7 c6c7 c6d6 c6d7",
     false},
    {"king next to the throne, flag clear", "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1", "c6b5 c6b6 c6b7 c6c7 c6d6 c6d7",
     false},
    /* The b2 pawn stands in the West zone: it attacks a3 diagonally ahead. */
    {"check from a corner pawn", "5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1", "a3a2 a3a4 a3b2 a3b4 e2b2", true},
};

/* The single-piece examples of the rules, each on an otherwise empty board
 * (two kings aside, White on g5 and Black on e7, out of every line): the
 * piece's square and every square it may move to. */
typedef struct {
    const char *what;
    const char *position;
    const char *from;
    const char *targets;
} piece_example;

static const piece_example piece_examples[] = {
    {"rook g1: corner rebound at a1", "4k2/7/2xxx1K/2xxx2/2xxx2/7/6R w - 0 1", "g1",
     "a1 a2 a3 a4 a5 a6 a7 b1 c1 d1 e1 f1 g2"},
    {"rook b1: rebound and long sideways slide", "4k2/7/2xxx1K/2xxx2/2xxx2/7/1R5 w - 0 1", "b1",
     "a1 a2 a3 a4 a5 a6 a7 b2 b3 b4 b5 b6 b7 c1"},
    {"bishop d1: edge rebound at a4", "4k2/7/2xxx1K/2xxx2/2xxx2/7/3B3 w - 0 1", "d1", "a4 b3 b5 c2 c6 d7 e2"},
    {"bishop e2: bottom-edge rebound at d1", "4k2/7/2xxx1K/2xxx2/2xxx2/4B2/7 w - 0 1", "e2", "a4 b3 c2 d1 f1 f3"},
    {"bishop c2: two rebounding diagonals", "4k2/7/2xxx1K/2xxx2/2xxx2/2B4/7 w - 0 1", "c2", "a2 a4 b1 b3 b5 c6 d1 d7"},
    {"bishop b1: rebound at a2", "4k2/7/2xxx1K/2xxx2/2xxx2/7/1B5 w - 0 1", "b1", "a2 b3 c2"},
    {"pawn c1", "4k2/7/2xxx1K/2xxx2/2xxx2/7/2P4 w - 0 1", "c1", "b1 b2"},
    {"pawn c2", "4k2/7/2xxx1K/2xxx2/2xxx2/2P4/7 w - 0 1", "c2", "b1 b2 b3"},
    {"pawn b1", "4k2/7/2xxx1K/2xxx2/2xxx2/7/1P5 w - 0 1", "b1", "a1 a2"},
    {"pawn a1", "4k2/7/2xxx1K/2xxx2/2xxx2/7/P6 w - 0 1", "a1", "a2 b2"},
    {"pawn b2: c3 is the hole", "4k2/7/2xxx1K/2xxx2/2xxx2/1P5/7 w - 0 1", "b2", "a3 b3"},
    {"black pawn e6", "4k2/4p2/2xxx1K/2xxx2/2xxx2/7/7 b - 0 1", "e6", "f5 f6 f7"},
};

static int compare_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The real generator's legal moves as sorted coordinate text. */
static int real_moves(const rb_pos *pos, char out[][8])
{
    rb_movelist list;
    int n = rb_gen_legal(pos, &list);
    assert_int_equal(n, list.count);
    for (int i = 0; i < n; i++) {
        rb_move m = list.moves[i];
        int promo = RB_MOVE_PROMO(m);
        snprintf(out[i], 8, "%s%s%s", rb_sq_name(RB_MOVE_FROM(m)), rb_sq_name(RB_MOVE_TO(m)),
                 promo == RB_ROOK     ? "r"
                 : promo == RB_BISHOP ? "b"
                                      : "");
    }
    qsort(out, (size_t)n, 8, compare_text);
    return n;
}

static void check_vector(void **state)
{
    const vector *v = *state;
    rb_pos pos;
    rb_test_parse(&pos, v->position);

    char got[RB_MAX_MOVES][8];
    int n = real_moves(&pos, got);
    char joined[RB_MAX_MOVES * 8] = "";
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            strcat(joined, " ");
        }
        strcat(joined, got[i]);
    }
    if (strcmp(joined, v->moves) != 0) {
        fail_msg("%s (%s)\n  expected: %s\n  generated: %s", v->what, v->position, v->moves, joined);
    }
    assert_int_equal(rb_gen_count(&pos), n);
    assert_int_equal(rb_pos_in_check(&pos), v->in_check);
    assert_int_equal(rb_pos_status(&pos), RB_ONGOING);
}

static void check_piece_example(void **state)
{
    const piece_example *e = *state;
    rb_pos pos;
    rb_test_parse(&pos, e->position);
    rb_movelist list;
    int n = rb_gen_legal_from(&pos, rb_sq_parse(e->from), &list);
    char got[RB_MAX_MOVES][8];
    for (int i = 0; i < n; i++) {
        snprintf(got[i], 8, "%s", rb_sq_name(RB_MOVE_TO(list.moves[i])));
    }
    qsort(got, (size_t)n, 8, compare_text);
    char joined[RB_MAX_MOVES * 8] = "";
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            strcat(joined, " ");
        }
        strcat(joined, got[i]);
    }
    if (strcmp(joined, e->targets) != 0) {
        fail_msg("%s (%s)\n  expected: %s\n  generated: %s", e->what, e->position, e->targets, joined);
    }
}

static void test_start_string_is_the_start_position(void **state)
{
    (void)state;
    rb_pos parsed, start;
    rb_test_parse(&parsed, START_TEXT);
    rb_pos_start(&start);
    assert_true(rb_pos_equal(&parsed, &start));
    assert_int_equal(parsed.key, start.key);
    char text[RB_POS_TEXT_MAX];
    rb_pos_format(&start, text, sizeof text);
    assert_string_equal(text, START_TEXT);
}

static rb_move find_move(const rb_pos *pos, const char *from, const char *to, int promo)
{
    rb_move m = rb_move_find(pos, rb_sq_parse(from), rb_sq_parse(to), promo);
    if (m == RB_MOVE_NONE) {
        fail_msg("%s%s is not found as a legal move", from, to);
    }
    return m;
}

static void test_rook_rebound_gives_mate(void **state)
{
    (void)state;
    rb_pos pos, after;
    rb_test_parse(&pos, "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1");
    rb_move m = find_move(&pos, "e7", "g6", 0);
    assert_false(rb_move_wins_throne(&pos, m));
    rb_pos_make(&pos, m, &after);
    assert_true(rb_pos_in_check(&after));
    /* the checker is the rook on g6, whose line rebounds at g1 */
    assert_true(rb_pos_checkers(&after) == ((rb_bb)1 << rb_sq_parse("g6")));
    rb_movelist list;
    assert_int_equal(rb_gen_legal(&after, &list), 0);
    assert_int_equal(rb_pos_status(&after), RB_CHECKMATE);
    assert_true(rb_pos_attacked(&after, rb_sq_parse("a1"), RB_WHITE));
    assert_true(rb_pos_attacked(&after, rb_sq_parse("b1"), RB_WHITE));
    assert_true(rb_pos_attacked(&after, rb_sq_parse("a2"), RB_WHITE));
    assert_true(rb_pos_attacked(&after, rb_sq_parse("b2"), RB_WHITE));
}

static void test_bishop_covers_square_through_rebound(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, "1B5/3k3/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1");
    assert_true(rb_pos_attacked(&pos, rb_sq_parse("c6"), RB_WHITE));
    assert_true(rb_pos_attacked(&pos, rb_sq_parse("d7"), RB_WHITE));
    assert_false(rb_pos_attacked(&pos, rb_sq_parse("e7"), RB_WHITE));
}

static void test_throne_win_needs_the_out_flag(void **state)
{
    (void)state;
    rb_pos pos, after;
    rb_movelist list;

    rb_test_parse(&pos, "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1");
    rb_move m = find_move(&pos, "c6", "d6", 0);
    assert_true(rb_move_wins_throne(&pos, m));
    rb_pos_make(&pos, m, &after);
    assert_true(rb_pos_throne_won(&after));
    assert_int_equal(rb_pos_status(&after), RB_THRONE);
    assert_int_equal(rb_gen_legal(&after, &list), 0);
    assert_int_equal(rb_perft(&after, 1), 0);
    /* no other king move wins */
    static const char *const others[] = {"b5", "b6", "b7", "c7", "d7"};
    for (int i = 0; i < 5; i++) {
        assert_false(rb_move_wins_throne(&pos, find_move(&pos, "c6", others[i], 0)));
    }

    uint64_t flagged_key = pos.key;
    rb_test_parse(&pos, "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1");
    /* the flag is part of the position: repetitions must tell them apart */
    assert_true(pos.key != flagged_key);
    m = find_move(&pos, "c6", "d6", 0);
    assert_false(rb_move_wins_throne(&pos, m));
    rb_pos_make(&pos, m, &after);
    assert_false(rb_pos_throne_won(&after));
    assert_int_equal(rb_pos_status(&after), RB_ONGOING);
    assert_true(rb_gen_legal(&after, &list) > 0);
}

static void test_check_from_corner_pawn(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, "5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1");
    assert_true(rb_pos_checkers(&pos) == ((rb_bb)1 << rb_sq_parse("b2")));
    /* a pawn attacks all three squares ahead, whatever stands there */
    rb_bb pawn = rb_pos_attacks_from(&pos, rb_sq_parse("b2"));
    rb_bb ahead = ((rb_bb)1 << rb_sq_parse("a3")) | ((rb_bb)1 << rb_sq_parse("b3"));
    assert_true(pawn == ahead);
}

int main(void)
{
    enum {
        N = sizeof vectors / sizeof vectors[0],
        E = sizeof piece_examples / sizeof piece_examples[0],
        T = N + E + 5
    };
    struct CMUnitTest tests[T];
    int k = 0;
    /* each vector is its own test, named for what it shows */
    for (int i = 0; i < N; i++) {
        tests[k] = (struct CMUnitTest)cmocka_unit_test_prestate(check_vector, (void *)&vectors[i]);
        tests[k++].name = vectors[i].what;
    }
    for (int i = 0; i < E; i++) {
        tests[k] = (struct CMUnitTest)cmocka_unit_test_prestate(check_piece_example, (void *)&piece_examples[i]);
        tests[k++].name = piece_examples[i].what;
    }
    tests[k++] = (struct CMUnitTest)cmocka_unit_test(test_start_string_is_the_start_position);
    tests[k++] = (struct CMUnitTest)cmocka_unit_test(test_rook_rebound_gives_mate);
    tests[k++] = (struct CMUnitTest)cmocka_unit_test(test_bishop_covers_square_through_rebound);
    tests[k++] = (struct CMUnitTest)cmocka_unit_test(test_throne_win_needs_the_out_flag);
    tests[k++] = (struct CMUnitTest)cmocka_unit_test(test_check_from_corner_pawn);
    return _cmocka_run_group_tests("rules_vectors", tests, (size_t)k, NULL, NULL);
}
