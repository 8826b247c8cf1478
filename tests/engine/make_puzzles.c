/*
 * make_puzzles.c - finds candidate positions for the tactics suite.
 *
 * Plays games between weaker engine levels, and checks the last positions
 * of each decisive game with the brute-force solver: a position where
 * exactly one move forces a win within n moves (and none within fewer) is a
 * "win in n"; one where exactly one move avoids a forced loss within n is a
 * "defence in n". Prints candidates as C initialisers; the suite keeps a
 * selection of them and proves each answer again when it runs.
 *
 *   make_puzzles <games> <seed>
 */
#include <stdio.h>
#include <stdlib.h>

#include "rb_engine.h"
#include "rb_notation.h"
#include "solver.h"

#define MAX_PLIES 200
#define LOOK_BACK 9

static void print_candidate(const rb_pos *pos, rb_move m, const char *kind, int n)
{
    char fen[RB_POS_TEXT_MAX], mv[RB_MOVE_TEXT_MAX];
    rb_pos_format(pos, fen, sizeof fen);
    rb_move_to_coord(m, mv);
    printf("    {\"%s\", \"%s\", %d, \"%s\"},\n", fen, mv, n, kind);
    fflush(stdout);
}

static void examine(solver *any, solver *mate, solver *throne, const rb_pos *pos)
{
    rb_move m = RB_MOVE_NONE;
    for (int n = 1; n <= 4; n++) {
        int c = solver_count_winning(any, pos, n, &m);
        if (c == 1) {
            rb_move m2 = RB_MOVE_NONE;
            const char *kind = solver_count_winning(mate, pos, n, &m2) == 1 && m2 == m     ? "mate"
                               : solver_count_winning(throne, pos, n, &m2) == 1 && m2 == m ? "throne"
                                                                                           : "mixed";
            print_candidate(pos, m, kind, n);
            return;
        }
        if (c > 1) {
            return;
        }
    }
    rb_movelist list;
    if (rb_gen_legal(pos, &list) < 3) {
        return;
    }
    for (int n = 1; n <= 3; n++) {
        int c = solver_count_holding(any, pos, n, &m);
        if (c == 1) {
            print_candidate(pos, m, "defence", n);
            return;
        }
        if (c == 0) {
            return;
        }
    }
}

int main(int argc, char **argv)
{
    int games = argc > 1 ? atoi(argv[1]) : 20;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    rb_engine *e = rb_engine_new(8);
    solver *any = solver_new(SOLVE_ANY), *mate = solver_new(SOLVE_MATE_ONLY), *throne = solver_new(SOLVE_THRONE_ONLY);
    if (e == NULL || any == NULL || mate == NULL || throne == NULL) {
        return 1;
    }
    for (int g = 0; g < games; g++) {
        rb_pos line[MAX_PLIES + 1];
        uint64_t keys[MAX_PLIES + 1];
        rb_pos_start(&line[0]);
        rb_engine_new_game(e);
        rb_engine_set_seed(e, seed * 1000 + (uint64_t)g);
        int n = 0;
        while (n < MAX_PLIES && rb_pos_status(&line[n]) == RB_ONGOING) {
            rb_engine_set_level(e, 2 + (int)((seed + (uint64_t)g + (uint64_t)n) % 5));
            rb_limits lim = {0};
            lim.nodes = 20000;
            keys[n] = line[n].key;
            rb_move m = rb_engine_search(e, &line[n], keys, (size_t)n, &lim, NULL, NULL, NULL);
            rb_pos_make(&line[n], m, &line[n + 1]);
            n++;
        }
        rb_status st = rb_pos_status(&line[n]);
        if (st != RB_CHECKMATE && st != RB_THRONE) {
            continue;
        }
        for (int i = n - 1; i >= 0 && i >= n - LOOK_BACK; i--) {
            examine(any, mate, throne, &line[i]);
        }
    }
    return 0;
}
