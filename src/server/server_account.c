/*
 * server_account.c - names, passwords and tokens (see server_account.h).
 */
#include "server_account.h"

#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "rb_util_error.h"

/* Names a stranger could use to pass for the server or its staff, and the
 * prefix the server gives guests. */
static const char *const RESERVED[] = {"admin", "administrator", "root",       "server",  "system",    "moderator",
                                       "mod",   "staff",         "rollerball", "support", "anonymous", "nobody"};

bool rb_account_init(void)
{
    return sodium_init() >= 0;
}

int rb_account_check_name(const char *name, char key[RB_ACCOUNT_NAME_MAX + 1], char *why, size_t whylen)
{
    size_t n = strlen(name);
    if (n < RB_ACCOUNT_NAME_MIN || n > RB_ACCOUNT_NAME_MAX) {
        return rb_util_fail(why, whylen, "a name is %d to %d characters long", RB_ACCOUNT_NAME_MIN,
                            RB_ACCOUNT_NAME_MAX);
    }
    if (!isalpha((unsigned char)name[0]) || (unsigned char)name[0] > 127) {
        return rb_util_fail(why, whylen, "a name starts with a letter");
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c > 127 || !(isalnum(c) || c == '_' || c == '-')) {
            return rb_util_fail(why, whylen, "a name has only the letters a to z, digits, '_' and '-'");
        }
        key[i] = (char)tolower(c);
    }
    key[n] = '\0';
    for (size_t i = 0; i < sizeof RESERVED / sizeof RESERVED[0]; i++) {
        if (strcmp(key, RESERVED[i]) == 0) {
            return rb_util_fail(why, whylen, "the name '%s' is reserved", name);
        }
    }
    if (strncmp(key, "guest", 5) == 0) {
        return rb_util_fail(why, whylen, "names starting with 'guest' are the guests'");
    }
    return 0;
}

int rb_account_check_password(const char *password, char *why, size_t whylen)
{
    size_t n = strlen(password);
    if (n < RB_ACCOUNT_PASSWORD_MIN || n > RB_ACCOUNT_PASSWORD_MAX) {
        return rb_util_fail(why, whylen, "a password is %d to %d bytes long", RB_ACCOUNT_PASSWORD_MIN,
                            RB_ACCOUNT_PASSWORD_MAX);
    }
    return 0;
}

int rb_account_hash(const char *password, unsigned long ops, unsigned long mem, char *out, size_t size)
{
    if (size < crypto_pwhash_STRBYTES) {
        return -1;
    }
    unsigned long long o = ops ? ops : crypto_pwhash_OPSLIMIT_INTERACTIVE;
    size_t m = mem ? mem : crypto_pwhash_MEMLIMIT_INTERACTIVE;
    return crypto_pwhash_str(out, password, strlen(password), o, m) == 0 ? 0 : -1;
}

bool rb_account_verify(const char *hash, const char *password)
{
    return crypto_pwhash_str_verify(hash, password, strlen(password)) == 0;
}

void rb_account_token(char *out, size_t nbytes)
{
    unsigned char b[64];
    nbytes = nbytes > sizeof b ? sizeof b : nbytes;
    randombytes_buf(b, nbytes);
    for (size_t i = 0; i < nbytes; i++) {
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    }
    out[2 * nbytes] = '\0';
    sodium_memzero(b, sizeof b);
}
