/*
 * search.c - a search on a thread of its own, for the computer opponent,
 * the coach and the mistakes' judge.
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
#include "computer/search.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_tb.h"

/* ---- the search thread ---------------------------------------------- */

typedef struct search_job {
    Uint32 generation;
    rb_pos root;
    uint64_t *history;
    size_t nhistory;
    int level;
    rb_limits limits;
    bool threat; /* rb_engine_threat, not rb_engine_search */
} search_job;

struct rb_ui_search {
    rb_engine *engine;
    SDL_Thread *thread;
    SDL_mutex *lock;
    SDL_cond *wake;
    Uint32 event_type;

    /* Guarded by lock. */
    search_job job; /* the next job, when pending */
    bool pending;
    bool running;         /* the thread is inside rb_engine_search */
    int threads;          /* for the next search */
    struct rb_tb *tables; /* for the next search (rb_engine_set_tablebase) */
    bool quit;
    bool done;                  /* the current generation's result is posted */
    rb_ui_search_result result; /* the latest result posted */
    bool have_progress;
    rb_search_info progress;

    /* Read by the searching thread without the lock. */
    SDL_atomic_t generation;   /* the search the main thread wants */
    SDL_atomic_t move_now;     /* generation asked to move now, or 0 */
    Uint32 running_generation; /* written only by the thread */
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
    if (wanted) {
        search_post(s, mine, SEARCH_EVENT_PROGRESS);
    }
}

static int search_thread(void *user)
{
    rb_ui_search *s = user;
    SDL_LockMutex(s->lock);
    for (;;) {
        while (!s->quit && !s->pending) {
            SDL_CondWait(s->wake, s->lock);
        }
        if (s->quit) {
            break;
        }
        search_job job = s->job;
        int threads = s->threads;
        struct rb_tb *tables = s->tables;
        s->job.history = NULL;
        s->pending = false;
        s->running = true;
        s->running_generation = job.generation;
        rb_engine_clear_stop(s->engine);
        if ((Uint32)SDL_AtomicGet(&s->move_now) == job.generation) {
            rb_engine_stop(s->engine);
        }
        SDL_UnlockMutex(s->lock);

        /* only this thread touches the engine; running out of memory for
         * the helpers keeps the threads it had */
        (void)rb_engine_set_threads(s->engine, threads);
        rb_engine_set_tablebase(s->engine, tables);
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
            move = rb_engine_search(s->engine, &job.root, job.history, job.nhistory, &job.limits, search_on_info, s,
                                    &info);
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

int rb_ui_search_cores(void)
{
    int n = SDL_GetCPUCount();
    return n < 1 ? 1 : n > RB_THREADS_MAX ? RB_THREADS_MAX : n;
}

int rb_ui_search_threads(int setting)
{
    if (setting > 0) {
        return setting > RB_THREADS_MAX ? RB_THREADS_MAX : setting;
    }
    /* one core is left to the window and the rest of the desktop */
    int n = rb_ui_search_cores() - 1;
    return n < 1 ? 1 : n;
}

void rb_ui_search_set_threads(rb_ui_search *s, int threads)
{
    SDL_LockMutex(s->lock);
    s->threads = threads;
    SDL_UnlockMutex(s->lock);
}

void rb_ui_search_set_tables(rb_ui_search *s, struct rb_tb *tables)
{
    SDL_LockMutex(s->lock);
    s->tables = tables;
    SDL_UnlockMutex(s->lock);
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
    s->threads = 1;
    s->thread = SDL_CreateThread(search_thread, "rollerball-search", s);
    if (!s->thread) {
        snprintf(err, errlen, _("Could not start the computer player's thread: %s"), SDL_GetError());
        goto fail;
    }
    return s;
fail:
    if (s->engine) {
        rb_engine_free(s->engine);
    }
    if (s->lock) {
        SDL_DestroyMutex(s->lock);
    }
    if (s->wake) {
        SDL_DestroyCond(s->wake);
    }
    free(s);
    return NULL;
}

void rb_ui_search_free(rb_ui_search *s)
{
    if (!s) {
        return;
    }
    SDL_LockMutex(s->lock);
    s->quit = true;
    SDL_AtomicAdd(&s->generation, 1);
    if (s->running) {
        rb_engine_stop(s->engine);
    }
    SDL_CondSignal(s->wake);
    SDL_UnlockMutex(s->lock);
    SDL_WaitThread(s->thread, NULL);
    free(s->job.history);
    rb_engine_free(s->engine);
    SDL_DestroyCond(s->wake);
    SDL_DestroyMutex(s->lock);
    free(s);
}

static Uint32 search_start(rb_ui_search *s, const rb_pos *root, const uint64_t *history, size_t nhistory, int level,
                           const rb_limits *limits, bool threat)
{
    uint64_t *copy = NULL;
    if (nhistory > 0) {
        copy = malloc(nhistory * sizeof *copy);
        if (copy) {
            memcpy(copy, history, nhistory * sizeof *copy);
        } else {
            nhistory = 0; /* search on without repetition knowledge */
        }
    }
    SDL_LockMutex(s->lock);
    Uint32 generation = (Uint32)SDL_AtomicAdd(&s->generation, 1) + 1;
    if (s->running) {
        rb_engine_stop(s->engine);
    }
    free(s->job.history);
    s->job = (search_job){generation, *root, copy, nhistory, level, *limits, threat};
    s->pending = true;
    s->done = false;
    s->have_progress = false;
    SDL_CondSignal(s->wake);
    SDL_UnlockMutex(s->lock);
    return generation;
}

Uint32 rb_ui_search_start(rb_ui_search *s, const rb_pos *root, const uint64_t *history, size_t nhistory, int level,
                          const rb_limits *limits)
{
    return search_start(s, root, history, nhistory, level, limits, false);
}

Uint32 rb_ui_search_start_threat(rb_ui_search *s, const rb_pos *root, const uint64_t *history, size_t nhistory,
                                 const rb_limits *limits)
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
    if (s->running) {
        rb_engine_stop(s->engine);
    }
    s->done = true;
    s->have_progress = false;
    SDL_UnlockMutex(s->lock);
}

void rb_ui_search_move_now(rb_ui_search *s)
{
    SDL_LockMutex(s->lock);
    SDL_AtomicSet(&s->move_now, SDL_AtomicGet(&s->generation));
    if (s->running && s->running_generation == (Uint32)SDL_AtomicGet(&s->generation)) {
        rb_engine_stop(s->engine);
    }
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
    if (have) {
        *out = s->progress;
    }
    SDL_UnlockMutex(s->lock);
    return have;
}

rb_ui_search_kind rb_ui_search_take(rb_ui_search *s, const SDL_Event *ev, rb_ui_search_result *out)
{
    if (ev->type != s->event_type || ev->user.data1 != s) {
        return RB_UI_SEARCH_NOT_OURS;
    }
    Uint32 generation = (Uint32)ev->user.code;
    int kind = (int)(uintptr_t)ev->user.data2;
    rb_ui_search_kind answer = RB_UI_SEARCH_STALE;
    SDL_LockMutex(s->lock);
    if (generation == (Uint32)SDL_AtomicGet(&s->generation)) {
        if (kind == SEARCH_EVENT_PROGRESS && !s->done) {
            answer = RB_UI_SEARCH_PROGRESS;
        } else if (kind == SEARCH_EVENT_DONE && s->done && s->result.generation == generation) {
            *out = s->result;
            answer = RB_UI_SEARCH_DONE;
            /* Taken once: a duplicate event cannot play the move twice. */
            s->result.generation = 0;
        }
    }
    SDL_UnlockMutex(s->lock);
    return answer;
}
