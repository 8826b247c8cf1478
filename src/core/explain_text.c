/*
 * explain_text.c - the English sentence for an explanation, and square lists.
 *
 * Kept apart from the checks in explain.c because a front end that
 * translates builds its own sentences from the same structured answer
 * (reason, rule, piece kinds, squares, slides); each sentence here has few
 * variable parts, each a square name, a colour, a piece word or a
 * direction, so every one has an obvious counterpart in another language.
 */
#include <stdio.h>

#include "rb_explain.h"
#include "rb_util_words.h"

static const char *const piece_word[] = {"piece", "king", "rook", "bishop", "pawn"};
static const char *const color_word[] = {"White", "Black"};

static const char *piece(rb_piece p)
{
    return piece_word[RB_TYPE(p) <= RB_PAWN ? RB_TYPE(p) : 0];
}

/* The squares of a set in name order: files a..g, ranks 1..7 in each. */
static int sorted_squares(rb_bb set, int *out)
{
    int n = 0;
    for (int file = 0; file < RB_NFILES; file++) {
        for (int rank = 0; rank < RB_NRANKS; rank++) {
            int sq = rb_sq_at(file, rank);
            if (sq >= 0 && (set & ((rb_bb)1 << sq))) {
                out[n++] = sq;
            }
        }
    }
    return n;
}

size_t rb_explain_squares_text(rb_bb squares, char *buf, size_t len)
{
    rb_words t = {buf, len, 0};
    int sq[RB_NSQ];
    int n = sorted_squares(squares, sq);
    if (len) {
        buf[0] = '\0';
    }
    if (n == 0) {
        rb_words_put(&t, "-");
    }
    for (int i = 0; i < n; i++) {
        rb_words_put(&t, "%s%s", i ? "," : "", rb_sq_name(sq[i]));
    }
    return t.need;
}

/* "b3", "b3 and e7", "a1, b3 and e7". */
static void put_square_list(rb_words *t, rb_bb squares)
{
    int sq[RB_NSQ];
    int n = sorted_squares(squares, sq);
    for (int i = 0; i < n; i++) {
        rb_words_put(t, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", rb_sq_name(sq[i]));
    }
}

/* "west, turning north at a1, or north". */
static void put_slides(rb_words *t, const rb_explanation *e)
{
    bool rook = RB_TYPE(e->piece) == RB_ROOK;
    rb_words_put(t, "from %s it ", rb_sq_name(e->from));
    if (e->nslides == 0) {
        rb_words_put(t, "cannot slide");
        return;
    }
    rb_words_put(t, "slides ");
    for (int i = 0; i < e->nslides; i++) {
        const rb_explain_slide *s = &e->slides[i];
        rb_words_put(t, "%s%s", i ? ", or " : "", rb_explain_compass_name(s->dir));
        if (s->turn_at >= 0 && rook) {
            rb_words_put(t, ", turning %s at %s", rb_explain_compass_name(s->turn_dir), rb_sq_name(s->turn_at));
        } else if (s->turn_at >= 0) {
            rb_words_put(t, ", rebounding at %s", rb_sq_name(s->turn_at));
        }
    }
}

static void put_unreachable(rb_words *t, const rb_explanation *e)
{
    static const char rook_tail[] = ", and otherwise steps one square in a straight line.";
    static const char bishop_tail[] = ", and otherwise steps one square diagonally backward.";
    switch (e->rule) {
    case RB_RULE_STAY: rb_words_put(t, "A move must leave its square."); return;
    case RB_RULE_KING_STEP: rb_words_put(t, "A king moves only one step, to a neighbouring square."); return;
    case RB_RULE_PAWN_FORWARD:
        /* RB_DIR_* north, east, south, west are every other compass point. */
        rb_words_put(t, "A pawn moves only one step forward, straight or diagonally, and forward on %s is %s.",
                     rb_sq_name(e->from), rb_explain_compass_name(e->forward * 2));
        return;
    case RB_RULE_ROOK_BACKWARD:
        rb_words_put(t, "A rook never slides backward: ");
        put_slides(t, e);
        rb_words_put(t, "%s", rook_tail);
        return;
    case RB_RULE_ROOK_SIDEWAYS:
        rb_words_put(t, "A rook slides sideways only from b1, a6, f7 and g2: ");
        put_slides(t, e);
        rb_words_put(t, "%s", rook_tail);
        return;
    case RB_RULE_ROOK_LINE:
        rb_words_put(t, "A rook moves in straight lines, turning only once at an empty outer corner: ");
        put_slides(t, e);
        rb_words_put(t, "%s", rook_tail);
        return;
    case RB_RULE_BISHOP_BACKWARD:
        rb_words_put(t, "A bishop's only backward move is one diagonal step: ");
        put_slides(t, e);
        rb_words_put(t, ".");
        return;
    default:
        rb_words_put(
            t, "A bishop slides only along its forward diagonals, rebounding at most once off the edge or the hole: ");
        put_slides(t, e);
        rb_words_put(t, "%s", bishop_tail);
        return;
    }
}

static void put_game_over(rb_words *t, const rb_explanation *e)
{
    int loser = e->winner >= 0 ? !e->winner : e->side;
    switch (e->ending) {
    case RB_END_CHECKMATE: rb_words_put(t, "The game is over: %s is checkmated.", color_word[loser]); break;
    case RB_END_THRONE: rb_words_put(t, "The game is over: %s's king has taken the throne.", color_word[!loser]); break;
    case RB_END_STALEMATE: rb_words_put(t, "The game is over: a draw by stalemate."); break;
    case RB_END_REPETITION: rb_words_put(t, "The game is over: a draw by threefold repetition."); break;
    case RB_END_RESIGNATION: rb_words_put(t, "The game is over: %s resigned.", color_word[loser]); break;
    case RB_END_AGREEMENT: rb_words_put(t, "The game is over: a draw by agreement."); break;
    case RB_END_TIME_FORFEIT: rb_words_put(t, "The game is over: %s ran out of time.", color_word[loser]); break;
    default: rb_words_put(t, "The game is over."); break;
    }
}

static void put_promotion(rb_words *t, const rb_explanation *e)
{
    static const char *const kind[] = {"nothing", "king", "rook", "bishop", "pawn"};
    switch (e->rule) {
    case RB_RULE_PROMO_MISSING:
        rb_words_put(t, "A pawn reaching %s must become a rook or a bishop.", rb_sq_name(e->to));
        break;
    case RB_RULE_PROMO_KIND:
        rb_words_put(t, "A pawn reaching %s must become a rook or a bishop, not a %s.", rb_sq_name(e->to),
                     kind[e->promo]);
        break;
    case RB_RULE_PROMO_NOT_PAWN: rb_words_put(t, "Only a pawn promotes, and this is a %s.", piece(e->piece)); break;
    default:
        rb_words_put(t, "%s's pawns promote only on ", color_word[e->side]);
        put_square_list(t, rb_promotion_squares(e->side));
        rb_words_put(t, ", so this move takes no promotion.");
        break;
    }
}

size_t rb_explain_text(const rb_explanation *e, char *buf, size_t len)
{
    rb_words t = {buf, len, 0};
    if (len) {
        buf[0] = '\0';
    }
    const char *from = rb_sq_name(e->from), *to = rb_sq_name(e->to);
    const char *side = color_word[e->side & 1];
    switch (e->reason) {
    case RB_EXPLAIN_LEGAL:
        rb_words_put(&t, "The %s on %s may move to %s", piece(e->piece), from, to);
        if (e->promo) {
            rb_words_put(&t, " and become a %s", piece_word[e->promo]);
        }
        rb_words_put(&t, ".");
        break;
    case RB_EXPLAIN_GAME_OVER: put_game_over(&t, e); break;
    case RB_EXPLAIN_NO_PIECE: rb_words_put(&t, "There is no piece on %s.", from); break;
    case RB_EXPLAIN_NOT_YOUR_PIECE:
        rb_words_put(&t, "The %s on %s is %s's, and %s is to move.", piece(e->piece), from,
                     color_word[RB_COLOR(e->piece) & 1], side);
        break;
    case RB_EXPLAIN_OWN_PIECE: rb_words_put(&t, "%s holds %s's own %s.", to, side, piece(e->target)); break;
    case RB_EXPLAIN_UNREACHABLE: put_unreachable(&t, e); break;
    case RB_EXPLAIN_BLOCKED:
        rb_words_put(&t, "The %s on %s cannot reach %s: the %s on %s is in the way", piece(e->piece), from, to,
                     piece(e->in_way), rb_sq_name(e->blocker));
        if (e->rule == RB_RULE_BLOCKED_AT_TURN) {
            rb_words_put(&t, RB_TYPE(e->piece) == RB_ROOK ? " (a rook turns only at an empty corner)"
                                                          : " (a bishop cannot rebound off a piece)");
        }
        rb_words_put(&t, ".");
        break;
    case RB_EXPLAIN_KING_ATTACKED:
        if (!e->in_check) {
            rb_words_put(&t, "After this move %s's king on %s would be attacked from ", side, rb_sq_name(e->king));
        } else if (RB_TYPE(e->piece) == RB_KING) {
            rb_words_put(&t, "%s's king is in check, and on %s it would still be in check from ", side,
                         rb_sq_name(e->king));
        } else {
            rb_words_put(&t, "%s's king on %s is in check, and after this move it would still be in check from ", side,
                         rb_sq_name(e->king));
        }
        put_square_list(&t, e->squares);
        rb_words_put(&t, ".");
        break;
    case RB_EXPLAIN_PROMOTION: put_promotion(&t, e); break;
    }
    return t.need;
}
