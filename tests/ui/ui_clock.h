/*
 * ui_clock.h - the tests' own time for the games' clocks. A test sets
 * app->ticks = fixture_clock_ticks; the clocks then read fixture_clock_ms,
 * which only the test moves, so time passes exactly as the test says and
 * never by itself, however slow the machine. (ui_fixture.h's fixture_ms is
 * the window's time for pacing; this one counts in 64 bits, as a game's
 * clock does, and starts far from zero.)
 */
#ifndef RB_UI_CLOCK_FIXTURE_H
#define RB_UI_CLOCK_FIXTURE_H

#include <stdint.h>

#include "state/game_clock.h"
#include "ui_fixture.h"

/* Far from zero, so that no test ever asks for a time before its start. */
static int64_t fixture_clock_ms = 5000000;

static inline Uint32 fixture_clock_ticks(void *ctx)
{
    (void)ctx;
    return (Uint32)fixture_clock_ms;
}

/* The time side's clock has left at the test's now. */
static inline int64_t fixture_clock_left(const rb_app *app, int side)
{
    return rb_ui_clock_left(&app->state.clock, side, fixture_clock_ms);
}

#endif
