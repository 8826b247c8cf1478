/*
 * clock.h - chess clocks: the running clock, and its text forms for the
 * screen and for PGN's [%clk] (time controls are tc.h's).
 *
 * Pure logic with no SDL and no reading of the time: every call that needs
 * the time takes "now" in milliseconds from any monotonic source (the game
 * passes SDL_GetTicks64(), the tests pass whatever they like), so a test
 * controls time exactly and nothing here ever waits.
 *
 * Display (rb_ui_clock_format): "1:02:03" from an hour up, "4:32" down to
 * ten seconds, then "0:09.5" with tenths. Shown times are rounded down, so
 * "0:00.0" is the last tenth before the flag falls, and the flag falls when
 * the remaining time reaches 0.
 *
 * PGN: clock comments are "[%clk 0:04:32]" (hours:minutes:seconds,
 * rounded down).
 */
#ifndef RB_UI_CLOCK_H
#define RB_UI_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_game.h"
#include "state/tc.h"

/* A side is "low on time" below this (the warning tick, tenths shown). */
#define RB_UI_CLOCK_LOW_MS 10000
/* Longest text any formatting function here writes, terminator included. */
#define RB_UI_CLOCK_TEXT_MAX 32

typedef struct rb_ui_clock {
    rb_ui_time_control tc[2]; /* per colour, RB_WHITE / RB_BLACK */
    int64_t left_ms[2];       /* remaining time as of `since` (running side) or now (others) */
    int running;              /* colour whose move it is on the clock, -1 before start or after a fall */
    bool paused;
    int64_t since_ms; /* when the running side's time was last charged */
    int flagged;      /* colour whose flag fell, or -1 */
} rb_ui_clock;

/* ---- the running clock ------------------------------------------------ */
/* A stopped clock with each side's full base time. */
void rb_ui_clock_init(rb_ui_clock *c, rb_ui_time_control white, rb_ui_time_control black);
/* Starts side's time running at now (the first move is side's to make). */
void rb_ui_clock_start(rb_ui_clock *c, int side, int64_t now_ms);
/* The running side has completed a move at now: its time is charged, its
 * increment added, and the other side's time starts. If the mover's time
 * had already run out, its flag falls instead (no increment) and the clock
 * stops. Returns the colour whose flag fell, or -1. Does nothing before
 * the start or after a fall; on a paused clock it switches sides and the
 * clock stays paused. */
int rb_ui_clock_press(rb_ui_clock *c, int64_t now_ms);
/* Stops and restarts the running side's time (a dialog, the end of the
 * game); pausing a paused clock or resuming a running one does nothing. */
void rb_ui_clock_pause(rb_ui_clock *c, int64_t now_ms);
void rb_ui_clock_resume(rb_ui_clock *c, int64_t now_ms);
/* Sets a side's remaining time (a loaded game's last [%clk]); a running
 * side counts down from there as of now. */
void rb_ui_clock_set_left(rb_ui_clock *c, int side, int64_t left_ms, int64_t now_ms);

/* Remaining time of side at now, never below 0; -1 for an untimed side. */
int64_t rb_ui_clock_left(const rb_ui_clock *c, int side, int64_t now_ms);
/* The colour whose flag has fallen by now, or -1 (the running side's flag
 * falls the moment its time reaches 0, whether or not anyone pressed). */
int rb_ui_clock_flag(const rb_ui_clock *c, int64_t now_ms);
/* Whether side is timed, has time left and less than RB_UI_CLOCK_LOW_MS. */
bool rb_ui_clock_low(const rb_ui_clock *c, int side, int64_t now_ms);
/* Milliseconds from now until something on the clocks changes by itself:
 * the running side's displayed time, its low-time state, or its flag. -1
 * when nothing will (stopped, paused, untimed, fallen): the window may
 * sleep until an event comes. */
int64_t rb_ui_clock_next_change(const rb_ui_clock *c, int64_t now_ms);

/* ---- text ------------------------------------------------------------- */
/* Remaining time as shown by the clock (see the top); negative counts as 0.
 * Returns the length written (at most len - 1). */
size_t rb_ui_clock_format(int64_t ms, char *buf, size_t len);
/* "0:04:32": the [%clk] form, hours always present, rounded down. */
size_t rb_ui_clock_format_clk(int64_t ms, char *buf, size_t len);
/* Finds "[%clk H:MM:SS]" (seconds may carry decimals) in a move's comment.
 * Returns 0 with the time in *ms; 1 when the comment has no %clk; -1 with a
 * message when it has one that is malformed. */
int rb_ui_clock_parse_clk(const char *comment, int64_t *ms, char *err, size_t errlen);

#endif
