/*
 * make_sounds.c - synthesises the game's sounds into WAV files at build time.
 *
 * usage: make_sounds OUTPUT_DIR
 *
 * The sounds are the project's own: each is a few decaying sine partials,
 * a pitch glide or a burst of filtered noise, described below in a few
 * lines each, so a sound can be changed by editing a number here rather than
 * by finding and licensing a recording. The output is 16-bit mono PCM at
 * 44.1 kHz; the noise comes from a fixed-seed generator and nothing reads
 * the time or the environment, so every build writes the same bytes.
 *
 * Each sound fades in over a couple of milliseconds and ends in silence
 * (no click at either end) and is scaled to its own peak, below full scale:
 * the game mixes overlapping sounds, and the quiet ones (the illegal-move
 * buzz, the clock's tick) are meant to be quieter.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE 44100
#define MAX_SAMPLES (RATE / 2) /* every sound is under half a second */

static const double two_pi = 6.283185307179586;

/* ---- building blocks: each adds into buf[] -------------------------------- */

/* A sine partial starting at t0 seconds: amplitude amp, decaying by e every
 * decay seconds, with a 2 ms attack so it starts without a click. */
static void partial(double *buf, int n, double t0, double freq, double amp, double decay)
{
    for (int i = (int)(t0 * RATE); i < n; i++) {
        double t = i / (double)RATE - t0;
        double attack = t < 0.002 ? t / 0.002 : 1.0;
        buf[i] += amp * attack * exp(-t / decay) * sin(two_pi * freq * t);
    }
}

/* A tone of fixed length with a soft start and end (for the musical sounds):
 * the fundamental and a few harmonics of falling strength. */
static void note(double *buf, int n, double t0, double len, double freq, double amp, int harmonics)
{
    int from = (int)(t0 * RATE), to = (int)((t0 + len) * RATE);
    for (int i = from; i < to && i < n; i++) {
        double t = i / (double)RATE - t0;
        double env = fmin(1.0, t / 0.006) * fmin(1.0, (len - t) / 0.04) * exp(-t / (len * 1.5));
        double v = 0;
        for (int h = 1; h <= harmonics; h++) {
            v += sin(two_pi * freq * h * t) / (h * h);
        }
        buf[i] += amp * env * v;
    }
}

/* xorshift32: a fixed sequence, the same on every machine. */
static uint32_t noise_state;
static double noise(void)
{
    noise_state ^= noise_state << 13;
    noise_state ^= noise_state >> 17;
    noise_state ^= noise_state << 5;
    return noise_state / 2147483648.0 - 1.0;
}

/* A burst of noise through a one-pole low-pass (the "wood" of a knock):
 * cutoff sets how dull it sounds. */
static void thump(double *buf, int n, double t0, double amp, double decay, double cutoff)
{
    double a = exp(-two_pi * cutoff / RATE), y = 0;
    noise_state = 0x2545F491u;
    for (int i = (int)(t0 * RATE); i < n; i++) {
        double t = i / (double)RATE - t0;
        y = (1 - a) * noise() + a * y;
        double attack = t < 0.001 ? t / 0.001 : 1.0;
        buf[i] += amp * attack * exp(-t / decay) * y * 4;
    }
}

/* A sine whose pitch glides from f0 to f1 (exponentially) over the sound. */
static void glide(double *buf, int n, double f0, double f1, double amp, double decay)
{
    double phase = 0, len = n / (double)RATE;
    for (int i = 0; i < n; i++) {
        double t = i / (double)RATE;
        double f = f0 * pow(f1 / f0, t / len);
        /* a little wobble, as a spring has */
        f *= 1.0 + 0.04 * sin(two_pi * 18 * t);
        phase += two_pi * f / RATE;
        double attack = fmin(1.0, t / 0.003);
        buf[i] += amp * attack * exp(-t / decay) * (sin(phase) + 0.3 * sin(2 * phase));
    }
}

/* ---- the sounds --------------------------------------------------------- */

typedef struct sound {
    const char *file;
    double seconds;
    double peak; /* of full scale */
    void (*make)(double *buf, int n);
} sound;

/* A piece set down: a short bright knock on wood. */
static void make_move(double *b, int n)
{
    thump(b, n, 0, 0.5, 0.006, 2500);
    partial(b, n, 0, 950, 0.6, 0.018);
    partial(b, n, 0, 2200, 0.3, 0.010);
}

/* A capture: two heavier, lower knocks, the second one louder. */
static void make_capture(double *b, int n)
{
    thump(b, n, 0, 0.5, 0.010, 1200);
    partial(b, n, 0, 420, 0.5, 0.030);
    partial(b, n, 0, 1150, 0.25, 0.015);
    thump(b, n, 0.075, 0.7, 0.012, 1000);
    partial(b, n, 0.075, 360, 0.8, 0.045);
    partial(b, n, 0.075, 980, 0.3, 0.020);
}

/* Check: two bright tones, a fifth apart, rising. */
static void make_check(double *b, int n)
{
    note(b, n, 0.0, 0.11, 987.8, 0.6, 3);
    note(b, n, 0.10, 0.16, 1480.0, 0.6, 3);
}

/* A move that rebounded: a springy glide up. */
static void make_rebound(double *b, int n)
{
    glide(b, n, 260, 820, 0.7, 0.12);
    partial(b, n, 0, 900, 0.25, 0.012);
}

/* The end of the game: a short cadence, G4 C5 E5 G5 (the last held). */
static void make_end(double *b, int n)
{
    note(b, n, 0.00, 0.09, 392.0, 0.5, 4);
    note(b, n, 0.08, 0.09, 523.3, 0.5, 4);
    note(b, n, 0.16, 0.09, 659.3, 0.5, 4);
    note(b, n, 0.24, 0.22, 784.0, 0.6, 4);
}

/* An illegal attempt: a soft, low buzz. */
static void make_illegal(double *b, int n)
{
    note(b, n, 0.0, 0.17, 110.0, 0.6, 7);
    note(b, n, 0.0, 0.17, 116.5, 0.3, 5); /* a slightly sour second voice */
}

/* The clock's low-time warning: one dry tick. */
static void make_tick(double *b, int n)
{
    partial(b, n, 0, 3100, 0.6, 0.004);
    partial(b, n, 0, 1700, 0.4, 0.006);
}

static const sound sounds[] = {
    {"move.wav", 0.12, 0.55, make_move},    {"capture.wav", 0.24, 0.70, make_capture},
    {"check.wav", 0.27, 0.50, make_check},  {"rebound.wav", 0.30, 0.50, make_rebound},
    {"end.wav", 0.47, 0.50, make_end},      {"illegal.wav", 0.18, 0.35, make_illegal},
    {"lowtime.wav", 0.05, 0.45, make_tick},
};

/* ---- output --------------------------------------------------------------- */

static void put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)(v & 0xff);
    p[1] = (unsigned char)(v >> 8);
}

static void put32(unsigned char *p, uint32_t v)
{
    put16(p, v & 0xffff);
    put16(p + 2, v >> 16);
}

/* Scales buf to the sound's peak, fades its last 10 ms to silence and writes
 * it as a WAV file. Returns 0, or -1 with a message on stderr. */
static int write_wav(const char *path, const double *buf, int n, double peak)
{
    double max = 0;
    for (int i = 0; i < n; i++) {
        max = fmax(max, fabs(buf[i]));
    }
    double scale = max > 0 ? peak * 32767.0 / max : 0;
    int fade = RATE / 100;

    static unsigned char out[44 + 2 * MAX_SAMPLES];
    uint32_t data = (uint32_t)n * 2;
    memcpy(out, "RIFF", 4);
    put32(out + 4, 36 + data);
    memcpy(out + 8, "WAVEfmt ", 8);
    put32(out + 16, 16); /* fmt chunk size */
    put16(out + 20, 1);  /* PCM */
    put16(out + 22, 1);  /* mono */
    put32(out + 24, RATE);
    put32(out + 28, RATE * 2); /* bytes per second */
    put16(out + 32, 2);        /* bytes per frame */
    put16(out + 34, 16);       /* bits per sample */
    memcpy(out + 36, "data", 4);
    put32(out + 40, data);
    for (int i = 0; i < n; i++) {
        double tail = i >= n - fade ? (n - 1 - i) / (double)fade : 1.0;
        long v = lround(buf[i] * scale * tail);
        put16(out + 44 + 2 * i, (uint16_t)(int16_t)v);
    }

    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "make_sounds: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t size = 44 + data;
    int ok = fwrite(out, 1, size, f) == size;
    ok = (fclose(f) == 0) && ok;
    if (!ok) {
        fprintf(stderr, "make_sounds: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_sounds OUTPUT_DIR\n");
        return 2;
    }
    static double buf[MAX_SAMPLES];
    for (size_t i = 0; i < sizeof sounds / sizeof sounds[0]; i++) {
        int n = (int)(sounds[i].seconds * RATE);
        memset(buf, 0, sizeof buf);
        sounds[i].make(buf, n);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], sounds[i].file);
        if (write_wav(path, buf, n, sounds[i].peak) != 0) {
            return 1;
        }
    }
    return 0;
}
