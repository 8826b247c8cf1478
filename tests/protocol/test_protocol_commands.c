/*
 * test_protocol_commands.c - the protocol's handshake, options and
 * benches, and its answers to input that is not a command: unknown words,
 * stray bytes, overlong lines. Nothing may stop it answering.
 */
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include <stdio.h>

#include "proto_harness.h"

static void expect_error_containing(harness *h, const char *line, size_t len, const char *part)
{
    harness_expect_error(h, line, len, "info string error: ", part);
}

static void uci_lists_identity_and_options_then_uciok(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "uci");
    assert_int_equal(harness_count(h), 8);
    assert_memory_equal(harness_line(h, 0), "id name Rollerball ", 19);
    assert_memory_equal(harness_line(h, 1), "id author ", 10);
    assert_string_equal(harness_line(h, 2), "option name Level type spin default 10 min 1 max 10");
    assert_string_equal(harness_line(h, 3), "option name Hash type spin default 16 min 1 max 1024");
    assert_string_equal(harness_line(h, 4), "option name MultiPV type spin default 1 min 1 max 8");
    assert_string_equal(harness_line(h, 5), "option name Threads type spin default 1 min 1 max 64");
    assert_string_equal(harness_line(h, 6), "option name TablebasePath type string default <empty>");
    assert_string_equal(harness_line(h, 7), "uciok");
    harness_send(h, "isready");
    assert_string_equal(harness_line(h, 8), "readyok");
    harness_free(h);
}

static void options_are_set_and_bad_ones_refused(void **state)
{
    (void)state;
    harness *h = harness_new();
    size_t from = harness_count(h);
    harness_send(h, "setoption name Level value 1");
    harness_send(h, "setoption name level value 10");
    harness_send(h, "setoption name Hash value 2");
    harness_send(h, "setoption name HASH value 16");
    harness_send(h, "setoption name MultiPV value 8");
    harness_send(h, "setoption name multipv value 1");
    harness_send(h, "setoption name Threads value 3");
    harness_send(h, "setoption name threads value 64");
    harness_send(h, "setoption name THREADS value 1");
    assert_int_equal(harness_count(h), from);
    static const struct {
        const char *line, *part;
    } bad[] = {
        {"setoption name Level value 0", "Level"},
        {"setoption name Level value 11", "Level"},
        {"setoption name Level value ten", "'ten'"},
        {"setoption name Level", "missing value"},
        {"setoption name Hash value 4096", "Hash"},
        {"setoption name MultiPV value 0", "MultiPV must be a whole number from 1 to 8, not '0'"},
        {"setoption name MultiPV value 9", "MultiPV must be a whole number from 1 to 8, not '9'"},
        {"setoption name MultiPV", "missing value for MultiPV"},
        {"setoption name Threads value 0", "Threads must be a whole number from 1 to 64, not '0'"},
        {"setoption name Threads value 65", "Threads must be a whole number from 1 to 64, not '65'"},
        {"setoption name Threads value -2", "Threads must be a whole number from 1 to 64, not '-2'"},
        {"setoption name Threads value two", "Threads must be a whole number from 1 to 64, not 'two'"},
        {"setoption name Threads value 2.5", "Threads must be a whole number from 1 to 64, not '2.5'"},
        {"setoption name Threads value", "missing value for Threads"},
        {"setoption name Threads", "missing value for Threads"},
        {"setoption name Threads 2", "unknown option 'Threads 2'"},
        {"setoption name Thread value 2", "unknown option 'Thread'"},
        {"setoption name Move Overhead value 2", "unknown option 'Move Overhead'"},
        {"setoption", "setoption"},
        {"setoption value 3", "setoption"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        expect_error_containing(h, bad[i].line, strlen(bad[i].line), bad[i].part);
    }
    harness_free(h);
}

static void a_weak_level_still_plays_legal_moves(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "setoption name Level value 1");
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send(h, "go depth 5");
    long best = harness_wait(h, from, "bestmove ", 10000);
    assert_true(best >= 0);
    const char *move = harness_line(h, (size_t)best) + 9;
    static const char *const legal[] = {"c1b1", "c1b2", "c2b1", "c2b2", "c2b3", "e1f1", "e2f2"};
    bool found = false;
    for (size_t i = 0; i < 7; i++) {
        found = found || strcmp(move, legal[i]) == 0;
    }
    assert_true(found);
    harness_free(h);
}

static void unknown_commands_are_named(void **state)
{
    (void)state;
    harness *h = harness_new();
    expect_error_containing(h, "hello world", 11, "unknown command 'hello'");
    expect_error_containing(h, "UCI", 3, "unknown command 'UCI'");
    expect_error_containing(h, "d extra", 7, "d: unexpected 'extra'");
    /* Control bytes and NULs are shown as '?', never echoed raw. */
    expect_error_containing(h, "\x01\x02zap\0x", 7, "unknown command '??zap?x'");
    /* Bytes quoted back from deeper down (a move, a position field) are
     * shown as '?' too: every answer is printable ASCII. */
    expect_error_containing(h, "position startpos moves \xff\xfe\xfd\xfc", 28, "'?\?' is not a square");
    expect_error_containing(h, "position fen 7/3k3/2xxx2/2xxx2/2xxx2/3K3/7 w \x1b[1m 0 1", 53, "found '?[1m'");
    expect_error_containing(h, "position startpos moves c2b3\xc3\xa9", 30, "'c2b3?\?'");
    /* A huge word is cut short in the message. */
    char word[300];
    memset(word, 'w', sizeof word);
    expect_error_containing(h, word, sizeof word, "...'");
    /* Blank lines are ignored. */
    size_t from = harness_count(h);
    harness_send(h, "");
    harness_send(h, "  \t ");
    assert_int_equal(harness_count(h), from);
    harness_free(h);
}

static void random_bytes_never_stop_the_answers(void **state)
{
    (void)state;
    harness *h = harness_new();
    uint64_t x = 12345;
    int rounds = rb_test_sanitized() ? 300 : 3000;
    static const char *const words[] = {"position", "startpos",  "fen",  "moves", "go",    "perft",
                                        "d",        "setoption", "name", "value", "Level", "c2b3",
                                        "e6f5",     "1",         "x",    "w",     "-",     "stop"};
    for (int r = 0; r < rounds; r++) {
        char line[128];
        size_t n = 0;
        int k = (int)(x % 7);
        for (int i = 0; i < k && n < 100; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            if ((x >> 60) < 12) {
                const char *w = words[(x >> 33) % (sizeof words / sizeof words[0])];
                n += (size_t)snprintf(line + n, sizeof line - n, "%s ", w);
            } else {
                line[n++] = (char)(x >> 40);
            }
        }
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        rb_proto_handle_line(h->proto, line, n);
        if (rb_proto_searching(h->proto)) {
            harness_send(h, "stop"); /* a bare "go" searches until told */
        }
        rb_proto_wait(h->proto);
    }
    size_t from = harness_count(h);
    harness_send(h, "isready");
    assert_string_equal(harness_line(h, from), "readyok");
    harness_free(h);
}

static void an_overlong_line_is_refused(void **state)
{
    (void)state;
    harness *h = harness_new();
    size_t len = RB_PROTO_LINE_MAX + 10;
    char *line = malloc(len);
    memset(line, 'a', len);
    expect_error_containing(h, line, len, "longer than");
    free(line);
    harness_free(h);
}

static void ucinewgame_returns_to_the_start(void **state)
{
    (void)state;
    harness *h = harness_new();
    char buf[256];
    harness_send(h, "position startpos moves c2b3");
    harness_send(h, "ucinewgame");
    assert_string_equal(harness_d(h, "Fen:", buf, sizeof buf), "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1");
    harness_free(h);
}

static void benches_print_nodes_time_and_speed(void **state)
{
    (void)state;
    harness *h = harness_new();
    size_t from = harness_count(h);
    harness_send_wait(h, "bench 3");
    long nodes = harness_find(h, from, "Nodes searched: ");
    assert_true(nodes >= 0);
    assert_true(strtoull(harness_line(h, (size_t)nodes) + 16, NULL, 10) > 0);
    assert_true(harness_find(h, from, "Time: ") > nodes);
    assert_true(harness_find(h, from, "Nodes per second: ") > nodes);
    /* The node count is deterministic: the build's fingerprint. */
    char first[64];
    snprintf(first, sizeof first, "%s", harness_line(h, (size_t)nodes));
    from = harness_count(h);
    harness_send(h, "setoption name Hash value 1");
    harness_send_wait(h, "bench 3");
    assert_true(harness_find(h, from, first) >= 0);

    if (!rb_test_sanitized()) {
        from = harness_count(h);
        harness_send_wait(h, "bench perft");
        /* start depth 7 (8049487) is part of the workload */
        assert_true(harness_find(h, from, "info string perft position 1/4 depth 7 nodes 8049487") >= 0);
        assert_true(harness_find(h, from, "Nodes searched: ") >= 0);
        assert_true(harness_find(h, from, "Nodes per second: ") >= 0);
    }
    /* with several threads the bench says so, and still counts */
    from = harness_count(h);
    harness_send(h, "setoption name Threads value 2");
    harness_send_wait(h, "bench 3");
    assert_true(harness_find(h, from, "info string bench depth 3 threads 2") >= 0);
    nodes = harness_find(h, from, "Nodes searched: ");
    assert_true(nodes >= 0 && strtoull(harness_line(h, (size_t)nodes) + 16, NULL, 10) > 0);
    expect_error_containing(h, "bench fast", 10, "bench");
    expect_error_containing(h, "bench perft 3", 13, "bench perft");
    harness_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(uci_lists_identity_and_options_then_uciok),
        cmocka_unit_test(options_are_set_and_bad_ones_refused),
        cmocka_unit_test(a_weak_level_still_plays_legal_moves),
        cmocka_unit_test(unknown_commands_are_named),
        cmocka_unit_test(random_bytes_never_stop_the_answers),
        cmocka_unit_test(an_overlong_line_is_refused),
        cmocka_unit_test(ucinewgame_returns_to_the_start),
        cmocka_unit_test(benches_print_nodes_time_and_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
