/*
 * test_draw_offers.c - a draw is offered only once the player confirms it,
 * and the computer takes one only from a real, level position after the
 * opening (session.h: at least RB_UI_DRAW_MIN_PLY plies played, and a
 * search of RB_UI_DRAW_DEPTH plies scoring it within RB_UI_DRAW_MARGIN_CP):
 * not after a move each, not when one side is far ahead.
 */
#include "support.h"

#include "dialogs/dialog.h"
#include "panel/panel.h"
#include "rb_engine.h"
#include "state/session.h"
#include "ui_fixture.h"

/* The game on the board against the computer (Black), without starting
 * it thinking: the offer is answered without the worker. */
static rb_app *open_vs_computer(const char *fen)
{
    rb_app *app = fixture_open(fen, 800, 600);
    app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 4};
    return app;
}

/* Plays n plies chosen by a fixed-depth search (deterministic). */
static void play_plies(rb_app *app, int n, int depth)
{
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    rb_engine_set_level(e, RB_LEVEL_MAX);
    for (int i = 0; i < n; i++) {
        const rb_game *g = &app->state.game;
        uint64_t history[512];
        for (size_t k = 0; k < g->ply && k < 512; k++) {
            history[k] = g->positions[k].key;
        }
        rb_limits limits = {.depth = depth};
        rb_move m = rb_engine_search(e, rb_game_pos(g), history, g->ply, &limits, NULL, NULL, NULL);
        assert_int_equal(fixture_play(app, m), 0);
    }
    rb_engine_free(e);
}

static void click_button(rb_app *app, const char *label)
{
    rb_ui_app_draw(app); /* the panel places its buttons as it draws */
    SDL_Rect r;
    assert_true(rb_ui_panel_button_rect(app, label, &r));
    fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
}

static void offering_a_draw_asks_first(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL);
    click_button(app, "Offer draw");
    assert_true(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_OFFER_DRAW);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    /* Thinking better of it: nothing was offered. */
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    assert_string_equal(app->state.status, "");
    fixture_close(app);
}

static void the_computer_declines_a_draw_in_the_opening(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL);
    play_plies(app, 2, 3);
    click_button(app, "Offer draw");
    fixture_key(app, SDLK_RETURN, KMOD_NONE); /* yes, offer it */
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    assert_non_null(strstr(app->state.status, "too early"));
    fixture_close(app);
}

static void the_computer_accepts_a_level_position_after_the_opening(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL);
    /* Twenty plies in which Black answers each White move with its turned
     * twin until the last: the mirrored position (d7f5 last) the 9-ply
     * search scored +35 for White before the evaluation was tuned with the
     * material held, and 115 since (the move is worth more to it); with
     * b7a7 instead it scores -21, within the margin. */
    static const char *const line[] = {"c1b2", "e7f6", "d2c1", "d6e7", "e1f1", "c7b7", "e2e1", "c6c7", "c2b1", "e6f7",
                                       "b2a3", "f6g5", "e1e2", "c7c6", "e2f2", "c6b6", "b1a2", "f7g6", "d1b3", "b7a7"};
    _Static_assert(sizeof line / sizeof line[0] == RB_UI_DRAW_MIN_PLY,
                   "the line reaches the first ply a draw may be agreed");
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        assert_int_equal(fixture_play(app, rb_test_move(rb_game_pos(&app->state.game), line[i])), 0);
    }
    char why[200];
    assert_true(rb_ui_session_computer_takes_draw(&app->state.game, why, sizeof why));
    double t0 = (double)SDL_GetTicks();
    click_button(app, "Offer draw");
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    double took = (double)SDL_GetTicks() - t0;
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_AGREEMENT);
    assert_int_equal(rb_game_result(&app->state.game), RB_RESULT_DRAW);
    /* The search behind the answer keeps the window waiting only briefly. */
    print_message("the computer's answer took %.0f ms\n", took);
    assert_true(took < 5000);
    fixture_close(app);
}

static void the_computer_declines_when_one_side_is_far_ahead(void **state)
{
    (void)state;
    /* Black is a rook short. */
    rb_app *app = open_vs_computer("2rbp2/3kp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1");
    app->state.players[RB_BLACK].kind = RB_UI_HUMAN; /* the moves are played here */
    play_plies(app, RB_UI_DRAW_MIN_PLY, 2);
    if (rb_game_ending(&app->state.game) != RB_END_NONE) {
        fail_msg("the game ended while setting up: pick other moves");
    }
    app->state.players[RB_BLACK].kind = RB_UI_COMPUTER;
    assert_int_equal(fixture_do(app, RB_UI_CMD_OFFER_DRAW), -1);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    assert_non_null(strstr(app->state.status, "not level"));
    fixture_close(app);
}

static void two_people_draw_by_agreement_through_two_questions(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    /* The offer is confirmed, then the other player is asked; declining
     * leaves the game going. */
    click_button(app, "Offer draw");
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_OFFER_DRAW);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_true(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_DRAW);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);

    click_button(app, "Offer draw");
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_AGREEMENT);
    char words[256];
    rb_ui_panel_status_text(&app->state, words, sizeof words);
    assert_non_null(strstr(words, "agreement"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(offering_a_draw_asks_first),
        cmocka_unit_test(the_computer_declines_a_draw_in_the_opening),
        cmocka_unit_test(the_computer_accepts_a_level_position_after_the_opening),
        cmocka_unit_test(the_computer_declines_when_one_side_is_far_ahead),
        cmocka_unit_test(two_people_draw_by_agreement_through_two_questions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
