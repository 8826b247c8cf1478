/*
 * app.c - the window's life: opening (window or off-screen surface),
 * setting up the game from the command line, the event loop, routing
 * events to the views, and drawing a frame.
 *
 * An event goes to the open dialog, the window's shortcuts, the panel or
 * the board, in that order; what the view asks for comes back as a command
 * and goes to rb_ui_apply(). A redraw is marked in two places only: by
 * rb_ui_apply(), and here when an event changed the views' input state
 * (the state before and after the event differ).
 *
 * The loop sleeps in SDL_WaitEvent while nothing moves, or until the next
 * timer (pace.c: a found move to show, a premove, typed text to forget; a
 * running clock's next change of the time shown: once a second, ten times a
 * second in the last ten seconds), and draws only when something changed
 * (app->dirty) or a piece is sliding, so an open window costs no CPU.
 * Mouse coordinates are turned into output pixels here, once,
 * so every module works in the renderer's pixels, high DPI or not.
 */
#include "app/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/apply.h"
#include "app/net_chat.h"
#include "app/net_join.h"
#include "app/net_play.h"
#include "app/online.h"
#include "app/screens.h"
#include "app/speak.h"
#include "board/anim.h"
#include "board/board_cache.h"
#include "board/explain.h"
#include "board/input.h"
#include "board/render.h"
#include "board/symbols.h"
#include "computer/coach.h"
#include "computer/review.h"
#include "computer/worker.h"
#include "dialogs/dialog.h"
#include "dialogs/dlg.h"
#include "dialogs/dlg_welcome.h"
#include "files/games.h"
#include "files/prefs.h"
#include "files/settings.h"
#include "kit/layout.h"
#include "kit/text.h"
#include "kit/theme.h"
#include "media/assets.h"
#include "media/sound.h"
#include "panel/panel.h"
#include "panel/review_view.h"
#include "rb_learn.h"
#include "rb_tb.h"
#include "state/game_clock.h"
#include "state/pace.h"
#include "words/i18n.h"
#include "words/lang.h"
#include "words/message_words.h"

#ifndef RB_APP_ID
#define RB_APP_ID "org.rollerball.Rollerball"
#endif

#define DEFAULT_W 1024
#define DEFAULT_H 720

void rb_ui_app_defaults(rb_app *app)
{
    memset(app, 0, sizeof *app);
    rb_ui_settings_defaults(&app->state.settings, app->state.players);
    app->theme = rb_ui_theme_get(app->state.settings.theme);
    app->clip_get = SDL_GetClipboardText;
    app->clip_set = SDL_SetClipboardText;
    app->state.input.sel = -1;
    app->state.input.focus = -1;
    app->state.input.panel_focus = -1;
    app->state.input.hover = -1;
    app->state.input.promo_to = -1;
    app->state.explain.blocker = -1;
    app->state.tip.sq = app->state.tip.color = -1;
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
    int old_sq = app->layout.sq, old_px = app->layout.font_px;
    float ratio = wh > 0 ? (float)oh / (float)wh : 1.0f;
    /* Off screen (screenshots, tests) the pixels are the ones asked for,
     * whatever the desktop says, unless a test says otherwise. */
    float system = app->system_scale > 0 ? app->system_scale
                   : app->window         ? rb_ui_layout_system_scale(ratio, SDL_getenv("GDK_SCALE"))
                                         : 1.0f;
    rb_ui_layout_compute_scaled(&app->layout, ow, oh, ww, wh, system, app->state.settings.ui_scale_pct);
    /* A new interface size keeps the window where it is; a window moved
     * to another screen is the player's to place. */
    bool keep_place = app->relayout_due;
    app->relayout_due = false;
    if (app->window) {
        /* The least window follows the interface size and the display's
         * scale (a window moved to another screen may change it); SDL
         * enlarges a window smaller than its new least. */
        int least_w, least_h, now_w, now_h;
        rb_ui_layout_least_window(app->layout.ui_pct, system, app->layout.px_per_win_y, &least_w, &least_h);
        SDL_GetWindowMinimumSize(app->window, &now_w, &now_h);
        if (least_w != now_w || least_h != now_h) {
            if (keep_place) {
                SDL_GetWindowPosition(app->window, &app->keep_at.x, &app->keep_at.y);
                app->keep_until = SDL_GetTicks() + 1000;
                app->keep_until += app->keep_until == 0;
                app->keep_from_frame = true;
            }
            SDL_SetWindowMinimumSize(app->window, least_w, least_h);
        }
    }
    char err[RB_UI_PATH_MAX + 200];
    if (rb_ui_assets_size_pieces(app, app->layout.sq, err, sizeof err) != 0) {
        rb_ui_state_say(&app->state, true, "%s", err);
    }
    if (old_sq != app->layout.sq || old_px != app->layout.font_px) {
        rb_ui_text_flush(app);
    }
}

static void app_draw_frame(rb_app *app);

void rb_ui_app_draw(rb_app *app)
{
    if (app->relayout_due) {
        rb_ui_app_relayout(app);
    }
    app_draw_frame(app);
    /* A dialog that changed size around a control kept in place is drawn
     * again with the control back where it was, before anyone sees it. */
    for (int i = 0; i < 2 && rb_ui_dialog_active(&app->state) && rb_ui_dlg_settle(app); i++) {
        app_draw_frame(app);
    }
    SDL_RenderPresent(app->renderer);
    app->dirty = false;
    /* SDL's move comes as an event after this frame, however long the new
     * size took to draw (fonts and pieces made again): the second in which
     * it is undone starts now. */
    if (app->keep_from_frame) {
        app->keep_from_frame = false;
        if (app->keep_until) {
            app->keep_until = SDL_GetTicks() + 1000;
            app->keep_until += app->keep_until == 0;
        }
    }
    if (app->first_frame_from) {
        double ms = (double)(SDL_GetPerformanceCounter() - app->first_frame_from) * 1000.0 /
                    (double)SDL_GetPerformanceFrequency();
        /* TRANSLATORS: the time from start to the first frame, in milliseconds */
        fprintf(stderr, _("rollerball: first frame %.1f ms after start\n"), ms);
        app->first_frame_from = 0;
    }
}

static void app_draw_frame(rb_app *app)
{
    const rb_ui_theme *t = app->theme;
    Uint32 now = rb_ui_window_now(app);
    /* A slide whose time is up ends before the frame, not inside it. */
    if (rb_ui_anim_over(&app->state.anim, now)) {
        rb_ui_anim_stop(&app->state.anim);
    }
    const rb_ui_state *st = &app->state;
    SDL_SetRenderDrawColor(app->renderer, t->background.r, t->background.g, t->background.b, 255);
    SDL_RenderClear(app->renderer);
    const rb_ui_screen *top = rb_ui_screens_top(st);
    if (top) {
        top->draw(app, st, now); /* the screen in place of the game */
    } else {
        rb_ui_render_board(app, st, now);
        rb_ui_coach_draw(app, st);
        rb_ui_explain_draw(app, st);
        if (!rb_ui_dialog_active(st)) {
            rb_ui_symbols_draw(app, st);
        }
        rb_ui_panel_draw(app, st, app->layout.panel);
    }
    if (rb_ui_dialog_active(st)) {
        rb_ui_dialog_draw(app, st);
    }
}

/* Shortcuts that work wherever the pointer is (no dialog open). */
static rb_ui_cmd global_key(const SDL_KeyboardEvent *k, bool *used)
{
    static const struct {
        SDL_Keycode key;
        bool ctrl, shift;
        rb_ui_cmd cmd;
    } keys[] = {
        {SDLK_F1, false, false, {.kind = RB_UI_CMD_OPEN_DIALOG, .open_dialog.dialog = RB_UI_DIALOG_HELP}},
        {SDLK_n, true, false, {.kind = RB_UI_CMD_OPEN_DIALOG, .open_dialog.dialog = RB_UI_DIALOG_NEW_GAME}},
        {SDLK_s, true, false, {.kind = RB_UI_CMD_OPEN_DIALOG, .open_dialog.dialog = RB_UI_DIALOG_SAVE}},
        {SDLK_o, true, false, {.kind = RB_UI_CMD_OPEN_DIALOG, .open_dialog.dialog = RB_UI_DIALOG_LOAD}},
        {SDLK_COMMA, true, false, {.kind = RB_UI_CMD_OPEN_DIALOG, .open_dialog.dialog = RB_UI_DIALOG_SETTINGS}},
        {SDLK_z, true, false, {.kind = RB_UI_CMD_UNDO}},
        {SDLK_z, true, true, {.kind = RB_UI_CMD_REDO}},
        {SDLK_y, true, false, {.kind = RB_UI_CMD_REDO}},
        {SDLK_f, true, false, {.kind = RB_UI_CMD_FLIP}},
        {SDLK_q, true, false, {.kind = RB_UI_CMD_QUIT}},
        {SDLK_c, true, false, {.kind = RB_UI_CMD_COPY, .copy.whole_game = false}},
        {SDLK_c, true, true, {.kind = RB_UI_CMD_COPY, .copy.whole_game = true}},
        {SDLK_v, true, false, {.kind = RB_UI_CMD_PASTE}},
        {SDLK_p, true, false, {.kind = RB_UI_CMD_PUZZLE_OPEN}},
        {SDLK_r, true, false, {.kind = RB_UI_CMD_REVIEW}},
        {SDLK_m, true, false, {.kind = RB_UI_CMD_MISTAKES_OPEN}},
        {SDLK_F5, false, false, {.kind = RB_UI_CMD_ANALYSIS_OPEN}},
        {SDLK_e, true, false, {.kind = RB_UI_CMD_EDITOR_OPEN}},
    };
    bool ctrl = k->keysym.mod & KMOD_CTRL, shift = k->keysym.mod & KMOD_SHIFT;
    *used = false;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        /* Shift matters only where it picks another command (Ctrl+Shift+Z,
         * Ctrl+Shift+C). */
        bool picks = keys[i].key == SDLK_z || keys[i].key == SDLK_c;
        bool shift_ok = picks ? shift == keys[i].shift : !keys[i].shift;
        if (keys[i].key != k->keysym.sym || (keys[i].ctrl && !ctrl) || !shift_ok) {
            continue;
        }
        *used = true;
        return keys[i].cmd;
    }
    return rb_ui_cmd_of(RB_UI_CMD_NONE);
}

/* The window moved to x, y: just after a new interface size set its least
 * size, that is SDL's doing (its move asks for the window's own corner
 * where the window manager puts the frame's), so it goes back, by the
 * same offset the other way; once, and only for a second. */
static void app_keep_place(rb_app *app, int x, int y)
{
    bool fresh = !SDL_TICKS_PASSED(SDL_GetTicks(), app->keep_until);
    int dx = x - app->keep_at.x, dy = y - app->keep_at.y;
    app->keep_until = 0;
    if (fresh && app->window && (dx || dy)) {
        SDL_SetWindowPosition(app->window, app->keep_at.x - dx, app->keep_at.y - dy);
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
    default: break;
    }
    return e;
}

/* Routes an event to whoever takes it; returns what it asks for. *shown
 * is set when the picture must be drawn again for a reason outside the
 * state (the window resized or uncovered, the computer's progress). */
static rb_ui_cmd route(rb_app *app, const SDL_Event *ev, bool *shown)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (ev->type == SDL_QUIT) {
        return rb_ui_cmd_of(RB_UI_CMD_QUIT);
    }
    if (ev->type == SDL_WINDOWEVENT) {
        Uint8 we = ev->window.event;
        if (we == SDL_WINDOWEVENT_SIZE_CHANGED || we == SDL_WINDOWEVENT_RESIZED ||
            we == SDL_WINDOWEVENT_DISPLAY_CHANGED) {
            rb_ui_app_relayout(app);
            *shown = true;
        } else if (we == SDL_WINDOWEVENT_EXPOSED || we == SDL_WINDOWEVENT_SHOWN) {
            *shown = true;
        } else if (we == SDL_WINDOWEVENT_MOVED && app->keep_until) {
            app_keep_place(app, ev->window.data1, ev->window.data2);
        }
        /* The clocks may pause while the window is minimised. */
        bool away = we == SDL_WINDOWEVENT_MINIMIZED;
        bool back = we == SDL_WINDOWEVENT_RESTORED || we == SDL_WINDOWEVENT_MAXIMIZED || we == SDL_WINDOWEVENT_SHOWN;
        if ((away && !app->state.minimised) || (back && app->state.minimised)) {
            cmd.kind = RB_UI_CMD_MINIMISED;
            cmd.minimised.away = away;
            return cmd;
        }
    }
    if (ev->type == SDL_RENDER_TARGETS_RESET || ev->type == SDL_RENDER_DEVICE_RESET) {
        rb_ui_assets_drop_textures(app); /* textures are gone: make them again */
        rb_ui_board_cache_lost(app->board_cache);
        if (ev->type == SDL_RENDER_DEVICE_RESET) {
            rb_ui_text_flush(app);
        }
        rb_ui_app_relayout(app);
        *shown = true;
    }
    switch (rb_ui_review_event(app, ev, &cmd)) {
    case RB_UI_REVIEW_NOT_OURS: break;
    case RB_UI_REVIEW_STALE: return cmd;
    case RB_UI_REVIEW_PROGRESS: /* the panel's bar moves */
    case RB_UI_REVIEW_DONE: *shown = true; return cmd;
    }
    switch (rb_ui_worker_event(app, ev, &cmd)) {
    case RB_UI_SEARCH_NOT_OURS: break;
    case RB_UI_SEARCH_STALE: return cmd;
    case RB_UI_SEARCH_PROGRESS: /* the panel shows the depth */
    case RB_UI_SEARCH_DONE: *shown = true; return cmd;
    }
    switch (rb_ui_coach_event(app, ev, &cmd)) {
    case RB_UI_SEARCH_NOT_OURS: break;
    case RB_UI_SEARCH_STALE:
    case RB_UI_SEARCH_PROGRESS: return cmd;
    case RB_UI_SEARCH_DONE: *shown = true; return cmd;
    }
    for (size_t i = 0; i < rb_ui_screens_count; i++) {
        const rb_ui_screen *s = rb_ui_screens[i];
        if (s->engine_event && s->engine_event(app, ev, &cmd)) {
            *shown = true;
            return cmd;
        }
    }
    if (ev->type == SDL_DROPFILE) {
        cmd.kind = RB_UI_CMD_LOAD;
        cmd.load.path = ev->drop.file; /* freed by the caller once applied */
        return cmd;
    }
    if (ev->type == SDL_DROPTEXT) {
        return cmd;
    }
    bool used = false;
    if (ev->type == SDL_KEYDOWN) { /* F6, wherever the focus is */
        cmd = rb_ui_speak_toggle_key(&ev->key);
        if (cmd.kind != RB_UI_CMD_NONE) {
            cmd.set_setting.on = !app->state.settings.speech;
            return cmd;
        }
    }
    if (rb_ui_dialog_active(&app->state)) {
        /* Ctrl+Q quits from any dialog too: a question on the screen is
         * no reason to be kept in the game. */
        if (ev->type == SDL_KEYDOWN && ev->key.keysym.sym == SDLK_q && (ev->key.keysym.mod & KMOD_CTRL) &&
            !(ev->key.keysym.mod & (KMOD_SHIFT | KMOD_ALT))) {
            return rb_ui_cmd_of(RB_UI_CMD_QUIT);
        }
        return rb_ui_dialog_event(app, ev);
    }
    cmd = rb_ui_net_chat_event(app, ev, &used); /* the chat field, while it has the keys */
    if (used) {
        return cmd;
    }
    if (ev->type == SDL_KEYDOWN) { /* the spoken mode's keys come before the screens' and the panel's */
        cmd = rb_ui_speak_key(app, &ev->key, &used);
        if (used) {
            return cmd;
        }
    }
    const rb_ui_screen *top = rb_ui_screens_top(&app->state);
    if (top) {
        cmd = top->event(app, ev, &used);
        if (used || top->below == RB_UI_BELOW_NOTHING) {
            return cmd;
        }
        if (top->below == RB_UI_BELOW_WINDOW_KEYS) { /* nothing else under it */
            return ev->type == SDL_KEYDOWN ? global_key(&ev->key, &used) : rb_ui_cmd_of(RB_UI_CMD_NONE);
        }
    }
    if (ev->type == SDL_KEYDOWN) {
        cmd = global_key(&ev->key, &used);
        if (used) {
            return cmd;
        }
    }
    rb_ui_symbols_event(app, ev, rb_ui_window_now(app));
    /* A drag in progress keeps the mouse even over the panel. */
    rb_ui_input_state in = app->state.input.state;
    if (in != RB_UI_DRAGGING && in != RB_UI_PRESSED) {
        cmd = rb_ui_review_view_event(app, ev, &used);
        if (used) {
            return cmd;
        }
        cmd = rb_ui_panel_event(app, ev, &used);
        if (used) {
            return cmd;
        }
    }
    return rb_ui_input_event(app, ev);
}

void rb_ui_app_event(rb_app *app, const SDL_Event *raw)
{
    SDL_Event e = to_pixels(app, raw);
    /* The views' input state before the event: when the event changes it,
     * the window shows something new. */
    rb_ui_state before = app->state;
    bool shown = false;
    rb_ui_cmd cmd = route(app, &e, &shown);
    if (shown || memcmp(&before, &app->state, sizeof before) != 0) {
        app->dirty = true;
    }
    if (app->state.dialog.kind != RB_UI_DIALOG_NONE && before.dialog.kind == app->state.dialog.kind) {
        rb_ui_speak_dialog_focus(app, before.dialog.focus);
        rb_ui_speak_field_edit(app, &before.dialog);
        rb_ui_speak_load_row(app, &before.dialog);
        rb_ui_speak_help_page(app, before.dialog.page);
    }
    rb_ui_speak_dialog_change(app, before.dialog.kind);
    rb_ui_apply(app, &cmd);
    rb_ui_speak_steppers(app, &before);
    /* SDL leaves dropped file names and text to us to free. */
    if (e.type == SDL_DROPFILE || e.type == SDL_DROPTEXT) {
        SDL_free(e.drop.file);
    }
    /* What the event made due (a found move whose time has come) happens
     * now, not at the next wake-up. */
    rb_ui_app_tick(app);
}

/* The time until a timed view change (an explanation going, a symbol's
 * meaning showing), RB_UI_PACE_NEVER for none. */
static Uint32 view_wait_ms(const rb_app *app, Uint32 now_ms)
{
    Uint32 wait = RB_UI_PACE_NEVER;
    Uint32 wakes[2] = {rb_ui_explain_wake(&app->state), rb_ui_symbols_wake(&app->state)};
    for (int i = 0; i < 2; i++) {
        if (!wakes[i]) {
            continue;
        }
        Uint32 ms = SDL_TICKS_PASSED(now_ms, wakes[i]) ? 0 : wakes[i] - now_ms + 1;
        if (ms < wait) {
            wait = ms;
        }
    }
    return wait;
}

Uint32 rb_ui_app_tick(rb_app *app)
{
    rb_ui_speak_poll(app);
    /* A network game's connection, looked at each round without waiting. */
    Uint32 net_wait = rb_ui_net_play_tick(app);
    Uint32 lobby_wait = rb_ui_online_tick(app); /* and a server's lobby */
    net_wait = lobby_wait < net_wait ? lobby_wait : net_wait;
    Uint32 join_wait = rb_ui_net_join_tick(app); /* the Join view's list and connection */
    net_wait = join_wait < net_wait ? join_wait : net_wait;
    Uint32 now = rb_ui_window_now(app);
    if (rb_ui_explain_tick(&app->state, now)) {
        app->dirty = true;
    }
    if (rb_ui_symbols_tick(&app->state, now)) {
        app->dirty = true;
    }
    /* Each due command clears what made it due; the bound only guards
     * against a command that would not. */
    for (int i = 0; i < 8; i++) {
        Uint32 wait;
        rb_ui_cmd cmd = rb_ui_pace_due(&app->state, rb_ui_window_now(app), &wait);
        if (cmd.kind == RB_UI_CMD_NONE) {
            Uint32 views = view_wait_ms(app, rb_ui_window_now(app));
            wait = views < wait ? views : wait;
            return net_wait < wait ? net_wait : wait;
        }
        rb_ui_apply(app, &cmd);
    }
    return 0;
}

void rb_ui_app_run(rb_app *app)
{
    app->dirty = true;
    while (!app->quit) {
        Uint32 wait = rb_ui_app_tick(app);
        /* A running clock wakes the loop when the time it shows changes. */
        int64_t now = rb_ui_window_now_ms(app);
        int64_t clock_wait = rb_ui_game_clock_wait(&app->state, now);
        if (clock_wait >= 0 && (uint64_t)clock_wait < wait) {
            wait = clock_wait < 1 ? 1 : (Uint32)clock_wait;
        }
        if (app->dirty || app->state.anim.active) {
            rb_ui_app_draw(app);
        }
        /* Sleep until something happens or the next timer is due; while a
         * piece slides, wake for each frame (vsync paces the present where
         * it exists). Nothing else wakes the loop: waiting costs no CPU. */
        bool moving = app->state.anim.active;
        for (size_t i = 0; i < rb_ui_screens_count; i++) {
            if (rb_ui_screens[i]->moving && rb_ui_screens[i]->moving(&app->state)) {
                moving = true;
            }
        }
        if (moving && wait > 8) {
            wait = 8;
        }
        SDL_Event ev;
        int got = wait == RB_UI_PACE_NEVER ? SDL_WaitEvent(&ev)
                                           : SDL_WaitEventTimeout(&ev, (int)(wait > 60000 ? 60000 : wait) + 1);
        if (got) {
            rb_ui_app_event(app, &ev);
            while (!app->quit && SDL_PollEvent(&ev)) {
                rb_ui_app_event(app, &ev);
            }
        }
        /* The time shown changed: the clock's command draws it again, and
         * sounds the warning or ends the game when a flag falls. */
        if (clock_wait >= 0 && rb_ui_window_now_ms(app) >= now + clock_wait) {
            rb_ui_cmd tick = rb_ui_cmd_of(RB_UI_CMD_CLOCK);
            rb_ui_apply(app, &tick);
        }
        /* A screen's timed steps (a puzzle's reply, the next move of a
         * line being shown) come on their own, after their pause. */
        for (size_t i = 0; i < rb_ui_screens_count; i++) {
            if (rb_ui_screens[i]->tick) {
                rb_ui_cmd due = rb_ui_screens[i]->tick(&app->state, rb_ui_window_now(app));
                rb_ui_apply(app, &due);
            }
        }
    }
}

/* ---- opening -------------------------------------------------------- */

/* The game to start with, from the command line (a position or a game
 * file), the autosave (*resumed), or the start position; who plays it in
 * players. A position or file that cannot be read does not stop the game:
 * it starts as it would without one, and note says what was wrong (also
 * when a file's moves go wrong part-way: it opens at its last good move).
 * Returns 0, or -1 (out of memory) with a message in err. */
static int set_up_game(rb_app *app, const rb_ui_options *opt, rb_game *g, rb_ui_player players[2], bool *resumed,
                       char *note, size_t notelen, const char **title, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    *resumed = false;
    note[0] = '\0';
    *title = opt->fen ? _("Could not read the position") : _("Could not open the game");
    rb_pos pos;
    rb_pos_start(&pos);
    bool from_cli = false;
    if (opt->fen && !opt->edit) {
        rb_message msg;
        if (rb_pos_parse_why(&pos, opt->fen, &msg) != 0) {
            char why[RB_UI_MESSAGE_TEXT_MAX];
            rb_ui_message_words_text(&msg, why, sizeof why);
            /* TRANSLATORS: %s is what is wrong with the position string */
            snprintf(note, notelen, _("The position given with --fen could not be read: %s"), why);
            rb_pos_start(&pos);
        } else {
            /* A position to look at: nobody moves before the player has
             * seen it, unless --white or --black says so. */
            players[0].kind = players[1].kind = RB_UI_HUMAN;
            from_cli = true;
        }
    } else if (opt->pgn_file) {
        int rc = rb_ui_games_read(opt->pgn_file, g, players, note, notelen);
        if (rc > 0) {
            *title = _("Part of the game could not be read");
        }
        if (rc >= 0) {
            return 0; /* note says what was wrong, if anything */
        }
    }
    if (!from_cli && app->player_files) {
        char why[300];
        *resumed = rb_ui_prefs_resume(app, g, why, sizeof why) == 0;
        if (*resumed) {
            return 0;
        }
    }
    if (rb_game_init(g, &pos) != 0) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return -1;
    }
    rb_ui_prefs_tag_date(g, time(NULL));
    return 0;
}

/* Who plays, as the command line says; it overrides what the settings, the
 * resumed autosave or a loaded file said, so "--black computer:9" always
 * means what it says. */
static void apply_cli_players(rb_ui_player players[2], const rb_ui_options *opt)
{
    for (int c = 0; c < 2; c++) {
        if (opt->players_given[c]) {
            players[c] = opt->players[c];
        }
    }
}

/* The welcome opens over the board at the first start, unless the command
 * line already says what to play (a game file, a position, the players, a
 * lesson). */
static bool welcome_at_start(rb_app *app, const rb_ui_options *opt)
{
    if (!app->player_files || opt->pgn_file || opt->fen || opt->players_given[0] || opt->players_given[1] ||
        opt->learn || opt->edit || opt->net_host || opt->net_join) {
        return false;
    }
    return rb_ui_prefs_first_start(app);
}

static int open_window(rb_app *app, const rb_ui_options *opt, bool headless, char *err, size_t errlen)
{
    int w = opt->width ? opt->width : DEFAULT_W, h = opt->height ? opt->height : DEFAULT_H;
    if (headless) {
        app->target = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        app->renderer = app->target ? SDL_CreateSoftwareRenderer(app->target) : NULL;
        if (!app->renderer) {
            snprintf(err, errlen, _("cannot draw off screen: %s"), SDL_GetError());
            return -1;
        }
    } else {
        app->window = SDL_CreateWindow("Rollerball", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                       SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
        if (!app->window) {
            snprintf(err, errlen, _("cannot open a window: %s"), SDL_GetError());
            return -1;
        }
        char why[RB_UI_PATH_MAX + 200];
        SDL_Surface *icon = rb_ui_assets_load_icon(app->data_dir, 128, why, sizeof why);
        if (icon) {
            SDL_SetWindowIcon(app->window, icon);
            SDL_FreeSurface(icon);
        } else {
            fprintf(stderr, _("rollerball: %s (the window keeps the default icon)\n"), why);
        }
        app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
        if (!app->renderer) {
            app->renderer = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
        }
        if (!app->renderer) {
            snprintf(err, errlen, _("cannot draw in the window: %s"), SDL_GetError());
            return -1;
        }
    }
    SDL_SetRenderDrawBlendMode(app->renderer, SDL_BLENDMODE_BLEND);
    return 0;
}

/* --analyse: the analysis board on the game; a screenshot waits for the
 * engine's three lines to settle a little (depth 10), at most 2 s, and
 * shows the best line's first move as if it were pointed at. */
static int open_analysis(rb_app *app, char *err, size_t errlen)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_ANALYSIS_OPEN);
    if (rb_ui_apply(app, &cmd) != 0) {
        snprintf(err, errlen, "--analyse: %s", app->state.status);
        return -1;
    }
    const rb_ui_analysis_state *an = &app->state.analysis;
    Uint64 end = SDL_GetTicks64() + 2000;
    while (!app->window && SDL_GetTicks64() < end &&
           !(an->nlines == RB_UI_ANALYSIS_LINES && an->lines[0].depth >= 10) &&
           rb_pos_status(&an->board) == RB_ONGOING) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 20)) {
            rb_ui_app_event(app, &ev);
        }
    }
    if (!app->window && an->nlines > 0) {
        app->state.analysis.hover_line = 0;
    }
    return 0;
}

/* --edit [--fen STRING]: the position editor on the game's position, or
 * on the string given. A string whose form cannot be read stays in the
 * editor's field with the parser's message (and is named on stderr); one
 * that reads but is no legal position is set up with its reason shown. */
static void open_editor(rb_app *app, const rb_ui_options *opt)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_EDITOR_OPEN);
    rb_ui_apply(app, &cmd);
    if (!opt->fen) {
        return;
    }
    cmd = rb_ui_cmd_of(RB_UI_CMD_EDITOR_TEXT);
    cmd.editor_text.text = opt->fen;
    if (rb_ui_apply(app, &cmd) != 0) {
        fprintf(stderr, "rollerball: --fen: %s\n", app->state.editor.field_error);
    }
}

/* --puzzle ID [--puzzle-show hint|path|solution]: the trainer on that
 * puzzle, with the aid asked for shown to its end. */
static int open_puzzle(rb_app *app, const rb_ui_options *opt, char *err, size_t errlen)
{
    rb_ui_cmd cmd = rb_ui_cmd_of(RB_UI_CMD_PUZZLE_OPEN);
    cmd.puzzle_open.id = opt->puzzle_id;
    if (rb_ui_apply(app, &cmd) != 0 && !app->state.trainer.unavailable) {
        snprintf(err, errlen, "--puzzle %d: %s", opt->puzzle_id, app->state.status);
        return -2;
    }
    const char *aid = opt->puzzle_show;
    if (!aid || app->state.trainer.unavailable) {
        return 0;
    }
    int hints = strcmp(aid, "hint") == 0 ? 1 : strcmp(aid, "path") == 0 ? 2 : 0;
    for (int i = 0; i < hints; i++) {
        rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_PUZZLE_HINT});
    }
    if (strcmp(aid, "solution") == 0) {
        rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_PUZZLE_SOLUTION});
        const rb_ui_screen *puzzles = rb_ui_screens_owner(RB_UI_CMD_PUZZLE_OPEN);
        while (puzzles->moving(&app->state)) {
            rb_ui_apply(app, &(rb_ui_cmd){.kind = RB_UI_CMD_PUZZLE_STEP});
        }
    }
    return 0;
}

/* The pieces of the set chosen. One the command line names must be there;
 * one the settings name gives way to the classic set when its files are
 * missing or damaged, with a message saying which file and what was used
 * instead, so a broken folder cannot keep the game from starting. */
static int load_piece_set(rb_app *app, const rb_ui_options *opt, char *err, size_t errlen)
{
    rb_ui_state *st = &app->state;
    int set = st->settings.pieces >= 0 && st->settings.pieces < rb_ui_piece_set_count ? st->settings.pieces : 0;
    if (rb_ui_assets_load_pieces(app, set, err, errlen) == 0) {
        return 0;
    }
    if (opt->pieces || set == 0) {
        return -1;
    }
    char why[RB_UI_PATH_MAX + 200];
    snprintf(why, sizeof why, "%s", err);
    if (rb_ui_assets_load_pieces(app, 0, err, errlen) != 0) {
        return -1;
    }
    st->settings.pieces = 0;
    /* TRANSLATORS: the set's name, then why it cannot be used (naming the file). */
    rb_ui_state_say(st, true, _("The %s pieces cannot be used (%s); the classic pieces are shown instead."),
                    _(rb_ui_piece_sets[set].label), why);
    return 0;
}

/* The endgame tables beside the game's data, read when first probed; the
 * computer player, the coach, the analysis board and the review share
 * them. Without them everything works as before, and the terminal is told
 * once. */
static void open_tables(rb_app *app)
{
    char dir[RB_UI_PATH_MAX + 16];
    snprintf(dir, sizeof dir, "%stables", app->data_dir);
    app->tables = rb_tb_open(dir);
    if (app->tables != NULL && rb_tb_max_men(app->tables) == 0) {
        fprintf(stderr, "rollerball: ");
        fprintf(stderr, _("no endgame tables in %s: the computer plays endings by search alone"), dir);
        fprintf(stderr, "\n");
    }
}

/* The spoken mode: --speech-log and --speak turn it on; the setting keeps
 * it on; a window without either asks the desktop, on the voice's thread,
 * whether a screen reader runs (speak.c turns the mode on if so). */
static int start_speech(rb_app *app, const rb_ui_options *opt, bool headless, char *err, size_t errlen)
{
    rb_ui_settings *s = &app->state.settings;
    char why[RB_UI_PATH_MAX + 300];
    if (opt->speech_log || opt->speak) {
        s->speech = true;
    }
    if (!s->speech && headless) {
        return 0;
    }
    if (rb_ui_speak_start(app, opt->speech_log, !s->speech, why, sizeof why) != 0) {
        snprintf(err, errlen, "--speech-log: %s", why);
        return -1;
    }
    if (s->speech) {
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, _("Spoken mode on. F6 turns it off; the question mark lists the keys."));
    }
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
        snprintf(err, errlen, _("cannot start SDL: %s"), SDL_GetError());
        return -1;
    }
    char why[RB_UI_PATH_MAX + 300];
    if (rb_ui_assets_data_dir(app->data_dir, sizeof app->data_dir, err, errlen) != 0) {
        return -1;
    }
    open_tables(app);
    if (open_window(app, opt, headless, err, errlen) != 0) {
        return -1;
    }
    if (rb_ui_text_init(app, err, errlen) != 0) {
        return -1;
    }
    /* Off-screen apps (screenshots, tests) leave the player's files alone. */
    rb_ui_state *st = &app->state;
    app->player_files = !headless || opt->player_files;
    bool welcome = welcome_at_start(app, opt); /* before any file is written */
    if (app->player_files && rb_ui_prefs_load(app, why, sizeof why) != 0) {
        rb_ui_state_say(st, true, "%s", why);
    }
    /* The language: --lang for this run, else the settings' choice (main
     * started with the environment's, for the command line's messages). */
    if (opt->lang >= 0 || st->settings.language > 0) {
        rb_ui_lang_use(opt->lang >= 0 ? opt->lang : st->settings.language);
    }
    /* Sound opens once, for a window only; without a device it is silent. */
    if (!headless) {
        app->sound = rb_ui_sound_open(app->data_dir);
    }
    rb_ui_apply_sound_settings(app);
    if (headless && !opt->keep_players) { /* off screen nobody thinks: let either side be selected */
        st->players[RB_WHITE].kind = st->players[RB_BLACK].kind = RB_UI_HUMAN;
    }
    if (start_speech(app, opt, headless, err, errlen) != 0) {
        return -1;
    }
    if (opt->theme) { /* args.c checked the names */
        st->settings.theme = rb_ui_theme_find(opt->theme);
    }
    if (opt->pieces) {
        st->settings.pieces = rb_ui_assets_find_set(opt->pieces);
    }
    app->theme = rb_ui_theme_get(st->settings.theme);
    if (load_piece_set(app, opt, err, errlen) != 0) {
        return -1;
    }
    rb_ui_cmd set = rb_ui_cmd_of(RB_UI_CMD_SET_GAME);
    rb_game g;
    bool resumed;
    set.set_game.players[0] = st->players[0];
    set.set_game.players[1] = st->players[1];
    char note[RB_UI_PATH_MAX + 400];
    const char *title;
    if (set_up_game(app, opt, &g, set.set_game.players, &resumed, note, sizeof note, &title, err, errlen) != 0) {
        return -1;
    }
    if (opt->fen && !opt->edit && !note[0]) { /* the board turns as the position's players say */
        st->players[0].kind = st->players[1].kind = RB_UI_HUMAN;
    }
    if (resumed) { /* the autosave said who played */
        set.set_game.players[0] = st->players[0];
        set.set_game.players[1] = st->players[1];
    }
    apply_cli_players(set.set_game.players, opt);
    /* Black at the bottom as the settings and command line say; a game
     * file's players do not turn the board. */
    apply_cli_players(st->players, opt);
    if (welcome) { /* the game waiting behind the welcome is the computer the welcome offers */
        for (int c = 0; c < 2; c++) {
            st->players[c].level = set.set_game.players[c].level = RB_UI_WELCOME_LEVEL;
        }
    }
    st->flipped = opt->flip || (st->settings.auto_flip && st->players[RB_WHITE].kind == RB_UI_COMPUTER &&
                                st->players[RB_BLACK].kind == RB_UI_HUMAN);
    if (rb_ui_panel_init(app, why, sizeof why) != 0) {
        rb_ui_state_say(st, true, "%s", why);
    }
    if (rb_ui_dialog_init(app, why, sizeof why) != 0) {
        rb_ui_state_say(st, true, "%s", why);
    }
    if (!headless && rb_ui_worker_init(app, why, sizeof why) != 0) {
        rb_ui_state_say(st, true, "%s", why);
    }
    if (opt->scale_pct) {
        st->settings.ui_scale_pct = opt->scale_pct;
    }
    /* After the renderer (an OpenGL renderer may make the window anew,
     * and the new one would have no minimum) and the settings: the layout
     * sets the least window, and the window may have grown to it. */
    rb_ui_app_relayout(app);
    if (app->window) {
        rb_ui_app_relayout(app);
    }
    if (app->pieces.board.size == 0) {
        snprintf(err, errlen, "%s", st->status);
        rb_game_free(&g);
        return -1;
    }
    /* The game goes on the board as any game does: autosaved, the
     * computer started if it is to move, drawn. */
    set.set_game.game = &g;
    rb_ui_apply(app, &set);
    /* A game restored from the autosave is shown at once, with the choice
     * to carry on or start afresh. */
    if (note[0]) {
        /* What was wrong with the command line's game shows over the
         * board (in place of the welcome back, when the autosave came
         * back instead). */
        rb_ui_cmd say = rb_ui_cmd_of(RB_UI_CMD_MESSAGE);
        say.message.title = title;
        say.message.text = note;
        rb_ui_apply(app, &say);
    } else if (resumed && !opt->edit) { /* --edit: the editor on the resumed game */
        rb_ui_cmd ask = rb_ui_cmd_of(RB_UI_CMD_ASK);
        ask.ask.question = RB_UI_ASK_RESUME;
        rb_ui_apply(app, &ask);
    }
    if (!opt->net_host && !opt->net_join && rb_ui_net_play_resume_saved(app)) {
        if (st->dialog.kind == RB_UI_DIALOG_MESSAGE && st->dialog.ask == RB_UI_ASK_RESUME) {
            rb_ui_dialog_open(app, RB_UI_DIALOG_NONE); /* the network game, not the old one */
        }
    } else if (opt->net_host || opt->net_join) {
        rb_ui_net_start how = {.host = opt->net_host,
                               .port = opt->net_port,
                               .bind = opt->net_bind,
                               .code = opt->net_join,
                               .name = opt->net_name,
                               .color = RB_WHITE,
                               .base_ms = opt->net_tc.base_ms,
                               .inc_ms = opt->net_tc.increment_ms};
        if (rb_ui_net_play_open(app, &how, err, errlen) != 0) {
            return -2;
        }
        if (opt->net_host) { /* for scripts and for a friend at the terminal */
            printf("invite %s\n", st->net.code);
            fflush(stdout);
        }
        if (st->dialog.kind == RB_UI_DIALOG_MESSAGE && st->dialog.ask == RB_UI_ASK_RESUME) {
            rb_ui_dialog_open(app, RB_UI_DIALOG_NONE); /* the network game, not the old one */
        }
    }
    if (opt->review && rb_ui_review_now(app) != 0) {
        snprintf(err, errlen, "--review: %s", st->status);
        return -2;
    }
    if (opt->puzzle_id > 0) {
        return open_puzzle(app, opt, err, errlen);
    }
    if (opt->learn) { /* --learn CHAPTER.STAGE: straight into the lesson */
        int chapter, stage;
        rb_ui_cmd learn = rb_ui_cmd_of(RB_UI_CMD_LEARN);
        if (rb_learn_parse_ref(opt->learn, &chapter, &stage) != 0) {
            snprintf(err, errlen, _("--learn: '%s' is not CHAPTER.STAGE, like 2.1"), opt->learn);
            return -2;
        }
        learn.learn.chapter = chapter - 1;
        learn.learn.stage = stage - 1;
        if (chapter < 1 || stage < 1 || stage > 100 || rb_ui_apply(app, &learn) != 0) {
            snprintf(err, errlen, "--learn %s: %s", opt->learn, st->status[0] ? st->status : _("no such lesson"));
            return -2;
        }
        if (opt->learn_hint) {
            rb_ui_cmd hint = rb_ui_cmd_of(RB_UI_CMD_LEARN_HINT);
            rb_ui_apply(app, &hint);
        }
    } else if (opt->analyse) {
        if (open_analysis(app, err, errlen) != 0) {
            return -2;
        }
    } else if (opt->edit) {
        open_editor(app, opt);
    } else if (welcome) {
        rb_ui_cmd open = rb_ui_cmd_of(RB_UI_CMD_OPEN_DIALOG);
        open.open_dialog.dialog = RB_UI_DIALOG_WELCOME;
        rb_ui_apply(app, &open);
    }
    return 0;
}

void rb_ui_app_close(rb_app *app)
{
    char why[RB_UI_PATH_MAX + 300];
    rb_ui_review_free(app);
    if (app->worker) {
        rb_ui_worker_free(app);
    }
    rb_ui_coach_free(app); /* a hint's search still running stops here */
    rb_ui_sound_close(app->sound);
    app->sound = NULL;
    /* The game's view back as it was before anything is saved; then each
     * screen lets go of its threads and files. */
    rb_ui_apply_close_screens(app);
    for (size_t i = 0; i < rb_ui_screens_count; i++) {
        rb_ui_screens[i]->free(app);
    }
    if (app->player_files && app->state.game.positions) {
        /* The move in progress keeps the time it has taken (game_clock.h). */
        rb_ui_game_clock_mark(&app->state, rb_ui_window_now_ms(app));
        if (rb_ui_prefs_autosave(app, why, sizeof why) != 0) {
            fprintf(stderr, "rollerball: %s\n", why);
        }
        if (rb_ui_prefs_save(app, why, sizeof why) != 0) {
            fprintf(stderr, "rollerball: %s\n", why);
        }
    }
    rb_ui_net_play_close(app, false); /* kept, to be taken up at the next start */
    rb_ui_online_close(app);
    rb_ui_net_join_close(app);
    rb_ui_speak_stop(app);
    rb_ui_dialog_free(app);
    rb_ui_panel_free(app);
    rb_ui_text_free(app);
    rb_ui_board_cache_free(app->board_cache);
    app->board_cache = NULL;
    rb_ui_prefs_free(app);
    rb_ui_assets_free(app);
    if (app->state.game.positions) {
        rb_game_free(&app->state.game);
    }
    /* A damaged table found while playing was left out; say which, once. */
    if (app->tables != NULL && rb_tb_problem(app->tables)[0] != '\0') {
        fprintf(stderr, "rollerball: ");
        fprintf(stderr, _("an endgame table was left out: %s"), rb_tb_problem(app->tables));
        fprintf(stderr, "\n");
    }
    rb_tb_free(app->tables); /* every engine that probed them has stopped */
    app->tables = NULL;
    if (app->renderer) {
        SDL_DestroyRenderer(app->renderer);
    }
    if (app->target) {
        SDL_FreeSurface(app->target);
    }
    if (app->window) {
        SDL_DestroyWindow(app->window);
    }
    app->renderer = NULL;
    app->target = NULL;
    app->window = NULL;
    SDL_Quit();
}
