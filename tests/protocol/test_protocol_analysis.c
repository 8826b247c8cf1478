/*
 * test_protocol_analysis.c - the analysis commands: MultiPV lines,
 * "go searchmoves" and "threat".
 *
 * With MultiPV N every iteration prints N info lines numbered by multipv,
 * best first and with different first moves, and bestmove is line 1's move;
 * with MultiPV 1 the lines carry no multipv and look as they always did.
 * searchmoves keeps the search to the moves named and says which it
 * ignored; threat answers in one line.
 */
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include <stdio.h>

#include "proto_harness.h"

/* A mate in one for Black (g2b1), and the same placement with White to
 * move, where that mate is the threat. */
#define MATE_FOR_BLACK "position fen 2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 b Kk 0 12"
#define WHITE_THREATENED "position fen 2r1kp1/7/1Pxxx2/2xxx2/2xxx2/1Kbp2r/1P5 w Kk 0 12"

typedef struct info_line {
    int depth, multipv;
    char kind[8];
    long score;
    char first[16];
} info_line;

/* Reads "info depth D multipv K score KIND X nodes ... pv FIRST ...". */
static bool read_multipv_line(const char *line, info_line *out)
{
    int used = 0;
    if (sscanf(line, "info depth %d multipv %d score %7s %ld nodes %*u nps %*u time %*d%n", &out->depth, &out->multipv,
               out->kind, &out->score, &used) != 4 ||
        used == 0) {
        return false;
    }
    const char *pv = strstr(line + used, " pv ");
    return pv != NULL && sscanf(pv, " pv %15s", out->first) == 1;
}

static long ordered(const info_line *l)
{
    if (strcmp(l->kind, "win") == 0) {
        return 1000000L - l->score;
    }
    if (strcmp(l->kind, "loss") == 0) {
        return -1000000L + l->score;
    }
    return l->score;
}

/* Runs "go depth <depth>" after the lines given and checks the info lines
 * in groups of want; returns the bestmove line's index. */
static long check_multipv_search(harness *h, const char *go, int want, char *best_line_move)
{
    size_t from = harness_count(h);
    harness_send_wait(h, go);
    long best = harness_find(h, from, "bestmove ");
    assert_true(best >= 0);
    info_line lines[64];
    int n = 0;
    for (size_t i = from; i < (size_t)best; i++) {
        const char *text = harness_line(h, i);
        if (strncmp(text, "info depth ", 11) != 0) {
            continue;
        }
        if (!read_multipv_line(text, &lines[n])) {
            fail_msg("malformed multipv line '%s'", text);
        }
        n++;
        assert_true(n < 64);
    }
    /* groups of want, then the final repeat of line 1 */
    assert_int_equal((n - 1) % want, 0);
    for (int g = 0; g + want <= n - 1; g += want) {
        for (int k = 0; k < want; k++) {
            const info_line *l = &lines[g + k];
            assert_int_equal(l->multipv, k + 1);
            assert_int_equal(l->depth, lines[g].depth);
            for (int j = 0; j < k; j++) {
                assert_string_not_equal(lines[g + j].first, l->first);
                assert_true(ordered(&lines[g + j]) >= ordered(l));
            }
        }
    }
    const info_line *last_first = &lines[n - 1 - want];
    assert_int_equal(last_first->multipv, 1);
    assert_string_equal(harness_line(h, (size_t)best) + 9, last_first->first);
    assert_string_equal(lines[n - 1].first, last_first->first);
    snprintf(best_line_move, 16, "%s", last_first->first);
    return best;
}

static void multipv_prints_numbered_lines_and_bestmove_is_line_one(void **state)
{
    (void)state;
    harness *h = harness_new();
    char move[16];
    harness_send(h, "setoption name MultiPV value 3");
    harness_send(h, "position startpos");
    check_multipv_search(h, "go depth 6", 3, move);
    harness_send(h, "position startpos moves c2b3 e6f5");
    check_multipv_search(h, "go depth 5", 3, move);
    harness_send(h, MATE_FOR_BLACK);
    harness_send(h, "setoption name MultiPV value 2");
    check_multipv_search(h, "go depth 4", 2, move);
    assert_string_equal(move, "g2b1");
    harness_free(h);
}

static void fewer_legal_moves_than_lines_prints_that_many(void **state)
{
    (void)state;
    harness *h = harness_new();
    char move[16];
    harness_send(h, "setoption name MultiPV value 8");
    harness_send(h, "position fen 5R1/4k2/2xxx2/2xxx2/2xxx2/7/1R1K3 b k 3 52"); /* three moves */
    check_multipv_search(h, "go depth 4", 3, move);
    harness_send(h, "position startpos");
    check_multipv_search(h, "go depth 3 searchmoves c2b3 e2f2", 2, move);
    assert_true(strcmp(move, "c2b3") == 0 || strcmp(move, "e2f2") == 0);
    harness_free(h);
}

static void one_line_output_has_no_multipv(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, "setoption name MultiPV value 4");
    harness_send(h, "setoption name MultiPV value 1");
    harness_send(h, "position startpos");
    size_t from = harness_count(h);
    harness_send_wait(h, "go depth 5");
    long best = harness_find(h, from, "bestmove ");
    assert_true(best > (long)from);
    for (size_t i = from; i < (size_t)best; i++) {
        const char *line = harness_line(h, i);
        assert_null(strstr(line, "multipv"));
        int depth;
        assert_int_equal(sscanf(line, "info depth %d score ", &depth), 1);
    }
    harness_free(h);
}

static void searchmoves_restricts_the_root(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, MATE_FOR_BLACK);
    /* every legal move but the mate */
    char legal[512], go[700] = "go depth 4 searchmoves";
    harness_d(h, "Legal:", legal, sizeof legal);
    for (char *m = strtok(legal, " "); m != NULL; m = strtok(NULL, " ")) {
        if (strcmp(m, "g2b1") != 0) {
            strcat(go, " ");
            strcat(go, m);
        }
    }
    size_t from = harness_count(h);
    harness_send_wait(h, go);
    long best = harness_find(h, from, "bestmove ");
    assert_true(best >= 0);
    const char *move = harness_line(h, (size_t)best) + 9;
    assert_string_not_equal(move, "g2b1");
    assert_non_null(strstr(go, move));
    assert_true(harness_find(h, from, "info string error") < 0);

    /* limits may follow the moves */
    from = harness_count(h);
    harness_send_wait(h, "go searchmoves f7g6 depth 3");
    best = harness_find(h, from, "bestmove ");
    assert_string_equal(harness_line(h, (size_t)best), "bestmove f7g6");
    harness_free(h);
}

static void bad_searchmoves_are_named_and_ignored(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, MATE_FOR_BLACK);
    size_t from = harness_count(h);
    harness_send_wait(h, "go depth 3 searchmoves f7g6 d7d6 zz9 f7g6");
    long err = harness_find(h, from, "info string error: go: searchmoves: ignoring ");
    assert_true(err >= 0);
    const char *line = harness_line(h, (size_t)err);
    assert_non_null(strstr(line, "'d7d6' (no legal move d7d6"));
    assert_non_null(strstr(line, "'zz9' ("));
    assert_null(strstr(line, "searching every move"));
    long best = harness_find(h, from, "bestmove ");
    assert_string_equal(harness_line(h, (size_t)best), "bestmove f7g6");

    /* none left: every move is searched, and the line says so */
    from = harness_count(h);
    harness_send_wait(h, "go depth 3 searchmoves a1a1 d7d6");
    err = harness_find(h, from, "info string error: go: searchmoves: ignoring ");
    assert_true(err >= 0);
    assert_non_null(strstr(harness_line(h, (size_t)err), "no move left, searching every move"));
    best = harness_find(h, from, "bestmove ");
    assert_string_equal(harness_line(h, (size_t)best), "bestmove g2b1");

    /* the word alone */
    from = harness_count(h);
    harness_send_wait(h, "go depth 2 searchmoves");
    assert_true(harness_find(h, from, "info string error: go: searchmoves names no move") >= 0);
    assert_true(harness_find(h, from, "bestmove ") >= 0);
    harness_free(h);
}

static void threat_names_the_opponents_best_move(void **state)
{
    (void)state;
    harness *h = harness_new();
    harness_send(h, WHITE_THREATENED);
    size_t from = harness_count(h);
    harness_send_wait(h, "threat");
    assert_int_equal(harness_count(h), from + 1);
    assert_string_equal(harness_line(h, from), "threat g2b1 depth 8 score win 1 pv g2b1");

    from = harness_count(h);
    harness_send_wait(h, "threat depth 2");
    assert_string_equal(harness_line(h, from), "threat g2b1 depth 2 score win 1 pv g2b1");

    /* the side to move in check cannot pass */
    harness_send(h, "position fen 5R1/1R2k2/2xxx2/2xxx2/2xxx2/7/3K3 b k 4 52");
    from = harness_count(h);
    harness_send_wait(h, "threat");
    assert_string_equal(harness_line(h, from), "threat (none) check");

    /* a finished game has none */
    harness_send(h, "position fen 5R1/R3k2/2xxx2/2xxx2/2xxx2/7/3K3 b k 4 52");
    from = harness_count(h);
    harness_send_wait(h, "threat");
    assert_string_equal(harness_line(h, from), "threat (none)");

    /* the answer comes before the next command's */
    harness_send(h, "position startpos");
    from = harness_count(h);
    harness_send(h, "threat nodes 20000");
    harness_send(h, "d");
    assert_int_equal(harness_wait(h, from, "threat ", 20000), (long)from);
    harness_free(h);
}

static void threat_refuses_what_it_cannot_use(void **state)
{
    (void)state;
    harness *h = harness_new();
    static const struct {
        const char *line, *part;
    } bad[] = {
        {"threat infinite", "threat: unknown parameter 'infinite'"},
        {"threat searchmoves c2b3", "threat: unknown parameter 'searchmoves'"},
        {"threat depth", "threat: depth needs a number"},
        {"threat depth 0", "threat: depth must be a whole number from 1 to 127, not '0'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t from = harness_count(h);
        harness_send_wait(h, bad[i].line);
        assert_int_equal(harness_count(h), from + 1);
        const char *line = harness_line(h, from);
        if (strstr(line, bad[i].part) == NULL || strncmp(line, "info string error: ", 19) != 0) {
            fail_msg("answer '%s' lacks '%s'", line, bad[i].part);
        }
    }
    harness_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(multipv_prints_numbered_lines_and_bestmove_is_line_one),
        cmocka_unit_test(fewer_legal_moves_than_lines_prints_that_many),
        cmocka_unit_test(one_line_output_has_no_multipv),
        cmocka_unit_test(searchmoves_restricts_the_root),
        cmocka_unit_test(bad_searchmoves_are_named_and_ignored),
        cmocka_unit_test(threat_names_the_opponents_best_move),
        cmocka_unit_test(threat_refuses_what_it_cannot_use),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
