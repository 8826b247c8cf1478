/*
 * speech_espeak.c - espeak-ng's library as a voice, loaded at run time
 * (libespeak-ng.so.1), for desktops without speech-dispatcher; and its
 * synthesis into memory, for the check that every language is spoken.
 * The functions and the one structure read are declared here with the
 * types of espeak-ng's speak_lib.h, so the build needs neither.
 *
 * espeak-ng keeps its state inside the library: one voice at a time, which
 * is all the game needs.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_speech.h"
#include "speech_backend.h"

/* From speak_lib.h. */
enum { AUDIO_OUTPUT_PLAYBACK = 0, AUDIO_OUTPUT_SYNCHRONOUS = 2 };
enum { POS_CHARACTER = 1 };
enum { espeakRATE = 1 };
#define ESPEAK_CHARS_UTF8 1
#define ESPEAK_RATE_NORMAL 175
#define ESPEAK_RATE_LOW 80
#define ESPEAK_RATE_HIGH 450
typedef struct espeak_event {
    int type;
    unsigned int unique_identifier;
    int text_position;
    int length;
    int audio_position;
    int sample;
    void *user_data;
    union {
        int number;
        const char *name;
        char string[8];
    } id;
} espeak_event;
typedef int(espeak_callback)(short *wav, int nsamples, espeak_event *events);

typedef int (*initialize_fn)(int output, int buflength, const char *path, int options);
typedef int (*synth_fn)(const void *text, size_t size, unsigned int position, int position_type,
                        unsigned int end_position, unsigned int flags, unsigned int *unique, void *user_data);
typedef int (*voice_fn)(const char *name);
typedef int (*param_fn)(int parameter, int value, int relative);
typedef int (*plain_fn)(void);
typedef void (*callback_fn)(espeak_callback *cb);

typedef struct espeak {
    void *lib;
    initialize_fn initialize;
    synth_fn synth;
    voice_fn voice;
    param_fn param;
    plain_fn cancel, synchronize, terminate;
    callback_fn set_callback;
} espeak;

static int load(espeak *e, char *why, size_t whylen)
{
    const char *file = rb_speech_library("RB_SPEECH_LIBESPEAK", "libespeak-ng.so.1");
    if (!file) {
        snprintf(why, whylen, "espeak-ng: turned off");
        return -1;
    }
    e->lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!e->lib) {
        snprintf(why, whylen, "espeak-ng: %s not found", file);
        return -1;
    }
    e->initialize = (initialize_fn)rb_speech_symbol(e->lib, "espeak_Initialize");
    e->synth = (synth_fn)rb_speech_symbol(e->lib, "espeak_Synth");
    e->voice = (voice_fn)rb_speech_symbol(e->lib, "espeak_SetVoiceByName");
    e->param = (param_fn)rb_speech_symbol(e->lib, "espeak_SetParameter");
    e->cancel = (plain_fn)rb_speech_symbol(e->lib, "espeak_Cancel");
    e->synchronize = (plain_fn)rb_speech_symbol(e->lib, "espeak_Synchronize");
    e->terminate = (plain_fn)rb_speech_symbol(e->lib, "espeak_Terminate");
    e->set_callback = (callback_fn)rb_speech_symbol(e->lib, "espeak_SetSynthCallback");
    if (!e->initialize || !e->synth || !e->voice || !e->param || !e->cancel || !e->synchronize || !e->terminate ||
        !e->set_callback) {
        snprintf(why, whylen, "espeak-ng: %s lacks the functions needed", file);
        dlclose(e->lib);
        return -1;
    }
    return 0;
}

/* -100..100 onto espeak-ng's words a minute, 0 its normal pace. */
static int words_a_minute(int rate)
{
    if (rate < 0) {
        return ESPEAK_RATE_NORMAL + (ESPEAK_RATE_NORMAL - ESPEAK_RATE_LOW) * rate / 100;
    }
    return ESPEAK_RATE_NORMAL + (ESPEAK_RATE_HIGH - ESPEAK_RATE_NORMAL) * rate / 100;
}

static void espeak_say(void *impl, const char *text)
{
    espeak *e = impl;
    e->synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, ESPEAK_CHARS_UTF8, NULL, NULL);
}

static void espeak_cut(void *impl)
{
    espeak *e = impl;
    e->cancel();
}

static void espeak_rate(void *impl, int rate)
{
    espeak *e = impl;
    e->param(espeakRATE, words_a_minute(rate), 0);
}

static void espeak_language(void *impl, const char *language)
{
    espeak *e = impl;
    if (e->voice(language) != 0) {
        e->voice("en");
    }
}

static void espeak_close(void *impl)
{
    espeak *e = impl;
    e->cancel();
    e->terminate();
    dlclose(e->lib);
    free(e);
}

int rb_speech_espeak_open(rb_speech_voice *v, const char *language, int rate, char *why, size_t whylen)
{
    espeak *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(why, whylen, "espeak-ng: out of memory");
        return -1;
    }
    if (load(e, why, whylen) != 0) {
        free(e);
        return -1;
    }
    if (e->initialize(AUDIO_OUTPUT_PLAYBACK, 0, NULL, 0) <= 0) {
        snprintf(why, whylen, "espeak-ng: no sound output");
        dlclose(e->lib);
        free(e);
        return -1;
    }
    espeak_language(e, language ? language : "en");
    espeak_rate(e, rate);
    *v = (rb_speech_voice){"espeak-ng", e, espeak_say, espeak_cut, espeak_rate, espeak_language, espeak_close};
    return 0;
}

/* Counts the samples of a synthesis into the long its first event names. */
static int count_samples(short *wav, int nsamples, espeak_event *events)
{
    (void)wav;
    if (events && events[0].user_data && nsamples > 0) {
        *(long *)events[0].user_data += nsamples;
    }
    return 0;
}

long rb_speech_espeak_samples(const char *language, const char *text, char *why, size_t whylen)
{
    espeak e;
    memset(&e, 0, sizeof e);
    if (load(&e, why, whylen) != 0) {
        return -1;
    }
    long samples = 0;
    if (e.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, 0) <= 0) {
        snprintf(why, whylen, "espeak-ng: cannot start");
        dlclose(e.lib);
        return -1;
    }
    if (e.voice(language) != 0) {
        snprintf(why, whylen, "espeak-ng: no voice for '%s'", language);
        e.terminate();
        dlclose(e.lib);
        return -1;
    }
    e.set_callback(count_samples);
    int r = e.synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, ESPEAK_CHARS_UTF8, NULL, &samples);
    e.synchronize();
    e.terminate();
    dlclose(e.lib);
    if (r != 0) {
        snprintf(why, whylen, "espeak-ng: synthesis failed");
        return -1;
    }
    return samples;
}
