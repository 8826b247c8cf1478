/*
 * search.c - principal variation search with iterative deepening.
 *
 * The search is written as named steps, in the order a node takes them:
 * terminal checks (throne lost, repetition, mate distance), the table,
 * pruning of hopeless or overwhelming positions (reverse futility, null
 * move), then the moves in picker order with late move reductions. Below
 * depth zero quiescence resolves captures, promotions and throne wins, and
 * treats a king one step from its throne like a check: the side facing it
 * may not stand pat.
 *
 * Every search feature was kept because self-play at a fixed node count
 * showed it helps; the no_* switches in the engine exist to measure that.
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "engine.h"
#include "movepick.h"
#include "rb_fast.h"
#include "rb_util_clock.h"

/* Late move reductions by depth and move number. Shared by every engine
 * in the process and written once only, by whichever search comes first:
 * engines on several threads may start together. */
static int lmr_table[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void build_lmr(void)
{
    for (int d = 1; d < 64; d++) {
        for (int m = 1; m < 64; m++) {
            lmr_table[d][m] = (int)(0.5 + log((double)d) * log((double)m) / 2.0);
        }
    }
}

/* The king of color stands next to its throne with its flag set and the
 * throne is not blocked by its own piece: one move from winning, unless the
 * throne is guarded (checked exactly by the caller where it matters). */
static bool throne_in_reach(const rb_pos *pos, int color)
{
    int throne = rb_throne_sq(color);
    if (!(pos->out & rb_out_flag(color)) || ((pos->by_color[color] >> throne) & 1)) {
        return false;
    }
    /* a king step is exactly one file and/or rank away */
    return ((rb_king_steps(throne) | RB_BIT(throne)) >> pos->king[color]) & 1;
}

static bool has_pieces(const rb_pos *pos, int color)
{
    return (pos->by_color[color] & (pos->by_type[RB_ROOK] | pos->by_type[RB_BISHOP])) != 0;
}

/* Counts a node and notices limits: the node limit exactly (so node-limited
 * searches repeat exactly), the clock and the stop flag every 1024 nodes. */
static bool out_of_budget(rb_engine *e)
{
    if (e->aborted) {
        return true;
    }
    e->nodes++;
    if (e->node_limit && e->nodes >= e->node_limit) {
        e->aborted = true;
    } else if ((e->nodes & 1023) == 0) {
        if (atomic_load_explicit(&e->stop, memory_order_relaxed) ||
            (e->hard_ms && rb_util_now_ms() >= e->hard_ms)) {
            e->aborted = true;
        }
    }
    return e->aborted;
}

/* Captures and pawn moves cannot be undone, so only positions since the last
 * of them (pos->quiet plies) can repeat; with the same side to move they are
 * an even number of plies back. */
static bool is_repetition(const rb_engine *e, const rb_pos *pos)
{
    size_t n = e->nkeys, limit = pos->quiet;
    for (size_t i = 2; i <= limit && i <= n; i += 2) {
        if (e->keys[n - i] == pos->key) {
            return true;
        }
    }
    return false;
}

static void push_key(rb_engine *e, uint64_t key)
{
    e->keys[e->nkeys++] = key;
}

static void pop_key(rb_engine *e)
{
    e->nkeys--;
}

static void update_pv(rb_stack *st, const rb_stack *child, rb_move m)
{
    st->pv[0] = m;
    int n = child->pvlen;
    if (n > RB_MAX_PLY - 1) {
        n = RB_MAX_PLY - 1;
    }
    memcpy(st->pv + 1, child->pv, (size_t)n * sizeof(rb_move));
    st->pvlen = n + 1;
}

/* A pawn of the side to move one step from promoting. */
static bool promotion_near(const rb_pos *pos)
{
    for (rb_bb b = pos->by_color[pos->side] & pos->by_type[RB_PAWN]; b; b &= b - 1) {
        if (rb_eval_pawn_distance(pos->side, rb_lsb(b)) == 1) {
            return true;
        }
    }
    return false;
}

/* The evaluation with both sides' attack sets, through the engine's cache. */
static int evaluate(rb_engine *e, const rb_pos *pos, rb_bb attacks[2])
{
    rb_evcache_entry *c = &e->evcache[pos->key & (RB_EVCACHE_SIZE - 1)];
    if (c->used && c->key == pos->key) {
        attacks[0] = c->attacks[0];
        attacks[1] = c->attacks[1];
        return c->score;
    }
    int score = rb_eval_attacks(pos, &e->params, attacks);
    c->key = pos->key;
    c->attacks[0] = attacks[0];
    c->attacks[1] = attacks[1];
    c->score = score;
    c->used = 1;
    return score;
}

static int qsearch(rb_engine *e, const rb_pos *pos, int alpha, int beta, int ply, int qply)
{
    rb_stack *st = &e->stack[ply];
    st->pvlen = 0;
    if (out_of_budget(e)) {
        return 0;
    }
    if (rb_throne_taken(pos)) {
        return -RB_WIN + ply;
    }
    if (ply >= RB_MAX_PLY - 1) {
        return rb_eval_with(pos, &e->params);
    }
    if (ply > e->seldepth) {
        e->seldepth = ply;
    }

    /* The evaluation's attack sets also answer check, a guarded throne and
     * whether anything can be taken, so they are computed first, once. */
    int us = pos->side, them = us ^ 1;
    rb_bb attacks[2];
    int static_eval = evaluate(e, pos, attacks);
    bool in_check = (pos->by_type[RB_KING] & pos->by_color[us] & attacks[them]) != 0;
    bool we_reach = throne_in_reach(pos, us);
    bool they_reach = !in_check && qply < 4 && throne_in_reach(pos, them) &&
                      !((attacks[us] >> rb_throne_sq(them)) & 1);
    bool evasion = in_check || they_reach;

    int best = -RB_INF;
    rb_movelist legal;
    if (!evasion && !we_reach) {
        best = static_eval;
        if (best >= beta) {
            return best;
        }
        if (best > alpha) {
            alpha = best;
        }
        /* Nothing to take and no pawn about to promote: no move to try,
         * so spare generating them all. */
        if (!(attacks[us] & pos->by_color[them]) && !promotion_near(pos)) {
            return best;
        }
        /* Only captures, promotions and throne wins are tried here; the
         * quiet moves matter only to tell a stalemate. */
        rb_bb targets = pos->by_color[them] | rb_promotion_bb(us) | RB_BIT(rb_throne_sq(us));
        if (rb_gen_legal_known(pos, false, targets, &legal) == 0 && rb_gen_count(pos) == 0) {
            return RB_DRAW;
        }
    } else {
        if (rb_gen_legal_known(pos, in_check, ~(rb_bb)0, &legal) == 0) {
            return in_check ? -RB_WIN + ply : RB_DRAW;
        }
        if (we_reach) {
            for (int i = 0; i < legal.count; i++) {
                if (rb_wins_throne(pos, legal.moves[i])) {
                    return RB_WIN - ply - 1;
                }
            }
            if (!evasion) {
                best = static_eval;
                if (best >= beta) {
                    return best;
                }
                if (best > alpha) {
                    alpha = best;
                }
            }
        }
    }

    rb_picker pk;
    rb_pick_init(&pk, e, pos, &legal, ply, RB_MOVE_NONE, !evasion);
    for (rb_move m; (m = rb_pick_next(&pk, NULL)) != RB_MOVE_NONE;) {
        rb_pos child;
        rb_pos_make(pos, m, &child);
        int score = -qsearch(e, &child, -beta, -alpha, ply + 1, qply + 1);
        if (e->aborted) {
            return 0;
        }
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(st, &e->stack[ply + 1], m);
                if (alpha >= beta) {
                    break;
                }
            }
        }
    }
    return best;
}

static void reward_quiet(rb_engine *e, const rb_pos *pos, int ply, rb_move m, int depth,
                         const rb_move *tried, int ntried)
{
    rb_stack *st = &e->stack[ply];
    if (st->killers[0] != m) {
        st->killers[1] = st->killers[0];
        st->killers[0] = m;
    }
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    int(*h)[RB_NSQ] = e->history[pos->side];
    int *slot = &h[RB_MOVE_FROM(m)][RB_MOVE_TO(m)];
    *slot += 32 * bonus - *slot * bonus / 512;
    for (int i = 0; i < ntried; i++) {
        slot = &h[RB_MOVE_FROM(tried[i])][RB_MOVE_TO(tried[i])];
        *slot -= 32 * bonus + *slot * bonus / 512;
    }
}

static int search(rb_engine *e, const rb_pos *pos, int alpha, int beta, int depth, int ply, bool pv_node)
{
    rb_stack *st = &e->stack[ply];
    st->pvlen = 0;

    /* Step 1: the game may already be over here. */
    if (rb_throne_taken(pos)) {
        return -RB_WIN + ply;
    }
    if (is_repetition(e, pos)) {
        return RB_DRAW;
    }
    if (alpha < -RB_WIN + ply) {
        alpha = -RB_WIN + ply;
    }
    if (beta > RB_WIN - ply - 1) {
        beta = RB_WIN - ply - 1;
    }
    if (alpha >= beta) {
        return alpha;
    }

    /* Step 2: checks are extended; at the horizon, quiescence. */
    bool in_check = rb_pos_in_check(pos);
    if (in_check) {
        depth++;
    }
    if (depth <= 0 || ply >= RB_MAX_PLY - 4) {
        return qsearch(e, pos, alpha, beta, ply, 0);
    }
    if (out_of_budget(e)) {
        return 0;
    }
    if (ply > e->seldepth) {
        e->seldepth = ply;
    }

    /* Step 3: the table. */
    rb_tt_hit hit;
    rb_move tt_move = RB_MOVE_NONE;
    if (rb_tt_probe(&e->tt, pos->key, ply, &hit)) {
        tt_move = hit.move;
        if (!pv_node && hit.depth >= depth &&
            (hit.bound == RB_BOUND_EXACT || (hit.bound == RB_BOUND_LOWER && hit.score >= beta) ||
             (hit.bound == RB_BOUND_UPPER && hit.score <= alpha))) {
            return hit.score;
        }
    }

    rb_movelist legal;
    if (rb_gen_legal_known(pos, in_check, ~(rb_bb)0, &legal) == 0) {
        return in_check ? -RB_WIN + ply : RB_DRAW;
    }

    /* Step 4: a throne win in one is the best move there is. */
    if (throne_in_reach(pos, pos->side)) {
        for (int i = 0; i < legal.count; i++) {
            if (rb_wins_throne(pos, legal.moves[i])) {
                st->pv[0] = legal.moves[i];
                st->pvlen = 1;
                return RB_WIN - ply - 1;
            }
        }
    }

    /* only the pruning below, which PV nodes skip, needs it */
    rb_bb unused[2];
    int eval = in_check || pv_node ? -RB_INF : evaluate(e, pos, unused);
    st->static_eval = eval;
    e->stack[ply + 1].killers[0] = e->stack[ply + 1].killers[1] = RB_MOVE_NONE;

    /* Step 5: prune positions far above beta. */
    if (!pv_node && !in_check && beta > -RB_WIN_BOUND && beta < RB_WIN_BOUND) {
        if (!e->no_rfp && depth <= 4 && eval - 100 * depth >= beta) {
            return eval;
        }
        if (!e->no_null && depth >= 3 && eval >= beta && !st->null_done && has_pieces(pos, pos->side)) {
            int r = 3 + depth / 4;
            rb_pos null_pos = *pos;
            rb_pos_set_side(&null_pos, pos->side ^ 1);
            null_pos.quiet = 0; /* no repetition across a null move */
            push_key(e, pos->key);
            st->move = RB_MOVE_NONE;
            e->stack[ply + 1].null_done = true;
            int score = -search(e, &null_pos, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
            e->stack[ply + 1].null_done = false;
            pop_key(e);
            if (e->aborted) {
                return 0;
            }
            if (score >= beta) {
                return score >= RB_WIN_BOUND ? beta : score;
            }
        }
    }

    /* Step 6: the moves. */
    rb_picker pk;
    rb_pick_init(&pk, e, pos, &legal, ply, tt_move, false);
    int best = -RB_INF, old_alpha = alpha, tried = 0, nquiets = 0;
    rb_move best_move = RB_MOVE_NONE, quiets[RB_MAX_MOVES];
    push_key(e, pos->key);
    for (rb_move m; (m = rb_pick_next(&pk, NULL)) != RB_MOVE_NONE;) {
        bool tactical = rb_move_is_tactical(pos, m);
        rb_pos child;
        rb_pos_make(pos, m, &child);
        rb_tt_prefetch(&e->tt, child.key);
        st->move = m;
        int new_depth = depth - 1, score;
        if (tried == 0) {
            score = -search(e, &child, -beta, -alpha, new_depth, ply + 1, pv_node);
        } else {
            int r = 0;
            if (!e->no_lmr && depth >= 3 && tried >= 3 && !tactical && !in_check) {
                r = lmr_table[depth < 64 ? depth : 63][tried < 64 ? tried : 63];
                r -= pv_node;
                r -= m == st->killers[0] || m == st->killers[1];
                if (r > 0 && rb_pos_in_check(&child)) {
                    r = 0;
                }
                r = r < 0 ? 0 : r > new_depth - 1 ? new_depth - 1 : r;
            }
            score = -search(e, &child, -alpha - 1, -alpha, new_depth - r, ply + 1, false);
            if (score > alpha && r > 0) {
                score = -search(e, &child, -alpha - 1, -alpha, new_depth, ply + 1, false);
            }
            if (score > alpha && score < beta && pv_node) {
                score = -search(e, &child, -beta, -alpha, new_depth, ply + 1, true);
            }
        }
        if (e->aborted) {
            pop_key(e);
            return 0;
        }
        tried++;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                update_pv(st, &e->stack[ply + 1], m);
                if (alpha >= beta) {
                    if (!tactical) {
                        reward_quiet(e, pos, ply, m, depth, quiets, nquiets);
                    }
                    break;
                }
            }
        }
        if (!tactical) {
            quiets[nquiets++] = m;
        }
    }
    pop_key(e);

    int bound = best >= beta ? RB_BOUND_LOWER : alpha > old_alpha ? RB_BOUND_EXACT : RB_BOUND_UPPER;
    rb_tt_store(&e->tt, pos->key, ply, best_move, best, depth, bound);
    return best;
}

/* The root: every legal move, in the order the last iteration left them.
 * At full strength only the best needs a true score; weaker levels choose
 * among near-equal moves, so there each move within the level's margin of
 * the best gets its true score. */
static int search_root(rb_engine *e, const rb_pos *pos, int alpha, int beta, int depth,
                       rb_move *iter_best)
{
    rb_stack *st = &e->stack[0];
    int best = -RB_INF, old_alpha = alpha;
    push_key(e, pos->key);
    for (int i = 0; i < e->nroot; i++) {
        rb_move m = e->root_moves[i];
        rb_pos child;
        rb_pos_make(pos, m, &child);
        st->move = m;
        int score;
        if (i == 0) {
            score = -search(e, &child, -beta, -alpha, depth - 1, 1, true);
        } else if (e->root_exact) {
            int floor = best - e->root_margin - 1;
            int a = floor > old_alpha ? floor : old_alpha;
            score = -search(e, &child, -beta, -a, depth - 1, 1, true);
        } else {
            score = -search(e, &child, -alpha - 1, -alpha, depth - 1, 1, false);
            if (score > alpha && score < beta) {
                score = -search(e, &child, -beta, -alpha, depth - 1, 1, true);
            }
        }
        if (e->aborted) {
            break;
        }
        e->root_scores[i] = score;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                update_pv(st, &e->stack[1], m);
                *iter_best = m;
                if (alpha >= beta) {
                    break;
                }
            }
        } else if (!e->root_exact) {
            e->root_scores[i] = -RB_INF; /* only a bound: keep the old order */
        }
    }
    pop_key(e);
    return best;
}

/* Best move first; the rest by score, keeping the previous order on ties. */
static void sort_root(rb_engine *e)
{
    for (int i = 1; i < e->nroot; i++) {
        rb_move m = e->root_moves[i];
        int s = e->root_scores[i], j = i;
        while (j > 0 && e->root_scores[j - 1] < s) {
            e->root_moves[j] = e->root_moves[j - 1];
            e->root_scores[j] = e->root_scores[j - 1];
            j--;
        }
        e->root_moves[j] = m;
        e->root_scores[j] = s;
    }
}

static void fill_score(rb_search_info *info, int score)
{
    if (score > RB_WIN_BOUND) {
        info->kind = RB_SCORE_WIN;
        info->score = (RB_WIN - score + 1) / 2;
    } else if (score < -RB_WIN_BOUND) {
        info->kind = RB_SCORE_LOSS;
        info->score = (RB_WIN + score) / 2;
    } else {
        info->kind = RB_SCORE_CP;
        info->score = score;
    }
}

static void fill_info(const rb_engine *e, rb_search_info *info, int depth, int score,
                      const rb_move *pv, int pvlen)
{
    info->depth = depth;
    fill_score(info, score);
    info->nodes = e->nodes;
    info->time_ms = rb_util_now_ms() - e->start_ms;
    info->nps = info->time_ms > 0 ? e->nodes * 1000 / (uint64_t)info->time_ms : 0;
    info->pvlen = pvlen;
    if (pvlen > 0) {
        memcpy(info->pv, pv, (size_t)pvlen * sizeof(rb_move));
    }
}

/* A weaker level's second choice must survive a look one and two plies
 * deeper than the search that proposed it. The level may still misjudge a
 * position, as a person of its strength would, but it does not hand over a
 * piece to a short tactic that a little more care would have shown. The
 * extra look has a budget of its own (half the level's nodes); what it
 * cannot finish counts as holding, so the level keeps its character. */
static bool choice_holds(rb_engine *e, const rb_pos *root, rb_move m, int depth, int best)
{
    int threshold = best - e->root_margin;
    if (threshold <= -RB_WIN_BOUND || best >= RB_WIN_BOUND) {
        return true;
    }
    e->aborted = false;
    e->node_limit = e->node_limit ? e->nodes + e->node_limit / 2 : 0;
    rb_pos child;
    rb_pos_make(root, m, &child);
    bool holds = true;
    push_key(e, root->key);
    for (int d = depth + 1; d <= depth + 2 && holds; d++) {
        int score = -search(e, &child, -threshold, -threshold + 1, d - 1, 1, false);
        if (e->aborted) {
            break;
        }
        holds = score >= threshold;
    }
    pop_key(e);
    return holds;
}

static bool has_limits(const rb_limits *l)
{
    return l != NULL && !l->infinite &&
           (l->depth > 0 || l->nodes > 0 || l->movetime_ms > 0 || l->time_left_ms > 0 || l->increment_ms > 0);
}

rb_move rb_engine_search(rb_engine *e, const rb_pos *root, const uint64_t *history, size_t nhistory,
                         const rb_limits *limits, rb_info_fn info, void *user, rb_search_info *final_info)
{
    pthread_once(&lmr_once, build_lmr);
    e->start_ms = rb_util_now_ms();
    e->nodes = 0;
    /* a stop that came before the search began is kept (see rb_engine_stop) */
    e->aborted = atomic_load(&e->stop);
    e->seldepth = 0;

    rb_level_spec spec = rb_level_spec_of(e->level);
    bool limited = has_limits(limits);
    int max_depth = RB_MAX_PLY - 8;
    if (limited && limits->depth > 0 && limits->depth < max_depth) {
        max_depth = limits->depth;
    }
    if (spec.depth > 0 && spec.depth < max_depth) {
        max_depth = spec.depth;
    }
    e->node_limit = limited ? limits->nodes : 0;
    if (spec.nodes > 0 && (e->node_limit == 0 || spec.nodes < e->node_limit)) {
        e->node_limit = spec.nodes;
    }
    e->root_exact = spec.margin > 0;
    e->root_margin = spec.margin;

    /* the game so far, for repetitions: only the latest positions matter */
    e->nkeys = 0;
    if (history != NULL) {
        size_t first = nhistory > RB_KEYS_MAX ? nhistory - RB_KEYS_MAX : 0;
        for (size_t i = first; i < nhistory; i++) {
            e->keys[e->nkeys++] = history[i];
        }
    }

    memset(e->history, 0, sizeof e->history);
    memset(e->stack, 0, sizeof e->stack);
    memset(e->evcache, 0, sizeof e->evcache);
    rb_tt_new_search(&e->tt);

    rb_movelist legal;
    rb_gen_legal(root, &legal);
    e->nroot = legal.count;
    e->ndone = 0;
    for (int i = 0; i < legal.count; i++) {
        e->root_moves[i] = legal.moves[i];
        e->root_scores[i] = 0;
    }
    rb_time_plan(e, limited ? limits : NULL, root->side, e->nroot);

    rb_search_info result;
    memset(&result, 0, sizeof result);
    if (e->nroot == 0) {
        int score = rb_pos_in_check(root) || rb_pos_throne_won(root) ? -RB_WIN : RB_DRAW;
        fill_info(e, &result, 0, score, NULL, 0);
        if (info != NULL) {
            info(&result, user);
        }
        if (final_info != NULL) {
            *final_info = result;
        }
        return RB_MOVE_NONE;
    }

    /* Order the first iteration by the picker's judgement (table move,
     * captures) rather than generation order. */
    {
        rb_tt_hit hit;
        rb_move tt_move = rb_tt_probe(&e->tt, root->key, 0, &hit) ? hit.move : RB_MOVE_NONE;
        rb_picker pk;
        rb_pick_init(&pk, e, root, &legal, 0, tt_move, false);
        for (int i = 0; i < e->nroot; i++) {
            e->root_moves[i] = rb_pick_next(&pk, NULL);
        }
    }

    rb_move best_move = e->root_moves[0];
    int best_score = 0, done_depth = 0;
    rb_move pv[RB_MAX_PLY];
    int pvlen = 0;

    for (int depth = 1; depth <= max_depth; depth++) {
        int window = 30, alpha = -RB_INF, beta = RB_INF, score;
        if (depth >= 5 && !e->root_exact && best_score > -RB_WIN_BOUND && best_score < RB_WIN_BOUND) {
            alpha = best_score - window;
            beta = best_score + window;
        }
        rb_move iter_best = RB_MOVE_NONE;
        for (;;) {
            for (int i = 0; i < e->nroot; i++) {
                e->root_scores[i] = -RB_INF;
            }
            score = search_root(e, root, alpha, beta, depth, &iter_best);
            if (e->aborted) {
                break;
            }
            if (score <= alpha && alpha > -RB_INF) {
                alpha = alpha - window < -RB_INF ? -RB_INF : alpha - window;
                beta = (alpha + beta) / 2 > score + 1 ? (alpha + beta) / 2 : score + 1;
            } else if (score >= beta && beta < RB_INF) {
                beta = beta + window > RB_INF ? RB_INF : beta + window;
            } else {
                break;
            }
            window *= 2;
        }
        if (e->aborted) {
            /* A move that proved better during the unfinished iteration is
             * still better than the last iteration's choice. */
            if (iter_best != RB_MOVE_NONE && iter_best != best_move && e->stack[0].pvlen > 0 &&
                !e->root_exact) {
                best_move = iter_best;
                pvlen = e->stack[0].pvlen;
                memcpy(pv, e->stack[0].pv, (size_t)pvlen * sizeof(rb_move));
            }
            break;
        }
        sort_root(e);
        best_move = e->root_moves[0];
        best_score = score;
        done_depth = depth;
        pvlen = e->stack[0].pvlen;
        memcpy(pv, e->stack[0].pv, (size_t)pvlen * sizeof(rb_move));
        if (pvlen == 0 || pv[0] != best_move) {
            pv[0] = best_move;
            pvlen = 1;
        }
        e->ndone = e->nroot;
        memcpy(e->done_moves, e->root_moves, sizeof(rb_move) * (size_t)e->nroot);
        memcpy(e->done_scores, e->root_scores, sizeof(int) * (size_t)e->nroot);

        if (info != NULL) {
            fill_info(e, &result, depth, best_score, pv, pvlen);
            info(&result, user);
        }
        /* Stop early when it cannot matter: one legal move under a clock,
         * a forced result found well within the depth, or time. */
        bool decided = best_score > RB_WIN_BOUND || best_score < -RB_WIN_BOUND;
        int plies_to_end = RB_WIN - (best_score < 0 ? -best_score : best_score);
        if (limited && limits->depth == 0 && limits->nodes == 0 && decided && depth >= plies_to_end + 4) {
            break;
        }
        if (e->soft_ms && rb_util_now_ms() >= e->soft_ms) {
            break;
        }
    }

    /* "go infinite" answers only when told to stop. */
    if (limits != NULL && limits->infinite && !e->aborted) {
        while (!atomic_load(&e->stop)) {
            rb_util_sleep_ms(1);
        }
    }

    if (e->root_exact && e->ndone > 0) {
        best_move = rb_level_choose(e, 0);
        if (best_move != e->done_moves[0] && e->level >= RB_LEVEL_CAREFUL &&
            !choice_holds(e, root, best_move, done_depth, e->done_scores[0])) {
            best_move = e->done_moves[0];
        }
        if (best_move != pv[0]) {
            pv[0] = best_move;
            pvlen = 1;
        }
    }
    fill_info(e, &result, done_depth, best_score, pv, pvlen);
    if (info != NULL) {
        info(&result, user);
    }
    if (final_info != NULL) {
        *final_info = result;
    }
    return best_move;
}
