/*
 * review.c - game review on a background thread (review.h).
 *
 * One thread per review, joined when it ends or is cancelled; one engine
 * kept from review to review. The thread works on its own copy of the
 * game, so the main thread may browse, draw and even replace the game
 * meanwhile; what the thread shares with it (progress, the end) is guarded
 * by the mutex, and the generation in each event tells a cancelled
 * review's late events from the current one's.
 */
#include "computer/review.h"
#include "words/i18n.h"

#include <stdlib.h>
#include <string.h>

#include "annotate.h"

struct rb_ui_review {
    rb_engine *engine;  /* made at the first review, kept */
    SDL_Thread *thread; /* the running review, or NULL */
    SDL_mutex *lock;
    Uint32 event_type;
    Uint32 generation; /* the review the main thread wants */
    rb_game game;      /* the thread's copy, then its result */
    rb_limits limits;

    /* Guarded by lock. */
    size_t done, total;
    bool finished;
};

/* What kind of event, in user.data2. */
enum { REVIEW_EVENT_PROGRESS = 1, REVIEW_EVENT_DONE = 2 };

static struct rb_ui_review *review_get(rb_app *app)
{
    if (app->review == NULL) {
        struct rb_ui_review *r = calloc(1, sizeof *r);
        if (r == NULL) {
            return NULL;
        }
        r->lock = SDL_CreateMutex();
        r->event_type = SDL_RegisterEvents(1);
        if (r->lock == NULL || r->event_type == (Uint32)-1) {
            if (r->lock) {
                SDL_DestroyMutex(r->lock);
            }
            free(r);
            return NULL;
        }
        app->review = r;
    }
    return app->review;
}

static void review_post(struct rb_ui_review *r, Uint32 generation, int kind)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = r->event_type;
    ev.user.code = (Sint32)generation;
    ev.user.data1 = r;
    ev.user.data2 = (void *)(uintptr_t)kind;
    SDL_PushEvent(&ev);
}

typedef struct review_run {
    struct rb_ui_review *r;
    Uint32 generation; /* copied before the thread starts */
} review_run;

static void review_on_progress(size_t done, size_t total, void *user)
{
    review_run *run = user;
    SDL_LockMutex(run->r->lock);
    run->r->done = done;
    run->r->total = total;
    SDL_UnlockMutex(run->r->lock);
    review_post(run->r, run->generation, REVIEW_EVENT_PROGRESS);
}

static int review_thread(void *arg)
{
    review_run *run = arg;
    struct rb_ui_review *r = run->r;
    rb_annotate_game(r->engine, &r->game, &r->limits, NULL, review_on_progress, run);
    SDL_LockMutex(r->lock);
    r->finished = true;
    SDL_UnlockMutex(r->lock);
    review_post(r, run->generation, REVIEW_EVENT_DONE);
    free(run);
    return 0;
}

/* A copy of g's moves from its start (the annotations stay behind: the
 * review writes only its own verdicts back). */
static int review_copy_moves(const rb_game *g, rb_game *out)
{
    if (rb_game_init(out, &g->positions[0]) != 0) {
        return -1;
    }
    for (size_t i = 0; i < g->length; i++) {
        if (rb_game_play(out, g->moves[i]) != 0) {
            rb_game_free(out);
            return -1;
        }
    }
    return 0;
}

bool rb_ui_review_can_start(const rb_app *app)
{
    const rb_ui_state *st = &app->state;
    const rb_game *g = &st->game;
    bool over = rb_game_result_at(g, g->length) != RB_RESULT_NONE;
    bool people = st->players[0].kind == RB_UI_HUMAN && st->players[1].kind == RB_UI_HUMAN;
    return g->length > 0 && (over || people) && !rb_ui_review_running(app) && !rb_ui_review_complete(g) &&
           !st->trainer.active;
}

static int review_prepare(rb_app *app, struct rb_ui_review **out)
{
    rb_ui_state *st = &app->state;
    struct rb_ui_review *r = review_get(app);
    if (r != NULL && r->engine == NULL) {
        r->engine = rb_engine_new(16);
        if (r->engine != NULL) {
            rb_engine_set_tablebase(r->engine, app->tables);
        }
    }
    if (r == NULL || r->engine == NULL) {
        rb_ui_state_say(st, true, "%s", _("The review needs memory for its engine, and there is not enough."));
        return -1;
    }
    rb_ui_review_cancel(app);
    rb_engine_clear_stop(r->engine);
    if (review_copy_moves(&st->game, &r->game) != 0) {
        rb_ui_state_say(st, true, "%s", _("The review ran out of memory copying the game."));
        return -1;
    }
    memset(&r->limits, 0, sizeof r->limits);
    r->limits.depth = RB_UI_REVIEW_DEPTH;
    r->done = 0;
    r->total = st->game.length + 1;
    r->finished = false;
    *out = r;
    return 0;
}

int rb_ui_review_start(rb_app *app)
{
    if (!rb_ui_review_can_start(app)) {
        rb_ui_state_say(&app->state, false, "%s",
                        rb_ui_review_complete(&app->state.game) ? _("The game is reviewed already.")
                                                                : _("A game is reviewed once it is over."));
        return -1;
    }
    struct rb_ui_review *r;
    if (review_prepare(app, &r) != 0) {
        return -1;
    }
    review_run *run = malloc(sizeof *run);
    if (run == NULL) {
        rb_game_free(&r->game);
        return -1;
    }
    run->r = r;
    run->generation = ++r->generation;
    r->thread = SDL_CreateThread(review_thread, "rollerball-review", run);
    if (r->thread == NULL) {
        rb_ui_state_say(&app->state, true, _("The review could not start a thread: %s"), SDL_GetError());
        free(run);
        rb_game_free(&r->game);
        return -1;
    }
    rb_ui_state_say(&app->state, false, "%s", _("Reviewing the game\u2026"));
    return 0;
}

int rb_ui_review_now(rb_app *app)
{
    struct rb_ui_review *r;
    if (app->state.game.length == 0) {
        rb_ui_state_say(&app->state, true, "%s", _("The game has no moves to review."));
        return -1;
    }
    if (review_prepare(app, &r) != 0) {
        return -1;
    }
    rb_annotate_game(r->engine, &r->game, &r->limits, NULL, NULL, NULL);
    r->finished = true;
    rb_ui_review_take(app);
    return 0;
}

void rb_ui_review_cancel(rb_app *app)
{
    struct rb_ui_review *r = app->review;
    if (r == NULL) {
        return;
    }
    if (r->thread != NULL) {
        /* Every search from here returns at once: the join is prompt. */
        rb_engine_stop(r->engine);
        SDL_WaitThread(r->thread, NULL);
        r->thread = NULL;
        rb_engine_clear_stop(r->engine);
    }
    r->generation++; /* its events still queued are stale */
    r->finished = false;
    rb_game_free(&r->game);
}

void rb_ui_review_free(rb_app *app)
{
    struct rb_ui_review *r = app->review;
    if (r == NULL) {
        return;
    }
    rb_ui_review_cancel(app);
    if (r->engine) {
        rb_engine_free(r->engine);
    }
    SDL_DestroyMutex(r->lock);
    free(r);
    app->review = NULL;
}

bool rb_ui_review_running(const rb_app *app)
{
    return app->review != NULL && app->review->thread != NULL;
}

bool rb_ui_review_progress(const rb_app *app, size_t *done, size_t *total)
{
    struct rb_ui_review *r = app->review;
    if (r == NULL || r->thread == NULL) {
        return false;
    }
    SDL_LockMutex(r->lock);
    *done = r->done;
    *total = r->total;
    SDL_UnlockMutex(r->lock);
    return true;
}

rb_ui_review_kind rb_ui_review_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out)
{
    struct rb_ui_review *r = app->review;
    if (r == NULL || ev->type != r->event_type || ev->user.data1 != r) {
        return RB_UI_REVIEW_NOT_OURS;
    }
    if ((Uint32)ev->user.code != r->generation || r->thread == NULL) {
        return RB_UI_REVIEW_STALE;
    }
    if ((uintptr_t)ev->user.data2 == REVIEW_EVENT_PROGRESS) {
        return RB_UI_REVIEW_PROGRESS;
    }
    /* The thread has said its last word: the join does not wait. */
    SDL_WaitThread(r->thread, NULL);
    r->thread = NULL;
    *out = rb_ui_cmd_of(RB_UI_CMD_REVIEW_DONE);
    return RB_UI_REVIEW_DONE;
}

static bool review_same_moves(const rb_game *a, const rb_game *b)
{
    return a->length == b->length && a->positions[0].key == b->positions[0].key &&
           (a->length == 0 || memcmp(a->moves, b->moves, a->length * sizeof *a->moves) == 0);
}

static bool review_class_nag(int v)
{
    return v == RB_NAG_GOOD || v == RB_NAG_MISTAKE || v == RB_NAG_BLUNDER || v == RB_NAG_DUBIOUS;
}

void rb_ui_review_take(rb_app *app)
{
    struct rb_ui_review *r = app->review;
    rb_game *g = &app->state.game;
    if (r == NULL || !r->finished || r->game.positions == NULL) {
        return;
    }
    if (!review_same_moves(g, &r->game)) {
        rb_game_free(&r->game);
        return;
    }
    int rc = 0;
    for (size_t i = 0; i < g->length; i++) {
        const rb_annotation *done = rb_game_annotation(&r->game, i);
        const rb_annotation *had = rb_game_annotation(g, i);
        uint8_t keep[RB_NOTE_NAGS_MAX];
        int n = 0;
        for (int k = 0; k < had->nnags; k++) {
            if (!review_class_nag(had->nags[k])) {
                keep[n++] = had->nags[k];
            }
        }
        rb_game_clear_nags(g, i);
        for (int k = 0; k < done->nnags; k++) {
            rc |= rb_game_add_nag(g, i, done->nags[k]);
        }
        for (int k = 0; k < n; k++) {
            rc |= rb_game_add_nag(g, i, keep[k]);
        }
        rc |= rb_game_set_eval(g, i, done->eval);
        if (done->line_len > 0) {
            rc |= rb_game_set_line(g, i, done->line, done->line_len);
        }
    }
    rb_game_free(&r->game);
    r->finished = false;
    if (rc != 0) {
        rb_ui_state_say(&app->state, true, "%s", _("The review ran out of memory; some moves are not marked."));
    } else {
        rb_ui_state_say(&app->state, false, "%s", _("Reviewed: ?!\u00a0inaccuracy, ?\u00a0mistake, ??\u00a0blunder."));
    }
}

/* ---- reading a reviewed record ---------------------------------------- */

static bool review_won_by_rules(const rb_game *g, size_t ply)
{
    rb_ending e = rb_game_ending_at(g, ply);
    return e == RB_END_CHECKMATE || e == RB_END_THRONE;
}

bool rb_ui_review_complete(const rb_game *g)
{
    if (g->length == 0) {
        return false;
    }
    for (size_t i = 0; i < g->length; i++) {
        if (rb_game_annotation(g, i)->eval.kind != RB_EVAL_NONE) {
            continue;
        }
        if (i + 1 == g->length && review_won_by_rules(g, g->length)) {
            continue;
        }
        return false;
    }
    return true;
}

double rb_ui_review_white_chance(const rb_game *g, size_t ply)
{
    if (ply == 0 || ply > g->length) {
        return 0.0;
    }
    rb_eval_mark e = rb_game_annotation(g, ply - 1)->eval;
    switch (e.kind) {
    case RB_EVAL_CP: return rb_review_shown_chance(e.value); /* "[%eval]" is on the shown scale */
    case RB_EVAL_MATE: return e.value > 0 ? 1.0 : -1.0;
    case RB_EVAL_NONE: break;
    }
    /* No evaluation: the mover won by the rules, or nothing is known. */
    if (review_won_by_rules(g, ply)) {
        return g->positions[ply - 1].side == RB_WHITE ? 1.0 : -1.0;
    }
    return 0.0;
}

rb_move_class rb_ui_review_class(const rb_game *g, size_t k)
{
    const rb_annotation *a = rb_game_annotation(g, k);
    if (rb_annotation_has_nag(a, RB_NAG_BLUNDER)) {
        return RB_CLASS_BLUNDER;
    }
    if (rb_annotation_has_nag(a, RB_NAG_MISTAKE)) {
        return RB_CLASS_MISTAKE;
    }
    if (rb_annotation_has_nag(a, RB_NAG_DUBIOUS)) {
        return RB_CLASS_INACCURACY;
    }
    if (rb_annotation_has_nag(a, RB_NAG_GOOD)) {
        return RB_CLASS_GOOD;
    }
    return RB_CLASS_BEST;
}

int rb_ui_review_mistakes(const rb_ui_state *st, size_t *plies, int max)
{
    const rb_game *g = &st->game;
    if (g->length == 0 || !rb_ui_review_complete(g)) {
        return 0;
    }
    /* Against the computer, the person's side; between people, both. */
    bool person[2];
    for (int s = 0; s < 2; s++) {
        person[s] = st->players[s].kind == RB_UI_HUMAN;
    }
    int n = 0;
    for (size_t k = 0; k < g->length; k++) {
        rb_move_class c = rb_ui_review_class(g, k);
        const rb_annotation *a = rb_game_annotation(g, k);
        if ((c != RB_CLASS_MISTAKE && c != RB_CLASS_BLUNDER) || !person[g->positions[k].side] || !a ||
            a->line_len < 1) {
            continue;
        }
        if (plies && n < max) {
            plies[n] = k;
        }
        n++;
    }
    return n;
}

bool rb_ui_review_mistakes_open_now(const rb_ui_state *st)
{
    return !st->mistakes.active && rb_ui_review_mistakes(st, NULL, 0) > 0;
}
