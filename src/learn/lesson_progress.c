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
 * What is wrong is a message (rb_message.h), so that the game can say it in
 * the player's language; the char *err forms write its English.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_learn.h"
#include "rb_util_assert.h"

static const char header[] = "rollerball-lessons 1";

void rb_learn_progress_clear(rb_learn_progress *p)
{
    memset(p, 0, sizeof *p);
}

static bool make_key(char *key, const char *chapter, const char *stage)
{
    RB_ASSERT_MSG(chapter != NULL && stage != NULL, "a stage's chapter and stage ids");
    int n = snprintf(key, 2 * RB_LEARN_ID_MAX, "%s/%s", chapter, stage);
    return n > 0 && n < 2 * RB_LEARN_ID_MAX;
}

static rb_learn_progress_entry *find(rb_learn_progress *p, const char *key)
{
    for (int i = 0; i < p->count; i++) {
        if (strcmp(p->entries[i].key, key) == 0) {
            return &p->entries[i];
        }
    }
    return NULL;
}

int rb_learn_progress_stars(const rb_learn_progress *p, const char *chapter, const char *stage)
{
    char key[2 * RB_LEARN_ID_MAX];
    if (!make_key(key, chapter, stage)) {
        return 0;
    }
    rb_learn_progress_entry *e = find((rb_learn_progress *)p, key);
    return e ? e->stars : 0;
}

static void set_stars(rb_learn_progress *p, const char *key, int stars)
{
    RB_ASSERT(p->count >= 0 && p->count <= RB_LEARN_PROGRESS_MAX);
    rb_learn_progress_entry *e = find(p, key);
    if (e == NULL) {
        if (p->count == RB_LEARN_PROGRESS_MAX) {
            return;
        }
        e = &p->entries[p->count++];
        strcpy(e->key, key);
        e->stars = 0;
    }
    if (stars > e->stars) {
        e->stars = stars;
    }
}

void rb_learn_progress_record(rb_learn_progress *p, const char *chapter, const char *stage, int stars)
{
    char key[2 * RB_LEARN_ID_MAX];
    if (stars < 1 || stars > 3 || !make_key(key, chapter, stage)) {
        return;
    }
    set_stars(p, key, stars);
    strcpy(p->last, key);
}

void rb_learn_progress_visit(rb_learn_progress *p, const char *chapter, const char *stage)
{
    char key[2 * RB_LEARN_ID_MAX];
    if (make_key(key, chapter, stage)) {
        strcpy(p->last, key);
    }
}

/* "chapter/stage", each part an id as lesson files allow. */
static bool valid_key(const char *s, size_t n)
{
    if (n == 0 || n >= 2 * RB_LEARN_ID_MAX) {
        return false;
    }
    int slashes = 0;
    size_t part = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '/') {
            if (part == 0) {
                return false;
            }
            slashes++;
            part = 0;
        } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') {
            if (++part >= RB_LEARN_ID_MAX) {
                return false;
            }
        } else {
            return false;
        }
    }
    return slashes == 1 && part > 0;
}

typedef struct problems {
    int count;
    rb_message *why; /* the first problem, or NULL */
    int *line;       /* its line, or NULL */
} problems;

/* Counts a problem at line; true for the first, which the caller then
 * says in pr->why (a NULL message is ignored by its builders). */
static bool problem(problems *pr, int line)
{
    if (pr->count++ > 0) {
        return false;
    }
    if (pr->line) {
        *pr->line = line;
    }
    return true;
}

int rb_learn_progress_parse_why(rb_learn_progress *p, const char *text, size_t len, rb_message *why, int *line_of)
{
    problems pr = {0, why, line_of};
    rb_learn_progress_clear(p);
    rb_message_clear(why);
    if (line_of) {
        *line_of = 0;
    }
    const char *cur = text, *end = text + len;
    int line = 0;
    while (cur < end) {
        const char *nl = memchr(cur, '\n', (size_t)(end - cur));
        const char *e = nl ? nl : end;
        const char *next = nl ? nl + 1 : end;
        line++;
        if (e > cur && e[-1] == '\r') {
            e--;
        }
        size_t n = (size_t)(e - cur);
        if (line == 1) {
            if (n != strlen(header) || memcmp(cur, header, n) != 0) {
                if (problem(&pr, 1)) {
                    rb_message_set(why, RB_MSG_("not a lessons progress file (it should start with '%1$s'); "
                                                "starting afresh"));
                    rb_message_add(why, "%s", header);
                }
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
                if (p->count < RB_LEARN_PROGRESS_MAX || find(p, key)) {
                    set_stars(p, key, sp[1] - '0');
                } else if (problem(&pr, line)) {
                    rb_message_set(why, RB_MSG_("more than %1$s stages recorded; the rest are dropped"));
                    rb_message_add(why, "%d", RB_LEARN_PROGRESS_MAX);
                }
            } else if (problem(&pr, line)) {
                rb_message_set(why, RB_MSG_("expected 'stars CHAPTER/STAGE N' with N from 1 to 3; "
                                            "the line is dropped"));
            }
        } else if (n > 5 && memcmp(cur, "last ", 5) == 0 && valid_key(cur + 5, n - 5)) {
            memcpy(p->last, cur + 5, n - 5);
            p->last[n - 5] = 0;
        } else if (problem(&pr, line)) {
            rb_message_set(why, RB_MSG_("not a line of a progress file; it is dropped"));
        }
        cur = next;
    }
    if (line == 0 && problem(&pr, 1)) {
        rb_message_set(why, RB_MSG_("the file is empty; starting afresh"));
    }
    return pr.count;
}

/* The English of a file's message into err, as "name: ..." or "name:line: ...". */
static void english(const char *name, int line, const rb_message *why, char *err, size_t errlen)
{
    if (err && errlen) {
        rb_message_file_text(name, line, why, NULL, NULL, err, errlen);
    }
}

int rb_learn_progress_parse(rb_learn_progress *p, const char *text, size_t len, const char *name, char *err,
                            size_t errlen)
{
    rb_message why;
    int line;
    if (err && errlen) {
        err[0] = 0;
    }
    int count = rb_learn_progress_parse_why(p, text, len, &why, &line);
    if (count > 0) {
        english(name ? name : "(progress)", line, &why, err, errlen);
    }
    return count;
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

int rb_learn_progress_load_why(rb_learn_progress *p, const char *path, rb_message *why, int *line)
{
    rb_learn_progress_clear(p);
    rb_message_clear(why);
    if (line) {
        *line = 0;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return 0; /* no progress yet */
    }
    char *buf = malloc(PROGRESS_FILE_MAX + 1);
    if (buf == NULL) {
        fclose(f);
        rb_message_set(why, RB_MSG_("out of memory"));
        return 1;
    }
    size_t n = fread(buf, 1, PROGRESS_FILE_MAX + 1, f);
    bool bad = ferror(f);
    fclose(f);
    int rc;
    if (bad) {
        rb_message_set(why, RB_MSG_("cannot be read; starting afresh"));
        rc = 1;
    } else {
        /* An overlong file is read up to its limit: its first lines are the
         * ones written by us, the rest cannot be. */
        rc = rb_learn_progress_parse_why(p, buf, n > PROGRESS_FILE_MAX ? PROGRESS_FILE_MAX : n, why, line);
        if (n > PROGRESS_FILE_MAX && rc == 0) {
            rb_message_set(why, RB_MSG_("larger than a progress file can be; only its start is read"));
            rc = 1;
        }
    }
    free(buf);
    return rc;
}

int rb_learn_progress_load(rb_learn_progress *p, const char *path, char *err, size_t errlen)
{
    rb_message why;
    int line;
    if (err && errlen) {
        err[0] = 0;
    }
    int rc = rb_learn_progress_load_why(p, path, &why, &line);
    if (rc != 0) {
        english(path, line, &why, err, errlen);
    }
    return rc;
}

int rb_learn_progress_save_why(const rb_learn_progress *p, const char *path, rb_message *why)
{
    rb_message_clear(why);
    size_t need = rb_learn_progress_format(p, NULL, 0);
    char *buf = malloc(need + 1);
    if (buf == NULL) {
        rb_message_set(why, RB_MSG_("out of memory"));
        return -1;
    }
    rb_learn_progress_format(p, buf, need + 1);
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 8);
    if (tmp == NULL) {
        free(buf);
        rb_message_set(why, RB_MSG_("out of memory"));
        return -1;
    }
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".new", 5);
    FILE *f = fopen(tmp, "wb");
    int rc = 0;
    if (f == NULL) {
        /* The copy beside it cannot be made: for the person, the file
         * cannot be written (its folder is the one to look at). */
        rb_message_set(why, RB_MSG_("cannot be written"));
        rc = -1;
    } else {
        bool ok = fwrite(buf, 1, need, f) == need;
        ok = fflush(f) == 0 && ok;
        ok = fclose(f) == 0 && ok;
        if (!ok || rename(tmp, path) != 0) {
            rb_message_set(why, RB_MSG_("cannot be written"));
            remove(tmp);
            rc = -1;
        }
    }
    free(tmp);
    free(buf);
    return rc;
}

int rb_learn_progress_save(const rb_learn_progress *p, const char *path, char *err, size_t errlen)
{
    rb_message why;
    int rc = rb_learn_progress_save_why(p, path, &why);
    if (rc != 0) {
        english(path, 0, &why, err, errlen);
    }
    return rc;
}
