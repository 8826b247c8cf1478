/*
 * test_selective_search.c - the selective search is full strength's alone.
 *
 * At full strength, under a clock or a node budget, the search prunes and
 * reduces quiet moves more than the full-width search does: it reaches
 * deeper iterations for the same nodes. Everything that was measured or
 * judged with the full-width search keeps it: a search asked for a depth
 * (the opening book's scores, draw offers, the bench) and levels 1 to 9,
 * whose places on the ladder were measured by their node caps. Each case
 * compares the engine with the selective search allowed and forbidden
 * (the switch the lab's "feature selective" measures with).
 */
#include "support.h"

#include "engine.h"
#include "rb_engine.h"

/* The start, a won ending and a middlegame. */
static const char *const positions[] = {
    "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1",
    "5r1/1P2Rp1/2xxx2/2xxx2/2xxx2/4kp1/2K4 b Kk 0 27",
    "4R2/3k1p1/1rxxxb1/2xxx1p/1Pxxx2/1P1K3/R6 w - 2 13",
};

#define NPOS (sizeof positions / sizeof positions[0])

/* One search of pos by a fresh engine at level, with or without the
 * selective search. */
static rb_move search_once(const rb_pos *pos, int level, bool selective, const rb_limits *limits, rb_search_info *info)
{
    rb_engine *e = rb_engine_new(8);
    assert_non_null(e);
    rb_engine_set_level(e, level);
    rb_engine_set_seed(e, 7);
    e->no_selective = !selective;
    rb_move m = rb_engine_search(e, pos, NULL, 0, limits, NULL, NULL, info);
    rb_engine_free(e);
    return m;
}

/* Openings of the balanced book: positions still open, where the search
 * must choose among many quiet moves. */
static const char *const openings[] = {
    "c2b1 c7b7 d2c2 c6c7 c1b2 e6f6",
    "e2f2 c7b7 c1b2 d6c7 e1f1",
    "e1f1 e6f5 e2f2 d6e6",
};

static void full_strength_reaches_deeper_for_the_same_nodes(void **state)
{
    (void)state;
    rb_limits limits = {0};
    limits.nodes = 200000;
    int deeper = 0;
    for (size_t i = 0; i < sizeof openings / sizeof openings[0]; i++) {
        rb_game g;
        rb_test_new_game(&g, positions[0]);
        rb_test_play(&g, openings[i]);
        rb_search_info sel, wide;
        search_once(rb_game_pos(&g), RB_LEVEL_MAX, true, &limits, &sel);
        search_once(rb_game_pos(&g), RB_LEVEL_MAX, false, &limits, &wide);
        rb_game_free(&g);
        assert_true(sel.depth >= wide.depth);
        deeper += sel.depth > wide.depth;
    }
    assert_int_equal(deeper, 3);
}

/* Position i searched at level with the selective search allowed and
 * forbidden: the same move, score and nodes. */
static void assert_same_search(size_t i, int level, const rb_limits *limits)
{
    rb_pos pos;
    rb_test_parse(&pos, positions[i]);
    rb_search_info sel, wide;
    rb_move a = search_once(&pos, level, true, limits, &sel);
    rb_move b = search_once(&pos, level, false, limits, &wide);
    assert_int_equal(a, b);
    assert_int_equal(sel.score, wide.score);
    assert_int_equal(sel.nodes, wide.nodes);
}

static void a_search_to_a_depth_stays_full_width(void **state)
{
    (void)state;
    rb_limits limits = {0};
    limits.depth = 9;
    for (size_t i = 0; i < NPOS; i++) {
        assert_same_search(i, RB_LEVEL_MAX, &limits);
    }
}

static void the_lower_levels_search_as_they_were_measured(void **state)
{
    (void)state;
    rb_limits limits = {0}; /* the level's own caps */
    for (int level = RB_LEVEL_MIN; level < RB_LEVEL_MAX; level++) {
        for (size_t i = 0; i < NPOS; i++) {
            assert_same_search(i, level, &limits);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_strength_reaches_deeper_for_the_same_nodes),
        cmocka_unit_test(a_search_to_a_depth_stays_full_width),
        cmocka_unit_test(the_lower_levels_search_as_they_were_measured),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
