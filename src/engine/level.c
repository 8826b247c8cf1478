/*
 * level.c - playing strength from 1 to 10.
 *
 * A weaker level plays like a weaker person rather than a strong player who
 * throws pieces away: it looks less far ahead (depth and node caps) and,
 * among moves it judges nearly as good as its best, sometimes picks another
 * one. The margin shrinks level by level; from level 4 up it is well below
 * the value of any piece, so the engine never gives one away for nothing as
 * far as it can see (from level 4 up a second choice is also checked two
 * plies deeper before it is played, see search.c), and at level 10 it plays
 * its best move only.
 *
 * The node caps grow about two and a half times per level, a step that
 * self-play showed to be worth a clear margin at every rung (the level
 * table in the README, measured with `rollerball-engine-lab ladder`).
 * Node caps rather than time keep a level equally strong on any machine.
 */
#include "engine.h"
#include "rb_util_random.h"

static const rb_level_spec level_table[RB_LEVEL_MAX + 1] = {
    /* depth  nodes   margin */
    {0, 0, 0},           /* unused */
    {1, 200, 200},       /* 1: one move ahead, captures resolved */
    {2, 600, 140},       /* 2 */
    {3, 1500, 90},       /* 3 */
    {4, 4000, 60},       /* 4: from here the margin is below any piece */
    {6, 10000, 40},      /* 5 */
    {8, 25000, 28},      /* 6 */
    {10, 60000, 18},     /* 7 */
    {14, 150000, 10},    /* 8 */
    {0, 400000, 5},      /* 9 */
    {0, 0, 0},           /* 10: full strength, limited by the clock only */
};

rb_level_spec rb_level_spec_of(int level)
{
    if (level < RB_LEVEL_MIN) {
        level = RB_LEVEL_MIN;
    }
    if (level > RB_LEVEL_MAX) {
        level = RB_LEVEL_MAX;
    }
    return level_table[level];
}

/* Picks among the last completed iteration's moves within the margin of the
 * best, the better ones more often. A forced win is never passed over, and
 * a move the search saw losing by force is never preferred to one it did
 * not. */
rb_move rb_level_choose(rb_engine *e, int best_index)
{
    int best = e->done_scores[best_index];
    if (best > RB_WIN_BOUND || e->root_margin <= 0) {
        return e->done_moves[best_index];
    }
    int margin = e->root_margin;
    uint64_t total = 0;
    uint64_t weight[RB_MAX_MOVES];
    for (int i = 0; i < e->ndone; i++) {
        int s = e->done_scores[i], gap = best - s;
        bool ok = gap <= margin && (s > -RB_WIN_BOUND || best <= -RB_WIN_BOUND);
        weight[i] = ok ? (uint64_t)(margin + 1 - gap) : 0;
        total += weight[i];
    }
    if (total == 0) {
        return e->done_moves[best_index];
    }
    uint64_t r = rb_util_splitmix64(&e->rng) % total;
    for (int i = 0; i < e->ndone; i++) {
        if (r < weight[i]) {
            return e->done_moves[i];
        }
        r -= weight[i];
    }
    return e->done_moves[best_index];
}
