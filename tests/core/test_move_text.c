/*
 * test_move_text.c - moves written and read in both text forms.
 *
 * The fixed cases are the rule book's examples; the round trips run over
 * every legal move of positions met in random games, so each kind of move
 * (rebounds, captures, promotions, throne wins, checks) is written and read
 * back many times.
 */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "rb_notation.h"

static const char *const start_fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

/* Reads text in the given form (0 any, 1 coordinate, 2 display) and
 * returns the move, failing the test with the message if it is refused. */
static rb_move parse_ok(const rb_pos *pos, const char *text, int form)
{
    rb_move m = RB_MOVE_NONE;
    char err[200] = "";
    int rc = form == 1   ? rb_move_parse_coord(pos, text, &m, err, sizeof err)
             : form == 2 ? rb_move_parse_display(pos, text, &m, err, sizeof err)
                         : rb_move_parse(pos, text, &m, err, sizeof err);
    if (rc != 0) {
        fail_msg("'%s' refused: %s", text, err);
    }
    return m;
}

/* Checks text is refused and that the message contains want. */
static void parse_bad(const rb_pos *pos, const char *text, int form, const char *want)
{
    rb_move m = RB_MOVE_NONE;
    char err[200] = "";
    int rc = form == 1   ? rb_move_parse_coord(pos, text, &m, err, sizeof err)
             : form == 2 ? rb_move_parse_display(pos, text, &m, err, sizeof err)
                         : rb_move_parse(pos, text, &m, err, sizeof err);
    if (rc == 0) {
        fail_msg("'%s' accepted, expected an error mentioning \"%s\"", text, want);
    }
    if (strstr(err, want) == NULL) {
        fail_msg("'%s': message \"%s\" does not mention \"%s\"", text, err, want);
    }
}

static void assert_display(const char *fen, const char *coord, const char *want)
{
    rb_pos pos;
    rb_test_parse(&pos, fen);
    rb_move m = parse_ok(&pos, coord, 1);
    char buf[RB_MOVE_TEXT_MAX];
    rb_move_to_display(&pos, m, buf);
    assert_string_equal(buf, want);
    assert_true(parse_ok(&pos, want, 2) == m);
}

static void start_moves_in_both_forms(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        {"c1b1", "c1-b1"}, {"c1b2", "c1-b2"},  {"c2b1", "c2-b1"},  {"c2b2", "c2-b2"},
        {"c2b3", "c2-b3"}, {"e1f1", "Re1-f1"}, {"e2f2", "Re2-f2"},
    };
    rb_pos pos;
    rb_test_parse(&pos, start_fen);
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        rb_move m = parse_ok(&pos, pairs[i][0], 1);
        char buf[RB_MOVE_TEXT_MAX];
        assert_int_equal(rb_move_to_coord(m, buf), strlen(pairs[i][0]));
        assert_string_equal(buf, pairs[i][0]);
        assert_int_equal(rb_move_to_display(&pos, m, buf), strlen(pairs[i][1]));
        assert_string_equal(buf, pairs[i][1]);
    }
}

static void display_marks_captures_promotions_and_endings(void **state)
{
    (void)state;
    /* A capture at the end of a rebound. */
    assert_display("7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1a5", "Rb1xa5");
    /* Promotions, quiet and capturing. */
    assert_display("3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1", "d6e6r", "d6-e6=R");
    assert_display("3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1", "d6e7b", "d6xe7=B");
    /* Mate by a rook that rebounds at g7. */
    assert_display("4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1", "e7g6", "Re7-g6#");
    /* Check from a pawn stepping diagonally onto b2. */
    assert_display("5R1/3k3/2xxx2/2xxx2/K1xxx2/4R2/p6 b - 0 1", "a1b2", "a1-b2+");
    /* The throne: a win with the out flag set, an ordinary move without. */
    assert_display("7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6d6", "Kc6-d6^");
    assert_display("7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w - 0 1", "c6d6", "Kc6-d6");
}

static void coordinate_form_is_read_strictly(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, start_fen);
    parse_ok(&pos, "c2b3", 1);
    parse_bad(&pos, "z9b3", 1, "'z9' is not a square");
    parse_bad(&pos, "c2z9", 1, "'z9' is not a square");
    parse_bad(&pos, "c2d4", 1, "'d4' is in the hole");
    parse_bad(&pos, "C2B3", 1, "'C2' is not a square");
    parse_bad(&pos, "c2-b3", 1, "not a square");
    parse_bad(&pos, "c2", 1, "not a move");
    parse_bad(&pos, "", 1, "not a move");
    parse_bad(&pos, "c2b3rr", 1, "not a move");
    parse_bad(&pos, "c2b3q", 1, "promotion is written r or b");
    parse_bad(&pos, "a1a2", 1, "no legal move a1a2: there is no piece on a1");
    parse_bad(&pos, "e7f7", 1, "no legal move e7f7: the pawn on e7 is Black's, and White is to move");
    parse_bad(&pos, "c1c2", 1, "c2 holds a piece of White's own");
    parse_bad(&pos, "c2a4", 1, "the pawn on c2 cannot reach a4");
    parse_bad(&pos, "c2b3r", 1, "only a pawn reaching its promotion squares promotes");
    parse_bad(&pos, "e1f1b", 1, "only a pawn reaching its promotion squares promotes");
    /* Bytes that are not text are quoted as '?', never raw. */
    parse_bad(&pos, "\xff\xfe\xfd\xfc", 1, "'?\?' is not a square");
    parse_bad(&pos, "c2b3\x1b", 1, "written r or b, not '?'");
    parse_bad(&pos,
              "Rc2\xc3\xa9"
              "b3",
              0, "'?\?' is not a square");

    rb_test_parse(&pos, "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1");
    parse_bad(&pos, "d6e6", 1, "must promote");
    parse_ok(&pos, "d6e6b", 1);

    /* White is in check from the pawn on b2: other moves are refused. */
    rb_test_parse(&pos, "5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1");
    parse_bad(&pos, "e2e1", 1, "no legal move e2e1: it would leave White's king in check");
    parse_bad(&pos, "a3a3", 1, "must leave its square");

    /* A king may not step onto an attacked square, even its throne. */
    rb_test_parse(&pos, "3r3/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1");
    parse_bad(&pos, "c6d6", 1, "the king would be attacked on d6");

    /* A game already won has no moves at all. */
    rb_test_parse(&pos, "7/3K3/2xxx2/2xxx2/2xxxk1/7/7 b K 0 1");
    parse_bad(&pos, "f3f2", 1, "the game is over");
}

static void display_form_is_read_leniently(void **state)
{
    (void)state;
    rb_pos pos;
    rb_test_parse(&pos, start_fen);
    rb_move m = parse_ok(&pos, "c2b3", 1);
    static const char *const same[] = {"c2-b3", "c2b3", "Pc2-b3", "c2-b3+", "c2-b3#", "c2xb3", "c2-b3!?", "c2:b3"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        assert_true(parse_ok(&pos, same[i], 2) == m);
        assert_true(parse_ok(&pos, same[i], 0) == m);
    }
    assert_true(parse_ok(&pos, "e1-f1", 2) == parse_ok(&pos, "Re1-f1", 2));
    parse_bad(&pos, "Bc2-b3", 2, "the piece on c2 is a pawn, not a bishop");
    parse_bad(&pos, "Rz9-a1", 2, "'z9' is not a square");
    parse_bad(&pos, "Re1", 2, "to-square is missing");
    parse_bad(&pos, "R", 2, "from-square");
    parse_bad(&pos, "Re1-f1zz", 2, "unexpected 'z'");
    parse_bad(&pos, "Re1-f2", 2, "the rook on e1 cannot reach f2");
    parse_bad(&pos, "hello", 0, "not a square");

    rb_test_parse(&pos, "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1");
    rb_move rook = parse_ok(&pos, "d6e6r", 1);
    static const char *const promos[] = {"d6-e6=R", "d6-e6=r", "d6-e6R", "d6e6r", "d6-e6r+"};
    for (size_t i = 0; i < sizeof promos / sizeof promos[0]; i++) {
        assert_true(parse_ok(&pos, promos[i], 2) == rook);
    }
    parse_bad(&pos, "d6-e6", 2, "must promote");
    parse_bad(&pos, "d6-e6=Q", 2, "not 'Q'");
    parse_bad(&pos, "d6-e6=", 2, "followed by R or B");

    /* The throne win is found whether or not the mark is written. */
    rb_test_parse(&pos, "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1");
    assert_true(parse_ok(&pos, "Kc6-d6", 2) == parse_ok(&pos, "Kc6-d6^", 2));
}

/* A small deterministic generator, so failures repeat. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

typedef struct tally {
    int moves, captures, promotions, thrones, checks, mates;
} tally;

/* Every legal move of pos goes out and back in both forms, and its display
 * text carries the right marks. */
static void round_trip_position(const rb_pos *pos, tally *t)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        rb_move m = list.moves[i];
        char coord[RB_MOVE_TEXT_MAX], disp[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(m, coord);
        rb_move_to_display(pos, m, disp);
        assert_true(parse_ok(pos, coord, 1) == m);
        assert_true(parse_ok(pos, coord, 0) == m);
        assert_true(parse_ok(pos, disp, 2) == m);
        assert_true(parse_ok(pos, disp, 0) == m);

        rb_pos after;
        rb_pos_make(pos, m, &after);
        size_t n = strlen(disp);
        char last = disp[n - 1];
        bool throne = rb_move_wins_throne(pos, m);
        bool check = !throne && rb_pos_in_check(&after);
        bool mate = check && rb_gen_count(&after) == 0;
        assert_int_equal(last == '^', throne);
        assert_int_equal(last == '#', mate);
        assert_int_equal(last == '+', check && !mate);
        bool capture = pos->board[RB_MOVE_TO(m)] != RB_EMPTY;
        assert_int_equal(strchr(disp, 'x') != NULL, capture);
        assert_int_equal(strchr(disp, '=') != NULL, RB_MOVE_PROMO(m) != 0);
        t->moves++;
        t->captures += capture;
        t->promotions += RB_MOVE_PROMO(m) != 0;
        t->thrones += throne;
        t->checks += check;
        t->mates += mate;
    }
}

static void random_games_round_trip(const char *fen, int games, int plies, tally *t)
{
    for (int g = 0; g < games; g++) {
        rb_pos pos;
        rb_test_parse(&pos, fen);
        for (int ply = 0; ply < plies; ply++) {
            round_trip_position(&pos, t);
            rb_movelist list;
            if (rb_gen_legal(&pos, &list) == 0) {
                break;
            }
            rb_pos_make(&pos, list.moves[rng() % (uint64_t)list.count], &pos);
        }
    }
}

static void every_move_of_random_games_round_trips(void **state)
{
    (void)state;
    int games = rb_test_sanitized() ? 20 : 150;
    tally t = {0};
    random_games_round_trip(start_fen, games, 200, &t);
    /* Starts where promotions and throne wins come early. */
    random_games_round_trip("3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1", games / 3, 60, &t);
    random_games_round_trip("7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", games / 3, 60, &t);
    random_games_round_trip("2rbp2/1p1k3/2xxx2/2xxx2/2xxx2/3K1P1/2RB3 w Kk 0 1", games / 3, 80, &t);
    print_message("round trips: %d moves, %d captures, %d promotions, %d throne wins, %d checks, %d mates\n", t.moves,
                  t.captures, t.promotions, t.thrones, t.checks, t.mates);
    assert_true(t.captures > 0);
    assert_true(t.promotions > 0);
    assert_true(t.thrones > 0);
    assert_true(t.checks > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_moves_in_both_forms),
        cmocka_unit_test(display_marks_captures_promotions_and_endings),
        cmocka_unit_test(coordinate_form_is_read_strictly),
        cmocka_unit_test(display_form_is_read_leniently),
        cmocka_unit_test(every_move_of_random_games_round_trips),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
