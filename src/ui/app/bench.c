/*
 * bench.c - frame timing for rollerball --bench-frame. The first frame is
 * timed from program start (it includes reading the data, rasterising the
 * pieces and the first text), the later ones one by one with a piece
 * selected and its path drawn if the command line staged that, so the
 * figure is for the busiest picture the player sees, not an empty board.
 * Beside the wall-clock times it prints the processor time a frame took,
 * which other programs on a busy machine inflate far less.
 */
#define _XOPEN_SOURCE 700

#include "app/bench.h"

#include <sys/resource.h>
#include <time.h>

static double ms_since(Uint64 t0)
{
    return (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

/* Processor time of this thread (the one drawing), in milliseconds. */
static double cpu_ms(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) {
        return 0;
    }
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

int rb_ui_bench_frames(rb_app *app, Uint64 started, FILE *out)
{
    app->state.anim.active = false;
    rb_ui_app_draw(app);
    double first = ms_since(started);

    double total = 0, best = 1e9, worst = 0;
    int n = 0;
    Uint64 t_all = SDL_GetPerformanceCounter();
    double cpu0 = cpu_ms();
    while (n < 20 || ms_since(t_all) < 1000.0) {
        Uint64 t = SDL_GetPerformanceCounter();
        rb_ui_app_draw(app);
        double ms = ms_since(t);
        total += ms;
        best = ms < best ? ms : best;
        worst = ms > worst ? ms : worst;
        n++;
    }
    double cpu = (cpu_ms() - cpu0) / n;
    struct rusage ru;
    long rss_kib = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
    SDL_RendererInfo info;
    const char *renderer = SDL_GetRendererInfo(app->renderer, &info) == 0 ? info.name : "?";
    fprintf(out, "output          %dx%d pixels, renderer %s, square %d px\n", app->layout.out_w, app->layout.out_h,
            renderer, app->layout.sq);
    fprintf(out, "first frame     %.1f ms after start\n", first);
    fprintf(out, "frame           %.2f ms mean, %.2f ms best, %.2f ms worst over %d frames\n", total / n, best, worst,
            n);
    fprintf(out, "processor       %.2f ms a frame\n", cpu);
    fprintf(out, "peak memory     %ld KiB resident\n", rss_kib);
    return 0;
}
