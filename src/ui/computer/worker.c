/*
 * worker.c - the computer opponent: the app's computer players searched on
 * a thread of their own (search.c), their think time and clock limits, and
 * their answers turned into the command that shows the move.
 */
#include "computer/worker.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t rb_ui_worker_level_movetime_ms(int level)
{
    /* The engine weakens the lower levels itself; the time grows with the
     * level so that the strongest levels think long enough to use it, while
     * no level keeps a player waiting more than a few seconds. */
    static const int64_t ms[RB_LEVEL_MAX + 1] = {0, 250, 400, 550, 700, 900, 1200, 1600, 2200, 3000, 4000};
    if (level < RB_LEVEL_MIN) {
        level = RB_LEVEL_MIN;
    }
    if (level > RB_LEVEL_MAX) {
        level = RB_LEVEL_MAX;
    }
    return ms[level];
}

/* ---- the app's computer players ------------------------------------- */

struct rb_ui_worker {
    rb_ui_search *search;
    Uint32 generation; /* the search started for the game, 0 = none */
    uint64_t key;      /* the position it searches */
    size_t ply;
    rb_limits limits; /* of the search started last */
    int level;        /* at this level */
};

#define WORKER_HASH_MIB 16

int rb_ui_worker_init(rb_app *app, char *err, size_t errlen)
{
    struct rb_ui_worker *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "%s", _("Out of memory starting the computer player."));
        return -1;
    }
    w->search = rb_ui_search_new(WORKER_HASH_MIB, err, errlen);
    if (!w->search) {
        free(w);
        return -1;
    }
    rb_ui_search_set_tables(w->search, app->tables);
    app->worker = w;
    return 0;
}

void rb_ui_worker_free(rb_app *app)
{
    struct rb_ui_worker *w = app->worker;
    if (!w) {
        return;
    }
    rb_ui_search_free(w->search);
    free(w);
    app->worker = NULL;
}

/* The game itself, not a position browsed to, decides: looking back at
 * earlier moves leaves the computer thinking about the game's end. */
static bool worker_game_goes_on(const rb_app *app)
{
    const rb_ui_state *st = &app->state;
    return rb_game_ending_at(&st->game, rb_ui_state_live_ply(st)) == RB_END_NONE &&
           rb_pos_status(rb_ui_state_live_pos(st)) == RB_ONGOING;
}

void rb_ui_worker_maybe_start(rb_app *app)
{
    struct rb_ui_worker *w = app->worker;
    if (!w) {
        return;
    }
    const rb_ui_state *st = &app->state;
    const rb_game *g = &st->game;
    const rb_pos *pos = rb_ui_state_live_pos(st);
    size_t ply = rb_ui_state_live_ply(st);
    int level = st->players[pos->side].level;
    bool wanted = rb_ui_state_computer_to_move(st) && worker_game_goes_on(app);
    if (!wanted) {
        if (w->generation) {
            rb_ui_worker_cancel(app);
        }
        return;
    }
    if (st->pacing.reply_ready && st->pacing.reply_ply == ply) {
        return; /* its move for this position waits to be shown */
    }
    if (w->generation && w->key == pos->key && w->ply == ply && w->level == level && rb_ui_search_busy(w->search)) {
        return; /* already thinking about this very position */
    }

    uint64_t history[512];
    size_t n = 0, first = ply > 512 ? ply - 512 : 0;
    for (size_t i = first; i < ply; i++) {
        history[n++] = g->positions[i].key;
    }
    rb_limits limits;
    rb_ui_worker_limits(&app->state, rb_ui_window_now_ms(app), &limits);
    w->limits = limits;
    rb_ui_search_set_threads(w->search, rb_ui_search_threads(st->settings.threads));
    w->generation = rb_ui_search_start(w->search, pos, history, n, level, &limits);
    w->key = pos->key;
    w->ply = ply;
    w->level = level;
}

void rb_ui_worker_limits(const rb_ui_state *st, int64_t now_ms, rb_limits *out)
{
    int side = rb_ui_state_live_pos(st)->side; /* the game's, even while browsing */
    memset(out, 0, sizeof *out);
    /* The level's own think time stays a cap; on a clock the engine also
     * plans within the time left and the increment, whichever is less. */
    out->movetime_ms = rb_ui_worker_level_movetime_ms(st->players[side].level);
    if (rb_ui_tc_timed(st->clock.tc[side])) {
        int64_t left = rb_ui_clock_left(&st->clock, side, now_ms);
        out->time_left_ms = left > 1 ? left : 1;
        out->increment_ms = st->clock.tc[side].increment_ms;
    }
}

bool rb_ui_worker_started_limits(const rb_app *app, rb_limits *out)
{
    const struct rb_ui_worker *w = app->worker;
    if (!w || !w->generation) {
        return false;
    }
    *out = w->limits;
    return true;
}

void rb_ui_worker_cancel(rb_app *app)
{
    struct rb_ui_worker *w = app->worker;
    if (!w || !w->generation) {
        return;
    }
    rb_ui_search_cancel(w->search);
    w->generation = 0;
}

void rb_ui_worker_move_now(rb_app *app)
{
    struct rb_ui_worker *w = app->worker;
    if (w && w->generation) {
        rb_ui_search_move_now(w->search);
    }
}

bool rb_ui_worker_busy(const rb_app *app)
{
    const struct rb_ui_worker *w = app->worker;
    return w && w->generation && rb_ui_search_busy(w->search);
}

bool rb_ui_worker_progress(const rb_app *app, rb_search_info *out)
{
    const struct rb_ui_worker *w = app->worker;
    return w && w->generation && rb_ui_search_progress(w->search, out);
}

rb_ui_search_kind rb_ui_worker_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out)
{
    struct rb_ui_worker *w = app->worker;
    *out = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (!w) {
        return RB_UI_SEARCH_NOT_OURS;
    }
    rb_ui_search_result res;
    rb_ui_search_kind kind = rb_ui_search_take(w->search, ev, &res);
    if (kind != RB_UI_SEARCH_DONE) {
        return kind;
    }
    if (res.generation != w->generation) {
        return RB_UI_SEARCH_STALE;
    }
    w->generation = 0;
    /* The game cannot have moved on without cancelling the search, but a
     * move is only ever played on the position it was found for. */
    const rb_ui_state *st = &app->state;
    if (rb_ui_state_live_ply(st) != w->ply || rb_ui_state_live_pos(st)->key != w->key || res.move == RB_MOVE_NONE) {
        return kind;
    }
    /* Found, not yet shown: the app shows it when its time comes (pace.c). */
    out->kind = RB_UI_CMD_REPLY;
    out->reply.move = res.move;
    out->reply.ply = (int)w->ply;
    return kind;
}
