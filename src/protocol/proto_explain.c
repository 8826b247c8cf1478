/*
 * proto_explain.c - the "explain MOVE" command: why a move is legal or not.
 *
 * The answer is one line, "explain MOVE legal" or "explain MOVE illegal
 * REASON SQUARES: TEXT", built from the rules library's explanation in the
 * current position of the game (so a drawn repetition is game-over too).
 * The move text is read here rather than with the library's move parser,
 * which only accepts legal moves: an illegal move is exactly what is being
 * asked about. The promotion letter may name any piece of the game, so that
 * a wrong choice (k or p) gets an explanation rather than an error.
 */
#include "proto_internal.h"

#include <string.h>

static const char coord_form[] = "two squares and an optional promotion letter, like c2b3 or d6e6r";

/* The square named by two characters of w at i, or -1 after an error. */
static int read_square(rb_proto *p, rb_word w, size_t i, const char *shown)
{
    char name[3] = {w.s[i], w.s[i + 1], '\0'};
    int sq = rb_sq_parse(name);
    if (sq >= 0) {
        return sq;
    }
    bool on_grid = name[0] >= 'a' && name[0] <= 'g' && name[1] >= '1' && name[1] <= '7';
    char quoted[3];
    rb_word part = {w.s + i, 2};
    rb_proto_error(p, "explain: '%s' in '%s' %s", rb_proto_show(part, quoted, sizeof quoted), shown,
                   on_grid ? "is in the hole in the middle of the board, not a square" : "is not a square");
    return -1;
}

static int read_promotion(char c)
{
    switch (c) {
    case 'k': return RB_KING;
    case 'r': return RB_ROOK;
    case 'b': return RB_BISHOP;
    case 'p': return RB_PAWN;
    default: return -1;
    }
}

void rb_cmd_explain(rb_proto *p, rb_words *args)
{
    rb_word w, extra;
    char shown[64];
    if (!rb_words_next(args, &w)) {
        rb_proto_error(p, "explain: expected a move in coordinate form (%s)", coord_form);
        return;
    }
    rb_proto_show(w, shown, sizeof shown);
    if (rb_words_next(args, &extra)) {
        char more[64];
        rb_proto_error(p, "explain: unexpected '%s' after the move", rb_proto_show(extra, more, sizeof more));
        return;
    }
    if (w.n != 4 && w.n != 5) {
        rb_proto_error(p, "explain: '%s' is not a move in coordinate form (%s)", shown, coord_form);
        return;
    }
    int from = read_square(p, w, 0, shown);
    if (from < 0) {
        return;
    }
    int to = read_square(p, w, 2, shown);
    if (to < 0) {
        return;
    }
    int promo = 0;
    if (w.n == 5) {
        promo = read_promotion(w.s[4]);
        if (promo < 0) {
            rb_proto_error(p, "explain: '%s': '%c' names no piece of the game (a pawn promotes to r or b)", shown,
                           w.s[4]);
            return;
        }
    }
    rb_explanation e;
    if (rb_explain_game_move(&p->game, from, to, promo, &e) != 0) {
        rb_proto_error(p, "explain: '%s' cannot be explained", shown);
        return;
    }
    if (e.reason == RB_EXPLAIN_LEGAL) {
        rb_proto_emit(p, "explain %s legal", shown);
        return;
    }
    char squares[RB_NSQ * 3 + 1], text[RB_EXPLAIN_TEXT_MAX];
    rb_explain_squares_text(e.squares, squares, sizeof squares);
    rb_explain_text(&e, text, sizeof text);
    rb_proto_emit(p, "explain %s illegal %s %s: %s", shown, rb_explain_reason_name(e.reason), squares, text);
}
