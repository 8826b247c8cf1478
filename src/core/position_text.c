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
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rb_tables.h"
#include "rb_util_text.h"

static const char start_text[] = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1";

static const char piece_letters[] = " KRBP"; /* indexed by type */

/* Messages quote the text they complain about, which may hold any bytes:
 * whatever is not printable ASCII is shown as '?', so a message is always
 * safe to print, log or draw. */
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
        rb_util_make_printable(err);
    }
    return -1;
}

void rb_pos_start(rb_pos *pos)
{
    char err[8];
    rb_pos_parse(pos, start_text, err, sizeof err);
}

static bool is_hole(int file, int rank) { return rb_sq_at(file, rank) < 0; }

static int letter_piece(char c)
{
    for (int t = RB_KING; t <= RB_PAWN; t++) {
        if (c == piece_letters[t]) return RB_PIECE(RB_WHITE, t);
        if (c == piece_letters[t] + ('a' - 'A')) return RB_PIECE(RB_BLACK, t);
    }
    return -1;
}

/* A printable rendering of one byte for messages. */
static const char *show(char c, char buf[8])
{
    if (c >= 33 && c < 127) snprintf(buf, 8, "'%c'", c);
    else if (c == ' ') snprintf(buf, 8, "a space");
    else snprintf(buf, 8, "0x%02x", (unsigned char)c);
    return buf;
}

static int parse_placement(rb_pos *pos, const char *s, size_t n, char *err, size_t errlen)
{
    char b[8];
    int rank = RB_NRANKS - 1, file = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '/') {
            if (file != RB_NFILES)
                return fail(err, errlen, "rank %d: has %d squares, expected 7", rank + 1, file);
            if (rank == 0) return fail(err, errlen, "placement: more than 7 ranks");
            rank--;
            file = 0;
            continue;
        }
        if (file >= RB_NFILES)
            return fail(err, errlen, "rank %d: too long at %s (more than 7 squares)", rank + 1, show(c, b));
        char where[3] = {(char)('a' + file), (char)('1' + rank), 0};
        if (c == 'x') {
            if (!is_hole(file, rank))
                return fail(err, errlen, "rank %d: 'x' at %s, which is not in the hole (c3-e5)", rank + 1, where);
            file++;
            continue;
        }
        if (is_hole(file, rank))
            return fail(err, errlen, "rank %d: expected 'x' at %s, found %s", rank + 1, where, show(c, b));
        if (c >= '1' && c <= '9') {
            int run = c - '0';
            for (int k = 0; k < run; k++, file++) {
                if (file >= RB_NFILES)
                    return fail(err, errlen, "rank %d: %d empty squares from %s run past file g", rank + 1, run, where);
                if (is_hole(file, rank))
                    return fail(err, errlen, "rank %d: %d empty squares from %s run into the hole at %c%d",
                                rank + 1, run, where, 'a' + file, rank + 1);
            }
            continue;
        }
        int p = letter_piece(c);
        if (p < 0) return fail(err, errlen, "rank %d: unknown piece letter %s at %s", rank + 1, show(c, b), where);
        rb_pos_put(pos, rb_sq_at(file, rank), (rb_piece)p);
        file++;
    }
    if (file != RB_NFILES) return fail(err, errlen, "rank %d: has %d squares, expected 7", rank + 1, file);
    if (rank != 0) return fail(err, errlen, "placement: has %d ranks, expected 7", RB_NRANKS - rank);
    return 0;
}

static int parse_counter(const char *s, size_t n, uint32_t *out, const char *what, char *err, size_t errlen)
{
    if (n < 1 || n > 9)
        return fail(err, errlen, "%s: expected 1 to 9 decimal digits, found '%.*s'", what, (int)(n > 20 ? 20 : n), s);
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return fail(err, errlen, "%s: '%.*s' is not a decimal number", what, (int)(n > 20 ? 20 : n), s);
        v = v * 10 + (uint32_t)(s[i] - '0');
    }
    *out = v;
    return 0;
}

/* The position's form: fields, placement and counters. Legality is
 * rb_pos_validate's (position_check.c). */
static int parse_form(rb_pos *pos, const char *text, char *err, size_t errlen)
{
    if (!text) return fail(err, errlen, "no position string");
    const char *field[5];
    size_t len[5];
    int nfields = 0;
    const char *s = text;
    size_t total = strlen(text);
    if (total == 0) return fail(err, errlen, "empty position string");
    if (total > 200) return fail(err, errlen, "position string too long (%zu characters)", total);
    for (;;) {
        const char *sp = strchr(s, ' ');
        size_t n = sp ? (size_t)(sp - s) : strlen(s);
        if (n == 0)
            return fail(err, errlen, "fields must be separated by single spaces (at column %d)", (int)(s - text) + 1);
        if (nfields == 5) return fail(err, errlen, "more than 5 fields: unexpected '%.*s'", (int)(n > 20 ? 20 : n), s);
        field[nfields] = s;
        len[nfields++] = n;
        if (!sp) break;
        s = sp + 1;
    }
    if (nfields != 5)
        return fail(err, errlen, "expected 5 fields (placement, side, flags, quiet plies, move number), found %d",
                    nfields);

    rb_pos p;
    rb_pos_clear(&p);
    if (parse_placement(&p, field[0], len[0], err, errlen)) return -1;

    if (len[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'b'))
        return fail(err, errlen, "side to move: expected 'w' or 'b', found '%.*s'", (int)(len[1] > 20 ? 20 : len[1]),
                    field[1]);
    rb_pos_set_side(&p, field[1][0] == 'w' ? RB_WHITE : RB_BLACK);

    static const char *const flag_forms[4] = {"-", "K", "k", "Kk"};
    int out = -1;
    for (int f = 0; f < 4; f++)
        if (strlen(flag_forms[f]) == len[2] && memcmp(flag_forms[f], field[2], len[2]) == 0) out = f;
    if (out < 0)
        return fail(err, errlen, "out flags: expected '-', 'K', 'k' or 'Kk', found '%.*s'",
                    (int)(len[2] > 20 ? 20 : len[2]), field[2]);
    rb_pos_set_out(&p, out);

    if (parse_counter(field[3], len[3], &p.quiet, "quiet-ply count", err, errlen)) return -1;
    if (parse_counter(field[4], len[4], &p.moveno, "move number", err, errlen)) return -1;
    if (p.moveno == 0) return fail(err, errlen, "move number: must be at least 1");
    *pos = p;
    return 0;
}

int rb_pos_parse_form(rb_pos *pos, const char *text, char *err, size_t errlen)
{
    rb_pos p;
    if (parse_form(&p, text, err, errlen)) return -1;
    *pos = p;
    return 0;
}

int rb_pos_parse(rb_pos *pos, const char *text, char *err, size_t errlen)
{
    rb_pos p;
    if (parse_form(&p, text, err, errlen)) return -1;
    rb_pos_verdict v;
    if (rb_pos_validate(&p, &v) != RB_POS_VALID) {
        if (err && errlen > 0) rb_pos_verdict_text(&v, err, errlen);
        return -1;
    }
    *pos = p;
    return 0;
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
            if (empty) tmp[n++] = (char)('0' + empty);
            empty = 0;
            if (sq < 0) tmp[n++] = 'x';
            else tmp[n++] = (char)(piece_letters[RB_TYPE(p)] + (RB_COLOR(p) == RB_BLACK ? 'a' - 'A' : 0));
        }
        if (empty) tmp[n++] = (char)('0' + empty);
        if (rank > 0) tmp[n++] = '/';
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
