/*
 * tls_internal.h - what the session and the known-servers file share
 * inside rb_tls: the pin check the handshake calls, kept in its own file
 * because it is file handling, not TLS.
 */
#ifndef RB_TLS_INTERNAL_H
#define RB_TLS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

/* "SHA256:" and 64 hex digits, and the terminator. */
#define RB_TLS_FP_LEN 72

/* The name a server is pinned under: host:port, [host]:port for IPv6. */
void rb_tls_pin_name(char *buf, size_t len, const char *host, unsigned port);

/* Looks name up in the known-servers file: 1 with the pinned fingerprint
 * in pinned, 0 when it is not there (or there is no file yet), -1 when the
 * file cannot be read. */
int rb_tls_pin_find(const char *file, const char *name, char pinned[RB_TLS_FP_LEN], char *err, size_t errlen);

/* Appends name and its fingerprint, creating the file (0600) and its folder
 * (0700) when missing. */
int rb_tls_pin_add(const char *file, const char *name, const char *fp, char *err, size_t errlen);

#endif
