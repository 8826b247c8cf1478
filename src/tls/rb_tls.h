/*
 * rb_tls.h - TLS over a socket the caller owns, for the server and its
 * clients, on GnuTLS.
 *
 * The transport never blocks: the socket is the caller's, non-blocking, in
 * the caller's poll loop. Every call that would wait returns RB_TLS_AGAIN,
 * and rb_tls_wants() says whether to wait for the socket to be readable or
 * writable before calling again; rb_tls_pending() says whether decrypted
 * bytes are already waiting, which poll() cannot see.
 *
 * A server loads its certificate and key from files once (rb_tls_server_creds)
 * and starts one rb_tls per connection from them. A client checks the
 * server's certificate one of two ways:
 *   RB_TLS_VERIFY      as a browser does: a chain to the system's trusted
 *                      authorities (or the ca_file given) for the host name;
 *   RB_TLS_TRUST_FIRST for a server with a self-made certificate: the
 *                      server's public key is pinned on first contact in a
 *                      known-servers file (like SSH's known_hosts) and must
 *                      be the same ever after; a changed key is refused with
 *                      a message that says so and where the pin is kept.
 * rb_tls_make_self_signed() makes the certificate and key such a server
 * starts with (rollerball-server --init DIR).
 *
 * Functions that fail return -1 (or NULL) and write a sentence for a
 * person in err; no SDL, no globals of ours (GnuTLS keeps its own).
 */
#ifndef RB_TLS_H
#define RB_TLS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Returned by the calls that would have to wait. */
#define RB_TLS_AGAIN (-2)

/* The files rb_tls_make_self_signed() writes in its folder. */
#define RB_TLS_CERT_FILE "cert.pem"
#define RB_TLS_KEY_FILE "key.pem"
/* The known-servers file's name in the user's data folder. */
#define RB_TLS_KNOWN_SERVERS_FILE "known-servers"

typedef struct rb_tls rb_tls;
typedef struct rb_tls_server_creds rb_tls_server_creds;

typedef enum {
    RB_TLS_VERIFY,      /* system trust (or ca_file) and the host name */
    RB_TLS_TRUST_FIRST, /* pin the key on first contact, refuse a change */
} rb_tls_check;

typedef struct {
    const char *host; /* the name connected to: checked, and sent as SNI */
    unsigned port;    /* with host, names the server in the known-servers file */
    rb_tls_check check;
    const char *ca_file;       /* RB_TLS_VERIFY: trust this PEM file instead of the system's (NULL: the system's) */
    const char *known_servers; /* RB_TLS_TRUST_FIRST: the file of pins (NULL: rb_tls_known_servers_path()) */
} rb_tls_client_opts;

/* Loads a PEM certificate (chain) and its private key. NULL with a message
 * naming the file and what is wrong with it. */
rb_tls_server_creds *rb_tls_server_creds_load(const char *cert_file, const char *key_file, char *err, size_t errlen);
void rb_tls_server_creds_free(rb_tls_server_creds *creds);

/* A TLS session over fd (already connected, non-blocking); the fd stays the
 * caller's to poll and close. The creds must outlive the session. */
rb_tls *rb_tls_server_new(const rb_tls_server_creds *creds, int fd, char *err, size_t errlen);
rb_tls *rb_tls_client_new(const rb_tls_client_opts *opts, int fd, char *err, size_t errlen);

/* Advances the handshake: 1 when it is done, RB_TLS_AGAIN to be called
 * again when the socket is ready (rb_tls_wants), -1 on failure with the
 * reason (a plain-text peer, a certificate refused, a changed pin...). */
int rb_tls_handshake(rb_tls *tls, char *err, size_t errlen);

/* Reads decrypted bytes: how many (> 0), 0 when the peer closed the
 * session, RB_TLS_AGAIN, or -1 on failure. */
ssize_t rb_tls_read(rb_tls *tls, void *buf, size_t len, char *err, size_t errlen);

/* Writes: how many bytes were taken (> 0), RB_TLS_AGAIN, or -1. After
 * RB_TLS_AGAIN the same bytes must be offered again, as GnuTLS asks. */
ssize_t rb_tls_write(rb_tls *tls, const void *buf, size_t len, char *err, size_t errlen);

/* True when decrypted bytes wait to be read without the socket being
 * readable: a poll loop reads these before it sleeps. */
bool rb_tls_pending(const rb_tls *tls);

/* After RB_TLS_AGAIN: true when the call waits to write (POLLOUT), false
 * when it waits to read (POLLIN). */
bool rb_tls_wants_write(const rb_tls *tls);

/* Says goodbye (one attempt, without waiting) and frees the session; the fd
 * is left open. NULL is allowed. */
void rb_tls_free(rb_tls *tls);

/* After a successful handshake with RB_TLS_TRUST_FIRST: true when this was
 * the first contact and the key has just been pinned. */
bool rb_tls_pinned_now(const rb_tls *tls);

/* After a failed handshake with RB_TLS_TRUST_FIRST: true when it failed
 * because the server's key is not the one pinned (a program says so louder
 * than any other failure: someone may be in the middle). */
bool rb_tls_pin_changed(const rb_tls *tls);

/* The SHA-256 of the peer's public key, as "SHA256:" and hex, for a person
 * to compare; the empty string before the handshake has seen it. */
const char *rb_tls_peer_fingerprint(const rb_tls *tls);

/* The known-servers file in the user's data folder:
 * $XDG_DATA_HOME/rollerball/rollerball/known-servers, or
 * ~/.local/share/... without XDG_DATA_HOME. -1 when there is no home. */
int rb_tls_known_servers_path(char *buf, size_t len, char *err, size_t errlen);

/* Makes a self-made certificate for host (ECDSA P-256, ten years, the host
 * as its name and subject alternative name) in dir, which is created if
 * missing: RB_TLS_CERT_FILE and RB_TLS_KEY_FILE (mode 0600). Refuses to
 * overwrite either. 0, or -1 with a message. */
int rb_tls_make_self_signed(const char *dir, const char *host, char *err, size_t errlen);

#endif
