/*
 * tb_lab.c - rollerball-tb-lab: what the endgame tables are worth to the
 * engine, measured (not installed).
 *
 *   rollerball-tb-lab DIR [--positions N] [--nodes N] [--seed S]
 *
 * Time to win: N won four-man positions drawn at random from the tables in
 * DIR (the win at least 11 plies away) are played out by the engine for
 * the winning side, once without the tables and once with them, against
 * the engine without tables at full strength; it prints how many were won
 * and the plies they took, beside the tables' shortest distance.
 * Match: from N random four-man positions, the engine with tables plays
 * the engine without, each side once; it prints the points.
 * Every move is searched to a node budget (--nodes, default 20000), so the
 * figures repeat.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_engine.h"
#include "rb_game.h"
#include "rb_tb.h"
#include "rb_util_clock.h"

#define MAX_PLIES 400

static uint64_t next(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 11;
}

/* Plays pos out, engines[c] moving for colour c; the plies played and
 * the result. */
static int play(rb_engine *engines[2], const rb_pos *start, uint64_t nodes, rb_result *result)
{
    rb_game g;
    if (rb_game_init(&g, start) != 0) {
        *result = RB_RESULT_NONE;
        return 0;
    }
    rb_engine_new_game(engines[0]);
    rb_engine_new_game(engines[1]);
    uint64_t keys[MAX_PLIES + 1];
    int plies = 0;
    while (rb_game_ending(&g) == RB_END_NONE && plies < MAX_PLIES) {
        const rb_pos *pos = rb_game_pos(&g);
        for (size_t i = 0; i < g.ply; i++) {
            keys[i] = g.positions[i].key;
        }
        rb_limits lim = {0};
        lim.nodes = nodes;
        rb_move m = rb_engine_search(engines[pos->side], pos, keys, g.ply, &lim, NULL, NULL, NULL);
        if (m == RB_MOVE_NONE || rb_game_play(&g, m) != 0) {
            break;
        }
        plies++;
    }
    *result = rb_game_result(&g);
    rb_game_free(&g);
    return plies;
}

/* A random legal four-man position from the tables; want_win: one the
 * side to move wins in at least 11 plies. Its value in *value. */
static bool draw_position(rb_tb *tb, const rb_tb_set *sets, int nsets, uint64_t *seed, bool want_win, rb_pos *pos,
                          int *value)
{
    for (int tries = 0; tries < 1000000; tries++) {
        const rb_tb_set *set = &sets[next(seed) % (uint64_t)nsets];
        const uint8_t *values = rb_tb_values(tb, set);
        if (values == NULL) {
            continue;
        }
        uint64_t ix = next(seed) % set->size;
        int v = values[ix];
        rb_tb_place p;
        if (v == RB_TB_NONE || !rb_tb_decode(set, ix, &p)) {
            continue;
        }
        if (want_win ? !(rb_tb_is_win(v) && rb_tb_distance(v) >= 11) : v >= 2 && rb_tb_distance(v) == 0) {
            continue;
        }
        rb_tb_place_to_pos(set, &p, pos);
        *value = v;
        return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: rollerball-tb-lab DIR [--positions N] [--nodes N] [--seed S]\n");
        return 2;
    }
    int npos = 200;
    uint64_t nodes = 20000, seed = 1;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--positions") == 0) {
            npos = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--nodes") == 0) {
            nodes = strtoull(argv[i + 1], NULL, 10);
        } else if (strcmp(argv[i], "--seed") == 0) {
            seed = strtoull(argv[i + 1], NULL, 10);
        } else {
            fprintf(stderr, "rollerball-tb-lab: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    rb_tb *tb = rb_tb_open(argv[1]);
    rb_tb_set all[32], four[32];
    int n = rb_tb_all_sets(4, all, 32), nfour = 0;
    for (int i = 0; i < n; i++) {
        if (all[i].men == 4) {
            four[nfour++] = all[i];
        }
    }
    rb_engine *with = rb_engine_new(16), *without = rb_engine_new(16), *defender = rb_engine_new(16);
    rb_engine_set_tablebase(with, tb);
    if (rb_tb_max_men(tb) < 4) {
        fprintf(stderr, "rollerball-tb-lab: no four-man tables in %s\n", argv[1]);
        return 1;
    }
    int64_t t0 = rb_util_now_ms();
    long won[2] = {0}, plies[2] = {0}, optimal = 0, shortest[2] = {0};
    for (int k = 0; k < npos; k++) {
        rb_pos pos;
        int v;
        if (!draw_position(tb, four, nfour, &seed, true, &pos, &v)) {
            break;
        }
        optimal += rb_tb_distance(v);
        for (int c = 0; c < 2; c++) {
            rb_engine *engines[2];
            engines[pos.side] = c ? with : without;
            engines[pos.side ^ 1] = defender;
            rb_result r;
            int p = play(engines, &pos, nodes, &r);
            bool win = r == (pos.side == RB_WHITE ? RB_RESULT_WHITE : RB_RESULT_BLACK);
            if (win) {
                won[c]++;
                plies[c] += p;
                shortest[c] += p == rb_tb_distance(v);
            }
        }
    }
    printf("time to win, %d won four-man positions, %llu nodes a move, defender without tables:\n", npos,
           (unsigned long long)nodes);
    printf("  tables' shortest wins: %.1f plies on average\n", (double)optimal / npos);
    for (int c = 0; c < 2; c++) {
        printf("  engine %-14s won %ld of %d, %.1f plies on average per win, %ld in the shortest way\n",
               c ? "with tables" : "without tables", won[c], npos, won[c] ? (double)plies[c] / (double)won[c] : 0.0,
               shortest[c]);
    }
    double points = 0;
    int games = 0;
    for (int k = 0; k < npos; k++) {
        rb_pos pos;
        int v;
        if (!draw_position(tb, four, nfour, &seed, false, &pos, &v)) {
            break;
        }
        for (int c = 0; c < 2; c++) {
            rb_engine *engines[2];
            engines[c] = with;
            engines[c ^ 1] = without;
            rb_result r;
            play(engines, &pos, nodes, &r);
            games++;
            points += r == RB_RESULT_DRAW || r == RB_RESULT_NONE
                          ? 0.5
                          : r == (c == RB_WHITE ? RB_RESULT_WHITE : RB_RESULT_BLACK);
        }
    }
    printf("match from %d random four-man positions, each side once: with tables %.1f of %d points\n", npos, points,
           games);
    printf("(%.1f s)\n", (double)(rb_util_now_ms() - t0) / 1000.0);
    rb_engine_free(with);
    rb_engine_free(without);
    rb_engine_free(defender);
    rb_tb_free(tb);
    return 0;
}
