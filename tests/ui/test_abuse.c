/*
 * test_abuse.c - the front end under a careless or hostile player: quitting
 * while the computer thinks, while a piece slides, while a piece is being
 * dragged; resizing the window while the computer thinks; ten thousand
 * random events in a row; game files that are broken, binary or huge
 * dropped on the window. Nothing may crash, no thread may outlive the
 * window, no game may be lost (under the sanitizer build, leaks fail the
 * test program too).
 *
 * Tests that need the computer open a real window on SDL's dummy video
 * driver, as the game does, because the off-screen app has no computer
 * player. The player's files then go to a private folder (XDG_DATA_HOME),
 * so the autosave written on quitting can be read back.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dialogs/dialog.h"
#include "files/games.h"
#include "files/prefs.h"
#include "ui_fixture.h"
#include "rb_util_clock.h"
#include "computer/worker.h"

static char home[128];

static int threads_now(void)
{
    DIR *d = opendir("/proc/self/task");
    if (d == NULL) {
        return -1;
    }
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        n += de->d_name[0] != '.';
    }
    closedir(d);
    return n;
}

static void *do_nothing(void *arg)
{
    return arg;
}

/* Starts and ends one thread, so that a thread a runtime keeps for itself
 * from the first thread on (ThreadSanitizer's background thread) already
 * exists when the tests count threads before opening the window. */
static void let_runtimes_start_their_threads(void)
{
    pthread_t t;
    if (pthread_create(&t, NULL, do_nothing, NULL) == 0) {
        pthread_join(t, NULL);
    }
}

static double now_s(void)
{
    return (double)rb_util_now_ms() / 1000.0;
}

/* A window (dummy driver) with White played by a person and Black by the
 * computer at level, the player's files in the private folder. */
static rb_app *open_window_vs_computer(int level)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    opt.width = 900;
    opt.height = 640;
    opt.players[RB_WHITE] = (rb_ui_player){RB_UI_HUMAN, 1};
    opt.players[RB_BLACK] = (rb_ui_player){RB_UI_COMPUTER, level};
    opt.players_given[0] = opt.players_given[1] = true;
    rb_ui_app_defaults(&fixture_app);
    char err[1400];
    if (rb_ui_app_open(&fixture_app, &opt, false, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    fixture_app.state.settings.animation = false;
    /* Whatever an earlier test left to resume, start from the beginning. */
    rb_game g;
    rb_pos start;
    rb_pos_start(&start);
    assert_int_equal(rb_game_init(&g, &start), 0);
    fixture_set_game(&fixture_app, &g);
    return &fixture_app;
}

/* Hands SDL's queued events (the computer's results) to the app, and lets
 * the clock do what has come due (a found move shown), as the event loop
 * would. */
static void pump_events(rb_app *app)
{
    SDL_Event ev;
    while (!app->quit && SDL_PollEvent(&ev)) {
        rb_ui_app_event(app, &ev);
    }
    rb_ui_app_tick(app);
}

/* The same, and a frame as the event loop would draw it. */
static void pump(rb_app *app)
{
    pump_events(app);
    if (app->dirty || app->state.anim.active) {
        rb_ui_app_draw(app);
    }
}

static void play_first_legal(rb_app *app)
{
    rb_movelist list;
    rb_gen_legal(rb_ui_state_pos(&app->state), &list);
    assert_true(list.count > 0);
    assert_int_equal(fixture_play(app, list.moves[0]), 0);
}

static void send_quit(rb_app *app)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_QUIT;
    rb_ui_app_event(app, &ev);
    assert_true(app->quit);
}

/* Closes the app and checks it let go of every thread, promptly. */
static void close_and_check_threads(rb_app *app, int threads_before)
{
    double t = now_s();
    fixture_close(app);
    assert_true(now_s() - t < 5.0);
    /* A thread the app joined can still be listed for a moment while the
     * kernel finishes its exit; one that outlives the window stays. */
    while (threads_before > 0 && threads_now() > threads_before && now_s() - t < 5.0) {
        SDL_Delay(5);
    }
    if (threads_before > 0) {
        assert_int_equal(threads_now(), threads_before);
    }
}

static void quitting_while_the_computer_thinks_keeps_the_game(void **state)
{
    (void)state;
    int before = threads_now();
    rb_app *app = open_window_vs_computer(RB_LEVEL_MAX);
    char autosave[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + 300];
    assert_int_equal(rb_ui_prefs_file(app, "autosave.pgn", autosave, sizeof autosave, err, sizeof err), 0);
    play_first_legal(app);
    assert_true(rb_ui_worker_busy(app));
    assert_true(threads_now() > before);
    send_quit(app);
    close_and_check_threads(app, before);

    /* The move made before quitting is in the autosave. */
    rb_game g;
    if (rb_ui_prefs_read_game(autosave, &g, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    assert_int_equal(g.length, 1);
    rb_game_free(&g);
}

static void quitting_while_a_piece_slides(void **state)
{
    (void)state;
    int before = threads_now();
    rb_app *app = fixture_open(NULL, 800, 600);
    app->state.settings.animation = true;
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.length, 1);
    assert_true(app->state.anim.active);
    rb_ui_app_draw(app); /* a frame mid-slide */
    send_quit(app);
    close_and_check_threads(app, before);
}

static void quitting_in_the_middle_of_a_drag(void **state)
{
    (void)state;
    int before = threads_now();
    rb_app *app = fixture_open(NULL, 800, 600);
    SDL_Point a = fixture_center(app, "c2"), b = fixture_center(app, "b3");
    fixture_motion(app, a, false);
    fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, a);
    fixture_motion(app, (SDL_Point){(a.x + b.x) / 2, (a.y + b.y) / 2}, true);
    assert_int_equal(app->state.input.state, RB_UI_DRAGGING);
    rb_ui_app_draw(app); /* the piece under the pointer */
    send_quit(app);
    assert_int_equal(app->state.game.length, 0); /* quitting is not a drop */
    close_and_check_threads(app, before);
}

static void resizing_while_the_computer_thinks(void **state)
{
    (void)state;
    int before = threads_now();
    /* Level 9 thinks for a few hundred thousand nodes: long enough to be
     * caught thinking, short enough to wait for. (Level 1 answers in
     * microseconds, before a test can look.) */
    rb_app *app = open_window_vs_computer(9);
    play_first_legal(app);
    assert_true(rb_ui_worker_busy(app));
    static const int sizes[][2] = {{480, 360}, {1600, 1000}, {300, 200}, {640, 1100}, {2000, 400}, {900, 640}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        SDL_SetWindowSize(app->window, sizes[i][0], sizes[i][1]);
        SDL_Event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = SDL_WINDOWEVENT;
        ev.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
        ev.window.data1 = sizes[i][0];
        ev.window.data2 = sizes[i][1];
        rb_ui_app_event(app, &ev);
        pump(app);
        rb_ui_app_draw(app);
    }
    /* The computer still answers, and its move is played. */
    double t = now_s();
    while (app->state.game.length < 2 && now_s() - t < 30) {
        pump(app);
        SDL_Delay(5);
    }
    assert_int_equal(app->state.game.length, 2);
    assert_false(rb_ui_worker_busy(app));
    send_quit(app);
    close_and_check_threads(app, before);
}

/* ---- ten thousand random events ---------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

static void random_event(rb_app *app, const char *bad_file)
{
    static const SDL_Keycode keys[] = {
        SDLK_a,   SDLK_b,      SDLK_c,        SDLK_d,      SDLK_e,        SDLK_f,      SDLK_g,
        SDLK_r,   SDLK_n,      SDLK_s,        SDLK_o,      SDLK_z,        SDLK_y,      SDLK_1,
        SDLK_2,   SDLK_3,      SDLK_7,        SDLK_RETURN, SDLK_KP_ENTER, SDLK_ESCAPE, SDLK_BACKSPACE,
        SDLK_TAB, SDLK_SPACE,  SDLK_LEFT,     SDLK_RIGHT,  SDLK_UP,       SDLK_DOWN,   SDLK_HOME,
        SDLK_END, SDLK_PAGEUP, SDLK_PAGEDOWN, SDLK_F1,     SDLK_COMMA,    SDLK_DELETE,
    };
    static const Uint16 mods[] = {KMOD_NONE, KMOD_NONE, KMOD_NONE, KMOD_LCTRL, KMOD_LSHIFT, KMOD_LCTRL | KMOD_LSHIFT,
                                  KMOD_LALT};
    int w = app->layout.out_w > 0 ? app->layout.out_w : 800;
    int h = app->layout.out_h > 0 ? app->layout.out_h : 600;
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    switch (rnd(15)) {
    case 12:
    case 13: {
        /* A click or a drag between squares: how moves are really made. */
        int from = (int)rnd(RB_NSQ), to = (int)rnd(RB_NSQ);
        rb_movelist list;
        rb_gen_legal(rb_ui_state_pos(&app->state), &list);
        if (list.count > 0 && rnd(2)) {
            /* Half the time a player who knows the rules. */
            rb_move m = list.moves[rnd((uint32_t)list.count)];
            from = RB_MOVE_FROM(m);
            to = RB_MOVE_TO(m);
        }
        SDL_FPoint a = rb_ui_view_board_center(app, from);
        SDL_FPoint b = rb_ui_view_board_center(app, to);
        SDL_Point pa = {(int)a.x, (int)a.y}, pb = {(int)b.x, (int)b.y};
        if (rnd(2)) {
            fixture_click_at(app, pa);
        } else {
            fixture_motion(app, pa, false);
            fixture_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, pa);
            fixture_motion(app, (SDL_Point){(pa.x + pb.x) / 2, (pa.y + pb.y) / 2}, true);
            fixture_motion(app, pb, true);
            fixture_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, pb);
        }
        return;
    }
    case 14:
        /* Dialogs are where keys go once one is open; close them often
         * enough that the board gets its share. */
        ev.type = SDL_KEYDOWN;
        ev.key.state = SDL_PRESSED;
        ev.key.keysym.sym = SDLK_ESCAPE;
        break;
    case 0:
    case 1:
    case 2:
        ev.type = SDL_MOUSEMOTION;
        ev.motion.x = (Sint32)rnd((uint32_t)w + 100) - 50;
        ev.motion.y = (Sint32)rnd((uint32_t)h + 100) - 50;
        ev.motion.xrel = (Sint32)rnd(41) - 20;
        ev.motion.yrel = (Sint32)rnd(41) - 20;
        ev.motion.state = rnd(2) ? SDL_BUTTON_LMASK : 0;
        break;
    case 3:
    case 4:
    case 5:
        ev.type = rnd(2) ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        ev.button.button = (Uint8)(rnd(4) ? SDL_BUTTON_LEFT : 1 + rnd(3));
        ev.button.state = ev.type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        ev.button.clicks = (Uint8)(1 + rnd(2));
        ev.button.x = (Sint32)rnd((uint32_t)w);
        ev.button.y = (Sint32)rnd((uint32_t)h);
        break;
    case 6:
    case 7:
    case 8: {
        ev.type = rnd(5) ? SDL_KEYDOWN : SDL_KEYUP;
        ev.key.state = ev.type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
        ev.key.keysym.sym = keys[rnd(sizeof keys / sizeof keys[0])];
        ev.key.keysym.mod = mods[rnd(sizeof mods / sizeof mods[0])];
        ev.key.repeat = (Uint8)(rnd(8) == 0);
        break;
    }
    case 9:
        ev.type = SDL_MOUSEWHEEL;
        ev.wheel.y = (Sint32)rnd(7) - 3;
        ev.wheel.direction = rnd(4) ? SDL_MOUSEWHEEL_NORMAL : SDL_MOUSEWHEEL_FLIPPED;
        break;
    case 10: {
        ev.type = SDL_TEXTINPUT;
        static const char *const texts[] = {"a", "c2b3", "Ann", "\xc3\xa9", "../x", "/", "", "7"};
        snprintf(ev.text.text, sizeof ev.text.text, "%s", texts[rnd(sizeof texts / sizeof texts[0])]);
        break;
    }
    default:
        if (rnd(40) == 0) {
            /* A file dropped on the window (the app frees the name). */
            ev.type = SDL_DROPFILE;
            ev.drop.file = SDL_strdup(rnd(2) ? bad_file : "/no/such/file.pgn");
        } else {
            ev.type = SDL_WINDOWEVENT;
            static const Uint8 kinds[] = {SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED,
                                          SDL_WINDOWEVENT_FOCUS_LOST,   SDL_WINDOWEVENT_LEAVE,
                                          SDL_WINDOWEVENT_ENTER,        SDL_WINDOWEVENT_SHOWN};
            ev.window.event = kinds[rnd(sizeof kinds / sizeof kinds[0])];
        }
        break;
    }
    rb_ui_app_event(app, &ev);
}

static void ten_thousand_random_events(void **state)
{
    (void)state;
    char bad[256];
    snprintf(bad, sizeof bad, "%s/bad.pgn", home);
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("[Event \"cut\"]\n1. c2-b3 e6-f", f);
    fclose(f);

    int before = threads_now();
    rb_app *app = open_window_vs_computer(1);
    int events = 10000, moves = 0, in_dialog = 0;
    for (int i = 0; i < events; i++) {
        size_t length = app->state.game.length;
        if (i == events / 2) {
            /* The second half between two people: the computer's turns
             * no longer hold the board, so many more moves are made. */
            rb_ui_worker_cancel(app);
            app->state.players[RB_BLACK].kind = RB_UI_HUMAN;
            rb_ui_input_cancel(&app->state.input);
            app->dirty = true;
        }
        random_event(app, bad);
        /* A random Ctrl+Q is a quit like any other: take it back so the
         * abuse goes on. */
        app->quit = false;
        /* Events come faster than frames: draw every so often. */
        if (i % 100 == 99) {
            pump(app);
        } else if (i % 10 == 9) {
            pump_events(app);
        }
        if (i % 1000 == 999) {
            /* The player pauses: time for the computer to answer. */
            double t = now_s();
            while (rb_ui_worker_busy(app) && now_s() - t < 0.5) {
                SDL_Delay(5);
                pump_events(app);
            }
        }
        app->quit = false;
        moves += app->state.game.length > length;
        in_dialog += rb_ui_dialog_active(&app->state);
        if (i % 500 == 0) {
            int w = 200 + (int)rnd(1200), h = 150 + (int)rnd(900);
            SDL_SetWindowSize(app->window, w, h);
            pump(app);
        }
    }
    pump(app);
    /* Whatever happened, the game record is whole. */
    const rb_game *g = &app->state.game;
    assert_true(g->ply <= g->length);
    for (size_t i = 0; i <= g->length; i++) {
        assert_true(g->positions[i].key == rb_pos_compute_key(&g->positions[i]));
    }
    print_message("%d events: %d moves played, %d events with a dialog open; %zu moves at the end\n", events, moves,
                  in_dialog, g->length);
    /* The abuse reached the board and the dialogs both. */
    assert_true(moves > 20);
    assert_true(in_dialog > 100 && in_dialog < events - 1000);
    rb_ui_app_draw(app);
    send_quit(app);
    close_and_check_threads(app, before);
    unlink(bad);
}

/* ---- bad files dropped on the window ----------------------------------- */

static void broken_files_dropped_on_the_window_keep_the_game(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "c2", "b3");
    assert_int_equal(app->state.game.length, 1);

    char path[256];
    struct {
        const char *name, *text;
        size_t len;
        const char *says;
    } files[] = {
        {"cut.pgn", "[Event \"x\"]\n1. c2-b", 0, "line 2"},
        {"image.pgn", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, "not a text file"},
        {"nothing.pgn", "   \n\n", 0, "nothing.pgn"},
        {"chess.pgn", "[Event \"x\"]\n1. e4 e5 *\n", 0, "chess.pgn"},
        /* Not UTF-8: the message quoting it must still be drawable. */
        {"latin1.pgn", "[Event \"caf\xe9\"]\n1. \xff\xfe\xe9 *\n", 0, "latin1.pgn"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", home, files[i].name);
        fixture_write_file(path, files[i].text, files[i].len ? files[i].len : strlen(files[i].text));
        app->state.status[0] = '\0';
        fixture_drop_file(app, path);
        if (strstr(app->state.status, files[i].says) == NULL) {
            fail_msg("%s: the message is '%s'", files[i].name, app->state.status);
        }
        assert_int_equal(app->state.game.length, 1); /* the game on the board stays */
        rb_ui_app_draw(app);                         /* with the message shown */
        unlink(path);
    }

    /* A folder, and a name far longer than any path. */
    app->state.status[0] = '\0';
    fixture_drop_file(app, home);
    assert_non_null(strstr(app->state.status, "folder"));
    char *long_name = malloc(8192);
    assert_non_null(long_name);
    memset(long_name, 'x', 8191);
    long_name[0] = '/';
    long_name[8191] = '\0';
    app->state.status[0] = '\0';
    fixture_drop_file(app, long_name);
    free(long_name);
    assert_true(strlen(app->state.status) > 0);
    rb_ui_app_draw(app);
    assert_int_equal(app->state.game.length, 1);

    /* 100 MB: refused at once for its size, the game kept. */
    snprintf(path, sizeof path, "%s/huge.pgn", home);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < 100 * 1024; i++) {
        for (int j = 0; j < 1024 / 16; j++) {
            fputs("1. c2-b3 e6-f5 ", f), fputc(' ', f);
        }
    }
    fclose(f);
    double t = now_s();
    app->state.status[0] = '\0';
    fixture_drop_file(app, path);
    assert_true(now_s() - t < 10);
    assert_non_null(strstr(app->state.status, "too big"));
    assert_int_equal(app->state.game.length, 1);
    unlink(path);
    fixture_close(app);
}

/* A save that fails half-way (a file-size limit stops the write exactly
 * as a full disk does) is reported, and the game stays on the board to be
 * saved again once there is room. */
static void a_failed_save_keeps_the_game_to_save_again(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_drag(app, "c2", "b3");
    fixture_drag(app, "e6", "f5");
    fixture_drag(app, "b3", "b4");
    assert_int_equal(app->state.game.length, 3);

    struct rlimit saved, tiny;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &saved), 0);
    tiny = saved;
    tiny.rlim_cur = 16;
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &tiny), 0);
    char err[RB_UI_PATH_MAX + 300];
    err[0] = '\0';
    int rc = rb_ui_games_save(app, "full disk", err, sizeof err);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &saved), 0);
    signal(SIGXFSZ, was);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "Could not save"));
    assert_int_equal(app->state.game.length, 3);
    assert_int_equal(app->state.game.ply, 3);

    /* Room again: the same game saves whole. */
    assert_int_equal(rb_ui_games_save(app, "full disk", err, sizeof err), 0);
    char dir[RB_UI_PATH_MAX], path[RB_UI_PATH_MAX + 32];
    assert_int_equal(rb_ui_games_dir(app, dir, sizeof dir, err, sizeof err), 0);
    snprintf(path, sizeof path, "%sfull disk.pgn", dir);
    rb_game g;
    if (rb_ui_prefs_read_game(path, &g, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    assert_int_equal(g.length, 3);
    rb_game_free(&g);
    unlink(path);
    fixture_close(app);
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (d) {
        struct dirent *de;
        while ((de = readdir(d)) != NULL) {
            if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
                char p[1024];
                snprintf(p, sizeof p, "%s/%s", path, de->d_name);
                remove_tree(p);
            }
        }
        closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

int main(void)
{
    snprintf(home, sizeof home, "/tmp/rb-ui-abuse-XXXXXX");
    if (!mkdtemp(home)) {
        return 1;
    }
    setenv("XDG_DATA_HOME", home, 1);
    let_runtimes_start_their_threads();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quitting_while_the_computer_thinks_keeps_the_game),
        cmocka_unit_test(quitting_while_a_piece_slides),
        cmocka_unit_test(quitting_in_the_middle_of_a_drag),
        cmocka_unit_test(resizing_while_the_computer_thinks),
        cmocka_unit_test(ten_thousand_random_events),
        cmocka_unit_test(broken_files_dropped_on_the_window_keep_the_game),
        cmocka_unit_test(a_failed_save_keeps_the_game_to_save_again),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    remove_tree(home);
    return failed;
}
