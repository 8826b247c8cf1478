/*
 * test_typed_move_line.c - what is typed is seen and never lingers: a
 * stray key does not leave half a move in front of the next, the text is
 * dropped on Esc, after a move, after a second without a key and when a
 * move is made with the mouse; the named move's path is drawn over the
 * board, and a promotion says that its letter is awaited.
 */
#include "support.h"

#include "ui_fixture.h"

/* White Kb4, pawns d6 d7; Black Kg4, rook e7: d6e6 promotes. */
#define PROMO_POS "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1"

static Uint32 fake_ms;

static Uint32 fake_ticks(void *ctx)
{
    (void)ctx;
    return fake_ms;
}

static rb_app *open_clocked(const char *fen)
{
    rb_app *app = fixture_open(fen, 800, 600);
    fake_ms = 5000;
    app->ticks = fake_ticks;
    return app;
}

static void a_stray_letter_does_not_spoil_the_next_move(void **state)
{
    (void)state;
    rb_app *app = open_clocked(NULL);
    /* "b" then "c2b3": the c starts the move afresh. */
    fixture_type(app, "bc2b3");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(fixture_piece(app, "b3"), RB_PIECE(RB_WHITE, RB_PAWN));
    assert_int_equal(app->state.input.ntyped, 0);
    /* A digit where a letter belongs drops what was typed, says why. */
    fixture_type(app, "e7");
    fixture_type(app, "7");
    assert_int_equal(app->state.input.ntyped, 0);
    assert_non_null(strstr(app->state.status, "like c2b3"));
    fixture_type(app, "e7f7");
    assert_int_equal(app->state.game.ply, 2);
    fixture_close(app);
}

static void typed_text_is_dropped_on_escape_and_after_a_second(void **state)
{
    (void)state;
    rb_app *app = open_clocked(NULL);
    fixture_type(app, "c2");
    assert_string_equal(app->state.input.typed, "c2");
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_int_equal(app->state.input.ntyped, 0);

    fixture_type(app, "c2");
    fake_ms += RB_UI_TYPED_MS - 1;
    rb_ui_app_tick(app);
    assert_int_equal(app->state.input.ntyped, 2);
    fixture_type(app, "b"); /* a key keeps it alive */
    fake_ms += RB_UI_TYPED_MS - 1;
    rb_ui_app_tick(app);
    assert_int_equal(app->state.input.ntyped, 3);
    fake_ms += 1;
    rb_ui_app_tick(app);
    assert_int_equal(app->state.input.ntyped, 0);
    /* The loop is told when to wake for it. */
    fixture_type(app, "c");
    assert_int_equal(rb_ui_app_tick(app), RB_UI_TYPED_MS);
    fixture_close(app);
}

static void a_move_with_the_mouse_drops_typed_text(void **state)
{
    (void)state;
    rb_app *app = open_clocked(NULL);
    fixture_type(app, "e1");
    fixture_click(app, "c2");
    fixture_click(app, "b3");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(app->state.input.ntyped, 0);
    /* Black's "e7f7" is not read as "e1e7..." */
    fixture_type(app, "e7f7");
    assert_int_equal(app->state.game.ply, 2);
    fixture_close(app);
}

static Uint32 pixel_at(rb_app *app, SDL_Point p)
{
    SDL_Surface *s = app->target;
    return ((const Uint32 *)s->pixels)[p.y * (s->pitch / 4) + p.x];
}

static void the_named_move_is_drawn_and_its_letter_asked_for(void **state)
{
    (void)state;
    rb_app *app = open_clocked(PROMO_POS);
    /* The middle of the path from d6 to e6: between the two centres. */
    SDL_Point a = fixture_center(app, "d6"), b = fixture_center(app, "e6");
    SDL_Point mid = {(a.x + b.x) / 2, (a.y + b.y) / 2};
    /* Just above the board's middle, where the typed line goes. */
    SDL_Point label = {app->layout.board.x + app->layout.board.w / 2, app->layout.board.y - 2};
    rb_ui_app_draw(app);
    Uint32 plain = pixel_at(app, mid), plain_label = pixel_at(app, label);
    fixture_type(app, "d");
    rb_ui_app_draw(app);
    assert_true(pixel_at(app, label) != plain_label);
    assert_true(pixel_at(app, mid) == plain); /* no move named yet */
    fixture_type(app, "6e6");
    assert_int_equal(app->state.game.ply, 0);
    bool wants_letter = false;
    rb_move m = rb_ui_state_typed_move(&app->state, &wants_letter);
    assert_int_equal(RB_MOVE_FROM(m), rb_sq_parse("d6"));
    assert_int_equal(RB_MOVE_TO(m), rb_sq_parse("e6"));
    assert_true(wants_letter);
    rb_ui_app_draw(app);
    assert_true(pixel_at(app, mid) != plain);
    fixture_type(app, "r");
    assert_int_equal(app->state.game.ply, 1);
    assert_int_equal(fixture_piece(app, "e6"), RB_PIECE(RB_WHITE, RB_ROOK));
    /* Played: the line is gone. */
    rb_ui_app_draw(app);
    assert_true(pixel_at(app, label) == plain_label);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_stray_letter_does_not_spoil_the_next_move),
        cmocka_unit_test(typed_text_is_dropped_on_escape_and_after_a_second),
        cmocka_unit_test(a_move_with_the_mouse_drops_typed_text),
        cmocka_unit_test(the_named_move_is_drawn_and_its_letter_asked_for),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
