/*
 * main.c - the rollerball program: parse the command line, open the
 * window (or draw one frame off screen for --screenshot), run; or print
 * the puzzles (--list-puzzles) and exit.
 * Exit codes: 0 fine, 1 the game could not start (missing or damaged data,
 * no display), 2 a bad command line (usage). A game file or position on the
 * command line that cannot be read is not fatal: the game starts as usual
 * and says what was wrong in a dialog over the board.
 */
#include <stdio.h>

#include <SDL.h>

#include "app/app.h"
#include "app/args.h"
#include "media/assets.h"
#include "app/bench.h"
#include "words/i18n.h"
#include "words/lang.h"
#include "app/shot.h"
#include "app/screens.h"

#ifndef RB_VERSION
#define RB_VERSION "unknown"
#endif

int main(int argc, char **argv)
{
    Uint64 started = SDL_GetPerformanceCounter();
    rb_ui_options opt;
    char err[RB_UI_PATH_MAX + 400];
    /* --lang, else the environment's language, for what the command line
     * prints; the settings may change it once the game has read them. */
    int lang = rb_ui_args_lang(argc, argv);
    rb_ui_lang_use(lang >= 0 ? lang : 0);
    switch (rb_ui_args_parse(argc, argv, &opt, err, sizeof err)) {
    case RB_UI_ARGS_HELP: rb_ui_args_usage(stdout); return 0;
    case RB_UI_ARGS_VERSION: printf("rollerball %s\n", RB_VERSION); return 0;
    case RB_UI_ARGS_ERROR: fprintf(stderr, "rollerball: %s\n", err); return 2;
    case RB_UI_ARGS_RUN: break;
    }

    /* --list-lessons and --list-puzzles: what the screen offers. */
    const rb_ui_screen *listed = opt.list_lessons   ? rb_ui_screens_find("learn")
                                 : opt.list_puzzles ? rb_ui_screens_find("puzzles")
                                                    : NULL;
    if (listed) {
        char dir[RB_UI_PATH_MAX];
        if (rb_ui_assets_data_dir(dir, sizeof dir, err, sizeof err) != 0 ||
            listed->list(dir, stdout, err, sizeof err) != 0) {
            fprintf(stderr, "rollerball: %s\n", err);
            return 1;
        }
        return 0;
    }

    static rb_app app; /* large (the move list); keep it off the stack */
    rb_ui_app_defaults(&app);
    bool headless = opt.screenshot != NULL || opt.bench_frame;
    if (opt.time_first_frame && !headless) {
        app.first_frame_from = started;
    }
    if (opt.bench_frame && !opt.width) {
        opt.width = 1920;
        opt.height = 1080;
    }
    int r = rb_ui_app_open(&app, &opt, headless, err, sizeof err);
    if (r == 0 && headless) {
        if (rb_ui_shot_stage(&app, opt.select, opt.hover, err, sizeof err) != 0) {
            r = -2;
        } else if ((opt.show_hint || opt.show_threat) &&
                   rb_ui_shot_coach(&app, opt.show_hint ? RB_UI_COACH_HINT : RB_UI_COACH_THREAT, err, sizeof err) !=
                       0) {
            r = -2;
        } else if (opt.bench_frame) {
            rb_ui_bench_frames(&app, started, stdout);
        }
        if (r == 0 && opt.screenshot && rb_ui_shot_write(&app, opt.screenshot, err, sizeof err) != 0) {
            r = -1;
        }
    }
    if (r != 0) {
        fprintf(stderr, "rollerball: %s\n", err);
        if (!headless) {
            SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, _("Rollerball cannot start"), err, app.window);
        }
        rb_ui_app_close(&app);
        return r == -2 ? 2 : 1;
    }
    if (!headless) {
        rb_ui_app_run(&app);
    }
    rb_ui_app_close(&app);
    return 0;
}
