/*
 * test_puzzle_rating.c - the player's puzzle rating: it rises with solved
 * puzzles and falls with failed ones, more so against a surprising result;
 * it survives a save and a load; a missing or damaged file gives a fresh
 * player and a message; the next puzzle is near the rating, of the asked
 * theme, and not one just tried.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rb_puzzle.h"

static void the_rating_follows_results(void **state)
{
    (void)state;
    rb_puzzle_player a, b;
    rb_puzzle_player_init(&a);
    assert_int_equal(a.rating, RB_PUZZLE_PLAYER_START);
    b = a;
    int up_hard = rb_puzzle_player_update(&a, 1, 1600, true);
    int up_easy = rb_puzzle_player_update(&b, 1, 800, true);
    assert_true(up_hard > up_easy);
    assert_true(up_easy > 0);
    assert_int_equal(a.rating, RB_PUZZLE_PLAYER_START + up_hard);

    rb_puzzle_player c, d;
    rb_puzzle_player_init(&c);
    d = c;
    int down_easy = rb_puzzle_player_update(&c, 2, 800, false);
    int down_hard = rb_puzzle_player_update(&d, 2, 1600, false);
    assert_true(down_easy < down_hard);
    assert_true(down_hard < 0);
    assert_int_equal(c.attempts, 1);
    assert_int_equal(c.solved, 0);

    /* even a long run of results keeps the rating on the puzzles' scale */
    rb_puzzle_player e;
    rb_puzzle_player_init(&e);
    for (int i = 0; i < 500; i++) {
        rb_puzzle_player_update(&e, i + 1, RB_PUZZLE_RATING_MAX, true);
    }
    assert_true(e.rating <= RB_PUZZLE_RATING_MAX);
    assert_int_equal(e.nrecent, RB_PUZZLE_RECENT_MAX);
    assert_int_equal(e.recent[RB_PUZZLE_RECENT_MAX - 1], 500);
    for (int i = 0; i < 500; i++) {
        rb_puzzle_player_update(&e, i + 1, RB_PUZZLE_RATING_MIN, false);
    }
    assert_true(e.rating >= RB_PUZZLE_RATING_MIN);
}

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/rb-puzzle-rating.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/player", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/player.tmp", dir);
    remove(path);
    return rmdir(dir);
}

static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void the_rating_is_kept_between_runs(void **state)
{
    (void)state;
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/player", dir);
    rb_puzzle_player pl, back;
    rb_puzzle_player_init(&pl);
    rb_puzzle_player_update(&pl, 17, 1500, true);
    rb_puzzle_player_update(&pl, 4, 900, false);
    assert_int_equal(rb_puzzle_player_save(&pl, path, err, sizeof err), 0);
    assert_int_equal(rb_puzzle_player_load(&back, path, err, sizeof err), 0);
    assert_memory_equal(&pl, &back, sizeof pl);
    /* no temporary file is left behind */
    char tmp[140];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    assert_int_equal(access(tmp, F_OK), -1);
}

static void a_broken_file_gives_a_fresh_player(void **state)
{
    (void)state;
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/player", dir);
    static const struct {
        const char *text;
        const char *words;
    } cases[] = {
        {"", "empty"},
        {"hello\n", "not a puzzle player file"},
        {"rollerball-puzzle-player 1\nattempts 3\n", "no rating"},
        {"rollerball-puzzle-player 1\nrating 99999\n", "rating"},
        {"rollerball-puzzle-player 1\nrating 12a0\n", "rating"},
        {"rollerball-puzzle-player 1\nrating 1300\nattempts -1\n", "attempts"},
        {"rollerball-puzzle-player 1\nrating 1300\nattempts 1\nsolved 2\n", "more puzzles solved"},
        {"rollerball-puzzle-player 1\nrating 1300\nrecent 1 x\n", "recent"},
        {"rollerball-puzzle-player 1\nrating 1300\ncolour blue\n", "unknown key"},
        {"rollerball-puzzle-player 1\nrati", "unknown key"},
        {"rollerball-puzzle-player 1\n", "no rating"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_file(path, cases[i].text, strlen(cases[i].text));
        rb_puzzle_player pl;
        pl.rating = 5;
        err[0] = '\0';
        int rc = rb_puzzle_player_load(&pl, path, err, sizeof err);
        if (rc != -1 || strstr(err, cases[i].words) == NULL || pl.rating != RB_PUZZLE_PLAYER_START ||
            pl.attempts != 0) {
            print_error("case %zu: rc %d, message '%s', rating %d\n", i, rc, err, pl.rating);
            fail();
        }
    }
    static const char with_nul[] = "rollerball-puzzle-player 1\nrating 1\0 300\n";
    write_file(path, with_nul, sizeof with_nul - 1);
    rb_puzzle_player pl;
    assert_int_equal(rb_puzzle_player_load(&pl, path, err, sizeof err), -1);
    remove(path);
    assert_int_equal(rb_puzzle_player_load(&pl, path, err, sizeof err), -1);
    assert_int_equal(pl.rating, RB_PUZZLE_PLAYER_START);
    /* an unwritable place is an error, not a crash */
    assert_int_equal(rb_puzzle_player_save(&pl, "/nonexistent/dir/player", err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/dir/player"));
}

static void the_next_puzzle_is_near_and_of_the_theme(void **state)
{
    (void)state;
    rb_puzzle items[60];
    memset(items, 0, sizeof items);
    for (int i = 0; i < 60; i++) {
        items[i].id = i + 1;
        items[i].rating = 500 + 50 * i; /* 500 .. 3450 */
        items[i].themes = i % 3 == 0 ? RB_THEME_MATE : i % 3 == 1 ? RB_THEME_THRONE : RB_THEME_MATERIAL;
        if (i % 5 == 0) {
            items[i].themes |= RB_THEME_REBOUND;
        }
    }
    rb_puzzle_set set = {items, 60};
    rb_puzzle_player pl;
    rb_puzzle_player_init(&pl);
    pl.rating = 1500;
    uint64_t rng = 42;
    for (int k = 0; k < 200; k++) {
        const rb_puzzle *p = rb_puzzle_choose(&set, &pl, RB_THEME_ALL, &rng);
        assert_non_null(p);
        assert_true(abs(p->rating - pl.rating) <= 200);
        p = rb_puzzle_choose(&set, &pl, RB_THEME_THRONE, &rng);
        assert_true(p->themes & RB_THEME_THRONE);
        assert_true(abs(p->rating - pl.rating) <= 600);
        p = rb_puzzle_choose(&set, &pl, RB_THEME_REBOUND, &rng);
        assert_true(p->themes & RB_THEME_REBOUND);
    }
    /* the ones just tried are passed over */
    pl.nrecent = 0;
    for (int i = 0; i < 60; i++) {
        if (abs(items[i].rating - 1500) <= 300) {
            pl.recent[pl.nrecent++] = items[i].id;
        }
    }
    for (int k = 0; k < 50; k++) {
        const rb_puzzle *p = rb_puzzle_choose(&set, &pl, RB_THEME_ALL, &rng);
        assert_true(abs(p->rating - 1500) > 300);
    }
    /* when every fitting puzzle was just tried, one of them again */
    rb_puzzle one = items[0];
    rb_puzzle_set single = {&one, 1};
    pl.nrecent = 1;
    pl.recent[0] = one.id;
    assert_ptr_equal(rb_puzzle_choose(&single, &pl, RB_THEME_ALL, &rng), &one);
    assert_null(rb_puzzle_choose(&single, &pl, RB_THEME_MATERIAL, &rng));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_rating_follows_results),
        cmocka_unit_test_setup_teardown(the_rating_is_kept_between_runs, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(a_broken_file_gives_a_fresh_player, make_dir, remove_dir),
        cmocka_unit_test(the_next_puzzle_is_near_and_of_the_theme),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
