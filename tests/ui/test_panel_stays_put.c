/*
 * test_panel_stays_put.c - the panel does not move under the pointer while
 * a game goes on: Move now, the move list and the game's buttons keep their
 * rectangles whether the computer thinks or not and whatever the status
 * line says; while an earlier position is shown, the header still names the
 * game's side to move.
 */
#include "support.h"

#include "panel/panel.h"
#include "ui_fixture.h"
#include "computer/worker.h"

typedef struct rects {
    SDL_Rect move_now, undo, first_move, nav;
} rects;

static rects drawn_rects(rb_app *app)
{
    rects r;
    rb_ui_app_draw(app);
    assert_true(rb_ui_panel_button_rect(app, "Move now", &r.move_now));
    assert_true(rb_ui_panel_button_rect(app, "Undo", &r.undo));
    assert_true(rb_ui_panel_button_rect(app, "\u25C0", &r.nav));
    assert_true(rb_ui_panel_move_rect(app, 1, &r.first_move));
    return r;
}

static void assert_same_rect(SDL_Rect a, SDL_Rect b)
{
    assert_int_equal(a.x, b.x);
    assert_int_equal(a.y, b.y);
    assert_int_equal(a.w, b.w);
    assert_int_equal(a.h, b.h);
}

static void assert_same(rects a, rects b)
{
    assert_same_rect(a.move_now, b.move_now);
    assert_same_rect(a.undo, b.undo);
    assert_same_rect(a.first_move, b.first_move);
    assert_same_rect(a.nav, b.nav);
}

static void rows_keep_their_rectangles_while_the_computer_thinks(void **state)
{
    (void)state;
    static const int sizes[][2] = {{800, 600}, {480, 360}, {600, 900}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rb_app *app = fixture_open(NULL, sizes[i][0], sizes[i][1]);
        char err[400];
        if (rb_ui_worker_init(app, err, sizeof err) != 0) {
            fail_msg("cannot start the computer player: %s", err);
        }
        /* Two moves on record, then the computer to move at level 10 (it
         * thinks for seconds). */
        fixture_type(app, "c2b3");
        fixture_type(app, "e6f6");
        app->state.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 10};
        rects before = drawn_rects(app);
        fixture_type(app, "c1b1");
        assert_true(rb_ui_worker_busy(app));
        rects thinking = drawn_rects(app);
        assert_same(before, thinking);
        /* A long message in the status line changes nothing either. */
        rb_ui_state_say(&app->state, false, "%s",
                        "A message long enough to need several lines in any panel, and then some more words "
                        "so that it would push everything below it down if it were allowed to.");
        rects talking = drawn_rects(app);
        assert_same(before, talking);
        /* Nor does the computer's move. */
        rb_ui_worker_move_now(app);
        double end = SDL_GetTicks() + 10000.0;
        while (app->state.game.ply < 4 && SDL_GetTicks() < end) {
            SDL_Event ev;
            if (SDL_WaitEventTimeout(&ev, 10)) {
                rb_ui_app_event(app, &ev);
            }
        }
        assert_int_equal(app->state.game.ply, 4);
        assert_false(rb_ui_worker_busy(app));
        rects after = drawn_rects(app);
        assert_same(before, after);
        fixture_close(app);
    }
}

static void the_header_names_the_games_side_to_move_while_browsing(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "c2b3");
    /* Browse to the start (White to move there); the game waits for Black. */
    fixture_key(app, SDLK_HOME, KMOD_NONE);
    assert_true(rb_ui_state_browsing(&app->state));
    assert_int_equal(rb_ui_state_pos(&app->state)->side, RB_WHITE);
    assert_int_equal(rb_ui_state_live_pos(&app->state)->side, RB_BLACK);
    char words[128];
    rb_ui_panel_turn_text(&app->state, words, sizeof words);
    assert_string_equal(words, "Black to move");
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_keep_their_rectangles_while_the_computer_thinks),
        cmocka_unit_test(the_header_names_the_games_side_to_move_while_browsing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
