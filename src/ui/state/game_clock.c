/*
 * game_clock.c - the clocks of the game on the board (game_clock.h).
 *
 * The record is the clocks' memory: each move's annotation holds the
 * mover's time after it, the tags hold the controls. Setting the clocks
 * from a record therefore serves a new game, a loaded or resumed one and an
 * undo alike, and what is saved is what comes back.
 */
#include "state/game_clock.h"
#include "words/i18n.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool rb_ui_game_clock_timed(const rb_ui_state *st)
{
    return rb_ui_tc_timed(st->clock.tc[RB_WHITE]) || rb_ui_tc_timed(st->clock.tc[RB_BLACK]);
}

/* Whether the game the clocks time goes on: the record's end while the
 * player browses, else the game at the cursor (an undo's redo tail is not
 * the game any more). */
static bool game_goes_on(const rb_ui_state *st)
{
    const rb_game *g = &st->game;
    return rb_game_ending_at(g, st->browsing ? g->length : g->ply) == RB_END_NONE;
}

int rb_ui_game_clock_from_game(rb_ui_state *st, int64_t now_ms, char *err, size_t errlen)
{
    const rb_game *g = &st->game;
    rb_ui_time_control tc[2] = {{0, 0}, {0, 0}};
    int rc = rb_ui_tc_read_tags(g, tc, err, errlen);
    if (rc != 0) {
        tc[RB_WHITE] = tc[RB_BLACK] = (rb_ui_time_control){0, 0};
    }
    rb_ui_clock_init(&st->clock, tc[RB_WHITE], tc[RB_BLACK]);
    for (size_t i = 0; i < g->ply; i++) {
        const rb_annotation *a = rb_game_annotation(g, i);
        int mover = g->positions[i].side;
        if (a && a->clock_ms != RB_CLOCK_NONE && rb_ui_tc_timed(tc[mover])) {
            st->clock.left_ms[mover] = a->clock_ms;
        }
    }
    /* The time of the move in progress when the game was written; it
     * leaves the record, which then says nothing stale. */
    const char *to_move = rb_game_tag(g, RB_UI_CLOCK_LEFT_TAG);
    if (to_move && g->ply == g->length) {
        char clk[64];
        int64_t ms;
        int side = rb_game_pos(g)->side;
        snprintf(clk, sizeof clk, "[%%clk %.40s]", to_move);
        if (rb_ui_tc_timed(tc[side]) && rb_ui_clock_parse_clk(clk, &ms, NULL, 0) == 0) {
            st->clock.left_ms[side] = ms;
        }
    }
    rb_ui_game_clock_unmark(st);
    if (rb_ui_game_clock_timed(st)) {
        rb_ui_clock_start(&st->clock, rb_game_pos(g)->side, now_ms);
        rb_ui_game_clock_update(st, now_ms);
    }
    if (rb_game_ending(g) == RB_END_TIME_FORFEIT) { /* shows as it fell */
        int loser = g->resigned & 1;
        st->clock.running = -1;
        st->clock.flagged = loser;
        st->clock.left_ms[loser] = 0;
    }
    /* A side already short of time when the game comes back is not warned
     * again: the warning is for the moment the time runs low. */
    for (int side = 0; side < 2; side++) {
        st->clock_low[side] = rb_ui_clock_low(&st->clock, side, now_ms);
    }
    return rc;
}

int rb_ui_game_clock_moved(rb_ui_state *st, int64_t now_ms)
{
    rb_game *g = &st->game;
    if (!rb_ui_game_clock_timed(st) || st->clock.running < 0 || g->ply == 0) {
        return -1;
    }
    int mover = g->positions[g->ply - 1].side;
    int fell = rb_ui_clock_press(&st->clock, now_ms);
    if (fell >= 0) {
        return fell;
    }
    if (rb_ui_tc_timed(st->clock.tc[mover])) {
        /* Out of memory only costs the reading in a saved game. */
        (void)rb_game_set_clock(g, g->ply - 1, rb_ui_clock_left(&st->clock, mover, now_ms));
        /* The increment may lift the mover out of low time: warn again
         * the next time it runs low. */
        st->clock_low[mover] = rb_ui_clock_low(&st->clock, mover, now_ms);
    }
    return -1;
}

void rb_ui_game_clock_update(rb_ui_state *st, int64_t now_ms)
{
    if (!rb_ui_game_clock_timed(st)) {
        return;
    }
    bool vs_computer = rb_ui_state_vs_computer(st);
    bool away = st->minimised && st->settings.pause_minimised && vs_computer;
    if (game_goes_on(st) && !away && !rb_ui_state_game_set_aside(st)) {
        rb_ui_clock_resume(&st->clock, now_ms);
    } else {
        rb_ui_clock_pause(&st->clock, now_ms);
    }
}

int rb_ui_game_clock_warn(rb_ui_state *st, int64_t now_ms)
{
    int side = st->clock.running;
    if (side < 0 || st->clock.paused || st->clock_low[side] || !rb_ui_clock_low(&st->clock, side, now_ms)) {
        return -1;
    }
    st->clock_low[side] = true;
    return side;
}

int rb_ui_game_clock_mark(rb_ui_state *st, int64_t now_ms)
{
    const rb_ui_clock *c = &st->clock;
    int side = c->running;
    if (side < 0 || !rb_ui_tc_timed(c->tc[side]) || !game_goes_on(st)) {
        rb_ui_game_clock_unmark(st);
        return 0;
    }
    char text[RB_UI_CLOCK_TEXT_MAX];
    rb_ui_clock_format_clk(rb_ui_clock_left(c, side, now_ms), text, sizeof text);
    return rb_game_set_tag(&st->game, RB_UI_CLOCK_LEFT_TAG, text);
}

void rb_ui_game_clock_unmark(rb_ui_state *st)
{
    (void)rb_game_set_tag(&st->game, RB_UI_CLOCK_LEFT_TAG, NULL); /* removing needs no memory */
}

int64_t rb_ui_game_clock_wait(const rb_ui_state *st, int64_t now_ms)
{
    if (!rb_ui_game_clock_timed(st)) {
        return -1;
    }
    return rb_ui_clock_next_change(&st->clock, now_ms);
}

/* One side's custom control, "10+5": minutes, then seconds of increment. */
static int parse_one(const char *text, rb_ui_time_control *tc, char *err, size_t errlen)
{
    char *end;
    while (isspace((unsigned char)*text)) {
        text++;
    }
    double minutes = strtod(text, &end);
    double inc = 0;
    if (end == text || !isfinite(minutes) || minutes <= 0) {
        snprintf(err, errlen, "%s", _("Give the minutes and the seconds added a move, like 10+5."));
        return -1;
    }
    const char *p = end;
    while (isspace((unsigned char)*p)) {
        p++;
    }
    if (*p == '+') {
        const char *q = p + 1;
        inc = strtod(q, &end);
        if (end == q || !isfinite(inc) || inc < 0) {
            snprintf(err, errlen, "%s", _("After '+' come the seconds added a move, like 10+5."));
            return -1;
        }
        p = end;
        while (isspace((unsigned char)*p)) {
            p++;
        }
    }
    if (*p != '\0') {
        /* TRANSLATORS: %s is what was typed; keep minutes+seconds and 10+5 readable as a form */
        snprintf(err, errlen, _("\"%.20s\" is not part of a time control: write minutes+seconds, like 10+5."), p);
        return -1;
    }
    if (minutes > 1e6 || inc > 1e6) {
        snprintf(err, errlen, "%s", _("That is far longer than a game's clock can be."));
        return -1;
    }
    tc->base_ms = (int64_t)llround(minutes * 60000.0);
    tc->increment_ms = (int64_t)llround(inc * 1000.0);
    return rb_ui_tc_valid(*tc, err, errlen) ? 0 : -1;
}

int rb_ui_game_clock_parse_custom(const char *text, rb_ui_time_control tc[2], char *err, size_t errlen)
{
    char part[2][40];
    const char *slash = strchr(text, '/');
    size_t n = slash ? (size_t)(slash - text) : strlen(text);
    if (n >= sizeof part[0] || (slash && strlen(slash + 1) >= sizeof part[1])) {
        snprintf(err, errlen, "%s", _("The time control is too long: write minutes+seconds, like 10+5."));
        return -1;
    }
    memcpy(part[0], text, n);
    part[0][n] = '\0';
    snprintf(part[1], sizeof part[1], "%s", slash ? slash + 1 : part[0]);
    rb_ui_time_control got[2];
    char why[400];
    for (int side = 0; side < 2; side++) {
        if (parse_one(part[side], &got[side], why, sizeof why) != 0) {
            if (slash) {
                /* TRANSLATORS: %s says what is wrong with that side's clock */
                snprintf(err, errlen, side == RB_WHITE ? _("White's clock: %s") : _("Black's clock: %s"), why);
            } else {
                snprintf(err, errlen, "%s", why);
            }
            return -1;
        }
    }
    tc[0] = got[0];
    tc[1] = got[1];
    return 0;
}
