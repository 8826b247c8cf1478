/*
 * test_pgn_annotations.c - what a record says about its moves (comments,
 * evaluations, clocks, NAGs, a variation per move, the TimeControl tag)
 * survives writing and reading, is read from PGN other tools write, stays
 * with its move through undo, redo and replaced moves, and is refused or
 * reported when it is out of bounds.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_notation.h"
#include "rb_pgn.h"

static const char *const start_fen = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static rb_game *read_ok(const char *text, size_t want)
{
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    int rc = rb_pgn_read(text, strlen(text), &games, &n, &err);
    if (err.line != 0) {
        fail_msg("error at %d:%d: %s in:\n%s", err.line, err.column, err.message, text);
    }
    assert_int_equal(rc, (int)want);
    return games;
}

static void free_games(rb_game *games, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
}

static void read_bad(const char *text, int line, int column, const char *want)
{
    rb_game *games = NULL;
    size_t n = 0;
    rb_pgn_error err;
    rb_pgn_read(text, strlen(text), &games, &n, &err);
    if (err.line != line || err.column != column || strstr(err.message, want) == NULL) {
        fail_msg("expected an error at %d:%d mentioning \"%s\", got %d:%d \"%s\"", line, column, want, err.line,
                 err.column, err.message);
    }
    free_games(games, n);
}

/* Moves of a game in coordinate form: "c2b3 c7b7". */
static void parse_line(const rb_pos *from, const char *text, rb_move *out, int *n)
{
    rb_pos pos = *from;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    *n = 0;
    for (char *w = strtok(buf, " "); w != NULL; w = strtok(NULL, " ")) {
        char err[160];
        if (rb_move_parse(&pos, w, &out[*n], err, sizeof err) != 0) {
            fail_msg("%s: %s", w, err);
        }
        rb_pos_make(&pos, out[*n], &pos);
        (*n)++;
    }
}

/* Writes g, reads it back, checks every move, tag and annotation came back
 * the same, and that writing the copy gives the same text; returns the text. */
static char *round_trip(const rb_game *g)
{
    char *text = rb_pgn_write(g);
    assert_non_null(text);
    rb_game *back = read_ok(text, 1);
    assert_int_equal(back[0].length, g->length);
    for (size_t i = 0; i < g->length; i++) {
        assert_true(back[0].moves[i] == g->moves[i]);
        if (!rb_annotation_equal(rb_game_annotation(g, i), rb_game_annotation(&back[0], i))) {
            const rb_annotation *b = rb_game_annotation(&back[0], i);
            fail_msg("move %zu's annotation changed (comment now \"%s\", eval %d/%d) in:\n%s", i + 1,
                     b->comment ? b->comment : "(none)", (int)b->eval.kind, b->eval.value, text);
        }
    }
    if (g->intro == NULL) {
        assert_null(back[0].intro);
    } else {
        assert_non_null(back[0].intro);
        assert_string_equal(back[0].intro, g->intro);
    }
    assert_int_equal(back[0].ntags, g->ntags);
    char *again = rb_pgn_write(&back[0]);
    assert_string_equal(again, text);
    free(again);
    free_games(back, 1);
    return text;
}

static void every_kind_of_annotation_round_trips(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    rb_test_play(&g, "c2b3 c7b7 e1f1 c6b6 f1e1");
    assert_int_equal(rb_game_set_intro(&g, "Club night, board one."), 0);
    assert_int_equal(rb_game_set_eval(&g, 0, (rb_eval_mark){RB_EVAL_CP, 35}), 0);
    assert_int_equal(rb_game_set_clock(&g, 0, 272000), 0);
    assert_int_equal(rb_game_set_comment(&g, 0, "a quiet start"), 0);
    assert_int_equal(rb_game_set_eval(&g, 1, (rb_eval_mark){RB_EVAL_CP, -5}), 0);
    assert_int_equal(rb_game_set_clock(&g, 1, 1500), 0);
    assert_int_equal(rb_game_add_nag(&g, 1, RB_NAG_DUBIOUS), 0);
    assert_int_equal(rb_game_add_nag(&g, 1, 146), 0);
    rb_move line[8];
    int n;
    parse_line(&g.positions[1], "c6b6 e1f1", line, &n);
    assert_int_equal(rb_game_set_line(&g, 1, line, n), 0);
    assert_int_equal(rb_game_set_eval(&g, 2, (rb_eval_mark){RB_EVAL_MATE, -3}), 0);
    assert_int_equal(rb_game_set_clock(&g, 2, 3723045), 0);
    assert_int_equal(rb_game_add_nag(&g, 2, RB_NAG_BLUNDER), 0);
    assert_int_equal(rb_game_set_eval(&g, 3, (rb_eval_mark){RB_EVAL_MATE, 12}), 0);
    assert_int_equal(rb_game_set_clock(&g, 3, 10), 0);
    assert_int_equal(rb_game_set_comment(&g, 3,
                                         "K\xc3\xb8"
                                         "benhavn [%hint 2] [%csl Ga4]"),
                     0);
    assert_int_equal(rb_game_set_eval(&g, 4, (rb_eval_mark){RB_EVAL_CP, -1200}), 0);
    assert_int_equal(rb_game_set_clock(&g, 4, 0), 0);
    assert_int_equal(rb_game_add_nag(&g, 4, RB_NAG_GOOD), 0);
    assert_int_equal(rb_game_set_tag(&g, "TimeControl", "300+3"), 0);

    char *text = round_trip(&g);
    /* What other tools expect to find, where they expect it, and lines
     * kept short. */
    for (const char *line = text; *line != '\0';) {
        const char *end = strchr(line, '\n');
        assert_non_null(end);
        assert_true(end - line <= 80);
        line = end + 1;
    }
    assert_non_null(strstr(text, "[TimeControl \"300+3\"]\n"));
    for (char *c = text; *c != '\0'; c++) {
        *c = *c == '\n' ? ' ' : *c; /* lines may break between any two words */
    }
    assert_non_null(strstr(text, "{Club night, board one.} 1. c2-b3 {[%eval 0.35] [%clk 0:04:32] a quiet start}"));
    assert_non_null(strstr(text, "Rc7-b7 {[%eval -0.05] [%clk 0:00:01.5]} $6 $146 (1... Rc6-b6 2. Re1-f1)"));
    assert_non_null(strstr(text, "2. Re1-f1 {[%eval #-3] [%clk 1:02:03.045]} $4 2... Rc6-b6"));
    assert_non_null(strstr(text, "{[%eval #12] [%clk 0:00:00.01] K\xc3\xb8"
                                 "benhavn [%hint 2] [%csl Ga4]}"));
    assert_non_null(strstr(text, "{[%eval -12.00] [%clk 0:00:00]} $1"));
    free(text);
    rb_game_free(&g);
}

/* A line is never broken inside a command: "{[%eval\n6.20]}" is legal
 * PGN, but other tools' readers take a command only on one line. Comments
 * of every length put the breaks at every place in the commands. */
static void commands_are_never_broken_across_lines(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    for (int i = 0; i < 60 && rb_game_ending(&g) == RB_END_NONE; i++) {
        rb_movelist list;
        rb_gen_legal(rb_game_pos(&g), &list);
        assert_int_equal(rb_game_play(&g, list.moves[(size_t)i * 7 % (size_t)list.count]), 0);
    }
    char padding[64];
    for (size_t i = 0; i < g.length; i++) {
        int n = (int)(i % 23);
        memset(padding, 'x', (size_t)n);
        padding[n] = '\0';
        char comment[256];
        snprintf(comment, sizeof comment, "%s [%%cal Ga1a7,Gb2b6,Rc1c7] and [%%csl Ga4] %s", padding, padding);
        assert_int_equal(rb_game_set_eval(&g, i, (rb_eval_mark){RB_EVAL_CP, -1234 + (int)i * 37}), 0);
        assert_int_equal(rb_game_set_clock(&g, i, 3600000 + (int64_t)i * 1001), 0);
        assert_int_equal(rb_game_set_comment(&g, i, i % 3 == 0 ? "" : comment), 0);
    }
    char *text = round_trip(&g);
    int breaks_near = 0;
    bool in_command = false;
    for (const char *c = text; *c != '\0'; c++) {
        if (c[0] == '[' && c[1] == '%') {
            in_command = true;
        } else if (c[0] == ']') {
            in_command = false;
        } else if (c[0] == '\n') {
            assert_false(in_command);
            breaks_near += c > text && c[-1] == ']';
        }
    }
    /* The test put breaks right after commands, so it tried the edge. */
    assert_true(breaks_near > 0);
    free(text);
    rb_game_free(&g);
}

static const char *const tricky_comments[] = {
    "plain",
    "two  spaces\nand a line",
    " } closes early",
    "[%eval 9.99] is not the evaluation",
    "[%clk 0:00:01] nor the clock",
    "[%csl Ga4][%cal Ga1a2]",
    "{ nested { braces",
    "; not a rest-of-line",
    "(not a variation)",
    "$1 is not a NAG here",
    "% at the start",
    "1-0 is not a result here",
    "\xe2\x99\x9c\xe2\x99\x9d",
    "",
};

/* Random legal games with random annotations of every kind. */
static void random_annotated_games_round_trip(void **state)
{
    (void)state;
    for (int game = 0; game < 60; game++) {
        rb_game g;
        rb_test_new_game(&g, start_fen);
        int plies = 1 + (int)(rng() % 80);
        for (int p = 0; p < plies && rb_game_ending(&g) == RB_END_NONE; p++) {
            rb_movelist list;
            rb_gen_legal(rb_game_pos(&g), &list);
            assert_int_equal(rb_game_play(&g, list.moves[rng() % (uint64_t)list.count]), 0);
        }
        if (rng() % 3 == 0) {
            rb_game_set_intro(&g, tricky_comments[rng() % (sizeof tricky_comments / sizeof *tricky_comments)]);
        }
        for (size_t i = 0; i < g.length; i++) {
            if (rng() % 2) {
                rb_eval_mark e = {RB_EVAL_CP, (int)(rng() % 4001) - 2000};
                if (rng() % 5 == 0) {
                    e.kind = RB_EVAL_MATE;
                    e.value = (int)(rng() % 40) + 1;
                    e.value = rng() % 2 ? e.value : -e.value;
                }
                assert_int_equal(rb_game_set_eval(&g, i, e), 0);
            }
            if (rng() % 2) {
                assert_int_equal(rb_game_set_clock(&g, i, (int64_t)(rng() % 36000000)), 0);
            }
            if (rng() % 3 == 0) {
                size_t k = rng() % (sizeof tricky_comments / sizeof *tricky_comments);
                assert_int_equal(rb_game_set_comment(&g, i, tricky_comments[k]), 0);
            }
            for (int k = (int)(rng() % 4); k > 0; k--) {
                assert_int_equal(rb_game_add_nag(&g, i, (int)(rng() % 256)), 0);
            }
            if (rng() % 4 == 0) {
                rb_move line[RB_NOTE_LINE_MAX];
                rb_pos pos = g.positions[i];
                int n = 0, want = 1 + (int)(rng() % 12);
                while (n < want && rb_pos_status(&pos) == RB_ONGOING) {
                    rb_movelist list;
                    rb_gen_legal(&pos, &list);
                    line[n] = list.moves[rng() % (uint64_t)list.count];
                    rb_pos_make(&pos, line[n], &pos);
                    n++;
                }
                assert_int_equal(rb_game_set_line(&g, i, line, n), 0);
            }
        }
        free(round_trip(&g));
        rb_game_free(&g);
    }
}

static void reads_annotations_other_tools_write(void **state)
{
    (void)state;
    const char *text = "[Event \"Rated blitz game\"]\n"
                       "[TimeControl \"300+3\"]\n"
                       "[Annotator \"another program\"]\n"
                       "\n"
                       "{ An intro\n  over two lines. } 1. c2-b3 { [%eval 0.17,22] [%clk 0:05:00] } 1... Rc7-b7?! "
                       "{ [%eval +1.255] [%clk 0:04:58.3] } { (?!) Inaccuracy. } { [%csl Ga4][%cal Ga1a2] }\n"
                       "( 1... Rc6-b6 { the better line } $1 ( 1... e6f6 ) 2. Re1-f1 ) ( 1... e6-f5 ) "
                       "2. Re1-f1!! $14 { [%eval #-3 ] [%eval 5.00] } 2... c6b6 { [%eval #2] } $4 $4 "
                       "3. f1e1 { [%eval abc] [%clk 99] } *\n";
    rb_game *g = read_ok(text, 1);
    assert_int_equal(g->length, 5);
    assert_string_equal(g->intro, "An intro over two lines.");
    int64_t base, inc;
    assert_true(rb_game_time_control(g, &base, &inc));
    assert_int_equal(base, 300000);
    assert_int_equal(inc, 3000);
    assert_string_equal(rb_game_tag(g, "Annotator"), "another program");

    const rb_annotation *a = rb_game_annotation(g, 0);
    assert_int_equal(a->eval.kind, RB_EVAL_CP);
    assert_int_equal(a->eval.value, 17); /* the search depth after the comma is dropped */
    assert_int_equal(a->clock_ms, 300000);
    assert_null(a->comment);

    a = rb_game_annotation(g, 1);
    assert_int_equal(a->eval.value, 126); /* 1.255 pawns, rounded */
    assert_int_equal(a->clock_ms, 298300);
    assert_string_equal(a->comment, "(?!) Inaccuracy. [%csl Ga4][%cal Ga1a2]");
    assert_int_equal(a->nnags, 1);
    assert_true(rb_annotation_has_nag(a, RB_NAG_DUBIOUS));
    /* The first variation, without what was nested in it; the second is dropped. */
    assert_int_equal(a->line_len, 2);
    char buf[RB_MOVE_TEXT_MAX];
    rb_move_to_coord(a->line[0], buf);
    assert_string_equal(buf, "c6b6");
    rb_move_to_coord(a->line[1], buf);
    assert_string_equal(buf, "e1f1");

    a = rb_game_annotation(g, 2);
    assert_int_equal(a->eval.kind, RB_EVAL_MATE);
    assert_int_equal(a->eval.value, -3);
    assert_string_equal(a->comment, "[eval 5.00]"); /* a second evaluation is only text */
    assert_int_equal(a->nnags, 2);
    assert_int_equal(a->nags[0], RB_NAG_BRILLIANT);
    assert_int_equal(a->nags[1], 14);

    a = rb_game_annotation(g, 3);
    assert_int_equal(a->eval.value, 2);
    assert_int_equal(a->nnags, 1); /* a NAG given twice counts once */

    a = rb_game_annotation(g, 4);
    assert_int_equal(a->eval.kind, RB_EVAL_NONE);
    assert_int_equal(a->clock_ms, RB_CLOCK_NONE);
    assert_string_equal(a->comment, "[eval abc] [clk 99]"); /* commands that do not parse are text */
    free(round_trip(g));
    free_games(g, 1);
}

static void annotations_follow_their_moves(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    assert_null(rb_game_annotation(&g, 0));
    rb_test_play(&g, "c2b3 c7b7 e1f1");
    assert_true(rb_annotation_is_empty(rb_game_annotation(&g, 2)));
    assert_null(rb_game_annotation(&g, 3));
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(rb_game_add_nag(&g, i, (int)i + 1), 0);
    }
    /* Undo and redo keep them; they are the record's, not the cursor's. */
    assert_true(rb_game_undo(&g));
    assert_true(rb_game_undo(&g));
    assert_true(rb_annotation_has_nag(rb_game_annotation(&g, 2), 3));
    assert_true(rb_game_redo(&g));
    assert_true(rb_annotation_has_nag(rb_game_annotation(&g, 1), 2));
    /* A different second move replaces the first one's tail with its notes. */
    assert_true(rb_game_undo(&g));
    rb_test_play(&g, "c6b6");
    assert_int_equal(g.length, 2);
    assert_true(rb_annotation_is_empty(rb_game_annotation(&g, 1)));
    assert_true(rb_annotation_has_nag(rb_game_annotation(&g, 0), 1));
    rb_test_play(&g, "e1f1");
    assert_true(rb_annotation_is_empty(rb_game_annotation(&g, 2)));
    /* A move in the redo tail can be annotated; resigning drops it with
     * its annotation, so playing it again starts bare. */
    assert_true(rb_game_undo(&g));
    assert_int_equal(rb_game_add_nag(&g, 2, 4), 0);
    rb_game_resign(&g, RB_WHITE);
    assert_int_equal(g.length, 2);
    assert_null(rb_game_annotation(&g, 2));
    assert_true(rb_game_undo(&g));
    rb_test_play(&g, "e1f1");
    assert_true(rb_annotation_is_empty(rb_game_annotation(&g, 2)));
    rb_game_free(&g);
}

static void out_of_bounds_values_are_refused(void **state)
{
    (void)state;
    rb_game g;
    rb_test_new_game(&g, start_fen);
    rb_test_play(&g, "c2b3 c7b7");
    assert_int_equal(rb_game_set_eval(&g, 0, (rb_eval_mark){RB_EVAL_MATE, 0}), -1);
    assert_int_equal(rb_game_set_eval(&g, 0, (rb_eval_mark){RB_EVAL_CP, RB_NOTE_CP_MAX + 1}), -1);
    assert_int_equal(rb_game_set_eval(&g, 0, (rb_eval_mark){RB_EVAL_MATE, -RB_NOTE_MATE_MAX - 1}), -1);
    assert_int_equal(rb_game_set_eval(&g, 2, (rb_eval_mark){RB_EVAL_CP, 1}), -1);
    assert_int_equal(rb_game_set_clock(&g, 0, -5), -1);
    assert_int_equal(rb_game_set_clock(&g, 0, RB_NOTE_CLOCK_MAX), -1);
    assert_int_equal(rb_game_add_nag(&g, 0, 256), -1);
    for (int nag = 1; nag <= RB_NOTE_NAGS_MAX; nag++) {
        assert_int_equal(rb_game_add_nag(&g, 0, nag), 0);
    }
    assert_int_equal(rb_game_add_nag(&g, 0, 1), 0); /* already there */
    assert_int_equal(rb_game_add_nag(&g, 0, 100), -1);
    rb_game_clear_nags(&g, 0);
    assert_int_equal(rb_game_annotation(&g, 0)->nnags, 0);
    /* A variation must be legal from the position before the move. */
    rb_move line[2];
    int n;
    parse_line(&g.positions[1], "c6b6 e1f1", line, &n);
    assert_int_equal(rb_game_set_line(&g, 0, line, n), -1);
    assert_int_equal(rb_game_set_line(&g, 1, line, n), 0);
    assert_true(rb_annotation_is_empty(rb_game_annotation(&g, 0)));

    /* Comment text is kept as PGN can carry it. */
    assert_int_equal(rb_game_set_comment(&g, 0, "  a\n\tb  }c [%eval 1] [%clk 0:01:00] [%csl Ga4] "), 0);
    assert_string_equal(rb_game_annotation(&g, 0)->comment, "a b )c [eval 1] [clk 0:01:00] [%csl Ga4]");
    assert_int_equal(rb_game_set_comment(&g, 0, " \n "), 0);
    assert_null(rb_game_annotation(&g, 0)->comment);
    static char long_text[RB_NOTE_COMMENT_MAX * 2 + 1];
    for (int i = 0; i < RB_NOTE_COMMENT_MAX; i++) {
        memcpy(long_text + 2 * i, "\xc3\xa9", 2);
    }
    assert_int_equal(rb_game_set_comment(&g, 0, long_text + 1), 0); /* starts mid-character */
    size_t len = strlen(rb_game_annotation(&g, 0)->comment);
    assert_true(len <= RB_NOTE_COMMENT_MAX && len >= RB_NOTE_COMMENT_MAX - 2);
    assert_int_equal((unsigned char)rb_game_annotation(&g, 0)->comment[len - 1], 0xa9); /* whole characters */
    free(round_trip(&g));

    /* The TimeControl tag. */
    assert_int_equal(rb_game_set_time_control(&g, 90500, 0), 0);
    assert_string_equal(rb_game_tag(&g, "TimeControl"), "90.500");
    int64_t base, inc;
    assert_true(rb_game_time_control(&g, &base, &inc));
    assert_int_equal(base, 90500);
    assert_int_equal(inc, 0);
    rb_game_set_tag(&g, "TimeControl", "40/9000:300");
    assert_false(rb_game_time_control(&g, &base, &inc));
    assert_int_equal(rb_game_set_time_control(&g, -1, 0), -1);
    rb_game_free(&g);
}

static void bad_annotations_are_reported(void **state)
{
    (void)state;
    read_bad("1. c2b3 $300 *", 1, 9, "NAG, a number from 0 to 255");
    read_bad("1. c2b3 $ *", 1, 9, "NAG");
    read_bad("1. c2b3 $1 $2 $3 $4 $5 $6 $7 $8 $9 *", 1, 33, "more than 8 NAGs");
    read_bad("1. c2b3 (1. c1b1 {open", 1, 18, "never closed");
    read_bad("1. c2b3 (1. c1b1 (e6f6 c7b7", 1, 9, "never closed");
    read_bad("1. c2b3 (1. c1b1 x77x e6f6 c7b7", 1, 9, "never closed");
    /* A variation that cannot be followed is skipped, not kept, and the
     * main line goes on. */
    static const char *const unreadable[] = {
        "1. c2b3 (1. c1b1 c7c8) c7b7 *", "1. c2b3 (1. c1b1 1-0) c7b7 *", "1. c2b3 (1. c1b1 [Event \"x\"]) c7b7 *",
        "1. c2b3 (1... e7f7) c7b7 *",    "1. c2b3 (1. c1b1 12x) c7b7 *",
    };
    for (size_t i = 0; i < sizeof unreadable / sizeof unreadable[0]; i++) {
        rb_game *g = read_ok(unreadable[i], 1);
        assert_int_equal(g->length, 2);
        assert_int_equal(rb_game_annotation(g, 0)->line_len, 0);
        free_games(g, 1);
    }
    /* One comment longer than the limit, inside a game. */
    size_t big = RB_PGN_MAX_COMMENT_TEXT + 300;
    char *text = malloc(big + 32);
    assert_non_null(text);
    strcpy(text, "1. c2b3 {");
    memset(text + 9, 'a', big);
    strcpy(text + 9 + big, "} *");
    read_bad(text, 1, 9, "comment longer than");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind_of_annotation_round_trips),   cmocka_unit_test(random_annotated_games_round_trip),
        cmocka_unit_test(commands_are_never_broken_across_lines), cmocka_unit_test(reads_annotations_other_tools_write),
        cmocka_unit_test(annotations_follow_their_moves),         cmocka_unit_test(out_of_bounds_values_are_refused),
        cmocka_unit_test(bad_annotations_are_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
