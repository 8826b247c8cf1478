/*
 * test_game_review.c - reviewing a game as a player sees it: a move that
 * lets the opponent mate at once is marked ?? and the mate best; the bar
 * advances while the engine works; a new game cancels the review; the
 * review kept in the saved game comes back without the engine; a click on
 * the graph shows that ply; at the default window size, in every language,
 * the graph shows above the move list of a finished game against the
 * computer with clocks, and the panel's words promise nothing else.
 *
 * The app is off screen; the review's events arrive from its thread as SDL
 * events, handed to the app's event handler as the event loop would.
 */
#include "support.h"

#include <stdlib.h>

#include "rb_pgn.h"
#include "computer/review.h"
#include "panel/review_view.h"
#include "kit/text.h"
#include "kit/widget.h"
#include "panel/panel.h"
#include "words/lang.h"
#include "ui_fixture.h"

/* Black's rook move lets White's rook mate at once. */
static const char *const blunder_pgn = "[SetUp \"1\"]\n[FEN \"7/1r1k1p1/R1xxx2/2xxxp1/1Pxxx1r/1P1K1R1/7 b - 2 7\"]\n\n"
                                       "7... b6a6 8. a5a6 1-0\n";

/* A self-play game of 84 plies (rollerball-match, 20,000 nodes a move). */
static const char *const long_pgn =
    "1. c2-b1 e6-f6 2. Bd1-b5 Kd6-e6 3. Bb5xc6 Rc7xc6 4. Kd2-c2 Ke6-f7 5. Re2-f2 Bd7-g4+ 6. Kc2-b2 f6-f5 "
    "7. b1-a1 Rc6-g6 8. c1-b1 Bg4-f3 9. Re1-c1 f5-f4 10. b1-a2 Bf3-g4 11. Kb2-b1 f4-f3 12. Rf2-b2 f3-e2 "
    "13. Rb2-b6 e2-d2 14. Rb6xg6 Kf7xg6 15. a2-a3 Kg6-f5 16. a3-b4 Kf5-f4 17. b4-b5 Bg4-b3 18. b5-b6 Kf4-f5 "
    "19. b6-c7 Kf5-e6 20. Kb1-b2 d2xc1=R 21. Kb2xc1 Bb3-c6 22. Kc1-b2 e7-f6 23. Kb2-a3 Ke6-e7 24. Ka3-a4 "
    "Bc6-g4+ 25. Ka4-a5 Bg4-c2 26. Ka5-b4 f6-g5 27. Kb4-a3 g5-f4 28. Ka3-b2 Bc2-d1 29. Kb2-c1 Bd1-c6 "
    "30. a1-b2 f4-f3 31. Kc1-d2 Bc6-g4 32. Kd2-e1 f3-e2 33. b2-a3 e2-d1 34. a3-a4 d1-c1=R 35. a4-b5 Rc1-a1 "
    "36. b5-b6 Ra1-a6 37. Ke1-d2 Ra6xb6 38. Kd2-c1 Rb6-f6 39. Kc1-b2 Rf6-f2+ 40. Kb2-a3 Rf2-g2 "
    "41. c7-d6+ Ke7xd6 42. Ka3-b4 Rg2-b1# 0-1\n";

static double ms_now(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* Puts the game in text on the board, both sides played by people. */
static void set_game(rb_app *app, const char *text)
{
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error perr;
    assert_int_equal(rb_pgn_read(text, strlen(text), &games, &n, &perr), 1);
    rb_ui_cmd set = rb_ui_cmd_of(RB_UI_CMD_SET_GAME);
    set.set_game.game = &games[0];
    set.set_game.players[0] = set.set_game.players[1] = (rb_ui_player){RB_UI_HUMAN, 1};
    rb_ui_apply(app, &set);
    free(games);
}

static bool review_over(const rb_app *app)
{
    return !rb_ui_review_running(app);
}

/* Hands the app its events for ms milliseconds, or until done() holds. */
static void pump_until(rb_app *app, double ms, bool (*done)(const rb_app *))
{
    double end = ms_now() + ms;
    while (ms_now() < end && !(done && done(app))) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
}

static void review_and_wait(rb_app *app)
{
    assert_true(rb_ui_review_can_start(app));
    assert_int_equal(rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_REVIEW}), 0);
    assert_true(rb_ui_review_running(app));
    pump_until(app, 60000, review_over);
    assert_false(rb_ui_review_running(app));
}

static void blunder_into_mate_is_marked_and_the_mate_best(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    set_game(app, blunder_pgn);
    assert_false(rb_ui_review_complete(&app->state.game));
    review_and_wait(app);

    const rb_game *g = &app->state.game;
    assert_true(rb_ui_review_complete(g));
    assert_int_equal(rb_ui_review_class(g, 0), RB_CLASS_BLUNDER);
    assert_true(rb_annotation_has_nag(rb_game_annotation(g, 0), RB_NAG_BLUNDER));
    assert_int_equal(rb_game_annotation(g, 0)->eval.kind, RB_EVAL_MATE);
    assert_true(rb_game_annotation(g, 0)->line_len >= 1); /* the better move */
    assert_int_equal(rb_ui_review_class(g, 1), RB_CLASS_BEST);
    /* White's chance: level before, won after the blunder and the mate. */
    assert_true(rb_ui_review_white_chance(g, 1) > 0.99);
    assert_true(rb_ui_review_white_chance(g, 2) > 0.99);

    /* The move list shows the mark; the panel offers no second review. */
    rb_ui_text_flush(app);
    rb_ui_app_draw(app);
    assert_true(rb_ui_text_drawn(app, "??", NULL, 0) >= 1);
    assert_false(rb_ui_review_can_start(app));
    SDL_Rect graph;
    assert_true(rb_ui_review_view_graph_rect(app, &graph));
    fixture_close(app);
}

static void saved_review_comes_back_without_the_engine(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    set_game(app, blunder_pgn);
    review_and_wait(app);
    char *saved = rb_pgn_write(&app->state.game);
    assert_non_null(saved);
    fixture_close(app);

    app = fixture_open(NULL, 1024, 720);
    set_game(app, saved);
    free(saved);
    const rb_game *g = &app->state.game;
    assert_true(rb_ui_review_complete(g));
    assert_int_equal(rb_ui_review_class(g, 0), RB_CLASS_BLUNDER);
    assert_false(rb_ui_review_can_start(app));
    rb_ui_text_flush(app);
    rb_ui_app_draw(app);
    assert_true(rb_ui_text_drawn(app, "??", NULL, 0) >= 1);
    SDL_Rect graph;
    assert_true(rb_ui_review_view_graph_rect(app, &graph));
    assert_null(app->review); /* no engine was made: nothing was computed */
    fixture_close(app);
}

static void progress_advances_and_a_new_game_cancels(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    set_game(app, long_pgn);
    assert_int_equal(app->state.game.length, 84);
    assert_int_equal(rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_REVIEW}), 0);

    /* The bar advances, and a frame stays quick while the engine works. */
    size_t first = 0, later = 0, total = 0;
    double end = ms_now() + 30000;
    while (ms_now() < end && rb_ui_review_running(app) && first == 0) {
        pump_until(app, 10, NULL);
        rb_ui_review_progress(app, &first, &total);
    }
    assert_true(rb_ui_review_running(app));
    assert_int_equal(total, 85);
    double worst = 0, sum = 0;
    for (int i = 0; i < 10; i++) {
        double t0 = ms_now();
        rb_ui_app_draw(app);
        double t = ms_now() - t0;
        sum += t;
        worst = t > worst ? t : worst;
        pump_until(app, 20, NULL);
    }
    print_message("frame while reviewing: %.1f ms mean, %.1f ms worst\n", sum / 10, worst);
    assert_true(rb_ui_text_drawn(app, "Reviewing", NULL, 0) >= 1);
    while (ms_now() < end && rb_ui_review_running(app) && later <= first) {
        pump_until(app, 10, NULL);
        rb_ui_review_progress(app, &later, &total);
    }
    assert_true(later > first);
    assert_true(rb_ui_review_running(app));

    /* A new game stops it at once, and nothing of it reaches the new game. */
    double t0 = ms_now();
    rb_ui_cmd fresh = rb_ui_cmd_of(RB_UI_CMD_NEW_GAME);
    fresh.new_game.players[0] = fresh.new_game.players[1] = (rb_ui_player){RB_UI_HUMAN, 1};
    fresh.new_game.person = -1;
    rb_ui_apply(app, &fresh);
    double cancel_ms = ms_now() - t0;
    print_message("cancel took %.1f ms\n", cancel_ms);
    assert_false(rb_ui_review_running(app));
    assert_true(cancel_ms < 2000);
    pump_until(app, 200, NULL); /* its last events are stale */
    assert_int_equal(app->state.game.length, 0);
    assert_null(app->state.game.notes);
    fixture_close(app);
}

/* Ctrl+R starts it; closing the window mid-review stops it at once. */
static void ctrl_r_reviews_and_closing_stops_the_review(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    set_game(app, long_pgn);
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = SDLK_r;
    ev.key.keysym.mod = KMOD_LCTRL;
    rb_ui_app_event(app, &ev);
    assert_true(rb_ui_review_running(app));
    pump_until(app, 50, NULL);
    double t0 = ms_now();
    fixture_close(app);
    double close_ms = ms_now() - t0;
    print_message("closing during the review took %.1f ms\n", close_ms);
    assert_true(close_ms < 2000);
    assert_null(app->review);
}

static void clicking_the_graph_browses_to_that_ply(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    set_game(app, long_pgn);
    /* Reviewed by the same code as in the background, on this thread. */
    assert_int_equal(rb_ui_review_now(app), 0);
    assert_true(rb_ui_review_complete(&app->state.game));
    rb_ui_app_draw(app);
    SDL_Rect graph;
    assert_true(rb_ui_review_view_graph_rect(app, &graph));

    /* A quarter of the way along: ply 21 of 84. */
    SDL_Point p = {graph.x + (graph.w - 1) / 4, graph.y + graph.h / 2};
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, p);
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, p);
    assert_true(rb_ui_state_browsing(&app->state));
    assert_int_equal(app->state.game.ply, 21);
    /* The left edge is the start. */
    p.x = graph.x;
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, p);
    fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, p);
    assert_int_equal(app->state.game.ply, 0);
    fixture_close(app);
}

/* The most crowded panel a finished game has: clocks, the computer as a
 * player, a long game; in each of the game's languages at 1024x720. */
static void the_graph_shows_at_the_default_size_in_every_language(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 1024, 720);
    set_game(app, long_pgn);
    assert_int_equal(rb_ui_review_now(app), 0);
    /* Nothing says where to click: the words hold for any window. */
    assert_null(strstr(app->state.status, "graph"));
    assert_non_null(strstr(app->state.status, "??"));
    char *reviewed = rb_pgn_write(&app->state.game);
    assert_non_null(reviewed);
    fixture_close(app);
    char *text = malloc(strlen(reviewed) + 64);
    assert_non_null(text);
    snprintf(text, strlen(reviewed) + 64, "[TimeControl \"300+3\"]\n%s", reviewed);
    free(reviewed);

    static const char *const langs[] = {"en", "ru", "fr", "de", "es"};
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        app = fixture_open(NULL, 1024, 720);
        int i = rb_ui_lang_find(langs[l]);
        assert_true(i > 0);
        rb_ui_lang_use(i);
        rb_game *games = NULL;
        size_t n = 0;
        rb_pgn_error perr;
        assert_int_equal(rb_pgn_read(text, strlen(text), &games, &n, &perr), 1);
        rb_ui_cmd set = rb_ui_cmd_of(RB_UI_CMD_SET_GAME);
        set.set_game.game = &games[0];
        set.set_game.players[RB_WHITE] = (rb_ui_player){RB_UI_HUMAN, 1};
        set.set_game.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, 4};
        rb_ui_apply(app, &set);
        free(games);
        assert_true(rb_ui_review_complete(&app->state.game));
        rb_ui_app_draw(app);
        SDL_Rect graph, nav, last;
        if (!rb_ui_review_view_graph_rect(app, &graph)) {
            fail_msg("%s: no graph at 1024x720", langs[l]);
        }
        int px = rb_ui_widget_font_px(app);
        if (graph.h < 3 * px) {
            fail_msg("%s: the graph is %d pixels tall, less than three lines", langs[l], graph.h);
        }
        /* Over the move list, which still shows the last move, and clear
         * of the browsing buttons under it. */
        assert_true(rb_ui_panel_move_rect(app, app->state.game.length, &last));
        assert_true(last.y >= graph.y + graph.h);
        assert_true(rb_ui_panel_button_rect(app, "\u25C0", &nav));
        assert_true(graph.y + graph.h <= nav.y && last.y + last.h <= nav.y);
        fixture_close(app);
    }
    free(text);
    rb_ui_lang_use(rb_ui_lang_find("en"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(blunder_into_mate_is_marked_and_the_mate_best),
        cmocka_unit_test(saved_review_comes_back_without_the_engine),
        cmocka_unit_test(progress_advances_and_a_new_game_cancels),
        cmocka_unit_test(ctrl_r_reviews_and_closing_stops_the_review),
        cmocka_unit_test(clicking_the_graph_browses_to_that_ply),
        cmocka_unit_test(the_graph_shows_at_the_default_size_in_every_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
