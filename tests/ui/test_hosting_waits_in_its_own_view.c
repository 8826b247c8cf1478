/*
 * test_hosting_waits_in_its_own_view.c - hosting a network game opens the
 * host's waiting view, as a person meets it: the invite code large with
 * the addresses and the port (any free port when 0 is asked, which the code
 * then carries), Copy and Ctrl+C putting the very code on the clipboard,
 * Stop hosting (and Escape) freeing the port and bringing the game before
 * back, its autosave untouched; an unfinished game is asked about first; a
 * friend with the code is named before the board; one who knocks without
 * it is asked about and let in or turned away, the answer reaching them; a
 * second knock meanwhile is told why it waits, and a knock that goes away
 * takes its question along. Friends are scripted peers over 127.0.0.1.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "app/net_host.h"
#include "app/net_play.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg_host.h"
#include "files/prefs.h"
#include "kit/text.h"
#include "rb_net_sock.h"
#include "rb_util_clock.h"
#include "ui_home.h"

/* ---- a scripted friend ---------------------------------------------------- */

typedef struct friend
{
    rb_net_peer *peer;
    rb_net_session s;
    bool byed;
    char bye_code[16], bye_text[RB_NET_TEXT_MAX + 1];
}
friend;

/* A friend connecting to 127.0.0.1 at the code's port: with the code's
 * token, or knocking (token NULL). */
static void friend_join(friend *f, const char *code, const char *name, bool with_token)
{
    memset(f, 0, sizeof *f);
    rb_net_invite inv;
    char err[400];
    assert_int_equal(rb_net_invite_parse(code, &inv, err, sizeof err), 0);
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, false);
    snprintf(cfg.name, sizeof cfg.name, "%s", name);
    if (with_token) {
        snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
    }
    f->peer = rb_net_peer_new(&cfg, err, sizeof err);
    assert_non_null(f->peer);
    if (rb_net_session_join(&f->s, f->peer, "127.0.0.1", inv.port, 2000, err, sizeof err) != 0) {
        fail_msg("cannot join: %s", err);
    }
}

static void friend_free(friend *f)
{
    rb_net_session_close(&f->s);
    rb_net_peer_free(f->peer);
}

static void friend_round(friend *f)
{
    rb_net_session_poll(&f->s, 2);
    rb_net_event ev;
    while (rb_net_peer_poll(f->peer, &ev)) {
        if (ev.type == RB_NET_EV_BYE && !f->byed) {
            f->byed = true;
            snprintf(f->bye_code, sizeof f->bye_code, "%s", ev.code);
            snprintf(f->bye_text, sizeof f->bye_text, "%s", ev.text);
        }
    }
}

typedef bool (*until_fn)(rb_app *app, friend *f);

/* The window and the friends (f2 may be NULL) run until done() holds, 5 s
 * at most. */
static void run_until(rb_app *app, friend *f, friend *f2, until_fn done, const char *what)
{
    int64_t end = rb_util_now_ms() + 5000;
    while (!done(app, f2 != NULL ? f2 : f)) {
        if (rb_util_now_ms() > end) {
            fail_msg("waited 5 s for %s; the window says '%s'", what, app->state.status);
        }
        friend_round(f);
        if (f2 != NULL) {
            friend_round(f2);
        }
        rb_ui_app_tick(app);
    }
}

static bool knock_asked(rb_app *app, friend *f)
{
    (void)f;
    return app->state.net.hosting.knocking;
}

static bool knock_cleared(rb_app *app, friend *f)
{
    (void)f;
    return !app->state.net.hosting.knocking;
}

static bool both_started(rb_app *app, friend *f)
{
    return app->state.net.started && rb_net_peer_started(f->peer);
}

static bool friend_told_bye(rb_app *app, friend *f)
{
    (void)app;
    return f->byed;
}

/* ---- the window ------------------------------------------------------------ */

/* Hosts from code, as the command line or the dialog would, on the
 * loopback only (bind) or on every address (bind NULL). */
static rb_app *host(rb_app *app, const char *bind, int port)
{
    rb_ui_net_start how = {.host = true, .port = port, .bind = bind, .name = "Alice", .color = RB_WHITE};
    char err[500];
    if (rb_ui_net_play_open(app, &how, err, sizeof err) != 0) {
        fail_msg("cannot host: %s", err);
    }
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    return app;
}

static bool drawn(rb_app *app, const char *text)
{
    char first[600];
    return rb_ui_text_drawn(app, text, first, sizeof first) > 0;
}

/* The code as the view draws it: whole on one line, or broken after the
 * port; either way every piece of it is drawn. */
static void code_is_drawn(rb_app *app)
{
    const char *code = app->state.net.code;
    if (drawn(app, code)) {
        return;
    }
    const char *cut = strrchr(code, ':');
    assert_non_null(cut);
    char head[RB_UI_NET_CODE_MAX];
    snprintf(head, sizeof head, "%.*s", (int)(cut - code + 1), code);
    assert_true(drawn(app, head));
    assert_true(drawn(app, cut + 1));
}

static int free_port(int offset)
{
    return 30000 + (int)((getpid() * 7 + offset) % 20000);
}

/* ---- the tests ------------------------------------------------------------- */

static void the_view_shows_the_code_the_addresses_and_a_real_port_for_0(void **state)
{
    (void)state;
    rb_app *app = host(fixture_open(NULL, 800, 600), NULL, 0);
    const rb_ui_net_state *n = &app->state.net;
    /* 0 asked for any free port: the one taken is shown and in the code. */
    assert_true(n->port > 0 && n->port <= 65535);
    rb_net_invite inv;
    char err[400];
    assert_int_equal(rb_net_invite_parse(n->code, &inv, err, sizeof err), 0);
    assert_int_equal(inv.port, n->port);
    rb_ui_app_draw(app);
    code_is_drawn(app);
    char line[200];
    snprintf(line, sizeof line, "Port %d (TCP)", n->port);
    assert_true(drawn(app, line));
    /* Every address the system gives a friend is listed, the code's first. */
    char sys[4][64];
    int nsys = rb_net_local_addresses(sys, 4);
    assert_true(n->hosting.naddrs >= 1);
    assert_string_equal(n->hosting.addrs[0], inv.host);
    assert_true(drawn(app, "(in the code)"));
    for (int i = 0; i < nsys; i++) {
        assert_true(drawn(app, sys[i]));
    }
    /* The local network's announcement is said, whatever it comes to (the
     * daemon answers in its own time, so each of its answers is drawn in
     * turn), wrapped over as many lines as it takes. */
    rb_ui_net_hosting *h = &app->state.net.hosting;
    for (int s = -1; s < RB_NET_LAN_STATE_COUNT * 2; s++) {
        h->lan = s < 0 ? -1 : s / 2;
        h->announced = s >= 0 && s % 2 == 1;
        rb_ui_app_draw(app);
        const char *said = rb_ui_dlg_host_lan_text(&app->state);
        if (!fixture_drawn_wrapped(app, said)) {
            fail_msg("the view does not draw \"%s\"", said);
        }
        assert_non_null(strstr(said, "local network"));
    }
    fixture_close(app);
}

static void copy_and_ctrl_c_put_the_exact_code_on_the_clipboard(void **state)
{
    (void)state;
    rb_app *app = host(fixture_open(NULL, 800, 600), "127.0.0.1", 0);
    fixture_use_clipboard(app, "something else");
    fixture_click_control(app, DLG_HOST_COPY);
    assert_string_equal(fixture_clipboard, app->state.net.code);
    assert_non_null(strstr(app->state.net.hosting.note, "clipboard"));
    fixture_clip_set("something else");
    fixture_key(app, SDLK_c, KMOD_CTRL);
    assert_string_equal(fixture_clipboard, app->state.net.code);
    /* Copying changes nothing else: still hosting, still waiting. */
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    assert_true(app->state.net.active);
    fixture_close(app);
}

static void play_three_moves(rb_app *app)
{
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE); /* a first start's welcome, if any */
    fixture_type(app, "c2b3");
    fixture_type(app, "e7f7");
    fixture_type(app, "e1f1");
    assert_int_equal(app->state.game.length, 3);
}

static void autosave_text(rb_app *app, char **text)
{
    char path[RB_UI_PATH_MAX], err[400];
    size_t len;
    assert_int_equal(rb_ui_prefs_file(app, "autosave.pgn", path, sizeof path, err, sizeof err), 0);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    *text = calloc(1, 1 << 16);
    len = fread(*text, 1, (1 << 16) - 1, f);
    fclose(f);
    assert_true(len > 0);
}

/* Host a network game from the dialog, on port, the form's way. */
static void host_from_the_dialog(rb_app *app, int port)
{
    rb_ui_dialog_open(app, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_MODE + RB_UI_NET_HOST);
    char text[16];
    snprintf(text, sizeof text, "%d", port);
    fixture_text(app, text);
    fixture_click_control(app, DLG_OK);
}

static void an_unfinished_game_is_asked_about_and_kept_when_the_answer_is_no(void **state)
{
    (void)state;
    assert_int_equal(fixture_remove_home(), 0); /* a first start, no game of another test's to resume */
    assert_int_equal(fixture_private_home("hosting"), 0);
    rb_app *app = fixture_open_with_player_files();
    play_three_moves(app);
    char *before;
    autosave_text(app, &before);
    host_from_the_dialog(app, free_port(1));
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_MESSAGE);
    assert_int_equal(app->state.dialog.ask, RB_UI_ASK_NET_HOST);
    assert_non_null(strstr(app->state.dialog.text, "unfinished game (2 moves)"));
    fixture_click_control(app, DLG_CANCEL); /* Keep playing */
    assert_false(app->state.net.active);
    assert_int_equal(app->state.game.length, 3);
    char *after;
    autosave_text(app, &after);
    assert_string_equal(after, before);
    free(before);
    free(after);
    fixture_close(app);
}

static void stop_hosting_frees_the_port_and_brings_the_game_back(void **state)
{
    (void)state;
    assert_int_equal(fixture_remove_home(), 0); /* a first start, no game of another test's to resume */
    assert_int_equal(fixture_private_home("hosting"), 0);
    rb_app *app = fixture_open_with_player_files();
    play_three_moves(app);
    rb_move moves[3];
    memcpy(moves, app->state.game.moves, sizeof moves);
    char *before;
    autosave_text(app, &before);
    int port = free_port(2);
    host_from_the_dialog(app, port);
    fixture_click_control(app, DLG_OK); /* Host, in place of the unfinished game */
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    assert_int_equal(app->state.net.port, port);
    assert_int_equal(app->state.game.length, 0); /* the board waits for the friend */
    /* The autosave still holds the game set aside, while the view waits. */
    char *waiting;
    autosave_text(app, &waiting);
    assert_string_equal(waiting, before);
    free(waiting);

    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NONE);
    assert_false(app->state.net.active);
    assert_int_equal(app->state.game.length, 3);
    assert_true(memcmp(app->state.game.moves, moves, sizeof moves) == 0);
    assert_non_null(strstr(app->state.status, "back on the board"));
    assert_true(rb_ui_state_can_move(&app->state));
    /* The port is free again: another host can listen on it. */
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, true);
    char err[400];
    rb_net_peer *peer = rb_net_peer_new(&cfg, err, sizeof err);
    rb_net_session s;
    if (rb_net_session_host(&s, peer, NULL, port, err, sizeof err) != 0) {
        fail_msg("the port is still taken: %s", err);
    }
    rb_net_session_close(&s);
    rb_net_peer_free(peer);

    /* The Stop hosting button does the same. */
    host_from_the_dialog(app, port);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    fixture_click_control(app, DLG_CANCEL);
    assert_false(app->state.net.active);
    assert_int_equal(app->state.game.length, 3);
    free(before);
    fixture_close(app);
}

static void a_friend_with_the_code_is_named_then_the_game_begins(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    fixture_use_test_clock(app);
    host(app, "127.0.0.1", 0);
    friend f;
    friend_join(&f, app->state.net.code, "Bob", true);
    run_until(app, &f, NULL, both_started, "the game to start");
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    assert_string_equal(app->state.net.hosting.joined, "Bob");
    rb_ui_app_draw(app);
    assert_true(drawn(app, "Bob has joined. The game begins."));
    assert_false(drawn(app, "Stop hosting"));
    fixture_tick_at(app, fixture_ms + RB_UI_NET_JOINED_MS);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NONE);
    assert_true(rb_ui_state_can_move(&app->state)); /* White: the host's move */
    friend_free(&f);
    fixture_close(app);
}

static void a_knock_is_asked_and_let_in(void **state)
{
    (void)state;
    rb_app *app = host(fixture_open(NULL, 800, 600), "127.0.0.1", 0);
    friend f;
    friend_join(&f, app->state.net.code, "Bob", false);
    run_until(app, &f, NULL, knock_asked, "the knock");
    assert_string_equal(app->state.net.hosting.knock_name, "Bob");
    rb_ui_app_draw(app);
    assert_true(drawn(app, "Bob (127.0.0.1) asks to join your game."));
    fixture_click_control(app, DLG_HOST_LET_IN);
    run_until(app, &f, NULL, both_started, "the one let in to start");
    assert_string_equal(app->state.net.names[RB_BLACK], "Bob");
    friend_free(&f);
    fixture_close(app);
}

static void a_knock_turned_away_hears_it_and_a_second_is_told_to_wait(void **state)
{
    (void)state;
    rb_app *app = host(fixture_open(NULL, 800, 600), "127.0.0.1", 0);
    friend eve, mallory;
    friend_join(&eve, app->state.net.code, "Eve", false);
    run_until(app, &eve, NULL, knock_asked, "Eve's knock");
    /* Another knock while Eve's is asked is told why it cannot be now. */
    friend_join(&mallory, app->state.net.code, "Mallory", false);
    run_until(app, &eve, &mallory, friend_told_bye, "the second knock's answer");
    assert_string_equal(mallory.bye_code, "busy");
    assert_non_null(strstr(mallory.bye_text, "someone else who asked to join"));
    assert_string_equal(app->state.net.hosting.knock_name, "Eve"); /* still Eve's question */
    friend_free(&mallory);

    fixture_click_control(app, DLG_HOST_TURN_AWAY);
    run_until(app, &eve, NULL, friend_told_bye, "Eve to hear she was turned away");
    assert_string_equal(eve.bye_code, "refused");
    assert_false(app->state.net.hosting.knocking);
    assert_non_null(strstr(app->state.net.hosting.note, "You turned Eve away"));
    /* Still hosting, still waiting for the friend. */
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    assert_true(app->state.net.active && !app->state.net.started);
    friend_free(&eve);
    fixture_close(app);
}

static void a_knock_that_goes_away_takes_its_question(void **state)
{
    (void)state;
    rb_app *app = host(fixture_open(NULL, 800, 600), "127.0.0.1", 0);
    friend f;
    friend_join(&f, app->state.net.code, "Bob", false);
    run_until(app, &f, NULL, knock_asked, "the knock");
    rb_net_session_close(&f.s); /* Bob gives up */
    run_until(app, &f, NULL, knock_cleared, "the question to go");
    assert_non_null(strstr(app->state.net.hosting.note, "Bob is no longer asking to join."));
    rb_ui_app_draw(app);
    assert_false(drawn(app, "asks to join your game"));
    /* Escape with no question stops hosting. */
    fixture_key(app, SDLK_ESCAPE, KMOD_NONE);
    assert_false(app->state.net.active);
    friend_free(&f); /* the rounds after Bob gave up queued lines on his closed session */
    fixture_close(app);
}

static void the_port_field_takes_0_and_says_at_once_what_is_no_port(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_dialog_open(app, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_MODE + RB_UI_NET_HOST);
    fixture_text(app, "70000");
    /* Said under the field as it is typed, before Start. */
    assert_non_null(strstr(app->state.dialog.error, "\"70000\" is not a port"));
    assert_non_null(strstr(app->state.dialog.error, "0 to 65535"));
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    assert_string_equal(app->state.dialog.error, "");
    fixture_key(app, SDLK_a, KMOD_CTRL);
    fixture_key(app, SDLK_BACKSPACE, KMOD_NONE);
    fixture_click_control(app, DLG_OK);
    assert_non_null(strstr(app->state.dialog.error, "Give the port"));
    fixture_click_control(app, DLG_FIELD);
    fixture_text(app, "0");
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    assert_true(app->state.net.port > 0);
    rb_net_invite inv;
    char err[400];
    assert_int_equal(rb_net_invite_parse(app->state.net.code, &inv, err, sizeof err), 0);
    assert_int_equal(inv.port, app->state.net.port);
    fixture_close(app);
}

static int setup(void **state)
{
    (void)state;
    return fixture_private_home("hosting");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_view_shows_the_code_the_addresses_and_a_real_port_for_0),
        cmocka_unit_test(copy_and_ctrl_c_put_the_exact_code_on_the_clipboard),
        cmocka_unit_test(an_unfinished_game_is_asked_about_and_kept_when_the_answer_is_no),
        cmocka_unit_test(stop_hosting_frees_the_port_and_brings_the_game_back),
        cmocka_unit_test(a_friend_with_the_code_is_named_then_the_game_begins),
        cmocka_unit_test(a_knock_is_asked_and_let_in),
        cmocka_unit_test(a_knock_turned_away_hears_it_and_a_second_is_told_to_wait),
        cmocka_unit_test(a_knock_that_goes_away_takes_its_question),
        cmocka_unit_test(the_port_field_takes_0_and_says_at_once_what_is_no_port),
    };
    return cmocka_run_group_tests(tests, setup, fixture_remove_home_teardown);
}
