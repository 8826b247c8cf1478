/*
 * server_account.h - players' names, passwords and tokens.
 *
 * A name is 3 to 20 bytes of ASCII letters, digits, '_' and '-', starting
 * with a letter, not a reserved word (the server's own roles, "guest..."
 * which guests are given); it is unique case-insensitively, so its key is
 * the name in lower case. A password is kept only as libsodium's argon2id
 * string (crypto_pwhash_str), salt and settings included. Tokens (sessions,
 * seats, invites) are random bytes from libsodium, in hex.
 */
#ifndef RB_SERVER_ACCOUNT_H
#define RB_SERVER_ACCOUNT_H

#include <stdbool.h>
#include <stddef.h>

#define RB_ACCOUNT_NAME_MIN 3
#define RB_ACCOUNT_NAME_MAX 20
#define RB_ACCOUNT_PASSWORD_MIN 6
#define RB_ACCOUNT_PASSWORD_MAX 128

/* libsodium ready; false when it cannot start. */
bool rb_account_init(void);
/* 0 when name may be registered (key gets its lower-case form), else -1
 * with why saying what is wrong with it. */
int rb_account_check_name(const char *name, char key[RB_ACCOUNT_NAME_MAX + 1], char *why, size_t whylen);
int rb_account_check_password(const char *password, char *why, size_t whylen);
/* The argon2id string of password (ops, mem 0: libsodium's interactive). */
int rb_account_hash(const char *password, unsigned long ops, unsigned long mem, char *out, size_t size);
bool rb_account_verify(const char *hash, const char *password);
/* nbytes random bytes as 2*nbytes hex digits and a NUL. */
void rb_account_token(char *out, size_t nbytes);

#endif
