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

#include <stdio.h>
#include <string.h>

static const char piece_letter[] = {'?', 'K', 'R', 'B', 'P'};
/* Words inside the messages, kept as words (rb_message.h) so that a
 * window translates them with the sentence around them. */
static const rb_msg_word the_piece[] = {
    {NULL, NULL}, /* no piece: never named */
    RB_MSGW_("a piece, with the definite article", "the king"),
    RB_MSGW_("a piece, with the definite article", "the rook"),
    RB_MSGW_("a piece, with the definite article", "the bishop"),
    RB_MSGW_("a piece, with the definite article", "the pawn"),
};
static const rb_msg_word a_piece[] = {
    {NULL, NULL},
    RB_MSGW_("a piece, with the indefinite article", "a king"),
    RB_MSGW_("a piece, with the indefinite article", "a rook"),
    RB_MSGW_("a piece, with the indefinite article", "a bishop"),
    RB_MSGW_("a piece, with the indefinite article", "a pawn"),
};

static int fail(rb_message *why, const char *tmpl)
{
    rb_message_set(why, tmpl);
    return -1;
}

/* The English sentence of why into err, as the char *err functions give it. */
static void english(const rb_message *why, char *err, size_t errlen)
{
    if (err != NULL && errlen > 0) {
        rb_message_text(why, NULL, NULL, err, errlen);
    }
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
static int read_square(const char *s, rb_message *why)
{
    char name[3] = {s[0], s[0] != '\0' ? s[1] : '\0', '\0'};
    int sq = rb_sq_parse(name);
    if (sq >= 0) {
        return sq;
    }
    if (name[0] >= 'a' && name[0] <= 'g' && name[1] >= '1' && name[1] <= '7') {
        fail(why, RB_MSG_("'%1$s' is in the hole in the middle of the board, not a square"));
    } else {
        fail(why, RB_MSG_("'%1$s' is not a square"));
    }
    rb_message_add(why, "%s", name);
    return -1;
}

/* Each template names the side: "White's", "Black's" are words of the
 * sentence. Indexed by colour. */
static const char *const wrong_side[2] = {
    /* TRANSLATORS: %1$s is the move as written (c2b3), %2$s a piece with
       its article ("the rook", translated on its own), %3$s its square. */
    RB_MSG_("no legal move %1$s: %2$s on %3$s is White's, and Black is to move"),
    RB_MSG_("no legal move %1$s: %2$s on %3$s is Black's, and White is to move"),
};
static const char *const own_piece[2] = {
    RB_MSG_("no legal move %1$s: %2$s holds a piece of White's own"),
    RB_MSG_("no legal move %1$s: %2$s holds a piece of Black's own"),
};
static const char *const own_king[2] = {
    RB_MSG_("no legal move %1$s: it would leave White's king in check"),
    RB_MSG_("no legal move %1$s: it would leave Black's king in check"),
};

static const char *game_over(rb_status st)
{
    switch (st) {
    /* TRANSLATORS: %1$s is the move as written, like c2b3. */
    case RB_CHECKMATE: return RB_MSG_("no legal move %1$s: the game is over (checkmate)");
    case RB_STALEMATE: return RB_MSG_("no legal move %1$s: the game is over (stalemate)");
    case RB_THRONE: return RB_MSG_("no legal move %1$s: the game is over (the throne was taken)");
    default: return RB_MSG_("no legal move %1$s: the game is over (over)");
    }
}

/*
 * Finds the legal move from-to with this promotion, or explains why there is
 * none. label is how the move is quoted in the message.
 */
static int resolve(const rb_pos *pos, int from, int to, int promo, const char *label, rb_move *m, rb_message *why)
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
        fail(why, game_over(st));
        rb_message_add(why, "%s", label);
    } else if (p == RB_EMPTY) {
        fail(why, RB_MSG_("no legal move %1$s: there is no piece on %2$s"));
        rb_message_add(why, "%s", label);
        rb_message_add(why, "%s", fn);
    } else if (RB_COLOR(p) != side) {
        fail(why, wrong_side[RB_COLOR(p)]);
        rb_message_add(why, "%s", label);
        rb_message_add_word(why, the_piece[RB_TYPE(p)]);
        rb_message_add(why, "%s", fn);
    } else if (from == to) {
        fail(why, RB_MSG_("no legal move %1$s: a move must leave its square"));
        rb_message_add(why, "%s", label);
    } else if (pos->board[to] != RB_EMPTY && RB_COLOR(pos->board[to]) == side) {
        fail(why, own_piece[side]);
        rb_message_add(why, "%s", label);
        rb_message_add(why, "%s", tn);
    } else if (promo != 0 && rb_move_find(pos, from, to, 0) != RB_MOVE_NONE) {
        fail(why, RB_MSG_("no legal move %1$s: only a pawn reaching its promotion squares promotes"));
        rb_message_add(why, "%s", label);
    } else if (promo != 0 && RB_TYPE(p) != RB_PAWN) {
        fail(why, RB_MSG_("no legal move %1$s: only a pawn can promote, and that is %2$s"));
        rb_message_add(why, "%s", label);
        rb_message_add_word(why, a_piece[RB_TYPE(p)]);
    } else if (promo == 0 && (rb_move_find(pos, from, to, RB_ROOK) != RB_MOVE_NONE ||
                              rb_move_find(pos, from, to, RB_BISHOP) != RB_MOVE_NONE)) {
        fail(why, RB_MSG_("no legal move %1$s: a pawn reaching %2$s must promote (to a rook or a bishop)"));
        rb_message_add(why, "%s", label);
        rb_message_add(why, "%s", tn);
    } else if ((rb_pos_attacks_from(pos, from) >> to) & 1u) {
        /* The piece could go there were it not for its own king. */
        if (RB_TYPE(p) == RB_KING) {
            fail(why, RB_MSG_("no legal move %1$s: the king would be attacked on %2$s"));
            rb_message_add(why, "%s", label);
            rb_message_add(why, "%s", tn);
        } else {
            fail(why, own_king[side]);
            rb_message_add(why, "%s", label);
        }
    } else {
        fail(why, RB_MSG_("no legal move %1$s: %2$s on %3$s cannot reach %4$s"));
        rb_message_add(why, "%s", label);
        rb_message_add_word(why, the_piece[RB_TYPE(p)]);
        rb_message_add(why, "%s", fn);
        rb_message_add(why, "%s", tn);
    }
    return -1;
}

int rb_move_parse_coord_why(const rb_pos *pos, const char *text, rb_move *m, rb_message *why)
{
    rb_message_clear(why);
    char shown[48];
    quote(shown, sizeof shown, text, 24);
    size_t len = strlen(text);
    if (len < 4 || len > 5) {
        fail(why, RB_MSG_("'%1$s' is not a move: the coordinate form is two squares and an optional r or b, "
                          "like c2b3 or d6e6r"));
        rb_message_add(why, "%s", shown);
        return -1;
    }
    int from = read_square(text, why);
    if (from < 0) {
        return -1;
    }
    int to = read_square(text + 2, why);
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
            fail(why, RB_MSG_("'%1$s': a promotion is written r or b, not '%2$s'"));
            rb_message_add(why, "%s", shown);
            rb_message_add(why, "%c", text[4]);
            return -1;
        }
    }
    return resolve(pos, from, to, promo, shown, m, why);
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

int rb_move_parse_display_why(const rb_pos *pos, const char *text, rb_move *m, rb_message *why)
{
    rb_message_clear(why);
    char shown[48];
    quote(shown, sizeof shown, text, 24);
    const char *s = text;
    int letter = letter_type(*s);
    if (letter != RB_NO_TYPE) {
        s++;
    }
    if (*s == '\0') {
        fail(why, RB_MSG_("'%1$s' is not a move: a from-square should follow the piece letter"));
        rb_message_add(why, "%s", shown);
        return -1;
    }
    int from = read_square(s, why);
    if (from < 0) {
        return -1;
    }
    s += 2;
    if (*s == '-' || *s == 'x' || *s == ':') {
        s++;
    }
    if (*s == '\0') {
        fail(why, RB_MSG_("'%1$s' is not a move: the to-square is missing"));
        rb_message_add(why, "%s", shown);
        return -1;
    }
    int to = read_square(s, why);
    if (to < 0) {
        return -1;
    }
    s += 2;
    int promo = 0;
    if (*s == '=') {
        s++;
        if (*s == '\0') {
            fail(why, RB_MSG_("'%1$s': '=' should be followed by R or B"));
            rb_message_add(why, "%s", shown);
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
        fail(why, RB_MSG_("'%1$s': a pawn promotes to R or B, not '%2$s'"));
        rb_message_add(why, "%s", shown);
        rb_message_add(why, "%c", *s);
        return -1;
    }
    /* Suffixes and annotations are the reader's business, not the move's. */
    while (*s == '+' || *s == '#' || *s == '^' || *s == '!' || *s == '?') {
        s++;
    }
    if (*s != '\0') {
        fail(why, RB_MSG_("'%1$s' is not a move: unexpected '%2$s' after %3$s"));
        rb_message_add(why, "%s", shown);
        rb_message_add(why, "%c", *s);
        rb_message_add(why, "%s%s", rb_sq_name(from), rb_sq_name(to));
        return -1;
    }
    rb_piece p = pos->board[from];
    if (letter != RB_NO_TYPE && p != RB_EMPTY && RB_TYPE(p) != letter) {
        /* TRANSLATORS: %3$s and %4$s are pieces with the indefinite
           article ("a rook"), translated on their own. */
        fail(why, RB_MSG_("no legal move %1$s: the piece on %2$s is %3$s, not %4$s"));
        rb_message_add(why, "%s", shown);
        rb_message_add(why, "%s", rb_sq_name(from));
        rb_message_add_word(why, a_piece[RB_TYPE(p)]);
        rb_message_add_word(why, a_piece[letter]);
        return -1;
    }
    return resolve(pos, from, to, promo, shown, m, why);
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

int rb_move_parse_why(const rb_pos *pos, const char *text, rb_move *m, rb_message *why)
{
    if (looks_like_coord(text)) {
        return rb_move_parse_coord_why(pos, text, m, why);
    }
    return rb_move_parse_display_why(pos, text, m, why);
}

int rb_move_parse_coord(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen)
{
    rb_message why;
    int rc = rb_move_parse_coord_why(pos, text, m, &why);
    if (rc != 0) {
        english(&why, err, errlen);
    }
    return rc;
}

int rb_move_parse_display(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen)
{
    rb_message why;
    int rc = rb_move_parse_display_why(pos, text, m, &why);
    if (rc != 0) {
        english(&why, err, errlen);
    }
    return rc;
}

int rb_move_parse(const rb_pos *pos, const char *text, rb_move *m, char *err, size_t errlen)
{
    rb_message why;
    int rc = rb_move_parse_why(pos, text, m, &why);
    if (rc != 0) {
        english(&why, err, errlen);
    }
    return rc;
}
