/*
 * lesson_set.c - every chapter of a folder, found by number, listed as text.
 *
 * Chapters are numbered by the order of their file names (01-board.lesson,
 * 02-king.lesson, ...), stages by their order in the file: "3.2" is what a
 * person types after --learn and what --list-lessons prints. A file that
 * does not read costs its own chapter and leaves one message; the other
 * chapters, and the game, carry on.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_learn.h"
#include "rb_util_assert.h"
#include "rb_util_words.h"

#define MAX_FILE_BYTES (1 << 20)
#define MAX_CHAPTERS 64

static char *copy_of(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (copy != NULL) {
        memcpy(copy, text, n);
    }
    return copy;
}

/* Adds a problem with file, at line: why, or (NULL) the English msg alone,
 * a problem inside a lesson. msg NULL: the English of why. */
static int add_error(rb_learn_set *set, const char *file, int line, const rb_message *why, const char *msg)
{
    char english[RB_LEARN_ERROR_MAX];
    if (msg == NULL) {
        rb_message_file_text(file, line, why, NULL, NULL, english, sizeof english);
        msg = english;
    }
    char **grown = realloc(set->errors, (size_t)(set->nerrors + 1) * sizeof *grown);
    if (grown == NULL) {
        return -1;
    }
    set->errors = grown;
    rb_learn_problem *more = realloc(set->problems, (size_t)(set->nerrors + 1) * sizeof *more);
    if (more == NULL) {
        return -1;
    }
    set->problems = more;
    char *copy = copy_of(msg), *name = copy_of(file);
    if (copy == NULL || name == NULL) {
        free(copy);
        free(name);
        return -1;
    }
    rb_learn_problem *p = &set->problems[set->nerrors];
    p->file = name;
    p->line = line;
    rb_message_clear(&p->why);
    if (why != NULL) {
        p->why = *why;
    }
    set->errors[set->nerrors++] = copy;
    return 0;
}

/* The whole file into a new buffer; NULL with the problem in why. */
static char *read_file(const char *path, size_t *len, rb_message *why)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        rb_message_set(why, RB_MSG_("cannot be opened"));
        return NULL;
    }
    char *buf = malloc(MAX_FILE_BYTES + 1);
    size_t n = buf ? fread(buf, 1, MAX_FILE_BYTES + 1, f) : 0;
    bool bad = ferror(f);
    fclose(f);
    if (buf == NULL) {
        rb_message_set(why, RB_MSG_("out of memory"));
        return NULL;
    }
    if (bad || n > MAX_FILE_BYTES) {
        rb_message_set(why, bad ? RB_MSG_("cannot be read") : RB_MSG_("larger than a lesson file can be (1 MiB)"));
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_lesson_name(const char *name)
{
    size_t n = strlen(name);
    return n > 7 && name[0] != '.' && strcmp(name + n - 7, ".lesson") == 0;
}

int rb_learn_load_dir(const char *dir, rb_learn_set *set, char *err, size_t errlen)
{
    rb_message why;
    if (rb_learn_load_dir_why(dir, set, &why) == 0) {
        return 0;
    }
    if (err && errlen) {
        rb_message_file_text(dir, 0, &why, NULL, NULL, err, errlen);
    }
    return -1;
}

int rb_learn_load_dir_why(const char *dir, rb_learn_set *set, rb_message *why)
{
    memset(set, 0, sizeof *set);
    rb_message_clear(why);
    DIR *d = opendir(dir);
    if (d == NULL) {
        rb_message_set(why, RB_MSG_("the lessons folder cannot be opened"));
        return -1;
    }
    char *names[MAX_CHAPTERS];
    int nnames = 0;
    struct dirent *e;
    bool too_many = false;
    while ((e = readdir(d)) != NULL) {
        if (!is_lesson_name(e->d_name)) {
            continue;
        }
        if (nnames == MAX_CHAPTERS) {
            too_many = true;
            continue;
        }
        size_t n = strlen(e->d_name) + 1;
        names[nnames] = malloc(n);
        if (names[nnames] == NULL) {
            continue;
        }
        memcpy(names[nnames++], e->d_name, n);
    }
    closedir(d);
    qsort(names, (size_t)nnames, sizeof names[0], by_name);
    set->chapters = calloc(nnames ? (size_t)nnames : 1, sizeof *set->chapters);
    char msg[RB_LEARN_ERROR_MAX];
    rb_message problem;
    if (too_many) {
        rb_message_set(&problem, RB_MSG_("more than %1$s lesson files; the rest are left out"));
        rb_message_add(&problem, "%d", MAX_CHAPTERS);
        add_error(set, dir, 0, &problem, NULL);
    }
    for (int i = 0; i < nnames; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len = 0;
        rb_message_set(&problem, RB_MSG_("out of memory"));
        char *text = set->chapters ? read_file(path, &len, &problem) : NULL;
        if (text != NULL) {
            rb_learn_chapter *c = &set->chapters[set->nchapters];
            if (rb_learn_parse_chapter(text, len, path, true, c, msg, sizeof msg) == 0) {
                bool dup = false;
                for (int k = 0; k < set->nchapters; k++) {
                    dup = dup || strcmp(set->chapters[k].id, c->id) == 0;
                }
                if (dup) {
                    rb_message_set(&problem, RB_MSG_("chapter id '%1$s' is already used by another file"));
                    rb_message_add(&problem, "%s", c->id);
                    rb_learn_chapter_free(c);
                    add_error(set, path, 1, &problem, NULL);
                } else {
                    set->nchapters++;
                }
            } else {
                add_error(set, path, 0, NULL, msg); /* the lesson's own problem, for its author */
            }
            free(text);
        } else {
            add_error(set, path, 0, &problem, NULL);
        }
        free(names[i]);
    }
    return 0;
}

void rb_learn_set_free(rb_learn_set *set)
{
    for (int i = 0; i < set->nchapters; i++) {
        rb_learn_chapter_free(&set->chapters[i]);
    }
    free(set->chapters);
    for (int i = 0; i < set->nerrors; i++) {
        free(set->errors[i]);
        free(set->problems[i].file);
    }
    free(set->errors);
    free(set->problems);
    memset(set, 0, sizeof *set);
}

const rb_learn_stage *rb_learn_find(const rb_learn_set *set, int chapter, int stage)
{
    /* Numbers out of range are no contract: they come from what a person
     * typed, and find nothing. */
    RB_ASSERT(set != NULL && (set->chapters != NULL || set->nchapters == 0));
    if (chapter < 1 || chapter > set->nchapters) {
        return NULL;
    }
    const rb_learn_chapter *c = &set->chapters[chapter - 1];
    if (stage < 1 || stage > c->nstages) {
        return NULL;
    }
    return &c->stages[stage - 1];
}

static bool read_number(const char **s, int *out)
{
    int v = 0, n = 0;
    while (**s >= '0' && **s <= '9' && n < 4) {
        v = v * 10 + (**s - '0');
        (*s)++;
        n++;
    }
    *out = v;
    return n > 0 && !(**s >= '0' && **s <= '9');
}

int rb_learn_parse_ref(const char *text, int *chapter, int *stage)
{
    RB_ASSERT(text != NULL && chapter != NULL && stage != NULL);
    int c, s;
    if (!read_number(&text, &c) || *text++ != '.' || !read_number(&text, &s) || *text != 0) {
        return -1;
    }
    if (c < 1 || s < 1) {
        return -1;
    }
    *chapter = c;
    *stage = s;
    return 0;
}

static void put_squares(rb_words *t, rb_bb set)
{
    bool first = true;
    for (int file = 0; file < RB_NFILES; file++) {
        for (int rank = 0; rank < RB_NRANKS; rank++) {
            int sq = rb_sq_at(file, rank);
            if (sq < 0 || !((set >> sq) & 1)) {
                continue;
            }
            rb_words_put(t, "%s%s", first ? " " : ",", rb_sq_name(sq));
            first = false;
        }
    }
}

size_t rb_learn_goal_text(const rb_learn_goal *g, char *buf, size_t len)
{
    rb_words t = {buf, len, 0};
    if (len) {
        buf[0] = 0;
    }
    switch (g->kind) {
    case RB_GOAL_COLLECT:
        rb_words_put(&t, "collect");
        put_squares(&t, g->squares);
        break;
    case RB_GOAL_CAPTURE_ALL: rb_words_put(&t, "capture-all"); break;
    case RB_GOAL_MATE: rb_words_put(&t, "mate %d", g->limit); break;
    case RB_GOAL_THRONE: rb_words_put(&t, "throne %d", g->limit); break;
    case RB_GOAL_ESCAPE_CHECK: rb_words_put(&t, "escape-check"); break;
    case RB_GOAL_PROMOTE:
        rb_words_put(&t, "promote%s", g->promo == RB_ROOK ? " rook" : g->promo == RB_BISHOP ? " bishop" : "");
        break;
    case RB_GOAL_SAFE_SQUARE:
        rb_words_put(&t, "safe-square");
        put_squares(&t, g->squares);
        break;
    case RB_GOAL_STALEMATE: rb_words_put(&t, "stalemate"); break;
    case RB_GOAL_REPETITION: rb_words_put(&t, "repetition"); break;
    default: rb_words_put(&t, "?"); break;
    }
    return t.need;
}

size_t rb_learn_list(const rb_learn_set *set, char *buf, size_t len)
{
    rb_words t = {buf, len, 0};
    if (len) {
        buf[0] = 0;
    }
    for (int c = 0; c < set->nchapters; c++) {
        const rb_learn_chapter *ch = &set->chapters[c];
        for (int s = 0; s < ch->nstages; s++) {
            char goal[RB_NSQ * 3 + 32];
            rb_learn_goal_text(&ch->stages[s].goal, goal, sizeof goal);
            rb_words_put(&t, "%d.%d\t%s\t%s\n", c + 1, s + 1, ch->stages[s].title, goal);
        }
    }
    return t.need;
}
