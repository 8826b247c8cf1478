/*
 * test_dialog_keyboard.c - every dialog can be used from the keyboard: Tab
 * and Shift+Tab (and the arrows a dialog does not use itself) move a
 * visible focus ring through its controls, Enter or Space activates the
 * focused one, Esc cancels. The New game dialog keeps its size whichever
 * opponent is chosen.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>

#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "files/games.h"
#include "files/settings.h"
#include "ui_fixture.h"
#include "ui_home.h"
#include "kit/widget.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("focus-test");
}

static void open_dialog(rb_app *app, rb_ui_dialog_kind kind)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    cmd.open_dialog.dialog = kind;
    rb_ui_apply(app, &cmd);
    rb_ui_app_draw(app);
}

static Uint32 pixel(rb_app *app, int x, int y)
{
    SDL_Surface *s = app->target;
    return ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
}

/* True when a ring in the text colour surrounds the focused control. */
static bool ring_drawn(rb_app *app)
{
    SDL_Rect r;
    if (!rb_ui_dlg_focus_rect(app, app->state.dialog.focus, &r)) {
        return false;
    }
    SDL_Color c = app->theme->text;
    Uint32 want = SDL_MapRGB(app->target->format, c.r, c.g, c.b);
    int hits = 0, probes = 0;
    int w = rb_ui_widget_font_px(app) / 7 > 2 ? rb_ui_widget_font_px(app) / 7 : 2;
    for (int x = r.x; x < r.x + r.w; x += 3, probes += 2) {
        hits += (pixel(app, x, r.y - w - 1) == want) + (pixel(app, x, r.y + r.h + w) == want);
    }
    return hits > probes * 9 / 10;
}

static void tab_moves_a_visible_ring_through_every_dialog(void **state)
{
    (void)state;
    static const rb_ui_dialog_kind kinds[] = {RB_UI_DIALOG_NEW_GAME, RB_UI_DIALOG_SAVE, RB_UI_DIALOG_LOAD,
                                              RB_UI_DIALOG_SETTINGS, RB_UI_DIALOG_HELP};
    rb_app *app = fixture_open(NULL, 900, 700);
    char err[RB_UI_PATH_MAX + 300];
    assert_int_equal(rb_ui_games_save(app, "one", err, sizeof err), 0); /* a list to focus */
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        open_dialog(app, kinds[i]);
        int first = app->state.dialog.focus;
        assert_true(ring_drawn(app));
        fixture_key(app, SDLK_TAB, KMOD_NONE);
        rb_ui_app_draw(app);
        int second = app->state.dialog.focus;
        if (second == first) {
            fail_msg("dialog %d: Tab left the focus on %d", (int)kinds[i], first);
        }
        assert_true(ring_drawn(app));
        fixture_key(app, SDLK_TAB, KMOD_LSHIFT);
        assert_int_equal(app->state.dialog.focus, first);
        /* Esc cancels. */
        fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
        if (rb_ui_dialog_active(&app->state)) {
            fail_msg("dialog %d stays open after Esc", (int)kinds[i]);
        }
    }
    fixture_close(app);
}

static void enter_activates_the_focused_control(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 900, 700);
    fixture_type(app, "c2b3");
    /* New game: from Start, Tab reaches Cancel; Enter there cancels. */
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    assert_int_equal(app->state.dialog.focus, DLG_OK);
    fixture_key(app, SDLK_TAB, KMOD_NONE);
    assert_int_equal(app->state.dialog.focus, DLG_CANCEL);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 1);

    /* Tab round to "Two players" and choose it with Space, then start. */
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    fixture_key(app, SDLK_TAB, KMOD_NONE); /* Cancel */
    fixture_key(app, SDLK_TAB, KMOD_NONE); /* wraps to the first choice */
    assert_int_equal(app->state.dialog.focus, DLG_MODE + RB_UI_VS_COMPUTER);
    fixture_key(app, SDLK_RIGHT, KMOD_NONE);
    assert_int_equal(app->state.dialog.focus, DLG_MODE + RB_UI_TWO_PLAYERS);
    fixture_key(app, SDLK_SPACE, KMOD_NONE);
    assert_int_equal(app->state.dialog.mode, RB_UI_TWO_PLAYERS);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_TAB, KMOD_LSHIFT); /* the first choice */
    fixture_key(app, SDLK_TAB, KMOD_LSHIFT); /* wraps to Cancel */
    fixture_key(app, SDLK_TAB, KMOD_LSHIFT); /* Start */
    assert_int_equal(app->state.dialog.focus, DLG_OK);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    /* over the unfinished game: asked first, and Enter says yes */
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_NEW_GAME);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.game.length, 0);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_HUMAN);

    /* Settings: Space on the focused box ticks it. */
    open_dialog(app, RB_UI_DIALOG_SETTINGS);
    fixture_key(app, SDLK_DOWN, KMOD_NONE); /* from Done round to the tabs */
    assert_int_equal(app->state.dialog.focus, DLG_TAB + RB_UI_SETTINGS_LOOK);
    fixture_key(app, SDLK_RIGHT, KMOD_NONE); /* the Board page */
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_DOWN, KMOD_NONE); /* its first box */
    assert_int_equal(app->state.dialog.focus, DLG_SETTING);
    bool was = rb_ui_settings_get(&app->state.settings, 0);
    fixture_key(app, SDLK_SPACE, KMOD_NONE);
    assert_true(rb_ui_settings_get(&app->state.settings, 0) != was);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);

    /* Enter in the settings is Done, on a tab or a box; a button of its
     * own (the size's +) still takes it. */
    open_dialog(app, RB_UI_DIALOG_SETTINGS);
    fixture_key(app, SDLK_DOWN, KMOD_NONE); /* the tabs */
    fixture_key(app, SDLK_RIGHT, KMOD_NONE);
    assert_int_equal(app->state.dialog.focus, DLG_TAB + RB_UI_SETTINGS_BOARD);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    open_dialog(app, RB_UI_DIALOG_SETTINGS);
    fixture_key(app, SDLK_DOWN, KMOD_NONE);
    fixture_key(app, SDLK_RIGHT, KMOD_NONE);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_DOWN, KMOD_NONE); /* a box */
    assert_int_equal(app->state.dialog.focus, DLG_SETTING);
    was = rb_ui_settings_get(&app->state.settings, 0);
    fixture_key(app, SDLK_KP_ENTER, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_true(rb_ui_settings_get(&app->state.settings, 0) == was);
    open_dialog(app, RB_UI_DIALOG_SETTINGS);
    app->state.dialog.page = RB_UI_SETTINGS_GAME;
    rb_ui_app_draw(app);
    int pct = app->state.settings.ui_scale_pct;
    app->state.dialog.focus = DLG_SCALE + 1;
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_true(rb_ui_dialog_active(&app->state));
    assert_int_equal(app->state.settings.ui_scale_pct, pct + 25);
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    rb_ui_cmd back = rb_ui_cmd_of(RB_UI_CMD_SET_SCALE);
    back.set_scale.percent = pct;
    rb_ui_apply(app, &back);
    rb_ui_app_draw(app);

    /* A question: Tab to the other answer, Enter gives it. */
    rb_ui_cmd ask = rb_ui_cmd_of(RB_UI_CMD_ASK);
    ask.ask.question = RB_UI_ASK_RESIGN;
    rb_ui_apply(app, &ask);
    rb_ui_app_draw(app);
    fixture_key(app, SDLK_TAB, KMOD_NONE);
    assert_int_equal(app->state.dialog.focus, DLG_CANCEL);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_false(rb_ui_dialog_active(&app->state));
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_NONE);
    fixture_close(app);
}

/* Ctrl+Q quits from every dialog, a message's and a question's too; the
 * save dialog's name field does not take it. */
static void ctrl_q_quits_from_every_dialog(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 900, 700);
    const rb_ui_dialog_kind kinds[] = {RB_UI_DIALOG_NEW_GAME, RB_UI_DIALOG_SAVE, RB_UI_DIALOG_LOAD,
                                       RB_UI_DIALOG_SETTINGS, RB_UI_DIALOG_HELP, RB_UI_DIALOG_WELCOME};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        open_dialog(app, kinds[i]);
        assert_true(rb_ui_dialog_active(&app->state));
        app->quit = false;
        fixture_key(app, SDLK_q, KMOD_LCTRL);
        if (!app->quit) {
            fail_msg("Ctrl+Q did not quit from dialog %d", (int)kinds[i]);
        }
        rb_ui_dlg_close(&app->state);
    }
    rb_ui_cmd msg = rb_ui_cmd_of(RB_UI_CMD_MESSAGE);
    msg.message.title = "Note";
    msg.message.text = "Something happened.";
    rb_ui_apply(app, &msg);
    app->quit = false;
    fixture_key(app, SDLK_q, KMOD_LCTRL);
    assert_true(app->quit);
    /* a plain q in a text field is a letter */
    rb_ui_dlg_close(&app->state);
    open_dialog(app, RB_UI_DIALOG_SAVE);
    app->quit = false;
    fixture_key(app, SDLK_q, KMOD_NONE);
    assert_false(app->quit);
    fixture_close(app);
}

/* Where the last frame drew the dialog's buttons. */
static SDL_Rect button(rb_app *app, int id)
{
    SDL_Rect r = {0, 0, 0, 0};
    rb_ui_app_draw(app);
    assert_true(rb_ui_dlg_focus_rect(app, id, &r));
    return r;
}

static void the_new_game_dialog_keeps_its_size(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 900, 700);
    open_dialog(app, RB_UI_DIALOG_NEW_GAME);
    SDL_Rect start = button(app, DLG_OK);
    for (int mode = 0; mode < 3; mode++) {
        SDL_Rect r;
        assert_true(rb_ui_dlg_focus_rect(app, DLG_MODE + mode, &r));
        fixture_click_at(app, (SDL_Point){r.x + r.w / 2, r.y + r.h / 2});
        assert_int_equal((int)app->state.dialog.mode, mode);
        SDL_Rect now = button(app, DLG_OK);
        assert_memory_equal(&now, &start, sizeof now);
    }
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tab_moves_a_visible_ring_through_every_dialog),
        cmocka_unit_test(enter_activates_the_focused_control),
        cmocka_unit_test(ctrl_q_quits_from_every_dialog),
        cmocka_unit_test(the_new_game_dialog_keeps_its_size),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
