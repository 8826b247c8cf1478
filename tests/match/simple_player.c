/*
 * simple_player.c - rb_simple_player: a deliberately simple, independent
 * opponent for measuring the engine through the match tool.
 *
 * It shares nothing with the engine: only the rules library's public API
 * (positions, legal moves, status) and its own few ideas. Plain alpha-beta
 * (negamax) to a fixed depth, 6 plies unless told otherwise, deepening one
 * ply at a time so a time limit can cut it short, plus a captures-only
 * quiescence so it does not blunder pieces at the horizon. Moves are
 * ordered by captures only (most valuable victim first). The evaluation is
 * material, each pawn's distance to promotion along its route and the
 * king's distance to the enemy throne along the clockwise route; both
 * distances are breadth-first searches over the board's geometry, made
 * once at start-up. No transposition table, no other pruning: an engine
 * that cannot beat this clearly has a real weakness.
 *
 * It speaks the subset of the Rollerball protocol the match tool uses:
 * uci, isready, ucinewgame, setoption (Depth), position startpos [moves
 * ...], go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS
 * binc MS], stop (the search is synchronous, so stop has nothing to end)
 * and quit. Usage: rb_simple_player [--depth N]
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_core.h"
#include "rb_util_clock.h"

#define MAX_DEPTH 32
#define MATE 100000
#define INF (MATE + 1000)
#define HISTORY_MAX 4096

static const int piece_value[] = {[RB_KING] = 0, [RB_ROOK] = 500, [RB_BISHOP] = 330, [RB_PAWN] = 100};
enum { PAWN_STEP = 8, KING_STEP = 5, FAR = 20 };

/* ---- distances ------------------------------------------------------------ */

/* pawn_dist[c][sq]: steps for a c pawn on sq to reach a promotion square.
 * king_dist[c][flag][sq]: king steps for c's king on sq with its out flag
 * to reach the enemy throne with the flag set. */
static int pawn_dist[2][RB_NSQ];
static int king_dist[2][2][RB_NSQ];

static const int dir_dx[4] = {0, 1, 0, -1}; /* RB_DIR_NORTH, EAST, SOUTH, WEST */
static const int dir_dy[4] = {1, 0, -1, 0};

static int pawn_steps(int sq, int *to)
{
    int d = rb_sq_forward(sq), dx = dir_dx[d], dy = dir_dy[d];
    int f = rb_sq_file(sq), r = rb_sq_rank(sq), n = 0;
    /* straight, then forward plus either sideways step */
    int cand[3] = {rb_sq_at(f + dx, r + dy), rb_sq_at(f + dx + dy, r + dy - dx), rb_sq_at(f + dx - dy, r + dy + dx)};
    for (int i = 0; i < 3; i++) {
        if (cand[i] >= 0) {
            to[n++] = cand[i];
        }
    }
    return n;
}

static void make_pawn_distances(int color)
{
    rb_bb goal = rb_promotion_squares(color);
    /* Relax until nothing changes: 40 squares, a few passes. */
    for (int sq = 0; sq < RB_NSQ; sq++) {
        pawn_dist[color][sq] = (goal >> sq) & 1 ? 0 : FAR;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int sq = 0; sq < RB_NSQ; sq++) {
            int to[3], n = pawn_steps(sq, to);
            for (int i = 0; i < n; i++) {
                if (pawn_dist[color][to[i]] + 1 < pawn_dist[color][sq]) {
                    pawn_dist[color][sq] = pawn_dist[color][to[i]] + 1;
                    changed = true;
                }
            }
        }
    }
}

static int king_flag_after(int color, int flag, int from, int to)
{
    rb_bb behind = rb_start_line_behind(color), ahead = rb_start_line_ahead(color);
    if (!flag && ((behind >> from) & 1) && ((ahead >> to) & 1)) {
        return 1;
    }
    if (flag && ((ahead >> from) & 1) && ((behind >> to) & 1)) {
        return 0;
    }
    return flag;
}

static void make_king_distances(int color)
{
    int throne = rb_throne(color);
    for (int flag = 0; flag < 2; flag++) {
        for (int sq = 0; sq < RB_NSQ; sq++) {
            king_dist[color][flag][sq] = flag && sq == throne ? 0 : FAR;
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int flag = 0; flag < 2; flag++) {
            for (int sq = 0; sq < RB_NSQ; sq++) {
                for (int dx = -1; dx <= 1; dx++) {
                    for (int dy = -1; dy <= 1; dy++) {
                        int to = rb_sq_at(rb_sq_file(sq) + dx, rb_sq_rank(sq) + dy);
                        if ((dx == 0 && dy == 0) || to < 0) {
                            continue;
                        }
                        int d = king_dist[color][king_flag_after(color, flag, sq, to)][to] + 1;
                        if (d < king_dist[color][flag][sq]) {
                            king_dist[color][flag][sq] = d;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
}

/* ---- evaluation and search ------------------------------------------------ */

/* From the side to move's point of view. */
static int evaluate(const rb_pos *pos)
{
    int score[2] = {0, 0};
    for (int sq = 0; sq < RB_NSQ; sq++) {
        rb_piece p = pos->board[sq];
        if (p == RB_EMPTY) {
            continue;
        }
        int c = RB_COLOR(p), t = RB_TYPE(p);
        score[c] += piece_value[t];
        if (t == RB_PAWN) {
            score[c] -= PAWN_STEP * pawn_dist[c][sq];
        } else if (t == RB_KING) {
            score[c] -= KING_STEP * king_dist[c][(pos->out & rb_out_flag(c)) != 0][sq];
        }
    }
    return score[pos->side] - score[!pos->side];
}

typedef struct search {
    int64_t deadline_ms; /* 0: none */
    uint64_t max_nodes;  /* 0: none */
    uint64_t nodes;
    bool aborted;
    uint64_t keys[HISTORY_MAX]; /* the game's positions, then the search path */
    int nkeys;
} search;

static bool out_of_budget(search *s)
{
    if (s->aborted) {
        return true;
    }
    if ((s->max_nodes > 0 && s->nodes >= s->max_nodes) ||
        (s->deadline_ms > 0 && (s->nodes & 1023) == 0 && rb_util_now_ms() >= s->deadline_ms)) {
        s->aborted = true;
    }
    return s->aborted;
}

/* Captures (and promotions) first, biggest victim first, cheapest attacker
 * first among those; first, if given, before everything. */
static void order_moves(const rb_pos *pos, rb_movelist *list, rb_move first)
{
    int key[RB_MAX_MOVES];
    for (int i = 0; i < list->count; i++) {
        rb_move m = list->moves[i];
        rb_piece victim = pos->board[RB_MOVE_TO(m)];
        key[i] = m == first           ? INT_MAX
                 : victim != RB_EMPTY ? 10 * piece_value[RB_TYPE(victim)] - RB_MOVE_PIECE(m) + 1000
                 : RB_MOVE_PROMO(m)   ? 500
                                      : 0;
    }
    for (int i = 1; i < list->count; i++) { /* insertion sort, descending */
        rb_move m = list->moves[i];
        int k = key[i], j = i;
        for (; j > 0 && key[j - 1] < k; j--) {
            list->moves[j] = list->moves[j - 1];
            key[j] = key[j - 1];
        }
        list->moves[j] = m;
        key[j] = k;
    }
}

static bool repeated(const search *s, const rb_pos *pos)
{
    /* Only positions since the last capture or pawn move can recur. */
    int oldest = s->nkeys - (int)pos->quiet;
    for (int i = s->nkeys - 2; i >= 0 && i >= oldest; i -= 2) {
        if (s->keys[i] == pos->key) {
            return true;
        }
    }
    return false;
}

static int quiesce(search *s, const rb_pos *pos, int alpha, int beta)
{
    s->nodes++;
    if (rb_pos_throne_won(pos)) {
        return -MATE;
    }
    int stand = evaluate(pos);
    if (stand >= beta) {
        return stand;
    }
    alpha = stand > alpha ? stand : alpha;
    rb_movelist list;
    rb_gen_legal(pos, &list);
    order_moves(pos, &list, RB_MOVE_NONE);
    for (int i = 0; i < list.count && !out_of_budget(s); i++) {
        rb_move m = list.moves[i];
        if (pos->board[RB_MOVE_TO(m)] == RB_EMPTY && !rb_move_wins_throne(pos, m)) {
            break; /* the captures come first */
        }
        rb_pos next;
        rb_pos_make(pos, m, &next);
        int v = -quiesce(s, &next, -beta, -alpha);
        if (v >= beta) {
            return v;
        }
        alpha = v > alpha ? v : alpha;
    }
    return alpha;
}

/* Negamax alpha-beta; *best receives the best move at this node. */
static int alphabeta(search *s, const rb_pos *pos, int depth, int ply, int alpha, int beta, rb_move first,
                     rb_move *best)
{
    s->nodes++;
    if (rb_pos_throne_won(pos)) {
        return -MATE + ply;
    }
    if (ply > 0 && repeated(s, pos)) {
        return 0;
    }
    rb_movelist list;
    rb_gen_legal(pos, &list);
    if (list.count == 0) {
        return rb_pos_in_check(pos) ? -MATE + ply : 0;
    }
    if (depth <= 0) {
        return quiesce(s, pos, alpha, beta);
    }
    order_moves(pos, &list, first);
    int best_score = -INF;
    for (int i = 0; i < list.count && !out_of_budget(s); i++) {
        rb_pos next;
        rb_pos_make(pos, list.moves[i], &next);
        s->keys[s->nkeys++] = pos->key;
        rb_move reply;
        int v = -alphabeta(s, &next, depth - 1, ply + 1, -beta, -alpha, RB_MOVE_NONE, &reply);
        s->nkeys--;
        if (v > best_score) {
            best_score = v;
            *best = list.moves[i];
        }
        if (v > alpha) {
            alpha = v;
        }
        if (alpha >= beta) {
            break;
        }
    }
    return best_score;
}

/* Deepens from 1 to depth; the last completed iteration's move counts. */
static rb_move think(search *s, const rb_pos *pos, int depth)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    rb_move best = list.count > 0 ? list.moves[0] : RB_MOVE_NONE;
    for (int d = 1; d <= depth && list.count > 1; d++) {
        rb_move move = RB_MOVE_NONE;
        int score = alphabeta(s, pos, d, 0, -INF, INF, best, &move);
        if (s->aborted) {
            break;
        }
        best = move;
        printf("info depth %d score cp %d nodes %llu\n", d, score, (unsigned long long)s->nodes);
        if (score >= MATE - MAX_DEPTH) {
            break; /* a forced win: play it */
        }
    }
    return best;
}

/* ---- protocol ------------------------------------------------------------- */

typedef struct player {
    rb_pos pos;
    int depth;
    uint64_t keys[HISTORY_MAX]; /* positions before pos */
    int nkeys;
} player;

static void set_position(player *p, char *args)
{
    char *save = NULL;
    char *w = strtok_r(args, " \t", &save);
    if (w == NULL || strcmp(w, "startpos") != 0) {
        printf("info string error: only 'position startpos [moves ...]' is understood\n");
        return;
    }
    rb_pos_start(&p->pos);
    p->nkeys = 0;
    w = strtok_r(NULL, " \t", &save);
    if (w == NULL || strcmp(w, "moves") != 0) {
        return;
    }
    while ((w = strtok_r(NULL, " \t", &save)) != NULL) {
        rb_move m;
        char err[160];
        if (rb_move_parse_coord(&p->pos, w, &m, err, sizeof err) != 0) {
            printf("info string error: move '%s': %s\n", w, err);
            return;
        }
        if (p->nkeys < HISTORY_MAX - MAX_DEPTH - 1) { /* room for the search path */
            p->keys[p->nkeys++] = p->pos.key;
        }
        rb_pos next;
        rb_pos_make(&p->pos, m, &next);
        p->pos = next;
    }
}

static int64_t number_after(char **save)
{
    char *w = strtok_r(NULL, " \t", save);
    return w != NULL ? strtoll(w, NULL, 10) : 0;
}

static void go(player *p, char *args)
{
    static search s; /* large: the key list */
    memset(&s, 0, sizeof s);
    int depth = p->depth;
    int64_t movetime = 0, clock[2] = {0, 0}, inc[2] = {0, 0};
    char *save = NULL;
    for (char *w = strtok_r(args, " \t", &save); w != NULL; w = strtok_r(NULL, " \t", &save)) {
        if (strcmp(w, "depth") == 0) {
            int64_t d = number_after(&save);
            depth = d < 1 ? 1 : d > MAX_DEPTH ? MAX_DEPTH : (int)d;
        } else if (strcmp(w, "nodes") == 0) {
            s.max_nodes = (uint64_t)number_after(&save);
        } else if (strcmp(w, "movetime") == 0) {
            movetime = number_after(&save);
        } else if (strcmp(w, "wtime") == 0 || strcmp(w, "btime") == 0) {
            clock[w[0] == 'b'] = number_after(&save);
        } else if (strcmp(w, "winc") == 0 || strcmp(w, "binc") == 0) {
            inc[w[0] == 'b'] = number_after(&save);
        }
    }
    int64_t budget = movetime > 0 ? movetime * 9 / 10 : 0;
    if (budget == 0 && clock[p->pos.side] > 0) {
        budget = clock[p->pos.side] / 30 + inc[p->pos.side] / 2;
    }
    s.deadline_ms = budget > 0 ? rb_util_now_ms() + (budget > 1 ? budget : 1) : 0;
    memcpy(s.keys, p->keys, (size_t)p->nkeys * sizeof *s.keys);
    s.nkeys = p->nkeys;
    rb_move best = think(&s, &p->pos, depth);
    char text[RB_MOVE_TEXT_MAX];
    if (best == RB_MOVE_NONE) {
        printf("bestmove 0000\n");
    } else {
        rb_move_to_coord(best, text);
        printf("bestmove %s\n", text);
    }
}

int main(int argc, char **argv)
{
    static player p;
    p.depth = 6;
    if (argc == 3 && strcmp(argv[1], "--depth") == 0 && atoi(argv[2]) >= 1 && atoi(argv[2]) <= MAX_DEPTH) {
        p.depth = atoi(argv[2]);
    } else if (argc != 1) {
        fprintf(stderr, "usage: rb_simple_player [--depth 1..%d]\n", MAX_DEPTH);
        return 2;
    }
    for (int c = 0; c < 2; c++) {
        make_pawn_distances(c);
        make_king_distances(c);
    }
    rb_pos_start(&p.pos);
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) != -1) {
        line[strcspn(line, "\r\n")] = '\0';
        char *save = NULL;
        char *cmd = strtok_r(line, " \t", &save);
        char *rest = save != NULL ? save : "";
        if (cmd == NULL || strcmp(cmd, "stop") == 0 || strcmp(cmd, "ucinewgame") == 0) {
            /* nothing to do: searches finish before the next line is read */
        } else if (strcmp(cmd, "uci") == 0) {
            printf("id name Simple alpha-beta\nid author The Rollerball authors\n"
                   "option name Depth type spin default 6 min 1 max %d\nuciok\n",
                   MAX_DEPTH);
        } else if (strcmp(cmd, "isready") == 0) {
            printf("readyok\n");
        } else if (strcmp(cmd, "setoption") == 0) {
            /* setoption name Depth value N */
            char *name = strstr(rest, "Depth");
            char *value = strstr(rest, "value");
            if (name != NULL && value != NULL && atoi(value + 5) >= 1 && atoi(value + 5) <= MAX_DEPTH) {
                p.depth = atoi(value + 5);
            } else {
                printf("info string error: only 'setoption name Depth value 1..%d' is understood\n", MAX_DEPTH);
            }
        } else if (strcmp(cmd, "position") == 0) {
            set_position(&p, rest);
        } else if (strcmp(cmd, "go") == 0) {
            go(&p, rest);
        } else if (strcmp(cmd, "quit") == 0) {
            break;
        } else {
            printf("info string error: unknown command '%s'\n", cmd);
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
