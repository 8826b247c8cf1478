/*
 * ui_home.h - a private settings folder for the front end's tests that
 * touch the player's files (settings, autosave, saved games, progress): a
 * fresh XDG_DATA_HOME under /tmp, removed afterwards, and the game opened
 * with its files on, as a player starts it. Kept apart from ui_fixture.h
 * because mkdtemp and setenv need _POSIX_C_SOURCE 200809L, which the
 * including test defines before its first include.
 */
#ifndef RB_UI_HOME_H
#define RB_UI_HOME_H

#include <stdlib.h>

#include "ui_fixture.h"

static char fixture_home[64];

/* Makes a new empty folder /tmp/rb-NAME-XXXXXX and names it XDG_DATA_HOME;
 * the name says whose folder is left behind by a crashed test. 0, or -1. */
static inline int fixture_private_home(const char *name)
{
    snprintf(fixture_home, sizeof fixture_home, "/tmp/rb-%s-XXXXXX", name);
    if (!mkdtemp(fixture_home)) {
        return -1;
    }
    return setenv("XDG_DATA_HOME", fixture_home, 1);
}

/* Removes the folder with all the files the game wrote in it. 0, or -1. */
static inline int fixture_remove_home(void)
{
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fixture_home);
    return system(cmd) == 0 ? 0 : -1;
}

/* The cmocka teardown form of fixture_remove_home. */
static inline int fixture_remove_home_teardown(void **state)
{
    (void)state;
    return fixture_remove_home();
}

/* Opens the game off screen with the player's files and opt's command line
 * (800 x 600 when opt gives no size), as a player starts it. */
static inline rb_app *fixture_start(rb_ui_options *opt)
{
    if (opt->width == 0) {
        opt->width = 800;
        opt->height = 600;
    }
    opt->player_files = true;
    rb_ui_app_defaults(&fixture_app);
    char err[1400];
    if (rb_ui_app_open(&fixture_app, opt, true, err, sizeof err) != 0) {
        fail_msg("cannot open the game: %s", err);
    }
    return &fixture_app;
}

/* The plain start with the player's files (the start position or whatever
 * is there to resume), pieces moving at once. */
static inline rb_app *fixture_open_with_player_files(void)
{
    rb_ui_options opt;
    memset(&opt, 0, sizeof opt);
    rb_app *app = fixture_start(&opt);
    app->state.settings.animation = false;
    return app;
}

#endif
