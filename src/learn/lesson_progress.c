/*
 * lesson_progress.c - the stars won and where the person stopped, kept
 * between runs in a small text file of the settings folder:
 *
 *   rollerball-lessons 1
 *   stars rook/corner 3
 *   stars rook/slide 2
 *   last rook/slide
 *
 * Stages are named by ids, not numbers, so a new stage in a chapter leaves
 * the stars already won where they were. A damaged file loses only its
 * damaged lines: every good line is kept, and the first problem is named
 * with its line so the game can say what it put right. The file is written
 * beside itself and renamed over, so it is either the old or the new one.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_learn.h"

static const char header[] = "rollerball-lessons 1";

void rb_learn_progress_clear(rb_learn_progress *p) { memset(p, 0, sizeof *p); }

static bool make_key(char *key, const char *chapter, const char *stage)
{
    int n = snprintf(key, 2 * RB_LEARN_ID_MAX, "%s/%s", chapter, stage);
    return n > 0 && n < 2 * RB_LEARN_ID_MAX;
}

static rb_learn_progress_entry *find(rb_learn_progress *p, const char *key)
{
    for (int i = 0; i < p->count; i++)
        if (strcmp(p->entries[i].key, key) == 0) return &p->entries[i];
    return NULL;
}

int rb_learn_progress_stars(const rb_learn_progress *p, const char *chapter, const char *stage)
{
    char key[2 * RB_LEARN_ID_MAX];
    if (!make_key(key, chapter, stage)) return 0;
    rb_learn_progress_entry *e = find((rb_learn_progress *)p, key);
    return e ? e->stars : 0;
}

static void set_stars(rb_learn_progress *p, const char *key, int stars)
{
    rb_learn_progress_entry *e = find(p, key);
    if (e == NULL) {
        if (p->count == RB_LEARN_PROGRESS_MAX) return;
        e = &p->entries[p->count++];
        strcpy(e->key, key);
        e->stars = 0;
    }
    if (stars > e->stars) e->stars = stars;
}

void rb_learn_progress_record(rb_learn_progress *p, const char *chapter, const char *stage, int stars)
{
    char key[2 * RB_LEARN_ID_MAX];
    if (stars < 1 || stars > 3 || !make_key(key, chapter, stage)) return;
    set_stars(p, key, stars);
    strcpy(p->last, key);
}

void rb_learn_progress_visit(rb_learn_progress *p, const char *chapter, const char *stage)
{
    char key[2 * RB_LEARN_ID_MAX];
    if (make_key(key, chapter, stage)) strcpy(p->last, key);
}

/* "chapter/stage", each part an id as lesson files allow. */
static bool valid_key(const char *s, size_t n)
{
    if (n == 0 || n >= 2 * RB_LEARN_ID_MAX) return false;
    int slashes = 0;
    size_t part = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '/') {
            if (part == 0) return false;
            slashes++;
            part = 0;
        } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') {
            if (++part >= RB_LEARN_ID_MAX) return false;
        } else {
            return false;
        }
    }
    return slashes == 1 && part > 0;
}

typedef struct problems {
    int count;
    const char *name;
    char *err;
    size_t errlen;
} problems;

static void problem(problems *pr, int line, const char *fmt, ...)
{
    if (pr->count++ == 0 && pr->err && pr->errlen) {
        char msg[200];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        snprintf(pr->err, pr->errlen, "%s:%d: %s", pr->name, line, msg);
    }
}

int rb_learn_progress_parse(rb_learn_progress *p, const char *text, size_t len, const char *name,
                            char *err, size_t errlen)
{
    problems pr = {0, name ? name : "(progress)", err, errlen};
    rb_learn_progress_clear(p);
    if (err && errlen) err[0] = 0;
    const char *cur = text, *end = text + len;
    int line = 0;
    while (cur < end) {
        const char *nl = memchr(cur, '\n', (size_t)(end - cur));
        const char *e = nl ? nl : end;
        const char *next = nl ? nl + 1 : end;
        line++;
        if (e > cur && e[-1] == '\r') e--;
        size_t n = (size_t)(e - cur);
        if (line == 1) {
            if (n != strlen(header) || memcmp(cur, header, n) != 0) {
                problem(&pr, 1, "not a lessons progress file (it should start with '%s'); starting afresh", header);
                rb_learn_progress_clear(p);
                return pr.count;
            }
        } else if (n == 0) {
            /* blank lines are harmless */
        } else if (n > 6 && memcmp(cur, "stars ", 6) == 0) {
            const char *k = cur + 6;
            const char *sp = memchr(k, ' ', (size_t)(e - k));
            if (sp && valid_key(k, (size_t)(sp - k)) && e - sp == 2 && sp[1] >= '1' && sp[1] <= '3') {
                char key[2 * RB_LEARN_ID_MAX];
                memcpy(key, k, (size_t)(sp - k));
                key[sp - k] = 0;
                if (p->count < RB_LEARN_PROGRESS_MAX || find(p, key)) set_stars(p, key, sp[1] - '0');
                else problem(&pr, line, "more than %d stages recorded; the rest are dropped", RB_LEARN_PROGRESS_MAX);
            } else {
                problem(&pr, line, "expected 'stars CHAPTER/STAGE N' with N from 1 to 3; the line is dropped");
            }
        } else if (n > 5 && memcmp(cur, "last ", 5) == 0 && valid_key(cur + 5, n - 5)) {
            memcpy(p->last, cur + 5, n - 5);
            p->last[n - 5] = 0;
        } else {
            problem(&pr, line, "not a line of a progress file; it is dropped");
        }
        cur = next;
    }
    if (line == 0) problem(&pr, 1, "the file is empty; starting afresh");
    return pr.count;
}

size_t rb_learn_progress_format(const rb_learn_progress *p, char *buf, size_t len)
{
    size_t need = 0;
    int n = snprintf(buf, len, "%s\n", header);
    need += (size_t)n;
    for (int i = 0; i < p->count; i++) {
        size_t room = need < len ? len - need : 0;
        n = snprintf(room ? buf + need : NULL, room, "stars %s %d\n", p->entries[i].key, p->entries[i].stars);
        need += (size_t)n;
    }
    if (p->last[0]) {
        size_t room = need < len ? len - need : 0;
        n = snprintf(room ? buf + need : NULL, room, "last %s\n", p->last);
        need += (size_t)n;
    }
    return need;
}

#define PROGRESS_FILE_MAX (64 * 1024)

int rb_learn_progress_load(rb_learn_progress *p, const char *path, char *err, size_t errlen)
{
    rb_learn_progress_clear(p);
    if (err && errlen) err[0] = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) return 0; /* no progress yet */
    char *buf = malloc(PROGRESS_FILE_MAX + 1);
    if (buf == NULL) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return 1;
    }
    size_t n = fread(buf, 1, PROGRESS_FILE_MAX + 1, f);
    bool bad = ferror(f);
    fclose(f);
    int rc;
    if (bad) {
        snprintf(err, errlen, "%s: cannot be read; starting afresh", path);
        rc = 1;
    } else {
        /* An overlong file is read up to its limit: its first lines are the
         * ones written by us, the rest cannot be. */
        rc = rb_learn_progress_parse(p, buf, n > PROGRESS_FILE_MAX ? PROGRESS_FILE_MAX : n, path, err, errlen);
        if (n > PROGRESS_FILE_MAX && rc == 0) {
            snprintf(err, errlen, "%s: larger than a progress file can be; only its start is read", path);
            rc = 1;
        }
    }
    free(buf);
    return rc;
}

int rb_learn_progress_save(const rb_learn_progress *p, const char *path, char *err, size_t errlen)
{
    size_t need = rb_learn_progress_format(p, NULL, 0);
    char *buf = malloc(need + 1);
    if (buf == NULL) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    rb_learn_progress_format(p, buf, need + 1);
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 8);
    if (tmp == NULL) {
        free(buf);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".new", 5);
    FILE *f = fopen(tmp, "wb");
    int rc = 0;
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot be written", tmp);
        rc = -1;
    } else {
        bool ok = fwrite(buf, 1, need, f) == need;
        ok = fflush(f) == 0 && ok;
        ok = fclose(f) == 0 && ok;
        if (!ok || rename(tmp, path) != 0) {
            snprintf(err, errlen, "%s: cannot be written", path);
            remove(tmp);
            rc = -1;
        }
    }
    free(tmp);
    free(buf);
    return rc;
}
