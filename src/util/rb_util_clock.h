/*
 * rb_util_clock.h - the millisecond clock every time limit is measured on.
 *
 * Monotonic, so a clock change during a game cannot make a search stop at
 * once or run forever. Not for the rules library, which keeps no time.
 */
#ifndef RB_UTIL_CLOCK_H
#define RB_UTIL_CLOCK_H

#include <stdint.h>

/* Milliseconds since an arbitrary fixed point. */
int64_t rb_util_now_ms(void);
/* Sleeps for about ms milliseconds. */
void rb_util_sleep_ms(int ms);

#endif
