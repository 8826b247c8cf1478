/*
 * coach.c - hints and threats (coach.h).
 *
 * The coach keeps its own search thread and engine (an rb_ui_search, as
 * the computer opponent's): a hint or a threat never cancels, slows the
 * opponent's tables or steals its generation. It is started on the first
 * request, so a player who never asks pays nothing. Like the opponent it
 * answers with an SDL event stamped with a generation; a position change
 * (rb_ui_coach_clear, called by apply.c's game_changed) cancels the search
 * and its late answer is dropped as stale.
 *
 * A hint counts: the person's next move in that position gets the comment
 * RB_UI_HINT_COMMENT in the game record, so a saved game says where help
 * was taken. Between two people hints are off unless both agreed to the
 * setting, since either could otherwise ask for the other's best move.
 */
#include "computer/coach.h"
#include "words/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/draw.h"
#include "board/render.h"
#include "board/view.h"

#define COACH_HASH_MIB 8

struct rb_ui_coach {
    rb_ui_search *search;
    Uint32 generation; /* the search asked for, 0 = none */
    rb_ui_coach_kind kind;
    uint64_t key; /* the position it searches */
    size_t ply;
};

/* The hint's green and the threat's red, with a dark rim so either reads
 * over light and dark squares and over pieces. */
static const SDL_Color coach_hint = {40, 170, 90, 235};
static const SDL_Color coach_threat = {214, 40, 40, 235};
static const SDL_Color coach_rim = {20, 20, 20, 200};

bool rb_ui_coach_allowed(const rb_ui_state *st, char *why, size_t whylen)
{
    const char *no = NULL;
    if (st->trainer.active) {
        no = _("The puzzle trainer has its own hints.");
    } else if (st->mistakes.active) {
        no = _("Find the better move yourself, or Show the line.");
    } else if (rb_ui_state_browsing(st)) {
        no = _("Go back to the game (End) for a hint.");
    } else if (rb_game_ending(&st->game) != RB_END_NONE || rb_pos_status(rb_ui_state_live_pos(st)) != RB_ONGOING) {
        no = _("The game is over.");
    } else if (!rb_ui_state_can_move(st)) {
        no = _("Hints are for the person to move: it is not your move now.");
    } else if (!rb_ui_state_vs_computer(st) && !st->settings.two_player_hints) {
        /* TRANSLATORS: the words in quotes are the name of a switch in Settings: translate them the same way */
        no = _("Hints are off in games between two people (Settings: \"Hints in games between two people\").");
    }
    if (no && why) {
        snprintf(why, whylen, "%s", no);
    }
    return no == NULL;
}

static int coach_start(rb_app *app)
{
    if (app->coach) {
        return 0;
    }
    struct rb_ui_coach *c = calloc(1, sizeof *c);
    char err[300];
    if (!c) {
        rb_ui_state_say(&app->state, true, "%s", _("Out of memory starting the coach."));
        return -1;
    }
    c->search = rb_ui_search_new(COACH_HASH_MIB, err, sizeof err);
    if (!c->search) {
        free(c);
        rb_ui_state_say(&app->state, true, "%s", err);
        return -1;
    }
    rb_ui_search_set_tables(c->search, app->tables);
    app->coach = c;
    return 0;
}

int rb_ui_coach_ask(rb_app *app, rb_ui_coach_kind kind)
{
    rb_ui_state *st = &app->state;
    char why[512];
    if (!rb_ui_coach_allowed(st, why, sizeof why)) {
        rb_ui_state_say(st, false, "%s", why);
        return -1;
    }
    if (st->coach.shown == kind) {
        return 0; /* shown already: it goes when the position changes */
    }
    if (coach_start(app) != 0) {
        return -1;
    }
    struct rb_ui_coach *c = app->coach;
    const rb_game *g = &st->game;
    const rb_pos *pos = rb_ui_state_live_pos(st);
    size_t ply = rb_ui_state_live_ply(st);
    if (c->generation && c->kind == kind && c->key == pos->key && c->ply == ply && rb_ui_search_busy(c->search)) {
        return 0; /* already looking */
    }
    /* Only the last asked is shown: a hint replaces the threat and back. */
    st->coach.shown = RB_UI_COACH_NONE;
    st->coach.move = RB_MOVE_NONE;
    st->coach.in_check = false;
    uint64_t history[512];
    size_t n = 0, first = ply > 512 ? ply - 512 : 0;
    for (size_t i = first; i < ply; i++) {
        history[n++] = g->positions[i].key;
    }
    rb_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.movetime_ms = RB_UI_COACH_MS;
    c->generation = kind == RB_UI_COACH_THREAT ? rb_ui_search_start_threat(c->search, pos, history, n, &limits)
                                               : rb_ui_search_start(c->search, pos, history, n, RB_LEVEL_MAX, &limits);
    c->kind = kind;
    c->key = pos->key;
    c->ply = ply;
    st->coach.asked = kind;
    if (kind == RB_UI_COACH_HINT) {
        /* Asking is what counts, whether or not the arrow is followed. */
        st->coach.hint_used = true;
        st->coach.hint_ply = ply;
        st->coach.hint_key = pos->key;
    }
    rb_ui_coach_say(st);
    return 0;
}

void rb_ui_coach_clear(rb_app *app)
{
    rb_ui_coach_state *cs = &app->state.coach;
    cs->asked = cs->shown = RB_UI_COACH_NONE;
    cs->move = RB_MOVE_NONE;
    cs->in_check = false;
    /* Its words go with the arrow: a hint for a position taken back is no
     * hint. */
    rb_ui_state_status_forget(&app->state, RB_UI_STATUS_COACH);
    struct rb_ui_coach *c = app->coach;
    if (c && c->generation) {
        rb_ui_search_cancel(c->search);
        c->generation = 0;
    }
}

bool rb_ui_coach_busy(const rb_app *app)
{
    const struct rb_ui_coach *c = app->coach;
    return c && c->generation && rb_ui_search_busy(c->search);
}

void rb_ui_coach_found(rb_ui_state *st, const rb_ui_cmd *cmd)
{
    rb_ui_coach_state *cs = &st->coach;
    if (cs->asked != cmd->coach_found.kind) {
        return; /* cleared since it was asked */
    }
    cs->asked = RB_UI_COACH_NONE;
    cs->shown = cmd->coach_found.kind;
    cs->move = cmd->coach_found.move;
    cs->in_check = cmd->coach_found.in_check;
    memset(&cs->path, 0, sizeof cs->path);
    if (cmd->coach_found.move != RB_MOVE_NONE) {
        rb_move_path(cmd->coach_found.move, &cs->path);
    }
    rb_ui_coach_say(st);
}

void rb_ui_coach_say(rb_ui_state *st)
{
    const rb_ui_coach_state *cs = &st->coach;
    char text[RB_MOVE_TEXT_MAX];
    if (cs->move != RB_MOVE_NONE) {
        /* The threat is the opponent's move: said from their position. */
        rb_pos pos = *rb_ui_state_live_pos(st);
        if (cs->shown == RB_UI_COACH_THREAT) {
            pos.side ^= 1;
        }
        rb_move_to_display(&pos, cs->move, text);
    }
    if (cs->asked == RB_UI_COACH_HINT) {
        rb_ui_state_say(st, false, "%s", _("Looking for a hint..."));
    } else if (cs->asked == RB_UI_COACH_THREAT) {
        rb_ui_state_say(st, false, "%s", _("Looking for the threat..."));
    } else if (cs->shown == RB_UI_COACH_HINT) {
        /* TRANSLATORS: %s is a move, like c2b3 */
        rb_ui_state_say(st, false, cs->move != RB_MOVE_NONE ? _("Hint: %s (the green arrow).") : "%s",
                        cs->move != RB_MOVE_NONE ? text : _("No hint: there is no move to play."));
    } else if (cs->shown != RB_UI_COACH_THREAT) {
        return; /* nothing to say */
    } else if (cs->in_check) {
        rb_ui_state_say(st, false, "%s", _("You are in check: the threat is the check itself."));
    } else if (cs->move != RB_MOVE_NONE) {
        rb_ui_state_say(st, false, /* TRANSLATORS: %s is a move, like c2b3 */
                        _("Threat: if you passed, your opponent would play %s (the red arrow)."), text);
    } else {
        rb_ui_state_say(st, false, "%s", _("No threat: your opponent would have no move."));
    }
    st->status_about = RB_UI_STATUS_COACH;
}

void rb_ui_coach_note_move(rb_ui_state *st, size_t ply_before, uint64_t key_before)
{
    rb_ui_coach_state *cs = &st->coach;
    if (!cs->hint_used || cs->hint_ply != ply_before || cs->hint_key != key_before) {
        return;
    }
    cs->hint_used = false;
    const rb_annotation *a = rb_game_annotation(&st->game, ply_before);
    if (!a) {
        return;
    }
    char text[RB_NOTE_COMMENT_MAX + 32];
    if (a->comment && a->comment[0]) {
        snprintf(text, sizeof text, "%s; %s", a->comment, RB_UI_HINT_COMMENT);
    } else {
        snprintf(text, sizeof text, "%s", RB_UI_HINT_COMMENT);
    }
    if (rb_game_set_comment(&st->game, ply_before, text) != 0) {
        rb_ui_state_say(st, true, "%s", _("Out of memory noting the hint in the game record."));
    }
}

rb_ui_search_kind rb_ui_coach_event(rb_app *app, const SDL_Event *ev, rb_ui_cmd *out)
{
    struct rb_ui_coach *c = app->coach;
    *out = rb_ui_cmd_of(RB_UI_CMD_NONE);
    if (!c) {
        return RB_UI_SEARCH_NOT_OURS;
    }
    rb_ui_search_result res;
    rb_ui_search_kind kind = rb_ui_search_take(c->search, ev, &res);
    if (kind != RB_UI_SEARCH_DONE) {
        return kind;
    }
    if (res.generation != c->generation) {
        return RB_UI_SEARCH_STALE;
    }
    c->generation = 0;
    const rb_ui_state *st = &app->state;
    if (rb_ui_state_live_ply(st) != c->ply || rb_ui_state_live_pos(st)->key != c->key) {
        return RB_UI_SEARCH_STALE;
    }
    out->kind = RB_UI_CMD_COACH_FOUND;
    out->coach_found.kind = c->kind;
    out->coach_found.move = res.move;
    out->coach_found.in_check = c->kind == RB_UI_COACH_THREAT && res.threat == RB_THREAT_IN_CHECK;
    return kind;
}

void rb_ui_coach_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_coach_state *cs = &st->coach;
    if (cs->shown == RB_UI_COACH_NONE || cs->move == RB_MOVE_NONE) {
        return;
    }
    bool hint = cs->shown == RB_UI_COACH_HINT;
    rb_ui_render_move_path(app, cs->move, 0.10f, hint ? coach_hint : coach_threat, coach_rim);
    /* The piece that moves, ringed: an arrow alone can hide under pieces. */
    rb_ui_view v = rb_ui_view_of(app);
    float s = (float)v.sq;
    SDL_FPoint c = rb_ui_view_center(&v, RB_MOVE_FROM(cs->move));
    rb_ui_draw_ring(app->renderer, c, s * 0.40f, s * 0.49f, coach_rim);
    rb_ui_draw_ring(app->renderer, c, s * 0.42f, s * 0.47f, hint ? coach_hint : coach_threat);
}

void rb_ui_coach_free(rb_app *app)
{
    struct rb_ui_coach *c = app->coach;
    if (!c) {
        return;
    }
    rb_ui_search_free(c->search);
    free(c);
    app->coach = NULL;
}
