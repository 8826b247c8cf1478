/*
 * test_engine_plays_endings_perfectly.c - with the tables the engine plays
 * endings perfectly even at a shallow depth: from won positions, playing
 * both sides, the game ends in exactly the tables' distance with the
 * tables' winner, and from drawn positions the side it plays never loses.
 */
#include "support.h"

#include "rb_engine.h"
#include "rb_game.h"
#include "tb_fixture.h"

static uint64_t next(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 11;
}

static bool pick(rb_tb *tb, const rb_tb_set *set, uint64_t *seed, bool want_draw, rb_pos *pos, int *value)
{
    const uint8_t *values = rb_tb_values(tb, set);
    for (int tries = 0; tries < 1000000; tries++) {
        uint64_t ix = next(seed) % set->size;
        int v = values[ix];
        rb_tb_place p;
        if (v == RB_TB_NONE || (want_draw ? v != RB_TB_DRAW : !rb_tb_is_win(v)) || !rb_tb_decode(set, ix, &p)) {
            continue;
        }
        rb_tb_place_to_pos(set, &p, pos);
        if (rb_pos_status(pos) != RB_ONGOING) {
            continue;
        }
        *value = v;
        return true;
    }
    return false;
}

/* Plays from pos with e on both sides at depth 2, up to max plies. */
static int play(rb_engine *e, const rb_pos *pos, int max, rb_game *g)
{
    assert_int_equal(rb_game_init(g, pos), 0);
    rb_engine_new_game(e);
    uint64_t keys[512];
    int plies = 0;
    while (rb_game_ending(g) == RB_END_NONE && plies < max) {
        for (size_t i = 0; i < g->ply; i++) {
            keys[i] = g->positions[i].key;
        }
        rb_limits lim = {0};
        lim.depth = 2;
        rb_move m = rb_engine_search(e, rb_game_pos(g), keys, g->ply, &lim, NULL, NULL, NULL);
        assert_int_equal(rb_game_play(g, m), 0);
        plies++;
    }
    return plies;
}

static void won_positions_end_in_the_tables_distance(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(false);
    rb_tb_set sets[8];
    int n = rb_tb_all_sets(3, sets, 8);
    for (int i = 0; i < n; i++) {
        fixture_ensure(tb, &sets[i]);
    }
    rb_engine *e = rb_engine_new(16);
    rb_engine_set_tablebase(e, tb);
    uint64_t seed = 17;
    int games = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 8; k++) {
            rb_pos pos;
            int v;
            if (!pick(tb, &sets[i], &seed, false, &pos, &v)) {
                break;
            }
            rb_game g;
            int plies = play(e, &pos, 400, &g);
            char text[RB_POS_TEXT_MAX];
            rb_pos_format(&pos, text, sizeof text);
            rb_result want = pos.side == RB_WHITE ? RB_RESULT_WHITE : RB_RESULT_BLACK;
            if (plies != rb_tb_distance(v) || rb_game_result(&g) != want) {
                fail_msg("%s: won in %d plies by the tables, the engine's game took %d (result %d)", text,
                         rb_tb_distance(v), plies, (int)rb_game_result(&g));
            }
            rb_game_free(&g);
            games++;
        }
    }
    assert_true(games >= 30);
    rb_engine_free(e);
    rb_tb_free(tb);
}

static void drawn_positions_are_never_lost(void **state)
{
    (void)state;
    rb_tb *tb = fixture_store(false);
    fixture_ensure_name(tb, "KRvK");
    fixture_ensure_name(tb, "KBvK");
    rb_engine *e = rb_engine_new(16);
    rb_engine_set_tablebase(e, tb);
    const char *names[] = {"KRvK", "KBvK"};
    uint64_t seed = 23;
    for (int s = 0; s < 2; s++) {
        rb_tb_set set;
        char err[64];
        rb_tb_set_parse(&set, names[s], err, sizeof err);
        for (int k = 0; k < 6; k++) {
            rb_pos pos;
            int v;
            assert_true(pick(tb, &set, &seed, true, &pos, &v));
            rb_game g;
            play(e, &pos, 60, &g);
            rb_result r = rb_game_result(&g);
            assert_true(r == RB_RESULT_NONE || r == RB_RESULT_DRAW);
            rb_game_free(&g);
        }
    }
    rb_engine_free(e);
    rb_tb_free(tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(won_positions_end_in_the_tables_distance),
        cmocka_unit_test(drawn_positions_are_never_lost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
