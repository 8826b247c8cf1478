/*
 * test_sound_mixes_clips.c - what the game plays is what reaches the
 * speaker: each clip at the set volume, overlapping clips added, nothing
 * when sound is off, and silence without a word when there is no device.
 *
 * The speaker is SDL's "disk" audio driver, which writes the mixed stream to
 * a file in the device's format (signed 16-bit mono here) at the real
 * rate. The clips are the test's own WAV files with samples chosen so each
 * expected output sample can be computed exactly: a volume v scales a
 * sample x to x * v * v / 10000, rounded toward zero.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <SDL.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "media/sound.h"

static char dir[256];

/* ---- the test's clips --------------------------------------------------- */

#define RAMP_N 3000      /* RB_UI_SOUND_MOVE: 1000, 1100, ... 20900, 1000, ... */
#define LOUD_N 20000     /* CAPTURE and CHECK: a constant 30000 */
#define LONG_N 88200     /* GAME_END: two seconds of a constant 5000 */
#define HALF_RATE_N 1000 /* REBOUND: 22050 Hz stereo, 8000 in both channels */

static int16_t ramp(int i)
{
    return (int16_t)(1000 + (i % 200) * 100);
}

static void put_le(unsigned char *p, uint32_t v, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static void write_wav(const char *name, int rate, int channels, const int16_t *frames, int nframes)
{
    char path[512];
    snprintf(path, sizeof path, "%s/sounds/%s", dir, name);
    uint32_t data = (uint32_t)(nframes * channels * 2);
    unsigned char h[44];
    memcpy(h, "RIFF", 4);
    put_le(h + 4, 36 + data, 4);
    memcpy(h + 8, "WAVEfmt ", 8);
    put_le(h + 16, 16, 4);
    put_le(h + 20, 1, 2);
    put_le(h + 22, (uint32_t)channels, 2);
    put_le(h + 24, (uint32_t)rate, 4);
    put_le(h + 28, (uint32_t)(rate * channels * 2), 4);
    put_le(h + 32, (uint32_t)(channels * 2), 2);
    put_le(h + 34, 16, 2);
    memcpy(h + 36, "data", 4);
    put_le(h + 40, data, 4);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(h, 1, sizeof h, f), sizeof h);
    for (int i = 0; i < nframes * channels; i++) {
        unsigned char s[2];
        put_le(s, (uint16_t)frames[i / channels * channels + i % channels], 2);
        assert_int_equal(fwrite(s, 1, 2, f), 2);
    }
    assert_int_equal(fclose(f), 0);
}

static void write_constant(const char *name, int rate, int channels, int16_t value, int nframes)
{
    int16_t *frames = malloc(sizeof *frames * (size_t)(nframes * channels));
    assert_non_null(frames);
    for (int i = 0; i < nframes * channels; i++) {
        frames[i] = value;
    }
    write_wav(name, rate, channels, frames, nframes);
    free(frames);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/rb-sound-test-XXXXXX");
    if (mkdtemp(dir) == NULL) {
        return -1;
    }
    char sub[300];
    snprintf(sub, sizeof sub, "%s/sounds", dir);
    mkdir(sub, 0700);
    int16_t r[RAMP_N];
    for (int i = 0; i < RAMP_N; i++) {
        r[i] = ramp(i);
    }
    write_wav("move.wav", 44100, 1, r, RAMP_N);
    write_constant("capture.wav", 44100, 1, 30000, LOUD_N);
    write_constant("check.wav", 44100, 1, 30000, LOUD_N);
    write_constant("end.wav", 44100, 1, 5000, LONG_N);
    write_constant("rebound.wav", 22050, 2, 8000, HALF_RATE_N);
    /* illegal.wav is missing; lowtime.wav is not a WAV file at all. */
    char path[320];
    snprintf(path, sizeof path, "%s/sounds/lowtime.wav", dir);
    FILE *f = fopen(path, "w");
    fputs("this is not a sound\n", f);
    fclose(f);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    const char *files[] = {"move", "capture", "check", "end", "rebound", "lowtime"};
    char path[320];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/sounds/%s.wav", dir, files[i]);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/out.raw", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/stderr.txt", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/sounds", dir);
    rmdir(path);
    rmdir(dir);
    return 0;
}

/* ---- running the device --------------------------------------------------- */

/* stderr goes to a file while a sound is opened, to see what it says. */
static int saved_stderr = -1;

static void catch_stderr(void)
{
    char path[320];
    snprintf(path, sizeof path, "%s/stderr.txt", dir);
    fflush(stderr);
    saved_stderr = dup(2);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    dup2(fd, 2);
    close(fd);
}

/* Restores stderr and returns what was written meanwhile (free it). */
static char *release_stderr(void)
{
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    char path[320];
    snprintf(path, sizeof path, "%s/stderr.txt", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *text = calloc(1, 8192);
    assert_non_null(text);
    size_t n = fread(text, 1, 8191, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

static rb_ui_sound *open_on_disk(void)
{
    char out[320];
    snprintf(out, sizeof out, "%s/out.raw", dir);
    remove(out);
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", out, 1);
    rb_ui_sound *s = rb_ui_sound_open(dir);
    assert_non_null(s);
    assert_true(rb_ui_sound_has_device(s));
    return s;
}

/* Waits until everything played has been mixed, lets a few more buffers
 * reach the file, closes the device and returns the stream it was sent. */
static int16_t *close_and_read(rb_ui_sound *s, size_t *n)
{
    for (int waited = 0; !rb_ui_sound_idle(s) && waited < 10000; waited += 10) {
        SDL_Delay(10);
    }
    assert_true(rb_ui_sound_idle(s));
    SDL_Delay(100);
    /* The device's thread writes the file: on a loaded machine its first
     * buffer may come later than the delays above, so wait for one. */
    char out[320];
    snprintf(out, sizeof out, "%s/out.raw", dir);
    for (int waited = 0; waited < 10000; waited += 10) {
        struct stat st;
        if (stat(out, &st) == 0 && st.st_size > 0) {
            break;
        }
        SDL_Delay(10);
    }
    rb_ui_sound_close(s);

    FILE *f = fopen(out, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fseek(f, 0, SEEK_SET);
    int16_t *samples = malloc((size_t)bytes + 2);
    assert_non_null(samples);
    *n = fread(samples, 2, (size_t)bytes / 2, f);
    fclose(f);
    return samples;
}

static size_t first_nonzero(const int16_t *x, size_t n)
{
    size_t i = 0;
    while (i < n && x[i] == 0) {
        i++;
    }
    return i;
}

static size_t count_nonzero(const int16_t *x, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) {
        c += x[i] != 0;
    }
    return c;
}

/* How many lines of text mention name. */
static int lines_naming(const char *text, const char *name)
{
    int lines = 0;
    while (*text != '\0') {
        size_t len = strcspn(text, "\n");
        const char *hit = strstr(text, name);
        lines += hit != NULL && hit < text + len;
        text += len + (text[len] == '\n');
    }
    return lines;
}

/* ---- tests ---------------------------------------------------------------- */

static void clip_plays_exactly_at_each_volume(void **state)
{
    (void)state;
    const int volumes[] = {100, 60, 25};
    for (size_t k = 0; k < sizeof volumes / sizeof volumes[0]; k++) {
        int v = volumes[k];
        rb_ui_sound *s = open_on_disk();
        assert_true(rb_ui_sound_has_clip(s, RB_UI_SOUND_MOVE));
        rb_ui_sound_set_volume(s, v);
        assert_int_equal(rb_ui_sound_volume(s), v);
        rb_ui_sound_play(s, RB_UI_SOUND_MOVE);
        size_t n;
        int16_t *out = close_and_read(s, &n);
        size_t at = first_nonzero(out, n);
        assert_true(at + RAMP_N <= n);
        for (int i = 0; i < RAMP_N; i++) {
            int want = ramp(i) * v * v / 10000;
            if (out[at + (size_t)i] != want) {
                fail_msg("volume %d, sample %d: got %d, want %d", v, i, out[at + (size_t)i], want);
            }
        }
        /* Played once: silence after it. */
        assert_int_equal(count_nonzero(out + at + RAMP_N, n - at - RAMP_N), 0);
        free(out);
    }
}

static void overlapping_clips_add_up_and_saturate(void **state)
{
    (void)state;
    rb_ui_sound *s = open_on_disk();
    rb_ui_sound_set_volume(s, 100);
    rb_ui_sound_play(s, RB_UI_SOUND_CAPTURE);
    rb_ui_sound_play(s, RB_UI_SOUND_CHECK);
    size_t n;
    int16_t *out = close_and_read(s, &n);
    size_t at = first_nonzero(out, n);
    /* The second may start a buffer or so after the first: k samples. */
    size_t lone = 0, both = 0, total = count_nonzero(out, n);
    for (size_t i = at; i < n; i++) {
        lone += out[i] == 30000;
        both += out[i] == INT16_MAX;
    }
    assert_int_equal(lone + both, total);
    assert_true(both > LOUD_N / 2);            /* they sounded together ... */
    assert_int_equal(both + lone / 2, LOUD_N); /* ... for all but the offset */
    assert_int_equal(total, LOUD_N + lone / 2);
    free(out);

    /* Below full scale the sum is exact: at volume 50 each is 7500. */
    s = open_on_disk();
    rb_ui_sound_set_volume(s, 50);
    rb_ui_sound_play(s, RB_UI_SOUND_CAPTURE);
    rb_ui_sound_play(s, RB_UI_SOUND_CHECK);
    out = close_and_read(s, &n);
    size_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        assert_true(out[i] == 0 || out[i] == 7500 || out[i] == 15000);
        sum += out[i] == 15000;
    }
    assert_true(sum > LOUD_N / 2);
    free(out);
}

static void off_is_silent_now_and_later(void **state)
{
    (void)state;
    /* Off before playing: nothing at all. */
    rb_ui_sound *s = open_on_disk();
    rb_ui_sound_set_enabled(s, false);
    assert_false(rb_ui_sound_enabled(s));
    rb_ui_sound_play(s, RB_UI_SOUND_MOVE);
    SDL_Delay(150);
    size_t n;
    int16_t *out = close_and_read(s, &n);
    assert_true(n > 0);
    assert_int_equal(count_nonzero(out, n), 0);
    free(out);

    /* Off in the middle of a two-second clip cuts it short, and the rest
     * of the clip never comes back when sound is turned on again. */
    s = open_on_disk();
    rb_ui_sound_set_volume(s, 100);
    rb_ui_sound_play(s, RB_UI_SOUND_GAME_END);
    SDL_Delay(200);
    rb_ui_sound_set_enabled(s, false);
    SDL_Delay(100);
    rb_ui_sound_set_enabled(s, true);
    out = close_and_read(s, &n);
    size_t at = first_nonzero(out, n), heard = count_nonzero(out, n);
    if (heard == 0 || heard >= LONG_N / 2) {
        fail_msg("heard %zu samples of %d", heard, LONG_N);
    }
    assert_int_equal(count_nonzero(out + at, heard), heard); /* one unbroken stretch */
    free(out);

    /* Volume 0 is silence too. */
    s = open_on_disk();
    rb_ui_sound_set_volume(s, -5);
    assert_int_equal(rb_ui_sound_volume(s), 0);
    rb_ui_sound_play(s, RB_UI_SOUND_CAPTURE);
    out = close_and_read(s, &n);
    assert_int_equal(count_nonzero(out, n), 0);
    free(out);
}

static void clip_in_another_format_is_converted(void **state)
{
    (void)state;
    rb_ui_sound *s = open_on_disk();
    rb_ui_sound_set_volume(s, 100);
    rb_ui_sound_play(s, RB_UI_SOUND_REBOUND);
    size_t n;
    int16_t *out = close_and_read(s, &n);
    size_t at = first_nonzero(out, n), heard = count_nonzero(out, n);
    /* 1000 frames at half the rate: about 2000 samples at the device's. */
    assert_true(heard > 2 * HALF_RATE_N - 64 && heard < 2 * HALF_RATE_N + 64);
    int mid = out[at + heard / 2];
    assert_true(mid > 7800 && mid < 8200);
    free(out);
}

static void missing_or_broken_file_is_silent_and_said_once(void **state)
{
    (void)state;
    catch_stderr();
    rb_ui_sound *s = open_on_disk();
    for (int i = 0; i < 3; i++) {
        rb_ui_sound_play(s, RB_UI_SOUND_ILLEGAL);
        rb_ui_sound_play(s, RB_UI_SOUND_LOW_TIME);
    }
    assert_false(rb_ui_sound_has_clip(s, RB_UI_SOUND_ILLEGAL));
    assert_false(rb_ui_sound_has_clip(s, RB_UI_SOUND_LOW_TIME));
    assert_true(rb_ui_sound_has_clip(s, RB_UI_SOUND_MOVE));
    SDL_Delay(100);
    size_t n;
    int16_t *out = close_and_read(s, &n);
    char *said = release_stderr();
    assert_int_equal(count_nonzero(out, n), 0);
    /* One line for each bad file, however often it is asked for. */
    const char *names[] = {"sounds/illegal.wav", "sounds/lowtime.wav"};
    for (int i = 0; i < 2; i++) {
        int lines = lines_naming(said, names[i]);
        if (lines != 1) {
            fail_msg("stderr names %s on %d lines, not 1: %s", names[i], lines, said);
        }
    }
    assert_null(strstr(said, "move.wav"));
    free(said);
    free(out);
}

static void no_device_means_silence_and_no_word(void **state)
{
    (void)state;
    catch_stderr();
    setenv("SDL_AUDIODRIVER", "no-such-driver", 1);
    rb_ui_sound *s = rb_ui_sound_open(dir);
    assert_non_null(s);
    assert_false(rb_ui_sound_has_device(s));
    rb_ui_sound_set_volume(s, 80);
    assert_int_equal(rb_ui_sound_volume(s), 80);
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        rb_ui_sound_play(s, (rb_ui_sound_id)id);
    }
    assert_true(rb_ui_sound_idle(s));
    rb_ui_sound_close(s);
    char *said = release_stderr();
    assert_string_equal(said, "");
    free(said);

    /* Whatever this machine's own audio is (a sound server, a sound card,
     * or ALSA without any card), opening it says nothing either. */
    catch_stderr();
    unsetenv("SDL_AUDIODRIVER");
    s = rb_ui_sound_open(dir);
    assert_non_null(s);
    rb_ui_sound_close(s);
    said = release_stderr();
    /* A device that opens says why the test's bad clips are silent, and
     * nothing else. */
    int lines = 0, ours = lines_naming(said, "rollerball: no sound from");
    for (const char *c = said; *c != '\0'; c++) {
        lines += *c == '\n';
    }
    if (lines != ours) {
        fail_msg("opening the default audio said: %s", said);
    }
    free(said);

    /* No sound object at all is the same. */
    rb_ui_sound_play(NULL, RB_UI_SOUND_MOVE);
    rb_ui_sound_set_volume(NULL, 10);
    rb_ui_sound_set_enabled(NULL, true);
    assert_false(rb_ui_sound_has_device(NULL));
    assert_true(rb_ui_sound_idle(NULL));
    rb_ui_sound_close(NULL);
}

/* More sounds at once than there are voices: the newest are heard, the
 * device goes on, and the output stays the sum of at most that many. */
static void more_sounds_than_voices(void **state)
{
    (void)state;
    rb_ui_sound *s = open_on_disk();
    rb_ui_sound_set_volume(s, 10); /* 30000 -> 300 a voice, no saturation */
    for (int i = 0; i < RB_UI_SOUND_VOICES + 4; i++) {
        rb_ui_sound_play(s, RB_UI_SOUND_CAPTURE);
    }
    size_t n;
    int16_t *out = close_and_read(s, &n);
    int peak = 0;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(out[i] % 300, 0);
        peak = out[i] > peak ? out[i] : peak;
    }
    assert_true(peak >= 300 && peak <= 300 * RB_UI_SOUND_VOICES);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clip_plays_exactly_at_each_volume),
        cmocka_unit_test(overlapping_clips_add_up_and_saturate),
        cmocka_unit_test(off_is_silent_now_and_later),
        cmocka_unit_test(clip_in_another_format_is_converted),
        cmocka_unit_test(missing_or_broken_file_is_silent_and_said_once),
        cmocka_unit_test(no_device_means_silence_and_no_word),
        cmocka_unit_test(more_sounds_than_voices),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
