/*
 * speech.c - the announcement handle: the log written at once, or a queue
 * handed to the speech thread, which opens the voice (slow: it may start
 * speech-dispatcher's daemon) and passes each announcement on. The
 * caller's thread only takes the lock to put text in the queue, so a frame
 * never waits for a voice.
 *
 * An interrupting announcement empties the queue and asks the thread to
 * cut the voice before it speaks; a queued one waits its turn. The queue is
 * bounded: when it is full the oldest waiting announcement goes, as a
 * listener would rather hear what is new.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rb_speech.h"
#include "speech_backend.h"

#define QUEUE_MAX 32

typedef enum { PHASE_STARTING = 0, PHASE_VOICE, PHASE_NONE, PHASE_LOG } phase;

struct rb_speech {
    bool logging; /* the log back end: set once at open, read without the lock */
    FILE *log;
    bool log_owned;
    FILE *notes;
    bool only_if_screen_reader;

    pthread_mutex_t lock;
    pthread_cond_t wake;    /* the thread: something to do */
    pthread_cond_t settled; /* the callers: the thread is idle */
    pthread_t thread;
    bool has_thread;
    /* under lock: */
    phase phase;
    bool quit, cut, busy;
    char *queue[QUEUE_MAX];
    int head, count;
    int rate;
    bool rate_changed;
    char language[32];
    bool language_changed;
    rb_speech_voice voice; /* the thread's own once PHASE_VOICE */
};

static void copy_language(char *out, size_t len, const char *language)
{
    snprintf(out, len, "%s", language && language[0] ? language : "en");
}

static int clamp_rate(int rate)
{
    return rate < RB_SPEECH_RATE_MIN ? RB_SPEECH_RATE_MIN : rate > RB_SPEECH_RATE_MAX ? RB_SPEECH_RATE_MAX : rate;
}

static void drop_queue(rb_speech *s)
{
    while (s->count > 0) {
        free(s->queue[s->head]);
        s->head = (s->head + 1) % QUEUE_MAX;
        s->count--;
    }
}

/* Opens the first voice there is; returns the phase it ends in. */
static phase open_voice(rb_speech *s)
{
    pthread_mutex_lock(&s->lock);
    char language[32];
    snprintf(language, sizeof language, "%s", s->language);
    int rate = s->rate;
    pthread_mutex_unlock(&s->lock);
    if (s->only_if_screen_reader && !rb_speech_screen_reader_running()) {
        return PHASE_NONE; /* quietly: nobody asked for speech */
    }
    char why_spd[300], why_espeak[300];
    rb_speech_voice v;
    if (rb_speech_spd_open(&v, language, rate, why_spd, sizeof why_spd) != 0 &&
        rb_speech_espeak_open(&v, language, rate, why_espeak, sizeof why_espeak) != 0) {
        fprintf(s->notes, "rollerball: no voice to speak with (%s; %s): the spoken mode is silent\n", why_spd,
                why_espeak);
        return PHASE_NONE;
    }
    s->voice = v;
    return PHASE_VOICE;
}

static void *speech_thread(void *arg)
{
    rb_speech *s = arg;
    phase p = open_voice(s);
    pthread_mutex_lock(&s->lock);
    s->phase = p;
    if (p == PHASE_NONE) {
        drop_queue(s);
    }
    for (;;) {
        while (!s->quit && s->count == 0 && !s->cut && !s->rate_changed && !s->language_changed) {
            s->busy = false;
            pthread_cond_broadcast(&s->settled);
            pthread_cond_wait(&s->wake, &s->lock);
        }
        if (s->quit) {
            break;
        }
        s->busy = true;
        bool cut = s->cut, rate_changed = s->rate_changed, language_changed = s->language_changed;
        int rate = s->rate;
        char language[32];
        snprintf(language, sizeof language, "%s", s->language);
        char *text = NULL;
        if (s->count > 0) {
            text = s->queue[s->head];
            s->head = (s->head + 1) % QUEUE_MAX;
            s->count--;
        }
        s->cut = s->rate_changed = s->language_changed = false;
        pthread_mutex_unlock(&s->lock);
        if (p == PHASE_VOICE) { /* the voice is called without the lock */
            if (cut) {
                s->voice.cancel(s->voice.impl);
            }
            if (language_changed) {
                s->voice.set_language(s->voice.impl, language);
            }
            if (rate_changed) {
                s->voice.set_rate(s->voice.impl, rate);
            }
            if (text) {
                s->voice.say(s->voice.impl, text);
            }
        }
        free(text);
        pthread_mutex_lock(&s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    if (p == PHASE_VOICE) {
        s->voice.close(s->voice.impl);
    }
    return NULL;
}

rb_speech *rb_speech_open(const rb_speech_config *cfg, char *why, size_t whylen)
{
    rb_speech *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(why, whylen, "out of memory");
        return NULL;
    }
    s->notes = cfg->notes ? cfg->notes : stderr;
    s->rate = clamp_rate(cfg->rate);
    copy_language(s->language, sizeof s->language, cfg->language);
    s->only_if_screen_reader = cfg->only_if_screen_reader;
    if (cfg->log_path) {
        s->phase = PHASE_LOG;
        s->logging = true;
        if (strcmp(cfg->log_path, "-") == 0) {
            s->log = stderr;
        } else {
            s->log = fopen(cfg->log_path, "w");
            s->log_owned = true;
            if (!s->log) {
                snprintf(why, whylen, "%s: %s", cfg->log_path, strerror(errno));
                free(s);
                return NULL;
            }
        }
        return s;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    pthread_cond_init(&s->settled, NULL);
    s->busy = true;
    if (pthread_create(&s->thread, NULL, speech_thread, s) != 0) {
        fprintf(s->notes, "rollerball: no thread to speak on: the spoken mode is silent\n");
        s->phase = PHASE_NONE;
        s->busy = false;
        return s;
    }
    s->has_thread = true;
    return s;
}

void rb_speech_close(rb_speech *s)
{
    if (!s) {
        return;
    }
    if (s->logging) {
        if (s->log_owned) {
            fclose(s->log);
        }
        free(s);
        return;
    }
    if (s->has_thread) {
        pthread_mutex_lock(&s->lock);
        s->quit = true;
        pthread_cond_signal(&s->wake);
        pthread_mutex_unlock(&s->lock);
        pthread_join(s->thread, NULL);
    }
    drop_queue(s);
    pthread_cond_destroy(&s->settled);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

/* The text on one line: line ends become spaces, so that a log has one
 * announcement a line. */
static void one_line(char *out, size_t len, const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p && n + 1 < len; p++) {
        out[n++] = *p == '\n' || *p == '\r' || *p == '\t' ? ' ' : *p;
    }
    out[n] = 0;
}

void rb_speech_say(rb_speech *s, const char *text, rb_speech_mode mode)
{
    if (!s || !text || !text[0]) {
        return;
    }
    if (s->logging) {
        char line[RB_SPEECH_TEXT_MAX];
        one_line(line, sizeof line, text);
        fprintf(s->log, "%s\n", line);
        fflush(s->log);
        return;
    }
    pthread_mutex_lock(&s->lock);
    if (s->phase == PHASE_NONE) {
        pthread_mutex_unlock(&s->lock);
        return;
    }
    if (mode == RB_SPEECH_INTERRUPT) {
        drop_queue(s);
        s->cut = true;
    }
    char *copy = malloc(RB_SPEECH_TEXT_MAX);
    if (copy) {
        one_line(copy, RB_SPEECH_TEXT_MAX, text);
        if (s->count == QUEUE_MAX) { /* the oldest waiting goes */
            free(s->queue[s->head]);
            s->head = (s->head + 1) % QUEUE_MAX;
            s->count--;
        }
        s->queue[(s->head + s->count) % QUEUE_MAX] = copy;
        s->count++;
    }
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
}

void rb_speech_set_rate(rb_speech *s, int rate)
{
    if (!s || s->logging) {
        return;
    }
    pthread_mutex_lock(&s->lock);
    s->rate = clamp_rate(rate);
    s->rate_changed = true;
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
}

void rb_speech_set_language(rb_speech *s, const char *language)
{
    if (!s || s->logging) {
        return;
    }
    pthread_mutex_lock(&s->lock);
    copy_language(s->language, sizeof s->language, language);
    s->language_changed = true;
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
}

const char *rb_speech_backend(rb_speech *s)
{
    if (!s) {
        return "none";
    }
    if (s->logging) {
        return "log";
    }
    pthread_mutex_lock(&s->lock);
    phase p = s->phase;
    const char *name = p == PHASE_VOICE ? s->voice.name : p == PHASE_NONE ? "none" : "starting";
    pthread_mutex_unlock(&s->lock);
    return name;
}

/* Under the lock: the thread has something left to do. */
static bool pending(const rb_speech *s)
{
    return s->busy || s->count > 0 || s->cut || s->rate_changed || s->language_changed;
}

bool rb_speech_settle(rb_speech *s, int timeout_ms)
{
    if (!s || s->logging || !s->has_thread) {
        return true;
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&s->lock);
    int r = 0;
    while (pending(s) && r == 0) {
        r = pthread_cond_timedwait(&s->settled, &s->lock, &until);
    }
    bool done = !pending(s);
    pthread_mutex_unlock(&s->lock);
    return done;
}
