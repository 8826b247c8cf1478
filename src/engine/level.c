/*
 * level.c - playing strength from 1 to 10.
 *
 * A weaker level plays like a weaker person rather than a strong player who
 * throws pieces away on purpose: it looks less far ahead (depth and node
 * caps) and, among moves it judges nearly as good as its best, sometimes
 * picks another one. The margin shrinks level by level; from level 5 up it
 * is well below the value of any piece and a second choice is also checked
 * two plies deeper before it is played (search.c), so the engine seldom
 * gives a piece away for nothing. At level 10 it plays its best move only.
 *
 * Level 1 is for someone learning the game: on nine moves in ten it
 * slips, choosing among the moves within 1,400 centipawns of its best (more
 * than a rook), the better ones still more often (half its moves were
 * enough until the tuned evaluation made its other moves better). It takes a win in one when
 * it sees one, so it still beats an aimless player, but a player who looks
 * one reply ahead and counts material beats it in most games.
 *
 * Only level 10 searches selectively (search.c: late move pruning,
 * futility, reductions by history): levels 1 to 9 are placed by their node
 * caps, measured with the plain search, and a selective search would do
 * more with each node and move them all.
 *
 * Everything a level changes is one row of the table below, so re-spacing
 * the levels is an edit of data. The rows were placed by measurement (the
 * level tables in the README, made with `rollerball-engine-lab versus` and
 * `ladder`); node caps rather than time keep a level equally strong on any
 * machine.
 */
#include "engine.h"
#include "rb_util_random.h"

/* Marks a level's name for the game's translation catalogue: the engine
 * itself knows nothing of languages (no gettext here); the window passes
 * the name through gettext where it shows it. */
#define N_(text) (text)

typedef struct level_row {
    const char *name;
    rb_level_spec spec;
} level_row;

static const level_row level_table[RB_LEVEL_MAX + 1] = {
    /* TRANSLATORS: the names of the computer's levels 1 to 10, shown as "3, casual" */
    /* name        depth  nodes  margin  slip (in 1000)  slip margin  careful  selective */
    {"", {0, 0, 0, 0, 0, false, false}},                      /* unused */
    {N_("beginner"), {1, 200, 300, 900, 1400, false, false}}, /* 1: slips on nine moves in ten */
    {N_("novice"), {1, 200, 200, 0, 0, false, false}},        /* 2: one move ahead, captures resolved */
    {N_("casual"), {2, 600, 140, 0, 0, false, false}},        /* 3 */
    {N_("intermediate"), {3, 1500, 90, 0, 0, false, false}},  /* 4 */
    {N_("club"), {4, 4000, 60, 0, 0, true, false}},           /* 5: margin below any piece, checked */
    {N_("skilled"), {6, 10000, 40, 0, 0, true, false}},       /* 6 */
    {N_("advanced"), {8, 25000, 28, 0, 0, true, false}},      /* 7 */
    {N_("expert"), {10, 60000, 18, 0, 0, true, false}},       /* 8 */
    {N_("master"), {14, 150000, 10, 0, 0, true, false}},      /* 9 */
    {N_("strongest"), {0, 0, 0, 0, 0, false, true}},          /* 10: full strength, the clock only */
};

static int clamp_level(int level)
{
    return level < RB_LEVEL_MIN ? RB_LEVEL_MIN : level > RB_LEVEL_MAX ? RB_LEVEL_MAX : level;
}

rb_level_spec rb_level_spec_of(int level)
{
    return level_table[clamp_level(level)].spec;
}

const char *rb_level_name(int level)
{
    return level_table[clamp_level(level)].name;
}

rb_level_spec rb_level_plan(rb_engine *e)
{
    rb_level_spec spec = rb_level_spec_of(e->level);
    /* Levels that never slip draw nothing, so their games stay as they were. */
    if (spec.slip > 0 && (int)(rb_util_splitmix64(&e->rng) % 1000) < spec.slip) {
        spec.margin = spec.slip_margin;
    }
    return spec;
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
