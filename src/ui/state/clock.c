/*
 * clock.c - chess clocks (see clock.h for the conventions).
 *
 * The clock keeps, for each side, the time left as of one instant: for the
 * side whose time runs that instant is since_ms, for the other it does not
 * matter as its time stands still. Everything else (time left now, flag,
 * low time, the next visible change) is computed from that and "now", so
 * there is no state to fall out of step with the time.
 */
#include "state/clock.h"
#include "words/i18n.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the running clock -------------------------------------------------- */

void rb_ui_clock_init(rb_ui_clock *c, rb_ui_time_control white, rb_ui_time_control black)
{
    *c = (rb_ui_clock){.tc = {white, black},
                       .left_ms = {white.base_ms, black.base_ms},
                       .running = -1,
                       .paused = false,
                       .since_ms = 0,
                       .flagged = -1};
}

/* Time left of side at now, possibly negative, without the clamp. */
static int64_t raw_left(const rb_ui_clock *c, int side, int64_t now_ms)
{
    int64_t left = c->left_ms[side];
    if (side == c->running && !c->paused && rb_ui_tc_timed(c->tc[side]) && now_ms > c->since_ms) {
        left -= now_ms - c->since_ms;
    }
    return left;
}

void rb_ui_clock_start(rb_ui_clock *c, int side, int64_t now_ms)
{
    if (c->flagged >= 0) {
        return;
    }
    c->running = side;
    c->paused = false;
    c->since_ms = now_ms;
}

int rb_ui_clock_press(rb_ui_clock *c, int64_t now_ms)
{
    int side = c->running;
    if (side < 0) {
        return -1;
    }
    int64_t left = raw_left(c, side, now_ms);
    if (rb_ui_tc_timed(c->tc[side]) && left <= 0) {
        c->left_ms[side] = 0;
        c->flagged = side;
        c->running = -1;
        return side;
    }
    if (rb_ui_tc_timed(c->tc[side])) {
        c->left_ms[side] = left + c->tc[side].increment_ms;
    }
    c->running = 1 - side;
    c->since_ms = now_ms;
    return -1;
}

void rb_ui_clock_pause(rb_ui_clock *c, int64_t now_ms)
{
    if (c->running < 0 || c->paused) {
        return;
    }
    c->left_ms[c->running] = raw_left(c, c->running, now_ms);
    c->paused = true;
}

void rb_ui_clock_resume(rb_ui_clock *c, int64_t now_ms)
{
    if (c->running < 0 || !c->paused) {
        return;
    }
    c->paused = false;
    c->since_ms = now_ms;
}

void rb_ui_clock_set_left(rb_ui_clock *c, int side, int64_t left_ms, int64_t now_ms)
{
    c->left_ms[side] = left_ms;
    if (side == c->running) {
        c->since_ms = now_ms;
    }
}

int64_t rb_ui_clock_left(const rb_ui_clock *c, int side, int64_t now_ms)
{
    if (!rb_ui_tc_timed(c->tc[side])) {
        return -1;
    }
    int64_t left = raw_left(c, side, now_ms);
    return left > 0 ? left : 0;
}

int rb_ui_clock_flag(const rb_ui_clock *c, int64_t now_ms)
{
    if (c->flagged >= 0) {
        return c->flagged;
    }
    int side = c->running;
    if (side >= 0 && rb_ui_tc_timed(c->tc[side]) && raw_left(c, side, now_ms) <= 0) {
        return side;
    }
    return -1;
}

bool rb_ui_clock_low(const rb_ui_clock *c, int side, int64_t now_ms)
{
    int64_t left = rb_ui_clock_left(c, side, now_ms);
    return left > 0 && left < RB_UI_CLOCK_LOW_MS;
}

/* The unit of the shown time at left ms: seconds, or tenths when low. */
static int64_t shown_unit(int64_t left)
{
    return left < RB_UI_CLOCK_LOW_MS ? 100 : 1000;
}

int64_t rb_ui_clock_next_change(const rb_ui_clock *c, int64_t now_ms)
{
    int side = c->running;
    if (side < 0 || c->paused || !rb_ui_tc_timed(c->tc[side]) || rb_ui_clock_flag(c, now_ms) >= 0) {
        return -1;
    }
    int64_t left = raw_left(c, side, now_ms);
    int64_t unit = shown_unit(left);
    int64_t shown = left / unit * unit;
    /* Rounded down, the text changes when the time drops below what is
     * shown; in the last unit the next change is the flag itself. The low
     * threshold is a whole second, so it falls on one of these changes. */
    return shown == 0 ? left : left - shown + 1;
}

/* ---- text --------------------------------------------------------------- */

size_t rb_ui_clock_format(int64_t ms, char *buf, size_t len)
{
    if (ms < 0) {
        ms = 0;
    }
    int64_t s = ms / 1000;
    int n;
    if (s >= 3600) {
        n = snprintf(buf, len, "%" PRId64 ":%02d:%02d", s / 3600, (int)(s / 60 % 60), (int)(s % 60));
    } else if (ms >= RB_UI_CLOCK_LOW_MS) {
        n = snprintf(buf, len, "%d:%02d", (int)(s / 60), (int)(s % 60));
    } else {
        n = snprintf(buf, len, "0:%02d.%d", (int)s, (int)(ms / 100 % 10));
    }
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len > 0 ? len - 1 : 0;
}

size_t rb_ui_clock_format_clk(int64_t ms, char *buf, size_t len)
{
    if (ms < 0) {
        ms = 0;
    }
    int64_t s = ms / 1000;
    int n = snprintf(buf, len, "%" PRId64 ":%02d:%02d", s / 3600, (int)(s / 60 % 60), (int)(s % 60));
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len > 0 ? len - 1 : 0;
}

/* Reads up to max_digits digits at *p into *v; false if there are none. */
static bool read_digits(const char **p, int max_digits, int64_t *v)
{
    int n = 0;
    *v = 0;
    while (isdigit((unsigned char)**p) && n < max_digits) {
        *v = *v * 10 + (*(*p)++ - '0');
        n++;
    }
    return n > 0 && !isdigit((unsigned char)**p);
}

int rb_ui_clock_parse_clk(const char *comment, int64_t *ms, char *err, size_t errlen)
{
    const char *p = strstr(comment, "[%clk");
    if (p == NULL) {
        return 1;
    }
    const char *start = p;
    p += 5;
    if (*p != ' ' && *p != '\t') {
        goto bad;
    }
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    int64_t h, m, s_ms;
    if (!read_digits(&p, 4, &h) || *p++ != ':' || !read_digits(&p, 2, &m) || m > 59 || *p++ != ':') {
        goto bad;
    }
    const char *sec = p;
    if (!rb_ui_tc_read_seconds(&p, &s_ms) || p - sec < 2 || s_ms >= 60000) {
        goto bad;
    }
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (*p != ']') {
        goto bad;
    }
    *ms = (h * 3600 + m * 60) * 1000 + s_ms;
    return 0;
bad:;
    size_t shown = strcspn(start, "]");
    /* TRANSLATORS: a clock comment of a game file; keep [%%clk H:MM:SS] */
    snprintf(err, errlen, _("clock comment \"%.*s%s\" is not [%%clk H:MM:SS]"), (int)(shown > 40 ? 40 : shown), start,
             start[shown] == ']' ? "]" : "");
    return -1;
}
