/*
 * speech_words.c - the spoken mode's sentences (speech_words.h).
 *
 * Shaped like explain_words.c: every sentence is one translatable format
 * with its arguments in a fixed order (the game's formats are not positional), and
 * colours are never glued in as words: a piece's name comes whole with its
 * colour ("white rook"), so each language inflects it. Lists are joined
 * with commas, which every language here reads aloud as a pause.
 */
#include "words/speech_words.h"

#include <stdarg.h>
#include <stdio.h>

#include "words/explain_words.h"
#include "words/i18n.h"
#include "words/words_out.h"

static words_out start(char *buf, size_t len)
{
    if (len) {
        buf[0] = 0;
    }
    return (words_out){buf, len, 0};
}

const char *rb_ui_speech_words_piece(rb_piece p)
{
    /* TRANSLATORS: a piece with its colour, spoken in the spoken mode ("white rook d1 to d4") */
    static const char *const word[2][5] = {
        {N_("piece"), N_("white king"), N_("white rook"), N_("white bishop"), N_("white pawn")},
        {N_("piece"), N_("black king"), N_("black rook"), N_("black bishop"), N_("black pawn")},
    };
    int type = RB_TYPE(p);
    return _(word[RB_COLOR(p) & 1][type >= RB_KING && type <= RB_PAWN ? type : 0]);
}

int rb_ui_speech_ring(bool outer, int *out)
{
    /* Clockwise with White at the bottom: up the a (b) file, along the top
     * rank, down the g (f) file, back along the bottom; the flow runs so. */
    int lo = outer ? 0 : 1, hi = outer ? 6 : 5, n = 0;
    for (int r = lo; r < hi; r++) {
        out[n++] = rb_sq_at(lo, r);
    }
    for (int f = lo; f < hi; f++) {
        out[n++] = rb_sq_at(f, hi);
    }
    for (int r = hi; r > lo; r--) {
        out[n++] = rb_sq_at(hi, r);
    }
    for (int f = hi; f > lo; f--) {
        out[n++] = rb_sq_at(f, lo);
    }
    return n;
}

int rb_ui_speech_king_steps(int from, int to)
{
    int dist[RB_NSQ], queue[RB_NSQ], head = 0, tail = 0;
    for (int i = 0; i < RB_NSQ; i++) {
        dist[i] = -1;
    }
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int sq = queue[head++];
        for (int df = -1; df <= 1; df++) {
            for (int dr = -1; dr <= 1; dr++) {
                int n = rb_sq_at(rb_sq_file(sq) + df, rb_sq_rank(sq) + dr);
                if (n >= 0 && dist[n] < 0) {
                    dist[n] = dist[sq] + 1;
                    queue[tail++] = n;
                }
            }
        }
    }
    return dist[to];
}

static const char *flow_word(int sq)
{
    return rb_ui_explain_words_compass(rb_sq_forward(sq) * 2); /* RB_DIR_* to the eight compass points */
}

size_t rb_ui_speech_words_square(const rb_pos *pos, int sq, rb_ui_speech_verbosity v, char *buf, size_t len)
{
    words_out t = start(buf, len);
    rb_piece p = pos->board[sq];
    const char *what = p ? rb_ui_speech_words_piece(p) : _("empty");
    /* TRANSLATORS: a square in the spoken mode: its name, the way the flow
       runs there (north, east...), what stands on it */
    rb_words_put(&t, rb_sq_is_outer(sq) ? _("%s, outer ring, flow %s, %s") : _("%s, inner ring, flow %s, %s"),
                 rb_sq_name(sq), flow_word(sq), what);
    if (v == RB_UI_SPEECH_FULL) {
        if (rb_sq_is_turn(sq)) {
            rb_words_put(&t, "%s", _(", the flow turns here"));
        }
        if (sq == rb_throne(RB_WHITE)) {
            rb_words_put(&t, "%s", _(", White's throne"));
        }
        if (sq == rb_throne(RB_BLACK)) {
            rb_words_put(&t, "%s", _(", Black's throne"));
        }
    }
    return t.need;
}

/* The path's squares between from and to, comma-joined. */
static void path_between(const rb_path *path, words_out *t)
{
    for (int i = 1; i + 1 < path->len; i++) {
        rb_words_put(t, i > 1 ? ", %s" : "%s", rb_sq_name(path->sq[i]));
    }
}

size_t rb_ui_speech_words_move(const rb_pos *before, rb_move m, rb_ui_speech_verbosity v, char *buf, size_t len)
{
    words_out t = start(buf, len);
    int from = RB_MOVE_FROM(m), to = RB_MOVE_TO(m);
    rb_piece mover = before->board[from], victim = before->board[to];
    const char *name =
        v == RB_UI_SPEECH_FULL ? rb_ui_speech_words_piece(mover) : rb_ui_explain_words_piece(RB_TYPE(mover));
    /* TRANSLATORS: a move spoken: the piece, its square, where it goes ("rook g1 to a4") */
    rb_words_put(&t, _("%s %s to %s"), name, rb_sq_name(from), rb_sq_name(to));
    rb_path path;
    rb_move_path(m, &path);
    if (path.rebound > 0 && path.rebound < path.len - 1) {
        /* TRANSLATORS: after a spoken move: the square it turned on */
        rb_words_put(&t, _(", rebound at %s"), rb_sq_name(path.sq[path.rebound]));
    }
    if (v == RB_UI_SPEECH_FULL && path.len > 2) {
        /* TRANSLATORS: after a spoken move: the squares it crossed */
        rb_words_put(&t, "%s", _(", through "));
        path_between(&path, &t);
    }
    if (victim) {
        /* TRANSLATORS: after a spoken move: the piece it took */
        rb_words_put(&t, _(", takes %s"),
                     v == RB_UI_SPEECH_FULL ? rb_ui_speech_words_piece(victim)
                                            : rb_ui_explain_words_piece(RB_TYPE(victim)));
    }
    if (RB_MOVE_PROMO(m)) {
        rb_words_put(&t, "%s", RB_MOVE_PROMO(m) == RB_ROOK ? _(", becomes a rook") : _(", becomes a bishop"));
    }
    rb_pos after;
    rb_pos_make(before, m, &after);
    int flag = rb_out_flag(RB_COLOR(mover));
    if (v == RB_UI_SPEECH_FULL && (after.out & flag) != (before->out & flag)) {
        rb_words_put(&t, "%s", after.out & flag ? _(", out flag set") : _(", out flag cleared"));
    }
    switch (rb_pos_status(&after)) {
    case RB_CHECKMATE: rb_words_put(&t, "%s", _(", checkmate")); break;
    case RB_THRONE: rb_words_put(&t, "%s", _(", the king takes the throne")); break;
    case RB_STALEMATE: rb_words_put(&t, "%s", _(", stalemate")); break;
    case RB_ONGOING:
        if (rb_pos_in_check(&after)) {
            rb_words_put(&t, "%s", _(", check"));
        }
        break;
    }
    return t.need;
}

size_t rb_ui_speech_words_moves_of(const rb_pos *pos, int sq, char *buf, size_t len)
{
    words_out t = start(buf, len);
    rb_piece p = pos->board[sq];
    if (!p) {
        /* TRANSLATORS: the spoken mode, asked for the moves of an empty square */
        rb_words_put(&t, _("%s is empty"), rb_sq_name(sq));
        return t.need;
    }
    rb_pos as_mover = *pos;
    as_mover.side = (uint8_t)RB_COLOR(p); /* the moves it would have on its turn */
    rb_movelist list;
    rb_gen_legal_from(&as_mover, sq, &list);
    if (list.count == 0) {
        /* TRANSLATORS: a piece and its square: it has no legal move */
        rb_words_put(&t, _("%s %s cannot move"), rb_ui_speech_words_piece(p), rb_sq_name(sq));
        return t.need;
    }
    /* TRANSLATORS: a piece, its square and how many legal moves it has; the list follows */
    rb_words_put(&t, ngettext("%s %s, %d move: ", "%s %s, %d moves: ", (unsigned long)list.count),
                 rb_ui_speech_words_piece(p), rb_sq_name(sq), list.count);
    int said = 0;
    for (int i = 0; i < list.count; i++) {
        rb_move m = list.moves[i];
        if (RB_MOVE_PROMO(m) == RB_BISHOP) {
            continue; /* a promotion is one destination, whichever piece it becomes */
        }
        rb_path path;
        rb_move_path(m, &path);
        rb_words_put(&t, "%s", said++ ? ", " : "");
        rb_piece victim = pos->board[RB_MOVE_TO(m)];
        if (victim) {
            /* TRANSLATORS: one destination of a piece, where it takes: the piece taken, its square */
            rb_words_put(&t, _("takes %s on %s"), rb_ui_explain_words_piece(RB_TYPE(victim)),
                         rb_sq_name(RB_MOVE_TO(m)));
        } else if (path.rebound > 0 && path.rebound < path.len - 1) {
            /* TRANSLATORS: one destination of a piece and the square it rebounds on ("to a4 by a1") */
            rb_words_put(&t, _("to %s by %s"), rb_sq_name(RB_MOVE_TO(m)), rb_sq_name(path.sq[path.rebound]));
        } else {
            /* TRANSLATORS: one destination of a piece */
            rb_words_put(&t, _("to %s"), rb_sq_name(RB_MOVE_TO(m)));
        }
    }
    return t.need;
}

/* "d1, d2" for the squares of set in board order, or "none". */
static void squares(rb_bb set, words_out *t)
{
    if (!set) {
        rb_words_put(t, "%s", _("none"));
        return;
    }
    int n = 0;
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (set & ((rb_bb)1 << sq)) {
            rb_words_put(t, n++ ? ", %s" : "%s", rb_sq_name(sq));
        }
    }
}

size_t rb_ui_speech_words_pieces(const rb_pos *pos, int type, char *buf, size_t len)
{
    words_out t = start(buf, len);
    static const char *const kind[] = {"", N_("Kings"), N_("Rooks"), N_("Bishops"), N_("Pawns")};
    rb_words_put(&t, "%s. ", _(kind[type >= RB_KING && type <= RB_PAWN ? type : 0]));
    rb_words_put(&t, "%s", _("White: "));
    squares(pos->by_type[type] & pos->by_color[RB_WHITE], &t);
    rb_words_put(&t, "%s", _(". Black: "));
    squares(pos->by_type[type] & pos->by_color[RB_BLACK], &t);
    return t.need;
}

/* The pieces of colour mask (bit per colour) that reach sq, each with its
 * path, after head; returns how many. */
static int reaching(const rb_pos *pos, int sq, int colours, const char *head, words_out *t)
{
    int n = 0;
    for (int from = 0; from < RB_NSQ; from++) {
        rb_piece p = pos->board[from];
        if (!p || !(colours & (1 << RB_COLOR(p))) || !(rb_pos_attacks_from(pos, from) & ((rb_bb)1 << sq))) {
            continue;
        }
        rb_words_put(t, "%s", n++ ? "; " : head);
        rb_words_put(t, "%s %s", rb_ui_speech_words_piece(p), rb_sq_name(from));
        rb_path path;
        if (rb_explain_route(RB_TYPE(p), from, sq, &path) && path.len > 2) {
            rb_words_put(t, "%s", _(", through "));
            path_between(&path, t);
        }
    }
    return n;
}

size_t rb_ui_speech_words_attackers(const rb_pos *pos, int sq, char *buf, size_t len)
{
    words_out t = start(buf, len);
    rb_piece here = pos->board[sq];
    int enemies = here ? 1 << (RB_COLOR(here) ^ 1) : 3, friends = here ? 1 << RB_COLOR(here) : 0;
    char head[64];
    /* TRANSLATORS: a square; the pieces that attack it follow */
    snprintf(head, sizeof head, _("%s is attacked by "), rb_sq_name(sq));
    int n = reaching(pos, sq, enemies, head, &t);
    if (n == 0) {
        /* TRANSLATORS: a square no piece attacks */
        rb_words_put(&t, _("Nothing attacks %s"), rb_sq_name(sq));
    }
    if (friends) {
        /* TRANSLATORS: after the attackers of a square: the pieces of its own side that guard it follow */
        reaching(pos, sq, friends, _(". Defended by "), &t);
    }
    return t.need;
}

size_t rb_ui_speech_words_kings(const rb_pos *pos, char *buf, size_t len)
{
    words_out t = start(buf, len);
    for (int c = RB_WHITE; c <= RB_BLACK; c++) {
        int king = pos->king[c], throne = rb_throne(c);
        int steps = rb_ui_speech_king_steps(king, throne);
        bool out = pos->out & rb_out_flag(c);
        const char *fmt;
        if (c == RB_WHITE) {
            /* TRANSLATORS: the king's square, its steps to its throne, the throne's square */
            fmt =
                out ? ngettext("White king on %s, out flag set, %d step from its throne %s",
                               "White king on %s, out flag set, %d steps from its throne %s", (unsigned long)steps)
                    : ngettext("White king on %s, out flag not set, %d step from its throne %s",
                               "White king on %s, out flag not set, %d steps from its throne %s", (unsigned long)steps);
        } else {
            fmt =
                out ? ngettext("Black king on %s, out flag set, %d step from its throne %s",
                               "Black king on %s, out flag set, %d steps from its throne %s", (unsigned long)steps)
                    : ngettext("Black king on %s, out flag not set, %d step from its throne %s",
                               "Black king on %s, out flag not set, %d steps from its throne %s", (unsigned long)steps);
        }
        rb_words_put(&t, c ? ". " : "");
        rb_words_put(&t, fmt, rb_sq_name(king), steps, rb_sq_name(throne));
    }
    return t.need;
}

static int points(const rb_pos *pos, int color)
{
    static const int value[] = {0, 0, 5, 3, 1};
    int sum = 0;
    for (int type = RB_ROOK; type <= RB_PAWN; type++) {
        sum += value[type] * rb_popcount(pos->by_type[type] & pos->by_color[color]);
    }
    return sum;
}

size_t rb_ui_speech_words_material(const rb_pos *pos, char *buf, size_t len)
{
    words_out t = start(buf, len);
    /* TRANSLATORS: the material count, in points (rook 5, bishop 3, pawn 1) */
    rb_words_put(&t, _("Material: White %d, Black %d"), points(pos, RB_WHITE), points(pos, RB_BLACK));
    return t.need;
}

size_t rb_ui_speech_words_board(const rb_pos *pos, char *buf, size_t len)
{
    words_out t = start(buf, len);
    for (int ring = 0; ring < 2; ring++) {
        int sq[RB_UI_SPEECH_RING_OUTER];
        int n = rb_ui_speech_ring(ring == 0, sq);
        rb_words_put(&t, "%s",
                     ring == 0 ? _("Outer ring, clockwise from a1: ") : _(". Inner ring, clockwise from b2: "));
        int said = 0;
        for (int i = 0; i < n; i++) {
            if (pos->board[sq[i]]) {
                rb_words_put(&t, "%s%s %s", said++ ? ", " : "", rb_sq_name(sq[i]),
                             rb_ui_speech_words_piece(pos->board[sq[i]]));
            }
        }
        if (!said) {
            rb_words_put(&t, "%s", _("empty"));
        }
    }
    return t.need;
}

size_t rb_ui_speech_words_help(const char *sep, char *buf, size_t len)
{
    return (size_t)snprintf(
        buf, len, "%s%s%s%s%s%s%s%s%s%s%s",
        _("Spoken mode keys. Arrows move the focus square; U switches between the grid and the rings, where Left and "
          "Right follow the ring and Up and Down step between the rings."),
        sep,
        _("Space or Enter selects the piece on the focus square and lists its moves; on a destination it plays the "
          "move. Escape cancels. Moves may also be typed, like c2b3. Tab goes through the panel's buttons."),
        sep,
        _("L: the last move. S: whose move it is and the game's state. K: the clocks. Shift with K, R, B or P: where "
          "the kings, rooks, bishops or pawns are."),
        sep,
        _("X: the pieces that attack the focus square. O: the out flags and each king's steps to its throne. M: the "
          "material. V: the whole board, ring by ring. I: the moves of the focused piece."),
        sep,
        _("Z: say it again. Comma and full stop: a move back and forward in the game. H: a hint. Question mark: "
          "these keys. F6 turns the spoken mode off."),
        sep,
        _("Analysis board: A, the engine's lines. Position editor: K, R, B or P puts a black piece on the focus "
          "square, with Shift a white one; Delete clears it; W changes the side to move."));
}
