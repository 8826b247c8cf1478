/*
 * test_move_sound_choice.c - each move is heard as the most important thing
 * it did: the end of the game, then check, then a capture, then a rebound,
 * then an ordinary move.
 *
 * Every case first checks, with the rules library, that its move really
 * does what the case says (so the case cannot quietly test something else),
 * then asks which sound it makes.
 */
#include "support.h"

#include "media/sound.h"

typedef struct move_case {
    const char *name;
    const char *fen;
    const char *move; /* "b1a5" */
    bool capture, check, rebound, over;
    rb_ui_sound_id want;
} move_case;

static const move_case cases[] = {
    {"quiet move", "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "d2c2", false, false, false, false, RB_UI_SOUND_MOVE},
    {"rook rebounding at a1", "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1a3", false, false, true, false,
     RB_UI_SOUND_REBOUND},
    {"capture after a rebound", "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1a5", true, false, true, false,
     RB_UI_SOUND_CAPTURE},
    {"check", "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1b6", false, true, false, false, RB_UI_SOUND_CHECK},
    {"capture giving check", "7/1b1k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1", "b1b6", true, true, false, false,
     RB_UI_SOUND_CHECK},
    {"rebound checkmate", "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1", "e7g6", false, true, true, true,
     RB_UI_SOUND_GAME_END},
    {"throne", "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6d6", false, false, false, true, RB_UI_SOUND_GAME_END},
};

static rb_move parse_move(const rb_pos *pos, const char *text)
{
    char from[3] = {text[0], text[1], 0}, to[3] = {text[2], text[3], 0};
    rb_move m = rb_move_find(pos, rb_sq_parse(from), rb_sq_parse(to), 0);
    if (m == RB_MOVE_NONE) {
        fail_msg("%s is not legal here", text);
    }
    return m;
}

static void case_sounds_as_its_priority_says(void **state)
{
    const move_case *c = *state;
    rb_pos pos, after;
    rb_test_parse(&pos, c->fen);
    rb_move m = parse_move(&pos, c->move);
    rb_pos_make(&pos, m, &after);
    rb_path path;
    rb_move_path(m, &path);
    assert_int_equal(rb_move_is_capture(&pos, m), c->capture);
    assert_int_equal(rb_pos_in_check(&after), c->check);
    assert_int_equal(path.rebound >= 0, c->rebound);
    assert_int_equal(rb_pos_status(&after) != RB_ONGOING, c->over);

    assert_int_equal(rb_ui_sound_for_move(&pos, m), c->want);
    rb_game g;
    rb_test_new_game(&g, c->fen);
    rb_test_play(&g, c->move);
    assert_int_equal(rb_ui_sound_for_ply(&g, 1), c->want);
    rb_game_free(&g);
}

/* A repetition is only visible in a game: the move that repeats the
 * position a third time ends the game there, but not on its own. */
static void third_repetition_is_heard_as_the_end(void **state)
{
    (void)state;
    const char *fen = "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1";
    rb_game g;
    rb_test_new_game(&g, fen);
    rb_test_play(&g, "d2c2 d6e6 c2d2 e6d6 d2c2 d6e6 c2d2 e6d6");
    assert_int_equal(rb_game_ending_at(&g, 8), RB_END_REPETITION);
    assert_int_equal(rb_ui_sound_for_ply(&g, 7), RB_UI_SOUND_MOVE);
    assert_int_equal(rb_ui_sound_for_ply(&g, 8), RB_UI_SOUND_GAME_END);
    assert_int_equal(rb_ui_sound_for_move(&g.positions[7], g.moves[7]), RB_UI_SOUND_MOVE);
    rb_game_free(&g);
}

/* Resigning or agreeing a draw after a move does not change the move's
 * sound: the game sounds the end for the declaration itself. */
static void declared_end_leaves_the_move_its_sound(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1");
    rb_test_play(&g, "b1a5");
    rb_game_resign(&g, RB_BLACK);
    assert_int_equal(rb_game_ending_at(&g, 1), RB_END_RESIGNATION);
    assert_int_equal(rb_ui_sound_for_ply(&g, 1), RB_UI_SOUND_CAPTURE);
    rb_game_free(&g);

    rb_test_new_game(&g, "7/3k3/p1xxx2/2xxx2/2xxx2/3K3/1R4R w - 0 1");
    rb_test_play(&g, "b1a3");
    rb_game_agree_draw(&g);
    assert_int_equal(rb_ui_sound_for_ply(&g, 1), RB_UI_SOUND_REBOUND);
    /* Outside the record there is no move, so the plain sound. */
    assert_int_equal(rb_ui_sound_for_ply(&g, 0), RB_UI_SOUND_MOVE);
    assert_int_equal(rb_ui_sound_for_ply(&g, 2), RB_UI_SOUND_MOVE);
    rb_game_free(&g);
}

int main(void)
{
    enum { NCASES = sizeof cases / sizeof cases[0] };
    struct CMUnitTest tests[NCASES + 2];
    for (size_t i = 0; i < NCASES; i++) {
        tests[i] = (struct CMUnitTest){cases[i].name, case_sounds_as_its_priority_says, NULL, NULL, (void *)&cases[i]};
    }
    tests[NCASES] = (struct CMUnitTest)cmocka_unit_test(third_repetition_is_heard_as_the_end);
    tests[NCASES + 1] = (struct CMUnitTest)cmocka_unit_test(declared_end_leaves_the_move_its_sound);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
