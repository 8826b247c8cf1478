/*
 * test_messages_are_templates_with_arguments.c - the rules library's
 * messages about position strings, move text and game files come as a
 * template and its arguments (rb_message.h) that rebuild, word for word,
 * the English sentence the char *err functions write; a front end's
 * translation of each template and word goes into its place, with the
 * arguments moved as the translation says, and a translation whose
 * placeholders do not fit its arguments is passed over for the English.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_core.h"

/* ---- translations for the test ------------------------------------------ */

/* Marks every template <...> and every word [...], so a sentence shows
 * which of its parts went through the translation. */
static char marked[64][RB_MSG_TEXT_MAX];
static int nmarked;

static const char *mark(const char *context, const char *text, void *data)
{
    (void)data;
    char *out = marked[nmarked++ % 64];
    snprintf(out, RB_MSG_TEXT_MAX, context ? "[%s]" : "<%s>", text);
    return out;
}

/* Gives every template the same translation (data), words unchanged. */
static const char *every_template_as(const char *context, const char *text, void *data)
{
    return context ? text : (const char *)data;
}

/* Gives the reader's template about a move (data) its translation, every
 * other template and word unchanged. */
static const char *move_template_as(const char *context, const char *text, void *data)
{
    return !context && strncmp(text, "move %1$s", 9) == 0 ? (const char *)data : text;
}

/* ---- the cases ----------------------------------------------------------- */

static const char *const start_fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

typedef struct text_case {
    const char *text, *english, *marked;
} text_case;

/* Checks one message: its English, the char *err sentence, and the parts
 * the translation sees. */
static void check_message(const rb_message *why, const char *err, const text_case *c)
{
    char english[RB_MSG_TEXT_MAX], parts[RB_MSG_TEXT_MAX];
    size_t n = rb_message_text(why, NULL, NULL, english, sizeof english);
    if (strcmp(err, c->english) != 0) {
        fail_msg("'%s': the library says \"%s\", not \"%s\"", c->text, err, c->english);
    }
    if (strcmp(english, c->english) != 0) {
        fail_msg("'%s': the message rebuilds \"%s\", not \"%s\"", c->text, english, c->english);
    }
    assert_int_equal(n, strlen(c->english));
    rb_message_text(why, mark, NULL, parts, sizeof parts);
    if (strcmp(parts, c->marked) != 0) {
        fail_msg("'%s': the translation sees \"%s\", not \"%s\"", c->text, parts, c->marked);
    }
}

static void position_strings(void **state)
{
    (void)state;
    static const text_case cases[] = {
        {"", "empty position string", "<empty position string>"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 x", "move number: 'x' is not a decimal number",
         "<move number: 'x' is not a decimal number>"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKQ2/2PBR2 w - 0 1", "rank 2: unknown piece letter 'Q' at e2",
         "<rank 2: unknown piece letter 'Q' at e2>"},
        {"2rbp2/2rkp2/3xx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "rank 5: 3 empty squares from a5 run into the hole at c5",
         "<rank 5: 3 empty squares from a5 run into the hole at c5>"},
        {"a b c", "expected 5 fields (placement, side, flags, quiet plies, move number), found 3",
         "<expected 5 fields (placement, side, flags, quiet plies, move number), found 3>"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w Q 0 1", "out flags: expected '-', 'K', 'k' or 'Kk', found 'Q'",
         "<out flags: expected '-', 'K', 'k' or 'Kk', found 'Q'>"},
        /* Bytes that are not printable ASCII: shown by value, or as '?'. */
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2P\xc3\xa9"
         "2 w - 0 1",
         "rank 1: unknown piece letter 0xc3 at d1", "<rank 1: unknown piece letter 0xc3 at d1>"},
        {"2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1 \x01", "more than 5 fields: unexpected '?'",
         "<more than 5 fields: unexpected '?'>"},
        /* Legality: the verdict's sentence, with the side in the template. */
        {"7/7/2xxx2/2xxx2/2xxx2/7/3K3 w - 0 1", "Black has 0 kings, expected exactly 1",
         "<Black has 0 kings, expected exactly 1>"},
        {"7/7/2xxx2/2xxx2/2xxx2/7/2kK3 w - 0 1", "the kings stand next to each other (c1 and d1)",
         "<the kings stand next to each other (c1 and d1)>"},
        {"R2k3/7/2xxx2/2xxx2/2xxx2/3K3/7 w - 0 1", "Black is in check but it is White's move",
         "<Black is in check but it is White's move>"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const text_case *c = &cases[i];
        rb_pos pos;
        rb_message why;
        char err[200];
        assert_int_equal(rb_pos_parse(&pos, c->text, err, sizeof err), -1);
        assert_int_equal(rb_pos_parse_why(&pos, c->text, &why), -1);
        check_message(&why, err, c);
    }
    /* The form alone: the same message for a bad form, none for a legal one. */
    rb_pos pos;
    rb_message why;
    assert_int_equal(rb_pos_parse_form_why(&pos, "a b c", &why), -1);
    assert_string_equal(why.part[0].tmpl,
                        "expected 5 fields (placement, side, flags, quiet plies, move number), found %1$s");
    assert_int_equal(rb_pos_parse_form_why(&pos, "7/7/2xxx2/2xxx2/2xxx2/7/3K3 w - 0 1", &why), 0);
    assert_int_equal(rb_pos_parse_why(&pos, start_fen, &why), 0);
}

static void move_text(void **state)
{
    (void)state;
    static const text_case cases[] = {
        {"c2c2", "no legal move c2c2: a move must leave its square",
         "<no legal move c2c2: a move must leave its square>"},
        {"e6e5", "'e5' is in the hole in the middle of the board, not a square",
         "<'e5' is in the hole in the middle of the board, not a square>"},
        /* The piece is a word of its own; the side is in the template. */
        {"d6c6", "no legal move d6c6: the king on d6 is Black's, and White is to move",
         "<no legal move d6c6: [the king] on d6 is Black's, and White is to move>"},
        {"e2d2", "no legal move e2d2: d2 holds a piece of White's own",
         "<no legal move e2d2: d2 holds a piece of White's own>"},
        {"Rd1-c1", "no legal move Rd1-c1: the piece on d1 is a bishop, not a rook",
         "<no legal move Rd1-c1: the piece on d1 is [a bishop], not [a rook]>"},
        {"e1b1", "no legal move e1b1: the rook on e1 cannot reach b1",
         "<no legal move e1b1: [the rook] on e1 cannot reach b1>"},
        {"c1b1r", "no legal move c1b1r: only a pawn reaching its promotion squares promotes",
         "<no legal move c1b1r: only a pawn reaching its promotion squares promotes>"},
        {"h1a1", "'h1' is not a square", "<'h1' is not a square>"},
        {"c2b3q", "'c2b3q': a promotion is written r or b, not 'q'",
         "<'c2b3q': a promotion is written r or b, not 'q'>"},
        {"Kd2", "'Kd2' is not a move: the to-square is missing", "<'Kd2' is not a move: the to-square is missing>"},
        {"c2b2=Q", "'c2b2=Q': a pawn promotes to R or B, not 'Q'", "<'c2b2=Q': a pawn promotes to R or B, not 'Q'>"},
    };
    rb_pos start;
    rb_pos_start(&start);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const text_case *c = &cases[i];
        rb_move m;
        rb_message why;
        char err[200];
        assert_int_equal(rb_move_parse(&start, c->text, &m, err, sizeof err), -1);
        assert_int_equal(rb_move_parse_why(&start, c->text, &m, &why), -1);
        check_message(&why, err, c);
    }
    /* The coordinate reader's own message is the same. */
    rb_move m;
    rb_message why;
    char err[200];
    assert_int_equal(rb_move_parse_coord(&start, "e2d2", &m, err, sizeof err), -1);
    assert_int_equal(rb_move_parse_coord_why(&start, "e2d2", &m, &why), -1);
    check_message(&why, err, &cases[3]);
    assert_int_equal(rb_move_parse_coord_why(&start, "c2b3", &m, &why), 0);
}

static void game_files(void **state)
{
    (void)state;
    static const text_case cases[] = {
        /* A move's message inside the reader's: both parts translated. */
        {"[Event \"x\"]\n\n1. d6c6 *",
         "move 1 (White): no legal move d6c6: the king on d6 is Black's, and White is to move",
         "<move 1 (White): <no legal move d6c6: [the king] on d6 is Black's, and White is to move>>"},
        {"1. c2b3 e6f5 2. zz9 *", "move 2 (White): 'zz' is not a square", "<move 2 (White): <'zz' is not a square>>"},
        /* A position string's, likewise. */
        {"[FEN \"7/7/2xxx2/2xxx2/2xxx2/7/3K3 w - 0 1\"]\n\n*", "bad FEN tag: Black has 0 kings, expected exactly 1",
         "<bad FEN tag: <Black has 0 kings, expected exactly 1>>"},
        {"[Event \"x\"\n", "tag Event: ']' should close it", "<tag Event: ']' should close it>"},
        {"1. c2b3 $300", "'$' should be followed by a NAG, a number from 0 to 255",
         "<'$' should be followed by a NAG, a number from 0 to 255>"},
        {"1. c2b3 )", "unexpected ')'", "<unexpected ')'>"},
        {"[Variant \"chess\"]\n*", "the game is of the variant \"chess\", not Rollerball",
         "<the game is of the variant \"chess\", not Rollerball>"},
        {"1. c2b3 {", "the comment opened here with '{' is never closed",
         "<the comment opened here with '{' is never closed>"},
        {"\x01", "binary data (byte 0x01): this is not PGN text", "<binary data (byte 0x01): this is not PGN text>"},
        {"", "no game found in the text", "<no game found in the text>"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const text_case *c = &cases[i];
        rb_game *games = NULL;
        size_t n = 0;
        rb_pgn_error err;
        rb_pgn_read(c->text, strlen(c->text), &games, &n, &err);
        assert_int_not_equal(err.line, 0);
        check_message(&err.why, err.message, c);
        for (size_t k = 0; k < n; k++) {
            rb_game_free(&games[k]);
        }
        free(games);
    }
    /* A game read whole has no message. */
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    assert_int_equal(rb_pgn_read("1. c2b3 *", 9, &games, &n, &err), 1);
    assert_int_equal(err.why.nparts, 0);
    rb_game_free(&games[0]);
    free(games);
}

/* A game that ends, then goes on: the ending is a word of its own. */
static void a_move_after_the_end_names_the_ending_as_a_word(void **state)
{
    (void)state;
    const char *fen = "4R2/7/2xxx2/2xxx2/K1xxx2/7/k6 w - 0 1"; /* White mates in one */
    rb_pos pos;
    assert_int_equal(rb_pos_parse(&pos, fen, NULL, 0), 0);
    rb_movelist list;
    rb_gen_legal(&pos, &list);
    char mate[RB_MOVE_TEXT_MAX] = "";
    for (int i = 0; i < list.count && !mate[0]; i++) {
        rb_pos after;
        rb_pos_make(&pos, list.moves[i], &after);
        if (rb_pos_status(&after) == RB_CHECKMATE) {
            rb_move_to_coord(list.moves[i], mate);
        }
    }
    assert_true(mate[0] != '\0');
    char text[200];
    snprintf(text, sizeof text, "[FEN \"%s\"]\n\n1. %s a1b1 *", fen, mate);
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    rb_pgn_read(text, strlen(text), &games, &n, &err);
    char english[RB_MSG_TEXT_MAX], parts[RB_MSG_TEXT_MAX];
    rb_message_text(&err.why, NULL, NULL, english, sizeof english);
    assert_string_equal(err.message, "'a1b1' comes after the end of the game (checkmate)");
    assert_string_equal(english, err.message);
    rb_message_text(&err.why, mark, NULL, parts, sizeof parts);
    assert_string_equal(parts, "<'a1b1' comes after the end of the game ([checkmate])>");
    for (size_t k = 0; k < n; k++) {
        rb_game_free(&games[k]);
    }
    free(games);
}

/* ---- translations that do not fit --------------------------------------- */

static void translations_move_the_arguments_and_bad_ones_are_passed_over(void **state)
{
    (void)state;
    rb_pos start;
    rb_pos_start(&start);
    rb_move m;
    rb_message why;
    assert_int_equal(rb_move_parse_why(&start, "e2d2", &m, &why), -1); /* two arguments: e2d2, d2 */
    char out[RB_MSG_TEXT_MAX];
    const char *english = "no legal move e2d2: d2 holds a piece of White's own";

    /* Reordered, repeated, and a percent sign written %%. */
    rb_message_text(&why, every_template_as, "%2$s (100%%) <- %1$s, %2$s", out, sizeof out);
    assert_string_equal(out, "d2 (100%) <- e2d2, d2");

    /* Placeholders with no argument, or of another kind: the English. */
    static const char *const bad[] = {
        "%9$s", "%3$s", "%0$s", "%s", "%d", "%1$d", "%1$", "100%", "% 1$s", "%1$s%", "%-1$s", "%999999999$s",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rb_message_text(&why, every_template_as, (void *)bad[i], out, sizeof out);
        if (strcmp(out, english) != 0) {
            fail_msg("translation \"%s\" gave \"%s\"", bad[i], out);
        }
    }

    /* Nested: the outer template has the inner sentence as its last
     * argument, and no more. */
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    rb_pgn_read("1. d6c6 *", 9, &games, &n, &err);
    rb_message_text(&err.why, move_template_as, "%2$s [%1$s]", out, sizeof out);
    assert_string_equal(out, "no legal move d6c6: the king on d6 is Black's, and White is to move [1]");
    rb_message_text(&err.why, move_template_as, "%3$s", out, sizeof out);
    assert_string_equal(out, err.message);
    for (size_t k = 0; k < n; k++) {
        rb_game_free(&games[k]);
    }
    free(games);
}

static void sentences_are_cut_like_snprintf(void **state)
{
    (void)state;
    rb_pos pos;
    rb_message why;
    assert_int_equal(rb_pos_parse_why(&pos, "", &why), -1);
    const char *english = "empty position string";
    char out[8];
    memset(out, 'x', sizeof out);
    assert_int_equal(rb_message_text(&why, NULL, NULL, out, sizeof out), strlen(english));
    assert_string_equal(out, "empty p");
    memset(out, 'x', sizeof out);
    assert_int_equal(rb_message_text(&why, NULL, NULL, out, 0), strlen(english));
    assert_int_equal(out[0], 'x');
    /* The char *err functions cut the same way. */
    char err[8];
    assert_int_equal(rb_pos_parse(&pos, "", err, sizeof err), -1);
    assert_string_equal(err, "empty p");

    /* An argument is cut to its room; the sentence is whole otherwise. */
    char long_text[300];
    memset(long_text, 'A', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    rb_message_set(&why, RB_MSG_("[%1$s]"));
    rb_message_add(&why, "%s", long_text);
    char whole[RB_MSG_TEXT_MAX];
    assert_int_equal(rb_message_text(&why, NULL, NULL, whole, sizeof whole), RB_MSG_ARG_MAX - 1 + 2);
    /* No more arguments than there is room for. */
    for (int i = 0; i < RB_MSG_ARGS + 3; i++) {
        rb_message_add(&why, "%d", i);
    }
    assert_int_equal(why.part[0].nargs, RB_MSG_ARGS);
}

/* Messages nest RB_MSG_PARTS deep, each sentence the next one's last
 * argument, every part translated; a file's name, longer than any
 * argument may be, stands whole outside the message, with its line. */
static void messages_nest_and_a_file_stands_outside(void **state)
{
    (void)state;
    rb_message why;
    rb_message_set(&why, RB_MSG_("inner %1$s"));
    rb_message_add(&why, "x");
    rb_message_wrap(&why, RB_MSG_("middle %1$s: %2$s"));
    rb_message_add(&why, "y");
    rb_message_wrap(&why, RB_MSG_("outer %1$s: %2$s"));
    rb_message_add(&why, "z");
    assert_int_equal(why.nparts, RB_MSG_PARTS);
    rb_message_wrap(&why, RB_MSG_("one too many: %1$s")); /* no room: left as it is */
    assert_int_equal(why.nparts, RB_MSG_PARTS);
    char out[RB_MSG_TEXT_MAX * 2];
    rb_message_text(&why, NULL, NULL, out, sizeof out);
    assert_string_equal(out, "outer z: middle y: inner x");
    nmarked = 0;
    rb_message_text(&why, mark, NULL, out, sizeof out);
    assert_string_equal(out, "<outer z: <middle y: <inner x>>>");

    char path[300];
    memset(path, 'p', sizeof path - 1);
    path[0] = '/';
    path[sizeof path - 1] = '\0';
    char expect[sizeof out];
    rb_message_file_text(path, 0, &why, NULL, NULL, out, sizeof out);
    snprintf(expect, sizeof expect, "%s: outer z: middle y: inner x", path);
    assert_string_equal(out, expect);
    rb_message_file_text(path, 7, &why, NULL, NULL, out, sizeof out);
    snprintf(expect, sizeof expect, "%s:7: outer z: middle y: inner x", path);
    assert_string_equal(out, expect);
    nmarked = 0;
    rb_message_file_text("f", 7, &why, mark, NULL, out, sizeof out);
    assert_string_equal(out, "<f:7: <outer z: <middle y: <inner x>>>>");
    /* A translation of the frame that does not fit it: the English frame. */
    rb_message_file_text("f", 0, &why, every_template_as, "%3$s", out, sizeof out);
    assert_string_equal(out, "f: outer z: middle y: inner x");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(position_strings),
        cmocka_unit_test(move_text),
        cmocka_unit_test(game_files),
        cmocka_unit_test(a_move_after_the_end_names_the_ending_as_a_word),
        cmocka_unit_test(translations_move_the_arguments_and_bad_ones_are_passed_over),
        cmocka_unit_test(sentences_are_cut_like_snprintf),
        cmocka_unit_test(messages_nest_and_a_file_stands_outside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
