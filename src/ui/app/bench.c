/*
 * bench.c - frame timing for rollerball --bench-frame. The first frame is
 * timed from program start (it includes reading the data, rasterising the
 * pieces and the first text), the later ones one by one with a piece
 * selected and its path drawn if the command line staged that, so the
 * figure is for the busiest picture the player sees, not an empty board.
 * Beside the wall-clock times it prints the processor time a frame took,
 * which other programs on a busy machine inflate far less.
 * With the spoken mode on (--speak or --speech-log), a second run of frames
 * announces a full move sentence before each one, interrupting the last, as
 * a game that moves fast would: its figures say what speaking costs the
 * thread that draws (the voice itself runs on its own thread).
 */
#define _XOPEN_SOURCE 700

#include "app/bench.h"

#include "app/speak.h"
#include "words/speech_words.h"

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

/* Frames with an announcement before each: the longest frame, and the
 * longest time the announcing call itself took. */
static void bench_speaking(rb_app *app, FILE *out)
{
    rb_ui_speak_settle(app, 5000); /* the voice open before the figures */
    const rb_pos *pos = rb_ui_state_pos(&app->state);
    rb_movelist moves;
    rb_gen_legal(pos, &moves);
    double total = 0, worst = 0, say_worst = 0, say_total = 0;
    int n = 0;
    Uint64 t_all = SDL_GetPerformanceCounter();
    double cpu0 = cpu_ms();
    while (n < 20 || ms_since(t_all) < 1000.0) {
        char line[1024];
        rb_ui_speech_words_move(pos, moves.moves[n % moves.count], RB_UI_SPEECH_FULL, line, sizeof line);
        Uint64 t = SDL_GetPerformanceCounter();
        rb_ui_speak(app, RB_SPEECH_INTERRUPT, line);
        double say = ms_since(t);
        rb_ui_app_draw(app);
        double ms = ms_since(t);
        total += ms;
        worst = ms > worst ? ms : worst;
        say_worst = say > say_worst ? say : say_worst;
        say_total += say;
        n++;
    }
    fprintf(out, "speaking        %.2f ms mean, %.2f ms worst a frame over %d frames, each announcing (voice: %s)\n",
            total / n, worst, n, rb_ui_speak_backend(app));
    fprintf(out, "announce call   %.3f ms mean, %.3f ms worst\n", say_total / n, say_worst);
    fprintf(out, "processor       %.2f ms a frame while speaking\n", (cpu_ms() - cpu0) / n);
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
    if (app->speaker && app->state.settings.speech) {
        bench_speaking(app, out);
    }
    return 0;
}
