/*
 * tb_set.c - material sets: their names, which form of a set is stored,
 * the order sets are computed in, and each set's index layout (the squares
 * each kind of piece may stand on, the legal king pairs).
 *
 * A set and its image with the colours swapped are the same endings seen
 * from the other side, so only one of them, the canonical form with the
 * stronger side as White, is computed and stored.
 */
#include <stdio.h>
#include <string.h>

#include "rb_fast.h"
#include "rb_tb.h"

static const char kind_letter[RB_TB_KINDS] = {'R', 'B', 'D', 'P'};

int rb_tb_turn_sq(int sq)
{
    return rb_sq_at(6 - rb_sq_file(sq), 6 - rb_sq_rank(sq));
}

static bool is_light(int sq)
{
    return ((rb_sq_file(sq) + rb_sq_rank(sq)) & 1) != 0;
}

/* The squares a White pawn can reach in a game: from its start squares,
 * step by step forward, never onto its promotion squares (it is no pawn
 * there). Derived from the rules library's own pawn targets. */
static rb_bb white_pawn_squares(void)
{
    rb_bb seen = RB_BIT(rb_sq_at(2, 0)) | RB_BIT(rb_sq_at(2, 1)), todo = seen;
    rb_bb promo = rb_promotion_bb(RB_WHITE);
    while (todo) {
        int s = rb_lsb(todo);
        todo &= todo - 1;
        rb_bb next = rb_pawn_targets(s) & ~promo & ~seen;
        seen |= next;
        todo |= next;
    }
    return seen;
}

static rb_bb turn_bb(rb_bb b)
{
    rb_bb out = 0;
    for (; b; b &= b - 1) {
        out |= RB_BIT(rb_tb_turn_sq(rb_lsb(b)));
    }
    return out;
}

static rb_bb kind_squares(int color, int kind)
{
    rb_bb all = 0;
    for (int s = 0; s < RB_NSQ; s++) {
        all |= RB_BIT(s);
    }
    rb_bb b = all;
    if (kind == RB_TB_LIGHT || kind == RB_TB_DARK) {
        b = 0;
        for (int s = 0; s < RB_NSQ; s++) {
            if (is_light(s) == (kind == RB_TB_LIGHT)) {
                b |= RB_BIT(s);
            }
        }
    } else if (kind == RB_TB_PAWN) {
        b = color == RB_WHITE ? white_pawn_squares() : turn_bb(white_pawn_squares());
    }
    return b;
}

bool rb_tb_square_ok(int color, int kind, int sq)
{
    return sq >= 0 && sq < RB_NSQ && (kind_squares(color, kind) & RB_BIT(sq)) != 0;
}

int rb_tb_king_pairs(void)
{
    int n = 0;
    for (int w = 0; w < RB_NSQ; w++) {
        for (int b = 0; b < RB_NSQ; b++) {
            n += w != b && !(rb_king_steps(w) & RB_BIT(b));
        }
    }
    return n;
}

static uint64_t binomial(uint64_t n, int k)
{
    uint64_t r = 1;
    for (int i = 1; i <= k; i++) {
        r = r * (n - (uint64_t)k + (uint64_t)i) / (uint64_t)i;
    }
    return r;
}

/* Compares two sides' material: more pieces first, then more of the
 * earlier kinds. */
static int side_compare(const uint8_t a[RB_TB_KINDS], const uint8_t b[RB_TB_KINDS])
{
    int na = 0, nb = 0;
    for (int k = 0; k < RB_TB_KINDS; k++) {
        na += a[k];
        nb += b[k];
    }
    if (na != nb) {
        return na - nb;
    }
    for (int k = 0; k < RB_TB_KINDS; k++) {
        if (a[k] != b[k]) {
            return a[k] - b[k];
        }
    }
    return 0;
}

void rb_tb_set_make(rb_tb_set *set, const uint8_t *counts)
{
    memset(set, 0, sizeof *set);
    memcpy(set->count, counts, sizeof set->count);
    uint8_t(*count)[RB_TB_KINDS] = set->count;
    char *n = set->name;
    for (int c = 0; c < 2; c++) {
        *n++ = 'K';
        for (int k = 0; k < RB_TB_KINDS; k++) {
            for (int i = 0; i < count[c][k]; i++) {
                *n++ = kind_letter[k];
                set->piece_color[set->npieces] = (uint8_t)c;
                set->piece_kind[set->npieces] = (uint8_t)k;
                set->npieces++;
            }
        }
        if (c == 0) {
            *n++ = 'v';
        }
    }
    *n = '\0';
    set->men = set->npieces + 2;
    set->symmetric = side_compare(count[0], count[1]) == 0;
    set->nstm = set->symmetric ? 1 : 2;
    for (int c = 0; c < 2; c++) {
        for (int k = 0; k < RB_TB_KINDS; k++) {
            rb_bb b = kind_squares(c, k);
            memset(set->dom_ix[c][k], -1, sizeof set->dom_ix[c][k]);
            for (int s = 0; s < RB_NSQ; s++) {
                if (b & RB_BIT(s)) {
                    set->dom_ix[c][k][s] = (int8_t)set->dom_n[c][k];
                    set->dom_sq[c][k][set->dom_n[c][k]++] = (uint8_t)s;
                }
            }
        }
    }
    memset(set->kp_ix, -1, sizeof set->kp_ix);
    for (int w = 0; w < RB_NSQ; w++) {
        for (int b = 0; b < RB_NSQ; b++) {
            if (w != b && !(rb_king_steps(w) & RB_BIT(b))) {
                set->kp_ix[w][b] = (int16_t)set->nkp;
                set->kp_sq[set->nkp][0] = (uint8_t)w;
                set->kp_sq[set->nkp][1] = (uint8_t)b;
                set->nkp++;
            }
        }
    }
    uint64_t size = (uint64_t)set->nkp;
    for (int i = 0; i < set->npieces;) {
        int j = i;
        while (j < set->npieces && set->piece_color[j] == set->piece_color[i] &&
               set->piece_kind[j] == set->piece_kind[i]) {
            j++;
        }
        int g = set->ngroups++;
        set->group_first[g] = (uint8_t)i;
        set->group_len[g] = (uint8_t)(j - i);
        set->group_size[g] = binomial(set->dom_n[set->piece_color[i]][set->piece_kind[i]], j - i);
        size *= set->group_size[g];
        i = j;
    }
    set->size = size * (uint64_t)set->nstm * 4;
}

int rb_tb_set_parse(rb_tb_set *set, const char *name, char *err, size_t errlen)
{
    uint8_t count[2][RB_TB_KINDS] = {{0}};
    int side = -1, men = 0;
    for (const char *p = name; *p; p++) {
        if (*p == 'K') {
            if (side >= 1) {
                snprintf(err, errlen, "'%s' has more than two kings; a set is written like KRRvKR", name);
                return -1;
            }
            if (side == 0 && p[-1] != 'v') {
                snprintf(err, errlen, "'%s': the second king must follow the 'v'", name);
                return -1;
            }
            side++;
            men++;
            continue;
        }
        if (*p == 'v') {
            if (side != 0) {
                snprintf(err, errlen, "'%s' is not a set name: write White's king and pieces, 'v', then Black's", name);
                return -1;
            }
            continue;
        }
        const char *k = side >= 0 ? memchr(kind_letter, *p, RB_TB_KINDS) : NULL;
        if (k == NULL || (side == 0 && p[1] == '\0')) {
            snprintf(err, errlen,
                     "'%s' is not a set name: use K, then R (rook), B (light bishop), D (dark bishop) "
                     "or P (pawn), a 'v' and the other side, as in KRRvKR",
                     name);
            return -1;
        }
        count[side][k - kind_letter]++;
        men++;
    }
    if (side != 1) {
        snprintf(err, errlen, "'%s' is not a set name: it needs both kings, as in KRvK", name);
        return -1;
    }
    if (men > RB_TB_MAXMEN) {
        snprintf(err, errlen, "'%s' has %d men; tables hold at most %d", name, men, RB_TB_MAXMEN);
        return -1;
    }
    for (int c = 0; c < 2; c++) {
        if (count[c][RB_TB_PAWN] > 2) {
            snprintf(err, errlen, "'%s' gives one side more than two pawns, which the rules forbid", name);
            return -1;
        }
    }
    rb_tb_set_make(set, &count[0][0]);
    return 0;
}

bool rb_tb_set_is_canonical(const rb_tb_set *set)
{
    return side_compare(set->count[0], set->count[1]) >= 0;
}

bool rb_tb_set_of(const rb_pos *pos, rb_tb_set *set, bool *mirrored)
{
    uint8_t count[2][RB_TB_KINDS] = {{0}};
    int men = rb_popcount(pos->by_color[0] | pos->by_color[1]);
    if (men > RB_TB_MAXMEN || rb_popcount(pos->by_type[RB_KING]) != 2) {
        return false;
    }
    for (int c = 0; c < 2; c++) {
        rb_bb own = pos->by_color[c];
        if (rb_popcount(own & pos->by_type[RB_KING]) != 1) {
            return false;
        }
        count[c][RB_TB_ROOK] = (uint8_t)rb_popcount(own & pos->by_type[RB_ROOK]);
        count[c][RB_TB_PAWN] = (uint8_t)rb_popcount(own & pos->by_type[RB_PAWN]);
        for (rb_bb b = own & pos->by_type[RB_BISHOP]; b; b &= b - 1) {
            count[c][is_light(rb_lsb(b)) ? RB_TB_LIGHT : RB_TB_DARK]++;
        }
    }
    *mirrored = side_compare(count[0], count[1]) < 0;
    if (*mirrored) {
        uint8_t t[RB_TB_KINDS];
        memcpy(t, count[0], sizeof t);
        memcpy(count[0], count[1], sizeof t);
        memcpy(count[1], t, sizeof t);
    }
    rb_tb_set_make(set, &count[0][0]);
    return true;
}

/* The canonical sets with exactly `pieces` non-king pieces, each side's
 * multiset of kinds enumerated in order. */
static int sets_with(int pieces, rb_tb_set *sets, int max)
{
    int n = 0;
    /* Each side's counts as a number in base 3 over the kinds (at most
     * two of a kind). */
    for (int w = 0; w < 81; w++) {
        for (int b = 0; b < 81; b++) {
            uint8_t count[2][RB_TB_KINDS];
            int total = 0;
            for (int k = 0, x = w, y = b; k < RB_TB_KINDS; k++, x /= 3, y /= 3) {
                count[0][k] = (uint8_t)(x % 3);
                count[1][k] = (uint8_t)(y % 3);
                total += count[0][k] + count[1][k];
            }
            if (total != pieces || side_compare(count[0], count[1]) < 0) {
                continue;
            }
            if (n < max) {
                rb_tb_set_make(&sets[n], &count[0][0]);
            }
            n++;
        }
    }
    return n;
}

static int pawns_of(const rb_tb_set *s)
{
    return s->count[0][RB_TB_PAWN] + s->count[1][RB_TB_PAWN];
}

int rb_tb_all_sets(int men, rb_tb_set *sets, int max)
{
    int n = 0;
    for (int m = 2; m <= men; m++) {
        int first = n;
        n += sets_with(m - 2, sets + n, max - n);
        if (n > max) {
            return max;
        }
        /* Promotions lead from a set into one with a pawn fewer: fewer
         * pawns first (a stable insertion sort: the lists are short). */
        for (int i = first + 1; i < n; i++) {
            rb_tb_set t = sets[i];
            int j = i;
            while (j > first && pawns_of(&sets[j - 1]) > pawns_of(&t)) {
                sets[j] = sets[j - 1];
                j--;
            }
            sets[j] = t;
        }
    }
    return n;
}

static int add_unique(rb_tb_set *out, int n, int max, uint8_t count[2][RB_TB_KINDS])
{
    if (side_compare(count[0], count[1]) < 0) {
        uint8_t t[RB_TB_KINDS];
        memcpy(t, count[0], sizeof t);
        memcpy(count[0], count[1], sizeof t);
        memcpy(count[1], t, sizeof t);
    }
    for (int i = 0; i < n; i++) {
        if (memcmp(out[i].count, count, sizeof out[i].count) == 0) {
            return n;
        }
    }
    if (n < max) {
        rb_tb_set_make(&out[n], &count[0][0]);
        return n + 1;
    }
    return n;
}

int rb_tb_successor_sets(const rb_tb_set *set, rb_tb_set *out, int max)
{
    int n = 0;
    for (int c = 0; c < 2; c++) {
        for (int k = 0; k < RB_TB_KINDS; k++) {
            if (!set->count[c][k]) {
                continue;
            }
            uint8_t count[2][RB_TB_KINDS];
            memcpy(count, set->count, sizeof count);
            count[c][k]--; /* captured */
            n = add_unique(out, n, max, count);
            if (k == RB_TB_PAWN) {
                for (int to = RB_TB_ROOK; to <= RB_TB_DARK; to++) {
                    memcpy(count, set->count, sizeof count);
                    count[c][k]--;
                    count[c][to]++; /* promoted */
                    n = add_unique(out, n, max, count);
                    /* promoted with a capture */
                    for (int k2 = 0; k2 < RB_TB_KINDS; k2++) {
                        uint8_t c2[2][RB_TB_KINDS];
                        memcpy(c2, count, sizeof c2);
                        if (c2[!c][k2]) {
                            c2[!c][k2]--;
                            n = add_unique(out, n, max, c2);
                        }
                    }
                }
            }
        }
    }
    return n;
}

size_t rb_tb_value_text(int v, char *buf, size_t len)
{
    int n;
    if (v == RB_TB_NONE) {
        n = snprintf(buf, len, "none");
    } else if (v == RB_TB_DRAW) {
        n = snprintf(buf, len, "draw");
    } else {
        n = snprintf(buf, len, "%s %d", rb_tb_is_win(v) ? "win" : "loss", rb_tb_distance(v));
    }
    return n < 0 ? 0 : (size_t)n;
}

/* A score where larger is better for the side choosing. */
static int goodness(int v)
{
    if (rb_tb_is_win(v)) {
        return 1000 - rb_tb_distance(v);
    }
    if (rb_tb_is_loss(v)) {
        return -1000 + rb_tb_distance(v);
    }
    return v == RB_TB_DRAW ? 0 : -2000;
}

int rb_tb_compare(int a, int b)
{
    return goodness(a) - goodness(b);
}
