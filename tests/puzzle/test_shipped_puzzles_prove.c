/*
 * test_shipped_puzzles_prove.c - the puzzles the game ships are sound.
 *
 * The file loads, holds enough puzzles of every theme, and a session can
 * play every one through, refusing every other solver move except another
 * finishing move at the end of a mate or throne. Then the engine proves a
 * sample again (20 puzzles picked by a seed that changes from run to run
 * and is printed, or RB_PUZZLE_SEED): the first move wins, no other first
 * move does, each later solver move is the only one that keeps the win and
 * each reply is a best defence. With RB_PUZZLE_ALL=1 (the "long" test) it
 * proves all of them and prints the time taken.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rb_puzzle.h"
#include "rb_puzzle_check.h"

static rb_puzzle_set set;

static int load(void **state)
{
    (void)state;
    const char *src = getenv("RB_SOURCE_DIR");
    char path[1024], err[400];
    snprintf(path, sizeof path, "%s/assets/puzzles/puzzles.txt", src ? src : ".");
    if (rb_puzzle_set_load(&set, path, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int unload(void **state)
{
    (void)state;
    rb_puzzle_set_free(&set);
    return 0;
}

static void there_are_enough_puzzles_of_every_theme(void **state)
{
    (void)state;
    assert_true(set.count >= 500);
    int count[16] = {0}, lo = RB_PUZZLE_RATING_MAX, hi = RB_PUZZLE_RATING_MIN;
    for (size_t i = 0; i < set.count; i++) {
        const rb_puzzle *p = &set.items[i];
        for (unsigned bit = 1; bit <= RB_THEME_REBOUND; bit <<= 1) {
            count[bit] += (p->themes & bit) != 0;
        }
        lo = p->rating < lo ? p->rating : lo;
        hi = p->rating > hi ? p->rating : hi;
    }
    print_message("%zu puzzles: %d mate, %d throne, %d material, %d rebound; ratings %d..%d\n", set.count,
                  count[RB_THEME_MATE], count[RB_THEME_THRONE], count[RB_THEME_MATERIAL], count[RB_THEME_REBOUND], lo,
                  hi);
    assert_true(count[RB_THEME_MATE] > 0);
    assert_true(count[RB_THEME_THRONE] > 0);
    assert_true(count[RB_THEME_MATERIAL] > 0);
    assert_true(count[RB_THEME_REBOUND] > 0);
    assert_true(hi - lo >= 500); /* a level for beginners and for strong players */
}

static void a_session_plays_every_puzzle_through(void **state)
{
    (void)state;
    int other_finishes = 0;
    for (size_t i = 0; i < set.count; i++) {
        const rb_puzzle *p = &set.items[i];
        rb_puzzle_session s;
        rb_puzzle_session_start(&s, p);
        while (!s.done) {
            /* every other legal move is refused, bar another finish */
            bool last = s.ply == p->nline - 1;
            rb_movelist list;
            rb_gen_legal(&s.pos, &list);
            for (int k = 0; k < list.count; k++) {
                rb_move m = list.moves[k];
                if (m == p->line[s.ply]) {
                    continue;
                }
                rb_puzzle_session probe = s;
                rb_puzzle_result r = rb_puzzle_session_try(&probe, m, NULL);
                rb_pos after;
                rb_pos_make(&s.pos, m, &after);
                rb_status st = rb_pos_status(&after);
                bool finishes = last && (((p->themes & RB_THEME_MATE) && st == RB_CHECKMATE) ||
                                         ((p->themes & RB_THEME_THRONE) && st == RB_THRONE));
                if (r != (finishes ? RB_PUZZLE_SOLVED : RB_PUZZLE_WRONG)) {
                    print_error("puzzle %d ply %d: another move answered %d\n", p->id, s.ply + 1, (int)r);
                    fail();
                }
                other_finishes += finishes;
            }
            rb_puzzle_result r = rb_puzzle_session_try(&s, p->line[s.ply], NULL);
            assert_true(r == (s.done ? RB_PUZZLE_SOLVED : RB_PUZZLE_CORRECT));
        }
        assert_true(rb_puzzle_session_success(&s));
        if (p->themes & RB_THEME_MATE) {
            assert_int_equal(rb_pos_status(&s.pos), RB_CHECKMATE);
        } else if (p->themes & RB_THEME_THRONE) {
            assert_int_equal(rb_pos_status(&s.pos), RB_THRONE);
        }
    }
    print_message("%d other finishing moves accepted\n", other_finishes);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void the_engine_proves_the_puzzles_again(void **state)
{
    (void)state;
    const char *all_env = getenv("RB_PUZZLE_ALL");
    bool all = all_env && strcmp(all_env, "1") == 0;
    const char *seed_env = getenv("RB_PUZZLE_SEED");
    uint64_t seed = seed_env ? strtoull(seed_env, NULL, 10) : (uint64_t)time(NULL);
    size_t sample = all ? set.count : rb_test_sanitized() ? 4 : 20;
    if (!all) {
        print_message("sample of %zu, RB_PUZZLE_SEED=%llu\n", sample, (unsigned long long)seed);
    }
    rb_engine *e = rb_engine_new(16);
    assert_non_null(e);
    rb_pcheck_cfg cfg;
    rb_pcheck_defaults(&cfg);
    cfg.slack = 50;
    double t0 = now_s();
    int failures = 0;
    uint64_t rng = seed;
    for (size_t k = 0; k < sample; k++) {
        size_t i = k;
        if (!all) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            i = (size_t)((rng >> 17) % set.count);
        }
        char err[300];
        if (rb_pcheck_verify(e, &set.items[i], &cfg, err, sizeof err) != 0) {
            print_error("puzzle %d: %s\n", set.items[i].id, err);
            failures++;
        }
    }
    print_message("%zu puzzles proved again in %.1f s\n", sample, now_s() - t0);
    rb_engine_free(e);
    assert_int_equal(failures, 0);
}

/* The check itself must be able to fail: a puzzle whose first move is
 * replaced by another legal move, or whose line is cut short, is refused. */
static void a_spoiled_puzzle_is_refused(void **state)
{
    (void)state;
    rb_engine *e = rb_engine_new(16);
    rb_pcheck_cfg cfg;
    rb_pcheck_defaults(&cfg);
    cfg.slack = 50;
    int tried = 0;
    for (size_t i = 0; i < set.count && tried < 3; i++) {
        const rb_puzzle *p = &set.items[i];
        if (p->nline < 3) {
            continue;
        }
        tried++;
        char err[300];
        rb_puzzle bad = *p;
        rb_movelist list;
        rb_gen_legal(&bad.start, &list);
        bad.line[0] = list.moves[0] == p->line[0] ? list.moves[1] : list.moves[0];
        bad.nline = 1;
        bad.themes &= ~(unsigned)RB_THEME_REBOUND;
        rb_path path;
        rb_move_path(bad.line[0], &path);
        bad.themes |= path.rebound >= 0 ? RB_THEME_REBOUND : 0;
        assert_int_equal(rb_pcheck_verify(e, &bad, &cfg, err, sizeof err), -1);

        rb_puzzle cut = *p;
        cut.nline -= 2; /* the win no longer happens within the line */
        if (!(cut.themes & RB_THEME_MATERIAL)) {
            assert_int_equal(rb_pcheck_verify(e, &cut, &cfg, err, sizeof err), -1);
        }
    }
    assert_int_equal(tried, 3);
    rb_engine_free(e);
}

int main(void)
{
    const char *all = getenv("RB_PUZZLE_ALL");
    if (all && strcmp(all, "1") == 0) {
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(the_engine_proves_the_puzzles_again),
        };
        return cmocka_run_group_tests(tests, load, unload);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(there_are_enough_puzzles_of_every_theme),
        cmocka_unit_test(a_session_plays_every_puzzle_through),
        cmocka_unit_test(the_engine_proves_the_puzzles_again),
        cmocka_unit_test(a_spoiled_puzzle_is_refused),
    };
    return cmocka_run_group_tests(tests, load, unload);
}
