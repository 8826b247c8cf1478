/*
 * mistakes.c - "learn from your mistakes": the commands that open the
 * exercises of a reviewed game, judge the person's moves, play out the
 * missed line and go back to the game.
 *
 * The exercises come from the game record's annotations only (review.c put
 * them there, or a saved reviewed game brought them back): a move whose
 * class NAG says mistake or blunder and that carries a better line. The
 * game is never touched: the board shows st->mistakes.board, nothing calls
 * the game's follow-ups, so there is no autosave and no move list change.
 *
 * A move counts as found when it is the stored better move, or when a
 * short search (RB_UI_MISTAKES_DEPTH, both moves searched together at the
 * position) scores it within the review's "good" band of the better move
 * (rb_review_classify: it loses less than RB_REVIEW_INACCURACY). The move
 * that was played in the game is refused whatever the search says: it is
 * the mistake.
 *
 * A refused answer says why, as lichess does: the search's line for it is
 * the refutation, the opponent's reply and what follows, written after the
 * exercise's question (which stays) and drawn on the board, numbered, the
 * answer first.
 */
#include "screens/mistakes/mistakes.h"
#include "words/i18n.h"

#include <stdlib.h>
#include <string.h>

#include "board/anim.h"
#include "board/explain.h"
#include "board/input.h"
#include "rb_review.h"
#include "computer/review.h"
#include "computer/worker.h"

#define MISTAKES_SHOW_MS 900  /* between the moves of a shown line */
#define MISTAKES_REFUTATION 3 /* plies of the reply line shown after a wrong answer */
#define MISTAKES_HASH_MIB 16

bool rb_ui_mistakes_waiting(const rb_ui_state *st)
{
    return st->mistakes.active && st->mistakes.nqueue > 0;
}

rb_ui_cmd rb_ui_mistakes_tick(const rb_ui_state *st, Uint32 now_ms)
{
    const rb_ui_mistakes_state *ms = &st->mistakes;
    if (!ms->active || ms->nqueue == 0 || (Sint32)(now_ms - ms->due_ms) < 0) {
        return rb_ui_cmd_of(RB_UI_CMD_NONE);
    }
    return rb_ui_cmd_of(RB_UI_CMD_MISTAKES_STEP);
}

bool rb_ui_mistakes_keeps(const rb_ui_state *st, rb_ui_cmd_kind kind)
{
    (void)st;
    /* The game's own moves and takebacks wait until the person is back;
     * the review it was made from stays as it is. */
    return kind == RB_UI_CMD_REVIEW || rb_ui_cmd_touches_game(kind);
}

/* ---- the board ------------------------------------------------------- */

static void show_move(rb_app *app, rb_move m)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    ms->before = ms->board;
    rb_pos_make(&ms->before, m, &ms->board);
    ms->last = m;
    rb_ui_input_cancel(&st->input);
    rb_ui_anim_start(&st->anim, &st->settings, &ms->before, m, rb_ui_window_now(app));
}

static const rb_annotation *current_note(const rb_ui_state *st)
{
    return rb_game_annotation(&st->game, st->mistakes.ply[st->mistakes.at]);
}

/* Puts exercise i on the board: the position before the mistake, the
 * person's side at the bottom. */
static void start_exercise(rb_app *app, int i)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    const rb_game *g = &st->game;
    size_t k = ms->ply[i];
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    ms->at = i;
    ms->board = ms->before = g->positions[k];
    ms->last = RB_MOVE_NONE;
    ms->nqueue = ms->ndrawn = 0;
    ms->found = ms->shown = false;
    st->flipped = ms->board.side == RB_BLACK;
    char played[RB_MOVE_TEXT_MAX];
    rb_move_to_display(&g->positions[k], g->moves[k], played);
    /* (which exercise of how many is the panel's heading) */
    /* TRANSLATORS: the move's number, then the move played (like c2b3) */
    snprintf(ms->question, sizeof ms->question, _("Move %zu: you played %s. Find a better move."), k / 2 + 1, played);
    rb_ui_state_say(st, false, "%s", ms->question);
}

/* The moves of line from pos as a person reads them: "d6d5 e2e3 d5d4". */
static void line_text(const rb_pos *pos, const rb_move *line, int n, char *buf, size_t len)
{
    rb_pos at = *pos;
    buf[0] = 0;
    for (int i = 0; i < n && rb_move_is_legal(&at, line[i]); i++) {
        char text[RB_MOVE_TEXT_MAX];
        rb_move_to_display(&at, line[i], text);
        if (i > 0) {
            SDL_strlcat(buf, " ", len);
        }
        SDL_strlcat(buf, text, len);
        rb_pos next;
        rb_pos_make(&at, line[i], &next);
        at = next;
    }
}

/* The scores of the better move and of m at the exercise's position, from
 * the mover's side, searched together, and m's line (m first, then the
 * replies the search expects) into pv (room for RB_NOTE_LINE_MAX), its
 * length in *npv; false when no search could be made. */
static bool search_pair(rb_app *app, rb_move better, rb_move m, rb_review_score *sb, rb_review_score *sm, rb_move *pv,
                        int *npv)
{
    *npv = 0;
    if (!app->mistakes_engine) {
        app->mistakes_engine = rb_engine_new(MISTAKES_HASH_MIB);
    }
    rb_engine *e = app->mistakes_engine;
    if (!e) {
        return false;
    }
    rb_engine_set_level(e, RB_LEVEL_MAX);
    rb_engine_set_multipv(e, 2);
    rb_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = RB_UI_MISTAKES_DEPTH;
    lim.nsearchmoves = 2;
    lim.searchmoves[0] = better;
    lim.searchmoves[1] = m;
    const rb_game *g = &app->state.game;
    size_t k = app->state.mistakes.ply[app->state.mistakes.at];
    /* The game's positions before, so that repetitions are seen. */
    uint64_t *history = k > 0 ? malloc(k * sizeof *history) : NULL;
    size_t nh = history ? k : 0;
    for (size_t i = 0; i < nh; i++) {
        history[i] = g->positions[i].key;
    }
    rb_engine_new_game(e);
    rb_engine_search(e, &app->state.mistakes.board, history, nh, &lim, NULL, NULL, NULL);
    free(history);
    rb_search_info lines[2];
    int n = rb_engine_lines(e, lines, 2);
    bool got_b = false, got_m = false;
    for (int i = 0; i < n; i++) {
        if (lines[i].pvlen < 1) {
            continue;
        }
        rb_review_score s = {lines[i].kind, lines[i].score};
        if (lines[i].pv[0] == better) {
            *sb = s;
            got_b = true;
        } else if (lines[i].pv[0] == m) {
            *sm = s;
            got_m = true;
            for (int j = 0; j < lines[i].pvlen && j < RB_NOTE_LINE_MAX; j++) {
                pv[(*npv)++] = lines[i].pv[j];
            }
        }
    }
    return got_b && got_m;
}

/* A wrong answer m: the piece goes back, and the question stays with why
 * it is worse under it, the refutation (the replies of m's line pv, m
 * first) written and drawn. */
static void refuse(rb_app *app, rb_move m, const rb_move *pv, int npv, bool played)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    rb_ui_input_cancel(&st->input);
    char text[RB_MOVE_TEXT_MAX], why[RB_UI_EXPLAIN_TEXT_MAX], line[256] = "";
    rb_move_to_display(&ms->board, m, text);
    int n = npv > 1 ? (npv - 1 < MISTAKES_REFUTATION ? npv - 1 : MISTAKES_REFUTATION) : 0;
    ms->ndrawn = 0;
    if (n > 0) {
        rb_pos after;
        rb_pos_make(&ms->board, m, &after);
        line_text(&after, pv + 1, n, line, sizeof line);
        for (int i = 0; i <= n; i++) {
            ms->drawn[ms->ndrawn++] = i == 0 ? m : pv[i];
        }
    }
    if (line[0]) {
        snprintf(why, sizeof why,
                 /* TRANSLATORS: %s is the move tried (like c2b3), then the opponent's answer and what follows */
                 played ? _("%s is the move you played: not better, the answer %s refutes it (drawn on the board). "
                            "Try again.")
                        : _("%s is not better: the answer %s refutes it (drawn on the board). Try again."),
                 text, line);
    } else if (played) {
        /* TRANSLATORS: %s is a move, like c2b3 */
        snprintf(why, sizeof why, _("%s is the move you played: not better. Try again."), text);
    } else {
        snprintf(why, sizeof why, _("%s is not better. Try again."), text);
    }
    rb_ui_state_say(st, false, "%s %s", ms->question, why);
}

static int try_move(rb_app *app, rb_move m)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    if (!rb_ui_state_can_move(st)) {
        return -1;
    }
    rb_pos before = ms->board;
    if (!rb_move_is_legal(&before, m)) {
        rb_ui_explain_say(st, &before, m);
        return -1;
    }
    size_t k = ms->ply[ms->at];
    const rb_annotation *a = current_note(st);
    rb_move better = a->line[0];
    char text[RB_MOVE_TEXT_MAX], best_text[RB_MOVE_TEXT_MAX];
    rb_move_to_display(&before, m, text);
    rb_move_to_display(&before, better, best_text);
    bool good = m == better, played = m == st->game.moves[k];
    rb_move pv[RB_NOTE_LINE_MAX];
    int npv = 0;
    if (!good) {
        rb_review_score sb, sm;
        bool searched = search_pair(app, better, m, &sb, &sm, pv, &npv);
        good = !played && searched && rb_review_classify(sb, sm, false) <= RB_CLASS_GOOD;
    }
    if (!good) {
        refuse(app, m, pv, npv, played);
        return -1;
    }
    ms->ndrawn = 0;
    show_move(app, m);
    ms->found = true;
    bool last = ms->at + 1 >= ms->count;
    if (m == better) {
        /* TRANSLATORS: %s is a move, like c2b3 */
        rb_ui_state_say(st, false,
                        last ? _("Well found: %s is the better move. That was the last one.")
                             : _("Well found: %s is the better move. Press Next for the next mistake."),
                        text);
    } else {
        /* TRANSLATORS: both %s are moves, like c2b3: the one found, then the better move of the review */
        rb_ui_state_say(st, false,
                        last ? _("Well found: %s is as good as %s. That was the last one.")
                             : _("Well found: %s is as good as %s. Press Next for the next mistake."),
                        text, best_text);
    }
    return 0;
}

/* The next waiting move of the missed line goes on the board. */
static int step(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    if (ms->nqueue == 0) {
        return 0;
    }
    rb_move m = ms->queue[0];
    memmove(ms->queue, ms->queue + 1, sizeof ms->queue[0] * (size_t)(ms->nqueue - 1));
    ms->nqueue--;
    show_move(app, m);
    if (ms->ndrawn < RB_NOTE_LINE_MAX) {
        ms->drawn[ms->ndrawn++] = m;
    }
    ms->due_ms = rb_ui_window_now(app) + RB_UI_ANIM_MS + MISTAKES_SHOW_MS;
    if (ms->nqueue == 0) {
        rb_ui_state_say(st, false, "%s", _("That was the line you missed. Press Next for the next mistake."));
    }
    return 0;
}

/* Plays the stored better line out from the exercise's position. */
static int show_line(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    const rb_game *g = &st->game;
    const rb_annotation *a = current_note(st);
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    ms->board = ms->before = g->positions[ms->ply[ms->at]];
    ms->last = RB_MOVE_NONE;
    ms->nqueue = ms->ndrawn = 0;
    for (int i = 0; i < a->line_len && ms->nqueue < RB_NOTE_LINE_MAX; i++) {
        ms->queue[ms->nqueue++] = a->line[i];
    }
    ms->shown = true;
    ms->due_ms = rb_ui_window_now(app) + 250;
    rb_ui_state_say(st, false, "%s", _("The line you missed is played out, each move's path drawn."));
    return 0;
}

static int next_exercise(rb_app *app)
{
    rb_ui_mistakes_state *ms = &app->state.mistakes;
    if (ms->at + 1 >= ms->count) {
        rb_ui_state_say(&app->state, false, "%s", _("That was the last mistake. Press Back to game."));
        return -1;
    }
    start_exercise(app, ms->at + 1);
    return 0;
}

static int open_mode(rb_app *app, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    if (ms->active) {
        return 0;
    }
    int n = rb_ui_review_mistakes(st, ms->ply, RB_UI_MISTAKES_MAX);
    if (n == 0) {
        rb_ui_state_say(st, false, "%s",
                        rb_ui_review_complete(&st->game)
                            ? _("There are no mistakes to learn from in this game.")
                            : _("Review the game first (Ctrl+R): the exercises come from its review."));
        return -1;
    }
    /* It opens: what was open closes first, and puts the game's view back,
     * which is what the exercises then keep to put back in their turn. */
    close_others(app, RB_UI_CMD_MISTAKES_OPEN, false);
    ms->count = n < RB_UI_MISTAKES_MAX ? n : RB_UI_MISTAKES_MAX;
    ms->game_flipped = st->flipped;
    ms->game_browsing = st->browsing;
    SDL_strlcpy(ms->game_status, st->status, sizeof ms->game_status);
    rb_ui_worker_cancel(app); /* a computer's move would land in the exercise */
    st->browsing = false;
    ms->hover_button = ms->pressed = -1;
    ms->active = true;
    start_exercise(app, 0);
    return 0;
}

void rb_ui_mistakes_leave(rb_app *app)
{
    rb_ui_state *st = &app->state;
    rb_ui_mistakes_state *ms = &st->mistakes;
    if (!ms->active) {
        return;
    }
    rb_ui_anim_stop(&st->anim);
    rb_ui_input_cancel(&st->input);
    ms->nqueue = 0;
    ms->active = false;
    st->flipped = ms->game_flipped;
    st->browsing = ms->game_browsing;
    SDL_strlcpy(st->status, ms->game_status, sizeof st->status);
    rb_ui_worker_maybe_start(app);
}

void rb_ui_mistakes_free(rb_app *app)
{
    if (app->mistakes_engine) {
        rb_engine_free(app->mistakes_engine);
    }
    app->mistakes_engine = NULL;
}

int rb_ui_mistakes_apply(rb_app *app, const rb_ui_cmd *cmd, rb_ui_screen_closer close_others)
{
    rb_ui_state *st = &app->state;
    if (cmd->kind == RB_UI_CMD_MISTAKES_OPEN) {
        return open_mode(app, close_others);
    }
    if (!st->mistakes.active) {
        return -1;
    }
    switch (cmd->kind) {
    case RB_UI_CMD_MISTAKES_NEXT: return next_exercise(app);
    case RB_UI_CMD_MISTAKES_SHOW: return show_line(app);
    case RB_UI_CMD_MISTAKES_STEP: return step(app);
    case RB_UI_CMD_MISTAKES_LEAVE: rb_ui_mistakes_leave(app); return 0;
    case RB_UI_CMD_PLAY: return cmd->play.by_computer ? -1 : try_move(app, cmd->play.move);
    default: rb_ui_state_say(st, false, "%s", _("That is for the game: press Back to game first.")); return -1;
    }
}
