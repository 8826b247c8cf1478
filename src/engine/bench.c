/*
 * bench.c - a fixed workload for speed and for fingerprinting the search.
 *
 * The positions come from engine games and cover the opening, middle game
 * races for the throne, pawn races and sparse endings. Each is searched
 * from a cleared table, so the node total depends on nothing but the code.
 */
#include <stdio.h>

#include "engine.h"

static const char *const bench_positions[] = {
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
};

uint64_t rb_engine_bench(rb_engine *e, int depth, uint64_t *nodes, int64_t *ms)
{
    int saved_level = e->level;
    e->level = RB_LEVEL_MAX;
    if (depth <= 0) {
        depth = RB_BENCH_DEPTH;
    }
    uint64_t total = 0;
    int64_t start = rb_now_ms();
    for (size_t i = 0; i < sizeof bench_positions / sizeof bench_positions[0]; i++) {
        rb_pos pos;
        char err[128];
        if (rb_pos_parse(&pos, bench_positions[i], err, sizeof err) != 0) {
            continue; /* cannot happen: the list is tested */
        }
        rb_engine_new_game(e);
        rb_limits limits = {0};
        limits.depth = depth;
        rb_search_info info;
        rb_engine_search(e, &pos, NULL, 0, &limits, NULL, NULL, &info);
        total += info.nodes;
    }
    int64_t elapsed = rb_now_ms() - start;
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
