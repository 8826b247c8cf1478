/*
 * test_protocol_search.c - go, stop, isready and quit: searches report
 * progress and end in one bestmove, and the engine keeps answering at once
 * while it searches.
 */
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include <stdio.h>
#include <stdlib.h>

#include "proto_harness.h"
#include "protocol.h"
#include "rb_engine.h"
#include "rb_review.h"

/* The answer to stop, isready or quit must come within this. The searches
 * stopped here are infinite or far longer, so any bound proves that the
 * answer does not wait for the search; it is generous because a loaded
 * machine can leave a thread unscheduled for a good part of a second, and
 * a timed test must not fail for that. */
#define PROMPT_MS 1000

static size_t count_prefix(harness *h, size_t from, const char *prefix)
{
    size_t n = 0, total = harness_count(h);
    for (size_t i = from; i < total; i++) {
        n += strncmp(harness_line(h, i), prefix, strlen(prefix)) == 0;
    }
    return n;
}

/* An info line has every field, in order, and a legal-looking pv. */
static void check_info_line(const char *line)
{
    int depth;
    char kind[8];
    long score;
    unsigned long long nodes, nps;
    long long ms;
    int used = 0;
    int got = sscanf(line, "info depth %d score %7s %ld nodes %llu nps %llu time %lld%n", &depth, kind, &score, &nodes,
                     &nps, &ms, &used);
    if (got != 6) {
        fail_msg("malformed info line '%s'", line);
    }
    assert_true(strcmp(kind, "cp") == 0 || strcmp(kind, "win") == 0 || strcmp(kind, "loss") == 0);
    assert_true(depth >= 1);
    const char *rest = line + used;
    assert_true(*rest == '\0' || strncmp(rest, " pv ", 4) == 0);
}

static void go_depth_reports_progress_and_one_bestmove(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position startpos moves c2b3");
    size_t from = harness_count(h);
    harness_send(h, "go depth 4");
    long best = harness_wait(h, from, "bestmove ", 20000);
    assert_true(best >= 0);
    rb_proto_wait(h->proto);
    assert_false(rb_proto_searching(h->proto));
    assert_int_equal(count_prefix(h, from, "bestmove "), 1);
    assert_true(count_prefix(h, from, "info depth ") >= 1);
    for (size_t i = from; i < (size_t)best; i++) {
        check_info_line(harness_line(h, i));
    }
    /* The move is one of Black's legal moves. */
    const char *move = harness_line(h, (size_t)best) + 9;
    static const char *const legal[] = {"c6b6", "c7b7", "e6f5", "e6f6", "e6f7", "e7f6", "e7f7"};
    bool found = false;
    for (size_t i = 0; i < 7; i++) {
        found = found || strcmp(move, legal[i]) == 0;
    }
    assert_true(found);
    harness_free(h);
}

static void go_nodes_movetime_and_clock_all_finish(void **state)
{
    (void)state;
    harness *h = harness_new();
    static const char *const gos[] = {
        "go nodes 2000",
        "go movetime 100",
        "go wtime 300 btime 300 winc 10 binc 10",
        "go depth 2 nodes 50000",
    };
    for (size_t i = 0; i < sizeof gos / sizeof gos[0]; i++) {
        size_t from = harness_count(h);
        harness_send(h, "position startpos");
        harness_send(h, gos[i]);
        if (harness_wait(h, from, "bestmove ", 10000) < 0) {
            fail_msg("'%s' gave no bestmove", gos[i]);
        }
        rb_proto_wait(h->proto);
    }
    harness_free(h);
}

static void isready_and_stop_are_answered_at_once_while_searching(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send(h, "go infinite");
    struct timespec pause = {0, 100 * 1000000L};
    nanosleep(&pause, NULL);
    assert_true(rb_proto_searching(h->proto));
    assert_int_equal(count_prefix(h, from, "bestmove"), 0);

    int64_t t0 = rb_util_now_ms();
    size_t mark = harness_count(h);
    harness_send(h, "isready");
    assert_true(harness_wait(h, mark, "readyok", PROMPT_MS) >= 0);
    assert_true(rb_util_now_ms() - t0 <= PROMPT_MS);
    assert_true(rb_proto_searching(h->proto));

    /* A second go is refused; the search goes on. */
    mark = harness_count(h);
    harness_send(h, "go depth 2");
    assert_true(harness_find(h, mark, "info string error: go:") >= 0);
    assert_true(rb_proto_searching(h->proto));

    t0 = rb_util_now_ms();
    mark = harness_count(h);
    harness_send(h, "stop");
    assert_true(harness_wait(h, mark, "bestmove ", PROMPT_MS) >= 0);
    assert_true(rb_util_now_ms() - t0 <= PROMPT_MS);
    assert_int_equal(count_prefix(h, from, "bestmove"), 1);
    harness_free(h);
}

static void stop_with_no_search_is_harmless(void **state)
{
    (void)state;
    harness *h = harness_new();
    size_t from = harness_count(h);
    harness_send(h, "stop");
    assert_int_equal(harness_count(h), from + 1);
    assert_string_equal(harness_line(h, from), "info string stop: no search is running");
    harness_send(h, "isready");
    assert_string_equal(harness_line(h, from + 1), "readyok");
    harness_free(h);
}

static void position_during_a_search_ends_it_first(void **state)
{
    (void)state;
    harness *h = harness_new();
    char buf[256];
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send(h, "go infinite");
    harness_send(h, "position startpos moves e2f2");
    long best = harness_find(h, from, "bestmove ");
    assert_true(best >= 0);
    assert_false(rb_proto_searching(h->proto));
    /* The search was of the start position: White's move. */
    assert_true(strcmp(harness_line(h, (size_t)best), "bestmove (none)") != 0);
    assert_string_equal(harness_d(h, "Fen:", buf, sizeof buf), "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PK1R1/2PBR2 b - 1 1");
    harness_free(h);
}

static void quit_during_a_search_returns_promptly(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "go infinite");
    struct timespec pause = {0, 20 * 1000000L};
    nanosleep(&pause, NULL);
    int64_t t0 = rb_util_now_ms();
    assert_int_equal(harness_send(h, "quit"), RB_PROTO_QUIT);
    assert_true(rb_util_now_ms() - t0 <= PROMPT_MS);
    assert_false(rb_proto_searching(h->proto));
    harness_free(h);
}

static void go_before_position_searches_the_start(void **state)
{
    (void)state;
    harness *h = harness_new();
    size_t from = harness_count(h);
    harness_send(h, "go depth 2");
    assert_true(harness_find(h, from, "info string no position given") >= 0);
    assert_true(harness_wait(h, from, "bestmove ", 10000) >= 0);
    harness_free(h);
}

static void no_legal_move_gives_bestmove_none(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position fen 4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1 moves e7g6");
    size_t from = harness_count(h);
    harness_send(h, "go depth 3");
    assert_true(harness_wait(h, from, "bestmove (none)", 5000) >= 0);
    harness_free(h);
}

static void the_engine_finds_a_mate_in_one(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "position fen 4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1");
    size_t from = harness_count(h);
    harness_send(h, "go depth 3");
    long best = harness_wait(h, from, "bestmove ", 10000);
    assert_true(best >= 0);
    /* Re7-g6 and Re7-g1 both mate; whichever it is must be mate. */
    char line[256], buf[64];
    snprintf(line, sizeof line, "position fen 4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1 moves %s",
             harness_line(h, (size_t)best) + 9);
    harness_send(h, line);
    assert_string_equal(harness_d(h, "Status:", buf, sizeof buf), "checkmate");
    harness_free(h);
}

/* "score cp" is sent on the shown scale (rb_review.h), not in the
 * search's own centipawns: the last info line of a depth search says what
 * the library's same search scores, converted; a forced win is still sent
 * in moves. */
static void the_score_is_sent_on_the_shown_scale(void **state)
{
    (void)state;
    rb_pos pos;
    rb_pos_start(&pos);
    rb_engine *e = rb_engine_new(RB_PROTO_HASH_DEFAULT);
    assert_non_null(e);
    rb_limits lim = {0};
    lim.depth = 5;
    rb_search_info info;
    rb_engine_search(e, &pos, NULL, 0, &lim, NULL, NULL, &info);
    rb_engine_free(e);
    assert_int_equal(info.kind, RB_SCORE_CP);
    assert_true(abs(info.score) >= 50); /* big enough for the scale to show */

    harness *h = harness_new();
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send(h, "go depth 5");
    long best = harness_wait(h, from, "bestmove ", 20000);
    assert_true(best > (long)from);
    int depth, sent = 0;
    assert_int_equal(sscanf(harness_line(h, (size_t)best - 1), "info depth %d score cp %d", &depth, &sent), 2);
    assert_int_equal(depth, 5);
    assert_int_equal(sent, rb_review_shown_cp(info.score));
    assert_true(sent != info.score);
    harness_free(h);
}

/* With several threads a search still reports whole info lines, ends in
 * one bestmove, finds the mate and stops at once when told. */
static void several_threads_search_and_stop_at_once(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "setoption name Threads value 3");
    harness_send(h, "position fen 4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1");
    size_t from = harness_count(h);
    harness_send(h, "go depth 5");
    long best = harness_wait(h, from, "bestmove ", 10000);
    assert_true(best >= 0);
    assert_int_equal(count_prefix(h, from, "bestmove "), 1);
    for (size_t i = from; i < (size_t)best; i++) {
        check_info_line(harness_line(h, i));
    }
    assert_true(harness_find(h, from, "info depth 5 score win 1 ") >= 0);

    harness_send(h, "position startpos");
    from = harness_count(h);
    harness_send(h, "go infinite");
    struct timespec pause = {0, 100 * 1000000L};
    nanosleep(&pause, NULL);
    int64_t t0 = rb_util_now_ms();
    harness_send(h, "stop");
    assert_true(harness_wait(h, from, "bestmove ", PROMPT_MS) >= 0);
    assert_true(rb_util_now_ms() - t0 <= PROMPT_MS);
    harness_free(h);
}

static void bad_go_lines_are_refused(void **state)
{
    (void)state;
    harness *h = harness_new();
    static const char *const bad[] = {
        "go depth",    "go depth x",      "go depth 0", "go depth 500",
        "go nodes -5", "go movetime 1e3", "go ponder",  "go btime 100", /* White to move: no clock for White */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        harness_expect_error(h, bad[i], strlen(bad[i]), "info string error: go", "");
        assert_false(rb_proto_searching(h->proto));
    }
    /* A depth out of range is answered with the range the engine takes. */
    char range[64];
    snprintf(range, sizeof range, "from 1 to %d, not '500'", RB_MAX_PLY - 1);
    size_t from = harness_count(h);
    harness_send(h, "go depth 500");
    assert_non_null(strstr(harness_line(h, from), range));
    harness_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(go_depth_reports_progress_and_one_bestmove),
        cmocka_unit_test(go_nodes_movetime_and_clock_all_finish),
        cmocka_unit_test(isready_and_stop_are_answered_at_once_while_searching),
        cmocka_unit_test(stop_with_no_search_is_harmless),
        cmocka_unit_test(position_during_a_search_ends_it_first),
        cmocka_unit_test(quit_during_a_search_returns_promptly),
        cmocka_unit_test(go_before_position_searches_the_start),
        cmocka_unit_test(no_legal_move_gives_bestmove_none),
        cmocka_unit_test(the_engine_finds_a_mate_in_one),
        cmocka_unit_test(the_score_is_sent_on_the_shown_scale),
        cmocka_unit_test(several_threads_search_and_stop_at_once),
        cmocka_unit_test(bad_go_lines_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
