/*
 * explain.c - why an attempted move is legal or not (see rb_explain.h).
 *
 * The checks are the rules themselves, asked one at a time in the order a
 * person would want them answered, and answered from the same route tables
 * the move generator walks: a piece's reach on an empty board decides
 * "unreachable", the first occupied square on its one route to the target
 * decides "blocked", and the position after the move decides "king-attacked".
 * Nothing here consults the move generator's list except to learn whether
 * the game is over, so a test can hold the two against each other.
 */
#include <string.h>

#include "rb_fast.h"
#include "rb_tables.h"
#include "rb_explain.h"

/* Unit steps of RB_DIR_NORTH, EAST, SOUTH, WEST. */
static const int dir_dx[4] = {0, 1, 0, -1};
static const int dir_dy[4] = {1, 0, -1, 0};

static bool valid_sq(int sq)
{
    return sq >= 0 && sq < RB_NSQ;
}

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

/* The compass direction from one square toward another, by the signs of the
 * file and rank differences; -1 for the same square. */
static int compass(int from, int to)
{
    static const int8_t by_sign[3][3] = {
        /* dx -1 */ {RB_COMPASS_SW, RB_COMPASS_W, RB_COMPASS_NW},
        /* dx 0 */ {RB_COMPASS_S, -1, RB_COMPASS_N},
        /* dx +1 */ {RB_COMPASS_SE, RB_COMPASS_E, RB_COMPASS_NE},
    };
    int dx = sign(rb_geo.file[to] - rb_geo.file[from]);
    int dy = sign(rb_geo.rank[to] - rb_geo.rank[from]);
    return by_sign[dx + 1][dy + 1];
}

/* A piece type's one-step moves and slides from sq, from the tables. */
static rb_bb steps_of(int type, int sq)
{
    switch (type) {
    case RB_KING: return rb_fast.king_steps[sq];
    case RB_PAWN: return rb_fast.pawn_targets[sq];
    case RB_ROOK: return rb_fast.rook_steps[sq];
    case RB_BISHOP: return rb_fast.bishop_steps[sq];
    default: return 0;
    }
}

static int rays_of(int type, int sq, const rb_ray **rays)
{
    if (type == RB_ROOK) {
        *rays = rb_fast.rook_rays[sq];
        return rb_fast.rook_nrays[sq];
    }
    if (type == RB_BISHOP) {
        *rays = rb_fast.bishop_rays[sq];
        return rb_fast.bishop_nrays[sq];
    }
    *rays = NULL;
    return 0;
}

bool rb_explain_route(int type, int from, int to, rb_path *path)
{
    path->len = 0;
    path->rebound = -1;
    if (!valid_sq(from) || !valid_sq(to) || from == to) {
        return false;
    }
    path->sq[path->len++] = (uint8_t)from;
    if (steps_of(type, from) & RB_BIT(to)) {
        path->sq[path->len++] = (uint8_t)to;
        return true;
    }
    const rb_ray *rays;
    int n = rays_of(type, from, &rays);
    for (int i = 0; i < n; i++) {
        int k = rays[i].index[to];
        if (k < 0) {
            continue;
        }
        for (int j = 0; j <= k; j++) {
            path->sq[path->len++] = rays[i].sq[j];
        }
        /* Stopping on the rebound square is not turning there. */
        if (rays[i].rebound >= 0 && rays[i].rebound < k) {
            path->rebound = rays[i].rebound + 1;
        }
        return true;
    }
    path->len = 0;
    return false;
}

int rb_explain_checks(const rb_pos *pos, rb_path *paths)
{
    if (!(pos->by_type[RB_KING] & pos->by_color[pos->side])) {
        return 0; /* a hand-built position without that king: nothing checked */
    }
    int king = pos->king[pos->side], n = 0;
    /* A checker attacks the king, so its one route there is open. */
    for (rb_bb b = rb_pos_checkers(pos); b && n < RB_EXPLAIN_ATTACKERS_MAX; b &= b - 1) {
        int sq = rb_lsb(b);
        if (rb_explain_route(RB_TYPE(pos->board[sq]), sq, king, &paths[n])) {
            n++;
        }
    }
    return n;
}

int rb_explain_slides(int type, int sq, rb_explain_slide *slides)
{
    if (!valid_sq(sq)) {
        return 0;
    }
    const rb_ray *rays;
    int n = rays_of(type, sq, &rays);
    for (int i = 0; i < n; i++) {
        const rb_ray *r = &rays[i];
        rb_explain_slide *s = &slides[i];
        s->dir = (int8_t)compass(sq, r->sq[0]);
        s->last = (int8_t)r->sq[r->len - 1];
        s->turn_at = -1;
        s->turn_dir = -1;
        if (r->rebound >= 0 && r->rebound + 1 < r->len) {
            s->turn_at = (int8_t)r->sq[r->rebound];
            s->turn_dir = (int8_t)compass(r->sq[r->rebound], r->sq[r->rebound + 1]);
        }
    }
    return n;
}

/* Which rule a move the piece never makes breaks. "Along" is the move's
 * component in the forward direction of the from square, "across" the
 * sideways one; the rules speak of backward and sideways slides in those
 * terms. */
static rb_explain_rule unreachable_rule(int type, int from, int to)
{
    int dx = rb_geo.file[to] - rb_geo.file[from];
    int dy = rb_geo.rank[to] - rb_geo.rank[from];
    int fwd = rb_geo.forward[from];
    int along = dx * dir_dx[fwd] + dy * dir_dy[fwd];
    int across = dx * dir_dy[fwd] - dy * dir_dx[fwd];
    switch (type) {
    case RB_KING: return RB_RULE_KING_STEP;
    case RB_PAWN: return RB_RULE_PAWN_FORWARD;
    case RB_ROOK:
        if (across == 0 && along < 0) {
            return RB_RULE_ROOK_BACKWARD;
        }
        if (along == 0) {
            return RB_RULE_ROOK_SIDEWAYS;
        }
        return RB_RULE_ROOK_LINE;
    default:
        if (dx * dx == dy * dy && along < 0) {
            return RB_RULE_BISHOP_BACKWARD;
        }
        return RB_RULE_BISHOP_LINE;
    }
}

static void begin(rb_explanation *e, const rb_pos *pos, int from, int to, int promo)
{
    memset(e, 0, sizeof *e);
    e->from = from;
    e->to = to;
    e->promo = promo;
    e->side = pos->side;
    e->piece = pos->board[from];
    e->target = pos->board[to];
    e->ending = RB_END_NONE;
    e->winner = -1;
    e->route.rebound = -1;
    e->blocker = -1;
    e->king = -1;
    e->forward = rb_geo.forward[from];
}

static void refuse(rb_explanation *e, rb_explain_reason reason, rb_explain_rule rule, rb_bb squares)
{
    e->reason = reason;
    e->rule = rule;
    e->squares = squares;
}

/* Would the mover's king be attacked after the move? Records the attackers
 * and their paths to the king. The promoted piece's kind does not matter:
 * what attacks the king depends only on which squares are occupied. */
static bool king_attacked_after(const rb_pos *pos, rb_explanation *e)
{
    rb_pos after = *pos;
    rb_pos_remove(&after, e->from);
    rb_pos_put(&after, e->to, e->piece);
    rb_bb attackers = rb_pos_checkers(&after);
    if (!attackers) {
        return false;
    }
    e->king = after.king[e->side];
    e->in_check = rb_pos_in_check(pos);
    for (rb_bb b = attackers; b; b &= b - 1) {
        int sq = rb_lsb(b);
        if (e->nattackers == RB_EXPLAIN_ATTACKERS_MAX) {
            break;
        }
        if (rb_explain_route(RB_TYPE(after.board[sq]), sq, e->king, &e->attacks[e->nattackers])) {
            e->nattackers++;
        }
    }
    refuse(e, RB_EXPLAIN_KING_ATTACKED, RB_RULE_NONE, attackers);
    return true;
}

static rb_explain_rule promotion_rule(const rb_explanation *e)
{
    bool pawn = RB_TYPE(e->piece) == RB_PAWN;
    bool promotes = pawn && (rb_fast.promotion[e->side] & RB_BIT(e->to));
    if (promotes && e->promo == 0) {
        return RB_RULE_PROMO_MISSING;
    }
    if (promotes && e->promo != RB_ROOK && e->promo != RB_BISHOP) {
        return RB_RULE_PROMO_KIND;
    }
    if (!promotes && e->promo != 0) {
        return pawn ? RB_RULE_PROMO_NOT_HERE : RB_RULE_PROMO_NOT_PAWN;
    }
    return RB_RULE_NONE;
}

static void explain(const rb_pos *pos, rb_explanation *e)
{
    int from = e->from, to = e->to, type = RB_TYPE(e->piece);
    if (e->ending != RB_END_NONE) {
        refuse(e, RB_EXPLAIN_GAME_OVER, RB_RULE_NONE, 0);
        return;
    }
    if (e->piece == RB_EMPTY) {
        refuse(e, RB_EXPLAIN_NO_PIECE, RB_RULE_NONE, RB_BIT(from));
        return;
    }
    if (RB_COLOR(e->piece) != e->side) {
        refuse(e, RB_EXPLAIN_NOT_YOUR_PIECE, RB_RULE_NONE, RB_BIT(from));
        return;
    }
    if (from == to) {
        refuse(e, RB_EXPLAIN_UNREACHABLE, RB_RULE_STAY, RB_BIT(from));
        return;
    }
    if (e->target != RB_EMPTY && RB_COLOR(e->target) == e->side) {
        refuse(e, RB_EXPLAIN_OWN_PIECE, RB_RULE_NONE, RB_BIT(to));
        return;
    }
    if (!rb_explain_route(type, from, to, &e->route)) {
        refuse(e, RB_EXPLAIN_UNREACHABLE, unreachable_rule(type, from, to), RB_BIT(from) | RB_BIT(to));
        e->nslides = rb_explain_slides(type, from, e->slides);
        return;
    }
    rb_bb occ = pos->by_color[RB_WHITE] | pos->by_color[RB_BLACK];
    for (int i = 1; i + 1 < e->route.len; i++) {
        int sq = e->route.sq[i];
        if (occ & RB_BIT(sq)) {
            e->blocker = sq;
            e->in_way = pos->board[sq];
            refuse(e, RB_EXPLAIN_BLOCKED, i == e->route.rebound ? RB_RULE_BLOCKED_AT_TURN : RB_RULE_NONE, RB_BIT(sq));
            return;
        }
    }
    if (king_attacked_after(pos, e)) {
        return;
    }
    rb_explain_rule promo = promotion_rule(e);
    if (promo != RB_RULE_NONE) {
        refuse(e, RB_EXPLAIN_PROMOTION, promo, RB_BIT(to));
        return;
    }
    refuse(e, RB_EXPLAIN_LEGAL, RB_RULE_NONE, 0);
}

static bool valid_args(int from, int to, int promo)
{
    return valid_sq(from) && valid_sq(to) && promo >= 0 && promo <= RB_PAWN;
}

int rb_explain_move(const rb_pos *pos, int from, int to, int promo, rb_explanation *out)
{
    if (!valid_args(from, to, promo)) {
        return -1;
    }
    begin(out, pos, from, to, promo);
    switch (rb_pos_status(pos)) {
    case RB_CHECKMATE:
        out->ending = RB_END_CHECKMATE;
        out->winner = !pos->side;
        break;
    case RB_THRONE:
        out->ending = RB_END_THRONE;
        out->winner = !pos->side;
        break;
    case RB_STALEMATE: out->ending = RB_END_STALEMATE; break;
    default: break;
    }
    explain(pos, out);
    return 0;
}

int rb_explain_game_move(const rb_game *g, int from, int to, int promo, rb_explanation *out)
{
    if (!valid_args(from, to, promo)) {
        return -1;
    }
    begin(out, rb_game_pos(g), from, to, promo);
    out->ending = rb_game_ending(g);
    rb_result result = rb_game_result(g);
    out->winner = result == RB_RESULT_WHITE ? RB_WHITE : result == RB_RESULT_BLACK ? RB_BLACK : -1;
    explain(rb_game_pos(g), out);
    return 0;
}

const char *rb_explain_reason_name(rb_explain_reason reason)
{
    static const char *const names[] = {
        [RB_EXPLAIN_LEGAL] = "legal",         [RB_EXPLAIN_GAME_OVER] = "game-over",
        [RB_EXPLAIN_NO_PIECE] = "no-piece",   [RB_EXPLAIN_NOT_YOUR_PIECE] = "not-your-piece",
        [RB_EXPLAIN_OWN_PIECE] = "own-piece", [RB_EXPLAIN_UNREACHABLE] = "unreachable",
        [RB_EXPLAIN_BLOCKED] = "blocked",     [RB_EXPLAIN_KING_ATTACKED] = "king-attacked",
        [RB_EXPLAIN_PROMOTION] = "promotion",
    };
    if ((unsigned)reason >= sizeof names / sizeof names[0]) {
        return "?";
    }
    return names[reason];
}

const char *rb_explain_compass_name(int dir)
{
    static const char *const names[] = {"north", "north-east", "east", "south-east",
                                        "south", "south-west", "west", "north-west"};
    if (dir < 0 || dir >= 8) {
        return "?";
    }
    return names[dir];
}
