/*
 * fuzz_pgn.c - fuzzes the PGN reader, and the writer through it.
 *
 * Any bytes go to rb_pgn_read. Every game it returns must be a consistent
 * record (each position is the one before it with the recorded move made,
 * with a correct key), and writing the game and reading the text back must
 * give the same game: same start, same moves, same outcome, same tags, the
 * same annotations (comments, evaluations, clocks, NAGs, variations) and
 * the same text when written again. A player who saves a game they loaded
 * must get back what they had.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rb_pgn.h"

static void check_record(const rb_game *g, size_t index)
{
    if (g->positions == NULL || (g->length > 0 && g->moves == NULL) || g->ply > g->length) {
        rb_fuzz_fail("game %zu: a record with broken bookkeeping", index);
    }
    for (size_t i = 0; i <= g->length; i++) {
        if (g->positions[i].key != rb_pos_compute_key(&g->positions[i])) {
            rb_fuzz_fail("game %zu: wrong key at ply %zu", index, i);
        }
    }
    for (size_t i = 0; i < g->length; i++) {
        rb_pos after;
        if (rb_move_find(&g->positions[i], RB_MOVE_FROM(g->moves[i]), RB_MOVE_TO(g->moves[i]),
                         RB_MOVE_PROMO(g->moves[i])) != g->moves[i]) {
            rb_fuzz_fail("game %zu: move %zu is not legal where it was played", index, i + 1);
        }
        rb_pos_make(&g->positions[i], g->moves[i], &after);
        if (!rb_pos_equal(&after, &g->positions[i + 1])) {
            rb_fuzz_fail("game %zu: position %zu is not the result of its move", index, i + 1);
        }
    }
}

/* Tag values compared as the writer must write them: PGN strings hold no
 * control characters, so a tab read leniently is written as a space. */
static bool same_tag_text(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        unsigned char ca = (unsigned char)*a, cb = (unsigned char)*b;
        ca = ca < 0x20 || ca == 0x7f ? ' ' : ca;
        cb = cb < 0x20 || cb == 0x7f ? ' ' : cb;
        if (ca != cb) {
            return false;
        }
    }
    return *a == *b;
}

static bool same_text(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Annotations within their bounds, variations legal from their move's
 * position. */
static void check_notes(const rb_game *g, size_t index)
{
    for (size_t i = 0; i < g->length; i++) {
        const rb_annotation *a = rb_game_annotation(g, i);
        if (a == NULL || a->nnags < 0 || a->nnags > RB_NOTE_NAGS_MAX || a->line_len < 0 ||
            a->line_len > RB_NOTE_LINE_MAX || (a->comment != NULL && strlen(a->comment) > RB_NOTE_COMMENT_MAX)) {
            rb_fuzz_fail("game %zu: move %zu's annotation is out of bounds", index, i + 1);
        }
        rb_pos pos = g->positions[i];
        for (int k = 0; k < a->line_len; k++) {
            rb_move m = a->line[k];
            if (rb_move_find(&pos, RB_MOVE_FROM(m), RB_MOVE_TO(m), RB_MOVE_PROMO(m)) != m) {
                rb_fuzz_fail("game %zu: move %zu's variation has an illegal move", index, i + 1);
            }
            rb_pos_make(&pos, m, &pos);
        }
    }
}

static void check_same(const rb_game *a, const rb_game *b, size_t index, const char *text)
{
    if (a->length != b->length) {
        rb_fuzz_fail("game %zu: %zu moves written, %zu read back from:\n%s", index, a->length, b->length, text);
    }
    for (size_t i = 0; i <= a->length; i++) {
        if (!rb_pos_equal(&a->positions[i], &b->positions[i])) {
            rb_fuzz_fail("game %zu: position %zu differs after writing and reading:\n%s", index, i, text);
        }
    }
    if (rb_game_result_at(a, a->length) != rb_game_result_at(b, b->length) ||
        rb_game_ending_at(a, a->length) != rb_game_ending_at(b, b->length)) {
        rb_fuzz_fail("game %zu: the outcome changes after writing and reading:\n%s", index, text);
    }
    for (size_t t = 0; t < a->ntags; t++) {
        const char *value = rb_game_tag(b, a->tags[t].name);
        if (value == NULL || !same_tag_text(value, a->tags[t].value)) {
            rb_fuzz_fail("game %zu: tag '%s' is lost or changed after writing and reading:\n%s", index, a->tags[t].name,
                         text);
        }
    }
    if (!same_text(a->intro, b->intro)) {
        rb_fuzz_fail("game %zu: the intro changes after writing and reading:\n%s", index, text);
    }
    for (size_t i = 0; i < a->length; i++) {
        if (!rb_annotation_equal(rb_game_annotation(a, i), rb_game_annotation(b, i))) {
            rb_fuzz_fail("game %zu: move %zu's annotation changes after writing and reading:\n%s", index, i + 1, text);
        }
    }
    char *again = rb_pgn_write(b);
    if (again == NULL || strcmp(again, text) != 0) {
        rb_fuzz_fail("game %zu: written again, the text differs:\n%s\n---\n%s", index, text,
                     again != NULL ? again : "(none)");
    }
    free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rb_game *games = NULL;
    size_t ngames = 0;
    rb_pgn_error err;
    int count = rb_pgn_read((const char *)data, size, &games, &ngames, &err);
    if (count < 0) {
        if (games != NULL || ngames != 0 || err.message[0] == '\0') {
            rb_fuzz_fail("a failed read must return no games and a message");
        }
        return 0;
    }
    if ((size_t)count != ngames || games == NULL || ngames == 0) {
        rb_fuzz_fail("read returned %d but stored %zu games", count, ngames);
    }
    if (err.line != 0 && err.message[0] == '\0') {
        rb_fuzz_fail("an error without a message at %d:%d", err.line, err.column);
    }
    for (size_t i = 0; i < ngames; i++) {
        check_record(&games[i], i);
        check_notes(&games[i], i);
        char *text = rb_pgn_write(&games[i]);
        if (text == NULL) {
            rb_fuzz_fail("game %zu could not be written", i);
        }
        rb_game *again = NULL;
        size_t nagain = 0;
        rb_pgn_error err2;
        int c2 = rb_pgn_read(text, strlen(text), &again, &nagain, &err2);
        if (c2 != 1 || err2.line != 0) {
            rb_fuzz_fail("game %zu: its own text reads back as %d games (%d:%d %s):\n%s", i, c2, err2.line, err2.column,
                         err2.message, text);
        }
        check_same(&games[i], &again[0], i, text);
        rb_game_free(&again[0]);
        free(again);
        free(text);
    }
    for (size_t i = 0; i < ngames; i++) {
        rb_game_free(&games[i]);
    }
    free(games);
    return 0;
}
