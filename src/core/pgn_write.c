/*
 * pgn_write.c - a game record as PGN text.
 *
 * The output follows the PGN export conventions chess programs use, so other
 * tools can read it: the Seven Tag Roster first, then the variant tags, then
 * the game's own tags; moves numbered, in display form, lines kept under 80
 * columns with a move number never separated from its move.
 *
 * The text is built in a growing buffer; the only failure is running out of
 * memory, which the buffer remembers so the code above it stays straight.
 */
#include "rb_pgn.h"
#include "rb_notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_COLS 79

typedef struct out_buf {
    char *text;
    size_t len;
    size_t cap;
    bool failed;
    size_t line_start; /* offset where the current movetext line began */
} out_buf;

static void put_n(out_buf *b, const char *s, size_t n)
{
    if (b->failed) {
        return;
    }
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap < 256 ? 256 : b->cap;
        while (cap < b->len + n + 1) {
            cap *= 2;
        }
        char *t = realloc(b->text, cap);
        if (t == NULL) {
            b->failed = true;
            return;
        }
        b->text = t;
        b->cap = cap;
    }
    memcpy(b->text + b->len, s, n);
    b->len += n;
    b->text[b->len] = '\0';
}

static void put(out_buf *b, const char *s)
{
    put_n(b, s, strlen(s));
}

/* A tag line, escaping what PGN requires and flattening line breaks and
 * other control characters, which a tag value cannot hold. A value longer
 * than the reader takes is cut (between characters, not inside one), so
 * that every file written here can be read back. */
static void put_tag(out_buf *b, const char *name, const char *value)
{
    put(b, "[");
    put(b, name);
    put(b, " \"");
    size_t len = strlen(value);
    if (len > RB_PGN_MAX_TAG_TEXT) {
        len = RB_PGN_MAX_TAG_TEXT;
        while (len > 0 && ((unsigned char)value[len] & 0xc0) == 0x80) {
            len--; /* value[len] continues a UTF-8 character: cut before it */
        }
    }
    for (const char *s = value; s < value + len; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            put_n(b, "\\", 1);
            put_n(b, s, 1);
        } else if (c < 0x20 || c == 0x7f) {
            put_n(b, " ", 1);
        } else {
            put_n(b, s, 1);
        }
    }
    put(b, "\"]\n");
}

/* The tags this writer derives from the game itself: stored copies of them
 * are not written, the game's own state is. */
static bool derived_tag(const char *name)
{
    static const char *const names[] = {"Event", "Site",  "Date",        "Round", "White",
                                        "Black", "Result", "Variant",    "SetUp", "FEN",
                                        "Termination"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(name, names[i]) == 0) {
            return true;
        }
    }
    return false;
}

/* Appends a movetext word, starting a new line when it would not fit. */
static void put_word(out_buf *b, const char *word)
{
    size_t n = strlen(word);
    size_t col = b->len - b->line_start;
    if (col > 0 && col + 1 + n > LINE_MAX_COLS) {
        put(b, "\n");
        b->line_start = b->len;
    } else if (col > 0) {
        put(b, " ");
    }
    put_n(b, word, n);
}

char *rb_pgn_write(const rb_game *g)
{
    out_buf b = {0};
    static const char *const roster[][2] = {
        {"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"},
        {"Round", "?"}, {"White", "?"}, {"Black", "?"},
    };
    for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++) {
        const char *v = rb_game_tag(g, roster[i][0]);
        put_tag(&b, roster[i][0], v != NULL ? v : roster[i][1]);
    }
    rb_result result = rb_game_result_at(g, g->length);
    rb_ending ending = rb_game_ending_at(g, g->length);
    put_tag(&b, "Result", rb_result_text(result));
    put_tag(&b, "Variant", "Rollerball");

    rb_pos standard;
    rb_pos_start(&standard);
    if (!rb_pos_equal(&g->positions[0], &standard)) {
        char fen[RB_POS_TEXT_MAX];
        rb_pos_format(&g->positions[0], fen, sizeof fen);
        put_tag(&b, "SetUp", "1");
        put_tag(&b, "FEN", fen);
    }
    if (ending != RB_END_NONE) {
        put_tag(&b, "Termination", rb_ending_name(ending));
    }
    for (size_t i = 0; i < g->ntags; i++) {
        if (!derived_tag(g->tags[i].name)) {
            put_tag(&b, g->tags[i].name, g->tags[i].value);
        }
    }
    put(&b, "\n");
    b.line_start = b.len;

    for (size_t i = 0; i < g->length; i++) {
        const rb_pos *pos = &g->positions[i];
        char word[48];
        char move[RB_MOVE_TEXT_MAX];
        rb_move_to_display(pos, g->moves[i], move);
        if (pos->side == RB_WHITE) {
            snprintf(word, sizeof word, "%lu. %s", (unsigned long)pos->moveno, move);
        } else if (i == 0) {
            snprintf(word, sizeof word, "%lu... %s", (unsigned long)pos->moveno, move);
        } else {
            snprintf(word, sizeof word, "%s", move);
        }
        put_word(&b, word);
    }
    put_word(&b, rb_result_text(result));
    put(&b, "\n");

    if (b.failed) {
        free(b.text);
        return NULL;
    }
    return b.text;
}
