/*
 * worker.c - the computer opponent on its own thread.
 *
 * One long-lived thread owns the engine and waits for jobs. The main thread
 * never waits for it: starting a search posts a job and returns; cancelling
 * bumps the generation and asks the engine to stop; the result comes back as
 * an SDL user event stamped with the generation it answers, so a result that
 * arrives after an undo, a new game or a load is recognised as stale and
 * dropped. The only blocking call is the join when the window closes, and
 * the engine's stop makes that prompt.
 *
 * The engine keeps a stop request until its owner clears it. This thread
 * clears it under the lock as it takes a job (and stops again at once if
 * "move now" already came for that job), and the main thread stops the
 * engine under the same lock: so every stop meant for a job is kept, even
 * one sent before its search has begun.
 */
#include "computer/worker.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---- the search thread ---------------------------------------------- */

typedef struct search_job {
    Uint32 generation;
    rb_pos root;
    uint64_t *history;
    size_t nhistory;
    int level;
    rb_limits limits;
    bool threat;                /* rb_engine_threat, not rb_engine_search */
} search_job;

struct rb_ui_search {
    rb_engine *engine;
    SDL_Thread *thread;
    SDL_mutex *lock;
    SDL_cond *wake;
    Uint32 event_type;

    /* Guarded by lock. */
    search_job job;             /* the next job, when pending */
    bool pending;
    bool running;               /* the thread is inside rb_engine_search */
    bool quit;
    bool done;                  /* the current generation's result is posted */
    rb_ui_search_result result; /* the latest result posted */
    bool have_progress;
    rb_search_info progress;

    /* Read by the searching thread without the lock. */
    SDL_atomic_t generation;    /* the search the main thread wants */
    SDL_atomic_t move_now;      /* generation asked to move now, or 0 */
    Uint32 running_generation;  /* written only by the thread */
};

/* What kind of event, in user.data2. */
enum { SEARCH_EVENT_DONE = 1, SEARCH_EVENT_PROGRESS = 2 };

static void search_post(rb_ui_search *s, Uint32 generation, int kind)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = s->event_type;
    ev.user.code = (Sint32)generation;
    ev.user.data1 = s;
    ev.user.data2 = (void *)(uintptr_t)kind;
    SDL_PushEvent(&ev);
}

/* Runs on the searching thread after every completed iteration. A search
 * that is no longer wanted (it has been stopped and is on its way out)
 * must not show its progress as the new job's. */
static void search_on_info(const rb_search_info *info, void *user)
{
    rb_ui_search *s = user;
    Uint32 mine = s->running_generation;
    SDL_LockMutex(s->lock);
    bool wanted = (Uint32)SDL_AtomicGet(&s->generation) == mine;
    if (wanted) {
        s->progress = *info;
        s->have_progress = true;
    }
    SDL_UnlockMutex(s->lock);
    if (wanted)
        search_post(s, mine, SEARCH_EVENT_PROGRESS);
}

static int search_thread(void *user)
{
    rb_ui_search *s = user;
    SDL_LockMutex(s->lock);
    for (;;) {
        while (!s->quit && !s->pending)
            SDL_CondWait(s->wake, s->lock);
        if (s->quit)
            break;
        search_job job = s->job;
        s->job.history = NULL;
        s->pending = false;
        s->running = true;
        s->running_generation = job.generation;
        rb_engine_clear_stop(s->engine);
        if ((Uint32)SDL_AtomicGet(&s->move_now) == job.generation)
            rb_engine_stop(s->engine);
        SDL_UnlockMutex(s->lock);

        rb_move move = RB_MOVE_NONE;
        rb_search_info info;
        rb_threat_kind threat = RB_THREAT_NONE;
        memset(&info, 0, sizeof info);
        if ((Uint32)SDL_AtomicGet(&s->generation) == job.generation && job.threat) {
            threat = rb_engine_threat(s->engine, &job.root, job.history, job.nhistory, &job.limits, &move, &info);
        } else if ((Uint32)SDL_AtomicGet(&s->generation) == job.generation) {
            rb_engine_set_level(s->engine, job.level);
            /* Even when stopped at once the engine answers with a legal
             * move; only a root without one gives RB_MOVE_NONE. */
            move = rb_engine_search(s->engine, &job.root, job.history, job.nhistory,
                                    &job.limits, search_on_info, s, &info);
        }
        free(job.history);

        SDL_LockMutex(s->lock);
        s->running = false;
        if (!s->quit && (Uint32)SDL_AtomicGet(&s->generation) == job.generation) {
            s->result.generation = job.generation;
            s->result.move = move;
            s->result.info = info;
            s->result.threat = threat;
            s->done = true;
            search_post(s, job.generation, SEARCH_EVENT_DONE);
        }
    }
    SDL_UnlockMutex(s->lock);
    return 0;
}

rb_ui_search *rb_ui_search_new(size_t hash_mib, char *err, size_t errlen)
{
    rb_ui_search *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "%s", _("Out of memory starting the computer player."));
        return NULL;
    }
    s->engine = rb_engine_new(hash_mib);
    s->lock = SDL_CreateMutex();
    s->wake = SDL_CreateCond();
    s->event_type = SDL_RegisterEvents(1);
    if (!s->engine || !s->lock || !s->wake || s->event_type == (Uint32)-1) {
        snprintf(err, errlen, _("Could not start the computer player: %s"),
                 s->engine ? SDL_GetError() : _("out of memory for its tables"));
        goto fail;
    }
    s->done = true;
    s->thread = SDL_CreateThread(search_thread, "rollerball-search", s);
    if (!s->thread) {
        snprintf(err, errlen, _("Could not start the computer player's thread: %s"), SDL_GetError());
        goto fail;
    }
    return s;
fail:
    if (s->engine)
        rb_engine_free(s->engine);
    if (s->lock)
        SDL_DestroyMutex(s->lock);
    if (s->wake)
        SDL_DestroyCond(s->wake);
    free(s);
    return NULL;
}

void rb_ui_search_free(rb_ui_search *s)
{
    if (!s)
        return;
    SDL_LockMutex(s->lock);
    s->quit = true;
    SDL_AtomicAdd(&s->generation, 1);
    if (s->running)
        rb_engine_stop(s->engine);
    SDL_CondSignal(s->wake);
    SDL_UnlockMutex(s->lock);
    SDL_WaitThread(s->thread, NULL);
    free(s->job.history);
    rb_engine_free(s->engine);
    SDL_DestroyCond(s->wake);
    SDL_DestroyMutex(s->lock);
    free(s);
}

Uint32 rb_ui_search_event_type(const rb_ui_search *s)
{
    return s->event_type;
}

static Uint32 search_start(rb_ui_search *s, const rb_pos *root, const uint64_t *history, size_t nhistory,
                           int level, const rb_limits *limits, bool threat)
{
    uint64_t *copy = NULL;
    if (nhistory > 0) {
        copy = malloc(nhistory * sizeof *copy);
        if (copy)
            memcpy(copy, history, nhistory * sizeof *copy);
        else
            nhistory = 0; /* search on without repetition knowledge */
    }
    SDL_LockMutex(s->lock);
    Uint32 generation = (Uint32)SDL_AtomicAdd(&s->generation, 1) + 1;
    if (s->running)
        rb_engine_stop(s->engine);
    free(s->job.history);
    s->job = (search_job){ generation, *root, copy, nhistory, level, *limits, threat };
    s->pending = true;
    s->done = false;
    s->have_progress = false;
    SDL_CondSignal(s->wake);
    SDL_UnlockMutex(s->lock);
    return generation;
}

Uint32 rb_ui_search_start(rb_ui_search *s, const rb_pos *root, const uint64_t *history,
                          size_t nhistory, int level, const rb_limits *limits)
{
    return search_start(s, root, history, nhistory, level, limits, false);
}

Uint32 rb_ui_search_start_threat(rb_ui_search *s, const rb_pos *root, const uint64_t *history,
                                 size_t nhistory, const rb_limits *limits)
{
    return search_start(s, root, history, nhistory, RB_LEVEL_MAX, limits, true);
}

void rb_ui_search_cancel(rb_ui_search *s)
{
    SDL_LockMutex(s->lock);
    SDL_AtomicAdd(&s->generation, 1);
    s->pending = false;
    free(s->job.history);
    s->job.history = NULL;
    if (s->running)
        rb_engine_stop(s->engine);
    s->done = true;
    s->have_progress = false;
    SDL_UnlockMutex(s->lock);
}

void rb_ui_search_move_now(rb_ui_search *s)
{
    SDL_LockMutex(s->lock);
    SDL_AtomicSet(&s->move_now, SDL_AtomicGet(&s->generation));
    if (s->running && s->running_generation == (Uint32)SDL_AtomicGet(&s->generation))
        rb_engine_stop(s->engine);
    SDL_UnlockMutex(s->lock);
}

bool rb_ui_search_busy(rb_ui_search *s)
{
    SDL_LockMutex(s->lock);
    bool busy = !s->done;
    SDL_UnlockMutex(s->lock);
    return busy;
}

bool rb_ui_search_progress(rb_ui_search *s, rb_search_info *out)
{
    SDL_LockMutex(s->lock);
    bool have = s->have_progress && !s->done;
    if (have)
        *out = s->progress;
    SDL_UnlockMutex(s->lock);
    return have;
}

rb_ui_search_kind rb_ui_search_take(rb_ui_search *s, const SDL_Event *ev, rb_ui_search_result *out)
{
    if (ev->type != s->event_type || ev->user.data1 != s)
        return RB_UI_SEARCH_NOT_OURS;
    Uint32 generation = (Uint32)ev->user.code;
    int kind = (int)(uintptr_t)ev->user.data2;
    rb_ui_search_kind answer = RB_UI_SEARCH_STALE;
    SDL_LockMutex(s->lock);
    if (generation == (Uint32)SDL_AtomicGet(&s->generation)) {
        if (kind == SEARCH_EVENT_PROGRESS && !s->done)
            answer = RB_UI_SEARCH_PROGRESS;
        else if (kind == SEARCH_EVENT_DONE && s->done && s->result.generation == generation) {
            *out = s->result;
            answer = RB_UI_SEARCH_DONE;
            /* Taken once: a duplicate event cannot play the move twice. */
            s->result.generation = 0;
        }
    }
    SDL_UnlockMutex(s->lock);
    return answer;
}

int64_t rb_ui_worker_level_movetime_ms(int level)
{
    /* The engine weakens the lower levels itself; the time grows with the
     * level so that the strongest levels think long enough to use it, while
     * no level keeps a player waiting more than a few seconds. */
    static const int64_t ms[RB_LEVEL_MAX + 1] = {
        0, 250, 400, 550, 700, 900, 1200, 1600, 2200, 3000, 4000
    };
    if (level < RB_LEVEL_MIN)
        level = RB_LEVEL_MIN;
    if (level > RB_LEVEL_MAX)
        level = RB_LEVEL_MAX;
    return ms[level];
}

/* ---- the app's computer players ------------------------------------- */

struct rb_ui_worker {
    rb_ui_search *search;
    Uint32 generation;      /* the search started for the game, 0 = none */
    uint64_t key;           /* the position it searches */
    size_t ply;
    rb_limits limits;       /* of the search started last */
    int level;              /* at this level */
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
    app->worker = w;
    return 0;
}

void rb_ui_worker_free(rb_app *app)
{
    struct rb_ui_worker *w = app->worker;
    if (!w)
        return;
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
    if (!w)
        return;
    const rb_ui_state *st = &app->state;
    const rb_game *g = &st->game;
    const rb_pos *pos = rb_ui_state_live_pos(st);
    size_t ply = rb_ui_state_live_ply(st);
    int level = st->players[pos->side].level;
    bool wanted = rb_ui_state_computer_to_move(st) && worker_game_goes_on(app);
    if (!wanted) {
        if (w->generation)
            rb_ui_worker_cancel(app);
        return;
    }
    if (st->pacing.reply_ready && st->pacing.reply_ply == ply)
        return; /* its move for this position waits to be shown */
    if (w->generation && w->key == pos->key && w->ply == ply && w->level == level && rb_ui_search_busy(w->search))
        return; /* already thinking about this very position */

    uint64_t history[512];
    size_t n = 0, first = ply > 512 ? ply - 512 : 0;
    for (size_t i = first; i < ply; i++)
        history[n++] = g->positions[i].key;
    rb_limits limits;
    rb_ui_worker_limits(&app->state, rb_ui_window_now_ms(app), &limits);
    w->limits = limits;
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
    if (!w || !w->generation)
        return false;
    *out = w->limits;
    return true;
}

void rb_ui_worker_cancel(rb_app *app)
{
    struct rb_ui_worker *w = app->worker;
    if (!w || !w->generation)
        return;
    rb_ui_search_cancel(w->search);
    w->generation = 0;
}

void rb_ui_worker_move_now(rb_app *app)
{
    struct rb_ui_worker *w = app->worker;
    if (w && w->generation)
        rb_ui_search_move_now(w->search);
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
    if (!w)
        return RB_UI_SEARCH_NOT_OURS;
    rb_ui_search_result res;
    rb_ui_search_kind kind = rb_ui_search_take(w->search, ev, &res);
    if (kind != RB_UI_SEARCH_DONE)
        return kind;
    if (res.generation != w->generation)
        return RB_UI_SEARCH_STALE;
    w->generation = 0;
    /* The game cannot have moved on without cancelling the search, but a
     * move is only ever played on the position it was found for. */
    const rb_ui_state *st = &app->state;
    if (rb_ui_state_live_ply(st) != w->ply || rb_ui_state_live_pos(st)->key != w->key || res.move == RB_MOVE_NONE)
        return kind;
    /* Found, not yet shown: the app shows it when its time comes (pace.c). */
    out->kind = RB_UI_CMD_REPLY;
    out->move = res.move;
    out->by_computer = true;
    out->n = (int)w->ply;
    return kind;
}
