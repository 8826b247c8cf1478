/*
 * bench.c - a fixed workload for speed and for fingerprinting the search.
 *
 * The positions come from engine games and cover the opening, middle game
 * races for the throne, pawn races and sparse endings. Besides the nodes it
 * reports speed; the lab tool's bench also prints the processor time, which
 * a busy machine disturbs less than the wall clock. Each is searched
 * from a cleared table, so the node total depends on nothing but the code.
 */
#include <stdio.h>

#include "engine.h"
#include "rb_util_clock.h"

static const char *const bench_positions[] = {
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", "2rbp2/2rk2p/2xxx2/2xxx2/2xxx2/1PPKR2/3BR2 w - 0 2",
    "4R2/3k1p1/1rxxxb1/2xxx1p/1Pxxx2/1P1K3/R6 w - 2 13", "2r4/3kbp1/1Pxxx2/2xxx2/2xxx2/P2K3/1R1p3 w - 1 13",
    "7/3k1p1/2xxx2/2xxxp1/PPxxxb1/3KR1r/R6 b - 0 12",    "4kp1/1R3rp/1Bxxx2/2xxx1b/1Pxxx2/1P3R1/4K2 w k 7 19",
    "3P3/4kpp/1Pxxx2/2xxx1b/2xxx1r/3K1R1/4R2 b k 0 21",  "1r5/4k2/1Pxxx2/2xxx2/2xxxp1/1PR4/2K1pr1 w Kk 0 20",
    "5r1/R5p/1Pxxxk1/2xxx1p/2xxx2/2K1R2/7 w Kk 2 18",    "5r1/1P2Rp1/2xxx2/2xxx2/2xxx2/4kp1/2K4 b Kk 0 27",
    "2P4/4k2/1Kxxxpp/2xxx2/1Pxxx2/7/7 w Kk 0 30",        "7/2P1k2/P1xxx2/2xxxp1/2xxx2/2K1r2/7 w Kk 0 21",
};

const char *const *rb_bench_positions(size_t *count)
{
    *count = sizeof bench_positions / sizeof bench_positions[0];
    return bench_positions;
}

uint64_t rb_engine_bench(rb_engine *e, int depth, uint64_t *nodes, int64_t *ms)
{
    int saved_level = e->level;
    e->level = RB_LEVEL_MAX;
    if (depth <= 0) {
        depth = RB_BENCH_DEPTH;
    }
    uint64_t total = 0;
    int64_t start = rb_util_now_ms();
    for (size_t i = 0; i < sizeof bench_positions / sizeof bench_positions[0]; i++) {
        rb_pos pos;
        char err[128];
        if (rb_pos_parse(&pos, bench_positions[i], err, sizeof err) != 0) {
            continue; /* cannot happen: a test parses the list */
        }
        rb_engine_new_game(e);
        rb_limits limits = {0};
        limits.depth = depth;
        rb_search_info info;
        rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
        total += info.nodes;
    }
    int64_t elapsed = rb_util_now_ms() - start;
    rb_engine_new_game(e);
    e->level = saved_level;
    if (nodes != NULL) {
        *nodes = total;
    }
    if (ms != NULL) {
        *ms = elapsed;
    }
    return elapsed > 0 ? total * 1000 / (uint64_t)elapsed : total * 1000;
}
