/*
 * test_net_peer.c - one network game's two sides over a socketpair on a
 * test clock: the handshake and its refusals, a whole game, every offer,
 * chat's limits, refused moves and the resync from the host's record,
 * duplicated and garbled lines, and the lag credit on the host's clock.
 */
#include "support.h"

#include "net_pair.h"
#include "rb_net_text.h"
#include "rb_util_random.h"

static void handshake_tells_each_side_the_other_and_the_settings(void **state)
{
    (void)state;
    rb_net_config h, j;
    pair_configs(&h, &j);
    h.host_color = RB_BLACK;
    snprintf(h.start, sizeof h.start, "%s", "");
    pair pr;
    pair_open(&pr, &h, &j);
    pair_flow(&pr);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 0, RB_NET_EV_STARTED, &ev));
    assert_true(pair_event(&pr, 1, RB_NET_EV_STARTED, &ev));
    assert_true(rb_net_peer_connected_now(pr.side[0]));
    assert_true(rb_net_peer_connected_now(pr.side[1]));
    assert_int_equal(rb_net_peer_color(pr.side[0]), RB_BLACK);
    assert_int_equal(rb_net_peer_color(pr.side[1]), RB_WHITE);
    assert_string_equal(rb_net_peer_name(pr.side[1], RB_BLACK), "Alice");
    assert_string_equal(rb_net_peer_name(pr.side[0], RB_WHITE), "Bob");
    assert_int_equal(rb_net_peer_clock(pr.side[1], RB_WHITE, pr.now), 300000);
    assert_true(rb_net_peer_game_token(pr.side[1]) == h.game_token);
    const rb_game *g = rb_net_peer_game(pr.side[1]);
    int64_t base, inc;
    assert_true(rb_game_time_control(g, &base, &inc));
    assert_int_equal(base, 300000);
    assert_int_equal(inc, 2000);
    pair_close(&pr);
}

static void another_protocol_version_is_refused_naming_both(void **state)
{
    (void)state;
    rb_net_config h, j;
    pair_configs(&h, &j);
    j.proto = 7;
    snprintf(j.program, sizeof j.program, "rollerball/9.0");
    snprintf(h.program, sizeof h.program, "rollerball/1.1.0");
    pair pr;
    pair_open(&pr, &h, &j);
    pair_flow(&pr);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 1, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "version");
    assert_non_null(strstr(ev.text, "version 7"));
    assert_non_null(strstr(ev.text, "rollerball/1.1.0"));
    assert_non_null(strstr(ev.text, "version 1"));
    assert_true(rb_net_peer_finished(pr.side[1]));
    assert_false(rb_net_peer_started(pr.side[0]));
    pair_close(&pr);
}

static void other_rules_are_refused_naming_both_fingerprints(void **state)
{
    (void)state;
    rb_net_config h, j;
    pair_configs(&h, &j);
    j.rules = 0x0123456789abcdefull;
    pair pr;
    pair_open(&pr, &h, &j);
    pair_flow(&pr);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 1, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "rules");
    assert_non_null(strstr(ev.text, "0123456789abcdef"));
    char mine[17];
    rb_net_hex64(rb_net_rules_fingerprint(), mine);
    assert_non_null(strstr(ev.text, mine));
    pair_close(&pr);
}

static void a_wrong_token_is_turned_away_and_the_host_waits_on(void **state)
{
    (void)state;
    rb_net_config h, j;
    pair_configs(&h, &j);
    snprintf(j.token, sizeof j.token, "ffffffffffffffffffffffffffffffff");
    pair pr;
    pair_open(&pr, &h, &j);
    pair_flow(&pr);
    rb_net_event ev = {0};
    assert_true(pair_event(&pr, 1, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "token");
    assert_false(rb_net_peer_finished(pr.side[0])); /* a stranger does not end the hosting */
    assert_false(rb_net_peer_started(pr.side[0]));
    pair_close(&pr);
}

/* Plays seeded random legal moves until the game ends or plies run out. */
static void random_moves(pair *pr, uint64_t seed, int plies)
{
    for (int i = 0; i < plies && !rb_net_peer_over(pr->side[0]); i++) {
        const rb_game *g = rb_net_peer_game(pr->side[0]);
        rb_movelist list;
        int n = rb_gen_legal(rb_game_pos(g), &list);
        assert_true(n > 0);
        char text[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(list.moves[rb_util_splitmix64(&seed) % (uint64_t)n], text);
        pr->now += 500;
        pair_play(pr, text);
    }
}

static void a_whole_game_ends_the_same_on_both_sides(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        rb_net_config h, j;
        pair_configs(&h, &j);
        pair pr;
        pair_open(&pr, &h, &j);
        pair_flow(&pr);
        random_moves(&pr, seed, 400);
        if (!rb_net_peer_over(pr.side[0])) {
            char err[200];
            assert_int_equal(rb_net_peer_offer(pr.side[0], RB_OFFER_DRAW, pr.now, err, sizeof err), 0);
            pair_flow(&pr);
            assert_int_equal(rb_net_peer_answer(pr.side[1], true, pr.now, err, sizeof err), 0);
            pair_flow(&pr);
        }
        assert_true(rb_net_peer_over(pr.side[0]));
        assert_true(rb_net_peer_over(pr.side[1]));
        assert_true(rb_net_peer_settled(pr.side[0]));
        assert_true(rb_net_peer_settled(pr.side[1]));
        pair_same_record(&pr);
        char a[64], b[64];
        rb_net_peer_result_text(pr.side[0], a, sizeof a);
        rb_net_peer_result_text(pr.side[1], b, sizeof b);
        assert_string_equal(a, b);
        pair_close(&pr);
    }
}

static void start(pair *pr)
{
    rb_net_config h, j;
    pair_configs(&h, &j);
    pair_open(pr, &h, &j);
    pair_flow(pr);
    pair_drain(pr);
}

/* The fixture of the tests of a game under way: the two sides with the
 * default settings, the handshake done and its events read, at ply 0. */
static int started(void **state)
{
    pair *pr = calloc(1, sizeof *pr);
    assert_non_null(pr);
    start(pr);
    *state = pr;
    return 0;
}

static int closed(void **state)
{
    pair_close(*state);
    free(*state);
    return 0;
}

/* Side i plays the first of its legal moves; what rb_net_peer_move says. */
static int first_legal_move(pair *pr, int i, char *err, size_t errlen)
{
    rb_movelist list;
    rb_gen_legal(rb_game_pos(rb_net_peer_game(pr->side[i])), &list);
    return rb_net_peer_move(pr->side[i], list.moves[0], pr->now, err, errlen);
}

static void a_draw_offer_is_accepted_or_declined(void **state)
{
    pair *pr = *state;
    char err[200];
    rb_net_event ev = {0};
    pair_play(pr, "c2b3");
    pair_drain(pr);
    assert_int_equal(rb_net_peer_offer(pr->side[1], RB_OFFER_DRAW, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_OFFER, &ev));
    assert_int_equal(ev.kind, RB_OFFER_DRAW);
    assert_int_equal(ev.ply, 1);
    assert_int_equal(rb_net_peer_answer(pr->side[0], false, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(pair_event(pr, 1, RB_NET_EV_ANSWER, &ev));
    assert_false(ev.yes);
    assert_false(rb_net_peer_over(pr->side[0]));
    assert_int_equal(rb_net_peer_offer(pr->side[1], RB_OFFER_DRAW, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_answer(pr->side[0], true, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(rb_net_peer_over(pr->side[0]));
    assert_true(rb_net_peer_over(pr->side[1]));
    assert_int_equal(rb_game_result(rb_net_peer_game(pr->side[1])), RB_RESULT_DRAW);
    pair_same_record(pr);
}

static void an_offer_lapses_when_a_move_is_played(void **state)
{
    pair *pr = *state;
    char err[200];
    rb_net_event ev = {0};
    /* White (the host) offers a draw, then moves before Black answers */
    assert_int_equal(rb_net_peer_offer(pr->side[0], RB_OFFER_DRAW, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(rb_net_peer_their_offer(pr->side[1], NULL));
    pair_play(pr, "c2b3");
    assert_false(rb_net_peer_their_offer(pr->side[1], NULL));
    assert_true(pair_event(pr, 1, RB_NET_EV_LAPSED, &ev));
    assert_int_equal(rb_net_peer_answer(pr->side[1], true, pr->now, err, sizeof err), -1);
    /* an answer that crosses the move stands for nothing */
    assert_int_equal(rb_net_peer_offer(pr->side[0], RB_OFFER_DRAW, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_answer(pr->side[1], true, pr->now, err, sizeof err), 0);
    pair_flow(pr); /* no move crossed it this time: the draw is agreed */
    assert_true(rb_net_peer_over(pr->side[0]));
    pair_same_record(pr);
}

static void an_answer_crossing_a_move_changes_nothing(void **state)
{
    pair *pr = *state;
    char err[200];
    pair_play(pr, "c2b3");
    /* Black (joiner) offers a draw at ply 1 and White answers yes, but
     * before the yes arrives Black has moved: the offer lapsed. */
    assert_int_equal(rb_net_peer_offer(pr->side[1], RB_OFFER_DRAW, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_answer(pr->side[0], true, pr->now, err, sizeof err), 0);
    /* White's answer is sent but Black moves first: deliver the joiner's
     * move before the host's answer by moving without flowing the host. */
    assert_int_equal(first_legal_move(pr, 1, err, sizeof err), 0);
    pair_flow(pr);
    assert_false(rb_net_peer_over(pr->side[0]));
    assert_false(rb_net_peer_over(pr->side[1]));
    assert_int_equal(rb_net_peer_game(pr->side[0])->ply, 2);
    pair_same_record(pr);
}

static void takebacks_of_one_ply_and_of_the_pair(void **state)
{
    pair *pr = *state;
    char err[200];
    pair_play(pr, "c2b3");
    pair_play(pr, "e6f5");
    pair_play(pr, "d2c2");
    assert_int_equal(rb_net_peer_game(pr->side[1])->ply, 3);
    assert_int_equal(rb_net_peer_offer(pr->side[0], RB_OFFER_TAKEBACK1, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_answer(pr->side[1], true, pr->now, err, sizeof err), 0);
    /* having said yes, Black does not move across the takeback */
    const rb_game *bg = rb_net_peer_game(pr->side[1]);
    assert_int_equal(rb_net_peer_move(pr->side[1], rb_test_move(rb_game_pos(bg), "f5f4"), pr->now, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "accepted"));
    pair_flow(pr);
    assert_int_equal(rb_net_peer_game(pr->side[0])->ply, 2);
    assert_int_equal(rb_net_peer_game(pr->side[1])->ply, 2);
    assert_int_equal(rb_net_peer_game(pr->side[1])->length, 2);
    assert_int_equal(rb_net_peer_offer(pr->side[1], RB_OFFER_TAKEBACK2, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_answer(pr->side[0], true, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_game(pr->side[0])->ply, 0);
    assert_int_equal(rb_net_peer_game(pr->side[1])->length, 0);
    /* play goes on from there */
    pair_play(pr, "c2b3");
    pair_same_record(pr);
    /* nothing to take back at ply 1 for a pair */
    assert_int_equal(rb_net_peer_offer(pr->side[0], RB_OFFER_TAKEBACK2, pr->now, err, sizeof err), -1);
}

static void abort_only_before_the_second_move(void **state)
{
    pair *pr = *state;
    char err[200];
    pair_play(pr, "c2b3");
    assert_int_equal(rb_net_peer_abort(pr->side[1], pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(rb_net_peer_aborted(pr->side[0]));
    assert_true(rb_net_peer_over(pr->side[0]));
    char text[64];
    rb_net_peer_result_text(pr->side[0], text, sizeof text);
    assert_string_equal(text, "* (aborted)");
    pair_close(pr);

    start(pr);
    pair_play(pr, "c2b3");
    pair_play(pr, "e6f5");
    assert_int_equal(rb_net_peer_abort(pr->side[0], pr->now, err, sizeof err), -1);
    assert_non_null(strstr(err, "second move"));
}

static void resignation_and_rematch_with_colours_swapped(void **state)
{
    pair *pr = *state;
    char err[200];
    rb_net_event ev = {0};
    pair_play(pr, "c2b3");
    assert_int_equal(rb_net_peer_resign(pr->side[1], pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(rb_net_peer_over(pr->side[0]));
    assert_int_equal(rb_game_result(rb_net_peer_game(pr->side[0])), RB_RESULT_WHITE);
    assert_int_equal(rb_game_ending(rb_net_peer_game(pr->side[0])), RB_END_RESIGNATION);
    pair_same_record(pr);
    pair_drain(pr);
    assert_int_equal(rb_net_peer_offer(pr->side[1], RB_OFFER_REMATCH, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_OFFER, &ev));
    assert_int_equal(ev.kind, RB_OFFER_REMATCH);
    assert_int_equal(rb_net_peer_answer(pr->side[0], true, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_color(pr->side[0]), RB_BLACK);
    assert_int_equal(rb_net_peer_color(pr->side[1]), RB_WHITE);
    assert_false(rb_net_peer_over(pr->side[0]));
    assert_string_equal(rb_net_peer_name(pr->side[0], RB_WHITE), "Bob");
    assert_string_equal(rb_game_tag(rb_net_peer_game(pr->side[1]), "Black"), "Alice");
    pair_play(pr, "c2b3");
    pair_same_record(pr);
}

static void a_resignation_crossing_a_move_leaves_the_same_record(void **state)
{
    pair *pr = *state;
    char err[200];
    pair_play(pr, "c2b3");
    /* White resigns at ply 1 while Black moves at ply 1: the messages cross. */
    assert_int_equal(rb_net_peer_resign(pr->side[0], pr->now, err, sizeof err), 0);
    assert_int_equal(first_legal_move(pr, 1, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(rb_net_peer_over(pr->side[1]));
    assert_int_equal(rb_net_peer_game(pr->side[1])->length, 1);
    pair_same_record(pr);
}

static void chat_is_cleaned_bounded_off_at_first_and_rate_limited(void **state)
{
    pair *pr = *state;
    char err[200];
    rb_net_event ev = {0};
    assert_int_equal(rb_net_peer_chat(pr->side[1], "hello", pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_CHAT_HIDDEN, NULL)); /* a new peer: off */
    rb_net_peer_set_chat_in(pr->side[0], true);
    char longer[600];
    memset(longer, 'x', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    longer[3] = '\x1b';
    longer[4] = '\n';
    assert_int_equal(rb_net_peer_chat(pr->side[1], longer, pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_CHAT, &ev));
    assert_int_equal(strlen(ev.text), RB_NET_TEXT_MAX);
    assert_int_equal(ev.text[3], '?');
    assert_int_equal(ev.text[4], '?');
    /* UTF-8 passes, broken UTF-8 does not */
    assert_int_equal(rb_net_peer_chat(pr->side[1], "gut gemacht \xc3\xbc \xff", pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_CHAT, &ev));
    assert_string_equal(ev.text, "gut gemacht \xc3\xbc ?");
    /* mute */
    rb_net_peer_set_chat_in(pr->side[0], false);
    assert_int_equal(rb_net_peer_chat(pr->side[1], "still there?", pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_false(pair_event(pr, 0, RB_NET_EV_CHAT, NULL));
    /* at most chat_per_minute lines a minute */
    int sent = 4;
    while (rb_net_peer_chat(pr->side[1], "spam", pr->now, err, sizeof err) == 0) {
        sent++;
        assert_true(sent <= 20);
    }
    assert_int_equal(sent, 20);
    assert_non_null(strstr(err, "minute"));
    pr->now += 61000;
    assert_int_equal(rb_net_peer_chat(pr->side[1], "again", pr->now, err, sizeof err), 0);
    assert_int_equal(rb_net_peer_chat(pr->side[1], "   ", pr->now, err, sizeof err), -1);
}

static void a_disagreeing_move_is_refused_and_the_joiner_takes_the_hosts_record(void **state)
{
    pair *pr = *state;
    rb_net_event ev = {0};
    pair_play(pr, "c2b3");
    pair_play(pr, "e6f5");
    /* Force a disagreement: behind the peer's back the joiner's record is
     * replaced by one with another first move, so the host's next move
     * arrives for a ply the joiner is not at. */
    rb_game *jg = (rb_game *)rb_net_peer_game(pr->side[1]);
    rb_game_undo(jg);
    rb_game_undo(jg);
    jg->length = jg->ply;
    rb_game_play(jg, rb_test_move(rb_game_pos(jg), "c2b2"));
    pair_play(pr, "d2c2"); /* the host plays White's 2nd move: ply 2 */
    pair_flow(pr);
    assert_true(pair_event(pr, 1, RB_NET_EV_RESYNCED, &ev));
    pair_same_record(pr);
    /* the game goes on */
    assert_int_equal(rb_net_peer_game(pr->side[1])->ply, 3);
    pair_play(pr, "f5f4");
    pair_same_record(pr);
}

/* Writes a raw line as side i. */
static void raw(pair *pr, int i, const char *line)
{
    assert_int_equal(write(pr->fd[i], line, strlen(line)), (ssize_t)strlen(line));
    pair_read(pr, 1 - i);
    pair_flow(pr);
}

static void a_peer_that_keeps_sending_bad_moves_is_sent_away(void **state)
{
    pair *pr = *state;
    rb_net_event ev = {0};
    pair_play(pr, "c2b3");
    raw(pr, 1, "move 1 1 a1a1 0000000000000000 300000\n");
    assert_true(pair_event(pr, 0, RB_NET_EV_REFUSED, &ev));
    assert_non_null(strstr(ev.text, "a1a1"));
    raw(pr, 1, "move 2 5 e6f5 0000000000000000 300000\n");
    assert_true(pair_event(pr, 0, RB_NET_EV_REFUSED, &ev));
    assert_non_null(strstr(ev.text, "ply 5"));
    raw(pr, 1, "move 3 1 e6f5 0000000000000000 300000\n");
    assert_true(pair_event(pr, 0, RB_NET_EV_BYE, &ev));
    assert_string_equal(ev.code, "badmoves");
    assert_non_null(strstr(ev.text, "fingerprint") == NULL ? strstr(ev.text, "position after") : ev.text);
    assert_true(rb_net_peer_finished(pr->side[0]));
}

/* The two sides with the default settings, connected, each line the host
 * sends going through fh and each the joiner sends through fj. */
static void open_with_faults(pair *pr, rb_net_fault *fh, rb_net_fault *fj)
{
    rb_net_config h, j;
    pair_configs(&h, &j);
    pair_open(pr, &h, &j);
    pr->fault[0] = fh;
    pr->fault[1] = fj;
}

static void duplicated_and_replayed_messages_are_harmless(void **state)
{
    (void)state;
    rb_net_fault fh, fj;
    rb_net_fault_init(&fh, 1);
    rb_net_fault_init(&fj, 2);
    fh.per_mille[RB_FAULT_DUP] = 500;
    fj.per_mille[RB_FAULT_DUP] = 500;
    fj.per_mille[RB_FAULT_SPLIT] = 300;
    pair pr;
    open_with_faults(&pr, &fh, &fj);
    pair_flow(&pr);
    random_moves(&pr, 99, 30);
    /* and an old move replayed by hand */
    raw(&pr, 1, "move 1 1 e6f5 0000000000000000 300000\n");
    pair_same_record(&pr);
    assert_int_equal(rb_net_peer_game(pr.side[1])->ply, 30);
    assert_true(fh.made[RB_FAULT_DUP] > 0);
    assert_true(fj.made[RB_FAULT_SPLIT] > 0);
    pair_close(&pr);
}

static void dropped_lines_are_resent(void **state)
{
    (void)state;
    rb_net_fault fh, fj;
    rb_net_fault_init(&fh, 3);
    rb_net_fault_init(&fj, 4);
    fh.per_mille[RB_FAULT_DROP] = 200;
    fj.per_mille[RB_FAULT_DROP] = 200;
    pair pr;
    open_with_faults(&pr, &fh, &fj);
    for (int i = 0; i < 20 && !rb_net_peer_started(pr.side[1]); i++) {
        pair_cut(&pr); /* a lost hello or welcome: connect again */
        pair_connect(&pr);
        pair_wait(&pr, 2000, 500);
    }
    assert_true(rb_net_peer_started(pr.side[1]));
    uint64_t seed = 5;
    for (int ply = 0; ply < 24; ply++) {
        /* wait until both records have caught up */
        for (int t = 0; t < 100 && (rb_net_peer_unacked(pr.side[0]) > 0 || rb_net_peer_unacked(pr.side[1]) > 0); t++) {
            pair_wait(&pr, 500, 500);
        }
        const rb_game *g = rb_net_peer_game(pr.side[0]);
        assert_int_equal(g->ply, rb_net_peer_game(pr.side[1])->ply);
        int side = rb_game_pos(g)->side == rb_net_peer_color(pr.side[0]) ? 0 : 1;
        const rb_game *mg = rb_net_peer_game(pr.side[side]);
        rb_movelist list;
        int n = rb_gen_legal(rb_game_pos(mg), &list);
        char err[200] = "";
        if (rb_net_peer_move(pr.side[side], list.moves[rb_util_splitmix64(&seed) % (uint64_t)n], pr.now, err,
                             sizeof err) != 0) {
            pair_same_record(&pr);
            fail_msg("ply %d, side %d: %s (up %d)", ply, side, err, pr.up);
        }
        pair_wait(&pr, 500, 500);
        if (rb_net_peer_over(pr.side[side])) {
            break;
        }
    }
    for (int t = 0; t < 100 && (rb_net_peer_unacked(pr.side[0]) || rb_net_peer_unacked(pr.side[1])); t++) {
        pair_wait(&pr, 500, 500);
    }
    assert_true(fh.made[RB_FAULT_DROP] + fj.made[RB_FAULT_DROP] > 0);
    pair_same_record(&pr);
    pair_close(&pr);
}

static void malformed_lines_get_an_error_naming_what_is_wrong(void **state)
{
    pair *pr = *state;
    rb_net_event ev = {0};
    static const struct {
        const char *line, *says;
    } cases[] = {
        {"jump 1 2\n", "unknown message 'jump'"},
        {"move 1\n", "move: 1 fields"},
        {"move x 0 c2b3 0000000000000000 1\n", "not a sequence number"},
        {"move 9 zero c2b3 0000000000000000 1\n", "the ply 'zero'"},
        {"move 9 0 c2b3 00000000000000zz 1\n", "fingerprint"},
        {"move  9 0 c2b3 0000000000000000 1\n", "single spaces"},
        {"chat 9 a\tb\n", "control character (0x09)"},
        {"offer 9 coffee 0\n", "unknown offer 'coffee'"},
        {"hello proto=1 program=x rules=0000000000000000 name=x token=x\n", "handshake is done"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        raw(pr, 1, cases[i].line);
        assert_true(pair_event(pr, 1, RB_NET_EV_PEER_ERROR, &ev));
        if (strstr(ev.text, cases[i].says) == NULL) {
            fail_msg("for %s the error was '%s'", cases[i].line, ev.text);
        }
    }
    char big[3000];
    memset(big, 'a', sizeof big);
    big[sizeof big - 1] = '\n';
    assert_int_equal(write(pr->fd[1], big, sizeof big), (ssize_t)sizeof big);
    pair_read(pr, 0);
    pair_flow(pr);
    assert_true(pair_event(pr, 1, RB_NET_EV_PEER_ERROR, &ev));
    assert_non_null(strstr(ev.text, "longer than 1024"));
    /* and the game is unharmed */
    pair_play(pr, "c2b3");
    pair_same_record(pr);
}

static void lag_is_credited_within_the_quota(void **state)
{
    pair *pr = *state;
    char err[200];
    /* a 300 ms round trip: the host's ping is answered 300 ms later */
    pr->now += 2000;
    rb_net_peer_tick(pr->side[0], pr->now);
    pair_send(pr, 0);
    pr->now += 150;
    pair_read(pr, 1);
    pair_send(pr, 1);
    pr->now += 150;
    pair_read(pr, 0);
    assert_int_equal(rb_net_peer_lag(pr->side[0]), 300);
    /* the host (White) moves at once; the move travels 150 ms each way */
    const rb_game *hg = rb_net_peer_game(pr->side[0]);
    assert_int_equal(rb_net_peer_move(pr->side[0], rb_test_move(rb_game_pos(hg), "c2b3"), pr->now, err, sizeof err), 0);
    int64_t before = rb_net_peer_clock(pr->side[0], RB_BLACK, pr->now);
    pr->now += 150;
    pair_flow(pr);
    /* Black thinks 1000 ms by its own clock */
    pr->now += 1000;
    assert_int_equal(first_legal_move(pr, 1, err, sizeof err), 0);
    pr->now += 150;
    pair_flow(pr);
    const rb_net_clock *c = rb_net_peer_clocks(pr->side[0]);
    assert_int_equal(c->last_credit, 300);
    assert_int_equal(rb_net_peer_clock(pr->side[0], RB_BLACK, pr->now), before - 1000 + 2000);
    assert_int_equal(c->quota[RB_BLACK], RB_NET_QUOTA_MAX_MS - 300 + RB_NET_QUOTA_REFILL_MS);
}

static void a_cheat_claiming_lag_gains_at_most_the_quota(void **state)
{
    (void)state;
    rb_net_clock c;
    rb_net_clock_init(&c, 60000, 0);
    int64_t now = 0;
    rb_net_clock_start(&c, RB_BLACK, now);
    int64_t credited = 0;
    for (int i = 0; i < 20; i++) {
        now += 3000; /* three seconds each move, all claimed as lag */
        int64_t left_before = c.left[RB_BLACK];
        rb_net_clock_move(&c, now, 3000, 3000);
        credited += c.last_credit;
        assert_true(c.last_credit <= RB_NET_QUOTA_MAX_MS);
        assert_true(c.quota[RB_BLACK] >= 0 && c.quota[RB_BLACK] <= RB_NET_QUOTA_MAX_MS);
        assert_int_equal(c.left[RB_BLACK], left_before - 3000 + c.last_credit);
        rb_net_clock_start(&c, RB_BLACK, now);
    }
    /* the full quota once, then the refill each move */
    assert_int_equal(credited, RB_NET_QUOTA_MAX_MS + 19 * RB_NET_QUOTA_REFILL_MS);
}

static void the_host_flags_a_clock_that_runs_out(void **state)
{
    (void)state;
    rb_net_config h, j;
    pair_configs(&h, &j);
    h.base_ms = 5000;
    h.inc_ms = 0;
    pair pr;
    pair_open(&pr, &h, &j);
    pair_flow(&pr);
    pair_play(&pr, "c2b3");
    pair_wait(&pr, 7000, 250); /* Black does not move */
    assert_true(rb_net_peer_over(pr.side[0]));
    assert_true(rb_net_peer_over(pr.side[1]));
    assert_int_equal(rb_game_ending(rb_net_peer_game(pr.side[1])), RB_END_TIME_FORFEIT);
    assert_int_equal(rb_game_result(rb_net_peer_game(pr.side[1])), RB_RESULT_WHITE);
    pair_same_record(&pr);
    pair_close(&pr);
}

static void a_dropped_connection_resumes_exactly_and_the_grace_allows_a_claim(void **state)
{
    pair *pr = *state;
    char err[200];
    rb_net_event ev = {0};
    pair_play(pr, "c2b3");
    pair_cut(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_LOST, NULL));
    /* Black moves into the void, then comes back */
    assert_int_equal(first_legal_move(pr, 1, err, sizeof err), 0);
    pr->now += 3000;
    assert_int_equal(rb_net_peer_claim(pr->side[0], RB_CLAIM_WIN, pr->now, err, sizeof err), -1);
    pair_connect(pr);
    pair_flow(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_RESUMED, NULL));
    assert_true(pair_event(pr, 1, RB_NET_EV_RESUMED, NULL));
    assert_int_equal(rb_net_peer_game(pr->side[0])->ply, 2);
    pair_same_record(pr);
    /* away past the grace: the host may claim */
    pair_cut(pr);
    pair_drain(pr);
    pr->now += 61000;
    rb_net_peer_tick(pr->side[0], pr->now);
    assert_true(pair_event(pr, 0, RB_NET_EV_GRACE_OVER, &ev));
    assert_int_equal(rb_net_peer_claim(pr->side[0], RB_CLAIM_WIN, pr->now, err, sizeof err), 0);
    assert_int_equal(rb_game_result(rb_net_peer_game(pr->side[0])), RB_RESULT_WHITE);
    /* and the joiner, back, learns of it */
    pair_connect(pr);
    pair_flow(pr);
    assert_true(rb_net_peer_over(pr->side[1]));
    pair_same_record(pr);
}

static rb_net_peer *restart(rb_net_peer *p, bool host, int64_t now)
{
    char *saved = rb_net_peer_save(p);
    assert_non_null(saved);
    rb_net_peer_free(p);
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, host);
    char err[300];
    rb_net_peer *back = rb_net_peer_restore(&cfg, saved, now, err, sizeof err);
    if (back == NULL) {
        fail_msg("%s\n%s", err, saved);
    }
    free(saved);
    return back;
}

static void a_saved_game_resumes_after_either_side_restarts(void **state)
{
    pair *pr = *state;
    char err[200];
    pair_play(pr, "c2b3");
    pair_play(pr, "e6f5");
    /* the host's program quits and starts again */
    pair_cut(pr);
    pr->side[0] = restart(pr->side[0], true, pr->now);
    pair_connect(pr);
    pair_flow(pr);
    assert_true(pair_event(pr, 0, RB_NET_EV_RESUMED, NULL));
    assert_string_equal(rb_net_peer_name(pr->side[0], RB_BLACK), "Bob");
    pair_play(pr, "d2c2");
    pair_same_record(pr);
    /* the joiner moves, its program quits before the move went out, and
     * it starts again */
    pair_cut(pr);
    const rb_game *g = rb_net_peer_game(pr->side[1]);
    assert_int_equal(rb_net_peer_move(pr->side[1], rb_test_move(rb_game_pos(g), "f5f4"), pr->now, err, sizeof err), 0);
    pr->side[1] = restart(pr->side[1], false, pr->now);
    assert_int_equal(rb_net_peer_unacked(pr->side[1]), 1);
    pair_connect(pr);
    pair_flow(pr);
    assert_int_equal(rb_net_peer_game(pr->side[0])->ply, 4);
    pair_same_record(pr);
    assert_int_equal(rb_net_peer_resign(pr->side[1], pr->now, err, sizeof err), 0);
    pair_flow(pr);
    assert_true(rb_net_peer_settled(pr->side[0]) && rb_net_peer_settled(pr->side[1]));
    pair_same_record(pr);
    /* a damaged save is refused, saying so */
    char *saved = rb_net_peer_save(pr->side[1]);
    saved[strlen(saved) / 2] = '\0';
    rb_net_config cfg;
    rb_net_config_defaults(&cfg, false);
    assert_null(rb_net_peer_restore(&cfg, saved, pr->now, err, sizeof err));
    assert_non_null(strstr(err, "damaged"));
    free(saved);
}

/* A window that stops reading for a while (a long frame, a modal dialog)
 * finds what happened in order when it reads again; one that never reads
 * keeps the latest events only, up to the bound, and nothing else grows. */
static void a_reader_that_falls_behind_finds_the_events_in_order(void **state)
{
    pair *pr = *state;
    random_moves(pr, 11, 40);
    int plies = rb_net_peer_game(pr->side[0])->ply;
    assert_true(plies > 16); /* more than the queue first holds */
    /* Side 1 (Black) hears of each of White's moves, every second ply. */
    rb_net_event ev;
    int64_t next = 0;
    while (rb_net_peer_poll(pr->side[1], &ev)) {
        if (ev.type == RB_NET_EV_MOVE) {
            assert_int_equal(ev.ply, next);
            next += 2;
        }
    }
    assert_int_equal(next, (plies + 1) / 2 * 2);
    /* Side 1 reads on; side 0, which never read, measures the lag of
     * every ping it sends: 600 of them, of which the last 256 are kept. */
    int lags = 0;
    for (int i = 0; i < 600; i++) {
        pr->now += 2000;
        pair_flow(pr);
        pair_event(pr, 1, RB_NET_EV_COUNT, NULL);
    }
    int kept = 0;
    while (rb_net_peer_poll(pr->side[0], &ev)) {
        kept++;
        lags += ev.type == RB_NET_EV_LAG;
    }
    assert_int_equal(kept, 256);
    assert_int_equal(lags, 256);
    assert_true(pr->up);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(handshake_tells_each_side_the_other_and_the_settings),
        cmocka_unit_test(another_protocol_version_is_refused_naming_both),
        cmocka_unit_test(other_rules_are_refused_naming_both_fingerprints),
        cmocka_unit_test(a_wrong_token_is_turned_away_and_the_host_waits_on),
        cmocka_unit_test(a_whole_game_ends_the_same_on_both_sides),
        cmocka_unit_test_setup_teardown(a_draw_offer_is_accepted_or_declined, started, closed),
        cmocka_unit_test_setup_teardown(an_offer_lapses_when_a_move_is_played, started, closed),
        cmocka_unit_test_setup_teardown(an_answer_crossing_a_move_changes_nothing, started, closed),
        cmocka_unit_test_setup_teardown(takebacks_of_one_ply_and_of_the_pair, started, closed),
        cmocka_unit_test_setup_teardown(abort_only_before_the_second_move, started, closed),
        cmocka_unit_test_setup_teardown(resignation_and_rematch_with_colours_swapped, started, closed),
        cmocka_unit_test_setup_teardown(a_resignation_crossing_a_move_leaves_the_same_record, started, closed),
        cmocka_unit_test_setup_teardown(chat_is_cleaned_bounded_off_at_first_and_rate_limited, started, closed),
        cmocka_unit_test_setup_teardown(a_disagreeing_move_is_refused_and_the_joiner_takes_the_hosts_record, started,
                                        closed),
        cmocka_unit_test_setup_teardown(a_peer_that_keeps_sending_bad_moves_is_sent_away, started, closed),
        cmocka_unit_test(duplicated_and_replayed_messages_are_harmless),
        cmocka_unit_test(dropped_lines_are_resent),
        cmocka_unit_test_setup_teardown(malformed_lines_get_an_error_naming_what_is_wrong, started, closed),
        cmocka_unit_test_setup_teardown(lag_is_credited_within_the_quota, started, closed),
        cmocka_unit_test(a_cheat_claiming_lag_gains_at_most_the_quota),
        cmocka_unit_test(the_host_flags_a_clock_that_runs_out),
        cmocka_unit_test_setup_teardown(a_dropped_connection_resumes_exactly_and_the_grace_allows_a_claim, started,
                                        closed),
        cmocka_unit_test_setup_teardown(a_saved_game_resumes_after_either_side_restarts, started, closed),
        cmocka_unit_test_setup_teardown(a_reader_that_falls_behind_finds_the_events_in_order, started, closed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
