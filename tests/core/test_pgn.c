/*
 * test_pgn.c - game records written as PGN and read back, PGN as people
 * write it, and PGN that is broken or hostile.
 *
 * Round trips cover every way a game can end and starts other than the
 * standard one. The reader is then fed the untidy things real files hold
 * (comments, annotations, variations, CRLF, glued move numbers), malformed
 * text that must be reported with its line and column, and inputs built to
 * make a careless reader recurse, loop or eat memory.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rb_notation.h"
#include "rb_pgn.h"

static const char *const start_fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

/* Reads text expecting exactly `want` games and no error. */
static rb_game *read_ok(const char *text, size_t want)
{
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    int rc = rb_pgn_read(text, strlen(text), &games, &n, &err);
    if (err.line != 0) {
        fail_msg("error at %d:%d: %s", err.line, err.column, err.message);
    }
    assert_int_equal(rc, (int)want);
    assert_int_equal(n, want);
    return games;
}

static void free_games(rb_game *games, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
}

/* Reads text expecting an error at line:column whose message contains
 * want; returns the number of games kept (their array is freed). */
static int read_bad_n(const char *text, size_t len, int line, int column, const char *want)
{
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    int rc = rb_pgn_read(text, len, &games, &n, &err);
    if (err.line != line || err.column != column || strstr(err.message, want) == NULL) {
        fail_msg("expected an error at %d:%d mentioning \"%s\", got %d:%d \"%s\"", line, column, want, err.line,
                 err.column, err.message);
    }
    assert_int_equal(rc, n > 0 ? (int)n : -1);
    free_games(games, n);
    return rc;
}

#define read_bad(text, len, line, column, want)                                                                        \
    read_bad_n((text), (len) == (size_t)-1 ? strlen(text) : (len), (line), (column), (want))
#define TEXT_LEN ((size_t)-1)

static void assert_same_game(const rb_game *a, const rb_game *b)
{
    assert_true(rb_pos_equal(&a->positions[0], &b->positions[0]));
    assert_int_equal(a->length, b->length);
    for (size_t i = 0; i < a->length; i++) {
        assert_true(a->moves[i] == b->moves[i]);
    }
    assert_int_equal(rb_game_ending_at(a, a->length), rb_game_ending_at(b, b->length));
    assert_int_equal(rb_game_result_at(a, a->length), rb_game_result_at(b, b->length));
    assert_int_equal(a->ntags, b->ntags);
    for (size_t i = 0; i < a->ntags; i++) {
        const char *v = rb_game_tag(b, a->tags[i].name);
        assert_non_null(v);
        assert_string_equal(v, a->tags[i].value);
    }
}

/* Writes g, checks the lines are short, reads it back and compares. */
static void round_trip(const rb_game *g)
{
    char *text = rb_pgn_write(g);
    assert_non_null(text);
    for (const char *line = text; *line != '\0';) {
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        if (line[0] != '[') {
            assert_true(end - line <= 80);
        }
        line = end + 1;
    }
    rb_game *back = read_ok(text, 1);
    assert_same_game(g, &back[0]);
    free_games(back, 1);
    free(text);
}

static void writes_the_tags_and_numbered_display_moves(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    rb_game_set_tag(&g, "White", "Ada \"the\" Countess");
    rb_game_set_tag(&g, "Annotator", "C:\\games");
    rb_test_play(&g, "c2b3 c7b7 e1f1");
    char *text = rb_pgn_write(&g);
    assert_non_null(text);
    assert_string_equal(text, "[Event \"?\"]\n"
                              "[Site \"?\"]\n"
                              "[Date \"????.??.??\"]\n"
                              "[Round \"?\"]\n"
                              "[White \"Ada \\\"the\\\" Countess\"]\n"
                              "[Black \"?\"]\n"
                              "[Result \"*\"]\n"
                              "[Variant \"Rollerball\"]\n"
                              "[Annotator \"C:\\\\games\"]\n"
                              "\n"
                              "1. c2-b3 Rc7-b7 2. Re1-f1 *\n");
    free(text);
    rb_game_free(&g);
}

static void writes_setup_fen_and_termination(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, "4R2/p6/2xxx2/2xxx2/K1xxx2/7/k6 b - 0 7");
    rb_test_play(&g, "a6a7 e7g6"); /* Black moves first; White mates */
    assert_int_equal(rb_game_ending(&g), RB_END_CHECKMATE);
    char *text = rb_pgn_write(&g);
    assert_non_null(text);
    assert_non_null(strstr(text, "[Result \"1-0\"]\n"));
    assert_non_null(strstr(text, "[SetUp \"1\"]\n[FEN \"4R2/p6/2xxx2/2xxx2/K1xxx2/7/k6 b - 0 7\"]\n"));
    assert_non_null(strstr(text, "[Termination \"checkmate\"]\n"));
    assert_non_null(strstr(text, "\n7... a6-a7 8. Re7-g6# 1-0\n"));
    free(text);
    rb_game_free(&g);
}

static void every_ending_round_trips(void **state)
{
    (void)state;
    rb_game g;
    /* Checkmate from a set-up position. */
    rb_test_new_game(&g, "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1");
    rb_test_play(&g, "e7g6");
    round_trip(&g);
    rb_game_free(&g);
    /* Throne, after promotions on both sides. */
    rb_test_new_game(&g, "7/2KP3/2xxx2/2xxx2/2xxxk1/3p3/7 w K 3 12");
    rb_test_play(&g, "d6e6r d2c1b c6d6");
    assert_int_equal(rb_game_ending(&g), RB_END_THRONE);
    round_trip(&g);
    rb_game_free(&g);
    /* Stalemate. */
    rb_test_new_game(&g, "7/7/2xxx2/2xxx2/K1xxx2/7/k2B3 w - 0 1");
    rb_test_play(&g, "d1c2");
    round_trip(&g);
    rb_game_free(&g);
    /* Repetition. */
    rb_test_new_game(&g, start_fen);
    rb_test_play(&g, "e1f1 c7b7 f1e1 b7c7 e1f1 c7b7 f1e1 b7c7");
    assert_int_equal(rb_game_ending(&g), RB_END_REPETITION);
    round_trip(&g);
    rb_game_free(&g);
    /* Resignation by either side, agreement, a loss on time by either side,
     * and a game still going. */
    for (int i = 0; i < 7; i++) {
        rb_test_new_game(&g, start_fen);
        rb_game_set_tag(&g, "Event", "Club night");
        rb_game_set_tag(&g, "Opening", "the c-pawn");
        rb_test_play(&g, "c2b3 c7b7");
        if (i == 0) {
            rb_game_resign(&g, RB_WHITE);
        } else if (i == 1) {
            rb_game_resign(&g, RB_BLACK);
        } else if (i == 2) {
            rb_game_agree_draw(&g);
        } else if (i == 3 || i == 4) {
            rb_game_lose_on_time(&g, i == 3 ? RB_WHITE : RB_BLACK);
            assert_int_equal(rb_game_ending(&g), RB_END_TIME_FORFEIT);
            assert_int_equal(rb_game_result(&g), i == 3 ? RB_RESULT_BLACK : RB_RESULT_WHITE);
            char *text = rb_pgn_write(&g);
            assert_non_null(strstr(text, "[Termination \"time forfeit\"]"));
            free(text);
        }
        round_trip(&g);
        rb_game_free(&g);
    }
}

static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void random_games_round_trip(void **state)
{
    (void)state;
    static const char *const starts[] = {
        "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
        "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1",
        "2rbp2/1p1k3/2xxx2/2xxx2/2xxx2/3K1P1/2RB3 b Kk 5 30",
    };
    int per_start = rb_test_sanitized() ? 10 : 60;
    int ended = 0, promotions = 0, thrones = 0;
    for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
        for (int i = 0; i < per_start; i++) {
            rb_game g;
            rb_test_new_game(&g, starts[s]);
            for (int ply = 0; ply < 300 && rb_game_ending(&g) == RB_END_NONE; ply++) {
                rb_movelist list;
                rb_gen_legal(rb_game_pos(&g), &list);
                rb_move m = list.moves[rng() % (uint64_t)list.count];
                promotions += RB_MOVE_PROMO(m) != 0;
                assert_int_equal(rb_game_play(&g, m), 0);
            }
            ended += rb_game_ending(&g) != RB_END_NONE;
            thrones += rb_game_ending(&g) == RB_END_THRONE;
            round_trip(&g);
            rb_game_free(&g);
        }
    }
    print_message("random games: %d ended, %d throne wins, %d promotions\n", ended, thrones, promotions);
    assert_true(ended > 0);
    assert_true(promotions > 0);
}

/* A tag value longer than the reader accepts (a 5,000-character name of
 * two-byte letters) is cut when written, between characters, so the file
 * still reads back. */
static void overlong_tags_are_cut_so_the_file_reads_back(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    rb_test_play(&g, "c2b3");
    static char name[5001 * 2 + 1];
    for (int i = 0; i < 5001; i++) {
        memcpy(name + 2 * i, "\xc3\xa9", 2); /* e with an acute accent */
    }
    name[5001 * 2] = '\0';
    assert_int_equal(rb_game_set_tag(&g, "White", name), 0);
    char *text = rb_pgn_write(&g);
    assert_non_null(text);
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    if (rb_pgn_read(text, strlen(text), &games, &n, &err) != 1) {
        fail_msg("the written game does not read back: %d:%d %s", err.line, err.column, err.message);
    }
    const char *white = rb_game_tag(&games[0], "White");
    assert_non_null(white);
    size_t len = strlen(white);
    assert_true(len <= RB_PGN_MAX_TAG_TEXT && len >= RB_PGN_MAX_TAG_TEXT - 1);
    assert_int_equal(len % 2, 0); /* whole characters only */
    assert_memory_equal(white, name, len);
    assert_int_equal(games[0].length, 1);
    free_games(games, n);
    free(text);
    rb_game_free(&g);
}

static void reads_pgn_as_people_write_it(void **state)
{
    (void)state;
    const char *text =
        "; a file of two games\r\n"
        "% an escaped line (( {\r\n"
        "[Black \"Grace\"]\r\n"
        "[Variant \"rollerball\"]\r\n"
        "[White \"Ada\"]\r\n"
        "[Event \"Test\"]\r\n"
        "\r\n"
        "{The usual start.} 1. c2-b3! $1 Rc7-b7?! (1... Rc6-b6 (1... e6f6 {a side line ( } ) 2. e1f1)\r\n"
        "2.Re1-f1 ; the rook\r\n"
        "2... c6b6 3. f1e1 $14 {end} 1-0\r\n"
        "\r\n"
        "[FEN \"3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1\"] [SetUp \"1\"]\r\n"
        "1.d6xe7=R 1...Kg4-f4 2. Kb4-b5 \r\n"
        "*\r\n";
    rb_game *games = read_ok(text, 2);
    rb_game *a = &games[0];
    assert_string_equal(rb_game_tag(a, "White"), "Ada");
    assert_string_equal(rb_game_tag(a, "Black"), "Grace");
    assert_string_equal(rb_game_tag(a, "Event"), "Test");
    assert_null(rb_game_tag(a, "Variant"));
    assert_int_equal(a->length, 5);
    assert_int_equal(a->ply, 5);
    char buf[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(a->moves[3], buf);
    assert_string_equal(buf, "c6b6");
    /* 1-0 without a mate on the board is Black resigning. */
    assert_int_equal(rb_game_ending(a), RB_END_RESIGNATION);
    assert_int_equal(rb_game_result(a), RB_RESULT_WHITE);

    rb_game *b = &games[1];
    assert_int_equal(b->length, 3);
    assert_int_equal(RB_MOVE_PROMO(b->moves[0]), RB_ROOK);
    assert_int_equal(rb_game_result(b), RB_RESULT_NONE);
    assert_int_equal(b->ntags, 0);
    free_games(games, 2);

    /* Games without tags or result tokens, one after another. */
    games = read_ok("1. c2b3 c7b7 *\n1. c1b1 1/2-1/2\n[Event \"x\"]\n1. e1f1\n[Event \"y\"]\n", 4);
    assert_int_equal(games[0].length, 2);
    assert_int_equal(games[1].length, 1);
    assert_int_equal(rb_game_ending(&games[1]), RB_END_AGREEMENT);
    assert_int_equal(games[2].length, 1);
    assert_int_equal(games[3].length, 0);
    free_games(games, 4);

    /* A Result tag stands in for a missing result token. */
    games = read_ok("[Result \"0-1\"]\n1. c2b3\n", 1);
    assert_int_equal(rb_game_result(&games[0]), RB_RESULT_BLACK);
    free_games(games, 1);

    /* A UTF-8 byte order mark and text in comments and tags. */
    games = read_ok("\xef\xbb\xbf[Site \"K\xc3\xb8"
                    "benhavn\"]\n1. c2b3 {\xe2\x99\x9c} *",
                    1);
    assert_string_equal(rb_game_tag(&games[0], "Site"), "K\xc3\xb8"
                                                        "benhavn");
    free_games(games, 1);
}

static void illegal_moves_keep_the_game_up_to_them(void **state)
{
    (void)state;
    const char *text = "[Event \"first\"]\n1. c2b3 c7b7 *\n\n"
                       "[Event \"second\"]\n1. c2-b3 Rc7-b7\n2. Re1-f1 Rc7-b6 3. c1b1 *\n"
                       "[Event \"never read\"]\n";
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    int rc = rb_pgn_read(text, strlen(text), &games, &n, &err);
    assert_int_equal(rc, 2);
    assert_int_equal(n, 2);
    assert_int_equal(err.line, 6);
    assert_int_equal(err.column, 11);
    assert_non_null(strstr(err.message, "move 2 (Black)"));
    assert_non_null(strstr(err.message, "there is no piece on c7"));
    assert_int_equal(games[1].length, 3);
    assert_string_equal(rb_game_tag(&games[1], "Event"), "second");
    assert_int_equal(rb_game_result(&games[1]), RB_RESULT_NONE);
    free_games(games, n);

    /* Wrong side, missing promotion, unreadable move, moves after the end. */
    read_bad("1. c7b7", TEXT_LEN, 1, 4, "Black's, and White is to move");
    /* A set-up game whose first move is wrong is kept with its start position. */
    assert_int_equal(
        read_bad("[FEN \"3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1\"]\n1. d6e6", TEXT_LEN, 2, 4, "must promote"), 1);
    {
        static const char setup[] = "[FEN \"3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1\"]\n1. d6e6";
        rb_game *kept = NULL;
        size_t nkept = 0;
        rb_pgn_error err2;
        assert_int_equal(rb_pgn_read(setup, strlen(setup), &kept, &nkept, &err2), 1);
        rb_pos puzzle;
        rb_test_parse(&puzzle, "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1");
        assert_int_equal(kept[0].length, 0);
        assert_true(rb_pos_equal(&kept[0].positions[0], &puzzle));
        free_games(kept, nkept);
    }
    read_bad("1. c2b3\n  2. Qd1-d8", TEXT_LEN, 2, 6, "'Q");
    /* Bytes that are not text are quoted as '?': the message stays printable. */
    read_bad("1. c2b3\xc3\xa9", TEXT_LEN, 1, 4, "'c2b3?\?'");
    read_bad("[Variant \"\xff\xfe\"]\n1. c2b3 *", TEXT_LEN, 1, 1, "variant \"??\"");
    assert_int_equal(read_bad("1. c2b3\n  12x c7b7", TEXT_LEN, 2, 3, "neither a move number nor a move"), 1);
    read_bad("[FEN \"4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1\"]\n1. Re7-g6# Ka1-b1 1-0", TEXT_LEN, 2, 12,
             "after the end of the game (checkmate)");
}

static void malformed_text_is_reported_where_it_is(void **state)
{
    (void)state;
    /* A bad FEN tag: the game cannot start, nothing is kept. */
    read_bad("[Event \"e\"]\n[FEN \"2rbp2/2rkp2/2xxx2 w - 0 1\"]\n1. c2b3 *", TEXT_LEN, 2, 1, "bad FEN tag: ");
    read_bad("[SetUp \"1\"]\n1. c2b3 *", TEXT_LEN, 1, 1, "no FEN tag");
    read_bad("[Variant \"Standard\"]\n1. e4 *", TEXT_LEN, 1, 1, "not Rollerball");
    /* Tags. */
    read_bad("[Event \"open", TEXT_LEN, 1, 8, "not closed");
    read_bad("[Event \"a\nb\"]", TEXT_LEN, 1, 8, "not closed");
    read_bad("[Event value]", TEXT_LEN, 1, 8, "double quotes");
    read_bad("[\"x\"]", TEXT_LEN, 1, 2, "tag name");
    read_bad("[Event \"x\" *", TEXT_LEN, 1, 12, "']' should close it");
    /* Comments and variations that never end, stray closers. */
    read_bad("1. c2b3 {never closed\n\n c7b7", TEXT_LEN, 1, 9, "never closed");
    assert_int_equal(read_bad("1. c2b3 (1. c1b1 (1. e1f1) c7b7", TEXT_LEN, 1, 9, "never closed"), 1);
    read_bad("1. c2b3 ) c7b7", TEXT_LEN, 1, 9, "unexpected ')'");
    read_bad("1. c2b3 } c7b7", TEXT_LEN, 1, 9, "unexpected '}'");
    /* Nothing there at all. */
    read_bad("", TEXT_LEN, 1, 1, "no game");
    read_bad("  \n{just a comment}\n; and a line\n", TEXT_LEN, 1, 1, "no game");
}

static void binary_data_is_refused(void **state)
{
    (void)state;
    static const char nul_in_moves[] = "1. c2b3 \0 c7b7 *";
    assert_int_equal(read_bad(nul_in_moves, sizeof nul_in_moves - 1, 1, 9, "binary data (byte 0x00)"), 1);
    static const char nul_in_tag[] = "[Event \"a\0b\"]";
    read_bad(nul_in_tag, sizeof nul_in_tag - 1, 1, 10, "binary data");
    static const char nul_in_comment[] = "{ab\0}";
    read_bad(nul_in_comment, sizeof nul_in_comment - 1, 1, 4, "binary data");
    static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    assert_int_equal(read_bad(png, sizeof png - 1, 1, 1, "not a square"), -1);
    /* Random bytes: some error, never a crash, whatever they hold. */
    char junk[4096];
    for (int round = 0; round < 200; round++) {
        for (size_t i = 0; i < sizeof junk; i++) {
            junk[i] = (char)(rng() >> 56);
        }
        rb_game *games = NULL;
        size_t n = 0;
        rb_pgn_error err;
        int rc = rb_pgn_read(junk, sizeof junk, &games, &n, &err);
        assert_int_not_equal(err.line, 0);
        assert_int_equal(rc, n > 0 ? (int)n : -1);
        free_games(games, n);
    }
}

static double seconds_since(clock_t start)
{
    return (double)(clock() - start) / CLOCKS_PER_SEC;
}

/* Fills size bytes with prefix, then fill, then suffix. */
static char *build(size_t size, const char *prefix, char fill, const char *suffix)
{
    char *text = malloc(size);
    assert_non_null(text);
    size_t p = strlen(prefix), s = strlen(suffix);
    memset(text, fill, size);
    memcpy(text, prefix, p);
    memcpy(text + size - s, suffix, s);
    return text;
}

static void hostile_input_is_read_in_bounded_time(void **state)
{
    (void)state;
    size_t big = rb_test_sanitized() ? (size_t)10 << 20 : (size_t)100 << 20;
    clock_t start = clock();

    /* A huge comment before a real game. */
    char *text = build(big, "{", 'a', "}\n[Event \"after\"]\n1. c2b3 *\n");
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    assert_int_equal(rb_pgn_read(text, big, &games, &n, &err), 1);
    assert_string_equal(rb_game_tag(&games[0], "Event"), "after");
    assert_int_equal(err.line, 0);
    free_games(games, n);
    free(text);

    /* Variations nested a hundred million deep, closed at the end. */
    text = build(big, "1. c2b3 ", '(', "");
    for (size_t i = big / 2; i < big; i++) {
        text[i] = ')';
    }
    memcpy(text + big - 8, " c7b7 *\n", 8);
    /* The opening count must equal the closing: */
    size_t opens = big / 2 - 8, closes = big - 8 - big / 2;
    assert_int_equal(opens, closes);
    assert_int_equal(rb_pgn_read(text, big, &games, &n, &err), 1);
    assert_int_equal(games[0].length, 2);
    free_games(games, n);
    /* ... and left open. */
    memset(text + big / 2, '(', big / 2 - 8);
    read_bad(text, big, 1, 9, "never closed");
    free(text);

    /* One endless word, and one endless tag value. */
    text = build(big, "1. ", 'e', "");
    read_bad(text, big, 1, 4, "far too long");
    free(text);
    text = build(big, "[Event \"", 'v', "\"]");
    read_bad(text, big, 1, 8, "longer than");
    free(text);

    /* Endless empty games stop at the limit. */
    size_t stars = (size_t)RB_PGN_MAX_GAMES * 2 + 100;
    text = build(stars * 2, "", ' ', "");
    for (size_t i = 0; i < stars; i++) {
        text[2 * i] = '*';
    }
    games = NULL;
    int rc = rb_pgn_read(text, stars * 2, &games, &n, &err);
    assert_int_equal(rc, RB_PGN_MAX_GAMES);
    assert_non_null(strstr(err.message, "more than"));
    free_games(games, n);
    free(text);

    /* Many tags in one game. */
    size_t ntags = RB_PGN_MAX_TAGS + 10;
    text = malloc(ntags * 16 + 1);
    assert_non_null(text);
    size_t len = 0;
    for (size_t i = 0; i < ntags; i++) {
        len += (size_t)sprintf(text + len, "[T%06lu \"v\"]\n", (unsigned long)i);
    }
    read_bad(text, len, RB_PGN_MAX_TAGS + 1, 1, "more than");
    free(text);

    double took = seconds_since(start);
    print_message("hostile inputs of %lu MB read in %.2f s\n", (unsigned long)(big >> 20), took);
    assert_true(took < (rb_test_sanitized() ? 60.0 : 20.0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writes_the_tags_and_numbered_display_moves),
        cmocka_unit_test(writes_setup_fen_and_termination),
        cmocka_unit_test(every_ending_round_trips),
        cmocka_unit_test(random_games_round_trip),
        cmocka_unit_test(overlong_tags_are_cut_so_the_file_reads_back),
        cmocka_unit_test(reads_pgn_as_people_write_it),
        cmocka_unit_test(illegal_moves_keep_the_game_up_to_them),
        cmocka_unit_test(malformed_text_is_reported_where_it_is),
        cmocka_unit_test(binary_data_is_refused),
        cmocka_unit_test(hostile_input_is_read_in_bounded_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
