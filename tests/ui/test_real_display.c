/*
 * test_real_display.c - what needs a real display: the system clipboard
 * (Ctrl+C puts the position string on it, Ctrl+Shift+C the game, Ctrl+V
 * takes a game from it), and a window remembering the computer as a
 * player opening a --fen position with people on both sides; the least
 * window following the interface size, and the desktop's GDK_SCALE taken
 * as the display's scale on X11. Run under
 * X (tests/ui/CMakeLists.txt runs it in xvfb-run when that is installed);
 * skipped where there is no X display or the video driver is the dummy.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <sys/stat.h>

#include "dialogs/dialog.h"
#include "kit/layout.h"
#include "ui_fixture.h"
#include "ui_home.h"

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("display-test");
}

static bool have_display(void)
{
    const char *driver = getenv("SDL_VIDEODRIVER");
    return getenv("DISPLAY") && (!driver || strcmp(driver, "dummy") != 0);
}

/* A real window (its own files under the test's XDG_DATA_HOME). */
static rb_app *open_window_sized(const char *fen, int w, int h, int scale_pct)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.fen = fen;
    opt.width = w;
    opt.height = h;
    opt.scale_pct = scale_pct; /* 0: the settings' */
    rb_ui_app_defaults(&fixture_app);
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, false, err, sizeof err) != 0) {
        fail_msg("cannot open the window: %s", err);
    }
    fixture_app.state.settings.animation = false;
    return &fixture_app;
}

static rb_app *open_window(const char *fen)
{
    return open_window_sized(fen, 800, 600, 0);
}

/* Handles the window's events for up to ms, until done says so. */
static void pump(rb_app *app, int ms, bool (*done)(rb_app *))
{
    Uint64 end = SDL_GetTicks64() + (Uint64)ms;
    while (SDL_GetTicks64() < end && (!done || !done(app))) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 20)) {
            rb_ui_app_event(app, &ev);
        }
    }
}

/* The window has grown, and the layout with it (its size-changed event). */
static bool grown_to_960x720(rb_app *app)
{
    int w, h;
    SDL_GetWindowSize(app->window, &w, &h);
    return w >= 960 && h >= 720 && app->layout.out_w >= 960 && app->layout.out_h >= 720;
}

static void the_least_window_grows_with_the_interface_size(void **state)
{
    (void)state;
    if (!have_display()) {
        skip();
    }
    rb_app *app = open_window(NULL);
    int w, h;
    SDL_GetWindowMinimumSize(app->window, &w, &h);
    assert_int_equal(w, RB_UI_MIN_W);
    assert_int_equal(h, RB_UI_MIN_H);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_SET_SCALE);
    cmd.set_scale.percent = 200;
    rb_ui_apply(app, &cmd);
    rb_ui_app_draw(app);
    SDL_GetWindowMinimumSize(app->window, &w, &h);
    assert_int_equal(w, 960);
    assert_int_equal(h, 720);
    pump(app, 2000, grown_to_960x720); /* the 800x600 window grows to it */
    assert_true(grown_to_960x720(app));
    rb_ui_app_draw(app);
    assert_true(app->layout.font_px >= 22);
    fixture_close(app);
}

static int wanted_x, wanted_y;

/* The window stands where the test asked. */
static bool at_wanted_place(rb_app *app)
{
    int x, y;
    SDL_GetWindowPosition(app->window, &x, &y);
    return x == wanted_x && y == wanted_y;
}

/* A new interface size sets the least window, and SDL's X11 code then
 * moves the window by its frame's size under window managers that do not
 * tell it (twm: the title bar's height, at every step). The move that
 * follows is undone; a move later on is the player's. */
static void a_new_size_leaves_the_window_where_it_was(void **state)
{
    (void)state;
    if (!have_display()) {
        skip();
    }
    rb_app *app = open_window_sized(NULL, 800, 600, 100);
    pump(app, 300, NULL);
    int x, y;
    SDL_GetWindowPosition(app->window, &x, &y);
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_SET_SCALE);
    cmd.set_scale.percent = 125;
    rb_ui_apply(app, &cmd);
    rb_ui_app_draw(app);
    /* what such a window manager answers */
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_WINDOWEVENT;
    ev.window.event = SDL_WINDOWEVENT_MOVED;
    ev.window.windowID = SDL_GetWindowID(app->window);
    ev.window.data1 = x;
    ev.window.data2 = y + 27;
    rb_ui_app_event(app, &ev);
    /* SDL waits only a moment for the X server to make the move; on a busy
     * machine the window's place is known once the server's answer is read. */
    wanted_x = x;
    wanted_y = y - 27; /* asked 27 higher: the frame's offset the other way */
    pump(app, 3000, at_wanted_place);
    int nx, ny;
    SDL_GetWindowPosition(app->window, &nx, &ny);
    assert_int_equal(nx, x);
    assert_int_equal(ny, y - 27);
    /* a move of the player's own is left alone */
    ev.window.data2 = y + 100;
    rb_ui_app_event(app, &ev);
    SDL_GetWindowPosition(app->window, &nx, &ny);
    assert_int_equal(ny, y - 27);
    fixture_close(app);
}

static void gdk_scale_is_the_display_scale_on_x11(void **state)
{
    (void)state;
    if (!have_display()) {
        skip();
    }
    setenv("GDK_SCALE", "2", 1);
    rb_app *app = open_window_sized(NULL, 1000, 760, 100); /* the last test kept 200% */
    unsetenv("GDK_SCALE");
    assert_true(app->layout.system_scale == 2.0f);
    int w, h;
    SDL_GetWindowMinimumSize(app->window, &w, &h);
    assert_int_equal(w, 2 * RB_UI_MIN_W); /* the 100% least window, in pixels twice over */
    assert_int_equal(h, 2 * RB_UI_MIN_H);
    assert_int_equal(app->layout.font_px, 22); /* 11 points, twice over */
    fixture_close(app);
}

static void the_system_clipboard_carries_positions_and_games(void **state)
{
    (void)state;
    if (!have_display()) {
        skip();
    }
    rb_app *app = open_window("2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1");
    if (rb_ui_dialog_active(&app->state)) {
        fixture_key(app, SDLK_RETURN, KMOD_NONE);
    }
    fixture_type(app, "c2b3");
    fixture_key(app, SDLK_c, KMOD_LCTRL);
    char fen[RB_POS_TEXT_MAX];
    fixture_fen(app, fen, sizeof fen);
    char *got = SDL_GetClipboardText();
    assert_string_equal(got, fen);
    SDL_free(got);
    fixture_key(app, SDLK_c, KMOD_LCTRL | KMOD_LSHIFT);
    got = SDL_GetClipboardText();
    assert_non_null(strstr(got, "1. c2-b3"));
    SDL_free(got);

    assert_int_equal(SDL_SetClipboardText("[Event \"x\"]\n\n1. c2-b3 e6-f6 2. b3-b4 *\n"), 0);
    fixture_key(app, SDLK_v, KMOD_LCTRL);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_REPLACE); /* one move played here */
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(app->state.game.length, 3);
    fixture_close(app);
}

static void a_window_opens_a_position_with_people_on_both_sides(void **state)
{
    (void)state;
    if (!have_display()) {
        skip();
    }
    char path[300];
    snprintf(path, sizeof path, "%s/rollerball", fixture_home);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/rollerball/rollerball", fixture_home);
    mkdir(path, 0700);
    strcat(path, "/settings.conf");
    const char *settings = "white = human\nblack = computer\nblack_level = 2\n";
    fixture_write_file(path, settings, strlen(settings));
    /* Black to move: a computer playing Black would start at once. */
    rb_app *app = open_window("2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 b - 0 1");
    assert_int_equal(app->state.players[RB_WHITE].kind, RB_UI_HUMAN);
    assert_int_equal(app->state.players[RB_BLACK].kind, RB_UI_HUMAN);
    assert_false(rb_ui_state_computer_to_move(&app->state));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_system_clipboard_carries_positions_and_games),
        cmocka_unit_test(a_window_opens_a_position_with_people_on_both_sides),
        cmocka_unit_test(the_least_window_grows_with_the_interface_size),
        cmocka_unit_test(gdk_scale_is_the_display_scale_on_x11),
        cmocka_unit_test(a_new_size_leaves_the_window_where_it_was),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
