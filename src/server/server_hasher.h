/*
 * server_hasher.h - passwords hashed and checked on a worker thread.
 *
 * argon2id is slow on purpose (tenths of a second and tens of MiB at the
 * settings a login deserves); in the event loop it would hold every game
 * still for each login. So the loop hands a job over and goes on; the
 * worker does the work and wakes the loop through an eventfd it watches
 * under epoll, and the loop takes the finished job and answers. One worker:
 * the loop is one thread already, and each hash holds its memory while it
 * runs, so more workers would only multiply the memory a burst of logins
 * takes. The queue is bounded; a full one is a busy answer, not a stall.
 */
#ifndef RB_SERVER_HASHER_H
#define RB_SERVER_HASHER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server_account.h"
#include "server_store.h"

#define RB_HASHER_QUEUE_MAX 64

typedef enum {
    RB_HASH_MAKE, /* a registration: hash the password */
    RB_HASH_CHECK /* a login: the password against the stored hash */
} rb_hash_kind;

typedef struct rb_hash_job {
    rb_hash_kind kind;
    uint64_t conn;                              /* whom to answer (the connection's id: it may be gone by then) */
    char password[RB_ACCOUNT_PASSWORD_MAX + 2]; /* wiped by the worker once used */
    char hash[RB_STORE_HASH_MAX];               /* CHECK: the stored hash, or "" for no account (never ok, */
                                                /* but as slow); MAKE: the result */
    bool ok;                                    /* MAKE: hashed; CHECK: the password matched */
    /* what the answer needs, carried along */
    int64_t account;
    char name[RB_STORE_NAME_MAX + 1];
    char key[RB_ACCOUNT_NAME_MAX + 1];
    struct rb_hash_job *next;
} rb_hash_job;

typedef struct rb_hasher rb_hasher;

/* A worker hashing with ops passes and mem bytes; NULL with err. */
rb_hasher *rb_hasher_new(unsigned long ops, unsigned long mem, char *err, size_t errlen);
/* Readable while finished jobs wait. */
int rb_hasher_fd(const rb_hasher *h);
/* Takes job over (it comes back from rb_hasher_take): 0, or -1 when the
 * queue is full, and the job is still the caller's. */
int rb_hasher_submit(rb_hasher *h, rb_hash_job *job);
/* A finished job, or NULL; the caller frees it. */
rb_hash_job *rb_hasher_take(rb_hasher *h);
/* Stops the worker (after the job it is on) and drops what waits. */
void rb_hasher_free(rb_hasher *h);

#endif
