/*
 * rb_net_clock.h - the clocks of a network game and the credit for lag.
 *
 * The host's clock decides. A move from the far side reaches the host a
 * round trip after the host's own move left, so the host credits the mover
 * with the time the move spent on the line, as lichess does: at most the
 * lag measured by pings, and at most what is left of a quota that starts
 * full, is capped, and refills by a fraction of a second each move. A slow
 * line therefore does not lose on time, and a cheat who claims huge lag
 * gains at most the quota. Pure: the caller passes the time.
 */
#ifndef RB_NET_CLOCK_H
#define RB_NET_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#define RB_NET_QUOTA_MAX_MS 1000   /* the lag credit a player may have saved */
#define RB_NET_QUOTA_REFILL_MS 100 /* added after each of their moves */

typedef struct rb_net_clock {
    int64_t base_ms, inc_ms; /* base 0: an untimed game, the clocks never run out */
    int64_t left[2];         /* at the start of the running turn */
    int running;             /* the colour whose clock runs, or -1 */
    int64_t turn_start;      /* when it started */
    int64_t quota[2];        /* lag credit each player may still get */
    int64_t last_credit;     /* credited on the last move */
} rb_net_clock;

void rb_net_clock_init(rb_net_clock *c, int64_t base_ms, int64_t inc_ms);
bool rb_net_clock_timed(const rb_net_clock *c);
/* Starts color's clock at now (stopping the other). */
void rb_net_clock_start(rb_net_clock *c, int color, int64_t now);
void rb_net_clock_stop(rb_net_clock *c, int64_t now);
/* What color has left at now, the running turn counted. */
int64_t rb_net_clock_left(const rb_net_clock *c, int color, int64_t now);
/* The running side moved at now. lag_claim is the time the move is said to
 * have spent in transit, lag_max the lag measured; the credit given is
 * neither more than these nor than the quota. Adds the increment, starts
 * the other clock, and returns the mover's clock after the move. */
int64_t rb_net_clock_move(rb_net_clock *c, int64_t now, int64_t lag_claim, int64_t lag_max);
/* True when the running side's time is out at now, allowing it a further
 * allowance_ms (the host's allowance for a move still on the line). */
bool rb_net_clock_out(const rb_net_clock *c, int64_t now, int64_t allowance_ms);
/* Sets both clocks (as the host announced them) and restarts the running one at now. */
void rb_net_clock_set(rb_net_clock *c, int64_t white_ms, int64_t black_ms, int64_t now);

#endif
