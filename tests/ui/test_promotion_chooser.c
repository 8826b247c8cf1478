/*
 * test_promotion_chooser.c - a pawn reaching its promotion square opens
 * the chooser on the board; the player picks a rook or a bishop with the
 * mouse or the keyboard, or backs out.
 */
#include "support.h"

#include "ui_fixture.h"

/* White Kb4, pawns d6 d7; Black Kg4, rook e7 (rules test position 6). */
#define PROMO_POS "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1"

static SDL_Point cell_center(rb_app *app, int i)
{
    SDL_Rect cells[2];
    rb_ui_view v = rb_ui_view_of(app);
    rb_ui_view_chooser(&v, app->state.input.promo_to, cells);
    return (SDL_Point){cells[i].x + cells[i].w / 2, cells[i].y + cells[i].h / 2};
}

static void dropping_on_the_promotion_square_opens_the_chooser_then_bishop(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PROMO_POS, 800, 600);
    fixture_drag(app, "d6", "e6");
    assert_int_equal(app->state.input.state, RB_UI_PROMOTING);
    assert_int_equal(app->state.game.ply, 0); /* nothing played yet */
    fixture_click_at(app, cell_center(app, 1));
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(fixture_piece(app, "e6"), RB_PIECE(RB_WHITE, RB_BISHOP));
    assert_int_equal(fixture_piece(app, "d6"), RB_EMPTY);
    fixture_close(app);
}

static void click_to_move_capture_promotes_to_a_rook(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PROMO_POS, 800, 600);
    fixture_click(app, "d7");
    fixture_click(app, "e7");
    assert_int_equal(app->state.input.state, RB_UI_PROMOTING);
    fixture_click_at(app, cell_center(app, 0));
    assert_int_equal(fixture_piece(app, "e7"), RB_PIECE(RB_WHITE, RB_ROOK));
    fixture_close(app);
}

static void keyboard_picks_and_escape_backs_out(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PROMO_POS, 800, 600);
    fixture_drag(app, "d6", "e6");
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_int_equal(app->state.input.state, RB_UI_IDLE);
    assert_int_equal(app->state.game.ply, 0);
    assert_int_equal(fixture_piece(app, "d6"), RB_PIECE(RB_WHITE, RB_PAWN));

    fixture_drag(app, "d6", "e6");
    fixture_key(app, SDLK_r, KMOD_NONE);
    assert_int_equal(fixture_piece(app, "e6"), RB_PIECE(RB_WHITE, RB_ROOK));
    fixture_close(app);
}

static void clicking_outside_the_chooser_cancels_the_promotion(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PROMO_POS, 800, 600);
    fixture_drag(app, "d6", "e6");
    fixture_click(app, "a1");
    assert_int_equal(app->state.input.state, RB_UI_IDLE);
    assert_int_equal(app->state.game.ply, 0);
    fixture_close(app);
}

static void typed_promotion_needs_its_letter(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PROMO_POS, 800, 600);
    fixture_type(app, "d6e6");
    assert_int_equal(app->state.game.ply, 0); /* waits for r or b */
    fixture_type(app, "b");
    assert_int_equal(fixture_piece(app, "e6"), RB_PIECE(RB_WHITE, RB_BISHOP));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dropping_on_the_promotion_square_opens_the_chooser_then_bishop),
        cmocka_unit_test(click_to_move_capture_promotes_to_a_rook),
        cmocka_unit_test(keyboard_picks_and_escape_backs_out),
        cmocka_unit_test(clicking_outside_the_chooser_cancels_the_promotion),
        cmocka_unit_test(typed_promotion_needs_its_letter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
