/*
 * notation.c - moves as text, both ways.
 *
 * Writing is mechanical. Reading never builds a move from the text alone: the
 * text names squares and a promotion, and the move is then looked up among
 * the legal moves of the position, so whatever a caller gets back is a move
 * the generator made (with its route, which the squares alone cannot tell).
 * When the lookup fails, the error explains why in a player's terms: no piece
 * there, the wrong side's piece, a missing promotion, a king left in check.
 *
 * The coordinate form is read strictly because programs write it; the
 * display form is read leniently because people write it: suffixes (+ # ^)
 * and annotations (! ?) are checked by nobody, the separator and the piece
 * letter may be left out, and the promotion letter may be lower case.
 */
#include "rb_notation.h"
#include "rb_util_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char piece_letter[] = {'?', 'K', 'R', 'B', 'P'};
static const char *const piece_word[] = {"nothing", "king", "rook", "bishop", "pawn"};
static const char *const color_word[] = {"White", "Black"};

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (err == NULL || errlen == 0) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    /* The quoted text may hold any bytes; a message is printable ASCII. */
    rb_util_make_printable(err);
}

/* Copies at most max characters of text for quoting in a message. */
static void quote(char *out, size_t outlen, const char *text, size_t max)
{
    size_t n = strlen(text);
    if (n > max) {
        snprintf(out, outlen, "%.*s...", (int)max, text);
    } else {
        snprintf(out, outlen, "%s", text);
    }
}

size_t rb_move_to_coord(rb_move m, char *buf)
{
    size_t n = 0;
    const char *from = rb_sq_name(RB_MOVE_FROM(m));
    const char *to = rb_sq_name(RB_MOVE_TO(m));
    buf[n++] = from[0];
    buf[n++] = from[1];
    buf[n++] = to[0];
    buf[n++] = to[1];
    if (RB_MOVE_PROMO(m) == RB_ROOK) {
        buf[n++] = 'r';
    } else if (RB_MOVE_PROMO(m) == RB_BISHOP) {
        buf[n++] = 'b';
    }
    buf[n] = '\0';
    return n;
}

size_t rb_move_to_display(const rb_pos *pos, rb_move m, char *buf)
{
    size_t n = 0;
    int from = RB_MOVE_FROM(m);
    int type = RB_TYPE(pos->board[from]);
    if (type != RB_PAWN && type != RB_NO_TYPE) {
        buf[n++] = piece_letter[type];
    }
    const char *f = rb_sq_name(from);
    const char *t = rb_sq_name(RB_MOVE_TO(m));
    buf[n++] = f[0];
    buf[n++] = f[1];
    buf[n++] = rb_move_is_capture(pos, m) ? 'x' : '-';
    buf[n++] = t[0];
    buf[n++] = t[1];
    if (RB_MOVE_PROMO(m) != 0) {
        buf[n++] = '=';
        buf[n++] = piece_letter[RB_MOVE_PROMO(m)];
    }
    if (rb_move_wins_throne(pos, m)) {
        buf[n++] = '^';
    } else {
        rb_pos after;
        rb_pos_make(pos, m, &after);
        if (rb_pos_in_check(&after)) {
            buf[n++] = rb_gen_count(&after) == 0 ? '#' : '+';
        }
    }
    buf[n] = '\0';
    return n;
}

/* The square named by the two characters at s, or -1 with a message. */
static int read_square(const char *s, char *err, size_t errlen)
{
    char name[3] = {s[0], s[0] != '\0' ? s[1] : '\0', '\0'};
    int sq = rb_sq_parse(name);
    if (sq >= 0) {
        return sq;
    }
    if (name[0] >= 'a' && name[0] <= 'g' && name[1] >= '1' && name[1] <= '7') {
        set_err(err, errlen, "'%s' is in the hole in the middle of the board, not a square", name);
    } else {
        set_err(err, errlen, "'%s' is not a square", name);
    }
    return -1;
}

static const char *ending_word(rb_status st)
{
    switch (st) {
    case RB_CHECKMATE: return "checkmate";
    case RB_STALEMATE: return "stalemate";
    case RB_THRONE: return "the throne was taken";
    default: return "over";
    }
}

/*
 * Finds the legal move from-to with this promotion, or explains why there is
 * none. label is how the move is quoted in the message.
 */
static int resolve(const rb_pos *pos, int from, int to, int promo, const char *label, rb_move *m,
                   char *err, size_t errlen)
{
    rb_move found = rb_move_find(pos, from, to, promo);
    if (found != RB_MOVE_NONE) {
        *m = found;
        return 0;
    }
    int side = pos->side;
    rb_piece p = pos->board[from];
    rb_status st = rb_pos_status(pos);
    const char *fn = rb_sq_name(from);
    const char *tn = rb_sq_name(to);
    if (st != RB_ONGOING) {
        set_err(err, errlen, "no legal move %s: the game is over (%s)", label, ending_word(st));
    } else if (p == RB_EMPTY) {
        set_err(err, errlen, "no legal move %s: there is no piece on %s", label, fn);
    } else if (RB_COLOR(p) != side) {
        set_err(err, errlen, "no legal move %s: the %s on %s is %s's, and %s is to move", label,
                piece_word[RB_TYPE(p)], fn, color_word[RB_COLOR(p)], color_word[side]);
    } else if (from == to) {
        set_err(err, errlen, "no legal move %s: a move must leave its square", label);
    } else if (pos->board[to] != RB_EMPTY && RB_COLOR(pos->board[to]) == side) {
        set_err(err, errlen, "no legal move %s: %s holds a piece of %s's own", label, tn,
                color_word[side]);
    } else if (promo != 0 && rb_move_find(pos, from, to, 0) != RB_MOVE_NONE) {
        set_err(err, errlen, "no legal move %s: only a pawn reaching its promotion squares promotes",
                label);
    } else if (promo != 0 && RB_TYPE(p) != RB_PAWN) {
        set_err(err, errlen, "no legal move %s: only a pawn can promote, and that is a %s", label,
                piece_word[RB_TYPE(p)]);
    } else if (promo == 0 && (rb_move_find(pos, from, to, RB_ROOK) != RB_MOVE_NONE ||
                              rb_move_find(pos, from, to, RB_BISHOP) != RB_MOVE_NONE)) {
        set_err(err, errlen, "no legal move %s: a pawn reaching %s must promote (to a rook or a bishop)",
                label, tn);
    } else if ((rb_pos_attacks_from(pos, from) >> to) & 1u) {
        /* The piece could go there were it not for its own king. */
        if (RB_TYPE(p) == RB_KING) {
            set_err(err, errlen, "no legal move %s: the king would be attacked on %s", label, tn);
        } else {
            set_err(err, errlen, "no legal move %s: it would leave %s's king in check", label,
                    color_word[side]);
        }
    } else {
        set_err(err, errlen, "no legal move %s: the %s on %s cannot reach %s", label,
                piece_word[RB_TYPE(p)], fn, tn);
    }
    return -1;
}

int rb_move_parse_coord(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen)
{
    char shown[48];
    quote(shown, sizeof shown, text, 24);
    size_t len = strlen(text);
    if (len < 4 || len > 5) {
        set_err(err, errlen, "'%s' is not a move: the coordinate form is two squares and an optional r or b, like c2b3 or d6e6r",
                shown);
        return -1;
    }
    int from = read_square(text, err, errlen);
    if (from < 0) {
        return -1;
    }
    int to = read_square(text + 2, err, errlen);
    if (to < 0) {
        return -1;
    }
    int promo = 0;
    if (len == 5) {
        if (text[4] == 'r') {
            promo = RB_ROOK;
        } else if (text[4] == 'b') {
            promo = RB_BISHOP;
        } else {
            set_err(err, errlen, "'%s': a promotion is written r or b, not '%c'", shown, text[4]);
            return -1;
        }
    }
    return resolve(pos, from, to, promo, shown, m, err, errlen);
}

static int letter_type(char c)
{
    switch (c) {
    case 'K': return RB_KING;
    case 'R': return RB_ROOK;
    case 'B': return RB_BISHOP;
    case 'P': return RB_PAWN;
    default: return RB_NO_TYPE;
    }
}

int rb_move_parse_display(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen)
{
    char shown[48];
    quote(shown, sizeof shown, text, 24);
    const char *s = text;
    int letter = letter_type(*s);
    if (letter != RB_NO_TYPE) {
        s++;
    }
    if (*s == '\0') {
        set_err(err, errlen, "'%s' is not a move: a from-square should follow the piece letter", shown);
        return -1;
    }
    int from = read_square(s, err, errlen);
    if (from < 0) {
        return -1;
    }
    s += 2;
    if (*s == '-' || *s == 'x' || *s == ':') {
        s++;
    }
    if (*s == '\0') {
        set_err(err, errlen, "'%s' is not a move: the to-square is missing", shown);
        return -1;
    }
    int to = read_square(s, err, errlen);
    if (to < 0) {
        return -1;
    }
    s += 2;
    int promo = 0;
    if (*s == '=') {
        s++;
        if (*s == '\0') {
            set_err(err, errlen, "'%s': '=' should be followed by R or B", shown);
            return -1;
        }
    }
    if (*s == 'R' || *s == 'r') {
        promo = RB_ROOK;
        s++;
    } else if (*s == 'B' || *s == 'b') {
        promo = RB_BISHOP;
        s++;
    } else if (s[-1] == '=') {
        set_err(err, errlen, "'%s': a pawn promotes to R or B, not '%c'", shown, *s);
        return -1;
    }
    /* Suffixes and annotations are the reader's business, not the move's. */
    while (*s == '+' || *s == '#' || *s == '^' || *s == '!' || *s == '?') {
        s++;
    }
    if (*s != '\0') {
        set_err(err, errlen, "'%s' is not a move: unexpected '%c' after %s%s", shown, *s,
                rb_sq_name(from), rb_sq_name(to));
        return -1;
    }
    rb_piece p = pos->board[from];
    if (letter != RB_NO_TYPE && p != RB_EMPTY && RB_TYPE(p) != letter) {
        set_err(err, errlen, "no legal move %s: the piece on %s is a %s, not a %s", shown,
                rb_sq_name(from), piece_word[RB_TYPE(p)], piece_word[letter]);
        return -1;
    }
    return resolve(pos, from, to, promo, shown, m, err, errlen);
}

/* Exactly the shape of the coordinate form: two squares' worth of file and
 * rank characters, maybe r or b. */
static bool looks_like_coord(const char *t)
{
    size_t len = strlen(t);
    if (len != 4 && len != 5) {
        return false;
    }
    for (int i = 0; i < 4; i += 2) {
        if (t[i] < 'a' || t[i] > 'z' || t[i + 1] < '0' || t[i + 1] > '9') {
            return false;
        }
    }
    return len == 4 || (t[4] >= 'a' && t[4] <= 'z');
}

int rb_move_parse(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen)
{
    if (looks_like_coord(text)) {
        return rb_move_parse_coord(pos, text, m, err, errlen);
    }
    return rb_move_parse_display(pos, text, m, err, errlen);
}
