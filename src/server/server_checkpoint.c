/*
 * server_checkpoint.c - the checkpoint thread of server_checkpoint.h: it
 * sleeps on a condition with a timeout, checkpoints passively, and stops
 * when told; the loop's own connection has its automatic checkpoints off
 * (rb_store_autocheckpoint).
 */
#define _GNU_SOURCE

#include "server_checkpoint.h"

#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "rb_util_error.h"
#include "server_log.h"

struct rb_checkpointer {
    sqlite3 *db;
    int period_ms;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
};

static void checkpoint(rb_checkpointer *c)
{
    int rc = sqlite3_wal_checkpoint_v2(c->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    if (rc != SQLITE_OK && rc != SQLITE_BUSY) {
        rb_server_log(RB_LOG_WARNING, "a checkpoint of the database failed: %s", sqlite3_errmsg(c->db));
    }
}

static void *run(void *arg)
{
    rb_checkpointer *c = arg;
    pthread_mutex_lock(&c->lock);
    while (!c->stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += (long)(c->period_ms % 1000) * 1000000L;
        until.tv_sec += c->period_ms / 1000 + until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        int rc = 0;
        while (!c->stop && rc != ETIMEDOUT) {
            rc = pthread_cond_timedwait(&c->wake, &c->lock, &until);
        }
        pthread_mutex_unlock(&c->lock);
        checkpoint(c); /* (the connection is this thread's alone) */
        pthread_mutex_lock(&c->lock);
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

rb_checkpointer *rb_checkpointer_new(const char *path, int period_ms, char *err, size_t errlen)
{
    rb_checkpointer *c = calloc(1, sizeof *c);
    if (c == NULL) {
        rb_util_fail(err, errlen, "out of memory");
        return NULL;
    }
    c->period_ms = period_ms;
    if (sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        rb_util_fail(err, errlen, "%s: %s", path, c->db ? sqlite3_errmsg(c->db) : "cannot open");
        sqlite3_close(c->db);
        free(c);
        return NULL;
    }
    sqlite3_busy_timeout(c->db, 1000);
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->wake, NULL);
    if (pthread_create(&c->thread, NULL, run, c) != 0) {
        rb_util_fail(err, errlen, "the checkpoint thread could not be started");
        pthread_mutex_destroy(&c->lock);
        pthread_cond_destroy(&c->wake);
        sqlite3_close(c->db);
        free(c);
        return NULL;
    }
    return c;
}

void rb_checkpointer_free(rb_checkpointer *c)
{
    if (c == NULL) {
        return;
    }
    pthread_mutex_lock(&c->lock);
    c->stop = true;
    pthread_cond_signal(&c->wake);
    pthread_mutex_unlock(&c->lock);
    pthread_join(c->thread, NULL);
    pthread_mutex_destroy(&c->lock);
    pthread_cond_destroy(&c->wake);
    sqlite3_close(c->db);
    free(c);
}
