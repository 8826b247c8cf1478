/*
 * analysis.c - the analysis board: its commands and its engine thread.
 *
 * The commands (applied by rb_ui_apply) keep the analysed position in the
 * state: the game's position at st->analysis.ply and the variation played
 * from it. Each change of that position restarts the engine; nothing here
 * touches the game record, its autosave or its counter of changes.
 *
 * The engine thread follows the computer opponent's (worker.c) in one
 * respect: the main thread never waits for it. A new position is a job
 * handed over under the lock with a new generation, and the running search
 * is stopped under the same lock; the thread clears the stop as it takes
 * the job, so a stop meant for a job is never lost. The search is
 * infinite with three lines (MultiPV): after each completed iteration its
 * lines go into a snapshot under the lock, and one SDL user event wakes
 * the window (a second is posted only once the first has been read, so a
 * fast engine cannot flood the queue). The window copies the snapshot into
 * its state with RB_UI_CMD_ANALYSIS_LINES.
 */
#include "screens/analysis/analysis.h"
#include "words/i18n.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/anim.h"
#include "board/input.h"
#include "computer/search.h"
#include "rb_notation.h"
#include "rb_review.h"
#include "rb_util_assert.h"

#define ANALYSIS_HASH_MIB 32

struct rb_ui_analysis {
    rb_engine *engine;
    SDL_Thread *thread;
    SDL_mutex *lock;
    SDL_cond *wake;
    Uint32 event_type;

    /* Guarded by lock. */
    bool quit;
    bool pending; /* a job waits in root / history */
    bool running; /* the thread is inside rb_engine_search */
    rb_pos root;
    uint64_t *history;
    size_t nhistory;
    int threads;               /* for the pending job */
    Uint32 wanted;             /* the generation the window wants */
    Uint32 job_generation;     /* the pending job's */
    Uint32 running_generation; /* the search running's */
    Uint32 snap_generation;    /* which search the snapshot is of */
    int snap_lines;
    rb_search_info snap[RB_UI_ANALYSIS_LINES];
    bool posted; /* an event is waiting to be read */
};

/* ---- scores ------------------------------------------------------------ */

size_t rb_ui_analysis_score_text(rb_score_kind kind, int score, char *buf, size_t len)
{
    int n;
    if (kind == RB_SCORE_WIN) {
        /* TRANSLATORS: a score: White forces a win in %d moves (by mate or throne) */
        n = snprintf(buf, len, ngettext("win in %d", "win in %d", (unsigned long)score), score);
    } else if (kind == RB_SCORE_LOSS) {
        /* TRANSLATORS: a score: Black forces a win in %d moves */
        n = snprintf(buf, len, ngettext("loss in %d", "loss in %d", (unsigned long)score), score);
    } else {
        /* On the shown scale (rb_review.h), rounded to tenths first, so
         * -4 centipawns is "0.0", not "-0.0". */
        long tenths = lround(rb_review_shown_cp(score) / 10.0);
        if (tenths == 0) {
            n = snprintf(buf, len, "0.0");
        } else {
            n = snprintf(buf, len, "%c%ld.%ld", tenths > 0 ? '+' : '-', labs(tenths) / 10, labs(tenths) % 10);
        }
    }
    return n < 0 ? 0 : (size_t)n;
}

double rb_ui_analysis_white_share(rb_score_kind kind, int score)
{
    rb_review_score s = {kind, score};
    return (1.0 + rb_review_chance(s)) / 2.0;
}

double rb_ui_analysis_bar_share(const rb_ui_analysis_state *an)
{
    RB_ASSERT(an != NULL);
    /* No search runs on a finished position, so no line says who won:
     * the rules do. */
    switch (rb_pos_status(&an->board)) {
    case RB_CHECKMATE:
    case RB_THRONE: return an->board.side == RB_WHITE ? 0.0 : 1.0;
    case RB_STALEMATE: return 0.5;
    case RB_ONGOING: break;
    }
    return an->nlines > 0 ? rb_ui_analysis_white_share(an->lines[0].kind, an->lines[0].score) : 0.5;
}

void rb_ui_analysis_line_text(const rb_ui_analysis_line *line, int nmoves, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < line->pvlen && i < nmoves; i++) {
        char mv[16];
        rb_move_to_coord(line->pv[i], mv);
        int n = snprintf(buf + k, len - k, "%s%s", i ? " " : "", mv);
        if (n < 0 || (size_t)n >= len - k) {
            break;
        }
        k += (size_t)n;
    }
}

/* ---- the engine thread ------------------------------------------------- */

static void post_locked(struct rb_ui_analysis *a)
{
    if (a->posted) {
        return;
    }
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = a->event_type;
    ev.user.data1 = a;
    if (SDL_PushEvent(&ev) == 1) {
        a->posted = true;
    }
}

/* Runs on the engine's thread after each completed iteration, once per
 * line, best first. */
static void on_info(const rb_search_info *info, void *user)
{
    struct rb_ui_analysis *a = user;
    int i = info->multipv - 1;
    if (i < 0 || i >= RB_UI_ANALYSIS_LINES || info->pvlen == 0) {
        return;
    }
    SDL_LockMutex(a->lock);
    if (a->running_generation == a->wanted) {
        if (a->snap_generation != a->running_generation) {
            a->snap_generation = a->running_generation;
            a->snap_lines = 0;
        }
        a->snap[i] = *info;
        if (a->snap_lines < i + 1) {
            a->snap_lines = i + 1;
        }
        post_locked(a);
    }
    SDL_UnlockMutex(a->lock);
}

static int engine_thread(void *user)
{
    struct rb_ui_analysis *a = user;
    SDL_LockMutex(a->lock);
    for (;;) {
        while (!a->quit && !a->pending) {
            SDL_CondWait(a->wake, a->lock);
        }
        if (a->quit) {
            break;
        }
        rb_pos root = a->root;
        uint64_t *history = a->history;
        size_t nhistory = a->nhistory;
        int threads = a->threads;
        a->history = NULL;
        a->pending = false;
        a->running = true;
        a->running_generation = a->job_generation;
        rb_engine_clear_stop(a->engine);
        SDL_UnlockMutex(a->lock);

        rb_limits limits;
        memset(&limits, 0, sizeof limits);
        limits.infinite = true; /* until the position changes or the board closes */
        /* without memory for more helpers the engine keeps the threads it had */
        (void)rb_engine_set_threads(a->engine, threads);
        rb_engine_search(a->engine, &root, history, nhistory, &limits, on_info, a, NULL);
        free(history);

        SDL_LockMutex(a->lock);
        a->running = false;
    }
    SDL_UnlockMutex(a->lock);
    return 0;
}

static struct rb_ui_analysis *engine_get(rb_app *app)
{
    if (app->analysis) {
        return app->analysis;
    }
    struct rb_ui_analysis *a = calloc(1, sizeof *a);
    if (!a) {
        return NULL;
    }
    a->engine = rb_engine_new(ANALYSIS_HASH_MIB);
    a->lock = SDL_CreateMutex();
    a->wake = SDL_CreateCond();
    a->event_type = SDL_RegisterEvents(1);
    if (a->engine && a->lock && a->wake && a->event_type != (Uint32)-1) {
        rb_engine_set_level(a->engine, RB_LEVEL_MAX);
        rb_engine_set_multipv(a->engine, RB_UI_ANALYSIS_LINES);
        rb_engine_set_tablebase(a->engine, app->tables);
        a->thread = SDL_CreateThread(engine_thread, "rollerball-analysis", a);
    }
    if (!a->thread) {
        if (a->engine) {
            rb_engine_free(a->engine);
        }
        if (a->lock) {
            SDL_DestroyMutex(a->lock);
        }
        if (a->wake) {
            SDL_DestroyCond(a->wake);
        }
        free(a);
        return NULL;
    }
    app->analysis = a;
    return a;
}

/* Hands the engine a new position (or none: it only stops). Never waits. */
static Uint32 engine_restart(struct rb_ui_analysis *a, const rb_pos *root, uint64_t *history, size_t nhistory,
                             int threads)
{
    SDL_LockMutex(a->lock);
    a->threads = threads;
    a->wanted++;
    free(a->history);
    a->history = NULL;
    a->pending = root != NULL;
    if (root) {
        a->root = *root;
        a->history = history;
        a->nhistory = nhistory;
        a->job_generation = a->wanted;
    } else {
        free(history);
    }
    if (a->running) {
        rb_engine_stop(a->engine);
    }
    SDL_CondSignal(a->wake);
    Uint32 g = a->wanted;
    SDL_UnlockMutex(a->lock);
    return g;
}

void rb_ui_analysis_free(rb_app *app)
{
    struct rb_ui_analysis *a = app->analysis;
    if (!a) {
        return;
    }
    SDL_LockMutex(a->lock);
    a->quit = true;
    a->wanted++;
    if (a->running) {
        rb_engine_stop(a->engine);
    }
    SDL_CondSignal(a->wake);
    SDL_UnlockMutex(a->lock);
    SDL_WaitThread(a->thread, NULL);
    free(a->history);
    rb_engine_free(a->engine);
    SDL_DestroyCond(a->wake);
    SDL_DestroyMutex(a->lock);
    free(a);
    app->analysis = NULL;
}

bool rb_ui_analysis_searching(const rb_app *app)
{
    struct rb_ui_analysis *a = app->analysis;
    if (!a) {
        return false;
    }
    SDL_LockMutex(a->lock);
    bool busy = a->running || a->pending;
    SDL_UnlockMutex(a->lock);
    return busy;
}

bool rb_ui_analysis_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out)
{
    struct rb_ui_analysis *a = app->analysis;
    if (!a || ev->type != a->event_type) {
        return false;
    }
    SDL_LockMutex(a->lock);
    a->posted = false; /* read: the next report may wake the window again */
    SDL_UnlockMutex(a->lock);
    *out = rb_ui_cmd_of(app->state.analysis.active ? RB_UI_CMD_ANALYSIS_LINES : RB_UI_CMD_NONE);
    return true;
}

/* ---- the commands ------------------------------------------------------ */

bool rb_ui_analysis_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind)
{
    (void)st;
    /* what would change the game is kept off it while the board is open */
    return kind == RB_UI_CMD_PLAY_PREMOVE || kind == RB_UI_CMD_EXPLAIN || rb_ui_cmd_touches_game(kind);
}

/* The position the variation starts from: the game's at ply, or the
 * editor's. */
static const rb_pos *base_of(const rb_ui_state *st)
{
    const rb_ui_analysis_state *an = &st->analysis;
    return an->own_root ? &an->root : &st->game.positions[an->ply];
}

/* The keys of the positions before the board, oldest first: the game's up
 * to ply, then the variation's. NULL (count 0) when there are none or
 * memory runs out; the search then only misses repetitions. */
static uint64_t *history_of(const rb_ui_state *st, size_t *n)
{
    const rb_ui_analysis_state *an = &st->analysis;
    size_t count = an->ply + (size_t)an->nvar;
    *n = 0;
    uint64_t *keys = count ? malloc(count * sizeof *keys) : NULL;
    if (!keys) {
        return NULL;
    }
    for (size_t i = 0; i < an->ply; i++) {
        keys[i] = st->game.positions[i].key;
    }
    rb_pos pos = *base_of(st);
    for (int i = 0; i < an->nvar; i++) {
        keys[an->ply + (size_t)i] = pos.key;
        rb_pos_make(&pos, an->var[i], &pos);
    }
    *n = count;
    return keys;
}

/* The board changed: the lines and the selection go, the engine starts
 * on the new position (not on one where the game is over). */
static void position_changed(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_analysis_state *an = &st->analysis;
    an->nlines = 0;
    an->hover_line = -1;
    rb_ui_input_cancel(&st->input);
    rb_ui_anim_stop(&st->anim);
    app->dirty = true;
    struct rb_ui_analysis *a = engine_get(app);
    if (!a) {
        rb_ui_state_say(st, true, "%s", _("The analysis engine could not be started: out of memory."));
        return;
    }
    if (rb_pos_status(&an->board) != RB_ONGOING) {
        an->search = engine_restart(a, NULL, NULL, 0, 1);
        return;
    }
    size_t n;
    uint64_t *keys = history_of(st, &n);
    an->search = engine_restart(a, &an->board, keys, n, rb_ui_search_threads(st->settings.threads));
}

static void go_to(rb_app *app, size_t ply)
{
    rb_ui_analysis_state *an = &app->state.analysis;
    an->ply = an->own_root ? 0 : ply;
    an->nvar = 0;
    an->board = *base_of(&app->state);
    an->last = an->ply > 0 ? app->state.game.moves[an->ply - 1] : RB_MOVE_NONE;
    app->state.status[0] = 0;
    position_changed(app);
}

static int open_board(rb_app *app, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    rb_ui_analysis_state *an = &st->analysis;
    if (an->active) {
        return 0;
    }
    if (!rb_ui_state_analysis_allowed(st)) {
        rb_ui_state_say(st, false, "%s", _("The analysis board opens once the game against the computer is over."));
        return -1;
    }
    close_others(app, RB_UI_CMD_ANALYSIS_OPEN, false);
    an->own_root = false;
    an->game_browsing = st->browsing;
    snprintf(an->game_status, sizeof an->game_status, "%s", st->status);
    st->browsing = false; /* the analysis board is not read-only */
    an->active = true;
    an->hover_button = an->pressed = -1;
    go_to(app, st->game.ply);
    return 0;
}

/* Over the position editor, on its position: the editor stays under the
 * board, and closing the board comes back to it. */
static int open_over_editor(rb_app *app, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    rb_ui_analysis_state *an = &st->analysis;
    char why[256];
    if (an->active || !st->editor.active) {
        return -1;
    }
    if (!rb_ui_state_editor_can_analyse(st, why, sizeof why)) {
        rb_ui_state_say(st, false, "%s", why);
        return -1;
    }
    close_others(app, RB_UI_CMD_ANALYSIS_OVER_EDITOR, true);
    an->own_root = true;
    an->root = st->editor.pos;
    an->game_browsing = st->browsing;
    snprintf(an->game_status, sizeof an->game_status, "%s", st->status);
    st->browsing = false;
    an->active = true;
    an->hover_button = an->pressed = -1;
    go_to(app, 0);
    return 0;
}

void rb_ui_analysis_leave(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_analysis_state *an = &st->analysis;
    if (!an->active) {
        return;
    }
    if (app->analysis) {
        engine_restart(app->analysis, NULL, NULL, 0, 1);
    }
    an->active = false;
    an->own_root = false;
    an->nlines = 0;
    st->browsing = an->game_browsing;
    snprintf(st->status, sizeof st->status, "%s", an->game_status);
    rb_ui_input_cancel(&st->input);
    rb_ui_anim_stop(&st->anim);
    app->dirty = true;
}

/* The snapshot's lines, turned to White's point of view, into the state. */
static void take_lines(rb_app *app)
{
    rb_ui_analysis_state *an = &app->state.analysis;
    struct rb_ui_analysis *a = app->analysis;
    if (!a) {
        return;
    }
    SDL_LockMutex(a->lock);
    if (a->snap_generation == an->search) {
        bool black = an->board.side == RB_BLACK;
        an->nlines = a->snap_lines;
        for (int i = 0; i < a->snap_lines; i++) {
            const rb_search_info *in = &a->snap[i];
            rb_ui_analysis_line *l = &an->lines[i];
            l->kind = in->kind;
            l->score = in->score;
            if (black && in->kind == RB_SCORE_CP) {
                l->score = -in->score;
            } else if (black) {
                l->kind = in->kind == RB_SCORE_WIN ? RB_SCORE_LOSS : RB_SCORE_WIN;
            }
            l->depth = in->depth;
            l->pvlen = in->pvlen < RB_UI_ANALYSIS_PV_MAX ? in->pvlen : RB_UI_ANALYSIS_PV_MAX;
            memcpy(l->pv, in->pv, (size_t)l->pvlen * sizeof l->pv[0]);
        }
    }
    SDL_UnlockMutex(a->lock);
    app->dirty = true;
}

static int refuse(rb_ui_state *st)
{
    rb_ui_state_say(st, false, "%s",
                    st->analysis.own_root
                        ? _("The game is not changed on the analysis board: Esc goes back to the position editor.")
                        : _("The game is not changed on the analysis board: Esc goes back to it."));
    return -1;
}

int rb_ui_analysis_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    rb_ui_analysis_state *an = &st->analysis;
    switch (cmd->kind) {
    case RB_UI_CMD_ANALYSIS_OPEN: return open_board(app, close_others);
    case RB_UI_CMD_ANALYSIS_OVER_EDITOR: return open_over_editor(app, close_others);
    case RB_UI_CMD_ANALYSIS_LINES:
        if (an->active) {
            take_lines(app);
        }
        return 0;
    case RB_UI_CMD_ANALYSIS_GOTO:
        if (!an->active || cmd->analysis_goto.ply < 0 ||
            (size_t)cmd->analysis_goto.ply > (an->own_root ? 0 : st->game.length)) {
            return -1;
        }
        go_to(app, (size_t)cmd->analysis_goto.ply);
        return 0;
    case RB_UI_CMD_ANALYSIS_LEAVE: rb_ui_analysis_leave(app); return 0;
    case RB_UI_CMD_PLAY:
        if (an->nvar >= RB_UI_ANALYSIS_VAR_MAX || rb_pos_status(&an->board) != RB_ONGOING ||
            rb_move_find(&an->board, RB_MOVE_FROM(cmd->play.move), RB_MOVE_TO(cmd->play.move),
                         RB_MOVE_PROMO(cmd->play.move)) != cmd->play.move) {
            rb_ui_state_say(st, false, "%s", _("That move cannot be played here."));
            return -1;
        }
        an->var[an->nvar++] = cmd->play.move;
        rb_pos_make(&an->board, cmd->play.move, &an->board);
        an->last = cmd->play.move;
        st->status[0] = 0;
        position_changed(app);
        return 0;
    case RB_UI_CMD_UNDO: /* the variation's last move back */
        if (an->nvar == 0) {
            return -1;
        }
        an->nvar--;
        an->board = *base_of(st);
        for (int i = 0; i < an->nvar; i++) {
            rb_pos_make(&an->board, an->var[i], &an->board);
        }
        an->last = an->nvar > 0 ? an->var[an->nvar - 1] : an->ply > 0 ? st->game.moves[an->ply - 1] : RB_MOVE_NONE;
        position_changed(app);
        return 0;
    case RB_UI_CMD_EXPLAIN: return 0; /* the board's refusal is heard; nothing is drawn over it */
    default: return refuse(st);
    }
}
