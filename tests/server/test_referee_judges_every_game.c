/*
 * test_referee_judges_every_game.c - the server as referee: a move that is
 * not legal is refused and the game goes on, a player who comes late is
 * given the moves made, a whole game between two players ends the same on
 * both sides and is kept (its PGN exported), a resignation and an agreed
 * draw reach the other player, and a player who stays away past the grace
 * loses, and a rated game is exported with its players' ratings; a
 * failed commit answers nothing, the time the server was down is charged
 * to nobody, a rematch is passed between the players, and moves from
 * outside a game or after its end go nowhere.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sqlite3.h>

#include "rb_board.h"
#include "rb_notation.h"
#include "server_client.h"

static void hello(client *c, const char *token)
{
    char hex[17];
    rb_net_hex64(rb_net_rules_fingerprint(), hex);
    cl_say(c, "hello proto=1 program=test rules=%s name=Impostor token=%s", hex, token);
}

static void an_illegal_move_is_refused_and_the_game_goes_on(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    rb_server *sv = server_start(&s);
    char tokens[2][64], line[4096];
    long long id;
    assert_true(meet(sv, "3+2", tokens, &id));
    client w, b;
    cl_open(&w, sv);
    hello(&w, tokens[0]);
    assert_true(cl_wait(sv, &w, "welcome ", line, sizeof line));
    assert_non_null(strstr(line, "you=white"));
    assert_non_null(strstr(line, "tc=180000+2000"));
    /* a rook that cannot move yet, and a pawn's move with a wrong fingerprint */
    cl_say(&w, "move 1 0 e1e3 0000000000000000 180000");
    assert_true(cl_wait(sv, &w, "refuse ", line, sizeof line));
    rb_pos start, after;
    rb_pos_start(&start);
    rb_move m;
    char err[200], fp[17];
    assert_int_equal(rb_move_parse_coord(&start, "c2b3", &m, err, sizeof err), 0);
    rb_pos_make(&start, m, &after);
    rb_net_hex64(after.key, fp);
    cl_say(&w, "move 2 0 c2b3 %s 181000", fp);
    assert_true(cl_wait(sv, &w, "ack 2", line, sizeof line));
    /* Black comes late, under another name: the server gives the move, and
     * the record has the account's name, not the one the hello said */
    cl_open(&b, sv);
    hello(&b, tokens[1]);
    assert_true(cl_wait(sv, &b, "welcome ", line, sizeof line));
    assert_non_null(strstr(line, "you=black"));
    assert_non_null(strstr(line, "name=Guest-"));
    assert_true(cl_wait(sv, &b, "move ", line, sizeof line));
    assert_non_null(strstr(line, " 0 c2b3 "));
    /* a stranger's token gets nowhere */
    client x;
    cl_open(&x, sv);
    hello(&x, "0123456789abcdef0123456789abcdef");
    assert_true(cl_wait(sv, &x, "bye game", line, sizeof line));
    cl_close(&w);
    cl_close(&b);
    cl_close(&x);
    server_stop(sv);
}

/* Plays the first legal move for whoever is to move until the game ends or
 * max plies are played; returns the plies played. */
static int play_out(rb_server *sv, player *p[2], int max)
{
    int plies = 0;
    int64_t until = rb_util_now_ms() + 8000;
    while (plies < max && rb_util_now_ms() < until) {
        run_for(sv, p[0], p[1], 2);
        if (rb_net_peer_over(p[0]->peer) || rb_net_peer_over(p[1]->peer)) {
            break;
        }
        for (int c = 0; c < 2; c++) {
            const rb_game *g = rb_net_peer_game(p[c]->peer);
            if (g == NULL || rb_game_pos(g)->side != c) {
                continue;
            }
            const rb_game *o = rb_net_peer_game(p[1 - c]->peer);
            if (o == NULL || o->length != g->length) {
                continue; /* the last move is still on its way */
            }
            rb_movelist list;
            rb_gen_legal(rb_game_pos(g), &list);
            char err[200];
            if (list.count > 0 && rb_net_peer_move(p[c]->peer, list.moves[(g->length * 7) % list.count],
                                                   rb_util_now_ms(), err, sizeof err) == 0) {
                plies++;
            }
        }
    }
    run_for(sv, p[0], p[1], 200); /* the last move reaches the other side */
    return plies;
}

static void join_both_as(rb_server *sv, player *w, player *b, const char *const names[2], const char *tc,
                         const char *kind)
{
    char tokens[2][64];
    long long id;
    assert_true(meet_as(sv, names, tc, kind, tokens, &id));
    assert_true(player_join(w, sv, tokens[0], "W"));
    assert_true(player_join(b, sv, tokens[1], "B"));
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (!(rb_net_peer_started(w->peer) && rb_net_peer_started(b->peer)) && rb_util_now_ms() < until) {
        run_for(sv, w, b, 5);
    }
    assert_true(rb_net_peer_started(w->peer) && rb_net_peer_started(b->peer));
}

static void join_both(rb_server *sv, player *w, player *b, const char *tc)
{
    join_both_as(sv, w, b, NULL, tc, "casual");
}

/* The fixture of most games here: a server with the fast settings, and two
 * guests in a casual game of tc, both seats taken. */
static rb_server *game_up(player *w, player *b, const char *tc)
{
    rb_server_settings s;
    fast_settings(&s);
    rb_server *sv = server_start(&s);
    assert_non_null(sv);
    join_both(sv, w, b, tc);
    return sv;
}

static void export_text(char *text, size_t size)
{
    char err[400];
    FILE *f = tmpfile();
    assert_true(rb_server_export_pgn(test_dir, f, err, sizeof err) >= 1);
    rewind(f);
    size_t n = fread(text, 1, size - 1, f);
    text[n] = '\0';
    fclose(f);
}

static void a_whole_game_ends_alike_and_is_kept(void **state)
{
    (void)state;
    player w, b;
    rb_server *sv = game_up(&w, &b, "10+0");
    player *p[2] = {&w, &b};
    play_out(sv, p, 600);
    if (!rb_net_peer_over(w.peer)) { /* a long game: White resigns it */
        char err[200];
        rb_net_peer_resign(w.peer, rb_util_now_ms(), err, sizeof err);
    }
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (!(rb_net_peer_over(w.peer) && rb_net_peer_over(b.peer)) && rb_util_now_ms() < until) {
        run_for(sv, &w, &b, 5);
    }
    char rw[96], rbk[96];
    rb_net_peer_result_text(w.peer, rw, sizeof rw);
    rb_net_peer_result_text(b.peer, rbk, sizeof rbk);
    assert_true(rb_net_peer_over(b.peer));
    assert_string_equal(rw, rbk);
    assert_int_equal(rb_net_peer_game(w.peer)->length, rb_net_peer_game(b.peer)->length);
    run_for(sv, &w, &b, 50);
    /* the export has it, with the result and the guests' names */
    char text[1 << 16];
    export_text(text, sizeof text);
    char tag[140];
    snprintf(tag, sizeof tag, "[Result \"%.*s\"]", (int)strcspn(rw, " "), rw);
    assert_non_null(strstr(text, tag));
    assert_non_null(strstr(text, "[White \"Guest-"));
    assert_non_null(strstr(text, "[Event \"Casual game\"]"));
    player_free(&w);
    player_free(&b);
    server_stop(sv);
}

static void a_resignation_and_a_draw_reach_the_other_player(void **state)
{
    (void)state;
    player w, b;
    rb_server *sv = game_up(&w, &b, "5+0");
    player *p[2] = {&w, &b};
    assert_int_equal(play_out(sv, p, 4), 4);
    char err[200];
    assert_int_equal(rb_net_peer_resign(b.peer, rb_util_now_ms(), err, sizeof err), 0);
    run_for(sv, &w, &b, 200);
    assert_true(rb_net_peer_over(w.peer));
    assert_int_equal(rb_game_result(rb_net_peer_game(w.peer)), RB_RESULT_WHITE);
    player_free(&w);
    player_free(&b);

    join_both(sv, &w, &b, "5+0");
    assert_int_equal(play_out(sv, p, 2), 2);
    assert_int_equal(rb_net_peer_offer(w.peer, RB_OFFER_DRAW, rb_util_now_ms(), err, sizeof err), 0);
    run_for(sv, &w, &b, 200);
    rb_net_offer kind;
    assert_true(rb_net_peer_their_offer(b.peer, &kind));
    assert_int_equal(kind, RB_OFFER_DRAW);
    assert_int_equal(rb_net_peer_answer(b.peer, true, rb_util_now_ms(), err, sizeof err), 0);
    run_for(sv, &w, &b, 300);
    assert_true(rb_net_peer_over(w.peer) && rb_net_peer_over(b.peer));
    assert_int_equal(rb_game_result(rb_net_peer_game(w.peer)), RB_RESULT_DRAW);
    assert_int_equal(rb_game_result(rb_net_peer_game(b.peer)), RB_RESULT_DRAW);
    player_free(&w);
    player_free(&b);
    server_stop(sv);
}

static void a_player_away_past_the_grace_loses(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    s.grace_seconds = 1;
    rb_server *sv = server_start(&s);
    player w, b;
    join_both(sv, &w, &b, "5+0");
    player *p[2] = {&w, &b};
    assert_int_equal(play_out(sv, p, 4), 4);
    close(b.fd); /* Black's line goes, and Black does not come back */
    b.fd = -1;
    run_for(sv, &w, NULL, 1600);
    assert_true(rb_net_peer_over(w.peer));
    assert_int_equal(rb_game_result(rb_net_peer_game(w.peer)), RB_RESULT_WHITE);
    player_free(&w);
    player_free(&b);
    server_stop(sv);
}

static void a_rated_game_is_exported_with_its_ratings(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    rb_server *sv = server_start(&s);
    player w, b;
    const char *const names[2] = {"Dora", "Emil"};
    join_both_as(sv, &w, &b, names, "3+0", "rated");
    player *p[2] = {&w, &b};
    assert_int_equal(play_out(sv, p, 2), 2);
    char err[200];
    assert_int_equal(rb_net_peer_resign(w.peer, rb_util_now_ms(), err, sizeof err), 0); /* White resigns */
    run_for(sv, &w, &b, 300);
    char text[1 << 16];
    export_text(text, sizeof text);
    /* two new players: both start at 1500, and the winner gains what the loser loses */
    assert_non_null(strstr(text, "[WhiteElo \"1500\"]"));
    assert_non_null(strstr(text, "[BlackElo \"1500\"]"));
    const char *wd = strstr(text, "[WhiteRatingDiff \"-");
    const char *bd = strstr(text, "[BlackRatingDiff \"+");
    assert_non_null(wd);
    assert_non_null(bd);
    assert_int_equal(atoi(wd + strlen("[WhiteRatingDiff \"")), -atoi(bd + strlen("[BlackRatingDiff \"+")));
    assert_non_null(strstr(text, "[Event \"Rated game\"]"));
    assert_non_null(strstr(text, "[Result \"0-1\"]"));
    player_free(&w);
    player_free(&b);
    server_stop(sv);
}

/* A player whose line dropped connects again, as a program would. */
static void player_redial(player *p, rb_server *sv)
{
    if (p->fd >= 0) {
        close(p->fd);
        rb_net_peer_disconnected(p->peer, rb_util_now_ms());
    }
    p->fd = dial(rb_server_port(sv));
    rb_server_step(sv, 0);
    rb_net_peer_connected(p->peer, rb_util_now_ms());
}

static bool saw_event(player *p, rb_net_event_type type, const char *text)
{
    rb_net_event e;
    bool seen = false;
    while (rb_net_peer_poll(p->peer, &e)) {
        seen = seen || (e.type == type && (text == NULL || strstr(e.text, text) != NULL));
    }
    return seen;
}

static long long stored_moves(void)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s", test_dir, RB_SERVER_DB);
    sqlite3 *db;
    sqlite3_stmt *q;
    long long n = -1;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM moves", -1, &q, NULL) == SQLITE_OK) {
        if (sqlite3_step(q) == SQLITE_ROW) {
            n = sqlite3_column_int64(q, 0);
        }
        sqlite3_finalize(q);
    }
    sqlite3_close(db);
    return n;
}

/* The round's commit fails (as on a full disk): the move it held is not
 * acknowledged or passed on, the players are told and their lines closed,
 * the database and the game stay as at the last commit, and once the disk
 * is back the players come again and the move goes through. A lobby
 * request answered in such a round is not kept either. */
static void a_failed_commit_answers_nothing(void **state)
{
    (void)state;
    player w, b;
    rb_server *sv = game_up(&w, &b, "5+0");
    player *p[2] = {&w, &b};
    assert_int_equal(play_out(sv, p, 2), 2);
    assert_int_equal(stored_moves(), 2);
    saw_event(&w, RB_NET_EV_PEER_ERROR, NULL);

    rb_server_fail_commits(sv, 1);
    const rb_game *g = rb_net_peer_game(w.peer);
    rb_movelist list;
    rb_gen_legal(rb_game_pos(g), &list);
    char err[200];
    assert_int_equal(rb_net_peer_move(w.peer, list.moves[0], rb_util_now_ms(), err, sizeof err), 0);
    run_for(sv, &w, &b, 300);
    assert_int_equal(rb_net_peer_game(b.peer)->length, 2); /* not passed on */
    assert_true(saw_event(&w, RB_NET_EV_PEER_ERROR, "could not save"));
    assert_int_equal(w.fd, -1); /* closed */
    assert_int_equal(b.fd, -1);
    assert_int_equal(stored_moves(), 2);

    /* the disk is back: both come again, and White's move, resent, goes through */
    player_redial(&w, sv);
    player_redial(&b, sv);
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (rb_net_peer_game(b.peer)->length < 3 && rb_util_now_ms() < until) {
        run_for(sv, &w, &b, 5);
    }
    assert_int_equal(rb_net_peer_game(b.peer)->length, 3);
    assert_int_equal(stored_moves(), 3);
    player_free(&w);
    player_free(&b);

    /* a registration answered in a failed round: told, and not kept */
    client c;
    char line[4096];
    cl_open(&c, sv);
    cl_greet(sv, &c);
    rb_server_fail_commits(sv, 1);
    cl_say(&c, "register Hugo secret-1");
    assert_true(cl_wait(sv, &c, "error the server could not save", line, sizeof line));
    assert_true(cl_closed(sv, &c));
    cl_close(&c);
    cl_open(&c, sv);
    cl_greet(sv, &c);
    cl_say(&c, "register Hugo secret-1");
    assert_true(cl_wait(sv, &c, "ok register Hugo ", line, sizeof line));
    cl_close(&c);
    server_stop(sv);
}

/* The server dies (kill -9) while White thinks and is away for 2 s: when
 * it comes back, White's clock is as it was at the last committed move,
 * not 2 s less, on the server's seat and in what White's program is told. */
static void the_time_the_server_was_down_is_not_charged(void **state)
{
    (void)state;
    player w, b;
    rb_server *sv = game_up(&w, &b, "5+0");
    player *p[2] = {&w, &b};
    assert_int_equal(play_out(sv, p, 2), 2); /* White to move */
    run_for(sv, &w, &b, 300);                /* White thinks a little */
    rb_server_crash(sv);
    int64_t down_at = rb_util_now_ms();
    run_for(NULL, &w, &b, 2000); /* the players' programs notice, and wait */
    char err[400];
    rb_server_settings s;
    fast_settings(&s);
    sv = rb_server_open(test_dir, &s, err, sizeof err);
    assert_non_null(sv);
    int64_t down_ms = rb_util_now_ms() - down_at;
    assert_true(down_ms >= 2000);
    player_redial(&w, sv);
    player_redial(&b, sv);
    run_for(sv, &w, &b, 500);
    /* White's program has the server's clock again: less than a second of
     * White's thinking gone, not the 2 s the server was away */
    const rb_net_clock *cw = rb_net_peer_clocks(w.peer);
    assert_int_equal(cw->running, 0);
    int64_t left = rb_net_clock_left(cw, 0, rb_util_now_ms());
    assert_true(left > 300000 - 1500);
    /* and the server's seat agrees: White's move carries that clock */
    const rb_game *g = rb_net_peer_game(w.peer);
    rb_movelist list;
    rb_gen_legal(rb_game_pos(g), &list);
    assert_int_equal(rb_net_peer_move(w.peer, list.moves[0], rb_util_now_ms(), err, sizeof err), 0);
    int64_t until = rb_util_now_ms() + WAIT_MS;
    while (rb_net_peer_game(b.peer)->length < 3 && rb_util_now_ms() < until) {
        run_for(sv, &w, &b, 5);
    }
    assert_int_equal(rb_net_peer_game(b.peer)->length, 3);
    const rb_annotation *a = rb_game_annotation(rb_net_peer_game(b.peer), 2);
    assert_non_null(a);
    assert_true(a->clock_ms > 300000 - 1500);
    player_free(&w);
    player_free(&b);
    server_stop(sv);
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *at = strstr(text, what); at != NULL; at = strstr(at + 1, what)) {
        n++;
    }
    return n;
}

/* Runs until cond holds for both players, or the wait is over. */
#define RUN_UNTIL(sv, w, b, cond)                                                                                      \
    do {                                                                                                               \
        int64_t until_ = rb_util_now_ms() + WAIT_MS;                                                                   \
        while (!(cond) && rb_util_now_ms() < until_) {                                                                 \
            run_for(sv, w, b, 5);                                                                                      \
        }                                                                                                              \
    } while (0)

/* After a rated game either player may offer a rematch: accepted, a new
 * rated game with the same time control begins on the same connections,
 * colours swapped, and is kept and rated as a game of its own; declined,
 * nothing begins; and an offer lapses when the other player leaves. */
static void a_rematch_is_offered_accepted_declined_and_lapses(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    rb_server *sv = server_start(&s);
    player w, b;
    const char *const names[2] = {"Ines", "Jan"};
    join_both_as(sv, &w, &b, names, "3+0", "rated");
    player *p[2] = {&w, &b};
    assert_int_equal(play_out(sv, p, 2), 2);
    char err[200];
    assert_int_equal(rb_net_peer_resign(w.peer, rb_util_now_ms(), err, sizeof err), 0);
    RUN_UNTIL(sv, &w, &b, rb_net_peer_over(b.peer));
    assert_true(rb_net_peer_over(b.peer));

    /* Black (Jan) offers, White (Ines) accepts */
    assert_int_equal(rb_net_peer_offer(b.peer, RB_OFFER_REMATCH, rb_util_now_ms(), err, sizeof err), 0);
    rb_net_offer kind;
    RUN_UNTIL(sv, &w, &b, rb_net_peer_their_offer(w.peer, &kind));
    assert_true(rb_net_peer_their_offer(w.peer, &kind));
    assert_int_equal(kind, RB_OFFER_REMATCH);
    assert_int_equal(rb_net_peer_answer(w.peer, true, rb_util_now_ms(), err, sizeof err), 0);
    RUN_UNTIL(sv, &w, &b, !rb_net_peer_over(w.peer) && !rb_net_peer_over(b.peer));
    assert_false(rb_net_peer_over(w.peer));
    assert_false(rb_net_peer_over(b.peer));
    assert_int_equal(rb_net_peer_color(w.peer), RB_BLACK); /* colours swapped */
    assert_int_equal(rb_net_peer_color(b.peer), RB_WHITE);
    assert_int_equal(rb_net_peer_clocks(b.peer)->left[RB_WHITE], 180000); /* the same time control */
    player *q[2] = {&b, &w};
    assert_int_equal(play_out(sv, q, 2), 2);
    assert_int_equal(rb_net_peer_game(w.peer)->length, 2);
    assert_int_equal(rb_net_peer_resign(b.peer, rb_util_now_ms(), err, sizeof err), 0); /* Jan, White now */
    RUN_UNTIL(sv, &w, &b, rb_net_peer_over(w.peer));
    run_for(sv, &w, &b, 100);
    char text[1 << 16];
    export_text(text, sizeof text);
    assert_int_equal(count(text, "[Event \"Rated game\"]"), 2);
    const char *second = strstr(text, "[GameId \"2\"]");
    assert_non_null(second);
    assert_non_null(strstr(text, "[White \"Jan\"]"));
    assert_int_equal(count(text, "[WhiteRatingDiff "), 2); /* both games rated */
    assert_int_equal(count(text, "[Result \"0-1\"]"), 2);

    /* declined: nothing begins */
    assert_int_equal(rb_net_peer_offer(w.peer, RB_OFFER_REMATCH, rb_util_now_ms(), err, sizeof err), 0);
    RUN_UNTIL(sv, &w, &b, rb_net_peer_their_offer(b.peer, &kind));
    assert_int_equal(rb_net_peer_answer(b.peer, false, rb_util_now_ms(), err, sizeof err), 0);
    RUN_UNTIL(sv, &w, &b, !rb_net_peer_my_offer(w.peer, &kind));
    assert_false(rb_net_peer_my_offer(w.peer, &kind));
    assert_true(rb_net_peer_over(w.peer) && rb_net_peer_over(b.peer));

    /* lapses: Ines offers and Jan leaves */
    assert_int_equal(rb_net_peer_offer(w.peer, RB_OFFER_REMATCH, rb_util_now_ms(), err, sizeof err), 0);
    RUN_UNTIL(sv, &w, &b, rb_net_peer_their_offer(b.peer, &kind));
    close(b.fd);
    b.fd = -1;
    RUN_UNTIL(sv, &w, NULL, !rb_net_peer_my_offer(w.peer, &kind));
    assert_false(rb_net_peer_my_offer(w.peer, &kind));
    assert_true(rb_net_peer_over(w.peer));
    /* and an offer to someone not there is declined at once */
    assert_int_equal(rb_net_peer_offer(w.peer, RB_OFFER_REMATCH, rb_util_now_ms(), err, sizeof err), 0);
    RUN_UNTIL(sv, &w, NULL, !rb_net_peer_my_offer(w.peer, &kind));
    assert_false(rb_net_peer_my_offer(w.peer, &kind));
    player_free(&w);
    player_free(&b);
    server_stop(sv);
}

/* Moves from where none may come: a lobby connection (a watcher, say), the
 * player not to move, and a player after the game ended. None reaches the
 * record, the database or the other player. */
static void a_move_from_outside_the_game_or_after_it_goes_nowhere(void **state)
{
    (void)state;
    rb_server_settings s;
    fast_settings(&s);
    rb_server *sv = server_start(&s);
    char tokens[2][64], line[4096];
    long long id;
    assert_true(meet(sv, "3+2", tokens, &id));
    client w, b, x;
    cl_open(&w, sv);
    cl_open(&b, sv);
    hello(&w, tokens[0]);
    hello(&b, tokens[1]);
    assert_true(cl_wait(sv, &w, "welcome ", line, sizeof line));
    assert_true(cl_wait(sv, &b, "welcome ", line, sizeof line));
    rb_pos start, after;
    rb_pos_start(&start);
    rb_move m;
    char err[200], fp[17];
    assert_int_equal(rb_move_parse_coord(&start, "c2b3", &m, err, sizeof err), 0);
    rb_pos_make(&start, m, &after);
    rb_net_hex64(after.key, fp);

    /* a watcher in the lobby says a move: the lobby does not know the word */
    cl_open(&x, sv);
    cl_greet(sv, &x);
    cl_say(&x, "guest");
    assert_true(cl_wait(sv, &x, "ok guest", line, sizeof line));
    cl_say(&x, "watch %lld", id);
    assert_true(cl_wait(sv, &x, "ok watch", line, sizeof line));
    cl_say(&x, "move 1 0 c2b3 %s 180000", fp);
    assert_true(cl_wait(sv, &x, "error unknown message 'move'", line, sizeof line));
    /* Black moves White's pawn: refused */
    cl_say(&b, "move 1 0 c2b3 %s 180000", fp);
    assert_true(cl_wait(sv, &b, "refuse ", line, sizeof line));
    assert_int_equal(stored_moves(), 0);

    /* White moves, then resigns; a move after that is not played */
    cl_say(&w, "move 1 0 c2b3 %s 180000", fp);
    assert_true(cl_wait(sv, &w, "ack 1", line, sizeof line));
    assert_true(cl_wait(sv, &x, "moved ", line, sizeof line)); /* the watcher sees the real one */
    cl_say(&w, "resign 2 1");
    assert_true(cl_wait(sv, &w, "ack 2", line, sizeof line));
    assert_true(cl_wait(sv, &b, "resign ", line, sizeof line));
    assert_true(cl_wait(sv, &x, "ended ", line, sizeof line));
    rb_pos next;
    assert_int_equal(rb_move_parse_coord(&after, "e6f5", &m, err, sizeof err), 0);
    rb_pos_make(&after, m, &next);
    rb_net_hex64(next.key, fp);
    cl_say(&b, "move 2 1 e6f5 %s 180000", fp); /* Black's, after the end */
    cl_say(&w, "move 3 1 e6f5 %s 180000", fp); /* and White's for Black */
    for (int i = 0; i < 50; i++) {
        rb_server_step(sv, 2);
    }
    assert_int_equal(stored_moves(), 1);
    cl_read(&w);
    w.buf[w.len] = '\0';
    assert_null(strstr(w.buf, " e6f5 "));
    cl_read(&x);
    x.buf[x.len] = '\0';
    assert_null(strstr(x.buf, " e6f5 "));
    cl_close(&w);
    cl_close(&b);
    cl_close(&x);
    server_stop(sv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_illegal_move_is_refused_and_the_game_goes_on),
        cmocka_unit_test(a_whole_game_ends_alike_and_is_kept),
        cmocka_unit_test(a_resignation_and_a_draw_reach_the_other_player),
        cmocka_unit_test(a_player_away_past_the_grace_loses),
        cmocka_unit_test(a_rated_game_is_exported_with_its_ratings),
        cmocka_unit_test(a_failed_commit_answers_nothing),
        cmocka_unit_test(the_time_the_server_was_down_is_not_charged),
        cmocka_unit_test(a_rematch_is_offered_accepted_declined_and_lapses),
        cmocka_unit_test(a_move_from_outside_the_game_or_after_it_goes_nowhere),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
