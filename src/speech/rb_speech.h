/*
 * rb_speech.h - spoken announcements for a player who cannot see the
 * board: one small interface over the voices a desktop has.
 *
 * Back ends are tried in order: speech-dispatcher (libspeechd, as desktop
 * screen readers use), then espeak-ng's library, both loaded at run time
 * with dlopen, so that the game builds and runs on a system that has
 * neither. The voice is opened on a thread of its own (speech-dispatcher
 * may start its daemon, which takes a while) and every announcement is
 * handed to that thread, so speaking never blocks the caller. With no voice
 * the announcements are dropped and one line says so on the terminal.
 *
 * The log back end writes each announcement as one line to a file (or
 * standard error) at once, on the caller's thread: tests and outside
 * checks read it, and its order is the order of the calls.
 *
 * No SDL, no globals: everything lives in the rb_speech handle.
 */
#ifndef RB_SPEECH_H
#define RB_SPEECH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* How an announcement meets the one being spoken. */
typedef enum {
    RB_SPEECH_INTERRUPT = 0, /* cut what is being said and anything waiting */
    RB_SPEECH_QUEUE = 1      /* said after what is being said */
} rb_speech_mode;

#define RB_SPEECH_RATE_MIN (-100)
#define RB_SPEECH_RATE_MAX 100
#define RB_SPEECH_TEXT_MAX 4096 /* longer announcements are cut */

typedef struct rb_speech_config {
    /* Non-NULL: the log back end only, writing to this file ("-" for
     * standard error); the file is made anew. */
    const char *log_path;
    /* Speak only if the desktop says a screen reader runs (the
     * accessibility bus's ScreenReaderEnabled); checked on the thread. */
    bool only_if_screen_reader;
    const char *language; /* "en", "fr", ...; NULL for English */
    int rate;             /* RB_SPEECH_RATE_MIN..MAX, 0 normal */
    FILE *notes;          /* where the one line about a missing voice goes; NULL: stderr */
} rb_speech_config;

typedef struct rb_speech rb_speech;

/* NULL only when out of memory or when the log file cannot be made (then
 * why says which file and why). A voice that cannot be found is no error:
 * the handle stays silent. */
rb_speech *rb_speech_open(const rb_speech_config *cfg, char *why, size_t whylen);
void rb_speech_close(rb_speech *s);

/* Never blocks on the voice; text is copied. */
void rb_speech_say(rb_speech *s, const char *text, rb_speech_mode mode);
void rb_speech_set_rate(rb_speech *s, int rate);
void rb_speech_set_language(rb_speech *s, const char *language);

/* What speaks: "speech-dispatcher", "espeak-ng", "log", "starting" while
 * the thread looks, "none" when nothing can. */
const char *rb_speech_backend(rb_speech *s);
/* Waits (at most timeout_ms) until the thread has chosen its voice and
 * handed every waiting announcement over; true when it has. */
bool rb_speech_settle(rb_speech *s, int timeout_ms);

/* The desktop's answer to "is a screen reader running?" (gdbus on the
 * accessibility bus); false when it cannot be asked. May take up to a
 * second: call it off the main thread. */
bool rb_speech_screen_reader_running(void);

/* espeak-ng's synthesis of text in language into memory: the number of
 * samples made, 0 for none, -1 when espeak-ng cannot be loaded or fails
 * (why says which). For checks that every language is spoken. */
long rb_speech_espeak_samples(const char *language, const char *text, char *why, size_t whylen);

#endif
