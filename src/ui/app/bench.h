/*
 * bench.h - rollerball --bench-frame: how long the game takes to show its
 * first frame and to draw each frame after, off screen with the software
 * renderer, and how much memory it holds. A measurement, not a test: it
 * prints figures and exits.
 */
#ifndef RB_UI_BENCH_H
#define RB_UI_BENCH_H

#include <stdio.h>

#include "app/app.h"

/* Draws frames of the app's current state (opened headless, staged as for
 * a screenshot) for about a second and at least 20 times, and prints the
 * figures to out. started is SDL_GetPerformanceCounter() at program start.
 * Returns 0. */
int rb_ui_bench_frames(rb_app *app, Uint64 started, FILE *out);

#endif
