/*
 * explain_words.c - the translated sentence for an explanation.
 *
 * Shaped like the rules library's English writer (src/core/explain_text.c)
 * but every sentence is one translatable format. Colours are never filled
 * in as words: each sentence comes in a White and a Black form, so a
 * language may inflect the rest as it needs. Piece names and directions
 * are filled in (a translator's note says where), and a slide list is a
 * clause of its own built from small formats.
 */
#include "words/explain_words.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "words/i18n.h"
#include "words/words_out.h"

/* snprintf's convention over a growing buffer: counts what it would have
 * needed even once the buffer is full. */

const char *rb_ui_explain_words_piece(int type)
{
    /* TRANSLATORS: piece names, filled into sentences such as "The rook on
       b2 cannot reach e5"; use the form that fits there */
    static const char *const word[] = {N_("piece"), N_("king"), N_("rook"), N_("bishop"), N_("pawn")};
    return _(word[type >= RB_KING && type <= RB_PAWN ? type : 0]);
}

const char *rb_ui_explain_words_compass(int dir)
{
    /* TRANSLATORS: directions on the board, filled into "from b2 it slides north" */
    static const char *const word[] = {N_("north"), N_("north-east"), N_("east"), N_("south-east"),
                                       N_("south"), N_("south-west"), N_("west"), N_("north-west")};
    return dir >= 0 && dir < 8 ? _(word[dir]) : "?";
}

static const char *piece(rb_piece p)
{
    return rb_ui_explain_words_piece(RB_TYPE(p));
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

/* "b3", "b3 and e7", "a1, b3 and e7" into buf. */
static void square_list(rb_bb squares, char *buf, size_t len)
{
    words_out t = {buf, len, 0};
    int sq[RB_NSQ];
    int n = sorted_squares(squares, sq);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i == 0) {
            rb_words_put(&t, "%s", rb_sq_name(sq[i]));
        } else if (i < n - 1) {
            /* TRANSLATORS: between squares of a list but the last two: "a1, b3 and e7" */
            rb_words_put(&t, _(", %s"), rb_sq_name(sq[i]));
        } else {
            /* TRANSLATORS: before the last square of a list: "a1, b3 and e7" */
            rb_words_put(&t, _(" and %s"), rb_sq_name(sq[i]));
        }
    }
}

/* "from a3 it slides west, turning north at a1, or north" into buf. */
static void slides(const rb_explanation *e, char *buf, size_t len)
{
    char list[320] = "";
    words_out l = {list, sizeof list, 0};
    bool rook = RB_TYPE(e->piece) == RB_ROOK;
    for (int i = 0; i < e->nslides; i++) {
        const rb_explain_slide *s = &e->slides[i];
        if (i) {
            /* TRANSLATORS: between two ways a piece slides: "west, or north" */
            rb_words_put(&l, "%s", _(", or "));
        }
        if (s->turn_at >= 0 && rook) {
            /* TRANSLATORS: a rook's slide: "west, turning north at a1" */
            rb_words_put(&l, _("%s, turning %s at %s"), rb_ui_explain_words_compass(s->dir),
                         rb_ui_explain_words_compass(s->turn_dir), rb_sq_name(s->turn_at));
        } else if (s->turn_at >= 0) {
            /* TRANSLATORS: a bishop's slide: "north-west, rebounding at a4" */
            rb_words_put(&l, _("%s, rebounding at %s"), rb_ui_explain_words_compass(s->dir), rb_sq_name(s->turn_at));
        } else {
            rb_words_put(&l, "%s", rb_ui_explain_words_compass(s->dir));
        }
    }
    words_out t = {buf, len, 0};
    if (e->nslides == 0) {
        /* TRANSLATORS: %s is a square */
        rb_words_put(&t, _("from %s it cannot slide"), rb_sq_name(e->from));
    } else {
        /* TRANSLATORS: the first %s is a square, the second the directions: "from a3 it slides west, or north" */
        rb_words_put(&t, _("from %s it slides %s"), rb_sq_name(e->from), list);
    }
}

static void unreachable(words_out *t, const rb_explanation *e)
{
    char how[400];
    slides(e, how, sizeof how);
    switch (e->rule) {
    case RB_RULE_STAY: rb_words_put(t, "%s", _("A move must leave its square.")); return;
    case RB_RULE_KING_STEP: rb_words_put(t, "%s", _("A king moves only one step, to a neighbouring square.")); return;
    case RB_RULE_PAWN_FORWARD:
        /* TRANSLATORS: %s is a square, then a direction ("north-east") */
        rb_words_put(t, _("A pawn moves only one step forward, straight or diagonally, and forward on %s is %s."),
                     rb_sq_name(e->from), rb_ui_explain_words_compass(e->forward * 2));
        return;
    case RB_RULE_ROOK_BACKWARD:
        /* TRANSLATORS: %s is "from a3 it slides west, or north" */
        rb_words_put(t, _("A rook never slides backward: %s, and otherwise steps one square in a straight line."), how);
        return;
    case RB_RULE_ROOK_SIDEWAYS:
        rb_words_put(t,
                     _("A rook slides sideways only from b1, a6, f7 and g2: %s, and otherwise steps one square in a "
                       "straight line."),
                     how);
        return;
    case RB_RULE_ROOK_LINE:
        rb_words_put(t,
                     _("A rook moves in straight lines, turning only once at an empty outer corner: %s, and otherwise "
                       "steps one square in a straight line."),
                     how);
        return;
    case RB_RULE_BISHOP_BACKWARD:
        rb_words_put(t, _("A bishop's only backward move is one diagonal step: %s."), how);
        return;
    default:
        rb_words_put(t,
                     _("A bishop slides only along its forward diagonals, rebounding at most once off the edge or the "
                       "hole: %s, and otherwise steps one square diagonally backward."),
                     how);
        return;
    }
}

static void game_over(words_out *t, const rb_explanation *e)
{
    int loser = e->winner >= 0 ? !e->winner : e->side;
    bool white = loser == RB_WHITE;
    switch (e->ending) {
    case RB_END_CHECKMATE:
        rb_words_put(t, "%s",
                     white ? _("The game is over: White is checkmated.") : _("The game is over: Black is checkmated."));
        break;
    case RB_END_THRONE:
        rb_words_put(t, "%s",
                     white ? _("The game is over: Black's king has taken the throne.")
                           : _("The game is over: White's king has taken the throne."));
        break;
    case RB_END_STALEMATE: rb_words_put(t, "%s", _("The game is over: a draw by stalemate.")); break;
    case RB_END_REPETITION: rb_words_put(t, "%s", _("The game is over: a draw by threefold repetition.")); break;
    case RB_END_RESIGNATION:
        rb_words_put(t, "%s", white ? _("The game is over: White resigned.") : _("The game is over: Black resigned."));
        break;
    case RB_END_AGREEMENT: rb_words_put(t, "%s", _("The game is over: a draw by agreement.")); break;
    case RB_END_TIME_FORFEIT:
        rb_words_put(t, "%s",
                     white ? _("The game is over: White ran out of time.")
                           : _("The game is over: Black ran out of time."));
        break;
    default: rb_words_put(t, "%s", _("The game is over.")); break;
    }
}

static void promotion(words_out *t, const rb_explanation *e)
{
    char squares[64];
    switch (e->rule) {
    case RB_RULE_PROMO_MISSING:
        /* TRANSLATORS: %s is a square */
        rb_words_put(t, _("A pawn reaching %s must become a rook or a bishop."), rb_sq_name(e->to));
        break;
    case RB_RULE_PROMO_KIND:
        /* TRANSLATORS: %s is a square, then the piece asked for ("king", "pawn") */
        rb_words_put(t, _("A pawn reaching %s must become a rook or a bishop, not a %s."), rb_sq_name(e->to),
                     e->promo ? rb_ui_explain_words_piece(e->promo) : _("nothing"));
        break;
    case RB_RULE_PROMO_NOT_PAWN:
        /* TRANSLATORS: %s is a piece name */
        rb_words_put(t, _("Only a pawn promotes, and this is a %s."), piece(e->piece));
        break;
    default:
        square_list(rb_promotion_squares(e->side), squares, sizeof squares);
        /* TRANSLATORS: %s is a list of squares, "e6 and e7" */
        rb_words_put(t,
                     e->side == RB_WHITE ? _("White's pawns promote only on %s, so this move takes no promotion.")
                                         : _("Black's pawns promote only on %s, so this move takes no promotion."),
                     squares);
        break;
    }
}

size_t rb_ui_explain_words(const rb_explanation *e, char *buf, size_t len)
{
    words_out t = {buf, len, 0};
    if (len) {
        buf[0] = '\0';
    }
    const char *from = rb_sq_name(e->from), *to = rb_sq_name(e->to);
    bool white = (e->side & 1) == RB_WHITE;
    char squares[96];
    switch (e->reason) {
    case RB_EXPLAIN_LEGAL:
        if (e->promo) {
            /* TRANSLATORS: "The pawn on e5 may move to e6 and become a rook." */
            rb_words_put(&t, _("The %s on %s may move to %s and become a %s."), piece(e->piece), from, to,
                         rb_ui_explain_words_piece(e->promo));
        } else {
            /* TRANSLATORS: "The rook on b1 may move to a1." */
            rb_words_put(&t, _("The %s on %s may move to %s."), piece(e->piece), from, to);
        }
        break;
    case RB_EXPLAIN_GAME_OVER: game_over(&t, e); break;
    case RB_EXPLAIN_NO_PIECE:
        /* TRANSLATORS: %s is a square */
        rb_words_put(&t, _("There is no piece on %s."), from);
        break;
    case RB_EXPLAIN_NOT_YOUR_PIECE:
        /* TRANSLATORS: "The rook on c6 is Black's, and White is to move." */
        rb_words_put(&t,
                     white ? _("The %s on %s is Black's, and White is to move.")
                           : _("The %s on %s is White's, and Black is to move."),
                     piece(e->piece), from);
        break;
    case RB_EXPLAIN_OWN_PIECE:
        /* TRANSLATORS: "c2 holds White's own pawn." */
        rb_words_put(&t, white ? _("%s holds White's own %s.") : _("%s holds Black's own %s."), to, piece(e->target));
        break;
    case RB_EXPLAIN_UNREACHABLE: unreachable(&t, e); break;
    case RB_EXPLAIN_BLOCKED:
        if (e->rule == RB_RULE_BLOCKED_AT_TURN && RB_TYPE(e->piece) == RB_ROOK) {
            /* TRANSLATORS: "The rook on b1 cannot reach a4: the bishop on a1 is in the way (...)" */
            rb_words_put(
                &t,
                _("The %s on %s cannot reach %s: the %s on %s is in the way (a rook turns only at an empty corner)."),
                piece(e->piece), from, to, piece(e->in_way), rb_sq_name(e->blocker));
        } else if (e->rule == RB_RULE_BLOCKED_AT_TURN) {
            rb_words_put(
                &t,
                _("The %s on %s cannot reach %s: the %s on %s is in the way (a bishop cannot rebound off a piece)."),
                piece(e->piece), from, to, piece(e->in_way), rb_sq_name(e->blocker));
        } else {
            rb_words_put(&t, _("The %s on %s cannot reach %s: the %s on %s is in the way."), piece(e->piece), from, to,
                         piece(e->in_way), rb_sq_name(e->blocker));
        }
        break;
    case RB_EXPLAIN_KING_ATTACKED:
        square_list(e->squares, squares, sizeof squares);
        /* TRANSLATORS: the first %s is the king's square, the second a list of squares, "b3 and e7" */
        if (!e->in_check) {
            rb_words_put(&t,
                         white ? _("After this move White's king on %s would be attacked from %s.")
                               : _("After this move Black's king on %s would be attacked from %s."),
                         rb_sq_name(e->king), squares);
        } else if (RB_TYPE(e->piece) == RB_KING) {
            /* TRANSLATORS: the king, in check, steps to a square (the first %s) that is attacked too, from the
               squares of the second %s, "b3 and e7" */
            rb_words_put(&t,
                         white ? _("White's king is in check, and on %s it would still be in check from %s.")
                               : _("Black's king is in check, and on %s it would still be in check from %s."),
                         rb_sq_name(e->king), squares);
        } else {
            /* TRANSLATORS: the first %s is the king's square, the second a list of squares, "b3 and e7" */
            rb_words_put(
                &t,
                white ? _("White's king on %s is in check, and after this move it would still be in check from %s.")
                      : _("Black's king on %s is in check, and after this move it would still be in check from %s."),
                rb_sq_name(e->king), squares);
        }
        break;
    case RB_EXPLAIN_PROMOTION: promotion(&t, e); break;
    }
    return t.need;
}
