/*
 * position.c - building positions and making moves on them.
 *
 * A position keeps the same facts three ways (a mailbox, bitboards by colour
 * and by type, and a Zobrist key) because move generation wants bitboards,
 * a front end wants the mailbox and a search wants the key. Every change goes
 * through put/remove or rb_pos_make, which keep the three in step.
 *
 * rb_pos_make trusts its move to be one the generator made in this very
 * position, and checks nothing in a Release build: it runs at every node
 * of a search. Debug and sanitizer builds assert it (contract.h).
 */
#include <string.h>

#include "contract.h"
#include "rb_fast.h"
#include "rb_tables.h"

static uint64_t zpiece(rb_piece p, int sq)
{
    RB_ASSERT(p < 16 && sq >= 0 && sq < RB_NSQ);
    return rb_geo.zobrist_piece[p][sq];
}

/* A piece of either colour and one of the four kinds, or no piece. */
static RB_FOR_CONTRACTS bool is_piece(rb_piece p)
{
    return p == RB_EMPTY || (RB_COLOR(p) <= RB_BLACK && RB_TYPE(p) >= RB_KING && RB_TYPE(p) <= RB_PAWN);
}

void rb_pos_clear(rb_pos *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->moveno = 1;
}

void rb_pos_remove(rb_pos *pos, int sq)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    rb_piece p = pos->board[sq];
    if (p == RB_EMPTY) {
        return;
    }
    pos->by_color[RB_COLOR(p)] &= ~RB_BIT(sq);
    pos->by_type[RB_TYPE(p)] &= ~RB_BIT(sq);
    pos->board[sq] = RB_EMPTY;
    pos->key ^= zpiece(p, sq);
}

void rb_pos_put(rb_pos *pos, int sq, rb_piece p)
{
    RB_ASSERT(sq >= 0 && sq < RB_NSQ);
    RB_ASSERT_MSG(is_piece(p), "RB_EMPTY or RB_PIECE(colour, kind)");
    rb_pos_remove(pos, sq);
    if (p == RB_EMPTY) {
        return;
    }
    pos->by_color[RB_COLOR(p)] |= RB_BIT(sq);
    pos->by_type[RB_TYPE(p)] |= RB_BIT(sq);
    pos->board[sq] = p;
    pos->key ^= zpiece(p, sq);
    if (RB_TYPE(p) == RB_KING) {
        pos->king[RB_COLOR(p)] = (uint8_t)sq;
    }
}

void rb_pos_set_side(rb_pos *pos, int color)
{
    RB_ASSERT(color == RB_WHITE || color == RB_BLACK);
    if ((color & 1) != pos->side) {
        pos->key ^= rb_geo.zobrist_side;
    }
    pos->side = (uint8_t)(color & 1);
}

void rb_pos_set_out(rb_pos *pos, int out)
{
    RB_ASSERT(out >= 0 && out <= (RB_OUT_WHITE | RB_OUT_BLACK));
    pos->key ^= rb_geo.zobrist_out[pos->out] ^ rb_geo.zobrist_out[out & 3];
    pos->out = (uint8_t)(out & 3);
}

uint64_t rb_pos_compute_key(const rb_pos *pos)
{
    uint64_t key = rb_geo.zobrist_out[pos->out & 3];
    if (pos->side == RB_BLACK) {
        key ^= rb_geo.zobrist_side;
    }
    for (int sq = 0; sq < RB_NSQ; sq++) {
        if (pos->board[sq] != RB_EMPTY) {
            key ^= zpiece(pos->board[sq], sq);
        }
    }
    return key;
}

bool rb_pos_equal(const rb_pos *a, const rb_pos *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 && a->side == b->side && a->out == b->out &&
           a->quiet == b->quiet && a->moveno == b->moveno;
}

void rb_pos_make(const rb_pos *pos, rb_move m, rb_pos *out)
{
    /* Everything is read from pos first and the copy changed in place
     * afterwards (out may be pos): building a copy and then copying it out
     * again costs more than the move itself. A promotion is the piece put
     * on `to` being a new one, so it needs no steps of its own. */
    RB_ASSERT_MSG(rb_move_fits(pos, m), "a move the generator made in this position");
    int from = RB_MOVE_FROM(m), to = RB_MOVE_TO(m), promo = RB_MOVE_PROMO(m);
    int us = pos->side;
    rb_piece mover = pos->board[from], victim = pos->board[to];
    rb_piece placed = promo ? RB_PIECE(us, promo) : mover;
    int type = RB_TYPE(mover);
    uint64_t key = pos->key ^ rb_geo.zobrist_side ^ zpiece(mover, from) ^ zpiece(placed, to);

    if (out != pos) {
        *out = *pos;
    }
    rb_pos *t = out;
    if (victim != RB_EMPTY) {
        t->by_color[!us] &= ~RB_BIT(to);
        t->by_type[RB_TYPE(victim)] &= ~RB_BIT(to);
        key ^= zpiece(victim, to);
    }
    t->by_color[us] ^= RB_BIT(from) | RB_BIT(to);
    t->by_type[type] ^= RB_BIT(from);
    t->by_type[RB_TYPE(placed)] ^= RB_BIT(to);
    t->board[from] = RB_EMPTY;
    t->board[to] = placed;
    if (type == RB_KING) {
        int flags = rb_out_after_king_move(t->out, us, from, to);
        t->king[us] = (uint8_t)to;
        key ^= rb_geo.zobrist_out[t->out] ^ rb_geo.zobrist_out[flags];
        t->out = (uint8_t)flags;
    }
    t->quiet = (victim != RB_EMPTY || type == RB_PAWN) ? 0 : t->quiet + 1;
    t->moveno += (uint32_t)us; /* a new full move starts after Black's */
    t->side = (uint8_t)!us;
    t->key = key;
}

bool rb_pos_throne_won(const rb_pos *pos)
{
    return rb_throne_taken(pos);
}
