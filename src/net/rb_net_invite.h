/*
 * rb_net_invite.h - the invite code a host gives a friend, and the rules'
 * fingerprint two builds compare.
 *
 * An invite code is "rb1:HOST:PORT:TOKEN": the address to connect to, the
 * port the host listens on and a random 128-bit token in hex, without which
 * the host does not let anyone in (so a stranger who finds the port cannot
 * join). An IPv6 address is written in brackets ("rb1:[::1]:47474:..."). The
 * code is read strictly and never used as anything but an address, a
 * number and a string to compare. Pure: no I/O, no globals.
 */
#ifndef RB_NET_INVITE_H
#define RB_NET_INVITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rb_net_wire.h"

#define RB_NET_DEFAULT_PORT 47474
#define RB_NET_HOST_MAX 255
#define RB_NET_INVITE_MAX (4 + RB_NET_HOST_MAX + 2 + 1 + 5 + 1 + RB_NET_TOKEN_LEN + 1)

typedef struct rb_net_invite {
    char host[RB_NET_HOST_MAX + 1]; /* a name or address, without brackets */
    int port;
    char token[RB_NET_TOKEN_LEN + 1];
} rb_net_invite;

/* Reads a code; 0, or -1 with err naming what is wrong. */
int rb_net_invite_parse(const char *code, rb_net_invite *inv, char *err, size_t errlen);
/* Reads a bare address, "HOST", "HOST:PORT", "[IPV6]" or "[IPV6]:PORT"
 * (an IPv6 address may carry its scope, "fe80::1%eth0", and may go without
 * brackets when no port follows), as a joiner without a code types it or
 * picks it from the local network's list: inv gets no token and the
 * default port when none is given. 0, or -1 with err naming what is wrong. */
int rb_net_address_parse(const char *text, rb_net_invite *inv, char *err, size_t errlen);
/* Writes the code (out holds RB_NET_INVITE_MAX); returns its length. */
size_t rb_net_invite_format(const rb_net_invite *inv, char *out, size_t size);
/* A token in hex from 16 random bytes the caller drew. */
void rb_net_token_from_bytes(const uint8_t bytes[16], char out[RB_NET_TOKEN_LEN + 1]);

/* A fingerprint of the rules this build plays: move counts and position
 * keys from the start and from positions that use every rule, so two
 * builds whose rules or fingerprints of positions differ see it. */
uint64_t rb_net_rules_fingerprint(void);

#endif
