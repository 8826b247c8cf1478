/*
 * test_premove.c - during the computer's turn the person may choose one
 * move ahead, as on lichess: picked with the mouse (or typed), drawn on the
 * board, dropped by a click elsewhere, a right click or Esc, played as soon
 * as the turn comes if it is still legal and dropped with a word if not;
 * and a setting turns premoves off.
 *
 * The computer here is Black with no thinking thread: the test plays
 * Black's moves itself, as the computer's (by_computer), so it can pick one
 * that keeps the premove legal and one that does not.
 */
#include "support.h"

#include "ui_fixture.h"

/* After White's c2b3, Black (the computer) is to move. */
static rb_app *open_computers_turn(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 4};
    fixture_click(app, "c2");
    fixture_click(app, "b3");
    assert_int_equal(app->state.game.ply, 1);
    assert_true(rb_ui_state_computer_to_move(&app->state));
    return app;
}

/* A premove of White's and a Black move after which it is (keep) or is not
 * (!keep) legal; false when none is found. */
static bool find_case(const rb_pos *pos, bool keep, rb_move *pre, rb_move *reply)
{
    rb_pos mine = *pos;
    mine.side ^= 1;
    rb_movelist whites, blacks;
    rb_gen_legal(&mine, &whites);
    rb_gen_legal(pos, &blacks);
    for (int i = 0; i < whites.count; i++) {
        rb_move w = whites.moves[i];
        if (keep && RB_MOVE_PROMO(w)) {
            continue; /* a promotion asks for its piece when played */
        }
        for (int j = 0; j < blacks.count; j++) {
            rb_pos after;
            rb_pos_make(pos, blacks.moves[j], &after);
            bool legal = rb_move_find(&after, RB_MOVE_FROM(w), RB_MOVE_TO(w), RB_MOVE_PROMO(w)) != RB_MOVE_NONE;
            if (legal == keep && rb_pos_status(&after) == RB_ONGOING) {
                *pre = w;
                *reply = blacks.moves[j];
                return true;
            }
        }
    }
    return false;
}

static void square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + rb_sq_file(sq));
    buf[1] = (char)('1' + rb_sq_rank(sq));
    buf[2] = 0;
}

/* The person picks the premove with two clicks. */
static void click_premove(rb_app *app, rb_move m)
{
    char from[3], to[3];
    square_name(RB_MOVE_FROM(m), from);
    square_name(RB_MOVE_TO(m), to);
    fixture_click(app, from);
    assert_int_equal(app->state.input.sel, RB_MOVE_FROM(m));
    fixture_click(app, to);
}

static void computer_plays(rb_app *app, rb_move m)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PLAY);
    cmd.play.move = m;
    cmd.play.by_computer = true;
    assert_int_equal(rb_ui_apply(app, &cmd), 0);
    rb_ui_app_tick(app);
}

static Uint32 pixel_at(rb_app *app, int x, int y)
{
    SDL_Surface *s = app->target;
    return ((const Uint32 *)s->pixels)[y * (s->pitch / 4) + x];
}

static void a_premove_is_drawn_and_played_when_legal(void **state)
{
    (void)state;
    rb_app *app = open_computers_turn();
    rb_move pre, reply;
    assert_true(find_case(rb_ui_state_pos(&app->state), true, &pre, &reply));
    rb_ui_view v = rb_ui_view_of(app);
    SDL_Rect to = rb_ui_view_rect(&v, RB_MOVE_TO(pre));
    rb_ui_app_draw(app);
    Uint32 before = pixel_at(app, to.x + 1, to.y + to.h / 2);
    click_premove(app, pre);
    assert_int_equal(app->state.premove, pre);
    assert_int_equal(app->state.game.ply, 1); /* nothing played yet */
    /* Drawn: the destination square is framed. */
    rb_ui_app_draw(app);
    assert_true(pixel_at(app, to.x + 1, to.y + to.h / 2) != before);
    /* The computer moves: the premove follows at once. */
    computer_plays(app, reply);
    assert_int_equal(app->state.game.ply, 3);
    assert_int_equal(RB_MOVE_FROM(app->state.game.moves[2]), RB_MOVE_FROM(pre));
    assert_int_equal(RB_MOVE_TO(app->state.game.moves[2]), RB_MOVE_TO(pre));
    assert_int_equal(app->state.premove, RB_MOVE_NONE);
    fixture_close(app);
}

static void a_premove_no_longer_legal_is_dropped_with_a_word(void **state)
{
    (void)state;
    /* Black (White Kb4, pawns d6 d7; Black Kg4, rook e7) to move: the rook
     * can take a pawn a premove would move. */
    rb_app *app = fixture_open("3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 b - 0 1", 800, 600);
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 4};
    rb_move pre, reply;
    assert_true(find_case(rb_ui_state_pos(&app->state), false, &pre, &reply));
    click_premove(app, pre);
    assert_int_equal(app->state.premove, pre);
    computer_plays(app, reply);
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    assert_int_equal(app->state.premove, RB_MOVE_NONE);
    assert_non_null(strstr(app->state.status, "premove"));
    fixture_close(app);
}

static void a_premove_is_cancelled_by_a_click_elsewhere_a_right_click_or_esc(void **state)
{
    (void)state;
    rb_app *app = open_computers_turn();
    rb_move pre, reply;
    assert_true(find_case(rb_ui_state_pos(&app->state), true, &pre, &reply));

    click_premove(app, pre);
    assert_int_equal(app->state.premove, pre);
    fixture_click(app, "a4"); /* an empty square */
    assert_int_equal(app->state.premove, RB_MOVE_NONE);

    click_premove(app, pre);
    SDL_Point p = fixture_center(app, "a4");
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, p);
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT, p);
    assert_int_equal(app->state.premove, RB_MOVE_NONE);

    click_premove(app, pre);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_int_equal(app->state.premove, RB_MOVE_NONE);

    /* Nothing is played for a premove dropped. */
    computer_plays(app, reply);
    assert_int_equal(app->state.game.ply, 2);
    fixture_close(app);
}

static void a_premove_can_be_typed(void **state)
{
    (void)state;
    rb_app *app = open_computers_turn();
    rb_move pre, reply;
    assert_true(find_case(rb_ui_state_pos(&app->state), true, &pre, &reply));
    char text[8];
    square_name(RB_MOVE_FROM(pre), text);
    square_name(RB_MOVE_TO(pre), text + 2);
    fixture_type(app, text);
    assert_int_equal(app->state.premove, pre);
    computer_plays(app, reply);
    assert_int_equal(app->state.game.ply, 3);
    fixture_close(app);
}

static void premoves_can_be_turned_off(void **state)
{
    (void)state;
    rb_app *app = open_computers_turn();
    app->state.settings.premoves = false;
    rb_move pre, reply;
    assert_true(find_case(rb_ui_state_pos(&app->state), true, &pre, &reply));
    char from[3];
    square_name(RB_MOVE_FROM(pre), from);
    fixture_click(app, from);
    assert_int_equal(app->state.input.sel, -1);
    assert_int_equal(app->state.premove, RB_MOVE_NONE);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_premove_is_drawn_and_played_when_legal),
        cmocka_unit_test(a_premove_no_longer_legal_is_dropped_with_a_word),
        cmocka_unit_test(a_premove_is_cancelled_by_a_click_elsewhere_a_right_click_or_esc),
        cmocka_unit_test(a_premove_can_be_typed),
        cmocka_unit_test(premoves_can_be_turned_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
