/*
 * tb_index.c - a position's index in its table, and back.
 *
 * index = ((kings * groups...) * sides + side) * 4 + out flags, where kings
 * is the pair's place in the list of legal king pairs and each group of
 * equal pieces is one combination of squares (the combinatorial number
 * system), so two rooks of one side cost C(40,2), not 40 * 40. The kings
 * first make an index's neighbours share their kings, which keeps the
 * generator's look-ups near each other.
 */
#include <string.h>

#include "rb_fast.h"
#include "rb_tb.h"

/* C(n, k) for the group sizes a set has (k <= 3 for up to six men), in
 * closed form: the generator asks for it at every index. */
static uint64_t choose(int n, int k)
{
    if (n < k) {
        return 0;
    }
    uint64_t m = (uint64_t)n;
    switch (k) {
    case 0: return 1;
    case 1: return m;
    case 2: return m * (m - 1) / 2;
    case 3: return m * (m - 1) * (m - 2) / 6;
    default: {
        uint64_t r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (uint64_t)(n - k + i) / (uint64_t)i;
        }
        return r;
    }
    }
}

static void turn_place(const rb_tb_set *set, const rb_tb_place *p, rb_tb_place *out)
{
    /* Only for a symmetric set: White's pieces and Black's line up kind
     * by kind, so the turn swaps the two halves of the piece list. */
    rb_tb_place t;
    int half = set->npieces / 2;
    t.sq[0] = (uint8_t)rb_tb_turn_sq(p->sq[1]);
    t.sq[1] = (uint8_t)rb_tb_turn_sq(p->sq[0]);
    for (int i = 0; i < half; i++) {
        t.sq[2 + i] = (uint8_t)rb_tb_turn_sq(p->sq[2 + half + i]);
        t.sq[2 + half + i] = (uint8_t)rb_tb_turn_sq(p->sq[2 + i]);
    }
    t.side = (uint8_t)(p->side ^ 1);
    t.out = (uint8_t)(((p->out & RB_OUT_WHITE) ? RB_OUT_BLACK : 0) | ((p->out & RB_OUT_BLACK) ? RB_OUT_WHITE : 0));
    *out = t;
}

int64_t rb_tb_encode(const rb_tb_set *set, const rb_tb_place *p)
{
    rb_tb_place turned;
    if (set->symmetric && p->side == RB_BLACK) {
        turn_place(set, p, &turned);
        p = &turned;
    }
    int kp = set->kp_ix[p->sq[0]][p->sq[1]];
    if (kp < 0) {
        return -1;
    }
    rb_bb occ = RB_BIT(p->sq[0]) | RB_BIT(p->sq[1]);
    uint64_t index = (uint64_t)kp;
    for (int g = 0; g < set->ngroups; g++) {
        int first = set->group_first[g], len = set->group_len[g];
        int c = set->piece_color[first], k = set->piece_kind[first];
        int ix[RB_TB_MAXMEN];
        for (int i = 0; i < len; i++) {
            int s = p->sq[2 + first + i];
            if (occ & RB_BIT(s)) {
                return -1;
            }
            occ |= RB_BIT(s);
            ix[i] = set->dom_ix[c][k][s];
            if (ix[i] < 0) {
                return -1;
            }
        }
        for (int i = 1; i < len; i++) { /* sort the group's squares */
            for (int j = i; j > 0 && ix[j - 1] > ix[j]; j--) {
                int t = ix[j];
                ix[j] = ix[j - 1];
                ix[j - 1] = t;
            }
        }
        uint64_t rank = 0;
        for (int i = 0; i < len; i++) {
            rank += choose(ix[i], i + 1);
        }
        index = index * set->group_size[g] + rank;
    }
    if (set->nstm == 2) {
        index = index * 2 + p->side;
    }
    return (int64_t)(index * 4 + (p->out & 3));
}

bool rb_tb_decode(const rb_tb_set *set, uint64_t index, rb_tb_place *p)
{
    memset(p, 0, sizeof *p);
    p->out = (uint8_t)(index & 3);
    index >>= 2;
    p->side = RB_WHITE;
    if (set->nstm == 2) {
        p->side = (uint8_t)(index & 1);
        index >>= 1;
    }
    rb_bb occ = 0;
    for (int g = set->ngroups - 1; g >= 0; g--) {
        int first = set->group_first[g], len = set->group_len[g];
        int c = set->piece_color[first], k = set->piece_kind[first];
        uint64_t rank = index % set->group_size[g];
        index /= set->group_size[g];
        int a = len == 1 ? (int)rank + 1 : set->dom_n[c][k];
        for (int i = len - 1; i >= 0; i--) {
            a--;
            while (choose(a, i + 1) > rank) {
                a--;
            }
            rank -= choose(a, i + 1);
            int s = set->dom_sq[c][k][a];
            if (occ & RB_BIT(s)) {
                return false;
            }
            occ |= RB_BIT(s);
            p->sq[2 + first + i] = (uint8_t)s;
        }
    }
    if (index >= (uint64_t)set->nkp) {
        return false;
    }
    p->sq[0] = set->kp_sq[index][0];
    p->sq[1] = set->kp_sq[index][1];
    return !(occ & (RB_BIT(p->sq[0]) | RB_BIT(p->sq[1])));
}

static rb_piece piece_of(int color, int kind)
{
    return RB_PIECE(color, kind == RB_TB_ROOK ? RB_ROOK : kind == RB_TB_PAWN ? RB_PAWN : RB_BISHOP);
}

void rb_tb_place_to_pos(const rb_tb_set *set, const rb_tb_place *p, rb_pos *pos)
{
    rb_pos_clear(pos);
    rb_pos_put(pos, p->sq[0], RB_PIECE(RB_WHITE, RB_KING));
    rb_pos_put(pos, p->sq[1], RB_PIECE(RB_BLACK, RB_KING));
    for (int i = 0; i < set->npieces; i++) {
        rb_pos_put(pos, p->sq[2 + i], piece_of(set->piece_color[i], set->piece_kind[i]));
    }
    rb_pos_set_side(pos, p->side);
    rb_pos_set_out(pos, p->out);
}

static int kind_on(const rb_pos *pos, int sq)
{
    switch (RB_TYPE(pos->board[sq])) {
    case RB_ROOK: return RB_TB_ROOK;
    case RB_PAWN: return RB_TB_PAWN;
    case RB_BISHOP: return ((rb_sq_file(sq) + rb_sq_rank(sq)) & 1) ? RB_TB_LIGHT : RB_TB_DARK;
    default: return -1;
    }
}

bool rb_tb_place_from_pos(const rb_tb_set *set, const rb_pos *pos, rb_tb_place *p)
{
    memset(p, 0, sizeof *p);
    p->sq[0] = pos->king[RB_WHITE];
    p->sq[1] = pos->king[RB_BLACK];
    p->side = pos->side;
    p->out = pos->out;
    int filled[RB_TB_MAXMEN] = {0};
    rb_bb rest = (pos->by_color[0] | pos->by_color[1]) & ~pos->by_type[RB_KING];
    if (rb_popcount(rest) != set->npieces) {
        return false;
    }
    for (; rest; rest &= rest - 1) {
        int s = rb_lsb(rest), c = RB_COLOR(pos->board[s]), k = kind_on(pos, s);
        int i = 0;
        while (i < set->npieces && (filled[i] || set->piece_color[i] != c || set->piece_kind[i] != k)) {
            i++;
        }
        if (i == set->npieces) {
            return false;
        }
        filled[i] = 1;
        p->sq[2 + i] = (uint8_t)s;
    }
    return true;
}

void rb_tb_turn_pos(const rb_pos *pos, rb_pos *out)
{
    rb_pos t;
    rb_pos_clear(&t);
    for (int s = 0; s < RB_NSQ; s++) {
        rb_piece pc = pos->board[s];
        if (pc != RB_EMPTY) {
            rb_pos_put(&t, rb_tb_turn_sq(s), RB_PIECE(RB_COLOR(pc) ^ 1, RB_TYPE(pc)));
        }
    }
    rb_pos_set_side(&t, pos->side ^ 1);
    rb_pos_set_out(&t, ((pos->out & RB_OUT_WHITE) ? RB_OUT_BLACK : 0) | ((pos->out & RB_OUT_BLACK) ? RB_OUT_WHITE : 0));
    t.quiet = pos->quiet;
    t.moveno = pos->moveno;
    *out = t;
}
