/*
 * server_hasher.c - the worker thread of server_hasher.h: two lists under
 * one mutex (jobs to do, jobs done), a condition the worker sleeps on, and
 * an eventfd the worker counts up for every job done so the loop's epoll
 * wakes. Passwords are wiped as soon as they are used, and again for jobs
 * dropped at the end.
 */
#define _GNU_SOURCE

#include "server_hasher.h"

#include <errno.h>
#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "rb_util_error.h"

struct rb_hasher {
    unsigned long ops, mem;
    int efd;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
    int queued; /* jobs to do and done, not yet taken */
    rb_hash_job *todo, *todo_tail;
    rb_hash_job *done, *done_tail;
};

static void push(rb_hash_job **head, rb_hash_job **tail, rb_hash_job *j)
{
    j->next = NULL;
    if (*tail != NULL) {
        (*tail)->next = j;
    } else {
        *head = j;
    }
    *tail = j;
}

static rb_hash_job *pop(rb_hash_job **head, rb_hash_job **tail)
{
    rb_hash_job *j = *head;
    if (j != NULL) {
        *head = j->next;
        if (*head == NULL) {
            *tail = NULL;
        }
        j->next = NULL;
    }
    return j;
}

static void work(const rb_hasher *h, rb_hash_job *j)
{
    if (j->kind == RB_HASH_MAKE) {
        j->ok = rb_account_hash(j->password, h->ops, h->mem, j->hash, sizeof j->hash) == 0;
    } else if (j->hash[0] == '\0') {
        /* no account: a hash made and thrown away costs what a check costs */
        char scratch[RB_STORE_HASH_MAX];
        rb_account_hash(j->password, h->ops, h->mem, scratch, sizeof scratch);
        j->ok = false;
    } else {
        j->ok = rb_account_verify(j->hash, j->password);
    }
    sodium_memzero(j->password, sizeof j->password);
}

static void *worker(void *arg)
{
    rb_hasher *h = arg;
    pthread_mutex_lock(&h->lock);
    for (;;) {
        while (!h->stop && h->todo == NULL) {
            pthread_cond_wait(&h->wake, &h->lock);
        }
        if (h->stop) {
            break;
        }
        rb_hash_job *j = pop(&h->todo, &h->todo_tail);
        pthread_mutex_unlock(&h->lock);
        work(h, j);
        pthread_mutex_lock(&h->lock);
        push(&h->done, &h->done_tail, j);
        uint64_t one = 1;
        ssize_t w = write(h->efd, &one, sizeof one);
        (void)w; /* a counter that cannot overflow here: the loop reads it down */
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

rb_hasher *rb_hasher_new(unsigned long ops, unsigned long mem, char *err, size_t errlen)
{
    rb_hasher *h = calloc(1, sizeof *h);
    if (h == NULL) {
        rb_util_fail(err, errlen, "out of memory");
        return NULL;
    }
    h->ops = ops;
    h->mem = mem;
    h->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (h->efd < 0) {
        rb_util_fail(err, errlen, "eventfd: %s", strerror(errno));
        free(h);
        return NULL;
    }
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->wake, NULL);
    int e = pthread_create(&h->thread, NULL, worker, h);
    if (e != 0) {
        rb_util_fail(err, errlen, "the password thread: %s", strerror(e));
        pthread_cond_destroy(&h->wake);
        pthread_mutex_destroy(&h->lock);
        close(h->efd);
        free(h);
        return NULL;
    }
    return h;
}

int rb_hasher_fd(const rb_hasher *h)
{
    return h->efd;
}

int rb_hasher_submit(rb_hasher *h, rb_hash_job *job)
{
    pthread_mutex_lock(&h->lock);
    if (h->queued >= RB_HASHER_QUEUE_MAX) {
        pthread_mutex_unlock(&h->lock);
        return -1;
    }
    h->queued++;
    push(&h->todo, &h->todo_tail, job);
    pthread_cond_signal(&h->wake);
    pthread_mutex_unlock(&h->lock);
    return 0;
}

rb_hash_job *rb_hasher_take(rb_hasher *h)
{
    pthread_mutex_lock(&h->lock);
    rb_hash_job *j = pop(&h->done, &h->done_tail);
    if (j != NULL) {
        h->queued--;
    } else {
        uint64_t n;
        ssize_t r = read(h->efd, &n, sizeof n); /* all taken: the fd goes quiet */
        (void)r;
    }
    pthread_mutex_unlock(&h->lock);
    return j;
}

static void drop_all(rb_hash_job *j)
{
    while (j != NULL) {
        rb_hash_job *next = j->next;
        sodium_memzero(j, sizeof *j);
        free(j);
        j = next;
    }
}

void rb_hasher_free(rb_hasher *h)
{
    if (h == NULL) {
        return;
    }
    pthread_mutex_lock(&h->lock);
    h->stop = true;
    pthread_cond_signal(&h->wake);
    pthread_mutex_unlock(&h->lock);
    pthread_join(h->thread, NULL);
    drop_all(h->todo);
    drop_all(h->done);
    pthread_cond_destroy(&h->wake);
    pthread_mutex_destroy(&h->lock);
    close(h->efd);
    free(h);
}
