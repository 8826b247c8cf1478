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
 *
 * Every way in goes through begin(), which asserts that the position's
 * fields are in step (contract.h): a position the generator cannot trust
 * would give moves that rb_pos_make then corrupts further.
 */
#include "attack.h"
#include "contract.h"
#include "rb_fast.h"

#define ENCODE(from, to, promo, route, type)                                                                           \
    ((rb_move)(from) | ((rb_move)(to) << 6) | ((rb_move)(promo) << 12) | ((rb_move)(route) << 15) |                    \
     ((rb_move)(type) << 17))

typedef struct gen_ctx {
    const rb_pos *pos;
    rb_move *out; /* where the next move goes in the caller's list */
    int us;
    int king; /* our king's square */
    rb_bb enemy, occ;
    rb_bb allowed; /* squares moves may go to: not our own, within the caller's targets */
    bool in_check;
    rb_bb exposed; /* our pieces whose departure could open a line to our king */
    rb_bb blocks;  /* in check: where a piece other than the king may stop every check */
} gen_ctx;

/* Squares between each enemy slider and our king along the slider's rays:
 * the only places where moving a piece away can give check. Only sliders
 * with a ray through the king's square can have such a line. */
static rb_bb exposed_squares(const rb_pos *pos, int us, int king)
{
    rb_bb exposed = 0, them = pos->by_color[!us];
    for (rb_bb b = them & pos->by_type[RB_ROOK] & rb_fast.rook_ray_sources[king]; b; b &= b - 1) {
        int s = rb_lsb(b);
        for (int i = 0; i < rb_fast.rook_nrays[s]; i++) {
            const rb_ray *r = &rb_fast.rook_rays[s][i];
            int k = r->index[king];
            if (k > 0) {
                exposed |= r->upto[k - 1];
            }
        }
    }
    for (rb_bb b = them & pos->by_type[RB_BISHOP] & rb_fast.bishop_ray_sources[king]; b; b &= b - 1) {
        int s = rb_lsb(b);
        for (int i = 0; i < rb_fast.bishop_nrays[s]; i++) {
            const rb_ray *r = &rb_fast.bishop_rays[s][i];
            int k = r->index[king];
            if (k > 0) {
                exposed |= r->upto[k - 1];
            }
        }
    }
    return exposed;
}

/* The squares the enemy attacks with our king lifted off the board: where
 * the king may not step. Lifting it keeps the square behind the king on a
 * checking slider's ray attacked. This one set answers every king move
 * exactly as testing each move's position would: a piece the king takes on
 * `to` never attacks its own square (no ray passes its start, geom_build
 * checks), and the king arriving on `to` cannot block the way to `to`
 * itself. */
static rb_bb king_danger(const gen_ctx *c)
{
    const rb_pos *pos = c->pos;
    rb_bb occ = c->occ & ~RB_BIT(c->king), danger = 0;
    for (rb_bb b = c->enemy & pos->by_type[RB_PAWN]; b; b &= b - 1) {
        danger |= rb_pawn_targets(rb_lsb(b));
    }
    for (rb_bb b = c->enemy & pos->by_type[RB_KING]; b; b &= b - 1) {
        danger |= rb_king_steps(rb_lsb(b));
    }
    for (rb_bb b = c->enemy & pos->by_type[RB_ROOK]; b; b &= b - 1) {
        danger |= rb_rook_reach(rb_lsb(b), occ);
    }
    for (rb_bb b = c->enemy & pos->by_type[RB_BISHOP]; b; b &= b - 1) {
        danger |= rb_bishop_reach(rb_lsb(b), occ);
    }
    return danger;
}

/* In check, a move of any piece but the king can only help by taking a
 * checking piece or by standing between a checking slider and the king on
 * its ray: anywhere else the check stays. With two checks, only squares
 * that do both would do. The moves that pass this filter are still tested
 * exactly (one may open another line to the king), so the filter only has
 * to keep every square that might help. */
static rb_bb check_blocks(const gen_ctx *c)
{
    const rb_pos *pos = c->pos;
    int king = c->king;
    rb_bb rooks = c->enemy & pos->by_type[RB_ROOK], bishops = c->enemy & pos->by_type[RB_BISHOP];
    rb_bb blocks = ~(rb_bb)0;
    rb_bb contact = (rb_fast.king_steps[king] & c->enemy & pos->by_type[RB_KING]) |
                    (rb_fast.pawn_sources[king] & c->enemy & pos->by_type[RB_PAWN]) |
                    (rb_fast.orthogonal[king] & rooks) | (rb_fast.bishop_step_sources[king] & bishops);
    for (; contact; contact &= contact - 1) {
        blocks &= contact & -contact;
    }
    for (rb_bb b = rooks & rb_fast.rook_ray_sources[king]; b; b &= b - 1) {
        int s = rb_lsb(b);
        for (int i = 0; i < rb_fast.rook_nrays[s]; i++) {
            const rb_ray *r = &rb_fast.rook_rays[s][i];
            int k = r->index[king];
            if (k == 0) {
                blocks &= RB_BIT(s);
            } else if (k > 0 && !(r->upto[k - 1] & c->occ)) {
                blocks &= r->upto[k - 1] | RB_BIT(s);
            }
        }
    }
    for (rb_bb b = bishops & rb_fast.bishop_ray_sources[king]; b; b &= b - 1) {
        int s = rb_lsb(b);
        for (int i = 0; i < rb_fast.bishop_nrays[s]; i++) {
            const rb_ray *r = &rb_fast.bishop_rays[s][i];
            int k = r->index[king];
            if (k == 0) {
                blocks &= RB_BIT(s);
            } else if (k > 0 && !(r->upto[k - 1] & c->occ)) {
                blocks &= r->upto[k - 1] | RB_BIT(s);
            }
        }
    }
    return blocks;
}

/* Of targets, the squares the (non-king) piece on from may go to without
 * leaving its king attacked. Most pieces cannot expose the king and keep
 * them all; the others are tested exactly with each move's occupancy. */
static rb_bb safe_targets(const gen_ctx *c, int from, rb_bb targets)
{
    if (!c->in_check && !(c->exposed & RB_BIT(from))) {
        return targets;
    }
    targets &= c->blocks;
    rb_bb safe = 0;
    for (rb_bb b = targets; b; b &= b - 1) {
        int to = rb_lsb(b);
        rb_bb occ = (c->occ & ~RB_BIT(from)) | RB_BIT(to);
        if (!rb_attacked_by(c->pos, c->king, c->enemy & ~RB_BIT(to), occ)) {
            safe |= RB_BIT(to);
        }
    }
    return safe;
}

/* Appends a move from `from` to each square of targets, lowest square first;
 * a pawn reaching a promotion square gives two (rook, then bishop). */
static void emit(gen_ctx *c, int from, rb_bb targets, int route, int type)
{
    rb_move base = ENCODE(from, 0, 0, route, type), *out = c->out;
    rb_bb promoting = type == RB_PAWN ? targets & rb_fast.promotion[c->us] : 0;
    for (; targets; targets &= targets - 1) {
        rb_move m = base | ((rb_move)rb_lsb(targets) << 6);
        if (promoting & targets & -targets) {
            *out++ = m | ((rb_move)RB_ROOK << 12);
            *out++ = m | ((rb_move)RB_BISHOP << 12);
        } else {
            *out++ = m;
        }
    }
    c->out = out;
}

static void emit_rays(gen_ctx *c, int from, const rb_ray *rays, int n, int type)
{
    for (int i = 0; i < n; i++) {
        emit(c, from, safe_targets(c, from, rb_ray_reach(&rays[i], c->occ) & c->allowed), i + 1, type);
    }
}

static void gen_piece(gen_ctx *c, int from)
{
    rb_bb to = c->allowed;
    int type = RB_TYPE(c->pos->board[from]);
    switch (type) {
    case RB_KING:
        to &= rb_fast.king_steps[from];
        if (to) {
            emit(c, from, to & ~king_danger(c), 0, type);
        }
        break;
    case RB_PAWN: emit(c, from, safe_targets(c, from, rb_fast.pawn_targets[from] & to), 0, type); break;
    case RB_ROOK:
        emit(c, from, safe_targets(c, from, rb_fast.rook_steps[from] & to), 0, type);
        emit_rays(c, from, rb_fast.rook_rays[from], rb_fast.rook_nrays[from], type);
        break;
    case RB_BISHOP:
        emit(c, from, safe_targets(c, from, rb_fast.bishop_steps[from] & to), 0, type);
        emit_rays(c, from, rb_fast.bishop_rays[from], rb_fast.bishop_nrays[from], type);
        break;
    default: break;
    }
}

/* Sets up c for the side to move (check is 1 or 0 when the caller knows
 * whether it is in check, -1 to have it worked out here). False when there
 * is nothing to play: no king (only in hand-built positions) or a game
 * already won by throne. */
static bool begin(gen_ctx *c, const rb_pos *pos, rb_bb to_mask, int check, rb_movelist *list)
{
    RB_ASSERT(pos != NULL && list != NULL);
    RB_ASSERT_MSG(rb_pos_is_sound(pos), "a position built with rb_pos_put or reached with rb_pos_make");
    list->count = 0;
    int us = pos->side;
    rb_bb own = pos->by_color[us];
    if (!(own & pos->by_type[RB_KING]) || rb_throne_taken(pos)) {
        return false;
    }
    c->pos = pos;
    c->out = list->moves;
    c->us = us;
    c->king = pos->king[us];
    c->enemy = pos->by_color[!us];
    c->occ = own | c->enemy;
    c->allowed = to_mask & ~own;
    c->in_check = check >= 0 ? check : rb_attacked_by(pos, c->king, c->enemy, c->occ);
    c->exposed = c->in_check ? 0 : exposed_squares(pos, us, c->king);
    c->blocks = c->in_check ? check_blocks(c) : ~(rb_bb)0;
    return true;
}

static int generate(const rb_pos *pos, rb_bb from_mask, rb_bb to_mask, int check, rb_movelist *list)
{
    gen_ctx c;
    if (!begin(&c, pos, to_mask, check, list)) {
        return 0;
    }
    for (rb_bb b = pos->by_color[c.us] & from_mask; b; b &= b - 1) {
        gen_piece(&c, rb_lsb(b));
    }
    list->count = (int)(c.out - list->moves);
    return list->count;
}

/* The same rules as generate, asked per piece with all its targets at once
 * and no list: the first piece with a legal target answers. The king comes
 * last, since its moves need the enemy's whole reach. */
bool rb_gen_has_legal(const rb_pos *pos, bool in_check)
{
    rb_movelist unused;
    gen_ctx c;
    if (!begin(&c, pos, ~(rb_bb)0, in_check, &unused)) {
        return false;
    }
    for (rb_bb b = pos->by_color[c.us] & ~pos->by_type[RB_KING]; b; b &= b - 1) {
        int from = rb_lsb(b);
        if (safe_targets(&c, from, rb_piece_reach(RB_TYPE(pos->board[from]), from, c.occ) & c.allowed)) {
            return true;
        }
    }
    return (rb_fast.king_steps[c.king] & c.allowed & ~king_danger(&c)) != 0;
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
    /* A square off the board has no moves: callers pass what a click or a
     * text named, so this is no contract. */
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
    if (rb_pos_throne_won(pos)) {
        return RB_THRONE;
    }
    if (rb_gen_count(pos) > 0) {
        return RB_ONGOING;
    }
    return rb_pos_in_check(pos) ? RB_CHECKMATE : RB_STALEMATE;
}

bool rb_move_is_capture(const rb_pos *pos, rb_move m)
{
    RB_ASSERT_MSG(RB_MOVE_TO(m) < RB_NSQ, "a move the generator made");
    return pos->board[RB_MOVE_TO(m)] != RB_EMPTY;
}

bool rb_move_wins_throne(const rb_pos *pos, rb_move m)
{
    return rb_wins_throne(pos, m);
}

void rb_move_path(rb_move m, rb_path *path)
{
    int from = RB_MOVE_FROM(m), to = RB_MOVE_TO(m), route = RB_MOVE_ROUTE(m);
    RB_ASSERT_MSG(from < RB_NSQ && to < RB_NSQ, "a move the generator made");
    int type = RB_MOVE_PIECE(m);
    path->len = 0;
    path->rebound = -1;
    path->sq[path->len++] = (uint8_t)from;
    const rb_ray *r = NULL;
    if (route > 0 && type == RB_ROOK && route <= rb_fast.rook_nrays[from]) {
        r = &rb_fast.rook_rays[from][route - 1];
    }
    if (route > 0 && type == RB_BISHOP && route <= rb_fast.bishop_nrays[from]) {
        r = &rb_fast.bishop_rays[from][route - 1];
    }
    int k = r ? r->index[to] : -1;
    if (k < 0) {
        path->sq[path->len++] = (uint8_t)to;
        return;
    }
    for (int i = 0; i <= k; i++) {
        path->sq[path->len++] = r->sq[i];
    }
    /* Stopping on the rebound square is not turning there. */
    if (r->rebound >= 0 && r->rebound < k) {
        path->rebound = r->rebound + 1;
    }
}

rb_move rb_move_find(const rb_pos *pos, int from, int to, int promo)
{
    rb_movelist list;
    rb_gen_legal_from(pos, from, &list);
    for (int i = 0; i < list.count; i++) {
        if (RB_MOVE_TO(list.moves[i]) == to && RB_MOVE_PROMO(list.moves[i]) == promo) {
            return list.moves[i];
        }
    }
    return RB_MOVE_NONE;
}

bool rb_move_is_legal(const rb_pos *pos, rb_move m)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        if (list.moves[i] == m) {
            return true;
        }
    }
    return false;
}

uint64_t rb_perft(const rb_pos *pos, int depth)
{
    if (depth <= 0) {
        return 1;
    }
    rb_movelist list;
    int n = rb_gen_legal(pos, &list);
    if (depth == 1) {
        return (uint64_t)n;
    }
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        total += rb_perft(&child, depth - 1);
    }
    return total;
}
