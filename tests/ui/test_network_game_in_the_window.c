/*
 * test_network_game_in_the_window.c - the window plays a network game
 * against a scripted other side over 127.0.0.1: the host's window lets the
 * friend in, moves go both ways with the board, the move list and the
 * clocks following; what a network game does not allow (undo, hints) is
 * refused with a word; offers are made and answered both ways; chat is off
 * until asked for; and the end (an agreed draw, a resignation) shows in the
 * window's game as it would in a local one.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "app/net_play.h"
#include "app/speak.h"
#include "panel/panel.h"
#include "rb_net_sock.h"
#include "rb_util_clock.h"
#include "ui_fixture.h"

/* The other side: a peer and its socket, run by the test. */
typedef struct friend
{
    rb_net_peer *peer;
    rb_net_session s;
    rb_net_event seen[64];
    int nseen;
}
friend;

static rb_app *host_window(int64_t base_ms)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_net_start how = {
        .host = true, .port = 0, .bind = "127.0.0.1", .name = "Alice", .color = RB_WHITE, .base_ms = base_ms};
    char err[500];
    if (rb_ui_net_play_open(app, &how, err, sizeof err) != 0) {
        fail_msg("cannot host: %s", err);
    }
    assert_true(app->state.net.active);
    /* The panel says the host waits; the code is in the waiting view. */
    char shown[1400];
    rb_ui_panel_net_text(&app->state, shown, sizeof shown);
    assert_non_null(strstr(shown, "waiting for a friend"));
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NET_HOST);
    assert_false(rb_ui_state_can_move(&app->state));
    return app;
}

static void friend_join(friend *f, const rb_app *app)
{
    memset(f, 0, sizeof *f);
    rb_net_invite inv;
    char err[400];
    assert_int_equal(rb_net_invite_parse(app->state.net.code, &inv, err, sizeof err), 0);
    assert_string_equal(inv.host, "127.0.0.1");
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, false);
    snprintf(cfg.name, sizeof cfg.name, "Bob");
    snprintf(cfg.token, sizeof cfg.token, "%s", inv.token);
    cfg.chat_in = true;
    f->peer = rb_net_peer_new(&cfg, err, sizeof err);
    assert_non_null(f->peer);
    if (rb_net_session_join(&f->s, f->peer, inv.host, inv.port, 2000, err, sizeof err) != 0) {
        fail_msg("cannot join: %s", err);
    }
}

static void friend_free(friend *f)
{
    rb_net_session_close(&f->s);
    rb_net_peer_free(f->peer);
}

/* Both sides run until done() holds (at most 5 s): the friend's socket,
 * and the window's loop as it runs between frames. */
typedef bool (*until_fn)(rb_app *app, friend *f);

static void run_until(rb_app *app, friend *f, until_fn done, const char *what)
{
    int64_t end = rb_util_now_ms() + 5000;
    while (!done(app, f)) {
        if (rb_util_now_ms() > end) {
            fail_msg("waited 5 s for %s; the window says '%s'", what, app->state.status);
        }
        rb_net_session_poll(&f->s, 2);
        rb_net_event ev;
        while (rb_net_peer_poll(f->peer, &ev)) {
            if (f->nseen < 64) {
                f->seen[f->nseen++] = ev;
            }
        }
        rb_ui_app_tick(app);
    }
}

static bool friend_saw(const friend *f, rb_net_event_type type)
{
    for (int i = 0; i < f->nseen; i++) {
        if (f->seen[i].type == type) {
            return true;
        }
    }
    return false;
}

static bool both_started(rb_app *app, friend *f)
{
    return app->state.net.started && rb_net_peer_started(f->peer);
}

static bool window_has_two_moves(rb_app *app, friend *f)
{
    (void)f;
    return app->state.game.length == 2;
}

static bool friend_has_one_move(rb_app *app, friend *f)
{
    (void)app;
    return rb_net_peer_game(f->peer)->length == 1;
}

static bool window_sees_offer(rb_app *app, friend *f)
{
    (void)f;
    return app->state.net.their_offer == RB_OFFER_DRAW;
}

static bool friend_got_answer(rb_app *app, friend *f)
{
    (void)app;
    return friend_saw(f, RB_NET_EV_ANSWER);
}

static bool friend_got_offer(rb_app *app, friend *f)
{
    (void)app;
    return friend_saw(f, RB_NET_EV_OFFER);
}

static bool window_chat_hidden(rb_app *app, friend *f)
{
    (void)f;
    return app->state.net.chat_hidden > 0;
}

static bool window_chat_shown(rb_app *app, friend *f)
{
    (void)f;
    return app->state.net.nchat > 0;
}

static bool window_game_over(rb_app *app, friend *f)
{
    (void)f;
    return rb_game_ending(&app->state.game) != RB_END_NONE;
}

static rb_move first_legal(const rb_pos *pos)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    assert_true(list.count > 0);
    return list.moves[0];
}

static void start(rb_app **app, friend *f, int64_t base_ms)
{
    *app = host_window(base_ms);
    friend_join(f, *app);
    run_until(*app, f, both_started, "the game to start");
    const rb_ui_net_state *n = &(*app)->state.net;
    assert_int_equal(n->color, RB_WHITE);
    assert_string_equal(n->names[RB_WHITE], "Alice");
    assert_string_equal(n->names[RB_BLACK], "Bob");
    assert_non_null(strstr((*app)->state.status, "Bob"));
    assert_string_equal(rb_game_tag(&(*app)->state.game, "Black"), "Bob");
}

/* An untimed game started, with my first move made and the friend
 * holding it. */
static void start_with_my_move(rb_app **app, friend *f)
{
    start(app, f, 0);
    assert_int_equal(fixture_play(*app, first_legal(rb_game_pos(&(*app)->state.game))), 0);
    run_until(*app, f, friend_has_one_move, "the friend to receive the move");
}

static void moves_go_both_ways_and_a_draw_is_agreed(void **state)
{
    (void)state;
    rb_app *app;
    friend f;
    start(&app, &f, 300000);
    /* Not my friend's move to make here: the board takes only White's. */
    rb_move mine = first_legal(rb_game_pos(&app->state.game));
    assert_true(rb_ui_state_can_move(&app->state));
    assert_int_equal(fixture_play(app, mine), 0);
    assert_false(rb_ui_state_can_move(&app->state));
    run_until(app, &f, friend_has_one_move, "the friend to receive the move");
    assert_true(rb_net_peer_game(f.peer)->moves[0] == mine);

    rb_move theirs = first_legal(rb_game_pos(rb_net_peer_game(f.peer)));
    char err[300];
    assert_int_equal(rb_net_peer_move(f.peer, theirs, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_has_two_moves, "the friend's move on the board");
    assert_true(app->state.game.moves[1] == theirs);
    assert_true(rb_ui_state_can_move(&app->state));
    /* The host's clock is the window's: timed, both sides near 5:00. */
    assert_true(app->state.clock.tc[RB_WHITE].base_ms == 300000);
    assert_true(rb_ui_clock_left(&app->state.clock, RB_BLACK, rb_ui_window_now_ms(app)) > 290000);

    /* Undo and hints are not for a network game. */
    assert_int_equal(rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_UNDO}), -1);
    assert_int_equal(app->state.game.length, 2);
    assert_non_null(strstr(app->state.status, "takeback"));
    assert_int_equal(rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_HINT}), -1);
    assert_non_null(strstr(app->state.status, "off during a network game"));

    /* Their offer, declined. */
    assert_int_equal(rb_net_peer_offer(f.peer, RB_OFFER_DRAW, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_sees_offer, "the friend's offer in the window");
    assert_non_null(strstr(app->state.status, "Bob offers a draw"));
    rb_ui_cmd no = rb_ui_cmd_of(RB_UI_CMD_NET_ANSWER);
    no.net_answer.yes = false;
    assert_int_equal(rb_ui_apply(app, &no), 0);
    run_until(app, &f, friend_got_answer, "the answer to reach the friend");
    assert_false(f.seen[f.nseen - 1].yes);
    assert_int_equal(app->state.net.their_offer, -1);

    /* Chat from a stranger is held back until the window asks for it. */
    assert_int_equal(rb_net_peer_chat(f.peer, "good luck", rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_chat_hidden, "the hidden chat line");
    assert_int_equal(app->state.net.nchat, 0);
    rb_ui_cmd unmute = rb_ui_cmd_of(RB_UI_CMD_NET_MUTE);
    unmute.net_mute.on = true;
    assert_int_equal(rb_ui_apply(app, &unmute), 0);
    assert_int_equal(rb_net_peer_chat(f.peer, "have fun", rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_chat_shown, "the chat line");
    assert_string_equal(app->state.net.chat[0], "Bob: have fun");

    /* My offer, accepted: the game ends drawn by agreement. */
    f.nseen = 0;
    assert_int_equal(rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_OFFER_DRAW}), 0);
    run_until(app, &f, friend_got_offer, "my offer to reach the friend");
    assert_int_equal(rb_net_peer_answer(f.peer, true, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_game_over, "the agreed draw");
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_AGREEMENT);
    assert_true(app->state.net.over);
    assert_false(rb_ui_state_can_move(&app->state));
    /* Once over, the game may be looked back over as usual. */
    assert_int_equal(rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_BROWSE, .browse.ply = 0}), 0);
    assert_true(app->state.browsing);
    /* Both records carry the host's clock readings, the same to the
     * millisecond: the saved games agree. */
    for (size_t i = 0; i < 2; i++) {
        const rb_annotation *here = rb_game_annotation(&app->state.game, i);
        const rb_annotation *there = rb_game_annotation(rb_net_peer_game(f.peer), i);
        assert_non_null(here);
        assert_non_null(there);
        assert_true(here->clock_ms != RB_CLOCK_NONE);
        assert_int_equal(here->clock_ms, there->clock_ms);
    }

    friend_free(&f);
    fixture_close(app);
}

static void the_friend_resigns_and_white_wins(void **state)
{
    (void)state;
    rb_app *app;
    friend f;
    start_with_my_move(&app, &f);
    char err[300];
    assert_int_equal(rb_net_peer_resign(f.peer, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_game_over, "the resignation");
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_RESIGNATION);
    assert_int_equal(rb_game_result(&app->state.game), RB_RESULT_WHITE);
    friend_free(&f);
    fixture_close(app);
}

static bool window_back_with_friend(rb_app *app, friend *f)
{
    (void)f;
    return app->state.net.connected && !app->state.net.lost && friend_saw(f, RB_NET_EV_RESUMED);
}

static void a_window_started_again_takes_the_game_up(void **state)
{
    (void)state;
    rb_app *app;
    friend f;
    start(&app, &f, 0);
    rb_move mine = first_legal(rb_game_pos(&app->state.game));
    assert_int_equal(fixture_play(app, mine), 0);
    run_until(app, &f, friend_has_one_move, "the friend to receive the move");
    char *saved = rb_ui_net_play_saved(app);
    assert_non_null(saved);
    assert_int_equal(strncmp(saved, "host rb1:127.0.0.1:", 19), 0);
    fixture_close(app); /* the window goes, the connection drops without a goodbye */

    app = fixture_open(NULL, 800, 600);
    char err[500];
    if (rb_ui_net_play_resume(app, saved, err, sizeof err) != 0) {
        fail_msg("cannot take the game up: %s", err);
    }
    free(saved);
    assert_int_equal(app->state.game.length, 1);
    assert_true(app->state.game.moves[0] == mine);
    f.nseen = 0;
    run_until(app, &f, window_back_with_friend, "the friend to come back");
    /* The game goes on from there: the friend's move reaches the window. */
    rb_move theirs = first_legal(rb_game_pos(rb_net_peer_game(f.peer)));
    assert_int_equal(rb_net_peer_move(f.peer, theirs, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_has_two_moves, "the friend's move after the return");
    friend_free(&f);
    fixture_close(app);
}

/* The window goes (the connection drops, the game kept) and comes back. */
static rb_app *restart(rb_app *app, friend *f)
{
    char *saved = rb_ui_net_play_saved(app);
    assert_non_null(saved);
    fixture_close(app);
    app = fixture_open(NULL, 800, 600);
    char err[500];
    if (rb_ui_net_play_resume(app, saved, err, sizeof err) != 0) {
        fail_msg("cannot take the game up: %s", err);
    }
    free(saved);
    f->nseen = 0;
    run_until(app, f, window_back_with_friend, "the friend to come back");
    return app;
}

static bool friend_sees_my_offer(rb_app *app, friend *f)
{
    (void)app;
    rb_net_offer kind;
    return rb_net_peer_their_offer(f->peer, &kind) && kind == RB_OFFER_DRAW;
}

static bool window_drawn(rb_app *app, friend *f)
{
    (void)f;
    return app->state.net.over;
}

static void standing_offers_survive_a_restart_on_both_sides(void **state)
{
    (void)state;
    rb_app *app;
    friend f;
    start_with_my_move(&app, &f);
    char err[300];

    /* Their offer, made before the window went, is there after. */
    assert_int_equal(rb_net_peer_offer(f.peer, RB_OFFER_DRAW, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_sees_offer, "the friend's offer in the window");
    app = restart(app, &f);
    assert_int_equal(app->state.net.their_offer, RB_OFFER_DRAW);
    rb_net_offer kind;
    assert_true(rb_net_peer_my_offer(f.peer, &kind));
    rb_ui_cmd no = rb_ui_cmd_of(RB_UI_CMD_NET_ANSWER);
    no.net_answer.yes = false;
    assert_int_equal(rb_ui_apply(app, &no), 0);
    run_until(app, &f, friend_got_answer, "the answer to reach the friend");
    assert_int_equal(app->state.net.their_offer, -1);

    /* Mine, made before the window went, stands after, and is accepted. */
    assert_int_equal(rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_OFFER_DRAW}), 0);
    run_until(app, &f, friend_sees_my_offer, "my offer to reach the friend");
    app = restart(app, &f);
    assert_int_equal(app->state.net.my_offer, RB_OFFER_DRAW);
    assert_true(friend_sees_my_offer(app, &f));
    assert_int_equal(rb_net_peer_answer(f.peer, true, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, window_drawn, "the draw agreed after the restart");
    assert_int_equal(rb_game_ending(&app->state.game), RB_END_AGREEMENT);
    friend_free(&f);
    fixture_close(app);
}

static bool log_holds(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    char line[2048];
    bool found = false;
    while (f != NULL && !found && fgets(line, sizeof line, f) != NULL) {
        found = strstr(line, text) != NULL;
    }
    if (f != NULL) {
        fclose(f);
    }
    return found;
}

static const char *spoken_log;
static bool log_has_offer(rb_app *app, friend *f)
{
    (void)app;
    (void)f;
    rb_ui_speak_poll(app);
    return log_holds(spoken_log, "Bob offers a draw.");
}

static bool log_has_move(rb_app *app, friend *f)
{
    (void)f;
    rb_ui_speak_poll(app);
    return app->state.game.length == 2 && log_holds(spoken_log, "Bob: ");
}

static void the_spoken_mode_says_the_other_side(void **state)
{
    (void)state;
    rb_app *app;
    friend f;
    start(&app, &f, 0);
    char path[] = "/tmp/rb-net-speech-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    spoken_log = path;
    char why[500];
    app->state.settings.speech = true;
    assert_int_equal(rb_ui_speak_start(app, path, false, why, sizeof why), 0);
    assert_int_equal(fixture_play(app, first_legal(rb_game_pos(&app->state.game))), 0);
    run_until(app, &f, friend_has_one_move, "the friend to receive the move");
    char err[300];
    rb_move theirs = first_legal(rb_game_pos(rb_net_peer_game(f.peer)));
    assert_int_equal(rb_net_peer_move(f.peer, theirs, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, log_has_move, "the friend's move said with the name");
    assert_int_equal(rb_net_peer_offer(f.peer, RB_OFFER_DRAW, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &f, log_has_offer, "the offer said");
    friend_free(&f);
    fixture_close(app);
    remove(path);
}

static void a_refused_connection_is_named(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    /* Port 1 on this machine: nobody listens there. */
    rb_ui_net_start how = {.host = false, .code = "rb1:127.0.0.1:1:0123456789abcdef0123456789abcdef"};
    char err[500];
    assert_int_equal(rb_ui_net_play_open(app, &how, err, sizeof err), 0);
    char shown[1400] = "";
    int64_t end = rb_util_now_ms() + 5000;
    while (!strstr(shown, "cannot be reached") && rb_util_now_ms() < end) {
        rb_ui_app_tick(app);
        rb_ui_panel_net_text(&app->state, shown, sizeof shown);
    }
    assert_non_null(strstr(shown, "The host cannot be reached (cannot connect to 127.0.0.1 port 1"));
    assert_false(rb_ui_state_can_move(&app->state));
    fixture_close(app);
}

static void a_wrong_invite_code_is_named(void **state)
{
    (void)state;
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_net_start how = {.host = false, .code = "rb1:nowhere"};
    char err[500];
    assert_int_equal(rb_ui_net_play_open(app, &how, err, sizeof err), -1);
    assert_non_null(strstr(err, "Cannot join the game"));
    assert_false(app->state.net.active);
    fixture_close(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(moves_go_both_ways_and_a_draw_is_agreed),
        cmocka_unit_test(the_friend_resigns_and_white_wins),
        cmocka_unit_test(a_window_started_again_takes_the_game_up),
        cmocka_unit_test(standing_offers_survive_a_restart_on_both_sides),
        cmocka_unit_test(the_spoken_mode_says_the_other_side),
        cmocka_unit_test(a_refused_connection_is_named),
        cmocka_unit_test(a_wrong_invite_code_is_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
