/*
 * test_lessons_play_on_the_game_board.c - a lesson's board is the game's
 * board: a piece moves by drag and drop and by typing as well as by clicks;
 * a goal star the selected piece can reach shows the destination mark over
 * it; the board's symbols explain themselves when pointed at; once the
 * player has left the lesson's way the hint's words name the move its
 * arrow shows; a try helped by a hint earns two stars at most; and a
 * promotion is chosen on the board's chooser or by the typed letter.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>

#include "board/symbols.h"
#include "screens/learn/learn.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int make_home(void **state)
{
    (void)state;
    return fixture_private_home("lessons-board-test");
}

static rb_app *start(const char *learn)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.learn = learn;
    rb_app *app = fixture_start(&opt);
    assert_int_equal(app->state.learn.mode, RB_UI_LEARN_STAGE);
    rb_ui_app_draw(app); /* places the panel's buttons */
    return app;
}

static int moves_made(rb_app *app)
{
    return rb_ui_learn_session(app)->moves;
}

static void a_piece_is_dragged_or_typed_as_in_a_game(void **state)
{
    (void)state;
    rb_app *app = start("2.2"); /* the king walks b3 c2 d2 e2 f3 */
    fixture_drag(app, "b3", "c2");
    assert_int_equal(moves_made(app), 1);
    assert_int_equal(rb_learn_pos(rb_ui_learn_session(app))->board[rb_sq_parse("c2")], RB_PIECE(RB_WHITE, RB_KING));
    /* the board shows the lesson's position, not the game's */
    assert_int_equal(rb_ui_state_pos(&app->state)->board[rb_sq_parse("c2")], RB_PIECE(RB_WHITE, RB_KING));
    fixture_type(app, "c2d2");
    assert_int_equal(moves_made(app), 2);
    /* a drop where the piece cannot go snaps back and the lesson says why */
    fixture_drag(app, "d2", "b2");
    assert_int_equal(moves_made(app), 2);
    assert_true(app->state.learn.message[0] != 0);
    fixture_click(app, "d2");
    fixture_click(app, "e2");
    fixture_drag(app, "e2", "f3");
    assert_int_equal(moves_made(app), 4);
    assert_true(app->state.learn.over);
    assert_int_equal(app->state.learn.stars, 3);
    fixture_close(app);
}

static SDL_Surface *frame(rb_app *app)
{
    rb_ui_app_draw(app);
    SDL_Surface *s = SDL_ConvertSurfaceFormat(app->target, SDL_PIXELFORMAT_ARGB8888, 0);
    assert_non_null(s);
    return s;
}

static Uint32 pixel_at(SDL_Surface *s, SDL_FPoint c)
{
    const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + (int)c.y * s->pitch);
    return row[(int)c.x] & 0xFFFFFFu;
}

static void a_star_in_reach_shows_its_mark(void **state)
{
    (void)state;
    rb_app *app = start("4.1"); /* the bishop on d1, stars on b3 and a4 */
    SDL_FPoint b3 = rb_ui_view_board_center(app, rb_sq_parse("b3"));
    SDL_FPoint a4 = rb_ui_view_board_center(app, rb_sq_parse("a4"));
    SDL_Surface *plain = frame(app);
    fixture_click(app, "d1");
    assert_int_equal(app->state.input.sel, rb_sq_parse("d1"));
    assert_true(rb_ui_input_move_to(&app->state.input, rb_sq_parse("b3")) != RB_MOVE_NONE);
    SDL_Surface *chosen = frame(app);
    /* the star's middle is covered by the destination's dot */
    assert_int_not_equal(pixel_at(plain, b3), pixel_at(chosen, b3));
    /* and so is the star off the bishop's reach left as it was */
    if (rb_ui_input_move_to(&app->state.input, rb_sq_parse("a4")) == RB_MOVE_NONE) {
        assert_int_equal(pixel_at(plain, a4), pixel_at(chosen, a4));
    }
    SDL_FreeSurface(plain);
    SDL_FreeSurface(chosen);
    fixture_close(app);
}

static void the_symbols_explain_themselves_in_a_lesson(void **state)
{
    (void)state;
    rb_app *app = start("1.1");
    fixture_use_test_clock(app);
    int throne = rb_throne(RB_WHITE);
    assert_int_equal(rb_ui_state_pos(&app->state)->board[throne], 0);
    SDL_FPoint c = rb_ui_view_board_center(app, throne);
    fixture_motion(app, (SDL_Point){(int)c.x, (int)c.y}, false);
    assert_int_equal(app->state.tip.symbol, RB_UI_SYMBOL_THRONE);
    fixture_tick_at(app, rb_ui_symbols_wake(&app->state));
    assert_true(app->state.tip.shown);
    char text[320];
    rb_ui_symbols_text(&app->state, text, sizeof text);
    assert_non_null(strstr(text, "White's throne"));
    rb_ui_app_draw(app);
    fixture_close(app);
}

static void the_hint_off_the_way_names_the_arrows_move(void **state)
{
    (void)state;
    rb_app *app = start("1.1"); /* the pawn on g6 is to walk down the g file */
    fixture_click(app, "g6");
    fixture_click(app, "f5"); /* forward diagonally: off the lesson's way */
    assert_int_equal(moves_made(app), 1);
    fixture_key(app, SDLK_h, KMOD_NONE);
    assert_true(app->state.learn.hint_shown);
    const rb_path *arrow = &app->state.learn.hint;
    const char *from = rb_sq_name(arrow->sq[0]);
    assert_non_null(strstr(app->state.learn.message, from));
    assert_null(strstr(app->state.learn.message, "g file"));
    /* on the way, the stage's own words */
    fixture_do(app, RB_UI_CMD_LEARN_RETRY);
    fixture_key(app, SDLK_h, KMOD_NONE);
    assert_non_null(strstr(app->state.learn.message, "g file"));
    fixture_close(app);
}

static void a_hint_costs_the_third_star(void **state)
{
    (void)state;
    rb_app *app = start("2.2");
    fixture_key(app, SDLK_h, KMOD_NONE);
    assert_true(app->state.learn.hint_shown);
    static const char *const way[][2] = {{"b3", "c2"}, {"c2", "d2"}, {"d2", "e2"}, {"e2", "f3"}};
    for (size_t i = 0; i < sizeof way / sizeof way[0]; i++) {
        fixture_click(app, way[i][0]);
        fixture_click(app, way[i][1]);
    }
    assert_true(app->state.learn.over);
    assert_int_equal(app->state.learn.stars, 2); /* within par, but helped */
    assert_non_null(strstr(app->state.learn.message, "hint"));
    /* a try without one earns all three again */
    fixture_do(app, RB_UI_CMD_LEARN_RETRY);
    for (size_t i = 0; i < sizeof way / sizeof way[0]; i++) {
        fixture_drag(app, way[i][0], way[i][1]);
    }
    assert_int_equal(app->state.learn.stars, 3);
    fixture_close(app);
}

/* A promotion opens the board's chooser, as in a game; B picks the bishop
 * (not a key of the lesson's own), and a typed move takes its letter. */
static void a_promotion_chooses_on_the_board(void **state)
{
    (void)state;
    rb_app *app = start("5.4"); /* the pawn on d6 promotes on e6, to a bishop */
    fixture_click(app, "d6");
    fixture_click(app, "e6");
    assert_int_equal(app->state.input.state, RB_UI_PROMOTING);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_b, KMOD_NONE);
    assert_true(app->state.learn.over);
    assert_int_equal(app->state.learn.stars, 3);
    assert_int_equal(rb_learn_pos(rb_ui_learn_session(app))->board[rb_sq_parse("e6")], RB_PIECE(RB_WHITE, RB_BISHOP));

    fixture_do(app, RB_UI_CMD_LEARN_RETRY);
    fixture_type(app, "d6e6r");           /* the r is the move's letter, not Retry */
    assert_int_equal(moves_made(app), 0); /* a rook: not what the stage asks */
    assert_int_equal(rb_learn_pos(rb_ui_learn_session(app))->board[rb_sq_parse("d6")], RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_type(app, "d6e6b");
    assert_true(app->state.learn.over);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_piece_is_dragged_or_typed_as_in_a_game, make_home,
                                        fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(a_star_in_reach_shows_its_mark, make_home, fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(the_symbols_explain_themselves_in_a_lesson, make_home,
                                        fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(the_hint_off_the_way_names_the_arrows_move, make_home,
                                        fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(a_hint_costs_the_third_star, make_home, fixture_remove_home_teardown),
        cmocka_unit_test_setup_teardown(a_promotion_chooses_on_the_board, make_home, fixture_remove_home_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
