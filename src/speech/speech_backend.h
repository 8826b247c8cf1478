/*
 * speech_backend.h - what speech.c needs of a voice: say, cut, rate,
 * language, close. Each back end fills one in when its library loads.
 * Only the speech thread calls these.
 */
#ifndef RB_SPEECH_BACKEND_H
#define RB_SPEECH_BACKEND_H

#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

typedef struct rb_speech_voice {
    const char *name;
    void *impl;
    void (*say)(void *impl, const char *text);
    void (*cancel)(void *impl);
    void (*set_rate)(void *impl, int rate);
    void (*set_language)(void *impl, const char *language);
    void (*close)(void *impl);
} rb_speech_voice;

/* Each returns 0 with v filled in, or -1 with why saying what is missing.
 * The library's file name may be replaced through the environment
 * (RB_SPEECH_LIBSPEECHD, RB_SPEECH_LIBESPEAK; "none" for none), so that
 * tests can take a voice away. */
int rb_speech_spd_open(rb_speech_voice *v, const char *language, int rate, char *why, size_t whylen);
int rb_speech_espeak_open(rb_speech_voice *v, const char *language, int rate, char *why, size_t whylen);

/* The library file to load for a back end: the environment's choice or
 * the default soname; NULL when the environment says "none". */
const char *rb_speech_library(const char *env, const char *soname);

/* A function of a loaded library, as the generic function pointer every
 * caller casts to its own type: ISO C has no cast from dlsym's object
 * pointer to a function pointer, so the bits are copied (POSIX promises
 * they mean the function). */
typedef void (*rb_speech_fn)(void);
static inline rb_speech_fn rb_speech_symbol(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    rb_speech_fn f;
    memcpy(&f, &p, sizeof f);
    return f;
}

#endif
