/*
 * tc.h - time controls: what each side's clock is given, their limits, the
 * choices the new-game dialog offers, and their text forms for PGN.
 *
 * Pure logic with no SDL. A time control is Fischer's: a base time and an
 * increment added to a side's clock each time it completes a move. Each
 * side has its own control (a stronger player may give the other more
 * time). A base of 0 means the side is untimed: its clock never runs and
 * never falls.
 *
 * PGN: the TimeControl tag is "300+3" (seconds, increment after '+'), "300"
 * without increment, "-" when untimed. When the two sides' controls differ,
 * TimeControl is "?" (the standard's "unknown": there is no single control,
 * and a reader that knows no better must not assume one) and the tags
 * WhiteTimeControl and BlackTimeControl carry each side's own value in the
 * same form.
 */
#ifndef RB_UI_TC_H
#define RB_UI_TC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_game.h"

/* Limits of a custom control: up to ten hours, an increment up to ten minutes. */
#define RB_UI_TC_MAX_BASE_MS (10 * 3600 * 1000LL)
#define RB_UI_TC_MAX_INC_MS (10 * 60 * 1000LL)
/* Longest text rb_ui_tc_format writes, terminator included. */
#define RB_UI_TC_TEXT_MAX 32

typedef struct rb_ui_time_control {
    int64_t base_ms;      /* 0: untimed */
    int64_t increment_ms; /* added after each move (Fischer) */
} rb_ui_time_control;

/* The choices the new-game dialog offers; the first is "untimed". */
typedef struct rb_ui_tc_preset {
    const char *name; /* "5+3": minutes + seconds of increment */
    rb_ui_time_control tc;
} rb_ui_tc_preset;
#define RB_UI_TC_NPRESETS 5
extern const rb_ui_tc_preset rb_ui_tc_presets[RB_UI_TC_NPRESETS];

bool rb_ui_tc_timed(rb_ui_time_control tc);
bool rb_ui_tc_equal(rb_ui_time_control a, rb_ui_time_control b);
/* Checks a custom control against the limits above. Returns true, or false
 * with a message saying what is wrong. */
bool rb_ui_tc_valid(rb_ui_time_control tc, char *err, size_t errlen);
/* The PGN TimeControl value of one control: "300+3", "300", "-". Writes at
 * most len bytes including the terminator; returns the length. */
size_t rb_ui_tc_format(rb_ui_time_control tc, char *buf, size_t len);
/* Reads such a value (seconds may carry up to three decimals: "90+0.5").
 * Returns 0; 1 for "?" (unknown: *tc is left as it was); -1 with a message
 * for anything else, including the moves-per-period ("40/9000") and
 * sandglass ("*60") forms, which these clocks do not play. */
int rb_ui_tc_parse(const char *text, rb_ui_time_control *tc, char *err, size_t errlen);

/* Reads a count of seconds at *p, with up to three decimals ("90",
 * "0.5"), into *ms, and moves *p past it; false (and *p as it was) when
 * no such number is there. The [%clk] reader uses it too. */
bool rb_ui_tc_read_seconds(const char **p, int64_t *ms);

/* Writes the controls of both sides into the game's tags (see the top of
 * this file). Returns 0, or -1 when memory runs out. */
int rb_ui_tc_write_tags(rb_game *g, const rb_ui_time_control tc[2]);
/* Reads them back. A game without TimeControl is untimed. Returns 0, or -1
 * with a message naming the bad tag and value (tc is then untouched). */
int rb_ui_tc_read_tags(const rb_game *g, rb_ui_time_control tc[2], char *err, size_t errlen);

#endif
