/*
 * search.c - principal variation search with iterative deepening.
 *
 * The search is written as named steps, in the order a node takes them:
 * terminal checks (throne lost, repetition, mate distance), the table,
 * pruning of hopeless or overwhelming positions (reverse futility, null
 * move), then the moves in picker order with late move reductions. At full
 * strength the search is also selective: a node the table knows no move
 * for is searched a ply shallower, quiet moves late in the order or far
 * below alpha are not tried near the leaves, and reductions follow the
 * move's history and whether the position is improving. Below
 * depth zero quiescence resolves captures, promotions and throne wins, and
 * treats a king one step from its throne like a check: the side facing it
 * may not stand pat.
 *
 * rb_engine_search itself reads as its phases: set up the limits, order
 * the root moves (those searchmoves allows), deepen iteration by iteration
 * within aspiration windows, hold the answer for "go infinite", let a
 * weaker level choose, report. Multi-line analysis deepens in a phase of
 * its own (deepen_lines), so that the one-line search stays exactly as it
 * was: same nodes, same bench.
 *
 * Every search feature was kept because self-play showed it helps (at a
 * fixed node count, or for the selective search at a fixed time a move,
 * where its worth is saved time); the no_* switches in the engine exist to
 * measure that.
 * Their margins and reductions are the named numbers below.
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "engine.h"
#include "rb_tb.h"
#include "movepick.h"
#include "rb_fast.h"
#include "rb_util_assert.h"
#include "rb_util_clock.h"

/* ---- the search's numbers, in one place ---------------------------------
 * Each was set by self-play at a fixed node count; change one, measure. */

/* Reverse futility: at depth <= RFP_MAX_DEPTH, a static evaluation this far
 * above beta per ply of depth is trusted to hold. */
#define RFP_MAX_DEPTH 4
#define RFP_MARGIN_PER_PLY 100
/* Null move: from NULL_MIN_DEPTH, searched NULL_BASE_R + depth /
 * NULL_DEPTH_DIVISOR plies shallower than the real moves. */
#define NULL_MIN_DEPTH 3
#define NULL_BASE_R 3
#define NULL_DEPTH_DIVISOR 4
/* Late move reductions: from LMR_MIN_DEPTH and the LMR_MIN_MOVES'th move
 * on, quiet moves are searched LMR_BASE + ln(depth) ln(move) / LMR_DIVISOR
 * plies shallower (one less at PV nodes and for killers). */
#define LMR_MIN_DEPTH 3
#define LMR_MIN_MOVES 3
#define LMR_BASE 0.5
#define LMR_DIVISOR 2.0
#define LMR_TABLE_SIZE 64
/* The selective search, at full strength only (rb_level_spec.selective):
 * a quiet move's history moves its reduction by one ply per this much, and
 * a node whose static evaluation is not above its value two plies before
 * (not improving) reduces one ply more. */
#define LMR_HISTORY_DIVISOR 6000
/* Internal iterative reduction: a node the table knows no move for is
 * searched a ply shallower from this depth on. */
#define IIR_MIN_DEPTH 4
/* Shallow pruning of quiet moves at non-PV nodes, up to PRUNE_MAX_DEPTH:
 * after LMP_BASE + depth^2 quiet moves the rest are not tried (late move
 * pruning), and none is tried whose static evaluation plus
 * FUTILITY_MARGIN_PER_PLY per ply of depth cannot reach alpha (futility).
 * Pawn moves and moves that give check are always tried: a pawn's run
 * round the ring and a check are what a static evaluation misjudges. */
#define PRUNE_MAX_DEPTH 3
#define LMP_BASE 3
#define FUTILITY_MARGIN_PER_PLY 120
/* Quiescence answers a king next to its throne for this many plies. */
#define QS_THRONE_PLIES 4
/* History: a cutoff earns depth^2 (at most HISTORY_MAX_BONUS), scaled by
 * HISTORY_SCALE and pulled back towards zero by 1/HISTORY_DECAY of it. */
#define HISTORY_MAX_BONUS 400
#define HISTORY_SCALE 32
#define HISTORY_DECAY 512
/* Aspiration windows from ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW wide on
 * each side, doubling on every fail. */
#define ASPIRATION_MIN_DEPTH 5
#define ASPIRATION_WINDOW 30
/* The deepest iteration; the plies left above it are room for the
 * quiescence search and check extensions. */
#define MAX_ITERATION (RB_MAX_PLY - 8)
#define QS_FROM_PLY (RB_MAX_PLY - 4)
/* A forced result is believed once the iteration is this much deeper than
 * the plies to the end. */
#define FORCED_MARGIN 4
/* The clock and the stop request are read once per this many nodes (a
 * power of two): well under a millisecond of one thread's work, so on a
 * machine whose cores are shared the deadline is seen within the next
 * time slice the thread is given. */
#define CHECK_EVERY 256

_Static_assert((CHECK_EVERY & (CHECK_EVERY - 1)) == 0, "CHECK_EVERY must be a power of two");
_Static_assert(MAX_ITERATION < QS_FROM_PLY && QS_FROM_PLY < RB_MAX_PLY,
               "the deepest iteration must leave room on the search stack");

/* Late move reductions by depth and move number. Shared by every engine
 * in the process and written once only, by whichever search comes first:
 * engines on several threads may start together. */
static int lmr_table[LMR_TABLE_SIZE][LMR_TABLE_SIZE];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void build_lmr(void)
{
    for (int d = 1; d < LMR_TABLE_SIZE; d++) {
        for (int m = 1; m < LMR_TABLE_SIZE; m++) {
            lmr_table[d][m] = (int)(LMR_BASE + log((double)d) * log((double)m) / LMR_DIVISOR);
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

/* Whether the hard deadline is reached, or will be before the next look
 * at the clock: when other programs hold the cores, the thread may get no
 * time for a while between two looks, and a deadline seen one such wait
 * late makes the reply late by as much. So the longest wait between looks
 * in this search (up to MAX_LAG_MS) is taken as the time the next look may
 * be away. On an idle machine that is well under a millisecond. */
#define MAX_LAG_MS 100

static bool past_deadline(rb_engine *e)
{
    int64_t now = rb_engine_now(e);
    if (e->last_look_ms > 0) {
        int64_t gap = now - e->last_look_ms;
        if (gap > e->lag_ms) {
            e->lag_ms = gap < MAX_LAG_MS ? gap : MAX_LAG_MS;
        }
    }
    e->last_look_ms = now;
    return now + e->lag_ms >= e->hard_ms;
}

/* Counts a node and notices limits: the node limit exactly (so node-limited
 * searches repeat exactly), the clock and the stop flag every CHECK_EVERY
 * nodes. */
static bool out_of_budget(rb_engine *e)
{
    if (e->aborted) {
        return true;
    }
    e->nodes++;
    if (e->node_limit && e->nodes >= e->node_limit) {
        e->aborted = true;
    } else if ((e->nodes & (CHECK_EVERY - 1)) == 0) {
        atomic_store_explicit(&e->published_nodes, e->nodes, memory_order_relaxed);
        if (atomic_load_explicit(&e->stop, memory_order_relaxed) || (e->hard_ms && past_deadline(e))) {
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

/* Empties the evaluation cache for a new search: a new search number,
 * never 0 (an entry never written), and a real clearing only when the
 * numbers come round again. */
static void evcache_new_search(rb_engine *e)
{
    if (++e->evcache_search == 0) {
        memset(e->evcache, 0, sizeof e->evcache);
        e->evcache_search = 1;
    }
}

/* Starts loading key's cache entry, as rb_tt_prefetch does the table's:
 * called right after a move is made, so that the child's look-up does not
 * wait for memory. */
static inline void evcache_prefetch(const rb_engine *e, uint64_t key)
{
    __builtin_prefetch(&e->evcache[key & (RB_EVCACHE_SIZE - 1)]);
}

/* The evaluation with both sides' attack sets, through the engine's cache. */
static int evaluate(rb_engine *e, const rb_pos *pos, rb_bb attacks[2])
{
    rb_evcache_entry *c = &e->evcache[pos->key & (RB_EVCACHE_SIZE - 1)];
    if (c->search == e->evcache_search && c->key == pos->key) {
        attacks[0] = c->attacks[0];
        attacks[1] = c->attacks[1];
        return c->score;
    }
    int score = rb_eval_attacks(pos, &e->params, attacks);
    c->key = pos->key;
    c->attacks[0] = attacks[0];
    c->attacks[1] = attacks[1];
    c->score = score;
    c->search = e->evcache_search;
    return score;
}

/* The tables' exact score for pos at ply, or false when they do not
 * have it. A win in d plies from here is a win at ply + d from the root,
 * scored as the search scores a mate there. */
static bool tb_score(rb_engine *e, const rb_pos *pos, int ply, int *score)
{
    if (e->tb == NULL || e->level < RB_LEVEL_MAX || rb_popcount(pos->by_color[0] | pos->by_color[1]) > e->tb_men) {
        return false;
    }
    int v = rb_tb_probe(e->tb, pos);
    if (v == RB_TB_NONE) {
        return false;
    }
    if (v == RB_TB_DRAW) {
        *score = RB_DRAW;
    } else if (rb_tb_is_win(v)) {
        *score = RB_WIN - ply - rb_tb_distance(v);
    } else {
        *score = -RB_WIN + ply + rb_tb_distance(v);
    }
    return true;
}

static int qsearch(rb_engine *e, const rb_pos *pos, int alpha, int beta, int ply, int qply)
{
    RB_ASSERT_MSG(ply >= 0 && ply < RB_MAX_PLY, "the search stack's index");
    RB_ASSERT_MSG(-RB_INF <= alpha && alpha < beta && beta <= RB_INF, "a window with room in it");
    rb_stack *st = &e->stack[ply];
    st->pvlen = 0;
    if (out_of_budget(e)) {
        return 0;
    }
    if (rb_throne_taken(pos)) {
        return -RB_WIN + ply;
    }
    int tb;
    if (tb_score(e, pos, ply, &tb)) {
        return tb;
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
    bool they_reach =
        !in_check && qply < QS_THRONE_PLIES && throne_in_reach(pos, them) && !((attacks[us] >> rb_throne_sq(them)) & 1);
    bool evasion = in_check || they_reach;

    int best = -RB_INF;
    rb_picker pk;
    rb_movelist *legal = &pk.list;
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
        if (rb_gen_legal_known(pos, false, targets, legal) == 0 && rb_gen_count(pos) == 0) {
            return RB_DRAW;
        }
    } else {
        if (rb_gen_legal_known(pos, in_check, ~(rb_bb)0, legal) == 0) {
            return in_check ? -RB_WIN + ply : RB_DRAW;
        }
        if (we_reach) {
            for (int i = 0; i < legal->count; i++) {
                if (rb_wins_throne(pos, legal->moves[i])) {
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

    rb_pick_init(&pk, e, pos, ply, RB_MOVE_NONE, !evasion);
    for (rb_move m; (m = rb_pick_next(&pk, NULL)) != RB_MOVE_NONE;) {
        rb_pos child;
        rb_pos_make(pos, m, &child);
        evcache_prefetch(e, child.key);
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

static void reward_quiet(rb_engine *e, const rb_pos *pos, int ply, rb_move m, int depth, const rb_move *tried,
                         int ntried)
{
    rb_stack *st = &e->stack[ply];
    if (st->killers[0] != m) {
        st->killers[1] = st->killers[0];
        st->killers[0] = m;
    }
    RB_ASSERT(ply >= 0 && ply < RB_MAX_PLY + 8);
    RB_ASSERT_MSG(RB_MOVE_FROM(m) < RB_NSQ && RB_MOVE_TO(m) < RB_NSQ, "the history table's indexes");
    RB_ASSERT(ntried >= 0 && ntried <= RB_MAX_MOVES);
    int bonus = depth * depth > HISTORY_MAX_BONUS ? HISTORY_MAX_BONUS : depth * depth;
    int(*h)[RB_NSQ] = e->history[pos->side];
    int *slot = &h[RB_MOVE_FROM(m)][RB_MOVE_TO(m)];
    *slot += HISTORY_SCALE * bonus - *slot * bonus / HISTORY_DECAY;
    for (int i = 0; i < ntried; i++) {
        RB_ASSERT(RB_MOVE_FROM(tried[i]) < RB_NSQ && RB_MOVE_TO(tried[i]) < RB_NSQ);
        slot = &h[RB_MOVE_FROM(tried[i])][RB_MOVE_TO(tried[i])];
        *slot -= HISTORY_SCALE * bonus + *slot * bonus / HISTORY_DECAY;
    }
}

static int search(rb_engine *e, const rb_pos *pos, int alpha, int beta, int depth, int ply, bool pv_node)
{
    RB_ASSERT_MSG(ply >= 0 && ply <= QS_FROM_PLY, "the search stack's index");
    RB_ASSERT_MSG(-RB_INF <= alpha && alpha < beta && beta <= RB_INF, "a window with room in it");
    rb_stack *st = &e->stack[ply];
    st->pvlen = 0;

    /* Step 1: the game may already be over here. */
    if (rb_throne_taken(pos)) {
        return -RB_WIN + ply;
    }
    if (is_repetition(e, pos)) {
        return RB_DRAW;
    }
    /* The tables know this position exactly: no search can add to it. */
    int tb;
    if (ply > 0 && tb_score(e, pos, ply, &tb)) {
        return tb;
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
    if (depth <= 0 || ply >= QS_FROM_PLY) {
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

    /* No move from the table to search first: at full strength the node
     * is searched a ply shallower (internal iterative reduction). */
    if (e->selective && tt_move == RB_MOVE_NONE && depth >= IIR_MIN_DEPTH) {
        depth--;
    }

    /* The game may be over here (no legal move). Where step 5 may prune
     * the node and step 4 has nothing to look for, learning that there is
     * a move is enough for now, and much cheaper than listing them all;
     * the list is made after the pruning, for the nodes that need it. */
    bool we_reach = throne_in_reach(pos, pos->side);
    bool listed = pv_node || in_check || we_reach;
    rb_picker pk;
    rb_movelist *legal = &pk.list;
    if (listed ? rb_gen_legal_known(pos, in_check, ~(rb_bb)0, legal) == 0 : !rb_gen_has_legal(pos, in_check)) {
        return in_check ? -RB_WIN + ply : RB_DRAW;
    }

    /* Step 4: a throne win in one is the best move there is. */
    if (we_reach) {
        for (int i = 0; i < legal->count; i++) {
            if (rb_wins_throne(pos, legal->moves[i])) {
                st->pv[0] = legal->moves[i];
                st->pvlen = 1;
                return RB_WIN - ply - 1;
            }
        }
    }

    /* only the pruning below, which PV nodes skip, needs it */
    rb_bb unused[2];
    int eval = in_check || pv_node ? -RB_INF : evaluate(e, pos, unused);
    st->static_eval = eval;
    /* Improving: our static evaluation is above its value two plies ago;
     * where it is not, quiet moves are reduced one ply more. */
    bool improving = in_check || pv_node || ply < 2 || eval > e->stack[ply - 2].static_eval;
    e->stack[ply + 1].killers[0] = e->stack[ply + 1].killers[1] = RB_MOVE_NONE;

    /* Step 5: prune positions far above beta. */
    if (!pv_node && !in_check && beta > -RB_WIN_BOUND && beta < RB_WIN_BOUND) {
        if (!e->no_rfp && depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN_PER_PLY * depth >= beta) {
            return eval;
        }
        if (!e->no_null && depth >= NULL_MIN_DEPTH && eval >= beta && !st->null_done && has_pieces(pos, pos->side)) {
            int r = NULL_BASE_R + depth / NULL_DEPTH_DIVISOR;
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
    if (!listed) {
        rb_gen_legal_known(pos, in_check, ~(rb_bb)0, legal);
    }
    rb_pick_init(&pk, e, pos, ply, tt_move, false);
    int best = -RB_INF, old_alpha = alpha, tried = 0, nquiets = 0;
    rb_move best_move = RB_MOVE_NONE, quiets[RB_MAX_MOVES];
    /* best > -RB_WIN_BOUND (checked per move) keeps one move searched and
     * a mate against us from being pruned into a false score */
    bool prune_quiets = e->selective && !pv_node && !in_check && depth <= PRUNE_MAX_DEPTH && alpha > -RB_WIN_BOUND &&
                        beta < RB_WIN_BOUND;
    push_key(e, pos->key);
    for (rb_move m; (m = rb_pick_next(&pk, NULL)) != RB_MOVE_NONE;) {
        bool tactical = rb_move_is_tactical(pos, m);
        rb_pos child;
        rb_pos_make(pos, m, &child);
        if (prune_quiets && !tactical && RB_TYPE(pos->board[RB_MOVE_FROM(m)]) != RB_PAWN &&
            (nquiets >= LMP_BASE + depth * depth || eval + FUTILITY_MARGIN_PER_PLY * depth <= alpha) &&
            best > -RB_WIN_BOUND && !rb_pos_in_check(&child)) {
            continue;
        }
        rb_tt_prefetch(&e->tt, child.key);
        evcache_prefetch(e, child.key);
        st->move = m;
        int new_depth = depth - 1, score;
        if (tried == 0) {
            score = -search(e, &child, -beta, -alpha, new_depth, ply + 1, pv_node);
        } else {
            int r = 0;
            if (!e->no_lmr && depth >= LMR_MIN_DEPTH && tried >= LMR_MIN_MOVES && !tactical && !in_check) {
                r = lmr_table[depth < LMR_TABLE_SIZE ? depth : LMR_TABLE_SIZE - 1]
                             [tried < LMR_TABLE_SIZE ? tried : LMR_TABLE_SIZE - 1];
                r -= pv_node;
                r -= m == st->killers[0] || m == st->killers[1];
                if (e->selective) {
                    r += !improving;
                    r -= e->history[pos->side][RB_MOVE_FROM(m)][RB_MOVE_TO(m)] / LMR_HISTORY_DIVISOR;
                }
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

/* The root: every legal move from first on, in the order the last
 * iteration left them (the moves before first are the lines already found
 * in multi-line analysis, and stay out). At full strength only the best
 * needs a true score; weaker levels choose among near-equal moves, so there
 * each move within the level's margin of the best gets its true score. */
static int search_root(rb_engine *e, const rb_pos *pos, int alpha, int beta, int depth, int first, rb_move *iter_best)
{
    rb_stack *st = &e->stack[0];
    int best = -RB_INF, old_alpha = alpha;
    push_key(e, pos->key);
    for (int i = first; i < e->nroot; i++) {
        rb_move m = e->root_moves[i];
        rb_pos child;
        rb_pos_make(pos, m, &child);
        st->move = m;
        int score;
        if (i == first) {
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

/* From first on: best move first, the rest by score, keeping the previous
 * order on ties. */
static void sort_root(rb_engine *e, int first)
{
    for (int i = first + 1; i < e->nroot; i++) {
        rb_move m = e->root_moves[i];
        int s = e->root_scores[i], j = i;
        while (j > first && e->root_scores[j - 1] < s) {
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

/* The nodes of this search on every thread: the helpers' as they last
 * published them (exact once they are joined). */
static uint64_t all_nodes(const rb_engine *e)
{
    uint64_t n = e->nodes;
    for (int i = 0; i < e->helpers_in_search; i++) {
        n += atomic_load_explicit(&e->helpers[i]->published_nodes, memory_order_relaxed);
    }
    return n;
}

static void fill_info(const rb_engine *e, rb_search_info *info, int depth, int score, const rb_move *pv, int pvlen)
{
    info->depth = depth;
    info->multipv = 1;
    fill_score(info, score);
    info->nodes = all_nodes(e);
    info->time_ms = rb_engine_now(e) - e->start_ms;
    info->nps = info->time_ms > 0 ? info->nodes * 1000 / (uint64_t)info->time_ms : 0;
    info->tbhits = e->tb ? rb_tb_hits(e->tb) - e->tb_hits_start : 0;
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

/* ---- rb_engine_search, phase by phase ----------------------------------- */

/* Phase 1: the limits of this search (the caller's and the level's), the
 * game so far for repetitions, and per-search state cleared. Returns the
 * deepest iteration allowed. */
static int begin_search(rb_engine *e, const uint64_t *history, size_t nhistory, const rb_limits *limits, bool limited)
{
    e->start_ms = rb_engine_now(e);
    e->last_look_ms = 0;
    e->lag_ms = 0;
    e->nodes = 0;
    /* a stop that came before the search began is kept (see rb_engine_stop) */
    e->aborted = atomic_load(&e->stop);
    e->seldepth = 0;
    e->nlines = 0;
    e->helpers_in_search = 0;

    rb_level_spec spec = rb_level_plan(e);
    int max_depth = MAX_ITERATION;
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
    /* A search asked for a depth stays full width to it: whatever judges a
     * position by depth (the opening book's scores, draw offers, the bench,
     * the tests' judges) gets the answer it was measured with. */
    e->selective = spec.selective && !e->no_selective && !(limited && limits->depth > 0);
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
    e->stack[0].static_eval = -RB_INF; /* the root is not evaluated: unknown counts as improving */
    evcache_new_search(e);
    rb_tt_new_search(&e->tt);
    return max_depth;
}

/* Keeps the moves of list that searchmoves names, unless it names none of
 * them: then all stay. */
static void restrict_root(rb_movelist *list, const rb_limits *limits)
{
    if (limits == NULL || limits->nsearchmoves <= 0) {
        return;
    }
    rb_movelist kept = {.count = 0};
    for (int i = 0; i < list->count; i++) {
        for (int j = 0; j < limits->nsearchmoves && j < RB_MAX_MOVES; j++) {
            if (limits->searchmoves[j] == list->moves[i]) {
                kept.moves[kept.count++] = list->moves[i];
                break;
            }
        }
    }
    if (kept.count > 0) {
        *list = kept;
    }
}

/* A root in the tables keeps only the moves of the best value: the
 * shortest wins, the draws, or the longest losses. With several lines
 * asked for (analysis) every move stays, each scored exactly anyway. */
static void restrict_to_best_tb(rb_engine *e, const rb_pos *root, rb_movelist *list)
{
    if (e->tb == NULL || e->level < RB_LEVEL_MAX || e->multipv > 1 ||
        rb_popcount(root->by_color[0] | root->by_color[1]) > e->tb_men) {
        return;
    }
    rb_tb_move_value mv[RB_MAX_MOVES];
    int n = rb_tb_probe_moves(e->tb, root, mv, RB_MAX_MOVES);
    if (n <= 0) {
        return;
    }
    rb_movelist kept = {.count = 0};
    for (int i = 0; i < list->count; i++) {
        for (int j = 0; j < n && mv[j].value == mv[0].value; j++) {
            if (mv[j].move == list->moves[i]) {
                kept.moves[kept.count++] = list->moves[i];
                break;
            }
        }
    }
    if (kept.count > 0) {
        *list = kept;
    }
}

/* Phase 2: the root's legal moves (those searchmoves allows), ordered for
 * the first iteration by the picker's judgement (table move, captures)
 * rather than generation order. */
static void collect_root_moves(rb_engine *e, const rb_pos *root, const rb_limits *limits)
{
    rb_movelist legal;
    rb_gen_legal(root, &legal);
    restrict_root(&legal, limits);
    restrict_to_best_tb(e, root, &legal);
    e->nroot = legal.count;
    e->ndone = 0;
    for (int i = 0; i < legal.count; i++) {
        e->root_moves[i] = legal.moves[i];
        e->root_scores[i] = 0;
    }
    if (e->nroot == 0) {
        return;
    }
    rb_tt_hit hit;
    rb_move tt_move = rb_tt_probe(&e->tt, root->key, 0, &hit) ? hit.move : RB_MOVE_NONE;
    rb_picker pk;
    pk.list = legal;
    rb_pick_init(&pk, e, root, 0, tt_move, false);
    for (int i = 0; i < e->nroot; i++) {
        e->root_moves[i] = rb_pick_next(&pk, NULL);
    }
}

/* One iteration within an aspiration window around the last score, widened
 * until the score falls inside it. */
static int search_iteration(rb_engine *e, const rb_pos *root, int depth, int last_score, int first, rb_move *iter_best)
{
    int window = ASPIRATION_WINDOW, alpha = -RB_INF, beta = RB_INF, score;
    if (depth >= ASPIRATION_MIN_DEPTH && !e->root_exact && last_score > -RB_WIN_BOUND && last_score < RB_WIN_BOUND) {
        alpha = last_score - window;
        beta = last_score + window;
    }
    for (;;) {
        for (int i = first; i < e->nroot; i++) {
            e->root_scores[i] = -RB_INF;
        }
        score = search_root(e, root, alpha, beta, depth, first, iter_best);
        if (e->aborted) {
            return score;
        }
        if (score <= alpha && alpha > -RB_INF) {
            alpha = alpha - window < -RB_INF ? -RB_INF : alpha - window;
            beta = (alpha + beta) / 2 > score + 1 ? (alpha + beta) / 2 : score + 1;
        } else if (score >= beta && beta < RB_INF) {
            beta = beta + window > RB_INF ? RB_INF : beta + window;
        } else {
            return score;
        }
        window *= 2;
    }
}

/* Records a completed iteration: the root order, best move, score and
 * principal variation, and the root moves' scores for the level's choice. */
/* A line that reaches the endgame tables with a decided result goes on
 * as the tables play it (the winner's shortest way, the loser's longest)
 * to the end: the search itself stops at the first position they answer. */
static void extend_pv_from_tables(const rb_engine *e, const rb_pos *root, rb_move *pv, int *pvlen)
{
    if (e->tb == NULL || e->level < RB_LEVEL_MAX) {
        return;
    }
    rb_pos pos = *root;
    for (int i = 0; i < *pvlen; i++) {
        rb_pos_make(&pos, pv[i], &pos);
    }
    while (*pvlen < RB_MAX_PLY && rb_popcount(pos.by_color[0] | pos.by_color[1]) <= e->tb_men &&
           rb_pos_status(&pos) == RB_ONGOING) {
        rb_tb_move_value mv[RB_MAX_MOVES];
        if (rb_tb_probe_moves(e->tb, &pos, mv, RB_MAX_MOVES) <= 0 || mv[0].value == RB_TB_DRAW) {
            return;
        }
        pv[(*pvlen)++] = mv[0].move;
        rb_pos_make(&pos, mv[0].move, &pos);
    }
}

static void complete_iteration(rb_engine *e, int depth, int score, rb_root_result *r)
{
    sort_root(e, 0);
    r->best_move = e->root_moves[0];
    r->best_score = score;
    r->done_depth = depth;
    r->pvlen = e->stack[0].pvlen;
    memcpy(r->pv, e->stack[0].pv, (size_t)r->pvlen * sizeof(rb_move));
    if (r->pvlen == 0 || r->pv[0] != r->best_move) {
        r->pv[0] = r->best_move;
        r->pvlen = 1;
    }
    e->ndone = e->nroot;
    memcpy(e->done_moves, e->root_moves, sizeof(rb_move) * (size_t)e->nroot);
    memcpy(e->done_scores, e->root_scores, sizeof(int) * (size_t)e->nroot);
}

/* A move that proved better during an unfinished iteration is still better
 * than the last completed iteration's choice (at full strength, where only
 * the best move's score is exact). */
static void keep_unfinished_best(const rb_engine *e, rb_move iter_best, rb_root_result *r)
{
    if (iter_best != RB_MOVE_NONE && iter_best != r->best_move && e->stack[0].pvlen > 0 && !e->root_exact) {
        r->best_move = iter_best;
        r->pvlen = e->stack[0].pvlen;
        memcpy(r->pv, e->stack[0].pv, (size_t)r->pvlen * sizeof(rb_move));
    }
}

/* Whether another iteration cannot matter: a forced result found well
 * within the depth under a clock, or the soft deadline passed. */
static bool deep_enough(const rb_engine *e, const rb_limits *limits, bool limited, int depth, int score)
{
    bool decided = score > RB_WIN_BOUND || score < -RB_WIN_BOUND;
    int plies_to_end = RB_WIN - (score < 0 ? -score : score);
    if (limited && limits->depth == 0 && limits->nodes == 0 && decided && depth >= plies_to_end + FORCED_MARGIN) {
        return true;
    }
    return e->soft_ms && rb_engine_now(e) >= e->soft_ms;
}

/* Phase 3: iterative deepening, reporting each completed iteration. */
static void deepen(rb_engine *e, const rb_pos *root, int max_depth, const rb_limits *limits, bool limited,
                   rb_info_fn info, void *user, rb_search_info *report, rb_root_result *r)
{
    for (int depth = 1; depth <= max_depth; depth++) {
        rb_move iter_best = RB_MOVE_NONE;
        int score = search_iteration(e, root, depth, r->best_score, 0, &iter_best);
        if (e->aborted) {
            keep_unfinished_best(e, iter_best, r);
            return;
        }
        complete_iteration(e, depth, score, r);
        extend_pv_from_tables(e, root, r->pv, &r->pvlen);
        fill_info(e, &e->lines[0], depth, r->best_score, r->pv, r->pvlen);
        e->nlines = 1;
        if (info != NULL) {
            *report = e->lines[0];
            info(report, user);
        }
        if (deep_enough(e, limits, limited, depth, r->best_score)) {
            return;
        }
    }
}

/* One line of multi-line analysis as an iteration finds it. */
typedef struct line_work {
    int score;
    int pvlen;
    rb_move pv[RB_MAX_PLY];
} line_work;

/* Orders an iteration's lines by score, best first (a later line can come
 * out better than an earlier one: it was searched with more in the table),
 * keeping the search order on ties, and the root moves with them. */
static void order_lines(rb_engine *e, line_work *lines, int n)
{
    for (int i = 1; i < n; i++) {
        line_work l = lines[i];
        int j = i;
        while (j > 0 && lines[j - 1].score < l.score) {
            lines[j] = lines[j - 1];
            j--;
        }
        lines[j] = l;
    }
    for (int k = 0; k < n; k++) {
        e->root_moves[k] = lines[k].pv[0];
        e->root_scores[k] = lines[k].score;
    }
}

/* Phase 3 with several lines (multi-line analysis): every iteration
 * searches the root once per line, line k among the moves that are not
 * already the first move of an earlier line, in its own aspiration window
 * around its last score; then the lines are ordered and each is reported.
 * Kept apart from deepen() so that one line searches exactly as before. */
static void deepen_lines(rb_engine *e, const rb_pos *root, int max_depth, const rb_limits *limits, bool limited,
                         rb_info_fn info, void *user, rb_search_info *report, rb_root_result *r)
{
    int nlines = e->multipv < e->nroot ? e->multipv : e->nroot;
    int last[RB_MULTIPV_MAX] = {0};
    line_work work[RB_MULTIPV_MAX];
    for (int depth = 1; depth <= max_depth; depth++) {
        for (int k = 0; k < nlines; k++) {
            rb_move line_best = RB_MOVE_NONE;
            e->stack[0].pvlen = 0;
            int score = search_iteration(e, root, depth, last[k], k, &line_best);
            if (e->aborted) {
                if (k == 0) {
                    keep_unfinished_best(e, line_best, r);
                }
                return;
            }
            sort_root(e, k);
            line_work *l = &work[k];
            l->score = score;
            l->pvlen = e->stack[0].pvlen;
            memcpy(l->pv, e->stack[0].pv, (size_t)l->pvlen * sizeof(rb_move));
            if (l->pvlen == 0 || l->pv[0] != e->root_moves[k]) {
                l->pv[0] = e->root_moves[k];
                l->pvlen = 1;
            }
        }
        order_lines(e, work, nlines);
        r->best_move = work[0].pv[0];
        r->best_score = work[0].score;
        r->done_depth = depth;
        r->pvlen = work[0].pvlen;
        memcpy(r->pv, work[0].pv, (size_t)r->pvlen * sizeof(rb_move));
        e->ndone = e->nroot;
        memcpy(e->done_moves, e->root_moves, sizeof(rb_move) * (size_t)e->nroot);
        memcpy(e->done_scores, e->root_scores, sizeof(int) * (size_t)e->nroot);
        for (int k = 0; k < nlines; k++) {
            last[k] = work[k].score;
            fill_info(e, &e->lines[k], depth, work[k].score, work[k].pv, work[k].pvlen);
            e->lines[k].multipv = k + 1;
        }
        e->nlines = nlines;
        for (int k = 0; k < nlines && info != NULL; k++) {
            *report = e->lines[k];
            info(report, user);
        }
        if (deep_enough(e, limits, limited, depth, r->best_score)) {
            return;
        }
    }
}

/* ---- the helper threads of lazy SMP ---------------------------------- */

/* Which iterations a helper skips: helper i searches depth d unless
 * (d + phase) / size is odd, with size and phase from row (i - 1) % 20.
 * Helpers are spread over the depths just ahead of the main thread, two by
 * two, so each iteration has a few threads on it and the table fills with
 * deeper results before the main thread needs them (the staggering of
 * Stockfish's lazy SMP, as the idea is described). */
#define SKIP_ROWS 20
static const int skip_size[SKIP_ROWS] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int skip_phase[SKIP_ROWS] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

static bool helper_skips(int index, int depth)
{
    int row = (index - 1) % SKIP_ROWS;
    return ((depth + skip_phase[row]) / skip_size[row]) % 2 != 0;
}

/* Copies into helper h everything of the main engine's search it needs, so
 * that it reads nothing of the main engine while it runs: the table's
 * handle (its entries are shared), the weights, the switches, the game's
 * keys and the root moves in the main thread's order. */
static void prepare_helper(rb_engine *h, const rb_engine *e, const rb_pos *root, int max_depth)
{
    h->tt = e->tt;
    h->params = e->params;
    h->level = e->level;
    h->multipv = 1;
    h->selective = e->selective;
    h->no_null = e->no_null;
    h->no_lmr = e->no_lmr;
    h->no_rfp = e->no_rfp;
    h->no_selective = e->no_selective;
    h->root_exact = false;
    h->root_margin = 0;
    h->start_ms = e->start_ms;
    h->nodes = 0;
    h->node_limit = 0;
    /* The main thread stops it, but it also watches the hard deadline
     * itself: a helper the scheduler kept waiting must not hold up the
     * join, and so the bestmove, once the time is up. */
    h->soft_ms = 0;
    h->hard_ms = e->hard_ms;
    h->last_look_ms = 0;
    h->lag_ms = 0;
    h->clock = e->clock;
    h->clock_user = e->clock_user;
    h->aborted = false;
    h->seldepth = 0;
    h->nlines = 0;
    h->helpers_in_search = 0;
    h->nkeys = e->nkeys;
    memcpy(h->keys, e->keys, e->nkeys * sizeof e->keys[0]);
    memset(h->history, 0, sizeof h->history);
    memset(h->stack, 0, sizeof h->stack);
    h->stack[0].static_eval = -RB_INF;
    evcache_new_search(h);
    h->nroot = e->nroot;
    h->ndone = 0;
    memcpy(h->root_moves, e->root_moves, sizeof(rb_move) * (size_t)e->nroot);
    memset(h->root_scores, 0, sizeof h->root_scores);
    h->helper_root = *root;
    h->helper_max_depth = max_depth;
    h->tb = e->tb;
    h->tb_men = e->tb_men;
    h->helper_result = (rb_root_result){.best_move = e->root_moves[0]};
}

void rb_search_helper(rb_engine *h)
{
    rb_root_result *r = &h->helper_result;
    for (int depth = 1; depth <= h->helper_max_depth; depth++) {
        if (helper_skips(h->helper_index, depth)) {
            continue;
        }
        rb_move iter_best = RB_MOVE_NONE;
        int score = search_iteration(h, &h->helper_root, depth, r->best_score, 0, &iter_best);
        if (h->aborted) {
            break;
        }
        complete_iteration(h, depth, score, r);
    }
    atomic_store_explicit(&h->published_nodes, h->nodes, memory_order_relaxed);
}

/* How many threads this search runs on: the setting at full strength with
 * true scores for the best move only, one below it. */
static int search_threads(const rb_engine *e)
{
    return e->level == RB_LEVEL_MAX && !e->root_exact ? e->threads : 1;
}

static void start_helpers(rb_engine *e, const rb_pos *root, int max_depth)
{
    int count = search_threads(e) - 1;
    if (count <= 0 || e->aborted) {
        return;
    }
    for (int i = 0; i < count; i++) {
        prepare_helper(e->helpers[i], e, root, max_depth);
    }
    e->helpers_in_search = count;
    rb_smp_start(e, count);
}

/* Stops and joins the helpers; at one line, a helper that completed a
 * deeper iteration than the main thread gives the move, score and line. */
static void finish_helpers(rb_engine *e, rb_root_result *r)
{
    if (e->helpers_in_search == 0) {
        return;
    }
    rb_smp_stop(e);
    if (e->multipv > 1) {
        return;
    }
    const rb_root_result *deepest = NULL;
    for (int i = 0; i < e->helpers_in_search; i++) {
        const rb_root_result *h = &e->helpers[i]->helper_result;
        if (h->done_depth > r->done_depth && (deepest == NULL || h->done_depth > deepest->done_depth)) {
            deepest = h;
        }
    }
    if (deepest != NULL) {
        *r = *deepest;
        fill_info(e, &e->lines[0], r->done_depth, r->best_score, r->pv, r->pvlen);
        e->nlines = 1;
    }
}

/* Phase 4: "go infinite" answers only when told to stop. */
static void hold_until_stopped(const rb_engine *e, const rb_limits *limits)
{
    if (limits != NULL && limits->infinite && !e->aborted) {
        while (!atomic_load(&e->stop)) {
            rb_util_sleep_ms(1);
        }
    }
}

/* Phase 5: a weaker level picks among the near-best moves; from
 * the careful levels on, a second choice must survive a deeper look. */
static void choose_for_level(rb_engine *e, const rb_pos *root, rb_root_result *r)
{
    if (!e->root_exact || e->ndone == 0) {
        return;
    }
    rb_move chosen = rb_level_choose(e, 0);
    if (chosen != e->done_moves[0] && rb_level_spec_of(e->level).careful &&
        !choice_holds(e, root, chosen, r->done_depth, e->done_scores[0])) {
        chosen = e->done_moves[0];
    }
    r->best_move = chosen;
    if (chosen != r->pv[0]) {
        r->pv[0] = chosen;
        r->pvlen = 1;
    }
}

rb_move rb_engine_search(rb_engine *e, const rb_pos *root, const uint64_t *history, size_t nhistory,
                         const rb_limits *limits, rb_info_fn info, void *user, rb_search_info *final_info)
{
    RB_ASSERT(e != NULL && root != NULL);
    RB_ASSERT_MSG(history != NULL || nhistory == 0, "the keys of the positions before the root");
    pthread_once(&lmr_once, build_lmr);
    bool limited = has_limits(limits);
    int max_depth = begin_search(e, history, nhistory, limits, limited);
    e->tb_hits_start = e->tb ? rb_tb_hits(e->tb) : 0;
    collect_root_moves(e, root, limits);
    rb_time_plan(e, limited ? limits : NULL, root->side, e->nroot);

    rb_search_info report;
    memset(&report, 0, sizeof report);
    rb_root_result r = {.best_move = RB_MOVE_NONE};
    if (e->nroot == 0) {
        /* nothing to play: mated, stalemated or the throne already lost */
        int score = rb_pos_in_check(root) || rb_pos_throne_won(root) ? -RB_WIN : RB_DRAW;
        fill_info(e, &report, 0, score, NULL, 0);
    } else {
        r.best_move = e->root_moves[0];
        start_helpers(e, root, max_depth);
        if (e->multipv > 1) {
            deepen_lines(e, root, max_depth, limits, limited, info, user, &report, &r);
        } else {
            deepen(e, root, max_depth, limits, limited, info, user, &report, &r);
        }
        hold_until_stopped(e, limits);
        finish_helpers(e, &r);
        choose_for_level(e, root, &r);
        fill_info(e, &report, r.done_depth, r.best_score, r.pv, r.pvlen);
    }
    if (info != NULL) {
        info(&report, user);
    }
    if (final_info != NULL) {
        *final_info = report;
    }
    return r.best_move;
}
