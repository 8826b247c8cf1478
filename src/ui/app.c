/*
 * app.c - the window's life: opening (window or off-screen surface),
 * setting up the game from the command line, the event loop, drawing a
 * frame, and the few operations every part of the front end shares
 * (playing a move, undo, redo, replacing the game, flipping).
 *
 * The loop sleeps in SDL_WaitEvent while nothing moves and draws only when
 * something changed (app->dirty) or a piece is sliding, so an open window
 * costs no CPU. Mouse coordinates are turned into output pixels here, once,
 * so every module works in the renderer's pixels, high DPI or not.
 */
#include "app.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "anim.h"
#include "assets.h"
#include "board_cache.h"
#include "dialog.h"
#include "games.h"
#include "input.h"
#include "layout.h"
#include "panel.h"
#include "prefs.h"
#include "render.h"
#include "settings.h"
#include "text.h"
#include "theme.h"
#include "worker.h"

#ifndef RB_APP_ID
#define RB_APP_ID "org.rollerball.Rollerball"
#endif

#define DEFAULT_W 1024
#define DEFAULT_H 720

void rb_ui_app_defaults(rb_app *app)
{
    memset(app, 0, sizeof *app);
    rb_ui_settings_defaults(&app->settings, app->players);
    app->theme = rb_ui_theme_get(false);
    app->input.sel = -1;
    app->input.hover = -1;
    app->input.promo_to = -1;
}

void rb_ui_app_message(rb_app *app, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->status, sizeof app->status, fmt, ap);
    va_end(ap);
    if (error)
        fprintf(stderr, "rollerball: %s\n", app->status);
    app->dirty = true;
}

const rb_pos *rb_ui_app_pos(const rb_app *app)
{
    return rb_game_pos(&app->game);
}

bool rb_ui_app_computer_to_move(const rb_app *app)
{
    return app->players[rb_ui_app_pos(app)->side].kind == RB_UI_COMPUTER;
}

/* Everything that follows a change of the game, whoever made it. */
static void game_changed(rb_app *app)
{
    app->browsing = false;
    rb_ui_input_cancel(app);
    rb_ui_panel_game_changed(app);
    rb_ui_worker_maybe_start(app);
    app->dirty = true;
}

int rb_ui_app_play(rb_app *app, rb_move m)
{
    rb_pos before = *rb_ui_app_pos(app);
    rb_ui_anim_stop(app);
    if (rb_game_play(&app->game, m) != 0) {
        rb_ui_app_message(app, false, "That move is not legal here.");
        return -1;
    }
    app->status[0] = 0;
    rb_ui_anim_start(app, &before, m);
    game_changed(app);
    return 0;
}

static bool vs_computer(const rb_app *app)
{
    return app->players[0].kind != app->players[1].kind;
}

void rb_ui_app_undo(rb_app *app)
{
    rb_ui_worker_cancel(app);
    rb_ui_anim_stop(app);
    if (!rb_game_undo(&app->game))
        return;
    /* Against the computer, go back to the human's turn. */
    while (vs_computer(app) && rb_ui_app_computer_to_move(app) && rb_game_undo(&app->game))
        ;
    game_changed(app);
}

void rb_ui_app_redo(rb_app *app)
{
    rb_ui_worker_cancel(app);
    rb_ui_anim_stop(app);
    if (!rb_game_redo(&app->game))
        return;
    while (vs_computer(app) && rb_ui_app_computer_to_move(app) && app->game.ply < app->game.length &&
           rb_game_redo(&app->game))
        ;
    game_changed(app);
}

void rb_ui_app_set_game(rb_app *app, rb_game *g)
{
    rb_ui_worker_cancel(app);
    rb_ui_anim_stop(app);
    rb_game_free(&app->game);
    app->game = *g;
    memset(g, 0, sizeof *g);
    app->status[0] = 0;
    game_changed(app);
}

void rb_ui_app_flip(rb_app *app)
{
    app->flipped = !app->flipped;
    rb_ui_anim_stop(app);
    app->dirty = true;
}

void rb_ui_app_changed(rb_app *app)
{
    app->theme = rb_ui_theme_get(app->settings.high_contrast);
    rb_ui_anim_stop(app);
    rb_ui_input_cancel(app);
    app->dirty = true;
}

void rb_ui_app_relayout(rb_app *app)
{
    int ow = 0, oh = 0, ww = 0, wh = 0;
    if (app->window) {
        SDL_GetRendererOutputSize(app->renderer, &ow, &oh);
        SDL_GetWindowSize(app->window, &ww, &wh);
    } else if (app->target) {
        ow = ww = app->target->w;
        oh = wh = app->target->h;
    }
    int old_sq = app->layout.sq;
    rb_ui_layout_compute(&app->layout, ow, oh, ww, wh);
    char err[RB_UI_PATH_MAX + 200];
    if (rb_ui_assets_size_pieces(app, app->layout.sq, err, sizeof err) != 0)
        rb_ui_app_message(app, true, "%s", err);
    if (old_sq != app->layout.sq)
        rb_ui_text_flush(app);
    app->dirty = true;
}

void rb_ui_app_draw(rb_app *app)
{
    const rb_ui_theme *t = app->theme;
    SDL_SetRenderDrawColor(app->renderer, t->background.r, t->background.g, t->background.b, 255);
    SDL_RenderClear(app->renderer);
    rb_ui_render_board(app, SDL_GetTicks());
    rb_ui_panel_draw(app, app->layout.panel);
    if (rb_ui_dialog_active(app))
        rb_ui_dialog_draw(app);
    SDL_RenderPresent(app->renderer);
    app->dirty = false;
    if (app->first_frame_from) {
        double ms = (double)(SDL_GetPerformanceCounter() - app->first_frame_from) * 1000.0 /
                    (double)SDL_GetPerformanceFrequency();
        fprintf(stderr, "rollerball: first frame %.1f ms after start\n", ms);
        app->first_frame_from = 0;
    }
}

/* Shortcuts that work wherever the pointer is (no dialog open). */
static bool global_key(rb_app *app, const SDL_KeyboardEvent *k)
{
    bool ctrl = k->keysym.mod & KMOD_CTRL, shift = k->keysym.mod & KMOD_SHIFT;
    switch (k->keysym.sym) {
    case SDLK_F1:
        rb_ui_dialog_open(app, RB_UI_DIALOG_HELP);
        return true;
    case SDLK_n:
        if (!ctrl)
            return false;
        rb_ui_dialog_open(app, RB_UI_DIALOG_NEW_GAME);
        return true;
    case SDLK_s:
        if (!ctrl)
            return false;
        rb_ui_dialog_open(app, RB_UI_DIALOG_SAVE);
        return true;
    case SDLK_o:
        if (!ctrl)
            return false;
        rb_ui_dialog_open(app, RB_UI_DIALOG_LOAD);
        return true;
    case SDLK_COMMA:
        if (!ctrl)
            return false;
        rb_ui_dialog_open(app, RB_UI_DIALOG_SETTINGS);
        return true;
    case SDLK_z:
        if (!ctrl)
            return false;
        if (shift)
            rb_ui_app_redo(app);
        else
            rb_ui_app_undo(app);
        return true;
    case SDLK_y:
        if (!ctrl)
            return false;
        rb_ui_app_redo(app);
        return true;
    case SDLK_f:
        if (!ctrl)
            return false;
        rb_ui_app_flip(app);
        return true;
    case SDLK_q:
        if (!ctrl)
            return false;
        app->quit = true;
        return true;
    default:
        return false;
    }
}

/* The event with its mouse position in output pixels. */
static SDL_Event to_pixels(const rb_app *app, const SDL_Event *ev)
{
    SDL_Event e = *ev;
    float sx = app->layout.px_per_win_x > 0 ? app->layout.px_per_win_x : 1.0f;
    float sy = app->layout.px_per_win_y > 0 ? app->layout.px_per_win_y : 1.0f;
    switch (e.type) {
    case SDL_MOUSEMOTION:
        e.motion.x = (Sint32)((float)e.motion.x * sx);
        e.motion.y = (Sint32)((float)e.motion.y * sy);
        e.motion.xrel = (Sint32)((float)e.motion.xrel * sx);
        e.motion.yrel = (Sint32)((float)e.motion.yrel * sy);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        e.button.x = (Sint32)((float)e.button.x * sx);
        e.button.y = (Sint32)((float)e.button.y * sy);
        break;
    default:
        break;
    }
    return e;
}

void rb_ui_app_event(rb_app *app, const SDL_Event *raw)
{
    SDL_Event e = to_pixels(app, raw);
    const SDL_Event *ev = &e;
    if (ev->type == SDL_QUIT) {
        app->quit = true;
        return;
    }
    if (ev->type == SDL_WINDOWEVENT) {
        Uint8 we = ev->window.event;
        if (we == SDL_WINDOWEVENT_SIZE_CHANGED || we == SDL_WINDOWEVENT_RESIZED ||
            we == SDL_WINDOWEVENT_DISPLAY_CHANGED)
            rb_ui_app_relayout(app);
        else if (we == SDL_WINDOWEVENT_EXPOSED || we == SDL_WINDOWEVENT_SHOWN)
            app->dirty = true;
    }
    if (ev->type == SDL_RENDER_TARGETS_RESET || ev->type == SDL_RENDER_DEVICE_RESET) {
        rb_ui_assets_drop_textures(app); /* textures are gone: make them again */
        rb_ui_board_cache_lost(app->board_cache);
        if (ev->type == SDL_RENDER_DEVICE_RESET)
            rb_ui_text_flush(app);
        rb_ui_app_relayout(app);
    }
    if (rb_ui_worker_event(app, ev))
        return;
    if (ev->type == SDL_DROPFILE) {
        char why[RB_UI_PATH_MAX + 300];
        if (rb_ui_games_load_file(app, ev->drop.file, why, sizeof why) != 0)
            rb_ui_app_message(app, true, "%s", why);
        else if (rb_ui_dialog_active(app))
            rb_ui_dialog_open(app, RB_UI_DIALOG_NONE); /* it was about the game just replaced */
        SDL_free(ev->drop.file);
        return;
    }
    if (ev->type == SDL_DROPTEXT) {
        /* Dragged text is not a game; SDL leaves its copy to us to free. */
        SDL_free(ev->drop.file);
        return;
    }
    if (rb_ui_dialog_active(app)) {
        rb_ui_dialog_event(app, ev);
        app->dirty = true;
        return;
    }
    if (ev->type == SDL_KEYDOWN && global_key(app, &ev->key))
        return;
    /* A drag in progress keeps the mouse even over the panel. */
    bool drag = app->input.state == RB_UI_DRAGGING || app->input.state == RB_UI_PRESSED;
    if (!drag && rb_ui_panel_event(app, ev))
        return;
    rb_ui_input_event(app, ev);
}

void rb_ui_app_run(rb_app *app)
{
    app->dirty = true;
    while (!app->quit) {
        SDL_Event ev;
        /* Sleep until something happens; while a piece slides, wake for
         * each frame (vsync paces the present where it exists). */
        int got = app->anim.active ? SDL_WaitEventTimeout(&ev, 8) : SDL_WaitEvent(&ev);
        if (got) {
            rb_ui_app_event(app, &ev);
            while (!app->quit && SDL_PollEvent(&ev))
                rb_ui_app_event(app, &ev);
        }
        if (app->dirty || app->anim.active)
            rb_ui_app_draw(app);
    }
}

/* ---- opening -------------------------------------------------------- */

static int set_up_game(rb_app *app, const rb_ui_options *opt, char *err, size_t errlen)
{
    rb_game g;
    memset(&g, 0, sizeof g);
    if (opt->fen) {
        rb_pos pos;
        char why[200];
        if (rb_pos_parse(&pos, opt->fen, why, sizeof why) != 0) {
            snprintf(err, errlen, "--fen: %s", why);
            return -2;
        }
        if (rb_game_init(&g, &pos) != 0) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    } else {
        char why[300];
        /* A game file is loaded once the panel is up (rb_ui_games_load_file);
         * until then the board holds the start position. */
        if (opt->pgn_file || !app->player_files || rb_ui_prefs_resume(app, &g, why, sizeof why) != 0) {
            rb_pos start;
            rb_pos_start(&start);
            if (rb_game_init(&g, &start) != 0) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
        }
    }
    app->game = g;
    return 0;
}

/* Who plays, as the command line says; it overrides what the settings, the
 * resumed autosave or a loaded file said, so "--black computer:9" always
 * means what it says. */
static void apply_cli_players(rb_app *app, const rb_ui_options *opt)
{
    for (int c = 0; c < 2; c++)
        if (opt->players_given[c])
            app->players[c] = opt->players[c];
}

static int open_window(rb_app *app, const rb_ui_options *opt, bool headless, char *err, size_t errlen)
{
    int w = opt->width ? opt->width : DEFAULT_W, h = opt->height ? opt->height : DEFAULT_H;
    if (headless) {
        app->target = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        app->renderer = app->target ? SDL_CreateSoftwareRenderer(app->target) : NULL;
        if (!app->renderer) {
            snprintf(err, errlen, "cannot draw off screen: %s", SDL_GetError());
            return -1;
        }
    } else {
        app->window = SDL_CreateWindow("Rollerball", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                       SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
        if (!app->window) {
            snprintf(err, errlen, "cannot open a window: %s", SDL_GetError());
            return -1;
        }
        SDL_SetWindowMinimumSize(app->window, RB_UI_MIN_W, RB_UI_MIN_H);
        char why[RB_UI_PATH_MAX + 200];
        SDL_Surface *icon = rb_ui_assets_load_icon(app->data_dir, 128, why, sizeof why);
        if (icon) {
            SDL_SetWindowIcon(app->window, icon);
            SDL_FreeSurface(icon);
        } else {
            fprintf(stderr, "rollerball: %s (the window keeps the default icon)\n", why);
        }
        app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
        if (!app->renderer)
            app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
        if (!app->renderer) {
            snprintf(err, errlen, "cannot draw in the window: %s", SDL_GetError());
            return -1;
        }
    }
    SDL_SetRenderDrawBlendMode(app->renderer, SDL_BLENDMODE_BLEND);
    return 0;
}

int rb_ui_app_open(rb_app *app, const rb_ui_options *opt, bool headless, char *err, size_t errlen)
{
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
    SDL_SetHint(SDL_HINT_APP_NAME, "Rollerball");
    SDL_setenv("SDL_VIDEO_X11_WMCLASS", RB_APP_ID, 0);
    SDL_setenv("SDL_VIDEO_WAYLAND_WMCLASS", RB_APP_ID, 0);
    /* Off-screen drawing needs no video driver at all. */
    Uint32 systems = headless ? SDL_INIT_EVENTS | SDL_INIT_TIMER : SDL_INIT_VIDEO | SDL_INIT_TIMER;
    if (SDL_Init(systems) != 0) {
        snprintf(err, errlen, "cannot start SDL: %s", SDL_GetError());
        return -1;
    }
    char why[RB_UI_PATH_MAX + 300];
    if (rb_ui_assets_data_dir(app->data_dir, sizeof app->data_dir, err, errlen) != 0)
        return -1;
    if (rb_ui_assets_load_pieces(app, err, errlen) != 0)
        return -1;
    if (open_window(app, opt, headless, err, errlen) != 0)
        return -1;
    if (rb_ui_text_init(app, err, errlen) != 0)
        return -1;
    /* Off-screen apps (screenshots, tests) leave the player's files alone. */
    app->player_files = !headless || opt->player_files;
    if (app->player_files && rb_ui_prefs_load(app, why, sizeof why) != 0)
        rb_ui_app_message(app, true, "%s", why);
    if (headless) /* off screen nobody thinks: let either side be selected */
        app->players[RB_WHITE].kind = app->players[RB_BLACK].kind = RB_UI_HUMAN;
    app->theme = rb_ui_theme_get(app->settings.high_contrast);
    int r = set_up_game(app, opt, err, errlen);
    if (r != 0)
        return r;
    apply_cli_players(app, opt);
    app->flipped = opt->flip || (app->settings.auto_flip && app->players[RB_WHITE].kind == RB_UI_COMPUTER &&
                                 app->players[RB_BLACK].kind == RB_UI_HUMAN);
    if (rb_ui_panel_init(app, why, sizeof why) != 0)
        rb_ui_app_message(app, true, "%s", why);
    if (rb_ui_dialog_init(app, why, sizeof why) != 0)
        rb_ui_app_message(app, true, "%s", why);
    if (!headless && rb_ui_worker_init(app, why, sizeof why) != 0)
        rb_ui_app_message(app, true, "%s", why);
    if (opt->pgn_file) {
        if (rb_ui_games_load_file(app, opt->pgn_file, err, errlen) != 0)
            return -2;
        apply_cli_players(app, opt);
    }
    rb_ui_app_relayout(app);
    if (app->pieces.board.size == 0) {
        snprintf(err, errlen, "%s", app->status);
        return -1;
    }
    rb_ui_panel_game_changed(app);
    if (!headless)
        rb_ui_worker_maybe_start(app);
    app->dirty = true;
    return 0;
}

void rb_ui_app_close(rb_app *app)
{
    char why[RB_UI_PATH_MAX + 300];
    if (app->worker)
        rb_ui_worker_free(app);
    if (app->player_files && app->game.positions) {
        if (rb_ui_prefs_autosave(app, why, sizeof why) != 0)
            fprintf(stderr, "rollerball: %s\n", why);
        if (rb_ui_prefs_save(app, why, sizeof why) != 0)
            fprintf(stderr, "rollerball: %s\n", why);
    }
    rb_ui_dialog_free(app);
    rb_ui_panel_free(app);
    rb_ui_text_free(app);
    rb_ui_board_cache_free(app->board_cache);
    app->board_cache = NULL;
    rb_ui_prefs_free(app);
    rb_ui_assets_free(app);
    if (app->game.positions)
        rb_game_free(&app->game);
    if (app->renderer)
        SDL_DestroyRenderer(app->renderer);
    if (app->target)
        SDL_FreeSurface(app->target);
    if (app->window)
        SDL_DestroyWindow(app->window);
    app->renderer = NULL;
    app->target = NULL;
    app->window = NULL;
    SDL_Quit();
}
