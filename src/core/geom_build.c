/*
 * geom_build.c - the board of Rollerball, described once, turned into tables.
 *
 * Everything the rules say about geometry follows from two short
 * descriptions below: the flow map (which way "forward" points on each square,
 * and where the hole is) and the start position (where kings, thrones and
 * promotion squares are). The routes of each piece are traced here by
 * walking the grid with the rules' own words - a rook turns once at an empty
 * outer corner, a bishop mirrors once off a wall - so the generated tables
 * never have to be trusted square by square.
 */
#include "geom_build.h"
#include "rb_util_random.h"

#include <stdio.h>
#include <string.h>

/* Forward direction of every square as White sees the board, rank 7 first.
 * '#' is the hole. */
static const char *const flow_map[RB_NRANKS] = {
    ">>>>>>v", "^>>>>vv", "^^###vv", "^^###vv", "^^###vv", "^^<<<<v", "^<<<<<<",
};

static const char start_placement[] = "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2";

/* Unit vectors of RB_DIR_NORTH, EAST, SOUTH, WEST. */
static const int dir_dx[4] = {0, 1, 0, -1};
static const int dir_dy[4] = {1, 0, -1, 0};

static int square_at(const rb_geometry *g, int file, int rank)
{
    if (file < 0 || file >= RB_NFILES || rank < 0 || rank >= RB_NRANKS) {
        return -1;
    }
    return g->sq_at[file][rank];
}

static int neighbour(const rb_geometry *g, int sq, int dx, int dy)
{
    return square_at(g, g->file[sq] + dx, g->rank[sq] + dy);
}

static void ray_push(rb_ray *r, int sq)
{
    r->sq[r->len++] = (uint8_t)sq;
}

/* Fills the derived fields of a ray (mask, prefixes, index). */
static void ray_finish(rb_ray *r)
{
    memset(r->index, -1, sizeof r->index);
    r->mask = 0;
    for (int i = 0; i < r->len; i++) {
        r->mask |= RB_BIT(r->sq[i]);
        r->upto[i] = r->mask;
        r->index[r->sq[i]] = (int8_t)i;
    }
    int split = r->rebound >= 0 ? r->rebound : r->len - 1;
    r->near = split >= 0 ? r->upto[split] : 0;
    r->near_up = (uint8_t)(split <= 0 || r->sq[split] > r->sq[0]);
    r->far_up = (uint8_t)(split + 1 >= r->len - 1 || r->sq[r->len - 1] > r->sq[split + 1]);
}

/* A rook's forward slide: straight on in the zone's direction; at an outer
 * corner other than the start it turns once into the corner's own forward
 * direction. Whether the corner is empty is the move generator's business:
 * an occupied corner is simply the first blocker on the ray. */
static void trace_rook_forward(const rb_geometry *g, int from, rb_ray *r)
{
    int dir = g->forward[from], at = from, turned = 0;
    r->rebound = -1;
    for (;;) {
        int next = neighbour(g, at, dir_dx[dir], dir_dy[dir]);
        if (next < 0) {
            break;
        }
        ray_push(r, next);
        at = next;
        if (!turned && (g->corners & RB_BIT(next))) {
            turned = 1;
            r->rebound = (int8_t)(r->len - 1);
            dir = g->forward[next];
        }
    }
    ray_finish(r);
}

/* The four long sideways slides start on the outer square just before a
 * corner and run, without turning, in that corner's forward direction. */
static int trace_rook_sideways(const rb_geometry *g, int from, rb_ray *r)
{
    int dir = g->forward[from];
    int ahead = neighbour(g, from, dir_dx[dir], dir_dy[dir]);
    if (!(g->outer & RB_BIT(from)) || (g->corners & RB_BIT(from)) || ahead < 0 || !(g->corners & RB_BIT(ahead))) {
        return 0;
    }
    int side = g->forward[ahead], at = from;
    r->rebound = -1;
    for (int next; (next = neighbour(g, at, dir_dx[side], dir_dy[side])) >= 0; at = next) {
        ray_push(r, next);
    }
    ray_finish(r);
    return r->len > 0;
}

/* A bishop's forward diagonal with its one mirror rebound. When the next
 * square is missing after at least one step, the component pointing at the
 * missing neighbour reverses; at the hole's corners, where both orthogonal
 * neighbours exist, the bishop keeps its forward component. */
static void trace_bishop(const rb_geometry *g, int from, int dx, int dy, rb_ray *r)
{
    int at = from, turned = 0;
    r->rebound = -1;
    for (;;) {
        int next = neighbour(g, at, dx, dy);
        if (next >= 0) {
            ray_push(r, next);
            at = next;
            continue;
        }
        if (r->len == 0 || turned) {
            break;
        }
        int side = neighbour(g, at, dx, 0) >= 0;
        int vertical = neighbour(g, at, 0, dy) >= 0;
        if (!side && vertical) {
            dx = -dx;
        } else if (side && !vertical) {
            dy = -dy;
        } else if (side && vertical) {
            int fwd = g->forward[at];
            if (dir_dx[fwd] == 0) {
                dx = -dx; /* moving north or south: keep dy */
            } else {
                dy = -dy;
            }
        } else {
            break; /* an outer corner: nowhere to go */
        }
        turned = 1;
        r->rebound = (int8_t)(r->len - 1);
    }
    ray_finish(r);
}

static int dir_of(char c)
{
    switch (c) {
    case '^': return RB_DIR_NORTH;
    case '>': return RB_DIR_EAST;
    case 'v': return RB_DIR_SOUTH;
    case '<': return RB_DIR_WEST;
    default: return -1;
    }
}

/* A ray never passes its own start or any square twice. The ray tables
 * (index[]) and the attack tests rely on it: a piece then never attacks the
 * square it stands on, and occupying a square cannot block the way to that
 * same square. */
static int check_ray(const rb_geometry *g, const rb_ray *r, int sq, const char *piece, char *err, size_t errlen)
{
    rb_bb seen = RB_BIT(sq);
    for (int i = 0; i < r->len; i++) {
        if (seen & RB_BIT(r->sq[i])) {
            snprintf(err, errlen, "%s on %s has a ray that comes to %s twice (its start counts)", piece, g->name[sq],
                     g->name[r->sq[i]]);
            return -1;
        }
        seen |= RB_BIT(r->sq[i]);
    }
    return 0;
}

/* Every destination of a piece must be reached by exactly one route, or a
 * move written as two squares would be ambiguous. */
static int check_routes(const rb_geometry *g, rb_bb steps, const rb_ray *rays, int n, int sq, const char *piece,
                        char *err, size_t errlen)
{
    rb_bb seen = steps;
    for (int i = 0; i < n; i++) {
        if (check_ray(g, &rays[i], sq, piece, err, errlen)) {
            return -1;
        }
        if (seen & rays[i].mask) {
            snprintf(err, errlen, "%s on %s reaches a square by two routes", piece, g->name[sq]);
            return -1;
        }
        seen |= rays[i].mask;
    }
    return 0;
}

int rb_geom_build(rb_geometry *g, rb_fast_tables *fast, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    memset(fast, 0, sizeof *fast);

    /* Squares, numbered rank by rank from a1. */
    int n = 0;
    for (int rank = 0; rank < RB_NRANKS; rank++) {
        for (int file = 0; file < RB_NFILES; file++) {
            int dir = dir_of(flow_map[RB_NRANKS - 1 - rank][file]);
            g->sq_at[file][rank] = (int8_t)(dir < 0 ? -1 : n);
            if (dir < 0) {
                continue;
            }
            g->file[n] = (uint8_t)file;
            g->rank[n] = (uint8_t)rank;
            g->forward[n] = (uint8_t)dir;
            g->name[n][0] = (char)('a' + file);
            g->name[n][1] = (char)('1' + rank);
            n++;
        }
    }
    if (n != RB_NSQ) {
        snprintf(err, errlen, "the flow map has %d squares, not %d", n, RB_NSQ);
        return -1;
    }

    for (int sq = 0; sq < RB_NSQ; sq++) {
        int f = g->file[sq], r = g->rank[sq];
        int edge_f = f == 0 || f == RB_NFILES - 1, edge_r = r == 0 || r == RB_NRANKS - 1;
        if (edge_f || edge_r) {
            g->outer |= RB_BIT(sq);
        }
        if (edge_f && edge_r) {
            g->corners |= RB_BIT(sq);
        }
    }
    /* A turn square is where the flow arriving from behind changes direction. */
    for (int sq = 0; sq < RB_NSQ; sq++) {
        int dir = g->forward[sq];
        int ahead = neighbour(g, sq, dir_dx[dir], dir_dy[dir]);
        if (ahead >= 0 && g->forward[ahead] != dir) {
            g->turns |= RB_BIT(ahead);
        }
    }

    for (int sq = 0; sq < RB_NSQ; sq++) {
        int fwd = g->forward[sq];
        for (int dx = -1; dx <= 1; dx++) {
            for (int dy = -1; dy <= 1; dy++) {
                int to = neighbour(g, sq, dx, dy);
                if ((dx == 0 && dy == 0) || to < 0) {
                    continue;
                }
                fast->king_steps[sq] |= RB_BIT(to);
                if (dx == 0 || dy == 0) {
                    fast->orthogonal[sq] |= RB_BIT(to);
                }
                /* Along the forward axis: +1 ahead, -1 behind, 0 sideways. */
                int along = dx * dir_dx[fwd] + dy * dir_dy[fwd];
                if (along > 0) {
                    fast->pawn_targets[sq] |= RB_BIT(to);
                }
                if (along < 0 && dx != 0 && dy != 0) {
                    fast->bishop_steps[sq] |= RB_BIT(to);
                }
            }
        }

        rb_ray *rr = fast->rook_rays[sq];
        trace_rook_forward(g, sq, &rr[0]);
        fast->rook_nrays[sq] = 1;
        if (trace_rook_sideways(g, sq, &rr[1])) {
            fast->rook_nrays[sq] = 2;
        }
        fast->rook_steps[sq] = fast->orthogonal[sq];
        for (int i = 0; i < fast->rook_nrays[sq]; i++) {
            fast->rook_steps[sq] &= ~RB_BIT(rr[i].sq[0]);
        }

        rb_ray *br = fast->bishop_rays[sq];
        int nb = 0;
        for (int dx = -1; dx <= 1; dx += 2) {
            for (int dy = -1; dy <= 1; dy += 2) {
                if (dx * dir_dx[fwd] + dy * dir_dy[fwd] <= 0) {
                    continue;
                }
                trace_bishop(g, sq, dx, dy, &br[nb]);
                if (br[nb].len > 0) {
                    nb++;
                } else {
                    memset(&br[nb], 0, sizeof br[nb]);
                }
            }
        }
        fast->bishop_nrays[sq] = (uint8_t)nb;

        if (check_routes(g, fast->rook_steps[sq], rr, fast->rook_nrays[sq], sq, "a rook", err, errlen) ||
            check_routes(g, fast->bishop_steps[sq], br, nb, sq, "a bishop", err, errlen)) {
            return -1;
        }
    }
    for (int sq = 0; sq < RB_NSQ; sq++) {
        for (int to = 0; to < RB_NSQ; to++) {
            if (fast->pawn_targets[sq] & RB_BIT(to)) {
                fast->pawn_sources[to] |= RB_BIT(sq);
            }
            if (fast->bishop_steps[sq] & RB_BIT(to)) {
                fast->bishop_step_sources[to] |= RB_BIT(sq);
            }
        }
        for (int i = 0; i < fast->rook_nrays[sq]; i++) {
            for (rb_bb b = fast->rook_rays[sq][i].mask; b; b &= b - 1) {
                fast->rook_ray_sources[rb_lsb(b)] |= RB_BIT(sq);
            }
        }
        for (int i = 0; i < fast->bishop_nrays[sq]; i++) {
            for (rb_bb b = fast->bishop_rays[sq][i].mask; b; b &= b - 1) {
                fast->bishop_ray_sources[rb_lsb(b)] |= RB_BIT(sq);
            }
        }
    }

    /* Kings, thrones, promotion squares and start lines come from the start
     * position: a pawn promotes where the enemy pawns start, a king wins
     * where the enemy king starts. */
    int file = 0, rank = RB_NRANKS - 1;
    for (const char *c = start_placement; *c; c++) {
        if (*c == '/') {
            rank--;
            file = 0;
            continue;
        }
        if (*c >= '1' && *c <= '7') {
            file += *c - '0';
            continue;
        }
        int sq = square_at(g, file++, rank);
        if (*c == 'K') {
            g->king_start[RB_WHITE] = (uint8_t)sq;
        }
        if (*c == 'k') {
            g->king_start[RB_BLACK] = (uint8_t)sq;
        }
        if (*c == 'p') {
            fast->promotion[RB_WHITE] |= RB_BIT(sq);
        }
        if (*c == 'P') {
            fast->promotion[RB_BLACK] |= RB_BIT(sq);
        }
    }
    for (int color = 0; color < 2; color++) {
        int k = g->king_start[color];
        fast->throne[color] = g->king_start[!color];
        /* The start line runs between the king's file and the next one
         * clockwise, across both rings: the king's square and its outer
         * neighbour behind, their forward neighbours ahead. */
        int fwd = g->forward[k];
        for (int side = -1; side <= 1; side += 2) {
            int beside = neighbour(g, k, side * dir_dy[fwd], side * dir_dx[fwd]);
            if (beside >= 0 && (g->outer & RB_BIT(beside))) {
                fast->line_behind[color] = RB_BIT(k) | RB_BIT(beside);
                fast->line_ahead[color] = RB_BIT(neighbour(g, k, dir_dx[fwd], dir_dy[fwd])) |
                                          RB_BIT(neighbour(g, beside, dir_dx[fwd], dir_dy[fwd]));
            }
        }
        if (rb_popcount(fast->line_behind[color]) != 2 || rb_popcount(fast->line_ahead[color]) != 2) {
            snprintf(err, errlen, "cannot place the start line of colour %d", color);
            return -1;
        }
    }

    uint64_t seed = 0x526F6C6C65726261ull; /* fixed, so keys are stable across builds */
    for (int p = 0; p < 16; p++) {
        for (int sq = 0; sq < RB_NSQ; sq++) {
            g->zobrist_piece[p][sq] = rb_util_splitmix64(&seed);
        }
    }
    g->zobrist_side = rb_util_splitmix64(&seed);
    g->zobrist_out[0] = 0;
    g->zobrist_out[RB_OUT_WHITE] = rb_util_splitmix64(&seed);
    g->zobrist_out[RB_OUT_BLACK] = rb_util_splitmix64(&seed);
    g->zobrist_out[3] = g->zobrist_out[RB_OUT_WHITE] ^ g->zobrist_out[RB_OUT_BLACK];
    return 0;
}
