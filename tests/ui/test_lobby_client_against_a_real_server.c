/*
 * test_lobby_client_against_a_real_server.c - the window's lobby client
 * (net/lobby.h) against a real rollerball-server made with --init in a
 * temporary folder, on the loopback: over TLS, the server's key pinned on
 * first contact and a changed key refused by name; registering, a name
 * taken, a wrong password and nobody at the address each named; the live
 * seek list (a seek with its colour and kind seen by the other player, a
 * seek taken back gone from it); a challenge by name declined and another
 * accepted; a seek accepted handed to the link of direct play, which plays
 * moves through the server until one side resigns, both ratings known at
 * the start and the change at the end, and the export holding the game.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <unistd.h>

#include "net/link.h"
#include "net/lobby.h"
#include "online_server.h"
#include "rb_board.h"
#include "rb_util_clock.h"

typedef struct client {
    rb_ui_lobby *lobby;
    rb_ui_lobby_event seen[128];
    int nseen;
} client;

static char known[400];

static void client_open(client *c, const online_server *s)
{
    memset(c, 0, sizeof *c);
    char addr[64], err[400];
    snprintf(addr, sizeof addr, "127.0.0.1:%d", s->port);
    rb_ui_lobby_opts o = {.address = addr, .plain = s->plain, .known_servers = known, .program = "rollerball/test"};
    rb_ui_lobby_error why;
    c->lobby = rb_ui_lobby_open(&o, &why, err, sizeof err);
    if (c->lobby == NULL) {
        fail_msg("cannot open the lobby: %s", err);
    }
}

static void pump(client *cs, int n, int ms)
{
    int64_t until = rb_util_now_ms() + ms;
    do {
        for (int i = 0; i < n; i++) {
            rb_ui_lobby_poll(cs[i].lobby, rb_util_now_ms());
            rb_ui_lobby_event ev;
            while (rb_ui_lobby_next(cs[i].lobby, &ev)) {
                if (cs[i].nseen < 128) {
                    cs[i].seen[cs[i].nseen++] = ev;
                }
            }
        }
        rb_util_sleep_ms(5);
    } while (rb_util_now_ms() < until);
}

/* Polls until c has seen an event of type (returned), failing after 10 s. */
static rb_ui_lobby_event *wait_for(client *all, int n, client *c, rb_ui_lobby_event_type type)
{
    int64_t until = rb_util_now_ms() + 10000;
    for (;;) {
        for (int i = 0; i < c->nseen; i++) {
            if (c->seen[i].type == type) {
                static rb_ui_lobby_event found;
                found = c->seen[i];
                memmove(&c->seen[i], &c->seen[i + 1], (size_t)(c->nseen - i - 1) * sizeof c->seen[0]);
                c->nseen--;
                return &found;
            }
        }
        if (rb_util_now_ms() > until) {
            fail_msg("no event %d came (stage %d, %s)", (int)type, (int)rb_ui_lobby_stage_now(c->lobby),
                     rb_ui_lobby_error_text(c->lobby));
        }
        pump(all, n, 10);
    }
}

static void sign_in(client *all, int n, client *c, const char *name, const char *password, bool reg)
{
    wait_for(all, n, c, RB_UI_LOBBY_EV_READY);
    char err[200];
    assert_int_equal(rb_ui_lobby_login(c->lobby, name, password, reg, err, sizeof err), 0);
    rb_ui_lobby_event *e = wait_for(all, n, c, RB_UI_LOBBY_EV_SIGNED_IN);
    assert_string_equal(e->name, name);
    assert_int_equal(strlen(e->session), 32);
    assert_int_equal(rb_ui_lobby_stage_now(c->lobby), RB_UI_LOBBY_IN);
}

static online_server server;

static int setup(void **state)
{
    (void)state;
    if (online_server_init(&server, false) != 0 || online_server_start(&server) != 0) {
        return -1;
    }
    snprintf(known, sizeof known, "%s/known-servers", server.dir);
    /* the game's links pin the key in the user's file: this test's own */
    return setenv("XDG_DATA_HOME", server.dir, 1);
}

static int teardown(void **state)
{
    (void)state;
    online_server_done(&server);
    return 0;
}

static void mistakes_are_named(void **state)
{
    (void)state;
    client c[2];
    client_open(&c[0], &server);
    client_open(&c[1], &server);
    sign_in(c, 2, &c[0], "carol", "carol-secret", true);
    /* the key is pinned on first contact */
    FILE *f = fopen(known, "r");
    assert_non_null(f);
    fclose(f);

    wait_for(c, 2, &c[1], RB_UI_LOBBY_EV_READY);
    char err[200];
    assert_int_equal(rb_ui_lobby_login(c[1].lobby, "Carol", "another-one", true, err, sizeof err), 0);
    rb_ui_lobby_event *e = wait_for(c, 2, &c[1], RB_UI_LOBBY_EV_REFUSED);
    assert_int_equal(e->error, RB_UI_LOBBY_ERR_NAME_TAKEN);
    assert_int_equal(rb_ui_lobby_stage_now(c[1].lobby), RB_UI_LOBBY_SIGNED_OUT);
    assert_int_equal(rb_ui_lobby_login(c[1].lobby, "carol", "not-her-password", false, err, sizeof err), 0);
    e = wait_for(c, 2, &c[1], RB_UI_LOBBY_EV_REFUSED);
    assert_int_equal(e->error, RB_UI_LOBBY_ERR_WRONG_PASSWORD);
    assert_string_equal(e->what, "login");
    /* the right one still works after a wrong one */
    assert_int_equal(rb_ui_lobby_login(c[1].lobby, "carol", "carol-secret", false, err, sizeof err), 0);
    wait_for(c, 2, &c[1], RB_UI_LOBBY_EV_SIGNED_IN);
    rb_ui_lobby_free(c[0].lobby);
    rb_ui_lobby_free(c[1].lobby);

    /* nobody at the address */
    online_server none = server;
    none.port = 1; /* nothing listens on port 1 of the loopback */
    client_open(&c[0], &none);
    e = wait_for(c, 1, &c[0], RB_UI_LOBBY_EV_CLOSED);
    assert_int_equal(e->error, RB_UI_LOBBY_ERR_UNREACHABLE);
    rb_ui_lobby_free(c[0].lobby);

    /* an address that is not one */
    rb_ui_lobby_opts o = {.address = "127.0.0.1:99999", .known_servers = known};
    rb_ui_lobby_error why;
    assert_null(rb_ui_lobby_open(&o, &why, err, sizeof err));
    assert_int_equal(why, RB_UI_LOBBY_ERR_ADDRESS);
}

static void a_changed_key_is_refused_loudly(void **state)
{
    (void)state;
    char saved[400];
    snprintf(saved, sizeof saved, "%s", known);
    snprintf(known, sizeof known, "%s/forged-known-servers", server.dir);
    FILE *f = fopen(known, "w");
    assert_non_null(f);
    fprintf(f, "127.0.0.1:%d SHA256:%064d\n", server.port, 0);
    fclose(f);
    client c;
    client_open(&c, &server);
    rb_ui_lobby_event *e = wait_for(&c, 1, &c, RB_UI_LOBBY_EV_CLOSED);
    assert_int_equal(e->error, RB_UI_LOBBY_ERR_CERT_CHANGED);
    assert_non_null(strstr(e->text, "changed its key"));
    assert_int_equal(rb_ui_lobby_stage_now(c.lobby), RB_UI_LOBBY_CLOSED);
    rb_ui_lobby_free(c.lobby);
    snprintf(known, sizeof known, "%s", saved);
}

static bool listed(const client *c, int64_t id, const rb_ui_lobby_offer **out)
{
    const rb_ui_lobby_offer *k;
    int n = rb_ui_lobby_seeks(c->lobby, &k);
    for (int i = 0; i < n; i++) {
        if (k[i].id == id) {
            if (out != NULL) {
                *out = &k[i];
            }
            return true;
        }
    }
    return false;
}

static void seeks_and_challenges_come_and_go(void **state)
{
    (void)state;
    client c[2];
    client_open(&c[0], &server);
    client_open(&c[1], &server);
    sign_in(c, 2, &c[0], "dave", "dave-secret", true);
    sign_in(c, 2, &c[1], "erin", "erin-secret", true);
    char err[200];
    assert_int_equal(rb_ui_lobby_seek(c[0].lobby, 5, 3, true, 1, err, sizeof err), 0);
    int64_t id = wait_for(c, 2, &c[0], RB_UI_LOBBY_EV_SEEKING)->id;
    const rb_ui_lobby_offer *k = NULL;
    int64_t until = rb_util_now_ms() + 5000;
    while (!listed(&c[1], id, &k) && rb_util_now_ms() < until) {
        pump(c, 2, 10);
    }
    assert_non_null(k);
    assert_string_equal(k->name, "dave");
    assert_string_equal(k->tc, "5+3");
    assert_true(k->rated);
    assert_int_equal(k->color, 1);
    assert_false(k->mine);
    pump(c, 2, 50);
    assert_true(listed(&c[0], id, &k) && k->mine);
    /* taken back: gone from the other's list */
    assert_int_equal(rb_ui_lobby_unseek(c[0].lobby, id, err, sizeof err), 0);
    wait_for(c, 2, &c[0], RB_UI_LOBBY_EV_UNSEEKED);
    until = rb_util_now_ms() + 5000;
    while (listed(&c[1], id, NULL) && rb_util_now_ms() < until) {
        pump(c, 2, 10);
    }
    assert_false(listed(&c[1], id, NULL));

    /* a challenge by name, declined: the challenger hears of it */
    assert_int_equal(rb_ui_lobby_challenge(c[0].lobby, "erin", 3, 2, false, 0, err, sizeof err), 0);
    rb_ui_lobby_event *e = wait_for(c, 2, &c[1], RB_UI_LOBBY_EV_CHALLENGE);
    assert_string_equal(e->name, "dave");
    assert_string_equal(e->tc, "3+2");
    assert_false(e->rated);
    assert_int_equal(e->color, 0);
    int64_t ch = e->id;
    assert_false(listed(&c[1], ch, NULL)); /* a challenge is not in the public list */
    assert_int_equal(rb_ui_lobby_decline(c[1].lobby, ch, err, sizeof err), 0);
    assert_int_equal(wait_for(c, 2, &c[0], RB_UI_LOBBY_EV_UNSEEKED)->id, ch);

    /* one to nobody is refused with the server's words */
    assert_int_equal(rb_ui_lobby_challenge(c[0].lobby, "nobody", 3, 2, false, -1, err, sizeof err), 0);
    e = wait_for(c, 2, &c[0], RB_UI_LOBBY_EV_REFUSED);
    assert_string_equal(e->what, "challenge");
    assert_non_null(strstr(e->text, "nobody"));

    /* and one accepted: a game, the challenger with the colour asked */
    assert_int_equal(rb_ui_lobby_challenge(c[0].lobby, "erin", 3, 2, false, 1, err, sizeof err), 0);
    ch = wait_for(c, 2, &c[1], RB_UI_LOBBY_EV_CHALLENGE)->id;
    assert_int_equal(rb_ui_lobby_accept(c[1].lobby, ch, err, sizeof err), 0);
    rb_ui_lobby_event g0 = *wait_for(c, 2, &c[0], RB_UI_LOBBY_EV_GAME);
    rb_ui_lobby_event g1 = *wait_for(c, 2, &c[1], RB_UI_LOBBY_EV_GAME);
    assert_int_equal(g0.game, g1.game);
    assert_int_equal(g0.color, 1);
    assert_int_equal(g1.color, 0);
    assert_string_equal(g0.name, "erin");
    assert_string_equal(g1.name, "dave");
    assert_false(g0.rated);
    assert_string_not_equal(g0.code, g1.code); /* each seat its own token */
    rb_ui_lobby_free(c[0].lobby);
    rb_ui_lobby_free(c[1].lobby);
}

/* Both links polled until cond holds for both, failing after 15 s. */
static void play_until(rb_ui_net_link **links, bool (*cond)(rb_ui_net_link *), client *lobbies)
{
    int64_t until = rb_util_now_ms() + 15000;
    while (!(cond(links[0]) && cond(links[1]))) {
        for (int i = 0; i < 2; i++) {
            rb_ui_net_link_poll(links[i], rb_util_now_ms());
            rb_net_event ev;
            while (rb_ui_net_link_next(links[i], &ev)) {
            }
        }
        pump(lobbies, 2, 2);
        if (rb_util_now_ms() > until) {
            fail_msg("the game did not get there: %s / %s", rb_ui_net_link_error(links[0]),
                     rb_ui_net_link_error(links[1]));
        }
    }
}

static bool started(rb_ui_net_link *l)
{
    return rb_net_peer_started(rb_ui_net_link_cpeer(l));
}

static bool over(rb_ui_net_link *l)
{
    return rb_net_peer_over(rb_ui_net_link_cpeer(l));
}

static size_t want_plies;
static bool has_plies(rb_ui_net_link *l)
{
    return rb_net_peer_game(rb_ui_net_link_cpeer(l))->length >= want_plies;
}

static void a_rated_game_through_the_server(void **state)
{
    (void)state;
    client c[2];
    client_open(&c[0], &server);
    client_open(&c[1], &server);
    sign_in(c, 2, &c[0], "alice", "alice-secret", true);
    sign_in(c, 2, &c[1], "bob", "bob-secret", true);
    char err[400];
    assert_int_equal(rb_ui_lobby_seek(c[0].lobby, 2, 1, true, 0, err, sizeof err), 0);
    int64_t id = wait_for(c, 2, &c[0], RB_UI_LOBBY_EV_SEEKING)->id;
    int64_t until = rb_util_now_ms() + 5000;
    while (!listed(&c[1], id, NULL) && rb_util_now_ms() < until) {
        pump(c, 2, 10);
    }
    assert_int_equal(rb_ui_lobby_accept(c[1].lobby, id, err, sizeof err), 0);
    rb_ui_lobby_event g[2];
    rb_ui_lobby_event r[2];
    for (int i = 0; i < 2; i++) {
        g[i] = *wait_for(c, 2, &c[i], RB_UI_LOBBY_EV_GAME);
        r[i] = *wait_for(c, 2, &c[i], RB_UI_LOBBY_EV_RATINGS);
        assert_true(g[i].rated);
        assert_int_equal(r[i].game, g[i].game);
        assert_false(r[i].has_diff);
        assert_int_equal(r[i].elo[0], 1500);
        assert_int_equal(r[i].elo[1], 1500);
    }
    assert_int_equal(g[0].color, RB_WHITE); /* alice asked for White */
    assert_false(listed(&c[1], id, NULL));  /* a seek taken leaves the list */

    /* the game is played by the link of direct play, over TLS */
    rb_ui_net_link *links[2];
    for (int i = 0; i < 2; i++) {
        links[i] = rb_ui_net_link_join_server(g[i].code, i == 0 ? "alice" : "bob", "rollerball/test", 0, true, err,
                                              sizeof err);
        if (links[i] == NULL) {
            fail_msg("cannot join: %s", err);
        }
    }
    play_until(links, started, c);
    assert_int_equal(rb_net_peer_color(rb_ui_net_link_cpeer(links[0])), RB_WHITE);
    assert_string_equal(rb_net_peer_name(rb_ui_net_link_cpeer(links[0]), RB_BLACK), "bob");
    /* the clock is the seek's */
    assert_in_range(rb_net_peer_clock(rb_ui_net_link_cpeer(links[0]), RB_BLACK, rb_util_now_ms()), 115000, 120000);
    for (int ply = 0; ply < 4; ply++) {
        rb_ui_net_link *mover = links[ply % 2];
        rb_movelist list;
        int n = rb_gen_legal(rb_game_pos(rb_net_peer_game(rb_ui_net_link_cpeer(mover))), &list);
        assert_true(n > 0);
        assert_int_equal(rb_net_peer_move(rb_ui_net_link_peer(mover), list.moves[0], rb_util_now_ms(), err, sizeof err),
                         0);
        want_plies = (size_t)ply + 1;
        play_until(links, has_plies, c);
    }
    /* a chat line passes through the server */
    assert_int_equal(rb_net_peer_chat(rb_ui_net_link_peer(links[1]), "good luck", rb_util_now_ms(), err, sizeof err),
                     0);
    assert_int_equal(rb_net_peer_resign(rb_ui_net_link_peer(links[0]), rb_util_now_ms(), err, sizeof err), 0);
    play_until(links, over, c);
    assert_int_equal(rb_game_result(rb_net_peer_game(rb_ui_net_link_cpeer(links[1]))), RB_RESULT_BLACK);

    /* both lobbies are told how the ratings moved */
    for (int i = 0; i < 2; i++) {
        rb_ui_lobby_event *e = wait_for(c, 2, &c[i], RB_UI_LOBBY_EV_RATINGS);
        assert_int_equal(e->game, g[i].game);
        assert_true(e->has_diff);
        assert_int_equal(e->elo[0], 1500);
        assert_true(e->diff[RB_WHITE] < 0);
        assert_true(e->diff[RB_BLACK] > 0);
        assert_int_equal(e->diff[RB_WHITE], -e->diff[RB_BLACK]);
    }
    for (int i = 0; i < 2; i++) {
        rb_ui_net_link_free(links[i], true);
        rb_ui_lobby_free(c[i].lobby);
    }

    /* the database holds the game with its ratings */
    char *pgn = online_server_export(&server);
    assert_non_null(pgn);
    assert_non_null(strstr(pgn, "[White \"alice\"]"));
    assert_non_null(strstr(pgn, "[Black \"bob\"]"));
    assert_non_null(strstr(pgn, "[Event \"Rated game\"]"));
    assert_non_null(strstr(pgn, "[Result \"0-1\"]"));
    assert_non_null(strstr(pgn, "[WhiteRatingDiff \"-"));
    assert_non_null(strstr(pgn, "[BlackRatingDiff \"+"));
    free(pgn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mistakes_are_named),
        cmocka_unit_test(a_changed_key_is_refused_loudly),
        cmocka_unit_test(seeks_and_challenges_come_and_go),
        cmocka_unit_test(a_rated_game_through_the_server),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
