/*
 * sound.c - one audio device, short clips mixed in SDL's audio callback.
 *
 * Two threads meet here: the game's thread, which asks for sounds, and
 * SDL's audio thread, which calls mix() whenever the device wants samples.
 * They share only atomics:
 *   - a ring of requests with one producer (play) and one consumer (mix):
 *     play writes a slot, then publishes it by advancing head (release);
 *     mix reads head (acquire), starts the voices, then advances tail;
 *   - the volume and the on/off switch, read by mix once a buffer;
 *   - the number of voices sounding, published by mix for rb_ui_sound_idle.
 * The voices themselves belong to the audio thread alone. The clips are
 * loaded while the device is paused and freed after it is closed (which
 * waits for the audio thread), so the audio thread only ever reads them.
 * Nothing here takes a lock, so play never waits for the callback and the
 * callback never waits for the game.
 *
 * The device is opened in the clips' format (signed 16-bit mono at
 * RB_UI_SOUND_RATE) with no changes allowed: SDL converts to whatever the
 * hardware wants, and each clip is converted once, at load, from whatever
 * its file holds (SDL_AudioCVT).
 */
#include "media/sound.h"
#include "words/i18n.h"

#include <SDL.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RING 32 /* pending requests; more in one frame are dropped */

static const char *const files[RB_UI_SOUND_COUNT] = {
    [RB_UI_SOUND_MOVE] = "sounds/move.wav",        [RB_UI_SOUND_CAPTURE] = "sounds/capture.wav",
    [RB_UI_SOUND_CHECK] = "sounds/check.wav",      [RB_UI_SOUND_REBOUND] = "sounds/rebound.wav",
    [RB_UI_SOUND_GAME_END] = "sounds/end.wav",     [RB_UI_SOUND_ILLEGAL] = "sounds/illegal.wav",
    [RB_UI_SOUND_LOW_TIME] = "sounds/lowtime.wav",
};

typedef struct clip {
    Sint16 *samples; /* NULL: this sound is silent */
    int count;
} clip;

typedef struct voice {
    int clip; /* -1: free */
    int pos;  /* next sample of the clip */
} voice;

struct rb_ui_sound {
    SDL_AudioDeviceID device; /* 0: no device, all silent */
    bool audio_inited;        /* we hold a reference to SDL's audio subsystem */
    clip clips[RB_UI_SOUND_COUNT];

    atomic_int volume;
    atomic_bool enabled;
    atomic_int sounding;

    unsigned char ring[RING];
    atomic_uint head; /* written by play only */
    atomic_uint tail; /* written by mix only */

    voice voices[RB_UI_SOUND_VOICES];  /* the audio thread's alone */
    unsigned asked[RB_UI_SOUND_COUNT]; /* plays asked with sound on (the game's thread) */
};

const char *rb_ui_sound_file(rb_ui_sound_id id)
{
    return id >= 0 && id < RB_UI_SOUND_COUNT ? files[id] : "";
}

/* ---- the audio thread ------------------------------------------------------ */

static void start_voice(rb_ui_sound *s, int id)
{
    /* A free voice, or else the one closest to its end (the least missed). */
    int best = 0, best_left = INT32_MAX;
    for (int v = 0; v < RB_UI_SOUND_VOICES; v++) {
        voice *vo = &s->voices[v];
        int left = vo->clip < 0 ? -1 : s->clips[vo->clip].count - vo->pos;
        if (left < best_left) {
            best = v;
            best_left = left;
        }
    }
    s->voices[best] = (voice){id, 0};
}

/* Adds one buffer's worth of every voice into out[0..n), at gain/10000,
 * summing in 32 bits and saturating once, so overlapping sounds add up
 * exactly until they reach full scale. */
static int mix_voices(rb_ui_sound *s, Sint16 *out, int n, int64_t gain)
{
    int32_t acc[256];
    for (int done = 0; done < n;) {
        int chunk = n - done < 256 ? n - done : 256;
        memset(acc, 0, sizeof acc);
        for (int k = 0; k < RB_UI_SOUND_VOICES; k++) {
            voice *vo = &s->voices[k];
            if (vo->clip < 0) {
                continue;
            }
            const clip *c = &s->clips[vo->clip];
            int count = c->count - vo->pos < chunk ? c->count - vo->pos : chunk;
            for (int i = 0; i < count; i++) {
                acc[i] += (int32_t)(c->samples[vo->pos + i] * gain / 10000);
            }
            vo->pos += count;
            if (vo->pos >= c->count) {
                vo->clip = -1;
            }
        }
        for (int i = 0; i < chunk; i++) {
            out[done + i] = (Sint16)(acc[i] > INT16_MAX ? INT16_MAX : acc[i] < INT16_MIN ? INT16_MIN : acc[i]);
        }
        done += chunk;
    }
    int sounding = 0;
    for (int k = 0; k < RB_UI_SOUND_VOICES; k++) {
        sounding += s->voices[k].clip >= 0;
    }
    return sounding;
}

static void mix(void *userdata, Uint8 *stream, int len)
{
    rb_ui_sound *s = userdata;
    /* Sound off ends whatever plays or waits: turning it on again must not
     * bring back the rest of a sound from before. */
    bool on = atomic_load_explicit(&s->enabled, memory_order_relaxed);
    unsigned tail = atomic_load_explicit(&s->tail, memory_order_relaxed);
    unsigned head = atomic_load_explicit(&s->head, memory_order_acquire);
    for (; tail != head; tail++) {
        if (on) {
            start_voice(s, s->ring[tail % RING]);
        }
    }
    if (!on) {
        for (int k = 0; k < RB_UI_SOUND_VOICES; k++) {
            s->voices[k].clip = -1;
        }
    }

    /* The level is the square of the volume, in hundredths: v*v/10000. */
    int v = atomic_load_explicit(&s->volume, memory_order_relaxed);
    int sounding = mix_voices(s, (Sint16 *)(void *)stream, len / (int)sizeof(Sint16), (int64_t)v * v);

    /* The count first, then the requests as taken: whoever sees them taken
     * (rb_ui_sound_idle) also sees the voices they started. */
    atomic_store_explicit(&s->sounding, sounding, memory_order_relaxed);
    atomic_store_explicit(&s->tail, tail, memory_order_release);
}

/* ---- loading ---------------------------------------------------------------- */

/* Loads one clip in the device's format; on failure the clip stays silent
 * and stderr says why, once. */
static void load_clip(clip *c, const char *data_dir, const char *file)
{
    char path[4096];
    size_t dl = strlen(data_dir);
    snprintf(path, sizeof path, "%s%s%s", data_dir, dl > 0 && data_dir[dl - 1] != '/' ? "/" : "", file);

    SDL_AudioSpec spec;
    Uint8 *buf = NULL;
    Uint32 len = 0;
    if (SDL_LoadWAV(path, &spec, &buf, &len) == NULL) {
        fprintf(stderr, _("rollerball: no sound from %s: %s\n"), path, SDL_GetError());
        return;
    }
    SDL_AudioCVT cvt;
    int rc = SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq, AUDIO_S16SYS, 1, RB_UI_SOUND_RATE);
    Uint8 *data = rc < 0 ? NULL : malloc((size_t)len * (size_t)(cvt.len_mult > 1 ? cvt.len_mult : 1));
    if (data != NULL) {
        memcpy(data, buf, len);
        cvt.buf = data;
        cvt.len = (int)len;
        if (rc > 0 && SDL_ConvertAudio(&cvt) != 0) {
            free(data);
            data = NULL;
        }
    }
    SDL_FreeWAV(buf);
    int bytes = rc > 0 ? cvt.len_cvt : (int)len;
    if (data == NULL || bytes < (int)sizeof(Sint16)) {
        fprintf(stderr, _("rollerball: no sound from %s: %s\n"), path,
                data == NULL ? _("its format cannot be converted") : _("it is empty"));
        free(data);
        return;
    }
    c->samples = (Sint16 *)(void *)data;
    c->count = bytes / (int)sizeof(Sint16);
}

rb_ui_sound *rb_ui_sound_open(const char *data_dir)
{
    rb_ui_sound *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    atomic_init(&s->volume, RB_UI_SOUND_DEFAULT_VOLUME);
    atomic_init(&s->enabled, true);
    atomic_init(&s->sounding, 0);
    atomic_init(&s->head, 0);
    atomic_init(&s->tail, 0);
    for (int v = 0; v < RB_UI_SOUND_VOICES; v++) {
        s->voices[v].clip = -1;
    }

    /* No audio at all is an ordinary machine (a server, a container, a
     * muted laptop without a driver): silence, and not a word about it. */
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        return s;
    }
    s->audio_inited = true;
    /* A driver that can list its devices and lists none has nothing to
     * open; asking anyway makes ALSA print its complaints on stderr. */
    if (SDL_GetNumAudioDevices(0) == 0) {
        return s;
    }
    /* The device starts paused: the callback does not run until the clips
     * are in place, and unpausing (under SDL's device lock) hands them over
     * to the audio thread. */
    SDL_AudioSpec want = {.freq = RB_UI_SOUND_RATE,
                          .format = AUDIO_S16SYS,
                          .channels = 1,
                          .samples = 512,
                          .callback = mix,
                          .userdata = s};
    SDL_AudioSpec have;
    s->device = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (s->device == 0) {
        return s;
    }
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        load_clip(&s->clips[id], data_dir, files[id]);
    }
    SDL_PauseAudioDevice(s->device, 0);
    return s;
}

void rb_ui_sound_close(rb_ui_sound *s)
{
    if (s == NULL) {
        return;
    }
    if (s->device != 0) {
        SDL_CloseAudioDevice(s->device); /* waits for the audio thread */
    }
    if (s->audio_inited) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    for (int id = 0; id < RB_UI_SOUND_COUNT; id++) {
        free(s->clips[id].samples);
    }
    free(s);
}

/* ---- the game's thread ------------------------------------------------------- */

void rb_ui_sound_play(rb_ui_sound *s, rb_ui_sound_id id)
{
    if (s == NULL || id < 0 || id >= RB_UI_SOUND_COUNT || !atomic_load_explicit(&s->enabled, memory_order_relaxed)) {
        return;
    }
    s->asked[id]++;
    if (s->device == 0 || s->clips[id].samples == NULL) {
        return;
    }
    unsigned head = atomic_load_explicit(&s->head, memory_order_relaxed);
    unsigned tail = atomic_load_explicit(&s->tail, memory_order_acquire);
    if (head - tail >= RING) {
        return; /* the device is not taking requests: a lost sound, not a stall */
    }
    s->ring[head % RING] = (unsigned char)id;
    atomic_store_explicit(&s->head, head + 1, memory_order_release);
}

unsigned rb_ui_sound_asked(const rb_ui_sound *s, rb_ui_sound_id id)
{
    return s != NULL && id >= 0 && id < RB_UI_SOUND_COUNT ? s->asked[id] : 0;
}

void rb_ui_sound_set_volume(rb_ui_sound *s, int volume)
{
    if (s != NULL) {
        atomic_store(&s->volume, volume < 0 ? 0 : volume > 100 ? 100 : volume);
    }
}

int rb_ui_sound_volume(const rb_ui_sound *s)
{
    return s != NULL ? atomic_load(&((rb_ui_sound *)s)->volume) : 0;
}

void rb_ui_sound_set_enabled(rb_ui_sound *s, bool on)
{
    if (s != NULL) {
        atomic_store(&s->enabled, on);
    }
}

bool rb_ui_sound_enabled(const rb_ui_sound *s)
{
    return s != NULL && atomic_load(&((rb_ui_sound *)s)->enabled);
}

bool rb_ui_sound_has_device(const rb_ui_sound *s)
{
    return s != NULL && s->device != 0;
}

bool rb_ui_sound_has_clip(const rb_ui_sound *s, rb_ui_sound_id id)
{
    return s != NULL && id >= 0 && id < RB_UI_SOUND_COUNT && s->clips[id].samples != NULL;
}

bool rb_ui_sound_idle(const rb_ui_sound *s)
{
    if (s == NULL || s->device == 0) {
        return true;
    }
    rb_ui_sound *m = (rb_ui_sound *)s;
    unsigned head = atomic_load(&m->head);
    unsigned tail = atomic_load_explicit(&m->tail, memory_order_acquire);
    return head == tail && atomic_load_explicit(&m->sounding, memory_order_relaxed) == 0;
}
