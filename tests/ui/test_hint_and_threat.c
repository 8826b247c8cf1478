/*
 * test_hint_and_threat.c - the coach: a hint is the best move for the
 * person to move, drawn along its real path and counted in the game
 * record; the threat is what the opponent would play if the person could
 * pass. Both are found on the coach's own thread while the window goes on,
 * vanish when the position changes, and quitting during a search is clean.
 */
#include "support.h"

#include <stdlib.h>

#include "app/shot.h"
#include "computer/coach.h"
#include "words/lang.h"
#include "ui_fixture.h"

/* Black mates in one with g2b1; with White to move that mate is the threat. */
#define BLACK_MATES "2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12"
#define WHITE_THREATENED "2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 w Kk 0 12"
/* Black is in check from the rook on b6. */
#define BLACK_IN_CHECK "5R1/1R2k2/2xxx2/2xxx2/2xxx2/7/3K3 b k 4 52"

static double ms_now(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* Hands the app its events until the coach has shown something (or 15 s). */
static void wait_for_coach(rb_app *app)
{
    double end = ms_now() + 15000;
    while (ms_now() < end && app->state.coach.shown == RB_UI_COACH_NONE) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_int_not_equal(app->state.coach.shown, RB_UI_COACH_NONE);
    assert_false(rb_ui_coach_busy(app));
}

/* The person plays `person`; the other side is the computer (which stays
 * quiet: no opponent thread is started off screen). */
static rb_app *open_vs_computer(const char *fen, int person)
{
    rb_app *app = fixture_open(fen, 800, 600);
    app->state.players[person ^ 1] = (rb_ui_player){RB_UI_COMPUTER, 4};
    return app;
}

static rb_move coord(const rb_app *app, const char *text)
{
    rb_move m;
    char err[160];
    if (rb_move_parse_coord(rb_ui_state_pos(&app->state), text, &m, err, sizeof err) != 0) {
        fail_msg("%s: %s", text, err);
    }
    return m;
}

static void a_hint_finds_the_mate_and_draws_its_path(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(BLACK_MATES, RB_BLACK);
    rb_move mate = coord(app, "g2b1");
    fixture_key(app, SDLK_h, KMOD_NONE);
    assert_int_equal(app->state.coach.asked, RB_UI_COACH_HINT);
    assert_int_equal(app->state.input.ntyped, 0); /* h is no file letter */
    wait_for_coach(app);
    const rb_ui_coach_state *cs = &app->state.coach;
    assert_int_equal(cs->shown, RB_UI_COACH_HINT);
    assert_int_equal(cs->move, mate);
    rb_path expected;
    rb_move_path(mate, &expected);
    assert_int_equal(cs->path.len, expected.len);
    assert_memory_equal(cs->path.sq, expected.sq, (size_t)expected.len);
    assert_int_equal(cs->path.sq[0], rb_sq_parse("g2"));
    assert_int_equal(cs->path.sq[cs->path.len - 1], rb_sq_parse("b1"));
    assert_non_null(strstr(app->state.status, "Hint"));
    rb_ui_app_draw(app); /* drawing it is fine too */
    fixture_close(app);
}

static void the_move_after_a_hint_is_noted_in_the_saved_game(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(BLACK_MATES, RB_BLACK);
    assert_int_equal(fixture_do(app, RB_UI_CMD_HINT), 0);
    wait_for_coach(app);
    size_t ply = app->state.game.ply;
    assert_int_equal(fixture_play(app, app->state.coach.move), 0);
    assert_int_equal(app->state.coach.shown, RB_UI_COACH_NONE); /* gone with the move */
    const rb_annotation *a = rb_game_annotation(&app->state.game, ply);
    assert_non_null(a);
    assert_non_null(a->comment);
    assert_string_equal(a->comment, RB_UI_HINT_COMMENT);
    char *pgn = rb_pgn_write(&app->state.game);
    assert_non_null(pgn);
    assert_non_null(strstr(pgn, "{" RB_UI_HINT_COMMENT "}"));
    free(pgn);
    fixture_close(app);
}

static void a_hint_for_another_position_leaves_no_note(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, RB_WHITE);
    rb_move first = coord(app, "c2b3");
    assert_int_equal(fixture_play(app, first), 0);
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
    /* asked at the start, then the game moved on (redo) and back (undo):
     * the hint was for a position since left, so the move is not noted */
    assert_int_equal(fixture_do(app, RB_UI_CMD_HINT), 0);
    assert_true(app->state.coach.hint_used);
    assert_int_equal(fixture_do(app, RB_UI_CMD_REDO), 0);
    assert_false(app->state.coach.hint_used);
    assert_int_equal(app->state.coach.asked, RB_UI_COACH_NONE);
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
    assert_int_equal(fixture_play(app, first), 0);
    const rb_annotation *a = rb_game_annotation(&app->state.game, 0);
    assert_non_null(a);
    assert_null(a->comment);
    fixture_close(app);
}

static void hints_between_two_people_need_the_setting(void **state)
{
    (void)state;
    rb_app *app = fixture_open(BLACK_MATES, 800, 600);  /* two people */
    assert_false(app->state.settings.two_player_hints); /* off by default */
    assert_int_equal(fixture_do(app, RB_UI_CMD_HINT), -1);
    assert_int_equal(app->state.coach.asked, RB_UI_COACH_NONE);
    assert_false(app->state.coach.hint_used);
    assert_non_null(strstr(app->state.status, "two people"));
    fixture_key(app, SDLK_h, KMOD_NONE);
    assert_int_equal(app->state.coach.asked, RB_UI_COACH_NONE);

    app->state.settings.two_player_hints = true;
    assert_int_equal(fixture_do(app, RB_UI_CMD_HINT), 0);
    wait_for_coach(app);
    assert_int_equal(app->state.coach.move, coord(app, "g2b1"));
    fixture_close(app);
}

static void the_threat_is_the_opponents_mate(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(WHITE_THREATENED, RB_WHITE);
    rb_pos black = *rb_ui_state_pos(&app->state);
    rb_pos_set_side(&black, RB_BLACK);
    rb_move mate;
    char err[160];
    assert_int_equal(rb_move_parse_coord(&black, "g2b1", &mate, err, sizeof err), 0);

    fixture_key(app, SDLK_t, KMOD_NONE); /* held */
    assert_int_equal(app->state.coach.asked, RB_UI_COACH_THREAT);
    wait_for_coach(app);
    assert_int_equal(app->state.coach.shown, RB_UI_COACH_THREAT);
    assert_int_equal(app->state.coach.move, mate);
    assert_int_equal(app->state.coach.path.sq[0], rb_sq_parse("g2"));
    assert_non_null(strstr(app->state.status, "Threat"));
    rb_ui_app_draw(app);

    /* let go of t: the threat goes */
    SDL_Event up;
    memset(&up, 0, sizeof up);
    up.type = SDL_KEYUP;
    up.key.keysym.sym = SDLK_t;
    rb_ui_app_event(app, &up);
    assert_int_equal(app->state.coach.shown, RB_UI_COACH_NONE);
    fixture_close(app);
}

static void in_check_the_threat_is_the_check(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(BLACK_IN_CHECK, RB_BLACK);
    rb_ui_cmd threat = rb_ui_cmd_of(RB_UI_CMD_THREAT);
    threat.threat.show = true;
    assert_int_equal(rb_ui_apply(app, &threat), 0);
    wait_for_coach(app);
    assert_true(app->state.coach.in_check);
    assert_int_equal(app->state.coach.move, RB_MOVE_NONE);
    assert_non_null(strstr(app->state.status, "You are in check: the threat is the check itself"));
    fixture_close(app);
}

static void a_move_or_an_undo_clears_hint_and_threat(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(WHITE_THREATENED, RB_WHITE);
    rb_ui_cmd threat = rb_ui_cmd_of(RB_UI_CMD_THREAT);
    threat.threat.show = true;
    assert_int_equal(rb_ui_apply(app, &threat), 0);
    wait_for_coach(app);
    /* a move: the threat was about the position before */
    rb_movelist legal;
    rb_gen_legal(rb_ui_state_pos(&app->state), &legal);
    assert_true(legal.count > 0);
    assert_int_equal(fixture_play(app, legal.moves[0]), 0);
    assert_int_equal(app->state.coach.shown, RB_UI_COACH_NONE);

    /* Black plays against the computer now: a hint asked, then the move
     * before it undone while it is searched: its answer is dropped */
    app->state.players[RB_WHITE].kind = RB_UI_COMPUTER;
    app->state.players[RB_BLACK].kind = RB_UI_HUMAN;
    assert_int_equal(fixture_do(app, RB_UI_CMD_HINT), 0);
    assert_non_null(strstr(app->state.status, "Looking for a hint"));
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
    assert_int_equal(app->state.coach.asked, RB_UI_COACH_NONE);
    assert_string_equal(app->state.status, ""); /* no longer looking */
    double end = ms_now() + 2 * RB_UI_COACH_MS;
    while (ms_now() < end) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 10)) {
            rb_ui_app_event(app, &ev);
        }
    }
    assert_int_equal(app->state.coach.shown, RB_UI_COACH_NONE);
    /* a hint shown, then the move before it undone */
    assert_int_equal(fixture_do(app, RB_UI_CMD_REDO), 0);
    assert_int_equal(fixture_do(app, RB_UI_CMD_HINT), 0);
    wait_for_coach(app);
    assert_int_equal(app->state.coach.shown, RB_UI_COACH_HINT);
    assert_non_null(strstr(app->state.status, "Hint: "));
    /* said again in a new language while it is shown */
    rb_ui_cmd lang = rb_ui_cmd_of(RB_UI_CMD_SET_LANGUAGE);
    lang.set_language.lang = rb_ui_lang_find("fr");
    rb_ui_apply(app, &lang);
    assert_null(strstr(app->state.status, "Hint: "));
    assert_true(app->state.status[0] != '\0');
    lang.set_language.lang = rb_ui_lang_find("en");
    rb_ui_apply(app, &lang);
    assert_non_null(strstr(app->state.status, "Hint: "));
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
    assert_int_equal(app->state.coach.shown, RB_UI_COACH_NONE);
    /* its words went with its arrow */
    assert_string_equal(app->state.status, "");
    const char *shot = getenv("RB_SHOT"); /* a folder for a picture to look at */
    if (shot) {
        char path[512], err[256];
        snprintf(path, sizeof path, "%s/hint-undone.png", shot);
        rb_ui_app_draw(app);
        assert_int_equal(rb_ui_shot_write(app, path, err, sizeof err), 0);
    }
    /* a line about something else stays */
    assert_int_equal(fixture_do(app, RB_UI_CMD_REDO), 0);
    rb_ui_state_say(&app->state, false, "%s", "Saved.");
    assert_int_equal(fixture_do(app, RB_UI_CMD_UNDO), 0);
    assert_string_equal(app->state.status, "Saved.");
    fixture_close(app);
}

static void quitting_during_a_hint_search_is_clean(void **state)
{
    (void)state;
    rb_app *app = open_vs_computer(NULL, RB_WHITE);
    assert_int_equal(fixture_do(app, RB_UI_CMD_HINT), 0);
    assert_true(rb_ui_coach_busy(app));
    double start = ms_now();
    assert_int_equal(fixture_do(app, RB_UI_CMD_QUIT), 0);
    fixture_close(app); /* joins the coach's thread */
    assert_null(app->coach);
    assert_true(ms_now() - start < RB_UI_COACH_MS); /* stopped, not waited out */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_hint_finds_the_mate_and_draws_its_path),
        cmocka_unit_test(the_move_after_a_hint_is_noted_in_the_saved_game),
        cmocka_unit_test(a_hint_for_another_position_leaves_no_note),
        cmocka_unit_test(hints_between_two_people_need_the_setting),
        cmocka_unit_test(the_threat_is_the_opponents_mate),
        cmocka_unit_test(in_check_the_threat_is_the_check),
        cmocka_unit_test(a_move_or_an_undo_clears_hint_and_threat),
        cmocka_unit_test(quitting_during_a_hint_search_is_clean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
