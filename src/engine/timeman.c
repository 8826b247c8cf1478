/*
 * timeman.c - turning search limits into deadlines.
 *
 * Two deadlines: a soft one after which no new iteration starts (an
 * iteration rarely finishes in less time than all before it took together),
 * and a hard one at which the search is abandoned mid-iteration. Both are
 * counted from the moment the request arrived (limits->start_ms) when the
 * caller gives it, so time spent before the search thread ran is not
 * handed out twice.
 *
 * A fixed time per move is a hard limit: the search is abandoned a margin
 * before it, the margin growing with the time asked, so that unwinding,
 * joining the helper threads and writing the reply fit inside it even when
 * other programs hold the cores. No iteration starts after 60% of it.
 * With a clock the engine plans for about thirty more moves and spends most
 * of the increment, never past three quarters of what is left after the
 * margin; a forced reply is played at once.
 */
#include "engine.h"

int64_t rb_time_margin(int64_t ms)
{
    /* a tenth of the allowance, from 1 ms up to 50 ms: a scheduler's time
     * slice or two on a loaded machine, never most of a short allowance */
    int64_t m = ms / 10;
    if (m > 50) {
        m = 50;
    }
    if (m < 1 && ms > 1) {
        m = 1;
    }
    return m;
}

void rb_time_plan(rb_engine *e, const rb_limits *limits, int side, int nroot)
{
    (void)side;
    e->soft_ms = 0;
    e->hard_ms = 0;
    if (limits == NULL || limits->infinite) {
        return;
    }
    /* From the request's arrival; a stamp from the future (another clock)
     * is not believed. */
    int64_t base = e->start_ms;
    if (limits->start_ms > 0 && limits->start_ms < base) {
        base = limits->start_ms;
    }
    if (limits->movetime_ms > 0) {
        int64_t t = limits->movetime_ms;
        int64_t hard = t - rb_time_margin(t);
        if (hard < 1) {
            hard = 1;
        }
        int64_t soft = t * 6 / 10; /* as before the margin: iterations keep their pace */
        if (soft > hard) {
            soft = hard;
        }
        if (soft < 1) {
            soft = 1;
        }
        e->soft_ms = base + soft;
        e->hard_ms = base + hard;
    }
    if (limits->time_left_ms > 0 || limits->increment_ms > 0) {
        int64_t left = limits->time_left_ms, inc = limits->increment_ms;
        int64_t usable = left - rb_time_margin(left); /* for the line and the reply */
        if (usable < 1) {
            usable = 1;
        }
        int64_t soft = left / 30 + inc * 3 / 4;
        int64_t hard = soft * 4;
        if (nroot <= 1) {
            soft = hard = 1;
        }
        if (soft > usable / 2) {
            soft = usable / 2;
        }
        if (hard > usable / 2 + usable / 4) {
            hard = usable / 2 + usable / 4;
        }
        if (soft < 1) {
            soft = 1;
        }
        if (hard < soft) {
            hard = soft;
        }
        int64_t s = base + soft, h = base + hard;
        if (e->soft_ms == 0 || s < e->soft_ms) {
            e->soft_ms = s;
        }
        if (e->hard_ms == 0 || h < e->hard_ms) {
            e->hard_ms = h;
        }
    }
}
