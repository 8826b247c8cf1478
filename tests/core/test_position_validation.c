/*
 * test_position_validation.c - rb_pos_validate names each reason a set-up
 * is no legal position (RULES section 5), for the right colour, with the
 * count and the squares at fault; it trusts only the board, not the
 * position's cached king squares; the form-only reader takes illegal
 * set-ups that the full parser refuses with the verdict's sentence.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

static rb_bb squares(const char *names)
{
    rb_bb b = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        int sq = rb_sq_parse(w);
        assert_true(sq >= 0);
        b |= (rb_bb)1 << sq;
    }
    return b;
}

typedef struct verdict_case {
    const char *text;
    rb_pos_problem problem;
    int color;
    int count;
    const char *squares; /* the squares at fault, by name; "" none */
    const char *words;   /* what the parser's message must say */
} verdict_case;

static void check_case(const verdict_case *c)
{
    rb_pos pos;
    char err[256] = "";
    if (rb_pos_parse_form(&pos, c->text, err, sizeof err) != 0) {
        fail_msg("the form of \"%s\" was refused: %s", c->text, err);
    }
    rb_pos_verdict v;
    memset(&v, 0xff, sizeof v);
    rb_pos_problem p = rb_pos_validate(&pos, &v);
    if (p != c->problem || v.problem != c->problem || v.color != c->color || v.count != c->count ||
        v.squares != squares(c->squares)) {
        fail_msg("\"%s\": problem %d colour %d count %d squares %llx; expected %d %d %d %llx", c->text, (int)p, v.color,
                 v.count, (unsigned long long)v.squares, (int)c->problem, c->color, c->count,
                 (unsigned long long)squares(c->squares));
    }
    rb_pos parsed = pos;
    int rc = rb_pos_parse(&parsed, c->text, err, sizeof err);
    if (c->problem == RB_POS_VALID) {
        assert_int_equal(rc, 0);
        return;
    }
    assert_int_equal(rc, -1);
    char text[256];
    rb_pos_verdict_text(&v, text, sizeof text);
    assert_string_equal(err, text);
    if (!strstr(err, c->words)) {
        fail_msg("\"%s\" refused with \"%s\", which does not say \"%s\"", c->text, err, c->words);
    }
}

static void each_reason_is_named_with_its_squares(void **state)
{
    (void)state;
    static const verdict_case cases[] = {
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", RB_POS_VALID, RB_WHITE, 0, "", ""},
        {"3k3/7/2xxx2/2xxx2/2xxx2/7/7 w - 0 1", RB_POS_KING_COUNT, RB_WHITE, 0, "", "White has 0 kings"},
        {"k5k/7/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", RB_POS_KING_COUNT, RB_BLACK, 2, "a7 g7", "Black has 2 kings"},
        {"3k3/7/2xxx2/2xxx2/RRxxxRR/PP1K3/7 w - 0 1", RB_POS_TOO_MANY_PIECES, RB_WHITE, 7, "a3 b3 f3 g3 a2 b2 d2",
         "White has 7 pieces"},
        {"3k3/7/2xxx2/2xxx2/2xxx2/PPP1K2/7 w - 0 1", RB_POS_TOO_MANY_PAWNS, RB_WHITE, 3, "a2 b2 c2",
         "White has 3 pawns"},
        {"3kP2/7/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", RB_POS_PAWN_ON_PROMOTION, RB_WHITE, 1, "e7", "White pawn on e7"},
        {"3k3/7/2xxx2/2xxx2/2xxx2/3K3/2p4 w - 0 1", RB_POS_PAWN_ON_PROMOTION, RB_BLACK, 1, "c1", "Black pawn on c1"},
        {"7/7/2xxx2/2xxx2/2xxx2/3K3/3k3 w - 0 1", RB_POS_KINGS_ADJACENT, RB_WHITE, 2, "d1 d2", "next to each other"},
        /* White, not to move, in check from the pawn on b2 */
        {"5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 b - 0 1", RB_POS_WAITING_IN_CHECK, RB_WHITE, 1, "a3 b2",
         "White is in check but it is Black's move"},
        /* the same with White to move is an ordinary check */
        {"5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1", RB_POS_VALID, RB_WHITE, 0, "", ""},
        /* White's flagged king on its throne d6 with White to move: over */
        {"7/3K3/2xxx2/2xxx2/2xxx1k/7/7 w K 0 1", RB_POS_THRONE_ENDED, RB_WHITE, 1, "d6", "throne d6"},
        /* the same with Black to move is a won game, valid; flag clear too */
        {"7/3K3/2xxx2/2xxx2/2xxx1k/7/7 b K 0 1", RB_POS_VALID, RB_WHITE, 0, "", ""},
        {"7/3K3/2xxx2/2xxx2/2xxx1k/7/7 w - 0 1", RB_POS_VALID, RB_WHITE, 0, "", ""},
        /* Black's on d2 */
        {"3K3/7/2xxx2/2xxx2/2xxx2/3k3/7 b k 0 1", RB_POS_THRONE_ENDED, RB_BLACK, 1, "d2", "throne d2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        check_case(&cases[i]);
    }
}

/* A board built piece by piece, where the cached king square is stale
 * after a king is taken off, is judged by what stands on it. */
static void kings_are_found_on_the_board(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_clear(&pos);
    rb_pos_put(&pos, rb_sq_parse("a1"), RB_PIECE(RB_WHITE, RB_KING));
    rb_pos_put(&pos, rb_sq_parse("g7"), RB_PIECE(RB_WHITE, RB_KING));
    rb_pos_put(&pos, rb_sq_parse("d6"), RB_PIECE(RB_BLACK, RB_KING));
    rb_pos_verdict v;
    assert_int_equal(rb_pos_validate(&pos, &v), RB_POS_KING_COUNT);
    assert_int_equal(v.count, 2);
    rb_pos_remove(&pos, rb_sq_parse("g7")); /* pos.king[White] still says g7 */
    assert_int_equal(rb_pos_validate(&pos, &v), RB_POS_VALID);
    /* A Black rook next to that king: with Black to move, White waits in
     * check, and the king and the rook are the squares at fault. */
    rb_pos_put(&pos, rb_sq_parse("b1"), RB_PIECE(RB_BLACK, RB_ROOK));
    bool attacked = rb_pos_attacked(&pos, rb_sq_parse("a1"), RB_BLACK);
    rb_pos_set_side(&pos, RB_BLACK);
    assert_int_equal(rb_pos_validate(&pos, &v), attacked ? RB_POS_WAITING_IN_CHECK : RB_POS_VALID);
    assert_true(attacked);
    assert_true(v.squares & ((rb_bb)1 << rb_sq_parse("a1")));
    assert_true(v.squares & ((rb_bb)1 << rb_sq_parse("b1")));
}

/* The form reader still refuses what is not a position string at all, and
 * leaves the position alone then. */
static void the_form_reader_refuses_bad_forms(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "2rbp2/2rkp2/2xxx2 w - 0 1",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 x - 0 1",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKQ2/2PBR2 w - 0 1",
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rb_pos pos, before;
        rb_pos_start(&pos);
        before = pos;
        char err[256] = "";
        assert_int_equal(rb_pos_parse_form(&pos, bad[i], err, sizeof err), -1);
        assert_true(err[0] != '\0');
        assert_memory_equal(&pos, &before, sizeof pos);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_reason_is_named_with_its_squares),
        cmocka_unit_test(kings_are_found_on_the_board),
        cmocka_unit_test(the_form_reader_refuses_bad_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
