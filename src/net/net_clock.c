/*
 * net_clock.c - clocks with a lag quota (see rb_net_clock.h).
 */
#include "rb_net_clock.h"

void rb_net_clock_init(rb_net_clock *c, int64_t base_ms, int64_t inc_ms)
{
    c->base_ms = base_ms;
    c->inc_ms = inc_ms;
    c->left[0] = c->left[1] = base_ms;
    c->running = -1;
    c->turn_start = 0;
    c->quota[0] = c->quota[1] = RB_NET_QUOTA_MAX_MS;
    c->last_credit = 0;
}

bool rb_net_clock_timed(const rb_net_clock *c)
{
    return c->base_ms > 0;
}

void rb_net_clock_stop(rb_net_clock *c, int64_t now)
{
    if (c->running >= 0) {
        c->left[c->running] = rb_net_clock_left(c, c->running, now);
    }
    c->running = -1;
}

void rb_net_clock_start(rb_net_clock *c, int color, int64_t now)
{
    rb_net_clock_stop(c, now);
    c->running = color;
    c->turn_start = now;
}

int64_t rb_net_clock_left(const rb_net_clock *c, int color, int64_t now)
{
    int64_t left = c->left[color];
    if (c->running == color && now > c->turn_start) {
        left -= now - c->turn_start;
    }
    return left;
}

int64_t rb_net_clock_move(rb_net_clock *c, int64_t now, int64_t lag_claim, int64_t lag_max)
{
    int color = c->running;
    if (color < 0) {
        return 0;
    }
    int64_t credit = lag_claim;
    credit = credit < lag_max ? credit : lag_max;
    credit = credit < c->quota[color] ? credit : c->quota[color];
    credit = credit > 0 ? credit : 0;
    int64_t spent = now > c->turn_start ? now - c->turn_start : 0;
    credit = credit < spent ? credit : spent;
    c->quota[color] -= credit;
    c->quota[color] += RB_NET_QUOTA_REFILL_MS;
    if (c->quota[color] > RB_NET_QUOTA_MAX_MS) {
        c->quota[color] = RB_NET_QUOTA_MAX_MS;
    }
    c->last_credit = credit;
    c->left[color] -= spent - credit;
    if (rb_net_clock_timed(c)) {
        c->left[color] += c->inc_ms;
    }
    c->running = 1 - color;
    c->turn_start = now;
    return c->left[color];
}

bool rb_net_clock_out(const rb_net_clock *c, int64_t now, int64_t allowance_ms)
{
    if (!rb_net_clock_timed(c) || c->running < 0) {
        return false;
    }
    return rb_net_clock_left(c, c->running, now) + allowance_ms <= 0;
}

void rb_net_clock_set(rb_net_clock *c, int64_t white_ms, int64_t black_ms, int64_t now)
{
    c->left[0] = white_ms;
    c->left[1] = black_ms;
    c->turn_start = now;
}
