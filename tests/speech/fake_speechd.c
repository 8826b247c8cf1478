/*
 * fake_speechd.c - a stand-in for libspeechd.so.2 with the five functions
 * the speech library loads: each call is written as a line to the file
 * RB_FAKE_SPEECHD_LOG names, so a test sees what reached the voice and in
 * which order. spd_open2 sleeps a little, as a daemon starting would.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct spd_connection {
    FILE *log;
} spd_connection;

spd_connection *spd_open2(const char *client, const char *connection, const char *user, int mode, const void *address,
                          int autospawn, char **error);
int spd_say(spd_connection *c, int priority, const char *text);
int spd_cancel(spd_connection *c);
int spd_set_voice_rate(spd_connection *c, signed int rate);
int spd_set_language(spd_connection *c, const char *language);
void spd_close(spd_connection *c);

spd_connection *spd_open2(const char *client, const char *connection, const char *user, int mode, const void *address,
                          int autospawn, char **error)
{
    (void)client, (void)connection, (void)user, (void)mode, (void)address, (void)autospawn, (void)error;
    const char *path = getenv("RB_FAKE_SPEECHD_LOG");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (!f) {
        return NULL;
    }
    struct timespec slow = {1, 0};
    nanosleep(&slow, NULL);
    spd_connection *c = malloc(sizeof *c);
    c->log = f;
    fprintf(f, "open\n");
    return c;
}

int spd_say(spd_connection *c, int priority, const char *text)
{
    fprintf(c->log, "say %d %s\n", priority, text);
    fflush(c->log);
    return 0;
}

int spd_cancel(spd_connection *c)
{
    fprintf(c->log, "cancel\n");
    return 0;
}

int spd_set_voice_rate(spd_connection *c, signed int rate)
{
    fprintf(c->log, "rate %d\n", rate);
    return 0;
}

int spd_set_language(spd_connection *c, const char *language)
{
    fprintf(c->log, "language %s\n", language);
    return 0;
}

void spd_close(spd_connection *c)
{
    fprintf(c->log, "close\n");
    fclose(c->log);
    free(c);
}
