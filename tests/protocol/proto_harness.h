/*
 * proto_harness.h - drives the protocol in-process for the tests: lines go
 * in through rb_proto_handle_line(), answers are collected in order (from
 * both the reading and the searching thread) and can be waited for.
 */
#ifndef RB_PROTO_HARNESS_H
#define RB_PROTO_HARNESS_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol.h"
#include "rb_util_clock.h"

typedef struct harness {
    rb_proto *proto;
    pthread_mutex_t lock;
    char **lines;
    size_t count;
    size_t cap;
} harness;

static void harness_out(const char *line, void *user)
{
    harness *h = user;
    pthread_mutex_lock(&h->lock);
    if (h->count == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 64;
        h->lines = realloc(h->lines, h->cap * sizeof *h->lines);
    }
    size_t n = strlen(line);
    char *copy = malloc(n + 1);
    memcpy(copy, line, n + 1);
    h->lines[h->count++] = copy;
    pthread_mutex_unlock(&h->lock);
}

static harness *harness_new(void)
{
    harness *h = calloc(1, sizeof *h);
    pthread_mutex_init(&h->lock, NULL);
    h->proto = rb_proto_new(harness_out, h);
    assert_non_null(h->proto);
    return h;
}

static void harness_free(harness *h)
{
    rb_proto_free(h->proto);
    for (size_t i = 0; i < h->count; i++) {
        free(h->lines[i]);
    }
    free(h->lines);
    pthread_mutex_destroy(&h->lock);
    free(h);
}

static rb_proto_status harness_send(harness *h, const char *line)
{
    return rb_proto_handle_line(h->proto, line, strlen(line));
}

static size_t harness_count(harness *h)
{
    pthread_mutex_lock(&h->lock);
    size_t n = h->count;
    pthread_mutex_unlock(&h->lock);
    return n;
}

/* Line i (stable once written). */
static const char *harness_line(harness *h, size_t i)
{
    pthread_mutex_lock(&h->lock);
    const char *line = i < h->count ? h->lines[i] : NULL;
    pthread_mutex_unlock(&h->lock);
    return line;
}

/* Hands the protocol len bytes of line, checks that it answered with one
 * line only, and returns that line. */
static inline const char *harness_one_answer(harness *h, const char *line, size_t len)
{
    size_t from = harness_count(h);
    rb_proto_handle_line(h->proto, line, len);
    assert_int_equal(harness_count(h), from + 1);
    return harness_line(h, from);
}

/* Checks that len bytes of line are answered by one line only: an error
 * that starts with prefix and names part. */
static inline void harness_expect_error(harness *h, const char *line, size_t len, const char *prefix, const char *part)
{
    const char *answer = harness_one_answer(h, line, len);
    if (strncmp(answer, prefix, strlen(prefix)) != 0 || strstr(answer, part) == NULL) {
        fail_msg("answer '%s' lacks '%s' after '%s'", answer, part, prefix);
    }
}

/* Index of the first line at or after from that starts with prefix, or -1. */
static long harness_find(harness *h, size_t from, const char *prefix)
{
    size_t n = harness_count(h);
    for (size_t i = from; i < n; i++) {
        if (strncmp(harness_line(h, i), prefix, strlen(prefix)) == 0) {
            return (long)i;
        }
    }
    return -1;
}

/* Sends a line and waits for the search, perft or bench it starts to end. */
static inline void harness_send_wait(harness *h, const char *line)
{
    harness_send(h, line);
    rb_proto_wait(h->proto);
}

/* Waits up to timeout_ms for such a line; its index, or -1. */
static long harness_wait(harness *h, size_t from, const char *prefix, long timeout_ms)
{
    int64_t deadline = rb_util_now_ms() + timeout_ms;
    for (;;) {
        long i = harness_find(h, from, prefix);
        if (i >= 0 || rb_util_now_ms() > deadline) {
            return i;
        }
        rb_util_sleep_ms(1);
    }
}

/* The value after "Key: " in the answer to "d". */
static const char *harness_d(harness *h, const char *key, char *buf, size_t size)
{
    size_t from = harness_count(h);
    harness_send(h, "d");
    long i = harness_find(h, from, key);
    assert_true(i >= 0);
    const char *line = harness_line(h, (size_t)i) + strlen(key);
    while (*line == ' ') {
        line++;
    }
    snprintf(buf, size, "%s", line);
    return buf;
}

#endif
