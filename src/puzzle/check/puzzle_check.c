/*
 * puzzle_check.c - finding a puzzle in a position, and proving one again.
 *
 * Both work move by move: to judge a move, make it and search the answer
 * from a cleared table at a fixed depth. A root search alone would say
 * which move is best but not by how much the others fall short, and
 * "only one move wins" is a claim about every other move.
 *
 * Values are kept from the point of view of the side that just moved: a
 * forced win in n of its own moves (counting the move made), a forced loss
 * in n of the opponent's, or centipawns.
 */
#include <math.h>
#include <string.h>
#include <stdio.h>

#include "rb_notation.h"
#include "rb_puzzle_check.h"
#include "rb_util_error.h"

#define KIND_THEMES (RB_THEME_MATE | RB_THEME_THRONE | RB_THEME_MATERIAL)
#define PAWN_CP 110

typedef struct pval {
    int win; /* > 0 wins in this many own moves, < 0 loses in -win, 0 neither */
    int cp;  /* when win == 0 */
} pval;

/* A single order on values: faster wins first, slower losses before faster. */
static int pkey(pval v)
{
    if (v.win > 0) {
        return 100000 - v.win;
    }
    if (v.win < 0) {
        return -100000 - v.win;
    }
    return v.cp;
}

void rb_pcheck_defaults(rb_pcheck_cfg *cfg)
{
    cfg->depth = 6;
    cfg->nodes = 3000000;
    cfg->max_moves = 4;
    cfg->win_cp = 400;
    cfg->gain_cp = 300;
    cfg->alt_cp = 150;
    cfg->margin_cp = 300;
    cfg->equal_cp = 15;
    cfg->slack = 0;
}

/* Material of color minus the other's, with the engine's piece values. */
static int material(const rb_pos *pos, int color)
{
    int sum = 0;
    for (int t = RB_ROOK; t <= RB_PAWN; t++) {
        int v = t == RB_ROOK ? 500 : t == RB_BISHOP ? 330 : PAWN_CP;
        sum += v * (rb_popcount(pos->by_type[t] & pos->by_color[color]) -
                    rb_popcount(pos->by_type[t] & pos->by_color[color ^ 1]));
    }
    return sum;
}

typedef struct searcher {
    rb_engine *e;
    const rb_pcheck_cfg *cfg;
    uint64_t nodes;
    bool capped; /* some search hit the node cap: its answer is not to be trusted */
} searcher;

/* The value of move m of pos for the side making it. */
static pval value_after(searcher *s, const rb_pos *pos, rb_move m, int depth)
{
    rb_pos child;
    rb_pos_make(pos, m, &child);
    rb_status st = rb_pos_status(&child);
    if (st == RB_CHECKMATE || st == RB_THRONE) {
        return (pval){1, 0};
    }
    if (st == RB_STALEMATE) {
        return (pval){0, 0};
    }
    rb_engine_set_level(s->e, RB_LEVEL_MAX);
    rb_engine_new_game(s->e);
    rb_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.nodes = s->cfg->nodes;
    rb_search_info info;
    memset(&info, 0, sizeof info);
    rb_engine_search(s->e, &child, NULL, 0, &lim, NULL, NULL, &info);
    s->nodes += info.nodes;
    if (info.nodes >= s->cfg->nodes) {
        s->capped = true;
    }
    if (info.kind == RB_SCORE_LOSS) {
        return (pval){info.score + 1, 0};
    }
    if (info.kind == RB_SCORE_WIN) {
        return (pval){-info.score, 0};
    }
    return (pval){0, -info.score};
}

/* Values of every legal move of pos, in generator order. */
static int value_all(searcher *s, const rb_pos *pos, rb_movelist *list, pval *vals, int depth)
{
    rb_gen_legal(pos, list);
    for (int i = 0; i < list->count; i++) {
        vals[i] = value_after(s, pos, list->moves[i], depth);
    }
    return list->count;
}

/* Every reply to the move that ended at pos keeps at least this much of
 * the material won: the gain is held, not about to be taken back. */
static bool gain_held(const rb_pos *pos, int solver, int root_material, int gain)
{
    if (material(pos, solver) - root_material < gain) {
        return false;
    }
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int i = 0; i < list.count; i++) {
        rb_pos after;
        rb_pos_make(pos, list.moves[i], &after);
        if (material(&after, solver) - root_material < gain - PAWN_CP) {
            return false;
        }
    }
    return true;
}

/* ---- finding ---------------------------------------------------------- */

/* The root search's iterations, kept to see when it understood the win. */
typedef struct trace {
    int n;
    int win_cp;
    struct {
        int depth;
        rb_move move;
        rb_score_kind kind;
        int score;
        uint64_t nodes;
    } it[RB_MAX_PLY + 2];
} trace;

static void on_iteration(const rb_search_info *info, void *user)
{
    trace *t = user;
    if (info->pvlen == 0 || t->n == RB_MAX_PLY + 2) {
        return;
    }
    t->it[t->n].depth = info->depth;
    t->it[t->n].move = info->pv[0];
    t->it[t->n].kind = info->kind;
    t->it[t->n].score = info->score;
    t->it[t->n].nodes = info->nodes;
    t->n++;
}

/* A root search, as a player would think: is anything winning, and from
 * which depth did the search see it? */
static rb_move root_search(rb_engine *e, const rb_pos *pos, const rb_pcheck_cfg *cfg, trace *t, rb_search_info *info)
{
    t->n = 0;
    t->win_cp = cfg->win_cp - 100;
    rb_engine_set_level(e, RB_LEVEL_MAX);
    rb_engine_new_game(e);
    rb_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = cfg->depth + 1;
    lim.nodes = cfg->nodes;
    memset(info, 0, sizeof *info);
    return rb_engine_search(e, pos, NULL, 0, &lim, on_iteration, t, info);
}

/* The depth (and the nodes spent by then) from which every iteration of
 * the root search chose first and saw the win (the forced win itself for a
 * mate or throne): how deep one must look to understand the move, not just
 * to like it. */
static void find_stats(const trace *t, const rb_search_info *info, rb_move first, bool forced, const rb_pcheck_cfg *cfg,
                       rb_pcheck_stats *stats)
{
    stats->find_depth = cfg->depth + 2;
    stats->find_nodes = info->nodes;
    for (int i = t->n - 1; i >= 0 && t->it[i].move == first; i--) {
        bool sees = t->it[i].kind == RB_SCORE_WIN || (!forced && t->it[i].score >= t->win_cp);
        if (!sees) {
            break;
        }
        stats->find_depth = t->it[i].depth;
        stats->find_nodes = t->it[i].nodes;
    }
}

int rb_pcheck_rate(rb_engine *e, const rb_puzzle *p, const rb_pcheck_cfg *cfg, rb_pcheck_stats *stats)
{
    rb_engine_use_hand_set_eval(e);
    memset(stats, 0, sizeof *stats);
    trace t;
    rb_search_info info;
    root_search(e, &p->start, cfg, &t, &info);
    find_stats(&t, &info, p->line[0], !(p->themes & RB_THEME_MATERIAL), cfg, stats);
    stats->nodes = info.nodes;
    return rb_pcheck_rating(p, stats);
}

/* A first move that wins: a mate or throne within max_moves, or material. */
static bool first_wins(pval v, const rb_pcheck_cfg *cfg)
{
    return (v.win >= 1 && v.win <= cfg->max_moves) || (v.win == 0 && v.cp >= cfg->win_cp - cfg->slack);
}

/* Whether another first move o spoils the uniqueness of best: beside a
 * mate or throne, another forced win; beside a material win, a score that
 * is winning already or not clearly below. */
static bool other_wins(pval o, pval best, const rb_pcheck_cfg *cfg)
{
    if (o.win > 0) {
        return true;
    }
    if (o.win < 0 || best.win > 0) {
        return false; /* beside a forced win only another forced win counts */
    }
    if (o.cp > cfg->alt_cp + cfg->slack) {
        return true;
    }
    return best.win == 0 && o.cp > best.cp - cfg->margin_cp + cfg->slack;
}

static void add_alt(rb_puzzle *p, int ply, rb_move m)
{
    if (p->nalt[ply] < RB_PUZZLE_ALT_MAX) {
        p->alt[ply][p->nalt[ply]++] = m;
    }
}

/* The defender's best replies at pos: appends the first best to the line
 * and the equal ones as accepted. Returns the best value (defender's view). */
static pval defend(searcher *s, const rb_pos *pos, rb_puzzle *p, bool mate)
{
    rb_movelist list;
    pval vals[RB_MAX_MOVES];
    value_all(s, pos, &list, vals, s->cfg->depth);
    int best = 0;
    for (int i = 1; i < list.count; i++) {
        if (pkey(vals[i]) > pkey(vals[best])) {
            best = i;
        }
    }
    int ply = p->nline;
    p->line[p->nline++] = list.moves[best];
    for (int i = 0; i < list.count; i++) {
        bool equal = mate ? pkey(vals[i]) == pkey(vals[best])
                          : vals[i].win == 0 && pkey(vals[i]) >= pkey(vals[best]) - s->cfg->equal_cp;
        if (i != best && equal) {
            add_alt(p, ply, list.moves[i]);
        }
    }
    return vals[best];
}

static int find_mate_line(searcher *s, rb_pos cur, int remaining, rb_puzzle *p)
{
    while (remaining > 0) {
        if (p->nline + 2 > RB_PUZZLE_LINE_MAX) {
            return 0;
        }
        pval d = defend(s, &cur, p, true);
        if (d.win >= 0 || -d.win > remaining) {
            return 0; /* an escape, or a longer defence than the root saw */
        }
        remaining = -d.win;
        rb_pos_make(&cur, p->line[p->nline - 1], &cur);

        rb_movelist list;
        pval vals[RB_MAX_MOVES];
        value_all(s, &cur, &list, vals, s->cfg->depth);
        int pick = -1, count = 0;
        for (int i = 0; i < list.count; i++) {
            if (vals[i].win >= 1 && vals[i].win <= remaining) {
                count++;
                if (pick < 0 || vals[i].win < vals[pick].win) {
                    pick = i;
                }
            }
        }
        if (pick < 0 || (remaining > 1 && count > 1)) {
            return 0; /* no win found, or not the only one before the last move */
        }
        p->line[p->nline++] = list.moves[pick];
        remaining = vals[pick].win - 1;
        rb_pos_make(&cur, list.moves[pick], &cur);
    }
    rb_status st = rb_pos_status(&cur);
    p->themes = st == RB_CHECKMATE ? RB_THEME_MATE : st == RB_THRONE ? RB_THEME_THRONE : 0;
    return p->themes != 0;
}

static int find_material_line(searcher *s, rb_pos cur, int solver, int root_material, rb_puzzle *p)
{
    const rb_pcheck_cfg *cfg = s->cfg;
    for (int moves = 1;; moves++) {
        if (gain_held(&cur, solver, root_material, cfg->gain_cp)) {
            p->themes = RB_THEME_MATERIAL;
            return 1;
        }
        if (moves == cfg->max_moves) {
            return 0;
        }
        pval d = defend(s, &cur, p, false);
        if (d.win != 0 || -d.cp < cfg->win_cp) {
            return 0;
        }
        rb_pos_make(&cur, p->line[p->nline - 1], &cur);

        rb_movelist list;
        pval vals[RB_MAX_MOVES];
        value_all(s, &cur, &list, vals, cfg->depth);
        int best = 0;
        for (int i = 1; i < list.count; i++) {
            if (pkey(vals[i]) > pkey(vals[best])) {
                best = i;
            }
        }
        if (list.count == 0 || vals[best].win != 0 || vals[best].cp < cfg->win_cp) {
            return 0;
        }
        for (int i = 0; i < list.count; i++) {
            if (i != best && vals[i].cp > vals[best].cp - cfg->margin_cp) {
                return 0;
            }
        }
        p->line[p->nline++] = list.moves[best];
        rb_pos_make(&cur, list.moves[best], &cur);
    }
}

int rb_pcheck_find(rb_engine *e, const rb_pos *pos, const rb_pcheck_cfg *cfg, rb_puzzle *p, rb_pcheck_stats *stats)
{
    rb_engine_use_hand_set_eval(e);
    memset(stats, 0, sizeof *stats);
    if (rb_pos_status(pos) != RB_ONGOING) {
        return 0;
    }
    searcher s = {e, cfg, 0, false};
    trace t;
    rb_search_info info;
    rb_move root_best = root_search(e, pos, cfg, &t, &info);
    s.nodes += info.nodes;
    if (root_best == RB_MOVE_NONE || info.nodes >= cfg->nodes) {
        return 0;
    }
    bool root_wins = (info.kind == RB_SCORE_WIN && info.score <= cfg->max_moves) ||
                     (info.kind == RB_SCORE_CP && info.score >= cfg->win_cp - 100);
    stats->forced_win = info.kind == RB_SCORE_WIN;
    if (!root_wins) {
        stats->nodes = s.nodes;
        return 0;
    }
    stats->stage = RB_PCHECK_NOT_CONFIRMED;

    /* The move itself, then every other: shallow first, as most positions
     * fail there and a shallow search is cheap. */
    pval best = value_after(&s, pos, root_best, cfg->depth);
    if (!first_wins(best, cfg)) {
        stats->nodes = s.nodes;
        return 0;
    }
    stats->stage = RB_PCHECK_NOT_UNIQUE;
    rb_movelist list;
    rb_gen_legal(pos, &list);
    for (int pass = 0; pass < 2; pass++) {
        int depth = pass == 0 ? (cfg->depth > 3 ? cfg->depth - 2 : 1) : cfg->depth;
        for (int i = 0; i < list.count; i++) {
            if (list.moves[i] == root_best) {
                continue;
            }
            pval o = value_after(&s, pos, list.moves[i], depth);
            if (other_wins(o, best, cfg)) {
                stats->nodes = s.nodes;
                return 0;
            }
        }
    }

    stats->stage = RB_PCHECK_NO_LINE;
    memset(p, 0, sizeof *p);
    p->start = *pos;
    p->line[p->nline++] = root_best;
    rb_pos cur;
    rb_pos_make(pos, root_best, &cur);
    int ok = best.win > 0 ? find_mate_line(&s, cur, best.win - 1, p)
                          : find_material_line(&s, cur, pos->side, material(pos, pos->side), p);
    stats->nodes = s.nodes;
    if (!ok || s.capped) {
        return 0;
    }
    rb_path path;
    rb_move_path(root_best, &path);
    if (path.rebound >= 0) {
        p->themes |= RB_THEME_REBOUND;
    }
    stats->stage = RB_PCHECK_FOUND;
    find_stats(&t, &info, root_best, best.win > 0, cfg, stats);
    p->rating = rb_pcheck_rating(p, stats);
    return 1;
}

int rb_pcheck_rating(const rb_puzzle *p, const rb_pcheck_stats *stats)
{
    /* Longer lines, and first moves the search had to look deeper and
     * longer at before it saw the win, are harder for people too; a
     * rebound is easy to miss. A hanging piece or a mate in one seen at
     * depth one rates about 400, a mate in four seen only at depth eight
     * about 2000. */
    int solver_moves = (p->nline + 1) / 2;
    double r = 400.0 + 150.0 * (solver_moves - 1) + 110.0 * (stats->find_depth - 1) +
               45.0 * log2(1.0 + (double)stats->find_nodes / 100.0);
    if (p->themes & RB_THEME_REBOUND) {
        r += 80.0;
    }
    int rating = (int)lround(r / 10.0) * 10;
    if (rating < RB_PUZZLE_RATING_MIN) {
        rating = RB_PUZZLE_RATING_MIN;
    }
    if (rating > RB_PUZZLE_RATING_MAX) {
        rating = RB_PUZZLE_RATING_MAX;
    }
    return rating;
}

/* ---- proving again ---------------------------------------------------- */

static int verify_solver_move(searcher *s, const rb_pos *cur, const rb_puzzle *p, int ply, char *err, size_t errlen)
{
    const rb_pcheck_cfg *cfg = s->cfg;
    unsigned kind = p->themes & KIND_THEMES;
    int remaining = (p->nline - ply + 1) / 2;
    rb_move want = p->line[ply];
    bool last = ply == p->nline - 1;
    rb_movelist list;
    pval vals[RB_MAX_MOVES];
    value_all(s, cur, &list, vals, cfg->depth);
    int at = -1;
    for (int i = 0; i < list.count; i++) {
        if (list.moves[i] == want) {
            at = i;
        }
    }
    if (at < 0) {
        return rb_util_fail(err, errlen, "move %d is not legal", ply + 1);
    }
    pval v = vals[at];
    if (kind != RB_THEME_MATERIAL) {
        if (v.win < 1 || v.win > remaining) {
            return rb_util_fail(err, errlen, "move %d does not win within %d moves", ply + 1, remaining);
        }
    } else if (v.win <= 0 && v.cp < cfg->win_cp - cfg->slack) {
        return rb_util_fail(err, errlen, "move %d scores only %d", ply + 1, v.cp);
    }
    for (int i = 0; i < list.count; i++) {
        if (i == at) {
            continue;
        }
        char mv[RB_MOVE_TEXT_MAX];
        rb_move_to_coord(list.moves[i], mv);
        if (ply == 0 && other_wins(vals[i], v, cfg)) {
            return rb_util_fail(err, errlen, "another first move wins too: %s", mv);
        }
        if (ply > 0 && kind != RB_THEME_MATERIAL && !last && vals[i].win >= 1 && vals[i].win <= remaining) {
            return rb_util_fail(err, errlen, "move %d is not the only win: %s wins too", ply + 1, mv);
        }
        if (ply > 0 && kind == RB_THEME_MATERIAL && v.win == 0 &&
            (vals[i].win > 0 || vals[i].cp > v.cp - cfg->margin_cp + cfg->slack)) {
            return rb_util_fail(err, errlen, "move %d is not the only good move: %s is close", ply + 1, mv);
        }
    }
    return 0;
}

static int verify_reply(searcher *s, const rb_pos *cur, const rb_puzzle *p, int ply, char *err, size_t errlen)
{
    const rb_pcheck_cfg *cfg = s->cfg;
    bool mate = (p->themes & KIND_THEMES) != RB_THEME_MATERIAL;
    int remaining = (p->nline - ply) / 2;
    rb_movelist list;
    pval vals[RB_MAX_MOVES];
    value_all(s, cur, &list, vals, cfg->depth);
    int best = 0;
    for (int i = 1; i < list.count; i++) {
        if (pkey(vals[i]) > pkey(vals[best])) {
            best = i;
        }
    }
    if (list.count == 0) {
        return rb_util_fail(err, errlen, "the defender has no move at move %d", ply + 1);
    }
    if (mate && (vals[best].win >= 0 || -vals[best].win > remaining)) {
        return rb_util_fail(err, errlen, "the defender escapes at move %d", ply + 1);
    }
    if (!mate && vals[best].win == 0 && -vals[best].cp < cfg->win_cp - cfg->slack) {
        return rb_util_fail(err, errlen, "the defender holds at move %d (%d)", ply + 1, -vals[best].cp);
    }
    if (vals[best].win > 0) {
        return rb_util_fail(err, errlen, "the defender wins at move %d", ply + 1);
    }
    /* the line's reply and every accepted one must be among the best */
    int tolerance = mate ? 0 : cfg->equal_cp + cfg->slack;
    for (int k = -1; k < p->nalt[ply]; k++) {
        rb_move m = k < 0 ? p->line[ply] : p->alt[ply][k];
        for (int i = 0; i < list.count; i++) {
            if (list.moves[i] == m && pkey(vals[i]) < pkey(vals[best]) - tolerance) {
                char mv[RB_MOVE_TEXT_MAX];
                rb_move_to_coord(m, mv);
                return rb_util_fail(err, errlen, "reply %s at move %d is not a best defence", mv, ply + 1);
            }
        }
    }
    return 0;
}

int rb_pcheck_verify(rb_engine *e, const rb_puzzle *p, const rb_pcheck_cfg *cfg, char *err, size_t errlen)
{
    rb_engine_use_hand_set_eval(e);
    searcher s = {e, cfg, 0, false};
    unsigned kind = p->themes & KIND_THEMES;
    if (p->nline < 1 || p->nline % 2 == 0 || (p->nline + 1) / 2 > cfg->max_moves) {
        return rb_util_fail(err, errlen, "a line of %d moves", p->nline);
    }
    rb_pos cur = p->start;
    for (int ply = 0; ply < p->nline; ply++) {
        int rc = ply % 2 == 0 ? verify_solver_move(&s, &cur, p, ply, err, errlen)
                              : verify_reply(&s, &cur, p, ply, err, errlen);
        if (rc != 0) {
            return rc;
        }
        rb_pos_make(&cur, p->line[ply], &cur);
    }
    rb_status st = rb_pos_status(&cur);
    if (kind == RB_THEME_MATE && st != RB_CHECKMATE) {
        return rb_util_fail(err, errlen, "the line does not end in checkmate");
    }
    if (kind == RB_THEME_THRONE && st != RB_THRONE) {
        return rb_util_fail(err, errlen, "the line does not end on the throne");
    }
    if (kind == RB_THEME_MATERIAL &&
        !gain_held(&cur, p->start.side, material(&p->start, p->start.side), cfg->gain_cp - cfg->slack)) {
        return rb_util_fail(err, errlen, "the material won is not held at the end");
    }
    rb_path path;
    rb_move_path(p->line[0], &path);
    if (((p->themes & RB_THEME_REBOUND) != 0) != (path.rebound >= 0)) {
        return rb_util_fail(err, errlen, "the rebound theme does not match the first move");
    }
    if (s.capped) {
        return rb_util_fail(err, errlen, "a search hit the node cap");
    }
    return 0;
}
