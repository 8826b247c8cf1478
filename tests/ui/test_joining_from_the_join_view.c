/*
 * test_joining_from_the_join_view.c - the New game dialog's Join view as a
 * person uses it: a game announced on the local network shows in its list
 * with the host's name and address, and picking it knocks, the view saying
 * it waits to be let in until the host's person does, when the game starts
 * and the dialog closes; a host that cannot be reached, or that refuses the
 * code, is said under the field while the dialog stays open for another
 * try; Cancel while it waits gives the attempt up and leaves the view as
 * it was. The other side is a scripted host over 127.0.0.1. The list needs
 * a running Avahi daemon: where none runs, that test is skipped with the
 * reason printed.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "app/net_play.h"
#include "dialogs/dialog.h"
#include "rb_net_lan.h"
#include "rb_net_sock.h"
#include "rb_util_clock.h"
#include "ui_fixture.h"
#include "words/lan_words.h"

/* The other side: a host that takes knocks, run by the test. */
typedef struct host {
    rb_net_peer *peer;
    rb_net_session s;
    char token[RB_NET_TOKEN_LEN + 1];
    bool knocked;
} host;

static void host_open(host *h, const char *token, const char *bind)
{
    memset(h, 0, sizeof *h);
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, true);
    snprintf(cfg.name, sizeof cfg.name, "Alice");
    snprintf(cfg.token, sizeof cfg.token, "%s", token);
    snprintf(h->token, sizeof h->token, "%s", token);
    cfg.game_token = 0x1234abcdULL;
    cfg.knocks = true;
    char err[400];
    h->peer = rb_net_peer_new(&cfg, err, sizeof err);
    assert_non_null(h->peer);
    if (rb_net_session_host(&h->s, h->peer, bind, 0, err, sizeof err) != 0) {
        fail_msg("cannot host: %s", err);
    }
}

static void host_close(host *h)
{
    rb_net_session_close(&h->s);
    rb_net_peer_free(h->peer);
}

static void host_round(host *h)
{
    rb_net_session_poll(&h->s, 2);
    rb_net_event ev;
    while (rb_net_peer_poll(h->peer, &ev)) {
        if (ev.type == RB_NET_EV_KNOCK) {
            h->knocked = true;
        }
    }
}

typedef bool (*until_fn)(rb_app *app, host *h);

static void run_until(rb_app *app, host *h, until_fn done, const char *what)
{
    int64_t end = rb_util_now_ms() + 6000;
    while (!done(app, h)) {
        if (rb_util_now_ms() > end) {
            fail_msg("waited 6 s for %s; the view says '%s' and '%s'", what, app->state.dialog.error,
                     app->state.status);
        }
        if (h != NULL) {
            host_round(h);
        } else {
            rb_util_sleep_ms(2);
        }
        rb_ui_app_tick(app);
    }
}

static rb_app *join_view(void)
{
    rb_app *app = fixture_open(NULL, 800, 600);
    rb_ui_dialog_open(app, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_MODE + RB_UI_NET_JOIN);
    assert_int_equal(app->state.dialog.mode, RB_UI_NET_JOIN);
    return app;
}

/* The code pasted into the field, over what it held. */
static void type_code(rb_app *app, const char *code)
{
    fixture_use_clipboard(app, code);
    fixture_click_control(app, DLG_FIELD);
    fixture_key(app, SDLK_a, KMOD_CTRL);
    fixture_key(app, SDLK_v, KMOD_CTRL);
    assert_string_equal(app->state.dialog.net_code, code);
}

/* A port on 127.0.0.1 nobody listens on: one taken and let go. */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    socklen_t len = sizeof a;
    assert_int_equal(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    close(fd);
    return ntohs(a.sin_port);
}

static bool view_has_error(rb_app *app, host *h)
{
    (void)h;
    return app->state.dialog.error[0] != '\0';
}

static bool window_waits(rb_app *app, host *h)
{
    return app->state.dialog.joining == RB_UI_JOIN_WAITING && h->knocked;
}

static bool game_started(rb_app *app, host *h)
{
    return app->state.net.started && rb_net_peer_started(h->peer);
}

static void an_unreachable_host_is_said_under_the_field(void **state)
{
    (void)state;
    rb_app *app = join_view();
    char code[64];
    snprintf(code, sizeof code, "127.0.0.1:%d", free_port());
    type_code(app, code);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    /* It connects with the dialog up, saying so; Join waits meanwhile. */
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_int_equal(app->state.dialog.joining, RB_UI_JOIN_CONNECTING);
    assert_true(app->state.net.active);
    run_until(app, NULL, view_has_error, "the view to say the host cannot be reached");
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_non_null(strstr(app->state.dialog.error, "cannot be reached"));
    assert_non_null(strstr(app->state.dialog.error, code + strlen("127.0.0.1:")));
    assert_int_equal(app->state.dialog.joining, RB_UI_JOIN_NONE);
    assert_false(app->state.net.active);
    /* The code is still there to be mended. */
    assert_string_equal(app->state.dialog.net_code, code);
    fixture_close(app);
}

static void a_code_the_host_refuses_is_said_under_the_field(void **state)
{
    (void)state;
    host h;
    host_open(&h, "00112233445566778899aabbccddeeff", "127.0.0.1");
    rb_app *app = join_view();
    char code[128];
    snprintf(code, sizeof code, "rb1:127.0.0.1:%d:ffeeddccbbaa99887766554433221100", h.s.port);
    type_code(app, code);
    fixture_click_control(app, DLG_OK);
    assert_int_equal(app->state.dialog.joining, RB_UI_JOIN_CONNECTING);
    run_until(app, &h, view_has_error, "the view to say the code was refused");
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_non_null(strstr(app->state.dialog.error, "invite code"));
    assert_false(app->state.net.active);
    fixture_close(app);
    host_close(&h);
}

static void cancel_while_waiting_gives_the_knock_up(void **state)
{
    (void)state;
    host h;
    host_open(&h, "00112233445566778899aabbccddeeff", "127.0.0.1");
    rb_app *app = join_view();
    char code[64];
    snprintf(code, sizeof code, "127.0.0.1:%d", h.s.port);
    type_code(app, code);
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    run_until(app, &h, window_waits, "the knock to wait for the host's person");
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    fixture_click_control(app, DLG_CANCEL);
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    assert_int_equal(app->state.dialog.joining, RB_UI_JOIN_NONE);
    assert_false(app->state.net.active);
    assert_int_equal(app->state.dialog.error[0], '\0');
    /* The host's knock goes when the joiner does. */
    int64_t end = rb_util_now_ms() + 3000;
    char name[64], addr[64];
    while (rb_net_peer_knocking(h.peer, name, sizeof name, addr, sizeof addr) && rb_util_now_ms() < end) {
        host_round(&h);
    }
    assert_false(rb_net_peer_knocking(h.peer, name, sizeof name, addr, sizeof addr));
    /* The keys are back in the field: Enter tries again. */
    fixture_key(app, SDLK_RETURN, KMOD_NONE);
    assert_int_equal(app->state.dialog.joining, RB_UI_JOIN_CONNECTING);
    fixture_close(app);
    host_close(&h);
}

static bool listed(rb_app *app, host *h)
{
    const rb_ui_dialog_state *d = &app->state.dialog;
    if (d->lan_state == RB_NET_LAN_NO_DAEMON || d->lan_state == RB_NET_LAN_UNAVAILABLE ||
        d->lan_state == RB_NET_LAN_FAILED) {
        return true;
    }
    for (int i = 0; i < d->nlan; i++) {
        if (d->lan[i].port == h->s.port) {
            return true;
        }
    }
    return false;
}

static void a_game_on_the_network_is_listed_and_picking_it_knocks(void **state)
{
    (void)state;
    host h;
    host_open(&h, "00112233445566778899aabbccddeeff", NULL); /* every address: the list gives one */
    rb_net_lan *announcer = rb_net_lan_open();
    assert_non_null(announcer);
    char err[300];
    int announced = rb_net_lan_announce(announcer, "Alice", h.s.port, err, sizeof err);
    rb_app *app = join_view();
    run_until(app, &h, listed, "the game to be listed");
    const rb_ui_dialog_state *d = &app->state.dialog;
    if (d->lan_state != RB_NET_LAN_READY || announced != 0) {
        printf("SKIPPED: no Avahi daemon to list games with (%s%s)\n",
               rb_net_lan_state_text((rb_net_lan_state)d->lan_state), announced != 0 ? err : "");
        rb_net_lan_close(announcer);
        fixture_close(app);
        host_close(&h);
        skip();
    }
    int row = -1;
    for (int i = 0; i < d->nlan; i++) {
        if (d->lan[i].port == h.s.port) {
            row = i;
        }
    }
    assert_true(row >= 0);
    assert_non_null(strstr(d->lan[row].name, "Alice"));
    /* The row names the host and its address, as the view draws it. */
    char text[200];
    rb_ui_lan_words_game(&d->lan[row], text, sizeof text);
    char port[16];
    snprintf(port, sizeof port, ":%d", h.s.port);
    assert_non_null(strstr(text, "Alice"));
    assert_non_null(strstr(text, port));
    fixture_click_control(app, DLG_LAN + row);
    assert_int_equal(app->state.dialog.joining, RB_UI_JOIN_CONNECTING);
    run_until(app, &h, window_waits, "the knock to reach the host");
    char said[200];
    rb_ui_lan_words_waiting(d->join_host, said, sizeof said);
    assert_non_null(strstr(said, "Alice"));
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NEW_GAME);
    /* The host's person lets them in: the game starts, the dialog goes. */
    assert_int_equal(rb_net_peer_admit(h.peer, true, rb_util_now_ms(), err, sizeof err), 0);
    run_until(app, &h, game_started, "the game to start");
    assert_int_equal(app->state.dialog.kind, RB_UI_DIALOG_NONE);
    assert_string_equal(app->state.net.names[RB_WHITE], "Alice");
    rb_net_lan_close(announcer);
    fixture_close(app);
    host_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_unreachable_host_is_said_under_the_field),
        cmocka_unit_test(a_code_the_host_refuses_is_said_under_the_field),
        cmocka_unit_test(cancel_while_waiting_gives_the_knock_up),
        cmocka_unit_test(a_game_on_the_network_is_listed_and_picking_it_knocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
