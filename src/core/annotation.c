/*
 * annotation.c - what a game record says about its moves besides the moves:
 * comments, evaluations, clocks, NAGs and a variation per move.
 *
 * Annotations sit in an array beside the moves that is only allocated once
 * something is annotated, so the many plain games a PGN collection holds
 * cost nothing extra. Every value is checked and bounded when it is set,
 * and comment text is stored already in the form PGN can carry: whatever a
 * record holds, writing and reading it gives the same record back.
 */
#include "annotation.h"
#include "rb_util_assert.h"

#include <stdlib.h>
#include <string.h>

static const rb_annotation empty_note = {.clock_ms = RB_CLOCK_NONE};

static bool is_white_space(unsigned char c)
{
    return c < 0x20 || c == ' ' || c == 0x7f;
}

/* True when out[0..len) ends with a command the reader would take for an
 * evaluation or a clock; then its '%' goes. */
static size_t defuse(char *out, size_t len)
{
    static const char *const commands[] = {"[%eval", "[%clk"};
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++) {
        size_t n = strlen(commands[c]);
        if (len >= n && memcmp(out + len - n, commands[c], n) == 0) {
            memmove(out + len - n + 1, out + len - n + 2, n - 2);
            return len - 1;
        }
    }
    return len;
}

size_t rb_note_text_clean(const char *text, size_t len, char *out, size_t size)
{
    size_t limit = size - 1 < RB_NOTE_COMMENT_MAX ? size - 1 : RB_NOTE_COMMENT_MAX;
    size_t n = 0;
    bool space = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (is_white_space(c)) {
            space = n > 0;
            continue;
        }
        if (n + (space ? 1 : 0) + 1 > limit) {
            /* Cut before the character that does not fit whole. */
            if ((c & 0xc0) == 0x80) {
                while (n > 0 && ((unsigned char)out[n - 1] & 0xc0) == 0x80) {
                    n--;
                }
                if (n > 0 && (unsigned char)out[n - 1] >= 0xc0) {
                    n--;
                }
            }
            break;
        }
        if (space) {
            out[n++] = ' ';
            space = false;
        }
        out[n++] = c == '}' ? ')' : (char)c;
        n = defuse(out, n);
    }
    while (n > 0 && out[n - 1] == ' ') {
        n--;
    }
    out[n] = '\0';
    return n;
}

/* A cleaned copy of text, or NULL for none; *failed when memory ran out. */
static char *clean_copy(const char *text, bool *failed)
{
    *failed = false;
    if (text == NULL) {
        return NULL;
    }
    char buf[RB_NOTE_COMMENT_MAX + 1];
    size_t n = rb_note_text_clean(text, strlen(text), buf, sizeof buf);
    if (n == 0) {
        return NULL;
    }
    char *copy = malloc(n + 1);
    if (copy == NULL) {
        *failed = true;
        return NULL;
    }
    memcpy(copy, buf, n + 1);
    return copy;
}

/* The annotation of move i, allocating the array as far as the record's
 * room for moves when needed; NULL when i is out of range or memory runs
 * out. */
static rb_annotation *note_for(rb_game *g, size_t i)
{
    if (i >= g->length) {
        return NULL;
    }
    if (i >= g->notes_cap) {
        size_t cap = g->capacity > i + 1 ? g->capacity : i + 1;
        rb_annotation *notes = realloc(g->notes, cap * sizeof *notes);
        if (notes == NULL) {
            return NULL;
        }
        for (size_t k = g->notes_cap; k < cap; k++) {
            notes[k] = empty_note;
        }
        g->notes = notes;
        g->notes_cap = cap;
    }
    return &g->notes[i];
}

void rb_game_notes_drop_from(rb_game *g, size_t from)
{
    RB_ASSERT_MSG(from <= g->length, "the first of the moves that are gone");
    /* Entries past the record's length are always empty: only moves up to
     * it are looked at, which keeps playing move after move linear. */
    size_t end = g->length < g->notes_cap ? g->length : g->notes_cap;
    for (size_t i = from; i < end; i++) {
        free(g->notes[i].comment);
        free(g->notes[i].line);
        g->notes[i] = empty_note;
    }
}

const rb_annotation *rb_game_annotation(const rb_game *g, size_t i)
{
    if (i >= g->length) {
        return NULL;
    }
    return i < g->notes_cap ? &g->notes[i] : &empty_note;
}

int rb_game_set_comment(rb_game *g, size_t i, const char *text)
{
    rb_annotation *a = note_for(g, i);
    bool failed;
    char *copy = a != NULL ? clean_copy(text, &failed) : NULL;
    if (a == NULL || failed) {
        return -1;
    }
    free(a->comment);
    a->comment = copy;
    return 0;
}

int rb_game_set_intro(rb_game *g, const char *text)
{
    bool failed;
    char *copy = clean_copy(text, &failed);
    if (failed) {
        return -1;
    }
    free(g->intro);
    g->intro = copy;
    return 0;
}

int rb_game_set_eval(rb_game *g, size_t i, rb_eval_mark eval)
{
    bool valid = eval.kind == RB_EVAL_NONE ||
                 (eval.kind == RB_EVAL_CP && eval.value >= -RB_NOTE_CP_MAX && eval.value <= RB_NOTE_CP_MAX) ||
                 (eval.kind == RB_EVAL_MATE && eval.value != 0 && eval.value >= -RB_NOTE_MATE_MAX &&
                  eval.value <= RB_NOTE_MATE_MAX);
    rb_annotation *a = valid ? note_for(g, i) : NULL;
    if (a == NULL) {
        return -1;
    }
    a->eval = eval;
    if (eval.kind == RB_EVAL_NONE) {
        a->eval.value = 0;
    }
    return 0;
}

int rb_game_set_clock(rb_game *g, size_t i, int64_t clock_ms)
{
    bool valid = clock_ms == RB_CLOCK_NONE || (clock_ms >= 0 && clock_ms < RB_NOTE_CLOCK_MAX);
    rb_annotation *a = valid ? note_for(g, i) : NULL;
    if (a == NULL) {
        return -1;
    }
    a->clock_ms = clock_ms;
    return 0;
}

bool rb_annotation_has_nag(const rb_annotation *a, int nag)
{
    for (int k = 0; k < a->nnags; k++) {
        if (a->nags[k] == nag) {
            return true;
        }
    }
    return false;
}

int rb_game_add_nag(rb_game *g, size_t i, int nag)
{
    rb_annotation *a = nag >= 0 && nag <= 255 ? note_for(g, i) : NULL;
    if (a == NULL) {
        return -1;
    }
    if (rb_annotation_has_nag(a, nag)) {
        return 0;
    }
    if (a->nnags == RB_NOTE_NAGS_MAX) {
        return -1;
    }
    a->nags[a->nnags++] = (uint8_t)nag;
    return 0;
}

void rb_game_clear_nags(rb_game *g, size_t i)
{
    if (i < g->notes_cap && i < g->length) {
        g->notes[i].nnags = 0;
    }
}

/* True when every move of line is legal in turn from pos, none of them
 * after the game there is over. */
static bool legal_line(const rb_pos *pos, const rb_move *line, int n)
{
    rb_pos here = *pos;
    for (int k = 0; k < n; k++) {
        if (rb_pos_status(&here) != RB_ONGOING ||
            rb_move_find(&here, RB_MOVE_FROM(line[k]), RB_MOVE_TO(line[k]), RB_MOVE_PROMO(line[k])) != line[k]) {
            return false;
        }
        rb_pos_make(&here, line[k], &here);
    }
    return true;
}

int rb_game_set_line(rb_game *g, size_t i, const rb_move *line, int n)
{
    if (i >= g->length || n < 0 || n > RB_NOTE_LINE_MAX || !legal_line(&g->positions[i], line, n)) {
        return -1;
    }
    rb_move *copy = NULL;
    if (n > 0) {
        copy = malloc((size_t)n * sizeof *copy);
        if (copy == NULL) {
            return -1;
        }
        memcpy(copy, line, (size_t)n * sizeof *copy);
    }
    rb_annotation *a = note_for(g, i);
    if (a == NULL) {
        free(copy);
        return -1;
    }
    free(a->line);
    a->line = copy;
    a->line_len = n;
    return 0;
}

bool rb_annotation_is_empty(const rb_annotation *a)
{
    return a->comment == NULL && a->eval.kind == RB_EVAL_NONE && a->clock_ms == RB_CLOCK_NONE && a->nnags == 0 &&
           a->line_len == 0;
}

bool rb_annotation_equal(const rb_annotation *a, const rb_annotation *b)
{
    bool same_comment = (a->comment == NULL && b->comment == NULL) ||
                        (a->comment != NULL && b->comment != NULL && strcmp(a->comment, b->comment) == 0);
    return same_comment && a->eval.kind == b->eval.kind &&
           (a->eval.kind == RB_EVAL_NONE || a->eval.value == b->eval.value) && a->clock_ms == b->clock_ms &&
           a->nnags == b->nnags && memcmp(a->nags, b->nags, (size_t)a->nnags) == 0 && a->line_len == b->line_len &&
           (a->line_len == 0 || memcmp(a->line, b->line, (size_t)a->line_len * sizeof *a->line) == 0);
}
