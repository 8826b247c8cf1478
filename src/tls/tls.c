/*
 * tls.c - the TLS session over a caller's non-blocking socket, on GnuTLS.
 *
 * Why it is shaped so:
 * - GnuTLS reads and writes the fd itself (GNUTLS_NONBLOCK); we only map
 *   its "again" to RB_TLS_AGAIN and its errors to sentences. Writes go
 *   through our own push function with MSG_NOSIGNAL, so a peer that hangs
 *   up cannot kill the process with SIGPIPE.
 * - A server first peeks at the client's first byte: a TLS handshake
 *   starts with 0x16, and anything else is a plain-text client, which is
 *   told so in one protocol line ("error ...") and refused with a clear
 *   message, instead of GnuTLS's "unexpected packet length".
 * - Trust on first use checks the pin inside GnuTLS's verify callback, so
 *   a changed key stops the handshake before a byte of the game is sent,
 *   but writes a new pin only once the handshake has succeeded.
 */
#define _POSIX_C_SOURCE 200809L

#include "rb_tls.h"

#include <arpa/inet.h>
#include <errno.h>
#include <gnutls/abstract.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "rb_util_assert.h"
#include "rb_util_error.h"
#include "tls_internal.h"

/* The line a plain-text client is sent, in the network protocol's form. */
#define PLAIN_TEXT_REFUSAL "error this server speaks TLS only: connect with TLS\n"
#define TLS_HANDSHAKE_RECORD 0x16

struct rb_tls_server_creds {
    gnutls_certificate_credentials_t cred;
};

struct rb_tls {
    gnutls_session_t session;
    gnutls_certificate_credentials_t own_cred; /* a client's; NULL for a server */
    int fd;
    bool server, peeked, handshaken;
    rb_tls_check check;
    char host[256];
    char pin_name[300];
    char known[4096];
    char fp[RB_TLS_FP_LEN];
    bool pin_new;
    bool pin_changed; /* the handshake stopped on a key that is not the pinned one */
    char fail[6000];  /* set by the verify callback when it refuses */
};

static ssize_t push_nosignal(gnutls_transport_ptr_t ptr, const void *data, size_t len)
{
    int fd = (int)(intptr_t)ptr;
    return send(fd, data, len, MSG_NOSIGNAL);
}

rb_tls_server_creds *rb_tls_server_creds_load(const char *cert_file, const char *key_file, char *err, size_t errlen)
{
    RB_ASSERT(cert_file && key_file);
    const char *files[] = {cert_file, key_file};
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(files[i], "r");
        if (!f) {
            rb_util_fail(err, errlen, "cannot read the %s %s: %s", i ? "key" : "certificate", files[i],
                         strerror(errno));
            return NULL;
        }
        fclose(f);
    }
    rb_tls_server_creds *c = calloc(1, sizeof *c);
    if (!c || gnutls_certificate_allocate_credentials(&c->cred) < 0) {
        free(c);
        rb_util_fail(err, errlen, "out of memory for the TLS credentials");
        return NULL;
    }
    int r = gnutls_certificate_set_x509_key_file2(c->cred, cert_file, key_file, GNUTLS_X509_FMT_PEM, NULL, 0);
    if (r < 0) {
        rb_util_fail(err, errlen, "the certificate %s and key %s cannot be used: %s", cert_file, key_file,
                     gnutls_strerror(r));
        gnutls_certificate_free_credentials(c->cred);
        free(c);
        return NULL;
    }
    return c;
}

void rb_tls_server_creds_free(rb_tls_server_creds *creds)
{
    if (creds) {
        gnutls_certificate_free_credentials(creds->cred);
        free(creds);
    }
}

static rb_tls *session_new(bool server, int fd, char *err, size_t errlen)
{
    rb_tls *t = calloc(1, sizeof *t);
    if (!t) {
        rb_util_fail(err, errlen, "out of memory for a TLS session");
        return NULL;
    }
    t->fd = fd;
    t->server = server;
    int r = gnutls_init(&t->session, (server ? GNUTLS_SERVER : GNUTLS_CLIENT) | GNUTLS_NONBLOCK);
    if (r >= 0) {
        r = gnutls_set_default_priority(t->session);
    }
    if (r < 0) {
        rb_util_fail(err, errlen, "cannot start a TLS session: %s", gnutls_strerror(r));
        if (t->session) {
            gnutls_deinit(t->session);
        }
        free(t);
        return NULL;
    }
    gnutls_session_set_ptr(t->session, t);
    gnutls_transport_set_int(t->session, fd);
    gnutls_transport_set_push_function(t->session, push_nosignal);
    return t;
}

rb_tls *rb_tls_server_new(const rb_tls_server_creds *creds, int fd, char *err, size_t errlen)
{
    RB_ASSERT(creds && fd >= 0);
    rb_tls *t = session_new(true, fd, err, errlen);
    if (!t) {
        return NULL;
    }
    int r = gnutls_credentials_set(t->session, GNUTLS_CRD_CERTIFICATE, creds->cred);
    if (r < 0) {
        rb_util_fail(err, errlen, "cannot use the server's certificate: %s", gnutls_strerror(r));
        rb_tls_free(t);
        return NULL;
    }
    gnutls_certificate_server_set_request(t->session, GNUTLS_CERT_IGNORE);
    return t;
}

/* The SHA-256 of the DER public key of the peer's first certificate. */
static int peer_fingerprint(gnutls_session_t s, char fp[RB_TLS_FP_LEN])
{
    unsigned n = 0;
    const gnutls_datum_t *certs = gnutls_certificate_get_peers(s, &n);
    if (!certs || n == 0) {
        return -1;
    }
    gnutls_pubkey_t pub;
    if (gnutls_pubkey_init(&pub) < 0) {
        return -1;
    }
    gnutls_datum_t der = {NULL, 0};
    int r = gnutls_pubkey_import_x509_raw(pub, &certs[0], GNUTLS_X509_FMT_DER, 0);
    if (r >= 0) {
        r = gnutls_pubkey_export2(pub, GNUTLS_X509_FMT_DER, &der);
    }
    unsigned char hash[32];
    if (r >= 0) {
        r = gnutls_hash_fast(GNUTLS_DIG_SHA256, der.data, der.size, hash);
    }
    gnutls_free(der.data);
    gnutls_pubkey_deinit(pub);
    if (r < 0) {
        return -1;
    }
    int at = snprintf(fp, RB_TLS_FP_LEN, "SHA256:");
    for (int i = 0; i < 32; i++) {
        at += snprintf(fp + at, RB_TLS_FP_LEN - (size_t)at, "%02x", hash[i]);
    }
    return 0;
}

/* GnuTLS's verify callback for RB_TLS_TRUST_FIRST: 0 accepts, -1 stops the
 * handshake (with the reason in t->fail). */
static int verify_pin(gnutls_session_t s)
{
    rb_tls *t = gnutls_session_get_ptr(s);
    if (peer_fingerprint(s, t->fp) < 0) {
        snprintf(t->fail, sizeof t->fail, "the server %s sent no usable certificate", t->pin_name);
        return -1;
    }
    char pinned[RB_TLS_FP_LEN], err[300];
    int found = rb_tls_pin_find(t->known, t->pin_name, pinned, err, sizeof err);
    if (found < 0) {
        snprintf(t->fail, sizeof t->fail, "%s", err);
        return -1;
    }
    if (found == 0) {
        t->pin_new = true;
        return 0;
    }
    if (strcmp(pinned, t->fp) != 0) {
        t->pin_changed = true;
        snprintf(t->fail, sizeof t->fail,
                 "REFUSED: the server %s has changed its key since it was first trusted (then %s, now %s). "
                 "Someone may be intercepting the connection. If its owner really made a new certificate, "
                 "delete the line of %s from %s and connect again.",
                 t->pin_name, pinned, t->fp, t->pin_name, t->known);
        return -1;
    }
    return 0;
}

static bool is_ip_address(const char *host)
{
    unsigned char buf[16];
    return inet_pton(AF_INET, host, buf) == 1 || inet_pton(AF_INET6, host, buf) == 1;
}

rb_tls *rb_tls_client_new(const rb_tls_client_opts *opts, int fd, char *err, size_t errlen)
{
    RB_ASSERT(opts && opts->host && fd >= 0);
    if (!opts->host[0] || strlen(opts->host) >= sizeof((rb_tls *)0)->host) {
        rb_util_fail(err, errlen, "the server's host name '%s' is empty or too long", opts->host);
        return NULL;
    }
    rb_tls *t = session_new(false, fd, err, errlen);
    if (!t) {
        return NULL;
    }
    t->check = opts->check;
    snprintf(t->host, sizeof t->host, "%s", opts->host);
    rb_tls_pin_name(t->pin_name, sizeof t->pin_name, opts->host, opts->port);
    int r = gnutls_certificate_allocate_credentials(&t->own_cred);
    if (r < 0) {
        rb_util_fail(err, errlen, "out of memory for the TLS credentials");
        rb_tls_free(t);
        return NULL;
    }
    if (opts->check == RB_TLS_VERIFY) {
        if (opts->ca_file) {
            r = gnutls_certificate_set_x509_trust_file(t->own_cred, opts->ca_file, GNUTLS_X509_FMT_PEM);
            if (r <= 0) {
                rb_util_fail(err, errlen, "no trusted certificate could be read from %s%s%s", opts->ca_file,
                             r < 0 ? ": " : "", r < 0 ? gnutls_strerror(r) : "");
                rb_tls_free(t);
                return NULL;
            }
        } else {
            r = gnutls_certificate_set_x509_system_trust(t->own_cred);
            if (r <= 0) {
                rb_util_fail(err, errlen,
                             "the system's trusted certificates cannot be read (is ca-certificates installed?); "
                             "for a server with a self-made certificate, trust it on first contact");
                rb_tls_free(t);
                return NULL;
            }
        }
        gnutls_session_set_verify_cert(t->session, opts->host, 0);
    } else {
        if (opts->known_servers) {
            snprintf(t->known, sizeof t->known, "%s", opts->known_servers);
        } else if (rb_tls_known_servers_path(t->known, sizeof t->known, err, errlen) < 0) {
            rb_tls_free(t);
            return NULL;
        }
        gnutls_certificate_set_verify_function(t->own_cred, verify_pin);
    }
    r = gnutls_credentials_set(t->session, GNUTLS_CRD_CERTIFICATE, t->own_cred);
    if (r >= 0 && !is_ip_address(opts->host)) {
        /* SNI names a host, never an address. */
        r = gnutls_server_name_set(t->session, GNUTLS_NAME_DNS, opts->host, strlen(opts->host));
    }
    if (r < 0) {
        rb_util_fail(err, errlen, "cannot set up the TLS session for %s: %s", opts->host, gnutls_strerror(r));
        rb_tls_free(t);
        return NULL;
    }
    return t;
}

/* A server's look at the client's first bytes: 1 TLS, RB_TLS_AGAIN, -1. */
static int server_peek(rb_tls *t, char *err, size_t errlen)
{
    unsigned char first[24];
    ssize_t n = recv(t->fd, first, sizeof first, MSG_PEEK);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
        return RB_TLS_AGAIN;
    }
    if (n < 0) {
        return rb_util_fail(err, errlen, "the connection failed before the TLS handshake: %s", strerror(errno));
    }
    if (n == 0) {
        return rb_util_fail(err, errlen, "the client closed the connection before the TLS handshake");
    }
    if (first[0] == TLS_HANDSHAKE_RECORD) {
        return 1;
    }
    char shown[sizeof first + 1];
    size_t k = 0;
    for (; k < (size_t)n && first[k] >= 0x20 && first[k] < 0x7f; k++) {
        shown[k] = (char)first[k];
    }
    shown[k] = '\0';
    /* One try, as the client is refused whatever happens to it. */
    if (send(t->fd, PLAIN_TEXT_REFUSAL, strlen(PLAIN_TEXT_REFUSAL), MSG_NOSIGNAL) < 0) {
        (void)0;
    }
    return rb_util_fail(err, errlen, "refused a client that spoke plain text (\"%s\") where TLS was required", shown);
}

static int handshake_failure(rb_tls *t, int r, char *err, size_t errlen)
{
    if (t->fail[0]) {
        return rb_util_fail(err, errlen, "%s", t->fail);
    }
    if (r == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR) {
        unsigned status = gnutls_session_get_verify_cert_status(t->session);
        gnutls_datum_t out = {NULL, 0};
        gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &out, 0);
        rb_util_fail(err, errlen, "REFUSED: the certificate of %s cannot be trusted: %s", t->host,
                     out.data ? (const char *)out.data : "verification failed");
        gnutls_free(out.data);
        return -1;
    }
    if (r == GNUTLS_E_FATAL_ALERT_RECEIVED) {
        return rb_util_fail(err, errlen, "the %s refused the TLS handshake: %s", t->server ? "client" : "server",
                            gnutls_alert_get_name(gnutls_alert_get(t->session)));
    }
    if (r == GNUTLS_E_UNEXPECTED_PACKET_LENGTH || r == GNUTLS_E_UNSUPPORTED_VERSION_PACKET ||
        r == GNUTLS_E_UNEXPECTED_PACKET) {
        return rb_util_fail(err, errlen, "the %s did not answer in TLS (does it speak plain text?)",
                            t->server ? "client" : "server");
    }
    if (r == GNUTLS_E_PREMATURE_TERMINATION || r == GNUTLS_E_PULL_ERROR || r == GNUTLS_E_PUSH_ERROR) {
        return rb_util_fail(err, errlen, "the connection closed during the TLS handshake");
    }
    return rb_util_fail(err, errlen, "the TLS handshake failed: %s", gnutls_strerror(r));
}

int rb_tls_handshake(rb_tls *t, char *err, size_t errlen)
{
    RB_ASSERT(t);
    if (t->handshaken) {
        return 1;
    }
    if (t->server && !t->peeked) {
        int p = server_peek(t, err, errlen);
        if (p != 1) {
            return p;
        }
        t->peeked = true;
    }
    for (;;) {
        int r = gnutls_handshake(t->session);
        if (r == GNUTLS_E_AGAIN || r == GNUTLS_E_INTERRUPTED) {
            return RB_TLS_AGAIN;
        }
        if (r < 0 && !gnutls_error_is_fatal(r)) {
            continue; /* a warning alert: carry on */
        }
        if (r < 0) {
            return handshake_failure(t, r, err, errlen);
        }
        break;
    }
    if (t->check == RB_TLS_TRUST_FIRST && !t->server && t->pin_new) {
        if (rb_tls_pin_add(t->known, t->pin_name, t->fp, err, errlen) < 0) {
            return -1;
        }
    } else if (!t->fp[0] && !t->server) {
        peer_fingerprint(t->session, t->fp);
    }
    t->handshaken = true;
    return 1;
}

ssize_t rb_tls_read(rb_tls *t, void *buf, size_t len, char *err, size_t errlen)
{
    RB_ASSERT(t && buf);
    for (;;) {
        ssize_t r = gnutls_record_recv(t->session, buf, len);
        if (r >= 0) {
            return r;
        }
        if (r == GNUTLS_E_AGAIN || r == GNUTLS_E_INTERRUPTED) {
            return RB_TLS_AGAIN;
        }
        if (r == GNUTLS_E_PREMATURE_TERMINATION) {
            /* The peer hung up without saying goodbye in TLS; the lines
             * that arrived were whole, so it is just closed. */
            return 0;
        }
        if (!gnutls_error_is_fatal((int)r)) {
            continue;
        }
        return rb_util_fail(err, errlen, "the TLS connection failed: %s", gnutls_strerror((int)r));
    }
}

ssize_t rb_tls_write(rb_tls *t, const void *buf, size_t len, char *err, size_t errlen)
{
    RB_ASSERT(t && buf);
    ssize_t r = gnutls_record_send(t->session, buf, len);
    if (r >= 0) {
        return r;
    }
    if (r == GNUTLS_E_AGAIN || r == GNUTLS_E_INTERRUPTED) {
        return RB_TLS_AGAIN;
    }
    return rb_util_fail(err, errlen, "the TLS connection failed: %s", gnutls_strerror((int)r));
}

bool rb_tls_pending(const rb_tls *t)
{
    RB_ASSERT(t);
    return gnutls_record_check_pending(t->session) > 0;
}

bool rb_tls_wants_write(const rb_tls *t)
{
    RB_ASSERT(t);
    if (t->server && !t->peeked) {
        return false;
    }
    return gnutls_record_get_direction(t->session) == 1;
}

void rb_tls_free(rb_tls *t)
{
    if (!t) {
        return;
    }
    if (t->handshaken) {
        gnutls_bye(t->session, GNUTLS_SHUT_WR);
    }
    gnutls_deinit(t->session);
    if (t->own_cred) {
        gnutls_certificate_free_credentials(t->own_cred);
    }
    free(t);
}

bool rb_tls_pinned_now(const rb_tls *t)
{
    RB_ASSERT(t);
    return t->handshaken && t->pin_new;
}

bool rb_tls_pin_changed(const rb_tls *t)
{
    RB_ASSERT(t);
    return t->pin_changed;
}

const char *rb_tls_peer_fingerprint(const rb_tls *t)
{
    RB_ASSERT(t);
    return t->fp;
}

int rb_tls_known_servers_path(char *buf, size_t len, char *err, size_t errlen)
{
    RB_ASSERT(buf && len > 0);
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    /* The XDG rules ignore a relative XDG_DATA_HOME. */
    if (xdg && xdg[0] == '/') {
        n = snprintf(buf, len, "%s/rollerball/rollerball/%s", xdg, RB_TLS_KNOWN_SERVERS_FILE);
    } else if (home && home[0]) {
        n = snprintf(buf, len, "%s/.local/share/rollerball/rollerball/%s", home, RB_TLS_KNOWN_SERVERS_FILE);
    } else {
        return rb_util_fail(err, errlen, "neither XDG_DATA_HOME nor HOME is set: no place for the known servers");
    }
    if (n < 0 || (size_t)n >= len) {
        return rb_util_fail(err, errlen, "the path of the known servers is too long");
    }
    return 0;
}
