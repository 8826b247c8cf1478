/*
 * test_online_play_in_the_window.c - the window plays on a real
 * rollerball-server (made with --init in a temporary folder, TLS on the
 * loopback) through its "Play online" dialog, clicked as a person clicks
 * it, against a second player who signs in with the lobby client and plays
 * with the link of direct play: a wrong password is named under its field;
 * the window registers, seeks a rated game as White, the other accepts it
 * from the live list, a few moves go both ways on the board, the window
 * resigns, and both sides see the ratings move (the window's panel says
 * +12 and -12 as the server counted), the database holding the game. What
 * the window remembers is the address, the name and the session, never the
 * password.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "app/online.h"
#include "dialogs/dlg.h"
#include "net/link.h"
#include "net/lobby.h"
#include "online_server.h"
#include "panel/panel.h"
#include "rb_board.h"
#include "rb_util_clock.h"
#include "ui_home.h"

static online_server server;

static int setup(void **state)
{
    (void)state;
    if (fixture_private_home("online") != 0 || online_server_init(&server, false) != 0 ||
        online_server_start(&server) != 0) {
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    online_server_done(&server);
    return fixture_remove_home();
}

/* The other player: a lobby and, once the game is found, its link. */
typedef struct other {
    rb_ui_lobby *lobby;
    rb_ui_net_link *link;
    rb_ui_lobby_event last[8];
    int nlast;
} other;

static void other_poll(other *o)
{
    if (o->lobby != NULL) {
        rb_ui_lobby_poll(o->lobby, rb_util_now_ms());
        rb_ui_lobby_event ev;
        while (rb_ui_lobby_next(o->lobby, &ev)) {
            if (o->nlast < 8) {
                o->last[o->nlast++] = ev;
            }
        }
    }
    if (o->link != NULL) {
        rb_ui_net_link_poll(o->link, rb_util_now_ms());
        rb_net_event ev;
        while (rb_ui_net_link_next(o->link, &ev)) {
        }
    }
}

static bool other_saw(other *o, rb_ui_lobby_event_type type, rb_ui_lobby_event *out)
{
    for (int i = 0; i < o->nlast; i++) {
        if (o->last[i].type == type) {
            if (out != NULL) {
                *out = o->last[i];
            }
            memmove(&o->last[i], &o->last[i + 1], (size_t)(o->nlast - i - 1) * sizeof o->last[0]);
            o->nlast--;
            return true;
        }
    }
    return false;
}

/* Runs the window's loop and the other side until cond holds (10 s). */
static void run_until(rb_app *app, other *o, bool (*cond)(rb_app *, other *), const char *what)
{
    int64_t until = rb_util_now_ms() + 10000;
    while (!cond(app, o)) {
        rb_ui_app_tick(app);
        other_poll(o);
        if (rb_util_now_ms() > until) {
            fail_msg("%s did not happen (window: %s / %s / %s)", what, app->state.online.error,
                     app->state.online.errors[RB_UI_ONLINE_F_ADDRESS], app->state.status);
        }
        rb_util_sleep_ms(5);
    }
}

static void type_into(rb_app *app, int field, const char *text)
{
    fixture_click_control(app, DLG_ONLINE_FIELD + field);
    SDL_Event ev = {.type = SDL_TEXTINPUT};
    snprintf(ev.text.text, sizeof ev.text.text, "%s", text);
    rb_ui_app_event(app, &ev); /* the field's text was selected: typing replaces it */
}

static bool not_busy(rb_app *app, other *o)
{
    (void)o;
    return !app->state.online.busy;
}

static bool in_lobby(rb_app *app, other *o)
{
    (void)o;
    return app->state.online.view == RB_UI_ONLINE_LOBBY;
}

static bool other_ready(rb_app *app, other *o)
{
    (void)app;
    return other_saw(o, RB_UI_LOBBY_EV_READY, NULL);
}

static bool other_in(rb_app *app, other *o)
{
    (void)app;
    return rb_ui_lobby_stage_now(o->lobby) == RB_UI_LOBBY_IN;
}

static int64_t seek_id;
static bool other_sees_the_seek(rb_app *app, other *o)
{
    (void)app;
    const rb_ui_lobby_offer *k;
    int n = rb_ui_lobby_seeks(o->lobby, &k);
    for (int i = 0; i < n; i++) {
        if (strcmp(k[i].name, "winnie") == 0 && k[i].rated && k[i].color == RB_WHITE) {
            seek_id = k[i].id;
            return true;
        }
    }
    return false;
}

static bool window_sees_its_seek(rb_app *app, other *o)
{
    (void)o;
    return app->state.online.my_seek != 0 && app->state.online.nseeks == 1 && app->state.online.seeks[0].mine;
}

static rb_ui_lobby_event their_game;
static bool both_started(rb_app *app, other *o)
{
    if (o->link == NULL && other_saw(o, RB_UI_LOBBY_EV_GAME, &their_game)) {
        char err[300];
        o->link = rb_ui_net_link_join_server(their_game.code, "oscar", "rollerball/test", 0, true, err, sizeof err);
        assert_non_null(o->link);
    }
    return o->link != NULL && rb_net_peer_started(rb_ui_net_link_cpeer(o->link)) && app->state.net.started;
}

static size_t plies;
static bool both_at_plies(rb_app *app, other *o)
{
    return app->state.game.length == plies && rb_net_peer_game(rb_ui_net_link_cpeer(o->link))->length == plies;
}

static bool window_knows_the_change(rb_app *app, other *o)
{
    (void)o;
    return app->state.net.has_diff;
}

static rb_ui_lobby_event their_change;
static bool other_knows_the_change(rb_app *app, other *o)
{
    (void)app;
    rb_ui_lobby_event e;
    while (other_saw(o, RB_UI_LOBBY_EV_RATINGS, &e)) {
        if (e.has_diff) {
            their_change = e;
            return true;
        }
    }
    return false;
}

static void a_rated_game_from_sign_in_to_the_rating_change(void **state)
{
    (void)state;
    char known[400];
    snprintf(known, sizeof known, "%s/rollerball/rollerball/known-servers", fixture_home);
    rb_app *app = fixture_open_with_player_files();
    other o = {0};

    /* the sign-in view from the welcome, the example address in it */
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    open.open_dialog.dialog = RB_UI_DIALOG_WELCOME;
    rb_ui_apply(app, &open);
    fixture_click_control(app, DLG_WELCOME + 3);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_ONLINE);
    assert_int_equal(app->state.online.view, RB_UI_ONLINE_SIGN_IN);
    assert_string_equal(app->state.online.fields[RB_UI_ONLINE_F_ADDRESS], RB_UI_ONLINE_DEFAULT_ADDRESS);

    char addr[64];
    snprintf(addr, sizeof addr, "127.0.0.1:%d", server.port);
    type_into(app, RB_UI_ONLINE_F_ADDRESS, addr);
    type_into(app, RB_UI_ONLINE_F_NAME, "winnie");
    type_into(app, RB_UI_ONLINE_F_PASSWORD, "winnie-secret");
    fixture_click_control(app, DLG_ONLINE_BUTTON + 1); /* Register */
    assert_true(app->state.online.busy);
    run_until(app, &o, in_lobby, "registering");
    assert_string_equal(app->state.online.me, "winnie");
    assert_string_equal(app->state.online.fields[RB_UI_ONLINE_F_PASSWORD], ""); /* wiped once sent */

    /* the other player: a wrong password first, named as such */
    char err[300];
    rb_ui_lobby_opts lo = {.address = addr, .known_servers = known, .program = "rollerball/test"};
    rb_ui_lobby_error why;
    o.lobby = rb_ui_lobby_open(&lo, &why, err, sizeof err);
    assert_non_null(o.lobby);
    run_until(app, &o, other_ready, "the other's greeting");
    assert_int_equal(rb_ui_lobby_login(o.lobby, "oscar", "oscar-secret", true, err, sizeof err), 0);
    run_until(app, &o, other_in, "the other registering");

    /* the window seeks a rated game as White, 3+2 */
    fixture_click_control(app, DLG_ONLINE_TC + 1);
    fixture_click_control(app, DLG_ONLINE_KIND + 1);
    fixture_click_control(app, DLG_ONLINE_COLOR + 0);
    fixture_click_control(app, DLG_ONLINE_BUTTON + 5); /* Create a seek */
    run_until(app, &o, window_sees_its_seek, "the window's seek in its list");
    run_until(app, &o, other_sees_the_seek, "the seek in the other's list");
    char shown[1400];
    assert_int_equal(rb_ui_lobby_accept(o.lobby, seek_id, err, sizeof err), 0);
    run_until(app, &o, both_started, "the game's start");
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NONE); /* the board is the window's again */
    assert_int_equal(app->state.net.color, RB_WHITE);
    assert_true(app->state.net.rated);
    assert_int_equal(app->state.net.elo[0], 1500);
    assert_int_equal(app->state.net.elo[1], 1500);
    rb_ui_panel_net_text(&app->state, shown, sizeof shown);
    assert_non_null(strstr(shown, "1500"));
    assert_non_null(strstr(shown, "oscar"));
    assert_int_equal(app->state.clock.left_ms[RB_BLACK] / 1000, 180); /* the seek's clock */

    /* a few moves: the window's through its board, the other's through its link */
    for (plies = 1; plies <= 4; plies++) {
        rb_movelist list;
        if (plies % 2 == 1) {
            rb_gen_legal(rb_game_pos(&app->state.game), &list);
            rb_ui_cmd play = rb_ui_cmd_play(list.moves[0]);
            assert_int_equal(rb_ui_apply(app, &play), 0);
        } else {
            rb_gen_legal(rb_game_pos(rb_net_peer_game(rb_ui_net_link_cpeer(o.link))), &list);
            assert_int_equal(
                rb_net_peer_move(rb_ui_net_link_peer(o.link), list.moves[0], rb_util_now_ms(), err, sizeof err), 0);
        }
        run_until(app, &o, both_at_plies, "a move on both sides");
    }
    /* the window resigns, as its Resign button does in a network game */
    rb_ui_cmd resign = rb_ui_cmd_of(RB_UI_CMD_RESIGN);
    resign.resign.color = RB_WHITE;
    assert_int_equal(rb_ui_apply(app, &resign), 0);
    run_until(app, &o, window_knows_the_change, "the window told the ratings' change");
    run_until(app, &o, other_knows_the_change, "the other told the ratings' change");
    assert_int_equal(rb_game_result(&app->state.game), RB_RESULT_BLACK);
    assert_true(app->state.net.diff[RB_WHITE] < 0);
    assert_int_equal(app->state.net.diff[RB_WHITE], their_change.diff[RB_WHITE]);
    assert_int_equal(app->state.net.diff[RB_BLACK], their_change.diff[RB_BLACK]);
    rb_ui_panel_net_text(&app->state, shown, sizeof shown);
    char change[32];
    snprintf(change, sizeof change, "(%+d)", app->state.net.diff[RB_WHITE]);
    assert_non_null(strstr(shown, change));
    snprintf(change, sizeof change, "(+%d)", app->state.net.diff[RB_BLACK]);
    assert_non_null(strstr(shown, change));

    /* the database holds the game */
    char *pgn = online_server_export(&server);
    assert_non_null(pgn);
    assert_non_null(strstr(pgn, "[White \"winnie\"]"));
    assert_non_null(strstr(pgn, "[Black \"oscar\"]"));
    assert_non_null(strstr(pgn, "[Result \"0-1\"]"));
    snprintf(change, sizeof change, "[WhiteRatingDiff \"%+d\"]", app->state.net.diff[RB_WHITE]);
    assert_non_null(strstr(pgn, change));
    free(pgn);

    /* remembered: the address, the name and a session; never the password */
    char path[600];
    snprintf(path, sizeof path, "%s/rollerball/rollerball/online.txt", fixture_home);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fail_msg("nothing remembered in %s", path);
    }
    char text[1000];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    assert_non_null(strstr(text, addr));
    assert_non_null(strstr(text, "name winnie"));
    assert_non_null(strstr(text, "session "));
    assert_null(strstr(text, "winnie-secret"));

    rb_ui_net_link_free(o.link, true);
    rb_ui_lobby_free(o.lobby);
    fixture_close(app);
}

static void a_wrong_password_is_named_under_its_field(void **state)
{
    (void)state;
    rb_app *app = fixture_open_with_player_files();
    other o = {0};
    rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
    open.open_dialog.dialog = RB_UI_DIALOG_ONLINE;
    rb_ui_apply(app, &open);
    /* the address and name are remembered from the last sign-in */
    char addr[64];
    snprintf(addr, sizeof addr, "127.0.0.1:%d", server.port);
    assert_string_equal(app->state.online.fields[RB_UI_ONLINE_F_ADDRESS], addr);
    assert_string_equal(app->state.online.fields[RB_UI_ONLINE_F_NAME], "winnie");
    type_into(app, RB_UI_ONLINE_F_PASSWORD, "not-the-password");
    fixture_click_control(app, DLG_ONLINE_BUTTON + 0); /* Log in */
    run_until(app, &o, not_busy, "the login's answer");
    assert_int_equal(app->state.online.view, RB_UI_ONLINE_SIGN_IN);
    assert_string_not_equal(app->state.online.errors[RB_UI_ONLINE_F_PASSWORD], "");
    assert_string_equal(app->state.online.errors[RB_UI_ONLINE_F_NAME], "");
    assert_string_equal(app->state.online.errors[RB_UI_ONLINE_F_ADDRESS], "");
    /* the remembered session signs in without the password */
    app->state.online.fields[RB_UI_ONLINE_F_PASSWORD][0] = '\0';
    fixture_click_control(app, DLG_ONLINE_BUTTON + 0);
    run_until(app, &o, in_lobby, "signing in with the session");
    assert_string_equal(app->state.online.me, "winnie");
    /* nobody at an address: named under the address */
    fixture_click_control(app, DLG_ONLINE_BUTTON + 4); /* Leave */
    assert_int_equal(app->state.online.view, RB_UI_ONLINE_SIGN_IN);
    type_into(app, RB_UI_ONLINE_F_ADDRESS, "127.0.0.1:1");
    type_into(app, RB_UI_ONLINE_F_PASSWORD, "whatever-1");
    fixture_click_control(app, DLG_ONLINE_BUTTON + 0);
    run_until(app, &o, not_busy, "the connection's failure");
    assert_string_not_equal(app->state.online.errors[RB_UI_ONLINE_F_ADDRESS], "");
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_rated_game_from_sign_in_to_the_rating_change),
        cmocka_unit_test(a_wrong_password_is_named_under_its_field),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
