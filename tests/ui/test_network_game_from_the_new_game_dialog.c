/*
 * test_network_game_from_the_new_game_dialog.c - New game hosts and joins
 * network games as a person would reach them: Host a network game, a port
 * typed over the default, Start, and the invite code the window then shows
 * lets a scripted friend in; Join a network game with a pasted code that is
 * no code, or with nothing, keeps the dialog open with a clear reason; a
 * port that is no port is refused the same way.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "app/net_play.h"
#include "dialogs/dialog.h"
#include "kit/text.h"
#include "panel/panel.h"
#include "rb_net_sock.h"
#include "rb_util_clock.h"
#include "ui_fixture.h"

static rb_app *new_game_dialog(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_dialog_open(app, RB_UI_DIALOG_NEW_GAME);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    return app;
}

static void hosting_from_the_dialog_shows_a_code_a_friend_joins_with(void **state)
{
    (void)state;
    rb_app *app = new_game_dialog();
    fixture_click_control(app, DLG_MODE + RB_UI_NET_HOST);
    /* The port is shown, the default, and selected: typing replaces it. */
    assert_string_equal(app->state.dialog.net_port, "47474");
    char port[16];
    snprintf(port, sizeof port, "%d", 30000 + (int)(getpid() % 20000));
    fixture_text(app, port);
    assert_string_equal(app->state.dialog.net_port, port);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST); /* the host's waiting view */
    assert_true(app->state.net.active);

    /* The waiting view shows the code to give. */
    rb_ui_app_draw(app);
    char first[600];
    const char *token = strrchr(app->state.net.code, ':');
    assert_non_null(token);
    assert_true(rb_ui_text_drawn(app, token + 1, first, sizeof first) > 0);
    rb_net_invite inv;
    char err[400];
    assert_int_equal(rb_net_invite_parse(app->state.net.code, &inv, err, sizeof err), 0);
    assert_int_equal(inv.port, atoi(port));

    rb_net_config cfg;
    rb_net_config_defaults(&cfg, false);
    snprintf(cfg.name, sizeof cfg.name, "Bob");
    snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
    rb_net_peer *peer = rb_net_peer_new(&cfg, err, sizeof err);
    assert_non_null(peer);
    rb_net_session s;
    memset(&s, 0, sizeof s);
    /* Every address is listened on: the friend comes by the loopback. */
    if (rb_net_session_join(&s, peer, "127.0.0.1", inv.port, 2000, err, sizeof err) != 0) {
        fail_msg("cannot join: %s", err);
    }
    int64_t end = rb_util_now_ms() + 5000;
    while (!(app->state.net.started && rb_net_peer_started(peer))) {
        if (rb_util_now_ms() > end) {
            fail_msg("waited 5 s for the game to start; the window says '%s'", app->state.status);
        }
        rb_net_session_poll(&s, 2);
        rb_net_event ev;
        while (rb_net_peer_poll(peer, &ev)) {
        }
        rb_ui_app_tick(app);
    }
    rb_net_session_close(&s);
    rb_net_peer_free(peer);
    fixture_close(app);
}

static void a_bad_code_or_none_keeps_the_join_view_open_saying_why(void **state)
{
    (void)state;
    rb_app *app = new_game_dialog();
    fixture_click_control(app, DLG_MODE + RB_UI_NET_JOIN);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_non_null(strstr(app->state.dialog.error, "invite code"));

    fixture_use_clipboard(app, "rb1:nothing-here");
    fixture_click_control(app, DLG_FIELD); /* back to the field, as a person would */
    fixture_key(app, SDLK_v, KMOD_CTRL);
    assert_string_equal(app->state.dialog.net_code, "rb1:nothing-here");
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_false(app->state.net.active);
    assert_true(app->state.dialog.error[0] != '\0');
    fixture_close(app);
}

static void a_port_that_is_no_port_is_refused_in_the_form(void **state)
{
    (void)state;
    rb_app *app = new_game_dialog();
    fixture_click_control(app, DLG_MODE + RB_UI_NET_HOST);
    fixture_text(app, "99999");
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_false(app->state.net.active);
    assert_non_null(strstr(app->state.dialog.error, "99999"));
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hosting_from_the_dialog_shows_a_code_a_friend_joins_with),
        cmocka_unit_test(a_bad_code_or_none_keeps_the_join_view_open_saying_why),
        cmocka_unit_test(a_port_that_is_no_port_is_refused_in_the_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
