/*
 * server_settings.c - the server's settings and its configuration file.
 *
 * The file is "key = value" lines with # comments (a key given twice: the
 * last one counts), the format people edit
 * by hand in /etc; every key has a safe default, an unknown key or a value
 * out of its range is refused naming the line, so a typo does not silently
 * leave a limit off.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_server.h"
#include "rb_util_error.h"
#include "rb_util_number.h"

void rb_server_settings_defaults(rb_server_settings *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->bind, sizeof s->bind, "127.0.0.1");
    s->port = RB_SERVER_DEFAULT_PORT;
    snprintf(s->name, sizeof s->name, "rollerball-server");
    s->plain = true;
    s->max_connections = 2000;
    s->conn_per_address = 8;
    s->lines_per_second = 100;
    s->failed_logins = 5;
    s->ban_seconds = 600;
    s->line_max = 1024;
    s->seeks_per_player = 3;
    s->grace_seconds = 60;
    s->out_max_kib = 256;
    s->idle_seconds = 300;
    /* libsodium's INTERACTIVE limits for argon2id, the ones it advises for
     * a login: a few tenths of a second and 64 MiB a hash, on a worker
     * thread, so the loop does not wait on them */
    s->pwhash_ops = 2;
    s->pwhash_mem_kib = 64 * 1024;
}

typedef struct int_key {
    const char *key;
    size_t offset;
    long lo, hi;
    const char *help;
} int_key;

static const int_key INT_KEYS[] = {
    {"port", offsetof(rb_server_settings, port), 0, 65535, "the TCP port (0: any free one)"},
    {"max_connections", offsetof(rb_server_settings, max_connections), 1, 100000, "connections in all"},
    {"connections_per_address", offsetof(rb_server_settings, conn_per_address), 1, 10000,
     "connections at once from one address"},
    {"lines_per_second", offsetof(rb_server_settings, lines_per_second), 1, 10000,
     "lines a connection may send a second (twice as many in a burst)"},
    {"failed_logins", offsetof(rb_server_settings, failed_logins), 1, 1000,
     "failed logins from one address before it is banned"},
    {"ban_seconds", offsetof(rb_server_settings, ban_seconds), 1, 86400 * 30, "how long the ban lasts"},
    {"line_max", offsetof(rb_server_settings, line_max), 64, 1024, "bytes of a lobby line"},
    {"seeks_per_player", offsetof(rb_server_settings, seeks_per_player), 1, 100,
     "seeks, challenges and invites a player may have standing"},
    {"grace_seconds", offsetof(rb_server_settings, grace_seconds), 1, 3600, "a player away this long loses the game"},
    {"out_max_kib", offsetof(rb_server_settings, out_max_kib), 16, 65536,
     "KiB waiting for a reader before the connection is dropped"},
    {"idle_seconds", offsetof(rb_server_settings, idle_seconds), 5, 86400,
     "a lobby connection silent this long is closed"},
    {"pwhash_ops", offsetof(rb_server_settings, pwhash_ops), 1, 100,
     "argon2id's passes over its memory for a password (more: slower to guess, and to log in)"},
    {"pwhash_mem_kib", offsetof(rb_server_settings, pwhash_mem_kib), 8, 4 * 1024 * 1024,
     "KiB of memory argon2id uses for a password"},
};

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) {
        s++;
    }
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1])) {
        s[--n] = '\0';
    }
    return s;
}

static int set_key(rb_server_settings *s, const char *key, const char *value, char *why, size_t whylen)
{
    for (size_t i = 0; i < sizeof INT_KEYS / sizeof INT_KEYS[0]; i++) {
        if (strcmp(key, INT_KEYS[i].key) != 0) {
            continue;
        }
        int v;
        if (!rb_util_parse_int(value, INT_KEYS[i].lo, INT_KEYS[i].hi, &v)) {
            return rb_util_fail(why, whylen, "%s must be a whole number from %ld to %ld, not '%s'", key, INT_KEYS[i].lo,
                                INT_KEYS[i].hi, value);
        }
        *(int *)((char *)s + INT_KEYS[i].offset) = v;
        return 0;
    }
    if (strcmp(key, "bind") == 0) {
        if (strlen(value) == 0 || strlen(value) >= sizeof s->bind) {
            return rb_util_fail(why, whylen, "bind must be an address");
        }
        snprintf(s->bind, sizeof s->bind, "%s", value);
        return 0;
    }
    if (strcmp(key, "name") == 0) {
        if (strlen(value) == 0 || strlen(value) >= sizeof s->name) {
            return rb_util_fail(why, whylen, "name must be 1 to %zu bytes", sizeof s->name - 1);
        }
        snprintf(s->name, sizeof s->name, "%s", value);
        return 0;
    }
    if (strcmp(key, "plain") == 0) {
        if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0) {
            return rb_util_fail(why, whylen, "plain must be yes or no, not '%s'", value);
        }
        s->plain = strcmp(value, "yes") == 0;
        return 0;
    }
    return rb_util_fail(why, whylen, "unknown setting '%s'", key);
}

int rb_server_settings_load(rb_server_settings *s, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return rb_util_fail(err, errlen, "%s: %s", path, strerror(errno));
    }
    char line[512];
    int lineno = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash != NULL) {
            *hash = '\0';
        }
        char *t = trim(line);
        if (*t == '\0') {
            continue;
        }
        char *eq = strchr(t, '=');
        if (eq == NULL) {
            fclose(f);
            return rb_util_fail(err, errlen, "%s:%d: expected 'key = value'", path, lineno);
        }
        *eq = '\0';
        char why[200];
        if (set_key(s, trim(t), trim(eq + 1), why, sizeof why) != 0) {
            fclose(f);
            return rb_util_fail(err, errlen, "%s:%d: %s", path, lineno, why);
        }
    }
    fclose(f);
    if (s->plain && strcmp(s->bind, "127.0.0.1") != 0 && strcmp(s->bind, "::1") != 0 &&
        strcmp(s->bind, "localhost") != 0) {
        return rb_util_fail(err, errlen,
                            "%s: plain = yes (without TLS) is allowed only on the loopback, not on bind = %s", path,
                            s->bind);
    }
    return 0;
}

int rb_server_settings_write_default(const char *path, char *err, size_t errlen)
{
    rb_server_settings d;
    rb_server_settings_defaults(&d);
    FILE *f = fopen(path, "wx");
    if (f == NULL) {
        return rb_util_fail(err, errlen, "%s: %s", path, strerror(errno));
    }
    fprintf(f, "# rollerball-server's settings: 'key = value', # starts a comment.\n"
               "# Every setting below is at its default; see man rollerball-server.\n\n");
    fprintf(f, "# the address listened on (0.0.0.0: every IPv4 address)\nbind = 0.0.0.0\n");
    fprintf(f, "# the server's name, shown in the lobby\nname = %s\n", d.name);
    fprintf(f, "# yes: without TLS, a development mode allowed only on bind = 127.0.0.1\nplain = no\n");
    for (size_t i = 0; i < sizeof INT_KEYS / sizeof INT_KEYS[0]; i++) {
        fprintf(f, "# %s\n%s = %d\n", INT_KEYS[i].help, INT_KEYS[i].key,
                *(const int *)((const char *)&d + INT_KEYS[i].offset));
    }
    if (fclose(f) != 0) {
        return rb_util_fail(err, errlen, "%s: %s", path, strerror(errno));
    }
    return 0;
}
