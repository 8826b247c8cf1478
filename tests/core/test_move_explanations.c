/*
 * test_move_explanations.c - why a move is refused, reason by reason.
 *
 * Every reason of rb_explain_move() on positions worked out by hand from the
 * rules: the square it names, the rule it rests on and the sentence a
 * person reads. The cases lean on the places where Rollerball differs from
 * chess - corner rebounds of rooks, mirror rebounds of bishops off the edge
 * and the hole, zone-relative backward and sideways, promotion squares, the
 * throne - and on the order of the checks where two reasons could apply.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "rb_explain.h"
#include "rb_notation.h"

#define START "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1"
/* White Kd2 Rb1 Rg1; Black Kd6 Pa5. */
#define ROOKS "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1"
/* White Kf4 Bd1; Black Kc7 Pb5. */
#define BISHOP "2k4/7/1pxxx2/2xxxK1/2xxx2/7/3B3 w - 0 1"
/* White Kb4 Pd6 Pd7; Black Kg4 Re7. */
#define PROMO "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1"

static int square(const char *name)
{
    char two[3] = {name[0], name[1], '\0'};
    int sq = rb_sq_parse(two);
    assert_true(sq >= 0);
    return sq;
}

#define BIT(name) ((rb_bb)1 << square(name))

/* Explains a move given in coordinate form, with any promotion letter
 * among r b k p. */
static rb_explanation explain_text(const rb_pos *pos, const char *move)
{
    static const char letters[] = "?krbp";
    int promo = 0;
    if (move[4] != '\0') {
        const char *at = strchr(letters, move[4]);
        assert_non_null(at);
        promo = (int)(at - letters);
    }
    rb_explanation e;
    assert_int_equal(rb_explain_move(pos, square(move), square(move + 2), promo, &e), 0);
    return e;
}

static void expect_full(const char *fen, const char *move, rb_explain_reason reason, rb_explain_rule rule,
                        const char *squares, const char *sentence)
{
    rb_pos pos;
    rb_test_parse(&pos, fen);
    rb_explanation e = explain_text(&pos, move);
    char list[128], text[RB_EXPLAIN_TEXT_MAX];
    rb_explain_squares_text(e.squares, list, sizeof list);
    size_t n = rb_explain_text(&e, text, sizeof text);
    assert_true(n < sizeof text);
    if (e.reason != reason || e.rule != rule || strcmp(list, squares) != 0 ||
        (sentence != NULL && strcmp(text, sentence) != 0)) {
        fail_msg("%s in %s: got %s (rule %d) %s: %s; expected %s (rule %d) %s: %s", move, fen,
                 rb_explain_reason_name(e.reason), e.rule, list, text, rb_explain_reason_name(reason), rule, squares,
                 sentence ? sentence : "(any)");
    }
}

static void expect(const char *fen, const char *move, rb_explain_reason reason, const char *squares,
                   const char *sentence)
{
    expect_full(fen, move, reason, RB_RULE_NONE, squares, sentence);
}

/* ---- the move does not depend on the board ---------------------------- */

static void game_over_comes_first(void **state)
{
    (void)state;
    /* After Re7-g6 mate (the rules' example): even Black's own king cannot
     * move, and a move of White's is not "not your piece". */
    const char *mate = "7/6R/2xxx2/2xxx2/K1xxx2/7/k6 b - 1 1";
    expect(mate, "a1b1", RB_EXPLAIN_GAME_OVER, "-", "The game is over: Black is checkmated.");
    expect(mate, "g6g5", RB_EXPLAIN_GAME_OVER, "-", NULL);
    expect(mate, "c1c2", RB_EXPLAIN_GAME_OVER, "-", NULL);
    /* White's king reached d6 with its flag set: the throne is taken. */
    expect("7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 1 1", "f3f2", RB_EXPLAIN_GAME_OVER, "-",
           "The game is over: White's king has taken the throne.");
    /* Black to move, no move, not in check: the corner king is boxed in by
     * the White king (a2, b2) and the pawn c1 (b1, b2). */
    const char *stale = "7/7/2xxx2/2xxx2/K1xxx2/7/k1P4 b - 0 1";
    rb_pos pos;
    rb_test_parse(&pos, stale);
    assert_int_equal(rb_pos_status(&pos), RB_STALEMATE);
    expect(stale, "a1b1", RB_EXPLAIN_GAME_OVER, "-", "The game is over: a draw by stalemate.");
}

static void a_game_record_knows_repetition_and_resignation(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, START);
    rb_test_play(&g, "e1f1 c7b7 f1e1 b7c7 e1f1 c7b7 f1e1 b7c7");
    assert_int_equal(rb_game_ending(&g), RB_END_REPETITION);
    rb_explanation e;
    char text[RB_EXPLAIN_TEXT_MAX];
    assert_int_equal(rb_explain_game_move(&g, square("c2"), square("b3"), 0, &e), 0);
    assert_int_equal(e.reason, RB_EXPLAIN_GAME_OVER);
    assert_int_equal(e.ending, RB_END_REPETITION);
    rb_explain_text(&e, text, sizeof text);
    assert_string_equal(text, "The game is over: a draw by threefold repetition.");
    /* The same position outside the record has moves. */
    assert_int_equal(rb_explain_move(rb_game_pos(&g), square("c2"), square("b3"), 0, &e), 0);
    assert_int_equal(e.reason, RB_EXPLAIN_LEGAL);
    rb_game_free(&g);

    rb_test_new_game(&g, START);
    rb_game_resign(&g, RB_WHITE);
    assert_int_equal(rb_explain_game_move(&g, square("c2"), square("b3"), 0, &e), 0);
    assert_int_equal(e.reason, RB_EXPLAIN_GAME_OVER);
    assert_int_equal(e.winner, RB_BLACK);
    rb_explain_text(&e, text, sizeof text);
    assert_string_equal(text, "The game is over: White resigned.");
    rb_game_free(&g);
}

static void the_from_square_must_hold_a_piece_of_the_side_to_move(void **state)
{
    (void)state;
    expect(START, "a1a2", RB_EXPLAIN_NO_PIECE, "a1", "There is no piece on a1.");
    expect(START, "c7b7", RB_EXPLAIN_NOT_YOUR_PIECE, "c7", "The rook on c7 is Black's, and White is to move.");
    /* Precedence: the origin is judged before the destination. */
    expect(START, "b1c1", RB_EXPLAIN_NO_PIECE, "b1", NULL);
    expect(START, "d6d7", RB_EXPLAIN_NOT_YOUR_PIECE, "d6", NULL);
}

static void a_move_may_not_land_on_its_own_side(void **state)
{
    (void)state;
    expect(START, "e1e2", RB_EXPLAIN_OWN_PIECE, "e2", "e2 holds White's own rook.");
    expect(START, "d1e2", RB_EXPLAIN_OWN_PIECE, "e2", NULL);
    /* Own piece comes before geometry: a rook never goes e1-d2 either. */
    expect(START, "e1d2", RB_EXPLAIN_OWN_PIECE, "d2", "d2 holds White's own king.");
    /* Staying put is not "own piece": no piece ever moves to its own square. */
    expect_full(START, "e1e1", RB_EXPLAIN_UNREACHABLE, RB_RULE_STAY, "e1", "A move must leave its square.");
}

/* ---- unreachable: the piece never goes there, even on an empty board --- */

static void kings_and_pawns_step_once(void **state)
{
    (void)state;
    expect_full(START, "d2b2", RB_EXPLAIN_UNREACHABLE, RB_RULE_KING_STEP, "b2,d2",
                "A king moves only one step, to a neighbouring square.");
    expect_full(START, "c2a2", RB_EXPLAIN_UNREACHABLE, RB_RULE_PAWN_FORWARD, "a2,c2",
                "A pawn moves only one step forward, straight or diagonally, and forward on c2 is west.");
    /* Backward is relative to the zone: a pawn on b1 goes to a1 and a2. */
    expect_full("2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/3KR2/1P1BR2 w - 0 1", "b1c1", RB_EXPLAIN_UNREACHABLE,
                RB_RULE_PAWN_FORWARD, "b1,c1", NULL);
    expect("2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/3KR2/1P1BR2 w - 0 1", "b1a2", RB_EXPLAIN_LEGAL, "-", NULL);
    /* A Black pawn on e6 faces east: f5 f6 f7, never d6 or e5. */
    const char *black = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b - 0 1";
    expect_full(black, "e6g6", RB_EXPLAIN_UNREACHABLE, RB_RULE_PAWN_FORWARD, "e6,g6",
                "A pawn moves only one step forward, straight or diagonally, and forward on e6 is east.");
    expect(black, "e6f5", RB_EXPLAIN_LEGAL, "-", NULL);
}

static void rooks_never_slide_backward_or_long_sideways(void **state)
{
    (void)state;
    /* e1 faces west: g1 is two squares straight back. */
    expect_full(START, "e1g1", RB_EXPLAIN_UNREACHABLE, RB_RULE_ROOK_BACKWARD, "e1,g1",
                "A rook never slides backward: from e1 it slides west, turning north at a1, and "
                "otherwise steps one square in a straight line.");
    /* One step back is allowed. */
    expect(START, "e1f1", RB_EXPLAIN_LEGAL, "-", NULL);
    /* g1 faces west too: g3 is two squares sideways. */
    expect_full(ROOKS, "g1g3", RB_EXPLAIN_UNREACHABLE, RB_RULE_ROOK_SIDEWAYS, "g1,g3",
                "A rook slides sideways only from b1, a6, f7 and g2: from g1 it slides west, turning "
                "north at a1, and otherwise steps one square in a straight line.");
    /* b1 is one of the four: its sideways slide runs north to b7. */
    expect(ROOKS, "b1b7", RB_EXPLAIN_LEGAL, "-", NULL);
    /* Off every line of the rook. */
    expect_full(ROOKS, "b1c2", RB_EXPLAIN_UNREACHABLE, RB_RULE_ROOK_LINE, "b1,c2",
                "A rook moves in straight lines, turning only once at an empty outer corner: from b1 "
                "it slides west, turning north at a1, or north, and otherwise steps one square in a "
                "straight line.");
    expect_full(ROOKS, "g1f7", RB_EXPLAIN_UNREACHABLE, RB_RULE_ROOK_LINE, "f7,g1", NULL);
    /* An inner-ring slide runs on to a2 and never reaches a corner. */
    expect_full("7/3k3/2xxx2/2xxx2/2xxx2/3KR2/7 w - 0 1", "e2a7", RB_EXPLAIN_UNREACHABLE, RB_RULE_ROOK_LINE, "a7,e2",
                NULL);
    /* One rebound at most: a7..g7, g6..g1 and not on to f1. */
    expect_full("R6/3k3/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", "a7f1", RB_EXPLAIN_UNREACHABLE, RB_RULE_ROOK_LINE, "a7,f1",
                NULL);
    expect("R6/3k3/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", "a7g1", RB_EXPLAIN_LEGAL, "-", NULL);
}

static void bishops_step_back_once_and_slide_forward(void **state)
{
    (void)state;
    /* d1 faces west; f3 is two diagonal steps back. */
    expect_full(BISHOP, "d1f3", RB_EXPLAIN_UNREACHABLE, RB_RULE_BISHOP_BACKWARD, "d1,f3",
                "A bishop's only backward move is one diagonal step: from d1 it slides north-west, "
                "rebounding at a4.");
    expect(BISHOP, "d1e2", RB_EXPLAIN_LEGAL, "-", NULL);
    expect_full(BISHOP, "d1b1", RB_EXPLAIN_UNREACHABLE, RB_RULE_BISHOP_LINE, "b1,d1",
                "A bishop slides only along its forward diagonals, rebounding at most once off the "
                "edge or the hole: from d1 it slides north-west, rebounding at a4, and otherwise "
                "steps one square diagonally backward.");
    /* g1 meets the hole's corner at f2 and turns west to e1, no further. */
    const char *corner = "2k4/7/2xxx2/2xxxK1/2xxx2/7/1B4B w - 0 1";
    expect(corner, "g1e1", RB_EXPLAIN_LEGAL, "-", NULL);
    expect_full(corner, "g1d2", RB_EXPLAIN_UNREACHABLE, RB_RULE_BISHOP_LINE, "d2,g1",
                "A bishop slides only along its forward diagonals, rebounding at most once off the "
                "edge or the hole: from g1 it slides north-west, rebounding at f2, and otherwise "
                "steps one square diagonally backward.");
    /* b1: a2, then the rebound to b3; no third diagonal. */
    expect(corner, "b1b3", RB_EXPLAIN_LEGAL, "-", NULL);
    expect_full(corner, "b1a3", RB_EXPLAIN_UNREACHABLE, RB_RULE_BISHOP_LINE, "a3,b1", NULL);
}

/* ---- blocked: the one route is occupied before the target ------------- */

static void the_first_piece_on_the_route_blocks(void **state)
{
    (void)state;
    expect(START, "e1a1", RB_EXPLAIN_BLOCKED, "d1", "The rook on e1 cannot reach a1: the bishop on d1 is in the way.");
    /* Rg1 is stopped by its own Rb1 before the corner, so no rebound. */
    expect(ROOKS, "g1a3", RB_EXPLAIN_BLOCKED, "b1", NULL);
    /* Rb1 rebounds at a1 and takes on a5, but cannot pass it. */
    expect(ROOKS, "b1a5", RB_EXPLAIN_LEGAL, "-", NULL);
    expect(ROOKS, "b1a7", RB_EXPLAIN_BLOCKED, "a5", "The rook on b1 cannot reach a7: the pawn on a5 is in the way.");
    /* The bishop's rebound route c2 b3 a4 | b5 c6 d7 is cut at b5. */
    expect(BISHOP, "d1b5", RB_EXPLAIN_LEGAL, "-", NULL);
    expect(BISHOP, "d1d7", RB_EXPLAIN_BLOCKED, "b5", NULL);
}

static void an_occupied_turning_square_stops_the_rebound(void **state)
{
    (void)state;
    /* A rook turns only at an empty corner: a pawn on a1 can be taken, not
     * turned at. */
    const char *corner = "7/3k3/2xxx2/2xxx2/2xxx2/3K3/p5R w - 0 1";
    expect(corner, "g1a1", RB_EXPLAIN_LEGAL, "-", NULL);
    expect_full(corner, "g1a3", RB_EXPLAIN_BLOCKED, RB_RULE_BLOCKED_AT_TURN, "a1",
                "The rook on g1 cannot reach a3: the pawn on a1 is in the way (a rook turns only at an "
                "empty corner).");
    /* A bishop cannot rebound off a piece. */
    const char *wall = "2k4/7/2xxx2/p1xxxK1/2xxx2/7/3B3 w - 0 1";
    expect(wall, "d1a4", RB_EXPLAIN_LEGAL, "-", NULL);
    expect_full(wall, "d1b5", RB_EXPLAIN_BLOCKED, RB_RULE_BLOCKED_AT_TURN, "a4",
                "The bishop on d1 cannot reach b5: the pawn on a4 is in the way (a bishop cannot "
                "rebound off a piece).");
}

/* ---- king-attacked: every attacker after the move --------------------- */

static void the_king_may_not_be_left_or_put_in_attack(void **state)
{
    (void)state;
    /* White is in check from the corner pawn b2; the rook move ignores it. */
    const char *check = "5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1";
    /* In check already, the king is said to stay in check. */
    expect(check, "f7f6", RB_EXPLAIN_KING_ATTACKED, "b2",
           "White's king on a3 is in check, and after this move it would still be in check from b2.");
    expect(check, "a3b3", RB_EXPLAIN_KING_ATTACKED, "b2",
           "White's king is in check, and on b3 it would still be in check from b2.");
    expect(check, "e2b2", RB_EXPLAIN_LEGAL, "-", NULL);
    /* Two checkers, both named: the rook a1 up the a-file and the pawn. */
    const char *two = "5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/r6 w - 0 1";
    expect(two, "f7f6", RB_EXPLAIN_KING_ATTACKED, "a1,b2",
           "White's king on a3 is in check, and after this move it would still be in check from a1 and b2.");
    /* Taking the pawn with the rook leaves the rook's check. */
    expect(two, "e2b2", RB_EXPLAIN_KING_ATTACKED, "a1", NULL);
}

static void attack_paths_follow_rebounds(void **state)
{
    (void)state;
    /* d7 is attacked by Bb7 through its rebound on c6 (the rules' example). */
    rb_pos pos;
    rb_test_parse(&pos, "1B5/3k3/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1");
    rb_explanation e = explain_text(&pos, "d6d7");
    assert_int_equal(e.reason, RB_EXPLAIN_KING_ATTACKED);
    assert_int_equal(e.king, square("d7"));
    assert_int_equal(e.nattackers, 1);
    const rb_path *p = &e.attacks[0];
    assert_int_equal(p->len, 3);
    assert_int_equal(p->sq[0], square("b7"));
    assert_int_equal(p->sq[1], square("c6"));
    assert_int_equal(p->sq[2], square("d7"));
    assert_int_equal(p->rebound, 1);
    /* c6 directly: the path does not turn. */
    e = explain_text(&pos, "d6c6");
    assert_int_equal(e.reason, RB_EXPLAIN_KING_ATTACKED);
    assert_int_equal(e.attacks[0].len, 2);
    assert_int_equal(e.attacks[0].rebound, -1);
    expect("1B5/3k3/2xxx2/2xxx2/2xxx2/3K3/7 b - 0 1", "d6e7", RB_EXPLAIN_LEGAL, "-", NULL);

    /* A rook rebounding at a corner: Re7-g6 gives the rules' mate along
     * g5..g1, rebound, f1..a1; the Black king may not step to b1. */
    rb_test_parse(&pos, "7/6R/2xxx2/2xxx2/K1xxx2/7/k6 b - 1 1");
    rb_path route;
    assert_true(rb_explain_route(RB_ROOK, square("g6"), square("a1"), &route));
    assert_int_equal(route.len, 12);
    assert_int_equal(route.sq[5], square("g1"));
    assert_int_equal(route.rebound, 5);
}

static void kings_near_kings_and_thrones(void **state)
{
    (void)state;
    /* The enemy king attacks the squares around it. */
    expect("7/2k4/2xxx2/K1xxx2/2xxx2/7/7 w - 0 1", "a4b5", RB_EXPLAIN_KING_ATTACKED, "c6", NULL);
    expect("7/2k4/2xxx2/K1xxx2/2xxx2/7/7 w - 0 1", "a4b4", RB_EXPLAIN_LEGAL, "-", NULL);
    /* Throne with the out flag clear: an ordinary, legal move. */
    expect("7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1", "c6d6", RB_EXPLAIN_LEGAL, "-", "The king on c6 may move to d6.");
    /* An attacked throne may not be entered, flag or not. */
    expect("3r3/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6d6", RB_EXPLAIN_KING_ATTACKED, "d7",
           "After this move White's king on d6 would be attacked from d7.");
    expect("3r3/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6d7", RB_EXPLAIN_LEGAL, "-", NULL);
}

/* ---- promotion: the last check, so fixing the letter fixes the move --- */

static void pawns_reaching_the_last_squares_choose(void **state)
{
    (void)state;
    expect_full(PROMO, "d6e6", RB_EXPLAIN_PROMOTION, RB_RULE_PROMO_MISSING, "e6",
                "A pawn reaching e6 must become a rook or a bishop.");
    expect_full(PROMO, "d6e6k", RB_EXPLAIN_PROMOTION, RB_RULE_PROMO_KIND, "e6",
                "A pawn reaching e6 must become a rook or a bishop, not a king.");
    expect_full(PROMO, "d7e7p", RB_EXPLAIN_PROMOTION, RB_RULE_PROMO_KIND, "e7", NULL);
    expect(PROMO, "d6e6r", RB_EXPLAIN_LEGAL, "-", "The pawn on d6 may move to e6 and become a rook.");
    expect(PROMO, "d7e7b", RB_EXPLAIN_LEGAL, "-", NULL);
    expect_full(PROMO, "b4b3r", RB_EXPLAIN_PROMOTION, RB_RULE_PROMO_NOT_PAWN, "b3",
                "Only a pawn promotes, and this is a king.");
    expect_full(START, "c2b3r", RB_EXPLAIN_PROMOTION, RB_RULE_PROMO_NOT_HERE, "b3",
                "White's pawns promote only on e6 and e7, so this move takes no promotion.");
    /* King safety comes first: in check from the rook a4 (one step
     * sideways), the promotion without a letter is refused for the king's
     * sake. */
    const char *check = "3Pr2/3P3/2xxx2/rKxxx1k/2xxx2/7/7 w - 0 1";
    expect(check, "d6e6", RB_EXPLAIN_KING_ATTACKED, "a4", NULL);
    expect(check, "d6e6b", RB_EXPLAIN_KING_ATTACKED, "a4", NULL);
    expect(check, "b4a4", RB_EXPLAIN_LEGAL, "-", NULL);
    /* Geometry first too: a promotion letter does not excuse an unreachable square. */
    expect_full(PROMO, "d6g6r", RB_EXPLAIN_UNREACHABLE, RB_RULE_PAWN_FORWARD, "d6,g6", NULL);
}

/* ---- the pieces of the API a front end draws with ---------------------- */

static void routes_and_slides_describe_the_empty_board(void **state)
{
    (void)state;
    rb_path p;
    /* Rook g1: f1..a1, rebound, a2..a7 (the rules' 13 squares). */
    assert_true(rb_explain_route(RB_ROOK, square("g1"), square("a7"), &p));
    assert_int_equal(p.len, 13);
    assert_int_equal(p.sq[p.rebound], square("a1"));
    /* Stopping on the corner is not turning there. */
    assert_true(rb_explain_route(RB_ROOK, square("g1"), square("a1"), &p));
    assert_int_equal(p.rebound, -1);
    /* Long sideways slide from f7: straight down, no turn. */
    assert_true(rb_explain_route(RB_ROOK, square("f7"), square("f1"), &p));
    assert_int_equal(p.len, 7);
    assert_int_equal(p.rebound, -1);
    /* Bishop e2: d1, rebound off the bottom edge, c2 b3 a4. */
    assert_true(rb_explain_route(RB_BISHOP, square("e2"), square("a4"), &p));
    assert_int_equal(p.len, 5);
    assert_int_equal(p.sq[p.rebound], square("d1"));
    assert_false(rb_explain_route(RB_BISHOP, square("e2"), square("b2"), &p));
    assert_false(rb_explain_route(RB_KING, square("d2"), square("d2"), &p));
    assert_false(rb_explain_route(RB_NO_TYPE, square("d2"), square("d1"), &p));

    rb_explain_slide s[2];
    assert_int_equal(rb_explain_slides(RB_ROOK, square("b1"), s), 2);
    assert_int_equal(s[0].dir, RB_COMPASS_W);
    assert_int_equal(s[0].turn_at, square("a1"));
    assert_int_equal(s[0].turn_dir, RB_COMPASS_N);
    assert_int_equal(s[0].last, square("a7"));
    assert_int_equal(s[1].dir, RB_COMPASS_N);
    assert_int_equal(s[1].turn_at, -1);
    assert_int_equal(s[1].last, square("b7"));
    assert_int_equal(rb_explain_slides(RB_KING, square("b1"), s), 0);
}

static void texts_and_lists_fit_and_bad_arguments_are_refused(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(rb_explain_squares_text(0, buf, sizeof buf), 1);
    assert_string_equal(buf, "-");
    rb_bb set = BIT("g1") | BIT("a7") | BIT("a1") | BIT("b2");
    assert_int_equal(rb_explain_squares_text(set, buf, sizeof buf), 11);
    assert_string_equal(buf, "a1,a7,b2,g1");
    /* Cut short like snprintf, and still terminated. */
    assert_int_equal(rb_explain_squares_text(set, buf, 4), 11);
    assert_string_equal(buf, "a1,");

    rb_pos pos;
    rb_test_parse(&pos, START);
    rb_explanation e;
    e.reason = RB_EXPLAIN_BLOCKED;
    assert_int_equal(rb_explain_move(&pos, -1, 3, 0, &e), -1);
    assert_int_equal(rb_explain_move(&pos, 3, RB_NSQ, 0, &e), -1);
    assert_int_equal(rb_explain_move(&pos, 3, 4, 5, &e), -1);
    assert_int_equal(e.reason, RB_EXPLAIN_BLOCKED);

    /* The longest sentence fits the advertised size. */
    e = explain_text(&pos, "e1g1");
    char small[8];
    size_t need = rb_explain_text(&e, small, sizeof small);
    assert_true(need < RB_EXPLAIN_TEXT_MAX);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_string_equal(rb_explain_reason_name(RB_EXPLAIN_KING_ATTACKED), "king-attacked");
    assert_string_equal(rb_explain_reason_name(RB_EXPLAIN_NOT_YOUR_PIECE), "not-your-piece");
}

/* A check shown: the checking piece's path to the king. Puzzle 30's mate,
 * a rook on g2 mating the king on d1 round the g1 corner; a check by one
 * rook of two; no check, nothing. */
static void checks_are_drawn_from_the_checker_to_the_king(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, "5r1/1k4p/2xxx2/2xxx2/1Pxxx1p/1P5/1R2K2 b - 4 13");
    static const char *const line[] = {"f7f2", "b1a6", "b6a6", "e1d1", "f2g2"};
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        rb_move m;
        char err[128];
        assert_int_equal(rb_move_parse_coord(&pos, line[i], &m, err, sizeof err), 0);
        rb_pos next;
        rb_pos_make(&pos, m, &next);
        pos = next;
    }
    assert_int_equal(rb_pos_status(&pos), RB_CHECKMATE);
    rb_path paths[RB_EXPLAIN_ATTACKERS_MAX];
    assert_int_equal(rb_explain_checks(&pos, paths), 1);
    static const char *const way[] = {"g2", "g1", "f1", "e1", "d1"};
    assert_int_equal(paths[0].len, 5);
    for (int i = 0; i < 5; i++) {
        assert_int_equal(paths[0].sq[i], square(way[i]));
    }
    assert_int_equal(paths[0].rebound, 1); /* it turns at the corner */

    /* of two rooks, only the one that attacks the king has a path */
    rb_test_parse(&pos, "7/3k3/2xxx2/2xxx2/2xxx2/1K1r3/6r w - 0 1");
    int n = rb_explain_checks(&pos, paths);
    assert_int_equal(n, 1);
    assert_int_equal(n, rb_popcount(rb_pos_checkers(&pos)));
    for (int i = 0; i < n; i++) {
        assert_true(rb_pos_checkers(&pos) >> paths[i].sq[0] & 1);
        assert_int_equal(paths[i].sq[paths[i].len - 1], pos.king[RB_WHITE]);
    }

    rb_test_parse(&pos, START);
    assert_int_equal(rb_explain_checks(&pos, paths), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(game_over_comes_first),
        cmocka_unit_test(a_game_record_knows_repetition_and_resignation),
        cmocka_unit_test(the_from_square_must_hold_a_piece_of_the_side_to_move),
        cmocka_unit_test(a_move_may_not_land_on_its_own_side),
        cmocka_unit_test(kings_and_pawns_step_once),
        cmocka_unit_test(rooks_never_slide_backward_or_long_sideways),
        cmocka_unit_test(bishops_step_back_once_and_slide_forward),
        cmocka_unit_test(the_first_piece_on_the_route_blocks),
        cmocka_unit_test(an_occupied_turning_square_stops_the_rebound),
        cmocka_unit_test(the_king_may_not_be_left_or_put_in_attack),
        cmocka_unit_test(attack_paths_follow_rebounds),
        cmocka_unit_test(kings_near_kings_and_thrones),
        cmocka_unit_test(pawns_reaching_the_last_squares_choose),
        cmocka_unit_test(routes_and_slides_describe_the_empty_board),
        cmocka_unit_test(checks_are_drawn_from_the_checker_to_the_king),
        cmocka_unit_test(texts_and_lists_fit_and_bad_arguments_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
