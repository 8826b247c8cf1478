/*
 * speech_spd.c - the speech-dispatcher back end, libspeechd loaded at run
 * time. The few functions used are declared here with the types of
 * libspeechd's header, so the build needs neither the library nor its
 * header; a system without speech-dispatcher simply has no such voice.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speech_backend.h"

/* From libspeechd.h (0.8 and later): the connection is opaque to us. */
typedef struct spd_connection spd_connection;
enum { SPD_MODE_SINGLE = 0 };
enum { SPD_MESSAGE = 2 };

typedef spd_connection *(*spd_open2_fn)(const char *client, const char *connection, const char *user, int mode,
                                        const void *address, int autospawn, char **error);
typedef int (*spd_say_fn)(spd_connection *c, int priority, const char *text);
typedef int (*spd_conn_fn)(spd_connection *c);
typedef int (*spd_rate_fn)(spd_connection *c, signed int rate);
typedef int (*spd_lang_fn)(spd_connection *c, const char *language);
typedef void (*spd_close_fn)(spd_connection *c);

typedef struct spd {
    void *lib;
    spd_connection *conn;
    spd_say_fn say;
    spd_conn_fn cancel;
    spd_rate_fn rate;
    spd_lang_fn lang;
    spd_close_fn close;
} spd;

const char *rb_speech_library(const char *env, const char *soname)
{
    const char *named = getenv(env);
    if (named && named[0]) {
        return strcmp(named, "none") == 0 ? NULL : named;
    }
    return soname;
}

static void spd_say_text(void *impl, const char *text)
{
    spd *p = impl;
    p->say(p->conn, SPD_MESSAGE, text);
}

static void spd_cancel_all(void *impl)
{
    spd *p = impl;
    p->cancel(p->conn);
}

static void spd_set_rate(void *impl, int rate)
{
    spd *p = impl;
    p->rate(p->conn, rate);
}

static void spd_set_language(void *impl, const char *language)
{
    spd *p = impl;
    p->lang(p->conn, language);
}

static void spd_close_all(void *impl)
{
    spd *p = impl;
    p->close(p->conn);
    dlclose(p->lib);
    free(p);
}

int rb_speech_spd_open(rb_speech_voice *v, const char *language, int rate, char *why, size_t whylen)
{
    const char *file = rb_speech_library("RB_SPEECH_LIBSPEECHD", "libspeechd.so.2");
    if (!file) {
        snprintf(why, whylen, "speech-dispatcher: turned off");
        return -1;
    }
    void *lib = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why, whylen, "speech-dispatcher: %s not found", file);
        return -1;
    }
    spd *p = calloc(1, sizeof *p);
    spd_open2_fn open2 = (spd_open2_fn)rb_speech_symbol(lib, "spd_open2");
    if (p) {
        p->lib = lib;
        p->say = (spd_say_fn)rb_speech_symbol(lib, "spd_say");
        p->cancel = (spd_conn_fn)rb_speech_symbol(lib, "spd_cancel");
        p->rate = (spd_rate_fn)rb_speech_symbol(lib, "spd_set_voice_rate");
        p->lang = (spd_lang_fn)rb_speech_symbol(lib, "spd_set_language");
        p->close = (spd_close_fn)rb_speech_symbol(lib, "spd_close");
    }
    if (!p || !open2 || !p->say || !p->cancel || !p->rate || !p->lang || !p->close) {
        snprintf(why, whylen, "speech-dispatcher: %s lacks the functions needed", file);
        free(p);
        dlclose(lib);
        return -1;
    }
    char *error = NULL;
    p->conn = open2("rollerball", "main", NULL, SPD_MODE_SINGLE, NULL, 1, &error);
    if (!p->conn) {
        snprintf(why, whylen, "speech-dispatcher: %s", error ? error : "no connection");
        free(error);
        free(p);
        dlclose(lib);
        return -1;
    }
    free(error);
    if (language) {
        p->lang(p->conn, language);
    }
    p->rate(p->conn, rate);
    *v = (rb_speech_voice){"speech-dispatcher", p, spd_say_text, spd_cancel_all, spd_set_rate, spd_set_language,
                           spd_close_all};
    return 0;
}
