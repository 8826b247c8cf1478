/*
 * test_match_tool.c - rollerball-match run for real: a short match between
 * two levels of the engine reports its results in the documented format and
 * writes games rb_pgn_read accepts; engines that misbehave lose by forfeit
 * and the match goes on; bad command lines stop it with a message, and so
 * does a game file that cannot be written. Book openings are each played
 * from both sides; a node spread varies self-play games reproducibly; the
 * simple independent player plays legal games against the engine. The
 * report lists the openings the first engine lost with both colours. Each
 * engine takes its own options, its thread count among them.
 */
#define _POSIX_C_SOURCE 200809L
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "match_game.h"
#include "rb_core.h"

/* Runs a shell command; its output (stdout and stderr) and exit status. */
static char *run(const char *command, int *status)
{
    char full[2048];
    snprintf(full, sizeof full, "%s 2>&1", command);
    FILE *f = popen(full, "r");
    assert_non_null(f);
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    size_t n;
    while ((n = fread(out + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            cap *= 2;
            out = realloc(out, cap);
        }
    }
    out[len] = '\0';
    int st = pclose(f);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return out;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    *len = fread(text, 1, (size_t)size, f);
    text[*len] = '\0';
    fclose(f);
    return text;
}

static int count_lines_starting(const char *text, const char *prefix)
{
    int n = 0;
    for (const char *s = text; s != NULL && *s != '\0';) {
        n += strncmp(s, prefix, strlen(prefix)) == 0;
        s = strchr(s, '\n');
        s = s != NULL ? s + 1 : NULL;
    }
    return n;
}

/* Reads the PGN and checks it holds games games, handed back in *out. */
static void read_games(const char *path, size_t games, rb_game **out)
{
    size_t len, n = 0;
    char *text = read_file(path, &len);
    rb_pgn_error err;
    memset(&err, 0, sizeof err);
    int got = rb_pgn_read(text, len, out, &n, &err);
    if (got != (int)games || err.line != 0) {
        fail_msg("%s: read %d games (line %d: %s)", path, got, err.line, err.message);
    }
    free(text);
}

static void two_levels_play_a_short_match(void **state)
{
    (void)state;
    char command[1024];
    snprintf(command, sizeof command,
             "%s --engine %s name=low option.Level=1 --engine %s name=high option.Level=4"
             " --games 4 --concurrency 2 --nodes 300 --openings-plies 4 --seed 7"
             " --adjudicate-after 160 --sprt 0 10 --pgn %s/match.pgn",
             RB_MATCH_BIN, RB_ENGINE_BIN, RB_ENGINE_BIN, RB_TEST_TMP);
    int status;
    char *out = run(command, &status);
    if (status != 0) {
        fail_msg("exit %d:\n%s", status, out);
    }
    assert_int_equal(count_lines_starting(out, "Game "), 4);
    const char *games = strstr(out, "\nGames: ");
    assert_non_null(games);
    int n, w, d, l;
    assert_int_equal(sscanf(games, "\nGames: %d  Wins: %d  Draws: %d  Losses: %d  Score: ", &n, &w, &d, &l), 4);
    assert_int_equal(n, 4);
    assert_int_equal(w + d + l, 4);
    assert_non_null(strstr(out, "\nEngines: low ("));
    assert_non_null(strstr(out, "\nAdjudicated draws: "));
    assert_non_null(strstr(out, "Forfeits: low 0, high 0"));
    assert_non_null(strstr(out, "\nElo difference: "));
    assert_non_null(strstr(out, "\nSPRT: elo0 0.0 elo1 10.0 alpha 0.05 beta 0.05  LLR "));

    /* The PGN holds the four games, with the results the report counted. */
    rb_game *g = NULL;
    char path[512];
    snprintf(path, sizeof path, "%s/match.pgn", RB_TEST_TMP);
    read_games(path, 4, &g);
    int low_wins = 0, draws = 0;
    for (size_t i = 0; i < 4; i++) {
        const char *white = rb_game_tag(&g[i], "White");
        assert_non_null(white);
        rb_result r = rb_game_result(&g[i]);
        assert_true(r != RB_RESULT_NONE);
        draws += r == RB_RESULT_DRAW;
        low_wins +=
            (r == RB_RESULT_WHITE && strcmp(white, "low") == 0) || (r == RB_RESULT_BLACK && strcmp(white, "high") == 0);
        /* Colours alternate: each opening is played from both sides. */
        const char *round = rb_game_tag(&g[i], "Round");
        assert_non_null(round);
        assert_string_equal(white, atoi(round) % 2 == 1 ? "low" : "high");
        rb_game_free(&g[i]);
    }
    free(g);
    assert_int_equal(low_wins, w);
    assert_int_equal(draws, d);
    free(out);
}

/* An engine that loses every game has lost each opening with both colours,
 * and the report lists them; the winner lost none. Each game line carries
 * the running total, so a match cut short still says where it stood. */
static void openings_lost_with_both_colours_are_listed(void **state)
{
    (void)state;
    static const char *const order[2][2] = {{"'%s illegal' name=bad", "%s name=good"},
                                            {"%s name=good", "'%s illegal' name=bad"}};
    static const char *const want[2] = {"\nOpenings lost with both colours by bad: 2 (1, 2)\n",
                                        "\nOpenings lost with both colours by good: 0\n"};
    for (int k = 0; k < 2; k++) {
        char first[512], second[512], command[1536];
        snprintf(first, sizeof first, order[k][0], k == 0 ? RB_BAD_ENGINE : RB_ENGINE_BIN);
        snprintf(second, sizeof second, order[k][1], k == 0 ? RB_ENGINE_BIN : RB_BAD_ENGINE);
        snprintf(command, sizeof command,
                 "%s --engine %s --engine %s --games 4 --nodes 300 --openings-plies 2 --seed 3", RB_MATCH_BIN, first,
                 second);
        int status;
        char *out = run(command, &status);
        if (status != 0 || strstr(out, want[k]) == NULL) {
            fail_msg("exit %d, wanted '%s':\n%s", status, want[k] + 1, out);
        }
        const char *fourth = strstr(out, "Game 4/4 ");
        assert_non_null(fourth);
        const char *total = k == 0 ? "bad so far: +0 =0 -4\n" : "good so far: +4 =0 -0\n";
        assert_non_null(strstr(fourth, total));
        free(out);
    }
}

static void misbehaving_engines_lose_by_forfeit(void **state)
{
    (void)state;
    static const char *const modes[] = {"illegal", "garbage", "overlong", "silent", "crash"};
    /* the overlong line must be told from silence: both end in a forfeit */
    static const char *const reasons[] = {NULL, NULL, "longer than", NULL, NULL};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        char command[1024];
        snprintf(command, sizeof command,
                 "%s --engine %s option.Level=1 --engine '%s %s' name=bad"
                 " --games 2 --movetime 30 --margin 300 --pgn %s/forfeit.pgn",
                 RB_MATCH_BIN, RB_ENGINE_BIN, RB_BAD_ENGINE, modes[i], RB_TEST_TMP);
        int status;
        char *out = run(command, &status);
        if (status != 0 || strstr(out, "Games: 2  Wins: 2  Draws: 0  Losses: 0") == NULL ||
            strstr(out, "Forfeits: engine1 0, bad 2") == NULL) {
            fail_msg("mode %s, exit %d:\n%s", modes[i], status, out);
        }
        char path[512];
        rb_game *g = NULL;
        snprintf(path, sizeof path, "%s/forfeit.pgn", RB_TEST_TMP);
        read_games(path, 2, &g);
        for (size_t k = 0; k < 2; k++) {
            const char *why = rb_game_tag(&g[k], "Forfeit");
            assert_non_null(why);
            if (reasons[i] != NULL && strstr(why, reasons[i]) == NULL) {
                fail_msg("mode %s: forfeit reason '%s'", modes[i], why);
            }
            rb_game_free(&g[k]);
        }
        free(g);
        free(out);
    }
}

/* Each engine takes its own thread count, as the measurement of two
 * threads against one does (docs/measurements/speed.md): the games are
 * played and counted. */
static void an_engine_on_two_threads_plays_one_on_one(void **state)
{
    (void)state;
    char command[1024];
    snprintf(command, sizeof command,
             "%s --engine %s name=two option.Threads=2 --engine %s name=one option.Threads=1"
             " --games 2 --concurrency 1 --depth 4 --openings-plies 4 --seed 3 --adjudicate-after 80",
             RB_MATCH_BIN, RB_ENGINE_BIN, RB_ENGINE_BIN);
    int status;
    char *out = run(command, &status);
    if (status != 0) {
        fail_msg("exit %d:\n%s", status, out);
    }
    assert_int_equal(count_lines_starting(out, "Game "), 2);
    assert_non_null(strstr(out, "Forfeits: two 0, one 0"));
    free(out);
}

static void bad_command_lines_stop_with_a_message(void **state)
{
    (void)state;
    static const struct {
        const char *args, *message;
    } bad[] = {
        {"--engine /nonexistent/engine --engine " RB_ENGINE_BIN, "did not start"},
        {"--engine " RB_ENGINE_BIN, "two engines"},
        {"--engine " RB_ENGINE_BIN " --engine " RB_ENGINE_BIN " --games x", "bad value 'x' for --games"},
        {"--engine " RB_ENGINE_BIN " --engine " RB_ENGINE_BIN " --sprt 5 0", "--sprt"},
        {"--engine " RB_ENGINE_BIN " option.Level=0 --engine " RB_ENGINE_BIN, "Level"},
        {"--engine " RB_ENGINE_BIN " option.Threads=0 --engine " RB_ENGINE_BIN, "Threads must be a whole number"},
        {"--frobnicate 1", "unknown option"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char command[1024];
        snprintf(command, sizeof command, "%s %s", RB_MATCH_BIN, bad[i].args);
        int status;
        char *out = run(command, &status);
        if (status != 2 || strstr(out, bad[i].message) == NULL) {
            fail_msg("'%s': exit %d:\n%s", bad[i].args, status, out);
        }
        free(out);
    }
    /* One option more than an engine takes is refused, not dropped. */
    char many[2048];
    int n = snprintf(many, sizeof many, "%s --engine %s", RB_MATCH_BIN, RB_ENGINE_BIN);
    for (int i = 0; i <= RB_MATCH_OPTIONS_MAX; i++) {
        n += snprintf(many + n, sizeof many - (size_t)n, " option.o%d=1", i);
    }
    snprintf(many + n, sizeof many - (size_t)n, " --engine %s", RB_ENGINE_BIN);
    int status;
    char *out = run(many, &status);
    if (status != 2 || strstr(out, "options per engine") == NULL) {
        fail_msg("exit %d:\n%s", status, out);
    }
    free(out);
}

/* Games that cannot be recorded are not played on: the match stops after
 * the first failed write, says why and exits with status 1. */
static void a_pgn_file_that_cannot_be_written_fails_the_match(void **state)
{
    (void)state;
    char command[1024];
    snprintf(command, sizeof command,
             "%s --engine %s option.Level=1 --engine %s option.Level=1 --games 4 --nodes 50 --pgn /dev/full",
             RB_MATCH_BIN, RB_ENGINE_BIN, RB_ENGINE_BIN);
    int status;
    char *out = run(command, &status);
    if (status != 1 || strstr(out, "cannot write game 1 to /dev/full") == NULL || strstr(out, "\nGames: 1 ") == NULL) {
        fail_msg("exit %d:\n%s", status, out);
    }
    free(out);
}

/* The moves of game g, as "c2b3 e6f6 ...", into buf. */
static void game_moves(const rb_game *g, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < g->ply && n + RB_MOVE_TEXT_MAX + 1 < size; i++) {
        n += (size_t)snprintf(buf + n, size - n, i > 0 ? " " : "");
        n += rb_move_to_coord(g->moves[i], buf + n);
    }
}

static void book_openings_are_played_from_both_sides(void **state)
{
    (void)state;
    char book[512], command[1024];
    snprintf(book, sizeof book, "%s/two.book", RB_TEST_TMP);
    FILE *f = fopen(book, "w");
    assert_non_null(f);
    fputs("# two openings\nc2b3 e6f6 # +10\n\ne1f1 c7b7 c1b1 b7c7\n", f);
    fclose(f);
    snprintf(command, sizeof command,
             "%s --engine %s name=a --engine %s name=b --games 6 --nodes 200 --book %s"
             " --adjudicate-after 120 --pgn %s/book.pgn",
             RB_MATCH_BIN, RB_ENGINE_BIN, RB_ENGINE_BIN, book, RB_TEST_TMP);
    int status;
    char *out = run(command, &status);
    if (status != 0) {
        fail_msg("exit %d:\n%s", status, out);
    }
    /* Three pairs from a book of two: the book repeats, and says so. */
    assert_non_null(strstr(out, "The book has 2 openings for 3 colour pairs"));
    assert_non_null(strstr(out, "\nWhite: "));
    assert_non_null(strstr(out, "White's score: "));
    free(out);
    rb_game *g = NULL;
    char path[512];
    snprintf(path, sizeof path, "%s/book.pgn", RB_TEST_TMP);
    read_games(path, 6, &g);
    static const char *const openings[] = {"c2b3 e6f6", "e1f1 c7b7 c1b1 b7c7", "c2b3 e6f6"};
    for (size_t i = 0; i < 6; i++) {
        char moves[4096];
        game_moves(&g[i], moves, sizeof moves);
        const char *want = openings[i / 2];
        if (strncmp(moves, want, strlen(want)) != 0) {
            fail_msg("game %zu begins '%.40s', not with the book's '%s'", i + 1, moves, want);
        }
        assert_string_equal(rb_game_tag(&g[i], "White"), i % 2 == 0 ? "a" : "b");
        rb_game_free(&g[i]);
    }
    free(g);

    /* A broken book stops the match before any game, naming the line. */
    f = fopen(book, "w");
    assert_non_null(f);
    fputs("c2b3 e6f6\nc2b3 e6e2\n", f);
    fclose(f);
    snprintf(command, sizeof command, "%s --engine %s --engine %s --book %s", RB_MATCH_BIN, RB_ENGINE_BIN,
             RB_ENGINE_BIN, book);
    out = run(command, &status);
    assert_int_equal(status, 2);
    assert_non_null(strstr(out, "two.book:2: move 2 'e6e2'"));
    free(out);
}

/* Self-play at a fixed node count repeats one game; with a spread the games
 * differ, and the same seed replays them exactly. */
static void a_node_spread_varies_games_reproducibly(void **state)
{
    (void)state;
    char moves[3][2][4096];
    static const char *const args[] = {"--nodes-spread 30 --seed 5", "--nodes-spread 30 --seed 5", ""};
    for (int run_no = 0; run_no < 3; run_no++) {
        char command[1024];
        snprintf(command, sizeof command,
                 "%s --engine %s --engine %s --games 2 --nodes 400 --openings-plies 0 %s"
                 " --adjudicate-after 100 --pgn %s/spread.pgn",
                 RB_MATCH_BIN, RB_ENGINE_BIN, RB_ENGINE_BIN, args[run_no], RB_TEST_TMP);
        int status;
        char *out = run(command, &status);
        if (status != 0) {
            fail_msg("exit %d:\n%s", status, out);
        }
        free(out);
        rb_game *g = NULL;
        char path[512];
        snprintf(path, sizeof path, "%s/spread.pgn", RB_TEST_TMP);
        read_games(path, 2, &g);
        for (int i = 0; i < 2; i++) {
            game_moves(&g[i], moves[run_no][i], sizeof moves[run_no][i]);
            rb_game_free(&g[i]);
        }
        free(g);
    }
    assert_string_equal(moves[0][0], moves[1][0]);
    assert_string_equal(moves[0][1], moves[1][1]);
    assert_string_not_equal(moves[0][0], moves[0][1]);
    assert_string_equal(moves[2][0], moves[2][1]);
}

static void the_simple_player_plays_legal_games_against_the_engine(void **state)
{
    (void)state;
    char command[1024];
    snprintf(command, sizeof command,
             "%s --engine %s name=engine --engine %s name=simple --games 2 --nodes 3000 --book %s"
             " --adjudicate-after 200 --pgn %s/simple.pgn",
             RB_MATCH_BIN, RB_ENGINE_BIN, RB_SIMPLE_PLAYER_BIN, RB_BALANCED_BOOK, RB_TEST_TMP);
    int status;
    char *out = run(command, &status);
    if (status != 0) {
        fail_msg("exit %d:\n%s", status, out);
    }
    /* Neither side forfeited: every move the referee got was legal. */
    assert_non_null(strstr(out, "Forfeits: engine 0, simple 0"));
    free(out);
    rb_game *g = NULL;
    char path[512];
    snprintf(path, sizeof path, "%s/simple.pgn", RB_TEST_TMP);
    read_games(path, 2, &g);
    for (int i = 0; i < 2; i++) {
        assert_null(rb_game_tag(&g[i], "Forfeit"));
        assert_true(rb_game_result(&g[i]) != RB_RESULT_NONE);
        assert_true(g[i].ply > 10);
        rb_game_free(&g[i]);
    }
    free(g);

    /* Its own answers to the protocol: a search to its depth and a move. */
    snprintf(command, sizeof command,
             "printf 'uci\\nisready\\nposition startpos moves c2b3 e6f6\\ngo depth 3\\nquit\\n' | %s",
             RB_SIMPLE_PLAYER_BIN);
    out = run(command, &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(out, "uciok\nreadyok\n"));
    assert_non_null(strstr(out, "info depth 3 "));
    const char *best = strstr(out, "bestmove ");
    assert_non_null(best);
    rb_pos pos;
    rb_pos_start(&pos);
    rb_move m;
    char err[200], word[16] = "";
    sscanf(best + 9, "%15s", word);
    assert_int_equal(rb_move_parse_coord(&pos, "c2b3", &m, err, sizeof err), 0);
    rb_pos next;
    rb_pos_make(&pos, m, &next);
    assert_int_equal(rb_move_parse_coord(&next, "e6f6", &m, err, sizeof err), 0);
    rb_pos_make(&next, m, &pos);
    if (rb_move_parse_coord(&pos, word, &m, err, sizeof err) != 0) {
        fail_msg("bestmove '%s': %s", word, err);
    }
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_levels_play_a_short_match),
        cmocka_unit_test(misbehaving_engines_lose_by_forfeit),
        cmocka_unit_test(an_engine_on_two_threads_plays_one_on_one),
        cmocka_unit_test(bad_command_lines_stop_with_a_message),
        cmocka_unit_test(a_pgn_file_that_cannot_be_written_fails_the_match),
        cmocka_unit_test(book_openings_are_played_from_both_sides),
        cmocka_unit_test(openings_lost_with_both_colours_are_listed),
        cmocka_unit_test(a_node_spread_varies_games_reproducibly),
        cmocka_unit_test(the_simple_player_plays_legal_games_against_the_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
