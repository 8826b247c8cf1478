/*
 * sparring.c - the simple opponents and the game loop (see sparring.h).
 */
#include "sparring.h"

#include "engine.h"
#include "rb_util_random.h"

#define SPAR_WIN 1000000

int rb_spar_material(const rb_pos *pos, int color)
{
    static const int value[5] = {0, 0, 5, 3, 1}; /* by type: -, king, rook, bishop, pawn */
    int sum = 0;
    for (int type = RB_ROOK; type <= RB_PAWN; type++) {
        sum += value[type] * (rb_popcount(pos->by_type[type] & pos->by_color[color]) -
                              rb_popcount(pos->by_type[type] & pos->by_color[!color]));
    }
    return sum;
}

rb_move rb_spar_random_move(const rb_pos *pos, uint64_t *rng)
{
    rb_movelist list;
    if (rb_gen_legal(pos, &list) == 0) {
        return RB_MOVE_NONE;
    }
    return list.moves[rb_util_splitmix64(rng) % (uint64_t)list.count];
}

/* The best-scoring move, drawn uniformly among equal scores (reservoir
 * sampling: the k-th equal replaces the pick with chance 1/k). */
typedef struct best_pick {
    rb_move move;
    int score;
    uint64_t equals;
} best_pick;

static void offer(best_pick *b, rb_move m, int score, uint64_t *rng)
{
    if (b->move == RB_MOVE_NONE || score > b->score) {
        b->move = m;
        b->score = score;
        b->equals = 1;
    } else if (score == b->score && rb_util_splitmix64(rng) % ++b->equals == 0) {
        b->move = m;
    }
}

/* A finished position's value for the side that just moved into it, or
 * false when the game goes on. */
static bool finished_value(const rb_pos *child, int *value)
{
    rb_status st = rb_pos_status(child);
    if (st == RB_CHECKMATE || st == RB_THRONE) {
        *value = SPAR_WIN;
        return true;
    }
    if (st == RB_STALEMATE) {
        *value = 0;
        return true;
    }
    return false;
}

rb_move rb_spar_greedy1_move(const rb_pos *pos, uint64_t *rng)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    best_pick b = {RB_MOVE_NONE, 0, 0};
    for (int i = 0; i < list.count; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        int score;
        if (!finished_value(&child, &score)) {
            score = -rb_eval(&child);
        }
        offer(&b, list.moves[i], score, rng);
    }
    return b.move;
}

/* My move, then every reply: a move is worth the material its worst reply
 * leaves me (a reply that wins the game is the worst of all). */
rb_move rb_spar_greedy2_move(const rb_pos *pos, uint64_t *rng)
{
    int me = pos->side;
    rb_movelist list;
    rb_gen_legal(pos, &list);
    best_pick b = {RB_MOVE_NONE, 0, 0};
    for (int i = 0; i < list.count; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        int score;
        if (!finished_value(&child, &score)) {
            rb_movelist replies;
            rb_gen_legal(&child, &replies);
            score = SPAR_WIN;
            for (int j = 0; j < replies.count; j++) {
                rb_pos grandchild;
                rb_pos_make(&child, replies.moves[j], &grandchild);
                int v;
                if (finished_value(&grandchild, &v)) {
                    v = -v;
                } else {
                    v = rb_spar_material(&grandchild, me);
                }
                score = v < score ? v : score;
            }
        }
        offer(&b, list.moves[i], score, rng);
    }
    return b.move;
}

void rb_spar_opening(rb_pos *pos, uint64_t *rng, int plies)
{
    for (;;) {
        rb_pos_start(pos);
        bool ok = true;
        for (int i = 0; i < plies && ok; i++) {
            rb_movelist list;
            if (rb_gen_legal(pos, &list) == 0) {
                ok = false;
                break;
            }
            rb_pos_make(pos, list.moves[rb_util_splitmix64(rng) % (uint64_t)list.count], pos);
        }
        if (ok && rb_pos_status(pos) == RB_ONGOING) {
            return;
        }
    }
}

rb_move rb_spar_move(rb_spar_player *p, const rb_pos *pos, const uint64_t *history, size_t nhistory)
{
    switch (p->kind) {
    case RB_SPAR_RANDOM: return rb_spar_random_move(pos, &p->rng);
    case RB_SPAR_GREEDY1: return rb_spar_greedy1_move(pos, &p->rng);
    case RB_SPAR_GREEDY2: return rb_spar_greedy2_move(pos, &p->rng);
    case RB_SPAR_ENGINE:
    default: {
        rb_limits lim = {0};
        lim.nodes = p->nodes;
        return rb_engine_search(p->engine, pos, history, nhistory, &lim, NULL, NULL, NULL);
    }
    }
}

int rb_spar_game(const rb_pos *start, rb_spar_player *white, rb_spar_player *black, int *plies)
{
    uint64_t keys[RB_SPAR_MAX_PLIES];
    rb_pos pos = *start;
    rb_spar_player *side[2] = {white, black};
    for (int c = 0; c < 2; c++) {
        if (side[c]->kind == RB_SPAR_ENGINE) {
            rb_engine_new_game(side[c]->engine);
        }
    }
    int ply = 0, result = 0;
    for (; ply < RB_SPAR_MAX_PLIES; ply++) {
        rb_status st = rb_pos_status(&pos);
        if (st == RB_CHECKMATE || st == RB_THRONE) {
            result = pos.side == RB_WHITE ? -1 : 1;
            break;
        }
        if (st == RB_STALEMATE) {
            break;
        }
        int seen = 0;
        for (int i = 0; i < ply; i++) {
            seen += keys[i] == pos.key;
        }
        if (seen >= 2) {
            break;
        }
        rb_move m = rb_spar_move(side[pos.side], &pos, keys, (size_t)ply);
        if (m == RB_MOVE_NONE || rb_move_find(&pos, RB_MOVE_FROM(m), RB_MOVE_TO(m), RB_MOVE_PROMO(m)) != m) {
            result = 2;
            break;
        }
        keys[ply] = pos.key;
        rb_pos_make(&pos, m, &pos);
    }
    if (plies != NULL) {
        *plies = ply;
    }
    return result;
}
