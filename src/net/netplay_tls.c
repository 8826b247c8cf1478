/*
 * netplay_tls.c - rollerball-netplay's TLS transport (see netplay_tls.h).
 * The handshake is driven from the first read or write, so the socket
 * layer needs to know nothing of it.
 */
#define _POSIX_C_SOURCE 200809L

#include "netplay_tls.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int t_open(void *ctx, int fd)
{
    rb_netplay_tls *t = ctx;
    rb_tls_free(t->tls);
    t->secured = false;
    t->pin_changed = false;
    t->tls = rb_tls_client_new(&t->opts, fd, t->error, sizeof t->error);
    return t->tls != NULL ? 0 : -1;
}

/* 0 once the handshake is through, -1 with errno EAGAIN or EPROTO. */
static int secure(rb_netplay_tls *t)
{
    if (t->secured) {
        return 0;
    }
    if (t->tls == NULL) {
        errno = EPROTO;
        return -1;
    }
    int h = rb_tls_handshake(t->tls, t->error, sizeof t->error);
    if (h == RB_TLS_AGAIN) {
        errno = EAGAIN;
        return -1;
    }
    if (h < 0) {
        t->pin_changed = rb_tls_pin_changed(t->tls);
        errno = EPROTO;
        return -1;
    }
    t->secured = true;
    return 0;
}

static ssize_t t_recv(void *ctx, void *buf, size_t n)
{
    rb_netplay_tls *t = ctx;
    if (secure(t) != 0) {
        return -1;
    }
    if (n == 0) {
        errno = EAGAIN;
        return -1;
    }
    ssize_t r = rb_tls_read(t->tls, buf, n, t->error, sizeof t->error);
    if (r == RB_TLS_AGAIN) {
        errno = EAGAIN;
        return -1;
    }
    if (r < 0) {
        errno = EPROTO;
    }
    return r;
}

static ssize_t t_send(void *ctx, const void *buf, size_t n)
{
    rb_netplay_tls *t = ctx;
    if (secure(t) != 0) {
        return -1;
    }
    ssize_t w = rb_tls_write(t->tls, buf, n, t->error, sizeof t->error);
    if (w == RB_TLS_AGAIN) {
        errno = EAGAIN;
        return -1;
    }
    if (w < 0) {
        errno = EPROTO;
    }
    return w;
}

static bool t_wants_write(void *ctx)
{
    rb_netplay_tls *t = ctx;
    return t->tls != NULL && rb_tls_wants_write(t->tls);
}

static bool t_pending(void *ctx)
{
    rb_netplay_tls *t = ctx;
    return t->tls != NULL && t->secured && rb_tls_pending(t->tls);
}

static void t_close(void *ctx)
{
    rb_netplay_tls *t = ctx;
    rb_tls_free(t->tls);
    t->tls = NULL;
    t->secured = false;
}

void rb_netplay_tls_init(rb_netplay_tls *t, const char *host, int port, bool trust_first)
{
    memset(t, 0, sizeof *t);
    snprintf(t->host, sizeof t->host, "%s", host);
    t->opts.host = t->host;
    t->opts.port = (unsigned)port;
    t->opts.check = trust_first ? RB_TLS_TRUST_FIRST : RB_TLS_VERIFY;
    t->transport = (rb_net_transport){.ctx = t,
                                      .open = t_open,
                                      .recv = t_recv,
                                      .send = t_send,
                                      .wants_write = t_wants_write,
                                      .pending = t_pending,
                                      .close = t_close};
}
