/*
 * test_refused_moves_are_explained.c - a move the rules refuse is explained
 * on the board: dropping a piece where it cannot go, clicking such a square
 * with a piece selected, or typing the move shows the rules library's
 * sentence, with the attackers' squares when the king would be left
 * attacked and the square in the way when the route is blocked. The
 * explanation goes after a few seconds, and a move played clears it. A
 * click on another own piece or with nothing selected explains nothing.
 */
#include "support.h"

#include <stdlib.h>

#include "app/shot.h"
#include "board/explain.h"
#include "words/lang.h"
#include "ui_fixture.h"

/* White's rook on c2 shields its king on b2 from Black's rook on e2. */
#define PINNED "7/2k4/2xxx2/2xxx2/2xxx2/1KR1r2/7 w - 0 1"

static rb_bb bb(const char *square)
{
    return (rb_bb)1 << rb_sq_parse(square);
}

static void drop_leaving_the_king_attacked_names_the_attacker(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PINNED, 800, 600);
    fixture_drag(app, "c2", "c1");
    const rb_ui_explain_state *x = &app->state.explain;
    assert_int_equal(app->state.game.ply, 0);
    assert_true(x->shown);
    assert_int_equal(x->reason, RB_EXPLAIN_KING_ATTACKED);
    assert_string_equal(x->text, "After this move White's king on b2 would be attacked from e2.");
    assert_true(x->squares == bb("e2"));
    /* the attacker's path runs from e2 to the king on b2 */
    assert_int_equal(x->nattackers, 1);
    assert_int_equal(x->attacks[0].sq[0], rb_sq_parse("e2"));
    assert_int_equal(x->attacks[0].sq[x->attacks[0].len - 1], rb_sq_parse("b2"));
    fixture_close(app);
}

static void blocked_move_marks_the_square_in_the_way(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "e1");
    fixture_click(app, "a1"); /* the bishop on d1 stands in the way */
    const rb_ui_explain_state *x = &app->state.explain;
    assert_true(x->shown);
    assert_int_equal(x->reason, RB_EXPLAIN_BLOCKED);
    assert_int_equal(x->blocker, rb_sq_parse("d1"));
    assert_true(x->squares == bb("d1"));
    assert_non_null(strstr(x->text, "bishop on d1"));
    assert_int_equal(app->state.game.ply, 0);
    fixture_close(app);
}

static void typed_illegal_move_is_explained(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_type(app, "d1b3");
    assert_true(app->state.explain.shown);
    assert_int_equal(app->state.explain.reason, RB_EXPLAIN_BLOCKED);
    assert_int_equal(app->state.explain.blocker, rb_sq_parse("c2"));
    fixture_close(app);
}

/* The status line says a typed refusal once, in the rules' words, and
 * keeps it only until the next try. */
static void a_typed_refusal_says_the_move_once_until_the_next_try(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PINNED, 800, 600);
    fixture_type(app, "c2c1");
    assert_string_equal(app->state.status, "c2c1: After this move White's king on b2 would be attacked from e2.");
    assert_null(strstr(app->state.status, "no legal move"));
    /* the next letter typed starts the next try */
    fixture_type(app, "b");
    assert_string_equal(app->state.status, "");
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    /* so does a selection */
    fixture_type(app, "c2c1");
    assert_true(app->state.status[0] != '\0');
    fixture_click(app, "b2");
    assert_string_equal(app->state.status, "");
    /* and a move played */
    fixture_type(app, "c2c1");
    assert_true(app->state.status[0] != '\0');
    fixture_click(app, "b2");
    fixture_click(app, "a2");
    assert_int_equal(app->state.game.ply, 1);
    assert_string_equal(app->state.status, "");
    fixture_close(app);
}

static void a_typed_refusal_is_said_again_in_a_new_language(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PINNED, 800, 600);
    fixture_type(app, "c2c1");
    char english[sizeof app->state.status];
    SDL_strlcpy(english, app->state.status, sizeof english);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_SET_LANGUAGE);
    cmd.set_language.lang = rb_ui_lang_find("fr");
    rb_ui_apply(app, &cmd);
    assert_string_not_equal(app->state.status, english);
    assert_non_null(strstr(app->state.status, "c2c1"));
    assert_non_null(strstr(app->state.status, "e2"));
    assert_null(strstr(strstr(app->state.status, "c2c1") + 4, "c2c1")); /* said once */
    cmd.set_language.lang = rb_ui_lang_find("en");
    rb_ui_apply(app, &cmd);
    assert_string_equal(app->state.status, english);
    /* Another line is left as it was said. */
    rb_ui_state_say(&app->state, false, "%s", "Saved.");
    cmd.set_language.lang = rb_ui_lang_find("fr");
    rb_ui_apply(app, &cmd);
    assert_string_equal(app->state.status, "Saved.");
    cmd.set_language.lang = rb_ui_lang_find("en");
    rb_ui_apply(app, &cmd);
    fixture_close(app);
}

/* In check already, the refusal says the king stays in check. */
static void a_refusal_in_check_says_the_king_stays_in_check(void **state)
{
    (void)state;
    rb_app *app = fixture_open("5R1/3k3/2xxx2/2xxx2/K1xxx2/1p2R2/7 w - 0 1", 800, 600);
    fixture_type(app, "f7f6");
    assert_string_equal(
        app->state.status,
        "f7f6: White's king on a3 is in check, and after this move it would still be in check from b2.");
    assert_true(app->state.explain.shown);
    fixture_type(app, "a3b3");
    assert_string_equal(app->state.status,
                        "a3b3: White's king is in check, and on b3 it would still be in check from b2.");
    /* RB_SHOT=folder keeps a picture of it, to look at. */
    const char *shot = getenv("RB_SHOT");
    if (shot) {
        char path[512], err[256];
        snprintf(path, sizeof path, "%s/refused-in-check.png", shot);
        rb_ui_app_draw(app);
        assert_int_equal(rb_ui_shot_write(app, path, err, sizeof err), 0);
    }
    fixture_close(app);
}

static void explanation_goes_after_a_few_seconds(void **state)
{
    (void)state;
    rb_app *app = fixture_open(PINNED, 800, 600);
    fixture_use_test_clock(app);
    fixture_drag(app, "c2", "c1");
    Uint32 until = rb_ui_explain_wake(&app->state);
    assert_true(app->state.explain.shown);
    /* the window sleeps until then: a wake time 3 to 4 seconds on */
    assert_true((Sint32)(until - fixture_ms) > 3000 && (Sint32)(until - fixture_ms) <= 4000);
    app->dirty = false;
    fixture_tick_at(app, until - 10);
    assert_true(app->state.explain.shown);
    assert_false(app->dirty);
    fixture_tick_at(app, until + 1);
    assert_false(app->state.explain.shown);
    assert_true(app->dirty);
    assert_int_equal(rb_ui_explain_wake(&app->state), 0);
    fixture_close(app);
}

static void a_move_played_clears_the_explanation(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "c2", "a4");
    assert_true(app->state.explain.shown);
    assert_int_equal(app->state.explain.reason, RB_EXPLAIN_UNREACHABLE);
    fixture_click(app, "b2"); /* still selected: this plays c2-b2 */
    assert_int_equal(app->state.game.ply, 1);
    assert_false(app->state.explain.shown);
    fixture_close(app);
}

static void selecting_and_stray_clicks_explain_nothing(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_click(app, "b4"); /* nothing selected: not an attempt */
    assert_false(app->state.explain.shown);
    fixture_click(app, "c2");
    fixture_click(app, "e2"); /* another of White's pieces: selects it */
    assert_false(app->state.explain.shown);
    assert_int_equal(app->state.input.sel, rb_sq_parse("e2"));
    fixture_click(app, "c7"); /* the rook cannot take the rook on c7 from e2 */
    assert_true(app->state.explain.shown);
    assert_int_equal(app->state.explain.from, rb_sq_parse("e2"));
    assert_int_equal(app->state.explain.to, rb_sq_parse("c7"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(drop_leaving_the_king_attacked_names_the_attacker),
        cmocka_unit_test(blocked_move_marks_the_square_in_the_way),
        cmocka_unit_test(typed_illegal_move_is_explained),
        cmocka_unit_test(a_typed_refusal_says_the_move_once_until_the_next_try),
        cmocka_unit_test(a_typed_refusal_is_said_again_in_a_new_language),
        cmocka_unit_test(a_refusal_in_check_says_the_king_stays_in_check),
        cmocka_unit_test(explanation_goes_after_a_few_seconds),
        cmocka_unit_test(a_move_played_clears_the_explanation),
        cmocka_unit_test(selecting_and_stray_clicks_explain_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
