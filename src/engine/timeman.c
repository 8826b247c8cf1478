/*
 * timeman.c - turning search limits into deadlines.
 *
 * Two deadlines: a soft one after which no new iteration starts (an
 * iteration rarely finishes in less time than all before it took together),
 * and a hard one at which the search is abandoned mid-iteration. Given a
 * fixed time per move, no iteration starts after 60% of it. With a
 * clock the engine plans for about thirty more moves and spends most of the
 * increment; a forced reply is played at once.
 */
#include "engine.h"

void rb_time_plan(rb_engine *e, const rb_limits *limits, int side, int nroot)
{
    (void)side;
    e->soft_ms = 0;
    e->hard_ms = 0;
    if (limits == NULL || limits->infinite) {
        return;
    }
    if (limits->movetime_ms > 0) {
        e->soft_ms = e->start_ms + limits->movetime_ms * 6 / 10;
        e->hard_ms = e->start_ms + limits->movetime_ms;
    }
    if (limits->time_left_ms > 0 || limits->increment_ms > 0) {
        int64_t left = limits->time_left_ms, inc = limits->increment_ms;
        int64_t reserve = left / 20 < 50 ? left / 20 : 50; /* for the line and the reply */
        int64_t usable = left - reserve;
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
        int64_t s = e->start_ms + soft, h = e->start_ms + hard;
        if (e->soft_ms == 0 || s < e->soft_ms) {
            e->soft_ms = s;
        }
        if (e->hard_ms == 0 || h < e->hard_ms) {
            e->hard_ms = h;
        }
    }
}
