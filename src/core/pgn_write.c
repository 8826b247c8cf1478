/*
 * pgn_write.c - a game record as PGN text.
 *
 * The output follows the PGN export conventions chess programs use, so other
 * tools can read it: the Seven Tag Roster first, then the variant tags, then
 * the game's own tags; moves numbered, in display form, lines kept under 80
 * columns with a move number never separated from its move. Annotations
 * follow their move as lichess and other tools write them:
 * "12. c2-b3 {[%eval 0.35] [%clk 0:04:32] text} $2 (12. c1-b1 e6-f5)".
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
    static const char *const names[] = {"Event",  "Site",    "Date",  "Round", "White",      "Black",
                                        "Result", "Variant", "SetUp", "FEN",   "Termination"};
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

/* A move with its number: "12. c2-b3" for White, "12... c7-b7" for Black
 * when something stands between it and White's move. prefix (may be "")
 * is glued in front, e.g. the '(' opening a variation. */
static void put_move_glued(out_buf *b, const char *prefix, const rb_pos *pos, rb_move m, bool numbered,
                           const char *suffix)
{
    char word[64];
    char move[RB_MOVE_TEXT_MAX];
    rb_move_to_display(pos, m, move);
    if (pos->side == RB_WHITE) {
        snprintf(word, sizeof word, "%s%lu. %s%s", prefix, (unsigned long)pos->moveno, move, suffix);
    } else if (numbered) {
        snprintf(word, sizeof word, "%s%lu... %s%s", prefix, (unsigned long)pos->moveno, move, suffix);
    } else {
        snprintf(word, sizeof word, "%s%s%s", prefix, move, suffix);
    }
    /* "12. c2-b3" is one word for line breaking: a number never ends a line. */
    put_word(b, word);
}

static void put_move(out_buf *b, const rb_pos *pos, rb_move m, bool numbered)
{
    put_move_glued(b, "", pos, m, numbered, "");
}

/* Text in braces, word by word so long comments wrap like the moves. The
 * text holds single spaces only (rb_note_text_clean), so the line breaks
 * put in here read back as the spaces they replace. A command such as
 * "[%eval 6.20]" or "[%cal Ga1a7,Gb2b6]" is one word however long: a break
 * inside it is legal PGN, but readers of other tools take the command
 * only when it stands on one line. */
static void put_comment(out_buf *b, const char *commands, const char *text)
{
    out_buf whole = {0};
    put(&whole, "{");
    put(&whole, commands);
    if (text != NULL && text[0] != '\0') {
        if (commands[0] != '\0') {
            put(&whole, " ");
        }
        put(&whole, text);
    }
    put(&whole, "}");
    if (whole.failed) {
        b->failed = true;
        free(whole.text);
        return;
    }
    char *word = whole.text;
    bool in_command = false;
    for (char *c = whole.text;; c++) {
        if (c[0] == '[' && c[1] == '%') {
            in_command = true;
        } else if (c[0] == ']') {
            in_command = false;
        } else if (c[0] == '\0' || (c[0] == ' ' && !in_command)) {
            bool last = c[0] == '\0';
            c[0] = '\0';
            put_word(b, word);
            if (last) {
                break;
            }
            word = c + 1;
        }
    }
    free(whole.text);
}

/* "[%eval 0.35]", "[%eval -12.00]", "[%eval #3]", "[%eval #-3]". */
static void format_eval(rb_eval_mark e, char *out, size_t size)
{
    if (e.kind == RB_EVAL_MATE) {
        snprintf(out, size, "[%%eval #%d]", e.value);
    } else {
        int a = e.value < 0 ? -e.value : e.value;
        snprintf(out, size, "[%%eval %s%d.%02d]", e.value < 0 ? "-" : "", a / 100, a % 100);
    }
}

/* "[%clk 0:04:32]", with tenths, hundredths or thousandths only when the
 * reading has them. */
static void format_clock(int64_t ms, char *out, size_t size)
{
    long long s = (long long)(ms / 1000), frac = (long long)(ms % 1000);
    int n = snprintf(out, size, "[%%clk %lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    if (frac % 100 == 0 && frac != 0) {
        n += snprintf(out + n, size - (size_t)n, ".%lld", frac / 100);
    } else if (frac % 10 == 0 && frac != 0) {
        n += snprintf(out + n, size - (size_t)n, ".%02lld", frac / 10);
    } else if (frac != 0) {
        n += snprintf(out + n, size - (size_t)n, ".%03lld", frac);
    }
    snprintf(out + n, size - (size_t)n, "]");
}

/* After its move: {[%eval ...] [%clk ...] text}, then NAGs, then the
 * variation, the order other chess tools write and read. */
static void put_annotation(out_buf *b, const rb_pos *pos, const rb_annotation *a)
{
    if (a->comment != NULL || a->eval.kind != RB_EVAL_NONE || a->clock_ms != RB_CLOCK_NONE) {
        char commands[96] = "";
        size_t n = 0;
        if (a->eval.kind != RB_EVAL_NONE) {
            format_eval(a->eval, commands, sizeof commands);
            n = strlen(commands);
        }
        if (a->clock_ms != RB_CLOCK_NONE) {
            if (n > 0) {
                commands[n++] = ' ';
            }
            format_clock(a->clock_ms, commands + n, sizeof commands - n);
        }
        put_comment(b, commands, a->comment);
    }
    for (int k = 0; k < a->nnags; k++) {
        char nag[8];
        snprintf(nag, sizeof nag, "$%d", a->nags[k]);
        put_word(b, nag);
    }
    if (a->line_len > 0) {
        rb_pos here = *pos;
        for (int k = 0; k < a->line_len; k++) {
            put_move_glued(b, k == 0 ? "(" : "", &here, a->line[k], k == 0, k == a->line_len - 1 ? ")" : "");
            rb_pos_make(&here, a->line[k], &here);
        }
    }
}

char *rb_pgn_write(const rb_game *g)
{
    out_buf b = {0};
    static const char *const roster[][2] = {
        {"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"}, {"White", "?"}, {"Black", "?"},
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

    if (g->intro != NULL) {
        put_comment(&b, "", g->intro);
    }
    bool interrupted = true; /* a comment or variation came since the last move */
    for (size_t i = 0; i < g->length; i++) {
        put_move(&b, &g->positions[i], g->moves[i], interrupted);
        interrupted = false;
        const rb_annotation *a = rb_game_annotation(g, i);
        if (rb_annotation_is_empty(a)) {
            continue;
        }
        put_annotation(&b, &g->positions[i], a);
        interrupted =
            a->comment != NULL || a->eval.kind != RB_EVAL_NONE || a->clock_ms != RB_CLOCK_NONE || a->line_len > 0;
    }
    put_word(&b, rb_result_text(result));
    put(&b, "\n");

    if (b.failed) {
        free(b.text);
        return NULL;
    }
    return b.text;
}
