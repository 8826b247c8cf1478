/*
 * test_settings_file.c - settings survive a round trip through the file,
 * and a damaged or foreign settings file never stops the game: what is
 * understood applies, the rest is skipped and counted.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/app.h"
#include "files/prefs.h"
#include "files/store.h"
#include "files/settings.h"
#include "kit/theme.h"

/* A theme that is not the default, by its name. */
#define RB_UI_THEME_GREEN_FOR_TEST rb_ui_theme_find("green")

static void every_setting_round_trips(void **state)
{
    (void)state;
    rb_ui_settings s, back;
    rb_ui_player players[2], pback[2];
    /* Each switch flipped from its default, one at a time and all at once. */
    for (int i = -1; i < rb_ui_setting_count; i++) {
        rb_ui_settings_defaults(&s, players);
        if (i < 0) {
            for (int k = 0; k < rb_ui_setting_count; k++) {
                *rb_ui_settings_ref(&s, k) = !*rb_ui_settings_ref(&s, k);
            }
        } else {
            *rb_ui_settings_ref(&s, i) = !*rb_ui_settings_ref(&s, i);
        }
        players[RB_WHITE] = (rb_ui_player){RB_UI_COMPUTER, 7};
        players[RB_BLACK] = (rb_ui_player){RB_UI_HUMAN, 10};
        char *text = rb_ui_settings_format(&s, players);
        assert_non_null(text);
        rb_ui_settings_defaults(&back, pback);
        assert_int_equal(rb_ui_settings_parse(text, &back, pback), 0);
        free(text);
        for (int k = 0; k < rb_ui_setting_count; k++) {
            assert_int_equal(*rb_ui_settings_ref(&back, k), *rb_ui_settings_ref(&s, k));
        }
        assert_int_equal(pback[RB_WHITE].kind, RB_UI_COMPUTER);
        assert_int_equal(pback[RB_WHITE].level, 7);
        assert_int_equal(pback[RB_BLACK].kind, RB_UI_HUMAN);
        assert_int_equal(pback[RB_BLACK].level, 10);
    }
}

static void garbage_is_skipped_and_the_rest_applies(void **state)
{
    (void)state;
    rb_ui_settings s;
    rb_ui_player players[2];
    rb_ui_settings_defaults(&s, players);
    assert_true(s.flow_arrows);
    assert_int_equal(s.theme, RB_UI_THEME_CLASSIC);
    int black_level = players[RB_BLACK].level;
    char longline[600];
    memset(longline, 'z', sizeof longline - 1);
    longline[sizeof longline - 1] = '\0';
    char text[2000];
    snprintf(text, sizeof text,
             "# a comment\r\n"
             "\r\n"
             "flow_arrows = false\r\n"        /* applies, CRLF and spaces */
             "high_contrast=yes\n"            /* applies: an older version's switch */
             "colour_of_sky = blue\n"         /* unknown key: skipped */
             "coordinates = maybe\n"          /* bad value: skipped, default stays */
             "this line has no equals sign\n" /* garbage: skipped */
             "\x01\x02\x03\n"                 /* binary junk: skipped */
             "%s\n"                           /* far too long: skipped */
             "black = alien\n"                /* bad value: skipped */
             "black_level = 11\n"             /* out of range: skipped */
             "white_level = 0x5\n"            /* not a number: skipped */
             "white = computer\n"             /* applies */
             "white_level = 9\n"              /* applies */
             "   animation   =   off   \n",   /* applies */
             longline);
    int skipped = rb_ui_settings_parse(text, &s, players);
    assert_int_equal(skipped, 8);
    assert_false(s.flow_arrows);
    assert_int_equal(s.theme, RB_UI_THEME_HIGH_CONTRAST);
    assert_true(s.coordinates);
    assert_false(s.animation);
    assert_int_equal(players[RB_WHITE].kind, RB_UI_COMPUTER);
    assert_int_equal(players[RB_WHITE].level, 9);
    assert_int_equal(players[RB_BLACK].kind, RB_UI_COMPUTER); /* the default */
    assert_int_equal(players[RB_BLACK].level, black_level);
}

/* The computer's threads: "auto" (all cores but one, the default, kept as
 * 0 so that the file means the same on another machine) or a count; a
 * count out of range is skipped. */
static void the_threads_round_trip_and_bad_counts_are_skipped(void **state)
{
    (void)state;
    rb_ui_settings s, back;
    rb_ui_player players[2], pback[2];
    rb_ui_settings_defaults(&s, players);
    assert_int_equal(s.threads, 0);
    const int counts[] = {0, 1, 3, 64};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        s.threads = counts[i];
        char *text = rb_ui_settings_format(&s, players);
        assert_non_null(text);
        assert_non_null(strstr(text, counts[i] ? "threads = " : "threads = auto\n"));
        rb_ui_settings_defaults(&back, pback);
        back.threads = 7;
        assert_int_equal(rb_ui_settings_parse(text, &back, pback), 0);
        assert_int_equal(back.threads, counts[i]);
        free(text);
    }
    rb_ui_settings_defaults(&s, players);
    assert_int_equal(rb_ui_settings_parse("threads = 0\nthreads = 65\nthreads = many\nthreads = -1\n", &s, players), 4);
    assert_int_equal(s.threads, 0);
    assert_int_equal(rb_ui_settings_parse("threads = 2\n", &s, players), 0);
    assert_int_equal(s.threads, 2);
}

static void an_empty_file_keeps_the_defaults(void **state)
{
    (void)state;
    rb_ui_settings s, d;
    rb_ui_player players[2], dp[2];
    rb_ui_settings_defaults(&s, players);
    rb_ui_settings_defaults(&d, dp);
    assert_int_equal(rb_ui_settings_parse("", &s, players), 0);
    for (int k = 0; k < rb_ui_setting_count; k++) {
        assert_int_equal(*rb_ui_settings_ref(&s, k), *rb_ui_settings_ref(&d, k));
    }
    for (int c = 0; c < 2; c++) {
        assert_int_equal(players[c].kind, dp[c].kind);
        assert_int_equal(players[c].level, dp[c].level);
    }
}

/* A first run (no settings file yet) shows exactly the defaults the file
 * format knows, so the two can never drift apart. */
static void a_first_run_starts_from_the_settings_defaults(void **state)
{
    (void)state;
    static rb_app app;
    rb_ui_app_defaults(&app);
    rb_ui_settings d;
    rb_ui_player dp[2];
    rb_ui_settings_defaults(&d, dp);
    for (int k = 0; k < rb_ui_setting_count; k++) {
        assert_int_equal(*rb_ui_settings_ref(&app.state.settings, k), *rb_ui_settings_ref(&d, k));
    }
    for (int c = 0; c < 2; c++) {
        assert_int_equal(app.state.players[c].kind, dp[c].kind);
        assert_int_equal(app.state.players[c].level, dp[c].level);
    }
}

/* The real file under the pref path, in a private XDG_DATA_HOME. */
static void the_settings_file_is_saved_and_loaded(void **state)
{
    (void)state;
    char home[] = "/tmp/rb-settings-test-XXXXXX";
    assert_non_null(mkdtemp(home));
    setenv("XDG_DATA_HOME", home, 1);

    rb_app a;
    memset(&a, 0, sizeof a);
    rb_ui_settings_defaults(&a.state.settings, a.state.players);
    a.state.settings.coordinates = false;
    a.state.settings.theme = RB_UI_THEME_GREEN_FOR_TEST;
    a.state.settings.pieces = 1;
    a.state.players[RB_BLACK].level = 8;
    char err[600];
    assert_int_equal(rb_ui_prefs_save(&a, err, sizeof err), 0);

    rb_app b;
    memset(&b, 0, sizeof b);
    rb_ui_settings_defaults(&b.state.settings, b.state.players);
    assert_int_equal(rb_ui_prefs_load(&b, err, sizeof err), 0);
    assert_false(b.state.settings.coordinates);
    assert_int_equal(b.state.settings.theme, RB_UI_THEME_GREEN_FOR_TEST);
    assert_int_equal(b.state.settings.pieces, 1);
    assert_int_equal(b.state.players[RB_BLACK].level, 8);

    /* Garbage appended by hand is reported, and the good lines still load. */
    char path[RB_UI_PATH_MAX];
    assert_int_equal(rb_ui_prefs_file(&b, "settings.conf", path, sizeof path, err, sizeof err), 0);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs("nonsense here\n", f);
    fclose(f);
    rb_app c;
    memset(&c, 0, sizeof c);
    rb_ui_settings_defaults(&c.state.settings, c.state.players);
    assert_int_equal(rb_ui_prefs_load(&c, err, sizeof err), -1);
    assert_non_null(strstr(err, "Ignored 1 line"));
    assert_int_equal(c.state.settings.theme, RB_UI_THEME_GREEN_FOR_TEST);

    /* A binary settings file: refused with a message, defaults stand. */
    assert_int_equal(rb_ui_store_write_atomic(path, "\0\0\0\x7f", 4, err, sizeof err), 0);
    rb_app e;
    memset(&e, 0, sizeof e);
    rb_ui_settings_defaults(&e.state.settings, e.state.players);
    assert_int_equal(rb_ui_prefs_load(&e, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a text file"));
    assert_int_equal(e.state.settings.theme, RB_UI_THEME_CLASSIC);

    rb_ui_prefs_free(&a);
    rb_ui_prefs_free(&b);
    rb_ui_prefs_free(&c);
    rb_ui_prefs_free(&e);
    unlink(path);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_setting_round_trips),
        cmocka_unit_test(garbage_is_skipped_and_the_rest_applies),
        cmocka_unit_test(the_threads_round_trip_and_bad_counts_are_skipped),
        cmocka_unit_test(an_empty_file_keeps_the_defaults),
        cmocka_unit_test(a_first_run_starts_from_the_settings_defaults),
        cmocka_unit_test(the_settings_file_is_saved_and_loaded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
