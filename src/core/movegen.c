/*
 * movegen.c - legal move generation, perft and game status.
 *
 * Moves are generated pseudo-legally from the tables and filtered for the
 * one rule that needs look-ahead: the mover's king may not be left attacked.
 * Most moves are legal without testing: when the king is not in check, only a
 * king move, or a move of a piece standing between an enemy slider and our
 * king on one of that slider's rays, can expose the king. Those few are
 * tested exactly by asking whether the king's square would be attacked with
 * the move's new occupancy. No allocation, no recursion except perft.
 */
#include "attack.h"

#define ENCODE(from, to, promo, route, type)                                                        \
    ((rb_move)(from) | ((rb_move)(to) << 6) | ((rb_move)(promo) << 12) | ((rb_move)(route) << 15) | \
     ((rb_move)(type) << 17))

typedef struct gen_ctx {
    const rb_pos *pos;
    rb_movelist *list;
    int us;
    int king;          /* our king's square */
    rb_bb enemy, occ;
    rb_bb allowed;     /* squares moves may go to: not our own, within the caller's targets */
    rb_bb checkers;
    rb_bb exposed;     /* our pieces whose departure could open a line to our king */
} gen_ctx;

/* Squares between each enemy slider and our king along the slider's rays:
 * the only places where moving a piece away can give check. */
static rb_bb exposed_squares(const rb_pos *pos, int us, int king)
{
    rb_bb exposed = 0, them = pos->by_color[!us];
    for (rb_bb b = them & pos->by_type[RB_ROOK]; b; b &= b - 1) {
        int s = rb_lsb(b);
        for (int i = 0; i < rb_fast.rook_nrays[s]; i++) {
            const rb_ray *r = &rb_fast.rook_rays[s][i];
            int k = r->index[king];
            if (k > 0) exposed |= r->upto[k - 1];
        }
    }
    for (rb_bb b = them & pos->by_type[RB_BISHOP]; b; b &= b - 1) {
        int s = rb_lsb(b);
        for (int i = 0; i < rb_fast.bishop_nrays[s]; i++) {
            const rb_ray *r = &rb_fast.bishop_rays[s][i];
            int k = r->index[king];
            if (k > 0) exposed |= r->upto[k - 1];
        }
    }
    return exposed;
}

static bool leaves_king_safe(const gen_ctx *c, int from, int to, int type)
{
    if (type != RB_KING && !c->checkers && !(c->exposed & RB_BIT(from))) return true;
    rb_bb occ = (c->occ & ~RB_BIT(from)) | RB_BIT(to);
    int king = type == RB_KING ? to : c->king;
    return !rb_attacked_by(c->pos, king, c->enemy & ~RB_BIT(to), occ);
}

static void add(gen_ctx *c, int from, int to, int route, int type)
{
    if (!leaves_king_safe(c, from, to, type)) return;
    rb_movelist *l = c->list;
    if (type == RB_PAWN && (rb_fast.promotion[c->us] & RB_BIT(to))) {
        l->moves[l->count++] = ENCODE(from, to, RB_ROOK, route, type);
        l->moves[l->count++] = ENCODE(from, to, RB_BISHOP, route, type);
    } else {
        l->moves[l->count++] = ENCODE(from, to, 0, route, type);
    }
}

static void add_set(gen_ctx *c, int from, rb_bb targets, int route, int type)
{
    for (; targets; targets &= targets - 1) add(c, from, rb_lsb(targets), route, type);
}

static void add_rays(gen_ctx *c, int from, const rb_ray *rays, int n, int type)
{
    for (int i = 0; i < n; i++) add_set(c, from, rb_ray_reach(&rays[i], c->occ) & c->allowed, i + 1, type);
}

static void gen_piece(gen_ctx *c, int from)
{
    rb_bb to = c->allowed;
    int type = RB_TYPE(c->pos->board[from]);
    switch (type) {
    case RB_KING:
        add_set(c, from, rb_fast.king_steps[from] & to, 0, type);
        break;
    case RB_PAWN:
        add_set(c, from, rb_fast.pawn_targets[from] & to, 0, type);
        break;
    case RB_ROOK:
        add_set(c, from, rb_fast.rook_steps[from] & to, 0, type);
        add_rays(c, from, rb_fast.rook_rays[from], rb_fast.rook_nrays[from], type);
        break;
    case RB_BISHOP:
        add_set(c, from, rb_fast.bishop_steps[from] & to, 0, type);
        add_rays(c, from, rb_fast.bishop_rays[from], rb_fast.bishop_nrays[from], type);
        break;
    default:
        break;
    }
}

/* check is 1 or 0 when the caller knows whether the side to move is in
 * check, -1 to have it worked out here. */
static int generate(const rb_pos *pos, rb_bb from_mask, rb_bb to_mask, int check, rb_movelist *list)
{
    list->count = 0;
    int us = pos->side;
    rb_bb own = pos->by_color[us];
    /* No king (only in hand-built positions) or a game already won by
     * throne: nothing to play. */
    if (!(own & pos->by_type[RB_KING]) || rb_pos_throne_won(pos)) return 0;

    gen_ctx c;
    c.pos = pos;
    c.list = list;
    c.us = us;
    c.king = pos->king[us];
    c.enemy = pos->by_color[!us];
    c.occ = own | c.enemy;
    c.allowed = to_mask & ~own;
    c.checkers = check >= 0 ? (rb_bb)check : rb_attacked_by(pos, c.king, c.enemy, c.occ) ? 1 : 0;
    c.exposed = c.checkers ? 0 : exposed_squares(pos, us, c.king);
    for (rb_bb b = own & from_mask; b; b &= b - 1) gen_piece(&c, rb_lsb(b));
    return list->count;
}

int rb_gen_legal(const rb_pos *pos, rb_movelist *list)
{
    return generate(pos, ~(rb_bb)0, ~(rb_bb)0, -1, list);
}

int rb_gen_legal_known(const rb_pos *pos, bool in_check, rb_bb targets, rb_movelist *list)
{
    return generate(pos, ~(rb_bb)0, targets, in_check, list);
}

int rb_gen_legal_from(const rb_pos *pos, int from, rb_movelist *list)
{
    if (from < 0 || from >= RB_NSQ) {
        list->count = 0;
        return 0;
    }
    return generate(pos, RB_BIT(from), ~(rb_bb)0, -1, list);
}

int rb_gen_count(const rb_pos *pos)
{
    rb_movelist list;
    return generate(pos, ~(rb_bb)0, ~(rb_bb)0, -1, &list);
}

rb_status rb_pos_status(const rb_pos *pos)
{
    if (rb_pos_throne_won(pos)) return RB_THRONE;
    if (rb_gen_count(pos) > 0) return RB_ONGOING;
    return rb_pos_in_check(pos) ? RB_CHECKMATE : RB_STALEMATE;
}

bool rb_move_is_capture(const rb_pos *pos, rb_move m)
{
    return pos->board[RB_MOVE_TO(m)] != RB_EMPTY;
}

bool rb_move_wins_throne(const rb_pos *pos, rb_move m)
{
    return rb_wins_throne(pos, m);
}

void rb_move_path(rb_move m, rb_path *path)
{
    int from = RB_MOVE_FROM(m), to = RB_MOVE_TO(m), route = RB_MOVE_ROUTE(m);
    int type = RB_MOVE_PIECE(m);
    path->len = 0;
    path->rebound = -1;
    path->sq[path->len++] = (uint8_t)from;
    const rb_ray *r = NULL;
    if (route > 0 && type == RB_ROOK && route <= rb_fast.rook_nrays[from]) r = &rb_fast.rook_rays[from][route - 1];
    if (route > 0 && type == RB_BISHOP && route <= rb_fast.bishop_nrays[from])
        r = &rb_fast.bishop_rays[from][route - 1];
    int k = r ? r->index[to] : -1;
    if (k < 0) {
        path->sq[path->len++] = (uint8_t)to;
        return;
    }
    for (int i = 0; i <= k; i++) path->sq[path->len++] = r->sq[i];
    /* Stopping on the rebound square is not turning there. */
    if (r->rebound >= 0 && r->rebound < k) path->rebound = r->rebound + 1;
}

rb_move rb_move_find(const rb_pos *pos, int from, int to, int promo)
{
    rb_movelist list;
    rb_gen_legal_from(pos, from, &list);
    for (int i = 0; i < list.count; i++)
        if (RB_MOVE_TO(list.moves[i]) == to && RB_MOVE_PROMO(list.moves[i]) == promo) return list.moves[i];
    return RB_MOVE_NONE;
}

bool rb_move_is_legal(const rb_pos *pos, rb_move m)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m) return true;
    return false;
}

uint64_t rb_perft(const rb_pos *pos, int depth)
{
    if (depth <= 0) return 1;
    rb_movelist list;
    int n = rb_gen_legal(pos, &list);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        total += rb_perft(&child, depth - 1);
    }
    return total;
}
