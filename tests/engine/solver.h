/*
 * solver.h - a plain brute-force solver for short forced wins, used to
 * prove the tactics suite's answers without trusting the engine.
 *
 * wins_within(pos, n) asks: can the side to move force checkmate or a
 * throne win within n of its own moves, whatever the opponent does? It is
 * a full-width AND/OR search over the rules library's legal moves with no
 * evaluation, no pruning beyond the logical ones and a small cache of
 * solved positions. Repetition cannot end a game within the few moves
 * these puzzles span (threefold needs eight plies of shuffling before the
 * win), so it is ignored.
 */
#ifndef RB_TEST_SOLVER_H
#define RB_TEST_SOLVER_H

#include <stdlib.h>
#include <string.h>

#include "rb_board.h"

enum { SOLVE_ANY = 0, SOLVE_MATE_ONLY = 1, SOLVE_THRONE_ONLY = 2 };

#define SOLVER_CACHE (1u << 18)

typedef struct solver {
    int only; /* SOLVE_* */
    uint64_t keys[SOLVER_CACHE];
    uint8_t results[SOLVER_CACHE]; /* bit n-1: known win in n; bit n+3: known no win in n */
} solver;

static inline solver *solver_new(int only)
{
    solver *s = calloc(1, sizeof *s);
    if (s != NULL) {
        s->only = only;
    }
    return s;
}

/* After the move the opponent is to move in child: did the move just win? */
static inline bool solver_move_won(const solver *s, const rb_pos *child, bool *child_over)
{
    rb_status st = rb_pos_status(child);
    *child_over = st != RB_ONGOING;
    if (st == RB_CHECKMATE) {
        return s->only != SOLVE_THRONE_ONLY;
    }
    if (st == RB_THRONE) {
        return s->only != SOLVE_MATE_ONLY;
    }
    return false;
}

static bool solver_wins_within(solver *s, const rb_pos *pos, int n);

/* Does every reply in child (opponent to move) leave us a win within n? */
static inline bool solver_all_replies_lose(solver *s, const rb_pos *child, int n)
{
    rb_movelist replies;
    rb_gen_legal(child, &replies);
    for (int j = 0; j < replies.count; j++) {
        rb_pos after;
        rb_pos_make(child, replies.moves[j], &after);
        if (!solver_wins_within(s, &after, n)) {
            return false;
        }
    }
    return replies.count > 0;
}

static bool solver_wins_within(solver *s, const rb_pos *pos, int n)
{
    if (n <= 0 || rb_pos_status(pos) != RB_ONGOING) {
        return false;
    }
    uint32_t slot = (uint32_t)(pos->key & (SOLVER_CACHE - 1));
    if (s->keys[slot] == pos->key) {
        uint8_t r = s->results[slot];
        for (int k = 1; k <= n && k <= 4; k++) {
            if (r & (1u << (k - 1))) {
                return true;
            }
        }
        if (n <= 4 && (r & (1u << (n + 3)))) {
            return false;
        }
    }
    rb_movelist list;
    rb_gen_legal(pos, &list);
    bool win = false;
    /* Finishing moves first: they need no look further. */
    for (int i = 0; i < list.count && !win; i++) {
        rb_pos child;
        bool over;
        rb_pos_make(pos, list.moves[i], &child);
        win = solver_move_won(s, &child, &over);
    }
    for (int i = 0; i < list.count && !win && n > 1; i++) {
        rb_pos child;
        bool over;
        rb_pos_make(pos, list.moves[i], &child);
        if (!solver_move_won(s, &child, &over) && !over) {
            win = solver_all_replies_lose(s, &child, n - 1);
        }
    }
    if (n <= 4) {
        if (s->keys[slot] != pos->key) {
            s->keys[slot] = pos->key;
            s->results[slot] = 0;
        }
        s->results[slot] |= (uint8_t)(win ? 1u << (n - 1) : 1u << (n + 3));
    }
    return win;
}

/* How many moves of pos win within n; *first receives one of them. */
static inline int solver_count_winning(solver *s, const rb_pos *pos, int n, rb_move *first)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    int count = 0;
    for (int i = 0; i < list.count; i++) {
        rb_pos child;
        bool over;
        rb_pos_make(pos, list.moves[i], &child);
        bool win = solver_move_won(s, &child, &over);
        if (!win && !over && n > 1) {
            win = solver_all_replies_lose(s, &child, n - 1);
        }
        if (win) {
            if (count == 0 && first != NULL) {
                *first = list.moves[i];
            }
            count++;
        }
    }
    return count;
}

/* How many moves of pos avoid letting the opponent force a win within n;
 * *first receives one of them. */
static inline int solver_count_holding(solver *s, const rb_pos *pos, int n, rb_move *first)
{
    rb_movelist list;
    rb_gen_legal(pos, &list);
    int count = 0;
    for (int i = 0; i < list.count; i++) {
        rb_pos child;
        rb_pos_make(pos, list.moves[i], &child);
        if (!solver_wins_within(s, &child, n)) {
            if (count == 0 && first != NULL) {
                *first = list.moves[i];
            }
            count++;
        }
    }
    return count;
}

#endif
