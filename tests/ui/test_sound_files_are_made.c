/*
 * test_sound_files_are_made.c - the build makes every sound the game asks
 * for, each a short, clean, clearly different clip.
 *
 * The files are read from the staged data folder, where the game finds
 * them, with SDL_LoadWAV as the game reads them. "Clean" is what can be
 * checked without listening: the format the game's device uses, under half
 * a second, loud enough to hear, headroom below full scale (so nothing was
 * clipped and two can overlap), and silence at both ends (no click). The
 * sounds must differ from each other, and have the character they were
 * made for: the illegal-move buzz is the lowest, the clock's tick the
 * shortest, the end of the game the longest.
 */
#include "support.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "media/assets.h"
#include "media/sound.h"

typedef struct clip {
    Sint16 *x;
    int n;
} clip;

static clip clips[RB_UI_SOUND_COUNT];

static int setup(void **state)
{
    (void)state;
    char dir[1024], err[256];
    if (rb_ui_assets_data_dir(dir, sizeof dir, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        char path[1200];
        snprintf(path, sizeof path, "%s%s", dir, rb_ui_sound_file((rb_ui_sound_id)id));
        SDL_AudioSpec spec;
        Uint8 *buf;
        Uint32 len;
        if (SDL_LoadWAV(path, &spec, &buf, &len) == NULL) {
            fprintf(stderr, "%s: %s\n", path, SDL_GetError());
            return -1;
        }
        if (spec.format != AUDIO_S16LSB || spec.channels != 1 || spec.freq != RB_UI_SOUND_RATE) {
            fprintf(stderr, "%s: not 16-bit mono at %d Hz\n", path, RB_UI_SOUND_RATE);
            return -1;
        }
        clips[id].x = malloc(len);
        memcpy(clips[id].x, buf, len);
        clips[id].n = (int)(len / 2);
        SDL_FreeWAV(buf);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        free(clips[id].x);
    }
    return 0;
}

static int peak(const clip *c)
{
    int p = 0;
    for (int i = 0; i < c->n; i++) {
        p = abs(c->x[i]) > p ? abs(c->x[i]) : p;
    }
    return p;
}

/* Sign changes a second: a rough pitch. */
static double crossings(const clip *c)
{
    int changes = 0;
    for (int i = 1; i < c->n; i++) {
        changes += (c->x[i - 1] < 0) != (c->x[i] < 0);
    }
    return changes * (double)RB_UI_SOUND_RATE / c->n;
}

static void each_is_short_audible_and_unclipped(void **state)
{
    (void)state;
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        const clip *c = &clips[id];
        const char *name = rb_ui_sound_file((rb_ui_sound_id)id);
        double seconds = c->n / (double)RB_UI_SOUND_RATE;
        if (seconds < 0.02 || seconds > 0.5) {
            fail_msg("%s lasts %.3f s", name, seconds);
        }
        int p = peak(c);
        if (p < 8000 || p > 26000) {
            fail_msg("%s peaks at %d of 32767", name, p);
        }
        /* Starts and ends in silence: no click at either end. */
        if (abs(c->x[0]) > 300 || abs(c->x[c->n - 1]) > 30) {
            fail_msg("%s starts at %d and ends at %d", name, c->x[0], c->x[c->n - 1]);
        }
    }
}

/* Two clips differ when, over the longer one, the mean difference is a
 * good part of their mean level. */
static void every_sound_differs_from_every_other(void **state)
{
    (void)state;
    for (int a = 0; a < RB_UI_SOUND_COUNT; a++) {
        for (int b = a + 1; b < RB_UI_SOUND_COUNT; b++) {
            const clip *p = &clips[a], *q = &clips[b];
            int n = p->n > q->n ? p->n : q->n;
            double diff = 0, level = 0;
            for (int i = 0; i < n; i++) {
                int x = i < p->n ? p->x[i] : 0, y = i < q->n ? q->x[i] : 0;
                diff += abs(x - y);
                level += (abs(x) + abs(y)) / 2.0;
            }
            if (diff < 0.5 * level) {
                fail_msg("%s and %s are too alike", rb_ui_sound_file((rb_ui_sound_id)a),
                         rb_ui_sound_file((rb_ui_sound_id)b));
            }
        }
    }
}

static void each_has_its_character(void **state)
{
    (void)state;
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        if (id != RB_UI_SOUND_ILLEGAL) {
            assert_true(crossings(&clips[RB_UI_SOUND_ILLEGAL]) < crossings(&clips[id]));
            assert_true(peak(&clips[RB_UI_SOUND_ILLEGAL]) < peak(&clips[id]));
        }
        if (id != RB_UI_SOUND_LOW_TIME) {
            assert_true(clips[RB_UI_SOUND_LOW_TIME].n < clips[id].n);
        }
        if (id != RB_UI_SOUND_GAME_END) {
            assert_true(clips[RB_UI_SOUND_GAME_END].n > clips[id].n);
        }
    }
    /* The capture is the heaviest knock: the loudest, and lower than the
     * move's click. */
    assert_true(peak(&clips[RB_UI_SOUND_CAPTURE]) > peak(&clips[RB_UI_SOUND_MOVE]));
    assert_true(crossings(&clips[RB_UI_SOUND_CAPTURE]) < crossings(&clips[RB_UI_SOUND_MOVE]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_is_short_audible_and_unclipped),
        cmocka_unit_test(every_sound_differs_from_every_other),
        cmocka_unit_test(each_has_its_character),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
