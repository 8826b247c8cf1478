/*
 * position_text.c - position strings: the one-line, FEN-like form.
 *
 * "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1": placement from rank 7
 * down (x marks each square of the hole), side to move, out flags, quiet-ply
 * count, move number. The parser is strict and says precisely what is wrong
 * and where, because position strings are typed and pasted by people; it
 * builds into a scratch position and only copies it out once everything,
 * legality included, has been checked.
 */
#include <stdio.h>
#include <string.h>

#include "rb_board.h"
#include "rb_message.h"

static const char start_text[] = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

static const char piece_letters[] = " KRBP"; /* indexed by type */

/* Messages are templates with their arguments (rb_message.h), so that a
 * window can show them in its player's language; the arguments quote the
 * text complained about with whatever is not printable ASCII shown as '?',
 * so a message is always safe to print, log or draw. */
static int fail(rb_message *why, const char *tmpl)
{
    rb_message_set(why, tmpl);
    return -1;
}

/* The English sentence of why into err, as the char *err functions give it. */
static void english(const rb_message *why, char *err, size_t errlen)
{
    if (err && errlen > 0) {
        rb_message_text(why, NULL, NULL, err, errlen);
    }
}

void rb_pos_start(rb_pos *pos)
{
    char err[8];
    rb_pos_parse(pos, start_text, err, sizeof err);
}

static bool is_hole(int file, int rank)
{
    return rb_sq_at(file, rank) < 0;
}

static int letter_piece(char c)
{
    for (int t = RB_KING; t <= RB_PAWN; t++) {
        if (c == piece_letters[t]) {
            return RB_PIECE(RB_WHITE, t);
        }
        if (c == piece_letters[t] + ('a' - 'A')) {
            return RB_PIECE(RB_BLACK, t);
        }
    }
    return -1;
}

/* A byte quoted in a message: the character in quotes, "a space", or its
 * value in hexadecimal. */
static void add_shown(rb_message *why, char c)
{
    static const rb_msg_word space = RB_MSGW_("a character in a position string", "a space");
    if (c >= 33 && c < 127) {
        rb_message_add(why, "'%c'", c);
    } else if (c == ' ') {
        rb_message_add_word(why, space);
    } else {
        rb_message_add(why, "0x%02x", (unsigned char)c);
    }
}

static int wrong_count(rb_message *why, int rank, int squares)
{
    /* TRANSLATORS: %1$s is a rank's number (1 to 7), %2$s a count. */
    fail(why, RB_MSG_("rank %1$s: has %2$s squares, expected 7"));
    rb_message_add(why, "%d", rank + 1);
    rb_message_add(why, "%d", squares);
    return -1;
}

static int parse_placement(rb_pos *pos, const char *s, size_t n, rb_message *why)
{
    int rank = RB_NRANKS - 1, file = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '/') {
            if (file != RB_NFILES) {
                return wrong_count(why, rank, file);
            }
            if (rank == 0) {
                return fail(why, RB_MSG_("placement: more than 7 ranks"));
            }
            rank--;
            file = 0;
            continue;
        }
        if (file >= RB_NFILES) {
            fail(why, RB_MSG_("rank %1$s: too long at %2$s (more than 7 squares)"));
            rb_message_add(why, "%d", rank + 1);
            add_shown(why, c);
            return -1;
        }
        char where[3] = {(char)('a' + file), (char)('1' + rank), 0};
        if (c == 'x') {
            if (!is_hole(file, rank)) {
                fail(why, RB_MSG_("rank %1$s: 'x' at %2$s, which is not in the hole (c3-e5)"));
                rb_message_add(why, "%d", rank + 1);
                rb_message_add(why, "%s", where);
                return -1;
            }
            file++;
            continue;
        }
        if (is_hole(file, rank)) {
            fail(why, RB_MSG_("rank %1$s: expected 'x' at %2$s, found %3$s"));
            rb_message_add(why, "%d", rank + 1);
            rb_message_add(why, "%s", where);
            add_shown(why, c);
            return -1;
        }
        if (c >= '1' && c <= '9') {
            int run = c - '0';
            for (int k = 0; k < run; k++, file++) {
                bool past = file >= RB_NFILES;
                if (past || is_hole(file, rank)) {
                    fail(why, past ? RB_MSG_("rank %1$s: %2$s empty squares from %3$s run past file g")
                                   : RB_MSG_("rank %1$s: %2$s empty squares from %3$s run into the hole at %4$s"));
                    rb_message_add(why, "%d", rank + 1);
                    rb_message_add(why, "%d", run);
                    rb_message_add(why, "%s", where);
                    if (!past) {
                        rb_message_add(why, "%c%d", 'a' + file, rank + 1);
                    }
                    return -1;
                }
            }
            continue;
        }
        int p = letter_piece(c);
        if (p < 0) {
            fail(why, RB_MSG_("rank %1$s: unknown piece letter %2$s at %3$s"));
            rb_message_add(why, "%d", rank + 1);
            add_shown(why, c);
            rb_message_add(why, "%s", where);
            return -1;
        }
        rb_pos_put(pos, rb_sq_at(file, rank), (rb_piece)p);
        file++;
    }
    if (file != RB_NFILES) {
        return wrong_count(why, rank, file);
    }
    if (rank != 0) {
        fail(why, RB_MSG_("placement: has %1$s ranks, expected 7"));
        rb_message_add(why, "%d", RB_NRANKS - rank);
        return -1;
    }
    return 0;
}

/* Quotes at most 20 characters of a field. */
static void add_field(rb_message *why, const char *s, size_t n)
{
    rb_message_add(why, "%.*s", (int)(n > 20 ? 20 : n), s);
}

/* The two counters, each with its own sentences: the field's name is part
 * of the sentence to translate. */
enum counter { QUIET_PLIES, MOVE_NUMBER };

static int parse_counter(const char *s, size_t n, uint32_t *out, enum counter what, rb_message *why)
{
    static const char *const not_digits[2] = {
        RB_MSG_("quiet-ply count: expected 1 to 9 decimal digits, found '%1$s'"),
        RB_MSG_("move number: expected 1 to 9 decimal digits, found '%1$s'"),
    };
    static const char *const not_number[2] = {
        RB_MSG_("quiet-ply count: '%1$s' is not a decimal number"),
        RB_MSG_("move number: '%1$s' is not a decimal number"),
    };
    if (n < 1 || n > 9) {
        fail(why, not_digits[what]);
        add_field(why, s, n);
        return -1;
    }
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') {
            fail(why, not_number[what]);
            add_field(why, s, n);
            return -1;
        }
        v = v * 10 + (uint32_t)(s[i] - '0');
    }
    *out = v;
    return 0;
}

/* The position's form: fields, placement and counters. Legality is
 * rb_pos_validate's (position_check.c). */
static int parse_form(rb_pos *pos, const char *text, rb_message *why)
{
    if (!text) {
        return fail(why, RB_MSG_("no position string"));
    }
    const char *field[5];
    size_t len[5];
    int nfields = 0;
    const char *s = text;
    size_t total = strlen(text);
    if (total == 0) {
        return fail(why, RB_MSG_("empty position string"));
    }
    if (total > 200) {
        fail(why, RB_MSG_("position string too long (%1$s characters)"));
        rb_message_add(why, "%zu", total);
        return -1;
    }
    for (;;) {
        const char *sp = strchr(s, ' ');
        size_t n = sp ? (size_t)(sp - s) : strlen(s);
        if (n == 0) {
            fail(why, RB_MSG_("fields must be separated by single spaces (at column %1$s)"));
            rb_message_add(why, "%d", (int)(s - text) + 1);
            return -1;
        }
        if (nfields == 5) {
            fail(why, RB_MSG_("more than 5 fields: unexpected '%1$s'"));
            add_field(why, s, n);
            return -1;
        }
        field[nfields] = s;
        len[nfields++] = n;
        if (!sp) {
            break;
        }
        s = sp + 1;
    }
    if (nfields != 5) {
        fail(why, RB_MSG_("expected 5 fields (placement, side, flags, quiet plies, move number), found %1$s"));
        rb_message_add(why, "%d", nfields);
        return -1;
    }

    rb_pos p;
    rb_pos_clear(&p);
    if (parse_placement(&p, field[0], len[0], why)) {
        return -1;
    }

    if (len[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'b')) {
        fail(why, RB_MSG_("side to move: expected 'w' or 'b', found '%1$s'"));
        add_field(why, field[1], len[1]);
        return -1;
    }
    rb_pos_set_side(&p, field[1][0] == 'w' ? RB_WHITE : RB_BLACK);

    static const char *const flag_forms[4] = {"-", "K", "k", "Kk"};
    int out = -1;
    for (int f = 0; f < 4; f++) {
        if (strlen(flag_forms[f]) == len[2] && memcmp(flag_forms[f], field[2], len[2]) == 0) {
            out = f;
        }
    }
    if (out < 0) {
        fail(why, RB_MSG_("out flags: expected '-', 'K', 'k' or 'Kk', found '%1$s'"));
        add_field(why, field[2], len[2]);
        return -1;
    }
    rb_pos_set_out(&p, out);

    if (parse_counter(field[3], len[3], &p.quiet, QUIET_PLIES, why)) {
        return -1;
    }
    if (parse_counter(field[4], len[4], &p.moveno, MOVE_NUMBER, why)) {
        return -1;
    }
    if (p.moveno == 0) {
        return fail(why, RB_MSG_("move number: must be at least 1"));
    }
    *pos = p;
    return 0;
}

int rb_pos_parse_form_why(rb_pos *pos, const char *text, rb_message *why)
{
    rb_pos p;
    rb_message_clear(why);
    if (parse_form(&p, text, why)) {
        return -1;
    }
    *pos = p;
    return 0;
}

int rb_pos_parse_why(rb_pos *pos, const char *text, rb_message *why)
{
    rb_pos p;
    rb_message_clear(why);
    if (parse_form(&p, text, why)) {
        return -1;
    }
    rb_pos_verdict v;
    if (rb_pos_validate(&p, &v) != RB_POS_VALID) {
        rb_pos_verdict_message(&v, why);
        return -1;
    }
    *pos = p;
    return 0;
}

int rb_pos_parse_form(rb_pos *pos, const char *text, char *err, size_t errlen)
{
    rb_message why;
    if (rb_pos_parse_form_why(pos, text, &why) == 0) {
        return 0;
    }
    english(&why, err, errlen);
    return -1;
}

int rb_pos_parse(rb_pos *pos, const char *text, char *err, size_t errlen)
{
    rb_message why;
    if (rb_pos_parse_why(pos, text, &why) == 0) {
        return 0;
    }
    english(&why, err, errlen);
    return -1;
}

size_t rb_pos_format(const rb_pos *pos, char *buf, size_t len)
{
    char tmp[RB_POS_TEXT_MAX + 32];
    size_t n = 0;
    for (int rank = RB_NRANKS - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < RB_NFILES; file++) {
            int sq = rb_sq_at(file, rank);
            rb_piece p = sq >= 0 ? pos->board[sq] : RB_EMPTY;
            if (sq >= 0 && p == RB_EMPTY) {
                empty++;
                continue;
            }
            if (empty) {
                tmp[n++] = (char)('0' + empty);
            }
            empty = 0;
            if (sq < 0) {
                tmp[n++] = 'x';
            } else {
                tmp[n++] = (char)(piece_letters[RB_TYPE(p)] + (RB_COLOR(p) == RB_BLACK ? 'a' - 'A' : 0));
            }
        }
        if (empty) {
            tmp[n++] = (char)('0' + empty);
        }
        if (rank > 0) {
            tmp[n++] = '/';
        }
    }
    static const char *const flag_forms[4] = {"-", "K", "k", "Kk"};
    n += (size_t)snprintf(tmp + n, sizeof tmp - n, " %c %s %u %u", pos->side == RB_WHITE ? 'w' : 'b',
                          flag_forms[pos->out & 3], (unsigned)pos->quiet, (unsigned)pos->moveno);
    if (len > 0) {
        size_t k = n < len - 1 ? n : len - 1;
        memcpy(buf, tmp, k);
        buf[k] = 0;
    }
    return n;
}
