/*
 * store.c - atomic writes and bounded reads of the game's own files.
 *
 * A saved game, the autosave and the settings are small text files that a
 * crash, a full disk or a pulled plug must never leave half-written. So a
 * write goes to a temporary file next to the target (same folder, hence the
 * same file system, so rename() is atomic), is flushed to the disk, and only
 * then replaces the old file. Reads are capped in size and refuse anything
 * that is not text, because the same code also opens files a player drops on
 * the window.
 */
#define _POSIX_C_SOURCE 200809L

#include "files/store.h"
#include "words/i18n.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The reason for a failed system call in words a player understands, with
 * the system's own wording for the rarer cases. */
static const char *store_reason(int code)
{
    switch (code) {
    case ENOSPC:
    case EDQUOT: return _("the disk is full");
    case EFBIG: return _("the file would be larger than this disk or account allows");
    case EROFS: return _("the folder is on a read-only disk");
    case EACCES:
    case EPERM: return _("permission denied");
    case ENOENT: return _("the folder does not exist");
    case ENOTDIR: return _("a part of the path is not a folder");
    case EISDIR: return _("it is a folder, not a file");
    case ENAMETOOLONG: return _("the name is too long");
    default: return strerror(code);
    }
}

/* format is one of the sentences below, with the path and the reason. */
static void store_error(char *err, size_t errlen, const char *format, const char *path, int code)
{
    if (err && errlen) {
        snprintf(err, errlen, format, path, store_reason(code));
    }
}

/* TRANSLATORS: the first %s is a file, the second the reason ("the disk is full") */
#define STORE_COULD_NOT_SAVE _("Could not save %s: %s.")
/* TRANSLATORS: the first %s is a file, the second the reason ("permission denied") */
#define STORE_COULD_NOT_OPEN _("Could not open %s: %s.")
/* TRANSLATORS: the first %s is a file, the second the reason */
#define STORE_COULD_NOT_READ _("Could not read %s: %s.")

/* Writes all of len bytes to fd, retrying after short writes and signals. */
static int store_write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

/* A write killed half-way (a crash, a kill -9) leaves its temporary file
 * behind: path.tmp-XXXXXX. The next write of the same file removes those
 * that are over ten minutes old, so they cannot pile up, while a write
 * still running in another copy of the game is left alone. */
#define STORE_STALE_SECONDS 600

static void store_sweep_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    const char *base = path;
    if (slash) {
        size_t dlen = (size_t)(slash - path);
        if (dlen + 1 > sizeof dir) {
            return;
        }
        memcpy(dir, path, dlen);
        dir[dlen] = '\0';
        if (dlen == 0) {
            strcpy(dir, "/");
        }
        base = slash + 1;
    } else {
        strcpy(dir, ".");
    }
    size_t blen = strlen(base);
    DIR *d = opendir(dir);
    if (!d) {
        return;
    }
    time_t now = time(NULL);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *name = de->d_name;
        if (strlen(name) != blen + 11 || strncmp(name, base, blen) != 0 || strncmp(name + blen, ".tmp-", 5) != 0) {
            continue;
        }
        char full[4096 + 256];
        snprintf(full, sizeof full, "%s/%s", dir, name);
        struct stat st;
        if (lstat(full, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_mtime > STORE_STALE_SECONDS) {
            unlink(full);
        }
    }
    closedir(d);
}

int rb_ui_store_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    if (!path || !*path) {
        if (err && errlen) {
            snprintf(err, errlen, "%s", _("Could not save: no file name given."));
        }
        return -1;
    }
    size_t plen = strlen(path);
    store_sweep_stale(path);
    char *tmp = malloc(plen + 16);
    if (!tmp) {
        if (err && errlen) {
            snprintf(err, errlen, _("Could not save %s: out of memory."), path);
        }
        return -1;
    }
    /* mkstemp gives a fresh name, so two writers never share a temp file. */
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp-XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        store_error(err, errlen, STORE_COULD_NOT_SAVE, path, errno);
        free(tmp);
        return -1;
    }
    /* mkstemp creates the file 0600; a saved game is an ordinary document. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);

    if (store_write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        int code = errno;
        close(fd);
        unlink(tmp);
        store_error(err, errlen, STORE_COULD_NOT_SAVE, path, code);
        free(tmp);
        return -1;
    }
    if (close(fd) != 0) {
        int code = errno;
        unlink(tmp);
        store_error(err, errlen, STORE_COULD_NOT_SAVE, path, code);
        free(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        int code = errno;
        unlink(tmp);
        store_error(err, errlen, STORE_COULD_NOT_SAVE, path, code);
        free(tmp);
        return -1;
    }
    free(tmp);

    /* Make the rename itself durable: flush the folder's entry too. A
     * failure here is not worth a message, the data is already in place. */
    char *dir = strdup(path);
    if (dir) {
        char *slash = strrchr(dir, '/');
        const char *d = ".";
        if (slash) {
            slash[slash == dir ? 1 : 0] = '\0';
            d = dir;
        }
        int dfd = open(d, O_RDONLY | O_DIRECTORY);
        if (dfd >= 0) {
            (void)fsync(dfd);
            close(dfd);
        }
        free(dir);
    }
    return 0;
}

int rb_ui_store_read(const char *path, size_t max_bytes, char **data, size_t *len, char *err, size_t errlen)
{
    *data = NULL;
    if (len) {
        *len = 0;
    }
    if (!path || !*path) {
        if (err && errlen) {
            snprintf(err, errlen, "%s", _("Could not open: no file name given."));
        }
        return -1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        int code = errno;
        if (err && errlen) {
            if (code == ENOENT) {
                snprintf(err, errlen, _("Could not open %s: there is no such file."), path);
            } else {
                store_error(err, errlen, STORE_COULD_NOT_OPEN, path, code);
            }
        }
        return -1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        store_error(err, errlen, STORE_COULD_NOT_OPEN, path, EISDIR);
        return -1;
    }

    /* Read in chunks rather than trusting the size reported: the file may be
     * a pipe, or grow while we read. One byte beyond the cap proves "too big". */
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        if (err && errlen) {
            snprintf(err, errlen, _("Could not open %s: out of memory."), path);
        }
        return -1;
    }
    for (;;) {
        if (n + 1 >= cap) {
            size_t ncap = cap * 2;
            if (ncap > max_bytes + 2) {
                ncap = max_bytes + 2;
            }
            if (ncap <= n + 1) { /* already holding more than the cap */
                break;
            }
            char *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                fclose(f);
                if (err && errlen) {
                    snprintf(err, errlen, _("Could not open %s: out of memory."), path);
                }
                return -1;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0) {
            break;
        }
        if (n > max_bytes) {
            break;
        }
    }
    int read_error = ferror(f);
    int code = errno;
    fclose(f);
    if (read_error) {
        free(buf);
        store_error(err, errlen, STORE_COULD_NOT_READ, path, code);
        return -1;
    }
    if (n > max_bytes) {
        free(buf);
        if (err && errlen) {
            snprintf(err, errlen, _("Could not open %s: the file is too big (the limit is %zu KB)."), path,
                     max_bytes / 1024 ? max_bytes / 1024 : 1);
        }
        return -1;
    }
    /* Text never holds NUL bytes or most control characters; a file that
     * does is an image, an archive or something else mistaken for a game. */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c == 0 || (c < 32 && c != '\n' && c != '\r' && c != '\t' && c != '\f')) {
            free(buf);
            if (err && errlen) {
                snprintf(err, errlen, _("Could not open %s: it is not a text file."), path);
            }
            return -1;
        }
    }
    buf[n] = '\0';
    *data = buf;
    if (len) {
        *len = n;
    }
    return 0;
}
