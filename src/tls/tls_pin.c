/*
 * tls_pin.c - the known-servers file: one server a line, "NAME FINGERPRINT",
 * as SSH's known_hosts keeps one host a line, so a person can read it and
 * delete the line of a server whose key has really changed. Lines that are
 * empty or start with '#' are left alone; a line is only ever appended, so
 * a crash cannot lose the pins already there.
 */
#define _POSIX_C_SOURCE 200809L

#include "tls_internal.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rb_util_error.h"

void rb_tls_pin_name(char *buf, size_t len, const char *host, unsigned port)
{
    /* Host names are the same in any case: one pin for Play.Example.org
     * and play.example.org. */
    char lower[256];
    size_t i = 0;
    for (; host[i] && i + 1 < sizeof lower; i++) {
        lower[i] = (char)tolower((unsigned char)host[i]);
    }
    lower[i] = '\0';
    if (strchr(lower, ':')) {
        snprintf(buf, len, "[%s]:%u", lower, port);
    } else {
        snprintf(buf, len, "%s:%u", lower, port);
    }
}

int rb_tls_pin_find(const char *file, const char *name, char pinned[RB_TLS_FP_LEN], char *err, size_t errlen)
{
    FILE *f = fopen(file, "r");
    if (!f) {
        if (errno == ENOENT) {
            return 0;
        }
        return rb_util_fail(err, errlen, "cannot read the known servers in %s: %s", file, strerror(errno));
    }
    char line[1024];
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        char *sp = strchr(line, ' ');
        if (line[0] == '#' || !sp || (size_t)(sp - line) != strlen(name) || strncmp(line, name, strlen(name)) != 0) {
            continue;
        }
        char *fp = sp + 1;
        fp[strcspn(fp, " \r\n")] = '\0';
        snprintf(pinned, RB_TLS_FP_LEN, "%s", fp);
        found = 1;
    }
    fclose(f);
    return found;
}

/* mkdir -p for the folders above file, private to the user. */
static int make_parents(const char *file, char *err, size_t errlen)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", file) >= (int)sizeof dir) {
        return rb_util_fail(err, errlen, "the path %s is too long", file);
    }
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/') {
            continue;
        }
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
            return rb_util_fail(err, errlen, "cannot make the folder %s: %s", dir, strerror(errno));
        }
        *p = '/';
    }
    return 0;
}

int rb_tls_pin_add(const char *file, const char *name, const char *fp, char *err, size_t errlen)
{
    if (make_parents(file, err, errlen) < 0) {
        return -1;
    }
    int fd = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) {
        return rb_util_fail(err, errlen, "cannot write the known servers in %s: %s", file, strerror(errno));
    }
    char line[1100];
    int n = snprintf(line, sizeof line, "%s %s\n", name, fp);
    bool ok = n > 0 && n < (int)sizeof line && write(fd, line, (size_t)n) == n;
    int saved = errno;
    if (close(fd) != 0) {
        ok = false;
    }
    if (!ok) {
        return rb_util_fail(err, errlen, "cannot write the known servers in %s: %s", file, strerror(saved));
    }
    return 0;
}
