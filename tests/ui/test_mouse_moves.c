/*
 * test_mouse_moves.c - a player moves pieces with the mouse: dragging,
 * clicking the piece then its destination, dropping on an illegal square
 * (the piece snaps back), and cancelling a selection every way offered.
 */
#include "support.h"

#include "ui_fixture.h"

static void drag_c2_to_b3_plays_the_move(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(fixture_piece(app, "b3"), RB_PIECE(RB_WHITE, RB_PAWN));
    assert_int_equal(fixture_piece(app, "c2"), RB_EMPTY);
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_BLACK);
    assert_int_equal(app->state.input.state, RB_UI_IDLE);
    fixture_close(app);
}

static void drag_turns_into_a_drag_only_after_three_pixels(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    SDL_Point a = fixture_center(app, "e2");
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, a);
    fixture_motion(app, (SDL_Point){a.x + 2, a.y + 1}, true);
    assert_int_equal(app->state.input.state, RB_UI_PRESSED);
    fixture_motion(app, (SDL_Point){a.x + 6, a.y}, true);
    assert_int_equal(app->state.input.state, RB_UI_DRAGGING);
    fixture_close(app);
}

static void click_then_click_destination_plays_the_move(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "e1");
    assert_int_equal(app->state.input.state, RB_UI_SELECTED);
    assert_int_equal(app->state.input.sel, rb_sq_parse("e1"));
    fixture_click(app, "f1");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(fixture_piece(app, "f1"), RB_PIECE(RB_WHITE, RB_ROOK));
    /* and Black answers the same way */
    fixture_click(app, "c7");
    fixture_click(app, "b7");
    assert_int_equal(app->state.game.ply, 2);
    assert_int_equal(fixture_piece(app, "b7"), RB_PIECE(RB_BLACK, RB_ROOK));
    fixture_close(app);
}

static void illegal_drop_snaps_back(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    char before[RB_POS_TEXT_MAX], after[RB_POS_TEXT_MAX];
    fixture_fen(app, before, sizeof before);
    fixture_drag(app, "c2", "a4"); /* a pawn cannot go there */
    fixture_fen(app, after, sizeof after);
    assert_string_equal(before, after);
    assert_int_equal(app->state.game.ply, 0);
    /* the piece is back and still selected, so a click finishes the move */
    assert_int_equal(app->state.input.state, RB_UI_SELECTED);
    assert_int_equal(app->state.input.sel, rb_sq_parse("c2"));
    fixture_click(app, "b2");
    assert_int_equal(fixture_piece(app, "b2"), RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_close(app);
}

static void drop_off_the_board_and_on_the_hole_snaps_back(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    /* the middle of the hole, where d4 would be: no square */
    rb_ui_view v = rb_ui_view_of(app);
    SDL_Rect hole = rb_ui_view_hole(&v);
    SDL_Point a = fixture_center(app, "c2"), mid = {hole.x + hole.w / 2, hole.y + hole.h / 2};
    assert_int_equal(rb_ui_view_board_square_at(app, mid.x, mid.y), -1);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, a);
    fixture_motion(app, mid, true);
    assert_int_equal(app->state.input.state, RB_UI_DRAGGING);
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, mid);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(fixture_piece(app, "c2"), RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, a);
    fixture_motion(app, (SDL_Point){795, 5}, true);
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, (SDL_Point){795, 5});
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(fixture_piece(app, "c2"), RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_close(app);
}

static void second_click_escape_and_right_click_cancel(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "c2");
    assert_int_equal(app->state.input.state, RB_UI_SELECTED);
    fixture_click(app, "c2");
    assert_int_equal(app->state.input.state, RB_UI_IDLE);
    assert_int_equal(app->state.input.sel, -1);

    fixture_click(app, "c2");
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_int_equal(app->state.input.sel, -1);

    fixture_click(app, "c2");
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_RIGHT, fixture_center(app, "b2"));
    assert_int_equal(app->state.input.sel, -1);
    assert_int_equal(app->state.game.ply, 0);

    /* Esc during a drag drops it where it came from */
    SDL_Point a = fixture_center(app, "c2"), b = fixture_center(app, "b2");
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, a);
    fixture_motion(app, b, true);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, b);
    assert_int_equal(app->state.game.ply, 0);
    fixture_close(app);
}

static void pieces_of_the_side_not_to_move_cannot_be_picked_up(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "e7", "f7");
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(app->state.input.sel, -1);
    fixture_close(app);
}

static void flipped_board_maps_clicks_to_the_right_squares(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_key(app, SDLK_f, KMOD_LCTRL);
    assert_true(app->state.flipped);
    /* a1 is now at the top right */
    SDL_Point a1 = fixture_center(app, "a1"), g7 = fixture_center(app, "g7");
    assert_true(a1.x > g7.x && a1.y < g7.y);
    fixture_drag(app, "c2", "b3");
    assert_int_equal(fixture_piece(app, "b3"), RB_PIECE(RB_WHITE, RB_PAWN));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(drag_c2_to_b3_plays_the_move),
        cmocka_unit_test(drag_turns_into_a_drag_only_after_three_pixels),
        cmocka_unit_test(click_then_click_destination_plays_the_move),
        cmocka_unit_test(illegal_drop_snaps_back),
        cmocka_unit_test(drop_off_the_board_and_on_the_hole_snaps_back),
        cmocka_unit_test(second_click_escape_and_right_click_cancel),
        cmocka_unit_test(pieces_of_the_side_not_to_move_cannot_be_picked_up),
        cmocka_unit_test(flipped_board_maps_clicks_to_the_right_squares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
